"""Probe set B for rules written informally (issue 11), written after the extractor was
changed and run once (`docs/chat-seven.md` has that first figure): new wording, a new desk (a
community tool library, kebab-case), and the vet, bike and tutor desks of set A. The cases
and their verdicts are as in `tests/test_chat7_probe_a.py`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import flat
from tests.probes import spec as _tool
from tests.test_chat7_probe_a import DESKS, Expected, Held, Note, Rule, found, params, verdict
from tests.test_chat7_probe_a import main as probe_a_main

LIBRARY = [
    _tool("get-member", "Read a member: standing (good, late or suspended).", member_id="string"),
    _tool("find-member", "Find a member by email.", email="string"),
    _tool("lend-tool", "Lend a tool to a member.", member_id="string", tool_id="string",
          days=("integer", "Loan length in days.")),
    _tool("extend-loan", "Extend a loan.", loan_id="string", days=("integer", "Extra days.")),
    _tool("charge-fee", "Charge a member a fee.", member_id="string",
          amount=("number", "Fee in USD.")),
    _tool("waive-fee", "Waive a fee.", fee_id="string", amount=("number", "Amount in USD.")),
    _tool("return-tool", "Record a returned tool.", loan_id="string"),
]  # fmt: skip
B_DESKS = {**DESKS, "library": LIBRARY}

B_CASES: list[tuple[str, str, Expected]] = [
    ("library", "suspended members = no lending",
     Rule("state_condition", "lend-tool", {"field": "standing", "denied": ["suspended"]})),
    ("library", "fee waivers >$25 -> ask me first",
     Rule("review_required", "waive-fee", {}, enforced=False)),
    ("library", "loans max 14 days",
     Rule("arg_within_bound", "lend-tool", {"arg": "days", "max": 14})),
    ("library", "always find-member b4 lend-tool",
     Rule("require_before", "lend-tool", {"before": "find-member"})),
    ("library", "⚠️ don't ever extend a loan for late members",
     Rule("state_condition", "extend-loan", {"field": "standing", "denied": ["late"]})),
    ("library", "extensions need the member's ok first",
     Rule("require_confirmation", "extend-loan", {})),
    ("library", "no fees unless i say so", Held("charge-fee")),
    ("library", "late members -> no new loans",
     Rule("state_condition", "lend-tool", {"field": "standing", "denied": ["late"]})),
    ("vet", "no prescribing w/o the owner's ok",
     Rule("require_confirmation", "prescribe_drug", {})),
    ("vet", "refunds need my ok if over $75",
     Rule("review_required", "refund_payment", {}, enforced=False)),
    ("bike", "never closeRepair w/o getRepair first",
     Rule("require_before", "closeRepair", {"before": "getRepair"})),
    ("bike", "ordering parts -> customer's ok first",
     Rule("require_confirmation", "orderParts", {})),
    ("bike", "refunds: €60 max!!",
     Rule("arg_within_bound", "issueRefund", {"arg": "amount", "max": 60})),
    ("tutor", "sessions = 3 hrs max",
     Rule("arg_within_bound", "tutor.session.Book", {"arg": "hours", "max": 3})),
    ("tutor", "refunds need the owner's ok", Note()),
    # --- look-alikes: no enforced policy ---
    ("library", "hey all 👋 welcome to the tool library desk", None),
    ("library", "members luv the new drills lol", None),
    ("bike", "fyi repairs take 3 days max usually", None),
]  # fmt: skip

# Cases of set B not right. At its one run (the figure, docs/chat-seven.md) 10 of 18 were
# exact, none wrong: {1, 2, 3, 4, 5, 7, 8, 12} failed; 3, 8 and 12 were mended after it (a
# kebab-case id where a verb belongs, "no V-ing w/o ...", "X: AMT max").
B_XFAIL: set[int] = {1, 2, 4, 5, 7}


@pytest.mark.parametrize(("desk", "text", "expected"), params(B_CASES, B_XFAIL))
def test_probe_b(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    policies, notes = found(tmp_path, B_DESKS, desk, text)
    assert verdict(policies, notes, expected) == "exact", [
        (p.operator, p.target, p.enforcement, flat(p)) for p in policies
    ]


def main() -> None:  # pragma: no cover - a figure for the doc
    probe_a_main(B_CASES, B_DESKS)


if __name__ == "__main__":  # pragma: no cover
    main()

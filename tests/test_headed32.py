"""Session 32: lines under a tool's own heading or manual-page entry read with that tool as
their subject (`specgap.extract.headed32`), "`t` is preceded by `s`" / "`t` follows `s`" read
as the order they say (`tool_subject19`), with "on the same X" binding the entity
(`order_same`). Sentences written for these tests, in a made-up library desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

TOOLS = [
    T("find_member", "Finds a member.", email="string"),
    T("get_loan", "Reads a loan: status (open, overdue, returned or lost).", loan_id="string"),
    T("renew_loan", "Renews a loan for two weeks.", loan_id="string"),
    T("charge_fine", "Charges a member's fine to their card.", loan_id="string", amount="number"),
    T("notify_member", "Sends a templated notice.", member_id="string", template="string"),
]
TOOLS[-1]["function"]["parameters"]["properties"]["template"]["enum"] = [
    "due_soon",
    "final_notice",
    "receipt",
]

MANUAL = """LIBDESK(7)

RULES
       renew_loan
              Preceded by get_loan on the same loan.
              Permitted for a loan at open status, never on lost; twice per loan at most.
       charge_fine
              Follows get_loan on the same loan.
              At most £40.
       notify_member
              Templates due_soon and final_notice only.
"""

HEADINGS = """## renew_loan

- Preceded by get_loan on the same loan.
- Permitted for a loan at open status, never on lost; twice per loan at most.

## charge_fine

- Follows get_loan on the same loan.
- At most £40.

## notify_member

- Templates due_soon and final_notice only.
"""


@pytest.mark.parametrize("text", [MANUAL, HEADINGS], ids=["manual", "headings"])
def test_lines_under_a_tool_are_the_tools(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(
        policies,
        "require_before",
        "renew_loan",
        "enforce",
        before="get_loan",
        same={"arg": "loan_id"},
    ), shown(policies)
    assert has_policy(
        policies,
        "require_before",
        "charge_fine",
        "enforce",
        before="get_loan",
        same={"arg": "loan_id"},
    ), shown(policies)
    assert has_policy(policies, "state_condition", "renew_loan", "enforce", allowed=["open"])
    assert has_policy(policies, "max_calls", "renew_loan", "enforce", max=2, per="loan")
    assert has_policy(policies, "arg_within_bound", "charge_fine", "enforce", arg="amount", max=40)
    assert has_policy(
        policies,
        "resource_in_allowlist",
        "notify_member",
        "enforce",
        allowed=["due_soon", "final_notice"],
    ), shown(policies)


def test_a_plural_noun_is_no_verb_of_the_tool(tmp_path: Path) -> None:
    text = "## renew_loan\n\n- Members on the waiting list come first.\n"
    policies = desk_policies(tmp_path, text, TOOLS)
    assert not [p for p in policies if p.target == "renew_loan"], shown(policies)


def test_the_thing_a_description_says_was_read_first_is_the_same(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    tools = [*TOOLS]
    tools[2] = T(
        "renew_loan",
        "Renews a loan for two weeks. The loan must have been read with get_loan first.",
        loan_id="string",
    )
    built = build_prompt(tmp_path, "# Desk\n\nBe kind.\n", tools)
    assert has_policy(
        built.policies, "require_before", "renew_loan", "enforce",
        before="get_loan", same={"arg": "loan_id"},
    ), shown(built.policies)  # fmt: skip

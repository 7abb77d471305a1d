"""Probe set B of the tool-id styles and config blocks (docs/ids-seven.md): written by
`hids5` on 2026-12-02 after the work on `ids7_config` / `ids7_respell` was done, in new
wording and two new made-up domains (a print shop's order desk with `server__tool` ids, a
scaffolding hire desk with kebab-case ids), and run once; its figure is the one the doc
gives, and the cases that failed on that run are marked strict xfail below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, spec, tally
from tests.test_probe_c import outcome

PRINT = [
    spec("orders__find_order", "Find a print order.", order_id="string"),
    spec("orders__create_job", "Create a print job.", customer_id="string", paper="string",
         copies="integer"),
    spec("proofs__send_proof", "Send a proof for approval.", job_id="string",
         recipients="array"),
    spec("billing__charge_card", "Charge the customer's card.", job_id="string",
         amount="number"),
    spec("billing__issue_credit", "Issue a credit note.", job_id="string", amount="number"),
    spec("ship__book_courier", "Book a courier.", job_id="string", address="string"),
]  # fmt: skip

HIRE = [
    spec("lookup-site", "Find a building site by its code.", site_code="string"),
    spec("quote-hire", "Quote a scaffold hire.", site_code="string", weeks="integer"),
    spec("confirm-hire", "Confirm a quoted hire.", quote_id="string", start_date="string"),
    spec("extend-hire", "Extend a hire.", hire_id="string", weeks="integer"),
    spec("collect-equipment", "Book the collection of the scaffold.", hire_id="string",
         date="string"),
    spec("refund-bond", "Refund the hire bond.", hire_id="string", amount="number"),
]  # fmt: skip


def _yaml(body: str) -> str:
    return f"```yaml\n{body}```\n"


Case = tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]
CASES: list[Case] = [
    ("b-srv-before", PRINT, "Before orders__create_job, look the order up with orders__find_order.",
     ("require_before", "orders__create_job", {"before": "orders__find_order"})),
    ("b-srv-origin", PRINT,
     "The job id handed to billing__charge_card has to come from orders__create_job.",
     ("arg_grounded", "billing__charge_card",
      {"arg": "job_id", "from_tools": ["orders__create_job"]})),
    ("b-srv-once", PRINT, "billing__issue_credit may be used at most once per conversation.",
     ("max_calls", "billing__issue_credit", {"max": 1})),
    ("b-srv-yes", PRINT, "Get the customer's explicit yes before ship__book_courier.",
     ("require_confirmation", "ship__book_courier", {})),
    ("b-keb-origin", HIRE,
     "The quote id given to confirm-hire must be one that quote-hire produced.",
     ("arg_grounded", "confirm-hire", {"arg": "quote_id", "from_tools": ["quote-hire"]})),
    ("b-keb-before", HIRE, "Run lookup-site before you call quote-hire.",
     ("require_before", "quote-hire", {"before": "lookup-site"})),
    ("b-keb-twice", HIRE, "Do not call refund-bond more than twice in one chat.",
     ("max_calls", "refund-bond", {"max": 2})),
    ("b-keb-check", HIRE, "Check with the customer before calling extend-hire.",
     ("require_confirmation", "extend-hire", {})),
    ("b-cfg-weeks", HIRE, _yaml("limits:\n  quote-hire.weeks: {min: 1, max: 26}\n"),
     ("arg_within_bound", "quote-hire", {"arg": "weeks", "min": 1, "max": 26})),
    ("b-cfg-parallel", PRINT, _yaml("tools:\n  parallel_tool_calls: false\n"),
     ("one_call_at_a_time", "*", {})),
    ("b-cfg-guards", PRINT, _yaml("guards:\n  requires_confirmation: [billing__issue_credit]\n"),
     ("require_confirmation", "billing__issue_credit", {})),
    ("b-cfg-items", PRINT, _yaml("proofs__send_proof.recipients: {maxItems: 4}\n"),
     ("arg_count_bound", "proofs__send_proof", {"arg": "recipients", "max": 4})),
    # look-alikes: no enforced policy
    ("bx-fact", PRINT, "orders__find_order also shows the paper stock on hand.", None),
    ("bx-model", PRINT, _yaml("model:\n  name: small\n  temperature: 0.3\n"), None),
    ("bx-hyphen", HIRE, "The yard sends a follow-up letter after each collection.", None),
]  # fmt: skip

# the first run (2026-12-02, 13:53 UTC): 11 of the 12 rules exact, none wrong, the 3
# look-alikes clean; a list of tools to confirm under a group named `guards` is not read
_OPEN: frozenset[str] = frozenset({"b-cfg-guards"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_ids7_probe_b(tmp_path: Path, case: Case) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

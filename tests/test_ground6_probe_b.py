"""Probe set B for `arg_grounded` (hground6): 25 sentences written after the session's code
was done, in new wording, over a new made-up domain (a community tool library with
snake_case ids) and two of set A's (the laundry pickup service, camelCase; the climbing
gym, dotted ids). Run once (`python -m tests.test_ground6_probe_b`); that first figure is the
figure (docs/grounding-six.md), and the cases that failed then are marked xfail(strict)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import report
from tests.test_grammar import _tool
from tests.test_ground6_probe_a import CLIMB, LAUNDRY, Exp, _a, _t, _u, run

TOOLS = [
    _tool("find_borrower", "Find a borrower by library card number.", card_number="string"),
    _tool("search_tools", "Search the tool catalogue by keyword.", keyword="string"),
    _tool("lend_tool", "Lend a tool to a borrower.", borrower_id="string", tool_id="string",
          return_date="string"),
    _tool("get_loan", "Get a loan with its tool and due date.", loan_id="string"),
    _tool("extend_loan", "Extend a loan.", loan_id="string", weeks="integer"),
    _tool("report_broken", "Report a broken tool.", tool_id="string", fault="string"),
    _tool("update_borrower", "Change a borrower's postal address.", borrower_id="string",
          postal_address="string"),
]  # fmt: skip

G = "arg_grounded"
BORROWER_TOOLS = ("lend_tool", "update_borrower")

CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    ("t-card-typed", "imperative", TOOLS,
     "Search borrowers only by a card number the borrower has typed into the chat.",
     [(G, "find_borrower", _u("card_number"))]),
    ("t-tool-ids-catalogue", "noun, no verb", TOOLS,
     "Tool ids must always be taken from search_tools results.",
     [(G, t, _t("tool_id", "search_tools")) for t in ("lend_tool", "report_broken")]),
    ("t-loan-label", "label: value", TOOLS,
     "Loan ids - only ever the ones get_loan has returned.",
     [(G, "extend_loan", _t("loan_id", "get_loan"))]),
    ("t-never-invent-dates", "terse ban", TOOLS, "No invented return dates.",
     [(G, "lend_tool", _a("return_date"))]),
    ("t-address-said", "passive", TOOLS,
     "A new postal address has to be stated by the borrower in their own message.",
     [(G, "update_borrower", _u("postal_address"))]),
    ("t-faults", "if ... then", TOOLS,
     "If a tool is reported broken, then the fault must be described by the borrower, not "
     "inferred.",
     [(G, "report_broken", _u("fault"))]),
    ("t-weeks-ask", "obligation", TOOLS,
     "Before extending a loan, ask the borrower how many weeks they need.",
     [(G, "extend_loan", _u("weeks"))]),
    ("t-borrower-id-table", "table row", TOOLS,
     "| parameter | comes from |\n|---|---|\n| borrower_id | find_borrower |",
     [(G, t, _t("borrower_id", "find_borrower")) for t in BORROWER_TOOLS]),
    ("t-legal-tool", "legal clause", TOOLS,
     "The Library's assistant shall use no tool identifier other than one search_tools "
     "produced.",
     [(G, t, _t("tool_id", "search_tools")) for t in ("lend_tool", "report_broken")]),
    ("t-runbook-lend", "terse runbook", TOOLS,
     "lend_tool: tool_id from search_tools, borrower_id from find_borrower.",
     [(G, "lend_tool", _t("tool_id", "search_tools")),
      (G, "lend_tool", _t("borrower_id", "find_borrower"))]),
    ("t-faq-card", "FAQ answer", TOOLS,
     "Q: May I look up a borrower with a card number I remember from an earlier chat?\n"
     "A: No. Only use the card number the borrower gives in this conversation.",
     [(G, "find_borrower", _u("card_number"))]),
    ("t-bullet", "bullet fragment", TOOLS,
     "- keyword for a search: the borrower's own words",
     [(G, "search_tools", _u("keyword"))]),
    ("t-param-desc", "parameter description", [
        *TOOLS[:4],
        {**TOOLS[4], "function": {**TOOLS[4]["function"], "parameters": {
            "type": "object",
            "properties": {"loan_id": {"type": "string", "description":
                                       "Must be a loan id that get_loan returned."},
                           "weeks": {"type": "integer"}},
            "required": ["loan_id", "weeks"]}}},
        *TOOLS[5:],
    ], "Be patient with borrowers.",
     [(G, "extend_loan", _t("loan_id", "get_loan"))]),
    ("l-no-voucher-guess", "imperative", LAUNDRY,
     "Don't fill in a voucher code on the customer's behalf.",
     [(G, "applyVoucher", _u("voucherCode"))]),
    ("l-address-only", "noun, no verb", LAUNDRY,
     "Pickup addresses: exactly as the customer wrote them, never reformatted from memory.",
     [(G, t, _u("pickupAddress")) for t in ("schedulePickup", "changeAddress")]),
    ("l-window-listed", "passive", LAUNDRY,
     "Only windows listed by listPickupWindows may be passed as windowId.",
     [(G, "schedulePickup", _t("windowId", "listPickupWindows"))]),
    ("l-phone-obtain", "obligation", LAUNDRY,
     "You need the customer's phone number before any account lookup; get it from them.",
     [(G, "lookupAccount", _u("phoneNumber"))]),
    ("c-member-mails", "legal clause", CLIMB,
     "No member e-mail address may be used unless the member supplied it.",
     [(G, "members.lookup", _u("member_email"))]),
    ("c-shoe-never-assume", "terse ban", CLIMB, "Never assume a shoe size.",
     [(G, "gear.rent", _a("shoe_size"))]),
    ("c-class-from-search", "imperative", CLIMB,
     "Book members only onto classes whose ids classes.search gave you.",
     [(G, "classes.book", _t("class_id", "classes.search"))]),
    # look-alikes
    ("x-card-format", "look-alike", TOOLS, "Card numbers have ten digits.", []),
    ("x-due-told", "look-alike", TOOLS, "Tell the borrower the return date of every loan.", []),
    ("x-keyword-may", "look-alike", TOOLS,
     "Borrowers may describe the tool in any words they like.", []),
    ("x-weeks-computed", "look-alike", TOOLS,
     "Count the weeks from today to the due date when a borrower asks.", []),
    ("x-windows-shown", "look-alike", LAUNDRY,
     "listPickupWindows shows the windows of the next seven days.", []),
]  # fmt: skip

# the cases that failed on the first and only run: 13 of 25 exact (8 of the 20 rules, the 5
# look-alikes clean), 1 wrong enforced policy (an allowlist read from the runbook line by an
# older reader); the code of the day before gave 11 of 25 (6 of 20), the same wrong policy
_OPEN = frozenset(
    {
        "t-card-typed",
        "t-loan-label",
        "t-never-invent-dates",
        "t-faults",
        "t-legal-tool",
        "t-runbook-lend",
        "t-bullet",
        "l-address-only",
        "l-window-listed",
        "c-shoe-never-assume",
        "c-class-from-search",
    }
)


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.xfail(strict=True)) if c[0] in _OPEN else c for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_ground6_probe_b(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)

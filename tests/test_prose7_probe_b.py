"""Prose-seven probe set B (hprose5, 2026-12-02): written after the code of
`prose7_terms` and `prose7_reasons` was done, in a new domain (a bakery's wholesale order
desk, snake_case and dotted ids), run once; the figure of that run is the figure
(docs/prose-seven.md). The harness is probe C's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, tally
from tests.test_grammar import _tool
from tests.test_probe_c import _with, outcome

BAKERY = [
    _tool("find_buyer", "Find a wholesale buyer by company name.", company="string"),
    _tool("get_buyer", "Get a buyer's account with its credit status (good, on_hold or "
          "closed).", buyer_id="string"),
    _tool("get_order", "Get a wholesale order with its state (pending, baked, loaded or "
          "delivered).", order_id="string"),
    _with(_tool("place_order", "Place a wholesale bread order.", buyer_id="string",
                crust="string", loaves="integer"),
          loaves="Number of loaves.", crust="The crust style."),
    _tool("cancel_order", "Cancel a wholesale order.", order_id="string"),
    _with(_tool("issue_credit", "Issue a credit note to a buyer.", buyer_id="string",
                amount="number"), amount="Credit in EUR."),
    _tool("delivery.schedule_run", "Schedule a delivery run.", order_id="string",
          route="string"),
    _tool("delivery.check_van", "Check a delivery van's load sheet.", van_id="string"),
]  # fmt: skip

CASES: list[tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]] = [
    ("b-long-lookup-first", BAKERY,
     "Whenever a café wants bread, you have to locate their account with find_buyer before "
     "you place an order, as the price list depends on which buyer it is.",
     ("require_before", "place_order", {"before": "find_buyer"})),
    ("b-long-loaves-keep", BAKERY,
     "Our ovens hold a fixed number of trays, so keep loaves to 300 or fewer per order; "
     "anything bigger goes to the head baker.",
     ("arg_within_bound", "place_order", {"arg": "loaves", "max": 300})),
    ("b-long-credit-never", BAKERY,
     "You must never issue a credit amount above 80 on your own, because larger credits "
     "come out of the owner's budget.",
     ("arg_within_bound", "issue_credit", {"arg": "amount", "max": 80})),
    ("b-long-crust-choose", BAKERY,
     "The crust you pick for an order has to be one of soft, crusty or seeded, since the "
     "night shift only bakes those three.",
     ("resource_in_allowlist", "place_order", {"arg": "crust",
                                               "allowed": ["soft", "crusty", "seeded"]})),
    ("b-long-still-but", BAKERY,
     "A buyer whose credit status is on_hold may still ask about tomorrow's bake, but you "
     "should not place an order for them until accounts has lifted the hold.",
     ("state_condition", "place_order", {"denied": ["on_hold"]})),
    ("b-long-make-sure-run", BAKERY,
     "Before you schedule a delivery run, make sure the van's load has been checked with "
     "delivery.check_van; otherwise bread gets left behind at the bakery.",
     ("require_before", "delivery.schedule_run", {"before": "delivery.check_van"})),
    ("b-term-registered", BAKERY,
     '2.1 A "Registered Buyer" means a buyer whose account was looked up with find_buyer '
     "in the current conversation.\n\n"
     "4.2 No order may be placed for anyone who is not a Registered Buyer.",
     ("require_before", "place_order", {"before": "find_buyer"})),
    ("b-term-frozen-account", BAKERY,
     '"Frozen Account" means a buyer whose credit status reads on_hold or closed.\n\n'
     "Credit notes are never issued to a Frozen Account.",
     ("state_condition", "issue_credit", {"denied": ["on_hold", "closed"]})),
    ("b-term-in-transit", BAKERY,
     '"In Transit" means the time during which the order screen shows the order as '
     "loaded.\n\nAn order is never cancelled while it is still in its In Transit.",
     ("state_condition", "cancel_order", {"denied": ["loaded"]})),
    ("b-term-cleared-run", BAKERY,
     '"Checked" means that the van was gone through with delivery.check_van.\n\n'
     "A delivery run is scheduled only once the van is Checked.",
     ("require_before", "delivery.schedule_run", {"before": "delivery.check_van"})),
    ("b-look-reason-only", BAKERY,
     "Bakers start at three in the morning, so orders placed after ten at night are baked "
     "the day after next, because the dough needs to rest.", None),
    ("b-look-unbound-term", BAKERY,
     '"Key Account" means a buyer the sales team looks after personally.\n\n'
     "A Key Account is not to be given a credit note without a call from sales.", None),
]  # fmt: skip

# first and only run: 8 of the 10 rules exact, none wrong, the 2 look-alikes clean
_OPEN: frozenset[str] = frozenset({"b-long-loaves-keep", "b-long-credit-never"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_prose7_probe_b(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

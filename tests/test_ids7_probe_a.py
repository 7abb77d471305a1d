"""Probe set A of issue 11's tool-id styles and runtime-config blocks (docs/ids-seven.md):
rules written by `hids5` on 2026-12-02 before any extractor change, in three made-up
domains whose tools are named as MCP servers and other toolkits name them: a chess
tournament desk (`server__tool`), a bicycle repair co-op (kebab-case) and a coffee
roastery's wholesale desk (camelCase, with its settings in a fenced YAML block keyed
`tool.argument`). Each case states the policy a careful reader expects; a look-alike
(expected None) must give no enforced policy. Run it with `python -m tests.test_ids7_probe_a`
for the tally; the cases that failed before the work are marked strict xfail below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, spec, tally
from tests.test_probe_c import outcome

CHESS = [
    spec("players__find_player", "Find a player by name or federation number.", query="string"),
    spec("players__verify_rating", "Check a player's current rating with the federation.",
         player_id="string"),
    spec("events__get_event", "Read an event with its sections and status.", event_id="string"),
    spec("events__register_entry", "Register a player in an event.", player_id="string",
         event_id="string", section="string"),
    spec("events__withdraw_entry", "Withdraw an entry from an event.", entry_id="string",
         reason="string"),
    spec("payments__charge_fee", "Charge an entry fee.", player_id="string",
         amount=("number", "Fee in euros.")),
    spec("payments__refund_fee", "Refund an entry fee.", payment_id="string",
         amount="number"),
    spec("notify__send_email", "Send an e-mail to a player.", player_id="string",
         body="string", attachments="array"),
]  # fmt: skip

BIKE = [
    spec("find-member", "Find a co-op member by e-mail.", email="string"),
    spec("get-bike", "Read a bike's record.", bike_id="string"),
    spec("book-repair-slot", "Book a workshop bay for a member's repair.", member_id="string",
         bike_id="string", bay="string", hours="number"),
    spec("list-parts", "Search the parts in stock.", query="string"),
    spec("order-part", "Order a part from a supplier.", part_code="string",
         quantity="integer"),
    spec("refund-deposit", "Refund a member's tool deposit.", member_id="string",
         amount="number"),
    spec("send-reminder", "Send a reminder to a member.", member_id="string",
         message="string"),
]  # fmt: skip

ROAST = [
    spec("getCustomer", "Find a wholesale customer.", customerId="string"),
    spec("createOrder", "Create a wholesale order.", customerId="string", bags="integer",
         grind="string"),
    spec("getOrder", "Read an order.", orderId="string"),
    spec("scheduleRoast", "Schedule a roast batch.", batchKg="number", profile="string"),
    spec("refundOrder", "Refund an order.", orderId="string", amount="number"),
    spec("sendInvoice", "Send an invoice.", orderId="string", recipients="array"),
    spec("searchBeans", "Search green coffee lots.", query="string", timeoutSeconds="integer"),
]  # fmt: skip


def _yaml(body: str, after: str = "") -> str:
    return f"```yaml\n{body}```\n" + (f"\n{after}\n" if after else "")


Case = tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]
CASES: list[Case] = [
    # --- server__tool ids in prose (the id, the id without its server, a verb phrase)
    ("srv-ground", CHESS,
     "The player id you pass to events__register_entry must be one that players__find_player "
     "returned.",
     ("arg_grounded", "events__register_entry",
      {"arg": "player_id", "from_tools": ["players__find_player"]})),
    ("srv-order", CHESS, "Call players__verify_rating before events__register_entry.",
     ("require_before", "events__register_entry", {"before": "players__verify_rating"})),
    ("srv-calls", CHESS, "Never call payments__refund_fee more than twice in a conversation.",
     ("max_calls", "payments__refund_fee", {"max": 2})),
    ("srv-bound", CHESS, "The amount passed to payments__charge_fee must not exceed 80.",
     ("arg_within_bound", "payments__charge_fee", {"arg": "amount", "max": 80})),
    ("srv-bare-order", CHESS, "Use register_entry only after get_event has been called.",
     ("require_before", "events__register_entry", {"before": "events__get_event"})),
    ("srv-bare-confirm", CHESS, "Always ask the player to confirm before refund_fee.",
     ("require_confirmation", "payments__refund_fee", {})),
    ("srv-allow", CHESS,
     "The section given to events__register_entry must be one of open, u1800 or u1400.",
     ("resource_in_allowlist", "events__register_entry",
      {"arg": "section", "allowed": ["open", "u1800", "u1400"]})),
    ("srv-confirm", CHESS, "Ask for confirmation before calling payments__refund_fee.",
     ("require_confirmation", "payments__refund_fee", {})),
    ("srv-count", CHESS, "Attach at most 3 files to notify__send_email.",
     ("arg_count_bound", "notify__send_email", {"arg": "attachments", "max": 3})),
    ("srv-review", CHESS,
     "Refunds through payments__refund_fee above 50 need a supervisor's review.",
     ("review_required", "payments__refund_fee", {})),
    ("srv-verb", CHESS, "Withdraw an entry only after reading the event with events__get_event.",
     ("require_before", "events__withdraw_entry", {"before": "events__get_event"})),
    ("srv-flow", CHESS,
     "Nothing that players__verify_rating returns may be pasted into notify__send_email.",
     ("flow_denied", "notify__send_email", {"sources": ["players__verify_rating"]})),
    ("srv-bare-ground", CHESS,
     "The payment id given to refund_fee has to be the one that charge_fee returned.",
     ("arg_grounded", "payments__refund_fee",
      {"arg": "payment_id", "from_tools": ["payments__charge_fee"]})),
    # --- kebab-case ids in prose
    ("keb-ground", BIKE, "The bike id you pass to book-repair-slot must be one that get-bike "
     "returned.",
     ("arg_grounded", "book-repair-slot", {"arg": "bike_id", "from_tools": ["get-bike"]})),
    ("keb-order", BIKE, "Call find-member before book-repair-slot.",
     ("require_before", "book-repair-slot", {"before": "find-member"})),
    ("keb-calls", BIKE, "Never call refund-deposit more than once in a conversation.",
     ("max_calls", "refund-deposit", {"max": 1})),
    ("keb-bound", BIKE, "The amount given to refund-deposit must not exceed 40.",
     ("arg_within_bound", "refund-deposit", {"arg": "amount", "max": 40})),
    ("keb-allow", BIKE, "The bay passed to book-repair-slot must be one of bay_a, bay_b or bay_c.",
     ("resource_in_allowlist", "book-repair-slot",
      {"arg": "bay", "allowed": ["bay_a", "bay_b", "bay_c"]})),
    ("keb-confirm", BIKE, "Ask the member to confirm before calling refund-deposit.",
     ("require_confirmation", "refund-deposit", {})),
    ("keb-origin", BIKE, "The part code for order-part must come from list-parts.",
     ("arg_grounded", "order-part", {"arg": "part_code", "from_tools": ["list-parts"]})),
    ("keb-range", BIKE, "The quantity given to order-part must be between 1 and 6.",
     ("arg_within_bound", "order-part", {"arg": "quantity", "min": 1, "max": 6})),
    ("keb-after", BIKE, "Only call order-part after list-parts has been called.",
     ("require_before", "order-part", {"before": "list-parts"})),
    ("keb-verb", BIKE, "Book a repair slot only after find-member has found the member.",
     ("require_before", "book-repair-slot", {"before": "find-member"})),
    ("keb-user", BIKE, "The e-mail passed to find-member must come from the member.",
     ("arg_grounded", "find-member", {"arg": "email", "from_user": True})),
    # --- a configuration block keyed `tool.argument`, and prose pointing back at a key
    ("cfg-range", ROAST,
     _yaml("tools:\n  max_calls_per_turn: 1\nlimits:\n  createOrder.bags: {min: 1, max: 40}\n"),
     ("arg_within_bound", "createOrder", {"arg": "bags", "min": 1, "max": 40})),
    ("cfg-per-turn", ROAST, _yaml("tools:\n  max_calls_per_turn: 1   # never batch calls\n"),
     ("one_call_at_a_time", "*", {})),
    ("cfg-confirm", ROAST, _yaml("tools:\n  confirm_with_user: [refundOrder, sendInvoice]\n"),
     ("require_confirmation", "refundOrder", {})),
    ("cfg-calls", ROAST, _yaml("tools:\n  searchBeans.max_per_conversation: 4\n"),
     ("max_calls", "searchBeans", {"max": 4})),
    ("cfg-timeout", ROAST, _yaml("tools:\n  searchBeans.timeoutSeconds: {max: 15}\n"),
     ("timeout_leq", "searchBeans", {"max_seconds": 15})),
    ("cfg-items", ROAST, _yaml("limits:\n  sendInvoice.recipients: {max_items: 3}\n"),
     ("arg_count_bound", "sendInvoice", {"arg": "recipients", "max": 3})),
    ("cfg-comment", ROAST, _yaml("limits:\n  refundOrder.amount: {max: 250}   # USD\n"),
     ("arg_within_bound", "refundOrder", {"arg": "amount", "max": 250})),
    ("cfg-kebab", BIKE, _yaml("limits:\n  refund-deposit.amount: {max: 40}\n"),
     ("arg_within_bound", "refund-deposit", {"arg": "amount", "max": 40})),
    ("cfg-server", CHESS, _yaml("limits:\n  payments__charge_fee.amount: {min: 5, max: 80}\n"),
     ("arg_within_bound", "payments__charge_fee", {"arg": "amount", "min": 5, "max": 80})),
    ("cfg-only-list", ROAST,
     _yaml("agent:\n  name: Bean\ngrinds: [whole_bean, filter, espresso]   # the only grinds "
           "we sell\n"),
     ("resource_in_allowlist", "createOrder",
      {"arg": "grind", "allowed": ["whole_bean", "filter", "espresso"]})),
    ("cfg-prose-key", ROAST,
     _yaml("agent:\n  name: Bean\nprofiles: [light, medium, dark]\n",
           "Roast batches are scheduled only with one of the profiles in `profiles`."),
     ("resource_in_allowlist", "scheduleRoast",
      {"arg": "profile", "allowed": ["light", "medium", "dark"]})),
    ("cfg-top-dotted", ROAST, _yaml("agent:\n  name: Bean\nscheduleRoast.batchKg: {max: 15}\n"),
     ("arg_within_bound", "scheduleRoast", {"arg": "batchKg", "max": 15})),
    # --- look-alikes: no enforced policy
    ("no-payload", ROAST, "Example order:\n\n" + _yaml("order:\n  bags: 12\n  grind: filter\n"),
     None),
    ("no-agent", ROAST, _yaml("agent:\n  temperature: 0.2\n  locale: en-GB\n"), None),
    ("no-srv-fact", CHESS, "players__find_player returns the player's rating and club.", None),
    ("no-keb-fact", BIKE, "list-parts shows what the shop has in stock.", None),
    ("no-list-comment", ROAST, _yaml("seasons: [spring, autumn]   # when we hold open days\n"),
     None),
    ("no-key-fact", ROAST,
     _yaml("profiles: [light, medium, dark]\n", "The list in `profiles` was last changed in May."),
     None),
    ("no-hyphen", BIKE, "A follow-up e-mail is sent by the workshop staff, not by you.", None),
    ("no-dotted-setting", ROAST, _yaml("logging.level: info\nagent.locale: en-GB\n"), None),
]  # fmt: skip

# before the work (2026-12-02): 14 of the 36 rules exact, no wrong enforced policy, the 8
# look-alikes clean; after it (docs/ids-seven.md): 29 of 36, none wrong, the look-alikes
# clean
_OPEN: frozenset[str] = frozenset(
    {
        "srv-bound",
        "srv-allow",
        "srv-count",
        "keb-bound",
        "keb-allow",
        "keb-range",
        "cfg-only-list",
    }
)


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_ids7_probe_a(tmp_path: Path, case: Case) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

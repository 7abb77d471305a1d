"""The seventeenth session's readings, on sentences written for these tests in two made-up
domains (a bicycle workshop in snake_case, a grooming salon in camelCase):

- a bullet under a heading or line that frames its items as bans ("## Don't", "Never:") is
  read as "Never <bullet>", so its bound, its state test or the argument it needs is read,
  never a flat ban of the act (`framed17`);
- a rule whose subject its frame gives: the bullets under a heading that is a tool's id, the
  cells of a table row naming the tool ("Requires a reason.", "Not allowed once ...",
  "Never more than 120 EUR.", "One X per Y.") (`elided17`);
- a negation that bans an amount ("`t` never more than 120 EUR") is never a flat ban;
- "at a time" after a bound is the call's own bound, no condition;
- "It is forbidden to V", "The assistant is required to V before it W-s", "V-ing X is allowed
  only after ...": the rule said to the agent (`person17`);
- "unless a X is given" is "without a X": the argument the call must carry (`supply16`);
- a count of days is no count of calls in a line keyed by a tool (`keyed`);
- "drop-off address" names `dropoff_address` (`resolve.arguments`);
- a ban said as care ("Be careful not to V"), a bound said with "no" ("No single X may
  exceed N"), a rule after what its subject is ("X are evidence and must never be V-ed")
  (`person17`);
- the state of a preposition's object: "never V X for a Y whose status is S", "only V X for
  Ys that are S" (`restrictors`, `only17`);
- "Every X must include a Y", "X-s require a Y": the argument the act's call must carry
  (`supply16`); a label and its predicate ("Photo deletion: not permitted.", "Repair
  refunds: reason required.") (`elided17.labelled`);
- bounds said with "lasts N at most", "the longest X is N", "X cannot be longer than N",
  "any X beyond N must be refused", "Xs start at N", "Minimum X N" (`bound17`);
- a count said of "each X" or "a X ... once" is per X (`max_calls`); "Customers who are S
  may not V" is read as "S customers may not V" (`person17`);
- values said as "not available" / "not for hire", and "We never V X" said of the desk
  (`allow15_objects`, `person17`, `carg8_bind`);
- "X must have been S before you V it", "V-s require the X to be S", "check that X is S;
  otherwise do not V": the state X must be in, when no tool performs S (`state17`);
- a verb tied between two tools binds to the one whose argument lists the rule's values
  (`values15_bind`);
- a clause after ";" keeps its rule when its action is the one a named tool's id opens with
  ("asks to cancel" and `cancel_repair`) (`clause3_split`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import assert_read, desk_policies, fits, marked, spec

SHOP = [
    spec("find_customer", "Find a workshop customer; returns status (active, blocked).",
         phone="string"),
    spec("get_repair", "Read a repair: status (booked, started, done), price.",
         repair_id="string"),
    spec("book_repair", "Book a bike repair.", customer_id="string",
         pickup_address="string", dropoff_address="string", days=("integer", "Days in the shop.")),
    spec("cancel_repair", "Cancel a repair.", repair_id="string"),
    spec("refund_repair", "Refund a repair.", repair_id="string", amount_eur="number",
         reason="string"),
    spec("lend_bike", "Lend a courtesy bike while a repair runs.", customer_id="string",
         weeks=("integer", "Length of the loan in weeks.")),
    spec("apply_discount", "Apply a discount to a repair.", repair_id="string",
         voucherCode="string"),
    spec("delete_photo", "Delete a damage photo.", photo_id="string"),
    spec("extend_warranty", "Extend the warranty on a repair.", repair_id="string"),
]  # fmt: skip

SALON = [
    spec("lookupOwner", "Look up a dog's owner.", phone="string"),
    spec("bookGroom", "Book a grooming slot for a dog.", ownerId="string", dogId="string",
         breed=("string", "poodle, terrier or spaniel")),
    spec("listGrooms", "List an owner's grooming slots.", ownerId="string"),
    spec("moveGroom", "Move a grooming slot.", groomId="string", start="string"),
    spec("dropGroom", "Cancel a grooming slot.", groomId="string"),
    spec("removeRecord", "Remove a dog's health record.", recordId="string"),
]  # fmt: skip

E, R = "enforce", "review_only"

# (case id, prompt text, tools, operator, tool, expected condition fields, enforcement)
READ: list[tuple[str, str, list[dict[str, Any]], str, str, dict[str, Any], str]] = [
    # a ban frame over imperative bullets: the bullet's bound, state or argument
    ("dont-bound", "## Don't\n\n- Lend a courtesy bike for more than 2 weeks at a time.", SHOP,
     "arg_within_bound", "lend_bike", {"arg": "weeks", "max": 2}, E),
    ("never-colon-without", "Never:\n- refund a repair without a reason\n", SHOP,
     "schema_contract", "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    ("dont-state", "## Don't\n\n- Cancel a repair that has already started.", SHOP,
     "state_condition", "cancel_repair", {"denied": ["started"]}, E),
    # the heading is the tool: its bullets say what holds of it
    ("heading-requires", "### refund_repair\n\n- Requires a reason.", SHOP, "schema_contract",
     "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    ("heading-both-required",
     "### book_repair\n\n- The pickup address and the drop-off address are both required.",
     SHOP, "schema_contract", "book_repair",
     {"schema_": {"required": ["dropoff_address"],
                  "properties": {"dropoff_address": {"minLength": 1}}}}, E),
    ("heading-not-allowed", "### cancel_repair\n\n- Not allowed once the repair has started.",
     SHOP, "state_condition", "cancel_repair", {"denied": ["started"]}, E),
    ("heading-never-more", "### refund_repair\n\n- Never more than 80 EUR.", SHOP,
     "arg_within_bound", "refund_repair", {"arg": "amount_eur", "max": 80}, E),
    # a table row names its tool; a later sentence of the cell is about it too
    ("row-never-more",
     "| Action | Tool | Rule |\n|---|---|---|\n| Refund a repair | `refund_repair` | Never more "
     "than 80 EUR. |", SHOP, "arg_within_bound", "refund_repair",
     {"arg": "amount_eur", "max": 80}, E),
    ("row-one-per",
     "| Action | Tool | Rule |\n|---|---|---|\n| Lend a bike | `lend_bike` | Only while a repair"
     " runs. One bike per customer. |", SHOP, "max_calls", "lend_bike",
     {"max": 1, "per": "customer"}, E),
    ("label-never-more", "Refund a repair: never more than 80 EUR.", SHOP, "arg_within_bound",
     "refund_repair", {"arg": "amount_eur", "max": 80}, E),
    ("label-never-more-permit", "Refund a part: never more than 80 EUR.", SHOP,
     "arg_within_bound", "refund_repair", {"arg": "amount_eur", "max": 80}, E),
    # said of the assistant, or of no one
    ("forbidden-to", "It is forbidden to remove health records.", SALON, "deny_action",
     "removeRecord", {}, E),
    ("assistant-required-before",
     "The assistant is required to look up the owner with lookupOwner before it moves a slot.",
     SALON, "require_before", "moveGroom", {"before": "lookupOwner"}, E),
    ("assistant-not-permitted",
     "The assistant is not permitted to book more than two slots per owner.", SALON,
     "max_calls", "bookGroom", {"max": 2, "per": "owner"}, R),
    ("gerund-forbidden", "Removing health records is strictly forbidden.", SALON, "deny_action",
     "removeRecord", {}, E),
    # "unless a X is given": the argument
    ("unless-given", "Never apply a discount unless a voucher code was given.", SHOP,
     "schema_contract", "apply_discount",
     {"schema_": {"required": ["voucherCode"], "properties": {"voucherCode": {"minLength": 1}}}},
     E),
    ("unless-person-gives", "Do not apply a discount unless the customer gives a voucher code.",
     SHOP, "schema_contract", "apply_discount",
     {"schema_": {"required": ["voucherCode"], "properties": {"voucherCode": {"minLength": 1}}}},
     E),
    # a ban said as care; the state of a preposition's object ("in/for a X that/whose ...")
    ("careful-not", "Be careful not to cancel a repair that has already started.", SHOP,
     "state_condition", "cancel_repair", {"denied": ["started"]}, E),
    ("for-whose", "Never book a repair for a customer whose status is blocked.", SHOP,
     "state_condition", "book_repair", {"denied": ["blocked"], "entity": "customer"}, E),
    ("only-for-whose", "Only book repairs for customers whose status is active.", SHOP,
     "state_condition", "book_repair", {"allowed": ["active"], "entity": "customer"}, E),
    ("only-after-verb", "Book repairs only for customers that are active.", SHOP,
     "state_condition", "book_repair", {"allowed": ["active"], "entity": "customer"}, E),
    # a bound said with "no"; a rule after what its subject is
    ("no-single", "No single refund may exceed 80 EUR.", SHOP, "arg_within_bound",
     "refund_repair", {"arg": "amount_eur", "max": 80}, E),
    ("adj-and", "Damage photos are evidence and must never be deleted.", SHOP, "deny_action",
     "delete_photo", {}, E),
    # what every act of a kind must carry; the noun after a possessor
    ("every-must-include", "Every repair refund must include a reason.", SHOP,
     "schema_contract", "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    ("possessor", "Never refund a repair without the customer's reason.", SHOP,
     "schema_contract", "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    # a clause after ";" whose action the sentence names by the tool's id
    ("clause-asks-to",
     "When a customer asks to cancel, look the repair up with get_repair first; if the repair "
     "is urgent, do not call cancel_repair yourself.", SHOP, "require_before", "cancel_repair",
     {"before": "get_repair"}, E),
    # a label and what is said of it
    ("label-not-permitted", "Photo deletion: not permitted.", SHOP, "deny_action",
     "delete_photo", {}, E),
    ("label-needs", "Repair refunds: reason required.", SHOP, "schema_contract",
     "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    ("acts-require", "Repair refunds require a reason.", SHOP, "schema_contract",
     "refund_repair",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    # bounds said with the verbs and nouns people use for them (`bound17`)
    ("bound-lasts", "A repair lasts 10 days at most.", SHOP, "arg_within_bound", "book_repair",
     {"arg": "days", "max": 10}, E),
    ("bound-longest", "The longest repair is 10 days.", SHOP, "arg_within_bound",
     "book_repair", {"arg": "days", "max": 10}, E),
    ("bound-period", "The repair period cannot be longer than 10 days.", SHOP,
     "arg_within_bound", "book_repair", {"arg": "days", "max": 10}, E),
    ("bound-refused", "Any refund beyond 80 EUR must be refused.", SHOP, "arg_within_bound",
     "refund_repair", {"arg": "amount_eur", "max": 80}, E),
    ("bound-starts-at", "Refunds start at 5 EUR.", SHOP, "arg_within_bound", "refund_repair",
     {"arg": "amount_eur", "min": 5}, E),
    ("bound-minimum-no-colon", "Minimum refund 5 EUR.", SHOP, "arg_within_bound",
     "refund_repair", {"arg": "amount_eur", "min": 5}, E),
    ("bound-is-the-maximum", "12 days is the maximum repair.", SHOP, "arg_within_bound",
     "book_repair", {"arg": "days", "max": 12}, E),
    # a count said of each thing acted on is per that thing, never one per trace
    ("count-each", "Refund each repair only once.", SHOP, "max_calls", "refund_repair",
     {"max": 1, "per": "repair"}, E),
    ("count-a-thing", "Refund a repair only once.", SHOP, "max_calls", "refund_repair",
     {"max": 1, "per": "repair"}, E),
    # the subject's state said after it
    ("who-are", "Customers who are blocked may not book repairs.", SHOP, "state_condition",
     "book_repair", {"denied": ["blocked"], "entity": "customer"}, E),
    # values said as not available or not for hire, and the desk's own "we never V X"
    ("not-available", "Terriers are not available.", SALON, "deny_action", "bookGroom",
     {"arg": "breed", "values": ["terrier"]}, R),
    ("we-never", "We never groom spaniels.", SALON, "deny_action", "bookGroom",
     {"arg": "breed", "values": ["spaniel"]}, E),
    # the state the thing acted on must be in, said as what must be true before the act
    ("state-before-act", "The repair must have been done before you refund it.", SHOP,
     "state_condition", "refund_repair", {"allowed": ["done"], "entity": "repair"}, E),
    ("state-make-sure", "Make sure the repair is done before refunding.", SHOP,
     "state_condition", "refund_repair", {"allowed": ["done"], "entity": "repair"}, E),
    ("state-require-to-be", "Refunds require the repair to be done.", SHOP, "state_condition",
     "refund_repair", {"allowed": ["done"], "entity": "repair"}, E),
    ("state-otherwise", "Check that the repair is done; otherwise do not refund.", SHOP,
     "state_condition", "refund_repair", {"allowed": ["done"], "entity": "repair"}, E),
    ("state-in-status", "Refund only repairs in done status.", SHOP, "state_condition",
     "refund_repair", {"allowed": ["done"], "entity": "repair"}, E),
    # a count whose "only" opens the sentence
    ("only-count", "Only refund a repair once per customer.", SHOP, "max_calls",
     "refund_repair", {"max": 1, "per": "customer"}, R),
    # a verb tied between two tools: the one whose argument lists the values
    ("values-break-tie", "Only groom poodles and terriers.", SALON, "resource_in_allowlist",
     "bookGroom", {"arg": "breed", "allowed": ["poodle", "terrier"]}, E),
]  # fmt: skip

# written with the cases above and failing when first run (strict xfails: a change that
# reads one says so): "refund a repair for more than 80 EUR" takes the object `repair` as the
# bounded argument, which `repair_id` half-names (so no argument is bound: reviewed, never
# wrong); "before it moves a slot" is read, but "move a slot" resolves to `moveGroom` only
# weakly, so the ordering is reviewed; "The repair period cannot be longer than 10 days" is
# read by the readers of a bound on every tool's argument as the phrase "repair period days",
# which no argument answers to (`bound17` reads only what no reader read)
# ("bound-period" is read since the twenty-first session: the unit "days" and the word
# "repair" find `book_repair.days`, `bind_units.unit_tool_copies`)
NOT_YET = frozenset({"label-never-more", "assistant-required-before"})

# never stronger than the sentence: no enforced flat ban, or no rule at all
NEVER_FLAT: list[tuple[str, str, list[dict[str, Any]], str]] = [
    # the condition of a framed bullet stays (reviewed)
    ("dont-term", "## Don't\n\n- Cancel a repair during the first week of the loan.", SHOP,
     "cancel_repair"),
    # a bullet under the heading that is the tool, a condition no state binds
    ("heading-once-paid", "### extend_warranty\n\n- Not allowed after the guarantee lapsed.",
     SHOP, "extend_warranty"),
    # a negation that bans an amount: up to it is allowed
    ("label-tool-never-more", "Refund a repair: `refund_repair` never more than 80 EUR.", SHOP,
     "refund_repair"),
    ("gerund-only-after",
     "Moving a slot is allowed only after the owner has agreed to the new time.", SALON,
     "moveGroom"),
    # the condition of the clause after ";" stays with its ban
    ("clause-if-urgent",
     "When a customer asks to cancel, look the repair up with get_repair first; if the repair "
     "is urgent, do not call cancel_repair yourself.", SHOP, "cancel_repair"),
]  # fmt: skip

# look-alikes: no rule the frame would give
NO_RULE: list[tuple[str, str, list[dict[str, Any]]]] = [
    # a heading that is an id of no tool, over a sentence that reads like no rule
    ("id-heading-plain", "### repair_notes\n\n- Workshop overview and opening times.", SHOP),
    # a permission said with the gerund
    ("gerund-permission", "Booking a slot is allowed.", SALON),
    # a count of days in a line keyed by a tool is no count of its calls
    ("keyed-days", "- `cancel_repair`: at most 3 days after booking.", SHOP),
    # "unless" with a state, not a thing given: no argument is required
    ("unless-state", "Never apply a discount unless the customer is active.", SHOP),
    # what a thing is, and a permission: no rule
    ("adj-and-permission", "Damage photos are evidence and may be kept.", SHOP),
    # a thing that needs something, though its noun is a verb too: no argument required
    ("thing-needs", "Bigger bikes need a cargo rack.", SHOP),
    # a number after "last" that is no span: no bound
    ("last-digits", "- customer phone last 4 digits", SHOP),
    # whose approval, not what state: no state test
    ("whose-not-state", "Refunds require a manager approval.", SHOP),
]


def _prompt(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> list[Any]:
    return desk_policies(tmp_path, text, tools)


@pytest.mark.parametrize("case", marked(READ, NOT_YET), ids=[c[0] for c in READ])
def test_read(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert_read(_prompt(tmp_path, case[1], case[2]), case)


@pytest.mark.parametrize("case", NEVER_FLAT, ids=[c[0] for c in NEVER_FLAT])
def test_never_a_flat_enforced_ban(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools, tool = case
    policies = _prompt(tmp_path, text, tools)
    flat_bans = [
        p
        for p in policies
        if p.operator == "deny_action"
        and p.target == tool
        and p.enforcement == "enforce"
        and not p.condition.model_dump(exclude_none=True).get("values")
    ]
    assert flat_bans == []


@pytest.mark.parametrize("case", NO_RULE, ids=[c[0] for c in NO_RULE])
def test_no_rule(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools = case
    policies = _prompt(tmp_path, text, tools)
    if case[0] == "whose-not-state":
        assert not [p for p in policies if p.operator == "state_condition"]
    elif case[0] == "keyed-days":  # the span is no count of calls; a review of it may stay
        assert not [p for p in policies if p.operator == "max_calls"]
    elif case[0] == "unless-state":
        assert not [p for p in policies if p.operator == "schema_contract"]
    else:
        assert policies == []


def test_both_addresses_required(tmp_path: Path) -> None:
    """Each noun of "X and Y are both required" is an argument the call must carry."""
    text = "### book_repair\n\n- The pickup address and the drop-off address are both required."
    required = {
        arg
        for p in _prompt(tmp_path, text, SHOP)
        if p.operator == "schema_contract" and p.enforcement == E
        for arg in p.condition.model_dump(by_alias=True).get("schema", {}).get("required", ())
    }
    assert required == {"pickup_address", "dropoff_address"}


def test_a_step_a_tool_performs_stays_an_ordering(tmp_path: Path) -> None:
    """ "must have been booked before you refund it": `book_repair` books, so it is a step."""
    text = "The repair must have been booked before you refund it."
    policies = _prompt(tmp_path, text, SHOP)
    assert [p.operator for p in policies] == ["require_before"]
    assert fits(policies[0], "require_before", "refund_repair", {"before": "book_repair"})


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # "it" acting on something is the agent: its act, said to it
        ("The assistant is required to look up the owner before it moves any slot.",
         "You must look up the owner before you move any slot."),
        # "it" with no object is the thing acted on: left as it is
        ("The assistant must not cancel a repair after it starts.",
         "You must not cancel a repair after it starts."),
    ],
)  # fmt: skip
def test_an_it_is_the_agent_only_when_it_acts_on_something(said: str, read: str) -> None:
    from specgap.extract.person17 import respelt

    assert respelt(said) == read

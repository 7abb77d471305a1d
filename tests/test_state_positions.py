"""Conditions on an entity read earlier, in every position and style a sentence puts them
(issue 11, class 2): before the noun, in the subject of an active or passive clause, after
"only", as whom something is reserved for, until when a permission lasts, after a pronoun,
in a perfect tense; and the conditions no state test decides (ownership, a time window, an
entity the call does not name), which stay `review_only` with a located note.

Four made-up domains (grocery delivery, a help desk, a gym, a seed-box subscription), tool
sets written here; every sentence written for this test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event
from tests.corpus_agents import Built, build_agent
from tests.policy_helpers import call
from tests.test_grammar import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "grocery": [
        _tool("get_order", "Get a grocery order with its status, items and delivery date.",
              order_id="string"),
        _tool("cancel_order", "Cancel a grocery order.", order_id="string", reason="string"),
        _tool("modify_order_items", "Change the items of an order.", order_id="string",
              items="array"),
        _tool("return_order_items", "Return delivered items of an order.", order_id="string",
              items="array"),
        _tool("get_customer", "Get a customer: name, tier and whether the account is frozen.",
              customer_id="string"),
        _tool("apply_voucher", "Apply a voucher to an order.", order_id="string", code="string"),
    ],
    "helpdesk": [
        _tool("get_ticket", "Read a support ticket: status, priority, requester.",
              ticket_id="string"),
        _tool("close_ticket", "Close a support ticket.", ticket_id="string"),
        _tool("reopen_ticket", "Reopen a closed support ticket.", ticket_id="string"),
        _tool("create_ticket", "Open a new support ticket.", requester_id="string",
              subject="string"),
        _tool("escalate_ticket", "Escalate a ticket to the second line.", ticket_id="string"),
    ],
    "gym": [
        _tool("get_member", "Look up a gym member: tier (basic, silver or gold), frozen flag.",
              member_id="string"),
        _tool("book_class", "Book a fitness class for a member.", member_id="string",
              class_id="string"),
        _tool("get_class_booking", "Read a class booking.", booking_id="string"),
        _tool("cancel_class_booking", "Cancel a class booking.", booking_id="string"),
        _tool("issue_guest_pass", "Issue a guest pass to a member.", member_id="string"),
    ],
    "tickets": [
        _tool("get_event_ticket", "Get an event ticket: status (valid, used, void), holder.",
              ticket_id="string"),
        _tool("refund_ticket", "Refund an event ticket.", ticket_id="string"),
        _tool("transfer_ticket", "Transfer a ticket to another holder.", ticket_id="string",
              new_holder_email="string"),
        _tool("upgrade_seat", "Upgrade the seat of a ticket.", ticket_id="string", seat="string"),
    ],
    "seeds": [
        _tool("get_subscription", "Read a seed-box subscription: status, next shipment.",
              subscription_id="string"),
        _tool("pause_subscription", "Pause a subscription.", subscription_id="string"),
        _tool("resume_subscription", "Resume a paused subscription.", subscription_id="string"),
        _tool("change_plan", "Change the plan of a subscription.", subscription_id="string",
              plan="string"),
    ],
}  # fmt: skip


def _build(tmp_path: Path, domain: str, sentence: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(DOMAINS[domain], indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(sentence + "\n")
    return build_agent(tmp_path, [prompt], [tools])


def _prose(built: Built) -> list[Any]:
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def _notes(built: Built) -> list[tuple[str, str]]:
    return [
        (d.code, d.message)
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    ]


def _read(policy: Any) -> tuple[str, str, dict[str, Any]]:
    keep = {"entity", "field", "allowed", "denied"}
    data = policy.condition.model_dump()
    return policy.operator, policy.target, {k: v for k, v in data.items() if k in keep and v}


def _state(target: str, entity: str | None = None, field: str | None = None, **side: Any) -> Any:
    params: dict[str, Any] = {k: tuple(v) for k, v in side.items()}
    if entity:
        params["entity"] = entity
    if field:
        params["field"] = field
    return ("state_condition", target, params)


BOUND: list[tuple[str, str, Any]] = [
    # the state before the noun: the passive subject, singular or plural
    ("grocery", "A delivered order can't be cancelled.",
     _state("cancel_order", "order", "status", denied=["delivered"])),
    ("seeds", "A cancelled subscription cannot be resumed.",
     _state("resume_subscription", "subscription", "status", denied=["cancelled"])),
    # ... the imperative's object, after "never" or "only"
    ("seeds", "Never pause a cancelled subscription.",
     _state("pause_subscription", "subscription", "status", denied=["cancelled"])),
    ("grocery", "Cancel only pending orders.",
     _state("cancel_order", "order", "status", allowed=["pending"])),
    # ... a prepositional object: the one the action is for
    ("gym", "Never issue a guest pass to a frozen member.",
     _state("issue_guest_pass", "member", "frozen", denied=["true"])),
    # a pronoun's state is the state of what the action is done to
    ("grocery", "Cancel an order only while it is pending.",
     _state("cancel_order", "order", "status", allowed=["pending"])),
    ("seeds", "Change a plan only if it is active.",
     _state("change_plan", "plan", "status", allowed=["active"])),
    # a perfect tense, negated or not, is the state it leaves
    ("grocery", "You can only cancel an order if it has not been dispatched yet.",
     _state("cancel_order", "order", "status", denied=["dispatched"])),
    ("helpdesk", "A ticket that has escalated cannot be closed.",
     _state("close_ticket", "ticket", "status", denied=["escalated"])),
    ("helpdesk", "Never escalate a ticket that isn't open.",
     _state("escalate_ticket", "ticket", "status", allowed=["open"])),
    # a permission until a state holds: a ban once it does
    ("grocery", "Orders can be cancelled until they are dispatched.",
     _state("cancel_order", "order", "status", denied=["dispatched"])),
    ("grocery", "Cancellation is possible until the order is dispatched.",
     _state("cancel_order", "order", "status", denied=["dispatched"])),
    ("seeds", "A subscription may be paused until it is cancelled.",
     _state("pause_subscription", "subscription", "status", denied=["cancelled"])),
    # the active subject is the one the action is for; its qualifier names field and value
    ("gym", "Members on the basic tier cannot book classes.",
     _state("book_class", "member", "tier", denied=["basic"])),
    ("gym", "Frozen members cannot book classes.",
     _state("book_class", "member", "frozen", denied=["true"])),
    # whom the action is reserved for: "only V Es", "V Es only", "X are for V Es only"
    ("gym", "Only gold members can receive guest passes.",
     _state("issue_guest_pass", "member", "tier", allowed=["gold"])),
    ("gym", "Gold members only may book classes.",
     _state("book_class", "member", "tier", allowed=["gold"])),
    ("gym", "Guest passes are for gold members only.",
     _state("issue_guest_pass", "member", "tier", allowed=["gold"])),
    ("gym", "Guest passes are reserved only for gold or silver members.",
     _state("issue_guest_pass", "member", "tier", allowed=["gold", "silver"])),
    ("gym", "Only members in tier 'gold' or 'silver' may receive guest passes.",
     _state("issue_guest_pass", "member", "tier", allowed=["gold", "silver"])),
    # a status named with its field, quoted or not
    ("grocery", "Only orders in status 'pending' or 'packed' can be modified.",
     _state("modify_order_items", "order", "status", allowed=["packed", "pending"])),
    ("helpdesk", "Tickets in status closed or archived must not be escalated.",
     _state("escalate_ticket", "ticket", "status", denied=["archived", "closed"])),
    ("helpdesk", "Escalate only tickets whose priority is high.",
     _state("escalate_ticket", "ticket", "priority", allowed=["high"])),
    # what an action is available / eligible / accepted for
    ("grocery", "Dispatched orders are not eligible for cancellation.",
     _state("cancel_order", "order", "status", denied=["dispatched"])),
    ("helpdesk", "Escalation is not available for closed tickets.",
     _state("escalate_ticket", "ticket", "status", denied=["closed"])),
    ("grocery", "Returns are not accepted for orders that are pending.",
     _state("return_order_items", "order", "status", denied=["pending"])),
    ("seeds", "Subscriptions are eligible for a pause only while active.",
     _state("pause_subscription", "subscription", "status", allowed=["active"])),
    ("gym", "Only gold members are eligible for guest passes.",
     _state("issue_guest_pass", "member", "tier", allowed=["gold"])),
    # what an action requires, or what its entity must be first
    ("helpdesk", "Closing a ticket requires the ticket to be in 'resolved' status.",
     _state("close_ticket", "ticket", "status", allowed=["resolved"])),
    ("seeds", "Resuming a subscription requires that it is paused.",
     _state("resume_subscription", "subscription", "status", allowed=["paused"])),
    ("grocery", "An order must be pending to be cancelled.",
     _state("cancel_order", "order", "status", allowed=["pending"])),
    ("helpdesk", "To reopen a ticket, it must be closed.",
     _state("reopen_ticket", "ticket", "status", allowed=["closed"])),
    ("seeds", "A subscription must be in 'active' status before it can be paused.",
     _state("pause_subscription", "subscription", "status", allowed=["active"])),
    # "no longer" after a state: a ban while it holds
    ("grocery", "After an order is dispatched, it can no longer be cancelled.",
     _state("cancel_order", "order", "status", denied=["dispatched"])),
    ("helpdesk", "Once a ticket has been closed, it can no longer be escalated.",
     _state("escalate_ticket", "ticket", "status", denied=["closed"])),
    # a bare state after the opener
    ("seeds", "Never change the plan of a subscription once cancelled.",
     _state("change_plan", "subscription", "status", denied=["cancelled"])),
    # marked as a value; the state of the one a passive action is for
    ("helpdesk", "Tickets marked as spam must not be escalated.",
     _state("escalate_ticket", "ticket", denied=["spam"])),
    ("grocery", "Vouchers cannot be applied to orders in a 'delivered' state.",
     _state("apply_voucher", "order", "state", denied=["delivered"])),
    # the action a noun names, with its predicate's polarity
    ("helpdesk", "If the ticket is closed, escalation is not allowed.",
     _state("escalate_ticket", "ticket", "status", denied=["closed"])),
    ("helpdesk", "Escalation of a ticket is not permitted once it has been closed.",
     _state("escalate_ticket", "ticket", "status", denied=["closed"])),
    ("seeds", "Resuming is not allowed for cancelled subscriptions.",
     _state("resume_subscription", "subscription", "status", denied=["cancelled"])),
    # a light verb over an action noun
    ("grocery", "Returns can only be made on orders that are delivered.",
     _state("return_order_items", "order", "status", allowed=["delivered"])),
    # a two-word field after `whose`; a possessive is no quote
    ("grocery", "Do not cancel orders whose delivery status is 'in transit'.",
     _state("cancel_order", "order", "delivery status", denied=["in transit"])),
    ("helpdesk", "Never close a ticket if the ticket's status is 'waiting'.",
     _state("close_ticket", "ticket", "status", denied=["waiting"])),
    # a prefix naming the state, over a ban
    ("grocery", "For delivered orders: return, never cancel.",
     _state("cancel_order", "order", "status", denied=["delivered"])),
    ("helpdesk", "Closed tickets: do not escalate.",
     _state("escalate_ticket", "ticket", "status", denied=["closed"])),
    # irregular participles and states said in two words
    ("helpdesk", "Never reopen a ticket that is on hold.",
     _state("reopen_ticket", "ticket", "status", denied=["on hold"])),
    ("grocery", "Do not modify orders in transit.",
     _state("modify_order_items", "order", "status", denied=["in transit"])),
    ("grocery", "Never apply a voucher to a paid order.",
     _state("apply_voucher", "order", "status", denied=["paid"])),
    # RFC-style capitals, a plural pronoun for the things acted on
    ("tickets", "Tickets MUST NOT be refunded once they have been used.",
     _state("refund_ticket", "ticket", "status", denied=["used"])),
    # an action as a prefix, over "only for" / "never for"
    ("tickets", "- Refund: only for valid tickets.",
     _state("refund_ticket", "ticket", "status", allowed=["valid"])),
    ("tickets", "Transfer: never for void tickets.",
     _state("transfer_ticket", "ticket", "status", denied=["void"])),
    # a gerund with its object as the subject
    ("tickets", "Upgrading a seat is only possible while the ticket is still valid.",
     _state("upgrade_seat", "ticket", "status", allowed=["valid"])),
    ("tickets", "Do NOT upgrade seats on used tickets.",
     _state("upgrade_seat", "ticket", "status", denied=["used"])),
    # "only" between the object and its state
    ("seeds", "Pause subscriptions only in the 'active' state.",
     _state("pause_subscription", "subscription", "state", allowed=["active"])),
]  # fmt: skip


COORDINATED: list[tuple[str, str, list[Any]]] = [
    # conjoined states under "only if": each conjunct is needed, one rule each
    ("tickets", "Transfers are allowed only if the ticket is valid and not used.",
     [_state("transfer_ticket", "ticket", "status", allowed=["valid"]),
      _state("transfer_ticket", "ticket", "status", denied=["used"])]),
    # coordinated participles of one passive subject: the state holds for each
    ("tickets", "Used or void tickets can't be transferred or upgraded.",
     [_state("transfer_ticket", "ticket", "status", denied=["used", "void"]),
      _state("upgrade_seat", "ticket", "status", denied=["used", "void"])]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "expected"), COORDINATED)
def test_a_state_holds_for_each_coordinated_participle(
    tmp_path: Path, domain: str, sentence: str, expected: list[Any]
) -> None:
    policies = _prose(_build(tmp_path, domain, sentence))
    found = sorted(
        ((o, t, {k: tuple(sorted(v)) if isinstance(v, tuple) else v for k, v in c.items()})
         for o, t, c in (_read(p) for p in policies)),
        key=repr,
    )  # fmt: skip
    assert found == sorted(expected, key=repr)


@pytest.mark.parametrize(("domain", "sentence", "expected"), BOUND)
def test_a_state_in_any_position_binds(
    tmp_path: Path, domain: str, sentence: str, expected: Any
) -> None:
    policies = _prose(_build(tmp_path, domain, sentence))
    found = [_read(p) for p in policies]
    normal = [(o, t, {k: tuple(sorted(v)) if isinstance(v, tuple) else v for k, v in c.items()})
              for o, t, c in found]  # fmt: skip
    assert normal == [expected]
    assert all(p.operator != "deny_action" for p in policies)


UNBOUND: list[tuple[str, str, str, str]] = [
    # domain, sentence, the operator kept for review, what the note says failed
    # a ban under conjoined states is not split (one conjunct alone would ban more)
    ("tickets", "Never refund a ticket if it is used and void.", "deny_action", ""),
    # a person's state is never a field of the thing acted on
    ("tickets", "Never transfer a ticket when the holder is verified.", "state_condition",
     "entity `holder` could not be bound"),
    # ownership compares two values, never one output's field
    ("grocery", "Only modify the user's own orders.", "deny_action", "compares the owner"),
    ("seeds", "Never pause a subscription that is not the customer's own.",
     "deny_action", ""),
    # a time window from an event: a date compared with the time of the call
    ("grocery", "Items can be returned within 30 days of delivery.", "deny_action",
     "time window from the delivery"),
    # an entity the call does not name (`apply_voucher` takes an order, not a member)
    ("grocery", "Vouchers are for gold members only.", "state_condition",
     "entity `member` could not be bound"),
    ("grocery", "If the account is frozen, do not modify orders.", "state_condition",
     "entity `account` could not be bound"),
    ("gym", "Class bookings can be cancelled until the class has started.", "state_condition",
     "entity `class` could not be bound"),
    # a qualifier that names no state keeps the rule, reviewed
    ("gym", "Members from partner clubs cannot book classes.", "deny_action", ""),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "operator", "why"), UNBOUND)
def test_a_condition_that_does_not_bind_is_reviewed_with_a_note(
    tmp_path: Path, domain: str, sentence: str, operator: str, why: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    policies = _prose(built)
    assert policies, "the rule is kept, for review"
    assert {p.operator for p in policies} == {operator}
    assert all(p.enforcement == "review_only" for p in policies)
    notes = [m for code, m in _notes(built) if code == "condition-not-bound"]
    assert notes
    assert why in notes[0]


NOT_STATES: list[tuple[str, str]] = [
    # a permission alone restricts nothing; an infinitive after "permitted to" is a verb
    ("gym", "Gold members are eligible for guest passes."),
    ("seeds", "Customers are permitted to pause subscriptions."),
    # a state of the person after "they", and a quantity compared, are no state of a thing
    ("tickets", "Tickets must not be transferred if they are not verified."),
    ("tickets", "Refunding a ticket is permitted solely when more than two seats are free."),
    # a prefix over a permission restricts nothing said
    ("grocery", "Pending orders: cancel or modify."),
    # a quoted reason that says "no longer" is no negation
    ("grocery", "Cancel an order only with the reason 'no longer wanted'."),
    # words before the noun that pick which one, not a state
    ("helpdesk", "Only list archived tickets when asked."),  # a read's filter
    # a count, not a value of the subject
    ("gym", "Only two guest passes can be issued per member."),
]


@pytest.mark.parametrize(("domain", "sentence"), NOT_STATES)
def test_words_that_are_no_state_bind_none(tmp_path: Path, domain: str, sentence: str) -> None:
    policies = _prose(_build(tmp_path, domain, sentence))
    assert all(p.operator != "state_condition" for p in policies)


def _blocked(built: Built, events: list[Event]) -> list[bool]:
    return [d.blocked for d in Engine(built.policies).run(events)]


_ARGS = {"order_id": "o1", "reason": "asked"}
RUNS: list[tuple[str, str, str, dict[str, Any], bool]] = [
    # sentence, read output, the call, whether it is denied
    ("Orders can be cancelled until they are dispatched.",
     "cancel_order", "dispatched", _ARGS, True),
    ("Orders can be cancelled until they are dispatched.",
     "cancel_order", "pending", _ARGS, False),
    ("Cancel only pending orders.", "cancel_order", "packed", _ARGS, True),
    ("Cancel only pending orders.", "cancel_order", "pending", _ARGS, False),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "tool", "status", "args", "denied"), RUNS)
def test_the_bound_state_decides_the_call_from_the_earlier_read(
    tmp_path: Path, sentence: str, tool: str, status: str, args: dict[str, Any], denied: bool
) -> None:
    built = _build(tmp_path, "grocery", sentence)
    read = call("get_order", {"order_id": "o1"}, result={"order_id": "o1", "status": status})
    events: list[Event] = [read, call(tool, args)]
    assert _blocked(built, events) == [False, denied]


# --- the binding: which earlier read holds the state, under which field -------------------------

_CANCEL = _tool("cancel_order", "Cancel an order.", order_id="string")
_REFUND = _tool("refund_order", "Refund an order.", order_id="string")

BINDING: list[tuple[str, str, list[dict[str, Any]], dict[str, Any]]] = [
    # sentence, reader's description, the tools besides `cancel_order`, the bound parameters
    ("Only open orders can be cancelled.", "Get an order with its status (open, shipped).",
     [_REFUND], {"field": "status", "read": ("get_order",), "allowed": ("open",)}),
    ("Only open orders can be cancelled.", "Look up an order; state: open, shipped or lost.",
     [], {"field": "state", "read": ("get_order",), "allowed": ("open",)}),
    # no field in the reader's words: any field of its output is compared
    ("Only open orders can be cancelled.", "Get an order.",
     [], {"read": ("get_order",), "allowed": ("open",)}),
    # a yes/no field of its own
    ("Never cancel a flagged order.", "Look up an order and whether it is flagged.",
     [], {"field": "flagged", "read": ("get_order",), "denied": ("true",)}),
    ("Never cancel a locked order.", "Read an order: is_locked, owner and lines.",
     [], {"field": "is_locked", "read": ("get_order",), "denied": ("true",)}),
    # a tool that speaks of a status but writes is never the reader
    ("Only open orders can be cancelled.", "Get an order with its status (open, shipped).",
     [_tool("set_order_status", "Set the status of an order.", order_id="string")],
     {"field": "status", "read": ("get_order",), "allowed": ("open",)}),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "reads", "more", "expected"), BINDING)
def test_the_reader_and_the_field_come_from_the_tools_words(
    tmp_path: Path, sentence: str, reads: str, more: list[dict[str, Any]], expected: dict[str, Any]
) -> None:
    tools = [_tool("get_order", reads, order_id="string"), _CANCEL, *more]
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    (tmp_path / "prompt.md").write_text(sentence + "\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    [policy] = _prose(built)
    data = policy.condition.model_dump()
    assert (policy.operator, policy.target, policy.enforcement) == (
        "state_condition",
        "cancel_order",
        "enforce",
    )
    assert {k: v for k, v in data.items() if k in {"field", "read", "allowed", "denied"} and v} == (
        expected
    )


def test_without_a_reader_any_output_about_the_entity_counts(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(json.dumps([_CANCEL, _REFUND]))
    (tmp_path / "prompt.md").write_text("Only open orders can be cancelled.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    [policy] = _prose(built)
    assert policy.condition.model_dump()["read"] == ()
    assert policy.condition.model_dump()["field"] is None


@pytest.mark.parametrize(("frozen", "denied"), [(True, True), (False, False)])
def test_a_flag_decides_from_the_members_read(tmp_path: Path, frozen: bool, denied: bool) -> None:
    built = _build(tmp_path, "gym", "Frozen members cannot book classes.")
    read = call("get_member", {"member_id": "m1"}, result={"member_id": "m1", "frozen": frozen})
    booked = call("book_class", {"member_id": "m1", "class_id": "c1"})
    assert _blocked(built, [read, booked]) == [False, denied]


# --- a table of states and the actions each allows ----------------------------------------------

TABLES: list[tuple[str, str, list[Any]]] = [
    # a column listing the allowed actions: each action only in the rows that list it
    ("grocery",
     "## What can be done with an order\n\n| Status | Allowed actions |\n|---|---|\n"
     "| pending | cancel, modify items |\n| packed | cancel |\n| delivered | return items |\n",
     [_state("cancel_order", "order", "status", allowed=["packed", "pending"]),
      _state("modify_order_items", "order", "status", allowed=["pending"]),
      _state("return_order_items", "order", "status", allowed=["delivered"])]),
    # a column of what is not allowed denies it in its rows
    ("helpdesk",
     "| Ticket status | Not allowed |\n|---|---|\n| closed | escalate, close |\n"
     "| open | reopen |\n",
     [_state("close_ticket", "ticket", "status", denied=["closed"]),
      _state("escalate_ticket", "ticket", "status", denied=["closed"]),
      _state("reopen_ticket", "ticket", "status", denied=["open"])]),
    # one column per action, yes / no cells
    ("seeds",
     "| Subscription status | Pause | Resume |\n|---|---|---|\n| active | yes | no |\n"
     "| paused | no | yes |\n",
     [_state("pause_subscription", "subscription", "status", allowed=["active"]),
      _state("resume_subscription", "subscription", "status", allowed=["paused"])]),
    # a table of no states and actions states nothing
    ("grocery", "| Item | Price |\n|---|---|\n| apples | 3 |\n| pears | 4 |\n", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "table", "expected"), TABLES)
def test_a_table_of_states_gives_each_action_its_states(
    tmp_path: Path, domain: str, table: str, expected: list[Any]
) -> None:
    policies = _prose(_build(tmp_path, domain, table))
    found = sorted(
        (o, t, {k: tuple(sorted(v)) if isinstance(v, tuple) else v for k, v in c.items()})
        for o, t, c in (_read(p) for p in policies)
    )
    assert found == sorted(expected)
    assert all(p.enforcement == "enforce" for p in policies)


# --- a tool's own description: the state of what the described tool acts on --------------------

DESCRIBED: list[tuple[str, dict[str, Any] | None]] = [
    # the description's second sentence, and the state the described tool needs
    ("Only for open orders.", {"entity": "order", "field": "status", "allowed": ("open",)}),
    ("Not available for shipped orders.",
     {"entity": "order", "field": "status", "denied": ("shipped",)}),
    ("Can only be used for orders in 'open' status.",
     {"entity": "order", "field": "status", "allowed": ("open",)}),
    ("The order must be open.", {"entity": "order", "field": "status", "allowed": ("open",)}),
    ("The order must not be shipped.",
     {"entity": "order", "field": "status", "denied": ("shipped",)}),
    # a description of what the tool does restricts nothing
    ("Works for orders of any size.", None),
]  # fmt: skip


@pytest.mark.parametrize(("said", "expected"), DESCRIBED)
def test_a_description_states_the_state_its_tool_needs(
    tmp_path: Path, said: str, expected: dict[str, Any] | None
) -> None:
    reader = _tool("get_order", "Get an order with its status (open, shipped).", order_id="string")
    tools = [reader, _tool("cancel_order", f"Cancel an order. {said}", order_id="string")]
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    (tmp_path / "prompt.md").write_text("Help customers with their orders.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = [
        {k: v for k, v in p.condition.model_dump().items()
         if k in {"entity", "field", "allowed", "denied"} and v}
        for p in built.policies
        if p.operator == "state_condition" and p.target == "cancel_order"
    ]  # fmt: skip
    assert found == ([expected] if expected else [])

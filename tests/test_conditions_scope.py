"""Conditions and confirmation scope (issue 11, classes 2 and 5), over a made-up co-working
space: a state test over coordinated actions, a field the tools speak of, an entity the call
does not name, values outside a field's enum, a condition that is no state test at all
(never an unconditional ban), and a confirmation sentence naming several actions (one rule
per action; an action no tool performs is a located note). Sentences written for the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.extract.conditional_rules import ban_condition
from specgap.extract.grammar import parse
from specgap.extract.grammar_conditions import unbound_part
from specgap.guard import Guard
from tests.corpus_agents import Built, build_agent
from tests.policy_helpers import call, say


def _tool(name: str, description: str, **props: Any) -> dict[str, Any]:
    schema = {k: (v if isinstance(v, dict) else {"type": v}) for k, v in props.items()}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": schema, "required": list(props)},
        },
    }


TOOLS = [
    _tool("get_member", "Read a member's profile: name, plan and status.", member_id="string"),
    _tool("book_desk", "Book a desk for a member.", member_id="string", desk_id="string"),
    _tool("move_desk_booking", "Move a desk booking to another desk.", booking_id="string",
          desk_id="string"),
    _tool("cancel_desk_booking", "Cancel a desk booking.", booking_id="string"),
    _tool("issue_guest_pass", "Issue a guest pass to a member.", member_id="string",
          guest_name="string"),
    _tool("get_ticket", "Read a support ticket with its mood and its priority.",
          ticket_id="string"),
    _tool("reply_ticket", "Reply to a support ticket.", ticket_id="string", text="string"),
    _tool("close_ticket", "Close a support ticket.", ticket_id="string"),
    _tool("set_desk_state", "Open or close a desk.", desk_id="string",
          state={"type": "string", "enum": ["open", "closed", "maintenance"]}),
    _tool("get_event", "Get a community event with its weather flag and room.",
          event_id="string"),
    _tool("cancel_event", "Cancel a community event.", event_id="string"),
    _tool("book_room", "Book a meeting room.", room_id="string", member_id="string"),
    _tool("refund_fee", "Refund the fee of an event.", event_id="string", amount="number"),
]  # fmt: skip


def _build(tmp_path: Path, sentence: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
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


# --- a state test binds: one state_condition per action ----------------------------------------

ACTIVE = {"entity": "member", "field": "status", "allowed": ("active",)}
BOUND: list[tuple[str, list[tuple[str, str, dict[str, Any]]]]] = [
    # coordinated verb phrases under one state of the subject
    ("Only members whose status is 'active' may book desks or receive guest passes.",
     [("state_condition", "book_desk", ACTIVE), ("state_condition", "issue_guest_pass", ACTIVE)]),
    ("Only members with a status of 'active' are permitted to book desks or receive guest "
     "passes.",
     [("state_condition", "book_desk", ACTIVE), ("state_condition", "issue_guest_pass", ACTIVE)]),
    # coordinated verbs sharing one object
    ("Never cancel or move a desk booking whose status is 'locked'.",
     [("state_condition", "cancel_desk_booking",
       {"entity": "booking", "field": "status", "denied": ("locked",)}),
      ("state_condition", "move_desk_booking",
       {"entity": "booking", "field": "status", "denied": ("locked",)})]),
    # `whose F`: F is the field, whatever the word
    ("Do not reply to tickets whose mood is 'upset'.",
     [("state_condition", "reply_ticket",
       {"entity": "ticket", "field": "mood", "denied": ("upset",)})]),
    # a word no tool identifies but the tools speak of: a field of the call's own entity
    ("If the mood is upset, do not close the ticket.",
     [("state_condition", "close_ticket", {"field": "mood", "denied": ("upset",)})]),
    # (`get_member` reads the member's status: the state word is its value)
    ("Guest passes cannot be issued unless the member is active.",
     [("state_condition", "issue_guest_pass", ACTIVE)]),
    # a person's relative clause on the prepositional object; its negation allows the state
    ("Do not issue guest passes to members who are not active.",
     [("state_condition", "issue_guest_pass", ACTIVE)]),
    # the noun beside a quoted value is its field
    ("Tickets with an 'urgent' priority must not be closed.",
     [("state_condition", "close_ticket",
       {"entity": "ticket", "field": "priority", "denied": ("urgent",)})]),
    # a phrasal participle is a state as one word is
    ("Desk bookings that are already checked in cannot be cancelled.",
     [("state_condition", "cancel_desk_booking",
       {"entity": "booking", "denied": ("checked in",)})]),
    # the state of the one the action is for, after a passive verb or an action noun
    ("Guest passes may be issued only to active members.",
     [("state_condition", "issue_guest_pass", ACTIVE)]),
    ("Desk bookings are allowed only for active members.",
     [("state_condition", "book_desk", ACTIVE)]),
    ("Desks can be booked only for members in 'active' status.",
     [("state_condition", "book_desk", ACTIVE)]),
    # a value the field's enum lists binds (one it does not list is reviewed, below)
    ("Do not book a desk whose state is 'maintenance'.",
     [("state_condition", "book_desk",
       {"entity": "desk", "field": "state", "denied": ("maintenance",)})]),
    # "the E is V" about another entity than the one acted on: E's state, never a field
    ("The fee can be refunded only when the event is cancelled.",
     [("state_condition", "refund_fee", {"entity": "event", "allowed": ("cancelled",)})]),
    # a permission with an exception: the exception is a ban
    ("An event can be cancelled unless it is finished.",
     [("state_condition", "cancel_event", {"entity": "event", "denied": ("finished",)})]),
    # a negated state before "it cannot": only in that state
    ("If the event is not yet postponed, it cannot be cancelled.",
     [("state_condition", "cancel_event", {"entity": "event", "allowed": ("postponed",)})]),
    # a gerund subject names the action and its object
    ("Cancelling an event is only allowed for postponed events.",
     [("state_condition", "cancel_event", {"entity": "event", "allowed": ("postponed",)})]),
    # a two-word field the tools speak of
    ("Do not cancel events when the weather flag is 'storm'.",
     [("state_condition", "cancel_event", {"field": "weather flag", "denied": ("storm",)})]),
    # every action on the entity, by a field `whose` names
    ("Do not act on tickets whose mood is upset.",
     [("state_condition", "close_ticket",
       {"entity": "ticket", "field": "mood", "denied": ("upset",)}),
      ("state_condition", "reply_ticket",
       {"entity": "ticket", "field": "mood", "denied": ("upset",)})]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), BOUND)
def test_a_bound_state_holds_for_every_action_it_names(
    tmp_path: Path, sentence: str, expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    policies = _prose(_build(tmp_path, sentence))
    assert sorted(_read(p) for p in policies) == sorted(expected)
    assert all(p.operator != "deny_action" for p in policies)


# --- never stronger: what does not bind is reviewed, with its condition and a note -------------

UNBOUND: list[tuple[str, str, str, str]] = [
    # sentence, operator kept, the condition kept (its polarity), what the note says failed
    ("Only issue a guest pass when the member asks for one.",
     "deny_action", "unless the member asks for one", "not a state test"),
    ("Guest passes can be issued unless the member objects.",
     "deny_action", "if the member objects", "not a state test"),
    ("Only close a ticket as long as the member seems calm.",
     "deny_action", "unless the member seems calm", "not a state test"),
    ("Tickets must not be closed when the member has more than two open disputes.",
     "deny_action", "when the member has more than two open disputes", "not a state test"),
    ("Do not close a ticket if the member is upset.",
     "state_condition", "if the member is 'upset'", "entity `member` could not be bound"),
    ("Never cancel a desk booking while the member is paused.",
     "state_condition", "if the member is 'paused'", "entity `member` could not be bound"),
    ("An event cannot be cancelled once the room is booked.",
     "state_condition", "if the room is 'booked'", "entity `room` could not be bound"),
    ("Do not book a desk whose state is 'haunted'.",
     "state_condition", "if the state is 'haunted'", "`state` takes `open`, `closed`"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "operator", "kept", "why"), UNBOUND)
def test_an_unbound_condition_is_reviewed_never_an_unconditional_ban(
    tmp_path: Path, sentence: str, operator: str, kept: str, why: str
) -> None:
    built = _build(tmp_path, sentence)
    policies = _prose(built)
    assert policies, "the rule is kept, for review"
    assert {p.operator for p in policies} == {operator}
    assert all(p.enforcement == "review_only" for p in policies)
    conditions = {c.condition for c in built.bundle.candidates} | {
        r.rule.condition for r in built.state.resolved
    }
    assert kept in conditions
    notes = [m for code, m in _notes(built) if code == "condition-not-bound"]
    assert any(why in m for m in notes), notes


@pytest.mark.parametrize(
    "sentence",
    [
        "Tickets can be closed by any support agent.",  # a permission: no condition, no rule
        "When calling close_ticket, add a short reason to the reply.",  # scope, not a state
        "Check if the ticket is upset before you reply.",  # what is checked, not a condition
    ],
)
def test_no_condition_is_read_where_the_sentence_states_none(tmp_path: Path, sentence: str) -> None:
    policies = _prose(_build(tmp_path, sentence))
    assert not [p for p in policies if p.operator == "state_condition"]
    assert not [p for p in policies if p.operator == "deny_action" and p.enforcement == "enforce"]


# --- confirmation scope ------------------------------------------------------------------------

DESK_WRITES = ["book_desk", "cancel_desk_booking", "move_desk_booking"]
CONFIRMS: list[tuple[str, list[str]]] = [
    ("Before booking, moving or cancelling a desk booking, ask the member for explicit "
     "confirmation.", DESK_WRITES),
    ("Get explicit confirmation from the member before any action that books, moves or cancels "
     "a desk booking.", DESK_WRITES),
    ("Before issuing a guest pass or closing a ticket, obtain explicit confirmation.",
     ["close_ticket", "issue_guest_pass"]),
    ("You must obtain explicit member confirmation before booking a desk, moving a desk "
     "booking, or cancelling a desk booking.", DESK_WRITES),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "tools"), CONFIRMS)
def test_a_confirmation_covers_every_action_it_names(
    tmp_path: Path, sentence: str, tools: list[str]
) -> None:
    policies = _prose(_build(tmp_path, sentence))
    assert sorted(p.target for p in policies if p.operator == "require_confirmation") == tools


def test_a_confirmation_whose_actions_name_no_tool_is_a_located_note(tmp_path: Path) -> None:
    built = _build(tmp_path, "Always obtain the member's consent before any action that "
                             "changes their locker.")  # fmt: skip
    assert not [p for p in _prose(built) if p.operator == "require_confirmation"]
    assert any(code == "unresolved-mention" and "locker" in m for code, m in _notes(built))


def test_each_named_action_needs_the_yes_and_a_failed_call_uses_none(tmp_path: Path) -> None:
    """The confirmation sentence's rules at run time: every named action needs a yes; a
    failed booking uses nothing up (the retry runs on the same yes), the booking that
    worked does (a second booking needs a second yes)."""
    built = _build(tmp_path, CONFIRMS[0][0])
    policies = [p for p in _prose(built) if p.operator == "require_confirmation"]
    assert len(policies) == 3
    booked = {"member_id": "m-17", "desk_id": "d-4"}
    events = [
        say("user", "Please book desk 4 for me tomorrow."),
        say("assistant", "I will book desk 4 for tomorrow. Shall I?", turn=1),
        say("user", "Yes, go ahead."),
        call("book_desk", booked, turn=2, is_error=True),
        call("book_desk", booked, turn=3, result={"ok": True}),
        call("book_desk", booked, turn=4, result={"ok": True}),
    ]
    verdicts = ["deny" if d.blocked else "allow" for d in Engine(policies).run(events)]
    assert verdicts == ["allow", "allow", "allow", "allow", "allow", "deny"]
    for tool in ("cancel_desk_booking", "move_desk_booking"):
        asked = [say("user", "Can you drop my booking?"), call(tool, {"booking_id": "b-9"})]
        assert [d.blocked for d in Engine(policies).run(asked)] == [False, True]


# --- the kept condition's polarity and the part that failed, from the parse alone -------------

KEPT: list[tuple[str, str]] = [
    # sentence, the condition under which the action is forbidden
    ("Only open a locker when the member asks for it.", "unless the member asks for it"),
    ("Only open a locker if the member asks for it.", "unless the member asks for it"),
    ("A locker may be opened as long as the member stays on site.",
     "unless the member stays on site"),
    ("Never open a locker unless the member asks for it.", "unless the member asks for it"),
    ("Do not open a locker if the member is away.", "if the member is away"),
    ("Never open a locker while the alarm sounds.", "while the alarm sounds"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "kept"), KEPT)
def test_a_kept_condition_says_when_the_action_is_forbidden(sentence: str, kept: str) -> None:
    clause = parse(sentence)
    assert clause.condition is not None
    assert ban_condition(clause, clause.condition) == kept


WHY: list[tuple[str, str]] = [
    ("if the member lacks a badge", "no entity, field or value could be read"),
    ("when you are unsure", "subject `you`"),
    ("if the locker is older than 30 days", "compares a quantity"),
    ("if the member is found by the front desk staff", "is no value of a field"),
]


@pytest.mark.parametrize(("condition", "why"), WHY)
def test_an_unbound_condition_names_the_part_that_failed(condition: str, why: str) -> None:
    assert why in unbound_part(condition)


OTHERWISE: list[tuple[str, list[tuple[str, str, dict[str, Any]]], str]] = [
    # the sentence before states a bound condition: its negation binds
    ("If the ticket is urgent, escalate it to the duty lead. Otherwise, do not close it.",
     [("state_condition", "close_ticket", {"entity": "ticket", "allowed": ("urgent",)})],
     "enforce"),
    ("If the member is verified, go on with the request.\nOtherwise do not issue a guest pass.",
     [("state_condition", "issue_guest_pass",
       {"entity": "member", "field": "status", "allowed": ("verified",)})],
     "enforce"),
    # an unbound condition before: kept as `unless`, reviewed
    ("If the member asks for it, open the locker. Otherwise, do not issue a guest pass.",
     [("deny_action", "issue_guest_pass", {})], "review_only"),
    # nothing before it in the paragraph: `otherwise` is kept as it is, reviewed
    ("Book desks for members.\n\nOtherwise, never close a ticket.",
     [("deny_action", "close_ticket", {})], "review_only"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected", "enforcement"), OTHERWISE)
def test_otherwise_negates_the_condition_before_it(
    tmp_path: Path, text: str, expected: list[tuple[str, str, dict[str, Any]]], enforcement: str
) -> None:
    policies = [p for p in _prose(_build(tmp_path, text)) if p.operator != "require_before"]
    assert sorted(_read(p) for p in policies) == sorted(expected)
    assert {p.enforcement for p in policies} == {enforcement}


def test_through_the_guard_a_recorded_error_uses_no_yes_up(tmp_path: Path) -> None:
    """At run time (`Guard.check` then `record`): the error recorded for a booking leaves
    the yes for the retry; the booking recorded as done uses it up."""
    built = _build(tmp_path, CONFIRMS[0][0])
    guard = Guard(built.bundle)
    booked = {"member_id": "m-17", "desk_id": "d-4"}
    guard.check(say("user", "Book desk 4 for me, please."))
    guard.check(say("assistant", "Desk 4 tomorrow. Shall I go ahead?"))
    guard.check(say("user", "Yes, please."))
    assert guard.check(call("book_desk", booked)).verdict == "allow"
    guard.record("Error: the desk service timed out", is_error=True)
    assert guard.check(call("book_desk", booked)).verdict == "allow"
    guard.record({"ok": True, "booking_id": "b-31"})
    assert guard.check(call("book_desk", booked)).verdict == "deny"

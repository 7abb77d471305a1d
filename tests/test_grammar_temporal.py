"""Orderings stated with after / once / until (issue 11, class: obligations and orderings),
in the made-up car-rental domain of `test_grammar`: the event's action comes first, the
obligation part is reported, and a prohibition after an event never becomes a flat ban."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.temporal import event_action, read, requires
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import TOOLS

EVENTS: list[tuple[str, str | None]] = [
    ("checking the booking", "check booking"),
    ("you have read the booking", "read booking"),
    ("the booking is cancelled", "cancel booking"),
    ("the refund has been issued", "issue refund"),
    ("unlocking it with `get_booking`", "get_booking"),
    ("verification of the driver", "verify driver"),
    ("any cancellation", "cancel"),
    ("a booking lookup", "look up booking"),
    ("booking is cancelled", "cancel booking"),  # a noun in -ing is not a gerund here
    ("it is late", None),
    ("lunch", None),
]


@pytest.mark.parametrize(("event", "action"), EVENTS)
def test_the_action_of_an_event(event: str, action: str | None) -> None:
    assert event_action(event) == action


READS: list[tuple[str, tuple[str, str | None, str | None] | None, bool]] = [
    # sentence, (operator, target mention, before mention) or None, obliges
    ("After checking the booking, cancel it.", None, False),  # a follow-up duty, no order
    (
        "After checking the booking, you must cancel the booking.",
        ("require_before", "cancel booking", "check booking"),
        True,
    ),
    (
        "Cancel the booking only after checking the booking.",
        ("require_before", "cancel booking", "check booking"),
        False,
    ),
    (
        "Do not issue a refund until the booking is cancelled.",
        ("require_before", "issue refund", "cancel booking"),
        False,
    ),
    (
        "You may issue a refund only once the booking has been cancelled.",
        ("require_before", "issue refund", "cancel booking"),
        False,
    ),
    (
        "Once the booking is cancelled, issue the refund.",
        ("require_before", "issue refund", "cancel booking"),
        True,
    ),
    (
        "Issue the refund only after the renter confirms.",
        ("require_confirmation", "issue refund", None),
        False,
    ),
    (
        "Always get the booking before cancelling the booking.",
        ("require_before", "cancel booking", "get booking"),
        False,
    ),
    (
        "Never cancel the booking before the booking has been read.",
        ("require_before", "cancel booking", "read booking"),
        False,
    ),
    ("Check that the booking is paid before cancelling the booking.", None, False),  # a state
    (
        # the action said by its subject: a gerund, an action noun
        "Getting the booking must happen before issuing a refund.",
        ("require_before", "issue refund", "get booking"),
        False,
    ),
    (
        "A booking lookup is required before any cancellation.",
        ("require_before", "cancel booking", "look up booking"),
        False,
    ),
    (
        "Issuing a refund is only possible after the booking has been cancelled.",
        ("require_before", "issue refund", "cancel booking"),
        False,
    ),
    (
        "The booking must be retrieved before it is cancelled.",
        ("require_before", "cancel booking", "retrieve booking"),
        False,
    ),
    (
        # the person the agent serves, in other words than "user"
        "Issue the refund only after the employee confirms.",
        ("require_confirmation", "issue refund", None),
        False,
    ),
    ("Never issue a refund after the booking is cancelled.", None, False),  # not an order
    ("Wait until the booking is cancelled.", None, False),
    ("Use this after reading it with `get_booking`.", None, False),  # only in a description
]


@pytest.mark.parametrize(("sentence", "expected", "obliges"), READS)
def test_temporal_sentences(
    sentence: str, expected: tuple[str, str | None, str | None] | None, obliges: bool
) -> None:
    timed = read(sentence)
    if expected is None:
        assert timed is None
        return
    assert timed is not None
    emit = timed.emits[0]
    assert (emit.operator, emit.target, emit.params.get("before")) == expected
    assert (timed.obliges is not None) is obliges


REQUIRES: list[tuple[str, tuple[str, str] | None]] = [
    ("Cancelling a booking requires getting the booking first.", ("cancel booking", "get booking")),
    ("Refunds require a prior cancellation of the booking.", ("refund", "cancel booking")),
    ("Refunds require patience.", None),
]


@pytest.mark.parametrize(("sentence", "expected"), REQUIRES)
def test_one_action_requires_another(sentence: str, expected: tuple[str, str] | None) -> None:
    emit = requires(sentence)
    found = (emit.target, emit.params["before"]) if emit else None
    assert found == expected


def test_a_description_orders_its_own_tool() -> None:
    timed = read("Use this after reading it with `get_booking`.", described=True)
    assert timed is not None
    assert [(e.operator, e.target, e.params) for e in timed.emits] == [
        ("require_before", None, {"before": "get_booking"})
    ]


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text + "\n")
    return build_agent(tmp_path, [prompt], [tools])


COMPILED: list[tuple[str, list[tuple[str, str, str]], list[str]]] = [
    # sentence, (operator, tool, enforcement), diagnostic codes
    (
        "Once the booking is cancelled, issue the refund.",
        [("require_before", "issue_refund", "enforce")],
        ["obligation-not-enforced"],
    ),
    (
        "Do not issue a refund until the booking is cancelled.",
        [("require_before", "issue_refund", "enforce")],
        [],
    ),
    (
        # never the flat ban: the state after which it holds is kept
        "Never issue a refund after the booking is cancelled.",
        [("state_condition", "issue_refund", "enforce")],
        [],
    ),
    (
        # until a state holds: allowed in that state only
        "Do not cancel a booking until its status is 'returned'.",
        [("state_condition", "cancel_booking", "enforce")],
        [],
    ),
    (
        # an event no action names: the condition is kept, for review
        "Never issue a refund until the end of the day.",
        [("deny_action", "issue_refund", "review_only")],
        ["condition-not-bound"],
    ),
]


@pytest.mark.parametrize(("sentence", "policies", "codes"), COMPILED)
def test_temporal_rules_compile_no_stronger_than_stated(
    tmp_path: Path, sentence: str, policies: list[tuple[str, str, str]], codes: list[str]
) -> None:
    built = _build(tmp_path, sentence)
    found = [
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]
    assert sorted(found) == sorted(policies)
    notes = sorted({d.code for d in built.state.diagnostics if d.span is not None})
    assert notes == sorted(codes)


def test_a_check_named_by_a_verb_is_reviewed_not_enforced(tmp_path: Path) -> None:
    """ "after you have checked the booking" names a check some read makes, not one tool:
    whichever tool it resolves to is inferred, so the order is reviewed."""
    tools = [
        *TOOLS,
        {
            "type": "function",
            "function": {
                "name": "close_rental",
                "description": "Close a rental. Call this tool after you have checked the booking.",
                "parameters": {"type": "object", "properties": {"booking_id": {"type": "string"}}},
            },
        },
    ]
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text("Be kind.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = [(p.target, p.enforcement) for p in built.policies if p.operator == "require_before"]
    assert found == [("close_rental", "review_only")]


def test_alternative_ways_are_any_of() -> None:
    """ "find it by A or by B before X": either way satisfies the order."""
    timed = read("Find the booking by its number or by email before cancelling it.")
    assert timed is not None
    assert [(e.target, e.params) for e in timed.emits] == [
        ("cancel booking", {"before": ["find booking by number", "find booking by email"]})
    ]

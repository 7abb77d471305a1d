"""What a user's yes covers: a failed call uses nothing up (the retry is allowed), and one yes
given for several actions is used up by whichever of them runs first."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.compile import compile_policies
from specgap.evaluate.engine import Engine
from specgap.events import Event
from specgap.ir import CandidateRule, Span
from specgap.operators import OPERATORS
from specgap.operators.outcome import is_error_output
from specgap.resolve import Resolver, resolve_rules
from tests.policy_helpers import call, policy, say
from tests.resolve_registry import clinic

ASK = say("user", "Could you move my grooming appointment to Friday?")
OFFER = say("assistant", "I can move it to Friday 10:00. Shall I?", turn=1)
YES = say("user", "Yes please, do it.")
SORRY = say("assistant", "The booking system timed out; trying again.", turn=2)

# (condition, events, verdict per event)
CASES: list[tuple[dict[str, Any], list[Event], list[str]]] = [
    (  # flagged as an error: the retry is covered by the same yes
        {},
        [ASK, OFFER, YES, call("move", turn=2, is_error=True), call("move", turn=3)],
        ["allow", "allow", "allow", "allow", "allow"],
    ),
    (  # an error written in the output
        {},
        [ASK, OFFER, YES, call("move", turn=2, result="Error: slot is locked"), SORRY],
        ["allow", "allow", "allow", "allow", "allow"],
    ),
    (
        {},
        [
            ASK,
            OFFER,
            YES,
            call("move", turn=2, result={"error": "timeout"}),
            SORRY,
            call("move", turn=3, result={"ok": True}),
        ],
        ["allow"] * 6,
    ),
    (  # a call that worked uses the yes up: a second one needs a second yes
        {},
        [ASK, OFFER, YES, call("move", turn=2, result="moved"), call("move", turn=3)],
        ["allow", "allow", "allow", "allow", "deny"],
    ),
    (  # ... even after a failed one
        {},
        [
            ASK,
            OFFER,
            YES,
            call("move", turn=2, is_error=True),
            call("move", turn=3, result={"status": "done"}),
            call("move", turn=4),
        ],
        ["allow", "allow", "allow", "allow", "allow", "deny"],
    ),
    (  # one yes for several actions: whichever runs first uses it up
        {"covers": ["move", "cancel", "rebook"]},
        [ASK, OFFER, YES, call("cancel", turn=2), call("move", turn=3)],
        ["allow", "allow", "allow", "allow", "deny"],
    ),
    (  # unless it failed
        {"covers": ["move", "cancel", "rebook"]},
        [ASK, OFFER, YES, call("cancel", turn=2, result="FAILED: no such visit"), call("move")],
        ["allow", "allow", "allow", "allow", "allow"],
    ),
    (  # a tool the yes does not cover uses nothing up
        {"covers": ["move", "cancel"]},
        [ASK, OFFER, YES, call("lookup", turn=2), call("move", turn=3)],
        ["allow", "allow", "allow", "allow", "allow"],
    ),
]


@pytest.mark.parametrize(("condition", "events", "expected"), CASES)
def test_what_a_yes_covers(condition: dict[str, Any], events: list[Event], expected: list[str]):
    rule = policy("require_confirmation", "move", **condition)
    decisions = list(Engine([rule]).run(events))
    got = ["deny" if d.blocked else "allow" for d in decisions]
    assert got == expected


@pytest.mark.parametrize(
    ("result", "error"),
    [
        ("Error: order not found", True),
        ("error - try later", True),
        ("Failed: card declined", True),
        ({"error": "timeout"}, True),
        ({"isError": True, "content": []}, True),
        ({"status": "failed"}, True),
        ("The errors were fixed", False),
        ("Moved to Friday; no error", False),
        ({"error": None, "ok": True}, False),
        ({"status": "pending"}, False),
        (None, False),
        (["error"], False),
    ],
)
def test_error_outputs(result: Any, error: bool) -> None:
    assert is_error_output(result) is error


SAFE = [ASK, OFFER, YES, call("move", {"day": "friday"}, turn=2, result="moved")]
FAILED_FIRST = [
    ASK,
    OFFER,
    YES,
    call("move", {"day": "friday"}, turn=2, result="Error: busy"),
    call("move", {"day": "friday"}, turn=3, result="moved"),
]


@pytest.mark.parametrize("safe", [SAFE, FAILED_FIRST], ids=["worked", "retried"])
@pytest.mark.parametrize("covers", [(), ("cancel", "move")])
def test_every_confirmation_mutant_violates_the_rule(
    safe: list[Event], covers: tuple[str, ...]
) -> None:
    rule = policy("require_confirmation", "move", covers=list(covers))
    engine = Engine([rule])
    assert not any(d.blocked for d in engine.run(safe))
    made: set[str] = set()
    for mutator in OPERATORS["require_confirmation"].mutators:
        for mutant in mutator(rule.condition, rule.target, safe):
            made.add(mutant.mutator.split("/", 1)[1])
            assert any(d.blocked for d in engine.run(mutant.events)), mutant.description
    expected = {"negate-confirmation", "drop-confirmation", "reuse-confirmation"}
    assert expected | ({"spend-confirmation"} if covers else set()) == made


def _confirm_rule(covers: list[str]) -> CandidateRule:
    span = Span(
        path="p.md", start_line=4, start_col=1, end_line=4, end_col=9, start_byte=0, end_byte=8
    )
    return CandidateRule(
        text="Ask the owner before any of these.",
        span=span,
        quote="x",
        target="cancel_appointment",
        mentions=("cancel_appointment", *covers),
        grounding="exact",
        check_category="authorization_check",
        operator="require_confirmation",
        params={"covers": covers},
        confidence=0.9,
        extractor="deterministic",
    )


@pytest.mark.parametrize(
    ("covers", "bound", "enforcement", "codes"),
    [
        (  # verb phrases and ids alike name the tools one yes is given for
            ["schedule an appointment", "reschedule the slot", "cancel_appointment"],
            ["cancel_appointment", "create_appointment", "update_appointment_slot"],
            "enforce",
            [],
        ),
        (  # a near tie: the rule is reviewed, never silently narrowed
            ["update the appointment"],
            None,
            "review_only",
            ["ambiguous-mention"],
        ),
        (["feed the cat"], None, None, ["unresolved-mention"]),  # nothing to bind: reported
    ],
)
def test_covers_mentions_resolve_like_any_tool_mention(
    covers: list[str], bound: list[str] | None, enforcement: str | None, codes: list[str]
) -> None:
    registry = clinic()
    rule = _confirm_rule(covers)
    compiled = compile_policies("clinic", resolve_rules(Resolver(registry), [rule]), registry)
    assert [d.code for d in compiled.diagnostics] == codes
    if enforcement is None:
        assert compiled.policies == ()
        return
    (made,) = compiled.policies
    assert made.enforcement == enforcement
    if bound is not None:
        assert list(made.condition.covers) == bound  # type: ignore[union-attr]

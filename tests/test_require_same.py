"""`require_before` with `same` (the earlier call must be about the same entity), table-driven
over a made-up pet-clinic domain: the check, the mutator, the engine's observers, and that a
rule without `same` keeps its bytes."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event
from specgap.irbase import Selector
from specgap.mutate import violated
from specgap.operators import OPERATORS
from specgap.operators.require_before import RequireBefore
from tests.policy_helpers import call, policy

SAME = policy("require_before", "cancel_visit", before="lookup_visit", same={"arg": "visit_id"})
ANY_SAME = policy(
    "require_before",
    "refund_visit",
    before=["lookup_visit", "list_visits"],
    same={"arg": "visit_id"},
)
PLAIN = policy("require_before", "cancel_visit", before="lookup_visit")


def _lookup(args: dict[str, Any], result: Any = None, **extra: Any) -> Event:
    return call("lookup_visit", args, result=result, **extra)


def _cancel(visit: Any) -> Event:
    return call("cancel_visit", {"visit_id": visit})


# (case, policy, events, expected verdict of the last event)
CHECKS: list[tuple[str, Any, list[Event], str]] = [
    ("same id", SAME, [_lookup({"visit_id": "VZ-401"}, {"ok": True}), _cancel("VZ-401")], "allow"),
    (
        "same id spelled with other case and separators",
        SAME,
        [_lookup({"visit_id": "vz_401"}, {"ok": True}), _cancel("VZ-401")],
        "allow",
    ),
    (
        "another visit looked up",
        SAME,
        [_lookup({"visit_id": "VZ-401"}, {"ok": True}), _cancel("VZ-777")],
        "deny",
    ),
    (
        "the id only in the earlier output",
        SAME,
        [_lookup({"owner": "m@pets.example"}, {"visits": [{"id": "VZ-777"}]}), _cancel("VZ-777")],
        "allow",
    ),
    (
        "the id inside an output sentence",
        SAME,
        [_lookup({"owner": "m@pets.example"}, "Found visit VZ-777 for Rex."), _cancel("VZ-777")],
        "allow",
    ),
    (
        "the output as JSON text",
        SAME,
        [_lookup({"owner": "m@pets.example"}, '{"visit": "VZ-777"}'), _cancel("VZ-777")],
        "allow",
    ),
    (
        "nothing recorded and another id among the arguments",
        SAME,
        [_lookup({"owner": "m@pets.example"}), _cancel("VZ-777")],
        "undetermined",
    ),
    (
        "an output that does not name it",
        SAME,
        [_lookup({"owner": "m@pets.example"}, {"visits": ["VZ-1"]}), _cancel("VZ-777")],
        "deny",
    ),
    (
        "a failed lookup names only its arguments",
        SAME,
        [_lookup({"owner": "m"}, "VZ-777 not found", is_error=True), _cancel("VZ-777")],
        "deny",
    ),
    ("no lookup at all", SAME, [_cancel("VZ-777")], "deny"),
    (
        "the call gives no id",
        SAME,
        [_lookup({"visit_id": "VZ-401"}, {"ok": True}), call("cancel_visit", {})],
        "undetermined",
    ),
    (
        "a lookup of another tool does not count",
        SAME,
        [call("list_visits", {"visit_id": "VZ-401"}, result={}), _cancel("VZ-401")],
        "deny",
    ),
    (
        "any listed prerequisite names it",
        ANY_SAME,
        [
            call("list_visits", {}, result=["VZ-9"]),
            call("refund_visit", {"visit_id": "VZ-9"}),
        ],
        "allow",
    ),
    (
        "the plain rule ignores the id",
        PLAIN,
        [_lookup({"visit_id": "VZ-401"}, {"ok": True}), _cancel("VZ-777")],
        "allow",
    ),
]


@pytest.mark.parametrize(("case", "rule", "events", "verdict"), CHECKS)
def test_the_earlier_call_must_be_about_the_same_entity(
    case: str, rule: Any, events: list[Event], verdict: str
) -> None:
    decisions = list(Engine([rule]).run(events))
    assert decisions[-1].verdict == verdict, (case, decisions[-1])


def test_the_reason_names_the_value_and_the_message_the_argument() -> None:
    events = [_lookup({"visit_id": "VZ-401"}, {"ok": True}), _cancel("VZ-777")]
    last = list(Engine([SAME]).run(events))[-1]
    assert "`VZ-777`" in str(last.hits[0].reason)
    assert SAME.message == "call `lookup_visit` before `cancel_visit` on the same `visit_id`"


def test_a_rule_without_same_keeps_its_bytes() -> None:
    assert RequireBefore(before="lookup_visit").model_dump() == {
        "operator": "require_before",
        "before": "lookup_visit",
    }
    assert RequireBefore(before="lookup_visit", same=Selector(arg="visit_id")).model_dump()[
        "same"
    ] == {"arg": "visit_id", "extract": None}


@pytest.mark.parametrize(("rules", "observers"), [([PLAIN], False), ([PLAIN, SAME], True)])
def test_only_agents_with_a_same_rule_observe(rules: list[Any], observers: bool) -> None:
    assert Engine(rules).observers is observers


SAFE: list[list[Event]] = [
    [_lookup({"visit_id": "VZ-401"}, {"ok": True}), _cancel("VZ-401")],
    [_lookup({"owner": "m"}, {"visits": [{"id": "VZ-5"}]}), call("noop"), _cancel("VZ-5")],
    [_lookup({"owner": "m"}, '{"visit": "VZ-5"}'), _cancel("VZ-5")],
]


@pytest.mark.parametrize("events", SAFE)
def test_the_other_entity_mutant_breaks_only_the_same_rule(events: list[Event]) -> None:
    engine = Engine([SAME])
    assert SAME.id not in violated(engine, events)
    mutants = [
        m
        for mutate in OPERATORS["require_before"].mutators
        for m in mutate(SAME.condition, "cancel_visit", events)
        if m.mutator == "require_before/other-entity"
    ]
    assert len(mutants) == 1
    assert SAME.id in violated(engine, mutants[0].events), mutants[0].description
    assert PLAIN.id not in violated(Engine([PLAIN]), mutants[0].events)


def test_no_other_entity_mutant_without_same() -> None:
    events = SAFE[0]
    names = {
        m.mutator
        for mutate in OPERATORS["require_before"].mutators
        for m in mutate(PLAIN.condition, "cancel_visit", events)
    }
    assert names == {"require_before/drop-predecessor", "require_before/reorder"}

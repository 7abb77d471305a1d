"""`specgap.mutate.generate`: bases, carriers, generic mutants, dedup and seeding."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap import operators
from specgap.evaluate.engine import Engine
from specgap.events import Event, Trace
from specgap.mutate import Generation, events_key, generate, violated
from specgap.registry import Tool, build_registry
from tests.policy_helpers import call, policy, say

LOOKUP = policy("require_before", "t", before="lookup")
LIMIT = policy("arg_within_bound", "t", selector={"arg": "n"}, max=10)
SAFE = Trace(
    path="safe/a.json",
    events=(say("user", "go"), call("lookup"), call("t", {"n": 3}), say("assistant", "done")),
)


def test_operator_mutants_name_their_rule_and_base() -> None:
    made = generate("a", [LOOKUP, LIMIT], [SAFE], generic=False)
    assert made.discarded == 0
    assert {(m.mutator, m.rules) for m in made.mutants} == {
        ("require_before/drop-predecessor", (LOOKUP.id,)),
        ("require_before/reorder", (LOOKUP.id,)),
        ("arg_within_bound/exceed-max", (LIMIT.id,)),
    }
    assert {m.base for m in made.mutants} == {"safe/a.json"}
    assert all(m.kind == "operator" and m.id.startswith("a-") for m in made.mutants)


def test_generation_is_deterministic_and_seeded() -> None:
    first = generate("a", [LOOKUP, LIMIT], [SAFE], seed=0)
    again = generate("a", [LOOKUP, LIMIT], [SAFE], seed=0)
    other = generate("a", [LOOKUP, LIMIT], [SAFE], seed=7)
    assert [(m.id, m.events) for m in first.mutants] == [(m.id, m.events) for m in again.mutants]
    operator = [m.id for m in first.mutants if m.kind == "operator"]
    assert operator == [m.id for m in other.mutants if m.kind == "operator"]

    def perturbed(made: Generation) -> set[str]:
        return {m.description for m in made.mutants if m.mutator == "generic/perturb-args"}

    assert perturbed(first)
    assert perturbed(first) != perturbed(other)


def test_identical_mutants_are_kept_once() -> None:
    twin = Trace(path="safe/b.json", events=SAFE.events)
    made = generate("a", [LOOKUP], [SAFE, twin], generic=False)
    assert len(made.mutants) == 2
    assert made.duplicates == 2
    assert len({events_key(m.events) for m in made.mutants}) == 2


def test_a_copy_of_a_hand_labelled_mutant_is_dropped() -> None:
    hand = (say("user", "go"), call("t", {"n": 3}), say("assistant", "done"))
    made = generate("a", [LOOKUP], [SAFE], known=[hand], generic=False)
    assert [m.mutator for m in made.mutants] == ["require_before/reorder"]
    assert made.duplicates == 1


def test_a_blocked_safe_trace_is_not_mutated() -> None:
    blocked = Trace(path="safe/bad.json", events=(call("t", {"n": 99}),))
    made = generate("a", [LIMIT], [blocked])
    assert made.mutants == ()
    assert made.skipped[0].base == "safe/bad.json"
    assert "false block" in made.skipped[0].reason


def test_a_target_no_safe_trace_calls_gets_a_synthesised_call() -> None:
    schema = {
        "type": "object",
        "properties": {"url": {"type": "string"}, "timeout": {"type": "number", "minimum": 1}},
        "required": ["url", "timeout"],
    }
    registry, _ = build_registry([Tool(id="web.fetch", names=("fetch",), schema=schema)])
    bound = policy("timeout_leq", "web.fetch", selector={"arg": "timeout"}, max_seconds=10)
    made = generate("a", [bound], [SAFE], registry=registry, generic=False)
    assert {m.base for m in made.mutants} == {"<synthesised web.fetch call>"}
    names = {m.mutator for m in made.mutants}
    assert names == {"timeout_leq/raise-timeout", "timeout_leq/slow-call"}
    first = made.mutants[0].events[0]
    assert first.model_dump()["args"]["url"] == "x"


def test_a_target_that_cannot_be_synthesised_is_skipped_with_the_reason() -> None:
    nowhere = policy("arg_within_bound", "nowhere", selector={"arg": "n"}, max=1)
    (skip,) = generate("a", [nowhere], [SAFE]).skipped
    assert skip.rule == nowhere.id
    assert skip.reason.startswith("no safe trace calls `nowhere`")


def test_an_operator_without_mutators_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(operators.OPERATORS["arg_within_bound"], mutators=())
    monkeypatch.setitem(operators.OPERATORS, "arg_within_bound", bare)
    made = generate("a", [LIMIT], [SAFE], generic=False)
    assert made.mutants == ()
    assert [s.reason for s in made.skipped] == ["`arg_within_bound` has no mutators"]


def test_generic_mutants_carry_the_rules_they_newly_break() -> None:
    made = generate("a", [LOOKUP, LIMIT], [SAFE])
    audit = Engine([LOOKUP, LIMIT])
    generic = [m for m in made.mutants if m.kind == "generic"]
    assert {m.mutator for m in generic} >= {"generic/duplicate-call", "generic/perturb-args"}
    for m in generic:
        assert set(m.rules) == violated(audit, m.events) - violated(audit, SAFE.events)
    descriptions = {m.description for m in generic}
    # swapping `lookup` and `t` is the operator mutant `require_before/reorder`: kept as that
    assert "swap `lookup` (event 1) and `t` (event 2)" not in descriptions
    assert "repeat the `lookup` call (event 1)" in descriptions


SQL_POLICIES = [
    policy("require_before", "sql", before="lookup"),
    policy(
        "deny_action",
        "sql",
        selector={"arg": "q", "extract": "sql_verb"},
        values=["DELETE", "DROP", "UPDATE"],
    ),
    policy(
        "resource_in_allowlist",
        "sql",
        selector={"arg": "q", "extract": "sql_tables"},
        allowed=["orders", "users"],
    ),
    policy("arg_within_bound", "sql", selector={"arg": "q", "extract": "sql_limit"}, max=100),
    policy("timeout_leq", "sql", selector={"arg": "timeout"}, max_seconds=30),
    policy("schema_contract", "sql", schema={"required": ["q"], "additionalProperties": False}),
    policy("flow_denied", "mail", label="secret"),
    policy("review_required", "mail", enforcement="eval_required"),
]


@st.composite
def safe_traces(draw: st.DrawFn) -> Trace:
    events: list[Event] = [say("user", draw(st.text(max_size=20)))]
    for _ in range(draw(st.integers(1, 3))):
        table = draw(st.sampled_from(["orders", "users"]))
        limit = draw(st.one_of(st.none(), st.integers(0, 100)))
        query = f"SELECT id FROM {table}" + ("" if limit is None else f" LIMIT {limit}")
        args: dict[str, object] = {"q": query}
        if draw(st.booleans()):
            args["timeout"] = draw(st.integers(1, 30))
        events += [call("lookup"), call("sql", args, result={"rows": draw(st.text(max_size=8))})]
    if draw(st.booleans()):
        events.append(call("mail", {"body": draw(st.text(max_size=12))}))
    return Trace(path="safe/h.json", events=tuple(events))


@settings(max_examples=40, deadline=None)
@given(trace=safe_traces(), seed=st.integers(0, 1000))
def test_every_mutant_of_a_safe_trace_violates_its_target_rule(trace: Trace, seed: int) -> None:
    made = generate("h", SQL_POLICIES, [trace], seed=seed)
    assert made.discarded == 0
    engines = {p.id: Engine([p]) for p in SQL_POLICIES}
    baseline = violated(Engine(SQL_POLICIES), trace.events)
    for m in made.mutants:
        if m.kind == "operator":
            assert m.rules[0] in violated(engines[m.rules[0]], m.events), m.description
        for rule in m.rules if m.kind == "generic" else ():
            assert rule in violated(engines[rule], m.events)
            assert rule not in baseline

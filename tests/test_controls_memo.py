"""A control's verdict answered from its memo (`Prepared.memo`, keyed by `memo_key`) is the
verdict worked out afresh: on every reference trace and generated mutant of the bundled
`cloud` agent, and on inputs a careless key would mix up."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from specgap.controls import agentcontrol  # noqa: F401  (loads the operators first)
from specgap.controls import evaluate as control_eval
from specgap.controls.evaluate import memo_key, prepare
from specgap.evaluate.adapters import load_trace
from specgap.evaluate.engine import Engine
from specgap.events import Event
from specgap.guard import load_policy, select_agent
from specgap.mutate import generate
from specgap.registry import agent_registry
from tests.controls_helpers import call, control, listed, regex, said

ROOT = Path(__file__).resolve().parent.parent


def _cloud() -> tuple[Any, list[Sequence[Event]]]:
    found = select_agent(load_policy(ROOT / "policy" / "policy.json"), "cloud")
    registry = agent_registry(found)
    paths = sorted((ROOT / "fixtures" / "cloud" / "traces").glob("*/*.json"))
    traces = [load_trace(p, p.name, registry) for p in paths]
    safe = [t for t, p in zip(traces, paths, strict=True) if p.parent.name == "safe"]
    made = generate("cloud", found.policies, safe, registry=registry)
    return found, [t.events for t in traces] + [m.events for m in made.mutants]


def _decisions(found: Any, traces: list[Sequence[Event]]) -> list[list[Any]]:
    engine = Engine(found.policies)  # one engine: the second round is answered from memo
    return [
        [d.model_dump(mode="json") for d in engine.run(events)]
        for _ in range(2)
        for events in traces
    ]


def test_cloud_decisions_are_the_same_with_and_without_the_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found, traces = _cloud()
    assert any(p.operator == "control" for p in found.policies)
    assert len(traces) > 20  # the fixtures and their mutants
    memoized = _decisions(found, traces)
    monkeypatch.setattr(control_eval, "memo_key", lambda event, stage, path="*": None)
    assert _decisions(found, traces) == memoized
    assert any(h for trace in memoized for d in trace for h in d["hits"])  # something fired


def test_each_cloud_control_answers_from_memo_what_it_works_out() -> None:
    found, traces = _cloud()
    prepared = [prepare(p.condition) for p in found.policies if p.operator == "control"]
    for ready in prepared:
        for events in traces * 2:
            for event in events:
                for stage in ("pre", "post", None):
                    assert ready.decide(event, stage) == ready._decide(event, stage)
        assert ready.memo  # the memo was used


# (control, events decided in order on one prepared control, the verdicts expected)
CASES: list[tuple[str, Any, list[Event], list[bool]]] = [
    (
        "1, 1.0 and True are told apart",
        control(listed("True", match_mode="exact"), selector={"path": "input.flag"}),
        [call(args={"flag": 1}), call(args={"flag": True}), call(args={"flag": 1.0})],
        [False, True, False],
    ),
    (
        "text and numbers are told apart",
        control(regex('"7"'), selector={"path": "input"}),
        [call(args={"n": 7}), call(args={"n": "7"}), call(args={"n": 7})],
        [False, True, False],
    ),
    (
        "string-only arguments are keyed by their items",
        control(regex("^x$"), selector={"path": "input.n"}),
        [call(args={"n": "x"}), call(args={"n": "xx"}), call(args={"n": "x", "m": "y"})],
        [True, False, True],
    ),
    (
        "a control on the context tells actors apart",
        control(regex("^eve$"), selector={"path": "context.user_id"}),
        [call(args={"a": "x"}, actor="bob"), call(args={"a": "x"}, actor="eve")],
        [False, True],
    ),
    (
        "a control on the whole step reads the result too",
        control(regex("leak")),
        [call(args={"a": "x"}), call(args={"a": "x"}, result="leak"), call(args={"a": "x"})],
        [False, True, False],
    ),
    (
        "0.0 and -0.0 are told apart",
        control(regex("-"), selector={"path": "input.x"}),
        [call(args={"x": 0.0}), call(args={"x": -0.0}), call(args={"x": [0.0]})],
        [False, True, False],
    ),
    (
        "the result is read at post only",
        control(regex("s3cr3t"), selector={"path": "output"}),
        [call(result="fine"), call(result="the s3cr3t is out"), call(result={"k": "s3cr3t"})],
        [False, True, True],
    ),
    (
        "nested arguments are keyed by their contents",
        control(regex("drop"), selector={"path": "input.q"}),
        [call(args={"q": ["keep"]}), call(args={"q": ["drop"]}), call(args={"q": ["keep"]})],
        [False, True, False],
    ),
    (
        "the canonical tool id is part of the key",
        control(regex("."), scope={"step_names": ["db.*"]}, selector={"path": "input.q"}),
        [call("q", {"q": "x"}, tool="db.q"), call("q", {"q": "x"}, tool="web.q")],
        [True, False],
    ),
    (
        "messages are keyed by role and text",
        control(regex("secret"), selector={"path": "output"}),
        [said("assistant", "a secret"), said("user", "a secret"), said("assistant", "none")],
        [True, False, False],
    ),
]


@pytest.mark.parametrize(
    ("cond", "events", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_memo_keeps_apart_what_a_control_tells_apart(
    cond: Any, events: list[Event], expected: list[bool]
) -> None:
    ready = prepare(cond)
    for _ in range(2):  # the second round is answered from memory
        assert [ready.decide(e) is not None for e in events] == expected


EVENTS = [e for case in CASES for e in case[2]] + [
    call("q", {"a": "x"}, result={"a": "y"}, actor="bob", resource="r1", tool="db.q"),
    call("q", {"a": "x"}, result={"a": "y"}, actor="eve", resource="r2", tool="db.q"),
    call("q", {"a": "y"}, result={"a": "x"}, actor="bob", resource="r1", tool="db.q"),
]


@pytest.mark.parametrize("path", ["*", "input", "input.a", "output", "output.a", "context", "name"])
def test_every_selector_answers_from_memo_what_it_works_out(path: str) -> None:
    ready = prepare(control(regex("x|bob|r1|db|q"), selector={"path": path}))
    for event in EVENTS * 2:
        for stage in ("pre", "post", None):
            assert ready.decide(event, stage) == ready._decide(event, stage)


def test_values_that_are_not_json_are_never_memoized() -> None:
    assert memo_key(call(args={"when": object()}), "pre") is None
    assert memo_key(call(result=b"bytes"), "post") is None
    assert memo_key(call(result=b"bytes"), "pre") is not None  # the output is not read
    assert memo_key(call(result={1: "one"}), "post") is None  # {1: …} and {True: …} meet

"""`Decision` as a plain immutable record (slots, no pydantic model): the API the pydantic
model had, held to that model (`engine._Checked.Decision`, the same fields under the same
name, which `Decision(...)` and `Decision.model_validate` validate with): equality, hash,
repr, immutability, dumps, `model_copy`, validation, pickling, a pydantic model holding one,
and every decision the engine and the Guard make on the reference traces."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from specgap.evaluate.adapters import load_trace
from specgap.evaluate.engine import DECISION_FIELDS, Decision, Hit, _Checked, _decision
from specgap.evaluate.results import TraceResult
from specgap.events import ToolCall
from specgap.guard import Guard, load_policy
from specgap.irbase import Frozen

ROOT = Path(__file__).resolve().parent.parent
Old = _Checked.Decision  # the pydantic model `Decision` was

ODD = 'r\u2028\x00\x7f\ud7ff😀"\\ é\n\t'  # strings JSON writers treat apart


def _hit(text: str = "reason", **more: Any) -> Hit:
    fields: dict[str, Any] = {
        "policy": "p.deny",
        "action": "deny",
        "enforcement": "enforce",
        "category": "authorization_check",
        "reason": text,
        "source": "policy.md:3:1",
    }
    return Hit(**(fields | more))


FIELDS: list[dict[str, Any]] = [
    {"index": 0, "origin": "t#0", "tool": None, "name": None, "verdict": "allow"},
    {
        "index": 3,
        "origin": "trace.jsonl:4",
        "tool": "sql.execute",
        "name": "execute_sql",
        "verdict": "allow",
        "hits": (),
        "action": "allow",
        "call_id": "call_1",
        "flags": (),
    },
    {
        "index": 7,
        "origin": ODD,
        "tool": ODD,
        "name": ODD,
        "verdict": "deny",
        "hits": (_hit(ODD, effect="deny", message=ODD, error=True), _hit(undetermined=True)),
        "action": "deny",
        "call_id": ODD,
        "flags": ("unknown-tool", ODD),
    },
    {
        "index": 12,
        "origin": "o",
        "tool": "aws.s3.PutObject",
        "name": "put_object",
        "verdict": "warn",
        "hits": (_hit("needs review", effect="warn"),),
        "action": "warn",
        "call_id": None,
        "flags": ("post-stage",),
    },
    {
        "index": 2**40,
        "origin": "",
        "tool": "",
        "name": "",
        "verdict": "undetermined",
        "hits": (_hit("", effect="observe"),),
        "action": "observe",
    },
]
DUMPS: list[dict[str, Any]] = [
    {},
    {"mode": "json"},
    {"exclude_none": True},
    {"exclude_defaults": True},
    {"mode": "json", "exclude_none": True, "exclude_defaults": True},
    {"include": {"index", "hits", "action"}},
    {"exclude": {"origin", "flags"}},
    {"by_alias": True},
]


def _pairs() -> list[tuple[Decision, Any]]:
    return [(Decision(**f), Old(**f)) for f in FIELDS]


def _whole(decision: Any) -> tuple[Any, ...]:
    return tuple(getattr(decision, name) for name in DECISION_FIELDS)


def test_fields_defaults_repr_and_str_are_the_models() -> None:
    for new, old in _pairs():
        assert type(new) is Decision
        assert _whole(new) == _whole(old)
        assert repr(new) == repr(old)
        assert str(new) == str(old)
        assert new.blocked == (old.verdict == "deny")
    bare = Decision(index=1, origin="o", tool="t", name="n", verdict="allow")
    assert (bare.hits, bare.action, bare.call_id, bare.flags) == ((), "allow", None, ())


@pytest.mark.parametrize("options", DUMPS, ids=lambda o: ",".join(o) or "plain")
def test_dumps_are_the_models(options: dict[str, Any]) -> None:
    for new, old in _pairs():
        dumped = new.model_dump(**options)
        assert dumped == old.model_dump(**options)
        assert list(dumped) == list(old.model_dump(**options))  # the same key order
        assert type(dumped.get("hits")) is type(old.model_dump(**options).get("hits"))
        json_options = {k: v for k, v in options.items() if k != "mode"}
        assert new.model_dump_json(**json_options) == old.model_dump_json(**json_options)
        for indent in (None, 2, 4):
            assert new.model_dump_json(indent=indent) == old.model_dump_json(indent=indent)


def test_equality_and_hash() -> None:
    for fields in FIELDS:
        one, two = Decision(**fields), Decision(**fields)
        assert one == two
        assert not (one != two)  # noqa: SIM202
        assert hash(one) == hash(two) == hash(Old(**fields))
        assert one != Old(**fields)  # another type, as two pydantic models were
        assert one != _whole(one)
        assert one != None  # noqa: E711
        for name in DECISION_FIELDS:
            other = one.model_copy(update={name: "changed"})
            assert other != one
            assert one != other
    assert len({Decision(**f) for f in FIELDS * 2}) == len(FIELDS)


def test_it_cannot_be_changed() -> None:
    decision = Decision(**FIELDS[2])
    before = _whole(decision)
    for name in (*DECISION_FIELDS, "other", "__class__"):
        with pytest.raises(ValidationError, match="frozen") as raised:
            setattr(decision, name, 1)
        assert raised.value.errors()[0]["type"] == "frozen_instance"
        with pytest.raises(ValidationError, match="frozen"):
            delattr(decision, name)
    with pytest.raises(AttributeError):
        decision.__dict__  # noqa: B018  # no dict to change behind its back
    assert _whole(decision) == before
    assert type(decision) is Decision


def test_model_copy_is_the_models() -> None:
    updates: list[dict[str, Any]] = [
        {},
        {"action": "observe"},
        {"flags": ("x", "post-stage")},
        {"index": 9, "origin": "other", "call_id": None},
        {"hits": (_hit("new"),), "verdict": "deny"},
    ]
    for new, old in _pairs():
        for update in updates:
            copied, expected = new.model_copy(update=update), old.model_copy(update=update)
            assert type(copied) is Decision
            assert _whole(copied) == _whole(expected)
            assert copied.model_dump_json() == expected.model_dump_json()
        assert _whole(new) == _whole(old)  # the original unchanged
        deep = new.model_copy(deep=True)
        assert deep == new
        assert deep is not new
        with pytest.raises(ValueError, match="no field"):
            new.model_copy(update={"verdit": "deny"})


def test_construction_and_validation_are_the_models() -> None:
    good: list[dict[str, Any]] = [
        {"index": "3", "origin": "o", "tool": None, "name": None, "verdict": "deny"},
        {"index": 1, "origin": "o", "tool": "t", "name": "n", "verdict": "warn", "hits": []},
        {"index": 1, "origin": "o", "tool": "t", "name": "n", "verdict": "allow", "flags": ["a"]},
        {**FIELDS[2], "hits": [h.model_dump() | {"effect": "deny"} for h in FIELDS[2]["hits"]]},
    ]
    for fields in good:
        made, old = Decision(**fields), Old(**fields)
        assert _whole(made) == _whole(old)
        assert _whole(Decision.model_validate(fields)) == _whole(old)
        assert _whole(Decision.model_validate_json(json.dumps(fields))) == _whole(old)
    bad: list[dict[str, Any]] = [
        {"index": "x", "origin": "o", "tool": None, "name": None, "verdict": "allow"},
        {"index": 1, "origin": "o", "tool": None, "name": None, "verdict": "maybe"},
        {"index": 1, "origin": "o", "tool": None, "name": None, "verdict": "allow", "action": "x"},
        {"index": 1, "origin": None, "tool": None, "name": None, "verdict": "allow"},
        {"index": 1, "origin": "o", "tool": None, "name": None, "verdict": "allow", "hits": [1]},
    ]
    for fields in bad:
        with pytest.raises(ValidationError):
            Old(**fields)
        with pytest.raises(ValidationError):
            Decision(**fields)
        with pytest.raises(ValidationError):
            Decision.model_validate(fields)
    with pytest.raises(ValidationError):  # an unknown field, as the model (extra="forbid")
        Decision.model_validate({**FIELDS[0], "other": 1})
    with pytest.raises(TypeError):
        Decision(**FIELDS[0], other=1)
    decision = Decision(**FIELDS[3])
    assert Decision.model_validate(decision) is decision
    extra = ("action", "call_id", "flags")  # what the dump leaves out (and each hit's effect)
    again = Decision.model_validate(
        decision.model_dump() | {k: getattr(decision, k) for k in extra}
    )
    assert again.model_dump() == decision.model_dump()
    assert [getattr(again, k) for k in extra] == [getattr(decision, k) for k in extra]
    assert set(Decision.model_fields) == set(DECISION_FIELDS)


def test_pickle_and_copies() -> None:
    for new, _ in _pairs():
        for again in (
            pickle.loads(pickle.dumps(new)),
            copy.copy(new),
            copy.deepcopy(new),
        ):
            assert type(again) is Decision
            assert again == new
            with pytest.raises(ValidationError):
                again.verdict = "allow"


class _OldTrace(Frozen):
    """`TraceResult` as it was, holding pydantic decisions."""

    path: str
    kind: str
    description: str | None
    category: str
    blocked: bool
    killed_by: tuple[str, ...] = ()
    findings: tuple[Old, ...] = ()


def test_a_pydantic_model_holding_decisions_dumps_and_validates_as_before() -> None:
    fields = {"path": "p", "kind": "unsafe", "description": None, "category": "c", "blocked": True}
    new = TraceResult(**fields, findings=tuple(Decision(**f) for f in FIELDS))
    old = _OldTrace(**fields, findings=tuple(Old(**f) for f in FIELDS))
    assert new.model_dump_json() == old.model_dump_json()
    assert new.model_dump_json(indent=2) == old.model_dump_json(indent=2)
    assert new.model_dump(mode="json") == old.model_dump(mode="json")
    assert new.model_dump() == old.model_dump()
    assert new.model_dump(exclude_none=True) == old.model_dump(exclude_none=True)
    assert all(type(d) is Decision for d in new.findings)
    # a mapping is validated into a decision; anything else is refused
    read = TraceResult(**fields, findings=({**FIELDS[2]},))
    assert read.findings == (Decision(**FIELDS[2]),)
    with pytest.raises(ValidationError):
        TraceResult(**fields, findings=({"index": "x"},))
    assert TraceResult.model_json_schema()  # still described


def _events(agent: str, guard: Guard) -> list[list[Any]]:
    paths = sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
    return [list(load_trace(p, p.name, guard.registry).events) for p in paths]


@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_every_decision_the_guard_makes_is_a_record_equal_to_the_model(agent: str) -> None:
    """Every decision of the reference traces, each given as events (replayed, live) and
    as OpenAI Chat calls over three rounds (the lanes', the wire's and the engine's
    inlined decisions all taken): a `Decision`, frozen, equal field by field to the
    pydantic model validated from its fields, dumped alike."""
    guard = Guard(load_policy(ROOT / "policy" / "policy.json"), agent)
    seen = 0
    for round_ in range(3):
        for t, events in enumerate(_events(agent, guard)):
            made = []
            for executed in (True, None):
                key = f"{round_}/{t}/{executed}"
                for event in events:
                    made.append(guard.check(event, trace=key, executed=executed))
                guard.end(key)
            key = f"{round_}/{t}/wire"
            for event in events:
                if isinstance(event, ToolCall):
                    function = {"name": event.name, "arguments": json.dumps(event.args)}
                    call = {"id": f"c{t}", "type": "function", "function": function}
                    made.append(guard.check(call, trace=key))
            guard.end(key)
            for decision in made:
                assert type(decision) is Decision
                old = Old(**{k: getattr(decision, k) for k in DECISION_FIELDS})
                assert _whole(decision) == _whole(old)
                assert decision.model_dump_json() == old.model_dump_json()
                assert repr(decision) == repr(old)
                with pytest.raises(ValidationError):
                    decision.action = "deny"
                seen += 1
    assert seen > 100


def test_the_engines_maker_is_the_constructor() -> None:
    for fields in FIELDS:
        full = Decision(**fields)
        made = _decision(*_whole(full))
        assert type(made) is Decision
        assert made == full
        assert repr(made) == repr(full)

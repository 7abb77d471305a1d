"""Adding an operator is one file: a toy operator, written into a temporary package and
registered, is extracted from a prompt sentence, compiled into the bundle, evaluated,
mutated (its mutant killed) and documented, with no other file touched; unregistered, it
is gone from every derived table again."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from specgap import operator_docs
from specgap.evaluate.engine import Engine
from specgap.events import Message, ToolCall, Trace
from specgap.ir import AgentBundle
from specgap.mutate import generate
from specgap.operators import OPERATORS, register, registered, unregister
from tests.corpus_agents import Built, build_agent

TOY = '''"""`max_length`: a text argument holds at most `max` characters."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, Prose, TraceState
from specgap.operators.rewrite import calls_to, put_selected, replace_at, with_args
from specgap.operators.values import select


class MaxLength(Frozen):
    operator: Literal["max_length"] = "max_length"
    selector: Selector
    max: int


def _check(cond: MaxLength, call: ToolCall, _: TraceState) -> str | None:
    for value in select(cond.selector, call.args):
        if isinstance(value, str) and len(value) > cond.max:
            return f"{len(value)} characters in `{cond.selector.arg}`, at most {cond.max}"
    return None


def _pad(cond: MaxLength, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target with the text one character too long."""
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        args = put_selected(cond.selector, call.args, "x" * (cond.max + 1))
        if args is not None:
            yield Mutant(
                mutator="max_length/pad",
                description=f"event {index}: `{cond.selector.arg}` one character too long",
                events=replace_at(events, index, with_args(call, args)),
            )


def _params(m: Any) -> dict[str, Any]:
    return {"facet": m["arg"], "max": int(m["n"])}


OPERATOR = Operator(
    "max_length",
    MaxLength,
    "data_validation",
    "a text argument holds at most so many characters",
    _check,
    lambda c, t: f"`{c.selector.arg}` of `{t}` holds at most {c.max} characters",
    mutators=(_pad,),
    prose=(
        Prose(
            "keep-arg-under-n-characters",
            r"\\bkeep\\s+(?:every\\s+)?`(?P<arg>\\w+)`\\s+(?:sent\\s+)?(?:with|to)\\s+"
            r"(?P<tool>`[^`]+`)\\s+under\\s+(?P<n>\\d+)\\s+characters\\b",
            _params,
            confidence=0.9,
            target="tool",
        ),
    ),
    examples=(
        Example(
            "Keep every `text` sent with `chat.post` under 20 characters.",
            {"facet": "text", "max": 20},
        ),
    ),
)
'''

SENTENCE = "Keep every `text` sent with `chat.post` under 20 characters."
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "chat.post",
            "description": "Post a message to the team channel.",
            "parameters": {
                "type": "object",
                "properties": {"channel": {"type": "string"}, "text": {"type": "string"}},
                "required": ["channel", "text"],
            },
        },
    }
]


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The toy operator's one file, in a package of its own on `sys.path`, registered."""
    package = tmp_path / "toy_operators"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "max_length.py").write_text(TOY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("toy_operators.max_length")
    try:
        with registered(module):
            yield module
    finally:
        for name in ("toy_operators.max_length", "toy_operators"):
            sys.modules.pop(name, None)


def _build(folder: Path) -> Built:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    (folder / "prompt.md").write_text(f"# Posting\n\n{SENTENCE}\n", encoding="utf-8")
    return build_agent(folder, [folder / "prompt.md"], [folder / "tools.json"])


def _post(text: str) -> ToolCall:
    return ToolCall(name="chat.post", tool="chat.post", args={"channel": "ops", "text": text})


def test_toy_operator_from_one_file(toy: ModuleType, tmp_path: Path) -> None:
    # extracted and compiled: one enforced policy, its facet bound to the `text` argument
    built = _build(tmp_path / "agent")
    mine = [p for p in built.policies if p.operator == "max_length"]
    assert len(mine) == 1, [p.operator for p in built.policies]
    policy = mine[0]
    assert policy.target == "chat.post"
    assert policy.condition.model_dump(mode="json") == {
        "operator": "max_length",
        "selector": {"arg": "text", "extract": None},
        "max": 20,
    }
    assert policy.enforcement == "enforce"
    # the sentence reads as the toy rule and nothing else
    prose = [p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert prose == ["max_length"]
    # in the bundle, and the bundle reads back with the toy condition
    text = built.bundle.model_dump_json(by_alias=True)
    assert '"operator":"max_length"' in text
    assert AgentBundle.model_validate_json(text) == built.bundle

    # evaluated: the violating call is denied, the safe one allowed
    engine = Engine([policy])
    too_long = [Message(role="user", content="post it"), _post("x" * 21)]
    short = [Message(role="user", content="post it"), _post("deploy done")]
    assert [d.blocked for d in engine.run(too_long)] == [False, True]
    assert [d.blocked for d in engine.run(short)] == [False, False]

    # mutated: the toy's mutator makes a mutant of the safe trace, and the policy kills it
    safe = Trace(path="safe.json", events=tuple(short))
    made = generate("agent", [policy], [safe], generic=False)
    assert [m.mutator for m in made.mutants] == ["max_length/pad"]
    assert made.mutants[0].rules == (policy.id,)
    assert any(d.blocked for d in engine.run(made.mutants[0].events))

    # documented: in the generated tables and in the bundle schema
    assert "| `max_length` | a text argument holds" in operator_docs.operator_table()
    assert "`pad`: Each call to the target" in operator_docs.mutator_table()
    schema = json.loads(operator_docs.schema())
    assert "MaxLength" in schema["$defs"]
    assert (
        "max_length"
        in schema["$defs"]["Policy"]["properties"]["condition"]["discriminator"]["mapping"]
    )


def test_unregistering_drops_every_derived_table(tmp_path: Path, toy: ModuleType) -> None:
    unregister("max_length")
    try:
        assert "max_length" not in OPERATORS
        assert "MaxLength" not in json.loads(operator_docs.schema())["$defs"]
        assert "max_length" not in operator_docs.operator_table()
        # the extractor's pattern table forgot the toy's prose too
        built = _build(tmp_path / "agent")
        assert all(p.operator != "max_length" for p in built.policies)
    finally:
        register(toy)


def test_registration_is_checked(toy: ModuleType) -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(_clone(toy))
    with pytest.raises(TypeError, match="defines no `OPERATOR"):
        register(ModuleType("empty"))
    with pytest.raises(ValueError, match="built-in"):
        unregister("deny_action")


def _clone(module: ModuleType) -> ModuleType:
    """Another module declaring an operator of the same name."""
    import dataclasses

    other = ModuleType("clone")
    other.OPERATOR = dataclasses.replace(module.OPERATOR)  # type: ignore[attr-defined]
    return other

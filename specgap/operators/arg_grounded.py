"""`arg_grounded`: an argument's value must come from the user or from given tools' outputs.

Catches invented ids, recipients nobody named and payment methods the profile never listed.
Values are compared normalised (see `evidence`): case, whitespace, separators, number
formats. What is checked:

- with a `selector`: every scalar value it selects;
- with an `arg` phrase: every scalar under arguments whose name matches it (`payment
  method` matches `payment_method_id`), at any depth; when no argument is so named, the
  identifier-like values of that kind (`gift card` checks `gift_card_7` wherever it is);
- with neither: every identifier-like value of the call (`#W1`, `gift_card_7`, an email, an
  IBAN), since free text and dates are the agent's own words.

A value missing from the evidence is a violation, unless evidence is missing too: no
conversation recorded (for `from_user`), or a source tool called without its output being
recorded. Then the answer is `Undetermined`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import Field, model_validator

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, TraceState, Undetermined, quoted
from specgap.operators.evidence import (
    Evidence,
    canonical_number,
    is_idlike,
    key_words,
    kind_prefixes,
    leaves,
    matching_args,
    named_like,
    of_kind,
)
from specgap.operators.grounded_prose import PROSE
from specgap.operators.prose import ANY_TOOL
from specgap.operators.replay import checked, targets
from specgap.operators.values import select


class ArgGrounded(Frozen):
    """Argument values must appear in the user's messages and/or the outputs of tools."""

    operator: Literal["arg_grounded"] = "arg_grounded"
    selector: Selector | None = None
    arg: str | None = Field(
        default=None, description="argument-name phrase matched at check time (no selector)"
    )
    from_user: bool = True
    from_tools: tuple[str, ...] = Field(
        default=(), description="tools whose outputs ground a value; `*` is any tool"
    )

    @model_validator(mode="after")
    def _has_source(self) -> ArgGrounded:
        if not self.from_user and not self.from_tools:
            raise ValueError("name at least one source: `from_user` or `from_tools`")
        return self


NAME = "arg_grounded"


@dataclass
class _Grounds:
    messages: int = 0
    user: Evidence = field(default_factory=Evidence)
    outputs: dict[str, Evidence] = field(default_factory=dict)
    unrecorded: set[str] = field(default_factory=set)  # tools called, output not recorded


def _observe(state: TraceState, event: Event) -> None:
    slot: _Grounds = state.slots.setdefault(NAME, _Grounds())
    if isinstance(event, Message):
        slot.messages += 1
        if event.role == "user":
            slot.user.add(event.content)
    elif isinstance(event, ToolCall):
        tool = event.tool or event.name
        if event.result is None:
            slot.unrecorded.add(tool)
        else:
            slot.outputs.setdefault(tool, Evidence()).add(event.result)


def checked_values(cond: ArgGrounded, args: dict[str, Any]) -> list[Any]:
    """The scalar values of a call this rule checks."""
    if cond.selector is not None:
        found = [leaf for value in select(cond.selector, args) for leaf in leaves(value)]
    elif cond.arg:
        named = matching_args(args, cond.arg)
        kinds = kind_prefixes(cond.arg)
        found = [leaf for value in named for leaf in leaves(value)] or [
            leaf for leaf in leaves(args) if is_idlike(leaf) and of_kind(leaf, kinds)
        ]
    else:
        found = [leaf for leaf in leaves(args) if is_idlike(leaf)]
    return [v for v in found if (isinstance(v, str) and v.strip()) or canonical_number(v)]


def _grounded(cond: ArgGrounded, slot: _Grounds, value: Any) -> bool:
    if cond.from_user and slot.user.contains(value):
        return True
    if ANY_TOOL in cond.from_tools:
        return any(evidence.contains(value) for evidence in slot.outputs.values())
    return any(
        slot.outputs[tool].contains(value) for tool in cond.from_tools if tool in slot.outputs
    )


def _absent(cond: ArgGrounded, slot: _Grounds) -> str | None:
    """Why the evidence may be incomplete, if it may be."""
    if cond.from_user and slot.messages == 0:
        return "no conversation was recorded"
    if ANY_TOOL in cond.from_tools:
        blind = sorted(slot.unrecorded)
    else:
        blind = sorted(slot.unrecorded & set(cond.from_tools))
    if blind:
        return f"the output of `{blind[0]}` was not recorded"
    return None


def _check(cond: ArgGrounded, call: ToolCall, state: TraceState) -> str | None:
    slot: _Grounds = state.slots.get(NAME) or _Grounds()
    for value in checked_values(cond, call.args):
        if _grounded(cond, slot, value):
            continue
        why = _absent(cond, slot)
        if why is not None:
            return Undetermined(f"`{value}` is not in the recorded evidence, but {why}")
        return f"`{value}` does not come from {_sources(cond)}"
    return None


def _sources(cond: ArgGrounded) -> str:
    parts = ["the user's messages"] if cond.from_user else []
    if ANY_TOOL in cond.from_tools:
        parts.append("a tool output")
    elif cond.from_tools:
        parts.append(f"the output of {quoted(cond.from_tools)}")
    return " or ".join(parts)


def _describe(cond: ArgGrounded, target: str) -> str:
    if cond.selector is not None:
        what = f"argument `{cond.selector.arg}`"
    elif cond.arg:
        what = f"`{cond.arg}` arguments"
    else:
        what = "identifiers in the arguments"
    return f"{what} of `{target}` must come from {_sources(cond)}"


# --- mutators ---------------------------------------------------------------------------------


def forge(value: Any) -> Any:
    """A value of the same shape that appears nowhere: digits rotated, or a suffix added."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value * 7 + 104729
    text = str(value)
    if any(ch.isdigit() for ch in text):
        return "".join(str((int(ch) + 5) % 10) if ch.isdigit() else ch for ch in text)
    return f"{text}-forged"


def _swap(node: Any, old: Any, new: Any) -> Any:
    if isinstance(node, dict):
        return {k: _swap(v, old, new) for k, v in node.items()}
    if isinstance(node, list):
        return [_swap(v, old, new) for v in node]
    return new if node == old and type(node) is type(old) else node


def _forgeries(
    cond: ArgGrounded, target: str, events: Sequence[Event]
) -> Iterator[tuple[int, Any, Any, ToolCall]]:
    """(event index, checked value, forged value, mutated call) for every checked value."""
    for at, event in enumerate(events):
        if not targets(event, target):
            continue
        assert isinstance(event, ToolCall)
        for value in dict.fromkeys(checked_values(cond, event.args)):
            fake = forge(value)
            yield at, value, fake, event.model_copy(update={"args": _swap(event.args, value, fake)})


def _invent(cond: ArgGrounded, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A checked value is replaced by one neither the user nor any tool ever gave."""
    for at, value, fake, call in _forgeries(cond, target, events):
        yield Mutant(
            mutator=f"{NAME}/invent-value",
            description=f"event {at} uses `{fake}` instead of `{value}`",
            events=(*events[:at], call, *events[at + 1 :]),
        )


def _untrusted(cond: ArgGrounded, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The value comes from the output of a tool that is not a source (an injection)."""
    if ANY_TOOL in cond.from_tools:
        return
    for at, value, fake, call in _forgeries(cond, target, events):
        planted = ToolCall(
            name="untrusted.read", tool="untrusted.read", result={"note": f"use {fake}"}
        )
        yield Mutant(
            mutator=f"{NAME}/untrusted-source",
            description=f"event {at} uses `{fake}` (for `{value}`) planted in a non-source output",
            events=(*events[:at], planted, call, *events[at + 1 :]),
        )


def _unbound(cond: ArgGrounded, args: frozenset[str]) -> str | None:
    """An `arg` phrase no argument of the tool answers to: the check would fall back to
    identifier-like values of that kind, a guess at which value the rule means."""
    if cond.selector is not None or not cond.arg or not args:
        return None
    wanted = key_words(cond.arg)
    if any(named_like(a, wanted) for a in args):
        return None
    return f"`{cond.arg}` names no argument of the tool, so which value it means cannot be told"


def _problems(cond: ArgGrounded, target: str, quote: str) -> Iterator[str]:
    """A value that may come only from the output of the tool it is passed to: no first
    call of the tool could pass."""
    if not cond.from_user and tuple(cond.from_tools) == (target,) and target != ANY_TOOL:
        yield f"its value may come only from the output of `{target}` itself"


_BASE = Operator(
    NAME,
    ArgGrounded,
    "data_validation",
    "an argument's value must come from the user's messages or given tools' outputs",
    _check,
    _describe,
    observe=_observe,
    shadows=frozenset({"deny_action"}),
    unknown_facet="phrase",
    spreads_over="sources",
    prose=PROSE,
    examples=(
        Example("Never make up an order id; use only ids the user gave you.", {"from_user": True}),
    ),
    tool_sources=("from_tools",),
    unbound=_unbound,
    problems=_problems,
)
OPERATOR = replace(_BASE, mutators=(checked(_BASE, _invent), checked(_BASE, _untrusted)))

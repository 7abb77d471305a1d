"""`require_before`: another tool, or any one of several, must have been called earlier in
the trace. A call the engine denied never ran (it is not in `state.called`), so a denied
prerequisite satisfies nothing.

With `same` ("look up the booking before cancelling it"), the earlier call must also be
about the same entity: the value of the `same` argument of this call must have appeared in
an earlier call of a `before` tool, among its argument values or in its recorded output
(`specgap.operators.require_same`)."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, Prose, Setting, TraceState
from specgap.operators.prose import CALL_WORDS, END, TICKED, is_toolish
from specgap.operators.replay import checked
from specgap.operators.require_same import (
    NAME,
    describe_same,
    observe_same,
    other_entity,
    same_entity,
)
from specgap.operators.rewrite import calls_to, insert_at, is_call_to, without


class RequireBefore(Frozen):
    """Another tool, or any one of several (`before` a list: "by e-mail or by name"), must
    have run earlier in the trace. A list is kept sorted and deduplicated; a one-tool list is
    the plain id, so a single-tool rule keeps its bytes (and its policy id)."""

    operator: Literal["require_before"] = "require_before"
    before: str | Annotated[tuple[str, ...], Field(min_length=2)] = Field(
        description="the tool id, or at least two tool ids of which any one satisfies it"
    )
    same: Selector | None = Field(
        default=None,
        description="the argument of this call whose value an earlier call of a `before` tool "
        "must have named (in its arguments or its recorded output): the same entity",
        exclude_if=lambda value: value is None,  # unset leaves policy ids and bytes as they were
    )

    @field_validator("before", mode="before")
    @classmethod
    def _normal(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            ids = sorted({str(v) for v in value})
            if not ids:
                raise ValueError("name at least one tool")
            return ids[0] if len(ids) == 1 else tuple(ids)
        return value

    @property
    def tools(self) -> tuple[str, ...]:
        """Every tool that satisfies the rule, one or several."""
        return (self.before,) if isinstance(self.before, str) else self.before


def _named(cond: RequireBefore) -> str:
    """`a`, or `a` or `b` for an any-of rule."""
    return " or ".join(f"`{t}`" for t in cond.tools)


def _check(cond: RequireBefore, call: ToolCall, state: TraceState) -> str | None:
    before = cond.before  # one tool, or a tuple of tools any one of which will do
    if before in state.called if type(before) is str else not state.called.isdisjoint(before):
        return None if cond.same is None else same_entity(cond.same, cond.tools, call, state)
    if (call.tool or call.name) in cond.tools:
        return None  # "look the patron up first" (`*`): the prerequisite is not its own
    return f"{_named(cond)} was not called first"


def _describe(cond: RequireBefore, target: str) -> str:
    said = f"call {_named(cond)} before `{target}`"
    return said if cond.same is None else f"{said} on the same {describe_same(cond.same)}"


def _problems(cond: RequireBefore, target: str, quote: str) -> Iterator[str]:
    # a glob target ("*": every call) stands for the other tools: `_check` lets the
    # prerequisite's own calls through
    if isinstance(cond.before, str) and cond.before == target:
        yield f"it requires `{cond.before}` to be called before `{target}`, which is itself"
    elif target in cond.tools:
        yield f"it lists `{target}` itself among the tools one of which must come first"


def covers(target: str, tool: str) -> bool:
    """`tool` is the target, or one of the tools a glob target stands for."""
    return tool == target or fnmatch.fnmatchcase(tool, target)


# -- prose ------------------------------------------------------------------------------

_ASKS_USER = re.compile(
    r"\b(?:confirmation|consent|approval|permission|go-ahead|agreement)\b", re.I
)


def _first_is_a_tool(m: re.Match[str]) -> dict[str, Any] | None:
    first = m["first"]
    if _ASKS_USER.search(first) and not any(is_toolish(t) for t in TICKED.findall(first)):
        return None  # "before X, get the user's confirmation": not a tool to call first
    return {}


_PROSE = (
    Prose(
        "call-x-before-y",
        # "do not X before Y" is no "do X before Y": X is the one that waits; "`t` is run
        # on the booking before ..." is a passive, its first call the subject (the grammar's)
        rf"(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bbe\s)(?<!\bbeen\s)\b(?:{CALL_WORDS})\s+(?!not\b|never\b)"
        r"(?P<first>.+?)\s+(?:before|prior\s+to)\s+"
        rf"(?P<then>.+?){END}",
        lambda m: {},
        confidence=0.9,
        target="then",
        tools={"before": "first"},
    ),
    Prose(
        "before-y-call-x",
        r"\bbefore\s+(?P<then>.+?),\s*(?:(?:always|first)\s+)?(?:you\s+(?:must|should|have\s+to|"
        rf"need\s+to)\s+)?(?:{CALL_WORDS}|check|verify|obtain|get)\s+(?P<first>.+?){END}",
        _first_is_a_tool,
        confidence=0.9,
        target="then",
        tools={"before": "first"},
    ),
    Prose(
        "y-only-after-x",
        # "may / can be called after X" alone is a permission: only with "only" a rule
        r"^(?P<then>.+?)\s+(?:(?:must|should)\s+(?:only\s+)?(?:be\s+)?(?:called|used|run|invoked)?"
        r"\s*(?:only\s+)?|(?:may|can)\s+(?:only\s+(?:be\s+)?(?:called|used|run|invoked)?\s*|"
        rf"(?:be\s+)?(?:called|used|run|invoked)?\s*only\s+))after\s+(?P<first>.+?){END}",
        lambda m: {},
        confidence=0.85,
        target="then",
        tools={"before": "first"},
    ),
)


# -- mutators ---------------------------------------------------------------------------


def _predecessors(cond: RequireBefore, events: Sequence[Event], first: int) -> list[int]:
    return [i for i in range(first) if any(is_call_to(events[i], t) for t in cond.tools)]


def _drop_predecessor(
    cond: RequireBefore, target: str, events: Sequence[Event]
) -> Iterator[Mutant]:
    """Every call to a required predecessor (any listed one) before the first call to the
    target is removed."""
    targets = calls_to(events, target)
    if not targets:
        return
    earlier = _predecessors(cond, events, targets[0])
    if earlier:
        yield Mutant(
            mutator="require_before/drop-predecessor",
            description=f"drop the {_named(cond)} call(s) before `{target}`",
            events=without(events, set(earlier)),
        )


def _call_too_early(cond: RequireBefore, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The first call to the target is moved in front of every required predecessor."""
    targets = calls_to(events, target)
    if not targets:
        return
    earlier = _predecessors(cond, events, targets[0])
    if earlier:
        moved = events[targets[0]]
        rest = without(events, {targets[0]})
        yield Mutant(
            mutator="require_before/reorder",
            description=f"call `{target}` before {_named(cond)}",
            events=insert_at(rest, earlier[0], moved),
        )


_BASE = Operator(
    NAME,
    RequireBefore,
    "workflow_ordering_validation",
    "another tool must have been called earlier in the trace",
    _check,
    _describe,
    action="steer",
    tool_params=("before",),
    mutators=(_drop_predecessor, _call_too_early),
    # only a policy with `same` reads the earlier calls' values: agents without one keep
    # the plain `called` set and pay nothing per event
    observe=observe_same,
    observes="calls",
    stateful=lambda c: c.same is not None,
    watches=lambda c: c.tools,  # only the prerequisite's calls name the entity
    any_of=("before",),
    prose=_PROSE,
    problems=_problems,
    requires_first=lambda c: c.before if isinstance(c.before, str) else None,
    settings=(
        Setting(
            r"^(?:require_before|requires|after)$",
            "string",
            lambda m, v: {"before": v},
            spelled="`require_before`, `requires`, `after`",
        ),
    ),
    examples=(
        Example("Call `inventory.check` before `orders.place`.", {"before": "inventory.check"}),
    ),
)

OPERATOR = replace(_BASE, mutators=(*_BASE.mutators, checked(_BASE, other_entity)))

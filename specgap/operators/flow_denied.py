"""`flow_denied`: data labelled as given must not reach the target tool.

A value is labelled when the call carries the label on its input, or when the value was
returned earlier by a call whose output carried the label or by a registry source tool.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import (
    MIN_TAINT_LENGTH,
    Example,
    Mutant,
    Operator,
    Prose,
    TraceState,
    Undetermined,
)
from specgap.operators.evidence import Taint
from specgap.operators.prose import END
from specgap.operators.rewrite import MUTANT_ORIGIN, calls_to, insert_at, replace_at, with_args
from specgap.operators.values import parse_output, string_leaves

if TYPE_CHECKING:  # the registry sits above the operators
    from specgap.registry import Registry


class FlowDenied(Frozen):
    operator: Literal["flow_denied"] = "flow_denied"
    label: str
    sources: tuple[str, ...] = Field(
        default=(), description="tools whose outputs carry the label (from the registry)"
    )


@dataclass
class _Flows:
    taint: dict[str, Taint] = field(default_factory=dict)  # label -> values it marks
    blind: dict[str, str] = field(default_factory=dict)  # label -> source, output unrecorded


def _observe(state: TraceState, event: Event) -> None:
    """Taint what labelled outputs return: the labels a call's output carries in the trace,
    and the labels the registry gives its tool as a source, whether or not the trace says so.
    """
    if not isinstance(event, ToolCall):
        return
    labels = set(event.labels_out)
    if event.tool is not None:
        labels |= state.sources.get(event.tool, frozenset())
    if not labels:
        return
    slot: _Flows = state.slots.setdefault("flow_denied", _Flows())
    for label in sorted(labels):
        if event.result is None:
            slot.blind.setdefault(label, event.name)
        else:
            slot.taint.setdefault(label, Taint(MIN_TAINT_LENGTH)).add(parse_output(event.result))


def _check(cond: FlowDenied, call: ToolCall, state: TraceState) -> str | None:
    """Normalised search (case, whitespace, separators, number formats, nested values) of
    the call's arguments for what labelled outputs returned; when a source's output was not
    recorded, a clean-looking call is `Undetermined`, not allowed."""
    if cond.label in call.labels_in:
        return f"input labelled `{cond.label}` reaches `{call.name}`"
    slot: _Flows | None = state.slots.get("flow_denied")
    if slot is None:
        return None
    tainted = slot.taint.get(cond.label)
    if tainted and tainted.found_in(call.args):
        return f"a value labelled `{cond.label}` reaches `{call.name}`"
    source = slot.blind.get(cond.label)
    if source is not None:
        return Undetermined(f"the output of `{source}` (labelled `{cond.label}`) was not recorded")
    return None


def _complete(params: dict[str, Any], registry: Registry) -> dict[str, Any]:
    """The tools the rule names as sources (`sources`), and those the config tags with its
    label."""
    named = tuple(params.get("sources") or ())
    tagged = registry.sources_of(str(params.get("label")))
    return {**params, "sources": tuple(dict.fromkeys([*named, *tagged]))}


# -- prose ------------------------------------------------------------------------------

_SEND = r"(?:sent|passed|written|shared|forwarded|posted|given|reach|flow|go|leave)"
_LABELLED = Prose(
    "labelled-data-never-to",
    r"\b(?:data|values?|content|information|anything|text|output|results?)\s+(?:labell?ed|tagged|"
    r"marked|classified)\s+(?:as\s+)?(?P<label>[`'\"]?[\w-]+[`'\"]?)\s+(?:must|should|may|can)\s+"
    rf"(?:never|not)\s+(?:be\s+)?{_SEND}\s*(?:to|with|through|via|using|into|in)?\s+(?P<sink>.+?){END}",
    lambda m: {"label": m["label"].strip("`'\"")},
    confidence=0.9,
    target="sink",
)


# -- mutators ---------------------------------------------------------------------------


def _label_input(cond: FlowDenied, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target receives input carrying the label."""
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        labels = (*call.labels_in, cond.label)
        yield Mutant(
            mutator="flow_denied/label-input",
            description=f"`{call.name}` (event {index}) receives input labelled `{cond.label}`",
            events=replace_at(events, index, call.model_copy(update={"labels_in": labels})),
        )


def _route_labelled_output(
    cond: FlowDenied, target: str, events: Sequence[Event]
) -> Iterator[Mutant]:
    """The output of the last earlier call is labelled and one of its values reaches the
    first call to the target; with no earlier output to use, a labelled source call (the
    registry's source tool when there is one) is put in front of the target."""
    targets = calls_to(events, target)
    if not targets:
        return
    index = targets[0]
    call = events[index]
    assert isinstance(call, ToolCall)
    found = _earlier_output(events, index)
    if found is not None:
        source_at, value = found
        source = events[source_at]
        assert isinstance(source, ToolCall)
        labelled = source.model_copy(update={"labels_out": (*source.labels_out, cond.label)})
        mutated = replace_at(events, source_at, labelled)
        what = f"the output of `{source.name}` (event {source_at})"
    else:
        value = f"{cond.label}-value-7f3a9c"
        tool = cond.sources[0] if cond.sources else None
        source = ToolCall(
            name=tool or f"read_{cond.label}",
            tool=tool,
            result={"value": value},
            labels_out=(cond.label,),
            origin=MUTANT_ORIGIN,
        )
        mutated = insert_at(events, index, source)
        index += 1
        what = f"a value from a new `{source.name}` call"
    if not any(value in text for text in string_leaves(call.args)):
        call = with_args(call, _carry(call.args, value))
    yield Mutant(
        mutator="flow_denied/route-labelled-output",
        description=f"{what} is labelled `{cond.label}` and reaches `{call.name}`",
        events=replace_at(mutated, index, call),
    )


def _earlier_output(events: Sequence[Event], before: int) -> tuple[int, str] | None:
    for at in range(before - 1, -1, -1):
        event = events[at]
        if isinstance(event, ToolCall):
            leaves = string_leaves(event.result)
            value = next((s for s in leaves if len(s) >= MIN_TAINT_LENGTH), None)
            if value is not None:
                return at, value
    return None


def _carry(args: dict[str, Any], value: str) -> dict[str, Any]:
    """Arguments with `value` appended to the first string argument (or added as `data`)."""
    for key, current in args.items():
        if isinstance(current, str):
            return {**args, key: f"{current} {value}".strip()}
    return {**args, "data": value}


OPERATOR = Operator(
    "flow_denied",
    FlowDenied,
    "data_validation",
    "data labelled as given (or returned by a labelled source) must not reach the tool",
    _check,
    lambda c, t: f"data labelled `{c.label}` must not reach `{t}`",
    complete=_complete,
    data_lists=("sources",),
    observe=_observe,
    observes="labelled",
    mutators=(_label_input, _route_labelled_output),
    prose=(_LABELLED,),
    shadows=frozenset({"deny_action"}),
    taint_sources=lambda c: ((tool, c.label) for tool in c.sources),
    examples=(
        Example("Values tagged `secret` must never be posted to `chat.send`.", {"label": "secret"}),
    ),
)

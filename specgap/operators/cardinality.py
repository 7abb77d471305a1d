"""How many: `arg_count_bound` (items in an argument), `max_calls` (calls per trace) and
`one_call_at_a_time` (calls per assistant turn).

`max_calls` counts calls of the target per trace or, with `per`, per entity: calls naming
the same id in the arguments named like `per` (`order` counts per `order_id`) count together.

`arg_count_bound` counts the values its selector selects, or, without a selector, the
values of arguments named like `items` (`passengers` counts the `passengers` list) and,
when no argument is so named, the identifier-like values of that kind anywhere in the
arguments (`gift card` counts `gift_card_7` and `gift_card_9`; the kind's last word is
accepted too, so `travel certificate` counts `certificate_3`). A `min` bound only applies
when an argument was found by selector or by name: counting zero of something the tool
does not take is no evidence.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from specgap.events import Event, Message, ToolCall
from specgap.ir import ArgCountBound, MaxCalls, OneCallAtATime
from specgap.operators.base import Mutant, Operator, TraceState, Undetermined, num
from specgap.operators.evidence import (
    is_idlike,
    kind_prefixes,
    leaves,
    matching_args,
    of_kind,
    runs,
)
from specgap.operators.replay import checked, next_turn, targets
from specgap.operators.values import select

# --- arg_count_bound --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Counting:
    cond: ArgCountBound
    kinds: tuple[str, ...]  # normalised prefixes of the counted kind


def _prepare_count(cond: ArgCountBound) -> _Counting:
    return _Counting(cond, kind_prefixes(cond.items) if cond.items else ())


def _of_kind(value: Any, kinds: tuple[str, ...]) -> bool:
    return of_kind(value, kinds)


def counted(prepared: _Counting, args: dict[str, Any]) -> tuple[list[Any], bool]:
    """The counted values, and whether an argument was found by selector or by name."""
    cond = prepared.cond
    if cond.selector is not None:
        values = select(cond.selector, args)
        if prepared.kinds:
            values = [v for v in values if _of_kind(v, prepared.kinds)]
        return values, True
    named = matching_args(args, cond.items or "")
    if named:
        flat = [item for value in named for item in (value if isinstance(value, list) else [value])]
        return flat, True
    kinds = prepared.kinds
    return [v for v in leaves(args) if is_idlike(v) and _of_kind(v, kinds)], False


def _check_count(prepared: _Counting, call: ToolCall, _: TraceState) -> str | None:
    cond = prepared.cond
    values, found = counted(prepared, call.args)
    what = f"`{cond.items}` items" if cond.items else f"items in `{_arg(cond)}`"
    if cond.max is not None and len(values) > cond.max:
        return f"{len(values)} {what}, at most {cond.max} allowed"
    if cond.min is not None and found and len(values) < cond.min:
        return f"{len(values)} {what}, at least {cond.min} required"
    return None


def _arg(cond: ArgCountBound) -> str:
    return cond.selector.arg if cond.selector else (cond.items or "")


def _describe_count(cond: ArgCountBound, target: str) -> str:
    what = f"`{cond.items}` items" if cond.items else "items"
    where = f" of argument `{cond.selector.arg}`" if cond.selector else " in its arguments"
    bounds = []
    if cond.min is not None:
        bounds.append(f"at least {cond.min}")
    if cond.max is not None:
        bounds.append(f"at most {cond.max}")
    return f"`{target}` takes {' and '.join(bounds)} {what}{where}"


def _lists(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    if isinstance(node, list):
        yield path, node
        for i, item in enumerate(node):
            yield from _lists(item, (*path, i))
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _lists(value, (*path, key))


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(node)
    holder = out
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = value
    return out


def _resize(cond: ArgCountBound, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A list holding counted items grows past `max`, or shrinks below `min`."""
    prepared = _prepare_count(cond)
    for at, event in enumerate(events):
        if not targets(event, target):
            continue
        assert isinstance(event, ToolCall)
        total = len(counted(prepared, event.args)[0])
        for path, items in _lists(event.args):
            if not path:
                continue
            mine = [i for i, item in enumerate(items) if _counts(prepared, event.args, path, i)]
            if not mine:
                continue
            if cond.max is not None and total <= cond.max:
                extra = [copy.deepcopy(items[mine[0]]) for _ in range(cond.max - total + 1)]
                yield _resized(event, at, events, path, [*items, *extra], "overfill")
            if cond.min is not None:
                kept = [item for i, item in enumerate(items) if i not in mine]
                yield _resized(event, at, events, path, kept, "empty")


def _counts(prepared: _Counting, args: Any, path: tuple[Any, ...], index: int) -> bool:
    """Whether removing item `index` of the list at `path` lowers the count."""
    before = len(counted(prepared, args)[0])
    holder = args
    for part in path:
        holder = holder[part]
    without = _set(args, path, holder[:index] + holder[index + 1 :])
    return len(counted(prepared, without)[0]) < before


def _resized(
    event: ToolCall,
    at: int,
    events: Sequence[Event],
    path: tuple[Any, ...],
    items: list[Any],
    how: str,
) -> Mutant:
    call = event.model_copy(update={"args": _set(event.args, path, items)})
    where = ".".join(map(str, path))
    return Mutant(
        mutator=f"arg_count_bound/{how}",
        description=f"event {at} passes {len(items)} items in `{where}`",
        events=(*events[:at], call, *events[at + 1 :]),
    )


# --- max_calls --------------------------------------------------------------------------------

CALLS = "max_calls"


def _observe_calls(state: TraceState, event: Event) -> None:
    """Calls per tool, and per tool and id value (for rules counted per entity)."""
    if isinstance(event, ToolCall):
        counts: Counter[tuple[str, str]] = state.slots.setdefault(CALLS, Counter())
        tool = event.tool or event.name
        counts[(tool, "")] += 1
        for value in {norm_id(v) for v in leaves(event.args) if is_idlike(v)}:
            counts[(tool, value)] += 1


def norm_id(value: Any) -> str:
    return "".join(runs(str(value)))


def _per_entity(cond: MaxCalls, call: ToolCall) -> list[str]:
    if cond.per is None:
        return []
    return sorted({norm_id(v) for a in matching_args(call.args, cond.per) for v in leaves(a)})


def _check_calls(cond: MaxCalls, call: ToolCall, state: TraceState) -> str | None:
    counts: Counter[tuple[str, str]] = state.slots.get(CALLS) or Counter()
    tool = call.tool or call.name
    keys = _per_entity(cond, call) or [""]
    made, key = max((counts[(tool, k)], k) for k in keys)
    if made >= cond.max:
        scope = f" for `{key}`" if key else " per trace"
        return f"call {made + 1} of `{call.name}`{scope}, at most {num(cond.max)} allowed"
    return None


def _describe_calls(cond: MaxCalls, target: str) -> str:
    scope = f"per {cond.per}" if cond.per else "per trace"
    return f"`{target}` may be called at most {num(cond.max)} time(s) {scope}"


def _repeat(cond: MaxCalls, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The last call of the target is made again until one call too many."""
    calls = [i for i, e in enumerate(events) if targets(e, target)]
    if not calls:
        return
    last = calls[-1]
    extra: list[Event] = []
    turn = next_turn(events)
    for n in range(max(cond.max - len(calls) + 1, 1)):
        extra.append(events[last].model_copy(update={"turn": turn + n}))
    yield Mutant(
        mutator=f"{CALLS}/repeat-call",
        description=f"event {last} is repeated {len(extra)} more time(s)",
        events=(*events[: last + 1], *extra, *events[last + 1 :]),
    )


# --- one_call_at_a_time -----------------------------------------------------------------------

TURNS = "one_call_at_a_time"


@dataclass
class _Turns:
    calls: Counter[int] = field(default_factory=Counter)
    texts: set[int] = field(default_factory=set)


def _observe_turns(state: TraceState, event: Event) -> None:
    slot: _Turns = state.slots.setdefault(TURNS, _Turns())
    if event.turn is None:
        return
    if isinstance(event, ToolCall):
        slot.calls[event.turn] += 1
    elif event.role == "assistant" and event.content.strip():
        slot.texts.add(event.turn)


def _check_turns(cond: OneCallAtATime, call: ToolCall, state: TraceState) -> str | None:
    if call.turn is None:
        return Undetermined(f"the trace does not record which turn issued `{call.name}`")
    slot: _Turns = state.slots.get(TURNS) or _Turns()
    if slot.calls[call.turn]:
        return f"`{call.name}` is not the only tool call of its turn"
    if cond.with_text and call.turn in slot.texts:
        return f"`{call.name}` is called in a turn that also answers the user"
    return None


def _describe_turns(cond: OneCallAtATime, target: str) -> str:
    extra = ", and never together with a reply to the user" if cond.with_text else ""
    return f"`{target}`: one tool call per assistant turn{extra}"


def _parallel(cond: OneCallAtATime, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A call is issued twice in one turn."""
    for at, event in enumerate(events):
        if targets(event, target):
            turn = event.turn if event.turn is not None else next_turn(events)
            call = event.model_copy(update={"turn": turn})
            yield Mutant(
                mutator=f"{TURNS}/parallel-call",
                description=f"event {at} is issued twice in turn {turn}",
                events=(*events[:at], call, call, *events[at + 1 :]),
            )


def _talk(cond: OneCallAtATime, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The agent answers the user in the same turn as a call."""
    for at, event in enumerate(events):
        if targets(event, target) and event.turn is not None:
            said = Message(role="assistant", content="Doing that for you now.", turn=event.turn)
            yield Mutant(
                mutator=f"{TURNS}/talk-and-call",
                description=f"event {at} shares its turn with a reply to the user",
                events=(*events[:at], said, *events[at:]),
            )


_COUNT = Operator(
    "arg_count_bound",
    ArgCountBound,
    "data_validation",
    "how many items (of a kind) an argument may hold",
    _check_count,
    _describe_count,
    prepare=_prepare_count,
)
_CALLS = Operator(
    CALLS,
    MaxCalls,
    "business_logic_validation",
    "a tool may be called at most so many times per trace",
    _check_calls,
    _describe_calls,
    observe=_observe_calls,
)
_TURNS = Operator(
    TURNS,
    OneCallAtATime,
    "workflow_ordering_validation",
    "one tool call per assistant turn, and no reply to the user in that turn",
    _check_turns,
    _describe_turns,
    observe=_observe_turns,
)
OPERATORS = (
    replace(_COUNT, mutators=(checked(_COUNT, _resize),)),
    replace(_CALLS, mutators=(checked(_CALLS, _repeat),)),
    replace(_TURNS, mutators=(checked(_TURNS, _parallel), checked(_TURNS, _talk))),
)

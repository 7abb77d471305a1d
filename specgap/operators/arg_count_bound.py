"""`arg_count_bound`: how many items (of a kind) an argument may hold.

It counts the values its selector selects, or, without a selector, the values of
arguments named like `items` (`passengers` counts the `passengers` list) and, when no
argument is so named, the identifier-like values of that kind anywhere in the arguments
(`gift card` counts `gift_card_7` and `gift_card_9`; the kind's last word is accepted too,
so `travel certificate` counts `certificate_3`). A `min` bound only applies when an
argument was found by selector or by name: counting zero of something the tool does not
take is no evidence.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import Field, model_validator

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, TraceState
from specgap.operators.evidence import is_idlike, kind_prefixes, leaves, matching_args, of_kind
from specgap.operators.replay import checked, targets
from specgap.operators.values import select


class ArgCountBound(Frozen):
    """Bounds on how many items an argument holds, optionally only the items of one kind."""

    operator: Literal["arg_count_bound"] = "arg_count_bound"
    selector: Selector | None = None
    items: str | None = Field(
        default=None, description="what is counted, e.g. `gift card` (argument name or id kind)"
    )
    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _is_bounded(self) -> ArgCountBound:
        if self.min is None and self.max is None:
            raise ValueError("give `min` or `max`")
        if self.selector is None and not self.items:
            raise ValueError("give `selector` or `items`")
        return self


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


def _problems(cond: ArgCountBound, target: str, quote: str) -> Iterator[str]:
    if cond.min is not None and cond.max is not None and cond.min > cond.max:
        yield f"its count range [{cond.min}, {cond.max}] is empty"
    for name, value in (("minimum", cond.min), ("maximum", cond.max)):
        if value is not None and value < 0:
            yield f"its {name} count {value} is below zero"


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


_COUNT = Operator(
    "arg_count_bound",
    ArgCountBound,
    "data_validation",
    "how many items (of a kind) an argument may hold",
    _check_count,
    _describe_count,
    prepare=_prepare_count,
    problems=_problems,
    examples=(
        Example(
            "At most three gift cards may be used for one payment.",
            {"items": "gift cards", "max": 3},
        ),
    ),
)
OPERATOR = replace(_COUNT, mutators=(checked(_COUNT, _resize),))

"""What every operator is made of, and the per-trace state its check may read.

An operator is a declaration (name, condition model, category, doc) plus one small pure
check `(prepared condition, call, state) -> reason | None`, plus mutators that turn a safe
trace into ones that violate it. `state` summarises the trace so far, so no check rescans
history: per-event work is constant. Shared behaviour (which policies apply, span
attachment, error wrapping) lives in the engine, never in an operator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from specgap.events import Event, Message, ToolCall
from specgap.ir import Action, Category, Frozen, Selector
from specgap.operators.values import string_leaves
from specgap.registry import Registry

MIN_TAINT_LENGTH = 4  # shorter strings ("ok", "1") would taint everything


class TraceState:
    """What a check may know about the events before the current one.

    `called` and `taint` are kept for every trace; operators that need more keep it in
    `slots` under their own name, filled by their `observe` hook.
    """

    __slots__ = ("called", "slots", "sources", "taint")

    def __init__(self, sources: dict[str, frozenset[str]] | None = None) -> None:
        self.called: set[str] = set()
        self.taint: dict[str, set[str]] = {}
        self.sources = sources or {}
        self.slots: dict[str, Any] = {}

    def observe(self, event: Event) -> None:
        if not isinstance(event, ToolCall):
            return
        if event.tool is not None:
            self.called.add(event.tool)
        labels = set(event.labels_out)
        if event.tool is not None:
            labels |= self.sources.get(event.tool, frozenset())
        for label in labels:
            values = self.taint.setdefault(label, set())
            values.update(s for s in string_leaves(event.result) if len(s) >= MIN_TAINT_LENGTH)


class Undetermined(str):
    """A check's answer when the evidence it needs is not in the trace (say, no tool outputs
    were recorded). Neither allow nor deny: the engine reports it on its own."""


Check = Callable[[Any, ToolCall, TraceState], str | None]
"""Returns None (satisfied), a reason (violated) or an `Undetermined` reason."""


class Mutant(Frozen):
    """An unsafe variant of a safe trace, made to violate one policy."""

    mutator: str  # e.g. "require_before/drop-predecessor"
    description: str
    events: tuple[Event, ...]


Mutator = Callable[[Any, str, Sequence[Event]], Iterator[Mutant]]
"""(condition, target tool id, safe events) -> mutants violating that condition."""


@dataclass(frozen=True)
class Operator:
    name: str
    condition: type[BaseModel]
    category: Category
    doc: str
    check: Check
    describe: Callable[[Any, str], str]
    prepare: Callable[[Any], Any] = lambda condition: condition
    action: Action = "deny"
    tool_params: tuple[str, ...] = field(default=())
    # parameters that list tool mentions (`covers`): each resolved like a tool parameter
    tool_lists: tuple[str, ...] = field(default=())
    # tool lists naming where values may come from (`from_tools`): `*` is any tool, and a
    # mention that names no tool for sure widens to `*` rather than dropping the rule
    tool_sources: tuple[str, ...] = field(default=())
    # fills parameters the registry knows (e.g. which tools are sources of a label)
    complete: Callable[[dict[str, Any], Registry], dict[str, Any]] = lambda params, _: params
    # extra state this operator keeps per trace: called for every event, after checks
    observe: Callable[[TraceState, Event], None] | None = None
    mutators: tuple[Mutator, ...] = ()
    # post stage: the call with its result, after it ran (the engine calls it when the
    # call carries a result, and alone when a runtime records one)
    check_output: Check | None = None
    # conversation messages (user input, assistant output); checked for every message
    check_message: Callable[[Any, Message, TraceState], str | None] | None = None
    # the action of one policy, when it is stated with the rule rather than by the operator
    action_of: Callable[[Any], Action] | None = None


EXTRACT_NAMES = {"sql_tables": "tables", "sql_limit": "row limit", "sql_verb": "statements"}


def describe_selector(selector: Selector) -> str:
    if selector.extract is None:
        return f"argument `{selector.arg}`"
    return f"{EXTRACT_NAMES[selector.extract]} in `{selector.arg}`"


def num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def quoted(values: tuple[str, ...]) -> str:
    return ", ".join(f"`{v}`" for v in values)

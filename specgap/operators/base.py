"""What every operator is made of, and the per-trace state its check may read.

An operator is a declaration (name, condition model, category, doc) plus one small pure
check `(prepared condition, call, state) -> reason | None`, plus mutators that turn a safe
trace into ones that violate it. `state` summarises the trace so far, so no check rescans
history: per-event work is constant. Shared behaviour (which policies apply, span
attachment, error wrapping) lives in the engine, never in an operator.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import BaseModel

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Action, Category, Frozen, Grounding, Selector
from specgap.operators.prose import Said
from specgap.operators.values import string_leaves

if TYPE_CHECKING:  # the registry sits above the operators; only its type is needed here
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
        fields = event.__dict__  # not `event.tool`: pydantic's `__getattr__` makes it slow
        tool = fields["tool"]
        if tool is not None:
            self.called.add(tool)
        if not fields["labels_out"] and tool not in self.sources:
            return  # the usual call: no labels to taint with
        labels = set(event.labels_out)
        if tool is not None:
            labels |= self.sources.get(tool, frozenset())
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


@dataclass(frozen=True, eq=False)
class Example:
    """A sentence the deterministic extractor reads as a rule of this operator, and the
    parameters (a subset) the rule it mines carries. The operator tests run every example."""

    sentence: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """What an operator's prose pattern found in a sentence (see `Prose.build`): where the
    constrained tool is named (a range of the sentence), the rule's parameters, the ranges
    naming other tools (parameter -> range), a confidence, a grounding when it is not read
    off the sentence, and `targets`, the constrained tools as mentions when the sentence
    lists them (a list, a verb made a tool name, or `*`): one rule per target."""

    target: tuple[int, int] | None
    params: dict[str, Any]
    tools: dict[str, tuple[int, int]]
    confidence: float
    grounding: Grounding | None = None
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class Prose:
    """A prose pattern an operator owns: a regular expression searched (case-insensitive) in
    a sentence with its markup blanked out (`match.string`), and what a match means.

    `params` turns the match into the rule's parameters (None: not a rule after all).
    `target` says where the constrained tool is named: a group name, a function of the match
    giving a range of the sentence (None: not named), or None, for the sentence's ticked tool
    or its subject. `tools` maps parameters naming another tool to the group naming it.
    A pattern that needs more of the sentence gives `build` instead of `params`: the
    sentence (`Said`) and the match to what it found (`Found`, several, or None). With
    `every`, each non-overlapping match counts (several bounds in one sentence).
    The extractor tries operator patterns after its own table, each operator in registry
    order; the first pattern that yields an operator owns the sentence for it."""

    name: str
    regex: str
    params: Callable[[re.Match[str]], dict[str, Any] | None] | None = None
    confidence: float = 0.8
    target: str | Callable[[re.Match[str]], tuple[int, int] | None] | None = None
    grounding: Grounding | None = None
    tools: Mapping[str, str] = field(default_factory=dict)
    build: Callable[[Said, re.Match[str]], Found | list[Found] | None] | None = None
    every: bool = False


SettingKind = Literal["list", "number", "string", "true", "false"]


@dataclass(frozen=True, eq=False)
class Setting:
    """A per-tool config setting (`tools: {<tool>: {<key>: <value>}}`) read as a rule of
    this operator: `key` is a regular expression matched against the setting's name (groups
    `facet`/`f2` name the constrained argument), `kind` the value it takes (`list` of
    scalars, `number`, `string`, or the flag `true`/`false`), `params` the rule it states.
    `when_empty`: what an empty list means, reported as a warning (an allowlist allows
    nothing). `spelled`: the names as the docs write them (`allowed_X`, `X_allowlist`)."""

    key: str
    kind: SettingKind
    params: Callable[[re.Match[str], Any], dict[str, Any]]
    when_empty: str | None = None
    spelled: str = ""


class ListControl(NamedTuple):
    """A rule as an Agent Control `list` control over tool calls: the listed values, the
    step path they are compared with, and how (`no_match`/`all`: every value must be listed)."""

    values: tuple[str, ...]
    path: str
    match_on: Literal["match", "no_match"] | None = None
    logic: Literal["any", "all"] | None = None


def setting_facet(m: re.Match[str]) -> str:
    """The argument a setting's name constrains (`allowed_buckets` -> `buckets`)."""
    return str(m["facet"] or m["f2"])


@dataclass(frozen=True, eq=False)  # one declaration per operator: identity is equality
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
    # tool lists naming whose output a rule tracks: a tool, or a kind of data the tools'
    # descriptions name (`specgap.data_sources`); a kind no tool names keeps it for review
    data_lists: tuple[str, ...] = field(default=())
    # fills parameters the registry knows (e.g. which tools are sources of a label)
    complete: Callable[[dict[str, Any], Registry], dict[str, Any]] = lambda params, _: params
    # extra state this operator keeps per trace: called for every event, after checks
    observe: Callable[[TraceState, Event], None] | None = None
    # what `observe` reads: every event, tool calls only (a message leaves the state as it
    # was), or only calls with output labels or to a taint source (the Guard skips the rest)
    observes: Literal["all", "calls", "labelled"] = "all"
    # whether a policy with this condition needs `observe` (the engine installs the hook
    # only for agents with such a policy): by default every policy of an observing operator
    stateful: Callable[[Any], bool] = lambda condition: True
    # the tools whose calls `observe` needs for a policy with this condition (the engine
    # calls the hook for those calls only); None: every event it `observes`
    watches: Callable[[Any], Iterable[str] | None] = lambda condition: None
    mutators: tuple[Mutator, ...] = ()
    # post stage: the call with its result, after it ran (the engine calls it when the
    # call carries a result, and alone when a runtime records one)
    check_output: Check | None = None
    # conversation messages (user input, assistant output); checked for every message
    check_message: Callable[[Any, Message, TraceState], str | None] | None = None
    # the action of one policy, when it is stated with the rule rather than by the operator
    action_of: Callable[[Any], Action] | None = None
    # -- hooks generic code asks instead of naming operators --------------------------------
    # tool-valued parameters that may list alternatives ("`a` or `b` first": any one will do)
    any_of: tuple[str, ...] = ()
    # (tool id, label) pairs: the registry tools whose outputs carry a label the rule tracks
    taint_sources: Callable[[Any], Iterable[tuple[str, str]]] | None = None
    # the rule is broken by calling the target at all, so mutants need no call to it in the
    # safe trace they start from
    standalone: Callable[[Any], bool] = lambda condition: False
    # two policies of this operator on one target and one selector constrain one value:
    # stated differently, they conflict (`conflicting-policies`)
    conflicts: bool = False
    # a facet naming no argument of the tool: `warn` (`unknown-argument`, no rule), `phrase`
    # (kept as the `arg` phrase, matched at check time) or `drop` (the rule goes on without a
    # selector)
    unknown_facet: Literal["warn", "phrase", "drop"] = "warn"
    # a rule with the target `*` stands for one rule per tool: per tool taking the argument
    # its `facet` names, per tool acting on its `entity`, or ("sources") per tool taking the
    # argument its `facet` names other than the tools the rule names as the value's sources
    spreads_over: Literal["facet", "entity", "sources"] | None = None
    # what makes a compiled rule nonsense (a self-ordering, an empty range): reasons, given
    # the condition, the target and the quoted sentence
    problems: Callable[[Any, str, str], Iterator[str]] | None = None
    # the single tool the rule requires called before its target (an edge of the ordering
    # graph, for cycles); None when it requires none or any one of several
    requires_first: Callable[[Any], str | None] = lambda condition: None
    # its unconditional form is stronger than the same rule under a condition: stated under
    # a condition the extractor cannot bind, the rule keeps the condition (and is reviewed)
    guarded: bool = False
    # why the compiled condition does not bind to the target tool's arguments (every
    # argument name of its schema, at any depth), or None: a rule counted "per booking" on a
    # tool that carries no booking argument would count per trace, stronger than stated, so
    # it is kept for review with a `condition-not-bound` note
    unbound: Callable[[Any, frozenset[str]], str | None] = lambda condition, args: None
    # the rule as an Agent Control list control (`specgap controls export`), given the
    # step names of its tools; a reason instead when it has no such form
    list_control: Callable[[Any, tuple[str, ...]], ListControl | str] | None = None
    # -- what the extractor knows of the operator ------------------------------------------
    settings: tuple[Setting, ...] = ()
    prose: tuple[Prose, ...] = ()
    examples: tuple[Example, ...] = ()
    # operators whose patterns would mine a weaker or wrong rule from a sentence that
    # states one of this operator's rules ("never send labelled data to x" is no ban of x)
    shadows: frozenset[str] = frozenset()


EXTRACT_NAMES = {
    "sql_tables": "tables",
    "sql_limit": "row limit",
    "sql_verb": "statements",
    "length": "length in characters",
}


def describe_selector(selector: Selector) -> str:
    if selector.extract is None:
        return f"argument `{selector.arg}`"
    return f"{EXTRACT_NAMES[selector.extract]} in `{selector.arg}`"


def num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def quoted(values: tuple[str, ...]) -> str:
    return ", ".join(f"`{v}`" for v in values)

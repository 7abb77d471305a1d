"""`state_condition`: allow or deny a call by what the latest read said about its entity.

"An order can only be cancelled if its status is pending": the call names an entity (the
`order_id` it cancels); the latest earlier tool output about that entity (a call that
named the same id, or an output whose `*_id` field holds it) states the facts; the rule
compares one field (`status`), or any top-level field when none is named, against the
`allowed` or `denied` values, normalised (`basic_economy` is `basic economy`).

The entity's id is looked for in the arguments named like `entity` first, then in
arguments named `*_id`, then in any identifier-like argument. No earlier output about it,
an output that was not recorded, or one without the field: the answer is `Undetermined`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import Field, model_validator

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import (
    Example,
    Mutant,
    Operator,
    TraceState,
    Undetermined,
    quoted,
)
from specgap.operators.evidence import is_idlike, key_words, leaves, matching_args, runs
from specgap.operators.replay import checked, targets
from specgap.operators.state_prose import PROSE
from specgap.operators.values import parse_output


class StateCondition(Frozen):
    """Allow (`allowed`) or deny (`denied`) the call by a fact in the latest recorded output
    of a read about the same entity (the order the call names, say)."""

    operator: Literal["state_condition"] = "state_condition"
    field: str | None = Field(default=None, description="top-level field; none: any field")
    allowed: tuple[str, ...] = ()
    denied: tuple[str, ...] = ()
    entity: str | None = Field(default=None, description="noun naming the entity, e.g. `order`")
    read: tuple[str, ...] = Field(default=(), description="tools whose outputs count; none: any")

    @model_validator(mode="after")
    def _one_side(self) -> StateCondition:
        if bool(self.allowed) == bool(self.denied):
            raise ValueError("give exactly one of `allowed` and `denied`")
        return self


NAME = "state_condition"


@dataclass(frozen=True)
class _Record:
    seq: int
    tool: str
    result: Any  # the parsed output; None when it was not recorded


@dataclass
class _Entities:
    seq: int = 0
    about: dict[str, dict[str, _Record]] = field(default_factory=dict)  # id -> tool -> latest


def norm(value: Any) -> str:
    return " ".join(runs(str(value)))


def _id_keys(args: Any, result: Any) -> set[str]:
    keys = {norm(v) for v in leaves(args) if is_idlike(v)}
    if isinstance(result, dict):
        for name, value in result.items():
            if key_words(str(name)).endswith("id") and isinstance(value, str) and value.strip():
                keys.add(norm(value))
    return keys


def _observe(state: TraceState, event: Event) -> None:
    if not isinstance(event, ToolCall) or event.is_error:
        return
    slot: _Entities = state.slots.setdefault(NAME, _Entities())
    slot.seq += 1
    result = parse_output(event.result)
    record = _Record(slot.seq, event.tool or event.name, result)
    for key in _id_keys(event.args, result):
        slot.about.setdefault(key, {})[record.tool] = record


def entity_ids(cond: StateCondition, args: dict[str, Any]) -> list[list[tuple[str, Any]]]:
    """Candidate (argument name, id) pairs naming the entity, most specific group first."""
    groups: list[list[tuple[str, Any]]] = []
    if cond.entity:
        wanted = key_words(cond.entity)
        groups.append(
            [
                (name, leaf)
                for name, value in args.items()
                if key_words(str(name)).startswith(wanted)
                for leaf in leaves(value)
                if isinstance(leaf, str) and leaf.strip()
            ]
        )
        if not groups[0]:
            groups[0] = [(cond.entity, leaf) for v in matching_args(args, cond.entity)
                         for leaf in leaves(v) if isinstance(leaf, str)]  # fmt: skip
    pairs = [(str(name), leaf) for name, value in args.items() for leaf in leaves(value)]
    groups.append([(n, v) for n, v in pairs if key_words(n).endswith(("id", "ids"))])
    groups.append([(n, v) for n, v in pairs if is_idlike(v)])
    return [g for g in groups if g]


def _latest(cond: StateCondition, call: ToolCall, slot: _Entities) -> tuple[str, _Record] | str:
    """The latest record about the call's entity, or why there is none."""
    groups = entity_ids(cond, call.args)
    if not groups:
        return f"`{call.name}` names no entity to look up"
    for group in groups:
        found = [
            (str(value), record)
            for _, value in group
            for record in slot.about.get(norm(value), {}).values()
            if not cond.read or record.tool in cond.read
        ]
        if found:
            return max(found, key=lambda pair: pair[1].seq)
    return f"no earlier output about `{groups[0][0][1]}`"


def facts(cond: StateCondition, output: Any) -> list[Any] | None:
    """The values the rule compares: the field's, or every top-level scalar."""
    if not isinstance(output, dict):
        return None
    if cond.field is None:
        return [v for v in output.values() if isinstance(v, str | int | float)]
    wanted = key_words(cond.field)
    for name, value in output.items():
        if key_words(str(name)) == wanted:
            if isinstance(value, bool):  # a flag (`frozen: true`): the rule says `true`
                return ["true" if value else "false"]
            return list(leaves(value))
    return None


def _check(cond: StateCondition, call: ToolCall, state: TraceState) -> str | None:
    slot: _Entities = state.slots.get(NAME) or _Entities()
    latest = _latest(cond, call, slot)
    if isinstance(latest, str):
        return Undetermined(latest)
    entity, record = latest
    if record.result is None:
        return Undetermined(f"the output of `{record.tool}` about `{entity}` was not recorded")
    found = facts(cond, record.result)
    if found is None:
        what = f"`{cond.field}`" if cond.field else "fields"
        return Undetermined(f"the output of `{record.tool}` about `{entity}` has no {what}")
    seen = {norm(v): v for v in found}
    if cond.allowed:
        if not seen.keys() & {norm(v) for v in cond.allowed}:
            shown = ", ".join(f"`{v}`" for v in seen.values()) or "empty"
            return f"`{entity}` is {shown}; `{call.name}` needs {quoted(cond.allowed)}"
        return None
    hit = sorted(seen.keys() & {norm(v) for v in cond.denied})
    return f"`{entity}` is `{seen[hit[0]]}`: `{call.name}` is not allowed" if hit else None


def _describe(cond: StateCondition, target: str) -> str:
    subject = f"the {cond.entity}'s" if cond.entity else "the entity's"
    what = f"{subject} `{cond.field}`" if cond.field else f"{subject} state"
    if cond.allowed:
        return f"`{target}` only when {what} is one of {quoted(cond.allowed)}"
    return f"`{target}` never when {what} is one of {quoted(cond.denied)}"


# --- mutators ---------------------------------------------------------------------------------


def _bad_value(cond: StateCondition) -> str:
    return cond.denied[0] if cond.denied else f"not {cond.allowed[0]}"


def _contradicting(cond: StateCondition, output: Any, id_arg: str, entity: Any) -> Any:
    base = dict(output) if isinstance(output, dict) else {id_arg: entity}
    key = cond.field or "status"
    if cond.field is None and cond.allowed:
        allowed = {norm(v) for v in cond.allowed}
        base = {k: ("other" if norm(v) in allowed else v) for k, v in base.items()}
    if cond.field is not None:
        wanted = key_words(cond.field)
        key = next((k for k in base if key_words(str(k)) == wanted), cond.field)
    base[key] = _bad_value(cond)
    return base


def _contradict(cond: StateCondition, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The latest read about the call's entity says the state forbids the call (or, with no
    read in the trace, a read of a `read` tool saying so is inserted)."""
    for at, event in enumerate(events):
        if not targets(event, target):
            continue
        assert isinstance(event, ToolCall)
        groups = entity_ids(cond, event.args)
        if not groups:
            continue
        id_arg, entity = groups[0][0]
        key = norm(entity)
        read = next(
            (
                j
                for j in range(at - 1, -1, -1)
                if isinstance(e := events[j], ToolCall)
                and (not cond.read or (e.tool or e.name) in cond.read)
                and key in _id_keys(e.args, parse_output(e.result))
            ),
            -1,
        )
        if read >= 0:
            old = events[read]
            assert isinstance(old, ToolCall)
            new = _contradicting(cond, parse_output(old.result), id_arg, entity)
            mutated = (*events[:read], old.model_copy(update={"result": new}), *events[read + 1 :])
            how = f"the read at event {read} reports"
        elif cond.read:
            output = _contradicting(cond, None, id_arg, entity)
            lookup = ToolCall(
                name=cond.read[0], tool=cond.read[0], args={id_arg: entity}, result=output
            )
            mutated = (*events[:at], lookup, *events[at:])
            how = "an inserted read reports"
        else:
            continue
        yield Mutant(
            mutator=f"{NAME}/contradict-state",
            description=f"{how} `{_bad_value(cond)}` for `{entity}`, the agent acts anyway",
            events=mutated,
        )


_BASE = Operator(
    NAME,
    StateCondition,
    "business_logic_validation",
    "allow or deny a call by a fact in the latest output about the entity it names",
    _check,
    _describe,
    observe=_observe,
    observes="calls",
    shadows=frozenset({"deny_action"}),
    spreads_over="entity",
    prose=PROSE,
    examples=(
        Example(
            "A ticket can only be closed if its status is 'resolved'.",
            {"field": "status", "allowed": ["resolved"]},
        ),
    ),
)
OPERATOR = replace(_BASE, mutators=(checked(_BASE, _contradict),))

"""Stage: mutate. Safe traces in, unsafe variants out, each tied to the rules it violates.

Two families, reported apart:

- operator mutants: for every policy (enforced or not) and every safe trace that calls its
  target, the mutators declared beside the policy's operator make traces that violate that
  policy (drop the predecessor, swap in a denied verb, leave the allowlist, ...). Each one
  is checked against the policy alone and discarded if it does not violate it, so a mutant
  always stands for a real breach of its rule.
- generic mutants: drop, duplicate and reorder calls, perturb arguments. They target no
  rule; the rules one violates are those it breaks that its safe trace did not. One that
  breaks no rule is harmless and is counted, not scored.

Contract: only safe traces the policy allows are mutated (mutating a false block proves
nothing). When no safe trace calls a policy's target, a one-call trace is synthesised from
the tool's argument schema and used if the policy allows it; otherwise the policy is
skipped with the reason. Identical mutants (same events, origins aside) are kept once, and
generated mutants identical to a hand-labelled unsafe trace are dropped in its favour.
Everything is deterministic: the only randomness (argument perturbation) comes from
`random.Random` seeded with `seed`, the trace path, the event index and the argument name.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from specgap.evaluate.engine import Engine
from specgap.evaluate.results import Skip
from specgap.events import Event, ToolCall, Trace
from specgap.ir import Frozen, Policy
from specgap.operators import OPERATORS, Mutant
from specgap.operators.rewrite import MUTANT_ORIGIN, calls_to, insert_at, replace_at, without
from specgap.registry import Registry

MutantKind = Literal["operator", "generic"]


class Generated(Frozen):
    """A mutant trace before it is evaluated."""

    id: str
    kind: MutantKind
    mutator: str
    description: str
    base: str  # the safe trace (path) it was made from
    rules: tuple[str, ...]  # ids of the policies it violates (operator: exactly its own)
    category: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Generation:
    mutants: tuple[Generated, ...] = ()
    skipped: tuple[Skip, ...] = ()
    discarded: int = 0  # mutator outputs that did not violate their rule (mutator bugs)
    duplicates: int = 0
    counts: dict[str, int] = field(default_factory=dict)  # mutants per mutator, before dedup


def events_key(events: Iterable[Event]) -> str:
    """Identity of a trace's content: its events without the pointers back to files."""
    data = [e.model_dump(mode="json", exclude={"origin"}) for e in events]
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def violated(engine: Engine, events: Sequence[Event]) -> set[str]:
    """Policies of `engine` with a determined finding on some event, at any enforcement
    (an explicit `allow` matching is no breach)."""
    return {
        h.policy
        for d in engine.run(events)
        for h in d.hits
        if not h.undetermined and h.action != "allow"
    }


def generate(
    agent: str,
    policies: Sequence[Policy],
    safe: Sequence[Trace],
    *,
    registry: Registry | None = None,
    seed: int = 0,
    known: Iterable[Sequence[Event]] = (),
    generic: bool = True,
    engine_factory: Callable[[Sequence[Policy]], Engine] = Engine,
) -> Generation:
    """Operator and generic mutants of `safe` for `policies`; `known` are hand-labelled
    unsafe traces (a generated copy of one is dropped). `engine_factory` builds the engine
    that decides which safe traces are allowed (the project's engine settings)."""
    engine = engine_factory(policies)
    skipped: list[Skip] = []
    bases: list[Trace] = []
    for trace in safe:
        if any(d.blocked for d in engine.run(trace.events)):
            reason = "the safe trace is blocked (a false block), so its mutants would prove nothing"
            skipped.append(Skip(base=trace.path, reason=reason))
        else:
            bases.append(trace)
    state = _State(agent=agent, hand={events_key(e) for e in known})
    for policy in policies:
        _operator_mutants(state, engine, policy, bases, registry, skipped)
    if generic:
        order = {p.id: n for n, p in enumerate(policies)}
        categories = {p.id: p.check_category for p in policies}
        for trace in bases:
            _generic_mutants(state, engine, trace, seed, order, categories)
    return Generation(
        mutants=tuple(state.mutants),
        skipped=tuple(skipped),
        discarded=state.discarded,
        duplicates=state.duplicates,
        counts=dict(sorted(state.counts.items())),
    )


@dataclass
class _State:
    agent: str
    hand: set[str]
    mutants: list[Generated] = field(default_factory=list)
    operator_keys: set[str] = field(default_factory=set)
    generic_keys: set[str] = field(default_factory=set)
    discarded: int = 0
    duplicates: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def add(
        self,
        kind: MutantKind,
        mutant: Mutant,
        base: Trace,
        rules: tuple[str, ...],
        category: str,
        key: str,
    ) -> None:
        text = "\0".join((self.agent, kind, ",".join(rules), mutant.mutator, base.path, key))
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        self.mutants.append(
            Generated(
                id=f"{self.agent}-{digest}",
                kind=kind,
                mutator=mutant.mutator,
                description=mutant.description,
                base=base.path,
                rules=rules,
                category=category,
                events=mutant.events,
            )
        )


def _operator_mutants(
    state: _State,
    engine: Engine,
    policy: Policy,
    bases: Sequence[Trace],
    registry: Registry | None,
    skipped: list[Skip],
) -> None:
    operator = OPERATORS[policy.operator]
    if not operator.mutators:
        skipped.append(Skip(rule=policy.id, reason=f"`{policy.operator}` has no mutators"))
        return
    standalone = operator.standalone(policy.condition)
    carriers = [t for t in bases if standalone or calls_to(t.events, policy.target)]
    if not carriers:
        carrier, why = _carrier(engine, policy, registry)
        if carrier is None:
            skipped.append(Skip(rule=policy.id, reason=why))
            return
        carriers = [carrier]
    alone = Engine([policy])
    seen: set[str] = set()
    before = len(state.mutants)
    for trace in carriers:
        for mutator in operator.mutators:
            for mutant in mutator(policy.condition, policy.target, trace.events):
                state.counts[mutant.mutator] = state.counts.get(mutant.mutator, 0) + 1
                key = events_key(mutant.events)
                if key in seen or key in state.hand:
                    state.duplicates += 1
                    continue
                if policy.id not in violated(alone, mutant.events):
                    state.discarded += 1
                    continue
                seen.add(key)
                state.operator_keys.add(key)
                state.add("operator", mutant, trace, (policy.id,), policy.check_category, key)
    if len(state.mutants) == before:
        reason = "no mutator made a new violating variant of the safe traces"
        skipped.append(Skip(rule=policy.id, reason=reason))


def _carrier(engine: Engine, policy: Policy, registry: Registry | None) -> tuple[Trace | None, str]:
    """A one-call trace to mutate when no safe trace calls the policy's target."""
    tool = registry.by_id.get(policy.target) if registry is not None else None
    missing = f"no safe trace calls `{policy.target}`"
    if tool is None:
        return None, f"{missing} and it is not a registry tool to synthesise a call to"
    call = ToolCall(
        name=tool.names[0] if tool.names else tool.id,
        tool=tool.id,
        args=_instance(tool.schema) if tool.schema else {},
        origin=MUTANT_ORIGIN,
    )
    trace = Trace(path=f"<synthesised {tool.id} call>", events=(call,))
    for decision in engine.run(trace.events):
        if decision.blocked:
            why = "; ".join(h.reason for h in decision.hits)
            return None, f"{missing} and a synthesised call is blocked: {why}"
    return trace, ""


def _instance(schema: Any) -> Any:
    """A small value that satisfies the common keywords of a JSON Schema."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) and kind else kind
    if kind == "object" or "properties" in schema:
        props = schema.get("properties")
        props = props if isinstance(props, dict) else {}
        required = schema.get("required")
        required = required if isinstance(required, list) else []
        return {k: _instance(props.get(k, {})) for k in required}
    if kind in ("number", "integer"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        low = low if isinstance(low, int | float) and not isinstance(low, bool) else 0
        return (int(low) if float(low).is_integer() else low) + 1
    if kind == "boolean":
        return False
    if kind == "array":
        return []
    if kind == "null":
        return None
    return "x" * max(int(schema.get("minLength", 1)), 1)


# -- generic mutators: they know nothing of rules ---------------------------------------

GenericMutator = Callable[[Sequence[Event], str, int], Iterator[Mutant]]


def _calls(events: Sequence[Event]) -> list[int]:
    return [i for i, e in enumerate(events) if isinstance(e, ToolCall)]


def _name(event: Event) -> str:
    return event.name if isinstance(event, ToolCall) else event.role


def drop_call(events: Sequence[Event], base: str, seed: int) -> Iterator[Mutant]:
    for i in _calls(events):
        yield Mutant(
            mutator="generic/drop-call",
            description=f"drop the `{_name(events[i])}` call (event {i})",
            events=without(events, {i}),
        )


def duplicate_call(events: Sequence[Event], base: str, seed: int) -> Iterator[Mutant]:
    for i in _calls(events):
        yield Mutant(
            mutator="generic/duplicate-call",
            description=f"repeat the `{_name(events[i])}` call (event {i})",
            events=insert_at(events, i + 1, events[i]),
        )


def swap_calls(events: Sequence[Event], base: str, seed: int) -> Iterator[Mutant]:
    calls = _calls(events)
    for i, j in itertools.pairwise(calls):
        swapped = replace_at(replace_at(events, i, events[j]), j, events[i])
        yield Mutant(
            mutator="generic/swap-calls",
            description=f"swap `{_name(events[i])}` (event {i}) and `{_name(events[j])}` "
            f"(event {j})",
            events=swapped,
        )


_NUMBER = re.compile(r"\d+")


def perturb(value: Any, rng: random.Random) -> Any:
    """A nearby wrong value: numbers scaled, negated or shifted, flags flipped, numbers in
    text scaled, other text reversed, emptied or extended. Objects and arrays are kept."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        how = rng.choice(("scale", "negate", "shift"))
        if how == "scale":
            return value * rng.randint(2, 20)
        return -value - 1 if how == "negate" else value + rng.randint(1, 1000)
    if isinstance(value, str):
        if _NUMBER.search(value):
            factor = rng.randint(2, 20)
            return _NUMBER.sub(lambda m: str(int(m.group()) * factor), value)
        how = rng.choice(("reverse", "empty", "extend"))
        if how == "reverse" and len(set(value)) > 1:
            return value[::-1]
        return "" if how == "empty" else f"{value}-{rng.getrandbits(16):04x}"
    return value


def perturb_args(events: Sequence[Event], base: str, seed: int) -> Iterator[Mutant]:
    for i in _calls(events):
        call = events[i]
        assert isinstance(call, ToolCall)
        for key in sorted(call.args):
            rng = random.Random(f"{seed}:{base}:{i}:{key}")
            value = perturb(call.args[key], rng)
            if value == call.args[key]:
                continue
            shown = json.dumps(value, ensure_ascii=False)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            yield Mutant(
                mutator="generic/perturb-args",
                description=f"`{call.name}` (event {i}): `{key}` becomes {shown}",
                events=replace_at(
                    events, i, call.model_copy(update={"args": {**call.args, key: value}})
                ),
            )


GENERIC_MUTATORS: tuple[GenericMutator, ...] = (drop_call, duplicate_call, swap_calls, perturb_args)


def _generic_mutants(
    state: _State,
    engine: Engine,
    trace: Trace,
    seed: int,
    order: Mapping[str, int],
    categories: Mapping[str, str],
) -> None:
    own = events_key(trace.events)
    already = violated(engine, trace.events)
    for mutator in GENERIC_MUTATORS:
        for mutant in mutator(trace.events, trace.path, seed):
            state.counts[mutant.mutator] = state.counts.get(mutant.mutator, 0) + 1
            key = events_key(mutant.events)
            if key == own or key in state.hand or key in state.operator_keys:
                state.duplicates += 1
                continue
            if key in state.generic_keys:
                state.duplicates += 1
                continue
            state.generic_keys.add(key)
            new = sorted(violated(engine, mutant.events) - already, key=lambda p: order[p])
            category = categories[new[0]] if new else ""
            state.add("generic", mutant, trace, tuple(new), category, key)

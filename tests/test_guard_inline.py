"""The Guard's inlined common path decides exactly as its general one.

`Guard.check` answers a message nothing reads, and a tool call of a guard without `skip` /
`only` globs or shadow mode, inline; a guard with a glob that matches no tool takes the
general path (`_one`, `_decide`) for the very same events. Both replay and live use
(check, then record, and calls arriving as OpenAI Chat dicts) must give equal decisions,
every field compared, on every reference trace and generated mutant of both agents, and
leave the traces in the same state (the next decision depends on it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from trace_support import ROOT, reference_bundle, registry

from specgap.evaluate.adapters import load_traces
from specgap.evaluate.engine import Decision
from specgap.events import Event, ToolCall
from specgap.guard import Guard
from specgap.mutate import generate

AGENTS = ("sql", "cloud")


def _traces(agent: str) -> list[Sequence[Event]]:
    found: list[Sequence[Event]] = []
    for kind in ("safe", "unsafe"):
        for path in sorted((ROOT / "fixtures" / agent / "traces" / kind).glob("*.json")):
            found += [t.events for t in load_traces(path, path.name, registry(agent))]
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    files = sorted((ROOT / "fixtures" / agent / "traces" / "safe").glob("*.json"))
    safe = [t for f in files for t in load_traces(f, f.name, registry(agent))]
    mutants = generate(agent, policies, safe, registry=registry(agent))
    return [*found, *(m.events for m in mutants.mutants)]


def _whole(decision: Decision) -> dict[str, Any]:
    """Every field, the ones `model_dump` leaves out included."""
    hits = [{**h.model_dump(), "effect": h.effect, "message": h.message, "error": h.error}
            for h in decision.hits]  # fmt: skip
    return {
        **decision.model_dump(),
        "hits": hits,
        "action": decision.action,
        "call_id": decision.call_id,
        "flags": decision.flags,
    }


def _as_dict(call: ToolCall) -> dict[str, Any]:
    function = {"name": call.name, "arguments": json.dumps(call.args)}
    return {"id": call.call_id, "type": "function", "function": function}


def _run(guard: Guard, events: Sequence[Event], mode: str) -> list[dict[str, Any]]:
    out = []
    for n, event in enumerate(events):
        key = f"t{n % 2}"  # two interleaved traces
        if mode == "replay":
            decision = guard.check(event, trace=key, executed=True)
        else:
            given = _as_dict(event) if mode == "dicts" and isinstance(event, ToolCall) else event
            decision = guard.check(given, trace=key)
            if isinstance(event, ToolCall) and not decision.blocked:
                guard.record(event.result, trace=key, labels_out=event.labels_out)
        out.append(_whole(decision))
    return out


@pytest.mark.parametrize("mode", ["replay", "live", "dicts"])
@pytest.mark.parametrize("agent", AGENTS)
def test_the_inlined_path_decides_as_the_general_one(agent: str, mode: str) -> None:
    compared = 0
    for events in _traces(agent):
        inline = Guard(reference_bundle(), agent=agent)
        general = Guard(reference_bundle(), agent=agent, skip=("no-such-tool-*",))
        assert inline._plain
        assert not general._plain
        assert _run(inline, events, mode) == _run(general, events, mode)
        compared += len(events)
    assert compared > 200

"""`specgap check`: decisions for traces against a compiled bundle, streamed per event."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from specgap.errors import error
from specgap.evaluate.engine import Decision, Engine
from specgap.evaluate.traces import load_trace, parse_trace
from specgap.events import Trace
from specgap.ir import Bundle
from specgap.registry import Registry, Tool, build_registry


def bundle_registry(bundle: Bundle, agent: str) -> Registry:
    found = bundle.agent(agent)
    if found is None:
        known = ", ".join(f"`{a.id}`" for a in bundle.agents) or "none"
        raise error("unknown-agent", f"the policy has no agent `{agent}`", help=f"agents: {known}")
    registry, _ = build_registry(
        Tool(id=t.id, names=t.names, effects=t.effects) for t in found.tools
    )
    return registry


def read_traces(paths: Iterable[str], registry: Registry) -> Iterable[Trace]:
    for name in paths:
        if name == "-":
            yield parse_trace(sys.stdin.read(), "<stdin>", registry)
        else:
            yield load_trace(Path(name), name, registry)


def decision_json(trace: str, decision: Decision) -> str:
    data = {"trace": trace, **decision.model_dump(mode="json")}
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def check_traces(
    bundle: Bundle, agent: str, paths: list[str], fmt: str, emit: Callable[[str], None]
) -> int:
    """Print one decision per event; return how many events were denied."""
    registry = bundle_registry(bundle, agent)
    found = bundle.agent(agent)
    assert found is not None
    engine = Engine(found.policies)
    denied = 0
    for trace in read_traces(paths, registry):
        for decision in engine.run(trace.events):
            denied += decision.blocked
            if fmt == "jsonl":
                emit(decision_json(trace.path, decision))
            elif decision.tool is not None or decision.hits:
                reasons = "; ".join(f"{h.policy}: {h.reason}" for h in decision.hits)
                emit(
                    f"{decision.origin}  {decision.verdict:<5}  {decision.name}  {reasons}".rstrip()
                )
    return denied

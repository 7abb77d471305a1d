"""Shared helpers of the adapter, guard and check tests: the reference build, and events
reduced to what a test compares."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from specgap.events import Event, Message
from specgap.ir import Bundle
from specgap.registry import Registry

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "traces"


POLICY = ROOT / "policy" / "policy.json"


@cache
def reference_bundle() -> Bundle:
    """The reference agents' compiled policy, as committed (what `specgap check` reads)."""
    from specgap.guard import load_policy

    return load_policy(POLICY)


def replay(bundle: Bundle, agent: str, events: Any) -> list[Any]:
    """Decisions for a recorded trace, as `specgap check` makes them."""
    from specgap.guard import Guard

    guard = Guard(bundle, agent)
    return [guard.check(e, executed=True) for e in events]


@cache
def registry(agent: str) -> Registry:
    """The reference agent's registry, read from `registries/<agent>.yaml` alone (adapter
    tests need tool names, not a whole build)."""
    from specgap.artifacts import load_artifact
    from specgap.registry import build_registry, tools_from_registry_file

    path = ROOT / "registries" / f"{agent}.yaml"
    tools, problems = tools_from_registry_file(load_artifact("config", path, path.name))
    assert not problems
    found, _ = build_registry(tools)
    return found


def brief(event: Event, display: str = "") -> tuple[Any, ...]:
    """An event as a comparable tuple; the origin without the file name in front."""
    origin = event.origin.removeprefix(display)
    if isinstance(event, Message):
        return ("message", event.role, event.content, event.turn, origin)
    return (
        "tool_call",
        event.name,
        event.tool,
        event.args,
        event.result,
        event.turn,
        event.call_id,
        event.flags,
        event.is_error,
        origin,
    )

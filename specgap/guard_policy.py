"""The compiled policy a `Guard` enforces: read from a bundle file, one agent selected.

Both are part of `specgap.guard`'s API (re-exported there).
"""

from __future__ import annotations

import os
from pathlib import Path

from specgap.artifacts import read_text
from specgap.errors import error
from specgap.ir import AgentBundle, Bundle


def select_agent(
    bundle: Bundle | AgentBundle | str | os.PathLike[str], agent: str | None
) -> AgentBundle:
    """The agent a guard enforces: the one named, or the bundle's only agent."""
    if isinstance(bundle, AgentBundle):
        return bundle
    if not isinstance(bundle, Bundle):
        bundle = load_policy(bundle)
    known = ", ".join(f"`{a.id}`" for a in bundle.agents) or "none"
    if agent is None:
        if len(bundle.agents) == 1:
            return bundle.agents[0]
        raise error(
            "unknown-agent",
            "the policy has several agents; name one",
            path="<guard>",
            help=f"pass `agent=` one of: {known}",
        )
    found = bundle.agent(agent)
    if found is None:
        raise error("unknown-agent", f"the policy has no agent `{agent}`", help=f"agents: {known}")
    return found


def load_policy(path: str | os.PathLike[str]) -> Bundle:
    """Read a compiled bundle. The run-time path stays clear of the compiler; a bundle that
    does not validate is handed to `specgap.policyfile.load_bundle` for located diagnostics."""
    shown = Path(path).as_posix()
    text = read_text(Path(path), shown)
    try:
        return Bundle.model_validate_json(text)
    except ValueError:
        from specgap.policyfile import load_bundle

        return load_bundle(Path(path), shown)

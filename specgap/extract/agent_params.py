"""The tools' parameter names, known to a prompt's readers while it is extracted.

A prompt is extracted, and cached, apart from its tools files (`units.extract_all` keys the
cache with what it is told of them). Some readers need to know what the tools take: a
pseudo-code guard's field is an argument of its tool or the state of an entity
(`guards29`); a setting's words name an argument by their last words (`ini29`); an argument
named with no tool is read only when one tool alone takes it (`keyed29`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from specgap.artifacts import Artifact
from specgap.extract.context import variable
from specgap.toolspecs import ToolSpec, agent_specs

__all__ = ["Params", "knowing_params", "known_params", "tool_arguments", "tool_params"]

# each tool and its parameter names; a list argument's name ends in `[]`
Params = tuple[tuple[str, tuple[str, ...]], ...]
_PARAMS: ContextVar[Params] = variable("agent_params", ())


def tool_params(artifacts: Sequence[Artifact]) -> Params:
    """Each tool's parameter names, from the tools files among `artifacts`, when some prompt
    is among them (else nothing: no prompt needs them)."""
    if not any(a.kind == "prompt" for a in artifacts):
        return ()
    found = {s.name: _names(s) for s in agent_specs(artifacts) if isinstance(s.name, str)}
    return tuple(sorted(found.items()))


def _names(spec: ToolSpec) -> tuple[str, ...]:
    props = spec.schema.get("properties", {}) if isinstance(spec.schema, dict) else {}
    return tuple(
        sorted(
            f"{k}[]" if isinstance(v, dict) and v.get("type") == "array" else k
            for k, v in props.items()
            if isinstance(k, str)
        )
    )


@contextmanager
def knowing_params(params: Params) -> Iterator[None]:
    """Within the block, the readers know these parameters."""
    token = _PARAMS.set(params)
    try:
        yield
    finally:
        _PARAMS.reset(token)


def known_params(tool: str) -> tuple[str, ...]:
    """The parameter names of `tool`, while they are known; a list argument's ends in `[]`."""
    return dict(_PARAMS.get()).get(tool, ())


def tool_arguments() -> dict[str, tuple[str, ...]]:
    """Each tool's argument names (a list argument's without its `[]`), while known."""
    return {tool: tuple(p.removesuffix("[]") for p in ps) for tool, ps in _PARAMS.get()}

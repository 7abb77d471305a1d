"""A rule over an argument of every tool: one rule per tool that takes that argument.

"The accepted asset types are: ..." names no tool; it constrains the `asset_type` argument
wherever it appears. Such a rule reaches the compiler with the target `*` and a `facet`;
`spread` gives one copy per registry tool whose arguments the facet names, with the facet
replaced by that argument's own name. A facet `<entity words> <arg>` (`asset status`) names
the argument `<arg>` of a tool whose name has the entity words (`UpdateAssetStatus`); a
trailing `type`/`kind` may be left out (`process types` -> `process`).
"""

from __future__ import annotations

from specgap.ir import Candidate, CandidateRule, Resolution
from specgap.registry import Registry, Tool
from specgap.resolve import compact, words

SPREAD_OPERATORS = frozenset({"resource_in_allowlist"})
_KIND_WORDS = frozenset({"typ", "kind"})  # stems of `type(s)`, `kind(s)`


def spreads(rule: CandidateRule) -> bool:
    """A rule stated over an argument of every tool (target `*` and a facet)."""
    return rule.target == "*" and rule.operator in SPREAD_OPERATORS and "facet" in rule.params


def spread(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """One copy of the rule per tool that takes the argument, in registry order."""
    facet = str(rule.params["facet"])
    out = []
    for tool in registry.tools:
        if tool.hook:
            continue
        arg = _argument(tool, facet)
        if arg is not None:
            params = {**rule.params, "facet": arg}
            out.append(rule.model_copy(update={"target": tool.id, "params": params}))
    return out


def exact(tool_id: str) -> Resolution:
    """The resolution of a tool named by its id (a spread rule's target)."""
    return Resolution(
        mention=tool_id,
        status="resolved",
        candidates=(Candidate(tool_id=tool_id, score=1.0, via="exact_id"),),
    )


def _argument(tool: Tool, facet: str) -> str | None:
    stems = words(facet)
    while stems and stems[-1] in _KIND_WORDS and len(stems) > 1:
        trimmed = stems[:-1]
        found = _named(tool, stems) or _named(tool, trimmed)
        if found:
            return found
        stems = trimmed
    return _named(tool, stems)


def _named(tool: Tool, stems: list[str]) -> str | None:
    if not stems:
        return None
    whole = "".join(stems)
    for arg in tool.arg_names:
        if compact(arg) == whole:
            return arg
    name = set(words(tool.id))
    for cut in range(1, len(stems)):
        entity, field = stems[:cut], "".join(stems[cut:])
        if all(w in name for w in entity):
            for arg in tool.arg_names:
                if compact(arg) == field:
                    return arg
    return None

"""Readings the tool's own schema rules out: a compiled rule whose shape the tool cannot have.

The readers find an argument restriction in a sentence before they know the tool's schema;
the compiler then fits the phrase to an argument (`specgap.argfit`). What comes out can
still be a reading no call of that tool could be the subject of, whatever the sentence's
wording or style. Four such shapes are checked against the target tool's schema (and the
registry), once the rule is compiled:

- a value list whose values are the ids of the agent's own tools ("book only with an id that
  `get_x` returned" read as "the id must be `get_x`"; "fetch with `get_x` first" read as a
  ban on the value `get_x`; "only for members found with `find_x`" read as the state
  `find_x`), unless the argument itself takes tool names (`tool_name`);
- an allowlist value that is a fragment of a value, not a value: an e-mail domain
  (`@example.org`), a wildcard (`*.example.org`), a suffix (`.pdf`). An exact allowlist of
  them would deny every real value ("principals must be `@x.org` addresses");
- a numeric bound (`arg_within_bound`) on an argument its schema types as text, a flag or a
  list (a count of buckets per session read as a bound on the bucket's name; a bound on a
  text's length, `extract: length`, is one the schema allows and stays), or on an argument
  the tool does not take where another tool takes it (the bound is that tool's) or where
  the tool's own description gives the number in a sentence on what the call returns
  ("returns ... for up to 25 matches"). A bound on words no tool takes ("more than 4 drivers", "900
  euros") stays for review with its `unknown-argument` note;
- a count of items (`arg_count_bound`) on a tool that takes no list at all: one call holds
  one of each thing, so "at most 3 upcoming appointments", "no more than 10 flag changes in
  a session" and "up to 12 pallets" count calls or a quantity, never the items of a call.

Each such policy is dropped (enforced or not: a review reading of a rule the sentence does
not state is a wrong claim too) and leaves a located `argument-restriction-not-compiled`
note that says why, so the sentence is never lost silently. A tool without a schema, an
argument whose schema gives no type, and a `*` target are left as they are: nothing there
says the reading is impossible.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from specgap.ir import Diagnostic, Policy
from specgap.registry import Registry, Tool

__all__ = ["CODE", "unfit_readings"]

CODE = "argument-restriction-not-compiled"
_HELP = (
    "the rule's reading does not fit the tool's schema, so it is not compiled; name the "
    "argument as the tool's schema does and the values it may take"
)
# a value that is only part of one: "@example.org", "*.example.org", ".pdf", "example.*"
_FRAGMENT = re.compile(r"^(?:[@*.]\S+|\S+\*)$")
# an argument that takes tool names: its values may be the ids of tools
_TOOLISH = re.compile(r"tool|function|command|action|method|endpoint|operation", re.I)
# a description's sentence about what the call gives back ("returns up to 25 matches")
_RETURNS = re.compile(r"\breturn(?:s|ed|ing)?\b|\bresults?\b", re.I)
_NUMERIC = frozenset({"integer", "number"})
_KINDS = {"string": "text", "boolean": "a flag", "array": "a list", "object": "an object"}


def unfit_readings(
    registry: Registry, policies: Iterable[Policy]
) -> tuple[list[Policy], list[Diagnostic]]:
    """The policies whose reading fits the target tool's schema, and a located note for
    each one dropped (module docstring)."""
    kept: list[Policy] = []
    notes: list[Diagnostic] = []
    ids = set(registry.by_id)
    for policy in policies:
        why = _unfit(policy, registry.by_id.get(policy.target), ids, registry)
        if why is None:
            kept.append(policy)
            continue
        notes.append(
            Diagnostic(
                code=CODE,
                message=f"`{policy.operator}` on `{policy.target}` was not compiled: {why}",
                severity="note",
                span=policy.source.span,
                help=_HELP,
            )
        )
    return kept, notes


def _unfit(policy: Policy, tool: Tool | None, ids: set[str], registry: Registry) -> str | None:
    data = policy.condition.model_dump(mode="json")
    selector = data.get("selector")
    arg = selector.get("arg") if isinstance(selector, dict) else data.get("arg")
    extract = selector.get("extract") if isinstance(selector, dict) else None
    values = _values(policy.operator, data)
    if values:
        named = [v for v in values if isinstance(v, str) and v in ids]
        of = f"`{arg}`" if policy.operator != "state_condition" else "a state"
        if named and len(named) == len(values) and not _TOOLISH.search(str(arg or "")):
            listed = ", ".join(f"`{v}`" for v in named)
            return f"its values ({listed}) are the ids of tools, not values of {of}"
        if policy.operator == "resource_in_allowlist":
            parts = [v for v in values if isinstance(v, str) and _FRAGMENT.match(v)]
            if parts:
                return (
                    f"`{parts[0]}` is part of a value, not a value, and an exact list of it "
                    f"would deny every real `{arg}`"
                )
    if tool is None or not isinstance(arg, str) or not arg:
        return _no_list(policy, tool)
    if policy.operator == "arg_within_bound" and extract is None:
        types = _arg_types(tool.schema)
        if types is None:
            return None
        name = arg.split(".")[-1]
        kind = types.get(name, "missing")
        if kind == "missing":
            return _elsewhere(policy, tool, name, registry)
        if kind and kind not in _NUMERIC:
            what = _KINDS.get(kind, kind)
            return f"`{arg}` of `{tool.id}` is {what}, not a number, so it has no numeric bound"
    return _no_list(policy, tool)


def _elsewhere(policy: Policy, tool: Tool, name: str, registry: Registry) -> str | None:
    """Why a bound on an argument the tool does not take is no reading of it: another tool
    takes that argument (the bound is that tool's), or the tool's own description states
    the number in a sentence on what the call returns ("returns ... up to 25 matches").
    Otherwise None: a bound on words ("more than 4 drivers", "charges cannot exceed 80")
    stays for review with its `unknown-argument` note."""
    others = sorted(t.id for t in registry.tools if t.id != tool.id and name in t.all_arg_names)
    if others:
        return f"`{tool.id}` takes no argument `{name}`; `{others[0]}` does"
    origin = tool.origin
    described = origin is not None and policy.source.span.path == origin.path
    if described and _RETURNS.search(policy.source.quote):
        return (
            f"`{tool.id}` takes no argument `{name}`: its description's number is about "
            "what the call returns, not an argument"
        )
    return None


def _values(operator: str, data: Mapping[str, Any]) -> list[Any]:
    """The values a value rule names: a ban's, an allowlist's, a state test's."""
    if operator == "deny_action":
        return list(data.get("values") or ())
    if operator == "resource_in_allowlist":
        return list(data.get("allowed") or ())
    if operator == "state_condition":
        return [*(data.get("allowed") or ()), *(data.get("denied") or ())]
    return []


def _no_list(policy: Policy, tool: Tool | None) -> str | None:
    if policy.operator != "arg_count_bound" or tool is None:
        return None
    data = policy.condition.model_dump(mode="json")
    if data.get("selector"):
        return None
    types = _arg_types(tool.schema)
    if not types or any(kind in (None, "", "array", "object") for kind in types.values()):
        return None  # a list, an object, or an argument of no stated type may hold several
    items = data.get("items") or "items"
    return f"`{tool.id}` takes no list, so one call holds no count of {items}"


def _arg_types(schema: Mapping[str, Any]) -> dict[str, str] | None:
    """Every argument name of the schema (nested ones too) and its JSON type ('' when the
    schema states none; a list of types joined); None when the schema lists no argument."""
    found: dict[str, str] = {}
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        props = node.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                found.setdefault(str(name), _type_of(sub))
                stack.append(sub)
        items = node.get("items")
        if isinstance(items, dict):
            stack.append(items)
    return found or None


def _type_of(node: Any) -> str:
    if not isinstance(node, dict):
        return ""
    kind = node.get("type")
    if isinstance(kind, list):
        kinds = [str(k) for k in kind if k != "null"]
        return kinds[0] if len(kinds) == 1 else ""
    if isinstance(kind, str):
        return kind
    return ""

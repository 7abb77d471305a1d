"""An argument the call must carry (sixteenth session): "Never cancel an appointment without a
reason", "Always give a reason when cancelling", "Include the amount when you refund".

The grammar reads the first as a ban under the condition "without a reason", which no state
binds (so it was reviewed with a note), and the others as an obligation no operator states
(`rule-not-compiled`). Once the rule's tool is known, the noun after "without" names one of
its arguments (`reason` of `cancel_appointment`): the rule is then a `schema_contract` that
requires the argument, non-empty when it is a string or a list. Nothing else is read into
it: a noun no argument answers to ("without a manager's approval", "without the customer")
leaves the ban as it was, reviewed, with its note.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.registry import Tool

_WITHOUT = re.compile(
    r"^\W*without\s+(?:(?:a|an|the|any|its|their|your)\s+)?(?:[a-z]+(?:'s|s')\s+)?"
    r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s*$",
    re.I,
)
# nouns that name who agrees or checks, not a value the call carries
_NOT_CARRIED = frozenset(
    {"approval", "permission", "consent", "confirmation", "agreement", "check", "review",
     "customer", "user", "manager", "supervisor"}
)  # fmt: skip


def without_noun(condition: str) -> str | None:
    """The noun a condition "without a <noun>" says the act must not go without, or None."""
    m = _WITHOUT.match(condition)
    return m["np"].casefold() if m is not None else None


def required_argument(tool: Tool, phrase: str) -> tuple[str, dict[str, Any]] | None:
    """`("schema_contract", {"schema": ...})` requiring the argument `phrase` names ("reason":
    `reason`), or None (module docstring)."""
    from specgap.resolve.arguments import resolve_argument

    if phrase.split()[-1] in _NOT_CARRIED:
        return None
    match = resolve_argument(tool, phrase)
    if match.status != "resolved" or match.selector is None or match.selector.extract is not None:
        return None
    arg = match.selector.arg
    props = tool.schema.get("properties")
    spec = props.get(arg) if isinstance(props, dict) else None
    if not isinstance(spec, dict):
        return None
    schema: dict[str, Any] = {"required": [arg]}
    kind = spec.get("type")
    if kind == "string":
        schema["properties"] = {arg: {"minLength": 1}}
    elif kind == "array":
        schema["properties"] = {arg: {"minItems": 1}}
    return "schema_contract", {"schema": schema}

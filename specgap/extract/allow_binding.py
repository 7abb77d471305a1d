"""The argument a list of values said after a preposition is for, when no noun names it:
"only launch instances in us-east-1 or eu-west-1" is about the argument the tool's own
description introduces with the same preposition ("Launch a compute instance in a region":
`region`).

`bind_by_prep` runs at compile time (`specgap.argfit`), on the parameters `allow_preps`
marked `by_prep`. An argument whose schema lists every value wins first (`by_values`); else
the description's phrase after the same preposition (or its kin: "into" for "to") must name
exactly one argument that takes text. None, or several, leaves the rule unbound, and the
compiler says so at the sentence: never a guessed argument. Values that are plain words
("to staging or production") bound this way make the rule `review_only` (they may be kinds
of the thing acted on rather than the argument's values).
"""

from __future__ import annotations

import re
from typing import Any

from specgap.registry import Tool

_KIN = {
    "to": ("to", "into", "towards", "onto"),
    "into": ("into", "to"),
    "onto": ("onto", "to", "on"),
    "in": ("in", "within", "inside", "into"),
    "within": ("within", "in", "inside"),
    "inside": ("inside", "in", "within"),
    "with": ("with", "using", "via"),
    "using": ("using", "with", "via"),
    "via": ("via", "using", "with", "through"),
    "through": ("through", "via"),
}
_DET = r"(?:(?:the|a|an|another|one|its|their|his|her|some|any|which|given|specified)\s+)?"


def bind_by_prep(tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters with the facet set to the argument the preposition names in the
    tool's description, when the values name none themselves (module docstring)."""
    prep = params.pop("by_prep", None)
    words = bool(params.pop("words_by_prep", False))
    if not isinstance(prep, str) or params.get("facet"):
        return params
    if _listed_by_one(tool, params):
        return params  # the schema's own list binds it (`argfit._by_values`)
    arg = described_argument(tool, prep)
    if arg is None:
        return params
    bound = {k: v for k, v in params.items() if k != "by_values"}
    # plain words ("to staging or production") may be kinds of what is acted on, not the
    # argument's values: the binding is inferred, and the rule reviewed, never enforced
    return {**bound, "facet": arg, **({"inferred_binding": True} if words else {})}


def described_argument(tool: Tool, prep: str) -> str | None:
    """The one text argument the description's phrase after `prep` (or a kin word) names."""
    from specgap.resolve.arguments import resolve_argument

    kin = "|".join(_KIN.get(prep, (prep,)))
    found: set[str] = set()
    for m in re.finditer(
        r"\b(?:" + kin + r")\s+" + _DET + r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})",
        tool.description,
        re.I,
    ):
        words = m["np"].split()
        # the whole phrase, then without its leading words ("an airspace zone": the zone)
        for n in range(len(words)):
            match = resolve_argument(tool, " ".join(words[n:]))
            if match.status == "resolved" and match.selector is not None:
                if match.selector.extract is None and _takes_text(tool, match.selector.arg):
                    found.add(match.selector.arg)
                break
    # an argument whose own description ends on the preposition says the same ("Region to
    # create the bucket in."): two such arguments and the phrase binds neither
    props = tool.schema.get("properties")
    for name, spec in props.items() if isinstance(props, dict) else ():
        about = spec.get("description") if isinstance(spec, dict) else None
        stranded = isinstance(about, str) and re.search(r"\b(?:" + kin + r")\W*$", about, re.I)
        if stranded and _takes_text(tool, name):
            found.add(name)
    return found.pop() if len(found) == 1 else None


def _takes_text(tool: Tool, arg: str) -> bool:
    props = tool.schema.get("properties")
    spec = props.get(arg) if isinstance(props, dict) else None
    if not isinstance(spec, dict):
        return False
    kind = spec.get("type")
    if kind == "array":
        items = spec.get("items")
        kind = items.get("type") if isinstance(items, dict) else "string"
    return kind in {"string", None}


def _listed_by_one(tool: Tool, params: dict[str, Any]) -> bool:
    from specgap.extract.described_values import schema_listed

    said = {str(v).casefold() for v in params.get("allowed") or params.get("values") or ()}
    props = tool.schema.get("properties")
    listing = [
        name
        for name, spec in (props.items() if isinstance(props, dict) else ())
        if said
        and said <= {v.casefold() for v in schema_listed(spec if isinstance(spec, dict) else None)}
    ]
    return len(listing) == 1

"""Where a parameter's value comes from, said with a relative clause on the value itself
(docs/descriptions-four.md), read when `parameter_origins` reads no source of its own:

- "The lotId that seedbank.lot.Find returned; never one typed in.", "Must be one of the
  versions that `listVersions` listed.", "Copied from the tagCode that get_tag gave." ->
  `arg_grounded` from that tool (a tool id as ids are written: dotted, camelCase, snake_case,
  kebab-case, `server__tool`, or in backticks);
- "Use it exactly as the member typed it.", "Never reformat it: the e-mail as the caller
  spelled it." -> `arg_grounded` from the user, when the person's verb ends the clause
  ("whether the customer has provided a statement" says a fact) and the sentence keeps the
  value as given ("exactly", "verbatim", "unchanged", "must", "never", "use it"): a bare
  gloss (", as the caller gave it") describes the value, it does not oblige.

Only the value's own clause is read ("the X that T returned"): "whose" ("the carrier whose
rates T returned") speaks of another thing and is left alone, as is a permission or an
example (`parameter_origins.only_describes`).
"""

from __future__ import annotations

import re
from typing import Any

_TOOL = (
    r"`(?P<tick>[A-Za-z_][\w.\-]*)(?:\(\))?`|(?P<id>[A-Za-z][A-Za-z0-9]*(?:(?:[._]|__|-)"
    r"[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]*)+))"
)
_GAVE = r"(?:returned|listed|gave|showed|shows|returns|lists|reported|produced|issued|found)"
_FROM_TOOL = re.compile(
    r"\b(?:that|which)\s+(?:" + _TOOL + r")\s+(?:has\s+|had\s+)?" + _GAVE + r"\b",
)
_PERSON = (
    r"(?:user|customer|caller|requester|member|client|guest|owner|patient|applicant|"
    r"person|traveller|traveler|passenger|visitor|borrower|student|employee)"
)
_FROM_USER = re.compile(
    r"\b(?:exactly\s+)?(?:as|that|which)?\s*the\s+" + _PERSON + r"\s+(?:has\s+|had\s+)?"
    r"(?:typed|gave|wrote|entered|provided|spelled|spelt|said|read\s+out|dictated|supplied)"
    r"(?:\s+(?:it|them|out|in|to\s+you|us))*\s*(?:[.;,]|$)",
    re.I,
)

# "use it exactly as the member typed it": a rule; ", as the caller gave it" alone glosses
_KEEP = re.compile(
    r"\b(?:exactly|verbatim|unchanged|as\s+is|must|never|always|use\s+it|copy\s+it|"
    r"do\s+not\s+(?:change|alter|correct|reformat))\b",
    re.I,
)


def desc4_source(text: str) -> dict[str, Any] | None:
    """The source one sentence of a parameter's description gives its value in a shape of
    the module docstring, or None."""
    m = _FROM_TOOL.search(text)
    if m is not None:
        return {"from_user": False, "from_tools": [m["tick"] or m["id"]]}
    if _FROM_USER.search(text) and _KEEP.search(text):
        return {"from_user": True, "from_tools": []}
    return None

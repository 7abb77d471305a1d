"""A near tie of source tools decided by the value the rule says they give.

"take the new_slot_id from this chat's search results" names its source by a verb that
several read tools share (`F2` finds a jumper, `F5` lists loads, `F6` reads a booking): a near
tie, which the resolver never guesses. But the rule grounds a slot id, and of the tied tools
only `F5` says it gives one ("Lists loads ...: slot_id, kind, ..."): a value no tool's output
holds cannot come from it. When exactly one tool of the tie names the value's identifier in
its description (the facet's words joined as an identifier is spelt, `slot_id` or `slotId`,
the facet itself or past a leading word that only says which one, "new", "old"), the tie is
decided for that tool; a tie in which none or several do stays ambiguous with its note.
"""

from __future__ import annotations

import re

from specgap.ir import CandidateRule, Resolution
from specgap.registry import Registry
from specgap.resolve.evidence import near_tie

# words that say which of two values of one kind is meant, not what kind it is
_WHICH = frozenset(
    {"new", "old", "current", "original", "chosen", "selected", "target", "replacement", "other"}
)


_DETERMINERS = frozenset(
    {"the", "a", "an", "its", "their", "his", "her", "our", "your", "this", "that", "each", "every"}
)


def _spellings(facet: str) -> list[re.Pattern[str]]:
    words = [w for w in re.split(r"[\s_\-]+|(?<=[a-z])(?=[A-Z])", facet.strip()) if w]
    words = [w.casefold() for w in words]
    while words and words[0] in _DETERMINERS:  # "its new slot id"
        words = words[1:]
    forms = [words]
    if len(words) > 2 and words[0] in _WHICH:
        forms.append(words[1:])
    out = []
    for form in forms:
        if len(form) < 2:
            continue
        snake = "_".join(map(re.escape, form))
        camel = re.escape(form[0]) + "".join(re.escape(w.capitalize()) for w in form[1:])
        out.append(re.compile(rf"(?<![\w]){snake}(?![\w])|(?<![\w]){camel}(?![\w])", re.I))
    return out


def by_output(registry: Registry, rule: CandidateRule, res: Resolution) -> Resolution:
    """`res`, or its tie decided for the one tied tool whose description names the value the
    rule grounds."""
    if res.status != "ambiguous" or not res.candidates:
        return res
    facet = rule.params.get("facet")
    if not isinstance(facet, str) or not facet.strip():
        return res
    spellings = _spellings(facet)
    if not spellings:
        return res
    tied = near_tie(res)
    naming = [
        c
        for c in tied
        if (tool := registry.by_id.get(c.tool_id)) is not None
        and any(p.search(tool.description) for p in spellings)
    ]
    if len(naming) != 1:
        return res
    chosen = naming[0]
    rest = tuple(c for c in res.candidates if c is not chosen)
    return res.model_copy(update={"status": "resolved", "candidates": (chosen, *rest)})

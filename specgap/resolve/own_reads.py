"""Reading a thing's own record: "get the van details" is no `get_driver_by_van`.

A mention that reads the details (information, record, profile) of a thing names the tool
that returns that thing itself: one whose name's object is the thing (`get_van`,
`fetch_van_info`) or says only "details" (`get_details_by_id`, described "... of a Van,
Driver or Depot"). A tool whose name reads *another* thing (`get_driver_by_van`: a driver
looked up by the van; `get_fuel_log`: the van's fuel log) shares the thing's word but does
not return its record, so its evidence is kept below a resolution (an aside): at worst the
mention stays unresolved, never resolved to what reads something else.
"""

from __future__ import annotations

import re

from specgap.resolve.actions import ASIDE_AT
from specgap.resolve.evidence import Evidence
from specgap.resolve.lexicon import verb_last
from specgap.resolve.text import FILLER, own_words, split, stem

__all__ = ["own_record"]

# what reading a thing itself returns: `get_details_by_id` reads whatever its id names
_PLAIN = frozenset(
    stem(w) for w in ("information", "info", "details", "detail", "data", "profile", "record")
)


def _object(tool_id: str) -> set[str]:
    """The stems of what a tool's name acts on: the words after its verb and before a `by`
    (`get_driver_by_van`: driver; `fleet.get_fuel_log`: fuel, log), plain words left out."""
    words = own_words(tool_id)
    if verb_last(words):  # `plot_get`, `member_lookup`: the noun first
        return {stem(w) for w in words[:-1] if w not in FILLER} - _PLAIN
    at = words.index("by", 1) if "by" in words[1:] else len(words)
    return {stem(w) for w in words[1:at] if w not in FILLER} - _PLAIN


_RECORD = re.compile(
    r"^(?:get|read|fetch|retrieve|look\s+up|view|load|pull\s+up)\s+(?:the\s+)?(?P<thing>.+?)"
    r"(?:'s)?\s+(?:details|detail|information|info|record|profile)$",
    re.I,
)


def own_record(mention: str, found: dict[str, Evidence]) -> None:
    """Lower, in `found`, the tools that read another thing than the one whose record the
    mention reads (module doc); any other mention is left as it is."""
    m = _RECORD.match(mention.strip())
    if m is None:
        return
    thing = {stem(w) for w in split(m["thing"]) if w not in FILLER}
    if not thing:
        return
    for tool_id, ev in list(found.items()):
        named = _object(tool_id)
        if named and not thing & named and ev.score > ASIDE_AT:
            detail = f"{ev.why()}; but its name reads another thing than the {m['thing']}"
            found[tool_id] = Evidence(ASIDE_AT, ev.via, "aside", detail)

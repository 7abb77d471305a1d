"""Parts of a temporal sentence that `temporal` reads one by one.

- Several events: "after approving the result or (after) verifying the sample" names two
  events, any of which satisfies the order; "after recording the result and verifying the
  sample" names two, each required (`split_events`).
- A pronoun standing for the event's object: "after the sample is verified, it can be
  stored" (`point_back`): "the sample can be stored".
- A tool description saying what must have been done, with which tool, before it is called
  ("the sample must have been verified with `verify_sample` first": `done_with`).
"""

from __future__ import annotations

import re
from itertools import pairwise

TOOL_ID = re.compile(r"`(?P<id>[A-Za-z_][\w.\-]*)(?:\(\))?`|\b(?P<bare>[a-z]+(?:_[a-z0-9]+)+)\b")
_EVENT_BREAK = re.compile(
    r"(?:\s*,\s*(?:(?P<glue>or|and|and/or)\s+)?|\s+(?P<glue2>or|and|and/or)\s+)(?:(?:after|once|"
    r"only\s+after)\s+)?(?=[a-z]{3,}ing\b)",
    re.I,
)


def split_events(event: str) -> tuple[list[str], bool]:
    """The events an event phrase joins with `and` / `or` before a gerund, and whether any
    one of them will do (`or`); the phrase alone when it joins none."""
    marks = list(_EVENT_BREAK.finditer(event))
    if not marks:
        return [event], False
    glue = {(m["glue"] or m["glue2"]).casefold() for m in marks if m["glue"] or m["glue2"]}
    if len(glue) != 1:
        return [event], False  # "a and b or c", or commas alone: no single reading
    parts: list[str] = []
    at = 0
    for m in marks:
        parts.append(event[at : m.start()].strip(" ,"))
        at = m.end()
    parts.append(event[at:].strip(" ,"))
    return parts, glue != {"and"}


_PRONOUN_SUBJECT = re.compile(r"^\s*(?:it|they)\b(?=\s+(?:can|may|must|should|shall|is|are)\b)",
                              re.I)  # fmt: skip


def point_back(main: str, event_action: str | None) -> str:
    """The main clause with a pronoun subject read as the event's object ("it can be
    stored" after `verify sample`: "the sample can be stored")."""
    words = (event_action or "").split()
    if len(words) < 2 or _PRONOUN_SUBJECT.match(main) is None:
        return main
    return _PRONOUN_SUBJECT.sub("the " + " ".join(words[1:]), main, count=1)


_DONE_WITH = re.compile(
    r"^\W*(?:(?:the|this|each|every|a|an|its|their)\s+)?(?:[A-Za-z][\w-]*\s+){1,4}?(?:must|"
    r"should|shall|has\s+to|have\s+to|needs?\s+to)\s+(?:already\s+|first\s+)?have\s+(?:already\s+)?"
    r"been\s+[a-z]+\s+(?:first\s+)?(?:with|by|using|via|through|by\s+calling|by\s+using)\s+"
    r"(?:the\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)`?"
    r"(?:\(\))?(?:\s+(?:tool|function))?(?:\s+(?:first|beforehand|already|before(?:\s+(?:this|"
    r"calling\s+this|using\s+this)(?:\s+(?:tool|function))?)?))?\s*[.;!]?\s*$",
)


def done_with(text: str) -> str | None:
    """In a tool's description, the tool a prerequisite was done with ("the sample must
    have been verified with `verify_sample` first": `verify_sample`), or None."""
    m = _DONE_WITH.match(text.strip())
    return m["id"] if m is not None else None


_LIST_GLUE = re.compile(r"^(?:\s*(?:,|and|or|and/or|then|as\s+well\s+as|both|either)\s*)*$", re.I)


def listed_tools(event: str) -> list[str]:
    """The tool ids an event lists with nothing but "and", "or" and commas between them
    (`check_availability and get_customer`); [] when other words stand between."""
    found = list(TOOL_ID.finditer(event))
    if len(found) < 2:
        return []
    for a, b in pairwise(found):
        if not _LIST_GLUE.match(event[a.end() : b.start()]):
            return []
    return list(dict.fromkeys(m["id"] or m["bare"] for m in found))

"""Where a parameter's value comes from, said as a list of the sources it may be taken from,
each its own noun phrase, in the parameter's description (docs/descriptions-four.md has the
older one-source shapes):

- a tool that gave it: "A booking_id find_member listed", "one that `search` returned",
  "a payment_id handed back by take_deposit", "From find_member's bookings", "the mobile
  find_member has on record", "a session_id from the recent sessions `lookup` listed";
- the person, as they give it: "the reference the passenger reads out", "one the candidate
  quotes from a confirmation email", "as the hirer reads it from their confirmation",
  "read out by the booker", "the reference in the family's confirmation text", "typed by the
  candidate in this chat", "in the customer's own words";

joined by "or" ("A booking_id find_member listed, or the reference the member reads out.":
`arg_grounded` from `find_member` and from the user). One source alone is read only when the
description obliges it ("must", "only", "never", "exactly"): "Email the member gave." glosses
the value, as `desc4_origins` holds. A tool is one of the tools file's own
names, so a word that is no tool's name is never read as one. A clause that says where the
value never comes from ("never one typed into the chat", "never guessed") is kept when it
excludes none of the sources read; one that excludes a source the list named leaves the
sentence unread, as does a phrase of the list that is no source read here: dropping it
would make the rule stronger than the description.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from typing import Any

from specgap.extract.people import PERSON

__all__ = ["listed_sources", "said_by_person"]

# a known tool's name, put in the text as its index; "T or U" before a verb, as one
_TOOL = r"\x00\d+\x00(?:\x02\x00\d+\x00)*"
# the value as a noun phrase: a determiner and up to seven words, or a bare noun of the value
_VALUE = (
    r"(?:(?:it|they|this)\s+(?:must|should|has\s+to|have\s+to)\s+be\s+|must\s+be\s+|only\s+)?"
    r"(?:(?:either|only)\s+)?(?:(?:an?|the|one|any|ids?|one\s+of\s+the)\s+)?"
    r"(?:[A-Za-z][\w'-]*,?\s+){0,7}?"
)
_GAVE = (
    r"(?:listed|returned|gave|printed|showed|shows|lists|returns|found|produced|issued|"
    r"reported|has\s+on\s+(?:record|file)|holds|handed\s+back)"
)
_BY = r"(?:listed|returned|printed|shown|given|found|produced|issued|reported|handed\s+back)"
# a tool that gave the value
_FROM_TOOL = (
    rf"(?:{_VALUE}(?:that\s+|which\s+)?{_TOOL}\s+{_GAVE}"
    rf"|{_VALUE}{_BY}\s+by\s+{_TOOL}"
    rf"|{_VALUE}(?:(?:taken|copied)\s+)?from\s+(?:the\s+)?(?:[a-z]+(?:'s)?\s+){{0,3}}?"
    rf"(?:(?:in|of)\s+)?{_TOOL}(?:'s\s+[a-z]+(?:\s+of\s+[a-z]+)?|\s+(?:results?|output|"
    r"list|record|lookup|search|call))?"
    rf"(?:\s+{_GAVE})?"
    rf"|{_VALUE}on\s+(?:the\s+)?(?:[a-z]+'s\s+)?record\s+from\s+{_TOOL})"
    r"(?:\s+(?:for|during|in)\s+(?:this|the|that)\s+[a-z]+)?"
)
_SAYS = (
    r"(?:gives|gave|types|typed|reads(?:\s+out)?|read\s+out|quotes|quoted|copies|copied|"
    r"keys\s+in|keyed\s+in|spells(?:\s+out)?|spelled|spelt|says|said|states|stated|writes|"
    r"wrote|provides|provided|enters|entered|supplies|supplied|dictates|dictated)"
)
_BY_PERSON = (
    r"(?:read\s+out|typed|quoted|keyed\s+in|given|spelled\s+out|spelt\s+out|spelled|stated|"
    r"supplied|provided|entered|dictated|copied|taken)\s+(?:by|from)"
)
_WHO = rf"(?:the\s+|their\s+|a\s+)?{PERSON}"
_WHERE = r"(?:\s+(?:out|now|aloud))?(?:\s+(?:from|off|in|on|during|at)\s+[a-z][\w' ]*)?"
_DOC = (
    r"(?:confirmation|receipt|ticket|booking|acknowledgement|email|e-mail|text|sms|letter|card|"
    r"message|invoice)"
)
# the person who gives the value
_FROM_USER = (
    rf"(?:{_VALUE}(?:that\s+|which\s+)?{_WHO}\s+{_SAYS}(?:\s+(?:it|them))?{_WHERE}"
    rf"|{_VALUE}(?:exactly\s+|letter\s+for\s+letter\s+|word\s+for\s+word\s+)?as\s+{_WHO}\s+"
    rf"{_SAYS}\s+(?:it|them){_WHERE}"
    rf"|{_VALUE}{_BY_PERSON}\s+{_WHO}{_WHERE}"
    rf"|{_VALUE}(?:(?:quoted|printed|shown)\s+)?(?:in|on|from)\s+(?:the\s+)?[a-z]+'s?\s+"
    rf"(?:[a-z]+\s+)?{_DOC}"
    rf"|{_VALUE}in\s+(?:the\s+)?[a-z]+'s?\s+own\s+words"
    rf"|(?:the\s+)?{PERSON}'s?\s+own\s+(?:words|answers?|replies|reply)(?:,?\s+word\s+for\s+word)?)"
)
_PART_TOOL = re.compile(rf"^{_FROM_TOOL}$", re.I)
_PART_USER = re.compile(rf"^{_FROM_USER}$", re.I)
# "that T or U returned": the verb is the two tools'
_TOOLS_OR = re.compile(r"(?<=\x00)\s*,?\s+or\s+(?=\x00\d+\x00\s+" + _GAVE + r"\b)", re.I)
_OR = re.compile(r"\s*,\s*or\s+|\s+or\s+", re.I)
# a clause that says where the value never comes from
_NEVER = re.compile(
    r"\s*(?:[;,]|\band\b)\s*(?=(?:and\s+)?(?:never|not|the\s+assistant\s+never)\b)", re.I
)
_EXCLUDES_USER = re.compile(
    rf"\b(?:typed|given|said|spoken|quoted|read\s+out|told|chat|conversation|{PERSON})\b", re.I
)
_EXCLUDES_TOOLS = re.compile(r"\b(?:record|records|looked\s+up|lookup|system|file)\b|\x00", re.I)
# the description obliges the source: one source alone is otherwise a gloss of the value
_KEEPS = re.compile(
    r"\b(?:must|should|shall|has\s+to|have\s+to|only|always|never|not|exactly|verbatim|"
    r"word\s+for\s+word|letter\s+for\s+letter)\b",
    re.I,
)
# a permission, a possibility, an example or another thing's clause: nothing obliged
_NOT_A_SOURCE = re.compile(
    r"\b(?:can|could|may|might|e\.g|for\s+example|such\s+as|if|optionally|usually|typically|"
    r"often|whose|unless|except|exceptions?)\b",
    re.I,
)


def listed_sources(text: str, names: Collection[str], own: str) -> dict[str, Any] | None:
    """The sources (`from_user`, `from_tools`) one sentence of a parameter's description
    lists for its value (module docstring), or None when it lists none this reads whole."""
    if _NOT_A_SOURCE.search(text):
        return None
    from specgap.extract.ids7_respell import spellings_of  # as the text may spell them

    spelt = {spelling for name in names for spelling in spellings_of(name)}
    # (the marks stand for tools only: a description's own NUL or \x02 is no tool's mark)
    marked, tools = _marked(_UNMARKED.sub(" ", text), spelt)
    clauses = [c.strip(" .;:") for c in re.split(r"\s*[;:]\s*", marked) if c.strip(" .;:")]
    user, read = False, False
    found: list[str] = []
    exclusions: list[str] = []
    for clause in clauses:
        positive, *negated = _NEVER.split(clause)
        exclusions.extend(negated)
        parts = [p.strip(" ,") for p in _OR.split(_TOOLS_OR.sub("\x02", positive)) if p.strip(" ,")]
        kinds = [_kind(p, tools) for p in parts]
        if not parts or any(k is None for k in kinds):
            if any(k is not None for k in kinds) or "\x00" in positive:
                return None  # a phrase of a source list not read
            continue  # a label ("Number to text") or a format ("YYYY-MM-DD"), not a source
        if read:
            return None  # two clauses of sources: which one binds is not said
        read = True
        for kind in kinds:
            assert kind is not None
            if kind == "user":
                user = True
            else:
                found.extend(kind)
    if not read or spellings_of(own) & set(found):
        return None
    for clause in exclusions:
        if (user and _EXCLUDES_USER.search(clause)) or (found and _EXCLUDES_TOOLS.search(clause)):
            return None  # "never one typed into the chat" beside "one the member gives"
    if user + len(set(found)) < 2 and not _KEEPS.search(text):
        return None  # "Email the member gave.": one source glossed, not obliged
    return {"from_user": user, "from_tools": list(dict.fromkeys(found))}


_UNMARKED = re.compile(r"[\x00\x02]")


def said_by_person(phrase: str) -> bool:
    """Whether a phrase names the value as the person gives it ("a number the guest types in
    this chat", "read out by the caller"): one phrase of a list of sources."""
    return "\x00" not in phrase and _PART_USER.match(phrase.strip(" ,.")) is not None


def _marked(text: str, names: Collection[str]) -> tuple[str, list[str]]:
    """`text` with every known tool name put as its index (longest names first), and the
    names by index."""
    ordered = tuple(sorted({n for n in names if n}, key=lambda n: (-len(n), n)))
    if not ordered:
        return text, []
    index = {name: i for i, name in enumerate(ordered)}
    return _named(ordered).sub(lambda m: f"\x00{index[m[1]]}\x00", text), list(ordered)


@functools.lru_cache(maxsize=16)
def _named(ordered: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of a tools file's names (compiled once per file, not once per sentence)."""
    return re.compile(
        r"`?(?<![\w.\-])("
        + "|".join(re.escape(n) for n in ordered)
        + r")(?:\(\))?`?(?![\w\-]|\.\w)"
    )


def _kind(part: str, tools: list[str]) -> str | list[str] | None:
    """ "user" when one phrase of a source list names the person, the tools it names when it
    names tools that gave the value, else None."""
    named = [tools[int(i)] for i in re.findall(r"\x00(\d+)\x00", part)]
    if not named:
        return "user" if _PART_USER.match(part) else None
    return named if _PART_TOOL.match(part) else None

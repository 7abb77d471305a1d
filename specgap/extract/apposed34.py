"""A tool id set beside the act it names, between commas (thirty-fourth session): "Read the
appointment first, `read_appointment`, before you move it", "Then you pull up the dog,
`read_dog_profile`, before you book anything for that dog".

Spoken and dictated prompts name an act in their own words and then the tool, as an
apposition; the readers took the id for a second step or a stray word and read nothing. The
sentence is said again with the id as the act's instrument ("Read the appointment with
`read_appointment` before you move it"), which the ordering readers read (the act's words
still say what it acts on, so "it" points back as it would; a "the same one" after the id
says no more than that pronoun, and "first" no more than "before").

Only an id the agent's tools define (`agent_params.agent_tool`), between two commas, right
after a clause that opens with a verb; anything else is left to the other readers.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool

__all__ = ["respelt"]

_APPOSED = re.compile(
    r"^(?P<act>\W*(?:(?:then|and|so|first|now)\s+)?(?:you\s+)?[a-z]+\b[^,;:]*?),\s+"
    # (an id in backticks, or one that is no word: `read_dog`, `readDog`, `dogs.read`)
    r"(?P<id>`[A-Za-z][\w.:-]*`|[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+|[a-z0-9][A-Z][a-z0-9]*)+)"
    r"\s*,\s+"
    # "the same one, before ...": a word on what the call is about, kept after the id
    r"(?P<about>(?:(?:the\s+)?(?:same|very\s+same)\s+one|that\s+one|on\s+it)\s*,\s+)?"
    r"(?P<rest>\S.*)$",
    re.I | re.S,
)


# a tool id in the act itself (a list of steps, not an act and the tool that does it)
_ID_SAID = re.compile(r"`|\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b")


def respelt(text: str) -> str | None:
    """The sentence with its apposed tool id as the act's instrument, or None."""
    m = _APPOSED.match(text)
    if m is None or agent_tool(m["id"].strip("`")) is None:
        return None
    if _ID_SAID.search(m["act"]) or re.match(r"then\b", m["rest"], re.I):
        return None  # "Call `a`, `b`, then `c`": a list of steps, no act and its tool
    act = re.sub(r"\s+first$", "", m["act"].rstrip(), flags=re.I)  # "before" says it
    return f"{act} with `{m['id'].strip('`')}` {m['rest']}"

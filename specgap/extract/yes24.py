"""A person's yes said with a verb (twenty-fourth session): "never cancel a booking without
the customer saying yes", "nothing gets cancelled without them saying yes to it", "book on
their yes" (only after their confirmation).

The readers know a confirmation said as a noun ("without the customer's confirmation",
"without their yes") or as "confirming"; "without X saying yes" read as a ban under a
condition that binds to nothing, so the rule was kept for review as a ban, not as the
confirmation the sentence asks for. It is said again with the noun, and "nothing gets
V-ed" (what nothing may undergo) as "never V anything", which the readers read.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma

__all__ = ["respelt"]

_POSSESSIVE = {"them": "their", "him": "his", "her": "her", "you": "your", "us": "our"}
_SAYING_YES = re.compile(
    r"\bwithout\s+(?P<who>them|him|her|us|(?:the|a|an)\s+[a-z]+)\s+(?:(?:first|explicitly|"
    r"clearly)\s+)?(?:saying|giving)\s+(?:(?:a|an|their|his|her|the)\s+)?(?:clear\s+|explicit\s+|"
    r"proper\s+)?(?:yes|ok(?:ay)?|go-ahead)\b(?:\s+(?:to|for)\s+(?:it|that|this|them))?",
    re.I,
)
_NOTHING_GETS = re.compile(
    r"^(?P<lead>\W*)nothing\s+(?:gets|is|will\s+be|may\s+be|can\s+be)\s+(?P<verb>[a-z]+ed)\b",
    re.I,
)


# "wait for the caller to say yes", "wait until they agree": the person's confirmation
_WAIT_YES = re.compile(
    r"\bwait(?:s|ing)?\s+(?:for|until)\s+(?P<who>them|him|her|us|(?:the|a|an)\s+[a-z]+)\s+"
    r"(?:to\s+)?(?:says?|gives?|agrees?|confirms?)(?:\s+(?:a\s+|an\s+|their\s+|the\s+)?(?:clear\s+|"
    r"explicit\s+|proper\s+)?(?:yes|ok(?:ay)?|go-ahead))?(?:\s+(?:to|for)\s+(?:it|that|this|them|"
    r"the\s+[a-z]+))?\b",
    re.I,
)
# "`t` (also) waits for the caller to say yes ...": the tool, then what it waits for
_TOOL_WAITS = re.compile(
    r"^(?P<lead>\W*)(?P<tool>`[A-Za-z_][\w.\-]*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)"
    r"\s+(?:also\s+|always\s+|only\s+)?(?=waits\b)",
)


# "book on their yes", "cancel on the member's go-ahead": only once the person said yes
_ON_YES = re.compile(
    r"\bon\s+(?P<own>their|his|her|your|(?:the|a)\s+[a-z]+'s)\s+(?:clear\s+|explicit\s+)?"
    r"(?:yes|go-ahead|say-so|ok(?:ay)?|agreement)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with "without X's confirmation" for "without X saying yes", "get X's
    confirmation" for "wait for X to say yes" (and "never V anything" for "nothing gets V-ed",
    "before calling `t`" after "`t` waits for ..."), else None."""
    said = _SAYING_YES.sub(_confirmation, text, count=1)
    if said == text:
        said = _ON_YES.sub(lambda m: f"only after {m['own']} confirmation", text, count=1)
        return said if said != text else _waited(text)
    lead = _NOTHING_GETS.match(said)
    verb = verb_lemma(lead["verb"]) if lead is not None else None
    if lead is not None and verb is not None:
        said = f"{lead['lead']}never {verb} anything{said[lead.end() :]}"
    return said


def _owner(who: str) -> str:
    """The possessive of the person who says yes: "their", "the customer's"."""
    return _POSSESSIVE.get(who.casefold(), f"{who}'s")


def _confirmation(m: re.Match[str]) -> str:
    return f"without {_owner(m['who'])} confirmation"


def _waited(text: str) -> str | None:
    wait = _WAIT_YES.search(text)
    if wait is None:
        return None
    owner = _owner(wait["who"])
    rest = _IN_CHAT.sub("", text[wait.end() :], count=1)  # (a yes is said in the chat)
    tool = _TOOL_WAITS.match(text)
    if tool is not None and tool.end() == wait.start():  # "`t` waits for X to say yes ..."
        return f"{tool['lead']}Get {owner} confirmation before calling {tool['tool']}{rest}"
    if re.match(r"\W*(?:(?:always|first|please)\s+)?$", text[: wait.start()], re.I) is None:
        # only a sentence the wait opens: in the middle of a sequence of steps ("read back
        # the date and time, and wait for them to say yes"), the steps read as what the yes
        # covers (a known misreading of such sentences, left to them)
        return None
    return f"{text[: wait.start()]}get {owner} confirmation{rest}"


_IN_CHAT = re.compile(r"^\s+in\s+(?:the|this|a)\s+(?:chat|conversation|thread)\b", re.I)

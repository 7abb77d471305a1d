"""Patterns for user confirmation and grounded values in real agent policies: "obtain
explicit user confirmation", "the user must confirm", "must come from the user's messages",
"must already be in the profile", "only send to an account the user named", "never make
up values", "an existing gift card".

Like every pattern, these describe the language such rules are written in, never one
document. Importing this module registers them in the pattern table.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.pattern_base import (
    ANY_TOOL,
    DETERMINERS,
    MODAL,
    NEG,
    STOP,
    TICKED,
    USER,
    Match,
    lemma,
    noun_phrase,
    pattern,
    singular,
    targets_in,
    ticked_tools,
)
from specgap.extract.segments import Sentence

# --- confirmation -----------------------------------------------------------------------------

_BEFORE = re.compile(
    r"\bbefore\s+(?P<x>(?:[^,;()]|\([^()]*\))+?)(?=,|;|\s+(?:you|the\s+agent)\b|$)", re.I
)
_FOR_ACTION = re.compile(r"\bfor\s+(?:the\s+|an?\s+|this\s+)?(?P<x>\w+)\s*[.;]?\s*$", re.I)
_TO_BE_DONE = re.compile(r"\bto\s+be\s+(?P<x>[a-z]+ed)\b", re.I)


def _confirmation(s: Sentence, m: re.Match[str]) -> Match | None:
    """The confirmed action: `before <action>`, else a ticked tool, else the tool a
    description describes, else `... for <action noun>` at the end or `to be <done>`, else
    the section the sentence is in (resolved from the context)."""
    text = s.clean
    before = _BEFORE.search(text)
    if before is not None:
        found = targets_in(s, before["x"])
        if found is None:
            return None  # "before any action": not one tool, and not every tool either
        return Match("require_confirmation", None, {}, {}, 0.85, targets=found)
    ticked = ticked_tools(text)
    if ticked:
        return Match("require_confirmation", None, {}, {}, 0.85, targets=tuple(ticked))
    if s.subject:
        return Match("require_confirmation", None, {}, {}, 0.85)
    tail = _FOR_ACTION.search(text) or _TO_BE_DONE.search(text)
    if tail is not None and lemma(tail["x"]) != tail["x"].casefold():
        return Match("require_confirmation", None, {}, {}, 0.8, targets=(lemma(tail["x"]),))
    return Match("require_confirmation", None, {}, {}, 0.7)  # resolved from the section


@pattern(
    "obtain-user-confirmation",
    r"\b(?:obtain|get|ask\s+(?:the\s+" + USER + r"\s+)?for|request|require|requires|need|needs|"
    r"seek|receive|have|wait\s+for|collect)\s+(?:an?\s+|the\s+)?(?:(?:explicit|express|clear|"
    r"written|verbal|affirmative|prior)\s+)?(?P<who>(?:"
    + USER
    + r"(?:'s)?|their|the\s+"
    + USER
    + r"'s)\s+)?(?:(?:explicit|express)\s+)?(?P<what>confirmation|consent|go-ahead|agreement|"
    r"approval|permission)\b",
)
def _obtain_confirmation(s: Sentence, m: re.Match[str]) -> Match | None:
    if m["what"].casefold() in {"approval", "permission"} and not m["who"]:
        return None  # a reviewer's approval: `review_required` owns it
    return _confirmation(s, m)


@pattern(
    "user-must-confirm",
    r"\b(?:the\s+)?" + USER + r"s?\s+" + MODAL + r"\s+(?:explicitly\s+|first\s+)?(?:confirm|"
    r"approve|agree|consent|say\s+yes|give\s+(?:their\s+)?(?:consent|confirmation))\b"
    r"|\b(?:confirm|check)\s+(?:it\s+|this\s+|that\s+)?with\s+the\s+" + USER + r"\b"
    r"|\bask\s+(?:the\s+)?" + USER + r"\s+to\s+confirm\b"
    r"|\b(?:unless|until|only\s+(?:after|once|if|when))\s+(?:the\s+)?"
    + USER
    + r"\s+(?:has\s+)?(?:explicitly\s+)?(?:confirm(?:s|ed)?|approve[sd]?|agree[sd]?|"
    r"consent(?:s|ed)?|says?\s+yes|said\s+yes)\b",
)
def _user_confirms(s: Sentence, m: re.Match[str]) -> Match | None:
    return _confirmation(s, m)


# --- grounding --------------------------------------------------------------------------------

_SOURCE_WORDS = re.compile(
    r"\b(?:" + USER + r"s?|profile|tools?|outputs?|results?|responses?|lookups?|searche?s?|"
    r"lists?|records?|database|account|contacts?|history|details|messages?|conversation|"
    r"request)\b",
    re.I,
)
_USER_ITSELF = re.compile(
    r"\b" + USER + r"(?:'s)?\b(?!\s*(?:'s\s+)?(?:profile|account|details|record|records|data|"
    r"information|history|orders?|file))",
    re.I,
)
_ANY_TOOL_WORDS = re.compile(r"\b(?:the\s+)?(?:tools?|tool\s+(?:outputs?|results?|calls?)|"
                             r"available\s+tools|functions?)\b", re.I)  # fmt: skip


def _sources(text: str) -> dict[str, Any] | None:
    """`from_user` / `from_tools` from a phrase naming where values come from."""
    tools: list[str] = ticked_tools(text)
    user = bool(_USER_ITSELF.search(text))
    if _ANY_TOOL_WORDS.search(text):
        tools.append(ANY_TOOL)
    rest = _USER_ITSELF.sub(" ", _ANY_TOOL_WORDS.sub(" ", TICKED.sub(" ", text)))
    rest = re.sub(r"\b(?:the|a|an|or|and|either|from|by|in|of|already|provided|given)\b|[^\w\s]",
                  " ", rest, flags=re.I)  # fmt: skip
    named = " ".join(rest.split())
    if named and _SOURCE_WORDS.search(named) and not user and not tools:
        tools.append(named)  # "the user profile": a tool the compiler resolves
    if not user and not tools:
        return None
    return {"from_user": user, "from_tools": sorted(set(tools))}


_OF_TOOL = re.compile(r"\s+(?:of|for|in|to|passed\s+to|given\s+to)\s+`[^`]*`?\s*$", re.I)
_REASON = re.compile(
    r"\s+(?:for|because|since|so\s+that|as|to\s+(?:avoid|ensure|prevent|keep))\b.*$", re.I
)


_WHEN_CALLING = re.compile(r"\s+(?:when|whenever|before|while|if)\s+(?:calling|using|invoking)\b")


def _what(raw: str) -> str | None:
    what = DETERMINERS.sub("", _OF_TOOL.sub("", raw).replace("`", " ").strip(" '\"")).strip()
    words = what.split()
    return what if 0 < len(words) <= 4 else None


@pattern(
    "value-must-come-from",
    r"(?:^|[,;:]\s*)(?P<what>(?:(?:all|any|every|each|the)\s+)?[\w`'-]+(?:\s+[\w`'-]+){0,4}?)\s+"
    + MODAL
    + r"\s+(?:already\s+)?(?:(?:be\s+)?(?:come|taken|copied|drawn|chosen|picked)\s+"
    r"from|be\s+(?:in|among|listed\s+in|present\s+in|found\s+in|one\s+of)|appear\s+in|exist\s+in)"
    r"\s+(?P<src>.+?)" + STOP,
)
def _come_from(s: Sentence, m: re.Match[str]) -> Match | None:
    raw = m["what"]
    what = _what(raw)
    src, when = m["src"], ""
    cut = _WHEN_CALLING.search(src)
    if cut is not None:
        src, when = src[: cut.start()], src[cut.start() :]
    sources = _sources(_REASON.sub("", src))
    if what is None or sources is None:
        return None
    of_tool = _OF_TOOL.search(raw)
    named = ticked_tools(of_tool[0]) if of_tool else []
    elsewhere = [t for t in ticked_tools(when) if t not in raw]
    if not named and ticked_tools(raw):
        if not elsewhere:
            return None  # "`tool` must come from ...": not about one of its arguments
        named = elsewhere[:1]  # "`order_id` must come from ... when calling `refund`"
    params: dict[str, Any] = dict(sources)
    if named or s.subject:
        params["facet"] = singular(what) if len(what.split()) == 1 else what
        return Match("arg_grounded", None, params, {}, 0.8, targets=tuple(named[:1]))
    params["arg"] = what
    return Match("arg_grounded", None, params, {}, 0.8, targets=(ANY_TOOL,))


@pattern(
    "only-to-what-the-user-named",
    r"\b(?:only|never|do\s+not|don't)\s+(?P<verb>[a-z]+)\s+(?P<obj>(?:[\w`.-]+\s+){0,3}?)"
    r"(?:to|with|for|on|into|from)\s+(?:an?\s+|any\s+|the\s+)?(?P<what>\w+(?:\s+\w+)??)\s+"
    r"(?:that\s+|which\s+|whom\s+)?(?:the\s+)?" + USER + r"\s+(?:has\s+|did\s+not\s+|didn't\s+|"
    r"has\s+not\s+|hasn't\s+)?(?:explicitly\s+)?(?:named|name|provided|provide|gave|given|give|"
    r"mentioned|mention|specified|specify|supplied|supply|stated|state|asked\s+for|ask\s+for|"
    r"requested|request|chose|chosen|selected)\b",
)
def _user_named(s: Sentence, m: re.Match[str]) -> Match | None:
    negated = m[0].casefold().startswith(("never", "do not", "don't"))
    said_not = re.search(r"\b(?:did\s+not|didn't|has\s+not|hasn't)\b", m[0], re.I)
    if negated != bool(said_not):
        return None  # "never send to the account the user named" is not this rule
    ticked = ticked_tools(s.clean)
    action = f"{lemma(m['verb'])} {m['obj'].strip()}".strip().replace("`", "")
    targets = tuple(ticked[:1]) or ((s.subject,) if s.subject else (action,))
    what = singular(m["what"]) if len(m["what"].split()) == 1 else m["what"]
    params = {"facet": what, "from_user": True}
    return Match("arg_grounded", None, params, {}, 0.8, targets=targets)


@pattern(
    "never-make-up-values",
    r"\b" + NEG + r"\s+(?:\w+\s+){0,2}?(?:make\s+up|invent|fabricate|hallucinate|guess|"
    r"make\s+(?:any\s+)?assumptions\s+about)\b(?P<rest>.*)$",
)
def _made_up(s: Sentence, m: re.Match[str]) -> Match | None:
    found = re.search(r"\b(?:provided|given|returned|supplied|stated)\s+(?:from|by)\s+(.+)$",
                      m["rest"], re.I)  # fmt: skip
    sources = _sources(found[1]) if found else None
    params = sources or {"from_user": True, "from_tools": [ANY_TOOL]}
    return Match("arg_grounded", None, params, {}, 0.75, targets=(ANY_TOOL,))


@pattern(
    "must-be-existing",
    r"\b(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+" + MODAL + r"\s+(?:already\s+exist\b|"
    r"(?:[^.;]*?\b)?(?:an?\s+|the\s+)?(?:existing|already\s+existing)\s+(?P<kind>[\w-]+))",
)
def _existing(s: Sentence, m: re.Match[str]) -> Match | None:
    kind = noun_phrase(s.clean, m.start("kind"))[0] if m["kind"] else m["what"]
    what = _what(kind)
    if what is None:
        return None
    params = {"arg": what, "from_user": False, "from_tools": [ANY_TOOL]}
    return Match("arg_grounded", None, params, {}, 0.7, targets=(ANY_TOOL,))

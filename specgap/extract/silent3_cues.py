"""Rules stated with no modal that the earlier cues miss, so that they are not lost silently.

Checked last by `rulelike.cue_of` (after `deontic` and `terse_cues`), these cues only make
a sentence *read like a rule*: `leftovers` then gives it a located `rule-not-compiled` note
when nothing was read from it. Nothing here ever yields a rule. Each cue is a class of
English construction, not a phrase:

- **exclusive**: a receiver or actor closed by "and nobody else", "to no one else", "nobody
  but", "none other than" ("Tide tables go to the harbour master and no one else");
- **open permission** in the passive, given to anyone: "Crossing times can be shared with
  anybody", "Opening hours may be told to everyone";
- **style** of the agent's replies: "Answers stay brief and friendly", "Replies are short,
  in the caller's language";
- **range** of a value between two ends that are dates or counts in words: "The sailing
  date is a weekday between tomorrow and 30 days out", "between today and next Friday";
- in a parameter's description (`described`), **alternatives** written in prose: two or
  more quoted values joined by "or", each opening its own phrase ("`dock` at the pier or
  `anchor` in the bay"), or a short label and a list of codes ("Region code, EU or UK").

Deliberately not read: tone and format sentences with another subject ("Responses are in
JSON"), definitions of a
term ("X means ..."), a passive permission without "anyone" ("Orders can be placed online"
describes a service), and a range whose ends are not dates or counts.
"""

from __future__ import annotations

import re

__all__ = ["silent3_cue"]

_EXCLUSIVE = re.compile(
    r"(?:\b(?:and|or)\s+(?:(?:to|with|for|by)\s+)?|,\s*(?:(?:to|with|for|by)\s+)?|"
    r"\b(?:to|with|for|by)\s+)(?:nobody|no\s+one|no-one|none)\s+"
    r"(?:else|other(?:\s+than)?|but|besides)\b",
    re.I,
)
_ANYONE = re.compile(
    r"\b(?:can|may|could)\s+(?:freely\s+|safely\s+|always\s+)?be\s+(?:freely\s+|safely\s+)?"
    r"[a-z]+(?:ed|en|wn|ld|nt|id|ne)\s+(?:(?:to|for|with|by)\s+)?(?:anyone|anybody|everyone|"
    r"everybody|any\s+(?:caller|customer|user|visitor|member|guest|client)s?)\b",
    re.I,
)
_END = (
    r"(?:today|tomorrow|now|yesterday|(?:next|this|last)\s+[a-z]+|\d[\d,.]*"
    r"(?:\s+(?:[a-z]+\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?))?"
    r"(?:\s+(?:out|ahead|away|from\s+(?:today|now)|later))?)"
)
_RANGE = re.compile(
    r"\b(?:is|are|be|falls?|lies?)\b[^.;:]{0,60}?\bbetween\s+(?P<a>" + _END + r")\s+and\s+"
    r"(?P<b>" + _END + r")\b",
    re.I,
)
# "Replies are short and in plain language", "Answers stay brief, in the caller's language":
# the agent's own replies given a style (tone and format rules, stated as facts)
_STYLE = re.compile(
    r"^\W*(?:(?:all|your|our|the|the\s+agent's|the\s+assistant's|every|each)\s+)?(?:repl(?:y|ies)|"
    r"answers?|responses?|messages?)\s+(?:are|is|stay|stays|remain|remains|keep|keeps)\s+"
    r"(?:always\s+|kept\s+)?(?:short|brief|concise|terse|plain|polite|formal|informal|friendly|"
    r"calm|neutral|factual|in\s+(?:plain|simple|clear|the\s+[\w' ]{1,30}?)\s*language)\b",
    re.I,
)
_WORDS_END = re.compile(r"^(?:today|tomorrow|now|yesterday|next|this|last)\b", re.I)
_Q = r"(?:`[^`\n]+`|(?<!\w)'[^'\n]+'(?!\w)|\"[^\"\n]+\")"
_GAP = r"(?:[^`'\"\n]|(?<=\w)'(?=\w)){0,60}?"  # prose between values, "client's" in it
_QUOTED_ALTERNATIVES = re.compile(
    r"^\W*" + _Q + r"(?:" + _GAP + r"(?:,\s*|\s+)(?:or\s+)?" + _Q + r")+" + _GAP + r"$"
)
_CODES = re.compile(
    r"^\W*[A-Za-z][\w -]{0,30}?\bcodes?\s*[,:]\s*(?P<list>[A-Z]{2,4}(?:\s*,\s*[A-Z]{2,4})*"
    r"\s*,?\s+or\s+[A-Z]{2,4})\s*\.?\s*$"
)


def silent3_cue(text: str, *, described: bool = False) -> tuple[str, str] | None:
    """The kind and words of a rule stated in one of the module's constructions, or None.
    `described`: the sentence is in a tool's or a parameter's description."""
    if described:
        if _QUOTED_ALTERNATIVES.match(text) and re.search(r"\bor\b", text):
            return ("labelled values", "a list of alternatives")
        codes = _CODES.match(text)
        if codes is not None:
            return ("labelled values", " ".join(codes["list"].split()))
    exclusive = _EXCLUSIVE.search(text)
    if exclusive is not None:
        return ("exclusive", " ".join(exclusive[0].split()).casefold())
    if described:
        return None
    anyone = _ANYONE.search(text)
    if anyone is not None:
        return ("permission", " ".join(anyone[0].split()).casefold())
    style = _STYLE.match(text)
    if style is not None:
        return ("style", " ".join(style[0].split()).casefold())
    ranged = _RANGE.search(text)
    if ranged is not None and (_WORDS_END.match(ranged["a"]) or _WORDS_END.match(ranged["b"])):
        return ("range", f"between {ranged['a']} and {ranged['b']}".casefold())
    return None


# "quote bucket names exactly as ...", "spell guest names carefully": after a word that is a
# verb and a noun, a bare object and an adverb of manner closing the clause or opening an
# `as` / `when` clause; never a subject and its verb ("Order totals usually include tax")
_MANNER_OBJECT = re.compile(
    r"^\s+(?:[a-z][\w'-]*\s+){1,3}?(?:exactly|verbatim|correctly|carefully|precisely|clearly|"
    r"literally|accurately|in\s+full)"
    r"(?=\s*(?:[.;,!]|$|\s+(?:as|when|whenever|if|before|after|in|with|from|to)\b))",
    re.I,
)


def manner_object(rest: str) -> bool:
    """Whether `rest`, what follows a clause's first word, is a bare object and an adverb of
    manner, so that the word is a verb in the imperative (see `_MANNER_OBJECT`)."""
    return _MANNER_OBJECT.match(rest) is not None


# "Use it for every question about fares", "Call this tool whenever a skipper asks for a
# berth": in a tool's description, a use said of the tool over *every* case of something
# routes those cases to it (a plain "Use this to get a berth" only says what it is for)
_ROUTES_ALL = re.compile(
    r"^\W*(?:use|call|invoke)\s+(?:this|it|the\s+(?:tool|function)|this\s+(?:tool|function))"
    r"\s+(?:for\s+(?:every|all|any|each)\b|whenever\b|every\s+time\b)",
    re.I,
)


def routes_all(text: str) -> bool:
    """Whether a sentence of a tool's description sends every case of something to the tool
    (see `_ROUTES_ALL`): an instruction, though it opens as a statement of purpose."""
    return _ROUTES_ALL.match(text) is not None

"""Patterns for how many: items of a kind ("at most three gift cards", "up to nine
passengers"), calls per trace or per entity ("can only be called once", "never more than
twice", "for a pending order ... once"), one call at a time, and "the maximum X is N".
Importing this module registers them in the pattern table.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.pattern_base import (
    ANY_TOOL,
    CALL_NOUNS,
    NEG,
    NUMBER,
    NUMBER_WORDS,
    Match,
    action_list,
    lemma,
    noun_phrase,
    number,
    pattern,
    singular,
    split_words,
    ticked_tools,
)
from specgap.extract.segments import Sentence

# --- counts -----------------------------------------------------------------------------------

_COUNT_KIND = (
    r"(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"maximum\s+of|fewer\s+than|less\s+than|at\s+least|no\s+fewer\s+than|no\s+less\s+than|"
    r"a\s+minimum\s+of)"
)
UNIT_NOUNS = frozenset(
    split_words(
        "row rows result results record records entry entries line lines character characters "
        "char chars byte bytes kb mb gb tb token tokens word words page pages second seconds "
        "sec secs minute minutes min mins hour hours day days week weeks month months year "
        "years ms percent dollar dollars euro euros usd cent cents gbp eur unit units"
    )
)


_LIMITING = re.compile(
    r"\b(?:can|may|must|should|shall|allowed|permitted|limit(?:ed)?|only|never|cannot)\b", re.I
)


def count_phrase(s: Sentence, m: re.Match[str]) -> tuple[str, float, str] | None:
    """(noun phrase, number, bound kind) of a count, or None when the noun is a unit, a
    number of calls, or a per-call limit (`at most 100 rows per query`)."""
    raw = m["n"].casefold()
    n = 1.0 if raw in {"a single", "a", "an"} else number(raw)
    noun, end = noun_phrase(s.clean, m.end("n"))
    if not noun:
        return None
    words = noun.casefold().split()
    if words[0] in UNIT_NOUNS or words[-1] in CALL_NOUNS or words[0] in CALL_NOUNS:
        return None
    if re.match(r"\s+per\b", s.clean[end:], re.I):
        return None
    kind = " ".join(m["kind"].casefold().split())
    if kind == "up to" and not _LIMITING.search(s.clean):
        return None  # "sells up to 50 kinds": a fact, not a limit
    return noun, n, kind


@pattern(
    "at-most-n-items",
    r"\b" + _COUNT_KIND + r"\s+(?P<n>\d[\d,]*|a\s+single|" + "|".join(NUMBER_WORDS) + r")\b",
    every=True,
)
def _count(s: Sentence, m: re.Match[str]) -> Match | None:
    found = count_phrase(s, m)
    if found is None:
        return None
    noun, n, kind = found
    params: dict[str, Any] = {"items": noun}
    if kind in {"at least", "no fewer than", "no less than", "a minimum of"}:
        params["min"] = int(n)
    else:
        params["max"] = int(n) - 1 if kind in {"fewer than", "less than"} else int(n)
    return Match("arg_count_bound", None, params, {}, 0.75)


# --- calls per trace, calls per turn ----------------------------------------------------------

_TIMES = {"once": 1, "twice": 2, "thrice": 3}


def _n_times(group: str) -> str:
    return rf"(?P<{group}>once|twice|thrice|(?:\d+|" + "|".join(NUMBER_WORDS) + r")\s+times)"


_DONE = r"(?:called|used|invoked|run|done|performed|made|executed|submitted|triggered|applied)"


_PER = re.compile(
    r"\b(?:for\s+(?:a|an|each|every|any|one|the\s+same)|per|in\s+(?:a|each|one))\s+"
    r"(?:[a-z]+\s+)?(?P<entity>[a-z]+)\b(?!\s+(?:of|to)\b)",
    re.I,
)
_WHOLE = frozenset(
    split_words("conversation session chat trace dialogue interaction turn user day")
)


def _times(raw: str) -> int:
    raw = raw.casefold().split()[0]
    return _TIMES.get(raw) or int(number(raw))


def _calls_target(s: Sentence, start: int) -> tuple[str, ...] | None:
    """What the words before the modal name: `Exchange or modify order tools`, `this
    action` (the described tool or the section), a ticked tool."""
    head = s.clean[:start]
    head = head[head.rfind(",") + 1 :] if "," in head else head
    ticked = ticked_tools(head) or ticked_tools(s.clean)
    if ticked:
        return tuple(ticked[:1])
    if re.search(r"\b(?:this|that|the|it|these)\s*(?:action|function|tool|operation|call)?\s*$",
                 head.strip(), re.I) or not head.strip():  # fmt: skip
        return None
    listed = action_list(head)
    if listed:
        return tuple(listed)
    words = re.findall(r"[A-Za-z][\w-]*", head)
    return (" ".join(lemma(w) if i == 0 else w for i, w in enumerate(words)),) if words else None


@pattern(
    "called-at-most-n-times",
    r"\b(?:can|may|should|must|could)\s+(?:only\s+)?(?:be\s+)?(?:only\s+)?"
    + _DONE
    + r"\s+(?:only\s+|at\s+most\s+|no\s+more\s+than\s+|a\s+maximum\s+of\s+)?"
    + _n_times("a")
    + r"\b|\b(?:at\s+most|no\s+more\s+than|only|a\s+maximum\s+of)\s+"
    + _n_times("b")
    + r"\b|\b"
    + NEG
    + r"\b.{0,60}?\bmore\s+than\s+"
    + _n_times("c")
    + r"\b",
)
def _max_calls(s: Sentence, m: re.Match[str]) -> Match | None:
    raw = next(g for g in m.groups() if g)
    if raw.casefold().split()[0] not in _TIMES and not raw.casefold().endswith("times"):
        return None
    modal = re.search(r"\b(?:can|may|should|must|could|never|not|don't|cannot)\b", s.clean)
    found = _calls_target(s, modal.start() if modal else m.start())
    params: dict[str, Any] = {"max": _times(raw)}
    per = _PER.search(s.clean)
    if per is not None and singular(per["entity"]) not in _WHOLE:
        params["per"] = singular(per["entity"])
    return Match("max_calls", None, params, {}, 0.8, targets=found or ())


@pattern(
    "at-most-n-calls",
    r"\b(?:at\s+most|no\s+more\s+than|up\s+to|a\s+maximum\s+of)\s+"
    + NUMBER
    + r"\s+(?:calls?|requests?|invocations?|attempts?)\s+(?:to|of|with|per)?\s*(?P<x>.*)$",
)
def _n_calls(s: Sentence, m: re.Match[str]) -> Match | None:
    ticked = ticked_tools(m["x"]) or ticked_tools(s.clean)
    params = {"max": int(number(m["n"]))}
    return Match("max_calls", None, params, {}, 0.8, targets=tuple(ticked[:1]))


@pattern(
    "one-call-at-a-time",
    r"\b(?:one|a\s+single|1)\s+(?:tool\s+|function\s+)?call\s+at\s+a\s+time\b"
    r"|\b(?:one|a\s+single)\s+(?:tool|function)\s+at\s+a\s+time\b"
    r"|\b" + NEG + r"\s+(?:make|issue|send|run|call)\s+(?:several|multiple|parallel|"
    r"simultaneous|concurrent)\s+(?:tool\s+|function\s+)?calls\b"
    r"|\bno\s+parallel\s+(?:tool\s+|function\s+)?calls\b"
    r"|\b(?:make|take|issue)\s+a\s+(?:tool|function)\s+call\b.{0,60}?\b(?:not|never)\s+(?:respond|"
    r"reply|answer)\b|\b(?:respond|reply|answer)\b.{0,60}?\b(?:not|never)\s+(?:make|take|issue)\s+a\s+"
    r"(?:tool|function)\s+call\b",
)
def _one_call(s: Sentence, m: re.Match[str]) -> Match | None:
    with_text = bool(re.search(r"\b(?:respond|reply|answer|talk|text|message)\b", s.clean, re.I))
    return Match(
        "one_call_at_a_time", None, {"with_text": with_text}, {}, 0.85, targets=(ANY_TOOL,)
    )


@pattern(
    "the-maximum-is",
    r"\bthe\s+maximum\s+(?P<noun>(?:[a-z]+\s+){0,4}?)(?:(?:that|which)\s+(?:can|may)\s+be\s+"
    r"(?P<verb>[a-z]+)\s+)?(?:per\s+[a-z]+\s+)?is\s+" + NUMBER + r"\s*(?P<unit>[A-Za-z]+)?\b",
)
def _maximum_is(s: Sentence, m: re.Match[str]) -> Match | None:
    words = m["noun"].split()
    if not words:
        return None
    unit = m["unit"] or ""
    facet = unit if unit and unit.casefold() not in {"per", "and", "or"} else words[-1]
    ticked = ticked_tools(s.clean)
    head = singular(words[-1])
    targets = tuple(ticked[:1]) or ((f"{lemma(m['verb'])} {head}",) if m["verb"] else ())
    params = {"facet": facet, "max": number(m["n"])}
    return Match("arg_within_bound", None, params, {}, 0.75, targets=targets)

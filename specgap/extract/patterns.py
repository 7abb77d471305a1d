"""The deterministic extractor's pattern table over sentences.

Each pattern is a regular expression over the sentence (markup blanked out) plus a builder
that turns its groups into a candidate rule. Patterns describe the language of rules
(ordering, prohibition, allowlist, bound, timeout, data flow, review), never one document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from specgap.evaluate.operators import OPERATORS
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Grounding

EXTRACTOR = "deterministic"

_STOP = r"(?=\s*(?:[.;:!?](?=\s|$)|$))"
_END = r"(?=\s*(?:[.;:!?](?=\s|$)|,|\bso\b|\bto\s+(?:make|ensure|avoid)\b|$))"
_CALL_WORDS = "call|use|run|invoke|execute|perform|do|trigger"
_CALL_VERBS = rf"(?:{_CALL_WORDS})"
_FILLER = re.compile(
    r"^(?:(?:calling|using|running|invoking|executing|uploading|writing|sending|any|every|each|"
    r"an?|the|it|them|this|that|to|with|via|through|tool|call)\b\s*)+",
    re.I,
)
_TICKED = re.compile(r"`([^`\n]+)`")
_QUOTED = re.compile(r"`([^`\n]+)`|'([^'\n]+)'|\"([^\"\n]+)\"")
_TOOLISH = re.compile(r"^[A-Za-z_][\w\-]*(?:[./:][\w\-]+)*$")
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
}
_NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(_NUMBER_WORDS) + r")"
_TIME_UNITS = {
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
}  # fmt: skip
_DEONTIC = re.compile(
    r"\b(?:must|never|always|only|should|shall|do\s+not|don't|cannot|can't|may\s+not|"
    r"required|forbidden|prohibited|not\s+allowed)\b",
    re.I,
)


def is_toolish(token: str) -> bool:
    """`sql.execute`, `scan_for_secrets`, `PutItem` read as tools; `private`, `ACL` do not."""
    if not _TOOLISH.match(token):
        return False
    return any(c in token for c in "._/:") or bool(re.search(r"[a-z][A-Z]", token))


@dataclass(frozen=True)
class Match:
    """What a pattern found: target chunk (text range) and parameters."""

    operator: str
    target: tuple[int, int] | None  # range in the sentence naming the constrained tool
    params: dict[str, Any]
    tool_params: dict[str, tuple[int, int]]  # param -> range naming another tool
    confidence: float
    grounding: Grounding | None = None


def _mention_in(sentence: Sentence, span: tuple[int, int]) -> str | None:
    """The tool a chunk of the sentence names: a ticked tool id, else the bare phrase."""
    for m in _TICKED.finditer(sentence.text):
        if m.end() > span[0] and m.start() < span[1] and is_toolish(m[1]):
            return m[1]
    phrase = _FILLER.sub("", sentence.clean[span[0] : span[1]].replace("`", " ").strip()).strip(
        " ,"
    )
    words = phrase.split()
    if not words or len(words) > 6:
        return None
    return " ".join(words)


def _values(text: str) -> list[str]:
    found = [a or b or c for a, b, c in _QUOTED.findall(text)]
    return [v for v in found if not is_toolish(v)]


def _number(raw: str) -> float:
    raw = raw.casefold()
    return float(_NUMBER_WORDS[raw]) if raw in _NUMBER_WORDS else float(raw.replace(",", ""))


PatternFn = Callable[[Sentence, re.Match[str]], Match | None]
PATTERNS: list[tuple[str, re.Pattern[str], PatternFn]] = []


def pattern(name: str, regex: str) -> Callable[[PatternFn], PatternFn]:
    def register(fn: PatternFn) -> PatternFn:
        PATTERNS.append((name, re.compile(regex, re.I), fn))
        return fn

    return register


# --- ordering ---------------------------------------------------------------------------------


@pattern(
    "call-x-before-y",
    rf"\b{_CALL_VERBS}\s+(?P<first>.+?)\s+(?:before|prior\s+to)\s+(?P<then>.+?){_END}",
)
def _call_before(s: Sentence, m: re.Match[str]) -> Match | None:
    return Match("require_before", m.span("then"), {}, {"before": m.span("first")}, 0.9)


@pattern(
    "before-y-call-x",
    r"\bbefore\s+(?P<then>.+?),\s*(?:(?:always|first)\s+)?(?:you\s+(?:must|should|have\s+to|need\s+to)"
    rf"\s+)?(?:{_CALL_WORDS}|check|verify|obtain|get)\s+(?P<first>.+?){_END}",
)
def _before_call(s: Sentence, m: re.Match[str]) -> Match | None:
    return Match("require_before", m.span("then"), {}, {"before": m.span("first")}, 0.9)


@pattern(
    "y-only-after-x",
    r"^(?P<then>.+?)\s+(?:must|should|may|can)\s+(?:only\s+)?(?:be\s+)?(?:called|used|run|invoked)?"
    rf"\s*(?:only\s+)?after\s+(?P<first>.+?){_END}",
)
def _only_after(s: Sentence, m: re.Match[str]) -> Match | None:
    return Match("require_before", m.span("then"), {}, {"before": m.span("first")}, 0.85)


# --- data flow --------------------------------------------------------------------------------

_SEND = r"(?:sent|passed|written|shared|forwarded|posted|given|reach|flow|go|leave)"


@pattern(
    "labelled-data-never-to",
    r"\b(?:data|values?|content|information|anything|text|output|results?)\s+(?:labell?ed|tagged|"
    r"marked|classified)\s+(?:as\s+)?(?P<label>[`'\"]?[\w-]+[`'\"]?)\s+(?:must|should|may|can)\s+"
    rf"(?:never|not)\s+(?:be\s+)?{_SEND}\s*(?:to|with|through|via|using|into|in)?\s+(?P<sink>.+?){_END}",
)
def _flow(s: Sentence, m: re.Match[str]) -> Match | None:
    label = m["label"].strip("`'\"")
    return Match("flow_denied", m.span("sink"), {"label": label}, {}, 0.9)


# --- timeouts and bounds ----------------------------------------------------------------------


@pattern(
    "time-out-within",
    r"\b(?:time\s*out|timeouts?)\s+(?:(?:must|should)\s+(?:be\s+)?)?(?:within|after|of|at\s+most|"
    r"under|below|no\s+more\s+than)\s+(?:at\s+most\s+)?"
    + _NUMBER
    + r"\s*(?P<unit>"
    + "|".join(sorted(_TIME_UNITS, key=len, reverse=True))
    + r")\b",
)
def _timeout(s: Sentence, m: re.Match[str]) -> Match | None:
    seconds = _number(m["n"]) * _TIME_UNITS[m["unit"].casefold()]
    return Match("timeout_leq", None, {"facet": "timeout", "max_seconds": seconds}, {}, 0.85)


@pattern(
    "at-most-n-things",
    r"\b(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|maximum\s+of|"
    r"fewer\s+than|less\s+than|at\s+least|no\s+fewer\s+than|a\s+minimum\s+of)\s+"
    + _NUMBER
    + r"\s+(?P<noun>[A-Za-z][\w-]*)",
)
def _bound(s: Sentence, m: re.Match[str]) -> Match | None:
    noun = m["noun"]
    if noun.casefold() in _TIME_UNITS and re.search(r"time\s*out|timeout", s.clean, re.I):
        return None
    n = _number(m["n"])
    kind = " ".join(m["kind"].casefold().split())
    params: dict[str, Any] = {"facet": noun}
    if kind in {"at least", "no fewer than", "a minimum of"}:
        params["min"] = n
    else:
        params["max"] = n - 1 if kind in {"fewer than", "less than"} and n.is_integer() else n
    return Match("arg_within_bound", None, params, {}, 0.8)


# --- allowlists -------------------------------------------------------------------------------

_LIST = r"(?P<list>(?:[`'\"][^`'\"\n]+[`'\"](?:\s*,\s*|\s*,?\s*(?:and|or)\s+)?)+)"


@pattern(
    "only-verb-the-nouns-list",
    r"\bonly\s+(?:(?:query|use|access|read|write|upload|send|call|touch|connect|contact|allow)\s+"
    r"(?:to\s+|from\s+|in\s+)?)?(?:the\s+)?(?P<noun>[A-Za-z][\w-]*)\s+" + _LIST,
)
def _only_list(s: Sentence, m: re.Match[str]) -> Match | None:
    values = _values(m["list"])
    return Match("resource_in_allowlist", None, {"facet": m["noun"], "allowed": values}, {}, 0.8)


@pattern(
    "must-use-the-value-noun",
    r"\b(?:must|should|shall)\s+(?:always\s+)?(?:use|have|carry)\s+(?:the\s+|an?\s+)?"
    r"(?P<list>[`'\"][^`'\"\n]+[`'\"](?:\s+or\s+[`'\"][^`'\"\n]+[`'\"])*)\s+(?P<noun>[A-Za-z][\w-]*)",
)
def _must_use(s: Sentence, m: re.Match[str]) -> Match | None:
    values = _values(m["list"])
    target = (0, m.start())
    return Match("resource_in_allowlist", target, {"facet": m["noun"], "allowed": values}, {}, 0.8)


@pattern(
    "noun-must-be-value",
    r"\b(?:the\s+)?(?P<noun>[A-Za-z][\w-]*)\s+(?:must|should|shall)\s+(?:always\s+)?be\s+(?:one\s+of\s+)?"
    + _LIST,
)
def _must_be(s: Sentence, m: re.Match[str]) -> Match | None:
    values = _values(m["list"])
    return Match("resource_in_allowlist", None, {"facet": m["noun"], "allowed": values}, {}, 0.75)


# --- prohibitions -----------------------------------------------------------------------------


@pattern(
    "never-verb-object",
    r"\b(?:never|do\s+not|don't|must\s+not|must\s+never|should\s+not|should\s+never|may\s+not|"
    r"cannot|can't)\s+(?:(?:run|execute|issue|call|use|perform|invoke|make|submit|send)\s+)?"
    rf"(?P<object>.+?){_STOP}",
)
def _never(s: Sentence, m: re.Match[str]) -> Match | None:
    obj = m["object"]
    if re.search(r"\b(?:before|until|unless|after)\b", obj, re.I):
        return None  # an ordering in disguise: the ordering patterns own it
    listed = re.search(r"\((?P<inner>[^)]*)\)", obj)
    values = _values(obj) or (re.findall(r"\b[A-Z][A-Z_]{2,}\b", listed["inner"]) if listed else [])
    start = m.start("object")
    via = re.search(r"\b(?:with|through|via|using|in|on)\s+(?P<tool>.+)$", obj, re.I)
    if values:
        head = obj[: listed.start()] if listed else obj
        nouns = re.findall(r"[A-Za-z][\w-]*", head)
        facet = nouns[-1] if nouns else ""
        target = (start + via.start("tool"), m.end("object")) if via else None
        return Match("deny_action", target, {"facet": facet, "values": values}, {}, 0.85)
    if any(is_toolish(t) for t in _TICKED.findall(obj)):
        return Match("deny_action", m.span("object"), {}, {}, 0.8)
    return None


# --- review -----------------------------------------------------------------------------------


@pattern(
    "needs-review",
    r"\b(?:reviewers?\s+(?:must\s+)?(?:approves?|signs?\s+off|checks?)|requires?\s+(?:a\s+)?(?:human\s+)?"
    r"(?:review|approval|sign[- ]off)|must\s+be\s+(?:reviewed|approved)|needs?\s+(?:a\s+)?"
    r"(?:human\s+)?(?:review|approval))\b",
)
def _review(s: Sentence, m: re.Match[str]) -> Match | None:
    return Match("review_required", None, {}, {}, 0.6, grounding="inferred")


# --- driver -----------------------------------------------------------------------------------


def sentence_rules(sentence: Sentence) -> Iterator[CandidateRule]:
    """Every rule the patterns find in one sentence (at most one per operator)."""
    seen: set[str] = set()
    clean = sentence.clean
    for _, regex, build in PATTERNS:
        found = regex.search(clean)
        if found is None:
            continue
        match = build(sentence, found)
        if match is None or match.operator in seen:
            continue
        if match.operator == "deny_action" and "flow_denied" in seen:
            continue
        seen.add(match.operator)
        yield _candidate(sentence, match)


def _candidate(sentence: Sentence, match: Match) -> CandidateRule:
    target = _mention_in(sentence, match.target) if match.target else None
    if target is None:
        ticked = [t for t in _TICKED.findall(sentence.text) if is_toolish(t)]
        others = {_mention_in(sentence, r) for r in match.tool_params.values()}
        ticked = [t for t in ticked if t not in others]
        target = ticked[0] if ticked else sentence.subject
    params = dict(match.params)
    mentions = [target] if target else []
    for name, span in match.tool_params.items():
        mention = _mention_in(sentence, span)
        params[name] = mention
        if mention:
            mentions.append(mention)
    explicit = target is not None and target in sentence.text
    grounding: Grounding = match.grounding or ("exact" if explicit else "partial")
    confidence = match.confidence if grounding == "exact" else match.confidence * 0.8
    return CandidateRule(
        text=" ".join(sentence.text.split()),
        span=sentence.span(),
        quote=sentence.quote(),
        target=target,
        context=sentence.context,
        mentions=tuple(mentions),
        grounding=grounding,
        check_category=OPERATORS[match.operator].category,
        operator=match.operator,
        params=params,
        confidence=round(confidence, 3),
        extractor=EXTRACTOR,
    )


def reads_like_rule(sentence: Sentence) -> bool:
    return bool(_DEONTIC.search(sentence.clean))

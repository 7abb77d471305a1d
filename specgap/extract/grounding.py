"""Turning a model's answer into candidate rules that cannot cite text the artifact lacks.

Every rule carries a quote. It is looked up in the segments the model read: verbatim (or
equal up to runs of whitespace) gives `exact` grounding at that span; the best fuzzy
alignment (rapidfuzz) at or above `FUZZY_THRESHOLD` gives `partial` grounding at the aligned
span; anything else is dropped with a `hallucinated-quote` diagnostic. The rule's stored
quote is always the artifact's own text at the span, never the model's copy.

Values are grounded too: every string and number in the params must occur in the quote
(numbers up to a unit change or an off-by-one bound), else the rule is dropped with an
`ungrounded-value` diagnostic. Tool mentions the quote does not contain only lower the
grounding to `partial`, as the deterministic extractor does for implicit targets.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from specgap.extract.answer import ANY_TOOL
from specgap.extract.chunks import Chunk, Segment
from specgap.extract.pattern_base import ticked_tools
from specgap.ir import CandidateRule, Diagnostic, Grounding
from specgap.operators import OPERATORS

FUZZY_THRESHOLD = 90.0  # rapidfuzz partial-ratio score a near-verbatim quote must reach
MIN_QUOTE_CHARS = 8  # shorter quotes ("never", "sql.execute") cite no rule at all
LLM_CONFIDENCE = 0.7  # a model's reading, before grounding; agreement in ensemble raises it
PARTIAL_FACTOR = 0.8  # the same discount the deterministic extractor gives implicit targets
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUMBER_WORDS = {w: float(n) for n, w in enumerate((*_WORDS, "eleven", "twelve"))} | {
    "once": 1.0,
    "twice": 2.0,
    "single": 1.0,
}
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?|\b(?:" + "|".join(_NUMBER_WORDS) + r")\b", re.I)
_SCALES = (1.0, 60.0, 3600.0, 1000.0, 0.001, 1 / 60)
_QUOTE_MARKS = str.maketrans(dict.fromkeys("`'\"*_“”‘’", " "))
_NON_WORD = re.compile(r"[^0-9a-z]+")


@dataclass(frozen=True)
class Located:
    segment: Segment
    start: int  # range in the segment's text
    end: int
    grounding: Grounding


def locate(quote: str, segments: Sequence[Segment]) -> Located | None:
    """Where a quote sits in the segments: verbatim, whitespace-insensitive, then fuzzy."""
    wanted = quote.strip()
    if len(" ".join(wanted.split())) < MIN_QUOTE_CHARS:
        return None
    for segment in segments:
        at = segment.text.find(wanted)
        if at >= 0:
            return Located(segment, at, at + len(wanted), "exact")
    squashed_quote = " ".join(wanted.split())
    best: tuple[float, Segment, int, int] | None = None
    for segment in segments:
        squashed, index = _squash(segment.text)
        at = squashed.find(squashed_quote)
        if at >= 0:
            end = at + len(squashed_quote)
            return Located(segment, index[at], index[end - 1] + 1, "exact")
        if len(squashed_quote) > len(squashed):
            continue
        found = fuzz.partial_ratio_alignment(squashed_quote, squashed, score_cutoff=FUZZY_THRESHOLD)
        if found is None or found.dest_end <= found.dest_start:
            continue
        if best is None or found.score > best[0]:
            start, end = index[found.dest_start], index[found.dest_end - 1] + 1
            best = (found.score, segment, start, end)
    if best is None:
        return None
    _, segment, start, end = best
    start, end = _whole_words(segment.text, start, end)
    return Located(segment, start, end, "partial")


def _squash(text: str) -> tuple[str, list[int]]:
    """`text` with each run of whitespace as one space, and where each kept char came from."""
    chars: list[str] = []
    index: list[int] = []
    for n, ch in enumerate(text):
        if ch.isspace():
            if chars and chars[-1] == " ":
                continue
            chars.append(" ")
        else:
            chars.append(ch)
        index.append(n)
    return "".join(chars), index


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    while start > 0 and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        end += 1
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


# --- values -----------------------------------------------------------------------------------


def normalized(text: str) -> str:
    return " ".join(text.translate(_QUOTE_MARKS).casefold().split())


def _compact(text: str) -> str:
    return _NON_WORD.sub("", text.casefold())


def mentioned(value: str, quote: str) -> bool:
    """A value occurs in a quote, ignoring case, quote marks and separators."""
    wanted = normalized(value)
    if not wanted:
        return False
    return wanted in normalized(quote) or (
        bool(_compact(value)) and _compact(value) in _compact(quote)
    )


def _numbers(quote: str) -> list[float]:
    found = []
    for match in _NUMBER.finditer(quote):
        raw = match[0].casefold()
        try:
            found.append(
                _NUMBER_WORDS[raw] if raw in _NUMBER_WORDS else float(raw.replace(",", ""))
            )
        except ValueError:
            continue
    return found


def number_grounded(value: float, quote: str) -> bool:
    """`value` is a number of the quote, maybe in other units or as an exclusive bound."""
    for n in _numbers(quote):
        for candidate in (n, n - 1, n + 1):
            if any(math.isclose(value, candidate * s, rel_tol=1e-9) for s in _SCALES):
                return True
    return False


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def ungrounded(params: dict[str, Any], quote: str, skip: set[str]) -> list[str]:
    """Param values the quote does not contain (facets and tool mentions are judged apart)."""
    missing = []
    for key, value in params.items():
        if key in skip or key == "facet":
            continue
        for leaf in _leaves(value):
            if isinstance(leaf, bool) or leaf is None:
                continue
            if isinstance(leaf, int | float):
                if not number_grounded(float(leaf), quote):
                    missing.append(str(leaf))
            elif isinstance(leaf, str) and not mentioned(leaf, quote):
                missing.append(leaf)
    return missing


# --- rules ------------------------------------------------------------------------------------


def _mention(raw: str | None) -> str | None:
    if raw is None:
        return None
    cleaned = raw.strip().strip("`'\"").strip()
    return cleaned or None


def ground_rule(
    answer: Any, chunk: Chunk, extractor: str, tool_params: tuple[str, ...]
) -> CandidateRule | Diagnostic:
    """One answered rule -> a candidate rule at its span, or the diagnostic that drops it."""
    found = locate(answer.quote, chunk.segments)
    if found is None:
        return Diagnostic(
            code="hallucinated-quote",
            message=f"the model quoted text that is not in `{chunk.artifact.path}`: "
            f"`{_brief(answer.quote)}`; its `{answer.operator}` rule was dropped",
            severity="warning",
            span=chunk.span(),
            help="nothing was invented into the policy; if the rule is real, state it plainly",
        )
    segment = found.segment
    a, b = segment.raw(found.start, found.end)
    span = chunk.artifact.span(a, b)
    decoded = segment.text[found.start : found.end]
    params = answer.params.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    missing = ungrounded(params, decoded, set(tool_params))
    if missing:
        shown = ", ".join(f"`{_brief(m, 40)}`" for m in missing)
        return Diagnostic(
            code="ungrounded-value",
            message=f"the model's `{answer.operator}` rule uses {shown}, which its quote does "
            "not contain; rule dropped",
            severity="warning",
            span=span,
            help="rules take their values from the text; state the value in the sentence",
        )
    target = _mention(answer.target)
    if target in (None, ANY_TOOL):  # the model names no tool: the one the text is about
        target = _implicit_target(decoded, segment, params, tool_params)
    mentions = [target] if target else []
    explicit = target is not None and mentioned(target, decoded)
    for key in tool_params:
        value = params.get(key)
        if isinstance(value, list):  # any one of several tools (`require_before`)
            items = [m for m in (_mention(v) for v in value if isinstance(v, str)) if m]
            params[key] = items
            mentions.extend(items)
            explicit = explicit and all(mentioned(m, decoded) for m in items)
            continue
        mention = _mention(value) if isinstance(value, str) else None
        if mention is None:
            continue
        params[key] = mention
        mentions.append(mention)
        explicit = explicit and mentioned(mention, decoded)
    grounding: Grounding = found.grounding if explicit else "partial"
    confidence = LLM_CONFIDENCE if grounding == "exact" else LLM_CONFIDENCE * PARTIAL_FACTOR
    return CandidateRule(
        text=" ".join(decoded.split()),
        span=span,
        quote=chunk.artifact.text[a:b],
        target=target,
        context=segment.context_at(found.start),
        mentions=tuple(mentions),
        grounding=grounding,
        check_category=OPERATORS[answer.operator].category,
        operator=answer.operator,
        params=params,
        confidence=round(confidence, 3),
        extractor=extractor,
    )


def _implicit_target(
    text: str, segment: Segment, params: dict[str, Any], tool_params: tuple[str, ...]
) -> str | None:
    """The tool a rule that names none is about, as the deterministic extractor reads it:
    the described tool, else the first ticked tool of the text that is not one of the
    rule's other tools (so `before` never becomes its own target), else None (resolved
    from the rule's words)."""
    if segment.subject is not None:
        return segment.subject
    others = {_mention(params.get(k)) for k in tool_params if isinstance(params.get(k), str)}
    named = [t for t in ticked_tools(text) if t not in others]
    return named[0] if named else None


def _brief(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split()).replace("`", "'")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"

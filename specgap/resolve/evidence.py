"""What the resolver found for one tool, and the verdict on a mention from all of it.

`Evidence` is the best thing found for a tool (its score, `via`, and what matched, in
words); `resolution` ranks every tool's evidence into a `Resolution`, whose status follows
from the thresholds below (`status_of`).
"""

from __future__ import annotations

import heapq
from typing import NamedTuple

from specgap.ir import Candidate, Resolution, ResolutionStatus, Via

RESOLVED_AT = 0.5  # below: unresolved
MARGIN = 0.05  # top two closer than this: ambiguous
KEEP_AT = 0.3  # candidates kept for explanation and "did you mean"
KEEP = 8


class Evidence(NamedTuple):
    """The best thing found for one tool: its score, `via`, and what matched."""

    score: float
    via: Via
    kind: str  # a key of _WHY
    detail: str

    def why(self) -> str:
        return _WHY[self.kind].format(self.detail)


_WHY = {
    "id": "the canonical id{}",
    "name": "an emitted name{}",
    "flat": "`{}` up to case and separators",
    "segment": "the last segment of `{}`",
    "inflected": "`{}` up to case, separators and inflection",
    "inflected-segment": "the last segment of `{}`, up to inflection",
    "reordered": "the same words as `{}`",
    "contained": "part of `{}`",
    "overlap": "{}",
    "described": "words of its description or keywords: {}",
    "fuzzy": "{}",
    "implicit": "{}",
    "action": "{}",
    "aside": "{}",  # a suggestion only: the object is not what the tool acts on
}


def offer(
    found: dict[str, Evidence], tool_id: str, score: float, via: Via, kind: str, detail: str
) -> None:
    old = found.get(tool_id)
    if old is None or score > old.score:
        found[tool_id] = Evidence(score, via, kind, detail)


def resolution(mention: str | None, evidence: dict[str, Evidence]) -> Resolution:
    ranked = heapq.nsmallest(
        KEEP,
        ((t, e) for t, e in evidence.items() if e.score >= KEEP_AT),
        key=lambda item: (-item[1].score, item[0]),
    )
    candidates = tuple(Candidate(tool_id=t, score=round(e.score, 4), via=e.via) for t, e in ranked)
    return Resolution(mention=mention or "", status=status_of(candidates), candidates=candidates)


def status_of(candidates: tuple[Candidate, ...]) -> ResolutionStatus:
    """`unresolved` below RESOLVED_AT, `ambiguous` when the runner-up is within MARGIN,
    unless the leader is the tool's exact id and the runner-up is not: an exact id beats
    any fuzzy match, or a look-alike tool added later would unseat enforced rules."""
    if not candidates or candidates[0].score < RESOLVED_AT:
        return "unresolved"
    if candidates[0].via == "exact_id" and (
        len(candidates) == 1 or candidates[1].via != "exact_id"
    ):
        return "resolved"
    if len(candidates) > 1 and candidates[0].score - candidates[1].score < MARGIN - 1e-9:
        return "ambiguous"
    return "resolved"


def near_tie(res: Resolution) -> list[Candidate]:
    """The candidates within MARGIN of the leader (the leader first): the tie an ambiguous
    resolution is between."""
    if not res.candidates:
        return []
    top = res.candidates[0].score
    return [c for c in res.candidates if top - c.score < MARGIN - 1e-9]


def near_top(found: dict[str, Evidence], within: float = MARGIN) -> list[str]:
    """The tools of `found` whose evidence is within `within` of the best (the best first
    among them, in `found`'s order otherwise)."""
    if not found:
        return []
    top = max(e.score for e in found.values())
    return [t for t, e in found.items() if top - e.score < within - 1e-9]


def set_aside(found: dict[str, Evidence], lowered: list[str], kept: list[str], why: str) -> None:
    """Lower each of `lowered` in `found` a margin below the best of `kept`, as an aside that
    says `why` after what matched (a suggestion, never a resolution of its own)."""
    below = max(found[t].score for t in kept) - MARGIN
    for tool_id in lowered:
        ev = found[tool_id]
        found[tool_id] = Evidence(min(ev.score, below), ev.via, "aside", f"{ev.why()}; but {why}")

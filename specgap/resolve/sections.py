"""An agent's own tools: a mention tied between tools, written in the section of one agent
(or assistant, team) whose heading names one of them, is that one.

A prompt for several agents or roles often gives each its section ("## Billing agent",
"### agent: returns_desk"), and each agent its own tools, named after it
(`save_billing_summary`, `save_returns_summary`). "Save a summary of the results" in the
billing section ties the two summary tools on its own words; the heading's words pick the
one of the section. Only the heading's words that tell the tied tools apart count (the
`agent` every one of them is named with says nothing), and exactly one tied tool may have
them in its name: otherwise the tie stands, never a guess. What the heading decided is an
inference (the rule is reviewed, never enforced from it: `specgap.resolve.rules`).
"""

from __future__ import annotations

from specgap.ir import Resolution
from specgap.registry import Registry
from specgap.resolve.evidence import MARGIN, near_tie
from specgap.resolve.text import STOPWORDS, split, stem

# a heading naming one of these is a section for one actor of several, with its own tools
ACTORS = frozenset(
    stem(w) for w in ("agent", "subagent", "assistant", "bot", "specialist", "team", "desk")
)
SCOPED_CAP = 0.96  # the promoted candidate's score: within the alias bands' reach, no higher


def _words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in split(text) if w not in STOPWORDS and not w.isdigit())


def in_section(registry: Registry, heading: str, tied: Resolution) -> Resolution:
    """The tied resolution decided by the section's heading (see the module doc), or
    `tied` itself when the heading decides nothing: it names no actor (`ACTORS`: an agent,
    an assistant, a team), it is a tool's own name (the rule was read from that tool's
    description), or not exactly one of the tied tools is named with the words that tell
    them apart."""
    if tied.status != "ambiguous" or registry.canonical(heading):
        return tied
    heading_words = _words(heading)
    if not heading_words & ACTORS:
        return tied
    top, tie = tied.candidates[0].score, near_tie(tied)
    named = {c.tool_id: _words(" ".join(_names(registry, c.tool_id))) for c in tie}
    shared = frozenset.intersection(*named.values())
    said = heading_words - shared - ACTORS  # "agent" names the kind of section, not which
    scoped = [c for c in tie if named[c.tool_id] & said]
    if len(scoped) != 1:
        return tied
    (chosen,) = scoped
    lead = chosen.model_copy(update={"score": round(min(top + MARGIN, SCOPED_CAP), 4)})
    rest = tuple(c for c in tied.candidates if c is not chosen)
    return tied.model_copy(update={"status": "resolved", "candidates": (lead, *rest)})


def _names(registry: Registry, tool_id: str) -> tuple[str, ...]:
    tool = registry.by_id.get(tool_id)
    return (tool_id,) if tool is None else (tool.id, *tool.names)

"""Whose output a data-flow ban tracks: each mention of a `sources` list is a tool (by its
id, name or alias) or a kind of data ("member phone numbers", "the crossing manifest"). A
kind is bound to the tools whose own words (id and description) name every word of it but
the user it belongs to ("member", "passenger"), the receiving tool left out. A kind no tool
names is kept as the rule's label: the config may tag data with it (`labels: {source:
[...]}`); when it does not, the rule stays `review_only` with a located note, never an
enforced ban on a guess; a kind bound by the tools' words is a guess too, and is kept
`review_only` with the tools it found (only a tool named by id is enforced).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER, singular
from specgap.registry import Registry, Tool

_USER = re.compile(r"^(?:" + USER + r")$", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")


def _words(text: str) -> set[str]:
    """Singular, casefolded words; `e-mail` is `email`; ids split at `_`, `-`, `.` and humps."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|[_.]", " ", text)
    out: set[str] = set()
    for w in _WORD.findall(spaced):
        w = re.sub(r"'s$", "", w.casefold())
        out.add(singular(w.replace("-", "")))
        out.update(singular(part) for part in w.split("-") if len(part) > 2)
    return out


def _carriers(kind: str, tools: Sequence[Tool], sink: str | None) -> list[str]:
    """The tools whose words name every word of the kind; failing that, every word but the
    user it belongs to ("member phone numbers": the phone numbers)."""
    said = [singular(w.casefold().replace("-", "")) for w in _WORD.findall(kind)]
    for wanted in (said, [w for w in said if not _USER.match(w)]):
        found = sorted(
            t.id
            for t in tools
            if t.id != sink
            and not t.hook
            and all(w in _words(f"{t.id} {t.description}") for w in wanted)
        )
        if wanted and found:
            return found
    return []


def data_sources(
    mentions: Sequence[object], registry: Registry, sink: str | None
) -> tuple[list[str], list[str]]:
    """The tool ids the mentions name (a tool, or the tools carrying a kind of data), and
    the kinds of data the tools were found by (or that no tool carries)."""
    ids: set[str] = set()
    unbound: list[str] = []
    for mention in mentions:
        said = str(mention).strip("`")
        tool = registry.canonical(said)
        if tool is not None and tool != sink:
            ids.add(tool)
            continue
        ids.update(_carriers(said, registry.tools, sink))
        unbound.append(said)  # found by the tools' words, or not at all: reviewed either way
    return sorted(ids), unbound


def unbound_note(
    rule: CandidateRule, tool: str, kinds: Sequence[str], sources: Sequence[str]
) -> Diagnostic:
    said = ", ".join(f"`{k}`" for k in kinds)
    why = (
        f"{said} is found in the descriptions of {', '.join(f'`{t}`' for t in sources)}"
        if sources
        else f"no tool is known to return {said}"
    )
    return Diagnostic(
        code="condition-not-bound",
        message=f"`flow_denied` on `{tool}`: {why}; it stays `review_only`",
        severity="note",
        span=rule.span,
        help="tag the tools that return it with a source label in the config "
        "(`labels: {source: [...]}`), or name the tool whose output must not flow",
    )

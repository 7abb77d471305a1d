"""A list whose lead says when its items happen: "Before you cancel an order:" (or a heading
"## Before shipping an order", or "Prior to discarding a tray, you must:") over bullets or
numbered lines: each item's action comes before the lead's action; "After an order is
cancelled:" over items: each item comes after it (and that part is an order only, the duty
to do it is reported as with "after X, do Y").

Each item is read as the sentence "Before <event>, <item>." by `temporal`, so pronouns,
objects and the never-stronger checks are those of any ordering; the rules are stated at
the lead line (at the first item under a heading), each mention resolved in its own words.
The items are not ordered among themselves (a list, not steps).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from specgap.extract.grammar_emit import Emit
from specgap.extract.procedures import Step, heading_over_item, steps_after, steps_on_lines
from specgap.extract.segments import Sentence
from specgap.ir import Diagnostic

_LEAD = re.compile(
    r"^\W*(?P<lead>(?:before|prior\s+to|after|once)\s+[^,:;]+?)\s*(?:,\s*(?:you\s+)?(?:must|should|"
    r"always|need\s+to|have\s+to|make\s+sure\s+to|be\s+sure\s+to|please)(?:\s+always)?\s*)?:\s*$",
    re.I,
)
_ITEM = re.compile(r"[ \t]*(?:[-*\u2022+]|1[.)])\s")
_ITEM_END = re.compile(r"\s*(?:[,;]\s*(?:and|or)?|\s+and)\s*$", re.I)


@dataclass(frozen=True)
class Items:
    """The rules of a lead's items, stated at the sentence that found them: the lead line
    (`intro`), or the first item under a heading that leads."""

    rules: tuple[Emit, ...]
    intro: bool
    obliges: tuple[str, ...] = ()  # "after X:" also obliges the agent to do each item


def lead_items(sentence: Sentence) -> Items | None:
    """The orders a lead line (or a heading) gives the list items under it (see the module
    docstring); None when the sentence is neither such a line nor the first item under
    such a heading."""
    if sentence.subject is not None:
        return None
    m = _LEAD.match(" ".join(sentence.clean.split()))
    if m is not None:
        rules, obliges = _rules(m["lead"], steps_after(sentence, least=1))
        return Items(rules, True, obliges) if rules else None
    heading = _heading_over(sentence)
    if heading is None:
        return None
    lead, steps = heading
    rules, obliges = _rules(lead, steps)
    return Items(rules, False, obliges) if rules else None


def _heading_over(sentence: Sentence) -> tuple[str, list[Step]] | None:
    """The lead a heading right above the sentence's list item states, and the items."""
    found = heading_over_item(sentence, _ITEM, r"(?:[-*\u2022+]|1[.)])")
    if found is None:
        return None
    lines, at, title = found
    m = _LEAD.match(title.strip() + ":")
    if m is None:
        return None
    return m["lead"], steps_on_lines(lines[at:], at + 1, least=1)


def _rules(lead: str, steps: list[Step]) -> tuple[tuple[Emit, ...], tuple[str, ...]]:
    from specgap.extract.temporal import read

    out: list[Emit] = []
    obliges: list[str] = []
    first = re.match(r"\W*(?:before|prior)", lead, re.I) is not None
    for step in steps:
        item = _ITEM_END.sub("", step.title.strip()).rstrip(".")
        if not item:
            continue
        timed = read(f"{lead}, {item[0].lower()}{item[1:]}.")
        if timed is None:
            continue
        obliges += [timed.obliges] if timed.obliges else []
        for e in timed.emits:
            # each mention is resolved in the words it was read from: the lead's, the item's
            led = e.target if first else e.params.get("before")
            own = e.params.get("before") if first else e.target
            said = [(m, t) for m, t in ((led, lead), (own, item)) if isinstance(m, str)]
            out.append(replace(e, contexts=(*e.contexts, *said)))
    return tuple(out), tuple(dict.fromkeys(obliges))


def obligation_note(sentence: Sentence, action: str) -> Diagnostic:
    """ "After X:" over "- do Y": only the order is compiled; the duty to do Y is reported."""
    return Diagnostic(
        code="obligation-not-enforced",
        message=f"only the order is compiled: the list also obliges the agent to `{action}` "
        "once the event happened, and no operator requires a call",
        severity="note",
        span=sentence.span(),
        help="check that the call happens with an eval, or state only the order",
    )

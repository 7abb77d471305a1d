"""An ordering that points back to the sentence before it for one of its two actions:

- "You may cancel a booking. Before doing so, look up the booking.", "Passengers can ask for
  a refund. Prior to that, the booking must be cancelled.", "Issue the pass. But first,
  collect the fare.": the action of the sentence before comes after this one's.
- "Collect the fare. Do not issue a pass before doing so.", "Look up the booking. Never
  cancel it before you have done this.", "Check the capacity. After that, you may move the
  booking.", "The fare must be collected. Only after that can a pass be issued.": the
  action of the sentence before comes first.
- "Refunds are handled with `refund_fare`. This requires the booking to be cancelled
  first.", "Changing a sailing is done with `change_sailing`. It must be preceded by
  `check_sailing_capacity`.": "this" / "it" is the action (or the one tool) of the sentence
  before.

The words that point back are replaced by that action, said as a gerund ("cancelling the
booking", "calling `refund_fare`"), and the sentence is read as any other ordering
(`temporal`). Which action the sentence before states is read from it alone; when it states
none (or several tools), nothing is read here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.oblig_then import item_step, then_listed
from specgap.extract.order_clauses import asked_for
from specgap.extract.order_events import said_action
from specgap.extract.order_words import gerund_of
from specgap.extract.segments import Sentence
from specgap.extract.temporal_parts import PARTICLES, TOOL_ID

if TYPE_CHECKING:
    from specgap.extract.temporal import Timed

__all__ = ["pointed_back", "previous_action", "read_back"]

_SO = r"(?:doing\s+(?:so|this|that)|(?:you\s+have\s+)?done\s+(?:so|this|that)|that|this|then|it)"
# "Before doing so, X" / "But first, X": X comes before the action of the sentence before
_FIRST_LEAD = re.compile(
    r"^\W*(?:(?:but|and)\s+)?(?:(?:before|prior\s+to)\s+" + _SO + r"|first(?:\s+of\s+all)?)\s*,?\s+"
    r"(?P<main>[a-z].+)$",
    re.I,
)
# "After that, X" / "Only after that can X" / "Once that is done, X": X comes after it
_AFTER_LEAD = re.compile(
    r"^\W*(?P<only>only\s+)?(?:after\s+"
    + _SO
    + r"|once\s+(?:that|this)\s+(?:is|has\s+been)\s+done|"
    r"once\s+done)\s*,?\s+(?P<main>[a-z].+)$",
    re.I,
)
# "... before doing so", "... until you have done this": the action of the sentence before
_SO_TAIL = re.compile(
    r"\b(?P<conj>before|until|prior\s+to|without(?:\s+first)?)\s+(?:you\s+have\s+)?(?:doing|done|having\s+"
    r"done)\s+(?:so|this|that)\b",
    re.I,
)
# "This requires ...", "It must be preceded by ...", "This may only be done after ..."
_THIS = re.compile(
    r"^\W*(?:this|it|doing\s+so|doing\s+this)\s+(?=(?:always\s+)?(?:requires?|needs?|must|should|"
    r"may\s+only|can\s+only|has\s+to|is\s+only)\b)",
    re.I,
)
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+")
_USES = re.compile(
    r"\b(?:use|using|with|via|call|calling|through|by)\s+`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)+)`?",
    re.I,
)


_OPEN_ITEM = re.compile(r"(?:^|\n)[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]*$")


def previous_action(before: str) -> str | None:
    """The action the last sentence of `before` states, as a gerund phrase ("cancelling
    the booking"; "calling `refund_fare`" when it names one tool); None when it states
    none."""
    before = _OPEN_ITEM.sub("", before)  # "...\n2. ": the mark of this sentence's own item
    pieces = [p.strip() for p in re.split(r"(?<=[.!?])\s+|\n+", before) if p.strip()]
    if not pieces:
        return None
    last = _LIST_MARK.sub("", pieces[-1]).strip()
    # "`unlock(tool_name)`": the call's own arguments are no tools
    ids = {m["id"] or m["bare"] for m in TOOL_ID.finditer(re.sub(r"\([^()]*\)", "()", last))}
    if len(ids) == 1 and (_USES.search(last) or len(last.split()) <= 2):
        return f"calling {ids.pop()}"  # "refunds are handled with `refund_fare`"
    if ids:
        return None  # several tools: which one "this" is cannot be told
    action = _action(last.rstrip(" .!?"))
    if action is None:
        return None
    verb, *rest = action.split()
    doing = gerund_of(verb)
    if doing and rest and rest[0] in PARTICLES:  # "look up booking": looking up the booking
        doing, rest = f"{doing} {rest[0]}", rest[1:]
    return f"{doing} the {' '.join(rest)}" if doing and rest else doing


def _action(text: str) -> str | None:
    # "passengers can ask for a refund": refund
    asked = asked_for(re.sub(r"\b(?:can|may|might|could|will|would|often|sometimes)\s+", "", text))
    if asked is not None:
        return asked
    clause = parse(text)
    if clause.action is not None and clause.verb in IMPERATIVE_VERBS:
        return clause.action if clause.verb not in NOT_ACTIONS else None
    return said_action(text)


# "When can a case be invoiced?" / "When may I refund a fare?": the question an answer
# fragment ("Only after it has shipped.") completes
_WHEN_ASKED = re.compile(
    r"^\W*(?:q\s*:\s*)?when\s+(?P<m>can|may|should|must|do|does)\s+(?P<s>i|we|you|the\s+agent|"
    r"(?:the|a|an|any)\s+[a-z][\w-]*(?:\s+(?!be\b|get\b)[a-z][\w-]*)?)\s+(?P<rest>[a-z][^?]*)\?\W*$",
    re.I,
)
_FRAGMENT = re.compile(
    r"^\W*(?:a\s*:\s*)?(?P<f>(?:only\s+)?(?:after|once|when)\s+[^,;]+?|not\s+(?:before|until)\s+[^,;]+?)"
    r"\s*[.!]?\s*$",
    re.I,
)


def answered(text: str, before: str) -> str | None:
    """An answer fragment ("Only after it has shipped.") with the "when" question before it
    ("When can a case be invoiced?"), as one statement ("a case can be invoiced only after
    it has shipped"); None for any other sentence."""
    pieces = [p.strip(" *_") for p in re.split(r"(?<=[.!?])\s+|\n+", before) if p.strip(" *_")]
    m = _FRAGMENT.match(text)
    q = _WHEN_ASKED.match(pieces[-1]) if pieces and m is not None else None
    if m is None or q is None:
        return None
    who = q["s"].casefold()
    subject = "you" if who in {"i", "we", "you"} else q["s"]
    modal = q["m"].casefold()
    modal = "may" if modal in {"do", "does"} else modal
    fragment = re.sub(r"^not\s+(before|until)\b", r"only after", m["f"], flags=re.I)
    return f"{subject} {modal} {q['rest']} {fragment[0].lower()}{fragment[1:]}"


def pointed_back(text: str, before: str) -> str | None:
    """`text` with the words pointing back to the sentence before (`before`, the text just
    before it) replaced by that sentence's action, as an ordering `temporal` reads; None
    when `text` points back to nothing or the sentence before states no action."""
    said = then_listed(" ".join(text.split()), before)  # "1. First, X.\n2. Then, Y."
    before = item_step(before) if said != " ".join(text.split()) else before  # its step
    if (whole := answered(said, before)) is not None:
        return whole
    if not (
        _FIRST_LEAD.match(said)
        or _AFTER_LEAD.match(said)
        or _SO_TAIL.search(said)
        or _THIS.match(said)
    ):
        return None
    doing = previous_action(before)
    if doing is None:
        return None
    if (m := _FIRST_LEAD.match(said)) is not None:
        return f"{m['main'].rstrip(' .!')} before {doing}"
    if (m := _AFTER_LEAD.match(said)) is not None:
        return f"{m['only'] or ''}after {doing}, {_uninverted(m['main'])}"
    if (m := _SO_TAIL.search(said)) is not None:
        conj = m["conj"].casefold()
        conj = "before" if conj.startswith("without") or conj == "prior to" else conj
        return f"{said[: m.start()]}{conj} {doing}{said[m.end() :]}"
    m = _THIS.match(said)
    assert m is not None
    return f"{doing[0].upper()}{doing[1:]} {said[m.end() :]}"


_INVERTED = re.compile(
    r"^(?P<m>may|can|should|must|will|shall)\s+(?P<s>you|we|the\s+agent|(?:the|a|an|its|their|any)"
    r"\s+[^,;]+?(?=\s+be\s))\s+",
    re.I,
)


def _uninverted(main: str) -> str:
    """ "can a boarding pass be issued" -> "a boarding pass can be issued"."""
    return _INVERTED.sub(r"\g<s> \g<m> ", main, count=1)


def read_back(sentence: Sentence) -> Timed | None:
    """The ordering of a sentence that points back to the one before it (see the module
    docstring), read by `temporal`; None when it points back to nothing."""
    from specgap.extract import temporal
    from specgap.extract.source_rules import preceding

    if sentence.subject is not None:
        return None
    said = pointed_back(sentence.clean, preceding(sentence))
    if said is None:
        return None
    timed = temporal.read(said)
    if timed is None and (needed := temporal.requires(said)) is not None:
        timed = temporal.Timed((needed,), None)
    return timed

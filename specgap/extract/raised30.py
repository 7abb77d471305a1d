"""A bound raised for some calls in the same breath (thirtieth session): "Refunds are at most
£150, or £250 for a gold member.", "Book up to 25 garments, or 40 for business accounts."

Read whole, the tail ("or £250 for a gold member") hides the bound from its readers and the
line compiled to nothing; read without the tail, the bound would hold for the gold member
too, stronger than the sentence. So the line is read without the tail, and each bound of
the figure said first is kept under the tail's exception ("unless: for a gold member"),
which no reader binds: the bound is reviewed, never enforced flat. The raised figure is the
same bound held only under the tail ("if: for a gold member"), reviewed too. Only a figure
above the first is a raise. Figures may name what they count ("up to 4 flues on one visit,
or up to 6 for a landlord account"); a line whose whole reading already gave both figures as
flat bounds is read so as well (the flat pair would refuse the landlord's fifth flue).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.grammar_notes import held_under
from specgap.extract.noact_respell import read_as
from specgap.extract.raised_caps import BOUNDS
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_FIGURE = r"[$\u20ac\u00a3]?\s?\d[\d,]*(?:\.\d+)?"
_RAISED = re.compile(
    r"^(?P<head>.*?\b(?:at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|"
    r"capped\s+at|limited\s+to|max(?:imum)?)\s+(?P<a>" + _FIGURE + r")(?:\s*[a-z%]+)?"
    r"(?:\s+(?:[a-z][\w'-]*|`[^`\s]+`)){0,6}?)\s*,?\s+"
    r"(?:or|but|and|except)\s+(?:up\s+to\s+|at\s+most\s+)?(?P<b>" + _FIGURE + r")(?:\s*[a-z%]+)?"
    r"\s+(?P<who>(?:for|if|when|with|on)\b[^.;]{3,120}?)\s*[.!]?\s*$",
    re.I,
)


# "Lessons last 60 to 120 minutes, while pupils on an intensive course may go up to 180", "a
# code takes off 10 percent at most; a trade account may have up to 15 percent": the raise
# said as what some may do
_WHILE = re.compile(
    r"^(?P<head>.*?\d[^,;]*?)\s*(?:,\s*(?:while|whereas|but)\s+|;\s*(?:(?:while|whereas|but)\s+)?)"
    r"(?P<who>[^,;]{3,80}?)\s+(?:may|can|could)"
    r"\s+(?:(?:go|run|last|have|book|take|get|be)\s+)?(?:up\s+to|as\s+(?:much|many|long|high)\s+as)\s+"
    r"(?P<b>" + _FIGURE + r")(?:\s*[a-z%]+)?\s*[.!]?\s*$",
    re.I,
)


def _number(said: str) -> float:
    return float(re.sub(r"[^\d.]", "", said))


def reread(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, read without a raising tail when as written it gave none
    (module docstring)."""
    if sentence.subject is not None:
        return rules, notes
    m = _RAISED.match(sentence.clean)
    if m is None:
        return _raised_while(sentence, rules, notes, read)
    if _number(m["b"]) <= _number(m["a"]):
        return rules, notes
    first, raised = _number(m["a"]), _number(m["b"])
    if any(r.operator not in BOUNDS or r.condition for r in rules):
        return rules, notes  # the line read as more than bounds: left as it is
    # a flat reading of either figure goes; another bound the line says stays ("no more than
    # 6 lessons and no more than £300, or £600 for ...": the 6)
    kept = [r for r in rules if r.params.get("max") not in (first, raised)]
    return _held_reading(
        sentence, rules, notes, read, m, lambda r: r.params.get("max") == first, kept
    )


def _held_reading(
    sentence: Sentence,
    rules: list[CandidateRule],
    notes: list[Diagnostic],
    read: Read,
    m: re.Match[str],
    first: Callable[[CandidateRule], bool],
    kept: list[CandidateRule],
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The line read without its raise (`m["head"]`): its bounds of the first figure (`first`)
    held unless for them and raised only for them, beside the rules `kept` from the whole
    reading; with no such bound, a flat reading of the raised figure held for them."""
    who = " ".join(m["who"].split())
    found, found_notes = read_as(sentence, f"{m['head']}.", read)
    bounds = [r for r in found if r.operator in BOUNDS and first(r)]
    if not bounds:
        return _only_raised(sentence, rules, notes, _number(m["b"]), who)
    held, said = _held_pair(sentence, found, bounds, who, m["b"].strip())
    held = [r for r in held if r.condition or not any(_same(r, k) for k in kept)]
    return [*kept, *held], [*found_notes, *said]


def _held_pair(
    sentence: Sentence, found: list[CandidateRule], bounds: list[CandidateRule], who: str, said: str
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The reading's rules with each bound held unless for `who`, and the same bounds raised
    to the figure `said`, held only for them."""
    held, notes = held_under(sentence, found, bounds, f"unless: {who} (up to {said})")
    raised = _number(said)
    more = [
        r.model_copy(update={"params": {**r.params, "max": _figure(r, raised)}}) for r in bounds
    ]
    more, more_notes = held_under(sentence, more, more, f"if: {who}")
    return [*held, *more], [*notes, *more_notes]


def _only_raised(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], raised: float, who: str
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The first figure is not read ("takes off 10 percent at most; X may have up to 15"): a
    flat reading of the raised one holds only for them, never for every call."""
    flat = [
        r
        for r in rules
        if r.operator in BOUNDS and not r.condition and r.params.get("max") == raised
    ]
    if not flat:
        return rules, notes
    held, held_notes = held_under(sentence, rules, flat, f"if: {who}")
    return held, [*notes, *held_notes]


def _same(a: CandidateRule, b: CandidateRule) -> bool:
    return (a.operator, a.target, a.params) == (b.operator, b.target, b.params)


def _figure(rule: CandidateRule, value: float) -> float | int:
    """The raised figure in the type the rule's own maximum has (a count is whole)."""
    return int(value) if isinstance(rule.params.get("max"), int) and value.is_integer() else value


def _raised_while(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """ "X last 60 to 120 minutes, while Ys may go up to 180 minutes": the first bound held
    unless for the Ys, the raised one only for them (as `reread` holds an "or N for Ys")."""
    m = _WHILE.match(sentence.clean)
    if m is None or any(r.operator not in BOUNDS for r in rules):
        return rules, notes
    raised = _number(m["b"])

    def below(r: CandidateRule) -> bool:
        return isinstance(r.params.get("max"), int | float) and r.params["max"] < raised

    return _held_reading(sentence, rules, notes, read, m, below, [])

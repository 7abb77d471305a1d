"""A bound raised for some calls in the same breath (thirtieth session): "Refunds are at most
£150, or £250 for a gold member.", "Book up to 25 garments, or 40 for business accounts."

Read whole, the tail ("or £250 for a gold member") hides the bound from its readers and the
line compiled to nothing; read without the tail, the bound would hold for the gold member
too, stronger than the sentence. So the line is read without the tail, and each bound of
the figure said first is kept under the tail's exception ("unless: for a gold member"),
which no reader binds: the bound is reviewed, never enforced flat. The raised figure itself
is left to the reviewer (the note names it). Only a figure above the first is a raise.
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
    r"capped\s+at|limited\s+to|max(?:imum)?)\s+(?P<a>" + _FIGURE + r")(?:\s*[a-z%]+)?)\s*,?\s+"
    r"(?:or|but|and|except)\s+(?:up\s+to\s+|at\s+most\s+)?(?P<b>" + _FIGURE + r")(?:\s*[a-z%]+)?"
    r"\s+(?P<who>(?:for|if|when|with|on)\b[^.;]{3,120}?)\s*[.!]?\s*$",
    re.I,
)


def _number(said: str) -> float:
    return float(re.sub(r"[^\d.]", "", said))


def reread(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, read without a raising tail when as written it gave none
    (module docstring)."""
    if rules or sentence.subject is not None:
        return rules, notes
    m = _RAISED.match(sentence.clean)
    if m is None or _number(m["b"]) <= _number(m["a"]):
        return rules, notes
    found, found_notes = read_as(sentence, f"{m['head']}.", read)
    first = _number(m["a"])
    bounds = [r for r in found if r.operator in BOUNDS and r.params.get("max") == first]
    if not bounds:
        return rules, notes
    unless = f"unless: {m['who'].strip()} (up to {m['b'].strip()})"
    held, said = held_under(sentence, found, bounds, unless)
    return held, [*found_notes, *said]

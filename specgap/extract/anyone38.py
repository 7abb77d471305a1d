"""An event said with an indefinite doer (thirty-eighth session): "`t` must pass before anyone
reads, moves or cancels a booking, takes a deposit or issues a refund", "before someone
changes a plan". Whoever does them, they are the agent's acts: the readers of an order take
"before" with gerunds ("before reading, moving or cancelling a booking, taking a deposit or
issuing a refund"), and read "anyone reads" as one action named by a pronoun.

`respelt` says the event part with each coordinated verb as its gerund, the doer left out;
only when every part of the list opens with a verb (never "before anyone who ...").
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.operators.prose import inflections

__all__ = ["respelt"]

_DOER = re.compile(
    r"\b(?P<conj>before|until|till|after|once)\s+(?:anyone|anybody|someone|somebody|any\s+one|"
    r"(?:any|a)\s+(?:member\s+of\s+staff|staff\s+member|agent|assistant))\s+(?P<rest>[^.;:!?]+)",
    re.I,
)
_PARTS = re.compile(r"(\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+)", re.I)


def _gerund(word: str) -> str | None:
    """The `-ing` form of the verb a third-person or base form is of ("reads": reading)."""
    low = word.casefold()
    lemma = verb_lemma(low)
    if lemma is None or low not in {lemma, *inflections(lemma, "VBZ")}:
        return None  # "who", "booking", "paid": no verb in the present
    forms = inflections(lemma, "VBG")
    return forms[-1] if forms else None


def respelt(text: str) -> str | None:
    """The sentence with "before anyone V1, V2 or V3 ..." said as "before V1-ing, V2-ing or
    V3-ing ...", else None (module docstring)."""
    m = _DOER.search(text)
    if m is None:
        return None
    pieces = _PARTS.split(m["rest"])
    said: list[str] = []
    for n, piece in enumerate(pieces):
        if n % 2:  # a separator
            said.append(piece)
            continue
        first, _, after = piece.partition(" ")
        gerund = _gerund(first)
        if gerund is None:
            return None
        said.append(f"{gerund} {after}".rstrip())
    return f"{text[: m.start()]}{m['conj']} {''.join(said)}{text[m.end('rest') :]}"

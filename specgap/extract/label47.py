"""A line led by a label in capitals and a colon, read without the label (forty-seventh
session): "VERIFY: `verify_renter` has to pass before `get_rental` is used", "7 *Yes means
yes (3)* YES: `cancel_rental` fires only after the renter's plain yes".

A label names what the line is about (a crossword's answer after its clue, a card's title,
a code word), as a heading does; the readers took it for the sentence's first words, and a
word in capitals before a colon left them no subject or verb. What follows the colon is a
sentence of its own, and is read so, with the label blanked (the same offsets: the rule's
quote is still the line).

Only a label of one to four words in capitals, maybe after a number and a clue in emphasis
or brackets ("9 *Prove it (6)* VERIFY:"), whose every word the sentence after it says again
(`VERIFY` of `verify_renter`, `TRIES` of "is tried"), and only before a sentence of four
words at least that names one of the agent's tools by its id. A label in words ("Before a
refund:") or one that says something the sentence does not ("GOLD MEMBERS:", "WEEKENDS:")
may be the rule's scope or condition, and a rest that names no tool may need the label for
its action ("REFUNDS: only for cancelled hires"): each is read whole, as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from specgap.extract.segments import Sentence
from specgap.resolve.text import letters

__all__ = ["unlabelled"]

_LABEL = re.compile(
    r"^(?P<label>\s*(?:[-*+]\s+)?(?:\d{1,3}[.)]?\s+)?(?:(?:\*[^*\n]{1,100}\*|_[^_\n]{1,100}_|"
    r"\([^()\n]{1,60}\))\s+)*[A-Z][A-Z'\u2019-]+(?:\s+[A-Z][A-Z'\u2019-]*){0,3}\s*:)\s+(?=\S)"
)
_TOKEN = re.compile(r"[A-Za-z][\w.:-]*[A-Za-z0-9]")


def _repeated(label: str, rest: str) -> bool:
    """Every word of the label in capitals (of three letters or more) is said again in the
    rest, in any case and as a part of an id (its first four letters alike)."""
    said = {
        w[:4] for w in re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", rest).casefold())
    }
    caps = [w.casefold() for w in re.findall(r"\b[A-Z]{3,}\b", label)]
    return bool(caps) and all(w[:4] in said for w in caps)


def unlabelled(sentences: Iterable[Sentence], tools: frozenset[str]) -> Iterator[Sentence]:
    """The sentences, each led by a label in capitals before a sentence that names a tool
    read with the label blanked (module docstring); every other sentence as it is."""
    known = {letters(t) for t in tools}
    for sentence in sentences:
        m = _LABEL.match(sentence.text) if known and sentence.subject is None else None
        rest = sentence.text[m.end() :] if m is not None else ""
        named = any(letters(w) in known for w in _TOKEN.findall(rest))
        if m is None or len(rest.split()) < 4 or not named or not _repeated(m["label"], rest):
            yield sentence
            continue
        yield replace(sentence, text=" " * m.end() + rest)

"""The modal and the main verb of a clause: what a sentence's main clause obliges, forbids,
limits or permits (`modality_of`: must / must not / only / at most / may, with the modal word
matched), and the verb after a position (`verb_after`: its lemma, span and whether it is
passive, skipping adverbs and `be`). Token-level expressions only; `grammar.parse` decides
where the main clause is and which modal word the verb follows.
"""

from __future__ import annotations

import re
from typing import Literal

from specgap.extract.pattern_base import lemma, split_words

__all__ = ["MAY", "MUST", "Modality", "modality_of", "verb_after"]

Modality = Literal["must", "must_not", "only", "may", "limit", "none"]

_NEGATIVE = re.compile(
    r"\b(?:must\s+(?:not|never)|mustn't|should\s+(?:not|never)|shouldn't|shall\s+not|"
    r"may\s+not|cannot|can't|can\s+not|do\s+not|don't|never|(?:is|are)\s+not\s+(?:allowed|permitted)\s+to|(?:is|are)\s+(?:forbidden|"
    r"prohibited)\s+(?:to|from)?|not\s+be|(?:can|could|may|will)\s+no\s+longer|"
    # "are neither extended nor groomed", "can neither be moved nor ...": never either
    r"(?:(?:is|are)\s+neither|(?:can|may|must|will|shall)\s+(?:be\s+neither|neither(?=\s+be\b)))"
    r"(?=[^.;]{0,200}?\bnor\b))\b",
    re.I,
)
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
MUST = re.compile(
    r"\b(?:must|should|shall|have\s+to|has\s+to|needs?\s+to|(?:is|are)\s+required\s+to|"
    r"always|be\s+sure\s+to|make\s+sure\s+to|ensure)\b",
    re.I,
)
MAY = re.compile(r"\b(?:can|may|could|(?:is|are)\s+(?:allowed|permitted)\s+to)\b", re.I)
_LIMIT = re.compile(
    r"\b(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"at\s+least|a\s+minimum\s+of|no\s+fewer\s+than|once|twice|a\s+single)\b",
    re.I,
)


# a second clause joined after the first's `only` ("..., and never", "...; never"): it ends
# where the negation starts
_JOINED_TAIL = re.compile(r"(?:,\s*(?:and|but)?|;|\s-{1,2}|\s\u2014)\s*$", re.I)


# "No refund may be issued ...": a subject opened by `no` negates the passive modal after it
_NO_SUBJECT = re.compile(
    r"^\W*no\s+(?:[a-z][\w-]*\s+){1,3}?(?P<m>may|can|shall|should|must|will)\s+(?:ever\s+)?be\s+"
    r"[a-z]+\b",
    re.I,
)


def modality_of(main: str) -> tuple[Modality, bool, re.Match[str] | None]:
    """The modality of a main clause, whether it is negated, and the modal word matched (None
    for a limit or no modal); a negation wins over `only`, `only` over `must`, and so on."""
    neg = _NEGATIVE.search(main)
    only = _ONLY.search(main)
    if (
        neg is not None
        and only is not None
        and only.end() <= neg.start()
        and _JOINED_TAIL.search(main, only.end(), neg.start()) is not None
    ):
        # "only for cancelled hires, and never for friends": the negation opens a clause of
        # its own; the first clause's `only` is its modality, never turned into a ban
        return "only", False, only
    if neg is not None:
        return "must_not", True, neg
    no_subject = _NO_SUBJECT.match(main)
    if no_subject is not None:
        return "must_not", True, re.compile(r"\w+").match(main, no_subject.start("m"))
    if only is not None and not re.match(r"\s+(?:one|a\s+single)\b", main[only.end() :], re.I):
        return "only", False, only
    must = MUST.search(main)
    if must is not None:
        return "must", False, must
    if _LIMIT.search(main):
        return "limit", False, None
    may = MAY.search(main)
    if may is not None:
        return "may", False, may
    return "none", False, None


# "X is never added", "refunds are only issued": a copula right before the modal word
_COPULA_BEFORE = re.compile(
    r"\b(?:is|are|was|were|gets?)\s+(?:not\s+|never\s+|only\s+|also\s+|always\s+)*"
    r"(?=(?:never|not|only|also|always|neither)\b)|\bbe\s+(?=neither\b)",
    re.I,
)


def participle(word: str) -> bool:
    """A past participle by its form: `added`, `sent`, `written` (never `add`, `send`)."""
    folded = word.casefold()
    if folded in _NOT_PASSIVE:
        return False  # "is never allowed to X": a permission, read by the modality
    return folded.endswith(("ed", "en")) or lemma(folded) != folded


_NOT_PASSIVE = frozenset(
    split_words("allowed permitted required forbidden prohibited expected supposed able meant")
)


def verb_after(main: str, at: int) -> tuple[str | None, int, int, bool]:
    """The verb after position `at` (skipping adverbs and `be`): (lemma, start, end, passive)."""
    rest = main[at:]
    m = re.match(
        r"(?:\s*(?:not|never|only|also|first|always|ever|again|then|just|explicitly|directly|no|longer|"
        r"immediately|yourself|themselves|be|been|to|(?:allowed|permitted)\s+to)\b)*\s*"
        r"(?P<v>[A-Za-z][a-z-]*)",  # ("are only allowed to X": the verb is X)
        rest,
        re.I,
    )
    if m is None:
        return None, -1, -1, False
    passive = bool(re.search(r"\bbe\b", rest[: m.start("v")], re.I))
    word = m["v"]
    if not passive and _COPULA_BEFORE.search(main, 0, at) and participle(word):
        passive = True  # "refunds are never issued ...": the copula stands before the modal
    return lemma(word), at + m.start("v"), at + m.end("v"), passive

"""A restriction followed by a permission that makes an exception to it (forty-first session):
"You move a booking one time only, though a funeral tea may move as often as the family asks",
"Refunds are capped at £50, but a member may be refunded in full", "A booking is moved once; a
booking whose trip was cancelled for weather may be moved twice" (after a semicolon alone, only
a permission of the same act).

The clause after "though", "although", "but" or "except that" lets someone or something do
what the first clause restricts. Read alone, the first clause is stronger than the sentence:
the case the permission names would be blocked. Each rule of the sentence keeps the exception
as its condition ("except: a funeral tea may move as often as the family asks") and is
reviewed (`review_only`, with a note) until the case can be told apart. A clause that forbids
("but never ...", "though it may not ...") makes no exception.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_notes import held_also, held_under
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["held", "held_for_kind"]

_ALLOWED = re.compile(
    r"[,;]\s*(?:though|although|but|except\s+that|save\s+that)\s+(?P<clause>(?:an?|the|any|each|"
    r"every|their|its|(?!(?:this|his|its|was|is|has|as|thus|us)\b)[a-z_`]+s)\b[^,;.]{0,60}?\s+(?:may|can|is\s+allowed\s+to|are\s+allowed\s+to|"
    r"is\s+free\s+to|are\s+free\s+to)\s+(?!not\b|never\b|only\b)[^;.]{1,120})",
    re.I,
)


# "X is moved once; a booking whose trip ... may be moved twice": after a semicolon alone, the
# permission must be of the same act as the restriction before it
_SEMI = re.compile(
    r";\s*(?P<clause>(?:an?|the|any|each|every)\s[^;.]{0,80}?\s(?:may|can)\s+(?:also\s+)?"
    r"(?:be\s+)?(?P<v>[a-z]+)\b[^;.]*)",
    re.I,
)


def _permission(text: str) -> str | None:
    if (m := _ALLOWED.search(text)) is not None:
        return m["clause"]
    m = _SEMI.search(text)
    if m is None or (verb := verb_lemma(m["v"].casefold())) is None:
        return None
    before = {verb_lemma(w.casefold()) for w in re.findall(r"[A-Za-z]+", text[: m.start()])}
    return m["clause"] if verb in before else None


def held(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each held under the exception a later clause grants (module docstring)."""
    if not rules or (clause := _permission(sentence.clean)) is None:
        return rules, notes
    said = " ".join(clause.split())
    return held_also(sentence, rules, notes, f"except: {said}", said=said)


# "a card reported lost or stolen is blocked with T before ...": a subject a participle
# restricts, then the sentence's own verb
_KIND = re.compile(
    r"^\W*(?P<kind>(?:an?|any|every|each)\s+(?P<n>[a-z]+)\s+(?P<p>[a-z]+)\s+[^,;]{1,60}?)"
    r"\s+(?:is|are)\s+(?:always\s+|first\s+|only\s+)?[a-z]+(?:ed|en)\b",
    re.I,
)
_ORDERS = frozenset({"require_before"})


def held_for_kind(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """An order said of things of a kind a participle picks out ("a card reported lost or
    stolen is blocked with T before its replacement is ordered"): held only for that kind,
    kept as the order's condition (reviewed), never an order on every call."""
    m = _KIND.match(sentence.clean)
    if m is None or not any(r.operator in _ORDERS and not r.condition for r in rules):
        return rules, notes
    said = m["p"].casefold()
    verb = verb_lemma(said)
    if verb is None or verb == said or said.endswith(("s", "ing")) or said in {"is", "are", "was"}:
        return rules, notes  # no participle: "a booking is ...", "a member holds ..."
    case = f"only for {' '.join(m['kind'].split())}"
    out, added = held_under(sentence, rules, [r for r in rules if r.operator in _ORDERS], case)
    return out, [*notes, *added]

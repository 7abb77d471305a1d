"""A prerequisite said with action nouns: "A credit check is required for every new loan.",
"Before any refund, a payment lookup is needed.", "Each refund needs a prior lookup of the
payment.", "No renewal without a prior eligibility check.", "Renewals are not possible
without a balance check.", "A balance check is mandatory before any renewal."

Each says that one action (a noun: `credit check`, `lookup of the payment`) must have
happened before another (`loan`, `refund`): the shape `order_requires` reads ("refunds
require a prior payment lookup"), which `nominal_prerequisites` says it again as. The
event nouns are read by `order_events.event_action` there, so a noun that names no action
("a valid passport is required for every crossing") gives no rule, and the sentence keeps
its note. Adjectives of novelty ("every new loan") are dropped from the later action: they
say which calls, all of them, not a different action.
"""

from __future__ import annotations

import re

from specgap.operators.prose import ONCE

__all__ = ["nominal_prerequisites", "without_novelty"]

_DET = r"(?:a|an|the|any|every|each|all|some)"
_NP = (
    r"(?:[a-z][\w'-]*\s+){0,4}?[a-z][\w-]*"
    r"(?:\s+of\s+(?:the|a|an|their|its)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?"  # "lookup of the X"
)
_NEEDED = (
    r"(?:is|are)\s+(?:always\s+)?(?:required|needed|mandatory|necessary|compulsory|obligatory|"
    r"a\s+must|a\s+prerequisite)"
)
# "a credit check is required for/before every new loan"
_FOR = re.compile(
    rf"^\W*(?P<b>(?:{_DET}\s+)?(?:prior\s+|previous\s+)?{_NP})\s+{_NEEDED}\s+(?:for|before|prior\s+to|"
    rf"ahead\s+of)\s+(?P<a>(?:{_DET}\s+)?{_NP})\s*[.!]?\s*$",
    re.I,
)
# "before any refund, a payment lookup is required"; "for every loan, a credit check is needed"
_LEAD = re.compile(
    rf"^\W*(?:for|before|prior\s+to|ahead\s+of)\s+(?P<a>(?:{_DET}\s+)?{_NP})\s*,\s*(?P<b>(?:{_DET}\s+)?"
    rf"(?:prior\s+|previous\s+)?{_NP})\s+{_NEEDED}\s*(?:first\s*)?[.!]?\s*$",
    re.I,
)
# "each refund needs a prior lookup of the payment"
_NEEDS = re.compile(
    rf"^\W*(?P<a>(?:{_DET}\s+)?{_NP})\s+(?:always\s+)?(?:needs?|calls?\s+for|depends?\s+on|"
    rf"presupposes?)\s+(?P<b>(?:{_DET}\s+)?(?:prior\s+|previous\s+|preceding\s+)?{_NP})"
    rf"(?:\s+(?:first|beforehand))?\s*[.!]?\s*$",
    re.I,
)
# "no renewal without a prior eligibility check"; "renewals are not possible without ..."
_WITHOUT = re.compile(
    rf"^\W*(?:no\s+(?P<a1>{_NP})|(?P<a2>(?:{_DET}\s+)?{_NP})\s+(?:is|are|may|can)\s+(?:not|never)\s+"
    rf"(?:be\s+)?(?:possible|allowed|permitted|accepted|processed|done|granted))\s+without\s+"
    rf"(?:first\s+)?(?P<b>(?:{_DET}\s+)?(?:prior\s+|previous\s+)?{_NP})\s*[.!]?\s*$",
    re.I,
)
_NOVEL = re.compile(r"\b(?:new|fresh|further|additional|subsequent|future|incoming)\s+", re.I)
# the later action said as a gerund or a plain noun; never a person or a thing to own
_YES = re.compile(
    r"\b(?:approval|confirmation|consent|authori[sz]ation|permission|go-ahead|sign-?off|"
    r"agreement|signature)\b",
    re.I,
)
_NOT_ACTION = re.compile(r"^(?:you|we|it|this|that|they|there)\b", re.I)


def nominal_prerequisites(text: str) -> list[str]:
    """The sentence said as "<later> requires <earlier>" (module docstring), or [] when it is
    none of these shapes."""
    text = " ".join(text.split())
    pairs: list[tuple[str, str]] = []
    for shape in (_FOR, _LEAD, _NEEDS):
        if (m := shape.match(text)) is not None:
            pairs.append((m["a"], m["b"]))
    if (m := _WITHOUT.match(text)) is not None:
        pairs.append((m["a1"] or m["a2"], m["b"]))
    out = _terse(text)
    for later, earlier in pairs:
        later = without_novelty(later)
        if _NOT_ACTION.match(later) or _NOT_ACTION.match(earlier) or _YES.search(earlier):
            continue  # "needs approval from the ranger": someone's yes, not a call
        earlier = re.sub(r"^(?:A|An|The|Any|Each|Every)\b", lambda d: d[0].lower(), earlier)
        prior = earlier if re.match(r"^(?:\w+\s+)?(?:prior|previous)\b", earlier, re.I) else (
            f"{earlier} first")  # fmt: skip
        out.append(f"{later[0].upper()}{later[1:]} requires {prior}.")
    return out


def without_novelty(phrase: str) -> str:
    """ "every new loan" -> "every loan": which calls (all of them), not another action."""
    return _NOVEL.sub("", phrase).strip()


_LABEL = r"(?:(?:mandatory|required|rule|always|important|note)\s*:\s*)?"
# a noun phrase of a terse order: no verb, modal or negation in it
_W = (
    r"(?!(?:must|should|shall|is|are|was|were|be|can|may|will|has|have|happens?|comes?|no|not|"
    r"never|only|first|then|before|after)\b)[a-z][\w'-]*"
)
_TNP = rf"(?:{_W}\s+){{0,4}}?{_W}(?:\s+of\s+(?:the|a|an|their|its)\s+{_W}(?:\s+{_W})?)?"
# "Payment lookup before any refund.", "Mandatory: a balance check prior to every renewal."
_BEFORE = re.compile(
    rf"^\W*{_LABEL}(?P<b>(?:{_DET}\s+)?{_TNP})\s+(?:(?:always|must\s+come|comes)\s+)?(?:before|prior\s+to|"
    rf"ahead\s+of)\s+(?P<a>(?:{_DET}\s+)?{_TNP})\s*[.!]?\s*$",
    re.I,
)
# "Refunds only after a payment lookup.", "Refunds: only once the payment has been fetched."
# ("only once for each booking", "only once a day": a count, `prose.ONCE`, not the conjunction)
_ONLY_AFTER = re.compile(
    rf"^\W*{_LABEL}(?P<a>(?:{_DET}\s+)?{_TNP})\s*:?\s+only\s+(?:after|(?!{ONCE})once)\s+(?P<b>[^,;]+?)\s*[.!]?\s*$",
    re.I,
)
# "Lookup first, then refund.", "The balance check first; the renewal after."
_FIRST_THEN = re.compile(
    rf"^\W*{_LABEL}(?P<b>(?:{_DET}\s+)?{_TNP})\s+first\s*(?:,|;|\s-+)\s*(?:and\s+)?then\s+(?P<a>(?:{_DET}\s+)?"
    rf"{_TNP})\s*[.!]?\s*$",
    re.I,
)
# "The refund step comes after the payment lookup."
_COMES_AFTER = re.compile(
    rf"^\W*(?P<a>(?:{_DET}\s+)?{_TNP}?)\s+(?:step\s+)?(?:always\s+)?(?:comes|must\s+come|happens|must\s+"
    rf"happen)\s+(?:only\s+)?after\s+(?P<b>(?:{_DET}\s+)?{_TNP})\s*[.!]?\s*$",
    re.I,
)
_CLAUSE = re.compile(r"\b(?:has|have|is|are|was|were)\s+(?:been\s+)?[a-z]+(?:ed|en)\b", re.I)
_STEP_WORD = re.compile(r"\s+(?:step|stage|phase)$", re.I)


def _terse(text: str) -> list[str]:
    """A terse order of two action nouns, without a verb of its own ("payment lookup
    before any refund", "refunds only after a payment lookup", "lookup first, then
    refund"), said as "<earlier> must precede <later>" or "<later> requires that
    <clause>"; [] for none. The nouns must both read as actions (`order_requires`)."""
    pairs: list[tuple[str, str]] = []
    for shape in (_BEFORE, _FIRST_THEN, _ONLY_AFTER, _COMES_AFTER):
        if (m := shape.match(text)) is not None:
            pairs.append((_STEP_WORD.sub("", m["a"].strip()), m["b"].strip()))
    out = []
    for later, earlier in pairs:
        if _NOT_ACTION.match(later) or _NOT_ACTION.match(earlier) or _YES.search(earlier):
            continue
        later = without_novelty(later)
        if _CLAUSE.search(earlier):  # "only once the payment has been fetched"
            out.append(f"{later[0].upper()}{later[1:]} requires that {earlier}.")
        else:
            out.append(f"{earlier[0].upper()}{earlier[1:]} must precede {later}.")
    return out

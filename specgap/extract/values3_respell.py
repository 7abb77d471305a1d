"""Bounds said in words the bound readers do not take, read again in words they do:

- a quantifier that only says "one call's": "a single payment must be between $1 and $50",
  "the hours logged for a single week may not be more than 40" (`single`, `for a single
  week`: the bound holds per call, as the readers already take it);
- "is never more than": "each payment is never more than $900" (a plain bound);
- the values above a bound not done: "refunds above $500 are not issued" (at most $500);
- a table row that names its argument as `tool.arg` (`values3_tables`);
- both ends said apart: "every booking is for at least 2 and at most 8 guests" (between 2
  and 8; "is for" a range: what the entity holds).

`reread` gives the re-read rules when the first reading gave no value rule (or only one over
a mention holding the dropped word) and the re-read gives a bound or an allowlist; the
sentence's span and quote stay its own. Nothing else is re-read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_OPERATORS = frozenset({"arg_within_bound", "resource_in_allowlist"})
_AMOUNT = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|[a-z]+))?"
_RESPELL: tuple[tuple[re.Pattern[str], str], ...] = (
    # "for a single week", "in any single call": per call, as a bound is
    (re.compile(r"\s+(?:for|in|on|per)\s+(?:a|an|any|each|one)\s+single\s+[a-z][\w-]*\b", re.I),
     ""),
    # "a single payment", "any single refund": a payment
    (re.compile(r"\b(?P<det>a|an|any|each|one)\s+single\s+", re.I), r"\g<det> "),
    (re.compile(r"\b(?P<be>is|are)\s+never\s+(?P<cmp>more|greater|higher|larger|less|lower|fewer)"
                r"\s+than\b", re.I), r"may not be \g<cmp> than"),
)  # fmt: skip
# "at least 2 and at most 8 guests": between 2 and 8 guests (an empty range is left as said)
_BOTH = re.compile(
    r"\bat\s+least\s+(?P<low>[$€£]?\d[\d,]*(?:\.\d+)?)\s+and\s+(?:at\s+most|no\s+more\s+than|"
    r"up\s+to)\s+(?P<high>[$€£]?\d[\d,]*(?:\.\d+)?)",
    re.I,
)


def _between(m: re.Match[str]) -> str:
    low, high = (float(m[g].lstrip("$€£").replace(",", "")) for g in ("low", "high"))
    return f"between {m['low']} and {m['high']}" if low <= high else m[0]


# "every booking is for between 2 and 8 guests": what each one holds
_IS_FOR = re.compile(r"\b(?:(?:is|are)\s+for|has|have|holds?|takes?)\s+(?=between\b)", re.I)
# "refunds above $500 are not issued (in the chat)": at most $500
_ABOVE_NOT = re.compile(
    r"^(?P<np>\W*[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:above|over|of\s+more\s+than|exceeding)\s+"
    r"(?P<amt>" + _AMOUNT + r")\s+(?:are|is)\s+(?:not|never)\s+(?P<done>[a-z]+(?:ed|en|id|t))\b"
    r"(?P<rest>[^;]*?)(?P<end>\s*(?:[;.].*)?)$",
    re.I | re.S,
)


def respelled(text: str) -> str:
    """The text in the readers' words (module docstring), or the text itself."""
    from specgap.extract.values3_tables import limit_row

    row = limit_row(text)  # "Stay (`book_slip.nights`): 1 to 14 nights"
    if row is not None:
        return row[0]
    said = text
    for pattern, spelling in _RESPELL:
        said = pattern.sub(spelling, said)
    said = _BOTH.sub(_between, said)
    said = _IS_FOR.sub("must have ", said)
    m = _ABOVE_NOT.match(said)
    if m is not None:
        said = f"{m['np']} may not exceed {m['amt']}{m['end']}"
    return said


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again in the readers' words, when that gives a value rule the
    first reading missed (module docstring)."""
    from specgap.extract.noact_respell import spelt
    from specgap.extract.values3_tables import limit_row

    text = sentence.clean
    said = respelled(text)
    row = limit_row(text)  # a row naming `tool.arg`: its own reading, whatever was read
    if said == text or (row is None and any(r.operator in _OPERATORS and _kept(r) for r in rules)):
        return rules, diagnostics

    found, notes = read(spelt(sentence, said))
    if not any(r.operator in _OPERATORS for r in found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    found = [r.model_copy(update={"text": words}) for r in found]
    if row is not None:  # the row named its tool and argument: those, whatever was read
        _, tool, arg = row
        found = [_on(r, tool, arg) for r in found if r.operator == "arg_within_bound"]
        notes = [n for n in notes if n.code != "unknown-argument"]
    # the first reading's other rules stay (another clause's count, order, ...), but not
    # its count of the same words (a bound misread as "at most N <items>")
    said_again = {(r.operator, r.target) for r in found}
    kept = [
        r
        for r in rules
        if r.operator not in _OPERATORS
        and r.operator != "arg_count_bound"
        and (r.operator, r.target) not in said_again
    ]
    return [*found, *kept], notes


def _on(rule: CandidateRule, tool: str, arg: str) -> CandidateRule:
    params = {k: v for k, v in rule.params.items() if k not in {"said_as", "set_by_call"}}
    params["facet"] = arg
    return rule.model_copy(update={"target": tool, "params": params, "grounding": "exact"})


def _kept(rule: CandidateRule) -> bool:
    """A first reading's value rule that stands: one whose mention or argument holds none
    of the words the respelling drops or mends."""
    said = f"{rule.target or ''} {rule.params.get('facet') or ''}".casefold().split()
    return not (_MENDED & set(said))


# words a misread bound's mention or argument holds: the quantifier dropped, the "and" of
# two ends read as an argument, a copula or "has" read as the action
_MENDED = frozenset({"single", "and", "never", "has", "have", "is", "are", "be"})

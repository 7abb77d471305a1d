"""Bounds with both ends, or a least of zero, stated on a noun (read by `noun_bounds`):

- "deposits must be at least $25 and at most $100": a least and a most said apart;
- "the refund amount cannot be negative", "the number of nights must be non-negative",
  "quantities must be zero or more": a least bound of 0 (never "positive", which excludes 0
  and no inclusive bound states);
- (`held_range`) "a booking may include 1 to 9 passengers", "a cabin can hold between 2
  and 4 guests", "`guest_names` carries one to eight names" (said in the present): both ends
  of how many of a thing the entity a call makes holds, over every tool taking that argument
  (the holder's noun narrows it at compile time); said of one kind ("a house_move hire covers
  1 to 3 drivers"), the kind is the rule's condition, kept for review.

An empty range ("at least 9 and at most 2") is no bound at all.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.agent_params import names_an_argument
from specgap.extract.grammar_emit import Emit
from specgap.extract.noun_bounds import (
    _AMOUNT,
    _DET,
    _MAX,
    _MEASURE_NOUNS,
    _MEASURED,
    _MIN,
    _MONEY,
    _NOT_MODAL,
    _NP,
    _NUMBER,
    _PERCENT,
    _PERSON,
    _action_and_facet,
    number_value,
)
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, singular

# "deposits must be at least $25 and at most $100": both ends said apart
_BOTH = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:must|should|shall|may|can|has\s+to|have\s+to)\s+(?:only\s+)?"
    r"be\s+" + _MIN + r"\s+(?P<low>" + _NUMBER + r")\s*(?P<lowunit>%|[a-z][\w-]*)?\s*,?\s+"
    r"(?:and|but)\s+(?:also\s+)?" + _MAX + r"\s+" + _AMOUNT + _MEASURED + r"\s*[.;]?\s*$",
    re.I,
)  # fmt: skip
# "the refund amount cannot be negative", "quantities must be non-negative": a least of 0
_NOT_NEGATIVE = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:(?:(?:can|may|must|should|shall)\s*(?:not|never)|cannot|"
    r"can't|mustn't)\s+be\s+(?:a\s+)?negative(?:\s+(?:number|value|amount))?|(?:must|should|"
    r"shall|has\s+to|have\s+to)\s+(?:always\s+)?be\s+(?:non-?negative|zero\s+or\s+(?:more|"
    r"greater|above)|at\s+least\s+(?:zero|0)))\s*[.;]?\s*$",
    re.I,
)  # fmt: skip
# "a booking may include 1 to 9 passengers", "a cabin can hold between 2 and 4 guests"
_HOLDS_RANGE = re.compile(
    r"^\W*"
    + _DET
    + r"(?P<np>[a-z][\w-]*(?:\s+"
    + _NOT_MODAL
    + r"[a-z][\w-]*)?)\s+(?P<modal>(?:can|may|must|should|shall|"
    r"will)\s+(?:only\s+)?)?(?:ha(?:ve|s)|holds?|contains?|includes?|carr(?:y|ies)|takes?|"
    r"accommodates?|fits?|covers?)\s+(?P<from>between\s+|from\s+)?(?P<low>"
    + _NUMBER
    + r")\s*(?P<sep>to|and|-|–)\s*(?P<amt>"
    + _NUMBER
    + r")\s+(?P<unit>[a-z][\w-]*)\s*(?:[.;!]|$)",
    re.I,
)


def two_sided(text: str) -> list[Emit] | None:
    """The bound a sentence states with both ends or as never negative ([] when the frame
    holds but names nothing bound), or None when it is neither."""
    unsigned = _NOT_NEGATIVE.match(text)
    if unsigned is not None:  # "the refund amount cannot be negative"
        counted = re.match(r"(?:number|count|quantity)\s+of\s+(?:the\s+)?(\S.*)$", unsigned["np"])
        found = (
            (ANY_TOOL, counted[1].casefold())
            if counted
            else _action_and_facet(unsigned["np"], None, "0", "")
        )
        return (
            []
            if found is None
            else [Emit("arg_within_bound", found[0], {"facet": found[1], "min": 0}, 0.7)]
        )
    both = _BOTH.match(text)
    if both is not None:  # "at least $25 and at most $100"
        unit = both["unit"] or both["lowunit"] or ""
        found = _action_and_facet(both["np"], None, both["amt"], unit)
        low, high = number_value(both["low"]), number_value(both["amt"])
        if found is None or low > high:
            return []
        return [
            Emit("arg_within_bound", found[0], {"facet": found[1], "min": low, "max": high}, 0.7)
        ]
    return None


# "a single booking cannot include more than 9 passengers": a most (fewer than: a least)
_HOLDS_NOT = re.compile(
    r"^\W*(?:(?:a|an|the|any|each|every)\s+)?(?:single\s+)?(?P<np>[a-z][\w-]*(?:\s+" + _NOT_MODAL
    + r"[a-z][\w-]*)?)\s+(?:(?:can|may|must|should|shall|will)\s*(?:not|never)|cannot|can't|"
    r"mustn't|won't)\s+(?:have|hold|contain|include|carry|take|accommodate|fit)\s+"
    r"(?P<side>more|fewer|less)\s+than\s+(?P<amt>" + _NUMBER + r")\s+(?P<unit>[a-z][\w-]*)"
    r"\s*(?:[.;!]|$)",
    re.I,
)  # fmt: skip


def held_range(text: str) -> tuple[bool, Emit | None]:
    """(whether the sentence has the frame, the range of how many of a thing a call holds):
    the frame with no range is a noun that counts no argument (a sum, an action, a person)."""
    m = _HOLDS_RANGE.match(text)
    if m is not None and not m["from"] and m["sep"].casefold() == "and":
        m = None  # "covers 1 and 3 flues": two numbers, no range
    # "... holds 1 to 3 names; a house_move takes five": a case after it (a kind said first
    # is its own condition: `_held_range`)
    cased = m is not None and "_" in m["np"].rpartition(" ")[0]
    if m is not None and not m["modal"] and m.group(0).rstrip().endswith(";") and not cased:
        m = None
    if m is not None and not m["modal"] and not _COUNTED_ITEMS.fullmatch(m["unit"]):
        m = None  # said in the present, a range of a measure ("a typical trip covers 8 to 12
        # km") is what happens, not how many items a call holds ("holds 1 to 6 items")
    if m is not None and _HEDGED.search(text) is not None:
        m = None  # "a typical trip", "usually takes": what is usual, no rule
    if m is not None:
        return True, _held_range(m)
    m = _HOLDS_NOT.match(text)
    if m is None:
        return False, None
    side = "min" if m["side"].casefold() != "more" else "max"
    return True, _counted(m["np"], m["unit"], {side: number_value(m["amt"])})


# a plural count noun ("items", "names", "drivers"), not a unit ("km", "kg")
_COUNTED_ITEMS = re.compile(r"[a-z][a-z-]{2,}s", re.I)
_HEDGED = re.compile(r"\b(?:typical(?:ly)?|usual(?:ly)?|average|normally|generally|often)\b", re.I)
_SPANS = frozenset({"seconds", "minutes", "hours", "days", "nights", "weeks", "months", "years"})


def _held_range(m: re.Match[str]) -> Emit | None:
    """ "a booking may include 1 to 9 passengers": both ends, on the counted noun's
    argument; a sum of money, an action noun or a person holding it is read elsewhere."""
    low, high = number_value(m["low"]), number_value(m["amt"])
    if low > high:
        return None
    kind, _, holder = m["np"].rpartition(" ")
    if "_" in kind:  # "a gas_safety_cert visit covers 1 to 6 appliances": for that kind alone,
        # a condition kept with the rule (the rule is for review), never a bound on every visit
        emit = _counted(holder, m["unit"], {"min": low, "max": high})
        return None if emit is None else replace(emit, condition=f"for a {kind} {holder}")
    return _counted(m["np"], m["unit"], {"min": low, "max": high})


def _counted(holder: str, counted: str, bound: dict[str, int | float]) -> Emit | None:
    """The bound on the argument the counted noun names, held by `holder`'s calls."""
    unit = counted.casefold()
    if _MONEY.match(unit) or unit in _PERCENT or is_action_noun(singular(unit)):
        return None
    if unit in _MEASURE_NOUNS or unit in {"times", "time"}:
        return None
    if unit in _SPANS and not names_an_argument(unit):
        return None  # "the whole visit takes three to four hours": how long, no argument
    np = holder.casefold().split()
    if np[-1] in {"you", "we", "it", "they", "agent", "assistant"} or _PERSON.fullmatch(np[-1]):
        return None
    params = {"facet": unit, **bound, "set_by_call": True, "holder": " ".join(np)}
    return Emit("arg_within_bound", ANY_TOOL, params, 0.7)

"""Bounds stated on a noun rather than on an argument name, in the forms `amounts` leaves:

- "a discount of no more than 15 % may be applied", "a refund of up to $80 can be issued";
- "no booking longer than 14 nights", "no refund over $500 may be issued";
- "stays of more than 14 nights are not allowed", "refunds above $500 must not be issued";
- "refunds over $500 need a manager's approval": a bound that something else lifts, kept
  with "unless ..." as its condition (reviewed, never enforced as a flat bound);
- "the limit is 3 tickets per order", "the maximum number of seats per booking is 4";
- (`unbound_lead`) a leading qualifier no entity binds ("for new customers, refunds may not
  exceed $50"): the caller reads the rest and keeps the qualifier as the condition (reviewed).

The noun names the action (`discount` -> apply discount, `refund`), the unit or the words
after the noun name the argument (`$` -> `amount`, `nights`, `%` -> `percent`); which
parameter answers to it is decided at compile time against the tool's parameters (name,
description), and a phrase no single parameter answers to is reported there
(`unknown-argument`), never guessed.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import (
    ANY_TOOL,
    NUMBER_WORDS,
    USER,
    is_action_noun,
    lemma,
    singular,
)
from specgap.extract.procedures import verb_of

_WORD_NUMBER = r"(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_NUMBER = (
    r"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?|" + _WORD_NUMBER + r")(?![\d,.]*\d)(?!:\d)"
)
# what the amount is measured in: a unit, or a counted noun ("3 tickets")
_AMOUNT = (
    r"(?P<amt>" + _NUMBER + r")\s*(?P<unit>%|[a-z][\w-]*)?(?![\w-])"
    r"(?!\s*(?:per|a|an|each|every)\b)(?!\s*/)"
)
NUMBER, AMOUNT = _NUMBER, _AMOUNT  # for the other bound readers (`copula_bounds`)
_MAX = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of)"
_MIN = r"(?:at\s+least|no\s+less\s+than|no\s+fewer\s+than|a\s+minimum\s+of)"
_OVER = r"(?:(?:more|greater|higher|larger|longer|bigger|heavier)\s+than|above|over|exceeding)"
_UNDER = r"(?:(?:less|fewer|lower|smaller|shorter)\s+than|below|under)"
_DET = r"(?:(?:a|an|the|any|each|every)\s+)?"
# a past participle, regular or one of the irregular verbs of actions ("taken", "paid")
_PART = (
    r"(?:[a-z]+ed|taken|given|made|sent|paid|sold|held|kept|spent|set|put|chosen|written|"
    r"bought|built|lent|done|shown|drawn|withdrawn|brought|run|begun|split|cut|left)"
)
# what may follow a measure: "30 minutes long", "$500 in total"
_MEASURED = r"(?:\s+(?:long|in\s+length|in\s+total|each|apiece|per\s+call))?"
_NP = r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
_OF = r"\s+(?:(?:of|for|with|lasting|totall?ing|worth)\s+)?"
_MODAL = r"(?:may|can|must|should|shall|will|is\s+to|are\s+to)"
_NOT_ALLOWED = (
    r"(?:(?:is|are)\s+(?:not|never)\s+(?:allowed|permitted|accepted|possible|available)|"
    r"(?:is|are)\s+(?:forbidden|prohibited|disallowed|not\s+supported)|"
    r"(?:may|can|must|should|shall|will)\s*(?:not|never)\s+be\s+(?P<neg>[a-z]+ed)\b|"
    r"(?:cannot|can't|mustn't|shouldn't|won't)\s+be\s+(?P<neg2>[a-z]+ed)\b|"
    r"(?:is|are)\s+never\s+(?P<neg3>[a-z]+ed)\b)"
)
_NEEDS = (
    r"(?:need|needs|require|requires|must\s+(?:first\s+)?(?:be|get|have|receive)|"
    r"have\s+to\s+be|has\s+to\s+be|call\s+for|calls\s+for)\b"
)
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "a discount of no more than 15 % may be applied"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+of\s+" + _MAX + r"\s+" + _AMOUNT + r"\s+" + _MODAL
                + r"\s+(?:only\s+)?be\s+(?P<verb>" + _PART + r")\b", re.I), "max"),
    (re.compile(r"^\W*" + _DET + _NP + r"\s+of\s+" + _MIN + r"\s+" + _AMOUNT + r"\s+" + _MODAL
                + r"\s+(?:only\s+)?be\s+(?P<verb>" + _PART + r")\b", re.I), "min"),
    # "no booking longer than 14 nights (is allowed)", "no refund over $500 may be issued"
    (re.compile(r"^\W*no\s+" + _NP + _OF + _OVER + r"\s+" + _AMOUNT
                + r"(?:\s+(?:is|are|may\s+be|can\s+be|will\s+be)\s+(?P<verb>" + _PART + r")\b)?"
                + r"\s*(?:[.;!]|$)", re.I), "max"),
    (re.compile(r"^\W*no\s+" + _NP + _OF + _UNDER + r"\s+" + _AMOUNT
                + r"(?:\s+(?:is|are|may\s+be|can\s+be|will\s+be)\s+(?P<verb>" + _PART + r")\b)?"
                + r"\s*(?:[.;!]|$)", re.I), "min"),
    # "stays of more than 14 nights are not allowed", "refunds above $500 must not be issued"
    (re.compile(r"^\W*" + _DET + _NP + _OF + _OVER + r"\s+" + _AMOUNT + r"\s+" + _NOT_ALLOWED,
                re.I), "max"),
    (re.compile(r"^\W*" + _DET + _NP + _OF + _UNDER + r"\s+" + _AMOUNT + r"\s+" + _NOT_ALLOWED,
                re.I), "min"),
    # "at most $50 can be refunded", "no more than 3 seats may be booked"
    (re.compile(r"^\W*" + _MAX + r"\s+" + _AMOUNT + r"\s+" + _MODAL + r"\s+(?:only\s+)?be\s+"
                + r"(?P<verb>" + _PART + r")\s*(?:[.;!]|$)", re.I), "max"),
    # "limit refunds to $200", "cap discounts at 20%", "keep stays within 14 nights"
    (re.compile(r"^\W*(?:always\s+)?(?:limit|cap|restrict|keep)\s+(?:the\s+|each\s+|every\s+|any\s+)?"
                + _NP + r"\s+(?:to|at|within)\s+(?:(?:at\s+most|a\s+maximum\s+of|no\s+more\s+than)"
                + r"\s+)?" + _AMOUNT + r"\s*(?:[.;!]|$)", re.I), "max"),
    # "keep refunds under $200": below the amount
    (re.compile(r"^\W*(?:always\s+)?keep\s+(?:the\s+|each\s+|every\s+|any\s+)?" + _NP
                + r"\s+(?P<under>under|below|beneath)\s+" + _AMOUNT + r"\s*(?:[.;!]|$)", re.I),
     "max"),
    # "maximum refund: $200", "max discount: 20%"
    (re.compile(r"^\W*(?:the\s+)?(?:maximum|max)\s+" + _NP + r"\s*:\s*" + _AMOUNT + r"\s*[.;]?\s*$",
                re.I), "max"),
    (re.compile(r"^\W*(?:the\s+)?(?:minimum|min)\s+" + _NP + r"\s*:\s*" + _AMOUNT + r"\s*[.;]?\s*$",
                re.I), "min"),
    # "refund limit: $200", "the refund limit is $200", "the discount cap is 20%"
    (re.compile(r"^\W*(?:the\s+|each\s+)?" + _NP + r"\s+(?:limit|cap|maximum|ceiling)\s*(?::|is)\s*"
                + _AMOUNT + r"\s*[.;]?\s*$", re.I), "max"),
    # "refunds of up to $200 are allowed"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+of\s+" + _MAX + r"\s+" + _AMOUNT + r"\s+(?:are|is)\s+"
                r"(?:allowed|permitted|accepted|possible|fine)\b", re.I), "max"),
    # "refunds are only allowed up to $300", "refunds may be issued up to $300"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:are|is)\s+(?:only\s+)?(?:allowed|permitted|"
                r"possible|accepted)\s+(?:for\s+)?(?:(?:amounts?|sums?|values?)\s+(?:of\s+)?)?"
                + _MAX + r"\s+" + _AMOUNT + r"\s*(?:[.;!]|$)",
                re.I), "max"),
    # "refunds are only possible for amounts below 200 euros"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:are|is)\s+(?:only\s+)?(?:allowed|permitted|"
                r"possible|accepted)\s+(?:for\s+)?(?:(?:amounts?|sums?|values?)\s+)?"
                r"(?P<under>under|below|beneath|less\s+than)\s+" + _AMOUNT + r"\s*(?:[.;!]|$)",
                re.I), "max"),
    (re.compile(r"^\W*" + _DET + _NP + r"\s+" + _MODAL + r"\s+(?:only\s+)?be\s+"
                r"(?P<verb>" + _PART + r")\s+(?:for\s+)?" + _MAX + r"\s+" + _AMOUNT
                + r"\s*(?:[.;!]|$)",
                re.I), "max"),
    # "you can give a discount of up to 10%", "issue a refund of at most $80"
    (re.compile(r"^\W*(?:(?:you|the\s+agent)\s+(?:can|may)\s+)?(?:only\s+)?(?P<light>[a-z]+)\s+"
                r"(?:a|an|the|any)\s+" + _NP + r"\s+of\s+" + _MAX + r"\s+" + _AMOUNT
                + r"\s*(?:[.;!]|$)", re.I), "max"),
    # "the fee must not be more than $500", "the tip cannot be higher than 20%"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:(?:may|can|must|should|shall|will)\s*(?:not|never)|"
                r"cannot|can't|mustn't|shouldn't|won't)\s+be\s+" + _OVER + r"\s+" + _AMOUNT
                + _MEASURED + r"\s*(?:[.;!]|$)", re.I), "max"),
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:(?:may|can|must|should|shall|will)\s*(?:not|never)|"
                r"cannot|can't|mustn't|shouldn't|won't)\s+be\s+" + _UNDER + r"\s+" + _AMOUNT
                + _MEASURED + r"\s*(?:[.;!]|$)", re.I), "min"),
    # "the fee must be at most $500", "a tip can be up to 20%", "X must be $500 or less"
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:may|can|must|should|shall|has\s+to|have\s+to)\s+"
                r"(?:only\s+|always\s+)?be\s+" + _MAX + r"\s+" + _AMOUNT + _MEASURED
                + r"\s*(?:[.;!]|$)", re.I), "max"),
    (re.compile(r"^\W*" + _DET + _NP + r"\s+(?:may|can|must|should|shall|has\s+to|have\s+to)\s+"
                r"(?:only\s+|always\s+)?be\s+" + _MIN + r"\s+" + _AMOUNT + _MEASURED
                + r"\s*(?:[.;!]|$)", re.I), "min"),
    # "always take a deposit of at least $20", "charge a fee of no less than $5"
    (re.compile(r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should)\s+)?(?:always\s+|only\s+)?"
                r"(?P<light>[a-z]+)\s+(?:a|an|the|any)\s+" + _NP + r"\s+of\s+" + _MIN + r"\s+"
                + _AMOUNT + r"\s*(?:[.;!]|$)", re.I), "min"),
    # "a minimum deposit of $25 is required", "the maximum stay of 14 nights applies"
    (re.compile(r"^\W*(?:a|an|the)\s+(?:maximum|max)\s+" + _NP + r"\s+of\s+" + _AMOUNT
                + r"\s+(?:(?:is|are)\s+(?:allowed|permitted|applied|enforced|in\s+place)|applies)"
                r"\s*(?:[.;!]|$)", re.I), "max"),
    (re.compile(r"^\W*(?:a|an|the)\s+(?:minimum|min)\s+" + _NP + r"\s+of\s+" + _AMOUNT
                + r"\s+(?:is|are)\s+(?:required|needed|expected|applied|enforced|in\s+place)"
                r"\s*(?:[.;!]|$)", re.I), "min"),
    # "refunds over $500 need a manager's approval": a bound something else lifts
    (re.compile(r"^\W*" + _DET + _NP + _OF + _OVER + r"\s+" + _AMOUNT + r"\s+" + _NEEDS
                + r"\s*(?P<needs>[^.;]+)", re.I), "max"),
)  # fmt: skip
# "quantities between 1 and 12 are allowed", "stays must last between 1 and 21 nights"
_BETWEEN = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:(?:of|for|lasting)\s+)?(?:(?:must|should|shall|may|can)\s+"
    r"(?:only\s+)?(?:last|take|span|run|be|cover)\s+)?(?P<from>(?:between|from)\s+)?(?P<low>"
    + _NUMBER + r")\s*(?:[a-z]+\s+|%\s*)?(?P<sep>and|to)\s+" + _AMOUNT
    + _MEASURED + r"(?:\s+(?:are|is)\s+(?:allowed|permitted|accepted|possible))?\s*[.;]?\s*$",
    re.I,
)  # fmt: skip
# "the limit is 3 tickets per order", "the maximum number of seats per booking is 4"
_LIMIT = re.compile(
    r"^\W*(?:the\s+)?(?:limit|maximum|cap|max)\s+(?:is|of)\s+(?P<amt>" + _NUMBER + r")\s+"
    r"(?P<unit>[a-z][\w-]*)\s+(?:per|for\s+(?:each|every|a|an|one))\s+(?P<per>[a-z][\w-]*)"
    r"\s*(?:[.;!]|$)|"
    r"^\W*(?:the\s+)?(?:maximum|max|largest)\s+(?:number|count|amount)\s+of\s+(?P<unit2>[a-z][\w-]*)"
    r"\s+(?:per|for\s+(?:each|every|a|an|one))\s+(?P<per2>[a-z][\w-]*)\s+(?:is|are)\s+"
    r"(?P<amt2>" + _NUMBER + r")\s*(?:[.;!]|$)",
    re.I,
)
# "for new customers, ...": a qualifier before the rule; an action noun is its topic instead
_LEAD = re.compile(
    r"^\W*(?P<lead>(?:for|with|on|during|in)\s+(?:(?:a|an|the|any|all)\s+)?(?P<head>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,3}?))\s*,\s*(?P<rest>\S.*)$",
    re.I | re.S,
)
# "if the guest is new, ...", "when the booking is unpaid, ...": a condition clause
_IF_LEAD = re.compile(
    r"^\W*(?P<lead>(?:if|when|whenever|unless|once|while|where|after|before|in\s+case|"
    r"provided(?:\s+that)?|as\s+long\s+as)\b[^,;]{1,80}?)\s*,\s*(?P<rest>\S.*)$",
    re.I | re.S,
)
# what may follow a bound's amount and its predicate: a qualifier the bound holds under
_TAIL = re.compile(
    r"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?|\b(?:" + _WORD_NUMBER + r"))\s*"
    r"(?:%|percent|[a-z]+)?(?:\s+or\s+(?:less|fewer|lower|more|greater|higher|under|below|above|over))?"
    r"(?:\s+(?:(?:is|are)\s+(?:not|never)\s+[a-z]+|(?:is|are)\s+(?:allowed|permitted|fine|"
    r"accepted|possible|forbidden|prohibited)|(?:may|can|must|should|shall|will)\s*(?:not|never)?"
    r"\s+be\s+[a-z]+(?:ed|en)|(?:cannot|can't|mustn't)\s+be\s+[a-z]+(?:ed|en)|(?:is|are)\s+never\s+"
    r"[a-z]+ed|may\s+be\s+[a-z]+ed|in\s+total))?"
    r"\s*,?\s+(?P<rest>(?:unless|except|if|when|whenever|for|provided|as\s+long\s+as|only\s+if|"
    r"while|during|after|before|on|to|from|in|without|with)\b[^.;]*?)\s*[.;!]?\s*$",
    re.I,
)  # fmt: skip
# what follows an amount and says what is measured, or that it is one call's: no condition
_MEASURE_WORDS = re.compile(
    r"in\s+(?:total|length|all|sum)|(?:on|in|for)\s+(?:one|a\s+single|each|any\s+one)\s+"
    r"[a-z][\w-]*|at\s+(?:once|a\s+time)",
    re.I,
)
_MONEY = re.compile(r"^[$€£]|^(?:dollars?|euros?|pounds?|usd|eur|gbp)$", re.I)
_PERCENT = frozenset({"%", "percent", "per cent"})
# a measure of the whole ("the order quantity"): the noun names the argument, not its unit
_MEASURE_NOUNS = frozenset(
    {"quantity", "amount", "number", "size", "total", "length", "duration", "count", "value"}
)


_NOT_MODAL = r"(?!(?:can|may|must|should|shall|will|is|are)\b)"
# "servers can have at most 32 cores", "each reservation is limited to 4 guests", "a maximum
# of 4 guests is allowed (per room)": how many of a thing an entity holds
_HOLDS = re.compile(
    r"^\W*" + _DET + r"(?P<np>[a-z][\w-]*(?:\s+" + _NOT_MODAL + r"[a-z][\w-]*)?)\s+"
    r"(?:(?:(?:can|may|must|should|shall|will)\s+(?:only\s+)?)?(?:have|hold|contain|include|carry|take|accommodate|fit|need|require)|"
    r"(?:is|are)\s+(?:limited|capped|restricted)\s+to)\s+(?:(?P<most>at\s+most|"
    r"up\s+to|no\s+more\s+than|a\s+maximum\s+of)\s+|(?P<least>at\s+least|no\s+fewer\s+than|a\s+"
    r"minimum\s+of)\s+)?(?P<amt>" + _NUMBER + r")\s+(?:(?:extra|additional|further|more)\s+)?"
    r"(?P<unit>[a-z][\w-]*)\s*(?:[.;!]|$)",
    re.I,
)  # fmt: skip
_MAXIMUM_OF = re.compile(
    r"^\W*(?:a\s+|the\s+)?(?:maximum|max)\s+of\s+(?P<amt>" + _NUMBER + r")\s+(?P<unit>[a-z][\w-]*)"
    r"\s+(?:is|are)\s+(?:allowed|permitted|accepted|supported)(?:\s+(?:per|in\s+(?:a|an|each|one))"
    r"\s+[a-z][\w-]*)?\s*(?:[.;!]|$)",
    re.I,
)


_PERSON = re.compile(r"(?:" + USER + r")s?", re.I)


_LIGHT = frozenset({"give", "make", "offer", "grant", "do", "provide", "allow"})
_GENERIC = frozenset({"request", "application", "claim", "order", "ask"})


def held_bound(text: str) -> Emit | None:
    """The bound on the argument that says how many of a thing the entity a call makes or
    changes holds ("servers can have at most 32 cores"): over every tool taking that argument
    (`*` and the counted noun), or None. A count of actions ("3 refunds") is no argument."""
    from specgap.extract.bound_ranges import held_range

    framed, ranged = held_range(text)  # (or "cannot include more than 9 passengers")
    if framed:  # "a booking may include 1 to 9 passengers"
        return ranged
    m = _HOLDS.match(text) or _MAXIMUM_OF.match(text)
    if m is None:
        return None
    groups = m.groupdict()
    limited = groups.get("most") or "limited" in m.group(0) or "capped" in m.group(0)
    least = groups.get("least")
    unit = m["unit"].casefold()
    if not limited and not least and _MAXIMUM_OF.match(text) is None:
        return None  # "a room can have 4 guests": what it may hold, no bound said
    if _MONEY.match(unit) or unit in _PERCENT:
        return None  # "refunds are limited to 200 dollars": a sum, read by `amounts`
    if is_action_noun(singular(unit)) or unit in _MEASURE_NOUNS or unit in {"times", "time"}:
        return None
    np = (groups.get("np") or "").casefold().split()
    if np and (
        np[-1] in {"you", "we", "it", "they", "agent", "assistant"} or _PERSON.fullmatch(np[-1])
    ):
        return None  # "customers need at least 2 ...": a person, no entity a call makes
    side = "min" if least else "max"
    params = {"facet": unit, side: number_value(m["amt"]), "set_by_call": True}
    if np:  # "grooming may take up to 90 minutes": the grooming tools, where one is named so
        params["holder"] = " ".join(np)
    return Emit("arg_within_bound", ANY_TOOL, params, 0.7)


def noun_bounds(text: str) -> list[Emit]:
    """The `arg_within_bound` the sentence states on a noun (module docstring), or none;
    then the shapes of `copula_bounds` ("the fee is at most €25", "max nights: 14")."""
    from specgap.extract.copula_bounds import copula_bounds

    return _read(text) or copula_bounds(text)


def trailing_condition(text: str) -> tuple[str, str] | None:
    """(the sentence without it, the qualifier) when a bound's amount is followed by a
    qualifier it holds under ("refunds over $50 are not allowed for first-time guests",
    "refunds may not exceed $50 unless the owner approves"), or None."""
    m = _TAIL.search(text)
    if m is None or _MEASURE_WORDS.fullmatch(m["rest"]) or _RANGE_END.match(m["rest"]):
        return None  # "$80 in total", "30 minutes in length": what is measured, no condition
    return text[: m.start("rest")].rstrip(" ,") + ".", " ".join(m["rest"].split())


# "1 to 8 guests": the other end of a range after its first number, no qualifier
_RANGE_END = re.compile(r"to\s+[$€£]?\d", re.I)


def without_measure(text: str) -> str:
    """The sentence without what follows its amount when that only says what is measured or
    that it is one call's ("$80 in total", "9 passengers on one ticket", "at once")."""
    once = _AT_ONCE.search(text)
    if once is not None:
        return text[: once.start()] + "."
    m = _TAIL.search(text)
    if m is not None and _RANGE_END.match(m["rest"]):  # "1 to 3 flues on one visit": from 3
        m = _TAIL.search(text, m.start("rest") + 2)
    if m is None or not _MEASURE_WORDS.fullmatch(m["rest"]):
        return text
    return text[: m.start("rest")].rstrip(" ,") + "."


_AT_ONCE = re.compile(r"\s+at\s+(?:once|a\s+time|one\s+time)\s*[.;!]?\s*$", re.I)


def unbound_lead(text: str) -> tuple[str, str | None] | None:
    """(the rest, the qualifier) of a sentence opening with a condition clause ("if the
    guest is new, ...") or a qualifier no entity binds ("for new customers, ..."); an
    action noun is the rule's topic ("for refunds, ..."): (the rest, None); None when the
    sentence opens with neither."""
    cond = _IF_LEAD.match(text)
    if cond is not None:
        return cond["rest"], " ".join(cond["lead"].split())
    lead = _LEAD.match(text)
    if lead is None:
        return None
    if any(is_action_noun(singular(w)) for w in lead["head"].casefold().split()):
        return lead["rest"], None
    return lead["rest"], " ".join(lead["lead"].split())


def _read(text: str) -> list[Emit]:
    limit = _LIMIT.match(text)
    if limit is not None:
        return _limit(limit)
    from specgap.extract.bound_ranges import two_sided

    sided = two_sided(text)  # "at least $25 and at most $100", "cannot be negative"
    if sided is not None:
        return sided
    between = _BETWEEN.match(text)
    # "book 1 to 3 flues": an imperative's range; "1 and 3 flues" with no "between" is two
    # numbers, and "sessions run 1 to 8 hours" is said of a noun (`held_range` reads it)
    if (
        between is not None
        and not between["from"]
        and (between["sep"].casefold() != "to" or len(between["np"].split()) > 1)
    ):
        between = None
    if between is not None and (" between " in text.casefold() or between["unit"]):
        # "the deposit is between ...": the copula is no word of the noun phrase
        np = re.sub(r"\s+(?:is|are|was|were)$", "", between["np"].strip(), flags=re.I)
        found = _action_and_facet(np, None, between["amt"], between["unit"] or "")
        if found is None:
            return []
        low, high = number_value(between["low"]), number_value(between["amt"])
        return [
            Emit("arg_within_bound", found[0], {"facet": found[1], "min": low, "max": high}, 0.7)
        ]
    for pattern, side in _FORMS:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groupdict()
        verb = next((groups[g] for g in ("verb", "neg", "neg2", "neg3") if groups.get(g)), None)
        light = (groups.get("light") or "").casefold()
        if light and lemma(light) not in IMPERATIVE_VERBS and lemma(light) not in _LIGHT:
            return []  # "keep a margin of up to 10%": no action named
        if light and lemma(light) in IMPERATIVE_VERBS and lemma(light) not in _LIGHT:
            verb = light  # "issue a refund of ...": issue refund; "give a discount": discount
        if m.groupdict().get("np") is None:  # "at most $50 can be refunded": the verb's action
            found = _by_verb(verb or "", m["amt"], m["unit"] or "")
        else:
            found = _action_and_facet(m["np"], verb, m["amt"], m["unit"] or "")
        if found is None:
            return []
        action, facet = found
        bound = number_value(m["amt"])
        if groups.get("under") and isinstance(bound, int) and facet != "amount":
            bound -= 1  # "under 5 nights": at most 4 (a sum of money has no next value)
        params: dict[str, object] = {"facet": facet, side: bound}
        needs = groups.get("needs")
        condition = f"unless: {' '.join(needs.split())}" if needs else None
        return [Emit("arg_within_bound", action, params, 0.7, condition)]
    return []


def _limit(m: re.Match[str]) -> list[Emit]:
    """ "The limit is 3 tickets per order": each call that makes or changes the entity (an
    order) passes at most that many; the counted noun names the argument."""
    unit = (m["unit"] or m["unit2"] or "").casefold()
    per = singular((m["per"] or m["per2"] or "").casefold())
    amount = m["amt"] or m["amt2"] or ""
    if not unit or not per or unit in _MEASURE_NOUNS or is_action_noun(singular(unit)):
        return []  # "3 refunds per order": a count of calls, read by the count readers
    params = {"facet": unit, "max": number_value(amount), "set_by_call": True}
    return [Emit("arg_within_bound", ANY_TOOL, params, 0.7)]


def _action_and_facet(np: str, verb: str | None, amount: str, unit: str) -> tuple[str, str] | None:
    """(the action, the argument) a bounded noun phrase and its unit name."""
    words = np.casefold().split()
    unit = unit.casefold()
    if not words or words[-1] in {"it", "this", "that", "they", "these", "those", "one"}:
        return None
    if len(words) > 1 and singular(words[-1]) in _GENERIC and is_action_noun(singular(words[0])):
        words = words[:1]  # "refund requests over $300": the refunds requested
    by_unit = _unit_facet(amount, unit)
    head = singular(words[-1])
    named = verb_of(head, results=False) if not is_action_noun(head) else lemma(head)
    acted = lemma(verb.casefold()) if verb else None
    if acted is not None and acted not in IMPERATIVE_VERBS:
        acted = None
    if head in _MEASURE_NOUNS:  # "order quantity of more than 10 units", "quantities ..."
        return (ANY_TOOL, " ".join([*words[:-1], head]))
    if (named is not None and named != head) or is_action_noun(head):
        # "a discount of ...": the noun names the action ("apply discount" when a verb says
        # what is done with it), the unit the argument
        action = f"{acted} {head}" if acted else head
        facet = by_unit or ("amount" if is_action_noun(head) else "")
        return (action, facet) if facet else None
    if by_unit:  # "stays of more than 14 nights": the entity the action acts on, its unit
        action = f"{acted} {head}" if acted else head
        return (action, by_unit)
    return None


action_and_facet = _action_and_facet  # for the shapes of `copula_bounds`


def _by_verb(verb: str, amount: str, unit: str) -> tuple[str, str] | None:
    """(the action, the argument) of "at most $50 can be refunded": the verb names the
    action, the unit the argument (no unit, no argument)."""
    action = lemma(verb.casefold())
    facet = _unit_facet(amount, unit.casefold())
    return (action, facet) if facet and action in IMPERATIVE_VERBS else None


def _unit_facet(amount: str, unit: str) -> str:
    """The argument a unit names: `amount` for money, `percent`, or the plural unit word;
    the empty string when nothing follows the number."""
    if _MONEY.search(amount) or (unit and _MONEY.search(unit)):
        return "amount"
    if unit in _PERCENT:
        return "percent"
    if not unit or unit in {"and", "or", "of", "to", "in"}:
        return ""
    return unit if unit.endswith("s") else unit + "s"


def number_value(text: str) -> int | float:
    """A bound's number as said: a number word, or digits with a currency sign and commas."""
    word = text.strip().casefold()
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    value = float(word.lstrip("$€£ ").replace(",", ""))
    return int(value) if value.is_integer() else value

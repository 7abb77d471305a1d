"""Bounds said with a plain copula, a strict comparison, a setting line or an amount before
the thing it measures: the shapes `amounts` and `noun_bounds` leave.

- "the no-show fee is at most €25", "deposits are no more than €100" (no modal);
- "the package weight must be under 30 kg", "vouchers have to stay below $100": a strict
  "under"/"below"/"less than" is the largest value (a whole count one less: "under 5
  nights" is at most 4), "over"/"above"/"more than" after a modal the least;
- "max nights: 14", "maximum_guests = 4", "min stay: 2 nights", "party size: 1 to 8
  guests", "refund: up to $200": a setting line, the label naming the argument;
- "hold at most €100 as a deposit", "take no more than $50 as a fee": the amount before
  what it is, the verb and that noun naming the action;
- "stays can be 1 to 14 nights long", "stays range from 1 to 14 nights" (both ends);
- "vouchers may be worth up to $100" (what a thing is worth);
- "refunds up to $200 may be issued by the agent" (the bound before the passive verb);
- "weights of 30 kg or more are not accepted": below the amount (a count one less).

Each returns the same `arg_within_bound` emits as `noun_bounds` (an action and the words
naming the argument, or `*` and the words when no action is named); which parameter answers
is decided at compile time, and a phrase no parameter answers to is reported there.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.noun_bounds import _PERSON, AMOUNT, NUMBER, number_value
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, singular
from specgap.operators.measures import counted

_NUMBER, _AMOUNT = NUMBER, AMOUNT  # a number, an amount and its unit: spelled once
_END = r"\s*(?:\((?:inclusive|incl\.?)\)\s*)?[.;!]?\s*$"
_DET = r"(?:(?:a|an|the|any|each|every|all)\s+)?"
_NOT_MODAL = r"(?!(?:is|are|must|should|shall|can|may|will|has|have|be|not|never)\b)"
_NP = r"(?P<np>[a-z][\w-]*(?:\s+" + _NOT_MODAL + r"[a-z][\w-]*){0,2})"
# inclusive: "at most", "up to a maximum of", "less than or equal to", "$200 or less" is read
# by `amounts`
_MAX = (
    r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to(?:\s+a\s+maximum\s+of)?|"
    r"a\s+maximum\s+of|(?:less|lower|smaller|fewer)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+"
    r"(?:less|lower)\s+than)"
)
_MIN = (
    r"(?:at\s+least|no\s+less\s+than|no\s+fewer\s+than|a\s+minimum\s+of|(?:more|greater|"
    r"higher)\s+than\s+or\s+equal\s+to|equal\s+to\s+or\s+(?:more|greater|higher)\s+than)"
)
_UNDER = r"(?:(?:less|fewer|lower|smaller|shorter|lighter|cheaper)\s+than|below|under)"
_OVER = r"(?:(?:more|greater|higher|larger|longer|heavier)\s+than|above|over)"
_MODAL_BE = (
    r"(?:(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+"
    r"(?:always\s+)?(?:be|stay|remain)|(?:must|should)\s+(?:always\s+)?(?:stay|remain))"
)
_COPULA = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:is|are|(?:must|should|shall|has\s+to|have\s+to)\s+(?:always\s+)?"
    r"be)\s+(?:only\s+|always\s+)?"
    r"(?:(?P<most>" + _MAX + r")|(?P<least>" + _MIN + r"))\s+" + _AMOUNT + _END,
    re.I,
)
_STRICT = re.compile(
    r"^\W*"
    + _DET
    + _NP
    + r"\s+"
    + _MODAL_BE
    + r"\s+(?:(?P<under>"
    + _UNDER
    + r")|(?P<over>"
    + _OVER
    + r"))\s+"
    + _AMOUNT
    + _END,
    re.I,
)
# "max nights: 14", "maximum_guests = 4", "min stay: 2 nights"
_SETTING = re.compile(
    r"^\W*(?P<side>max(?:imum)?|min(?:imum)?)[\s_-]+(?P<np>[a-z][a-z]*(?:[\s_-]+[a-z]+){0,2})"
    r"\s*(?::|=)\s*" + _AMOUNT + _END,
    re.I,
)
# "party size: 1 to 8 guests", "stay length: 2-14 nights", "refund: up to $200", "guests:
# maximum 4"
_LABELLED = re.compile(
    r"^\W*(?P<np>[a-z][a-z]*(?:[\s_-]+(?!(?:per|each|a)\b)[a-z]+){0,2})(?:\s+(?:per|each|a)\s+"
    r"(?P<per>[a-z]+))?\s*"
    r"(?::|\s[-–—])\s*(?:(?:from\s+|between\s+)?(?P<low>" + _NUMBER
    + r")\s*(?:[a-z]+\s*)?(?:to|-|–|and)\s*|(?P<most>" + _MAX + r"|max(?:imum)?\.?)\s+|(?P<least>"
    + _MIN + r"|min(?:imum)?\.?)\s+)" + _AMOUNT + _END,
    re.I,
)  # fmt: skip
# "guests per lane: 6 max", "deposit: $80 maximum", "stay: 2 nights minimum"
_LABELLED_AFTER = re.compile(
    r"^\W*(?P<np>[a-z][a-z]*(?:[\s_-]+(?!(?:per|each|a)\b)[a-z]+){0,2})(?:\s+(?:per|each|a)\s+"
    r"(?P<per>[a-z]+))?\s*"
    r"(?::|\s[-–—])\s*(?P<amt>" + _NUMBER + r")\s*(?P<unit>%|(?!(?:max|min|at|or)\b)[a-z][\w-]*)?"
    r"\s+(?:(?P<most>max(?:imum)?\.?|at\s+most|or\s+(?:less|fewer|below|under))|(?P<least>"
    r"min(?:imum)?\.?|at\s+least|or\s+(?:more|above|over)))" + _END,
    re.I,
)  # fmt: skip
# "refunds are allowed up to a maximum of $200"
_ALLOWED_UP_TO = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:is|are)\s+(?:only\s+)?(?:allowed|permitted|possible|accepted)"
    r"\s+(?:for\s+)?(?P<most>" + _MAX + r")\s+" + _AMOUNT + _END,
    re.I,
)  # fmt: skip
# "stays can be 1 to 14 nights long", "stays range from 1 to 14 nights"
_RANGE = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:(?:can|may|must|should|shall)\s+(?:only\s+)?(?:be|last|run)|"
    r"(?:only\s+)?ranges?)\s+(?:from\s+)?(?P<low>" + _NUMBER + r")\s*(?:[a-z]+\s*)?(?:to|-|–)\s*"
    + _AMOUNT + r"(?:\s+(?:long|in\s+length))?" + _END,
    re.I,
)  # fmt: skip
# "vouchers may be worth up to $100", "each voucher is worth at most $100"
_WORTH = re.compile(
    r"^\W*" + _DET + _NP + r"\s+(?:is|are|(?:may|can|must|should)\s+(?:only\s+)?be)\s+"
    r"(?:only\s+)?worth\s+(?:(?P<most>" + _MAX + r")|(?P<least>" + _MIN + r"))\s+" + _AMOUNT
    + _END,
    re.I,
)  # fmt: skip
# "hold at most €100 as a deposit"
_AS_WHAT = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:may|can|should|must)\s+)?(?:only\s+)?(?P<verb>[a-z]+)\s+"
    r"(?:(?P<most>"
    + _MAX
    + r")|(?P<least>"
    + _MIN
    + r"))\s+"
    + _AMOUNT
    + r"\s+(?:as|for|in)\s+(?:an?\s+|the\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    + _END,
    re.I,
)
_PART = r"(?:[a-z]+ed|given|made|sent|paid|sold|held|kept|set|put|taken|chosen|done|shown)"
# "refunds up to $200 may be issued (by the agent)"
_UP_TO_DONE = re.compile(
    r"^\W*"
    + _DET
    + _NP
    + r"\s+(?:of\s+)?(?:(?P<most>"
    + _MAX
    + r")|(?P<least>"
    + _MIN
    + r"))\s+"
    + _AMOUNT
    + r"\s+(?:may|can|will|are\s+to|is\s+to)\s+(?:only\s+)?be\s+(?P<verb>"
    + _PART
    + r")(?:\s+by\s+(?:the\s+|an?\s+)?(?:agents?|you|staff|us))?"
    + r"(?:\s+as\s+an?\s+[a-z]+(?:\s+[a-z]+)?)?"
    + _END,
    re.I,
)
# "weights of 30 kg or more are not accepted", "parties of 9 guests or more cannot be booked"
_OR_BEYOND = re.compile(
    r"^\W*"
    + _DET
    + _NP
    + r"\s+(?:of|weighing|worth|costing|lasting|with|for)\s+"
    + _AMOUNT
    + r"\s+or\s+(?:(?P<more>more|greater|higher|above|over|longer|heavier)|(?P<less>less|fewer|"
    r"lower|below|under|shorter|lighter))\s+(?:(?:is|are)\s+(?:not|never)\s+(?:allowed|permitted|"
    r"accepted|possible|available)|(?:(?:may|can|must|should|shall|will)\s*(?:not|never)|cannot|"
    r"can't|mustn't|won't)\s+be\s+(?P<verb>" + _PART + r"))" + _END,
    re.I,
)
_MONEY = re.compile(r"^[$€£]|^(?:dollars?|euros?|pounds?|usd|eur|gbp)$", re.I)
_MEASURES = frozenset(
    {"kg", "kgs", "g", "lb", "lbs", "km", "miles", "mile", "m", "cm", "minutes", "minute",
     "hours", "hour", "seconds", "second", "%", "percent", "gb", "mb", "tb", "l", "ml"}
)  # fmt: skip
_NOT_NOUNS = frozenset({"it", "this", "that", "they", "these", "those", "one", "which", "what"})
_NOT_NOUNS |= {"a", "q", "answer", "question", "note", "example"}  # "A: six at most"


def copula_bounds(text: str) -> list[Emit]:
    """The `arg_within_bound` one of the shapes above states, or none."""
    for read in (
        _copula,
        _strict,
        _setting,
        _labelled,
        _as_what,
        _ranged,
        _worth,
        _up_to_done,
        _or_beyond,
        _allowed_up_to,
    ):
        found = read(text)
        if found:
            return found
    return []


def _copula(text: str) -> list[Emit]:
    m = _COPULA.match(text)
    if m is None:
        return []
    side = "max" if m["most"] else "min"
    return _emit(m["np"], None, m["amt"], m["unit"], {side: number_value(m["amt"])})


def _strict(text: str) -> list[Emit]:
    m = _STRICT.match(text)
    if m is None:
        return []
    bound = number_value(m["amt"])
    counted = _counted(m["amt"], m["unit"])
    if m["under"]:
        return _emit(m["np"], None, m["amt"], m["unit"], {"max": bound - 1 if counted else bound})
    return _emit(m["np"], None, m["amt"], m["unit"], {"min": bound + 1 if counted else bound})


def _setting(text: str) -> list[Emit]:
    m = _SETTING.match(text)
    if m is None:
        return []
    side = "max" if m["side"].casefold().startswith("max") else "min"
    return _emit(m["np"], None, m["amt"], m["unit"], {side: number_value(m["amt"])}, label=True)


def _labelled(text: str) -> list[Emit]:
    m = _LABELLED.match(text) or _LABELLED_AFTER.match(text)
    if m is None:
        return []
    per = (m["per"] or "").casefold()
    if per and (is_action_noun(singular(m["np"].split()[-1].casefold())) or _PERSON.fullmatch(per)):
        return []  # "refunds per member: 2 max": a count of calls per person, no argument
    high = number_value(m["amt"])
    if m.groupdict().get("low") is not None:
        low = number_value(m["low"])
        if low > high:
            return []  # an empty range states no bound
        limits: dict[str, object] = {"min": low, "max": high}
    else:
        limits = {"max" if m["most"] else "min": high}
    return _emit(m["np"], None, m["amt"], m["unit"], limits, label=True)


def _ranged(text: str) -> list[Emit]:
    m = _RANGE.match(text)
    if m is None:
        return []
    low, high = number_value(m["low"]), number_value(m["amt"])
    if low > high:
        return []  # an empty range states no bound
    return _emit(m["np"], None, m["amt"], m["unit"], {"min": low, "max": high})


def _worth(text: str) -> list[Emit]:
    m = _WORTH.match(text)
    if m is None:
        return []
    side = "max" if m["most"] else "min"
    return _emit(m["np"], None, m["amt"], m["unit"], {side: number_value(m["amt"])})


def _up_to_done(text: str) -> list[Emit]:
    m = _UP_TO_DONE.match(text)
    if m is None:
        return []
    side = "max" if m["most"] else "min"
    return _emit(m["np"], m["verb"], m["amt"], m["unit"], {side: number_value(m["amt"])})


def _allowed_up_to(text: str) -> list[Emit]:
    m = _ALLOWED_UP_TO.match(text)
    if m is None:
        return []
    return _emit(m["np"], None, m["amt"], m["unit"], {"max": number_value(m["amt"])})


def _or_beyond(text: str) -> list[Emit]:
    """ "30 kg or more are not accepted": below it (a count one less, a measure as said)."""
    m = _OR_BEYOND.match(text)
    if m is None:
        return []
    bound = number_value(m["amt"])
    step = 1 if _counted(m["amt"], m["unit"]) else 0
    limits = {"max": bound - step} if m["more"] else {"min": bound + step}
    return _emit(m["np"], m["verb"], m["amt"], m["unit"], dict(limits))


def _as_what(text: str) -> list[Emit]:
    m = _AS_WHAT.match(text)
    if m is None or lemma(m["verb"].casefold()) not in IMPERATIVE_VERBS:
        return []
    side = "max" if m["most"] else "min"
    return _emit(m["np"], m["verb"], m["amt"], m["unit"], {side: number_value(m["amt"])})


def _emit(
    np: str,
    verb: str | None,
    amount: str,
    unit: str | None,
    limits: dict[str, object],
    label: bool = False,
) -> list[Emit]:
    """The bound on the argument the noun phrase (and unit) name: through `noun_bounds`'
    reading of a bounded noun phrase; a setting line's label that names no action is the
    argument itself, on every tool taking it."""
    from specgap.extract.noun_bounds import action_and_facet

    words = " ".join(re.split(r"[\s_-]+", np.casefold())) if label else np.casefold()
    if not words or words.split()[-1] in _NOT_NOUNS:
        return []
    found = action_and_facet(words, verb, amount, unit or "")
    if found is None and label:
        found = (ANY_TOOL, words)  # "max guests: 4": the argument `guests`
    if found is None:
        return []
    params: dict[str, object] = {"facet": found[1], **limits}
    if found[0] == ANY_TOOL:
        params["set_by_call"] = True  # passed by the calls that set it, not the reads
    return [Emit("arg_within_bound", found[0], params, 0.7)]


def _counted(amount: str, unit: str | None) -> bool:
    """A whole count of things ("5 nights", "8 guests"): "under 5" is at most 4. A sum of
    money or a measure ("30 kg", "60 minutes") has no next value."""
    said = (unit or "").casefold()
    if _MONEY.search(amount) or _MONEY.search(said) or said in _MEASURES or not said:
        return False
    return counted(amount, unit) and isinstance(number_value(amount), int)  # (`operators.measures`)

"""Bounds on an action's quantity stated in other words than "at most": "refunds may not
exceed $500", "the refund amount must not be more than 500 dollars", "never refund more than
$500", "the maximum refund is $500", "a rental must be at least 1 day".

The bounded noun phrase names the action by an action noun (`refund`, `extension`) and the
argument by what follows it (`refund amount`) or, failing that, by the unit (`$500`: the
amount; `30 days`: the days). The rule is `arg_within_bound` on the action's argument; the
argument is resolved against the tool's parameters at compile time, and a phrase no parameter
answers to is reported there. A bound per something else ("$20 per day") is a rate, not a
fixed bound, and is left to the rest of the grammar (which says so).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.grammar_words import DET
from specgap.extract.pattern_base import is_action_noun, lemma, singular
from specgap.extract.procedures import verb_of

_AMOUNT = (
    r"(?P<amt>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?)\s*(?P<unit>%|percent|dollars?|"
    r"euros?|pounds?|usd|eur|gbp|(?:calendar\s+|business\s+)?days?|hours?|nights?|weeks?|"
    r"months?|years?|minutes?|items?|units?|passengers?|people|persons?|seats?)?"
    r"(?!\s*(?:per|a|an|each|every)\b)(?!\s*/)"
)
_NP = r"(?:the\s+|a\s+|an\s+|any\s+|each\s+|every\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
_MORE = r"(?:more|greater|higher|larger|bigger)\s+than"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:may|must|should|shall|can|will)?\s*(?:not|never)\s+"
            r"(?:exceed|be\s+" + _MORE + r"|go\s+(?:over|above)|surpass)\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:cannot|can't|mustn't|shouldn't)\s+(?:exceed|be\s+" + _MORE
            + r")\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"^\W*(?:the\s+)?(?:maximum|max|largest|highest)\s+" + _NP
            + r"\s+(?:(?:allowed|permitted)\s+)?(?:is|are)\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"^\W*(?:the\s+)?(?:minimum|min|smallest|lowest)\s+" + _NP
            + r"\s+(?:(?:allowed|permitted)\s+)?(?:is|are)\s+" + _AMOUNT,
            re.I,
        ),
        "min",
    ),
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:must|should|shall|can|may)\s+(?:only\s+)?be\s+"
            r"(?:at\s+most|no\s+more\s+than|up\s+to|capped\s+at|limited\s+to)\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:must|should|shall)\s+be\s+(?:at\s+least|no\s+less\s+than|"
            r"no\s+fewer\s+than)\s+" + _AMOUNT,
            re.I,
        ),
        "min",
    ),
    (
        re.compile(
            r"\b(?:never|do\s+not|don't|must\s+not|cannot|can't|may\s+not|should\s+not)\s+"
            r"(?P<verb>[a-z]+)\s+(?:(?:a|an|the|any)\s+)?(?:(?P<np>[a-z][\w-]*)\s+)?(?:of\s+)?"
            + _MORE + r"\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
)  # fmt: skip
_MONEY = re.compile(r"^[$€£]|dollar|euro|pound|usd|eur|gbp", re.I)


def amount_bounds(text: str) -> list[Emit]:
    """The `arg_within_bound` a sentence states in one of the forms above, or none."""
    for pattern, side in _FORMS:
        m = pattern.search(text)
        if m is None:
            continue
        found = _action_and_facet(m)
        if found is None:
            return []
        action, facet = found
        value = float(m["amt"].lstrip("$€£ ").replace(",", ""))
        bound = int(value) if value.is_integer() else value
        return [Emit("arg_within_bound", action, {"facet": facet, side: bound}, 0.7)]
    return []


def _action_and_facet(m: re.Match[str]) -> tuple[str, str] | None:
    unit = (m["unit"] or "").casefold()
    by_unit = "amount" if _MONEY.search(m["amt"] + " " + unit) else _plural(unit) or None
    verb = m.groupdict().get("verb")
    np = DET.sub("", m["np"] or "").casefold().split()
    if verb is not None:  # "never refund more than $500", "do not issue a refund of more than"
        base = lemma(verb)
        if np and is_action_noun(np[0]):
            return f"{base} {np[0]}", by_unit or "amount"
        return (base, by_unit) if by_unit and not np else None
    for i, word in enumerate(np):
        noun = singular(word)
        named = lemma(noun) if is_action_noun(noun) else verb_of(noun)
        if named is None or (named == noun and not is_action_noun(noun)):
            continue
        rest = np[i + 1 :]
        facet = " ".join(rest) if rest else by_unit
        action = " ".join([named, *np[:i]])  # "rental extension": extend rental
        return (action, facet) if facet else None
    return None


def _plural(unit: str) -> str:
    unit = unit.split()[-1] if unit else ""
    if not unit or unit in {"%", "percent"}:
        return unit and "percent"
    return unit if unit.endswith("s") else unit + "s"

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
from dataclasses import replace

from specgap.extract.bound_topics import on_topic, permitted, topic_lead, without_per_call
from specgap.extract.grammar import Quantity
from specgap.extract.grammar_rules import Emit, Gap
from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS
from specgap.extract.noun_bounds import (
    noun_bounds,
    trailing_condition,
    unbound_lead,
    without_measure,
)
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, singular
from specgap.extract.procedures import verb_of

# a number, never the hour of a time of day ("14:00")
_NUMBER = r"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?)(?![\d,.]*\d)(?!:\d)"
_UNIT = (
    r"(?:%|percent|dollars?|euros?|pounds?|usd|eur|gbp|(?:calendar\s+|business\s+)?days?|"
    r"hours?|nights?|weeks?|months?|years?|minutes?|items?|units?|passengers?|people|persons?|"
    r"seats?|degrees?|mg|milligrams?|g|grams?|kg|kilograms?|ml|millilitres?|milliliters?|"
    r"l|litres?|liters?|km|kilometres?|kilometers?|miles?|gb|mb|tb|kwh|lbs?|ounces?|oz)"
)
# a bound, not a rate ("$20 per day") nor a count of something else ("20 characters")
_AMOUNT = (
    r"(?P<amt>" + _NUMBER + r")(?:\s*(?P<unit>" + _UNIT + r")(?![a-z]))?"
    r"(?!\s*(?:per|a|an|each|every)\b)(?!\s*/)(?![ \t]+[a-z])"
)
_LOW = r"(?P<low>" + _NUMBER + r")(?:\s*" + _UNIT + r"(?![a-z]))?"
_NP = r"(?:the\s+|a\s+|an\s+|any\s+|each\s+|every\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
_MORE = r"(?:(?:more|greater|higher|larger|bigger|longer|later)\s+than|above|over)"
_LESS = r"(?:(?:less|fewer|lower|smaller|shorter|earlier)\s+than|below|under)"
# a tool named in brackets after the bounded noun: "Refunds (`issue_refund`) are ..."
_NAMED = r"(?:\s*\(\s*`?(?P<pid>[A-Za-z][\w.-]*)`?\s*\))?"
# the verb after a negation ("never refund more than $500"); never a preposition or a
# comparison ("credits are never for more than $80")
_VERB = r"(?P<verb>(?!(?:for|to|with|on|in|at|by|of|more|less|over|under|above|below)\b)[a-z]+)"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        # "credits are never for more than $80", "refunds (`issue_refund`) are not over $300"
        re.compile(
            r"^\W*" + _NP + _NAMED + r"\s+(?:is|are)\s+(?:not|never)\s+(?:(?:for|of|worth)\s+)?"
            + _MORE + r"\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:may|must|should|shall|can|will)?\s*(?:not|never)\s+"
            r"(?:exceed|be\s+" + _MORE + r"|go\s+(?:over|above|beyond)|rise\s+above|surpass)\s+"
            + _AMOUNT,
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
            r"^\W*" + _NP + r"\s+(?:may|must|should|shall|can|will)?\s*(?:not|never)\s+be\s+"
            r"(?:" + _LESS + r")\s+" + _AMOUNT,
            re.I,
        ),
        "min",
    ),
    (
        re.compile(
            r"^\W*" + _NP + r"\s+(?:must|should|shall|has\s+to|have\s+to)\s+(?:always\s+)?be\s+"
            r"between\s+" + _LOW + r"\s+and\s+" + _AMOUNT,
            re.I,
        ),
        "between",
    ),
    (
        re.compile(
            r"\b(?:never|do\s+not|don't|must\s+not|cannot|can't|may\s+not|should\s+not)\s+"
            + _VERB
            + r"\s+"
            r"(?:(?:a|an|the|any)\s+)?(?P<np>(?!(?:for|to|with|on|in|at|by)\b)"
            r"[a-z][\w-]*)\s+(?:of\s+|to\s+)?"
            r"(?:" + _MORE + r")\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
    (
        re.compile(
            r"\b(?:never|do\s+not|don't|must\s+not|cannot|can't|may\s+not|should\s+not)\s+"
            + _VERB
            + r"\s+"
            r"(?:(?:a|an|the|any)\s+)?(?:(?P<np>(?!(?:for|to|with|on|in|at|by)\b)"
            r"[a-z][\w-]*)\s+)?(?:of\s+|for\s+)?"
            + r"(?:" + _MORE + r")\s+" + _AMOUNT,
            re.I,
        ),
        "max",
    ),
)  # fmt: skip
# "$200 or less", "10 pallets or fewer", "4 hours or more": the bound after the amount
_OR_LESS = r"\s+or\s+(?:less|fewer|lower|under|below|smaller)\b"
_OR_MORE = r"\s+or\s+(?:more|greater|higher|above|over|longer)\b"
_BOUNDED = _AMOUNT.removesuffix(r"(?![ \t]+[a-z])")  # "or less" may follow
_COUNTED = r"(?P<amt>\d[\d,]*)\s+(?P<unit>[a-z][\w-]*s)"  # a count of things: "10 pallets"
_HAS = (
    r"\s+(?:must|should|shall|can|may|has\s+to|have\s+to)\s+(?:only\s+)?(?:be|have|contain|"
    r"include|carry|hold|weigh|last|take|span|cover)\s+"
)
_FORMS += (
    (re.compile(r"^\W*" + _NP + _HAS + _BOUNDED + _OR_LESS, re.I),
     "max"),
    (re.compile(r"^\W*" + _NP + _HAS + _BOUNDED + _OR_MORE, re.I),
     "min"),
    (re.compile(r"^\W*" + _NP + _HAS + _COUNTED + _OR_LESS, re.I), "max"),
    (re.compile(r"^\W*" + _NP + _HAS + _COUNTED + _OR_MORE, re.I), "min"),
)  # fmt: skip
# "credit at most $50", "you may book a dock for up to 4 hours", "book between 1 and 4 hours":
# an imperative's own bound, said in money or a unit (a bare number is a count, read elsewhere)
_OBJ = r"(?:(?:an?\s+|the\s+)?(?P<np>[a-z][\w-]*)\s+(?:for|of|with|by)\s+)?"
_LEAD_IN = (
    r"^\W*(?:(?:you|the\s+agent)\s+(?:may|can|should|must)\s+)?(?:only\s+)?(?P<verb>[a-z]+)\s+"
)
_IMPERATIVES = (
    (re.compile(_LEAD_IN + _OBJ + r"(?:at\s+most|up\s+to|no\s+more\s+than|a\s+maximum\s+of)\s+"
                + _AMOUNT, re.I), "max"),
    (re.compile(_LEAD_IN + _OBJ + r"(?:at\s+least|no\s+less\s+than|a\s+minimum\s+of)\s+"
                + _AMOUNT, re.I), "min"),
    (re.compile(_LEAD_IN + _OBJ + r"between\s+" + _LOW + r"\s+and\s+" + _AMOUNT, re.I), "between"),
    (re.compile(r"^\W*" + _NP + r"\s+(?:is|are)\s+(?:always\s+)?(?:capped|limited)\s+(?:at|to)\s+"
                r"(?:a\s+maximum\s+of\s+)?" + _AMOUNT, re.I), "max"),
)  # fmt: skip
_BY_VERB = frozenset(p for p, _ in _IMPERATIVES[:3])  # the imperative's verb names the action
_MONEY = re.compile(r"^[$€£]|dollar|euro|pound|usd|eur|gbp", re.I)


# "only call `issue_credit` with an amount of at most $100": the tool is named, the
# argument follows `with`
_CALL_WITH = re.compile(
    r"\b(?:call|use|invoke|run)\s+(?:the\s+)?(?P<tool>`[^`]+`|(?>[A-Za-z][A-Za-z0-9]*(?:[_.][\w-]+)+))"
    r"(?:\s+(?:tool|function))?\s+(?:only\s+)?with\s+(?:an?\s+|the\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:of\s+)?(?P<bound>at\s+most|up\s+to|no\s+more\s+than|not\s+"
    r"(?:exceeding|above|over)|at\s+least|no\s+less\s+than)\s+" + _AMOUNT,
    re.I,
)


def amount_bounds(text: str) -> list[Emit]:
    """The `arg_within_bound` a sentence states in one of the forms above or on a noun
    (`noun_bounds`), or none. A leading qualifier no entity binds ("for new customers,
    refunds may not exceed $50") is kept as the bound's condition: reviewed, never a flat
    bound."""
    text = without_measure(text)  # "... on one ticket": one call's, no condition
    text = permitted(text) or text  # "agents are authorized to apply ...": the imperative
    text = without_per_call(text)  # "at most $200 per refund": per call, a fixed bound
    topic = topic_lead(text)
    if topic is not None:  # "for refunds, the amount ...": the refund's amount only
        on = amount_bounds(topic[0])
        if on:
            return on_topic(on, topic[1])
    lead = unbound_lead(text)
    condition: str | None = None
    if lead is not None and lead[1] is not None and lead[1].split()[0].casefold() != "for":
        text, condition = lead  # "when the booking is unpaid, ...": never read without it
        lead = None
    found = _bounds(text) or noun_bounds(text)
    elided = _ELIDED.match(text) if not found else None
    if elided is not None:  # "refunds are only for X, and never for more than $300"
        found = _bounds(f"{elided['subject']} {elided['be']} never {elided['bound']}")
    if not found and (moved := _holder_to_label(text)) is not None:
        found = noun_bounds(moved)  # "Guests: at most 6 per booking": guests per booking
    if not found and lead is not None:
        text, condition = lead  # "for refunds, ...": the topic, no condition
        found = _bounds(text) or noun_bounds(text)
    tail = trailing_condition(text)
    untailed = (_bounds(tail[0]) or noun_bounds(tail[0])) if tail is not None else []
    if tail is not None and (found or untailed):
        # "... not allowed for first-time guests": the bound holds for them only
        found = untailed or found
        condition = f"{condition}; {tail[1]}" if condition else tail[1]
    found = [_plain(e) for e in found]
    return [replace(e, condition=condition) for e in found] if condition else found


# "Refunds (`issue_refund`) are only for cancelled stays, and never for more than $300": the
# second clause's subject is the first's
_ELIDED = re.compile(
    r"^(?P<subject>\W*(?:the\s+|a\s+|an\s+|any\s+|each\s+|every\s+)?[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?(?:\s*\([^()]{1,60}\))?)\s+(?P<be>is|are)\s+[^,;]+?,\s+"
    r"(?:and|but)\s+(?:never|not)\s+(?P<bound>(?:(?:for|of)\s+)?" + _MORE + r"\s+.+)$",
    re.I,
)


# "Guests: at most 6 per booking": the holder said after the number, as the label's own
_HOLDER_AFTER = re.compile(
    r"^(?P<label>\W*[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*:\s*(?P<bound>(?:at\s+most|at\s+least|"
    r"no\s+more\s+than|no\s+fewer\s+than|no\s+less\s+than|not\s+more\s+than|up\s+to)\s+"
    r"\d+(?:\.\d+)?)\s+(?P<per>per\s+[a-z][\w-]*)\s*[.!]?\s*$",
    re.I,
)


def _holder_to_label(text: str) -> str | None:
    """ "Guests: at most 6 per booking" said as "Guests per booking: at most 6", or None."""
    m = _HOLDER_AFTER.match(text)
    return None if m is None else f"{m['label']} {m['per']}: {m['bound']}."


# "the number of nights": the nights; "stays at the kennel nights": where, no argument's word
_COUNT_OF = re.compile(
    r"^(?:the\s+)?(?:total\s+)?(?:number|count|quantity)\s+of\s+(?:the\s+)?", re.I
)
_WHERE = re.compile(r"\s+(?:at|in|on)\s+(?:(?:the|a|an)\s+)?[a-z][\w-]*(?=\s)", re.I)


def _plain(emit: Emit) -> Emit:
    """The bound with its facet in the words an argument is named by."""
    facet = emit.params.get("facet")
    if not isinstance(facet, str):
        return emit
    plain = _WHERE.sub("", _COUNT_OF.sub("", facet)).strip()
    if not plain or plain == facet:
        return emit
    return replace(emit, params={**emit.params, "facet": plain})


def _bounds(text: str) -> list[Emit]:
    called = _CALL_WITH.search(text)
    if called is not None:
        side = "min" if called["bound"].casefold().startswith(("at least", "no less")) else "max"
        bound = {"facet": called["np"].casefold(), side: _number(called["amt"])}
        return [Emit("arg_within_bound", called["tool"].strip("`"), bound, 0.7)]
    for pattern, side in (*_IMPERATIVES, *_FORMS):
        m = pattern.search(text)
        if m is None:
            continue
        found = _imperative(m) if pattern in _BY_VERB else _action_and_facet(m)
        if found is None:
            return []
        action, facet = found
        action = m.groupdict().get("pid") or action  # the tool the brackets name
        params: dict[str, object] = {"facet": facet}
        if side == "between":
            params.update(min=_number(m["low"]), max=_number(m["amt"]))
        else:
            params[side] = _number(m["amt"])
        return [Emit("arg_within_bound", action, params, 0.7)]
    return []


def _number(text: str) -> int | float:
    value = float(text.lstrip("$€£ ").replace(",", ""))
    return int(value) if value.is_integer() else value


def _imperative(m: re.Match[str]) -> tuple[str, str] | None:
    """(the action, the argument) of "credit at most $50", "book a dock for up to 4 hours":
    the unit names the argument (`amount` for money); no unit, no bound of an argument."""
    verb = lemma(m["verb"].casefold())
    unit = (m["unit"] or "").casefold()
    facet = "amount" if _MONEY.search(m["amt"] + " " + unit) else _plural(unit)
    np = (m["np"] or "").casefold()
    if verb not in IMPERATIVE_VERBS or not facet or (facet == "percent" and not np):
        return None  # "apply discounts of up to 15%": the share of what is named
    return (f"{verb} {np}".strip(), facet)


def _action_and_facet(m: re.Match[str]) -> tuple[str, str] | None:
    unit = (m["unit"] or "").casefold()
    by_unit = "amount" if _MONEY.search(m["amt"] + " " + unit) else _plural(unit) or None
    verb = m.groupdict().get("verb")
    np = DET.sub("", m["np"] or "").casefold().split()
    if verb is not None:  # "never refund more than $500", "do not issue a refund of more than"
        base = lemma(verb)
        if base in {"be", "is", "are", "was", "were", "been"}:
            return None  # "must be ... never more than $N": a copula names no action
        if np and is_action_noun(np[0]):
            return f"{base} {np[0]}", by_unit or "amount"
        if len(np) == 1 and by_unit == "amount" and singular(np[0]) in IMPERATIVE_VERBS:
            # "never issue credits of more than $200": the sum of each credit, not `credits`
            return f"{base} {np[0]}", "amount"
        counted = bool(np) and singular(np[-1]) != np[-1]  # "invoices": things acted on
        if np and by_unit and base not in _SETTING and (by_unit != "amount" or counted):
            # "never book a stay longer than 14 nights", "never pay invoices of more than
            # $900": the object is what is acted on, the unit names the argument measured
            return f"{base} {' '.join(np)}", by_unit
        if np:  # "never set the temperature above 30 degrees": the argument is the object
            return f"{base} {' '.join(np)}", " ".join(np)
        return (base, by_unit) if by_unit else None
    # the head first: "parking extensions" are extensions (of parking), not parking
    for i in [len(np) - 1, *range(len(np) - 1)] if np else []:
        word = np[i]
        noun = singular(word)
        # the subject of a bound is a thing made ("shipments must have 10 pallets or fewer")
        named = lemma(noun) if is_action_noun(noun) else verb_of(noun, results=False)
        if named is None or (named == noun and not is_action_noun(noun)):
            continue
        rest = np[i + 1 :]
        facet = " ".join(rest) if rest else by_unit
        action = " ".join([named, *np[:i]])  # "rental extension": extend rental
        return (action, facet) if facet else None
    if len(np) == 1 and by_unit in {"amount", "percent"} and singular(np[0]) in IMPERATIVE_VERBS:
        # "credits may not exceed $200": a sum of money said by the verb's own noun (`credit`,
        # `deposit`) is the amount of that action, not an argument named `credits`; a share
        # ("discounts must not exceed 15%") is its percent
        return singular(np[0]), by_unit
    if np and np[-1] not in _NOT_ARGUMENT:
        # "the thermostat temperature must be between 16 and 28": no action named, the
        # argument of every tool taking it (the compiler spreads `*`, see `specgap.spread`)
        unit = by_unit if by_unit and by_unit != "amount" else ""
        if np[-1] in _MEASURE_NOUNS:  # "order quantity ... 10 units": the quantity, not units
            unit = ""
        return ANY_TOOL, " ".join([*np, unit]).strip()  # "leave request days": `days`
    return None


_NOT_ARGUMENT = frozenset({"it", "this", "that", "they", "these", "those", "value", "number"})
# verbs whose object is the argument set ("set the temperature above 30 degrees")
_SETTING = frozenset(
    {"set", "raise", "increase", "lower", "decrease", "adjust", "put", "change", "turn"}
)
# nouns that name a measure of the whole: the argument itself, whatever its unit
_MEASURE_NOUNS = frozenset({"quantity", "amount", "size", "total", "length", "duration", "count"})


def _plural(unit: str) -> str:
    unit = unit.split()[-1] if unit else ""
    if not unit or unit in {"%", "percent"}:
        return unit and "percent"
    return unit if unit.endswith("s") else unit + "s"


_MEASURE = re.compile(
    r"^\s*,?\s*(?:for|of|by|with|lasting|weighing|costing|totall?ing)?\s*(?:(?:more|longer|"
    r"greater|heavier|larger|higher)\s+than|over|above|in\s+excess\s+of)\s+(?P<amt>" + _NUMBER
    + r")\s*(?P<unit>" + _UNIT + r")?(?![a-z])(?!\s*(?:per|a|an|each|every)\b)(?!\s*/)",
    re.I,
)  # fmt: skip


def measure_after(rest: str) -> tuple[str, int | float] | None:
    """`for more than 4 hours`, `of over $500` after a banned action: (the argument the unit
    names, the largest allowed value), or None when no unit or sum of money says what is
    measured (a bare number is a count, read elsewhere)."""
    m = _MEASURE.match(rest)
    if m is None:
        return None
    unit = (m["unit"] or "").casefold()
    facet = "amount" if _MONEY.search(m["amt"] + " " + unit) else _plural(unit)
    return (facet, _number(m["amt"])) if facet and facet != "percent" else None


_UNIT_WORD = re.compile(r"^" + _UNIT + r"$", re.I)
_NOT_MEASURES = frozenset({"items", "units", "passengers", "people", "persons", "seats"})


def unit_bound(noun: str, most: float | None, least: float | None) -> dict[str, object] | None:
    """`at most 4 hours`, `no more than 500 kg`: the bound of the argument a unit of measure
    names (`hours`, `kgs`), or None when the noun counts things (`3 refunds`, `2 seats`): a
    measure is an argument's value, never a number of calls."""
    word = noun.strip().casefold()
    if not _UNIT_WORD.match(word) or word in _NOT_MEASURES or (most is None and least is None):
        return None
    params: dict[str, object] = {"facet": _plural(word)}
    if most is not None:
        params["max"] = int(most) if float(most).is_integer() else most
    if least is not None:
        params["min"] = int(least) if float(least).is_integer() else least
    return params


def measured(action: str, q: Quantity) -> list[Emit] | Gap | None:
    """A quantity in a unit of measure ("book at most 4 hours"): the bound of the argument
    the unit names, never a number of calls; per another quantity ("4 hours per day") it is
    a rate, which no fixed bound states (a gap)."""
    bound = unit_bound(q.noun, q.max, q.min)
    if bound is None:
        return None
    if q.per:
        return Gap(
            "bound-not-representable",
            f"at most {q.max:g} {q.noun} per {q.per} is a measure per another quantity; "
            "specgap's bounds are fixed numbers per call",
            "state the fixed limit per call, or enforce the rate in the tool",
        )
    return [Emit("arg_within_bound", action, bound, 0.7)]

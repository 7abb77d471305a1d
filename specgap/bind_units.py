"""Units of measure → the one numeric argument they fit, and times that fit none.

A bound is often said in a unit, not by its argument's name: "the maximum voucher is 75
euros", "never load more than 40 kg", "discounts are capped at 15 percent". The unit names
a kind of quantity (money, a share, a mass, a length of time, a distance, a size of data, a
count of items); the argument is the one **numeric** argument of the tool whose name or
description says that kind (`amount`, `weight_kg`, "Length of the shift in hours"). Exactly
one must fit: two are a tie (`amount` and `fee`), reported, never guessed; none leaves the
rule as it was.

Three readers use this:

- `unit_argument(tool, unit)`: the one numeric argument the unit's kind fits, for
  `specgap.argfit`'s binding by unit (a facet that is a unit word: "euros", "kg"); another
  numeric argument that says no kind at all (`principal`) may be the one measured, so it
  makes a tie too;
- `bound_unit(text, params)`: the unit said with the bound's own number in the sentence
  ("more than 75 euros", "$75", "15%"), for a bound whose phrase is the tool's own object
  ("never issue a voucher of more than 75 euros": the voucher's *amount*) or a noun naming
  one tool ("vouchers may not exceed 75 euros", `unit_noun_copies`);
- `time_condition(text, facet)`: a length of time measured from an event ("up to 24 hours
  before departure", "within 30 days of purchase"). When no argument of the tool holds it,
  it is a condition about time, not a bound on an argument: the rule is kept for review
  with the phrase as its condition, never on an invented argument named `hours`.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.ir import CandidateRule, Diagnostic
from specgap.registry import Registry, Tool
from specgap.resolve.arguments import CAMEL_ID_END
from specgap.resolve.text import words

# a unit word -> its kind
_KIND: dict[str, str] = {}
for _kind, _said in {
    "money": "euro euros eur dollar dollars usd cad aud gbp chf yen cent cents $ € £",
    "percent": "percent percentage pct %",
    "mass": "kg kgs kilo kilos kilogram kilograms g gram grams lb lbs tonne tonnes",
    "distance": "km kms kilometre kilometres kilometer kilometers mile miles metre metres meter "
    "meters",
    "data": "gb mb tb kb gigabytes megabytes terabytes kilobytes",
    "count": "items units pieces",
    "minutes": "minute minutes mins min",
    "hours": "hour hours hrs hr",
    "days": "day days",
    "nights": "night nights",
    "weeks": "week weeks",
    "months": "month months",
    "years": "year years",
    "temperature": "degree degrees celsius fahrenheit",
    "volume": "ul microlitre microlitres microliter microliters ml millilitre millilitres "
    "milliliter milliliters litre litres liter liters",
}.items():
    for _word in _said.split():
        _KIND[_word] = _kind

# the words a numeric argument's name or description says a kind in
_FITS: dict[str, frozenset[str]] = {
    kind: frozenset(said.split())
    for kind, said in {
        "money": "amount price cost total sum fee charge money usd eur gbp dollar dollars euro "
        "euros cents value credit refund",
        "percent": "percent percentage pct rate %",
        "mass": "weight mass kg kgs kilograms kilogram grams gram lbs lb tonnes load payload",
        "distance": "distance km kilometres kilometers miles mile metres meters range depth "
        "height width",
        "data": "size gb mb tb storage disk memory capacity quota megabytes gigabytes",
        "count": "quantity qty count number items units pieces",
        "minutes": "minute minutes mins duration length",
        "hours": "hour hours hrs duration length",
        "days": "day days duration length",
        "nights": "night nights duration length stay",
        "weeks": "week weeks duration length",
        "months": "month months duration length term",
        "years": "year years duration length term",
        "temperature": "temperature temp celsius fahrenheit setpoint degrees",
        "volume": "volume ul ml microlitres millilitres litres liters",
    }.items()
}

TIME_KINDS = frozenset({"minutes", "hours", "days", "nights", "weeks", "months", "years"})


def unit_kind(word: str) -> str | None:
    """The kind of quantity a unit word names ("euros": money), or None."""
    return _KIND.get(word.strip().casefold())


def _kinds_of(name: str, spec: Any) -> set[str]:
    """The kinds of quantity an argument's name and description speak of."""
    described = spec.get("description", "") if isinstance(spec, dict) else ""
    said = f"{name} {described}".replace("_", " ")
    said = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", said).casefold()  # camelCase: `lengthMinutes`
    found = set(re.findall(r"[a-z]+|%", said))
    return {kind for kind, fits in _FITS.items() if found & fits}


def quantity_kinds(phrase: str) -> set[str]:
    """The kinds of quantity a phrase's words speak of ("storage temperature")."""
    found = set(re.findall(r"[a-z]+|%", phrase.casefold()))
    return {kind for kind, fits in _FITS.items() if found & fits}


def unit_argument(tool: Tool, unit: str) -> str | None:
    """The one numeric argument of the tool the unit fits ("euros": `amount`, "kg":
    `weight_kg`), or None: none fits, two do, or another numeric argument says no kind at
    all (it may be the one the unit measures: never a guess between two)."""
    kind = unit_kind(unit)
    if kind is None:
        return None
    fitting, unknown = [], 0
    for name, kinds in _numeric_kinds(tool):
        if kind in kinds:
            fitting.append(name)
        elif not kinds:
            unknown += 1
    return fitting[0] if len(fitting) == 1 and not unknown else None


def _numeric_kinds(tool: Tool) -> list[tuple[str, set[str]]]:
    """Each numeric argument of the tool, with the kinds of quantity its words speak of."""
    props = tool.schema.get("properties")
    if not isinstance(props, dict):
        return []
    return [
        (str(name), _kinds_of(str(name), spec))
        for name, spec in props.items()
        if isinstance(spec, dict) and spec.get("type") in ("number", "integer")
    ]


def unit_fits_any(tool: Tool, unit: str) -> bool:
    """Some numeric argument of the tool speaks of the unit's kind."""
    kind = unit_kind(unit)
    props = tool.schema.get("properties")
    return kind is not None and any(
        isinstance(spec, dict)
        and spec.get("type") in ("number", "integer")
        and kind in _kinds_of(str(name), spec)
        for name, spec in (props.items() if isinstance(props, dict) else ())
    )


_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_AFTER = re.compile(rf"(?P<n>{_NUMBER})\s*(?P<u>%|[A-Za-z]+)\b|(?P<n2>{_NUMBER})\s*%")
_BEFORE = re.compile(rf"(?P<u>[$€£])\s?(?P<n>{_NUMBER})")


def bound_unit(text: str, params: dict[str, Any]) -> str | None:
    """The unit word said with the bound's own number ("more than 75 euros": `euros`,
    "$75": `$`), or None when the number is bare, said twice in other units, or not found."""
    wanted = {float(v) for k in ("max", "min") if isinstance(v := params.get(k), int | float)}
    if not wanted:
        return None
    found: set[str] = set()
    for match in _BEFORE.finditer(text):
        if _value(match["n"]) in wanted:
            found.add(match["u"])
    for match in _AFTER.finditer(text):
        number = match["n"] or match["n2"]
        unit = "%" if match["n2"] else match["u"].casefold()
        if _value(number) in wanted and unit_kind(unit) is not None:
            found.add(unit)
    kinds = {unit_kind(u) for u in found}
    return next(iter(found)) if len(kinds) == 1 else None


def _value(number: str) -> float | None:
    try:
        return float(number.replace(",", ""))
    except ValueError:
        return None


def own_object(tool_id: str, facet: str) -> bool:
    """The phrase is what the tool's own name acts on ("voucher" of `issueVoucher`, "the
    refund" of `refund_deposit`): a bound on it is on its measure, said by the unit."""
    said = words(facet)
    own = set(words(tool_id.rsplit(".", 1)[-1]))
    return bool(said) and set(said) <= own


def unit_noun_copies(
    rule: CandidateRule,
    registry: Registry,
    spread: list[CandidateRule] = (),  # type: ignore[assignment]
) -> list[CandidateRule]:
    """A bound over every tool on a noun no numeric argument answers to, said in a unit
    ("vouchers may not exceed 75 euros"; `spread`: the copies on the arguments the noun
    names, `voucherId` at most): put on the one writing tool whose id says the noun, the
    one that gives the thing when several act on it (`issueVoucher`), with the unit as its
    facet, so that `specgap.argfit` binds it to the one numeric argument the unit fits (or
    keeps it for review). [] otherwise: no unit, a noun of several words, a numeric
    argument named by the noun, or no or several tools named by it."""
    facet = rule.params.get("facet")
    if rule.operator != "arg_within_bound" or rule.target != "*" or not isinstance(facet, str):
        return []
    if any(_numeric(registry, copy) for copy in spread):
        return []  # "pieces may not exceed 12": the argument the noun names
    said = words(facet)
    unit = bound_unit(rule.text, rule.params)
    if len(said) != 1 or unit is None or unit_kind(facet) is not None:
        return []
    from specgap.argfit import reads_only

    named = [
        t
        for t in registry.tools
        if not t.hook and not reads_only(t) and said[0] in words(t.id.rsplit(".", 1)[-1])
    ]
    if len(named) > 1:  # "vouchers": the one tool that gives them (`issueVoucher`, not
        named = [t for t in named if _gives(t.id)]  # `redeemVoucher` nor `voidVoucher`)
    if len(named) != 1:
        return []
    params = {k: v for k, v in rule.params.items() if k not in {"holder", "set_by_call"}}
    params["facet"] = unit
    return [
        rule.model_copy(update={"target": named[0].id, "params": params, "grounding": "partial"})
    ]


# the words of a rule (a statement of what something holds or costs has none of them)
_RULED = re.compile(
    r"\b(?:must|shall|should|may|can|cannot|never|not|no|only|exceed|exceeds|at\s+(?:most|"
    r"least)|max|maximum|min|minimum|limit|limited|cap|capped|between|allowed|permitted)\b",
    re.I,
)


# what a thing holds, weighs or costs: a range beside it is a fact, not a rule
_HOLDS = re.compile(
    r"\b(?:holds?|contains?|fits?|carr(?:y|ies)|weighs?|costs?|measures?|lasts?|takes?)\b", re.I
)
_RANGE = re.compile(r"\d\s*(?:-|\u2013|\u2014|to)\s*\d")


def _ruled(text: str) -> bool:
    """A word of a rule, or a terse line's range ("Rental length 1-7 days") with no verb of
    what a thing holds."""
    return bool(_RULED.search(text) or (_RANGE.search(text) and not _HOLDS.search(text)))


def unit_tool_copies(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """A bound over every tool whose facet is its unit, or names no argument while the
    bound's number is said in a unit ("Dry ice in a shipment shall not exceed 20 kg", "each
    aliquot shall hold between 10 and 500 microlitres", "Rental length 1-7 days": no
    argument and no tool named): put on the one numeric argument, of all the tools, that
    the unit's kind fits and whose name shares a word with the sentence other than the
    unit's (`dry_ice_kg` of "dry ice", `depth_m` of "dig depth" beside `length_m`), or that
    is the one such argument of a tool whose id shares one (`samples.aliquot` of "aliquot",
    `ReserveRentalKit.days` of "rental"). The unit alone never decides: "dig depth ... 3
    metres" is no bound on a meter reading said in cubic metres. Only in a sentence with a
    word of a rule, or a terse line's range with no verb of holding: "Our lockers hold up to
    60 litres" says what a thing holds. [] otherwise: no unit, none, or a tie (left to the
    unknown-argument note, never a guess)."""
    facet = rule.params.get("facet")
    if rule.operator != "arg_within_bound" or rule.target != "*" or not isinstance(facet, str):
        return []
    unit = facet if unit_kind(facet) is not None else bound_unit(rule.text, rule.params)
    kind = unit_kind(unit) if unit is not None else None
    if kind is None or not _ruled(rule.text):
        return []  # "Our lockers hold up to 60 litres": what a thing holds, no rule
    said_as = [w for w, k in _KIND.items() if k == kind]
    unit_words = set(said_as) | set(words(" ".join(said_as)))  # the stems too: `minut`
    said = {w for w in words(rule.text) if w not in unit_words and len(w) > 2}
    fits: list[tuple[Tool, str]] = []
    for tool in registry.tools:
        if tool.hook:
            continue
        own = [name for name, kinds in _numeric_kinds(tool) if kind in kinds]
        named = [a for a in own if said & set(words(a)) - unit_words]  # "dig depth": `depth_m`
        if not named and len(own) == 1 and said & set(words(tool.id)) - unit_words:
            named = own  # "each aliquot ...": the one such argument of `samples.aliquot`
        fits.extend((tool, a) for a in named)
    if len(fits) != 1:
        return []
    params = {k: v for k, v in rule.params.items() if k not in {"holder", "set_by_call"}}
    params["facet"] = fits[0][1]
    return [
        rule.model_copy(update={"target": fits[0][0].id, "params": params, "grounding": "partial"})
    ]


def _numeric(registry: Registry, copy: CandidateRule) -> bool:
    """The copy's argument holds a number in its tool's schema."""
    tool = registry.by_id.get(str(copy.target))
    props = tool.schema.get("properties") if tool is not None else None
    spec = props.get(str(copy.params.get("facet"))) if isinstance(props, dict) else None
    return isinstance(spec, dict) and spec.get("type") in ("number", "integer")


def _gives(tool_id: str) -> bool:
    """The tool's name leads with a verb that makes, pays or sends a thing (issue, book,
    create, pay, refund), never one that reads, changes or removes one."""
    from specgap.resolve.lexicon import classes_of, verb_key

    said = words(tool_id.rsplit(".", 1)[-1])
    verbs = [w for w in said if classes_of(verb_key(w))]
    return bool(verbs) and classes_of(verb_key(verbs[0])) <= _GIVING


_GIVING = frozenset({"create", "pay", "send", "deliver"})


_TIME_UNIT = r"(?:minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)"
_TIMED = re.compile(
    rf"(?:\b(?:up\s+to|at\s+least|at\s+most|no\s+(?:later|earlier|less|more|sooner)\s+than|"
    rf"less\s+than|more\s+than|fewer\s+than|within|under|over|until|till)\s+)?"
    rf"\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|ten|twelve|fourteen|thirty)\s*"
    rf"{_TIME_UNIT}\s+"
    r"(?:before|after|prior\s+to|ahead\s+of|in\s+advance(?:\s+of)?|of|from|since|following|"
    r"preceding|past)\b[^.;:!?]*",
    re.I,
)


def time_condition(text: str, facet: str) -> str | None:
    """The phrase of a length of time measured from an event ("up to 24 hours before
    departure") when the facet is that time's unit, or None."""
    if unit_kind(facet) not in TIME_KINDS:
        return None
    match = _TIMED.search(text)
    return match.group(0).strip().rstrip(",") if match else None


def timed_rule(
    rule: CandidateRule, tool_id: str, phrase: str, diagnostics: list[Diagnostic]
) -> tuple[CandidateRule, dict[str, Any]]:
    """The rule read as what it is, a condition about time on the tool's calls: a ban of
    them outside the time the sentence allows, `review_only` (its condition is not bound),
    with a located note; never a bound on an argument the tool does not take."""
    diagnostics.append(
        Diagnostic(
            code="condition-not-bound",
            message=f"`{phrase}` is a time measured from an event, which no argument of "
            f"`{tool_id}` holds: a condition about time, not a bound on an argument; the rule "
            "is kept for review",
            severity="note",
            span=rule.span,
            help="give the tool an argument holding that time, or check it in review",
        )
    )
    condition = f"unless {phrase}"
    if rule.condition and rule.condition.casefold() not in phrase.casefold():
        condition = f"{rule.condition}; {condition}"  # a condition read before: kept too
    return rule.model_copy(update={"operator": "deny_action", "condition": condition}), {}


# an identifier argument in camelCase (`voucherId`, `bookingID`, `cardToken`): no number
def camel_identifier(arg: str) -> bool:
    """The argument's camelCase name ends with an identifier's word."""
    return bool(CAMEL_ID_END.search(arg))


def bind_unit_of(
    rule: CandidateRule,
    tool: Tool,
    facet: str,
    params: dict[str, Any],
    diagnostics: list[Diagnostic],
) -> tuple[CandidateRule, dict[str, Any]] | None:
    """A bound whose phrase names no argument of the tool (`specgap.argfit`), read by its
    unit: on the tool's own object ("a voucher of more than 75 euros"), the one numeric
    argument the unit fits, the bound in that argument's unit; a time measured from an
    event that no argument holds ("up to 24 hours before departure"), a condition about time
    kept for review (`timed_rule`). None otherwise."""
    unit = bound_unit(rule.text, params) if own_object(tool.id, facet) else None
    found = unit_argument(tool, unit) if unit is not None else None
    if found is not None and unit is not None:
        from specgap.argunits import in_argument_units, on_argument

        props = tool.schema.get("properties")
        spec = props.get(found) if isinstance(props, dict) else None
        fitted = in_argument_units(unit, rule.text, found, spec or {}, params)
        return rule, on_argument(fitted, found)
    phrase = time_condition(rule.text, facet)
    if phrase is not None and not unit_fits_any(tool, facet):
        return timed_rule(rule, tool.id, phrase, diagnostics)
    return None

"""A ban's condition that is an argument of the banned call itself (session 13, `hcarg`).

A ban the grammar read with a condition it could not bind ("Never refund a customer in
cash", "Do not print jobs over 200 pages", "whose unit price exceeds 400") is kept
`review_only` with a `condition-not-bound` note. Once the rule's tool is known, its schema
often says what the condition is about: a value one of its arguments lists (`refund_method`:
card, store_credit, cash), or a quantity one of its numeric arguments holds (`pageCount`,
`unit_price`). Then the ban is compiled exactly:

- **a value**: every word of the condition that is not a value is a function word, a verb
  of being or having, or a word of the tool's or its arguments' names (or the argument's
  description); the values are listed by exactly one argument (`enum`), spelt as the schema
  spells them ("e-bike", "store credit" -> `e_bike`, `store_credit`): `deny_action` on that
  argument with those values. Two arguments listing the value with nothing naming one of
  them: a located note names both, the rule stays reviewed.
- **a comparison** ("more than / over / above / exceeding / heavier than N [unit]", or "less
  than / under / below N"): the numeric argument the unit names (a word of the argument's
  name, `volume_m3`, `pageCount`; or the unit's kind, `bind_units.unit_argument`), or a noun
  of the condition, or the noun the condition follows ("a crew of more than 6 movers"),
  names: `arg_within_bound` with `max N` ("more than N" is banned, so N is still allowed,
  as the bound readers read "no more than N"); `min N` for "less than N". "N or more" on an
  integer is `max N-1`, on a number it is not read (no strict bound states it).
- a state test the grammar read from the condition ("If the part kind is motor, then do not
  order the part": entity `part`, field `kind`, denied `motor`) whose field (or entity) names
  an argument of the call that lists every denied value is that argument's `deny_action`:
  the call carries the value, no output needs reading (an argument of the call first).

Never stronger: a condition with a negation or an exception ("unless", "except", "only"),
a word none of the above ("who paid in cash", "the member owes more than 100 euros"), a
value of a second argument, or a value the rest of the sentence names on the act itself
("reserve a phone booth if it is needed for more than 2 hours": the bound holds for booths
alone), stays as it was, with its note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from specgap.argunits import in_argument_units
from specgap.bind_units import _kinds_of, unit_argument, unit_kind
from specgap.extract.described_values import schema_listed
from specgap.extract.supply16 import SUPPLY_VERBS
from specgap.extract.within6_respell import plain
from specgap.ir import Candidate, Diagnostic, Resolution, ResolvedRule
from specgap.registry import Registry, Tool
from specgap.required16 import required_argument, without_noun
from specgap.resolve.text import split, stem, words

__all__ = ["bind_call_args"]

_NOT_BOUND = "condition-not-bound"
# words a condition about the call's own argument may hold beside the value and the names
_FUNCTION = frozenset(
    split(
        "a an the to in on at as by for with of via through from into onto if when whenever where "
        "wherever it its is are be being been was were that which whose any one this these those "
        "than then some each per"
    )
)
_BEING = frozenset(
    words(
        "has have having hold holds holding contain contains containing carry carries "
        "carrying include includes including weigh weighs weighing cost costs costing last lasts "
        "lasting measure measures measuring priced sized rated made"
    )
)
# a condition with any of these is an exception or a negation: never read as the argument
_NOT = frozenset(split("not no never unless except excepting other only nor without but"))
_JOIN = frozenset({"or", "and"})
# a reason after a colon or a dash ends the condition: what follows explains, it narrows not
_REASON = re.compile(r":|\s[-–—]\s")
# the point a measure is taken from, after its unit ("2 metres above the floor")
_FROM = frozenset({"off", "from", "above", "below"})
_NUMBER = r"\d+(?:\.\d+)?"
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_GOES_ON = re.compile(r"(?<=\d)(?:[,.]\d+)+")  # a number the kept condition was cut inside
_UP = r"more\s+than|over|above|beyond|exceeds?|exceeded"
_DOWN = r"less\s+than|fewer\s+than|under|below"
_CMP = re.compile(
    rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?P<cur>[$€£])?\s?(?P<n>{_NUMBER})"
    r"(?:\s?(?P<u>%|[a-z][a-z0-9]{0,20}))?(?P<incl>\s+or\s+(?:more|less|fewer))?\b",
)
_OR_MORE = re.compile(
    rf"(?<![\w.])(?P<cur>[$€£])?(?P<n>{_NUMBER})(?:\s?(?P<u>[a-z][a-z0-9]{{0,20}}))?"
    r"\s+or\s+(?:(?P<up>more|above|over)|(?P<down>less|fewer|below|under))\b",
)


def bind_call_args(
    registry: Registry, resolved: Iterable[ResolvedRule], diagnostics: Iterable[Diagnostic]
) -> tuple[tuple[ResolvedRule, ...], list[Diagnostic], list[Diagnostic]]:
    """(the rules, each ban whose condition is an argument of its call compiled on that
    argument; the `condition-not-bound` notes those rules no longer need; the notes of the
    conditions two arguments could be meant by) (module docstring)."""
    notes = list(diagnostics)
    out: list[ResolvedRule] = []
    stale: list[Diagnostic] = []
    ties: list[Diagnostic] = []
    for each in resolved:
        named = _by_mention(registry, each)  # "Never quote an overseas move."
        if named is not None:
            stale.extend(
                d
                for d in notes
                if d.code == "unresolved-mention"
                and d.span == each.rule.span
                and f"`{each.target.mention}`" in d.message
            )
            each = named
        tool = _tool(registry, each)
        if tool is None:
            out.append(each)
            continue
        rule = each.rule
        found: tuple[str, dict[str, Any]] | None = None
        tie: list[str] = []
        if rule.operator == "deny_action" and rule.condition and not _has_values(rule.params):
            found, tie = _read(tool, rule.condition, rule.text)
        elif rule.operator == "deny_action" and not rule.condition and not rule.params:
            found = _whole(tool, rule.text)  # "Never rent a garage unit."
        elif rule.operator == "deny_action" and not rule.condition:
            found = _respelt(tool, rule.params)  # "for an e-bike": `e_bike`
        elif rule.operator == "state_condition" and rule.condition is None:
            found = _state(tool, rule.params, rule.text)
        carried = without_noun(rule.condition or "") if rule.operator == "deny_action" else None
        if found is None and carried is not None and not rule.params:
            found = required_argument(tool, carried)  # "never cancel X without a reason"
        said_without = _without_step(each)  # "never reassign X without a note": no call "note"
        if found is None and said_without is not None:
            found = required_argument(tool, said_without)
            if found is not None:
                stale.extend(
                    d
                    for d in notes
                    if d.code == "unresolved-mention"
                    and d.span == rule.span
                    and f"`{said_without}`" in d.message
                )
        if tie and rule.condition:
            ties.append(_tie_note(each, tool, rule.condition, tie))  # in place of the grammar's
            stale.extend(_said(notes, rule.span, rule.condition))
        if found is None:
            out.append(each)
            continue
        operator, params = found
        bound = rule.model_copy(update={"operator": operator, "params": params, "condition": None})
        out.append(each.model_copy(update={"rule": bound}))
        if rule.condition:
            stale.extend(_said(notes, rule.span, rule.condition))
    return tuple(out), stale, ties


def _without_step(each: ResolvedRule) -> str | None:
    """The step of an ordering read from "without a <noun>" (or "include a <noun> when ...")
    that names no tool (the noun may be an argument the call carries: `required16`), or
    None."""
    rule = each.rule
    before = rule.params.get("before")
    if rule.operator != "require_before" or not isinstance(before, str):
        return None
    if any(r.status != "unresolved" for r in each.params.get("before", ())):
        return None
    said = re.search(  # ... or "include a note when you reassign it" (`extract.supply16`)
        r"\b(?:without|" + SUPPLY_VERBS + r")\s+(?:a|an|the|any)\s+" + re.escape(before) + r"\b",
        rule.text,
        re.I,
    )
    return before if said is not None else None


def _said(notes: list[Diagnostic], span: Any, condition: str) -> list[Diagnostic]:
    """The grammar's `condition-not-bound` notes on the rule's condition."""
    return [d for d in notes if d.code == _NOT_BOUND and d.span == span and condition in d.message]


SURE = 0.8  # `compile.HIGH_CONFIDENCE`: a partial rule is enforced at this score


def _by_mention(registry: Registry, each: ResolvedRule) -> ResolvedRule | None:
    """A plain ban whose act no tool's name matched because the act's words hold a value
    one argument lists ("quote overseas move", "print a3 paper", "store credit" beside
    `refund_customer:`): the one tool whose names say every other word of the act and
    whose one argument lists the value, resolved at the score partial rules are enforced
    at; the ban keeps no value yet (`_whole` reads it). None for any other rule."""
    rule = each.rule
    if (
        each.target.status != "unresolved"
        or rule.operator != "deny_action"
        or rule.params
        or rule.condition
        or not each.target.mention
    ):
        return None
    mention = [t for t in _tokens(each.target.mention) if t not in _FUNCTION]
    said = {stem(t) for t in _tokens(rule.text)}
    fits: list[Tool] = []
    for tool in registry.tools:
        if tool.hook:
            continue
        hits = _value_hits(mention, _enums(tool))
        if len({a for a, *_ in hits}) != 1:
            continue
        used = {i for _, _, s, e in hits for i in range(s, e)}
        rest = {stem(t) for i, t in enumerate(mention) if i not in used}
        own = {stem(w) for w in split(tool.id)}
        if rest <= _names(tool) and (rest & own or own <= said):
            fits.append(tool)
    if len(fits) != 1:
        return None
    target = Resolution(
        mention=each.target.mention,
        status="resolved",
        candidates=(Candidate(tool_id=fits[0].id, score=SURE, via="schema_keyword"),),
    )
    return each.model_copy(update={"target": target})


def _tool(registry: Registry, each: ResolvedRule) -> Tool | None:
    if each.target.status != "resolved":
        return None
    tool = registry.by_id.get(each.target.tool_id or "")
    return None if tool is None or tool.hook else tool


def _has_values(params: dict[str, Any]) -> bool:
    return any(k in params for k in ("values", "facet", "selector", "arg"))


def _props(tool: Tool) -> dict[str, dict[str, Any]]:
    props = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    if not isinstance(props, dict):
        return {}
    return {str(k): v for k, v in props.items() if isinstance(v, dict)}


def _enums(tool: Tool) -> dict[str, list[str]]:
    """Each argument declaring an `enum` of strings, or whose description is a list of
    values ("dhl, ups or post"), -> its values. A description's list may be examples, not
    every value: a ban of values it lists is no stronger for that."""
    out: dict[str, list[str]] = {}
    for name, spec in _props(tool).items():
        enum = spec.get("enum")
        if isinstance(enum, list) and enum and all(isinstance(v, str) for v in enum):
            out[name] = [str(v) for v in enum]
        elif listed := schema_listed(spec):
            out[name] = list(listed)
    return out


def _tokens(text: str) -> list[str]:
    """Lower-case words and numbers; a hyphen, an underscore and camelCase split words."""
    text = _THOUSANDS.sub("", text)
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    return re.findall(r"[a-z0-9]+(?:\.\d+)?|[$€£%]", text.casefold())


def _same(word: str, said: str) -> bool:
    return word == said or stem(word) == stem(said)


def _value_hits(tokens: list[str], enums: dict[str, list[str]]) -> list[tuple[str, str, int, int]]:
    """(argument, value, start, end) of each listed value the words spell."""
    hits: list[tuple[str, str, int, int]] = []
    for arg, values in enums.items():
        for value in values:
            spelt = _tokens(value.replace("_", " "))
            if not spelt:
                continue
            n = len(spelt)
            for i in range(len(tokens) - n + 1):
                if all(_same(tokens[i + k], spelt[k]) for k in range(n)):
                    hits.append((arg, value, i, i + n))
    # "gift card" is `gift_card`, not also `card`: a value spelt inside a longer one is not said
    return [
        h
        for h in hits
        if not any(o[2] <= h[2] and h[3] <= o[3] and o[3] - o[2] > h[3] - h[2] for o in hits)
    ]


def _names(tool: Tool) -> set[str]:
    """The stems of the tool's id and of its arguments' names."""
    said = set(split(tool.id))
    for arg in _props(tool):
        said.update(split(arg))
    return {stem(w) for w in said}


def _arg_words(arg: str) -> set[str]:
    return {stem(w) for w in split(arg)}


def _described(tool: Tool, arg: str) -> set[str]:
    about = str(_props(tool).get(arg, {}).get("description", ""))
    return {stem(w) for w in _tokens(about)}


def _read(
    tool: Tool, condition: str, text: str
) -> tuple[tuple[str, dict[str, Any]] | None, list[str]]:
    """The operator and parameters the condition states on an argument of the call, or
    None; and the arguments of a tie (module docstring)."""
    if _NOT & set(_tokens(condition)):
        return None, []
    at = text.find(condition)
    more = _GOES_ON.match(text, at + len(condition)) if at >= 0 else None
    condition += more[0] if more else ""  # "above $5" cut at the comma of "$5,000"
    said = plain(_REASON.split(condition, maxsplit=1)[0])  # "...: the racks are full"
    tokens = _tokens(said)
    if not tokens:
        return None, []
    enums = _enums(tool)
    if _rest_names_value(tool, text, condition, enums):
        return None, []
    hits = _value_hits(tokens, enums)
    compared = _comparison(said)
    if hits and compared is None:
        return _by_value(tool, tokens, hits)
    if compared is not None and not hits:
        return _by_bound(tool, said, tokens, compared, text, condition), []
    return None, []


def _rest_names_value(tool: Tool, text: str, condition: str, enums: dict[str, list[str]]) -> bool:
    """The sentence names a listed value outside the condition ("reserve a phone booth if
    ..."): the ban holds for that value alone, which the condition's argument cannot say."""
    at = text.find(condition)
    rest = text[:at] + " " + text[at + len(condition) :] if at >= 0 else ""
    return bool(_value_hits(_tokens(rest), enums)) if at >= 0 else True


def _by_value(
    tool: Tool, tokens: list[str], hits: list[tuple[str, str, int, int]]
) -> tuple[tuple[str, dict[str, Any]] | None, list[str]]:
    args = sorted({a for a, *_ in hits})
    if not args:  # every value said was a modal's word ("no", "may"), left out of the words
        return None, []
    used = {i for _, _, s, e in hits for i in range(s, e)}
    left = [t for i, t in enumerate(tokens) if i not in used]
    if len(args) > 1:
        named = [a for a in args if _arg_words(a) & {stem(t) for t in left}]
        if len(named) != 1 or len({v for _, v, *_ in hits}) != len(
            {v for a, v, *_ in hits if a == named[0]}
        ):
            return None, args
        args = named
        hits = [h for h in hits if h[0] == args[0]]
    arg = args[0]
    values = list(dict.fromkeys(v for a, v, *_ in hits if a == arg))
    allowed = _names(tool) | _described(tool, arg)
    for t in left:
        if t in _FUNCTION or stem(t) in _BEING or stem(t) in allowed:
            continue
        if t in _JOIN and len(values) > 1:
            continue
        return None, []
    return ("deny_action", {"facet": arg, "values": values, "schema_values": True}), []


# the words of a ban beside its act and its value ("Never rent a garage unit.", "We no longer
# rent garage units.")
_MODAL = frozenset(
    split("do does don t not never must shall may can cannot should no we you longer will won")
)


def _whole(tool: Tool, text: str) -> tuple[str, dict[str, Any]] | None:
    """A ban of the whole tool read from a sentence whose one other word is a value one
    argument lists: that value's ban (every other word a modal, a function word or a word
    of the tool's names); None otherwise."""
    tokens = _tokens(text)
    enums = _enums(tool)
    hits = _value_hits(tokens, enums)
    if not hits or _comparison(plain(text)) is not None:
        return None
    found, _tie = _by_value(tool, [t for t in tokens if t not in _MODAL], _value_hits(
        [t for t in tokens if t not in _MODAL], enums))  # fmt: skip
    return found


def _respelt(tool: Tool, params: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A ban of values the facet names no argument for, each spelt as one argument lists it
    ("e-bike": `e_bike`, "`damage`" on `chargeReason`): that argument's ban."""
    values = params.get("values")
    facet = str(params.get("facet") or "")
    props = _props(tool)
    if not isinstance(values, list) or not values or facet in props or "selector" in params:
        return None
    fits = []
    for arg, listed in _enums(tool).items():
        matched = [_listed(str(v), listed) for v in values]
        if all(matched):
            fits.append((arg, [str(m) for m in matched]))
    if len(fits) != 1:
        return None
    arg, spelt = fits[0]
    return "deny_action", {"facet": arg, "values": spelt, "schema_values": True}


def _comparison(said: str) -> dict[str, Any] | None:
    """The one comparison of the condition: side, number, unit, currency, the words it
    spans, or None (none, or several)."""
    lowered = _THOUSANDS.sub("", said.casefold())  # "$5,000" is 5000
    found = [(m, False) for m in _CMP.finditer(lowered)]
    found += [(m, True) for m in _OR_MORE.finditer(lowered)]
    if len(found) != 1:
        return None
    m, trailing = found[0]
    inclusive = trailing or bool(m.groupdict().get("incl"))
    if m["up"] and trailing is False and m.groupdict().get("incl") and "less" in m["incl"]:
        return None
    up = bool(m["up"])
    if inclusive and not trailing and m["incl"]:
        up = "more" in m["incl"]
    return {
        "up": up,
        "n": float(m["n"]),
        "unit": m["u"] or "",
        "money": bool(m["cur"]),
        "inclusive": inclusive,
        "span": _tokens(m[0]),
    }


def _by_bound(
    tool: Tool,
    said: str,
    tokens: list[str],
    compared: dict[str, Any],
    text: str,
    condition: str,
) -> tuple[str, dict[str, Any]] | None:
    props = _props(tool)
    numeric = {a for a, s in props.items() if s.get("type") in ("number", "integer")}
    if not numeric:
        return None
    unit = str(compared["unit"])
    span = list(compared["span"])
    left = _without(tokens, span)
    nouns = {stem(t) for t in left if t not in _FUNCTION}
    head = _head_noun(text, condition)
    named: set[str] = set()
    if unit:
        named |= {a for a in numeric if stem(unit) in _arg_words(a)}
        fit = unit_argument(tool, unit)
        if fit is not None and not named:
            named.add(fit)
    for a in numeric:
        if _arg_words(a) & (nouns | ({head} if head else set())) - _GENERIC:
            named.add(a)
    if len(named) != 1:
        return None
    arg = named.pop()
    kind = unit_kind(unit) if unit else None
    if compared["money"]:
        kind = "money"
    kinds = _kinds_of(arg, props[arg])
    if kind is not None and kinds and kind not in kinds:
        return None  # "heavier than 30 kg" is no `frame_size_cm`
    own = stem(unit) in _arg_words(arg) | _described(tool, arg) or (
        head and head in _arg_words(arg)
    )
    if unit and kind is None and not own:
        return None  # "more than 3 open repairs": a count of something else
    allowed = _names(tool) | _described(tool, arg)
    left = _without(_without_reference(tokens, span, kind is not None and kind in kinds), span)
    for t in left:
        if t in _FUNCTION or stem(t) in _BEING or stem(t) in allowed or t == unit:
            continue
        return None
    n = float(compared["n"])
    integer = props[arg].get("type") == "integer"
    if compared["inclusive"]:
        if not integer:
            return None  # "N or more" banned: no strict bound on a number states it
        n = n - 1 if compared["up"] else n + 1
    limit: float | int = int(n) if n.is_integer() else n
    params: dict[str, Any] = {"facet": arg, ("max" if compared["up"] else "min"): limit}
    if unit:
        params = in_argument_units(unit, said, arg, props[arg], params)
    return "arg_within_bound", params


# words of an argument's name that say nothing of what it measures
_GENERIC = frozenset(words("number count amount total value max min id"))


def _without_reference(tokens: list[str], span: list[str], fitted: bool) -> list[str]:
    """The words without a closing "off / from / above / below (the) X" right after the
    comparison, the point the measure is taken from ("higher than 2 metres above the
    floor"), when the unit is one the argument measures in; else the words unchanged."""
    n = len(span)
    ends = [i + n for i in range(len(tokens) - n + 1) if tokens[i : i + n] == span]
    if not fitted or len(ends) != 1:
        return tokens
    tail = tokens[ends[0] :]
    if tail and tail[0] in _FROM and len([t for t in tail[1:] if t not in _FUNCTION]) == 1:
        return tokens[: ends[0]]
    return tokens


def _without(tokens: list[str], span: list[str]) -> list[str]:
    n = len(span)
    for i in range(len(tokens) - n + 1):
        if tokens[i : i + n] == span:
            return tokens[:i] + tokens[i + n :]
    return tokens


def _head_noun(text: str, condition: str) -> str | None:
    """The word the condition follows in the sentence ("a crew of more than 6 movers":
    `crew`), past a preposition; None when the condition is not found."""
    at = text.find(condition)
    if at <= 0:
        return None
    before = [t for t in _tokens(text[:at]) if t not in _FUNCTION]
    return stem(before[-1]) if before else None


def _state(tool: Tool, params: dict[str, Any], text: str) -> tuple[str, dict[str, Any]] | None:
    """A ban's state test whose field (or entity) names an argument of the call listing
    every denied value: that argument's `deny_action` (module docstring)."""
    denied = [str(v) for v in params.get("denied") or ()]
    if not denied or params.get("allowed"):
        return None
    field, entity = params.get("field"), params.get("entity")
    naming = str(field or entity or "")
    if not naming:
        return None
    own = _names(tool)
    wanted = {stem(w) for w in _tokens(naming)}
    context = {stem(w) for w in _tokens(str(entity or ""))} if field else set()
    fits: list[tuple[str, list[str]]] = []
    for arg, values in _enums(tool).items():
        words = _arg_words(arg)
        if not wanted <= words | (own & context) or not wanted & words:
            continue
        matched = [_listed(v, values) for v in denied]
        if all(matched):
            fits.append((arg, [str(m) for m in matched]))
    if len(fits) > 1:  # "the run size": the one argument every word of whose name is said
        said = _tokens(text)
        fits = [f for f in fits if _spelt_in(_tokens(f[0].replace("_", " ")), said)]
    if len(fits) != 1:
        return None
    arg, values = fits[0]
    if any(a != arg and v not in values for a, v, *_ in _value_hits(_tokens(text), _enums(tool))):
        return None  # "accept garments for pressing when the fabric is wool": two values
    return "deny_action", {"facet": arg, "values": values, "schema_values": True}


def _spelt_in(name: list[str], said: list[str]) -> bool:
    n = len(name)
    return any(all(_same(said[i + k], name[k]) for k in range(n)) for i in range(len(said) - n + 1))


def _listed(value: str, values: list[str]) -> str | None:
    spelt = _tokens(value.replace("_", " "))
    for v in values:
        listed = _tokens(v.replace("_", " "))
        if len(listed) == len(spelt) and all(map(_same, spelt, listed)):
            return v
    return None


def _tie_note(each: ResolvedRule, tool: Tool, condition: str, args: list[str]) -> Diagnostic:
    names = " and ".join(f"`{a}`" for a in args)
    return Diagnostic(
        code=_NOT_BOUND,
        message=f"`{each.rule.operator}` on `{tool.id}` holds only {condition!r}: its value is "
        f"listed by {names}, and nothing in the sentence says which, so it stays `review_only`",
        severity="note",
        span=each.rule.span,
        help="name the argument the value is passed in",
    )

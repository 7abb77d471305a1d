"""The only values of an argument, in the frames `allowlists` does not read: values written
as bare words or numbers (with a unit or a currency), after a verb of any kind, or said by
what is excluded.

- "only the following boat classes may be rented: dinghy, skiff, sloop" (any participle;
  the colon after "the following" closes the list, so bare words are values);
- "the deposit amount must be one of 50, 100 or 200 dollars", "the fee has to be either
  $5 or $10" (numbers, a unit or a currency around them);
- "the class can only be dinghy or skiff", "the class may be dinghy or skiff, nothing else",
  "... and no other", "the class should be dinghy or skiff only";
- "a boat class other than dinghy is not allowed", "do not rent any boat class other than
  dinghy or skiff", "no boat class except dinghy may be rented", "no boat class outside
  dinghy and skiff may be reserved" (what is allowed, said by what is not);
- "the deposit amounts are limited to 50 and 100 dollars" (`value_phrases` reads the words);
- "the delivery channel must be sms or email" (no closing word: an instruction as often as
  a list, so the values are kept only where the argument's schema lists them, marked
  `schema_values` for `specgap.argfit`).

Each reading is `resource_in_allowlist` over every tool taking the argument the noun phrase
names (target `*` with a `facet`, spread at compile time); a phrase no argument answers to
gives no rule there. A sum of money said of a noun that is no measure ("the deposit must be
one of $50 or $100") is that noun's `amount`. A participle among the values ("the booking
can only be paid or cancelled") says what may happen, not a value: no list.

A range of dates is read by `date_ranges`; the hooks that put these readings in the
grammar's place (a tool's own description, a phrase pattern's reading) are `value_binding`.
"""

from __future__ import annotations

import re

from specgap.extract.allowlists import head_first
from specgap.extract.grammar_emit import Emit
from specgap.operators.prose import ANY_TOOL, STATE_WORD, singular

_QUOTED = r"`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\""
_MONEY = r"[$€£]\s?(?>\d[\d,]*\d|\d)(?:\.\d+)?"  # "1,000"; never a list's comma
_NUM = r"(?>\d[\d,]*\d|\d)(?:\.\d+)?"
_WORD = r"(?>[A-Za-z][\w.:/+-]*[\w/+]|[A-Za-z])"
_VALUE = r"(?:" + _QUOTED + r"|" + _MONEY + r"|" + _NUM + r"(?![\w-])|" + _WORD + r")"
_SEP = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s*;\s*|\s*\|\s*|\s+(?:and|or)\s+)"
_MANY = r"(?P<list>" + _VALUE + r"(?:" + _SEP + _VALUE + r")+)"
_ONE_OR_MORE = r"(?P<list>" + _VALUE + r"(?:" + _SEP + _VALUE + r")*)"
_UNITS = (
    r"(?:dollars?|euros?|pounds?|usd|eur|gbp|cents?|percent|%|hours?|minutes?|days?|nights?|"
    r"weeks?|months?|years?|kg|kilograms?|grams?|g|lbs?|km|miles?|metres?|meters?|feet|ft|"
    r"people|persons?|guests?|seats?|items?|units?)"
)
_TAIL_UNIT = r"(?:\s*(?P<unit>" + _UNITS + r"))?"
_END = r"\s*[.;!]?\s*$"
_DET = r"(?:(?:the|each|every|any|a|an|all)\s+)?"
# the argument's noun phrase: words, none of them a verb of the frame
_NP = (
    r"(?P<np>[A-Za-z][\w-]*(?:\s+(?!(?:must|should|shall|can|may|has|have|is|are|will|"
    r"other|except|outside|only|be|not|no|never)\b)[A-Za-z][\w-]*){0,3}?"
    # the entity it belongs to: "the vessel type for each slip"
    r"(?:\s+(?:for|of|on)\s+(?:(?:a|an|the|each|every|any)\s+)?(?!(?:offer|sale|request|board|"
    r"hand|demand)\b)[A-Za-z][\w-]*)?)"
)
_MODAL = r"(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|can|may|will)"
_NEGATED = (
    r"(?:(?:is|are|will\s+be)\s+(?:not|never)|(?:may|must|can|should|shall|will)\s+(?:not|never)"
    r"|cannot|can't|won't|mustn't|shouldn't)"
)
_BESIDES = r"(?:other\s+than|except(?:\s+for)?|besides|apart\s+from|outside(?:\s+of)?)"

# (pattern, closed): a closed frame says the values are the only ones; an open one is kept
# only where the argument's schema lists the values
_FRAMES: tuple[tuple[re.Pattern[str], bool], ...] = (
    # "only the following boat classes may be rented: a, b, c", "only these X are sold: ..."
    (
        re.compile(
            r"^\W*only\s+(?:the\s+following|these)\s+" + _NP + r"\s+(?:" + _MODAL + r"\s+)?"
            r"(?:only\s+)?(?:be|are|is)\s+[a-z]+(?:\s+[^:;]*?)?\s*:\s*" + _MANY + _TAIL_UNIT
            + _END,
            re.I,
        ),
        True,
    ),
    # "the following boat classes are allowed: a, b"
    (
        re.compile(
            r"^\W*the\s+following\s+" + _NP + r"\s+(?:are|is)\s+(?:the\s+only\s+ones?\s+)?"
            r"(?:allowed|permitted|accepted|valid|supported)(?:\s+[^:;]*?)?\s*:\s*" + _MANY
            + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "X must be one of a, b or c dollars", "X has to be either a or b"
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+" + _MODAL + r"\s+(?:only\s+|always\s+)?be\s+(?:only\s+)?"
            r"(?:(?:set|equal)\s+to\s+)?(?:one\s+of|either|any\s+of)(?:\s+the\s+following)?(?:\s+values)?\s*:?\s*"
            + _MANY + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "X can only be a or b", "X may only be set to a or b"
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+" + _MODAL + r"\s+only\s+be\s+(?:set\s+to\s+)?" + _MANY
            + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "X may be a or b, nothing else", "X can be a or b only"
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+" + _MODAL + r"\s+be\s+" + _MANY + _TAIL_UNIT
            + r"(?:\s*(?:,|;|:|-|–|—)?\s*(?:and\s+|but\s+)?(?:nothing\s+else|no\s+others?"
            r"(?:\s+values?)?|none\s+other|only))" + _END,
            re.I,
        ),
        True,
    ),
    # "a boat class other than dinghy is not allowed", "X except a may not be used"
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+" + _BESIDES + r"\s+" + _ONE_OR_MORE + _TAIL_UNIT
            + r"\s+" + _NEGATED + r"\b",
            re.I,
        ),
        True,
    ),
    # "no boat class other than / outside / except a and b may be reserved"
    (
        re.compile(
            r"^\W*no\s+" + _NP + r"\s+" + _BESIDES + r"\s+(?:the\s+list\s+)?" + _ONE_OR_MORE
            + _TAIL_UNIT + r"\s+(?:is|are|may|can|will|should|shall|must)\b",
            re.I,
        ),
        True,
    ),
    # "do not rent any boat class other than a or b", "never pick a class outside a and b"
    (
        re.compile(
            r"^\W*(?:(?:you\s+)?(?:must|should|may)\s+(?:not|never)|do\s+not|don't|never)\s+"
            r"[a-z]+\b[^.;]*?\b(?:any|an?|the)\s+" + _NP + r"\s+" + _BESIDES + r"\s+"
            + _ONE_OR_MORE + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "only the boat classes `dinghy` and `skiff` may be reserved" (quoted, or after a noun
    # that says a kind: `class`, `type`, `tier`)
    (
        re.compile(
            r"^\W*only\s+(?:the\s+)?" + _NP + r"\s+" + _MANY + r"\s+(?:" + _MODAL
            + r"|are|is)\b",
            re.I,
        ),
        True,
    ),
    # "we bake only the following flavours: a, b", "you may sell only these sizes: a, b"
    (
        re.compile(
            r"^\W*(?:(?:we|you|the\s+agent)\s+(?:(?:can|may|must|should|will)\s+)?)?[a-z]+\s+"
            r"only\s+(?:the\s+following|these)\s+" + _NP + r"\s*:\s*" + _MANY + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "flavours are restricted to a and b; no other flavour can be ordered"
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+(?:(?:options?|values?|choices?)\s+)?(?:is|are)\s+"
            r"(?:limited|restricted)\s+to\s*:?\s*" + _MANY + _TAIL_UNIT + r"\s*(?:;|,|-|–|—)\s*"
            r"(?:and\s+)?(?:no\s+others?\b|nothing\s+else\b|none\s+other\b)[^.;]*" + _END,
            re.I,
        ),
        True,
    ),
    # "the only flavours on offer are a and b", "the only sizes we print are a4 and a5"
    (
        re.compile(
            r"^\W*the\s+only\s+" + _NP + r"(?:\s+(?:on\s+offer|available|offered|allowed|"
            r"accepted|(?:that\s+)?(?:we|you|the\s+agent)\s+(?:(?:may|can|will)\s+)?[a-z]+))?"
            r"\s+(?:are|is)\s*:?\s*" + _MANY + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "lemon and cocoa are the only flavours (we bake)"
    (
        re.compile(
            r"^\W*" + _MANY + r"\s+(?:are|is)\s+the\s+only\s+" + _NP
            + r"(?:\s+(?:on\s+offer|available|offered|allowed|accepted|(?:that\s+)?(?:we|you|"
            r"the\s+agent)\s+(?:(?:may|can|will)\s+)?[a-z]+))?" + _END,
            re.I,
        ),
        True,
    ),
    # "flavour options are a and b", "available sizes: a, b" (what is on offer)
    (
        re.compile(
            r"^\W*(?:the\s+)?(?:available\s+" + _NP + r"|" + _NP.replace("<np>", "<np2>")
            + r"\s+(?:options|choices))\s*(?::|\s+(?:are|is))\s*" + _MANY + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "the grade must be chosen from a, b and c", "X is to be selected from the following: ..."
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+(?:" + _MODAL + r"|is\s+to|are\s+to)\s+"
            r"(?:only\s+|always\s+)?be\s+(?:chosen|selected|picked|taken)\s+(?:only\s+)?(?:from|among)\s+(?:the\s+"
            r"following(?:\s+values)?\s*:?\s*)?" + _MANY + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "choose the grade from a, b or c", "pick one of a, b or c as the grade"
    (
        re.compile(
            r"^\W*(?:always\s+|only\s+)?(?:choose|pick|select)\s+(?:(?:the|a|an)\s+)?" + _NP
            + r"\s+(?:only\s+)?(?:from|among)\s+(?:the\s+following\s*:?\s*)?" + _MANY + _END
            + r"|^\W*(?:always\s+|only\s+)?(?:choose|pick|select)\s+(?:only\s+)?one\s+of\s+"
            + _MANY.replace("<list>", "<list2>") + r"\s+(?:as|for)\s+(?:the\s+|an?\s+)?"
            + _NP.replace("<np>", "<np2>") + _END,
            re.I,
        ),
        True,
    ),
    # "valid grades: `a` | `b` | `c`", "the accepted grades are a, b" (any separator)
    (
        re.compile(
            r"^\W*(?:the\s+)?(?:only\s+)?(?:valid|allowed|accepted|permitted|supported|"
            r"acceptable)\s+" + _NP + r"(?:\s+values)?\s*(?::|\s+(?:are|is))\s*" + _MANY
            + _TAIL_UNIT + _END,
            re.I,
        ),
        True,
    ),
    # "grade: a or b only"
    (
        re.compile(r"^\W*" + _DET + _NP + r"\s*:\s*" + _MANY + r"\s+only" + _END, re.I),
        True,
    ),
    # "the delivery channel must be sms or email" (open: the schema decides)
    (
        re.compile(
            r"^\W*" + _DET + _NP + r"\s+(?:must|has\s+to|have\s+to|needs?\s+to|shall)\s+"
            r"(?:always\s+)?be\s+" + _MANY + _END,
            re.I,
        ),
        False,
    ),
)  # fmt: skip
_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s*;\s*|\s*\|\s*|\s+(?:and|or)\s+", re.I)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "no", "not", "other", "others", "more", "less",
     "it", "they", "this", "that", "these", "those", "such", "same", "only", "each", "every",
     "be", "is", "are", "etc", "so", "on", "in", "of", "to", "for", "with", "by", "if",
     "when", "unless", "before", "after", "then", "never", "always", "nothing", "else"}
)  # fmt: skip
_NOT_NOUNS = frozenset(
    {"tool", "tools", "function", "functions", "action", "actions", "it", "they", "this",
     "that", "these", "those", "one", "ones", "value", "values", "option", "options", "user",
     "users", "customer", "customers", "agent", "you", "we", "answer", "reply", "response",
     "step", "steps", "thing", "things", "case", "cases"}
)  # fmt: skip
_BEFORE_NOUN = r"^\W*only\s+(?:the\s+)?(?P<np>"
# nouns that say the words after them are kinds of something: its values
_KINDS = frozenset(
    {"class", "type", "kind", "category", "size", "level", "tier", "plan", "grade", "mode",
     "method", "channel", "model", "format", "currency", "region", "zone", "language", "code",
     "colour", "color", "option", "variant", "flavour", "flavor", "brand", "carrier", "reason",
     "priority", "purpose", "cause", "severity"}
)  # fmt: skip
_PREPOSITIONS = frozenset({"in", "with", "of", "at", "on", "for", "from", "whose", "that"})
_CAPITALISED = re.compile(r"[A-Z][a-z]+")
_CODE = re.compile(r"\d|[\w][-_][\w]")
_STATES = frozenset({"status", "state", "stage", "phase", "condition"})
_PARTICIPLE = re.compile(r"[a-z]{3,}(?:ed|en)$", re.I)
_STATE = re.compile(STATE_WORD, re.I)
_MONEY_UNIT = re.compile(r"^(?:dollars?|euros?|pounds?|usd|eur|gbp|cents?)$", re.I)
# nouns that already say the argument is a sum of money
_MONEY_NOUNS = frozenset(
    {"amount", "price", "fee", "cost", "total", "sum", "charge", "fare", "rate", "value"}
)
_OPEN = re.compile(
    r"\b(?:typical|typically|usual|usually|common|commonly|example|examples|e\.g|such\s+as|"
    r"like|preferably|preferred|recommended|default|among\s+others|including|etc)\b",
    re.I,
)


def listed_values(text: str) -> list[Emit]:
    """The allowlist a sentence states in one of the frames above, over every tool taking
    the argument its noun phrase names (a tool that filters on it too, as the grammar's
    enumerations do); or none."""
    passive = _PASSIVE_BY.match(text)
    if passive is not None:  # "notices can only be sent by email or sms"
        return _passive_by(passive)
    for form, closed in _FRAMES:
        m = form.search(text)
        if m is None:
            continue
        found = _read(m, text)
        if found is None:
            return []
        np, values = found
        params: dict[str, object] = {"facet": np, "allowed": list(values)}
        quoted = all(v[:1] in "`'\"" for v in _SPLIT.split(_said_list(m).strip()) if v)
        # a value spelt as a code ("owner_request") is no English word of the sentence
        coded = any(re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)+", str(v)) for v in values)
        if not closed and not quoted and not coded:  # quoted values are values whatever the frame
            params["schema_values"] = True
        return [Emit("resource_in_allowlist", ANY_TOOL, params, 0.7)]
    return []


# "notices can only be sent by email or sms", "tickets may be paid via card or cash only"
_PASSIVE_BY = re.compile(
    r"^\W*" + _DET + r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:(?:can|may|must|should|shall|"
    r"are\s+to|is\s+to)\s+(?P<only>only\s+)?be|(?:are|is)\s+(?P<only2>only\s+))"
    r"\s*(?P<verb>[a-z]+(?:ed|en)|sent|paid|sold|"
    r"made|held|kept|set|put|done)\s+(?P<prep>by|via|through|using|over|with|in)\s+(?:the\s+)?"
    + _MANY
    + r"(?P<after>\s+only)?"
    + _END,
    re.I,
)


def _passive_by(m: re.Match[str]) -> list[Emit]:
    """The values a passive action is done "by" (`only` said before the verb or after the
    values), on the argument of the action's tool whose schema lists them all."""
    from specgap.extract.allow_preps import looks_like_value
    from specgap.extract.pattern_base import lemma

    if not (m["only"] or m["only2"] or m["after"]):
        return []  # "notices may be sent by email or sms": a way, not the only ways
    raw = [v for v in _SPLIT.split(m["list"].strip()) if v]
    values = [v[1:-1] if v[:1] in "`'\"" else v for v in raw]
    if len(values) < 2 or any(v.casefold() in _NOT_VALUES for v in values):
        return []
    np = m["np"].casefold().split()
    if np[-1] in _NOT_NOUNS:
        return []
    action = f"{lemma(m['verb'].casefold())} {' '.join(np)}"
    params: dict[str, object] = {"facet": "", "allowed": values, "by_values": True}
    if m["prep"].casefold() in {"by", "via", "through", "using", "over"}:
        params["by_means"] = True  # the way it is done: the tool's `channel`, `method`
    elif all(looks_like_value(v) for v in raw):  # "launched in Z1 or Z2": "in a zone"
        params["by_prep"] = m["prep"].casefold()
    return [Emit("resource_in_allowlist", action, params, 0.7)]


def _list_group(m: re.Match[str]) -> str:
    return "list" if m.groupdict().get("list") is not None else "list2"


def _said_list(m: re.Match[str]) -> str:
    return str(m[_list_group(m)])


def _list_start(m: re.Match[str]) -> int:
    return m.start(_list_group(m))


_PLACED = frozenset({"in", "into", "to", "at", "with", "from", "via", "using", "through", "under"})


def _after_preposition(np: str) -> str:
    """The noun phrase after its last preposition of place or means, determiners left out
    ("invoice in a currency" -> "currency"); unchanged without one."""
    words = np.split()
    cut = [n for n, w in enumerate(words) if w.casefold() in _PLACED]
    if not cut or cut[-1] == len(words) - 1:
        return np
    rest = [w for w in words[cut[-1] + 1 :] if w.casefold() not in {"a", "an", "the", "any"}]
    return " ".join(rest) or np


def _read(m: re.Match[str], text: str) -> tuple[str, tuple[str, ...]] | None:
    """(the argument's noun phrase, the values), or None when the frame holds no list."""
    if _OPEN.search(text[: _list_start(m)]):
        return None
    np = head_first(" ".join((m.groupdict().get("np") or m.groupdict().get("np2") or "").split()))
    np = _QUALIFIED_NP.sub("", np)  # "the only supported carriers are": the carriers
    np = _after_preposition(np)  # "an invoice in a currency other than ...": the currency
    words = np.casefold().split()
    if not words or words[0] in _NOT_NOUNS or words[-1] in _NOT_NOUNS:
        return None
    if singular(words[-1]) in _STATES:
        return None  # "the status can only be open or closed": the entity's state
    raw = [v for v in _SPLIT.split(_said_list(m).strip()) if v]
    quoted = [v[:1] in "`'\"" for v in raw]
    coded = all(quoted) or all(_CODE.search(v) for v in raw)  # `north-1`, "B12": codes
    if m.re.pattern.startswith(_BEFORE_NOUN) and not (coded or singular(words[-1]) in _KINDS):
        return None  # "only boat owners and members may ...": people, not values
    if m.re.pattern.startswith(_BEFORE_NOUN) and set(words) & _PREPOSITIONS:
        return None  # "only members in tier 'gold' may ...": the members' state, read apart
    if m.re.pattern.startswith(_BEFORE_NOUN) and all(
        _STATE.fullmatch(v.strip("`'\"")) for v in raw
    ):
        return None  # "only orders 'pending' or 'packed' can be modified": their state
    values = [v[1:-1] if q else v for v, q in zip(raw, quoted, strict=True)]
    first = _list_start(m) == len(text) - len(text.lstrip(" \t*-#>")) and not quoted[0]
    if first and _CAPITALISED.fullmatch(values[0]) and all(v == v.casefold() for v in values[1:]):
        values[0] = values[0].casefold()  # "Lemon and cocoa are the only ...": the first word
    if not values or any(v.casefold() in _NOT_VALUES for v in values):
        return None
    bare = [v for v, q in zip(values, quoted, strict=True) if not q]
    # (a code spelt with an underscore, "charge_started", is a value whatever its last word,
    # and so is a participle among a kind's values: "the reason must be injury or stranded")
    kind = singular(words[-1]) in _KINDS and not all(_PARTICIPLE.search(v) for v in bare)
    if any(_PARTICIPLE.search(v) and "_" not in v and not kind for v in bare) or (
        bare and all(_STATE.fullmatch(v) for v in bare)
    ):
        return None  # "can only be paid or cancelled": what may happen, no values
    unit = (m.groupdict().get("unit") or "").casefold()
    money = bool(unit and _MONEY_UNIT.match(unit)) or any(v[:1] in "$€£" for v in bare)
    numbers = [_as_number(v) for v in values]
    if money and None in numbers:
        return None  # "$5 or a voucher": not one measure
    if all(n is not None for n in numbers):
        values = [n for n in numbers if n is not None]
    if money and singular(words[-1]) not in _MONEY_NOUNS:
        np = f"{np} amount"  # "the deposit must be one of $50 or $100": its amount
    return np, tuple(dict.fromkeys(values))


_QUALIFIED_NP = re.compile(
    r"^(?:supported|accepted|allowed|valid|permitted|available|acceptable)\s+(?=\S)", re.I
)


def _as_number(value: str) -> str | None:
    """ "$1,000.00" -> "1000"; None when the value is no number."""
    said = value.lstrip("$€£ ").replace(",", "")
    if not re.fullmatch(r"\d+(?:\.\d+)?", said):
        return None
    number = float(said)
    return str(int(number)) if number.is_integer() else f"{number:g}"

"""A rule on one argument, fitted to that argument's schema at compile time.

Prose names an argument by a noun ("3 items per order", "the priority must be one of low,
normal or high"); once the argument is resolved, its JSON schema says more than the noun:

- a bound said in a unit (`amount` for "$500", `percent`, `nights`) that names no argument
  binds to the one numeric argument whose name or description speaks of that unit
  ("total_usd", "Discount rate in %"); two such arguments are a tie, never a guess;
- a bound on an argument that is a list (`"type": "array"`) bounds how many items it holds:
  `arg_within_bound` becomes `arg_count_bound` over that argument (a list is no number, so
  the bound as read would never hold anything);
- the values of an allowlist or a ban are checked against the argument's `enum`: a value
  written in other case ("Express") is the enum's spelling (`express`); a value the enum
  does not have is reported (`argument-restriction-not-compiled`, at the sentence); an allowlist
  none of whose values the schema accepts would block every valid call, so it compiles to
  nothing and says so (never an allowlist that holds nothing a call may pass);
- a value read from a bare word before the argument's noun ("do not choose overnight
  delivery", marked `schema_values` by the extractor) is a value only when the enum lists
  it; otherwise nothing is compiled and a note says why.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from specgap.argunits import on_argument
from specgap.bind_units import bind_unit_of, unit_argument
from specgap.extract.allow_binding import bind_by_prep
from specgap.extract.desc4_bounds import timeout_seconds
from specgap.ir import CandidateRule, Diagnostic, Selector
from specgap.operators.evidence import key_words, named_like
from specgap.registry import Tool
from specgap.resolve.arguments import (
    IDENTIFIER_END,
    LENGTH_SAID,
    argument_help,
    argument_selector,
    not_a_number,
    resolve_argument,
)

_VALUED = {"resource_in_allowlist": "allowed", "deny_action": "values"}


def fit_to_schema(
    rule: CandidateRule, tool: Tool, params: dict[str, Any], diagnostics: list[Diagnostic]
) -> tuple[CandidateRule, dict[str, Any]] | None:
    """(the rule, its parameters) fitted to the schema of the argument its facet names;
    None when nothing may be compiled (a diagnostic says why). Rules without a facet, or
    whose facet names no argument, are returned unchanged."""
    if rule.operator == "arg_count_bound":
        params = _count_on_argument(tool, params)  # "at most 6 pieces": `piece_ids`
    listed_only = bool(params.pop("schema_values", False))
    said_as = str(params.pop("said_as", "") or params.get("facet") or "")
    params.pop("holder", None)  # what holds the bounded thing: used by the spread only
    if params.pop("set_by_call", False) and reads_only(tool):
        diagnostics.append(
            Diagnostic(
                code="argument-restriction-not-compiled",
                message=f"`{tool.id}` only reads: a value set is passed by a call that writes "
                "it, so the rule is not applied to this tool",
                severity="note",
                span=rule.span,
                help="name the tool the rule is about if it is this one",
            )
        )
        return None
    params = bind_by_prep(tool, params)  # "only launch it in us-east-1": "in a region"
    if params.pop("inferred_binding", False):  # "... to staging or production": reviewed
        rule = rule.model_copy(update={"grounding": "inferred"})
    if params.pop("by_values", False):  # "only send notices by email or sms"
        found = _by_values(rule, tool, params, diagnostics)
        if found is None:
            return None
        params = found
    facet = params.get("facet")
    if not isinstance(facet, str):
        return rule, params
    selector = argument_selector(tool, facet)
    if selector is None and (own := _without_tool_words(tool, facet)) is not None:
        facet, params = own, {**params, "facet": own}  # "the fee amount" of `pay_fee`
        selector = argument_selector(tool, own)
    if rule.operator == "arg_within_bound" and _no_number(tool, selector):
        # "8 guests": `party_size` ("Number of guests"), not `guest_name`
        number = _numeric_argument(tool, said_as or facet)
        if number is not None:
            facet, params, selector = number, {**params, "facet": number}, Selector(arg=number)
    schema = None
    if selector is not None and selector.extract is None:
        schema = _argument_schema(tool.schema, selector.arg)
    if (
        rule.operator == "arg_within_bound"
        and selector is not None
        and isinstance(schema, dict)
        and schema.get("type") == "string"
        and LENGTH_SAID.search(rule.quote)
    ):  # "notes of at most 200 characters": the text's length, not a number it holds
        return rule, on_argument(params, selector.arg, "length")
    said = params.get("values") or params.get("allowed") or ()
    if listed_only and not _lists(schema, said) and not _named_list(rule, tool, said_as, schema):
        # a ban of one tool's calls keeps the words as its condition (reviewed, as a ban
        # "with a long title" is); anything else compiles to nothing, and says so
        plain = rule.operator == "deny_action" and rule.target not in {None, "*"}
        diagnostics.append(
            Diagnostic(
                code="argument-restriction-not-compiled",
                message=f"the words before `{facet}` are read as its values only when the "
                f"schema of `{tool.id}` lists them; it does not, "
                + ("the ban is kept for review" if plain else "nothing is enforced"),
                severity="note",
                span=rule.span,
                help="quote the value ('overnight') or name the argument it is a value of",
            )
        )
        if not plain:
            return None
        words = " ".join([*(str(v) for v in said), facet])
        return rule.model_copy(update={"condition": rule.condition or f"with {words}"}), {}
    kept = rule.operator in _KEPT and bool(tool.schema)
    by_unit = _by_unit(tool, facet) if selector is None and kept else None
    if by_unit is not None:  # "$500": the one numeric argument said in money
        spec = _argument_schema(tool.schema, by_unit) or {}
        return rule, on_argument(_in_units(rule, said_as, by_unit, spec, params), by_unit)
    if selector is None and kept and not argument_tied(tool, facet):
        bound = bind_unit_of(rule, tool, facet, params, diagnostics)  # "75 euros": `amount`
        if bound is not None:
            return bound
        return _unbound(rule, tool, params, facet, diagnostics)
    if schema is None or selector is None:
        return rule, params
    if rule.operator == "arg_within_bound" and not_a_number(selector.arg, schema):
        # a number bound on an id, a name or a flag misreads what the phrase names
        return _unbound(rule, tool, params, facet, diagnostics)
    if rule.operator == "arg_within_bound" and schema.get("type") in _NUMERIC:
        params = _in_units(rule, said_as, selector.arg, schema, params)  # "2 hours": 120 min
        seconds = None if rule.condition else timeout_seconds(selector.arg, rule.text, params)
        if seconds is not None:  # "`timeout_seconds` at most 25": the call's timeout
            timed = {k: v for k, v in params.items() if k != "max"} | {"max_seconds": seconds}
            return rule.model_copy(update={"operator": "timeout_leq"}), timed
    if rule.operator == "arg_within_bound" and schema.get("type") == "array":
        counted = _as_count(params, selector.arg)
        if counted is not None:
            return rule.model_copy(update={"operator": "arg_count_bound"}), counted
        return rule, params
    key = _VALUED.get(rule.operator)
    if key is not None and _words_as_ids(said_as, selector.arg, schema, params.get(key)):
        diagnostics.append(
            Diagnostic(
                code="argument-restriction-not-compiled",
                message=f"`{said_as}` names `{selector.arg}` of `{tool.id}` by its entity only, "
                "and the words listed read as states or kinds, not identifiers: nothing is "
                "enforced",
                severity="note",
                span=rule.span,
                help="quote the identifiers, or name the argument the words are values of",
            )
        )
        return None
    enum = schema.get("enum")
    if key is None or not isinstance(params.get(key), list | tuple) or not isinstance(enum, list):
        return rule, params
    return _fit_values(rule, params, key, [e for e in enum if isinstance(e, str)], diagnostics)


# a bound said of a phrase no argument answers to: kept for review (a list of values on
# such a phrase is more often no argument at all, a fixed text: reported, as before)
_KEPT = frozenset({"arg_within_bound"})


def _by_values(
    rule: CandidateRule, tool: Tool, params: dict[str, Any], diagnostics: list[Diagnostic]
) -> dict[str, Any] | None:
    """The parameters with the facet set to the one argument of `tool` whose schema lists
    every value the rule names (its `enum`, or its description's list); None, with a note,
    when no argument or several do (never a guess)."""
    means = bool(params.pop("by_means", False))  # "by email or sms", not "in English"
    key = "allowed" if params.get("allowed") else "values"
    said = {str(v).casefold() for v in params.get(key) or ()}
    found = _listing(tool, said)
    if len(found) == 1:  # (the values as the schema spells them: "dogs" -> `dog`)
        return {**params, "facet": found[0][0], key: found[0][1]}
    way = _means_argument(tool) if means and not found else None
    if way is not None:  # "sent by email or sms": the one argument that says how
        return {**params, "facet": way}
    names = ", ".join(f"'{v}'" for v in sorted(said))
    diagnostics.append(
        Diagnostic(
            code="argument-restriction-not-compiled",
            message=f"{names}: {'several arguments' if found else 'no argument'} of "
            f"`{tool.id}` list{'' if found else 's'} these values, so the rule names no "
            "argument; nothing is enforced",
            severity="note",
            span=rule.span,
            help="name the argument the values are for",
        )
    )
    return None


def _listing(tool: Tool, said: set[str]) -> list[tuple[str, list[str]]]:
    """The arguments of the tool whose schema lists every said value (its `enum` or its
    description's list), each with the values as the schema spells them."""
    props = tool.schema.get("properties")
    found: list[tuple[str, list[str]]] = []
    for name, spec in props.items() if isinstance(props, dict) else ():
        spelled = spec_spelled(spec, said)
        if spelled is not None:
            found.append((str(name), spelled))
    return found


def lists_values(tool: Tool, values: list[str]) -> bool:
    """Exactly one argument of the tool lists every value (`_by_values` binds to it)."""
    return len(_listing(tool, {v.casefold() for v in values})) == 1


def spec_spelled(spec: Any, said: set[str]) -> list[str] | None:
    """The said values as an argument's schema lists them, or None when it does not list
    every one (or nothing is said)."""
    from specgap.extract.described_values import schema_listed

    if not said:
        return None
    return _spelled(said, schema_listed(spec if isinstance(spec, dict) else None))


def _spelled(said: set[str], listed: tuple[str, ...]) -> list[str] | None:
    """The said values as the schema lists them (case, or a plural of a listed word:
    "dogs" for `dog`), or None when one of them is not listed."""
    from specgap.operators.prose import singular

    by_form: dict[str, str] = {}
    for value in listed:
        by_form.setdefault(value.casefold(), value)
        by_form.setdefault(singular(value.casefold()), value)
    out = []
    for value in sorted(said):
        found = by_form.get(value) or by_form.get(singular(value))
        if found is None:
            return None
        out.append(found)
    return out


spelled = _spelled  # for `values15_bind`, which finds the tool by the same spelling


def _means_argument(tool: Tool) -> str | None:
    """The one free-text argument whose name says it is the way a thing is done (`channel`,
    `payment_method`, `delivery_mode`): what "by email or sms", "via card" name when no
    argument lists the values. None when none or several do, or it lists values of its own
    (they were checked above)."""
    from specgap.extract.described_values import schema_listed

    props = tool.schema.get("properties")
    found = [
        str(name)
        for name, spec in (props.items() if isinstance(props, dict) else ())
        if isinstance(spec, dict)
        and spec.get("type") == "string"
        and not schema_listed(spec)
        and set(re.split(r"[_\W]+", str(name).casefold())) & _MEANS
    ]
    return found[0] if len(found) == 1 else None


_MEANS = frozenset({"channel", "method", "medium", "mode", "means", "via"})
# a word, or a state code of words (`in_review`, `agreement_signed`); no digit, as ids have
_PLAIN_WORD = re.compile(r"[A-Za-z]+(?:_[A-Za-z]+)*")


def _words_as_ids(facet: str, arg: str, schema: dict[str, Any], values: Any) -> bool:
    """A list of plain words ("pending", "north", "in_review") on an identifier argument the
    phrase names only by its entity ("orders" for `order_id`): the words are the entity's states or
    kinds, never its ids. Ids said as such ("order ids"), or values that look like ids
    ("A1", "ord_7"), and an `enum` listing the words, are left alone."""
    if not IDENTIFIER_END.search(arg) or not isinstance(values, list | tuple) or not values:
        return False
    from specgap.resolve.text import words

    if set(words(facet)) & set(words("id ids identifier code number key")):
        return False
    enum = schema.get("enum")
    listed = {str(e).casefold() for e in enum} if isinstance(enum, list) else set()
    if all(_CAPITALS.fullmatch(str(v)) for v in values):
        return False  # "regions US, CA or MX": codes, the id argument's own values
    entity = IDENTIFIER_END.sub("", arg).casefold()  # `bin_id`: a bin's ids may be `bin_dry`
    return all(
        _PLAIN_WORD.fullmatch(str(v))
        and str(v).casefold() not in listed
        and not ("_" in str(v) and str(v).casefold().startswith(f"{entity}_"))
        for v in values
    )


_CAPITALS = re.compile(r"[A-Z0-9]{2,4}")


def _without_tool_words(tool: Tool, facet: str) -> str | None:
    """The facet without its leading words that the tool's own name says ("fee amount" of
    `pay_fee`: `amount`), when that names an argument; None otherwise."""
    from specgap.resolve.text import words

    said = facet.split()
    own = set(words(tool.id.rsplit(".", 1)[-1]))
    cut = 0
    while cut < len(said) - 1 and set(words(said[cut])) <= own:
        cut += 1
    if cut == 0:
        return None
    rest = " ".join(said[cut:])
    return rest if argument_selector(tool, rest) is not None else None


def argument_tied(tool: Tool, facet: str) -> bool:
    """Two arguments answer to the phrase equally: a tie is reported as such by compile."""
    return resolve_argument(tool, facet).status == "ambiguous"


def _unbound(
    rule: CandidateRule,
    tool: Tool,
    params: dict[str, Any],
    facet: str,
    diagnostics: list[Diagnostic],
) -> tuple[CandidateRule, dict[str, Any]] | None:
    """A rule on a phrase no argument of the tool answers to ("more than 4 pets" where
    `reserve_room` takes no pets): kept over the phrase, `review_only`, with the reason as
    its condition and a located note; never enforced on a guessed argument."""
    diagnostics.append(
        Diagnostic(
            code="unknown-argument",
            message=f"`{facet}` names no argument of `{tool.id}`: the rule is kept for review",
            severity="warning",
            span=rule.span,
            help=argument_help(tool, facet),
        )
    )
    reason = f"`{facet}` names no single argument"
    kept = rule.model_copy(update={"condition": rule.condition or reason})
    return kept, on_argument(params, facet)


def _named_list(rule: CandidateRule, tool: Tool, said_as: str, schema: Any) -> bool:
    """An allowlist of bare words on an argument the sentence names by its own name ("the
    seating area must be terrace or bar" for `seating_area`, a plain string with no list of
    its own): the words are that argument's values, as quoted ones would be. An argument
    named by other words, a ban, or words with a verb's ending (states) are left to the
    schema's list."""
    if rule.operator != "resource_in_allowlist" or not isinstance(schema, dict):
        return False
    if schema.get("type") != "string" or schema.get("enum") is not None:
        return False
    match = resolve_argument(tool, said_as)
    if match.status != "resolved" or not match.candidates or match.candidates[0][1] < 1.0:
        return False
    said = [str(v) for v in rule.params.get("allowed", ())]
    if not said or any(_STATE.search(v) for v in said):
        return False
    # two plain words may be an instruction's adjectives ("the reason must be short or
    # clear"); three alternatives, or values spelled as codes, are a list
    return len(said) >= 3 or all(_CODE.search(v) for v in said)


# "paid", "cancelled", "pending": an entity's states, never an argument's plain values
_STATE = re.compile(r"(?:ed|ing)$", re.I)
# "US", "en", "main_room", "v2": a value spelled as a code, no English word
_CODE = re.compile(r"^[A-Z0-9]{2,}$|^[a-z]{2,3}$|[_\d]")


def _in_units(
    rule: CandidateRule, said: str, arg: str, schema: dict[str, Any], params: dict[str, Any]
) -> dict[str, Any]:
    """The bound in the unit the argument takes (`specgap.argunits`)."""
    if rule.operator != "arg_within_bound":
        return params
    from specgap.argunits import in_argument_units

    return in_argument_units(said, rule.text, arg, schema, params)


def _no_number(tool: Tool, selector: Selector | None) -> bool:
    """No argument is selected, or the one selected holds no number (a name, an id)."""
    if selector is None:
        return True
    schema = _argument_schema(tool.schema, selector.arg) if selector.extract is None else None
    if schema is not None and schema.get("type") == "string":
        # a text argument that says nothing of a number ("guest": a name) is no bound's place
        said = f"{selector.arg} {schema.get('description', '')}".casefold().replace("_", " ")
        if not _NUMBER_WORDS & set(re.findall(r"[a-z]+", said)):
            return True
    return schema is not None and not_a_number(selector.arg, schema)


_NUMBER_WORDS = frozenset(
    {"amount", "number", "count", "quantity", "size", "total", "price", "cost", "fee", "value",
     "sum", "limit", "rate", "percent", "dollars", "cents", "euros", "minutes", "hours", "days",
     "nights", "weeks"}
)  # fmt: skip


def _numeric_argument(tool: Tool, facet: str) -> str | None:
    """The numeric argument a counted noun names among the tool's numbers only ("8 guests"
    -> `party_size` described as "Number of guests", when `guest_name` would win by its
    name): a bound is a number, so a text argument is never its place. None when no single
    numeric argument answers to the phrase (none, or a tie)."""
    props = tool.schema.get("properties")
    if not isinstance(props, dict):
        return None
    numbers = {k: v for k, v in props.items() if isinstance(v, dict) and v.get("type") in _NUMERIC}
    if not numbers or len(numbers) == len(props):
        return None  # nothing to narrow to, or nothing narrowed: the plain resolution stands
    narrowed = dataclasses.replace(tool, schema={**tool.schema, "properties": numbers}, facets={})
    match = resolve_argument(narrowed, facet)
    return match.selector.arg if match.status == "resolved" and match.selector else None


_NUMERIC = frozenset({"number", "integer"})
# a bound counted in characters: a text argument's length ("longer than 200 characters")
_READS = re.compile(
    r"^(?:get|list|search|find|read|lookup|look_up|fetch|query|check|show|view)(?:_|$)", re.I
)


def reads_only(tool: Tool) -> bool:
    """The tool reads (`get_...`, `search_...`, `getBooking`, a GraphQL `...Query`, or
    declared effects `read`), never writes."""
    if tool.effects:
        return set(tool.effects) <= {"read"}
    name = tool.id.rsplit(".", 1)[-1]
    if _READS.match(name):
        return True
    camel = _CAMEL_READ.match(name)  # `getBooking`, `FindMember`; `SlotsQuery` (GraphQL)
    return camel is not None or _QUERY.search(name) is not None


_CAMEL_READ = re.compile(r"^(?i:get|list|search|find|read|lookup|fetch|query|show|view)(?=[A-Z])")
_QUERY = re.compile(r"[a-z0-9]Query$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# a unit-derived facet (`amount` from "$500", `percent` from "15 %", `nights`) and the words
# a numeric argument's name or description says it in
_UNITS: dict[str, frozenset[str]] = {
    "amount": _words(
        "amount price cost total sum fee charge money usd eur gbp dollar dollars euro euros "
        "pound pounds value credit refund"
    ),
    "percent": _words("percent percentage pct rate %"),
    "days": _words("day days duration length"),
    "nights": _words("night nights duration length stay"),
    "hours": _words("hour hours duration length"),
    "minutes": _words("minute minutes duration length"),
    "weeks": _words("week weeks duration length"),
}


def _by_unit(tool: Tool, facet: str) -> str | None:
    """The one top-level numeric argument whose name or description speaks of the unit the
    facet came from (`amount` ← `refund_total`, "Total in USD"), or None (none, or several:
    never a guess between two)."""
    wanted = _UNITS.get(facet.casefold())
    if wanted is None:
        return unit_argument(tool, facet)  # "euros", "kg": `specgap.bind_units`
    props = tool.schema.get("properties")
    if wanted is None or not isinstance(props, dict):
        return None
    found = []
    for name, spec in props.items():
        if not isinstance(spec, dict) or spec.get("type") not in ("number", "integer"):
            continue
        said = f"{name} {spec.get('description', '')}".casefold().replace("_", " ")
        if set(re.findall(r"[a-z]+|%", said)) & wanted:
            found.append(str(name))
    return found[0] if len(found) == 1 else None


def _lists(schema: dict[str, Any] | None, values: Any) -> bool:
    """The schema's `enum` (or its description's list of values: "One of: a, b") has every
    value (in any case)."""
    from specgap.extract.described_values import schema_listed

    enum = schema_listed(schema)
    if not enum or not isinstance(values, list | tuple) or not values:
        return False
    spelled = {str(e).casefold() for e in enum}
    return all(str(v).casefold() in spelled for v in values)


def _count_on_argument(tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """A count of `items` said as a noun ("pieces") that exactly one argument of the tool
    answers to, at any depth, and that argument a top-level list (`piece_ids`): the count is
    of that argument, written as its selector so the policy names what it counts. Anything
    else (an id kind counted across arguments, "gift cards" in `payment_ids`, or two
    arguments named alike) keeps its `items` and is counted by name at check time."""
    items = params.get("items")
    if not isinstance(items, str) or params.get("selector") is not None or "facet" in params:
        return params
    wanted = key_words(items)
    named = [n for n in sorted(tool.all_arg_names) if named_like(n, wanted)]
    if len(named) != 1:
        return params
    spec = _argument_schema(tool.schema, named[0])
    if not isinstance(spec, dict) or spec.get("type") != "array":
        return params
    return {k: v for k, v in params.items() if k != "items"} | {"selector": Selector(arg=named[0])}


def _as_count(params: dict[str, Any], arg: str) -> dict[str, Any] | None:
    """The bound as a count of the list's items (whole numbers only), on that argument."""
    out: dict[str, Any] = {"selector": Selector(arg=arg)}
    for side in ("min", "max"):
        value = params.get(side)
        if value is None:
            continue
        if not float(value).is_integer():
            return None
        out[side] = int(value)
    return out


def _fit_values(
    rule: CandidateRule,
    params: dict[str, Any],
    key: str,
    enum: list[str],
    diagnostics: list[Diagnostic],
) -> tuple[CandidateRule, dict[str, Any]] | None:
    spelled = {e.casefold(): e for e in enum}
    said = [str(v) for v in params[key]]
    fitted = [spelled.get(v.casefold(), v) for v in said]
    unknown = [v for v in fitted if v not in enum]
    if not unknown:
        return rule, {**params, key: fitted}
    names = ", ".join(f"'{v}'" for v in unknown)
    accepted = ", ".join(f"'{e}'" for e in enum)
    empty = key == "allowed" and len(unknown) == len(fitted)
    diagnostics.append(
        Diagnostic(
            code="argument-restriction-not-compiled",
            message=f"{names} {'is' if len(unknown) == 1 else 'are'} not among the values the "
            f"schema of `{params['facet']}` accepts"
            + ("; an allowlist of none of them would block every call, nothing is enforced"
               if empty else "; the rule keeps them as written, no call can pass them"),
            severity="note",
            span=rule.span,
            help=f"the schema accepts {accepted}: write the values as the tool spells them",
        )
    )  # fmt: skip
    return None if empty else (rule, {**params, key: fitted})


def _argument_schema(schema: Any, path: str) -> dict[str, Any] | None:
    """The schema of the argument at a dotted path, or None."""
    node: Any = schema
    for part in path.split("."):
        props = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(props, dict) or not isinstance(props.get(part), dict):
            return None
        node = props[part]
    return node if isinstance(node, dict) else None

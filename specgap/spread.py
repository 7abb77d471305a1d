"""A rule over several tools: one rule per tool that takes an argument, or per tool a
generic action names.

"The accepted asset types are: ..." names no tool; it constrains the `asset_type` argument
wherever it appears. Such a rule reaches the compiler with the target `*` and a `facet`;
`spread` gives one copy per registry tool whose arguments the facet names, with the facet
replaced by that argument's own name. A facet `<entity words> <arg>` (`asset status`) names
the argument `<arg>` of a tool whose name has the entity words (`UpdateAssetStatus`); a
trailing `type`/`kind` may be left out (`process types` -> `process`).

"An order can only be modified if ..." names every tool that modifies an order: a mention
whose resolution is a tie between tools whose names all carry every word of the mention
(`modify order` -> `modify_order_items`, `modify_order_address`) is `tied`; the rule holds for
each of them, at each one's own resolution score (so a fuzzy tie is reviewed, not enforced).

"Only take action on pending or delivered orders" names every tool that acts on an existing
order: a `state_condition` with the target `*` and an `entity` gives one copy per tool whose
name has the entity word, that takes an argument naming it (`order_id`, so the check can find
the order), and whose leading verb neither reads nor creates (a read changes nothing; a
created entity has no state yet).
"""

from __future__ import annotations

import re

from specgap.described_args import described_as
from specgap.extract.bind_actions import verb_facet_copies
from specgap.extract.english import base_verb
from specgap.ir import Candidate, CandidateRule, Diagnostic, Resolution
from specgap.operators import OPERATORS
from specgap.registry import Registry, Tool
from specgap.resolve import MARGIN, compact, words
from specgap.resolve.arguments import LENGTH_SAID, holds_no_number, resolve_argument
from specgap.resolve.lexicon import VERB_CLASSES
from specgap.resolve.text import own_part, split, stem

_KIND_WORDS = frozenset({"typ", "kind"})  # stems of `type(s)`, `kind(s)`


def spreads(rule: CandidateRule) -> bool:
    """A rule stated over an argument of every tool (target `*` and a facet), or over every
    tool acting on an entity (a `state_condition` with target `*` and an entity)."""
    operator = OPERATORS.get(rule.operator)
    if rule.target != "*" or operator is None or operator.spreads_over is None:
        return False
    if operator.spreads_over in ("facet", "sources"):
        return "facet" in rule.params
    return bool(rule.params.get(operator.spreads_over))


def spread(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """One copy of the rule per tool that takes the argument (or acts on the entity), in
    registry order."""
    if OPERATORS[rule.operator].spreads_over == "entity":
        entity = str(rule.params["entity"])
        acting = [t for t in registry.tools if not t.hook and acts_on(t, entity)]
        values = [str(v) for v in (*rule.params.get("allowed", ()), *rule.params.get("denied", ()))]
        # an adjective the tools never speak of may not be a state at all ("only take action
        # on explicit requests"): the rule is kept for review, not enforced
        update = {} if _spoken(values, registry) else {"grounding": "inferred"}
        return [rule.model_copy(update={"target": t.id, **update}) for t in acting]
    if OPERATORS[rule.operator].spreads_over == "sources":
        return _grounded(rule, registry)
    facet = str(rule.params["facet"])
    said = set(words(facet))
    out: list[tuple[CandidateRule, frozenset[str]]] = []
    for tool in registry.tools:
        if tool.hook:
            continue
        arg = _argument(tool, facet) or _id_of(tool, facet, rule.params.get("allowed"))
        unnamed: frozenset[str] = frozenset()  # words only a description gave
        if arg is None:
            arg = next(iter(_said_otherwise(tool, facet)), None) or described_as(tool, facet)
            unnamed = frozenset(said - set(words(tool.id)) - set(words(arg or "")))
        if arg is not None:  # (the words it was named by, for `specgap.argfit`)
            params = {**rule.params, "facet": arg, "said_as": facet}
            out.append((rule.model_copy(update={"target": tool.id, "params": params}), unnamed))
    # a word that only a description gave, and that another copy's tool has in its own name,
    # names that tool: "the hull_type of a survey" is `create_survey.hull_type`, not
    # `book_haulout.hull_type` described as "copied from the survey"
    owners = {w for copy, unnamed in out if not unnamed for w in words(str(copy.target))}
    kept = [copy for copy, unnamed in out if not unnamed & owners]
    kept = _of_heading(rule.context, kept)
    exact = [c for c in kept if _named_exactly(facet, str(c.params["facet"]))]
    if exact and len(exact) < len(kept) and "_" in facet:
        # "`extra_hours` must be at most 3": the argument said by its own name, not every
        # argument its words name (`hours` too)
        kept = exact
    if not kept:
        return _act_values(rule, registry, facet)
    kept = _numbers_bounded(rule, registry, kept)
    if rule.params.get("schema_values") and (acts := _act_values(rule, registry, facet)):
        # "island tickets are not offered": the values' own argument on the act's tool, not
        # `ticket_id` (a word before a noun is a value only where a schema lists it); a copy
        # whose own argument lists them stays
        listing = [
            c for c in kept if _lists(registry, c) and c.target not in {a.target for a in acts}
        ]
        return [*listing, *acts]
    return kept


def _numbers_bounded(
    rule: CandidateRule, registry: Registry, copies: list[CandidateRule]
) -> list[CandidateRule]:
    """A bound ("Guests per booking: no more than 6") on the copies whose argument can hold
    a number: an identifier its words also name (`guest_id` of `delete_guest`) holds no
    count of guests. When no copy's argument can, all are kept, and the compiler says why."""
    if rule.operator != "arg_within_bound" or not {"max", "min"} & set(rule.params):
        return copies
    if LENGTH_SAID.search(rule.quote):  # "names of at most 50 characters": a text's length
        return copies

    def numeric(copy: CandidateRule) -> bool:
        tool = registry.by_id.get(str(copy.target))
        return tool is None or not holds_no_number(tool, str(copy.params.get("facet", "")))

    numbers = [c for c in copies if numeric(c)]
    return numbers or copies


def _of_heading(heading: str, copies: list[CandidateRule]) -> list[CandidateRule]:
    """The copies on the tools of the act a short heading names ("## Bookings" over "- Days:
    1 to 14": `book_hire`, not `extend_hire`), when some are; else all of them."""
    from specgap.extract.grammar_rules import names_action
    from specgap.operators.prose import lemma, singular

    if len(copies) < 2 or len(heading.split()) > 4 or not names_action(heading):
        return copies
    acts = {lemma(singular(w)) for w in re.findall(r"[a-z]+", heading.casefold())}
    own = [c for c in copies if acts & set(words(str(c.target)))]
    return own or copies


def _named_exactly(facet: str, arg: str) -> bool:
    return facet.casefold().replace(" ", "_") == arg.casefold()


def _lists(registry: Registry, copy: CandidateRule) -> bool:
    """The copy's argument lists every value of the rule (its `enum` or description)."""
    from specgap.argfit import spec_spelled

    tool = registry.by_id.get(str(copy.target))
    props = tool.schema.get("properties") if tool is not None else None
    spec = props.get(str(copy.params.get("facet"))) if isinstance(props, dict) else None
    key = "allowed" if copy.params.get("allowed") else "values"
    said = {str(v).casefold() for v in copy.params.get(key) or ()}
    return spec_spelled(spec, said) is not None


def _act_values(rule: CandidateRule, registry: Registry, facet: str) -> list[CandidateRule]:
    """Values said before a noun that names no argument but the tools' act ("deluxe
    grooming is not available": `add_grooming`): a copy on each tool whose id says the noun
    and one of whose arguments lists every value (`specgap.argfit` binds it by the values,
    `by_values`); when no id says it, on the one writing tool that lists the values. []
    when no tool does."""
    key = "allowed" if rule.params.get("allowed") else "values"
    values = [str(v) for v in rule.params.get(key) or ()]
    said = set(words(facet))
    if not values or not said:
        return []
    from specgap.argfit import lists_values, reads_only

    out = []
    for tool in registry.tools:
        if tool.hook or reads_only(tool) or not said <= set(words(tool.id)):
            continue
        if lists_values(tool, values):
            out.append(_by_values_on(rule, tool.id))
    if not out:
        # "never book an emergency visit": no tool's id says "visit", but one writing tool
        # alone lists the values (`book_job.urgency`); two are a tie, never a guess
        listing = [
            t
            for t in registry.tools
            if not t.hook and not reads_only(t) and lists_values(t, values)
        ]
        out = [_by_values_on(rule, listing[0].id)] if len(listing) == 1 else []
    return out


def _by_values_on(rule: CandidateRule, tool_id: str) -> CandidateRule:
    """A copy of a rule of values on the tool, its argument found by the values."""
    params = {k: v for k, v in rule.params.items() if k != "facet"}
    return rule.model_copy(update={"target": tool_id, "params": {**params, "by_values": True}})


_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")


def _grounded(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """Where values come from (see `specgap.extract.sources`): one copy per tool with an
    argument whose name says every word of the facet (the source tools left out, they make
    the value). A facet written as an argument name, or one no tool's argument names, stays
    a rule over every call that names the argument at check time, kept for review."""
    # "any e-mail address": the value is "email", as argument names spell it
    given = str(rule.params["facet"])
    facet = _MAIL.sub("email", _DETERMINER.sub("", given))
    sources = {registry.canonical(str(t)) or str(t) for t in rule.params.get("from_tools", ())}
    named = [str(m) for m in rule.params.get("from_tools", ())]
    # "the pet lookup": `get_pet`, the source, is left out too
    sources |= {t.id for t in registry.tools if any(_reads(t, m) for m in named)}
    if rule.params.get("from_user"):  # "from the member or from `get_slip`": `get_slip` too
        sources = set()
    wanted = set(words(facet))
    out: list[CandidateRule] = []
    if not _IDENTIFIER.fullmatch(facet) and wanted:
        out = _copies(rule, registry, sources, facet, wanted)
        said = words(facet)
        if not out and _BRITISH.search(facet):  # "cost centre code": `cost_center_code`
            american = _BRITISH.sub(lambda m: _AMERICAN[m[0].casefold()], facet)
            out = _copies(rule, registry, sources, american, set(words(american)))
        if not out and len(said) > 1 and said[0] in _OWNERS and " " in facet:
            # "the customer's phone number": the person owns it; no argument says "customer"
            rest = facet.split(" ", 1)[1]
            out = _copies(rule, registry, sources, rest, set(words(rest)))
            said = words(rest) if out else said
        plain = [w for w in said if w not in _QUALIFIERS]  # "the new postal address"
        if not out and plain and len(plain) < len(said):
            out = _copies(rule, registry, sources, " ".join(plain), set(plain))
            said = plain
        if not out and len(said) > 1 and said[-1] in _NUMBER:
            # "registration numbers": `vehicle_registration` when no argument says `number`
            # (never `booking_id` for "booking number": an id of its own, maybe another)
            trimmed = _copies(rule, registry, sources, facet, set(said[:-1]))
            out = [c for c in trimmed if not set(words(str(c.params["facet"]))) & _ID_WORDS]
    out = out or verb_facet_copies(rule, registry, sources)  # "the cancellation reason"
    snake = facet.casefold().replace(" ", "_")
    by_id = "_" in snake and re.search(rf"(?<![\w-]){re.escape(snake)}(?![\w-])", rule.text)
    # "take session_id from the search, to book a visit or move one": the tools of the acts
    # the sentence says, each on its own argument (`new_session_id` for the move)
    acted, verbs = _acts_said(out, rule.text, sources | set(named))
    out = acted or out
    exact = [c for c in out if _named_exactly(facet, str(c.params["facet"]))]
    if exact and len(exact) < len(out) and by_id:
        # "take the tour_id from a search": the argument said by its own name, not every
        # argument its words name (`new_tour_id` too), unless the sentence says the other
        # tool's verb ("... or move one")
        out = [c for c in out if c in exact or str(c.target) in verbs]
    if out:
        return _in_section(out, rule.context, wanted)
    if _respelt(rule.text):  # a value read around its noun alone binds, or is only a note
        return []
    spelled = {compact(a): a for t in registry.tools for a in t.arg_names}
    arg = spelled.get(compact(facet), given)
    params = {k: v for k, v in rule.params.items() if k != "facet"} | {"arg": arg}
    return [rule.model_copy(update={"params": params, "grounding": "inferred"})]


def _acts_said(
    copies: list[CandidateRule], text: str, sources: set[str]
) -> tuple[list[CandidateRule], set[str]]:
    """The copies on tools whose verb the sentence says (the source tools' words aside), when
    it says the verbs of some of them but not of all, a tool whose verb cannot be told kept
    with them ([] otherwise: no tool's verb said, or every one's); and the tools whose verb it
    says ("to book a visit or move one": `move_booking` on its `new_session_id` too). A noun of
    a tool's name is no sign of its act ("provided by the customer" is no `find_customer`)."""
    said = set(words(text)) - {w for t in sources for w in words(t)}
    verbs = {str(c.target): _verb_of(str(c.target)) for c in copies}
    named = {t for t, v in verbs.items() if v is not None and v in said}
    kept = [c for c in copies if str(c.target) in named or verbs[str(c.target)] is None]
    return (kept if named and len(kept) < len(copies) else []), named


def _verb_of(tool_id: str) -> str | None:
    """The first word of a tool's own name that is a verb in its base form (`book` of
    `grotto_bookVisit`), as `words` spells it; None when none is."""
    return next((stem(w) for w in split(own_part(tool_id)) if base_verb(w)), None)


def _respelt(text: str) -> bool:
    """Whether the sentence is one `ground6_respell` reads: its value, said with no tool's
    verb, binds to an argument or gives no rule (the compiler's `unknown-argument` note)."""
    from specgap.extract.ground6_respell import respellings
    from specgap.extract.noact_dotted import snake

    dotted = snake(text)
    return bool(respellings(dotted[0] if dotted is not None else text))


_ID_WORDS = frozenset(words("number code id reference"))
_DETERMINER = re.compile(r"^(?:any|every|each|all|its|their)\s+(?=\S)", re.I)  # ("its payment_id")
# the people a value may be said to belong to ("the member's e-mail address")
_OWNERS = frozenset(
    words("user customer client caller requester member patron shopper")
)  # (the person in the chat; "every passenger" may be someone else)
_MAIL = re.compile(r"\be-mail\s+address(?:es)?\b", re.I)
_NUMBER = frozenset(words("number"))  # a word that may only say what the value looks like
# one word spelled two ways: the argument names may use either
_AMERICAN = {
    "centre": "center",
    "centres": "centers",
    "licence": "license",
    "licences": "licenses",
    "colour": "color",
    "catalogue": "catalog",
    "cheque": "check",
    "programme": "program",
    "organisation": "organization",
}
_BRITISH = re.compile(r"\b(?:" + "|".join(_AMERICAN) + r")\b", re.I)
_QUALIFIERS = frozenset(words("new updated current correct exact full valid latest preferred"))


def _copies(
    rule: CandidateRule, registry: Registry, sources: set[str], facet: str, wanted: set[str]
) -> list[CandidateRule]:
    """One copy of the rule per tool with one argument the facet's words name."""
    out: list[CandidateRule] = []
    for tool in registry.tools:
        if tool.hook or tool.id in sources:
            continue
        named = [a for a in tool.arg_names if wanted <= set(words(a)) or _timely(wanted, a)]
        named = named or _owned(tool, wanted)  # "the freeze reason": `freeze_membership.reason`
        if not named:  # "the contact e-mail address": `contact_email`, said in other words
            named = _said_otherwise(tool, facet)
        if len(named) == 1:
            params = {**rule.params, "facet": named[0]}
            out.append(rule.model_copy(update={"target": tool.id, "params": params}))
    return out


_READ_VERBS = frozenset(
    {"get", "list", "search", "find", "look", "lookup", "read", "fetch", "query"}
)


def _reads(tool: Tool, mention: str) -> bool:
    """A source named in words ("look up pet", "search prescription") that is this tool: a
    read whose name says every other word of the mention."""
    said = set(words(mention)) - _READ_VERBS - {"up"}
    named = words(tool.id)
    return bool(said) and bool(named) and named[0] in _READ_VERBS and said <= set(named)


def unbound_source(
    rule: CandidateRule, copies: list[CandidateRule], registry: Registry
) -> Diagnostic | None:
    """A located note when a value's source rule over every call found no one argument the
    value names (`_grounded`'s last case: the rule is kept over every call, reviewed), or
    when some tool takes several arguments it names (the rule does not hold there)."""
    if OPERATORS[rule.operator].spreads_over != "sources" or not copies:
        return None
    kept = copies[0]
    if kept.target != "*" or "arg" not in kept.params:
        return _several(rule, registry)
    source = "the user" if kept.params.get("from_user") else "a tool's output"
    if kept.params.get("from_user") and kept.params.get("from_tools"):
        source = "the user or a tool's output"  # "never make up X": either gave it
    return Diagnostic(
        code="condition-not-bound",
        message=f"`{kept.params['arg']}` must come from {source}, but no argument of the tools "
        "is named by it, so the rule is kept over every call, `review_only`",
        severity="note",
        span=rule.span,
        help="name the tool and its argument (`tool.arg`), or state the rule in the section "
        "about that action",
    )


def _several(rule: CandidateRule, registry: Registry) -> Diagnostic | None:
    """The note for the tools the rule skipped because the value names several of their
    arguments (`pickup date` and `return date` for "the date")."""
    facet = str(rule.params.get("facet", ""))
    wanted = set(words(facet))
    if not wanted or _IDENTIFIER.fullmatch(facet):
        return None
    sources = {registry.canonical(str(t)) or str(t) for t in rule.params.get("from_tools", ())}
    skipped = [
        (t.id, named)
        for t in registry.tools
        if not t.hook and t.id not in sources
        and len(named := [a for a in t.arg_names if wanted <= set(words(a))]) > 1
    ]  # fmt: skip
    if not skipped:
        return None
    tool, named = skipped[0]
    more = f" (and {len(skipped) - 1} more tools)" if len(skipped) > 1 else ""
    return Diagnostic(
        code="condition-not-bound",
        message=f"`{facet}` names several arguments of `{tool}` ({', '.join(named)}){more}, so "
        "the rule is not applied there",
        severity="note",
        span=rule.span,
        help="name the argument as the tool does (`tool.arg`)",
    )


_E_MAIL = re.compile(r"\be-mail", re.I)  # one word, as argument names spell it


def _said_otherwise(tool: Tool, facet: str) -> list[str]:
    """The argument a facet names in other words than its name (`contact_email` for "the
    contact e-mail address"), when the argument resolver finds it without a tie and the
    argument's name says at least half of its own words in the facet and its name or
    description says every word of the facet: a word found only in a description never
    spreads a rule to a tool, nor does a facet that says more than the argument."""
    match = resolve_argument(tool, facet)
    if match.name is None or match.name not in tool.arg_names:
        return []
    own = set(words(match.name)) - {"id"}
    said = set(words(_E_MAIL.sub("email", facet)))
    props = tool.schema.get("properties")
    spec = props.get(match.name) if isinstance(props, dict) else None
    described = spec.get("description") if isinstance(spec, dict) else None
    known = own | set(words(_E_MAIL.sub("email", f"{match.name} {described or ''}")))
    if not said <= known:  # "the contact e-mail domain": the domain is no word of the argument
        return []
    return [match.name] if own and 2 * len(own & said) >= len(own) else []


_GENERIC_ARG = frozenset({"id", "name", "number", "code", "key", "ref"})


def _owned(tool: Tool, wanted: set[str]) -> list[str]:
    """The arguments a value names by the tool's own words and the argument's: "the freeze
    reason" names `reason` of `freeze_membership` (some words in the tool's name, every
    other word in the argument's)."""
    own = set(words(tool.id))
    rest = wanted - own
    if not rest or rest == wanted or rest <= _GENERIC_ARG:
        return []  # "the prescription id" names no `pet_id` of `list_prescriptions`
    return [a for a in tool.arg_names if rest <= set(words(a))]


def _timely(wanted: set[str], arg: str) -> bool:
    """A time value ("the current time", "timestamps") is carried by an argument named for a
    time (`timestamp`, `time_verified`) or for when something happened (`created_at`)."""
    if not wanted or not wanted <= _TIME_WORDS:
        return False
    return bool(set(words(arg)) & _TIME_WORDS) or _EVENT_TIME.search(arg) is not None


_USE = frozenset(words("use using"))
_CALL = frozenset(words("call run invoke execute"))


def _in_section(copies: list[CandidateRule], heading: str, said: set[str]) -> list[CandidateRule]:
    """The copies whose tools the section heading names best ("When to give user tools":
    `give_user_tool`, not `unlock_agent_tool`), counting heading words beyond the facet's
    own; all of them when the heading tells none apart."""
    context = set(words(heading)) - said
    if context & _USE:  # "Unlocking and Using X Tools": using a tool is calling it
        context |= _CALL
    overlap = {c.target: len(context & set(words(str(c.target)))) for c in copies}
    best = max(overlap.values())
    return [c for c in copies if overlap[c.target] == best]


def exact(tool_id: str) -> Resolution:
    """The resolution of a tool named by its id (a spread rule's target)."""
    return Resolution(
        mention=tool_id,
        status="resolved",
        candidates=(Candidate(tool_id=tool_id, score=1.0, via="exact_id"),),
    )


def _argument(tool: Tool, facet: str) -> str | None:
    stems = words(facet)
    while stems and stems[-1] in _KIND_WORDS and len(stems) > 1:
        trimmed = stems[:-1]
        found = _named(tool, stems) or _named(tool, trimmed)
        if found:
            return found
        stems = trimmed
    return _named(tool, stems)


_ID_PREFIXED = re.compile(r"(?P<p>[a-z]{2,})_[a-z0-9_]+")


def _id_of(tool: Tool, facet: str, values: object) -> str | None:
    """The identifier argument of the entity whose kinds a list names, when every value
    carries the entity's id prefix: "the valid license types are 'lic_a', 'lic_b'" lists
    licenses by id (`lic` abbreviates `license`), so `license_id` takes them. Values
    without such a prefix ("'laptop', 'phone'") are kinds, never ids."""
    said = [w.casefold() for w in re.findall(r"[A-Za-z]+", facet)]
    if len(said) < 2 or said[-1].rstrip("s") not in {"type", "kind"}:
        return None
    if not isinstance(values, list | tuple) or not values:
        return None
    matches = [_ID_PREFIXED.fullmatch(str(v)) for v in values]
    prefixes = {m["p"] for m in matches if m is not None}
    if len(prefixes) != 1 or None in matches or not said[-2].startswith(next(iter(prefixes))):
        return None
    entity = said[-2]
    wanted = compact(f"{entity}_id")
    named = [a for a in tool.arg_names if compact(a) == wanted]
    return named[0] if len(named) == 1 else None


# an argument named for when something happened (`created_at`, `updatedAt`): a timestamp
_EVENT_TIME = re.compile(r"(?:_at|[a-z0-9]At)$")
_TIMESTAMPS = frozenset({"timestamp", "datetime"})
_TIME_WORDS = frozenset(w for t in ("time", "timestamp", "datetime") for w in words(t))


def _named(tool: Tool, stems: list[str]) -> str | None:
    if not stems:
        return None
    whole = "".join(stems)
    for arg in tool.arg_names:
        if compact(arg) == whole:
            return arg
    if whole in _TIMESTAMPS:  # "timestamps": a tool's one event-time argument, never a guess
        timed = [a for a in tool.arg_names if _EVENT_TIME.search(a)]
        if len(timed) == 1:
            return timed[0]
    name = set(words(tool.id))
    for cut in range(1, len(stems)):
        entity, field = stems[:cut], "".join(stems[cut:])
        if all(w in name for w in entity):
            for arg in tool.arg_names:
                if compact(arg) == field:
                    return arg
    return None


def tied(mention: str, resolution: Resolution) -> list[Candidate]:
    """The tools an ambiguous mention names together: the candidates within the margin of
    the best one whose names carry every word of the mention. A bare verb ("cancel, modify or
    return") names every candidate whose name leads with it, whatever its margin: the words
    that would tell them apart are not in the mention. Fewer than two: none."""
    if resolution.status != "ambiguous" or not resolution.candidates:
        return []
    wanted = set(words(mention)) - _GENERIC
    if not wanted:
        return []
    top = resolution.candidates[0].score
    out = [
        c
        for c in resolution.candidates
        if (top - c.score < MARGIN or _led_by(c.tool_id, wanted))
        and wanted <= set(words(c.tool_id))
    ]
    if len(out) < 2:
        return []
    # one family: the names share a first part that says every word of the mention and
    # differ after it (`modify_order_items`, `modify_order_address`), not two services'
    # tools that both happen to say it (`aws.dynamodb.PutItem`, `aws.s3.PutObject`)
    names = [words(c.tool_id) for c in out]
    shared = []
    for column in zip(*names, strict=False):
        if len(set(column)) > 1:
            break
        shared.append(column[0])
    return out if wanted <= set(shared) else []


_GENERIC = frozenset(words("tool tools function action call the a an any all"))


def _led_by(tool_id: str, wanted: set[str]) -> bool:
    """A one-word mention that is the first word of the tool's name (`modify` for
    `modify_user_address`)."""
    name = words(tool_id)
    return len(wanted) == 1 and bool(name) and name[0] in wanted


# the leading verbs of tools that change nothing, or make an entity that has no state yet
def _leading(*classes: str) -> frozenset[str]:
    return frozenset(w for cls in classes for v in VERB_CLASSES[cls] for w in words(v)[:1])


_NOT_ACTING = _leading("read", "create") - _leading("update", "delete", "send", "pay", "deliver")


def _spoken(values: list[str], registry: Registry) -> bool:
    """Every value's words are words of the tools' names or descriptions (`pending` in
    `cancel_pending_order`, `suspended` in "Resumes a suspended line")."""
    vocabulary: set[str] = set()
    for tool in registry.tools:
        vocabulary.update(words(tool.id), words(tool.description))
    return all(set(words(v)) <= vocabulary for v in values)


def acts_on(tool: Tool, entity: str) -> bool:
    """The tool changes an existing `entity`: its name has the entity word after a verb that
    neither reads nor creates, and an argument names the entity (`order_id` for `order`)."""
    name = words(tool.id)
    wanted = words(entity)
    if len(name) < 2 or not wanted or name[0] in _NOT_ACTING or "read" in tool.effects:
        return False
    if not set(wanted) <= set(name[1:]):
        return False
    return any(set(wanted) <= set(words(arg)) for arg in tool.arg_names)

"""Stage 3: candidate rules + resolutions -> policies with stable ids and enforcement levels."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from specgap.arg8_bind import anchored
from specgap.argfit import fit_to_schema
from specgap.bind_units import unit_noun_copies, unit_tool_copies
from specgap.compile_mentions import bind, hook_mention, mention_diagnostic
from specgap.compile_same import bind_same
from specgap.data_sources import data_sources, unbound_note
from specgap.extract.allow_actions import action_copies
from specgap.extract.args4_bind import bound_kinds
from specgap.extract.restrict_modifiers import REFUSES_CALLS
from specgap.extract.values3_bind import owner_copies
from specgap.id_arguments import identifier_argument
from specgap.ir import (
    CandidateRule,
    Condition,
    Diagnostic,
    Enforcement,
    Policy,
    Resolution,
    ResolvedRule,
    Selector,
    Source,
)
from specgap.noun_args import held_by, misread_noun, named_tool_copies, noun_copies, of_holder
from specgap.operators import OPERATORS
from specgap.operators.prose import is_toolish
from specgap.raised_bounds import raised
from specgap.registry import Registry, Tool
from specgap.resolve.arguments import argument_help, argument_selector
from specgap.sense import own_tool_only, sense_check
from specgap.spread import exact, spread, spreads, tied, unbound_source
from specgap.value_scope import (
    bound_clause,
    scoping_value,
    subject_kind,
    ticked_kind,
    unsaid_kind,
)
from specgap.values15_bind import by_listed_values
from specgap.within6_bind import by_quantity

_ANY = "*"  # in a tool source list: any tool's output
HIGH_CONFIDENCE = 0.8  # partial grounding is enforced when resolution is at least this sure
EXACT_MENTION_AT = 0.7  # exact grounding: every mention at least a partial name's score
_CONDITION: TypeAdapter[Condition] = TypeAdapter(Condition)
_GROUNDING_RANK = {"exact": 0, "partial": 1, "inferred": 2}
_ENFORCEMENT_RANK: dict[Enforcement, int] = {"enforce": 0, "review_only": 1, "eval_required": 2}


@dataclass(frozen=True)
class Compiled:
    policies: tuple[Policy, ...]
    diagnostics: tuple[Diagnostic, ...]


RuleCompiler = Callable[
    [str, ResolvedRule, Registry, bool], tuple[Policy | None, tuple[Diagnostic, ...]]
]
"""`compile_rule`'s signature; `specgap watch` passes one that caches it by content."""


def compile_policies(
    agent: str,
    rules: Iterable[ResolvedRule],
    registry: Registry,
    *,
    strict: bool = False,
    compile_one: RuleCompiler | None = None,
    untrusted: frozenset[str] = frozenset(),
) -> Compiled:
    """Each rule on its own (`compile_one`, default `compile_rule`), then the passes over
    all of them: merging, ordering, conflicts. Rules come with their resolutions
    (`specgap.resolve.resolve_rules`); compiling only reads them. `untrusted`: the paths of
    tool lists: their rules govern only the tool they describe (`own_tool_only`), and their
    orderings yield to the prompt's and the config's (`sense_check`)."""
    one = compile_one or compile_rule
    diagnostics: list[Diagnostic] = []
    by_id: dict[str, list[Policy]] = {}
    for rule in rules:
        for each in _each_tool(rule, registry, diagnostics):
            policy, found = one(agent, each, registry, strict)
            diagnostics.extend(found)
            if policy is not None and policy.source.artifact in untrusted:
                policy = own_tool_only(policy, each.rule, registry, diagnostics)
            if policy is not None:
                by_id.setdefault(policy.id, []).append(policy)
    policies = sorted((_merge(group) for group in by_id.values()), key=_policy_order)
    policies = sense_check(policies, diagnostics, untrusted)  # nonsense is never enforced
    diagnostics.extend(conflicts(policies))
    return Compiled(tuple(policies), tuple(diagnostics))


def _each_tool(
    resolved: ResolvedRule, registry: Registry, diagnostics: list[Diagnostic]
) -> list[ResolvedRule]:
    """The rule, or one copy per tool: of the tools taking the argument a rule over every
    tool names, or of the tools a generic action names together (see `specgap.spread`)."""
    resolved = by_listed_values(resolved, registry)  # "we never collect asbestos or paint"
    resolved, on_tools = anchored(resolved, registry, diagnostics)  # "the X passed to `t`"
    if on_tools is not None:
        return on_tools
    ties: list[Diagnostic] = []
    resolved = by_quantity(resolved, registry, ties)  # "Stay length: at most 14 nights"
    if ties and misread_noun(resolved.rule.target):  # no noun to decide the tie by
        diagnostics.extend(ties)
        return [resolved]
    copies = _bound_copies(resolved, registry, diagnostics)
    # a tie of the quantity's arguments is reported unless the bound's noun decided it ("the
    # deposit is between ...": `rent_instrument.deposit`, of `amount` and `deposit`)
    if not any(c.target.status == "resolved" for c in copies):
        diagnostics.extend(ties)
    return copies


def _bound_copies(
    resolved: ResolvedRule, registry: Registry, diagnostics: list[Diagnostic]
) -> list[ResolvedRule]:
    kinds = bound_kinds(resolved, registry, diagnostics, identifier_argument)  # `booking_id`
    if kinds is not None:
        return kinds
    rule = resolved.rule
    together = tied(rule.target, resolved.target) if rule.target else []
    if together:
        names = ", ".join(f"`{c.tool_id}`" for c in together)
        diagnostics.append(
            Diagnostic(
                code="mention-spread",
                message=f"`{rule.target}` names {len(together)} tools ({names}); the rule "
                "applies to each",
                severity="note",
                span=rule.span,
                help="name one tool by its id if the rule is about one of them",
            )
        )
        return [
            resolved.model_copy(
                update={
                    # named together, not by name: enforced only at a sure resolution
                    "rule": rule.model_copy(update={"target": c.tool_id, "grounding": "partial"}),
                    "target": Resolution(mention=c.tool_id, status="resolved", candidates=(c,)),
                }
            )
            for c in together
        ]
    if not spreads(rule):
        return noun_copies(resolved, registry) or [resolved]  # "each exposure ... minutes"
    rule = of_holder(rule, registry)  # "the word_count of a quote": `word_count`, of a quote
    copies = held_by(spread(rule, registry), rule.params.get("holder"), registry)  # "grooming"
    copies = unit_noun_copies(rule, registry, copies) or copies  # "vouchers ... 75 euros"
    copies = copies or named_tool_copies(rule, registry)  # "tips may not exceed 20%"
    copies = copies or action_copies(rule, registry)  # "the cancellation reason": `cancel_*`
    copies = copies or owner_copies(rule, registry)  # "the waiver reason": `waive_fee.reason`
    copies = copies or unit_tool_copies(rule, registry)  # "dry ice ... 20 kg": `dry_ice_kg`
    unbound = unbound_source(rule, copies, registry)  # "ask for the X": no one argument is X
    diagnostics.extend([unbound] if unbound is not None else [])
    if not copies and "entity" in rule.params and "facet" not in rule.params:
        diagnostics.append(
            Diagnostic(
                code="unresolved-mention",
                message=f"no tool acts on an existing `{rule.params['entity']}`",
                severity="warning",
                span=rule.span,
                help="name the tools the rule is about by their ids",
            )
        )
    elif not copies:
        diagnostics.append(
            Diagnostic(
                code="unknown-argument",
                message=f"no tool takes an argument named by `{rule.params['facet']}`",
                severity="warning",
                span=rule.span,
                help="name the argument as the tools do, or the tool the rule is about",
            )
        )
    return [resolved.model_copy(update={"rule": c, "target": exact(str(c.target))}) for c in copies]


def conflicts(policies: Iterable[Policy]) -> Iterable[Diagnostic]:
    """Two policies constraining the same thing differently (say, `max_rows: 50` in config
    and "at most 100 rows" in the prompt). Both stay enforced, so the stricter one wins in
    effect; the author should still make the sources agree. Two policies that are only
    reviewed (bounds each held under a condition no reader binds: "at most £150, or £250 for
    members") enforce nothing, so they do not conflict."""
    seen: dict[tuple[str, str, str], Policy] = {}
    for policy in policies:
        operator = OPERATORS.get(policy.operator)
        if operator is None or not operator.conflicts:
            continue
        selector = getattr(policy.condition, "selector", None)
        key = (policy.operator, policy.target, selector.model_dump_json() if selector else "")
        first = seen.setdefault(key, policy)
        if first is policy or "enforce" not in {first.enforcement, policy.enforcement}:
            continue
        yield Diagnostic(
            code="conflicting-policies",
            message=f"this rule and the one at {first.source.span.location()} constrain the "
            f"same value of `{policy.target}` differently",
            severity="warning",
            span=policy.source.span,
            help=f"make them agree: `{first.message}` vs `{policy.message}`",
        )


def _policy_order(p: Policy) -> tuple[str, int, str]:
    return (p.source.span.path, p.source.span.start_byte, p.id)


def compile_rule(
    agent: str, resolved: ResolvedRule, registry: Registry, strict: bool = False
) -> tuple[Policy | None, tuple[Diagnostic, ...]]:
    """One rule with its resolutions: its policy (None if it compiles to none) and
    diagnostics, a pure function of the arguments."""
    diagnostics: list[Diagnostic] = []
    policy = _compile_rule(agent, resolved, registry, strict, diagnostics)
    return policy, tuple(diagnostics)


def _compile_rule(
    agent: str,
    resolved: ResolvedRule,
    registry: Registry,
    strict: bool,
    diagnostics: list[Diagnostic],
) -> Policy | None:
    rule = resolved.rule
    operator = OPERATORS.get(rule.operator)
    if operator is None:
        diagnostics.append(
            Diagnostic(
                code="unknown-operator",
                message=f"no operator `{rule.operator}`",
                span=rule.span,
                help=f"known operators: {', '.join(OPERATORS)}",
            )
        )
        return None
    hooked = hook_mention(rule, operator.tool_params, registry)
    if hooked is not None:
        diagnostics.extend(hooked)
        return None
    target = resolved.target
    involved = [target]
    params: dict[str, Any] = dict(rule.params)
    for name in operator.tool_params:
        mention = params.get(name)
        if isinstance(mention, list | tuple) and mention:  # any of several tools
            ids, found = bind(mention, resolved.params.get(name, ()))
            involved.extend(found)
            params[name] = ids[0] if len(ids) == 1 else ids  # one: as a single-tool rule
            continue
        if not isinstance(mention, str) or not resolved.params.get(name):
            diagnostics.append(mention_diagnostic(rule, None, str(mention), strict))
            return None
        (res,) = resolved.params[name]
        involved.append(res)
        params[name] = res.tool_id
    for name in operator.tool_lists:  # `covers`: several tools
        value = params.get(name)
        if isinstance(value, list | tuple):
            params[name], found = bind(value, resolved.params.get(name, ()))
            involved.extend(found)
    tied_sources: list[Resolution] = []
    for name in operator.tool_sources:  # `from_tools`: unsure widens to any tool's output
        value = params.get(name)
        if isinstance(value, list | tuple) and value:
            given = resolved.params.get(name, ())
            if (
                given
                and len(given) == len(value)
                and all(
                    r.status == "unresolved" and is_toolish(r.mention.strip("`")) for r in given
                )
            ):
                # "must be one of `half_day` or `multi_day`": values shaped like ids, no
                # tool among them: no source rule at all, never "any tool's output" (a
                # source in general words, "listed in the catalogue", is any tool's output)
                diagnostics.extend(mention_diagnostic(rule, r, r.mention, strict) for r in given)
                return None
            sources = [r.tool_id if r.status == "resolved" else None for r in given]
            unsure = len(given) < len(value) or None in sources or _ANY in sources
            params[name] = [_ANY] if unsure else sorted({str(t) for t in sources})
            # a source that names one of several tools ("the search", three tools search):
            # any tool's output is weaker than the sentence, so it is never enforced
            tied_sources.extend(r for r in given if r.status == "ambiguous")
    kinds: list[str] = []  # `sources` of a flow: tools by id, or the tools a kind of data names
    for name in operator.data_lists:
        if isinstance(value := params.get(name), list | tuple) and value:
            params[name], kinds = data_sources(value, registry, target.tool_id)
            params.setdefault("label", kinds[0] if kinds else "from:" + "+".join(params[name]))
    for res in involved:
        if res.status != "resolved":
            diagnostics.append(mention_diagnostic(rule, res, res.mention, strict))
    if any(res.status == "unresolved" for res in involved):
        return None
    # a glob target stands for every tool it matches: no single tool's facets apply
    tool = registry.by_id.get(target.tool_id or "") or Tool(id=target.tool_id or "")
    fitted = fit_to_schema(rule, tool, params, diagnostics)  # a list's count, an enum's values
    if fitted is None:
        return None
    rule, params = fitted
    operator = OPERATORS[rule.operator]
    condition = _condition(rule, tool, operator.complete(params, registry), diagnostics)
    if condition is None:
        return None
    enforcement = _enforcement(rule, involved)
    if tied_sources and enforcement == "enforce":
        enforcement = "review_only"
        diagnostics.extend(mention_diagnostic(rule, r, r.mention, strict) for r in tied_sources)
    if kinds and not registry.sources_of(str(params.get("label"))):  # the config tags none
        enforcement = "review_only"  # a kind of data: bound by the tools' words, or not at all
        diagnostics.append(unbound_note(rule, tool.id, kinds, params.get("sources", [])))
    unbound = operator.unbound(condition, tool.all_arg_names)
    if unbound is not None:
        enforcement = "review_only"
        diagnostics.append(
            Diagnostic(
                code="condition-not-bound",
                message=f"`{rule.operator}` on `{tool.id}`: {unbound}; it stays `review_only`",
                severity="note",
                span=rule.span,
                help="name the argument the rule is bound to, or enforce it elsewhere",
            )
        )
    condition = _value_ban(rule, tool, condition)  # "a `no_show` is never refunded"
    cond_data = condition.model_dump(mode="json", by_alias=True)
    # (also said of a rule reviewed for how its tool was named: "do not reroute international
    # shipments" names a kind of shipment, whatever the mention's score)
    said_of = (
        _said_of_a_kind(rule, tool, cond_data)
        if enforcement == "enforce" or (enforcement == "review_only" and rule.condition is None)
        else None
    )
    if said_of is not None:  # "a cleaning takes at most 60 minutes": not every booking
        enforcement = "review_only"
        diagnostics.append(said_of)
    top = cond_data.get("max") if rule.operator in _BOUNDS else None
    case = raised(rule.quote, float(top)) if isinstance(top, int | float) else None
    if case is not None and enforcement == "enforce" and rule.condition is None:
        # "one to four names, and a family session takes as many as eight": the flat bound
        # would refuse what the sentence allows
        enforcement = "review_only"
        diagnostics.append(
            Diagnostic(
                code="condition-not-bound",
                message=f"`{rule.operator}` on `{tool.id}`: the sentence allows up to "
                f"{case[1]:g} in another case ('{case[0]}'), which this bound cannot tell "
                "apart; it stays `review_only`",
                severity="note",
                span=rule.span,
                help="state the other case as its own rule on an argument or a state the "
                "tools carry, or enforce the larger bound elsewhere",
            )
        )
    cond_json = json.dumps(cond_data, sort_keys=True)
    if rule.condition is not None:
        cond_json += f"\0{rule.condition}"  # two conditions, two rules; plain ids unchanged
    digest = hashlib.sha256(
        f"{agent}\0{rule.operator}\0{tool.id}\0{cond_json}".encode()
    ).hexdigest()
    description = operator.describe(condition, tool.id)
    if rule.condition is not None:
        description += f" ({rule.condition}: condition not bound)"
    return Policy(
        id=f"{agent}.{rule.operator}.{digest[:8]}",
        title=description[:1].upper() + description[1:],
        check_category=operator.category,
        operator=rule.operator,
        target=tool.id,
        condition=condition,
        action=operator.action_of(condition) if operator.action_of else operator.action,
        message=description,
        enforcement=enforcement,
        confidence=round(min(rule.confidence, *(r.score for r in involved)), 3),
        source=Source(
            artifact=rule.span.path,
            span=rule.span,
            quote=rule.quote,
            grounding=rule.grounding,
            mentions=rule.mentions,
            extractor=rule.extractor,
        ),
    )


# words that make a value in a ban an exception to it, not what it bans
_EXCEPTS = re.compile(
    r"\b(?:except|unless|other\s+than|apart\s+from|besides|but|only|if\s+not|not\s+for|"
    r"instead|otherwise|rather)\b",
    re.I,
)


def _value_ban(rule: CandidateRule, tool: Tool, condition: Any) -> Any:
    """A plain ban said of one listed value of another argument ("a `no_show` is never
    refunded", `reason` listing `no_show`): the ban of that value, which `deny_action`
    states (`selector`, `values`). A ban with an exception word is left as read (the value
    may be what is spared, not what is banned), and is reviewed by `_said_of_a_kind`."""
    if rule.operator != "deny_action" or rule.condition is not None:
        return condition
    said = condition.model_dump()
    if said.get("selector") is not None or said.get("values"):
        return condition
    if _EXCEPTS.search(rule.quote):
        return condition
    scope = scoping_value(rule.quote, tool, {})
    if scope is None:
        return condition
    arg, value = scope
    return condition.model_copy(update={"selector": Selector(arg=arg), "values": (value,)})


# rules that bound what one call carries: said of one kind of call, they hold for it only
_BOUNDS = frozenset({"arg_within_bound", "arg_count_bound", "resource_in_allowlist"})
# rules whose sentence's subject may name the kind of call they hold for
_SAID_OF = frozenset(
    {"arg_within_bound", "arg_count_bound", "review_required", "require_confirmation"}
)


def _said_of_a_kind(
    rule: CandidateRule, tool: Tool, condition: dict[str, Any]
) -> Diagnostic | None:
    """The note of a rule its sentence says of one kind of call only (`specgap.value_scope`):
    a value another argument lists ("a cleaning takes at most 60 minutes"), or, for a rule
    that refuses calls, a modifier no schema word explains ("never delete confidential
    buckets"); None for a rule said of every call. Enforced, such a rule would be stronger
    than its sentence."""
    if rule.operator == "schema_contract":
        return None
    clause = bound_clause(rule.quote, condition)  # "at most 8; a `pest` one at least 2"
    scope = scoping_value(clause, tool, condition)
    kind = ticked_kind(clause, tool, condition) if rule.operator in _BOUNDS else None
    if kind is None and rule.operator in _SAID_OF and rule.condition is None:
        kind = subject_kind(clause, tool)  # "overnight sessions need the manager's approval"
    if scope is not None:
        said = (
            f"holds only when `{scope[0]}` is `{scope[1]}`, which the sentence names; no "
            "operator states that"
        )
        fix = "state the rule for every call of the tool, or check it in review"
    elif kind is not None:
        said = (
            f"is said of `{kind}` ones only, a kind of call no argument of `{tool.id}` is "
            "bound to here; enforced on every call it would be stronger than stated"
        )
        fix = f"say which argument holds `{kind}`, or check it in review"
    elif rule.operator in REFUSES_CALLS and rule.condition is None:
        kind = unsaid_kind(rule.target or "", tool)
        if kind is None:
            return None
        said = (
            f"is said of `{kind}` ones only (`{rule.target}`), a kind nothing in `{tool.id}`'s "
            "schema names; enforced on every call it would be stronger than stated"
        )
        fix = f"say which argument or state makes a call `{kind}`, or check it in review"
    else:
        return None
    return Diagnostic(
        code="condition-not-bound",
        message=f"`{rule.operator}` on `{tool.id}` {said}, so it stays `review_only`",
        severity="note",
        span=rule.span,
        help=fix,
    )


def selector_for(tool: Tool, facet: str) -> Selector | None:
    """A facet noun from prose ("tables", "e-mail address") -> where the tool's call carries
    it (`specgap.resolve.arguments`, or the one argument carrying "<thing> id":
    `specgap.id_arguments`); None when unknown or ambiguous."""
    return argument_selector(tool, facet) or identifier_argument(tool, facet)


def _condition(
    rule: CandidateRule, tool: Tool, params: dict[str, Any], diagnostics: list[Diagnostic]
) -> Condition | None:
    params = {k: sorted(v) if k in {"allowed", "values"} else v for k, v in params.items()}
    params = bind_same(rule, tool, params, diagnostics)  # "... before cancelling it"
    if "facet" in params:
        facet = str(params.pop("facet"))
        selector = selector_for(tool, facet)
        unknown = OPERATORS[rule.operator].unknown_facet
        if selector is None and unknown == "phrase":
            # a description word ("card" for `payment_method_id`): matched at check time
            return _validated(rule, {**params, "arg": facet}, diagnostics)
        if selector is None and unknown == "warn":
            diagnostics.append(
                Diagnostic(
                    code="unknown-argument",
                    message=f"`{facet}` is not an argument or facet of `{tool.id}`",
                    severity="warning",
                    span=rule.span,
                    help=argument_help(tool, facet),
                )
            )
            return None
        params["selector"] = selector
    return _validated(rule, params, diagnostics)


def _validated(
    rule: CandidateRule, params: dict[str, Any], diagnostics: list[Diagnostic]
) -> Condition | None:
    try:
        return _CONDITION.validate_python({**params, "operator": rule.operator})
    except ValidationError as exc:
        first = exc.errors()[0]
        text = first["msg"].removeprefix("Value error, ")  # user text inside keeps its case
        text = text[:1].lower() + text[1:]
        diagnostics.append(
            Diagnostic(
                code="invalid-rule",
                message=f"`{rule.operator}` rule has invalid parameters: {text}",
                span=rule.span,
                help=f"at `{'.'.join(str(p) for p in first['loc'])}`",
            )
        )
        return None


def _enforcement(rule: CandidateRule, involved: list[Resolution]) -> Enforcement:
    if rule.condition is not None:
        return "review_only"  # a condition not bound: never enforce the unconditional rule
    if any(res.status != "resolved" for res in involved):
        return "review_only"
    if rule.grounding == "exact":
        # the rule's words are exact, but a mention resolved from a bare verb or a few
        # shared letters (under a partial name's band) is no ground to enforce it
        weakest = min((r.score for r in involved), default=1.0)
        return "enforce" if weakest >= EXACT_MENTION_AT else "review_only"
    if rule.grounding == "inferred":
        return (
            "eval_required" if rule.check_category == "business_logic_validation" else "review_only"
        )
    return "enforce" if min(r.score for r in involved) >= HIGH_CONFIDENCE else "review_only"


def _merge(group: list[Policy]) -> Policy:
    """The same policy stated in several places: one policy, every source kept."""
    if len(group) == 1:
        return group[0]
    ranked = sorted(
        group,
        key=lambda p: (
            _ENFORCEMENT_RANK[p.enforcement],
            _GROUNDING_RANK[p.source.grounding],
            p.source.span.path,
            p.source.span.start_byte,
        ),
    )
    best = ranked[0]
    if len(ranked) == 1:
        return best
    return best.model_copy(
        update={
            "also_stated_at": tuple(p.source for p in ranked[1:]),
            "confidence": max(p.confidence for p in ranked),
        }
    )

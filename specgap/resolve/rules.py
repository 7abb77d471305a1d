"""The resolve stage over rules: every tool mention a rule makes, resolved in its context.

`resolve_rule` returns the rule with its resolutions (`ResolvedRule`): its target and each
tool-valued parameter its operator declares (`tool_params`, `tool_lists`, `tool_sources`),
a list item by item, each resolved with the rule's own words around it. Two rules
mentioning the same text in different sentences each get their own resolution. A glob
target (and the `*` of a source list) stands for every tool it matches.

`bundle_resolutions` lists them for the bundle, where they are keyed by mention: a mention
every rule of the agent resolves alike is listed once under its text; one resolved
differently by different rules is listed per rule, under `<mention>@<path:line:col>`; an
implicit target under `@<path:line:col>` (`resolution_of` finds a rule's own).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Hashable, Iterable

from specgap.ir import Candidate, CandidateRule, Resolution, ResolvedRule, Span
from specgap.operators import OPERATORS
from specgap.resolve.resolver import Resolver

ANY_TOOL = "*"  # in a source list (`from_tools`): the output of any tool


def resolve_rules(resolver: Resolver, rules: Iterable[CandidateRule]) -> tuple[ResolvedRule, ...]:
    """Every rule with its resolutions, in order."""
    return tuple(resolve_rule(resolver, rule) for rule in rules)


def resolve_rule(resolver: Resolver, rule: CandidateRule) -> ResolvedRule:
    """The rule with the resolution of its target and of every tool-valued parameter, in
    the rule's context (its text, section heading and facet). A pure function of the rule's
    content and the registry: nothing here depends on where the rule is."""
    context = context_of(rule)
    if rule.target is not None and is_glob(rule.target):
        target = glob_resolution(resolver, rule.target)
    else:
        target = resolver.resolve(rule.target, context)
    operator = OPERATORS.get(rule.operator)
    sources = operator.tool_sources if operator else ()
    params: dict[str, tuple[Resolution, ...]] = {}
    for name, mentions in tool_mentions(rule).items():
        params[name] = tuple(
            glob_resolution(resolver, m)
            if name in sources and m == ANY_TOOL
            else resolver.resolve(m, context)
            for m in mentions
        )
    return ResolvedRule(rule=rule, target=target, params=params)


def context_of(rule: CandidateRule) -> str:
    """The words around a rule's mentions that may favour one tool over another."""
    facet = str(rule.params.get("facet", ""))
    return f"{rule.text} {rule.context} {facet}"


def tool_mentions(rule: CandidateRule) -> dict[str, tuple[str, ...]]:
    """The mentions of each tool-valued parameter the rule's operator declares and the rule
    gives: a tool parameter's one mention (or several: any of them will do), a tool list's
    string items."""
    operator = OPERATORS.get(rule.operator)
    if operator is None:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for name in (*operator.tool_params, *operator.tool_lists, *operator.tool_sources):
        value = rule.params.get(name)
        if isinstance(value, str) and name in operator.tool_params:
            out[name] = (value,)
        elif isinstance(value, list | tuple):
            out[name] = tuple(item for item in value if isinstance(item, str))
    return out


# --- the bundle's list ------------------------------------------------------------------------


def bundle_resolutions(resolved: Iterable[ResolvedRule]) -> tuple[Resolution, ...]:
    """Every resolution of every rule, once each, keyed as the module docstring says, in
    the order of their keys."""
    by_text: dict[str, list[tuple[Span, Resolution]]] = {}
    for each in resolved:
        span = each.rule.span
        if each.rule.target is None:  # implicit: always by position
            by_text.setdefault(located("", span), []).append((span, each.target))
        else:
            by_text.setdefault(each.rule.target, []).append((span, each.target))
        for resolutions in each.params.values():
            for res in resolutions:
                by_text.setdefault(res.mention, []).append((span, res))
    out: dict[str, dict[Hashable, Resolution]] = {}
    for text, found in by_text.items():
        alike = len({_meaning(res) for _, res in found}) == 1
        for span, res in found:
            key = text if alike or text.startswith("@") else located(text, span)
            if res.mention != key:
                res = res.model_copy(update={"mention": key})
            out.setdefault(key, {}).setdefault(_meaning(res), res)
    return tuple(
        res
        for key in sorted(out)
        for res in sorted(out[key].values(), key=lambda r: r.model_dump_json())
    )


def resolution_of(
    resolutions: Iterable[Resolution], mention: str | None, span: Span
) -> tuple[Resolution, ...]:
    """The resolutions of `mention` (None: the implicit target) by the rule at `span`, from
    a bundle's list: its own, if the mention was resolved differently elsewhere, else the
    one every rule shares."""
    keys = (located("", span),) if mention is None else (located(mention, span), mention)
    listed = tuple(resolutions)
    for key in keys:
        found = tuple(r for r in listed if r.mention == key)
        if found:
            return found
    return ()


def located(mention: str, span: Span) -> str:
    """The bundle key of a mention made by the rule at `span`."""
    return f"{mention}@{span.location()}"


def _meaning(res: Resolution) -> Hashable:
    """A resolution without its mention: what it says."""
    return (res.status, res.candidates)


# --- globs and suggestions --------------------------------------------------------------------

GLOB_SCORE = 0.75


def is_glob(mention: str) -> bool:
    return any(ch in mention for ch in "*?[")


def glob_resolution(resolver: Resolver, pattern: str) -> Resolution:
    """A glob target (`*`, `aws.s3.*`) stands for every tool it matches: it resolves to
    itself when it matches at least one registry tool, and is unresolved otherwise.

    Its score stays under the compiler's confidence bar: prose that names no tool and is
    read as "every call" is reviewed before it is enforced, while a glob written out
    verbatim (exact grounding) is enforced as stated."""
    matches = [t for t in resolver.registry.by_id if fnmatch.fnmatchcase(t, pattern)]
    candidates = (Candidate(tool_id=pattern, score=GLOB_SCORE, via="exact_id"),) if matches else ()
    return Resolution(
        mention=pattern, status="resolved" if matches else "unresolved", candidates=candidates
    )


def did_you_mean(resolution: Resolution) -> str | None:
    if not resolution.candidates:
        return None
    names = " or ".join(f"`{c.tool_id}`" for c in resolution.candidates[:2])
    return f"did you mean {names}?"

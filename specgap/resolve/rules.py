"""The resolve stage over rules: every tool mention a rule makes, resolved in its context.

`resolve_rule` returns the rule with its resolutions (`ResolvedRule`): its target and each
tool-valued parameter its operator declares (`tool_params`, `tool_lists`, `tool_sources`),
a list item by item, each resolved with the rule's own words around it; a tie the heading
of the rule's section decides is decided so (`specgap.resolve.sections`), as an inference. Two rules
mentioning the same text in different sentences each get their own resolution. A glob
target (and the `*` of a source list) stands for every tool it matches.

`bundle_resolutions` lists them for the bundle, where they are keyed by mention: a mention
every rule of the agent resolves alike is listed once under its text; one resolved
differently by different rules is listed per rule, under `<mention>@<path:line:col>`; an
implicit target under `@<path:line:col>` (`resolution_of` finds a rule's own).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Hashable, Iterable, Iterator, Sequence

from specgap.ir import Candidate, CandidateRule, Resolution, ResolvedRule, Span
from specgap.operators import OPERATORS
from specgap.resolve.arg_ties import by_argument
from specgap.resolve.evidence import MARGIN, near_tie
from specgap.resolve.not_itself import without_itself
from specgap.resolve.resolver import Resolver
from specgap.resolve.sections import in_section
from specgap.resolve.source_ties import by_output

ANY_TOOL = "*"  # in a source list (`from_tools`): the output of any tool


def resolve_rules(resolver: Resolver, rules: Iterable[CandidateRule]) -> tuple[ResolvedRule, ...]:
    """Every rule with its resolutions, in order."""
    return tuple(resolve_rule(resolver, rule) for rule in rules)


def resolve_rule(resolver: Resolver, rule: CandidateRule) -> ResolvedRule:
    """The rule with the resolution of its target and of every tool-valued parameter, in
    the rule's context (its text, section heading and facet). A pure function of the rule's
    content and the registry: nothing here depends on where the rule is."""
    if rule.target is not None and _SCOPE_ONLY.match(rule.target):
        # "..., and for each rental only once": the count's scope, said where its act was
        # elided, names no tool; the rule's tool is the sentence's (the implicit target)
        kept = tuple(m for m in rule.mentions if m != rule.target)
        rule = rule.model_copy(update={"target": None, "mentions": kept, "grounding": "partial"})
    context = context_of(rule)
    if rule.target is not None and is_glob(rule.target):
        target = glob_resolution(resolver, rule.target)
    else:
        target = resolver.resolve(rule.target, _context(rule, rule.target, context))
        target = _in_full(resolver, rule, rule.target, target)
    target = by_argument(resolver.registry, rule, target)  # only one tied tool takes it
    if rule.target is None and target.status == "ambiguous":
        broken = _by_heading(resolver, rule.context, target)
        if broken is not target:  # an inference from the heading: reviewed, never enforced
            target, rule = broken, rule.model_copy(update={"grounding": "inferred"})
    scoped: list[bool] = []

    def scope(res: Resolution) -> Resolution:
        """`res`, or the tie it is decided by the rule's section (`in_section`)."""
        decided = in_section(resolver.registry, rule.context, res)
        scoped.append(decided is not res)
        return decided

    if rule.target is not None and not is_glob(rule.target):
        target = scope(target)
    operator = OPERATORS.get(rule.operator)
    sources = operator.tool_sources if operator else ()
    params: dict[str, tuple[Resolution, ...]] = {}
    for name, mentions in tool_mentions(rule).items():
        params[name] = tuple(
            glob_resolution(resolver, m)
            if name in sources and m == ANY_TOOL
            else scope(_source(resolver, rule, name in sources, m, context))
            for m in mentions
        )
    if rule.operator == "require_before" and "before" in params:  # never the tool itself
        params["before"] = tuple(without_itself(target, r) for r in params["before"])
    if any(scoped):  # an inference from the section's heading: reviewed, never enforced
        rule = rule.model_copy(update={"grounding": "inferred"})
    return ResolvedRule(rule=rule, target=target, params=params)


def _source(
    resolver: Resolver, rule: CandidateRule, source: bool, mention: str, context: str
) -> Resolution:
    """A tool-valued parameter's mention resolved; a source's tie decided by the value it
    gives (`specgap.resolve.source_ties`)."""
    res = _in_full(
        resolver, rule, mention, resolver.resolve(mention, _context(rule, mention, context))
    )
    return by_output(resolver.registry, rule, res) if source else res


# a mention that is only the scope of a count ("and for each rental", "per booking", "for
# every visit"): a conjunction or a preposition, a quantifier and one noun ("any refund" may
# name the act: "before any refund")
_SCOPE_ONLY = re.compile(
    r"^(?:(?:and|or|but|nor)\s+(?:(?:for|in|on)\s+)?(?:each|every|per|any)|(?:for|in)\s+(?:each|"
    r"every)|per)\s+[a-z][\w-]*$",
    re.I,
)


def _in_full(
    resolver: Resolver, rule: CandidateRule, mention: str | None, res: Resolution
) -> Resolution:
    """A mention read from a longer text (a procedure's step: "delete role" from "Delete
    the role itself from the system") that does not resolve on its own words: the text
    itself, read as the action with all it says, when that resolves to one of the
    mention's own candidates. Never another tool than the mention could be."""
    said = rule.mention_context.get(mention) if mention is not None else None
    if res.status == "resolved" or not said or not res.candidates:
        return res
    text = " ".join(said.split()).rstrip(".;:!")
    if text.casefold() == (mention or "").casefold():
        return res
    full = resolver.resolve(text, f"{rule.context} {rule.params.get('facet', '')}")
    if full.status != "resolved" or full.tool_id not in {c.tool_id for c in res.candidates}:
        return res
    return full.model_copy(update={"mention": res.mention})


def _by_heading(resolver: Resolver, heading: str, tied: Resolution) -> Resolution:
    """An implicit target tied between tools, in a section whose heading names one of them
    ("### Modify items": `modify_pending_order_items`): that one, and the rule is then an
    inference (reviewed). The heading only breaks the tie; a heading naming no tool, or one
    outside the tie, leaves it ambiguous."""
    if not heading.strip():
        return tied
    named = resolver.resolve(heading)
    top, tie = tied.candidates[0].score, near_tie(tied)
    chosen = next((c for c in tie if named.status == "resolved" and c.tool_id == named.tool_id),
                  None)  # fmt: skip
    if chosen is None:
        return tied
    lead = chosen.model_copy(update={"score": round(min(top + MARGIN, 0.96), 4)})
    rest = tuple(c for c in tied.candidates if c is not chosen)
    return tied.model_copy(update={"status": "resolved", "candidates": (lead, *rest)})


def _context(rule: CandidateRule, mention: str | None, own: str) -> str:
    """A mention read from another text than the rule's sentence (the previous step of a
    procedure) is resolved in that text, with the rule's section and facet."""
    said = rule.mention_context.get(mention) if mention is not None else None
    if said is None:
        return own
    return f"{said} {rule.context} {rule.params.get('facet', '')}"


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


def bundle_resolutions(resolved: Sequence[ResolvedRule]) -> tuple[Resolution, ...]:
    """Every resolution of every rule, once each, keyed as the module docstring says, in
    the order of their keys."""
    first: dict[str, Resolution] = {}
    others: dict[int, tuple[str, Resolution]] = {}  # made again, as another object
    for text, _, res in _made(resolved):
        # the resolver interns what it resolves alike: mostly this is the very first object
        if first.setdefault(text, res) is not res:
            others[id(res)] = (text, res)
    differ = {text for text, res in others.values() if _meaning(first[text]) != _meaning(res)}
    out: dict[str, dict[Hashable, Resolution]] = {
        text: {None: _keyed(res, text)} for text, res in first.items() if text not in differ
    }
    for text, own, res in _made(resolved) if differ else ():
        if text in differ:  # once per rule, under its place
            out.setdefault(own, {}).setdefault(_meaning(res), _keyed(res, own))
    listed: list[Resolution] = []
    for key in sorted(out):
        several = list(out[key].values())
        listed.extend(several if len(several) == 1 else sorted(several, key=_json))
    return tuple(listed)


def _made(resolved: Iterable[ResolvedRule]) -> Iterator[tuple[str, str, Resolution]]:
    """(key, key if rules differ, resolution) for every resolution of every rule: a
    mention's text and its text at the rule's place; an implicit target's place, twice."""
    for each in resolved:
        rule = each.rule
        place = located("", rule.span)
        if rule.target is None:
            yield place, place, each.target
        else:
            yield rule.target, rule.target + place, each.target
        for resolutions in each.params.values():
            for res in resolutions:
                yield res.mention, res.mention + place, res


def _keyed(res: Resolution, key: str) -> Resolution:
    return res if res.mention == key else res.model_copy(update={"mention": key})


def _json(res: Resolution) -> str:
    return res.model_dump_json()


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
    return "*" in mention or "?" in mention or "[" in mention


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

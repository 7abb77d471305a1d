"""The deterministic extractor's pattern table over sentences.

Each pattern is a regular expression over the sentence (markup blanked out) plus a builder
that turns its groups into a candidate rule. Patterns describe the language of rules, never
one document. Each operator states its own (`Operator.prose`, in `specgap/operators/<name>.py`).
The driver here runs them all over a sentence, in registry order, gives each operator to the
first pattern that yields it, and drops the rules of operators a found rule shadows
(`Operator.shadows`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from specgap.extract.agent_params import (
    counts_anything,
    counts_values,
    named_by_id,
    names_an_argument,
    tool_arguments,
)
from specgap.extract.pattern_base import (
    ANY_TOOL,
    EXTRACTOR,
    TICKED,
    Match,
    PatternFn,
    is_toolish,
    mention_in,
    mentions_any_of,
)
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Grounding
from specgap.operators import OPERATORS, Operator, Prose, on_change
from specgap.operators.base import Found
from specgap.operators.prose import NUMBER_WORDS
from specgap.resolve.lexicon import classes_of, verb_key

__all__ = ["EXTRACTOR", "is_toolish", "reads_like_rule", "sentence_rules"]

_DEONTIC = re.compile(
    r"\b(?:must|never|always|only|should|shall|do\s+not|don't|cannot|can't|may\s+not|"
    r"required|forbidden|prohibited|not\s+allowed)\b",
    re.I,
)

# --- driver -----------------------------------------------------------------------------------


def _table() -> list[tuple[str, re.Pattern[str], PatternFn, bool]]:
    """Every operator's `prose`, in registry order (built once per operator table)."""
    if not _OPERATOR_PATTERNS:
        for operator in OPERATORS.values():
            for prose in operator.prose:
                regex = re.compile(prose.regex, re.I)
                build = _builder(operator, prose)
                _OPERATOR_PATTERNS.append((prose.name, regex, build, prose.every))
    return _OPERATOR_PATTERNS


_OPERATOR_PATTERNS: list[tuple[str, re.Pattern[str], PatternFn, bool]] = []
on_change(_OPERATOR_PATTERNS.clear)


def _builder(operator: Operator, prose: Prose) -> PatternFn:
    def build(s: Sentence, m: re.Match[str]) -> Match | list[Match] | None:
        if prose.build is not None:
            found = prose.build(s, m)
            return (
                [_match(operator, f) for f in found]
                if isinstance(found, list)
                else (_match(operator, found) if found is not None else None)
            )
        assert prose.params is not None, f"`{prose.name}` gives neither `params` nor `build`"
        params = prose.params(m)
        if params is None:
            return None
        if prose.target is None or isinstance(prose.target, str):
            target = m.span(prose.target) if prose.target else None
        else:
            target = prose.target(m)
        tools = {param: m.span(group) for param, group in prose.tools.items()}
        return Match(operator.name, target, params, tools, prose.confidence, prose.grounding)

    return build


def _match(operator: Operator, f: Found) -> Match:
    return Match(operator.name, f.target, f.params, f.tools, f.confidence, f.grounding, f.targets)


def sentence_rules(sentence: Sentence) -> Iterator[CandidateRule]:
    """Every rule the patterns find in one sentence: the first pattern that yields an
    operator owns it (several rules when that pattern lists several targets or bounds)."""
    seen: set[str] = set()
    clean = sentence.clean
    table: list[list[Match]] = []
    for _, regex, build, every in _table():
        found = list(regex.finditer(clean)) if every else [m for m in [regex.search(clean)] if m]
        matches: list[Match] = []
        for hit in found:
            built = build(sentence, hit)
            matches.extend(built if isinstance(built, list) else [built] if built else [])
        matches = [m for m in matches if m.operator not in seen]
        seen.update(m.operator for m in matches)
        table.append(matches)
    # a rule the sentence states silences the operators it shadows, wherever their patterns
    # sit in the table (no operator that shadows is itself shadowed, so one pass will do)
    shadowed = {name for op in seen if op in OPERATORS for name in OPERATORS[op].shadows}
    for matches in table:
        emitted: set[str] = set()
        for match in matches:
            if match.operator in shadowed:
                continue
            for rule in _candidates(sentence, match):
                key = f"{rule.operator}|{rule.target}|{sorted(rule.params.items())!r}"
                if key not in emitted:
                    emitted.add(key)
                    yield rule


# a whole number, in digits or words
_WHOLE = rf"(?:\d+|{'|'.join(NUMBER_WORDS)})"
# the nouns that count calls themselves (read as `max_calls` further on)
_CALLS = frozenset({"tries", "attempts", "calls", "runs", "uses", "times", "goes", "requests"})


def _counted(text: str, params: dict[str, Any], tool: str | None) -> bool:
    """Whether the bound's noun is counted in the sentence ("two charges", "3 refunds": a
    whole number, then the plural of a noun that names an act of the lexicon), names no
    argument (`nights` does), and no bare count of the rule's tool (`quantity`) may hold
    it: the number of acts, which no argument's value is."""
    facet = str(params.get("facet", ""))
    if facet.casefold() in _CALLS:
        return False  # "two tries": the calls' own count, which the count readers read
    if not facet.casefold().endswith("s") or not tool_arguments():
        return False  # (with no tools known, nothing says what the noun is)
    if not classes_of(verb_key(facet.split()[-1])):
        return False  # "2 tons", "8 degrees": a measure, not a count of acts
    known = tool if tool and tool != ANY_TOOL else None
    if names_an_argument(facet) or counts_anything(known):
        return False
    return re.search(rf"\b{_WHOLE}\s+{re.escape(facet)}\b", text, re.I) is not None


def _candidates(sentence: Sentence, match: Match) -> Iterator[CandidateRule]:
    targets: list[str | None] = [*(match.targets or _banned_each(sentence, match))]
    for target in targets or [None]:
        rule = _candidate(sentence, match, target)
        if rule is not None:
            yield from _each_listed(rule, OPERATORS[match.operator].tool_params)


def _banned_each(sentence: Sentence, match: Match) -> list[str]:
    """ "Never call `a` or `b`", "do not use `a`, `b` and `c`": a ban of several listed tool
    ids bans each of them (neither may be called), not only the first."""
    from specgap.extract.temporal_parts import listed_tools

    if match.operator != "deny_action" or match.target is None or match.params:
        return []
    return listed_tools(sentence.clean[match.target[0] : match.target[1]])


def _listed_with_and(chunk: str) -> str | None:
    """Tool ids a chunk lists with "and" and commas only, joined by " and "; else None."""
    from specgap.extract.temporal_parts import listed_tools

    ids = listed_tools(chunk) if not re.search(r"\bor\b", chunk) else []
    return " and ".join(ids) if len(ids) > 1 else None


def _each_listed(rule: CandidateRule, tool_params: tuple[str, ...]) -> Iterator[CandidateRule]:
    """A tool-valued parameter that lists several tool ids with "and" ("call `a` and `b`
    before `c`") states one rule per id; "or" is any one of them and is left as it is."""
    from specgap.extract.temporal_parts import listed_tools

    for name in tool_params:
        said = rule.params.get(name)
        ids = listed_tools(said) if isinstance(said, str) and " or " not in said else []
        if len(ids) > 1:
            for tool in ids:
                mentions = (*(m for m in rule.mentions if m != said), tool)
                params = {**rule.params, name: tool}
                yield rule.model_copy(update={"params": params, "mentions": mentions})
            return
    yield rule


# words a phrase pattern may take for an argument's name that name none
_NOT_FACETS = frozenset(
    {"at", "of", "for", "to", "in", "on", "by", "a", "an", "the", "one", "each", "every"}
)
# what an ordering puts after its first call when it names no tool: every other call
_EVERY_OTHER = re.compile(
    r"^(?:anything|everything|any\s+other\s+(?:tool|call|action|step)s?|every\s+other\s+"
    r"(?:tool|call|action|step)|all\s+other\s+(?:tools|calls|actions|steps))(?:\s+else)?$",
    re.I,
)
# an amount said per a thing: a decimal or a sum of money before "per <noun>"
_RATE = re.compile(
    r"(?:[$\u20ac\u00a3]\s?\d[\d,]*|\d+\.\d+)\s*(?:[A-Za-z]{1,4}\s+)?per\s+(?P<noun>[a-z]+)"
)


def _candidate(sentence: Sentence, match: Match, named: str | None = None) -> CandidateRule | None:
    """The rule of one match, or None when a tool it needs names nothing ("before doing
    anything, identify …": no tool comes first; the sentence is left to the other readers
    and, if none reads it, to a `rule-not-compiled` note)."""
    target = named or (mention_in(sentence, match.target) if match.target else None)
    if match.operator == "require_before" and target and _EVERY_OTHER.match(target):
        target = ANY_TOOL  # "call `x` before anything else": every other call waits for it
    if target is None:
        ticked = [t for t in TICKED.findall(sentence.text) if is_toolish(t)]
        others = {mention_in(sentence, r) for r in match.tool_params.values()}
        for r in match.tool_params.values():  # every alternative of an any-of ordering
            listed = mentions_any_of(sentence, r)
            others.update(listed if isinstance(listed, list) else ())
        ticked = [t for t in ticked if t not in others]
        target = ticked[0] if ticked else sentence.subject
    params = dict(match.params)
    if str(params.get("facet", "")).casefold() == "per":
        # "at least 6.50 per jar": the price per jar; "at most one per hire": a count of
        # calls, no argument's bound (read by the count readers)
        rate = _RATE.search(sentence.clean)
        if rate is None:
            return None
        params["facet"] = f"per {rate['noun']}"
    if str(params.get("facet", "")).casefold() in _NOT_FACETS:
        return None  # "at" names no argument
    if match.operator == "arg_within_bound" and counts_values(str(params.get("facet", ""))):
        return None  # "at most 2 readings": a count of calls, not a bound on `reading`
    if match.operator == "arg_within_bound" and _counted(sentence.clean, params, target):
        return None  # "no more than two charges": a count of things, no argument's value
    mentions = [target] if target and target != ANY_TOOL else []
    for name, span in match.tool_params.items():
        listed = _listed_with_and(sentence.clean[span[0] : span[1]])
        if listed:  # "`a` and `b` first": each of them (`_each_listed`)
            params[name] = listed
            mentions.append(listed)
            continue
        if name in OPERATORS[match.operator].any_of:  # "`a` or `b` first": any one of them
            found = mentions_any_of(sentence, span)
            if not found:
                return None
            params[name] = found
            mentions.extend([found] if isinstance(found, str) else found or [])
            continue
        mention = mention_in(sentence, span)
        if not mention:
            return None
        params[name] = mention
        mentions.append(mention)
    # "every call" is read into prose that names no tool: partial grounding, so the
    # compiler keeps such a rule for review until someone states it over named tools
    said = target if target is not None and target != ANY_TOOL else ""
    explicit = bool(said) and (said in sentence.text or named_by_id(said, sentence.text))
    grounding: Grounding = match.grounding or ("exact" if explicit else "partial")
    confidence = match.confidence if grounding == "exact" else match.confidence * 0.8
    return CandidateRule(
        text=" ".join(sentence.text.split()),
        span=sentence.span(),
        quote=sentence.quote(),
        target=target,
        context=sentence.context,
        mentions=tuple(mentions),
        grounding=grounding,
        check_category=OPERATORS[match.operator].category,
        operator=match.operator,
        params=params,
        confidence=round(confidence, 3),
        extractor=EXTRACTOR,
    )


def reads_like_rule(sentence: Sentence) -> bool:
    return bool(_DEONTIC.search(sentence.clean))

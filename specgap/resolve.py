"""Stage 2: map every tool mention to the canonical registry, or say why it cannot.

A mention is scored against every tool by exact id or emitted name, alias (after case and
separator normalisation, or as the last segment of a dotted id), fuzzy similarity
(rapidfuzz), tool keywords and schema keywords (argument and facet names) found in the
mention or around it. A near tie is `ambiguous`, never silently resolved.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable

from rapidfuzz import fuzz, process

from specgap.evaluate.operators import OPERATORS
from specgap.ir import Candidate, CandidateRule, Resolution, ResolutionStatus, Via
from specgap.registry import Registry

RESOLVED_AT = 0.5  # below: unresolved
MARGIN = 0.05  # top two closer than this: ambiguous
KEEP_AT = 0.3  # candidates kept for explanation and "did you mean"
KEEP = 5
FUZZY_CUTOFF = 70.0

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NON_WORD = re.compile(r"[^a-z0-9]+")
_Offer = Callable[[str, float, Via], None]
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "for",
        "and",
        "or",
        "in",
        "on",
        "with",
        "by",
        "via",
        "any",
        "every",
        "each",
        "it",
        "its",
        "this",
        "that",
        "be",
        "is",
        "are",
        "was",
        "must",
        "should",
        "may",
        "can",
        "never",
        "always",
        "only",
        "before",
        "after",
        "then",
        "tool",
        "tools",
        "call",
        "calls",
        "called",
        "use",
        "run",
        "function",
    ]
)


def stem(word: str) -> str:
    for suffix in ("ies", "ing", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return word


def words(text: str) -> list[str]:
    """Lower-case word stems; camelCase and separators split words."""
    spaced = _CAMEL.sub(" ", text).casefold()
    return [stem(w) for w in _NON_WORD.split(spaced) if w]


def compact(text: str) -> str:
    return "".join(words(text))


def mention_key(rule: CandidateRule) -> str:
    """The resolution key of a rule's target: the mention, or a marker for an implicit one."""
    return rule.target if rule.target is not None else f"@{rule.span.location()}"


class Resolver:
    """Indexes a registry once; `resolve` is then cheap and memoised."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._exact: dict[str, list[str]] = defaultdict(list)
        self._alias: dict[str, list[tuple[str, float]]] = defaultdict(list)
        self._keywords: dict[str, set[str]] = defaultdict(set)
        self._schema: dict[str, set[str]] = defaultdict(set)
        choices: dict[str, set[str]] = defaultdict(set)
        for tool in registry.tools:
            for name in dict.fromkeys((tool.id, *tool.names)):
                self._exact[name].append(tool.id)
            for alias in (tool.id, *tool.names, *tool.aliases):
                self._alias[compact(alias)].append((tool.id, 0.97))
                choices[" ".join(words(alias))].add(tool.id)
            for name in (tool.id, *tool.names):
                last = re.split(r"[./:]", name)[-1]
                if last != name:
                    self._alias[compact(last)].append((tool.id, 0.92))
                    choices[" ".join(words(last))].add(tool.id)
            for text in (*tool.keywords, *tool.aliases, tool.id, *tool.names):
                for w in words(text):
                    if w not in _STOPWORDS:
                        self._keywords[w].add(tool.id)
            for name in (*tool.facets, *tool.arg_names):
                for w in words(name):
                    self._schema[w].add(tool.id)
        self._tool_words: dict[str, set[str]] = defaultdict(set)
        for index in (self._keywords, self._schema):
            for w, ids in index.items():
                for tool_id in ids:
                    self._tool_words[tool_id].add(w)
        self._choice_keys = list(choices)
        self._choice_ids = [sorted(choices[k]) for k in self._choice_keys]
        self._memo: dict[tuple[str | None, str], Resolution] = {}

    def resolve(self, mention: str | None, context: str = "") -> Resolution:
        key = (mention, context)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._resolve(mention, context)
        return found

    def _resolve(self, mention: str | None, context: str) -> Resolution:
        scores: dict[str, tuple[float, Via]] = {}

        def offer(tool_id: str, score: float, via: Via) -> None:
            if score > scores.get(tool_id, (0.0, via))[0]:
                scores[tool_id] = (score, via)

        context_words = {w for w in words(context) if w not in _STOPWORDS}
        if mention:
            for tool_id in self._exact.get(mention, ()):
                offer(tool_id, 1.0, "exact_id" if tool_id == mention else "alias")
            for tool_id, score in self._alias.get(compact(mention), ()):
                offer(tool_id, score, "alias")
            if not scores:
                self._fuzzy(mention, offer)
                mention_words = {w for w in words(mention) if w not in _STOPWORDS}
                self._by_words(mention_words, offer, base=0.55, step=0.15)
        else:
            self._by_words(context_words, offer, base=0.45, step=0.1)
        if context_words and scores:
            for tool_id, (score, via) in list(scores.items()):
                if score < 0.97:
                    bonus = 0.02 * len(context_words & self._tool_words[tool_id])
                    scores[tool_id] = (min(score + min(bonus, 0.06), 0.96), via)
        ranked = sorted(scores.items(), key=lambda item: (-item[1][0], item[0]))
        candidates = tuple(
            Candidate(tool_id=t, score=round(s, 4), via=v) for t, (s, v) in ranked if s >= KEEP_AT
        )[:KEEP]
        return Resolution(mention=mention or "", status=_status(candidates), candidates=candidates)

    def _fuzzy(self, mention: str, offer: _Offer) -> None:
        query = " ".join(words(mention))
        if not query:
            return
        for _, similarity, index in process.extract(
            query, self._choice_keys, scorer=fuzz.ratio, limit=8, score_cutoff=FUZZY_CUTOFF * 0.8
        ):
            score = 0.9 * similarity / 100
            for tool_id in self._choice_ids[index]:
                offer(tool_id, score, "fuzzy")

    def _by_words(self, found: set[str], offer: _Offer, *, base: float, step: float) -> None:
        hits: dict[str, int] = defaultdict(int)
        schema_hits: dict[str, int] = defaultdict(int)
        for w in found:
            for tool_id in self._keywords.get(w, ()):
                hits[tool_id] += 1
            for tool_id in self._schema.get(w, ()):
                schema_hits[tool_id] += 1
        for tool_id, n in hits.items():
            offer(tool_id, min(base + step * n, 0.9), "context_keyword")
        for tool_id, n in schema_hits.items():
            offer(tool_id, min(base + step * n, 0.9), "schema_keyword")


def _status(candidates: tuple[Candidate, ...]) -> ResolutionStatus:
    if not candidates or candidates[0].score < RESOLVED_AT:
        return "unresolved"
    if len(candidates) > 1 and candidates[0].score - candidates[1].score < MARGIN:
        return "ambiguous"
    return "resolved"


def resolve_rules(resolver: Resolver, rules: Iterable[CandidateRule]) -> dict[str, Resolution]:
    """Resolutions of every target and tool-valued parameter, keyed by mention."""
    out: dict[str, Resolution] = {}
    for rule in rules:
        facet = str(rule.params.get("facet", ""))
        context = f"{rule.text} {rule.context} {facet}"
        key = mention_key(rule)
        if key not in out:
            res = resolver.resolve(rule.target, context)
            out[key] = res.model_copy(update={"mention": key}) if rule.target is None else res
        for name, value in rule.params.items():
            operator = OPERATORS.get(rule.operator)
            tool_params = operator.tool_params if operator else ()
            if name in tool_params and isinstance(value, str) and value not in out:
                out[value] = resolver.resolve(value, context)
    return out


def did_you_mean(resolution: Resolution) -> str | None:
    if not resolution.candidates:
        return None
    names = " or ".join(f"`{c.tool_id}`" for c in resolution.candidates[:2])
    return f"did you mean {names}?"

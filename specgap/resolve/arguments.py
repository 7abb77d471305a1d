"""Argument resolution: a phrase of prose ("e-mail address", "the card", "number of drivers")
-> the parameter (or registry facet) of one tool it names.

Tried in order, the first that finds something wins:

1. by name (score 1.0): a facet, or an argument, whose name is the phrase up to case,
   separators and inflection; then an argument whose name starts with its words (`table`
   for `table_name`, never `a` for `account_id`).
2. by words: each parameter is scored by the phrase's words it has, weighted by how rare
   each word is among the tool's parameters: in its name (1.0), its schema title (0.9) or
   its description (0.75); words that only say "how many" (`number of`, `count of`) count
   when nothing else does. `score = 0.75 * share of the phrase's weight found + 0.25 *
   share of the parameter's name said` (so "e-mail address" prefers `owner_email` over a
   parameter merely described with an address; "the card" still finds
   `payment_method_id` described as "the card to charge"). A parameter resolves with at
   least half the phrase's weight found, a score of `RESOLVED_AT` or more, and a lead of
   `MARGIN` over the next one: "date" with `start_date` and `end_date` is ambiguous, never
   a guess.

A phrase that matches nothing is `unresolved`, with "did you mean" suggestions: the
closest names by spelling (`pet_idd` for `pet_id`) or the parameters sharing a word.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from rapidfuzz import fuzz, process

from specgap.ir import Selector
from specgap.registry import Tool
from specgap.resolve.text import FILLER, compact, first_sentence, split, stem
from specgap.resolve.verbs import prose_words

RESOLVED_AT = 0.5
HALF = 0.5  # of the phrase's weight, at least, must be found in the parameter
MARGIN = 0.1
BY_NAME, TITLED, DESCRIBED = 1.0, 0.9, 0.75
MEASURES = frozenset(stem(w) for w in ("number", "count", "quantity", "total", "list", "set"))
# words prose writes out that argument names shorten ("user identifier": `user_id`)
SHORT_FORMS = {
    "identifier": "id",
    "identifiers": "ids",
    "telephone": "phone",
    "e-mail": "email",
    "reference": "ref",
    "references": "refs",
    "quantity": "qty",
}
_POSSESSOR = re.compile(r"(\w+)['’]s\b")
POSSESSOR = 0.5  # weight of the word that owns the named thing ("user" in "user's e-mail")
_SUGGEST_AT = 80.0  # rapidfuzz ratio for a spelling suggestion

Status = Literal["resolved", "ambiguous", "unresolved"]


@dataclass(frozen=True)
class ArgumentMatch:
    """What an argument phrase names in one tool's call."""

    phrase: str
    status: Status
    selector: Selector | None  # set when resolved
    candidates: tuple[tuple[str, float], ...]  # (argument or facet, score), best first

    @property
    def name(self) -> str | None:
        return self.candidates[0][0] if self.status == "resolved" and self.candidates else None


def _by_name(tool: Tool, phrase: str) -> ArgumentMatch | None:
    wanted = compact(phrase)
    if not wanted:
        return None
    for name, selector in tool.facets.items():
        if compact(name) == wanted:
            return ArgumentMatch(phrase, "resolved", selector, ((name, 1.0),))
    for arg in tool.arg_names:
        if compact(arg) == wanted:
            return ArgumentMatch(phrase, "resolved", Selector(arg=arg), ((arg, 1.0),))
    said = [stem(w) for w in split(phrase)]
    for arg in tool.arg_names:
        # whole leading words only: `table` names `table_name`; `a` never names `account_id`
        if said and [stem(w) for w in split(arg)][: len(said)] == said:
            return ArgumentMatch(phrase, "resolved", Selector(arg=arg), ((arg, 1.0),))
    return None


def _texts(spec: Any) -> tuple[str, str]:
    if not isinstance(spec, Mapping):
        return "", ""
    title, text = spec.get("title"), spec.get("description")
    return (
        title if isinstance(title, str) else "",
        first_sentence(" ".join(text.split())) if isinstance(text, str) else "",
    )


def _places(tool: Tool) -> dict[str, dict[str, float]]:
    """Each argument and facet: its words and how much each one says about it."""
    props = tool.schema.get("properties")
    specs: Mapping[str, Any] = props if isinstance(props, Mapping) else {}
    out: dict[str, dict[str, float]] = {}
    for name in (*tool.facets, *tool.arg_names):
        title, text = _texts(specs.get(name))
        words: dict[str, float] = {}
        for source, weight in ((text, DESCRIBED), (title, TITLED), (name, BY_NAME)):
            for w in prose_words(source):
                if w not in FILLER:
                    words[stem(w)] = max(words.get(stem(w), 0.0), weight)
        out.setdefault(name, words)
    return out


_HYPHENED = re.compile(r"\b(?P<a>[A-Za-z]+)-(?P<b>[A-Za-z]+)\b")


def _joined(phrase: str, places: Mapping[str, Mapping[str, float]]) -> str:
    """`phrase` with each hyphenated word written as one where an argument's words have it
    so ("drop-off" for `dropoff_address`, "e-mail" for `email`)."""

    def one(m: re.Match[str]) -> str:
        whole = stem((m["a"] + m["b"]).casefold())
        return m["a"] + m["b"] if any(whole in words for words in places.values()) else m[0]

    return _HYPHENED.sub(one, phrase)


def _name_words(name: str) -> frozenset[str]:
    return frozenset(stem(w) for w in split(name) if w not in FILLER and w != "id")


def resolve_argument(tool: Tool, phrase: str) -> ArgumentMatch:
    """The argument or facet of `tool` that `phrase` names (see the module doc)."""
    exact = _by_name(tool, phrase)
    if exact is not None:
        return exact
    places = _places(tool)
    spelt = _joined(phrase, places)  # "drop-off address": `dropoff_address`
    said = [
        stem(SHORT_FORMS.get(w, w)) for w in prose_words(spelt) if w not in FILLER and len(w) > 1
    ]
    wanted = [w for w in dict.fromkeys(said) if w not in MEASURES] or list(dict.fromkeys(said))
    if not wanted or not places:
        return _unresolved(tool, phrase, places)
    df = {w: sum(w in words for words in places.values()) for w in wanted}
    # a word no parameter has counts against every one, more than any word one of them has
    rare = math.log(1 + len(places)) + 1.0
    weights = {w: math.log(1 + len(places) / df[w]) if df[w] else rare for w in wanted}
    for owner in _POSSESSOR.findall(phrase):  # "the user's e-mail": the e-mail, of the user
        w = stem(owner.casefold())
        if w in weights and len(wanted) > 1:
            weights[w] *= POSSESSOR
    total = sum(weights.values()) or 1.0
    scored: list[tuple[str, float]] = []
    shares: dict[str, float] = {}
    for name, words in places.items():
        found = sum(weights[w] * words[w] for w in wanted if w in words)
        if found <= 0.0:
            continue
        own = _name_words(name)
        covered = len(own & set(wanted)) / len(own) if own else 0.0
        scored.append((name, round(0.75 * found / total + 0.25 * covered, 4)))
        shares[name] = found / total
    scored.sort(key=lambda item: (-item[1], item[0]))
    if not scored or scored[0][1] < RESOLVED_AT or shares[scored[0][0]] < HALF:
        return _unresolved(tool, phrase, places, tuple(scored))
    if len(scored) > 1 and scored[0][1] - scored[1][1] < MARGIN:
        return ArgumentMatch(phrase, "ambiguous", None, tuple(scored))
    best = scored[0][0]
    selector = tool.facets.get(best) or Selector(arg=best)
    return ArgumentMatch(phrase, "resolved", selector, tuple(scored))


def _unresolved(
    tool: Tool,
    phrase: str,
    places: Mapping[str, object],
    shared: tuple[tuple[str, float], ...] = (),
) -> ArgumentMatch:
    """Suggestions: names spelled almost like the phrase, then arguments sharing a word."""
    spelled = process.extract(
        "_".join(split(phrase)),
        list(places),
        scorer=fuzz.ratio,
        processor=lambda s: "_".join(split(s)),
        limit=2,
        score_cutoff=_SUGGEST_AT,
    )
    close = [(name, round(score / 100, 4)) for name, score, _ in spelled]
    more = [c for c in shared if c[0] not in {n for n, _ in close}]
    return ArgumentMatch(phrase, "unresolved", None, (*close, *more))


def argument_selector(tool: Tool, phrase: str) -> Selector | None:
    """Where the tool's call carries what `phrase` names, or None (unknown or ambiguous)."""
    return resolve_argument(tool, phrase).selector


def argument_help(tool: Tool, phrase: str) -> str:
    """The `help:` of an `unknown-argument` diagnostic: the near tie, or did you mean, and
    the tool's known arguments and facets."""
    match = resolve_argument(tool, phrase)
    known = sorted({*tool.facets, *tool.arg_names})
    listed = f"known: {', '.join(known)}" if known else "declare facets in the registry"
    names = _quoted(n for n, _ in match.candidates[:2])
    if match.status == "ambiguous":
        return f"`{phrase}` could be {names}: name the argument; {listed}"
    if match.candidates:
        return f"did you mean {names}? {listed}"
    return listed


def _quoted(names: Iterable[str]) -> str:
    return " or ".join(f"`{n}`" for n in names)


# an argument that names something (an id, a code, a name): by its last word, snake or camelCase
IDENTIFIER_END = re.compile(r"(?:^|[_.])(?:id|ids|uuid|code|name|email|key|token)$", re.I)
CAMEL_ID_END = re.compile(r"[a-z0-9](?:Id|Ids|ID|IDs|Uuid|UUID|Code|Name|Email|Key|Token)$")


# a bound counted in characters: a text argument's length ("longer than 200 characters")
LENGTH_SAID = re.compile(r"\d[\d,]*\s*(?:characters?|chars?|letters?)\b", re.I)


def names_a_thing(arg: str) -> bool:
    """The argument's name ends with an identifier's word (`guest_id`, `voucherId`)."""
    return bool(IDENTIFIER_END.search(arg) or CAMEL_ID_END.search(arg))


def not_a_number(arg: str, schema: dict[str, Any]) -> bool:
    """The argument is a flag, an object, or a string that names something (an id, a code,
    a name); a string amount ("amount": "string") is still a number written as text."""
    kind = schema.get("type")
    return kind in {"boolean", "object"} or (kind == "string" and names_a_thing(arg))


def holds_no_number(tool: Tool, arg: str) -> bool:
    """`tool`'s top-level argument `arg` is declared as something no bound can hold (an id,
    a flag, an object: `not_a_number`); False when its schema says nothing."""
    props = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    schema = props.get(arg) if isinstance(props, dict) else None
    return isinstance(schema, dict) and not_a_number(arg, schema)

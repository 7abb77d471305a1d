"""How many items one call may carry in a list argument, read with the agent's own tools.

A count is of items, not of calls, when the counted noun names a list argument of a tool
(`"type": "array"`): by the argument's name ("pieces" for `piece_ids`, "labels" for
`labels`, the name itself `member_ids`) or, when no name does, by the words of its
description ("crew members" for `crew`, "Ground crew member ids"). The build gives the
extractor the agent's list arguments (`listing`, set by `specgap.pipeline.run_agent`);
outside a build there are none and nothing is read here.

The shapes are the bound's, in any style; the noun is the one after the number, else (a
label, a table row, "in batches of no more than 10") the one list noun of the sentence:

- "no more than / not more than / at most / up to / a maximum of / max / limited to /
  capped at N <noun>", "N <noun> at most / or fewer / max", "at least N" (`min`),
  "between N and M / N to M / N-M <noun>";
- "more than N <noun>" under a negation or a refusal ("never ... more than 6 flights",
  "no send has more than 100 members", "if an order has more than 10 colors, it is
  refused");
- a label or a row: "Max copies: 3", "Students per assignment: 1-3", "| Copies per
  reservation | 1-6 |", "<noun> ... are capped at N".

Said of a span or of the conversation ("per session", "a day"), the count spans calls and
is no item count: not read here. "up to N" alone is how much a thing holds ("the kiln holds
up to 40 pieces"), a rule only with a word that makes it one (a modal, a negation, a label,
an imperative, "per call", a tool's own description).

The tool is the one the sentence names by its id (a description's own tool); else the one
tool taking a list the noun names; several: the one the sentence's other words name (the
verb "lend" for `lend_scores`), else a tie, said in a note and never guessed. The count
replaces the sentence's other readings of the same number (a `max_calls` of "pieces per
call", a bound on a number named "entries"): each call is one call, its items are many. A
leading "unless/if/when" clause that is not the count itself is the rule's condition: it
cannot be bound, so the rule is reviewed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from specgap.extract.agent_params import counting_argument
from specgap.extract.context import variable
from specgap.extract.english import lemmas
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import candidate
from specgap.extract.nominals import nominal_act
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import SPELT, SPELT_NUMBERS, singular
from specgap.resolve.text import own_part

__all__ = ["ListArg", "listing", "lists_of_tools", "names_list", "reread"]


@dataclass(frozen=True)
class ListArg:
    """A top-level list argument of a tool and the words its items are called by."""

    tool: str
    arg: str
    named: frozenset[str]  # forms of the words of its name
    described: frozenset[str]  # forms of the words of its description
    tool_words: frozenset[str]  # forms of the words of the tool's name and description


_LISTS: ContextVar[tuple[ListArg, ...]] = variable("specgap_list_args", ())
_SPLIT = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
# words of an argument's name that say it holds identifiers, not what they identify
_ID_WORDS = frozenset(
    {"id", "ids", "list", "array", "set", "uuid", "uuids", "key", "keys", "ref", "refs", "no",
     "nos", "number", "numbers", "identifier", "identifiers"}
)  # fmt: skip
_STOP = frozenset(
    {"the", "a", "an", "to", "of", "for", "and", "or", "in", "on", "at", "by", "with", "from",
     "into", "this", "that", "these", "those", "each", "every", "one", "per", "who", "which",
     "be", "is", "are", "list", "ids", "id", "max", "maximum", "most", "least", "more", "than",
     "up", "no", "not", "never", "only", "may", "must", "can", "cannot", "call", "calls",
     "request", "requests", "tool", "use", "used", "any", "all", "its", "their", "it"}
)  # fmt: skip
# generic words for the items of a list: the list is named elsewhere in the sentence
_GENERIC = frozenset({"entries", "entry", "items", "item", "elements", "element", "values",
                      "value", "ids", "id", "identifiers", "things"})  # fmt: skip


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _SPLIT.findall(text.replace("_", " "))]


def _forms(word: str) -> set[str]:
    w = word.casefold()
    found = {w, singular(w)}
    for kind in ("NOUN", "VERB"):
        found.update(x.casefold() for x in lemmas(w).get(kind, ()))
    act = nominal_act(singular(w))  # "per reservation": the call that reserves
    if act is not None:
        found.add(act)
    return found


def lists_of_tools(tools: Iterable[Any]) -> tuple[ListArg, ...]:
    """The top-level list arguments of registry tools (an `id`, a JSON `schema`)."""
    out: list[ListArg] = []
    for tool in tools:
        tool_id = str(getattr(tool, "id", ""))
        schema = getattr(tool, "schema", None) or {}
        props = schema.get("properties") if isinstance(schema, Mapping) else None
        if not isinstance(props, Mapping):
            continue
        said = str(getattr(tool, "description", "") or "")
        last = own_part(tool_id)
        tool_words = frozenset(
            f for w in _words(last) + _words(said)[:12] if w not in _STOP and len(w) > 2
            for f in _forms(w)
        )  # fmt: skip
        for name, spec in props.items():
            if not isinstance(spec, Mapping) or "array" not in _types(spec):
                continue
            named = [w for w in _words(str(name)) if w not in _ID_WORDS and len(w) > 2]
            text = str(spec.get("description") or "")
            text = re.split(r"[.;(]", text, maxsplit=1)[0]
            described = [w for w in _words(text) if w not in _STOP and len(w) > 2][:6]
            out.append(
                ListArg(
                    tool=tool_id,
                    arg=str(name),
                    named=frozenset(f for w in named for f in _forms(w)),
                    described=frozenset(f for w in described for f in _forms(w)),
                    tool_words=tool_words,
                )
            )
    return tuple(out)


def _types(spec: Mapping[str, Any]) -> set[str]:
    kind = spec.get("type")
    return {k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str)}


@contextmanager
def listing(lists: Sequence[ListArg]) -> Iterator[None]:
    """Within the block, the agent's list arguments are `lists`."""
    token = _LISTS.set(tuple(lists))
    try:
        yield
    finally:
        _LISTS.reset(token)


def current() -> tuple[ListArg, ...]:
    """The build's list arguments (for the extraction's cache key)."""
    return _LISTS.get()


def _spelt(tool: str) -> str:
    return tool.replace("-", "_").casefold()


def names_list(tool: str, tail: str) -> bool:
    """The words right after a count ("20 pieces per call") name a list argument of
    `tool`: the count is of that list's items, not of calls."""
    near = _noun_after(tail)
    # (a server's prefix may have been set aside: `export_usage` of `corelab__export_usage`)
    spelt = _spelt(tool)  # (a respelled id, `find_member` of `Find-Member`, is that tool)
    own = [
        a
        for a in _LISTS.get()
        if _spelt(a.tool) == spelt or re.search(r"(?:__|[.:/])" + re.escape(tool) + "$", a.tool)
    ]
    return bool(near and own and _match(near, own, True))


# --- the count -------------------------------------------------------------------------------

_NUM = r"(?:\d+|" + SPELT + r")"
_MAXQ = (
    r"(?:no\s+more\s+than|not\s+more\s+than|never\s+more\s+than|at\s+most|up\s+to|"
    r"(?:a\s+)?max(?:imum)?(?:\s+of)?\.?|limited\s+to|capped\s+at|restricted\s+to|"
    r"no\s+greater\s+than|not\s+exceeding|maximal)"
)
_COUNTS = (
    # between N and M / from N to M / N to M / N-M
    ("range", re.compile(r"\b(?:between\s+(?P<a>" + _NUM + r")\s+and\s+|from\s+(?P<b>" + _NUM
                         + r")\s+to\s+|(?P<c>" + _NUM + r")\s*(?:to|-|–|—)\s*)(?P<n>" + _NUM
                         + r")\b", re.I)),
    ("both", re.compile(r"\bat\s+least\s+(?P<a>" + _NUM + r")\s*,?\s*(?:and\s+)?(?:at\s+most|"
                        r"no\s+more\s+than|up\s+to)\s+(?P<n>" + _NUM + r")\b", re.I)),
    ("max", re.compile(r"\b" + _MAXQ + r"\s*:?\s*(?P<n>" + _NUM + r")\b", re.I)),
    ("more", re.compile(r"\bmore\s+than\s+(?P<n>" + _NUM + r")\b", re.I)),
    ("after", re.compile(r"\b(?P<n>" + _NUM + r")(?:\s+(?P<noun>(?:[\w.-]+\s+){0,2}?[\w.-]+))?"
                         r"\s*,?\s+(?:at\s+most|or\s+(?:fewer|less)|max(?:imum)?)\b", re.I)),
    ("min", re.compile(r"\b(?:at\s+least|no\s+fewer\s+than|not\s+fewer\s+than|a\s+minimum\s+of|"
                       r"min(?:imum)?(?:\s+of)?)\s*:?\s*(?P<n>" + _NUM + r")\b", re.I)),
    # a label's bare number: "Max copies: 3", "| pieces per firing | 30 |"
    ("label", re.compile(r"^\W*(?P<lead>(?:max(?:imum)?|limit|cap)\s+)?(?P<noun>[\w .-]{2,60}?)"
                         r"\s*[:|]\s*(?P<n>\d+)\s*\W*$", re.I)),
)  # fmt: skip
_NEGATION = re.compile(
    r"\b(?:no|not|never|cannot|can't|don't|doesn't|mustn't|won't|nothing)\b|n't\b", re.I
)
_REFUSAL = re.compile(
    r"\b(?:refused|rejected|denied|declined|bounces?|bounced|fails?|blocked|not\s+accepted|"
    r"error)\b",
    re.I,
)
_RULE = re.compile(
    r"\b(?:may|must|can|cannot|can't|should|shall|never|not|no|don't|only|please|make\s+sure|"
    r"ensure|keep|limit|limited|capped|max|maximum|at\s+most|refused|rejected|otherwise|"
    r"allowed|accepts?|takes?|per|at\s+once|at\s+a\s+time|in\s+one\s+go|a\s+single|in\s+one|"
    r"each)\b|[:|]",
    re.I,
)
# a count over calls, not in one call
_SPAN = re.compile(
    r"\b(?:per|a|an|each|every|no|any|in\s+(?:one|a|the|any|each))\s+(?:single\s+)?(?:session|"
    r"conversation|chat|day|week|month|year|hour|minute|shift|season|term|trace|dialogue|"
    r"interaction|contact)\b|\b(?:daily|weekly|monthly|in\s+total|in\s+all|overall)\b",
    re.I,
)
_LEAD = re.compile(
    r"^\W*(?P<cond>(?:unless|if|when|whenever|except\s+(?:when|if))\b[^,;]{3,}?),\s*", re.I
)
_TRAIL = re.compile(
    r"[,;]?\s+(?P<cond>(?:unless|except\s+(?:when|if)|when|whenever|if|while|where)\b.+?)"
    r"\s*[.;!]?\s*$",
    re.I,
)
# "..., or as many as 30 when ...": the trailing case is another figure's (`figures41`)
_OTHER_FIGURE = re.compile(
    r"\bor\s+(?:up\s+to\s+|as\s+(?:many|much)\s+as\s+)?(?:\d+|[a-z]+)(?:\s+[a-z_]+)?\s*$", re.I
)
# a figure, in digits or spelt
_FIGURE = re.compile(rf"\b(?:\d+|{SPELT})\b", re.I)
# "or", maybe "up to" / "as many as" / "at most", before a count's other figure
_OR_FIGURE = r"\s+or\s+(?:up\s+to\s+|as\s+(?:many|much)\s+as\s+|at\s+most\s+)?"
# what comes before a count said as the alternative to another: "one to three names, or up to"
_ALTERNATIVE = re.compile(rf"(?:\d|\b(?:{SPELT})\b)[^,;]*[,;]?{_OR_FIGURE}$", re.I)
# the other figure said as the count's alternative, which keeps its case (`_condition`)
_ALTERNATIVE_SAID = re.compile(rf",{_OR_FIGURE}\w+", re.I)
_TOKEN = re.compile(r"[A-Za-z][\w.-]*[A-Za-z0-9]|[A-Za-z]")


@dataclass(frozen=True)
class _Count:
    lo: int | None
    hi: int | None
    start: int
    end: int
    noun: str | None  # the words right after (or before) the number
    weak: bool  # "up to", a range, a least: how much a thing holds unless a rule is said


def _value(text: str) -> int:
    t = text.casefold()
    return SPELT_NUMBERS[t] if t in SPELT_NUMBERS else int(t)


def _counts(text: str) -> list[_Count]:
    out: list[_Count] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _COUNTS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if kind == "more" and not (
                _NEGATION.search(text[: m.start()]) or _REFUSAL.search(text[m.end() :])
            ):
                continue  # "orders of more than 5 pieces need a review": no bound said
            hi: int | None = _value(m["n"])
            lo: int | None = None
            if kind == "range":
                lo = _value(m["a"] or m["b"] or m["c"])
                if lo > _value(m["n"]):
                    continue
            elif kind == "both":
                lo = _value(m["a"])
            elif kind == "min":
                lo, hi = hi, None
            elif kind == "label" and not (m["lead"] or "|" in text):
                continue  # "Step 3: 12": a label's number is a bound under "max" or in a row
            noun = m.groupdict().get("noun")
            if kind not in {"after", "label"}:
                noun = text[m.end() :]
            weak = kind in {"range", "min"} or m[0].casefold().startswith("up")
            out.append(_Count(lo, hi, m.start(), m.end(), noun, weak))
            taken.append((m.start(), m.end()))
    return sorted(out, key=lambda c: c.start)


def _match(words: Sequence[str], lists: Sequence[ListArg], strong: bool) -> list[ListArg]:
    """The list arguments the first word that names any names ("crew members": `crew`)."""
    for word in words:
        low = word.casefold()
        exact = [a for a in lists if a.arg.casefold() == low]  # `items`, `member_ids`
        if not exact and (low in _STOP or low in _GENERIC):
            continue
        forms = _forms(word)
        hits = exact or [a for a in lists if (a.named if strong else a.described) & forms]
        if hits and not exact and not strong and any(_own_act(a.tool, forms) for a in hits):
            return []  # "three bookings" of `book_trip`: its calls, not a list's items
        if hits:
            return hits
    return []


def _own_act(tool: str, forms: set[str]) -> bool:
    """The counted word is the tool's own act or the one thing each call makes ("bookings"
    of `book_trip`, "stays" of `ReserveStay`): the count is of the tool's calls, whatever its
    list argument's description also says. A thing the name says in the plural (`add_guests`)
    is many to one call: its count may be of a list's items."""
    acts = {
        verb.casefold()
        for form in forms
        for verb in lemmas(form).get("VERB", ())
        if verb.casefold() != singular(form)  # "bookings": book; "refunds" is the thing
    }
    named = set(_words(own_part(tool)))
    one = {w for w in named if singular(w) == w}  # `ReserveStay`: one stay a call
    return bool(acts & named or {singular(f) for f in forms} & one)


def _noun_after(tail: str) -> list[str]:
    """The noun phrase right after a number: up to three words before a function word."""
    tail = tail.lstrip(" `*\"'")
    if not tail or tail[0] in ",.;:|!?)":
        return []
    words: list[str] = []
    end = 0
    for m in _TOKEN.finditer(tail):
        if words and tail[end : m.start()].strip(" `*\"'-"):
            break  # punctuation ends the phrase
        low = m[0].casefold()
        if low in _STOP and low not in _GENERIC:
            break
        words.append(m[0])
        end = m.end()
        if len(words) == 3:
            break
    return words


def _owners(
    text: str, count: _Count, lists: Sequence[ListArg], named: set[str], whole: bool = False
) -> tuple[list[ListArg], str]:
    """The list arguments the count's noun names, and the noun as said (`whole`: `text` is
    the question a bare count answers, all of it the count's clause)."""
    pool = _pool(lists, named)
    near = _noun_after(count.noun or "") if count.noun is not None else []
    if count.noun is not None and near:
        for strong in (True, False):
            hits = _match(near, pool, strong)
            if hits:
                return hits, " ".join(near)
        if any(w.casefold() not in _GENERIC for w in near):
            return [], " ".join(near)  # "35 singers": a noun no list answers to
    # no noun right after the number ("Hydrants: between 1 and 6", "at least two and at most
    # six photos"): the list is named by its own name in the number's clause (the label before
    # it when the clause is only the number), never by a word of a description or of another
    # clause ("Work order priority runs from 1 to 4" is no count of a flushing run's hydrants)
    clauses = re.split(r"[:;|]", text if whole else text[: count.start])
    said = [c for c in clauses if _TOKEN.search(c)]
    own = clauses[-1] if _TOKEN.search(clauses[-1]) else (said or [""])[-1]
    clause = own + ("" if whole else " " + re.split(r"[,:;|.]", text[count.end :])[0])
    words = [m[0] for m in _TOKEN.finditer(clause)]
    hits = _match(words, pool, True)
    return (hits, "") if hits else ([], "")


def _named_tools(sentence: Sentence, lists: Sequence[ListArg]) -> set[str]:
    if sentence.subject is not None:
        return {sentence.subject}
    return _named_in(sentence.text, lists)


def _asked_before(sentence: Sentence) -> str:
    """The "how many ..." question just before a bare count that answers it, or ''."""
    if sentence.subject is not None:
        return ""
    start = sentence.raw_range()[0]
    before = sentence.artifact.text[max(0, start - 240) : start]
    m = _HOW_MANY.search(before)
    return " ".join(m["q"].split()) if m is not None else ""


_HOW_MANY = re.compile(r"\bhow\s+many\s+(?P<q>[^?\n]{2,160})\?[\s*_]*$", re.I)


# a count's noun that measures, never counts the items of a list
_MEASURES = frozenset(
    [
        "minute",
        "minutes",
        "hour",
        "hours",
        "day",
        "days",
        "night",
        "nights",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "percent",
        "dollars",
        "dollar",
        "euros",
        "euro",
        "pounds",
        "pound",
        "kg",
        "km",
        "metres",
        "meters",
        "miles",
        "litres",
    ]
)


def _measured(noun: str) -> bool:
    words = noun.casefold().split()
    return bool(words) and words[0] in _MEASURES


def _pool(lists: Sequence[ListArg], named: set[str]) -> list[ListArg]:
    """The list arguments of the tools a sentence names, or every one when it names none."""
    return [a for a in lists if a.tool in named] if named else list(lists)


def _named_lists(text: str, lists: Sequence[ListArg], named: set[str]) -> list[ListArg]:
    """The list arguments the sentence names by their own names (`participants`,
    `guest_names`, in ticks or not), of the tools it names when it names any: a count there
    is of that list, whatever the counted noun also fits ("players" fits a list of guest
    players too)."""
    pool = _pool(lists, named)
    said = {w.casefold() for w in re.findall(r"[A-Za-z][\w]*", text)}
    return [a for a in pool if len(a.arg) > 3 and a.arg.casefold() in said]


def _named_in(text: str, lists: Sequence[ListArg]) -> set[str]:
    """The tools `text` names by their ids (a plain word, `send`, only in backticks)."""
    found: set[str] = set()
    for tool in {a.tool for a in lists}:
        plain = re.fullmatch(r"[a-z]+", tool) is not None
        said = rf"`{re.escape(tool)}`" if plain else re.escape(tool)
        if text and re.search(r"(?<![\w.-])" + said + r"(?![\w-]|\.\w)", text):
            found.add(tool)
    return found


def _pick(owners: list[ListArg], text: str, noun: str) -> ListArg | None:
    """One list argument of several: the one whose tool the sentence's other words name."""
    tools = {a.tool for a in owners}
    if len(tools) == 1:
        args = {a.arg for a in owners}
        return owners[0] if len(args) == 1 else None
    said = {
        f
        for w in _words(text)
        if w not in _STOP and len(w) > 2 and w not in _words(noun)
        for f in _forms(w)
    }
    scored = sorted(((len(a.tool_words & said), a) for a in owners), key=lambda x: -x[0])
    if scored[0][0] > 0 and scored[0][0] > scored[1][0]:
        best = scored[0][1]
        same = [a for a in owners if a.tool == best.tool]
        return best if len(same) == 1 else None
    return None


def _ruled(sentence: Sentence, count: _Count, text: str, owners: Sequence[ListArg]) -> bool:
    if sentence.subject is not None:
        return True  # a tool's own description states what the tool takes
    if not count.weak:
        return True
    if _imperative(text):
        return True
    first = re.match(r"\s*`?([A-Za-z]\w*)", count.noun or "")
    noun = first[1] if first is not None else ""
    if re.search(r"_|[a-z][A-Z]", noun) and any(a.arg == noun for a in owners):
        return True  # "A booking names 4 to 20 player_names": the call's own argument, by id
    subject = re.match(r"\W*(?:the\s+)?`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?\s", text)
    if subject is not None and any(a.arg == subject[1] for a in owners):
        # "player_names hold five to ten names": the argument said first; with another figure
        # after it ("...; a house_move takes five") the count holds in some case only, which
        # the sentence's other readers say (never this count, flat)
        alone = _FIGURE.search(text[count.end :]) is None
        return alone or _ALTERNATIVE_SAID.search(text) is not None
    said = {
        " ".join(m[0].casefold().split())
        for m in _RULE.finditer(f"{text[: count.start]} {text[count.end :]}")
    }
    if not said:
        return False
    if said <= _CAPACITY:
        # "can hold up to 900 reels": what something holds, a rule only when the sentence
        # names the call that carries the items ("a job can take up to 12 reels")
        counted = {f for w in _words(count.noun or "") for f in _forms(w)}
        words = {f for w in _words(text) for f in _forms(w)} - counted
        return any((a.tool_words - counted) & words for a in owners)
    return True


# the rule words that also say what a thing can hold
_CAPACITY = frozenset({"can", "may", "takes", "take", "accepts", "accept"})


def _imperative(text: str) -> bool:
    first = re.match(r"^\W*([A-Za-z]+)", text)
    if first is None:
        return False
    return bool(lemmas(first[1].casefold()).get("VERB")) and first[1].casefold() not in {
        "the",
        "a",
    }


def read(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic], set[int]]:
    """The item counts of one sentence, the notes of counts no tool could be chosen for, and
    the numbers read (to drop other readings of them)."""
    lists = _LISTS.get()
    if not lists:
        return [], [], set()
    text = " ".join(sentence.clean.split())
    asked = _asked_before(sentence)  # "How many pieces go in one load?" / "A: Sixteen at most."
    if _SPAN.search(f"{asked} {text}"):
        return [], [], set()
    named = _named_tools(sentence, lists) | _named_in(asked, lists)
    rules: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    numbers: set[int] = set()
    for count in _counts(text):
        counted = counting_argument(count.noun) if count.noun else None
        if counted is not None and not counted.endswith("[]"):
            continue  # "create at most 12 aliquots": a number argument counts them (`count`)
        owners, noun = _owners(text, count, lists, named)
        if not owners and asked and not _noun_after(count.noun or ""):
            owners, noun = _owners(asked, replace(count, noun=None), lists, named, whole=True)
        by_name = _named_lists(text, lists, named)
        if len(by_name) == 1 and (owners or not _measured(noun)):
            owners = by_name  # "4 to 8 players named in participants": the list it names
        if not owners or not _ruled(sentence, count, text, owners):
            continue
        chosen = _pick(owners, text, noun)
        numbers.update(n for n in (count.lo, count.hi) if n is not None)
        if chosen is None:
            tools = ", ".join(f"`{a.tool}.{a.arg}`" for a in owners)
            several = "several tools" if len({a.tool for a in owners}) > 1 else "one tool"
            notes.append(
                Diagnostic(
                    code="ambiguous-mention",
                    message=f"the count of {noun or 'items'} names more than one list argument "
                    f"of {several} ({tools}); nothing is enforced",
                    severity="note",
                    span=sentence.span(),
                    help="name the tool the count is for",
                )
            )
            continue
        params = _bounds(count, chosen.arg)
        kind = _kind(noun, chosen) if chosen not in by_name else None  # its own items
        if kind:  # "at most 2 gift cards" in `payment_methods`: only the gift cards count
            params["items"] = kind
        emit = Emit("arg_count_bound", chosen.tool, params, 0.8, _condition(text, count))
        rules.append(candidate(sentence, emit))
    return rules, notes, numbers


def _kind(noun: str, arg: ListArg) -> str | None:
    """The kind of item a count names when the list holds more than that kind: a noun only
    its description answers to ("gift cards" in `payment_methods`, "Cards or gift cards"),
    never one its name says ("crew members" in `crew`), in the singular; None otherwise.
    Counting every item of the list would be stronger than the sentence."""
    said = [w for w in _words(noun) if w not in _STOP and w not in _GENERIC]
    if not said or any(arg.named & _forms(w) for w in said) or arg.arg.casefold() in said:
        return None
    return " ".join([*said[:-1], singular(said[-1])])


def _bounds(count: _Count, arg: str) -> dict[str, Any]:
    """The `arg_count_bound` parameters of a count on the list argument `arg`."""
    params: dict[str, Any] = {"selector": {"arg": arg}}
    if count.hi is not None:
        params["max"] = count.hi
    if count.lo is not None:
        params["min"] = count.lo
    return params


def _condition(text: str, count: _Count) -> str | None:
    if _ALTERNATIVE.search(text[: count.start]) is not None:
        # "one to three names, or up to five on a long hire": the other figure holds only in
        # the case said after it, whatever words say it ("on a long hire"), never flat
        case = text[count.end :].strip(" \t.;:!")
        return case or "the case of the sentence's other figure"
    lead = _LEAD.match(text)
    if lead is not None and lead.end("cond") <= count.start:
        return lead["cond"].strip()
    trail = _TRAIL.search(text)
    if trail is not None and trail.start("cond") >= count.end:
        if _OTHER_FIGURE.search(text[: trail.start()]):
            return None
        return trail["cond"].strip()
    return None


# the readings a count of items replaces when they carry the same number
_REPLACED = frozenset({"max_calls", "arg_count_bound", "arg_within_bound", "deny_action"})


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with its item counts (module docstring) in place of the other
    readings of the same numbers."""
    counts, notes, numbers = read(sentence)
    if not counts and not notes:
        return rules, diagnostics
    kept = [r for r in rules if not _replaced(r, numbers)]
    if counts:
        # the notes that said the count was not compiled go (a clause beside it that compiled
        # nothing gets its own note again: `clause3_split.more`), and so do the notes on the
        # conditions of the readings the count replaces ("`arg_within_bound` holds only ...")
        gone = {f"`{r.operator}` holds only {r.condition!r}" for r in rules if r not in kept}
        diagnostics = [
            d
            for d in diagnostics
            if d.code != "rule-not-compiled"
            and not (d.code == "condition-not-bound" and d.message.startswith(tuple(gone)))
        ]
        notes += [condition_diagnostic(sentence, r) for r in counts if r.condition]
    return [*kept, *counts], [*diagnostics, *notes]


def _replaced(rule: CandidateRule, numbers: set[int]) -> bool:
    if rule.operator not in _REPLACED:
        return False
    if rule.operator == "deny_action":
        return not rule.params.get("values")  # "never assign more than two": no value banned
    said = {rule.params.get("max"), rule.params.get("min")}
    return any(isinstance(v, int | float) and int(v) in numbers for v in said)


def parameter_counts(text: str, parameter: str, schema: Any) -> list[Emit]:
    """A count a list parameter's own description states on its items ("Member ids, 1-100
    per bulletin.", "Up to 5 tag ids."): `arg_count_bound` on the parameter; [] when the
    parameter is no top-level list, the count spans calls ("per day"), or the noun counted
    names something else than the list's items."""
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    spec = props.get(parameter) if isinstance(props, Mapping) else None
    if not isinstance(spec, Mapping) or "array" not in _types(spec) or _SPAN.search(text):
        return []
    own = ListArg(
        tool="",
        arg=parameter,
        named=frozenset(f for w in _words(parameter) if w not in _ID_WORDS for f in _forms(w)),
        described=frozenset(
            f for w in _words(str(spec.get("description") or "")) if w not in _STOP
            for f in _forms(w)
        ),
        tool_words=frozenset(),
    )  # fmt: skip
    found: list[Emit] = []
    for count in _counts(" ".join(text.split())):
        near = _noun_after(count.noun or "") if count.noun is not None else []
        said = [w for w in near if w.casefold() not in _GENERIC]
        if said and not (_match(near, [own], True) or _match(near, [own], False)):
            continue  # "up to 3 retries": not the list's items
        found.append(
            Emit("arg_count_bound", None, _bounds(count, parameter), 0.7, _condition(text, count))
        )
    return found[:1] if len(found) == 1 else []

"""A rule said of one kind of call (sixteenth session): "A cleaning takes at most 60 minutes"
on `book_appointment(treatment: "checkup, cleaning, filling ...", duration_minutes)`. The
bound is read on `duration_minutes`, but the sentence says it of cleanings only: enforced
on every booking, it would block a 90-minute filling the policy allows. That is a rule
stronger than its sentence.

So a compiled rule whose sentence names a value that another argument of its tool lists (its
`enum`, or its description's list) holds only for calls with that value. No operator states
"only when `treatment` is `cleaning`", so the rule is reviewed, never enforced, and a
`condition-not-bound` note says which value of which argument scopes it. The argument the
rule itself constrains (an allowlist's, a ban's values) does not count: "only book checkups
and cleanings" names them as the rule's own values; nor does a value the tool's own name says
(`charge_card`'s method `card`).

The twenty-second session added two more ways a sentence says its kind of call, with the
same outcome: a value in ticks before a noun ("a `pest` request carries at least two",
`ticked_kind`), and a word before the subject's first word the tool's own text has
("overnight sessions need the manager's approval", `subject_kind`). Each is looked for in
the clause that states the rule's number (`bound_clause`), so "at most eight photos; a `pest`
request carries at least two" reviews the second bound only.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.described_values import schema_listed
from specgap.extract.english import base_verb
from specgap.operators.prose import NUMBER, number, singular
from specgap.registry import Tool
from specgap.resolve.text import split

# values too plain to scope a sentence by ("any other reason", "all", "none")
_PLAIN = frozenset(
    {"other", "others", "none", "all", "any", "both", "yes", "no", "true", "false", "null",
     "unknown", "default", "n/a"}
)  # fmt: skip


def scoping_value(quote: str, tool: Tool, condition: dict[str, Any]) -> tuple[str, str] | None:
    """(argument, value): the first listed value of an argument of `tool` that the rule's
    `quote` names and the rule's `condition` (its JSON form) does not constrain, or None. A
    sentence naming every value an argument lists ("the reason, 'no longer needed' or
    'ordered by mistake'") says the argument's range, not a kind of call."""
    props = tool.schema.get("properties")
    if not isinstance(props, dict):
        return None
    own = _constrained(condition)
    said = _words(quote)
    named = set(_words(tool.id))  # `charge_card`: "card"
    for name in sorted(props):
        if name in own:
            continue
        spec = props[name]
        listed = schema_listed(spec if isinstance(spec, dict) else None)
        found = [v for v in listed if _names(said, _words(v), named)]
        if found and len(found) < len(listed):  # all of them: the argument's range, said out
            return name, found[0]
    return None


def _names(said: list[str], words: list[str], named: set[str]) -> bool:
    plain = " ".join(words) in _PLAIN or set(words) <= named
    return bool(words) and not plain and _contains(said, words)


def _constrained(condition: dict[str, Any]) -> set[str]:
    """The arguments a compiled condition reads: its selector's, its `arg`, its `same`."""
    found: set[str] = set()
    for key in ("selector", "same"):
        part = condition.get(key)
        if isinstance(part, dict) and isinstance(part.get("arg"), str):
            found.add(part["arg"])
    if isinstance(condition.get("arg"), str):
        found.add(condition["arg"])
    return found


def _words(text: str) -> list[str]:
    """The text's words, singular: an id's too (`chargeCard`, `charge_card`: charge, card)."""
    return [singular(w) for w in split(text)]


def _contains(said: list[str], words: list[str]) -> bool:
    n = len(words)
    return any(said[i : i + n] == words for i in range(len(said) - n + 1))


# words before a noun that never narrow it to a kind ("any bucket", "the new booking")
_OPEN_WORDS = frozenset(
    {"a", "an", "the", "any", "all", "every", "each", "some", "this", "that", "these", "those",
     "its", "their", "his", "her", "your", "our", "my", "of", "for", "to", "in", "on", "at",
     "by", "from", "with", "about", "new", "existing", "current", "given", "same", "one",
     "single", "customer", "customers", "user", "users", "client", "clients", "member",
     "members", "up", "out", "off", "down", "over", "back", "is", "are", "be", "been", "was",
     "were"}
)  # fmt: skip


def unsaid_kind(mention: str, tool: Tool) -> str | None:
    """A word of the rule's action that narrows what it acts on to a kind the tool does not
    name ("delete confidential buckets" on `delete_bucket`, whose schema says nothing of
    confidential ones): the rule holds for that kind only, or None. The first word is the
    verb; the head noun is the last word the tool's own text has."""
    words: list[str] = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", mention)][1:]
    known = _vocabulary(tool)
    heads = [i for i, w in enumerate(words) if singular(w) in known]
    if not heads:
        return None
    for word in words[: heads[-1]]:
        if len(word) > 1 and word not in _OPEN_WORDS and singular(word) not in known:
            return word
    return None


def _vocabulary(tool: Tool) -> set[str]:
    texts = [tool.id, *tool.names, *tool.aliases, tool.description, *tool.keywords]
    props = tool.schema.get("properties")
    for name, spec in props.items() if isinstance(props, dict) else ():
        texts.append(name)
        if isinstance(spec, dict) and isinstance(spec.get("description"), str):
            texts.append(spec["description"])
        texts.extend(schema_listed(spec if isinstance(spec, dict) else None))  # `A3`
    return {w for t in texts for w in _words(t)}


# a value in ticks said before a noun: "a `pest` request carries at least two", "each
# `overnight` session"
_TICKED_KIND = re.compile(
    r"\b(?:a|an|the|each|every|any|all|no)\s+`(?P<kind>[A-Za-z][\w-]*)`\s+`?(?P<noun>[A-Za-z][\w.-]*)",
    re.I,
)


def bound_clause(quote: str, condition: dict[str, Any]) -> str:
    """The clause of a sentence of several (`;`) that states the rule's number ("at most
    eight photos; a `pest` request carries at least two": the second for `min: 2`); the
    whole quote when no one clause alone does."""
    parts = [p for p in quote.split(";") if p.strip()]
    wanted = {float(v) for k in ("min", "max") if isinstance(v := condition.get(k), int | float)}
    if len(parts) < 2 or not wanted:
        return quote
    stating = [p for p in parts if wanted & {number(m["n"]) for m in re.finditer(NUMBER, p, re.I)}]
    return stating[0] if len(stating) == 1 else quote


def ticked_kind(quote: str, tool: Tool, condition: dict[str, Any]) -> str | None:
    """A value in ticks said before a noun of the rule's clause ("a `pest` request"): the
    rule holds for that kind of call only, or None. A tick that names one of the tool's
    arguments or the tool itself names no kind, nor does the rule's own value said before
    the argument it constrains ("must use the `private` ACL")."""
    props = tool.schema.get("properties")
    args = set(props) if isinstance(props, dict) else set()
    own = {a.casefold() for a in _constrained(condition)}
    values = {
        str(v).casefold()
        for key in ("allowed", "values", "denied")
        for v in (condition.get(key) or ())
    }
    for m in _TICKED_KIND.finditer(quote):
        kind = m["kind"]
        if kind in args or kind == tool.id or kind.casefold() in values:
            continue
        if m["noun"].casefold() in own:
            continue  # "the `private` ACL": the value of the argument the rule constrains
        return kind
    return None


# the subject of a clause that states a bound or a review: the words before its verb
# ("overnight sessions need the manager's approval", "daytime sessions run 1 to 8 hours")
_SUBJECT = re.compile(
    r"^\W*(?:`[^`]+`\s*:\s*)?(?P<np>(?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)\s+(?:needs?|"
    r"requires?|must|may|can|cannot|should|shall|runs?|lasts?|takes?|is|are|gets?|carr(?:y|ies)|"
    r"ha(?:s|ve))\b",
    re.I,
)


# words before a subject's noun that say how much or which one, never what kind
_NO_KIND = frozenset(
    {"maximum", "minimum", "max", "min", "total", "largest", "smallest", "biggest", "highest",
     "lowest", "greatest", "least", "most", "first", "last", "next", "previous", "default",
     "whole", "entire", "overall", "combined", "only", "other", "another", "such", "both",
     "either", "neither", "no", "more", "fewer", "less", "extra", "additional", "further"}
)  # fmt: skip


# words that open a clause with no subject of its own
_OPENS = frozenset(
    {"if", "when", "whenever", "unless", "because", "since", "as", "while", "once", "until",
     "why", "only", "where", "after", "before", "then", "so", "but", "and", "or"}
)  # fmt: skip


def subject_kind(clause: str, tool: Tool) -> str | None:
    """A word of the clause's subject that narrows the tool's calls to a kind its schema
    does not name ("overnight sessions need approval" on `book_session`): the rule holds for
    that kind only, or None. Only words before the subject's first word the tool's own text
    has count: "the estimated project cost" is the `estimated_cost`, no kind of call."""
    m = _SUBJECT.match(clause)
    if m is None:
        return None
    words: list[str] = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", str(m["np"]))]
    if not words or base_verb(words[0]) or words[0] in _OPENS or words[0].endswith("ing"):
        return None  # "make sure ...", "if a ...", "cancelling a crossing needs": no kind
    known = _vocabulary(tool)
    heads = [i for i, w in enumerate(words) if singular(w) in known]
    if not heads:
        return None
    kinds = [w for w in words[: heads[0]] if w not in _OPEN_WORDS | _NO_KIND]
    if not kinds or any(len(k) >= 4 and kinds[-1].startswith(k) for k in known):
        return None  # ("rental deposits" of `rent_instrument`: the tool's own word)
    return kinds[-1]  # the word right before the subject's first known one

"""Values an action needs, which the agent must obtain first: "A refund requires the
passenger's IBAN", "the grower's delivery address is required to ship a tray", "to refund a
ticket, the agent needs the IBAN", "you must have the passenger's surname before calling
`find_passenger`", "without the ticket id, no refund can be made", "the passenger must tell
you their surname before you can search".

Such a sentence names the action (a tool by its id, a verb and its object, an action noun)
and the values (data: a name, a number, an id, an address, ...). The action cannot be done
with a value the agent has not obtained: `arg_grounded` on the action's argument the value
names, from the user or a tool's output (the sentence says the value is needed, not who
gives it), or from the user alone when the sentence says the person tells or gives it. An
action named by a pronoun only ("search for them") is no action: the value is then bound on
every tool taking it (`specgap.spread`), and a value no argument names stays over every
call, reviewed, with a located note.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.asked_values import values_of
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import (
    ANY_TOOL,
    is_action_noun,
    lemma,
    singular,
    split_words,
)
from specgap.extract.value_people import PERSON

_WORD = r"[A-Za-z][\w'-]*"
# a determiner or owner is taken whole (atomic), and "and" is never a word of a value: the
# list has one reading, so a long repetitive line cannot backtrack exponentially
_LEAD = r"(?>(?:(?:the|their|his|her|a|an|its)\s+)?(?:[a-z]+'s\s+)?)"
_VALUE = rf"{_LEAD}{_WORD}(?:\s+(?!and\b){_WORD}){{0,3}}?"
_VALS = rf"(?P<np>{_VALUE}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_VALUE})*)"
_ACT = r"(?P<act>[^,.;:!?]{2,60}?)"
_END = r"\s*(?:[,.;:!?]|$)"
_PERSON = rf"(?:the\s+|a\s+|their\s+)?(?P<who>{PERSON})s?"
_NEEDERS = r"(?:you|the\s+agent|the\s+assistant|we)"
_SHAPES = (
    # "a refund requires the passenger's IBAN"
    re.compile(
        r"^\W*(?:a|an|any|every|each|the)\s+" + _ACT + r"\s+(?:always\s+|also\s+)?"
        r"(?:requires|needs)\s+" + _VALS + _END,
        re.I,
    ),
    # "the IBAN is required to refund a ticket", "... is needed for a refund"
    re.compile(
        r"^\W*" + _VALS + r"\s+(?:is|are)\s+(?:always\s+|also\s+)?(?:required|needed|mandatory|"
        r"necessary)\s+(?:to|for|before|in\s+order\s+to)\s+" + _ACT + _END,
        re.I,
    ),
    # "to refund a ticket, the agent needs the IBAN"
    re.compile(
        r"^\W*(?:to|in\s+order\s+to|before)\s+" + _ACT + r"\s*,\s*" + _NEEDERS + r"\s+"
        r"(?:must\s+have|needs?|will\s+need|requires?|must\s+first\s+have)\s+" + _VALS + _END,
        re.I,
    ),
    # "you need the ticket id from the passenger to refund a ticket", "you must have the
    # surname before calling `find_passenger`"
    re.compile(
        r"^\W*" + _NEEDERS + r"\s+(?:must\s+(?:first\s+)?have|needs?|will\s+need|requires?)\s+"
        + _VALS + r"(?:\s+from\s+" + _PERSON + r")?\s+(?:to|before|in\s+order\s+to|for)\s+"
        + _ACT + _END,
        re.I,
    ),
    # "without the ticket id, no refund can be made", "without X, you cannot refund a ticket"
    re.compile(
        r"^\W*without\s+" + _VALS + r"\s*,\s*(?:no\s+" + _ACT + r"\s+(?:can|may|will)\s+be\s+"
        r"[a-z]+|" + _NEEDERS + r"\s+(?:cannot|can't|can\s+not|may\s+not|must\s+not)\s+"
        + _ACT.replace("act", "act2") + r")" + _END,
        re.I,
    ),
    # "the passenger must tell you their surname before you can search for them"
    re.compile(
        r"^\W*" + _PERSON + r"\s+(?:must|should|has\s+to|needs\s+to)\s+(?:first\s+)?"
        r"(?P<tells>tell\s+you|give\s+you|provide|give|supply|state)\s+" + _VALS
        + r"\s+before\s+(?:you\s+(?:can|may)\s+)?" + _ACT + _END,
        re.I,
    ),
)  # fmt: skip
_TOOL = re.compile(
    r"`?(?P<id>(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)))`?"
)
_CALLING = re.compile(
    r"^(?:calling|using|invoking|running|you\s+call|you\s+use)\s+(?:the\s+)?", re.I
)
_DETS = frozenset(split_words("a an the any every each their his her its this that"))
_PRONOUNS = frozenset(split_words("it them him her one this that these those"))


def needed_values(text: str) -> list[Emit]:
    """One `arg_grounded` per value the sentence says an action needs (module docstring);
    [] for any other sentence."""
    for shape in _SHAPES:
        m = shape.search(text)
        if m is None:
            continue
        values = values_of(m["np"])
        said = m.groupdict()
        act = said.get("act") or said.get("act2") or ""
        if not values:
            continue
        action = _action(act)
        if action is None and not _pronoun_only(act):
            continue  # "... is required to be safe": no action read, no reading
        told = bool(said.get("who")) and (bool(said.get("tells")) or "from" in m[0].casefold())
        source: dict[str, Any] = {"from_user": True, "from_tools": [] if told else [ANY_TOOL]}
        target = action or ANY_TOOL
        return [Emit("arg_grounded", target, {"facet": v, **source}, 0.65) for v in values]
    return []


def _action(phrase: str) -> str | None:
    """The action a phrase names: a tool id, `<verb> <object>` or an action noun's verb."""
    tool = _TOOL.search(phrase)
    if tool is not None:
        return tool["id"]
    words = [w for w in _CALLING.sub("", phrase.strip()).casefold().split() if w not in _DETS]
    words = [w[:-2] if w.endswith("'s") else w for w in words]
    if not words or len(words) > 3:
        return None
    first = words[0]
    verb = lemma(first) if first.endswith("ing") else first
    if verb in IMPERATIVE_VERBS and (first.endswith("ing") or len(words) > 1):
        objects = [singular(w) for w in words[1:] if w not in _PRONOUNS and w != "for"]
        if len(objects) != len(words) - 1 - words[1:].count("for"):
            return None  # "search for them": the object is a pronoun
        return " ".join([verb, *objects]).strip()
    if len(words) <= 2 and is_action_noun(words[-1]):  # "a refund", "a ticket refund"
        return " ".join([lemma(words[-1]), *words[:-1]])
    return None


def _pronoun_only(phrase: str) -> bool:
    """ "search for them": an action whose object is only a pronoun."""
    words = [w for w in phrase.casefold().split() if w not in _DETS | {"you", "can", "may"}]
    return len(words) >= 2 and words[-1] in _PRONOUNS

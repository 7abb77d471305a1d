"""The action a clause names through a light verb or through the tool it uses.

- A light verb with an action noun as its object names the noun's action: "never perform
  a brake check" (check brake), "never process a deposit refund" (refund deposit),
  "always complete an inspection of the bike" (inspect bike). What the action acts on is
  the noun's modifiers ("a *brake* check"), or else what follows its preposition ("an
  inspection *of the bike*"). A noun of any change ("make changes to X") is left to
  `entity_rules`: every action on X, not the tool named "change".
- "Use" with a tool as its object names a call of that tool: "never use the refund tool",
  "only use the bike lookup for customers" (a tool word, or a noun compound that ends in a
  verb used as its own noun, the way tools are named by what they do; not "the data
  connection", a thing).

A phrasal verb keeps its particle in the mention ("check in a guest" is not "check a
guest": reading them). The passive light verb ("returns can only be made ...") is read in
`state_actions`. Pure functions of the main clause and the verb and object read from it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from specgap.extract.grammar_words import object_at
from specgap.extract.state_actions import nominal_verb
from specgap.resolve.lexicon import ZERO_NOUNS, classes_of, verb_key
from specgap.resolve.verbs import TOOL_WORDS, action_noun

__all__ = ["Carried", "carried_action"]

# light verbs the grammar reads as verbs (`IMPERATIVE_VERBS`); "do" and "carry out" are not
LIGHT_VERBS = frozenset({"make", "perform", "complete", "process", "execute", "run"})
_USE = frozenset({"use", "utilize"})
# nouns of any change at all: "make changes to X" is every action on X (`entity_rules`),
# not the one tool whose verb is "change"
_ANY_CHANGE = frozenset(
    {"change", "changes", "modification", "modifications", "alteration", "alterations",
     "edit", "edits", "action", "actions", "operation", "operations"}
)  # fmt: skip
# the preposition that joins an action noun to what it acts on
_OF = re.compile(r"\s+(?:to|of|on)\s+", re.I)
_JOINING = frozenset({"to", "of", "on"})
# a verb and its particle, written together before the object ("check in a guest")
_PHRASAL = re.compile(r"[A-Za-z]+\s+(?P<p>in|out|up|off|on|down|over|back)\s+(?=[A-Za-z])", re.I)


def _verb_of(noun: str) -> str | None:
    """The verb an action noun names: its lemma ("changes": change, "booking": book), or
    the verb key the resolver's lexicon makes of it ("inspection": inspect, "lookup")."""
    return nominal_verb(noun) or action_noun(noun.casefold(), set())


class Carried(NamedTuple):
    """The action a light verb or `use` names: its verb, object and span, and the mention
    to resolve when the verb and object alone would not say it (None: they do)."""

    verb: str
    obj: str
    span: tuple[int, int]
    mention: str | None = None


def carried_action(
    main: str, verb: str | None, obj: str, span: tuple[int, int] | None
) -> Carried | None:
    """The action the clause names when its verb is light or `use` (see the module doc);
    None when it is neither, or the object names no action or tool."""
    if verb is None or span is None or not obj:
        return None
    phrasal = _PHRASAL.match(main, span[0])
    if (
        phrasal is not None
        and " " not in verb  # "look up": the particle is the verb's already
        and not obj.casefold().startswith(phrasal["p"].casefold() + " ")  # ... or the object's
        and classes_of(verb_key(f"{verb} {phrasal['p']}"))
    ):
        # "check in a guest": the phrasal verb, not "check" (reading) the guest
        return Carried(verb, obj, span, f"{verb} {phrasal['p'].casefold()} {obj}")
    words = obj.split()
    joined = next((n for n, w in enumerate(words) if n and w in _JOINING), None)
    if verb in LIGHT_VERBS and joined is not None:  # "an inspection of the bike": one phrase
        head, rest = words[:joined], words[joined + 1 :]
        if head[-1].casefold() in _ANY_CHANGE:
            return None
        acted = _verb_of(head[-1])
        if acted is None or acted in LIGHT_VERBS or not rest:
            return None
        return Carried(acted, " ".join([*head[:-1], *rest]), span)
    if verb in _USE:
        if words[-1] in TOOL_WORDS or (len(words) > 1 and words[-1] in ZERO_NOUNS):
            return Carried("call", obj, span)  # "use the refund tool": call it
        return None
    if verb not in LIGHT_VERBS or words[-1].casefold() in _ANY_CHANGE:
        return None
    acted = _verb_of(words[-1])
    if acted is None or acted in LIGHT_VERBS:
        return None
    if len(words) > 1:
        return Carried(acted, " ".join(words[:-1]), span)
    end = span[1]
    of = _OF.match(main, end)
    what, o_end = object_at(main, of.end() - 1) if of is not None else ("", end)
    if not what:  # "make a reservation": what is made is the noun; the phrase names it
        return Carried(acted, obj, span, f"{verb} {obj}")
    return Carried(acted, what, (span[0], o_end))

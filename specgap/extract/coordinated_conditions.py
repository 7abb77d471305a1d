"""A condition over several coordinated actions holds for each of them.

"Only members whose status is 'active' may book desks or receive guest passes", "never
cancel or move a booking while it is 'locked'": the grammar reads the clause with its first
action; the state (or the kept condition) is the same for every action the clause lists, so
each gets its own copy. Three coordinations are read: verbs sharing one object ("cancel or
move a booking"), objects of one verb ("close tickets or threads"), and whole verb phrases
("book desks or receive guest passes"). "Receive X or Y" names what is given to the entity:
an action noun is that action (`license assignments`: `assign license`), any other object is
added to it (`group memberships`: `add group membership`).

Copies are made only of a `state_condition` or of a ban that keeps its condition, both read
from the clause's own action; the resolver then maps each action to a tool, and an action it
cannot map is reported there (`unresolved-mention`), never dropped silently.
"""

from __future__ import annotations

import re

from specgap.extract.coordination import actions_of, verb_actions
from specgap.extract.grammar import Clause
from specgap.extract.grammar_emit import NOT_ACTIONS
from specgap.extract.grammar_modal import participle
from specgap.extract.grammar_words import IMPERATIVE_VERBS, PARTICLES, object_at
from specgap.extract.pattern_base import is_action_noun, lemma, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.operators.prose import lemmas

_NEXT_VERB = re.compile(
    r"(?:\s*,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|and/or|nor)\s+)(?:also\s+|then\s+)?"
    r"(?P<v>[a-z]+)\b",
    re.I,
)
_RECEIVE = re.compile(
    r"\b(?:receive|be\s+given|be\s+granted|be\s+issued)\s+(?P<list>[a-z][a-z\s,/-]*?)"
    r"(?=\s*(?:[.;:!?]|$|\b(?:if|when|unless|while|only|before|after)\b))",
    re.I,
)
_PARTICLE = re.compile(
    r"\s+(?:" + "|".join(sorted(PARTICLES)) + r")\b(?=\s*(?:,|and\b|or\b))", re.I
)
_ITEM = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+")
_DET = re.compile(r"^(?:(?:any|all|new|the|a|an|their|its)\s+)+", re.I)


def clause_actions(text: str, clause: Clause) -> list[str]:
    """Every action the clause coordinates, its own first; just its own when it lists none."""
    if clause.action is None or clause.action_span is None:
        return []
    passive = _verb_phrases(text, clause) if clause.passive else []
    if passive:  # "... can't be transferred or upgraded": each participle, the one subject
        return _own_first(clause.action, [clause.action, *passive])
    for found in (_received(text), verb_actions(text), actions_of(text)):
        if len(found) > 1:
            return _own_first(clause.action, found)
    return _own_first(clause.action, [clause.action, *_verb_phrases(text, clause)])


def _own_first(own: str, found: list[str]) -> list[str]:
    return list(dict.fromkeys([own, *found]))


def _verb_phrases(text: str, clause: Clause) -> list[str]:
    """ "book desks or receive guest passes": each further verb with its own object."""
    assert clause.action_span is not None
    out: list[str] = []
    at = clause.action_span[1]
    if clause.passive and (particle := _PARTICLE.match(text, at)) is not None:
        at = particle.end()  # "must not be checked in, extended or groomed"
    while (m := _NEXT_VERB.match(text, at)) is not None:
        verb = lemma(m["v"].casefold())
        # "can't be extended or groomed": a further participle is a further action even when
        # the closed verb list lacks it; the resolver maps it to a tool or says it cannot
        told = _participle(m["v"]) if clause.passive else None
        verb = verb if verb in IMPERATIVE_VERBS or told is None else told
        if (verb not in IMPERATIVE_VERBS and told is None and verb != "receive") or (
            verb in NOT_ACTIONS
        ):
            break
        obj, end = object_at(text, m.end())
        if obj.casefold() in {"nor", "or", "and"}:  # "extended, groomed nor refunded"
            obj, end = "", m.end()
        if not obj and clause.passive and clause.object:
            obj, end = clause.object, m.end()  # "can't be transferred or upgraded": the subject
        if not obj:
            break
        out.append(_given(obj) if verb == "receive" else f"{verb} {obj}")
        at = end
    return out


def _participle(word: str) -> str | None:
    """The verb a past participle (`groomed`, `frozen`) is of, None for any other word."""
    word = word.casefold()
    verbs = lemmas(word).get("VERB", ())
    return verbs[0] if participle(word) and verbs and verbs[0] != word else None


def _received(text: str) -> list[str]:
    """ "may receive group memberships or license assignments": what the entity is given."""
    m = _RECEIVE.search(text)
    if m is None:
        return []
    items = [_DET.sub("", i.strip()) for i in _ITEM.split(m["list"].strip())]
    items = [i for i in items if i and len(i.split()) <= 3]
    if len(items) < 2:
        return []
    return [_given(item) for item in items]


def _given(item: str) -> str:
    """The action that gives an entity `item`: the action an action noun names, else `add`."""
    words = [singular(w.casefold()) for w in item.split()]
    head, rest = words[-1], words[:-1]
    return " ".join([lemma(head), *rest] if is_action_noun(head) else ["add", *words])


def coordinated_conditions(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule]
) -> list[CandidateRule]:
    """The rules, with a copy of each conditional rule on the clause's action for every other
    action the clause coordinates (module docstring)."""
    if sentence.subject is not None or clause.action is None:
        return rules
    own = [r for r in rules if r.target == clause.action and _conditional(r)]
    if not own:
        return rules
    actions = clause_actions(sentence.clean, clause)
    had = {r.target for r in rules}
    more = [
        rule.model_copy(update={"target": a, "mentions": (a,), "grounding": "partial"})
        for a in actions
        if a not in had
        for rule in own[:1]
    ]
    return [*rules, *more]


def _conditional(rule: CandidateRule) -> bool:
    return rule.operator == "state_condition" or (
        rule.operator == "deny_action" and rule.condition is not None
    )

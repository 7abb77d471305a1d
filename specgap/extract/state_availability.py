"""A state said as what an action is available for, or what it requires, rather than as a
modal over a verb:

- "dispatched orders are not eligible for cancellation", "cancellation is not available
  for dispatched orders", "returns are not accepted for orders that are pending", "only
  gold members are eligible for vouchers", "orders are eligible for cancellation only while
  pending": the action is the action noun (or the thing given), the entity and its state
  are on the other side of `for`;
- "cancelling an order requires the order to be in 'pending' status", "a refund requires
  that the order is delivered": allowed only in that state;
- "an order must be pending to be cancelled", "an order must be in 'pending' status before
  it can be modified", "to cancel an order, it must be pending": likewise.

Each reading is a `Reading` the rule grammar turns into its `Clause`: the modality, the
action (verb and object) and the bound condition. A sentence with no state on either side
("refunds are available for members") is left to the rest of the grammar: a permission
alone restricts nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from specgap.extract.grammar_conditions import Condition, bind_state, read_condition
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import lemma, singular
from specgap.extract.state_actions import nominal_verb, reserved_action
from specgap.extract.state_positions import head_noun as _head
from specgap.extract.state_positions import phrase_state
from specgap.operators.prose import NUMBER_WORDS

__all__ = ["Reading", "availability", "required_state"]


@dataclass(frozen=True)
class Reading:
    """What a sentence of this module's shapes says: `modality` (`only` or `must_not`),
    the action's verb and object, where the action is said, and the bound condition."""

    modality: str
    verb: str
    object: str
    span: tuple[int, int]
    condition: Condition


_AVAILABLE = re.compile(
    r"^\W*(?P<subj>[A-Za-z`'][\w`'-]*(?:\s+[A-Za-z`'][\w`'-]*){0,6}?)\s+(?:is|are)\s+"
    r"(?P<neg>not\s+|never\s+)?(?P<o1>only\s+)?(?:eligible|available|permitted|allowed|possible|"
    r"accepted|offered|valid|(?P<lim>limited|restricted|confined))\s+(?P<o2>only\s+)?(?P<prep>for|to|on)\s+"
    r"(?P<obj>[^.;:!?]+?)\s*$",
    re.I,
)
_GERUND = re.compile(
    r"^(?:the\s+)?(?P<v>[a-z]+ing)(?:\s+(?:an?\s+|the\s+|any\s+)?(?P<o>[a-z][\w-]*))?$"
)  # "cancelling an order", "voiding" (what it acts on is on the other side of `for`)
_ONLY_TAIL = re.compile(r"\s+only$", re.I)
# a number after "limited to": how many or how much, read by the counts and bounds
_COUNTED = re.compile(
    r"^(?:(?:at\s+most|no\s+more\s+than|a\s+maximum\s+of)\s+)?(?:\d|[$€£]|(?:"
    + "|".join(NUMBER_WORDS)
    + r"|a\s+single)\b)",
    re.I,
)


def availability(text: str) -> Reading | None:
    """ "Dispatched orders are not eligible for cancellation", "cancellation is available
    only for pending orders": the rule (module docstring), or None."""
    cond, main, _ = read_condition(text)
    m = _AVAILABLE.match(main.rstrip(" .!"))
    if m is None:
        return None
    subj, obj = m["subj"], m["obj"]
    if m["prep"].casefold() == "to" and obj.split()[0].casefold() in IMPERATIVE_VERBS:
        return None  # "... are permitted to book desks": a modal over a verb, read elsewhere
    if m["lim"] and _COUNTED.match(obj):
        return None  # "guest passes are limited to two per member": a count, not a state
    only = bool(m["o1"] or m["o2"] or _ONLY_TAIL.search(obj) or re.match(r"\W*only\b", subj, re.I))
    only = only or bool(m["lim"])  # "reopening is limited to rejected claims"
    only = only or (cond is not None and cond.kind == "only_if")
    obj = _ONLY_TAIL.sub("", obj)
    gerund = _GERUND.match(subj.strip().casefold())
    subject_acts = gerund is not None or nominal_verb(_head(subj)) is not None
    if subject_acts:  # "cancellation is not available for dispatched orders"
        state = phrase_state(obj, m.start("obj"), kinds=bool(m["o1"] or m["o2"]))
        if gerund is not None:
            verb, acted = lemma(gerund["v"]), singular(gerund["o"] or "")
        else:
            verb, acted = nominal_verb(_head(subj)) or lemma(_head(subj)), ""
        acted = acted or (state.entity if state and state.entity else _head(obj))
        span = m.span("subj")
    else:  # "dispatched orders are not eligible for cancellation"
        state = phrase_state(subj, m.start("subj"), kinds=True)  # "gold members ..."
        verb, acted = reserved_action(obj.strip(), state.entity if state else _head(subj))
        acted = acted or _head(subj)
        span = m.span("obj")
    if cond is not None and cond.bound:  # "... only while pending": the clause's own state
        state = cond if state is None else state
    if state is None or not state.bound:
        return None
    if m["neg"]:
        return Reading("must_not", verb, acted, span, replace(state, kind="if"))
    if not only:
        return None  # "gold members are eligible for vouchers": a permission restricts nothing
    return Reading("only", verb, acted, span, replace(state, kind="only_if"))


_REQUIRES = re.compile(
    r"^\W*(?P<act>[A-Za-z][\w-]*(?:\s+(?:of\s+)?(?:an?\s+|the\s+|any\s+)?[a-z][\w-]*)?)\s+"
    r"(?:requires|needs)\s+(?:that\s+)?(?:the\s+(?P<ent>[a-z][\w-]*)|it|they)\s+(?:to\s+be|is|are|be)"
    r"\s+(?P<state>[^.;,]+?)\s*[.!]?\s*$",
    re.I,
)
_MUST_BE = re.compile(
    r"^\W*(?:(?:a|an|the|any|every)\s+)?(?P<ent>[a-z][\w-]*)\s+must\s+(?P<neg>not\s+)?(?:have\s+)?"
    r"be(?:en)?\s+"
    r"(?P<state>[^.;,]+?)\s+(?:(?:in\s+order\s+)?to\s+be\s+(?P<v1>[a-z]+)|before\s+(?:it|they)\s+"
    r"(?:(?:can|may)\s+be|is|are|gets?)\s+(?P<v2>[a-z]+)|(?:in\s+order\s+)?to\s+(?P<v3>[a-z]+))\b",
    re.I,
)
_TO_V = re.compile(
    r"^\W*(?:in\s+order\s+)?to\s+(?P<v>[a-z]+)\s+(?:an?\s+|the\s+|any\s+)?(?P<ent>[a-z][\w-]*)\s*,"
    r"\s*(?:it|they|the\s+(?P<other>[a-z][\w-]*))\s+must\s+(?P<neg>not\s+)?be\s+(?P<state>[^.;,]+?)\s*[.!]?\s*$",
    re.I,
)


def required_state(text: str) -> Reading | None:
    """ "Cancelling an order requires the order to be pending", "an order must be pending
    to be cancelled", "to cancel an order, it must be pending": allowed only in that
    state (a negated state, "must not be locked", denies it). None for any other sentence."""
    m = _REQUIRES.match(text)
    if m is not None:
        act = m["act"].casefold().split()
        gerund = act[0].endswith("ing")
        named = nominal_verb(act[0])
        if not (gerund or named):
            return None
        verb = lemma(act[0]) if gerund else str(named)
        entity = singular(m["ent"].casefold()) if m["ent"] else _head(" ".join(act[1:]))
        if not entity:
            return None
        return _reading(text, verb, entity, m["state"], False, m.span("act"))
    m = _MUST_BE.match(text) or _TO_V.match(text)
    if m is None:
        return None
    verb = lemma((m.groupdict().get("v") or m["v1"] or m["v2"] or m["v3"] or "").casefold())
    if not verb:
        return None
    entity = singular(m["ent"].casefold())
    other = m.groupdict().get("other")
    if other:  # "to file a claim, the policy must be active": the policy's state
        return _reading(text, verb, entity, m["state"], bool(m["neg"]), m.span("ent"), other)
    return _reading(text, verb, entity, m["state"], bool(m["neg"]), m.span("ent"))


def _reading(
    text: str,
    verb: str,
    entity: str,
    state: str,
    negated: bool,
    span: tuple[int, int],
    owner: str | None = None,
) -> Reading | None:
    """The reading of `entity` acted on, in `state` (of `owner`, another entity, if said)."""
    said = singular(owner.casefold()) if owner else entity
    words = f"{said} is {'not ' if negated else ''}{state}"
    cond = bind_state(Condition("only_if", " ".join(text.split()), 0, len(text)), said, words)
    if not cond.bound:
        return None
    return Reading("only", verb, entity, span, cond)

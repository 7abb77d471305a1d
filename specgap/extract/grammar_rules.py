"""Operators chosen from a sentence's `Clause`: a table of small pure functions.

Each chooser looks at one part of the clause (a derived bound, what must be obtained from
the user, an argument restriction, a quantity, a condition, a prohibition) and returns the
rules it compiles to, or a `Gap` naming the part that could not be compiled and why. The
first chooser that answers owns the sentence. `guard` applies the same reading to the
rules the phrase patterns found: a rule the sentence states under a condition never
compiles to the unconditional rule.

The never-stronger contract: a condition binds to `state_condition` only when an entity's
field and its values are read; any other condition is kept on the rule (`condition`), which
makes it `review_only`, and a `condition-not-bound` diagnostic says what could not be bound.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from specgap.extract.agent_params import counting_argument, named_by_id
from specgap.extract.allow15_objects import measured_values
from specgap.extract.call_nouns import one_per_call
from specgap.extract.conditional_rules import conditional as _conditional
from specgap.extract.conditional_rules import guard
from specgap.extract.grammar import IMPERATIVE_VERBS, Clause
from specgap.extract.grammar_emit import NOT_ACTIONS, READS, Answer, Chooser, Emit, Gap, acts
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.pattern_base import ANY_TOOL, EXTRACTOR, is_action_noun, lemma, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.operators import OPERATORS

__all__ = ["NOT_ACTIONS", "Emit", "Gap", "also", "call_count", "candidate", "choose", "guard"]
_READS = READS
_acts = acts


def _derived_bound(c: Clause) -> Answer:
    if c.quantity is None or c.quantity.derived is None:
        return None
    return Gap(
        "bound-not-representable",
        f"`{c.quantity.derived}` is a bound derived from another quantity; specgap's bounds "
        "are fixed numbers",
        "state the fixed limit per call, or enforce the rate in the tool",
    )


def _obtain_from_user(c: Clause) -> Answer:
    """`get the booking number from the customer`, `the user must provide a card`: the
    value comes from the user. In a section about one action the rule is that action's
    (resolved from the section); elsewhere it is about any tool taking such a value."""
    if c.obtain is None or c.negated:
        return None
    return [Emit("arg_grounded", ANY_TOOL, {"arg": c.obtain, "from_user": True}, 0.7)]


def _check_state(c: Clause) -> Answer:
    """`check the bill status to make sure it is overdue`: the action of the section is
    allowed only in that state."""
    if not c.ensures or c.negated or c.verb not in _READS or not c.object:
        return None
    words = c.object.split()
    field = words[-1] if words[-1] in {"status", "state", "stage", "tier"} else None
    entity = singular(words[-2] if field and len(words) > 1 else words[-1])
    params: dict[str, Any] = {"entity": entity, "allowed": list(c.ensures)}
    if field:
        params["field"] = field
    return [Emit("state_condition", None, params, 0.7)]


def _argument_from_user(c: Clause) -> Answer:
    if c.argument is None or not c.argument_from_user or c.action is None:
        return None
    if c.modality not in {"only", "must"} or c.negated:
        return None
    return [Emit("arg_grounded", c.action, {"facet": c.argument, "from_user": True}, 0.75)]


def _argument_fixed(c: Clause) -> Answer:
    if c.argument is None or not c.argument_fixed or not c.negated:
        return None
    return Gap(
        "argument-restriction-not-compiled",
        f"the rule keeps `{c.argument}` unchanged in `{c.action or 'the action'}`; specgap "
        "cannot compare an argument with the value read before the call",
        "state an allowed range or list of values, or enforce it in the tool",
    )


def _quantity(c: Clause) -> Answer:
    from specgap.extract.amounts import measured  # amounts builds on this module

    q = c.quantity
    if q is None or not _acts(c) or q.max is None:
        return None
    if (bound := measured(c.action or "", q)) is not None:  # "at most 4 hours": a measure
        return bound
    last = singular(q.noun.split()[-1]) if q.noun else ""
    # "create at most 5 schedules", "issue at most one refund per booking": each call makes
    # one, or is one such act (a refund), so the count is of calls
    # ... or a thing each call of a tool named by the verb acts on one of ("enroll in at most
    # 5 courses": `enroll_student` takes one section a call)
    each_one = c.verb in current_tool_verbs() and one_per_call(q.noun.split()[-1] if q.noun else "")
    made = bool(last) and (c.verb in MAKES or is_action_noun(last) or each_one)
    made = made and (last == _head(c) or not c.object or each_one)
    counts = counting_argument(q.noun) if made and not (q.calls or q.per) and q.noun else None
    if counts is not None:  # "book at most 3 locks": a tool's own `locks`, not 3 bookings
        counted: dict[str, Any] = {"facet": counts.removesuffix("[]"), "max": q.max}
        if q.min is not None:
            counted["min"] = q.min
        kind = "arg_count_bound" if counts.endswith("[]") else "arg_within_bound"
        # ("a single `t` request shall create at most 12 aliquots": the act of making them)
        action = _made_one(c, q.noun) if not c.object else c.action
        return [Emit(kind, action or c.verb or "", counted, 0.7)]
    if q.calls or made:  # "create at most 5 schedules": each call makes one
        params: dict[str, Any] = {"max": int(q.max)}
        if q.per:
            params["per"] = q.per
        action = _made_one(c, q.noun) if made and not c.object else c.action
        return [Emit("max_calls", action or "", params, 0.75)]
    if q.noun and q.max == 1 and not c.negated:
        return [Emit("arg_count_bound", c.action or "", {"items": q.noun, "max": 1}, 0.7)]
    return None


def _made_one(c: Clause, noun: str) -> str:
    """The act a count said where the object stands counts: the tool named after it ("send at
    most five messages with `chat.post`"), or the verb and the counted noun ("send message")."""
    return c.tool or f"{c.verb} {singular(noun.split()[-1])}"


def call_count(c: Clause) -> Emit | None:
    """The grammar's `max_calls` reading of a count ("issue at most one refund per
    booking"), which replaces a reading of the same count as items of an argument."""
    answer = _quantity(c)
    if isinstance(answer, list) and answer and answer[0].operator == "max_calls":
        return answer[0]
    return None


MAKES = frozenset(
    {"create", "open", "book", "register", "schedule", "submit", "file", "place", "issue", "send",
     "grant", "post", "generate", "raise", "initiate"}
)  # fmt: skip


def _head(c: Clause) -> str:
    """The object's head noun, singular; the empty string when there is no object."""
    return singular(c.object.split()[-1]) if c.object else ""


def _prohibition(c: Clause) -> Answer:
    if not c.negated or c.action is None or c.condition is not None:
        return None
    if c.verb in NOT_ACTIONS or not c.object or c.argument is not None:
        return None
    if c.verb not in IMPERATIVE_VERBS or c.object in {"they", "it", "this", "that", "these"}:
        return None
    return [Emit("deny_action", c.action, {}, 0.7)]


def _enumerated(c: Clause) -> Answer:
    """The only values an argument takes, wherever it appears: one rule per tool taking it
    (the compiler spreads the `*` target, see `specgap.spread`)."""
    if not c.listed or c.negated:
        return None
    cond = c.condition
    if cond is not None and cond.bound and set(c.listed) <= set(cond.values):
        return None  # "bookings whose status is 'a' or 'b'": the state of the entity acted on
    params = {"facet": c.listed_of, "allowed": list(c.listed)}
    return [Emit("resource_in_allowlist", ANY_TOOL, params, 0.75)]


_NOT_YET = re.compile(
    r"^(?:that|which)\s+(?:has|have)\s*(?:n't|\s+not)\s+(?:yet\s+|already\s+)?been\s+"
    r"(?P<done>[a-z]+)\b",
    re.I,
)


def _only_from(c: Clause) -> Answer:
    from specgap.extract.sources import only_from  # sources builds on this module

    return only_from(c)


def _not_yet_done(c: Clause) -> Answer:
    """`never call a tool that has not been unlocked`: unlocking it comes first."""
    if not c.negated or c.condition is None or not _acts(c) or not c.object:
        return None
    m = _NOT_YET.match(c.condition.text)
    if m is None:
        return None
    before = f"{lemma(m['done'])} {c.object}"
    if before == c.action:
        return None
    tools = current_tool_verbs()
    if tools and lemma(m["done"]) not in tools and c.condition.bound:
        return None  # "claims that have not been approved", no tool approves: their state
    return [Emit("require_before", c.action or "", {"before": before}, 0.7)]


_IDENTITY = re.compile(r"\b(?:identity|identities|identification|who\s+they\s+are)\b", re.I)
# what a record's state is called: confirming it is a check of the record
_STATE_NOUN = re.compile(
    r"\b(?:status|statuses|state|availability|eligibility|balance|stock|validity)\b", re.I
)


def _confirm_before(c: Clause) -> Answer:
    """`confirm the details before taking this action`: the user's yes before the action
    (the one named, or the section's when it points back)."""
    if c.verb != "confirm" or c.negated or c.before is None:
        return None
    if _IDENTITY.search(c.object):  # "confirm the caller's identity before X": a check of
        return None  # who they are, not their yes (the identify-first readers own it)
    if _STATE_NOUN.search(c.object):  # "confirm the crossing's status before moving it": a
        return None  # check of a record, read as "verify" is; not the user's yes
    named = _action_named(c.before)
    if named is None and not _ANAPHORA.match(c.before.strip()):
        return None
    return [Emit("require_confirmation", named, {}, 0.7)]


CHOOSERS: tuple[Chooser, ...] = (
    _enumerated,
    _check_state,
    _confirm_before,
    _only_from,
    _not_yet_done,
    _derived_bound,
    _obtain_from_user,
    _argument_from_user,
    _argument_fixed,
    _quantity,
    _conditional,
    _prohibition,
)


def choose(clause: Clause) -> Answer:
    """The first chooser's answer for the clause, or None when it states no rule."""
    for chooser in CHOOSERS:
        answer = chooser(clause)
        if answer is not None:
            return answer
    return None


def candidate(s: Sentence, emit: Emit) -> CandidateRule:
    """The candidate rule of one emitted operator; a verb-phrase mention is `partial`."""
    emit = measured_values(emit)  # "... 30, 45 or 60 minutes long": the unit's numbers
    target = s.subject or emit.target
    if emit.target == ANY_TOOL and "arg" in emit.params and names_action(s.context):
        # "the user must provide X" in a section about one action: that action's argument
        params = {k: v for k, v in emit.params.items() if k != "arg"}
        emit = replace(emit, target=None, params={**params, "facet": emit.params["arg"]})
        target = None
    explicit = target not in {None, ANY_TOOL} and (
        str(target) in s.text or named_by_id(str(target), s.text)
    )
    return CandidateRule(
        text=" ".join(s.text.split()),
        span=s.span(),
        quote=s.quote(),
        target=target,
        context=s.context,
        mentions=(target,) if target and target != ANY_TOOL else (),
        grounding="exact" if explicit else "partial",
        check_category=OPERATORS[emit.operator].category,
        operator=emit.operator,
        params=emit.params,
        confidence=emit.confidence,
        extractor=EXTRACTOR,
        condition=emit.condition,
        mention_context=dict(emit.contexts),
    )


def names_action(heading: str) -> bool:
    """A section heading about one action (`Cancel a booking`, `Refunds`), not `Rules`."""
    words = re.findall(r"[A-Za-z]+", heading)
    return bool(words) and (
        lemma(words[0]) in IMPERATIVE_VERBS or any(is_action_noun(w) for w in words)
    )


# --- rules a sentence states besides its main one -------------------------------------------

_ANAPHORA = re.compile(
    r"^(?:taking|doing|performing|making|calling|executing|running)?\s*(?:the|this|that|such|"
    r"any)?\s*(?:action|step|operation|change|call|it|so)?$",
    re.I,
)


def also(clause: Clause, parts: list[tuple[int, Clause]]) -> list[Emit]:
    """Rules stated beside the main one: an enumeration of an argument's values anywhere in
    the sentence, and a read required before the action of a coordinated clause (`..., and
    you should check its status before taking the action`)."""
    out: list[Emit] = []
    if clause.listed and not clause.negated:
        listed = _enumerated(clause)
        out.extend(listed if isinstance(listed, list) else [])
    head = parts[0][1] if parts else clause
    for _, part in parts[1:]:
        if part.verb not in _READS or part.before is None or part.negated:
            continue
        action = _action_named(part.before) or head.action
        entity = _entity(part, head)
        if action is None or entity is None or not _acts(head):
            continue
        out.append(Emit("require_before", action, {"before": f"get {entity}"}, 0.7))
    return out


def _action_named(phrase: str) -> str | None:
    """The action a `before ...` phrase names, or None when it points back (`the action`)."""
    words = phrase.split()
    if not words or _ANAPHORA.match(phrase.strip()):
        return None
    first = lemma(words[0])
    if first not in IMPERATIVE_VERBS:
        return None
    rest = [w for w in words[1:4] if w.casefold() not in {"the", "a", "an", "any", "its"}]
    return " ".join([first, *rest]).casefold()


def _entity(part: Clause, head: Clause) -> str | None:
    """What is read: the object's entity, or (`its status`) the main clause's entity."""
    words = part.object.split()
    if words and words[-1] not in {"status", "state", "details", "detail", "information"}:
        return singular(words[-1])
    if head.condition and head.condition.entity:
        return head.condition.entity
    return singular(head.object.split()[-1]) if head.object else None

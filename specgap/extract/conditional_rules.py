"""Conditions read as operators: a bound state test becomes `state_condition`, any other
condition is kept on the rule, which makes it `review_only` (never the unconditional rule).

The kept condition says when the rule holds. For a ban that is when the action is
forbidden: "only X when C" and "X is allowed as long as C" forbid X *unless* C, so their
ban keeps `unless C`, never `when C` (which would say the opposite of the sentence).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from specgap.extract.grammar import Clause, Condition
from specgap.extract.grammar_conditions import conjoined
from specgap.extract.grammar_emit import NOT_ACTIONS, Answer, Emit, Gap, acts, recast
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.operators import OPERATORS


def permits(c: Clause, cond: Condition) -> bool:
    """Whether the condition is what allows the action ("only X if C", "cannot X unless
    C", "X only while C"), rather than what forbids it ("cannot X if C", "never X while C")."""
    allow = cond.kind in {"only_if", "unless"} or c.modality == "only"
    allow = allow or (cond.kind == "while" and not c.negated)
    if re.match(r"(?:until|till)\b", cond.text, re.I):
        allow = not allow  # "never X until V": X is allowed once V holds
    return allow


_OPENER = re.compile(
    r"^(?:only\s+)?(?:if|when|whenever|while|once|after|(?:as|so)\s+long\s+as|provid(?:ed|ing)(?:\s+that)?|"
    r"on\s+(?:the\s+)?condition\s+that|in\s+case)\s+",
    re.I,
)
_UNTIL = re.compile(r"^(?:until|till)\s+", re.I)
_AS_IS = re.compile(r"^(?:unless|except|until|till)\b", re.I)


def ban_condition(c: Clause, cond: Condition) -> str:
    """The condition under which the clause's action is forbidden, as kept on a ban: the
    sentence's own words when they say when it is forbidden, `unless <C>` when they say
    when it is allowed."""
    if not permits(c, cond) or _AS_IS.match(cond.text):
        return cond.text
    return "unless " + _OPENER.sub("", cond.text)


def conditional(c: Clause) -> Answer:
    cond = c.condition
    if cond is None or not acts(c):
        return None
    if c.modality == "may" and not c.negated and _UNTIL.match(cond.text):
        # "X can be done until the guide arrives": a ban once it has, a condition no state
        # test binds (a bound one is read by `until_permission`): kept, reviewed
        return [
            Emit("deny_action", c.action or "", {}, 0.6, condition=_UNTIL.sub("once ", cond.text))
        ]
    if c.modality == "may" and not c.negated and cond.kind in {"while", "only_if"}:
        # "extending a stay is allowed as long as it is booked", "you may X provided that S":
        # a permission under a proviso, allowed only while it holds (never an obligation)
        c = replace(c, modality="only")
    if c.modality == "must" and not c.negated and cond.kind == "only_if":
        # "claims shall be submitted only after the request is accepted": "only" makes the
        # duty a restriction (as "may only"), never an obligation to act
        c = replace(c, modality="only")
    if c.modality == "must" or (c.modality in {"none", "may"} and not c.negated):
        return Gap(
            "rule-not-compiled",
            f"an obligation to `{c.action}` {cond.text}: specgap has no operator that "
            "requires a call",
            "state what must not happen instead, or check it with an eval",
        )
    if c.modality not in {"must_not", "only"}:
        return None
    state = state_rule(c, cond)
    if state is not None:
        return [state]
    parts = [state_rule(c, part) for part in conjoined(cond)] if permits(c, cond) else []
    if parts and all(parts):  # "only if it is valid and not used": each conjunct is needed
        return [p for p in parts if p is not None]
    recent = _RECENT.search(cond.text)
    if recent is not None and c.modality == "only":
        # "only retrieve tickets updated within the past 30 days": a bound on the window
        params = {"facet": recent["unit"].casefold().rstrip("s") + "s", "max": int(recent["n"])}
        return [Emit("arg_within_bound", c.action or "", params, 0.7)]
    return [Emit("deny_action", c.action or "", {}, 0.6, condition=ban_condition(c, cond))]


_RECENT = re.compile(
    r"\bwithin\s+(?:the\s+)?(?:past|last|previous)\s+(?P<n>\d+)\s+"
    r"(?P<unit>days?|hours?|weeks?|months?|years?|minutes?)\b",
    re.I,
)


def state_rule(c: Clause, cond: Condition) -> Emit | None:
    """`state_condition` when the condition tests an entity's field against values."""
    if not cond.bound or cond.kind == "otherwise":
        return None
    # "cannot X if V" denies V; "only X if V" and "cannot X unless V" allow only V
    # "never X while V" denies V; "X only while V", "you may X while V" allow it
    allow = permits(c, cond)
    if cond.negated:
        allow = not allow
    entity = cond.entity or (singular(c.object.split()[-1]) if c.object else None)
    params: dict[str, Any] = {("allowed" if allow else "denied"): list(cond.values)}
    if entity:
        params["entity"] = entity
    if cond.field:
        params["field"] = cond.field
    return Emit("state_condition", c.action or "", params, 0.75)


def guard(s: Sentence, clause: Clause, rules: Iterable[CandidateRule]) -> list[CandidateRule]:
    """The phrase patterns' rules, read under the sentence's condition: an unconditional
    rule becomes `state_condition` when the condition binds (a plain ban), and otherwise
    keeps the condition (so it is `review_only`)."""
    out: list[CandidateRule] = []
    cond = clause.condition
    for rule in rules:
        if rule.target is None and rule.operator == "require_confirmation" and names_action(clause):
            # confirmation of the sentence's own action, not of its section
            rule = rule.model_copy(update={"target": clause.action, "mentions": (clause.action,)})
        if (
            rule.target is None
            and rule.operator == "state_condition"
            and cond is not None
            and cond.bound
            and names_action(clause)
        ):  # "the claim must be in 'approved' status before it is paid": paying it
            rule = rule.model_copy(update={"target": clause.action, "mentions": (clause.action,)})
        if cond is not None and rule.operator == "state_condition" and not cond.bound:
            # the patterns read a state where the grammar reads none ("while the car is on
            # the road"): keep the rule, unbound, for review
            rule = recast(rule, "deny_action", {})
        if cond is None or not OPERATORS[rule.operator].guarded or rule.condition is not None:
            out.append(rule)
            continue
        if rule.operator == "deny_action" and not rule.params.get("values"):
            state = state_rule(clause, cond)
            if state is not None:
                out.append(recast(rule, "state_condition", state.params))
                continue
        kept = ban_condition(clause, cond) if rule.operator == "deny_action" else cond.text
        out.append(rule.model_copy(update={"condition": kept}))
    return out


def names_action(clause: Clause) -> bool:
    """The clause names an action a tool performs (not asking, confirming, telling)."""
    return (
        clause.action is not None
        and clause.verb in IMPERATIVE_VERBS
        and clause.verb not in NOT_ACTIONS
        and clause.verb not in {"confirm", "get", "obtain", "request", "check", "verify"}
        and bool(clause.object)
    )

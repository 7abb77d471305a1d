"""The grammar's readers of one sentence, in order, over the phrase patterns' rules: each
reads one kind of rule (a bound in other words, a required value, the values of one
argument, an action that needs another first or the user's yes, a count of the action) and
replaces the patterns' weaker or wider reading of the same thing."""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.amounts import amount_bounds
from specgap.extract.argvalues import argument_values, fixed_values
from specgap.extract.asked_values import with_asked
from specgap.extract.bullets import confirmed_step
from specgap.extract.clause_bounds import clause_bounds
from specgap.extract.coordination import banned_actions
from specgap.extract.found_in import found_in
from specgap.extract.grammar import Clause
from specgap.extract.grammar_rules import Emit, call_count, candidate
from specgap.extract.ground3_counts import counted_calls
from specgap.extract.ground3_turns import one_call
from specgap.extract.inline_state import inline_state, own_state
from specgap.extract.noun_bounds import held_bound
from specgap.extract.noun_counts import counted_person, noun_count, own_count
from specgap.extract.oblig_first import first_candidates
from specgap.extract.obtained import obtained_values
from specgap.extract.one_at_a_time import one_at_a_time
from specgap.extract.openers import opening_rules
from specgap.extract.order3_then import described_first, first_then
from specgap.extract.pattern_base import CALL_VERBS, split_words
from specgap.extract.plain_bans import plain_ban
from specgap.extract.purposes import tool_purpose
from specgap.extract.restrictors import (
    argument_count,
    needs_approval,
    needs_first,
    negated_count,
)
from specgap.extract.segments import Sentence
from specgap.extract.sources import required_values
from specgap.extract.state_tables import status_table
from specgap.extract.user_yes import is_yes, user_yes
from specgap.extract.value_binding import own_values, spread_values
from specgap.extract.value_phrases import stated_values
from specgap.ir import CandidateRule
from specgap.operators.arg_within_bound import usual_numbers
from specgap.operators.prose import USER, is_toolish, singular

_VALUED = frozenset({"deny_action", "resource_in_allowlist"})
# "ask them to confirm before resetting the PIN": the words after the yes name no value
_NOT_A_VALUE = re.compile(r"^(?:before|after|until|when|if|once|prior)\b", re.I)
_NOT_TOGETHER = frozenset({"deny_action", "max_calls", "one_call_at_a_time"})


def readings(sentence: Sentence, clause: Clause, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The sentence's rules after the readers (module docstring)."""
    if not rules and sentence.subject is None:  # | status | allowed actions |: per action
        rules = [candidate(sentence, e) for e in status_table(sentence.clean, sentence.context)]
    if not rules and sentence.subject is None:  # "refunds may not exceed $500"
        rules = [candidate(sentence, e) for e in amount_bounds(sentence.clean)]
    if not rules and sentence.subject is None:  # "overnight shipping is not offered"
        stated = stated_values(sentence.clean)
        if not _state_values(clause, stated):  # "claims with a status other than 'x'": a state
            rules = [candidate(sentence, e) for e in stated]
    if sentence.subject is None and rules:  # "only the flavours 'a' and 'b' may be ordered"
        rules = spread_values(sentence, rules)
    if not rules and sentence.subject is not None:  # a tool's own: "the fee must not exceed $9"
        rules = [candidate(sentence, e) for e in own_values(sentence.clean)]
    held = held_bound(sentence.clean) if sentence.subject is None else None
    if held is not None:  # "servers can have at most 32 cores": every tool taking `cores`
        kept = [r for r in rules if r.operator not in {"arg_within_bound", "arg_count_bound"}]
        rules = [*kept, candidate(sentence, held)]
    if sentence.subject is None and not any(r.operator == "arg_within_bound" for r in rules):
        # "discounts may not exceed 15%, and they can only be applied once": each clause
        rules = [*rules, *(candidate(sentence, e) for e in clause_bounds(sentence.clean))]
    if not rules and sentence.subject is None:  # "for name lookup, the birth date is required"
        rules = [candidate(sentence, e) for e in required_values(sentence.clean)]
    if not rules and sentence.subject is None:  # "search S to find the Xs you can V"
        rules = [candidate(sentence, e) for e in found_in(sentence.clean)]
    valued = argument_values(clause, sentence.clean) if sentence.subject is None else []
    if valued and _state_values(clause, valued):  # "bookings that are 'cancelled'": a state
        valued = []
    if not valued and not rules and sentence.subject is None:
        valued = fixed_values(sentence.clean)  # "apply the fixed timestamp '...'"
        valued = [] if valued and _state_values(clause, valued) else valued
    from specgap.extract.allow15_objects import object_values, stated_lengths, unused_values
    from specgap.extract.allow_actions import action_values
    from specgap.extract.allow_passives import own_prep_values
    from specgap.extract.allow_preps import noun_values, prep_values, valued_rule

    if not valued and sentence.subject is None and not any(valued_rule(r) for r in rules):
        valued = prep_values(clause, sentence.clean)  # "only ship to DE or FR" (allow_preps)
        valued = valued or action_values(sentence.clean)  # "when V-ing X, the Y is 'a' or 'b'"
        valued = valued or noun_values(sentence.clean)  # "only offer the day and week tariffs"
        valued = valued or object_values(sentence.clean)  # "only violins and cellos are rented"
        valued = valued or unused_values(sentence.clean)  # "cash is not accepted"
        valued = valued or stated_lengths(sentence.clean)  # "lessons are 30 or 60 minutes long"
    elif not valued and not any(valued_rule(r) for r in rules):
        valued = own_prep_values(sentence.clean)  # a tool's own: "Only ships to DE or FR."
    if valued:  # "only reserve cars of class 'economy'": the values of one argument
        rules = [r for r in rules if r.operator not in _VALUED] + [
            candidate(sentence, e) for e in valued
        ]
    if not rules and sentence.subject is None:  # "collect the name and licence from the renter"
        rules = [candidate(sentence, e) for e in obtained_values(sentence.clean)]
    rules = with_asked(sentence, rules)  # "ask the member for their card number"
    if not rules and sentence.subject is None:  # "at the beginning, you must first X"
        rules = [candidate(sentence, e) for e in opening_rules(sentence)]
        rules = rules or first_candidates(sentence)  # "you must X first"
    if sentence.subject is None and not any(r.operator == "require_before" for r in rules):
        then = first_then(sentence.clean)  # "get X first, and only V ...": X before V
        rules = [*rules, *(candidate(sentence, e) for e in then)]
    elif sentence.subject is not None and not any(r.operator == "require_before" for r in rules):
        then = described_first(sentence.clean, sentence.subject)  # "Call `x` for them first."
        rules = [*rules, *(candidate(sentence, e) for e in then)]
    if not rules and sentence.subject is not None:  # "use ONLY for ... (reason = 'new')"
        rules = [candidate(sentence, e) for e in inline_state(sentence)]
    if not rules and sentence.subject is not None:  # "only use this when X is 'a'"
        rules = [candidate(sentence, e) for e in own_state(sentence, clause)]
    if not rules and sentence.subject is not None:  # "use this to get the time for logging X"
        about = replace(sentence, subject=None)  # the rule is about the other action
        rules = [candidate(about, e) for e in tool_purpose(sentence)]
    confirmed = confirmed_step(sentence)  # "- Confirm the price" "- Apply the plan"
    if confirmed:  # the yes guards the next step, whatever the bullet alone reads as
        kept = [r for r in rules if r.operator != "require_confirmation"]
        rules = [*kept, *(candidate(sentence, e) for e in confirmed)]
    first = needs_first(clause, sentence.clean) if sentence.subject is None else None
    if first is not None and not needs_approval(clause, sentence.clean):
        # "never X without checking Y first": Y before X, not a ban on X
        kept = [r for r in rules if r.operator != "deny_action"]
        emit = Emit("require_before", first[0], {"before": first[1]}, 0.7)
        rules = [*kept, candidate(sentence, emit)]
    asked = needs_approval(clause, sentence.clean) if not rules else None
    if asked is not None and sentence.subject is None:  # "never X without asking the user"
        rules = [candidate(sentence, Emit("require_confirmation", asked, {}, 0.7))]
    calls = call_count(clause) if sentence.subject is None and not clause.negated else None
    person = counted_person(sentence.clean) if calls is not None else None
    if calls is not None and person is not None and not calls.params.get("per"):
        # "students may enroll in at most five courses": each student's count (a span is
        # kept: "per term" may be the courses' term, not when they are enrolled in)
        calls = replace(calls, params={**calls.params, "per": person})
    counts = [r for r in rules if _counts(r, clause)]
    if calls is not None and counts:
        # "issue at most one refund per booking": each call is one refund, not a list's size
        # nor an amount
        kept = [r for r in rules if r not in counts and r.operator != "max_calls"]
        rules = [*kept, candidate(sentence, calls)]
    said_by = [r for r in rules if r.operator == "max_calls" and _DOER.match(r.target or "")]
    if calls is not None and said_by:  # "you may freeze X at most twice": X, not "you"
        rules = [
            *(r for r in rules if r not in said_by),
            candidate(sentence, _each(calls, said_by)),
        ]
    if calls is not None and clause.passive and clause.verb not in _CALL_VERBS:
        # the grammar's count names the action by its verb ("each lesson can be cancelled
        # once": cancel lesson); a phrase pattern's, by the words before the modal
        worded = [r for r in rules if r.operator == "max_calls" and not is_toolish(r.target or "")]
        if worded:
            kept = [r for r in rules if r not in worded]
            rules = [*kept, candidate(sentence, calls)]
    argued = argument_count(clause, sentence.clean) if sentence.subject is None else None
    if argued is not None:  # "never book more than 3 locks": the tool's own `locks`
        dropped = {"arg_within_bound", "arg_count_bound", "max_calls", "deny_action"}
        rules = [*(r for r in rules if r.operator not in dropped), candidate(sentence, argued)]
    counted = negated_count(clause, sentence.clean)
    if counted is not None and (sentence.subject is None) == (counted[0] is not None):
        # the count the grammar reads replaces the phrase patterns' reading of it
        kept = [r for r in rules if r.operator not in {"max_calls", "deny_action"}]
        rules = [*kept, candidate(sentence, Emit("max_calls", counted[0], counted[1], 0.7))]
    counted_noun = (
        noun_count(sentence.clean)
        if sentence.subject is None
        else own_count(noun_count(sentence.clean), sentence.subject)
    )
    if (
        counted_noun is not None
        and argued is None
        and (sentence.subject is not None or all(_DOER.match(r.target or "") for r in _max(rules)))
    ):
        # "no more than two PIN resets per member": calls of the act, not an amount (and not
        # of "you", read by a phrase pattern in "you may try the reset at most 3 times")
        dropped = {"arg_within_bound", "arg_count_bound", "max_calls"}
        kept = [r for r in rules if r.operator not in dropped]
        rules = [*kept, candidate(sentence, counted_noun)]
    traced = counted_calls(sentence.clean) if sentence.subject is None else None
    if traced is not None and not any(r.operator == "max_calls" for r in rules):
        # "no more than three X requests in one chat", "may be tried twice at most"
        dropped = {"arg_within_bound", "arg_count_bound", "deny_action"}
        rules = [*(r for r in rules if r.operator not in dropped), candidate(sentence, traced)]
    if not rules:  # "PIN resets are handled by staff, not by you"; "Never:" then bullets
        rules = [candidate(sentence, e) for e in plain_ban(sentence, clause)]
    together = one_at_a_time(sentence.clean, clause, sentence.subject)
    if sentence.subject is None:  # "tool calls go out one per turn": every call, `ground3_turns`
        together = one_call(sentence.clean) or together
    if any(r.operator == "one_call_at_a_time" for r in rules) and all(
        e.target == "*" for e in together
    ):
        together = []  # the phrase pattern's reading of every call (it reads the reply too)
    if together:  # "never run two refunds in parallel": no ban, no count, one at a time
        kept = [r for r in rules if r.operator not in _NOT_TOGETHER]
        rules = [*kept, *(candidate(sentence, e) for e in together)]
    if not any(r.operator == "require_confirmation" for r in rules):
        yes = user_yes(sentence.clean, clause, sentence)
        if yes:  # "without a yes from the member, do not cancel": the yes, not a ban
            guarded = {e.target for e in yes} | {clause.action}
            kept = [r for r in rules if not _the_yes_as_condition(r, guarded)]
            kept = [r for r in kept if r.operator != "review_required"]  # the user's, no one else's
            rules = [*kept, *(candidate(sentence, e) for e in yes)]
    from specgap.extract.order4_shapes import with_orders

    usual = usual_numbers(sentence.clean)  # "a normal load is up to 18 credits": no limit
    rules = [r for r in rules if not (r.operator == "arg_within_bound" and _bounds(r) & usual)]
    return with_orders(sentence, rules)  # "`b` follows `a`", "`a` first, `b` second"


# a subject that a measure qualifies ("Anything wider than 15 cm", "Orders over 20 kg",
# "A booking of more than 3 nights"), then its predicate: what the rule holds for
_COMPARED_SUBJECT = re.compile(
    r"^\W*(?P<subject>(?:(?:any|anything|an?|the|each|every|all)\s+)?(?:[a-z][\w-]*\s+){0,3}?"
    r"(?:wider|longer|larger|bigger|heavier|taller|higher|more|greater|over|above|under|below|"
    r"less|fewer|shorter|smaller|lighter|cheaper|older|younger)(?:\s+than)?\s+"
    r"[$€£]?\d[\d,.]*\s*(?:[a-z%]+\b)?)\s+(?:needs?|requires?|must|should|has\s+to|have\s+to|"
    r"goes|go|gets?|is|are|may|can|cannot)\b",
    re.I,
)
# a bound is its own comparison ("Orders over 20 kg are refused" reads the 20 kg itself)
_OWN_COMPARISON = frozenset({"arg_within_bound", "arg_count_bound"})


def compared_subject(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules of a sentence whose subject a measure qualifies, each held under it ("if
    anything wider than 15 cm"): said of those cases only, enforced on every call it would
    be stronger than the sentence (the resolver binds it, or it stays for review)."""
    m = _COMPARED_SUBJECT.match(sentence.clean)
    if m is None:
        return rules
    held = f"if {m['subject'].strip()}"
    return [
        r.model_copy(update={"condition": held})
        if r.condition is None and r.operator not in _OWN_COMPARISON
        else r
        for r in rules
    ]


def _bounds(rule: CandidateRule) -> set[float]:
    return {float(v) for k in ("min", "max") if isinstance(v := rule.params.get(k), int | float)}


def _the_yes_as_condition(rule: CandidateRule, guarded: set[str | None]) -> bool:
    """A ban on a guarded action, or held only under a condition, or an ordering whose
    prerequisite is the user's yes: the confirmation rule states each exactly."""
    if rule.operator == "deny_action" and not rule.params.get("values"):
        return rule.condition is not None or rule.target in guarded
    arg = str(rule.params.get("arg", ""))
    if rule.operator == "arg_grounded" and (is_yes(arg) or _NOT_A_VALUE.match(arg)):
        return True  # "the member has to give the go-ahead": a yes, not a value
    before = rule.params.get("before")
    # an ordering whose first step is the yes, or a step that could not be read at all
    return rule.operator == "require_before" and (before is None or is_yes(str(before)))


def coordinated_bans(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule]
) -> list[CandidateRule]:
    """ "Never cancel or refund a booking": the ban holds for each coordinated verb, not only
    the one the clause was read with (which would silently drop the others)."""
    if sentence.subject is not None:
        return rules
    actions = banned_actions(sentence.clean, clause.negated)
    if len(actions) < 2:
        return rules
    bans = [r for r in rules if r.operator == "deny_action" and not r.params.get("values")]
    if not rules:
        # "you may not sell or refund a pass for someone you have not found": the words
        # after the object qualify each ban; kept as its condition, never dropped
        tail = _qualifier(sentence.clean, actions[-1])
        return [candidate(sentence, Emit("deny_action", a, {}, 0.7, tail)) for a in actions]
    if not bans:
        return rules
    had = {r.target for r in rules}
    more = [
        bans[0].model_copy(update={"target": a, "mentions": (a,), "grounding": "partial"})
        for a in actions
        if a not in had
    ]
    return [*rules, *more]


# the one who acts, read by a phrase pattern as what is counted
_DOER = re.compile(
    r"^(?:you|we|they|agents?|the\s+(?:agent|assistant|bot)|(?:(?:a|an|each|every|any|the)\s+)?"
    r"(?P<who>" + USER + r")s?)$",
    re.I,
)


def _each(calls: Emit, said_by: list[CandidateRule]) -> Emit:
    """ "A member may freeze their membership only once": the count is each member's (per
    the person the sentence gives it to), never per trace in its place."""
    who = next((m["who"] for r in said_by if (m := _DOER.match(r.target or "")) and m["who"]), None)
    if who is None or calls.params.get("per"):
        return calls
    return replace(calls, params={**calls.params, "per": singular(who)})


# "can be called once": the verb says only that the tool is used, the words before it name it
_CALL_VERBS = CALL_VERBS | frozenset(split_words("do perform make submit trigger apply"))


def _max(rules: list[CandidateRule]) -> list[CandidateRule]:
    return [r for r in rules if r.operator == "max_calls"]


def _counts(rule: CandidateRule, clause: Clause) -> bool:
    """The rule reads the clause's count as items of an argument or as an amount."""
    if rule.operator == "arg_count_bound":
        return True
    noun = clause.quantity.noun if clause.quantity else ""
    return rule.operator == "arg_within_bound" and bool(noun) and rule.params.get("facet") == noun


def _state_values(clause: Clause, valued: list[Emit]) -> bool:
    """The quoted values are the state a bound condition tests, not an argument's values."""
    cond = clause.condition
    if cond is None or not cond.bound or not cond.values:
        return False
    said = {str(v) for e in valued for k in ("values", "allowed") for v in e.params.get(k, ())}
    return bool(said) and said <= set(cond.values)


# what may follow a ban's object without qualifying it
_EMPHASIS = re.compile(
    r"^(?:ever|at\s+all|whatsoever|under\s+any\s+circumstances|in\s+any\s+case|either|again|"
    r"yourself|for\s+them|for\s+anyone|for\s+any\s+reason)?$",
    re.I,
)


def _qualifier(text: str, action: str) -> str | None:
    """The words after the last coordinated action's object ("for someone you have not
    found"), or None when nothing qualifies the ban; the whole sentence when the object
    cannot be found in it (a qualifier may hide anywhere: never a flat ban by default)."""
    if not action.split():
        return " ".join(text.split()).rstrip(".!")
    last = action.split()[-1]
    forms = rf"{re.escape(last)}(?:s|es)?" + (
        rf"|{re.escape(last[:-1])}ies" if last.endswith("y") else ""
    )
    hits = list(re.finditer(rf"\b(?:{forms})\b", text, re.I))
    if not hits:
        return " ".join(text.split()).rstrip(".!")
    tail = text[hits[-1].end() :].strip(" .!;,")
    return None if _EMPHASIS.match(tail) else tail

"""A third party that *receives* something ("walk-in guests never get a locker") names the
action that gives it, never the tool that reads it (`get_locker`), and the subject is kept
as a condition on whom the rule holds for: the rule is reviewed, never a ban on every
lookup nor on giving the thing to anyone. An agent's own "get" keeps its verb. A made-up
library and a made-up hostel, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar import parse
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

LIBRARY = [
    _tool("get_card", "Look up a library card and its holder.", card_id="string"),
    _tool("issue_card", "Issue a new library card to a patron.", patron_id="string"),
    _tool("get_loan", "Fetch a loan with its due date.", loan_id="string"),
    _tool("renew_loan", "Extend the due date of a loan.", loan_id="string"),
    _tool("refund_fee", "Pay back a fee the patron already paid.", fee_id="string"),
    _tool("send_reminder", "Send a due-date reminder to a patron.", patron_id="string"),
]
HOSTEL = [
    _tool("get_locker", "Get a locker and who holds it.", locker_id="string"),
    _tool("assign_locker", "Give a guest a locker for their stay.", locker_id="string"),
    _tool("get_bed", "Get a bed's status.", bed_id="string"),
    _tool("allocate_bed", "Allocate a bed to a booking.", bed_id="string", booking_id="string"),
    _tool("refund_stay", "Refund the unused nights of a stay.", booking_id="string"),
]

# (sentence, verb, object, the condition's words or None): what the clause reads
CLAUSES: list[tuple[str, str, str, str | None]] = [
    ("Children never get a library card.", "give", "library card", "for children"),
    ("Visitors from other towns cannot receive a card.", "give", "card", "for visitors from"),
    ("Students do not get fee refunds.", "refund", "fee", "for students"),
    ("A day visitor never gets a locker.", "give", "locker", "for day visitor"),
    ("Day visitors cannot have a locker.", "give", "locker", "for day visitors"),
    ("Borrowers should never be issued a second card.", "issue", "second card", "for borrowers"),
    ("Group leaders may not be given a bed.", "give", "bed", "for group leaders"),
    # the user in general restricts nothing: no condition is added
    ("Customers never get a refund.", "refund", "", None),
    # the subject's own words are the condition already: said once
    ("Patrons with unpaid fines must not get a renewal.", "renew", "", "with unpaid fines"),
    # an obligation: giving it is what must happen
    ("Patrons must get a reminder before a loan is renewed.", "give", "reminder", "for patrons"),
]


@pytest.mark.parametrize(("sentence", "verb", "obj", "cond"), CLAUSES, ids=[c[0] for c in CLAUSES])
def test_a_third_party_receiving_names_the_giving_action(
    sentence: str, verb: str, obj: str, cond: str | None
) -> None:
    clause = parse(sentence)
    assert (clause.verb, clause.object) == (verb, obj), clause
    if cond is None:
        assert clause.condition is None, clause.condition
    else:
        assert clause.condition is not None
        assert not clause.condition.bound
        assert clause.condition.text.startswith(cond), clause.condition


# sentences whose "get" is the agent's own, or no rule at all: the verb is kept as written
LITERAL: list[tuple[str, str | None, str]] = [
    ("You must get the card before renewing a loan.", "get", "card"),
    ("The agent must never get a loan.", "get", "loan"),
    ("Never get a locker for a day visitor.", "get", "locker"),
    # a permission names no rule: nothing is read as giving
    ("Patrons can get a card at the front desk.", None, ""),
    # a count is not what is received ("more than two cards")
    ("Patrons may not have more than two cards.", None, ""),
    # what must hold, not an action: "have" is read only in a ban
    ("Members must have a card.", None, ""),
]


@pytest.mark.parametrize(("sentence", "verb", "obj"), LITERAL, ids=[c[0] for c in LITERAL])
def test_the_agents_own_get_keeps_its_verb(sentence: str, verb: str | None, obj: str) -> None:
    clause = parse(sentence)
    assert clause.verb != "give", clause
    if verb is not None:
        assert (clause.verb, clause.object) == (verb, obj), clause


def _policies(built: Built) -> set[tuple[str, str, str]]:
    return {
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }


def _notes(built: Built) -> set[str]:
    return {d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")}


# (tools, sentence, the tool banned, how): the giving tool, reviewed under its condition;
# the read tool of the same noun is never banned
R, E = "review_only", "enforce"
BUILT: list[tuple[str, str, str, str]] = [
    ("library", "Children never get a library card.", "issue_card", R),
    ("library", "Students do not get fee refunds.", "refund_fee", R),
    ("library", "A patron without a card cannot get a reminder.", "send_reminder", R),
    ("library", "Borrowers should never be issued a second card.", "issue_card", R),
    ("hostel", "Walk-in guests never get a locker.", "assign_locker", R),
    ("hostel", "Guests under eighteen must not receive a bed in a mixed dorm.", "allocate_bed", R),
    ("hostel", "Day visitors cannot have a locker.", "assign_locker", R),
    ("hostel", "Group leaders may not be allocated a bed.", "allocate_bed", R),
    # the agent's own lookup, under a condition: the read tool, reviewed
    ("hostel", "Never get a locker for a day visitor.", "get_locker", R),
    # the agent's own lookup, unconditionally banned: as stated
    ("library", "The agent must never get a loan.", "get_loan", E),
]
_TOOLS = {"library": LIBRARY, "hostel": HOSTEL}


@pytest.mark.parametrize(("tools", "sentence", "tool", "how"), BUILT, ids=[b[1] for b in BUILT])
def test_what_a_recipient_may_not_get_is_never_a_ban_on_reading_it(
    tmp_path: Path, tools: str, sentence: str, tool: str, how: str
) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", _TOOLS[tools])
    assert _policies(built) == {("deny_action", tool, how)}
    if how == R:
        assert "condition-not-bound" in _notes(built)


# a ban whose subject is some kind of person holds for that kind only: reviewed with the
# subject kept as its condition; the user in general, the agent, a thing: as stated
SCOPED: list[tuple[str, str, str, str | None]] = [
    ("Walk-in guests cannot get a locker.", "assign_locker", R, "for walk-in guests"),
    ("Children must not be allocated a bed.", "allocate_bed", R, "for children"),
    ("Day visitors may not refund a stay after noon.", "refund_stay", R, "for day visitors"),
    ("Customers cannot refund a stay.", "refund_stay", E, None),
    ("You must never refund a stay.", "refund_stay", E, None),
]


@pytest.mark.parametrize(("sentence", "tool", "how", "cond"), SCOPED, ids=[s[0] for s in SCOPED])
def test_a_ban_on_some_kind_of_person_holds_for_them_only(
    tmp_path: Path, sentence: str, tool: str, how: str, cond: str | None
) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", HOSTEL)
    assert _policies(built) == {("deny_action", tool, how)}
    clause = parse(sentence)
    if cond is None:
        assert clause.condition is None, clause.condition
    else:
        assert clause.condition is not None
        assert clause.condition.text.startswith(cond), clause.condition

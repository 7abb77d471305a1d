"""Counts of calls said with an action noun and no verb ("no more than two PIN resets per
member", "refunds are limited to one per pass", "three attempts at a PIN reset"), with the
person they are given to ("a member may freeze their membership only once": each member's),
and never stronger than stated: per an entity only when the tool takes an argument naming
it, per a span of time or an unbindable entity only for review, and a thing counted ("three
items per order") is no call count. A climbing gym and a ferry desk, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

GYM = [
    _tool("book_session", "Book a climbing session.", member_id="string", slot="string"),
    _tool("refund_pass", "Refund a day pass.", pass_id="string", amount="number"),
    _tool("freeze_membership", "Pause a membership.", member_id="string", weeks="integer"),
    _tool("upgrade_membership", "Move a member to a higher tier.", member_id="string"),
    _tool("reset_pin", "Reset the door PIN of a member.", member_id="string"),
    _tool("lookup_member", "Find a member by card number.", card_number="string"),
]
FERRY = [
    _tool("change_sailing", "Move a ticket to another sailing.", ticket_id="string"),
    _tool("refund_ticket", "Refund a ferry ticket.", ticket_id="string"),
    _tool("find_ticket", "Find a ticket by its reference.", reference="string"),
    _tool("issue_boarding_pass", "Issue a boarding pass for a ticket.", ticket_id="string"),
]

# (sentence, tools, (target, max, per, enforcement))
READ: list[tuple[str, list[dict[str, object]], tuple[str, int, str | None, str]]] = [
    ("No more than two PIN resets per member.", GYM, ("reset_pin", 2, "member", "enforce")),
    (
        "Allow a maximum of two upgrades per member.",
        GYM,
        ("upgrade_membership", 2, "member", "enforce"),
    ),
    ("Never more than two refunds per pass.", GYM, ("refund_pass", 2, "pass", "enforce")),
    ("Limit refunds to one per pass.", GYM, ("refund_pass", 1, "pass", "enforce")),
    (
        "Sailing changes are limited to two per ticket.",
        FERRY,
        ("change_sailing", 2, "ticket", "enforce"),
    ),
    ("Give each member at most two PIN resets.", GYM, ("reset_pin", 2, "member", "enforce")),
    ("Members get three attempts at a PIN reset.", GYM, ("reset_pin", 3, "member", "enforce")),
    ("You may try the PIN reset at most 3 times.", GYM, ("reset_pin", 3, None, "enforce")),
    (
        "A member may freeze their membership only once.",
        GYM,
        ("freeze_membership", 1, "member", "enforce"),
    ),
    ("Only one refund per ticket.", FERRY, ("refund_ticket", 1, "ticket", "enforce")),
    ("Refunds: one per ticket.", FERRY, ("refund_ticket", 1, "ticket", "enforce")),
    # the policy's own word for the person; a thing made by each call
    (
        "Passengers get two sailing changes per ticket.",
        FERRY,
        ("change_sailing", 2, "ticket", "enforce"),
    ),
    (
        "Do not issue more than one boarding pass per ticket.",
        FERRY,
        ("issue_boarding_pass", 1, "ticket", "enforce"),
    ),
    # an entity and a span: per the entity (a trace lies within the span: no stronger)
    ("No more than two PIN resets per member per day.", GYM, ("reset_pin", 2, "member", "enforce")),
    # a span of time alone: one trace does not show it, so the rule is kept for review
    ("At most one freeze per year.", GYM, ("freeze_membership", 1, "year", "review_only")),
    # a person and a span: per the person
    ("Members get two upgrades a year.", GYM, ("upgrade_membership", 2, "member", "enforce")),
    # an entity no argument names: reviewed, never counted per trace in its place
    (
        "Up to two ticket changes per passenger.",
        FERRY,
        ("change_sailing", 2, "passenger", "review_only"),
    ),
]

NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("Only three items per order.", GYM),  # things, not acts
    ("Issue more than one boarding pass per ticket when asked.", FERRY),  # no limit
    ("No more than five guests per session.", GYM),
    ("Only one passenger may use a cabin.", FERRY),  # "a cabin" names no span nor entity count
    ("Two sailing changes per week is the usual pace.", FERRY),  # no limit said
    ("Once a ticket has been refunded, do not change its sailing.", FERRY),  # "once": when
]


def _counts(built: Built) -> set[tuple[str, int, str | None, str]]:
    return {
        (p.target, p.condition.max, p.condition.per, p.enforcement)
        for p in built.policies
        if p.operator == "max_calls" and p.source.artifact.endswith("prompt.md")
    }


def _built(tmp_path: Path, sentence: str, tools: list[dict[str, object]]) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_a_counted_action_noun_is_a_call_count(
    tmp_path: Path,
    sentence: str,
    tools: list[dict[str, object]],
    expected: tuple[str, int, str | None, str],
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _counts(built) == {expected}
    operators = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    assert operators == {"max_calls"}  # not an amount, not a list's size
    if expected[3] == "review_only":  # and the note says why
        codes = {d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path}
        assert "condition-not-bound" in codes


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_call_count(tmp_path: Path, sentence: str, tools: list[dict[str, object]]) -> None:
    assert _counts(_built(tmp_path, sentence, tools)) == set()


# a count in a tool description: of the described tool, per what it says
DESCRIBED = [
    ("Reissue a ticket. Use at most once per ticket.", (1, "ticket")),
    ("Reissue a ticket. Call at most once per conversation.", (1, None)),
]


@pytest.mark.parametrize(("description", "expected"), DESCRIBED)
def test_a_count_in_a_description_is_of_its_tool(
    tmp_path: Path, description: str, expected: tuple[int, str | None]
) -> None:
    tools = [_tool("reissue_ticket", description, ticket_id="string"), *FERRY]
    built = build_prompt(tmp_path, "# Desk\n\nBe courteous.\n", tools)
    found = {
        (p.target, p.condition.max, p.condition.per)
        for p in built.policies
        if p.operator == "max_calls" and not p.source.artifact.endswith("prompt.md")
    }
    assert found == {("reissue_ticket", *expected)}

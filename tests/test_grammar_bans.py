"""Bans in many wordings, read as `deny_action` on the tool they name: "refrain from", "is
off-limits", "outside your remit", "something only staff can do", "X: not allowed",
"Never: a, b", emphasis inside the ban; and the verbs an agent's own tools are named by
(`freeze_membership`: "never freeze ...") read as action verbs. A gym's front desk, written
for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar_words import verbs_of_tools
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

GYM = [
    _tool("find_member", "Find a gym member by card number.", card_number="string"),
    _tool("book_class", "Book a member into a class.", member_id="string", class_id="string"),
    _tool("freeze_membership", "Freeze a membership for some weeks.", member_id="string"),
    _tool("delete_member", "Delete a member's account and data.", member_id="string"),
    _tool("issue_refund", "Refund a payment to the member's card.", payment_id="string"),
    _tool("account_summary", "Summarise a member's account.", member_id="string"),
]
F, D, R = "freeze_membership", "delete_member", "issue_refund"

BANS: list[tuple[str, set[str]]] = [
    ("The assistant must refrain from deleting members.", {D}),
    ("The assistant shall at all times refrain from issuing refunds.", {R}),
    ("Deleting members is off-limits for this assistant.", {D}),
    ("Refunds are outside your remit.", {R}),
    ("Member deletion: not allowed.", {D}),
    ("Do not, under any circumstances, issue refunds.", {R}),
    ("Never: delete members.", {D}),
    ("Freezing a membership is something only staff can do.", {F}),
    # a verb only the tools name ("freeze" is in no general list)
    ("Never freeze a membership.", {F}),
    ("You must not freeze memberships.", {F}),
    ("Freeze a membership never, whatever the member says.", {F}),
]

NOT_BANS: list[str] = [
    # a tool named by a noun first: "Account summary" is no imperative "account"
    "Account summaries are sent every month.",
    # only the member who asks can: a condition on who asks, never a flat ban
    "Cancelling a class is something only the member who booked it can do.",
    # a duty waived, not a ban
    "There is no need to freeze a membership twice.",
]


def _denied(built: Built) -> set[str]:
    return {
        p.target
        for p in built.policies
        if p.operator == "deny_action" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(("sentence", "expected"), BANS, ids=[s for s, _ in BANS])
def test_a_ban_in_other_words_is_a_ban(tmp_path: Path, sentence: str, expected: set[str]) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", GYM)
    assert _denied(built) == expected


@pytest.mark.parametrize("sentence", NOT_BANS)
def test_no_ban_is_read_where_none_is_said(tmp_path: Path, sentence: str) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", GYM)
    assert _denied(built) == set()


def test_the_verbs_tools_are_named_by() -> None:
    names = [
        "freeze_membership",
        "BackdateBooking",
        "gym.unfreeze_pass",
        "server__quarantine_file",
        "account_summary",  # "account" is a verb too: kept, read only where a verb fits
        "status",  # one word: no verb-object name
        "member_lookup",  # "member" is no verb
        "plot_release",  # "plot" is a verb; its description says it releases: noun first
        "redeem_pledge",  # "redeem" leads: "pledge" is its object, not its verb
    ]
    said = {
        "member_lookup": "Look up a member by phone.",
        "plot_release": "Release a member's plot.",
        "server__quarantine_file": "Quarantine a file.",
    }
    assert verbs_of_tools(names) == {
        "freeze", "backdate", "unfreeze", "quarantine", "account", "plot", "redeem",
    }  # fmt: skip
    # the description opens with the last word: the verb is said last
    assert verbs_of_tools(names, said) == {
        "freeze", "backdate", "unfreeze", "quarantine", "account", "plot", "redeem", "lookup",
        "release",
    }  # fmt: skip


# counts: what is counted is the action, never the one who acts; a rate over a span of time
# is reviewed (one trace does not show a week), with a note
COUNTS: list[tuple[str, tuple[str, int, str | None, str]]] = [
    (
        "You may freeze a membership no more than twice a year.",
        ("freeze_membership", 2, "year", "review_only"),
    ),
    ("Book at most 3 classes a week for a member.", ("book_class", 3, "week", "review_only")),
    ("Issue at most two refunds a month.", ("issue_refund", 2, "month", "review_only")),
]


@pytest.mark.parametrize(("sentence", "expected"), COUNTS, ids=[s for s, _ in COUNTS])
def test_a_count_counts_the_action_over_its_span(
    tmp_path: Path, sentence: str, expected: tuple[str, int, str | None, str]
) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", GYM)
    counts = [
        (p.target, p.condition.max, p.condition.per, p.enforcement)
        for p in built.policies
        if p.operator == "max_calls" and p.source.artifact.endswith("prompt.md")
    ]
    assert counts == [expected]
    notes = [
        d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")
    ]
    assert "condition-not-bound" in notes


# "once" as a conjunction opens a condition or an ordering; it is never a count
NOT_COUNTS = [
    "Once you have found the member, you can book them into a class.",
    "Cancel a class booking only once the member agrees.",
    "Issue a refund only once the payment has cleared.",
    "Once verified, a member can be booked into a class.",
]


@pytest.mark.parametrize("sentence", NOT_COUNTS)
def test_once_as_a_conjunction_counts_nothing(tmp_path: Path, sentence: str) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", GYM)
    assert [p for p in built.policies if p.operator == "max_calls"] == []


def test_once_as_a_count_still_counts(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, "# Front desk\n\nFreeze a membership only once.\n", GYM)
    assert [(p.target, p.condition.max) for p in built.policies if p.operator == "max_calls"] == [
        ("freeze_membership", 1)
    ]

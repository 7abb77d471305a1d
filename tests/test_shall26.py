"""Session 26: a tool named by one lower-case word with no separator (`renewloan`,
`opencomplaintcase`) is parted into a verb and what it acts on (`resolve.text.fused`), read
in prose as the camelCase id the readers know (`ids7_respell`) and profiled by its words in
the resolver. Sentences written for these tests, in a made-up community workshop desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.grammar_words import verbs_of_tools
from specgap.resolve.resolver import Resolver
from specgap.resolve.text import fused, split, split_name
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

FUSED = [
    T("findmember", "Finds a workshop member by card number.", card="string"),
    T("renewloan", "Pushes a tool loan's due date back.", loan_id="string", days="integer"),
    T("placehold", "Holds a tool for a member.", tool_id="string", member_id="string"),
    T("waivefines", "Clears a member's fines.", member_id="string", amount="number"),
    T("opencomplaintcase", "Refers a member's complaint to the board.", member_id="string",
      category=("string", "one of: safety, conduct, billing")),
    T("releasedeposit", "Pays a member's deposit back.", member_id="string", amount="number"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("renewloan", ("renew", "loan")),
        ("opencomplaintcase", ("open", "complaint", "case")),
        ("createdraft", ("create", "draft")),  # the verb in its own form, not `created raft`
        ("reopenfile", ("reopen", "file")),  # fewest words, then the longer verb
        ("releasetranche", ("release", "tranche")),  # a last word the lexicon lacks
        ("healthcheck", ("healthcheck",)),  # `thcheck` opens as no English word does
        ("username", ("username",)),  # no verb opens it
        ("postcode", ("postcode",)),  # a word of the lexicon is itself
    ],
)
def test_a_name_of_one_lower_case_word_is_parted_into_a_verb_and_its_object(
    name: str, words: tuple[str, ...]
) -> None:
    assert fused(name) == words
    assert split_name(name) == words


def test_a_fused_name_too_long_to_be_a_name_is_not_parted(tmp_path: Path) -> None:
    # a tool's name comes from a third-party server: 4,500 letters parted word by word
    # recursed past Python's limit and the build ended in a traceback
    name = "get" + "applicationform" * 300
    assert fused(name) == (name,)
    # (the build completes; one lower-case word that is no name is read as a word, as any
    # unparted one is)
    policies = desk_policies(tmp_path, f"Never call `{name}`.", [T(name, "Reads a form.")])
    assert not [p for p in policies if p.operator != "deny_action"], shown(policies)


def test_prose_words_are_not_parted() -> None:
    assert split("timestamp") == ("timestamp",)
    assert split_name("time_stamp") == ("time", "stamp")


def test_a_fused_name_gives_the_grammar_its_verb() -> None:
    verbs = verbs_of_tools(["renewloan", "opencomplaintcase", "username"])
    assert {"renew", "open"} <= verbs
    assert "username" not in verbs


@pytest.mark.parametrize(
    ("mention", "tool"),
    [("renew the loan", "renewloan"), ("waive the fines", "waivefines"),
     ("open a complaint case", "opencomplaintcase")],
)  # fmt: skip
def test_a_verb_phrase_resolves_to_a_fused_name(tmp_path: Path, mention: str, tool: str) -> None:
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, "# Desk\n\nBe brief.\n", FUSED)
    found = Resolver(built.state.registry).resolve(mention)
    assert found.status == "resolved", found
    assert found.candidates[0].tool_id == tool, found


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("Never call `waivefines`.", "deny_action", "waivefines", {}),
        ("Run `findmember` before `renewloan`.", "require_before", "renewloan",
         {"before": "findmember"}),
        ("Call findmember before you renew a loan.", "require_before", "renewloan",
         {"before": "findmember"}),
        ("`releasedeposit` pays at most 50 dollars (`amount`).", "arg_within_bound",
         "releasedeposit", {"max": 50.0}),
    ],
)  # fmt: skip
def test_rules_naming_fused_tools_are_read(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, FUSED)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)


def test_state_codes_said_of_an_entity_are_no_allowlist_of_its_ids(tmp_path: Path) -> None:
    # "a loan in `on_hold`" names a state of the loan, not one of its ids: no allowlist of
    # `loan_id` is enforced (a word with underscores and no digit is a state code, as a
    # plain word is; `ln_7` would be an id)
    policies = desk_policies(tmp_path, "Call `renewloan` only for a loan in `on_hold`.", FUSED)
    assert not any(p.operator == "resource_in_allowlist" for p in policies), shown(policies)


LOANS = [
    T("find_member", "Finds a workshop member by card number.", card="string"),
    T("open_loan", "Opens a loan of one tool to a member.", member_id="string", tool_id="string"),
    T("amend_loan", "Amends a loan's notes or due date.", loan_id="string", notes="string"),
    T("close_loan", "Closes a loan when the tool is back.", loan_id="string"),
]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("Run `find_member` before amending or closing any loan.", ["amend_loan", "close_loan"]),
        ("Run `find_member` before opening, amending or closing a loan.",
         ["open_loan", "amend_loan", "close_loan"]),
    ],
)  # fmt: skip
def test_gerunds_share_the_object_of_the_last_in_an_ordering(
    tmp_path: Path, text: str, targets: list[str]
) -> None:
    _ordered_after_find_member(desk_policies(tmp_path, text, LOANS), targets, ("enforce",))


DESK = [
    T("find_member", "Finds a workshop member by card number.", card="string"),
    T("change_loan", "Changes a loan's notes or due date.", loan_id="string", notes="string"),
    T("close_loan", "Closes a loan when the tool is back.", loan_id="string"),
]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        # "amend" is no verb of the grammar's list nor of a tool's name: the lexicon's
        ("Call `find_member` before you amend a loan.", ["change_loan"]),
        ("Run `find_member` before you amend or close any loan.", ["change_loan", "close_loan"]),
    ],
)  # fmt: skip
def test_an_open_class_verb_of_an_ordering_event_is_an_action(
    tmp_path: Path, text: str, targets: list[str]
) -> None:
    # (read as an ordering; "amend" names `change_loan` through its verb's class, a reading
    # the compiler may keep for review)
    policies = desk_policies(tmp_path, text, DESK)
    _ordered_after_find_member(policies, targets, ("enforce", "review_only"))


def _ordered_after_find_member(
    policies: list[Any], targets: list[str], levels: tuple[str, ...]
) -> None:
    """Each target requires `find_member` before it, at one of these enforcement levels."""
    for target in targets:
        assert any(
            has_policy(policies, "require_before", target, level, before="find_member")
            for level in levels
        ), (target, shown(policies))


READS = [*DESK, T("read_loan", "Reads one loan: status, due date.", loan_id="string")]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("Look up the loan with `read_loan` before amending it or closing it.",
         ("change_loan", "close_loan")),
        ("Tool desk: read the loan with `read_loan` before you close it.", ("close_loan",)),
    ],
)  # fmt: skip
def test_the_pronoun_of_an_event_is_what_the_first_call_acts_on(
    tmp_path: Path, text: str, targets: tuple[str, ...]
) -> None:
    # "before closing it": closing the loan; the later call is about the same loan
    policies = desk_policies(tmp_path, text, READS)
    for target in targets:
        found = [p for p in policies if p.operator == "require_before" and p.target == target]
        assert found, shown(policies)
        assert all(p.condition.before == "read_loan" for p in found), shown(policies)
        assert all(p.condition.same is not None for p in found), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Never call `waivefines`; fines are cleared only by the treasurer, in person.",
        "Never call `close_loan`; a loan is closed only by the tool warden, at the bench.",
    ],
)
def test_a_short_ban_keeps_its_clause_beside_an_only_clause(tmp_path: Path, text: str) -> None:
    # "only by the treasurer, in person" belongs to the second clause: the ban of the first
    # stands (read whole, the values were spliced onto the ban, which then compiled to nothing)
    policies = desk_policies(tmp_path, text, [*FUSED, *LOANS])
    target = "waivefines" if "waivefines" in text else "close_loan"
    assert has_policy(policies, "deny_action", target, "enforce"), shown(policies)


def test_a_passive_open_class_verb_is_an_action(tmp_path: Path) -> None:
    # "must not be amended": the grammar reads the verb and its object; the lexicon says
    # "amend" is a verb, which names `change_loan` through its class
    text = "A loan whose `status` is `closed` must not be amended."
    policies = desk_policies(tmp_path, text, READS)
    found = [p for p in policies if p.operator == "state_condition" and p.target == "change_loan"]
    assert found, shown(policies)
    assert all(list(p.condition.denied) == ["closed"] for p in found), shown(policies)


STATES = [
    *DESK,
    T(
        "read_loan",
        "Reads one loan: status (draft, open, overdue, closed), due date.",
        loan_id="string",
    ),
    T("renew_loan", "Pushes a loan's due date back.", loan_id="string", days="integer"),
]


@pytest.mark.parametrize(
    ("text", "target", "allowed"),
    [
        ("Loans are stretched with `renew_loan` only while the loan is still a `draft`.",
         "renew_loan", ["draft"]),
        ("A loan can be pulled back with `close_loan` only while it is `overdue`.",
         "close_loan", ["overdue"]),
    ],
)  # fmt: skip
def test_a_passive_naming_its_tool_after_with_is_that_call(
    tmp_path: Path, text: str, target: str, allowed: list[str]
) -> None:
    # the verb is the policy's word for what the tool does ("stretched", "pulled back": an
    # idiom would read a lookup); the tool after "with" is the call the state restricts
    policies = desk_policies(tmp_path, text, STATES)
    found = [p for p in policies if p.operator == "state_condition"]
    assert [p.target for p in found] == [target], shown(policies)
    assert list(found[0].condition.allowed) == allowed, shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Call `renew_loan` only while the loan is still a `draft`.",
        "Only call `renew_loan` when the loan is a `draft`.",
    ],
)
def test_an_article_before_a_quoted_state_says_nothing(tmp_path: Path, text: str) -> None:
    # "is still a `draft`": the state `draft` (read before as a ban kept for review)
    policies = desk_policies(tmp_path, text, STATES)
    found = [p for p in policies if p.target == "renew_loan"]
    assert [p.operator for p in found] == ["state_condition"], shown(policies)
    assert list(found[0].condition.allowed) == ["draft"], shown(policies)


STAGES = [
    T("read_loan", "Reads one loan: its stage, due date and fines.", loan_id="string"),
    T("renew_loan", "Pushes a loan's due date back.", loan_id="string", days="integer"),
]
DECLARED = (
    "## Loans\n\nEvery loan is in one stage, given by the `stage` field that `read_loan` "
    "returns: `lent`, `on_hold`, `overdue` or `returned`.\n\n## Renewals\n\n"
)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # the values are declared in another section: the rule tests `stage`
        (f"{DECLARED}Call `renew_loan` only while the loan is `lent` or `on_hold`.", "stage"),
        # a value the declaration does not list: the rule is left as it was (no field)
        (f"{DECLARED}Call `renew_loan` only while the loan is `lent` or `paused`.", None),
    ],
)  # fmt: skip
def test_a_field_declared_in_the_prompt_binds_a_state_rule(
    tmp_path: Path, text: str, field: str | None
) -> None:
    policies = desk_policies(tmp_path, text, STAGES)
    found = [p for p in policies if p.operator == "state_condition"]
    assert [p.target for p in found] == ["renew_loan"], shown(policies)
    assert found[0].condition.field == field, shown(policies)

"""Prerequisites any one of several tools satisfies: "identify the member" with lookups by
phone and by card, "find the member by phone or by card number" (a made-up library; the
tools, descriptions and sentences are ours). Never a set by guess: a near tie elsewhere
stays a tie."""

from __future__ import annotations

import pytest

from specgap.compile import compile_policies
from specgap.ir import CandidateRule, Span
from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver, resolve_rules
from specgap.resolve.alternatives import alternatives, expand_alternatives


def _tool(name: str, description: str, *params: str) -> Tool:
    props = {p: {"type": "string"} for p in params}
    return Tool(id=name, names=(name,), description=description, schema={"properties": props})


LIBRARY = build_registry(
    [
        _tool("find_member_by_phone", "Find a member by phone number.", "phone"),
        _tool("find_member_by_card", "Find a member by library card number.", "card_number"),
        _tool("get_loans_for_member", "List the loans of a member.", "member_id"),
        _tool("renew_loan", "Renew a loan for two more weeks.", "loan_id"),
        _tool("get_book_by_isbn", "Get a book by its ISBN.", "isbn"),
        _tool("get_book_by_title", "Get a book by its title.", "title"),
        _tool("get_author_by_name", "Get an author by name.", "name"),
        _tool("delete_member_by_id", "Delete a member.", "member_id"),
        _tool("delete_member_by_card", "Delete a member by card.", "card_number"),
    ]
)[0]
MEMBERS = ("find_member_by_card", "find_member_by_phone")

# (phrase, the tools any one of which it names; None: no set)
TABLE = [
    ("identify the member", MEMBERS),
    ("verify the member's identity", MEMBERS),  # identity is what identifying gives
    ("look up the member", MEMBERS),
    ("authenticate the member", MEMBERS),
    ("find the member by phone or by card number", MEMBERS),  # a disjunction of keys
    ("locate the member via phone, or via card", MEMBERS),
    ("confirm who they are by finding the member by phone or by card", MEMBERS),  # the means
    ("look up the book", ("get_book_by_isbn", "get_book_by_title")),
    ("find the member by phone", None),  # one tool: a plain resolution
    ("find the book by isbn or by title", ("get_book_by_isbn", "get_book_by_title")),
    ("find the member by phone or by e-mail", None),  # no tool looks members up by e-mail
    ("delete the member", None),  # a write: deleting by either key is no prerequisite set
    ("identify the author", None),  # one lookup alone
    ("renew the loan", None),
    ("identify the loan", None),  # no lookup reads loans by a key
]


@pytest.mark.parametrize(("phrase", "tools"), TABLE)
def test_a_prerequisite_that_any_lookup_satisfies(
    phrase: str, tools: tuple[str, ...] | None
) -> None:
    assert alternatives(Resolver(LIBRARY), phrase) == tools


def _rule(before: str, target: str = "renew_loan") -> CandidateRule:
    span = Span(
        path="policy.md", start_line=3, start_col=1, end_line=3, end_col=40,
        start_byte=0, end_byte=39,
    )  # fmt: skip
    return CandidateRule(
        text=f"Before renewing a loan, {before}.",
        span=span,
        quote=f"Before renewing a loan, {before}.",
        target=target,
        mentions=(target, before),
        grounding="partial",
        check_category="workflow_ordering_validation",
        operator="require_before",
        params={"before": before},
        confidence=0.8,
        extractor="deterministic",
    )


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("identify the member", list(MEMBERS)),
        ("find the member by phone or by card number", list(MEMBERS)),
        ("find the member by phone", "find_member_by_phone"),  # unchanged: one tool
        ("find the member by phone or by e-mail", None),  # no set: never enforced
    ],
)
def test_the_set_compiles_to_an_any_of_ordering(
    before: str, expected: list[str] | str | None
) -> None:
    resolver = Resolver(LIBRARY)
    rules = expand_alternatives(resolver, [_rule(before)])
    compiled = compile_policies("lib", resolve_rules(resolver, rules), LIBRARY)
    found = [p.condition.model_dump(mode="json")["before"] for p in compiled.policies]
    if expected is None:
        assert all(p.enforcement != "enforce" for p in compiled.policies), found
    else:
        assert found == [expected]


def test_an_item_of_a_listed_prerequisite_is_expanded_too() -> None:
    rule = _rule("identify the member").model_copy(
        update={"params": {"before": ["get_book_by_isbn", "identify the member"]}}
    )
    (out,) = expand_alternatives(Resolver(LIBRARY), [rule])
    assert out.params["before"] == ["get_book_by_isbn", *MEMBERS]


def test_other_operators_keep_their_mentions() -> None:
    rule = _rule("identify the member").model_copy(
        update={"operator": "deny_action", "params": {}, "target": "identify the member"}
    )
    assert expand_alternatives(Resolver(LIBRARY), [rule]) == (rule,)


CLINIC = build_registry(
    [
        _tool("get_patient_details_by_id", "Get a patient's details by id.", "patient_id"),
        _tool("get_patient_details_by_phone", "Get a patient's details by phone.", "phone"),
        _tool("get_all_patient_visits_by_patient_id", "List a patient's visits.", "patient_id"),
        _tool("get_visit_notes_by_visit", "Read the notes of one visit.", "visit_id"),
        _tool("get_bills_by_id", "Read a bill.", "bill_id"),
        _tool("get_all_bill_lines_by_bill_id", "Read a bill's lines.", "bill_id"),
        _tool("get_bill_summary_by_bill_id", "Read a bill's summary.", "bill_id"),
    ]
)[0]


@pytest.mark.parametrize(
    ("phrase", "tools"),
    [
        # lookups of the patient itself, not of its visits
        ("verify the patient", ("get_patient_details_by_id", "get_patient_details_by_phone")),
        ("identify the patient", ("get_patient_details_by_id", "get_patient_details_by_phone")),
        # no family reads the bill itself by two keys: no set, never a guess
        ("identify the bill", None),
    ],
)
def test_the_family_that_reads_the_thing_itself(phrase: str, tools: tuple[str, ...] | None) -> None:
    assert alternatives(Resolver(CLINIC), phrase) == tools

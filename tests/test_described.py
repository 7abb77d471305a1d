"""Orderings a tool's description states about its own tool (issue 11, `extract/described`),
table-driven over sentences written for this test in three made-up domains: a vet clinic,
a bike-share desk and a plant nursery. The described tool is named by self-reference or not
at all; the tool that comes first by its id or by a verb phrase the resolver maps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.described import read
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

# --- the reading alone: sentence -> the prerequisites of the described tool ----------------

# each prerequisite is a mention (tool id or verb phrase); a tuple is "any one of them"
READ: list[tuple[str, list[str | tuple[str, ...]] | None]] = [
    # bare imperative about the described tool
    ("Use after cancel_visit.", ["cancel_visit"]),
    ("Invoke only after calling get_trip.", ["get_trip"]),
    ("Only run this endpoint once end_trip has returned.", ["end_trip"]),
    ("You should call it after get_member.", ["get_member"]),
    ("Call this method only after `accept_quote`.", ["accept_quote"]),
    ("Use it only once the trip has been ended.", ["end trip"]),
    # a modal passive with the tool as subject (or none)
    ("This should be called after the visit has been loaded using get_visit.", ["get_visit"]),
    ("This operation must only be used after get_quote.", ["get_quote"]),
    ("May only be invoked after unlock_bike or get_trip.", [("unlock_bike", "get_trip")]),
    ("It is to be executed only after get_member and get_trip.", ["get_member", "get_trip"]),
    ("This API should be called once the delivery is scheduled.", ["schedule delivery"]),
    # "requires that ... has been ..."
    ("Requires that find_owner has been called.", ["find_owner"]),
    ("This function requires that the quote has been accepted.", ["accept quote"]),
    ("Assumes that get_visit has already been run.", ["get_visit"]),
    # the other tool as subject: "X must be invoked before this tool"
    ("get_trip must be invoked before this tool.", ["get_trip"]),
    ("`find_customer` should be called first.", ["find_customer"]),
    ("The visit must be cancelled before calling this method.", ["cancel visit"]),
    ("The member has to be looked up prior to invoking this endpoint.", ["look up member"]),
    # "do X before calling this": the agent's duty first
    ("You need to call get_quote before calling this function.", ["get_quote"]),
    ("Make sure to look up the owner before using this tool.", ["look up owner"]),
    ("Always end the trip before invoking this operation.", ["end trip"]),
    ("Before calling, load the visit via get_visit.", ["get_visit"]),
    ("Prior to using this endpoint, you must accept the quote.", ["accept quote"]),
    ("Before invoking it, call get_member and get_trip.", ["get_member", "get_trip"]),
    # "preceded by", anywhere (a parenthesis about the tool)
    ("Waive a late fee (must be preceded by end_trip).", ["end_trip"]),
    ("It must always be preceded by a call to get_quote.", ["get_quote"]),
    ("Should be preceded by calling `find_owner`.", ["find_owner"]),
    # steps: the step numbered one less comes first
    ("Step 3 of the credit flow (step 2: accept_quote).", ["accept_quote"]),
    ("Step 2: issue the credit; step 1 is get_quote.", ["get_quote"]),
    ("It needs get_trip to have been run first.", ["get_trip"]),
    ("Step 2 of 2: invoke only after accept_quote.", ["accept_quote"]),
    ("Precondition: find_owner must have been called.", ["find_owner"]),
    ("Important: call get_visit before this tool.", ["get_visit"]),
    # a ban before the other call: the same order
    ("Must not be invoked before get_member.", ["get_member"]),
    ("Never call this before `get_quote`.", ["get_quote"]),
    ("Do not use this endpoint until end_trip has been called.", ["end_trip"]),
    # the other call as a condition that has happened
    ("Call this function only if get_visit has already been run.", ["get_visit"]),
    ("May only be used when get_trip has returned the fee.", ["get_trip"]),
    ("Do not invoke it unless accept_quote succeeded.", ["accept_quote"]),
    ("Requires a prior call to find_owner.", ["find_owner"]),
    ("get_member should have been called already.", ["get_member"]),
    ("unlock_bike needs to be run before this one.", ["unlock_bike"]),
    # a call the agent must already have made; a passive ban lifted by a call; "prior to this"
    ("Make sure you have called get_quote beforehand.", ["get_quote"]),
    ("You must have run find_owner first.", ["find_owner"]),
    ("Ensure that you have already invoked end_trip.", ["end_trip"]),
    ("This tool must not be used unless get_visit was called earlier in the chat.", ["get_visit"]),
    ("Note: get_member needs to be called prior to this.", ["get_member"]),
    # recommendations are read, and kept as a condition (see below)
    ("Ideally call this only after get_trip.", ["get_trip"]),
    # --- no ordering of the described tool ---
    ("You have called get_quote already.", None),  # a fact, no duty
    ("You may have run find_owner first.", None),  # a possibility, no duty
    ("This endpoint can be used unless end_trip was called.", None),  # a permission
    ("Issue a store credit for a quote.", None),  # what the tool does
    ("Returns the new credit after it is saved.", None),
    ("Can be used after get_trip.", None),  # a permission, not "only then"
    ("This tool may be called after get_trip.", None),
    ("Call send_reminder after this tool.", None),  # the other way round: a follow-up
    ("Use after this tool to notify the owner: send_reminder.", None),
    ("Before calling, check that the visit is paid.", None),  # a state, not a call
    ("Before using this tool, confirm the amount with the owner.", None),  # the user's yes
    ("Always verify the quote status before calling this method.", None),  # a state
    ("Validate the voucher before using it.", None),  # "it" is the voucher here
    ("Step 1 of the credit flow.", None),  # nothing before the first step
    ("Step 3 (step 1: get_quote).", None),  # a step skipped: no consecutive pair
    ("Call it only after them.", None),  # a pronoun names no tool
    ("Call this only if the quote is still open.", None),  # a state: the state grammar's
    ("Do not call this unless the owner agrees.", None),  # the user's yes, not a call
]


@pytest.mark.parametrize(("sentence", "expected"), READ)
def test_a_description_sentence_reads_as_its_tools_prerequisites(
    sentence: str, expected: list[str | tuple[str, ...]] | None
) -> None:
    timed = read(sentence)
    if expected is None:
        assert timed is None
        return
    assert timed is not None
    assert all(e.target is None and e.operator == "require_before" for e in timed.emits)
    befores = [
        tuple(e.params["before"]) if isinstance(e.params["before"], list) else e.params["before"]
        for e in timed.emits
    ]
    assert befores == expected


def test_the_tools_own_action_as_the_subject_names_the_tool() -> None:
    """ "The credit can only be issued after ...", in `issue_credit`'s description."""
    said = "The credit can only be issued after the quote was accepted via accept_quote."
    timed = read(said, "issue_credit")
    assert timed is not None
    assert [e.params["before"] for e in timed.emits] == ["accept_quote"]
    assert read(said, "schedule_delivery") is None  # another tool's action: not this one
    assert read("The plants can only be watered after accept_quote.", "issue_credit") is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Use only after get_quote returns an accepted status.",
        "This endpoint must be run only after get_trip shows the bike as docked.",
    ],
)
def test_a_state_of_the_other_calls_output_is_kept_as_the_condition(sentence: str) -> None:
    timed = read(sentence)
    assert timed is not None
    assert all(e.condition is not None and "after" in e.condition for e in timed.emits)


def test_a_recommended_order_keeps_the_recommendation_as_its_condition() -> None:
    timed = read("Ideally call this only after get_trip.")
    assert timed is not None
    assert [e.condition for e in timed.emits] != [None]
    plain = read("Call this only after get_trip.")
    assert plain is not None
    assert [e.condition for e in plain.emits] == [None]


# --- built: the described tool after the tool the resolver maps the mention to -------------

_VET = [
    _tool("find_owner", "Find a pet owner by phone or e-mail.", contact="string"),
    _tool("get_visit", "Read a visit: pet, vet, date, status, amount paid.", visit_id="string"),
    _tool("cancel_visit", "Cancel a booked visit.", visit_id="string"),
    _tool("book_visit", "Book a visit slot for a pet.", owner_id="string", slot_id="string"),
    _tool("send_reminder", "Send a text reminder to an owner.", owner_id="string", text="string"),
]
_BIKES = [
    _tool("get_member", "Read a member's plan and card on file.", member_id="string"),
    _tool("get_trip", "Read a trip: bike, start, end, fee.", trip_id="string"),
    _tool("end_trip", "End a running trip and dock the bike.", trip_id="string"),
    _tool("unlock_bike", "Unlock a docked bike for a member.", bike_id="string"),
]
_NURSERY = [
    _tool("find_customer", "Find a nursery customer by name.", full_name="string"),
    _tool("get_quote", "Read a landscaping quote and its lines.", quote_id="string"),
    _tool("accept_quote", "Mark a quote as accepted by the customer.", quote_id="string"),
    _tool("schedule_delivery", "Schedule the delivery of plants.", quote_id="string"),
]

# (domain tools, described tool, its description, {(before, enforcement)})
# "SELF" stands for the described tool itself (a rule never enforced)
BUILT: list[tuple[str, str, str, set[tuple[str | frozenset[str], str]]]] = [
    (
        "vet",
        "refund_visit",
        "Refund a visit. Use after cancel_visit.",
        {("cancel_visit", "enforce")},
    ),
    (
        "vet",
        "refund_visit",
        "Refund a visit. This should be called after the visit has been loaded using get_visit.",
        {("get_visit", "enforce")},
    ),
    (
        "vet",
        "refund_visit",
        "Refund a visit. You need to call get_visit before calling this function.",
        {("get_visit", "enforce")},
    ),
    (
        "vet",
        "refund_visit",
        "Refund a visit. Make sure to look up the owner before using this tool.",
        {("find_owner", "review_only")},  # a verb phrase the resolver maps by its meaning
    ),
    (
        "vet",
        "refund_visit",
        "Refund a visit. Before calling, check the visit status via get_visit.",
        {("get_visit", "enforce")},
    ),
    ("vet", "refund_visit", "Refund a visit. Use after refund_visit.", {("SELF", "review_only")}),
    (
        "bikes",
        "waive_fee",
        "Waive a late fee (must be preceded by end_trip).",
        {("end_trip", "enforce")},
    ),
    (
        "bikes",
        "waive_fee",
        "Waive a late fee. May only be invoked after unlock_bike or get_trip.",
        {(frozenset({"unlock_bike", "get_trip"}), "enforce")},
    ),
    (
        "bikes",
        "waive_fee",
        "Waive a late fee. Requires that get_member has been called.",
        {("get_member", "enforce")},
    ),
    (
        "bikes",
        "waive_fee",
        "Waive a late fee. Ideally call this only after get_trip.",
        {("get_trip", "review_only")},
    ),
    (
        "nursery",
        "issue_credit",
        "Issue a store credit. Step 3 of the credit flow (step 2: accept_quote).",
        {("accept_quote", "enforce")},
    ),
    (
        "nursery",
        "issue_credit",
        "Issue a store credit. get_quote must be invoked before this tool.",
        {("get_quote", "enforce")},
    ),
    (
        "nursery",
        "issue_credit",
        "Issue a store credit. The quote has to be accepted prior to invoking this endpoint.",
        {("accept_quote", "enforce")},
    ),
    (
        "nursery",
        "issue_credit",
        "Issue a store credit. Call schedule_delivery after this tool.",
        set(),
    ),
    (  # a state of the other call's output: kept, so the order is reviewed
        "bikes",
        "waive_fee",
        "Waive a late fee. Use only after get_trip shows the bike as docked.",
        {("get_trip", "review_only")},
    ),
    (
        "nursery",
        "issue_credit",
        "The credit can only be issued after the quote was accepted via accept_quote.",
        {("accept_quote", "enforce")},
    ),
    (  # the other readers' state and condition readings of the same words go
        "nursery",
        "issue_credit",
        "Issue a store credit. Do not use this endpoint until accept_quote has been called.",
        {("accept_quote", "enforce")},
    ),
    (
        "bikes",
        "waive_fee",
        "Waive a late fee. Call this function only if end_trip has already been run.",
        {("end_trip", "enforce")},
    ),
]
_DOMAINS = {"vet": _VET, "bikes": _BIKES, "nursery": _NURSERY}


def _orders(built: Built, tool: str) -> set[tuple[str | frozenset[str], str]]:
    out: set[tuple[str | frozenset[str], str]] = set()
    for p in built.policies:
        if p.operator != "require_before" or p.target != tool:
            continue
        before: Any = p.condition.model_dump(mode="json")["before"]
        said = frozenset(before) if isinstance(before, list) and len(before) > 1 else before
        said = said[0] if isinstance(said, list) else said
        out.add(("SELF" if said == tool else said, p.enforcement))
    return out


@pytest.mark.parametrize(("domain", "tool", "description", "expected"), BUILT)
def test_a_described_tool_is_ordered_after_the_tool_named(
    tmp_path: Path,
    domain: str,
    tool: str,
    description: str,
    expected: set[tuple[str | frozenset[str], str]],
) -> None:
    tools = [*_DOMAINS[domain], _tool(tool, description, record_id="string")]
    built = build_prompt(tmp_path, "Be kind to every customer.\n", tools)
    assert _orders(built, tool) == expected
    if expected:  # no other reading of the ordering's words (a state, a ban) is left
        others = {p.operator for p in built.policies if p.target == tool}
        assert others <= {"require_before", "schema_contract"}
    notes = {d.code for d in built.state.diagnostics if d.span and "tools" in d.span.path}
    if expected and all(e == "enforce" for _, e in expected):
        # the reading replaces the notes of what did not compile
        assert not notes & {"rule-not-compiled", "unresolved-mention", "senseless-rule"}
    if ("SELF", "review_only") in expected:
        assert "senseless-rule" in notes  # a tool before itself: reported, not enforced


# --- a parameter's description: where its value comes from -------------------------------

# (parameter description, {(operator, key facts, enforcement)}); the parameter is `visit_id`
# of `refund_visit` in the vet clinic
PARAMS: list[tuple[str, set[tuple[str, str, str]]]] = [
    (
        "Must be an id returned by get_visit.",
        {("arg_grounded", "get_visit", "enforce")},
    ),
    (
        "It should always come from the output of `get_visit`.",
        {("arg_grounded", "get_visit", "enforce")},
    ),
    (  # a gloss, not a rule: kept for review
        "The visit number, as returned by get_visit.",
        {("arg_grounded", "get_visit", "review_only")},
    ),
    (
        "Obtain it from get_visit first.",
        {("arg_grounded", "get_visit", "enforce"), ("require_before", "get_visit", "enforce")},
    ),
    (
        "Call find_owner first to get it.",
        {("arg_grounded", "find_owner", "enforce"), ("require_before", "find_owner", "enforce")},
    ),
    (
        "Must match an id returned by get_visit.",
        {("arg_grounded", "get_visit", "enforce")},
    ),
    (  # an imperative: a rule
        "Use the visit number from get_visit.",
        {("arg_grounded", "get_visit", "enforce")},
    ),
    (
        "The number of the visit, found with get_visit.",
        {("arg_grounded", "get_visit", "review_only")},
    ),
    ("The visit to refund.", set()),
    ("A visit number from the owner.", set()),  # no tool named
    ("Must be a valid visit id.", set()),
    ("Must be an id returned by refund_visit.", set()),  # the tool itself: no source
]


@pytest.mark.parametrize(("description", "expected"), PARAMS)
def test_a_parameter_description_says_where_its_value_comes_from(
    tmp_path: Path, description: str, expected: set[tuple[str, str, str]]
) -> None:
    tool = _tool("refund_visit", "Refund a visit.", visit_id="string", amount="number")
    tool["function"]["parameters"]["properties"]["visit_id"]["description"] = description
    built = build_prompt(tmp_path, "Be kind to every owner.\n", [*_VET, tool])
    found: set[tuple[str, str, str]] = set()
    for p in built.policies:
        if p.target != "refund_visit" or p.operator not in {"arg_grounded", "require_before"}:
            continue
        said = p.condition.model_dump(mode="json")
        if p.operator == "arg_grounded":
            assert said["selector"]["arg"] == "visit_id"  # the parameter described
            assert said["from_user"] is False
            found.add((p.operator, ",".join(said["from_tools"]), p.enforcement))
        else:
            found.add((p.operator, said["before"], p.enforcement))
    assert found == expected
    if expected:  # the sentence was read: no note that it was not
        notes = [d for d in built.state.diagnostics if d.code == "rule-not-compiled"]
        assert not [d for d in notes if "visit_id" in d.message]

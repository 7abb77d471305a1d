"""Orderings read from the clauses of one sentence and from tool descriptions (issue 11,
ordering class), in a made-up lab-sample tracker: steps joined by `then` / `finally` or
closed by "in that order", coordinated actions that all come first, a pronoun pointing back
to the step before, several events any of which will do, and a prerequisite a tool's
description names. Recommendations and unordered coordination order nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.clause_steps import clause_actions, is_soft, steps_in, with_antecedent
from specgap.extract.temporal_parts import done_with, point_back, split_events
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_sample", "Read a lab sample by its id.", sample_id="string"),
    _tool("register_sample", "Register a new lab sample.", patient_id="string"),
    _tool("verify_sample", "Verify the chain of custody of a sample.", sample_id="string"),
    _tool("store_sample", "Store a sample in a freezer.", sample_id="string", freezer_id="string"),
    _tool("ship_sample", "Ship a sample to another lab.", sample_id="string", lab_id="string"),
    _tool(
        "record_result", "Record a test result for a sample.", sample_id="string", value="number"
    ),
    _tool("approve_result", "Approve a recorded test result.", result_id="string"),
    _tool("publish_report", "Publish the report of a sample's results.", sample_id="string"),
    _tool("delete_freezer", "Delete a freezer from the inventory.", freezer_id="string"),
    _tool(
        "archive_freezer_samples", "Archive every sample stored in a freezer.", freezer_id="string"
    ),
    _tool(
        "unassign_technician", "Remove the technician assigned to a freezer.", freezer_id="string"
    ),
    _tool("notify_clinic", "Send a message to the clinic.", clinic_id="string", text="string"),
]


def _build(tmp_path: Path, prompt: str, descriptions: dict[str, str] | None = None) -> Built:
    tools: list[dict[str, Any]] = json.loads(json.dumps(TOOLS))
    for tool in tools:
        name = tool["function"]["name"]
        if descriptions and name in descriptions:
            tool["function"]["description"] = descriptions[name]
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text(prompt + "\n")
    return build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])


def _orders(built: Built) -> set[tuple[str, Any]]:
    """(target, before) of every ordering; an any-of prerequisite as a sorted tuple."""
    out: set[tuple[str, Any]] = set()
    for p in built.policies:
        if p.operator == "require_before":
            before = p.condition.model_dump()["before"]
            out.add((p.target, tuple(sorted(before)) if isinstance(before, list) else before))
    return out


def _enforced(built: Built) -> set[tuple[str, Any]]:
    return {
        (p.target, p.condition.model_dump()["before"])
        for p in built.policies
        if p.operator == "require_before" and p.enforcement == "enforce"
    }


# --- whole sentences ----------------------------------------------------------------------------

SENTENCES: list[tuple[str, set[tuple[str, Any]]]] = [
    # steps joined by "then" in one sentence, a pronoun naming the object before
    (
        "Get the sample, then verify the sample, then ship it.",
        {("verify_sample", "get_sample"), ("ship_sample", "verify_sample")},
    ),
    (
        "Register the sample first, then store it, and finally ship the sample.",
        {("store_sample", "register_sample"), ("ship_sample", "store_sample")},
    ),
    ("Verify the sample and then ship it.", {("ship_sample", "verify_sample")}),
    # a list of clauses closed by "in that order"
    (
        "Verify the sample, record the result, and approve the result, in that order.",
        {("record_result", "verify_sample"), ("approve_result", "record_result")},
    ),
    ("Verify the sample, and only then ship it.", {("ship_sample", "verify_sample")}),
    # a subject "no X" negates: the direction is that of "X must not be V-ed before ..."
    ("No sample may be shipped before it is verified.", {("ship_sample", "verify_sample")}),
    ("No sample may be shipped until it has been verified.", {("ship_sample", "verify_sample")}),
    ("Before you ship a sample, you must verify it.", {("ship_sample", "verify_sample")}),
    # a goal said first is done last; a pronoun names its object
    (
        "To delete a freezer, first archive its samples, then unassign the technician.",
        {
            ("unassign_technician", "archive_freezer_samples"),
            ("delete_freezer", "unassign_technician"),
        },
    ),
    (
        "To delete a freezer, first archive its samples.",
        {("delete_freezer", "archive_freezer_samples")},
    ),
    (
        "To publish a report, approve the result, then notify the clinic.",
        {("notify_clinic", "approve_result"), ("publish_report", "notify_clinic")},
    ),
    ("To get a refund, notify the clinic.", set()),  # no order said
    # tool ids listed in order after one call verb
    (
        "Call `get_sample`, `verify_sample`, then `ship_sample`.",
        {("verify_sample", "get_sample"), ("ship_sample", "verify_sample")},
    ),
    (
        "Use get_sample, verify_sample and ship_sample, in that order.",
        {("verify_sample", "get_sample"), ("ship_sample", "verify_sample")},
    ),
    ("Call `get_sample` first, then `ship_sample`.", {("ship_sample", "get_sample")}),
    ("Call `get_sample` and `ship_sample`.", set()),
    ("Call get_sample to read it, then ship_sample.", set()),
    # teardown: every coordinated action comes before the one the event names
    (
        "Before deleting a freezer, archive its samples and unassign the technician.",
        {("delete_freezer", "archive_freezer_samples"), ("delete_freezer", "unassign_technician")},
    ),
    (
        "Get the sample before storing or shipping it.",
        {("store_sample", "get_sample"), ("ship_sample", "get_sample")},
    ),
    # a pronoun in the event or as the subject points back to the other action's object
    ("Approve results only after recording them.", {("approve_result", "record_result")}),
    ("Store the sample after registering it.", {("store_sample", "register_sample")}),
    ("After the sample is verified, it can be stored.", {("store_sample", "verify_sample")}),
    # several events: "or" any of them, "and" each of them
    (
        "Publish the report after approving the result or after verifying the sample.",
        {("publish_report", ("approve_result", "verify_sample"))},
    ),
    (
        "Ship the sample after verifying it or after registering it.",
        {("ship_sample", ("register_sample", "verify_sample"))},
    ),
    (
        "Publish the report only after approving the result and verifying the sample.",
        {("publish_report", "approve_result"), ("publish_report", "verify_sample")},
    ),
    # prerequisite clauses
    (
        "Shipping a sample requires verifying it or registering it first.",
        {("ship_sample", ("register_sample", "verify_sample"))},
    ),
    (
        "Storing a sample requires that the sample has been registered.",
        {("store_sample", "register_sample")},
    ),
    ("Verification of the sample must precede shipping.", {("ship_sample", "verify_sample")}),
    (
        "Shipping a sample requires a call to `verify_sample` first.",
        {("ship_sample", "verify_sample")},
    ),
    ("Verifying the sample must come before shipping it.", {("ship_sample", "verify_sample")}),
    ("Verify the sample before shipping.", {("ship_sample", "verify_sample")}),
    ("The sample must be verified prior to shipment.", {("ship_sample", "verify_sample")}),
    ("Ship samples only after verification.", {("ship_sample", "verify_sample")}),
    ("Once the sample has been verified, you can ship it.", {("ship_sample", "verify_sample")}),
    ("Once the sample has been verified, ship it.", set()),  # what to do next, no order
    # negative cases: nothing is ordered
    ("Shipping a sample requires care.", set()),
    ("You can get the sample, then ship it.", set()),
    ("Do not get the sample, then ship it.", set()),
    ("Record the result and notify the clinic.", set()),
    ("If the sample is damaged, then notify the clinic.", set()),
    ("Record the result, notify the clinic and approve the result.", set()),
]


@pytest.mark.parametrize(("sentence", "expected"), SENTENCES)
def test_orderings_of_one_sentence(
    tmp_path: Path, sentence: str, expected: set[tuple[str, Any]]
) -> None:
    assert _orders(_build(tmp_path, sentence)) == expected


SOFT = [
    "Usually, verify the sample, then ship it.",
    "Shipping a sample usually requires `verify_sample` first.",
    "Ideally, `verify_sample` should precede shipping.",
    "You may want to verify the sample before shipping it.",
    "It is a good idea to get the sample before storing it.",
    "We recommend that you verify the sample before you ship it.",
]


@pytest.mark.parametrize("sentence", SOFT)
def test_a_recommended_order_is_never_enforced(tmp_path: Path, sentence: str) -> None:
    built = _build(tmp_path, sentence)
    assert _enforced(built) == set()
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert notes  # reported (`rule-not-compiled`, or the kept condition of a reviewed order)


def test_a_recommended_order_keeps_what_makes_it_one(tmp_path: Path) -> None:
    built = _build(tmp_path, "You may want to verify the sample before shipping it.")
    assert _orders(built) == {("ship_sample", "verify_sample")}
    assert _enforced(built) == set()
    kept = [d.message for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert len(kept) == 1
    assert "recommended, not required (`may want to`)" in kept[0]


def test_the_steps_before_a_goal_are_ordered_within_it(tmp_path: Path) -> None:
    built = _build(
        tmp_path, "To delete a freezer, first archive its samples, then unassign the technician."
    )
    assert _enforced(built) == {("delete_freezer", "unassign_technician")}
    kept = [d.message for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("within: To delete a freezer" in m for m in kept)


def test_a_chain_of_one_sentence_is_enforced(tmp_path: Path) -> None:
    built = _build(tmp_path, "Get the sample, then verify the sample, then ship it.")
    assert _enforced(built) == {("verify_sample", "get_sample"), ("ship_sample", "verify_sample")}


# --- tool descriptions --------------------------------------------------------------------------

DESCRIPTIONS: list[tuple[str, set[tuple[str, Any]]]] = [
    ("Ship a sample. Call this only after `verify_sample`.", {("ship_sample", "verify_sample")}),
    (
        "Ship a sample. The sample must have been verified with `verify_sample` first.",
        {("ship_sample", "verify_sample")},
    ),
    (
        "Ship a sample. Only call this once the sample has been verified.",
        {("ship_sample", "verify_sample")},
    ),
    (
        "Ship a sample. Call this tool after `verify_sample` or `get_sample`.",
        {("ship_sample", ("get_sample", "verify_sample"))},
    ),
    (
        "Ship a sample. Can only be used after `register_sample` and `verify_sample` have run.",
        {("ship_sample", "register_sample"), ("ship_sample", "verify_sample")},
    ),
    (
        "Ship a sample. Call this with the output of `verify_sample`.",
        {("ship_sample", "verify_sample")},
    ),
    (
        "Ship a sample. Takes the custody token returned by `verify_sample`.",
        {("ship_sample", "verify_sample")},
    ),
    (
        "Ship a sample. Must be preceded by a call to `verify_sample`.",
        {("ship_sample", "verify_sample")},
    ),
    # negative cases
    ("Ship a sample. Typically called after `verify_sample`.", set()),
    ("Ship a sample. Takes the sample id.", set()),
    ("Ship a sample. Use the result of `get_sample` to pick the lab.", set()),
    ("Ship a sample to the lab that verified it.", set()),
]


@pytest.mark.parametrize(("description", "expected"), DESCRIPTIONS)
def test_orderings_of_a_tool_description(
    tmp_path: Path, description: str, expected: set[tuple[str, Any]]
) -> None:
    built = _build(tmp_path, "Be accurate.", {"ship_sample": description})
    assert _orders(built) == expected


def test_a_description_that_recommends_an_order_is_reviewed(tmp_path: Path) -> None:
    said = {"ship_sample": "Ship a sample. You might want to call `get_sample` first."}
    built = _build(tmp_path, "Be accurate.", said)
    assert _orders(built) == {("ship_sample", "get_sample")}
    assert _enforced(built) == set()


def test_a_description_that_orders_its_own_tool_obliges_nothing(tmp_path: Path) -> None:
    built = _build(
        tmp_path, "Be accurate.", {"ship_sample": "Ship a sample. Must be called after get_sample."}
    )
    assert _orders(built) == {("ship_sample", "get_sample")}
    codes = {d.code for d in built.state.diagnostics}
    assert "obligation-not-enforced" not in codes


# --- the parts ----------------------------------------------------------------------------------

STEPS: list[tuple[str, list[str]]] = [
    ("Lock the crate, then ship it.", ["Lock the crate", "ship it"]),
    ("Open the ticket and then assign it.", ["Open the ticket", "assign it"]),
    ("Lock the bin, empty it, and finally delete it", []),  # "empty" is no action verb here
    (
        "Lock the bin, move the pallet, then ship the crate.",
        ["Lock the bin", "move the pallet", "ship the crate"],
    ),
    (
        "Lock the bin, move the pallet and delete the bin, in this order.",
        ["Lock the bin", "move the pallet", "delete the bin"],
    ),
    ("Lock the bin and delete the bin.", []),  # coordination alone orders nothing
    ("If the bin is full, then lock it.", []),  # a conditional "then"
    ("Typically, lock the bin, then delete it.", []),
    ("Lock the bin, then the crate.", []),  # the second part has no verb of its own
]


@pytest.mark.parametrize(("text", "expected"), STEPS)
def test_the_steps_of_one_sentence(text: str, expected: list[str]) -> None:
    assert steps_in(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lock the bin and delete the crate", ["lock bin", "delete crate"]),
        ("lock the bin and the crate", ["lock bin", "lock crate"]),
        (
            "open the ticket, assign it and close it",
            ["open ticket", "assign ticket", "close ticket"],
        ),
    ],
)
def test_the_actions_of_coordinated_clauses(text: str, expected: list[str]) -> None:
    assert clause_actions(text) == expected


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ("locking the bin or moving the crate", (["locking the bin", "moving the crate"], True)),
        ("locking the bin and moving the crate", (["locking the bin", "moving the crate"], False)),
        (
            "locking the bin or after moving the crate",
            (["locking the bin", "moving the crate"], True),
        ),
        ("the bin and the crate are locked", (["the bin and the crate are locked"], False)),
        ("locking it, moving it or closing it", (["locking it", "moving it", "closing it"], True)),
        ("locking it, using the key", (["locking it, using the key"], False)),
    ],
)
def test_the_events_of_an_event_phrase(event: str, expected: tuple[list[str], bool]) -> None:
    assert split_events(event) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The ticket must have been opened with `open_ticket` first.", "open_ticket"),
        ("The crate should already have been weighed by calling weighCrate.", "weighCrate"),
        ("The ticket must have been opened first.", None),  # no tool named
        ("The ticket will be opened with `open_ticket`.", None),  # no prerequisite
    ],
)
def test_a_prerequisite_done_with_a_tool(text: str, expected: str | None) -> None:
    assert done_with(text) == expected


@pytest.mark.parametrize(
    ("main", "event", "expected"),
    [
        ("it can be locked", "weigh crate", "the crate can be locked"),
        ("they may only be archived", "close ticket", "the ticket may only be archived"),
        ("you can lock it", "weigh crate", "you can lock the crate"),
        ("lock it", "weigh crate", "lock it"),  # a follow-up duty: left as written
        ("they must be archived", "close ticket", "they must be archived"),
        ("check whether it is full", "weigh crate", "check whether it is full"),
        ("it can be locked", None, "it can be locked"),
    ],
)
def test_a_pronoun_points_back_to_the_event(main: str, event: str | None, expected: str) -> None:
    assert point_back(main, event) == expected


@pytest.mark.parametrize(
    ("part", "before", "expected"),
    [
        ("label it", ["weigh crate"], "label crate"),
        ("label it", [], "label it"),
        ("label the crate", ["weigh box"], "label the crate"),
    ],
)
def test_a_pronoun_object_points_back(part: str, before: list[str], expected: str) -> None:
    assert with_antecedent(part, before) == expected


@pytest.mark.parametrize(
    ("text", "soft"),
    [
        ("Usually lock the bin first.", True),
        ("You might want to lock the bin first.", True),
        ("It is best to lock the bin first.", True),
        ("Lock the bin first.", False),
        ("You must lock the bin first.", False),
    ],
)
def test_a_recommendation(text: str, soft: bool) -> None:
    assert is_soft(text) is soft


CYCLES: list[str] = [
    "Get the sample, then verify it, then get the sample.",
    "Ship the sample, then verify the sample.\n\nShip the sample only after verifying it.",
    "Verify the sample before verifying it.",
]


@pytest.mark.parametrize("prompt", CYCLES)
def test_a_cycle_or_a_tool_before_itself_is_never_enforced(tmp_path: Path, prompt: str) -> None:
    built = _build(tmp_path, prompt)
    assert _enforced(built) == set()
    assert all(target != before for target, before in _orders(built))


BORROWED: list[str] = [
    "The sample must be verified prior to shipment.",
    "Ship samples only after verification.",
    "Record the result before approval.",
]


@pytest.mark.parametrize("sentence", BORROWED)
def test_an_object_borrowed_from_the_other_action_is_reviewed(
    tmp_path: Path, sentence: str
) -> None:
    built = _build(tmp_path, sentence)
    assert _orders(built)  # read
    assert _enforced(built) == set()  # "shipment" of what: an inference, never enforced

"""The deterministic extractor on the rules real policies state (table-driven): user
confirmation, grounded values, counts, calls per trace and per turn, state conditions.
Sentences are written for these tests in the many ways policies phrase such rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract
from specgap.ir import CandidateRule

NEW_KINDS = {
    "require_confirmation",
    "arg_grounded",
    "arg_count_bound",
    "max_calls",
    "one_call_at_a_time",
    "state_condition",
}


def rules_of(tmp_path: Path, sentence: str, heading: str = "Agent") -> list[CandidateRule]:
    path = tmp_path / "prompt.md"
    path.write_text(f"# {heading}\n\n- {sentence}\n")
    return list(extract([load_artifact("prompt", path, "prompt.md")]).rules)


CASES: list[tuple[str, str, list[str | None], dict[str, Any]]] = [
    # sentence, operator, target mentions (one rule each), expected params (subset)
    (
        "Before deleting a file with `drive.delete`, get explicit user confirmation.",
        "require_confirmation",
        ["drive.delete"],
        {},
    ),
    (
        "Before any refund or cancellation, obtain the customer's explicit consent.",
        "require_confirmation",
        ["refund", "cancel"],
        {},
    ),
    (
        "Ask the user to confirm before calling `send_money`.",
        "require_confirmation",
        ["send_money"],
        {},
    ),
    (
        "The customer must explicitly confirm the new address for the modification.",
        "require_confirmation",
        ["modify"],
        {},
    ),
    (
        "Never call `wire.transfer` unless the user has explicitly agreed.",
        "require_confirmation",
        ["wire.transfer"],
        {},
    ),
    (
        "Only send money to an account the user named.",
        "arg_grounded",
        ["send money"],
        {"facet": "account", "from_user": True},
    ),
    (
        "The `recipient` of `send_money` must come from the user's messages.",
        "arg_grounded",
        ["send_money"],
        {"facet": "recipient", "from_user": True},
    ),
    (
        "All payment methods must already be in the user profile for safety reasons.",
        "arg_grounded",
        ["*"],
        {"arg": "payment methods", "from_user": False, "from_tools": ["user profile"]},
    ),
    (
        "Never make up order ids; use only values provided by the user or the tools.",
        "arg_grounded",
        ["*"],
        {"from_user": True, "from_tools": ["*"]},
    ),
    (
        "Don't make assumptions about what values to plug into functions.",
        "arg_grounded",
        ["*"],
        {"from_user": True, "from_tools": ["*"]},
    ),
    # "A to the original card or an existing X" is a choice between sources, not a grounding
    # of X alone: a note, no rule (tests/test_existing_choice.py)
    (
        "Each booking can use at most two vouchers and at most one credit card.",
        "arg_count_bound",
        [None, None],
        {},
    ),
    (
        # how many an entity holds: that argument of every tool taking it (a list of
        # passengers is counted, `specgap.argfit`)
        "A reservation may include up to nine passengers.",
        "arg_within_bound",
        ["*"],
        {"facet": "passengers", "max": 9},
    ),
    (
        "Attach fewer than 4 files to an email sent with `mail.send`.",
        "arg_count_bound",
        ["mail.send"],
        {"items": "files", "max": 3},
    ),
    (
        "Invite at least one reviewer with `pr.create`.",
        "arg_count_bound",
        ["pr.create"],
        {"items": "reviewer", "min": 1},
    ),
    ("`plan.change` can only be called once.", "max_calls", ["plan.change"], {"max": 1}),
    (
        "For an active line, `line.suspend` may be used only twice.",
        "max_calls",
        ["line.suspend"],
        {"max": 2, "per": "line"},
    ),
    (
        "Upgrade or downgrade plan tools may be used at most twice per conversation.",
        "max_calls",
        ["Upgrade plan tools", "downgrade plan tools"],
        {"max": 2},
    ),
    ("Never call `otp.send` more than three times.", "max_calls", ["otp.send"], {"max": 3}),
    ("Make at most 5 calls to `search.web`.", "max_calls", ["search.web"], {"max": 5}),
    (
        "Make only one tool call at a time, and never reply to the user in the same turn.",
        "one_call_at_a_time",
        ["*"],
        {"with_text": True},
    ),
    ("Do not make parallel tool calls.", "one_call_at_a_time", ["*"], {"with_text": False}),
    (
        "A ticket can only be closed if its state is 'resolved' or 'duplicate'.",
        "state_condition",
        ["close ticket"],
        {"entity": "ticket", "field": "state", "allowed": ["resolved", "duplicate"]},
    ),
    (
        "A subscription cannot be paused when its status is past due.",
        "state_condition",
        ["pause subscription"],
        {"entity": "subscription", "field": "status", "denied": ["past due"]},
    ),
    (
        "If the shipment is already delivered or lost, it cannot be rerouted.",
        "state_condition",
        ["reroute shipment"],
        {"entity": "shipment", "denied": ["delivered", "lost"]},
    ),
    (
        "Archived projects cannot be edited.",
        "state_condition",
        ["edit project"],
        {"entity": "project", "denied": ["Archived"]},
    ),
    (
        "Only draft invoices can be deleted.",
        "state_condition",
        ["delete invoice"],
        {"entity": "invoice", "allowed": ["draft"]},
    ),
]


@pytest.mark.parametrize(("sentence", "operator", "targets", "params"), CASES)
def test_policy_patterns(
    tmp_path: Path,
    sentence: str,
    operator: str,
    targets: list[str | None],
    params: dict[str, Any],
) -> None:
    found = [r for r in rules_of(tmp_path, sentence) if r.operator == operator]
    assert [r.target for r in found] == targets, [(r.target, r.params) for r in found]
    for key, value in params.items():
        got = found[0].params[key]
        assert (sorted(got) if isinstance(got, list) else got) == (
            sorted(value) if isinstance(value, list) else value
        )
    assert found[0].quote == sentence
    assert (found[0].span.start_line, found[0].span.start_col) == (3, 3)


@pytest.mark.parametrize(
    "sentence",
    [
        "All times in the database are EST and 24 hour based.",
        "Each product has an unique product id.",
        "Our store sells up to 50 kinds of tea.",
        "Ask the user what they need.",
        "Amounts must be in dollars.",
        "Dates must be in the format YYYY-MM-DD.",
        "Return at most 100 rows per query.",
        "Requests made with `web.fetch` must time out within 10 seconds.",
        "Every refund issued with `refund.issue` needs human approval.",
        "The agent confirms the booking by email.",
        "You cannot be sure what the user wants.",
        "Orders cannot be modified.",
    ],
)
def test_prose_that_states_none_of_these_rules(tmp_path: Path, sentence: str) -> None:
    found = [(r.operator, r.target, r.params) for r in rules_of(tmp_path, sentence)]
    assert not [f for f in found if f[0] in NEW_KINDS], found


def test_a_confirmation_without_a_named_action_is_resolved_from_its_section(
    tmp_path: Path,
) -> None:
    rules = rules_of(tmp_path, "The user needs to confirm the details.", "Cancel an order")
    assert [(r.operator, r.target, r.context) for r in rules] == [
        ("require_confirmation", None, "Cancel an order")
    ]


def test_a_generic_action_is_not_guessed(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "Before any action that changes data, get user confirmation.")
    assert rules == []


def test_descriptions_constrain_the_tool_they_describe(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text(
        '[{"type": "function", "function": {"name": "close_account", "description": '
        '"Close an account. Ask for explicit user confirmation (yes/no) to proceed. '
        "If the account is already closed or frozen, it cannot be closed. "
        'This function can only be called once.", "parameters": {"type": "object", '
        '"properties": {"account_id": {"type": "string"}}}}}]'
    )
    rules = extract([load_artifact("tools", path, "tools.json")]).rules
    found = {(r.operator, r.target) for r in rules if r.operator != "schema_contract"}
    assert found == {
        ("require_confirmation", "close_account"),
        ("state_condition", "close_account"),
        ("max_calls", "close_account"),
    }
    state = next(r for r in rules if r.operator == "state_condition")
    assert state.params == {"entity": "account", "denied": ["closed", "frozen"]}
    assert state.quote == "If the account is already closed or frozen, it cannot be closed."

"""A rule over every action on an entity, by its state (issue 11), table-driven over a made-up
subscription-box domain: "only take action on active subscriptions" holds for each tool that
changes an existing subscription, and for no other; never stronger than the sentence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import Built, build_agent


def _tool(name: str, description: str = "", **props: str) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description or name.replace("_", " ").capitalize() + ".",
            "parameters": {
                "type": "object",
                "properties": {k: {"type": v} for k, v in props.items()},
                "required": list(props),
            },
        },
    }


TOOLS = [
    _tool("get_subscription", subscription_id="string"),
    _tool("list_subscriptions", customer_id="string"),
    _tool("create_subscription", customer_id="string", plan="string"),
    _tool("pause_subscription", subscription_id="string", weeks="integer"),
    _tool("cancel_subscription", "Cancel an active subscription.", subscription_id="string"),
    _tool("update_subscription_plan", subscription_id="string", plan="string"),
    _tool("renew_subscription_manually", customer_id="string"),  # names no subscription
    _tool("send_invoice", subscription_id="string"),  # not a subscription tool by its name
]
ACTING = {"pause_subscription", "cancel_subscription", "update_subscription_plan"}


def _build(tmp_path: Path, sentence: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(f"# Boxes\n\n{sentence}\n")
    return build_agent(tmp_path, [prompt], [tools])


def _states(built: Built) -> dict[str, dict[str, Any]]:
    return {
        p.target: p.condition.model_dump(mode="json")
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "state_condition"
    }


STATED: list[tuple[str, str, list[str], str]] = [
    # sentence, side, values (the status of the subscription the call names), enforcement:
    # enforced when the tools speak of every value, else to be evaluated first (`trial`,
    # `expired` are in no tool's name or description: maybe not a state at all)
    ("Only take action on active or paused subscriptions.", "allowed", ["active", "paused"],
     "enforce"),
    ("You may act only on subscriptions that are 'active'.", "allowed", ["active"], "enforce"),
    ("You can only perform operations on trial, active, or paused subscriptions.", "allowed",
     ["active", "paused", "trial"], "eval_required"),
    ("Never take action on expired subscriptions.", "denied", ["expired"], "eval_required"),
    ("Do not make changes to cancelled or paused subscriptions.", "denied",
     ["cancelled", "paused"], "enforce"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "side", "values", "enforcement"), STATED)
def test_a_state_rule_holds_for_every_tool_acting_on_the_entity(
    tmp_path: Path, sentence: str, side: str, values: list[str], enforcement: str
) -> None:
    built = _build(tmp_path, sentence)
    found = _states(built)
    assert set(found) == ACTING
    for condition in found.values():
        assert condition["entity"] == "subscription"
        assert condition["field"] == "status"
        assert sorted(condition[side]) == values
    modes = {
        p.enforcement
        for p in built.policies
        if p.operator == "state_condition" and p.source.artifact.endswith("prompt.md")
    }
    assert modes == {enforcement}


NO_RULE: list[str] = [
    # a condition of its own: not the state rule (and never an unconditional one)
    "Only take action on active subscriptions if the customer asks for it.",
    # no `only` and no negation: a description, not a restriction
    "Agents take action on active subscriptions every day.",
    # not a state: whose subscriptions, or which kind of noun
    "Only take action on the customer's subscriptions.",
    "Only take action on existing subscriptions.",
    "Only take action on boxes subscriptions.",
]


@pytest.mark.parametrize("sentence", NO_RULE)
def test_no_state_rule_is_read_where_the_sentence_states_none(
    tmp_path: Path, sentence: str
) -> None:
    built = _build(tmp_path, sentence)
    assert not set(_states(built)) & ACTING
    unconditional = [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.enforcement == "enforce"
    ]
    assert not unconditional, [(p.operator, p.target) for p in unconditional]


def test_an_entity_no_tool_acts_on_is_reported(tmp_path: Path) -> None:
    built = _build(tmp_path, "Only take action on open tickets.")
    assert not _states(built)
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "unresolved-mention" and d.span and d.span.path.endswith("prompt.md")
    ]
    assert notes
    assert "ticket" in notes[0].message

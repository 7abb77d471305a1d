"""A ban lifted by a plan, a memory or a judgement (`specgap.extract.attitudes`): neither
the calls nor the messages show it, so it compiles to no policy and a located
`rule-not-compiled` note names the condition. A ban under a state a tool reads, under a
request the user makes in the conversation, or under a yes keeps its reading. Sentences
written for the test in a made-up plant nursery."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.attitudes import attitude
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

NURSERY = [
    _tool("get_order", "Fetch a plant order with its status.", order_id="string"),
    _tool("cancel_order", "Cancel a plant order.", order_id="string"),
    _tool("ship_order", "Ship a plant order.", order_id="string"),
    _tool("book_delivery", "Book a delivery slot for an order.", order_id="string"),
    _tool("reserve_tray", "Reserve a seedling tray for a gardener.", tray_id="string"),
    _tool("escalate_to_gardener", "Pass the chat to the head gardener.", summary="string"),
    _tool("find_by_phone", "Find a customer by phone number.", phone="string"),
]

# a ban lifted by a plan, intention, memory or judgement: no policy, one located note
ATTITUDES = [
    "Do not reserve trays that you do not plan on using.",
    "Never book a delivery that you do not intend to keep.",
    "If you are tasked with shipping an order that is not paid, do not ship that order.",
    "Orders must not be shipped if the customer lacks adequate postage credit.",
    "Only escalate to the gardener when the question cannot be answered with the tools here.",
    "Only escalate to the gardener if you cannot solve the problem yourself.",
    "Only call find_by_phone if the customer cannot remember their order number.",
    "Only book a delivery if necessary.",
    "Only cancel an order if you are sure the customer no longer needs it.",
    "Never ship an order if you are not certain the address is right.",
]

# what stays: a request said in the conversation (reviewed), a state a tool reads, a yes, a
# plain ban, an ordering
KEPT: list[tuple[str, tuple[str, str]]] = [
    ("Only cancel an order if the customer asks you to.", ("deny_action", "cancel_order")),
    ("Only book a delivery when the customer would like one.", ("deny_action", "book_delivery")),
    ("Never cancel an order unless the customer explicitly requests it.",
     ("deny_action", "cancel_order")),
    ("Never cancel an order if its status is 'shipped'.", ("state_condition", "cancel_order")),
    ("Only cancel an order if the customer agrees.", ("require_confirmation", "cancel_order")),
    ("Never ship an order.", ("deny_action", "ship_order")),
    ("Do not ship an order before calling get_order.", ("require_before", "ship_order")),
]  # fmt: skip


def _built(tmp_path: Path, text: str, tools: list[dict[str, object]] = NURSERY) -> Built:
    return build_prompt(tmp_path, f"# Nursery desk\n\n{text}\n", tools)


def _prose(built: Built) -> list[tuple[str, str]]:
    return sorted(
        (p.operator, p.target)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator != "schema_contract"
    )


@pytest.mark.parametrize("text", ATTITUDES)
def test_a_ban_lifted_by_an_attitude_is_a_note_not_a_policy(tmp_path: Path, text: str) -> None:
    built = _built(tmp_path, text)
    assert _prose(built) == []
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert [d.code for d in notes if d.code == "rule-not-compiled"] == ["rule-not-compiled"]
    said = next(d.message for d in notes if d.code == "rule-not-compiled")
    assert "a plan, a memory or a judgement" in said
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3
    # its condition-not-bound note is replaced, not doubled
    assert not [d for d in notes if d.code == "condition-not-bound"]


@pytest.mark.parametrize(("text", "expected"), KEPT, ids=[t for t, _ in KEPT])
def test_other_conditions_keep_their_reading(
    tmp_path: Path, text: str, expected: tuple[str, str]
) -> None:
    assert expected in _prose(_built(tmp_path, text))


def test_a_tool_description_that_bans_itself_unless_asked(tmp_path: Path) -> None:
    tools = [
        _tool(
            "escalate_to_gardener",
            "Pass the chat to the head gardener. Only call this tool if the customer has "
            "forgotten the order number.",
            summary="string",
        ),
        *NURSERY[:-2],
    ]
    built = _built(tmp_path, "Greet the customer.", tools)
    described = [p for p in built.policies if p.source.artifact.endswith("tools.json")]
    assert described
    assert all(p.operator == "schema_contract" for p in described)
    notes = [
        d.message
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span and d.span.path.endswith("tools.json")
    ]
    assert json.dumps(notes).count("`forgotten` is a plan, a memory") == 1


@pytest.mark.parametrize(
    ("condition", "said"),
    [
        ("that you do not plan to open", "plan to"),
        ("if the tenant forgot the code", "forgot"),
        ("unless the passenger knows the gate number", "the passenger knows"),
        ("when the agent cannot fix the fault", "the agent cannot fix"),
        ("unless you feel confident the tide is low", "you feel confident"),
        ("unless the caller would rather wait", None),  # a wish the caller says: reviewed
        ("unless the passenger says the bag is lost", None),  # said in the messages
        ("only if necessary", "only if necessary"),
        ("unless the parcel cannot be handled by the depot", "cannot be handled"),
        ("if the requested date is free", None),  # a participle, not a request
        ("unless the booking is confirmed", None),  # a state (or a yes), not an attitude
        ("if the lookup cannot find the account", None),  # a failed call, not a memory
    ],
)
def test_attitude_words(condition: str, said: str | None) -> None:
    assert attitude(condition) == said

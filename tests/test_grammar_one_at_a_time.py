"""One at a time, in the shapes policies say it ("one X at a time", "never two X in parallel",
"wait for each X to finish before the next", "handle requests sequentially"): over one action
only one call of it per turn (`same_tool`; other tools may share the turn, which is no
stronger than the sentence), over calls in general every tool. A kayak rental and a print
shop, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event
from tests.corpus_agents import Built, build_prompt
from tests.policy_helpers import call, policy
from tests.test_grammar import _tool

KAYAKS = [
    _tool("rent_kayak", "Rent a kayak to a paddler.", paddler_id="string", kayak_id="string"),
    _tool("return_kayak", "Check a rented kayak back in.", rental_id="string"),
    _tool("charge_card", "Charge the paddler's card.", paddler_id="string", amount="number"),
    _tool("find_paddler", "Find a paddler by phone number.", phone="string"),
]
PRINT = [
    _tool("place_print_order", "Place a print order.", customer_id="string", file_id="string"),
    _tool("cancel_print_order", "Cancel a print order.", order_id="string"),
    _tool("reprint_order", "Reprint an order at no charge.", order_id="string"),
]
EVERY = ("*", False)

# (sentence, tools, (target, same_tool))
READ: list[tuple[str, list[dict[str, object]], tuple[str, bool]]] = [
    ("Rent one kayak at a time.", KAYAKS, ("rent_kayak", True)),
    ("Never run two card charges in parallel.", KAYAKS, ("charge_card", True)),
    ("Do not check kayaks back in concurrently.", KAYAKS, ("return_kayak", True)),
    ("Don't place more than one print order at once.", PRINT, ("place_print_order", True)),
    ("Reprints must be handled one at a time.", PRINT, ("reprint_order", True)),
    ("Wait for each reprint to finish before starting the next.", PRINT, ("reprint_order", True)),
    ("Print orders should be cancelled one by one.", PRINT, ("cancel_print_order", True)),
    ("Reprints are handled one at a time.", PRINT, ("reprint_order", True)),  # a norm stated
    ("Only one kayak can be rented at a time.", KAYAKS, ("rent_kayak", True)),
    # with other tools: no other call may share the turn either
    ("Never charge a card in parallel with other tools.", KAYAKS, ("charge_card", False)),
    # calls in general: every tool
    ("Handle the paddler's requests sequentially.", KAYAKS, EVERY),
    ("Never issue two tool calls at the same time.", KAYAKS, EVERY),
    ("Never call several tools in the same turn.", PRINT, EVERY),
    ("Wait for each call to complete before making the next.", PRINT, EVERY),
]

NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("Ask one question at a time.", KAYAKS),  # a way of talking, no tool call
    ("Paddlers may rent two kayaks at once.", KAYAKS),  # a permission, no limit
    ("Explain the steps one at a time.", PRINT),
    ("Renting one kayak at a time is easiest for most paddlers.", KAYAKS),  # a habit, no rule
]


def _built(tmp_path: Path, sentence: str, tools: list[dict[str, object]]) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)


def _together(built: Built) -> set[tuple[str, bool]]:
    return {
        (p.target, p.condition.same_tool)
        for p in built.policies
        if p.operator == "one_call_at_a_time" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_one_at_a_time_is_read(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]], expected: tuple[str, bool]
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _together(built) == {expected}
    others = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    assert others == {"one_call_at_a_time"}  # no ban of the action, no count of it


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_limit_on_calls_together(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]]
) -> None:
    assert _together(_built(tmp_path, sentence, tools)) == set()


def test_together_for_the_same_entity_is_reviewed(tmp_path: Path) -> None:
    """Two charges for the same paddler at once: a turn count of every charge is stronger."""
    built = _built(tmp_path, "Never run two card charges for the same paddler in parallel.", KAYAKS)
    found = [
        (p.target, p.enforcement) for p in built.policies if p.operator == "one_call_at_a_time"
    ]
    assert found == [("charge_card", "review_only")]
    codes = {d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path}
    assert "condition-not-bound" in codes


DESCRIBED = [
    ("Wax a kayak hull. Never run two of these at the same time.", True),
    ("Wax a kayak hull. Only one hull can be waxed at a time.", True),
    ("Wax a kayak hull. Do not call in parallel with other tools.", False),
]


@pytest.mark.parametrize(("description", "same_tool"), DESCRIBED)
def test_a_description_limits_its_tool(tmp_path: Path, description: str, same_tool: bool) -> None:
    built = build_prompt(
        tmp_path, "# Desk\n\nBe friendly.\n", [_tool("wax_hull", description), *KAYAKS]
    )
    found = {
        (p.target, p.condition.same_tool)
        for p in built.policies
        if p.operator == "one_call_at_a_time"
    }
    assert found == {("wax_hull", same_tool)}


def test_a_tool_description_limits_the_described_tool(tmp_path: Path) -> None:
    tools = [
        _tool("wax_hull", "Wax a kayak hull. Never run two of these at the same time."),
        *KAYAKS,
    ]
    built = build_prompt(tmp_path, "# Desk\n\nBe friendly.\n", tools)
    found = {
        (p.target, p.condition.same_tool)
        for p in built.policies
        if p.operator == "one_call_at_a_time"
    }
    assert found == {("wax_hull", True)}


# the check: one call of the target per turn; other tools may share it
CHECKS = [
    ([call("t", turn=1), call("t", turn=2)], ["allow", "allow"]),
    ([call("t", turn=1), call("t", turn=1)], ["allow", "deny"]),
    ([call("other", turn=1), call("t", turn=1)], ["allow", "allow"]),
    ([call("t", turn=1), call("other", turn=1), call("t", turn=1)], ["allow", "allow", "deny"]),
]


@pytest.mark.parametrize(("events", "verdicts"), CHECKS)
def test_same_tool_counts_only_the_target(events: list[Event], verdicts: list[str]) -> None:
    engine = Engine([policy("one_call_at_a_time", "t", with_text=False, same_tool=True)])
    assert [d.verdict for d in engine.run(events)] == verdicts

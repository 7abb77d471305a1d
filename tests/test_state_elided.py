"""A second state after "only when A", its keyword elided (`specgap.extract.state_more`,
issue 11 class 2): "only grant a pass when the member asks, and the member's tier is 'gold'"
needs both; the second state, when it binds, is a `state_condition` of its own. Never
stronger: a second clause that is no bound state gives no rule (and no ban); a clause after
"and then" or "and never" is no second condition. Made-up domain (a climbing gym); sentences
and tools written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool

GYM = [
    _tool("get_climber", "Look up a climber with their tier and standing.", climber_id=""),
    _tool("grant_pass", "Grant a guest pass to a climber.", climber_id="", pass_type=""),
    _tool("book_route", "Book a route session for a climber.", climber_id="", route_id=""),
]

READ: list[tuple[str, str, tuple[str, str, tuple[str, ...]]]] = [
    ("a state after 'only when <request>'",
     "Only grant a pass when the climber asks for one, and the climber's tier is 'gold'.",
     ("grant_pass", "tier", ("gold",))),
    ("a state after 'only if <request>'",
     "Only book a route if the climber requests it, and the climber's standing is 'clear'.",
     ("book_route", "standing", ("clear",))),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text", "expected"), READ, ids=[r[0] for r in READ])
def test_the_elided_state_is_its_own_rule(
    tmp_path: Path, why: str, text: str, expected: tuple[str, str, tuple[str, ...]]
) -> None:
    built = build_prompt(tmp_path, f"# Gym desk\n\n{text}\n", GYM)
    states = {
        (p.target, p.condition.field, tuple(p.condition.allowed))
        for p in built.policies
        if p.operator == "state_condition"
    }
    assert expected in states, why


NOT_READ: list[tuple[str, str]] = [
    ("the second clause is no state",
     "Only grant a pass when the climber asks for one, and the desk lists it."),
    ("'and then' is a next step, not a condition",
     "Only grant a pass when the climber asks for one, and then the tier is 'gold'."),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_no_state_rule_from_what_is_not_a_bound_state(tmp_path: Path, why: str, text: str) -> None:
    built = build_prompt(tmp_path, f"# Gym desk\n\n{text}\n", GYM)
    assert not [p for p in built.policies if p.operator == "state_condition"], why
    assert not [
        p for p in built.policies if p.operator == "deny_action" and p.enforcement == "enforce"
    ], why

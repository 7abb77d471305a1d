"""Session 31: a prompt in which the assistant speaks as "I" (`pledge31`); a bound raised for
some calls in the same line, its figures counting things (`raised30`); a tool named by the
verb its description opens with outranks one merely of the verb's class (`resolve.actions`).
Sentences written for these tests, in a made-up piano-tuning desk whose tools are single
verbs."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.pledge31 import respelt, speaks_as_agent
from specgap.registry import Registry
from specgap.resolve.actions import ActionHit, ActionIndex
from specgap.resolve.resolver import Resolver
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T
from tests.resolve_domains import S, registry

TUNER = [
    T("locate", "Finds a client by phone number.", phone="string"),
    T("schedule", "Books a tuning visit.", client_id="string", pianos=("array", "Pianos to tune.")),
    T("abolish", "Cancels a tuning visit.", visit_id="string"),
    T("forgive", "Waives a fee on a tuning visit.", visit_id="string", fee="string"),
    T("inspect", "Reads a tuning visit.", visit_id="string"),
]
AGENT = "I am the booking assistant of a piano-tuning firm.\n\n"


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("- I won't cancel a visit twice.", "- Never cancel a visit twice."),
        ("- I will only book a slot I found.", "- Only book a slot you found."),
        (
            "- I will read the visit before I cancel it, and I won't waive a fee.",
            "- Read the visit before you cancel it, and never waive a fee.",
        ),
        ("- I always greet the client.", "- Always greet the client."),
        ("- I call `schedule` once they say yes.", "- Call `schedule` once they say yes."),
        ("I am the booking assistant.", None),  # what the speaker is: no rule
        ("Nothing here says it.", None),
    ],
)
def test_a_first_person_line_is_said_to_the_agent(said: str, meant: str | None) -> None:
    assert respelt(AGENT, said) == meant


@pytest.mark.parametrize(
    "prompt",
    [
        "You are the tuning desk's assistant. I want every cancellation checked.",
        "# Rules from the owner\n\nI will review refunds myself.",
    ],
)
def test_an_i_that_is_the_writer_is_left_alone(prompt: str) -> None:
    assert not speaks_as_agent(prompt)
    assert respelt(prompt, "I will review refunds myself.") is None


def test_a_pledge_reads_as_the_rules_it_promises(tmp_path: Path) -> None:
    text = AGENT + (
        "## Visits\n"
        "- I won't cancel the same visit more than twice.\n"
        "- I will read the visit with `inspect` before I cancel it.\n"
    )
    policies = desk_policies(tmp_path, text, TUNER)
    assert any(p.operator == "max_calls" and p.target == "abolish" for p in policies), shown(
        policies
    )
    ordered = [p for p in policies if p.operator == "require_before" and p.target == "abolish"]
    assert ordered, shown(policies)
    assert ordered[0].condition.before == "inspect"


def test_without_the_agent_speaking_an_i_line_states_nothing(tmp_path: Path) -> None:
    text = "## Visits\n- I won't cancel the same visit more than twice.\n"
    policies = desk_policies(tmp_path, text, TUNER)
    assert not [p for p in policies if p.target == "abolish"], shown(policies)


def test_a_raised_count_holds_each_figure_under_its_condition(tmp_path: Path) -> None:
    text = "Tune up to 2 pianos on one visit with `schedule`, or up to 5 for a school account.\n"
    policies = desk_policies(tmp_path, text, TUNER)
    counts = [p for p in policies if p.operator == "arg_count_bound"]
    assert {p.condition.max for p in counts} == {2, 5}, shown(policies)
    # neither figure holds for every visit: both are reviewed, never enforced flat
    assert all(p.enforcement == "review_only" for p in counts), shown(policies)


def test_a_plain_count_stays_enforced(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Tune up to 2 pianos on one visit with `schedule`.\n", TUNER)
    assert has_policy(policies, "arg_count_bound", "schedule", "enforce", max=2), shown(policies)


@pytest.mark.parametrize(
    ("said", "tool"),
    [
        ("Never cancel a visit twice.", "abolish"),  # "Cancels a tuning visit", not `forgive`
        ("Never book a visit for a client twice.", "schedule"),
    ],
)
def test_the_verb_a_description_opens_with_names_the_tool(
    tmp_path: Path, said: str, tool: str
) -> None:
    policies = desk_policies(tmp_path, said + "\n", TUNER)
    assert [p.target for p in policies if p.operator == "max_calls"] == [tool], shown(policies)


def test_tools_named_by_the_same_verb_keep_their_tie() -> None:
    # three tools save a summary; one's description opens "Generate and save": "generate"
    # does not choose between kinds of summary, so none of the others becomes an aside
    saves = registry(
        ("save_visit_summary", "Saves the visit summary.", {"text": S}),
        ("save_client_summary", "Saves the client summary.", {"text": S}),
        ("save_tuner_summary", "Generate and save the tuner summary.", {"text": S}),
    )
    hits = _hits(saves, "generate complex visit summary")
    assert not any(h.aside for h in hits), hits


def test_a_verb_of_the_class_only_is_an_aside_beside_the_tool_it_names() -> None:
    desk = registry(
        ("abolish", "Cancels a tuning visit.", {"visit_id": S}),
        ("forgive", "Waives a fee on a tuning visit.", {"visit_id": S}),
    )
    hits = _hits(desk, "cancel the visit")
    assert {h.tool: h.aside for h in hits} == {"abolish": False, "forgive": True}, hits
    assert Resolver(desk).resolve("cancel the visit").tool_id == "abolish"
    # a generic verb names a kind of act, not a tool: no aside
    assert not any(h.aside for h in _hits(desk, "change the visit"))


def _hits(desk: Registry, mention: str) -> list[ActionHit]:
    index = ActionIndex(desk)
    action = index.parse(mention)
    assert action is not None, mention
    return index.hits(mention, action)[0]

"""An agent's own tools (`specgap.resolve.sections`): a mention tied between tools, in the
section of one agent of several, is the tool named after that agent; otherwise the tie
stands. Made-up domains; every sentence written here."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.ir import CandidateRule, Span
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve.resolver import Resolver
from specgap.resolve.rules import resolve_rule
from specgap.resolve.sections import in_section

_ARGS: dict[str, Any] = {"type": "object", "properties": {"text": {"type": "string"}}}


def _registry(*tools: tuple[str, str]) -> Registry:
    registry, problems = build_registry([Tool(id=t, description=d, schema=_ARGS) for t, d in tools])
    assert not problems
    return registry


# a travel agency: one agent books, one handles claims, each files its own summary
TRAVEL = _registry(
    ("save_booking_agent_summary", "Save the booking agent's summary of its work."),
    ("save_claims_agent_summary", "Save the claims agent's summary of its work."),
    ("book_flight", "Book a flight for a traveller."),
    ("open_claim", "Open a claim for a lost bag."),
)
# a newsroom: two assistants, each posting its own note
NEWS = _registry(
    ("post_sports_desk_note", "Post a note for the sports desk."),
    ("post_politics_desk_note", "Post a note for the politics desk."),
    ("publish_story", "Publish a story."),
)
# a plant nursery: three teams, two of them share a word with the heading
NURSERY = _registry(
    ("log_seed_team_report", "Log a report of the seed team."),
    ("log_seed_shed_report", "Log a report of the seed shed."),
    ("log_water_team_report", "Log a report of the watering team."),
)
# a garage, whose sections are about tasks, not actors
GARAGE = _registry(
    ("record_tyre_change", "Record a change of tyres."),
    ("record_oil_change", "Record a change of oil."),
)


@pytest.mark.parametrize(
    ("registry", "heading", "mention", "tool"),
    [
        (TRAVEL, "Claims agent", "save a summary of the work", "save_claims_agent_summary"),
        (
            TRAVEL,
            "agent: booking_agent",
            "save a summary of the work",
            "save_booking_agent_summary",
        ),
        (NEWS, "### Sports desk assistant", "post a note", "post_sports_desk_note"),
        (NEWS, "Politics desk", "post a note", "post_politics_desk_note"),
    ],
)
def test_the_agents_own_tool(registry: Registry, heading: str, mention: str, tool: str) -> None:
    tied = Resolver(registry).resolve(mention)
    assert tied.status == "ambiguous", tied  # the words alone tie the agents' tools
    decided = in_section(registry, heading, tied)
    assert (decided.status, decided.tool_id) == ("resolved", tool)


@pytest.mark.parametrize(
    ("registry", "heading", "mention"),
    [
        # a heading that names no actor decides nothing
        (GARAGE, "Tyres", "record a change"),
        (TRAVEL, "Claims", "save a summary of the work"),
        # two tied tools both named with the heading's telling words
        (NURSERY, "Seed team", "log a report"),
        # the actor's kind alone ("agent") tells no agent from another
        (TRAVEL, "The agent", "save a summary of the work"),
        # a heading naming a tool of none of the tie
        (TRAVEL, "Ticketing agent", "save a summary of the work"),
    ],
)
def test_the_tie_stands(registry: Registry, heading: str, mention: str) -> None:
    tied = Resolver(registry).resolve(mention)
    assert tied.status == "ambiguous", tied
    assert in_section(registry, heading, tied) is tied


def test_a_rule_decided_by_its_section_is_reviewed() -> None:
    span = Span(
        path="p.md", start_line=3, start_col=1, end_line=3, end_col=9, start_byte=0, end_byte=8
    )
    rule = CandidateRule(
        text="Save a summary of the work only after the flight.",
        span=span,
        quote="Save a summary of the work only after the flight.",
        target="save a summary of the work",
        context="Booking agent",
        mentions=("save a summary of the work", "book a flight"),
        grounding="exact",
        check_category="workflow_ordering_validation",
        operator="require_before",
        params={"before": "book a flight"},
        confidence=0.9,
        extractor="deterministic",
    )
    resolved = resolve_rule(Resolver(TRAVEL), rule)
    assert resolved.target.tool_id == "save_booking_agent_summary"
    assert resolved.target.status == "resolved"
    assert resolved.rule.grounding == "inferred"  # an inference: never enforced from it
    unscoped = resolve_rule(Resolver(TRAVEL), rule.model_copy(update={"context": "Summaries"}))
    assert unscoped.target.status == "ambiguous"
    assert unscoped.rule.grounding == "exact"

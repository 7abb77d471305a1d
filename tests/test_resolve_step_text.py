"""A step's short mention read in its full text when it ties on its own words, and a tool
whose name relates the same two things as the mention. Made-up domains; every sentence
written here."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.ir import CandidateRule, Span
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve.resolver import Resolver
from specgap.resolve.rules import resolve_rule

_ARGS: dict[str, Any] = {"type": "object", "properties": {"item_id": {"type": "string"}}}


def _registry(*tools: tuple[str, str]) -> Registry:
    registry, problems = build_registry([Tool(id=t, description=d, schema=_ARGS) for t, d in tools])
    assert not problems
    return registry


# a recipe site: tags live on their own and on recipes
RECIPES = _registry(
    ("delete_tag", "Deletes a tag from the site, including its links to any recipe."),
    ("remove_tag_from_recipe", "Removes a tag from one recipe."),
    ("delete_recipe", "Deletes a recipe from the site."),
)
# a school timetable: rooms, and the teachers they are given to
TIMETABLE = _registry(
    ("remove_room", "Deletes a room from the timetable, with all its lessons."),
    ("revoke_room", "Removes a room from a teacher."),
    ("list_rooms", "Lists the rooms of a school."),
)


@pytest.mark.parametrize(
    ("registry", "mention", "tool"),
    [
        (RECIPES, "revoke the tags linked to a recipe", "remove_tag_from_recipe"),
        (RECIPES, "remove the tags of the recipe", "remove_tag_from_recipe"),
        (RECIPES, "remove all tags associated with the recipe", "remove_tag_from_recipe"),
        (RECIPES, "delete the tag", "delete_tag"),
    ],
)
def test_a_name_relating_the_same_two_things(registry: Registry, mention: str, tool: str) -> None:
    res = Resolver(registry).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res


def _step_rule(target: str, step: str, before: str, before_step: str) -> CandidateRule:
    span = Span(
        path="p.md", start_line=4, start_col=1, end_line=4, end_col=9, start_byte=0, end_byte=8
    )
    text = f"Follow these steps in order: 1) {before_step}, 2) {step}."
    return CandidateRule(
        text=text,
        span=span,
        quote=text,
        target=target,
        context="Closing rooms",
        mentions=(target, before),
        grounding="exact",
        check_category="workflow_ordering_validation",
        operator="require_before",
        params={"before": before},
        confidence=0.9,
        extractor="deterministic",
        mention_context={target: step, before: before_step},
    )


@pytest.mark.parametrize(
    ("mention", "step", "tool"),
    [
        # the step says what the short mention leaves out: the timetable, not a lesson
        ("delete room", "Delete the room itself from the timetable", "remove_room"),
    ],
)
def test_a_step_read_in_full(mention: str, step: str, tool: str) -> None:
    resolver = Resolver(TIMETABLE)
    assert resolver.resolve(mention).status != "resolved"  # its own words do not decide
    rule = _step_rule(mention, step, "list rooms", "List the rooms of the school")
    resolved = resolve_rule(resolver, rule)
    assert (resolved.target.status, resolved.target.tool_id) == ("resolved", tool)
    assert resolved.target.mention == mention  # keyed by the mention, as before


def test_the_full_step_never_names_another_tool() -> None:
    # the step's text resolves, but to a tool the mention itself could not be: kept as is
    resolver = Resolver(TIMETABLE)
    rule = _step_rule("close it", "List the rooms of the school", "list rooms", "List rooms")
    plain = rule.model_copy(update={"mention_context": {}})
    assert resolver.resolve("List the rooms of the school").tool_id == "list_rooms"
    assert resolve_rule(resolver, rule).target == resolve_rule(resolver, plain).target
    assert resolve_rule(resolver, rule).target.tool_id != "list_rooms"


# a language school: pupils enrolled in courses, tutors allocated to rooms
SCHOOL = _registry(
    ("drop_pupil", "Removes a pupil from a course."),
    ("delete_course", "Deletes a course, with all its pupils' enrollments."),
    ("put_pupil_on_course", "Puts a pupil on a course."),
    ("give_room_to_tutor", "Gives a room to a tutor for a term."),
    ("close_room", "Closes a room for repairs."),
)


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        # removing a relation named by its verb's noun: that verb undone, on both ends
        ("delete the pupil enrollments for the course", "drop_pupil"),
        ("cancel the enrollment of the pupil in the course", "drop_pupil"),
        # a participle joins the ends and is none of them
        ("remove the pupil enrollments associated with the course", "drop_pupil"),
        # making one: the verb itself
        ("create an enrollment of the pupil on the course", "put_pupil_on_course"),
        ("add an allocation of the room to the tutor", "give_room_to_tutor"),
    ],
)
def test_an_action_on_a_relation(mention: str, tool: str) -> None:
    res = Resolver(SCHOOL).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res


@pytest.mark.parametrize(
    "mention",
    [
        "delete the course",  # no relation: the thing itself
        "review the pupil enrollments",  # neither makes nor removes one
    ],
)
def test_not_an_action_on_a_relation(mention: str) -> None:
    res, why = Resolver(SCHOOL).explain(mention)
    assert not any("of a relation" in why[c.tool_id] for c in res.candidates), why

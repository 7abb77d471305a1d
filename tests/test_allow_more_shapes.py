"""More shapes of values after a preposition (`allow_preps`), in a made-up cloud, release,
school and venue domain: values before the noun naming the argument ("in the eu-central
or us-west regions"), names with their article ("the Garden, the Chapel or the Ballroom"),
capital letters as values ("sections A, B or C"), a class of people as the subject (kept
for review with that class as its condition), plain words bound by the description
(reviewed). Negatives: people after the values, a single plain word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.allow_domains import allow, valued
from tests.corpus_agents import Row, build_prompt
from tests.test_grammar_arg_restrictions_wide import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("create_bucket", "Create a storage bucket in a region.", bucket_name="string",
          region=("string", "Region to create the bucket in.")),
    _tool("promoteRelease", "Promote a release to an environment.", releaseId="string",
          environment=("string", "Target environment.")),
    _tool("enroll_student", "Enroll a student in a course section.", student_id="string",
          section=("string", "Course section.")),
    _tool("venue__book_ceremony", "Book a ceremony in a space of the venue.", event_id="string",
          space=("string", "Ceremony space.")),
]  # fmt: skip

CASES: list[tuple[str, list[Row]]] = [
    ("Buckets may only be created in the eu-central or us-west regions.",
     [allow("create_bucket", "region", "eu-central", "us-west")]),
    ("Only book ceremonies in the Garden, the Chapel or the Ballroom.",
     [allow("venue__book_ceremony", "space", "Ballroom", "Chapel", "Garden")]),
    ("Only enroll students in sections A, B or C.",
     [allow("enroll_student", "section", "A", "B", "C")]),
    ("Releases can only be promoted to staging or production.",
     [allow("promoteRelease", "environment", "production", "staging", how="review_only")]),
    # negatives
    ("Only create buckets in the EU or US for customers.", []),
    ("Only promote releases to production.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_more_shapes_of_values_after_a_preposition(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    assert valued(build_prompt(tmp_path, f"# Desk\n\n{text}\n", TOOLS)) == expected


def test_a_class_of_people_as_subject_is_kept_as_the_condition(tmp_path: Path) -> None:
    text = "# Desk\n\nStudents may only enroll in sections A, B or C.\n"
    built = build_prompt(tmp_path, text, TOOLS)
    assert valued(built) == [allow("enroll_student", "section", "A", "B", "C", how="review_only")]
    (policy,) = [p for p in built.policies if p.operator == "resource_in_allowlist"]
    assert "for students: condition not bound" in policy.title

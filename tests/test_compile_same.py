"""Binding a same-entity ordering's noun (`same_as`) to the target tool's id-like argument,
table-driven over a made-up pet-clinic domain: bound only when certain, otherwise the plain
ordering with a located `same-entity-not-bound` note."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.compile_same import bind_same, idlike_argument
from specgap.diagnostics import describe
from specgap.ir import CandidateRule, Diagnostic, Selector, Span
from specgap.registry import Tool


def _tool(**props: Any) -> Tool:
    return Tool(id="cancel_visit", schema={"type": "object", "properties": props})


S, N = {"type": "string"}, {"type": "integer"}
SPAN = Span(
    path="prompt.md", start_line=4, start_col=1, end_line=4, end_col=30, start_byte=0, end_byte=29
)
RULE = CandidateRule(
    text="Look up the visit before cancelling it.",
    span=SPAN,
    quote="Look up the visit before cancelling it.",
    target="cancel_visit",
    mentions=("cancel_visit", "lookup_visit"),
    grounding="partial",
    check_category="workflow_ordering_validation",
    operator="require_before",
    params={"before": "lookup_visit", "same_as": "visit"},
    confidence=0.8,
    extractor="deterministic",
)

# (case, tool properties, noun, bound argument or None)
BINDINGS: list[tuple[str, dict[str, Any], str, str | None]] = [
    ("an id argument", {"visit_id": S, "reason": S}, "visit", "visit_id"),
    ("an integer number", {"visit_number": N}, "visit", "visit_number"),
    ("a list of ids", {"visit_ids": {"type": "array", "items": S}}, "visit", "visit_ids"),
    ("a camel-case id", {"visitId": S}, "visit", "visitId"),
    ("a file path", {"file_path": S, "bucket": S}, "file", "file_path"),
    ("a nullable id", {"visit_id": {"type": ["string", "null"]}}, "visit", "visit_id"),
    ("no argument for the noun", {"pet_id": S}, "visit", None),
    ("two arguments for the noun", {"visit_id": S, "visit_code": S}, "visit", None),
    ("not an identifier", {"visit": {"type": "object"}}, "visit", None),
    ("a free-text argument", {"visit_notes": S}, "visit", None),
    ("a flag", {"visit_confirmed": {"type": "boolean"}}, "visit", None),
    ("the content, not a name", {"Body": S, "Key": S}, "file", None),
]


@pytest.mark.parametrize(("case", "props", "noun", "bound"), BINDINGS)
def test_the_noun_binds_only_to_one_idlike_argument(
    case: str, props: dict[str, Any], noun: str, bound: str | None
) -> None:
    diagnostics: list[Diagnostic] = []
    params = bind_same(
        RULE, _tool(**props), {"before": "lookup_visit", "same_as": noun}, diagnostics
    )
    assert "same_as" not in params, case
    assert params["before"] == "lookup_visit"
    if bound is not None:
        assert params["same"] == {"arg": bound}, case
        assert diagnostics == [], case
    else:
        assert "same" not in params, case
        (note,) = diagnostics
        assert note.code == "same-entity-not-bound", case
        assert note.severity == "note", case
        assert note.span == SPAN, case
        assert f"same {noun}" in note.message, case
        assert "only the order is enforced" in note.message


def test_a_rule_without_the_noun_is_left_as_it_was() -> None:
    diagnostics: list[Diagnostic] = []
    params = {"before": "lookup_visit"}
    assert bind_same(RULE, _tool(visit_id=S), params, diagnostics) == params
    assert diagnostics == []


def test_the_note_is_a_registered_code() -> None:
    assert describe("same-entity-not-bound").severity == "note"


@pytest.mark.parametrize(
    ("arg", "idlike"),
    [("visit_id", True), ("owner_email", True), ("visit_notes", False), ("missing", False)],
)
def test_idlike_arguments(arg: str, idlike: bool) -> None:
    tool = _tool(visit_id=S, owner_email=S, visit_notes=S)
    assert idlike_argument(tool, arg) is idlike


@pytest.mark.parametrize(
    ("facets", "bound"),
    [
        ({"file": Selector(arg="Body")}, "Body"),  # the project's own word for the argument
        ({"files": Selector(arg="Body")}, "Body"),  # in the plural
        ({"file": Selector(arg="query", extract="sql_tables")}, None),  # a value drawn out of it
        ({"object": Selector(arg="Body")}, None),  # another word
    ],
)
def test_a_registry_facet_named_by_the_noun_binds_whatever_the_argument_holds(
    facets: dict[str, Selector], bound: str | None
) -> None:
    """ "Scan every file before uploading it", with `facets: {file: {arg: Body}}` in the
    registry: the scanned content must be the uploaded body (not an id-like argument)."""
    tool = Tool(
        id="upload",
        schema={"type": "object", "properties": {"Body": S, "Key": S, "query": S}},
        facets=facets,
    )
    diagnostics: list[Diagnostic] = []
    params = bind_same(RULE, tool, {"before": "scan", "same_as": "file"}, diagnostics)
    assert params.get("same") == ({"arg": bound} if bound else None)
    assert [d.code for d in diagnostics] == ([] if bound else ["same-entity-not-bound"])

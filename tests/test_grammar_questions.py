"""A question opening a line conditions the instructions after it ("Damaged parcel?
Photograph it, then open a claim"): their rules keep it and are reviewed, never enforced
unconditionally. Reading something back to the user is said, not a tool call. A parcel
desk written for the test."""

from __future__ import annotations

from pathlib import Path

from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_parcel", "Read a parcel by its tracking number.", tracking_number="string"),
    _tool("take_photo", "Attach a photo to a parcel.", tracking_number="string"),
    _tool("open_claim", "Open a damage claim for a parcel.", tracking_number="string"),
    _tool("book_pickup", "Book a courier pickup.", address="string", date="string"),
]


def _build(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, f"# Parcel desk\n\n{text}\n", TOOLS)


def _orders(built: Built) -> list[tuple[str, str, str | None, str]]:
    return [
        (p.target, str(p.condition.before), p.source.quote, p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    ]


def test_a_question_before_an_instruction_is_its_condition(tmp_path: Path) -> None:
    built = _build(tmp_path, "- Damaged parcel? Always call `take_photo` before `open_claim`.")
    orders = _orders(built)
    assert orders, built.policies
    assert all(enforcement == "review_only" for *_, enforcement in orders)
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("Damaged parcel?" in d.message for d in notes)


def test_the_same_instruction_without_a_question_is_enforced(tmp_path: Path) -> None:
    built = _build(tmp_path, "- Always call `take_photo` before `open_claim`.")
    assert ("open_claim", "take_photo") in {(t, b) for t, b, _, e in _orders(built)}
    assert all(e == "enforce" for *_, e in _orders(built))


def test_a_question_on_the_line_before_conditions_nothing(tmp_path: Path) -> None:
    built = _build(
        tmp_path, "Is the parcel damaged?\n\nAlways call `take_photo` before `open_claim`."
    )
    assert _orders(built)
    assert all(e == "enforce" for *_, e in _orders(built))


def test_reading_back_to_the_user_is_no_tool_call(tmp_path: Path) -> None:
    built = _build(
        tmp_path,
        "Read back the parcel and its tracking number, and wait for the yes before `book_pickup`.",
    )
    assert not [o for o in _orders(built) if o[1] == "get_parcel"], _orders(built)

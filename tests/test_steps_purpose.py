"""A procedure step named by a noun and its purpose ("Step 1. Parcel inspection to determine
which labels to print"): `specgap.extract.procedures` reads the step as both actions, the
means and the purpose, and orders the later steps after the purpose (what they consume)
while claiming no order between the means and the purpose. Sentences written for the test,
in a made-up parcel depot."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.procedures import Step, purpose_action
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

PURPOSES: list[tuple[str, str | None]] = [
    ("Parcel inspection to identify which labels to print", "identify labels to print"),
    ("Identity check to confirm the sender", "confirm sender"),
    ("Depot lookup to find a free shelf", "find free shelf"),
    # no purpose, or one that is no action
    ("Parcel inspection", None),
    ("Weight check (to be safe)", None),
    ("Parcel inspection to be thorough", None),
    ("Print the label to mark the parcel", None),  # a verb title: the grammar reads it whole
]


@pytest.mark.parametrize(("title", "action"), PURPOSES, ids=[t for t, _ in PURPOSES])
def test_purpose_action(title: str, action: str | None) -> None:
    assert purpose_action(title) == action


DEPOT = [
    _tool("inspect_parcel", "Inspect a parcel and list what it needs.", parcel_id="string"),
    _tool("determine_labels_to_print", "Return the labels a parcel still needs.",
          parcel_id="string"),
    _tool("print_label", "Print one shipping label.", parcel_id="string", label="string"),
    _tool("save_depot_summary", "Save a summary of the work on a parcel.", parcel_id="string",
          text="string"),
]  # fmt: skip

PROCEDURE = """# Depot desk

Always follow this exact progression of steps, in order.

Step 1. Parcel inspection to determine which labels to print
Step 2. If there are labels to print, then print them.
Step 3. Save a summary of the work.
"""


def test_the_later_steps_follow_the_purpose(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, PROCEDURE, DEPOT)
    orders = {
        (p.target, str(p.condition.model_dump()["before"]))
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    # the step after needs the purpose; the summary needs it too (step 2 may be skipped), and
    # needs the printing when it happened; nothing orders the inspection and the purpose
    assert ("print_label", "determine_labels_to_print") in orders
    assert ("save_depot_summary", "determine_labels_to_print") in orders
    assert ("determine_labels_to_print", "inspect_parcel") not in orders
    assert all(before != "inspect_parcel" for _, before in orders)


# a phrasal verb's particle before its object is no pronoun object ("look up the parcel")
TITLES: list[tuple[str, list[str]]] = [
    ("Look up the parcel", ["look up parcel"]),
    ("Look it up again", []),  # a pronoun object: the step before's, not its own
    ("Check it out", []),
]


@pytest.mark.parametrize(("title", "actions"), TITLES, ids=[t for t, _ in TITLES])
def test_phrasal_titles(title: str, actions: list[str]) -> None:
    assert Step(1, title).actions() == actions

"""Inline numbered procedures ("follow these steps in order: 1) ..., 2) ..., and 3) ..."):
`specgap.extract.steps_inline` reads a step of several verb phrases into the phrases that
name actions, and a step over a set its thing may lack ("cancel all bookings for the
kennel") as possibly empty, so the step after it requires it only when the set is not empty
and also requires the step before it. Sentences written for the test, in a made-up kennel.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from specgap.extract.steps_inline import empty_condition, needed_steps, step_actions
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KENNEL = [
    _tool("get_kennel", "Look up a kennel with its status and occupancy.", kennel_id="string"),
    _tool("cancel_booking", "Cancel one booking of a kennel.", booking_id="string"),
    _tool("release_keeper", "Release a keeper from a kennel.", kennel_id="string",
          keeper_id="string"),
    _tool("delete_kennel", "Delete a kennel from the system.", kennel_id="string"),
    _tool("update_kennel_notes", "Update the name and notes of a kennel.", kennel_id="string",
          notes="string"),
    _tool("check_vaccination", "Check whether a dog's vaccinations are current.",
          dog_id="string"),
    _tool("admit_dog", "Admit a dog into a kennel.", dog_id="string", kennel_id="string"),
    _tool("get_feeding_plan", "Get the feeding plan of a kennel.", kennel_id="string"),
]  # fmt: skip

ACTIONS: list[tuple[str, list[str]]] = [
    ("Cancel all bookings for the kennel", ["cancel bookings"]),  # the grammar's own reading
    ("Admit the dog", ["admit dog"]),
    # the first phrase names no action: the phrases that do, `its` read as the owner
    ("Prefix 'SHUT' to the kennel's label and update its notes with a reason",
     ["update kennel notes"]),
    ("Stamp 'OLD' on the pen's gate, then archive its card", ["archive pen card"]),
    ("Smile warmly", []),  # no action at all
]  # fmt: skip


@pytest.mark.parametrize(("step", "actions"), ACTIONS, ids=[s for s, _ in ACTIONS])
def test_step_actions(step: str, actions: list[str]) -> None:
    assert step_actions(step) == actions


EMPTY: list[tuple[str, str | None]] = [
    ("Cancel all bookings for the kennel", "only if there are bookings for the kennel"),
    ("Release every keeper assigned to the kennel",
     "only if there is a keeper assigned to the kennel"),
    ("Void each of the invoices linked to it", "only if there are invoices linked to it"),
    ("Remove all perks of the member.", "only if there are perks of the member"),
    # a bare set names the work to do, not a set the thing may lack
    ("Revoke all badges", None),
    ("Remove from all mailing lists", None),
    # no set at all
    ("Delete the kennel itself", None),
    ("Archive the owner's file", None),
]  # fmt: skip


@pytest.mark.parametrize(("step", "condition"), EMPTY, ids=[s for s, _ in EMPTY])
def test_empty_condition(step: str, condition: str | None) -> None:
    assert empty_condition(step) == condition


NEEDED: list[tuple[list[str | None], int, list[tuple[int, str | None]]]] = [
    ([None, None, None], 2, [(1, None)]),  # the plain chain
    ([None, "c1", None], 2, [(1, "c1"), (0, None)]),  # over one possibly empty step
    (["c0", "c1", None], 2, [(1, "c1"), (0, "c0")]),  # back to the first step
    ([None, "c1", "c2", None], 3, [(2, "c2"), (1, "c1"), (0, None)]),
    ([None], 0, []),  # the first step needs nothing
]


@pytest.mark.parametrize(("conditions", "k", "needed"), NEEDED)
def test_needed_steps(
    conditions: list[str | None], k: int, needed: list[tuple[int, str | None]]
) -> None:
    assert needed_steps(conditions, k) == needed


def _orders(tmp_path: Path, text: str) -> tuple[set[tuple[str, str, str]], set[str]]:
    """The orderings built (target, before, enforcement), and the conditions the notes keep."""
    built = build_prompt(tmp_path, f"# Kennel desk\n\n{text}\n", KENNEL)
    kept = {
        m[1]
        for d in built.state.diagnostics
        if d.code == "condition-not-bound"
        and (m := re.search(r"holds only '(.*?)'", d.message)) is not None
    }
    orders = {
        (p.target, str(p.condition.model_dump()["before"]), p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    return orders, kept


Orders = set[tuple[str, str, str]]
BUILT: list[tuple[str, Orders, set[str]]] = [
    # steps over the kennel's own sets: each needed only when not empty, and the last step
    # also needs every step back to the first; all kept for review (within the retirement)
    ("To retire a kennel, follow these steps in order: 1) Cancel all bookings for the kennel, "
     "2) Release every keeper assigned to the kennel, and 3) Delete the kennel itself.",
     {("release_keeper", "cancel_booking", "review_only"),
      ("delete_kennel", "release_keeper", "review_only"),
      ("delete_kennel", "cancel_booking", "review_only")},
     {"within: To retire a kennel; only if there are bookings for the kennel",
      "within: To retire a kennel; only if there is a keeper assigned to the kennel"}),
    # a last step of two phrases, the first of which names no tool
    ("When closing a kennel for repairs, follow these steps in order: 1) Cancel all bookings "
     "of the kennel, 2) Release all keepers of the kennel, and 3) Prefix 'SHUT' to the "
     "kennel's name and update its notes with the reason.",
     {("release_keeper", "cancel_booking", "review_only"),
      ("update_kennel_notes", "release_keeper", "review_only"),
      ("update_kennel_notes", "cancel_booking", "review_only")},
     {"within: When closing a kennel for repairs; only if there are bookings of the kennel",
      "within: When closing a kennel for repairs; only if there are keepers of the kennel"}),
    # no set: the plain chain, nothing between steps that are not consecutive
    ("The intake must follow this fixed order: 1. Check vaccination. 2. Admit the dog. "
     "3. Get the feeding plan.",
     {("admit_dog", "check_vaccination", "review_only"),
      ("get_feeding_plan", "admit_dog", "review_only")},
     {"within: The intake"}),
    # a list that is no procedure (no order announced): nothing
    ("Keepers may: 1) admit a dog, 2) get the feeding plan, 3) delete a kennel.", set(), set()),
    # the same reading in a bulleted procedure (`procedures`)
    ("When retiring a kennel, do the following in this order:\n"
     "- Cancel all bookings for the kennel.\n- Release every keeper assigned to the kennel.\n"
     "- Delete the kennel.",
     {("release_keeper", "cancel_booking", "review_only"),
      ("delete_kennel", "release_keeper", "review_only"),
      ("delete_kennel", "cancel_booking", "review_only")},
     {"only if there are bookings for the kennel",
      "only if there is a keeper assigned to the kennel"}),
    # a step that always calls: needed always; the possibly empty one only when it is not
    ("When retiring a kennel, do the following in this order:\n"
     "- Look up the kennel.\n- Release every keeper assigned to the kennel.\n"
     "- Delete the kennel.",
     {("release_keeper", "get_kennel", "enforce"),
      ("delete_kennel", "release_keeper", "review_only"),
      ("delete_kennel", "get_kennel", "enforce")},
     {"only if there is a keeper assigned to the kennel"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "orders", "kept"), BUILT, ids=[t[:40] for t, _, _ in BUILT])
def test_inline_procedures(tmp_path: Path, text: str, orders: Orders, kept: set[str]) -> None:
    assert _orders(tmp_path, text) == (orders, kept)

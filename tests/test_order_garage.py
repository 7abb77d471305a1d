"""Orderings in a made-up parking garage (issue 11, `require_before`): "only if X has been
V-ed first" (an earlier call; without "first" it may be a state), a gerund whose lemma the
rules miss ("revoking"), "whenever a driver asks ..., V them first", "prior to any permit
being issued". Sentences written for this test; how each order holds as in
`tests/test_order_shapes.py`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _tool
from tests.test_order_shapes import Pairs, _check

GARAGE = [
    _tool("find_driver", "Find a driver by licence plate or e-mail.", plate="string"),
    _tool("get_vehicle", "Read a vehicle with its permits and violations.", plate="string"),
    _tool("get_permit", "Read a parking permit.", permit_id="string"),
    _tool("issue_permit", "Issue a parking permit to a driver.", driver_id="string"),
    _tool("revoke_permit", "Revoke a parking permit.", permit_id="string"),
    _tool("log_violation", "Record a parking violation for a vehicle.", plate="string"),
    _tool("charge_fine", "Charge a fine for a violation.", violation_id="string"),
    _tool("waive_fine", "Waive a fine.", violation_id="string"),
    _tool("tow_vehicle", "Order a tow for a vehicle.", plate="string"),
]

ROWS: list[tuple[str, Pairs, str]] = [
    ("A vehicle may be towed only if a violation has been logged for it first.",
     {("tow_vehicle", "log_violation")}, "enforce"),
    ("Revoking a permit requires reading it first.", {("revoke_permit", "get_permit")},
     "enforce"),
    ("The driver has to be looked up prior to any permit being issued.",
     {("issue_permit", "find_driver")}, "any"),
    ("Whenever a driver asks to revoke a permit, read the permit first.",
     {("revoke_permit", "get_permit")}, "any"),
    ("Issue a permit only after finding the driver and reading their vehicle.",
     {("issue_permit", "find_driver"), ("issue_permit", "get_vehicle")}, "enforce"),
    # a state, not a call: left to the condition grammar
    ("A fine may be waived only if the vehicle has been parked for less than an hour.", set(),
     "any"),
    ("A fine may be charged only if the violation has been logged.", set(), "any"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "want", "how"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_garage_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, GARAGE, sentence, want, how)

"""Entity states in the shapes of `specgap.extract.state4_respell` (a marking verb or `has
been` for the copula, `then` after a condition, a tool's use said as a fact, a read tool
showing several states or a flag, "nothing gets V-ed", a gerund ban), of
`specgap.extract.state4_tables` (a table column of refusal conditions) and of
`specgap.resolve.state4_flags` (a yes/no field named by its own word, a field said as an
entity). Made-up desks (a glider club, a seed vault, a pottery kiln) with ids in several
styles; near-misses that must stay unbound or read nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

GLIDERS = [
    _tool(
        "get_glider",
        "Read a glider: status (airworthy, grounded, in_repair or retired), locked (true or "
        "false) and hours flown.",
        glider_id="string",
    ),
    _tool("book_glider", "Book a glider for a member.", glider_id="string", member_id="string"),
    _tool("retire_glider", "Retire a glider from the fleet.", glider_id="string"),
    _tool(
        "get_flight",
        "Read a flight: state (planned, flown, cancelled or logged) and its glider.",
        flight_id="string",
    ),
    _tool("cancel_flight", "Cancel a planned flight.", flight_id="string"),
    _tool("refund_flight", "Refund the fee of a flight.", flight_id="string", amount="number"),
]
VAULT = [
    _tool(
        "getVault",
        "Get a seed vault: status (open, sealed or retired), frozen (true or false), "
        "export_hold (true or false) and tier.",
        vaultName="string",
    ),
    _tool(
        "removeSample", "Remove a seed sample from a vault.", vaultName="string", sampleId="string"
    ),
    _tool("retireVault", "Retire a vault.", vaultName="string"),
    _tool("shareVault", "Share a vault with a partner bank.", vaultName="string", partner="string"),
    _tool("setTier", "Set a vault's tier.", vaultName="string", tier="string"),
]
KILN = [
    _tool(
        "kiln.slot.Get", "Get a kiln slot: state (free, held, firing or closed).", slotId="string"
    ),
    _tool(
        "kiln.slot.Reserve", "Reserve a kiln slot for a potter.", slotId="string", potterId="string"
    ),
    _tool("kiln.slot.Release", "Release a held kiln slot.", slotId="string"),
]
HANGAR = [
    _tool(
        "getBooking",
        "Read a booking: status (pending, confirmed, towed or closed).",
        bookingRef="string",
    ),
    _tool("cancelHangarBooking", "Cancel a hangar booking.", bookingRef="string"),
]
DESKS = {"gliders": GLIDERS, "vault": VAULT, "kiln": KILN, "hangar": HANGAR}


def _states(tmp_path: Path, desk: str, text: str) -> list[tuple[str, str, dict[str, Any]]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DESKS[desk])
    out = []
    for p in built.policies:
        if p.source.artifact.endswith("prompt.md") and p.operator == "state_condition":
            cond = p.condition.model_dump(exclude_none=True)
            side = "denied" if cond.get("denied") else "allowed"
            said = {"field": cond.get("field"), side: sorted(cond[side])}
            out.append((p.target, p.enforcement, said))
    return sorted(out)


E, R = "enforce", "review_only"
GROUNDED = {"field": "status", "denied": ["grounded"]}
CASES: list[tuple[str, str, list[tuple[str, str, dict[str, Any]]]]] = [
    # a state given by a marking verb, or by `has been`, instead of the copula
    (
        "gliders",
        "A glider can be booked unless it is already marked grounded.",
        [("book_glider", E, GROUNDED)],
    ),
    (
        "gliders",
        "Gliders may be booked unless they are flagged as grounded or in_repair.",
        [("book_glider", E, {"field": "status", "denied": ["grounded", "in_repair"]})],
    ),
    (
        "gliders",
        "A flight can be refunded unless it has already been flown, cancelled or logged.",
        [("refund_flight", E, {"field": "state", "denied": ["cancelled", "flown", "logged"]})],
    ),
    (
        "gliders",
        "Bookings are fine, except that a glider which reads grounded is never booked.",
        [],
    ),
    # a condition, then `then` (and "stop:"); a tool's use said as a fact
    (
        "gliders",
        "If get_glider shows the glider as grounded or retired, then book_glider must "
        "not be called.",
        [("book_glider", E, {"field": "status", "denied": ["grounded", "retired"]})],
    ),
    (
        "gliders",
        "If the glider's status is grounded, then stop: book_glider is not used on it.",
        [("book_glider", E, GROUNDED)],
    ),
    (
        "gliders",
        "book_glider is allowed only when the glider reads airworthy.",
        [("book_glider", E, {"field": "status", "allowed": ["airworthy"]})],
    ),
    (
        "kiln",
        "kiln.slot.Reserve is only permitted if the slot's state is free.",
        [("kiln.slot.Reserve", R, {"field": "state", "allowed": ["free"]})],
    ),
    (
        "gliders",
        "If the glider's status is grounded, retired or in_repair, then stop: "
        "book_glider is not used on it.",
        [("book_glider", E, {"field": "status", "denied": ["grounded", "in_repair", "retired"]})],
    ),
    # a "field" or "entity" that is a word of the call's own name: the state the readers list
    (
        "hangar",
        "No cancelling a towed hangar.",
        [("cancelHangarBooking", R, {"field": "status", "denied": ["towed"]})],
    ),
    (
        "hangar",
        "Never cancel a hangar that is parked.",
        [("cancelHangarBooking", R, {"field": "hangar", "denied": ["parked"]})],
    ),
    # a read tool reporting a flag; "nothing gets V-ed" after its condition
    (
        "gliders",
        "When get_glider reports locked as true, nothing gets booked.",
        [("book_glider", E, {"field": "locked", "denied": ["true"]})],
    ),
    # a ban said with a gerund
    ("gliders", "No retiring a grounded glider.", [("retire_glider", E, GROUNDED)]),
    (
        "gliders",
        "No refunding a logged flight, ever.",
        [("refund_flight", E, {"field": "state", "denied": ["logged"]})],
    ),
    # a yes/no field named by its own word; a field said as an entity
    (
        "vault",
        "Never remove a sample while the vault is frozen.",
        [("removeSample", E, {"field": "frozen", "denied": ["true"]})],
    ),
    (
        "vault",
        "Do not retire a frozen vault.",
        [("retireVault", E, {"field": "frozen", "denied": ["true"]})],
    ),
    (
        "vault",
        "Never call `shareVault` when export_hold is true.",
        [("shareVault", E, {"field": "export_hold", "denied": ["true"]})],
    ),
    (
        "vault",
        "Never call `setTier` when the vault's tier is partner.",
        [("setTier", E, {"field": "tier", "denied": ["partner"]})],
    ),
    # near-misses: a value no flag or listed field spells stays review_only; a gerund that
    # is no act, a permission without a state, a table-less refusal: nothing new
    (
        "vault",
        "Never remove a sample while the vault is damp.",
        [("removeSample", R, {"field": None, "denied": ["damp"]})],
    ),
    ("gliders", "No making a booking for a grounded glider without asking.", []),
    ("gliders", "A glider can be booked by any member.", []),
    ("gliders", "book_glider is used by the duty officer.", []),
]


@pytest.mark.parametrize(("desk", "sentence", "expected"), CASES)
def test_state4_shapes(tmp_path: Path, desk: str, sentence: str, expected: list[Any]) -> None:
    assert _states(tmp_path, desk, sentence) == sorted(expected)


REFUSALS = """\
## Checks before acting

| Action | Read first | Refuse when | Confirm |
|---|---|---|---|
| `retireVault` | `getVault` | `status` is `sealed` | yes |
| `removeSample` | `getVault` | `frozen` is true | no |
| `shareVault` | `getVault` | `export_hold` is true | no |
| `setTier` | `getVault` | never | no |
"""


def test_refusal_column(tmp_path: Path) -> None:
    assert _states(tmp_path, "vault", REFUSALS) == [
        ("removeSample", E, {"field": "frozen", "denied": ["true"]}),
        ("retireVault", E, {"field": "status", "denied": ["sealed"]}),
        ("shareVault", E, {"field": "export_hold", "denied": ["true"]}),
    ]


ONLY_WHEN = """\
| Tool | Allowed only when |
|---|---|
| `kiln.slot.Release` | the slot's state is held |
| `kiln.slot.Reserve` | - |
"""

NO_STATE_COLUMN = """\
| Action | Notes |
|---|---|
| `kiln.slot.Release` | the slot's state is held |
"""


def test_allowed_only_column(tmp_path: Path) -> None:
    assert _states(tmp_path, "kiln", ONLY_WHEN) == [
        ("kiln.slot.Release", E, {"field": "state", "allowed": ["held"]})
    ]
    assert _states(tmp_path, "kiln", NO_STATE_COLUMN) == []

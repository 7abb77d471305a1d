"""Entity states in the shapes of `specgap.extract.state3_respell` and `state3_late`: a
passive limited by `only` / `never`, a tool said to be for entities in a state, a state as a
read tool shows it, an aside on where a field is read, a joined sentence; and, once the tool
is known, the entity its reader is named after, every state of a listed run, a field by its
head noun and as the tools spell it. Made-up desks (a kiln studio, a crate depot, a seed
bank) with ids in several styles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KILN = [
    _tool(
        "getKiln",
        "Read a kiln: status (idle, firing, cooling, broken, under_repair) and whether it is "
        "reserved.",
        kilnId="string",
    ),
    _tool("fireKiln", "Start a firing program on a kiln.", kilnId="string", program="string"),
    _tool("reserveKiln", "Reserve a kiln for a member.", kilnId="string", memberId="string"),
    _tool(
        "get_member",
        "Look up a member: membership_status (active, lapsed, banned) and credit.",
        memberId="string",
    ),
    _tool("issueRefund", "Issue a refund to a member.", memberId="string", amount="number"),
    _tool("cancelClass", "Cancel a class.", classId="string", reason="string"),
]
CRATE = [
    _tool(
        "get_crate",
        "Read one crate: state (open, sealed, loaded, shipped, lost), weight and its dock.",
        manifest_code="string",
    ),
    _tool("cancel_crate", "Cancel a crate and free its dock slot.", manifest_code="string"),
    _tool(
        "relabel_crate", "Print a new label for a crate.", manifest_code="string", label="string"
    ),
    _tool(
        "get_shipper",
        "Look up a shipper: credit_standing (good, watch, blocked).",
        shipper_ref="string",
    ),
    _tool("book_pickup", "Book a pickup for a shipper.", shipper_ref="string", date="string"),
]
SEEDS = [
    _tool(
        "GetLot", "Read a seed lot: viability (viable, weak, dead) and its vault.", lotId="string"
    ),
    _tool("ShipLot", "Ship a seed lot to a partner bank.", lotId="string", partner="string"),
    _tool("seeds.lot.split", "Split a seed lot in two.", lotId="string"),
]
DESKS = {"kiln": KILN, "crate": CRATE, "seeds": SEEDS}


def _states(tmp_path: Path, desk: str, sentence: str) -> list[tuple[str, str, dict[str, Any]]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", DESKS[desk])
    out = []
    for p in built.policies:
        if p.source.artifact.endswith("prompt.md") and p.operator == "state_condition":
            cond = p.condition.model_dump(exclude_none=True)
            side = "denied" if cond.get("denied") else "allowed"
            said = {"field": cond.get("field"), side: sorted(cond[side])}
            out.append((p.target, p.enforcement, said))
    return sorted(out)


E, R = "enforce", "review_only"
CASES: list[tuple[str, str, list[tuple[str, str, dict[str, Any]]]]] = [
    # a passive without a modal, limited by `only` / `never`
    ("kiln", "A kiln is fired only when its status is idle.",
     [("fireKiln", E, {"field": "status", "allowed": ["idle"]})]),
    ("kiln", "Kilns are only reserved if their status is idle.",
     [("reserveKiln", E, {"field": "status", "allowed": ["idle"]})]),
    ("kiln", "New kilns are reserved only when the status is idle; broken kilns go to repair.",
     [("reserveKiln", E, {"field": "status", "allowed": ["idle"]})]),
    ("kiln", "A kiln is never reserved while its status is cooling.",
     [("reserveKiln", E, {"field": "status", "denied": ["cooling"]})]),
    ("seeds", "A lot is shipped only if its viability is viable.",
     [("ShipLot", E, {"field": "viability", "allowed": ["viable"]})]),
    ("crate", "New pickups are booked only when the credit_standing is `good`; shippers on "
     "`watch` or `blocked` are referred to the accounts team.",
     [("book_pickup", R, {"field": "credit_standing", "allowed": ["good"]})]),
    ("kiln", "Firing is possible only in a kiln whose status is idle; a broken kiln is "
     "offered a repair slot instead, and a cooling one cannot be booked either.",
     [("fireKiln", E, {"field": "status", "allowed": ["idle"]})]),
    # a tool said to be for entities in a state
    ("kiln", "issueRefund is for members whose membership status is active.",
     [("issueRefund", E, {"field": "membership_status", "allowed": ["active"]})]),
    ("kiln", "A refund is requested with `issueRefund` only for a member whose membership "
     "status is active.",
     [("issueRefund", E, {"field": "membership_status", "allowed": ["active"]})]),
    ("kiln", "A member asks through issueRefund, which is open only to members whose "
     "membership status is active, and nothing above 50 is ever refunded.",
     [("issueRefund", E, {"field": "membership_status", "allowed": ["active"]})]),
    ("kiln", "A refund comes after cancelClass. issueRefund is for members whose membership "
     "status is active; it is never used for others.",
     [("issueRefund", E, {"field": "membership_status", "allowed": ["active"]})]),
    ("seeds", "ShipLot is meant for lots whose viability is viable or weak.",
     [("ShipLot", E, {"field": "viability", "allowed": ["viable", "weak"]})]),
    # the state as a read tool shows it
    ("kiln", "Where getKiln shows reserved as true, the kiln may not be fired.",
     [("fireKiln", E, {"field": "reserved", "denied": ["true"]})]),
    ("kiln", "Where getKiln shows reserved as true, no firing may be made.",
     [("fireKiln", E, {"field": "reserved", "denied": ["true"]})]),
    ("kiln", "Where getKiln shows status as broken, no reservation can be made.",
     [("reserveKiln", E, {"field": "status", "denied": ["broken"]})]),
    ("crate", "If the shipper shows as blocked, no pickup can be booked.",
     [("book_pickup", E, {"field": "credit_standing", "denied": ["blocked"]})]),
    # an aside on where the field is read; `possible only in`
    ("kiln", "Firing is possible only in a kiln whose status, as returned by getKiln just "
     "before, is idle.",
     [("fireKiln", E, {"field": "status", "allowed": ["idle"]})]),
    # the entity by its reader's name (`get_crate(manifest_code)`), every state of a run
    ("crate", "A crate whose state is sealed, loaded or shipped cannot be cancelled.",
     [("cancel_crate", E, {"field": "state", "denied": ["loaded", "sealed", "shipped"]})]),
    ("crate", "Crates that are already sealed, loaded or shipped cannot be relabelled.",
     [("relabel_crate", E, {"field": "state", "denied": ["loaded", "sealed", "shipped"]})]),
    ("crate", "A crate can be relabelled unless the crate is already loaded, shipped or lost.",
     [("relabel_crate", E, {"field": "state", "denied": ["loaded", "lost", "shipped"]})]),
    ("kiln", "Kilns that are already firing, cooling or broken cannot be reserved.",
     [("reserveKiln", E, {"field": "status", "denied": ["broken", "cooling", "firing"]})]),
    # a field by its head noun, as the tools spell it
    ("crate", "If the credit shows as blocked, no pickup can be booked.",
     [("book_pickup", E, {"field": "credit_standing", "denied": ["blocked"]})]),
    ("crate", "A pickup is booked only for shippers whose credit standing is good.",
     [("book_pickup", E, {"field": "credit_standing", "allowed": ["good"]})]),
    ("kiln", "If the member's membership_status is banned, no refund may be issued.",
     [("issueRefund", E, {"field": "membership_status", "denied": ["banned"]})]),
    # "can be V-ed only for Xs whose F is `S`" (the value had been read as an argument's)
    ("kiln", "Refunds can be issued only for members whose membership status is `active`.",
     [("issueRefund", E, {"field": "membership_status", "allowed": ["active"]})]),
    ("kiln", "Refunds can be issued only for members who asked twice.", []),
    ("seeds", "A lot can be shipped only for lots whose viability is `viable` or `weak`.",
     [("ShipLot", E, {"field": "viability", "allowed": ["viable", "weak"]})]),
    # "nothing is V-ed when ...", a permission after the ban
    ("kiln", "Nothing is fired when the status is broken.",
     [("fireKiln", E, {"field": "status", "denied": ["broken"]})]),
    ("kiln", "Do not refund a member whose membership status is banned; otherwise you may "
     "go ahead.",
     [("issueRefund", R, {"field": "membership_status", "denied": ["banned"]})]),
    ("crate", "Do not book a pickup for a shipper whose credit is blocked.",
     [("book_pickup", E, {"field": "credit_standing", "denied": ["blocked"]})]),
    # state values in backticks (read as tool ids)
    ("kiln", "No reservations while the kiln's status is `under_repair`.",
     [("reserveKiln", E, {"field": "status", "denied": ["under_repair"]})]),
    ("kiln", "Do not fire a kiln whose status is `cooling`, `broken` or `under_repair`.",
     [("fireKiln", E, {"field": "status", "denied": ["broken", "cooling", "under_repair"]})]),
    # what must not compile to a state test
    ("kiln", "A kiln is fired only by trained staff.", []),
    ("kiln", "issueRefund is for refunds of a class fee.", []),
    ("kiln", "The kiln is cleaned only when the firing is done.", []),
    ("crate", "Crates that are sealed cannot be relabelled; open, loaded or shipped ones can.",
     [("relabel_crate", E, {"field": "state", "denied": ["sealed"]})]),
]  # fmt: skip


@pytest.mark.parametrize(("desk", "sentence", "expected"), CASES)
def test_state_shapes(
    tmp_path: Path, desk: str, sentence: str, expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    assert _states(tmp_path, desk, sentence) == sorted(expected)

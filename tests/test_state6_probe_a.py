"""Probe set A for `state_condition` said as a state of the entity the call acts on, sixth
pass: adjectives, participles and noun modifiers ("overdue customers", "withdrawn
applications"), "for X only", "X: no Ys", table rows and runbook stops, written before the
extractor was changed. Made-up desks: a pet kennel (snake_case), a print shop (camelCase),
a permit office (dotted PascalCase), a laundry (`server__tool`), a board-game library
(kebab-case).

Each case is (desk, text, expected). `expected` is the one `state_condition` a careful
reader writes (target, field, `allowed`/`denied`, values as the tools list them), enforced;
`Review(target)` when the state is one no tool lists (the faithful answer is a reviewed rule
on that tool, nothing enforced); None for a look-alike that must give no enforced state
policy. `docs/states-six.md` has the figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KENNEL = [
    _tool(
        "get_booking",
        "Read a kennel booking: status (reserved, checked_in, checked_out or cancelled) and "
        "deposit_paid (true or false).",
        booking_id="string",
    ),
    _tool(
        "get_pet",
        "Read a pet: health (healthy, sick or contagious) and vaccinated (true or false).",
        pet_id="string",
    ),
    _tool("get_owner", "Read a pet owner: standing (good, overdue or blocked).",
          owner_id="string"),
    _tool("book_stay", "Book a stay for a pet.", owner_id="string", pet_id="string",
          nights="integer"),
    _tool("extend_stay", "Extend a stay by some nights.", booking_id="string", nights="integer"),
    _tool("cancel_booking", "Cancel a kennel booking.", booking_id="string"),
    _tool("refund_deposit", "Refund the deposit of a booking.", booking_id="string",
          amount="number"),
    _tool("groom_pet", "Book a grooming session for a pet.", pet_id="string"),
]  # fmt: skip
PRINT = [
    _tool(
        "getJob",
        "Get a print job: state (draft, queued, printing, printed, shipped or cancelled).",
        jobId="string",
    ),
    _tool("editJob", "Edit the files or options of a print job.", jobId="string",
          options="string"),
    _tool("cancelJob", "Cancel a print job.", jobId="string"),
    _tool("reprintJob", "Print a job again.", jobId="string"),
    _tool("shipJob", "Ship a print job to the customer.", jobId="string"),
    _tool("getCustomer", "Get a customer account: status (active, overdue or closed).",
          customerId="string"),
    _tool("placeOrder", "Place a new print order for a customer.", customerId="string",
          files="string"),
]  # fmt: skip
PERMITS = [
    _tool(
        "permits.application.Get",
        "Get a permit application: status (DRAFT, SUBMITTED, UNDER_REVIEW, APPROVED, REJECTED "
        "or WITHDRAWN).",
        applicationId="string",
    ),
    _tool("permits.application.Amend", "Amend a permit application.", applicationId="string",
          changes="string"),
    _tool("permits.application.Withdraw", "Withdraw a permit application.",
          applicationId="string"),
    _tool("permits.application.Approve", "Approve a permit application.",
          applicationId="string"),
    _tool("permits.application.Appeal", "File an appeal on a permit application.",
          applicationId="string", grounds="string"),
    _tool("permits.inspection.Schedule", "Schedule a site inspection for an application.",
          applicationId="string", date="string"),
]  # fmt: skip
LAUNDRY = [
    _tool(
        "wash__get_order",
        "Read a laundry order: stage (received, washing, ready or delivered) and express "
        "(true or false).",
        order_id="string",
    ),
    _tool("wash__add_item", "Add an item to a laundry order.", order_id="string",
          item="string"),
    _tool("wash__cancel_order", "Cancel a laundry order.", order_id="string"),
    _tool("wash__deliver_order", "Deliver a laundry order to the customer.", order_id="string"),
    _tool("wash__refund_order", "Refund a laundry order.", order_id="string", amount="number"),
]  # fmt: skip
GAMES = [
    _tool("get-game", "Read a board game: condition (complete, missing_pieces or damaged).",
          game_id="string"),
    _tool("get-member", "Read a library member: standing (good, probation or banned).",
          member_id="string"),
    _tool("lend-game", "Lend a board game to a member.", game_id="string", member_id="string"),
    _tool("repair-game", "Send a board game for repair.", game_id="string"),
]  # fmt: skip
DESKS = {"kennel": KENNEL, "print": PRINT, "permits": PERMITS, "laundry": LAUNDRY,
         "games": GAMES}  # fmt: skip


class Review(NamedTuple):
    """A state no tool lists: a reviewed rule on `target`, nothing enforced."""

    target: str


Expected = tuple[str, str, str, list[str]] | Review | None  # target, field, side, values


def state_policies(
    tmp_path: Path, desks: dict[str, Any], desk: str, text: str
) -> list[tuple[str, str, Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", desks[desk])
    out = []
    for p in built.policies:
        if not p.source.artifact.endswith("prompt.md"):
            continue
        cond = p.condition.model_dump(exclude_none=True) if p.condition is not None else {}
        if p.operator == "state_condition":
            side = "denied" if cond.get("denied") else "allowed"
            said = (cond.get("field"), side, sorted(str(v) for v in cond.get(side) or []))
            out.append((p.target, p.enforcement, said))
        else:
            out.append((p.target, p.enforcement, p.operator))
    return out


def verdict(found: list[tuple[str, str, Any]], expected: Expected) -> str:
    """`exact`; `wrong` (an enforced policy that is not the expected one: another state, an
    unconditional ban, another operator); or `none` (nothing, or only reviewed policies)."""
    enforced = [f for f in found if f[1] == "enforce"]
    if expected is None:
        states = [f for f in enforced if isinstance(f[2], tuple)]
        return "wrong" if states else "exact"
    if isinstance(expected, Review):
        if enforced:
            return "wrong"
        return "exact" if any(f[0] == expected.target for f in found) else "none"
    target, field, side, values = expected
    want = (target, "enforce", (field, side, sorted(values)))
    if enforced == [want]:
        return "exact"
    if any(f != want for f in enforced):
        return "wrong"
    return "none"


A_CASES: list[tuple[str, str, Expected]] = [
    # --- pet kennel, snake_case ---
    ("kennel", "Overdue owners cannot book new stays.",
     ("book_stay", "standing", "denied", ["overdue"])),
    ("kennel", "Do not refund a deposit on a booking that is already checked out.",
     ("refund_deposit", "status", "denied", ["checked_out"])),
    ("kennel", "Extensions are for checked-in bookings only.",
     ("extend_stay", "status", "allowed", ["checked_in"])),
    ("kennel", "Contagious pets: no grooming.",
     ("groom_pet", "health", "denied", ["contagious"])),
    ("kennel", "Sick pets must not be groomed.",
     ("groom_pet", "health", "denied", ["sick"])),
    ("kennel", "| action | allowed when status is |\n|---|---|\n| cancel_booking | reserved |",
     ("cancel_booking", "status", "allowed", ["reserved"])),
    ("kennel", "If the booking is cancelled, stop; do not extend it.",
     ("extend_stay", "status", "denied", ["cancelled"])),
    ("kennel", "Only vaccinated pets may be booked.",
     ("book_stay", "vaccinated", "allowed", ["true"])),
    ("kennel", "Blocked owners may not book stays.",
     ("book_stay", "standing", "denied", ["blocked"])),
    ("kennel", "Never cancel a checked-in booking.",
     ("cancel_booking", "status", "denied", ["checked_in"])),
    ("kennel", "The Kennel shall refund deposits only on reserved bookings.",
     ("refund_deposit", "status", "allowed", ["reserved"])),
    ("kennel", "- `extend_stay`: only works on checked-in bookings.",
     ("extend_stay", "status", "allowed", ["checked_in"])),
    # --- print shop, camelCase ---
    ("print", "`editJob` - only works on drafts.",
     ("editJob", "state", "allowed", ["draft"])),
    ("print", "Printed jobs cannot be edited.",
     ("editJob", "state", "denied", ["printed"])),
    ("print", "Reprints are for shipped jobs only.",
     ("reprintJob", "state", "allowed", ["shipped"])),
    ("print", "Overdue customers cannot place orders.",
     ("placeOrder", "status", "denied", ["overdue"])),
    ("print", "Do not cancel a job that is already printing.",
     ("cancelJob", "state", "denied", ["printing"])),
    ("print", "Closed accounts: no new orders.",
     ("placeOrder", "status", "denied", ["closed"])),
    ("print", "Ship a job only once it is printed.",
     ("shipJob", "state", "allowed", ["printed"])),
    ("print", "If a job is cancelled, do not reprint it.",
     ("reprintJob", "state", "denied", ["cancelled"])),
    ("print", "cancelJob: queued jobs only.",
     ("cancelJob", "state", "allowed", ["queued"])),
    ("print", "- never edit a shipped job",
     ("editJob", "state", "denied", ["shipped"])),
    # --- permit office, dotted PascalCase ---
    ("permits", "Withdrawn applications cannot be amended.",
     ("permits.application.Amend", "status", "denied", ["WITHDRAWN"])),
    ("permits", "Approve an application only while it is under review.",
     ("permits.application.Approve", "status", "allowed", ["UNDER_REVIEW"])),
    ("permits", "Appeals are for rejected applications only.",
     ("permits.application.Appeal", "status", "allowed", ["REJECTED"])),
    ("permits", "Do not withdraw an application that is already approved.",
     ("permits.application.Withdraw", "status", "denied", ["APPROVED"])),
    ("permits", "| action | allowed when status is |\n|---|---|\n"
     "| permits.application.Amend | DRAFT |",
     ("permits.application.Amend", "status", "allowed", ["DRAFT"])),
    ("permits", "Inspections may be scheduled only for approved applications.",
     ("permits.inspection.Schedule", "status", "allowed", ["APPROVED"])),
    ("permits", "Submitted applications may not be amended.",
     ("permits.application.Amend", "status", "denied", ["SUBMITTED"])),
    ("permits", "No application that has been rejected shall be approved.",
     ("permits.application.Approve", "status", "denied", ["REJECTED"])),
    ("permits", "Step 3: if the application is WITHDRAWN, stop. Do not schedule an inspection.",
     ("permits.inspection.Schedule", "status", "denied", ["WITHDRAWN"])),
    # --- laundry, server__tool ---
    ("laundry", "Delivered orders: no refunds.",
     ("wash__refund_order", "stage", "denied", ["delivered"])),
    ("laundry", "Add items only while the order is still received.",
     ("wash__add_item", "stage", "allowed", ["received"])),
    ("laundry", "Never cancel an order once it is washing.",
     ("wash__cancel_order", "stage", "denied", ["washing"])),
    ("laundry", "Deliver ready orders only.",
     ("wash__deliver_order", "stage", "allowed", ["ready"])),
    ("laundry", "wash__deliver_order is refused unless the order is ready.",
     ("wash__deliver_order", "stage", "allowed", ["ready"])),
    ("laundry", "Express orders cannot be cancelled.",
     ("wash__cancel_order", "express", "denied", ["true"])),
    ("laundry", "FAQ - Can I refund an order that is being washed? No.",
     ("wash__refund_order", "stage", "denied", ["washing"])),
    # --- board-game library, kebab-case ---
    ("games", "Damaged games are not lent.",
     ("lend-game", "condition", "denied", ["damaged"])),
    ("games", "Members on probation: no loans.",
     ("lend-game", "standing", "denied", ["probation"])),
    ("games", "Repair a game only when it has missing pieces.",
     ("repair-game", "condition", "allowed", ["missing_pieces"])),
    ("games", "Do not lend games to banned members.",
     ("lend-game", "standing", "denied", ["banned"])),
    ("games", "Banned members may not borrow games.",
     ("lend-game", "standing", "denied", ["banned"])),
    # --- a state no tool lists: reviewed, never an unconditional ban ---
    ("kennel", "Do not groom pets that are asleep.", Review("groom_pet")),
    ("print", "Smudged jobs cannot be shipped.", Review("shipJob")),
    ("laundry", "Do not cancel orders that are already folded.", Review("wash__cancel_order")),
    # --- look-alikes: no enforced state policy ---
    ("kennel", "get_booking returns the status of a booking: reserved, checked_in, "
     "checked_out or cancelled.", None),
    ("kennel", "A checked-out booking shows the departure time.", None),
    ("kennel", "Sick pets are seen by the vet on Mondays.", None),
    ("print", "Overdue customers get a reminder email each week.", None),
    ("print", "Printed jobs are stored for thirty days.", None),
    ("print", "Use getJob to see whether a job is still a draft.", None),
    ("permits", "Approved applications are published on the notice board.", None),
    ("laundry", "Delivered orders are archived after a month.", None),
    ("games", "Damaged games are listed in the weekly report.", None),
    ("kennel", "If you are unsure whether a booking is reserved, read it with get_booking "
     "first.", None),
    ("laundry", "Never refund more than 40 dollars on one order.", None),
]  # fmt: skip

# Cases of set A not exact (docs/states-six.md has the figures before and after).
A_XFAIL: set[int] = {2, 7, 12, 17, 24, 39, 42}


def params(cases: list[tuple[str, str, Expected]], xfail: set[int]) -> list[Any]:
    return [
        pytest.param(*case, id=f"{i}", marks=[pytest.mark.xfail(strict=True)] if i in xfail else [])
        for i, case in enumerate(cases)
    ]


@pytest.mark.parametrize(("desk", "text", "expected"), params(A_CASES, A_XFAIL))
def test_probe_a(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found = state_policies(tmp_path, DESKS, desk, text)
    assert verdict(found, expected) == "exact", found


def main() -> None:  # pragma: no cover - a figure for the doc
    import tempfile

    counts: dict[str, int] = {}
    for i, (desk, text, expected) in enumerate(A_CASES):
        with tempfile.TemporaryDirectory() as tmp:
            found = state_policies(Path(tmp), DESKS, desk, text)
        v = verdict(found, expected)
        counts[v] = counts.get(v, 0) + 1
        if v != "exact":
            print(i, v, repr(text[:70]), found)
    print(counts)


if __name__ == "__main__":  # pragma: no cover
    main()

"""Probe set B of the fifteenth session: written after the session's code was done, in new
wording and two new made-up domains (a board-game café in camelCase, a print shop in
snake_case), over the classes the session worked on: orderings whose later action is a bare
verb, "unless" over a call made, "needs a `t` call", a label naming the later action, a tool
id said as a step, values said as the thing acted on, counts said as what a person gets, a
ceiling after its count, a value list in a unit, a state with a trailing "until". Run once
(`python -m tests.test_lead15_probe_b`); the figure is in CHANGELOG.md and the cases that
failed are marked xfail(strict)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, spec, tally
from tests.test_lead15_probe_a import Case, outcome

CAFE = [
    spec("lookupGuest", "Find a café guest by phone number; returns their loyalty status "
         "(regular, gold, blocked).", phone="string"),
    spec("getTable", "Read a table booking: time, party and status (held, seated, closed).",
         tableId="string"),
    spec("reserveTable", "Reserve a table for a guest.", guestId="string", slot="string",
         hours=("integer", "Length of the booking in hours.")),
    spec("cancelTable", "Cancel a table booking.", tableId="string"),
    spec("lendGame", "Lend a board game to a table.", tableId="string",
         game=("string", "catan, azul, wingspan, twister or jenga")),
    spec("compGuest", "Give a guest a free drink or snack.", guestId="string",
         item="string"),
]  # fmt: skip

PRINT = [
    spec("find_client", "Find a print client by account number.", account="string"),
    spec("get_job", "Read a print job: its size, paper and status (queued, printing, done, "
         "collected).", job_id="string"),
    spec("quote_job", "Quote the price of a print job.", pages="integer",
         paper=("string", "matte, gloss, recycled or card")),
    spec("submit_job", "Send a print job to the press.", client_id="string", pages="integer",
         paper=("string", "matte, gloss, recycled or card"),
         copies=("integer", "Number of copies.")),
    spec("reprint_job", "Reprint a finished job.", job_id="string"),
    spec("refund_job", "Refund a print job.", job_id="string", amount="number"),
]  # fmt: skip


def _rb(later: str, step: str) -> tuple[str, str, dict[str, Any]]:
    return ("require_before", later, {"before": step})


CASES: list[Case] = [
    ("B1", CAFE, "Before reserving, look the guest up with lookupGuest.",
     _rb("reserveTable", "lookupGuest")),
    ("B2", PRINT, "Before submitting, get a price with quote_job.", _rb("submit_job", "quote_job")),
    ("B3", CAFE, "Prior to lending, read the table with getTable.", _rb("lendGame", "getTable")),
    ("B4", PRINT, "Before you reprint or refund anything, open the job with get_job.",
     _rb("refund_job", "get_job")),
    ("B5", CAFE, "Always find them with lookupGuest before you comp them.",
     _rb("compGuest", "lookupGuest")),
    ("B6", PRINT, "Jobs are not refunded unless the job has been read with get_job.",
     _rb("refund_job", "get_job")),
    ("B7", CAFE, "Cancelling a table needs a fresh getTable call.",
     _rb("cancelTable", "getTable")),
    ("B8", PRINT, "Reprints: get_job first.", _rb("reprint_job", "get_job")),
    ("B9", CAFE, "getTable first, then lend.", _rb("lendGame", "getTable")),
    ("B10", PRINT, "Only matte, gloss and recycled paper can be used.",
     ("resource_in_allowlist", "submit_job", {"arg": "paper",
                                              "allowed": ["matte", "gloss", "recycled"]})),
    ("B11", CAFE, "We only lend out catan, azul or wingspan.",
     ("resource_in_allowlist", "lendGame", {"arg": "game",
                                            "allowed": ["catan", "azul", "wingspan"]})),
    ("B12", CAFE, "Twister and jenga are never lent.",
     ("deny_action", "lendGame", {"arg": "game", "values": ["twister", "jenga"]})),
    ("B13", PRINT, "Never submit card or gloss.",
     ("deny_action", "submit_job", {"arg": "paper", "values": ["card", "gloss"]})),
    ("B14", PRINT, "No client gets more than two reprints.",
     ("max_calls", "reprint_job", {"max": 2})),
    ("B15", CAFE, "Nobody gets more than one cancellation.",
     ("max_calls", "cancelTable", {"max": 1})),
    ("B16", PRINT, "Refund a job once at most.", ("max_calls", "refund_job", {"max": 1})),
    ("B17", CAFE, "Tables can only be 1, 2 or 3 hours long.",
     ("resource_in_allowlist", "reserveTable", {"arg": "hours", "allowed": ["1", "2", "3"]})),
    ("B18", CAFE,
     "Guests whose status is blocked cannot reserve until the manager unblocks them.",
     ("state_condition", "reserveTable", {"denied": ["blocked"]})),
    ("B19", PRINT, "Before printing, always call find_client.", _rb("submit_job", "find_client")),
    ("B20", PRINT, "If you haven't read the job yet, don't reprint it.",
     _rb("reprint_job", "get_job")),
    # look-alikes: nothing may be enforced
    ("B21", CAFE, "Before closing, stack the chairs.", None),
    ("B22", PRINT, "Gloss and matte are our most popular papers.", None),
    ("B23", CAFE, "Most guests stay 2 or 3 hours.", None),
    ("B24", PRINT, "Unless the client asks, don't mention the loyalty card.", None),
    ("B25", CAFE, "Nobody gets more than a warm welcome here.", None),
]  # fmt: skip

# measured once, at the end of the work: 16 of 20 rules, 5 of 5 look-alikes, 0 wrong (before the
# session: 4 of 20, 1 wrong). B8 and B14 then mended (a tool verb used as a noun, "reprints")
_OPEN = frozenset({"B5", "B19"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_lead15_probe_b(tmp_path: Path, case: Case) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

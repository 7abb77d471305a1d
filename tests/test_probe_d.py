"""Probe set D: rules of every class written by the lead on 2026-12-02 at 09:50 UTC, before
the eleventh session's helpers' work was merged, in two made-up domains (a dog grooming salon
in snake_case, a film scanning lab with dotted ids). Measured on main before the merges and
once after them (`python -m tests.test_probe_d`); the cases that fail at the end are marked
xfail(strict) below, so a later change that mends one says so. The figures are in
CHANGELOG.md. The harness is probe C's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, tally
from tests.test_grammar import _tool
from tests.test_probe_c import _with, outcome

SALON = [
    _tool("find_owner", "Find a dog owner by phone number.", phone="string"),
    _tool("get_dog", "Get a dog's record: breed, weight, coat and vaccination status "
          "(current, expired or unknown).", dog_id="string"),
    _tool("get_appointment", "Get an appointment with its status (requested, booked, "
          "in_progress, done or no_show).", appointment_id="string"),
    _with(_tool("book_appointment", "Book a grooming appointment for a dog.", dog_id="string",
                service="string", groomer="string", start="string",
                duration_minutes="integer"),
          service="The grooming service.", duration_minutes="Length in minutes."),
    _tool("cancel_appointment", "Cancel an appointment.", appointment_id="string",
          reason="string"),
    _with(_tool("apply_discount", "Apply a discount to an appointment.",
                appointment_id="string", percent="number", code="string"),
          percent="Discount in per cent."),
    _tool("text_owner", "Send a text message to a dog owner.", phone="string",
          message="string"),
    _tool("add_note", "Add a note to a dog's record.", dog_id="string", note="string"),
]  # fmt: skip

SCANLAB = [
    _tool("lab.find_client", "Find a client account by e-mail.", email="string"),
    _tool("lab.get_reel", "Get a film reel: gauge, length in feet, condition (good, "
          "brittle, vinegar or mould) and its job.", reel_id="string"),
    _with(_tool("lab.create_job", "Open a scanning job for reels.", client_id="string",
                reel_ids="array", resolution="string", rush="boolean"),
          resolution="Scan resolution."),
    _tool("lab.get_job", "Get a scanning job with its state (open, scanning, qc, "
          "delivered or cancelled).", job_id="string"),
    _with(_tool("lab.quote_job", "Quote a price for a job.", job_id="string",
                price="number", currency="string"),
          price="Quoted price."),
    _tool("lab.deliver_files", "Deliver a job's files to a storage bucket.", job_id="string",
          bucket="string"),
    _tool("lab.cancel_job", "Cancel a scanning job.", job_id="string", reason="string"),
    _tool("lab.email_client", "Send an e-mail to a client.", client_id="string",
          subject="string", body="string"),
]  # fmt: skip

# (id, tools, prompt text, expected (operator, target, params) or None: no policy of any
# operator may be enforced from the text)
CASES: list[tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]] = [
    ("allow-only", SALON, "Services offered: bath, trim, full_groom. Nothing else is booked.",
     ("resource_in_allowlist", "book_appointment", {"arg": "service",
                                                    "allowed": ["bath", "trim", "full_groom"]})),
    ("allow-bucket", SCANLAB, "Files are delivered only to the buckets client-drop and "
     "archive-cold.",
     ("resource_in_allowlist", "lab.deliver_files", {"arg": "bucket",
                                                     "allowed": ["client-drop", "archive-cold"]})),
    ("allow-table", SCANLAB, "| Setting | Permitted values |\n|---|---|\n| resolution | 2K, "
     "4K |",
     ("resource_in_allowlist", "lab.create_job", {"arg": "resolution", "allowed": ["2K", "4K"]})),
    ("allow-groomer", SALON, "Appointments may be given to Ana or Bo; no other groomer "
     "takes bookings this month.",
     ("resource_in_allowlist", "book_appointment", {"arg": "groomer", "allowed": ["Ana", "Bo"]})),
    ("ground-phone", SALON, "Text an owner only at the phone number find_owner gave you.",
     ("arg_grounded", "text_owner", {"arg": "phone", "from_tools": ["find_owner"]})),
    ("ground-never-guess", SCANLAB, "Never guess a reel id: every reel id you put in a job "
     "comes from lab.get_reel.",
     ("arg_grounded", "lab.create_job", {"arg": "reel_ids", "from_tools": ["lab.get_reel"]})),
    ("ground-user-code", SALON, "Discount codes must be typed by the owner; do not fill one "
     "in yourself.",
     ("arg_grounded", "apply_discount", {"arg": "code", "from_user": True})),
    ("bound-percent", SALON, "Discounts never go above 20 %.",
     ("arg_within_bound", "apply_discount", {"arg": "percent", "max": 20})),
    ("bound-duration", SALON, "A grooming slot lasts at least 30 and at most 240 minutes.",
     ("arg_within_bound", "book_appointment", {"arg": "duration_minutes", "min": 30,
                                               "max": 240})),
    ("bound-quote", SCANLAB, "Quotes: no more than 5000 dollars without a manager.",
     ("review_required", "lab.quote_job", {})),
    ("bound-faq", SCANLAB, "Q: What is the most we quote for one job?\nA: 3,000 dollars.",
     ("arg_within_bound", "lab.quote_job", {"arg": "price", "max": 3000})),
    ("count-reels", SCANLAB, "Put no more than twelve reels in one job.",
     ("arg_count_bound", "lab.create_job", {"arg": "reel_ids", "max": 12})),
    ("state-vaccine", SALON, "Dogs whose vaccination status is expired are not booked.",
     ("state_condition", "book_appointment", {"denied": ["expired"]})),
    ("state-cancel", SALON, "An appointment that is already in progress can't be cancelled.",
     ("state_condition", "cancel_appointment", {"denied": ["in_progress"]})),
    ("state-deliver", SCANLAB, "Deliver files for jobs in qc only.",
     ("state_condition", "lab.deliver_files", {"allowed": ["qc"]})),
    ("state-brittle", SCANLAB, "Brittle reels: never put them in a rush job.",
     ("state_condition", "lab.create_job", {"denied": ["brittle"]})),
    ("order-dog", SALON, "Pull up the dog's record before booking it in.",
     ("require_before", "book_appointment", {"before": "get_dog"})),
    ("order-quote", SCANLAB, "lab.quote_job comes after lab.get_job, never before.",
     ("require_before", "lab.quote_job", {"before": "lab.get_job"})),
    ("confirm-cancel", SCANLAB, "Cancelling a job needs the client's explicit yes.",
     ("require_confirmation", "lab.cancel_job", {})),
    ("flow-notes", SALON, "What get_dog returns about a dog's health must never go into a "
     "text to the owner.",
     ("flow_denied", "text_owner", {"sources": ["get_dog"]})),
    ("review-refund", SALON, "Cancelling a done appointment needs the salon manager's "
     "approval.",
     ("review_required", "cancel_appointment", {})),
    ("calls-texts", SALON, "Send at most two texts per owner per day.",
     ("max_calls", "text_owner", {"max": 2})),
    ("none-fact", SALON, "Most dogs take about an hour for a full groom.", None),
    ("none-example", SCANLAB, "For example, a 400-foot reel of 16mm takes about 20 minutes "
     "to scan.", None),
    ("none-open", SALON, "We groom terriers, poodles, spaniels and more.", None),
    ("none-capacity", SCANLAB, "The lab can hold up to 900 reels in its vault.", None),
    ("none-thanks", SCANLAB, "Thank clients for their patience when a job is in qc.", None),
]  # fmt: skip

# the cases that do not give their policy. Before the session's merges (main at 87a5c6d):
# 9 of the 22 rules exact, 1 wrong enforced policy (none-capacity: "can hold up to 900 reels"
# read as an item count; mended in the same commit as this file), 4 of 5 look-alikes clean.
# After the merges of hstate6, perf6, hwithin6, hallow and hground6 (measured once): 12 of
# 22 exact (allow-bucket, bound-duration, state-vaccine added), 0 wrong, 5 of 5 clean
_OPEN = frozenset(
    {"allow-only", "allow-groomer", "ground-phone", "ground-never-guess", "ground-user-code",
     "bound-quote", "bound-faq", "state-deliver", "state-brittle", "order-dog"}
)  # fmt: skip


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_probe_d(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

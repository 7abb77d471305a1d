"""Probe set C: rules of every class written by the lead on 2026-12-02, before this
session's extraction work, in two made-up domains (a balloon flight desk in snake_case, a
community radio desk in camelCase). Measured once before the work and once after it
(`python -m tests.test_probe_c`); the cases that failed at the end are marked xfail(strict)
below, so a later change that mends one says so. The figures are in CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import fits, marked, tally
from tests.test_grammar import _tool


def _with(spec: dict[str, Any], **described: str) -> dict[str, Any]:
    props = spec["function"]["parameters"]["properties"]
    for name, text in described.items():
        props[name]["description"] = text
    return spec


BALLOON = [
    _tool("find_passenger", "Find a passenger by e-mail.", email="string"),
    _tool("get_flight", "Get a flight with its status (scheduled, boarding, airborne, landed or "
          "cancelled), its pilot and the basket load.", flight_id="string"),
    _tool("get_weather_briefing", "Get the wind and weather briefing for a launch site.",
          site="string"),
    _tool("book_seats", "Book seats on a flight for passengers.", flight_id="string",
          passenger_ids="array", voucher_code="string"),
    _tool("cancel_flight", "Cancel a flight.", flight_id="string", reason="string"),
    _with(_tool("refund_passenger", "Refund a passenger.", passenger_id="string",
                amount="number", reason="string"), amount="Amount in USD."),
    _tool("send_flight_notice", "Send a notice about a flight to passengers.",
          flight_id="string", recipients="array", message="string"),
    _tool("record_landing", "Record where and when a flight landed.", flight_id="string",
          landing_site="string", notes="string"),
]  # fmt: skip

RADIO = [
    _tool("lookupHost", "Find a show host by name.", hostName="string"),
    _tool("getShow", "Get a show with its status (draft, approved, on_air or archived).",
          showId="string"),
    _with(_tool("scheduleShow", "Put a show in a broadcast slot.", showId="string",
                slotStart="string", durationMinutes="integer"),
          durationMinutes="Length of the slot in minutes."),
    _tool("addTracks", "Add tracks to a show's playlist.", showId="string", trackIds="array"),
    _tool("pullTrack", "Pull a track from rotation.", trackId="string", reason="string"),
    _tool("postAnnouncement", "Post an announcement to the station's channels.", text="string",
          channels="array"),
    _tool("getLicenceReport", "Get the licence report of a track.", trackId="string"),
]  # fmt: skip

# (id, tools, prompt text, expected (operator, target, params) or None: no policy of any
# operator may be enforced from the text)
CASES: list[tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]] = [
    ("count-carries", BALLOON, "A single booking carries at most 4 passengers.",
     ("arg_count_bound", "book_seats", {"arg": "passenger_ids", "max": 4})),
    ("count-label", RADIO, "Playlists: 40 tracks max per show.",
     ("arg_count_bound", "addTracks", {"arg": "trackIds", "max": 40})),
    ("count-imperative", RADIO, "Post each announcement to no more than three channels.",
     ("arg_count_bound", "postAnnouncement", {"arg": "channels", "max": 3})),
    ("flow-returns", BALLOON,
     "Nothing that get_weather_briefing returns may be pasted into send_flight_notice.",
     ("flow_denied", "send_flight_notice", {"sources": ["get_weather_briefing"]})),
    ("flow-report", RADIO, "Never quote a licence report in a public announcement.",
     ("flow_denied", "postAnnouncement", {"sources": ["getLicenceReport"]})),
    ("review-over", BALLOON, "Refunds above $300 need sign-off from the duty manager.",
     ("review_required", "refund_passenger", {})),
    ("review-always", RADIO, "Pulling a track always needs a second person to approve it.",
     ("review_required", "pullTrack", {})),
    ("bound-label", BALLOON, "Refund ceiling: $250 per passenger.",
     ("arg_within_bound", "refund_passenger", {"arg": "amount", "max": 250})),
    ("bound-range", RADIO, "Shows run between 15 and 180 minutes.",
     ("arg_within_bound", "scheduleShow", {"arg": "durationMinutes", "min": 15, "max": 180})),
    ("bound-table", BALLOON, "| what | limit |\n|---|---|\n| refund | up to $250 |",
     ("arg_within_bound", "refund_passenger", {"arg": "amount", "max": 250})),
    ("ground-returned", BALLOON,
     "The flight id you pass to book_seats must be one that get_flight returned.",
     ("arg_grounded", "book_seats", {"arg": "flight_id", "from_tools": ["get_flight"]})),
    ("ground-user", RADIO, "Track ids for addTracks come only from the user.",
     ("arg_grounded", "addTracks", {"arg": "trackIds", "from_user": True})),
    ("state-denied", BALLOON, "A flight that is already airborne cannot be cancelled.",
     ("state_condition", "cancel_flight", {"denied": ["airborne"]})),
    ("state-only", RADIO, "Only approved shows may be scheduled.",
     ("state_condition", "scheduleShow", {"allowed": ["approved"]})),
    ("state-dont", RADIO, "Don't add tracks to an archived show.",
     ("state_condition", "addTracks", {"denied": ["archived"]})),
    ("order-before", BALLOON, "Check the weather briefing before you book any seats.",
     ("require_before", "book_seats", {"before": "get_weather_briefing"})),
    ("order-without", BALLOON, "No landing is recorded without first fetching the flight.",
     ("require_before", "record_landing", {"before": "get_flight"})),
    ("order-label", RADIO, "scheduleShow: call getShow first.",
     ("require_before", "scheduleShow", {"before": "getShow"})),
    ("confirm", BALLOON, "Ask the passenger to confirm before any refund.",
     ("require_confirmation", "refund_passenger", {})),
    ("none-fact", BALLOON, "get_flight returns the basket load in kilograms.", None),
    ("none-chat", BALLOON, "Passengers often ask about the weather; be friendly.", None),
    ("none-capacity", RADIO, "The station plays up to 400 tracks a day.", None),
    ("none-example", RADIO, "Example: addTracks(showId='S1', trackIds=['T1', 'T2'])", None),
]  # fmt: skip


def outcome(folder: Path, case: tuple[Any, ...]) -> str:
    """`exact`: a policy with the expected operator, target and parameters; `wrong`: an
    enforced policy that is not it (or any enforced one on a look-alike); `none`: neither."""
    _id, tools, text, expected = case
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    if expected is None:
        return "wrong" if any(p.enforcement == "enforce" for p in mine) else "exact"
    if any(fits(p, *expected) for p in mine):
        return "exact"
    return "wrong" if any(p.enforcement == "enforce" for p in mine) else "none"


# the cases that do not give their policy (before the session's work: 10 of the 19 rules
# exact, 1 wrong enforced policy, the 4 look-alikes clean; after it: 14 of 19, none wrong;
# session 11, docs/bounds-six.md: 15 of 19, the range's one fitting time argument; session
# 27: 16 of 19, "No landing is recorded without ..." read as its modal form, `present27`)
_OPEN = frozenset({"flow-report", "bound-label", "order-label"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_probe_c(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)

"""Closed lists of an argument's values in more shapes (issue 11, `resource_in_allowlist`):
labels whose items are several words, setting lines ("room_type: single | double"), a label
with who offers the values, "only use A or B as the X", two-word noun phrases after "only
the ... may be offered", and bare words after "must be" on an argument the sentence names
by its own name (three or more, or spelled as codes). Two made-up domains (a hotel desk, a
parcel desk); every sentence is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.labelled_values import labelled_list
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "hotel": [
        _tool("reserve_room", "Reserve a hotel room.", guest_id="string",
              room_type=("string", "Kind of room."), rate_plan=("string", "Price plan."),
              seating_area=("string", "Where breakfast is served.")),
        _tool("send_confirmation", "Send the booking confirmation.", reservation_id="string",
              channel=("string", "How it is delivered."),
              language=("string", "Language of the message.")),
        _tool("get_reservation", "Fetch a reservation.", reservation_id="string"),
    ],
    "parcels": [
        _tool("create_shipment", "Create a shipment.", order_id="string",
              carrier=("string", "Shipping carrier."),
              region_code=("string", "Destination region."),
              reason=("string", "Why it is shipped.")),
    ],
}  # fmt: skip


def _allow(tool: str, arg: str, *values: str) -> Row:
    return (tool, "resource_in_allowlist", arg, "enforce", {"allowed": sorted(values)})


ROWS: list[tuple[str, str, list[Row]]] = [
    # labels whose items are several words
    ("hotel", "Seating areas allowed: terrace, main room, bar.",
     [_allow("reserve_room", "seating_area", "bar", "main room", "terrace")]),
    ("hotel", "Allowed seating areas: terrace, main room or bar.",
     [_allow("reserve_room", "seating_area", "bar", "main room", "terrace")]),
    # setting lines
    ("hotel", "room_type: single | double | suite",
     [_allow("reserve_room", "room_type", "double", "single", "suite")]),
    ("hotel", "channel in {sms, email}", [_allow("send_confirmation", "channel", "email", "sms")]),
    # a label with who offers the values
    ("hotel", "Room types we sell: single, double, suite.",
     [_allow("reserve_room", "room_type", "double", "single", "suite")]),
    # "only use A or B as the X", "only the A and B <two words> may be offered"
    ("hotel", "Only use sms or email as the channel.",
     [_allow("send_confirmation", "channel", "email", "sms")]),
    ("hotel", "Only the flexible and member rate plans may be offered.",
     [_allow("reserve_room", "rate_plan", "flexible", "member")]),
    # bare words after "must be" on an argument named by its name: three, or codes
    ("parcels", "Carriers must be UPS, FedEx or DHL.",
     [_allow("create_shipment", "carrier", "DHL", "FedEx", "UPS")]),
    ("parcels", "The region code must be one of US, CA, MX.",
     [_allow("create_shipment", "region_code", "CA", "MX", "US")]),
    ("hotel", "The language must be en, fr or de.",
     [_allow("send_confirmation", "language", "de", "en", "fr")]),
    # a qualified label before "are", items of several words; an argument's name as label
    ("hotel", "Accepted seating areas are terrace, main room and bar.",
     [_allow("reserve_room", "seating_area", "bar", "main room", "terrace")]),
    ("hotel", "room_type: single, double, suite",
     [_allow("reserve_room", "room_type", "double", "single", "suite")]),
    # "the only supported X are", "we support A and B as X", "must use one of the following"
    ("parcels", "The only supported carriers are UPS, FedEx and DHL.",
     [_allow("create_shipment", "carrier", "DHL", "FedEx", "UPS")]),
    ("parcels", "We support UPS and DHL as carriers.",
     [_allow("create_shipment", "carrier", "DHL", "UPS")]),
    ("parcels", "Shipments must use one of the following carriers: UPS, DHL.",
     [_allow("create_shipment", "carrier", "DHL", "UPS")]),
    # codes after an entity's plural are the codes its `_code` argument takes
    ("parcels", "Shipments can only be created for regions US, CA or MX.",
     [_allow("create_shipment", "region_code", "CA", "MX", "US")]),
    # "sent by/through A or B": the one argument that names the way (`channel`)
    ("hotel", "Confirmations can only be sent through sms or email.",
     [_allow("send_confirmation", "channel", "email", "sms")]),
    ("hotel", "Confirmations are only sent by sms or email.",
     [_allow("send_confirmation", "channel", "email", "sms")]),
    # negative: "in" names no way; a label in plain words may describe, not restrict
    ("hotel", "Confirmations are only sent in en, fr or de.", []),
    ("hotel", "Room types: single, double or suite.", []),
    # negative: two plain words may be an instruction's adjectives; states are no values;
    # an open list; a sentence in the label's place; an argument no tool has
    ("parcels", "The reason must be short or clear.", []),
    ("parcels", "The carrier must be booked or confirmed.", []),
    ("hotel", "Seating areas allowed: such as terrace, bar.", []),
    ("hotel", "status: open | closed", []),
    ("hotel", "Notes allowed: you may add any, or none.", []),
    ("hotel", "Only use UPS, FedEx or DHL as the carrier.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), ROWS)
def test_the_only_values_in_more_shapes(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])
    rows = [r for r in policy_rows(built) if r[1] == "resource_in_allowlist"]
    assert [(*r[:4], {k: sorted(v) for k, v in r[4].items()}) for r in rows] == expected


LISTS: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("Pickup points allowed: front desk, side gate.",
     ("Pickup points", ("front desk", "side gate"))),
    ("`zone` = north | south", ("zone", ("north", "south"))),
    ("Regions we ship to: north, south or east.", ("Regions", ("north", "south", "east"))),
    ("Allowed values: typical ones, like a, b.", ("", ())),
    ("Tools allowed: search, book.", ("", ())),
    ("zone: north", ("", ())),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), LISTS)
def test_the_lists_read(text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    assert labelled_list(text) == expected

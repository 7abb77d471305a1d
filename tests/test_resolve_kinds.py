"""Tool mentions that need a little general English: an object named by a narrower word
than the tool's (`specgap.resolve.kinds`), a verb only one tool offers
(`Resolver._by_sole_verb`), relating verbs ("assign" / "add ... to"), and a hyphenated
participle that modifies the head noun. Made-up domains; every sentence written here."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.registry import Registry, Tool, build_registry
from specgap.resolve.actions import head_noun
from specgap.resolve.kinds import KINDS, broader, stated_kinds
from specgap.resolve.resolver import Resolver
from specgap.resolve.text import stem
from specgap.resolve.verbs import parse_action


def _args(**spec: Any) -> dict[str, Any]:
    props = {
        name: ({"type": "string", "enum": list(value)} if isinstance(value, tuple) else value)
        for name, value in spec.items()
    }
    return {"type": "object", "properties": props}


def _registry(*tools: tuple[str, str] | tuple[str, str, dict[str, Any]]) -> Registry:
    made = [
        Tool(id=t[0], description=t[1], schema=t[2] if len(t) > 2 else _args(item_id={}))  # type: ignore[misc]
        for t in tools
    ]
    registry, problems = build_registry(made)
    assert not problems
    return registry


# a school's IT office: laptops and lockers lent to pupils
SCHOOL = _registry(
    ("assign_device", "Lend a device to a pupil for the term."),
    ("assign_locker", "Give a pupil a locker in the main hall."),
    ("list_pupils", "List the pupils of a class."),
    (
        "set_pupil_login",
        "Set the state of a pupil's school login.",
        _args(pupil_id={}, state=("active", "disabled")),
    ),
)
# a courier's depot
COURIER = _registry(
    ("ship_package", "Ship a package to a delivery address."),
    ("track_shipment", "Track where a shipment is now."),
    ("cancel_pickup", "Cancel a pickup booked at a sender's door."),
    ("unlink_trailer", "Detach a trailer from its truck."),
    ("link_trailer", "Attach a trailer to a truck."),
)
# a hospital ward's rota
WARD = _registry(
    ("add_nurse_to_roster", "Add a nurse to the ward roster for a shift."),
    ("set_shift_times", "Change the start and end of a shift."),
    ("suspend_badge", "Suspend a staff badge at the doors."),
    ("suspend_prescribing", "Suspend a doctor's right to prescribe."),
    ("get_patient", "Get a patient's chart."),
)
# a gym: members' states are listed values, in capitals
GYM = _registry(
    (
        "set_member_state",
        "Set a member's state.",
        _args(member_id={}, state=("ACTIVE", "INACTIVE")),
    ),
    ("book_class", "Book a fitness class for a member."),
)
# a hotel: one tool per kind of state
HOTEL = _registry(
    ("update_keycard", "Update a keycard.", _args(card_id={}, status=("active", "locked"))),
    ("update_guest", "Update a guest's record.", _args(guest_id={}, status=("active", "locked"))),
)
# a bike-sharing scheme, with two kinds of thing a laptop could be
BIKES = _registry(
    ("assign_computer", "Assign a computer to a depot."),
    ("assign_device", "Assign a device to a depot."),
    ("assign_hardware_kit", "Assign a hardware kit to a mechanic."),
    ("assign_asset", "Assign an asset to a mechanic."),
    ("dock_bike", "Dock a bike at a station."),
)


@pytest.mark.parametrize(
    ("registry", "mention", "tool"),
    [
        # an object word no tool uses, read as a broader kind of it
        (SCHOOL, "assign a laptop", "assign_device"),
        (SCHOOL, "assign hardware to the pupil", "assign_device"),
        (COURIER, "ship the parcel", "ship_package"),
        # a verb one tool alone offers (its argument's listed value is that verb done),
        # whose object no tool speaks of
        (SCHOOL, "disable sign-in", "set_pupil_login"),
        (GYM, "deactivate door access", "set_member_state"),  # the state it leaves: INACTIVE
        (GYM, "activate sauna access", "set_member_state"),
        # relating verbs: "assign" one thing to another is "add" it to the other
        (WARD, "assign nurses to the ward roster", "add_nurse_to_roster"),
        (COURIER, "unassign the trailer", "unlink_trailer"),
        # a word a tool uses is taken as written, not as its broader kind
        (BIKES, "assign hardware", "assign_hardware_kit"),
    ],
)
def test_resolves_by_general_english(registry: Registry, mention: str, tool: str) -> None:
    res = Resolver(registry).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res


@pytest.mark.parametrize(
    ("registry", "mention", "not_resolved_to"),
    [
        # two kinds each used by a tool: a tie, never a guess
        (BIKES, "assign a laptop", "assign_computer"),
        (BIKES, "assign a laptop", "assign_device"),
        # two tools offer the verb: no choice from the verb alone
        (WARD, "suspend night access", "suspend_badge"),
        (WARD, "suspend night access", "suspend_prescribing"),
        # two tools list the state the verb leaves: no choice from the verb alone
        (HOTEL, "lock night entry", "update_keycard"),
        (HOTEL, "lock night entry", "update_guest"),
        # the object is a word some tool uses: the verb alone does not decide
        (SCHOOL, "disable the locker", "set_pupil_login"),
        # a generic verb offers nothing
        (SCHOOL, "change sign-in", "set_pupil_login"),
        # a word the table does not know stays unknown; a verb that switches no state
        # (on/off) names no tool alone, even when one tool alone offers it
        (COURIER, "ship the gizmo", "ship_package"),
        # a kind the tool's verb contradicts is still contradicted
        (COURIER, "ship the parcel", "track_shipment"),
    ],
)
def test_never_a_guess(registry: Registry, mention: str, not_resolved_to: str) -> None:
    res = Resolver(registry).resolve(mention)
    assert not (res.status == "resolved" and res.tool_id == not_resolved_to), res


def test_explained_as_a_kind() -> None:
    res, why = Resolver(SCHOOL).explain("assign a laptop")
    assert res.tool_id == "assign_device"
    assert "`laptop` read as a kind of `device`" in why["assign_device"]
    res, why = Resolver(SCHOOL).explain("disable sign-in")
    assert "the only tool that does `disable`" in why["set_pupil_login"]


@pytest.mark.parametrize(
    ("mention", "head"),
    [
        ("assign role-based access groups", "group"),
        ("enable card-linked offers", "offer"),
        ("list the location-based alerts", "alert"),
        ("book a wheelchair-accessible room", "room"),  # no participle: the head stays
    ],
)
def test_hyphenated_participle_modifies_the_head(mention: str, head: str) -> None:
    action = parse_action(mention)
    assert action is not None
    assert head_noun(action) == stem(head)


def test_kinds_table_is_well_formed() -> None:
    for word, kinds in KINDS.items():
        assert word == word.casefold(), word
        assert " " not in word, word  # an object is read word by word
        assert kinds, word
        assert word not in kinds, word
        assert broader(stem(word)) == tuple(dict.fromkeys(stem(k) for k in kinds))
    assert broader("gizmo") == ()


# a dog-grooming salon, whose prompt names tools by what they do
SALON = _registry(
    ("log_grooming_session", "Log a finished grooming session."),
    ("cancel_appointment", "Cancel a booked appointment."),
    ("get_appointment", "Get an appointment's details."),
)


@pytest.mark.parametrize(
    ("mention", "verb", "objects"),
    [
        ("the session logging tool", "log", ("session",)),
        ("appointment cancellation function", "cancel", ("appointment",)),
        ("the grooming session scheduling endpoint", "schedul", ("groom", "session")),
    ],
)
def test_a_tool_named_by_what_it_does(mention: str, verb: str, objects: tuple[str, ...]) -> None:
    action = parse_action(mention)
    assert action is not None
    assert (action.verb, action.objects) == (verb, objects)


@pytest.mark.parametrize(
    ("mention", "verb"),
    [
        ("the transfer tool", None),  # no object: which kind of action, not on what
        ("modify shipping tools", "modify"),  # an imperative whose object is the tools
        ("exchange order tools", None),  # a bare verb before the tool word may be a noun
    ],
)
def test_not_a_tool_named_by_what_it_does(mention: str, verb: str | None) -> None:
    action = parse_action(mention)
    assert (action.written if action else None) == verb


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        ("the session logging tool", "log_grooming_session"),
        ("the appointment cancellation tool", "cancel_appointment"),
    ],
)
def test_resolves_a_tool_named_by_what_it_does(mention: str, tool: str) -> None:
    res = Resolver(SALON).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res


@pytest.mark.parametrize(
    ("description", "kinds"),
    [
        (
            "Lend an instrument (violin, cello or flute) to a pupil.",
            {"violin": "instrument", "cello": "instrument", "flute": "instrument"},
        ),
        (
            "Book a room such as a studio, a gym or a hall.",
            {"studio": "room", "gym": "room", "hall": "room"},
        ),
        ("Charge a fee, e.g. a late fee.", {}),  # a fee is a fee: no kind
        # what a tool touches besides its object is no kind of it
        ("Close a ward, including its beds and trolleys.", {}),
        # what follows an item's noun qualifies it, and ends the list
        ("Send a parcel such as boxes for a shop, or a tube.", {"boxes": "parcel"}),
        # a clause is no kind
        ("Return the data (for example the names the user typed last week).", {}),
    ],
)
def test_kinds_a_description_states(description: str, kinds: dict[str, str]) -> None:
    expected = {stem(w): frozenset({stem(k)}) for w, k in kinds.items()}
    assert stated_kinds([description]) == expected


# a music school whose tools say what their objects are
MUSIC = _registry(
    ("lend_instrument", "Lend an instrument (violin, cello or flute) to a pupil."),
    ("lend_score", "Lend a printed score to a pupil."),
    ("return_instrument", "Record an instrument returned by a pupil."),
)


@pytest.mark.parametrize(
    ("mention", "why"),
    [
        ("lend a cello", "`cello` read as a kind of `instrument`"),
        # the description's own word is evidence too, and here the stronger
        ("lend the violin to the pupil", "violin (description)"),
    ],
)
def test_resolves_by_a_stated_kind(mention: str, why: str) -> None:
    res, said = Resolver(MUSIC).explain(mention)
    assert (res.status, res.tool_id) == ("resolved", "lend_instrument"), res
    assert why in said["lend_instrument"]


# a help desk whose two update tools differ only in the values their arguments list
DESK = _registry(
    (
        "update_ticket_status",
        "Update a ticket.",
        _args(ticket_id={}, status=("open", "on_hold", "escalated")),
    ),
    ("update_ticket_priority", "Update a ticket.", _args(ticket_id={}, priority=("low", "high"))),
    ("get_ticket", "Get a ticket."),
)


@pytest.mark.parametrize(
    ("mention", "status", "tool"),
    [
        ("set the ticket on hold", "resolved", "update_ticket_status"),
        ("mark the ticket as escalated", "resolved", "update_ticket_status"),
        ("change the ticket to high priority", "resolved", "update_ticket_priority"),
        # no value said: the two update tools tie, as they should
        ("update the ticket", "ambiguous", None),
    ],
)
def test_listed_values_say_what_a_tool_sets(mention: str, status: str, tool: str | None) -> None:
    res = Resolver(DESK).resolve(mention)
    assert res.status == status, res
    if tool is not None:
        assert res.tool_id == tool

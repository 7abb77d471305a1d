"""States read once the rule's tool is known (`specgap.extract.state_late`, `state_vocab`,
`state_inverted`): a ban whose kept condition is a test of states the tools list for the
call's entity becomes that `state_condition`; a ban compiled without the state its sentence
puts on the entity is narrowed to it or kept for review; "Should the X be S, ..." is an
if-clause. Never stronger, never weaker: conjoined states, another entity's state and words
this reading does not follow stay `review_only` with the condition and a located note.

Three made-up domains (a pet-boarding desk, a utility meter service, a university lab
booking), tool sets written here; every sentence written for this test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.state_inverted import inverted_condition
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import _tool
from tests.test_state_shapes import _read, _state


def _enum_tool(name: str, description: str, **props: Any) -> dict[str, Any]:
    spec = _tool(name, description, **dict.fromkeys(props, "string"))
    for key, value in props.items():
        if isinstance(value, tuple):
            spec["function"]["parameters"]["properties"][key] = {"type": "string",
                                                                 "enum": list(value)}  # fmt: skip
    return spec


DOMAINS: dict[str, list[dict[str, Any]]] = {
    "kennel": [
        _tool("get_stay", "Read a boarding stay with its status (booked, checked_in, "
              "checked_out, cancelled, no_show).", stay_id="string"),
        _tool("check_in_pet", "Check a pet in for its stay.", stay_id="string"),
        _tool("cancel_stay", "Cancel a boarding stay.", stay_id="string", reason="string"),
        _tool("extend_stay", "Extend a stay by some nights.", stay_id="string", nights="integer"),
        _tool("add_grooming", "Add a grooming service to a stay.", stay_id="string",
              service="string"),
        _tool("send_update", "Send a photo update to the owner about a stay.", stay_id="string",
              message="string"),
        _tool("refund_deposit", "Refund the deposit paid for a stay.", stay_id="string",
              amount="number"),
        _tool("get_pet", "Look up a pet: vaccination (current, expired, unknown) and whether "
              "it is quarantined.", pet_id="string"),
        _tool("book_stay", "Book a boarding stay for a pet.", pet_id="string",
              start_date="string"),
    ],
    "meter": [
        _tool("get_meter", "Read a meter. Output fields: phase (installed, active, faulty, "
              "removed).", meter_id="string"),
        _tool("get_account", "Read a utility account; its state is open, suspended, in_arrears "
              "or closed.", account_id="string"),
        _tool("schedule_reading", "Schedule a manual meter reading.", meter_id="string",
              date="string"),
        _tool("disconnect_supply", "Disconnect the supply of an account.", account_id="string"),
        _tool("close_account", "Close a utility account for good.", account_id="string"),
        _tool("apply_credit", "Apply a credit to an account balance.", account_id="string",
              amount="number"),
        _tool("get_work_order", "Read a field work order: stage (requested, scheduled, "
              "completed, cancelled).", work_order_id="string"),
        _tool("cancel_work_order", "Cancel a field work order.", work_order_id="string"),
        _tool("reschedule_work_order", "Move a work order to another date.",
              work_order_id="string", date="string"),
        _tool("issue_bill", "Issue a bill for an account.", account_id="string"),
    ],
    "lab": [
        _tool("get_researcher", "Look up a researcher: status (active, suspended, graduated) "
              "and safety_training (valid, expired, none).", researcher_id="string"),
        _tool("book_lab", "Book a lab slot for a researcher.", lab_id="string",
              researcher_id="string", slot="string"),
        _tool("issue_key", "Issue a door key card to a researcher for a lab.",
              researcher_id="string", lab_id="string"),
        _tool("get_instrument", "Read an instrument.", instrument_id="string"),
        _enum_tool("list_instruments", "List instruments in a given condition.",
                   instrument_id="string",
                   condition=("operational", "under maintenance", "out of order",
                              "calibrating")),
        _tool("reserve_instrument", "Reserve an instrument for a slot.",
              instrument_id="string", slot="string"),
        _tool("get_lab_booking", "Read a lab booking; its state is pending_approval, approved, "
              "in_use, completed or rejected.", booking_id="string"),
        _tool("extend_lab_booking", "Extend a lab booking by some hours.", booking_id="string",
              hours="integer"),
    ],
}  # fmt: skip


def _build(tmp_path: Path, domain: str, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(DOMAINS[domain], indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(f"# Desk rules\n\n{text}\n")
    return build_agent(tmp_path, [prompt], [tools])


def _prose(built: Built) -> list[Any]:
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def _notes(built: Built, code: str) -> list[str]:
    return [
        d.message
        for d in built.state.diagnostics
        if d.code == code and d.span is not None and d.span.path.endswith("prompt.md")
    ]


BOUND: list[tuple[str, str, Any]] = [
    # a kept condition the tools' states bind: a two-word state, a plural pronoun, a
    # qualifier naming the field, a generic field word turned over
    ("meter", "Accounts in arrears must not be closed.",
     _state("close_account", "account", "state", denied=["in_arrears"])),
    ("meter", "An account can be closed only if it is not in arrears.",
     _state("close_account", "account", "state", denied=["in_arrears"])),
    ("meter", "If the account state is anything other than open, credits must not be applied.",
     _state("apply_credit", "account", "state", allowed=["open"])),
    ("lab", "Instruments can be reserved only if they are operational.",
     _state("reserve_instrument", "instrument", "condition", allowed=["operational"])),
    ("lab", "Lab bookings cannot be extended unless they are in use.",
     _state("extend_lab_booking", "booking", "state", allowed=["in_use"])),
    ("lab", "Researchers with expired safety training cannot receive a key card.",
     _state("issue_key", "researcher", "safety_training", denied=["expired"])),
    ("kennel", "Never add grooming to cancelled or no_show stays.",
     _state("add_grooming", "stay", "status", denied=["cancelled", "no_show"])),
    ("kennel", "Do not send updates for stays other than checked_in ones.",
     _state("send_update", "stay", "status", allowed=["checked_in"])),
    ("kennel", "Do not cancel stays, except booked ones.",
     _state("cancel_stay", "stay", "status", allowed=["booked"])),
    # the state an unconditional ban had left out
    ("meter", "Never disconnect the supply of a suspended account.",
     _state("disconnect_supply", "account", "state", denied=["suspended"])),
    ("meter", "Faulty or removed meters: do not schedule readings.",
     _state("schedule_reading", "meter", "phase", denied=["faulty", "removed"])),
    ("lab", "A researcher who is suspended may not book labs.",
     _state("book_lab", "researcher", "status", denied=["suspended"])),
    ("kennel", "Stays that have been checked out are closed to changes: you cannot extend them.",
     _state("extend_stay", "stay", "status", denied=["checked_out"])),
    # an inverted condition ("Should the X be S, ...")
    ("kennel", "Should the stay be cancelled, do not send updates about it.",
     _state("send_update", "stay", "status", denied=["cancelled"])),
    ("meter", "Should the meter be faulty, no reading may be scheduled.",
     _state("schedule_reading", "meter", "phase", denied=["faulty"])),
    ("lab", "Should an instrument be under maintenance, it must not be reserved.",
     _state("reserve_instrument", "instrument", "condition", denied=["under maintenance"])),
    # a participle said as a state, not as a step: no call to `book_stay` first
    ("kennel", "Cancelling a stay requires the stay to be booked.",
     _state("cancel_stay", "stay", "status", allowed=["booked"])),
    ("kennel", "Refunding a deposit requires the stay to be cancelled.",
     _state("refund_deposit", "stay", "status", allowed=["cancelled"])),
    # the entity as the tools spell it: a part of its name
    ("meter", "Work orders in the completed stage cannot be cancelled.",
     _state("cancel_work_order", "work order", "stage", denied=["completed"])),
    ("meter", "A work order can be cancelled as long as it is still requested or scheduled.",
     _state("cancel_work_order", "work order", "stage", allowed=["requested", "scheduled"])),
    ("kennel", "The deposit may be refunded when, and only when, the stay is cancelled.",
     _state("refund_deposit", "stay", "status", allowed=["cancelled"])),
    # a contraction, a field after `whose`, a perfect tense in a relative clause
    ("kennel", "A stay may only be extended if it's still booked or checked in.",
     _state("extend_stay", "stay", "status", allowed=["booked", "checked_in"])),
    ("lab", "Do not reserve an instrument whose condition is anything but operational.",
     _state("reserve_instrument", "instrument", "condition", allowed=["operational"])),
    ("lab", "Researchers who have graduated may not receive keys.",
     _state("issue_key", "researcher", "status", denied=["graduated"])),
    # a state spelt with a hyphen or an underscore, in a list before the noun
    ("kennel", "Extensions are not possible for checked-out or cancelled stays.",
     _state("extend_stay", "stay", "status", denied=["checked_out", "cancelled"])),
    # a negated -able adjective
    # (in the tools' spelling: the ban on refunds is read first, then its state bound)
    ("kennel", "The deposit is non-refundable while the stay is checked in.",
     _state("refund_deposit", "stay", "status", denied=["checked_in"])),
    # a flag the reader speaks of ("whether it is quarantined")
    ("kennel", "If a pet is quarantined, do not book a stay for it.",
     _state("book_stay", "pet", "quarantined", denied=["true"])),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "expected"), BOUND)
def test_a_state_the_tools_list_is_bound(
    tmp_path: Path, domain: str, sentence: str, expected: Any
) -> None:
    built = _build(tmp_path, domain, sentence)
    read = [_read(p) for p in _prose(built)]
    assert expected in read, read
    # the ban is narrowed, never also kept unconditional, and no stale note says otherwise
    assert not [p for p in _prose(built) if p.operator == "deny_action"], read
    assert not [m for m in _notes(built, "condition-not-bound") if expected[1] in m]


KEPT: list[tuple[str, str, str, str]] = [
    # domain, sentence, the banned tool, words the kept condition must hold
    # conjoined states: no single value is both, never read as either
    ("meter", "Do not disconnect supply for an account that is in arrears and suspended.",
     "disconnect_supply", "in arrears and suspended"),
    # a state with a limit this reading does not follow: reviewed with the state kept
    ("meter", "Do not disconnect the supply of an open account during winter.",
     "disconnect_supply", "open account"),
    ("meter", "Never disconnect the supply of a suspended account before noon.",
     "disconnect_supply", "suspended account"),
    # 'no safety training' is no listed spelling of a value
    ("lab", "Do not issue keys to researchers with no safety training.",
     "issue_key", "no safety training"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "tool", "words"), KEPT)
def test_a_state_no_test_here_follows_is_kept_for_review(
    tmp_path: Path, domain: str, sentence: str, tool: str, words: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    policies = [p for p in _prose(built) if p.target == tool]
    assert policies, [_read(p) for p in _prose(built)]
    assert all(p.enforcement == "review_only" for p in policies), [_read(p) for p in policies]
    assert not [p for p in policies if p.operator == "state_condition"]
    assert any(words in m for m in _notes(built, "condition-not-bound"))


UNLISTED: list[tuple[str, str, str, str]] = [
    # domain, sentence, tool, what the note says: a word the tools list for no field of
    # the entity never becomes a test every call fails
    ("meter", "Readings can only be scheduled for meters that are accessible.",
     "schedule_reading", "`accessible` are none the tools list for the meter"),
    ("kennel", "Never extend a stay whose status is archived.",
     "extend_stay", "`archived` are none the tools list for the stay"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "tool", "why"), UNLISTED)
def test_a_value_the_tools_do_not_list_is_reviewed(
    tmp_path: Path, domain: str, sentence: str, tool: str, why: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    policies = [p for p in _prose(built) if p.target == tool]
    assert policies
    assert all(p.enforcement == "review_only" for p in policies), [_read(p) for p in policies]
    assert any(why in m for m in _notes(built, "condition-not-bound")), _notes(
        built, "condition-not-bound"
    )


def test_a_qualifier_with_of_keeps_the_ban_conditional(tmp_path: Path) -> None:
    built = _build(tmp_path, "kennel", "Stays of aggressive pets must not be extended.")
    [policy] = [p for p in _prose(built) if p.target == "extend_stay"]
    assert policy.enforcement == "review_only"
    assert any("of aggressive pets" in m for m in _notes(built, "condition-not-bound"))


NOT_THE_ENTITY: list[tuple[str, str, str]] = [
    # a listed value of the account ('open') said of another entity: never the account's
    ("meter", "Never close accounts with an open work order.", "close_account"),
    ("meter", "Do not close an account while a work order is open.", "close_account"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "tool"), NOT_THE_ENTITY)
def test_another_entitys_state_is_never_the_calls_own(
    tmp_path: Path, domain: str, sentence: str, tool: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    policies = [p for p in _prose(built) if p.target == tool]
    assert policies
    assert all(p.enforcement == "review_only" for p in policies), [_read(p) for p in policies]


def test_a_phrasal_check_in_tool_is_no_reader(tmp_path: Path) -> None:
    built = _build(tmp_path, "kennel", "Only booked stays can be cancelled.")
    [policy] = _prose(built)
    assert policy.condition.read == ("get_stay",)


INVERTED: list[tuple[str, str]] = [
    ("Should the meter be faulty, skip it.", "If     the meter is faulty, skip it."),
    ("should an account have been closed, stop.", "if     an account has been  closed, stop."),
    ("Should they be suspended, refuse.", "If     they is suspended, refuse."),
    # "when, and only when,": "only when"
    ("Refund it when, and only when, it is cancelled.",
     "Refund it only when            it is cancelled."),
    # no subject, no comma, a person: left as it is
    ("Should you need help, ask a colleague.", "Should you need help, ask a colleague."),
    ("You should be polite at all times.", "You should be polite at all times."),
    ("Should the meter be replaced by the agent.", "Should the meter be replaced by the agent."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), INVERTED)
def test_an_inverted_condition_is_an_if_clause(text: str, expected: str) -> None:
    out = inverted_condition(text)
    assert out == expected
    assert len(out) == len(text)


STEPS: list[tuple[str, str, str, str]] = [
    # a step done ("has been booked") stays an ordering, never a state
    ("kennel", "A stay must have been booked with book_stay before extend_stay is called.",
     "extend_stay", "book_stay"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "tool", "before"), STEPS)
def test_a_step_done_stays_an_ordering(
    tmp_path: Path, domain: str, sentence: str, tool: str, before: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    read = [_read(p) for p in _prose(built)]
    assert not [r for r in read if r[0] == "state_condition"], read
    assert [p for p in _prose(built) if p.operator == "require_before" and p.target == tool], read


LISTED: list[tuple[str, dict[str, list[str]]]] = [
    ("Read a stay with its status (booked, checked_in, cancelled).",
     {"status": ["booked", "checked_in", "cancelled"]}),
    ("Read an account; its state is open, suspended or closed.",
     {"state": ["open", "suspended", "closed"]}),
    ("Look up a meter: phase: installed, active or faulty.", {"phase": ["installed", "active",
                                                                        "faulty"]}),
    ("Read a hire with its status, which can be pending, out or returned.",
     {"status": ["pending", "out", "returned"]}),
    ("Get a parcel. Possible statuses are `pending`, `in_transit` and `delivered`.",
     {"status": ["pending", "in_transit", "delivered"]}),
    ("Fetch a loan. status: one of 'active', 'overdue', 'returned'.",
     {"status": ["active", "overdue", "returned"]}),
    ("Look up a ticket: status (open | closed | escalated).",
     {"status": ["open", "closed", "escalated"]}),
    ("Look up a researcher: safety_training (valid, expired, none).",
     {"safety training": ["valid", "expired", "none"]}),
    # no list of values: nothing is guessed
    ("Read a booking; returns id, slot and status.", {}),
    ("Find a member by name or phone number.", {}),
    ("Look up a pet (dogs and cats only).", {}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), LISTED)
def test_the_states_a_reader_lists(text: str, expected: dict[str, list[str]]) -> None:
    from specgap.extract.state_vocab import _listed

    assert dict(_listed(text, "thing")) == {k: tuple(v) for k, v in expected.items()}

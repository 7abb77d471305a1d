"""Tool mentions as policies write them, in three made-up registries with ids in three
styles (`tests/resolve_policy_domains.py`): verb phrases with a synonym of the object or a
parameter's noun, nominalised actions, passives and clauses led by "once"/"until"/"as soon
as", description words, plural and determiner variants; and mentions that must stay
ambiguous or unresolved. Every mention was written for these tests."""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve.recast import recast
from specgap.resolve.resolver import Resolver
from specgap.resolve.synonyms import synonyms
from specgap.resolve.text import action_name, stem
from tests.resolve_policy_domains import DOMAINS

RESOLVERS = {name: Resolver(registry) for name, registry in DOMAINS.items()}

RESOLVED = [
    # a verb of the tool's kind and a synonym of its object, or a parameter's noun
    ("vet", "reschedule the visit", "update_appointment_time"),
    ("vet", "reschedule the appointment", "update_appointment_time"),
    ("vet", "move the appointment to another time", "update_appointment_time"),
    ("vet", "book a visit", "book_appointment"),
    ("vet", "schedule an appointment", "book_appointment"),
    ("vet", "cancel the visit", "cancel_appointment"),
    ("vet", "return the deposit", "refund_deposit"),
    ("vet", "file a claim", "file_insurance_claim"),
    ("vet", "prescribe a drug", "prescribe_medication"),
    ("vet", "change the owner's phone number", "update_owner_contact"),
    ("vet", "text the owner a reminder", "send_reminder"),
    ("box office", "reserve seats", "createBooking"),
    ("box office", "make a reservation", "createBooking"),
    ("box office", "cancel the reservation", "cancelBooking"),
    ("box office", "refund the reservation", "issueRefund"),
    ("box office", "swap seats", "changeSeat"),
    ("box office", "find the order by confirmation code", "lookupOrder"),
    ("box office", "apply a discount code", "applyPromoCode"),
    # a dotted `svc.resource.Verb` id: the segment before the verb is what it acts on
    ("payroll", "add an employee", "payroll.employee.Create"),
    ("payroll", "hire an employee", "payroll.employee.Create"),
    ("payroll", "add a staff member", "payroll.employee.Create"),
    ("payroll", "dismiss an employee", "payroll.employee.Terminate"),
    ("payroll", "remove a worker", "payroll.employee.Terminate"),
    ("payroll", "pay an advance", "payroll.advance.Issue"),
    ("payroll", "approve the timesheet", "payroll.timesheet.Approve"),
    ("payroll", "approve the leave request", "payroll.leave.Approve"),
    ("payroll", "update bank details", "payroll.bankAccount.Update"),
    # words of the tool's description rather than its name
    ("vet", "change the time of an appointment", "update_appointment_time"),
    ("vet", "submit a claim to the insurer", "file_insurance_claim"),
    ("vet", "write a prescription", "prescribe_medication"),
    ("box office", "move a ticket holder to another seat", "changeSeat"),
    ("box office", "send the tickets again", "resendTickets"),
    ("payroll", "look up an employee's payroll profile", "payroll.employee.Get"),
    # nominalised actions
    ("vet", "any refund of the deposit", "refund_deposit"),
    ("vet", "deposit refunds", "refund_deposit"),
    ("vet", "appointment cancellations", "cancel_appointment"),
    ("vet", "any prescription", "prescribe_medication"),
    ("box office", "a transfer of the ticket", "transferTicket"),
    ("box office", "seat changes", "changeSeat"),
    ("payroll", "the termination of an employee", "payroll.employee.Terminate"),
    ("payroll", "the submission of a timesheet", "payroll.timesheet.Submit"),
    ("payroll", "timesheet submissions", "payroll.timesheet.Submit"),
    ("payroll", "bonus approvals", "payroll.bonus.Approve"),
    # passives, alone or led by a subordinating conjunction
    ("vet", "the claim has been filed", "file_insurance_claim"),
    ("vet", "once the claim has been filed", "file_insurance_claim"),
    ("vet", "only once the deposit has been charged", "charge_deposit"),
    ("vet", "until the deposit is refunded", "refund_deposit"),
    ("vet", "before the appointment is cancelled", "cancel_appointment"),
    ("vet", "as soon as the vaccine is recorded", "record_vaccination"),
    ("box office", "once the refund has been issued", "issueRefund"),
    ("box office", "the caller's identity has been verified", "verifyIdentity"),
    ("payroll", "once the timesheet has been submitted", "payroll.timesheet.Submit"),
    ("payroll", "the bank account has been changed", "payroll.bankAccount.Update"),
    ("vet", "unless the appointment was cancelled", "cancel_appointment"),
    ("vet", "whenever a vaccine is given", "record_vaccination"),
    ("box office", "the guest is removed from the booking", "removeGuest"),
    ("payroll", "the employee has been paid an advance", "payroll.advance.Issue"),
    # an action noun as the subject of a passive: the clause's verb says what is done
    ("vet", "a refund has been issued for the deposit", "refund_deposit"),
    ("vet", "a change has been made to the appointment time", "update_appointment_time"),
    ("box office", "any refund is issued", "issueRefund"),
    ("box office", "a transfer has been made", "transferTicket"),
    # plural and determiner variants
    ("vet", "refund deposits", "refund_deposit"),
    # a thing one tool makes and another gives back: the one that makes it (`made_first`)
    ("vet", "deposits", "charge_deposit"),
    ("vet", "cancel any appointments", "cancel_appointment"),
    ("vet", "cancelling appointments", "cancel_appointment"),
    # gerunds, possessives, action nouns with what they act on before or after them
    ("vet", "rescheduling a visit", "update_appointment_time"),
    ("vet", "the owner's deposit refund", "refund_deposit"),
    ("vet", "requests to reschedule an appointment", "update_appointment_time"),
    ("vet", "changes to the appointment time", "update_appointment_time"),
    ("vet", "to have the deposit refunded", "refund_deposit"),
    ("vet", "the booking of an appointment", "book_appointment"),
    ("vet", "any medication prescription", "prescribe_medication"),
    ("vet", "checking the pet's record", "get_pet_record"),
    ("box office", "booking cancellations", "cancelBooking"),
    ("box office", "ticket resends", "resendTickets"),
    ("box office", "the addition of a guest", "addGuest"),
    ("box office", "a guest removal", "removeGuest"),
    ("box office", "promo codes are applied", "applyPromoCode"),
    ("box office", "verification of the caller's identity", "verifyIdentity"),
    ("payroll", "approval of leave", "payroll.leave.Approve"),
    ("payroll", "changes to an employee's salary", "payroll.salary.Update"),
    ("payroll", "payslips are e-mailed", "payroll.payslip.Send"),
    ("payroll", "employee terminations", "payroll.employee.Terminate"),
    ("payroll", "salary advances", "payroll.advance.Issue"),
    # things said to be new, with no article pointing at one already there: being made
    ("vet", "new appointments", "book_appointment"),
    ("vet", "any new appointment", "book_appointment"),
    ("box office", "new bookings", "createBooking"),
    ("payroll", "new employees", "payroll.employee.Create"),
]


@pytest.mark.parametrize(("domain", "mention", "tool"), RESOLVED)
def test_a_policy_mention_resolves_to_the_tool_it_names(
    domain: str, mention: str, tool: str
) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]


# (domain, mention, status): two tools fit equally, or no tool is named at all
UNDECIDED = [
    ("vet", "the appointment", "ambiguous"),  # a thing several tools act on
    ("vet", "the owner", "unresolved"),
    ("vet", "the deposit", "unresolved"),
    ("vet", "once the pet is ready", "unresolved"),  # a state, not an action
    ("vet", "take the deposit", "unresolved"),  # a light verb: taking is not charging
    ("box office", "a guest", "unresolved"),
    ("box office", "the seats", "unresolved"),
    ("box office", "change", "ambiguous"),  # a bare generic verb ties its class
    ("box office", "send", "ambiguous"),
    ("box office", "upgrade the seats", "ambiguous"),
    ("payroll", "approve", "ambiguous"),  # three `*.Approve` tools
    ("payroll", "create", "ambiguous"),  # the bare verb of `Create` names no tool alone
    ("payroll", "update the employee", "ambiguous"),  # salary or bank account
    ("payroll", "the employee", "unresolved"),
    ("payroll", "the timesheet", "unresolved"),
    ("payroll", "get the payslip", "unresolved"),  # no tool reads payslips
    ("payroll", "create a client", "unresolved"),  # a client is no employee
    ("payroll", "raise an employee's salary", "unresolved"),  # `raise` has many senses
    ("payroll", "the new salary", "unresolved"),  # one already there, not one being made
    ("box office", "a new seat", "unresolved"),  # maybe a seat to move to
    ("vet", "new appointment times for the vet", "unresolved"),
]


@pytest.mark.parametrize(("domain", "mention", "status"), UNDECIDED)
def test_a_mention_that_names_no_one_tool_is_never_resolved(
    domain: str, mention: str, status: str
) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert res.status == status, res.candidates[:3]


@pytest.mark.parametrize(
    ("name", "namespace", "said"),
    [
        ("payroll.employee.Create", "", "Create employee"),
        ("payroll.bankAccount.Update", "", "Update bankAccount"),
        ("aws.dynamodb.PutItem", "", "PutItem"),  # the last segment says verb and object
        ("github.create", "github", "create"),  # the segment before is the namespace
        ("svc.v2.get", "", "get v2"),
        ("cancel_booking", "", "cancel_booking"),
    ],
)
def test_the_action_part_of_a_name(name: str, namespace: str, said: str) -> None:
    assert action_name(name, namespace) == said


@pytest.mark.parametrize(
    ("mention", "said", "named"),
    [
        ("once the claim has been filed", "file claim", ()),
        ("as soon as the timesheet is submitted", "submit timesheet", ()),
        ("only after the refund was issued", "issue refund", ()),
        ("a prescription", "prescribe", ()),  # -ption: -be
        ("timesheet submissions", "submit timesheet", ()),  # -ission: -it
        ("the transmission of a report", "transmit report", ()),  # -ission: -it
        ("the inscription of a name", "inscribe name", ("inscribe",)),  # a registry's verb
    ],
)
def test_clauses_and_action_nouns_are_read_as_verb_and_object(
    mention: str, said: str, named: tuple[str, ...]
) -> None:
    found = recast(mention, named=[stem(v) for v in named])
    assert found is not None
    assert [stem(w) for w in found[0].split() if w not in ("a", "the")] == [
        stem(w) for w in said.split()
    ]


def test_an_action_noun_of_a_verb_no_one_knows_is_no_action() -> None:
    assert recast("the inscription of a name") is None  # no tool and no lexicon has it


@pytest.mark.parametrize(
    "mention", ["once the pet is ready", "when the owner is here", "once", "until further notice"]
)
def test_a_clause_that_states_no_action_is_not_recast(mention: str) -> None:
    found = recast(mention)
    assert found is None or found[0].split()[0] not in ("ready", "here", "notice")


def test_synonyms_are_symmetric_stems() -> None:
    assert stem("visit") in synonyms(stem("appointment"))
    assert stem("appointment") in synonyms(stem("visit"))
    assert synonyms(stem("order")) == ()  # two senses: left out of the table


def _clinic(*extra: tuple[str, str]) -> Resolver:
    tools = [
        Tool(id="cancel_appointment", description="Cancel an appointment."),
        Tool(id="book_appointment", description="Book an appointment."),
        *(Tool(id=i, description=d) for i, d in extra),
    ]
    registry, problems = build_registry(tools)
    assert not problems
    return Resolver(registry)


def test_a_registry_with_a_word_of_its_own_means_that_word() -> None:
    """A synonym bridges only words no tool's name or argument uses: with a `log_visit`
    tool, a visit is that tool's thing, not an appointment."""
    assert _clinic().resolve("cancel the visit").tool_id == "cancel_appointment"
    own = _clinic(("log_visit", "Log a walk-in visit.")).resolve("cancel the visit")
    assert own.tool_id != "cancel_appointment" or own.status != "resolved"


def test_a_tool_saying_the_word_itself_beats_one_saying_a_synonym() -> None:
    resolver = _clinic(("cancel_visit_note", "Cancel a note written about a visit."))
    res = resolver.resolve("cancel the visit")
    assert res.status != "resolved" or res.tool_id == "cancel_visit_note"


def test_a_quantifier_says_what_a_name_says_in_other_words() -> None:
    tools = [
        Tool(id="read_file", description="Read one file from the disk."),
        Tool(id="read_multiple_files", description="Read the contents of many paths."),
        Tool(id="search_files", description="Search the disk for files by name."),
    ]
    registry, problems = build_registry(tools)
    assert not problems
    res = Resolver(registry).resolve("read several files at once")
    assert (res.status, res.tool_id) == ("resolved", "read_multiple_files"), res.candidates[:3]


def _cards() -> Resolver:
    specs = [
        ("freeze_card", "Freeze a debit card so it cannot be used."),
        ("unfreeze_card", "Unfreeze a frozen debit card."),
        ("get_card", "Get a card with its limits."),
        ("cancel_card", "Cancel a card for good."),
    ]
    registry, problems = build_registry([Tool(id=i, description=d) for i, d in specs])
    assert not problems
    return Resolver(registry)


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        ("block the card", "freeze_card"),  # a switch, as `lock` and `freeze` are
        ("the card is blocked", "freeze_card"),
        ("unblock the card", "unfreeze_card"),  # never the tool it undoes
    ],
)
def test_blocking_switches_a_thing_off(mention: str, tool: str) -> None:
    res = _cards().resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    assert "cancel_card" not in {c.tool_id for c in res.candidates[:1]}

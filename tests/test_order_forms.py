"""Further shapes of an ordering (issue 11, `require_before`, `order_forms`), in two
made-up domains: a ferry line and a dental lab. Each row is a sentence written for this
test, the orderings it must compile to ((target, before) pairs) and how they hold
(`enforce`, `review`: never enforced, `any`: the resolver's confidence decides; see
`tests.test_order_shapes`). Sentences that state no order compile to none.

Shapes: "Y comes / happens after X", "Y follows X", "Y is only allowed after X", a purpose
clause with "first" or a perfect ("to Y, the N must first be V-ed", "you must have V-ed N in
order to Y"), "it is only after X that Y", "no N without a prior M", "Ns are not V-ed before
X", a configuration-like line whose subject is a tool id ("`b` -> after `a`", "`b`: needs
`a`"), several orders split by semicolons, compound action nouns ("boarding pass
issuance", "booking lookups"), and "no N may / can be V-ed ..." as a ban, never a
permission."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.order_anaphora import pointed_back, previous_action
from specgap.extract.order_events import noun_compound
from specgap.extract.order_forms import described_order, each_part, more_rephrasings
from specgap.extract.procedures import verb_of
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool
from tests.test_order_shapes import Pairs, _check

FERRY = [
    _tool("get_ferry_booking", "Look up a ferry booking with its status and fare.",
          booking_id="string"),
    _tool("find_passenger", "Find a passenger profile by name or e-mail.", email="string"),
    _tool("check_sailing_capacity", "Check the remaining capacity of a sailing.",
          sailing_id="string"),
    _tool("create_ferry_booking", "Book a crossing for a passenger.", passenger_id="string",
          sailing_id="string"),
    _tool("collect_fare", "Charge the fare to the passenger's card.", booking_id="string",
          amount="number"),
    _tool("issue_boarding_pass", "Issue the boarding pass for a paid booking.",
          booking_id="string"),
    _tool("cancel_ferry_booking", "Cancel a ferry booking.", booking_id="string"),
    _tool("refund_fare", "Refund the fare of a cancelled booking.", booking_id="string",
          amount="number"),
    _tool("inspect_vehicle", "Record the vehicle inspection before boarding.",
          booking_id="string", notes="string"),
    _tool("change_sailing", "Move a booking to another sailing.", booking_id="string",
          sailing_id="string"),
]  # fmt: skip
LAB = [
    _tool("get_case", "Read a dental lab case with its status and shade.", case_id="string"),
    _tool("find_clinic", "Find a referring clinic by name.", clinic_name="string"),
    _tool("scan_impression", "Scan the impression of a case into a 3D model.",
          case_id="string"),
    _tool("approve_design", "Record the dentist's approval of a crown design.",
          case_id="string"),
    _tool("mill_crown", "Mill the crown of a case from its approved design.", case_id="string"),
    _tool("ship_case", "Ship a finished case to its clinic.", case_id="string"),
    _tool("invoice_clinic", "Send the invoice of a case to the clinic.", case_id="string"),
    _tool("void_invoice", "Void an invoice sent by mistake.", invoice_id="string"),
    _tool("disinfect_impression", "Log the disinfection of an impression.", case_id="string"),
]  # fmt: skip

SALON = [
    _tool("find_owner_by_email", "Find a pet owner's account by e-mail.", email="string"),
    _tool("get_pet_profile", "Get a pet's profile: breed, vaccinations, temperament notes.",
          pet_id="string"),
    _tool("list_open_slots", "List open grooming slots for a date.", date="string"),
    _tool("book_grooming", "Book a grooming appointment for a pet.", pet_id="string",
          slot_id="string"),
    _tool("reschedule_grooming", "Move a grooming appointment to another slot.",
          appointment_id="string", slot_id="string"),
    _tool("cancel_grooming", "Cancel a grooming appointment.", appointment_id="string"),
    _tool("get_appointment", "Get a grooming appointment with its status and price.",
          appointment_id="string"),
    _tool("charge_no_show_fee", "Charge the no-show fee for a missed appointment.",
          appointment_id="string"),
]  # fmt: skip
SALON_ROWS: list[tuple[str, Pairs, str]] = [
    # bare coordinated gerunds act on the first action's object (an inference: reviewed)
    ("You should always retrieve the appointment details prior to cancelling or rescheduling.",
     {("cancel_grooming", "get_appointment"), ("reschedule_grooming", "get_appointment")},
     "review"),
    # a comma list after "the order of operations for a booking is:": the goal's own step
    ("The order of operations for a booking is: find the owner, get the pet profile, list "
     "the open slots, book.",
     {("get_pet_profile", "find_owner_by_email"), ("list_open_slots", "get_pet_profile"),
      ("book_grooming", "list_open_slots")}, "any"),
    # "N require a <compound> lookup"
    ("Bookings require a pet profile lookup.", {("book_grooming", "get_pet_profile")}, "any"),
    ("A pet profile lookup is mandatory before booking a grooming appointment.",
     {("book_grooming", "get_pet_profile")}, "any"),
    # "needed ... before X can be V-ed" binds: the `can` is the later clause's
    ("An appointment lookup is needed before an appointment can be cancelled.",
     {("cancel_grooming", "get_appointment")}, "any"),
    # a person is never the borrowed object of the later action; the bare gerund names the
    # action by its verb alone (`order15_bare`): rescheduling, whatever is rescheduled
    ("Always find the owner before rescheduling.",
     {("reschedule_grooming", "find_owner_by_email")}, "any"),
    # not orders
    ("Bookings require a valid pet profile.", set(), "any"),
    ("The order of operations is explained below.", set(), "any"),
    ("Our salon's workflow is: friendly, fast, careful.", set(), "any"),
]  # fmt: skip
FERRY_ROWS: list[tuple[str, Pairs, str]] = [
    # "comes after", "follows", "happens after": an order between two actions
    ("A refund comes after the cancellation.", {("refund_fare", "cancel_ferry_booking")},
     "enforce"),
    ("Refunding the fare comes after cancelling the booking.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("Refunding the fare always follows cancelling the booking.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("Boarding pass issuance happens after fare collection.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Boarding pass issuance is only allowed after fare collection.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Booking lookups must come before cancellations.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    # a purpose clause with "first" or a perfect
    ("To refund a fare, the booking must first be cancelled.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("In order to refund a fare, you first need to cancel the booking.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("To issue a boarding pass, first collect the fare.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("You must have cancelled the booking in order to refund it.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    # a cleft; "no N without a prior M"; "no N may be V-ed ...": a ban
    ("It is only after the booking has been cancelled that a refund can be issued.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("No refund without a prior cancellation.", {("refund_fare", "cancel_ferry_booking")},
     "enforce"),
    ("There must be no fare refund without a prior booking cancellation.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("No boarding pass may be issued without a prior fare collection.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("No boarding pass may be issued prior to fare collection.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Until the fare is collected, no boarding pass can be issued.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    # configuration-like lines and several orders split by semicolons
    ("refund_fare -> after cancel_ferry_booking", {("refund_fare", "cancel_ferry_booking")},
     "enforce"),
    ("issue_boarding_pass: only after collect_fare", {("issue_boarding_pass", "collect_fare")},
     "enforce"),
    ("refund_fare => requires cancel_ferry_booking", {("refund_fare", "cancel_ferry_booking")},
     "enforce"),
    ("Prerequisites: issue_boarding_pass needs collect_fare; refund_fare needs "
     "cancel_ferry_booking.", {("issue_boarding_pass", "collect_fare"),
                               ("refund_fare", "cancel_ferry_booking")}, "enforce"),
    ("Never refund a fare before cancelling the booking; never issue a pass before collecting "
     "the fare.", {("refund_fare", "cancel_ferry_booking"),
                   ("issue_boarding_pass", "collect_fare")}, "any"),
    # "if you have not V-ed X": the agent's own earlier call; a recommendation is reviewed
    ("Do not issue a boarding pass if you have not collected the fare.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("If you have not collected the fare yet, do not issue a boarding pass.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Never refund a fare if you haven't cancelled the booking.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("We recommend checking the sailing capacity before changing a sailing.",
     {("change_sailing", "check_sailing_capacity")}, "review"),
    # a table whose column names what comes first
    ("| Action | Prerequisite |\n|---|---|\n| issue_boarding_pass | collect_fare |\n"
     "| refund_fare | cancel_ferry_booking |",
     {("issue_boarding_pass", "collect_fare"), ("refund_fare", "cancel_ferry_booking")},
     "enforce"),
    ("| What you want to do | Prerequisites |\n|---|---|\n| Issue a boarding pass | Collecting "
     "the fare and inspecting the vehicle |",
     {("issue_boarding_pass", "collect_fare"), ("issue_boarding_pass", "inspect_vehicle")},
     "enforce"),
    ("| Tool | Purpose |\n|---|---|\n| refund_fare | cancel_ferry_booking |", set(), "any"),
    # a chain across sentences with an inverted "only then"; ", and must ..." clauses
    ("First collect the fare. Only then can the boarding pass be issued.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("The agent must locate the passenger before any booking is created, and must check the "
     "sailing capacity before any booking is moved.",
     {("create_ferry_booking", "find_passenger"), ("change_sailing", "check_sailing_capacity")},
     "any"),
    ("Whenever a passenger asks for a refund, the booking has to be cancelled beforehand.",
     {("refund_fare", "cancel_ferry_booking")}, "enforce"),
    ("Cancel the booking first, refund the fare second.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("The fare is collected first and the boarding pass is issued second.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    # "for N, ...": the order holds for those only, so it is reviewed
    ("For vehicle bookings, inspect the vehicle before issuing the boarding pass.",
     {("issue_boarding_pass", "inspect_vehicle")}, "review"),
    ("For each booking, look it up before cancelling it.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    ("For security reasons, always look up the booking before cancelling it.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    # a light verb and an action noun; an action noun as a passive subject
    ("Do not attempt a refund before the cancellation has gone through.",
     {("refund_fare", "cancel_ferry_booking")}, "enforce"),
    ("Refunds must only be processed after a successful cancellation.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    # a sentence that points back to the one before it
    ("You may cancel a booking on request. Before doing so, look up the booking.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    ("Passengers can ask for a refund. Prior to that, the booking must be cancelled.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("Issue the boarding pass when asked. But first, collect the fare.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Collect the fare. Do not issue a boarding pass before doing so.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Look up the booking. Never cancel it before you have done this.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    ("Refunds are handled with refund_fare. This requires the booking to be cancelled first.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("Changing the sailing is done with change_sailing. It must be preceded by "
     "check_sailing_capacity.", {("change_sailing", "check_sailing_capacity")}, "enforce"),
    ("The fare must be collected. Only after that can a boarding pass be issued.",
     {("issue_boarding_pass", "collect_fare")}, "enforce"),
    ("Check the sailing capacity. After that, you may move the booking.",
     {("change_sailing", "check_sailing_capacity")}, "review"),
    ("To cancel a booking, use cancel_ferry_booking. Before that, call get_ferry_booking.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "enforce"),
    # the sentence before states no action, or several tools: nothing is pointed at
    ("Our ferries are punctual. Before that, check the weather.", set(), "any"),
    ("Use get_ferry_booking or find_passenger. This requires a booking number.", set(), "any"),
    # the process said as what happens: the agent's practice binds; a passive is reviewed
    ("The agent looks up the booking before cancelling it.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "any"),
    ("We cancel the booking before refunding the fare.",
     {("refund_fare", "cancel_ferry_booking")}, "any"),
    ("The boarding pass is issued after the fare is collected.",
     {("issue_boarding_pass", "collect_fare")}, "review"),
    ("Once the booking is cancelled, the fare is refunded.",
     {("refund_fare", "cancel_ferry_booking")}, "review"),
    ("Bookings are looked up before they are cancelled.",
     {("cancel_ferry_booking", "get_ferry_booking")}, "review"),
    ("The agent answers questions after greeting the passenger.", set(), "any"),
    # permissions stay permissions; descriptions and states are no orders
    ("Do not issue a boarding pass if the fare is unpaid.", set(), "any"),
    ("Do not issue a boarding pass until the booking is confirmed.", set(), "any"),
    ("Then issue the boarding pass.", set(), "any"),
    ("The fare can be refunded once the booking is cancelled.",
     {("refund_fare", "cancel_ferry_booking")}, "review"),
    ("You may issue the boarding pass after the vehicle has been inspected.",
     {("issue_boarding_pass", "inspect_vehicle")}, "review"),
    ("To refund a fare, call refund_fare.", set(), "any"),
    ("To be safe, check the capacity first.", set(), "any"),
    ("It follows that the booking is cancelled.", set(), "any"),
    ("This comes after the inspection.", set(), "any"),
]  # fmt: skip
LAB_ROWS: list[tuple[str, Pairs, str]] = [
    ("Milling comes after design approval.", {("mill_crown", "approve_design")}, "any"),
    ("Milling the crown comes after approving the design.",
     {("mill_crown", "approve_design")}, "enforce"),
    ("Shipping a case follows milling its crown.", {("ship_case", "mill_crown")}, "any"),
    ("To ship a case, the crown must first be milled.", {("ship_case", "mill_crown")},
     "enforce"),
    ("In order to scan an impression, you must disinfect the impression first.",
     {("scan_impression", "disinfect_impression")}, "enforce"),
    ("It is only once the design has been approved that the crown may be milled.",
     {("mill_crown", "approve_design")}, "any"),
    ("No case shipment without a prior crown milling.", {("ship_case", "mill_crown")},
     "enforce"),
    # an action noun the lexicon does not know ("scan"): a note, no order
    ("No scan without a prior disinfection.", set(), "any"),
    ("Crowns are never milled before the design is approved.",
     {("mill_crown", "approve_design")}, "any"),
    ("Impressions are not scanned until they have been disinfected.",
     {("scan_impression", "disinfect_impression")}, "any"),
    ("mill_crown: after approve_design", {("mill_crown", "approve_design")}, "enforce"),
    ("ship_case -> requires mill_crown and invoice_clinic",
     {("ship_case", "mill_crown"), ("ship_case", "invoice_clinic")}, "enforce"),
    ("Never ship a case before milling its crown; never mill a crown before approving the "
     "design.", {("ship_case", "mill_crown"), ("mill_crown", "approve_design")}, "any"),
    ("Never attempt a shipment of a case before its crown has been milled.",
     {("ship_case", "mill_crown")}, "any"),
    ("For rush cases, the crown must be milled before the case is invoiced.",
     {("invoice_clinic", "mill_crown")}, "review"),
    ("Mill the crown first and ship the case afterwards.", {("ship_case", "mill_crown")},
     "enforce"),
    ("No shipment ever leaves before the crown has been milled.", {("ship_case", "mill_crown")},
     "any"),
    ("A shipment comes after the milling of the crown.", {("ship_case", "mill_crown")}, "any"),
    ("The impression must always be disinfected before it is scanned, and the crown must be "
     "milled prior to shipping the case.",
     {("scan_impression", "disinfect_impression"), ("ship_case", "mill_crown")}, "enforce"),
    # a pronoun after a phrasal verb is its object, not its particle
    ("Always look up the case before milling it.", {("mill_crown", "get_case")}, "any"),
    # numbered steps under a heading whose goal has an adjective: the goal's own step always
    ("## Shipping a finished case\n\n1. Invoice the clinic.\n2. Ship the case.",
     {("ship_case", "invoice_clinic")}, "enforce"),
    # a numbered workflow under a heading that names no action: reviewed within it;
    # lettered sub-steps are the steps of their step
    ("## Crown workflow\n\n1. Read the case with get_case.\n2. Scan the impression.\n3. Mill "
     "the crown.", {("scan_impression", "get_case"), ("mill_crown", "scan_impression")},
     "review"),
    ("## Crown workflow\n\n1. Receive the case\n   a. Read the case with get_case.\n   b. "
     "Disinfect the impression.\n2. Scan the impression.",
     {("disinfect_impression", "get_case"), ("scan_impression", "disinfect_impression")},
     "review"),
    ("## Notes\n\n1. Read the case with get_case.\n2. Scan the impression.", set(), "any"),
    # "N without a prior M must never be V-ed"; "Label: V, then V"
    ("A crown without a prior design approval must never be milled.",
     {("mill_crown", "approve_design")}, "enforce"),
    ("Impressions: disinfect, then scan.", {("scan_impression", "disinfect_impression")},
     "enforce"),
    ("Crowns: approve the design, then mill.", {("mill_crown", "approve_design")}, "enforce"),
    ("Impressions: handle with care, then relax.", set(), "any"),
    # an answer fragment completes the "when" question before it
    ("**When can a crown be milled?** Only after the design has been approved.",
     {("mill_crown", "approve_design")}, "any"),
    ("**Who mills the crowns?** Only after lunch, the senior technician.", set(), "any"),
    # not orders: a state, a purpose without "first", a description of the lab
    ("To mill a crown, the design must be approved.", set(), "any"),
    ("To ship a case, use ship_case.", set(), "any"),
    ("Shipping follows the courier's schedule.", set(), "any"),
    ("It is only after hours that the lab is closed.", set(), "any"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "want", "how"), FERRY_ROWS,
                         ids=[r[0][:40] for r in FERRY_ROWS])  # fmt: skip
def test_ferry_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, FERRY, sentence, want, how)


@pytest.mark.parametrize(("sentence", "want", "how"), SALON_ROWS,
                         ids=[r[0][:40] for r in SALON_ROWS])  # fmt: skip
def test_salon_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, SALON, sentence, want, how)


@pytest.mark.parametrize(("sentence", "want", "how"), LAB_ROWS,
                         ids=[r[0][:40] for r in LAB_ROWS])  # fmt: skip
def test_lab_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, LAB, sentence, want, how)


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("A refund comes after the cancellation.", "the cancellation must precede A refund"),
        ("To ship a case, the crown must first be milled.",
         "the crown must be milled before you ship a case"),
        ("It is only after X is done that you may Y it.", "you may Y it only after X is done"),
        ("mill_crown -> needs approve_design", "Call mill_crown only after approve_design"),
        ("Passes are not issued before payment.", "Do not issue the Passes before payment"),
    ],
)  # fmt: skip
def test_more_rephrasings(text: str, rewritten: str) -> None:
    assert rewritten in [said for said, _ in more_rephrasings(text)]


@pytest.mark.parametrize(
    "text",
    ["To mill a crown, the design must be approved.", "This comes after the inspection.",
     "To refund a fare, call refund_fare.", "To be safe, check the capacity first."],
)  # fmt: skip
def test_more_rephrasings_leave_other_sentences(text: str) -> None:
    assert more_rephrasings(text) == []


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("a before b; c before d", ["a before b", "c before d"]),
        ("Rules: a before b; c before d.", ["a before b", "c before d."]),
        ("a before b; whatever else", None),
        ("a before b", None),
    ],
)
def test_each_part(text: str, parts: list[str] | None) -> None:
    assert each_part(text, lambda p: p if "before" in p else None) == parts


@pytest.mark.parametrize(
    ("phrase", "compound"),
    [("boarding pass issuance", True), ("booking lookups", True), ("cancelling bookings", False),
     ("cancelling the booking", False), ("refund", False)],
)  # fmt: skip
def test_noun_compound(phrase: str, compound: bool) -> None:
    assert noun_compound(phrase) is compound


@pytest.mark.parametrize(
    ("noun", "verb"),
    [("issuance", "issue"), ("insurance", None), ("balance", None), ("nuance", None)],
)  # fmt: skip
def test_ance_nouns(noun: str, verb: str | None) -> None:
    assert verb_of(noun) == verb


LAB_DESCRIBED = [
    ("Should follow mill_crown.", {("ship_case", "mill_crown")}),
    ("This tool comes after invoice_clinic.", {("ship_case", "invoice_clinic")}),
    ("Ships the case; the courier follows its own schedule.", set()),
]


@pytest.mark.parametrize(("said", "want"), LAB_DESCRIBED)
def test_described_follows(tmp_path: Path, said: str, want: Pairs) -> None:
    """In `ship_case`'s own description, "should follow `a`": `ship_case` after `a`."""
    tools = json.loads(json.dumps(LAB))
    for tool in tools:
        if tool["function"]["name"] == "ship_case":
            tool["function"]["description"] += f" {said}"
    built = build_prompt(tmp_path, "# Lab\n\nBe precise.\n", tools)
    found = {(str(p.target), p.condition.model_dump()["before"]) for p in built.policies
             if p.operator == "require_before"}  # fmt: skip
    assert found == want


@pytest.mark.parametrize(
    ("before", "action"),
    [("You may cancel a booking on request.", "canceling the booking"),
     ("Look up the booking.", "looking up the booking"),
     ("Refunds are handled with `refund_fare`.", "calling refund_fare"),
     ("Passengers can ask for a refund.", "refunding"),
     ("Use get_ferry_booking or find_passenger.", None),
     ("Our ferries are punctual.", None),
     ("", None)],
)  # fmt: skip
def test_previous_action(before: str, action: str | None) -> None:
    assert previous_action(before) == action


@pytest.mark.parametrize(
    ("text", "said"),
    [("Before doing so, look up the booking.",
      "look up the booking before canceling the booking"),
     ("Do not refund before doing so.", "Do not refund before canceling the booking."),
     ("It must be preceded by a lookup.", "Canceling the booking must be preceded by a lookup."),
     ("Only after that may you refund it.",
      "Only after canceling the booking, you may refund it."),
     ("Refund the fare afterwards.", None)],
)  # fmt: skip
def test_pointed_back(text: str, said: str | None) -> None:
    assert pointed_back(text, "Cancel the booking.") == said


@pytest.mark.parametrize(
    ("text", "said", "kept"),
    [("The agent issues the pass after collecting the fare.",
      "issue the pass after collecting the fare.", False),
     ("The pass is issued after the fare is collected.",
      "The pass must be issued after the fare is collected", True),
     ("After the fare is collected, the pass is issued.",
      "the pass must be issued after the fare is collected", True),
     ("The agent answers politely.", None, False),
     ("The pass is printed in colour.", None, False)],
)  # fmt: skip
def test_described_order(text: str, said: str | None, kept: bool) -> None:
    found = described_order(text)
    assert (found[0] if found else None) == said
    assert (found is not None and found[1] is not None) is kept

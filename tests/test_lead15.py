"""The fifteenth session's mechanisms, on sentences written for these tests (a music school
desk in snake_case, a climbing gym in camelCase, a ferry desk with dotted ids):

- an ordering whose later action is a bare verb ("before booking", "before you lend it out",
  "before you book, register or order anything") and whose step names its tool after "with"
  while its object is a pronoun ("look them up with `find_student`") (`order15_bare`);
- "unless" over a call that has happened ("unless the student has been found with `t`");
- "if you have not V-ed X, do not W it": the pronoun is the step's object;
- "X needs a (fresh) `t` call first", with a bare snake, camel or dotted id;
- a step "first" under a label naming the action ("Refunds: `get_lesson` first") and a tool
  id said as a step without a verb ("`t` first, then book") (`first15_labels`);
- "the deposit is between £50 and £300": the copula is no noun, and a tie of the quantity's
  arguments is reported only when the noun does not decide it;
- values said as the thing acted on ("only violins and cellos can be rented", "pianos are
  never rented out"), bound to the argument whose schema lists them all, never guessed
  (`allow15_objects`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import flat, same, spec

SCHOOL = [
    spec("find_student", "Find a student by student number or e-mail; returns the account "
         "status (active, suspended) and the parents on the record.", student_number="string"),
    spec("get_teacher_slots", "List a teacher's free lesson slots.", teacher_id="string"),
    spec("get_lesson", "Read a lesson: its time, price paid and status (scheduled, completed, "
         "cancelled).", lesson_id="string"),
    spec("book_lesson", "Book a lesson for a student.", student_id="string", start="string",
         minutes="integer"),
    spec("move_lesson", "Move a lesson to another slot.", lesson_id="string", start="string"),
    spec("cancel_lesson", "Cancel a lesson.", lesson_id="string"),
    spec("refund_payment", "Refund the payment of a lesson.", lesson_id="string",
         amount=("number", "Amount in GBP.")),
    spec("rent_instrument", "Rent an instrument to a student.", student_id="string",
         instrument=("string", "violin, cello, flute, drums or harp"),
         deposit=("number", "Deposit in GBP.")),
    spec("lend_sheet_music", "Lend sheet music to a student.", student_id="string",
         title="string"),
    spec("send_reminder", "Send a lesson reminder to the parents.", lesson_id="string",
         message="string"),
]  # fmt: skip

GYM = [
    spec("findMember", "Look up a gym member by name or card.", query="string"),
    spec("getBooking", "Read a booking and its status.", bookingId="string"),
    spec("createBooking", "Book a climbing session for a member.", memberId="string",
         sessionId="string"),
    spec("cancelBooking", "Cancel a booking.", bookingId="string"),
    spec("issueRefund", "Refund a booking payment.", bookingId="string", amount="number"),
]  # fmt: skip

FERRY = [
    spec("passengers.Lookup", "Find a passenger by booking reference.", query="string"),
    spec("sailings.Get", "Get a sailing and its free places.", sailing_id="string"),
    spec("tickets.Book", "Book tickets on a sailing.", sailing_id="string",
         passenger_id="string"),
    spec("tickets.Cancel", "Cancel a ticket.", ticket_id="string"),
    spec("refunds.Issue", "Refund a cancelled ticket.", ticket_id="string"),
]  # fmt: skip

POOL = [
    spec("find_patron", "Find a pool patron by card number.", card="string"),
    spec("get_pass", "Read a pass and its status (active, frozen, used).", pass_id="string"),
    spec("sell_pass", "Sell a pass to a patron.", patron_id="string", kind="string"),
    spec("freeze_pass", "Freeze a pass.", pass_id="string", weeks="integer"),
    spec("refund_pass", "Refund a pass.", pass_id="string", amount="number"),
    spec("book_lane", "Book a swimming lane.", patron_id="string", pass_id="string",
         start="string"),
    spec("escalate_case", "Hand the case to the supervisor.", summary="string"),
]  # fmt: skip

Policy = tuple[str, str, dict[str, Any]]

# (id, tools, text, the policies expected (operator, target, params), each enforced)
ENFORCED: list[tuple[str, list[dict[str, Any]], str, list[Policy]]] = [
    ("gerund-with", SCHOOL, "Before booking, look the student up with find_student.",
     [("require_before", "book_lesson", {"before": "find_student"})]),
    ("gerund-prior", SCHOOL, "Prior to renting, read the lesson with get_lesson.",
     [("require_before", "rent_instrument", {"before": "get_lesson"})]),
    ("pronoun-step", SCHOOL,
     "Before you book anything for a student, look them up with find_student.",
     [("require_before", "book_lesson", {"before": "find_student"})]),
    ("verb-list", SCHOOL,
     "Before you book, rent or lend anything to a student, you need to find them with "
     "find_student first.",
     [("require_before", "book_lesson", {"before": "find_student"}),
      ("require_before", "rent_instrument", {"before": "find_student"}),
      ("require_before", "lend_sheet_music", {"before": "find_student"})]),
    ("clause-pronoun-object", SCHOOL, "You must have called get_lesson before you move it.",
     [("require_before", "move_lesson", {"before": "get_lesson"})]),
    ("trailing-for-them", GYM,
     "Always look the member up with findMember before you book for them.",
     [("require_before", "createBooking", {"before": "findMember"})]),
    ("unless-found", GYM,
     "Bookings are not cancelled unless the member has been found with findMember.",
     [("require_before", "cancelBooking", {"before": "findMember"})]),
    ("unless-first", FERRY,
     "Never cancel a ticket unless the passenger was found with passengers.Lookup first.",
     [("require_before", "tickets.Cancel", {"before": "passengers.Lookup"})]),
    ("needs-call", SCHOOL, "Moving a lesson needs a fresh get_lesson call first.",
     [("require_before", "move_lesson", {"before": "get_lesson"})]),
    ("label-first", GYM, "Refunds: read the booking with getBooking first.",
     [("require_before", "issueRefund", {"before": "getBooking"})]),
    ("label-id", SCHOOL, "Cancellations: get_lesson first.",
     [("require_before", "cancel_lesson", {"before": "get_lesson"})]),
    ("lead-line-first", SCHOOL, "Refunds:\n- read the lesson with get_lesson first",
     [("require_before", "refund_payment", {"before": "get_lesson"})]),
    ("bold-lead-first", SCHOOL, "**Cancellations**\n- get_lesson first",
     [("require_before", "cancel_lesson", {"before": "get_lesson"})]),
    ("id-lead", GYM, "getBooking first, then refund.",
     [("require_before", "issueRefund", {"before": "getBooking"})]),
    ("id-lead-before", GYM, "`getBooking` before any refund, always.",
     [("require_before", "issueRefund", {"before": "getBooking"})]),
    ("copula-between", SCHOOL, "The deposit is between £50 and £300.",
     [("arg_within_bound", "rent_instrument", {"arg": "deposit", "min": 50, "max": 300})]),
    ("copula-plural", SCHOOL, "Rental deposits are between £40 and £250.",
     [("arg_within_bound", "rent_instrument", {"arg": "deposit", "min": 40, "max": 250})]),
    ("only-passive", SCHOOL, "Only violins, cellos and flutes can be rented.",
     [("resource_in_allowlist", "rent_instrument",
       {"arg": "instrument", "allowed": ["violin", "cello", "flute"]})]),
    ("only-active", SCHOOL, "We only rent out a violin, a cello or a flute.",
     [("resource_in_allowlist", "rent_instrument",
       {"arg": "instrument", "allowed": ["violin", "cello", "flute"]})]),
    ("never-passive", SCHOOL, "Drums and harps are never rented out.",
     [("deny_action", "rent_instrument", {"arg": "instrument", "values": ["drums", "harp"]})]),
    ("never-active", SCHOOL, "Never rent out drums or harps.",
     [("deny_action", "rent_instrument", {"arg": "instrument", "values": ["drums", "harp"]})]),
    ("nobody-gets", SCHOOL, "Nobody gets more than two rentals.",
     [("max_calls", "rent_instrument", {"max": 2})]),
    ("no-person-receives", SCHOOL, "No student receives more than one refund per lesson.",
     [("max_calls", "refund_payment", {"max": 1, "per": "lesson"})]),
    # "until" the state ends: the state test, not a ban under an unbound condition
    ("until-state-ends", SCHOOL,
     "Students whose account is suspended cannot book anything until the office lifts the "
     "suspension.",
     [("state_condition", "book_lesson", {"denied": ["suspended"]})]),
    # a ceiling said after the count is the count's, not a condition
    ("ceiling-after", SCHOOL, "Send reminders once per lesson at most.",
     [("max_calls", "send_reminder", {"max": 1, "per": "lesson"})]),
    # the state of what the call uses: "be used to V" names the action
    ("used-to", POOL, "A pass that is frozen cannot be used to book a lane.",
     [("state_condition", "book_lane", {"denied": ["frozen"]})]),
    ("used-for", POOL, "Frozen passes can't be used for booking lanes.",
     [("state_condition", "book_lane", {"denied": ["frozen"]})]),
    # a value refused from the user must come from a tool: never "from the user" inverted
    ("not-typed", POOL, "Do not use a patron id the patron typed.",
     [("arg_grounded", tool, {"arg": "patron_id", "from_user": False, "from_tools": ["*"]})
      for tool in ("sell_pass", "book_lane")]),
    # a verbless count of what one call makes ("lanes": `book_lane`) is a count of calls
    ("verbless-count", POOL, "At most 2 lanes per patron.",
     [("max_calls", "book_lane", {"max": 2, "per": "patron"})]),
    # a statement of what happens that rules the other order out is a requirement
    ("stated-not-before", SCHOOL,
     "Reminders are sent with send_reminder after the lesson is booked, not before.",
     [("require_before", "send_reminder", {"before": "book_lesson"})]),
    # the unit of the last value is every value's: the minutes, not the lesson's id
    ("measured-list", SCHOOL, "Lessons can only be 30, 45 or 60 minutes long.",
     [("resource_in_allowlist", "book_lesson", {"arg": "minutes", "allowed": ["30", "45", "60"]})]),
]  # fmt: skip


def _mine(folder: Path, text: str, tools: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    policies = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    return policies, notes


def _has(policies: list[Any], want: Policy) -> bool:
    operator, target, params = want
    return any(
        p.operator == operator
        and p.target == target
        and p.enforcement == "enforce"
        and all(k in flat(p) and same(v, flat(p)[k]) for k, v in params.items())
        for p in policies
    )


@pytest.mark.parametrize("case", ENFORCED, ids=[c[0] for c in ENFORCED])
def test_enforced(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _id, tools, text, wanted = case
    policies, _notes = _mine(tmp_path, text, tools)
    for want in wanted:
        assert _has(policies, want), (want, [(p.operator, p.target, flat(p)) for p in policies])
    enforced = [p for p in policies if p.enforcement == "enforce"]
    assert len(enforced) == len(wanted), [(p.operator, p.target) for p in enforced]


# read, on a mention only partly grounded in the words ("refunds", "rent"): kept for review
REVIEWED: list[tuple[str, list[dict[str, Any]], str, Policy]] = [
    ("needs-camel", GYM, "Refunds need a prior getBooking call.",
     ("require_before", "issueRefund", {"before": "getBooking"})),
    ("verb-only", SCHOOL, "Rent only violins or cellos.",
     ("resource_in_allowlist", "rent_instrument",
      {"arg": "instrument", "allowed": ["violin", "cello"]})),
    # a verb no tool is named by ("collect"): the one argument listing every value is the
    # rule's (`values15_bind`), an inference, so reviewed
    ("values-decide-tool", SCHOOL, "We never collect drums, harps or flutes.",
     ("deny_action", "rent_instrument",
      {"arg": "instrument", "values": ["drums", "harp", "flute"]})),
    # the tool a review is asked through is not the act reviewed
    ("review-channel", POOL,
     "Refunds over $150 need a supervisor's approval; hand it over with escalate_case.",
     ("review_required", "refund_pass", {})),
    # stated as what exists: the values are read, kept for review with that condition
    ("stated-lengths", SCHOOL, "Lessons are 30, 45 or 60 minutes long.",
     ("resource_in_allowlist", "book_lesson", {"arg": "minutes", "allowed": ["30", "45", "60"]})),
    ("stated-run", SCHOOL, "Lessons run 30 or 60 minutes.",
     ("resource_in_allowlist", "book_lesson", {"arg": "minutes", "allowed": ["30", "60"]})),
]  # fmt: skip


@pytest.mark.parametrize("case", REVIEWED, ids=[c[0] for c in REVIEWED])
def test_reviewed(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _id, tools, text, (operator, target, params) = case
    policies, _notes = _mine(tmp_path, text, tools)
    found = [
        p
        for p in policies
        if p.operator == operator
        and p.target == target
        and all(k in flat(p) and same(v, flat(p)[k]) for k, v in params.items())
    ]
    assert found, [(p.operator, p.target, flat(p)) for p in policies]
    assert not [p for p in policies if p.enforcement == "enforce" and p not in found]


# never stronger than the sentence: nothing enforced, and a located note says why
NOT_ENFORCED: list[tuple[str, list[dict[str, Any]], str, str]] = [
    # no argument lists these values: the words may be kinds of thing, not values
    ("values-no-schema", SCHOOL, "Only paperbacks and scores can be lent.",
     "argument-restriction-not-compiled"),
    # a coordinated ban keeps the words that qualify it: never three flat bans
    ("coordinated-qualified", POOL,
     "You may not sell, freeze or refund a pass for someone you have not found.",
     "condition-not-bound"),
    # a statement of what happens, no more: the order is read, and reviewed
    ("stated-only", SCHOOL,
     "Reminders are sent with send_reminder after the lesson is booked.",
     "condition-not-bound"),
    # "until" is the only condition: never read without it
    ("until-only-condition", SCHOOL, "Do not refund until the office approves it.",
     "condition-not-bound"),
    # a verb that names no call: nothing ordered
    ("no-call-verb", SCHOOL, "Before answering, look the student up with find_student.",
     "rule-not-compiled"),
]  # fmt: skip


@pytest.mark.parametrize("case", NOT_ENFORCED, ids=[c[0] for c in NOT_ENFORCED])
def test_not_enforced(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _id, tools, text, code = case
    policies, notes = _mine(tmp_path, text, tools)
    assert not [p for p in policies if p.enforcement == "enforce"], policies
    assert code in {n.code for n in notes}, [(n.code, n.message) for n in notes]


LOOK_ALIKES = [
    "Before 9 am, the desk is closed.",
    "Before booking, most students look at the timetable.",
    "Before anything else, greet the student warmly.",
    "Violins, cellos and flutes are rented out most often.",
    "Unless the student asks, do not mention the waiting list.",
    "The lesson is between the two rehearsals.",
    "No student gets more than two lessons.",  # lessons are no action: nothing counted
    "Each student gets more than two rentals.",  # no ceiling
    "At most 3 guests per lesson.",  # no call makes one guest: not a count of calls
]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes(tmp_path: Path, text: str) -> None:
    policies, _notes = _mine(tmp_path, text, SCHOOL)
    assert not [p for p in policies if p.enforcement == "enforce"], [
        (p.operator, p.target, flat(p)) for p in policies
    ]


def test_bound_on_a_noun_no_tool_answers_is_noted(tmp_path: Path) -> None:
    # several money arguments fit and the noun names none of them: nothing enforced, and the
    # noun is reported where it stands (it was spread over every `amount` before)
    tools = [*SCHOOL, spec("charge_fee", "Charge a fee.", fee=("number", "GBP"))]
    policies, notes = _mine(tmp_path, "The sum is between £5 and £80.", tools)
    assert not [p for p in policies if p.enforcement == "enforce"]
    assert "unresolved-mention" in {n.code for n in notes}, [(n.code, n.message) for n in notes]


def test_tie_note_dropped_when_the_noun_decides(tmp_path: Path) -> None:
    policies, notes = _mine(tmp_path, "The deposit is between £50 and £300.", SCHOOL)
    assert _has(policies, ("arg_within_bound", "rent_instrument", {"arg": "deposit"}))
    assert "bound-argument-tie" not in {n.code for n in notes}


def test_bare_verbs_unit() -> None:
    from specgap.extract.order15_bare import bare_verbs, unless_called

    assert bare_verbs("booking") == ["book"]
    assert bare_verbs("you lend it out") == ["lend"]
    assert bare_verbs("you book, renew or cancel anything for a member") == [
        "book", "renew", "cancel",
    ]  # fmt: skip
    assert bare_verbs("answering") == []  # no call
    assert bare_verbs("you book a room") == []  # an object of its own: read elsewhere
    assert bare_verbs("9 am") == []
    said = "No X is cancelled unless `find_x` has been called."
    assert "until `find_x`" in unless_called(said)
    kept = "Do not cancel unless the member is frozen."
    assert unless_called(kept) == kept  # a state, not a call


def test_refusal_of_what_was_not_given_stays_from_the_user() -> None:
    from specgap.extract.sources import value_sources

    said = value_sources("Never use an e-mail address the customer did not give.")
    assert said
    assert all(e.params.get("from_user") for e in said)
    refused = value_sources("Never use an e-mail address the customer typed.")
    assert refused
    assert all(e.params.get("from_tools") == ["*"] for e in refused)

"""More counts of calls: "only one time" and "a maximum of two times" (a count of the act,
never of items), "the same pass twice" and a generic passive subject ("rentals can be
extended twice": each rental's), a count per the user's call (per trace), "one X is allowed
per Y", a "Limit:" label, a table row with "once", a setting named for its limit
("max_upgrades_per_pass: 1") and action nouns made from a verb ("one inspection per
shipment"). Never stronger: a span of time alone is reviewed with its note, a thing or a
measure is no count of calls, and "once" as a conjunction is none. A ski resort and a grain
co-operative, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _tool
from tests.test_grammar_noun_counts import _built, _counts

SKI = [
    _tool("get_pass", "Look up a lift pass.", pass_id="string"),
    _tool("upgrade_pass", "Upgrade a lift pass to a higher tier.", pass_id="string"),
    _tool("refund_pass", "Refund a lift pass.", pass_id="string"),
    _tool("book_lesson", "Book a ski lesson.", guest_id="string", date="string"),
    _tool("cancel_lesson", "Cancel a ski lesson.", lesson_id="string"),
    _tool("extend_rental", "Extend an equipment rental.", rental_id="string", days="number"),
    _tool("reset_pin", "Reset a guest's account PIN.", guest_id="string"),
]
GRAIN = [
    _tool("get_shipment", "Fetch a grain shipment.", shipment_id="string"),
    _tool("update_shipment", "Change the date of a shipment.", shipment_id="string"),
    _tool("transfer_funds", "Transfer funds to a farm.", farm_id="string", amount="number"),
    _tool("book_inspection", "Book a quality inspection.", shipment_id="string"),
    _tool("waive_fee", "Waive a storage fee.", invoice_id="string"),
]
E, R = "enforce", "review_only"

# (sentence, tools, (target, max, per, enforcement))
READ: list[tuple[str, list[dict[str, object]], tuple[str, int, str | None, str]]] = [
    # "one time", "N times" after "a maximum of": a count of the act
    ("A pass can be refunded only one time.", SKI, ("refund_pass", 1, "pass", E)),
    # (an imperative's "a rental" is any one rental, as a passive's generic subject is)
    ("You may extend a rental one time.", SKI, ("extend_rental", 1, "rental", E)),
    ("Rentals can be extended a maximum of two times.", SKI, ("extend_rental", 2, "rental", E)),
    # the same thing twice; a generic subject of a passive: each one's count
    ("Never refund the same pass twice.", SKI, ("refund_pass", 1, "pass", E)),
    ("Shipments may be updated at most twice.", GRAIN, ("update_shipment", 2, "shipment", E)),
    # per the user's call is per conversation
    ("Only one transfer per call.", GRAIN, ("transfer_funds", 1, None, E)),
    # "one X is allowed per Y", a "Limit:" label, a span after "limited to ... per Y"
    ("Only one upgrade is allowed per pass.", SKI, ("upgrade_pass", 1, "pass", E)),
    ("Only one inspection is allowed per shipment.", GRAIN, ("book_inspection", 1, "shipment", E)),
    ("Limit: one rental extension per rental.", SKI, ("extend_rental", 1, "rental", E)),
    ("Maximum: two shipment updates per shipment.", GRAIN, ("update_shipment", 2, "shipment", E)),
    (
        "Fund transfers are limited to one per farm per day.",
        GRAIN,
        ("transfer_funds", 1, "farm", E),
    ),
    # a setting named for the limit it holds
    ("max_upgrades_per_pass: 1", SKI, ("upgrade_pass", 1, "pass", E)),
    ("- max_transfers_per_farm: 2", GRAIN, ("transfer_funds", 2, "farm", E)),
    # a span of time alone: reviewed (one trace does not show a week)
    ("The PIN may be reset up to three times a week.", SKI, ("reset_pin", 3, "week", R)),
]

# a table row with "once": the cell joins its row
TABLE = "| Action | Limit |\n|---|---|\n| Pass upgrade | once per pass |\n"

NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("Limit: three tonnes per shipment.", GRAIN),  # a measure
    ("max_tonnes_per_shipment: 40", GRAIN),  # a setting of a measure
    ("Two inspectors are allowed per site.", GRAIN),  # people, not acts
    ("Only one farm is allowed per account.", GRAIN),  # a thing
    ("Once a pass is refunded, it cannot be upgraded.", SKI),  # "once": when
    ("Book lessons in one time slot.", SKI),  # a time slot, no count of calls
]


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_a_count_of_calls_is_read(
    tmp_path: Path,
    sentence: str,
    tools: list[dict[str, object]],
    expected: tuple[str, int, str | None, str],
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _counts(built) == {expected}
    found = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    assert "arg_count_bound" not in found  # the count of the act, not of an argument's items
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert ("condition-not-bound" in codes) == (expected[3] == R and expected[2] is not None)


def test_a_table_row_with_once_is_a_count(tmp_path: Path) -> None:
    assert _counts(_built(tmp_path, TABLE, SKI)) == {("upgrade_pass", 1, "pass", E)}


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_count_of_calls(tmp_path: Path, sentence: str, tools: list[dict[str, object]]) -> None:
    assert _counts(_built(tmp_path, sentence, tools)) == set()


# --- a count of what one call acts on one of (specgap/extract/call_nouns.py) ---------------

COURSE = [
    _tool("find_student", "Find a student.", student_id="string"),
    _tool(
        "enroll_student", "Enroll a student in a section.", student_id="string", section_id="string"
    ),
    _tool(
        "drop_course", "Drop a student from a section.", student_id="string", section_id="string"
    ),
    _tool(
        "join_waitlist", "Put a student on a waitlist.", student_id="string", section_id="string"
    ),
    _tool("update_major", "Change a student's major.", student_id="string", major="string"),
    _tool("reserve_seats", "Reserve exam seats.", student_id="string", seats="integer"),
    _tool("request_transcript", "Order a transcript.", student_id="string"),
]

COURSE_READ: list[tuple[str, tuple[str, int, str | None, str]]] = [
    # each call acts on one course (a tool is named for it) or one section (a string id)
    (
        "Students can join the waitlist for up to three sections.",
        ("join_waitlist", 3, "student", E),
    ),
    # per the person the count is given to; a span is kept (the courses' term, maybe)
    ("Students may enroll in at most 5 courses per term.", ("enroll_student", 5, "term", R)),
    ("A student can drop a course no more than twice.", ("drop_course", 2, "student", E)),
    # a span with a word before it ("academic year") is still a span
    (
        "Each student may change their major only once per academic year.",
        ("update_major", 1, "year", R),
    ),
]

COURSE_READ += [
    # a label with an entity and a span; a person limited to; "there is a limit of"; "the
    # maximum number of X per Y is N"
    (
        "Transcript requests: at most two per student per term.",
        ("request_transcript", 2, "student", E),
    ),
    ("Students are limited to two transcript requests.", ("request_transcript", 2, "student", E)),
    ("There is a limit of two course drops per student.", ("drop_course", 2, "student", E)),
    (
        "The maximum number of transcript requests per student is 3.",
        ("request_transcript", 3, "student", E),
    ),
    # "no <person> may <verb> more than N", a two-word noun, "up to" after the object
    # ("courses" is `course` since the seventeenth session, no longer `cours`: the count's
    # tool resolves on its words and the rule is enforced)
    ("No student may drop more than 2 courses.", ("drop_course", 2, "student", E)),
    (
        "Never request more than one official transcript per student.",
        # "official" is a word no tool uses, dropped before the noun it qualifies (resolve's
        # recast): the mention resolves, and the count per student binds to `student_id`
        ("request_transcript", 1, "student", E),
    ),
]

COURSE_NOT_READ: list[str] = [
    "There is a limit of 40 credits per student.",  # a measure, not an act
    "Students get one free transcript per term.",  # more cost a fee: none is forbidden
    "Students may reserve at most 4 seats.",  # a number one call takes: no count of calls
]


@pytest.mark.parametrize(("sentence", "expected"), COURSE_READ, ids=[s for s, _ in COURSE_READ])
def test_a_count_of_what_each_call_acts_on(
    tmp_path: Path, sentence: str, expected: tuple[str, int, str | None, str]
) -> None:
    assert _counts(_built(tmp_path, sentence, COURSE)) == {expected}


@pytest.mark.parametrize("sentence", COURSE_NOT_READ)
def test_no_count_of_calls_of_a_course_tool(tmp_path: Path, sentence: str) -> None:
    assert _counts(_built(tmp_path, sentence, COURSE)) == set()


@pytest.mark.parametrize(
    ("noun", "one"),
    [
        ("courses", True),  # the tool `drop_course`
        ("section", True),  # `section_id`, a string
        ("seats", False),  # `seats`, an integer: how many in one call
        ("grades", False),  # named by no tool nor id
        ("credits", False),  # named by no tool
    ],
)
def test_the_nouns_one_call_acts_on_one_of(noun: str, one: bool) -> None:
    from specgap.extract.call_nouns import nouns_of_tools, one_per_call, tool_nouns
    from specgap.registry import Tool

    tools = [
        Tool(id=str(t["function"]["name"]), schema=t["function"]["parameters"])  # type: ignore[index]
        for t in COURSE
    ]
    with tool_nouns(nouns_of_tools(tools)):
        assert one_per_call(noun) is one
    assert one_per_call(noun) is False  # outside a build: none


def test_a_count_of_free_acts_is_only_reviewed(tmp_path: Path) -> None:
    """More acts cost a fee: none is forbidden, so the count is never enforced."""
    built = _built(tmp_path, "You may extend a rental once free of charge.", SKI)
    assert _counts(built) == {("extend_rental", 1, "rental", R)}
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert "condition-not-bound" in codes

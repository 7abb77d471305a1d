"""Session 36: shapes a rules register exported as CSV and a few general phrasings used that no
reader read: a fenced `csv` block read one rule a row (rows whose status is not in force bind
nothing), "in this conversation" after a tool or a source, "has to be one the search
returned", "before anything else, in every conversation", "pass the identity check", and
"two identity attempts per chat is the limit". Sentences written for these tests, in a made-up
piano tuning visit desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.count24 import person_count
from specgap.extract.group36 import group_label
from specgap.extract.nominal36 import respelt as respelt_nominal
from specgap.extract.passed36 import respelt as respelt_passed
from specgap.extract.register36 import register_block, register_rows
from specgap.extract.sources import value_sources
from specgap.extract.terms36 import respelt as respelt_terms
from specgap.resolve.spelt_out import titled
from specgap.resolve.text import unversioned
from tests.probes import desk_policies, fits, has_policy, shown, spec

PIANO = [
    spec("find_client", "Finds a client's record by phone number.", phone="string"),
    spec("check_identity", "Compares a postcode with the client record.", postcode="string"),
    spec("search_visits", "Searches open tuning visits.", days_ahead="integer"),
    spec("book_visit", "Books a tuning visit.", visit_slot_id="string", pianos="integer"),
    spec("get_visit", "Opens one visit.", visit_id="string"),
    spec("move_visit", "Moves a visit to another slot.", visit_id="string", new_slot_id="string"),
    spec("cancel_visit", "Cancels a visit.", visit_id="string"),
    spec("send_text", "Texts the client.", template="string"),
    spec("erase_client", "Erases a client's record.", client_id="string"),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


REGISTER = (
    "Only rows whose status says live are in force; retired and draft rows are kept for the "
    "audit trail.\n\n"
    "```csv\n"
    "ref,area,rule,status\n"
    'T1,visits,"Never call erase_client, whoever asks.",live\n'
    "T2,visits,Never call cancel_visit.,retired\n"
    'T3,texts,"Send at most two texts per chat, one at a time.",live\n'
    "T4,visits,Never call move_visit.,draft\n"
    "```\n"
)


def test_a_register_reads_its_rows_in_force(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, REGISTER, PIANO)
    assert has_policy(policies, "deny_action", "erase_client", "enforce"), shown(policies)
    assert read(policies, "max_calls", "send_text", max=2), shown(policies)
    # a retired or a draft row binds nothing
    assert not any(p.target in {"cancel_visit", "move_visit"} for p in policies), shown(policies)
    # each rule is located at its own row (under "# Desk", a blank line, the preamble)
    lines = {p.target: p.source.span.start_line for p in policies}
    assert lines["erase_client"] == 7


def test_register_rows_and_offsets() -> None:
    text = REGISTER
    start = text.index("ref,")
    rows = list(register_rows("csv", text, start, len(text)))
    assert [r.said for r in rows] == [
        "Never call erase_client, whoever asks.",
        "Send at most two texts per chat, one at a time.",
    ]
    assert [r.topic for r in rows] == ["visits", "texts"]  # the area column: their heading
    for row in rows:  # every character sits where the prompt has it
        assert [text[row.offsets[i]] for i in range(len(row.said))] == list(row.said)


def test_a_quoted_cell_with_a_doubled_quote_and_a_status_word_withdrawn() -> None:
    # no sentence before it names the values in force: a withdrawn word binds nothing
    text = (
        "ref\tscope\trule\tstate\n"
        'A\tbooking\tSay "yes" twice.\tactive\n'
        "B\tall\tOld one.\tsuperseded\n"
    )
    rows = list(register_rows("tsv", text, 0, len(text)))
    assert [(r.said, r.topic) for r in rows] == [('Say "yes" twice.', "booking")]
    quoted = 'id,rule\nx,"Say ""yes"", then book."\n'
    (row,) = register_rows("csv", quoted, 0, len(quoted))
    assert row.said == 'Say "yes", then book.'
    assert [quoted[row.offsets[i]] for i in range(len(row.said))] == list(row.said)


def test_what_is_a_register() -> None:
    assert register_block("csv", "a,b\n1,2\n")
    assert register_block("", "ref,area,rule,status\nR1,x,Do it.,live\n")
    assert not register_block("", "x = 1, 2, 3\n")  # code: no header of plain names
    assert not register_block("", "name,phone,email\nAda,1,a@b\n")  # no rule column
    assert not register_block("python", "print(1)\n")


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        (
            "The new slot must come from a visit search run in this conversation.",
            "arg_grounded",
            "move_visit",
            {"from_tools": ["search_visits"], "from_user": False},
        ),
        (
            "The slot has to be one the visit search returned in this chat.",
            "arg_grounded",
            "book_visit",
            {"from_tools": ["search_visits"], "from_user": False},
        ),
        (
            "Look up the client record before anything else, in every conversation.",
            "require_before",
            "*",
            {"before": "find_client"},
        ),
        (
            "Pass the identity check before booking or moving a visit.",
            "require_before",
            "move_visit",
            {"before": "check_identity"},
        ),
        (
            "Two identity attempts per conversation is the limit.",
            "max_calls",
            "check_identity",
            {"max": 2},
        ),
        (
            "Two identity checks per chat is the limit.",
            "max_calls",
            "check_identity",
            {"max": 2},
        ),
        (
            "Run the identity check in the same conversation before any booking.",
            "require_before",
            "book_visit",
            {"before": "check_identity"},
        ),
    ],
)
def test_read(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence, PIANO)
    assert read(policies, operator, tool, **params), shown(policies)


def test_a_source_named_by_a_pointer_is_no_tool() -> None:
    # "that lookup" points back at a lookup; it names no tool called "lookup" (read by the
    # other source readers as some tool's output)
    (pointed,) = value_sources("The phone number has to be the one that lookup gave you.")
    assert pointed.params["from_tools"] == ["*"]
    (named,) = value_sources("The slot has to be one the visit search returned.")
    assert named.params["from_tools"] == ["search visit"]


def test_a_label_of_a_group_of_people_keeps_the_rule_for_them(tmp_path: Path) -> None:
    # read without its label the bound would hold for every client: stronger than the line
    policies = desk_policies(tmp_path, "New clients: pianos from 1 to 2.", PIANO)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert bounds, shown(policies)
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)
    # a label of everyone is no condition
    (tmp_path / "all").mkdir()
    policies = desk_policies(tmp_path / "all", "All clients: pianos from 1 to 2.", PIANO)
    assert has_policy(policies, "arg_within_bound", "book_visit", "enforce"), shown(policies)


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("First-time donors: age from 17.", "first-time donors"),
        ("Returning renters - two bikes at most.", "returning renters"),
        ("Gift vouchers: two at most.", None),  # things, not people
        ("All members: two at most.", None),  # everyone
        ("For reminders: list them first.", None),
        ("Members: two at most.", None),  # one word: no narrower group
    ],
)
def test_group_labels(text: str, group: str | None) -> None:
    found = group_label(text)
    assert (found[1] if found else None) == group


# the same desk as an ERP names its functions: transaction codes, the act in each description's
# title ("Visit: create.")
CODES = [
    spec("CL03", "Client record: display. Finds a client by phone number.", phone="string"),
    spec("VS11", "Visit search. Lists open tuning visits.", days_ahead="integer"),
    spec("VB01", "Visit: create. Books a tuning visit.", visit_slot_id="string"),
    spec("VB06", "Visit: cancel.", visit_id="string"),
    spec("PM01", "Payment: take. Charges a saved card.", amount="number"),
    spec("ML01", "Email: send from a template.", template="string"),
    spec("ER99", "Client record: erase. Office only.", client_id="string"),
]


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        ("Never run ER99.", "deny_action", "ER99", {}),
        ("Open every conversation with CL03.", "require_before", "*", {"before": "CL03"}),
        ("Take a payment before booking a visit.", "require_before", "VB01", {"before": "PM01"}),
        ("Send no more than two emails in one conversation.", "max_calls", "ML01", {"max": 2}),
        (
            "One client gets at most two visit bookings in a single conversation.",
            "max_calls",
            "VB01",
            {"max": 2, "per": "client"},
        ),
    ],
)
def test_transaction_codes(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence, CODES)
    assert read(policies, operator, tool, **params), shown(policies)


def test_titles_name_a_coded_tool() -> None:
    assert titled("VB01", "Visit: create. Books a tuning visit.") == "create visit"
    assert titled("ML01", "Email: send from a template.") == "send email"
    assert titled("VS11", "Visit search. Lists open tuning visits.") == "visit search"
    assert titled("VB01", "Books a tuning visit in the diary for a client.") is None
    assert titled("book_visit", "Visit: create.") is None  # a name with words names itself


def test_a_count_over_a_conversation_is_no_list(tmp_path: Path) -> None:
    # "at most two visit bookings in a single conversation": how often, no list of bookings
    policies = desk_policies(
        tmp_path, "A client has at most two visit bookings in a single conversation.", CODES
    )
    assert not any(p.operator == "arg_count_bound" for p in policies), shown(policies)
    assert person_count("Each guest gets at most two towels per stay.") is None  # things
    assert (
        person_count("A reader places no more than three orders in one chat.")
        == "Place at most three orders in one chat."
    )


TERMS = (
    'In these conditions "you" is the client and "we" is the firm; in this chat the firm is '
    "you, the assistant.\n\n"
)


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        ("We never call erase_client.", "deny_action", "erase_client", {}),
        (
            "We read the visit back to you and call book_visit only after you have said yes.",
            "require_confirmation",
            "book_visit",
            {},
        ),
        (
            "We open your visit with get_visit before we cancel_visit.",
            "require_before",
            "cancel_visit",
            {"before": "get_visit"},
        ),
    ],
)
def test_conditions_whose_we_is_the_assistant(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, TERMS + sentence, PIANO)
    assert read(policies, operator, tool, **params), shown(policies)


def test_we_and_you_said_to_the_agent() -> None:
    assert respelt_terms(TERMS, "We can book only a visit you chose.") == (
        "Book only a visit the client chose."
    )
    assert respelt_terms(TERMS, "We change it only once you agree.") == (
        "Change it only once the client agrees."
    )
    assert respelt_terms(TERMS, "2.1 We cannot take a date outside the season.") == (
        "2.1 Never take a date outside the season."
    )
    # a prompt whose "we" is its writers is read as it stands
    assert respelt_terms("We run a piano tuning firm.\n", "We never call erase_client.") is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Never accept a phone number that the client types to you in the chat.",
        "Never accept a visit slot from the client.",
    ],
)
def test_a_negated_use_names_no_source(tmp_path: Path, sentence: str) -> None:
    # "never accept X the client types" says X is never the client's: no rule that X must be
    policies = desk_policies(tmp_path, sentence, PIANO)
    assert not any(p.operator == "arg_grounded" and p.condition.from_user for p in policies), shown(
        policies
    )


# the desk behind a tool gateway that tags each name with hex digits
TAGGED = [
    spec(
        "find_client_7c1e",
        "Finds a client's record by phone number. Returns client_id and status (active, paused "
        "or closed).",
        phone="string",
    ),
    spec("book_visit_19ad", "Books a tuning visit.", client_id="string", visit_slot_id="string"),
]


def test_a_gateway_tag_is_no_word_of_the_name(tmp_path: Path) -> None:
    # `find_client_7c1e` reads the client (its tag is no word), so the state is bound to it
    policies = desk_policies(
        tmp_path, "Never book a visit for a client whose record status is paused or closed.", TAGGED
    )
    assert read(
        policies,
        "state_condition",
        "book_visit_19ad",
        field="status",
        denied=["paused", "closed"],
        read=["find_client_7c1e"],
    ), shown(policies)
    assert unversioned(["find", "client", "7c1e"]) == ["find", "client"]
    assert unversioned(["add", "fee"]) == ["add", "fee"]  # letters only: a word


def test_a_list_of_values_after_whose(tmp_path: Path) -> None:
    policies = desk_policies(
        tmp_path,
        "Never book a visit for a client whose status is active, paused or closed.",
        TAGGED,
    )
    assert read(
        policies, "state_condition", "book_visit_19ad", denied=["active", "paused", "closed"]
    ), shown(policies)


# gRPC-style method names: the reader is named `...GetVisit`, its description opens "Open"
GRPC = [
    spec(
        "piano.visits.v1.VisitService.GetVisit",
        "Open a visit. Returns status (provisional, confirmed or done) and its date.",
        visit_id="string",
    ),
    spec("piano.visits.v1.VisitService.MoveVisit", "Move a visit.", visit_id="string"),
]


def test_a_qualified_reader_and_a_field_after_returns(tmp_path: Path) -> None:
    policies = desk_policies(
        tmp_path, "A visit can be moved only while it is provisional or confirmed.", GRPC
    )
    assert read(
        policies,
        "state_condition",
        "piano.visits.v1.VisitService.MoveVisit",
        field="status",  # never "returns status"
        allowed=["provisional", "confirmed"],
        read=["piano.visits.v1.VisitService.GetVisit"],
    ), shown(policies)


@pytest.mark.parametrize(
    ("sentence", "source"),
    [
        ("Nothing from the identity check goes into a text.", "check_identity"),
        ("Nothing the visit search returns may appear in a text.", "search_visits"),
        ("Visit search results never go into a text.", "search_visits"),
    ],
)
def test_a_flow_whose_ends_are_said_in_words(tmp_path: Path, sentence: str, source: str) -> None:
    # the source is the one tool whose id says its words; the sink a thing the agent sends
    policies = desk_policies(tmp_path, sentence, PIANO)
    assert read(policies, "flow_denied", "send_text", sources=[source]), shown(policies)


def test_a_flow_from_words_no_tool_says_is_no_flow(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Piano notes never go into a text.", PIANO)
    assert not any(p.operator == "flow_denied" for p in policies), shown(policies)


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        (
            "The identity check (check_identity) must have passed before you book a visit or "
            "move a visit.",
            "require_before",
            "move_visit",
            {"before": "check_identity"},
        ),
        (
            "Whatever they ask about, first look up the client record; nothing else happens "
            "until you have it.",
            "require_before",
            "*",
            {"before": "find_client"},
        ),
    ],
)
def test_a_step_said_as_passed_or_pointed_back_at(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence, PIANO)
    assert read(policies, operator, tool, **params), shown(policies)


def test_passed_respelt() -> None:
    said = respelt_passed("`x_check` has to have run before you book a seat or take a payment.")
    assert said == "Run `x_check` before booking a seat or taking a payment."
    # a person's step is no call
    assert respelt_passed("The client must have agreed before you book a visit.") is None


def test_an_act_noun_as_the_subject_of_a_permission(tmp_path: Path) -> None:
    policies = desk_policies(
        tmp_path, "A cancellation is permitted only while the visit is booked.", PIANO
    )
    assert read(policies, "state_condition", "cancel_visit", allowed=["booked"]), shown(policies)
    assert respelt_nominal("A move is allowed only if it is booked.") is None  # no tools known
    assert respelt_nominal("A seat is allowed only for adults.") is None  # a thing, no act

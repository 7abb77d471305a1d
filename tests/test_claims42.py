"""Session 42: a table of limits (Min, Typ, Max and Unit columns, a row given for a case in
square brackets), a ceiling on a timeout argument read as the call's timeout, a prompt that
promises in the future tense ("the assistant will ..."), native-method ids
(`Java_..._Class_method`), timing lines and openings that order the first call, one call at a
time said of the previous call's answer, and a title in bold over a paragraph. Sentences
written for these tests, at a made-up climbing wall."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.future42 import promises, respelt
from specgap.resolve.text import action_name
from tests.probes import desk_policies, enforced, read, shown, spec

WALL = [
    spec("find_climber", "Finds a climber by email; returns climber_id and grade.", email="string"),
    spec("verify_climber", "Checks a climber's PIN; returns passed.", climber_id="string"),
    spec("book_session", "Books a wall session.", climber_id="string", hours="number"),
    spec("move_session", "Moves a session booking.", booking_id="string", slot_id="string"),
    spec(
        "take_payment",
        "Charges a saved card.",
        amount="number",
        timeout_seconds=("number", "How long to wait for the card processor."),
    ),
    spec("refund_payment", "Refunds a payment.", payment_id="string", amount="number"),
    spec("send_sms", "Sends a text.", mobile="string", template="string"),
]

LIMITS = """# Wall desk ratings

| Parameter | Function (argument) | Min | Typ | Max | Unit |
|---|---|---|---|---|---|
| Wall time per booking | book_session (hours) | 1 | 2 | 3 | h |
| Wall time per booking [team members] | book_session (hours) | 1 | 3 | 5 | h |
| Moves per booking | move_session | | 0 | 2 | calls |
| Texts per conversation | send_sms | | 1 | 4 | calls |
| Payment | take_payment (amount) | 5 | 20 | 300 | GBP |
| Card processor wait | take_payment (timeout_seconds) | | 8 | 20 | s |
| Chalk bags per visit | (none) | | 2 | | bags |
"""


def test_each_row_of_a_limits_table_is_a_bound(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, LIMITS, WALL)
    assert enforced(policies, "max_calls", "move_session", max=2, per="booking"), shown(policies)
    assert enforced(policies, "max_calls", "send_sms", max=4), shown(policies)
    assert enforced(policies, "arg_within_bound", "take_payment", arg="amount", min=5, max=300)
    # the seconds of a timeout argument: the call's timeout
    assert enforced(policies, "timeout_leq", "take_payment", max_seconds=20), shown(policies)


def test_a_typical_figure_binds_nothing(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, LIMITS, WALL)
    # no bound read from the Typ column, and the row with only a Typ figure states no rule
    assert not read(policies, "max_calls", "send_sms", max=1), shown(policies)
    assert not read(policies, "arg_within_bound", "take_payment", max=20), shown(policies)
    assert not [p for p in policies if p.source.span.start_line == 13], shown(policies)


def test_a_row_for_a_case_and_the_row_for_everyone_else_are_both_reviewed(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, LIMITS, WALL)
    team = [p for p in policies if p.source.span.start_line == 8]  # (under the "# Desk" head)
    rest = [p for p in policies if p.source.span.start_line == 7]
    assert read(team, "arg_within_bound", "book_session", arg="hours", max=5), shown(policies)
    assert read(rest, "arg_within_bound", "book_session", arg="hours", max=3), shown(policies)
    # neither bound holds for everyone: each keeps its case and is not enforced flat
    for policy in (*team, *rest):
        assert policy.enforcement != "enforce", shown(policies)
    assert all("team members" in p.message for p in (*team, *rest)), shown(policies)


def test_a_lone_max_column_is_read_as_before(tmp_path: Path) -> None:
    text = "| Function | Max |\n|---|---|\n| send_sms | 3 |\n"
    policies = desk_policies(tmp_path, text, WALL)
    assert enforced(policies, "max_calls", "send_sms", max=3), shown(policies)


def test_a_bound_cell_in_words_is_no_silent_loss(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    text = (
        "# Desk\n\n| Parameter | Function | Min | Typ | Max | Unit |\n|---|---|---|---|---|---|\n"
        "| Refunds | refund_payment | | 1 | 2 per day | calls |\n"
        "| Chalk bags | (none) | n/a | 2 | - | bags |\n"
    )
    built = build_prompt(tmp_path, text, WALL)
    lines = {d.span.start_line for d in built.state.diagnostics if d.span is not None}
    lines |= {p.source.span.start_line for p in built.policies}
    # the row whose Max cell says more than a figure is read, as a rule or a diagnostic ...
    assert 5 in lines, built.state.diagnostics
    # ... and a row whose bound cells are a dash and "n/a" states no rule
    assert 6 not in lines, built.state.diagnostics


PRESS = """# The wall's chat assistant goes live

The assistant will look the climber up with find_climber before anything else.
Sessions will not be moved until verify_climber has returned passed.
Refunds will never exceed £80.
The assistant will not send more than two texts in a chat.
"""


def test_a_prompt_that_promises_in_the_future_tense_binds(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, PRESS, WALL)
    assert enforced(policies, "require_before", "move_session", before="verify_climber")
    assert read(policies, "arg_within_bound", "refund_payment", arg="amount", max=80)
    assert read(policies, "max_calls", "send_sms", max=2), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        # a prompt that says once what the agent will do: "will" says what happens
        "The booking status will be updated to paid after the charge.",
        "Crews will not break ground on an unmarked site. The assistant will help.",
    ],
)
def test_will_is_no_duty_where_the_prompt_does_not_promise(text: str) -> None:
    assert not promises(text)
    assert respelt(text, text) is None


def test_will_that_predicts_is_left_alone() -> None:
    speech = "The assistant will check. The assistant will book."
    assert respelt(speech, "You will receive a text when it is booked.") is None
    assert respelt(speech, "The refund will take five days.") is None
    assert respelt(speech, "Refunds will never be paid in cash.") == (
        "Refunds must never be paid in cash."
    )


NATIVE = [
    spec("Java_uk_co_wall_Climbers_findClimber", "Finds a climber.", email="string"),
    spec("Java_uk_co_wall_Sessions_bookSession", "Books a session.", climber_id="string"),
    spec("Java_uk_co_wall_Sessions_cancelSession", "Cancels a session.", session_id="string"),
    spec("Java_uk_co_wall_Sessions_getSession", "Reads a session booking.", session_id="string"),
]


def test_a_native_method_symbol_names_its_act_by_its_method() -> None:
    assert action_name("Java_uk_co_wall_Sessions_cancelSession") == "cancelSession"
    assert action_name("find_climber") == "find_climber"


def test_a_native_method_symbol_is_read_in_prose(tmp_path: Path) -> None:
    text = (
        "Never cancel a session until Java_uk_co_wall_Climbers_findClimber has returned.\n\n"
        "Only book a session after Java_uk_co_wall_Sessions_getSession.\n"
    )
    policies = desk_policies(tmp_path, text, NATIVE)
    assert enforced(
        policies,
        "require_before",
        "Java_uk_co_wall_Sessions_cancelSession",
        before="Java_uk_co_wall_Climbers_findClimber",
    ), shown(policies)


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        # a timing line of a datasheet, labelled by its symbol
        ("t_SU2: verify_climber has returned passed before move_session or refund_payment.",
         "require_before", "refund_payment", {"before": "verify_climber"}),
        ("t_SU1: find_climber has returned before the first call to any other function.",
         "require_before", "*", {"before": "find_climber"}),
        # the first call said of the agent's chat, or with its opening call
        ("In every chat the assistant's opening call is find_climber.",
         "require_before", "*", {"before": "find_climber"}),
        ("Your session opens with find_climber.",
         "require_before", "*", {"before": "find_climber"}),
        ("No other function may come before find_climber.",
         "require_before", "*", {"before": "find_climber"}),
        ("Call nothing else before find_climber.",
         "require_before", "*", {"before": "find_climber"}),
        # one call at a time, said of the previous call's answer
        ("Work through your functions singly, never starting one before the previous one has "
         "answered.", "one_call_at_a_time", "*", {}),
        ("One call in flight at any moment; the next is issued only after the last has answered.",
         "one_call_at_a_time", "*", {}),
    ],
)  # fmt: skip
def test_orders_said_as_timing_and_openings(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, WALL)
    assert read(policies, operator, tool, **params), shown(policies)


def test_an_opening_without_a_named_call_is_no_order(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Your chat opens with a greeting.", WALL)
    assert not read(policies, "require_before", "*"), shown(policies)


def test_a_bold_title_heads_the_lines_under_it(tmp_path: Path) -> None:
    from specgap.artifacts import load_artifact
    from specgap.extract.segments import markdown_sentences

    path = tmp_path / "release.md"
    path.write_text("**How a chat begins**\nAlways call find_climber first.\n")
    sentences = list(markdown_sentences(load_artifact("prompt", path, "release.md")))
    rule = [s for s in sentences if "find_climber" in s.clean]
    assert len(rule) == 1
    assert rule[0].context == "How a chat begins"
    assert not rule[0].clean.lstrip().startswith("How")


def test_a_count_per_an_id_argument_is_per_its_entity(tmp_path: Path) -> None:
    from specgap.operators.max_calls import MaxCalls

    assert MaxCalls(max=1, per="payment_id").per == "payment"
    assert MaxCalls(max=1, per="paymentId").per == "payment"
    assert MaxCalls(max=1, per="id").per == "id"  # (no entity before it: kept)
    assert MaxCalls(max=1, per="chat").per is None  # (the trace's own count)
    policies = desk_policies(tmp_path, "One refund per payment_id.", WALL)
    assert enforced(policies, "max_calls", "refund_payment", max=1, per="payment"), shown(policies)


def test_a_participle_among_a_kinds_values_is_a_value() -> None:
    from specgap.extract.value_lists import listed_values

    (found,) = listed_values("The reason must be injury, complaint or stranded.")
    assert found.params["allowed"] == ["injury", "complaint", "stranded"]
    # what may happen to a thing is still no list of its values
    assert listed_values("The booking can only be paid or cancelled.") == []


def test_a_tool_consulted_is_called(tmp_path: Path) -> None:
    text = "Consult verify_climber before you move a session."
    policies = desk_policies(tmp_path, text, WALL)
    assert enforced(policies, "require_before", "move_session", before="verify_climber")
    # (a thing checked is no tool: "check the booking" calls nothing)
    from specgap.extract.acts41 import pressed_respelt

    assert pressed_respelt("Check the booking before you cancel.") is None


def test_what_a_person_is_booked_onto_holds_the_order_under_it(tmp_path: Path) -> None:
    text = "Call find_climber before you book anyone onto a team session."
    policies = desk_policies(tmp_path, text, WALL)
    hits = [p for p in policies if p.operator == "require_before" and p.target == "book_session"]
    assert hits, shown(policies)
    assert all(p.enforcement != "enforce" for p in hits), shown(policies)
    assert all("team session" in p.message for p in hits), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Sessions must be booked with book_session only on a slot_id that find_slots listed "
        "earlier in the same chat.",
        "book_session takes only a slot_id that find_slots showed you this week.",
    ],
)
def test_an_argument_said_with_the_step_that_gave_it(tmp_path: Path, text: str) -> None:
    tools = [
        *(t for t in WALL if t["function"]["name"] != "book_session"),  # (one with a slot_id)
        spec("find_slots", "Lists free wall slots; returns slot_id.", date="string"),
        spec("book_session", "Books a wall session.", climber_id="string", slot_id="string"),
    ]
    policies = desk_policies(tmp_path, text, tools)
    assert enforced(
        policies, "arg_grounded", "book_session", arg="slot_id", from_tools=["find_slots"]
    ), shown(policies)


def test_a_description_s_bare_count_and_its_argument_clauses(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    tools = [
        spec(
            "page_instructor",
            "Pages the duty instructor. One call in a chat.",
            reason="string",
        ),
        spec(
            "wall_forecast",
            "Crowding forecast. wall_face must be north, south or cave; days_ahead runs from 0 "
            "to 5; it is free.",
            wall_face="string",
            days_ahead="integer",
        ),
    ]
    built = build_prompt(tmp_path, "# Desk\n\nHelp climbers.\n", tools)
    policies = list(built.policies)
    assert enforced(policies, "max_calls", "page_instructor", max=1), shown(policies)
    assert read(
        policies, "resource_in_allowlist", "wall_forecast", arg="wall_face",
        allowed=["north", "south", "cave"],
    ), shown(policies)  # fmt: skip
    assert read(policies, "arg_within_bound", "wall_forecast", arg="days_ahead", min=0, max=5)


def test_a_lead_that_names_a_group_is_no_act() -> None:
    from specgap.extract.act_leads23 import acted
    from specgap.ir import CandidateRule, Span

    rule = CandidateRule(
        text="q",
        span=Span(path="p.md", start_line=1, start_col=1, end_line=1, end_col=2, start_byte=0,
                  end_byte=1),
        quote="q", target="*", mentions=(), grounding="exact",
        check_category="data_validation", operator="arg_within_bound",
        params={"facet": "hours", "max": 6}, confidence=0.7, extractor="deterministic",
        condition="when pro members",
    )  # fmt: skip
    (kept,), _ = acted([rule], [])
    assert kept.target == "*"
    assert kept.condition == "when pro members"
    (moved,), _ = acted([rule.model_copy(update={"condition": "when booking a session"})], [])
    assert moved.target == "book session"
    assert moved.condition is None

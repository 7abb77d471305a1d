"""Session 48: a prompt told in the past tense read in the present (`specgap.extract.told48`);
a toolkit's shared prefix (`wp_ajax_`, `acme_desk_`) no verb of its tools
(`specgap.resolve.actions._verb_at`); a light verb that is a word of a tool's own name
(`take_payment`: "take a payment"); "issue", "place" and "arrange" as light verbs;
"when the renter says yes" an answer, never a state. Sentences, ids and descriptions written
for these tests, in a made-up car-rental desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.passive48 import acted_on
from specgap.extract.told48 import told_in_past
from specgap.resolve.resolver import Resolver
from tests.probes import desk_policies, enforced, read, shown
from tests.probes import spec as T

_P = "acme_desk_"  # every id of the toolkit starts with it; its description glosses it

DESK = [
    T(
        f"{_P}find_renter",
        "ACME desk action find_renter. Looks up a renter by email and returns renter_id, "
        "account_status (active, suspended or closed) and a saved card_token.",
        email="string",
    ),
    T(
        f"{_P}open_booking",
        "ACME desk action open_booking. Reads a booking: car, dates, status (held, paid, "
        "collected, returned or cancelled).",
        booking_id="string",
    ),
    T(
        f"{_P}book_car",
        "ACME desk action book_car. Books a car for a renter; returns booking_id.",
        renter_id="string",
        car_id="string",
    ),
    T(f"{_P}move_booking", "ACME desk action move_booking. Moves a booking.", booking_id="string"),
    T(
        f"{_P}cancel_booking",
        "ACME desk action cancel_booking. Cancels a booking.",
        booking_id="string",
    ),
    T(
        f"{_P}take_payment",
        "ACME desk action take_payment. Charges a saved card for a booking.",
        booking_id="string",
        card_token="string",
        amount_gbp="number",
    ),
    T(
        f"{_P}refund_payment",
        "ACME desk action refund_payment. Refunds a payment.",
        payment_id="string",
        amount_gbp="number",
    ),
]


def _policies(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text, DESK)


def _resolver(tmp_path: Path) -> Resolver:
    from tests.corpus_agents import build_prompt

    return Resolver(build_prompt(tmp_path, "# Desk\n\nBe brief.\n", DESK).state.registry)


# a scorecard of what the desk did, in the past: six lines at least, a third of its prose
SCORECARD = """The sheet marks what a good chat did.
- The renter was found with acme_desk_find_renter before anything else was done.
- A booking was cancelled only while its status was held or paid.
- No booking was moved more than twice in a chat.
- A refund was never more than £200.
- Each payment was read back, and the renter agreed, before it was taken.
- acme_desk_open_booking was run on the booking before it was cancelled.
"""


def test_a_scorecard_told_in_the_past_is_read_in_the_present(tmp_path: Path) -> None:
    policies = _policies(tmp_path, SCORECARD)
    assert enforced(
        policies,
        "state_condition",
        f"{_P}cancel_booking",
        field="status",
        allowed=["held", "paid"],
    ), shown(policies)
    assert enforced(policies, "max_calls", f"{_P}move_booking", max=2), shown(policies)
    # quotes stay in the file's own words
    cancelled = [p for p in policies if p.target == f"{_P}cancel_booking"]
    assert cancelled, shown(policies)
    assert all(" was " in p.source.quote for p in cancelled), shown(policies)


@pytest.mark.parametrize(
    ("text", "past"),
    [
        (SCORECARD, True),
        # an incident log: its stories in the past, its rules in the present
        (
            "INC-1: the renter was charged twice.\nFix: never charge a card twice.\n"
            "INC-2: a car was moved while collected.\nFix: move only held rentals.\n"
            "Cancel only held rentals.\nRefund at most £200.\nAsk before every charge.\n",
            False,
        ),
        # too short to say how the prompt is told
        ("A rental was cancelled.\nA card was charged.\n", False),
        # a past word only in code
        ("\n".join(f"Set `was` to {n}." for n in range(8)), False),
    ],
)
def test_a_prompt_is_told_in_the_past_by_a_third_of_its_prose_lines(text: str, past: bool) -> None:
    assert told_in_past(text) is past


def test_a_prompt_in_the_present_reads_its_past_words_as_written(tmp_path: Path) -> None:
    # one past line among present ones: "was" stays, and no rule is read into the story
    text = (
        "Cancel a rental only while its status is held.\n"
        "Last winter a rental was cancelled while collected.\n"
        "Never move a rental more than twice.\n"
    )
    policies = _policies(tmp_path, text)
    told = [p for p in policies if "Last winter" in p.source.quote]
    assert not told, shown(policies)


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        # the shared prefix is no verb: "book" is `book_car`'s act, not each booking tool's
        ("book", f"{_P}book_car"),
        ("make a booking", f"{_P}book_car"),
        ("cancel the booking", f"{_P}cancel_booking"),
        # a light verb that is a word of the tool's own name
        ("take a payment", f"{_P}take_payment"),
        ("taking payment", f"{_P}take_payment"),
        # newly light: the action is the noun's
        ("issue a refund", f"{_P}refund_payment"),
    ],
)
def test_verb_phrases_resolve_past_a_toolkit_prefix(
    tmp_path: Path, mention: str, tool: str
) -> None:
    res = _resolver(tmp_path).resolve(mention)
    assert res.status == "resolved", (mention, res)
    assert res.candidates[0].tool_id == tool, (mention, res)


def test_a_yes_is_an_answer_not_a_state(tmp_path: Path) -> None:
    policies = _policies(
        tmp_path, "Read the car and dates back, and book only when the renter says yes."
    )
    assert read(policies, "require_confirmation", f"{_P}book_car"), shown(policies)
    assert not [p for p in policies if p.operator == "state_condition"], shown(policies)


def test_a_field_that_says_yes_is_still_a_state(tmp_path: Path) -> None:
    policies = _policies(tmp_path, "Book a car only when account_status says active.")
    assert read(
        policies, "state_condition", f"{_P}book_car", field="account_status", allowed=["active"]
    ), shown(policies)


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        # what is acted on said as the subject, the modal after the participle
        (
            "Bookings are moved and cancelled only while their status is held or paid.",
            "state_condition",
            f"{_P}move_booking",
            {"field": "status", "allowed": ["held", "paid"]},
        ),
        (
            "A booking is cancelled only while its status is held.",
            "state_condition",
            f"{_P}cancel_booking",
            {"field": "status", "allowed": ["held"]},
        ),
        # the tool said to be run before an act on what it was run on
        (
            "acme_desk_open_booking is run on a booking_id before that same booking_id is "
            "cancelled.",
            "require_before",
            f"{_P}cancel_booking",
            {"before": f"{_P}open_booking"},
        ),
        (
            "acme_desk_open_booking is run on the booking before it is moved.",
            "require_before",
            f"{_P}move_booking",
            {"before": f"{_P}open_booking"},
        ),
        # a read that shows the entity itself in a state
        (
            "Cancel a booking only when acme_desk_open_booking shows it as held or paid.",
            "state_condition",
            f"{_P}cancel_booking",
            {"field": "status", "allowed": ["held", "paid"]},
        ),
    ],
)
def test_passive_acts_and_shown_states_are_read(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = _policies(tmp_path, text)
    assert enforced(policies, operator, tool, **params), shown(policies)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Pegs are moved and tickets voided only while X.",
            "Only move pegs and void tickets while X.",
        ),
        (
            "No hut is let whose status is condemned.",
            "Never let any hut whose status is condemned.",
        ),
        ("Refunds are never paid in cash.", "Never pay refunds in cash."),
        ("A booking is moved or cancelled only while X.", "Only move or cancel a booking while X."),
        # no participle, no reading
        ("The desk is open only on weekdays.", None),
        # a subject said without "no" and no modal: a statement, not a rule
        ("A hut is let whose status is open.", None),
    ],
)
def test_the_passive_is_said_as_the_imperative(text: str, said: str | None) -> None:
    assert acted_on(text) == said


def test_a_lead_qualifier_keeps_a_rule_for_review(tmp_path: Path) -> None:
    # "For a renter under 25": stronger than the sentence if enforced on every booking
    policies = _policies(
        tmp_path, "For a renter under 25, call acme_desk_find_renter before booking a car."
    )
    ordered = [p for p in policies if p.operator == "require_before"]
    assert ordered, shown(policies)
    assert all(p.enforcement == "review_only" for p in ordered), shown(policies)


# a quote e-mailed and a card charged, whose amount's description says "charged"
QUOTES = [
    *DESK,
    T(
        f"{_P}email_quote",
        "ACME desk action email_quote. Emails a written quote for a car.",
        email=("string", "The address the quote goes to."),
        car_id="string",
    ),
    T(
        f"{_P}charge_card",
        "ACME desk action charge_card. Charges a saved card for a booking.",
        booking_id="string",
        amount_gbp=("number", "The sum charged, in pounds."),
        timeout_seconds="integer",
    ),
]


def test_a_second_source_after_or_keeps_a_source_rule_for_review(tmp_path: Path) -> None:
    said = "Only email quotes to an address the renter gave in the chat"
    for folder in ("alone", "or"):
        (tmp_path / folder).mkdir()
    alone = desk_policies(tmp_path / "alone", f"{said}.", QUOTES)
    assert enforced(alone, "arg_grounded", f"{_P}email_quote", arg="email"), shown(alone)
    policies = desk_policies(tmp_path / "or", f"{said} or one already on their record.", QUOTES)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert grounded, shown(policies)
    assert all(p.enforcement == "review_only" for p in grounded), shown(policies)


def test_a_count_of_things_is_no_bound_on_an_amount(tmp_path: Path) -> None:
    # "two charges": the amount charged is never bounded by 2
    policies = desk_policies(
        tmp_path,
        "acme_desk_charge_card: timeout_seconds of 30 or fewer, and no more than two charges "
        "on any booking.",
        QUOTES,
    )
    assert read(policies, "timeout_leq", f"{_P}charge_card"), shown(policies)
    assert not read(policies, "arg_within_bound", f"{_P}charge_card", max=2), shown(policies)
    (tmp_path / "take").mkdir()
    policies = _policies(tmp_path / "take", "Take no more than two payments on any booking.")
    assert not read(policies, "arg_within_bound", f"{_P}take_payment", max=2), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "One command at a time: make it, wait for the reply, then make the next.",
        "Make one request at a time.",
        "Wait for its reply and then make the next call.",
        "Let it return and only then call another.",
        "Never a second call while the first is still unanswered.",
    ],
)
def test_calls_one_at_a_time_said_otherwise(tmp_path: Path, text: str) -> None:
    policies = _policies(tmp_path, text)
    assert read(policies, "one_call_at_a_time", "*"), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Book one car at a time.",  # one thing per call: not the calls' own order
        "Wait for the renter's reply, then offer another car.",
    ],
)
def test_other_one_at_a_time_sentences_order_no_calls(tmp_path: Path, text: str) -> None:
    policies = _policies(tmp_path, text)
    assert not read(policies, "one_call_at_a_time", "*"), shown(policies)

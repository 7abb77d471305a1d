"""Session 30: counts said of a tool by its id ("never run more than one `t` in a chat") and
counts of the things a tool's own argument counts ("book at most 3 locks": the `locks`
argument, not three bookings). Sentences written for these tests, in a made-up
locksmith desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, fits, shown
from tests.probes import spec as T

LOCKS = [
    T("find_customer", "Finds a customer by phone.", phone="string"),
    T(
        "book_job",
        "Books a locksmith visit.",
        customer_id="string",
        locks=("integer", "number of locks to change"),
        note="string",
    ),
    T("cancel_job", "Cancels a job.", job_id="string"),
    T("log_meter", "Logs a gas meter reading.", meter_id="string", reading="number"),
    T("send_text", "Sends a text.", customer_id="string", text="string"),
]


def _any(policies: list, operator: str, target: str, **params: object) -> bool:
    return any(fits(p, operator, target, params) for p in policies)


@pytest.mark.parametrize(
    "sentence",
    ["Never run more than one `cancel_job` in a chat.", "Do not call more than one `cancel_job`."],
)
def test_a_count_of_a_tool_named_by_its_id(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", LOCKS)
    assert _any(policies, "max_calls", "cancel_job", max=1), shown(policies)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)
    # the count is the sentence's whole rule: no condition left to review
    counts = [p for p in policies if p.operator == "max_calls"]
    assert all(p.enforcement == "enforce" for p in counts), shown(policies)


@pytest.mark.parametrize(
    "sentence", ["Book at most 3 locks on one visit.", "Never book more than 3 locks."]
)
def test_a_count_of_what_an_argument_counts_bounds_it(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", LOCKS)
    assert _any(policies, "arg_within_bound", "book_job", arg="locks", max=3), shown(policies)
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


def test_a_value_argument_counts_nothing(tmp_path: Path) -> None:
    # `reading` is the meter's value: "at most 2 readings" counts calls, never a bound of
    # 2 on the value (a phrase pattern's review reading of it stays for review)
    policies = desk_policies(tmp_path, "Log at most 2 readings in a visit.\n", LOCKS)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_text_argument_counts_no_texts(tmp_path: Path) -> None:
    # `text` is what a text says: "no more than two texts" counts the calls
    policies = desk_policies(tmp_path, "Send no more than two texts in a chat.\n", LOCKS)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


PAUSES = [
    T("pause_plan", "Pauses a plan.", member_id="string", months="integer"),
    T("find_member", "Finds a member.", email="string"),
]


@pytest.mark.parametrize(
    "sentence", ["Pauses last one to three months.", "A pause lasts between one and three months."]
)
def test_a_range_in_number_words_is_read_in_digits(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", PAUSES)
    assert _any(policies, "arg_within_bound", "pause_plan", arg="months", min=1, max=3), shown(
        policies
    )


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("Pauses last one to three months.", "Pauses last 1 to 3 months."),
        ("between two and ten pieces", "between 2 and 10 pieces"),
        ("one and two", None),  # two numbers, no range
        ("one of them, and no one else", None),
    ],
)
def test_number_word_ranges_in_digits(said: str, meant: str | None) -> None:
    from specgap.extract.numwords30 import respelt

    assert respelt(said) == meant


RAISES = [
    T("book_job", "Books a visit.", customer_id="string", locks="integer"),
    T("refund_job", "Refunds a job.", job_id="string", amount="number"),
]


@pytest.mark.parametrize(
    ("sentence", "tool", "arg", "most"),
    [
        ("Refunds are at most £150, or £250 for a gold member.", "refund_job", "amount", 150),
        ("Book up to 4 locks, or 6 for landlords.", "book_job", "locks", 4),
    ],
)
def test_a_bound_raised_in_the_same_breath_is_kept_under_its_exception(
    tmp_path: Path, sentence: str, tool: str, arg: str, most: int
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", RAISES)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert any(fits(p, "arg_within_bound", tool, {"arg": arg, "max": most}) for p in bounds), shown(
        policies
    )
    # never enforced flat: the gold member's £200 refund is allowed by the sentence
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_lower_second_figure_is_no_raise(tmp_path: Path) -> None:
    text = "Refunds are at most £150, or £100 for new customers.\n"
    policies = desk_policies(tmp_path, text, RAISES)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)

"""Session 31: a user's yes after what they were told ("has heard what will be cancelled and
said yes"), the act read back to them ("read the cancellation back ... wait for their yes",
"read the deposit amount back and take it only on a yes": `user_yes`); where a value is kept
left out of its origin ("the card token stored on the account that `T` returns":
`grounded29.unkept`, `grounded18`); a preposition said again between two ticked values
(`segments`); a definition list's term as the heading of its lines. Sentences written for
these tests, in a made-up window-cleaning desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grounded29 import unkept
from specgap.extract.reasons31 import respelt as reasons_respelt
from specgap.extract.segments import _one_preposition
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

WINDOWS = [
    T("lookup_client", "Finds a client by phone; returns the saved card token.", phone="string"),
    T("book_round", "Books a window-cleaning round.", client_id="string"),
    T("scrap_round", "Cancels a window-cleaning round.", round_id="string"),
    T(
        "take_fee",
        "Takes a call-out fee for a round from a saved card.",
        round_id="string",
        card_token="string",
        amount="number",
    ),
    T(
        "give_back",
        "Pays money back on a round.",
        round_id="string",
        amount="number",
        method=("string", "card, cash or cheque."),
    ),
]


PANES = [
    T(
        "book_round",
        "Books a window-cleaning round.",
        client_id="string",
        panes=("integer", "How many panes to clean."),
    )
]


@pytest.mark.parametrize(
    ("said", "tool"),
    [
        (
            "Cancel a round only after the client has heard what will be cancelled and said yes.",
            "scrap_round",
        ),
        ("Read the cancellation back to the client and wait for their yes.", "scrap_round"),
        ("Read the fee amount back and take it only on a yes.", "take_fee"),
    ],
)
def test_the_act_a_yes_is_for(tmp_path: Path, said: str, tool: str) -> None:
    policies = desk_policies(tmp_path, said + "\n", WINDOWS)
    confirms = [p for p in policies if p.operator == "require_confirmation"]
    assert [p.target for p in confirms] == [tool], shown(policies)
    # a yes is no ban of the act
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


def test_a_read_back_of_no_act_guards_nothing(tmp_path: Path) -> None:
    policies = desk_policies(
        tmp_path, "Read the address back to the client and wait for their yes.\n", WINDOWS
    )
    assert not [p for p in policies if p.operator == "require_confirmation"], shown(policies)


def test_where_a_value_is_kept_says_nothing_of_its_origin(tmp_path: Path) -> None:
    said = "Charge only the card token stored on the account that `lookup_client` returns."
    assert unkept(said) == "Charge only the card token that `lookup_client` returns."
    assert unkept("Charge only the card token that `lookup_client` returns.") is None
    policies = desk_policies(tmp_path, said + "\n", WINDOWS)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert grounded, shown(policies)
    assert list(grounded[0].condition.from_tools) == ["lookup_client"]


def test_a_preposition_said_again_between_values_is_blanked(tmp_path: Path) -> None:
    said = "Never pay money back in `cash` or by `cheque`."
    assert _one_preposition(said) == "Never pay money back in `cash` or    `cheque`."
    policies = desk_policies(tmp_path, "Never give money back as `cash` or by `cheque`.\n", WINDOWS)
    assert has_policy(
        policies, "deny_action", "give_back", "review_only", arg="method", values=["cash", "cheque"]
    ) or has_policy(
        policies, "deny_action", "give_back", "enforce", arg="method", values=["cash", "cheque"]
    ), shown(policies)


def test_a_terms_lines_are_read_under_it(tmp_path: Path) -> None:
    text = "**Cancellations**\n: Open the round with `lookup_client` first.\n"
    policies = desk_policies(tmp_path, text, WINDOWS)
    ordered = [p for p in policies if p.operator == "require_before"]
    assert [p.target for p in ordered] == ["scrap_round"], shown(policies)


def test_a_yes_after_which_to_go_ahead(tmp_path: Path) -> None:
    said = (
        "Before `book_round`, say the date back to the client and go ahead only after a clear yes."
    )
    policies = desk_policies(tmp_path, said + "\n", WINDOWS)
    assert has_policy(policies, "require_confirmation", "book_round", "enforce"), shown(policies)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        (
            "Give each refund one of these reasons: `late`, `damage`, `duplicate`.",
            "Only refund with the reason `late`, `damage` or `duplicate`.",
        ),
        (
            "Give every cancellation one of these reasons: rain, illness or holiday.",
            "Only cancel with the reason rain, illness or holiday.",
        ),
        ("Give each client one of these codes: a, b.", None),  # a client is no act
    ],
)
def test_the_values_given_to_each_act(said: str, meant: str | None) -> None:
    assert reasons_respelt(said) == meant


@pytest.mark.parametrize(
    ("said", "figures"),
    [
        # the raise said as what some may do
        ("Rounds cover 10 to 40 panes, while commercial clients may go up to 90 panes.", [40, 90]),
        # ... after a semicolon
        ("Book 1 to 30 panes on one round; a commercial client may book up to 80.", [30, 80]),
    ],
)
def test_a_raise_holds_each_figure_under_its_condition(
    tmp_path: Path, said: str, figures: list[int]
) -> None:
    policies = desk_policies(tmp_path, said + "\n", PANES)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert sorted(p.condition.max for p in bounds) == figures, shown(policies)
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_raise_whose_first_figure_is_unread_is_still_only_theirs(tmp_path: Path) -> None:
    # the first clause is not read as a bound; the raised figure still holds only for them
    said = "A clean takes in 12 panes at most; a commercial client may have up to 40 panes."
    policies = desk_policies(tmp_path, said + "\n", PANES)
    raised = [p for p in policies if p.operator == "arg_within_bound" and p.condition.max == 40]
    assert raised, shown(policies)
    assert all(p.enforcement == "review_only" for p in raised), shown(policies)

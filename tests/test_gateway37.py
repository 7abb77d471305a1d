"""Session 37: shapes a translated code of numbered paragraphs and a knowledge base used that no
reader read: paragraphs led by a section sign ("§ 4 ..."), thousands parted by a space ("4 000"),
a passive of several participles the imperative verbs leave out ("is shown, moved or
cancelled"), two "before" phrases joined by "and", a step that "must have come back passed"
after the acts it guards, a "re-" written with its hyphen, and tool ids written as shell
abbreviations (`mkbook`, `lsrider`). Sentences written for these tests, in a made-up cargo-bike
hire desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.befores37 import respelt as respelt_befores
from specgap.extract.ids7_respell import _abbreviated
from specgap.extract.order_words import coordinated_gerunds
from specgap.extract.passed36 import respelt as respelt_passed
from specgap.extract.segments import _grouped, _unnumbered
from specgap.resolve.text import split
from tests.probes import desk_policies, fits, has_policy, shown, spec

CARGO = [
    spec("find_rider", "Finds a rider by email.", email="string"),
    spec("verify_rider", "Compares a postcode with the rider record.", postcode="string"),
    spec("show_hire", "Show hire: prints a hire's status.", hire_id="string"),
    spec("move_hire", "Moves a hire to another day.", hire_id="string"),
    spec("cancel_hire", "Cancels a hire.", hire_id="string"),
    spec("take_payment", "Take payment: charges a saved card.", amount_gbp="number"),
    spec("request_recheck", "Asks for a bike to be checked again.", hire_id="string"),
]

# the same desk, its tools named as shell abbreviations
SHELL = [
    spec("lsrider", "List rider: finds a rider by email.", email="string"),
    spec("chkrider", "Check rider: compares a postcode with the record.", postcode="string"),
    spec("mkbook", "Make booking: books a cargo bike.", slot_id="string"),
    spec("rmbook", "Remove booking: cancels a booking.", booking_id="string"),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


def test_section_signed_paragraphs_are_sentences_of_their_own(tmp_path: Path) -> None:
    text = (
        "§ 1 verify_rider runs before a hire is moved.\n"
        "§ 2 Never call cancel_hire.\n"
        "§ 3 A single payment is at most 4 000 pounds.\n"
    )
    policies = desk_policies(tmp_path, text, CARGO)
    assert has_policy(policies, "deny_action", "cancel_hire", "enforce"), shown(policies)
    lines = {p.operator: p.source.span.start_line for p in policies}
    assert lines["deny_action"] == 4  # its own line, not the paragraph's first
    assert read(policies, "arg_within_bound", "take_payment", max=4000), shown(policies)


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("§ 4 Commands are run singly.", True),
        ("§12a The rider confirms.", True),
        ("§§ 3.2 Refunds go to the card.", True),
        ("Section 4 applies.", False),
    ],
)
def test_a_section_sign_is_no_word_of_its_rule(text: str, blanked: bool) -> None:
    said = _unnumbered(text)
    assert len(said) == len(text)
    assert (said != text) is blanked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("at most 4 000 kronor", "at most 4,000 kronor"),
        ("12 500 points and 2 400 000 SEK", "12,500 points and 2,400,000 SEK"),
        ("call 0800 123 4567", "call 0800 123 4567"),  # a phone number, no figure
        ("rows 1 2 3", "rows 1 2 3"),
        ("on 1 200.5", "on 1 200.5"),  # a decimal point: left as written
    ],
)
def test_thousands_parted_by_a_space(text: str, said: str) -> None:
    assert _grouped(text) == said


def test_irregular_participles_of_a_passive_are_each_an_act() -> None:
    assert coordinated_gerunds("the hire is shown, moved or cancelled") == (
        "showing, moving or canceling the hire"
    )
    assert coordinated_gerunds("the fee is taken or held") == "taking or holding the fee"
    # "is done", "is seen": no act of the agent
    assert coordinated_gerunds("the hire is done or seen") == "the hire is done or seen"


def test_a_fronted_passive_of_three_participles(tmp_path: Path) -> None:
    text = "Run verify_rider before a hire is shown, moved or cancelled."
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("show_hire", "move_hire", "cancel_hire"):
        assert has_policy(policies, "require_before", later, "enforce", before="verify_rider"), (
            shown(policies)
        )


def test_two_before_phrases_joined_by_and(tmp_path: Path) -> None:
    text = (
        "Before a hire is shown, moved or cancelled, and before taking a payment or asking "
        "for a re-check, verify_rider must have come back passed."
    )
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("show_hire", "move_hire", "cancel_hire", "take_payment", "request_recheck"):
        assert has_policy(policies, "require_before", later, "enforce", before="verify_rider"), (
            shown(policies)
        )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Run x before a hire is moved or cancelled, and before a payment is taken.",
            "Run x before moving or canceling a hire or taking a payment.",
        ),
        (
            "Before showing a hire and before money is paid back, run x.",
            "Before showing a hire or paying the money back, run x.",
        ),
        ("Call us before noon and before the weekend.", None),  # times, no acts
        ("Run x before a hire is moved.", None),  # one phrase: as it is
    ],
)
def test_joined_before_phrases_respelt(text: str, said: str | None) -> None:
    assert respelt_befores(text) == said


def test_a_step_that_has_to_pass_before_acts_named_by_nouns(tmp_path: Path) -> None:
    text = "verify_rider has to pass before a cancellation or a move."
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("move_hire", "cancel_hire"):  # (a noun of an act: at least reviewed)
        assert read(policies, "require_before", later, before="verify_rider"), shown(policies)
    # a person's step is no tool's
    assert respelt_passed("Before a hire is moved, the rider must have agreed.") is None


def test_re_prefix_with_its_hyphen_is_one_word() -> None:
    assert split("ask for a re-check") == ("ask", "for", "a", "recheck")
    assert split("requestRecheck") == ("request", "recheck")
    assert split("a pre-check") == ("a", "pre", "check")  # only "re-"


@pytest.mark.parametrize(
    ("tool", "said"),
    [
        ("lsrider", "lsRider"),
        ("chkid", "chkId"),
        ("mkbook", "mkBook"),
        ("sendsms", "sendSms"),  # the lexicon's verb, in its base form
        ("refund", ""),  # a word of English
        ("catvisit", ""),  # `fused` parts it (cat, visit)
        ("kyc", ""),  # no verb opens it
    ],
)
def test_shell_abbreviated_ids(tool: str, said: str) -> None:
    assert _abbreviated(tool) == said


def test_rules_naming_shell_abbreviated_ids_are_read(tmp_path: Path) -> None:
    text = "Every conversation begins with lsrider.\nBefore a booking is removed, run chkrider."
    policies = desk_policies(tmp_path, text, SHELL)
    assert read(policies, "require_before", "*", before="lsrider"), shown(policies)
    assert has_policy(policies, "require_before", "rmbook", "enforce", before="chkrider"), shown(
        policies
    )


def test_a_description_titled_by_its_act_gives_its_verb() -> None:
    from specgap.extract.grammar_words import verbs_of_tools

    assert "show" in verbs_of_tools(["rq7"], {"rq7": "Show visit: prints a visit's status."})
    # a sentence with a colon, not a title
    assert "get" not in verbs_of_tools(["rq7"], {"rq7": "Get a booking: status (HELD)."})

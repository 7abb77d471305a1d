"""Session 14: a line written as a sentence of its own (`segments._line_ends`), a line that
repeats the rule before it (`same9_again`), and a tie of tools decided by the argument the
rule constrains (`resolve.arg_ties`). Sentences written for these tests."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from specgap.artifacts import Artifact
from specgap.extract.segments import _line_ends, markdown_sentences
from tests.corpus_agents import build_prompt
from tests.probes import spec as T

TOOLS = [
    T("findMember", "Look up a member. Status: active, frozen, banned.", query="string"),
    T("getBooking", "Read a booking: status (held, confirmed, used).", bookingId="string"),
    T("createBooking", "Book a session for a member.", memberId="string", climbers="integer"),
    T("moveBooking", "Move a booking to another session.", bookingId="string", sessionId="string"),
    T("cancelBooking", "Cancel a booking.", bookingId="string"),
    T("issueRefund", "Refund a booking payment.", bookingId="string", amount="number"),
    T("sendText", "Send a text message to a member.", memberId="string", message="string"),
]  # fmt: skip


def _sentences(text: str) -> list[str]:
    artifact = Artifact("prompt", "p.md", text, sha256="")
    return [s.text for s in markdown_sentences(artifact)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one rule per line, no full stops: each line is a sentence
        ("**money**\nrefunds only for cancelled bookings\nnever refund a used booking\n",
         ["**money**", "refunds only for cancelled bookings", "never refund a used booking"]),
        ("get a clear yes before cancelling anything\nsame for refunds\n",
         ["get a clear yes before cancelling anything", "same for refunds"]),
        # a wrapped paragraph stays one sentence: lines filled to the wrap
        ("Refunds are only issued to the original payment method of the booking and never\n"
         "to a gift card, whatever the member asks for.\n",
         ["Refunds are only issued to the original payment method of the booking and never\n"
          "to a gift card, whatever the member asks for."]),
        # hand-wrapped with ragged lines: the lines fill most of the widest
        ("Before any other tool is used, the member has to be found with findMember, using the\n"
         "card number that they type themselves in the chat. Once the member has been found\n"
         "the booking is read, and this must happen before any change to it at all is made.\n",
         ["Before any other tool is used, the member has to be found with findMember, using the\n"
          "card number that they type themselves in the chat.",
          "Once the member has been found\n"
          "the booking is read, and this must happen before any change to it at all is made."]),
        # a word that carries the sentence on keeps the lines together
        ("never refund a booking\nbefore it has been cancelled\n",
         ["never refund a booking\nbefore it has been cancelled"]),
        ("refunds go to the\ncard of the member\n", ["refunds go to the\ncard of the member"]),
    ],
)  # fmt: skip
def test_line_sentences(text: str, expected: list[str]) -> None:
    assert _sentences(text) == expected


def test_line_ends_outside_paragraphs() -> None:
    # a table read whole keeps its rows in one sentence (no `lines=True` there), where the
    # same lines as a paragraph are one sentence each
    rows = "| Regions | `a`, `b` |\n| Roles | `r` |"
    table = f"## Allowed values\n\n| Setting | Allowed values |\n|---|---|\n{rows}\n"
    assert any(rows in s for s in _sentences(table))
    assert _sentences("regions: a or b\nroles: r\n") == ["regions: a or b", "roles: r"]
    assert _line_ends("one line only") == set()


def test_line_ends_bounded() -> None:
    text = "no refunds on used bookings\n" * 20000
    started = time.perf_counter()
    assert len(_line_ends(text)) == 19999
    assert time.perf_counter() - started < 2.0


def _built(text: str) -> tuple[list[tuple[str, str, str]], list[str]]:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        built = build_prompt(Path(d), f"# Desk\n\n{text}\n", TOOLS)
    policies = [
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]
    codes = [
        x.code for x in built.state.diagnostics if x.span and x.span.path.endswith("prompt.md")
    ]
    return policies, codes


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("get a clear yes from the member before cancelling anything\nsame for refunds",
         "issueRefund"),
        ("get a clear yes from the member before cancelling anything\nrefunds too", "issueRefund"),
        ("Get the member's confirmation before any cancellation.\n\nThe same goes for refunds.",
         "issueRefund"),
        ("get a clear yes from the member before cancelling anything\nditto for refunds 🙏",
         "issueRefund"),
    ],
)  # fmt: skip
def test_same_rule_again(text: str, tool: str) -> None:
    policies, _ = _built(text)
    assert ("require_confirmation", "cancelBooking", "enforce") in policies
    assert ("require_confirmation", tool, "enforce") in policies


@pytest.mark.parametrize(
    "text",
    [
        "Be friendly with members.\n\nsame for refunds",  # nothing before to repeat
        "hey there\nsame with refunds",
    ],
)
def test_same_rule_with_nothing_before_is_a_note(text: str) -> None:
    policies, codes = _built(text)
    assert not [p for p in policies if p[1] == "issueRefund"]
    assert "rule-not-compiled" in codes


def test_same_rule_keeps_the_condition() -> None:
    # the rule before holds under a condition no check decides: so does its copy, reviewed
    policies, codes = _built("Never cancel a booking if the member sounds upset.\nsame for refunds")
    refund = [p for p in policies if p[1] == "issueRefund"]
    assert refund
    assert all(p[2] == "review_only" for p in refund)
    assert "condition-not-bound" in codes


def test_same_rule_not_read_across_sections() -> None:
    policies, _ = _built(
        "## Cancelling\n\nAsk the member to confirm before any cancellation.\n\n"
        "## Texts\n\nsame for refunds"
    )
    assert not [p for p in policies if p[1] == "issueRefund"]


def test_tie_decided_by_argument() -> None:
    # "booking" names create, cancel and move; only createBooking takes `climbers`
    policies, codes = _built("max 6 climbers per booking")
    assert [p[:2] for p in policies] == [("arg_within_bound", "createBooking")]
    assert "ambiguous-mention" not in codes


def test_tie_kept_when_two_tools_take_the_argument() -> None:
    tools = [*TOOLS, T("quoteBooking", "Quote a booking.", climbers="integer")]
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        built = build_prompt(Path(d), "# Desk\n\nmax 6 climbers per booking\n", tools)
    codes = [x.code for x in built.state.diagnostics]
    bound = [p for p in built.policies if p.operator == "arg_within_bound"]
    assert [p.enforcement for p in bound] == ["review_only"]
    assert "ambiguous-mention" in codes


def _tie_codes(sentence: str, tools: list[dict[str, object]]) -> tuple[list[str], list[str]]:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        built = build_prompt(Path(d), f"# Desk\n\n{sentence}\n", tools)
    bound = [
        f"{p.target} {p.enforcement}" for p in built.policies if p.operator == "arg_within_bound"
    ]
    return bound, [x.code for x in built.state.diagnostics]


def test_an_id_of_that_name_holds_no_bound() -> None:
    # "climbers" also names `climberId` of sendClimberText, a text id: no number can be
    # bounded there, so the tie is still createBooking's
    tools = [*TOOLS, T("sendClimberText", "Text a climber.", climberId="string", text="string")]
    bound, codes = _tie_codes("max 6 climbers per booking", tools)
    assert [b.split()[0] for b in bound] == ["createBooking"]
    assert "ambiguous-mention" not in codes


def test_a_number_of_that_name_keeps_the_tie() -> None:
    # a numeric `climbers` on a second tool of the tie: either may be meant, never a guess
    tools = [*TOOLS, T("quoteBooking", "Quote a booking.", climbers="number")]
    bound, codes = _tie_codes("max 6 climbers per booking", tools)
    assert "ambiguous-mention" in codes
    assert bound == ["createBooking review_only"]


def test_a_bound_spread_skips_an_id_its_words_also_name() -> None:
    tools = [*TOOLS, T("sendClimberText", "Text a climber.", climberId="string", text="string")]
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        built = build_prompt(Path(d), "# Desk\n\nClimbers per booking: no more than 6.\n", tools)
    bound = [(p.target, p.enforcement) for p in built.policies if p.operator == "arg_within_bound"]
    notes = [x.message for x in built.state.diagnostics if "climberId" in x.message]
    assert bound == [("createBooking", "enforce")]
    assert notes == []  # `climberId` was a copy that could never compile, with two notes


def test_a_bound_on_ids_only_is_kept_and_explained() -> None:
    # nothing but an id is named: the copy stays, and the compiler says why it is no bound
    tools = [T("sendClimberText", "Text a climber.", climberId="string", text="string")]
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        built = build_prompt(Path(d), "# Desk\n\nClimbers per message: no more than 6.\n", tools)
    bound = [p for p in built.policies if p.operator == "arg_within_bound"]
    codes = {x.code for x in built.state.diagnostics}
    assert bound == []
    assert "argument-restriction-not-compiled" in codes


@pytest.mark.parametrize(
    "text",
    ["Climbers: at most 6 per booking.", "Climbers per booking: at most 6.", "max 6 climbers"],
)
def test_a_label_bound_with_its_holder_after_the_number(text: str) -> None:
    policies, _ = _built(text)
    assert ("arg_within_bound", "createBooking") in [p[:2] for p in policies]


def test_a_label_bound_with_more_after_the_holder_is_not_respelt() -> None:
    from specgap.extract.amounts import _holder_to_label

    assert _holder_to_label("Climbers: at most 6 per booking.") == (
        "Climbers per booking: at most 6."
    )
    assert _holder_to_label("Climbers: at most 6 per booking unless staff approve.") is None
    assert _holder_to_label("Climbers: at most 6.") is None

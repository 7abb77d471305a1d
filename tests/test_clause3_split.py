"""A sentence that holds several rules is read clause by clause (`extract/clause3_split.py`):
each clause joined by ";" or by ", and" / ", but" / ", although" ... is read on its own, with
its own span, and what it states besides the whole sentence's reading is added. A kiln
studio and a ferry desk, written for the test, with tool ids in several styles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import Artifact
from specgap.extract.clause3_split import clauses
from specgap.extract.segments import Sentence, markdown_sentences
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KILN = [
    _tool("find_member", "Find a studio member by e-mail.", email="string"),
    _tool("get_firing", "Get a kiln firing with its status.", firing_id="string"),
    _tool("book_firing", "Book a slot in a kiln firing for a member.", member_id="string",
          firing_id="string", cone="string"),
    _tool("cancel_firing", "Cancel a member's firing booking.", booking_id="string",
          reason="string"),
    _tool("refund_fee", "Refund a firing fee.", booking_id="string", amount="number",
          method="string"),
    _tool("sendGlazeNote", "Send a glaze note to a member.", member_id="string", body="string"),
    _tool("lookupPacket", "Look up a seed packet with its status.", packet_id="string"),
    _tool("swap_firing", "Swap a member's firing booking for another one.",
          cancel_firing_id="string", book_firing_id="string"),
]  # fmt: skip
FERRY = [
    _tool("LookupPassenger", "Find a passenger by name or e-mail.", email="string"),
    _tool("GetCrossing", "Get a ferry crossing with its status and deck space.",
          crossingId="string"),
    _tool("BookCrossing", "Book a seat or a vehicle place on a crossing for a passenger.",
          passengerId="string", crossingId="string", vehicle="string", cabin="string"),
    _tool("move-booking", "Move a booking to another crossing.", bookingId="string",
          crossingId="string"),
    _tool("ferry__cancel_booking", "Cancel a booking.", bookingId="string", reason="string"),
    _tool("issueVoucher", "Issue a travel voucher to a passenger.", passengerId="string",
          amount="number", currency="string"),
]  # fmt: skip
TOOLS = {"kiln": KILN, "ferry": FERRY}

Read = tuple[str, str, Any, str]  # operator, tool, what it says (argument or before), mode


def _policies(tmp_path: Path, sentence: str, desk: str) -> set[Read]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", TOOLS[desk])
    found: set[Read] = set()
    for p in built.policies:
        if not p.source.artifact.endswith("prompt.md"):
            continue
        c = p.condition.model_dump(exclude_none=True)
        said = (c.get("selector") or {}).get("arg") or c.get("before") or c.get("per")
        found.add((p.operator, str(p.target), said, p.enforcement))
    return found


@pytest.mark.parametrize(
    ("desk", "sentence", "expected"),
    [
        # a rule, then a statement of another matter after a semicolon: the rule alone
        ("kiln", "The cone has to be one of 04, 06 or 10; other temperatures are handled by "
         "the technician.", ("resource_in_allowlist", "book_firing", "cone", "enforce")),
        ("ferry", "The vehicle must be one of car, van or motorbike; lorries are booked by the "
         "freight office.", ("resource_in_allowlist", "BookCrossing", "vehicle", "enforce")),
        ("ferry", "The cabin is either inside or outside; suites are sold by the purser.",
         ("resource_in_allowlist", "BookCrossing", "cabin", "enforce")),
        ("ferry", "The reason must be one of weather, illness or duplicate; anything else goes "
         "to a supervisor.",
         ("resource_in_allowlist", "ferry__cancel_booking", "reason", "enforce")),
        ("kiln", "Look up the packet with `lookupPacket` first; a packet withdrawn twice is "
         "never topped up.", ("require_before", "*", "lookupPacket", "review_only")),
        ("ferry", "Read the crossing with `GetCrossing` first; a cancelled crossing is never "
         "reopened by the desk.", ("require_before", "*", "GetCrossing", "review_only")),
        # the tool named in one clause, its argument's values in the next: that tool's,
        # reviewed (the clause leans on the other one)
        ("kiln", "Fees are refunded with `refund_fee`, and the method is either card or "
         "voucher; cash refunds happen at the desk.",
         ("resource_in_allowlist", "refund_fee", "method", "review_only")),
        ("ferry", "Vouchers are issued with `issueVoucher`, and the currency is either EUR or "
         "GBP; other currencies need the finance team.",
         ("resource_in_allowlist", "issueVoucher", "currency", "review_only")),
        # a count in one clause, a confirmation in the next
        ("kiln", "Only one refund may be issued per booking, and the member must agree to the "
         "amount before it is paid.", ("max_calls", "refund_fee", "booking", "eval_required")),
        ("ferry", "At most one voucher may be issued per booking, and the passenger has to "
         "accept the amount before it is issued.",
         ("max_calls", "issueVoucher", "booking", "review_only")),
        # "this has to happen before ...": the clause before is what "this" is
        ("kiln", "Once the member is found, the firing is read with get_firing, and this has "
         "to happen before book_firing or cancel_firing is called, so that the status is "
         "known.", ("require_before", "book_firing", "get_firing", "enforce")),
    ],
)  # fmt: skip
def test_a_clause_states_its_own_rule(
    tmp_path: Path, desk: str, sentence: str, expected: Read
) -> None:
    assert expected in _policies(tmp_path, sentence, desk)


@pytest.mark.parametrize(
    ("desk", "sentence", "absent"),
    [
        # the tool named in the clause, misread as the argument ("the reason passed to
        # cancel_firing"): no rule on the tool that has an argument of that name
        ("kiln", "The reason passed to cancel_firing must be one of kiln_fault, illness or "
         "duplicate, and it is chosen from what the member said rather than guessed.",
         "swap_firing"),
    ],
)  # fmt: skip
def test_no_clause_rule_on_a_tool_the_sentence_does_not_name(
    tmp_path: Path, desk: str, sentence: str, absent: str
) -> None:
    assert all(target != absent for _, target, _, _ in _policies(tmp_path, sentence, desk))


@pytest.mark.parametrize(
    ("desk", "sentence"),
    [
        ("kiln", "Members may bring their own clay, glazes, and tools, and the studio lends "
         "aprons."),
        ("kiln", "The studio opens at nine; the kiln room opens at ten."),
        ("ferry", "Passengers can travel with bikes, dogs, and luggage, and the cafe is open "
         "on every crossing."),
        ("ferry", "Crossings leave every hour; the last one leaves at ten."),
    ],
)  # fmt: skip
def test_clauses_of_no_rule_state_none(tmp_path: Path, desk: str, sentence: str) -> None:
    assert _policies(tmp_path, sentence, desk) == set()


@pytest.mark.parametrize(
    "sentence",
    [
        "Before anything else, verify the member with their card number and confirm the name "
        "on the record; if it differs, end the chat politely.",
    ],
)
def test_no_order_before_every_tool_without_a_named_step(tmp_path: Path, sentence: str) -> None:
    """ "Before anything, verify the member ...; if ..., ...": the clause names no tool for
    the step that comes first, so no enforced order over every tool is added from it. (The
    whole sentence, whose "if it differs" is the second clause's condition and no longer the
    first's, reads the step as the opener a sentence of one clause is: kept for review.)"""
    found = _policies(tmp_path, sentence, "kiln")
    assert not any(
        op == "require_before" and target == "*" and level == "enforce"
        for op, target, _, level in found
    ), found


def test_a_weak_joint_makes_the_added_rule_reviewed(tmp_path: Path) -> None:
    """Cut at ", and", the clause's rule is read apart from what it leans on: never
    enforced (the same rule after a semicolon is)."""
    comma = _policies(
        tmp_path,
        "Kiln slots are booked with `book_firing`, and the cone must be one of 04, 06 or 10.",
        "kiln",
    )
    assert ("resource_in_allowlist", "book_firing", "cone", "review_only") in comma


def _sentence(text: str) -> Sentence:
    artifact = Artifact("prompt", "prompt.md", text, sha256="")
    return next(iter(markdown_sentences(artifact)))


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("The cone has to be one of 04, 06 or 10; other temperatures go to the technician.",
         ["The cone has to be one of 04, 06 or 10", "other temperatures go to the technician."]),
        ("A firing is only booked if its status is open, and only after the member has "
         "said plainly that they want it.",
         ["A firing is only booked if its status is open",
          "only after the member has said plainly that they want it."]),
        # a list is no joint; a piece of fewer than four words joins the clause before it
        ("Members may bring clay, glazes, and tools.", []),
        ("Refunds go to card, and so on.", []),
        # after a comma and "and", a piece that states nothing of its own is part of the
        # condition before it, not a clause
        ("Only refund a fee when the member asks for it, and the kiln log shows a fault.", []),
        # a relative clause on a tool id reads with the id as its subject
        ("Notes go through `sendGlazeNote`, which may only be used twice per conversation.",
         ["sendGlazeNote may only be used twice per conversation."]),
    ],
)  # fmt: skip
def test_clauses(text: str, pieces: list[str]) -> None:
    assert [c.text for c in clauses(_sentence(f"# Desk\n\n{text}\n"))] == pieces


def test_a_clause_keeps_its_own_lines() -> None:
    """A clause on the next line of a hard-wrapped paragraph is located on that line."""
    text = (
        "# Desk\n\nA firing can only be cancelled while it is open, and the\n"
        "reason must be one of kiln fault or illness; nothing else is accepted.\n"
    )
    # (the segmenter parts the two modal statements first; each part keeps its lines)
    artifact = Artifact("prompt", "prompt.md", text, sha256="")
    found = [c for s in markdown_sentences(artifact) for c in (clauses(s) or [s])]
    assert [c.span().start_line for c in found] == [3, 3, 4]
    assert found[2].quote() == "nothing else is accepted."


def _clause_notes(tmp_path: Path, sentence: str, desk: str) -> list[str]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", TOOLS[desk])
    return [
        d.message
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled"
        and d.span is not None
        and d.span.path.endswith("prompt.md")
    ]


@pytest.mark.parametrize(
    ("desk", "sentence", "said"),
    [
        # one clause compiles, the other reads like a rule and compiles to nothing: that
        # clause gets the note (before, the sentence's policy hid it: a silent loss)
        ("kiln", "Always call get_firing before cancel_firing, and the member must sweep the "
         "kiln room afterwards.", "sweep"),
        ("ferry", "Vouchers never exceed 200 euros; passengers must wear a life vest on deck.",
         "wear"),
    ],
)  # fmt: skip
def test_a_clause_that_compiles_nothing_beside_one_that_does_is_noted(
    tmp_path: Path, desk: str, sentence: str, said: str
) -> None:
    assert _policies(tmp_path, sentence, desk)  # the other clause did compile
    notes = _clause_notes(tmp_path, sentence, desk)
    assert any(m.startswith("a clause of this sentence") and said in m for m in notes), notes


@pytest.mark.parametrize(
    ("desk", "sentence"),
    [
        # the clause leans on the rest ("its", "the action") or elides its verb ("and only
        # to ..."): read alone it compiles nothing, read whole it did: no note
        ("kiln", "A firing can only be cancelled if its status is 'open', and you should check "
         "its status before taking the action."),
        ("ferry", "Only a booked crossing can be moved, and only to a crossing you have just "
         "read with GetCrossing."),
    ],
)  # fmt: skip
def test_a_clause_that_leans_on_its_sentence_gets_no_note(
    tmp_path: Path, desk: str, sentence: str
) -> None:
    notes = _clause_notes(tmp_path, sentence, desk)
    assert not any(m.startswith("a clause of this sentence") for m in notes), notes

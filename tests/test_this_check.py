"""A check the sentence before describes, required before an action ("Kayaks may be hired
only when the kayak status is 'dry'. This check is required before each kayak hire."):
`specgap.extract.this_check` reads a reviewed `require_before(<action>, before=<check the
thing>)`. A pointer to a yes, or a sentence before that names nothing, gives nothing. A
made-up kayak hire, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.this_check import pointed_check
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KAYAKS = [
    _tool("get_kayak", "Look up a kayak with its status.", kayak_id="string"),
    _tool("hire_kayak", "Hire a kayak to a guest.", kayak_id="string", guest_id="string"),
    _tool("refund_hire", "Refund a kayak hire.", hire_id="string"),
]

READ: list[tuple[str, str, str]] = [
    ("Kayaks may be hired only when the kayak status is 'dry'.",
     "This check is required before each kayak hire.", "check kayak"),
    ("Only cancel a booking if the booking is 'unpaid'.",
     "That verification must be done prior to every booking cancellation.", "check booking"),
    ("Never refund a booking whose status is 'used'.",
     "This status check is mandatory before any refund.", "check booking"),
    # the gated action said by a gerund subject: its object, and the fields the test names
    ("Hiring a kayak is permitted solely when the gap between fleet_paddles and lent_paddles "
     "exceeds zero.", "This verification is required prior to each kayak hire.",
     "check kayak paddles"),
    ("Renting a locker is allowed only when the guest agrees.",
     "That check must be done before every locker rental.", "check locker"),
    # the pointer said with "precede", or as an imperative
    ("Kayaks may be hired only when the kayak status is 'dry'.",
     "This check must precede every kayak hire.", "check kayak"),
    ("Kayaks may be hired only when the kayak status is 'dry'.",
     "Perform this check before each kayak hire.", "check kayak"),
]  # fmt: skip

NOT_READ: list[tuple[str, str]] = [
    ("Kayaks may be hired only when the kayak status is 'dry'.",
     "This confirmation is required before each kayak hire."),  # a yes, not a check
    ("Welcome to the lake.", "This check is required before each kayak hire."),  # nothing named
    ("Kayaks may be hired only when the kayak status is 'dry'.",
     "This check is required."),  # no action after it
    ("Paddling is fun on calm days.",
     "This check is required before each kayak hire."),  # a gerund, but nothing gated
]  # fmt: skip


@pytest.mark.parametrize(("before", "text", "check"), READ, ids=[t for _, t, _ in READ])
def test_the_pointed_check_comes_first(before: str, text: str, check: str) -> None:
    (emit,) = pointed_check(text, before + " ")
    assert emit.operator == "require_before"
    assert emit.params == {"before": check}


@pytest.mark.parametrize(("before", "text"), NOT_READ)
def test_no_check_is_read(before: str, text: str) -> None:
    assert pointed_check(text, before + " ") == []


def test_the_check_resolves_and_is_reviewed(tmp_path: Path) -> None:
    text = (
        "Kayaks may be hired only when the kayak status is 'dry'. "
        "This check is required before each kayak hire."
    )
    built = build_prompt(tmp_path, f"# Lake desk\n\n{text}\n", KAYAKS)
    orders = [
        (p.target, p.condition.model_dump()["before"], p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    ]
    assert orders == [("hire_kayak", "get_kayak", "review_only")]


def test_a_gated_gerund_finds_its_check_by_the_fields_tested(tmp_path: Path) -> None:
    """A gated gerund ("Hiring a kayak is permitted solely when ..."): no entity in the
    condition; the check of the kayak's paddles is the tool whose words name them, and the
    rule is reviewed."""
    tools = [*KAYAKS, _tool("count_paddles", "Check how many paddles are free for a kayak.",
                            kayak_id="string")]  # fmt: skip
    text = (
        "Hiring a kayak is permitted solely when the gap between fleet_paddles and lent_paddles "
        "exceeds zero. This verification is required prior to each kayak hire."
    )
    built = build_prompt(tmp_path, f"# Lake desk\n\n{text}\n", tools)
    orders = [
        (p.target, p.condition.model_dump()["before"], p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    ]
    assert orders == [("hire_kayak", "count_paddles", "review_only")]


def test_a_pointed_check_that_precedes(tmp_path: Path) -> None:
    """A pointer said with "precede" is read back, not as a tool named "check"."""
    text = (
        "Kayaks may be hired only when the kayak status is 'dry'. "
        "This check must precede every kayak hire."
    )
    built = build_prompt(tmp_path, f"# Lake desk\n\n{text}\n", KAYAKS)
    orders = [
        (p.target, p.condition.model_dump()["before"], p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    ]
    assert orders == [("hire_kayak", "get_kayak", "review_only")]

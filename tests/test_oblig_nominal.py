"""Prerequisites said with action nouns (`specgap.extract.oblig_nominal`): "a credit check is
required for every new loan" read as the order of two calls, and what is no such order.
Sentences written for these tests, in a made-up lending service with dotted tool ids."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_nominal import nominal_prerequisites, without_novelty
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        (
            "A credit check is required for every new loan.",
            ["Every loan requires a credit check first."],
        ),
        (
            "Before any refund, a payment lookup is needed.",
            ["Any refund requires a payment lookup first."],
        ),
        (
            "Each refund needs a prior lookup of the payment.",
            ["Each refund requires a prior lookup of the payment."],
        ),
        (
            "No renewal without a prior eligibility check.",
            ["Renewal requires a prior eligibility check."],
        ),
        (
            "Renewals are not possible without a balance check.",
            ["Renewals requires a balance check first."],
        ),
        (
            "A balance check is mandatory before any renewal.",
            ["Any renewal requires a balance check first."],
        ),
        # not two actions in that shape
        ("A credit check takes two days.", []),
        ("You need a pen.", []),
        ("Loans are approved by the branch manager.", []),
        ("It needs a prior check.", []),
        ("Each renewal needs approval from the branch manager.", []),  # a yes, not a call
    ],
)
def test_said_as_a_requirement(sentence: str, said: list[str]) -> None:
    assert nominal_prerequisites(sentence) == said


@pytest.mark.parametrize(
    ("phrase", "kept"),
    [
        ("every new loan", "every loan"),
        ("any additional refund", "any refund"),
        ("a loan", "a loan"),
    ],
)
def test_novelty_is_which_calls(phrase: str, kept: str) -> None:
    assert without_novelty(phrase) == kept


TOOLS = [
    _tool("loans.application.get", "Fetch a loan application.", application_id="string"),
    _tool("loans.credit.check", "Run a credit check on an applicant.", applicant_id="string"),
    _tool("loans.application.approve", "Approve a loan application.", application_id="string"),
    _tool("loans.payment.refund", "Refund a loan payment.", payment_id="string"),
    _tool("loans.payment.lookup", "Look up a loan payment.", payment_id="string"),
]

APPROVE, CHECK = "loans.application.approve", "loans.credit.check"
REFUND, LOOKUP = "loans.payment.refund", "loans.payment.lookup"
CASES = [
    ("A credit check is required for every approval.", {(APPROVE, CHECK)}),
    ("Each refund needs a prior lookup of the payment.", {(REFUND, LOOKUP)}),
    ("Before any refund, a payment lookup is required.", {(REFUND, LOOKUP)}),
    ("No approval without a prior credit check.", {(APPROVE, CHECK)}),
    # a thing to hold, no action: no order
    ("A signed form is required for every approval.", set()),
    ("Applicants need a valid address.", set()),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "orders"), CASES)
def test_orders_of_nominal_prerequisites(sentence: str, orders: set[tuple[str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Lending desk\n\n{sentence}\n", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert read == orders


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("Payment lookup before any refund.", ["Payment lookup must precede any refund."]),
        (
            "Mandatory: a credit check prior to every approval.",
            ["A credit check must precede every approval."],
        ),
        ("Refunds only after a payment lookup.", ["A payment lookup must precede Refunds."]),
        (
            "Refunds: only once the payment has been fetched.",
            ["Refunds requires that the payment has been fetched."],
        ),
        ("Credit check first, then approval.", ["Credit check must precede approval."]),
        (
            "The approval step comes after the credit check.",
            ["The credit check must precede The approval."],
        ),
        # a negation, a verb of its own, a description: not a terse order
        ("No approval before a credit check.", []),
        ("A credit check must happen before any approval.", []),
        ("Refunds are processed after a payment lookup.", []),
        ("Approvals only after manager approval.", []),  # someone's yes
    ],
)
def test_terse_orders(sentence: str, said: list[str]) -> None:
    assert nominal_prerequisites(sentence) == said

"""A read obliged in the course of an action the sentence names
(`specgap.extract.oblig_scoped`): "when renewing a permit, look up the holder" orders the
lookup before the renewal, reviewed; a step that is no read, a scope that is a state, and a
manner are not orders. Sentences written for these tests, in a made-up permits office."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_scoped import scoped_orders
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("sentence", "order"),
    [
        (
            "If an applicant wants to renew a permit, look up the permit.",
            ("renew permit", "look up permit"),
        ),
        (
            "When the customer asks for a refund, you must fetch the payment.",
            ("refund", "fetch payment"),
        ),
        ("When processing a refund, always fetch the payment.", ("refund", "fetch payment")),
        (
            "While renewing a permit, check the holder's record.",
            ("renew permit", "check holder record"),
        ),
        (
            "Whenever you revoke a permit, retrieve the permit first.",
            ("revoke permit", "retrieve permit"),
        ),
        ("For every permit renewal, check the fee balance.", ("renew permit", "check fee balance")),
        ("As part of any transfer, verify the account.", ("transfer", "verify account")),
        ("In order to issue a permit, search the registry.", ("issue permit", "search registry")),
        ("You need to fetch the payment to issue a refund.", ("issue refund", "fetch payment")),
        (
            "Always check the fee balance when renewing a permit.",
            ("renew permit", "check fee balance"),
        ),
        # a step that changes or tells something may come after: no order
        ("When you revoke a permit, send the holder a notice.", None),
        ("If an applicant wants to renew a permit, renew it.", None),
        # a state, a topic, a talk verb: no action in the scope
        ("If the permit is expired, look up the holder.", None),
        ("If the applicant asks about their fees, look up the permit.", None),
        ("If the applicant wants to know the fee, check the fee table.", None),
        ("For your own safety, check the registry.", None),
        # no obligation
        ("When renewing a permit, never check the registry.", None),
        ("Permits are renewed yearly.", None),
    ],
)
def test_read_before_the_scoped_action(sentence: str, order: tuple[str, str] | None) -> None:
    read = [(e.target, e.params["before"]) for e in scoped_orders(sentence)]
    assert read == ([order] if order else [])


TOOLS = [
    _tool("permits.get", "Look up a permit by its number.", permit_number="string"),
    _tool("permits.renew", "Renew a permit for another year.", permit_number="string"),
    _tool("permits.revoke", "Revoke a permit.", permit_number="string"),
    _tool("holders.notify", "Send a notice to a permit holder.", holder_id="string"),
]


@pytest.mark.parametrize(
    ("sentence", "orders"),
    [
        (
            "When renewing a permit, look up the permit.",
            {("permits.renew", "permits.get", "review_only")},
        ),
        ("When revoking a permit, notify the holder.", set()),
    ],
)
def test_orders_are_reviewed(sentence: str, orders: set[tuple[str, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Permits office\n\n{sentence}\n", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")), p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert read == orders

"""A plural object names a tool whose name ends in that plural more than one whose name
says the singular among other words: "get the invoices" is `list_invoices`, not
`get_invoice_total`. A singular says less ("check the invoice" is said of one or of any), so
it decides nothing. Made-up registry; every description written for this test."""

from __future__ import annotations

import pytest

from specgap.resolve.recast import plural
from specgap.resolve.resolver import Resolver
from tests.resolve_domains import registry

S = "string"

BILLING = Resolver(
    registry(
        ("list_invoices", "List the invoices of an account.", {"account_id": S}),
        ("get_invoice_total", "Get the total of one invoice.", {"invoice_id": S}),
        ("list_refunds", "List the refunds of an account.", {"account_id": S}),
        ("get_refund", "Get one refund.", {"refund_id": S}),
        ("get_users", "Get users by team.", {"team": S}),
        ("get_user", "Get a user.", {"user_id": S}),
    )
)


@pytest.mark.parametrize(
    ("mention", "status", "tool"),
    [
        ("get the invoices", "resolved", "list_invoices"),
        ("read the invoices", "resolved", "list_invoices"),
        ("check the invoices", "resolved", "list_invoices"),
        ("get the invoice total", "resolved", "get_invoice_total"),
        ("get the invoice", "ambiguous", None),  # a singular decides nothing
        ("look up the refund", "ambiguous", None),
        ("find the user", "ambiguous", None),
        # names alike but for number: the plural alone is too little to choose by
        ("look up the refunds", "ambiguous", None),
        ("find the users", "ambiguous", None),
    ],
)
def test_a_plural_object_names_the_tool_of_many(
    mention: str, status: str, tool: str | None
) -> None:
    res = BILLING.resolve(mention)
    assert res.status == status, res.candidates[:3]
    if tool is not None:
        assert res.tool_id == tool


@pytest.mark.parametrize(
    ("word", "many"),
    [
        ("cards", True),
        ("addresses", True),
        ("card", False),
        ("news", False),
        ("status", False),
        ("us", False),
    ],
)
def test_a_plural_noun(word: str, many: bool) -> None:
    assert plural(word) is many

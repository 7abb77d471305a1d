"""A read said casually ("pull the invoice", "grab the ledger") is a get
(`order_words.pulled`), so the ordering it opens resolves; "pull up" stays the look-up
idiom. Sentences written for this test."""

from __future__ import annotations

import pytest

from specgap.extract.order_words import pulled


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Pull the invoice, then issue a credit.", "get the invoice, then issue a credit."),
        ("Always pull the latest invoice first.", "Always get the invoice first."),
        ("Grab their ledger before closing it.", "get their ledger before closing it."),
        ("Pulling the current statement comes first.", "getting the statement comes first."),
        # not a casual read
        ("Pull up the invoice.", "Pull up the invoice."),
        ("Pull requests are reviewed weekly.", "Pull requests are reviewed weekly."),
    ],
)
def test_a_casual_read_is_a_get(text: str, said: str) -> None:
    assert pulled(text) == said

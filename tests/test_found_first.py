"""An action conditioned on what a search found needs the search first
(`specgap.extract.found_first`): "if a free kennel is found, book it" is read as a reviewed
`require_before(book_kennel, before=<the kennel search>)`, with a note that the obligation
to act is not enforced. A state, a failed search, or a consequent that is talk gives no
ordering. Sentences written for the test about a made-up pet hotel."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.found_first import found_first
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

HOTEL = [
    _tool("search_kennels", "Search free kennels for a stay.", size="string"),
    _tool("book_kennel", "Book a kennel for a pet.", kennel_id="string", pet_id="string"),
    _tool("get_vaccination_record", "Fetch a pet's vaccination record.", pet_id="string"),
    _tool("void_invoice", "Void an invoice.", invoice_id="string"),
    _tool("find_invoice", "Find an invoice by its number.", number="string"),
    _tool("notify_owner", "Send a message to a pet's owner.", pet_id="string", text="string"),
]

READ: list[tuple[str, str, str]] = [
    ("If a free kennel is found, book it for the pet.", "book_kennel", "search_kennels"),
    ("When the invoice is located, void it.", "void_invoice", "find_invoice"),
    ("Once the invoice has been found, then void it.", "void_invoice", "find_invoice"),
    ("If suitable kennels are returned, book one for the guest.", "book_kennel",
     "search_kennels"),
    # the search said actively: by its tool id, or as a search
    ("If search_kennels returns a free kennel, book it.", "book_kennel", "search_kennels"),
    ("When the kennel search finds a free kennel, book it for the dog.", "book_kennel",
     "search_kennels"),
    ("If find_invoice returns an invoice, void it.", "void_invoice", "find_invoice"),
]  # fmt: skip

NOT_READ = [
    "If the kennel is free, book it.",  # a state, not a search outcome
    "If no kennel is found, tell the owner.",  # the failed search, and talk
    "If the invoice is found, tell the owner the amount.",  # talk, no call
    "If the invoice is not found, ask for the number again.",  # a failed search
    "If find_invoice returns nothing, tell the owner.",  # a failed search
    "If the search finds no kennel, notify the owner.",  # a failed search
]


def _built(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, f"# Pet hotel\n\n{text}\n", HOTEL)


@pytest.mark.parametrize(("text", "target", "before"), READ, ids=[t for t, _, _ in READ])
def test_an_action_on_a_found_thing_needs_the_search_first(
    tmp_path: Path, text: str, target: str, before: str
) -> None:
    built = _built(tmp_path, text)
    prose = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert [(p.operator, p.target, p.condition.model_dump()["before"]) for p in prose] == [
        ("require_before", target, before)
    ]
    assert prose[0].enforcement == "review_only"  # the order is inferred, never enforced
    codes = [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("md")]
    assert "obligation-not-enforced" in codes


@pytest.mark.parametrize("text", NOT_READ)
def test_no_ordering_without_a_search_outcome(text: str) -> None:
    assert found_first(text) == []


def test_the_pronoun_is_the_found_thing() -> None:
    (emit,) = found_first("If matching invoices are returned, void them and notify the owner.")
    assert emit.target == "void invoices"
    assert emit.params == {"before": "find matching invoices"}

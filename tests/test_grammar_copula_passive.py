"""Passives whose copula stands before the modal word ("refunds are never issued …",
"cakes are only delivered …") are passives: the subject is what the verb acts on, and the
copula is no part of it. A value in front of a noun after a preposition ("to a `fragile`
parcel") qualifies that noun: a determiner is never the argument, and an argument is named
by whole leading words of its name (`table` → `table_name`, never `a` → `account_id`).
Sentences and tools written for the test (a bakery and a parcel desk)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.grammar import parse
from specgap.registry import Tool
from specgap.resolve.arguments import resolve_argument
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

PASSIVES: list[tuple[str, dict[str, Any]]] = [
    (
        "Gift wrapping is never added to a perishable order.",
        {"verb": "add", "object": "gift wrapping", "passive": True, "negated": True},
    ),
    (
        "Refunds are only issued to the card that paid.",
        {"verb": "issue", "object": "refunds", "passive": True, "modality": "only"},
    ),
    (
        "Parcels were never sent abroad.",
        {"verb": "send", "object": "parcels", "passive": True, "negated": True},
    ),
    # a permission after the copula is the modality, not a passive action
    ("The assistant is never allowed to delete a parcel.", {"passive": False}),
    # the active voice is untouched
    (
        "Never add gift wrapping to a perishable order.",
        {"verb": "add", "object": "gift wrapping", "passive": False},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), PASSIVES)
def test_a_copula_before_the_modal_makes_a_passive(sentence: str, expected: dict[str, Any]) -> None:
    clause = parse(sentence)
    assert {k: getattr(clause, k) for k in expected} == expected


def _tool_of(name: str, **props: str) -> Tool:
    spec = _tool(name, "A tool.", **props)["function"]
    return Tool(id=name, schema=spec["parameters"], description=spec["description"])


@pytest.mark.parametrize(
    ("args", "phrase", "expected"),
    [
        ({"account_number": "string", "quote_id": "string"}, "a", None),
        ({"account_number": "string", "quote_id": "string"}, "acc", None),
        ({"table_name": "string", "limit": "integer"}, "table", "table_name"),
        ({"table_name": "string", "limit": "integer"}, "tables", "table_name"),
        ({"parcel_id": "string", "weight": "number"}, "parcel", "parcel_id"),
    ],
)
def test_an_argument_is_named_by_whole_leading_words(
    args: dict[str, str], phrase: str, expected: str | None
) -> None:
    assert resolve_argument(_tool_of("t", **args), phrase).name == expected


TOOLS = [
    _tool(
        "book_parcel",
        "Book a parcel pickup and return its tracking number.",
        account_number="string",
        pickup_date="string",
    ),
    _tool("add_option", "Add an option to a booked parcel.", parcel_id="string", option="string"),
]


def test_a_value_before_a_prepositions_noun_is_never_a_determiners_argument(
    tmp_path: Path,
) -> None:
    """Was: `account_number` of the booking tool must not be `fragile`, enforced (the
    article "a" had resolved to `account_number` by prefix)."""
    built = build_prompt(
        tmp_path, "# Parcels\n\nWeekend pickup is never added to a `fragile` parcel.\n", TOOLS
    )
    prose = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    for p in prose:
        selector = getattr(p.condition, "selector", None)
        assert not (selector is not None and selector.arg == "account_number"), p
        assert not (p.target == "book_parcel" and p.enforcement == "enforce"), p


def _rule(grounding: str) -> Any:
    from specgap.ir import CandidateRule, Span

    span = Span(
        path="p.md", start_line=1, start_col=1, end_line=1, end_col=9, start_byte=0, end_byte=8
    )
    return CandidateRule(
        text="x", span=span, quote="x", target="add", mentions=("add",), grounding=grounding,
        check_category="authorization_check", operator="deny_action", params={},
        confidence=0.9, extractor="deterministic",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("grounding", "score", "expected"),
    [
        ("exact", 1.0, "enforce"),
        ("exact", 0.72, "enforce"),  # a partial name
        ("exact", 0.605, "review_only"),  # a bare verb and a word of context
        ("partial", 0.79, "review_only"),
        ("partial", 0.85, "enforce"),
    ],
)
def test_an_exact_rule_on_a_weakly_resolved_mention_is_reviewed(
    grounding: str, score: float, expected: str
) -> None:
    from specgap.compile import _enforcement
    from specgap.ir import Candidate, Resolution

    res = Resolution(
        mention="add",
        status="resolved",
        candidates=(Candidate(tool_id="t", score=score, via="fuzzy"),),
    )
    assert _enforcement(_rule(grounding), [res]) == expected

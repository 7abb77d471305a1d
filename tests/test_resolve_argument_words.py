"""Argument phrases as prose writes them, against a made-up kennel booking tool: written-out
words argument names shorten, plural acronyms, possessives, and generic nouns that stay
ambiguous (the tool and phrases are ours)."""

from __future__ import annotations

import pytest

from specgap.registry import Tool
from specgap.resolve.arguments import resolve_argument

BOOK_STAY = Tool(
    id="book_stay",
    names=("book_stay",),
    description="Book a kennel stay for a dog.",
    schema={
        "properties": {
            "owner_id": {"type": "string"},
            "owner_email": {"type": "string", "description": "E-mail address of the owner."},
            "phoneNumber": {"type": "string"},
            "card_number": {"type": "string", "description": "The card to charge."},
            "start_date": {"type": "string"},
            "end_date": {"type": "string"},
            "first_name": {"type": "string"},
            "last_name": {"type": "string"},
        }
    },
)

# (phrase, the argument it names; None: ambiguous, never a guess)
TABLE = [
    ("owner identifier", "owner_id"),  # written out
    ("IDs of the owner", "owner_id"),  # a plural acronym, not camelCase
    ("the owner's e-mail", "owner_email"),  # the e-mail, of the owner
    ("e-mail address", "owner_email"),
    ("telephone number", "phoneNumber"),
    ("the owner's ID", "owner_id"),
    ("the card", "card_number"),
    ("the date", None),  # start or end: generic
    ("the name", None),  # first or last
    ("the number", None),  # phone or card
]


@pytest.mark.parametrize(("phrase", "arg"), TABLE)
def test_an_argument_phrase_names_its_argument(phrase: str, arg: str | None) -> None:
    match = resolve_argument(BOOK_STAY, phrase)
    if arg is None:
        assert match.status == "ambiguous", match.candidates[:2]
    else:
        assert (match.status, match.name) == ("resolved", arg), match.candidates[:2]

"""A light verb whose object is an action noun names that action ("never process a deposit
refund", "never perform a brake check"), "use" with a tool as its object names a call of
it ("never use the refund tool"), and a phrasal verb keeps its particle ("check in"); a
light verb over a thing ("make an invoice") and "use" over a thing ("use the customer's
card") keep their words. A made-up bike repair shop, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar import parse
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

SHOP = [
    _tool("get_bike", "Look up a customer's bike by its frame number.", frame_number="string"),
    _tool("check_brakes", "Test the brakes of a bike on the stand.", bike_id="string"),
    _tool("book_repair", "Book a repair slot for a bike.", bike_id="string", slot="string"),
    _tool("modify_repair", "Change the slot or the parts of a booked repair.", repair_id="string"),
    _tool("cancel_repair", "Cancel a booked repair.", repair_id="string"),
    _tool("refund_deposit", "Pay the deposit back to the customer.", repair_id="string"),
    _tool("make_invoice", "Make the invoice of a finished repair.", repair_id="string"),
]

# (sentence, verb, object, the mention resolved): what the clause reads
CLAUSES: list[tuple[str, str, str, str]] = [
    ("Never perform an inspection of the bike.", "inspect", "bike", "inspect bike"),
    ("Never perform a brake check on a carbon frame.", "check", "brake", "check brake"),
    ("You must not process a deposit refund.", "refund", "deposit", "refund deposit"),
    ("Never complete an inspection of the bike.", "inspect", "bike", "inspect bike"),
    # nothing after the action noun: the noun is what is made, the phrase names the action
    ("Do not make a repair booking.", "book", "repair", "book repair"),
    ("Never make a booking.", "book", "booking", "make booking"),
    # "use" a tool: a call of it
    ("Never use the refund tool.", "call", "refund tool", "call refund tool"),
    ("Do not use the bike lookup.", "call", "bike lookup", "call bike lookup"),
    # a phrasal verb keeps its particle: checking in a guest is not reading them
    (
        "Never check in a walk-in customer.",
        "check",
        "walk-in customer",
        "check in walk-in customer",
    ),
    # a noun of any change: every action on the thing, read by `entity_rules`, not "change"
    ("Do not make any changes to a repair.", "make", "changes", "make changes"),
    # a light verb over a thing, "use" over a thing: the words as written
    ("Never make an invoice.", "make", "invoice", "make invoice"),
    ("Do not use the customer's card.", "use", "customer card", "use customer card"),
]


@pytest.mark.parametrize(
    ("sentence", "verb", "obj", "action"), CLAUSES, ids=[c[0] for c in CLAUSES]
)
def test_a_light_verb_names_its_nouns_action(
    sentence: str, verb: str, obj: str, action: str
) -> None:
    clause = parse(sentence)
    assert (clause.verb, clause.object, clause.action) == (verb, obj, action), clause


# (sentence, the tool banned, or None: no ban)
BANS: list[tuple[str, str | None]] = [
    ("Never perform an inspection of the bike.", None),  # no tool inspects
    ("Never perform a brake check.", "check_brakes"),
    ("You must not process a deposit refund.", "refund_deposit"),
    ("Never use the refund tool for a carbon frame.", "refund_deposit"),
    ("Do not use the bike lookup for a walk-in customer.", "get_bike"),
    # no tool checks customers in: no ban, least of all on reading a bike
    ("Never check in a customer.", None),
    # no tool is named by the customer's card
    ("Do not use the customer's card.", None),
]


@pytest.mark.parametrize(("sentence", "tool"), BANS, ids=[b[0] for b in BANS])
def test_the_light_verbs_action_is_banned(tmp_path: Path, sentence: str, tool: str | None) -> None:
    built = build_prompt(tmp_path, f"# Workshop\n\n{sentence}\n", SHOP)
    denied = {
        p.target
        for p in built.policies
        if p.operator == "deny_action" and p.source.artifact.endswith("prompt.md")
    }
    assert denied == ({tool} if tool else set())

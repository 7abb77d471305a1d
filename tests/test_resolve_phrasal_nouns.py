"""A phrasal verb run together as the noun of its act ("a payout", "supply shutoffs",
"the setup of a payment plan"), and a tool named or described by a phrasal verb
(`shut_off_supply`, "Pay out an approved claim"): the noun names the tool's action
(`specgap.resolve.verbs.phrasal_key`, `actions._leading_verbs`, `recast`). Made-up domains
(`tests/resolve_domains.py`); every mention written for these tests."""

from __future__ import annotations

import pytest

from specgap.resolve.resolver import Resolver
from specgap.resolve.verbs import phrasal_key
from tests.resolve_domains import DOMAINS

RESOLVERS = {name: Resolver(registry) for name, registry in DOMAINS.items()}


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        ("courier", "a payout", "pay_claim"),
        ("courier", "claim payouts", "pay_claim"),
        ("courier", "any payout on a claim", "pay_claim"),
        ("courier", "pay out the claim", "pay_claim"),
        ("water", "supply shutoffs", "shut_off_supply"),
        ("water", "any shutoff of the supply", "shut_off_supply"),
        ("water", "shut off the supply", "shut_off_supply"),
        ("water", "disconnect the supply", "shut_off_supply"),  # `shut off` is a kind of verb
        ("water", "the setup of a payment plan", "create_payment_plan"),
        ("water", "payment plan setup", "create_payment_plan"),
    ],
)
def test_a_phrasal_noun_names_its_tool(domain: str, mention: str, tool: str) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool)


@pytest.mark.parametrize(
    ("domain", "mention"),
    [
        ("courier", "a pickup"),  # `pick up` is no verb of the lexicon: a pickup is a thing
        ("water", "a checkup"),  # `check up` is none either
        ("water", "a payout"),  # nothing here pays out
    ],
)
def test_a_phrasal_noun_no_tool_acts_on_stays_unresolved(domain: str, mention: str) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert res.status != "resolved" or res.tool_id not in {"pay_claim", "shut_off_supply"}


@pytest.mark.parametrize(
    ("word", "key"),
    [("payout", "payout"), ("payouts", "payout"), ("shutoffs", "shutoff"), ("setup", "setup"),
     ("pickup", None), ("checkup", None), ("layout", None), ("cup", None)],
)  # fmt: skip
def test_the_phrasal_key(word: str, key: str | None) -> None:
    assert phrasal_key(word) == key

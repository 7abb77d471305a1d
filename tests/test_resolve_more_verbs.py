"""Verbs the lexicon learned for policies of new domains (`specgap.resolve.lexicon`):
sending something elsewhere (reroute, redirect, divert), putting something back
(restore, reconnect, reinstate), moving a date (postpone, defer), releasing, paging,
arranging; and what they must never reach. Made-up domains (`tests/resolve_domains.py`);
every mention written for these tests."""

from __future__ import annotations

import pytest

from specgap.resolve.lexicon import classes_of, verb_key
from specgap.resolve.resolver import Resolver
from tests.resolve_domains import DOMAINS

RESOLVERS = {name: Resolver(registry) for name, registry in DOMAINS.items()}


def _resolved(domain: str, mention: str) -> str | None:
    res = RESOLVERS[domain].resolve(mention)
    return res.tool_id if res.status == "resolved" else None


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        ("courier", "redirect the parcel", "reroute_parcel"),
        ("courier", "divert a parcel", "reroute_parcel"),
        ("courier", "redirecting the parcel", "reroute_parcel"),
        ("courier", "the parcel is redirected", "reroute_parcel"),
        ("nursery", "arrange a van delivery", "schedule_delivery"),
        ("lab", "publish the results", "release_results"),
        ("lab", "release the results to the portal", "release_results"),
        ("lab", "postpone the appointment", "reschedule_appointment"),
        ("lab", "defer the blood draw appointment", "reschedule_appointment"),
        ("water", "reconnect the supply", "restore_supply"),
        ("water", "reinstate the water supply", "restore_supply"),
        ("water", "shut off supply to the property", "shut_off_supply"),
        # `hand` is `give` (a particle lost on the way: "handed out")
        ("nursery", "hand store credit", "issue_store_credit"),
        ("nursery", "hand out store credit", "issue_store_credit"),
        # allowing an action is no action of its own ("payouts are permitted once ...")
        ("courier", "permit payouts", "pay_claim"),
        ("courier", "allow claim payouts", "pay_claim"),
    ],
)
def test_a_new_verb_finds_the_tool_of_its_kind(domain: str, mention: str, tool: str) -> None:
    assert _resolved(domain, mention) == tool


@pytest.mark.parametrize(
    ("domain", "mention"),
    [
        ("courier", "reroute the pickup"),  # no tool moves a pickup
        ("nursery", "hold the order"),  # holding is not placing
        ("nursery", "hold a plant"),  # a plant hold is made by one tool, released by another
        ("nursery", "settle the order"),
        ("lab", "prescribe medication"),
        ("lab", "admit the patient"),
        ("bikes", "renew the membership plan"),  # renewing is not upgrading
        ("water", "settle the bill"),
        ("water", "invoice the customer"),
        ("water", "reopen the account"),  # reopening undoes closing
        ("water", "estimate the bill"),  # estimating is not reading
        ("courier", "permit the courier"),  # a thing allowed, no action
        ("courier", "approve the pickup booking"),  # approving is an action of its own
    ],
)
def test_a_new_verb_never_reaches_a_tool_that_does_something_else(
    domain: str, mention: str
) -> None:
    assert _resolved(domain, mention) is None


@pytest.mark.parametrize(
    ("verb", "kinds"),
    [
        ("reroute", {"update"}),
        ("release", {"delete", "send", "pay"}),  # a hold, results, funds
        ("restore", {"update"}),
        ("shut off", {"update", "delete"}),
        ("page", {"send"}),
        ("hold", set()),  # reserving or keeping: no kind of its own
        ("settle", set()),
        ("renew", set()),
    ],
)
def test_the_kinds_of_the_new_verbs(verb: str, kinds: set[str]) -> None:
    assert classes_of(verb_key(verb)) == kinds

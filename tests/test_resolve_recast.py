"""Mentions that say their action in another shape than verb + object
(`specgap.resolve.recast`): a passive clause, a past participle before its object, an
irregular verb form, a compound ending in an action noun, an action noun made from the verb
a tool is named by; and mentions that name a thing, never a tool. Made-up domains
(`tests/resolve_domains.py`); every mention written for these tests."""

from __future__ import annotations

import pytest

from specgap.resolve.recast import (
    base_forms,
    names_a_thing,
    past_participle,
    recast,
    states_a_fact,
    unmodified,
)
from specgap.resolve.resolver import Resolver
from specgap.resolve.text import stem
from tests.resolve_domains import DOMAINS

RESOLVERS = {name: Resolver(registry) for name, registry in DOMAINS.items()}


def _resolved(domain: str, mention: str) -> str | None:
    res = RESOLVERS[domain].resolve(mention)
    return res.tool_id if res.status == "resolved" else None


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        # passive clauses, with `be`, `have been`, modals and adverbs
        ("courier", "the claim has been paid", "pay_claim"),
        ("courier", "claim is paid", "pay_claim"),
        ("courier", "the parcel is rerouted", "reroute_parcel"),
        ("courier", "parcel is sent back", "return_to_sender"),
        ("courier", "the parcel is held at the depot", "hold_at_depot"),
        ("lab", "results have been released", "release_results"),
        ("lab", "results are released", "release_results"),
        ("lab", "the doctor is paged", "page_doctor"),
        ("lab", "panel is ordered", "order_blood_panel"),
        ("lab", "the report is amended", "amend_report"),
        ("nursery", "the hold is released", "release_hold"),
        ("nursery", "store credit is given", "issue_store_credit"),
        ("nursery", "the order has already been cancelled", "cancel_order"),
        ("bikes", "the ride is refunded", "refund_ride"),
        ("bikes", "a rider gets banned", "ban_rider"),
        ("water", "the supply must first be shut off", "shut_off_supply"),
        ("water", "the account was closed", "close_account"),
        # a perfect: the words before `has` are its subject, not its object
        ("courier", "the agent has verified the recipient", "verify_recipient"),
        ("lab", "the nurse has paged the doctor", "page_doctor"),
        # a past participle before its object; an irregular form first
        ("courier", "a paid claim", "pay_claim"),
        ("courier", "paid claim", "pay_claim"),
        ("water", "a restored supply", "restore_supply"),
        ("courier", "paid out the claim", "pay_claim"),
        # a particle borrowed from another verb ("look up the rider before banning them")
        ("bikes", "ban up rider", "ban_rider"),
        ("bikes", "ban out the rider", "ban_rider"),
        ("water", "close up account", "close_account"),
        # a request for or an attempt at an action: the action
        ("courier", "a reroute request", "reroute_parcel"),
        ("courier", "requests to reroute a parcel", "reroute_parcel"),
        ("courier", "any request for a reroute", "reroute_parcel"),
        ("nursery", "any attempt to refund the order", "refund_payment"),
        ("lab", "a request to page the doctor", "page_doctor"),
        # a thing, then the action noun: the noun's verb acts on the thing
        ("nursery", "order cancellation", "cancel_order"),
        ("nursery", "order cancellations", "cancel_order"),
        ("courier", "pickup cancellation", "cancel_pickup"),
        ("water", "account closure", "close_account"),
        ("bikes", "membership cancellation", "cancel_membership"),
        # an action noun made from the verb a tool is named by, or from a lexicon verb
        ("nursery", "the reservation of a plant", "reserve_plant"),
        ("nursery", "any reservation", "reserve_plant"),
        ("bikes", "an extension of the rental", "extend_rental"),
        ("lab", "the amendment of a report", "amend_report"),
        # a verb used as its own noun, a gerund, an ending that makes a noun: actions
        ("nursery", "any refund", "refund_payment"),
        ("courier", "any reroute", "reroute_parcel"),
        ("nursery", "a delivery", "schedule_delivery"),
    ],
)
def test_a_mention_in_another_shape_resolves_to_its_tool(
    domain: str, mention: str, tool: str
) -> None:
    assert _resolved(domain, mention) == tool


@pytest.mark.parametrize(
    ("domain", "mention"),
    [
        # a thing the tools act on, though its word ends a tool's name
        ("courier", "the sender"),
        ("courier", "the depot"),
        ("courier", "the courier"),
        ("courier", "the tracking number"),
        ("nursery", "the customer"),
        ("nursery", "the store"),  # a lexicon verb, but not one used as its own noun
        ("nursery", "a photo"),
        ("lab", "the doctor"),
        ("lab", "a sample"),
        ("lab", "the patient"),
        ("bikes", "the rider"),
        ("bikes", "the dock"),
        ("water", "the meter"),
        ("water", "the tenant"),
        # no passive: `open` and `overdue` are no past participles, and nothing is done
        ("nursery", "the order is open"),
        ("water", "the bill is overdue"),
        ("courier", "the parcel is out for delivery"),
        ("bikes", "the rental is still running"),
        # a passive of something no tool does
        ("lab", "the patient is diagnosed"),
        ("courier", "the parcel is weighed"),
        ("nursery", "the plants are watered"),
        # an action noun of something no tool does
        ("water", "any repair of the leak"),
        ("bikes", "ban up the station"),  # no tool bans a station
        ("courier", "a sender request"),  # a request of a thing, no action
        ("courier", "the parcel request"),
        ("water", "any attempt to fix the leak"),
        ("bikes", "the repair of a bike"),
    ],
)
def test_a_thing_or_an_action_no_tool_does_is_never_resolved(domain: str, mention: str) -> None:
    assert _resolved(domain, mention) is None


@pytest.mark.parametrize(
    ("mention", "said"),
    [
        ("the claim has been paid", ("pay the claim", True)),
        ("results are released to the portal", ("release results to the portal", True)),
        ("the parcel is sent back", ("send the parcel back", True)),
        ("a rider must not be banned", ("ban a rider", True)),
        ("a paid claim", ("pay claim", True)),
        ("sent it back", ("send it back", True)),
        ("order cancellations", ("cancel order", True)),
        ("the cancellation of a loan", ("cancel loan", True)),
        ("the inoculation of a calf", None),  # no lexicon verb, and no tool named by it
        ("the order is open", None),
        ("the rider has renewed the plan", ("renew the plan", True)),
        ("the rider has a plan", None),
        ("the parcel, once it is held", None),  # a clause boundary before the `be`
        ("cancel the order", None),  # already verb + object
        ("paying the fee", None),  # a gerund: read as a verb already
        ("recommendations", None),  # one word alone may be a word of a name
        ("a reroute request", ("a reroute", True)),
        ("requests to cancel an order", ("cancel order", True)),
        ("search the requests", None),  # a verb and its object: the requests are read
        ("not the parcel is rerouted", None),  # a negated clause: read wrongly upstream
        ("never a paid claim", None),
    ],
)
def test_the_recast_reading(mention: str, said: tuple[str, bool] | None) -> None:
    assert recast(mention) == said


def test_an_action_noun_of_a_verb_a_tool_is_named_by() -> None:
    named = {stem("inoculate")}  # as the registry's profiles hold a name's verb
    assert recast("the inoculation of a calf", named=named) == ("inoculat calf", True)
    assert recast("calf inoculations", named=named) == ("inoculat calf", True)
    assert recast("an inoculation", named=named) == ("inoculat", True)
    assert recast("inoculation", named=named) is None  # one word: maybe a word of a name


def test_a_borrowed_particle_is_dropped_after_a_tools_verb() -> None:
    assert recast("ban up the rider", named={"ban"}) == ("ban rider", True)
    assert recast("ban up the rider") is None  # `ban` names no tool here
    assert recast("set up a plan", named={"set"}) is None  # `set up` is a verb of its own


@pytest.mark.parametrize(
    ("word", "verb"),
    [("paid", "pay"), ("held", "hold"), ("sent", "send"), ("set", "set"), ("rerouted", "reroute"),
     ("drawn", "draw"), ("open", None), ("sender", None), ("paying", None)],
)  # fmt: skip
def test_past_participles_come_from_the_lexicon(word: str, verb: str | None) -> None:
    assert past_participle(word) == verb


@pytest.mark.parametrize(
    ("mention", "thing"),
    [
        ("the sender", True),
        ("a sample", True),
        ("the store", True),
        ("any refund", False),  # a verb used as its own noun
        ("a renewal", False),  # an ending undone gives a verb
        ("the cancellation", False),
        ("a delivery", False),
        ("a pickup", False),  # a verb and its particle, one noun
        ("a booking", False),  # a gerund
        ("sender", False),  # a word alone may be a partial name
        ("load all", False),  # a verb and its object
        ("the parcel details", False),  # two words: left to the names
    ],
)
def test_a_mention_that_names_a_thing(mention: str, thing: bool) -> None:
    assert names_a_thing(mention) is thing


@pytest.mark.parametrize(
    ("mention", "state"),
    [
        ("the bill is overdue", True),
        ("the parcel is out for delivery", True),
        ("the account must not be suspended", False),  # a passive: something done
        ("the rider has a plan", False),  # no `be`
        ("the rental is running", False),  # a progressive: left to the words
        ("cancel the order", False),
    ],
)
def test_a_mention_that_states_a_fact(mention: str, state: bool) -> None:
    assert states_a_fact(mention) is state


def test_base_forms() -> None:
    assert base_forms("paid") == ("pay",)
    assert base_forms("x1") == ()


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        # modifiers no tool speaks of, before a head noun the tools know
        ("courier", "a second reroute", "reroute_parcel"),
        ("nursery", "partial refunds", "refund_payment"),
        ("lab", "urgent blood panels", "order_blood_panel"),
        ("lab", "a repeat blood panel", "order_blood_panel"),
        ("water", "an emergency shut-off", "shut_off_supply"),
        ("bikes", "a full ride refund", "refund_ride"),
    ],
)
def test_modifiers_no_tool_speaks_of_are_dropped(domain: str, mention: str, tool: str) -> None:
    assert _resolved(domain, mention) == tool


@pytest.mark.parametrize(
    ("domain", "mention"),
    [
        ("bikes", "renew the membership plan"),  # a verb, not a modifier: renewing
        ("bikes", "a plan downgrade"),  # downgrading undoes upgrading
        ("nursery", "cancel the premium subscription"),  # a head no tool speaks of
        ("courier", "a second sender"),  # a thing, modified
    ],
)
def test_dropping_modifiers_never_drops_the_action_or_the_thing(domain: str, mention: str) -> None:
    assert _resolved(domain, mention) is None


def test_the_unmodified_reading() -> None:
    vocabulary = {stem(w) for w in ("reroute", "parcel", "refund", "blood", "panel", "run")}
    assert unmodified("a second reroute", vocabulary) == "a reroute"
    assert unmodified("urgent blood panels", vocabulary) == "blood panels"
    assert unmodified("refund the second parcel", vocabulary) == "refund the parcel"
    assert unmodified("reroute a parcel", vocabulary) is None  # nothing to drop
    assert unmodified("the premium subscription", vocabulary) is None  # head unknown
    assert unmodified("top or trending panel", vocabulary) is None  # a coordination
    assert unmodified("the parcel is still running", vocabulary) is None  # a clause

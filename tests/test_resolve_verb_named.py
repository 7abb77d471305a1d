"""A verb that names a tool decides between it and a tool the verb says nothing of
(`specgap.resolve.demotions.verb_said`): the object's words in another tool's
description do not make that tool what the mention does. The verbs here (`stow`,
`weigh`) are in no lexicon: the registry's own names and descriptions make them verbs,
so no verb class decides. Made-up domains; every mention written for these tests."""

from __future__ import annotations

import pytest

from specgap.resolve.resolver import Resolver
from tests.resolve_domains import DOMAINS, registry

S = "string"
# a cargo ship's deck officer
SHIP = registry(
    ("muster_crew", "Call the crew to the deck for a drill.", {"deck": S}),
    ("log_drill_result", "Record the result of a crew drill on deck.", {"drill_id": S}),
    ("stow_cargo", "Stow loaded cargo in a hold.", {"hold": S}),
    ("inspect_lifeboat", "Inspect a lifeboat and its crew drill kit.", {"boat_id": S}),
    ("weigh_cargo_pallet", "Weigh a pallet of loaded cargo on the dock scale.", {"pallet_id": S}),
    ("generate_crew_list", "Generate the list of crew on board.", {"date": S}),
    ("cargo_manifest", "The manifest of the loaded cargo, as a PDF.", {"voyage_id": S}),
)
RESOLVERS = {"ship": Resolver(SHIP), **{name: Resolver(r) for name, r in DOMAINS.items()}}


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        # `stow` names `stow_cargo`; `weigh_cargo_pallet` says more of the object
        # ("a pallet of loaded cargo"), but weighing is not stowing
        ("ship", "stow a cargo pallet", "stow_cargo"),
        ("ship", "stow the loaded cargo pallet", "stow_cargo"),
        ("ship", "weigh the loaded cargo", "weigh_cargo_pallet"),
        # a name that says no verb may be done by any verb: `generate` names another tool
        ("ship", "generate the cargo manifest", "cargo_manifest"),
        # lexicon verbs whose classes tell the tools apart do the same
        ("lab", "release the critical result", "release_results"),
        ("lab", "flag the released result", "flag_critical_value"),
        ("lab", "page the doctor about a critical value", "page_doctor"),
        ("courier", "track the recipient's parcel", "track_parcel"),
        ("courier", "reroute the recipient's parcel", "reroute_parcel"),
    ],
)
def test_the_tool_the_verb_names_wins(domain: str, mention: str, tool: str) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool)


@pytest.mark.parametrize(
    ("domain", "mention"),
    [
        # the verb names a tool that does not act on this object, and the tool that does
        # is not named by it: nothing does what the mention says
        ("ship", "stow the drill result"),
        ("ship", "stow the crew drill result"),
        ("lab", "page the critical value"),
        ("lab", "release a critical value"),
        ("courier", "reroute the damage claim"),
    ],
)
def test_what_the_named_tool_does_not_act_on_stays_unresolved(domain: str, mention: str) -> None:
    assert RESOLVERS[domain].resolve(mention).status != "resolved"


def test_the_losing_tool_is_still_offered_as_a_suggestion() -> None:
    res, why = RESOLVERS["ship"].explain("stow a cargo pallet")
    assert [c.tool_id for c in res.candidates[:2]] == ["stow_cargo", "weigh_cargo_pallet"]
    assert "names another tool" in why["weigh_cargo_pallet"]


@pytest.mark.parametrize(
    ("domain", "mention", "never"),
    [
        # the action noun is what `schedule_meter_inspection` makes: reading the meter is
        # one reading of the words, the tool's own name another, so at best a tie
        ("water", "meter inspection", "get_meter_reading"),
        ("water", "meter inspections", "get_meter_reading"),
        ("lab", "sample collection", "find_patient"),
    ],
)
def test_an_action_noun_a_tools_name_says_is_not_held_against_it(
    domain: str, mention: str, never: str
) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert not (res.status == "resolved" and res.tool_id == never)
    assert any(c.tool_id != never for c in res.candidates[:2])


@pytest.mark.parametrize(
    ("domain", "mention", "never"),
    [
        # `log` names `log_plant_death`; `issue_store_credit` is of its kind (create) and
        # its description says "a returned or dead plant", its names nothing of it
        ("nursery", "log a dead plant", "issue_store_credit"),
        ("nursery", "log the dead plant", "issue_store_credit"),
    ],
)
def test_a_tool_of_the_verbs_kind_known_by_its_description_ties_a_named_one_at_best(
    domain: str, mention: str, never: str
) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert not (res.status == "resolved" and res.tool_id == never)


def test_an_argument_name_says_the_object_as_a_name_does() -> None:
    # `change` starts `update_delivery_instructions`'s description; `reroute_parcel` is of
    # its kind (update) and its `new_address` says the object's head
    res = RESOLVERS["courier"].resolve("change the delivery address")
    assert (res.status, res.tool_id) == ("resolved", "reroute_parcel")

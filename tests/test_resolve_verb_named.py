"""A verb that names a tool decides between it and a tool the verb says nothing of
(`Resolver._verb_said`): the object's words in another tool's description do not make
that tool what the mention does. Made-up domains (`tests/resolve_domains.py`); every
mention written for these tests."""

from __future__ import annotations

import pytest

from specgap.resolve.resolver import Resolver
from tests.resolve_domains import DOMAINS

RESOLVERS = {name: Resolver(registry) for name, registry in DOMAINS.items()}


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        # `release` names `release_results`; "Flag a critical result" says more of the
        # object, but flagging is not releasing
        ("lab", "release the critical result", "release_results"),
        ("lab", "release any critical result", "release_results"),
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
        ("lab", "page the critical value"),
        ("lab", "release a critical value"),
        ("courier", "reroute the damage claim"),
        ("nursery", "release the care guide"),
    ],
)
def test_what_the_named_tool_does_not_act_on_stays_unresolved(domain: str, mention: str) -> None:
    assert RESOLVERS[domain].resolve(mention).status != "resolved"


def test_the_losing_tool_is_still_offered_as_a_suggestion() -> None:
    res, why = RESOLVERS["lab"].explain("release the critical result")
    assert [c.tool_id for c in res.candidates[:2]] == ["release_results", "flag_critical_value"]
    assert "names another tool" in why["flag_critical_value"]

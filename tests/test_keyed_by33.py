"""Session 33: a bare noun names the tool that acts on it, not the one that looks something up
by it (`specgap.resolve.keyed_by`): "an email" with `findMemberWithEmail` and
`sendEmailWithTemplate` is the e-mail sent. Registries and mentions written for the test."""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve.resolver import Resolver


def _resolver(*ids: str) -> Resolver:
    registry, _ = build_registry([Tool(id=i) for i in ids])
    return Resolver(registry)


@pytest.mark.parametrize(
    ("ids", "mention", "tool"),
    [
        (("findMemberWithEmail", "sendEmailWithTemplate"), "email", "sendEmailWithTemplate"),
        # (the finder led by the margin before: a wrong tool, confidently)
        (("getCustomerByOrder", "cancelOrder"), "order", "cancelOrder"),
        (("lookup_booking_by_ref", "print_ref"), "ref", "print_ref"),
    ],
)
def test_the_noun_is_what_a_tool_acts_on(ids: tuple[str, ...], mention: str, tool: str) -> None:
    found = _resolver(*ids).resolve(mention)
    assert found.status == "resolved", found
    assert found.candidates[0].tool_id == tool


@pytest.mark.parametrize(
    ("ids", "mention"),
    [
        # "with sizes" lists sizes with the entries: no key, both tools speak of sizes
        (("list_directory_with_sizes", "npm_size"), "size"),
        # both look something up by an email: neither acts on it
        (("findMemberWithEmail", "findGuestWithEmail"), "email"),
    ],
)
def test_no_tool_lowered_without_one_acting_on_it(ids: tuple[str, ...], mention: str) -> None:
    assert _resolver(*ids).resolve(mention).status != "resolved"

"""An obligation and what may happen only after it, in one sentence
(`specgap.extract.oblig_then`): "X; only then can you Y", "X; once found, Y", and what is no
such order. Sentences written for these tests, in a made-up tenancy office whose tools use
camelCase and `server__tool` ids."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_then import item_step, then_as_after, then_listed, then_orders
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        (
            "Always confirm the tenant's identity; only then can you renew the lease.",
            ["renew the lease only after confirming the tenant's identity"],
        ),
        (
            "You must pull the invoice - only after that may you issue a credit.",
            ["issue a credit only after pulling the invoice"],
        ),
        (
            "Look up the parcel; once it is found, reroute it.",
            ["After looking up the parcel, reroute the parcel"],
        ),
        (
            "Please fetch the lease: only then, you can terminate it.",
            ["terminate the lease only after fetching the lease"],
        ),
        # talk, a negation, a condition or a manner: no step of a call
        ("Ask the tenant; only then can you renew the lease.", []),
        ("Never fetch the lease; only then renew it.", []),
        ("If the lease lapsed, fetch it; only then renew it.", []),
        ("Be patient; only then will tenants trust you.", []),
        ("Renew the lease.", []),
    ],
)
def test_said_as_an_order(sentence: str, said: list[str]) -> None:
    assert then_orders(sentence) == said


TOOLS = [
    _tool("leases__get_lease", "Fetch a lease with its status.", leaseId="string"),
    _tool("leases__renew_lease", "Renew a lease for another term.", leaseId="string"),
    _tool("tenants__find_tenant", "Find a tenant by name.", tenantName="string"),
    _tool("keys__assign_key", "Assign a key fob to a tenant.", tenantId="string"),
]

RENEW, GET = "leases__renew_lease", "leases__get_lease"
ASSIGN, FIND = "keys__assign_key", "tenants__find_tenant"
CASES = [
    ("Always fetch the lease; only then can you renew it.", {(RENEW, GET)}),
    ("Find the tenant; once found, assign a key fob.", {(ASSIGN, FIND)}),
    ("Ask the tenant; only then may you renew the lease.", set()),
]


@pytest.mark.parametrize(("sentence", "orders"), CASES)
def test_orders_read(sentence: str, orders: set[tuple[str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Tenancy office\n\n{sentence}\n", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert read == orders


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("Then renew the lease.", "After that, renew the lease."),
        ("Then, renew the lease.", "After that, renew the lease."),
        ("Next, assign a key fob.", "After that, assign a key fob."),
        (
            "2. Then, call `leases__renew_lease(leaseId)` with the id.",
            "After that, call `leases__renew_lease` with the id.",
        ),
        (
            "3. Then renew it using the `leases__renew_lease` tool.",
            "After that, call leases__renew_lease.",
        ),
        ("Only then can you renew it.", "Only after that can you renew it."),
        # no sentence that opens with "then"
        ("Thenceforth, leases are yearly.", "Thenceforth, leases are yearly."),
        ("Renew the lease, then notify the tenant.", "Renew the lease, then notify the tenant."),
    ],
)
def test_then_points_back(sentence: str, said: str) -> None:
    assert then_as_after(sentence) == said


@pytest.mark.parametrize(
    ("before", "kept"),
    [
        # the step of the item before, not what it says next
        (
            "1. Fetch the lease with its id. Do not fetch other leases.\n2. ",
            "1. Fetch the lease with its id.",
        ),
        ("Intro.\n- Find the tenant.\n- ", "Intro.\n- Find the tenant."),
        # no list item before: as it is
        ("Fetch the lease. Never fetch two.", "Fetch the lease. Never fetch two."),
    ],
)
def test_the_step_of_the_item_before(before: str, kept: str) -> None:
    assert item_step(before) == kept


def test_then_step_orders_numbered_items() -> None:
    body = (
        "1. First, fetch the lease using `leases__get_lease(leaseId)` with its id. Never "
        "fetch a lease twice.\n2. Then, renew it using `leases__renew_lease`.\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Tenancy office\n\n{body}", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert (RENEW, GET) in read
    assert not any(target == "*" for target, _ in read)  # the "Then" item names what follows


@pytest.mark.parametrize(
    ("text", "before", "said"),
    [
        # the item before opens the chain: read against it
        ("Then, renew it.", "1. First, fetch the lease.\n2. ", "After that, renew it."),
        ("Then renew it.", "- To begin, find the tenant.\n- ", "After that, renew it."),
        # no "first" opened a chain, or no list: as written (`sequences` reads paragraphs)
        ("Then, renew it.", "1. Fetch the lease.\n2. ", "Then, renew it."),
        ("Then renew it.", "First fetch the lease. ", "Then renew it."),
    ],
)
def test_then_in_a_list_opened_by_first(text: str, before: str, said: str) -> None:
    assert then_listed(text, before) == said

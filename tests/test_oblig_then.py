"""An obligation and what may happen only after it, in one sentence
(`specgap.extract.oblig_then`): "X; only then can you Y", "X; once found, Y", and what is no
such order. Sentences written for these tests, in a made-up tenancy office whose tools use
camelCase and `server__tool` ids."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_then import then_orders
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
]  # fmt: skip


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

"""Resolution against registries nobody on this project wrote (`../shared/corpus`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from specgap.importers import import_registry
from specgap.registry import Registry, build_registry
from specgap.resolve import Resolver
from tests.conftest import CORPUS

pytestmark = pytest.mark.corpus

# How tau-bench's retail policy refers to its tools: (phrase in the policy, words around it
# in the policy -- the section heading or the clause --, the tool of tools.json it means).
# The phrases are the policy's own; none is a tool name verbatim but the first.
TAU_RETAIL = [
    ("Cancel pending order", "", "cancel_pending_order"),
    ("Modify pending order", "Modify payment", "modify_pending_order_payment"),
    ("Modify pending order", "Modify items", "modify_pending_order_items"),
    ("modify its shipping address", "Modify pending order", "modify_pending_order_address"),
    ("Return delivered order", "", "return_delivered_order_items"),
    ("Exchange delivered order", "", "exchange_delivered_order_items"),
    ("user id via email", "authenticate the user identity", "find_user_id_by_email"),
    ("name + zip code", "locating their user id", "find_user_id_by_name_zip"),
    ("transfer the user to a human agent", "", "transfer_to_human_agents"),
    ("modify their default user address", "", "modify_user_address"),
]


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[#*]", " ", text).split()).casefold()


def _corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    return CORPUS


@pytest.fixture(scope="module")
def retail() -> tuple[Registry, str]:
    corpus = _corpus()
    tools = corpus / "tau-retail" / "tools.json"
    imported = import_registry("openai", [(tools, "tools.json")])
    registry, clashes = build_registry(imported.tools)
    assert clashes == []
    return registry, _normal((corpus / "tau-retail" / "policy.md").read_text())


@pytest.mark.parametrize(("phrase", "context", "tool"), TAU_RETAIL)
def test_tau_retail_policy_mentions_resolve_to_their_tools(
    retail: tuple[Registry, str], phrase: str, context: str, tool: str
) -> None:
    registry, policy = retail
    assert _normal(phrase) in policy, "gold phrases are quoted from the policy"
    assert _normal(context) in policy
    assert tool in registry.by_id
    res = Resolver(registry).resolve(phrase, context)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]


def test_tau_retail_heading_without_its_subsection_is_ambiguous(
    retail: tuple[Registry, str],
) -> None:
    registry, _ = retail
    res = Resolver(registry).resolve("Modify pending order")
    assert res.status == "ambiguous"
    assert {c.tool_id for c in res.candidates[:3]} == {
        "modify_pending_order_address",
        "modify_pending_order_items",
        "modify_pending_order_payment",
    }


def test_every_tau_retail_tool_name_resolves_to_itself(retail: tuple[Registry, str]) -> None:
    registry, _ = retail
    resolver = Resolver(registry)
    for tool in registry.tools:
        spaced = tool.id.replace("_", " ")
        assert resolver.resolve(spaced).tool_id == tool.id, spaced


@pytest.fixture(scope="module")
def mcp() -> Registry:
    folder = _corpus() / "mcp"
    files = [folder / "LiveMCPTool_tools.json", *sorted(folder.glob("tools-list-*.json"))]
    imported = import_registry("mcp", [(p, p.name) for p in files])
    registry, _ = build_registry(imported.tools)
    return registry


def test_every_mcp_tool_resolves_by_id_and_shared_names_are_ties(mcp: Registry) -> None:
    resolver = Resolver(mcp)
    owners: dict[str, list[str]] = {}
    for tool in mcp.tools:
        assert resolver.resolve(tool.id).tool_id == tool.id
        owners.setdefault(tool.names[0], []).append(tool.id)
    shared = {name: ids for name, ids in owners.items() if len(ids) > 1}
    assert "search" in shared
    for name, ids in shared.items():
        res = resolver.resolve(name)
        assert res.status == "ambiguous", name
        assert set(ids) <= {c.tool_id for c in res.candidates}

"""Made-up tool sets for the `test_allow_*` files: tool ids in every style (snake_case,
camelCase, dotted, `server__tool`) and parameters named otherwise than the prose says them
(`ccy` for "currency", `site_code` for "warehouse", `depot` for "yard")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.corpus_agents import Built, Row, build_prompt, policy_rows
from tests.test_grammar_arg_restrictions_wide import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    # snake_case: a produce wholesaler
    "produce": [
        _tool("ship_crate", "Ship a crate of produce to a destination country.",
              crate_id="string", country=("string", "Destination country, as a code."),
              haulier="string"),
        _tool("book_dock", "Book an unloading slot at a warehouse.",
              site_code=("string", "Warehouse to unload at."), slot="string"),
        _tool("settle_invoice", "Settle an invoice into another currency.",
              invoice_id="string", ccy=("string", "Currency to settle in."),
              amount="number"),
        _tool("get_crate", "Look up a crate.", crate_id="string"),
    ],
    # camelCase: a ski lodge
    "lodge": [
        _tool("bookCabin", "Book a cabin for a skier.", skierId="string",
              cabinGrade=("string", "Grade of cabin."), tariff=("string", "Tariff plan.")),
        _tool("rentSkis", "Rent skis in a length.", skierId="string", length="string"),
        _tool("getSkier", "Look up a skier.", skierId="string"),
    ],
    # dotted and server__tool: a drone yard
    "drones": [
        _tool("fleet.drone.launch", "Launch a drone in an airspace zone.",
              drone_id="string", zone="string", payload="string"),
        _tool("ops__park_drone", "Park a drone at a depot.", drone_id="string",
              depot=("string", "Depot to park at.")),
        _tool("fleet.drone.status", "Read a drone's status.", drone_id="string"),
    ],
}  # fmt: skip


def build(tmp_path: Path, domain: str, text: str) -> Built:
    """The prompt `text` built against the domain's tools."""
    return build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])


def valued(built: Built) -> list[Row]:
    """The prompt's allowlists and bans of values."""
    return [
        r
        for r in policy_rows(built)
        if r[1] == "resource_in_allowlist" or (r[1] == "deny_action" and r[2] is not None)
    ]


def allow(tool: str, arg: str, *values: str, how: str = "enforce") -> Row:
    return (tool, "resource_in_allowlist", arg, how, {"allowed": sorted(values)})


def ban(tool: str, arg: str, *values: str, how: str = "enforce") -> Row:
    return (tool, "deny_action", arg, how, {"values": sorted(values)})


def notes(built: Built) -> list[str]:
    """The codes of the diagnostics located in the prompt."""
    return [
        d.code
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    ]

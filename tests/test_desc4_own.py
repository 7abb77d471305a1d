"""What a tool's own description forbids or limits about calling the tool itself
(`specgap.extract.desc4_own`): a ban addressed to the assistant, a count of calls over the
session, one call per entity of the tool's own act. Negative rows: conditioned or narrower
bans, counts of something the tool does not do, counts per span of time in a list.
Every description written for this test, with tool ids in several styles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

_KINDS = {"deny_action", "max_calls", "arg_count_bound", "arg_within_bound"}


def _rules(tmp_path: Path, name: str, description: str) -> list[tuple[Any, ...]]:
    tools = [
        _tool(name, description, ticketId="string", count="integer"),
        _tool("lookup_member", "Find a member by card number.", card="string"),
    ]
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nBe courteous.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    out = []
    for p in built.policies:
        if p.operator not in _KINDS:
            continue
        data = p.condition.model_dump(mode="json", exclude_none=True)
        params = {k: data[k] for k in ("max", "per") if k in data}
        out.append((p.operator, p.target, p.enforcement, params))
    return out


BANS: list[tuple[str, str]] = [
    ("kiln.firing.Abort", "Stop a firing at once. Reserved for the studio manager: assistants "
     "must not call it."),
    ("purgeSeedLots", "Delete old seed lots. Not to be used by the member-facing agent."),
    ("GliderRetire", "Retire a glider from the fleet. Do not call this tool."),
    ("ferry-refund-override", "Override a fare rule. Internal job; not for use by chatbots."),
    ("desk__wipe_cache", "Clear the booking cache. The assistant should never invoke this."),
    ("reset_ledger", "Reset the ledger. Models must not use this function."),
]  # fmt: skip


@pytest.mark.parametrize(("name", "description"), BANS)
def test_ban_of_the_described_tool(tmp_path: Path, name: str, description: str) -> None:
    assert _rules(tmp_path, name, description) == [("deny_action", name, "enforce", {})]


NOT_BANS: list[tuple[str, str]] = [
    ("kiln.firing.Abort", "Stop a firing. Assistants must not call it for firings above 1200 "
     "degrees."),  # narrower than the tool
    ("purgeSeedLots", "Delete old seed lots. Do not call this tool unless the curator asks."),
    ("GliderRetire", "Retire a glider. Never call it twice for one glider."),
    ("ferry_notes", "Read the notes the crew wrote; not meant for passengers."),
    ("seed_catalogue", "List seed lots. Assistants use it to answer questions."),
]  # fmt: skip


@pytest.mark.parametrize(("name", "description"), NOT_BANS)
def test_no_unconditional_ban(tmp_path: Path, name: str, description: str) -> None:
    found = _rules(tmp_path, name, description)
    assert not [r for r in found if r[0] == "deny_action" and r[2] == "enforce"]


COUNTS: list[tuple[str, str, dict[str, Any]]] = [
    ("kiln.label.Reprint", "Reprint a shelf label. No more than 4 label reprints in one "
     "session.", {"max": 4}),
    ("sendSeedReminder", "E-mail a reminder. At most 3 per conversation.", {"max": 3}),
    ("GliderBriefingSend", "Send the briefing. Up to two briefings per chat.", {"max": 2}),
    ("ferry-hold-create", "Hold a seat. Maximum of 5 holds per session.", {"max": 5}),
    ("refund.request.Open", "Open a refund request. One refund request per booking: check the "
     "open ones first.", {"max": 1, "per": "booking"}),
    ("openTicketEscalation", "Escalate a ticket. Only one escalation per ticket.",
     {"max": 1, "per": "ticket"}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "description", "params"), COUNTS)
def test_calls_counted(tmp_path: Path, name: str, description: str, params: dict[str, Any]) -> None:
    found = _rules(tmp_path, name, description)
    assert [(op, target, p) for op, target, _, p in found] == [("max_calls", name, params)]


NOT_COUNTS: list[tuple[str, str]] = [
    ("listKilnSlots", "List free slots. One slot per hour."),  # what it returns
    ("seed_lot_report", "Build a lot report. One page per lot."),  # not the tool's act
    ("printTags", "Print tags. No more than 4 tags per sheet."),  # per a thing, not a session
]


@pytest.mark.parametrize(("name", "description"), NOT_COUNTS)
def test_no_session_count(tmp_path: Path, name: str, description: str) -> None:
    found = _rules(tmp_path, name, description)
    assert not [r for r in found if r[0] == "max_calls" and r[2] == "enforce"]

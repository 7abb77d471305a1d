"""A tool's description naming the state the entity it acts on must (not) be in
(`specgap.extract.state_described`), bound by the tools' own states once the tool is known:
"Cannot be used on accounts in arrears.", "Only for accounts in arrears.", "Requires the
instrument to be operational.", "The account must not be in arrears.", "Fails unless the
account is open." Negative rows: a condition on no entity the tool identifies stays with the
other readers; a state the tools do not list is reviewed with a located note.

The made-up domains of `tests.test_state_late`; every description written for this test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import Built, build_agent
from tests.test_state_late import DOMAINS, _read, _state


def _described(tmp_path: Path, domain: str, tool: str, extra: str) -> Built:
    tools = json.loads(json.dumps(DOMAINS[domain]))
    for spec in tools:
        if spec["function"]["name"] == tool:
            spec["function"]["description"] += " " + extra
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nBe courteous.\n")
    return build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])


def _rules(built: Built, tool: str) -> list[Any]:
    return [p for p in built.policies if p.target == tool and p.operator in
            {"state_condition", "deny_action"}]  # fmt: skip


def _notes(built: Built) -> list[str]:
    return [
        d.message
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("tools.json")
    ]


BOUND: list[tuple[str, str, str, Any]] = [
    ("meter", "disconnect_supply", "Cannot be used on accounts in arrears.",
     _state("disconnect_supply", "account", "state", denied=["in_arrears"])),
    ("meter", "disconnect_supply", "Only for accounts in arrears.",
     _state("disconnect_supply", "account", "state", allowed=["in_arrears"])),
    ("meter", "close_account", "The account must not be in arrears.",
     _state("close_account", "account", "state", denied=["in_arrears"])),
    ("meter", "apply_credit", "Fails unless the account is open.",
     _state("apply_credit", "account", "state", allowed=["open"])),
    ("lab", "reserve_instrument", "Requires the instrument to be operational.",
     _state("reserve_instrument", "instrument", "condition", allowed=["operational"])),
    ("lab", "reserve_instrument", "Do not use for instruments that are calibrating.",
     _state("reserve_instrument", "instrument", "condition", denied=["calibrating"])),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "tool", "extra", "expected"), BOUND)
def test_a_described_state_is_bound(
    tmp_path: Path, domain: str, tool: str, extra: str, expected: Any
) -> None:
    built = _described(tmp_path, domain, tool, extra)
    read = [_read(p) for p in _rules(built, tool)]
    assert read == [expected], read
    assert not [m for m in _notes(built) if "could not be bound" in m or "not compile" in m]


def test_a_described_state_the_tools_do_not_list_is_reviewed(tmp_path: Path) -> None:
    built = _described(tmp_path, "meter", "close_account", "Cannot be used on accounts under "
                       "legal hold.")  # fmt: skip
    rules = _rules(built, "close_account")
    assert [p.operator for p in rules] == ["deny_action"]
    assert rules[0].enforcement == "review_only"
    assert any("on accounts under legal hold" in m for m in _notes(built))


@pytest.mark.parametrize(
    "extra", ["Only for internal use.", "Cannot be used on weekends.", "Requires a manager."]
)
def test_a_condition_on_no_entity_of_the_tool_is_not_read_here(tmp_path: Path, extra: str) -> None:
    built = _described(tmp_path, "meter", "close_account", extra)
    assert not [p for p in _rules(built, "close_account") if p.operator == "state_condition"]

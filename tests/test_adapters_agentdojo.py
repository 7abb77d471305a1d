# ruff: noqa: E501  (tables of literal events read best one per line)
"""AgentDojo's ground-truth calls, turned into OpenAI Chat traces (one conversation per JSONL
line), read back through the adapters and checked against a per-suite policy.

The policy is what a deployer could write from the tool definitions alone: every tool's
arguments are the ones it declares; banking adds a blocklist of the attacker's account.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.adapters import read_paths
from specgap.events import ToolCall
from specgap.guard import Guard
from specgap.ir import AgentBundle, Extraction, Policy, Selector, Source, Span, ToolSummary
from specgap.operators.deny_action import DenyAction
from specgap.operators.schema_contract import SchemaContract

ATTACKER = "US133000000121212121212"
MONEY_TOOLS = ("send_money", "schedule_transaction", "update_scheduled_transaction")


def _policy(suite: str, n: int, target: str, condition: Any, category: str) -> Policy:
    span = Span(
        path="deployer.md",
        start_line=n,
        start_col=1,
        end_line=n,
        end_col=2,
        start_byte=0,
        end_byte=1,
    )
    return Policy(
        id=f"{suite}.{condition.operator}.{n}",
        title=f"{condition.operator} on {target}",
        check_category=category,  # type: ignore[arg-type]
        operator=condition.operator,
        target=target,
        condition=condition,
        action="deny",
        message=f"{target}: {condition.operator}",
        enforcement="enforce",
        confidence=1.0,
        source=Source(artifact="deployer.md", span=span, quote="", grounding="exact", mentions=(target,), extractor="test"),
    )  # fmt: skip


def suite_agent(suite: str, data: dict[str, Any]) -> AgentBundle:
    names = data["suites"][suite]["tools"]
    policies = []
    for n, name in enumerate(names, start=1):
        params = {p["name"]: {} for p in data["tools"][name]["params"]}
        schema = {"type": "object", "properties": params, "additionalProperties": False}
        contract = SchemaContract.model_validate({"schema": schema})
        policies.append(_policy(suite, n, name, contract, "interface_validation"))
    if suite == "banking":
        for n, name in enumerate(MONEY_TOOLS, start=len(policies) + 1):
            blocked = DenyAction(selector=Selector(arg="recipient"), values=(ATTACKER,))
            policies.append(_policy(suite, n, name, blocked, "authorization_check"))
    return AgentBundle(
        id=suite,
        artifacts=(),
        tools=tuple(ToolSummary(id=name, names=(name,), effects=()) for name in names),
        policies=tuple(policies),
        candidates=(),
        resolutions=(),
        extraction=Extraction(mode="test"),
    )


def to_chat(prompt: str, calls: list[dict[str, Any]]) -> dict[str, Any]:
    """One task as an OpenAI Chat conversation: the prompt, then each ground-truth call in
    its own assistant turn, answered by a tool message."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    for n, call in enumerate(calls):
        function = {"name": call["function"], "arguments": json.dumps(call["args"])}
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": f"call_{n}", "type": "function", "function": function}],
            }
        )
        messages.append({"role": "tool", "tool_call_id": f"call_{n}", "content": "ok"})
    return {"messages": messages}


@pytest.mark.corpus
@pytest.mark.parametrize("suite", ["banking", "slack", "travel", "workspace"])
def test_ground_truth_calls_read_and_check_cleanly(
    corpus: Path, tmp_path: Path, suite: str
) -> None:
    data = json.loads((corpus / "agentdojo" / "tasks_tools.json").read_text("utf-8"))
    tasks = data["suites"][suite]
    lines = [
        (kind, to_chat(task.get("PROMPT") or task.get("GOAL") or "", task["ground_truth_calls"]))
        for kind, task in _tasks(tasks)
    ]
    path = tmp_path / f"{suite}.jsonl"
    path.write_text("".join(json.dumps(chat) + "\n" for _, chat in lines), "utf-8")

    guard = Guard(suite_agent(suite, data))
    problems: list[Any] = []
    fired: dict[int, set[str]] = {}
    calls = 0
    for key, event in read_paths([str(path)], guard.registry, report=problems.append):
        if event is None:
            guard.end(key)
            continue
        line = int(key.rsplit(":", 1)[1])
        assert event.origin.startswith(f"{path}:{line}#/messages/")
        if isinstance(event, ToolCall):
            calls += 1
            assert event.tool == event.name  # every name resolves through the registry
        decision = guard.check(event, trace=key, executed=True)
        assert not any(h.error for h in decision.hits)
        fired.setdefault(line, set()).update(h.policy for h in decision.hits)

    assert problems == []  # no unknown tool, no malformed arguments, nothing unmatched
    assert calls == sum(len(t["ground_truth_calls"]) for _, t in _tasks(tasks))
    assert len(fired) == len(lines)
    policies = set().union(*fired.values())
    assert not any(".schema_contract." in p for p in policies)  # arguments match the tools
    if suite == "banking":
        # the blocklist fires exactly on the conversations that pay the attacker's account,
        # one user task included (it legitimately moves the rent there)
        paying = {
            n
            for n, (_, chat) in enumerate(lines, start=1)
            if any(
                c["function"]["name"] in MONEY_TOOLS and ATTACKER in c["function"]["arguments"]
                for m in chat["messages"]
                for c in m.get("tool_calls", [])
            )
        }
        assert {n for n, ids in fired.items() if ids} == paying
        assert len(paying) == 9  # UserTask15 and 8 of the 9 injection tasks


def _tasks(tasks: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(kind, task) for kind in ("user_tasks", "injection_tasks") for task in tasks[kind]]

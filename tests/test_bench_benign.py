"""The benign-task benchmark's readers of the corpus task formats, and its count of blocked
tasks, on small invented data."""

from __future__ import annotations

from typing import Any

from benchmarks.bench_benign import Task, _agentarch, _apollo, _blocked, _tau
from tests.policy_helpers import policy

TAU1 = {
    "retail_test": [{"instruction": "I am Ann.", "actions": [{"name": "a", "kwargs": {"x": 1}}]}]
}
TAU2 = [
    {
        "id": "t1",
        "user_scenario": {"instructions": {"reason": "refund", "known": "order 7"}},
        "evaluation_criteria": {
            "actions": [
                {"name": "lookup", "arguments": {"id": 7}},
                {"name": "toggle", "arguments": {}, "requestor": "user"},  # the user's own
            ]
        },
    }
]
APOLLO = [
    {"user_id": "u1", "instruction": "Do it.", "actions": [{"name": "b", "kwargs": {}}]},
    {"user_id": "u2", "instruction": "Skip me.", "actions": [{"__expr__": "*[...]"}]},
]
ARCH = [
    {
        "id": "9",
        "user_utterance": "Hello",
        "ground_truth": {"tool_order": [["p", "q"], ["r"]], "tool_args": {"q": {"k": "v"}}},
    }
]


def test_each_format_gives_the_agents_calls_in_order() -> None:
    assert list(_tau(TAU1)) == [Task("0", "I am Ann.", (("a", {"x": 1}),))]
    assert list(_tau(TAU2)) == [Task("t1", "refund\norder 7", (("lookup", {"id": 7}),))]
    assert list(_apollo(APOLLO)) == [Task("u1", "Do it.", (("b", {}),))]
    assert list(_agentarch(ARCH)) == [Task("9", "Hello", (("p", {}), ("q", {"k": "v"}), ("r", {})))]


def test_a_task_counts_as_blocked_by_an_enforced_rule_only() -> None:
    ban: Any = policy("deny_action", "refund")
    reviewed: Any = policy("deny_action", "cancel", enforcement="review_only")
    tasks = [
        Task("1", "hi", (("lookup", {}), ("refund", {}))),
        Task("2", "hi", (("cancel", {}),)),
        Task("3", "hi", ()),  # no calls: not counted
    ]
    result = _blocked([ban, reviewed], lambda name: name, tasks)
    assert (result.tasks, result.blocked) == (2, 1)
    assert result.by_operator == {"deny_action": 1}

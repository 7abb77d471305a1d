# ruff: noqa: E501  (tables of literal events read best one per line)
"""`specgap.Guard`: run-time decisions, incremental per-trace state, steer rendering,
skip/only globs, fail-open and fail-closed, shadow mode."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from trace_support import POLICY, reference_bundle

import specgap
from specgap.errors import SpecgapError
from specgap.evaluate.plan import Plan
from specgap.events import Message, ToolCall
from specgap.guard import Guard
from specgap.operators import OPERATORS

LOOKUP = {"table": "orders"}
QUERY = {"query": "SELECT id FROM orders LIMIT 5"}

# One call to `execute_sql` as each framework hands it over, all meaning the same thing.
SHAPES: list[tuple[str, Any]] = [
    ("openai", {"id": "c1", "type": "function", "function": {"name": "execute_sql", "arguments": json.dumps(QUERY)}}),
    ("responses", {"type": "function_call", "call_id": "c1", "name": "execute_sql", "arguments": json.dumps(QUERY)}),
    ("anthropic", {"type": "tool_use", "id": "c1", "name": "execute_sql", "input": QUERY}),
    ("mcp", {"jsonrpc": "2.0", "id": "c1", "method": "tools/call", "params": {"name": "execute_sql", "arguments": QUERY}}),
    ("mcp params", {"name": "execute_sql", "arguments": QUERY}),
    ("langchain", {"name": "execute_sql", "args": QUERY, "id": "c1", "type": "tool_call"}),
    ("native", {"type": "tool_call", "name": "execute_sql", "args": QUERY, "call_id": "c1"}),
    ("event", ToolCall(name="execute_sql", args=QUERY, call_id="c1")),
]  # fmt: skip


def _sql(**options: Any) -> Guard:
    return Guard(reference_bundle(), agent="sql", **options)


def _summary(decision: Any) -> tuple[Any, ...]:
    return (
        decision.tool,
        decision.verdict,
        decision.action,
        tuple((h.policy, h.effect) for h in decision.hits),
    )


@pytest.mark.parametrize(("shape", "call"), SHAPES, ids=[s for s, _ in SHAPES])
def test_every_call_shape_gets_the_same_decision(shape: str, call: Any) -> None:
    guard = _sql()
    first = guard.check(call)
    assert first.tool == "sql.execute"
    assert first.action == "steer"  # no schema lookup yet
    assert first.call_id in ("c1", None)
    guard.check({"name": "schema_lookup", "args": LOOKUP})
    again = guard.check(call)
    assert _summary(again) == (
        "sql.execute",
        "warn",
        "observe",
        (("sql.review_required.13135f38", "observe"),),
    )


def test_steer_renders_for_mcp_openai_and_anthropic() -> None:
    call = {
        "id": "call_9",
        "type": "function",
        "function": {"name": "execute_sql", "arguments": json.dumps(QUERY)},
    }
    decision = _sql().check(call)
    assert (decision.verdict, decision.action, decision.blocked) == ("deny", "steer", True)
    text = decision.feedback()
    assert text.splitlines() == [
        "The call to `execute_sql` was not run.",
        "- call `sql.schema_lookup` before `sql.execute` (`sql.schema_lookup` was not called first)",
    ]
    assert decision.to_mcp_result() == {
        "content": [{"type": "text", "text": text}],
        "isError": True,
    }
    assert decision.to_openai_message() == {
        "role": "tool",
        "tool_call_id": "call_9",
        "content": text,
    }
    anonymous = _sql().check({"name": "execute_sql", "args": QUERY})
    assert anonymous.to_openai_message() == {"role": "assistant", "content": anonymous.feedback()}
    assert decision.to_anthropic_block("toolu_1") == {
        "type": "tool_result",
        "tool_use_id": "toolu_1",
        "content": text,
        "is_error": True,
    }  # fmt: skip


def test_deny_lists_every_blocking_reason_steer_first() -> None:
    guard = _sql()
    decision = guard.check({"name": "execute_sql", "args": {"query": "DELETE FROM payments"}})
    assert decision.action == "deny"
    lines = decision.feedback().splitlines()
    assert lines[1].startswith("- call `sql.schema_lookup` before")
    assert any("`payments` is not in the allowlist" in line for line in lines)
    assert any("denied DELETE" in line for line in lines)
    assert not any("review" in line for line in lines)  # observed only, not a reason to block


def test_a_blocked_call_never_ran_so_it_does_not_count() -> None:
    guard = _sql()
    blocked = guard.check({"name": "schema_lookup", "args": {"table": 5}})  # schema: string
    assert blocked.action == "deny"
    assert guard.check({"name": "execute_sql", "args": QUERY}).action == "steer"


def test_an_allowed_call_counts_from_the_next_check() -> None:
    guard = _sql()
    assert guard.check({"name": "schema_lookup", "args": LOOKUP}).action == "allow"
    assert guard.check({"name": "execute_sql", "args": QUERY}).verdict == "warn"


def test_executed_false_leaves_the_call_out() -> None:
    guard = _sql()
    guard.check({"name": "schema_lookup", "args": LOOKUP}, executed=False)
    assert guard.check({"name": "execute_sql", "args": QUERY}).action == "steer"


def test_traces_keep_separate_state() -> None:
    guard = _sql()
    guard.check({"name": "schema_lookup", "args": LOOKUP}, trace="a")
    assert guard.check({"name": "execute_sql", "args": QUERY}, trace="b").action == "steer"
    assert guard.check({"name": "execute_sql", "args": QUERY}, trace="a").action == "observe"
    guard.end("a")
    assert guard.check({"name": "execute_sql", "args": QUERY}, trace="a").action == "steer"
    assert guard.check({"name": "execute_sql", "args": QUERY}, trace="a").index == 1


def test_recorded_output_feeds_data_flow_checks() -> None:
    secret = "AKIAIOSFODNN7EXAMPLE"
    email = {"to": "ops@partner.example", "subject": "notes", "body": f"key {secret}"}
    for record, expected in ((True, "deny"), (False, "allow")):
        guard = Guard(reference_bundle(), agent="cloud")
        scan = guard.check({"name": "scan_for_secrets", "args": {"content": f"key {secret}"}})
        assert scan.action == "allow"
        if record:
            guard.record({"findings": [{"value": secret}]}, labels_out=["secret"])
        assert guard.check({"name": "send_public_email", "args": email}).action == expected


def test_record_matches_the_call_id_of_parallel_calls() -> None:
    guard = Guard(reference_bundle(), agent="cloud")
    guard.check(
        {"id": "a", "name": "scan_for_secrets", "arguments": {"content": "x"}}, executed=None
    )
    guard.record({"value": "TOPSECRETVALUE"}, call_id="a", labels_out=["secret"])
    email = {"to": "x@y.z", "subject": "s", "body": "TOPSECRETVALUE"}
    assert guard.check({"name": "send_public_email", "args": email}).action == "deny"
    with pytest.raises(SpecgapError, match="no-pending-call"):
        guard.record("late", trace="other")


def test_parallel_calls_of_one_turn_are_checked_together_and_recorded_each() -> None:
    guard = Guard(reference_bundle(), agent="cloud")
    scan = {"id": "a", "type": "tool_use", "name": "scan_for_secrets", "input": {"content": "x"}}
    fetch = {"id": "b", "type": "tool_use", "name": "fetch", "input": {"url": "https://a.b"}}
    decisions = guard.check_turn([scan, fetch])
    assert [(d.index, d.action, d.call_id) for d in decisions] == [
        (0, "allow", "a"),
        (1, "allow", "b"),
    ]
    guard.record("ok", call_id="b")
    guard.record({"value": "TOPSECRETVALUE"}, call_id="a", labels_out=["secret"])
    email = {"to": "x@y.z", "subject": "s", "body": "TOPSECRETVALUE"}
    assert guard.check({"name": "send_public_email", "args": email}).action == "deny"
    put = {"Bucket": "acme-reports", "Key": "k", "Body": "b", "ACL": "private"}
    upload = {"id": "c", "type": "tool_use", "name": "put_object", "input": put}
    rescan = {"id": "d", "type": "tool_use", "name": "scan_for_secrets", "input": {"content": "y"}}
    fresh = Guard(reference_bundle(), agent="cloud")
    # in one turn the scan has not run when the upload starts: parallel calls are independent
    assert [d.action for d in fresh.check_turn([rescan, upload])] == ["allow", "steer"]


def test_skip_and_only_globs() -> None:
    skipped = _sql(skip=["sql.exec*"]).check(
        {"name": "execute_sql", "args": {"query": "DROP TABLE x"}}
    )
    assert (skipped.verdict, skipped.action, skipped.flags) == ("allow", "allow", ("skipped",))
    by_name = _sql(skip=["execute_*"]).check({"name": "execute_sql", "args": {}})
    assert by_name.flags == ("skipped",)
    only = _sql(only=["sql.schema_*"])
    assert only.check({"name": "execute_sql", "args": {}}).flags == ("skipped",)
    assert only.check({"name": "schema_lookup", "args": {"table": 1}}).action == "deny"
    guard = _sql(skip=["sql.schema_lookup"])
    guard.check({"name": "schema_lookup", "args": LOOKUP})  # not checked, but it ran
    assert guard.check({"name": "execute_sql", "args": QUERY}).action == "observe"


def _broken(monkeypatch: pytest.MonkeyPatch, operator: str) -> None:
    def boom(*_: Any) -> str | None:
        raise RuntimeError("bad state")

    broken = dataclasses.replace(OPERATORS[operator], check=boom)
    monkeypatch.setitem(OPERATORS, operator, broken)


@pytest.mark.parametrize(
    ("on_error", "verdict", "action", "effect"),
    [
        ("default", "deny", "deny", "deny"),  # the policy is enforced: closed
        ("closed", "deny", "deny", "deny"),
        ("open", "warn", "observe", "observe"),  # the review hit still warns
    ],
)
def test_a_failing_check_fails_closed_or_open(
    monkeypatch: pytest.MonkeyPatch, on_error: str, verdict: str, action: str, effect: str
) -> None:
    _broken(monkeypatch, "require_before")
    guard = _sql(on_error=on_error)
    assert guard.check({"name": "schema_lookup", "args": LOOKUP}).action == "allow"
    guard = _sql(on_error=on_error)
    guard.check({"name": "schema_lookup", "args": LOOKUP})
    decision = guard.check({"name": "execute_sql", "args": QUERY})
    failed = [h for h in decision.hits if h.error]
    assert [(h.policy, h.effect) for h in failed] == [("sql.require_before.88481bf6", effect)]
    assert "internal error in `require_before`: bad state" in failed[0].reason
    assert (decision.verdict, decision.action) == (verdict, action)


def test_a_failing_unenforced_check_fails_open_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    _broken(monkeypatch, "review_required")  # the sql review policy is eval_required
    guard = _sql()
    guard.check({"name": "schema_lookup", "args": LOOKUP})
    decision = guard.check({"name": "execute_sql", "args": QUERY})
    assert (decision.verdict, decision.action) == ("allow", "observe")
    assert [h.error for h in decision.hits] == [True]


def test_a_guard_failure_fails_closed_where_policies_are_enforced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    guard = _sql()

    def boom(*_: Any) -> Any:
        raise KeyError("engine")

    # the engine fails wherever the guard asks it: its `evaluate`, or the per-tool plan the
    # guard's inlined path and its per-tool lanes (`Plan.pure`) run themselves
    monkeypatch.setattr(guard.engine, "evaluate", boom)
    monkeypatch.setattr(Plan, "findings", boom)
    monkeypatch.setattr(Plan, "pure", boom)
    decision = guard.check({"name": "execute_sql", "args": QUERY})
    assert (decision.verdict, decision.action) == ("deny", "deny")
    assert decision.hits[0].policy == "specgap.guard"
    unknown = guard.check({"name": "not_a_tool", "args": {}})
    assert (unknown.verdict, unknown.action) == ("allow", "observe")
    assert _sql(on_error="closed").check(Message(role="user", content="hi")).verdict == "allow"


def test_shadow_mode_decides_but_never_acts() -> None:
    guard = _sql(shadow=True)
    decision = guard.check({"name": "execute_sql", "args": QUERY})
    assert (decision.verdict, decision.action) == ("deny", "observe")
    assert guard.check({"name": "schema_lookup", "args": LOOKUP}).action == "allow"


def test_invalid_arguments_are_flagged_and_checked_as_empty() -> None:
    guard = _sql()
    guard.check({"name": "schema_lookup", "args": LOOKUP})
    bad = {
        "id": "c",
        "type": "function",
        "function": {"name": "execute_sql", "arguments": '{"query": "SEL'},
    }
    decision = guard.check(bad)
    assert decision.flags == ("invalid-arguments",)
    assert decision.action == "deny"  # `query` is required
    assert any("required property" in h.reason for h in decision.hits)


def test_messages_are_allowed_and_recorded() -> None:
    guard = _sql()
    decision = guard.check({"role": "user", "content": "hello"})
    assert (decision.index, decision.verdict, decision.name) == (0, "allow", None)
    assert guard.check({"name": "schema_lookup", "args": LOOKUP}).index == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (42, "cannot check a int"),
        ({"role": "wizard", "content": "x"}, "unknown message role `wizard`"),
        ({"type": "function", "function": {"arguments": "{}"}}, "the tool call has no name"),
        (
            {"type": "tool_call", "name": "x", "args": [1]},
            "args: input should be a valid dictionary",
        ),
    ],
)
def test_bad_events_raise_a_diagnostic(value: Any, message: str) -> None:
    with pytest.raises(SpecgapError) as caught:
        _sql().check(value)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "invalid-event"
    assert message in diagnostic.message


def test_construction_from_path_and_agent_selection() -> None:
    guard = specgap.Guard.from_path(POLICY, agent="cloud")
    assert guard.agent == "cloud"
    assert guard.registry.canonical("put_object") == "aws.s3.PutObject"
    with pytest.raises(SpecgapError, match="several agents"):
        Guard(POLICY)
    with pytest.raises(SpecgapError, match="no agent `nope`"):
        Guard(POLICY, agent="nope")
    single = reference_bundle().agent("sql")
    assert single is not None
    assert Guard(single).agent == "sql"

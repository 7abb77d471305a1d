# ruff: noqa: E501  (tables of literal events read best one per line)
"""Each trace format: a realistic sample (tests/data/traces/<format>/) read into the expected
events, with origins pointing back into the file; format sniffing; JSONL streaming."""

from __future__ import annotations

import io
from typing import Any

import pytest
from trace_support import DATA, brief, registry

from specgap.evaluate.adapters import load_traces, read_paths, sniff
from specgap.evaluate.adapters.base import Context
from specgap.evaluate.adapters.reader import read_steps
from specgap.ir import Diagnostic

FLAG = ("invalid-arguments",)

SAMPLES: list[tuple[str, str, list[tuple[Any, ...]]]] = [
    (
        "openai/sql_session.json",
        "sql",
        [
            ("message", "system", "You are the analytics assistant. Call schema_lookup before execute_sql.", None, "#/messages/0"),
            ("message", "user", "How many orders did we ship last week, and to how many customers?", None, "#/messages/1"),
            ("tool_call", "schema_lookup", "sql.schema_lookup", {"table": "orders"},
             {"columns": {"id": "int", "customer_id": "int", "status": "text", "shipped_at": "timestamp"}},
             0, "call_Qm3kV1", (), False, "#/messages/2/tool_calls/0"),
            ("tool_call", "schema_lookup", "sql.schema_lookup", {"table": "customers"},
             {"columns": {"id": "int", "name": "text"}}, 0, "call_Qm3kV2", (), False, "#/messages/2/tool_calls/1"),
            ("message", "assistant", "I have the columns; counting now.", 1, "#/messages/5"),
            ("tool_call", "execute_sql", "sql.execute", {}, "error: could not parse the arguments",
             1, "call_Xx81", FLAG, False, "#/messages/5/tool_calls/0"),
            ("tool_call", "execute_sql", "sql.execute",
             {"query": "SELECT COUNT(*) AS orders, COUNT(DISTINCT customer_id) AS customers FROM orders WHERE shipped_at > now() - interval '7 days' LIMIT 1"},
             {"rows": [[128, 97]]}, 2, "call_Xx82", (), False, "#/messages/7/tool_calls/0"),
            ("message", "assistant", "Last week we shipped 128 orders to 97 customers.", 3, "#/messages/9"),
        ],
    ),
    (
        "openai/cloud_stream.jsonl",
        "cloud",
        [
            ("message", "user", "Save the Q3 summary to the reports bucket.", None, ":1"),
            ("tool_call", "scan_for_secrets", "scan_for_secrets", {"content": "Q3 revenue grew 12%"},
             {"findings": []}, 0, "call_a1", (), False, ":2#/tool_calls/0"),
            ("tool_call", "put_object", "aws.s3.PutObject",
             {"Bucket": "acme-reports", "Key": "q3/summary.txt", "Body": "Q3 revenue grew 12%", "ACL": "private"},
             {"ETag": '"9b2cf535f27731c974343645a3985328"'}, 1, "call_a2", (), False, ":5#/tool_calls/0"),
            ("message", "assistant", "Saved to s3://acme-reports/q3/summary.txt.", 2, ":7"),
        ],
    ),
    (
        "responses/cloud_items.json",
        "cloud",
        [
            ("message", "system", "You manage the company's cloud storage.", None, "#/0"),
            ("message", "user", "Record that invoice 4471 was paid, then fetch the status page.", None, "#/1"),
            ("tool_call", "check_permission", "authz.check_permission",
             {"user": "svc-billing", "action": "write", "resource": "invoices"}, {"allowed": True},
             0, "call_perm", (), False, "#/3"),
            ("tool_call", "put_item", "aws.dynamodb.PutItem",
             {"TableName": "invoices", "Item": {"id": "4471", "status": "paid"}}, {}, 1, "call_put", (), False, "#/5"),
            ("tool_call", "fetch", "web.fetch", {"url": "https://status.example.com", "timeout_seconds": 30},
             "All systems operational", 1, "call_fetch", (), False, "#/6"),
            ("message", "assistant", "Invoice 4471 is marked paid; the status page says all systems are operational.", 2, "#/9"),
        ],
    ),
    (
        "anthropic/cloud_request.json",
        "cloud",
        [
            ("message", "system", "You manage the company's cloud storage. Scan content for secrets before any upload.", None, "#/system"),
            ("message", "user", "Upload the deploy notes to acme-exports and email them to ops@partner.example.", None, "#/messages/0"),
            ("message", "assistant", "I'll scan the notes first.", 0, "#/messages/1"),
            ("tool_call", "scan_for_secrets", "scan_for_secrets", {"content": "deploy key AKIAIOSFODNN7EXAMPLE"},
             {"findings": [{"value": "AKIAIOSFODNN7EXAMPLE", "kind": "aws_access_key"}]},
             0, "toolu_01A", (), False, "#/messages/1/content/1"),
            ("tool_call", "put_object", "aws.s3.PutObject",
             {"Bucket": "acme-exports", "Key": "deploy.txt", "Body": "see vault", "ACL": "private"},
             {"ETag": "abc"}, 1, "toolu_01B", (), False, "#/messages/3/content/0"),
            ("tool_call", "send_public_email", "public_email.send",
             {"to": "ops@partner.example", "subject": "Deploy notes", "body": "The key is AKIAIOSFODNN7EXAMPLE"},
             "mail relay refused the message", 1, "toolu_01C", (), True, "#/messages/3/content/1"),
            ("message", "user", "Did it work?", None, "#/messages/4"),
            ("message", "assistant", "The upload worked; the email was refused by the relay.", 2, "#/messages/5"),
        ],
    ),
    (
        "mcp/sql_session.jsonl",
        "sql",
        [
            ("tool_call", "schema_lookup", "sql.schema_lookup", {"table": "orders"}, {"columns": {"id": "int"}},
             None, "2", (), False, ":6#/message/params"),
            ("tool_call", "execute_sql", "sql.execute", {"query": "SELECT id FROM orders LIMIT 500", "timeout_seconds": 20},
             "500 rows", None, "q-3", (), False, ":7#/message/params"),
            ("tool_call", "execute_sql", "sql.execute", {"query": "DROP TABLE orders"},
             {"code": -32602, "message": "statement not allowed"}, None, "4", (), True, ":10#/message/params"),
            ("tool_call", "export_csv", None, {"table": "orders"}, None, None, "5", ("cancelled",), True,
             ":12#/message/params"),
        ],
    ),
    (
        "mcp/cloud_log.json",
        "cloud",
        [
            ("tool_call", "check_permission", "authz.check_permission",
             {"user": "svc-etl", "action": "write", "resource": "ledger"}, {"allowed": True}, None, "11", (), False, "#/0/params"),
            ("tool_call", "put_item", "aws.dynamodb.PutItem", {"TableName": "ledger", "Item": {"id": "e-19"}},
             {"written": 1}, None, "12", (), False, "#/2/0/params"),
            ("tool_call", "fetch", "web.fetch", {"url": "http://intranet/health"}, "ok", None, "13", (), False, "#/2/1/params"),
        ],
    ),
    (
        "otel/sql_export.json",
        "sql",
        [
            ("message", "user", "What is our largest order?", None, "#/resourceSpans/0/scopeSpans/0/spans/1"),
            ("tool_call", "schema_lookup", "sql.schema_lookup", {"table": "orders"},
             {"columns": {"id": "int", "total": "numeric"}}, 0, "call_7Hc", (), False, "#/resourceSpans/0/scopeSpans/0/spans/0"),
            ("message", "assistant", "Running the query.", 1, "#/resourceSpans/0/scopeSpans/0/spans/3"),
            ("tool_call", "execute_sql", "sql.execute", {"query": "SELECT max(total) FROM orders", "timeout_seconds": 45},
             "query timed out after 31.5 s", 1, "call_9Qz", (), True, "#/resourceSpans/0/scopeSpans/0/spans/2"),
        ],
    ),
    (
        "langchain/sql_state.json",
        "sql",
        [
            ("message", "system", "You are the analytics assistant.", None, "#/messages/0/data"),
            ("message", "user", "Top 5 products by revenue, please.", None, "#/messages/1/data"),
            ("tool_call", "schema_lookup", "sql.schema_lookup", {}, {"tables": ["customers", "orders", "products"]},
             0, "call_p1", (), False, "#/messages/2/data/tool_calls/0"),
            ("message", "assistant", "Querying revenue per product.", 1, "#/messages/4/data"),
            ("tool_call", "execute_sql", "sql.execute",
             {"query": "SELECT p.name, SUM(o.total) FROM products p JOIN orders o ON o.product_id = p.id GROUP BY p.name ORDER BY 2 DESC LIMIT 5"},
             [["Widget", 1200.5]], 1, "call_p2", (), False, "#/messages/4/data/tool_calls/0"),
            ("tool_call", "execute_sql", "sql.execute", {}, "Error: invalid arguments", 1, "call_p3", FLAG, True,
             "#/messages/4/data/invalid_tool_calls/0"),
            ("message", "assistant", "Widget leads with 1,200.50.", 2, "#/messages/7/data"),
        ],
    ),
    (
        "langchain/dumpd.jsonl",
        "cloud",
        [
            ("message", "user", "Fetch the status page.", None, ":1#/kwargs"),
            ("tool_call", "fetch", "web.fetch", {"url": "https://status.example.com", "timeout_seconds": 5},
             "All systems operational", 0, "call_f1", (), False, ":2#/kwargs/tool_calls/0"),
        ],
    ),
    (
        "native/events.jsonl",
        "cloud",
        [
            ("message", "user", "Store the audit record.", None, ":1"),
            ("tool_call", "check_permission", "authz.check_permission",
             {"user": "ana", "action": "write", "resource": "audit"}, {"allowed": True}, 0, None, (), False, ":2"),
            ("tool_call", "put_item", "aws.dynamodb.PutItem", {"TableName": "audit", "Item": {"id": "a-1"}},
             {}, 1, None, (), False, ":3"),
        ],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("sample", "agent", "expected"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_sample_reads_into_expected_events(
    sample: str, agent: str, expected: list[tuple[Any, ...]]
) -> None:
    display = f"traces/{sample}"
    traces = load_traces(DATA / sample, display, registry(agent))
    assert len(traces) == 1
    assert [brief(e, display) for e in traces[0].events] == expected


def test_extras_travel_with_each_format() -> None:
    """Labels, timings and errors the formats carry (or carry in their extension slot)."""
    (mcp,) = load_traces(DATA / "mcp/sql_session.jsonl", "m", registry("sql"))
    timed = mcp.events[1]
    assert timed.started_at == "2025-06-18T09:14:05.000Z"  # type: ignore[union-attr]
    assert timed.duration_ms == 1250.0  # type: ignore[union-attr]
    assert timed.labels_in == ("reviewed",)  # type: ignore[union-attr]
    (otel,) = load_traces(DATA / "otel/sql_export.json", "o", registry("sql"))
    assert otel.events[3].duration_ms == 31500.0  # type: ignore[union-attr]
    assert otel.events[3].labels_in == ("reviewed",)  # type: ignore[union-attr]
    (claude,) = load_traces(DATA / "anthropic/cloud_request.json", "a", registry("cloud"))
    assert claude.events[3].labels_out == ("secret",)  # type: ignore[union-attr]
    (chain,) = load_traces(DATA / "langchain/sql_state.json", "l", registry("sql"))
    assert chain.events[4].duration_ms == 88.0  # type: ignore[union-attr]
    assert chain.events[5].raw_args == '{"query": "SELECT * FROM payments'  # type: ignore[union-attr]


def test_jsonl_of_whole_conversations_is_one_trace_per_line() -> None:
    traces = load_traces(DATA / "openai/completions_log.jsonl", "log.jsonl", registry("sql"))
    assert [t.path for t in traces] == ["log.jsonl:1", "log.jsonl:2"]
    assert [brief(e, "log.jsonl") for e in traces[1].events] == [
        ("message", "user", "Delete the test orders.", None, ":2#/messages/0"),
        (
            "tool_call",
            "execute_sql",
            "sql.execute",
            {"query": "DELETE FROM orders WHERE note = 'test'"},
            None,
            0,
            "call_9",
            (),
            False,
            ":2#/choices/0/message/tool_calls/0",
        ),
    ]
    assert traces[0].events[-1].origin == "log.jsonl:1#/choices/0/message"


def test_otel_spans_group_by_trace_id_across_export_lines() -> None:
    traces = load_traces(DATA / "otel/file_exporter.jsonl", "x.jsonl", registry("cloud"))
    by_key = {t.path: [e.name for e in t.events] for t in traces}  # type: ignore[union-attr]
    assert by_key == {
        "x.jsonl@0af7651916cd43dd8448eb211c80319c": ["check_permission", "put_item"],
        "x.jsonl@4bf92f3577b34da6a3ce929d0e0e4736": ["put_item"],
    }


def _diagnose(text: str, fmt: str = "auto", display: str = "t.json") -> list[Diagnostic]:
    found: list[Diagnostic] = []
    ctx = Context(registry("sql"), found.append)
    list(read_steps(io.BytesIO(text.encode()), display, ctx, fmt))
    return found


def test_warnings_point_at_their_source() -> None:
    found = _diagnose((DATA / "openai/sql_session.json").read_text(), display="s.json") + _diagnose(
        (DATA / "mcp/sql_session.jsonl").read_text(), display="m.jsonl"
    )
    rendered = [d.render().splitlines()[0] for d in found]
    assert rendered == [
        "s.json:43:9: invalid-tool-arguments: the arguments of `execute_sql` are not a JSON "
        "object; kept raw and flagged",
        "m.jsonl:12:147: unknown-tool: tool `export_csv` is not in the agent's registry; its "
        "calls are a finding",
    ]
    assert all(d.severity == "warning" for d in found)


MALFORMED: list[tuple[str, str, str, str]] = [
    # (format, input, code, location)
    ("openai", '{"messages": [{"role": "user", "content": "hi"},\n {"content": "no role"}]}', "invalid-event", "t.json:2:2"),
    ("openai", '[{"role": "assistant", "tool_calls": [{"id": "c", "type": "function"}]}]', "invalid-event", "t.json:1:39"),
    ("openai", '{"role": "user", "content": "a"}\n{"role": "tool", "tool_call_id": "nope", "content": "x"}\n', "unmatched-tool-result", "t.json:2:1"),
    ("responses", '[{"type": "function_call", "name": "schema_lookup", "arguments": "{}"}]', "invalid-event", "t.json:1:2"),
    ("responses", '[{"type": "function_call_output", "call_id": "zz", "output": "1"}]', "unmatched-tool-result", "t.json:1:2"),
    ("anthropic", '{"messages": [{"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "input": {}}]}]}', "invalid-event", "t.json:1:49"),
    ("anthropic", '{"messages": [{"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "schema_lookup", "input": [1]}]}]}', "invalid-tool-arguments", "t.json:1:49"),
    ("mcp", '[{"jsonrpc": "2.0", "id": 1, "method": "tools/call"}]', "invalid-event", "t.json:1:2"),
    ("mcp", '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "schema_lookup"}}\n{"jsonrpc": "2.0", "id": 1}\n', "invalid-event", "t.json:2:1"),
    ("otel", '{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "a", "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}}]}]}]}]}', "invalid-event", "t.json:1:47"),
    ("otel", '{"resourceSpans": [{"scopeSpans": [{"spans": ["oops"]}]}]}', "invalid-event", "t.json:1:47"),
    ("langchain", '{"messages": [{"type": "ai", "data": {"content": "", "tool_calls": [{"args": {}, "id": "c1"}]}}]}', "invalid-event", "t.json:1:69"),
    ("langchain", '[{"lc": 1, "type": "constructor", "id": ["x", "Mystery"], "kwargs": {}}]', "invalid-event", "t.json:1:2"),
    ("native", '[{"type": "tool_call", "args": {}}]', "invalid-event", "t.json:1:2"),
    ("native", '{"events": 3}', "invalid-trace", "t.json:1:12"),
    ("auto", '{"events": [\n  {"name": "x",}\n]}', "malformed-json", "t.json:2:16"),
    ("auto", '{"role": "user", "content": "a"}\n{"role": "tool", "content": \n', "malformed-json", "t.json:2:29"),
    ("auto", '{"what": "is this"}', "invalid-trace", "t.json:1:1"),  # read as native
]  # fmt: skip


@pytest.mark.parametrize(("fmt", "text", "code", "where"), MALFORMED)
def test_malformed_input_gets_a_located_diagnostic(
    fmt: str, text: str, code: str, where: str
) -> None:
    found = _diagnose(text, fmt)
    assert [(d.code, d.span.location() if d.span else None) for d in found][:1] == [(code, where)]
    assert found[0].help


def test_a_malformed_jsonl_line_is_reported_and_the_rest_still_read() -> None:
    found: list[Diagnostic] = []
    text = '{"role": "user", "content": "one"}\n{not json}\n\n{"role": "user", "content": "two"}\n'
    ctx = Context(None, found.append)
    steps = list(read_steps(io.BytesIO(text.encode()), "s.jsonl", ctx))
    assert [e.content for _, e in steps if e is not None] == ["one", "two"]  # type: ignore[union-attr]
    assert [e.origin for _, e in steps if e is not None] == ["s.jsonl:1", "s.jsonl:4"]
    assert [d.render().splitlines()[0] for d in found] == [
        "s.jsonl:2:2: malformed-json: expecting property name enclosed in double quotes"
    ]


def test_pretty_printed_document_is_not_mistaken_for_jsonl() -> None:
    text = '\n\n{\n  "messages": [{"role": "user", "content": "hi"}]\n}\n'
    steps = list(read_steps(io.BytesIO(text.encode()), "d.json", Context()))
    assert [(k, e.origin if e else None) for k, e in steps] == [
        ("d.json", "d.json#/messages/0"),
        ("d.json", None),
    ]


def test_missing_file_and_stdin_are_handled(monkeypatch: pytest.MonkeyPatch) -> None:
    found: list[Diagnostic] = []
    assert list(read_paths(["nope/missing.json"], None, report=found.append)) == []
    assert [d.code for d in found] == ["missing-artifact"]
    stdin = io.TextIOWrapper(io.BytesIO(b'{"role": "user", "content": "hi"}\n'))
    monkeypatch.setattr("sys.stdin", stdin)
    steps = list(read_paths(["-"], None))
    assert [e.origin if e else None for _, e in steps] == ["<stdin>", None]


SNIFFED: list[tuple[Any, tuple[str | None, bool]]] = [
    ({"resourceSpans": []}, ("otel", True)),
    ({"jsonrpc": "2.0", "id": 1, "result": {}}, ("mcp", True)),
    ({"timestamp": 1, "message": {"jsonrpc": "2.0"}}, ("mcp", True)),
    ({"events": []}, ("native", True)),
    ([{"name": "x", "args": {}}], ("native", True)),
    ({"type": "tool_call", "name": "x"}, ("native", True)),
    ([{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "c"}], ("openai", True)),
    ({"object": "chat.completion", "choices": []}, ("openai", True)),
    ([{"role": "user", "content": "hi"}], ("openai", False)),
    ({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t"}]}, ("anthropic", True)),
    ({"type": "message", "role": "assistant", "content": [], "stop_reason": "end_turn"}, ("anthropic", True)),
    ({"system": "s", "messages": []}, ("anthropic", False)),
    ({"type": "function_call_output", "call_id": "c"}, ("responses", True)),
    ({"role": "user", "content": [{"type": "input_text", "text": "hi"}]}, ("responses", True)),
    ({"object": "response", "output": []}, ("responses", True)),
    ({"type": "ai", "data": {"content": ""}}, ("langchain", True)),
    ({"lc": 1, "type": "constructor", "id": ["AIMessage"], "kwargs": {}}, ("langchain", True)),
    ({"type": "human", "content": "hi"}, ("langchain", True)),
    ({"messages": [{"type": "ai", "content": ""}]}, ("langchain", True)),
    ({"hello": "world"}, (None, False)),
    (42, (None, False)),
]  # fmt: skip


@pytest.mark.parametrize(("value", "expected"), SNIFFED)
def test_sniff(value: Any, expected: tuple[str | None, bool]) -> None:
    assert sniff(value) == expected


def test_forced_format_overrides_sniffing() -> None:
    text = '[{"role": "user", "content": "hi"}]'
    found: list[Diagnostic] = []
    steps = list(
        read_steps(io.BytesIO(text.encode()), "t.json", Context(None, found.append), "mcp")
    )
    assert [e for _, e in steps if e is not None] == []
    assert found == []  # a user message is simply not an MCP message

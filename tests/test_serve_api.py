"""`specgap serve`: every endpoint in-process, bad bodies, unknown agents, limits, tokens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import ROOT
from tests.fake_ollama import refused_host
from tests.serve_support import JSON, SCHEMA, call, make_app, trace_text


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(make_app(tmp_path))


def post(client: TestClient, url: str, body: Any, **headers: str) -> Any:
    return client.post(url, content=json.dumps(body), headers={**JSON, **headers})


def test_health_and_version_name_the_policy_in_force(client: TestClient) -> None:
    reference = json.loads((ROOT / "policy" / "policy.json").read_text())
    health = client.get("/healthz").json()
    version = client.get("/api/policy/version").json()
    assert health == {"status": "ok", "policy": "ok", "revision": reference["revision"]}
    assert version["revision"] == reference["revision"]
    assert version["status"] == "ok"
    assert version["failed"] is None
    assert len(version["sha256"]) == 64
    assert version["built_at"].endswith("+00:00")
    assert version["agents"] == ["sql", "cloud"]


def test_the_policy_route_returns_the_bundle(client: TestClient) -> None:
    answer = client.get("/api/policy")
    assert answer.headers["content-type"] == "application/json"
    assert answer.json() == json.loads((ROOT / "policy" / "policy.json").read_text())


def test_openapi_lists_every_route(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = set(document["paths"])
    event = document["paths"]["/api/validate/event"]["post"]["requestBody"]
    schema = event["content"]["application/json"]["schema"]
    assert set(schema["required"]) == {"agent", "event"}
    assert schema["additionalProperties"] is False
    assert {
        "/healthz",
        "/api/policy",
        "/api/policy/version",
        "/api/evaluate",
        "/api/traces",
        "/api/llm/health",
        "/api/validate/event",
        "/api/validate/trace",
        "/api/sessions/{session_id}/result",
        "/api/sessions/{session_id}",
        "/api/sql/execute",
        "/api/sql/run-trace",
    } <= paths


EVENTS = [
    # (prior events, event, blocked, policy that must hit (prefix) or None)
    ([], call("execute_sql", query="SELECT id FROM products LIMIT 5"), True, "sql.require_before"),
    ([SCHEMA], call("execute_sql", query="SELECT id FROM products LIMIT 5"), False, None),
    ([SCHEMA], call("execute_sql", query="DELETE FROM orders"), True, "sql.deny_action"),
    (
        [SCHEMA],
        call("execute_sql", query="SELECT card_number FROM payments"),
        True,
        "sql.resource_in_allowlist",
    ),
    (
        [SCHEMA],
        call("execute_sql", query="SELECT id FROM orders LIMIT 900"),
        True,
        "sql.arg_within_bound",
    ),
    (
        [SCHEMA],
        {
            "type": "tool_use",
            "id": "tu_1",
            "name": "execute_sql",
            "input": {"query": "DROP TABLE orders"},
        },
        True,
        "sql.deny_action",
    ),
    (
        [SCHEMA],
        {
            "id": "c1",
            "type": "function",
            "function": {
                "name": "execute_sql",
                "arguments": '{"query": "SELECT 1 FROM orders LIMIT 3"}',
            },
        },
        False,
        None,
    ),
]


@pytest.mark.parametrize(("prior", "event", "blocked", "policy"), EVENTS)
def test_validate_event_decides_like_the_guard(
    client: TestClient, prior: list[Any], event: Any, blocked: bool, policy: str | None
) -> None:
    answer = post(
        client, "/api/validate/event", {"agent": "sql", "prior_events": prior, "event": event}
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["blocked"] is blocked
    assert data["decision"]["tool"] == "sql.execute"
    hits = [h["policy"] for h in data["decision"]["hits"] if h["effect"] != "observe"]
    if policy is None:
        assert hits == []
    else:
        assert any(h.startswith(policy) for h in hits), hits
        assert data["steer"] is not None


@pytest.mark.parametrize(
    ("fmt", "keys"),
    [
        ("mcp", {"content", "isError"}),
        ("openai", {"role", "tool_call_id", "content"}),
        ("anthropic", {"type", "tool_use_id", "content", "is_error"}),
    ],
)
def test_the_steer_message_takes_the_shape_asked_for(
    client: TestClient, fmt: str, keys: set[str]
) -> None:
    event = {
        "id": "call_9",
        "type": "function",
        "function": {"name": "execute_sql", "arguments": '{"query": "SELECT 1"}'},
    }
    data = post(
        client, "/api/validate/event", {"agent": "sql", "event": event, "steer_format": fmt}
    ).json()
    assert set(data["steer"]) == keys
    text = data["steer"]["content"]
    text = text[0]["text"] if isinstance(text, list) else text
    assert "was not run" in text
    assert "sql.schema_lookup" in text
    if fmt != "mcp":
        assert data["steer"].get("tool_call_id", data["steer"].get("tool_use_id")) == "call_9"


def test_a_session_keeps_the_guard_state_between_calls(client: TestClient) -> None:
    query = call("execute_sql", query="SELECT name FROM products LIMIT 3")
    first = post(
        client, "/api/validate/event", {"agent": "sql", "session": "s-1", "event": SCHEMA}
    ).json()
    assert first["blocked"] is False
    assert first["session"] == "s-1"
    recorded = post(client, "/api/sessions/s-1/result", {"result": {"columns": {"id": "int"}}})
    assert recorded.status_code == 200
    assert recorded.json()["events"] == 1
    same = post(
        client, "/api/validate/event", {"agent": "sql", "session": "s-1", "event": query}
    ).json()
    other = post(
        client, "/api/validate/event", {"agent": "sql", "session": "s-2", "event": query}
    ).json()
    assert same["blocked"] is False  # the schema lookup of this session counts
    assert other["blocked"] is True  # another session saw none
    mismatch = post(
        client, "/api/validate/event", {"agent": "cloud", "session": "s-1", "event": query}
    )
    assert mismatch.status_code == 409
    assert mismatch.json()["error"]["code"] == "session-agent-mismatch"
    assert client.delete("/api/sessions/s-1").json() == {"session": "s-1", "ended": True}
    gone = post(client, "/api/sessions/s-1/result", {"result": None})
    assert gone.status_code == 404
    assert gone.json()["error"]["code"] == "unknown-session"


def test_recording_without_an_allowed_call_is_a_diagnostic(client: TestClient) -> None:
    blocked = call("execute_sql", query="DELETE FROM orders")
    post(client, "/api/validate/event", {"agent": "sql", "session": "s-3", "event": blocked})
    answer = post(client, "/api/sessions/s-3/result", {"result": 1})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "no-pending-call"


SQL_TRACES = sorted((ROOT / "fixtures" / "sql" / "traces").glob("*/*.json"))


@pytest.mark.parametrize("path", SQL_TRACES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_validate_trace_blocks_exactly_the_unsafe_traces(client: TestClient, path: Path) -> None:
    document = json.loads(path.read_text())
    for body in (
        {"agent": "sql", "trace": document},
        {"agent": "sql", "events": document["events"]},
    ):
        data = post(client, "/api/validate/trace", body).json()
        assert data["events"] == len(document["events"])
        assert data["blocked"] is (path.parent.name == "unsafe"), data


def test_validate_trace_reads_other_formats(client: TestClient) -> None:
    messages = [
        {"role": "user", "content": "list products"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "a",
                    "type": "function",
                    "function": {
                        "name": "execute_sql",
                        "arguments": '{"query": "TRUNCATE products"}',
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "a", "content": "[]"},
    ]
    data = post(
        client, "/api/validate/trace", {"agent": "sql", "events": messages, "format": "openai"}
    ).json()
    denied = [d for d in data["decisions"] if d["verdict"] == "deny"]
    assert [d["name"] for d in denied] == ["execute_sql"]


def test_a_bad_event_in_a_trace_is_located_in_the_request(client: TestClient) -> None:
    body = "\n".join(
        [
            '{"agent": "sql",',
            ' "events": [',
            '  {"type": "tool_call", "name": "schema_lookup"},',
            '  {"type": "tool_call", "args": 5}',
            " ]}",
        ]
    )
    answer = client.post("/api/validate/trace", content=body, headers=JSON)
    assert answer.status_code == 422
    first = answer.json()["error"]["diagnostics"][0]
    assert first["code"] == "invalid-event"
    assert first["location"].startswith("<request>:4:")


BAD_BODIES = [
    # (route, raw body, status, code, location prefix)
    ("/api/validate/event", '{"agent": "sql",\n "event": {', 422, "malformed-json", "<request>:2:"),
    ("/api/validate/event", '{"agent": "sql"}', 422, "invalid-request", "<request>:1:1"),
    (
        "/api/validate/event",
        '{"agent": "sql",\n "event": {}, "sesion": "x"}',
        422,
        "invalid-request",
        "<request>:2:15",
    ),
    ("/api/validate/event", '{"agent": 7, "event": {}}', 422, "invalid-request", "<request>:1:11"),
    (
        "/api/validate/event",
        '{"agent": "sql", "event": {"name": "x"}, "session": "a b"}',
        422,
        "invalid-request",
        "<request>:1:",
    ),
    (
        "/api/validate/event",
        '{"agent": "sql", "event": {"name": "x"}, "steer_format": "xml"}',
        422,
        "invalid-request",
        "<request>:1:",
    ),
    (
        "/api/validate/event",
        '{"agent": "sql", "event": {"role": "wizard", "content": ""}}',
        422,
        "invalid-event",
        "<request>:1:",
    ),
    ("/api/validate/trace", '{"agent": "sql"}', 422, "invalid-request", "<request>:1:1"),
    (
        "/api/validate/trace",
        '{"agent": "sql", "events": [], "trace": {}}',
        422,
        "invalid-request",
        "<request>:1:1",
    ),
    ("/api/validate/trace", '{"agent": "sql", "events": []}', 422, "no-events", "<request>:1:1"),
    ("/api/validate/trace", "", 422, "invalid-request", "<request>:1:1"),
    ("/api/sql/execute", '{"query": ""}', 422, "invalid-request", "<request>:1:11"),
    ("/api/validate/event", '{"agent": "nobody", "event": {}}', 404, "unknown-agent", "<request>"),
    (
        "/api/validate/trace",
        '{"agent": "nobody", "events": [{}]}',
        404,
        "unknown-agent",
        "<request>",
    ),
    (
        "/api/sql/execute",
        '{"agent": "nobody", "query": "SELECT 1"}',
        404,
        "unknown-agent",
        "<request>",
    ),
    (
        "/api/sql/run-trace",
        '{"agent": "nobody", "events": [{}]}',
        404,
        "unknown-agent",
        "<request>",
    ),
]


@pytest.mark.parametrize(("route", "body", "status", "code", "where"), BAD_BODIES)
def test_bad_input_is_a_located_4xx(
    client: TestClient, route: str, body: str, status: int, code: str, where: str
) -> None:
    answer = client.post(route, content=body, headers=JSON)
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error["status"] == status
    assert error["code"] == code
    first = error["diagnostics"][0]
    assert first["location"].startswith(where), first
    assert first["rendered"].startswith(f"{first['location']}: {code}: ")
    assert "Traceback" not in answer.text


def test_a_body_that_is_not_json_is_415(client: TestClient) -> None:
    answer = client.post("/api/validate/event", content="agent=sql")
    assert answer.status_code == 415
    assert answer.json()["error"]["code"] == "unsupported-media-type"


@pytest.mark.parametrize("chunked", [False, True])
def test_an_oversized_body_is_413(tmp_path: Path, chunked: bool) -> None:
    small = TestClient(make_app(tmp_path, max_body=2048))
    body = json.dumps({"agent": "sql", "events": [SCHEMA] * 200}).encode()
    content: Any = iter([body[:1000], body[1000:]]) if chunked else body
    answer = small.post("/api/validate/trace", content=content, headers=JSON)
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "payload-too-large"
    fits = small.post(
        "/api/validate/trace",
        content=json.dumps({"agent": "sql", "events": [SCHEMA]}),
        headers=JSON,
    )
    assert fits.status_code == 200


def test_a_token_guards_the_api_but_not_health_or_console(tmp_path: Path) -> None:
    guarded = TestClient(make_app(tmp_path, token="s3cret"))
    body = {"agent": "sql", "event": SCHEMA}
    assert post(guarded, "/api/validate/event", body).status_code == 401
    assert (
        post(guarded, "/api/validate/event", body, authorization="Bearer wrong").status_code == 401
    )
    assert (
        post(guarded, "/api/validate/event", body, authorization="Bearer s3cret").status_code == 200
    )
    assert guarded.get("/api/policy").status_code == 401
    assert guarded.get("/healthz").status_code == 200
    assert guarded.get("/").status_code == 200


def test_unknown_routes_and_methods_are_json(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    wrong = client.get("/api/validate/event")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not-found")
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (405, "method-not-allowed")


def test_an_internal_error_is_a_500_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)

    def broken() -> None:
        raise RuntimeError("the disk fell off")

    monkeypatch.setattr(app.state.holder, "version", broken)
    answer = TestClient(app, raise_server_exceptions=False).get("/api/policy/version")
    assert answer.status_code == 500
    error = answer.json()["error"]
    assert error["code"] == "internal-error"
    assert "the disk fell off" in error["diagnostics"][0]["message"]
    assert "Traceback" not in answer.text


def test_evaluate_matches_eval_json(client: TestClient) -> None:
    from tests.cli_helpers import specgap

    text = client.get("/api/evaluate").text
    assert (
        text == specgap("eval", "--format", "json", "--config", str(ROOT / "specgap.toml")).stdout
    )
    data = json.loads(text)
    assert data["format"] == "specgap-eval/2"
    total = data["total"]
    assert (total["safe_allowed"], total["safe_traces"]) == (6, 6)
    assert (total["unsafe_blocked"], total["unsafe_traces"]) == (10, 10)
    one = client.get("/api/evaluate", params={"agent": "sql"}).json()
    assert list(one["agents"]) == ["sql"]
    assert any(r["status"] == "not_enforced" for r in one["agents"]["sql"]["rules"])


def test_routes_that_need_sources_say_so_without_a_project(tmp_path: Path) -> None:
    bare = TestClient(make_app(tmp_path, project=False))
    for route in ("/api/evaluate", "/api/traces"):
        answer = bare.get(route)
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "no-project"


def test_traces_lists_the_bundled_traces(client: TestClient) -> None:
    found = client.get("/api/traces").json()
    paths = {t["path"] for t in found}
    assert "fixtures/sql/traces/unsafe/payments_table.json" in paths
    picked = next(t for t in found if t["path"].endswith("out_of_stock.json"))
    assert (picked["agent"], picked["kind"]) == ("sql", "safe")
    assert picked["text"] == trace_text("fixtures/sql/traces/safe/out_of_stock.json")


def test_llm_health_reports_the_doctor_checks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", refused_host())
    data = client.get("/api/llm/health").json()
    assert data["ok"] is False
    assert [(c["name"], c["status"]) for c in data["checks"]] == [
        ("server", "fail"),
        ("model", "skip"),
        ("smoke", "skip"),
    ]
    assert "cannot reach Ollama" in data["checks"][0]["detail"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--host", "0.0.0.0"], "token-required"),
        (["--host", "192.0.2.1", "--policy", "policy/policy.json"], "token-required"),
        (["--policy", "no/such/policy.json"], "missing-artifact"),
        (["--watch", "--policy", "fixtures/sql/tools.json"], "watch-policy-mismatch"),
    ],
)
def test_serve_refuses_bad_starts_with_a_diagnostic(
    args: list[str], code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.cli_helpers import LOCATED, specgap

    monkeypatch.delenv("SPECGAP_TOKEN", raising=False)
    run = specgap("serve", *args)
    assert run.code == 2
    found = LOCATED.match(run.stderr)
    assert found is not None
    assert found["code"] == code


def test_the_console_is_served_with_no_outside_fetches(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/console.js"></script>' in page.text
    for name in ("console.js", "console.css"):
        asset = client.get(f"/static/{name}")
        assert asset.status_code == 200
        # everything the console needs comes from this server: no CDN, no absolute URL
        assert "http://" not in asset.text
        assert "https://" not in asset.text
    assert "https://" not in page.text
    assert "http://" not in page.text


RAW_BODIES = [
    # (raw body, code, location prefix): bodies that do not even read as JSON values
    (
        b'{"agent": "sql", "event": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
        "input-too-complex",
        "<request>:1:1",
    ),
    (
        b'{"agent": "sql", "event": {"args": {"n": ' + b"7" * 5000 + b"}}}",
        "input-too-complex",
        "<request>:1:1",
    ),
    (b'{"agent": "sq\xffl", "event": {}}', "invalid-utf8", "<request>:1:14"),
    (
        b'{"agent": "sql",\n "event": {"name": "execute_sql", "args": {"timeout_seconds": NaN}}}',
        "invalid-number",
        "<request>:2:63",
    ),
    (
        b'{"agent": "sql", "event": {"name": "x", "args": {"n": -Infinity}}}',
        "invalid-number",
        "<request>:1:55",
    ),
]


@pytest.mark.parametrize(("body", "code", "where"), RAW_BODIES)
def test_unreadable_bodies_are_located_422s(
    client: TestClient, body: bytes, code: str, where: str
) -> None:
    answer = client.post("/api/validate/event", content=body, headers=JSON)
    assert answer.status_code == 422, answer.text
    first = answer.json()["error"]["diagnostics"][0]
    assert first["code"] == code
    assert first["location"].startswith(where), first


def test_nan_inside_a_string_is_just_text(client: TestClient) -> None:
    event = call("execute_sql", query='SELECT "NaN", Infinity FROM products LIMIT 1')
    answer = post(client, "/api/validate/event", {"agent": "sql", "event": event})
    assert answer.status_code == 200


def test_a_busy_port_is_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from tests.cli_helpers import LOCATED, specgap

    monkeypatch.chdir(ROOT)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        run = specgap("serve", "--port", str(busy.getsockname()[1]))
    assert run.code == 2
    found = LOCATED.match(run.stderr.splitlines()[-2])
    assert found is not None
    assert found["code"] == "cannot-listen"


def test_sessions_are_bounded_in_number_and_length(tmp_path: Path) -> None:
    from specgap.serve.sessions import Sessions

    app = make_app(tmp_path)
    app.state.sessions = Sessions(limit=2, max_events=3)
    client = TestClient(app)
    for name in ("a", "b", "c"):  # a third session pushes out the least recently used
        post(client, "/api/validate/event", {"agent": "sql", "session": name, "event": SCHEMA})
    assert post(client, "/api/sessions/a/result", {}).json()["error"]["code"] == "unknown-session"
    assert post(client, "/api/sessions/c/result", {}).status_code == 200
    for _ in range(2):
        post(client, "/api/validate/event", {"agent": "sql", "session": "c", "event": SCHEMA})
    full = post(client, "/api/validate/event", {"agent": "sql", "session": "c", "event": SCHEMA})
    assert full.status_code == 422
    assert full.json()["error"]["code"] == "session-too-long"

"""The deterministic extractor, sentence by sentence (table-driven)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract

CASES: list[tuple[str, str, str | None, dict[str, Any]]] = [
    # sentence, operator, target mention, expected params (subset)
    (
        "Always call `sql.schema_lookup` before `sql.execute`.",
        "require_before",
        "sql.execute",
        {"before": "sql.schema_lookup"},
    ),
    (
        "Before any `aws.dynamodb.PutItem` write, call `authz.check_permission` first.",
        "require_before",
        "aws.dynamodb.PutItem",
        {"before": "authz.check_permission"},
    ),
    (
        "`refund.issue` may only be called after `orders.lookup`.",
        "require_before",
        "refund.issue",
        {"before": "orders.lookup"},
    ),
    (
        "Never run destructive statements (DELETE, DROP) with `sql.execute`.",
        "deny_action",
        "sql.execute",
        {"facet": "statements", "values": ["DELETE", "DROP"]},
    ),
    ("Do not call `files.delete`.", "deny_action", "files.delete", {}),
    (
        "Only query the tables `customers` and `orders`.",
        "resource_in_allowlist",
        None,
        {"facet": "tables", "allowed": ["customers", "orders"]},
    ),
    (
        "Objects uploaded with `aws.s3.PutObject` must use the `private` ACL.",
        "resource_in_allowlist",
        "aws.s3.PutObject",
        {"facet": "ACL", "allowed": ["private"]},
    ),
    ("Return at most 100 rows per query.", "arg_within_bound", None, {"facet": "rows", "max": 100}),
    (
        # read as "send at most five messages" is: each call sends one, so five calls (session
        # 31; before, "no more than" was read apart from "at most", as a `messages` facet)
        "Send no more than five messages with `chat.post`.",
        "max_calls",
        "chat.post",
        {"max": 5},
    ),
    (
        "Requests made with `web.fetch` must time out within 10 seconds.",
        "timeout_leq",
        "web.fetch",
        {"max_seconds": 10.0},
    ),
    (
        "Calls to `db.query` should time out after 500 ms.",
        "timeout_leq",
        "db.query",
        {"max_seconds": 0.5},
    ),
    (
        "Data labelled `pii` must never be sent to `analytics.track`.",
        "flow_denied",
        "analytics.track",
        {"label": "pii"},
    ),
    (
        "Every refund issued with `refund.issue` needs human approval.",
        "review_required",
        "refund.issue",
        {},
    ),
]


@pytest.mark.parametrize(("sentence", "operator", "target", "params"), CASES)
def test_sentence_patterns(
    tmp_path: Path, sentence: str, operator: str, target: str | None, params: dict[str, Any]
) -> None:
    path = tmp_path / "prompt.md"
    path.write_text(f"# Agent\n\n- {sentence}\n")
    rules = extract([load_artifact("prompt", path, "prompt.md")]).rules
    found = [r for r in rules if r.operator == operator]
    assert found, [(r.operator, r.params) for r in rules]
    rule = found[0]
    assert rule.target == target
    for key, value in params.items():
        got = rule.params[key]
        assert (sorted(got) if isinstance(got, list) else got) == (
            sorted(value) if isinstance(value, list) else value
        )
    assert rule.quote == sentence
    assert rule.span.start_line == 3
    assert rule.span.start_col == 3
    assert rule.grounding == ("exact" if target else "partial") or operator == "review_required"


@pytest.mark.parametrize(
    "sentence",
    [
        "You help users with their orders.",
        "Explain every number you report.",
        "The warehouse is refreshed nightly.",
    ],
)
def test_prose_without_rules_yields_nothing(tmp_path: Path, sentence: str) -> None:
    path = tmp_path / "prompt.md"
    path.write_text(f"{sentence}\n")
    assert extract([load_artifact("prompt", path, "prompt.md")]).rules == ()


def test_rule_like_prose_that_no_pattern_compiles_gets_a_note(tmp_path: Path) -> None:
    path = tmp_path / "prompt.md"
    path.write_text("You must be polite to every customer.\n")
    found = extract([load_artifact("prompt", path, "prompt.md")])
    assert found.rules == ()
    assert [d.code for d in found.diagnostics] == ["rule-not-compiled"]
    assert found.diagnostics[0].severity == "note"


SCHEMA = """{"tools": [{"name": "t", "description": "Fetch a page.", "inputSchema": {
  "type": "object",
  "properties": {"n": {"type": "integer", "maximum": 10}, "mode": {"enum": ["a", "b"]}},
  "required": ["n"],
  "additionalProperties": false}}]}"""


def test_schema_constraints_become_exact_contracts(tmp_path: Path) -> None:
    path = tmp_path / "tools.json"
    path.write_text(SCHEMA)
    rules = extract([load_artifact("tools", path, "tools.json")]).rules
    fragments = [r.params["schema"] for r in rules if r.operator == "schema_contract"]
    assert {"required": ["n"]} in fragments
    assert {"properties": {"n": {"maximum": 10}}} in fragments
    assert {"properties": {"mode": {"enum": ["a", "b"]}}} in fragments
    assert {"properties": {"n": {}, "mode": {}}, "additionalProperties": False} in fragments
    assert all(r.grounding == "exact" and r.target == "t" for r in rules)
    maximum = next(r for r in rules if r.params["schema"] == {"properties": {"n": {"maximum": 10}}})
    assert maximum.quote == '"maximum": 10'


CONFIG_CASES = [
    (
        "allowed_buckets: [a, b]",
        "resource_in_allowlist",
        {"facet": "buckets", "allowed": ["a", "b"]},
    ),
    ("blocked_hosts: [x]", "deny_action", {"facet": "hosts", "values": ["x"]}),
    ("max_rows: 100", "arg_within_bound", {"facet": "rows", "max": 100.0}),
    ("rows_limit: 5", "arg_within_bound", {"facet": "rows", "max": 5.0}),
    ("min_amount: 1", "arg_within_bound", {"facet": "amount", "min": 1.0}),
    ("timeout_ms: 2500", "timeout_leq", {"facet": "timeout", "max_seconds": 2.5}),
    ("require_before: auth.login", "require_before", {"before": "auth.login"}),
    ("enabled: false", "deny_action", {}),
]


@pytest.mark.parametrize(("setting", "operator", "params"), CONFIG_CASES)
def test_config_settings(
    tmp_path: Path, setting: str, operator: str, params: dict[str, Any]
) -> None:
    path = tmp_path / "config.yaml"
    path.write_text(f"tools:\n  my.tool:\n    {setting}\n    unrelated: 3\n")
    rules = extract([load_artifact("config", path, "config.yaml")]).rules
    assert [(r.operator, r.params, r.target) for r in rules] == [(operator, params, "my.tool")]
    assert rules[0].quote == setting
    assert (rules[0].span.start_line, rules[0].span.start_col) == (3, 5)

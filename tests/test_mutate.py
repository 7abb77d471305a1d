"""Per-operator mutators, table-driven: each case is a policy and a trace it allows; every
mutant the operator's mutators make from it must violate that policy."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event, ToolCall
from specgap.ir import Policy, Selector
from specgap.mutate import violated
from specgap.operators import OPERATORS
from specgap.operators.base import Mutant
from specgap.operators.rewrite import (
    outside,
    put_selected,
    set_path,
    sql_replace_table,
    sql_set_limit,
    sql_with_verb,
)
from tests.policy_helpers import call, policy, say

USER = say("user", "please")
SCHEMA = {
    "type": "object",
    "properties": {
        "a": {"type": "string", "minLength": 2, "pattern": "^ok"},
        "n": {"type": "integer", "minimum": 1, "maximum": 3},
        "mode": {"enum": ["r", "w"]},
    },
    "required": ["a"],
    "additionalProperties": False,
}
# operator, condition, safe events, mutator names expected, a text every mutant shows
CASES: list[tuple[str, dict[str, Any], list[Event], set[str], str]] = [
    (
        "schema_contract",
        {"schema": SCHEMA},
        [USER, call("t", {"a": "okay", "n": 2, "mode": "r"})],
        {"schema_contract/break-schema"},
        "",
    ),
    ("deny_action", {}, [USER, call("other")], {"deny_action/call-denied-tool"}, "forbidden"),
    (
        "deny_action",
        {"selector": {"arg": "q", "extract": "sql_verb"}, "values": ["DELETE", "DROP"]},
        [USER, call("t", {"q": "SELECT id FROM orders LIMIT 5"})],
        {"deny_action/swap-in-denied"},
        "denied",
    ),
    (
        "deny_action",
        {"selector": {"arg": "opts.mode"}, "values": ["rm"]},
        [call("t", {"opts": {"mode": "ls"}})],
        {"deny_action/swap-in-denied"},
        "`rm`",
    ),
    (
        "resource_in_allowlist",
        {"selector": {"arg": "bucket"}, "allowed": ["a", "b"]},
        [call("t", {"bucket": "a"})],
        {"resource_in_allowlist/outside-allowlist"},
        "a_unlisted",
    ),
    (
        "resource_in_allowlist",
        {"selector": {"arg": "q", "extract": "sql_tables"}, "allowed": ["orders", "users"]},
        [call("t", {"q": "SELECT * FROM orders o JOIN users u ON u.id = o.uid"})],
        {"resource_in_allowlist/outside-allowlist"},
        "outside the allowlist",
    ),
    (
        "arg_within_bound",
        {"selector": {"arg": "n"}, "min": 1, "max": 10},
        [call("t", {"n": 5})],
        {"arg_within_bound/exceed-max", "arg_within_bound/below-min"},
        "becomes",
    ),
    (
        "arg_within_bound",
        {"selector": {"arg": "q", "extract": "sql_limit"}, "max": 100},
        [call("t", {"q": "SELECT * FROM orders LIMIT 7;"})],
        {"arg_within_bound/exceed-max"},
        "101",
    ),
    (
        "timeout_leq",
        {"selector": {"arg": "timeout"}, "max_seconds": 10},
        [call("t", {"timeout": 5}, duration_ms=100)],
        {"timeout_leq/raise-timeout", "timeout_leq/slow-call"},
        "",
    ),
    (
        "flow_denied",
        {"label": "secret"},
        [call("src", result={"v": "token-123456"}), call("t", {"body": "hello"})],
        {"flow_denied/label-input", "flow_denied/route-labelled-output"},
        "secret",
    ),
    (
        "flow_denied",
        {"label": "secret"},
        [USER, call("t", {"body": "hi"})],
        {"flow_denied/label-input", "flow_denied/route-labelled-output"},
        "secret",
    ),
    (
        "require_before",
        {"before": "lookup"},
        [USER, call("lookup"), call("x"), call("t"), call("t")],
        {"require_before/drop-predecessor", "require_before/reorder"},
        "lookup",
    ),
    (
        "review_required",
        {},
        [call("t", labels_in=("reviewed", "other"))],
        {"review_required/skip-review"},
        "reviewed",
    ),
]


def _mutants(p: Policy, events: list[Event]) -> list[Mutant]:
    mutators = OPERATORS[p.operator].mutators
    return [m for mutate in mutators for m in mutate(p.condition, "t", events)]


@pytest.mark.parametrize(("operator", "condition", "events", "names", "shows"), CASES)
def test_every_mutant_violates_its_policy(
    operator: str, condition: dict[str, Any], events: list[Event], names: set[str], shows: str
) -> None:
    p = policy(operator, "t", **condition)
    alone = Engine([p])
    assert p.id not in violated(alone, events), "the safe trace must satisfy the policy"
    mutants = _mutants(p, events)
    assert {m.mutator for m in mutants} == names
    for m in mutants:
        assert p.id in violated(alone, m.events), m.description
        assert shows in m.description
        assert m.events != tuple(events)


def test_every_base_operator_declares_mutators() -> None:
    base = (
        "schema_contract",
        "deny_action",
        "require_before",
        "resource_in_allowlist",
        "arg_within_bound",
        "flow_denied",
        "timeout_leq",
        "review_required",
    )
    assert all(OPERATORS[name].mutators for name in base)


def test_schema_mutants_break_each_keyword_once() -> None:
    p = policy("schema_contract", "t", schema=SCHEMA)
    found = {m.description.split(": ", 1)[1] for m in _mutants(p, [call("t", {"a": "okay"})])}
    assert "drop required argument `a`" in found
    assert "add unexpected argument `specgap_unexpected`" in found
    assert "set `n` to 0 (beyond `minimum` 1)" in found
    assert "set `n` to 4 (beyond `maximum` 3)" in found
    assert 'set `a` to "x" (too short)' in found
    assert 'set `mode` to "r-mutant" (outside the enum)' in found


def test_mutators_leave_the_safe_trace_untouched() -> None:
    events = [call("lookup"), call("t", {"q": "SELECT 1 FROM a LIMIT 5"})]
    snapshot = [e.model_dump() for e in events]
    for operator, condition, *_ in CASES:
        _mutants(policy(operator, "t", **condition), events)
    assert [e.model_dump() for e in events] == snapshot


def test_route_labelled_output_marks_the_earlier_output() -> None:
    p = policy("flow_denied", "t", label="secret")
    events = [call("src", result={"v": "token-123456"}), call("t", {"body": "hello"})]
    routed = next(m for m in _mutants(p, events) if m.mutator.endswith("route-labelled-output"))
    source, sink = routed.events
    assert isinstance(source, ToolCall)
    assert isinstance(sink, ToolCall)
    assert source.labels_out == ("secret",)
    assert sink.args == {"body": "hello token-123456"}


def test_deny_without_selector_calls_the_tool_after_the_first_message() -> None:
    p = policy("deny_action", "t")
    (mutant,) = _mutants(p, [USER, call("other")])
    assert [getattr(e, "tool", None) for e in mutant.events] == [None, "t", "other"]


@pytest.mark.parametrize(
    ("sql", "table", "expected"),
    [
        (
            "SELECT * FROM orders o JOIN users u ON o.u = u.id",
            "x",
            "SELECT * FROM x AS o JOIN users AS u ON o.u = u.id",
        ),
        ("SELECT 'FROM secret' FROM orders", "x", "SELECT 'FROM secret' FROM x"),
        (
            "WITH d AS (SELECT day FROM orders) SELECT * FROM d JOIN orders ON d.day = orders.day",
            "x",
            "WITH d AS (SELECT day FROM x) SELECT * FROM d JOIN x ON d.day = x.day",
        ),
        ("SELECT 1", "x", None),
        ("SELECT 1 FROM", "x", None),  # unreadable: nothing to rewrite
    ],
)
def test_sql_replace_table(sql: str, table: str, expected: str | None) -> None:
    assert sql_replace_table(sql, table) == expected


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT 1 FROM a LIMIT 5", "SELECT 1 FROM a LIMIT 101"),
        ("SELECT 1 FROM a;", "SELECT 1 FROM a LIMIT 101"),
        ("SELECT 1 FROM a -- LIMIT 2", "SELECT 1 FROM a /* LIMIT 2 */ LIMIT 101"),
        (
            "SELECT 1 FROM a; SELECT 2 FROM b FETCH FIRST 3 ROWS ONLY",
            "SELECT 1 FROM a LIMIT 101;\nSELECT 2 FROM b LIMIT 101",
        ),
        ("SELECT TOP 3 * FROM a", None),  # not the generic dialect: unreadable
        ("DELETE FROM a", None),  # no query statement to bound
    ],
)
def test_sql_set_limit(sql: str, expected: str | None) -> None:
    assert sql_set_limit(sql, 101) == expected


def test_sql_set_limit_in_a_named_dialect() -> None:
    assert sql_set_limit("SELECT TOP 3 * FROM a", 101, "tsql") == "SELECT TOP 101 * FROM a"


@pytest.mark.parametrize(
    ("verb", "expected"),
    [("DELETE", "DELETE FROM orders"), ("DROP", "DROP TABLE orders"), ("MERGE", "MERGE orders")],
)
def test_sql_with_verb(verb: str, expected: str) -> None:
    assert sql_with_verb("SELECT id FROM orders WHERE x = 1", verb) == expected


@pytest.mark.parametrize(
    ("args", "path", "expected"),
    [
        ({"a": 1}, "b.c", {"a": 1, "b": {"c": 2}}),
        ({"a": [{"b": 1}, {"b": 3}, 7]}, "a.b", {"a": [{"b": 2}, {"b": 2}, 7]}),
        ({"a": "text"}, "a.b", {"a": {"b": 2}}),
    ],
)
def test_set_path(args: dict[str, Any], path: str, expected: dict[str, Any]) -> None:
    before = repr(args)
    assert set_path(args, path, 2) == expected
    assert repr(args) == before


def test_put_selected_without_the_argument_gives_none() -> None:
    selector = Selector(arg="q", extract="sql_tables")
    assert put_selected(selector, {"other": 1}, "x") is None


def test_outside_avoids_every_allowed_value() -> None:
    assert outside("a", ["a", "A_UNLISTED"]) == "a_unlisted2"
    assert outside(None, ["acme"]) == "acme_unlisted"

"""The eight base operators, table-driven: each case is a trace and the expected verdicts."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event
from tests.policy_helpers import call, policy, say

SQL = {"arg": "q", "extract": "sql_tables"}
CASES: list[tuple[str, dict[str, Any], list[Event], list[str]]] = [
    # operator + condition on target "t", events, verdict per event
    ("schema_contract", {"schema": {"required": ["a"]}}, [call("t", {"a": 1})], ["allow"]),
    ("schema_contract", {"schema": {"required": ["a"]}}, [call("t", {"b": 1})], ["deny"]),
    (
        "schema_contract",
        {"schema": {"properties": {"n": {"maximum": 3}}}},
        [call("t", {"n": 3}), call("t", {"n": 4})],
        ["allow", "deny"],
    ),
    ("deny_action", {}, [call("t"), call("other")], ["deny", "allow"]),
    (
        "deny_action",
        {"selector": {"arg": "q", "extract": "sql_verb"}, "values": ["DELETE", "DROP"]},
        [
            call("t", {"q": "SELECT * FROM a"}),
            call("t", {"q": "delete from a"}),
            call("t", {"q": "SELECT 'drop table x' FROM a"}),
            call("t", {"q": "SELECT 1; DROP TABLE a"}),
        ],
        ["allow", "deny", "allow", "deny"],
    ),
    (
        "require_before",
        {"before": "lookup"},
        [call("t"), call("lookup"), call("t")],
        ["deny", "allow", "allow"],
    ),
    (
        "resource_in_allowlist",
        {"selector": SQL, "allowed": ["orders", "customers"]},
        [
            call("t", {"q": "SELECT * FROM Orders o JOIN customers c ON 1=1"}),
            call("t", {"q": "WITH x AS (SELECT 1 FROM orders) SELECT * FROM x"}),
            call("t", {"q": "SELECT * FROM public.payments"}),
        ],
        ["allow", "allow", "deny"],
    ),
    (
        "resource_in_allowlist",
        {"selector": {"arg": "acl"}, "allowed": ["private"]},
        [call("t", {"acl": "private"}), call("t", {"acl": "public-read"}), call("t", {})],
        ["allow", "deny", "allow"],
    ),
    (
        "arg_within_bound",
        {"selector": {"arg": "q", "extract": "sql_limit"}, "max": 100},
        [call("t", {"q": "SELECT 1 LIMIT 100"}), call("t", {"q": "SELECT 1 LIMIT 101"})],
        ["allow", "deny"],
    ),
    (
        "arg_within_bound",
        {"selector": {"arg": "items.qty"}, "min": 1, "max": 3},
        [call("t", {"items": [{"qty": 1}, {"qty": 2}]}), call("t", {"items": [{"qty": 0}]})],
        ["allow", "deny"],
    ),
    (
        "timeout_leq",
        {"selector": {"arg": "timeout"}, "max_seconds": 10},
        [call("t", {"timeout": 5}), call("t", {"timeout": 11}), call("t", duration_ms=12000)],
        ["allow", "deny", "deny"],
    ),
    (
        "flow_denied",
        {"label": "secret"},
        [call("t", labels_in=("secret",)), call("t", labels_in=("public",))],
        ["deny", "allow"],
    ),
    (
        "flow_denied",
        {"label": "secret"},
        [
            call("scan", result={"key": "AKIA123456"}, labels_out=("secret",)),
            call("t", {"body": "hello"}),
            call("t", {"body": "the key is AKIA123456"}),
        ],
        ["allow", "allow", "deny"],
    ),
    (
        "flow_denied",
        {"label": "pii", "sources": ["crm.get"]},
        [
            call("crm.get", result={"email": "ada@example.com"}),
            call("t", {"to": "ada@example.com"}),
        ],
        ["allow", "deny"],
    ),
    (
        "review_required",
        {},
        [call("t"), call("t", labels_in=("reviewed",))],
        ["warn", "allow"],
    ),
]


@pytest.mark.parametrize(("operator", "condition", "events", "verdicts"), CASES)
def test_operator(
    operator: str, condition: dict[str, Any], events: list[Event], verdicts: list[str]
) -> None:
    engine = Engine([policy(operator, "t", **condition)])
    assert [d.verdict for d in engine.run(events)] == verdicts


def test_messages_are_always_allowed_and_hits_name_the_policy() -> None:
    p = policy("deny_action", "t")
    decisions = list(Engine([p]).run([say("user", "hi"), call("t")]))
    assert decisions[0].verdict == "allow"
    assert decisions[0].hits == ()
    assert decisions[1].hits[0].policy == p.id
    assert decisions[1].hits[0].source == "p.md:1:1"


@pytest.mark.parametrize(("enforcement", "verdict"), [("enforce", "deny"), ("review_only", "warn")])
def test_only_enforced_policies_block(enforcement: str, verdict: str) -> None:
    engine = Engine([policy("deny_action", "t", enforcement=enforcement)])
    assert [d.verdict for d in engine.run([call("t")])] == [verdict]


def test_glob_targets_apply_to_matching_tools() -> None:
    engine = Engine([policy("deny_action", "aws.s3.*")])
    verdicts = [d.verdict for d in engine.run([call("aws.s3.PutObject"), call("aws.ec2.Run")])]
    assert verdicts == ["deny", "allow"]

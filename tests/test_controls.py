"""Controls: every evaluator option, selectors, scope, stages and action precedence."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.controls.agentcontrol import parse_control
from specgap.controls.evaluate import prepare, select_data, steps
from specgap.events import Event
from tests.controls_helpers import call, control, decide, listed, policy, regex, said

KEY = "AKIAIOSFODNN7EXAMPLE"  # the documented example key id: fake, never a live credential


def _matches(evaluator: dict[str, Any], value: Any) -> bool:
    return prepare(control(evaluator)).evaluate(value) is not None


LIST_CASES = [
    # (evaluator, value, matches)
    (listed("admin", "root"), "admin", True),
    (listed("admin", "root"), "ADMIN", True),  # case-insensitive by default
    (listed("admin", "root"), "the admin", False),  # exact by default
    (listed("admin", "root"), None, False),  # nothing selected: the control does not apply
    (listed("admin", case_sensitive=True), "ADMIN", False),
    (listed("admin", case_sensitive=True), "admin", True),
    (listed("admin", match_mode="contains"), "open the admin panel", True),
    (listed("admin", match_mode="contains"), "an administrator", False),  # whole words only
    (listed("admin", match_mode="contains"), "line one\n\tadmin\n", True),
    (listed("C++", match_mode="contains"), "we ship C++ daily", True),
    (listed("admin", match_mode="starts_with"), "admin panel", True),
    (listed("admin", match_mode="starts_with"), "the admin", False),
    (listed("APPROVED", match_on="no_match"), "pending", True),
    (listed("APPROVED", match_on="no_match"), "approved", False),
    (listed("APPROVED", match_on="no_match"), None, False),
    (listed("admin", "root", logic="all"), ["admin", "root"], True),
    (listed("admin", "root", logic="all"), ["admin", "guest"], False),
    (listed("admin", "root", logic="any"), ["guest", "root"], True),
    (listed("admin", "root", logic="any"), [], False),
    (listed("a", "b", logic="all", match_on="no_match"), ["a", "zzz"], True),
    (listed("a", "b", logic="all", match_on="no_match"), ["a", "b"], False),
    (listed("5"), 5, True),  # numbers are read as text
    (listed("search", "lookup", match_on="no_match"), "execute_sql", True),
]


@pytest.mark.parametrize(("evaluator", "value", "expected"), LIST_CASES)
def test_list_evaluator_options(evaluator: dict[str, Any], value: Any, expected: bool) -> None:
    assert _matches(evaluator, value) is expected


REGEX_CASES = [
    (regex("AKIA[0-9A-Z]{16}"), f"key {KEY} here", True),
    (regex("AKIA[0-9A-Z]{16}"), KEY.lower(), False),
    (regex("AKIA[0-9A-Z]{16}", flags=["IGNORECASE"]), KEY.lower(), True),
    (regex("AKIA[0-9A-Z]{16}"), {"deep": {"key": KEY}}, True),  # objects are read as JSON
    (regex(r"\b\d{3}-\d{2}-\d{4}\b"), "ssn 078-05-1120.", True),
    (regex(r"\b\d{3}-\d{2}-\d{4}\b"), "order 1078-05-11201", False),
    (regex(r"^\d{5}$"), 12345, True),
    (regex("anything"), None, False),
    (regex('"role":"admin"'), {"role": "admin"}, True),  # compact JSON, sorted keys
]


@pytest.mark.parametrize(("evaluator", "value", "expected"), REGEX_CASES)
def test_regex_evaluator_options(evaluator: dict[str, Any], value: Any, expected: bool) -> None:
    assert _matches(evaluator, value) is expected


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"evaluator": regex("(a)\\1")}, "not an RE2 pattern"),  # backreference
        ({"evaluator": regex("(?=a)b")}, "not an RE2 pattern"),  # lookahead
        ({"evaluator": regex("x", flags=["MULTILINE"])}, "flags"),
        ({"evaluator": listed()}, "values"),
        ({"evaluator": listed(" ")}, "non-blank"),
        ({"evaluator": listed("a", logic="some")}, "logic"),
        ({"evaluator": listed("a", match_mode="fuzzy")}, "match_mode"),
        ({"evaluator": regex("x"), "selector": {"path": "body"}}, "not a step path"),
        ({"evaluator": regex("x"), "scope": {"stages": []}}, "non-empty"),
        ({"evaluator": regex("x"), "scope": {"step_types": ["agent"]}}, "step_types"),
        ({"evaluator": regex("x"), "scope": {"step_name_regex": "(x"}}, "not an RE2 pattern"),
        ({"evaluator": regex("x"), "tags": ["pii"]}, "unknown field `tags`"),
        ({"evaluator": regex("x"), "condition": {}}, "condition trees"),
    ],
)
def test_bad_controls_are_refused_with_the_reason(entry: dict[str, Any], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_control({"name": "c", "action": {"decision": "deny"}, **entry})


EVENT = call(
    "run_query",
    {"query": "SELECT 1", "nested": {"x": "y"}},
    '{"rows": 3}',
    tool="db.run_query",
    actor="u-42",
)


@pytest.mark.parametrize(
    ("path", "stage", "expected"),
    [
        ("input.query", "pre", "SELECT 1"),
        ("input.nested.x", "pre", "y"),
        ("input.missing", "pre", None),
        ("output.rows", "post", 3),  # JSON text results are read as JSON
        ("output", "pre", None),  # no output before the call runs
        ("name", "pre", "run_query"),
        ("type", "post", "tool"),
        ("context.user_id", "pre", "u-42"),
    ],
)
def test_selector_paths_read_the_step(path: str, stage: str, expected: Any) -> None:
    step = next(s for s in steps(EVENT) if s.stage == stage)
    assert select_data(step.payload(), path) == expected


def test_the_whole_step_selector_sees_input_and_output() -> None:
    post = next(s for s in steps(EVENT) if s.stage == "post")
    whole = select_data(post.payload(), "*")
    assert whole["input"]["query"] == "SELECT 1"
    assert whole["output"] == {"rows": 3}


SCOPE_CASES: list[tuple[dict[str, Any], Event, bool]] = [
    ({"step_types": ["tool"]}, call(args={"q": "bad"}), True),
    ({"step_types": ["llm"]}, call(args={"q": "bad"}), False),
    ({"step_types": ["llm"], "stages": ["post"]}, said("assistant", "bad"), True),
    ({"step_types": ["llm"], "stages": ["post"]}, said("user", "bad"), False),
    ({"step_types": ["llm"], "stages": ["pre"]}, said("user", "bad"), True),
    ({"step_types": ["tool"]}, said("system", "bad"), False),
    ({"step_names": ["db_*"]}, call("db_query", {"q": "bad"}), True),
    ({"step_names": ["db_*"]}, call("web_fetch", {"q": "bad"}), False),
    ({"step_names": ["db.*"]}, call("q", {"q": "bad"}, tool="db.q"), True),  # canonical id
    ({"step_name_regex": "^db_"}, call("db_query", {"q": "bad"}), True),
    ({"step_name_regex": "^db_"}, call("my_db_query", {"q": "bad"}), False),
    ({"stages": ["post"]}, call(args={"q": "ok"}, result="bad"), True),
    ({"stages": ["post"]}, call(args={"q": "bad"}), False),  # not run yet: no post stage
    ({"stages": ["pre"]}, call(args={"q": "ok"}, result="bad"), False),
    ({}, call(args={"q": "ok"}, result="bad"), True),  # no scope: every step and stage
]


@pytest.mark.parametrize(("scope", "event", "expected"), SCOPE_CASES)
def test_scope_picks_steps_and_stages(scope: dict[str, Any], event: Event, expected: bool) -> None:
    cond = control(listed("bad", match_mode="contains"), scope=scope)
    assert (prepare(cond).decide(event) is not None) is expected
    decision = decide([policy(cond)], event)
    assert decision.blocked is expected


def test_a_disabled_control_never_matches() -> None:
    cond = control(listed("bad"), enabled=False, selector=Q)
    assert not decide([policy(cond)], call(args={"q": "bad"})).hits
    enabled = control(listed("bad"), selector=Q)
    assert decide([policy(enabled)], call(args={"q": "bad"})).blocked


Q = {"path": "input.q"}
PRECEDENCE = [
    # (decisions of the matching controls, verdict, runtime action)
    (("deny",), "deny", "deny"),
    (("steer",), "deny", "steer"),
    (("warn",), "warn", "warn"),
    (("log",), "warn", "log"),
    (("allow",), "allow", "allow"),
    (("deny", "steer"), "deny", "deny"),
    (("steer", "warn", "log"), "deny", "steer"),
    (("warn", "log"), "warn", "warn"),
    (("deny", "allow"), "allow", "allow"),  # an explicit allow overrides
    (("allow", "steer", "warn"), "allow", "allow"),
]


@pytest.mark.parametrize(("decisions", "verdict", "action"), PRECEDENCE)
def test_action_precedence(decisions: tuple[str, ...], verdict: str, action: str) -> None:
    policies = [
        policy(control(listed("x"), d, name=f"c{n}", selector=Q)) for n, d in enumerate(decisions)
    ]
    decision = decide(policies, call(args={"q": "x"}))
    assert (decision.verdict, decision.action) == (verdict, action)
    assert len(decision.hits) == len(decisions)
    overridden = [h for h in decision.hits if "overridden by" in h.reason]
    assert len(overridden) == (len(decisions) - 1 if "allow" in decisions else 0)


def test_an_allow_control_does_not_override_a_mined_policy() -> None:
    from specgap.operators.deny_action import DenyAction

    mined = policy(control(listed("x"), selector=Q)).model_copy(
        update={
            "id": "t.deny_action.1",
            "operator": "deny_action",
            "target": "run_query",
            "condition": DenyAction(),
        }
    )
    allow = policy(control(listed("x"), "allow", name="ok", selector=Q))
    decision = decide([mined, allow], call(args={"q": "x"}))
    assert decision.blocked
    assert decision.action == "deny"


def test_an_allow_below_the_enforcement_level_overrides_nothing() -> None:
    deny = policy(control(listed("x"), name="no", selector=Q))
    allow = policy(control(listed("x"), "allow", name="ok", selector=Q), enforcement="review_only")
    assert decide([deny, allow], call(args={"q": "x"})).blocked


def test_a_steer_control_hands_back_its_guidance() -> None:
    cond = control(
        listed("CompetitorA", match_mode="contains"),
        "steer",
        action={"decision": "steer", "steering_context": {"message": "Name no competitor."}},
    )
    from specgap.operators.control import describe

    assert describe(cond) == "Name no competitor."
    decision = decide([policy(cond)], said("assistant", "Try CompetitorA instead."))
    assert decision.action == "steer"
    assert decision.blocked

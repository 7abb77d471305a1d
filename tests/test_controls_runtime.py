"""Controls at run time and in evaluation: the post stage (tool results, LLM answers) in
the Guard, `specgap check` and `specgap eval`, and the control mutators."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.controls.mutators import mutate
from specgap.evaluate.engine import Engine
from specgap.guard import Guard
from specgap.ir import AgentBundle, Extraction, ToolSummary
from tests.cli_helpers import specgap
from tests.conftest import ROOT
from tests.controls_helpers import call, control, listed, policy, regex, said

KEY = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id: fake
UNSAFE = "fixtures/cloud/traces/unsafe/aws_key_in_result.json"

NO_KEYS_IN_RESULTS = control(
    regex("AKIA[0-9A-Z]{16}"),
    name="no-keys",
    scope={"step_types": ["tool"], "stages": ["post"]},
    selector={"path": "output"},
)
NO_SSN_IN_ANSWERS = control(
    regex(r"\b\d{3}-\d{2}-\d{4}\b"),
    name="no-ssn",
    scope={"step_types": ["llm"], "stages": ["post"]},
    selector={"path": "output"},
)


def _agent(*controls: Any) -> AgentBundle:
    return AgentBundle(
        id="t",
        artifacts=(),
        tools=(ToolSummary(id="fetch", names=("fetch",), effects=()),),
        policies=tuple(policy(c) for c in controls),
        candidates=(),
        resolutions=(),
        extraction=Extraction(mode="deterministic"),
    )


def _guard(*controls: Any) -> Guard:
    return Guard(_agent(*controls))


def test_the_guard_checks_a_tool_result_when_it_is_recorded() -> None:
    guard = _guard(NO_KEYS_IN_RESULTS)
    assert guard.check(call("fetch", {"url": "https://a.example"})).action == "allow"
    decision = guard.record(f"the key is {KEY}")
    assert decision.blocked
    assert decision.action == "deny"
    assert [h.policy for h in decision.hits] == ["t.control.no-keys"]
    assert KEY not in decision.hits[0].reason  # the secret is never echoed in a reason
    reply = decision.to_openai_message()["content"]
    assert reply.startswith("The result of `fetch` was withheld.")
    assert KEY not in reply
    assert guard.check(call("fetch", {"url": "https://b.example"})).action == "allow"
    assert not guard.record("nothing to see").blocked


def test_the_guard_checks_the_answer_of_the_llm() -> None:
    guard = _guard(NO_SSN_IN_ANSWERS)
    assert not guard.check(said("user", "my ssn is 078-05-1120, keep it safe")).blocked
    blocked = guard.check(said("assistant", "Your number 078-05-1120 is on file."))
    assert blocked.blocked
    assert blocked.feedback().startswith("The message was withheld.")
    assert not guard.check(said("assistant", "It is on file.")).blocked


def test_a_shadow_guard_reports_the_post_stage_without_acting() -> None:
    guard = Guard(_agent(NO_KEYS_IN_RESULTS), shadow=True)
    guard.check(call("fetch"))
    decision = guard.record(KEY)
    assert decision.verdict == "deny"
    assert decision.action == "observe"


def test_check_blocks_the_reference_trace_with_a_key_in_a_tool_result() -> None:
    run = specgap(
        "check",
        "--policy",
        str(ROOT / "policy/policy.json"),
        "--agent",
        "cloud",
        str(ROOT / UNSAFE),
    )
    assert run.code == 1, run.stderr
    decisions = [json.loads(line) for line in run.stdout.splitlines()]
    denied = [d for d in decisions if d["verdict"] == "deny"]
    assert [d["name"] for d in denied] == ["fetch"]
    assert "no-aws-keys-in-tool-results" in denied[0]["hits"][0]["reason"]


def test_eval_reports_the_trace_killed_by_the_control() -> None:
    run = specgap("eval", "--format", "json", "--agent", "cloud", cwd=ROOT)
    assert run.code == 0, run.stderr
    data = json.loads(run.stdout)
    cloud = data["agents"]["cloud"]
    traces = {t["path"]: t for t in cloud["traces"]}
    killed = traces[UNSAFE]["killed_by"]
    assert len(killed) == 1
    assert killed[0].startswith("cloud.control.")
    rules = {r["key"]: r for r in cloud["rules"]}
    assert rules[killed[0]]["title"].lower().startswith("tool results must not carry")
    assert rules[killed[0]]["mutants"]["killed"] >= 1


MUTATION_CASES = [
    NO_KEYS_IN_RESULTS,
    NO_SSN_IN_ANSWERS,
    control(regex("secret", flags=["IGNORECASE"]), selector={"path": "input.body"}),
    control(
        listed("CompetitorA", "CompetitorB", match_mode="contains"), selector={"path": "output"}
    ),
    control(listed("drop", "truncate"), selector={"path": "input.verb"}),
    control(
        listed("acme", match_mode="starts_with", case_sensitive=True),
        selector={"path": "input.body"},
    ),
    control(
        listed("search", "lookup", match_on="no_match"),
        scope={"step_types": ["tool"]},  # unscoped, it would also refuse the `llm` steps
        selector={"path": "name"},
    ),
    control(listed("root"), selector={"path": "context.user_id"}),
    control(
        regex("DROP", flags=["IGNORECASE"]),
        scope={"step_types": ["llm"], "stages": ["pre"]},
        selector={"path": "input"},
    ),
]
SAFE = (
    said("user", "Summarise the page for me."),
    call("search", {"body": "status", "verb": "select"}, {"page": "ok"}, actor="ada"),
    said("assistant", "All fine."),
)


@pytest.mark.parametrize(
    "cond",
    MUTATION_CASES,
    ids=lambda c: c.evaluator.name + ":" + (c.selector.path if c.selector else "*"),
)
def test_every_mutant_breaks_its_control_and_the_safe_trace_does_not(cond: Any) -> None:
    engine = Engine([policy(cond)])
    assert not any(d.hits for d in engine.run(SAFE))
    made = list(mutate(cond, SAFE))
    assert made, "no mutant for this control"
    for name, description, events in made:
        assert name == f"control/{cond.evaluator.name}"
        assert any(d.blocked for d in engine.run(events)), description


def test_list_mutants_cover_each_value_and_its_case_and_whitespace_variants() -> None:
    cond = control(
        listed("CompetitorA", "CompetitorB", match_mode="contains"), selector={"path": "output"}
    )
    descriptions = [d for _, d, _ in mutate(cond, SAFE)]
    for value in ("CompetitorA", "CompetitorB"):
        assert any(f"`{value}` inside a sentence" in d for d in descriptions)
        assert any(f"`{value}` between tabs and newlines" in d for d in descriptions)
        assert any(f"`{value}` in upper case" in d for d in descriptions)


def test_an_allow_control_has_no_mutants() -> None:
    cond = control(listed("search"), "allow", selector={"path": "name"})
    assert list(mutate(cond, SAFE)) == []


def test_a_control_stated_in_a_controls_file_is_built_and_enforced(project_dir: Path) -> None:
    (project_dir / "fixtures/sql/controls.json").write_text(
        json.dumps(
            [
                {
                    "name": "no-drop",
                    "scope": {"step_types": ["tool"]},
                    "selector": {"path": "input.query"},
                    "evaluator": {
                        "name": "regex",
                        "config": {"pattern": "\\bDROP\\b", "flags": ["IGNORECASE"]},
                    },
                    "action": {"decision": "deny"},
                }
            ],
            indent=2,
        )
    )
    toml = project_dir / "specgap.toml"
    toml.write_text(
        toml.read_text().replace(
            'registry = ["registries/sql.yaml"]',
            'registry = ["registries/sql.yaml"]\ncontrols = ["fixtures/sql/controls.json"]',
            1,
        )
    )
    assert specgap("build", cwd=project_dir).code == 0
    bundle = json.loads((project_dir / "policy/policy.json").read_text())
    sql = next(a for a in bundle["agents"] if a["id"] == "sql")
    found = [p for p in sql["policies"] if p["operator"] == "control"]
    assert len(found) == 1
    assert found[0]["enforcement"] == "enforce"
    assert found[0]["source"]["span"]["path"] == "fixtures/sql/controls.json"
    assert found[0]["source"]["span"]["start_line"] == 2
    run = specgap("eval", "--format", "json", "--agent", "sql", cwd=project_dir)
    assert run.code == 0, run.stderr
    rule = next(
        r for r in json.loads(run.stdout)["agents"]["sql"]["rules"] if r["key"] == found[0]["id"]
    )
    assert rule["mutants"]["killed"] >= 1


def test_a_bad_control_in_config_is_located(project_dir: Path) -> None:
    config = project_dir / "fixtures/cloud/config.yaml"
    config.write_text(config.read_text().replace('"AKIA[0-9A-Z]{16}"', '"AKIA(?=x)"'))
    run = specgap("build", cwd=project_dir)
    assert run.code != 0
    assert "fixtures/cloud/config.yaml:9:" in run.stderr
    assert "not an RE2 pattern" in run.stderr


def test_watch_follows_an_agents_controls_file(project_dir: Path) -> None:
    from specgap.config import load_project
    from specgap.watchset import watch_set

    toml = project_dir / "specgap.toml"
    toml.write_text(
        toml.read_text().replace(
            'registry = ["registries/sql.yaml"]',
            'registry = ["registries/sql.yaml"]\ncontrols = ["fixtures/sql/controls.json"]',
            1,
        )
    )
    watched = watch_set(toml, load_project(toml))
    controls = (project_dir / "fixtures/sql/controls.json").resolve()
    assert watched.wants(None, str(controls))

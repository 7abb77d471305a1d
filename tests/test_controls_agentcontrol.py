"""Agent Control JSON -> specgap -> Agent Control JSON, and exported policies deciding as
specgap does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.controls.agentcontrol import export_agent, parse_control, to_agent_control
from specgap.controls.model import Control
from specgap.evaluate.engine import Engine
from specgap.events import ToolCall
from specgap.guard import load_policy
from specgap.ir import Policy
from tests.cli_helpers import LOCATED, specgap
from tests.conftest import ROOT
from tests.controls_helpers import policy

CONTROLS: list[dict[str, Any]] = [
    {
        "name": "block-ssn-in-output",
        "execution": "server",
        "scope": {"step_types": ["llm"], "stages": ["post"]},
        "selector": {"path": "output"},
        "evaluator": {"name": "regex", "config": {"pattern": "\\b\\d{3}-\\d{2}-\\d{4}\\b"}},
        "action": {"decision": "deny"},
    },
    {
        "name": "card-numbers",
        "description": "no card numbers in tool input",
        "enabled": True,
        "scope": {"step_types": ["tool"], "step_names": ["pay_*", "refund"], "stages": ["pre"]},
        "selector": {"path": "input.note"},
        "evaluator": {
            "name": "regex",
            "config": {"pattern": "card.*\\d{4}[- ]?\\d{4}", "flags": ["IGNORECASE"]},
        },
        "action": {"decision": "steer", "steering_context": {"message": "Leave card numbers out."}},
    },
    {
        "name": "db-tools-admin",
        "execution": "sdk",
        "scope": {"step_name_regex": "^db_.*"},
        "selector": {"path": "input.query"},
        "evaluator": {
            "name": "list",
            "config": {
                "values": ["admin", "root", "sudo"],
                "logic": "any",
                "match_on": "match",
                "match_mode": "contains",
                "case_sensitive": False,
            },
        },
        "action": {"decision": "warn"},
    },
    {
        "name": "approved-only",
        "enabled": False,
        "selector": {"path": "context.user_id"},
        "evaluator": {
            "name": "list",
            "config": {"values": ["ada", "grace"], "logic": "all", "match_on": "no_match"},
        },
        "action": {"decision": "log"},
    },
    {
        "name": "known-tools",
        "scope": {"step_types": ["tool"]},
        "selector": {"path": "name"},
        "evaluator": {
            "name": "list",
            "config": {"values": ["search"], "match_mode": "exact", "case_sensitive": True},
        },
        "action": {"decision": "allow"},
    },
    {
        "name": "whole-step",
        "selector": {"path": "*"},
        "evaluator": {"name": "list", "config": {"values": ["Acme"], "match_mode": "starts_with"}},
        "action": {"decision": "deny"},
    },
    {
        "name": "bare",
        "evaluator": {"name": "regex", "config": {"pattern": "x"}},
        "action": {"decision": "deny"},
    },
]


@pytest.mark.parametrize("data", CONTROLS, ids=[c["name"] for c in CONTROLS])
def test_a_control_reads_and_writes_back_unchanged(data: dict[str, Any]) -> None:
    control = parse_control(data)
    assert to_agent_control(control) == data
    assert parse_control(to_agent_control(control)) == control


def _with_controls_file(root: Path, controls: list[dict[str, Any]]) -> Path:
    path = root / "fixtures/cloud/ac-controls.json"
    path.write_text(json.dumps(controls, indent=2))
    toml = root / "specgap.toml"
    text = toml.read_text().replace(
        'registry = ["registries/cloud.yaml"]',
        'registry = ["registries/cloud.yaml"]\ncontrols = ["fixtures/cloud/ac-controls.json"]',
    )
    toml.write_text(text)
    return path


def test_round_trip_through_import_build_and_export_is_lossless(project_dir: Path) -> None:
    source = project_dir / "ac-in.json"
    source.write_text(json.dumps(CONTROLS))
    imported = project_dir / "imported.json"
    run = specgap("controls", "import", str(source), "--output", str(imported))
    assert run.code == 0, run.stderr
    assert json.loads(imported.read_text()) == CONTROLS
    _with_controls_file(project_dir, json.loads(imported.read_text()))
    assert specgap("build", cwd=project_dir).code == 0
    out = project_dir / "exported.json"
    run = specgap(
        "controls", "export", "--agent", "cloud",
        "--policy", str(project_dir / "policy/policy.json"), "--output", str(out),
    )  # fmt: skip
    assert run.code == 0, run.stderr
    exported = json.loads(out.read_text())
    names = {c["name"] for c in CONTROLS}
    assert [c for c in exported if c["name"] in names] == CONTROLS
    # the policy's own control and the allowlists mined from prose and config come along
    assert {c["name"] for c in exported} - names


def test_import_refuses_bad_controls_with_located_diagnostics(tmp_path: Path) -> None:
    bad = [
        dict(CONTROLS[0], evaluator={"name": "regex", "config": {"pattern": "(a)\\1"}}),
        CONTROLS[1],
        dict(CONTROLS[2], action={"decision": "block"}),
    ]
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(bad, indent=2))
    out = tmp_path / "out.json"
    run = specgap("controls", "import", str(source), "--output", str(out))
    assert run.code == 2
    found = LOCATED.findall(run.stderr)
    assert [(code, line) for _, line, _, code in found] == [
        ("invalid-rule", "19"),  # the pattern
        ("invalid-rule", "85"),  # the decision
    ]
    assert "help:" in run.stderr
    assert not out.exists()


def test_import_refuses_a_document_without_controls(tmp_path: Path) -> None:
    source = tmp_path / "x.json"
    source.write_text('{"rules": []}')
    run = specgap("controls", "import", str(source))
    assert run.code == 2
    assert "invalid-rule" in run.stderr
    assert "expected a control" in run.stderr


BUCKETS = ("acme-reports", "ACME-Reports", "acme-exports", "rogue-bucket", "", "acme-reports-x")
ACLS = ("private", "public-read", "PRIVATE")


def _calls() -> list[ToolCall]:
    out = []
    for bucket in BUCKETS:
        for acl in ACLS:
            args = {"Bucket": bucket, "Key": "r.csv", "Body": "x", "ACL": acl}
            for name in ("put_object", "aws.s3.PutObject"):
                out.append(ToolCall(name=name, tool="aws.s3.PutObject", args=args))
    out.append(ToolCall(name="put_object", tool="aws.s3.PutObject", args={"Key": "r.csv"}))
    return out


def test_exported_policies_decide_as_the_guard_does() -> None:
    bundle = load_policy(ROOT / "policy/policy.json")
    compared = 0
    for agent in bundle.agents:
        exported = export_agent(agent)
        by_name = {c["name"]: parse_control(json.loads(json.dumps(c))) for c in exported.controls}
        for original in agent.policies:
            control = by_name.get(original.id)
            if control is None:
                continue
            mine, theirs = Engine([original]), Engine([policy(control)])
            for event in _calls():
                a = mine.evaluate(0, event, mine.new_state())
                b = theirs.evaluate(0, event, theirs.new_state())
                assert (a.blocked, a.action) == (b.blocked, b.action), (original.id, event.args)
                compared += 1
    assert compared >= 2 * len(_calls())  # the bucket and the ACL allowlists at least


def _optional(key: str, values: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(st.just({}), values.map(lambda v: {key: v}))


def _merged(*parts: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.tuples(*parts).map(lambda ds: {k: v for d in ds for k, v in d.items()})


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)
_WORD = st.from_regex(r"[a-z][a-z0-9_*]{0,8}", fullmatch=True)
_SCOPE = _merged(
    _optional("step_types", st.lists(st.sampled_from(["tool", "llm"]), min_size=1, max_size=2)),
    _optional("step_names", st.lists(_WORD, min_size=1, max_size=3)),
    _optional("step_name_regex", st.sampled_from(["^db_", "query$", "(?i)sql"])),
    _optional("stages", st.lists(st.sampled_from(["pre", "post"]), min_size=1, max_size=2)),
)
_REGEX = _merged(
    st.sampled_from([r"\d{3}-\d{2}", "AKIA[0-9A-Z]{16}", "(?:a|b)+c", "secret"]).map(
        lambda p: {"pattern": p}
    ),
    _optional("flags", st.just(["IGNORECASE"])),
)
_LIST = _merged(
    st.lists(_TEXT.filter(str.strip), min_size=1, max_size=4).map(lambda v: {"values": v}),
    _optional("logic", st.sampled_from(["any", "all"])),
    _optional("match_on", st.sampled_from(["match", "no_match"])),
    _optional("match_mode", st.sampled_from(["exact", "contains", "starts_with"])),
    _optional("case_sensitive", st.booleans()),
)
_ACTION = st.one_of(
    st.sampled_from(["deny", "allow", "warn", "log", "steer"]).map(lambda d: {"decision": d}),
    _TEXT.map(lambda m: {"decision": "steer", "steering_context": {"message": m}}),
)
CONTROL_JSON = _merged(
    _TEXT.map(lambda n: {"name": n}),
    _optional("description", _TEXT),
    _optional("enabled", st.booleans()),
    _optional("execution", st.sampled_from(["server", "sdk"])),
    _optional("scope", _SCOPE),
    _optional(
        "selector",
        st.sampled_from(["*", "input", "input.query", "output", "name", "context.user_id"]).map(
            lambda p: {"path": p}
        ),
    ),
    st.one_of(
        _REGEX.map(lambda c: {"evaluator": {"name": "regex", "config": c}}),
        _LIST.map(lambda c: {"evaluator": {"name": "list", "config": c}}),
    ),
    _ACTION.map(lambda a: {"action": a}),
)


@settings(max_examples=40)
@given(data=CONTROL_JSON)
def test_any_control_survives_the_round_trip_through_the_bundle(data: dict[str, Any]) -> None:
    control = parse_control(data)
    stored = Policy.model_validate_json(policy(control).model_dump_json(by_alias=True))
    assert isinstance(stored.condition, Control)
    assert to_agent_control(stored.condition) == data

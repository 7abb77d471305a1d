"""What a real model's answers broke, replayed through the scripted server (issue 17).

Each recording under `tests/data/llm/` is an answer a real model gave (or the answer the
issue reports), played back by `tests/fake_ollama.replaying` for the data it answered.
"""

from __future__ import annotations

import glob
from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.api import load_bundle
from specgap.extract.llm import MAX_NUM_PREDICT, LlmSettings, answer_tokens
from specgap.ir import Bundle
from tests.cli_helpers import specgap
from tests.fake_ollama import (
    SQL_RULES,
    FakeOllama,
    Reply,
    data_of,
    fresh,
    model_answering,
    replaying,
)
from tests.grounding_helpers import assert_whole_outputs

CLOUD_TIMEOUT = {
    "target": "web.fetch",
    "quote": "Requests made with `web.fetch` must time out within 10 seconds.",
    "operator": "timeout_leq",
    "params": {"facet": "timeout", "max_seconds": 10},
}


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOllama]:
    fake = FakeOllama().start()
    yield fake
    fake.stop()


@pytest.fixture
def fake(server: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> FakeOllama:
    return fresh(server, monkeypatch)


def _bundle(root: Path) -> Bundle:
    return load_bundle(root / "policy" / "policy.json", "policy/policy.json")


def _safe_traces_pass(root: Path) -> None:
    """`specgap check` blocks no hand-labelled safe trace of any reference agent."""
    for agent in ("sql", "cloud"):
        traces = sorted(glob.glob(str(root / "fixtures" / agent / "traces" / "safe" / "*.json")))
        assert traces
        run = specgap("check", "--agent", agent, "--format", "table", *traces, cwd=root)
        assert run.code == 0, run.stdout + run.stderr


@pytest.mark.parametrize("mode", ["llm", "auto", "ensemble"])
def test_a_tool_required_before_itself_is_not_enforced(
    mode: str, fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("self-loop")
    run = specgap("build", "--extractor", mode, cwd=project_dir)
    assert "fixtures/sql/prompt.md:13:3: senseless-rule: " in run.stderr, run.stderr
    assert "`sql.schema_lookup` to be called before `sql.schema_lookup`" in run.stderr
    sql = _bundle(project_dir).agent("sql")
    assert sql is not None
    loops = [
        p
        for p in sql.policies
        if p.operator == "require_before" and p.condition.before == p.target  # type: ignore[union-attr]
    ]
    assert loops
    assert all(p.enforcement == "review_only" for p in loops)
    _safe_traces_pass(project_dir)


def test_every_rule_variant_asks_for_its_target_first() -> None:
    from specgap.extract.answer import vocabulary

    schema = vocabulary().schema
    variants = [d for name, d in schema["$defs"].items() if name.endswith("Rule")]
    assert len(variants) > 5
    for variant in variants:
        assert next(iter(variant["properties"])) == "target"
        assert "target" in variant["required"]
        assert variant["properties"]["target"]["minLength"] == 1
    assert '"*" when the rule names no tool' in vocabulary().system


def test_an_answer_without_a_target_is_refused_not_guessed(
    fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("no-target")
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert "fixtures/sql/prompt.md:1:1: llm-schema-violation: " in run.stderr
    assert "target" in run.stderr
    auto = specgap("build", "--extractor", "auto", cwd=project_dir)
    assert ": llm-fallback: " in auto.stderr
    _safe_traces_pass(project_dir)


def test_a_rule_about_no_named_tool_is_about_the_other_tool_it_quotes(
    fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("any-target")
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    sql = _bundle(project_dir).agent("sql")
    assert sql is not None
    (ordering,) = [p for p in sql.policies if p.operator == "require_before"]
    assert (ordering.target, ordering.condition.before) == ("sql.execute", "sql.schema_lookup")  # type: ignore[union-attr]
    assert ordering.enforcement == "enforce"
    assert "senseless-rule" not in run.stderr
    _safe_traces_pass(project_dir)


def test_raw_control_characters_inside_strings_are_tolerated(
    fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("control-chars")
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    sql = _bundle(project_dir).agent("sql")
    assert sql is not None
    (rule,) = [r for r in sql.candidates if r.operator == "require_before"]
    assert rule.extractor == "llm:qwen3:8b"
    assert rule.grounding == "exact"
    assert rule.quote.startswith("Always call `sql.schema_lookup` before `sql.execute`, so")


def test_a_truncated_answer_is_reported_as_truncated(fake: FakeOllama, project_dir: Path) -> None:
    fake.reply = replaying("truncated")
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert "fixtures/sql/prompt.md:1:1: llm-truncated: the model's answer was cut off" in run.stderr
    assert "not JSON" not in run.stderr
    (asked,) = [r for r in fake.requests if "Sales analytics" in r["messages"][1]["content"]]
    assert asked["options"]["num_predict"] == answer_tokens(data_of(asked))


def test_requests_are_cut_by_the_answer_they_need(fake: FakeOllama, project_dir: Path) -> None:
    """A long prompt is cut so that each excerpt's expected answer fits the answer budget,
    and each request asks for as many answer tokens as its excerpt needs."""
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    sections = "".join(
        f"\n## Area {n}\n\nFor area {n}, keep every report short and cite its query. "
        + "Explain the numbers.\n" * 12
        for n in range(40)
    )
    prompt.write_text(prompt.read_text() + sections)
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    limit = LlmSettings().chunk_budget()
    asked = [r for r in fake.requests if "area " in data_of(r)]
    assert len(asked) > 1
    for request in asked:
        data = data_of(request)
        assert len(data) <= limit
        assert request["options"]["num_predict"] == answer_tokens(data) <= MAX_NUM_PREDICT


@pytest.mark.parametrize("mode", ["auto", "ensemble"])
@pytest.mark.parametrize("recording", ["truncated", "no-target"])
def test_offline_check_passes_after_an_online_build_with_fallbacks(
    mode: str, recording: str, fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying(recording, otherwise=model_answering([CLOUD_TIMEOUT]))
    online = specgap("build", "--extractor", mode, cwd=project_dir)
    assert online.code == 0, online.stderr
    assert "fixtures/sql/prompt.md:1:1: llm-fallback: " in online.stderr
    reason = "llm-truncated" if recording == "truncated" else "llm-schema-violation"
    assert f"fixtures/sql/prompt.md:1:1: {reason}: " in online.stderr  # why, shown online
    asked = len(fake.requests)
    check = specgap("build", "--offline", "--check", "--extractor", mode, cwd=project_dir)
    assert check.code == 0, check.stderr
    assert "is up to date" in check.stdout
    assert "fixtures/sql/prompt.md:1:1: lock-miss: " in check.stderr  # why, shown offline
    assert len(fake.requests) == asked
    recorded = [d for d in _bundle(project_dir).diagnostics if d.code == "llm-fallback"]
    assert [d.path for d in recorded] == ["fixtures/sql/prompt.md"]


def test_eval_builds_with_the_extractor_it_is_given_and_shows_fallbacks(
    fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("truncated")
    run = specgap("eval", "--extractor", "auto", "--format", "json", cwd=project_dir)
    assert run.code == 1, run.stderr  # the model's weaker policy is what was scored
    assert "unsafe traces are allowed" in run.stderr
    assert "fixtures/sql/prompt.md:1:1: llm-fallback: " in run.stderr
    assert "fixtures/sql/prompt.md:1:1: llm-truncated: " in run.stderr
    assert len(fake.requests) == 4  # the policy scored was built in `auto`, asking the model
    offline = specgap("eval", "--extractor", "llm", "--offline", cwd=project_dir)
    assert offline.code == 2
    assert ": lock-miss: " in offline.stderr
    assert len(fake.requests) == 4
    plain = specgap("eval", cwd=project_dir)
    assert plain.code == 0, plain.stderr
    assert plain.stderr == ""  # the project's own mode (deterministic) asks no model
    assert len(fake.requests) == 4


@pytest.mark.parametrize(("mode", "code"), [("llm", 1), ("auto", 1), ("ensemble", 0)])
def test_a_model_that_contributes_nothing_is_a_finding(
    mode: str, code: int, fake: FakeOllama, project_dir: Path
) -> None:
    """gemma3-270m copied the prompt's worked example: grounding drops every rule, and the
    build says so instead of passing with the weaker policy."""
    fake.reply = replaying("example-copied")
    run = specgap("build", "--extractor", mode, cwd=project_dir)
    assert run.code == code, run.stderr
    assert run.stderr.count(": hallucinated-quote: ") == 2
    assert (
        "fixtures/sql/prompt.md:1:1: llm-no-rules: `qwen3:8b` contributed no rule to this "
        "agent (grounding dropped all 2 of its rules), though the patterns find"
    ) in run.stderr
    assert "fixtures/cloud/prompt.md:1:1: llm-no-rules: " in run.stderr
    assert ("the model contributed no rule" in run.stderr) == (code == 1)
    check = specgap("build", "--offline", "--check", "--extractor", mode, cwd=project_dir)
    assert check.code == code
    assert "is up to date" in check.stdout


def _example_rules() -> list[dict[str, object]]:
    import json

    from specgap.extract.answer import vocabulary

    system = vocabulary().system
    answer = system[system.index("Answer:\n") + len("Answer:\n") :].splitlines()[0]
    rules: list[dict[str, object]] = json.loads(answer)["rules"]
    return rules


def test_the_worked_example_comes_from_a_domain_no_project_has() -> None:
    """Its quotes and tools occur in no reference artifact and nowhere in the corpus, so a
    model that copies it (as gemma3-270m did) can never ground the copy."""
    from tests.conftest import CORPUS, ROOT

    rules = _example_rules()
    assert len(rules) >= 2
    needles = {str(r["quote"]) for r in rules} | {str(r["target"]) for r in rules} - {"*"}
    corpus = CORPUS if CORPUS.is_dir() else Path("/work/shared/corpus")  # from a worktree too
    files = [p for p in (ROOT / "fixtures").rglob("*") if p.is_file()]
    files += [p for p in (ROOT / "registries").rglob("*") if p.is_file()]
    if corpus.is_dir():
        files += [p for p in corpus.rglob("*") if p.suffix in {".md", ".json", ".yaml", ".txt"}]
    for path in files:
        text = path.read_text("utf-8", errors="replace")
        assert not [n for n in needles if n in text], path
    assert "inventory.check" not in str(rules)  # the old example, which the model copied


def test_a_copied_example_is_dropped_whatever_the_example(
    fake: FakeOllama, project_dir: Path
) -> None:
    import json

    copy = json.dumps({"rules": _example_rules()})
    fake.reply = lambda request: Reply(copy)
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 1
    assert run.stderr.count(": hallucinated-quote: ") == 2 * 4  # both rules, all 4 artifacts
    for agent in _bundle(project_dir).agents:
        assert "dome" not in json.dumps([agent.model_dump(mode="json")["candidates"]])
        assert "dome" not in json.dumps([agent.model_dump(mode="json")["policies"]])


def test_in_llm_mode_one_failed_artifact_keeps_the_others_answers(
    fake: FakeOllama, project_dir: Path
) -> None:
    policy = project_dir / "policy" / "policy.json"
    before = policy.read_bytes()
    fake.reply = replaying("truncated", otherwise=model_answering([CLOUD_TIMEOUT]))
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert "fixtures/sql/prompt.md:1:1: llm-truncated: " in run.stderr
    assert "or `--extractor auto` to read the artifact with the patterns instead" in run.stderr
    assert "kept 3 good answers of `qwen3:8b` in policy/extraction.lock.json" in run.stdout
    assert policy.read_bytes() == before  # the policy is never half written
    assert_whole_outputs(project_dir)
    asked = len(fake.requests)
    fake.reply = model_answering([CLOUD_TIMEOUT])
    again = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert again.code == 0, again.stderr
    assert len(fake.requests) == asked + 1  # only the artifact that failed is asked again
    assert "4 entries (3 from the lock, 1 new" in again.stdout


def test_a_failed_check_writes_nothing(fake: FakeOllama, project_dir: Path) -> None:
    fake.reply = replaying("truncated", otherwise=model_answering([CLOUD_TIMEOUT]))
    run = specgap("build", "--check", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert "kept" not in run.stdout
    assert not (project_dir / "policy" / "extraction.lock.json").exists()


@pytest.mark.parametrize(
    ("content", "shown"),
    [
        ('{"rules": [{"target": "x", "quote": "Ret', "unterminated string starting at: line 1"),
        ("Sure, here are the rules", "expecting value: line 1, column 1"),
    ],
)
def test_invalid_json_is_described_once_and_auto_is_not_advised_in_auto(
    content: str, shown: str, fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = lambda request: Reply(content)
    run = specgap("build", "--extractor", "auto", cwd=project_dir)
    assert f"llm-invalid-json: the model's answer is not JSON ({shown}" in run.stderr
    assert "at at" not in run.stderr
    assert "--extractor auto" not in run.stderr


def test_a_real_truncated_answer_falls_back_and_the_offline_check_passes(
    fake: FakeOllama, project_dir: Path
) -> None:
    fake.reply = replaying("truncated-real", otherwise=model_answering(SQL_RULES))
    online = specgap("build", "--extractor", "auto", cwd=project_dir)
    assert online.code == 0, online.stderr
    assert "fixtures/cloud/prompt.md:1:1: llm-truncated: " in online.stderr
    assert "fixtures/cloud/prompt.md:1:1: llm-fallback: " in online.stderr
    check = specgap("build", "--offline", "--check", "--extractor", "auto", cwd=project_dir)
    assert check.code == 0, check.stderr
    _safe_traces_pass(project_dir)


def test_the_model_contributing_nothing_is_judged_per_agent_not_per_artifact(
    fake: FakeOllama, project_dir: Path
) -> None:
    # A second sql prompt whose rule the patterns find and the model does not: the model
    # still contributed to the sql agent (through its first prompt), so only cloud, to
    # which it contributed nothing, is warned about, once.
    extra = project_dir / "fixtures" / "sql" / "notes.md"
    extra.write_text("Never call `sql.execute` without a `LIMIT` clause.\n", "utf-8")
    toml = project_dir / "specgap.toml"
    toml.write_text(
        toml.read_text("utf-8").replace(
            'prompts = ["fixtures/sql/prompt.md"]',
            'prompts = ["fixtures/sql/prompt.md", "fixtures/sql/notes.md"]',
        ),
        "utf-8",
    )
    assert specgap("build", "--extractor", "deterministic", cwd=project_dir).code == 0
    assert "fixtures/sql/notes.md" in (project_dir / "policy" / "policy.json").read_text("utf-8")
    fake.reply = model_answering(SQL_RULES)
    run = specgap("build", "--extractor", "auto", cwd=project_dir)
    warned = [line for line in run.stderr.splitlines() if ": llm-no-rules: " in line]
    assert [line.split(":")[0] for line in warned] == ["fixtures/cloud/prompt.md"], run.stderr
    assert "contributed no rule to this agent" in warned[0]

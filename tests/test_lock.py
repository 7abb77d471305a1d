"""The extraction lock: extract once against a server, then build offline, byte for byte."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.config import load_project
from specgap.extract.lock import Lock, LockEntry, LockKey, load_lock, render_lock
from specgap.ir import CandidateRule, Span
from specgap.pipeline import Options, build
from tests.cli_helpers import specgap
from tests.fake_ollama import SQL_RULES, FakeOllama, model_answering, refused_host
from tests.grounding_helpers import assert_whole_outputs


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    server.reply = model_answering(SQL_RULES)
    monkeypatch.setenv("OLLAMA_HOST", server.host)
    monkeypatch.delenv("SPECGAP_OFFLINE", raising=False)
    monkeypatch.delenv("SPECGAP_LLM_MODEL", raising=False)
    yield server
    server.stop()


def _paths(root: Path) -> tuple[Path, Path]:
    return root / "policy" / "policy.json", root / "policy" / "extraction.lock.json"


def test_offline_build_reproduces_the_bundle_byte_for_byte(
    fake: FakeOllama, project_dir: Path
) -> None:
    policy, lock = _paths(project_dir)
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    first, pinned = policy.read_bytes(), lock.read_bytes()
    fake.stop()  # no server from here on
    policy.unlink()
    run = specgap("build", "--offline", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert policy.read_bytes() == first
    assert lock.read_bytes() == pinned
    check = specgap("build", "--offline", "--extractor", "llm", "--check", cwd=project_dir)
    assert check.code == 0, check.stderr


def test_a_current_lock_needs_no_server_even_without_offline(
    fake: FakeOllama, project_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    policy, _ = _paths(project_dir)
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    first = policy.read_bytes()
    monkeypatch.setenv("OLLAMA_HOST", refused_host())
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert "4 entries (4 from the lock, 0 new" in run.stdout
    assert policy.read_bytes() == first


def test_offline_lock_miss_fails_with_a_clear_message(
    fake: FakeOllama, project_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    policy, lock = _paths(project_dir)
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    before, pinned = policy.read_bytes(), lock.read_bytes()
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    prompt.write_text(prompt.read_text() + "\nNever call `sql.execute` twice in a row.\n")
    requests = len(fake.requests)
    monkeypatch.setenv("SPECGAP_OFFLINE", "1")  # the environment switch works as --offline
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    miss = "fixtures/sql/prompt.md:1:1: lock-miss: `fixtures/sql/prompt.md` has no current entry"
    assert miss in run.stderr
    assert "help: run `specgap build --extractor llm` where Ollama is reachable" in run.stderr
    assert run.stderr.count("lock-miss") == 1  # the other artifacts are still current
    assert len(fake.requests) == requests  # offline: the server was never asked
    assert policy.read_bytes() == before
    assert lock.read_bytes() == pinned
    assert_whole_outputs(project_dir)


def test_offline_auto_falls_back_on_a_miss(fake: FakeOllama, project_dir: Path) -> None:
    run = specgap("build", "--offline", "--extractor", "auto", cwd=project_dir)
    assert run.code == 1, run.stderr  # every artifact fell back: the model added nothing
    assert "llm-fallback" in run.stderr
    assert "has no current entry" in run.stderr
    assert not fake.requests
    assert not _paths(project_dir)[1].exists()


def test_the_lock_reads_well_in_review(fake: FakeOllama, project_dir: Path) -> None:
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    _, lock = _paths(project_dir)
    text = lock.read_text()
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["lock_version"] == 1
    entries = data["entries"]
    assert [e["artifact"] for e in entries] == [
        "fixtures/cloud/prompt.md",
        "fixtures/cloud/tools.json",
        "fixtures/sql/prompt.md",
        "fixtures/sql/tools.json",
    ]
    for entry in entries:
        assert set(entry) == {
            "artifact",
            "sha256",
            "model",
            "prompt_version",
            "specgap_version",
            "rules",
            "dropped",
        }
        assert entry["model"] == "qwen3:8b"
    sql_rules = entries[2]["rules"]
    assert len(sql_rules) == 3
    assert all(isinstance(r, dict) and r["quote"] in text for r in sql_rules)


def test_changed_artifacts_prune_stale_entries(fake: FakeOllama, project_dir: Path) -> None:
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    old_sha = _entry(project_dir, "fixtures/sql/prompt.md")["sha256"]
    prompt.write_text(prompt.read_text().replace("at most 100 rows", "at most 50 rows"))
    fake.reply = model_answering(
        [
            {
                **SQL_RULES[2],
                "quote": "Return at most 50 rows per query.",
                "params": {"facet": "rows", "max": 50},
            }
        ]
    )
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert "(3 from the lock, 1 new" in run.stdout
    entry = _entry(project_dir, "fixtures/sql/prompt.md")
    assert entry["sha256"] != old_sha
    assert [r["params"] for r in entry["rules"]] == [{"facet": "rows", "max": 50.0}]


def _entry(root: Path, artifact: str) -> dict[str, object]:
    data = json.loads(_paths(root)[1].read_text())
    (entry,) = [e for e in data["entries"] if e["artifact"] == artifact]
    return dict(entry)


def test_identical_content_at_another_path_reuses_the_entry(
    fake: FakeOllama, project_dir: Path
) -> None:
    assert specgap("build", "--extractor", "llm", cwd=project_dir).code == 0
    moved = project_dir / "fixtures" / "sql" / "moved.md"
    shutil.move(project_dir / "fixtures" / "sql" / "prompt.md", moved)
    config = project_dir / "specgap.toml"
    config.write_text(config.read_text().replace("fixtures/sql/prompt.md", "fixtures/sql/moved.md"))
    run = specgap("build", "--offline", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    project = load_project(config)
    bundle, _ = build(project, Options(extractor="llm", offline=True))
    sql = bundle.agent("sql")
    assert sql is not None
    llm_rules = [r for r in sql.candidates if r.extractor == "llm:qwen3:8b"]
    assert llm_rules
    assert all(r.span.path == "fixtures/sql/moved.md" for r in llm_rules)


def test_a_damaged_lock_is_a_diagnostic(project_dir: Path) -> None:
    _, lock = _paths(project_dir)
    lock.write_text('{"lock_version": 1, "entries": [{"artifact": 3}]}\n')
    run = specgap("build", "--offline", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert "policy/extraction.lock.json:1:" in run.stderr
    assert ": invalid-lock: `/entries/0/artifact`" in run.stderr
    assert "Traceback" not in run.stderr
    lock.write_text("{not json")
    run = specgap("build", "--offline", "--extractor", "llm", cwd=project_dir)
    assert run.code == 2
    assert ": malformed-json: " in run.stderr


def test_deterministic_builds_never_touch_the_lock(project_dir: Path) -> None:
    _, lock = _paths(project_dir)
    lock.write_text("{not json")  # not even read
    assert specgap("build", cwd=project_dir).code == 0
    assert lock.read_text() == "{not json"


def _rule(path: str) -> CandidateRule:
    span = Span(
        path=path, start_line=1, start_col=1, end_line=1, end_col=5, start_byte=0, end_byte=4
    )
    return CandidateRule(
        text="Stop",
        span=span,
        quote="Stop",
        target="t",
        mentions=("t",),
        grounding="exact",
        check_category="authorization_check",
        operator="deny_action",
        params={},
        confidence=0.7,
        extractor="llm:m",
    )


def test_render_is_canonical_and_round_trips(tmp_path: Path) -> None:
    entries = [
        LockEntry(
            artifact=p,
            sha256=s,
            model="m",
            prompt_version="1-x",
            specgap_version="0",
            rules=(_rule(p),),
        )
        for p, s in (("b.md", "2" * 64), ("a.md", "1" * 64), ("a.md", "1" * 64))
    ]
    text = render_lock(entries)
    assert render_lock(reversed(entries)) == text
    path = tmp_path / "extraction.lock.json"
    path.write_text(text)
    lock = load_lock(path, "extraction.lock.json")
    assert len(lock.entries) == 2
    key = LockKey("1" * 64, "m", "1-x", "0")
    hit = lock.get(key, "c.md")
    assert hit is not None
    assert hit.rules[0].span.path == "c.md"
    assert lock.get(key._replace(model="other"), "a.md") is None
    assert Lock().get(key, "a.md") is None
    assert load_lock(tmp_path / "missing.json", "missing.json").entries == {}

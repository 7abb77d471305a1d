"""`specgap doctor` against the scripted server: each check, and where it stops."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli_helpers import specgap
from tests.conftest import ROOT
from tests.fake_ollama import SQL_RULES, FakeOllama, Reply, model_answering, refused_host


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    server.reply = model_answering(SQL_RULES)
    monkeypatch.setenv("OLLAMA_HOST", server.host)
    monkeypatch.setenv("SPECGAP_LLM_TIMEOUT", "5")
    monkeypatch.delenv("SPECGAP_LLM_MODEL", raising=False)
    yield server
    server.stop()


def _doctor(*args: str) -> tuple[int, list[str]]:
    run = specgap("doctor", "--config", str(ROOT / "specgap.toml"), *args)
    return run.code, run.stdout.splitlines()


def test_all_checks_pass(fake: FakeOllama) -> None:
    code, lines = _doctor()
    assert code == 0, lines
    assert lines[0].startswith(f"model `qwen3:8b` at `{fake.host}` (timeout 5 s, num_ctx 8192")
    assert lines[1].startswith("ok    server  Ollama answers")
    assert lines[2] == "ok    model   `qwen3:8b` is present (8.2B, Q4_K_M, context 40960)"
    assert lines[3].startswith("ok    smoke   `fixtures/sql/prompt.md`: valid answer, 3 rules")
    assert len(fake.requests) == 1  # one artifact, one chunk


def test_the_model_can_come_from_the_environment(
    fake: FakeOllama, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake.models.append("llama3.2:3b")
    monkeypatch.setenv("SPECGAP_LLM_MODEL", "llama3.2:3b")
    code, lines = _doctor()
    assert code == 0, lines
    assert fake.requests[0]["model"] == "llama3.2:3b"


def test_connection_refused_stops_at_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    host = refused_host()
    monkeypatch.setenv("OLLAMA_HOST", host)
    code, lines = _doctor()
    assert code == 1
    assert lines[1] == f"fail  server  cannot reach Ollama at `{host}` (ConnectionError)"
    assert lines[2].startswith("  help: start it (`ollama serve`) or set `OLLAMA_HOST`")
    assert lines[3:] == [
        "skip  model   needs the checks above",
        "skip  smoke   needs the checks above",
    ]


def test_a_missing_model_says_how_to_pull_it(fake: FakeOllama) -> None:
    fake.models[:] = ["llama3.2:3b"]
    code, lines = _doctor()
    assert code == 1
    assert lines[2] == "fail  model   `qwen3:8b` is not pulled (available: `llama3.2:3b`)"
    assert lines[3] == "  help: run `ollama pull qwen3:8b`, or set `SPECGAP_LLM_MODEL`"
    assert lines[4].startswith("skip  smoke")
    assert fake.requests == []


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        (Reply("this is not json"), "the model's answer is not JSON"),
        (Reply('{"rules": [{"quote": 1}]}'), "breaks the answer schema"),
        (Reply('{"rules": []}'), "valid answer, 0 rules"),
    ],
)
def test_a_bad_smoke_answer_fails_the_last_check(fake: FakeOllama, reply: Reply, code: str) -> None:
    fake.reply = lambda request: reply
    status, lines = _doctor()
    assert status == 1
    assert lines[3].startswith("fail  smoke   `fixtures/sql/prompt.md`: ")
    assert code in lines[3]
    assert lines[4].startswith("  help: ")


def test_outside_a_project_the_built_in_sample_is_used(
    fake: FakeOllama, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    fake.reply = model_answering(
        [
            {
                "quote": "Always call `inventory.check` before `orders.create`.",
                "operator": "require_before",
                "target": "orders.create",
                "params": {"before": "inventory.check"},
            }
        ]
    )
    run = specgap("doctor")
    assert run.code == 0, run.stdout
    assert "ok    smoke   `<doctor-sample>.md`: valid answer, 1 rules (1 exact, 0 partial)" in (
        run.stdout
    )
    assert os.listdir(tmp_path) == []  # doctor writes nothing

"""Opt-in: LLM extraction against a live Ollama. Run with `pytest -m ollama`.

Selected only by `-m ollama` (the default run skips it without contacting anything), and
skipped even then unless `OLLAMA_HOST` is set, answers, and has the model.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from specgap.config import load_project
from specgap.extract.llm import Backend, LlmFailure, resolve_settings
from specgap.pipeline import Options, build
from tests.cli_helpers import specgap
from tests.grounding_helpers import assert_grounded, assert_whole_outputs

pytestmark = pytest.mark.ollama


@pytest.fixture
def live(request: pytest.FixtureRequest) -> str:
    if "ollama" not in (request.config.option.markexpr or ""):
        pytest.skip("opt-in: run with `pytest -m ollama`")
    host = os.environ.get("OLLAMA_HOST")
    if not host:
        pytest.skip("OLLAMA_HOST is not set")
    settings = resolve_settings(None)
    try:
        models = Backend(settings).models()
    except LlmFailure as failure:
        pytest.skip(f"no Ollama answers at {host}: {failure.message}")
    if settings.model not in models and f"{settings.model}:latest" not in models:
        pytest.skip(f"model {settings.model} is not pulled at {host}")
    return host


def test_live_extraction_is_grounded_and_locks(live: str, project_dir: Path) -> None:
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert_whole_outputs(project_dir)
    project = load_project(project_dir / "specgap.toml")
    bundle, _ = build(project, Options(extractor="llm", offline=True))
    assert assert_grounded(bundle, project_dir) > 0
    sql = bundle.agent("sql")
    assert sql is not None
    assert any(r.extractor.startswith("llm:") for r in sql.candidates)
    first = (project_dir / "policy" / "policy.json").read_bytes()
    again = specgap("build", "--offline", "--extractor", "llm", cwd=project_dir)
    assert again.code == 0, again.stderr
    assert (project_dir / "policy" / "policy.json").read_bytes() == first


def test_live_doctor(live: str) -> None:
    run = specgap("doctor")
    assert run.code == 0, run.stdout

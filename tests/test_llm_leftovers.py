"""In `llm` mode the model's reading replaces the patterns', so a rule-like sentence the model
read nothing from must still end as a located `rule-not-compiled` note (no silent losses),
and a sentence the model did read gets none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.api import load_bundle
from tests.cli_helpers import specgap
from tests.fake_ollama import FakeOllama, fresh


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOllama]:
    fake = FakeOllama().start()
    yield fake
    fake.stop()


def _noted_lines(project_dir: Path) -> set[int]:
    bundle = load_bundle(project_dir / "policy" / "policy.json", "policy/policy.json")
    return {
        d.span.start_line
        for d in bundle.diagnostics
        if d.code == "rule-not-compiled" and d.span and d.span.path.endswith("sql/prompt.md")
    }


def test_rule_sentences_the_model_skipped_are_noted(
    server: FakeOllama, monkeypatch: pytest.MonkeyPatch, project_dir: Path
) -> None:
    fresh(server, monkeypatch)  # the model answers three of the prompt's five rules
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    noted = _noted_lines(project_dir)
    prompt = (project_dir / "fixtures" / "sql" / "prompt.md").read_text().splitlines()

    def line(start: str) -> int:
        return next(n for n, text in enumerate(prompt, 1) if text.startswith(start))

    skipped = {line("- Never run"), line("- Revenue totals")}  # the model said nothing of them
    read = {line("- Always call"), line("- Only query"), line("- Return at most")}
    assert skipped <= noted, (noted, skipped)
    assert not (read & noted)

"""Watch builds in the LLM extractor modes (against the loopback fake Ollama): the same bytes
as a full build, and the model is asked again only about the artifact that changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.cache import Cache
from specgap.config import load_project
from specgap.jsontext import TextCache
from specgap.pipeline import Options, build, prepare
from specgap.watch import cached_build
from tests.fake_ollama import FakeOllama, fresh

NEW_RULE = "- Requests made with `sql.execute` must time out within 20 seconds.\n"


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOllama]:
    fake = FakeOllama().start()
    yield fake
    fake.stop()


@pytest.fixture
def fake(server: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> FakeOllama:
    return fresh(server, monkeypatch)


@pytest.mark.parametrize("mode", ["llm", "auto", "ensemble"])
def test_llm_modes_give_the_full_builds_bytes_and_ask_only_about_changes(
    project_dir: Path, fake: FakeOllama, mode: str
) -> None:
    config = project_dir / "specgap.toml"
    cache, texts = Cache(), TextCache()

    def both() -> tuple[str, str, list[str]]:
        """The cached and the uncached build's texts; what the cached one asked."""
        project = load_project(config)
        options = prepare(project, Options(extractor=mode))
        before = len(fake.requests)
        text = cached_build(project, options, cache, texts).text
        asked = [str(r) for r in fake.requests[before:]]
        return text, build(project, options)[0].to_json(), asked

    first, full, asked_first = both()
    assert first == full
    assert asked_first
    again, full, asked_again = both()
    assert again == full
    assert asked_again == []  # nothing changed: nothing to ask
    prompt = project_dir / "fixtures/sql/prompt.md"
    prompt.write_text(prompt.read_text("utf-8") + NEW_RULE, "utf-8")
    edited, full, asked_edit = both()
    assert edited == full
    assert 0 < len(asked_edit) < len(asked_first)
    assert all("must time out within 20 seconds" in request for request in asked_edit)

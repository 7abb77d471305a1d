"""Chunking: what the model reads fits its context, is cut by section, and maps back."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.artifacts import Artifact, load_artifact
from specgap.config import Project
from specgap.extract.chunks import MIN_BUDGET, budget, chunk_artifact
from specgap.extract.llm import MAX_NUM_PREDICT, LlmSettings, answer_tokens
from tests.cli_helpers import specgap
from tests.conftest import ROOT
from tests.fake_ollama import SQL_RULES, FakeOllama, data_of, model_answering


def _load(kind: str, rel: str) -> Artifact:
    return load_artifact(kind, ROOT / rel, rel)  # type: ignore[arg-type]


def _prompt(text: str) -> Artifact:
    return Artifact("prompt", "p.md", text, hashlib.sha256(text.encode()).hexdigest())


def test_a_prompt_that_fits_is_one_chunk_of_the_whole_file() -> None:
    artifact = _load("prompt", "fixtures/sql/prompt.md")
    (chunk,) = chunk_artifact(artifact, 100_000)
    (segment,) = chunk.segments
    assert segment.text == artifact.text
    assert chunk.data() == artifact.text
    assert (chunk.part, chunk.parts) == (1, 1)


SECTIONS = "# Title\n\nIntro line.\n\n## One\n\n" + "a " * 60 + "\n\n## Two\n\n" + "b " * 60 + "\n"


def test_sections_packed_together_are_one_segment_with_every_heading() -> None:
    artifact = _prompt(SECTIONS)
    (chunk,) = chunk_artifact(artifact, 10_000)
    (segment,) = chunk.segments
    assert segment.text == SECTIONS
    for heading in ("Title", "One", "Two"):
        at = SECTIONS.index("a " if heading == "One" else "b " if heading == "Two" else "Intro")
        assert segment.context_at(at) == heading


def test_long_prompts_are_cut_at_headings_and_keep_their_context() -> None:
    artifact = _prompt(SECTIONS)
    chunks = chunk_artifact(artifact, 150)
    assert [c.parts for c in chunks] == [len(chunks)] * len(chunks)
    assert len(chunks) == 3
    firsts = [c.segments[0].text.splitlines()[0] for c in chunks]
    assert firsts == ["# Title", "## One", "## Two"]
    assert [c.segments[0].context_at(0) for c in chunks] == ["Title", "One", "Two"]
    for chunk in chunks:
        assert chunk.size() <= 150
        for segment in chunk.segments:
            a, b = segment.raw(0, len(segment.text))
            assert artifact.text[a:b] == segment.text


def test_a_section_longer_than_the_budget_is_cut_at_paragraphs_then_words() -> None:
    text = "## Long\n\n" + ("word " * 50 + "\n\n") * 4
    artifact = _prompt(text)
    chunks = chunk_artifact(artifact, 200)
    assert len(chunks) > 1
    joined = "".join(s.text for c in chunks for s in c.segments)
    assert joined.split() == text.split()
    assert all(c.size() <= 200 for c in chunks)
    assert all(c.segments[0].context_at(0) == "Long" for c in chunks)


def test_tool_descriptions_are_decoded_segments_that_stay_per_tool() -> None:
    artifact = _load("tools", "fixtures/sql/tools.json")
    (chunk,) = chunk_artifact(artifact, 100_000)
    headers = [s.header for s in chunk.segments]
    assert headers[0] == "### tool `schema_lookup` (arguments: table): description"
    assert "### tool `execute_sql`: argument `query`" in headers
    for segment in chunk.segments:
        a, b = segment.raw(0, len(segment.text))
        assert artifact.text[a:b] == segment.text  # no escapes in this file
        assert segment.subject in {"schema_lookup", "execute_sql"}
    small = chunk_artifact(artifact, MIN_BUDGET // 4)
    assert len(small) == 2
    assert {s.subject for s in small[0].segments} == {"schema_lookup"}


def test_config_is_structure_not_prose() -> None:
    assert chunk_artifact(_load("config", "fixtures/sql/config.yaml"), 100_000) == ()


def test_budget_leaves_room_for_instructions_and_answer() -> None:
    assert budget(8192, 5000) == (8192 - 5000) * 3
    assert budget(1024, 5000) == MIN_BUDGET
    small, default, large = (LlmSettings(num_ctx=n).chunk_budget() for n in (4096, 8192, 32768))
    # a faithful answer listing every statement fits its request's num_predict
    bullets = "".join(f"- Never call `tool.n{n}` with more than {n} rows.\n" for n in range(30))
    faithful = json.dumps(
        {"rules": [{"target": f"tool.n{n}", "quote": line[2:], "operator": "arg_within_bound",
                    "params": {"facet": "rows", "max": n}}
                   for n, line in enumerate(bullets.splitlines())]}
    )  # fmt: skip
    assert len(faithful) / 3 < answer_tokens(bullets)
    assert small < default == large  # past 8k tokens the answer cap bounds an excerpt
    assert answer_tokens("x" * default) <= MAX_NUM_PREDICT


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    monkeypatch.setenv("OLLAMA_HOST", server.host)
    yield server
    server.stop()


def test_a_small_context_sends_sections_separately(
    fake: FakeOllama, project_dir: Path, reference: Project
) -> None:
    fake.reply = model_answering(SQL_RULES)
    config = project_dir / "specgap.toml"
    config.write_text(config.read_text() + "\n[llm]\nnum_ctx = 1024\n")
    run = specgap("build", "--extractor", "llm", cwd=project_dir)
    assert run.code == 0, run.stderr
    text = (project_dir / "fixtures" / "sql" / "prompt.md").read_text()
    sql_prompt = [data_of(r) for r in fake.requests if data_of(r) in text]
    assert len(sql_prompt) > 1
    assert "".join(sql_prompt) == text
    assert all(len(d) <= MIN_BUDGET for d in sql_prompt)
    assert any(d.startswith("## Rules") for d in sql_prompt)
    lock = (project_dir / "policy" / "extraction.lock.json").read_text()
    assert lock.count('"extractor": "llm:qwen3:8b"') == 3


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["tau-retail/policy.md", "tau2-telecom/workflow.md"])
def test_real_policies_are_chunked_by_section_and_every_quote_grounds(
    corpus: Path, name: str
) -> None:
    """Real policy prose: chunks cover the file in order, each starts at a heading when the
    file has one there, and a model quoting every normative line grounds each one exactly."""
    import re

    from specgap.extract.answer import vocabulary
    from specgap.extract.grounding import ground_rule
    from specgap.ir import CandidateRule

    artifact = load_artifact("prompt", corpus / name, name)
    limit = LlmSettings().chunk_budget()
    chunks = chunk_artifact(artifact, limit)
    texts = [s.text for c in chunks for s in c.segments]
    assert "".join(texts).split() == artifact.text.split()
    assert all(c.size() <= limit for c in chunks)
    if len(artifact.text) > limit:
        assert len(chunks) > 1
        assert all(c.segments[0].text.lstrip().startswith("#") for c in chunks[1:])
    grounded = 0
    for chunk in chunks:
        for line in chunk.segments[0].text.splitlines():
            line = line.strip(" -*#")
            if len(line) < 12 or not re.search(r"\b(?:must|never|should|only|cannot)\b", line):
                continue
            item = vocabulary().answer.model_validate(
                {
                    "rules": [
                        {"target": "*", "quote": line, "operator": "review_required", "params": {}}
                    ]
                }
            )
            rule = ground_rule(item.rules[0], chunk, "llm:m", ())  # type: ignore[attr-defined]
            assert isinstance(rule, CandidateRule), line
            assert artifact.text.encode()[rule.span.start_byte : rule.span.end_byte].decode() == (
                rule.quote
            )
            grounded += 1
    assert grounded > 10

"""Loading artifacts: positions of JSON/YAML/TOML values and Markdown sentences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.artifacts import Artifact, load_artifact
from specgap.extract.segments import description_sentences, markdown_sentences
from specgap.formats import json_string_offsets, parse_json, parse_yaml


@pytest.mark.parametrize(
    ("text", "pointer", "value"),
    [
        ('{"a": 1}', "/a", "1"),
        ('{"a": {"b": [1, "x", true]}}', "/a/b/1", '"x"'),
        ('{"a": {"b": [1, "x", true]}}', "/a/b/2", "true"),
        ('{"a/b": {"c~d": null}}', "/a~1b/c~0d", "null"),
        ('[ {"k" : "v\\"w"} ]', "/0/k", '"v\\"w"'),
        ("{}", "", "{}"),
    ],
)
def test_json_ranges(text: str, pointer: str, value: str) -> None:
    _, ranges = parse_json(text, "t.json")
    start, end = ranges[pointer]
    assert text[start:end] == value


def test_json_key_ranges_cover_the_key() -> None:
    text = '{\n  "limit": {"maximum": 100}\n}'
    _, ranges = parse_json(text, "t.json")
    start, end = ranges["/limit/maximum#key"]
    assert text[start:end] == '"maximum"'


def test_json_string_offsets_map_escapes() -> None:
    text = '"a\\nb\\u00e9c"'
    offsets = json_string_offsets(text, 0)
    decoded = json.loads(text)
    assert len(offsets) == len(decoded) + 1
    assert text[offsets[2]] == "b"
    assert text[offsets[4]] == "c"
    assert offsets[-1] == len(text) - 1


def test_yaml_ranges() -> None:
    text = "tools:\n  sql.execute:\n    max_rows: 100\n    allowed: [a, b]\n"
    data, ranges = parse_yaml(text, "c.yaml")
    assert data["tools"]["sql.execute"]["max_rows"] == 100
    start, end = ranges["/tools/sql.execute/max_rows"]
    assert text[start:end] == "100"
    start, end = ranges["/tools/sql.execute/allowed/1"]
    assert text[start:end] == "b"


def _artifact(tmp_path: Path, name: str, text: str, kind: str = "prompt") -> Artifact:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_artifact(kind, path, name)  # type: ignore[arg-type]


def test_markdown_sentences_keep_exact_positions(tmp_path: Path) -> None:
    text = (
        "# Title\n\nIntro line one.\n\n## Rules\n\n"
        "- Always call `a.b` before `c.d`. Never run X.\n"
        "- A list item that wraps\n  onto a second line.\n\n"
        "> Quoted rule here.\n\n```\nnot prose.\n```\n"
    )
    artifact = _artifact(tmp_path, "p.md", text)
    sentences = list(markdown_sentences(artifact))
    quotes = [s.quote() for s in sentences]
    assert quotes == [
        "Intro line one.",
        "Always call `a.b` before `c.d`.",
        "Never run X.",
        "A list item that wraps\n  onto a second line.",
        "Quoted rule here.",
    ]
    assert sentences[1].context == "Rules"
    assert sentences[1].span().start_line == 7
    assert sentences[1].span().start_col == 3


def test_description_sentences_map_through_escapes(tmp_path: Path) -> None:
    text = '{"description": "Say \\"hi\\" first. Then call `x_y`.\\nDone."}'
    artifact = _artifact(tmp_path, "t.json", text, kind="tools")
    sentences = list(description_sentences(artifact, "/description", "tool"))
    assert [s.text for s in sentences] == ['Say "hi" first.', "Then call `x_y`.", "Done."]
    assert sentences[0].quote() == 'Say \\"hi\\" first.'
    assert all(s.subject == "tool" for s in sentences)


@pytest.mark.parametrize(
    ("line", "quotes"),
    [
        # informal text in lower case: a sentence ends after a word and a full stop
        (
            "- if the pet is sick, no grooming. send them home",
            ["if the pet is sick, no grooming.", "send them home"],
        ),
        ("- done for today! thanks all", ["done for today!", "thanks all"]),
        # never after an abbreviation or a one- or two-letter word
        ("- bring papers, e.g. the vet card", ["bring papers, e.g. the vet card"]),
        ("- open at 9 a.m. sharp", ["open at 9 a.m. sharp"]),
        ("- treats, toys etc. are fine", ["treats, toys etc. are fine"]),
        ("- ask for ref no. first", ["ask for ref no. first"]),
    ],
)
def test_lower_case_sentences_are_split(tmp_path: Path, line: str, quotes: list[str]) -> None:
    artifact = _artifact(tmp_path, "p.md", f"# Desk\n\n{line}\n")
    assert [s.quote() for s in markdown_sentences(artifact)] == quotes


def test_a_negation_without_its_apostrophe_is_read_with_it(tmp_path: Path) -> None:
    """Chat text writes "dont": the sentence reads "don't" (so every reader sees the
    negation) and still quotes the source as written."""
    artifact = _artifact(tmp_path, "p.md", "# Desk\n\n- if it is done, dont touch it; cant undo\n")
    (sentence,) = markdown_sentences(artifact)
    assert sentence.text == "if it is done, don't touch it; can't undo"
    assert sentence.quote() == "if it is done, dont touch it; cant undo"
    assert len(sentence.offsets) == len(sentence.text) + 1

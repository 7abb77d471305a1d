"""Every quote in a bundle is exactly the artifact's text at its span."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.api import build
from specgap.config import Project
from specgap.ir import Span
from specgap.positions import TextIndex


def _check(root: Path, span: Span, quote: str) -> None:
    raw = (root / span.path).read_bytes()
    assert raw[span.start_byte : span.end_byte].decode() == quote
    text = raw.decode()
    index = TextIndex(span.path, text)
    start = index.offset(span.start_line, span.start_col)
    end = index.offset(span.end_line, span.end_col)
    assert text[start:end] == quote


def test_every_policy_and_candidate_quote_matches_its_span(reference: Project) -> None:
    bundle, _ = build(reference)
    checked = 0
    for agent in bundle.agents:
        for policy in agent.policies:
            for source in (policy.source, *policy.also_stated_at):
                _check(reference.root, source.span, source.quote)
                checked += 1
        for rule in agent.candidates:
            _check(reference.root, rule.span, rule.quote)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("text", "offset", "expected"),
    [
        ("abc\ndef", 0, (1, 1)),
        ("abc\ndef", 4, (2, 1)),
        ("abc\ndef", 6, (2, 3)),
        ("é\nx", 2, (2, 1)),
    ],
)
def test_text_index_positions(text: str, offset: int, expected: tuple[int, int]) -> None:
    index = TextIndex("f", text)
    assert index.position(offset) == expected
    assert index.offset(*expected) == offset


def test_byte_offsets_count_utf8_bytes() -> None:
    index = TextIndex("f", "é rule")
    span = index.span(2, 6)
    assert (span.start_byte, span.end_byte) == (3, 7)
    assert "é rule".encode()[span.start_byte : span.end_byte].decode() == "rule"

"""Grounding: a model's quote becomes a span of the file, or the rule is dropped.

The property tests state the invariant the whole LLM path rests on: whatever the model
answers, every rule that survives quotes the artifact's own bytes at its span.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specgap.artifacts import Artifact
from specgap.config import load_project
from specgap.extract.answer import vocabulary
from specgap.extract.chunks import Chunk, Segment, chunk_artifact
from specgap.extract.grounding import (
    ground_rule,
    locate,
    mentioned,
    number_grounded,
    ungrounded,
)
from specgap.extract.llm import LlmSettings
from specgap.formats import parse_json
from specgap.ir import CandidateRule, Diagnostic
from specgap.pipeline import Options, build
from tests.conftest import ROOT
from tests.fake_ollama import FakeOllama, Reply, data_of
from tests.grounding_helpers import assert_grounded

TEXT = "# Rules\n\n- Always call `a.b` before\n  `c.d`.\n- Return at most 100 rows per query.\n"


def _segment(text: str = TEXT) -> Segment:
    return Segment(text, range(len(text) + 1))


@pytest.mark.parametrize(
    ("quote", "grounding", "found"),
    [
        ("Return at most 100 rows per query.", "exact", "Return at most 100 rows per query."),
        ("Always call `a.b` before `c.d`.", "exact", "Always call `a.b` before\n  `c.d`."),
        ("  Return at most 100 rows per query.  ", "exact", "Return at most 100 rows per query."),
        ("Return at most 100 rows per querry.", "partial", "Return at most 100 rows per query."),
        ("Return at most 100 row per query", "partial", "Return at most 100 rows per query"),
        ("Never return more than a hundred rows.", None, None),
        ("rows", None, None),  # too short to cite a rule
        ("", None, None),
    ],
)
def test_locate(quote: str, grounding: str | None, found: str | None) -> None:
    located = locate(quote, [_segment()])
    if grounding is None:
        assert located is None
        return
    assert located is not None
    assert located.grounding == grounding
    assert TEXT[located.start : located.end] == found


@pytest.mark.parametrize(
    ("value", "quote", "expected"),
    [
        (10.0, "must time out within 10 seconds", True),
        (600.0, "time out within 10 minutes", True),
        (0.5, "time out within 500 ms", True),
        (99.0, "fewer than 100 rows", True),
        (3.0, "at most three retries", True),
        (1.0, "call it at most once per conversation", True),
        (2.0, "retry twice", True),
        (1000.0, "at most 1,000 rows", True),
        (5.0, "at most 100 rows", False),
        (100.0, "no number here", False),
    ],
)
def test_number_grounded(value: float, quote: str, expected: bool) -> None:
    assert number_grounded(value, quote) is expected


@pytest.mark.parametrize(
    ("value", "quote", "expected"),
    [
        ("sql.execute", "with `sql.execute`.", True),
        ("customers", "the tables `customers`, `orders`", True),
        ("read-only", "keep it read only", True),
        ("Payments", "only `payments`", True),
        ("payments", "only `orders`", False),
        ("", "anything", False),
    ],
)
def test_mentioned(value: str, quote: str, expected: bool) -> None:
    assert mentioned(value, quote) is expected


def test_ungrounded_skips_facets_and_tools_but_checks_values() -> None:
    quote = "Only query the tables `customers` and `orders`, at most 100 rows."
    params = {"facet": "tables", "allowed": ["customers", "payments"], "max": 100, "before": "x"}
    assert ungrounded(params, quote, {"before"}) == ["payments"]


def _answer(**rule: Any) -> Any:
    rule.setdefault("target", "*")
    rule.setdefault("params", {})
    return vocabulary().answer.model_validate({"rules": [rule]}).rules[0]  # type: ignore[attr-defined]


def _prompt(text: str) -> Artifact:
    return Artifact("prompt", "p.md", text, hashlib.sha256(text.encode()).hexdigest())


def test_ground_rule_uses_the_file_text_and_the_heading() -> None:
    chunk = chunk_artifact(_prompt(TEXT), 10_000)[0]
    item = _answer(
        quote="Always call `a.b` before `c.d`.",
        operator="require_before",
        target="`c.d`",
        params={"before": "a.b"},
    )
    rule = ground_rule(item, chunk, "llm:m", ("before",))
    assert isinstance(rule, CandidateRule)
    assert rule.quote == "Always call `a.b` before\n  `c.d`."
    assert rule.text == "Always call `a.b` before `c.d`."
    assert rule.target == "c.d"
    assert rule.mentions == ("c.d", "a.b")
    assert rule.context == "Rules"
    assert rule.grounding == "exact"
    assert rule.extractor == "llm:m"
    assert (rule.span.start_line, rule.span.start_col, rule.span.end_line) == (3, 3, 4)


def test_an_unnamed_target_makes_grounding_partial() -> None:
    chunk = chunk_artifact(_prompt(TEXT), 10_000)[0]
    item = _answer(
        quote="Return at most 100 rows per query.",
        operator="arg_within_bound",
        params={"facet": "rows", "max": 100},
    )
    rule = ground_rule(item, chunk, "llm:m", ())
    assert isinstance(rule, CandidateRule)
    assert rule.grounding == "partial"
    assert rule.params == {"facet": "rows", "max": 100.0}


@pytest.mark.parametrize(
    ("target", "before", "expected"),
    [("*", "a.b", "c.d"), ("*", "c.d", "a.b"), ("c.d", "a.b", "c.d"), ("*", "x.y", "a.b")],
)
def test_a_rule_naming_no_tool_is_about_a_ticked_tool_other_than_its_own_params(
    target: str, before: str, expected: str
) -> None:
    chunk = chunk_artifact(_prompt(TEXT), 10_000)[0]
    item = _answer(
        quote="Always call `a.b` before `c.d`.",
        operator="require_before",
        target=target,
        params={"before": before},
    )
    rule = ground_rule(item, chunk, "llm:m", ("before",))
    assert isinstance(rule, CandidateRule)
    assert rule.target == expected
    assert rule.target != rule.params["before"]


def test_dropped_rules_say_why() -> None:
    chunk = chunk_artifact(_prompt(TEXT), 10_000)[0]
    made_up = ground_rule(
        _answer(quote="Never call `z.z` at all.", operator="deny_action"), chunk, "llm:m", ()
    )
    assert isinstance(made_up, Diagnostic)
    assert made_up.code == "hallucinated-quote"
    assert made_up.severity == "warning"
    widened = _answer(
        quote="Return at most 100 rows per query.",
        operator="arg_within_bound",
        params={"facet": "rows", "max": 5000},
    )
    dropped = ground_rule(widened, chunk, "llm:m", ())
    assert isinstance(dropped, Diagnostic)
    assert dropped.code == "ungrounded-value"
    assert dropped.span is not None
    assert TEXT[dropped.span.start_byte : dropped.span.end_byte].startswith("Return")


# --- properties -------------------------------------------------------------------------------

_ALPHABET = st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs", "Cc"))
_RECIPE = st.tuples(
    st.integers(0, 10_000),  # where the quote starts, modulo the data
    st.integers(0, 120),  # how long
    st.sampled_from(["verbatim", "squashed", "typo", "invented"]),
    st.text(_ALPHABET, max_size=40),
)


def _quote(data: str, recipe: tuple[int, int, str, str]) -> str:
    start, length, how, noise = recipe
    if how == "invented" or not data:
        return noise or "x"
    start %= len(data)
    piece = data[start : start + max(length, 1)]
    if how == "squashed":
        return " ".join(piece.split()) or piece
    if how == "typo" and len(piece) > 2:
        middle = len(piece) // 2
        return piece[:middle] + noise[:1] + piece[middle + 1 :]
    return piece


def _check_chunk_rules(artifact: Artifact, chunk: Chunk, recipes: list[Any]) -> None:
    data = "".join(s.text for s in chunk.segments)
    raw = artifact.text.encode("utf-8")
    for recipe in recipes:
        quote = _quote(data, recipe)[:600]
        if not quote:
            continue
        item = _answer(quote=quote, operator="deny_action")
        found = ground_rule(item, chunk, "llm:m", ())
        if isinstance(found, Diagnostic):
            continue
        assert raw[found.span.start_byte : found.span.end_byte].decode("utf-8") == found.quote
        start = artifact.index.offset(found.span.start_line, found.span.start_col)
        assert artifact.text[start : start + len(found.quote)] == found.quote


@settings(max_examples=150, deadline=None)
@given(text=st.text(_ALPHABET, min_size=1, max_size=600), recipes=st.lists(_RECIPE, max_size=6))
def test_prompt_quotes_always_sit_at_their_spans(text: str, recipes: list[Any]) -> None:
    artifact = _prompt(text)
    for chunk in chunk_artifact(artifact, 120):
        _check_chunk_rules(artifact, chunk, recipes)


@settings(max_examples=100, deadline=None)
@given(
    descriptions=st.lists(st.text(_ALPHABET, min_size=1, max_size=200), min_size=1, max_size=3),
    ascii_only=st.booleans(),
    recipes=st.lists(_RECIPE, max_size=6),
)
def test_tool_description_quotes_sit_at_their_escaped_spans(
    descriptions: list[str], ascii_only: bool, recipes: list[Any]
) -> None:
    tools = [
        {"name": f"tool_{n}", "description": d, "parameters": {"type": "object"}}
        for n, d in enumerate(descriptions)
    ]
    text = json.dumps({"tools": tools}, indent=2, ensure_ascii=ascii_only)
    data, ranges = parse_json(text, "tools.json")
    artifact = Artifact("tools", "tools.json", text, "0" * 64, data, ranges)
    for chunk in chunk_artifact(artifact, 10_000):
        _check_chunk_rules(artifact, chunk, recipes)
        for segment in chunk.segments:
            a, b = segment.raw(0, len(segment.text))
            assert json.loads(f'"{text[a:b]}"') == segment.text


@pytest.fixture(scope="module")
def server() -> Iterator[FakeOllama]:
    fake = FakeOllama().start()
    yield fake
    fake.stop()


@pytest.mark.slow  # 15 builds through the fake server, ~2 s
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    recipes=st.lists(_RECIPE, max_size=8),
    operator=st.sampled_from(["deny_action", "review_required"]),
)
def test_no_rule_in_any_bundle_lacks_its_quote(
    server: FakeOllama, recipes: list[Any], operator: str
) -> None:
    """Whatever the model says, every candidate and policy in the bundle quotes its span."""

    def reply(request: dict[str, Any]) -> Reply:
        data = data_of(request)
        rules = [
            {
                "quote": _quote(data, r)[:600] or "x",
                "operator": operator,
                "target": "*",
                "params": {},
            }
            for r in recipes
        ]
        return Reply(json.dumps({"rules": rules}))

    server.reply = reply
    project = load_project(ROOT / "specgap.toml")
    options = Options(extractor="ensemble", llm=LlmSettings(host=server.host))
    bundle, _ = build(project, options)
    assert assert_grounded(bundle, Path(project.root)) > 0

"""The incremental builder: the same bytes as a full build, and only changed work redone."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specgap.config import load_project
from specgap.errors import SpecgapError
from specgap.incremental import Built, IncrementalBuilder
from specgap.ir import ToolSummary
from specgap.jsontext import TextCache, fast_dumps
from specgap.pipeline import Options, build
from specgap.sections import sections

NEW_RULE = "- Requests made with `sql.execute` must time out within 20 seconds.\n"


def _full(root: Path, options: Options | None = None) -> str:
    bundle, _ = build(load_project(root / "specgap.toml"), options or Options())
    return bundle.to_json()


def _incremental(builder: IncrementalBuilder, root: Path, options: Options | None = None) -> Built:
    return builder.build(load_project(root / "specgap.toml"), options or Options())


def _insert(path: Path, line: str, at: int) -> None:
    lines = path.read_text("utf-8").splitlines(keepends=True)
    path.write_text("".join([*lines[:at], line, *lines[at:]]), "utf-8")


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")


def _add_agent(root: Path) -> None:
    shutil.copytree(root / "fixtures" / "sql", root / "fixtures" / "sql2")
    config = root / "specgap.toml"
    sql = config.read_text("utf-8").split("[[agents]]")[1]
    config.write_text(
        config.read_text("utf-8")
        + "\n[[agents]]"
        + sql.replace("sql", "sql2", 1).replace("fixtures/sql/", "fixtures/sql2/"),
        "utf-8",
    )


def _rename_prompt(root: Path) -> None:
    (root / "fixtures/sql/prompt.md").rename(root / "fixtures/sql/system.md")
    _replace(root / "specgap.toml", '"fixtures/sql/prompt.md"', '"fixtures/sql/system.md"')


EDITS: list[tuple[str, Callable[[Path], None]]] = [
    ("rule at the top", lambda r: _insert(r / "fixtures/sql/prompt.md", NEW_RULE, 0)),
    ("rule in the middle", lambda r: _insert(r / "fixtures/sql/prompt.md", NEW_RULE, 12)),
    ("rule at the end", lambda r: _insert(r / "fixtures/sql/prompt.md", NEW_RULE, 999)),
    ("bound edited", lambda r: _replace(r / "fixtures/sql/prompt.md", "most 100", "most 70")),
    ("rule deleted", lambda r: _replace(r / "fixtures/sql/prompt.md", "- Always call", "- ")),
    ("config value", lambda r: _replace(r / "fixtures/sql/config.yaml", "30", "45")),
    ("registry alias", lambda r: _replace(r / "registries/sql.yaml", "run query", "run a query")),
    (
        "tool description",
        lambda r: _replace(r / "fixtures/cloud/tools.json", "Upload", "Store"),
    ),
    ("unicode prose", lambda r: _insert(r / "fixtures/cloud/prompt.md", "Ünïcödé “quotes” ✓\n", 3)),
    ("agent added", _add_agent),
    ("artifact renamed", _rename_prompt),
]


def test_every_edit_gives_the_full_builds_bytes(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    assert _incremental(builder, project_dir).text == _full(project_dir)
    for name, edit in EDITS:
        edit(project_dir)
        built = _incremental(builder, project_dir)
        assert built.text == _full(project_dir), name
        assert built.bundle.to_json() == built.text, name


def test_strict_and_non_strict_builds_do_not_share_results(project_dir: Path) -> None:
    _replace(
        project_dir / "fixtures/sql/prompt.md", "`sql.schema_lookup` before", "`lookup` before"
    )
    builder = IncrementalBuilder()
    for strict in (False, True, False):
        options = Options(strict=strict)
        assert _incremental(builder, project_dir, options).text == _full(project_dir, options)


def test_only_the_changed_artifact_is_parsed_and_extracted(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    first = _incremental(builder, project_dir).stats
    assert first.artifacts == 6
    assert len(first.extracted) == 6
    _insert(project_dir / "fixtures/sql/prompt.md", NEW_RULE, 999)
    stats = _incremental(builder, project_dir).stats
    assert stats.parsed == ["fixtures/sql/prompt.md"]
    assert stats.extracted == ["fixtures/sql/prompt.md"]
    assert stats.registries_built == 0
    sql_prompt_rules = 6  # the five rules of the prompt and the new one
    assert stats.compiled == sql_prompt_rules
    assert stats.texts_reused > stats.texts_rendered


def test_an_unchanged_project_redoes_nothing(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    _incremental(builder, project_dir)
    stats = _incremental(builder, project_dir).stats
    assert (stats.parsed, stats.extracted, stats.compiled, stats.registries_built) == ([], [], 0, 0)


def test_a_runtime_config_edit_keeps_the_registry(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    _incremental(builder, project_dir)
    _replace(project_dir / "fixtures/sql/config.yaml", "30", "45")
    stats = _incremental(builder, project_dir).stats
    assert stats.extracted == ["fixtures/sql/config.yaml"]
    assert stats.registries_built == 0


def test_a_registry_edit_rebuilds_the_registry_but_extracts_nothing(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    _incremental(builder, project_dir)
    _replace(project_dir / "registries/sql.yaml", "run query", "run a query")
    stats = _incremental(builder, project_dir).stats
    assert stats.extracted == []
    assert stats.registries_built == 1
    assert stats.compiled > 0  # the sql agent's rules meet a new registry


def test_a_failed_build_keeps_the_memo_for_the_next_good_one(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    _incremental(builder, project_dir)
    config = project_dir / "fixtures/sql/config.yaml"
    good = config.read_text("utf-8")
    config.write_text(good.replace("products]", "products"), "utf-8")
    with pytest.raises(SpecgapError) as failure:
        _incremental(builder, project_dir)
    assert [d.code for d in failure.value.diagnostics] == ["malformed-yaml"]
    config.write_text(good, "utf-8")
    stats = _incremental(builder, project_dir).stats
    assert stats.extracted == []
    assert stats.parsed == []


def test_text_cache_matches_to_json_and_refuses_marker_like_strings(project_dir: Path) -> None:
    bundle = _incremental(IncrementalBuilder(), project_dir).bundle
    cache = TextCache()
    assert cache.bundle_json(bundle) == bundle.to_json()
    assert cache.rendered > 0
    assert cache.bundle_json(bundle) == bundle.to_json()
    assert cache.rendered == 0  # every item reused
    sneaky = ToolSummary(id="x", names=("\x00specgap-splice-0\x00",), effects=())
    agent = bundle.agents[0].model_copy(update={"tools": (sneaky,)})
    odd = bundle.model_copy(update={"agents": (agent, *bundle.agents[1:])})
    assert cache.bundle_json(odd) == odd.to_json()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=25,
)


@given(json_values)
def test_fast_dumps_is_the_standard_encoding(value: object) -> None:
    assert fast_dumps(value) == json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


def test_a_moved_section_is_neither_extracted_nor_compiled_again(project_dir: Path) -> None:
    builder = IncrementalBuilder()
    _incremental(builder, project_dir)
    _incremental(builder, project_dir)  # a build that reuses everything must keep it all
    _insert(project_dir / "fixtures/sql/prompt.md", NEW_RULE, 2)  # the sections below move
    built = _incremental(builder, project_dir)
    assert built.text == _full(project_dir)
    assert built.stats.sections == 1
    assert built.stats.compiled == 1


def _long_prompt_project(root: Path, sections: int) -> Path:
    """One agent over the sql tools with a long prompt: many sections, rules that merge."""
    (root / "fixtures/sql/prompt.md").write_text(
        "# Long prompt\n\nIntro text.\n\n"
        + "".join(
            f"## Part {n}\n\nSome words about part {n}.\n"
            f"- Always call `sql.schema_lookup` before `sql.execute`.\n"
            f"- Return at most {100 if n % 3 else 50 + n} rows per query.\n"
            f"- Never run DROP statements with `sql.execute`.\n\n"
            for n in range(sections)
        ),
        "utf-8",
    )
    return root


@pytest.mark.slow
def test_random_edits_of_a_long_prompt_give_the_full_builds_bytes(project_dir: Path) -> None:
    rnd = random.Random(7)
    root = _long_prompt_project(project_dir, 40)
    prompt = root / "fixtures/sql/prompt.md"
    builder = IncrementalBuilder()
    assert _incremental(builder, root).text == _full(root)
    for n in range(25):
        lines = prompt.read_text("utf-8").splitlines(keepends=True)
        at = rnd.randrange(len(lines))
        kind = n % 3
        if kind == 0:
            lines.insert(at, f"- Return at most {n + 7} rows per query.\n")
        elif kind == 1:
            del lines[at]
        else:
            lines[at] = lines[at].replace("100", str(n + 200))
        prompt.write_text("".join(lines), "utf-8")
        built = _incremental(builder, root)
        assert built.text == _full(root), (n, kind, at)
    assert built.stats.sections <= 2


@pytest.mark.parametrize(
    ("text", "cuts"),
    [
        ("# A\ntext\n## B\n- x\n### C\n", [(0, 0), (2, 9), (4, 18)]),
        ("intro\n# A\n", [(0, 0), (1, 6)]),
        ("#hashtag is not a heading\n####### nor this\n", [(0, 0)]),
        ("é\n# A\n", [(0, 0), (1, 3)]),  # byte offsets count UTF-8 bytes
    ],
)
def test_sections_cut_before_headings(text: str, cuts: list[tuple[int, int]]) -> None:
    found = sections(text)
    assert found is not None
    assert [(s.line, s.byte) for s in found] == cuts
    assert "".join(s.text for s in found) == text


@pytest.mark.parametrize(
    "text",
    [
        "# A\n```\n# not a heading\n```\n",
        "# A\n~~~\n# not a heading\n~~~\n",
        "# A\n<!--\n# not a heading\n-->\n",
        "# A\n- <div>\n# B\n",
        "# A\r\n# B\r\n",
        "# A\u2028# B\n",
    ],
)
def test_sections_leave_prompts_whole_where_a_cut_could_change_them(text: str) -> None:
    assert sections(text) is None

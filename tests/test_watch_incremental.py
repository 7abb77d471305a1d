"""`specgap watch`'s builds: `pipeline.build` itself, through a content-keyed cache. The same
bytes as a build without one after every kind of edit, and only changed units computed."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specgap.artifacts import load_artifact
from specgap.cache import Cache
from specgap.config import load_project
from specgap.errors import SpecgapError
from specgap.extract import extract
from specgap.ir import Diagnostic, ToolSummary
from specgap.jsontext import TextCache, fast_dumps
from specgap.pipeline import Options, build
from specgap.sections import sections
from specgap.units import extract_artifact
from specgap.watch import Built, cached_build

NEW_RULE = "- Requests made with `sql.execute` must time out within 20 seconds.\n"


def _full(root: Path, options: Options | None = None) -> str:
    bundle, _ = build(load_project(root / "specgap.toml"), options or Options())
    return bundle.to_json()


class _Watch:
    """One cache and text memo across builds, as a watch session keeps them."""

    def __init__(self) -> None:
        self.cache = Cache()
        self.texts = TextCache()

    def build(self, root: Path, options: Options | None = None) -> Built:
        project = load_project(root / "specgap.toml")
        return cached_build(project, options or Options(), self.cache, self.texts)


def _rules(built: Built) -> int:
    return sum(len(state.rules) for state in built.states)


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
    watch = _Watch()
    assert watch.build(project_dir).text == _full(project_dir)
    for name, edit in EDITS:
        edit(project_dir)
        built = watch.build(project_dir)
        assert built.text == _full(project_dir), name
        assert built.bundle.to_json() == built.text, name


def test_strict_and_non_strict_builds_do_not_share_results(project_dir: Path) -> None:
    _replace(
        project_dir / "fixtures/sql/prompt.md", "`sql.schema_lookup` before", "`frobnicator` before"
    )
    watch = _Watch()
    texts = set()
    for strict in (False, True, False):
        options = Options(strict=strict)
        text = watch.build(project_dir, options).text
        assert text == _full(project_dir, options)
        texts.add(text)
    assert len(texts) == 2  # strictness shows in the policy, so a shared result would too


def test_only_the_changed_artifact_is_parsed_and_extracted(project_dir: Path) -> None:
    watch = _Watch()
    first = watch.build(project_dir)
    assert first.artifacts == 6
    assert len(first.extracted) == 6
    rules = _rules(first)
    _insert(project_dir / "fixtures/sql/prompt.md", NEW_RULE, 999)
    built = watch.build(project_dir)
    cache = watch.cache
    assert built.parsed == ("fixtures/sql/prompt.md",)
    assert built.extracted == ("fixtures/sql/prompt.md",)
    assert (cache.computed["registry"], cache.computed["tools"]) == (0, 0)
    assert _rules(built) == rules + 1
    assert cache.computed["rule"] == 1  # the new rule; every other one is the same
    assert cache.reused["rule"] == rules
    assert built.text == _full(project_dir)


def test_an_unchanged_project_computes_nothing(project_dir: Path) -> None:
    watch = _Watch()
    first = watch.build(project_dir)
    again = watch.build(project_dir)
    assert again.text == first.text
    assert (again.parsed, again.extracted) == ((), ())
    assert sum(watch.cache.computed.values()) == 0
    files = first.artifacts + sum(len(s.inputs) for s in first.states)
    assert watch.cache.reused["file"] == files
    assert watch.cache.reused["rule"] == _rules(first)


def test_a_runtime_config_edit_keeps_the_registry(project_dir: Path) -> None:
    watch = _Watch()
    watch.build(project_dir)
    _replace(project_dir / "fixtures/sql/config.yaml", "30", "45")
    built = watch.build(project_dir)
    assert built.extracted == ("fixtures/sql/config.yaml",)
    assert watch.cache.computed["registry"] == 0
    assert built.text == _full(project_dir)


def test_a_registry_edit_rebuilds_the_registry_but_checks_no_schema(project_dir: Path) -> None:
    watch = _Watch()
    watch.build(project_dir)
    watch.build(project_dir)  # the tools files' results must outlive builds that keep all
    watch.build(project_dir)
    _replace(project_dir / "registries/sql.yaml", "run query", "run a query")
    built = watch.build(project_dir)
    cache = watch.cache
    assert built.extracted == ()
    assert cache.computed["registry"] == 1
    assert cache.computed["tools"] == 0
    assert cache.reused["tools"] > 0
    assert cache.computed["rule"] > 0  # the sql agent's rules meet a new registry
    assert built.text == _full(project_dir)


def test_a_tools_files_schema_problem_is_still_reported_when_reused(project_dir: Path) -> None:
    tools = project_dir / "fixtures/cloud/tools.json"
    data = json.loads(tools.read_text("utf-8"))
    data["tools"][0]["inputSchema"]["type"] = "no such type"
    tools.write_text(json.dumps(data, indent=2), "utf-8")
    watch = _Watch()
    watch.build(project_dir)
    _insert(project_dir / "fixtures/cloud/prompt.md", "Some more words.\n", 1)
    built = watch.build(project_dir)
    assert watch.cache.reused["tools"] == 2  # the sql and the cloud agent's tools files
    assert watch.cache.computed["tools"] == 0
    assert "invalid-tools" in {d.code for d in built.bundle.diagnostics}
    assert built.text == _full(project_dir)


def test_a_failed_build_keeps_the_cache_for_the_next_good_one(project_dir: Path) -> None:
    watch = _Watch()
    watch.build(project_dir)
    config = project_dir / "fixtures/sql/config.yaml"
    good = config.read_text("utf-8")
    config.write_text(good.replace("products]", "products"), "utf-8")
    with pytest.raises(SpecgapError) as failure:
        watch.build(project_dir)
    assert [d.code for d in failure.value.diagnostics] == ["malformed-yaml"]
    config.write_text(good, "utf-8")
    built = watch.build(project_dir)
    assert (built.extracted, built.parsed) == ((), ())
    assert watch.cache.reused["extract"] == 6
    assert built.text == _full(project_dir)


def test_text_cache_matches_to_json_and_refuses_marker_like_strings(project_dir: Path) -> None:
    bundle = _Watch().build(project_dir).bundle
    cache = TextCache()
    assert cache.bundle_json(bundle) == bundle.to_json()
    assert cache.rendered > 0
    assert cache.bundle_json(bundle) == bundle.to_json()
    assert cache.rendered == 0  # every item reused
    sneaky = ToolSummary(id="x", names=("\x00specgap-splice-0\x00",), effects=())
    agent = bundle.agents[0].model_copy(update={"tools": (sneaky,)})
    odd = bundle.model_copy(update={"agents": (agent, *bundle.agents[1:])})
    assert cache.bundle_json(odd) == odd.to_json()
    rule = bundle.agents[0].candidates[0]
    spelled = rule.model_copy(update={"quote": "\x00specgap-span-0\x00"})
    agent = bundle.agents[0].model_copy(update={"candidates": (spelled,)})
    odd = bundle.model_copy(update={"agents": (agent, *bundle.agents[1:])})
    assert cache.bundle_json(odd) == odd.to_json()


def test_text_cache_renders_a_moved_item_from_its_content(project_dir: Path) -> None:
    bundle = _Watch().build(project_dir).bundle
    cache = TextCache()
    cache.bundle_json(bundle)
    agent = bundle.agents[0]
    moved = []
    for policy in agent.policies:
        span = policy.source.span
        down = span.model_copy(update={"start_line": span.start_line + 3, "end_line": 999})
        moved.append(
            policy.model_copy(update={"source": policy.source.model_copy(update={"span": down})})
        )
    shifted = bundle.model_copy(
        update={"agents": (agent.model_copy(update={"policies": tuple(moved)}), *bundle.agents[1:])}
    )
    assert cache.bundle_json(shifted) == shifted.to_json()
    assert cache.rendered == len(moved)  # new objects...
    assert cache.filled == len(moved)  # ...filled into the text kept for their content
    assert '"end_line": 999' in cache.bundle_json(shifted)
    # The same finding with and without a span is not the same text.
    where = agent.policies[0].source.span
    found = Diagnostic(code="some-code", message="a finding", severity="warning", span=where)
    both = shifted.model_copy(
        update={"diagnostics": (found, found.model_copy(update={"span": None}))}
    )
    assert cache.bundle_json(both) == both.to_json()


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
    watch = _Watch()
    watch.build(project_dir)
    watch.build(project_dir)  # a build that reuses everything must keep it all
    _insert(project_dir / "fixtures/sql/prompt.md", NEW_RULE, 2)  # the sections below move
    built = watch.build(project_dir)
    assert built.text == _full(project_dir)
    assert watch.cache.computed["section"] == 1
    assert watch.cache.computed["rule"] == 1
    cut = sections((project_dir / "fixtures/sql/prompt.md").read_text("utf-8"))
    assert cut is not None
    assert len(cut) > 2
    # Every section of the edited prompt is placed anew (the first one holds the new rule,
    # the others moved), but only the edited one is read again.
    assert watch.cache.computed["placed"] == len(cut)


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


def _same_extraction(path: Path, display: str) -> None:
    """Section by section (what every build does) == the whole prompt at once."""
    artifact = load_artifact("prompt", path, display)
    whole = extract([artifact])
    cut = extract_artifact(artifact, "deterministic", None, None, 0)
    assert cut.rules == whole.rules
    assert sorted(cut.diagnostics, key=Diagnostic.sort_key) == sorted(
        whole.diagnostics, key=Diagnostic.sort_key
    )


@pytest.mark.parametrize("prompt", ["fixtures/sql/prompt.md", "fixtures/cloud/prompt.md"])
def test_section_extraction_is_whole_prompt_extraction(project_dir: Path, prompt: str) -> None:
    path = project_dir / prompt
    found = sections(path.read_text("utf-8"))
    assert found is not None
    assert len(found) > 1
    _same_extraction(path, prompt)


@pytest.mark.slow
def test_random_edits_of_a_long_prompt_give_the_full_builds_bytes(project_dir: Path) -> None:
    rnd = random.Random(7)
    root = _long_prompt_project(project_dir, 40)
    prompt = root / "fixtures/sql/prompt.md"
    watch = _Watch()
    assert watch.build(root).text == _full(root)
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
        built = watch.build(root)
        assert built.text == _full(root), (n, kind, at)
        _same_extraction(prompt, "fixtures/sql/prompt.md")
        assert watch.cache.computed["section"] <= 2


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


@pytest.mark.parametrize("path", ["a.md", 'odd "quoted"\\path.md', "ünï/cödé ✓.md", "tab\there"])
def test_a_span_is_written_as_the_encoder_writes_it(path: str) -> None:
    from specgap.ir import Span
    from specgap.jsontext import _span_json

    span = Span(
        path=path, start_line=3, start_col=1, end_line=4, end_col=9, start_byte=20, end_byte=57
    )
    expected = fast_dumps(span.model_dump(mode="json")).replace("\n", "\n    ")
    assert _span_json(span, "\n    ") == expected


def test_a_tool_edit_that_changes_what_a_call_acts_on_rereads_the_prompt(tmp_path: Path) -> None:
    """The prompt's reading depends on the tools' nouns ("at most 5 sections per term" is 5
    calls when each call takes one `section_id`, a bound on a number `sections` otherwise):
    a tools-only edit that changes them gives the full build's bytes, never a stale
    reading kept under the prompt's unchanged text."""
    tools = [
        {"type": "function", "function": {"name": "enroll_student",
         "description": "Enroll a student in a course section.",
         "parameters": {"type": "object", "properties": {
             "student_id": {"type": "string"}, "sections": {"type": "integer"}},
             "required": ["student_id"]}}},
    ]  # fmt: skip
    (tmp_path / "tools.json").write_text(json.dumps(tools), "utf-8")
    (tmp_path / "prompt.md").write_text(
        "# Desk\n\nStudents may enroll in at most 5 sections per term.\n", "utf-8"
    )
    (tmp_path / "specgap.toml").write_text(
        'out = "policy.json"\n\n[[agents]]\nid = "desk"\nprompts = ["prompt.md"]\n'
        'tools = ["tools.json"]\n',
        "utf-8",
    )
    watch = _Watch()
    first = watch.build(tmp_path)
    assert first.text == _full(tmp_path)
    props = tools[0]["function"]["parameters"]["properties"]  # type: ignore[index]
    del props["sections"]
    props["section_id"] = {"type": "string"}
    (tmp_path / "tools.json").write_text(json.dumps(tools), "utf-8")
    again = watch.build(tmp_path)
    assert again.text == _full(tmp_path)
    assert again.text != first.text  # the edit does change the reading

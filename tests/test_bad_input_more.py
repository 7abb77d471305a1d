"""More bad input: each case is a located diagnostic, exit 2, no traceback, and the
policy on disk untouched (see DESIGN.md, "Diagnostics and exit codes")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_helpers import LOCATED, replace_in, specgap, write_file

SQL_TRACE = "fixtures/sql/traces/safe/out_of_stock.json"
TOOLS = "fixtures/sql/tools.json"


def _nothing(root: Path) -> None:
    pass


CASES: list[tuple[str, Callable[[Path], None], list[str], str]] = [
    # (id, edit, argv after the command's --config, expected code)
    (
        "json-deep-nesting",
        write_file(TOOLS, "[" * 100_000 + "]" * 100_000),
        ["build"],
        "input-too-complex",
    ),
    (
        "json-long-integer",
        write_file(TOOLS, "[" + "9" * 5000 + "]"),
        ["build"],
        "input-too-complex",
    ),
    (
        "yaml-deep-nesting",
        write_file("fixtures/sql/config.yaml", "[" * 100_000 + "]" * 100_000),
        ["build"],
        "input-too-complex",
    ),
    (
        # anchors repeated inside anchors ("billion laughs"): 9**8 values once expanded
        "yaml-alias-bomb",
        write_file(
            "fixtures/sql/config.yaml",
            "a: &a [1]\n"
            + "".join(
                f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n"
                for p, c in zip("abcdefgh", "bcdefghi", strict=True)
            ),
        ),
        ["build"],
        "input-too-complex",
    ),
    (
        "yaml-anchor-in-itself",
        write_file("fixtures/sql/config.yaml", "a: &a [*a]\n"),
        ["build"],
        "input-too-complex",
    ),
    (
        "toml-long-integer",
        replace_in("specgap.toml", 'extractor = "deterministic"', "x = " + "9" * 5000),
        ["build"],
        "input-too-complex",
    ),
    (
        "json-infinity",
        replace_in(TOOLS, '"maximum": 60', '"maximum": 1e400'),
        ["build"],
        "invalid-number",
    ),
    ("json-nan", replace_in(TOOLS, '"maximum": 60', '"maximum": NaN'), ["eval"], "invalid-number"),
    (
        "yaml-infinity",
        replace_in("fixtures/sql/config.yaml", "max_rows: 100", "max_rows: .inf"),
        ["build"],
        "invalid-number",
    ),
    (
        "schema-not-json-schema",
        replace_in(TOOLS, '"maximum": 60', '"maximum": "60"'),
        ["build"],
        "invalid-tools",
    ),
    (
        "schema-bad-type",
        replace_in(TOOLS, '"type": "number"', '"type": ["number", 5]'),
        ["eval"],
        "invalid-tools",
    ),
    (
        "out-is-a-folder",
        replace_in("specgap.toml", '"policy/policy.json"', '"policy"'),
        ["build"],
        "unwritable-output",
    ),
    (
        "no-agents",
        write_file("specgap.toml", 'out = "policy/policy.json"\n'),
        ["build"],
        "no-agents",
    ),
    ("empty-config", write_file("specgap.toml", ""), ["eval"], "no-agents"),
    (
        "glob-matches-nothing",
        replace_in(
            "specgap.toml", "fixtures/sql/traces/safe/*.json", "fixtures/sql/traces/*.nothing"
        ),
        ["eval"],
        "empty-glob",
    ),
    ("eval-output-folder", _nothing, ["eval", "--output", "{root}/policy"], "unwritable-output"),
    (
        "eval-output-under-file",
        _nothing,
        ["eval", "--output", "{root}/policy/policy.json/report.txt"],
        "unwritable-output",
    ),
    (
        "resolve-broken-registry",
        write_file("registries/sql.yaml", "[1]\n"),
        ["resolve", "SQL tool"],
        "invalid-registry",
    ),
    (
        "policy-other-schema-version",
        replace_in("policy/policy.json", '"schema_version": "1"', '"schema_version": "99"'),
        ["explain", "sql.timeout_leq"],
        "unsupported-schema-version",
    ),
    (
        "check-policy-other-schema-version",
        replace_in("policy/policy.json", '"schema_version": "1"', '"schema_version": "99"'),
        [
            "check",
            "--agent",
            "sql",
            "--policy",
            "{root}/policy/policy.json",
            f"{{root}}/{SQL_TRACE}",
        ],
        "unsupported-schema-version",
    ),
    (
        "import-output-folder",
        _nothing,
        [
            "registry",
            "import",
            "--from",
            "openai",
            f"{{root}}/{TOOLS}",
            "--output",
            "{root}/policy",
        ],
        "unwritable-output",
    ),
]


@pytest.mark.parametrize(
    ("edit", "argv", "code"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_input_is_a_located_diagnostic(
    project_dir: Path, edit: Callable[[Path], None], argv: list[str], code: str
) -> None:
    policy = project_dir / "policy" / "policy.json"
    edit(project_dir)
    before = policy.read_bytes()
    args = [a.replace("{root}", str(project_dir)) for a in argv]
    run = specgap(*args, cwd=project_dir)
    assert run.code == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    assert "internal-error" not in run.stderr, run.stderr
    assert code in [m["code"] for m in LOCATED.finditer(run.stderr)], run.stderr
    assert "help: " in run.stderr
    assert policy.read_bytes() == before
    assert not list(project_dir.rglob("*.tmp"))


def test_a_bad_ollama_host_is_a_setting_error(
    project_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from specgap.errors import SpecgapError
    from specgap.extract.llm import Backend, LlmSettings

    monkeypatch.delenv("OLLAMA_HOST", raising=False)
    with pytest.raises(SpecgapError) as caught:
        Backend(LlmSettings(model="m", host="http://127.0.0.1:port"))
    assert caught.value.diagnostics[0].code == "invalid-setting"


def test_openapi_fields_of_the_wrong_type_are_skipped_not_a_crash(project_dir: Path) -> None:
    doc = project_dir / "api.json"
    doc.write_text(
        '{"openapi": "3.0.0", "info": {"title": "x"}, "paths": {"/a": {"get": '
        '{"operationId": "g", "tags": 5, "parameters": [{"name": "q", "in": "query", '
        '"schema": 5}]}}}}'
    )
    run = specgap("registry", "import", "--from", "openapi", str(doc))
    assert run.code == 0, run.stderr
    assert "internal-error" not in run.stderr
    assert "imported 1 tools" in run.stderr


def test_watch_once_refuses_a_project_without_agents(project_dir: Path) -> None:
    out = project_dir / "policy" / "policy.json"
    before = out.read_bytes()
    (project_dir / "specgap.toml").write_text('out = "policy/policy.json"\n')
    run = specgap("watch", "--once", cwd=project_dir)
    assert run.code == 2
    assert "no-agents" in run.stderr
    assert out.read_bytes() == before


def test_a_tool_without_a_name_is_located_at_its_entry(project_dir: Path) -> None:
    tools = project_dir / "fixtures" / "cloud" / "tools.json"
    tools.write_text(tools.read_text().replace('"name": "fetch",', '"title": "fetch",'))
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    found = re.search(r"fixtures/cloud/tools\.json:(\d+):(\d+): invalid-tools: ", run.stderr)
    assert found is not None, run.stderr
    assert (int(found[1]), int(found[2])) == (60, 5)  # the `{` of the entry
    assert "help: " in run.stderr


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_jsonl_traces_reject_non_finite_numbers(project_dir: Path, number: str) -> None:
    # a NaN timeout compares false against every bound: it must never reach a check
    trace = project_dir / "t.jsonl"
    trace.write_text(
        '{"type": "tool_call", "name": "execute_sql", "args": {"query": "SELECT 1 FROM orders",'
        f' "timeout_seconds": {number}}}}}\n'
    )
    policy = project_dir / "policy" / "policy.json"
    run = specgap("check", "--agent", "sql", "--policy", str(policy), str(trace))
    assert run.code == 2
    assert re.search(r"t\.jsonl:1:\d+: invalid-number: ", run.stderr), run.stderr


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_an_empty_trace_is_an_input_error(project_dir: Path, text: str) -> None:
    policy = project_dir / "policy" / "policy.json"
    run = specgap("check", "--agent", "sql", "--policy", str(policy), "-", stdin=text)
    assert run.code == 2
    assert "<stdin>:1:1: empty-trace: " in run.stderr
    assert "help: " in run.stderr


@pytest.mark.parametrize(
    "text", ['[{"type": "tool_call", "name": "execute_sql", "args": {}}]', '{"foo": [1, 2]}']
)
def test_a_forced_format_that_matches_nothing_is_an_error(project_dir: Path, text: str) -> None:
    trace = project_dir / "t.json"
    trace.write_text(text)
    policy = project_dir / "policy" / "policy.json"
    args = ("check", "--agent", "sql", "--policy", str(policy), "--trace-format", "mcp")
    run = specgap(*args, str(trace))
    assert run.code == 2
    assert re.search(r"t\.json:1:1: no-events: no `mcp` events", run.stderr), run.stderr


def test_unknown_agent_and_policy_are_located_at_the_policy_file(project_dir: Path) -> None:
    policy = project_dir / "policy" / "policy.json"
    trace = project_dir / "fixtures" / "sql" / "traces" / "safe" / "top_customers.json"
    run = specgap("check", "--agent", "nope", "--policy", str(policy), str(trace))
    assert run.code == 2
    assert re.search(r"policy/policy\.json:1:1: unknown-agent: .*`nope`", run.stderr)
    run = specgap("explain", "sql.nope", cwd=project_dir)
    assert run.code == 2
    assert "policy/policy.json:1:1: unknown-policy: " in run.stderr

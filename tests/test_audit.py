"""`specgap audit`: the findings of `specgap check` for a corpus, the same bytes whatever
the engine and the number of jobs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import specgap
from trace_support import DATA, ROOT, reference_bundle

from specgap.audit import audit, batches, expand
from specgap.check import IDENTITY_POLICIES, check_traces

POLICY = str(ROOT / "policy" / "policy.json")


def _corpus(agent: str) -> list[str]:
    """The reference traces and every adapter sample (some unreadable, some foreign)."""
    files = sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
    files += sorted(p for p in DATA.glob("*/*") if p.is_file())
    return [p.as_posix() for p in files]


def _is_finding(line: str) -> bool:
    data = json.loads(line)
    identity = any(h["policy"] in IDENTITY_POLICIES for h in data["hits"])
    return data["verdict"] == "deny" or identity or data["event"] == "unreadable"


def _check_findings(agent: str, paths: list[str], **options: Any) -> tuple[list[str], Any]:
    lines: list[str] = []
    result = check_traces(reference_bundle(), agent, paths, "jsonl", lines.append, **options)
    return [line for line in lines if _is_finding(line)], result


def _audit(agent: str, paths: list[str], **options: Any) -> tuple[list[str], Any]:
    lines: list[str] = []
    result = audit(reference_bundle(), agent, paths, lines.append, **options)
    return lines, result


@pytest.mark.parametrize("on_error", ["default", "closed"])
@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_audit_reports_what_check_finds(agent: str, on_error: str) -> None:
    paths = _corpus(agent)
    expected, checked = _check_findings(agent, paths, on_error=on_error)
    lines, result = _audit(agent, paths, on_error=on_error, jobs=1)
    assert lines[:-1] == expected
    assert len(expected) >= 4  # the unsafe reference traces are among them
    summary = json.loads(lines[-1])["audit"]
    assert summary == {
        "denied": checked.denied,
        "errors": checked.errors,
        "events": checked.events,
        "files": len(paths),
        "flagged": checked.flagged,
        "traces": checked.traces,
    }
    assert [d.code for d in result.diagnostics] == [d.code for d in checked.diagnostics]


@pytest.mark.parametrize("fmt", ["jsonl", "table"])
def test_the_output_is_the_same_bytes_for_any_number_of_jobs(fmt: str) -> None:
    paths = _corpus("cloud")
    one, _ = _audit("cloud", paths, fmt=fmt, jobs=1)
    for jobs in (2, 3):
        many, _ = _audit("cloud", paths, fmt=fmt, jobs=jobs)
        assert many == one


def test_batches_keep_the_input_order_and_lose_nothing() -> None:
    paths = [f"f{n}" for n in range(23)]
    for jobs in (1, 2, 5, 40):
        found = batches(paths, jobs)
        assert [p for batch in found for p in batch] == paths
        assert all(found)


def test_a_folder_stands_for_its_trace_files_in_sorted_order(tmp_path: Path) -> None:
    for name in ("b.jsonl", "a/c.json", "a/notes.txt", "d.ndjson"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}", "utf-8")
    found = expand([str(tmp_path), "x.json"])
    rel = [Path(p).relative_to(tmp_path).as_posix() for p in found[:-1]]
    assert rel == ["a/c.json", "b.jsonl", "d.ndjson"]
    assert found[-1] == "x.json"


def test_the_command_exits_as_check_does(tmp_path: Path) -> None:
    safe = sorted(str(p) for p in (ROOT / "fixtures" / "sql" / "traces" / "safe").glob("*.json"))
    clean = specgap("audit", "--agent", "sql", "--policy", POLICY, "-j", "2", *safe)
    assert clean.code == 0, clean.stderr
    assert json.loads(clean.stdout)["audit"]["denied"] == 0
    folder = str(ROOT / "fixtures" / "sql" / "traces")
    found = specgap("audit", "--agent", "sql", "--policy", POLICY, "--format", "table", folder)
    assert found.code == 1
    assert found.stdout.splitlines()[-1].startswith("audited 7 files: 7 traces")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"role": "user", "content": "hi"}\n{not json\n', "utf-8")
    bad = specgap("audit", "--agent", "sql", "--policy", POLICY, str(broken))
    assert bad.code == 2
    assert "malformed-json" in bad.stderr
    text = (ROOT / "fixtures" / "sql" / "traces" / "unsafe" / "limit_500.json").read_text()
    stdin = specgap("audit", "--agent", "sql", "--policy", POLICY, "-j", "2", "-", stdin=text)
    assert stdin.code == 1
    assert json.loads(stdin.stdout.splitlines()[-1])["audit"]["denied"] == 1


def test_a_missing_engine_is_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def without(name: str, *args: Any) -> Any:
        if name in ("distributed", "ray"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", without)
    for engine in ("dask", "ray"):
        run = specgap("audit", "--agent", "sql", "--policy", POLICY, "--engine", engine, POLICY)
        assert run.code == 2
        assert "engine-unavailable" in run.stderr
        assert f"specgap[{engine}]" in run.stderr


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_bytes() -> None:
    pytest.importorskip("distributed")
    paths = _corpus("sql")
    expected, _ = _audit("sql", paths, jobs=1)
    lines, _ = _audit("sql", paths, jobs=2, engine="dask")
    assert lines == expected


@pytest.mark.slow
def test_a_local_ray_cluster_gives_the_same_bytes() -> None:
    pytest.importorskip("ray")
    paths = _corpus("sql")
    expected, _ = _audit("sql", paths, jobs=1)
    lines, _ = _audit("sql", paths, jobs=2, engine="ray")
    assert lines == expected

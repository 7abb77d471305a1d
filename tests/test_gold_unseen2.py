"""The second blind set `tests/gold_unseen2/` (split `unseen2`, see its README): made-up
domains that live beside their gold lists and are in no corpus.

- every domain folder holds its policy, its tools and one gold file named after it;
- every gold file loads, and fits its own folder (hashes of the lines, files, tool ids);
- the split is theirs alone, and the domains are neither corpus, tuned nor first-set domains;
- `python -m benchmarks extract` scores them as the `unseen2` split, without the corpus.

Nothing here pins the extractor's figures on them: they move as the extractor improves.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from benchmarks.bench_extract import SPLITS, run
from benchmarks.gold import (
    CORPUS,
    UNSEEN2_DIR,
    check_gold,
    gold_files,
    load_gold,
    unseen_gold_files,
)
from tests.corpus_agents import corpus_tool_specs, load_json

UNSEEN2 = unseen_gold_files(UNSEEN2_DIR)
DOMAINS = sorted(p for p in UNSEEN2_DIR.iterdir() if p.is_dir())


def test_the_second_blind_set_is_there() -> None:
    assert len(DOMAINS) >= 3
    assert [p.parent for p in UNSEEN2] == DOMAINS, "one gold file per domain folder"
    assert (UNSEEN2_DIR / "README.md").is_file()
    assert "unseen2" in SPLITS


@pytest.mark.parametrize("path", UNSEEN2, ids=[p.parent.name for p in UNSEEN2])
def test_unseen2_gold_fits_schema_and_its_folder(path: Path) -> None:
    gold = load_gold(path)
    assert gold.split == "unseen2"
    assert gold.domain == path.parent.name
    assert gold.agent.prompts == ("policy.md",)
    specs = [
        s for name in gold.agent.tools for s in corpus_tool_specs(load_json(path.parent / name))
    ]
    tools = [s["function"]["name"] for s in specs]
    assert len(set(tools)) == len(tools), "tool names are unique"
    assert 12 <= len(tools) <= 16
    # every sha8 matches its line, every line has text, every tool named exists
    assert check_gold(gold, path.parent, tools) == []
    assert len({(r.at, r.note) for r in gold.rules}) == len(gold.rules), "a rule is listed twice"
    lines = (path.parent / "policy.md").read_text("utf-8").splitlines()
    assert 25 <= len(lines) <= 45
    # both kinds of sentence, and rules stated in the tool files as well as in the prose
    assert any(r.checkable for r in gold.rules)
    assert any(not r.checkable for r in gold.rules)
    assert any(r.tool is not None for r in gold.rules)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize(
    ("line", "hashed", "problems"),
    [
        ("- Kennels are cleaned before noon.", "- Kennels are cleaned before noon.", 0),
        ("   - Kennels are cleaned before noon.  ", "- Kennels are cleaned before noon.", 0),
        ("- Kennels are cleaned before noon.", "- Kennels are cleaned after noon.", 1),
        ("- Kennels are cleaned before noon.", "   - Kennels are cleaned before noon.", 1),
    ],
)
def test_sha8_pins_the_stripped_line(tmp_path: Path, line: str, hashed: str, problems: int) -> None:
    """The hash a gold rule carries is that of its line without surrounding blanks (the
    convention `tests/gold_unseen2/` was written in); any other text is a located problem."""
    (tmp_path / "policy.md").write_text(f"# Kennel desk\n{line}\n", "utf-8")
    (tmp_path / "tools.json").write_text("[]", "utf-8")
    path = tmp_path / "kennel.yaml"
    path.write_text(
        "domain: kennel\nsplit: unseen2\nagent: {prompts: [policy.md], tools: [tools.json]}\n"
        f'rules:\n  - at: policy.md:2\n    sha8: "{_digest(hashed)}"\n    note: cleaning hours\n'
        '    checkable: false\n    why: "scope: a fact"\n',
        "utf-8",
    )
    found = check_gold(load_gold(path), tmp_path, [])
    assert len(found) == problems
    assert all("kennel: policy.md:2: sha8" in p for p in found)


def test_unseen2_domains_are_new_and_the_split_is_theirs() -> None:
    others = [load_gold(p) for p in [*gold_files(), *unseen_gold_files()]]
    assert not any(g.split == "unseen2" for g in others), "the split belongs to this set"
    names = {p.parent.name for p in UNSEEN2}
    assert not names & {g.domain for g in others}
    if CORPUS.is_dir():
        assert not names & {p.name for p in CORPUS.iterdir()}


@pytest.mark.slow  # builds all nine blind domains (~5 s); the unseen test runs the same build
def test_benchmark_scores_the_unseen2_split_without_the_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run([f"--corpus={tmp_path / 'absent'}", "--json"])
    figures = json.loads(capsys.readouterr().out)
    rows = {d: r for d, r in figures["domains"].items() if r["split"] == "unseen2"}
    assert sorted(rows) == [p.parent.name for p in UNSEEN2]
    total = figures["totals"]["unseen2"]
    assert total["gold_sentences"] == sum(len(load_gold(p).rules) for p in UNSEEN2)
    checkable = sum(len(r.expect) for p in UNSEEN2 for r in load_gold(p).rules if r.checkable)
    assert total["checkable_expectations"] == checkable
    assert 0 <= total["matched_expectations"] <= total["checkable_expectations"]


def _runs(text: str, n: int = 6) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.corpus
def test_unseen2_policies_share_no_wording_with_the_corpus(corpus: Path) -> None:
    """Written in our own words: no run of six words of a blind policy is in a corpus text."""
    seen: set[str] = set()
    for path in corpus.rglob("*.md"):
        seen |= _runs(path.read_text("utf-8", "replace"))
    for domain in DOMAINS:
        assert not _runs((domain / "policy.md").read_text("utf-8")) & seen, domain.name

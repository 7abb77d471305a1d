"""The blind set `tests/gold_unseen/` (split `unseen`, see its README): made-up domains that
live beside their gold lists and are in no corpus.

- every domain folder holds its policy, its tools and one gold file named after it;
- every gold file fits its schema and its own folder (hashes, lines, files, tools);
- the domains are not corpus domains and no other gold list claims the split;
- `python -m benchmarks extract` scores them as the `unseen` split, without the corpus.

Nothing here pins the extractor's figures on them: they move as the extractor improves.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks.bench_extract import run
from benchmarks.gold import (
    CORPUS,
    UNSEEN_DIR,
    GoldError,
    check_gold,
    gold_files,
    load_gold,
    unseen_gold_files,
)
from tests.corpus_agents import corpus_tool_specs, load_json

UNSEEN = unseen_gold_files()
DOMAINS = sorted(p for p in UNSEEN_DIR.iterdir() if p.is_dir())


def test_the_blind_set_is_there() -> None:
    assert len(DOMAINS) >= 3
    assert [p.parent for p in UNSEEN] == DOMAINS, "one gold file per domain folder"
    assert (UNSEEN_DIR / "README.md").is_file()


@pytest.mark.parametrize("path", UNSEEN, ids=[p.parent.name for p in UNSEEN])
def test_unseen_gold_fits_schema_and_its_folder(path: Path) -> None:
    gold = load_gold(path)
    assert gold.split == "unseen"
    assert gold.domain == path.parent.name
    specs = [
        s for name in gold.agent.tools for s in corpus_tool_specs(load_json(path.parent / name))
    ]
    tools = [s["function"]["name"] for s in specs]
    assert len(set(tools)) == len(tools), "tool names are unique"
    assert 10 <= len(tools) <= 15
    assert check_gold(gold, path.parent, tools) == []
    assert len({(r.at, r.note) for r in gold.rules}) == len(gold.rules), "a rule is listed twice"
    # both kinds of sentence are listed: the blind set tests diagnostics as well as policies
    assert any(r.checkable for r in gold.rules)
    assert any(not r.checkable for r in gold.rules)


def test_unseen_domains_are_not_corpus_or_tuned_domains() -> None:
    others = [load_gold(p) for p in gold_files()]
    assert not any(g.split == "unseen" for g in others), "the split belongs to the blind set"
    names = {p.parent.name for p in UNSEEN}
    assert not names & {g.domain for g in others}
    if CORPUS.is_dir():
        assert not names & {p.name for p in CORPUS.iterdir()}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("split: unseen", None),
        ("split: blind", "split"),
    ],
)
def test_split_names(tmp_path: Path, text: str, message: str | None) -> None:
    path = tmp_path / "kiosk.yaml"
    path.write_text(
        f"domain: kiosk\n{text}\nagent: {{prompts: [p.md], tools: [t.json]}}\nrules: []\n"
    )
    if message is None:
        assert load_gold(path).split == "unseen"
    else:
        with pytest.raises(GoldError, match=message):
            load_gold(path)


@pytest.mark.slow  # builds the three blind sets (nine domains)
def test_benchmark_scores_the_unseen_split_without_the_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run([f"--corpus={tmp_path / 'absent'}", "--json"])
    figures = json.loads(capsys.readouterr().out)
    # the second and third blind sets (tests/test_gold_unseen2.py, _unseen3.py) are scored beside it
    rows = {
        d: row
        for d, row in figures["domains"].items()
        if row["split"] not in {"unseen2", "unseen3"}
    }
    assert sorted(rows) == [p.parent.name for p in UNSEEN]
    assert {row["split"] for row in rows.values()} == {"unseen"}
    sentences = sum(len(load_gold(p).rules) for p in UNSEEN)
    assert figures["totals"]["unseen"]["gold_sentences"] == sentences
    assert figures["totals"]["tuned"]["gold_sentences"] == 0
    total = figures["totals"]["unseen"]
    assert 0 <= total["matched_expectations"] <= total["checkable_expectations"]


def test_benchmark_with_a_gold_folder_leaves_the_unseen_set_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "gold").mkdir()
    (tmp_path / "corpus").mkdir()
    run([f"--corpus={tmp_path / 'corpus'}", f"--gold={tmp_path / 'gold'}", "--json"])
    assert json.loads(capsys.readouterr().out)["domains"] == {}


def _runs(text: str, n: int = 6) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.corpus
def test_unseen_policies_share_no_wording_with_the_corpus(corpus: Path) -> None:
    """Written in our own words: no run of six words of a blind policy is in a corpus text."""
    seen: set[str] = set()
    for path in corpus.rglob("*.md"):
        seen |= _runs(path.read_text("utf-8", "replace"))
    for domain in DOMAINS:
        assert not _runs((domain / "policy.md").read_text("utf-8")) & seen, domain.name

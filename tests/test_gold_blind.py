"""The thirty-nine blind sets `tests/gold_unseen/`, `gold_unseen2/` .. `gold_unseen39/`
(splits `unseen`, `unseen2` .. `unseen39`; see each folder's README): made-up domains
that live beside their gold lists and are in no corpus.

- every domain folder holds its policy, its tools and one gold file named after it;
- every gold file loads, and fits its own folder (hashes of the lines, files, tool ids);
- each split belongs to its set alone, and no domain is a corpus, tuned or other blind domain;
- `python -m benchmarks extract` scores each set as its split, without the corpus.

Each set was written to its own brief, so the shape checks (how many tools, how long the
policy, which kinds of rule it must hold) are the set's own, in `BLIND` below. Nothing here
pins the extractor's figures on them: they move as the extractor improves.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks.bench_extract import SPLITS, run
from benchmarks.gold import (
    APART,
    CORPUS,
    OPENED,
    UNSEEN2_DIR,
    UNSEEN3_DIR,
    UNSEEN4_DIR,
    UNSEEN5_DIR,
    UNSEEN6_DIR,
    UNSEEN7_DIR,
    UNSEEN8_DIR,
    UNSEEN9_DIR,
    UNSEEN10_DIR,
    UNSEEN11_DIR,
    UNSEEN12_DIR,
    UNSEEN13_DIR,
    UNSEEN14_DIR,
    UNSEEN15_DIR,
    UNSEEN16_DIR,
    UNSEEN17_DIR,
    UNSEEN18_DIR,
    UNSEEN19_DIR,
    UNSEEN20_DIR,
    UNSEEN21_DIR,
    UNSEEN22_DIR,
    UNSEEN23_DIR,
    UNSEEN24_DIR,
    UNSEEN25_DIR,
    UNSEEN26_DIR,
    UNSEEN27_DIR,
    UNSEEN28_DIR,
    UNSEEN29_DIR,
    UNSEEN30_DIR,
    UNSEEN31_DIR,
    UNSEEN32_DIR,
    UNSEEN33_DIR,
    UNSEEN34_DIR,
    UNSEEN35_DIR,
    UNSEEN36_DIR,
    UNSEEN37_DIR,
    UNSEEN38_DIR,
    UNSEEN39_DIR,
    UNSEEN_DIR,
    GoldError,
    check_gold,
    gold_files,
    load_gold,
    unseen_gold_files,
)
from tests.corpus_agents import corpus_tool_specs, load_json


@dataclass(frozen=True)
class Blind:
    """One blind set and the shape its brief asked for."""

    folder: Path
    split: str
    tools: tuple[int, int]  # how many tools a domain has, inclusive
    lines: tuple[int, int] | None = None  # how many lines its policy.md has
    # the later briefs asked for more: one prompt file named policy.md, rules stated in tool
    # files, conditional rules, and every rule's argument a parameter of its tool
    policy_md_only: bool = False
    tool_rules: bool = False
    conditions: bool = False
    arguments: bool = False


def _later(folder: Path, split: str) -> Blind:
    """A set written to the tenth brief's shape: 12-15 tools, policies of 50-65 lines."""
    return Blind(
        folder,
        split,
        (12, 15),
        (50, 65),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    )


_LATER = (
    (UNSEEN10_DIR, "unseen10"),
    (UNSEEN11_DIR, "unseen11"),
    (UNSEEN12_DIR, "unseen12"),
    (UNSEEN13_DIR, "unseen13"),
    (UNSEEN14_DIR, "unseen14"),
    (UNSEEN15_DIR, "unseen15"),
    (UNSEEN16_DIR, "unseen16"),
    (UNSEEN17_DIR, "unseen17"),
    (UNSEEN18_DIR, "unseen18"),
    (UNSEEN19_DIR, "unseen19"),
    (UNSEEN20_DIR, "unseen20"),
    (UNSEEN21_DIR, "unseen21"),
    (UNSEEN22_DIR, "unseen22"),
    (UNSEEN23_DIR, "unseen23"),
    (UNSEEN24_DIR, "unseen24"),
    (UNSEEN25_DIR, "unseen25"),
    (UNSEEN26_DIR, "unseen26"),
    (UNSEEN27_DIR, "unseen27"),
    (UNSEEN28_DIR, "unseen28"),
    (UNSEEN29_DIR, "unseen29"),
    (UNSEEN30_DIR, "unseen30"),
    (UNSEEN31_DIR, "unseen31"),
    (UNSEEN32_DIR, "unseen32"),
    (UNSEEN33_DIR, "unseen33"),
    (UNSEEN34_DIR, "unseen34"),
    (UNSEEN35_DIR, "unseen35"),
    (UNSEEN36_DIR, "unseen36"),
    (UNSEEN37_DIR, "unseen37"),
    (UNSEEN38_DIR, "unseen38"),
    (UNSEEN39_DIR, "unseen39"),
)
BLIND = (
    Blind(UNSEEN_DIR, "unseen", (10, 15)),
    Blind(UNSEEN2_DIR, "unseen2", (12, 16), (25, 45), policy_md_only=True, tool_rules=True),
    Blind(
        UNSEEN3_DIR,
        "unseen3",
        (12, 16),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    Blind(
        UNSEEN4_DIR,
        "unseen4",
        (12, 16),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the fifth brief asked for 8-15 tools and policy styles the earlier sets had not used
    Blind(
        UNSEEN5_DIR,
        "unseen5",
        (8, 15),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the sixth brief asked for 10-15 tools, 35-45 sentences a policy and again new styles
    Blind(
        UNSEEN6_DIR,
        "unseen6",
        (10, 15),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the seventh brief asked for the sixth's shape, in styles and domains unused before
    Blind(
        UNSEEN7_DIR,
        "unseen7",
        (10, 15),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the eighth brief asked for the same shape, in styles and domains unused before and
    # three tool-id styles other than snake_case
    Blind(
        UNSEEN8_DIR,
        "unseen8",
        (10, 15),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the ninth brief asked for 8-14 tools, 30-40 rule-like sentences a domain, again in
    # styles and domains unused before, with mixed tool-id styles
    Blind(
        UNSEEN9_DIR,
        "unseen9",
        (8, 14),
        (40, 70),
        policy_md_only=True,
        tool_rules=True,
        conditions=True,
        arguments=True,
    ),
    # the tenth brief asked for 12-15 tools, policies of 50-65 lines, ~30-40 entries a domain,
    # in realistic prompt styles and tool-id styles no earlier set used; the eleventh (~35-45
    # entries a domain), the twelfth and the thirteenth (~40-50 entries a domain) and the
    # fourteenth (~45-53 entries a domain), the fifteenth, the sixteenth, the seventeenth, the
    # eighteenth (~45-55 entries a domain), the nineteenth (~45-57 entries a domain), the
    # twentieth (~55 entries a domain), the twenty-first, the twenty-second and the twenty-third
    # (~50-55 entries a domain, 9-14 tools, policies of 55-70 lines: written within both shapes),
    # the twenty-fourth (~50-55 entries a domain, 13-15 tools, policies of 60-65 lines), the
    # twenty-fifth (~50-60 entries a domain, 12-16 tools: written within both shapes), the
    # twenty-sixth (~50-60 entries a domain, 12-16 tools, policies of ~55-70 lines: written within
    # both shapes), the twenty-seventh (sizes comparable to the twenty-sixth), the twenty-eighth
    # (sizes comparable to the twenty-seventh), the twenty-ninth (sizes comparable to the
    # twenty-eighth), the thirtieth (the same size and mix as the twenty-ninth), the thirty-first
    # (the same size and mix as the thirtieth), the thirty-second (~60-70 entries a domain, the
    # thirty-first's mix), the thirty-third (the thirty-second's size and mix), the thirty-fourth
    # (the thirty-third's size and mix), the thirty-fifth (the thirty-fourth's size and mix), the
    # thirty-sixth (the thirty-fifth's size and mix), the thirty-seventh (the thirty-sixth's size
    # and mix), the thirty-eighth (the thirty-seventh's size and mix) and the thirty-ninth (the
    # thirty-eighth's size and mix) asked for the same shape, in prompt styles, domains and
    # tool-id styles no earlier set used
    *(_later(folder, split) for folder, split in _LATER),
)
GOLD = [(b, path) for b in BLIND for path in unseen_gold_files(b.folder)]


def _domains(blind: Blind) -> list[Path]:
    return sorted(p for p in blind.folder.iterdir() if p.is_dir())


@pytest.mark.parametrize("blind", BLIND, ids=[b.split for b in BLIND])
def test_the_blind_set_is_there(blind: Blind) -> None:
    assert len(_domains(blind)) >= 3
    golds = unseen_gold_files(blind.folder)
    assert [p.parent for p in golds] == _domains(blind), "one gold file per domain folder"
    assert (blind.folder / "README.md").is_file()
    assert blind.split in SPLITS


@pytest.mark.parametrize(
    ("blind", "path"), GOLD, ids=[f"{b.split}-{p.parent.name}" for b, p in GOLD]
)
def test_gold_fits_schema_and_its_folder(blind: Blind, path: Path) -> None:
    gold = load_gold(path)
    assert gold.split == blind.split
    assert gold.domain == path.parent.name
    if blind.policy_md_only:
        assert gold.agent.prompts == ("policy.md",)
    specs = [
        s for name in gold.agent.tools for s in corpus_tool_specs(load_json(path.parent / name))
    ]
    tools = [s["function"]["name"] for s in specs]
    assert len(set(tools)) == len(tools), "tool names are unique"
    assert blind.tools[0] <= len(tools) <= blind.tools[1]
    # every sha8 matches its line, every line has text, every tool named exists
    assert check_gold(gold, path.parent, tools) == []
    assert len({(r.at, r.note) for r in gold.rules}) == len(gold.rules), "a rule is listed twice"
    if blind.lines is not None:
        lines = (path.parent / "policy.md").read_text("utf-8").splitlines()
        assert blind.lines[0] <= len(lines) <= blind.lines[1]
    # both kinds of sentence: a blind set tests diagnostics as well as policies
    assert any(r.checkable for r in gold.rules)
    assert any(not r.checkable for r in gold.rules)
    if blind.tool_rules:
        assert any(r.tool is not None for r in gold.rules)
    if blind.conditions:
        assert any(e.condition for r in gold.rules for e in r.expect)
    if blind.arguments:
        arguments = {
            s["function"]["name"]: set(s["function"]["parameters"]["properties"]) for s in specs
        }
        for rule in gold.rules:
            for e in rule.expect:
                if e.target != "*" and "arg" in e.params:
                    assert e.params["arg"] in arguments[e.target], (rule.at, e.params["arg"])


@pytest.mark.parametrize("blind", BLIND, ids=[b.split for b in BLIND])
def test_domains_are_new_and_the_split_is_the_sets_own(blind: Blind) -> None:
    others = [load_gold(p) for p in gold_files()] + [
        load_gold(path) for b, path in GOLD if b is not blind
    ]
    assert not any(g.split == blind.split for g in others), "the split belongs to this set"
    names = {p.name for p in _domains(blind)}
    assert not names & {g.domain for g in others}
    if CORPUS.is_dir():
        assert not names & {p.name for p in CORPUS.iterdir()}


@pytest.mark.parametrize(("text", "message"), [("split: unseen", None), ("split: blind", "split")])
def test_split_names(tmp_path: Path, text: str, message: str | None) -> None:
    path = tmp_path / "kiosk.yaml"
    path.write_text(
        f"domain: kiosk\n{text}\nagent: {{prompts: [p.md], tools: [t.json]}}\nrules: []\n",
        "utf-8",
    )
    if message is None:
        assert load_gold(path).split == "unseen"
    else:
        with pytest.raises(GoldError, match=message):
            load_gold(path)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize(
    ("lines", "at", "hashed", "problems"),
    [
        (
            ["- Kennels are cleaned before noon."],
            "policy.md:2",
            "- Kennels are cleaned before noon.",
            0,
        ),
        (
            ["   - Kennels are cleaned before noon.  "],
            "policy.md:2",
            "- Kennels are cleaned before noon.",
            0,
        ),
        (
            ["- Kennels are cleaned before noon."],
            "policy.md:2",
            "- Kennels are cleaned after noon.",
            1,
        ),
        (
            ["- Kennels are cleaned before noon."],
            "policy.md:2",
            "   - Kennels are cleaned before noon.",
            1,
        ),
        # a sentence over two lines is pinned by the hash of its first line
        (["Tents go up on", "Fridays."], "policy.md:2-3", "Tents go up on", 0),
        (["Tents go up on", "Fridays."], "policy.md:2-3", "Fridays.", 1),
        # a range may not run past the end of the file
        (["Tents go up on Fridays."], "policy.md:2-9", "Tents go up on Fridays.", 1),
    ],
)
def test_sha8_pins_the_first_stripped_line(
    tmp_path: Path, lines: list[str], at: str, hashed: str, problems: int
) -> None:
    """The hash a gold rule carries is that of its (first) line without surrounding blanks,
    the convention the blind sets were written in; anything else is a located problem."""
    (tmp_path / "policy.md").write_text("# Marquee hire\n" + "\n".join(lines) + "\n", "utf-8")
    (tmp_path / "tools.json").write_text("[]", "utf-8")
    path = tmp_path / "marquee.yaml"
    path.write_text(
        "domain: marquee\nsplit: unseen3\nagent: {prompts: [policy.md], tools: [tools.json]}\n"
        f'rules:\n  - at: {at}\n    sha8: "{_digest(hashed)}"\n    note: set-up day\n'
        '    checkable: false\n    why: "scope: a fact"\n',
        "utf-8",
    )
    found = check_gold(load_gold(path), tmp_path, [])
    assert len(found) == problems
    assert all(f"marquee: {at}:" in p for p in found)


@pytest.mark.slow  # builds all one hundred and seventeen blind domains (~31 s)
def test_benchmark_scores_each_blind_split_without_the_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run([f"--corpus={tmp_path / 'absent'}", "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert figures["totals"]["tuned"]["gold_sentences"] == 0
    for blind in BLIND:
        golds = [load_gold(p) for p in unseen_gold_files(blind.folder)]
        rows = {d: r for d, r in figures["domains"].items() if r["split"] == blind.split}
        assert sorted(rows) == [p.name for p in _domains(blind)]
        total = figures["totals"][blind.split]
        assert total["gold_sentences"] == sum(len(g.rules) for g in golds)
        checkable = sum(len(r.expect) for g in golds for r in g.rules if r.checkable)
        assert total["checkable_expectations"] == checkable
        assert 0 <= total["matched_expectations"] <= total["checkable_expectations"]
    # the opened sets and the sets still blind are summed apart, each set in one of the two,
    # except the sets of this session (`APART`), which have their own total only
    groups = figures["groups"]
    for key in ("gold_sentences", "checkable_expectations", "matched_expectations"):
        opened = sum(figures["totals"][b.split][key] for b in BLIND if b.split in OPENED)
        blind = sum(
            figures["totals"][b.split][key]
            for b in BLIND
            if b.split not in OPENED and b.split not in APART
        )
        assert (groups["dev"][key], groups["blind"][key]) == (opened, blind)


def test_benchmark_with_a_gold_folder_leaves_the_blind_sets_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "gold").mkdir()
    (tmp_path / "corpus").mkdir()
    run([f"--corpus={tmp_path / 'corpus'}", f"--gold={tmp_path / 'gold'}", "--json"])
    assert json.loads(capsys.readouterr().out)["domains"] == {}


def _runs(text: str, n: int = 6) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


# the third and later briefs asked for fresh wording; the first two sets were not written to it
FRESH = [b for b in BLIND if b.split not in ("unseen", "unseen2")]


@pytest.mark.parametrize("blind", FRESH, ids=[b.split for b in FRESH])
def test_later_sets_share_no_wording_with_the_earlier_ones(blind: Blind) -> None:
    """Written afresh: no run of six words of a policy of the third or a later set is in a
    policy of an earlier blind set."""
    seen: set[str] = set()
    for earlier in BLIND[: BLIND.index(blind)]:
        for path in earlier.folder.glob("*/policy*.md"):
            seen |= _runs(path.read_text("utf-8"))
    assert seen, "the earlier blind sets' policies are there"
    # a failure names only the shared runs, never the rest of a blind policy's wording
    shared = {
        d.name: sorted(_runs((d / "policy.md").read_text("utf-8")) & seen) for d in _domains(blind)
    }
    assert not any(shared.values()), {name: runs for name, runs in shared.items() if runs}


@pytest.mark.corpus
@pytest.mark.parametrize("blind", BLIND, ids=[b.split for b in BLIND])
def test_policies_share_no_wording_with_the_corpus(corpus: Path, blind: Blind) -> None:
    """Written in our own words: no run of six words of a blind policy is in a corpus text."""
    seen = _corpus_runs(corpus)
    for domain in _domains(blind):
        assert not _runs((domain / "policy.md").read_text("utf-8")) & seen, domain.name


@functools.cache
def _corpus_runs(corpus: Path) -> frozenset[str]:
    seen: set[str] = set()
    for path in corpus.rglob("*.md"):
        seen |= _runs(path.read_text("utf-8", "replace"))
    return frozenset(seen)

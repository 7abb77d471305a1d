"""The gold lists of `python -m benchmarks extract` (`tests/gold/*.yaml`) and its scorer.

- every gold file fits its schema and the corpus (hashes, lines, files, tools);
- the tool-file converters read every corpus domain's tool shape;
- the scorer, on a small domain invented here (its sentences are ours) with hand-made
  policies, gives exactly the figures worked out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.bench_extract import run
from benchmarks.extract_score import (
    Placed,
    Score,
    build_domain,
    place,
    same_value,
    score,
    tool_ranges,
)
from benchmarks.gold import (
    Gold,
    GoldError,
    GoldRule,
    check_gold,
    gold_files,
    load_gold,
    sha8,
)
from specgap.ir import Diagnostic, Policy, Source, Span
from tests.corpus_agents import corpus_tool_specs, load_json

pytestmark = pytest.mark.corpus

GOLDS = gold_files()


# --- the gold files against the corpus --------------------------------------------------------


@pytest.mark.parametrize("path", GOLDS, ids=[p.stem for p in GOLDS])
def test_gold_file_fits_schema_and_corpus(path: Path, corpus: Path) -> None:
    gold = load_gold(path)
    domain_dir = corpus / gold.domain
    tools = [
        spec["function"]["name"]
        for name in gold.agent.tools
        for spec in corpus_tool_specs(load_json(domain_dir / name))
    ]
    assert check_gold(gold, domain_dir, tools) == []
    assert gold.rules, "a gold list lists rules"
    assert len({(r.at, r.note) for r in gold.rules}) == len(gold.rules), "a rule is listed twice"


# The tool files of every domain a gold list is or will be written for: each converts to
# OpenAI specs with unique names (the heldout ones included, whose gold the lead writes).
TOOL_FILES = [
    ("tau-retail", "tools.json", 16),
    ("apollo-rbac", "tools.json", 57),
    ("apollo-it-help-desk", "tools.json", 61),
    ("apollo-smart-home", "tools.json", 23),
    ("agentarch-customer-request-routing", "tools.DERIVED.json", 30),
    ("agentarch-hr-time-off", "tools.DERIVED.json", 8),
    ("tau2-telecom", "tools_extracted.json", 13),
    ("tau2-banking-knowledge", "tools.json", 58),
    ("tau2-retail-variant", "tools.json", 16),
    ("tau2-mock", "tools.json", 4),
    ("adk-customer-service", "tools.json", 12),
    ("toolguard-calculator", "tools.json", 5),
]


@pytest.mark.parametrize(("domain", "name", "count"), TOOL_FILES)
def test_corpus_tool_files_convert(domain: str, name: str, count: int, corpus: Path) -> None:
    specs = corpus_tool_specs(load_json(corpus / domain / name))
    names = [s["function"]["name"] for s in specs]
    assert len(names) == count
    assert len(set(names)) == count
    # a description never holds the signature sections (adk's `access_cart_information`
    # has only those: its description is empty)
    assert not any(
        line.strip() in ("Args:", "Returns:")
        for s in specs
        for line in s["function"]["description"].splitlines()
    )


# --- converters and schema, on data written here -------------------------------------------


def test_converter_shapes() -> None:
    python_tool = {
        "name": "book_room",
        "params": [
            {"name": "room_id", "annotation": "str"},
            {"name": "nights", "annotation": "int | None", "default": "None"},
        ],
        "docstring": "Book a room.\n\nNever book more than a week ahead.\n\nArgs:\n"
        "    room_id (str): The room to book.\n    nights: How long.\n\nReturns:\n    x",
    }
    user_tool = {"name": "press_button", "params": [], "docstring": "x", "side": "user"}
    apollo = {
        "name": "Lock",
        "json_schema": {"type": "function", "function": {"name": "Lock", "description": "L."}},
        "registered_in_TOOLS": True,
    }
    hidden = {**apollo, "name": "Hidden", "registered_in_TOOLS": False}
    specs = corpus_tool_specs([python_tool, user_tool, apollo, hidden])
    assert [s["function"]["name"] for s in specs] == ["book_room", "Lock"]
    book = specs[0]["function"]
    assert book["description"] == "Book a room.\n\nNever book more than a week ahead."
    assert book["parameters"]["properties"]["room_id"]["description"] == "The room to book."
    assert book["parameters"]["required"] == ["room_id"]
    twice = [
        {"name": "ask", "agent": a, "params": [{"name": p, "annotation": "string"}], "docstring": d}
        for a, p, d in (("one", "q", "Ask once."), ("two", "r", "Ask twice."))
    ]
    (merged,) = corpus_tool_specs(twice)
    assert merged["function"]["description"] == "Ask once.\nAsk twice."
    assert set(merged["function"]["parameters"]["properties"]) == {"q", "r"}
    later = [{**apollo, "json_schema": {**apollo["json_schema"], "x": n}} for n in (1, 2)]
    assert [s["x"] for s in corpus_tool_specs(later)] == [2]
    with pytest.raises(ValueError, match="unknown tool shape"):
        corpus_tool_specs([{"title": "x"}])


def _gold_yaml(rule: str) -> str:
    return (
        "domain: demo\nsplit: tuned\nagent:\n  prompts: [policy.md]\n  tools: [tools.json]\n"
        f"rules:\n{rule}"
    )


BAD_RULES = [
    ("  - {at: 'policy.md', sha8: 0a0b0c0d, note: n, checkable: false, why: w}\n", "`at` must"),
    ("  - {at: 'policy.md:3', note: n, checkable: false, why: w}\n", "needs `sha8`"),
    ("  - {at: 'tools.json#t', sha8: 0a0b0c0d, note: n, checkable: false, why: w}\n", "no `sha8`"),
    ("  - {at: 'policy.md:3', sha8: 0a0b0c0d, note: n, checkable: true}\n", "lists what"),
    ("  - {at: 'policy.md:3', sha8: 0a0b0c0d, note: n, checkable: false}\n", "has `why`"),
    ("  - {at: 'policy.md:5-3', sha8: 0a0b0c0d, note: n, checkable: false, why: w}\n", "ends"),
    (
        "  - {at: 'policy.md:3', sha8: 0a0b0c0d, note: n, checkable: true,\n"
        "     expect: [{operator: forbid_everything, target: t}]}\n",
        "unknown operator",
    ),
    (
        "  - {at: 'policy.md:3', sha8: 0a0b0c0d, note: n, checkable: true,\n"
        "     expect: [{operator: max_calls, target: t, params: {limit: 1}}]}\n",
        "no parameter limit",
    ),
    ("  - {at: 'policy.md:3', sha8: 0a0b0c0d, note: n, checkable: false, why: w, x: 1}\n", "x"),
    ("  - {at: 'policy.md:3', sha8: 12345678, note: n, checkable: false, why: w}\n", "quote"),
]


@pytest.mark.parametrize(("rule", "message"), BAD_RULES)
def test_bad_gold_is_rejected_with_its_path(tmp_path: Path, rule: str, message: str) -> None:
    path = tmp_path / "demo.yaml"
    path.write_text(_gold_yaml(rule))
    with pytest.raises(GoldError, match=message) as caught:
        load_gold(path)
    assert str(path) in str(caught.value)


def test_gold_domain_must_match_file_name(tmp_path: Path) -> None:
    path = tmp_path / "other.yaml"
    path.write_text(_gold_yaml("  []\n").replace("rules:\n", "rules:"))
    with pytest.raises(GoldError, match="file name says `other`"):
        load_gold(path)


# --- an invented domain: a library desk --------------------------------------------------------

POLICY = """# Library desk

- Look the member up before you lend a book.
- A member may borrow at most 3 books per loan.
- Only renew a loan when its state is 'active'.
- Be kind to visitors.
"""

TOOLS = [
    {"name": "find_member", "description": "Find a member by card number.", "props": ["card"]},
    {
        "name": "lend_book",
        "description": "Lend books to a member. Ask the member to say yes first.",
        "props": ["member_id", "book_ids"],
    },
    {"name": "renew_loan", "description": "Renew a loan.", "props": ["loan_id"]},
]


def _write_domain(folder: Path) -> Path:
    domain = folder / "library"
    domain.mkdir()
    (domain / "policy.md").write_text(POLICY)
    specs = [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t["description"],
                "parameters": {
                    "type": "object",
                    "properties": {p: {"type": "string"} for p in t["props"]},
                },
            },
        }
        for t in TOOLS
    ]
    (domain / "tools.json").write_text(json.dumps(specs, indent=2) + "\n")
    return domain


def _line(n: int) -> str:
    return sha8(POLICY.split("\n")[n - 1])


def _library_gold() -> Gold:
    return Gold.model_validate(
        {
            "domain": "library",
            "split": "tuned",
            "agent": {"prompts": ["policy.md"], "tools": ["tools.json"]},
            "rules": [
                {
                    "at": "policy.md:3",
                    "sha8": _line(3),
                    "note": "member lookup precedes lending",
                    "checkable": True,
                    "expect": [
                        {
                            "operator": "require_before",
                            "target": "lend_book",
                            "params": {"before": "find_member"},
                        }
                    ],
                },
                {
                    "at": "policy.md:4",
                    "sha8": _line(4),
                    "note": "three books at most per loan",
                    "checkable": True,
                    "expect": [
                        {
                            "operator": "arg_count_bound",
                            "target": "lend_book",
                            "params": {"arg": "book_ids", "max": 3},
                        }
                    ],
                },
                {
                    "at": "policy.md:5",
                    "sha8": _line(5),
                    "note": "renewal only for an active loan",
                    "checkable": True,
                    "expect": [
                        {
                            "operator": "require_before",
                            "target": "renew_loan",
                            "params": {"before": "find_member"},
                            "condition": "only while the loan is active",
                        },
                        {
                            "operator": "state_condition",
                            "target": "renew_loan",
                            "params": {"field": "state", "allowed": ["active"]},
                        },
                    ],
                },
                {
                    "at": "policy.md:6",
                    "sha8": _line(6),
                    "note": "politeness",
                    "checkable": False,
                    "why": "about the tone of messages",
                },
                {
                    "at": "tools.json#lend_book",
                    "note": "a yes before lending",
                    "checkable": True,
                    "expect": [{"operator": "require_confirmation", "target": "lend_book"}],
                },
            ],
        }
    )


def _policy(
    n: int,
    operator: str,
    target: str,
    condition: dict[str, Any],
    where: tuple[str, int],
    enforcement: str = "enforce",
) -> Policy:
    span = Span(
        path=where[0],
        start_line=where[1],
        start_col=1,
        end_line=where[1],
        end_col=2,
        start_byte=0,
        end_byte=1,
    )
    return Policy.model_validate(
        {
            "id": f"p{n}",
            "title": "t",
            "check_category": "runtime_validation",
            "operator": operator,
            "target": target,
            "condition": {"operator": operator, **condition},
            "action": "deny",
            "message": "m",
            "enforcement": enforcement,
            "confidence": 1.0,
            "source": Source(
                artifact=where[0],
                span=span,
                quote="q",
                grounding="exact",
                mentions=(),
                extractor="deterministic",
            ),
        }
    )


@pytest.fixture
def library(tmp_path: Path) -> tuple[Gold, Placed, Path]:
    domain = _write_domain(tmp_path)
    gold = _library_gold()
    return gold, place(gold, domain, tmp_path), domain


def test_invented_domain_fits_its_gold(library: tuple[Gold, Placed, Path]) -> None:
    gold, placed, domain = library
    assert check_gold(gold, domain, placed.tool_names) == []
    stale = gold.model_copy(update={"rules": (gold.rules[0].model_copy(update={"sha8": "0" * 8}),)})
    assert "does not match" in check_gold(stale, domain, placed.tool_names)[0]
    assert "not a tool" in check_gold(gold, domain, ["find_member", "renew_loan"])[0]


def test_tool_ranges_cover_each_entry(library: tuple[Gold, Placed, Path]) -> None:
    _, placed, domain = library
    text = (domain / "tools.json").read_text()
    ranges = tool_ranges(text, [t["name"] for t in TOOLS])
    lines = text.split("\n")
    for name, (start, end) in ranges.items():
        entry = "\n".join(lines[start - 1 : end])
        assert f'"{name}"' in entry
        assert all(f'"{t["name"]}"' not in entry for t in TOOLS if t["name"] != name)
    assert placed.sites[4].start == ranges["lend_book"][0]
    compact = '[{"name":"a","description":"x"},\n{"name" : "b"}]'
    assert tool_ranges(compact, ["a", "b"]) == {"a": (1, 1), "b": (2, 2)}


def test_scorer_figures_on_hand_made_policies(library: tuple[Gold, Placed, Path]) -> None:
    gold, placed, domain = library
    prompt = (domain / "policy.md").as_posix()
    tools = (domain / "tools.json").as_posix()
    lend_line = placed.sites[4].start
    policies = [
        # matches line 3
        _policy(1, "require_before", "lend_book", {"before": "find_member"}, (prompt, 3)),
        # line 4: right operator and tool, wrong bound: no match, not a wrong tool
        _policy(2, "arg_count_bound", "lend_book", {"items": "book_ids", "max": 4}, (prompt, 4)),
        # line 5: the conditional rule, compiled unconditionally and enforced: matched, but
        # its condition is dropped
        _policy(3, "require_before", "renew_loan", {"before": "find_member"}, (prompt, 5)),
        # line 5: state condition on the wrong tool, enforced: a wrong-tool resolution
        _policy(
            4,
            "state_condition",
            "lend_book",
            {"field": "state", "allowed": ["active"]},
            (prompt, 5),
        ),
        # the tool description's confirmation, review only
        _policy(5, "require_confirmation", "lend_book", {}, (tools, lend_line + 1), "review_only"),
        # a policy on a line the gold does not list (the heading): counts against precision
        _policy(6, "deny_action", "renew_loan", {}, (prompt, 1), "review_only"),
        # a schema contract is not prose
        _policy(7, "schema_contract", "lend_book", {"schema": {}}, (tools, lend_line)),
    ]
    result = score(gold, placed.sites, placed.artifacts, policies, (), lambda n: n)
    assert result.figures() == {
        "gold_sentences": 5,
        "checkable_expectations": 5,
        "policies_from_prose": 6,
        "matching_policies": 3,
        "matched_expectations": 3,
        "precision": 0.5,
        "review_readings_of_uncheckable": 0,
        "precision_of_claims": 0.5,
        "recall": 0.6,
        "enforce": 4,
        "wrong_tool": 1,
        "condition_dropped": 1,
        "silent_losses": 1,
        "false_alarms": 0,
    }
    # how far each expectation got, per operator (counts only)
    assert dict(result.stages) == {
        ("require_before", "matched"): 2,
        ("require_confirmation", "matched"): 1,
        ("arg_count_bound", "same operator and tools, other parameters (arg, max)"): 1,
        ("state_condition", "same operator, other tool"): 1,
    }
    # where precision went, as counts: the kind of sentence each unmatched policy is on
    assert dict(result.unmatched) == {
        ("arg_count_bound", "enforce", "rule sentence"): 1,
        ("state_condition", "enforce", "rule sentence"): 1,
        ("deny_action", "review_only", "no gold sentence"): 1,
    }
    bare = score(gold, placed.sites, placed.artifacts, [policies[5]], (), str)
    assert bare.stages[("require_before", "silent")] == 2
    # a diagnostic located on the uncheckable sentence ends the silent loss
    span = policies[0].source.span.model_copy(update={"start_line": 6, "end_line": 6})
    on_six = Diagnostic(code="rule-not-compiled", message="m", span=span)
    assert score(gold, placed.sites, placed.artifacts, policies, (on_six,), str).silent == 0
    # one on the heading, which the gold lists as no rule, is a false alarm (once, however
    # often it is passed); other codes are not counted
    heading = policies[0].source.span.model_copy(update={"start_line": 1, "end_line": 1})
    alarm = Diagnostic(code="rule-not-compiled", message="m", span=heading)
    other = Diagnostic(code="condition-not-bound", message="m", span=heading)
    told = score(gold, placed.sites, placed.artifacts, policies, (alarm, alarm, other), str)
    assert (told.alarms, told.silent) == (1, 1)
    on_three = policies[0].source.span.model_copy(update={"start_line": 3, "end_line": 3})
    noted = Diagnostic(code="unresolved-mention", message="m", span=on_three)
    only_notes = score(gold, placed.sites, placed.artifacts, (), (noted, noted), str)
    assert only_notes.stages[("require_before", "notes only: unresolved-mention")] == 1
    # a review reading of the uncheckable sentence is no wrong claim; an enforced one is
    review = _policy(8, "deny_action", "renew_loan", {}, (prompt, 6), "review_only")
    judged = score(gold, placed.sites, placed.artifacts, [*policies, review], (), str)
    assert (judged.deferred, judged.precision_of_claims) == (1, 0.5)
    assert judged.unmatched[("deny_action", "review_only", "uncheckable sentence")] == 1
    assert judged.precision == 3 / 7
    enforced = _policy(8, "deny_action", "renew_loan", {}, (prompt, 6))
    judged = score(gold, placed.sites, placed.artifacts, [*policies, enforced], (), str)
    assert (judged.deferred, judged.precision_of_claims) == (0, 3 / 7)
    # with nothing compiled and nothing said, every rule sentence is a silent loss,
    # the checkable ones included
    assert score(gold, placed.sites, placed.artifacts, (), (), str).silent == 5
    # the conditional rule left for review: matched, and no condition dropped
    kept = _policy(
        8, "require_before", "renew_loan", {"before": "find_member"}, (prompt, 5), "review_only"
    )
    lists = score(gold, placed.sites, placed.artifacts, [*policies[:2], kept], (), str)
    assert (lists.matched, lists.condition_dropped, lists.wrong_tool) == (2, 0, 0)
    # a tool given by another name of the same tool still matches (canonical ids)
    alias = _policy(9, "require_before", "lend_book", {"before": "member_lookup"}, (prompt, 3))
    canon = {"member_lookup": "find_member"}.get
    named = score(gold, placed.sites, placed.artifacts, [alias], (), lambda n: canon(n) or n)
    assert named.matched == 1


def test_totals_add_up() -> None:
    a = Score(sentences=2, expectations=4, prose=3, matching=3, matched=2, enforce=1)
    b = Score(sentences=1, expectations=1, prose=1, matching=0, matched=1, wrong_tool=1)
    a.stages[("max_calls", "matched")] = 1
    b.stages[("max_calls", "matched")] = 2
    a.add(b)
    assert (a.sentences, a.expectations, a.prose, a.matching, a.matched) == (3, 5, 4, 3, 3)
    assert a.stages[("max_calls", "matched")] == 3
    assert (a.precision, a.recall, a.wrong_tool) == (0.75, 0.6, 1)
    assert Score().precision is None
    assert Score().recall is None


def test_invented_domain_builds_and_scores(library: tuple[Gold, Placed, Path]) -> None:
    """End to end with the real extractor: the figures are consistent (not pinned: they
    move as the extractor improves)."""
    gold, _, domain = library
    folder = domain.parent / "build"
    folder.mkdir()
    built = build_domain(gold, domain, folder)
    result = score(
        gold, built.sites, built.artifacts, built.policies, built.diagnostics, built.canonical
    )
    assert result.expectations == 5
    assert 0 <= result.matched <= result.expectations
    assert 0 <= result.matching <= result.prose
    assert result.enforce <= result.prose


@pytest.mark.slow  # builds both blind sets (six domains)
def test_benchmark_without_corpus_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run([f"--corpus={tmp_path / 'absent'}"])
    assert "corpus not found" in capsys.readouterr().out


def test_benchmark_json_on_the_invented_domain(
    library: tuple[Gold, Placed, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The command end to end: gold folder and corpus given, figures printed as JSON."""
    gold, _, domain = library
    golds = domain.parent / "gold"
    golds.mkdir()
    (golds / "library.yaml").write_text(json.dumps(gold.model_dump(exclude_none=True)))
    run([f"--corpus={domain.parent}", f"--gold={golds}", "--json"])
    figures = json.loads(capsys.readouterr().out)
    row = figures["domains"]["library"]
    assert row["split"] == "tuned"
    assert (row["gold_sentences"], row["checkable_expectations"]) == (5, 5)
    assert figures["totals"]["tuned"]["gold_sentences"] == 5
    assert figures["totals"]["heldout"]["gold_sentences"] == 0
    # the stages view: per operator, matched of expected, and how far the misses got
    run([f"--corpus={domain.parent}", f"--gold={golds}", "--stages"])
    table = capsys.readouterr().out
    stages = table[table.index("stages of tuned:") :]
    lines = [line.strip() for line in stages.splitlines()]
    ops = [line for line in lines if line.split(":")[0].isidentifier() and "/" in line]
    assert len(ops) == 4
    assert all(op.split(": ")[1].count("/") == 1 for op in ops)
    assert sum(int(op.split(": ")[1].split("/")[1]) for op in ops) == 5


def test_benchmark_scores_rules_of_a_converted_tool_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tools file in another shape is converted into the build folder; a rule stated in a
    converted tool's description is matched there (its source is relative to that folder)."""
    domain = tmp_path / "kennel"
    domain.mkdir()
    (domain / "policy.md").write_text("# Kennel\n\nBe friendly.\n")
    tools = [
        {
            "name": "walk_dog",
            "params": [{"name": "dog_id", "annotation": "str"}],
            "docstring": "Walks a dog.\nChecks: Dog status must be Rested.\n\nArgs:\n"
            "    dog_id: The dog to walk.",
        }
    ]
    (domain / "tools.json").write_text(json.dumps(tools))
    rule = {
        "at": "tools.json#walk_dog",
        "note": "walks only for rested dogs",
        "checkable": True,
        "expect": [
            {
                "operator": "state_condition",
                "target": "walk_dog",
                "params": {"field": "status", "allowed": ["rested"]},
            }
        ],
    }
    gold = {
        "domain": "kennel",
        "split": "tuned",
        "agent": {"prompts": ["policy.md"], "tools": ["tools.json"]},
        "rules": [rule],
    }
    golds = tmp_path / "gold"
    golds.mkdir()
    (golds / "kennel.yaml").write_text(json.dumps(gold))
    run([f"--corpus={tmp_path}", f"--gold={golds}", "--json"])
    row = json.loads(capsys.readouterr().out)["domains"]["kennel"]
    assert (row["checkable_expectations"], row["matched_expectations"]) == (1, 1)


def test_a_policy_that_matched_its_own_site_is_no_wrong_tool_on_the_next(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """A gold sentence that runs on into the line where the next one starts: a rule of the
    next sentence lies on both sites; matched on its own, it is no wrong tool on the other."""
    gold, _, domain = library
    first = gold.rules[0].model_copy(update={"at": "policy.md:3-5"})
    joined = gold.model_copy(update={"rules": (first, *gold.rules[1:])})
    placed = place(joined, domain, tmp_path / "joined")
    prompt = (domain / "policy.md").as_posix()
    own = _policy(1, "require_before", "renew_loan", {"before": "find_member"}, (prompt, 5))
    result = score(joined, placed.sites, placed.artifacts, [own], (), lambda n: n)
    assert (result.matched, result.wrong_tool) == (1, 0)
    # an order with another first step matches nothing: a wrong tool, counted once
    other = _policy(2, "require_before", "renew_loan", {"before": "lend_book"}, (prompt, 5))
    result = score(joined, placed.sites, placed.artifacts, [other], (), lambda n: n)
    assert (result.matched, result.wrong_tool) == (0, 1)


def test_a_schema_enum_meets_an_expected_allowlist_but_is_no_prose(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """A parameter description's value list compiles to a schema enum; the gold may expect
    the allowlist it is equivalent to (the guard denies the same calls). The enum meets it
    only on the same argument with the same values, and never counts as a mined policy."""
    gold, _, domain = library
    listed = GoldRule.model_validate(
        {
            "at": "tools.json#lend_book",
            "note": "two lending desks",
            "checkable": True,
            "expect": [
                {
                    "operator": "resource_in_allowlist",
                    "target": "lend_book",
                    "params": {"arg": "desk", "allowed": ["north", "south"]},
                }
            ],
        }
    )
    with_list = gold.model_copy(update={"rules": (*gold.rules[:4], listed)})
    placed = place(with_list, domain, tmp_path / "listed")
    tools = (domain / "tools.json").as_posix()
    line = placed.sites[4].start + 1

    def enum(n: int, schema: dict[str, Any], target: str = "lend_book") -> Policy:
        return _policy(n, "schema_contract", target, {"schema": schema}, (tools, line))

    def met(*policies: Policy) -> tuple[int, int]:
        result = score(with_list, placed.sites, placed.artifacts, policies, (), lambda n: n)
        return result.matched, result.prose

    same = {"properties": {"desk": {"enum": ["south", "north"]}}}
    assert met(enum(1, same)) == (1, 0)
    assert met(enum(2, {"properties": {"desk": {"enum": ["north"]}}})) == (0, 0)
    assert met(enum(3, {"properties": {"shelf": {"enum": ["north", "south"]}}})) == (0, 0)
    assert met(enum(4, same, target="renew_loan")) == (0, 0)
    typed = {"properties": {"desk": {"enum": ["north", "south"], "type": "integer"}}}
    assert met(enum(5, typed)) == (0, 0)  # a contract that says more is not the allowlist
    assert met(enum(6, {"required": ["desk"]})) == (0, 0)

    def silent(*policies: Policy) -> int:
        return score(with_list, placed.sites, placed.artifacts, policies, (), lambda n: n).silent

    # the list compiled as an enum at its own site is not silent; elsewhere it does not count
    assert silent(enum(7, same)) == silent() - 1
    far = _policy(8, "schema_contract", "lend_book", {"schema": same}, (tools, 1))
    assert silent(far) == silent()


def test_two_one_sided_bounds_meet_an_expected_range(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """ "At least two and not more than six photos": the gold expects one range; two policies
    on the site, one with only `min` and one with only `max`, deny the same calls and meet
    it. One side alone, or a side that also says the other, does not."""
    gold, _, domain = library
    ranged = GoldRule.model_validate(
        {
            "at": "tools.json#lend_book",
            "note": "two to six books a loan",
            "checkable": True,
            "expect": [
                {
                    "operator": "arg_count_bound",
                    "target": "lend_book",
                    "params": {"arg": "books", "min": 2, "max": 6},
                }
            ],
        }
    )
    with_range = gold.model_copy(update={"rules": (*gold.rules[:4], ranged)})
    placed = place(with_range, domain, tmp_path / "ranged")
    tools = (domain / "tools.json").as_posix()
    line = placed.sites[4].start + 1

    def bound(n: int, **sides: int) -> Policy:
        params = {"selector": {"arg": "books"}, **sides}
        return _policy(n, "arg_count_bound", "lend_book", params, (tools, line))

    def met(*policies: Policy) -> int:
        return score(with_range, placed.sites, placed.artifacts, policies, (), lambda n: n).matched

    assert met(bound(1, min=2, max=6)) == 1
    assert met(bound(2, min=2), bound(3, max=6)) == 1
    assert met(bound(4, min=2)) == 0
    assert met(bound(5, max=6)) == 0
    assert met(bound(6, min=2), bound(7, max=5)) == 0
    assert met(bound(8, min=2, max=9), bound(9, max=6)) == 0  # the min side says another max


def test_a_count_of_a_list_meets_expected_items_that_are_its_own(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """A gold count of `items: book` over `arg: books` is met by a count of `books` without
    `items` (the operator counts the arguments named like its items: the same calls are
    denied); a count of another kind of item, or over a list not named by the items, is not."""
    gold, _, domain = library
    counted = GoldRule.model_validate(
        {
            "at": "tools.json#lend_book",
            "note": "six books a loan",
            "checkable": True,
            "expect": [
                {
                    "operator": "arg_count_bound",
                    "target": "lend_book",
                    "params": {"arg": "books", "items": "book", "max": 6},
                }
            ],
        }
    )
    with_count = gold.model_copy(update={"rules": (*gold.rules[:4], counted)})
    placed = place(with_count, domain, tmp_path / "counted")
    tools = (domain / "tools.json").as_posix()
    line = placed.sites[4].start + 1

    def count(n: int, arg: str, **more: object) -> Policy:
        params = {"selector": {"arg": arg}, "max": 6, **more}
        return _policy(n, "arg_count_bound", "lend_book", params, (tools, line))

    def met(*policies: Policy) -> int:
        return score(with_count, placed.sites, placed.artifacts, policies, (), lambda n: n).matched

    assert met(count(1, "books")) == 1
    assert met(count(2, "books", items="book")) == 1
    assert met(count(3, "books", items="gift card")) == 0
    assert met(count(4, "readers")) == 0


def test_an_origin_on_every_tool_is_met_by_its_spread_over_the_tools_taking_the_argument(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """A gold origin on every tool (`*`) about `book_id` is met by the policies it was spread
    into, one per tool taking the argument (or a qualified name of it, `new_book_id`), with
    the expected sources; a policy on another argument or other sources does not meet it."""
    gold, _, domain = library
    every = GoldRule.model_validate(
        {
            "at": "tools.json#lend_book",
            "note": "book ids come from the catalogue search",
            "checkable": True,
            "expect": [
                {
                    "operator": "arg_grounded",
                    "target": "*",
                    "params": {"arg": "book_id", "from_tools": ["search_catalogue"]},
                }
            ],
        }
    )
    with_every = gold.model_copy(update={"rules": (*gold.rules[:4], every)})
    placed = place(with_every, domain, tmp_path / "every")
    tools = (domain / "tools.json").as_posix()
    line = placed.sites[4].start + 1

    def origin(n: int, target: str, arg: str, source: str = "search_catalogue") -> Policy:
        params = {"selector": {"arg": arg}, "from_user": False, "from_tools": [source]}
        return _policy(n, "arg_grounded", target, params, (tools, line))

    def met(*policies: Policy) -> int:
        return score(with_every, placed.sites, placed.artifacts, policies, (), lambda n: n).matched

    assert met(origin(1, "lend_book", "book_id"), origin(2, "renew_loan", "book_id")) == 1
    assert met(origin(3, "renew_loan", "new_book_id")) == 1
    assert met(origin(4, "lend_book", "member_id")) == 0
    assert met(origin(5, "lend_book", "book_id", "lookup_member")) == 0


def test_a_same_entity_ordering_meets_the_argument_the_gold_names(
    library: tuple[Gold, Placed, Path], tmp_path: Path
) -> None:
    """The gold writes the argument a same-entity ordering compares (`same: loan_id`); the
    policy holds it as a selector. Before they were compared as they are, no such
    expectation could ever be met."""
    gold, _, domain = library
    ordered = GoldRule.model_validate(
        {
            "at": "policy.md:5",
            "sha8": _line(5),
            "note": "the same loan is looked up before a renewal",
            "checkable": True,
            "expect": [
                {
                    "operator": "require_before",
                    "target": "renew_loan",
                    "params": {"before": "find_member", "same": "loan_id"},
                }
            ],
        }
    )
    same = gold.model_copy(update={"rules": (ordered,)})
    placed = place(same, domain, tmp_path / "same")
    prompt = (domain / "policy.md").as_posix()
    params = {"before": "find_member", "same": {"arg": "loan_id"}}
    bound = _policy(1, "require_before", "renew_loan", params, (prompt, 5))
    assert score(same, placed.sites, placed.artifacts, [bound], (), lambda n: n).matched == 1
    other = {"before": "find_member", "same": {"arg": "member_id"}}
    wrong = _policy(2, "require_before", "renew_loan", other, (prompt, 5))
    assert score(same, placed.sites, placed.artifacts, [wrong], (), lambda n: n).matched == 0
    plain = _policy(3, "require_before", "renew_loan", {"before": "find_member"}, (prompt, 5))
    assert score(same, placed.sites, placed.artifacts, [plain], (), lambda n: n).matched == 0


def test_a_yaml_boolean_is_the_word_a_state_is_said_by() -> None:
    # `denied: [true]` in a gold file and `"true"` in the IR are one value; a number stays one
    assert same_value("denied", [True], ["true"], str.casefold)
    assert same_value("from_user", True, True, str.casefold)
    assert not same_value("denied", [True], ["false"], str.casefold)
    assert not same_value("max", 1, True, str.casefold)

"""Sense checks: a compiled condition no call could satisfy is never enforced, whoever found it."""

from __future__ import annotations

import pytest

from specgap.ir import Diagnostic, Policy
from specgap.sense import CODE, sense_check
from tests.policy_helpers import policy


def _quoted(p: Policy, quote: str) -> Policy:
    return p.model_copy(update={"source": p.source.model_copy(update={"quote": quote})})


SEL = {"selector": {"arg": "n"}}

CASES: list[tuple[str, Policy, str | None]] = [
    ("self-loop", policy("require_before", "db.query", before="db.query"), "which is itself"),
    # a glob over its prerequisite stands for the other tools ("db.lookup first"): sense
    ("glob over the prerequisite", policy("require_before", "db.*", before="db.lookup"), None),
    ("ordering", policy("require_before", "db.query", before="db.lookup"), None),
    ("empty allowlist", policy("resource_in_allowlist", "db.query", allowed=(), **SEL), "empty"),
    ("allowlist", policy("resource_in_allowlist", "db.query", allowed=("a",), **SEL), None),
    ("empty range", policy("arg_within_bound", "db.query", min=10, max=5, **SEL), "is empty"),
    ("range", policy("arg_within_bound", "db.query", min=5, max=10, **SEL), None),
    (
        "unstated negative max",
        _quoted(policy("arg_within_bound", "db.query", max=-1, **SEL), "return no rows"),
        "below zero",
    ),
    (
        "stated negative max",
        _quoted(policy("arg_within_bound", "t.set", max=-5, **SEL), "keep it under -5 degrees"),
        None,
    ),
    ("negative count", policy("arg_count_bound", "cart.add", max=-1, items="item"), "below zero"),
    (
        "empty count range",
        policy("arg_count_bound", "cart.add", min=3, max=2, items="item"),
        "is empty",
    ),
    ("negative timeout", policy("timeout_leq", "web.get", max_seconds=-2, **SEL), "below zero"),
    ("timeout", policy("timeout_leq", "web.get", max_seconds=2, **SEL), None),
]


@pytest.mark.parametrize(("name", "given", "problem"), CASES, ids=[c[0] for c in CASES])
def test_each_senseless_condition_is_demoted_with_a_located_warning(
    name: str, given: Policy, problem: str | None
) -> None:
    diagnostics: list[Diagnostic] = []
    (out,) = sense_check([given], diagnostics)
    assert out.id == given.id
    if problem is None:
        assert out == given
        assert diagnostics == []
        return
    assert out.enforcement == "review_only"
    (d,) = diagnostics
    assert d.code == CODE
    assert d.severity == "warning"
    assert d.span == given.source.span
    assert problem in d.message
    assert d.help


def _chain(*pairs: tuple[str, str], enforcement: str = "enforce") -> list[Policy]:
    return [policy("require_before", t, enforcement, before=b) for t, b in pairs]


@pytest.mark.parametrize(
    ("pairs", "cyclic"),
    [
        ([("a", "b"), ("b", "a")], {"a", "b"}),
        ([("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")], {"a", "b", "c"}),
        ([("a", "b"), ("b", "c"), ("d", "c")], set()),
        ([("a", "b"), ("a", "c"), ("c", "a")], {"a", "c"}),
    ],
)
def test_a_cycle_of_orderings_demotes_every_rule_on_it(
    pairs: list[tuple[str, str]], cyclic: set[str]
) -> None:
    diagnostics: list[Diagnostic] = []
    given = _chain(*pairs)
    out = sense_check(given, diagnostics)
    demoted = {p.target for p in out if p.enforcement == "review_only"}
    assert demoted == cyclic
    assert len(diagnostics) == len([p for p in out if p.enforcement == "review_only"])
    assert all("cycle of orderings" in d.message for d in diagnostics)
    assert [p.id for p in out] == [p.id for p in given]


def test_the_reference_policy_makes_sense() -> None:
    """The reference agents' compiled rules are all sensible: nothing is demoted there."""
    from specgap.config import load_project
    from specgap.pipeline import build
    from tests.conftest import ROOT

    bundle, _ = build(load_project(ROOT / "specgap.toml"))
    assert not [d for d in bundle.diagnostics if d.code == CODE]


def _from(p: Policy, artifact: str) -> Policy:
    return p.model_copy(update={"source": p.source.model_copy(update={"artifact": artifact})})


@pytest.mark.parametrize(
    ("sources", "demoted"),
    [
        # a description against the prompt: only the description's ordering yields
        ({"a": "prompt.md", "b": "tools.json"}, {"b"}),
        ({"a": "tools.json", "b": "config.yaml", "c": "prompt.md"}, {"a"}),
        # one kind of source on the whole cycle: every ordering on it, as before
        ({"a": "prompt.md", "b": "prompt.md"}, {"a", "b"}),
        ({"a": "tools.json", "b": "tools.json"}, {"a", "b"}),
    ],
)
def test_on_a_mixed_cycle_only_the_tool_descriptions_yield(
    sources: dict[str, str], demoted: set[str]
) -> None:
    pairs = [("a", "b"), ("b", "a")] if len(sources) == 2 else [("a", "b"), ("b", "c"), ("c", "a")]
    given = [_from(p, sources[p.target]) for p in _chain(*pairs)]
    diagnostics: list[Diagnostic] = []
    out = sense_check(given, diagnostics, untrusted=frozenset({"tools.json"}))
    assert {p.target for p in out if p.enforcement == "review_only"} == demoted
    assert len(diagnostics) == len(demoted)
    mixed = len(set(sources.values())) > 1
    for d in diagnostics:
        assert ("a tool's description" in d.message) == mixed
        assert ("stays as it is" in d.message) == mixed

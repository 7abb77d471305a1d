"""A phrase pattern whose tool-valued part names nothing yields no rule: "before doing
anything on a claim, identify …" says no tool comes first. The sentence is left to the
other readers and, when none reads it, to a located `rule-not-compiled` note, never to a
rule over no tool. An insurance desk written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_holder", "Look up a policyholder by policy number.", policy_number="string"),
    _tool("get_claim", "Read a claim and its status.", claim_id="string"),
    _tool("close_claim", "Close a claim.", claim_id="string"),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "Before doing anything on a claim, identify the policyholder with their policy number "
        "and check that the name they give matches the record; if it does not match, do not "
        "disclose any claim details and offer to transfer them.",
        "Before anything else, greet the caller and do not share claim details with strangers.",
    ],
)
def test_no_rule_over_no_tool(tmp_path: Path, sentence: str) -> None:
    built = build_prompt(tmp_path, f"# Claims desk\n\n{sentence}\n", TOOLS)
    prose = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert all(p.target and p.operator != "require_before" for p in prose)
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert notes, "the rule-like sentence is reported"
    assert not any("`None`" in d.message for d in notes)

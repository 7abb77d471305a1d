"""Checks shared by the LLM tests: quotes sit at their spans; nothing is half written."""

from __future__ import annotations

from pathlib import Path

from specgap.api import load_bundle
from specgap.extract.lock import LockFile
from specgap.ir import Bundle, Span


def text_at(root: Path, span: Span) -> str:
    data = (root / span.path).read_bytes()
    return data[span.start_byte : span.end_byte].decode("utf-8")


def assert_grounded(bundle: Bundle, root: Path) -> int:
    """Every candidate's and every policy source's quote is the artifact's text at its span;
    returns how many quotes were checked."""
    checked = 0
    for agent in bundle.agents:
        for rule in agent.candidates:
            assert text_at(root, rule.span) == rule.quote, rule
            checked += 1
        for policy in agent.policies:
            for source in (policy.source, *policy.also_stated_at):
                assert text_at(root, source.span) == source.quote, policy.id
                checked += 1
    return checked


def assert_whole_outputs(root: Path) -> None:
    """No temporary files; the policy and the lock (when present) parse completely."""
    policy_dir = root / "policy"
    assert not list(policy_dir.glob(".*.tmp")), list(policy_dir.iterdir())
    load_bundle(policy_dir / "policy.json", "policy/policy.json")
    lock = policy_dir / "extraction.lock.json"
    if lock.exists():
        LockFile.model_validate_json(lock.read_text("utf-8"))

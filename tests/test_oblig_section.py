"""A read step in a section or list about one action (`specgap.extract.oblig_section`):
"## Renewing a permit" over "- Look up the permit." orders the lookup before the renewal,
reviewed; a step that changes something, a topic heading, an item nested under another
item, and the document's title order nothing. Written for these tests, in a made-up
permits office whose tools use dotted ids."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("permits.get", "Look up a permit by its number.", permit_number="string"),
    _tool("permits.renew", "Renew a permit for another year.", permit_number="string"),
    _tool("permits.revoke", "Revoke a permit.", permit_number="string"),
    _tool("holders.notify", "Send a notice to a permit holder.", holder_id="string"),
]
RENEW = ("permits.renew", "permits.get", "review_only")
REVOKE = ("permits.revoke", "permits.get", "review_only")

CASES = [
    # a heading naming one action, over bullets or sentences
    ("## Renewing a permit\n\n- Look up the permit.\n- Renew it for a year.\n", {RENEW}),
    ("## Permit renewals\n\nLook up the permit. Renew it when the fee is paid.\n", {RENEW}),
    # a lead line over the list names the action
    (
        "## Desk work\n\nWhen a customer wants to revoke a permit:\n- Look up the permit.\n",
        {REVOKE},
    ),
    ("## Desk work\n\nRevocations:\n- Look up the permit.\n", {REVOKE}),
    # a step that changes or tells something may come after the action: no order
    ("## Renewing a permit\n\n- Notify the holder.\n", set()),
    # a topic, or the document's own title: no one action
    ("## Tone and care\n\n- Look up the permit.\n", set()),
    # an item nested under another item: a detail of that step (someone else's, here)
    (
        "## Renewing a permit\n\n- Tell the holder the fee. They should:\n"
        "  - Look up the permit.\n",
        set(),
    ),
]


@pytest.mark.parametrize(("body", "orders"), CASES)
def test_read_steps_under_an_action(body: str, orders: set[tuple[str, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Permits office\n\n{body}", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")), p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert read == orders


def test_the_title_scopes_nothing() -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), "# Renewing permits\n\nLook up the permit.\n", TOOLS)
    assert not [p for p in built.policies if p.operator == "require_before"]

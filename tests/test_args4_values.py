"""A label over values closed by the words after it (`args4_values`). A kiln studio
(snake_case ids) and a seed bank (camelCase), written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.args4_values import closed_list
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("book_firing", "Book a kiln firing.", member_id="string", cone="string"),
    _tool("shipPacket", "Ship a seed packet.", packetId="string", carrier="string"),
]

CLOSED = [
    ("- Cone: 04, 06 or 10.", " No other cones.", "The cone must be one of 04, 06 or 10."),
    ("Carrier: post, courier or pickup.", " Nothing else.",
     "The carrier must be one of post, courier or pickup."),
    ("Carrier: post or courier, and no other carrier.", "",
     "The carrier must be one of post or courier."),
    ("Firings start at 09:00, 13:00 or 18:30 and at no other time.", "",
     "The firings must be one of 09:00, 13:00 or 18:30."),
]  # fmt: skip

OPEN = [
    ("Cone: 04, 06 or 10.", " Ask the member which one."),  # nothing closes the list
    ("Cone: 04.", " No other cones."),  # one value is no list
    ("We ship with post and courier.", " No other carriers."),  # no label
]


@pytest.mark.parametrize(("text", "after", "said"), CLOSED)
def test_closed(text: str, after: str, said: str) -> None:
    assert closed_list(text, after) == said


@pytest.mark.parametrize(("text", "after"), OPEN)
def test_open(text: str, after: str) -> None:
    assert closed_list(text, after) is None


@pytest.mark.parametrize(
    ("prompt", "allowed"),
    [
        ("- Carrier: post, courier or pickup. No other carriers.", ("courier", "pickup", "post")),
        ("- Carrier: post, courier or pickup.", None),  # may describe what exists: a note
    ],
)
def test_compiled(tmp_path: Path, prompt: str, allowed: tuple[str, ...] | None) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{prompt}\n", TOOLS)
    found = [
        (p.target, p.condition.selector.arg, p.condition.allowed)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "resource_in_allowlist"
    ]
    assert found == ([("shipPacket", "carrier", allowed)] if allowed else [])

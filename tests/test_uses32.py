"""Session 32: the values an act uses said with "use", or after its tool as a label, read as
the allowlist "only call `t` with ..." says (`specgap.extract.uses32`; `keyed29` leaves "uses"
to it). Sentences written for these tests, in a made-up sailing-club desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.uses32 import respelt
from tests.probes import desk_policies, has_policy, shown

SAILING = [
    {
        "type": "function",
        "function": {
            "name": "send_sms",
            "description": "Sends a templated text message to a sailor.",
            "parameters": {
                "type": "object",
                "properties": {
                    "sailor_id": {"type": "string"},
                    "template": {"type": "string", "enum": ["tide_warning", "receipt", "promo"]},
                },
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "email_sailor",
            "description": "Emails a sailor.",
            "parameters": {
                "type": "object",
                "properties": {
                    "sailor_id": {"type": "string"},
                    "template": {"type": "string", "description": "Template name."},
                },
            },
        },
    },
]


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("send_sms uses `tide_warning` or `receipt` only.", "send_sms"),
        ("Texts through send_sms use `tide_warning` or `receipt` and nothing else.", "send_sms"),
        ("Texts use `tide_warning` or `receipt`.", "send_sms"),
        ("email_sailor: templates `tide_warning` and `receipt` only.", "email_sailor"),
        ("Emails through email_sailor use templates `tide_warning` and `receipt`.", "email_sailor"),
    ],
)
def test_values_used_are_the_only_ones(tmp_path: Path, text: str, tool: str) -> None:
    policies = desk_policies(tmp_path, text, SAILING)
    found = [p for p in policies if p.operator == "resource_in_allowlist"]
    assert has_policy(
        found, "resource_in_allowlist", tool, found[0].enforcement if found else "enforce",
        arg="template", allowed=["receipt", "tide_warning"],
    ), shown(policies)  # fmt: skip


def test_words_that_are_no_values_are_no_list() -> None:
    assert respelt("Texts use plain words and short lines.") is None
    assert respelt("send_sms uses the tide tables and the club calendar.") is None
    # an argument no schema lists the values of is never guessed: nothing is enforced
    assert respelt("Texts use `tide_warning` or `receipt`.") == (
        "Only send texts with `tide_warning` or `receipt`."
    )

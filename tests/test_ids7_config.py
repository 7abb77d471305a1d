"""`specgap.extract.ids7_config`: what a config block's `tool.argument` keys do not state."""

from __future__ import annotations

from specgap.extract.ids7_config import TOOL_HEAD, _action, _snake


def test_tool_heads() -> None:
    for head in ("createOrder", "book-repair-slot", "payments__charge_fee", "get_pledge"):
        assert TOOL_HEAD.match(head), head
    for head in ("agent", "logging", "limits", "a.b"):
        assert not TOOL_HEAD.match(head), head


def test_snake_and_action() -> None:
    assert _snake("timeoutSeconds") == "timeout_seconds"
    assert _snake("max-per-conversation") == "max_per_conversation"
    assert _action("Requests are created") == "Requests created"
    assert _action("`x` only") == "*"

"""A call verb before a tool named verbatim names that tool: "calling `cancel_booking`"
is `cancel_booking`, never the `get_…` tool the verb "call" happens to resemble. A boat-hire
desk written for the test."""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver

REGISTRY, _ = build_registry(
    [
        Tool(id="get_hire", names=("get_hire",), description="Read a boat hire."),
        Tool(id="cancel_hire", names=("cancel_hire",), description="Cancel a boat hire."),
        Tool(id="call_skipper", names=("call_skipper",), description="Phone the skipper."),
        Tool(id="refund_hire", names=("refund_hire",), description="Refund a boat hire."),
    ]
)


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        ("call cancel_hire", "cancel_hire"),
        ("calling `cancel_hire`", "cancel_hire"),
        ("use the refund_hire tool", "refund_hire"),
        ("invoking refund_hire()", "refund_hire"),
        ("run get_hire", "get_hire"),
        ("call call_skipper", "call_skipper"),
    ],
)
def test_a_tool_called_by_its_id(mention: str, tool: str) -> None:
    res = Resolver(REGISTRY).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool)
    assert res.candidates[0].score == 1.0

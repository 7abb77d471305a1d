"""Building policies and events by hand for table-driven operator tests."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from specgap.events import Event, Message, ToolCall
from specgap.ir import Condition, Policy, Source, Span
from specgap.operators import OPERATORS

_CONDITION: TypeAdapter[Condition] = TypeAdapter(Condition)
SPAN = Span(path="p.md", start_line=1, start_col=1, end_line=1, end_col=2, start_byte=0, end_byte=1)


def policy(operator: str, target: str, enforcement: str = "enforce", **condition: Any) -> Policy:
    op = OPERATORS[operator]
    cond = _CONDITION.validate_python({"operator": operator, **condition})
    return Policy(
        id=f"t.{operator}.{abs(hash((target, str(condition)))) % 10**8:08d}",
        title=operator,
        check_category=op.category,
        operator=operator,
        target=target,
        condition=cond,
        action=op.action,
        message=op.describe(cond, target),
        enforcement=enforcement,  # type: ignore[arg-type]
        confidence=1.0,
        source=Source(
            artifact="p.md", span=SPAN, quote="x", grounding="exact", mentions=(), extractor="t"
        ),
    )


def call(tool: str, args: dict[str, Any] | None = None, **extra: Any) -> ToolCall:
    return ToolCall(name=tool, tool=tool, args=args or {}, **extra)


def say(role: str, content: str, **extra: Any) -> Event:
    return Message(role=role, content=content, **extra)  # type: ignore[arg-type]

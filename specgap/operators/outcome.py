"""Whether a recorded tool call failed: what the call changed, if anything, is unknown then,
and rules that count what calls did (a confirmation used up) do not count it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from specgap.events import ToolCall

# what a tool's text output starts with when it reports a failure instead of a result
_ERROR_TEXT = re.compile(r"^\s*(?:error|exception|failed|failure)\b\s*[:!-]?", re.I)
_ERROR_STATUS = frozenset({"error", "failed", "failure"})


def failed(call: ToolCall) -> bool:
    """The call is flagged as an error (`is_error`, an MCP `isError` result), or its output
    is one: text starting with `Error`/`Failed`, or an object whose `error` is set or whose
    `status` says it failed."""
    return call.is_error or is_error_output(call.result)


def is_error_output(result: Any) -> bool:
    if isinstance(result, str):
        return _ERROR_TEXT.match(result) is not None
    if isinstance(result, Mapping):
        if result.get("isError") is True or result.get("error"):
            return True
        status = result.get("status")
        return isinstance(status, str) and status.strip().casefold() in _ERROR_STATUS
    return False

"""`@guarded(guard)`: a plain Python tool function, checked before every call.

    guard = Guard("policy/policy.json", agent="sql")

    @guarded(guard)
    def run_query(sql: str) -> str:
        ...

    run_query("SELECT 1")   # denied: returns the guard's message, the body never runs

The call's arguments (bound to the signature, defaults included; a parameter left at a
`None` default counts as omitted, as JSON tool calls omit optional arguments) are checked
as a tool call named after the function (or `name=`). An allowed call runs and its return value is
recorded for later checks; a raised exception is recorded as an error result and re-raised.
A denied or steered call does not run: by default the function returns the guard's message
(what the model should read instead of a result); with `on_block="raise"` it raises
`ToolBlocked`, which carries the decision. A result the after-run check blocks (a control
that finds a secret in it) is withheld the same way: the caller gets the message or
`ToolBlocked`, never the result. Coroutine functions are wrapped as coroutines.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Literal, TypeVar, cast

from specgap.evaluate.engine import BLOCKING, Decision
from specgap.guard import Guard

F = TypeVar("F", bound=Callable[..., Any])


class ToolBlocked(Exception):
    """A guarded call the policy did not let run; `decision` says why."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        super().__init__(decision.feedback())


def guarded(
    guard: Guard,
    *,
    name: str | None = None,
    trace: str = "default",
    on_block: Literal["return", "raise"] = "return",
) -> Callable[[F], F]:
    """Wrap a tool function so `guard` decides each call before it runs."""

    def wrap(fn: F) -> F:
        tool = name or fn.__name__
        signature = inspect.signature(fn)

        def decide(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Decision:
            given = signature.bind(*args, **kwargs)
            full = signature.bind(*args, **kwargs)
            full.apply_defaults()
            # an optional parameter left at None is an absent argument, as in JSON tool calls
            arguments = {
                k: v
                for k, v in full.arguments.items()
                if k not in ("self", "cls") and (k in given.arguments or v is not None)
            }
            return guard.check({"name": tool, "arguments": arguments}, trace=trace)

        def blocked(decision: Decision) -> Any:
            if on_block == "raise":
                raise ToolBlocked(decision)
            return decision.feedback()

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(*args: Any, **kwargs: Any) -> Any:
                decision = decide(args, kwargs)
                if decision.action in BLOCKING:
                    return blocked(decision)
                try:
                    result = await fn(*args, **kwargs)
                except Exception:
                    guard.record(None, trace=trace, is_error=True)
                    raise
                after = guard.record(result, trace=trace)
                if after.action in BLOCKING:  # the result itself is withheld
                    return blocked(after)
                return result

            return cast(F, run_async)

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            decision = decide(args, kwargs)
            if decision.action in BLOCKING:
                return blocked(decision)
            try:
                result = fn(*args, **kwargs)
            except Exception:
                guard.record(None, trace=trace, is_error=True)
                raise
            after = guard.record(result, trace=trace)
            if after.action in BLOCKING:  # the result itself is withheld
                return blocked(after)
            return result

        return cast(F, run)

    return wrap

"""The Guard's reader of OpenAI Chat tool calls, the shape most agents hand it, and the
decision of a call it has seen before.

An agent repeats itself: the same tool names with the same argument text, a lookup, a
query. `WireReader` reads a dict through the runtime `Coercer` the first time a (name,
arguments text) pair is seen and keeps what that event holds (`Known`); a call repeating
the pair is made from those fields with its own id and origin, without decoding the text
or asking the registry again. What the event holds depends on nothing else: the coercer
reads the name and the text the same way every time.

A repeated call is also decided from what is known of it. The checks that read only the
call (`specgap.evaluate.plan.PURE_OPERATORS`) give it the same findings every time, so
once the engine has decided it with the other checks (those that read the trace) finding
nothing, the verdict, action and hits it gave are kept; a later repeat runs only the
checks that read the trace and, when they find nothing either, is given those. Anything
else (a check that finds something or fails, a call the registry flags) is decided by the
engine as always. `tests/test_guard_fast.py` holds the Guard with and without this path
to each other, every field compared, on the reference traces, generated mutants and the
adapter fuzz shapes.

Only events whose arguments are all scalars, from a text of at most `LONGEST` characters,
are kept (a copy of their dict is a whole copy, so no two events share a value); anything
else, and every other shape, goes through the coercer every time, errors included.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.runtime import Coercer
from specgap.evaluate.engine import Decision, Engine, RuntimeAction, Verdict, _decision
from specgap.evaluate.fast import BoundedCache, set_dict, set_extra, set_fields, set_private
from specgap.events import Event, ToolCall
from specgap.operators import TraceState

_SCALARS = frozenset({str, int, float, bool, type(None)})
_new = object.__new__
LIMIT = 4096
LONGEST = 4096  # longer argument texts are read every time: the memo stays small


class Known:
    """A (name, arguments text) pair seen before: the fields of its event but the id and
    origin, the checks of its tool that read the trace, and once learnt, what the engine
    decided for it when those found nothing."""

    __slots__ = ("fields", "fields_set", "judged", "rest", "tool")

    def __init__(self, item: ToolCall, rest: tuple[tuple[int, Any, Any], ...]) -> None:
        self.fields = dict(item.__dict__)
        self.fields["args"] = dict(item.args)
        self.fields_set = set(item.__pydantic_fields_set__)
        self.tool = item.tool
        self.rest = rest
        # (verdict, hits, action); only for a call with a tool and no flags
        self.judged: tuple[Verdict, Any, RuntimeAction] | None = None

    def make(self, value: dict[str, Any], origin: str) -> ToolCall:
        """The event of `value`, a call repeating this pair."""
        call_id = value.get("id")
        if type(call_id) is not str and call_id is not None:
            call_id = str(call_id)
        fields = self.fields.copy()
        fields["args"] = fields["args"].copy()  # each event its own dict
        fields["call_id"] = call_id
        fields["origin"] = origin
        made = _new(ToolCall)  # `fast.build`, inlined: once per call
        set_dict(made, fields)
        set_fields(made, self.fields_set)  # shared: pydantic copies it before changing it
        set_extra(made, None)
        set_private(made, None)
        return made

    def decide(
        self, engine: Engine, index: int, item: ToolCall, state: TraceState
    ) -> Decision | None:
        """`engine.evaluate(index, item, state)` when the checks that read the trace find
        nothing (learning the answer the first time); None when one finds something or
        fails (the engine then decides as always)."""
        for _, compiled, check in self.rest:
            try:
                if check(compiled.prepared, item, state) is not None:
                    return None
            except Exception:  # the engine says what a failing check makes of the call
                return None
        judged = self.judged
        if judged is None:
            decision = engine.evaluate(index, item, state)
            if self.tool is not None and not item.flags and not any(h.error for h in decision.hits):
                self.judged = (decision.verdict, decision.hits, decision.action)
            return decision
        return _decision(
            index,
            item.origin,
            self.tool,
            item.name,
            judged[0],
            judged[1],
            judged[2],
            item.call_id,
            (),
        )


class WireReader:
    """`Coercer(registry)(value, origin)`, with OpenAI Chat tool calls repeating a (name,
    arguments text) pair made from the fields of the first such call."""

    __slots__ = ("_coerce", "_engine", "_known")

    def __init__(self, coerce: Coercer, engine: Engine) -> None:
        self._coerce = coerce
        self._engine = engine
        self._known: BoundedCache[tuple[str, str], Known] = BoundedCache(LIMIT)

    def known(self, value: dict[str, Any]) -> Known | None:
        """What is known of an OpenAI Chat tool call seen before, or None."""
        function = value.get("function")
        if type(function) is dict:  # the coercer's OpenAI Chat branch reads these three
            name = function.get("name")
            arguments = function.get("arguments")
            if type(arguments) is str and type(name) is str:
                return self._known.get((name, arguments))
        return None

    def __call__(self, value: Any, origin: str) -> Event:
        """The event of `value`, remembering an OpenAI Chat call for its repeats."""
        if type(value) is dict:
            known = self.known(value)
            if known is not None:
                return known.make(value, origin)
            item = self._coerce(value, origin)
            function = value.get("function")
            if type(item) is ToolCall and type(function) is dict:
                arguments = function.get("arguments")
                if (
                    type(arguments) is str
                    and len(arguments) <= LONGEST
                    and all(type(v) in _SCALARS for v in item.args.values())
                ):
                    rest = self._engine.before_plan(item.tool).rest
                    self._known.put((item.name, arguments), Known(item, rest))
            return item
        return self._coerce(value, origin)

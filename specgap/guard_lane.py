"""The Guard's per-tool lanes: a tool call decided and folded in with one memo key.

A guard without filters or shadow mode decides a tool call (an event, or one read from a
format other than OpenAI Chat) in the lane of its tool, made at the tool's first call. A
lane keys a call once, by every field its memoized checks and its observers read
(`freeze`), and remembers per key what does not depend on the trace: the findings of the
checks that read only the call (`Plan.pure`) and, once the call has run, the values it
names for the same-entity rule (`require_same.named_of`). A repeated call then costs one
key, one look-up, the checks that read the trace (`Plan.rest`), its decision and its
fold into the trace: the plan's own memo key and the same-entity observer's, which froze
the same result twice, are not built.

What a lane does is what `Guard.check`'s inlined path and `Engine.observe` did before,
step for step: the same checks in the same order (a check that raises or reads an
unreadable value is a finding, as `Plan.findings` makes it), the same decision (an allow
made here, anything found judged by `Engine.judge_call`), the same fold.
`tests/test_guard_lane.py` holds a guard on the lanes to one on the general path.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from specgap.controls.evaluate import _frozen
from specgap.evaluate.engine import BLOCKING, Decision, _Draft
from specgap.evaluate.plan import MEMO_LIMIT, Finding, Plan
from specgap.events import ToolCall
from specgap.operators.require_same import fold_named, named_of, observe_same
from specgap.operators.values import UnreadableValue

if TYPE_CHECKING:  # the guard calls in here
    from specgap.guard import Guard, _Trace
    from specgap.guard_wire import Pending

_new = object.__new__
_FLAT = frozenset({str, int, bool, type(None)})  # exact types: equal values of one are alike
_FLAT_OR_LIST = _FLAT | {list}
_STRINGS = frozenset({str})
_UNKNOWN = None  # an entry's `named` before the call first ran
_EMPTY_LIST = (list,)  # `_frozen([])`


def freeze(value: Any) -> Any:
    """A hashable stand-in for a call's arguments or result, equal only for values no check
    can tell apart. Null and a string stand for themselves. A dict with string keys whose
    values are strings, integers, booleans, null, or lists of those, is its value types (a
    tuple of exact types, so 1, 1.0 and True never meet) and its items in order, a list
    among them as its own value types and items. Anything else is `_frozen`'s form, whose
    tuples start with a type, never with a tuple of types as these do: the two never meet.
    Raises TypeError for what cannot be frozen."""
    kind = type(value)
    if kind is dict:
        types = tuple(map(type, value.values()))
        if _FLAT.issuperset(types) and _STRINGS.issuperset(map(type, value)):
            return (types, tuple(value.items()))
        if _FLAT_OR_LIST.issuperset(types) and _STRINGS.issuperset(map(type, value)):
            items = []
            for k, v in value.items():
                if type(v) is list:
                    inner = tuple(map(type, v))
                    if not _FLAT.issuperset(inner):
                        return _frozen(value)
                    v = (inner, tuple(v))
                items.append((k, v))
            return (types, tuple(items))
        return _frozen(value)
    if kind is str or value is None:
        return value
    return _frozen(value)


class _Entry:
    """What a lane knows of one key: the plan for such a call (before-run, or both stages
    when it carries its result), its memoized checks' findings, the checks that read the
    trace, and what the call names (once it has run)."""

    __slots__ = ("found", "named", "plan", "quiet", "rest")

    def __init__(self, plan: Plan, found: tuple[Finding, ...]) -> None:
        self.plan = plan
        self.rest = plan.rest
        self.found = found
        self.quiet = not found and not self.rest  # allowed whatever the trace holds
        self.named: tuple[frozenset[str], bool] | None = _UNKNOWN


# the fields a call's key holds as they are (what memoized checks and observers read)
_PLAIN_FIELDS = itemgetter(
    "name", "duration_ms", "labels_in", "labels_out", "actor", "resource", "is_error", "flags"
)


class Lane:
    """One tool's calls on a plain guard: `check` is `Guard.check` of such a call."""

    __slots__ = (
        "_before",
        "_both",
        "_called_only",
        "_hooks",
        "_keys_result",
        "_labelled",
        "_memo",
        "_same_only",
        "_source",
        "guard",
        "tool",
    )

    def __init__(self, guard: Guard, tool: str) -> None:
        engine = guard.engine
        plans = engine.plans(tool)
        self.guard = guard
        self.tool = tool
        self._before = plans[0]
        self._both = plans[2]
        self._memo: dict[tuple[Any, ...], _Entry] = {}  # bounded: emptied when full
        self._source = engine.source_labels(tool)  # a taint source's labels, or None
        plain, labelled = engine.hooks(tool)
        self._hooks = plain  # the observers of a call whose output carries no label
        self._labelled = labelled  # ... and of one that does, or of a taint source
        # how a call with no output label is folded in when its tool is no taint source:
        # adding the tool to `called`, and with the same-entity observer alone, its values
        self._called_only = self._source is None and not plain
        self._same_only = self._source is None and plain == (observe_same,)
        # whether a key holds the result (a memoized after-run check reads it, or what
        # the call names is kept), or only whether there is one (which plan checks it)
        self._keys_result = (
            self._both.keys_result or observe_same in plain or observe_same in labelled
        )

    def check(
        self, current: _Trace, event: ToolCall, fields: dict[str, Any], executed: bool | None
    ) -> Decision:
        """`Guard.check` of `event`, a call of this lane's tool (`fields`: its `__dict__`),
        in the trace `current`."""
        if current.pending:
            self.guard._fold_pending(current)
        index = current.index
        current.index = index + 1
        state = current.state
        allowed = False  # nothing found: the decision is an allow, made here
        entry: _Entry | None = None
        try:
            args = fields["args"]
            result = fields["result"]
            try:
                # every field a memoized check or an observer reads. The arguments (a dict
                # with string keys: `ToolCall.args`) as their pairs when every value is a
                # string, an integer or null (exact types), else `freeze`d; the result
                # `freeze`d, its usual forms inlined (a loop beats C helpers on a few items)
                for value in args.values():
                    kind = type(value)
                    if kind is not str and kind is not int and value is not None:
                        frozen_args = freeze(args)
                        break
                else:
                    frozen_args = tuple(args.items())
                if not self._keys_result:  # what is read of the result: none or some
                    key: Any = (frozen_args, result is None, _PLAIN_FIELDS(fields))
                elif type(result) is dict:
                    out: Any = [dict]  # `_frozen`'s form of a dict, its usual values inlined
                    for name, value in result.items():
                        kind = type(value)
                        if type(name) is not str:
                            out = _frozen(result)  # raises TypeError: not memoized
                            break
                        if kind is str or value is None:
                            out += (name, value)
                        elif kind is int or kind is bool:
                            out += (name, (kind, value))
                        elif kind is list and not value:
                            out += (name, _EMPTY_LIST)
                        else:
                            out = _frozen(result)
                            break
                    key = (frozen_args, tuple(out), _PLAIN_FIELDS(fields))
                elif type(result) is str or result is None:
                    key = (frozen_args, result, _PLAIN_FIELDS(fields))
                else:
                    key = (frozen_args, _frozen(result), _PLAIN_FIELDS(fields))
                entry = self._memo.get(key)
            except TypeError:  # not memoized: every check runs
                key = None
            if entry is None:
                plan = self._before if result is None else self._both
                found, ran = plan.pure(event, state)
                entry = _Entry(plan, found)
                if key is not None and ran:
                    if len(self._memo) >= MEMO_LIMIT:
                        self._memo.clear()
                    self._memo[key] = entry
            if entry.quiet:
                findings: Any = ()
            else:
                findings = entry.found
                more: list[Finding] | None = None
                for n, compiled, check, prepared in entry.rest:  # `Plan.findings`' loop
                    try:
                        reason = check(prepared, event, state)
                    except UnreadableValue as exc:  # unreadable input: a violation
                        finding: Finding = (n, compiled, f"cannot read the call: {exc}", False)
                    except Exception as exc:  # a broken check fails closed or open, naming it
                        operator = compiled.policy.operator
                        finding = (n, compiled, f"internal error in `{operator}`: {exc}", True)
                    else:
                        if reason is None:
                            continue
                        finding = (n, compiled, reason, False)
                    if more is None:
                        more = []
                    more.append(finding)
                if more is not None:
                    merged = [*findings, *more]
                    if findings:
                        merged.sort(key=_position)
                    findings = merged
            if not findings and not fields["flags"]:
                allowed = True
                made = _new(_Draft)  # `engine._decision(...)`, inlined
                made.index = index
                made.origin = fields["origin"]
                made.tool = self.tool
                made.name = fields["name"]
                made.verdict = "allow"
                made.hits = ()
                made.action = "allow"
                made.call_id = fields["call_id"]
                made.flags = ()
                made.__class__ = Decision
                decision: Decision = made  # type: ignore[assignment]  # now a `Decision`
            else:
                decision = self.guard.engine.judge_call(
                    index, event, fields, state, entry.plan, findings
                )
        except Exception as exc:  # the guard, not a policy, failed: fail open or closed
            decision = self.guard._failed(index, event, exc)
        if executed:
            if allowed or decision.verdict != "deny":
                if fields["labels_out"]:
                    self.fold(state, event, fields, entry)
                elif self._called_only:  # `TraceState.observe` of the usual call, inlined
                    state.called.add(self.tool)
                elif self._same_only and entry is not None:  # ... and the same-entity record
                    state.called.add(self.tool)
                    named = entry.named
                    if named is None:
                        named = entry.named = named_of(event)
                    fold_named(state, self.tool, named)
                else:
                    self.fold(state, event, fields, entry)
        elif executed is None and (allowed or decision.action not in BLOCKING):
            current.pending.append(event)
            current.pending_at.append(index)
        return decision

    def fold_pending(self, state: Any, call: Pending) -> None:
        """Fold in a repeated Chat call left pending without an event (`guard_wire`): with
        the same-entity observer alone, from what its `Known` names (made once), else the
        event made and folded as `Engine.observe` folds it."""
        fields = call.__dict__
        if self._same_only and not fields["labels_out"] and fields["result"] is None:
            known = call.known
            named = known.named
            if named is None:  # what `named_of` reads: the arguments, no result, no error
                named = known.named = named_of(call.made())
            state.called.add(self.tool)
            fold_named(state, self.tool, named)
        else:
            self.guard._observe(state, call.made())

    def fold(
        self, state: Any, event: ToolCall, fields: dict[str, Any], entry: _Entry | None
    ) -> None:
        """`Engine.observe(state, event)` of a call that ran (`entry`: its key's, or None),
        the same-entity observer given what the call names from the entry."""
        labelled = fields["labels_out"] or self._source
        if labelled:
            state.observe(event)
            hooks = self._labelled
        else:  # `TraceState.observe` of a call with no label, inlined
            state.called.add(self.tool)
            hooks = self._hooks
        for observe in hooks:
            if observe is observe_same and entry is not None:
                named = entry.named
                if named is None:
                    named = entry.named = named_of(event)
                fold_named(state, self.tool, named)
            else:
                observe(state, event)


def _position(finding: Finding) -> int:
    return finding[0]

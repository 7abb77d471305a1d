"""Per-tool check plans: the engine's checks of one tool, run in a fixed order, with the
answers of state-free checks remembered for repeated calls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from specgap.controls.evaluate import _frozen
from specgap.evaluate.fast import BoundedCache
from specgap.operators.schemacheck import merged_validator
from specgap.operators.values import UnreadableValue

PURE_OPERATORS = frozenset(
    {
        "resource_in_allowlist",
        "deny_action",
        "arg_within_bound",
        "timeout_leq",
        "schema_contract",
        "review_required",
    }
)
"""Operators whose before-run check reads nothing but the call's `name`, `args`,
`duration_ms` and `labels_in` (never the trace state): their answers for one such tuple
are the same every time, so a plan answers a repeated call from memory."""

OUTPUT_PURE_OPERATORS = frozenset({"control"})
"""Operators whose after-run check (`check_output`) reads nothing but the call's `name`,
`tool`, `args`, `actor`, `resource` and `result` (never the trace state): a plan holding
one keys its memo by those too, so a repeated call and result is answered from memory."""

_SCALARS = frozenset({str, int, type(None)})  # exact types: 1 == 1.0 == True must not meet
MEMO_LIMIT = 8192

Finding = tuple[int, Any, str, bool]
"""(position in the plan's checks, the compiled policy, reason, the check itself failed)"""
Step = tuple[int, Any, Any, Any]
"""(position in the plan's checks, the compiled policy, its check, its prepared condition)"""


class Plan:
    """The checks of one tool (or of messages) in a fixed order, run the way the engine
    specifies: a check that returns None is satisfied; `UnreadableValue` is a violation
    with the reason "cannot read the call"; any other exception is a failed check.

    Checks of `PURE_OPERATORS`, and the after-run checks of `OUTPUT_PURE_OPERATORS`, are
    answered from a bounded memo keyed by the call's (name, duration, labels, argument
    items: as they are when every argument is a string, an integer or null, otherwise
    frozen with their exact types), and when the plan holds an after-run check of the
    latter, its (tool, actor, resource, frozen result) too; a call whose values cannot be
    frozen runs them all, and the other checks run every time. Schema fragments with a
    fast "valid" test are tried together first, each fragment's own check running only on
    doubt.
    """

    __slots__ = ("_memo", "_outputs", "_pure", "_rest", "_schemas", "_valid")

    def __init__(self, checks: tuple[tuple[Any, Any], ...], *, calls: bool) -> None:
        pure: list[Step] = []
        rest: list[Step] = []
        for n, (compiled, check) in enumerate(checks):
            operator = compiled.operator
            memoizable = calls and (
                (operator.name in PURE_OPERATORS and check is operator.check)
                or (operator.name in OUTPUT_PURE_OPERATORS and check is operator.check_output)
            )
            (pure if memoizable else rest).append((n, compiled, check, compiled.prepared))
        # a memoized check reads the result: the memo key holds it (and actor, resource)
        self._outputs = any(
            c.operator.name in OUTPUT_PURE_OPERATORS and check is c.operator.check_output
            for _, c, check, _ in pure
        )
        self._schemas = tuple(p for p in pure if _schema_test(p[1]) is not None)
        tests = tuple(t for _, c, _, _ in self._schemas if (t := _schema_test(c)) is not None)
        # the fragments tested together by one merged predicate when every one is of a shape
        # it reads (`schemacheck.merged_validator`), else each fragment's own test in turn
        merged = merged_validator([c.policy.condition.schema_ for _, c, _, _ in self._schemas])
        self._valid = merged or (lambda args: all(test(args) for test in tests))
        self._pure = tuple(p for p in pure if p not in self._schemas)
        self._rest = tuple(rest)
        self._memo: BoundedCache[tuple[Any, ...], tuple[Finding, ...]] = BoundedCache(MEMO_LIMIT)

    @property
    def keys_result(self) -> bool:
        """Whether a memoized check reads the call's result (and actor, resource, tool)."""
        return self._outputs

    @property
    def rest(self) -> tuple[Step, ...]:
        """The checks run every time (those that may read the trace): (position, compiled
        policy, check, its prepared condition)."""
        return self._rest

    def findings(self, event: Any, state: Any) -> Sequence[Finding]:
        """The checks' findings on `event`, in the order of the checks. When only the
        memoized checks found something, the answer is the memo's own tuple (the same
        object for the same call), which lets the engine reuse what it made of it."""
        found: tuple[Finding, ...] = ()
        if self._pure or self._schemas:
            # the memo key; this runs once per call. The fields are read from the model's
            # dict: pydantic's `__getattr__` hook makes every attribute read slow
            fields = event.__dict__
            args = fields["args"]
            key: tuple[Any, ...] | None = None
            try:
                # exact scalar types (the usual arguments) as they are; other values frozen
                # with their types (`_frozen`: a tuple starting with `dict`, never with a
                # pair, so the two readings never meet); TypeError: not memoized
                items = (
                    tuple(args.items())
                    if _SCALARS.issuperset(map(type, args.values()))
                    else _frozen(args)
                )
                if self._outputs:
                    key = (
                        fields["name"],
                        fields["duration_ms"],
                        fields["labels_in"],
                        items,
                        fields["tool"],
                        fields["actor"],
                        fields["resource"],
                        result if type(result := fields["result"]) is str else _frozen(result),
                    )
                else:
                    key = (fields["name"], fields["duration_ms"], fields["labels_in"], items)
            except TypeError:
                pass
            known = self._memo.get(key) if key is not None else None
            if known is None:
                made, failed = self._run_pure(event, state)
                known = tuple(made)
                if key is not None and not failed:
                    self._memo.put(key, known)
            found = known
        rest = self._rest
        if rest:
            more = _NONE  # `_findings(rest, event, state)`, inlined: this runs once per call
            for n, compiled, check, prepared in rest:
                try:
                    reason = check(prepared, event, state)
                except UnreadableValue as exc:  # unreadable input is a violation, not an error
                    finding: Finding = (n, compiled, f"cannot read the call: {exc}", False)
                except Exception as exc:  # a broken check fails closed or open, naming it
                    operator = compiled.policy.operator
                    finding = (n, compiled, f"internal error in `{operator}`: {exc}", True)
                else:
                    if reason is None:
                        continue
                    finding = (n, compiled, reason, False)
                if more is _NONE:
                    more = []
                more.append(finding)
            if more:
                out = [*found, *more]
                if found:
                    out.sort(key=_position)
                return out
        return found

    def pure(self, event: Any, state: Any) -> tuple[tuple[Finding, ...], bool]:
        """The findings of the checks `findings` answers from memory (run now, not looked
        up), and whether each of them ran (none failed): a caller that keys calls by at
        least what those checks read (the Guard's per-tool lanes) may keep them."""
        found, failed = self._run_pure(event, state)
        return tuple(found), not failed

    def _run_pure(self, event: Any, state: Any) -> tuple[list[Finding], bool]:
        found, failed = _run(self._pure, event, state)
        if self._schemas and not self._valid(event.args):
            more, also = _run(self._schemas, event, state)
            found.extend(more)
            failed = failed or also
            found.sort(key=_position)
        return found, failed


def _position(finding: Finding) -> int:
    return finding[0]


def _schema_test(compiled: Any) -> Callable[[Any], bool] | None:
    """A schema policy's fast "arguments are valid" test, when it has one."""
    prepared = compiled.prepared
    if compiled.operator.name != "schema_contract" or not isinstance(prepared, tuple):
        return None
    test = prepared[-1] if prepared else None
    return test if callable(test) else None


_NONE: list[Finding] = []  # never changed: the empty answer, shared


def _run(checks: tuple[Step, ...], event: Any, state: Any) -> tuple[list[Finding], bool]:
    """(findings, whether any check failed) of running `checks` on `event`."""
    found: list[Finding] = []
    failed = False
    for n, compiled, check, prepared in checks:
        try:
            reason = check(prepared, event, state)
        except UnreadableValue as exc:  # unreadable input is a violation, never an error
            found.append((n, compiled, f"cannot read the call: {exc}", False))
            continue
        except Exception as exc:  # a broken check fails closed or open, naming the policy
            found.append(
                (n, compiled, f"internal error in `{compiled.policy.operator}`: {exc}", True)
            )
            failed = True
            continue
        if reason is not None:
            found.append((n, compiled, reason, False))
    return found, failed

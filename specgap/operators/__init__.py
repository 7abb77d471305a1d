"""The operator table: one module per operator, named after it, each defining `OPERATOR`
(its condition model, declaration, check, mutators, prose patterns, config settings and
examples). Adding an operator is one new module here plus its name in `_MODULES`; a module
outside specgap joins with `register` below.

The other modules of this package are support, not operators: `base` (what an operator is
made of), `prose` (the rule language patterns share), `values`, `rewrite`, `schemacheck`,
`sqlfacets`, `evidence`, `replay`, `outcome`. The package imports nothing above it
(`specgap.irbase`, `specgap.events` and the Agent Control models only), so extract,
resolve, compile and evaluate all build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType

from specgap.operators.base import (
    Example,
    Mutant,
    Mutator,
    Operator,
    Prose,
    TraceState,
    Undetermined,
)

_MODULES: tuple[ModuleType, ...] = tuple(
    import_module(f"specgap.operators.{name}")
    for name in (  # one line per operator, in table order
        "schema_contract",
        "deny_action",
        "resource_in_allowlist",
        "require_before",
        "arg_within_bound",
        "timeout_leq",
        "flow_denied",
        "review_required",
        "require_confirmation",
        "arg_grounded",
        "arg_count_bound",
        "max_calls",
        "one_call_at_a_time",
        "state_condition",
        "control",
    )
)

OPERATORS: dict[str, Operator] = {module.OPERATOR.name: module.OPERATOR for module in _MODULES}
"""Every operator by name, in registry order (the order of `_MODULES`, then registration)."""

_LISTENERS: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> Callable[[], None]:
    """Call `listener` whenever an operator is registered or unregistered: what derives a
    cached table from `OPERATORS` (the extractor's patterns, the LLM vocabulary) drops it."""
    _LISTENERS.append(listener)
    return listener


def _changed() -> None:
    for listener in _LISTENERS:
        listener()


def operator_of(module: ModuleType) -> Operator:
    """The operator a module declares as `OPERATOR`, checked against its condition model."""
    operator = getattr(module, "OPERATOR", None)
    if not isinstance(operator, Operator):
        raise TypeError(f"module `{module.__name__}` defines no `OPERATOR = Operator(...)`")
    field = operator.condition.model_fields.get("operator")
    if field is None or field.default != operator.name:
        raise ValueError(
            f"the condition model of `{operator.name}` needs "
            f'`operator: Literal["{operator.name}"] = "{operator.name}"`'
        )
    return operator


def register(module: ModuleType) -> Operator:
    """Add the operator a module declares (`OPERATOR`) to the table, as if it were listed in
    `_MODULES`: it is then extracted, compiled, evaluated, mutated and documented. A name
    already in the table is an error unless it is the very same declaration."""
    operator = operator_of(module)
    known = OPERATORS.get(operator.name)
    if known is not None and known is not operator:
        raise ValueError(f"an operator named `{operator.name}` is already registered")
    OPERATORS[operator.name] = operator
    _changed()
    return operator


def unregister(name: str) -> None:
    """Remove an operator added with `register` (the built-in ones stay)."""
    if any(module.OPERATOR.name == name for module in _MODULES):
        raise ValueError(f"`{name}` is a built-in operator")
    if OPERATORS.pop(name, None) is not None:
        _changed()


@contextmanager
def registered(module: ModuleType) -> Iterator[Operator]:
    """`register(module)` for the duration of a `with` block (tests, plugins in a session)."""
    operator = register(module)
    try:
        yield operator
    finally:
        unregister(operator.name)


__all__ = [
    "OPERATORS",
    "Example",
    "Mutant",
    "Mutator",
    "Operator",
    "Prose",
    "TraceState",
    "Undetermined",
    "on_change",
    "operator_of",
    "register",
    "registered",
    "unregister",
]

"""The operator table. A new operator is a module here with an `OPERATORS` tuple, listed
in `_MODULES`; nothing else in specgap changes."""

from __future__ import annotations

from specgap.operators import (
    access,
    bounds,
    cardinality,
    confirmation,
    control,
    flow,
    grounding,
    ordering,
    review,
    state,
    structure,
)
from specgap.operators.base import Mutant, Mutator, Operator, TraceState, Undetermined

_MODULES = (
    structure,
    access,
    ordering,
    bounds,
    flow,
    review,
    confirmation,
    grounding,
    cardinality,
    state,
    control,
)

OPERATORS: dict[str, Operator] = {op.name: op for module in _MODULES for op in module.OPERATORS}

__all__ = ["OPERATORS", "Mutant", "Mutator", "Operator", "TraceState", "Undetermined"]

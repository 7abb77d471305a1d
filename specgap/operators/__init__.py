"""The operator table: one module per operator, named after it, each defining `OPERATOR`
(its condition model, declaration, check, mutators, prose patterns and examples). Adding an
operator is one new module here plus one line in `_MODULES`; a module outside specgap joins
with `register` (see `specgap.operators.registry`).

The other modules of this package are support, not operators: `base` (what an operator is
made of), `values`, `rewrite`, `schemacheck`, `sqlfacets`, `evidence`, `replay`, `outcome`.
"""

from __future__ import annotations

from specgap.operators import (
    arg_count_bound,
    arg_grounded,
    arg_within_bound,
    control,
    deny_action,
    flow_denied,
    max_calls,
    one_call_at_a_time,
    require_before,
    require_confirmation,
    resource_in_allowlist,
    review_required,
    schema_contract,
    state_condition,
    timeout_leq,
)
from specgap.operators.base import Mutant, Mutator, Operator, TraceState, Undetermined

_MODULES = (
    schema_contract,
    deny_action,
    resource_in_allowlist,
    require_before,
    arg_within_bound,
    timeout_leq,
    flow_denied,
    review_required,
    require_confirmation,
    arg_grounded,
    arg_count_bound,
    max_calls,
    one_call_at_a_time,
    state_condition,
    control,
)

OPERATORS: dict[str, Operator] = {module.OPERATOR.name: module.OPERATOR for module in _MODULES}

__all__ = ["OPERATORS", "Mutant", "Mutator", "Operator", "TraceState", "Undetermined"]

"""Evaluation: `evaluate(bundle, traces) -> EvalResult`, the one entry.

    from specgap.evaluate import evaluate
    result = evaluate(bundle, {"sql": LabelledTraces(safe=..., unsafe=...)})

It takes the compiled policy and already-read traces only (`specgap.events.LabelledTraces`;
the adapters read files: `specgap.evaluate.adapters.suites.read_suites`). The engine
(`engine`) decides events for `eval`, `check` and the `Guard` alike; results live in
`results`, below the renderers that print them.

The names are loaded on first use, so importing the engine (the run-time guard does) does
not load the mutators and the kill matrix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from specgap.evaluate.results import EvalResult
    from specgap.evaluate.suite import evaluate

__all__ = ["EvalResult", "evaluate"]


def __getattr__(name: str) -> Any:
    if name == "evaluate":
        from specgap.evaluate.suite import evaluate

        return evaluate
    if name == "EvalResult":
        from specgap.evaluate.results import EvalResult

        return EvalResult
    raise AttributeError(f"module 'specgap.evaluate' has no attribute {name!r}")

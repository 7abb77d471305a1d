"""specgap: an offline policy-mining compiler for LLM agents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from specgap.guard import Guard

__all__ = ["Guard", "__version__"]


def __getattr__(name: str) -> Any:
    # `specgap.Guard` is imported on first use, so `import specgap` stays light for the CLI
    if name == "Guard":
        from specgap.guard import Guard

        return Guard
    raise AttributeError(f"module 'specgap' has no attribute {name!r}")

"""What a reading depends on besides its text: the agent's tools (their verbs, the nouns their
calls are named by, their list arguments, their ids), held in context variables set for one
agent's build.

Every such variable is made with `variable`, so `remembered` can key a pure reader's answers
on its text *and* on all of them: the same sentence read for another agent's tools is read
again, never answered from the first agent's memo. A reader wrapped by `remembered` must be
a function of its text and these variables only, and return a value nobody mutates (the
grammar's frozen `Clause`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, TypeVar

__all__ = ["remembered", "snapshot", "variable"]

T = TypeVar("T")
R = TypeVar("R")

_VARIABLES: list[ContextVar[Any]] = []


def variable(name: str, default: T) -> ContextVar[T]:
    """A context variable a reading depends on; its value must be hashable."""
    made: ContextVar[T] = ContextVar(name, default=default)
    _VARIABLES.append(made)
    return made


def snapshot() -> tuple[object, ...]:
    """The values of every reading variable, as set now."""
    return tuple(v.get() for v in _VARIABLES)


def remembered(maxsize: int) -> Callable[[Callable[[str], R]], Callable[[str], R]]:
    """Memoize a reader of one text under the current reading variables (a sentence is
    parsed several times per build: by each reading and each respelling that tries it)."""

    def wrap(reader: Callable[[str], R]) -> Callable[[str], R]:
        @lru_cache(maxsize=maxsize)
        def keyed(_context: tuple[object, ...], text: str) -> R:
            return reader(text)

        def read(text: str) -> R:
            return keyed(snapshot(), text)

        read.__doc__ = reader.__doc__
        read.__wrapped__ = reader  # type: ignore[attr-defined]
        return read

    return wrap

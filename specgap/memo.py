"""The memo that incremental builds share: entries live as long as builds keep using them."""

from __future__ import annotations

from typing import Any


class Memo:
    """Reads see the previous build and this one, writes go to this one; `commit` forgets
    what this build did not use, so memory follows the current project."""

    def __init__(self) -> None:
        self.last: dict[Any, Any] = {}
        self.current: dict[Any, Any] = {}

    def get(self, key: Any) -> Any:
        found = self.current.get(key)
        return found if found is not None else self.last.get(key)

    def put(self, key: Any, value: Any) -> None:
        self.current[key] = value

    def commit(self) -> None:
        self.last, self.current = self.current, {}

    def abandon(self) -> None:
        """A failed build: keep everything, so the next good save is still incremental."""
        self.last = {**self.last, **self.current}
        self.current = {}

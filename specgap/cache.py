"""A content-keyed memo for the build's per-unit functions (`specgap.units`).

`specgap build` runs without one; `specgap watch` keeps one `Cache` for the whole session
and passes it through `Options.cache`, so a save redoes only the units whose content
changed. Keys are content (hashes, texts, canonical JSON), never time stamps; values are
whatever the unit returned, shared between builds, so they must never be mutated.

Between builds the cache keeps only what the last good build used (`commit`): memory follows
the current project. A build that failed (`abandon`) forgets nothing, so the next good save
is still quick. `computed` and `reused` count, per kind of unit, what the current build did;
`redone` names the inputs whose units it had to compute, for the watch report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING: Any = object()


class Cache:
    """Reads see the last build and this one; writes go to this one."""

    def __init__(self) -> None:
        self._last: dict[Hashable, Any] = {}
        self._current: dict[Hashable, Any] = {}
        self.computed: Counter[str] = Counter()
        self.reused: Counter[str] = Counter()
        self.redone: dict[str, list[str]] = {}

    def begin(self) -> None:
        """Start counting a new build."""
        self.computed, self.reused, self.redone = Counter(), Counter(), {}

    def get(self, kind: str, key: Hashable, compute: Callable[[], T], label: str = "") -> T:
        """The value kept under (`kind`, `key`), or `compute()`'s, kept from now on."""
        found = self.lookup(kind, key)
        if found is _MISSING:
            found = compute()
            self.computed[kind] += 1
            if label:
                self.note(kind, label)
        else:
            self.reused[kind] += 1
        self._current[kind, key] = found
        return found  # type: ignore[no-any-return]

    def lookup(self, kind: str, key: Hashable) -> Any:
        """The value kept under (`kind`, `key`), or `MISSING`; does not keep it alive."""
        full = (kind, key)
        found = self._current.get(full, _MISSING)
        return self._last.get(full, _MISSING) if found is _MISSING else found

    def put(self, kind: str, key: Hashable, value: Any) -> None:
        self._current[kind, key] = value

    def note(self, kind: str, label: str) -> None:
        """Record that this build computed `kind` for `label` (an input's display path)."""
        self.redone.setdefault(kind, []).append(label)

    def commit(self) -> None:
        """A good build: keep only what it used."""
        self._last, self._current = self._current, {}

    def abandon(self) -> None:
        """A failed build: keep everything, old and new."""
        self._last = {**self._last, **self._current}
        self._current = {}

    def __len__(self) -> int:
        return len(self._last.keys() | self._current.keys())


MISSING: Any = _MISSING


def memo(
    cache: Cache | None, kind: str, key: Callable[[], Hashable], compute: Callable[[], T]
) -> T:
    """`compute()` through `cache` under a key computed only when there is a cache."""
    if cache is None:
        return compute()
    return cache.get(kind, key(), compute)

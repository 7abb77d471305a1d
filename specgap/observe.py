"""What a build looks at: every file it reads and every glob it expands, told to whoever
listens (`specgap.buildrecord`, which writes the build cache's manifest from it).

`confine.read_bytes` and `Project.expand` call `read` and `listed`; with no listener (every
command but `specgap build`) each call is one test of an empty list.
"""

from __future__ import annotations

from collections.abc import Callable

ReadHook = Callable[[str, bytes], None]
GlobHook = Callable[[str, list[str]], None]

READS: list[ReadHook] = []
GLOBS: list[GlobHook] = []


def read(path: object, data: bytes) -> None:
    """A file at `path` (as it was opened) was read and held `data`."""
    for hook in READS:
        hook(str(path), data)


def listed(pattern: str, matches: list[str]) -> None:
    """The glob `pattern` (as passed to `glob.glob`) matched `matches`, in that order."""
    for hook in GLOBS:
        hook(pattern, matches)

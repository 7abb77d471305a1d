"""Command-line manners: a closed output pipe, the user's umask, diagnostics as JSON."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from typing import TextIO

from specgap.ir import Diagnostic


@contextlib.contextmanager
def quiet_on_broken_pipe(stream: TextIO) -> Iterator[None]:
    """Writes to `stream` whose reader has gone (`| head`) are dropped from then on: the
    stream's descriptor is pointed at the null device, so the command finishes and exits
    with its own code, with no traceback and no error at interpreter exit."""
    try:
        yield
    except BrokenPipeError:
        try:
            fileno = stream.fileno()
        except (OSError, ValueError):  # no descriptor (a test's capture): nothing to redirect
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fileno)
        os.close(devnull)


def umask() -> int:
    """The process umask (read without changing it where the platform tells it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    current = os.umask(0o022)  # no /proc: read it by setting it, then put it back
    os.umask(current)
    return current


def new_file_mode() -> int:
    """The mode `open(path, "w")` would give a new file: 0o666 less the umask."""
    return 0o666 & ~umask()


def diagnostic_json(d: Diagnostic) -> str:
    """One diagnostic as one JSON line (`--diagnostics-format json`): stable keys, the
    location flattened, absent values as null."""
    span = d.span
    record = {
        "code": d.code,
        "severity": d.severity,
        "message": d.message,
        "path": span.path if span else d.path,
        "line": span.start_line if span else None,
        "column": span.start_col if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_col if span else None,
        "help": d.help,
    }
    return json.dumps(record, sort_keys=True, ensure_ascii=False)

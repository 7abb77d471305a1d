"""Writing the command line's output: what `specgap.cli` and the typer-free `check` path
(`specgap.check_fast`) both print through, so the two behave alike on a closed pipe or a
full disk. Imports nothing heavy (typer, pydantic) until something fails."""

from __future__ import annotations

import sys


def emit(text: str, *, err: bool = False, flush: bool = False) -> None:
    """Print a line; a reader that stopped reading (`specgap check ... | head`) silences the
    rest of the output instead of failing the command, which still exits as it would. Any
    other failure to write stdout (a full disk) is a located diagnostic."""
    stream = sys.stderr if err else sys.stdout
    try:
        try:  # the context manager only on a broken pipe: this runs once per output line
            stream.write(text if text.endswith("\n") else text + "\n")
            if flush:
                stream.flush()
        except BrokenPipeError:
            from specgap.conventions import quiet_on_broken_pipe

            with quiet_on_broken_pipe(stream):
                raise
    except OSError as exc:
        if err:
            raise
        from specgap.confine import stdout_failed

        raise stdout_failed(exc) from None


def flush_stdout() -> None:
    """Flush standard output now: a closed pipe is quiet, any other failure a diagnostic
    (here, not at interpreter exit)."""
    from specgap.conventions import quiet_on_broken_pipe

    try:
        with quiet_on_broken_pipe(sys.stdout):
            sys.stdout.flush()
    except OSError as exc:
        from specgap.confine import stdout_failed

        raise stdout_failed(exc) from None

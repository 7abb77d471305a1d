"""Exit codes and the exception that carries diagnostics to the command line."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from specgap.ir import Diagnostic, Span


class ExitCode(IntEnum):
    """Process exit codes, the same for every command."""

    OK = 0
    FINDINGS = 1  # violations, survived mutants under threshold, strict-mode mentions, stale policy
    ERROR = 2  # usage, input or internal error


class SpecgapError(Exception):
    """Bad input: carries every diagnostic collected before giving up."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = tuple(sorted(diagnostics, key=Diagnostic.sort_key))
        super().__init__("\n".join(d.render() for d in self.diagnostics))


def error(
    code: str,
    message: str,
    *,
    span: Span | None = None,
    path: str | None = None,
    help: str | None = None,
) -> SpecgapError:
    """One-diagnostic shorthand: `raise error("missing-artifact", ...)`."""
    return SpecgapError([Diagnostic(code=code, message=message, span=span, path=path, help=help)])

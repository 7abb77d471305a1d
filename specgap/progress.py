"""A progress bar for long `eval` and `check` runs: on a terminal only, silent in CI.

`progress(label, total)` yields a function to call once per unit of work done (with what
was done). It draws a transient rich bar on standard error when standard error is a
terminal and no CI variable is set; otherwise it does nothing, so logs and pipes never see
control characters and outputs stay byte-identical.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping

Advance = Callable[[str], None]
CI_VARIABLES = ("CI", "GITHUB_ACTIONS", "BUILDKITE", "GITLAB_CI", "TF_BUILD", "JENKINS_URL")


def wanted(environ: Mapping[str, str] | None = None, stream: object = None) -> bool:
    env = os.environ if environ is None else environ
    target = sys.stderr if stream is None else stream
    isatty = getattr(target, "isatty", None)
    return bool(isatty and isatty()) and not any(env.get(v) for v in CI_VARIABLES)


@contextlib.contextmanager
def progress(label: str, total: int | None, *, enabled: bool | None = None) -> Iterator[Advance]:
    """`with progress("evaluating", len(agents)) as done: ... done("sql")`."""
    if not (wanted() if enabled is None else enabled):
        yield lambda _what: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task(label, total=total)

        def advance(what: str) -> None:
            bar.update(task, advance=1, description=f"{label}: {what}")

        yield advance

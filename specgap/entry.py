"""The `specgap` command: `build --check` answered from the build cache, or the full CLI.

A plain `specgap check` command line is run by `specgap.check_command` without typer.
A command line of the shape `specgap [GLOBAL OPTIONS] build --check [OPTIONS]` is first put
to `specgap.buildcache.answer`, before typer or any of the compiler is imported; when the
manifest proves the policy up to date, its lines are printed and the command exits 0 in a
few tens of milliseconds. Every other command line, anything this reader does not know
(`--help`, `--dump-after`, an option it has not seen), and every miss goes to
`specgap.cli`, which parses, builds and reports as always.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a command line is a `build` one (`check` has no use for it)
    from specgap.buildcache import Answer, Request

EXTRACTORS = ("deterministic", "llm", "auto", "ensemble")  # `cli.ExtractorMode`
FLAGS = {"--check": "check", "--strict": "strict", "--offline": "offline"}
VERBOSE = ("-v", "--verbose")


def request_of(argv: list[str]) -> Request | None:
    """The `build --check` request `argv` states, or None when it states anything else or
    anything this reader is not sure of (typer then reads it)."""
    words = list(argv)
    settings: dict[str, object] = {}
    while words and words[0].startswith("-"):  # options of `specgap` itself
        word = words.pop(0)
        name, _, value = word.partition("=")
        if word == "--allow-outside":
            settings["allow_outside"] = True
        elif word == "--debug":
            pass  # tracebacks: the fast path has none to show
        elif name == "--diagnostics-format":
            value = value if "=" in word else (words.pop(0) if words else "")
            if value not in ("text", "json"):
                return None
            settings["json_diagnostics"] = value == "json"
        else:
            return None
    if not words or words.pop(0) != "build":
        return None
    check = False
    while words:
        word = words.pop(0)
        name, _, value = word.partition("=")
        if word in FLAGS:
            check = check or word == "--check"
            if word != "--check":
                settings[FLAGS[word]] = True
        elif word in VERBOSE:
            settings["verbose"] = True
        elif name in ("--config", "--extractor"):
            value = value if "=" in word else (words.pop(0) if words else "")
            if not value or value.startswith("-"):
                return None
            if name == "--config":
                from pathlib import Path  # only here: the fast path has no other use for it

                settings["config"] = str(Path(value))  # as typer hands it to the command
            elif value in EXTRACTORS:
                settings["extractor"] = value
            else:
                return None
        else:
            return None
    if not check:
        return None
    from specgap.buildcache import Request

    return Request(**settings)  # type: ignore[arg-type]


def show(found: Answer) -> bool:
    """Print the answer as the CLI would; False if standard output failed otherwise than
    by a reader going away (the full command then reports it)."""
    try:
        for line in found.stderr:
            sys.stderr.write(line if line.endswith("\n") else line + "\n")
        sys.stderr.flush()
        sys.stdout.write(found.stdout + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `specgap build --check | head -0`: quiet, as the CLI is
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except OSError:
        return False
    return True


def main() -> None:
    if "check" in sys.argv[1:5]:  # `check` without typer (`specgap.check_command`)
        from specgap.check_command import main as check

        code = check(sys.argv[1:])
        if code is not None:
            raise SystemExit(code)
    request = request_of(sys.argv[1:])
    if request is not None:
        from specgap.buildcache import answer

        if (found := answer(request)) is not None and show(found):
            raise SystemExit(0)
    from specgap.cli import main as full

    full()

"""Long repetitive lines are read in time proportional to their length.

A prompt sentence or a third-party tool description is untrusted input: a regular expression
whose repeated part can match the same text in many ways (a tool id `[a-z]\\w*(?:[_.]\\w+)+`
where the separator is also a word character, a camelCase id under `re.I`, a list item whose
words may be "and", a number whose digits may hold the list's comma) backtracks
exponentially on a line such as `use a_b_a_b_…` and a build never ends. Before the fix an
84-character line of that kind took more than 25 s; a line below takes milliseconds.

The fast test builds one agent whose prompt and tool descriptions are such lines, under a
watchdog that turns a hang into a failure naming the line (it trips at a bound far above a
normal build; it is not a speed measurement). The slow test looks at every pattern the
extractor compiles, on lines of two lengths, and fails on one whose time explodes with the
length: the rule a new pattern must keep (atomic groups `(?>…)` or disjoint classes for the
repeated parts).
"""

from __future__ import annotations

import contextlib
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt

# the repeated units and the words before them that reach the extractor's readers
UNITS = (
    "a_b_c ", "a_b_", "a_b.", "a_B.", "a-b-", "a.b.", "aB", "A b ", "a b, ", "a, b ", "a and ",
    "a or ", "1,", "$1,0", "$1 ", "a; ", '"a" ', "a`b`", "a:b ", "a | ", "a/b", "a'b ", "(a ",
    "the a ", "a's ", "a. ",
)  # fmt: skip
LEADS = ("use ", "only ", "if ", "with ", "- only ", "never ", "the ", "only call ", "| ")
LENGTH = 160


def _line(lead: str, unit: str, length: int) -> str:
    return lead + (unit * (length // len(unit) + 1))[:length]


def _tool(name: str, description: str) -> dict[str, Any]:
    parameters = {
        "type": "object",
        "properties": {"booking_id": {"type": "string"}, "amount": {"type": "number"}},
    }
    function = {"name": name, "description": description, "parameters": parameters}
    return {"type": "function", "function": function}


@contextlib.contextmanager
def _watchdog(seconds: int, what: str) -> Iterator[None]:
    """Fail (instead of hanging) when the block runs longer than `seconds`."""

    def expired(*_: object) -> None:
        raise AssertionError(f"still reading after {seconds} s: {what}")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("unit", UNITS)
def test_repetitive_lines_build(tmp_path: Path, unit: str) -> None:
    lines = [_line(lead, unit, LENGTH) + " must not" for lead in LEADS]
    prompt = "# Desk\n\n" + "\n\n".join(f"- {line}" for line in lines) + "\n"
    tools = [
        _tool("bookings.cancel_booking", _line("Cancels a booking. Only ", unit, LENGTH)),
        _tool("issueRefund", _line("Refunds. Use ", unit, LENGTH)),
        _tool("move-booking", "Moves a booking."),
    ]
    with _watchdog(60, f"a prompt of lines like {lines[0][:40]!r}"):
        built = build_prompt(tmp_path, prompt, tools)
    # the build ended, having read both files (what it read is the other tests' business)
    assert {a.path for a in built.bundle.artifacts} == {"prompt.md", "tools.json"}


# --- every compiled pattern -------------------------------------------------------------


def _patterns() -> dict[tuple[str, int], re.Pattern[str]]:
    """Every str pattern compiled while the package is imported and the bundled example
    agents are built (patterns built inside functions included)."""
    import importlib
    import pkgutil

    import specgap

    seen: dict[tuple[str, int], re.Pattern[str]] = {}
    original = re._compile  # type: ignore[attr-defined]

    def spy(pattern: Any, flags: Any) -> Any:
        compiled = original(pattern, flags)
        if isinstance(compiled, re.Pattern) and isinstance(compiled.pattern, str):
            seen[(compiled.pattern, compiled.flags)] = compiled
        return compiled

    re._compile = spy  # type: ignore[attr-defined]
    try:
        for module in pkgutil.walk_packages(specgap.__path__, "specgap."):
            if not module.name.endswith("__main__"):
                with contextlib.suppress(ImportError):
                    importlib.import_module(module.name)
        from specgap.api import build
        from specgap.config import load_project

        build(load_project(Path(__file__).resolve().parent.parent / "specgap.toml"))
    finally:
        re._compile = original  # type: ignore[attr-defined]
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("specgap"):
            for value in vars(module).values():
                if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                    seen[(value.pattern, value.flags)] = value
    return seen


class _Expired(Exception):
    pass


def _seconds(pattern: re.Pattern[str], text: str, limit: float) -> float:
    """How long four searches take (`limit` when they run out of time)."""

    def expired(*_: object) -> None:
        raise _Expired

    previous = signal.signal(signal.SIGALRM, expired)
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        for variant in (text, text + " must not", text + "?x~", text.upper()):
            pattern.search(variant)
        return time.perf_counter() - start
    except _Expired:
        return limit
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.slow
def test_no_pattern_backtracks_exponentially() -> None:
    exploding = []
    for (source, _), pattern in _patterns().items():
        for unit in UNITS:
            for lead in LEADS:
                if _seconds(pattern, _line(lead, unit, 40), 1.0) < 0.002:
                    continue  # fast at 40 characters: only what may explode is looked at twice
                if _seconds(pattern, _line(lead, unit, 160), 1.0) >= 1.0:
                    exploding.append(f"{source[:120]!r} on {_line(lead, unit, 24)!r}…")
                    break
    assert not exploding, "\n".join(exploding)

"""Trace adapters: what users already have, turned into specgap's events.

One module per format (`native`, `openai`, `responses`, `anthropic`, `mcp`, `otel`,
`langchain`), each a small `Adapter`; `reader` handles documents versus JSONL streams and
format sniffing. Every event keeps `origin`, a pointer back to where it came from
(`file#/json/pointer`, or `file:LINE` / `file:LINE#/pointer` in JSONL), and tool names are
mapped to canonical ids through the agent's registry.

    steps = read_paths(["trace.jsonl"], registry)        # streamed (trace key, event) pairs
    trace = load_trace(Path("t.json"), "t.json", registry)  # one whole trace
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from specgap.errors import SpecgapError, error
from specgap.evaluate.adapters.base import Context, Step
from specgap.evaluate.adapters.detect import sniff
from specgap.evaluate.adapters.native import parse_event
from specgap.evaluate.adapters.reader import (
    FORMATS,
    JSONL_SUFFIXES,
    TRACE_FORMATS,
    read_steps,
)
from specgap.events import Event, Trace
from specgap.ir import Diagnostic
from specgap.registry import Registry

STDIN = "-"

__all__ = [
    "FORMATS",
    "TRACE_FORMATS",
    "Step",
    "load_trace",
    "load_traces",
    "parse_event",
    "parse_trace",
    "read_paths",
    "sniff",
]


def read_paths(
    paths: Iterable[str],
    registry: Registry | None,
    *,
    fmt: str = "auto",
    report: Callable[[Diagnostic], None] = lambda _: None,
) -> Iterator[Step]:
    """Stream the steps of each input in turn (`-` is standard input)."""
    for name in paths:
        ctx = Context(registry, report)
        if name == STDIN:
            yield from read_steps(sys.stdin.buffer, "<stdin>", ctx, fmt)
            continue
        path = Path(name)
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            report(_missing(name))
            continue
        except OSError as exc:
            report(
                Diagnostic(
                    code="unreadable-artifact",
                    message=f"cannot read `{name}`: {exc.strerror}",
                    path=name,
                )
            )
            continue
        with handle:
            jsonl = path.suffix.lower() in JSONL_SUFFIXES
            yield from read_steps(handle, name, ctx, fmt, jsonl=jsonl)


def _missing(name: str) -> Diagnostic:
    return Diagnostic(
        code="missing-artifact",
        message=f"file `{name}` does not exist",
        path=name,
        help="check the path; `-` reads standard input",
    )


def collect(steps: Iterable[Step], ctx: Context) -> list[Trace]:
    """Gather streamed steps into whole traces, in the order they were first seen."""
    events: dict[str, list[Event]] = {}
    done: list[Trace] = []
    for key, event in steps:
        if event is None:
            meta = ctx.meta.pop(key, {})
            done.append(Trace(path=key, events=tuple(events.pop(key, ())), **meta))
        else:
            events.setdefault(key, []).append(event)
    done.extend(Trace(path=key, events=tuple(found)) for key, found in events.items())
    return done


def load_traces(
    path: Path, display: str, registry: Registry | None = None, *, fmt: str = "auto"
) -> list[Trace]:
    """Every trace in one file; any error-severity diagnostic raises them all."""
    if not path.is_file():
        raise SpecgapError([_missing(display)])
    with path.open("rb") as handle:
        return _load(handle, display, registry, fmt, path.suffix.lower() in JSONL_SUFFIXES)


def parse_traces(
    text: str, display: str, registry: Registry | None = None, *, fmt: str = "auto"
) -> list[Trace]:
    return _load(io.BytesIO(text.encode("utf-8")), display, registry, fmt, False)


def _load(
    handle: BinaryIO,
    display: str,
    registry: Registry | None,
    fmt: str,
    jsonl: bool,
) -> list[Trace]:
    found: list[Diagnostic] = []
    ctx = Context(registry, found.append, keep_meta=True)
    traces = collect(read_steps(handle, display, ctx, fmt, jsonl=jsonl), ctx)
    if any(d.severity == "error" for d in found):
        raise SpecgapError(found)
    return traces


def load_trace(
    path: Path, display: str, registry: Registry | None = None, *, fmt: str = "auto"
) -> Trace:
    """The one trace a file holds (a file of several is an error: use `load_traces`)."""
    return _one(load_traces(path, display, registry, fmt=fmt), display)


def parse_trace(
    text: str, display: str, registry: Registry | None = None, *, fmt: str = "auto"
) -> Trace:
    return _one(parse_traces(text, display, registry, fmt=fmt), display)


def _one(traces: list[Trace], display: str) -> Trace:
    if len(traces) == 1:
        return traces[0].model_copy(update={"path": display})
    if not traces:
        raise error(
            "invalid-trace",
            f"`{display}` holds no trace",
            path=display,
            help='write `[{"type": "tool_call", "name": ..., "args": {...}}, ...]` '
            'or `{"events": [...]}`',
        )
    raise error(
        "multiple-traces",
        f"`{display}` holds {len(traces)} traces where one was expected",
        path=display,
        help="split the file, one trace per file",
    )

"""Reading trace files: whole JSON documents, or JSONL streamed line by line.

A file is JSONL when it is named `*.jsonl` / `*.ndjson`, or when its first line is a whole
JSON value and another line follows; otherwise it is one JSON document. JSONL is never read
whole: memory holds one line plus the adapter's open turn, however long the file.
The format is sniffed from the document, or from the first JSONL lines until one is
unmistakable (at most `SNIFF_LINES` are held back for that).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import Any, BinaryIO

from specgap.errors import SpecgapError
from specgap.evaluate.adapters import openai_stream
from specgap.evaluate.adapters.base import (
    MISS,
    Context,
    Doc,
    Step,
    quick_json,
    quick_json_bytes,
    whole_json,
)
from specgap.evaluate.adapters.conversation import Adapter
from specgap.evaluate.adapters.detect import sniff
from specgap.evaluate.adapters.langchain import LangChainAdapter
from specgap.evaluate.adapters.native import NativeAdapter
from specgap.evaluate.adapters.openai import OpenAIChatAdapter
from specgap.formats import parse_json
from specgap.ir import Diagnostic

# the adapter of each format: a class, or where its module is (imported at the first use:
# `specgap check` of a Chat JSONL file never compiles the other formats' modules)
_ADAPTERS: dict[str, type[Adapter] | tuple[str, str]] = {
    "native": NativeAdapter,
    "openai": OpenAIChatAdapter,
    "responses": ("responses", "ResponsesAdapter"),
    "anthropic": ("anthropic", "AnthropicAdapter"),
    "mcp": ("mcp", "MCPAdapter"),
    "otel": ("otel", "OTelAdapter"),
    "langchain": LangChainAdapter,
}


class _Formats(Mapping[str, "type[Adapter]"]):
    """Format name -> its adapter class, in table order; a module is imported when its
    class is first asked for."""

    def __getitem__(self, name: str) -> type[Adapter]:
        found = _ADAPTERS[name]
        if isinstance(found, tuple):
            module, cls = found
            found = _ADAPTERS[name] = getattr(
                import_module(f"specgap.evaluate.adapters.{module}"), cls
            )
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(_ADAPTERS)

    def __len__(self) -> int:
        return len(_ADAPTERS)

    def __repr__(self) -> str:
        return repr(dict(self))


FORMATS: Mapping[str, type[Adapter]] = _Formats()
TRACE_FORMATS = ("auto", *_ADAPTERS)
SNIFF_LINES = 200
JSONL_SUFFIXES = (".jsonl", ".ndjson")


def read_steps(
    stream: BinaryIO, display: str, ctx: Context, fmt: str = "auto", *, jsonl: bool = False
) -> Iterator[Step]:
    """The steps of one input. Bad input is reported through `ctx` and skipped."""
    lines = _Lines(stream, display, ctx)
    first = lines.next_value_line()
    if first is None:
        ctx.report(
            Diagnostic(
                code="empty-trace",
                message=f"`{display}` holds no trace",
                path=display,
                help="a trace is a JSON document or JSONL with at least one event; "
                "check the file, or what was piped in",
            )
        )
        return
    if not jsonl:
        jsonl = _is_value(first[2]) and lines.peek_value_line()
    if jsonl:
        lines.recording = None
        yield from _jsonl(lines, first, display, ctx, fmt)
    else:
        yield from _document(lines.everything(), display, ctx, fmt)


def _document(raw: bytes, display: str, ctx: Context, fmt: str) -> Iterator[Step]:
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        _invalid_utf8(ctx, Doc(display, raw[: exc.start].decode("utf-8", "replace")))
        return
    try:
        value, _ = parse_json(text, display)
    except SpecgapError as exc:
        for diagnostic in exc.diagnostics:
            ctx.report(diagnostic)
        return
    doc = Doc(display, text)
    adapter = _adapter(fmt, sniff(value)[0], ctx)
    yield from _feed(adapter, value, doc, ctx)
    yield from adapter.close()


def _invalid_utf8(ctx: Context, doc: Doc) -> None:
    """Report undecodable bytes at the end of `doc`, the text decoded before them."""
    where = "" if doc.line is None else f"line {doc.line} of "
    ctx.report(
        Diagnostic(
            code="invalid-utf8",
            message=f"{where}`{doc.display}` is not valid UTF-8",
            span=doc.span_at(len(doc.text), len(doc.text)),
            help="save the trace as UTF-8",
        )
    )


class _NonFinite(ValueError):
    """`NaN`, `Infinity` or a float too large for a double: not JSON, and a bound check
    comparing against one would be silently false."""


def _non_finite(name: str) -> Any:
    raise _NonFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NonFinite(text)
    return value


# one decoder for every line (`json.loads` with options builds one per call)
_DECODER = json.JSONDecoder(parse_constant=_non_finite, parse_float=_finite_float)


def _decode(text: str) -> Any:
    """A line's value, as `_DECODER.decode(text)` reads it."""
    if text.startswith("\ufeff"):  # json.loads says why a BOM is wrong
        return json.loads(text, parse_constant=_non_finite, parse_float=_finite_float)
    quick = quick_json(text)  # orjson, where it reads the line as `_DECODER` does
    return whole_json(_DECODER, text) if quick is MISS else quick


def _decode_line(text: str, raw: bytes | None) -> Any:
    """`_decode(text)`, read from the line's own bytes when `_Lines` kept them (an ASCII
    line: `text` is those bytes without the line break, which JSON reads as whitespace),
    so the text is not encoded again for orjson."""
    if raw is not None:
        quick = quick_json_bytes(raw)
        if quick is not MISS:
            return quick
    return _decode(text)


def _jsonl(
    lines: _Lines, first: tuple[int, int, str], display: str, ctx: Context, fmt: str
) -> Iterator[Step]:
    held: list[tuple[Any, Doc]] = []
    adapter: Adapter | None = None
    weak: str | None = None
    entry: tuple[int, int, str] | None = first
    # an adapter that reads items with the base `feed` is fed them directly: `feed`'s item
    # branch, inlined (no generator per line)
    direct: Adapter | None = None
    next_line = lines.next_value_line
    while entry is not None:
        number, byte, text = entry
        raw = lines.raw  # this entry's bytes when it came the fast way (read before the next)
        entry = next_line()
        doc = Doc(display, text, number, byte)
        value = _decoded(ctx, doc, text, raw)
        if value is _UNREAD:
            continue
        if direct is not None:
            try:
                stream = direct.line(value, doc)
            except RecursionError as exc:
                _too_complex(ctx, doc, exc)
                continue
            if stream is not None:
                if stream._out:
                    key = stream.key
                    for event in stream.drain():
                        yield key, event
                continue
        if adapter is not None:
            try:  # `_feed`, inlined: this runs once per line
                yield from adapter.feed(value, doc)
            except RecursionError as exc:
                _too_complex(ctx, doc, exc)
            continue
        held.append((value, doc))
        found, sure = (fmt, True) if fmt != "auto" else sniff(value)
        weak = weak or found
        if sure or len(held) >= SNIFF_LINES:
            adapter = _adapter(fmt, found if sure else weak, ctx)
            if type(adapter).feed is Adapter.feed:
                direct = adapter
            for value, doc in held:
                yield from _feed(adapter, value, doc, ctx)
            held.clear()
            if type(adapter) is OpenAIChatAdapter and openai_stream.ENABLED:
                # the rest of an OpenAI Chat stream: the fused loop, from the next line on
                yield from openai_stream.openai_jsonl(
                    lines,
                    adapter,
                    display,
                    entry,
                    _line_steps(display, ctx, adapter),
                    _value_steps(ctx, adapter),
                )
                break
    if adapter is None and held:  # the input ended before a sure sign: go with the guess
        adapter = _adapter(fmt, weak, ctx)
        for value, doc in held:
            yield from _feed(adapter, value, doc, ctx)
    if adapter is not None:
        yield from adapter.close()


def _line_steps(
    display: str, ctx: Context, adapter: Adapter
) -> Callable[[tuple[int, int, str], bytes | None], Iterator[Step]]:
    """The steps of one line as `_Lines` returns it, read after the adapter is known: what
    `_jsonl`'s loop does with it (for the fused loop's lines that are not the usual)."""
    values = _value_steps(ctx, adapter)

    def steps(entry: tuple[int, int, str], raw: bytes | None) -> Iterator[Step]:
        number, byte, text = entry
        doc = Doc(display, text, number, byte)
        value = _decoded(ctx, doc, text, raw)
        if value is not _UNREAD:
            yield from values(value, doc)

    return steps


def _value_steps(ctx: Context, adapter: Adapter) -> Callable[[Any, Doc], Iterator[Step]]:
    """The steps of one decoded line, read after the adapter is known (`_jsonl`'s loop)."""
    direct = type(adapter).feed is Adapter.feed

    def steps(value: Any, doc: Doc) -> Iterator[Step]:
        if direct:
            try:
                stream = adapter.line(value, doc)
            except RecursionError as exc:
                _too_complex(ctx, doc, exc)
                return
            if stream is not None:
                if stream._out:
                    key = stream.key
                    for event in stream.drain():
                        yield key, event
                return
        try:
            yield from adapter.feed(value, doc)
        except RecursionError as exc:
            _too_complex(ctx, doc, exc)

    return steps


def _feed(adapter: Adapter, value: Any, doc: Doc, ctx: Context) -> Iterator[Step]:
    """The steps of one value; one nested too deeply for the adapter to walk is reported."""
    try:
        yield from adapter.feed(value, doc)
    except RecursionError as exc:
        _too_complex(ctx, doc, exc)


_UNREAD = object()  # a line whose JSON could not be read (the diagnostic is reported)


def _decoded(ctx: Context, doc: Doc, text: str, raw: bytes | None) -> Any:
    """The line's JSON value, or `_UNREAD` after reporting why it could not be read."""
    try:
        return _decode_line(text, raw)
    except _NonFinite as exc:
        at = max(text.find(str(exc)), 0)
        ctx.report(
            Diagnostic(
                code="invalid-number",
                message=f"`{exc}` is not a finite JSON number",
                span=doc.span_at(at, at + len(str(exc))),
                help="write a finite number, or a string if the value is text",
            )
        )
    except json.JSONDecodeError as exc:
        ctx.report(
            Diagnostic(
                code="malformed-json",
                message=exc.msg.lower(),
                span=doc.span_at(exc.pos, exc.pos),
                help="each line of a JSONL trace is one JSON value",
            )
        )
    except (RecursionError, ValueError) as exc:  # nesting too deep, an integer too long
        _too_complex(ctx, doc, exc)
    return _UNREAD


def _too_complex(ctx: Context, doc: Doc, exc: Exception) -> None:
    """Report a value the parser or an adapter gives up on, at the start of its line."""
    where = "" if doc.line is None else f"line {doc.line} of "
    what = "nested too deeply" if isinstance(exc, RecursionError) else "has a number too long"
    ctx.report(
        Diagnostic(
            code="input-too-complex",
            message=f"{where}`{doc.display}` {what} to read",
            span=doc.span_at(0, 0),
            help="simplify the trace: nest less deeply and keep numbers under 4300 digits",
        )
    )


def _adapter(fmt: str, guess: str | None, ctx: Context) -> Adapter:
    """The adapter to use; input no format claims is read as native, whose diagnostics say
    what a trace must look like (and name `--trace-format`)."""
    name = fmt if fmt != "auto" else guess
    return FORMATS[name or "native"](ctx)


def _is_value(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    except (RecursionError, ValueError):  # a value, too complex to read (reported when read)
        return True
    return True


class _Lines:
    """Lines of a binary stream with their 1-based numbers and byte offsets."""

    def __init__(self, stream: BinaryIO, display: str, ctx: Context) -> None:
        self._stream = stream
        self._display = display
        self._ctx = ctx
        self._number = 0
        self._byte = 0
        self._peeked: list[tuple[int, int, bytes]] = []
        self.recording: list[bytes] | None = []  # lines read before the mode is known
        # the bytes of the line `next_value_line` returned last, when it was ASCII and read
        # the fast way; None otherwise
        self.raw: bytes | None = None

    def _raw(self) -> tuple[int, int, bytes] | None:
        if self._peeked:
            return self._peeked.pop(0)
        return self._read()

    def _read(self) -> tuple[int, int, bytes] | None:
        """The next line of the stream, past any peeked ones."""
        raw = self._stream.readline()
        if not raw:
            return None
        if self.recording is not None:
            self.recording.append(raw)
        self._number += 1
        entry = (self._number, self._byte, raw)
        self._byte += len(raw)
        return entry

    def next_value_line(self) -> tuple[int, int, str] | None:
        """The next line that is not blank, decoded and without its line break."""
        if not self._peeked and self.recording is None:
            # `_raw` and `_read`, inlined for the common line (this runs once per line)
            raw = self._stream.readline()
            if not raw:
                return None
            self._number += 1
            number, byte = self._number, self._byte
            self._byte += len(raw)
            if raw.strip() and raw.isascii():  # ASCII: valid UTF-8, no BOM to remove
                self.raw = raw
                return number, byte, raw.decode("ascii").rstrip("\r\n")
            self._peeked.append((number, byte, raw))  # anything else: the general way
        while (entry := self._raw()) is not None:
            number, byte, raw = entry
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                doc = Doc(self._display, raw[: exc.start].decode("utf-8", "replace"), number, byte)
                _invalid_utf8(self._ctx, doc)
                continue
            if number == 1:
                text = text.removeprefix("\ufeff")
            self.raw = None
            return number, byte, text.rstrip("\r\n")
        return None

    def peek_value_line(self) -> bool:
        """Whether another non-blank line follows (it stays to be read)."""
        if any(entry[2].strip() for entry in self._peeked):
            return True
        while (entry := self._read()) is not None:
            self._peeked.append(entry)
            if entry[2].strip():
                return True
        return False

    def everything(self) -> bytes:
        """The whole input, from its first byte (for a document)."""
        assert self.recording is not None
        return b"".join(self.recording) + self._stream.read()


Report = Callable[[Diagnostic], None]

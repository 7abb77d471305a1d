"""What every trace adapter shares: where a value came from (`Doc`), where diagnostics go
and how names resolve (`Context`), and how arguments, text and outputs are decoded.

An adapter is fed JSON values one at a time (a whole file, or one line of a JSONL file) and
yields `Step`s: `(trace key, event)`, or `(trace key, None)` when that trace is complete.
Pairing calls with results lives in `conversation`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from specgap.errors import SpecgapError
from specgap.evaluate.fast import BoundedCache
from specgap.evaluate.identity import name_flags
from specgap.events import Event
from specgap.formats import parse_json
from specgap.ir import Diagnostic, Severity, Span
from specgap.positions import TextIndex
from specgap.registry import Registry

Role = Literal["system", "user", "assistant", "tool", "reviewer"]
Step = tuple[str, Event | None]
"""(trace key, event); a None event closes the trace of that key."""

EXTENSION = "specgap"
"""Key of the optional object that carries what a format has no place for (labels, actor, ...)."""

EXTENSION_FIELDS = frozenset(
    {
        "labels_in",
        "labels_out",
        "actor",
        "resource",
        "started_at",
        "ended_at",
        "duration_ms",
        "is_error",
    }
)
ROLES: dict[str, Role] = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "model": "assistant",
    "tool": "tool",
    "function": "tool",
    "reviewer": "reviewer",
}
INVALID_ARGUMENTS = "invalid-arguments"


class Doc:
    """One parsed JSON value and where it came from: a whole file, or one line of a JSONL
    file (`line` set, `byte` its offset in the file). Positions are worked out only when a
    diagnostic needs them, so the common path never scans the text twice."""

    __slots__ = ("_ranges", "byte", "display", "line", "text")

    def __init__(self, display: str, text: str, line: int | None = None, byte: int = 0) -> None:
        self.display = display
        self.text = text
        self.line = line
        self.byte = byte
        self._ranges: dict[str, tuple[int, int]] | None = None

    def origin(self, pointer: str) -> str:
        """`file#/json/pointer` for a document, `file:LINE` or `file:LINE#/pointer` for JSONL."""
        where = self.display if self.line is None else f"{self.display}:{self.line}"
        return f"{where}#{pointer}" if pointer else where

    def span(self, pointer: str) -> Span:
        """The span of the value at `pointer`, or of its nearest ancestor that exists."""
        if self._ranges is None:
            try:
                self._ranges = parse_json(self.text, self.display)[1]
            except SpecgapError:
                self._ranges = {}
        at = pointer
        while at and at not in self._ranges:
            at = at.rsplit("/", 1)[0]
        start, end = self._ranges.get(at, (0, 0))
        return self.span_at(start, end)

    def span_at(self, start: int, end: int) -> Span:
        span = TextIndex(self.display, self.text).span(start, end)
        if self.line is None:
            return span
        return span.model_copy(
            update={
                "start_line": span.start_line + self.line - 1,
                "end_line": span.end_line + self.line - 1,
                "start_byte": span.start_byte + self.byte,
                "end_byte": span.end_byte + self.byte,
            }
        )


@dataclass
class Context:
    """What adapters need besides the input: the registry, and where diagnostics go."""

    registry: Registry | None = None
    report: Callable[[Diagnostic], None] = lambda _: None
    keep_meta: bool = False  # trace descriptions are kept only when whole traces are built
    meta: dict[str, dict[str, str]] = field(default_factory=dict)
    _resolved: dict[str, str | None] = field(default_factory=dict)

    def diagnose(
        self,
        doc: Doc,
        pointer: str,
        code: str,
        message: str,
        *,
        help: str | None = None,
        severity: Severity = "error",
    ) -> None:
        self.report(
            Diagnostic(
                code=code, message=message, severity=severity, span=doc.span(pointer), help=help
            )
        )

    def canonical(self, name: str, doc: Doc, pointer: str) -> str | None:
        """The registry's id for a tool-call name; an unknown name is reported once per read."""
        if name in self._resolved:
            return self._resolved[name]
        if self.registry is None:
            self._resolved[name] = None
            return None
        found = self.registry.canonical(name)
        self._resolved[name] = found
        if found is None:
            self.diagnose(
                doc,
                pointer,
                "unknown-tool",
                f"tool `{name}` is not in the agent's registry; its calls are a finding",
                help=_did_you_mean(name, self.registry),
                severity="warning",
            )
        return found

    def name_flags(self, name: str) -> tuple[str, ...]:
        """What the name of a call says about its identity (see `evaluate.identity`)."""
        if self.registry is None or name in self.registry.by_name:
            return ()
        identity = self.registry.identify(name)
        return name_flags(identity.how, identity.near)


def _did_you_mean(name: str, registry: Registry) -> str:
    from rapidfuzz import process

    best = process.extractOne(name, list(registry.by_name))
    if best is not None and best[1] >= 70:
        return f"did you mean `{best[0]}`?"
    return "add the tool, or a `names` entry for it, to the agent's registry"


_orjson_loads: Callable[[bytes | str], Any] | None
try:  # a faster reader of the same JSON (a dependency; json alone still reads it all)
    from orjson import loads as _orjson_loads
except ImportError:  # pragma: no cover - installed with specgap
    _orjson_loads = None

MISS: Any = object()
"""What `quick_json` returns when it leaves the text to the caller's own decoder."""

_DIGITS = b"0123456789"


def quick_json(text: str) -> Any:
    """orjson's reading of `text` where it is certainly the reading of `json` (both read
    strict RFC 8259 JSON the same, keys repeated or not), otherwise `MISS`: then the
    caller's decoder reads it and says what is wrong. Left to the caller: text orjson
    rejects (`NaN`, a number too large for a double, a lone surrogate, deep nesting: the
    caller's decoder decides), and text holding 19 digits or more, which may spell an
    integer beyond 64 bits (orjson reads those as floats, json as exact integers)."""
    if _orjson_loads is None:
        return MISS
    try:
        raw = text.encode()
    except UnicodeEncodeError:  # a lone surrogate: not something orjson reads
        return MISS
    return quick_json_bytes(raw)


def quick_json_bytes(raw: bytes) -> Any:
    """`quick_json(raw.decode())` for UTF-8 bytes, without decoding them first."""
    if _orjson_loads is None or len(raw) - len(raw.translate(None, _DIGITS)) >= 19:
        return MISS
    try:
        return _orjson_loads(raw)
    except ValueError:  # orjson.JSONDecodeError is one
        return MISS


def whole_json(decoder: json.JSONDecoder, text: str) -> Any:
    """`decoder.decode(text)`, the common case (an object or a list with nothing around
    it) read by the decoder's C scanner directly, without `decode`'s Python steps;
    anything else goes through `decode`, which raises what it always raised."""
    if text[:1] in _OPENERS:
        try:
            value, end = decoder.scan_once(text, 0)  # type: ignore[attr-defined]
        except StopIteration:  # not a value: `decode` says why
            end = -1
        if end == len(text):
            return value
    return decoder.decode(text)


_OPENERS = frozenset("{[")
_CLOSERS = frozenset("}]")
_PLAIN = json.JSONDecoder()  # what `json.loads(text)` decodes with


def decode_args(value: Any) -> tuple[dict[str, Any], str | None, bool]:
    """Arguments as a JSON object, or `({}, raw text)` when they are not one; the flag says
    the JSON text repeated a key (the last one wins here, but a tool may read the first)."""
    if value is None or value == "":
        return {}, None, False
    if isinstance(value, dict):
        return value, None, False
    if isinstance(value, str):
        known = _ARGS.get(value)
        if known is not None:  # each call its own dict
            return dict(known[0]), None, known[1]
        repeated = False
        try:
            parsed = whole_json(_STRICT_KEYS, value)
        except _RepeatedKey:  # rare: read again the usual way, and say so
            repeated = True
            try:
                parsed = json.loads(value)
            except ValueError:
                return {}, value, True
        except ValueError:
            return {}, value, False
        if isinstance(parsed, dict):
            if all(type(v) in _SCALARS for v in parsed.values()):
                _ARGS.put(value, (dict(parsed), repeated))
            return parsed, None, repeated
        return {}, value, repeated
    return {}, json.dumps(value, ensure_ascii=False), False


_SCALARS = frozenset({str, int, float, bool, type(None)})
# argument text -> (the object it decodes to, whether a key repeated), for objects of scalars
# only (a copy of one is a whole copy): agents repeat their arguments, a query, a lookup
_ARGS: BoundedCache[str, tuple[dict[str, Any], bool]] = BoundedCache(4096)


class _RepeatedKey(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _RepeatedKey
    return out


# one decoder, built once: `json.loads(..., object_pairs_hook=...)` builds one per call
_STRICT_KEYS = json.JSONDecoder(object_pairs_hook=_object)


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or the text parts of a list of parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict):
                text = part.get("text", part.get("content"))
                if isinstance(text, str) and is_text_part(part.get("type", "text")):
                    parts.append(text)
        return "\n".join(parts)
    if isinstance(content, dict) and isinstance(content.get("text"), str):
        return str(content["text"])
    return ""


TEXT_PARTS = frozenset({"text", "input_text", "output_text"})
_JSON_STARTS = frozenset('{["-0123456789')


def is_text_part(part_type: Any) -> bool:
    """Whether a content part's `type` names a text part (any JSON value may be given)."""
    return isinstance(part_type, str) and part_type in TEXT_PARTS


def decode_result(value: Any) -> Any:
    """A tool's output as data: JSON text is parsed, text parts are joined first."""
    # the usual reply, an ASCII JSON object or list with nothing around it: what the steps
    # below make of it (`strip` changes nothing, `quick_json` reads it: fewer than 19
    # characters hold fewer than 19 digits), in one step; whatever orjson declines goes
    # through them
    if (
        type(value) is str
        and value[:1] in _OPENERS
        and value[-1:] in _CLOSERS
        and value.isascii()
        and _orjson_loads is not None
        and (len(value) < 19 or len(raw := value.encode()) - len(raw.translate(None, _DIGITS)) < 19)
    ):
        try:
            return _orjson_loads(value)
        except ValueError:
            pass
    return read_result(value)


def read_result(value: Any) -> Any:
    """`decode_result` without its one-step path for the usual reply (tests compare both)."""
    if (
        isinstance(value, list)
        and value
        and all(isinstance(p, dict) and is_text_part(p.get("type")) for p in value)
    ):
        value = text_of(value)
    if isinstance(value, str):
        stripped = value.strip()
        if not stripped:
            return None  # an empty reply is no output
        if stripped[0] in _JSON_STARTS or stripped in ("true", "false", "null"):
            quick = quick_json(stripped)
            if quick is not MISS:
                return quick
            try:
                return whole_json(_PLAIN, stripped)
            except ValueError:
                return value
    return value


def extension(obj: Any) -> dict[str, Any]:
    """The `specgap` object of an item, keeping only the fields an event has."""
    if not isinstance(obj, dict) or EXTENSION not in obj:
        return {}
    ext = obj[EXTENSION]
    if not isinstance(ext, dict):
        return {}
    return {k: v for k, v in ext.items() if k in EXTENSION_FIELDS}


def kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return {str: "a string", bool: "a boolean", type(None): "null"}.get(type(value), "a number")


def string(value: Any) -> str | None:
    return value if isinstance(value, str) else None

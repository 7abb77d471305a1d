"""Errors as HTTP answers: the same located diagnostics the command line prints, as JSON.

Every error the server returns has one shape, `{"error": {"status", "code", "diagnostics"}}`,
each diagnostic with its `code`, `message`, `severity`, `location` (`path:line:col`), `help`,
and `rendered` (exactly what the command line would print). Request bodies are shown as
`<request>`, so a bad field is located at its line and column in what the client sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from specgap.errors import SpecgapError
from specgap.formats import parse_json
from specgap.ir import Diagnostic
from specgap.positions import TextIndex, pointer_along

REQUEST = "<request>"
BODY_KEY = "specgap.body"  # where the body-limit middleware leaves the raw body in the scope

# Codes whose HTTP status is not the default 422 (bad input).
STATUS: dict[str, int] = {
    "unknown-agent": 404,
    "unknown-session": 404,
    "missing-warehouse": 404,
    "no-project": 404,
    "not-found": 404,
    "method-not-allowed": 405,
    "session-agent-mismatch": 409,
    "unauthorized": 401,
    "payload-too-large": 413,
    "unsupported-media-type": 415,
    "internal-error": 500,
}


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    where = d.span.location() if d.span else f"{d.path or '<input>'}:1:1"
    return {
        "code": d.code,
        "message": d.message,
        "severity": d.severity,
        "location": where,
        "help": d.help,
        "span": d.span.model_dump(mode="json") if d.span else None,
        "rendered": d.render(),
    }


def status_of(diagnostics: Sequence[Diagnostic]) -> int:
    errors = [d for d in diagnostics if d.severity == "error"] or list(diagnostics)
    return max((STATUS.get(d.code, 422) for d in errors), default=422)


def problem_body(diagnostics: Sequence[Diagnostic], status: int | None = None) -> dict[str, Any]:
    ordered = sorted(diagnostics, key=Diagnostic.sort_key)
    code = status if status is not None else status_of(ordered)
    first = next((d for d in ordered if d.severity == "error"), ordered[0] if ordered else None)
    return {
        "error": {
            "status": code,
            "code": first.code if first else "error",
            "diagnostics": [diagnostic_json(d) for d in ordered],
        }
    }


def one(code: str, message: str, help: str | None = None, path: str = REQUEST) -> SpecgapError:
    return SpecgapError([Diagnostic(code=code, message=message, path=path, help=help)])


def request_diagnostics(
    body: bytes | None, errors: Iterable[Mapping[str, Any]]
) -> list[Diagnostic]:
    """Pydantic's errors about a request body, located in the body the client sent."""
    text = (body or b"").decode("utf-8", "replace")
    if not text.strip():
        return [
            Diagnostic(
                code="invalid-request",
                message="the request has no JSON body",
                path=REQUEST,
                help='send a JSON object, e.g. `{"agent": "sql", ...}`',
            )
        ]
    try:
        data, ranges = parse_json(text, REQUEST)
    except SpecgapError as exc:  # malformed JSON: the parser's own located diagnostic
        return list(exc.diagnostics)
    index = TextIndex(REQUEST, text)
    found: list[Diagnostic] = []
    for err in list(errors)[:20]:
        loc = tuple(err.get("loc", ()))
        if loc and loc[0] == "body":
            loc = loc[1:]
        pointer = pointer_along(data, loc)
        kind = err.get("type", "")
        if kind == "extra_forbidden" and f"{pointer}#key" in ranges:
            pointer += "#key"  # point at the unknown key, not at its value
        start, end = ranges.get(pointer, (0, 0))
        field = ".".join(str(p) for p in loc) or "body"
        message = str(err.get("msg", "invalid value")).lower()
        found.append(
            Diagnostic(
                code="invalid-request",
                message=f"`{field}`: {message}",
                span=index.span(start, end),
                help=_help(kind, field),
            )
        )
    return found


def _help(kind: str, field: str) -> str:
    if kind == "missing":
        return f"add `{field}` to the request body (see /openapi.json)"
    if kind == "extra_forbidden":
        return f"remove `{field}`; the request model lists every accepted field (/openapi.json)"
    return "see the request model in /openapi.json"


def value_text(body: bytes, key: str) -> str | None:
    """The request body with everything but the value of top-level `key` blanked out
    (newlines kept): a JSON document of that value alone, whose positions are those of the
    body, so adapters reading it locate their diagnostics in what the client sent."""
    text = body.decode("utf-8", "replace")
    try:
        _, ranges = parse_json(text, REQUEST)
    except SpecgapError:
        return None
    found = ranges.get(f"/{key}")
    if found is None:
        return None
    start, end = found
    head = "".join("\n" if c == "\n" else " " for c in text[:start])
    tail = "".join("\n" if c == "\n" else " " for c in text[end:])
    return head + text[start:end] + tail


_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|(-?Infinity|NaN)')


def non_finite(body: bytes) -> Diagnostic | None:
    """`NaN` or `Infinity` outside a string: Python's JSON reader takes them, but they are
    not JSON, and a bound compared with NaN is silently never exceeded."""
    if b"NaN" not in body and b"Infinity" not in body:
        return None  # the common case costs two scans of the bytes
    text = body.decode("utf-8", "replace")
    for found in _TOKENS.finditer(text):
        if found.group(1):
            span = TextIndex(REQUEST, text).span(found.start(1), found.end(1))
            return Diagnostic(
                code="invalid-number",
                message=f"`{found.group(1)}` is not a finite JSON number",
                span=span,
                help="write a finite number, or a string if the value is text",
            )
    return None


def body_diagnostics(body: bytes) -> list[Diagnostic]:
    """Why a body did not read as JSON: not UTF-8, malformed, or too complex to read."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = body[: exc.start].decode("utf-8", "replace")
        at = len(before)
        return [
            Diagnostic(
                code="invalid-utf8",
                message="the request body is not valid UTF-8",
                span=TextIndex(REQUEST, before).span(at, at),
                help="send the body as UTF-8",
            )
        ]
    try:
        parse_json(text, REQUEST)
    except SpecgapError as exc:
        return list(exc.diagnostics)
    return []

"""`specgap check --format jsonl` lines, written without building and sorting a dict per event.

`decision_line(trace, decision)` is exactly
`json.dumps(decision_data(trace, decision), sort_keys=True, ensure_ascii=False)` (the keys
below are already in sorted order; strings go through the same encoder `json` uses), at a
fraction of its cost: at 100,000 events a second the encoding was a third of the time.
A hit's text is made once per `Hit` object (the engine reuses them) and remembered.
`tests/test_jsonline.py` compares both on every decision of the reference traces.
"""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any

from specgap.evaluate.engine import Decision, Hit

_HITS_LIMIT = 4096
_hit_text: dict[int, tuple[Hit, str]] = {}  # id -> (the hit, kept alive, its JSON)


def _str(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def hit_line(hit: Hit) -> str:
    """A hit as `json.dumps(hit_json(hit), sort_keys=True, ensure_ascii=False)` writes it."""
    found = _hit_text.get(id(hit))
    if found is not None and found[0] is hit:
        return found[1]
    text = (
        f'{{"action": {encode_basestring(hit.action)}, '
        f'"category": {encode_basestring(hit.category)}, '
        f'"effect": {encode_basestring(hit.effect)}, '
        f'"enforcement": {encode_basestring(hit.enforcement)}, '
        f'"error": {"true" if hit.error else "false"}, '
        f'"message": {encode_basestring(hit.message)}, '
        f'"policy": {encode_basestring(hit.policy)}, '
        f'"reason": {encode_basestring(hit.reason)}, '
        f'"source": {encode_basestring(hit.source)}, '
        f'"undetermined": {"true" if hit.undetermined else "false"}}}'
    )
    if len(_hit_text) >= _HITS_LIMIT:
        _hit_text.clear()
    _hit_text[id(hit)] = (hit, text)
    return text


_NAMES_LIMIT = 4096
_names: dict[str | None, str] = {None: "null"}  # trace keys, tool names, verdicts, actions


def _name(value: str | None) -> str:
    """`_str(value)` for the few strings every line repeats, remembered (bounded)."""
    found = _names.get(value)
    if found is None:
        if len(_names) >= _NAMES_LIMIT:
            _names.clear()
            _names[None] = "null"
        found = _names[value] = encode_basestring(value)  # type: ignore[arg-type]
    return found


def decision_line(trace: str, decision: Decision) -> str:
    """One line of `--format jsonl` for a decision of `trace`."""
    hits = decision.hits
    key = (
        decision.action,
        decision.name,
        decision.tool,
        trace,
        decision.verdict,
        decision.flags,
        id(hits),
    )
    parts = _parts.get(key)
    if parts is None or parts[0] is not hits:
        parts = _parts_of(trace, decision, key)
    call_id = decision.call_id
    # the index is the engine's `int` (never a bool), so `{...}` writes what `json` does
    return (
        f"{parts[1]}{'null' if call_id is None else encode_basestring(call_id)}{parts[2]}"
        f"{decision.index}{parts[3]}{encode_basestring(decision.origin)}{parts[4]}"
    )


_PARTS_LIMIT = 4096
# (action, name, tool, trace, verdict, flags, id of the hits) -> (the hits, kept alive so
# the id names them, and the text around the call id, the index and the origin): the
# same few strings make every line of a run
_parts: dict[tuple[Any, ...], tuple[tuple[Hit, ...], str, str, str, str]] = {}


def _parts_of(
    trace: str, decision: Decision, key: tuple[Any, ...]
) -> tuple[tuple[Hit, ...], str, str, str, str]:
    flags = ", ".join(map(_name, decision.flags)) if decision.flags else ""
    hits = ", ".join(map(hit_line, decision.hits)) if decision.hits else ""
    name = decision.name
    event = '"message"' if name is None else '"tool_call"'
    parts = (
        decision.hits,
        f'{{"action": {_name(decision.action)}, "call_id": ',
        f', "event": {event}, "flags": [{flags}], "hits": [{hits}], "index": ',
        f', "name": {_name(name)}, "origin": ',
        f', "tool": {_name(decision.tool)}, "trace": {_name(trace)}, '
        f'"verdict": {_name(decision.verdict)}}}',
    )
    if len(_parts) >= _PARTS_LIMIT:
        _parts.clear()
    _parts[key] = parts
    return parts


class LineBuffer:
    """Output lines gathered and handed to `write` a block at a time (as one text, lines
    joined by newlines), so a long `check` pays one write per block, not one per event,
    even when Python's own buffering is off (`PYTHONUNBUFFERED`, `python -u`). `flush()`
    hands over what is held; a caller streaming to a live reader flushes per line instead
    of using this."""

    __slots__ = ("_held", "_limit", "_write")

    def __init__(self, write: Callable[[str], None], limit: int = 256) -> None:
        self._write = write
        self._limit = limit
        self._held: list[str] = []

    def add(self, line: str) -> None:
        held = self._held
        held.append(line)
        if len(held) >= self._limit:
            self.flush()

    def flush(self) -> None:
        if self._held:
            text = "\n".join(self._held)
            self._held = []
            self._write(text)

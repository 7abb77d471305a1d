"""The bundle's JSON text, rendered incrementally.

`Bundle.to_json()` pretty-prints the whole bundle with `json.dumps(indent=2)`, which runs the
pure-Python encoder (the C encoder does not indent): for an agent with thousands of policies
that is most of a rebuild. `TextCache.bundle_json` returns exactly the same bytes but keeps
the rendered text of every policy, candidate rule, resolution and diagnostic by object
identity, so an object that survived the last rebuild (the incremental builder hands back the
very same objects for unchanged artifacts) is not encoded again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from json.encoder import encode_basestring as _string
from typing import Any

from pydantic import BaseModel

from specgap.ir import Bundle

AGENT_LISTS = ("policies", "candidates", "resolutions")
"""Per-agent lists spliced in item by item; everything else is encoded in one go."""

_MARK = "\x00specgap-splice-{}\x00"
_MARK_TEXT = re.compile(r'"\\u0000specgap-splice-(\d+)\\u0000"')


def dumps(value: Any) -> str:
    """The encoding `Bundle.to_json` uses, without its trailing newline."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


def fast_dumps(value: Any) -> str:
    """`dumps(value)` for plain JSON data (what `model_dump(mode="json")` returns), about
    twice as fast: one recursive function instead of the encoder's chain of generators."""
    out: list[str] = []
    try:
        _encode(value, "\n", out)
    except _NotPlain:
        return dumps(value)
    return "".join(out)


class _NotPlain(Exception):
    """A value the short encoder does not handle (a non-string key, an odd type)."""


def _encode(value: Any, newline: str, out: list[str]) -> None:
    # The same tests in the same order as `json.encoder._make_iterencode`.
    if isinstance(value, str):
        out.append(_string(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float(value))
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        out.append("[")
        for n, item in enumerate(value):
            out.append(inner if n == 0 else "," + inner)
            _encode(item, inner, out)
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        if not all(isinstance(key, str) for key in value):
            raise _NotPlain
        inner = newline + "  "
        out.append("{")
        for n, key in enumerate(sorted(value)):
            out.append(inner if n == 0 else "," + inner)
            out.append(_string(key))
            out.append(": ")
            _encode(value[key], inner, out)
        out.append(newline + "}")
    else:
        raise _NotPlain


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


class TextCache:
    """Rendered items of the last bundle, keyed by object identity and indentation.

    Each call keeps only the items of the bundle it rendered, so memory follows the current
    project; entries hold their object, so an id is never reused while it is a key.
    """

    def __init__(self) -> None:
        self._items: dict[tuple[int, int], tuple[BaseModel, str]] = {}
        self._next: dict[tuple[int, int], tuple[BaseModel, str]] = {}
        self.rendered = 0  # items encoded by the last call (cache misses)
        self.reused = 0

    def bundle_json(self, bundle: Bundle) -> str:
        """Byte-for-byte `bundle.to_json()`."""
        self._next = {}
        self.rendered = self.reused = 0
        lists: list[Sequence[BaseModel]] = []

        def mark(items: Sequence[BaseModel]) -> str:
            lists.append(items)
            return _MARK.format(len(lists) - 1)

        data = bundle.model_dump(
            mode="json",
            by_alias=True,
            exclude={"diagnostics": True, "agents": {"__all__": set(AGENT_LISTS)}},
        )
        data["diagnostics"] = mark(bundle.diagnostics)
        for agent, out in zip(bundle.agents, data["agents"], strict=True):
            for name in AGENT_LISTS:
                out[name] = mark(getattr(agent, name))
        skeleton = dumps(data)
        if len(_MARK_TEXT.findall(skeleton)) != len(lists):
            # A user string spelled like a marker: never guess, render the plain way.
            self._items = {}
            return bundle.to_json()
        parts: list[str] = []
        pos = 0
        for match in _MARK_TEXT.finditer(skeleton):
            line_start = skeleton.rfind("\n", 0, match.start()) + 1
            line = skeleton[line_start : match.start()]
            pad = len(line) - len(line.lstrip(" "))
            parts.append(skeleton[pos : match.start()])
            parts.append(self._list(lists[int(match[1])], pad))
            pos = match.end()
        parts.append(skeleton[pos:])
        self._items = self._next
        return "".join(parts) + "\n"

    def _list(self, items: Sequence[BaseModel], pad: int) -> str:
        """A list whose key sits at indentation `pad`, as the indenting encoder writes it."""
        if not items:
            return "[]"
        inner = pad + 2
        body = ",\n".join(self._item(item, inner) for item in items)
        return "[\n" + body + "\n" + " " * pad + "]"

    def _item(self, item: BaseModel, indent: int) -> str:
        key = (id(item), indent)
        hit = self._items.get(key) or self._next.get(key)
        if hit is not None and hit[0] is item:
            self.reused += 1
            text = hit[1]
        else:
            self.rendered += 1
            prefix = " " * indent
            data = item.model_dump(mode="json", by_alias=True)
            text = prefix + fast_dumps(data).replace("\n", "\n" + prefix)
        self._next[key] = (item, text)
        return text

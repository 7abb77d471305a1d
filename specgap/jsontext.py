"""The bundle's JSON text, rendered piece by piece through a memo.

`Bundle.to_json()` pretty-prints the whole bundle with `json.dumps(indent=2)`, which runs the
pure-Python encoder (the C encoder does not indent): for an agent with thousands of policies
that is most of a rebuild. `TextCache.bundle_json` returns exactly the same bytes but keeps
the rendered text of every policy, candidate rule, resolution and diagnostic by object
identity, so an object that survived the last rebuild (`specgap watch`'s cache hands back
the very same objects for unchanged inputs) is not encoded again, and by content with its
spans left out, so an object that only moved is not encoded again either.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring as _string
from types import UnionType
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from specgap.ir import Bundle, Span

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


def bundle_text(bundle: Bundle, texts: TextCache | None = None) -> str:
    """Byte-for-byte `bundle.to_json()`, rendered through `texts` (a fresh memo if None):
    `specgap build` renders with a fresh one, `specgap watch` keeps one across rebuilds."""
    return (texts or TextCache()).bundle_json(bundle)


class TextCache:
    """Rendered items of the last bundle, keyed by object identity and indentation, and
    by content with every span beside it: an item that only moved (a rule below an inserted
    line) is not encoded again, only its spans are.

    Runs of items are kept only while the last call used them; items and texts by content
    are swept down to those runs' once they outnumber them twice, so memory follows the
    current project. Entries hold their object, so an id is never reused while it is a key.
    """

    def __init__(self) -> None:
        # (id, indent) -> (the item, its text, its content key and text without spans)
        self._items: dict[tuple[int, int], _Entry] = {}
        self._templates: dict[Hashable, Template] = {}
        self._runs: dict[tuple[int, ...], _Run] = {}
        self._next_runs: dict[tuple[int, ...], _Run] = {}
        self.rendered = 0  # items encoded by the last call (cache misses)
        self.reused = 0
        self.filled = 0  # of those, items filled into the text of one with the same content

    def bundle_json(self, bundle: Bundle) -> str:
        """Byte-for-byte `bundle.to_json()`."""
        self.rendered = self.reused = self.filled = 0
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
        skeleton = fast_dumps(data)
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
            self._list(lists[int(match[1])], pad, parts)
            pos = match.end()
        parts.append(skeleton[pos:])
        parts.append("\n")
        self._runs, self._next_runs = self._next_runs, {}
        live = sum(len(run.items) for run in self._runs.values())
        if len(self._items) > 2 * live + 256:
            self._items = {k: e for run in self._runs.values() for k, e in run.entries.items()}
            self._templates = {e[2]: e[3] for e in self._items.values() if e[2] is not None}
        return "".join(parts)  # one copy of a text that may run to megabytes

    def _list(self, items: Sequence[BaseModel], pad: int, out: list[str]) -> None:
        """A list whose key sits at indentation `pad`, as the indenting encoder writes it.

        Items are taken in runs cut where an item's id says so (not at fixed offsets, so an
        inserted item changes only the run it lands in); a run of the very same objects as
        last time is reused whole. The pieces go to `out`."""
        if not items:
            out.append("[]")
            return
        inner = pad + 2
        ids = list(map(id, items))
        cuts = [n + 1 for n, i in enumerate(ids) if not (i >> 4) % _RUN]
        if not cuts or cuts[-1] != len(ids):
            cuts.append(len(ids))
        out.append("[\n")
        start = 0
        for end in cuts:
            if start:
                out.append(",\n")
            out.append(self._run(items[start:end], ids[start:end], inner))
            start = end
        out.append("\n" + " " * pad + "]")

    def _run(self, items: Sequence[BaseModel], ids: list[int], indent: int) -> str:
        key = (indent, *ids)  # a run holds its items: their ids stay theirs
        found = self._runs.get(key) or self._next_runs.get(key)
        if found is None:
            text = ",\n".join(self._item(item, indent) for item in items)
            entries = {(i, indent): self._items[i, indent] for i in ids}
            found = _Run(tuple(items), text, entries)
        else:
            self.reused += len(items)
        self._next_runs[key] = found
        return found.text

    def _item(self, item: BaseModel, indent: int) -> str:
        key = (id(item), indent)
        hit = self._items.get(key)
        if hit is not None and hit[0] is item:
            self.reused += 1
        else:
            self.rendered += 1
            hit = self._items[key] = (item, *self._render(item, indent))
        return hit[1]

    def _render(self, item: BaseModel, indent: int) -> tuple[str, Hashable, Template]:
        """`item` encoded at `indent`: its text with the spans left out, kept by content,
        then the spans put in. Returns the text, the content key and the spanless text."""
        spec = _span_fields(type(item))
        spans: list[Any] = []
        if spec:
            _collect(item, spec, spans)
            flat = item.model_dump_json(exclude=spec)
        else:
            flat = item.model_dump_json()
        content = (indent, type(item).__name__, flat, tuple(s is None for s in spans))
        spans = [s for s in spans if s is not None]
        kept = self._templates.get(content)
        if kept is not None:
            self.filled += 1
            return _fill(kept, spans), content, kept
        data = item.model_dump(mode="json", by_alias=True)
        lifted: list[Any] = []
        _lift_spans(data, lifted)
        prefix = " " * indent
        template = prefix + fast_dumps(data).replace("\n", "\n" + prefix)
        marks = [int(m[1]) for m in _SPAN_TEXT.finditer(template)]
        if marks != list(range(len(lifted))) or len(lifted) != len(spans):
            # A user string spelled like a marker, or a span elsewhere: render it plainly.
            plain = fast_dumps(item.model_dump(mode="json", by_alias=True))
            return prefix + plain.replace("\n", "\n" + prefix), None, ((), ())
        cut = self._templates[content] = _cut(template)
        return _fill(cut, lifted), content, cut


Template = tuple[tuple[str, ...], tuple[str, ...]]
"""An item's text cut at its span markers: the texts around them, and the line break and
indentation each marker sits after."""


def _cut(template: str) -> Template:
    texts: list[str] = []
    pads: list[str] = []
    pos = 0
    for match in _SPAN_TEXT.finditer(template):
        line_start = template.rfind("\n", 0, match.start()) + 1
        line = template[line_start : match.start()]
        pads.append("\n" + " " * (len(line) - len(line.lstrip(" "))))
        texts.append(template[pos : match.start()])
        pos = match.end()
    texts.append(template[pos:])
    return tuple(texts), tuple(pads)


def _fill(template: Template, spans: Sequence[Any]) -> str:
    """The template with its markers replaced, in order, by `spans` (dicts or models)."""
    texts, pads = template
    parts = [texts[0]]
    for span, pad, text in zip(spans, pads, texts[1:], strict=True):
        if type(span) is Span and _SPAN_FIELDS:
            parts.append(_span_json(span, pad))
        else:
            if isinstance(span, BaseModel):
                span = span.model_dump(mode="json", by_alias=True)
            parts.append(_flat(span, pad))
        parts.append(text)
    return "".join(parts)


# `_span_json` writes a span the way the encoder does, while `Span` has exactly these fields.
_SPAN_FIELDS = set(Span.model_fields) == {
    "path", "start_line", "start_col", "end_line", "end_col", "start_byte", "end_byte"
}  # fmt: skip


def _span_json(s: Span, newline: str) -> str:
    i = newline + "  "
    return (
        f'{{{i}"end_byte": {s.end_byte:d},{i}"end_col": {s.end_col:d},{i}"end_line": '
        f'{s.end_line:d},{i}"path": {_string(s.path)},{i}"start_byte": {s.start_byte:d},'
        f'{i}"start_col": {s.start_col:d},{i}"start_line": {s.start_line:d}{newline}}}'
    )


def _flat(value: dict[str, Any], newline: str) -> str:
    """`fast_dumps(value)` indented after `newline`, quicker for an object of strings and
    integers (what a span is)."""
    inner = newline + "  "
    items = []
    for key in sorted(value):
        item = value[key]
        if isinstance(item, str):
            items.append(f"{inner}{_string(key)}: {_string(item)}")
        elif type(item) is int:
            items.append(f"{inner}{_string(key)}: {int.__repr__(item)}")
        else:
            return fast_dumps(value).replace("\n", newline)
    return "{" + ",".join(items) + newline + "}" if items else "{}"


SpanSpec = dict[str, Any]


@functools.cache
def _span_fields(cls: type[BaseModel]) -> SpanSpec | None:
    """Where a model holds spans, as a pydantic `exclude` spec (None: nowhere)."""
    spec: SpanSpec = {}
    for name, info in cls.model_fields.items():
        found = _spec_for(info.annotation)
        if found is not None:
            spec[name] = found
    return spec or None


def _spec_for(annotation: Any) -> Any:
    if annotation is Span:
        return True
    args = [a for a in get_args(annotation) if a is not type(None) and a is not Ellipsis]
    origin = get_origin(annotation)
    if origin in (tuple, list) and len(args) == 1:
        inner = _spec_for(args[0])
        return None if inner is None else {"__all__": inner}
    if origin in (Union, UnionType) and len(args) == 1:
        return _spec_for(args[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _span_fields(annotation)
    return None  # a union of several models or anything else: spans there are not lifted


def _collect(value: Any, spec: Any, out: list[Any]) -> None:
    """The spans `spec` names in `value`, None included, in encoding order (keys sorted)."""
    if spec is True:
        out.append(value)
    elif value is None:
        return
    elif "__all__" in spec:
        for inner in value:
            _collect(inner, spec["__all__"], out)
    else:
        for name in sorted(spec):
            _collect(getattr(value, name), spec[name], out)


_RUN = 32  # items per run, on average
_Entry = tuple[BaseModel, str, Hashable, "Template"]


@dataclass(frozen=True)
class _Run:
    items: tuple[BaseModel, ...]
    text: str
    entries: dict[tuple[int, int], _Entry]


_SPAN = "\x00specgap-span-{}\x00"
_SPAN_TEXT = re.compile(r'"\\u0000specgap-span-(\d+)\\u0000"')


def _lift_spans(value: Any, spans: list[Any]) -> None:
    """Replace every `"span"` object in `value` by a marker, in encoding order (keys sorted),
    collecting the objects in `spans`."""
    if isinstance(value, dict):
        for key in sorted(value):
            inner = value[key]
            if key == "span" and isinstance(inner, dict):
                value[key] = _SPAN.format(len(spans))
                spans.append(inner)
            else:
                _lift_spans(inner, spans)
    elif isinstance(value, list):
        for inner in value:
            _lift_spans(inner, spans)

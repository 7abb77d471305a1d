"""The text a model reads, cut into pieces that fit its context, each mapped to the artifact.

A prompt is cut at its Markdown headings and consecutive sections are packed together up to
the budget; a section too long on its own is cut at paragraphs, then lines, then spaces.
A tools file gives one segment per tool description and per argument description (decoded
JSON strings, mapped back through their escapes); the segments of one tool stay together.
Every segment keeps `offsets`, the artifact offset of each of its characters, so a quote
found in a segment has an exact span in the file.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from specgap.artifacts import Artifact
from specgap.extract.markdown import COMMONMARK
from specgap.formats import json_string_offsets
from specgap.ir import Span
from specgap.positions import escape_pointer
from specgap.toolspecs import ToolSpec, parse_tool_specs

CHARS_PER_TOKEN = 3  # conservative for English prose and code: budgets never overflow
MIN_BUDGET = 800  # characters; below this a chunk cannot hold a useful section
_SPLIT_AT = ("\n\n", "\n", ". ", " ")


@dataclass(frozen=True)
class Segment:
    """Decoded text the model sees, with the artifact offset of each character (+ the end)."""

    text: str
    offsets: Sequence[int]
    header: str = ""  # shown above the text in the data block; never quotable
    subject: str | None = None  # the tool this text describes
    headings: tuple[tuple[int, str], ...] = ()  # (index in text, heading in force from there)

    def context_at(self, index: int) -> str:
        """The section heading (or described tool) in force at a character of the text."""
        if self.subject is not None:
            return self.subject
        starts = [at for at, _ in self.headings]
        n = bisect.bisect_right(starts, index) - 1
        return self.headings[n][1] if n >= 0 else ""

    def raw(self, start: int, end: int) -> tuple[int, int]:
        """Artifact range of the text range [start, end)."""
        return self.offsets[start], self.offsets[end]

    def piece(self, start: int, end: int) -> Segment:
        shifted = tuple((at - start, h) for at, h in self.headings if at < end)
        carried = tuple((max(at, 0), h) for at, h in shifted)
        return Segment(
            self.text[start:end],
            self.offsets[start : end + 1],
            self.header,
            self.subject,
            _last_per_start(carried),
        )


@dataclass(frozen=True)
class Chunk:
    """One request's worth of an artifact."""

    artifact: Artifact
    segments: tuple[Segment, ...]
    part: int = 1
    parts: int = 1

    def data(self) -> str:
        """The text between the delimiters: segments, each under its header when it has one."""
        blocks = []
        for segment in self.segments:
            blocks.append(f"{segment.header}\n{segment.text}" if segment.header else segment.text)
        return "\n\n".join(blocks)

    def delimiter(self) -> str:
        """Derived from the data, so the data cannot contain it (or forge its end)."""
        return hashlib.sha256(self.data().encode("utf-8")).hexdigest()[:16]

    def span(self) -> Span:
        """Zero-width span at the start of the chunk: where its diagnostics point."""
        start = self.segments[0].offsets[0]
        return self.artifact.span(start, start)

    def size(self) -> int:
        return len(self.data())


def budget(num_ctx: int, reserved_tokens: int) -> int:
    """Characters of data one request may carry: the context minus instructions and answer."""
    return max(MIN_BUDGET, (num_ctx - reserved_tokens) * CHARS_PER_TOKEN)


def chunk_artifact(artifact: Artifact, limit: int) -> tuple[Chunk, ...]:
    """The chunks a model reads for this artifact; none for config (structure, not prose)."""
    if artifact.kind == "prompt":
        groups = [[s] for s in _prompt_segments(artifact, limit)]
    elif artifact.kind == "tools":
        groups = _tool_groups(artifact, limit)
    else:
        groups = []
    packed = _pack(groups, limit)
    chunks = [Chunk(artifact, tuple(g)) for g in packed if any(s.text.strip() for s in g)]
    return tuple(
        Chunk(c.artifact, c.segments, part=n, parts=len(chunks)) for n, c in enumerate(chunks, 1)
    )


# --- prompts ----------------------------------------------------------------------------------


def _prompt_segments(artifact: Artifact, limit: int) -> Iterator[Segment]:
    text = artifact.text
    headings = _headings(artifact)
    cuts = sorted({0, *(at for at, _ in headings), len(text)})
    whole = Segment(text, range(len(text) + 1), headings=headings)
    for start, end in itertools.pairwise(cuts):
        if not text[start:end].strip():
            continue
        for a, b in _split(text, start, end, limit):
            yield whole.piece(a, b)


def _headings(artifact: Artifact) -> tuple[tuple[int, str], ...]:
    """(offset of the heading line, heading text) for every Markdown heading."""
    text = artifact.text
    line_starts = [0]
    for n, ch in enumerate(text):
        if ch == "\n":
            line_starts.append(n + 1)
    tokens = COMMONMARK.parse(text)
    found = []
    for n, token in enumerate(tokens):
        if token.type == "heading_open" and token.map is not None and n + 1 < len(tokens):
            found.append((line_starts[token.map[0]], tokens[n + 1].content.strip()))
    return tuple(found)


def _split(text: str, start: int, end: int, limit: int) -> Iterator[tuple[int, int]]:
    """Cut [start, end) into ranges of at most `limit` characters at the gentlest boundary."""
    while end - start > limit:
        window = text[start : start + limit]
        cut = -1
        for mark in _SPLIT_AT:
            at = window.rfind(mark)
            if at > limit // 4:
                cut = start + at + len(mark)
                break
        if cut <= start:
            cut = start + limit
        yield start, cut
        start = cut
    if start < end:
        yield start, end


# --- tools ------------------------------------------------------------------------------------


def _tool_groups(artifact: Artifact, limit: int) -> list[list[Segment]]:
    specs, _ = parse_tool_specs(artifact.data)
    groups = []
    for spec in specs:
        group: list[Segment] = []
        for segment in _tool_segments(artifact, spec):
            if len(segment.text) <= limit:
                group.append(segment)
                continue
            for a, b in _split(segment.text, 0, len(segment.text), limit):
                group.append(segment.piece(a, b))
        if group:
            groups.append(group)
    return groups


def _tool_segments(artifact: Artifact, spec: ToolSpec) -> Iterator[Segment]:
    props = spec.schema.get("properties")
    args = sorted(props) if isinstance(props, dict) else []
    shown = f" (arguments: {', '.join(args)})" if args else ""
    if spec.description_pointer:
        header = f"### tool `{spec.name}`{shown}: description"
        segment = _string_segment(artifact, spec.description_pointer, header, spec.name)
        if segment is not None:
            yield segment
    if spec.schema_pointer is None or not isinstance(props, dict):
        return
    for arg in props:
        pointer = f"{spec.schema_pointer}/properties/{escape_pointer(str(arg))}/description"
        header = f"### tool `{spec.name}`: argument `{arg}`"
        segment = _string_segment(artifact, pointer, header, spec.name)
        if segment is not None:
            yield segment


def _string_segment(artifact: Artifact, pointer: str, header: str, tool: str) -> Segment | None:
    """A string value of the artifact with exact offsets: JSON strings through their escapes,
    YAML and TOML scalars only when they appear verbatim."""
    if pointer not in artifact.ranges:
        return None
    start, end = artifact.ranges[pointer]
    raw = artifact.text[start:end]
    if raw.startswith('"'):
        try:
            offsets = json_string_offsets(artifact.text, start)
            decoded = json.loads(artifact.text[start : offsets[-1] + 1])
        except (ValueError, IndexError):
            return None
        if not isinstance(decoded, str):
            return None
        return Segment(decoded, offsets, header, tool) if decoded.strip() else None
    value = _lookup(artifact, pointer)
    if isinstance(value, str) and value.strip() and value == raw:
        return Segment(value, range(start, end + 1), header, tool)
    return None


def _lookup(artifact: Artifact, pointer: str) -> object:
    node: object = artifact.data
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            node = node.get(key)
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return None
    return node


# --- packing ----------------------------------------------------------------------------------


def _pack(groups: list[list[Segment]], limit: int) -> list[list[Segment]]:
    """Consecutive groups share a chunk while the chunk stays within `limit` characters;
    neighbouring pieces of one text become one segment again, so the model reads the file
    as it is and a quote may run across a section boundary."""
    packed: list[list[Segment]] = []
    size = 0
    for group in groups:
        cost = sum(len(s.text) + len(s.header) + 3 for s in group)
        if packed and size + cost <= limit:
            for segment in group:
                joined = _join(packed[-1][-1], segment)
                if joined is None:
                    packed[-1].append(segment)
                else:
                    packed[-1][-1] = joined
            size += cost
        else:
            packed.append(list(group))
            size = cost
    return packed


def _join(first: Segment, then: Segment) -> Segment | None:
    """One segment for two adjacent pieces of the same text, else None."""
    if first.header or then.header or first.subject != then.subject:
        return None
    if first.offsets[-1] != then.offsets[0]:
        return None
    shift = len(first.text)
    return Segment(
        first.text + then.text,
        range(first.offsets[0], then.offsets[-1] + 1)
        if isinstance(first.offsets, range) and isinstance(then.offsets, range)
        else [*first.offsets[:-1], *then.offsets],
        subject=first.subject,
        headings=_last_per_start((*first.headings, *((at + shift, h) for at, h in then.headings))),
    )


def _last_per_start(headings: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    """Headings before a piece's start all land at 0; only the last of them is in force."""
    kept: dict[int, str] = {}
    for at, heading in headings:
        kept[at] = heading
    return tuple(sorted(kept.items()))

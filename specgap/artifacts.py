"""Loading artifacts with exact positions.

Every value an extractor may cite keeps its character range in the original text, so a
rule's quote is always `text[start:end]` of the file as it is on disk.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from specgap.confine import read_bytes
from specgap.errors import error
from specgap.formats import parse_json, parse_toml, parse_yaml
from specgap.ir import ArtifactKind, ArtifactRef, Span
from specgap.positions import Ranges, TextIndex


@dataclass(frozen=True)
class Artifact:
    """A loaded input file. `data` is the parsed value for JSON/YAML; `ranges` locates it."""

    kind: ArtifactKind
    path: str
    text: str
    sha256: str
    data: Any = None
    ranges: Ranges = field(default_factory=dict)
    index: TextIndex = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", TextIndex(self.path, self.text))

    def ref(self) -> ArtifactRef:
        return ArtifactRef(kind=self.kind, path=self.path, sha256=self.sha256)

    def span(self, start: int, end: int) -> Span:
        return self.index.span(start, end)

    def span_of(self, pointer: str) -> Span:
        """The span of the value at a JSON pointer, or the start of the file if unknown."""
        return self.span(*self.ranges.get(pointer, (0, 0)))

    def span_at(self, pointer: str, *, with_key: bool = False) -> Span:
        """Span of the value at a JSON pointer; with the key in front when asked and known."""
        start, end = self.ranges[pointer]
        if with_key and f"{pointer}#key" in self.ranges:
            start = self.ranges[f"{pointer}#key"][0]
        return self.span(start, end)


def read_text(path: Path, display: str) -> str:
    """A regular file of bounded size as UTF-8 text (see `specgap.confine.read_bytes`)."""
    raw = read_bytes(path, display)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        index = TextIndex(display, raw[: exc.start].decode("utf-8", "replace"))
        end = len(index.text)
        raise error(
            "invalid-utf8",
            f"`{display}` is not valid UTF-8",
            span=index.span(end, end),
            help="save the file as UTF-8",
        ) from None


def load_artifact(kind: ArtifactKind, path: Path, display: str) -> Artifact:
    """Read and parse one artifact; malformed input raises SpecgapError with a position."""
    text = read_text(path, display)
    digest = hashlib.sha256(text.encode()).hexdigest()
    suffix = path.suffix.lower()
    if kind == "prompt" and suffix not in {".json", ".yaml", ".yml"}:
        return Artifact(kind, display, text, digest)
    if suffix in {".yaml", ".yml"}:
        data, ranges = parse_yaml(text, display)
    elif suffix == ".toml":
        data, ranges = parse_toml(text, display)
    else:
        data, ranges = parse_json(text, display)
    return Artifact(kind, display, text, digest, data, ranges)

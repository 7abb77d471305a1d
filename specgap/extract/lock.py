"""The extraction lock: validated, grounded LLM rules pinned per artifact, for offline builds.

`policy/extraction.lock.json` holds one entry per artifact the model read, keyed by the
artifact's sha256, the model, the prompt version and the specgap version. A build whose
artifacts all have a current entry needs no model server; `--offline` turns a miss into an
error instead of a request. The file is written for review: sorted keys, two-space indent,
one object per rule, entries in path order, and the rules the grounding dropped are kept
beside the ones it accepted so a reviewer sees both.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import ValidationError

from specgap.artifacts import read_text
from specgap.errors import SpecgapError
from specgap.formats import parse_json
from specgap.ir import CandidateRule, Diagnostic, Frozen, Span
from specgap.positions import TextIndex

LOCK_VERSION = 1
LOCK_NAME = "extraction.lock.json"


class LockKey(NamedTuple):
    sha256: str
    model: str
    prompt_version: str
    specgap_version: str


class LockEntry(Frozen):
    """What the model's answers about one artifact became after validation and grounding."""

    artifact: str
    sha256: str
    model: str
    prompt_version: str
    specgap_version: str
    rules: tuple[CandidateRule, ...]
    dropped: tuple[Diagnostic, ...] = ()

    @property
    def key(self) -> LockKey:
        return LockKey(self.sha256, self.model, self.prompt_version, self.specgap_version)

    def at(self, path: str) -> LockEntry:
        """The same entry for identical content found at another path."""
        if path == self.artifact:
            return self
        return self.model_copy(
            update={
                "artifact": path,
                "rules": tuple(
                    r.model_copy(update={"span": _moved(r.span, path)}) for r in self.rules
                ),
                "dropped": tuple(
                    d.model_copy(update={"span": _moved(d.span, path) if d.span else None})
                    for d in self.dropped
                ),
            }
        )


class LockFile(Frozen):
    lock_version: Literal[1]
    entries: tuple[LockEntry, ...]


@dataclass(frozen=True)
class Lock:
    """A loaded lock file (empty when the file does not exist)."""

    path: Path | None = None
    display: str = LOCK_NAME
    entries: Mapping[LockKey, LockEntry] = field(default_factory=dict)

    def get(self, key: LockKey, path: str) -> LockEntry | None:
        entry = self.entries.get(key)
        return entry.at(path) if entry is not None else None


def _moved(span: Span, path: str) -> Span:
    return span.model_copy(update={"path": path})


def load_lock(path: Path, display: str) -> Lock:
    """Read the lock; a missing file is an empty lock, a damaged one a diagnostic."""
    if not path.is_file():
        return Lock(path, display)
    text = read_text(path, display)
    data, ranges = parse_json(text, display)
    try:
        parsed = LockFile.model_validate(data)
    except ValidationError as exc:
        index = TextIndex(display, text)
        diagnostics = []
        for err in exc.errors()[:10]:
            pointer = "".join(f"/{p}" for p in err["loc"])
            while pointer and pointer not in ranges:
                pointer = pointer.rsplit("/", 1)[0]
            start, end = ranges.get(pointer, (0, 0))
            diagnostics.append(
                Diagnostic(
                    code="invalid-lock",
                    message=f"`{pointer or '/'}`: {err['msg'].lower()}",
                    span=index.span(start, end),
                    help="delete the lock and rebuild with a model server, or restore it "
                    "from version control",
                )
            )
        raise SpecgapError(diagnostics) from None
    return Lock(path, display, {e.key: e for e in parsed.entries})


def render_lock(entries: Iterable[LockEntry]) -> str:
    """The lock file's text: one entry per key, in path order; same entries, same bytes."""
    unique = {e.key: e for e in entries}
    ordered = sorted(unique.values(), key=lambda e: (e.artifact, *e.key))
    data = LockFile(lock_version=LOCK_VERSION, entries=tuple(ordered)).model_dump(
        mode="json", by_alias=True
    )
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

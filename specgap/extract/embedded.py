"""Prompts kept as strings inside JSON or YAML files (an agent config's `system_prompt`).

A prompt artifact whose file is JSON or YAML is mined string by string: each system-prompt
value (`prompt_pointers`, which `specgap init` also uses to find such files) is decoded and
split into sentences whose characters map back to the file, so a rule's span is the exact
text on disk. JSON strings map through their escapes; YAML plain scalars on one line, and
literal block scalars (`|`), map line by line; other YAML scalar styles (folded, quoted with
escapes) cannot be mapped exactly and are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.segments import Sentence, description_sentences, split_sentences

PROMPT_KEYS = frozenset(
    {
        "system_prompt", "systemprompt", "system", "instructions", "system_message",
        "systemmessage", "prompt", "preamble",
    }
)  # fmt: skip
MIN_PROMPT_CHARS = 40  # shorter strings are labels and names, not prompts
MAX_DEPTH = 8


def prompt_pointers(data: Any, pointer: str = "", depth: int = 0) -> Iterator[str]:
    """JSON pointers of system-prompt strings, in document order."""
    if depth > MAX_DEPTH:
        return
    if isinstance(data, dict):
        if data.get("role") == "system" and _long(data.get("content")):
            yield f"{pointer}/content"
            return
        for key, value in data.items():
            here = f"{pointer}/{_escape(str(key))}"
            if _normal(str(key)) in PROMPT_KEYS and _long(value):
                yield here
            elif isinstance(value, dict | list):
                yield from prompt_pointers(value, here, depth + 1)
    elif isinstance(data, list):
        for n, item in enumerate(data):
            yield from prompt_pointers(item, f"{pointer}/{n}", depth + 1)


def _long(value: Any) -> bool:
    return isinstance(value, str) and len(value.strip()) >= MIN_PROMPT_CHARS


def _normal(key: str) -> str:
    return key.replace("-", "_").lower()


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def embedded_sentences(artifact: Artifact) -> Iterator[Sentence]:
    for pointer in prompt_pointers(artifact.data):
        if pointer not in artifact.ranges:
            continue
        start, end = artifact.ranges[pointer]
        if artifact.text[start : start + 1] == '"':
            yield from description_sentences(artifact, pointer, "")
            continue
        offsets = yaml_offsets(artifact, start, end, _value(artifact.data, pointer))
        if offsets is not None:
            text = _value(artifact.data, pointer)
            yield from split_sentences(artifact, text, offsets, "")


def yaml_offsets(artifact: Artifact, start: int, end: int, value: str) -> list[int] | None:
    """Where each character of a YAML scalar's value sits in the file (plus one past the
    end), or None when its style does not keep the text verbatim."""
    source = artifact.text[start:end]
    if source == value:
        return [*range(start, end), end]
    if not source.startswith("|"):
        return None
    body = artifact.text.index("\n", start) + 1
    offsets: list[int] = []
    at = body
    for line in value.split("\n"):
        if at > len(artifact.text):
            return None
        line_end = artifact.text.find("\n", at)
        line_end = len(artifact.text) if line_end < 0 else line_end
        raw = artifact.text[at:line_end]
        column = raw.find(line) if line else 0
        if line and (column < 0 or raw[:column].strip()):
            return None
        offsets.extend(range(at + column, at + column + len(line)))
        offsets.append(at + column + len(line))  # the newline (or the end, after the last)
        at = line_end + 1
    return offsets[: len(value) + 1]


def _value(data: object, pointer: str) -> str:
    node = data
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
    return node if isinstance(node, str) else ""

"""What an agent folder holds, for `specgap init`: prompts, tool files and traces.

A walk of the folder (version-control, virtual-environment, dependency and build folders
left out) that sorts every file it can read into one of:

- prompts: Markdown and text files, except the usual project documents (README, LICENSE,
  CHANGELOG, ... and anything under `docs/`);
- prompt strings: a JSON or YAML file whose system prompt is a string value (keys such as
  `system_prompt`, `instructions`, or the `content` of a `{"role": "system"}` message);
- tools: OpenAI function specs, Anthropic tools or an MCP `tools/list` result (the shape
  `specgap.toolspecs` reads), and OpenAPI documents (registry only);
- runtime config: a JSON, YAML or TOML file from which the extractor mines settings rules
  (a `tools:` mapping of tool settings, a `policies:` list);
- traces: JSON or JSONL whose shape a trace adapter recognises for sure; labelled safe or
  unsafe by a folder or file name (`safe/`, `unsafe/`, `attack`, ...), unlabelled otherwise.

Every decision is made from the file's content and path only, in sorted path order, so the
same folder always yields the same answer.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from specgap.extract.embedded import prompt_pointers as prompt_pointers
from specgap.toolspecs import ToolFormat, detect_format

SKIP_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", ".venv", "venv", "env", "node_modules", "__pycache__",
        ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", "dist", "build", "site-packages",
        "docs", "doc", "policy", "registries", ".github", ".specgap",
    }
)  # fmt: skip
DOC_STEMS = frozenset(
    {
        "readme", "license", "licence", "changelog", "contributing", "code_of_conduct",
        "security", "authors", "notice", "history", "copying", "requirements", "todo",
    }
)  # fmt: skip
PROMPT_SUFFIXES = frozenset({".md", ".markdown", ".txt"})
DATA_SUFFIXES = frozenset({".json", ".yaml", ".yml", ".toml"})
MAX_BYTES = 4 << 20  # larger files are data dumps, not agent artifacts
_UNSAFE = re.compile(
    r"(^|[^a-z])(unsafe|attack|attacks|violation|violations|malicious|bad)([^a-z]|$)"
)
_SAFE = re.compile(r"(^|[^a-z])(safe|good|benign|ok)([^a-z]|$)")

Label = Literal["safe", "unsafe", "unlabelled"]


@dataclass(frozen=True)
class ToolFile:
    path: str  # POSIX, relative to the folder
    format: ToolFormat | Literal["openapi"]


@dataclass(frozen=True)
class TraceFile:
    path: str
    format: str
    label: Label


@dataclass(frozen=True)
class PromptString:
    path: str
    pointer: str  # JSON pointer of the string


@dataclass(frozen=True)
class Detected:
    prompts: tuple[str, ...] = ()
    prompt_strings: tuple[PromptString, ...] = ()
    tools: tuple[ToolFile, ...] = ()
    traces: tuple[TraceFile, ...] = ()
    config: tuple[str, ...] = ()
    skipped: tuple[str, ...] = field(default=())  # data files that are none of the above

    @property
    def empty(self) -> bool:
        return not (self.prompts or self.prompt_strings or self.tools)

    def prompt_files(self) -> tuple[str, ...]:
        """Every file to list under `prompts`: text prompts, then data files with a prompt."""
        seen = dict.fromkeys(s.path for s in self.prompt_strings)
        return (*self.prompts, *seen)


def detect(root: Path) -> Detected:
    prompts: list[str] = []
    strings: list[PromptString] = []
    tools: list[ToolFile] = []
    traces: list[TraceFile] = []
    config: list[str] = []
    skipped: list[str] = []
    for path in _files(root):
        rel = path.relative_to(root).as_posix()
        suffix = path.suffix.lower()
        if suffix in PROMPT_SUFFIXES:
            if path.stem.lower() not in DOC_STEMS and _text(path) is not None:
                prompts.append(rel)
            continue
        if suffix == ".jsonl":
            found = _jsonl_trace(path)
            if found is not None:
                traces.append(TraceFile(rel, found, label_of(rel)))
            else:
                skipped.append(rel)
            continue
        data = _data(path, suffix)
        if data is None:
            continue
        if isinstance(data, dict) and ("openapi" in data or "swagger" in data):
            tools.append(ToolFile(rel, "openapi"))
            continue
        tool_format = detect_format(data) if _looks_like_tools(data) else None
        if tool_format is not None:
            tools.append(ToolFile(rel, tool_format))
            continue
        trace_format = _trace_format(data) if suffix == ".json" else None
        if trace_format is not None:
            traces.append(TraceFile(rel, trace_format, label_of(rel)))
            continue
        pointers = list(prompt_pointers(data))
        if pointers:
            strings.extend(PromptString(rel, p) for p in pointers)
        elif _has_config_rules(path, rel):
            config.append(rel)
        else:
            skipped.append(rel)
    return Detected(
        tuple(prompts), tuple(strings), tuple(tools), tuple(traces), tuple(config), tuple(skipped)
    )


def label_of(rel: str) -> Label:
    """`safe` or `unsafe` from the path's folder or file names; `unlabelled` otherwise."""
    lowered = rel.lower()
    if _UNSAFE.search(lowered):
        return "unsafe"
    return "safe" if _SAFE.search(lowered) else "unlabelled"


def _files(root: Path) -> Iterator[Path]:
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(names):
            path = Path(folder) / name
            if name.startswith(".") or name in {"specgap.toml", "specgap.lock"}:
                continue
            suffix = path.suffix.lower()
            if suffix not in PROMPT_SUFFIXES | DATA_SUFFIXES | {".jsonl"}:
                continue
            try:
                if not path.is_file() or path.stat().st_size > MAX_BYTES:
                    continue
            except OSError:
                continue
            yield path


def _text(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _data(path: Path, suffix: str) -> Any:
    """The parsed file, or None when it does not parse (init never fails on a stray file)."""
    text = _text(path)
    if text is None:
        return None
    try:
        if suffix == ".json":
            return json.loads(text)
        if suffix == ".toml":
            import tomllib

            return tomllib.loads(text)
        from ruamel.yaml import YAML

        return YAML(typ="safe", pure=True).load(text)
    except Exception:  # any parse error: the file is not an agent artifact we can use
        return None


def _has_config_rules(path: Path, rel: str) -> bool:
    from specgap.artifacts import load_artifact
    from specgap.errors import SpecgapError
    from specgap.extract.structural import config_rules

    try:
        artifact = load_artifact("config", path, rel)
    except SpecgapError:
        return False
    return next(iter(config_rules(artifact)), None) is not None


def _looks_like_tools(data: Any) -> bool:
    """`detect_format` answers for any dict; a tools file must have a non-empty tool list
    whose items are objects with a name."""
    items: Any = data
    if isinstance(data, dict):
        items = data.get("tools")
        if items is None and isinstance(data.get("result"), dict):
            items = data["result"].get("tools")
    if not isinstance(items, list) or not items:
        return False
    first = items[0]
    if not isinstance(first, dict):
        return False
    function = first.get("function")
    name = function.get("name") if isinstance(function, dict) else first.get("name")
    has_schema = any(k in first for k in ("function", "input_schema", "inputSchema", "parameters"))
    return isinstance(name, str) and has_schema


def _trace_format(data: Any) -> str | None:
    from specgap.evaluate.adapters.detect import sniff

    found, sure = sniff(data)
    return found if sure else None


def _jsonl_trace(path: Path) -> str | None:
    text = _text(path)
    if text is None:
        return None
    for line in text.splitlines():
        if line.strip():
            try:
                return _trace_format(json.loads(line))
            except ValueError:
                return None
    return None

"""Runtime config written into a prompt: a fenced ```` ```yaml ````, ```` ```json ```` or
```` ```toml ```` block of a Markdown prompt is read as a config file is
(`structural.config_rules`).

A fenced block is code or an example by the author's own mark, and prose readers leave it
alone (`unread`). A block whose info string names a config language and whose text parses
to a mapping is different: it is the agent's settings, pasted where the model reads them,
and the same settings in a config file would compile. So:

- its `tools:` mapping, `policies:` list and `controls:` list compile as in a config file;
- a mapping of tool -> settings at the top level (no `tools:` around it) compiles the same
  way when at least one of its settings is one an operator reads (`max_rows`,
  `allowed_tables`, `require_before`, ...): an example payload (`customer: {name: ...}`)
  has none and is left alone;
- a setting under a tool that no operator reads, or of the wrong type, gets a located
  `config-setting-not-read` note naming it, so that no setting the author meant as a rule
  is lost without a word (in a config file too: `unread_settings`).

A block that does not parse is an example or a sketch, not a build error: it is left alone.
Spans and quotes are the prompt file's own: the block is parsed from the prompt's text
with every character outside the block blanked (newlines kept), so offsets, lines and
columns are those of the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.errors import SpecgapError
from specgap.extract.config_loose import is_group, loose_settings
from specgap.extract.ids7_config import block_rules, key_references, list_comment_rules
from specgap.extract.markdown import COMMONMARK
from specgap.extract.structural import (
    config_rules,
    setting_not_read,
    setting_rule,
    settings_named,
    tool_settings,
)
from specgap.formats import parse_json, parse_toml, parse_yaml
from specgap.ir import CandidateRule, Diagnostic
from specgap.positions import Ranges

__all__ = ["fenced_config_rules", "unread_settings"]

_PARSERS = {"yaml": parse_yaml, "yml": parse_yaml, "json": parse_json, "toml": parse_toml}
_KNOWN_TOP = frozenset({"tools", "policies", "controls"})


def fenced_config_rules(artifact: Artifact) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules of every config block of a Markdown prompt, and a note for each setting
    under a tool that states no rule (module docstring)."""
    rules: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    lists: dict[str, list[str]] = {}
    for block, shaped in _blocks(artifact):
        # ids7: `tool.argument` keys, `{min, max}` maps, run-wide switches, `# only` lists
        keyed, beside, block, listed = block_rules(block, shaped)
        rules.extend([*keyed, *list_comment_rules(block, listed)])
        notes.extend(beside)
        lists.update(listed)
        if shaped:
            rules.extend(config_rules(block))
            notes.extend(unread_settings(block))
        else:  # settings without the `tools:` shape (`config_loose`)
            read, unread = loose_settings(block)
            rules.extend(read)
            notes.extend(unread)
    rules.extend(key_references(artifact, lists, _spans(artifact)))  # "only in `settings`"
    return rules, notes


def _spans(artifact: Artifact) -> list[tuple[int, int]]:
    """(start, end) offsets of the config blocks' lines, fences included."""
    at = artifact.index.offset  # (line, column) -> offset, the line clamped to the text's
    return [(at(first, 1), at(last + 2, 1)) for first, last, _ in _regions(artifact)]


# YAML front matter: the first line of the file is `---`, the block ends at the next one
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(?P<body>.*?)^---[ \t]*$", re.S | re.M)


def _regions(artifact: Artifact) -> Iterator[tuple[int, int, Callable[..., Any]]]:
    """(first line, line after the last, parser) of each block that may hold config: a
    fenced block whose info string names a config language, one with no info string (read
    as YAML, a superset of JSON), and YAML front matter."""
    front = _FRONT_MATTER.match(artifact.text)
    if front is not None:
        yield 1, artifact.text[: front.end()].count("\n"), parse_yaml
    if "```" not in artifact.text and "~~~" not in artifact.text:
        return
    for token in COMMONMARK.parse(artifact.text):
        if token.type != "fence" or token.map is None:
            continue
        info = token.info.strip().split(" ")[0].casefold()
        parse = _PARSERS.get(info) if info else parse_yaml
        if parse is not None:
            yield token.map[0] + 1, token.map[1] - 1, parse  # the lines between the fences


def _blocks(artifact: Artifact) -> Iterator[tuple[Artifact, bool]]:
    """Each config block that parses to a mapping, as a config artifact over the prompt's
    own text, and whether it has the config file's shape (`tools:`, `policies:`,
    `controls:`, or tool -> settings)."""
    lines = artifact.text.splitlines(keepends=True)
    for first, last, parse in _regions(artifact):
        masked = "".join(
            line if first <= n < last else re.sub(r"[^\n]", " ", line)
            for n, line in enumerate(lines)
        )
        try:
            data, ranges = parse(masked, artifact.path)
        except SpecgapError:
            continue  # a sketch or an example, not the agent's settings
        if not isinstance(data, dict) or not data:
            continue
        shaped = True
        if not _KNOWN_TOP & set(data) and not any(map(is_group, data)) and _tool_keyed(data):
            data, ranges = {"tools": data}, _under_tools(ranges)
        elif not _KNOWN_TOP & set(data):
            shaped = False
        yield (
            Artifact("config", artifact.path, artifact.text, artifact.sha256, data, ranges),
            shaped,
        )


def _tool_keyed(data: dict[Any, Any]) -> bool:
    """A top-level mapping of tool -> settings: every value a mapping, and at least one
    setting one that an operator reads."""
    if not all(isinstance(v, dict) for v in data.values()):
        return False
    return any(
        _reads(str(name), value) for settings in data.values() for name, value in settings.items()
    )


def _reads(name: str, value: Any) -> bool:
    return setting_rule(name, value) is not None


def _under_tools(ranges: Ranges) -> Ranges:
    moved: Ranges = {f"/tools{pointer}": at for pointer, at in ranges.items() if pointer}
    if "" in ranges:
        moved["/tools"] = ranges[""]
    return moved


def unread_settings(block: Artifact, wrong_types: bool = True) -> Iterator[Diagnostic]:
    """A `config-setting-not-read` note for each setting under a tool of a config artifact
    (a file, or a block of a prompt) that states no rule an operator reads; one of the
    wrong type only when `wrong_types` (a config file's get `config-wrong-type` instead)."""
    for tool, name, value, pointer in tool_settings(block):
        if _reads(name, value):
            continue
        known = any(True for _ in settings_named(name))
        if known and not wrong_types:
            continue
        why = (
            "its value is not of the type that setting takes"
            if known
            else ("no operator reads a setting of that name")
        )
        yield setting_not_read(
            block, pointer, f"`{name}` of `{tool}`", why, "use a setting an operator reads"
        )

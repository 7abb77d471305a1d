"""JSON, YAML and TOML with positions: every value's character range by JSON pointer.

Malformed input, nesting too deep, numbers too long and non-finite numbers are reported as
located diagnostics.
"""

from __future__ import annotations

import json
import math
from typing import Any

from specgap.errors import SpecgapError, error
from specgap.ir import Diagnostic
from specgap.positions import Ranges, TextIndex, escape_pointer

# --- JSON -----------------------------------------------------------------------------------


def parse_json(text: str, display: str) -> tuple[Any, Ranges]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        index = TextIndex(display, text)
        raise error(
            "malformed-json",
            exc.msg.lower(),
            span=index.span(exc.pos, exc.pos),
            help="fix the JSON syntax at this position",
        ) from None
    except (RecursionError, ValueError) as exc:  # nesting too deep, an integer too long
        raise too_complex(exc, display) from None
    ranges: Ranges = {}
    try:
        _JsonScanner(text, ranges).value(_skip_ws(text, 0), "")
    except RecursionError as exc:
        raise too_complex(exc, display) from None
    check_finite(data, ranges, text, display)
    return data, ranges


def too_complex(exc: Exception, display: str) -> SpecgapError:
    """Input the parser gives up on: nesting too deep or an integer of thousands of digits."""
    what = "nested too deeply" if isinstance(exc, RecursionError) else "has a number too long"
    return error(
        "input-too-complex",
        f"`{display}` {what} to read",
        path=display,
        help="simplify the file: nest less deeply and keep numbers under 4300 digits",
    )


def check_finite(data: Any, ranges: Ranges, text: str, display: str) -> None:
    """NaN and infinite numbers are not JSON (nor valid policy bounds): reject them where
    they are written, so that no bundle is ever written with `NaN` or `Infinity` in it."""
    found: list[str] = []

    def walk(value: Any, pointer: str) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            found.append(pointer)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{pointer}/{escape_pointer(str(key))}")
        elif isinstance(value, list):
            for n, item in enumerate(value):
                walk(item, f"{pointer}/{n}")

    try:
        walk(data, "")
    except RecursionError as exc:
        raise too_complex(exc, display) from None
    if not found:
        return
    index = TextIndex(display, text)
    problems = []
    for pointer in found:
        start, end = ranges.get(pointer, (0, 0))
        problems.append(
            Diagnostic(
                code="invalid-number",
                message=f"`{text[start:end] or pointer}` is not a finite number",
                span=index.span(start, end),
                help="write a finite number: NaN and infinity are not allowed",
            )
        )
    raise SpecgapError(problems)


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


class _JsonScanner:
    """Walks already-validated JSON recording where each value starts and ends."""

    def __init__(self, text: str, ranges: Ranges) -> None:
        self.text = text
        self.ranges = ranges

    def value(self, i: int, pointer: str) -> int:
        text = self.text
        ch = text[i]
        if ch == "{":
            end = self._object(i, pointer)
        elif ch == "[":
            end = self._array(i, pointer)
        elif ch == '"':
            _, end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
        else:
            end = i
            while end < len(text) and text[end] not in ",]} \t\r\n":
                end += 1
        self.ranges[pointer] = (i, end)
        return end

    def _object(self, i: int, pointer: str) -> int:
        text = self.text
        i = _skip_ws(text, i + 1)
        if text[i] == "}":
            return i + 1
        while True:
            key, key_end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            child = f"{pointer}/{escape_pointer(key)}"
            self.ranges[f"{child}#key"] = (i, key_end)
            i = _skip_ws(text, _skip_ws(text, key_end) + 1)
            i = _skip_ws(text, self.value(i, child))
            if text[i] == "}":
                return i + 1
            i = _skip_ws(text, i + 1)

    def _array(self, i: int, pointer: str) -> int:
        text = self.text
        i = _skip_ws(text, i + 1)
        if text[i] == "]":
            return i + 1
        n = 0
        while True:
            i = _skip_ws(text, self.value(i, f"{pointer}/{n}"))
            n += 1
            if text[i] == "]":
                return i + 1
            i = _skip_ws(text, i + 1)


def json_string_offsets(text: str, start: int) -> list[int]:
    """Raw offsets, in `text`, of each decoded character of the JSON string at `start`.

    `start` is the opening quote. The list has one extra entry: the closing quote, so that
    a decoded range [a, b) maps to the raw range [offsets[a], offsets[b]).
    """
    offsets: list[int] = []
    i = start + 1
    while text[i] != '"':
        offsets.append(i)
        if text[i] != "\\":
            i += 1
        elif text[i + 1] == "u":
            high = int(text[i + 2 : i + 6], 16)
            low_follows = text[i + 6 : i + 8] == "\\u"
            i += 12 if 0xD800 <= high < 0xDC00 and low_follows else 6
        else:
            i += 2
    offsets.append(i)
    return offsets


# --- YAML -----------------------------------------------------------------------------------


def parse_yaml(text: str, display: str) -> tuple[Any, Ranges]:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    yaml = YAML(typ="safe", pure=True)
    try:
        # one parse: the node tree gives positions, and values are constructed from it
        node = yaml.compose(text)
        if node is not None and _expanded_over(node, YAML_NODES):
            raise error(
                "input-too-complex",
                f"`{display}` expands to more than {YAML_NODES:,} values through its aliases",
                path=display,
                help="write the values out instead of repeating anchors inside anchors",
            )
        data = yaml.constructor.construct_document(node) if node is not None else None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        index = TextIndex(display, text)
        at = index.offset(mark.line + 1, mark.column + 1) if mark else 0
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        raise error(
            "malformed-yaml",
            problem.lower(),
            span=index.span(at, at),
            help="fix the YAML syntax at this position",
        ) from None
    except YAMLError as exc:
        raise error("malformed-yaml", str(exc).strip().lower(), path=display) from None
    except (RecursionError, ValueError) as exc:
        raise too_complex(exc, display) from None
    ranges: Ranges = {}
    if node is not None:
        try:
            _yaml_ranges(node, "", ranges)
        except RecursionError as exc:
            raise too_complex(exc, display) from None
    check_finite(data, ranges, text, display)
    return data, ranges


# how many values a YAML document may hold once its aliases are expanded: every reader walks
# the expanded tree, so anchors repeated inside anchors ("billion laughs") would hang a build
YAML_NODES = 200_000


def _expanded_over(root: Any, budget: int) -> bool:
    """Whether the node tree, each alias counted as often as it is used, holds more than
    `budget` nodes (counted without expanding them: sizes of shared nodes are memoized), or
    an anchor holds itself."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    sizes: dict[int, int] = {}
    entered: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        if not done and id(node) in entered:
            return True  # an anchor inside itself: no finite expansion
        entered.add(id(node))
        children = (
            [n for pair in node.value for n in pair]
            if isinstance(node, MappingNode)
            else list(node.value)
            if isinstance(node, SequenceNode)
            else []
        )
        if done:
            sizes[id(node)] = min(budget + 1, 1 + sum(sizes.get(id(c), 0) for c in children))
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(root)] > budget


def _yaml_ranges(node: Any, pointer: str, ranges: Ranges) -> None:
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    ranges[pointer] = (node.start_mark.index, node.end_mark.index)
    if isinstance(node, MappingNode):
        for key, value in node.value:
            child = f"{pointer}/{escape_pointer(str(key.value))}"
            ranges[f"{child}#key"] = (key.start_mark.index, key.end_mark.index)
            _yaml_ranges(value, child, ranges)
    elif isinstance(node, SequenceNode):
        for n, item in enumerate(node.value):
            _yaml_ranges(item, f"{pointer}/{n}", ranges)


# --- TOML -----------------------------------------------------------------------------------


def parse_toml(text: str, display: str) -> tuple[Any, Ranges]:
    """TOML has no position-aware parser in the standard library: keys are located by line."""
    import re
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(exc, text, display) from None
    except (RecursionError, ValueError) as exc:
        raise too_complex(exc, display) from None
    ranges: Ranges = {"": (0, len(text))}
    section = ""
    for match in re.finditer(r"(?m)^[ \t]*(\[\[?)?[ \t]*([^\]=\n]+?)[ \t]*(\]\]?|=)(.*)$", text):
        header, key, _, rest = match.groups()
        parts = [escape_pointer(p.strip().strip("\"'")) for p in key.split(".")]
        if header:
            section = "/" + "/".join(parts)
            continue
        pointer = f"{section}/{'/'.join(parts)}"
        value_start = match.start(4) + len(rest) - len(rest.lstrip())
        ranges[f"{pointer}#key"] = (match.start(2), match.end(2))
        ranges[pointer] = (value_start, match.end(4))
    check_finite(data, ranges, text, display)
    return data, ranges


def toml_error(exc: Exception, text: str, display: str) -> SpecgapError:
    import re

    message = str(exc)
    found = re.search(r"\(at line (\d+), column (\d+)\)", message)
    index = TextIndex(display, text)
    at = index.offset(int(found[1]), int(found[2])) if found else 0
    message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message).strip().lower()
    return SpecgapError(
        [
            Diagnostic(
                code="malformed-toml",
                message=message,
                span=index.span(at, at),
                help="fix the TOML syntax at this position",
            )
        ]
    )

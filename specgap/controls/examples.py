"""A short text an RE2 pattern matches, for mutants that must trigger a regex control.

The pattern is read with Python's own regex parser (RE2 syntax is close to a subset of
it) and walked taking the first way through: the first alternative, the least number of
repeats, the first character of a class. The caller checks the result with RE2, so a
construct read differently by the two engines yields no example, never a wrong one.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import re2

from specgap.controls.model import compile_re2

# Python's regex parser is private (`re._parser` since 3.11); it is only read, never patched
sre_parse: Any = importlib.import_module("re._parser")
C: Any = importlib.import_module("re._constants")

_CATEGORY = {
    C.CATEGORY_DIGIT: "0",
    C.CATEGORY_NOT_DIGIT: "a",
    C.CATEGORY_WORD: "a",
    C.CATEGORY_NOT_WORD: " ",
    C.CATEGORY_SPACE: " ",
    C.CATEGORY_NOT_SPACE: "a",
}
_FALLBACKS = "aZ0 x!-_"
_MAX_LENGTH = 2000


class _NoExample(Exception):
    pass


def regex_example(pattern: str, *, ignore_case: bool = False) -> str | None:
    """A string RE2 finds `pattern` in, or None when none could be made."""
    try:
        parsed = sre_parse.parse(pattern)
        text = _walk(parsed)
    except (re.error, _NoExample, RecursionError, OverflowError, TypeError, ValueError):
        return None
    if len(text) > _MAX_LENGTH:
        return None
    try:
        found = compile_re2(pattern, ignore_case=ignore_case).search(text)
    except re2.error:
        return None
    return text if found is not None else None


def _walk(items: Any) -> str:
    return "".join(_one(op, av) for op, av in items)


def _one(op: Any, av: Any) -> str:
    if op is C.LITERAL:
        return chr(av)
    if op is C.NOT_LITERAL:
        return next(c for c in _FALLBACKS if ord(c) != av)
    if op is C.ANY:
        return "a"
    if op is C.IN:
        return _in(av)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
        low, _high, sub = av
        return _walk(sub) * int(low)
    if op is C.SUBPATTERN:
        return _walk(av[-1])
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _walk(av)
    if op is C.BRANCH:
        return _walk(av[1][0])
    if op is C.AT:
        return ""
    raise _NoExample(str(op))


def _in(items: Any) -> str:
    negate = any(op is C.NEGATE for op, _ in items)
    if not negate:
        op, av = items[0]
        if op is C.LITERAL:
            return chr(av)
        if op is C.RANGE:
            return chr(av[0])
        if op is C.CATEGORY and av in _CATEGORY:
            return _CATEGORY[av]
        raise _NoExample("class")
    pattern = re.compile(_class_source(items))
    for candidate in _FALLBACKS:
        if pattern.fullmatch(candidate):
            return candidate
    raise _NoExample("negated class")


def _class_source(items: Any) -> str:
    parts: list[str] = []
    for op, av in items:
        if op is C.NEGATE:
            parts.insert(0, "^")
        elif op is C.LITERAL:
            parts.append(re.escape(chr(av)))
        elif op is C.RANGE:
            parts.append(f"{re.escape(chr(av[0]))}-{re.escape(chr(av[1]))}")
        elif op is C.CATEGORY:
            parts.append({v: k for k, v in _CATEGORY_CODES.items()}[av])
    return "[" + "".join(parts) + "]"


_CATEGORY_CODES = {
    r"\d": C.CATEGORY_DIGIT,
    r"\D": C.CATEGORY_NOT_DIGIT,
    r"\w": C.CATEGORY_WORD,
    r"\W": C.CATEGORY_NOT_WORD,
    r"\s": C.CATEGORY_SPACE,
    r"\S": C.CATEGORY_NOT_SPACE,
}

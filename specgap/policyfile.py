"""Reading a compiled policy file (`policy/policy.json`) into a `Bundle`, with located
diagnostics for one that was edited by hand or written by another version.

Below the compiler and the evaluator: the run-time guard, the weakening check and the
command line all read bundles through it (`specgap.api` re-exports `load_bundle`).

A policy file is read twice only when something is wrong with it: first as plain JSON
(`json.loads`, then a check that every number is finite and the nesting shallow, then the
model); when all of that passes, the bundle is the one the located reading would have
returned. Anything else (malformed JSON, `NaN`, deep nesting, another schema version, a
field the model rejects) is read again by `_located`, which records every value's position
and reports where the problem is. The located reading costs ~15 ms on the reference
policy, most of a `specgap check` start-up's policy load.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from specgap.artifacts import read_text
from specgap.errors import SpecgapError
from specgap.formats import parse_json
from specgap.ir import SCHEMA_VERSION, Bundle, Diagnostic
from specgap.positions import TextIndex, pointer_along

# Nesting the quick reading accepts. The located reading walks values recursively (two
# frames a level) and reports `input-too-complex` well below the interpreter's recursion
# limit; a bundle is a few levels deep, so anything deeper is left to it to judge.
QUICK_DEPTH = 64


def load_bundle(path: Path, display: str) -> Bundle:
    """Read a compiled policy bundle; a hand-edited one gets diagnostics, not a traceback."""
    text = read_text(path, display)
    bundle = _quick(text)
    return bundle if bundle is not None else _located(text, display)


def _quick(text: str) -> Bundle | None:
    """The bundle of a well-formed policy file, or None when anything needs a diagnostic."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # malformed, too deep, a number too long
        return None
    if not isinstance(data, dict) or data.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        return None
    if not _plain(data):
        return None
    try:
        return Bundle.model_validate(data)
    except (ValidationError, RecursionError):
        return None


def _plain(data: dict[str, Any]) -> bool:
    """Every number finite and no container nested deeper than `QUICK_DEPTH`: what
    `parse_json` checks after `json.loads` (iterative, so no depth is too deep to look at)."""
    isfinite = math.isfinite
    pending: list[tuple[Any, int]] = [(data, 0)]
    pop, push = pending.pop, pending.append
    while pending:
        value, depth = pop()
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            kind = type(item)
            if kind is float:
                if not isfinite(item):
                    return False
            elif kind is dict or kind is list:
                if depth >= QUICK_DEPTH:
                    return False
                push((item, depth + 1))
    return True


def _located(text: str, display: str) -> Bundle:
    """The bundle read with every value's position, so a problem is reported where it is."""
    data, ranges = parse_json(text, display)
    version = data.get("schema_version", SCHEMA_VERSION) if isinstance(data, dict) else None
    if isinstance(data, dict) and version != SCHEMA_VERSION:
        start, end = ranges.get("/schema_version", (0, 0))
        raise SpecgapError(
            [
                Diagnostic(
                    code="unsupported-schema-version",
                    message=f"`{display}` has schema version `{version}`; this specgap "
                    f"reads version `{SCHEMA_VERSION}`",
                    span=TextIndex(display, text).span(start, end),
                    help="rebuild the policy with this version of `specgap build`",
                )
            ]
        )
    try:
        return Bundle.model_validate(data)
    except ValidationError as exc:
        index = TextIndex(display, text)
        diagnostics = []
        for err in exc.errors()[:20]:
            pointer = pointer_along(data, err["loc"])
            start, end = ranges.get(pointer, (0, 0))
            diagnostics.append(
                Diagnostic(
                    code="unknown-operator"
                    if err["type"] == "union_tag_invalid"
                    else "invalid-policy",
                    message=f"`{pointer or '/'}`: {err['msg'].lower()}",
                    span=index.span(start, end),
                    help="rebuild the policy with `specgap build` instead of editing it by hand",
                )
            )
        raise SpecgapError(diagnostics) from None

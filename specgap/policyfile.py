"""Reading a compiled policy file (`policy/policy.json`) into a `Bundle`, with located
diagnostics for one that was edited by hand or written by another version.

Below the compiler and the evaluator: the run-time guard, the weakening check and the
command line all read bundles through it (`specgap.api` re-exports `load_bundle`).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from specgap.artifacts import read_text
from specgap.errors import SpecgapError
from specgap.formats import parse_json
from specgap.ir import SCHEMA_VERSION, Bundle, Diagnostic
from specgap.positions import TextIndex, pointer_along


def load_bundle(path: Path, display: str) -> Bundle:
    """Read a compiled policy bundle; a hand-edited one gets diagnostics, not a traceback."""
    text = read_text(path, display)
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

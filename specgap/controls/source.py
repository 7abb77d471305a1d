"""Controls stated in an agent's config: a top-level `controls:` list in its YAML, JSON or
TOML config, or a controls file (an agent's `controls = [...]` in the project config)
that is such a document or a bare JSON list of Agent Control controls.

Each entry becomes one candidate rule of the `control` operator, spanning the entry, with
target `*` (the control's scope picks its steps); the compiler validates it and reports a
bad entry at that span.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.ir import CandidateRule

EXTRACTOR = "deterministic"
TARGET = "*"


def entries(data: Any) -> tuple[str, list[Any]] | None:
    """The pointer of a document's controls list and its entries, when it has one."""
    if isinstance(data, list) and data and all(_looks_like_control(e) for e in data):
        return "", data
    if isinstance(data, dict) and isinstance(data.get("controls"), list):
        return "/controls", data["controls"]
    return None


def _looks_like_control(entry: Any) -> bool:
    return isinstance(entry, dict) and "evaluator" in entry and "action" in entry


def control_rules(artifact: Artifact) -> Iterator[CandidateRule]:
    found = entries(artifact.data)
    if found is None:
        return
    base, items = found
    for n, entry in enumerate(items):
        pointer = f"{base}/{n}"
        if pointer not in artifact.ranges:
            continue
        start, end = artifact.ranges[pointer]
        params = dict(entry) if isinstance(entry, dict) else {"entry": entry}
        params.pop("operator", None)
        name = params.get("name")
        yield CandidateRule(
            text=f"control `{name}`" if isinstance(name, str) else "control",
            span=artifact.span(start, end),
            quote=artifact.text[start:end],
            target=TARGET,
            context=str(name) if isinstance(name, str) else "",
            mentions=(TARGET,),  # the scope picks the steps; `explain` shows `*` resolving
            grounding="exact",
            check_category="data_validation",
            operator="control",
            params=params,
            confidence=1.0,
            extractor=EXTRACTOR,
        )

"""Stage 2: map every tool mention to the canonical registry, or say why it cannot.

`resolver` scores one mention against a registry (`Resolver`; the score bands are in its
docstring) and `evidence` turns what it found into a `Resolution`; `rules` is the stage
itself, resolving the mentions of each rule in the rule's context.
"""

from __future__ import annotations

from specgap.resolve.evidence import KEEP, MARGIN, RESOLVED_AT, Evidence, status_of
from specgap.resolve.resolver import Resolver
from specgap.resolve.rules import (
    bundle_resolutions,
    did_you_mean,
    glob_resolution,
    is_glob,
    resolution_of,
    resolve_rule,
    resolve_rules,
)
from specgap.resolve.text import compact, stem, words

__all__ = [
    "KEEP",
    "MARGIN",
    "RESOLVED_AT",
    "Evidence",
    "Resolver",
    "bundle_resolutions",
    "compact",
    "did_you_mean",
    "glob_resolution",
    "is_glob",
    "resolution_of",
    "resolve_rule",
    "resolve_rules",
    "status_of",
    "stem",
    "words",
]

"""A runbook step whose stop and ban are two sentences or two clauses: "If the application
is WITHDRAWN, stop. Do not schedule an inspection." (or "stop; do not ...") is one step,
read as one sentence and never cut into clauses there (the ban read alone was an
unconditional ban, stronger than the step); `state6_respell` then reads "If S, do not V"."""

from __future__ import annotations

import re

__all__ = ["stop_joins", "stopped"]

_STOP_END = re.compile(
    r"\b(?:if|when|unless|once|while)\b[^.;!?]*,\s*stop\.\s+(?=(?:do\s+not|don't|never)\b)",
    re.I,
)


def stop_joins(text: str) -> set[int]:
    """Where a sentence end falls between "If S, stop." and the ban that is its step ("Do
    not V"): `segments.split_sentences` does not split there."""
    return {m.end() for m in _STOP_END.finditer(text)}


_STOPPED = re.compile(r"\b(?:if|when|unless|once|while)\b[^.;!?]*,\s*stop\s*$", re.I)


def stopped(before: str) -> bool:
    """Whether the text before a semicolon is a step's condition and its stop ("If S,
    stop"): `clause3_split` does not cut there."""
    return _STOPPED.search(before) is not None

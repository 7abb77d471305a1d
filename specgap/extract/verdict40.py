"""A step said with the answer it gave (fortieth session): "until `verify_member` has returned
passed", "till the passcode check has answered passed", "once `T` has come back with `ok`".

The readers read a step said as having run ("until `verify_member` has returned"). A step said
with the verdict it gave is said as that: "... has returned". The ordering is what a trace can
check (the step ran first); the verdict itself is the step's output, which no rule of the
ordering reads, so the ordering holds whatever the step answered (as "only after X has returned
passed" has always read). Only a verdict of one word (maybe quoted) that ends its clause is
dropped; "has returned the booking" and "has returned a list of ..." are left alone.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_VERDICT = re.compile(
    # (never after a modal: "must have come back passed" is a step's duty, read by `passed36`)
    r"(?<!\bmust\s)(?<!\bshould\s)(?<!\bshall\s)(?<!\bto\s)(?<!\bwill\s)"
    r"(?P<step>\b(?:has|have)\s+(?:returned|answered|come\s+back|reported))"
    r"(?:\s+with)?\s+(?P<value>[`\"'“‘]?(?!(?:the|a|an|its|their|his|her|it|them|any|no|"
    r"nothing|anything|something|to|from|for|in|on|at|and|or|before|after|that|which)\b)"
    r"[A-Za-z][\w-]*[`\"'”’]?)(?=\s*(?:[.,;:!]|$)|\s+(?:and|or|before|first)\b)",
    re.I,
)


def respelt(text: str) -> str | None:
    """`text` with each step's one-word verdict left out ("has returned passed": "has
    returned"), or None when it says none."""
    said = _VERDICT.sub(lambda m: m["step"], text)
    return said if said != text else None

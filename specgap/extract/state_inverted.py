"""An inverted condition at the head of a sentence, read as the if-clause it means.

"Should the meter be faulty, do not schedule a reading", "Should an instrument be under
maintenance, it must not be reserved", "Should the stay have been cancelled, ...": the modal
`should` opens a condition here (a subject, then `be`/`have`, then a comma later on), not an
obligation. The grammar reads it as "If the meter is faulty, ..." (same length, so every
position in the sentence stays where it was); any other `should` is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["inverted_condition"]

_INVERTED = re.compile(
    r"^(?P<lead>\W*)(?P<should>should|were)\s+(?P<subject>(?:the|an?|its|their|this|that|any|"
    r"your|such\s+an?)\s+(?:[\w-]+\s+){0,3}?|it\s+|they\s+)(?P<verb>be|have\s+been|have|ever\s+be)"
    r"\b(?=[^,;.]{1,80},)",
    re.I,
)
_PLURAL = re.compile(r"^(?:they|these|those)\b|s\s*$", re.I)


# "when, and only when, the stay is cancelled": the same as "only when"
_ONLY_WHEN = re.compile(r"\b(?P<w>when|if|while),?\s+and\s+only\s+(?P=w)\b,?", re.I)


def inverted_condition(text: str) -> str:
    """The sentence with a leading "Should <subject> be ..., " spelt "If <subject> is ...",
    and "when, and only when," spelt "only when", padded to the same length; unchanged
    otherwise."""
    text = _ONLY_WHEN.sub(lambda m: f"only {m['w']}".ljust(len(m[0])), text)
    m = _INVERTED.match(text)
    if m is None:
        return text
    plural = bool(_PLURAL.search(m["subject"].strip()))
    verb = " ".join(m["verb"].casefold().split())
    # `be` -> `is` for either number (no room for `are`; the grammar reads both alike)
    said = {"be": "is", "ever be": "is ever", "have": "have" if plural else "has",
            "have been": "have been" if plural else "has been"}[verb]  # fmt: skip
    opener = "If" if m["should"][0].isupper() else "if"
    out = text[: m.start("should")] + opener.ljust(len(m["should"])) + text[m.end("should") :]
    start, end = m.start("verb"), m.end("verb")
    return out[:start] + said.ljust(end - start) + out[end:]

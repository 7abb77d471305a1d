"""Tool identity: which registered tool a name the model emitted means, and how surely.

A model (or an attacker writing its output) can spell a registered tool so that an exact
lookup misses it and its policies never run: `Execute_SQL`, `execute_sql ` with a space,
`execute\u200b_sql` with a zero-width space, fullwidth letters, `functions.execute_sql` or
`default_api.execute_sql` (SDK prefixes), `server__execute_sql` (an MCP server prefix), or
`exеcute_sql` with a Cyrillic `е`. `identify` maps such names to the tool they imitate:

- `exact`: the name is a registered id or emitted name;
- `normalized`: equal after NFKC, removing whitespace and invisible (format) characters,
  case folding and stripping the prefixes above: the same tool, spelt loosely;
- `confusable`: equal once look-alike letters of other scripts are read as Latin: checked
  as that tool, and a finding (a name built to look like another is an attack signal);
- `unknown`: no registered tool; `near` names the closest registered one when it is close
  (a near miss, reported as such).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

How = Literal["exact", "normalized", "confusable", "unknown"]

# SDK and MCP-client prefixes put in front of a tool's own name
_PREFIX = re.compile(r"^(?:functions\.|default_api\.|tools\.|mcp__|[a-z0-9][a-z0-9_-]*?__)")
NEAR_MISS_SCORE = 85.0

# Letters of other scripts that render like Latin ones (after NFKC and case folding); the
# common part of Unicode's confusables table for identifiers.
_CONFUSABLES = str.maketrans(
    {
        **dict.fromkeys("аɑα", "a"),
        **dict.fromkeys("ЬЪ", "b"),
        **dict.fromkeys("сϲс", "c"),
        **dict.fromkeys("ԁ", "d"),
        **dict.fromkeys("еєε", "e"),
        **dict.fromkeys("һ", "h"),
        **dict.fromkeys("іιı", "i"),
        **dict.fromkeys("ј", "j"),
        **dict.fromkeys("κк", "k"),
        **dict.fromkeys("ӏ", "l"),
        **dict.fromkeys("м", "m"),
        **dict.fromkeys("ηп", "n"),
        **dict.fromkeys("оοσ", "o"),
        **dict.fromkeys("рρ", "p"),
        **dict.fromkeys("ԛ", "q"),
        **dict.fromkeys("г", "r"),
        **dict.fromkeys("ѕ", "s"),
        **dict.fromkeys("т", "t"),
        **dict.fromkeys("υ", "u"),
        **dict.fromkeys("ѵν", "v"),
        **dict.fromkeys("ԝω", "w"),
        **dict.fromkeys("хχ", "x"),
        **dict.fromkeys("уγ", "y"),
        **dict.fromkeys("ᴢ", "z"),
        "0": "o",
        "1": "l",
    }
)


def normalize(name: str) -> str:
    """NFKC, no whitespace or invisible characters, case folded, SDK/MCP prefixes removed."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(
        ch for ch in text if not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc")
    )
    text = text.casefold()
    while True:
        stripped = _PREFIX.sub("", text, count=1)
        if stripped == text or not stripped:
            return text
        text = stripped


def skeleton(name: str) -> str:
    """`normalize`, with look-alike letters read as Latin (digits 0 and 1 as `o` and `l`)."""
    return normalize(name).translate(_CONFUSABLES)


@dataclass(frozen=True)
class Identity:
    tool: str | None
    how: How
    near: str | None = None  # for `unknown`: the closest registered name, when close

    def reason(self, name: str) -> str | None:
        """The finding this identity is, if any."""
        if self.how == "confusable":
            return f"tool name `{name}` imitates `{self.tool}` with look-alike characters"
        if self.how != "unknown":
            return None
        if self.near is not None:
            return f"tool `{name}` is not in the registry (a near miss of `{self.near}`)"
        return f"tool `{name}` is not in the registry"


class NameIndex:
    """Registered names (ids and emitted names) by exact, normalized and skeleton form."""

    def __init__(self, names: dict[str, str]) -> None:
        self._exact = names
        self._normalized: dict[str, str] = {}
        self._skeleton: dict[str, str] = {}
        for name, tool in sorted(names.items()):
            self._normalized.setdefault(normalize(name), tool)
            self._skeleton.setdefault(skeleton(name), tool)
        self._seen: dict[str, Identity] = {}

    def identify(self, name: str) -> Identity:
        found = self._seen.get(name)
        if found is None:
            found = self._seen[name] = self._identify(name)
            if len(self._seen) > 4096:  # a stream of made-up names must not grow memory
                self._seen.clear()
        return found

    def _identify(self, name: str) -> Identity:
        tool = self._exact.get(name)
        if tool is not None:
            return Identity(tool, "exact")
        tool = self._normalized.get(normalize(name))
        if tool is not None:
            return Identity(tool, "normalized")
        tool = self._skeleton.get(skeleton(name))
        if tool is not None:
            return Identity(tool, "confusable")
        return Identity(None, "unknown", self._near(name))

    def _near(self, name: str) -> str | None:
        from rapidfuzz import fuzz, process

        best = process.extractOne(normalize(name), list(self._exact), scorer=fuzz.ratio)
        return best[0] if best is not None and best[1] >= NEAR_MISS_SCORE else None

"""A decision outline (thirtieth session): a list item that is only a condition, ending in a
colon, over the items nested under it, which hold while it does.

    - If the account status is `frozen`:
      - Send no `send_text`.
    - Otherwise:
      - Text only the number on the record.

Read on its own, a nested item loses its condition, and a ban under "If ...:" would hold on
every call, stronger than the outline. So each nested item is read with the conditions of
the items it is nested under said before it: "If the account status is `frozen`, send no
`send_text`." An "Otherwise" item holds where the "If" before it at its level does not
("- If the scheme is `pension`: up to 100 percent. - Otherwise: at most 50 percent":
"Unless the scheme is `pension`, ..."); its bracket, when it has one ("Otherwise (status
`closed` or `lapsed`):"), says no more than that and is left out. After an "If" whose
nested items only refuse ("Send no `send_text`."), what "Otherwise" says holds whenever a
call is made at all, and is read with no condition (above: "Text only the number on the
record."). An item nested under conditions of two levels says both ("If A and B, ..."). The
inserted words sit at the offset of the nested item's first character, so every quote stays
a span of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# a list item that is only a condition: "If X:", "When X:", "For X:", "While X:"
_CONDITION = re.compile(
    r"^\W*(?P<word>if|when|whenever|while|where|for|unless|in\s+case)\s+(?P<test>[^:]{3,200}?)"
    r"\s*:\s*$",
    re.I,
)
# "Otherwise:", "Otherwise (status `collected` or `missed`):", "Else:"
_OTHERWISE = re.compile(r"^\W*(?:otherwise|else|if\s+not)\b(?:\s*\([^()]*\))?\s*:\s*$", re.I)


# a nested item that refuses ("Do not book", "Never ...", "Send no `t`", "Neither ... nor")
_REFUSES = re.compile(
    r"^\W*(?:do\s+not|don'?t|never|no|not|neither|refuse|decline)\b|^\W*[a-z]+\s+no\s+(?!more\b|"
    r"fewer\b|less\b|later\b|longer\b)",
    re.I,
)


@dataclass
class _Open:
    level: int  # the condition item's nesting level
    condition: str  # "" for an "Otherwise" whose "If" only refused: no condition to say
    refuses: bool = True  # every item nested under it so far refuses


@dataclass
class Outline:
    """The conditions of the list items open at each nesting level."""

    open: list[_Open] = field(default_factory=list)
    # the last "If" closed at each level, and whether its items only refused
    last: dict[int, tuple[str, bool]] = field(default_factory=dict)

    def item(self, text: str, level: int) -> bool:
        """Take a list item's text at its level: True when it is a condition item (its
        nested items hold under it)."""
        said = " ".join(text.split())
        m = _CONDITION.match(said)
        if m is not None:
            word = m["word"].casefold()
            test = m["test"].strip()
            condition = f"unless {test}" if word == "unless" else f"{word} {test}"
            self.open.append(_Open(level, condition))
            return True
        if _OTHERWISE.match(said) and level in self.last:
            condition, refused = self.last[level]
            test = condition.split(" ", 1)[1] if condition.startswith(("if ", "when ")) else ""
            # after an "If" whose items only refuse, what "Otherwise" says holds whenever a
            # call is made at all: no condition to add
            self.open.append(_Open(level, "" if refused or not test else f"unless {test}"))
            return True
        return False

    def nested(self, text: str) -> None:
        """Take the text of an item nested under the open conditions."""
        if self.open:
            self.open[-1].refuses = self.open[-1].refuses and bool(_REFUSES.match(text))

    def close(self, level: int) -> None:
        """A list item at this level ended: its condition no longer holds."""
        while self.open and self.open[-1].level >= level:
            done = self.open.pop()
            self.last[done.level] = (done.condition, done.refuses)

    def leave(self, level: int) -> None:
        """A list at this level ended: the "If" said in it is no longer the one an
        "Otherwise" answers."""
        for at in [k for k in self.last if k >= level]:
            del self.last[at]

    def said_before(self) -> str | None:
        """The words said before a nested item ("If A and B, "), or None outside any."""
        said = [o.condition for o in self.open if o.condition]
        if not said:
            return None
        first, *rest = said
        more = [re.sub(r"^(?:if|when|whenever|where)\s+", "", c, flags=re.I) for c in rest]
        joined = " and ".join([first, *more])
        return joined[:1].upper() + joined[1:] + ", "

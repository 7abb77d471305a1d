"""An imperative with "only" after its object (thirty-third session): "Call `waive_fee` only for
active customers", "Use `send_sms` only with the booking's own number", "Issue passes only to
members on a desk plan".

The grammar reads the restriction when "only" leads the act ("Only call `waive_fee` for
active customers"), or when what follows "only" is a clause ("Call `t` only when the
customer is active", "... only after `u`"); with a preposition and a noun after it, the
sentence was reported `rule-not-compiled` (no operator for `only`). Said with "only" first,
the same readers read it: the same words in the order they know, so a condition no entity
binds stays reviewed with its note exactly as it would have.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import IMPERATIVE_VERBS, current_tool_verbs
from specgap.extract.noact_respell import when_none

__all__ = ["reread", "respelt"]

_AFTER_OBJECT = re.compile(
    r"^(?P<lead>\W*)(?P<verb>[A-Za-z]+)\s+(?P<obj>(?!only\b)\S+(?:\s+(?!only\b)\S+){0,3}?)\s+"
    r"only\s+(?P<prep>for|to|with|on|in|from)\s+(?P<rest>\S.*)$",
    re.I | re.S,
)


def respelt(text: str) -> str | None:
    """ "Only <verb> <object> <prep> ..." for "<verb> <object> only <prep> ...", or None."""
    m = _AFTER_OBJECT.match(text)
    if m is None:
        return None
    verb = m["verb"].casefold()
    if verb not in IMPERATIVE_VERBS and verb not in current_tool_verbs():
        return None
    verb = "call" if verb in _CALLING else verb  # "use `t` only for X": a call of `t`
    return f"{m['lead']}Only {verb} {m['obj']} {m['prep']} {m['rest']}"


_CALLING = frozenset({"use", "invoke", "run", "trigger", "execute"})


# The sentence read with "only" first (module docstring) when the first reading gave no rule.
reread = when_none(respelt)

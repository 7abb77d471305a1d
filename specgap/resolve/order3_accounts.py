"""Two narrowings of the tools an identify-first rule spreads over (`specgap.resolve.accounts`),
read from what the scope of the sentence said (`specgap.extract.order3_identify`):

- "anything about an *existing* permit": the scope leaves out the tools that create such a
  thing (`create_permit`, `openPermit`, `new-permit`): there is no existing one yet;
- a scope said by verbs of reading, sharing, changing or paying ("before you share or
  change any fare information"), not "anything" or "any request": the tools that hand the
  case to people (`escalate_to_clerk`, `transfer_to_agent`, `open_support_ticket`, a tool
  described as passing the conversation on) are none of those acts, and are left out.

Both only take tools out; the rest of the spread is `accounts`' own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from specgap.registry import Tool
from specgap.resolve.text import stem, words

EXISTING = "existing"  # the param: the thing the scope says exists already
ACTS = "acts"  # the param: "verbs" when the scope is said by verbs of reading or changing

_CREATE = frozenset(
    stem(w) for w in ["create", "open", "new", "add", "start", "make", "register", "draft", "init"]
)
_ESCALATE = frozenset(stem(w) for w in ["escalate", "handoff", "handover"])
_TICKET = frozenset(stem(w) for w in ["ticket", "tickets"])
_PASSES_ON = re.compile(
    r"^\W*(?:transfer|hand|pass|escalate|route|forward)\w*\s+(?:over\s+|on\s+)?(?:the\s+|this\s+)?"
    r"(?:conversation|chat|call|case|caller|customer|user)\b",
    re.I,
)


def narrowed(params: Mapping[str, object], acting: Sequence[Tool]) -> list[Tool]:
    """`acting` without the tools the scope leaves out (module doc)."""
    thing = str(params.get(EXISTING, ""))
    kept = [t for t in acting if not (thing and _creates(t, stem(thing)))]
    if params.get(ACTS) == "verbs":
        kept = [t for t in kept if not _hands_on(t)]
    return kept


def _creates(tool: Tool, thing: str) -> bool:
    said = words(tool.id)
    return bool(said) and said[0] in _CREATE and thing in said[1:]


def _hands_on(tool: Tool) -> bool:
    said = words(tool.id)
    if not said:
        return False
    if said[0] in _ESCALATE or (said[0] == stem("hand") and said[1:2] in (["off"], ["over"])):
        return True
    if said[0] == stem("transfer") and said[1:2] == ["to"]:
        return True
    if said[-1] in _TICKET:
        return True
    return _PASSES_ON.match(tool.description) is not None

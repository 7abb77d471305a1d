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
from collections.abc import Collection, Mapping, Sequence

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
    """`create_permit`, `openNewPermit`: a verb of creating and the thing, last (never
    `add_permit_note`, which adds a note to one)."""
    said = words(tool.id)
    return len(said) >= 2 and said[0] in _CREATE and said[-1] == thing


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


def reached(tools: Sequence[Tool], acting: Sequence[Tool], excluded: Collection[str]) -> list[Tool]:
    """The tools acting on what the account's tools list: one whose key argument
    (`hold_id`) an account tool's description says it returns ("each with its hold id"),
    or whose own description names an account tool ("an id returned by `list_holds`",
    "call get_permit first"). Read from descriptions, so their rules are reviewed."""
    ids = {t.id for t in acting}
    listed = [words(t.description) for t in acting]
    out = []
    for tool in tools:
        if tool.hook or tool.id in ids or tool.id in excluded:
            continue
        keys = [
            said[:-1] for a in tool.arg_names if len(said := words(a)) >= 2 and said[-1] == "id"
        ]
        by_list = any(_says(desc, [*key, "id"]) for key in keys for desc in listed)
        named = any(re.search(rf"\b{re.escape(i)}\b", tool.description) for i in ids)
        if keys and (by_list or named):
            out.append(tool)
    return out


def _says(text: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return any(text[i : i + n] == phrase for i in range(len(text) - n + 1))

"""A tool named as a noun of its call, and an argument named with a word in front (thirty-seventh
session): "the sitting_id comes from a `search_sittings` call in this chat", "the new sitting_id
comes from the search" (`new_sitting_id`).

The readers read a source said by the tool ("comes from `search_sittings`"). "A `t` call",
"the `t` lookup", "a `t` request" (made in this chat or not) is that tool's call: said as the
tool's id. An argument said as a word and an argument's id ("the new sitting_id", "the
return date_from"), where the agent's tools take an argument of the two run together
(`new_sitting_id`), is that argument. An argument said "for" the tools that take it, when
they are all of them ("the slot_id for `a` and `b`"), is the argument alone. A ban said with
"use" of a tool named by its id ("do not use `t` on X") is said with "call". Nothing else is
changed.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool, tool_arguments
from specgap.extract.pattern_base import SAID_ID

__all__ = ["respelt"]

_CALL_OF = re.compile(
    rf"\b(?:a|an|the|one)\s+(?P<id>{SAID_ID})\s+(?:call|request|query|lookup|look-up|run|search|"
    r"results?|outputs?|responses?|answer)"
    r"(?:\s+(?:made|run|done))?(?=[\s.,;:!?)]|$)"
)
_WORD_ARG = re.compile(r"\b(?P<w>[a-z]+)\s+(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b")


# "do not use `t` on a device ...": a ban of the tool named, said with "use" (which the
# readers take for no act of a tool's): said with "call"
_USE = re.compile(
    rf"\b(?P<neg>(?i:do\s+not|don't|never|must\s+not|may\s+not|cannot|can't)\s+)use\s+"
    rf"(?P<id>{SAID_ID})"
)


# "the slot_id for repair_booker and repair_rescheduler comes from ...": an argument said of
# the tools that take it
_FOR_TOOLS = re.compile(
    rf"\b(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s+(?:for|of|passed\s+to|given\s+to)\s+"
    rf"(?P<tools>{SAID_ID}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){SAID_ID})+)"
)


def _said_of_all(m: re.Match[str]) -> str:
    """The argument alone when the tools named are every one of the agent's tools taking it
    (the rule then spreads to them and no other); else the words as they were."""
    named = {agent_tool(t.strip("`")) for t in re.findall(SAID_ID, m["tools"])}
    taking = {tool for tool, args in tool_arguments().items() if m["arg"] in args}
    return m["arg"] if None not in named and taking and named == taking else m[0]


def respelt(text: str) -> str | None:
    """The sentence with its calls said by their tools and its arguments by their ids (module
    docstring), or None when it has neither."""
    said = _CALL_OF.sub(lambda m: m["id"], text)
    said = _FOR_TOOLS.sub(_said_of_all, said)
    said = _USE.sub(
        lambda m: f"{m['neg']}call {m['id']}" if agent_tool(m["id"].strip("`")) else m[0], said
    )
    if _WORD_ARG.search(said):  # (the agent's arguments gathered only then: read per sentence)
        known = {a for args in tool_arguments().values() for a in args}
        said = _WORD_ARG.sub(
            lambda m: f"{m['w']}_{m['arg']}" if f"{m['w']}_{m['arg']}" in known else m[0], said
        )
    return said if said != text else None

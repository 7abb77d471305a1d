"""The later action of an ordering said with a verb of running: "before using it".

"You must activate the plugin before using it", "install the script before you run it",
"a macro must be enabled before it is executed", "unlock the tool prior to calling it":
the thing that comes first is the action of the main clause, and the later action is
*running the thing*, said with a verb that names no change of its own (`use`, `call`,
`invoke`, `execute`, `run`, `launch`, `trigger`). The general event reader skips "use"
(in "use the form to ..." it says a means, not an action), so this reads these verbs only
as the event of a `before` the general reader found nothing (or only "use X") in, where
they can only mean running the thing.

The action is said with the verb `invoke` ("invoke plugin"): the resolver's `invoke` class
maps it to the tool that runs the thing (`run_plugin`, `scripts.execute`), never to one that
only enables, lists or hands it out, and a near tie stays ambiguous with its note.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import object_at

__all__ = ["invoked_action", "later_action"]

# the verbs of running a thing, in the forms an event says them
_VERBS = (
    "use", "using", "used", "call", "calling", "called", "invoke", "invoking", "invoked",
    "execute", "executing", "executed", "run", "running", "ran", "launch", "launching",
    "launched", "trigger", "triggering", "triggered", "utilize", "utilizing", "utilized",
    "utilise", "utilising", "utilised",
)  # fmt: skip
_ALTERNATION = "|".join(sorted(_VERBS, key=len, reverse=True))
# "using X", "you (can) use X", "the agent calls X" (active, the object after the verb)
_ACTIVE = re.compile(
    rf"^\W*(?:(?:you|we|the\s+agent|they)\s+(?:can\s+|may\s+|will\s+|try\s+to\s+)?)?"
    rf"(?P<v>{_ALTERNATION})s?\b",
    re.I,
)
# "X is used", "X can be executed", "X gets called" (passive, the object is the subject)
_PASSIVE = re.compile(
    rf"^\W*(?P<subject>[a-z][\w\s'-]{{0,40}}?)\s+(?:is|are|gets?|can\s+be|may\s+be|will\s+be|"
    rf"has\s+been|have\s+been)\s+(?P<v>{_ALTERNATION})\b",
    re.I,
)
# a pronoun or a word of no thing: "using it" before its thing is put in, "using anything"
_NO_THING = frozenset(
    {"it", "this", "that", "they", "them", "there", "everything", "all", "anything",
     "something", "tools", "functions"}
)  # fmt: skip
_DET = re.compile(r"^(?:the|a|an|this|that|these|those|any|each|every|its|their)\s+", re.I)


def invoked_action(event: str) -> str | None:
    """ "using plugin", "you run the script", "the macro is executed": `invoke plugin`,
    `invoke script`, `invoke macro`; None for any other event, or one whose object is a
    pronoun left unreplaced ("using it": the caller puts the thing in first)."""
    m = _ACTIVE.match(event)
    if m is not None:
        if re.match(r"\s+(?:this|these)\b", event[m.end() :], re.I):
            return None  # "before calling this tool": the described tool (`tuned_this_tool`)
        obj = object_at(event, m.end())[0]
    elif (p := _PASSIVE.match(event)) is not None:
        obj = _DET.sub("", p["subject"].strip()).casefold()
    else:
        return None
    if not obj or obj.split()[0] in _NO_THING:
        return None
    return f"invoke {obj}"


def later_action(event: str, read: str | None) -> str | None:
    """The later action of a `before` event: what the general reader found (`read`), unless
    it found none or only "use X" (a verb no tool is named by): then running the thing."""
    if read is not None and read.split()[0].casefold() not in {"use", "utilize", "utilise"}:
        return read
    return invoked_action(event) or read

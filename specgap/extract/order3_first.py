"""A step before every other tool, said with the words "other tool" (or "anything else")
and the step's own: "Call `check_rider` before any other tool.", "No other tool is used
before the rider is verified.", "Before any other tool is used, the rider has to pass
check_rider.", "Do not call any other function until `lookupRider` has succeeded.",
"Identify the rider before anything else: `find_rider_by_card` or `find_rider_by_email`.",
"Every conversation opens with `find_rider`.", "`find_rider` is the first call of every
chat", "`find_rider` comes first in each chat".

The sentence orders the step before every call: `require_before("*", X)`, where X is the
tool(s) the sentence names by id (several joined by "or": any one of them), or else the
step said as an action ("the rider is verified": `verify rider`), resolved by the compiler.
The sentence says "every other tool" itself, so no section or heading narrows it.

Not read here: a negated step ("... before anything else, unless ..."), a condition ("if
the rider is new, ..."), a later action named instead of "other tool" ("before any other
booking": read by `temporal`), and a step with no action ("before anything else, be
polite").
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import ANY_TOOL, lemma, singular

# the kinds of thing a tool is called by (a database's "stored procedure", an API's "endpoint")
_KINDS = (
    r"(?:tools?|calls?|functions?|programs?|commands?|operations?|(?:stored\s+)?procedures?|"
    r"routines?|methods?|endpoints?)"
)
_OTHER = (
    r"(?:(?:calling|using|running|invoking|making)\s+"  # "before calling any other tool"
    # "before you use ...", "before it calls ..."
    r"|(?:you|we|they|it|the\s+(?:agent|assistant))\s+(?:(?:can|may)\s+)?"
    r"(?:call|use|run|invoke|make|touch|try|attempt)(?:e?s)?\s+)?"
    # (a command line's "option", "command" or "program" is its tool)
    rf"(?:(?:any|every|each|all)\s+other\s+(?:{_KINDS}|actions?|steps?|options?)|"
    # "before your first move (in any chat)": the first call of all
    r"(?:your|the|its|their)\s+(?:very\s+)?first\s+(?:(?:tool|function)\s+)?(?:moves?|calls?|"
    r"actions?|steps?|turns?)|"
    r"anything\s+else(?:\s+(?:happens|is\s+done|is\s+called|runs))?)"
    # "... in a conversation": the whole conversation, which "every other" says already
    r"(?:,?\s+(?:in|during|within|of)\s+(?:a|the|any|each|every|this|one)\s+"
    r"(?:conversation|chat|session|interaction|thread)"
    # "... in PetMinder", "... in the booking system": where the tools are, no step of them
    r"|\s+(?:in|on|inside)\s+(?:the\s+)?[A-Z][\w-]*(?:\s+(?:system|app|platform|portal))?"
    r"|\s+(?:in|on|inside)\s+the\s+[a-z]+\s+(?:system|app|platform|portal))?"
)
_USED = (
    r"(?:(?:is|are|gets|get|can\s+be|may\s+be|should\s+be|must\s+be|will\s+be)\s+"
    r"(?:used|called|run|invoked|made|touched)|runs|goes\s+out|fires)"
    # "... runs in the chat": the whole conversation again
    r"(?:\s+(?:in|during|within)\s+(?:a|the|any|this)\s+(?:conversation|chat|session))?"
)
# "Before any other tool is used, <step>"
_LEAD = re.compile(rf"^\W*before\s+{_OTHER}(?:\s+{_USED})?\s*,\s*(?P<step>.+)$", re.I)
# "No other tool is used before/until <event>", "Do not call any other tool until <event>"
_CALLS = _KINDS
_NO_OTHER = re.compile(
    rf"^\W*(?:(?:no\s+other\s+{_CALLS}|nothing\s+else)\s+(?:is|are|gets|may|can|should|must|"
    r"will)(?:\s+be)?(?:\s+(?:used|called|run|invoked|made|done))?|(?:no\s+other\s+"
    rf"{_CALLS}|nothing\s+else)\s+(?:runs?|goes|starts?|happens?|(?:may|can|must|should|shall|"
    r"will)\s+(?:come|go|run))|(?:call|use|run)\s+nothing\s+else|(?:do\s+not|don't|never|you\s+(?:must|may|"
    r"should)\s+not)\s+(?:call|use|run|invoke)\s+(?:any(?:\s+other)?|other)\s+(?:tools?|functions?))\s+"
    r"(?:before|until|unless)\s+(?P<step>.+)$",
    re.I,
)
# "<step> before any other tool", "<step> comes before every other tool"
_TRAIL = re.compile(
    rf"^\W*(?P<step>.+?)\s*,?\s+(?:(?:comes?|goes|happens?|must\s+come|is\s+called|is\s+used|runs?|"
    rf"is\s+run)\s+)?"
    rf"(?:before|ahead\s+of)\s+(?P<other>{_OTHER})(?:\s+{_USED})?\s*(?P<rest>:.*|[.!;]?)\s*$",
    re.I,
)
# "Every conversation opens with `find_member`", "Start each chat by calling X", "Your chat
# opens with X", "the assistant's opening call is X": the first call of every conversation (the
# step must be named by id)
_OPENS = re.compile(
    r"^\W*(?:from\s+(?:now|today)(?:\s+on)?\s*,?\s+)?(?:(?:every|each)\s+(?:conversation|chat|"
    r"session|[a-z]+)\s+(?:opens|starts|begins|(?:must|should|shall)\s+(?:open|start|begin))|"
    r"(?:always\s+)?"
    r"(?:open|start|begin)\s+(?:every|each)\s+(?:conversation|chat|session)|(?:your|its|the\s+"
    r"(?:assistant|agent)['\u2019]s)\s+(?:conversation|chat|session|day|week|shift|work)\s+"
    r"(?:opens|starts|begins))\s+(?:with|by\s+(?:calling|running|using))\s+(?P<step>[^;,]+?)"
    r"\s*(?:[;,.!]|$)"
    # "In every chat the assistant's opening call is `find_member`"
    r"|^\W*(?:in\s+(?:every|each|any)\s+(?:conversation|chat|session)\s*,?\s+)?(?:your|its|the\s+"
    r"(?:assistant|agent)['\u2019]s)\s+(?:very\s+)?(?:first|opening|initial)\s+(?:(?:tool|function)\s+)?"
    r"call\s+(?:is|(?:must|should|shall|will)\s+be)\s+(?:to\s+)?(?P<first>[^;,]+?)\s*(?:[;,.!]|$)"
    # "`find_member` is the first call of every chat", "`find_member` comes first in each chat"
    r"|^\W*(?P<led>`[^`\s]+`|[A-Za-z][\w.:/-]*[A-Za-z0-9])\s+(?:(?:is|was|(?:must|should|shall|"
    r"will)\s+be)\s+(?:always\s+)?the\s+(?:very\s+)?(?:first|opening|initial)\s+(?:(?:tool|"
    r"function)\s+)?call|(?:always\s+)?(?:comes?|goes|runs?|must\s+(?:come|go|run))\s+first)"
    r"(?:\s+(?:of|in)\s+(?:every|each|any|a|the)\s+[a-z]+)?\s*(?:[;,.!]|$)"
    # "`find_member` opens every chat", "First thing in every chat is `find_member`" (the chat
    # by whatever word the prompt gives it: "every tour")
    r"|^\W*(?P<opener>`[^`\s]+`|[A-Za-z][\w.:/-]*[A-Za-z0-9])\s+(?:always\s+)?(?:opens|starts|"
    r"begins|leads\s+off)\s+(?:every|each)\s+[a-z]+\s*(?:[;,.!]|$)"
    r"|^\W*(?:the\s+)?(?:very\s+)?first\s+(?:thing|step|call)\s+(?:in|of)\s+(?:every|each|any)\s+"
    r"[a-z]+\s+is\s+(?:to\s+call\s+)?(?P<thing>[^;,]+?)\s*(?:[;,.!]|$)",
    re.I,
)
_TOOL_ID = re.compile(
    r"`(?P<q>[^`\s]+)`|\b(?P<id>[A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))\b"
)
_CONDITION = re.compile(r"^\W*(?:if|when|whenever|unless|once|while|for)\b", re.I)
_NEGATED = re.compile(r"\b(?:unless|except|not\s+needed|no\s+need)\b", re.I)
# "the rider is verified", "the rider has been looked up", "verification has succeeded"
_EVENT = re.compile(
    r"^\W*(?:the\s+|a\s+|their\s+)?(?P<who>[a-z]+)\s+(?:is|are|has\s+been|have\s+been|was|were|"
    r"gets|get)\s+(?:successfully\s+)?(?P<verb>[a-z]+)(?P<up>\s+up)?\b",
    re.I,
)
# "Identify the rider", "Call check_rider", "the rider has to pass check_rider"
_ACTION = re.compile(
    r"^\W*(?:(?:you|we|the\s+agent)\s+(?:must|should|have\s+to|need\s+to)\s+)?(?:always\s+)?"
    r"(?P<verb>[a-z]+)(?P<up>\s+up)?\s+(?:the\s+|a\s+|their\s+)?(?P<obj>[a-z]+)\b",
    re.I,
)
_NOT_STEPS = frozenset(
    [
        "be",
        "stay",
        "remain",
        "greet",
        "say",
        "tell",
        "ask",
        "wait",
        "keep",
        "speak",
        "use",
        "call",
        "run",
        "pass",
    ]
)


# "If you do not know who the rider is, call `find_rider` before any other tool": the lead
_LED = re.compile(
    r"^\W*(?P<lead>(?:if|when|whenever|unless)\b[^,;]{3,120}?)\s*,\s*(?P<rest>.+)$", re.I
)


def before_every_other(text: str) -> list[Emit]:
    """`require_before("*", X)` for a sentence of the module's shapes; [] otherwise. A
    condition that leads the sentence is kept as the rule's (reviewed, never dropped)."""
    text = " ".join(text.split())
    led = _LED.match(text)
    if led is not None and not _CONDITION.match(led["rest"]):
        found = before_every_other(led["rest"])
        return [replace(e, condition=led["lead"]) for e in found]
    if _CONDITION.match(text) or _NEGATED.search(text):
        return []
    pointed = _pointed_back(text)
    if pointed is not None:  # "first find the guest; nothing else happens until you have it"
        return [Emit("require_before", ANY_TOOL, {"before": pointed}, 0.7)]
    m = _LEAD.match(text)
    if m is not None and _TOOL_ID.search(m["step"]) is None:
        return []  # "Before anything else, find the member by card": `openers`' to read
    m = m or _NO_OTHER.match(text)
    opens = _OPENS.match(text) if m is None else None
    if opens is not None:
        said = opens["step"] or opens["first"] or opens["led"] or opens["opener"] or opens["thing"]
        ids = [i["q"] or i["id"] for i in _TOOL_ID.finditer(said)]
        if len(ids) != 1:
            return []  # "opens with a greeting", or two steps: not one named call
        return [Emit("require_before", ANY_TOOL, {"before": ids[0]}, 0.7)]
    if m is not None:
        step = _step(m["step"], event=m.re is _NO_OTHER)
    else:
        m = _TRAIL.match(text)
        if m is None:
            return []
        bare = m["other"].casefold().startswith("anything") and m["rest"].strip(" .!") == ""
        if bare and _TOOL_ID.search(m["step"]) is None:
            return []  # "X before anything else" alone is `oblig_first`'s and `openers`'
        step = _step(f"{m['step']} {m['rest'] or ''}", event=False)
    if step is None:
        return []
    return [Emit("require_before", ANY_TOOL, {"before": step}, 0.7)]


# the step said by a pronoun: "until you have it", "until it is found"
_IT = re.compile(
    r"^(?:(?:you|we|they)\s+(?:have|hold|get|got|find|found)\s+(?:it|them|one)|(?:it|they)\s+"
    r"(?:is|are|has\s+been|have\s+been)\s+[a-z]+)\s*[.!]?$",
    re.I,
)
# what leads the earlier clause and is no part of its step: "whatever they ask about,", "first"
_STEP_LEAD = re.compile(
    r"^\W*(?:(?:whatever|whenever|however|wherever)\b[^,]*,\s*)?(?:(?:first|always|then)\s+)*",
    re.I,
)


def _pointed_back(text: str) -> str | list[str] | None:
    """ "<step>; nothing else happens until you have it": the step the pronoun points back
    at comes before every other call; None for any other sentence."""
    head, sep, tail = text.partition(";")
    m = _NO_OTHER.match(tail.strip()) if sep else None
    if m is None or _IT.match(m["step"].strip()) is None:
        return None
    lead = _STEP_LEAD.match(head)
    return _step(head[lead.end() :] if lead else head, event=False)


def _step(said: str, event: bool) -> str | list[str] | None:
    """The tools named in `said` (any one of them when joined by "or"), or its action."""
    ids = [m["q"] or m["id"] for m in _TOOL_ID.finditer(said)]
    if ids:
        if len(ids) == 1:
            return ids[0]
        if re.search(r"\bor\b|/", said) and not re.search(r"\band\b", said):
            return sorted(set(ids))
        return None  # "A and then B": not one step
    if event:
        m = _EVENT.match(said)
        if m is None or m["who"].casefold() in {"it", "this", "that", "there"}:
            return None
        verb = lemma(m["verb"].casefold())
        up = " up" if m["up"] else ""
        return f"{verb}{up} {singular(m['who'].casefold())}"
    m = _ACTION.match(said)
    if m is None or lemma(m["verb"].casefold()) in _NOT_STEPS:
        return None
    verb = lemma(m["verb"].casefold())
    up = " up" if m["up"] else ""
    return f"{verb}{up} {singular(m['obj'].casefold())}"

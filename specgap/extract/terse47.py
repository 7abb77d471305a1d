"""A tool's id said as a noun, with no verb (forty-seventh session): "`t` only while the
booking is reserved", "`t` never more than four cycles", "No `t` and no `u` while the
account stands barred", "`t` twice a chat", "`t` timeout 25 seconds at most".

Terse prompts (a telegram, a checklist, an operator's crib sheet) name a call by its tool
alone, and a tool whose id is no verb and object (a code name, a key, a message number)
leaves the grammar no action to read. Each form says of the tool's calls what the
imperative "call `t` ..." says, which the readers read:

| said                                             | read as                                  |
|--------------------------------------------------|------------------------------------------|
| `t` only while / when / if / for / with ... X    | Only call `t` while / when ... X         |
| `t` never more than / over / above N X           | Never call `t` with more than N X        |
| `t` never while / for / on ... X                 | Never call `t` while / for ... X         |
| no `t` (and no `u`) while / when / for ... X     | Never call `t` while ... X (and `u`)     |
| `t` once / twice / N times a / per / each X      | Call `t` at most N times per X           |
| `t` X N [unit] at most, `t` X at most / up to N  | Only call `t` if the X is at most N ...  |
| `t` waits N seconds at most                      | ... if the timeout is at most N seconds  |

Each is read only where the sentence as written gave no rule (`reread`), and only when the
id is one of the agent's tools; what follows the tool is left as said, so a condition is
bound, or kept for review with its note, exactly as the imperative's would be.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.pattern_base import SAID_ID, id_named, tool_id
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import NUMBER_WORDS

__all__ = ["reread", "spellings"]

_LEAD = r"^[^\w`]*"
_WHEN = (
    r"(?:while|when|whenever|if|unless|for|on|to|with|after|before|once|where|against|during|"
    r"by|in|until|from)\b"
)
_MORE = r"(?:more\s+than|over|above|beyond|fewer\s+than|less\s+than|below|under)\b"
_N = r"(?:\d[\d,.]*|" + "|".join(NUMBER_WORDS) + ")"
_TIMES = rf"(?P<times>once|twice|thrice|{_N}\s+times?)"
_ONLY = re.compile(_LEAD + tool_id("id") + r"\s+only\s+(?=" + _WHEN + r")(?P<rest>.*)$", re.I)
_NEVER = re.compile(
    _LEAD + tool_id("id") + r"\s+never\s+(?P<rest>(?:" + _MORE + "|" + _WHEN + r").*)$", re.I
)
_NO = re.compile(
    _LEAD
    + r"no\s+"
    + tool_id("id")
    + r"(?P<more>(?:\s*(?:,|and|or|nor)\s+(?:no\s+)?"
    + SAID_ID
    + r")*)\s+(?P<rest>"
    + _WHEN
    + r".*)$",
    re.I,
)
_COUNT = re.compile(
    _LEAD + tool_id("id") + r"\s+" + _TIMES + r"\s+(?P<per>(?:a|an|per|each|every|in)\s+[\w-]+)"
    r"(?:\s+(?:at\s+most|max(?:imum)?|only))?(?:\s*,?\s*(?:not|never)\s+(?:thrice|more|"
    + _N
    + r"(?:\s+times?)?))?\s*[.;!]?\s*$",
    re.I,
)
_BOUND_LATE = re.compile(
    _LEAD
    + tool_id("id")
    + r"\s+(?P<arg>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?P<n>"
    + _N
    + r"(?:\s+[a-z][\w-]*)?)\s+at\s+(?:the\s+)?most\s*(?P<end>[.;!]?)\s*$",
    re.I,
)
_BOUND = re.compile(
    _LEAD + tool_id("id") + r"\s+(?P<arg>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?P<b>at\s+most|"
    r"up\s+to|no\s+more\s+than|not\s+over|at\s+least|no\s+less\s+than)\s+(?P<rest>" + _N + r".*)$",
    re.I,
)
_WAITS = re.compile(
    _LEAD
    + tool_id("id")
    + r"\s+(?:waits|may\s+wait|is\s+given|gets|runs)\s+(?:(?P<n>"
    + _N
    + r")\s+(?P<u>seconds?|secs?|s)\s+at\s+(?:the\s+)?most|(?:at\s+most|no\s+more\s+than|"
    r"up\s+to)\s+(?P<n2>" + _N + r")\s+(?P<u2>seconds?|secs?|s))\b",
    re.I,
)
_IDS = re.compile(SAID_ID)


def spellings(text: str) -> list[tuple[str, str]]:
    """Each tool the sentence names as a bare noun and the sentence said with "call `t`"
    (module docstring); [] when it is in none of the forms."""
    if (m := _ONLY.match(text)) is not None:
        tool = id_named(m, "id")
        return [(tool, f"Only call `{tool}` {m['rest']}")]
    if (m := _NEVER.match(text)) is not None:
        tool, rest = id_named(m, "id"), m["rest"]
        with_ = "with " if re.match(_MORE, rest, re.I) else ""
        return [(tool, f"Never call `{tool}` {with_}{rest}")]
    if (m := _NO.match(text)) is not None:
        tools = [id_named(m, "id"), *(i.strip("`") for i in _IDS.findall(m["more"]))]
        return [(t, f"Never call `{t}` {m['rest']}") for t in tools]
    if (m := _COUNT.match(text)) is not None:
        tool, times = id_named(m, "id"), m["times"].casefold()
        n = {"once": "one", "twice": "two", "thrice": "three"}.get(times, times.split()[0])
        per = re.sub(r"^(?:a|an|each|every|in)\s+", "per ", m["per"], flags=re.I)
        return [(tool, f"Call `{tool}` at most {n} times {per}.")]
    if (m := _WAITS.match(text)) is not None:
        tool, n = id_named(m, "id"), m["n"] or m["n2"]
        return [(tool, f"Only call `{tool}` if the timeout is at most {n} seconds.")]
    if (m := _BOUND_LATE.match(text)) is not None:
        tool = id_named(m, "id")
        return [(tool, f"Only call `{tool}` if the {m['arg']} is at most {m['n']}{m['end']}")]
    if (m := _BOUND.match(text)) is not None:
        tool = id_named(m, "id")
        return [(tool, f"Only call `{tool}` if the {m['arg']} is {m['b']} {m['rest']}")]
    return []


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as `spellings` says it, when it gave no rule and every tool it
    names so is the agent's; the first reading kept otherwise."""
    if sentence.subject is not None or rules:
        return rules, diagnostics
    said = spellings(sentence.clean)
    if not said or any(agent_tool(tool) is None for tool, _ in said):
        return rules, diagnostics
    found: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for tool, text in said:
        got, noted = read_as(sentence, text, read)
        if not got or any(tool not in (r.target or "") and tool not in r.mentions for r in got):
            return rules, diagnostics
        found += got
        notes += noted
    return found, notes

"""Parts of a temporal sentence that `temporal` reads one by one.

- Several events: "after approving the result or (after) verifying the sample" names two
  events, any of which satisfies the order; "after recording the result and verifying the
  sample" names two, each required (`split_events`).
- A pronoun standing for the event's object in a clause that permits: "after the sample is
  verified, it can be stored", "once it is verified, you may ship it" (`point_back`).
- A prerequisite clause: "Y requires that X has been done", "X must precede Y", and a
  bare gerund ("before shipping") acting on the other action's object (`with_object`).
- The alternative means of a first action ("look the booking up by its number or by the
  e-mail": `alternatives`), any of which satisfies the order.
- A tool description saying what must have been done, with which tool, before it is called
  ("the sample must have been verified with `verify_sample` first": `done_with`).
"""

from __future__ import annotations

import re
from itertools import pairwise

from specgap.extract.grammar_modal import participle
from specgap.extract.pattern_base import USER, is_action_noun
from specgap.operators.prose import is_toolish

TOOL_ID = re.compile(
    r"`(?P<id>[A-Za-z_][\w.\-]*)(?:\(\))?`|\b(?P<bare>[a-z]+(?:_{1,2}[a-z0-9]+)+)\b"
)
_EVENT_BREAK = re.compile(
    r"(?:\s*,\s*(?:(?P<glue>or|and|and/or)\s+)?|\s+(?P<glue2>or|and|and/or)\s+)(?:(?:after|once|"
    r"only\s+after)\s+)?(?=[a-z]{3,}ing\b|(?:the|a|an|its|their)\s+(?:[a-z][\w-]*\s+){1,3}?(?:has|"
    r"have|is|are|was|were)\s+(?:already\s+)?(?:been\s+)?[a-z]+(?:ed|en|t|d)\b)",
    re.I,
)


# a part that is an event of its own: a gerund, or a clause with its verb
_EVENT_PART = re.compile(r"^(?:[a-z]{3,}ing\b|.*\b(?:is|are|was|were|has|have|had)\b)", re.I | re.S)


def split_events(event: str) -> tuple[list[str], bool]:
    """The events an event phrase joins with `and` / `or` before a gerund, and whether any
    one of them will do (`or`); the phrase alone when it joins none."""
    marks = list(_EVENT_BREAK.finditer(event))
    if not marks:
        return _perfect_parts(event)
    glue = {(m["glue"] or m["glue2"]).casefold() for m in marks if m["glue"] or m["glue2"]}
    if len(glue) != 1:
        return [event], False  # "a and b or c", or commas alone: no single reading
    parts: list[str] = []
    at = 0
    for m in marks:
        parts.append(event[at : m.start()].strip(" ,"))
        at = m.end()
    parts.append(event[at:].strip(" ,"))
    if not all(_EVENT_PART.match(p) for p in parts):
        return [event], False  # "the bin and the crate are locked": one event, two subjects
    return parts, glue != {"and"}


# "you have found the member and checked the window": one subject and "have", two participles
_PERFECT = re.compile(
    r"^(?P<lead>(?:you|we|they|the\s+agent)\s+(?:have|has|'ve)\s+(?:already\s+|first\s+)?)"
    r"(?P<rest>.+)$",
    re.I | re.S,
)
_PARTICIPLE_BREAK = re.compile(
    r"\s*,\s*(?:(?P<glue>and|or)\s+)?(?=[a-z]+\s)|\s+(?P<glue2>and|or)\s+(?=[a-z]+\s)", re.I
)


def _perfect_parts(event: str) -> tuple[list[str], bool]:
    """ "you have found X and checked Y": each participle with the subject and "have" it
    shares; the phrase alone when a part opens with no participle."""
    m = _PERFECT.match(event)
    if m is None:
        return [event], False
    marks = list(_PARTICIPLE_BREAK.finditer(m["rest"]))
    glue = {(b["glue"] or b["glue2"]).casefold() for b in marks if b["glue"] or b["glue2"]}
    if not marks or len(glue) != 1:
        return [event], False
    parts, at = [], 0
    for b in marks:
        parts.append(m["rest"][at : b.start()])
        at = b.end()
    parts.append(m["rest"][at:])
    if not all(_participle(p.split()[0]) for p in parts if p.split()) or not all(parts):
        return [event], False  # "you have the member and the slip": one event, two objects
    return [m["lead"] + p.strip(" ,") for p in parts], glue != {"and"}


def _participle(word: str) -> bool:
    return participle(word) or word.casefold() in _SAME_FORM  # "read the log": read


_SAME_FORM = frozenset({"read", "run", "set", "put", "reset", "upset", "cut", "shut"})


_PRONOUN_SUBJECT = re.compile(r"^\s*(?:it|they)\b(?=\s+(?:can|may|must|should|shall|is|are)\b)",
                              re.I)  # fmt: skip
_PRONOUN_OBJECT = re.compile(
    r"^(?P<lead>[\w\s,]*?\b[a-z]+)\s+(?:it|them)\b(?!\s+(?:is|are|was|has))", re.I
)


_PERMITS = re.compile(r"\b(?:can|may|only|allowed|permitted|possible)\b", re.I)


def point_back(main: str, event_action: str | None, first: bool = False) -> str:
    """A main clause that permits what follows the event, with its pronoun read as the
    event's object ("it can be stored" after `verify sample`: "the sample can be stored";
    "you may ship it"). An obligation after the event ("after X, ship it") is left as
    written: it says what to do next, not that nothing else may come first. `first`: the
    main clause comes before the event ("before you ship a sample, verify it"), where its
    pronoun always points back."""
    words = (event_action or "").split()
    if len(words) < 2 or (_PERMITS.search(main) is None and not first):
        return main  # "after X, cancel it": a follow-up duty, not a permission after X
    if _PRONOUN_SUBJECT.match(main) is not None:
        return _PRONOUN_SUBJECT.sub("the " + " ".join(words[1:]), main, count=1)
    found = _PRONOUN_OBJECT.match(main)  # "you can ship it", "cancel them"
    if found is None:
        return main
    return f"{found['lead']} the {' '.join(words[1:])}{main[found.end() :]}"


# "refunds require the customer's explicit confirmation", "cancelling requires getting X"
REQUIRES_YES = re.compile(
    r"^\W*(?P<a>.+?)\s+(?:always\s+)?requires?\s+(?:the\s+)?(?:(?:"
    + USER
    + r")'?s?'?\s+|their\s+)?"
    r"(?:explicit\s+|prior\s+|written\s+)*(?:confirmation|approval|consent|go-ahead)\b",
    re.I,
)
REQUIRES = re.compile(
    r"^\W*(?P<a>.+?)\s+(?:always\s+)?(?:requires?|needs?(?!\s+to\b))\s+(?P<b>(?:a\s+|an\s+|the\s+)?(?:prior\s+|previous\s+)?"
    r"(?:[a-z][\w-]*\s+){0,3}?(?:[a-z]+(?:ing|ion|al|ment|up|in)|[a-z]*(?:check|review|search))\b"
    r"[^.;,]*?)"
    r"(?:\s+(?:first|beforehand|before))?\s*[.!]?$",
    re.I,
)
# "storing a sample requires that the sample has been registered"
REQUIRES_THAT = re.compile(
    r"^\W*(?P<a>.+?)\s+(?:always\s+)?requires?\s+that\s+(?P<b>[^.;]+?)(?:\s+(?:first|"
    r"beforehand|already))?\s*[.!]?$",
    re.I,
)
# a tool named as a step: "a (fresh) call to", "the" before it; "call", "lookup" after it
CALL_LEAD = (
    r"(?:an?\s+(?:prior\s+|successful\s+|fresh\s+|recent\s+|new\s+)?(?:call\s+to\s+)?)?(?:the\s+)?"
)
CALL_TAIL = r"(?:\(\))?(?:\s+(?:tool|function|call|lookup|check|read))?"
# a bare id: `get_lesson`, `getLesson`, `lessons.Get` ("a fresh get_lesson call")
BARE_ID = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[a-z]+(?:\.[A-Za-z]+)+"
# "shipping a sample requires (a call to) `verify_sample` first"
REQUIRES_TOOL = re.compile(
    r"^\W*(?P<a>.+?)\s+(?:always\s+)?(?:requires?|needs?(?!\s+to\b))\s+(?P<b>"
    + CALL_LEAD
    + r"(?:`[A-Za-z][\w.]*`|"
    + BARE_ID
    + r")"
    + CALL_TAIL
    + r")(?:\s+(?:first|beforehand|"
    r"to\s+have\s+(?:been\s+)?(?:run|called)(?:\s+first)?))?\s*[.!]?$",
    re.I,
)
# "verifying the sample must precede shipping it", "verification comes before shipping"
PRECEDES = re.compile(
    r"^\W*(?P<b>.+?)\s+(?:(?:must|should|shall|has\s+to|have\s+to|needs?\s+to)\s+)?(?:always\s+)?"
    r"(?:precedes?|comes?\s+before|happens?\s+before|goes\s+before|takes?\s+place\s+before|occurs?\s+"
    r"before)\s+(?P<a>[^.;]+?)\s*[.!]?$",
    re.I,
)
_BARE_GERUND = re.compile(r"^\s*(?:any\s+|each\s+|every\s+)?(?P<g>[a-z]{3,}ing)\s*$", re.I)


def with_object(event: str, other: str | None) -> str:
    """A bare gerund event ("before shipping") acts on the other action's object
    ("shipping sample" after `verify sample`); any other event as written."""
    words = (other or "").split()[1:]
    while words and words[0] in _PARTICLES:  # "look up guest": the guest, not "up guest"
        words = words[1:]
    while len(words) > 1 and words[-1] in _DETAIL_WORDS:  # "the appointment details"
        words = words[:-1]
    m = _BARE_GERUND.match(event)
    if m is None or not words or _PERSON.fullmatch(words[-1]):
        return event  # "find the owner before booking": the owner is not what is booked
    return f"{m['g']} {' '.join(words)}"


# a person, whom a borrowed object would name as the thing acted on
_PERSON = re.compile(USER + r"s?|owners?|riders?|drivers?|persons?|people|holders?", re.I)
_DETAIL_WORDS = frozenset({"details", "detail", "information", "info", "record", "records", "data"})


def bare_with_object(action: str | None, other: str | None) -> str | None:
    """An action said by a verb alone ("after verification": `verify`) acts on the other
    action's object (`verify sample` beside `ship sample`); any other action as it is."""
    words = (other or "").split()[1:]
    while words and words[0] in _PARTICLES:  # "look up booking": the booking
        words = words[1:]
    if action is None or " " in action or not words or is_toolish(action):
        return action  # (a tool id, `verify_sample`, `verifyOwner`, names its own object)
    if _PERSON.fullmatch(words[-1]):
        return action  # "book once the owner has been found": not a booking of the owner
    if is_action_noun(words[-1]) and not words[-1].endswith("ing"):  # ("a booking": a thing)
        return action  # "issue the refund after the cancellation": not a cancel of a refund
    return f"{action} {' '.join(words)}"


_PARTICLES = frozenset({"up", "in", "out", "off", "down", "over", "back"})
PARTICLES = _PARTICLES


_DONE_WITH = re.compile(
    r"^\W*(?:(?:the|this|each|every|a|an|its|their)\s+)?(?:[A-Za-z][\w-]*\s+){1,4}?(?:must|"
    r"should|shall|has\s+to|have\s+to|needs?\s+to)\s+(?:already\s+|first\s+)?have\s+(?:already\s+)?"
    r"been\s+[a-z]+\s+(?:first\s+)?(?:with|by|using|via|through|by\s+calling|by\s+using)\s+"
    r"(?:the\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?"
    r"(?:\(\))?(?:\s+(?:tool|function))?(?:\s+(?:first|beforehand|already|before(?:\s+(?:this|"
    r"calling\s+this|using\s+this)(?:\s+(?:tool|function))?)?))?\s*[.;!]?\s*$",
)


_ID = r"`?(?P<{}>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?"
# "must be preceded by a call to `a`", "call this with the output of `a`", "takes the token
# returned by `a`": `a` has run before the described tool
_AFTER_ANOTHER = re.compile(
    r"^\W*(?:(?:this\s+(?:tool|function)|it)\s+)?(?:(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?"
    r"be\s+preceded\s+by\s+(?:a\s+(?:successful\s+)?call\s+to\s+)?(?:the\s+)?"
    + _ID.format("id")
    + r"|(?:(?:only\s+)?(?:call|use|run|invoke)\s+(?:this|it)(?:\s+(?:tool|function))?\s+"
    r"(?:only\s+)?with|(?:takes|expects|consumes|uses)|(?:requires|needs))\s+(?:the\s+|an?\s+)?(?:[a-z][\w-]*\s+)"
    r"{0,3}?(?:(?:output|result|results|response)\s+(?:of|from)|(?:returned|produced|issued|"
    r"created)\s+by)\s+(?:the\s+|a\s+call\s+to\s+)?"
    + _ID.format("id2")
    + r")(?:\s+(?:tool|function))?(?:\s+as\s+(?:its\s+)?input)?\s*[.;!]?\s*$",
    re.I,
)


def done_with(text: str) -> str | None:
    """In a tool's description, the tool that must have run before the described one ("the
    sample must have been verified with `verify_sample` first", "must be preceded by a call
    to `verify_sample`", "call this with the output of `verify_sample`"), or None."""
    m = _DONE_WITH.match(text.strip())
    if m is not None:
        return m["id"]
    after = _AFTER_ANOTHER.match(text.strip())
    return (after["id"] or after["id2"]) if after is not None else None


_LIST_GLUE = re.compile(r"^(?:\s*(?:,|and|or|and/or|then|as\s+well\s+as|both|either)\s*)*$", re.I)


def listed_tools(event: str) -> list[str]:
    """The tool ids an event lists with nothing but "and", "or" and commas between them
    (`check_availability and get_customer`); [] when other words stand between."""
    found = list(_LISTED_ID.finditer(event))
    if len(found) < 2:
        return []
    for a, b in pairwise(found):
        if not _LIST_GLUE.match(event[a.end() : b.start()]):
            return []
    return list(dict.fromkeys(m["id"] or m["bare"] or m["camel"] for m in found))


# a listed tool id: `ticked`, snake_case, or camelCase ("waitlistRead and plotGet")
_LISTED_ID = re.compile(TOOL_ID.pattern + r"|\b(?P<camel>(?>[a-z]+(?:[A-Z][a-z0-9]+)+))\b")


_MEANS = re.compile(
    r"\b(?P<p>by|via|using|through|with)\s+(?P<a>[^,;]+?)\s*,?\s+or\s+(?:(?:by|via|using|through|"
    r"with)\s+)?(?P<b>[^,;.]+?)\s*$",
    re.I,
)


def alternatives(action: str, main: str) -> list[str]:
    """ "look the booking up by its number or by the e-mail": one way per alternative
    (`look up booking by number`, `look up booking by e-mail`), any of which satisfies
    the order; the action itself when the sentence offers no alternatives."""
    m = _MEANS.search(main)
    if m is None:
        return [action]
    ways = []
    for part in (m["a"], m["b"]):
        words = [w for w in re.findall(r"[A-Za-z][\w-]*", part) if w.casefold() not in _FILLER]
        if not words or len(words) > 4:
            return [action]
        ways.append(f"{action} {m['p'].casefold()} {' '.join(words).casefold()}")
    return ways


_FILLER = frozenset({"the", "a", "an", "its", "their", "his", "her", "customer's", "user's"})

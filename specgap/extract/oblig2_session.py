"""A step obliged once per conversation, before anything else in it: "At the start of every
call, verify who you are talking to.", "Identity must be verified for every request.",
"Every conversation must start with a passenger lookup.", "The first thing you do in any
conversation is look up the passenger.", "Before helping with any request, look up the
passenger.", "Look up the passenger before taking any action."

Each says that the step comes before every other call of the conversation (or of each
request in it): said again as "You must first <step>." and read by `openers`
(`require_before("*", <step>)`, reviewed unless the step names a tool, as there). "Who you
are talking to" / "who the caller is" is the caller's identity. The obligation itself (that
the step happens at all) is not enforced: no operator requires a call. A negated or
conditional step, or a scope that is not the whole conversation or every request ("for
every refund": one action, read by `oblig_scoped`), gives nothing here.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.english import base_verb
from specgap.extract.grammar_rules import candidate
from specgap.extract.openers import opening_rules
from specgap.extract.order_words import base_form
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["session_candidates", "session_step"]

_TALK = (
    r"(?:conversation|session|chat|interaction|call|dialog(?:ue)?|contact|request|inquiry|"
    r"enquiry|ticket)"
)
_EVERY = rf"(?:every|each|any|all|the|a|an)\s+(?:new\s+|incoming\s+|customer\s+|user\s+)?{_TALK}s?"
_WHO = re.compile(
    r"\bwho\s+(?:you\s+are|you're)\s+(?:talking|speaking)\s+(?:to|with)\b|\bwho\s+(?:the\s+"
    r"(?:caller|customer|user|person)\s+is|they\s+are|is\s+calling)\b",
    re.I,
)
_STEP = r"(?P<step>[a-z][^,;:]*?)"
_END = r"\s*[.!]?\s*$"
# "at the start of every call, X" / "X at the start of every call"
_AT_START = re.compile(
    rf"^\W*(?:at\s+the\s+(?:very\s+)?(?:start|beginning|outset|opening)\s+of|before\s+(?:anything\s+"
    rf"else\s+in|starting)|when\s+starting)\s+{_EVERY}\s*,\s*(?:you\s+(?:must|should|need\s+to|have\s+"
    rf"to)\s+|always\s+|please\s+)?{_STEP}{_END}",
    re.I,
)
# "X for every request", "X on each call", "X with every new conversation"
_PER = re.compile(
    rf"^\W*(?:you\s+(?:must|should|need\s+to|have\s+to)\s+|always\s+|please\s+)?{_STEP}\s+(?:for|on|in|with|at\s+the\s+(?:start|beginning|outset)\s+of)\s+"
    rf"(?:every|each|any|all)\s+(?:new\s+|incoming\s+)?{_TALK}s?{_END}",
    re.I,
)
# "before helping with any request", "before taking any action", "before you do anything"
_ANYTHING = (
    rf"(?:(?:helping|assisting)\s+(?:with\s+)?(?:{_EVERY}|the\s+(?:caller|customer|user))|"
    rf"(?:processing|handling|acting\s+on|working\s+on|answering|addressing|serving)\s+{_EVERY}|"
    r"taking\s+any\s+(?:other\s+)?(?:action|step)s?|(?:you\s+)?(?:do|take)\s+anything(?:\s+else)?|"
    r"any\s+(?:other\s+)?(?:action|step|tool\s+call)s?(?:\s+is\s+taken)?)"
)
_BEFORE_ANY = re.compile(
    rf"^\W*(?:before|prior\s+to)\s+{_ANYTHING}\s*,\s*(?:you\s+(?:must|should|need\s+to|have\s+"
    rf"to)\s+|always\s+|please\s+)?{_STEP}{_END}",
    re.I,
)
_ANY_AFTER = re.compile(
    rf"^\W*(?:you\s+(?:must|should|need\s+to|have\s+to)\s+|always\s+|please\s+)?{_STEP}\s+"
    rf"(?:before|prior\s+to)\s+{_ANYTHING}{_END}",
    re.I,
)
# "every conversation must start with a passenger lookup", "each call begins by looking up X"
_STARTS = re.compile(
    rf"^\W*(?:every|each|any|all)\s+(?:new\s+)?{_TALK}s?\s+(?:must|should|has\s+to|have\s+to|needs?\s+to)?\s*"
    r"(?:start|begin|open)s?\s+(?:with|by)\s+(?P<step>[a-z][^,;:]*?)\s*[.!]?\s*$",
    re.I,
)
# "the first thing you do (in any conversation) is (to) look up the passenger"
_FIRST_THING = re.compile(
    rf"^\W*the\s+first\s+(?:thing|step)\s+(?:you\s+(?:must\s+|should\s+)?(?:do|take)|to\s+do|the\s+agent\s+"
    rf"(?:must\s+|should\s+)?(?:does|takes))(?:\s+(?:in|on|of|for)\s+{_EVERY})?\s+(?:is|must\s+be|should\s+be)"
    r"\s+(?:to\s+)?(?P<step>[a-z][^,;:]*?)\s*[.!]?\s*$",
    re.I,
)
_NOT_STEP = re.compile(r"\b(?:not|never|no|if|unless|whether)\b", re.I)
# an identity said as a passive: "identity must be verified for every request"
_PASSIVE_ID = re.compile(
    r"^(?:the\s+)?(?:(?P<who>[a-z]+)'s\s+|caller\s+|customer\s+|user\s+)?identity\s+(?:must|should|has\s+to|"
    r"needs\s+to)\s+be\s+(?P<v>verified|confirmed|checked|established|authenticated)$",
    re.I,
)


_ACTIVE = {"verified": "verify", "confirmed": "confirm", "checked": "check",
           "established": "establish", "authenticated": "authenticate"}  # fmt: skip


def session_candidates(sentence: Sentence) -> list[CandidateRule]:
    """The rules `openers` reads from the sentence said as "You must first <step>." (module
    doc), or []."""
    if sentence.subject is not None:
        return []
    step = session_step(sentence.clean)
    if step is None:
        return []
    said = f"You must first {step}."
    offsets = (sentence.offsets[0],) * len(said) + (sentence.offsets[-1],)
    first = replace(sentence, text=said, offsets=offsets)
    return [candidate(sentence, e) for e in opening_rules(first)]


def session_step(text: str) -> str | None:
    """The step obliged before anything else in the conversation, as an imperative ("look
    up the passenger"), or None."""
    text = " ".join(text.split())
    step = None
    for shape in (_AT_START, _PER, _BEFORE_ANY, _ANY_AFTER, _FIRST_THING):
        if (m := shape.match(text)) is not None:
            step = m["step"]
            break
    if step is None and (m := _STARTS.match(text)) is not None:
        step = _noun_step(m["step"])
    if step is None or _NOT_STEP.search(step):
        return None
    step = _WHO.sub("the caller's identity", step)
    if (p := _PASSIVE_ID.match(step.strip())) is not None:
        who = p["who"] or "caller"
        step = f"{_ACTIVE[p['v'].casefold()]} the {who}'s identity"
    elif not _step_said(step.strip()):
        return None
    return step.strip()


def _step_said(step: str) -> bool:
    """Whether the step is said as one: an imperative ("look up the passenger") or a tool's id
    alone, never a clause about a tool ("`t` is the first thing on the table")."""
    first, _, rest = step.partition(" ")
    return not rest or base_verb(first.strip("`*_").casefold())


def _noun_step(said: str) -> str | None:
    """ "looking up the passenger": "look up the passenger"; "a passenger lookup": "look up
    the passenger"; None for anything else."""
    said = said.strip()
    if re.match(r"^[a-z]+ing\b", said, re.I):
        return base_form(said)
    m = re.match(
        r"^(?:a|an|the)\s+(?P<obj>[a-z]+)\s+(?P<n>lookup|look-up|check|verification|search)$",
        said,
        re.I,
    )
    if m is None:
        return None
    verb = {"lookup": "look up", "look-up": "look up", "check": "check", "search": "search for"}
    return f"{verb.get(m['n'].casefold(), 'verify')} the {m['obj']}"

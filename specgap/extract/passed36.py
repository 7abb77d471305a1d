"""A step said as having happened before the acts it guards (thirty-sixth session): "The identity
check (RT08) must have passed before you book a seat, place an order or take a payment.",
"`verify_member` has to have run before you change a plan." The step is named by its tool's
id or by a noun of a call ("check", "lookup", "search", "screen"); "the repair must have been
done before ..." is a state the repair is in, read by the state readers.

The readers read an ordering said as the agent's acts ("run X before booking a seat, placing an
order or taking a payment"). A step that must have passed, run, succeeded or been called before
the agent's acts is said so: "Run <step> before <acts>", each act after "you" said as a gerund
so that every one of a coordinated list is read ("before you book a seat, place an order or take
a payment": "before booking a seat, placing an order or taking a payment"). Nothing else is
changed; a step that is a person's ("the customer must have agreed before ...") is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.order_words import gerund_of
from specgap.extract.people import is_person

__all__ = ["respelt"]

# "must have passed", "has to pass", "must have come back passed", "has to have run"
_HAS_PASSED = (
    r"(?:must|has\s+to|have\s+to|needs?\s+to|should|shall)\s+(?:have\s+)?(?:come\s+back\s+)?"
    r"(?:pass(?:ed)?|run|succeed(?:ed)?|happen(?:ed)?|been\s+(?:run|called|done|completed|passed|"
    r"made|carried\s+out))"
)
_PASSED = re.compile(
    rf"^(?P<lead>[^\w`]*)(?P<step>[^,;:]+?)\s+{_HAS_PASSED}\s+(?P<conn>before|prior\s+to)\s+"
    r"(?P<acts>[^;]+?)(?P<end>\s*[.;!]?\s*)$",
    re.I,
)
# the acts said first: "Before a visit is moved, ..., <step> must have come back passed"
_FRONTED = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<conn>before|prior\s+to)\s+(?P<acts>[^;]+),\s+(?P<main>[^,;]+?)"
    r"(?P<end>\s*[.;!]?\s*)$",
    re.I,
)
_STEP_PASSED = re.compile(rf"^(?P<step>.+?)\s+{_HAS_PASSED}$", re.I)
# a step by its tool's id, or by a noun of a call ("the identity check", "the member lookup")
_ID = re.compile(r"`[^`]+`|\b[A-Za-z]+[\w-]*(?:[_.][\w-]+)+\b|\b[a-z]+[A-Z]\w*|\b[A-Z]+\d+\w*\b")
_CHECKS = frozenset(
    {"check", "screen", "screening", "search", "lookup", "look-up", "verification", "call",
     "query", "test"}
)  # fmt: skip
_PARTS = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+", re.I)


def respelt(text: str) -> str | None:
    """ "Run <step> before <acts>" for a step said as having passed before the agent's acts
    (module docstring), else None."""
    m = _PASSED.match(text)
    if m is None:
        return _fronted(text)
    step = _step(m["step"])
    if step is None:
        return None
    acts = m["acts"]
    you = re.match(r"(?:you|we)\s+", acts, re.I)
    if you is not None:
        acts = _gerunds(acts[you.end() :])
        if acts is None:
            return None
    return f"{m['lead']}Run {step} {m['conn']} {acts}{m['end']}"


def _fronted(text: str) -> str | None:
    """ "Before <acts>, <step> must have passed": "Run <step> before <acts>"; None when the
    sentence is not so."""
    m = _FRONTED.match(text)
    if m is None:
        return None
    main = m["main"].strip()
    said = _STEP_PASSED.match(main)
    step = _step(said["step"]) if said is not None else None
    if step is None:
        return None
    conn = m["conn"].casefold()
    return f"{m['lead']}Run {step} {conn} {m['acts'].strip()}{m['end']}"


def _step(said: str) -> str | None:
    """The step of a sentence: its tool's id, or a noun of a call; None when it is a
    person's act or a state."""
    step = said.strip()
    named = re.search(r"\(\s*`?(?P<id>[\w.-]+)`?\s*\)", step)
    if named is not None:  # "the identity check (RT08)": the tool its parentheses name
        step = named["id"]
    head = re.sub(r"^(?:the|a|an|their|its)\s+", "", step, flags=re.I).split()
    if not head or is_person(head[0].casefold()) or is_person(head[-1].casefold()):
        return None  # "the customer must have agreed before ...": a person's step
    if not _ID.search(step) and head[-1].casefold() not in _CHECKS:
        return None  # "the repair must have been done before ...": a state, no step
    return step


def _gerunds(acts: str) -> str | None:
    """ "book a seat, place an order or take a payment" as "booking a seat, placing an order
    or taking a payment" (None when a part does not open with a verb)."""
    out: list[str] = []
    at = 0
    for sep in [*_PARTS.finditer(acts), None]:
        part = acts[at : sep.start() if sep else len(acts)]
        words = part.split(maxsplit=1)
        if not words or not base_verb(words[0].casefold()):
            return None
        gerund = gerund_of(words[0].casefold()) or words[0]
        out.append(" ".join([gerund, *words[1:]]))
        if sep is not None:
            out.append(sep.group())
            at = sep.end()
    return "".join(out)

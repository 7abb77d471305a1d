"""An obligation followed by what may happen only after it, in one sentence: "Always confirm
the tenant's identity; only then can you renew the lease.", "Pull the invoice - only after
that may you issue a credit.", "Look up the parcel; once it is found, reroute it."

The first part obliges a step (which no operator requires); the second says what comes
after it. Said again in the shapes `temporal` reads: "renew the lease only after confirming
the tenant's identity" (only then / only after that: the order alone), "after looking up
the parcel, reroute it" (once found / once done: the order, and the duty to do it next,
which `temporal` reports). The step must be an action said as an imperative (after "you
must", "always", "please", "first"); a negation or a condition in it, or a later part that
is no clause, gives nothing.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_words import gerund_of
from specgap.extract.pattern_base import lemma

__all__ = ["item_step", "once_found", "then_as_after", "then_listed", "then_orders"]

_WHO = r"(?:you|we|the\s+agent|agents?|staff)"
_MODAL = r"(?:may|can|could|should|must|shall|will|are\s+(?:you\s+)?allowed\s+to)"
_BREAK = r"\s*(?:;|:|\s[-\u2013\u2014]+|,\s*and)\s*(?:and\s+)?"
_ONLY_THEN = re.compile(
    rf"^\W*(?P<x>[a-z][^;:]*?){_BREAK}only\s+(?:then|after\s+(?:that|this)|once\s+(?:that|this)\s+"
    rf"(?:is|has\s+been)\s+(?:done|complete|completed))\s*,?\s+(?:{_MODAL}\s+{_WHO}\s+|{_WHO}\s+"
    rf"{_MODAL}\s+)?(?P<y>[a-z][^;]*?)\s*[.!]?\s*$",
    re.I,
)
_ONCE = re.compile(
    rf"^\W*(?P<x>[a-z][^;:]*?){_BREAK}(?:once|when|after)\s+(?:found|done|complete|completed|"
    r"(?:it|that|this|they)\s+(?:is|are|has\s+been|have\s+been)\s+(?:found|done|complete|"
    r"completed|retrieved|located))\s*,\s*(?:you\s+(?:must|should|can|may)\s+)?(?P<y>[a-z][^;]*?)"
    r"\s*[.!]?\s*$",
    re.I,
)
# what opens the obliged step: "you must", "always", "please", "first"
_LEAD = re.compile(
    rf"^(?:{_WHO}\s+(?:must|should|shall|have\s+to|has\s+to|need\s+to|needs\s+to)\s+|always\s+|"
    r"please\s+|first\s*,?\s+|make\s+sure\s+(?:to|you)\s+)+",
    re.I,
)
_NOT_STEP = re.compile(r"\b(?:not|never|no|if|unless|when|whether)\b", re.I)


def then_orders(text: str) -> list[str]:
    """The sentence in the shapes `temporal` reads (module docstring), or []."""
    text = " ".join(text.split())
    if (m := _ONLY_THEN.match(text)) is not None:
        doing = _gerund(m["x"])
        return [f"{_named(m['y'], doing)} only after {doing}"] if doing else []
    if (m := _ONCE.match(text)) is not None:
        doing = _gerund(m["x"])
        return [f"After {doing}, {_named(m['y'], doing)}"] if doing else []
    return []


_THING = re.compile(
    r"^[a-z]+(?:\s+(?:up|out|in|back|down))?\s+"
    r"(?P<np>(?:the|a|an|their|its|this)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)$",
    re.I,
)


def _named(later: str, doing: str) -> str:
    """The later step with its pronoun read as the thing the step acted on ("renew it"
    after "fetching the lease": "renew the lease"); as said otherwise."""
    thing = _THING.match(doing)
    if thing is None:
        return later
    return re.sub(r"\b(?:it|them)\b", thing["np"], later, count=1, flags=re.I)


def _gerund(step: str) -> str | None:
    """ "You must always confirm the identity" -> "confirming the identity"; None for a
    step that is no plain imperative."""
    said = _LEAD.sub("", step.strip()).strip()
    if not said or _NOT_STEP.search(said):
        return None
    verb, _, rest = said.partition(" ")
    if lemma(verb.casefold()) not in IMPERATIVE_VERBS or lemma(verb.casefold()) in NOT_ACTIONS:
        return None  # "ask the member; only then ...": talk, not a call (`user_yes` reads it)
    doing = gerund_of(verb.casefold())
    return f"{doing} {rest}".strip() if doing else None


# a sentence that opens with "Then" / "Next" / "Afterwards" / "Only then": after the one before
_THEN_LEAD = re.compile(
    r"^(?P<mark>\W*(?:\d{1,2}[.)]\s*)?\W*)(?:(?:and\s+)?then|next|afterwards|after\s+this\s+step|only\s+then|"
    r"subsequently)\s*,?\s+(?P<main>[a-z].*)$",
    re.I,
)


def then_as_after(text: str) -> str:
    """ "Then refund the deposit." as "After that, refund the deposit." (and "Only then can
    you Y" as "Only after that can you Y"), which `order_anaphora` reads against the
    sentence before; the text itself otherwise."""
    m = _THEN_LEAD.match(text)
    if m is None or re.match(r"only\b", m["main"], re.I):
        return text
    only = (
        "Only after that"
        if re.search(r"^\W*(?:\d{1,2}[.)]\s*)?\W*only\b", text, re.I)
        else "After that,"
    )
    # (a list mark dropped: the item is read as a sentence; "`call_x(name, args)`": the
    # tool, its arguments no tools)
    main = re.sub(r"`(?P<id>[A-Za-z][\w.]*)\([^()`]*\)`", r"`\g<id>`", m["main"])
    # "call the tool using `x`", "refund it with `x`": the named tool is the action
    if (used := _USING.match(main)) is not None:
        main = f"call {used['id']}{used['rest']}"
    return f"{only} {main}"


_USING = re.compile(
    r"^[a-z][^`,;]*?\s+(?:using|with|via|through|by\s+calling)\s+(?:the\s+)?`(?P<id>[A-Za-z][\w.]*)`"
    r"(?:\s+(?:tool|function))?(?P<rest>[^`]*)$",
    re.I,
)
_ITEM_START = re.compile(r"(?:^|\n)[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]+(?=\S)")


def item_step(before: str) -> str:
    """The text before a "Then ..." list item, ending at the first sentence of the item
    before it (its step; what that item says next, "do not X", is no step); the text itself
    when it does not end in a list item."""
    said = re.sub(r"(?:^|\n)[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]*$", "", before)
    starts = list(_ITEM_START.finditer(said))
    if not starts or "\n" in said[starts[-1].end() :].strip():
        return before
    item = said[starts[-1].end() :]
    end = re.search(r"(?<=[.!?])\s", item)
    return said[: starts[-1].end()] + (item[: end.start()] if end else item)


_OPENS_CHAIN = re.compile(
    r"^\W*(?:first(?:\s+of\s+all)?|to\s+(?:start|begin)|start\s+by|begin\s+by|as\s+a\s+first\s+step)\b",
    re.I,
)


def then_listed(text: str, before: str) -> str:
    """`then_as_after` for a list item whose item before opens the chain ("1. First, X ...
    \n2. Then, Y"): the chain of a paragraph is read by `sequences`, and a "Then" no
    "First" opened orders nothing; the text itself otherwise."""
    if _OPEN_ITEM.search(before) is None:
        return text
    starts = list(_ITEM_START.finditer(_OPEN_ITEM.sub("", before)))
    if not starts:
        return text
    previous = _OPEN_ITEM.sub("", before)[starts[-1].end() :]
    return then_as_after(text) if _OPENS_CHAIN.match(previous) else text


_OPEN_ITEM = re.compile(r"(?:^|\n)[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]*$")


def once_found(text: str) -> str:
    """ "Look up the parcel; once found, reroute it." as "After looking up the parcel,
    reroute the parcel." (read before any other reading of the sentence: "once found" has
    no event of its own); the text itself otherwise."""
    if _ONCE.match(" ".join(text.split())) is None:
        return text
    said = then_orders(text)
    return f"{said[0]}." if said else text

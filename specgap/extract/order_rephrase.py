"""More shapes of an ordering, said again in a shape `temporal` reads (`order_shapes`):

- "Weigh the parcel first; only then may you ship it." (the order split by a semicolon or a
  dash, the later step inverted): "Weigh the parcel first, and only then ship it";
- "No parcel is shipped until it has been weighed." / "No parcel may be shipped before ...":
  "Do not ship a parcel until it has been weighed";
- "The parcel must have been weighed before a label can be printed.": "Weigh the parcel
  before printing a label" (a passive later step said as its gerund, so no `can` is read as
  a mere permission);
- "You need to weigh the parcel, then you can ship it.": "Weigh the parcel, then ship it".

Each keeps what the sentence says: the same two actions in the same order; none infers an
action the sentence does not name.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.order_words import gerund

__all__ = ["chain_form", "rephrased_orders"]

_WHO = r"(?:you|we|the\s+agent|agents?|staff)"
_MODAL = r"(?:may|can|could|should|must|shall|will)"
_PARTICLE = r"(?P<p>\s+(?:up|out|off|down|back|in|over|through))?"  # "looked up"

_ONLY_THEN = re.compile(
    rf"^(?P<x>.+?\bfirst)\s*(?:;|:|\s-+|\s\u2013|\s\u2014)\s*(?:and\s+)?only\s+then\s+"
    rf"(?:{_MODAL}\s+{_WHO}\s+|{_WHO}\s+{_MODAL}\s+)?(?P<y>[a-z][^;]*?)\s*[.!]?\s*$",
    re.I,
)
_NO_NOUN = re.compile(
    rf"^\W*no\s+(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)\s+(?:is|are|gets?|{_MODAL}\s+be)\s+"
    rf"(?P<v>[a-z]+){_PARTICLE}\s+(?P<conj>until|before|unless|"
    rf"prior\s+to)\s+(?P<e>[^;]+?)\s*[.!]?\s*$",
    re.I,
)
_HAVE_BEEN = re.compile(
    rf"^\W*(?P<s>(?:the|a|an|any|each|every|its|their)\s+[^,;]+?)\s+(?:must|should|shall|has\s+to|"
    rf"have\s+to|needs?\s+to)\s+(?:always\s+|already\s+)?have\s+been\s+(?P<v>[a-z]+)"
    rf"{_PARTICLE}\s+(?P<conj>before|prior\s+to)\s+(?P<y>[^;]+?)\s*[.!]?\s*$",
    re.I,
)
# "a label can be printed", "any parcel is shipped": the later step said passively
_PASSIVE_LATER = re.compile(
    rf"^(?P<np>(?:the|a|an|any|each|every|its|their)\s+[^,;]+?)\s+(?:{_MODAL}\s+be|is|are|gets?)\s+"
    rf"(?P<v>[a-z]+){_PARTICLE}(?P<rest>\b.*)$",
    re.I,
)
_NEED_THEN = re.compile(
    rf"^\W*(?:{_WHO}\s+)?(?:need\s+to|needs\s+to|must|should|have\s+to|has\s+to)\s+(?P<x>[a-z][^,;]+?)"
    rf"\s*[,;]\s*(?:and\s+)?then\s+(?:{_WHO}\s+{_MODAL}\s+)?(?P<y>[a-z][^;]*?)\s*[.!]?\s*$",
    re.I,
)


def _later(y: str) -> str:
    """The later step as a gerund phrase when it is said passively ("a label can be
    printed": `printing a label`), else as said."""
    m = _PASSIVE_LATER.match(y.strip())
    if m is None or (doing := gerund(m["v"])) is None:
        return y
    particle = f" {m['p'].strip()}" if m["p"] else ""
    return f"{doing}{particle} {m['np']}{m['rest']}".strip()


# "Check X -> admit Y -> print Z": steps joined by arrows
_ARROW = re.compile(r"\s*(?:\u2192|->|=>|\u27f6|\u21d2)\s*")
# "X is weighed first, then Y is shipped": a passive chain said as steps
_PASSIVE_CHAIN = re.compile(
    r"^\W*(?P<s1>(?:the\s+|a\s+|an\s+|its\s+|their\s+)?[a-z][^,;]*?)\s+(?:is|are|gets?)\s+"
    rf"(?P<v1>[a-z]+){_PARTICLE}\s+first\s*,\s*(?:and\s+)?then\s+(?P<s2>(?:the\s+|a\s+|an\s+|its\s+|"
    r"their\s+)?[a-z][^,;]*?)\s+(?:is|are|gets?)\s+(?P<v2>[a-z]+)(?P<p2>\s+(?:up|out|off|down))?"
    r"\s*[.!]?\s*$",
    re.I,
)
# "... while the pen has not (yet) been checked": until it has been
_WHILE_NOT = re.compile(
    r"\bwhile\s+(?P<x>[^,;]+?)\s+(?P<aux>has|have)\s+not\s+(?:yet\s+)?been\s+", re.I
)
# "before you have its label": before getting it
_BEFORE_HAVE = re.compile(
    r"\b(?P<c>before|until|prior\s+to)\s+(?:you|we|the\s+agent)\s+(?P<v>have|has|hold)\s+"
    r"(?=(?:the|its|their|a|an)\s)",
    re.I,
)
# "once the weighing passes": once it is complete
_PASSES = re.compile(
    r"^(?P<c>\W*(?:once|after|when)\s+(?P<x>(?:the|a|an|its|their)\s+[^,;]+?))\s+(?:passes|"
    r"succeeds|has\s+passed|has\s+succeeded|is\s+successful|was\s+successful)(?=\s*,)",
    re.I,
)
# "Whenever a parcel is shipped, it must have been weighed beforehand"
_WHENEVER_BEEN = re.compile(
    r"^\W*(?:whenever|when|each\s+time|every\s+time)\s+(?P<y>[^,;]+?)\s*,\s*(?P<x>[^,;]+?)\s+"
    r"(?:must|should|shall|has\s+to|have\s+to|needs?\s+to)\s+(?:already\s+)?have\s+been\s+"
    rf"(?P<v>[a-z]+){_PARTICLE}\s+(?:beforehand|first|before)\s*[.!]?\s*$",
    re.I,
)


def chain_form(text: str) -> str:
    """A procedural sentence in the shape the chain of steps reads (`sequences`): "X
    first; only then may you Y" as "X first, and only then Y", "you need to X, then you can
    Y" as "X, then Y"; the text itself otherwise."""
    if (m := _ONLY_THEN.match(text)) is not None:
        return f"{m['x']}, and only then {m['y']}"
    if (m := _NEED_THEN.match(text)) is not None:
        return f"{m['x']}, then {m['y']}"
    steps = [p.strip(" .") for p in _ARROW.split(text)]
    if len(steps) >= 2 and all(steps):  # "Check X -> admit Y": each step after the one before
        return ", then ".join(steps)
    if (m := _PASSIVE_CHAIN.match(text)) is not None:
        first, then = verb_lemma(m["v1"]), verb_lemma(m["v2"])
        if first is not None and then is not None:
            p1, p2 = (f" {m[g].strip()}" if m[g] else "" for g in ("p", "p2"))
            return f"{first}{p1} {m['s1']} first, then {then}{p2} {m['s2']}"
    return text


def rephrased_orders(text: str) -> list[str]:
    """The rewrites of `text` (module docstring) `temporal` reads, most specific first; []
    for none (the chain's own shapes: `chain_form`)."""
    out: list[str] = []
    if _WHILE_NOT.search(text):  # "not Y while X has not been V-ed": not Y until X has been
        out.append(_WHILE_NOT.sub(lambda m: f"until {m['x']} {m['aux']} been ", text))
    have = _BEFORE_HAVE.search(text)  # "before you have its plan": before getting it
    if have is not None and have["v"].casefold() not in current_tool_verbs():
        # (with a `unit_hold` tool, "before you hold a unit" is before that call)
        out.append(_BEFORE_HAVE.sub(lambda m: f"{m['c']} getting ", text))
    if (m := _PASSES.match(text)) is not None:  # "once the weighing passes": is complete
        out.append(f"{m['c']} is complete{text[m.end() :]}")
    if (m := _WHENEVER_BEEN.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        particle = f" {m['p'].strip()}" if m["p"] else ""
        out.append(f"{verb.capitalize()}{particle} {m['x']} before {m['y']}")
    if (m := _NO_NOUN.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        particle = f" {m['p'].strip()}" if m["p"] else ""
        out.append(f"Do not {verb}{particle} a {m['n']} {m['conj'].casefold()} {m['e']}")
    if (m := _HAVE_BEEN.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        particle = f" {m['p'].strip()}" if m["p"] else ""
        subject = re.sub(r"^(?:any|each|every)\s+", "the ", m["s"], flags=re.I)
        subject = subject[0].lower() + subject[1:]
        out.append(f"{verb.capitalize()}{particle} {subject} before {_later(m['y'])}")
    return out

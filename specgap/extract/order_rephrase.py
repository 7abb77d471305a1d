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


def chain_form(text: str) -> str:
    """A procedural sentence in the shape the chain of steps reads (`sequences`): "X
    first; only then may you Y" as "X first, and only then Y", "you need to X, then you can
    Y" as "X, then Y"; the text itself otherwise."""
    if (m := _ONLY_THEN.match(text)) is not None:
        return f"{m['x']}, and only then {m['y']}"
    if (m := _NEED_THEN.match(text)) is not None:
        return f"{m['x']}, then {m['y']}"
    return text


def rephrased_orders(text: str) -> list[str]:
    """The rewrites of `text` (module docstring) `temporal` reads, most specific first; []
    for none (the chain's own shapes: `chain_form`)."""
    out: list[str] = []
    if (m := _NO_NOUN.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        particle = f" {m['p'].strip()}" if m["p"] else ""
        out.append(f"Do not {verb}{particle} a {m['n']} {m['conj'].casefold()} {m['e']}")
    if (m := _HAVE_BEEN.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        particle = f" {m['p'].strip()}" if m["p"] else ""
        subject = re.sub(r"^(?:any|each|every)\s+", "the ", m["s"], flags=re.I)
        subject = subject[0].lower() + subject[1:]
        out.append(f"{verb.capitalize()}{particle} {subject} before {_later(m['y'])}")
    return out

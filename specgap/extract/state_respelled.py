"""Sentences that say a rule in a form the grammar reads once spelt the usual way:

- an adjective in -able/-ible naming the action: "deposits are refundable only while the
  booking is pending" -> "deposits can be refunded only while ...", "tickets are not
  transferable once used" -> "tickets cannot be transferred once used";
- "the only ones": "approved claims are the only ones that may be paid" -> "only approved
  claims may be paid".

The spelt-out sentence is read by the rule grammar like any other, and only its rules with a
condition are kept (a plain "X is refundable" restricts nothing).
"""

from __future__ import annotations

import re
from functools import cache

from specgap.extract.english import lemmas
from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import choose
from specgap.operators.prose import inflections

__all__ = ["respelled_rules"]

_ABLE = re.compile(
    r"\b(?P<cop>is|are)\s+(?P<neg>not\s+|never\s+|non-?|un)?(?P<adj>[a-z]{3,}?)(?:able|ible)\b",
    re.I,  # "non-refundable once checked in", "unrefundable": the negated adjective
)
_ONLY_ONES = re.compile(
    r"^\W*(?P<np>[A-Za-z][^,;:]*?)\s+(?:are|is)\s+the\s+only\s+(?:ones?|[a-z]+s?)\s+(?:that|which)\s+"
    r"(?P<rest>(?:can|may|could)\s+be\s+[a-z]+.*)$",
    re.I,
)


@cache
def _verb(stem: str) -> tuple[str, str] | None:
    """The verb an -able stem names and its past participle (`pay` -> `paid`), or None."""
    tries = [stem, stem + "e"]
    if len(stem) > 3 and stem[-1] == stem[-2]:
        tries.append(stem[:-1])  # "cancell(able)" -> cancel
    for word in tries:
        if word in lemmas(word).get("VERB", ()):
            participle = inflections(word, "VBN")
            if participle:
                return word, participle[0]
    return None


def _spelt(text: str) -> str | None:
    m = _ONLY_ONES.match(text)
    if m is not None:
        return f"Only {m['np'].strip()} {m['rest']}"
    m = _ABLE.search(text)
    if m is None:
        return None
    found = _verb(m["adj"].casefold())
    if found is None:
        return None
    modal = "cannot" if m["neg"] else "can"
    return f"{text[: m.start()]}{modal} be {found[1]}{text[m.end() :]}"


def respelled_rules(text: str) -> list[Emit]:
    """The conditional rules of the sentence spelt the usual way (module docstring); []
    for any other sentence."""
    said = _spelt(text)
    if said is None:
        return []
    clause = parse(said)
    if clause.condition is None:
        return []
    answer = choose(clause)
    if not isinstance(answer, list):
        return []
    return [e for e in answer if e.operator == "state_condition" or e.condition is not None]

"""Where a value comes from, in two shapes the readers of `sources` leave:

- a value the person must type themselves, said in the passive with the person as agent:
  "member numbers and birth dates must be entered by the member personally", "lot and tray
  numbers must be entered by the grower themselves", "the berth code must only be given by
  the skipper". Each value of the subject (a shared head is shared: "lot and tray numbers"
  is "lot number" and "tray number") must come from the user (`from_user`), on every tool
  taking it;
- "also" between the modal and the source ("the new berth must also come from T"): the
  sentence says the same as without it (`without_also`).

Not read: someone who is no user of the chat ("typed by the clerk", "entered by staff"); a
value named by a pronoun or a generic word ("they have to be typed by the member": which
value is said in another sentence); a value no argument names stays reviewed
(`condition-not-bound`), as every value of `sources` does.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.grammar_emit import Emit
from specgap.extract.noact_respell import spelt
from specgap.extract.people import PERSON
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import ANY_TOOL, singular

_MODAL = (
    r"(?:must|have\s+to|has\s+to|need\s+to|needs\s+to|should|shall|are\s+to|is\s+to|"
    r"may\s+only|can\s+only)"
)
_TYPED = re.compile(
    r"^\W*(?:(?:the|any|all|every|each|a|an)\s+)?(?P<np>[A-Za-z][\w-]*(?:(?:\s+|\s*,\s*|\s+(?:and|or)"
    r"\s+)[A-Za-z][\w-]*){0,5}?)\s+" + _MODAL + r"\s+(?:only\s+|always\s+)?be\s+(?:typed|entered|"
    r"keyed|given|provided|supplied|stated|spelled\s+out|read\s+out|written)(?:\s+(?:in|out))?\s+"
    r"(?:only\s+)?by\s+(?:the\s+|a\s+|each\s+)?(?P<who>" + PERSON + r")s?"
    r"(?:\s+(?:themselves|himself|herself|personally))?\b",
    re.I,
)
# roles that act for the user, not the user: their value is no user input
_NOT_USER = re.compile(r"^(?:staff|clerk|agent|assistant|manager|admin\w*|operator|team)s?$", re.I)
_PRONOUNS = frozenset({"they", "it", "them", "these", "those", "this", "that", "values", "value"})
_ALSO = re.compile(
    r"\b(?P<modal>must|should|shall|has\s+to|have\s+to|needs?\s+to|may\s+only|can\s+only)\s+also\b",
    re.I,
)


def without_also(text: str) -> str:
    """ "the new berth must also come from T" as "the new berth must come from T"."""
    return _ALSO.sub(lambda m: m["modal"], text)


Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]


def reread_also(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A sentence nothing was read from, read again without its "also" (`read`: the
    extractor's reading of one sentence); the first reading when that gives nothing."""
    if rules or not _ALSO.search(sentence.text):
        return rules, diagnostics
    found, notes = read(spelt(sentence, without_also(sentence.text)))
    if not found:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in found], notes


def typed_by_user(clean: str) -> list[Emit]:
    """`arg_grounded` from the user for each value the person must type (module docstring)."""
    m = _TYPED.search(clean)
    if m is None or _NOT_USER.match(m["who"]):
        return []
    facets = _values(m["np"])
    if not facets:
        return []
    given = {"from_user": True, "from_tools": []}
    return [Emit("arg_grounded", ANY_TOOL, {"facet": f, **given}, 0.7) for f in facets]


def _values(np: str) -> list[str]:
    """`account and routing numbers` -> `account number`, `routing number`; `pin` -> `pin`."""
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", np) if p]
    parts = [p for p in parts if p]
    if not parts or any(p.casefold() in _PRONOUNS for p in parts):
        return []
    *first, last = parts
    words = last.split()
    head = singular(words[-1])
    values = [" ".join([*words[:-1], head])]
    for part in first:
        said = part.split()
        # "account and routing numbers": a one-word part takes the shared head
        shared = len(said) == 1 and len(words) > 1
        value = f"{part} {head}" if shared else " ".join([*said[:-1], singular(said[-1])])
        values.insert(len(values) - 1, value)
    return [v.casefold() for v in values]

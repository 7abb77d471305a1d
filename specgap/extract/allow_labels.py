"""The words of an argument a list of values is given for, as the resolver reads them.

A configuration-like label (`allowed_currencies: EUR, USD`, `permittedRegions: ...`) is an
identifier: its words are split at `_`, `-`, `.` and case changes, and a leading word that
only says the values are the only ones (`allowed`, `valid`, `supported`) is no word of the
argument's name. A plural head noun ("currencies", "warehouses") is made singular by the
lexicon, as the argument holds one of the values: the resolver finds `currency` in a
parameter described as "Target currency", never "currencies".
"""

from __future__ import annotations

import re

_IDENTIFIER = re.compile(
    r"^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+$|^(?>[a-z]+(?:[A-Z][a-z0-9]+)+)$"
)
_QUALIFIERS = frozenset(
    {"allowed", "accepted", "valid", "permitted", "supported", "acceptable", "permissible",
     "approved", "only", "available"}
)  # fmt: skip
_USUAL = frozenset({"standard", "default", "preferred", "recommended", "usual", "common"})
# a plural the argument's own name may keep: `tags`, `ids` (a list argument) stay as said
_LIST_NOUNS = frozenset({"ids", "tags", "items", "values", "options", "codes"})


def argument_words(np: str) -> str:
    """`allowed_currencies` -> "currency"; "destination countries" -> "destination country";
    a phrase with no plural head, or a head the lexicon does not know, is unchanged."""
    said = np.strip()
    if _IDENTIFIER.match(said):
        split = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", said)
        words = [w.casefold() for w in re.split(r"[_.\-\s]+", split) if w]
        while len(words) > 1 and words[0] in _QUALIFIERS:
            words = words[1:]
        said = " ".join(words)
    words = said.split()
    while len(words) > 1 and words[0].casefold() in _USUAL:
        words = words[1:]  # "the standard carriers": the carriers
    while len(words) > 1 and words[-1].casefold() in _QUALIFIERS:
        words = words[:-1]  # "settlement currencies allowed": the settlement currency
    said = " ".join(words)
    if not words or words[-1].casefold() in _LIST_NOUNS:
        return said
    from specgap.extract.english import lemmas

    last = words[-1]
    nouns = lemmas(last.casefold()).get("NOUN", ())
    if nouns and nouns[0] != last.casefold() and last.casefold().endswith("s"):
        words[-1] = nouns[0]
    return " ".join(words)

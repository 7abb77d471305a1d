"""A set of values defined once by a term and used by that term in a rule elsewhere:

    Approved Hauliers are TruckCo, RailCo and Ferry Line.
    Crates may only be shipped with Approved Hauliers.

`expand_terms` finds the definitions of an artifact (a capitalised term of up to four words,
or one in quotes or bold, then `are` / `is` / `means` / `consist of` / `include only` or a
colon, then the values: quoted, or items of up to three words separated by commas and
`and` / `or`) and, in every other sentence of the artifact that says the term, writes the
values where the term is, after its head noun: "... with hauliers `TruckCo`, `RailCo` or
`Ferry Line`.", which the readers of values after a preposition or of closed lists then read. The
written words sit where the term is, so the rule cites the sentence. A term defined twice
with other values, a definition that calls its list open ("include", "such as"), and a term
of one plain word (a common noun, "Carriers are ...") are left as they are; the sentence of
the definition itself is not rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.extract.segments import Sentence
from specgap.sections import defines_terms

__all__ = ["defines_terms", "definitions", "expand_terms"]

_TERM = (
    r"(?P<term>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){1,3}|\*\*[^*\n]{2,40}\*\*|\"[^\"\n]{2,40}\"|"
    r"\u201c[^\u201d\n]{2,40}\u201d)"
)
_WORD = r"[A-Za-z0-9][\w&-]*(?:\.[\w&-]+)*"
_ITEM = (
    r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|"
    + _WORD
    + r"(?:[ \t]+(?!(?i:and|or|nor)\b)"
    + _WORD
    + r"){0,2})"
)
_LIST = (
    r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s+(?:and|or)\s+"
    + _ITEM + r")+)"
)  # fmt: skip
_DEFINED = re.compile(
    r"^\W*(?:the\s+|our\s+)?" + _TERM + r"\s*(?:(?:are|is|means|consist\s+of|comprise|"
    r"include\s+only|are\s+only|are\s+exactly)\s*:?|:)\s*" + _LIST + r"\s*[.;]?\s*$",
)
_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")
_OPEN = re.compile(r"\b(?:such\s+as|like|e\.g|for\s+example|including|etc|among\s+others)\b", re.I)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "it", "they", "this",
     "that", "these", "those", "be", "is", "are", "we", "you", "must", "may", "can", "only"}
)  # fmt: skip


def definitions(sentences: Iterable[Sentence]) -> dict[str, tuple[str, ...]]:
    """term -> its values, for each term defined once (or always alike) in the sentences."""
    found: dict[str, tuple[str, ...]] = {}
    clashing: set[str] = set()
    for s in sentences:
        if s.subject is not None:
            continue
        m = _DEFINED.match(s.clean.strip())
        if m is None or _OPEN.search(s.clean):
            continue
        term = m["term"].strip('*"\u201c\u201d ')
        values = tuple(_unquoted(v) for v in _SPLIT.split(m["list"].strip()) if v)
        if len(values) < 2 or any(w.casefold() in _NOT_VALUES for v in values for w in v.split()):
            continue
        if term in found and found[term] != values:
            clashing.add(term)
        found[term] = values
    return {t: v for t, v in found.items() if t not in clashing}


def expand_terms(pending: list[Sentence]) -> list[Sentence]:
    """The sentences, each use of a defined term in another sentence of the same artifact
    replaced by the term and its values (module docstring)."""
    out: list[Sentence] = []
    by_artifact: dict[int, dict[str, tuple[str, ...]]] = {}
    for s in pending:
        key = id(s.artifact)
        if key not in by_artifact:
            by_artifact[key] = definitions(x for x in pending if x.artifact is s.artifact)
        terms = by_artifact[key]
        out.append(_written(s, terms) if terms and s.subject is None else s)
    return out


def _written(s: Sentence, terms: dict[str, tuple[str, ...]]) -> Sentence:
    if _DEFINED.match(s.clean.strip()):
        return s  # the definition itself
    for term, values in terms.items():
        m = re.search(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])", s.text)
        if m is None:
            continue
        listed = [f"`{v}`" for v in values]
        # the term's head noun names the argument ("Approved Hauliers": the haulier)
        said = f"{term.split()[-1].casefold()} {', '.join(listed[:-1])} or {listed[-1]}"
        return s.replaced(*m.span(), said)
    return s


def _unquoted(value: str) -> str:
    return value[1:-1] if value[:1] in "`'\"" and value[-1:] == value[:1] else value

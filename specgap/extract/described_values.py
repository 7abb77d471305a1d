"""The only values of a parameter, said in its description instead of an `enum`:
"Delivery channel. One of: email, sms, letter.", "Allowed: `low`, `high`", "Valid values are
'a' and 'b'", "Possible values: a, b", "Must be either 'a' or 'b'".

`described_values` reads the values out of a description (or nothing: a list called an
example, "e.g." or "such as", is no closed list, and neither is a single value nor words
that are a sentence). `description_allowlists` compiles, for each top-level string
parameter whose description says its values and whose schema has no `enum`, the `enum` the
description states: a `schema_contract` (the schema's own contract, as an `enum` is, never
counted as a rule of the prose), cited at the description's sentence.
`specgap.argfit` also reads them as the values a schema lists when prose says a value in
words ("the delivery channel must be sms or email"), and there a description that is only
a list ("sms or email", "Kind of visit: checkup or surgery") lists them too (`listed_only`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.grammar_emit import Emit
from specgap.extract.segments import description_sentences
from specgap.ir import CandidateRule
from specgap.toolspecs import ToolSpec

_QUOTED = r"`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\""
_BARE = r"(?>[A-Za-z0-9][\w.:/+-]*[\w/+]|[A-Za-z0-9])"
_VALUE = r"(?:" + _QUOTED + r"|" + _BARE + r")"
_SEP = r"(?:\s*[,|/]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)"
_LIST = r"(?P<list>" + _VALUE + r"(?:" + _SEP + _VALUE + r")+)"
_INTRO = re.compile(
    r"(?:^|[.;(]\s*)(?:(?:it\s+)?(?:must|should|can|may)\s+(?:only\s+)?be\s+)?(?:"
    r"one\s+of|(?:the\s+)?(?:allowed|accepted|valid|permitted|possible|supported)"
    r"(?:\s+values?)?(?:\s+(?:are|is))?|either|values?\s*:|options?\s*:|choices?\s*:)"
    r"\s*:?\s*" + _LIST + r"\s*(?:[.;)]|$)",
    re.I,
)
_SPLIT = re.compile(r"\s*[,|/]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)
_OPEN = re.compile(
    r"\b(?:e\.g|eg|for\s+example|such\s+as|like|typically|usually|among\s+others|etc|"
    r"including|for\s+instance|default)\b",
    re.I,
)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "no", "not", "other", "others", "it", "this",
     "that", "these", "those", "be", "is", "are", "etc", "of", "to", "for", "with", "by", "if",
     "when", "only", "more", "less", "each", "every", "following", "below", "above"}
)  # fmt: skip


def described_values(description: str) -> tuple[str, ...]:
    """The values a parameter's description says are its only ones, or ()."""
    text = " ".join(description.split())
    m = _INTRO.search(text)
    if m is None or _OPEN.search(text):
        return ()
    raw = [v for v in _SPLIT.split(m["list"].strip()) if v]
    values = tuple(v[1:-1] if v[:1] in "`'\"" else v for v in raw)
    if len(values) < 2 or any(v.casefold() in _NOT_VALUES for v in values):
        return ()
    if re.match(r"^\W*either\b", text[m.start() :].lstrip(".;( "), re.I) and len(values) != 2:
        return ()  # "either a, b or c" is prose, not two choices
    return tuple(dict.fromkeys(values))


def schema_listed(schema: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The values a parameter's schema lists: its `enum`, or those its description says."""
    if schema is None:
        return ()
    enum = schema.get("enum")
    if isinstance(enum, list):
        return tuple(str(e) for e in enum)
    text = schema.get("description")
    return (described_values(text) or listed_only(text)) if isinstance(text, str) else ()


# a description that is nothing but a list, after an optional label: "sms or email",
# "Kind of visit: checkup, vaccination or surgery"
_ONLY_A_LIST = re.compile(r"^(?:[A-Za-z][\w -]{0,40}:\s*)?" + _LIST + r"\s*\.?$")


# ... of three or more values, some of two or three words: "tune-up, e-bike service or wheel
# build", "card, cash or room charge", with no label ("Keywords: maker, title or accession
# number" says what a text may hold); two phrases alone ("guest or company name") may be one
# noun's words, never read so
_PHRASE = r"(?:[A-Za-z][\w-]*(?:\s+(?!(?:and|or)\b)[A-Za-z][\w-]*){0,2})"
_ONLY_A_PHRASE_LIST = re.compile(
    r"^(?P<list>" + _PHRASE + r"(?:\s*,\s*" + _PHRASE + r")+\s*,?"
    r"\s+(?:and|or)\s+" + _PHRASE + r")\s*\.?$"
)
_FUNCTION = frozenset(
    {"a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "from", "its", "their",
     "his", "her", "this", "that", "which", "who"}
)  # fmt: skip


def listed_only(description: str) -> tuple[str, ...]:
    """The values of a description that is only a list of them (after an optional label),
    or (). Read when prose names values in words, to check the schema has them; never a
    contract of its own (a bare list may be examples)."""
    text = " ".join(description.split())
    m = _ONLY_A_LIST.match(text)
    phrases = _ONLY_A_PHRASE_LIST.match(text) if m is None else None
    if (
        phrases is not None
        and not {w.casefold() for w in re.findall(r"[A-Za-z]+", text)} & _FUNCTION
    ):
        m = phrases
    if m is None or _OPEN.search(text):
        return ()
    values = tuple(v[1:-1] if v[:1] in "`'\"" else v for v in _SPLIT.split(m["list"]) if v)
    if len(values) < 2 or any(v.casefold() in _NOT_VALUES for v in values):
        return ()
    return tuple(dict.fromkeys(values))


def description_allowlists(artifact: Artifact, spec: ToolSpec) -> Iterator[CandidateRule]:
    """One allowlist per top-level parameter whose description lists its only values."""
    from specgap.extract.desc4_values import desc4_values  # the other shapes of a list
    from specgap.extract.grammar_rules import candidate

    if spec.schema_pointer is None:
        return
    props = spec.schema.get("properties")
    if not isinstance(props, dict):
        return
    for name, prop in props.items():
        if not isinstance(prop, dict) or "enum" in prop or prop.get("type", "string") != "string":
            continue  # (a list of types, or another type: no words to list)
        if not isinstance(prop.get("description"), str):
            continue
        pointer = f"{spec.schema_pointer}/properties/{_escape(str(name))}/description"
        for sentence in description_sentences(artifact, pointer, spec.name):
            values = described_values(sentence.clean) or desc4_values(sentence.clean, str(name))
            if values:
                fragment = {"properties": {str(name): {"enum": list(values)}}}
                emit = Emit("schema_contract", spec.name, {"schema": fragment}, 1.0)
                # the tool is the one described: named exactly, as its schema's own enum
                yield candidate(sentence, emit).model_copy(update={"grounding": "exact"})
                break


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")

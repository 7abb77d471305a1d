"""More shapes of a parameter's only values, said in its description (docs/descriptions-four.md).

`described_values` reads a list after an intro word ("One of a, b", "Allowed: a, b"). People
also write the list alone or after a label of their own, and this module reads those:

- a label, then the list: "How it travels: road or rail.", "Why: a, b or other.",
  "Optional: a, b or c."; after a comma only codes ("Region code, EU or UK.");
- the list alone: "draft or final.", "a | b | c", "dev, test, or prod (default dev).";
- the list, then a clause after a semicolon: "a or b; no other value.";
- a parenthesised list after a label: "Priority (low, normal or high).";
- "Must be a, b or c.", "Can only be a or b.";
- quoted values, each followed by its meaning: "`a` to do this or `b` to do that.";
- one value with "only": "only `x` is accepted", "we serve the UK only, so this must be UK".

A list is alternatives only when its last link is "or" (or "|", "/"): "Street and number" is
two parts of one value. Not a restriction: an example ("e.g.", "such as", "like", "for
instance", "etc."), words in sentence case ("Phone or email." names kinds, not literal
values), a multi-word item, a free-text parameter (a query, a note, a message). What is read
compiles to the same schema `enum` as "One of ..." (`described_values.description_allowlists`).
"""

from __future__ import annotations

import re

_QUOTED = r"`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\""
_BARE = r"[#@]?[A-Za-z0-9][\w.:+-]*[\w+]|[A-Za-z0-9]"
_VALUE = r"(?:" + _QUOTED + r"|" + _BARE + r")"
_SEP = r"(?:\s*,\s*(?:or\s+)?|\s+or\s+|\s*[|/]\s*)"
_LIST = r"(?P<list>" + _VALUE + r"(?:" + _SEP + _VALUE + r")+)"
_SPLIT = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+|\s*[|/]\s*", re.I)
_LAST_OR = re.compile(r"(?:\bor\s+|[|/]\s*)" + _VALUE + r"\s*$", re.I)
_DEFAULT = re.compile(r"\s*[(,;]\s*(?:the\s+)?defaults?(?:\s+(?:is|to))?\s*:?\s*(?P<value>"
                      + _VALUE + r")\s*\)?", re.I)  # fmt: skip
_TAIL = r"\s*(?:\.|;.*|\s[-—–]\s.*)?\s*$"
_LABEL = r"[A-Za-z][\w '’-]{0,40}?"

_LABELLED = re.compile(r"^(?:(?P<label>" + _LABEL + r")\s*:\s*)?" + _LIST + _TAIL)
_COMMA_LABELLED = re.compile(r"^(?P<label>" + _LABEL + r")\s*,\s*" + _LIST + _TAIL)
_PARENS = re.compile(r"^(?P<label>" + _LABEL + r")\s*\(\s*" + _LIST + r"\s*\)\s*\.?$")
_MUST = re.compile(
    r"^(?:(?:it|this|the\s+value)\s+)?(?:must|can|may|should)\s+(?:only\s+)?be\s+" + _LIST + _TAIL,
    re.I,
)
_OPEN = re.compile(
    r"\b(?:e\.g|eg|i\.e|for\s+example|such\s+as|like|typically|usually|among\s+others|etc|"
    r"including|for\s+instance|say|and\s+so\s+on|or\s+similar|and\s+more)\b",
    re.I,
)
_ONE = re.compile(
    r"(?:\bonly\s+(?P<a>" + _VALUE + r")\s+(?:is|are)\s+(?:accepted|allowed|permitted|supported|"
    r"valid)|\b(?:must|can)\s+(?:only\s+)?be\s+(?P<b>" + _VALUE + r")(?:\s+only)?)\s*[.;]?\s*$",
    re.I,
)
_FREE_TEXT = re.compile(
    r"(?:query|keyword|search|text|note|message|body|comment|summary|description|title|"
    r"subject|name|address|email|phone|url|path)s?$",
    re.I,
)
_FREE_LABEL = re.compile(
    r"\b(?:query|keywords?|search|terms?|words?|text|notes?|message|comments?|summary|"
    r"description|examples?|names?|address(?:es)?)\b",
    re.I,
)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "no", "not", "other", "others", "it", "this",
     "that", "these", "those", "be", "is", "are", "etc", "of", "to", "for", "with", "by", "if",
     "when", "only", "more", "less", "each", "every", "following", "below", "above", "and",
     "or", "none", "both", "either", "neither", "one", "two", "three", "ones", "first", "last",
     "next", "later", "here", "there", "yes"}
)  # fmt: skip


def _unquote(value: str) -> str:
    return value[1:-1] if value[:1] in "`'\"" else value


def _code(value: str) -> bool:
    """A value written as a code, not a word of prose: quoted, upper case, or with a digit,
    an underscore, a hyphen, a dot or a leading sign inside."""
    if value[:1] in "`'\"#@":
        return True
    return (value.isupper() and len(value) > 1) or bool(re.search(r"[\d_.-]", value))


def _items(listed: str) -> tuple[str, ...] | None:
    if not _LAST_OR.search(listed):
        return None  # "a and b", "a, b": parts or a series, not alternatives
    raw = [v for v in _SPLIT.split(listed.strip()) if v]
    # "a_b, c_d or other": a catch-all value beside codes is one of them
    spare = {"other", "none"} if any(_code(v) for v in raw) else set()
    if len(raw) < 2 or any(_unquote(v).casefold() in _NOT_VALUES - spare for v in raw):
        return None
    return tuple(raw)


def _sentence_case(raw: tuple[str, ...]) -> bool:
    """ "Phone or email": a capital starting the sentence, then words, names kinds of value."""
    first = raw[0]
    return (
        first[:1].isupper()
        and not first.isupper()
        and not _code(first)
        and any(v[:1].islower() and not _code(v) for v in raw[1:])
    )


def desc4_values(sentence: str, parameter: str) -> tuple[str, ...]:
    """The only values one sentence of `parameter`'s description lists, or () (docstring)."""
    if _FREE_TEXT.search(re.sub(r"[^A-Za-z]", "", parameter)):
        return ()
    text = " ".join(sentence.split())
    default = _DEFAULT.search(text)
    if default is not None:  # "a, b or c (default a)": the default is one of them
        text = (text[: default.start()] + text[default.end() :]).strip()
    if _OPEN.search(text):
        return ()
    raw = _read(text)
    if raw is None:
        return ()
    values = tuple(dict.fromkeys(_unquote(v) for v in raw))
    if default is not None and _unquote(default["value"]) not in values:
        return ()
    return values


def _read(text: str) -> tuple[str, ...] | None:
    for shape in (_LABELLED, _PARENS, _MUST):
        m = shape.match(text)
        if m is None:
            continue
        raw = _items(m["list"])
        if raw is None:
            return None
        label = m.groupdict().get("label")
        if shape is _LABELLED and not label and _sentence_case(raw):
            return None
        if label and _FREE_LABEL.search(label):
            return None  # "Keywords: a or b": words to search for, not the values
        return raw
    m = _COMMA_LABELLED.match(text)
    if m is not None:
        raw = _items(m["list"])  # "Region code, EU or UK": codes only (else it is prose)
        return raw if raw is not None and all(_code(v) for v in raw) else None
    quoted = _quoted_meanings(text)
    if quoted:
        return quoted
    m = _ONE.search(text)
    if m is not None and re.search(r"\bonly\b|\bno\s+other\b", text, re.I):
        value = m["a"] or m["b"]
        if _code(value) and _unquote(value).casefold() not in _NOT_VALUES:
            return (value,)
    return None


def _quoted_meanings(text: str) -> tuple[str, ...] | None:
    """ "`a` to do this, or `b` to do that": the sentence starts with a quoted value and every
    other quoted value follows "or" or a comma."""
    if not re.match(r"^(?:" + _QUOTED + r")", text):
        return None
    found = list(re.finditer(_QUOTED, text))
    if len(found) < 2:
        return None
    for m in found[1:]:
        before = text[: m.start()].rstrip()
        if not re.search(r"(?:\bor|,|\|)$", before, re.I):
            return None
    if not re.search(r"\bor\s*(?:" + _QUOTED + r")", text):
        return None
    return tuple(m[0] for m in found)

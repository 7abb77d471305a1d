"""Defined terms a later clause relies on (hprose5, prose seven).

A compliance memo or a house rulebook defines its words once ('"Cleared Customer" means a
customer whose account was found with `find_customer` during the current conversation',
'A "Frozen Member" means a member whose status reads frozen') and its later clauses use them
("No job may be created for anyone who is not a Cleared Customer", "A Frozen Member is not
to be booked"). The readers know neither the term nor its meaning: the later clause gives
nothing, or worse, the term's own word read as a state value ("lapsed").

`definitions` reads the document's definitions once (per artifact text) into two kinds the
readers can use:

- a **step** term: its definition names a tool the person or thing went through ("checked
  with T", "taken through T", "found with T"); a later "for anyone who is not a TERM" is
  spelt "before T has been called", "only to TERMs" / "only once it is TERM" is spelt "only
  after T has been called";
- a **state** term: its definition is one noun whose field has listed values ("a ticket
  whose status is open or waiting_parts", "... shows the status police_hold", "the register
  shows the pledge as in_grace"); a later "a TERM" is spelt "a <noun> whose <field> is
  <values>", "Xs under a TERM" "Xs whose <field> is <values>", "within its TERM" the values.

`with_terms` (the hook at the top of `reading.read_sentence`) gives every reader the spelt
sentence (its span and quote stay the sentence's own), so the readers' own binding,
conditions and notes apply to it and a rule is never stronger than the spelt sentence. A
prompt that defines a quoted term another line uses is not cut into sections
(`specgap.sections.quoted_terms_used`, which `defines_terms` calls), so a later section sees
the definition. A term whose definition is neither (two disjuncts: "whose
category is bullion, or whose amount is above 2,500"; a thing no tool or field names) is not
spelt: the sentence keeps its first reading, and when that is an enforced rule the term's
rule keeps the term as its condition (`reread`): review_only, with the located note of a
condition not bound. Only a term that picks out some of a kind (two words, or "whose") does
this; a plain noun's definition ('"Customer" means a person on the register') restricts
nothing.
Not read: terms defined outside the document, a term defined after its use is still read
(a definition holds for the whole document), lower-case uses of the term's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.noact_respell import Read, spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.sections import QUOTED_DEFINITION, quoted_terms_used

__all__ = [
    "TOOL_ID", "Term", "definitions", "quoted_terms_used", "reread", "respelt", "with_terms",
]  # fmt: skip

# '1.2 A "Verified Customer" means ...', '"Settled" means that ...'
_DEF = QUOTED_DEFINITION
# a tool id in any style (its separators never letters or digits, so no backtracking)
TOOL_ID = (
    r"(?:[A-Za-z][A-Za-z0-9]*(?:(?:_{1,2}|[.-])[A-Za-z0-9]+)+"
    r"|(?-i:[a-z]+[0-9]*(?:[A-Z][a-z0-9]+)+))"
)
_STEP = re.compile(r"\b(?:with|through|by|using|via)\s+`?(?P<tool>" + TOOL_ID + r")`?(?:\(\))?")
# a clause's number ("3.1 ", "4.2. ", "(b) ")
_NUMBER = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|\([a-z0-9]{1,3}\))\s+")
_VALUE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
_VALUES = rf"(?P<vals>{_VALUE}(?:\s*,\s*{_VALUE})*(?:\s*,?\s*or\s+{_VALUE})?)"
# "a ticket whose status is open or waiting_parts" (one noun, one field, nothing after)
_WHOSE = re.compile(
    r"^(?:that\s+)?(?:an?\s+|the\s+)?(?P<noun>[a-z]+(?:\s[a-z]+)?)\s+whose\s+"
    r"(?P<field>[a-z]+(?:\s[a-z]+){0,2})\s+(?:is|reads|shows)\s+" + _VALUES + r"\s*\.?\s*$"
)
# "... shows the status police_hold", "the register shows the pledge as in_grace"
_SHOWS = re.compile(
    r"\bshows?\s+(?:the\s+status\s+(?P<a>"
    + _VALUE
    + r")|(?:the\s+[a-z]+\s+)?as\s+(?P<b>"
    + _VALUE
    + r"))\b"
)


@dataclass(frozen=True)
class Term:
    word: str  # as the document spells it
    tool: str | None = None  # a step term: the tool it names
    noun: str = ""  # a state term: the noun, the field and the values
    field: str = "status"
    values: tuple[str, ...] = ()


def _values(text: str) -> tuple[str, ...]:
    return tuple(v for v in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", text.strip()) if v)


def _term(word: str, body: str) -> Term | None:
    body = body.strip()
    if re.search(r",?\s+or\s+whose\b", body):  # two disjuncts: no one state
        return None
    if (step := _STEP.search(body)) is not None:
        return Term(word, tool=step["tool"])
    if (whose := _WHOSE.match(body)) is not None:
        return Term(word, noun=whose["noun"], field=whose["field"],
                    values=_values(whose["vals"]))  # fmt: skip
    if (shows := _SHOWS.search(body)) is not None:
        return Term(word, values=(shows["a"] or shows["b"],))
    return None


@lru_cache(maxsize=64)
def definitions(text: str) -> dict[str, Term | None]:
    """The document's defined terms: each term's reading, None where it is neither kind."""
    found: dict[str, Term | None] = {}
    for m in _DEF.finditer(text):
        found.setdefault(m["term"], _term(m["term"], m["body"]))
    return found


@lru_cache(maxsize=64)
def _restricting(text: str) -> frozenset[str]:
    """The terms that pick out some of a kind ("a pledge whose category is ..."), or have
    two words: a plain noun's definition ("Customer" means a person on the register)
    restricts nothing a rule would lose."""
    return frozenset(
        m["term"] for m in _DEF.finditer(text)
        if " " in m["term"] or re.search(r"\bwhose\b", m["body"])
    )  # fmt: skip


def _quotes(document: str) -> bool:
    """Whether the document has a quote mark, without which it defines no term."""
    return '"' in document or "“" in document


def _uses(text: str, word: str) -> bool:
    """Whether `text` says the defined term (or its plural)."""
    return re.search(r"\b" + re.escape(word) + r"s?\b", text) is not None


def _list(values: tuple[str, ...]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _spell_step(text: str, t: Term) -> str:
    w = re.escape(t.word) + r"s?\b"
    call = f"{t.tool} has been called"
    text = re.sub(
        r"\b(?:for|to|of)\s+(?:anyone|anybody|someone|any\s+[a-z]+|a\s+[a-z]+)\s+who\s+is\s+"
        r"not\s+(?:an?\s+|the\s+)?" + w, f"before {call}", text)  # fmt: skip
    text = re.sub(r"\bonly\s+(?:to|for)\s+(?:an?\s+|the\s+)?" + w, f"only after {call}", text)
    return re.sub(
        r"\bonly\s+(?:once|when|while|after)\s+(?:it|they|he|she|the\s+[a-z]+)\s+(?:is|are|"
        r"has\s+been)\s+(?:an?\s+)?" + w, f"only once {call}", text)  # fmt: skip


def _spell_state(text: str, t: Term) -> str:
    w = re.escape(t.word) + r"(?P<pl>s?)\b"
    vals = _list(t.values)
    # "Pledges under a Hold", "a ticket in an Open Ticket"
    text = re.sub(r"\b(?P<n>[A-Za-z]+)\s+(?:under|in)\s+(?:an?|the)\s+" + re.escape(t.word)
                  + r"\b", rf"\g<n> whose {t.field} is {vals}", text)  # fmt: skip
    # "while the pledge is still in its Grace Period": the thing's own field
    text = re.sub(r"\b(?P<np>the\s+[a-z]+)\s+is\s+(?:still\s+)?(?:in|within|under)\s+"
                  r"(?:its|their)\s+" + re.escape(t.word) + r"\b",
                  rf"\g<np>'s {t.field} is {vals}", text)  # fmt: skip
    text = re.sub(r"\b(?:in|within|under)\s+(?:its|their|an?|the)\s+" + re.escape(t.word)
                  + r"\b", vals, text)  # fmt: skip
    text = re.sub(r"\b(?:it|they)\s+(?:is|are)\s+(?:an?\s+)?" + re.escape(t.word) + r"\b",
                  f"its {t.field} is {vals}", text)  # fmt: skip
    if t.noun:
        text = re.sub(
            r"\b(?P<det>[Aa]n?|[Aa]ny|[Ee]very|[Tt]he)?\s*" + w,
            lambda m: (
                (f"{m['det'] or 'a'} {t.noun}" if not m["pl"] else f"{t.noun}s")
                + f" whose {t.field} is {vals}"
            ),
            text,
        )
    return text


def respelt(sentence_text: str, document: str) -> str | None:
    """The sentence with the document's defined terms spelt out, or None where it uses none
    the readers can use (a definition itself is never spelt)."""
    if _DEF.search(sentence_text):
        return None
    text = plain = _NUMBER.sub("", sentence_text)
    for word, t in definitions(document).items():
        if t is None or not _uses(text, word):
            continue
        text = _spell_step(text, t) if t.tool else _spell_state(text, t)
    return None if text == plain else text


def with_terms(sentence: Sentence) -> Sentence:
    """The sentence with the document's defined terms spelt out (`respelt`), read whole by
    every reader; the sentence itself where it uses none they can use."""
    document = sentence.artifact.text
    if sentence.subject is not None or not _quotes(document):
        return sentence
    again = respelt(sentence.clean, document)
    return sentence if again is None else spelt(sentence, again)


def _unbound(sentence: Sentence, document: str) -> str | None:
    """The first term of the document the sentence uses that no reading binds."""
    for word, t in definitions(document).items():
        if t is None and word in _restricting(document) and _uses(sentence.clean, word):
            return word
    return None


def reread(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    read: Read,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A rule of a sentence using a restricting term no reading binds ("Every Restricted
    Pledge is reviewed") keeps the term as its condition: review_only, with its note.
    (`read` is the reread interface's; the spelling itself is `with_terms`'.)"""
    document = sentence.artifact.text
    if not _quotes(document):
        return rules, diagnostics
    word = _unbound(sentence, document)
    if word is not None and any(r.condition is None for r in rules):
        said = f'the defined term "{word}" (its definition names no tool step and no one state)'
        rules = [r if r.condition else r.model_copy(update={"condition": said}) for r in rules]
        diagnostics = [*diagnostics, *(condition_diagnostic(sentence, r) for r in rules
                                       if r.condition == said)]  # fmt: skip
    return rules, diagnostics

"""Lines marked with the kind of line they are (thirty-first session): a prompt written as
"**Myth:** ..." / "**Fact:** ..." lines, "Rule: ..." / "Example: ...", "Do: ..." / "Why: ...",
and a definition list's ": ..." lines under a term.

A label that opens three lines or more of one prompt, and that the prompt names as a kind of
line ("these beliefs are listed as **Myth** lines", "only the Fact lines are instructions"),
says what kind of line follows, not what the line is about: "Fact: `FindPupil` is the first
tool of every chat" states a rule whose subject is the tool, not a rule about "facts" (read
with it, "Fact" was taken for a tool). So the label is no word of the sentence: the sentence
starts after it. A topic label ("Refunds: ...", read by `elided17`), or a label the prompt
never names as a kind of line, is left as it is.

When the prompt says which kind of line binds ("Only the Fact lines are instructions") or which
does not ("a Myth line is ... never to be followed", "Example lines are not rules"), the lines of
the other kinds, or of that kind, state no rule: their sentences are not read.

A label may also end with a full stop, maybe after a number, as a textbook or a code of
rules numbers its statements ("Theorem 4.3.1. Every ...", "Axiom 2. ...", "Remark. ...",
"Historical note. ...", forty-fourth session); such a label is a kind of line when the prompt
names it, in the singular or the plural, in a sentence that says what binds ("every Axiom,
Theorem and Lemma binds the assistant", "Proofs, Examples and Remarks bind nothing", "Lines
beginning "Why we ask:" bind nothing"), however few lines it opens: a sentence saying what
binds names kinds, not topics (a label it names alone, unquoted and not as "lines", may be a
topic: "refunds are binding"). The kinds named in a clause that says they bind nothing ("bind
nothing", "do not bind", "are not rules") state no rule.

A line opening with a colon and a space (`: Find the account first`, a Markdown definition
list's definition under its term) is read from after the colon.

A mark the prompt says binds what follows it on a line ("only the words after "Spotlight:"
bind", "the words after "Action taken:" on each incident line bind"; forty-ninth session) is
read so: on a line that holds it, the words before it (a runner's card, an incident's minute and
account) are not read, and the sentence starts after it. A mark named so in a clause that says it
binds nothing is no such mark.

A label with a number in it that opens three lines or more in the same shape ("A1 (8 bars):",
"B2 (8 bars):" as a dance's calls are cued by the tune's part; "Day 2:", "Q7:"; a footnote's
letter and a dash, "a \u2014 ..."; forty-ninth session) counts the lines, as a clause number
does: it is no word of the sentence, which starts after it ("B1 (8 bars): Only a booking ...
may be moved" is read from "Only"). The shape is the label with its numbers, and a capital
letter that prefixes one, made alike (a lone letter is any letter); a label said once or twice,
or without a number ("Refunds:", a topic), is left as it is.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

# a line's own label: "**Fact:**", "**Fact**:", "_Myth:_", "Fact:" (one to three words), or a
# numbered statement's: "Theorem 4.3.1.", "Axiom 2.", "Remark.", "Historical note."
_LABEL = re.compile(
    r"(?P<lead>[ \t]*(?:[-*+][ \t]+)?)(?P<label>[*_]{0,2}(?P<word>[A-Z][a-z]+(?:[ \t][a-z]+){0,2})"
    r"(?:[*_]{0,2}:[*_]{0,2}|(?P<number>[ \t]+\d{1,3}(?:\.\d{1,3}){0,3})?\.[*_]{0,2}))[ \t]+(?=\S)"
)
# "Only the Fact lines are instructions", "only **Fact** lines bind"
_ONLY = re.compile(
    r"\bonly\s+(?:the\s+)?[*_]{0,2}(?P<word>[A-Z][a-z]+)[*_]{0,2}\s+lines?\s+(?:are|is|bind|count|"
    r"hold|apply)\b",
    re.I,
)
# "a Myth line is there so you can spot the mistake, never to be followed", "Example lines
# are not rules"
_NOT = re.compile(
    r"\b[*_]{0,2}(?P<word>[A-Z][a-z]+)[*_]{0,2}\s+lines?\s+(?:is|are)\s+(?:[^.;]{0,60}?\b)?"
    r"(?:never\s+to\s+be\s+followed|not\s+(?:an?\s+)?(?:instructions?|rules?|to\s+be\s+followed))",
    re.I,
)
_AT_LEAST = 3  # lines a label opens to be a kind of line
# "the words after "Spotlight:"", "the text following 'Action taken:'": a mark that what binds
# follows, quoted, with its colon or bracket
_AFTER = re.compile(
    r"\b(?:words?|text|what(?:ever)?\s+(?:follows|comes))\s+(?:after|following)\s+(?:each\s+|"
    r"the\s+|an?\s+)?[\"\u201c'\u2018](?P<mark>[A-Za-z][^\"\u201d'\u2019\n]{0,23}[:)])[\"\u201d'\u2019]",
    re.I,
)
# a counter that labels a line: a number, maybe after a capital or a word ("A1", "Day 2",
# "Q7"), maybe with a note in brackets ("(8 bars)"), then a colon
# (or a footnote's letter and a dash: "a \u2014 ...", "B \u2013 ...")
_COUNTER = re.compile(
    r"[ \t]*(?P<word>(?:[A-Z](?=\d)|[A-Z][a-z]{1,9}[ \t])?\d{1,3}[a-z]?"
    r"(?:[ \t]*\([^()\n:]{1,24}\))?(?=:)|[A-Za-z](?=[ \t]+[\u2013\u2014]))"
    r"(?::|[ \t]+[\u2013\u2014])[ \t]+(?=\S)"
)


def _shape(label: str) -> str:
    """A counter label with its numbers, and a capital before one, made alike."""
    if len(label) == 1:
        return "A"  # a footnote's letter
    return re.sub(r"\b[A-Z](?=\d)", "A", re.sub(r"\d+", "9", label))


@dataclass(frozen=True)
class LineKinds:
    """The labels that open lines of a prompt, and those whose lines state no rule."""

    labels: frozenset[str]
    unread: frozenset[str]
    counters: frozenset[str] = frozenset()  # the shapes of the lines' counter labels
    marks: tuple[str, ...] = ()  # the marks what binds follows on a line ("Spotlight:")

    def after_mark(self, text: str, at: int) -> int:
        """Where the words a mark says bind start on the line at `at` of `text` (after the
        mark), or -1 when the line holds no mark."""
        end = text.find("\n", at)
        line = text[at : len(text) if end < 0 else end]
        found = [line.find(m) + len(m) for m in self.marks if m in line]
        return at + min(found) if found else -1

    def label_at(self, text: str, at: int) -> re.Match[str] | None:
        """The kind label (or counter label) that opens the line at `at` of `text`, if any."""
        c = _COUNTER.match(text, at) if self.counters else None
        if c is not None and _shape(c["word"]) in self.counters:
            return c
        m = _LABEL.match(text, at)
        return m if m is not None and m["word"].casefold() in self.labels else None


@functools.lru_cache(maxsize=64)
def line_kinds(doc: str) -> LineKinds | None:
    """The prompt's kinds of line (module docstring), or None when it labels none."""
    if ":" not in doc and "." not in doc:
        return None
    shapes = Counter(_shape(m["word"]) for line in doc.splitlines() if (m := _COUNTER.match(line)))
    counters = frozenset(s for s, n in shapes.items() if n >= _AT_LEAST)
    opened = [m for line in doc.splitlines() if (m := _LABEL.match(line)) is not None]
    said = Counter(m["word"].casefold() for m in opened)
    # (a label with a full stop is a kind only where a clause says what binds)
    colon = {m["word"].casefold() for m in opened if m["label"].rstrip("*_").endswith(":")}
    binding, bound_to_nothing = _said_to_bind(doc, frozenset(said))
    labels = frozenset(
        w
        for w, n in said.items()
        if w in binding or (n >= _AT_LEAST and w in colon and _named_kind(doc, w))
    )
    marks = _marks(doc)
    if not labels and not counters and not marks:
        return None
    unread: set[str] = set(bound_to_nothing & labels)
    for m in _ONLY.finditer(doc):
        if m["word"].casefold() in labels:
            unread |= labels - {m["word"].casefold()}
    unread |= {m["word"].casefold() for m in _NOT.finditer(doc)} & labels
    return LineKinds(labels, frozenset(unread), counters, marks)


# a clause that says what binds, and one that says what binds nothing
_BINDS = re.compile(r"\bbind(?:s|ing)?\b", re.I)
_BINDS_NOTHING = re.compile(
    r"\bbinds?\s+(?:nothing|no\s+one)\b|\b(?:do|does|did)\s+not\s+bind\b|\bnever\s+binds?\b|"
    r"\bnot\s+binding\b|\bare\s+not\s+(?:rules|instructions)\b",
    re.I,
)


def _said_to_bind(doc: str, words: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Among the label `words`, those a clause of `doc` that says what binds names (as they
    open lines, or in the plural), and those of them a clause says bind nothing."""
    named: set[str] = set()
    nothing: set[str] = set()
    for clause in re.split(r"[.;!?](?:\s|$)|\n", doc):
        if _BINDS.search(clause) is None:
            continue
        said = {w for w in words if re.search(rf"\b{re.escape(w)}(?:e?s)?\b", clause, re.I)}
        if len(said) < 2:  # one label said alone may be a topic ("refunds are binding") ...
            said = {w for w in said if _as_kind(clause, w)}  # ... unless said as a kind
        named |= said
        if _BINDS_NOTHING.search(clause) is not None:
            nothing |= said
    return frozenset(named), frozenset(nothing)


def _marks(doc: str) -> tuple[str, ...]:
    """The marks a clause of `doc` that says what binds names as what binding words follow, and
    that some later line holds after other words (`LineKinds.marks`)."""
    found: set[str] = set()
    for clause in re.split(r"[.;!?](?:\s|$)|\n", doc):
        if _BINDS.search(clause) is None or _BINDS_NOTHING.search(clause) is not None:
            continue
        found.update(m["mark"] for m in _AFTER.finditer(clause))
    held = [m for m in found if re.search(rf"\S[ \t]+{re.escape(m)}[ \t]+\S", doc)]
    return tuple(sorted(held))


def _as_kind(clause: str, word: str) -> bool:
    """Whether the clause says `word` as a kind of line: quoted, with its colon or full stop
    (`Lines beginning "Why we ask:"`), or beside "line" ("the Tip lines")."""
    w = re.escape(word)
    quoted = rf"[\"'\u201c\u2018`*_]{w}[:.]?[\"'\u201d\u2019`*_]"
    lines = rf"\b{w}(?:e?s)?\s+lines?\b"
    lines += rf"|\blines?\s+(?:beginning|starting|marked|headed)\s+(?:with\s+)?\S?{w}"
    return re.search(f"{quoted}|{lines}", clause, re.I) is not None


def _named_kind(doc: str, word: str) -> bool:
    """Whether the prompt speaks of the label's lines as a kind ("as **Myth** lines", "the
    Fact lines"): a label it never names so may be the topic its lines share."""
    return re.search(r"\b" + re.escape(word) + r"[*_]{0,2}\s+lines?\b", doc, re.I) is not None


_DEFINITION = re.compile(r":[ \t]+(?=\S)")


def definition_at(text: str, at: int) -> int:
    """Where a definition list's line read from `at` starts its words (after ": ")."""
    m = _DEFINITION.match(text, at)
    return m.end() if m is not None else at

"""A list of values given as bullets under the sentence that introduces it:

    Use only the following carriers:
    - `parcelco`
    - `freightline`

is one sentence to the grammar ("use only the following carriers: `parcelco`,
`freightline`"). `join_listed` joins an introducing sentence (it ends with a colon and says
the values are the only ones: `only`, `allowed`, `valid`, `one of`; never steps, an order or
tools to call, which the ordering readers take item by item) with the
list items right after it when every item is one value (a code span, a quoted string or one
identifier-like word, or up to three plain words that are no phrase: "store credit";
optionally followed by a dash and a gloss); the joined sentence spans
the introduction and the items, so its rule cites all of them. Items that say more (steps,
sentences) are left alone: they are read one by one as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.segments import Sentence

_VALUE = re.compile(
    r"^(?P<v>`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|[A-Za-z0-9][\w.:/-]*"
    r"(?:[ \t]+[A-Za-z0-9][\w.:/-]*){0,2})\s*(?:[-–—:]\s+[^\n]*)?[.;,]?$"
)
# words only sentences have: an item with one of them says more than a value ("store credit"
# is a value, "refund the card" or "the original card" a phrase)
_SENTENCE_WORDS = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "is", "are", "be", "must", "should",
     "may", "can", "will", "if", "when", "only", "never", "and", "or", "to", "of", "for", "with"}
)  # fmt: skip
_BETWEEN = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*$")  # a list marker and whitespace
_GLUE = ", "


def join_listed(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, each introduction joined with the one-value items listed under it
    (and each table of allowed values read row by row, see `value_tables`)."""
    from specgap.extract.allow_headed import join_headed

    # ("## Allowed currencies\n- EUR\n- USD": the heading introduces them, `allow_headed`)
    from specgap.extract.allow_terms import expand_terms
    from specgap.extract.state_terms import expand_states
    from specgap.extract.value_tables import expand_tables

    pending = list(join_headed(list(expand_tables(iter(sentences)))))
    pending = expand_terms(pending)  # "... only with Approved Hauliers", defined elsewhere
    pending = expand_states(pending)  # "only a live booking", "live" defined by its status
    i = 0
    while i < len(pending):
        intro = pending[i]
        items: list[tuple[Sentence, str]] = []
        if intro.subject is None and _announces_values(intro.text):
            items = _items(intro, pending[i + 1 :])
        if len(items) < 2:
            yield intro
            i += 1
            continue
        yield joined_to(intro, items)
        i += 1 + len(items)


# the introduction names the only values ("use only the following carriers:"), not steps
# or tools to call in order (those bullets are read one by one, as steps)
_ONLY = re.compile(
    r"\b(?:only|allowed|permitted|valid|accepted|acceptable|supported|possible|one\s+of)\b", re.I
)
_STEPS = re.compile(
    r"\b(?:steps?|order|sequence|first|then|before|after|tools?|functions?|calls?|actions?)\b",
    re.I,
)


def _announces_values(text: str) -> bool:
    said = text.rstrip()
    return said.endswith(":") and bool(_ONLY.search(said)) and not _STEPS.search(said)


def _items(intro: Sentence, after: list[Sentence]) -> list[tuple[Sentence, str]]:
    out: list[tuple[Sentence, str]] = []
    last = intro
    for s in after:
        if s.artifact is not intro.artifact or s.context != intro.context:
            break
        gap = s.artifact.text[last.raw_range()[1] : s.raw_range()[0]]
        if "\n" not in gap or not all(_BETWEEN.match(line) for line in gap.split("\n")[1:]):
            break  # not the next line of the same list
        value = one_value(s)
        if value is None:
            break
        out.append((s, value))
        last = s
    return out


def one_value(item: Sentence) -> str | None:
    """The one value a list item is (quoted, or shown as a code span), or None when the
    item says more than a value."""
    m = _VALUE.match(item.text.strip())
    if m is None or (len(m["v"].split()) > 1 and _says_more(m["v"])):
        return None
    return m["v"] if m["v"][0] in "`'\"" else f"`{m['v']}`"


def _says_more(item: str) -> bool:
    """An item of several words that is a phrase, not a value: a sentence word, or a verb
    opening it ("refund the order")."""
    from specgap.extract.english import base_verb

    words = item.casefold().split()
    return bool(set(words) & _SENTENCE_WORDS) or (
        base_verb(words[0]) and "NOUN" not in _lemmas(words[0])
    )


def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    from specgap.extract.english import lemmas

    return dict(lemmas(word))


def joined_to(intro: Sentence, items: list[tuple[Sentence, str]]) -> Sentence:
    """The introduction and its values as one sentence; an added separator sits where the
    value after it starts, so every char keeps a place in the artifact."""
    text = intro.text.rstrip()
    offsets = list(intro.offsets[: len(text)])
    for n, (s, value) in enumerate(items):
        if value in s.text:
            k = s.text.index(value)
            placed = list(s.offsets[k : k + len(value)])
        else:  # a bare word, shown as a code span: the ticks sit on its first and last char
            k = s.text.index(value[1:-1])
            inner = list(s.offsets[k : k + len(value) - 2])
            placed = [inner[0], *inner, inner[-1]]
        glue = " " if n == 0 else _GLUE
        text += glue + value
        offsets.extend([placed[0]] * len(glue) + placed)
    offsets.append(items[-1][0].offsets[-1])
    return Sentence(intro.artifact, text, tuple(offsets), intro.context, intro.subject)

"""A tool name written in abbreviations, spelt out from the tool's own description
(twenty-seventh session): `appt_cxl` "Appointment cancellation. Cancels an appointment ...",
`fee_wv` "Fee waiver. ...", `gst_lkp` "Guest lookup. Finds a hotel guest ...".

Prose names the tool by the words the abbreviations stand for ("cancel the appointment"),
and the resolver profiles and indexes a tool by the words of its name: `cxl` and `appt`
match nothing. Each part of the name that is no English word is spelt out as a word of the
description it abbreviates, and the spelt-out name is one more alias of the tool (how prose
refers to it), for the resolver only: the registry the build records, and the names a model
may call, are unchanged.

A part abbreviates a word when it starts with the word's letter and its letters are in the
word in order (`lkp`: lookup, `wv`: waiver, `appt`: appointment); the first such word of the
description's first sentence wins, then of the rest of the description. When the first
sentence is a gloss of the name (as many words as the name has parts, each opening with its
part's letter: "Appointment cancellation." for `appt_cxl`), a part no word spells in order
(`cxl`) is its gloss word. A part that is an English word, or that nothing spells out, stays
as it is; a name none of whose parts is spelt out gets no alias.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from specgap.operators.prose import lemmas
from specgap.registry import Registry, Tool
from specgap.resolve.text import first_sentence, own_part, split_name

__all__ = ["spelt_out", "titled", "with_spelt_out"]

_WORD = re.compile(r"[A-Za-z]+")
_SHORTEST = 2  # `mv`, `bk`: a part of one letter abbreviates nothing surely
_LONGEST = 6  # a longer part is a word of its own, or a name


def _abbreviates(part: str, word: str) -> bool:
    """Whether `part` is an abbreviation of `word`: its first letter, then its letters in
    order, in a longer word."""
    if len(word) <= len(part) or part[0] != word[0]:
        return False
    at = 1
    for letter in part[1:]:
        at = word.find(letter, at) + 1
        if at == 0:
            return False
    return True


def _english(part: str) -> bool:
    return bool(lemmas(part))


def spelt_out(name: str, description: str) -> str | None:
    """The name spelt out from the description (module docstring), or None."""
    parts = [p.casefold() for p in split_name(own_part(name))]
    if len(parts) < 2:
        return None
    said = " ".join(description.split())
    first = [w.casefold() for w in _WORD.findall(first_sentence(said))]
    rest = [w.casefold() for w in _WORD.findall(said)]
    gloss = first if len(first) == len(parts) and all(
        w[0] == p[0] for w, p in zip(first, parts, strict=True)
    ) else None  # fmt: skip
    out: list[str] = []
    for n, part in enumerate(parts):
        if _english(part) or not _SHORTEST <= len(part) <= _LONGEST or not part.isalpha():
            out.append(part)
            continue
        word = next((w for w in (*first, *rest) if _abbreviates(part, w)), None)
        if word is None and gloss is not None and len(gloss[n]) > len(part):
            word = gloss[n]
        out.append(word or part)
    return " ".join(out) if out != parts else None


# a description's title: "Seat booking: create." (a thing and its act), "Catalogue search." (a
# name), "Referral to the duty archivist: hands ... over" (a name, then what it does)
_TITLE = re.compile(r"^(?P<noun>[A-Za-z][A-Za-z' -]{1,60}?)\s*(?::\s*(?P<rest>.+?))?\s*[.!]?$")
_TITLE_WORDS = 5  # a longer opening is a sentence, no title
_ACT_WORDS = 4  # "X: send from a template": its act; a longer clause says what it does


@functools.lru_cache(maxsize=4096)
def titled(name: str, description: str) -> str | None:
    """A name without a word of English (a transaction code, `RT03`) named by its
    description's title (thirty-sixth session): "Seat booking: create." is "create seat
    booking", "Catalogue search." and "Referral to the duty archivist: hands ..." are their
    nouns. None for a name with a word, or a description that opens with no title. (Asked by
    the resolver and by every state reader of a build: remembered.)"""
    parts = [p.casefold() for p in split_name(own_part(name))]
    if any(p.isalpha() and _english(p) for p in parts):
        return None
    m = _TITLE.match(first_sentence(" ".join(description.split())))
    if m is None:
        return None
    noun = " ".join(m["noun"].casefold().split())
    rest = m["rest"]
    if rest is None and len(noun.split()) > 3:
        return None  # "Books seats in the searchroom": a sentence, no title
    if len(noun.split()) > _TITLE_WORDS:
        return None
    said = rest.split() if rest is not None else []
    if said and len(said) <= _ACT_WORDS and said[0].isalpha():
        # "Payment: take." -> "take payment", "Email: send from a template." -> "send email"
        return f"{said[0].casefold()} {noun}"
    return noun


def with_spelt_out(registry: Registry) -> Registry:
    """The registry with each abbreviated tool name's spelling as one more alias."""
    tools: list[Tool] = []
    changed = False
    for tool in registry.tools:
        said = spelt_out(tool.id, tool.description) or titled(tool.id, tool.description)
        if said is None or said in tool.aliases:
            tools.append(tool)
            continue
        tools.append(replace(tool, aliases=(*tool.aliases, said)))
        changed = True
    if not changed:
        return registry
    by_id = {t.id: t for t in tools}
    return replace(registry, tools=tuple(tools), by_id=by_id)

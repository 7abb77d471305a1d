"""Two "before" phrases joined by "and" (thirty-seventh session): "Before a visit is shown,
moved or cancelled, and before taking a payment, run `check_id`", "Run `check_id` before a
booking is opened and before a payment is taken."

The readers read one event after "before", however many actions it coordinates ("before
showing, moving or cancelling a visit"). A second "and before" phrase repeats the word for
acts of another object; the acts of both are the acts the step comes before, so the sentence
is said with one "before" over the acts of every phrase, each said as gerunds ("before
showing, moving or cancelling a visit, taking a payment"): a passive ("a visit is shown, moved
or cancelled") or the agent's own verbs ("you move or cancel it") by `coordinated_gerunds`.
Nothing else is changed; phrases that are not all acts (a time, "before noon", a noun of a
thing) are left alone, so the sentence reads as it did.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.order_words import coordinated_gerunds, passive_gerund

__all__ = ["respelt"]

_BEFORE = re.compile(r"\b(?P<conn>before|prior\s+to)\s+", re.I)
_AND_BEFORE = re.compile(r"\s*,?\s+and\s+(?:also\s+)?(?:before|prior\s+to)\s+", re.I)
_END = re.compile(r"\s*[.;!]?\s*$")


def respelt(text: str) -> str | None:
    """The sentence with its joined "before" phrases said as one (module docstring), or
    None when it has no such phrases or one of them is not acts."""
    first = _BEFORE.search(text)
    if first is None:
        return None
    joins = list(_AND_BEFORE.finditer(text, first.end()))
    if not joins:
        return None
    end = _END.search(text)
    stop = end.start() if end else len(text)
    fronted = not text[: first.start()].strip(" -*#>`\t")
    tail = ""
    if fronted:  # "Before A, and before B, <main>": the main clause after the last comma
        last_comma = text.rfind(",", joins[-1].end(), stop)
        if last_comma < 0:
            return None
        tail = text[last_comma:]
        stop = last_comma
    else:
        tail = text[stop:]
    bounds = [first.end(), *(j.start() for j in joins), stop]
    starts = [first.end(), *(j.end() for j in joins)]
    events = [text[a:b].strip(" ,") for a, b in zip(starts, bounds[1:], strict=True)]
    said = [_as_gerunds(e) for e in events]
    if any(s is None for s in said):
        return None
    parts = [s for s in said if s]
    glue = ", " if re.search(r"\b(?:or|and)\b", parts[-1]) else " or "
    merged = ", ".join(parts[:-1]) + glue + parts[-1]
    return f"{text[: first.end()]}{merged}{tail}"


def _as_gerunds(event: str) -> str | None:
    """An event as gerund phrases ("a visit is shown, moved or cancelled": "showing, moving
    or cancelling a visit"; "money is paid back": "paying the money back"), or None when it
    opens with no act."""
    bare = _BARE_PASSIVE.match(event)
    if bare is not None and bare["s"].casefold() not in _NO_SUBJECT:
        event = f"the {event}"  # "money is taken": a thing, said with its article
    said = coordinated_gerunds(event)
    said = passive_gerund(said) or said  # "a payment is taken": "taking a payment"
    first = re.match(r"[A-Za-z]+", said)
    word = first.group() if first else ""
    if not word.casefold().endswith("ing") or verb_lemma(word) is None:
        return None
    return said


_BARE_PASSIVE = re.compile(r"^(?P<s>[a-z][\w-]*)\s+(?:is|are)\s+[a-z]", re.I)
_NO_SUBJECT = frozenset(
    {"it", "this", "that", "they", "he", "she", "nothing", "anything", "something", "there",
     "everything", "what", "which", "who", "one", "none", "all", "any", "the", "a", "an",
     "each", "every", "its", "their", "you", "we"}
)  # fmt: skip

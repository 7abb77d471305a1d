"""A ban said in the passive of the thing it is about (forty-first session): "No commission bid
is changed or withdrawn", "A booking is never moved, extended or cancelled", "No refund is paid
in cash".

The same holds of the acts an order or a condition led by "only" is said of ("A commission bid
is read, changed or withdrawn, and a payment refunded, only after T has answered passed"): said
as "Read, change or withdraw a commission bid, or refund a payment, only after T has answered
passed", each act its own (`acts_respelt`); one participle alone the grammar reads. And of the
things "only" picks by their state ("Only pencilled or confirmed bookings are moved or
cancelled"): said "Only move or cancel bookings that are pencilled or confirmed"
(`only_respelt`).

The grammar reads a passive ban with one participle ("A bid is never changed"); with two or
more, only the first act was read, and "No <thing> is V-ed" was not read at all. Such a
sentence is said as the imperative it means, each participle given back its verb: "Never change
or withdraw a commission bid", "Never pay a refund in cash". The readers then read it as any
ban: each coordinated verb its own act, the words after the object kept as the ban's condition.

Only a plain subject is respelt (one to four words, no relative clause: `whose40` reads "No X
whose f is v is V-ed"), every participle must be a verb's, and what follows them must be one
phrase without a comma or a semicolon; anything else is left as it is.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma

__all__ = ["acts_respelt", "only_respelt", "respelt"]

_WORD = r"[A-Za-z`][\w`'-]*"
_PARTS = r"(?P<parts>[a-z]+(?:\s*,\s*[a-z]+)*(?:,?\s+(?:or|nor)\s+[a-z]+)?)"
_NO = re.compile(
    r"^(?P<lead>[^\w`]*)no\s+(?P<np>" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?)\s+"
    r"(?P<be>is|are|gets|get)\s+(?:ever\s+)?" + _PARTS + r"(?P<rest>\s+[^,;.!?]+)?\s*[.!]?$",
    re.I,
)
_NEVER = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<det>a|an|the|any)\s+(?P<np>" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?)"
    r"\s+(?P<be>is|are|gets|get)\s+(?:never|not)\s+(?:ever\s+)?" + _PARTS
    + r"(?P<rest>\s+[^,;.!?]+)?\s*[.!]?$",
    re.I,
)  # fmt: skip
# words that open a clause or a relative phrase in the subject: not a plain thing; in what
# follows the participles, a clause of its own (a condition, an order: other readers' words)
_CLAUSE = ("whose who which that once when whenever before after unless until till if while "
           "since because as than")  # fmt: skip
_NOT_PLAIN = frozenset({*_CLAUSE.split(), "with", "without", "is", "are", "was", "be", "and", "or"})
# "No one is told", "No more than two X are V-ed": no thing (a count reader reads the second)
_NO_THING = frozenset({"one", "more", "less", "fewer", "other", "further", "body", "single"})


def respelt(text: str) -> str | None:
    """ "Never V or W a <thing> <rest>" for a passive ban of two or more acts, or of a thing
    "No <thing> is V-ed" (module docstring), else None."""
    text = text.strip()
    m = _NO.match(text)
    coordinated_only = False
    if m is None:
        m, coordinated_only = _NEVER.match(text), True
    if m is None:
        return None
    np = m["np"]
    if any(w.casefold() in _NOT_PLAIN for w in np.split()) or np.split()[0].casefold() in _NO_THING:
        return None
    if any(w.casefold() in _CLAUSE.split() for w in (m["rest"] or "").split()):
        return None  # "No X is V-ed unless ...": the condition's readers read it
    said = re.findall(r"[a-z]+", re.sub(r"\b(?:or|nor)\b", " ", m["parts"]))
    if coordinated_only and len(said) < 2:
        return None  # "A X is never V-ed": the grammar reads it
    verbs = [_verb(p) for p in said]
    if not verbs or None in verbs:
        return None
    plural = m["be"].casefold() in {"are", "get"}
    thing = np if plural else f"{'an' if np[0].casefold() in 'aeiou' else 'a'} {np}"
    acts = " or ".join(v for v in verbs if v)
    if len(verbs) > 2:  # "move, extend or cancel"
        acts = ", ".join(v for v in verbs[:-1] if v) + f" or {verbs[-1]}"
    return f"{m['lead']}Never {acts} {thing}{m['rest'] or ''}."


# participles spelt as their verb
_SAME = frozenset({"read", "put", "set", "cut", "let", "shut", "spread", "cast", "hit", "split"})


def _verb(word: str) -> str | None:
    """The verb a past participle is of ("withdrawn": withdraw, "paid": pay), else None."""
    w = word.casefold()
    verb = verb_lemma(w)
    if w in _SAME:
        return w
    if verb is None or verb == w or (w.endswith(("ing", "s")) and not w.endswith("ss")):
        return None
    return verb


_DET = r"(?:a|an|the|any|each|every)"
_ACTS = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<det>" + _DET + r")\s+(?P<np>" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?)"
    r"\s+(?:is|are)\s+" + _PARTS + r"(?P<more>(?:\s*,?\s+(?:and|or)\s+" + _DET + r"\s+"
    + _WORD + r"(?:\s+" + _WORD + r"){0,3}?\s+[a-z]+)*)\s*,?\s+"
    r"(?P<rest>only\s+(?:after|once|when|if|while|before|provided|for|to|with|by|on)\b.*)$",
    re.I | re.S,
)  # fmt: skip
_MORE = re.compile(
    r"(?:and|or)\s+(?P<det>" + _DET + r")\s+(?P<np>" + _WORD + r"(?:\s+" + _WORD + r"){0,3}?)"
    r"\s+(?P<p>[a-z]+)\s*,?\s*",
    re.I,
)  # fmt: skip


def acts_respelt(text: str) -> str | None:
    """ "V, W or X a <thing>, or Y a <thing2>, only after ..." for the passive acts an order
    or a condition is said of, two or more (module docstring), else None."""
    m = _ACTS.match(text.strip())
    if m is None or any(w.casefold() in _NOT_PLAIN for w in m["np"].split()):
        return None
    said = re.findall(r"[a-z]+", re.sub(r"\b(?:or|nor)\b", " ", m["parts"]))
    groups = [(_acts(said), m["det"], m["np"])]
    for more in _MORE.finditer(m["more"] or ""):
        if any(w.casefold() in _NOT_PLAIN for w in more["np"].split()):
            return None
        groups.append((_acts([more["p"]]), more["det"], more["np"]))
    if len(said) + len(groups) < 3 or any(acts is None for acts, _, _ in groups):
        return None  # one act: the grammar reads "A X is V-ed only after ..."
    spelt = ", or ".join(f"{acts} {det.casefold()} {np}" for acts, det, np in groups)
    return f"{m['lead']}{spelt[0].upper()}{spelt[1:]}, {m['rest']}"


def _acts(said: list[str]) -> str | None:
    verbs = [_verb(p) for p in said]
    if not verbs or None in verbs:
        return None
    if len(verbs) > 2:
        return ", ".join(v for v in verbs[:-1] if v) + f" or {verbs[-1]}"
    return " or ".join(v for v in verbs if v)


_ONLY = re.compile(
    r"^(?P<lead>[^\w`]*)only\s+(?P<adj>[\w`-]+(?:\s*,\s*(?:or\s+)?[\w`-]+|\s+or\s+[\w`-]+)*)\s+"
    r"(?P<noun>[a-z]+s)\s+are\s+" + _PARTS + r"(?P<rest>\s+[^,;.!?]+)?\s*[.!]?$",
    re.I,
)  # fmt: skip


def only_respelt(text: str) -> str | None:
    """ "Only V or W <things> that are <states>" for "Only <states> <things> are V-ed or W-ed"
    (module docstring), two acts or more; else None."""
    m = _ONLY.match(text.strip())
    if m is None:
        return None
    said = re.findall(r"[a-z]+", re.sub(r"\b(?:or|nor)\b", " ", m["parts"]))
    acts = _acts(said) if len(said) >= 2 else None
    if acts is None or any(w.casefold() in _NOT_PLAIN - {"or"} for w in m["adj"].split()):
        return None
    if any(w.casefold() in _CLAUSE.split() for w in (m["rest"] or "").split()):
        return None
    return f"{m['lead']}Only {acts} {m['noun']} that are {m['adj']}{m['rest'] or ''}."

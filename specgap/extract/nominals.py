"""The verb an action noun is made from, by its English suffix: `inspection` -> `inspect`,
`adjustment` -> `adjust`, `renewal` -> `renew`, `acceptance` -> `accept`, `delivery` ->
`deliver`. A policy counts, bans or asks a yes for acts named by such nouns ("one inspection
per shipment", "any adjustment needs the member's yes"); the project's short table of action
nouns (`specgap.operators.prose.is_action_noun`) cannot list every one.

Only a candidate the lexicon knows as a verb in its base form is returned, so a thing whose
spelling ends the same way ("station", "animal", "moment", "bakery") names no act. Agent
nouns in -er/-or ("driver", "visitor") are never read: they name people and things."""

from __future__ import annotations

from functools import cache

from specgap.extract.english import base_verb
from specgap.extract.pattern_base import split_words

# suffix -> the endings that may replace it, most specific first
_SUFFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ification", ("ify",)),  # verification -> verify
    ("isation", ("ise", "ize")),
    ("ization", ("ize", "ise")),
    ("ation", ("", "e", "ate")),  # confirmation -> confirm, reservation -> reserve, -ate
    ("ition", ("", "e")),  # addition -> add
    ("ction", ("ct",)),  # inspection -> inspect, deduction? (deduct)
    ("ption", ("pt",)),  # adoption -> adopt
    ("ssion", ("ss", "t")),  # admission -> admit (t), discussion -> discuss
    ("sion", ("d", "de", "se")),  # extension -> extend, division -> divide, revision -> revise
    ("tion", ("te", "t")),  # completion -> complete, deletion -> delete
    ("ment", ("",)),  # adjustment -> adjust, replacement -> replace
    ("wal", ("w",)),  # renewal -> renew, withdrawal -> withdraw
    ("val", ("ve",)),  # approval -> approve, arrival -> arrive
    ("sal", ("se",)),  # refusal -> refuse, reversal -> reverse
    ("ance", ("", "e")),  # acceptance -> accept, issuance -> issue
    ("ence", ("", "e")),  # reference -> refer? (only when the lexicon says verb)
    ("very", ("ver",)),  # delivery -> deliver, recovery -> recover
)
_MIN_STEM = 3
# nouns spelled like an act of a verb they do not name
_NOT_ACTS = frozenset(
    split_words(
        "statement department apartment compartment question position allowance production "
        "exception profession impression commission direction"
    )
)


@cache
def nominal_act(noun: str) -> str | None:
    """The base verb `noun` (singular, lower case) is made from, or None (module docstring)."""
    word = noun.casefold()
    if word in _NOT_ACTS:
        return None
    for suffix, endings in _SUFFIXES:
        if not word.endswith(suffix):
            continue
        stem = word[: -len(suffix)]
        if len(stem) < _MIN_STEM or (suffix in {"ance", "ence"} and len(stem) < 4):
            return None
        for ending in endings:
            verb = stem + ending
            if base_verb(verb):
                return verb
        return None
    return None

"""Bans on making a value up: "never invent a slot id", "do not guess or assume the grower
id", "plant codes must not be invented", "never fill in a cabin number on the passenger's
behalf", "never fabricate sailing ids; always use the ones `search_sailings` returns".

The value must be one the user or a tool gave (never the agent's own), on every tool taking
it (`specgap.spread`); a ban followed by its sources takes those sources; made up "on the
person's behalf", the person's own. Not read: a made-up thing that is no datum ("details",
"the current time", read with its clock tool), a ban going on with words not read ("...
when the night is full"), a choice with no person for whom it is made ("do not pick a
date"): who else may supply it is not said.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar import IMPERATIVE_VERBS
from specgap.extract.grammar_emit import Emit
from specgap.extract.origins import _BAN, _GAVE, _TOOL, _WORD, _src, origin, value_of
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, split_words
from specgap.extract.procedures import verb_of
from specgap.extract.value_people import PERSON

_MAKE = (
    r"(?:invent|guess|make\s+up|fabricate|assume|presume|hallucinate|fake|improvise|infer|"
    r"make\s+up\s+or\s+guess|fill\s+in|supply|choose|pick)"
)
# "never invent a slot id", "do not guess or assume the booking reference"
_MADE_UP = re.compile(
    rf"^\W*(?:(?:you|the\s+agent|the\s+assistant)\s+)?{_BAN}\s*,?\s+(?:ever\s*,?\s+)?{_MAKE}"
    rf"(?:\s*(?:,|or|and|,\s*or)\s+{_MAKE})*\s+(?:(?:the|a|an|any|their|his|her|its)\s+)?"
    rf"(?P<np>{_WORD}(?:\s+{_WORD}){{0,3}}?)(?P<rest>\s*(?:[.;:!?,]|\s-\s|\s—\s|$|(?=on\s|for\s|(?:or|and)\s)).*)$",
    re.I,
)
# "reservation ids must not be made up"
_MADE_UP_PASSIVE = re.compile(
    rf"^\W*(?:(?:the|a|an|any|all|every)\s+)?(?P<np>{_WORD}(?:\s+{_WORD}){{0,3}}?)\s+(?:(?:must|should|"
    r"shall|may|can|will)\s*(?:not|never|n't)|(?:is|are)\s+(?:not|never)\s+to)\s+(?:ever\s+)?be\s+"
    r"(?:made\s+up|invented|guessed|"
    r"fabricated|assumed|presumed|faked|improvised)(?P<rest>\s*(?:[.;:!?,]|\s-\s|\s—\s|$).*)$",
    re.I,
)
# the person the value is made up for: "on the member's behalf", "for them"
_BEHALF = re.compile(
    r"^(?:on\s+(?:the\s+|a\s+)?(?:[a-z]+'s|their|his|her)\s+behalf|for\s+(?:them|him|her|"
    rf"(?:the\s+|a\s+)?{PERSON}))\s*[.;!?]?$",
    re.I,
)
_MY_OWN = re.compile(r"\b(?:supply|choose|pick)\b", re.I)  # only with a person: "on X's behalf"
# the sources after the ban: "; always use the ones `list_slots` returns", "; use only
# values returned by T"
_THEN_USE = re.compile(
    r"^\s*(?:[;:,.\-—])\s*(?:but\s+|instead\s+|always\s+|only\s+)*(?:use|pass|take)\s+"
    r"(?:only\s+)?(?:the\s+ones|those|ones|the\s+values?|values|the\s+ids?|ids|the\s+one)\s+"
    rf"(?:(?:that|which)\s+)?(?:(?P<src>{_TOOL}|(?:the\s+)?{PERSON})\s+(?:has\s+|have\s+)?{_GAVE}"
    rf"|(?:(?:that|which)\s+(?:are|were|is|was)\s+)?{_GAVE}\s+(?:by|in|from)\s+(?P<src2>[^.;:!?]+?))"
    r"\s*[.;!?]?\s*$"
    # "- look them up with `get_slip`", "; get it from the member"
    r"|^\s*(?:[;:,.\-—])\s*(?:but\s+|instead\s+|always\s+)*(?:look\s+(?:it|them)\s+up|find\s+"
    r"(?:it|them)|get\s+(?:it|them)|fetch\s+(?:it|them)|retrieve\s+(?:it|them)|read\s+(?:it|them))"
    r"\s+(?:with|in|using|via|from|through|by\s+calling)\s+(?P<src3>[^.;:!?]+?)\s*[.;!?]?\s*$"
    # "; always obtain them from the tools or from the owner"
    r"|^\s*(?:[;:,.\-—])\s*(?:but\s+|instead\s+|always\s+|only\s+)*(?:obtain|take|get|source|"
    r"collect)\s+(?:it|them|these|those)\s+(?:only\s+)?from\s+(?P<src4>[^.;:!?]+?)\s*[.;!?]?\s*$",
    re.I,
)
# "; ask the skipper", "- ask the member for it instead": the person's own value
_ASK_INSTEAD = re.compile(
    rf"^\s*[;:,.\-—]\s*(?:instead\s*,?\s*|always\s+)?ask\s+(?:the\s+|a\s+)?{PERSON}"
    r"(?:\s+for\s+(?:it|them|one|the\s+value))?(?:\s+instead)?\s*[.;!?]?\s*$",
    re.I,
)
_NOW = frozenset(split_words("current present today today's now local"))


def _clock(value: str) -> bool:
    """The time now ("the current time", "today's date"): a clock's value, not a datum."""
    words = value.split()
    return words[0] in _NOW or value in {"time", "timestamp"}


def made_up_values(text: str) -> list[Emit]:
    """ "Never invent a slot id": the value must be one the user or a tool gave (or the
    sources the sentence goes on to name), over every tool taking it; [] when the made-up
    thing is no datum, or the sentence goes on with something this does not read (an
    asking is read by `asked_values`)."""
    m = _MADE_UP.search(text) or _MADE_UP_PASSIVE.search(text)
    if m is None:
        return []
    np, target = _taken(m["np"])
    first, *others = _LIST_SPLIT.split(np.strip())  # "pet ids or drug codes": both
    value = value_of(first)
    listed_first = "".join(f", {o}" for o in others)
    rest = f"{listed_first} {m['rest']}" if others else m["rest"]
    if value is None or _clock(value):
        return []  # "do not assume the current time": a clock's, read with its tool elsewhere
    rest = rest.strip()
    source: dict[str, Any] | None = {"from_user": True, "from_tools": [ANY_TOOL]}
    if _BEHALF.match(rest):  # "never fill in a boat id on the member's behalf": theirs
        source, rest = {"from_user": True, "from_tools": []}, ""
    elif _MY_OWN.search(m[0]):  # "never supply a boat id yourself": not the agent's own
        return []  # who else may supply it (the user, a tool) is not said
    purpose = _FOR_ACTION.match(rest)
    if purpose is not None and target == ANY_TOOL:  # "a reason for cancellation; ...": cancel
        _, target = _taken(f"{first} for {purpose['what']}")
        rest = rest[purpose.end() :] if target != ANY_TOOL else rest
    values = [value]
    rest = rest if _MORE_VALUES.match(rest) else " " + rest  # "or member ids; ...": a list
    listed = _MORE_VALUES.match(rest)
    if listed is not None:  # "any pet ids, owner ids or invoice numbers; ...": each of them
        said = re.sub(r"^\s*,?\s*(?:(?:or|and)\s+)?", "", listed["more"])
        more = [value_of(v) for v in _LIST_SPLIT.split(said.strip()) if v.strip()]
        if not more or None in more:
            return []  # a listed thing that is no datum: no reading of part of the list
        values += [v for v in more if v is not None]
        rest = rest[listed.end() :]
    if _ASK_INSTEAD.match(rest):  # "never guess a hull length; ask the skipper": theirs
        source, rest = {"from_user": True, "from_tools": []}, ""
    if rest.strip(" .;:!?,-—"):
        then = _THEN_USE.match(rest)
        if then is None:
            return []
        source = origin(_src(then["src"] or then["src2"] or then["src3"] or then["src4"]))
    if source is None:
        return []
    return [Emit("arg_grounded", target, {"facet": v, **source}, 0.7) for v in values]


# more values listed after the first: ", owner ids or invoice numbers"
_MORE_VALUES = re.compile(
    rf"^(?P<more>(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)(?:(?:the|a|an|any)\s+)?{_WORD}"
    rf"(?:\s+{_WORD}){{0,2}}?(?:(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)(?:(?:the|a|an|any)\s+)?"
    rf"{_WORD}(?:\s+{_WORD}){{0,2}}?)*)(?=\s*[.;:!?]|\s*$|\s+-\s)",
    re.I,
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", re.I)


_FOR_ACTION = re.compile(r"^for\s+(?:the\s+|a\s+|an\s+)?(?P<what>[a-z]+)(?=\s*[.;:!?,]|\s*$)", re.I)
# "the amount to refund", "the reason for cancelling": the value and the action taking it
_TAKEN = re.compile(r"^(?P<np>.+?)\s+(?:to|for)\s+(?P<verb>[a-z]+?)(?:ing)?$", re.I)


def _taken(np: str) -> tuple[str, str]:
    """The value a noun phrase names and the action said after it (`ANY_TOOL` if none)."""
    m = _TAKEN.match(np.strip())
    if m is None or value_of(m["np"]) is None:
        return np, ANY_TOOL
    said = m[0].split()[-1].casefold()
    verb = lemma(said)
    if verb not in IMPERATIVE_VERBS and is_action_noun(said):
        verb = verb_of(said) or verb  # "the reason for cancellation": cancel
    return (m["np"], verb) if verb in IMPERATIVE_VERBS else (np, ANY_TOOL)

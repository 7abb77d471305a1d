"""An action restricted to the values a named list holds: "only edit the fields returned by
`get_editable_fields`", "you are only allowed to open lockers which are called
"free_lockers"", "you may only book rooms listed in the room list".

The values of the action's argument that the noun names (the fields, the lockers) must come
from the output of the tool that gives the list: a tool named by its id, or a list named by
its own name ("free_lockers", "the free lockers list"), which the compiler binds to the tool
whose name says it. The rule is `arg_grounded` with `from_user` false: the user naming a
value does not put it on the list. The phrase patterns read such a sentence as a ban of the
action "unless <the relative clause>", which no state test decides; this reading replaces
it (`specgap.extract.sources.value_sources` drops the ban the source rule states).

Not read: a list said by a state ("only edit fields that are empty": a state of the record,
not a list), a source that is a person ("fields the member named", read by `origins`), and
a restriction with more words after the list (a condition the reading would drop).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.origins import origin
from specgap.extract.pattern_base import ANY_TOOL, lemma, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["only_listed", "without_listed_bans"]

_ONLY = (
    r"(?:(?:you|the\s+agent|the\s+assistant)\s+(?:are|is)\s+only\s+(?:allowed|permitted)\s+to"
    r"|(?:(?:you|the\s+agent|the\s+assistant)\s+)?(?:may|can|must|should)\s+only"
    r"|only)"
)
_LISTED = (
    r"(?:returned\s+by|given\s+by|listed\s+(?:in|on|by)|listed\s+as\s+[a-z]+\s+(?:by|in)|found\s+in"
    r"|included\s+in|contained\s+in|(?:that\s+|which\s+)?appear\s+in|(?:that\s+|which\s+)?"
    r"(?:are|is)\s+(?:called|named|in|on|listed\s+(?:in|on|by)|listed\s+as\s+[a-z]+\s+(?:by|in)|"
    r"returned\s+by|given\s+by|included\s+in|part\s+of|found\s+in)|called|named|in|on|from)"
)
# the list: a tool by its id, a list by its snake name, "<words> list", or a place a tool reads
_SRC = (
    r"(?:the\s+)?(?P<src>`[a-z][\w.]*`(?:\(\))?|\"[a-z][a-z0-9]*(?:_[a-z0-9]+)+\""
    r"|'[a-z][a-z0-9]*(?:_[a-z0-9]+)+'|[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:\(\))?"
    r"|(?P<place>catalog(?:ue)?|directory|inventory|knowledge\s*base|database)"
    r"|(?P<named>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+list)"
    r"(?:'s)?(?:\s+(?:list|output|outputs|results?|records?))?"
)
_NP = (
    r"(?:(?:the|specific|those|these|any)\s+)*(?P<np>[a-z][\w-]*(?:\s+(?!(?:that|which|listed|"
    r"returned|given|found|included|contained|appear|are|is|called|named|in|on|from)\b)"
    r"[a-z][\w-]*)?)"
)
# "that `get_free_lockers` returned", "which the catalogue lists"
_SOURCE_SAID = (
    rf"(?:that|which)\s+{_SRC}\s+(?:has\s+|have\s+|had\s+)?(?:returned|returns|return|lists|"
    r"listed|gave|gives|provided|provides|shows|showed)"
)
_END = r"\s*[.!]?\s*$"
_HEADS = (
    rf"^\W*{_ONLY}\s+(?P<verb>[a-z]+)\s+{_NP}\s+",  # "only open the lockers ..."
    # "install only plugins ...", "you may install only plugins ..."
    rf"^\W*(?:(?:you\s+)?(?:may|can|must|should)\s+)?(?P<verb>[a-z]+)\s+only\s+{_NP}\s+",
)
_TAILS = (
    rf"(?:(?:that|which)\s+)?{_LISTED}\s+{_SRC}{_END}",  # "... returned by T"
    rf"{_SOURCE_SAID}{_END}",  # "... that T returns"
)
_RESTRICTED = tuple(re.compile(head + tail, re.I) for head in _HEADS for tail in _TAILS)
# "lockers may only be opened if they are listed by T": the thing as the passive subject
_PASSIVE = re.compile(
    r"^\W*(?:(?:the|any|all)\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:may|can|must|"
    r"should|are\s+to|is\s+to)\s+only\s+be\s+(?P<verb>[a-z]+ed)\s+(?:if|when|once|where)\s+"
    r"(?:(?:they|it)\s+(?:are|is|were|was|have\s+been|has\s+been)\s+)?(?:listed\s+(?:in|on|by)|"
    rf"returned\s+by|found\s+in|included\s+in|given\s+by|in|on)\s+{_SRC}{_END}",
    re.I,
)
# words that name a state or a person, not a thing on a list
_NOT_THINGS = frozenset({"information", "details", "data", "way", "ways", "time", "times"})


def only_listed(text: str) -> list[Emit]:
    """The source rule of "only V the Xs (which are) in/called/returned by L" (module
    docstring), or [] when the sentence is not one."""
    m = next((m for p in _RESTRICTED if (m := p.match(text.strip())) is not None), None)
    m = m or _PASSIVE.match(text.strip())
    if m is None:
        return []
    verb = m["verb"].casefold()
    if verb.endswith("ed") and verb not in IMPERATIVE_VERBS:  # "opened": open, "shared": share
        verb = next((v for v in (lemma(verb), lemma(verb) + "e") if v in IMPERATIVE_VERBS), verb)
    words = m["np"].casefold().split()
    if verb not in IMPERATIVE_VERBS or any(w in _NOT_THINGS for w in words):
        return []
    if m["place"]:  # "the catalogue": the tool that reads it, as `origins` says
        read = origin(m["place"])
        if read is None or not read.get("from_tools"):
            return []
        sources = [str(t) for t in read["from_tools"]]
    else:
        src = m["named"] or m["src"].strip("`'\"").removesuffix("()")
        if "_" in src and not _is_tool_id(src) and not _plural(src.rsplit("_", 1)[-1]):
            return []  # "plugins called 'safe_mode'": one value's name, not a list's
        # a list named by its own name ("free_lockers"): the tool whose name says it
        sources = [src if "_" not in src or _is_tool_id(src) else src.replace("_", " ")]
    thing = " ".join([*words[:-1], singular(words[-1])])
    return [
        Emit(
            "arg_grounded",
            ANY_TOOL,
            {"facet": thing, "from_user": False, "from_tools": sources, "holder": verb},
            0.7,
        )
    ]


_VERB_FIRST = re.compile(r"^(?:get|list|search|find|fetch|read|lookup|query|show|check)_", re.I)


def _plural(word: str) -> bool:
    """A list's last word names many (`fields`, `lockers`), not one (`mode`, `class`)."""
    return word.casefold().endswith("s") and not word.casefold().endswith("ss")


def _is_tool_id(name: str) -> bool:
    """A snake name that reads as a tool's (`get_free_lockers`), not a list's."""
    return _VERB_FIRST.match(name) is not None


def without_listed_bans(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`rules` without the patterns' "ban unless <the list>" reading of a sentence this
    module reads (its source rule states the restriction), and `notes` without that ban's
    `condition-not-bound` note; both unchanged when the sentence is no such restriction or
    the source rule is not among `rules`."""
    if sentence.subject is not None or not only_listed(sentence.clean):
        return rules, notes
    if not any(r.operator == "arg_grounded" and r.params.get("holder") for r in rules):
        return rules, notes
    bans = [
        r
        for r in rules
        if r.operator == "deny_action"
        and not r.params.get("values")
        and (r.condition or "").casefold().startswith("unless ")
    ]
    if not bans:
        return rules, notes
    gone = {repr(r.condition) for r in bans}
    kept_notes = [
        n
        for n in notes
        if not (n.code == "condition-not-bound" and any(g in n.message for g in gone))
    ]
    return [r for r in rules if r not in bans], kept_notes

"""A step obliged before a *group* of tools: "Agents should look the passenger up before
touching any booking.", "Retrieve the crossing before any change to a booking.", "Always find
the member before making changes.", "Look the passenger up before every write.", "Before
modifying anything on a booking, fetch the crossing."

The later step names no one tool but a group: the tools acting on a thing ("touching any
booking", "any change to a booking", "handling their account"), or every tool that changes
something ("making changes", "every write", "any write action", "any action that updates
data"). The sentence still orders its step first, so it compiles to `require_before` on
each tool of the group. Which tools form the group is read from the registry at resolve
time (`specgap.resolve.groups`), from the tools' names, argument names and verb classes;
the extractor emits one rule over `*` carrying the group (params `group`: `changes`, `reads`
or `all`; `of`: the thing, "" for none), which the resolver replaces by one copy per tool of
the group, or by a located note when no tool can be bound to it (never a rule over every
tool). The membership is an inference, so every copy is reviewed (`grounding: inferred`).

Not read here: a later step naming one action ("before cancelling a booking": `temporal`),
"before doing anything (else)" / "before any other action" (`openers`: every tool), a
possessive scope after an identification ("verify their identity before any change to their
account": `identify_first`), a negated or conditional step, and a step that is not a call
(a verb the grammar does not take for an action: "be polite before ...").
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import NOT_ACTIONS, Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_words import gerund_of
from specgap.extract.pattern_base import ANY_TOOL, lemma, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["group_candidates", "group_orders"]

_DET = r"(?:(?:any|a|an|the|their|his|her|its|each|every|all|your|our|this|that|these|those)\s+)"
_POSS = r"(?:(?:the\s+|a\s+|an\s+)?[a-z]+'s?\s+)"
# the thing a group acts on: one noun, maybe after a possessive ("a passenger's booking")
_THING = rf"(?:{_DET}?{_POSS}?(?:[a-z]+\s+)?(?P<thing>[a-z]+?)(?:es|s)?)"
# gerunds of acting on a thing at all / of changing it / of reading it
_ALL_ING = (
    r"(?:touching|handling|accessing|managing|acting\s+on|working\s+on|dealing\s+with|"
    r"doing\s+anything\s+(?:with|to|on|about)|taking\s+(?:any\s+)?actions?\s+on|operating\s+on)"
)
_CHANGE_ING = r"(?:changing|modifying|updating|editing|altering|amending|writing\s+to)"
# a change already said to be any: "making any changes to", "modifying anything on"
_ANY_CHANGE_ING = (
    r"(?:(?:making|doing|performing)\s+(?:any\s+|all\s+)?(?:changes|modifications|updates|edits|"
    r"(?:any\s+|a\s+)(?:change|modification|update|edit))\s+(?:to|on|in|of)|"
    r"(?:changing|modifying|updating|editing|altering)\s+anything\s+(?:on|in|about|of))"
)
_READ_ING = r"(?:viewing|reading|disclosing|sharing|showing|looking\s+at)"
_CHANGE_N = r"(?:changes?|modifications?|updates?|edits?|alterations?|amendments?|writes?)"
_ALL_N = r"(?:actions?|operations?|work)"
# every tool that changes something, no thing named
_WRITES = re.compile(
    r"^(?:(?:making|doing|performing|taking|carrying\s+out|executing)\s+(?:any\s+|all\s+)?"
    rf"(?:{_CHANGE_N}|write\s+(?:actions?|operations?|calls?))"
    rf"|(?:any|every|each)\s+(?:{_CHANGE_N}|write\s+(?:actions?|operations?|calls?|tools?)|"
    r"(?:state|data)-?changing\s+(?:actions?|operations?|calls?)|"
    r"(?:actions?|operations?|calls?)\s+that\s+(?:changes?|modif(?:y|ies)|updates?|writes?|"
    r"alters?)\s+(?:anything|something|data|the\s+database|records?|the\s+system|state))"
    r"|(?:changing|modifying|updating|altering|writing)\s+(?:anything|data|records|the\s+database)"
    rf"|(?:any|all)\s+{_CHANGE_N}\s+(?:is|are|get|gets)\s+(?:made|done|applied|carried\s+out|"
    r"performed|submitted)|anything\s+(?:is|gets)\s+(?:changed|modified|updated|written))$",
    re.I,
)
_ANY = r"(?:any|every|each|all)\s+"
_NOUN = r"(?:[a-z]+\s+)?(?P<thing>[a-z]+?)(?:es|s)?"
_MANY = (
    rf"(?:{_ANY}{_DET}?{_POSS}?{_NOUN}|"
    rf"{_DET}?{_POSS}?(?:[a-z]+\s+)?(?P<things>[a-z]+(?<![siu])s))"  # a plural, not "address"
)
_BE = r"\s+(?:is|are|gets?|get)\s+"
_CHANGED = r"(?:changed|modified|updated|edited|altered|amended)"
_TOUCHED = r"(?:touched|handled|accessed|acted\s+on|worked\s+on)"
_GROUPS = (
    ("all", re.compile(rf"^{_ALL_ING}\s+{_THING}$", re.I)),
    # "changing a booking" may name one action (`temporal` reads it): a group only when
    # the sentence says so ("any booking", "bookings")
    ("changes", re.compile(rf"^{_CHANGE_ING}\s+{_MANY}$", re.I)),
    ("changes", re.compile(rf"^{_ANY_CHANGE_ING}\s+{_THING}$", re.I)),
    ("changes", re.compile(rf"^{_ANY}{_DET}?{_NOUN}{_BE}{_CHANGED}$", re.I)),
    ("all", re.compile(rf"^{_ANY}{_DET}?{_NOUN}{_BE}{_TOUCHED}$", re.I)),
    ("reads", re.compile(rf"^{_READ_ING}\s+{_THING}$", re.I)),
    ("changes", re.compile(rf"^{_ANY}{_CHANGE_N}\s+(?:to|on|of|in)\s+{_THING}$", re.I)),
    ("all", re.compile(
        rf"^{_ANY}{_ALL_N}\s+(?:on|to|with|involving|concerning)\s+{_THING}$", re.I)),
    ("all", re.compile(rf"^(?:doing|touching)\s+anything\s+(?:with|to|on|about)\s+{_THING}$",
                       re.I)),
)  # fmt: skip
# the "anything" of a scope that is every tool (read by `openers` as `*`), never a group
_EVERYTHING = frozenset({"anything", "everything", "else", "action", "thing", "step", "other"})
# the words of a thing that is the person's whole account
_ACCOUNT = frozenset({"account", "profile", "record", "detail", "information", "data", "file"})
_YOU = re.compile(
    r"^(?:you|we|the\s+agent|agents|staff)\s+(?:can\s+|may\s+|will\s+|are\s+able\s+to\s+)?"
    r"(?P<v>[a-z]+)\s+(?P<rest>.+)$",
    re.I,
)
_BEFORE = r"(?:before|prior\s+to|ahead\s+of|in\s+advance\s+of)"
_TRAILING = re.compile(
    rf"^\W*(?P<main>[^;:]+?)\s+{_BEFORE}\s+(?P<group>[^,;:]+?)\s*[.!]?\s*$", re.I
)
_LEADING = re.compile(
    rf"^\W*{_BEFORE}\s+(?P<group>[^,;:]+?)\s*,\s*(?P<main>[^;:]+?)\s*[.!]?\s*$", re.I
)
_NOT_STEP = re.compile(r"\b(?:not|never|no|if|unless|when|whether|only|may|can|could)\b", re.I)
_YES = re.compile(
    r"\b(?:confirmation|consent|approval|permission|go-ahead|agreement|yes|confirm\s+with)\b", re.I
)
# what the step opens with before its verb
_OPENING = re.compile(
    r"^(?:(?:agents?|staff|you|we|the\s+agent|the\s+assistant)\s+(?:must|should|shall|need\s+to|"
    r"needs\s+to|have\s+to|has\s+to|are\s+(?:required|expected)\s+to|is\s+(?:required|expected)"
    r"\s+to|always)\s+|always\s+|first\s*,?\s+|please\s+|make\s+sure\s+(?:to|you)\s+)+",
    re.I,
)


def group_candidates(sentence: Sentence) -> list[CandidateRule]:
    """The rules of `group_orders` for a prompt sentence (reviewed: the group is read)."""
    if sentence.subject is not None:
        return []
    rules = [candidate(sentence, e) for e in group_orders(sentence.clean)]
    return [r.model_copy(update={"grounding": "inferred"}) for r in rules]


def group_orders(text: str) -> list[Emit]:
    """`require_before("*", before=<step>)` with the group it precedes (module doc), or []."""
    text = " ".join(text.split())
    for shape in (_LEADING, _TRAILING):
        m = shape.match(text)
        if m is None:
            continue
        step = _step(m["main"])
        said = [_group(s) for s in _things(m["group"].strip())]
        groups = [g for g in said if g is not None]
        if step is None or len(groups) < len(said):  # each thing a group, or no reading
            continue
        out = []
        for touches, thing in groups:
            if thing and (thing in _ACCOUNT or lemma(thing) in _ACCOUNT):
                thing = "account"
            params = {"before": step, "group": touches, "of": thing}
            out.append(Emit("require_before", ANY_TOOL, params, 0.6))
        return out
    return []


# "touching their account or rides": the same act on each of two things
_TWO_THINGS = re.compile(
    r"^(?P<head>.+?\s)(?P<a>[a-z]+)\s+(?:or|and|and/or)\s+(?:(?:their|his|her|its|the|any|a|an)\s+)?"
    r"(?P<b>[a-z]+)$",
    re.I,
)


def _things(said: str) -> list[str]:
    """The group phrase, or one per thing when it names two ("touching their account or
    rides": "touching their account", "touching their rides")."""
    m = _TWO_THINGS.match(said)
    if m is None or _group(f"{m['head']}{m['a']}") is None:
        return [said]
    return [f"{m['head']}{m['a']}", f"{m['head']}{m['b']}"]


def _group(said: str) -> tuple[str, str] | None:
    """(`all` / `changes` / `reads`, the thing or "") for a group scope, None otherwise."""
    said = re.sub(r"\s+(?:at\s+all|in\s+the\s+system)$", "", said, flags=re.I)
    if (m := _YOU.match(said)) is not None and (doing := gerund_of(m["v"].casefold())):
        said = f"{doing} {m['rest']}"  # "before you touch any booking": touching any booking
    if _WRITES.match(said):
        return "changes", ""
    for touches, shape in _GROUPS:
        m = shape.match(said)
        if m is None:
            continue
        thing = (m["thing"] or m.groupdict().get("things") or "").casefold()
        if thing in _EVERYTHING or lemma(thing) in _EVERYTHING or len(thing) < 3:
            return None  # "before doing anything else": every tool, `openers` reads it
        return touches, singular(thing)
    return None


def _step(main: str) -> str | None:
    """The action the main clause obliges ("Agents should look the passenger up": `look up
    passenger`), None for a negated, conditional or permitted step, or one that is no call."""
    said = _OPENING.sub("", main.strip()).strip()
    if not said or _NOT_STEP.search(said) or _YES.search(said):
        return None  # (the user's yes before a group: the confirmation readers')
    clause = parse(said)
    if clause.negated or clause.condition is not None or clause.action is None:
        return None
    verb = (clause.verb or "").casefold()
    if verb in NOT_ACTIONS or lemma(verb) not in IMPERATIVE_VERBS:
        return None
    return clause.action

"""More shapes of "where a value must come from", each read from its grammar:

- use allowed on a condition that is the value's source: "a hull number may only be used if
  the skipper stated it", "no berth code may be used unless `list_berths` returned it",
  "never enter a hull number the skipper has not given": the source, nothing else;
- spelling or copying "exactly as" a source gave it: "crew names have to be spelled exactly
  as the skipper wrote them", "copy the berth code exactly as `list_berths` shows it";
- an action said by its noun and its recipient value: "the credit must be issued to the
  member id returned by `find_member`", "a refund may only go to a card the member named":
  the value the action's argument takes, on that action;
- collecting values for each of several things before an action: "collect the hull number
  and length of every boat before assigning a berth": the values come from the person, on
  the action (`value_scopes.scoped` reads "before ...");
- a value the person did not give, or not in a tool's output, never used (for an action
  said after it): "you may not use an e-mail the member did not provide to find the member";
- the shapes of a value's use read by `origin_uses` (from earlier conversations, used to do
  an action, two values each with its source, chosen by the person, every argument of one
  tool).

Each emits `arg_grounded` with the value as a facet (`specgap.spread` binds it to the
argument it names, or keeps the rule over every call, reviewed, with a located note). The
source is read by `origins.origin` (every part of an `or` list); a source not read gives no
rule: a rule dropping a source would be stronger than the sentence. A sentence that says
where a value is shown ("berth codes are printed on the invoice") obliges nothing and is not
read.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar import IMPERATIVE_VERBS
from specgap.extract.grammar_emit import Emit
from specgap.extract.origin_uses import origin_uses
from specgap.extract.origin_words import (
    _DET,
    _END,
    _HAS,
    _IT,
    _NP,
    _OWNERS,
    _SOURCE,
    _USED,
    _WORD,
    told_source,
)
from specgap.extract.origins import _GAVE, _src, origin, value_of
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, singular

__all__ = ["collected_for_each", "origin_forms"]

# "a hull number may only be used if the skipper stated it"
_ONLY_IF = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:may|can|should|must|shall)\s+only\s+be\s+{_USED}\s+(?:if|when|once|"
    rf"after)\s+{_SOURCE}\s+{_HAS}(?P<verb>{_GAVE}){_IT}(?:\s+(?:in|during)\s+the\s+"
    rf"(?:conversation|chat|call))?{_END}",
    re.I,
)
# "no berth code may be used unless `list_berths` returned it"
_NO_UNLESS = re.compile(
    rf"^\W*no\s+{_NP}\s+(?:may|can|should|shall|is\s+to|are\s+to)\s+be\s+{_USED}\s+(?:unless|until)"
    rf"\s+{_SOURCE}\s+{_HAS}(?P<verb>{_GAVE}){_IT}{_END}",
    re.I,
)
# "never enter a hull number the skipper has not given", "do not use any berth code that
# `list_berths` did not return"
_NOT_GIVEN = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|shall|may)\s+(?:not|never)|never|do\s+not|"
    r"don't|must\s+not)\s+(?:use|enter|pass|send|supply|submit|fill\s+in|put\s+in|type\s+in)\s+"
    rf"{_DET}{_NP}\s+(?:"
    rf"(?:that\s+|which\s+)?{_SOURCE}\s+(?:has|have|had|did|does|do)\s*(?:not|n't)\s+"
    rf"(?:explicitly\s+|actually\s+|yet\s+)?(?P<verb>give|given|state|stated|provide|provided|"
    rf"return|returned|list|listed|name|named|confirm|confirmed|supply|supplied|mention|mentioned|"
    rf"share|shared){_IT}(?:\s+yet)?(?:\s+(?:in|during)\s+(?:this|the)\s+(?:conversation|chat|call))?"
    # "that is not in the `list_berths` output"
    r"|(?:that|which)\s+(?:is|are|was|were)\s+not\s+(?:in|among|part\s+of|(?:listed|returned|"
    r"shown|included|found)\s+(?:in|by|on))\s+(?P<src3>[^.;:!?,]+?))"
    # "... to update their contact details": the action taking the value
    r"(?:\s+(?:to|when|while|for)\s+(?P<purpose>[a-z]+(?:\s+(?!and\b|or\b)[a-z']+){0,3}?))?"
    rf"{_END}",
    re.I,
)
# "do not send notices to hull numbers the skipper did not give": the value the action takes
_NOT_GIVEN_TO = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|shall|may)\s+(?:not|never)|never|do\s+not|"
    r"don't|must\s+not)\s+(?P<act>[a-z]+(?:\s+(?!to\b|for\b|on\b)[a-z]+){0,2}?)\s+(?:to|for|on|"
    rf"with|using)\s+{_DET}{_NP}\s+(?:that\s+|which\s+)?{_SOURCE}\s+(?:has|have|had|did|does|do)"
    r"\s*(?:not|n't)\s+(?:explicitly\s+|actually\s+|yet\s+)?(?P<verb>give|given|state|stated|"
    rf"provide|provided|return|returned|list|listed|name|named|confirm|confirmed){_IT}{_END}",
    re.I,
)
# "a hull number that the skipper has not given must never be used"
_NOT_GIVEN_USED = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:that|which)\s+{_SOURCE}\s+(?:has|have|had|did|does|do)\s*(?:not|n't)\s+"
    r"(?:explicitly\s+|actually\s+|yet\s+)?(?P<verb>given|stated|provided|returned|listed|named|"
    r"confirmed|supplied|mentioned)\s+(?:must|should|shall|may|can)\s*(?:not|never|n't)\s+"
    rf"(?:ever\s+)?be\s+{_USED}{_END}",
    re.I,
)
# "crew names have to be spelled exactly as the skipper wrote them"
_EXACTLY_AS = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|are\s+to|is\s+to)\s+"
    r"(?:always\s+)?be\s+(?:spelled|spelt|entered|written|typed|copied|used|passed|given|sent|"
    rf"recorded|kept)\s+(?:exactly|verbatim|precisely|word\s+for\s+word)\s+as\s+{_SOURCE}\s+{_HAS}"
    rf"(?P<verb>gave|given|gives|wrote|written|writes|spelled|spelt|spells|typed|types|said|says|"
    rf"stated|states|provided|provides|returned|returns|listed|lists|shows|showed|shown|named|"
    rf"entered|enters){_IT}{_END}",
    re.I,
)
# "the booking reference the customer gives must be used as-is"
_AS_IS = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:that\s+|which\s+)?{_SOURCE}\s+{_HAS}(?P<verb>gives|gave|given|provides|"
    r"provided|states|stated|types|typed|names|named)\s+(?:you\s+)?(?:must|should|shall|has\s+to|"
    r"have\s+to|is\s+to|are\s+to)\s+(?:always\s+)?be\s+(?:used|passed|entered|kept|sent)\s+"
    r"(?:as-is|as\s+is|as\s+given|exactly(?:\s+as\s+given)?|verbatim|unchanged|word\s+for\s+word)\b",
    re.I,
)
# "the credit must be issued to the member id returned by T", "a refund may only go to a
# card the member named"
_ON_RECORD = (
    r"(?:gave|given|stated|provided|named|supplied|specified|returned|listed|shown|recorded|stored|"
    r"saved|kept|registered|held)"
)
_ISSUED_TO = re.compile(
    r"^\W*(?:(?:the\s+|a\s+|an\s+|any\s+|every\s+|each\s+|all\s+)?(?P<act>[a-z]+)\s+(?:must|"
    r"should|shall|may\s+only|can\s+only|has\s+to|have\s+to)\s+(?:only\s+|always\s+)?(?:be\s+)?"
    r"(?P<how>issued|sent|paid|credited|refunded|made|returned|transferred|delivered|go|goes)"
    # "only refund to a card ...": the action said by its verb
    r"|(?:(?:you\s+)?(?:must|should|may|can)\s+)?only\s+(?P<verb0>[a-z]+)(?:\s+(?:it|them|"
    r"(?P<obj0>money|funds|payments?|refunds?|credits?)))?)\s+(?:only\s+)?(?:back\s+)?(?:to|into|onto|on)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:(?:original|same|existing)\s+)?"
    rf"(?P<np>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s+(?:"
    rf"(?:that\s+|which\s+)?(?:(?:was|were|is|are|has\s+been)\s+)?(?P<verb>{_ON_RECORD})\s+(?:by|"
    rf"in|from|on)\s+(?P<src>[^.;:!?,]+?)|(?:that\s+|which\s+)?{_SOURCE.replace('src', 'src2')}\s+"
    rf"{_HAS}(?P<verb2>{_GAVE}){_IT}(?:\s+(?:in|during)\s+(?:this|the)\s+(?:conversation|chat|"
    r"call))?)\s*(?:[.;!?]|$)",
    re.I,
)
# the verb of an action said by its issuing ("the credit must be issued"): issue credit
_HOW = {"issued": "issue", "sent": "send", "paid": "pay", "credited": "credit",
        "transferred": "transfer", "delivered": "deliver"}  # fmt: skip
# "collect the hull number and length of every boat before assigning a berth"
_DATUM = r"(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*"
_COLLECT_EACH = re.compile(
    r"^\W*(?:(?:you|the\s+agent|we)\s+(?:must|should|shall|need\s+to|have\s+to)\s+)?(?:always\s+)?"
    r"(?:first\s+)?(?:collect|gather|get|obtain|take\s+down|note\s+down|write\s+down|record|"
    rf"request|ask\s+for)\s+(?:(?:the|their|a|an)\s+)?(?P<values>{_DATUM}(?:(?:\s*,\s*(?:and\s+)?|"
    rf"\s+and\s+)(?:(?:the|their|a|an)\s+)?{_DATUM}){{0,4}}?)\s+(?:of|for)\s+(?:each|every|all|any)"
    r"\s+(?:of\s+the\s+)?(?P<per>[a-z]+)\s+(?:before|prior\s+to|when|while)\s+"
    # "before adding it": the action on the thing each value belongs to
    r"(?:(?P<verb>[a-z]+ing)\s+(?P<it>it|them|one)\s*(?:[.;!?]|$))?",
    re.I,
)
_QUALIFIERS = frozenset({"full", "complete", "exact", "correct", "current", "legal", "official"})
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_LEAD_DET = re.compile(r"^(?:the|their|a|an)\s+", re.I)


def origin_forms(text: str) -> list[Emit]:
    """The `arg_grounded` rules of the shapes in the module docstring; [] for any other
    sentence."""
    not_given = _not_given(text)
    if not_given is not None:
        return not_given
    used = origin_uses(text)  # "do not rely on boat ids from earlier conversations", ...
    if used is not None:
        return used
    for pattern in (_ONLY_IF, _NO_UNLESS, _EXACTLY_AS, _AS_IS):
        m = pattern.search(text)
        if m is None:
            continue
        value, source = value_of(m["np"]), told_source(m["src"], m["verb"])
        if value is None or source is None:
            return []
        return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]
    m = _NOT_GIVEN_USED.search(text)
    if m is not None:  # "a hull number that the skipper has not given must never be used"
        value, source = value_of(m["np"]), told_source(m["src"], m["verb"])
        if value is None or source is None:
            return []
        return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]
    return _given_to(text) or _issued(text) or _collected(text)


def _given_to(text: str) -> list[Emit]:
    """ "Do not send notices to hull numbers the skipper did not give": on that action."""
    m = _NOT_GIVEN_TO.search(text)
    if m is None:
        return []
    value, source = value_of(m["np"]), told_source(m["src"], m["verb"])
    words = m["act"].casefold().split()
    if value in (None, "value") or source is None or lemma(words[0]) in _NOT_ACTIONS:
        return []  # "populate X with a value ...": X is the value, read by `named_params`
    action = " ".join([lemma(words[0]), *(singular(w) for w in words[1:])])
    return [Emit("arg_grounded", action, {"facet": value, **source}, 0.65)]


_NOT_ACTIONS = frozenset({"use", "enter", "pass", "supply", "submit", "be", "have", "do"})


def _not_given(text: str) -> list[Emit] | None:
    """ "Never enter a hull number the skipper has not given (to register a boat)", "never
    use a berth code that is not in the `list_berths` output": the source, on the action
    said after it, if any; None for another sentence."""
    m = _NOT_GIVEN.search(text)
    if m is None:
        return None
    value = value_of(m["np"])
    source = origin(_src(m["src3"])) if m["src3"] else told_source(m["src"], m["verb"])
    if value is None or source is None:
        return []
    target = ANY_TOOL
    if m["purpose"]:  # "to update their contact details": update contact details
        words = [w for w in m["purpose"].casefold().split() if w not in _OWNERS]
        if lemma(words[0]) not in IMPERATIVE_VERBS:
            return []  # "for a week": no action
        target = " ".join([lemma(words[0]), *words[1:]])
    return [Emit("arg_grounded", target, {"facet": value, **source}, 0.7)]


def _issued(text: str) -> list[Emit]:
    """ "The credit must be issued to the member id returned by T": the value on the action
    the noun names (an action noun, or the verb of issuing and its object)."""
    m = _ISSUED_TO.search(text)
    if m is None:
        return []
    value = value_of(m["np"])
    src, verb = (m["src"], m["verb"]) if m["src"] else (m["src2"], m["verb2"])
    source = told_source(src, verb)
    if value is None or source is None:
        return []
    if m["verb0"]:  # "only refund to a card the member named": the verb's action
        verb0 = lemma(m["verb0"].casefold())
        if verb0 not in IMPERATIVE_VERBS:
            return []
        action = f"{verb0} {m['obj0'].casefold()}" if m["obj0"] else verb0  # "send money"
        return [Emit("arg_grounded", action, {"facet": value, **source}, 0.65)]
    act, how = m["act"].casefold(), m["how"].casefold()
    if is_action_noun(act):  # "a refund": the resolver maps the action noun
        target = act
    elif how in _HOW:
        target = f"{_HOW[how]} {singular(act)}"
    else:
        return []  # "the letter must go to ...": no action said
    return [Emit("arg_grounded", target, {"facet": value, **source}, 0.65)]


def _collected(text: str) -> list[Emit]:
    """ "Collect the hull number and length of every boat before assigning a berth": each
    value comes from the person; the action is the scope `value_scopes.scoped` reads."""
    m = _COLLECT_EACH.search(text)
    if m is None:
        return []
    per = singular(m["per"].casefold())
    out = []
    for part in _SPLIT.split(m["values"].strip()):
        words = _LEAD_DET.sub("", part.strip()).casefold().split()
        words = [w for w in words if w not in _QUALIFIERS]  # "full names": the names
        value = value_of(" ".join(words)) if words else None
        if value is None:
            return []  # "collect the fee of every booking": no datum the person tells
        # "names for every passenger": the passenger's names
        out.append(value if value.startswith(per) else f"{per} {value}")
    params: dict[str, Any] = {"from_user": True, "from_tools": []}
    # "before adding it": add the boat (the scope names the action in words otherwise)
    target = f"{lemma(m['verb'].casefold())} {per}" if m["verb"] else ANY_TOOL
    return [Emit("arg_grounded", target, {"facet": v, **params}, 0.65) for v in out]


def collected_for_each(text: str) -> list[Emit] | None:
    """The rules of "collect the X and Y of every boat before adding it", whose action is
    said with a pronoun (no scope to read); None for any other sentence."""
    emits = _collected(text)
    return emits if emits and emits[0].target != ANY_TOOL else None

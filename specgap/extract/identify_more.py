"""Identify the person first, in the shapes `identify_first` does not read: a ban on acting
for an unverified person, an identification said to come first, a permission given once
the person is verified, an identification followed by `then`, and an identification that
says before what only through its section (a heading "Before doing anything", or a step of
a section about one action).

- "No booking may be changed for an unverified member", "Nothing may be done for an
  unidentified caller", "Do not discuss anything with an unauthenticated patron";
- "Verification comes first", "Always start by verifying the member's identity", "The
  first step is always to authenticate the caller";
- "Once the caller is verified, you may change their bookings", "Only after the member has
  been authenticated can you discuss their account";
- "Authenticate the member, then help with their request";
- "The member's identity must be established (by card number or by e-mail)" under "##
  Before doing anything", or "Verify the member's identity" as a step under "## Freezing a
  membership".

What must wait is read from the words of the scope, as `identify_first` does: generic
verbs over everything ("anything", "help with their request", "change their bookings")
give the account rule (`require_before("*", identify <person>)` with `account` and
`touches`, spread by `specgap.resolve.accounts`); a named action ("cancel a class", "book
or freeze") gives `require_before(<action>, identify <person>)` for each, which the
reading keeps for review (which lookup identifies is inferred). An identification that
says before what neither by itself nor by its section is kept as the account rule with
the missing scope as its condition: reviewed, with a located note, never enforced on a
guess.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import ANY_TOOL, USER, singular, split_words
from specgap.operators.prose import lemma

_CHECK_ED = r"(?:verified|identified|authenticated|authorised|authorized|confirmed)"
_CHECK_ING = r"(?:verifying|identifying|authenticating|confirming|validating)"
_CHECK = r"(?:verify|identify|authenticate|confirm|validate|establish)"
# the object of an identification: the person, their identity, who they are
_WHOM = (
    r"\s+(?:the\s+|a\s+|their\s+|each\s+|every\s+)?(?:(?:" + USER + r")s?\b(?!\s+(?:id|number)\b)|"
    r"identity\b|identities\b|who\s+(?:they|you)\s+are\b)"
)
_NEG = r"(?:no|nothing|do\s+not|don't|never|must\s+not|cannot|can't|may\s+not|should\s+not)"
# "No booking may be changed for an unverified member", "do not discuss anything with ..."
_UNVERIFIED = re.compile(
    r"^\W*(?:(?:you|we|the\s+agent)\s+)?" + _NEG + r"\b(?P<scope>[^.;]*?)\s+(?:for|with|to|"
    r"on\s+behalf\s+of|about|of)\s+(?:an?\s+|the\s+|any\s+)?(?:(?:un" + _CHECK_ED + r"|not\s+yet\s+"
    + _CHECK_ED + r")\s+(?P<who>" + USER + r")s?(?:'s)?\b|(?P<who2>" + USER + r")s?\s+"
    r"(?:who|that)\s+(?:has|have|is|are)\s+not\s+(?:yet\s+)?(?:been\s+)?" + _CHECK_ED + r"\b)",
    re.I,
)  # fmt: skip
# "do not proceed with any request until the member's identity is verified": everything
_NOT_UNTIL = re.compile(
    r"^\W*(?:(?:you|we|the\s+agent)\s+)?(?:do\s+not|don't|never|must\s+not|cannot|can't|should\s+"
    r"not)\s+(?:proceed|continue|go\s+(?:on|ahead)|move\s+on|start|help|assist)\b(?:\s+(?:with\s+)?"
    r"(?:any|a|the|their)\s+(?:request|enquiry|inquiry|query|task|action)s?)?\s+(?:until|unless|"
    r"before)\b(?P<ident>[^.;]+)",
    re.I,
)  # fmt: skip
# "verification comes first", "verifying the caller always comes first"
_FIRST = re.compile(
    r"^\W*(?:(?:the\s+)?(?:(?P<own>"
    + USER
    + r")'s\s+)?(?:identity\s+)?(?:verification|authentication|"
    r"identification)|"
    + _CHECK_ING
    + r"\s+(?:the\s+)?(?:(?P<who>"
    + USER
    + r")(?:'s\s+identity)?|identity)|"
    r"identity\s+checks?)\s+(?:always\s+|must\s+|should\s+|has\s+to\s+)?(?:comes?|go|goes|happen|"
    r"happens)\s+first\b"
    # "always start by verifying ...", "begin every call by authenticating the caller"
    r"|\b(?:start|begin|open)\s+(?:every|each|any|the|a)?\s*(?:conversation|call|chat|request|"
    r"interaction|session|contact)?\s*(?:by|with)\s+" + _CHECK_ING + _WHOM +
    # "the first step is always to authenticate the caller"
    r"|\bthe\s+(?:very\s+)?first\s+(?:step|thing|task)\s+(?:is\s+|must\s+be\s+)?(?:always\s+)?"
    r"(?:to\s+)?" + _CHECK + _WHOM,
    re.I,
)
# "once the caller is verified, you may change their bookings"
_ONCE = re.compile(
    r"^\W*(?:only\s+)?(?:once|after|when)\s+(?:the\s+|a\s+)?(?:(?P<own>" + USER + r")'s\s+identity|"
    r"their\s+identity|(?P<who>"
    + USER
    + r"))\s+(?:is|has\s+been|have\s+been|was|are)\s+(?:successfully\s+|"
    r"fully\s+|properly\s+)?" + _CHECK_ED + r"\s*,?\s*(?:(?:you|we|the\s+agent)\s+(?:may|can|are\s+"
    r"allowed\s+to|is\s+allowed\s+to)|(?:may|can)\s+(?:you|we|the\s+agent))\s+(?:then\s+)?"
    r"(?P<acts>[^.;]+)",
    re.I,
)
# "only verified members may book classes", "unless the caller has been verified, do not
# discuss their bookings"
_ONLY_VERIFIED = re.compile(
    r"^\W*only\s+(?:" + _CHECK_ED + r"|identified)\s+(?P<who>" + USER + r")s?\s+(?:may|can|are\s+"
    r"allowed\s+to|should\s+be\s+allowed\s+to)\s+(?P<acts>[^.;]+)"
    r"|^\W*(?:unless|until)\s+(?:the\s+|a\s+)?(?:(?P<own>" + USER + r")'s\s+identity|their\s+"
    r"identity|(?P<who2>" + USER + r"))\s+(?:is|has\s+been|have\s+been|was|are)\s+"
    r"(?:successfully\s+|fully\s+)?" + _CHECK_ED + r"\s*,\s*(?:you\s+|we\s+|the\s+agent\s+)?"
    r"(?:do\s+not|don't|never|must\s+not|may\s+not|cannot|can't|should\s+not)\s+"
    r"(?P<acts2>[^.;]+)",
    re.I,
)  # fmt: skip
# "authenticate the member, then help with their request"
_THEN = re.compile(
    r"^\W*(?:first\s*,?\s*)?(?:always\s+)?" + _CHECK + r"\s+(?P<ident>(?:the\s+|a\s+|their\s+)?"
    r"(?:(?:" + USER + r")(?:'s\s+identity)?|identity)(?:\s+(?:by|via|using|with)\s+[^.;]*?)?)"
    r"\s*,?\s*(?:and\s+)?"
    r"(?:only\s+)?then\s+(?:you\s+(?:may|can)\s+)?(?P<acts>[^.;]+)",
    re.I,
)
# an identification said alone: "verify the member's identity", "X's identity must be ..."
_ALONE = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|need\s+to|have\s+to)\s+)?(?:always\s+)?"
    + _CHECK
    + r"\s+(?:the\s+|their\s+)?(?:(?P<own>"
    + USER
    + r")'s\s+identity|identity\s+of\s+the\s+(?P<of>"
    + USER
    + r")|"
    r"their\s+identity|(?P<who>" + USER + r")(?=\s*(?:[.;,(]|$|\s+(?:by|via|using|with)\b)))"
    r"|^\W*(?:the\s+)?(?:(?P<own2>"
    + USER
    + r")'s\s+|their\s+)identity\s+(?:must|has\s+to|should|needs\s+"
    r"to)\s+(?:first\s+)?be\s+(?:" + _CHECK_ED + r"|established)\b",
    re.I,
)
# a section whose heading says what the identification comes before
_BEFORE_ALL = re.compile(
    r"^\W*(?:before|prior\s+to)\s+(?:(?:doing|you\s+do|we\s+do)\s+)?(?:anything|any\s+(?:action|"
    r"request|task|change)s?|helping|assisting|you\s+(?:start|begin|help|act)|(?:starting|"
    r"beginning))\b"
    r"|^\W*(?:first\s+steps?|(?:at\s+the\s+)?start(?:\s+of\s+(?:every|each|a)\s+[a-z]+)?|"
    r"getting\s+started|before\s+you\s+start)\W*$",
    re.I,
)
_WAYS = re.compile(
    r"\b(?:by|via|using|with|through)\s+(?:their\s+|his\s+|her\s+|the\s+|an?\s+)?"
    r"(?P<a>[a-z][\w -]*?)\s*,?\s+or\s+(?:by\s+|via\s+|using\s+|with\s+|through\s+)?"
    r"(?:their\s+|his\s+|her\s+|the\s+|an?\s+)?(?P<b>[a-z][\w -]*?)\s*(?:[.;,)]|$)",
    re.I,
)
# verbs of acting on the whole account, never one tool's action
_GENERIC = frozenset(
    split_words(
        "access read view see open discuss disclose share reveal give change modify update edit "
        "alter amend "
        "touch handle manage help assist process do proceed continue act serve support answer "
        "take make done"
    )
)
_READS = frozenset(
    split_words("access read view see open discuss disclose share reveal give answer")
)
_CHANGES = frozenset(split_words("change modify update edit alter amend"))
_NOT_PERSON = frozenset(
    split_words(
        "the a an their them they his her who it this that identity account accounts record "
        "records profile you we"
    )
)
_OWN_SCOPE = re.compile(
    r"\b(?:before|after|until|unless|once|when|whenever|while|prior\s+to|if|then)\b", re.I
)
# an identification said of a person: "the member's identity is verified", "they are
# authenticated", "the caller has been identified"
_IDENTIFIED = re.compile(
    r"\b(?:identity|identities|who\s+they\s+are|(?:" + USER + r")s?|they|he|she)\s+(?:is|are|"
    r"has\s+been|have\s+been|was|were)\s+(?:successfully\s+|fully\s+|properly\s+)?(?:" + _CHECK_ED
    + r"|established)\b",
    re.I,
)  # fmt: skip
_NO_SCOPE = "the sentence does not say which actions must wait for the identification"


def identify_more(text: str, heading: str = "") -> list[Emit]:
    """The identify-first rules of a sentence of the module's shapes (its section heading
    `heading` may give the scope); [] for any other sentence."""
    m = _UNVERIFIED.search(text)
    if m is not None:
        return _scoped(_person(m["who"] or m["who2"]), text[m.end() :], m["scope"])
    m = _NOT_UNTIL.search(text)
    if m is not None and _IDENTIFIED.search(m["ident"]):
        return [_account(_ident_person(m["ident"]), m["ident"], "all")]
    m = _FIRST.search(text)
    if m is not None:
        who = (
            m.groupdict().get("own") or m.groupdict().get("who") or _ident_person(text[m.start() :])
        )
        return [_account(_person(who), text, "all")]
    m = _ONCE.search(text)
    if m is not None:
        return _scoped(_person(m["own"] or m["who"]), text[: m.start("acts")], m["acts"])
    m = _ONLY_VERIFIED.search(text)
    if m is not None:
        who = _person(m["who"] or m["own"] or m["who2"])
        return _scoped(who, text[m.end() :], m["acts"] or m["acts2"])
    m = _THEN.search(text)
    if m is not None:
        return _scoped(_ident_person(m["ident"]), m["ident"], m["acts"])
    m = _ALONE.search(text)
    if m is None or _OWN_SCOPE.search(text):  # "... before hiring anything": an ordering
        return []
    groups = m.groupdict()
    who = _person(next((groups[g] for g in ("own", "of", "who", "own2") if groups.get(g)), ""))
    if _BEFORE_ALL.search(heading):  # "## Before doing anything": everything waits
        return [_account(who, text[m.start() :], "all")]
    action = _heading_action(heading)
    if action is not None:  # a step of "## Freezing a membership": the freeze waits
        return [Emit("require_before", action, {"before": _before(who, text)}, 0.7)]
    return [_account(who, text, "all", condition=_NO_SCOPE)]


def _scoped(who: str, ways: str, scope: str) -> list[Emit]:
    """The rules for a scope said in words: the account rule over generic verbs ("change
    their bookings", "anything"), one rule per named action otherwise ("book or freeze")."""
    clause = _imperative(scope)
    m = _VERBS.match(clause)
    if m is None:
        return []
    verbs = [lemma(v) for v in re.findall(r"[a-z]+", m["verbs"].casefold()) if v not in _ANDS]
    obj = [w for w in re.findall(r"[a-z]+", m["obj"].casefold()) if w not in _DETS]
    known = all(v in _GENERIC or v in IMPERATIVE_VERBS or v in _BARE for v in verbs)
    if not verbs or not known:
        return []
    if all(v in _GENERIC for v in verbs) or {"anything", "nothing"} & set(obj):
        reads = any(v in _READS for v in verbs)
        changes = any(v in _CHANGES for v in verbs)
        every = reads == changes or any(v not in _READS | _CHANGES for v in verbs)
        touches = "all" if every else "reads" if reads else "changes"
        return [_account(who, ways, touches)]
    before = _before(who, ways)
    thing = " ".join(singular(w) for w in obj[:2])
    actions = [f"{v} {thing}".strip() for v in verbs]
    return [Emit("require_before", a, {"before": before}, 0.7) for a in actions]


# a clause's leading verbs and what they act on: "cancel or refund their orders"
_VERBS = re.compile(
    r"^\W*(?P<verbs>[a-z]+(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)[a-z]+)*)"
    r"(?P<obj>(?:\s+(?!with\b|for\b|on\b|in\b|to\b)[a-z]+){0,3})",
    re.I,
)
_ANDS = frozenset({"and", "or"})
_DETS = frozenset(split_words("a an the their his her its any all every each of"))
# verbs of a tool's action that the imperative list may not hold
_BARE = frozenset(split_words("freeze unfreeze pause resume renew extend transfer reserve"))


def _imperative(scope: str) -> str:
    """The scope as an imperative clause: "No class may be cancelled" -> "cancel the
    class"; "you may book or freeze" -> "book or freeze"."""
    passive = _PASSIVE.match(scope)
    if passive is not None:
        return f"{lemma(passive['verb'])} the {passive['obj']}"
    bare = _BARE_PASSIVE.match(scope)
    if bare is not None:  # "nothing may be done": the subject was the negation
        return f"{lemma(bare['verb'])} anything"
    return scope.strip()


_BARE_PASSIVE = re.compile(
    r"^\s*(?:may|can|should|must|will|is|are)\s+(?:not\s+)?(?:ever\s+)?be\s+(?P<verb>[a-z]+)\b",
    re.I,
)
_PASSIVE = re.compile(
    r"^\s*(?:(?:a|an|the|any)\s+)?(?P<obj>[a-z]+(?:\s+[a-z]+)?)\s+(?:may|can|should|must|is|"
    r"are|will)\s+(?:not\s+)?(?:ever\s+)?be\s+(?P<verb>[a-z]+)\b",
    re.I,
)


def _account(who: str, ways: str, touches: str, condition: str | None = None) -> Emit:
    params = {"before": _before(who, ways), "account": who, "touches": touches}
    return Emit("require_before", ANY_TOOL, params, 0.7, condition=condition)


def _before(who: str, ways: str) -> str:
    head = f"identify {who}".strip()
    found = _WAYS.search(ways)
    if found is not None:
        return f"{head} by {_plain(found['a'])} or by {_plain(found['b'])}"
    return head if who else "identify identity"  # whoever the lookups read


def _ident_person(text: str) -> str:
    """The person an identification names: "the member's identity", "the caller"."""
    m = re.search(r"\b(?P<who>" + USER + r")s?\b", text, re.I)
    return _person(m["who"]) if m is not None else ""


def _person(word: str | None) -> str:
    w = (word or "").casefold()
    return "" if not w or w in _NOT_PERSON else singular(w)


def _plain(part: str) -> str:
    return " ".join(part.split()).strip(" -").casefold()


def _heading_action(heading: str) -> str | None:
    """The action a section heading names by a verb and its object ("Freezing a
    membership", "Cancel a class": `freeze membership`); None for any other heading."""
    words = re.findall(r"[A-Za-z]+", heading)
    if len(words) < 2:
        return None
    verb = lemma(words[0])
    named = verb in IMPERATIVE_VERBS or verb in _BARE or words[0].casefold().endswith("ing")
    if not named or verb in _GENERIC:
        return None
    obj = [w.casefold() for w in words[1:] if w.casefold() not in {"a", "an", "the", "their"}]
    return " ".join([verb, *(singular(w) for w in obj[:2])]) if obj else None

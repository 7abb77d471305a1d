"""Identify the person before acting on their account: "Before doing anything with a
member's bookings, confirm who they are by their card number or their e-mail", "Verify the
caller's identity before any change to their account", "You must authenticate the patient
before reading or changing their records".

Such a sentence orders an identification before every action on the person's account. It
is read from its grammar, not from its words:

- the identification: a verb of identifying (verify, confirm, authenticate, identify,
  validate, establish) whose object is the person ("the patient") or their identity
  ("their identity", "who they are"), optionally with the ways it is done ("by their card
  number or their e-mail": any one of them);
- the scope: a `before` phrase over what belongs to the person, said by a possessive ("their
  account", "a member's bookings", "the patient's records") after "anything", "any action",
  "any change", or generic verbs ("reading or changing", "access or modify", never one
  tool's action: "freezing their membership" is read by `temporal`); a scope of changes
  only ("any change to", "updating") holds for the tools that change something, one of
  reads only ("disclosing their information") for the tools that only read.

It emits `require_before("*", identify <person> [by A or by B])` with the params `account`
(the person's noun, or "" when the sentence names none) and `touches` (`all`, or `changes`
or `reads` when the scope names only those); `specgap.resolve.accounts` turns it into one
rule per tool acting on the account. A
condition before the sentence ("if the caller is new, ...") is kept (the rule is reviewed);
a negation ("there is no need to verify ..."), an identification of anything else ("verify
the address before shipping"), or a scope naming no possessive ("before shipping a parcel",
read by `temporal`) is not read here. The other shapes of identifying first ("verification
comes first", "once the caller is verified, you may ...", a heading "Before doing anything")
are read by `identify_more`.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.identify_more import identify_more
from specgap.extract.order3_identify import identify_scoped
from specgap.extract.pattern_base import ANY_TOOL, USER, singular

_VERB = (
    r"(?:verif(?:y|ies|ying|ied)|confirm(?:s|ing|ed)?|authenticat(?:e|es|ing|ed)|"
    r"identif(?:y|ies|ying|ied)|validat(?:e|es|ing|ed)|establish(?:es|ing|ed)?|"
    r"check(?:s|ing|ed)?)"
)
_IDENTITY = (
    r"(?:identity|identities|identification|who\s+(?:they|he|she|you)\s+(?:are|is)\b[^,.;]*?)"
)
# verbs of acting on a whole account, never one tool's action ("freezing their membership")
_GENERIC = (
    r"(?:access|read|view|see|look\s+at|open|discuss|disclose|shar|chang|modif|updat|edit|"
    r"alter|amend|touch|handl|manag|act\s+on|work\s+on|help\s+with|assist\s+with|process)"
)
_GENERIC_ING = rf"(?:{_GENERIC}(?:ing|ying))"
_GENERIC_BASE = rf"(?:{_GENERIC}(?:e|y|s|es|ies)?)"
# a list of actions naming at least one generic verb: "view, change or cancel"
_ANY_ACT = r"(?:[a-z]+(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+))"
_ACTS = rf"(?:{_ANY_ACT}*{_GENERIC_BASE}(?:(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)[a-z]+)*)"
# what of the account the scope covers before the possessive
_PART = (
    r"(?:\s+(?:anything|any\s+part|any\s+details?|any\s+information|details|information|any)"
    r"(?:\s+(?:with|of|on|in|to|about))?)?"
)
_POSSESSOR = (
    r"(?:(?:any\s+of\s+|all\s+of\s+)?(?:their|his|her|the\s+(?P<p1>[a-z]+)'s|a\s+(?P<p2>[a-z]+)'s|(?P<p3>[a-z]+)'s)"
    r"|(?:the|any)(?=\s+(?:account|accounts|records?|profile)\b))"  # "the account"
)
# the identification: "verify the caller's identity", "authenticate the patient",
# "confirm who they are"
_IDENT = re.compile(
    rf"\b(?P<verb>{_VERB})\s+(?:"
    rf"(?:the\s+|their\s+|a\s+)?(?:(?P<own>[a-z]+)'s\s+)?{_IDENTITY}"
    # a person as the object only of a verb that says identity: "authenticate the patient"
    r")|\b(?:authenticat|identify)(?:e|es|ing|y)?\s+(?:the|a)\s+(?P<who>[a-z]+)"
    r"(?=\s|[,.;]|$)(?!\s+(?:id|number|address|details)\b)"
    # the passive: "their identity has been verified", "the patient must be authenticated"
    r"|\b(?:the\s+|their\s+|a\s+)?(?:(?P<own2>[a-z]+)'s\s+|(?P<who2>[a-z]+)\s+)?"
    r"(?:(?P<id2>identity)\s+)?(?:(?:must|has\s+to|should|needs\s+to|will)\s+(?:first\s+)?be|"
    r"(?:has|have)\s+(?:first\s+)?been|is|was|are)\s+(?P<pv>verified|confirmed|authenticated|identified|"
    r"validated|established)\b"
    # the person's identifying details: "confirm the patient's name and date of birth"
    rf"|\b{_VERB}\s+(?:the\s+|a\s+)?(?:(?P<own4>[a-z]+)'s|their|his|her)\s+"
    r"(?P<keys>(?:full\s+)?(?:name|date\s+of\s+birth|birth\s*date|card\s+number|"
    r"e-?mail(?:\s+address)?|phone(?:\s+number)?|pin|password|[a-z]+\s+(?:id|number))"
    r"(?:\s*(?:,|and|or)\s*(?:(?:their|his|her)\s+)?(?:full\s+)?(?:name|date\s+of\s+birth|"
    r"birth\s*date|card\s+number|e-?mail(?:\s+address)?|phone(?:\s+number)?|pin|password|"
    r"[a-z]+\s+(?:id|number)))*)\b"
    # a noun: "identity verification is required before ..."
    r"|\b(?P<nom>identity\s+(?:verification|check|confirmation|authentication)|"
    r"(?:verification|confirmation|authentication)\s+of\s+(?:the\s+|their\s+)?"
    r"(?:(?P<own3>[a-z]+)'s\s+)?identity)\b",
    re.I,
)
# "do not change a member's bookings until their identity has been verified"
_UNTIL = re.compile(
    r"\b(?:do\s+not|don't|never|must\s+not|cannot|can't|may\s+not|should\s+not)\s+"
    rf"(?P<scope>{_ACTS}{_PART})\s+{_POSSESSOR}\s+(?P<what>[a-z]+)[^.;]*?"
    r"\b(?:until|unless|before|without\s+first)\b",
    re.I,
)
# "you may change a member's loans only after confirming their identity"
_AFTER = re.compile(
    rf"\b(?P<scope>{_GENERIC_BASE}(?:\s*(?:,|or|and)\s*{_GENERIC_BASE})*)\s+"
    rf"{_POSSESSOR}\s+(?P<what>[a-z]+)[^.;]*?\bonly\s+(?:after|once|when)\b",
    re.I,
)
_SCOPE = re.compile(
    r"\bbefore\s+(?P<scope>(?:(?:doing|taking|performing|making|carrying\s+out)\s+)?"
    r"(?:anything|(?:(?:any|all)\s+)?(?:action|actions|change|changes|operation|operations|"
    r"update|updates|modification|modifications|request|requests|work)|"
    rf"{_GENERIC_ING}(?:\s*(?:,|or|and)\s*{_GENERIC_ING})*|"
    r"(?:you|the\s+agent|the\s+assistant|we)\s+(?:can\s+|may\s+)?"
    rf"{_ACTS}{_PART})"
    rf"(?:\s+(?:else\s+)?(?:with|to|on|in|for|of|involving|regarding|about|related\s+to))?)\s+"
    rf"{_POSSESSOR}\s+(?P<what>[a-z]+)",
    re.I,
)
# "before any account change", "before changing account details": the account as a noun
_ACCOUNT_SCOPE = re.compile(
    r"\bbefore\s+(?P<scope>(?:[a-z]+ing\s+)?(?:(?:any|all|an)\s+)?(?P<what>account|profile)"
    r"(?:\s+(?:action|actions|change|changes|update|updates|details|data|information|"
    r"operation|operations|request|requests|modification|modifications))?)\b",
    re.I,
)
# "before discussing or changing anything": everything, no possessive; the person is the
# one identified
_BARE_SCOPE = re.compile(
    r"\bbefore\s+(?P<scope>(?:(?:you|we|the\s+agent)\s+(?:can\s+|may\s+)?)?"
    rf"(?:doing|{_GENERIC_ING}|{_GENERIC_BASE}|do)(?:\s*(?:,|or|and)\s*(?:{_GENERIC_ING}|"
    rf"{_GENERIC_BASE}))*\s+(?:anything|any\s+(?:request|question|task)s?)(?:\s+else)?)\b"
    # "before taking any request", "before any request": a request is the person's
    r"|\bbefore\s+(?P<scope2>(?:taking\s+|handling\s+|answering\s+)?(?:any|each|every)\s+"
    r"(?:request|question|enquiry|inquiry|query|task)s?)\b",
    re.I,
)
# the object of a bare scope's verbs: the verbs alone say what it covers
_OBJECT_ANY = re.compile(
    r"(?<=[a-z])\s+(?:anything|any\s+(?:request|question|task)s?)(?:\s+else)?$", re.I
)
# "at the start of every request", "for each enquiry": every request the person makes
_EVERY_REQUEST = re.compile(
    r"\b(?:at\s+the\s+(?:start|beginning|outset)\s+of|for|on|with|in)\s+"
    r"(?P<scope>(?:every|each|any)\s+(?:new\s+)?(?:request|enquiry|inquiry|query|question|task)s?)\b",
    re.I,
)
# "a member cannot be helped until they have been identified": nothing is done for them
_UNHELPED = re.compile(
    r"^\W*(?:(?:the|a|an|any|no)\s+)?(?P<p3>[a-z]+)\s+(?:cannot|can't|can\s+not|must\s+not|"
    r"may\s+not|should\s+not|(?:is|are)\s+not\s+to)\s+be\s+(?:further\s+)?"
    r"(?P<scope>helped|assisted|served|supported)\b[^.;]*?\b(?:until|unless|before)\b",
    re.I,
)
# what the scope says it covers: every action, the reads, the changes
_EVERY = re.compile(
    r"\b(?:anything|action|actions|operation|operations|requests?|work|touch\w*|handl\w*|"
    r"manag\w*|help\w*|assist\w*|process\w*|act)\b",
    re.I,
)
_READ_WORDS = re.compile(
    r"\b(?:read\w*|view\w*|access\w*|look\w*|discuss\w*|see\w*|open\w*|shar\w*|"
    r"disclos\w*)\b",
    re.I,
)
_CHANGE_WORDS = re.compile(r"\b(?:chang\w*|modif\w*|updat\w*|edit\w*|alter\w*|amend\w*)\b", re.I)
_WAYS = re.compile(
    r"\b(?:by|via|using|with|through)\s+(?:their\s+|his\s+|her\s+|the\s+)?(?P<a>[a-z][\w -]*?)"
    r"\s*,?\s+or\s+(?:by\s+|via\s+|using\s+|with\s+|through\s+)?(?:their\s+|his\s+|her\s+|the\s+)?"
    r"(?P<b>[a-z][\w -]*?)\s*(?:[.;,]|$)",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:no\s+need|not\s+(?:need|have|required|necessary)|never|don't|do\s+not|"
    r"needn't|without)\b",
    re.I,
)
_CONDITION = re.compile(r"^\W*(?P<c>(?:if|when|whenever|unless|once|while)\b[^,]+),", re.I)
_NOT_PERSON = frozenset(
    [
        "the",
        "a",
        "an",
        "their",
        "them",
        "they",
        "his",
        "her",
        "who",
        "it",
        "this",
        "that",
        "identity",
        "account",
        "accounts",
        "record",
        "records",
        "profile",
    ]
)
# a passive that says identity without the word: "the member must be authenticated"
_USER_WORD = re.compile(USER + r"s?", re.I)
_NOT_OF_PERSON = frozenset({"verified", "confirmed", "validated", "established"})


def identify_first(text: str, heading: str = "") -> list[Emit]:
    """`require_before("*", identify <person> ...)` over the person's account for a sentence
    of the module's form, or of `identify_more`'s shapes (`heading`: its section's, which
    may say what the identification comes before); [] for any other sentence."""
    return _identify_first(text) or identify_more(text, heading) or identify_scoped(text)


def _identify_first(text: str) -> list[Emit]:
    scope = _UNTIL.search(text) or _AFTER.search(text) or _UNHELPED.search(text)
    ident = _IDENT.search(text, scope.end()) if scope is not None else None
    if scope is None or ident is None:  # "verify who they are before any change to ..."
        scope = _SCOPE.search(text) or _ACCOUNT_SCOPE.search(text) or _BARE_SCOPE.search(text)
        scope = scope or _EVERY_REQUEST.search(text)  # "... at the start of every request"
        ident = _IDENT.search(text)
        if scope is None or ident is None or _NEGATED.search(text):
            return []
    if scope.start() <= ident.start() < scope.end():
        return []  # the identification is inside the scope: not what comes first
    identity = ident["id2"] or (ident["who2"] or "").casefold().startswith("identit")
    person_said = _USER_WORD.fullmatch(ident["who2"] or "") is not None  # "members must be ..."
    if (
        ident["pv"]
        and not identity
        and not person_said
        and ident["pv"].casefold() in _NOT_OF_PERSON
    ):
        return []  # "the address must be verified": identity only when said
    said = (ident[g] for g in ("own", "who", "own2", "who2", "own3", "own4"))
    owners = (scope.groupdict().get(g) for g in ("p1", "p2", "p3"))
    named = [str(p) for p in (*said, *owners) if _person(p)]
    person = singular(named[0].casefold()) if named else ""
    head = f"identify {person}".strip()
    # the ways it is done: after the identification, up to the scope when that follows
    after = text[ident.end() : scope.start() if ident.start() < scope.start() else len(text)]
    ways = _WAYS.search(after)
    before = f"{head} by {_plain(ways['a'])} or by {_plain(ways['b'])}" if ways else head
    if head == "identify" and not ways:
        before = "identify identity"  # "verify their identity": whoever the lookups read
    words = scope["scope"] or scope.groupdict().get("scope2") or ""
    if scope.re is _BARE_SCOPE and scope["scope"]:  # "before you change anything": changes
        words = _OBJECT_ANY.sub("", words).strip() or words
    # the tools that only read are in scope only when the scope says so ("anything",
    # "reading or changing", "any request"); "updating or cancelling" is changes only
    reads, changes = bool(_READ_WORDS.search(words)), bool(_CHANGE_WORDS.search(words))
    every = bool(_EVERY.search(words)) or reads == changes
    touches = "all" if every else "reads" if reads else "changes"
    lead = _CONDITION.match(text)
    condition = (
        lead["c"].strip()
        if lead is not None and lead.end() <= min(scope.start(), ident.start()) + 1
        else None
    )
    params = {"before": before, "account": person, "touches": touches}
    return [Emit("require_before", ANY_TOOL, params, 0.7, condition=condition)]


def _person(word: str | None) -> bool:
    return bool(word) and str(word).casefold() not in _NOT_PERSON


def _plain(part: str) -> str:
    return " ".join(part.split()).strip(" -").casefold()

"""More shapes of identifying the person before acting on their account, beside those of
`identify_first` and `identify_more`:

- the scope a clause of its own whose verbs are generic and whose object is "anything" or
  "any <noun> (information|details|data|records)", with or without a possessive: "before
  you share or change any fare information", "before you open a file or change anything
  for someone", "before you discuss or change anything on their account";
- the scope a passive over "anything about (an existing) <thing>": "before anything about
  an existing permit is looked up, changed or paid for" (the thing is read as the account
  too: the tools taking a `<thing>_id` act on it);
- the identification a passive with "have to" ("riders have to be verified"), or "identify
  / verify them" (the person unnamed: whoever the registry's lookups read), optionally with
  its ways ("by their card or by their e-mail") or the one tool it is done with ("with
  `check_rider`").

It emits what `identify_first` emits, `require_before("*", identify <person> ...)` with the
params `account` and `touches`, which `specgap.resolve.accounts` spreads over the tools
acting on the account. A negation, a condition ("if ..."), a scope naming one tool's
action ("before you cancel a booking") or an identification of a thing ("the address has
to be verified") is not read here.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import ANY_TOOL, USER, singular

# verbs of acting on a whole account, never one tool's action
_GENERIC = (
    r"(?:access|read|view|see|look\s+(?:at|up|into)|open|pull\s+up|discuss|disclose|share|"
    r"reveal|give\s+out|change|modify|update|edit|alter|amend|touch|handle|manage|act|work|"
    r"process|do)"
)
_GENERIC_ANY = rf"(?:{_GENERIC}(?:s|es|ed|ing)?|looked\s+(?:at|up|into)|paid\s+for|changed|"
_GENERIC_ANY += r"shared|opened|viewed|discussed|disclosed|modified|updated|edited|amended|done)"
_AND = r"(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)"
_DET = r"(?:a|an|the|their|his|her|its|any|someone's|somebody's|[a-z]+'s)"
# one action of a scope: a verb and an optional short object ("open a file")
_ACT = rf"(?:{_GENERIC_ANY}(?:\s+{_DET})?(?:\s+(?!or\b|and\b|anything\b|any\b)[a-z]+){{0,2}})"
# "any fare information", "anything", "anything else"
_WHAT = (
    r"(?:anything(?:\s+else)?|any\s+(?:[a-z]+\s+)?(?:information|info|details?|data|records?|"
    r"files?))"
)
# "before you share or change any fare information (on their account)"
_ACTIVE_SCOPE = re.compile(
    r"\bbefore\s+(?:you|we|the\s+(?:agent|assistant))\s+(?:can\s+|may\s+)?"
    rf"(?P<scope>(?:{_ACT}{_AND})*{_GENERIC_ANY}\s+{_WHAT})"
    r"(?:\s+(?:for|on|in|of|about|with|to)\s+(?:someone|somebody|anyone|them|him|her|"
    rf"{_DET}\s+(?P<what>[a-z]+)))?",
    re.I,
)
# "before anything about an existing permit is looked up, changed or paid for"
_PASSIVE_SCOPE = re.compile(
    r"\bbefore\s+(?:anything|any\s+(?:information|details?|data))\s+(?:about|on|of|regarding|"
    r"concerning|for|to\s+do\s+with)\s+(?:an?|the|their|his|her|any)\s+(?P<existing>existing\s+)?"
    r"(?P<what>[a-z]+)\s+(?:is|are|gets|can\s+be|may\s+be)\s+"
    rf"(?P<scope>{_GENERIC_ANY}(?:{_AND}{_GENERIC_ANY})*)",
    re.I,
)
# "riders have to be verified", "the rider has to be identified"
_PASSIVE_ID = re.compile(
    r"\b(?:the\s+|a\s+|an\s+|each\s+|every\s+)?(?P<who>[a-z]+)\s+(?:must|have\s+to|has\s+to|"
    r"need\s+to|needs\s+to|should|shall|is\s+to|are\s+to)\s+(?:always\s+)?(?:first\s+)?be\s+"
    r"(?P<pv>verified|identified|authenticated|confirmed)\b",
    re.I,
)
# "identify them", "verify them", "identify the rider", "authenticate riders"
_ACTIVE_ID = re.compile(
    r"(?:^|[,;:.]\s*|\b(?:first|always|please|must|should|to)\s+)(?:identify|verify|authenticate)"
    r"\s+(?:them|him|her|(?:the|a)\s+(?P<who>[a-z]+)|(?P<many>[a-z]+s))\b(?!\s+(?:id|number|"
    r"address|details)\b)",
    re.I,
)
_WAYS = re.compile(
    r"\b(?:by|via|using|with|through)\s+(?:their\s+|his\s+|her\s+|the\s+)?(?P<a>[a-z][\w -]*?)"
    r"\s*,?\s+or\s+(?:by\s+|via\s+|using\s+|with\s+|through\s+)?(?:their\s+|his\s+|her\s+|"
    r"the\s+)?(?P<b>[a-z][\w -]*?)\s*(?:[.;,]|$)",
    re.I,
)
# the one tool an identification is done with: "with `check_rider`", "pass check_rider"
_WITH_TOOL = re.compile(
    r"^\s*,?\s*(?:with|using|via|through|by\s+calling|by\s+passing|by)\s+`?(?P<id>[A-Za-z]\w*(?:[_.-]\w+)+|"
    r"[a-z]+[A-Z]\w*)`?",
)
_NEGATED = re.compile(
    r"\b(?:no\s+need|not\s+(?:need|have|required|necessary)|never|don't|do\s+not|needn't|"
    r"without|unless)\b",
    re.I,
)
_CONDITION = re.compile(r"^\W*(?:if|when|whenever|once|while|for)\b", re.I)
_USER_WORD = re.compile(USER + r"s?", re.I)
_OF_PERSON = frozenset({"identified", "authenticated"})  # said of people only
_NOT_PERSON = frozenset(
    [
        "it",
        "this",
        "that",
        "which",
        "what",
        "address",
        "addresses",
        "amount",
        "amounts",
        "details",
        "document",
        "documents",
        "item",
        "items",
        "order",
        "orders",
        "payment",
        "payments",
        "request",
        "requests",
        "data",
        "information",
    ]
)
_READS = re.compile(
    r"\b(?:access|read|view|see|look|looked|open|opened|pull|discuss|disclos|shar|reveal|"
    r"give\s+out)\w*",
    re.I,
)
_CHANGES = re.compile(r"\b(?:chang|modif|updat|edit|alter|amend|paid|pay)\w*", re.I)


def identify_scoped(text: str) -> list[Emit]:
    """`require_before("*", identify <person> ...)` over the person's account for a sentence
    of the module's shapes; [] for any other sentence."""
    if _NEGATED.search(text) or _CONDITION.match(text):
        return []
    scope = _PASSIVE_SCOPE.search(text) or _ACTIVE_SCOPE.search(text)
    if scope is None:
        return []
    ident = _PASSIVE_ID.search(text) or _ACTIVE_ID.search(text)
    if ident is None or scope.start() <= ident.start() < scope.end():
        return []
    who = (ident.groupdict().get("who") or ident.groupdict().get("many") or "").casefold()
    if who and (who in _NOT_PERSON or not who.isalpha()):
        return []
    ways_text = text[ident.end() : scope.start() if ident.start() < scope.start() else len(text)]
    ways = _WAYS.search(ways_text)
    tool = _WITH_TOOL.match(ways_text)
    personal = ident.re is not _PASSIVE_ID or ident["pv"].casefold() in _OF_PERSON
    if not personal and not _USER_WORD.fullmatch(who) and ways is None and tool is None:
        return []  # "the booking has to be confirmed before ...": a thing, not a person
    person = singular(who) if who else "person"
    if tool is not None:
        before = tool["id"]
    elif ways is not None:
        before = f"identify {person} by {_plain(ways['a'])} or by {_plain(ways['b'])}"
    else:
        before = f"identify {person}"
    words = scope["scope"]
    reads, changes = bool(_READS.search(words)), bool(_CHANGES.search(words))
    touches = "all" if reads == changes else "reads" if reads else "changes"
    what = (scope.groupdict().get("what") or "").casefold()
    account = person
    if scope.re is _PASSIVE_SCOPE and what and singular(what) != person:
        account = f"{person} {singular(what)}"  # "anything about an existing permit"
    params: dict[str, object] = {"before": before, "account": account, "touches": touches}
    if scope.re is _PASSIVE_SCOPE and scope["existing"]:
        params["existing"] = singular(what)  # its tools that create one are left out
    if reads or changes:  # "share or change any X": handing the case on is neither
        params["acts"] = "verbs"
    return [Emit("require_before", ANY_TOOL, params, 0.7)]


def _plain(part: str) -> str:
    return " ".join(part.split()).strip(" -").casefold()

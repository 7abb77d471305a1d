"""More rules stated as plain statements, for `terse_cues` (see there for the list): negated
and universal passives, refusals, verbless orderings and step orders, payments back to the
original card, values said to match, places reserved for a class of people, labels that name
an action over a constraint, values offered and their ranges, assent idioms, status lists,
"if X, Y is off" and a lone "no <noun>".

`statement_cue` returns (kind, words) or None.
"""

from __future__ import annotations

import re

__all__ = ["FACTS", "action_participle", "described_statement", "statement_cue"]

_PEOPLE = (
    r"(?:members?|customers?|staff|employees?|guests?|adults?|residents?|subscribers?|clients?|"
    r"owners?|students?|patients?|tenants?|holders?|users?|accounts?)\b"
)
FACTS = re.compile(
    r"\b(?:hours?|days?|times?|dates?|address|phone|e-?mail|contacts?|locations?|examples?|"
    r"notes?|tips?|see|staff|team|languages?)\b",
    re.I,
)
# "No-shows are not refunded", "Refunds are not given for no-shows": a negated passive of
# an action (the participle is checked: "are not included" states a fact)
_NOT_DONE = re.compile(
    r"\b(?:is|are)\s+not\s+(?:\w+ly\s+)?(?P<w>[a-z]+(?:ed|en|wn|id|nt|ne|ght))\b", re.I
)
_REFUSED = re.compile(
    r"\b(?:is|are)\s+(?P<w>blocked|barred|disabled|closed\s+(?:for|to)(?=\s+(?:[a-z-]+\s+)?"
    + _PEOPLE
    + r")|out\s+of\s+scope|"
    r"not\s+in\s+scope)\b|\b(?P<w2>out\s+of\s+scope)\s+(?:for|of)\b",
    re.I,
)
# "Booking after member lookup", "Refund before dispatch": two events ordered, no verb
_NOMINAL_ORDER = re.compile(
    r"^[\s\-*•]*(?:the\s+|a\s+|an\s+|any\s+|every\s+|each\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?"
    r"\s+(?P<w>after|before|prior\s+to|only\s+after)\s+(?:the\s+|a\s+|an\s+|any\s+|every\s+|"
    r"each\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s*[.;]?\s*$",
    re.I,
)
# "Refunds go to the original card": where a payment goes back to
_ORIGINAL = re.compile(
    r"\b(?P<w>(?:back\s+)?to\s+(?:the\s+)?(?:original|same)\s+(?:card|account|payment|method|"
    r"source|form|wallet|bank))",
    re.I,
)
# "The refund amount matches the original charge": a value said to equal another
_MATCHES = re.compile(
    r"\b(?:amount|total|value|quantity|sum|price|date|name|address|size)\s+(?P<w>matches|equals|"
    r"mirrors|is\s+equal\s+to)\b",
    re.I,
)
# "Lanes are for members", "The lounge is for staff": what a class of people may use
_RESERVED = re.compile(
    r"^\W*(?:the\s+|our\s+|all\s+)?[a-z][\w-]*(?:\s+[a-z0-9][\w-]*){0,2}\s+(?:is|are)\s+"
    r"(?P<w>for)\s+(?:[a-z]+\s+)?" + _PEOPLE,
    re.I,
)
# "Every refund is logged": a universal passive of an action (a duty stated as a fact)
_EVERY_DONE = re.compile(
    r"^\W*(?:every|each|all|any)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are|gets?)\s+"
    r"(?:\w+ly\s+)?(?P<w>[a-z]+(?:ed|en|wn|id|nt|ne|ght))\b",
    re.I,
)
# "Each cancellation gets a reason", "Every loan receives a due date"
_EVERY_GETS = re.compile(
    r"^\W*(?:every|each)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?P<w>gets|receives)\s+"
    r"(?:a|an|its\s+own)\s+[a-z]",
    re.I,
)
# "Cancellation window: while status is 'pending'", "Refunds: 14 days", "Large parties:
# manager sign-off": a label naming an action (or a sign-off) over a constraint
_ACTION_LABEL = re.compile(
    r"^[\s\-*•]*(?P<w>[A-Za-z][\w-]*(?:\s+[a-z'‘’][\w'‘’-]*){0,4})\s*(?::|\s[-–—])\s*(?P<v>\S.*)$"
)
_SIGN_OFF = re.compile(
    r"\b(?:sign-?off|approval|confirmation|consent|authori[sz]ation|verification|check|"
    r"none|not\s+\w+|no\s+\w+|only|first|required|needed|locked|frozen|final|read-only|"
    r"hands\s+off|leave\s+(?:it\s+|them\s+)?as\s+(?:it\s+)?is|off-limits|"
    r"editable|changeable|[a-z]+able|while|until|before|after|within|\d+\s+(?:days?|hours?|"
    r"weeks?|months?|minutes?)|(?:with|without|in)\s+(?:an?\s+)?(?:active|valid|verified|open|"
    r"paid|unpaid|pending|confirmed|good\s+standing))\b",
    re.I,
)
_APPROVAL = re.compile(
    r"^(?:\w+\s+){0,2}(?:sign-?off|approval|consent|authori[sz]ation|countersignature)\s*[.;]?\s*$",
    re.I,
)
_LIST = r"[\w-]+(?:\s+[\w-]+)?(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?)*,?\s+(?:and|or)\s+[\w-]+"
# "sizes 4 to 13", "for 1 to 6 guests", "quantities of 1 to 10": a range of a counted thing
# (never "from 9 to 5", a time of day)
_RANGE = re.compile(
    r"\b(?P<w>(?:sizes?|quantit(?:y|ies)|amounts?|ages?|groups?|parties|lanes?|seats?|rooms?|"
    r"levels?|for|of)\s+\d+\s*(?:to|through|thru|–|-)\s*\d+)\b",
    re.I,
)
# "We accept card and voucher payments", "We take Visa and Mastercard": what is offered
_WE_OFFER = re.compile(
    r"^\W*we\s+(?:only\s+)?(?P<w>accept|take|offer|support|sell|serve|ship\s+to|deliver\s+to|"
    r"rent|carry|stock|handle|treat|issue|book|use|haul|cover|insure|dispense|process|lend|"
    r"host|cater\s+for|service|repair|ship)\s+(?:only\s+)?" + _LIST,
    re.I,
)
# "Permit types handled by the desk: residential, commercial, event": a long label that
# says the values are offered
_OFFERED_LABEL = re.compile(
    r"^[\s\-*•]*(?P<w>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,5}?\s+(?:handled|covered|accepted|"
    r"supported|served|stocked|sold|offered|issued|carried|eligible|permitted|available|"
    r"dispensed|processed|booked))(?:\s+[a-z][\w-]*){0,4}\s*:\s*[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?)+",
    re.I,
)
# "Refund methods are original card and store credit": a classifier noun over its values
_KINDS_ARE = re.compile(
    r"^\W*(?:the\s+|our\s+)?(?:[a-z][\w-]*\s+){0,2}(?P<w>methods|types|kinds|classes|sizes|"
    r"colou?rs|options|categories|modes|channels|levels|tiers|plans)\s+(?:are|include)\s*:?\s*"
    + _LIST,
    re.I,
)
# "Refunds are paid as store credit", "Deposits are returned by bank transfer": the form a
# payment takes
_PAID_AS = re.compile(
    r"\b(?:is|are)\s+(?:only\s+)?(?P<w>(?:paid|issued|made|given|refunded|returned|settled)\s+"
    r"(?:as|by|via|through|in\s+the\s+form\s+of))\s+[a-z]",
    re.I,
)
# "Our lanes fit 6 guests": a capacity
_FITS = re.compile(
    r"\b(?P<w>(?:fits?|holds?|seats?|sleeps?|accommodates?)\s+(?:up\s+to\s+)?\d+)\s+[a-z]", re.I
)
# "Members choose a wristband colour from red, blue and green"
_CHOOSE_FROM = re.compile(
    r"\b(?P<w>(?:choose|chooses|pick|picks|select|selects)\s+(?:\S+\s+){0,4}?from)\s+" + _LIST,
    re.I,
)
# "Identity verification is the first step", "Verification, then booking", "The booking is
# read back, then placed": an order of steps without a verb of ordering
_STEP_ORDER = re.compile(
    r"\b(?P<w>(?:first|initial|last|final)\s+step)\b"
    # a short line only: in a long sentence ", then" narrates ("If ..., then ...")
    r"|^(?!\W*(?:if|when|whenever|once|after)\b)(?=(?:\S+\s+){0,10}\S+\s*$)(?:(?!\bfirst\b)[^,]){1,60}"
    r"(?P<w2>,\s*(?:and\s+)?then)\s+[a-z]",
    re.I,
)
# "A booking without a prior lookup is invalid", "Started bookings are excluded from changes"
_INVALID = re.compile(
    r"\b(?:is|are)\s+(?P<w>invalid|void|not\s+valid|not\s+possible|impossible|excluded\s+from|"
    r"ineligible|not\s+eligible)\b",
    re.I,
)
# "If the booking has started, cancellation is off", "When a booking is started, no changes"
_IF_OFF = re.compile(
    r"^\W*(?:if|when|once|whenever|after|while)\b[^,]{3,80},\s*(?:then\s+)?(?:(?P<w>no\s+[a-z]+"
    r"(?:\s+[a-z]+)?)\s*[.;]?\s*$|[\w\s'-]{1,40}?\s+(?:is|are)\s+(?P<w2>off|unavailable|closed|"
    r"not\s+[a-z]+|[a-z]+able|over)\b)",
    re.I,
)
# "A spoken yes is the trigger for every booking", "Bookings go ahead on the member's say-so"
_ASSENT = re.compile(
    r"\b(?P<w>(?:an?\s+|the\s+)?(?:explicit|clear|spoken|verbal|written|firm)\s+yes|say-so|"
    r"go-ahead|green\s+light|final\s+say)\b",
    re.I,
)
# "Cancellable statuses: pending, confirmed", "Statuses that allow cancellation: a, b"
_STATUS_LIST = re.compile(
    r"^[\s\-*•]*(?!(?:there|it|this|these|those|we|you)\b)(?P<w>(?:(?!(?:are|is|were|was|has|"
    r"have)\b)[A-Za-z][\w-]*\s+){0,3}?(?:statuse?s?|states?|stages?))"
    r"(?:\s+[a-z][\w-]*){0,3}\s*:\s*[\w'-]+(?:\s*,\s*[\w'-]+)+",
    re.I,
)
# "Cancellation is possible for pending bookings", "Rebooking is open to members"
_POSSIBLE_FOR = re.compile(
    r"\b(?:is|are)\s+(?:only\s+)?(?P<w>(?:possible|open)\s+(?:for|to))\s+[a-z]", re.I
)
# "Bookings for minors go through a guardian"
_THROUGH = re.compile(r"\b(?P<w>(?:go|goes)\s+through)\s+(?:a|an|the)\s+[a-z]", re.I)
# "**Suspended members** - no bookings", "Lane 12: no food": a lone "no <noun>" after a
# term or label is a ban on it (idioms aside)
_LONE_NO = re.compile(
    r"^(?:\W*|.{0,60}?(?::|\s[-–—])\s*)(?P<w>no\s+(?!(?:problem|problems|worries|thanks|idea|"
    r"comment|one|more|less|longer)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*[.;!]?\s*$",
    re.I,
)


# "Verification comes ahead of any change", "Changes wait for verification", "The caller is
# verified at the start of every call", "Authentication is step one", "gated on"
_AHEAD = re.compile(
    r"\b(?P<w>ahead\s+of|in\s+advance\s+of|waits?\s+(?:for|until)|at\s+the\s+(?:start|"
    r"beginning|outset)\s+of\s+(?:every|each|any|the)|(?:is|are)\s+step\s+(?:one|1)\b|gated\s+(?:on|by|"
    r"behind))",
    re.I,
)
# "Charges go ahead with the customer's OK", "The member confirms every cancellation"
_CONSENT = re.compile(
    r"\b(?P<w>with\s+(?:the\s+)?[a-z]+(?:'s|’s)\s+(?:ok|okay|approval|consent|agreement|"
    r"permission|blessing|thumbs-up))\b|\b(?P<w2>(?:approves?|confirms?|authori[sz]es?|okays?|"
    r"signs?\s+off\s+on)\s+(?:every|each|all|any))\b",
    re.I,
)
# "Unpaid invoices block new orders", "A suspended account means no bookings", "Overdue
# members lose booking rights", "Booking rights are suspended for ..."
_BLOCKS = re.compile(
    r"\b(?P<w>(?:blocks?|prevents?|bars?|precludes?|rules?\s+out)\s+(?:new|any|all|further)|"
    r"means?\s+no|(?:lose|loses|forfeit|forfeits)\s+(?:[a-z]+\s+)?(?:rights?|access|"
    r"privileges?|eligibility)|(?:rights?|access|privileges?)\s+(?:is|are)\s+(?:suspended|"
    r"revoked|withdrawn|paused))\b",
    re.I,
)
# "Reservations lapse after 15 minutes", "Quotes expire within 7 days"
_LAPSE = re.compile(r"\b(?P<w>(?:lapses?|expires?)\s+(?:after|within|at|once))\b", re.I)


def described_statement(text: str) -> tuple[str, str] | None:
    """The statements of a rule that cannot describe what a tool does, for a sentence of a
    tool's description: refusals, invalid or excluded things, "if X, Y is off", assent."""
    for pattern, kind in (
        (_REFUSED, "prohibition"),
        (_INVALID, "prohibition"),
        (_IF_OFF, "prohibition"),
        (_ASSENT, "confirmation"),
    ):
        found = pattern.search(text)
        if found is not None:
            words = found["w"] or found.groupdict().get("w2") or ""
            return kind, " ".join(words.split()).casefold()
    return None


def statement_cue(text: str) -> tuple[str, str] | None:
    """The kind and words of one of this module's statements of a rule, or None."""
    for pattern, kind in (
        (_REFUSED, "prohibition"),
        (_NOMINAL_ORDER, "order of steps"),
        (_ORIGINAL, "requirement"),
        (_MATCHES, "requirement"),
        (_RESERVED, "scope"),
        (_EVERY_GETS, "requirement"),
        (_RANGE, "bound"),
        (_WE_OFFER, "value list"),
        (_OFFERED_LABEL, "value list"),
        (_KINDS_ARE, "value list"),
        (_PAID_AS, "requirement"),
        (_FITS, "bound"),
        (_CHOOSE_FROM, "value list"),
        (_STEP_ORDER, "order of steps"),
        (_INVALID, "prohibition"),
        (_IF_OFF, "prohibition"),
        (_ASSENT, "confirmation"),
        (_STATUS_LIST, "value list"),
        (_POSSIBLE_FOR, "scope"),
        (_THROUGH, "requirement"),
        (_LONE_NO, "prohibition"),
        (_AHEAD, "order of steps"),
        (_CONSENT, "confirmation"),
        (_BLOCKS, "prohibition"),
        (_LAPSE, "deadline"),
    ):
        found = pattern.search(text)
        if found is not None:
            words = found["w"] or found.groupdict().get("w2") or ""
            return kind, " ".join(words.split()).casefold()
    for pattern in (_NOT_DONE, _EVERY_DONE):
        done = pattern.search(text)
        if done is not None and action_participle(done["w"]):
            return "prohibition" if pattern is _NOT_DONE else "requirement", done[0].casefold()
    labelled = _action_label(text)
    if labelled is not None:
        return "label", labelled
    return None


def _action_label(text: str) -> str | None:
    """The label of a `Label: constraint` line whose label names an action ("Refunds",
    "Cancellation window") or whose value is a sign-off, a deadline, a verdict."""
    from specgap.extract.pattern_base import is_action_noun, singular

    m = _ACTION_LABEL.match(text)
    if m is None or FACTS.search(m["w"]):
        return None
    words = m["w"].casefold().split()
    if _APPROVAL.match(m["v"]):  # "Large parties: manager sign-off"
        return m["w"].casefold() + ":"
    named = any(is_action_noun(singular(w)) or singular(w) in _ASKED for w in words)
    named = named or words[-1] in _WINDOW
    if named and _SIGN_OFF.search(m["v"]):
        return m["w"].casefold() + ":"
    return None


_ASKED = frozenset({"order", "request", "application", "claim", "reservation", "booking"})
_WINDOW = frozenset({"window", "deadline", "limit", "eligibility", "policy", "rule", "rules"})


def action_participle(word: str) -> bool:
    """A participle of a verb that makes something happen ("issued", "refunded"), not of a
    linking or state verb ("based", "located", "needed")."""
    from specgap.extract.english import verb_lemma

    verb = verb_lemma(word.casefold())
    return verb is not None and verb not in _STATIVE


_STATIVE = frozenset(
    {"base", "locate", "need", "require", "know", "call", "name", "say", "mean", "see", "use",
     "consider", "expect", "suppose", "allow", "permit", "situate", "interest", "concern",
     "include", "contain", "involve", "own", "list", "show", "display", "mention", "define",
     "relate", "connect", "link", "associate", "design", "intend", "meant", "affect", "impact"}
)  # fmt: skip

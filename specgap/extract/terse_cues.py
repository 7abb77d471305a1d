"""Rules stated as plain statements, with no modal: the cues `rulelike` and `deontic` miss.

Policies written as terse notes state rules in the indicative, as if describing how things
are. Each cue below is a class of English construction, not a phrase; each is checked on a
sentence outside tool descriptions only (a description states what the tool does):

- **requirement** by a verb of needing with a noun object: "All refunds need a charge id",
  "Late returns need a supervisor's sign-off" (never "need to", which `rulelike` reads as a
  modal, nor "as needed", "if needed", "no need", a person who needs something, "our needs");
- **finality** of a state: "Cancelled orders are final", "A started session is locked",
  "Closed tickets are frozen", "Disputed invoices are on hold" (a thing in that state may not
  be changed);
- **withheld**: "Members on probation get no refunds", "Trial accounts receive no credit"
  (a negated receiving);
- **deadline** on a capability: "Tickets are refundable up to the show time", "Orders are
  changeable until dispatch", "Seats are transferable within 24 hours";
- **ordering** said by what a thing starts with: "Every booking starts with a member
  lookup", "Each return begins with a receipt check";
- **procedure**: a label naming a flow over a list of steps ("Booking flow: find member,
  check status, book lane", "Return process: scan -> inspect -> refund");
- **confirmation** in the passive: "Cancellations are confirmed with the member first",
  "Each change is read back to the caller";
- **withdrawn** offer: "Food orders to lanes are discontinued", "Gift wrapping is no longer
  offered";
- **bound** by its two ends: "Guests per booking: between 1 and 6", "Deposits between $20
  and $80";
- a bare **label over alternatives**: "Wristband colour: red, blue or green" (a list the
  label does not close may describe what exists, so it is noted, never compiled);
- what is **offered** or its **range**: "We accept card and voucher payments", "Refund
  methods are original card and store credit", "Members choose a colour from red, blue and
  green", "Shoes in sizes 4 to 13", "Our lanes fit 6 guests", "Refunds are paid as store
  credit";
- **setting** line: a snake_case key given a value with `=` ("refund_method =
  original_card"), as configuration-like policies write;
- **scope** of a thing to a state: "Refunds apply to cancelled bookings";
- a label answered by a **verdict** on a noun: "Members with unpaid balances: bookings
  blocked";
- a **cap** without a modal: "Party size caps at 6", "Refunds are limited to the amount of
  the charge";
- a **conditional action** after its passive: "A refund is issued when the booking status
  is cancelled" (a verb that makes something happen, not "is based", "is located").

`terse_cue` returns (kind, words) or None; `rulelike.Cue` names them in the note. The
patterns of what is offered and its range, and the other statements `terse_statements`
lists, live in that module (split off for size).
"""

from __future__ import annotations

import re

from specgap.extract.english import lemmas
from specgap.extract.terse_statements import FACTS as _FACTS
from specgap.extract.terse_statements import action_participle as _action_participle
from specgap.extract.terse_statements import statement_cue

__all__ = ["terse_cue"]

_PRONOUN = r"(?:i|you|we|they|he|she|who|that|which|someone|anyone|people|customers?|users?)"
_NEEDS = re.compile(
    r"(?<![\w'])(?P<subj>[A-Za-z][\w'-]*)\s+(?P<w>needs?)\s+(?!to\b|of\b|more\b|help\b)"
    r"(?P<obj>(?:an?|the|two|prior|explicit|written|signed|[a-z][\w-]*'s?)\b)",
    re.I,
)
_DURATION = re.compile(r"(?:a\s+few|an?\s+(?:little|lot|while|bit)|some)\b", re.I)
_NOT_SUBJECT = re.compile(r"^" + _PRONOUN + r"$|^(?:no|as|if|when|whenever|may|might)$", re.I)
_FINAL = re.compile(
    r"\b(?:is|are)\s+(?:now\s+|then\s+|always\s+)?(?P<w>final|irreversible|irrevocable|locked|"
    r"frozen|read-only|on\s+hold)\b(?!\s+(?:in|by|for)\s+(?:the\s+)?(?:system|database))",
    re.I,
)
_WITHHELD = re.compile(r"\b(?P<w>(?:get|gets|receive|receives|earn|earns)\s+no)\s+[a-z]", re.I)
_DEADLINE = re.compile(
    r"\b(?:is|are)\s+(?:only\s+)?(?P<w>[a-z]+able\s+(?:only\s+)?(?:up\s+to|until|till|within|"
    r"before|no\s+later\s+than))\b",
    re.I,
)
_STARTS_WITH = re.compile(
    r"^\W*(?:every|each|any|all|a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?P<w>(?:starts?|"
    r"begins?|opens?)\s+with)\s+(?:a|an|the)\s+[a-z]",
    re.I,
)
_PROCEDURE = re.compile(
    r"^\W*(?:[A-Za-z][\w-]*\s+){0,2}(?P<w>flow|process|procedure|workflow|sequence|steps|"
    r"order\s+of\s+steps)\s*:\s*[a-z][\w -]*(?:,\s*|\s*(?:->|→|=>|>)\s*)[a-z]",
    re.I,
)
_CONFIRMED = re.compile(
    r"\b(?:is|are)\s+(?:\w+ly\s+)?(?P<w>(?:confirmed|agreed|checked|read\s+back)\s+(?:with|to)"
    r")\s+(?:the|a|an)\s+(?:customer|member|caller|user|client|guest|patient|owner|requester|"
    r"tenant|student|buyer|account\s+holder)\b",
    re.I,
)
_WITHDRAWN = re.compile(
    r"\b(?:is|are)\s+(?P<w>discontinued|no\s+longer\s+(?:offered|available|accepted|possible|"
    r"supported|provided|allowed))\b",
    re.I,
)
_BETWEEN = re.compile(
    r"(?P<w>(?:[$€£]\s?)?\b\d[\d,.]*\s*(?:[a-z]+\s+)?(?:max(?:imum)?|min(?:imum)?)\b)\.?\s*$"
    r"|\b(?P<w2>between\s+(?:[$€£]\s?)?\d[\d,.]*)\s*(?:[a-z%]+\s+)?and\s+(?:[$€£]\s?)?\d",
    re.I,
)
_APPLIES = re.compile(
    r"^\W*(?:the\s+|all\s+|our\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?P<w>(?:apply|applies)\s+"
    r"(?:only\s+)?to)\s+(?:(?:the\s+|an?\s+)?[a-z]+(?:ed|en)\s+[a-z]|(?:\S+\s+){0,5}?(?:status|"
    r"state)\b|(?:\S+\s+){0,3}?(?:in|with)\s+['\"`])",
    re.I,
)
# "Members with unpaid balances: bookings blocked": a label answered by a verdict on a noun
_VERDICT = re.compile(
    r":\s*(?:no\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?P<w>blocked|refused|denied|rejected|"
    r"declined|suspended|paused|frozen|disabled|not\s+(?:allowed|permitted|accepted))\s*[.;]?\s*$",
    re.I,
)
# "A refund is issued when the booking status is cancelled": a passive made to happen by a
# condition after it
_THEN_IF = re.compile(
    r"\b(?:is|are)\s+(?:only\s+)?(?P<w>[a-z]+(?:ed|en))\s+(?:[a-z]+\s+){0,4}?(?:only\s+)?(?:if|"
    r"when|once|whenever|while)\s+(?:the\s+|its\s+|their\s+|an?\s+)?[\w' -]{1,40}?\s+(?:is|are|"
    r"has|have|was|were)\b",
    re.I,
)
_CAPPED = re.compile(
    r"\b(?P<w>(?:caps?|capped|limited|restricted|tops?\s+out)\s+(?:out\s+)?(?:at|to)\s+"
    r"(?:the\s+)?(?:\d|amount|value|total|price|cost|balance|number|sum))",
    re.I,
)
# "Wristband colour: red, blue or green": a bare label over alternatives (the values one
# thing takes); "Opening days: ..." and other facts of a place are left alone
_LABELLED_CHOICE = re.compile(
    r"^[\s\-*•]*(?:the\s+following\s+)?(?P<w>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s*:\s*"
    r"[\w-]+(?:\s+[\w-]+)?"
    r"(?:(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?)*,?\s+or|(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?)+,?\s*(?:,|\s+and))"
    r"\s+[\w-]+(?:\s+[\w-]+)?\s*\.?\s*$"
)
_SETTING = re.compile(r"^[\s\-*•]*`?(?P<w>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?\s*=\s*`?[\w$€£.-]")


def terse_cue(text: str, *, described: bool = False) -> tuple[str, str] | None:
    """The kind and words of a rule stated as a plain statement (module docstring), or
    None. In a tool's description (`described`), where sentences say what the tool does,
    only finality, withheld and withdrawn things, deadlines, passive confirmations and
    refusals count ("Started bookings are final.")."""
    if described:
        return _described_cue(text)
    needs = _NEEDS.search(text)
    if (
        needs is not None
        and not _NOT_SUBJECT.match(needs["subj"])
        and "NOUN" in lemmas(needs["subj"].casefold())  # "students often need a few weeks"
        and not _DURATION.match(text, needs.start("obj"))
    ):
        return "requirement", needs["w"].casefold()
    for pattern, kind in (
        (_FINAL, "finality"),
        (_WITHHELD, "prohibition"),
        (_DEADLINE, "deadline"),
        (_STARTS_WITH, "ordering"),
        (_PROCEDURE, "procedure"),
        (_CONFIRMED, "confirmation"),
        (_WITHDRAWN, "prohibition"),
        (_BETWEEN, "bound"),
        (_SETTING, "setting"),
        (_APPLIES, "scope"),
        (_VERDICT, "prohibition"),
        (_CAPPED, "bound"),
    ):
        found = pattern.search(text)
        if found is not None:
            words = found["w"] or found.groupdict().get("w2") or ""
            return kind, " ".join(words.split()).casefold()
    stated = statement_cue(text)  # (`terse_statements`)
    if stated is not None:
        return stated
    choice = _LABELLED_CHOICE.match(text)
    if choice is not None and not _FACTS.search(choice["w"]):
        return "labelled values", choice["w"].casefold() + ":"
    made = _THEN_IF.search(text)
    if made is not None and _action_participle(made["w"]):
        return "conditional action", made["w"].casefold()
    return None


def _described_cue(text: str) -> tuple[str, str] | None:
    from specgap.extract.terse_statements import described_statement

    for pattern, kind in (
        (_FINAL, "finality"),
        (_WITHHELD, "prohibition"),
        (_DEADLINE, "deadline"),
        (_CONFIRMED, "confirmation"),
        (_WITHDRAWN, "prohibition"),
    ):
        found = pattern.search(text)
        if found is not None:
            return kind, " ".join(found["w"].split()).casefold()
    return described_statement(text)

"""Rule sentences whose action is a noun, not a verb and its object, spelt with the verb.

The rule grammar reads an action as a verb and what it acts on ("never refund cancelled
bookings"). Many rules name the action by a noun instead, and have no verb the grammar
finds:

- a ban opened by "no": "No refunds for cancelled bookings" -> "Never refund cancelled
  bookings"; "No rescheduling while the telescope is closed" -> "Never reschedule while ...";
- what a subject gets none of: "Cancelled bookings get no refund" -> "Never refund cancelled
  bookings"; "Suspended members get no guest passes" -> "Never give guest passes to
  suspended members" (a thing, not an act: the grammar reads what gives it);
- an action noun with its scope as the subject of a bar: "Bookings for closed telescopes are
  not allowed" -> "Never book closed telescopes"; "Cancellation after the night has started
  is not permitted" -> "Never cancel after the night has started";
- an action noun reserved for a state: "Refunds are only for bookings whose status is
  cancelled" -> "Only refund for bookings whose status is cancelled";
- a bound on an action noun said in a bare number: "Refunds may not exceed 400", "refunds
  are capped at 400" -> "Refund amounts may not exceed 400" (what a refund is measured by
  is its amount; the argument is bound against the tool's parameters at compile time, and a
  tool without one gets an `unknown-argument` note, never a guess);
- where an argument's values come from, said as a label: "Member ids: only those returned by
  `get_member`" -> "Member ids must come from `get_member`".

`respelled` gives the sentence spelt with the verb, or None; `reread` reads that spelling
with the extractor's own reading of a sentence, and keeps it only when it gives rules. The
rules keep the sentence's own words, quote and span. Nothing here binds a condition itself:
the spelt sentence goes through the same grammar, so a condition no entity binds stays
`review_only` with its note, exactly as if the user had written the verb.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.nominals import nominal_act
from specgap.extract.pattern_base import singular
from specgap.extract.segments import Sentence
from specgap.extract.state_actions import nominal_verb
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "respelled"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_LEAD = r"^(?P<lead>[\s\-*•>\d.)]*)"
_WORD = r"[A-Za-z][a-z-]*"
# at most one modifier before the action noun ("fee refunds", "membership transfers")
_FUNCTION = r"(?!(?:is|are|was|were|be|not|no|only|never|may|can|must)\b)"
_NOUN = rf"(?:{_FUNCTION}(?P<mod>{_WORD})\s+)?{_FUNCTION}(?P<n>{_WORD})"
# what may follow the action noun in its own phrase: its object or when it is (not) done
_SCOPE = (
    r"(?:(?P<prep>of|for|on|to)\s+|(?=(?:while|whenever|when|if|once|after|before|during|"
    r"unless|until)\b))"
)
_BAR = (
    r"(?:is|are)\s+(?:strictly\s+)?(?:not|never)\s+(?:allowed|permitted|possible|accepted)|"
    r"(?:is|are)\s+(?:forbidden|prohibited|impossible)"
)
_NO = re.compile(_LEAD + r"no\s+" + _NOUN + r"\s+" + _SCOPE + r"(?P<rest>.+)$", re.I)
_GETS_NONE = re.compile(
    _LEAD + r"(?P<np>(?:[A-Za-z][\w'-]*\s+){0,5}?[A-Za-z][\w-]*)\s+(?:gets?|receives?|(?:is|are)"
    r"\s+given|(?:is|are)\s+granted)\s+no\s+(?:(?:new|further|more)\s+)?(?P<thing>"
    r"(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s*(?P<rest>[.;!]?\s*)$",
    re.I,
)
_BARRED = re.compile(
    _LEAD + r"(?:(?:the|any|all)\s+)?" + _NOUN + r"\s+" + _SCOPE + r"(?P<rest>.+?)\s+(?:" + _BAR
    + r")\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip
_RESERVED = re.compile(
    _LEAD + r"(?:(?:the|any|all)\s+)?" + _NOUN + r"\s+(?:(?:is|are)\s+)?(?:only\s+(?:allowed\s+|"
    r"possible\s+|permitted\s+|available\s+)?|(?:allowed|possible|permitted|available)\s+only\s+)"
    r"for\s+(?P<rest>.+)$",
    re.I,
)
_EXCEED = re.compile(
    _LEAD + r"(?:(?:the|any|a|an|each|every)\s+)?" + _NOUN + r"\s+(?P<bar>(?:may|must|should|"
    r"shall|can|will)?\s*(?:not|never)\s+exceed|cannot\s+exceed|can't\s+exceed|(?:is|are)\s+"
    r"(?:always\s+)?(?:capped|limited)\s+(?:at|to))\s+(?P<num>\d[\d,]*(?:\.\d+)?)"
    r"(?P<rest>\s*[.;!]?\s*)$",
    re.I,
)
_ABOVE = re.compile(
    _LEAD + r"(?:(?:the|any|all)\s+)?" + _NOUN + r"\s+(?P<cmp>above|over|of\s+more\s+than|"
    r"greater\s+than|larger\s+than|exceeding)\s+(?P<num>\d[\d,]*(?:\.\d+)?)\s+(?:" + _BAR
    + r")\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip
_ONLY_FROM = re.compile(
    _LEAD + r"(?P<np>(?:[A-Za-z][\w'-]*\s+){0,3}?(?:ids?|identifiers?|numbers?|codes?|keys?)"
    r"(?:\s+(?:used|passed|given|sent)\s+(?:to|for|in|with)\s+[^:]{1,60}?)?)\s*:\s*only\s+"
    r"(?:those|ones|the\s+ones|values|ids)\s+(?:returned|given|found|listed|provided)\s+"
    r"(?:by|in|from)\s+(?P<src>[^.;]+?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# words that stand where an action noun would and name no act
_NOT_ACTS = frozenset(
    {"one", "more", "other", "need", "exception", "exceptions", "matter", "way", "case", "time",
     "longer", "action", "actions", "change", "changes", "reason", "problem", "issue", "such"}
)  # fmt: skip


def _act(noun: str) -> str | None:
    """The verb an action noun names (`refunds` -> refund, `rescheduling` -> reschedule),
    or None for a noun that names no act."""
    word = noun.casefold()
    if word in _NOT_ACTS:
        return None
    return nominal_verb(word) or nominal_act(singular(word))


def _phrase(m: re.Match[str]) -> tuple[str, str] | None:
    """(verb, modifier) of the matched action noun: "fee refunds" -> (refund, fee); a
    modifier that is itself the act ("refund requests") is no reading."""
    verb = _act(m["n"])
    if verb is None:
        return None
    mod = (m["mod"] or "").casefold()
    if mod in {"the", "a", "an", "any", "all", "no", "such"}:
        mod = ""
    return verb, mod


def _rest(m: re.Match[str]) -> str:
    """What follows the action noun, with an `of` (its object) dropped."""
    rest = m["rest"].strip()
    prep = (m.groupdict().get("prep") or "").casefold()
    return rest if prep in {"", "of"} else f"{prep} {rest}"


def respelled(text: str) -> str | None:
    """The sentence spelt with the verb its action noun names (module docstring), or None
    when it is in none of those forms."""
    found = _respelled(text)
    return None if found is None else found[1]


def _respelled(text: str) -> tuple[bool, str] | None:
    """(whether only a state's rules are kept, the spelt sentence): "X get no Y" is as often
    a fact as a rule ("guests get no e-mail"), so only a reading of the state X is in
    ("suspended members get no guest passes") is kept from it."""
    for form in (_no, _gets_none, _barred, _reserved, _one_per, _exceed, _above, _only_from):
        said = form(text)
        if said is not None:
            return form is _gets_none, " ".join(said.split())
    return None


# a verb before any clause of its own: "no registration for the event is needed" says what
# is not needed (a waiver), not a ban
_FINITE = re.compile(
    r"^(?:(?!\b(?:while|whenever|when|if|once|after|before|unless|until|that|which|whose|who)\b)"
    r".)*?\b(?:is|are|was|were|will|has|have|had|needed|required|necessary|applies|apply)\b",
    re.I,
)


def _no(text: str) -> str | None:
    m = _NO.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    if _FINITE.match(m["rest"]):
        return None
    verb, mod = found
    return f"{m['lead']}Never {verb} {mod} {_rest(m)}"


_ONE_PER = re.compile(
    _LEAD + r"(?:one|a\s+single|1)\s+" + _NOUN + r"\s+(?P<per>per\s+[A-Za-z][\w-]*(?:\s+[A-Za-z]"
    r"[\w-]*)?)\s*[,;:(-]?\s*(?:never|not|no)\s+more\)?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _one_per(text: str) -> str | None:
    m = _ONE_PER.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    return f"{m['lead']}At most one {m['mod'] or ''} {m['n']} {m['per']}{m['end']}"


def _gets_none(text: str) -> str | None:
    m = _GETS_NONE.match(text)
    if m is None:
        return None
    np = m["np"].strip()
    words = m["thing"].split()
    verb = _act(words[-1])
    if verb is not None and len(words) == 1:  # "cancelled bookings get no refund"
        return f"{m['lead']}Never {verb} {np}{m['rest']}"
    return f"{m['lead']}Never give {m['thing']} to {np}{m['rest']}"  # "... no guest passes"


def _barred(text: str) -> str | None:
    m = _BARRED.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    rest = _rest(m)
    if rest.casefold().startswith("for "):  # "bookings for closed telescopes": the object
        rest = rest[4:]
    return f"{m['lead']}Never {verb} {mod} {rest}{m['end']}"


def _reserved(text: str) -> str | None:
    m = _RESERVED.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    return f"{m['lead']}Only {verb} {mod} for {m['rest']}"


def _exceed(text: str) -> str | None:
    m = _EXCEED.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, _ = found
    return f"{m['lead']}{verb.capitalize()} amounts {m['bar']} {m['num']}{m['rest']}"


def _above(text: str) -> str | None:
    m = _ABOVE.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, _ = found
    return f"{m['lead']}{verb.capitalize()} amounts above {m['num']} are never allowed{m['end']}"


def _only_from(text: str) -> str | None:
    m = _ONLY_FROM.match(text)
    if m is None:
        return None
    return f"{m['lead']}{m['np']} must come from {m['src']}{m['end']}"


def _spelt(sentence: Sentence, text: str) -> Sentence:
    """`sentence` with `text` in place of its words: each character of the new text sits
    at a proportional place in the old one, so the whole span and the quote stay the
    sentence's own."""
    old = sentence.offsets
    size = len(sentence.text)
    at = [old[min(size, (i * size) // max(1, len(text)))] for i in range(len(text))]
    return Sentence(sentence.artifact, text, (*at, old[-1]), sentence.context, sentence.subject,
                    sentence.asked)  # fmt: skip


def reread(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    read: Read,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A prompt sentence nothing was read from, read again spelt with its verb (`read` is
    the extractor's reading of one sentence); the first reading when that gives no rule."""
    if rules or sentence.subject is not None:
        return rules, diagnostics
    spelt = _respelled(sentence.clean)
    if spelt is None:
        return rules, diagnostics
    conditional, said = spelt
    found, notes = read(_spelt(sentence, said))
    if not _kept(found, conditional):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in found], notes


def _kept(found: list[CandidateRule], conditional: bool) -> bool:
    """Whether the spelt reading is kept: it gives rules, a state's when only that is kept,
    and no ban of an argument's values ("never transfer for members with unpaid fees" read
    as `fees` = 'unpaid': a qualifier of the person, which no argument carries; the
    sentence keeps its note instead of a ban that drops the qualifier when `fees` is no
    argument)."""
    if not found or any(r.operator == "deny_action" and "values" in r.params for r in found):
        return False
    return not conditional or any(r.operator == "state_condition" for r in found)

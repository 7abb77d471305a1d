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

from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.nominals import nominal_act
from specgap.extract.pattern_base import USER, singular
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
    _LEAD + r"(?:(?:the|any|all|an?)\s+)?" + _NOUN + r"(?:\s+" + _SCOPE + r"(?P<rest>[^:;]+?)|"
    r"(?<=ing)\s+(?P<obj>(?:the|an?|any|its|their)\s+[^:;]+?))?\s*(?:[:\-–—]\s*(?:(?:is|are)\s+)?"
    r"(?:not|never)\s+(?:allowed|permitted|possible|accepted|available)|[:\-–—]\s*never|"
    r"\s+(?:" + _BAR + r"))(?P<after>\s+(?:for|of|on|to|while|whenever|when|if|once|after|"
    r"before|during|unless|until|in)\b[^;]*?)?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip
_RESERVED = re.compile(
    _LEAD
    + r"(?:(?:the|any|all)\s+)?"
    + _NOUN
    + r"\s*(?:[:\-–—]\s*)?(?:(?:is|are)\s+)?(?:only\s+(?:allowed\s+|"
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
     "longer", "action", "actions", "reason", "problem", "issue", "such"}
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
    if verb in _LIGHT_VERBS and mod and (done := _act(mod)) is not None:
        return done, ""  # "refund processing", "cancellation requests": the refund
    return verb, mod


_LIGHT_VERBS = frozenset({"process", "handle", "request", "submit", "perform", "initiate"})


def _rest(m: re.Match[str]) -> str:
    """What follows the action noun, with an `of` (its object) dropped, and the `to` of a
    change ("changes to orders that ...": change orders that ...)."""
    rest = m["rest"].strip()
    prep = (m.groupdict().get("prep") or "").casefold()
    if prep == "to" and _act(m["n"]) in _CHANGES:
        return rest
    return rest if prep in {"", "of"} else f"{prep} {rest}"


_CHANGES = frozenset({"change", "modify", "update", "edit", "amend", "alter", "adjust"})


def respelled(text: str) -> str | None:
    """The sentence spelt with the verb its action noun names (module docstring), or None
    when it is in none of those forms."""
    found = _respelled(text)
    return None if found is None else found[1]


def _respelled(text: str) -> tuple[bool, str] | None:
    """(whether only a state's rules are kept, the spelt sentence): "X get no Y" is as often
    a fact as a rule ("guests get no e-mail"), so only a reading of the state X is in
    ("suspended members get no guest passes") is kept from it."""
    for form in (
        _no,
        _label_no,
        _gets_none,
        _barred,
        _reserved,
        _it_only,
        _only_given,
        _possible,
        _gerund_only,
        _agree,
        _requires_state,
        _qualify,
        _one_per,
        _exceed,
        _above,
        _only_from,
        _light,
    ):
        said = form(text)
        if said is not None:
            return form is _gets_none, re.sub(r"\s+(?=[.;!]\s*$)", "", " ".join(said.split()))
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


# "It is only possible to reschedule a booking if ...": only reschedule it if ...
_IT_ONLY = re.compile(
    _LEAD + r"it\s+is\s+only\s+(?:possible|allowed|permitted)\s+(?:for\s+(?:you|the\s+agent)\s+)?"
    r"to\s+(?P<rest>[a-z].+)$",
    re.I,
)
# "Only confirmed bookings are charged a fee": the act said of what receives it
_ONLY_GIVEN = re.compile(
    _LEAD + r"only\s+(?P<np>(?:[A-Za-z][\w-]*\s+){0,4}?[A-Za-z][\w-]*)\s+(?:are|is|get|gets)\s+"
    r"(?P<v>[a-z]+ed)\s+(?P<thing>(?:an?|the|any)\s+[a-z][\w-]*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _it_only(text: str) -> str | None:
    m = _IT_ONLY.match(text)
    return None if m is None else f"{m['lead']}Only {m['rest']}"


def _only_given(text: str) -> str | None:
    m = _ONLY_GIVEN.match(text)
    if m is None:
        return None  # the thing given names the act with the verb: "issue a keycard"
    return f"{m['lead']}{m['thing']} may only be {m['v']} to {m['np']}{m['end']}"


# "Address changes are possible until the order ships", "... are no longer possible": the
# modifier is what the act is done to, said as the passive's subject
_POSSIBLE = re.compile(
    r"^(?P<lead>[^:;]*?,\s*|[\s\-*•>\d.)]*)(?P<mod>[A-Za-z][a-z-]*)\s+(?P<n>[A-Za-z][a-z-]*)\s+"
    r"(?:is|are)\s+(?P<how>only\s+|no\s+longer\s+|not\s+|never\s+)?(?:possible|allowed|"
    r"permitted)(?P<rest>(?:\s+(?:only\s+)?(?:until|while|before|after|once|if|when|unless|as\s+"
    r"long\s+as|for)\b[^;]*?)?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Updating the address of an order is only allowed while it is pending"
_GERUND_ONLY = re.compile(
    _LEAD + r"(?P<g>[A-Za-z]+ing)\s+(?P<obj>(?:the|an?|any|its|their)\s+[^,;:]+?)\s+(?:is|are)\s+"
    r"(?:only\s+(?:allowed|possible|permitted)|(?:allowed|possible|permitted)\s+only)\s+"
    r"(?P<rest>(?:until|while|before|after|once|if|when|for|as\s+long\s+as)\b.+)$",
    re.I,
)
# "Customers must explicitly agree to the refund": the user's yes before the act
_AGREE = re.compile(
    _LEAD + r"(?:the\s+)?(?P<who>" + USER + r")s?\s+(?:must|should|has\s+to|have\s+to|needs?\s+to)"
    r"\s+(?:explicitly\s+|first\s+|always\s+)*(?:agree\s+to|approve|accept|consent\s+to|"
    r"confirm|authori[sz]e)\s+(?:the\s+|any\s+|every\s+|each\s+|a\s+|an\s+)?"
    r"(?:(?P<mod>[A-Za-z][a-z-]*)\s+)??(?P<n>[A-Za-z][a-z-]*)(?:\s+(?:amount|fee|terms|details|"
    r"price))?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Refunds require a delivered order": the state of what the act is done to
_REQUIRES_STATE = re.compile(
    _LEAD + r"(?:(?:the|any|all|each|every|an?)\s+)?" + _NOUN + r"\s+(?:requires?|needs?)\s+"
    r"(?:an?|the)\s+(?P<adj>[a-z]+(?:ed|en))\s+(?P<entity>[a-z][\w-]*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Only delivered orders qualify for a refund": who is eligible for the act
_QUALIFY = re.compile(
    _LEAD + r"(?P<np>only\s+(?:[A-Za-z][\w-]*\s+){0,4}?[A-Za-z][\w-]*)\s+(?:qualify|qualifies|"
    r"(?:are|is)\s+eligible)\s+for\s+(?:an?\s+|the\s+|any\s+)?(?P<n>[A-Za-z][a-z-]*)"
    r"\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _participle(verb: str) -> str | None:
    from lemminflect import getInflection  # type: ignore[import-untyped]  # tables in its wheel

    found: tuple[str, ...] = getInflection(verb, "VBN")
    return found[0] if found else None


def _possible(text: str) -> str | None:
    m = _POSSIBLE.match(text)
    verb = _act(m["n"]) if m is not None else None
    done = _participle(verb) if verb is not None else None
    if m is None or done is None or _act(m["mod"]) is not None or m["mod"].casefold() in _DET:
        return None  # "a refund is ...": no thing acted on said before the noun
    how = (m["how"] or "").casefold().split()
    modal = {"only": "can only", "no": "can no longer", "not": "cannot", "never": "can never"}
    rest = m["rest"].strip()
    if rest.casefold().startswith("for "):  # "... are only possible for pending orders"
        rest = "of " + rest[4:]
    said = modal.get(how[0], "can") if how else "can"
    return f"{m['lead']}the {m['mod']} {said} be {done} {rest}{m['end']}"


_DET = frozenset({"the", "a", "an", "any", "all", "each", "every", "no", "such", "this", "that"})


def _gerund_only(text: str) -> str | None:
    m = _GERUND_ONLY.match(text)
    verb = _act(m["g"]) if m is not None else None
    if m is None or verb is None:
        return None
    return f"{m['lead']}Only {verb} {m['obj']} {m['rest']}"


def _agree(text: str) -> str | None:
    m = _AGREE.match(text)
    verb = _act(m["n"]) if m is not None else None
    if m is None or verb is None:
        return None
    what = f"{m['mod'] or ''} {m['n']}".strip()
    return f"{m['lead']}The {m['who']}'s explicit consent is needed for every {what}{m['end']}"


def _requires_state(text: str) -> str | None:
    m = _REQUIRES_STATE.match(text)
    found = _phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, _ = found
    return f"{m['lead']}Only {verb} {m['adj']} {m['entity']}s{m['end']}"


def _qualify(text: str) -> str | None:
    m = _QUALIFY.match(text)
    verb = _act(m["n"]) if m is not None else None
    done = _participle(verb) if verb is not None else None
    if m is None or done is None:
        return None
    return f"{m['lead']}{m['np']} can be {done}{m['end']}"


# "never initiate a transfer for ...", "only submit a cancellation request when ...", "do not
# handle refunds for ...", "you can only help members cancel ...": the act the noun names
_LIGHT_WORDS = (
    r"initiate|initiating|handle|handling|submit|submitting|grant|granting|request|requesting|"
    r"start|starting|carry\s+out|carrying\s+out|process|processing|perform|performing"
)
_LIGHT = re.compile(
    r"\b(?P<l>"
    + _LIGHT_WORDS
    + r")\s+(?:(?:a|an|the|any|all|new)\s+)?(?:(?P<mod>[a-z][a-z-]*)\s+)??"
    r"(?P<n>[a-z][a-z-]*)(?P<req>\s+requests?)?\b",
    re.I,
)
_HELP = re.compile(
    r"\b(?:help|assist)\s+(?:the\s+)?(?:[a-z]+\s+)?(?:" + USER + r"|[a-z]+s)\s+(?:to\s+)?"
    r"(?=(?P<v>[a-z]+)\b)",
    re.I,
)
_LIGHT_LEAD = re.compile(r"^(?:" + _LIGHT_WORDS + r"|help|assist)\b", re.I)


def _light(text: str) -> str | None:
    said = text
    for m in reversed(list(_LIGHT.finditer(text))):
        asked = m["n"].casefold() in {"request", "requests"}  # "a cancellation request"
        if asked and not m["mod"]:
            continue
        verb = _act(m["mod"]) if asked else _act(m["n"])  # "a cancellation" (+ "request")
        if verb is None or verb == _act(m["l"].split()[0]):
            continue
        mod = m["mod"] if not asked and m["mod"] and _act(m["mod"]) is None else ""
        said = f"{said[: m.start()]}{verb} {mod}".rstrip() + said[m.end() :]
    helped = _HELP.search(said)
    if helped is not None and helped["v"].casefold() in IMPERATIVE_VERBS:
        said = said[: helped.start()] + said[helped.end() :]
    return None if said == text else said


# "Completed bookings: no rescheduling", "For completed bookings: no refunds, no changes":
# what is said of the entity before the colon, the bans after it
_LABEL_NO = re.compile(
    _LEAD
    + r"(?P<cond>if\s+[^:]+?|(?:for\s+)?(?:(?:the|all|any)\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)"
    r"{0,5}?)\s*:\s*(?P<nos>no\s+[A-Za-z][\w-]*(?:\s*(?:,|\bor\b|\band\b)\s*(?:no\s+)?"
    r"[A-Za-z][\w-]*)*|[A-Za-z][\w-]*(?:\s+(?:is|are))?\s+(?:not|never)\s+(?:possible|allowed|"
    r"permitted))\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _label_no(text: str) -> str | None:
    m = _LABEL_NO.match(text)
    if m is None:
        return None
    said = re.sub(r"\b(?:no|or|and|is|are|not|never|possible|allowed|permitted)\b", " ", m["nos"],
                  flags=re.I)  # fmt: skip
    nouns = re.findall(r"[A-Za-z][\w-]*", said)
    verbs = [_act(n) for n in nouns]
    if not verbs or None in verbs:
        return None
    banned = " or ".join(dict.fromkeys(v for v in verbs if v))
    cond = m["cond"].strip()
    if cond.casefold().startswith("if "):  # "If a booking is completed: no refunds"
        return f"{m['lead']}{cond}, never {banned} it{m['end']}"
    if cond.casefold().startswith("for "):
        cond = cond[4:]
    return f"{m['lead']}Never {banned} {cond}{m['end']}"


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
    rest = _rest(m) if m["rest"] else (m["obj"] or "")
    after = (m["after"] or "").strip()
    if not rest and not mod and after.casefold().startswith(("for ", "of ")):
        rest, after = after.split(None, 1)[1], ""  # "Refunds: not possible for X": X
    if rest.casefold().startswith("for "):  # "bookings for closed telescopes": the object
        rest = rest[4:]
    if not rest and not after:
        return None  # "Refunds are not allowed": read already (`phrasing`), nothing to add
    return f"{m['lead']}Never {verb} {mod} {rest} {after}{m['end']}"


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
    """A prompt sentence nothing was read from (or only a light verb's mention: "submit
    request"), read again spelt with its verb (`read` is the extractor's reading of one
    sentence); the first reading when that gives no rule. (A `for` is never dropped to
    make its noun the object: "refund for memberships" refunds a fee, not a membership.)"""
    if sentence.subject is not None or not all(_light_led(r) for r in rules):
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
    if any(r.operator == "deny_action" and not r.condition and not r.params for r in found):
        return False  # "changing the night of a completed booking": never a flat ban

    return not conditional or any(r.operator == "state_condition" for r in found)


def _light_led(rule: CandidateRule) -> bool:
    """A rule over a mention a light verb leads ("initiate transfer", "submit cancellation
    request"): it names the light verb, not the act, so the sentence is read again."""
    return rule.target is not None and _LIGHT_LEAD.match(rule.target) is not None

"""The forms of `noact_respell` that put an action noun where a verb would be: "No refunds
for X", "X: no refunds", "X get no refund", "Refunds for X are not allowed", "Refunds are
only for X", "One refund per X, never more", "The refund cannot exceed N", "Refunds above N
are not permitted", "X ids: only those returned by T". Each gives the sentence spelt with
the verb, or None."""

from __future__ import annotations

import re

from specgap.extract.noact_words import (
    BAR,
    LEAD,
    NOUN,
    SCOPE,
    UNDER,
    act,
    phrase,
    rest_of,
)

_NO = re.compile(LEAD + r"no\s+" + NOUN + r"\s+" + SCOPE + r"(?P<rest>.+)$", re.I)
_GETS_NONE = re.compile(
    LEAD + r"(?P<np>(?:[A-Za-z][\w'-]*\s+){0,8}?[A-Za-z][\w-]*)\s+(?:gets?|receives?|(?:is|are)"
    r"\s+given|(?:is|are)\s+granted)\s+no\s+(?:(?:new|further|more)\s+)?(?P<thing>"
    r"(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s*(?P<rest>[.;!]?\s*)$",
    re.I,
)
_BARRED = re.compile(
    LEAD + UNDER + r"(?:(?:the|any|all|an?)\s+)?" + NOUN + r"(?:\s+" + SCOPE + r"(?P<rest>[^:;]+?)|"
    r"(?<=ing)\s+(?P<obj>(?:the|an?|any|its|their)\s+[^:;]+?))?\s*(?:[:\-–—]\s*(?:(?:is|are)\s+)?"
    r"(?:not|never)\s+(?:allowed|permitted|possible|accepted|available)|[:\-–—]\s*never|"
    r"\s+(?:" + BAR + r"))(?P<after>\s+(?:for|of|on|to|while|whenever|when|if|once|after|"
    r"before|during|unless|until|in)\b[^;]*?)?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip
_RESERVED = re.compile(
    LEAD
    + r"(?:(?:the|any|all)\s+)?"
    + NOUN
    + r"\s*(?:[:\-–—]\s*)?(?:(?:is|are)\s+)?(?:only\s+(?:(?:allowed|possible|permitted|available|"
    r"granted|given|issued|accepted|approved|processed|offered)\s+)?|(?:allowed|possible|permitted|"
    r"available|granted|given|issued|accepted|approved|processed|offered)\s+only\s+)"
    r"for\s+(?P<rest>.+)$",
    re.I,
)
_EXCEED = re.compile(
    LEAD + r"(?:(?:the|any|a|an|each|every)\s+)?" + NOUN + r"\s+(?P<bar>(?:may|must|should|"
    r"shall|can|will)?\s*(?:not|never)\s+exceed|cannot\s+exceed|can't\s+exceed|(?:is|are)\s+"
    r"(?:always\s+)?(?:capped|limited)\s+(?:at|to)|(?:may|must|can)\s+(?:not|never)\s+be\s+(?:more|"
    r"larger|greater|higher)\s+than|cannot\s+be\s+(?:more|larger|greater|higher)\s+than)\s+"
    r"(?P<num>\d[\d,]*(?:\.\d+)?)(?:\s+(?:per|for\s+(?:each|any|a|one))\s+(?P<per>[a-z][\w-]*))?"
    r"(?P<rest>\s*[.;!]?\s*)$",
    re.I,
)
_ABOVE = re.compile(
    LEAD + r"(?:(?:the|any|all)\s+)?" + NOUN + r"\s+(?P<cmp>above|over|(?:of\s+)?more\s+than|"
    r"greater\s+than|larger\s+than|exceeding)\s+(?P<num>\d[\d,]*(?:\.\d+)?)\s+(?:" + BAR
    + r")\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip
_ONLY_FROM = re.compile(
    LEAD + r"(?P<np>(?:[A-Za-z][\w'-]*\s+){0,3}?(?:ids?|identifiers?|numbers?|codes?|keys?)"
    r"(?:\s+(?:used|passed|given|sent)\s+(?:to|for|in|with)\s+[^:]{1,60}?)?)\s*:\s*only\s+"
    r"(?:those|ones|the\s+ones|values|ids)\s+(?:returned|given|found|listed|provided)\s+"
    r"(?:by|in|from)\s+(?P<src>[^.;]+?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


# a verb before any clause of its own: "no registration for the event is needed" says what
# is not needed (a waiver), not a ban
_FINITE = re.compile(
    r"^(?:(?!\b(?:while|whenever|when|if|once|after|before|unless|until|that|which|whose|who)\b)"
    r".)*?\b(?:is|are|was|were|will|has|have|had|needed|required|necessary|applies|apply)\b",
    re.I,
)


def no_ban(text: str) -> str | None:
    m = _NO.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    if _FINITE.match(m["rest"]):
        return None
    verb, mod = found
    return f"{m['lead']}Never {verb} {mod} {rest_of(m)}"


# "No extension beyond 5 days", "no refund above 300": the act's bound
_NO_BEYOND = re.compile(
    LEAD + r"no\s+" + NOUN + r"\s+(?:beyond|above|over|exceeding|(?:of\s+)?(?:more|longer|greater)"
    r"\s+than)\s+(?P<amount>[$€£]?\s?\d[\d,]*(?:\.\d+)?(?:\s*[A-Za-z%]+)?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "No keycards for members whose plan is basic": a thing, not an act; what gives it
_NO_THING = re.compile(
    LEAD + r"no\s+(?P<thing>(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*s)\s+(?:for|to)\s+(?P<rest>.+?)"
    r"\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _thing(noun: str) -> bool:
    """A thing given, not an act: a head noun naming no act, or one after a modifier that
    names none ("guest passes": a pass is given; the act reading is tried first)."""
    words = noun.split()
    return act(words[-1]) is None or (len(words) > 1 and act(words[0]) is None)


def no_beyond(text: str) -> str | None:
    m = _NO_BEYOND.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    return f"{m['lead']}Never {verb} {mod} more than {m['amount']}{m['end']}"


def no_thing(text: str) -> str | None:
    """ "No keycards for X" -> "Never give keycards to X" (a reading kept only with X's
    state, `noact_respell`)."""
    m = _NO_THING.match(text)
    if m is None or not _thing(m["thing"]) or _FINITE.match(m["rest"]):
        return None
    return f"{m['lead']}Never give {m['thing']} to {m['rest']}{m['end']}"


_THINGS = re.compile(r"no\s+(?P<t>(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*s)", re.I)


def label_no_thing(text: str) -> str | None:
    """ "Members on the basic plan: no keycards" -> "Never give keycards to members on the
    basic plan" (kept only with their state, as `no_thing`)."""
    m = _LABEL_NO.match(text)
    if m is None or m["cond"].casefold().startswith(("if ", "for ")):
        return None
    things = re.fullmatch(
        r"no\s+(?P<t>(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*s)", m["nos"].strip(), re.I
    )
    if things is None or not _thing(things["t"]):
        return None
    return f"{m['lead']}Never give {things['t']} to {m['cond'].strip()}{m['end']}"


# "Completed bookings: no rescheduling", "For completed bookings: no refunds, no changes":
# what is said of the entity before the colon, the bans after it
_LABEL_NO = re.compile(
    LEAD
    + r"(?P<cond>if\s+[^:]+?|(?:for\s+)?(?:(?:the|all|any)\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)"
    r"{0,5}?)\s*:\s*(?P<nos>no\s+(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*(?:\s*(?:,|\bor\b|\band\b)\s*"
    r"(?:no\s+)?[A-Za-z][\w-]*)*|[A-Za-z][\w-]*(?:\s+(?:is|are))?\s+(?:not|never)\s+(?:possible|allowed|"
    r"permitted))\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def label_no(text: str) -> str | None:
    m = _LABEL_NO.match(text)
    if m is None:
        return None
    said = re.sub(r"\b(?:no|or|and|is|are|not|never|possible|allowed|permitted)\b", " ", m["nos"],
                  flags=re.I)  # fmt: skip
    nouns = re.findall(r"[A-Za-z][\w-]*", said)
    verbs = [act(n) for n in nouns]
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
    LEAD + r"(?:one|a\s+single|1)\s+" + NOUN + r"\s+(?P<per>per\s+[A-Za-z][\w-]*(?:\s+[A-Za-z]"
    r"[\w-]*)?)\s*[,;:(-]?\s*(?:never|not|no)\s+more\)?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def one_per(text: str) -> str | None:
    m = _ONE_PER.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    return f"{m['lead']}At most one {m['mod'] or ''} {m['n']} {m['per']}{m['end']}"


def gets_none(text: str) -> str | None:
    m = _GETS_NONE.match(text)
    if m is None:
        return None
    np = m["np"].strip()
    words = m["thing"].split()
    verb = act(words[-1])
    if verb is not None and len(words) == 1:  # "cancelled bookings get no refund"
        return f"{m['lead']}Never {verb} {np}{m['rest']}"
    return f"{m['lead']}Never give {m['thing']} to {np}{m['rest']}"  # "... no guest passes"


def barred(text: str) -> str | None:
    m = _BARRED.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    rest = rest_of(m) if m["rest"] else (m["obj"] or "")
    after = (m["after"] or "").strip()
    if not rest and not mod and after.casefold().startswith(("for ", "of ")):
        rest, after = after.split(None, 1)[1], ""  # "Refunds: not possible for X": X
    if rest.casefold().startswith("for "):  # "bookings for closed telescopes": the object
        rest = rest[4:]
    if not rest and not after and not m["under"]:
        return None  # "Refunds are not allowed": read already (`phrasing`), nothing to add
    never = "never" if m["under"] else "Never"
    return f"{m['lead']}{m['under'] or ''}{never} {verb} {mod} {rest} {after}{m['end']}"


def reserved(text: str) -> str | None:
    m = _RESERVED.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    return f"{m['lead']}Only {verb} {mod} for {m['rest']}"


_ONE_CALL = frozenset({"call", "time", "request", "transaction", "operation"})


def exceed(text: str) -> str | None:
    m = _EXCEED.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    if m["per"] and act(m["per"]) != found[0] and m["per"].casefold() not in _ONE_CALL:
        return None  # "... 300 per month": a rate, not one call's bound
    verb, _ = found
    return f"{m['lead']}{verb.capitalize()} amounts {m['bar']} {m['num']}{m['rest']}"


def above(text: str) -> str | None:
    m = _ABOVE.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, _ = found
    return f"{m['lead']}{verb.capitalize()} amounts above {m['num']} are never allowed{m['end']}"


# "Customer e-mail: as stated by the customer, never inferred": where the value comes from
_AS_SAID = re.compile(
    LEAD + r"(?P<np>(?:[A-Za-z][\w'-]*\s+){0,3}?[A-Za-z][\w'-]*)\s*:\s*(?:only\s+)?"
    r"(?:as\s+|exactly\s+as\s+)?(?:stated|given|provided|typed|supplied|confirmed|spelled|spelt)"
    r"\s+by\s+(?P<who>(?:the\s+)?[a-z]+)(?:\s*,?\s*(?:never|not)\s+[a-z]+(?:\s+or\s+[a-z]+)?)?"
    r"\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip


def as_said(text: str) -> str | None:
    m = _AS_SAID.match(text)
    if m is None:
        return None
    return f"{m['lead']}{m['np']} must come from {m['who']}{m['end']}"


# "The delivery address must be the one on file", "the refund amount must match the amount
# on the order record", "customer ids must be looked up, never typed in": a value from the
# records the tools read, not from the agent's memory
_ON_FILE = re.compile(
    LEAD + r"(?P<np>(?:the\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)\s+must\s+(?:always\s+)?"
    r"(?:(?:match|equal|be\s+the\s+same\s+as|be)\s+(?:the\s+(?:one|[a-z][\w-]*)|one)\s+(?:on|in)\s+"
    r"(?:the\s+)?(?:[a-z]+(?:'s)?\s+)?(?:file|record|records|profile|account|system)|be\s+looked\s+up)"
    r"(?:\s*,?\s*(?:never|not)\s+[^.;]+)?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)  # fmt: skip


def on_file(text: str) -> str | None:
    m = _ON_FILE.match(text)
    if m is None:
        return None
    return f"{m['lead']}{m['np']} must be taken from the record{m['end']}"


def only_from(text: str) -> str | None:
    m = _ONLY_FROM.match(text)
    if m is None:
        return None
    return f"{m['lead']}{m['np']} must come from {m['src']}{m['end']}"


# "Extensions: twice per reservation at most": a count of the act per entity
_TIMES = re.compile(
    LEAD + NOUN + r"\s*:\s*(?:at\s+most\s+|no\s+more\s+than\s+|max(?:imum)?\.?\s+)?"
    r"(?P<times>once|twice|(?:one|two|three|four|five|\d+)\s+times)\s+(?P<per>per\s+[a-z][\w-]*)"
    r"(?:\s*,?\s*(?:at\s+most|max(?:imum)?))?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
_COUNT = {"once": "one", "twice": "two"}


def times_per(text: str) -> str | None:
    m = _TIMES.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    said = m["times"].casefold()
    count = _COUNT.get(said) or said.split()[0]
    what = f"{m['mod'] or ''} {m['n']}".casefold()
    return f"{m['lead']}At most {count} {what} {m['per']}{m['end']}"

"""More forms of `noact_respell`: the act said through a copula or a light verb ("It is only
possible to V", "Only X are issued a Y", "Address changes are no longer possible once ...",
"Updating X is only allowed while ...", "Customers must agree to the refund", "Refunds
require a delivered order", "Only X qualify for a refund", "submit a cancellation request",
"help members cancel"). Each gives the sentence spelt with the verb, or None."""

from __future__ import annotations

import re

from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.noact_words import DET, LEAD, NOUN, act, participle, phrase
from specgap.extract.pattern_base import USER

# "It is only possible to reschedule a booking if ...": only reschedule it if ...
_IT_ONLY = re.compile(
    LEAD + r"it\s+is\s+only\s+(?:possible|allowed|permitted)\s+(?:for\s+(?:you|the\s+agent)\s+)?"
    r"to\s+(?P<rest>[a-z].+)$",
    re.I,
)
# "Only confirmed bookings are charged a fee": the act said of what receives it
_ONLY_GIVEN = re.compile(
    LEAD + r"only\s+(?P<np>(?:[A-Za-z][\w-]*\s+){0,4}?[A-Za-z][\w-]*)\s+(?:are|is|get|gets)\s+"
    r"(?P<v>[a-z]+ed)\s+(?P<thing>(?:an?|the|any)\s+[a-z][\w-]*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def it_only(text: str) -> str | None:
    m = _IT_ONLY.match(text)
    return None if m is None else f"{m['lead']}Only {m['rest']}"


def only_given(text: str) -> str | None:
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
    LEAD + r"(?P<g>[A-Za-z]+ing)\s+(?P<obj>(?:the|an?|any|its|their)\s+[^,;:]+?)\s+(?:is|are)\s+"
    r"(?:only\s+(?:allowed|possible|permitted)|(?:allowed|possible|permitted)\s+only)\s+"
    r"(?P<rest>(?:until|while|before|after|once|if|when|for|as\s+long\s+as)\b.+)$",
    re.I,
)
# "Customers must explicitly agree to the refund": the user's yes before the act
_AGREE = re.compile(
    LEAD + r"(?:the\s+)?(?P<who>" + USER + r")s?\s+(?:must|should|has\s+to|have\s+to|needs?\s+to)"
    r"\s+(?:explicitly\s+|first\s+|always\s+)*(?:agree\s+to|approve|accept|consent\s+to|"
    r"confirm|authori[sz]e)\s+(?:the\s+|any\s+|every\s+|each\s+|a\s+|an\s+)?"
    r"(?:(?P<mod>[A-Za-z][a-z-]*)\s+)??(?P<n>[A-Za-z][a-z-]*)(?:\s+(?:amount|fee|terms|details|"
    r"price))?\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Refunds require a delivered order": the state of what the act is done to
_REQUIRES_STATE = re.compile(
    LEAD + r"(?:(?:the|any|all|each|every|an?)\s+)?" + NOUN + r"\s+(?:requires?|needs?)\s+"
    r"(?:an?|the)\s+(?P<adj>[a-z]+(?:ed|en))\s+(?P<entity>[a-z][\w-]*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Only delivered orders qualify for a refund": who is eligible for the act
_QUALIFY = re.compile(
    LEAD + r"(?P<np>only\s+(?:[A-Za-z][\w-]*\s+){0,4}?[A-Za-z][\w-]*)\s+(?:qualify|qualifies|"
    r"(?:are|is)\s+eligible)\s+for\s+(?:an?\s+|the\s+|any\s+)?(?P<n>[A-Za-z][a-z-]*)"
    r"\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def possible(text: str) -> str | None:
    m = _POSSIBLE.match(text)
    verb = act(m["n"]) if m is not None else None
    done = participle(verb) if verb is not None else None
    if m is None or done is None or act(m["mod"]) is not None or m["mod"].casefold() in DET:
        return None  # "a refund is ...": no thing acted on said before the noun
    how = (m["how"] or "").casefold().split()
    modal = {"only": "can only", "no": "can no longer", "not": "cannot", "never": "can never"}
    rest = m["rest"].strip()
    if rest.casefold().startswith("for "):  # "... are only possible for pending orders"
        rest = "of " + rest[4:]
    said = modal.get(how[0], "can") if how else "can"
    return f"{m['lead']}the {m['mod']} {said} be {done} {rest}{m['end']}"


def gerund_only(text: str) -> str | None:
    m = _GERUND_ONLY.match(text)
    verb = act(m["g"]) if m is not None else None
    if m is None or verb is None:
        return None
    return f"{m['lead']}Only {verb} {m['obj']} {m['rest']}"


def agree(text: str) -> str | None:
    m = _AGREE.match(text)
    verb = act(m["n"]) if m is not None else None
    if m is None or verb is None:
        return None
    what = f"{m['mod'] or ''} {m['n']}".strip()
    return f"{m['lead']}The {m['who']}'s explicit consent is needed for every {what}{m['end']}"


def requires_state(text: str) -> str | None:
    m = _REQUIRES_STATE.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, _ = found
    return f"{m['lead']}Only {verb} {m['adj']} {m['entity']}s{m['end']}"


def qualify(text: str) -> str | None:
    m = _QUALIFY.match(text)
    verb = act(m["n"]) if m is not None else None
    done = participle(verb) if verb is not None else None
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
LIGHT_LEAD = re.compile(r"^(?:" + _LIGHT_WORDS + r"|help|assist)\b", re.I)


def light(text: str) -> str | None:
    said = text
    for m in reversed(list(_LIGHT.finditer(text))):
        asked = m["n"].casefold() in {"request", "requests"}  # "a cancellation request"
        if asked and not m["mod"]:
            continue
        verb = act(m["mod"]) if asked else act(m["n"])  # "a cancellation" (+ "request")
        if verb is None or verb == act(m["l"].split()[0]):
            continue
        mod = m["mod"] if not asked and m["mod"] and act(m["mod"]) is None else ""
        said = f"{said[: m.start()]}{verb} {mod}".rstrip() + said[m.end() :]
    helped = _HELP.search(said)
    if helped is not None and helped["v"].casefold() in IMPERATIVE_VERBS:
        said = said[: helped.start()] + said[helped.end() :]
    return None if said == text else said


# "Membership transfers only with explicit member approval": never without it
_ONLY_WITH = re.compile(
    LEAD + r"(?:(?:the|any|all)\s+)?" + NOUN + r"\s+(?:(?:are|is)\s+(?:allowed\s+|possible\s+)?)?"
    r"only\s+with\s+(?P<what>.+?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "Only two freezes per membership are allowed": at most two
_ONLY_COUNT = re.compile(
    LEAD + r"only\s+(?P<num>one|two|three|four|five|six|\d+)\s+" + NOUN + r"(?P<per>\s+per\s+"
    r"[A-Za-z][\w-]*)?\s+(?:are|is)\s+(?:allowed|permitted|possible)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
# "A freeze lasts at most 3 months", "Freezes of more than 3 months are not allowed",
# "Freezing for longer than 3 months is not possible": the act is limited to the measure
_LASTS = re.compile(
    LEAD + r"(?:(?:the|any|an?|each)\s+)?" + NOUN + r"\s+(?:(?:may|can|must|should)\s+)?"
    r"(?:lasts?|run|runs)\s+(?:at\s+most|no\s+(?:longer|more)\s+than|up\s+to)\s+"
    r"(?P<amount>\d[\d,]*(?:\.\d+)?\s*[A-Za-z]+)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
_LONGER = re.compile(
    LEAD + r"(?:(?:the|any|all)\s+)?" + NOUN + r"\s+(?:of|for|lasting)\s+(?:more|longer)\s+than\s+"
    r"(?P<amount>\d[\d,]*(?:\.\d+)?\s*[A-Za-z]+)\s+(?:is|are)\s+(?:not|never)\s+(?:allowed|"
    r"permitted|possible)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def only_with(text: str) -> str | None:
    m = _ONLY_WITH.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    verb, mod = found
    return f"{m['lead']}Never {verb} {mod} without {m['what']}{m['end']}"


def only_count(text: str) -> str | None:
    m = _ONLY_COUNT.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    return f"{m['lead']}At most {m['num']} {m['mod'] or ''} {m['n']}{m['per'] or ''}{m['end']}"


def limited(text: str) -> str | None:
    m = _LASTS.match(text) or _LONGER.match(text)
    found = phrase(m) if m is not None else None
    if m is None or found is None:
        return None
    return f"{m['lead']}{m['n']} is limited to {m['amount']}{m['end']}"


# "Confirmation required: refunds, cancellations and transfers": the acts it is required for
_YES_LABEL = re.compile(
    LEAD + r"(?P<what>(?:explicit\s+|written\s+|prior\s+)?(?:[A-Za-z]+(?:'s)?\s+)?(?:confirmation|"
    r"consent|approval))\s+(?:is\s+)?(?:required|needed|mandatory)(?:\s+for)?\s*:\s*(?P<items>.+)$",
    re.I,
)


def yes_label(text: str) -> str | None:
    m = _YES_LABEL.match(text)
    if m is None:
        return None
    return f"{m['lead']}{m['what']} is required for {m['items']}"


# "Completed bookings are closed to rescheduling", "Any booking that is completed is locked
# for changes", "Completed bookings are not eligible for rescheduling or refunds"
_CLOSED_TO = re.compile(
    LEAD
    + r"(?P<np>[A-Za-z][^:;]*?)\s+(?:is|are)\s+(?:closed|locked|blocked|not\s+(?:eligible|open|"
    r"available))\s+(?:to|for)\s+(?:any\s+|further\s+)?(?P<items>[a-z][\w-]*(?:\s*(?:,|\bor\b|"
    r"\band\b)\s*(?:any\s+)?[a-z][\w-]*)*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def closed_to(text: str) -> str | None:
    m = _CLOSED_TO.match(text)
    if m is None:
        return None
    nouns = re.findall(r"[a-z][\w-]*", re.sub(r"\b(?:or|and|any)\b", " ", m["items"], flags=re.I))
    verbs = [act(n) for n in nouns]
    if not verbs or None in verbs:
        return None
    banned = " or ".join(dict.fromkeys(v for v in verbs if v))
    return f"{m['lead']}Never {banned} {m['np']}{m['end']}"


# "Each member is entitled to two guest passes": a count of a thing given, per whom it is
# given to (a label, "Telescopes: max 2 per astronomer", may count bookings of them: not read)
_ENTITLED = re.compile(
    LEAD + r"(?:each|every|a|an|any)\s+(?P<per>[a-z][\w-]*)\s+(?:is|are)\s+entitled\s+to\s+"
    r"(?:at\s+most\s+|up\s+to\s+)?(?P<num>one|two|three|four|five|\d+)\s+"
    r"(?P<things>(?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def things_per(text: str) -> str | None:
    m = _ENTITLED.match(text)
    if m is None or act(m["things"].split()[-1]) is not None:
        return None  # an act counted ("two refunds") is read elsewhere
    said = f"At most {m['num']} {m['things']} may be issued per {m['per']}{m['end']}"
    return m["lead"] + said

"""A bound said of one act by "per <act>" and no verb (eighteenth session): "At most $200 per
refund", "No more than 3 extra nights per extension", "Up to 14 nights per reservation", "A
maximum of 5 nights per extension is allowed".

The act noun (`is_action_noun`: refund, extension, reservation) names the call the amount
is of: each call is one such act, so the amount bounds one call's argument, which is what "A
<act> must not exceed <amount>" says to the bound readers (`amounts`). A noun that names no
act ("$20 per rental day", "two bags per guest") is a rate or a count per thing, left to
the other readers. "extra", "additional" before the unit say what the amount is of, not
which argument: "3 extra nights" is a bound of 3 nights on the extension's nights; a
sentence that reads no rule with them is read without them (`reread`: "Extensions are capped
at 7 extra nights"). "No ticket is changed more than twice" is "A ticket can be changed at
most twice": a count of the act's calls per ticket (`no_thing_more`). Two bounds under one
"at most" ("covers at most 12 pallets and 20,000 lb") are both read (`second_bound`).
"""

from __future__ import annotations

import re

from specgap.extract.bound17 import AMOUNT_NUM
from specgap.extract.noact_respell import Read, read_as, when_none
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import is_action_noun, singular

_BOUND = (
    r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|never\s+more\s+than|up\s+to|a\s+maximum"
    r"\s+of|max(?:imum)?\.?:?|only)"
)
_PER_ACT = re.compile(
    r"^\W*" + _BOUND + r"\s+(?P<n>" + AMOUNT_NUM + r")(?:\s*(?P<unit>%|[A-Za-z€$£]+))??"
    r"(?:\s+(?:extra|additional|further|more))?(?:\s+(?P<unit2>[a-z][\w-]*))?"
    r"\s+(?:per|for\s+(?:each|every|a|an|one))\s+(?P<act>[a-z][\w-]*)"
    r"(?:\s+(?:is|are)\s+(?:allowed|permitted|accepted))?\s*[.;!]?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "A <act> must not exceed <amount>." for a bound said per an act (module docstring),
    else None."""
    m = _PER_ACT.match(" ".join(text.split()))
    if m is None:
        return None
    act = singular(m["act"].casefold())
    if not is_action_noun(act):
        return None  # "two bags per guest": a count per thing, no act
    unit = " ".join(u for u in (m["unit"], m["unit2"]) if u)
    amount = f"{m['n']} {unit}".strip()
    return f"A {act} must not exceed {amount}."  # (the readers read "a" as "an", as bound17)


_EXTRA = re.compile(
    r"\b(?P<n>" + AMOUNT_NUM + r")\s+(?:extra|additional|further|more)\s+(?=[a-z])", re.I
)


def without_extra(text: str) -> str | None:
    """The sentence without "extra" after its number ("capped at 7 extra nights": 7 nights
    more, a bound of 7 on the nights the call adds), or None when it has none."""
    said = _EXTRA.sub(lambda m: f"{m['n']} ", text)
    return said if said != text else None


# "No ticket is changed more than twice", "No request gets more than 2 reminders sent": a
# count per the thing, said of no thing at all
_NO_THING = re.compile(
    r"^\W*no\s+(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|gets|may\s+be|can\s+be|will\s+be|"
    r"should\s+be|shall\s+be)\s+(?P<done>[a-z]+(?:ed|en|t))\s+more\s+than\s+"
    r"(?P<n>once|twice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+times)"
    r"\s*[.;!]?\s*$",
    re.I,
)


def no_thing_more(text: str) -> str | None:
    """ "A <thing> can be <done> at most <n>." for "No <thing> is <done> more than <n>.", or
    None."""
    m = _NO_THING.match(" ".join(text.split()))
    if m is None:
        return None
    return f"A {m['np'].casefold()} can be {m['done'].casefold()} at most {m['n'].casefold()}."


# read as a bound of the act, a count per the thing, or without "extra", when the sentence
# as written gave no rule
reread = when_none(lambda text: respelt(text) or no_thing_more(text) or without_extra(text))


# "covers at most 12 pallets and 20,000 lb": two bounds under one "at most"
_DIGITS = r"(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?"
_TWO = re.compile(
    r"\b(?P<q>at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of)\s+"
    r"(?P<first>" + _DIGITS + r"\s+[a-z]+)\s+and\s+(?P<n>" + _DIGITS + r"\s+[a-z]+)\b",
    re.I,
)


def second_bound(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The second of two bounds said under one "at most" ("a quote covers at most 12 pallets
    and 20,000 lb"): the sentence read without the first, its bounds on other arguments
    added to the first reading's."""
    m = _TWO.search(sentence.clean)
    if m is None or sentence.subject is not None:
        return rules, diagnostics
    said = sentence.clean[: m.start("first")] + sentence.clean[m.start("n") :]
    found, _ = read_as(sentence, said, read)
    have = {(r.target, str(r.params.get("facet"))) for r in rules}
    more = [
        r
        for r in found
        if r.operator == "arg_within_bound" and (r.target, str(r.params.get("facet"))) not in have
    ]
    return [*rules, *more], diagnostics

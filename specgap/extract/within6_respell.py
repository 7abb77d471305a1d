"""Numeric bounds said in derived forms, spelt as the bound readers read them.

The bound readers read "the <thing> must be at most <amount>" (`bound5_respell` spells the
verbless shapes that way). A bound is often said in other words still; each is spelt in the
one form and read again, keeping only the `arg_within_bound` rules it gives (the tool and
the argument are bound at compile time, from the noun and the unit, as for any bound):

- the wording is made plain first: a number in words after a word of limit ("in excess of
  fifteen per cent", "capped at one hour"), "per cent" -> "%", "°C" / "degrees Celsius" ->
  "degrees", a comparative of measure ("deeper / heavier / warmer than") -> "more than",
  ("shallower / lighter / colder than") -> "less than", "in excess of", "exceeding" ->
  "more than"; then `bound5_respell`'s shapes are tried on the plain text;
- a subject no value of which passes, any verb: "No discount deeper than 15 %";
- a refusal of the values past it, in the passive or as a verdict: "Discounts above 15 %
  are never given", "Grooming fees over $90? Not allowed.";
- a copula or a verb of staying over a range: "Bookings are for 1 to 14 nights", "The
  storage temperature must stay within 2 to 8 degrees";
- a label with both ends: "Deposit: €20 minimum, €300 maximum", "Temperature setpoint (°C):
  min 2, max 8";
- a limit named as such: "The weight limit per parcel is 30 kg";
- a refusal of a thing past the amount: "The Carrier will not accept any parcel exceeding
  thirty kilograms", "Never take a deposit of less than €20";
- a subject's own verb of measure: "A driver waits no longer than 20 minutes at pickup";
- an answer's "No," / "Yes," before the bound: "A: No, the party size is capped at 8."

When the spelling reads a bound, the first reading's bans of the same words (a `deny_action`
whose condition is the amount) and its `rule-not-compiled` notes give way to it. Not read: a
rate ("per day", "a day", "per walker"), a hedge ("usually", "about", "most"), a value past
the amount that needs a person ("over $300 needs approval"), a sentence another reader
already read a bound from.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.bound5_respell import respelled as bound5_respelled
from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["plain", "reread", "respelled"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90, "hundred": 100,
}  # fmt: skip
# a number in words after a word of limit: "in excess of fifteen", "capped at one hour"
_NUMBER_WORD = re.compile(
    r"\b(?P<lead>(?:than|of|at|to|exceeding|most|least|maximum|minimum|max|min|between|and|"
    r"over|under|above|below|beyond|within|is|are)\s)(?P<w>"
    + "|".join(_WORDS)
    + r")\b(?=\s*(?:%|[a-z]))",
    re.I,
)
_OVER_WORD = re.compile(
    r"\b(?:deeper|steeper|bigger|larger|greater|higher|heavier|longer|wider|warmer|hotter|"
    r"later|further|farther)\s+than\b|\bin\s+excess\s+of\b|\bexceeding\b",
    re.I,
)
_UNDER_WORD = re.compile(
    r"\b(?:shallower|smaller|lower|lighter|shorter|narrower|colder|cooler|earlier|cheaper)\s+"
    r"than\b",
    re.I,
)
_DEGREES = re.compile(r"\s?(?:°|º)\s?[CF]\b|\s+degrees?\s+(?:celsius|fahrenheit|[CF])\b", re.I)

_NUM = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
_UNIT = r"(?:\s?(?:%|[a-z]{1,12}\b))?"
_AMT = r"(?P<amt>" + _NUM + _UNIT + r")"
_LOW = r"(?P<low>" + _NUM + _UNIT + r")"
_DET = r"(?:(?:the|a|an|any|each|every|all|one)\s+)?"
_STOP = (
    r"(?!(?:is|are|be|must|may|can|should|shall|will|not|never|no|more|less|than|over|above|"
    r"under|below|limit|cap|ceiling|maximum|minimum|max|min|of|per|at|for|to)\b)"
)
_NP = r"(?P<np>" + _STOP + r"[a-z][\w-]*(?:\s+" + _STOP + r"[a-z][\w-]*){0,3})"
_END = r"\s*(?:only)?\s*[.;!]?\s*$"
_TAIL = r"(?:\s+(?:at|on|in|for)\s+[a-z]+(?:\s+[a-z]+)?)?"  # "at pickup"; never "per"/"a day"
_PASSIVE = (
    r"(?:are|is)\s+(?:never|not)\s+(?:[a-z]+ed|given|taken|made|sold|offered|allowed|"
    r"accepted|booked|done|shown|sent|granted|issued)"
)
_REFUSE_VERB = (
    r"(?:accept|take|book|issue|grant|give|allow|approve|apply|ship|carry|sell|schedule|"
    r"offer|charge|make|authori[sz]e)"
)
_HEDGE = re.compile(
    r"\b(?:usually|typically|normally|generally|often|mostly|most|sometimes|about|around|"
    r"roughly|approximately|on\s+average)\b"
    # a rate: "9 hours a day", "4 dogs per walker", "3 bags per guest"
    r"|\d\s*(?:%|[a-z]+)?\s+(?:per|a|an|each|every)\s+[a-z]+",
    re.I,
)
_ANSWER = re.compile(r"^\W*(?:(?:a|answer)\s*:\s*)?(?:yes|no)\s*[,;:—–-]\s*", re.I)

_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (side, re.compile(pattern, re.I))
    for side, pattern in (
        # "No discount deeper than 15 %", "no dog boards longer than 21 nights"
        ("max", r"^\W*no\s+" + _NP + r"(?:\s+(?:may|can|will|should|shall)\s+(?:be\s+)?)?"
         r"(?:\s+[a-z]+s)?\s+more\s+than\s+" + _AMT + _END),
        ("min", r"^\W*no\s+" + _NP + r"(?:\s+(?:may|can|will|should|shall)\s+(?:be\s+)?)?"
         r"(?:\s+[a-z]+s)?\s+less\s+than\s+" + _AMT + _END),
        # "Discounts above 15 % are never given", "Grooming fees over $90? Not allowed."
        ("max", r"^\W*" + _DET + _NP + r"\s+(?:more\s+than|above|over|beyond)\s+" + _AMT
         + r"\s*(?:" + _PASSIVE + r"|[?:—–-]\s*(?:not\s+allowed|never|no|refused|declined))"
         + _END),
        ("min", r"^\W*" + _DET + _NP + r"\s+(?:less\s+than|below|under)\s+" + _AMT
         + r"\s*(?:" + _PASSIVE + r"|[?:—–-]\s*(?:not\s+allowed|never|no|refused|declined))"
         + _END),
        # "Bookings are for 1 to 14 nights", "the temperature must stay within 2 to 8 degrees"
        ("range", r"^\W*" + _DET + _NP + r"\s+(?:are|is|(?:must|should|has\s+to|have\s+to)\s+"
         r"(?:stay|remain|be|be\s+kept))\s+(?:for\s+|from\s+|within\s+|between\s+)?" + _LOW
         + r"\s*(?:-|–|to|and)\s*" + _AMT + r"(?:\s+(?:long|each))?" + _END),
        # "Deposit: €20 minimum, €300 maximum", "Temperature setpoint (degrees): min 2, max 8"
        ("range", r"^\W*" + _NP + r"(?:\s*\((?P<paren>[^)]{1,16})\))?\s*(?::|—|–|\s-\s)\s*"
         r"(?:min(?:imum)?\.?\s*" + _LOW + r"|" + _LOW.replace("low", "low2")
         + r"\s*min(?:imum)?)\s*[,;/]\s*(?:and\s+)?(?:max(?:imum)?\.?\s*" + _AMT + r"|"
         + _AMT.replace("amt", "amt2") + r"\s*max(?:imum)?)" + _END),
        # "The weight limit per parcel is 30 kg"
        ("max", r"^\W*(?:the\s+)?" + _NP + r"\s+(?:limit|cap|ceiling|maximum)(?:\s+(?:per|for|on)"
         r"\s+(?:an?\s+|each\s+|every\s+|one\s+)?[a-z]+)?\s+(?:is|are|=|:)\s+" + _AMT + _END),
        ("min", r"^\W*(?:the\s+)?" + _NP + r"\s+(?:floor|minimum)(?:\s+(?:per|for|on)"
         r"\s+(?:an?\s+|each\s+|every\s+|one\s+)?[a-z]+)?\s+(?:is|are|=|:)\s+" + _AMT + _END),
        # "The Carrier will not accept any parcel exceeding 30 kg", "Never take a deposit of
        # less than €20"
        ("max", r"^.*?\b(?:never|not|n't)\s+(?:ever\s+)?" + _REFUSE_VERB + r"\s+(?:any|a|an)\s+"
         + _NP + r"\s+(?:of\s+|that\s+is\s+|worth\s+)?more\s+than\s+" + _AMT + _END),
        ("min", r"^.*?\b(?:never|not|n't)\s+(?:ever\s+)?" + _REFUSE_VERB + r"\s+(?:any|a|an)\s+"
         + _NP + r"\s+(?:of\s+|that\s+is\s+|worth\s+)?less\s+than\s+" + _AMT + _END),
        # "A driver waits no longer than 20 minutes at pickup": the verb is the thing
        ("verb", r"^\W*" + _DET + r"[a-z]+(?:\s+[a-z]+)?\s+(?P<verb>[a-z]{3,}?)s\s+"
         r"(?:no|not)\s+more\s+than\s+" + _AMT + _TAIL + _END),
    )
)  # fmt: skip


def plain(text: str) -> str:
    """The sentence with its number words, per cents, degrees and comparatives made plain."""
    text = _NUMBER_WORD.sub(lambda m: m["lead"] + str(_WORDS[m["w"].casefold()]), text)
    text = re.sub(r"\s*\bper\s?cent\b", " %", text, flags=re.I)
    text = _DEGREES.sub(" degrees", text)
    text = _OVER_WORD.sub("more than", text)
    return _UNDER_WORD.sub("less than", text)


def respelled(text: str) -> str | None:
    """The sentence spelt "the <thing> must be <bound>", or None (module docstring)."""
    said = plain(_ANSWER.sub("", text, count=1))
    if _HEDGE.search(said):
        return None
    if said != text:
        earlier = bound5_respelled(said)
        if earlier is not None:
            return earlier
    for side, form in _FORMS:
        m = form.match(said)
        if m is None:
            continue
        if side == "verb":
            return f"The {m['verb']} must be at most {_amount(m['amt'])}."
        subject = " ".join(m["np"].split()).casefold()
        if side == "range":
            low = m["low"] or m.groupdict().get("low2")
            high = m["amt"] or m.groupdict().get("amt2")
            unit = m.groupdict().get("paren") or ""
            if not low or not high or _number(low) > _number(high):
                return None
            suffix = f" {unit.strip()}" if unit and not re.search(r"[a-z%]$", high) else ""
            return f"The {subject} must be between {_amount(low)} and {_amount(high)}{suffix}."
        limit = "at most" if side == "max" else "at least"
        return f"The {subject} must be {limit} {_amount(m['amt'])}."
    return None


def _amount(text: str) -> str:
    return " ".join(text.split())


def _number(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text) or 0)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A bound in a derived form read again (module docstring); the first reading otherwise."""
    if sentence.subject is not None or any(r.operator == "arg_within_bound" for r in rules):
        return rules, diagnostics
    said = respelled(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, _ = read(spelt(sentence, said))
    bounds = [r for r in found if r.operator == "arg_within_bound"]
    if not bounds:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    kept = [r for r in rules if not (r.operator == "deny_action" and r.condition is not None)]
    notes = [d for d in diagnostics if d.code not in ("rule-not-compiled", "condition-not-bound")]
    return [*kept, *(r.model_copy(update={"text": words}) for r in bounds)], notes

"""A numeric bound said without the tool's verb, spelt as the bound readers read it.

The bound readers read "the <thing> must be at most <amount>". Bounds are often said with no
verb, or with a verb that is not the tool's; each shape below is spelt in that one form and
read again, keeping only the `arg_within_bound` rules it gives (the argument and the tool
are bound at compile time as for any bound: the noun names the tool, the noun or the unit the
argument, and an argument no tool takes is reported there):

- a verb of measure, not of the tool: "Fee refunds cap at $60", "charges top out at $400",
  "slots run 30 to 180 minutes", "every rental lasts between 1 and 21 days", "account
  charges are limited to $400", "labour maxes out at 90 minutes";
- a fragment: "Cone 4 to 10 only", "Hours per firing: 2-14", "Maximum parts budget — $150",
  "Refund ceiling: $60", "Tows: 1000 ft minimum", "Parts budget: $150 max";
- a subject no value of which may pass: "no firing runs longer than 14 hours", "no charge
  may exceed $400" (at most the amount, inclusive: "no X longer than N" allows N);
- a refusal of the values past the amount: "Tows above 3,000 ft are refused", "Rentals
  shorter than 1 day are not offered", "Release heights under 1000 ft: never" (the amount
  itself is allowed: "above 3,000 refused" is at most 3,000);
- a superlative: "The longest rental is 21 days", "the smallest sale is 1 kg";
- an instruction that sets or keeps the value: "Set the firing hours between 2 and 14",
  "Keep every account charge under $400", "keep rentals to 21 days or fewer";
- a condition that lets only the bounded call through: "Only when the refund is $60 or
  less may it go through"; "If the flight would last more than 180 minutes, don't reserve
  it"; "Unless the slot is 30 minutes or longer, do not reserve the glider" (the verb of
  the main clause names the tool: spelt "never <verb> <object> for more than <amount>").

A strict "under"/"less than" keeps its number on a measure and steps to the next whole
number on a count (`specgap.operators.measures`), as the bound readers do. Deliberately not
read: a value past the amount that needs a person ("over $100 needs approval" is a review,
no bound), a rate ("$8 per day"), an example, a statistic ("most members rent for 3 to 5
days"), what a tool returns, a question and its answer in two sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.pattern_base import singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.measures import counted

__all__ = ["reread", "respelled"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_NUM = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
# a unit after the number: a short word, never the start of a clause ("14 hours", "50 kg")
_UNIT = r"(?:\s?(?:%|[a-z]{1,12}\b))?"
_AMT = r"(?P<amt>" + _NUM + r")(?P<unit>" + _UNIT + r")"
_LOW = r"(?P<low>" + _NUM + r")(?:\s?[a-z]{1,12}\b)?"
_DET = r"(?:(?:the|a|an|any|each|every|all|one|no)\s+)?"
_WORD = r"[a-z][\w-]*"
# the thing bounded: up to four words, none a verb of the shapes or a comparison
_STOP = (
    r"(?!(?:is|are|was|be|must|may|can|cannot|can't|should|shall|will|would|not|never|keep|cap|caps|"
    r"capped|tops?|maxes|run|runs|last|lasts|span|spans|range|ranges|go|goes|exceed|exceeds|"
    r"up|at|to|under|below|over|above|between|from|than|more|less|fewer|longer|shorter|"
    r"heavier|lighter|higher|lower|only|max|maximum|min|minimum|no|per)\b)"
)
_NP = r"(?P<np>" + _STOP + _WORD + r"(?:\s+" + _STOP + _WORD + r"){0,3})"
_END = r"\s*(?:only)?\s*[.;!]?\s*$"
_MOST = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|max\.?|maximum)"
_LEAST = r"(?:at\s+least|no\s+less\s+than|no\s+fewer\s+than|a\s+minimum\s+of|min\.?|minimum)"
_RANGE = r"(?:between\s+|from\s+)?" + _LOW + r"\s*(?:-|–|—|to|and|through)\s*" + _AMT
_UNDER = r"(?:(?:less|fewer|lower|smaller|shorter|lighter|cheaper)\s+than|below|under)"
_OVER = r"(?:(?:more|greater|higher|larger|longer|heavier|bigger)\s+than|above|over|beyond)"
_CAP_VERB = (
    r"(?:caps?\s+(?:out\s+)?at|capped\s+at|tops?\s+out\s+at|max(?:es)?\s+out\s+at|"
    r"(?:is|are)\s+(?:capped|limited|restricted)\s+(?:at|to))"
)
# a verb of extent says a bound only with a range or "up to": "slots run 30 minutes" is a size
_RUN_VERB = (
    r"(?:(?:runs?|lasts?|spans?|ranges?)|(?:may|can|must|should)\s+(?:only\s+)?"
    r"(?:run|last|span|range))"
)
_MEASURE_VERB = r"(?:" + _CAP_VERB + r"|" + _RUN_VERB + r"(?:\s+from)?)"
_REFUSED = (
    r"(?:(?:are|is)\s+(?:not\s+(?:allowed|permitted|accepted|offered|possible|available)|"
    r"refused|declined|rejected|never\s+(?:allowed|accepted|booked|sold))|:\s*never|"
    r"(?:—|–|-)\s*never|(?:are|is)\s+off\s+limits)"
)
_SUPER_MAX = r"(?:longest|largest|biggest|highest|heaviest|greatest|most\s+expensive)"
_SUPER_MIN = r"(?:shortest|smallest|lowest|lightest|least\s+expensive)"
_GENERIC = {"length", "duration", "period", "span", "size", "ceiling", "cap", "limit", "floor",
            "range", "window", "allowance"}  # fmt: skip
_MONEY = {
    "amount",
    "price",
    "cost",
    "budget",
    "total",
    "value",
    "sum",
    "balance",
    "deposit",
    "fare",
}
_NO = r"(?:please\s+)?(?:(?:make\s+sure|ensure|check)\s+(?:that\s+)?)?"
_BAN = r"(?:do\s+not|don't|never|must\s+not|may\s+not|cannot|can't)"
# "Dear staff, please ...": the letter's greeting; ", otherwise the rental is declined": what
# happens past the bound, said after it
_GREETING = re.compile(r"^\W*(?:dear|hi|hello)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*", re.I)
_OTHERWISE = re.compile(
    r"\s*[,;]\s*(?:otherwise|or\s+else|or)\s+(?:the|it|this|that|a|an)\b[^,;]*?\b(?:is|are|gets?|"
    r"will\s+be)\s+(?:refused|declined|rejected|blocked|denied|turned\s+down|not\s+(?:accepted|"
    r"allowed|booked|sent|made))\s*\.?\s*$",
    re.I,
)
_IDENT = r"(?P<np>(?-i:[a-z]+(?:_[a-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]*)+)))"
_IDENTIFIER = re.compile(r"`?[a-z]+(?:_[a-z0-9]+)+`?\s|`?(?>[a-z]+(?:[A-Z][a-z0-9]*)+)`?\s")
_HEDGE = re.compile(
    r"\b(?:usually|typically|normally|generally|often|mostly|sometimes|on\s+average)\b", re.I
)
_ONLY_THEN = r"\s*,?\s+(?:may|can|should|will|does|do)\s+\w+"

_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (side, re.compile(pattern, re.I))
    for side, pattern in (
        # a verb of measure: "Fee refunds cap at $60", "slots run 30 to 180 minutes"
        ("max", r"^\W*" + _DET + _NP + r"\s+" + _CAP_VERB + r"\s+(?:" + _MOST + r"\s+)?"
         + _AMT + r"(?:\s+(?:max(?:imum)?|tops))?" + _END),
        ("max", r"^\W*" + _DET + _NP + r"\s+" + _RUN_VERB + r"\s+" + _MOST + r"\s+" + _AMT
         + _END),
        ("range", r"^\W*" + _DET + _NP + r"\s+" + _MEASURE_VERB + r"\s+" + _RANGE
         + r"(?:\s+(?:long|each))?" + _END),
        # a fragment: "Cone 4 to 10 only", "Tows: 1000 ft minimum", "Refund ceiling: $60"
        ("range", r"^\W*" + _NP + r"\s*(?::|—|–|\s-\s|=)\s*" + _RANGE + _END),
        ("range", r"^\W*" + _NP + r"\s+" + _RANGE + r"\s+only\s*[.;!]?\s*$"),
        # a list's fragment: "servings from 6 to 200", "1 to 5 tiers" (the unit names it)
        ("range", r"^\W*" + _NP + r"\s+from\s+" + _LOW + r"\s*(?:-|–|—|to)\s*" + _AMT + _END),
        ("range", r"^\W*(?P<np>)" + _LOW + r"\s*(?:-|–|—|to)\s*" + _AMT + _END),
        # an argument named by its identifier: "amountUsd 1–400", "clay_kg up to 50"
        ("range", r"^\W*" + _IDENT + r"`?\s+" + _RANGE + _END),
        ("max", r"^\W*" + _IDENT + r"`?\s+" + _MOST + r"\s+" + _AMT + _END),
        ("min", r"^\W*" + _IDENT + r"`?\s+" + _LEAST + r"\s+" + _AMT + _END),
        ("max", r"^\W*" + _NP + r"\s*(?::|—|–|\s-\s|=)?\s*" + _MOST + r"\s*:?\s*" + _AMT + _END),
        ("min", r"^\W*" + _NP + r"\s*(?::|—|–|\s-\s|=)?\s*" + _LEAST + r"\s*:?\s*" + _AMT + _END),
        ("max", r"^\W*" + _NP + r"\s*(?::|—|–|\s-\s|=)\s*" + _AMT
         + r"\s+(?:max(?:imum)?|tops|at\s+most|or\s+(?:less|fewer|under|below))" + _END),
        ("min", r"^\W*" + _NP + r"\s*(?::|—|–|\s-\s|=)\s*" + _AMT
         + r"\s+(?:min(?:imum)?|at\s+least|or\s+(?:more|over|above))" + _END),
        ("max", r"^\W*(?:the\s+)?(?:max(?:imum)?|highest|top)\s+" + _NP
         + r"\s*(?::|—|–|\s-\s|=|is|are)\s*" + _AMT + _END),
        ("min", r"^\W*(?:the\s+)?(?:min(?:imum)?|lowest)\s+" + _NP
         + r"\s*(?::|—|–|\s-\s|=|is|are)\s*" + _AMT + _END),
        # no value may pass: "no firing runs longer than 14 hours", "no charge may exceed $400"
        ("max", r"^\W*" + _NO + r"no\s+" + _NP + r"\s+(?:(?:may|can|should|shall|will)\s+)?"
         r"(?:(?:be|run|last|go|is|runs|lasts|goes)\s+" + _OVER + r"|exceeds?|go(?:es)?\s+over)\s+"
         + _AMT + _END),
        # a refusal of the values past it: "Tows above 3,000 ft are refused"
        ("max", r"^\W*" + _DET + _NP + r"\s+" + _OVER + r"\s+" + _AMT + r"\s*" + _REFUSED
         + _END),
        ("min", r"^\W*" + _DET + _NP + r"\s+" + _UNDER + r"\s+" + _AMT + r"\s*" + _REFUSED
         + _END),
        # a superlative: "The longest rental is 21 days"
        ("max", r"^\W*the\s+" + _SUPER_MAX + r"\s+" + _NP
         + r"\s+(?:(?:allowed|permitted|possible)\s+)?(?:is|are)\s+" + _AMT + _END),
        ("min", r"^\W*the\s+" + _SUPER_MIN + r"\s+" + _NP
         + r"\s+(?:(?:allowed|permitted|possible)\s+)?(?:is|are)\s+" + _AMT + _END),
        # set or keep the value: "Set the firing hours between 2 and 14"
        ("range", r"^\W*(?:please\s+)?(?:set|keep)\s+" + _DET + _NP + r"\s+(?:at\s+|to\s+)?"
         + _RANGE + _END),
        ("max", r"^\W*(?:please\s+)?(?:set|keep)\s+" + _DET + _NP + r"\s+(?:(?:to|within)\s+(?:"
         + _MOST + r"\s+)?|at\s+(?!most\b)|" + _MOST + r"\s+)" + _AMT
         + r"(?:\s+or\s+(?:less|fewer|under|below))?" + _END),
        ("under", r"^\W*(?:please\s+)?keep\s+" + _DET + _NP + r"\s+" + _UNDER + r"\s+" + _AMT
         + _END),
        # only the bounded call goes through: "Only when the refund is $60 or less may it ..."
        ("max", r"^\W*only\s+(?:when|if)\s+" + _DET + _NP + r"\s+(?:is|are)\s+(?:"
         + _MOST + r")\s+" + _AMT + _ONLY_THEN),
        ("max", r"^\W*only\s+(?:when|if)\s+" + _DET + _NP + r"\s+(?:is|are)\s+" + _AMT
         + r"\s+or\s+(?:less|fewer|under|below)" + _ONLY_THEN),
    )
)  # fmt: skip
# "If the flight would last more than 180 minutes, don't reserve it": the main verb's act
_IF_OVER = re.compile(
    r"^\W*if\s+" + _DET + _NP + r"\s+(?:would\s+(?:be|last|run|take)|is|are|lasts|runs|takes|"
    r"exceeds)\s+(?:"
    + _OVER
    + r"\s+)?"
    + _AMT
    + r"\s*,\s*(?:then\s+)?"
    + _BAN
    + r"\s+(?P<act>[a-z]+(?:\s+(?:it|them|the\s+"
    + _WORD
    + r"|an?\s+"
    + _WORD
    + r"))?)"
    + _END,
    re.I,
)
_UNLESS = re.compile(
    r"^\W*unless\s+"
    + _DET
    + _NP
    + r"\s+(?:is|are|lasts|runs)\s+(?:"
    + _LEAST
    + r"\s+)?"
    + _AMT
    + r"(?:\s+or\s+(?:longer|more|greater|higher|above|over))?\s*,\s*"
    + _BAN
    + r"\s+(?P<act>[a-z]+(?:\s+(?:it|them|the\s+"
    + _WORD
    + r"|an?\s+"
    + _WORD
    + r"))?)"
    + _END,
    re.I,
)


def _number(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text) or 0)


def _code(text: str, low: str, high: str, unit: str) -> bool:
    """A bare hyphen between two plain numbers, no unit, writing a phone number, a year span
    or a code rather than a range."""
    bare = re.search(re.escape(low.strip()) + r"-" + re.escape(high.strip()), text) is not None
    plain = not unit.strip() and not re.match(r"[$€£]", low.strip())
    return bare and plain and (_number(high) >= 1000 or low.strip().startswith("0"))


def _said(amount: str, unit: str) -> str:
    unit = unit.strip()
    return f"{amount.strip()} {unit}".strip() if unit and unit != "%" else amount.strip() + unit


_HOW_MANY = frozenset({"single", "individual", "each", "every", "one"})


def _subject(np: str, measured: bool) -> str | None:
    """The thing bounded, without a word that only says it is bounded when the amount has a
    unit to name the argument instead ("rental period" + "days" -> "rental"; "party size"
    with a bare number stays); None when nothing is left."""
    words = np.split()
    while len(words) > 1 and words[0].casefold() in _HOW_MANY:
        words.pop(0)  # "a single payment": how many, not what is bounded
    while measured and len(words) > 1 and words[-1].casefold() in _GENERIC:
        words.pop()
    if words and words[0].casefold() in {"please", "dear", "staff"}:
        return None
    if words and not words[0].isupper():
        words[0] = words[0][:1].lower() + words[0][1:]
    if words and words[-1].islower():
        words[-1] = singular(words[-1])  # "rentals ... between 1 and 21 days": a rental's
    return " ".join(words) or None


def counts_of(np: str, unit: str, amount: str) -> bool:
    """Whether a bound with no unit is on how many of a plural noun there are ("servings
    from 6 to 200", "1 to 5 tiers"): one word, a plural, no sum of money."""
    word = np.strip().casefold()
    plural = re.fullmatch(r"[a-z]{3,}s", word) is not None and singular(word) != word
    return plural and not unit.strip() and not re.match(r"[$€£]", amount)


def _priced(subject: str, amount: str) -> str:
    """A sum of money bounds the thing's amount: "account charge" + "$400" -> "account charge
    amount" (the words before the head name what is charged, not the argument)."""
    words = subject.split()
    if len(words) < 2 or not re.match(r"[$€£]", amount) or words[-1].casefold() in _MONEY:
        return subject
    return f"{subject} amount"


def respelled(text: str) -> str | None:
    """The sentence spelt "the <thing> must be <bound>", or None (module docstring)."""
    text = _OTHERWISE.sub(".", _GREETING.sub("", text))
    if _HEDGE.search(text):
        return None  # "freezes usually last 2 to 12 weeks": what is common, not a limit
    for side, form in _FORMS:
        m = form.match(text)
        if m is None:
            continue
        np, unit = m["np"], m["unit"]
        if not np.strip() and re.fullmatch(r"\s?[a-z]{3,12}s", unit):
            np, unit = unit.strip(), ""  # "1 to 5 tiers": the tiers, counted
        subject = _subject(np, bool(unit.strip() or re.match(r"[$€£]", m["amt"])))
        if subject is None:
            return None
        amount = _said(m["amt"], unit)
        if side == "range":
            if _number(m["low"]) > _number(m["amt"]) or _code(m[0], m["low"], m["amt"], unit):
                return None  # "9 to 2": no range; "555-1234", "2024-2025": a number, no range
            bound = f"between {m['low'].strip()} and {amount}"
        elif side == "under":
            n = _number(m["amt"])
            step = counted(m["amt"], unit.strip()) and n.is_integer()
            bound = f"at most {_said(str(int(n - 1)), m['unit'])}" if step else f"at most {amount}"
        else:
            bound = f"{'at most' if side == 'max' else 'at least'} {amount}"
        if counts_of(np, unit, m["amt"]) and side == "range":
            # "servings from 6 to 200": how many servings, said as a list's label does
            return f"{np.strip().capitalize()}: {m['low'].strip()} to {amount}."
        return f"The {_priced(subject, m['amt'])} must be {bound}."
    m = _IF_OVER.match(text)
    if m is not None:
        return f"Never {m['act']} for more than {_said(m['amt'], m['unit'])}."
    m = _UNLESS.match(text)
    if m is not None:
        return f"Never {m['act']} for less than {_said(m['amt'], m['unit'])}."
    return None


def _parts(text: str) -> list[str]:
    """The sentence, or each row of its table ("| Rental period | 1 to 21 days |" -> "Rental
    period: 1 to 21 days"; a header row above a rule line is no bound), or a clause after a
    semicolon that names an argument by its identifier ("...; amountUsd 1-400")."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and all(line.startswith("|") for line in lines):
        rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
        ruled = len(rows) > 1 and all(re.fullmatch(r":?-{2,}:?", c) for c in rows[1] if c)
        body = rows[2:] if ruled else rows
        return [f"{row[0]}: {row[1]}" for row in body if len(row) >= 2 and row[0] and row[1]]
    whole = " ".join(text.split())
    clauses = [c.strip() for c in whole.split(";")[1:]]
    return [whole, *(c for c in clauses if _IDENTIFIER.match(c))]


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A bound no reader read, spelt as the bound readers read it (module docstring); the
    first reading otherwise."""
    if sentence.subject is not None or any(r.operator == "arg_within_bound" for r in rules):
        return rules, diagnostics  # a bound another reader read stands
    spellings = [said for part in _parts(sentence.clean) if (said := respelled(part))]
    bounds = [
        r
        for said in spellings
        for r in read(spelt(sentence, said))[0]
        if r.operator == "arg_within_bound"
    ]
    if not bounds:
        return rules, diagnostics
    # the same limits read another way (a verb of measure read as the tool's act, a label
    # that names no argument): the spelt reading stands for them; other limits: kept
    limits = {_limits(r) for r in bounds}
    same = [r for r in rules if r.operator == "arg_within_bound" and _limits(r) in limits]
    if len(same) < len([r for r in rules if r.operator == "arg_within_bound"]):
        return rules, diagnostics  # a bound this spelling does not say: the first reading
    words = " ".join(sentence.text.split())
    kept = [r for r in rules if r not in same]
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [*kept, *(r.model_copy(update={"text": words}) for r in bounds)], notes


def _limits(rule: CandidateRule) -> tuple[float | None, float | None]:
    low, high = rule.params.get("min"), rule.params.get("max")
    return (
        float(low) if isinstance(low, int | float) else None,
        float(high) if isinstance(high, int | float) else None,
    )

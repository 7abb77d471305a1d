"""A ban whose condition compares one of the call's arguments (nineteenth session): "Never
send a voucher with an amount over 50", "Do not refund when the amount exceeds $300", "Only
send a voucher if the amount is 50 or less".

The grammar reads such a sentence as a ban of the act under its condition, and no entity's
field binds "the amount is over 50", so the ban was kept `review_only` with a
`condition-not-bound` note. The amount is the call's own argument: a ban of the calls whose
argument is over 50 is a bound of that argument at 50, which the guard checks on the call
itself. `bounded` turns such a ban into `arg_within_bound` on the same act:

| the condition says                          | region       | the bound              |
|---------------------------------------------|--------------|------------------------|
| with/for/if/when/whose X is over N          | banned       | X at most N (`max`)    |
| ... X is under / below / less than N        | banned       | X at least N (`min`)   |
| unless X is at most N / N or less / up to N | allowed      | `max` N                |
| unless X is at least N / N or more          | allowed      | `min` N                |
| unless X is between A and B / from A to B   | allowed      | `min` A, `max` B       |

A comparison whose complement is strict ("never when X is at least N": X must stay below N;
"only when X is over N") has no inclusive bound to say it with, and the ban stays reviewed
with its note: never a bound one step off. Nor does a total ("if the amount is over 500 in
total": the sum of several calls, which one call's bound would let through). The argument is
bound at compile time as every bound's is (`specgap.argfit`): a phrase that names no numeric
argument of the tool (an id, an entity's field such as "the booking is over 30 days old") is
kept for review with its note, never enforced on another argument.

A bound said in signs or abbreviations ("max 90 units", "min. 2", "quantity 1-90") is read as
the words the readers know ("at most 90 units", "between 1 and 90") where the sentence as
written gave no rule (`plainly`, `reread`).
"""

from __future__ import annotations

import re

from specgap.extract import tool_subject19
from specgap.extract.bound17 import AMOUNT_NUM
from specgap.extract.noact_respell import when_none
from specgap.extract.noun_bounds import number_value
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators import OPERATORS
from specgap.operators.prose import USER

_GREATER = r"more\s+than|greater\s+than|higher\s+than|larger\s+than|bigger\s+than|over|above|"
_GREATER += r"exceeds?|exceeding|in\s+excess\s+of|beyond|goes\s+(?:over|above)"
_LESS = r"less\s+than|fewer\s+than|lower\s+than|smaller\s+than|under|below"
_AT_MOST = r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|does\s+not\s+exceed|within"
_AT_LEAST = r"at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than"
_KINDS = (("greater", _GREATER), ("less", _LESS), ("at_most", _AT_MOST), ("at_least", _AT_LEAST))
_CMP = "|".join(f"(?P<{kind}>{words})" for kind, words in _KINDS)
_N = r"(?P<{0}>" + AMOUNT_NUM + r")(?:\s*(?:%|[A-Za-z€$£]+))?"
_CONDITION = re.compile(
    r"^\W*(?P<lead>with|for|if|when|whenever|where|whose|at|having|unless)\s+"
    r"(?:(?:the|an?|its|their|his|her|your)\s+)?"
    r"(?P<arg>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:(?:is|are|would\s+be|will\s+be|comes?\s+to|amounts?\s+to)\s+)?(?:of\s+)?"
    r"(?:(?:"
    + _CMP
    + r")\s+"
    + _N.format("n")
    + r"|(?:between|from)\s+"
    + _N.format("a")
    + r"\s+(?:and|to|through)\s+"
    + _N.format("b")
    + r"|"
    + _N.format("m")
    + r"\s+or\s+(?P<tail>less|fewer|more|under|below|over|above))"
    + r"\s*(?:each|per\s+call|per\s+request)?\W*$",
    re.I,
)
# words that name no argument of a call: a pronoun, or the person the sentence is about ("if
# the guest is under 18": the guest's age, a field of the guest, no argument of the call)
_NOT_ARGS = re.compile(
    r"(?:it|they|them|this|that|there|one|you|he|she|(?:\w+\s+)?" + USER + r"s?)", re.I
)


def bounded(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """Each ban whose condition compares an argument of its call, as that argument's bound
    (module docstring); the `condition-not-bound` notes of the bans so read are dropped."""
    out: list[CandidateRule] = []
    read: set[str] = set()
    for rule in rules:
        bound = _bound(rule)
        if bound is None:
            out.append(rule)
            continue
        out.append(bound)
        read.add(rule.condition or "")
    if not read:
        return rules, diagnostics
    kept = [
        d
        for d in diagnostics
        if not (d.code == "condition-not-bound" and any(repr(c) in d.message for c in read))
    ]
    return out, kept


def _bound(rule: CandidateRule) -> CandidateRule | None:
    """`arg_within_bound` in place of a ban of the calls whose argument passes a number."""
    if rule.operator != "deny_action" or not rule.condition or rule.params.get("values"):
        return None
    m = _CONDITION.match(rule.condition)
    if m is None or _NOT_ARGS.fullmatch(m["arg"]) or re.search(r"ing\b", m["arg"]):
        return None  # "pieces weighing less than ...": a property of the things, no argument
    said = next(m[g] for g in ("n", "a", "m") if m[g] is not None)
    if re.search(re.escape(said) + r"[,.]\d", rule.text):
        return None  # "above $5,000": the condition was cut at the number's comma
    limits = _limits(m, allowed=m["lead"].casefold() == "unless")
    if limits is None:
        return None
    return rule.model_copy(
        update={
            "operator": "arg_within_bound",
            "check_category": OPERATORS["arg_within_bound"].category,
            "params": {"facet": m["arg"].casefold(), **limits},
            "condition": None,
        }
    )


def _limits(m: re.Match[str], allowed: bool) -> dict[str, int | float] | None:
    """{"min": .., "max": ..} the argument is held to, or None when the complement of what is
    banned is strict or nothing is said of the other side."""
    if m["a"] is not None:
        low, high = number_value(m["a"]), number_value(m["b"])
        return {"min": low, "max": high} if allowed and low <= high else None
    if m["m"] is not None:  # "50 or less", "3 or more"
        below = m["tail"].casefold() in {"less", "fewer", "under", "below"}
        kind = "at_most" if below else "at_least"
        n = number_value(m["m"])
    else:
        kind = next(k for k, _ in _KINDS if m[k] is not None)
        n = number_value(m["n"])
    side = {
        (False, "greater"): "max",
        (False, "less"): "min",
        (True, "at_most"): "max",
        (True, "at_least"): "min",
    }.get((allowed, kind))
    return {side: n} if side is not None else None


# "max 90", "min. 2", "1-90": comparisons the readers read said in words
_MAX = re.compile(r"\bmax(?:imum)?\.?\s*:?\s*(?=[$€£]?\s?\d)", re.I)
_MIN = re.compile(r"\bmin(?:imum)?\.?\s*:?\s*(?=[$€£]?\s?\d)", re.I)
_DASHED = re.compile(
    r"(?<![\d.\-/:])(\d+(?:\.\d+)?)\s*[-\u2013\u2014]\s*(\d+(?:\.\d+)?)(?!\d|[.\-/:]\d)"
)


_ONLY_AFTER = re.compile(r"(\bbetween\s+-?\d[\d.,]*\s+and\s+-?\d[\d.,]*(?:\s*%)?)\s+only\b", re.I)


def plainly(text: str) -> str | None:
    """The sentence with "max N", "min N" and "A-B" said as "at most N", "at least N" and
    "between A and B", or None when it says none of them."""
    said = _MAX.sub("at most ", text)
    said = _MIN.sub("at least ", said)
    said = _DASHED.sub(lambda m: f"between {m[1]} and {m[2]}", said)
    # "0.75-12 only": the range is all there is, no noun after it ("only" read as one)
    said = _ONLY_AFTER.sub(r"\1", said)
    return said if said != text else None


def _plainly_spelt(text: str) -> str | None:
    said = plainly(text)
    return (tool_subject19.spelt(said) or said) if said is not None else None


# read so (and with a tool named as the subject, as `tool_subject19` says it) when the
# sentence as written gave no rule
reread = when_none(_plainly_spelt)

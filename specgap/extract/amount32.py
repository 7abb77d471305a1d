"""A ceiling on an act's amount said of the act as a thing, spelt "<act> is at most <amount>",
which the bound readers read (thirty-second session):

- "A refund is £120 at most." -> "A refund is at most £120.";
- "A single refund stays at or below £150." -> "A single refund is at most £150.";
- "No refund is above £200." -> "Each refund is at most £200.";
- "A refund never exceeds £150." -> "A refund is at most £150.";
- "A deposit can go up to £150." -> "A deposit is at most £150.";
- "Goodwill credit (`t`) is 50 pounds at most." -> "The amount of `t` must be at most £50."
  (an amount said in words of money is said with its sign; the act's tool named in brackets
  takes it).

What follows the amount in the same rule ("..., or £250 for gold members", "per refund",
"for members", "unless ...") stays, so a raised ceiling or a condition is read as it is after
"at most"; another clause after a comma or a semicolon ("..., and any one customer gets it
once") is left to the first reading, whose other rules are kept. Read only where the
sentence gave no bound (`reread`), and kept only when the spelling gives one: which tool's
argument the act names stays the resolver's.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import Read, read_as
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "respelt"]

_NP = (
    r"(?P<np>(?:(?:a|an|each|every|any|the|one)\s+)?(?:single\s+)?(?:[a-z][\w-]*\s+){0,2}?"
    r"[a-z][\w-]*(?:\s*\(\s*`?[A-Za-z][\w.\-]*`?\s*\))?)"
)
_AMOUNT = (
    r"(?P<amount>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s*(?:pounds?|euros?|dollars?|"
    r"percent|%|gbp|eur|usd)\b)"
)
_FORMS = (
    # "A refund is £120 at most", "Credit is 50 pounds at most"
    (re.compile(rf"^\W*{_NP}\s+(?:is|are)\s+{_AMOUNT}\s+at\s+(?:the\s+)?most\b", re.I), ""),
    # "A single refund stays at or below £150" (the segments say "at most" for "at or below")
    (
        re.compile(
            rf"^\W*{_NP}\s+(?:stays?|remains?|is|are|must\s+(?:stay|remain|be))\s+(?:at\s+or\s+"
            rf"(?:below|under)|at\s+most|no\s+more\s+than)\s+{_AMOUNT}",
            re.I,
        ),
        "",
    ),
    # "A refund never exceeds £150", "... must not go above £150"
    (
        re.compile(
            rf"^\W*{_NP}\s+(?:never|must\s+never|may\s+never|can\s+never|must\s+not|may\s+not|"
            r"cannot|can't|does\s+not|doesn't|will\s+never|should\s+never)\s+(?:exceeds?|go\s+"
            rf"(?:above|over|beyond|past))\s+{_AMOUNT}",
            re.I,
        ),
        "",
    ),
    # "A deposit can go up to £150"
    (re.compile(rf"^\W*{_NP}\s+(?:can|may)\s+go\s+up\s+to\s+{_AMOUNT}", re.I), ""),
    # "No refund is above £200"
    (
        re.compile(
            rf"^\W*no\s+{_NP}\s+(?:is|goes|may\s+be|can\s+be|shall\s+be)\s+(?:above|over|more\s+"
            rf"than|higher\s+than|greater\s+than|in\s+excess\s+of)\s+{_AMOUNT}",
            re.I,
        ),
        "each",
    ),
)
# what may follow the amount in the same rule: a raised ceiling ("..., or £250 for gold
# members"), what it is per, whom it is for, or nothing
_KEPT_REST = re.compile(
    r"^\s*(?:,?\s*or\b|per\b|a\b|each\b|for\b|when\b|if\b|unless\b|[.!]?\s*$)", re.I
)
_SIGNS = {"pound": "£", "euro": "€", "dollar": "$", "gbp": "£", "eur": "€", "usd": "$"}
# who a sentence is about, never an act with an amount ("a member", "the customer")
_NOT_ACTS = re.compile(
    r"\b(?:i|you|we|they|he|she|it|member|customer|client|user|guest|caller|person|people|"
    r"staff|agent|assistant)s?$",
    re.I,
)


def _signed(amount: str) -> str:
    """ "50 pounds" -> "£50"; "20 percent", "£50" as said."""
    m = re.fullmatch(r"(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>[a-z]+)", amount.strip(), re.I)
    if m is None:
        return amount
    unit = m["unit"].casefold().rstrip("s")
    sign = _SIGNS.get(unit)
    return f"{sign}{m['n']}" if sign else amount


def respelt(text: str) -> str | None:
    """The sentence as "<act> is at most <amount> ..." (module docstring), or None."""
    said = " ".join(text.split())
    for pattern, lead in _FORMS:
        m = pattern.match(said)
        if m is None:
            continue
        np = re.sub(r"^(?:a|an|each|every|any|the|one)\s+", "", m["np"], flags=re.I)
        if _NOT_ACTS.search(re.sub(r"\s*\(.*\)$", "", np)):
            return None
        subject = f"Each {np}" if lead else m["np"][:1].upper() + m["np"][1:]
        amount = _signed(m["amount"])
        rest = said[m.end() :]
        if not _KEPT_REST.match(rest):  # ", and any one customer gets it once": its own rule
            rest = re.split(r"[,;]", rest, maxsplit=1)[0].rstrip(" .") + "."
        tool = re.search(r"\(\s*`?([A-Za-z][\w.\-]*)`?\s*\)$", subject)
        if tool is not None and amount[:1] in "$€£":  # "Goodwill credit (`t`)": its tool's
            return f"The amount of `{tool[1]}` must be at most {amount}{rest}"
        again = f"{subject} is at most {amount}{rest}"
        return again if again.casefold() != said.casefold() else None  # said so already
    return None


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as its act's ceiling (module docstring) when it gave no bound and
    that reading gives one; its other rules kept beside it."""
    if any(r.operator == "arg_within_bound" and not _unnamed(r) for r in rules):
        return rules, diagnostics
    said = respelt(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, notes = read_as(sentence, said, read)
    if not any(r.operator == "arg_within_bound" for r in found):
        return rules, diagnostics
    operators = {r.operator for r in found}
    return [*found, *(r for r in rules if r.operator not in operators)], notes


def _unnamed(rule: CandidateRule) -> bool:
    """A bound read with a word that names no act ("No refund is above £200" read "is" as
    the act); one read of any tool (`*`) is bound by its argument's name elsewhere."""
    return str(rule.target or "").strip().casefold() in {"is", "are", "be", "it", "this"}

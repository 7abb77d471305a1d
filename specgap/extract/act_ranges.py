"""How long or how much an action may be done for, said beside its verb:

- "a membership can be frozen for 2 to 12 weeks", "freeze it for between 2 and 12 weeks",
  "boats may be rented for 1-3 days", "a loan can be extended by 7 to 14 days": both ends;
- "memberships can be frozen for at most 12 weeks", "extend a loan by no more than 14 days":
  one end.

The unit names the argument ("weeks" -> `weeks`, "days" -> `days`; the compiler binds the
facet to the tool's argument, or reports it), the clause's verb and object the action. The
other readers bound a noun ("stays of more than 14 nights"); this one reads the bound an
adverbial phrase puts on the action itself, which they left as a `rule-not-compiled` note,
or bound on whatever tool took the argument (kept for review).

An empty range ("for 12 to 2 weeks") is no bound. A unit of money or a percentage is an
amount, read elsewhere (`amounts`). A count of calls ("for at most 3 times") is no range.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar import Clause
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.operators.prose import NUMBER_WORDS, number

__all__ = ["action_ranges"]

_N = r"(?:\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
# the argument a range is counted in: a unit of time or of things, never money or a share
_UNIT = r"(?P<unit>(?!(?:times?|calls?|percent|dollars?|euros?|pounds?)\b)[a-z][a-z-]*)"
_RANGE = re.compile(
    r"\b(?:for|by|to|of)\s+(?:(?:between\s+(?P<a1>" + _N + r")\s+and\s+(?P<b1>" + _N + r"))|"
    r"(?:from\s+)?(?P<a2>" + _N + r")\s*(?:to|-|–|—)\s*(?P<b2>" + _N + r"))\s+" + _UNIT + r"\b",
    re.I,
)
_ONE_END = re.compile(
    r"\b(?:for|by)\s+(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+"
    r"of|at\s+least|no\s+(?:less|fewer)\s+than|a\s+minimum\s+of)\s+(?P<n>" + _N + r")\s+" + _UNIT
    + r"\b",
    re.I,
)  # fmt: skip
_LOW = frozenset({"at least", "no less than", "no fewer than", "a minimum of"})


def action_ranges(clean: str, clause: Clause) -> list[Emit]:
    """The bound the sentence puts on its action's argument (module docstring); [] when it
    puts none, when the clause has no action, or when it is negated ("never freeze it for 2
    to 12 weeks" bans a range, which no bound states)."""
    if clause.action is None or clause.negated or not clause.verb:
        return []
    m = _RANGE.search(clean)
    if m is not None:
        low, high = number(m["a1"] or m["a2"]), number(m["b1"] or m["b2"])
        if low > high:
            return []
        bound = {"min": low, "max": high}
    else:
        one = _ONE_END.search(clean)
        if one is None:
            return []
        n = number(one["n"])
        kind = " ".join(one["kind"].casefold().split())
        bound = {"min": n} if kind in _LOW else {"max": n}
        m = one
    unit = m["unit"].casefold()  # "weeks": arguments are named as the unit is said
    action = clause.action
    if clause.passive and clause.verb not in IMPERATIVE_VERBS and clause.object:
        base = verb_lemma(clause.verb)  # "can be frozen": freeze (an irregular participle)
        action = f"{base} {clause.object}" if base in IMPERATIVE_VERBS else action
    return [Emit("arg_within_bound", action, {"facet": unit, **bound}, 0.7)]

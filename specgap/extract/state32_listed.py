"""Two or more states said before the noun of the thing acted on, spelt again as a relative
clause the grammar reads as the entity's state (thirty-second session):

- "Never cancel `completed` or `no_show` appointments." -> "Never cancel appointments that
  are `completed` or `no_show`.";
- "Only move confirmed or pending_deposit bookings." -> "Only move bookings that are
  confirmed or pending_deposit.";
- "`completed` or `no_show` appointments are never cancelled." -> "Appointments that are
  `completed` or `no_show` are never cancelled.".

One state before the noun the grammar reads already ("never cancel completed appointments");
a list of them it split at its "or" ("cancel completed" or "no_show appointments") or took
for values of an argument no schema lists. One word of the list at least must be a state by
`state_words.STATE_WORDS` ("completed", "no_show", "checked_in"), and every other one a state
too or a word written as a value (`on_water`, "pending_deposit", quoted): "never book
freight or cabin decks" (kinds of deck, values of an argument) is left to the value readers.

A spelling is kept only when the new reading has a `state_condition` holding every listed
state; the first reading's rules over those words (its bans and its lists of them as an
argument's values) give way to it. Binding stays the resolver's: a state no tool lists stays
`review_only` with `condition-not-bound`.
"""

from __future__ import annotations

import re

from specgap.extract.allow15_objects import LISTED
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.segments import Sentence
from specgap.extract.state_words import STATE_WORDS
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "respelt"]

_STATE = re.compile(STATE_WORDS, re.I)
_WORD = r"[`'\"]?[A-Za-z][\w-]*[`'\"]?"
_LIST = rf"(?P<list>{_WORD}(?:\s*,\s*{_WORD})*\s*,?\s+(?:or|and)\s+{_WORD})"
_NOUN = r"(?P<noun>[a-z][a-z-]*[a-z])"
_LEAD = (
    r"(?P<lead>\W*(?:(?:you|we|staff|the\s+(?:agent|assistant))\s+)?(?:(?:must|may|can|should|"
    r"will|shall)\s+)?(?:never|not|only|do\s+not|don't|cannot|can't)\s+(?:ever\s+)?)"
)
_PARTICLE = r"(?:\s+(?:out|in|up|off|over|back|away))?"
# "Never cancel `completed` or `no_show` appointments ..."
_ACTIVE = re.compile(
    rf"^{_LEAD}(?P<verb>[a-z]+{_PARTICLE})\s+(?:(?:the|any|all)\s+)?{_LIST}\s+{_NOUN}\b"
    r"(?P<rest>.*)$",
    re.I | re.S,
)
# "`completed` or `no_show` appointments are never cancelled ..."
_PASSIVE = re.compile(
    rf"^(?P<lead>[^\w`'\"]*(?:(?:the|any|all|an?)\s+)?){_LIST}\s+{_NOUN}\s+(?P<rest>(?:are|is|can|"
    r"cannot|can't|may|must|should|shall|will)\b.*)$",
    re.I | re.S,
)
_NOT_NOUNS = frozenset({"and", "or", "if", "when", "unless", "while", "only", "the", "a", "an"})


def _states(listed: str) -> list[str] | None:
    """The words of a list when they read as states (module docstring), else None."""
    said = [w for w in LISTED.split(listed.strip()) if w]
    words = [w.strip("`'\"") for w in said]
    if len(words) < 2 or not any(_STATE.fullmatch(w) for w in words):
        return None
    for word, as_said in zip(words, said, strict=True):
        if not (_STATE.fullmatch(word) or re.search(r"[_-]", word) or as_said[:1] in "`'\""):
            return None
    return words


def respelt(text: str) -> tuple[str, list[str]] | None:
    """The sentence with its listed states after the noun, and the states; None when it
    has no such list."""
    for pattern in (_ACTIVE, _PASSIVE):
        m = pattern.match(text)
        if m is None or m["noun"].casefold() in _NOT_NOUNS:
            continue
        states = _states(m["list"])
        if states is None:
            continue
        noun = m["noun"]
        if pattern is _ACTIVE:
            said = f"{m['lead']}{m['verb']} {noun} that are {m['list']}{m['rest']}"
        else:
            copula = "are" if noun.casefold().endswith("s") else "is"
            if not m["lead"].strip():
                noun = noun[:1].upper() + noun[1:]
            said = f"{m['lead']}{noun} that {copula} {m['list']} {m['rest']}"
        return " ".join(said.split()), states
    return None


def _holds(rule: CandidateRule, states: list[str]) -> bool:
    """A state test of every listed state: a `state_condition`, or a rule under a condition
    that names them all ("unless that are S1 or S2", which the resolver binds)."""
    wanted = {s.casefold() for s in states}
    if rule.operator == "state_condition":
        said = {str(v).casefold() for k in ("allowed", "denied") for v in rule.params.get(k) or ()}
        return wanted <= said
    if rule.condition is None:
        return False
    return wanted <= set(re.findall(r"[\w-]+", rule.condition.casefold()))


def _over(rule: CandidateRule, states: list[str]) -> bool:
    """A first reading's rule over the listed words: a ban, or their list as values."""
    if rule.operator == "deny_action" and not rule.params.get("values"):
        return True
    listed = {str(v).casefold() for k in ("allowed", "values") for v in rule.params.get(k) or ()}
    return bool(listed & {s.casefold() for s in states})


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again with its listed states after the noun (module docstring)."""
    if sentence.subject is not None:  # a tool's description: its own readers'
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    found = respelt(text)
    if found is None:
        return rules, diagnostics
    said, states = found
    if any(_holds(r, states) for r in rules):
        return rules, diagnostics
    again, notes = read_as(sentence, said, read)
    if not any(_holds(r, states) for r in again):
        return rules, diagnostics
    operators = {r.operator for r in again}
    kept = [r for r in rules if r.operator not in operators and not _over(r, states)]
    return [*again, *kept], notes

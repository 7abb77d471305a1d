"""A ban "without a <state> <thing>" (nineteenth session): "A refill request needs an active
prescription", "Never cancel a booking without a confirmed payment".

The readers say such a sentence as a ban of the act under the condition "without an active
prescription", which no entity's field binds: a reviewed ban with a `condition-not-bound`
note. The adjective is the thing's state, said before its noun: the act is allowed only when
the prescription is active, which is what "Only request a refill if the prescription is
active" says to the state readers. `reread` reads the sentence so, and keeps that reading
only when it gives a `state_condition` (bound to a field and values the tools list, or kept
for review with its own note, as the user's own words would be); an adjective that is no
state ("a second approver", "another card"), a noun of a compound ("a voucher code") and a
value the call carries ("a pickup address": the compiler binds it to the argument, a
required one) are left as they were.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import Read, read_as
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import lemmas

_WITHOUT = re.compile(
    r"^without\s+(?:an?|the|its|their)\s+(?P<adj>[a-z][a-z-]*)\s+(?P<noun>[a-z][a-z-]*)\s*$",
    re.I,
)
_ID = re.compile(r"`?[A-Za-z][\w.\-]*(?:_[\w.\-]+|[a-z][A-Z][\w.\-]*)`?")
# words before a noun that say which or how many, not what state it is in
_NOT_STATES = frozenset(
    {"second", "third", "other", "another", "extra", "additional", "new", "single", "separate",
     "second-level", "written", "explicit", "prior", "previous", "same", "different", "further"}
)  # fmt: skip


# nouns that name a value a call carries (an argument the compiler binds "without a X" to),
# not a thing that is in a state
_VALUES = frozenset(
    {"address", "code", "id", "number", "name", "date", "time", "reason", "note", "email",
     "phone", "amount", "reference", "token", "key", "password", "photo", "document",
     "receipt", "description", "comment", "value", "url", "link"}
)  # fmt: skip


def _adjective(word: str) -> bool:
    """An adjective or a participle ("active", "confirmed"), not a noun of a compound ("a
    voucher code", "a member id": what is carried, read by `supply16`)."""
    found = lemmas(word)
    verbs = found.get("VERB", ())
    participle = bool(verbs) and word not in verbs and not word.endswith(("s", "ing"))
    return "ADJ" in found or participle


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The ban "without a <state> <thing>" read as "only if the thing is <state>"."""
    if sentence.subject is not None or len(rules) != 1:
        return rules, diagnostics
    rule = rules[0]
    m = _WITHOUT.match(rule.condition or "")
    if rule.operator != "deny_action" or rule.params.get("values") or m is None:
        return rules, diagnostics
    adj = m["adj"].casefold()
    if adj in _NOT_STATES or not rule.target or not _adjective(adj):
        return rules, diagnostics
    if m["noun"].casefold() in _VALUES:
        return rules, diagnostics  # "without a pickup address": a value the call carries
    act = f"call `{rule.target.strip('`')}`" if _ID.fullmatch(rule.target) else rule.target
    said = f"Only {act} if the {m['noun']} is {m['adj']}."
    found, notes = read_as(sentence, said, read)
    if not any(r.operator == "state_condition" for r in found):
        return rules, diagnostics
    return found, notes

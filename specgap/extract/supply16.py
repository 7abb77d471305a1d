"""What a call must carry, said as a thing to give when acting (sixteenth session): "Always
give a reason when cancelling", "Include the amount whenever you refund a fee", "State a
reason each time you cancel an appointment".

No operator obliges a call, and the grammar read these as that obligation (a
`rule-not-compiled` note). They say what the act must not go without: the sentence is read
again as "Never cancel without a reason", whose condition the compiler binds to the argument
the noun names (`specgap.required16`: a `schema_contract` requiring it), or keeps, reviewed,
with its note.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none
from specgap.extract.order_events import gerund_verb
from specgap.operators.prose import USER

# the verbs of giving a value with the act (`carg8_bind` reads the ordering these may give)
SUPPLY_VERBS = (
    r"(?:give|include|provide|state|enter|record|pass|supply|specify|add|attach|fill\s+in)"
)
_SUPPLY = re.compile(
    r"^\W*(?:always\s+|you\s+must\s+(?:always\s+)?|please\s+)?"
    + SUPPLY_VERBS
    + r"\s+(?:a|an|the)\s+(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:when(?:ever)?|each\s+time|every\s+time)\s+(?:you\s+)?"
    r"(?P<act>[a-z]+)(?P<obj>(?:\s+[a-z][\w'-]*){0,3})\s*[.!]?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "Never <act> without a <noun>.", or None."""
    m = _SUPPLY.match(" ".join(text.split()))
    if m is None:
        return None
    act = m["act"].casefold()
    verb = gerund_verb(act) if act.endswith("ing") else act
    return f"Never {verb}{m['obj']} without a {m['np']}."


# who gives it: the user by any of the names policies call them (`USER`), or a pronoun
_PERSON = (
    r"(?:(?:the|a|an|your|our)\s+(?:[a-z]+\s+)?(?:" + USER + r"|rider|person|owner|driver)|they|he|"
    r"she|you)"
)
_GIVEN = r"(?:given|provided|supplied|entered|presented|shown|quoted|attached|included)"
_GIVES = r"(?:gives?|provides?|supplies|supply|enters?|presents?|shows?|quotes?|attach(?:es)?)"
_NP = r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
# "unless a promo code was given", "unless the member gives a promo code", "if no reason is
# provided": the act without the thing
_UNLESS_GIVEN = re.compile(
    r"\b(?:unless\s+(?:(?:a|an|the|their|its)\s+"
    + _NP
    + r"\s+(?:is|was|has\s+been|have\s+been|gets|got)\s+"
    + _GIVEN
    + r"|"
    + _PERSON
    + r"\s+"
    + _GIVES
    + r"\s+(?:a|an|the|their|its|his|her|your)\s+"
    + _NP.replace("np", "np2")
    + r")|if\s+no\s+"
    + _NP.replace("np", "np3")
    + r"\s+(?:is|was|has\s+been)\s+"
    + _GIVEN
    + r")(?=\s*(?:[.,;!]|$))",
    re.I,
)


def without_given(text: str) -> str | None:
    """The sentence with its "unless a X is given" said as "without a X" (see `_UNLESS_GIVEN`),
    or None when it has no such condition."""
    m = _UNLESS_GIVEN.search(text)
    if m is None:
        return None
    noun = m["np"] or m["np2"] or m["np3"]
    return f"{text[: m.start()]}without a {noun}{text[m.end() :]}"


# "Every treatment booking must include the guest's room number", "Damage reports require a
# photo": the act, named by its noun, and what it carries
_INCLUDES = re.compile(
    r"^\W*(?:(?:every|each|any|all|a|an|the)\s+)?(?P<act>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:must\s+(?:always\s+)?(?:include|contain|carry|state|specify|name|come\s+with|have|cite|give|"
    r"provide|quote|mention|record|list|show)|"
    r"(?:always\s+)?(?:requires?|needs?))\s+"
    r"(?P<np>(?:a|an|the|its|their)\s+(?:[a-z]+(?:'s|s')\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s*[.;!]?\s*$",
    re.I,
)


def carried_by_act(text: str) -> str | None:
    """ "Never <act> without <np>." for "Every <act's noun> must include <np>", or None when
    the subject names no act ("Every order" names a thing; "the form must have a date" too)."""
    from specgap.extract.english import lemmas
    from specgap.extract.nominals import nominal_act
    from specgap.extract.noun_counts import act_of
    from specgap.operators.prose import is_action_noun, singular

    m = _INCLUDES.match(" ".join(text.split()))
    if m is None:
        return None
    head = m["act"].split()[-1]
    act = act_of(m["act"])
    if act is None:
        return None
    act = act.casefold()
    derived = is_action_noun(head) or nominal_act(singular(head)) or head.endswith("ing")
    done_to = act.split()[1:]
    if not derived and not (
        done_to and all("NOUN" in lemmas(w) and "ADJ" not in lemmas(w) for w in done_to)
    ):
        return None  # "bigger projects need a permit": a thing, though "project" is a verb too
    verb, _, obj = act.partition(" ")
    # ("every refund": the act said alone, of whatever it is done to)
    return f"Never {verb} {'a ' + obj if obj else 'anything'} without {m['np']}."


# The sentence read as what its act must not go without (module docstring) when the first reading
# gave no rule.
reread = when_none(lambda text: respelt(text) or carried_by_act(text))

"""The argument a clause restricts to what the user said, read where the grammar's first
reader (`grammar_words.argument_of`) does not:

- the value is the verb's own object, when its head noun names a value (`origins.HEADS`):
  "only charge a card the owner named", "only refund the card that the client chose" (the
  object is the argument, `card`; the action is the verb with that object, never "charge
  card owner"); "only book visits the owner requested" acts on the visit, and is left alone;
- the value is said again as a pronoun: "only change the e-mail address to one the owner
  typed", "update the phone number only with one the caller gave" (the argument is the
  object);
- the person is any of the roles a value may come from (`value_people.PERSON`: the pet
  owner, the driver, the permit holder, ...), and the verb of saying any of typed, wrote,
  entered, shared, picked, said as well. "A time the patient confirmed" is not among them:
  a confirmation is the user's yes to an action (`require_confirmation`), not where a
  value comes from.

The person must be one whose words are in the conversation (a manager's or a supervisor's
are not, `value_people`); a value "the system returned" is no user's. Nothing here chooses
the tool's parameter: the phrase is bound at compile time (`specgap.resolve.arguments`),
or the rule is kept for review with `unknown-argument`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specgap.extract.pattern_base import singular
from specgap.extract.value_people import PERSON

_SAID = (
    r"(?:has\s+|had\s+|have\s+)?(?:explicitly\s+|actually\s+|already\s+|just\s+)?"
    r"(?:named|provided|gave|given|mentioned|specified|supplied|stated|chose|chosen|selected|"
    r"requested|asked\s+for|typed|wrote|written|entered|shared|picked|said|"
    r"dictated|submitted)\b"
)
_WHO = r"(?:that\s+|which\s+)?(?:the|their|his|her|your)\s+" + PERSON + r"s?\s+" + _SAID
_WORD = r"[a-z][\w-]*"
_SKIP = r"(?!(?:the|that|which|a|an|one|ones|any)\b)"
# "... with a reason the pet owner gave", "... to the address that the driver typed"
_BY_PREP = re.compile(
    r"\b(?:with|to|for|on|from|using|via)\s+(?:an?|the|any|a\s+single)?\s*"
    rf"(?P<arg>{_SKIP}{_WORD}(?:\s+{_SKIP}{_WORD})?)\s+" + _WHO,
    re.I,
)
# "... a card the owner named": the object itself (checked against the clause's object)
_BY_OBJECT = re.compile(
    rf"\b(?:an?|the|any|only\s+(?:an?|the))\s+(?P<arg>{_SKIP}{_WORD}(?:\s+{_SKIP}{_WORD})?)\s+"
    + _WHO,
    re.I,
)
# "... to one the owner typed": the object said again
_AGAIN = re.compile(
    r"\b(?:to|with|for|using)\s+(?:only\s+)?(?:one|the\s+one|ones|the\s+ones|those)\s+" + _WHO,
    re.I,
)


@dataclass(frozen=True)
class Given:
    """The argument phrase, and the clause's object as it should be (None: unchanged)."""

    argument: str
    object: str | None = None


def user_given(main: str, obj: str) -> Given | None:
    """The argument a clause says must be what the user said (module docstring), or None."""
    again = _AGAIN.search(main)
    if again is not None and _a_value(obj):
        return Given(_head(obj))
    by_prep = _BY_PREP.search(main)
    if by_prep is not None:
        return Given(_head(by_prep["arg"]))
    said = obj.casefold().split()
    for found in _BY_OBJECT.finditer(main):
        arg = found["arg"].casefold().split()
        if said[: len(arg)] == arg and _a_value(" ".join(arg)):
            # the clause's object ("card owner" was "a card the owner"), when it names a
            # value: "book a slot the patient chose" acts on the slot, no argument of it
            return Given(_head(" ".join(arg)), " ".join(arg))
    return None


def _a_value(phrase: str) -> bool:
    """The phrase's head noun names a datum (a card, an address, a reason, a date), not a
    thing the tools act on (an appointment, an order): `origins.HEADS`."""
    from specgap.extract.origins import HEADS

    said = phrase.casefold().split()
    return bool(said) and said[-1] in HEADS


def _head(phrase: str) -> str:
    """The argument phrase as the first reader gives it: its last word, singular; a two-word
    name ("e-mail address", "phone number") kept whole."""
    words = phrase.casefold().split()
    if len(words) == 2 and words[-1] in _NAMES:
        return f"{words[0]} {singular(words[1])}"
    return singular(words[-1])


# a word that names a value only with the word before it ("e-mail address", "phone number")
_NAMES = frozenset(
    {"address", "addresses", "number", "numbers", "name", "names", "id", "ids", "code", "codes",
     "date", "dates", "method", "methods", "reason", "reasons"}
)  # fmt: skip

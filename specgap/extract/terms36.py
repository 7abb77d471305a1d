"""A business's own terms and conditions given to the assistant that speaks for it (thirty-sixth
session): 'In these conditions "you" is the guest and "we" is the park; in this chat the park is
you, the assistant.' Then "we first find your guest record ...", "We can book only a pitch our
search has just offered you", "we never refund in cash", "we change it only once you agree".

The readers read rules said to the agent ("find ...", "never refund ...", "only book ...");
a "we" they leave alone, since in most prompts "we" is the business that wrote it ("we want
every refund checked"). Where the prompt says that its "we" is the assistant (a quoted "we"
defined in a sentence that names the assistant), each clause whose subject is "we" is said to
the agent, as `pledge31` says an "I" that is the assistant:

- "we will V", "we always V", "we first V", "we V" (a verb in its base form) are "V";
- "we never V", "we will not V", "we do not V", "we cannot V", "we can't V" are "never V";
- "we can only V", "we will only V", "we only V" are "only V"; "we can V only ..." is "V only
  ...";
- "us" is "you", "our" is "the".

The "you" of such conditions is the customer: where the prompt names the customer for it
('"you" is the guest'), "you" is said as that noun ("the guest"), "your" as "the guest's",
so that "after you have said yes" reads as the customer's yes. A "we" that only says what
can or cannot be done ("we can take ...") without "only" or a negation is a permission and is
left as it is. A prompt that does not say its "we" is the assistant is read as it stands.
"""

from __future__ import annotations

import functools
import re

from specgap.extract.english import base_verb
from specgap.extract.pledge31 import capitalised, practised
from specgap.operators.prose import inflections

__all__ = ["customer_noun", "respelt", "speaks_as_we"]

_Q = "[\"'\u201c\u201d\u2018\u2019]"
_ROLE = r"(?:assistant|agent|bot|chatbot|concierge|receptionist)"
# a sentence that defines the quoted "we" and names the assistant
_DEFINES_WE = re.compile(
    rf"[^.;\n]*{_Q}we{_Q}[^.\n]*\b{_ROLE}\b|[^.\n]*\b{_ROLE}\b[^.\n]*{_Q}we{_Q}", re.I
)
_YOU_ARE = re.compile(
    rf"{_Q}you{_Q}(?:\s+(?:and|or)\s+{_Q}your{_Q})?\s+(?:is|are|means|refers\s+to)\s+"
    r"(?:the|a|our)\s+(?P<noun>[a-z]+)\b",
    re.I,
)


@functools.lru_cache(maxsize=64)
def speaks_as_we(text: str) -> bool:
    """Whether the prompt says that its "we" is the assistant (module docstring)."""
    return _DEFINES_WE.search(text) is not None


@functools.lru_cache(maxsize=64)
def customer_noun(text: str) -> str | None:
    """The noun the prompt gives its "you" ('"you" is the guest': "guest"), or None."""
    m = _YOU_ARE.search(text)
    return m["noun"].casefold() if m is not None else None


# where a clause opens: the sentence's start (after a clause number), or after a semicolon,
# a colon, a comma (with "and", "but" or "then"), or a bare "and"
_OPEN = (
    r"(?P<lead>^\W*(?:\d+(?:\.\d+)*\s+)?|[;:]\s+|,\s+(?:and\s+|but\s+|then\s+)?|"
    r"\s+(?:and|but|then)\s+)"
)
_WE = r"[Ww]e"
_NEVER = re.compile(
    _OPEN + _WE + r"\s+(?:will\s+not|won't|won\u2019t|will\s+never|shall\s+not|never|do\s+not|"
    r"don't|don\u2019t|cannot|can\s+not|can't|can\u2019t|may\s+not|are\s+not\s+able\s+to)\s+"
    r"(?:ever\s+)?(?=[a-z])"
)
_ONLY = re.compile(_OPEN + _WE + r"\s+(?:will\s+|can\s+|may\s+)?only\s+(?=[a-z])")
# "we can book only a pitch ...": the act, then its "only"
_CAN_ONLY = re.compile(_OPEN + _WE + r"\s+(?:can|may|will)\s+(?=[a-z]+\s+only\b)")
_WILL = re.compile(_OPEN + _WE + r"\s+(?:will|shall|must)\s+(?P<adv>always\s+|first\s+)?(?=[a-z])")
_ADVERB = re.compile(_OPEN + _WE + r"\s+(?P<adv>always|first|then|also)\s+(?=[a-z])")
_PRACTICE = re.compile(_OPEN + _WE + r"\s+(?P<verb>[a-z]+)\b")
_NO_PRACTICE = frozenset(
    {"be", "have", "do", "need", "want", "know", "think", "see", "hope", "mean", "can", "may",
     "are", "were", "reserve", "aim", "try", "like", "love", "welcome", "ask"}
)  # fmt: skip
_US = re.compile(r"(?<![\w'])us\b")
_OUR = re.compile(r"(?<![\w'])[Oo]ur\b")
# "you" and the verb after it, which agrees with the noun said in its place
_YOU = re.compile(
    r"(?<![\w'])[Yy]ou(?![\w'])(?:\s+(?P<adv>already|still|also|then|now)\b)?(?:\s+(?P<v>[a-z]+)\b)?"
)
# a "we" later in a clause: the agent ("before we open ...": "before you open ...")
_LATER_WE = re.compile(r"(?<![\w'\"\u201c\u2018])we\b(?![\"\u201d\u2019])")
_YOUR = re.compile(r"(?<![\w'])[Yy]our(?![\w'])")


def respelt(speech: str, text: str) -> str | None:
    """`text` said to the agent when the prompt `speech` says its "we" is the assistant and
    a clause of the text has "we" as its subject (module docstring), else None."""
    if not speaks_as_we(speech) or not re.search(r"\b[Ww]e\b", text):
        return None
    said = _NEVER.sub(lambda m: m["lead"] + _cap(m["lead"], "never "), text)
    said = _ONLY.sub(lambda m: m["lead"] + _cap(m["lead"], "only "), said)
    said = _CAN_ONLY.sub(lambda m: m["lead"], said)
    said = _WILL.sub(lambda m: m["lead"] + (m["adv"] or ""), said)
    said = _ADVERB.sub(lambda m: m["lead"] + m["adv"] + " ", said)
    said = _PRACTICE.sub(lambda m: practised(m, _NO_PRACTICE), said)
    if said == text:
        return None  # no clause of the line is the assistant's act
    noun = customer_noun(speech)
    said = _US.sub("you", said) if noun is None else said
    said = _OUR.sub(lambda m: "The" if m[0][0] == "O" else "the", said)
    if noun is not None:
        said = _YOUR.sub(f"the {noun}'s", said)
        said = _YOU.sub(functools.partial(_agreeing, noun), said)
        said = _US.sub("you", said)
    said = _LATER_WE.sub("you", said)
    return capitalised(said)


def _agreeing(noun: str, m: re.Match[str]) -> str:
    """ "the <noun>" for "you", and the present verb after it in the third person ("you
    agree": "the guest agrees", "you have": "the guest has")."""
    said = f"the {noun}" + (f" {m['adv']}" if m["adv"] else "")
    verb = m["v"]
    if verb is None:
        return said
    if verb == "have":
        return f"{said} has"
    if verb == "are":
        return f"{said} is"
    if verb in _NO_AGREEMENT or not base_verb(verb):
        return f"{said} {verb}"  # "you can", "you used", "you, the guest"
    forms = inflections(verb, "VBZ")
    return f"{said} {forms[0] if forms else verb}"


_NO_AGREEMENT = frozenset({"can", "may", "must", "will", "shall", "should", "would", "could"})


def _cap(lead: str, word: str) -> str:
    return word.capitalize() if not lead.strip(" ") or lead.strip()[-1:].isdigit() else word

"""A prompt in which the assistant speaks of itself in the first person (thirty-first session):
"I am the booking assistant ...", then "I will read the visit with `t` before I move it", "I
won't refund in cash", "I call `t` only once they have said yes".

The readers read rules said to the agent ("read ...", "never refund ...", "you must ...");
an "I" they leave alone, since in most prompts "I" is the one who wrote it ("I want every
refund checked"). Where the prompt says that "I" is the assistant itself (`speaks_as_agent`:
"I am the ... assistant", "my promises as the ... agent"), each of its clauses said in the
first person is said to the agent instead: "I will V" and "I always V" are "V", "I won't V"
(and "I will not", "I will never", "I never", "I do not") is "never V", "I will only V" is "only
V", "I V" (a verb in its base form: a practice) is "V"; an "I" later in a clause ("before I
move it", "has offered me") is "you". Nothing else is changed, and a prompt that does not
say "I" is the assistant is read as it stands.
"""

from __future__ import annotations

import functools
import re

from specgap.extract.english import base_verb

# the prompt's speaker is the assistant: "I am the assistant on ...", "I'm Sam, the shop's
# booking agent", "my promises as the booking assistant"
_ROLE = r"(?:assistant|agent|bot|chatbot|concierge|receptionist|helper|adviser|advisor)"
_SPEAKS = re.compile(
    r"\bI(?:\s+am|'m|\u2019m)\s+(?:[\w'\u2019,-]+\s+){0,6}?" + _ROLE + r"\b"
    r"|\bmy\s+(?:[\w-]+\s+){1,3}as\s+(?:the|your|an?)\s+(?:[\w-]+\s+){0,3}?" + _ROLE + r"\b",
    re.I,
)


@functools.lru_cache(maxsize=64)
def speaks_as_agent(text: str) -> bool:
    """Whether the prompt says that its "I" is the assistant (module docstring)."""
    return _SPEAKS.search(text) is not None


# where a clause opens: the sentence's start (after a bullet), or after a semicolon, a colon,
# a comma with "and", "but" or "then", or a bare "and"
_OPEN = r"(?P<lead>^\W*|[;:]\s+|,\s+(?:and\s+|but\s+|then\s+)?|\s+(?:and|but|then)\s+)"
_NEVER = re.compile(
    _OPEN + r"I\s+(?:will\s+not|won't|won\u2019t|will\s+never|shall\s+not|never|do\s+not|"
    r"don't|don\u2019t)\s+(?=[a-z])"
)
_ONLY = re.compile(_OPEN + r"I\s+(?:will\s+)?only\s+(?=[a-z])")
_WILL = re.compile(_OPEN + r"I\s+(?:will|shall)\s+(?:always\s+)?(?=[a-z])")
_ALWAYS = re.compile(_OPEN + r"I\s+always\s+(?=[a-z])")
_PRACTICE = re.compile(_OPEN + r"I\s+(?P<verb>[a-z]+)\b")
# verbs whose first-person present says what the speaker is, has or knows, not what it does
_NO_PRACTICE = frozenset(
    {"be", "have", "do", "need", "want", "know", "think", "see", "hope", "mean"}
)
# "I am", "I was": the copula said to the agent
_COPULA_I = re.compile(r"(?<![\w'])I\s+(?:am|was)\b|(?<![\w'])I['\u2019]m\b")
_COPULA = {"am": "you are", "was": "you were", "i'm": "you're", "i\u2019m": "you're"}
# an "I" or "me" later in a clause: the agent addressed ("before I move it": "before you ...")
_LATER_I = re.compile(r"(?<![\w'])(?:I(?=\s+[a-z])|me\b)(?!['\u2019])")


def respelt(speech: str, text: str) -> str | None:
    """`text` said to the agent when the prompt `speech` speaks as the assistant and the
    text says "I" (module docstring), else None."""
    if not speaks_as_agent(speech) or not re.search(r"\bI\b", text):
        return None
    said = _NEVER.sub(
        lambda m: m["lead"] + ("Never " if not m["lead"].strip(" ") else "never "), text
    )
    said = _ONLY.sub(lambda m: m["lead"] + ("Only " if not m["lead"].strip(" ") else "only "), said)
    said = _WILL.sub(lambda m: m["lead"], said)
    said = _ALWAYS.sub(lambda m: m["lead"] + "always ", said)
    said = _PRACTICE.sub(lambda m: practised(m, _NO_PRACTICE), said)
    if said == text:
        return None  # no clause of the line is the agent's act ("I am the assistant")
    said = _COPULA_I.sub(lambda m: _COPULA[m[0].casefold().split()[-1]], said)
    return capitalised(_LATER_I.sub("you", said))


def practised(m: re.Match[str], not_practices: frozenset[str]) -> str:
    """A clause "<lead> <subject> <verb>" said to the agent, "<lead> <verb>", when the verb is
    one in its base form that says what the speaker does (not one of `not_practices`)."""
    verb = m["verb"]
    if verb in not_practices or not base_verb(verb):
        return m[0]
    return m["lead"] + verb


def capitalised(text: str) -> str:
    """The sentence with its first letter in upper case (a bullet or mark kept before it)."""
    m = re.search(r"[A-Za-z]", text)
    if m is None:
        return text
    at = m.start()
    return text[:at] + text[at].upper() + text[at + 1 :]

"""An argument said as the subject of its own limit (thirty-seventh session): "`timeout_seconds`
stays at 90 or below", "Set max_kwh between 5 and 80", "reset_type hard is never sent from the
chat", "the priority is never urgent" (said of an argument by its name).

The readers read a limit on an argument said as the agent's act ("Keep `max_kwh` between 5 and
80", "Never set `reset_type` to hard"). An argument named by its id (snake_case or in backticks)
that stays, remains or is kept within a bound is said so ("Keep X <bound>"); "Set X between / at
most ..." is the same ("Keep X ..."); a value of it that is never sent, used, passed, set or
given, or an argument that "is never" a value, is a value the agent never sets ("Never set X to
V"); "X must be (from) 1 to 5" is "X must be between 1 and 5" (a description's own form too).
"from the chat" / "in this conversation" after such a ban says where the call is made, no
condition. Nothing else is changed.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma

__all__ = ["respelt"]

_ARG = r"(?:`[a-z][a-z0-9]*(?:_[a-z0-9]+)*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)"
_BOUND = (
    r"(?:between\s|within\s|at\s+most\s|at\s+least\s|no\s+(?:more|less|higher|lower)\s+than\s|"
    r"under\s|below\s|above\s|over\s|from\s+\d|at\s+\d[\d.,]*\s+or\s+(?:less|more|below|above|"
    r"under|over|fewer)\b|to\s+(?:at\s+most|at\s+least|no\s+more\s+than)\s)"
)
_STAYS = re.compile(
    rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ARG})\s+(?:always\s+)?(?:stays|remains|is\s+kept|"
    r"(?:must|should|has\s+to|needs\s+to)\s+(?:stay|remain|be\s+kept))\s+"
    rf"(?P<bound>{_BOUND}.*)$",
    re.I,
)
_SET = re.compile(rf"^(?P<lead>\W*)(?:set|give)\s+(?P<arg>{_ARG})\s+(?P<bound>{_BOUND}.*)$", re.I)
_VALUE = r"(?:`[^`\s]{1,40}`|[a-z][a-z0-9_-]{0,39})"
_NEVER_SENT = re.compile(
    rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ARG})\s+(?P<v>{_VALUE})\s+is\s+never\s+"
    r"(?:sent|used|passed|set|given|chosen|requested)(?P<rest>.*)$",
    re.I,
)
_NEVER_IS = re.compile(
    rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ARG})\s+is\s+never\s+(?P<v>{_VALUE})(?P<rest>\W*)$",
    re.I,
)
_WHERE = re.compile(
    r"^\s+(?:from|in|during)\s+(?:the|this|a)\s+(?:chat|conversation|session)\b", re.I
)


# "hours must be from 1 to 5", "`nights` has to be 1-3": a range said with "to" after "be"
_FROM_TO = re.compile(
    r"^(?P<lead>\W*)(?:the\s+)?(?P<arg>`[a-z][\w]*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s+"
    r"(?:must|has\s+to|should|needs\s+to|shall)\s+be\s+(?:from\s+)?(?P<a>\d[\d.,]*)\s*"
    r"(?:to|-|\u2013)\s*(?P<b>\d[\d.,]*)\b(?P<rest>.*)$",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence said as the agent's act on the argument (module docstring), or None."""
    ranged = _FROM_TO.match(text)
    if ranged is not None:
        lead, arg, rest = ranged["lead"], ranged["arg"], ranged["rest"]
        return f"{lead}{arg} must be between {ranged['a']} and {ranged['b']}{rest}"
    m = _STAYS.match(text) or _SET.match(text)
    if m is not None:
        bound = re.sub(r"^to\s+", "", m["bound"], flags=re.I)
        return f"{m['lead']}Keep {m['arg']} {bound}"
    m = _NEVER_SENT.match(text) or _NEVER_IS.match(text)
    if m is None or m["v"].casefold() in _NOT_VALUES:
        return None
    value = m["v"].strip("`").casefold()
    if (verb := verb_lemma(value)) is not None and verb != value:
        return None  # "`wipe_account` is never called": an act, no value
    rest = m["rest"]
    where = _WHERE.match(rest)
    if where is not None:
        rest = rest[where.end() :]
    return f"{m['lead']}Never set {m['arg']} to {m['v']}{rest}"


# words after "X is never" that say no value of it ("is never empty", "is never changed")
_NOT_VALUES = frozenset(
    {"empty", "blank", "null", "none", "missing", "changed", "altered", "guessed", "invented",
     "reused", "shared", "shown", "logged", "stored", "the", "a", "an", "more", "less", "above",
     "below", "over", "under", "higher", "lower", "zero"}
)  # fmt: skip

"""Counts of calls said over the whole conversation, and counts of tries.

- "at most three `renew_permit` calls may be placed during a single chat", "up to 2 voucher
  requests per conversation": the action is the tool the words name (`renew_permit`) or the
  act of the noun ("voucher requests": request voucher); the count is per trace;
- "a glaze refill may be attempted at most three times", "tray reservations can be tried no
  more than twice": the act of the subject, per trace;
- "send at most two studio notes within a single conversation", "book no more than three
  firings per chat": a verb and the things it acts on one of per call (`call_nouns`: a tool
  named for the thing, or taking one of it by id; never a thing some tool takes as a number or list,
  "at most 4 seats" in one call);
- "when a member fails verification twice, they may not be verified a third time": the act
  tried, at most the failures counted (the try after them is the one banned);
- "two glaze refills per firing - no exceptions", "only one swap per student, without
  exception": a bare count made a rule by what follows it, read as "no more than two glaze
  refills per firing" (`noun_counts`; "one refund per firing." alone states no limit).

A conversation, a chat or a session is the trace itself, so these counts have no `per`. A
span of time ("per day") or an entity is read by `noun_counts`, never here.
"""

from __future__ import annotations

import re

from specgap.extract.call_nouns import one_per_call
from specgap.extract.english import verb_lemma
from specgap.extract.grammar_emit import Emit
from specgap.extract.noun_counts import act_of, noun_count
from specgap.operators.prose import NUMBER_WORDS, is_toolish, lemma, singular

_N = r"(?:\d+|" + "|".join(NUMBER_WORDS) + r")"
_WHOLE = r"(?:conversation|chat|session|interaction|dialogue|call)"
_IN_ONE = (
    r"(?:in|per|during|within|for)\s+(?:(?:one|a|an|the|each|every|any|a\s+single|one\s+single|"
    r"the\s+same)\s+)?" + _WHOLE + r"\b"
)
_LIMIT = r"(?:no\s+more\s+than|not\s+more\s+than|at\s+most|a\s+maximum\s+of|up\s+to|only)"
_KINDS = r"(?:requests?|calls?|invocations?|submissions?|attempts?|tries)"
_MADE = (
    r"(?:\s+(?:are|is|may\s+be|can\s+be|should\s+be|will\s+be|get|are\s+to\s+be)\s+(?:ever\s+)?"
    r"(?:made|sent|placed|filed|issued|submitted|allowed|permitted|run|raised|lodged))?"
)
# at most three `t` calls may be placed during a single chat
_PER_TRACE = re.compile(
    r"^\W*(?:(?:there\s+(?:may|can)\s+be|allow|make|send|file|submit|place)\s+)?"
    + _LIMIT
    + r"\s+(?P<n>"
    + _N
    + r")\s+(?P<what>`[^`]+`|[A-Za-z][\w.\-]*(?:\s+[A-Za-z][\w.\-]*){0,2}?)\s+(?P<kind>"
    + _KINDS
    + r")"
    + _MADE
    + r"\s+"
    + _IN_ONE
    + r"\s*(?:[.;,]|$)",
    re.I,
)
# send at most two studio notes within a single conversation
_VERB_TRACE = re.compile(
    r"\b(?P<verb>[a-z]+)\s+" + _LIMIT + r"\s+(?P<n>" + _N + r")\s+(?:such\s+|more\s+)?"
    r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+" + _IN_ONE + r"\s*(?:[.;,]|$|(?=and\s|but\s))",
    re.I,
)
# X may be tried twice at most / can be attempted at most three times
_TRIED = re.compile(
    r"^\W*(?:(?:the|a|an|each|any)\s+)?(?P<what>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,2}?)\s+"
    r"(?:may|can|should|is\s+to|are\s+to)\s+(?:only\s+)?be\s+(?:tried|attempted|retried)\s+"
    r"(?:(?:at\s+most|no\s+more\s+than|up\s+to|only)\s+)?(?P<n>once|twice|thrice|"
    + _N
    + r"\s+times)(?:\s+at\s+most)?"
    r"(?:\s+" + _IN_ONE + r")?\s*(?:[.;,]|$)",
    re.I,
)
# when someone fails X twice, they may not be verified / attempted a third time
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_FAILED = re.compile(
    r"\bfails?\s+(?P<what>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)\s+(?P<n>twice|thrice|"
    + _N
    + r"\s+times)\b(?:\s+"
    + _IN_ONE
    + r")?[^.;]*?\b(?:must|may|should|shall|can|will)\s*(?:not|never|n't)\s+(?:be\s+)?"
    r"(?:tried|attempted|retried|verified|checked|try|attempt|retry)\s+(?:(?:it|them|again)\s+)?"
    r"(?:for\s+)?an?\s+(?P<ord>" + "|".join(_ORDINALS) + r")\s+time\b",
    re.I,
)


def _count(raw: str) -> int | None:
    word = raw.casefold().removesuffix(" times").strip()
    word = {"once": "1", "twice": "2", "thrice": "3"}.get(word, word)
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def _act(what: str, kind: str) -> str | None:
    """The action `what` names: a tool id as it is; "refill" with "requests" is the act of
    requesting a refill; else the act the noun names ("verification", "PIN reset")."""
    what = what.strip().strip("`")
    if is_toolish(what):
        return what
    if kind.casefold().startswith("request"):
        return f"request {what}"
    return act_of(what)


# two glaze refills per firing - no exceptions
_NO_EXCEPTIONS = re.compile(
    r"^\W*(?:only\s+)?(?P<count>(?:"
    + _N
    + r")\s+[a-z][\w\s-]*?\s+per\s+[a-z][\w-]*)\s*[,;:\-—–]\s*"
    r"(?:no\s+exceptions?|without\s+(?:any\s+)?exceptions?|never\s+more|no\s+more)\W*$",
    re.I,
)


def counted_calls(clean: str) -> Emit | None:
    """`max_calls` over the whole conversation or over tries (module docstring); None for a
    sentence of none of these shapes."""
    if (bare := _NO_EXCEPTIONS.match(clean)) is not None:
        return noun_count(f"No more than {bare['count']}.")
    m = _PER_TRACE.search(clean)
    if m is not None:
        count, action = _count(m["n"]), _act(m["what"], m["kind"])
    elif (m := _VERB_TRACE.search(clean)) is not None:
        count, action = _count(m["n"]), _verb_act(m["verb"], m["what"])
    elif (m := _TRIED.search(clean)) is not None:
        count, action = _count(m["n"]), act_of(m["what"])
    elif (m := _FAILED.search(clean)) is not None:
        failures, banned = _count(m["n"]), _ORDINALS[m["ord"].casefold()]
        # "fails twice ... not a third time": two tries in all (a mismatch reads nothing)
        count = failures if failures is not None and banned == failures + 1 else None
        action = act_of(m["what"])
    else:
        return None
    if count is None or count < 1 or action is None:
        return None
    return Emit("max_calls", action, {"max": count}, 0.7)


def _verb_act(verb: str, what: str) -> str | None:
    """`send` + `studio notes` -> `send studio note`, when the verb is one of the agent's
    tools' and each call acts on one such thing; else None."""
    from specgap.extract.grammar_words import current_tool_verbs

    said = verb_lemma(verb) or lemma(verb.casefold())
    *rest, head = what.casefold().split()
    if said not in current_tool_verbs() or not one_per_call(head):
        return None
    return " ".join([said, *rest, singular(head)])

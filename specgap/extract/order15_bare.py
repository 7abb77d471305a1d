"""Orderings whose later action is said by its verb alone (fifteenth session): "before
booking, find the member with `findMember`", "always look the member up before you book for
them", "you must have called `get_item` before you lend it out".

The event of "before" names the later action. When it is a bare gerund ("booking"), or a
subject and a verb whose object is a pronoun, "anything" or a person ("you lend it out",
"you book for them"), the action is the verb itself: the resolver maps `book` to the tool
that books, or reports a tie or an unresolved mention. The event's object is not borrowed
from the other action here ("find the member ... before booking" books no member), and a
verb that names no call ("before answering", "before you leave") gives nothing.

`named_tool` tells a main clause whose action is a tool id said after "with" or "using" ("look
them up with `findMember`"): its pronoun object does not stop the reading, the id is the
action.
"""

from __future__ import annotations

import re

from specgap.extract.allow15_objects import LISTED
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS, only_a_tool_verb
from specgap.extract.order_events import gerund_verb, nominal_action
from specgap.extract.pattern_base import CALL_VERBS, is_action_noun, singular
from specgap.operators.prose import is_toolish

_PRONOUN = r"(?:it|them|him|her|one|anything|something|anyone|someone|anybody|somebody)"
_PERSON = r"(?:them|him|her|anyone|someone|(?:a|an|the|any|that|this)\s+[a-z]+)"
_BARE = re.compile(
    r"^(?:(?P<who>you|we|they|the\s+agent|the\s+assistant)\s+(?:have\s+|'ve\s+|can\s+)?)?"
    rf"(?P<verb>[a-z]+(?:(?:\s*,\s*|\s+(?:or|and|and/or)\s+|,\s*(?:or|and)\s+)[a-z]+)*)"
    rf"(?:\s+{_PRONOUN})?(?:\s+(?:up|out|in|off|over|back|down|on))?"
    rf"(?:\s+(?:for|to|from|with|on\s+behalf\s+of)\s+{_PERSON})?$",
    re.I,
)
# verbs of talking, moving on or ending: no tool call, whatever the tools are named
_NO_CALL = frozenset(
    {"answer", "respond", "reply", "proceed", "continue", "start", "begin", "finish", "end",
     "leave", "go", "act", "do", "help", "assist", "talk", "speak", "chat", "say", "tell",
     "explain", "greet", "wait", "stop", "hang", "close", "decide", "think", "open"}
)  # fmt: skip


def bare_verbs(event: str) -> list[str]:
    """The verbs an event says its actions by, without an object of their own ("you book,
    register or order anything": each), or [] when one of them names no call."""
    m = _BARE.match(" ".join(event.replace("’", "'").split()).strip(" .,;:"))
    if m is None:
        return []
    verbs = []
    for word in LISTED.split(m["verb"].casefold()):
        if word.endswith("ing") and len(word) > 4 and m["who"] is None:
            verb = gerund_verb(word)
        elif m["who"] is not None and not word.endswith("ing"):
            verb = word
        else:
            return []
        if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS | CALL_VERBS | _NO_CALL:
            return []
        verbs.append(verb)
    return list(dict.fromkeys(verbs))


def named_tool(action: str | None) -> bool:
    """Whether an action is a tool's id (`find_member`, `findMember`, `tickets.Book`)."""
    return action is not None and is_toolish(action.strip("`"))


_UNLESS = re.compile(r"\bunless\s+(?P<event>[^,;.]+(?:\.[A-Za-z][^,;.]*)*)", re.I)
# a call that has happened: "has (first) been found with `t`", "you have called `t`", "`t` has
# returned", "was found with `t` first"
_DONE = re.compile(
    r"\b(?:has|have|had)\s+(?:first\s+|already\s+|successfully\s+)?(?:been\s+)?[a-z]+(?:ed|en|nd|ad|"
    r"ne|un)\b|\b(?:was|were)\s+(?:first\s+)?[a-z]+(?:ed|en|nd|ad)\b.*\bfirst\b",
    re.I,
)


def unless_called(text: str) -> str:
    """`text` with an "unless" that says a tool's call has happened read as "until": "no
    ticket is cancelled unless the passenger has first been found with `t`" orders `t` before
    the cancel. Any other "unless" (a state, a yes, a value) is left as it is."""
    m = _UNLESS.search(text)
    if m is None or _DONE.search(m["event"]) is None:
        return text
    if not any(named_tool(w.strip("`().")) for w in m["event"].split()):
        return text
    return f"{text[: m.start()]}until{text[m.start() + len('unless') :]}"


def noun_verb(noun: str) -> str | None:
    """The action verb a noun names: "refunds", "cancellation": cancel, "rental": rent,
    "renewal": renew, and a verb the agent's own tools are named by used as a noun
    ("reprints": `reprint_job`'s reprint); None for a thing ("lesson", "books")."""
    noun = singular(noun.casefold())
    verb = nominal_action(noun)
    if verb is None and noun.endswith("al"):  # "rental", "renewal", "approval", "removal"
        verb = next((v for v in (noun[:-2], noun[:-2] + "e") if v in IMPERATIVE_VERBS), None)
    if verb is None and (
        only_a_tool_verb(noun) or (noun in IMPERATIVE_VERBS and is_action_noun(noun))
    ):
        verb = noun
    if verb is None or " " in verb or verb not in IMPERATIVE_VERBS:
        return None
    return verb

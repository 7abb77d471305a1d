"""A count said without a verb (twenty-fourth session): "Two texts per job, no more.",
"three texts per conversation is the limit", "No more than four emails to a client in one
conversation", "The limit is two holds per conversation".

The count readers read a count with its act ("send at most two texts per job"); with no
verb, the noun was read as an argument of some tool ("texts" of the nearest tool,
ambiguous), or nothing was read. Such a line counts the acts the noun names (an action noun,
"refunds", a verb a tool is named by, "holds" with `unit_hold`, or a thing sent, "texts";
"max 6 climbers per booking" is a number of things, an argument's bound), per the entity it
says: it is said again as "Send at most N texts <per ...>" or "Refund at most N times <per
...>", which the count readers read, and the act resolves to its tool like any mention (a tie
stays ambiguous, never a guess). A count with no word that limits it ("Two texts per job.")
states no limit and is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.noact_words import act
from specgap.extract.pattern_base import is_action_noun, sending, singular

__all__ = ["respelt"]


_NUMBER = r"(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)"
_LIMIT = r"(?:at\s+most|no\s+more\s+than|up\s+to|max(?:imum)?|not\s+more\s+than)"
_COUNT = re.compile(
    rf"^(?P<lead>\W*)(?:(?P<most>{_LIMIT})\s+)?{_NUMBER}\s+(?P<noun>[a-z]+s)\s+"
    # "four emails to a client in one conversation": whom they go to, said between
    r"(?:(?:to|for)\s+(?:a|an|the|each|any|one|their)\s+[a-z]+\s+)?"
    r"(?P<per>(?:per|each|every|in\s+(?:a|one|each|any|the\s+same))\s+[a-z]+)"
    r"(?P<tail>\s*,\s*(?:and\s+)?no\s+more|\s*,?\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|tops)|\s+is\s+"
    r"(?:the\s+)?(?:limit|maximum|cap|most)|\s*,\s*(?:and\s+)?(?:never|not)\s+more)?"
    r"(?P<end>\s*(?:[.;!,].*)?)$",
    re.I,
)


_LIMIT_IS = re.compile(r"^(?P<lead>\W*)(?:the\s+|our\s+)?(?:limit|maximum|cap)\s+is\s+", re.I)


def respelt(text: str) -> str | None:
    """ "Send at most N <nouns> <per ...>" / "<Act> at most N times <per ...>" for a verbless
    count that is limited (a limit word before it or after it), else None."""
    lead = _LIMIT_IS.match(text)  # "The limit is two holds per conversation."
    m = _COUNT.match(f"{lead['lead']}at most {text[lead.end() :]}" if lead else text)
    if m is None or not (m["most"] or m["tail"]):
        return None
    said = singular(m["noun"].casefold())
    n = "one" if m["n"].casefold().startswith("a") else m["n"]
    if sending(said) is not None:  # "four emails ...": sending them
        return f"{m['lead']}Send at most {n} {m['noun']} {m['per']}{m['end']}"
    # "two holds per conversation": a verb a tool is named by (`unit_hold`), said as a noun
    verb = said if said in current_tool_verbs() else None
    verb = verb or (act(m["noun"]) if is_action_noun(said) else None)
    if verb is None:
        return None  # "max 6 climbers per booking": a number of things, an argument's bound
    return f"{m['lead']}{verb.capitalize()} at most {n} times {m['per']}{m['end']}"

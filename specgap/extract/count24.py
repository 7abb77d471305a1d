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

A count said of the thing acted on, in the present (thirty-fifth session): "A booking moves
once", "An order is changed twice": in a policy this is how often it may happen to one of
them (a count that says its limit, "... twice at most", is read as it stands), said as "A
booking can be moved at most once", which the count readers read (per that entity). The
verb must be an act of a tool (one a tool is named by, a verb of change, or an action verb
the grammar knows), in the third person or as a participle after "is".
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_words import IMPERATIVE_VERBS, current_tool_verbs
from specgap.extract.noact_words import CHANGES, act, participle
from specgap.extract.pattern_base import is_action_noun, sending, singular
from specgap.extract.people import PERSON

__all__ = ["entity_count", "person_count", "respelt"]


_NUMBER = r"(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)"
_LIMIT = r"(?:at\s+most|no\s+more\s+than|up\s+to|max(?:imum)?|not\s+more\s+than)"
_COUNT = re.compile(
    rf"^(?P<lead>\W*)(?:(?P<most>{_LIMIT})\s+)?{_NUMBER}\s+(?:(?P<mod>[a-z]+)\s+)?(?P<noun>[a-z]+s)\s+"
    # "four emails to a client in one conversation": whom they go to, said between
    r"(?:(?:to|for)\s+(?:a|an|the|each|any|one|their)\s+[a-z]+\s+)?"
    r"(?P<per>(?:per|each|every|in\s+(?:a|one|each|any|the\s+same))\s+[a-z]+)"
    r"(?P<tail>\s*,\s*(?:and\s+)?no\s+more|\s*,?\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|tops)|\s+is\s+"
    r"(?:the\s+)?(?:limit|maximum|cap|most)|\s*,\s*(?:and\s+)?(?:never|not)\s+more)?"
    r"(?P<end>\s*(?:[.;!,].*)?)$",
    re.I,
)


# the tries of a thing: "two identity attempts" are two calls of the identity tool
_TRIES = frozenset({"attempt", "try", "go", "run", "call", "use"})
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
    mod = m["mod"]
    if mod and said in _TRIES:  # "two identity attempts": calls of the tool that word names
        return f"{m['lead']}Use the {mod} tool at most {n} times {m['per']}{m['end']}"
    verb = act(m["noun"]) if mod else None
    if verb and (is_action_noun(said) or verb in current_tool_verbs() or verb in IMPERATIVE_VERBS):
        # "two identity checks per chat": checking the identity
        return f"{m['lead']}{verb.capitalize()} the {mod} at most {n} times {m['per']}{m['end']}"
    if mod:
        return None  # "two adult tickets per booking": things, an argument's bound
    if said in _TRIES:  # "Two attempts per conversation at most.": the described tool's calls
        return f"{m['lead']}At most {n} {m['noun']} {m['per']}{m['end']}"
    if sending(said) is not None:  # "four emails ...": sending them
        return f"{m['lead']}Send at most {n} {m['noun']} {m['per']}{m['end']}"
    # "two holds per conversation": a verb a tool is named by (`unit_hold`), said as a noun
    verb = said if said in current_tool_verbs() else None
    verb = verb or (act(m["noun"]) if is_action_noun(said) else None)
    if verb is None:
        return None  # "max 6 climbers per booking": a number of things, an argument's bound
    return f"{m['lead']}{verb.capitalize()} at most {n} times {m['per']}{m['end']}"


_ENTITY_COUNT = re.compile(
    r"^(?P<lead>\W*)(?P<det>an?|each|every|any|one)\s+(?P<noun>[a-z][\w-]*)\s+(?:(?:is|gets)\s+"
    r"(?P<part>[a-z]+)|(?P<v>[a-z]+s))\s+(?P<count>once|twice|(?:one|two|three|four|five|\d{1,2})"
    r"\s+times)(?P<end>\s*(?:[.;!,].*)?)$",
    re.I | re.S,
)


def entity_count(text: str) -> str | None:
    """ "A booking can be moved at most once" for "A booking moves once" (module docstring),
    else None."""
    m = _ENTITY_COUNT.match(text)
    if m is None:
        return None
    said = (m["part"] or m["v"]).casefold()
    verb = verb_lemma(said)
    if verb is None or verb == said:
        return None
    if verb not in current_tool_verbs() and verb not in CHANGES and verb not in IMPERATIVE_VERBS:
        return None  # "a paddler paddles once": no act of a tool
    done = participle(verb)
    if done is None or (m["part"] and done != said):
        return None  # "is paid" of "pay": the participle said must be the verb's own
    return f"{m['lead']}{m['det']} {m['noun']} can be {done} at most {m['count']}{m['end']}"


# "One reader gets at most two seat bookings in a single conversation", "A reader places no
# more than three orders in one chat": how often a person may have an act done
_PERSON_COUNT = re.compile(
    rf"^(?P<lead>\W*)(?P<det>an?|one|each|every|any|the)\s+(?P<who>[a-z]+)\s+(?P<v>[a-z]+)\s+"
    # (one of them, said in the singular: "one repair at most")
    rf"(?:(?P<most>{_LIMIT})\s+)?{_NUMBER}\s+(?:(?P<mod>[a-z]+)\s+)?(?P<noun>[a-z]+s|(?<=one\s)[a-z]+)"
    r"(?P<rest>\s+(?:in|during|within|per|a|each)\s+[^.;]*?)?"
    # "A chat creates two bookings at most": the limit said after the count
    r"(?P<post>\s*,?\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|tops))?(?P<end>\s*[.;!]?\s*)$",
    re.I,
)
# a conversation, not a person: its count is the whole trace's
_SCOPES = frozenset({"chat", "conversation", "session", "thread", "interaction"})
# verbs by which a person is given an act's result ("gets two bookings"): the noun names the act
_GIVEN = frozenset({"get", "have", "receive", "hold", "take"})


def person_count(text: str) -> str | None:
    """ "<Act> <the thing> at most N times [per <person>] <span>" for a person's limited count
    of acts (the noun an action noun, or the verb the act: "places three orders"), which the
    count readers read; None for any other sentence. One person ("one reader", "each member")
    makes the count per that person."""
    m = _PERSON_COUNT.match(text)
    if m is None or not (m["most"] or m["post"]):
        return None
    verb = verb_lemma(m["v"].casefold()) or m["v"].casefold()
    n = "one" if m["n"].casefold().startswith("a") else m["n"]
    scope = m["who"].casefold() in _SCOPES  # "a chat creates ...": the conversation's count
    each = m["det"].casefold() in {"one", "each", "every"}
    # "a job takes one deposit at most": a thing's count is per that thing, said with "a"
    # too; a person's ("a reader places ...") is the one person a conversation serves
    a_thing = re.fullmatch(PERSON, m["who"], re.I) is None
    per = f" per {m['who'].casefold()}" if (each or a_thing) and not scope else ""
    rest = m["rest"] or ""
    if verb in _GIVEN:
        act_of = act(m["noun"])
        if act_of is None or not (is_action_noun(singular(m["noun"].casefold()))
                                  or act_of in current_tool_verbs()):  # fmt: skip
            return None  # "gets two towels": things, no act
        thing = f" the {m['mod']}" if m["mod"] else ""
        return f"{m['lead']}{act_of.capitalize()}{thing} at most {n} times{per}{rest}{m['end']}"
    if verb not in IMPERATIVE_VERBS and verb not in current_tool_verbs():
        return None
    thing = f"{m['mod']} {m['noun']}" if m["mod"] else m["noun"]
    return f"{m['lead']}{verb.capitalize()} at most {n} {thing}{per}{rest}{m['end']}"

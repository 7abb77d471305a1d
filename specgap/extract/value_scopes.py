"""The call a value's source rule holds for, and the clause it does not bind: "When calling
`reserve_boat`, use the member id returned by `find_member`", "only use member ids that
`find_member` returned when reserving a boat", "before charging a deposit, the reservation
id must come from `get_reservation`".

A rule on where a value comes from names the value, not always the call: without a scope it
holds on every tool taking the value (`specgap.spread`). A scope the sentence states narrows
it to one action: a tool named by its id in a call phrase ("when calling T", "for T,", "in
calls to T", "... to T" at the end), else an action said in words ("when reserving a boat",
"for a refund", read by `asked_values`). Spreading such a rule over every tool would be
stronger than the sentence. Any other clause that narrows when the rule holds ("if the slip
is free", "until the season opens") is kept as the rule's condition, so it is reviewed,
never enforced without it; the value's own absence ("if you do not know it") and a source
said as a clause ("unless `find_member` returned it") narrow nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.asked_values import CLAUSE, NOT_GIVEN, NOT_KNOWN, action_match, action_of
from specgap.extract.grammar_emit import Emit
from specgap.extract.pattern_base import ANY_TOOL, singular
from specgap.extract.value_people import PERSON

_TOOL = (
    r"`?(?P<tool>(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)))`?"
    r"(?:\(\))?"
)
_THING = r"(?:\s+(?:tool|function|calls?|endpoint))?"
_CALLING = (
    r"(?:(?:when|whenever|before|while|if)\s+(?:(?:you\s+(?:are\s+)?)?(?:calling|using|invoking|"
    r"running)|you\s+(?:call|use|invoke|run))|(?:for|in|with)(?:\s+(?:calls?|each\s+call|any\s+call|"
    r"every\s+call)\s+to)?)"
)
_LEAD_CALL = re.compile(rf"^\W*{_CALLING}\s+(?:the\s+)?{_TOOL}{_THING}\s*,", re.I)
_TRAIL_CALL = re.compile(
    rf"(?:,\s*|\s+)(?:{_CALLING}|to)\s+(?:the\s+)?{_TOOL}{_THING}\s*(?:[.;!]\s*)?$", re.I
)
# a source said as a clause: "unless `find_member` returned it", "if the member gave it"
_SOURCE_CLAUSE = re.compile(
    rf"^(?:unless|if|only\s+if)\s+(?:the\s+)?(?:{_TOOL}|{PERSON})\s+(?:has\s+|have\s+)?"
    r"(?:returned|listed|gave|given|provided|stated|named|produced)\b"
    # "when the knowledge base mentions it": the thing's source, said of the pronoun
    r"|^(?:unless|if|only\s+if|when|once|after)\s+[^,;]{1,50}?\s+(?:has\s+|have\s+)?(?:explicitly\s+|"
    r"actually\s+|already\s+)?(?:returned|returns|listed|lists|gave|gives|given|provided|stated|named|"
    r"produced|mentions|mentioned|shows|showed|offers|offered|asked\s+for|requested|chose|picked)\s+"
    r"(?:it|them|one)\b",
    re.I,
)


_LACKS = re.compile(
    rf"^(?:if|when|whenever|unless)\s+(?:the\s+|a\s+)?(?:{PERSON}|they|he|she)\s+(?:does\s*not|"
    r"doesn't|do\s*not|don't|cannot|can't|is\s+unable\s+to)\s+(?:know|have|remember|recall|find)\b",
    re.I,
)


# "when a member calls to reserve a boat, ...": the action the person comes for
_WANTS = re.compile(
    rf"^\W*(?:when|if|whenever)\s+(?:a|an|the)\s+{PERSON}\s+(?:calls|asks|wants|writes|comes|"
    r"contacts\s+(?:you|us)|needs)\s+(?:in\s+)?to\s+(?P<verb>[a-z]+)\s+(?:a|an|the|their|his|her)\s+"
    r"(?P<obj>[a-z]+)\s*,",
    re.I,
)


def scope(text: str) -> tuple[str | None, tuple[int, int] | None]:
    """The call the sentence scopes its rule to (a tool id, or an action in words) and
    where that is said; (None, None) when it names none."""
    m = _LEAD_CALL.search(text) or _TRAIL_CALL.search(text)
    if m is not None:
        return m["tool"], m.span()
    wants = _WANTS.search(text)
    if wants is not None:  # "when a member calls to reserve a boat, ...": reserve boat
        return f"{wants['verb'].casefold()} {singular(wants['obj'].casefold())}", wants.span()
    action = action_of(text)
    said = action_match(text)
    if action is None or said is None:
        return _opening(text)
    return action, said.span()


# "Book only a train that `t` has shown": the imperative that acts on the value opens the
# sentence, and is the call the rule holds for
_OPENS = re.compile(
    r"^\W*(?:only\s+)?(?P<verb>[a-z]+)\s+(?:only\s+)?(?:an?|the|one|any)\s+(?P<obj>[a-z]+)\s+"
    r"(?:that|which|whose|from|listed|shown|returned|offered|found|given)\b",
    re.I,
)
# the verbs that take or pass a value (its source's rule holds on every call given it)
_TAKING = frozenset(
    {"use", "take", "pick", "choose", "select", "pass", "enter", "accept", "give", "send",
     "quote", "offer", "trust", "put", "supply", "provide"}
)  # fmt: skip


def _opening(text: str) -> tuple[str | None, tuple[int, int] | None]:
    """The verb that opens the sentence and acts on the value, with the value, when more
    than one of the agent's tools takes the value ("Book only a train that `t` has shown",
    where a move takes a `new_train_id` too); (None, None) otherwise, the rule then held on
    the one tool that takes it (`specgap.spread`)."""
    from specgap.extract.agent_params import tool_arguments
    from specgap.extract.grammar_emit import NOT_ACTIONS
    from specgap.extract.grammar_words import IMPERATIVE_VERBS
    from specgap.extract.pattern_base import CALL_VERBS

    m = _OPENS.match(text)
    if m is None:
        return None, None
    verb, thing = m["verb"].casefold(), singular(m["obj"].casefold())
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS | CALL_VERBS | _TAKING:
        return None, None
    named = [args for args in tool_arguments().values() if any(thing in _words(a) for a in args)]
    return (f"{verb} {thing}", m.span("verb")) if len(named) > 1 else (None, None)


def _words(arg: str) -> list[str]:
    from specgap.resolve.text import split

    return [singular(w) for w in split(arg)]


def unread(text: str, skip: tuple[int, int] | None) -> str | None:
    """The first clause narrowing the rule that is not the scope at `skip`, the value's own
    absence, or a source said as a clause (module docstring)."""
    for m in CLAUSE.finditer(text):
        if skip is not None and skip[0] <= m.start() < skip[1]:
            continue
        said = " ".join(m[0].split())
        if NOT_GIVEN.match(said) or NOT_KNOWN.match(said) or _SOURCE_CLAUSE.match(said):
            continue
        if _LACKS.match(said):  # "if the guest does not know their booking id": its absence
            continue
        return said
    return None


def scoped(text: str, emits: list[Emit]) -> list[Emit]:
    """The emitted source rules over the call the sentence scopes them to, with any clause
    left unread as their condition (module docstring)."""
    if not emits:
        return emits
    tool, at = scope(text)
    condition = unread(text, at)
    out = []
    for emit in emits:
        sources = {str(t) for t in emit.params.get("from_tools", ())}
        # "... listed in `search_plants`": the source, never the call the rule holds for
        own = tool is not None and tool in sources
        target = tool if tool is not None and emit.target == ANY_TOOL and not own else emit.target
        out.append(replace(emit, target=target, condition=emit.condition or condition))
    return out

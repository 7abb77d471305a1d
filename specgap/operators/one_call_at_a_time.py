"""`one_call_at_a_time`: one tool call per assistant turn, and no reply to the user in
that turn; with `same_tool`, only one call of the target per turn ("never run two refunds
in parallel": other tools may share the turn)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from pydantic import Field

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import Example, Found, Mutant, Operator, Prose, TraceState, Undetermined
from specgap.operators.prose import (
    ANY_TOOL,
    NEG,
    Said,
)
from specgap.operators.replay import checked, next_turn, targets


class OneCallAtATime(Frozen):
    """No assistant turn with several tool calls (nor, with `with_text`, text and a call)."""

    operator: Literal["one_call_at_a_time"] = "one_call_at_a_time"
    with_text: bool = True
    same_tool: bool = Field(
        default=False,
        description="count only calls of the target itself (one refund at a time), not every call",
    )


TURNS = "one_call_at_a_time"


@dataclass
class _Turns:
    calls: Counter[int] = field(default_factory=Counter)
    texts: set[int] = field(default_factory=set)
    tools: Counter[tuple[int, str]] = field(default_factory=Counter)  # (turn, tool)


def _observe_turns(state: TraceState, event: Event) -> None:
    slot: _Turns = state.slots.setdefault(TURNS, _Turns())
    if event.turn is None:
        return
    if isinstance(event, ToolCall):
        slot.calls[event.turn] += 1
        slot.tools[(event.turn, event.tool or event.name)] += 1
    elif event.role == "assistant" and event.content.strip():
        slot.texts.add(event.turn)


def _check_turns(cond: OneCallAtATime, call: ToolCall, state: TraceState) -> str | None:
    if call.turn is None:
        return Undetermined(f"the trace does not record which turn issued `{call.name}`")
    slot: _Turns = state.slots.get(TURNS) or _Turns()
    if cond.same_tool:
        if slot.tools[(call.turn, call.tool or call.name)]:
            return f"`{call.name}` is called a second time in the same turn"
    elif slot.calls[call.turn]:
        return f"`{call.name}` is not the only tool call of its turn"
    if cond.with_text and call.turn in slot.texts:
        return f"`{call.name}` is called in a turn that also answers the user"
    return None


def _describe_turns(cond: OneCallAtATime, target: str) -> str:
    if cond.same_tool:
        return f"`{target}`: one call at a time (at most one call of it per assistant turn)"
    extra = ", and never together with a reply to the user" if cond.with_text else ""
    return f"`{target}`: one tool call per assistant turn{extra}"


def _parallel(cond: OneCallAtATime, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A call is issued twice in one turn."""
    for at, event in enumerate(events):
        if targets(event, target):
            turn = event.turn if event.turn is not None else next_turn(events)
            call = event.model_copy(update={"turn": turn})
            yield Mutant(
                mutator=f"{TURNS}/parallel-call",
                description=f"event {at} is issued twice in turn {turn}",
                events=(*events[:at], call, call, *events[at + 1 :]),
            )


def _talk(cond: OneCallAtATime, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The agent answers the user in the same turn as a call."""
    for at, event in enumerate(events):
        if targets(event, target) and event.turn is not None:
            said = Message(role="assistant", content="Doing that for you now.", turn=event.turn)
            yield Mutant(
                mutator=f"{TURNS}/talk-and-call",
                description=f"event {at} shares its turn with a reply to the user",
                events=(*events[:at], said, *events[at:]),
            )


# -- prose ------------------------------------------------------------------------------


# the agent's words to the user, in any form of the verb ("replying", "messages", "answered")
_TALK = re.compile(
    r"\b(?:respond(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|answer(?:s|ed|ing)?|talk(?:s|ed|ing)?|"
    r"speak(?:s|ing)?|spoken|chat(?:s|ted|ting)?|messag(?:e|es|ed|ing)|text(?:s|ed|ing)?|writ(?:e|es|ing)"
    r"\s+(?:to|back)|(?:say|writ(?:e|ing)|tell)(?:s|ing)?\s+(?:anything|something|nothing)|"
    r"prose|commentary|narrat(?:e|es|ing|ion)|"
    # "stays silent in a turn with a call", "keep quiet while a call runs"
    r"silen(?:t|ce|tly)|(?:stays?|staying|keeps?|keeping|remains?)\s+quiet|"
    # a call with nothing beside it ("a turn with a call holds nothing else", "each call in a
    # turn of its own")
    r"nothing\s+else|no\s+other\s+(?:content|output|words)|no\s+words|"
    r"(?:a|its|their)\s+(?:own\s+turn|turns?\s+of\s+(?:its|their)\s+own))\b",
    re.I,
)
# words of that kind that are no talk: a turn as the unit calls are counted in ("one call per
# message"), and what a call gives back ("wait for its response")
_NO_TALK = re.compile(
    r"\b(?:per|each|every|a\s+single|one|in\s+(?:a|one|each|every|any|a\s+single))\s+"
    r"(?:turn|messages?|responses?|repl(?:y|ies)|answers?|steps?)\b(?!\s+of\s+(?:its|their)\s+own)"
    r"|\bwait(?:s|ing)?\s+for\s+(?:[\w'-]+\s+){0,3}?(?:result|response|reply|answer|output)s?\b"
    # "let its answer arrive": what the call gives back, said with a thing's pronoun
    r"|\b(?:its|their)\s+(?:answers?|responses?|repl(?:y|ies))\b",
    re.I,
)


def talks_too(clean: str) -> bool:
    """The sentence speaks of the agent's words to the user as well as its calls ("do not
    reply in the same turn as a call", "never combine text and a tool call"): `with_text`.
    A turn named as the unit of counting ("one call per message") and a call's own response
    are no such words."""
    return _TALK.search(_NO_TALK.sub(" ", clean)) is not None


def _one_call(s: Said, m: re.Match[str]) -> Found | None:
    return Found(None, {"with_text": talks_too(s.clean)}, {}, 0.85, targets=(ANY_TOOL,))


_PROSE = (
    Prose(
        "one-call-at-a-time",
        r"\b(?:one|a\s+single|1)\s+(?:tool\s+|function\s+)?call\s+at\s+a\s+time\b"
        r"|\b(?:one|a\s+single)\s+(?:tool|function)\s+at\s+a\s+time\b"
        r"|\b" + NEG + r"\s+(?:make|issue|send|run|call)\s+(?:several|multiple|parallel|"
        r"simultaneous|concurrent)\s+(?:tool\s+|function\s+)?calls\b"
        r"|\bno\s+parallel\s+(?:tool\s+|function\s+)?calls\b"
        r"|\b(?:make|take|issue)\s+a\s+(?:tool|function)\s+call\b.{0,60}?\b(?:not|never)\s+(?:respond|"
        r"reply|answer)\b|\b(?:respond|reply|answer)\b.{0,60}?\b(?:not|never)\s+(?:make|take|issue)\s+a\s+"
        r"(?:tool|function)\s+call\b"
        # a call named otherwise, or the wait said: "one command at a time", "wait for its
        # reply, then make the next", "let it return, and only then call another", "never a
        # second while the first is still unanswered"
        r"|\b(?:one|a\s+single)\s+(?:command|request|action|operation|query|function\s+module)"
        r"\s+at\s+a\s+time\b"
        r"|\bwait\s+for\s+(?:its|the|each|that|their)\s+(?:reply|answer|response|result|return)"
        r"\b.{0,60}?\bthen\b.{0,40}?\b(?:another|the\s+next|a\s+second)\b"
        r"|\blet\s+it\s+(?:return|reply|answer|finish|complete)\b.{0,30}?\bthen\b.{0,30}?"
        r"\b(?:another|the\s+next)\b"
        r"|\b(?:never|no)\s+(?:a\s+second|another)(?:\s+\w+)?\s+while\s+(?:the\s+first|an\s+"
        r"earlier|the\s+last|the\s+previous)\b.{0,40}?\b(?:unanswered|outstanding|pending|"
        r"running|in\s+flight)\b",
        build=_one_call,
    ),
)


_TURNS = Operator(
    TURNS,
    OneCallAtATime,
    "workflow_ordering_validation",
    "one tool call per assistant turn, and no reply to the user in that turn",
    _check_turns,
    _describe_turns,
    observe=_observe_turns,
    prose=_PROSE,
    examples=(Example("Make one tool call at a time."),),
)
OPERATOR = replace(_TURNS, mutators=(checked(_TURNS, _parallel), checked(_TURNS, _talk)))

"""`require_confirmation`: a call needs a fresh "yes" from the user.

The latest user message before the call must affirm ("yes", "go ahead", "please do", ...;
a negation or a retraction does not count), and no call of the target, or of a tool the
condition `covers`, may have used that message up since: one yes, one action. A call that
failed (flagged `is_error`, or an output that is an error) did nothing, so it uses nothing
up: the retry is covered by the same yes. The assistant's own text between the yes and the
call belongs to the calling turn, so it neither proposes anew nor cancels the yes.

`covers` lists every tool one yes is given for: a sentence naming several actions ("before
booking, moving or cancelling, ask") makes one policy per tool, each covering them all, so
whichever runs first uses the yes up for the others.

With no conversation messages recorded at all, whether the user agreed is unknown: the
check answers `Undetermined`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import (
    Example,
    Mutant,
    Operator,
    TraceState,
    Undetermined,
    quoted,
)
from specgap.operators.outcome import failed
from specgap.operators.replay import checked, next_turn, targets

if TYPE_CHECKING:  # the registry sits above the operators
    from specgap.registry import Registry


class RequireConfirmation(Frozen):
    """The call needs a fresh yes: the latest user message before it affirms, and no call
    of the target (or of a tool in `covers`) has used that message up since."""

    operator: Literal["require_confirmation"] = "require_confirmation"
    covers: tuple[str, ...] = Field(
        default=(), description="other tools whose calls use up a confirmation (registry writes)"
    )


NAME = "require_confirmation"
_AFFIRM = re.compile(
    r"\b(?:yes|yeah|yep|yup|sure|ok|okay|o\.k\.|confirm(?:ed|s)?|go\s+ahead|please\s+do|"
    r"(?:please\s+)?proceed|do\s+it|(?:that'?s|that\s+is|sounds|looks|it'?s)\s+"
    r"(?:right|correct|good|fine|great|perfect)|correct|absolutely|definitely|of\s+course|"
    r"approved?|agreed?|i\s+agree|affirmative|that\s+works|let'?s\s+do\s+(?:it|that))\b",
    re.I,
)
_NEGATE = re.compile(r"\b(?:no|nope|nah|not|don'?t|do\s+not|never|rather\s+not)\b", re.I)
_RETRACT = re.compile(
    r"\b(?:wait|stop|hold\s+on|hang\s+on|cancel\s+that|never\s*mind|changed\s+my\s+mind|"
    r"not\s+yet|don'?t\s+(?:do|proceed|go))\b",
    re.I,
)
_CLAUSE_END = re.compile(r"[.,;!?]")


def affirms(text: str) -> bool:
    """Whether a user message says yes. A retraction anywhere, or a negation before the yes
    or in the same clause ("I'm not sure, yes", "yes I don't think so"), makes it a no."""
    yes = _AFFIRM.search(text)
    if yes is None or _RETRACT.search(text):
        return False
    end = _CLAUSE_END.search(text, yes.end())
    clause_end = end.start() if end else len(text)
    return not any(n.start() < clause_end for n in _NEGATE.finditer(text))


@dataclass
class _Conversation:
    messages: int = 0
    users: int = 0
    affirmed: bool = False
    since: set[str] = field(default_factory=set)  # tools called since the latest user message


def _observe(state: TraceState, event: Event) -> None:
    slot: _Conversation = state.slots.setdefault(NAME, _Conversation())
    if isinstance(event, Message):
        slot.messages += 1
        if event.role == "user":
            slot.users += 1
            slot.affirmed = affirms(event.content)
            slot.since = set()
    elif isinstance(event, ToolCall) and not failed(event):
        slot.since.add(event.tool or event.name)


def _check(cond: RequireConfirmation, call: ToolCall, state: TraceState) -> str | None:
    slot: _Conversation | None = state.slots.get(NAME)
    if slot is None or slot.messages == 0:
        return Undetermined(f"no conversation recorded: did the user confirm `{call.name}`?")
    if slot.users == 0:
        return f"`{call.name}` was called before the user said anything"
    if not slot.affirmed:
        return f"no user confirmation before `{call.name}`: the latest user message is not a yes"
    used = slot.since & {call.tool or call.name, *cond.covers}
    if used:
        return f"the user's yes was already used by `{sorted(used)[0]}`; ask again"
    return None


def _describe(cond: RequireConfirmation, target: str) -> str:
    text = f"`{target}` needs an explicit user confirmation right before each call"
    return text + (f" (a call of {quoted(cond.covers)} uses it up)" if cond.covers else "")


def _complete(params: dict[str, Any], registry: Registry) -> dict[str, Any]:
    """A confirmation is used up by any write the registry knows of, not only the target's."""
    if "covers" in params:
        return params
    writes = sorted(
        t.id for t in registry.tools if {"write", "destructive"} & {*t.effects, *t.effect_hints}
    )
    return {**params, "covers": writes} if writes else params


# --- mutators ---------------------------------------------------------------------------------

REFUSAL = "No, don't do that."


def _latest_user(events: Sequence[Event], before: int) -> int:
    for i in range(before - 1, -1, -1):
        event = events[i]
        if isinstance(event, Message) and event.role == "user":
            return i
    return -1


def _calls(target: str, events: Sequence[Event]) -> list[int]:
    return [i for i, e in enumerate(events) if targets(e, target)]


def _negate(cond: Any, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The user's yes before a call becomes a no."""
    for at in _calls(target, events):
        yes = _latest_user(events, at)
        if yes < 0:
            continue
        old = events[yes]
        assert isinstance(old, Message)
        mutated = (*events[:yes], old.model_copy(update={"content": REFUSAL}), *events[yes + 1 :])
        yield Mutant(
            mutator=f"{NAME}/negate-confirmation",
            description=f"the user refuses before event {at}, the agent calls anyway",
            events=mutated,
        )


def _drop(cond: Any, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The user's yes (and the proposal it answered) never happened."""
    for at in _calls(target, events):
        yes = _latest_user(events, at)
        if yes < 0:
            continue
        start = yes
        if yes > 0:
            before = events[yes - 1]
            if isinstance(before, Message) and before.role == "assistant":
                start = yes - 1
        yield Mutant(
            mutator=f"{NAME}/drop-confirmation",
            description=f"the call at event {at} without asking the user first",
            events=(*events[:start], *events[yes + 1 :]),
        )


def _succeeded(call: Event) -> Event:
    """The call as it would be recorded had it worked (a failed call uses no yes up)."""
    assert isinstance(call, ToolCall)
    if not failed(call):
        return call
    return call.model_copy(update={"is_error": False, "result": None})


def _reuse(cond: Any, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """One yes, two calls: the call is repeated in the next turn (the first one worked)."""
    for at in _calls(target, events):
        first = _succeeded(events[at])
        again = events[at].model_copy(update={"turn": next_turn(events)})
        yield Mutant(
            mutator=f"{NAME}/reuse-confirmation",
            description=f"the call at event {at} is made a second time on the same yes",
            events=(*events[:at], first, again, *events[at + 1 :]),
        )


def _spend(cond: Any, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """One yes, two covered actions: another tool the yes covers runs first, on it."""
    others = [c for c in getattr(cond, "covers", ()) if c != target]
    if not others:
        return
    for at in _calls(target, events):
        call = events[at]
        assert isinstance(call, ToolCall)
        other = others[0]
        made = ToolCall(name=other, tool=other, turn=call.turn, origin=call.origin)
        yield Mutant(
            mutator=f"{NAME}/spend-confirmation",
            description=f"`{other}` is called on the yes before the call at event {at}",
            events=(*events[:at], made, *events[at:]),
        )


# -- prose ------------------------------------------------------------------------------
# The user's yes is read by the rule grammar (`specgap.extract.user_yes`), one reader for
# every wording; this operator states no phrase patterns of its own.


_BASE = Operator(
    NAME,
    RequireConfirmation,
    "authorization_check",
    "the call needs a fresh affirmative user message (one yes, one action)",
    _check,
    _describe,
    action="steer",
    complete=_complete,
    observe=_observe,
    tool_lists=("covers",),
    shadows=frozenset({"review_required", "require_before"}),
    examples=(
        Example("Before booking the flight, obtain explicit user confirmation (yes) to proceed."),
    ),
)
_MUTATORS = (_negate, _drop, _reuse, _spend)
OPERATOR = replace(_BASE, mutators=tuple(checked(_BASE, m) for m in _MUTATORS))

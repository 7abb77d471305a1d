"""`max_calls`: a tool may be called at most so many times per trace.

It counts calls of the target per trace or, with `per`, per entity: calls naming the same
id in the arguments named like `per` (`order` counts per `order_id`) count together.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, Literal

from pydantic import Field, field_validator

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import Example, Found, Mutant, Operator, Prose, TraceState, num
from specgap.operators.evidence import (
    is_idlike,
    key_words,
    leaves,
    matching_args,
    named_like,
    runs,
)
from specgap.operators.prose import (
    NEG,
    NUMBER,
    NUMBER_WORDS,
    ONCE,
    TOOL_ID_WORD,
    Said,
    action_list,
    lemma,
    number,
    singular,
    split_words,
    ticked_tools,
)
from specgap.operators.replay import checked, next_turn, targets

# "payment_id", "paymentId", "payment id": the entity's id argument, named after the entity
_ID_SUFFIX = re.compile(r"(?:[_\s-]+id|(?<=[a-z])Id)$")
# what one trace is: a count per any of them is per trace
_THE_TRACE = frozenset({"chat", "conversation", "dialogue", "dialog", "trace", "interaction"})


class MaxCalls(Frozen):
    operator: Literal["max_calls"] = "max_calls"
    max: int = Field(ge=0, description="calls of the target allowed per trace")
    per: str | None = Field(
        default=None, description="count per entity (e.g. `order`: per `order_id` value)"
    )

    @field_validator("per")
    @classmethod
    def _entity(cls, per: str | None) -> str | None:
        """The entity a count is per, said by its id argument or by its name: "payment_id"
        and "payment" count alike (calls naming the same `payment_id`), so one is kept; a
        count per chat or conversation is the trace's own (no entity)."""
        if per is None or per.casefold() in _THE_TRACE:
            return None
        entity = _ID_SUFFIX.sub("", per)
        return entity or per


CALLS = "max_calls"


def _observe_calls(state: TraceState, event: Event) -> None:
    """Calls per tool, and per tool and id value (for rules counted per entity)."""
    if isinstance(event, ToolCall):
        counts: Counter[tuple[str, str]] = state.slots.setdefault(CALLS, Counter())
        tool = event.tool or event.name
        counts[(tool, "")] += 1
        for value in {norm_id(v) for v in leaves(event.args) if is_idlike(v)}:
            counts[(tool, value)] += 1


def norm_id(value: Any) -> str:
    return "".join(runs(str(value)))


def _per_entity(cond: MaxCalls, call: ToolCall) -> list[str]:
    if cond.per is None:
        return []
    return sorted({norm_id(v) for a in matching_args(call.args, cond.per) for v in leaves(a)})


def _check_calls(cond: MaxCalls, call: ToolCall, state: TraceState) -> str | None:
    counts: Counter[tuple[str, str]] = state.slots.get(CALLS) or Counter()
    tool = call.tool or call.name
    keys = _per_entity(cond, call) or [""]
    made, key = max((counts[(tool, k)], k) for k in keys)
    if made >= cond.max:
        scope = f" for `{key}`" if key else " per trace"
        return f"call {made + 1} of `{call.name}`{scope}, at most {num(cond.max)} allowed"
    return None


_WINDOWS = frozenset(
    split_words(
        "minute hour day night week weekend fortnight month quarter year season term semester "
        "trimester cycle"
    )
)


def _unbound(cond: MaxCalls, args: frozenset[str]) -> str | None:
    """A count per entity binds to the target's arguments named like the entity."""
    if cond.per is None:
        return None
    if singular(cond.per.casefold()) in _WINDOWS:
        return f"it counts per {cond.per}, a span of time that one trace does not show"
    wanted = key_words(cond.per)
    if any(named_like(a, wanted) for a in args):
        return None
    return (
        f"it counts per {cond.per}, but the tool takes no argument named like `{cond.per}`"
        " (counted per trace instead, the rule would be stronger than stated)"
    )


def _describe_calls(cond: MaxCalls, target: str) -> str:
    scope = f"per {cond.per}" if cond.per else "per trace"
    return f"`{target}` may be called at most {num(cond.max)} time(s) {scope}"


def _repeat(cond: MaxCalls, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The last call of the target is made again until one call too many."""
    calls = [i for i, e in enumerate(events) if targets(e, target)]
    if not calls:
        return
    last = calls[-1]
    extra: list[Event] = []
    turn = next_turn(events)
    for n in range(max(cond.max - len(calls) + 1, 1)):
        extra.append(events[last].model_copy(update={"turn": turn + n}))
    yield Mutant(
        mutator=f"{CALLS}/repeat-call",
        description=f"event {last} is repeated {len(extra)} more time(s)",
        events=(*events[: last + 1], *extra, *events[last + 1 :]),
    )


# -- prose ------------------------------------------------------------------------------

# --- calls per trace, calls per turn ----------------------------------------------------------

_TIMES = {"once": 1, "twice": 2, "thrice": 3}


def _n_times(group: str) -> str:
    return (
        rf"(?P<{group}>" + ONCE + r"|twice|thrice|(?:\d+|" + "|".join(NUMBER_WORDS) + r")\s+times)"
    )


_DONE = r"(?:called|used|invoked|run|done|performed|made|executed|submitted|triggered|applied)"


_PER = re.compile(
    r"\b(?:for\s+(?:a|an|each|every|any|one|the\s+same)|per|in\s+(?:a|each|one))\s+"
    r"(?:(?!(?:per|a|an|each|every)\b)[a-z]+\s+)?(?P<entity>(?!(?:per|a|an|each|every|and|or|"
    r"but|only|then|if|when|in|on|at|within|during|over|from|by|with)\b)[a-z]+)\b"
    r"(?!\s+(?:of|to)\b)",
    re.I,
)
# what the act is done to, said with "each" or "every": the count is per that thing
_EACH = re.compile(r"\b(?:each|every)\s+(?P<entity>(?!(?:time|one|other)\b)[a-z]+)\b", re.I)
_ONE_THING = re.compile(
    r"\b(?:a|an)\s+(?P<entity>[a-z]+)\s+(?:(?:only|at\s+most|no\s+more\s+than)\s+)?"
    r"(?:once|twice|thrice)\b",
    re.I,
)
_WHOLE = frozenset(
    split_words("conversation session chat trace dialogue interaction turn user day")
)


def _times(raw: str) -> int:
    raw = raw.casefold().split()[0]
    return _TIMES.get(raw) or int(number(raw))


def _calls_target(s: Said, start: int) -> tuple[str, ...] | None:
    """What the words before the modal name: `Exchange or modify order tools`, `this
    action` (the described tool or the section), a ticked tool."""
    head = s.clean[:start]
    head = head[head.rfind(",") + 1 :] if "," in head else head
    ticked = ticked_tools(head) or ticked_tools(s.clean)
    if ticked:
        return tuple(ticked[:1])
    if re.search(r"\b(?:this|that|the|it|these)\s*(?:action|function|tool|operation|call)?\s*$",
                 head.strip(), re.I) or not head.strip():  # fmt: skip
        return None
    if re.fullmatch(r"\W*(?:use|call|invoke|run|execute|trigger)\W*", head, re.I):
        return None  # "use at most once per locker": the tool itself (the described one)
    listed = action_list(head)
    if listed:
        return tuple(listed)
    passive = _PASSIVE_HEAD.fullmatch(head.strip())
    if passive is not None:  # "`referee_bookings` is created (once per booking)": create it
        return (f"{lemma(passive['pp'])} {passive['subj']}",)
    words = re.findall(r"[A-Za-z][\w-]*", head)
    return (" ".join(lemma(w) if i == 0 else w for i, w in enumerate(words)),) if words else None


# a tool id and its passive verb ("`referee_bookings` is created", "issueRefund is called")
_PASSIVE_HEAD = re.compile(
    # (each part of an id atomic, its letters apart from its separators: no backtracking)
    r"(?P<subj>(?>[A-Za-z][A-Za-z0-9-]*)(?:[._](?>[A-Za-z0-9][A-Za-z0-9-]*))+|"
    r"(?>[a-z]+)(?:(?>[A-Z][a-z0-9]+))+)\s+(?i:is|are|gets?)\s+(?:\w+ly\s+)?"
    r"(?P<pp>[a-z]+(?:ed|en|t|d))"
)


def _rank(entity: str) -> int:
    return 2 if entity in _WHOLE else 1 if entity in _WINDOWS else 0


def _max_calls(s: Said, m: re.Match[str]) -> Found | None:
    raw = next(g for g in m.groups() if g)
    if raw.casefold().split()[0] not in _TIMES and not raw.casefold().endswith("times"):
        return None
    modal = re.search(r"\b(?:can|may|should|must|could|never|not|don't|cannot)\b", s.clean)
    found = _calls_target(s, modal.start() if modal else m.start())
    params: dict[str, Any] = {"max": _times(raw), **_per(s.clean)}
    return Found(None, params, {}, 0.8, targets=found or ())


def _per(clean: str) -> dict[str, Any]:
    """ "3 per guest per day": per guest (a trace lies within a day, so counting a guest's
    calls per trace is what the sentence implies); a span of time only when it is all."""
    pers = sorted(_PER.finditer(clean), key=lambda p: _rank(singular(p["entity"])))
    # "refund each hire only once", "refund a hire only once": per hire (a thing no argument
    # names is reported by the compiler, and the count reviewed: never one per trace)
    per = pers[0] if pers else _EACH.search(clean) or _ONE_THING.search(clean)
    if per is not None and singular(per["entity"]) not in _WHOLE:
        return {"per": singular(per["entity"])}
    return {}


# a tool id said bare after a count of calls ("calls of send_text")
_BARE_ID = re.compile(rf"\s*(?:of|to)?\s*(?P<id>{TOOL_ID_WORD})\b")


def _n_calls(s: Said, m: re.Match[str]) -> Found | None:
    ticked = ticked_tools(m["x"]) or ticked_tools(s.clean)
    if not ticked:  # "at most three calls of send_text in a chat": a bare id after "of"
        bare = _BARE_ID.match(m["x"])
        ticked = [bare["id"]] if bare is not None else []
    # "at most two calls per shipment in one session": each shipment's, not the trace's
    params = {"max": int(number(m["n"])), **_per(s.clean)}
    return Found(None, params, {}, 0.8, targets=tuple(ticked[:1]))


_PROSE = (
    Prose(
        "called-at-most-n-times",
        r"\b(?:can|may|should|must|could)\s+(?:only\s+)?(?:be\s+)?(?:only\s+)?"
        + _DONE
        + r"\s+(?:only\s+|at\s+most\s+|no\s+more\s+than\s+|a\s+maximum\s+of\s+)?"
        + _n_times("a")
        + r"\b|\b(?:at\s+most|no\s+more\s+than|only|a\s+maximum\s+of)\s+"
        + _n_times("b")
        + r"\b|\b"
        + NEG
        + r"\b.{0,60}?\bmore\s+than\s+"
        + _n_times("c")
        + r"\b",
        build=_max_calls,
    ),
    Prose(
        "at-most-n-calls",
        r"\b(?:at\s+most|no\s+more\s+than|up\s+to|a\s+maximum\s+of)\s+"
        + NUMBER
        + r"\s+(?:calls?|requests?|invocations?|attempts?)\s+(?:to|of|with|per)?\s*(?P<x>.*)$",
        build=_n_calls,
    ),
)


_CALLS = Operator(
    CALLS,
    MaxCalls,
    "business_logic_validation",
    "a tool may be called at most so many times per trace",
    _check_calls,
    _describe_calls,
    observe=_observe_calls,
    observes="calls",
    shadows=frozenset({"deny_action"}),
    prose=_PROSE,
    guarded=True,
    unbound=_unbound,
    examples=(
        Example("The `reset_password` tool can only be called once per conversation.", {"max": 1}),
    ),
)
OPERATOR = replace(_CALLS, mutators=(checked(_CALLS, _repeat),))

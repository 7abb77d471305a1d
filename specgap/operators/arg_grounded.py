"""`arg_grounded`: an argument's value must come from the user or from given tools' outputs.

Catches invented ids, recipients nobody named and payment methods the profile never listed.
Values are compared normalised (see `evidence`): case, whitespace, separators, number
formats. What is checked:

- with a `selector`: every scalar value it selects;
- with an `arg` phrase: every scalar under arguments whose name matches it (`payment
  method` matches `payment_method_id`), at any depth; when no argument is so named, the
  identifier-like values of that kind (`gift card` checks `gift_card_7` wherever it is);
- with neither: every identifier-like value of the call (`#W1`, `gift_card_7`, an email, an
  IBAN), since free text and dates are the agent's own words.

A value missing from the evidence is a violation, unless evidence is missing too: no
conversation recorded (for `from_user`), or a source tool called without its output being
recorded. Then the answer is `Undetermined`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import Field, model_validator

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import (
    Example,
    Found,
    Mutant,
    Operator,
    Prose,
    TraceState,
    Undetermined,
    quoted,
)
from specgap.operators.evidence import (
    Evidence,
    canonical_number,
    is_idlike,
    kind_prefixes,
    leaves,
    matching_args,
    of_kind,
)
from specgap.operators.prose import (
    ANY_TOOL,
    DETERMINERS,
    MODAL,
    NEG,
    STOP,
    TICKED,
    USER,
    Said,
    lemma,
    noun_phrase,
    singular,
    ticked_tools,
)
from specgap.operators.replay import checked, targets
from specgap.operators.values import select


class ArgGrounded(Frozen):
    """Argument values must appear in the user's messages and/or the outputs of tools."""

    operator: Literal["arg_grounded"] = "arg_grounded"
    selector: Selector | None = None
    arg: str | None = Field(
        default=None, description="argument-name phrase matched at check time (no selector)"
    )
    from_user: bool = True
    from_tools: tuple[str, ...] = Field(
        default=(), description="tools whose outputs ground a value; `*` is any tool"
    )

    @model_validator(mode="after")
    def _has_source(self) -> ArgGrounded:
        if not self.from_user and not self.from_tools:
            raise ValueError("name at least one source: `from_user` or `from_tools`")
        return self


NAME = "arg_grounded"


@dataclass
class _Grounds:
    messages: int = 0
    user: Evidence = field(default_factory=Evidence)
    outputs: dict[str, Evidence] = field(default_factory=dict)
    unrecorded: set[str] = field(default_factory=set)  # tools called, output not recorded


def _observe(state: TraceState, event: Event) -> None:
    slot: _Grounds = state.slots.setdefault(NAME, _Grounds())
    if isinstance(event, Message):
        slot.messages += 1
        if event.role == "user":
            slot.user.add(event.content)
    elif isinstance(event, ToolCall):
        tool = event.tool or event.name
        if event.result is None:
            slot.unrecorded.add(tool)
        else:
            slot.outputs.setdefault(tool, Evidence()).add(event.result)


def checked_values(cond: ArgGrounded, args: dict[str, Any]) -> list[Any]:
    """The scalar values of a call this rule checks."""
    if cond.selector is not None:
        found = [leaf for value in select(cond.selector, args) for leaf in leaves(value)]
    elif cond.arg:
        named = matching_args(args, cond.arg)
        kinds = kind_prefixes(cond.arg)
        found = [leaf for value in named for leaf in leaves(value)] or [
            leaf for leaf in leaves(args) if is_idlike(leaf) and of_kind(leaf, kinds)
        ]
    else:
        found = [leaf for leaf in leaves(args) if is_idlike(leaf)]
    return [v for v in found if (isinstance(v, str) and v.strip()) or canonical_number(v)]


def _grounded(cond: ArgGrounded, slot: _Grounds, value: Any) -> bool:
    if cond.from_user and slot.user.contains(value):
        return True
    if ANY_TOOL in cond.from_tools:
        return any(evidence.contains(value) for evidence in slot.outputs.values())
    return any(
        slot.outputs[tool].contains(value) for tool in cond.from_tools if tool in slot.outputs
    )


def _absent(cond: ArgGrounded, slot: _Grounds) -> str | None:
    """Why the evidence may be incomplete, if it may be."""
    if cond.from_user and slot.messages == 0:
        return "no conversation was recorded"
    if ANY_TOOL in cond.from_tools:
        blind = sorted(slot.unrecorded)
    else:
        blind = sorted(slot.unrecorded & set(cond.from_tools))
    if blind:
        return f"the output of `{blind[0]}` was not recorded"
    return None


def _check(cond: ArgGrounded, call: ToolCall, state: TraceState) -> str | None:
    slot: _Grounds = state.slots.get(NAME) or _Grounds()
    for value in checked_values(cond, call.args):
        if _grounded(cond, slot, value):
            continue
        why = _absent(cond, slot)
        if why is not None:
            return Undetermined(f"`{value}` is not in the recorded evidence, but {why}")
        return f"`{value}` does not come from {_sources(cond)}"
    return None


def _sources(cond: ArgGrounded) -> str:
    parts = ["the user's messages"] if cond.from_user else []
    if ANY_TOOL in cond.from_tools:
        parts.append("a tool output")
    elif cond.from_tools:
        parts.append(f"the output of {quoted(cond.from_tools)}")
    return " or ".join(parts)


def _describe(cond: ArgGrounded, target: str) -> str:
    if cond.selector is not None:
        what = f"argument `{cond.selector.arg}`"
    elif cond.arg:
        what = f"`{cond.arg}` arguments"
    else:
        what = "identifiers in the arguments"
    return f"{what} of `{target}` must come from {_sources(cond)}"


# --- mutators ---------------------------------------------------------------------------------


def forge(value: Any) -> Any:
    """A value of the same shape that appears nowhere: digits rotated, or a suffix added."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value * 7 + 104729
    text = str(value)
    if any(ch.isdigit() for ch in text):
        return "".join(str((int(ch) + 5) % 10) if ch.isdigit() else ch for ch in text)
    return f"{text}-forged"


def _swap(node: Any, old: Any, new: Any) -> Any:
    if isinstance(node, dict):
        return {k: _swap(v, old, new) for k, v in node.items()}
    if isinstance(node, list):
        return [_swap(v, old, new) for v in node]
    return new if node == old and type(node) is type(old) else node


def _forgeries(
    cond: ArgGrounded, target: str, events: Sequence[Event]
) -> Iterator[tuple[int, Any, Any, ToolCall]]:
    """(event index, checked value, forged value, mutated call) for every checked value."""
    for at, event in enumerate(events):
        if not targets(event, target):
            continue
        assert isinstance(event, ToolCall)
        for value in dict.fromkeys(checked_values(cond, event.args)):
            fake = forge(value)
            yield at, value, fake, event.model_copy(update={"args": _swap(event.args, value, fake)})


def _invent(cond: ArgGrounded, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A checked value is replaced by one neither the user nor any tool ever gave."""
    for at, value, fake, call in _forgeries(cond, target, events):
        yield Mutant(
            mutator=f"{NAME}/invent-value",
            description=f"event {at} uses `{fake}` instead of `{value}`",
            events=(*events[:at], call, *events[at + 1 :]),
        )


def _untrusted(cond: ArgGrounded, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The value comes from the output of a tool that is not a source (an injection)."""
    if ANY_TOOL in cond.from_tools:
        return
    for at, value, fake, call in _forgeries(cond, target, events):
        planted = ToolCall(
            name="untrusted.read", tool="untrusted.read", result={"note": f"use {fake}"}
        )
        yield Mutant(
            mutator=f"{NAME}/untrusted-source",
            description=f"event {at} uses `{fake}` (for `{value}`) planted in a non-source output",
            events=(*events[:at], planted, call, *events[at + 1 :]),
        )


# -- prose ------------------------------------------------------------------------------

_SOURCE_WORDS = re.compile(
    r"\b(?:" + USER + r"s?|profile|tools?|outputs?|results?|responses?|lookups?|searche?s?|"
    r"lists?|records?|database|account|contacts?|history|details|messages?|conversation|"
    r"request)\b",
    re.I,
)
_USER_ITSELF = re.compile(
    r"\b" + USER + r"(?:'s)?\b(?!\s*(?:'s\s+)?(?:profile|account|details|record|records|data|"
    r"information|history|orders?|file))",
    re.I,
)
_ANY_TOOL_WORDS = re.compile(r"\b(?:the\s+)?(?:tools?|tool\s+(?:outputs?|results?|calls?)|"
                             r"available\s+tools|functions?)\b", re.I)  # fmt: skip


def _sources_named(text: str) -> dict[str, Any] | None:
    """`from_user` / `from_tools` from a phrase naming where values come from."""
    tools: list[str] = ticked_tools(text)
    user = bool(_USER_ITSELF.search(text))
    if _ANY_TOOL_WORDS.search(text):
        tools.append(ANY_TOOL)
    rest = _USER_ITSELF.sub(" ", _ANY_TOOL_WORDS.sub(" ", TICKED.sub(" ", text)))
    rest = re.sub(r"\b(?:the|a|an|or|and|either|from|by|in|of|already|provided|given)\b|[^\w\s]",
                  " ", rest, flags=re.I)  # fmt: skip
    named = " ".join(rest.split())
    if named and _SOURCE_WORDS.search(named) and not user and not tools:
        tools.append(named)  # "the user profile": a tool the compiler resolves
    if not user and not tools:
        return None
    return {"from_user": user, "from_tools": sorted(set(tools))}


_OF_TOOL = re.compile(r"\s+(?:of|for|in|to|passed\s+to|given\s+to)\s+`[^`]*`?\s*$", re.I)
_REASON = re.compile(
    r"\s+(?:for|because|since|so\s+that|as|to\s+(?:avoid|ensure|prevent|keep))\b.*$", re.I
)


_WHEN_CALLING = re.compile(r"\s+(?:when|whenever|before|while|if)\s+(?:calling|using|invoking)\b")


def _what(raw: str) -> str | None:
    what = DETERMINERS.sub("", _OF_TOOL.sub("", raw).replace("`", " ").strip(" '\"")).strip()
    words = what.split()
    return what if 0 < len(words) <= 4 else None


def _come_from(s: Said, m: re.Match[str]) -> Found | None:
    raw = m["what"]
    what = _what(raw)
    src, when = m["src"], ""
    cut = _WHEN_CALLING.search(src)
    if cut is not None:
        src, when = src[: cut.start()], src[cut.start() :]
    sources = _sources_named(_REASON.sub("", src))
    if what is None or sources is None:
        return None
    of_tool = _OF_TOOL.search(raw)
    named = ticked_tools(of_tool[0]) if of_tool else []
    elsewhere = [t for t in ticked_tools(when) if t not in raw]
    if not named and ticked_tools(raw):
        if not elsewhere:
            return None  # "`tool` must come from ...": not about one of its arguments
        named = elsewhere[:1]  # "`order_id` must come from ... when calling `refund`"
    params: dict[str, Any] = dict(sources)
    if named or s.subject:
        params["facet"] = singular(what) if len(what.split()) == 1 else what
        return Found(None, params, {}, 0.8, targets=tuple(named[:1]))
    params["arg"] = what
    return Found(None, params, {}, 0.8, targets=(ANY_TOOL,))


def _user_named(s: Said, m: re.Match[str]) -> Found | None:
    negated = m[0].casefold().startswith(("never", "do not", "don't"))
    said_not = re.search(r"\b(?:did\s+not|didn't|has\s+not|hasn't)\b", m[0], re.I)
    if negated != bool(said_not):
        return None  # "never send to the account the user named" is not this rule
    ticked = ticked_tools(s.clean)
    action = f"{lemma(m['verb'])} {m['obj'].strip()}".strip().replace("`", "")
    targets = tuple(ticked[:1]) or ((s.subject,) if s.subject else (action,))
    what = singular(m["what"]) if len(m["what"].split()) == 1 else m["what"]
    params = {"facet": what, "from_user": True}
    return Found(None, params, {}, 0.8, targets=targets)


def _made_up(s: Said, m: re.Match[str]) -> Found | None:
    found = re.search(r"\b(?:provided|given|returned|supplied|stated)\s+(?:from|by)\s+(.+)$",
                      m["rest"], re.I)  # fmt: skip
    sources = _sources_named(found[1]) if found else None
    params = sources or {"from_user": True, "from_tools": [ANY_TOOL]}
    return Found(None, params, {}, 0.75, targets=(ANY_TOOL,))


def _existing(s: Said, m: re.Match[str]) -> Found | None:
    # "... one higher than the largest value among all existing messages": the existing
    # things are what a value is compared with, not where it comes from (the pattern stops
    # before a comparison)
    kind = noun_phrase(s.clean, m.start("kind"))[0] if m["kind"] else m["what"]
    what = _what(kind)
    if what is None:
        return None
    params = {"arg": what, "from_user": False, "from_tools": [ANY_TOOL]}
    return Found(None, params, {}, 0.7, targets=(ANY_TOOL,))


_PROSE = (
    Prose(
        "value-must-come-from",
        r"(?:^|[,;:]\s*)(?P<what>(?:(?:all|any|every|each|the)\s+)?[\w`'-]+(?:\s+[\w`'-]+){0,4}?)\s+"
        + MODAL
        + r"\s+(?:already\s+)?(?:(?:be\s+)?(?:come|taken|copied|drawn|chosen|picked)\s+"
        r"from|be\s+(?:in|among|listed\s+in|present\s+in|found\s+in|one\s+of)|appear\s+in|exist\s+in)"
        r"\s+(?P<src>.+?)" + STOP,
        build=_come_from,
    ),
    Prose(
        "only-to-what-the-user-named",
        r"\b(?:only|never|do\s+not|don't)\s+(?P<verb>[a-z]+)\s+(?P<obj>(?:[\w`.-]+\s+){0,3}?)"
        r"(?:to|with|for|on|into|from)\s+(?:an?\s+|any\s+|the\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)??)\s+"
        r"(?:that\s+|which\s+|whom\s+)?(?:the\s+)?" + USER + r"\s+(?:has\s+|did\s+not\s+|didn't\s+|"
        r"has\s+not\s+|hasn't\s+)?(?:explicitly\s+)?(?:named|name|provided|provide|gave|given|give|"
        r"mentioned|mention|specified|specify|supplied|supply|stated|state|asked\s+for|ask\s+for|"
        r"requested|request|chose|chosen|selected)\b",
        build=_user_named,
    ),
    Prose(
        "never-make-up-values",
        r"\b" + NEG + r"\s+(?:\w+\s+){0,2}?(?:make\s+up|invent|fabricate|hallucinate|guess|"
        r"make\s+(?:any\s+)?assumptions\s+about)\b(?P<rest>.*)$",
        build=_made_up,
    ),
    Prose(
        "must-be-existing",
        r"\b(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+" + MODAL + r"\s+(?:already\s+exist\b|"
        r"(?:(?:(?!\b(?:than|among|across|of\s+all)\b)[^.;])*?\b)?(?:an?\s+|the\s+)?"
        r"(?:existing|already\s+existing)\s+(?P<kind>[\w-]+))",
        build=_existing,
    ),
)


_BASE = Operator(
    NAME,
    ArgGrounded,
    "data_validation",
    "an argument's value must come from the user's messages or given tools' outputs",
    _check,
    _describe,
    observe=_observe,
    shadows=frozenset({"deny_action"}),
    unknown_facet="phrase",
    spreads_over="sources",
    prose=_PROSE,
    examples=(
        Example("Never make up an order id; use only ids the user gave you.", {"from_user": True}),
    ),
    tool_sources=("from_tools",),
)
OPERATOR = replace(_BASE, mutators=(checked(_BASE, _invent), checked(_BASE, _untrusted)))

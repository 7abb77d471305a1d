"""A follow-up obligation: a call the agent must make *after* an event. "Whenever a crossing
is cancelled, passengers are to be offered a voucher.", "Once a booking has been moved, you
must send the passenger a notice.", "Send a notice every time a crossing is delayed."

No operator requires a call at all, let alone one after another (`require_before` orders a
call *before* another; a missing follow-up is no call to block). Such a sentence compiles to
nothing, and that is reported as what it is, with the step and the event read from it: "it
obliges the agent to `issue voucher` after `cancel crossing` (a follow-up), and no operator
requires a call after another". The note replaces the generic `rule-not-compiled` one of a
sentence already reported as rule-like (never a note on a sentence that had none).

The step: the main clause's action (an imperative, a modal "must / should / need to / are
to", or a passive with an indirect object: "passengers are to be offered a voucher": offer
voucher); the event: its action ("a crossing is cancelled": cancel crossing) or, when it
names none, its words. A negated step ("do not ...") is a ban, not a follow-up.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import Gap
from specgap.extract.order_events import event_action

__all__ = ["follow_up", "follow_up_why"]

_WHEN = (
    r"(?:whenever|when|once|after|each\s+time|every\s+time|any\s+time|as\s+soon\s+as|"
    r"immediately\s+after|right\s+after|following)"
)
_LEADING = re.compile(
    rf"^\W*{_WHEN}\s+(?P<event>[^,;]+?)\s*,\s*(?:then\s+)?(?P<main>[^;]+?)\s*[.!]?\s*$", re.I
)
_TRAILING = re.compile(rf"^\W*(?P<main>[^,;]+?)\s+{_WHEN}\s+(?P<event>[^,;]+?)\s*[.!]?\s*$", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no|don't|cannot|can't|mustn't)\b", re.I)
_OBLIGES = re.compile(
    r"\b(?:must|should|shall|need\s+to|needs\s+to|have\s+to|has\s+to|(?:is|are)\s+to|(?:is|are)\s+"
    r"required\s+to|always)\b|^\W*[a-z]+\b",
    re.I,
)
# "passengers are to be offered a voucher", "the member must be sent a notice"
_GIVEN = re.compile(
    r"\b(?:must|should|shall|(?:is|are)\s+to|need\s+to|needs\s+to|have\s+to|has\s+to)\s+be\s+"
    r"(?P<v>[a-z]+(?:ed|en|nt|wn))\s+(?:a|an|the|their|his|her|its|some)\s+(?P<obj>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s*$",
    re.I,
)


def follow_up(text: str) -> Gap | None:
    """The note on a follow-up obligation (module doc), or None for any other sentence."""
    why = follow_up_why(text)
    if why is None:
        return None
    return Gap(
        code="rule-not-compiled",
        message=f"this sentence reads like a rule but does not compile: {why}",
        help="enforce the follow-up elsewhere (a workflow step or a post-run check), or state "
        "what must come before the event instead",
    )


def follow_up_why(text: str) -> str | None:
    """Why a follow-up obligation compiles to nothing, naming its step and its event (module
    doc); None for any other sentence."""
    text = " ".join(text.split())
    for shape in (_LEADING, _TRAILING):
        m = shape.match(text)
        if m is None or _NEGATED.search(m["main"]) or not _OBLIGES.search(m["main"]):
            continue
        step = _step(m["main"])
        if step is None:
            continue
        event = event_action(m["event"].strip())
        after = f"`{event}`" if event else f'"{m["event"].strip()}"'
        return (
            f"it obliges the agent to `{step}` after {after} (a follow-up), and no operator "
            "requires a call after another (`require_before` only orders a call before another)"
        )
    return None


def _step(main: str) -> str | None:
    given = _GIVEN.search(main)
    if given is not None:
        verb = verb_lemma(given["v"].casefold())
        return f"{verb} {given['obj'].casefold()}" if verb else None
    clause = parse(main)
    if clause.negated or clause.action is None or clause.modality not in {"must", "none"}:
        return None
    return clause.action

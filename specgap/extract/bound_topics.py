"""What a bound sentence is about when its subject says only "the amount": a leading topic
that names the action, and a permission lead before an imperative.

- "for refunds, the amount is limited to $200", "when issuing a refund, the amount must not
  exceed $200", "on each booking, the deposit is at most €50": the topic names the action
  the bound is on; the bound's own subject ("the amount") is an argument of that action's
  tool only, never of every tool taking an `amount` (`topic_lead`);
- "agents are authorized to apply discounts of up to 15%", "you are allowed to refund at
  most $200", "the agent is permitted to give credits of up to $50": the permission is the
  imperative's own bound (`permitted`).

A topic that names no action ("for new customers, ...") is no topic here: it is the bound's
condition, kept by `amounts` (reviewed).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, singular

_TOPIC = re.compile(
    r"^\W*(?:(?:for|on|with)\s+(?:(?:a|an|the|any|each|every|all)\s+)?(?P<noun>[a-z][\w-]*)|"
    r"(?:when|whenever|while|if\s+you\s+are)\s+(?P<verb>[a-z]+ing)\s+(?:(?:a|an|the|any)\s+)?"
    r"(?P<object>[a-z][\w-]*))\s*,\s*(?P<rest>\S.*)$",
    re.I | re.S,
)
_PERMISSION = re.compile(
    r"^\W*(?:(?:the\s+)?agents?|you|staff|we)\s+(?:are|is)\s+(?:only\s+)?(?:authori[sz]ed|"
    r"allowed|permitted|entitled|empowered|able)\s+to\s+(?P<rest>[a-z].*)$",
    re.I | re.S,
)


def topic_lead(text: str) -> tuple[str, str] | None:
    """(the rest of the sentence, the action its topic names), or None when the sentence
    opens with no topic that names an action."""
    m = _TOPIC.match(text)
    if m is None:
        return None
    if m["noun"] is not None:
        noun = singular(m["noun"].casefold())
        return (m["rest"], noun) if is_action_noun(noun) else None
    verb = lemma(m["verb"].casefold())
    if verb not in IMPERATIVE_VERBS:
        return None
    return m["rest"], f"{verb} {singular(m['object'].casefold())}"


def on_topic(found: list[Emit], action: str) -> list[Emit]:
    """The bounds read from the rest, on the topic's action where they name none."""
    out = []
    for emit in found:
        if emit.target != ANY_TOOL:
            out.append(emit)
            continue
        params = {k: v for k, v in emit.params.items() if k not in {"set_by_call", "holder"}}
        out.append(replace(emit, target=action, params=params))
    return out


_PER_ITSELF = re.compile(
    r"(?P<amt>(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|[a-z]+))?)\s+(?:per|for\s+each|each)\s+"
    r"(?P<per>[a-z][\w-]*)(?=\s*[.;,!]?\s*$)",
    re.I,
)


def without_per_call(text: str) -> str:
    """The sentence without "per refund" after its amount when refunds are what it bounds
    ("never more than $200 per refund"): per call, so the amount is a fixed bound."""
    from specgap.extract.grammar_words import per_call

    m = _PER_ITSELF.search(text)
    if m is None or not per_call(m["per"], text):
        return text
    return text[: m.end("amt")] + text[m.end() :]


def permitted(text: str) -> str | None:
    """The imperative after a permission lead ("agents are authorized to apply ..." ->
    "apply ..."), or None."""
    m = _PERMISSION.match(text)
    return m["rest"] if m is not None else None

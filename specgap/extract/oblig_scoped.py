"""A read the agent must make in the course of an action the sentence names: "If a tenant
wants to end their lease, look up the lease.", "When processing a refund, always fetch the
payment.", "For every renewal, you must check the balance.", "Check the balance whenever
you renew a lease.", "As part of any transfer, verify the account.", "You need to fetch the
invoice to issue a credit."

The sentence obliges a call (which no operator requires) and says when: while the other
action is asked for, done or prepared. A read, check or lookup made for an action is made
before it, so the sentence orders it first: `require_before(<action>, before=<read>)`. That
the read comes *before* is the reading, not the sentence's word ("first" would say it, and
is read by `temporal`), so the rule is reviewed (`grounding: inferred`), never enforced, and
keeps the scope as its condition (the compiler's note says it could not be bound).

Only a read is ordered: a step that changes or tells something ("when a lease ends, send a
notice") may as well come after the action, and is left as the obligation it states. The
scope must name the action (a user's request to do it, a gerund, "you <verb>", an action
noun); a state ("if the lease is overdue"), a negated or conditional step, or the same
action on both sides gives nothing.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import NOT_ACTIONS, Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_events import event_action
from specgap.extract.order_words import gerund_of, idioms
from specgap.extract.pattern_base import USER, lemma
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["READ_VERBS", "read_step", "scope_action", "scoped_candidates", "scoped_orders"]

# the verbs of a read, a check or a lookup: made to decide an action, so before it
READ_VERBS = frozenset(
    {"check", "verify", "look", "read", "get", "fetch", "retrieve", "review", "find", "search",
     "locate", "confirm", "validate", "authenticate", "identify", "query", "inspect", "list",
     "pull", "consult", "obtain", "examine", "lookup", "load", "open", "view"}
)  # fmt: skip

_WHEN = r"(?:if|when|whenever|once|any\s+time|each\s+time|every\s+time|in\s+case)"
_WANTS = (
    r"(?:wants?|wishes|wish|asks?|requests?|would\s+like|needs?|tries|try|is\s+trying|are\s+"
    r"trying|has\s+asked|have\s+asked|chooses?|decides?|is\s+asking|are\s+asking)"
)
# "if a tenant wants to end their lease", "when the caller asks for a refund"
_REQUEST = re.compile(
    rf"^{_WHEN}\s+(?:the|a|an|any)\s+(?:{USER})s?\s+{_WANTS}\s+(?:(?P<to>to\s+)|(?:for\s+)?(?=(?:a|an|the|their|his|her|its|any|some)\s))"
    r"(?P<what>[a-z][^,;]*)$",
    re.I,
)
# "when processing a refund", "while renewing a lease", "before issuing a credit"
_GERUND = re.compile(r"^(?:when|while|whenever|before)\s+(?P<what>[a-z]+ing\b[^,;]*)$", re.I)
# "whenever you renew a lease", "each time the agent issues a credit"
_YOU = re.compile(
    rf"^{_WHEN}\s+(?P<what>(?:you|we|the\s+agent|the\s+assistant)\s+[a-z][^,;]*)$", re.I
)
# "for every renewal", "for deposit refunds", "as part of any transfer"
_FOR = re.compile(
    r"^(?:for|as\s+part\s+of|during|with)\s+(?P<what>(?:(?:every|each|any|all|a|an|the)\s+)?"
    r"(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)$",
    re.I,
)
# "in order to issue a credit", "to issue a credit"
_PURPOSE = re.compile(r"^(?:in\s+order\s+)?to\s+(?P<what>[a-z][^,;]*)$", re.I)
_LEADING = re.compile(r"^\W*(?P<scope>[^,;:]+?)\s*,\s*(?P<main>[^;:]+?)\s*[.!]?\s*$")
# where a scope after the main clause opens
_TRAILING = re.compile(
    r"\s(?=(?:(?:when|whenever|while|before|each\s+time|every\s+time|any\s+time)\s+|for\s+(?:every|"
    r"each|any|all)\s+|as\s+part\s+of\s+|(?:in\s+order\s+)?to\s+)[a-z])",
    re.I,
)


def scoped_candidates(sentence: Sentence) -> list[CandidateRule]:
    """The rules of `scoped_orders` for a prompt sentence, each an inference (reviewed)."""
    if sentence.subject is not None:
        return []
    rules = [candidate(sentence, e) for e in scoped_orders(sentence.clean)]
    return [r.model_copy(update={"grounding": "inferred"}) for r in rules]


def scoped_orders(text: str) -> list[Emit]:
    """`require_before(<action>, before=<read>)` for a read obliged in the course of an
    action (module docstring), or []."""
    text = " ".join(text.split())
    splits: list[tuple[str, str]] = []
    if (m := _LEADING.match(text)) is not None:
        splits.append((m["scope"], m["main"]))
    said = text.strip().rstrip(".!").strip()
    if not re.search(r"[,;:]", said):  # "fetch X to refund Y": the scope after the clause
        splits += [(said[b.end() :], said[: b.start()]) for b in _TRAILING.finditer(said)]
    for scope, main in splits:
        later = scope_action(scope.strip())
        step = read_step(main)
        if later is None or step is None or later.split()[0] == step.split()[0]:
            continue
        # the scope is kept as the rule's condition: the reviewer sees what the order was
        # read from, and the compiler says it could not be bound
        return [Emit("require_before", later, {"before": step}, 0.6, condition=scope.strip())]
    return []


def scope_action(scope: str) -> str | None:
    """The action a scope names, or None (a state, or no scope of these shapes)."""
    if (m := _REQUEST.match(scope)) is not None:
        what = m["what"]
        if m["to"]:  # "to end their lease": ending their lease
            verb, _, rest = what.partition(" ")
            doing = gerund_of(verb.casefold())
            if doing is None or lemma(verb.casefold()) in NOT_ACTIONS:
                return None
            what = f"{doing} {rest}".strip()
        return _action(what)
    for shape in (_GERUND, _YOU, _FOR):
        if (m := shape.match(scope)) is not None:
            return _action(m["what"])
    if (m := _PURPOSE.match(scope)) is not None:
        verb, _, rest = m["what"].partition(" ")
        if lemma(verb.casefold()) not in IMPERATIVE_VERBS or lemma(verb.casefold()) in NOT_ACTIONS:
            return None
        doing = gerund_of(verb.casefold())
        return _action(f"{doing} {rest}".strip()) if doing else None
    return None


_LIGHT = re.compile(
    r"^(?:processing|handling|performing|making|doing|carrying\s+out|conducting|executing)\s+"
    r"(?=(?:a|an|any|the|every|each)\s)",
    re.I,
)


def _action(event: str) -> str | None:
    """The event's action, when it is one a tool call performs ("processing a refund":
    `refund`)."""
    said = re.sub(r"^(?:every|each|all)\s+", "any ", event.strip(), flags=re.I)
    action = event_action(idioms(_LIGHT.sub("", said)))  # "processing a refund": a refund
    if action is None:
        return None
    verb = action.split()[0]
    return action if verb in IMPERATIVE_VERBS and verb not in NOT_ACTIONS else None


_FIRST = re.compile(
    r"\s*,?\s+(?:as\s+(?:a|the|your)\s+first\s+step|first|beforehand|up\s+front)\b\s*$", re.I
)


def read_step(main: str) -> str | None:
    """The read the main clause obliges ("you must always fetch the payment": `fetch
    payment`), or None (no obligation, a negation, a condition, not a read)."""
    main = _FIRST.sub("", main)  # "check X as a first step when ...": the step itself
    clause = parse(main)
    if clause.negated or clause.condition is not None or clause.modality not in {"must", "none"}:
        return None
    if clause.modality == "none" and not clause.imperative:
        return None
    if clause.verb not in READ_VERBS or not clause.object or clause.action is None:
        return None
    if clause.object.split()[0] in {"it", "them", "this", "that", "whether", "if"}:
        return None
    return clause.action

"""Orderings spread over the clauses of one sentence.

- A condition in front ("if a member wants to cancel, retrieve the booking, and only then
  cancel it"; "when a guest calls to book, find them and check the calendar before you
  book anything"): the order after it is read on its own and keeps the condition, so the
  rule is reviewed (`condition-not-bound`), never enforced without it. A condition that is
  only the user asking for the very action the order ends in ("if a member wants to
  cancel ... cancel it") restricts nothing: that action is always the one asked for.
  A person pronoun ("look them up") is the person the condition names.
- Referring back: "X, (and) only then Y", "X; Y only after that", "no boat leaves until X
  is logged; charge the deposit only after that": Y comes after the actions of the clause
  before (after the awaited event when that clause says "until X" / "after X").
- A request and what comes first: "whenever a member asks for a refund, first pull up the
  booking", "look the booking up first when a guest wants to cancel": the asked-for action
  requires the first one. Without "first" it is a duty, not an order, and is not read.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.clause_steps import clause_actions, is_soft, split_steps, with_antecedent
from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_words import base_form
from specgap.extract.pattern_base import USER

_LEAD = re.compile(
    r"^\W*(?P<cond>(?:if|when|whenever|each\s+time|every\s+time|in\s+case)\s+(?P<who>(?:the|a|an)"
    r"\s+(?P<person>" + USER + r"|[a-z]+(?=\s+(?:wants|asks|calls|requests|wishes|needs|would|"
    r"writes|phones|comes|reports|contacts|says)\b))s?\s+)?[^,;]+?),\s*(?:then\s+)?(?P<rest>[^,;].*)$",
    re.I,
)
# the user asking for an action: "wants to cancel", "asks for a refund", "calls to book"
_ASKS = re.compile(
    r"\b(?:wants?|wishes|would\s+like|asks?|requests?|needs?|calls?|writes?(?:\s+in)?|comes?\s+in)"
    r"\s+(?:for\s+|to\s+(?:have\s+)?)?(?P<what>[a-z][^,;]*)$",
    re.I,
)
# who asks: "a member", "the rider", "a returning guest", "they", "someone"
_ASKER = re.compile(
    r"^\W*(?:(?:the|a|an|any|each|every)\s+(?:[a-z]+\s+)?[a-z]+|they|someone|somebody|"
    + USER
    + r"s?)\s*$",
    re.I,
)
_PERSON = re.compile(r"\b(?:them|him|her)\b", re.I)
# "X, (and) only then Y" / "X; Y only after that" / "X; only after that, Y"
_THEN_ONLY = re.compile(
    r"^(?P<p>.+?)\s*(?:[;,]|\band\b)\s*(?:and\s+)?(?:only\s+then|then\s+and\s+only\s+then|only\s+"
    r"after\s+(?:that|this)|not\s+before\s+(?:that|this))\s*,?\s+(?P<q>[a-z].+?)\s*[.!]?$",
    re.I,
)
_AFTER_THAT = re.compile(
    r"^(?P<p>.+?)\s*;\s*(?P<q>[a-z].+?)\s+(?:only\s+after\s+(?:that|this)|only\s+then|(?:only\s+)?"
    r"once\s+(?:that|this)\s+(?:is\s+done|has\s+happened))\s*[.!]?$",
    re.I,
)
# "(only then) may the bike be retired": the subject before its modal
_INVERTED = re.compile(
    r"^\W*(?P<m>may|can|should|must|will|shall)\s+(?P<s>(?:the|a|an|its|their|any)\s+[^,;]+?)\s+be\s+"
    r"(?P<v>[a-z]+)",
    re.I,
)
# "retire it if needed": the step may be skipped; the order holds whenever it is taken
_OPTIONAL = re.compile(
    r"\s*,?\s*(?:if|when|where|as)\s+(?:needed|necessary|required|applicable|appropriate)\s*(?=[.!]?\s*$)",
    re.I,
)
# "the damage must be logged (first)": the clause before as an event
_MUST_BE = re.compile(
    r"^\W*(?P<s>(?:the|a|an|its|their)\s+[^,;]+?)\s+(?:must|should|has\s+to|have\s+to|needs?\s+to)"
    r"\s+be\s+(?P<v>[a-z]+)(?:\s+first)?\s*$",
    re.I,
)
_AWAITED = re.compile(r"\b(?:until|till|after|once)\s+(?P<e>[^,;]+?)\s*$", re.I)
_FIRST_WHEN = re.compile(
    r"^\W*(?P<main>[a-z][^,;]*?)\s+first\s*,?\s+(?:whenever|when|if|each\s+time|every\s+time)\s+"
    r"(?P<req>[^,;]+?)\s*[.!]?$",
    re.I,
)
_WHEN_FIRST = re.compile(
    r"^\W*(?:whenever|when|if|each\s+time|every\s+time)\s+(?P<req>[^,;]+?),\s*(?:always\s+)?(?:"
    r"first(?:\s+of\s+all)?|start\s+by|begin\s+by)\s*,?\s+(?P<main>[a-z][^;]*?)\s*[.!]?$",
    re.I,
)


# a step said to the user ("confirm the date with them", "tell the guest the price"): a
# conversation, not a tool call, so it orders nothing
_TO_USER = r"(?:them|him|her|the\s+(?:" + USER + r")s?)\b"
_TALK = re.compile(
    r"^\s*(?:(?:confirm|ask|tell|inform|explain|discuss|agree|remind|check)\b[^,;]*?\b(?:with|to)\s+"
    + _TO_USER
    + r"|(?:tell|inform|remind|let|ask)\s+"
    + _TO_USER
    + r")",
    re.I,
)


# "read the dates, the slip and the total back to the guest": a list recited to the user,
# however many objects it has ("read back X" alike)
READ_BACK = re.compile(
    r"\b(?:read|repeat|recite)\s+(?:back\s+[^,;.]+?(?:,\s*[^,;.]+?)*|[^;.]+?\s+back)"
    r"(?:\s+to\s+(?:them|him|her|(?:the|your|our)\s+[a-z]+))?"
    r"(?=\s*(?:,|;|\.|$|\s+and\b|\s+then\b))",
    re.I,
)


def said_to_user(text: str) -> str:
    """The clauses of a list of steps without those said to the user ("look them up,
    confirm the date with them, and check the window": "look them up and check the
    window"; "read the dates and the total back to them and wait": "wait"); the text
    itself when it has none."""
    recited = READ_BACK.sub(" ", text)
    if recited.strip(" ,;.") and recited != text:
        text = re.sub(r"^\s*(?:,|and\b|then\b)\s*", "", recited.strip())
    parts = [re.sub(r"^(?:and|then)\s+", "", p.strip(), flags=re.I)
             for p in re.split(r"\s*,\s*|\s+and\s+", text)]  # fmt: skip
    parts = [p for p in parts if p]
    kept = [p for p in parts if not _TALK.match(p)]
    if len(kept) == len(parts) or not kept:
        return text
    return ", ".join(kept[:-1]) + (" and " if len(kept) > 1 else "") + kept[-1]


_WHEN_LAST_FIRST = re.compile(
    r"^\W*(?:whenever|when|if|each\s+time|every\s+time)\s+(?P<req>[^,;]+?),\s*(?:always\s+)?"
    r"(?P<main>[a-z][^;]*?)\s+(?:first|beforehand)\s*[.!]?$",
    re.I,
)


def _action(clause_text: str, permits: bool = False) -> str | None:
    """The action of an imperative clause that the agent performs, else None; `permits`:
    also a permission ("(only then) may the bike be retired": after the order it states)."""
    clause = parse(_INVERTED.sub(r"\g<s> \g<m> be \g<v>", _OPTIONAL.sub("", clause_text)))
    if clause.action is None or clause.negated or (clause.modality == "may" and not permits):
        return None
    if clause.verb not in IMPERATIVE_VERBS or clause.verb in NOT_ACTIONS:
        return None
    return clause.action


def asked_for(request: str) -> str | None:
    """The action a user's request names ("a member asks for a refund of the deposit":
    `refund deposit`; "a guest wants to cancel": `cancel`), else None."""
    from specgap.extract.order_events import event_action

    m = _ASKS.search(request)
    if m is None or not _ASKER.match(request[: m.start()]):
        return None
    what = m["what"].strip()
    if re.match(r"^(?:a|an|the|any|their|his|her|its)\s", what, re.I):
        return event_action(what)  # "a refund of their deposit"
    words = what.split()
    if words and words[0].casefold() in IMPERATIVE_VERBS:
        return event_action(f"{words[0]}ing {' '.join(words[1:])}".strip()) or words[0].casefold()
    return None


def _same_action(goal: str | None, action: str | None) -> bool:
    """The order ends in the action the user asked for (its verb, and its object if said)."""
    if goal is None or action is None:
        return False
    g, a = goal.split(), action.split()
    return g[0] == a[0] and (len(g) == 1 or g[1:] == a[1 : len(g)])


# "For vehicle bookings, ...", "In the case of group bookings, ...": the order holds for
# those only; "for any refund, ...": the action itself (no condition on its own step)
_FOR_LEAD = re.compile(
    r"^\W*(?P<cond>(?:for|in\s+(?:the\s+)?case\s+of)\s+(?P<np>(?!(?:example|instance|this|that|these|"
    r"those|now|security|safety|privacy|compliance|audit|clarity|each|every|all|any)\b)[^,;]{3,60}?)),"
    r"\s*(?:then\s+)?"
    r"(?P<rest>[^,;].*)$",
    re.I,
)


def conditional(text: str) -> tuple[str, str, str | None] | None:
    """A sentence with a condition in front: the rest (its person pronouns read as the
    person the condition names), the condition, and the action the user asks for in it
    (None when it asks for none); None without such a condition."""
    m = _LEAD.match(" ".join(text.split()))
    if m is None and (f := _FOR_LEAD.match(" ".join(text.split()))) is not None:
        if re.search(r"\breasons?$", f["np"], re.I):
            return None  # "for security reasons": why, not when
        from specgap.extract.order_events import nominal_action

        return f["rest"], f["cond"].strip(), nominal_action(f["np"])
    if m is None:
        return None
    rest = m["rest"]
    if m["person"]:
        rest = _PERSON.sub(f"the {m['person'].casefold()}", rest)
    request = re.sub(r"^\W*(?:if|when|whenever|each\s+time|every\s+time|in\s+case)\s+", "",
                     m["cond"], flags=re.I)  # fmt: skip
    return rest, m["cond"].strip(), asked_for(request)


def under(emits: tuple[Emit, ...], condition: str, goal: str | None) -> tuple[Emit, ...]:
    """The emits of an order stated under a condition: each keeps it (so it is reviewed),
    except the one ending in the very action the user asked for."""
    return tuple(
        e if e.condition is None and _same_action(goal, e.target) else
        replace(e, condition=e.condition or condition)
        for e in emits
    )  # fmt: skip


def referring_back(text: str) -> tuple[Emit, ...]:
    """ "X, and only then Y" / "X; Y only after that": Y after each action of X (see the
    module docstring); () when it is not such a sentence or an action cannot be read."""
    from specgap.extract.order_events import event_action

    body = " ".join(text.split())
    m = _THEN_ONLY.match(body) or _AFTER_THAT.match(body)
    if m is None:
        return ()
    first_part = m["p"].strip()
    awaited = _AWAITED.search(first_part)
    firsts: list[str]
    if awaited is not None and (event := event_action(awaited["e"])) is not None:
        firsts = [event]  # "no boat leaves until its inspection is logged; ... after that"
    elif (must := _MUST_BE.match(first_part)) is not None and (
        event := event_action(f"{must['s']} is {must['v']}")
    ) is not None:
        firsts = [event]  # "the damage must be logged first, and only then ..."
    else:
        firsts = [a for a in clause_actions(first_part) if a]
        if not firsts or _action(re.split(r"\s*,\s*|\s+and\s+", first_part)[0]) is None:
            return ()
    then = _action(with_the(m["q"], firsts[-1]), permits=True)
    if then is None:
        return ()
    return tuple(Emit("require_before", then, {"before": f}, 0.7) for f in firsts if f != then)


def steps_under(text: str) -> tuple[Emit, ...]:
    """ "(if the bike is damaged,) log the damage and then retire it": each step after the
    one before (`clause_steps.steps_in`); the caller keeps the condition in front."""
    body = text.strip().rstrip(".!")
    steps = split_steps(body)
    if len(steps) < 2 or is_soft(body):
        return ()
    out: list[Emit] = []
    last: list[str] = []
    for step in steps:
        said = with_antecedent(step, last)
        found = clause_actions(said) if _action(said) is not None else []
        if not found:
            return ()
        out += [
            Emit("require_before", a, {"before": b}, 0.7) for a in found for b in last if a != b
        ]
        last = found
    return tuple(out)


def with_the(text: str, before: str) -> str:
    """The clause with its pronoun object read as the object of the action before, with an
    article ("retire it" after `log damage`: "retire the damage")."""
    words = before.split()
    if len(words) < 2 or "_" in before:
        return text
    return re.sub(r"\b(?:it|them)\b", "the " + " ".join(words[1:]), text, count=1)


def first_on_request(text: str) -> tuple[Emit, ...]:
    """ "Whenever a member asks for a refund, first pull up the booking": the asked-for
    action requires the first one; () for any other sentence."""
    body = " ".join(text.split())
    m = _FIRST_WHEN.match(body) or _WHEN_FIRST.match(body) or _WHEN_LAST_FIRST.match(body)
    if m is None:
        return ()
    main = m["main"]
    asks = _ASKS.search(m["req"])
    if asks is not None:  # "whenever a driver asks for a permit, find them first": the driver
        asker = re.sub(r"^(?:a|an|any|each|every)\s+", "the ", m["req"][: asks.start()].strip())
        main = _PERSON.sub(asker, main)
    if main.split()[0].casefold().endswith("ing"):
        main = base_form(main)  # "start by looking up the booking"
    first = _action(main)
    # "... whenever a guest asks to cancel it": the object of the first action
    goal = asked_for(with_antecedent(m["req"], [first] if first else []))
    if goal is None or first is None or goal == first:
        return ()
    return (Emit("require_before", goal, {"before": first}, 0.7),)

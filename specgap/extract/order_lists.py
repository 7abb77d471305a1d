"""Numbered steps that a line ending with a colon, or a section heading, introduces.

Numbers are an order: "1. Find the grower. 2. Fetch the order. 3. Cancel it." runs each step
after the one before. `procedures` reads the steps; this module says when a list is a
procedure and what it is for:

- after a line that names a goal or a procedure and ends with a colon: "When a grower
  wants to cancel an order:", "To ship an order, follow these steps:", "Refund process:",
  "Workflow for refunds:", "How to close a trip:";
- right under a section heading that names an action ("## Cancelling an order",
  "## Refunds"), the list being the first thing in the section.

The goal (the action asked for, the purpose, the action the heading names) is the
process's own step: the order before it holds whenever it is done, so that rule is
enforced. The other steps are ordered within the goal only, a scope no state test binds, so
those rules keep it and are reviewed. A line that names neither ("You may:", "Tools:")
introduces a list of things, not a procedure, and orders nothing; so do bullets.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_clauses import asked_for, conditional
from specgap.extract.order_steps import step_action
from specgap.extract.procedures import Step, heading_over_item, steps_on_lines
from specgap.extract.segments import Sentence

_COLON = re.compile(r":\s*$")
_PROCESS = re.compile(
    r"\b(?:steps?|procedure|process|workflow|flow|as\s+follows|how\s+to|sequence|checklist|routine|"
    r"protocol|playbook)\b",
    re.I,
)
_PURPOSE = re.compile(r"^\W*(?:in\s+order\s+)?to\s+(?P<goal>[a-z][^,:;]*)", re.I)
_HOW_TO = re.compile(r"\bhow\s+to\s+(?P<goal>[a-z][^,:;]*)", re.I)
_FOR = re.compile(
    r"\b(?:for|of)\s+(?P<n>(?:a|an|the|any|each|every)?\s*[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I
)
_NUMBERED = re.compile(r"^\s*(?:\d{1,2}[.)]|step\s+1\b)", re.I)
_FIRST_ITEM = re.compile(r"[ \t]*1[.)]\s")


def _goal_of(text: str) -> str | None:
    """The action a goal or procedure line names: a purpose (`to ship an order`), the
    action a user asks for (`when a grower wants to cancel an order`), `how to V`, a noun
    (`refund process`, `workflow for refunds`), or a leading gerund (`cancelling an order`)."""
    from specgap.extract.order_events import event_action

    body = _COLON.sub("", text).strip(" -*#")
    if (m := _PURPOSE.match(body) or _HOW_TO.search(body)) is not None:
        return parse(m["goal"]).action
    lead = conditional(body + ", x")
    if lead is not None:
        return lead[2]
    if (asked := asked_for(body)) is not None:
        return asked
    if (m := _FOR.search(body)) is not None and (named := event_action(m["n"])) is not None:
        return named
    head = _PROCESS.split(body)[0].strip()
    return event_action(head) if head else None


# a step that checks who the person is or what state a thing is in: which call does it is an
# inference (as for "after you have verified the member"), so the order after it is reviewed
CHECKS = frozenset({"verify", "check", "confirm", "validate", "authenticate", "identify", "ensure"})


def checked(before: object) -> bool:
    """The first step of an order is a check, made by whichever read the resolver picks."""
    return isinstance(before, str) and before.split(" ")[0] in CHECKS


def introduced(sentence: Sentence, steps: list[Step]) -> tuple[str, str | None] | None:
    """(scope, goal) of numbered steps after a line ending with a colon that names a goal or
    a procedure; None for any other line, or steps that are bullets."""
    text = " ".join(sentence.clean.split())
    if not _COLON.search(text) or not steps or not _numbered(sentence, steps[0]):
        return None
    goal = _goal_of(text)
    if goal is None and not _PROCESS.search(text):
        return None  # "You may:": a list of things the agent can do
    return f"within: {_COLON.sub('', text).strip()}", goal


def _numbered(sentence: Sentence, step: Step) -> bool:
    lines = sentence.artifact.text.splitlines()
    first = step.lines[0] - 1 if step.lines else -1
    return 0 <= first < len(lines) and _NUMBERED.match(lines[first]) is not None


def under_heading(sentence: Sentence) -> tuple[list[Step], str, str | None] | None:
    """The numbered steps that open a section right under its heading, when the sentence
    is the first of them, with the scope and the goal the heading names (None under a
    heading that names a process but no action: "## Crown workflow"); else None."""
    if sentence.subject is not None:
        return None
    found = heading_over_item(sentence, _FIRST_ITEM, r"1[.)]")
    if found is None:
        return None
    lines, at, title = found
    goal = _goal_of(title)
    if goal is None and not _PROCESS.search(title):
        return None  # "## Notes": a list of remarks, not a procedure
    steps = steps_on_lines(lines[at:], at + 1)
    if not steps or not _numbered(sentence, steps[0]):
        return None
    return steps, f"within: {title.strip()}", goal


_INLINE = re.compile(r"^\W*(?P<lead>[^:;]{3,80}?)\s*:\s*(?P<rest>\S.*)$")


# a lead that says its list is in order ("the order of operations is:", "the sequence is:")
_IN_ORDER = re.compile(
    r"\b(?:order|sequence|workflow|procedure|steps|process)\b.*\b(?:is|are|goes)\s*$|\bin\s+(?:this|"
    r"that|the\s+following)\s+order\s*$",
    re.I,
)


_ORDER_FOR = re.compile(
    r"\bfor\s+(?P<n>(?:a|an|the|any|each|every)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|[a-z][\w-]*)\s+"
    r"(?:is|are|goes)\s*$",
    re.I,
)


def _plain_list(text: str) -> list[str]:
    """The steps of a comma list whose every item opens with an action verb ("authenticate
    the owner, get the profile, book"), else []."""
    items = [i.strip(" .") for i in re.split(r"\s*,\s*(?:and\s+|then\s+)?|\s+and\s+", text)]
    items = [i for i in items if i]
    ok = all(
        (c := parse(i)).action is not None and c.imperative and c.verb in IMPERATIVE_VERBS
        for i in items
    )
    return items if ok and len(items) > 1 else []


def inline_procedure(text: str) -> tuple[list[str], str, str | None] | None:
    """The steps a goal or procedure line lists after its colon on the same line ("To cancel
    an event: 1) find the client, 2) fetch it, 3) cancel it", "Refund process: fetch the
    invoice, then refund it"), with the scope and the goal; None for any other sentence.
    Steps are numbered, or said in order ("then", "finally"); a pronoun is the object of
    the step before."""
    from specgap.extract.clause_steps import steps_in
    from specgap.extract.order_clauses import with_the
    from specgap.extract.sequences import numbered

    m = _INLINE.match(" ".join(text.split()))
    if m is None:
        return None
    goal = _goal_of(m["lead"])
    ordered = _IN_ORDER.search(m["lead"])
    if goal is None and ordered and (named := _ORDER_FOR.search(m["lead"])) is not None:
        from specgap.extract.order_events import event_action

        goal = event_action(named["n"])  # "the order of operations for a booking is": book
    if goal is None and not _PROCESS.search(m["lead"]) and not ordered:
        return None
    steps = numbered(m["rest"]) or steps_in(m["rest"])
    if len(steps) < 2 and ordered:
        steps = _plain_list(m["rest"])  # "the order of operations is: a, b, c"
    if len(steps) < 2:
        return None
    said: list[str] = []
    for step in steps:  # "3) discard it": the goal's object ("to discard a tray"), else the
        # object of the step before
        before = (step_action(said[-1]) or "") if said else ""
        said.append(with_the(step, goal if goal and " " in goal else before))
    return said, f"within: {m['lead'].strip()}", goal

"""The steps one sentence names in order, and the actions of coordinated clauses.

- "Get the sample, then verify it, and finally ship it": steps joined by `then`, `next`,
  `after that`, `afterwards`, `finally` (`steps_in`); each step is a clause of its own.
- "Verify the sample, record the result and approve it, in that order": a list of clauses
  that a closing "in that order" / "in this order" / "one after the other" says is ordered.
- "Call `a`, `b`, then `c`", "use a, b and c, in that order": the tool ids listed in order.
- "archive its samples and unassign the technician" (`clause_actions`): clauses joined by
  `and` that each open with their own verb name one action each; nothing orders them.

A pronoun object (`it`, `them`) names the object of the step before it ("get the sample,
then ship it": `ship sample`). A sentence that only recommends an order ("usually",
"you may want to", "ideally") states none (`is_soft`): it is left to the rest of the grammar,
which reports it, and never becomes an enforced order.
"""

from __future__ import annotations

import re
from itertools import pairwise

from specgap.extract.coordination import actions_of
from specgap.extract.english import verb_lemma
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS

_SOFT = re.compile(
    r"\b(?:usually|typically|generally|normally|often|ideally|preferably|optionally|perhaps|"
    r"maybe|(?:may|might|could)\s+(?:want|wish|like|choose|prefer)\s+to|it\s+(?:is|'s)\s+"
    r"(?:usually\s+|often\s+)?(?:a\s+good\s+idea|best|better|recommended|advisable|helpful)|"
    r"(?:we\s+)?(?:recommend|suggest)|if\s+you\s+(?:like|want|wish|prefer)|consider\s+\w+ing|"
    r"feel\s+free|tends?\s+to)\b",
    re.I,
)
# a step boundary inside one sentence: "X, then Y", "X and then Y", "X, and finally Y"
_STEP_BREAK = re.compile(
    r"\s*(?:[,;]\s*(?:and\s+)?|\s+and\s+)(?:(?:only\s+)?then|next|after\s+that|afterwards|finally|"
    r"lastly)\b"
    r"\s*,?\s*|\s+then\s+",
    re.I,
)
_IN_ORDER = re.compile(
    r"\s*,?\s*\b(?:in\s+(?:that|this|the\s+(?:given|listed|stated|same))\s+(?:order|sequence)|"
    r"(?:one\s+)?after\s+the\s+other|in\s+sequence|sequentially)\s*[.!]?\s*$",
    re.I,
)
_LIST_BREAK = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_CONDITIONAL = re.compile(r"^\W*(?:if|when|whenever|unless|once|after|before|while|where)\b", re.I)
_PRONOUN = re.compile(r"\b(?:it|them)\b", re.I)


def is_soft(text: str) -> bool:
    """The sentence recommends rather than requires ("usually", "you may want to")."""
    return _SOFT.search(text) is not None


_SOFT_LEAD = re.compile(
    r"^\W*(?:(?:we\s+)?(?:recommend|suggest)(?:\s+that)?(?:\s+you)?|(?:usually|typically|"
    r"generally|normally|often|ideally|preferably)\s*,?(?:\s+you\s+(?:should|can))?|you\s+(?:may|"
    r"might|could)\s+(?:want|wish|like|choose|prefer)\s+to|it\s+(?:is|'s)\s+(?:usually\s+|often\s+)"
    r"?(?:a\s+good\s+idea|best|better|recommended|advisable|helpful)\s+to)\s+",
    re.I,
)


def recommended(text: str) -> tuple[str, str | None]:
    """A recommendation without its opening ("usually, get X before Y": "get X before Y")
    and the condition its rules keep so that they are reviewed, never enforced; the text
    and None when it requires what it says."""
    soft = _SOFT.search(text)
    if soft is None:
        return text, None
    lead = _SOFT_LEAD.match(text)
    rest = text[lead.end() :] if lead is not None else text
    if lead is not None and (doing := re.match(r"[a-z]{3,}ing\b", rest, re.I)) is not None:
        # "we recommend checking X before Y": "check X before Y"
        rest = (verb_lemma(doing[0].casefold()) or doing[0]) + rest[doing.end() :]
    return rest, f"recommended, not required (`{' '.join(soft[0].split()).casefold()}`)"


def _plain(part: str) -> bool:
    """A clause that opens with an action verb the agent performs, not negated."""
    clause = parse(part)
    return (
        clause.action is not None
        and clause.imperative
        and clause.modality != "may"  # "you can get X, then Y": a permission, not an order
        and not clause.negated
        and clause.verb in IMPERATIVE_VERBS
        and clause.verb not in NOT_ACTIONS
    )


def with_antecedent(part: str, before: list[str]) -> str:
    """The clause with a pronoun object read as the previous step's object ("ship it" after
    `get sample`: "ship sample"); the clause itself when there is nothing to point back to."""
    if not before or _PRONOUN.search(part) is None:
        return part
    words = before[0].split()
    if len(words) < 2:
        return part
    return _PRONOUN.sub(lambda _: " ".join(words[1:]), part, count=1)


def split_steps(text: str) -> list[str]:
    """The parts of a text between step boundaries ("X, then Y, and finally Z")."""
    return [p.strip(" ,;") for p in _STEP_BREAK.split(text)]


_CALL_LIST = re.compile(
    r"^\W*(?:(?:always|you\s+must|you\s+should|must)\s+)?(?:call|use|run|invoke|execute)\s+"
    r"(?:the\s+tools\s+)?(?P<list>.+)$",
    re.I,
)
TOOL_ID = re.compile(
    r"`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?"
)
_ID_GLUE = re.compile(r"^(?:\s*(?:,|;|and|then|next|finally|first|after\s+that)\s*)*$", re.I)
_SEQUENCED = re.compile(r"\b(?:then|next|finally|after\s+that)\b", re.I)


def _tool_steps(body: str) -> list[str]:
    """ "Call `a`, `b`, then `c`" / "use a, b and c, in that order": the tool ids in order;
    [] when words other than list glue stand between them or nothing says they are ordered."""
    ordered = _IN_ORDER.search(body)
    m = _CALL_LIST.match(body[: ordered.start()] if ordered else body)
    if m is None:
        return []
    found = list(TOOL_ID.finditer(m["list"]))
    glue = [m["list"][a.end() : b.start()] for a, b in pairwise(found)]
    tail = m["list"][found[-1].end() :] if found else ""
    if len(found) < 2 or m["list"][: found[0].start()].strip() or tail.strip(" ,.;"):
        return []
    if not all(_ID_GLUE.match(g) for g in glue):
        return []
    if ordered is None and not any(_SEQUENCED.search(g) for g in glue):
        return []  # "call `a` and `b`": both, in no order
    return [f["id"] for f in found]


_PURPOSE = re.compile(r"^\W*(?:in\s+order\s+)?to\s+(?P<goal>[^,;]+),\s*(?P<rest>.+)$", re.I)
_FIRST = re.compile(r"^\W*first(?:ly)?\b\s*,?\s*", re.I)


def purpose_of(text: str) -> str | None:
    """The process a sentence's steps belong to ("to delete a freezer, first ..."), as the
    scope its orderings keep: `within: To delete a freezer`; None without one."""
    m = _PURPOSE.match(text.strip())
    return f"within: {text.strip()[: m.end('goal')].strip(' ,')}" if m is not None else None


def steps_in(text: str) -> list[str]:
    """The clauses of a sentence that names its steps in order (see the module docstring),
    or [] when it names fewer than two or recommends the order only; a list of tool ids
    after one call verb gives the ids. A goal said first ("to delete a freezer, first
    archive its samples, then ...") is the last step, and the object a pronoun names."""
    body = text.strip().rstrip(".!")
    if is_soft(body) or _CONDITIONAL.match(body):
        return []
    purpose = _PURPOSE.match(body)
    if purpose is not None:
        goal = parse(purpose["goal"])
        if not _plain(purpose["goal"]) or goal.action is None:
            return []
        rest = purpose["rest"]
        steps = _steps(rest) or ([rest] if _FIRST.match(rest) and _plain(rest) else [])
        steps = [with_antecedent(step, [goal.action]) for step in steps]
        return [*steps, purpose["goal"].strip()] if steps else []
    if tools := _tool_steps(body):
        return tools
    return _steps(body)


def _steps(body: str) -> list[str]:
    parts = split_steps(body)
    if len(parts) < 2:
        ordered = _IN_ORDER.search(body)
        if ordered is None:
            return []
        parts = [p.strip(" ,;") for p in _LIST_BREAK.split(body[: ordered.start()])]
    # "lock the bin, move the pallet, then delete it": each listed clause is a step
    parts = [c.strip() for p in parts for c in re.split(r"\s*,\s*", p)]
    if len(parts) < 2 or not all(p and _plain(p) for p in parts):
        return []
    return parts


def clause_actions(text: str) -> list[str]:
    """The actions of clauses joined by `and` / commas, each opening with its own verb
    ("archive its samples and unassign the technician"), in order; a single clause's own
    actions (its coordinated objects) otherwise; a bare tool id is its own action."""
    if TOOL_ID.fullmatch(text.strip()):
        return [text.strip().strip("`").removesuffix("()")]
    parts = [p.strip(" ,;") for p in _LIST_BREAK.split(text.strip().rstrip(".!"))]
    if len(parts) < 2 or not all(p and _plain(p) for p in parts[1:]):
        return actions_of(text)
    out: list[str] = []
    for part in parts:
        found = actions_of(with_antecedent(part, out))
        if not found:
            return actions_of(text)
        out.extend(a for a in found if a not in out)
    return out

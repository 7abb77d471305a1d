"""A line of a decision tree written with arrows (issue 11): a topic or a question, then
its branches, each after "→" (or "->", "=>"):

| said                                       | read as                                  |
|--------------------------------------------|------------------------------------------|
| Hold length → `minutes` from 5 to 20.      | Hold length: `minutes` from 5 to 20.     |
| Refund asked for → look the order up ...   | Refund asked for: look the order up ...  |
| Is it `frozen`? → Yes: no order. → No: go on. | If it is `frozen`, no order.          |
| Know the caller? → No: call `t` first.     | Unless know the caller, call `t` first.  |
| Refund over $60? → Yes: a manager reviews. | If refund over $60, a manager reviews.   |

A topic is the label of the rule after its arrow, as "Topic: rule" says it (with an arrow
drawn as one, "→" or "⇒": "zone -> Z1 only" is a chat note, read by `chat7_respell`). A
question's "Yes" branch holds under the question said as a statement ("Is the account
`frozen`?": "the account is `frozen`"; "Does the lookup show X?": "the lookup show X"), its
"No" branch unless it holds; a branch that only moves on ("go on", "continue", "go ahead",
"next") is no rule; a branch with no "Yes"/"No" is the question's answer, said whatever the
answer is (it is read with no condition). The condition is the grammar's to bind, or the
rule stays `review_only` with its note: never a flat rule where the tree says "if".

A line is read as its first branch that says a rule; a second one ("→ No: V" after a "Yes"
rule) is not read, a known gap. The respelling is kept only when it reads a rule
(`reading.read_sentence`); otherwise the line is read as written.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_ARROW = re.compile(r"\s*(?:→|->|=>|⇒)\s*")
_BRANCH = re.compile(
    r"^(?P<label>yes|no|otherwise|else|if\s+not|if\s+so)\s*[:,]\s*(?P<rule>.+)$", re.I
)
_MOVE_ON = re.compile(
    r"^(?:go\s+on|continue|carry\s+on|go\s+ahead|proceed|next|move\s+on|skip(?:\s+it)?|"
    r"nothing(?:\s+to\s+do)?|fine|ok(?:ay)?)\b[\s\w,]{0,30}[.!]?$",
    re.I,
)
_AUX = re.compile(
    r"^(?P<aux>do|does|did|is|are|was|were|has|have|had|can|could|will|would|should|shall)\s+"
    r"(?P<rest>.+)$",
    re.I,
)


# "the account `frozen`", "the order already paid": a subject and the state said of it
_SUBJECT_STATE = re.compile(
    r"^(?P<np>(?:the\s+|a\s+|an\s+|this\s+|their\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+"
    r"(?P<v>`[^`]+`|already\b.*|still\b.*|over\b.*|under\b.*|above\b.*|below\b.*|more\b.*|"
    r"less\b.*|in\b.*|on\b.*|at\b.*)$",
    re.I,
)


def _statement(question: str) -> str:
    """A yes/no question said as a statement: "is the account frozen" -> "the account is
    frozen" (the copula put back after the noun phrase's first words), "does the lookup show
    X" -> "the lookup show X" (the auxiliary dropped); any other question as it is."""
    q = question.strip().rstrip("?").strip()
    m = _AUX.match(q)
    if m is None:  # "Refund over $60?": its words, the first in lower case
        q = q[:1].lower() + q[1:] if q[1:2].islower() else q
        # "Order already `refunded` or `cancelled`?": a noun and its state, no verb
        bare = re.match(r"^(?P<np>(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
                        r"(?P<v>(?:already\s+|still\s+|not\s+)?`.+)$", q)  # fmt: skip
        if bare is not None and not re.search(r"\b(?:is|are|was|were|has|have)\b", bare["np"]):
            return f"{bare['np']} is {bare['v']}"
        return q
    aux, rest = m["aux"].casefold(), m["rest"]
    if aux in {"is", "are", "was", "were"}:
        # "is the account `frozen`": the subject is the words up to the value said after it
        said = _SUBJECT_STATE.match(rest)
        if said is not None:
            return f"{said['np']} {aux} {said['v']}"
        return f"{rest} {aux}" if len(rest.split()) <= 3 else f"it {aux} so that {rest}"
    return rest  # "does the lookup show X": the statement's words, the verb left bare


def respelt(text: str) -> str | None:
    """The tree line said as the grammar reads it (module docstring), or None."""
    if not _ARROW.search(text):
        return None
    head, *branches = [p.strip() for p in _ARROW.split(text.strip())]
    head = re.sub(r"^\W*(?:\d{1,3}[.)]\s*)?", "", head)
    if not head or not branches:
        return None
    if re.match(r"(?:which|what|who|whom|whose|where|when|how|why)\b", head, re.I):
        return None  # "Which patron gets it → ...": about what another line names, no yes/no
    if not head.endswith("?") and not re.search(r"[→⇒]", text):
        return None  # "zone -> Z1 only": a chat note's arrow, its own readers' (`chat7`)
    if not head.endswith("?"):  # a topic: the first branch is its rule
        first = branches[0]
        return None if _MOVE_ON.match(first) else f"{head.rstrip(':')}: {first}"
    said = _statement(head)
    for branch in branches:  # the first branch that says a rule
        m = _BRANCH.match(branch)
        rule = m["rule"].strip() if m else branch
        if not rule or _MOVE_ON.match(rule):
            continue
        rule = rule[0].lower() + rule[1:] if not rule.startswith("`") else rule
        label = m["label"].casefold() if m else ""
        if label in {"yes", "if so"}:
            said = f"If {said}, {rule}"
        elif label in {"no", "if not", "otherwise", "else"}:
            said = f"Unless {said}, {rule}"
        else:
            said = rule[0].upper() + rule[1:]
        return said if said.endswith((".", "!", "?")) else said + "."
    return None

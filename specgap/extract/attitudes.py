"""A ban lifted by what no one can observe: a plan, a memory, a judgement on the conversation.

"Never open a locker you do not plan to use", "look members up by card only when they
cannot remember their name", "only escalate when the request cannot be handled here",
"never grant access if the member lacks adequate clearance", "only if necessary", "only when
the handbook lists one for that case": each bans a call unless a person's plan, intention or
memory holds, or unless the agent judges that it cannot help, that something is adequate,
or what a reference text (a knowledge base, a manual, the policy) says. That is neither a
field a tool reads nor an event of the conversation, so no check over the calls or the
messages can tell when the ban is lifted, and a reviewer has nothing in the trace to look
at. Kept as a `review_only` ban it would claim a rule over the calls that its own condition
makes undecidable.

`without_attitude_bans` replaces such a ban by a located `rule-not-compiled` note naming the
condition, so the sentence is never a silent loss. What stays as it was:

- a condition that is an event of the conversation ("unless the member asks for one",
  "when the customer would like to", "if they say so"): the ban is reviewed under it, since
  a reviewer can find the request in the messages (`test_conditions_scope`);
- a yes ("unless the member agrees"): a confirmation (`user_yes`);
- an ordering or a confirmation under such a condition: only bans are affected.
"""

from __future__ import annotations

import re

from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER

_PERSON = rf"(?:you|we|they|he|she|(?:the\s+)?(?:agent|assistant)|(?:the\s+|a\s+|an\s+)?{USER}s?)"
_NOT = r"(?:not|never|n't)\s+"
_CANNOT = r"(?:cannot|can\s+not|can't|could\s+not|couldn't|(?:is|are)\s+unable\s+to)\s+"

# A plan, intention, memory or judgement, in forms that are verbs whatever their subject.
_ATTITUDE = re.compile(
    r"\b(?:plan(?:s|ned|ning)?\s+(?:on|to)|intend(?:s|ed)?\s+to|mean(?:s|t)?\s+to"
    r"|(?:do|does|did)\s+" + _NOT + r"(?:know|remember|recall)"
    r"|" + _CANNOT + r"(?:remember|recall)|forg[eo]t(?:ten)?"
    r"|(?:is|are|were|was|been)\s+tasked\s+with"
    r"|" + _CANNOT + r"be\s+(?:resolved|solved|handled|answered|fixed|helped)"
    r"|(?:only\s+)?(?:if|when|where|unless)\s+(?:necessary|needed|appropriate)\b"
    r"|lacks?\s+(?:the\s+)?(?:adequate|sufficient|appropriate|proper|necessary))\b",
    re.I,
)

# Verbs of a plan, belief or ability only with a person as their subject ("the planned
# date" is a state; "you plan" is a plan; "you cannot solve it" and "you are sure" are the
# agent's judgement).
_PERSONS = re.compile(
    rf"\b{_PERSON}\s+(?:\w+ly\s+)?(?:(?:(?:do|does|did)\s+{_NOT})?"
    r"(?:plans?|intends?|remembers?|knows?|believes?|thinks?)"
    rf"|{_CANNOT}(?:solve|resolve|handle|help\s+with|fix)"
    r"|(?:are|is|am|feel|feels)\s+(?:not\s+)?(?:sure|certain|confident|convinced))\b",
    re.I,
)


# What a reference text says ("the knowledge base explicitly has a tool for it", "the
# handbook lists a notice for that case", "unless the policy allows it"): the agent's
# reading of a document, a judgement on its words that no field of a tool's output holds.
_DOCUMENT = re.compile(
    r"\b(?:the|our|your|its|their)\s+(?:knowledge\s*base|kb|handbook|manual|documentation|"
    r"docs|guide|guidelines|wiki|faq|policy|policies|rulebook|rate\s+card|playbook|runbook|"
    r"(?:knowledge\s+base\s+|help\s+)?articles?)\s+(?:\w+ly\s+)?(?:has|have|contains?|"
    r"mentions?|lists?|says?|states?|allows?|permits?|describes?|indicates?|includes?|covers?|"
    r"names?|specif(?:y|ies)|provides?)\b",
    re.I,
)


def attitude(condition: str) -> str | None:
    """The words of `condition` that make it a plan, intention, memory or judgement of a
    person (module docstring), or a reading of what a reference text says; None when it
    is none of these."""
    found = _ATTITUDE.search(condition) or _PERSONS.search(condition) or _DOCUMENT.search(condition)
    return found.group(0) if found else None


def without_attitude_bans(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`rules` without the bans whose kept condition is an attitude, and `notes` with their
    `condition-not-bound` notes replaced by one `rule-not-compiled` note that names it."""
    dropped = [
        r for r in rules if r.operator == "deny_action" and r.condition and attitude(r.condition)
    ]
    if not dropped:
        return rules, notes
    kept = [r for r in rules if r not in dropped]
    still = {r.condition for r in kept}
    gone = {repr(r.condition) for r in dropped if r.condition not in still}
    notes = [
        n
        for n in notes
        if not (n.code == "condition-not-bound" and any(g in n.message for g in gone))
    ]
    first = dropped[0]
    assert first.condition is not None
    said = attitude(first.condition)
    tools = ", ".join(dict.fromkeys(f"`{r.target or 'this tool'}`" for r in dropped))
    notes.append(
        Diagnostic(
            code="rule-not-compiled",
            message=f"this sentence reads like a rule but does not compile: the ban on {tools} "
            f"holds only {first.condition!r}, and `{said}` is a plan, a memory or a judgement "
            "that neither the calls nor the messages show, so no check decides it",
            severity="note",
            span=sentence.span(),
            help="state the condition as something a tool reports, a call does or the user "
            "says, or check this rule by hand",
        )
    )
    return kept, notes

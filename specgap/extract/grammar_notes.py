"""The located notes of the rule grammar: a condition kept on a `review_only` rule, a part
of a rule no operator states (a `Gap`), and a rule-like sentence that compiled to nothing,
each naming the part that failed and why."""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause, Condition
from specgap.extract.grammar_rules import NOT_ACTIONS, Gap
from specgap.extract.oblig2_limits import limit_detail
from specgap.extract.rulelike import as_written, cue_of
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic


def condition_diagnostic(
    s: Sentence, rule: CandidateRule, cond: Condition | None = None
) -> Diagnostic:
    """The note on a rule kept `review_only` under its condition; with the sentence's
    condition clause, it names the part (entity, field, values) that could not be bound."""
    why = ""
    if cond is not None and not cond.bound and _words(cond.text) <= _words(rule.condition or ""):
        why = f": {cond.why_unbound()}"
    return Diagnostic(
        code="condition-not-bound",
        message=f"`{rule.operator}` holds only {rule.condition!r}; that condition could not be "
        f"bound to an entity's field and values of this rule{why}, so it stays `review_only`",
        severity="note",
        span=s.span(),
        help="write the condition as a state test (`its status is 'open'`) to enforce it",
    )


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.casefold())) - _OPENING


# the words a kept condition opens with (`ban_condition` rewrites "only when" to "unless")
_OPENING = frozenset(
    {"only", "if", "when", "whenever", "unless", "while", "once", "as", "long", "provided",
     "that", "in", "case"}
)  # fmt: skip


def gap_diagnostic(s: Sentence, gap: Gap) -> Diagnostic:
    return Diagnostic(code=gap.code, message=gap.message, severity="note", span=s.span(),
                      help=gap.help)  # fmt: skip


def not_compiled(s: Sentence, clause: Clause) -> Diagnostic:
    """Why a rule-like sentence compiled to nothing, naming the part that failed."""
    if clause.action is None:
        why = "no action (a verb and what it acts on) could be read from it"
    elif clause.verb in NOT_ACTIONS:
        why = f"`{clause.verb}` is not an action a tool call performs"
    elif clause.modality in {"must", "none"}:
        why = f"it obliges the agent to `{clause.action}`, and no operator requires a call"
    else:
        why = f"no operator states a `{clause.modality}` rule over `{clause.action}` here"
        detail = limit_detail(s.clean, clause)  # "only the passenger may ...", "only ... to X"
        why = f"{why}: {detail}" if detail else why
    cue = as_written(cue_of(s.clean, described=s.subject is not None), s.clean, s.text)
    return Diagnostic(
        code="rule-not-compiled",
        message=f"this sentence reads like a rule{f' ({cue})' if cue else ''} but does not "
        f"compile: {why}",
        severity="note",
        span=s.span(),
        help="state it as an ordering, prohibition, allowlist, bound, timeout or data flow "
        "over a named tool, or enforce it elsewhere",
    )


def held_also(
    sentence: Sentence,
    rules: list[CandidateRule],
    notes: list[Diagnostic],
    case: str,
    said: str | None = None,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each held also in `case` (after a condition of its own: "X; and <case>"),
    but one whose condition says `said` (the case's words, `case` itself by default) already,
    and the notes said again: a note on each rule held here, in place of the rules' own
    condition notes when every rule was."""
    words = " ".join((said or case).split())
    out = [
        r
        if words in " ".join((r.condition or "").split())
        else r.model_copy(
            update={"condition": f"{r.condition}; and {case}" if r.condition else case}
        )
        for r in rules
    ]
    changed = [r for r, was in zip(out, rules, strict=True) if r is not was]
    if changed and len(changed) == len(rules):
        notes = [n for n in notes if n.code != "condition-not-bound"]
    return out, [*notes, *(condition_diagnostic(sentence, r) for r in changed)]


def held_under(
    sentence: Sentence, rules: list[CandidateRule], held: list[CandidateRule], condition: str
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each of `held` that has no condition kept under `condition` (a reading
    that holds only then: reviewed unless a reader binds it), and the note on each."""
    out = [
        r.model_copy(update={"condition": condition}) if r in held and not r.condition else r
        for r in rules
    ]
    notes = [condition_diagnostic(sentence, r) for r in out if r.condition == condition]
    return out, notes

"""A ban read across a semicolon: the negation of one clause on the action of another.

"Look the member up first; a slot is never reserved for a member nobody has looked up",
"Weigh the parcel with `weigh`; no parcel is ever sent unweighed": the first clause commands
an action, the second bans another. Read whole, the grammar can take the first clause's verb
as the action and the second clause's "never" as its polarity, and ban the very call the
sentence commands (enforced, it blocks every call of that tool).

`unspliced` checks each ban (`deny_action` without values) of the whole reading of a
sentence that has clauses set apart by a semicolon (`clause3_split.clauses`): when some
clause, read alone, states a ban but no clause read alone bans the same action, the
whole reading's ban is a splice of two clauses and is dropped, with the note on its kept
condition. The clauses' own readings are then added by `clause3_split.more`, as for any
sentence of several clauses. A sentence that keeps no rule at all gets a located
`rule-not-compiled` note naming the action the ban fell on, so it is never lost silently.

A sentence of one clause, a ban whose clause states it alone ("never refund a fee; send a
voucher instead"), and a ban with values are left as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from specgap.extract.clause3_split import clauses
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["unspliced"]

Reader = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]
More = Callable[
    [Sentence, list[CandidateRule], list[Diagnostic], Reader],
    tuple[list[CandidateRule], list[Diagnostic]],
]


def _is_ban(rule: CandidateRule) -> bool:
    return rule.operator == "deny_action" and not rule.params.get("values")


def _key(rule: CandidateRule) -> str:
    return " ".join(str(rule.target or "").strip("`").casefold().split())


def unspliced(
    sentence: Sentence,
    rules: list[CandidateRule],
    notes: list[Diagnostic],
    read: Reader,
    more: More,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The whole reading's rules without the bans spliced from two clauses (module
    docstring), with what the clauses state besides (`more`, `clause3_split.more`)."""
    spliced = _spliced(sentence, rules, read)
    if not spliced:
        return more(sentence, rules, notes, read)
    # the notes on the conditions of the dropped bans go with them
    said = [repr(r.condition) for r in spliced if r.condition]
    notes = [
        d
        for d in notes
        if not (d.code == "condition-not-bound" and any(c in d.message for c in said))
    ]
    kept, notes = more(sentence, [r for r in rules if r not in spliced], notes, read)
    if kept:
        return kept, notes
    what = ", ".join(f"`{r.target}`" for r in spliced)
    note = Diagnostic(
        code="rule-not-compiled",
        message="this sentence reads like a rule (a ban in one of its clauses) but does not "
        f"compile: read whole, the ban fell on {what}, the action of another clause",
        severity="note",
        span=sentence.span(),
        help="state the ban in a sentence of its own over a named tool",
    )
    return kept, [*notes, note]


def _spliced(sentence: Sentence, rules: list[CandidateRule], read: Reader) -> list[CandidateRule]:
    """The bans of the whole reading that no clause read alone states, when a clause
    read alone states a ban of its own."""
    bans = [r for r in rules if _is_ban(r) and r.target]
    if not bans or ";" not in sentence.clean:
        return []
    parts = [p for p in clauses(sentence) if ";" not in p.clean]
    if len(parts) < 2:
        return []
    banned: set[str] = set()
    for part in parts:
        found, _ = read(part)
        banned |= {_key(r) for r in found if _is_ban(r)}
    if not banned:
        return []
    return [r for r in bans if _key(r) not in banned]

"""A ban read across clauses: the negation of one part of a sentence on another's action.

"Look the member up first; a slot is never reserved for a member nobody has looked up",
"Always call `list_slots` first and take one of its slots, never one the member offers":
one part commands an action, another bans something else. Read whole, the grammar can take
the commanded verb as the action and the other part's "never" as its polarity, and ban
the very call the sentence commands (enforced, it blocks every call of that tool).

`unspliced` drops such a ban (`deny_action` without values), with the note on its kept
condition, in two shapes:

- split: the sentence has clauses set apart by a semicolon (`clause3_split.clauses`), no
  clause read alone bans the same action, and either some clause read alone states a ban
  of its own, or the one clause that names the banned action has no negation while
  another has one with a verb of its own ("is never reserved", "has not been fetched",
  "nobody has checked"; not an elided "never by e-mail");
- commanded: every part of the sentence (cut at `,` `;` `:` or a dash) that names the
  banned action has no negation and at least one commands it ("always", "first", "must",
  "start with"; for a ban that kept no condition, also the way to do it: "through `x`",
  "via `x`"), while the negation is elsewhere in the sentence ("cancel through
  `cancel_booking`; never by e-mail": the negation restricts a way of cancelling, it bans
  no call of the tool; a ban that kept "by e-mail" as its condition read it right).

The clauses' own readings are added by `clause3_split.more`, as for any sentence of
several clauses. A sentence that keeps no rule at all gets a located `rule-not-compiled`
note naming the action the ban fell on, so it is never lost silently. A ban with values
is dropped too when its values are said only in another clause than its tool while some
clause read alone states a ban ("Never call `x`; a final state is left only by the records
team": the ban of `x` stands, its values were the other clause's). A sentence of one
clause, a ban whose clause states it alone ("never refund a fee; send a voucher instead")
and a ban whose values are its own clause's are left as they are.
"""

from __future__ import annotations

import re
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


_WORD = re.compile(r"[a-z0-9][a-z0-9_.-]*")
# a negation with a verb of its own: "a slot is never reserved", "it may not be moved",
# "nobody has checked", "do not send" (not "never by e-mail", an elided restriction)
_NEGATED = re.compile(
    r"\b(?:is|are|was|were|be|been|gets?|may|can|must|should|will|shall|has|have)\s+"
    r"(?:\w+\s+)?(?:never|not)\b|\b(?:never|not)\s+(?:be\s+|been\s+|ever\s+)?\w+(?:ed|en|wn)\b"
    r"|\b(?:cannot|can't|won't|mustn't|don't|doesn't|do\s+not|does\s+not|nobody|no\s+one)\b",
    re.I,
)


_PIECES = re.compile(r"[,;:]\s+|\s+\u2014\s+|\s+-\s+")
_NEGATION = re.compile(
    r"\b(?:never|not|no|nobody|none|nothing|neither|nor|cannot|without)\b|n't\b", re.I
)
# a part that commands the call: "always call `x`", "`x` first", "start with `x`"
_COMMAND = re.compile(r"\b(?:always|first|must|start\s+with|begin\s+with|be\s+sure)\b", re.I)
# the way a call is made ("cancel through `x`"): commands the call of a flat ban only (a ban
# that kept the other part as its condition, "never by e-mail", read it right)
_WAY = re.compile(r"\b(?:through|via|using)\s+`?[A-Za-z]", re.I)


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
    docstring), with what the clauses state besides (`more`, `clause3_split.more`), and
    without a ban on a tool the sentence commands to call."""
    spliced = _spliced(sentence, rules, read)
    kept, notes = more(sentence, [r for r in rules if r not in spliced], notes, read)
    spliced += [r for r in kept if _is_ban(r) and _commanded(sentence.clean, r)]
    if not spliced:
        return kept, notes
    kept = [r for r in kept if r not in spliced]
    # the notes on the conditions of the dropped bans go with them
    said = [repr(r.condition) for r in spliced if r.condition]
    notes = [
        d
        for d in notes
        if not (d.code == "condition-not-bound" and any(c in d.message for c in said))
    ]
    if kept:
        return kept, notes
    what = ", ".join(f"`{r.target}`" for r in spliced)
    note = Diagnostic(
        code="rule-not-compiled",
        message="this sentence reads like a rule (a ban in one of its clauses) but does not "
        f"compile: read whole, the ban fell on {what}, an action another part of the "
        "sentence names or commands without a negation",
        severity="note",
        span=sentence.span(),
        help="state the ban in a sentence of its own over a named tool",
    )
    return kept, [*notes, note]


def _commanded(text: str, rule: CandidateRule) -> bool:
    """Whether the sentence commands the call the ban is on, in a part of its own with no
    negation ("always call `x` first and ..., never ...", "look the member up first; ..."),
    while the negation is in another part."""
    home = [p for p in _PIECES.split(text) if _mentions(p, rule)]
    if not home or any(_NEGATION.search(p) for p in home):
        return False
    commands = any(_COMMAND.search(p) for p in home)
    commands = commands or (not rule.condition and any(_WAY.search(p) for p in home))
    return commands and _NEGATION.search(text) is not None


def _spliced(sentence: Sentence, rules: list[CandidateRule], read: Reader) -> list[CandidateRule]:
    """The bans of the whole reading that are not their own clause's (module docstring)."""
    bans = [r for r in rules if _is_ban(r) and r.target]
    valued = [r for r in rules if r.operator == "deny_action" and r.params.get("values")]
    if not (bans or valued) or ";" not in sentence.clean:
        return []
    parts = [p for p in clauses(sentence) if ";" not in p.clean]
    if len(parts) < 2:
        return []
    banned: set[str] = set()
    for part in parts:
        found, _ = read(part)
        banned |= {_key(r) for r in found if _is_ban(r)}
    negated = [p for p in parts if _NEGATED.search(p.clean)]
    out = []
    for rule in bans:
        if _key(rule) in banned:
            continue
        home = [p for p in parts if _mentions(p.clean, rule)]
        if banned or (len(home) == 1 and negated and home[0] not in negated):
            out.append(rule)
    for rule in valued if banned else ():
        # "Never call `x`; a final state is left only by the records team": the values are
        # another clause's, the ban its own clause states alone (kept by `more`)
        home = [p for p in parts if _mentions(p.clean, rule)]
        said = [str(v).casefold() for v in rule.params["values"]]
        if len(home) == 1 and not any(v in home[0].clean.casefold() for v in said):
            out.append(rule)
    return out


def _mentions(text: str, rule: CandidateRule) -> bool:
    """Whether a clause holds the ban's mention: its tool id, or each of its words."""
    said = set(_WORD.findall(text.casefold()))
    mention = str(rule.target or "").strip("`")
    if mention and mention.casefold() in text.casefold() and not mention.count(" "):
        return True
    words = _WORD.findall(mention.casefold())
    return bool(words) and all(w in said for w in words)

"""An action taken on the outcome of a check the sentence before asks for: the check first.

"Check whether the dog's vaccinations are current. If they are, admit the dog." / "Verify
that the pen is empty.\n  - If the pen is not empty, move the dog." / "If a guest arrives
late, you should check if the gate is locked. If it is not, lock it." The second sentence
acts on what the check found (its condition points back to it: a pronoun, "so", or a word of
what was checked), so a call of the action before the check cannot be what the text
describes. Read as `require_before(<action>, before=<check the thing>)`:

- the thing is the subject of what the check tests ("the dog's vaccinations": `dog
  vaccinations`), said with the check's own verb for the resolver (`check dog vaccinations`);
- the action is the consequent's verb phrase, a pronoun object read as the checked thing;
- the order is inferred, not said, so the rule is always reviewed (`grounding: inferred`),
  and a lead condition of the check ("if a guest arrives late, check ...") is kept on it.

A check of the very state the action sets ("check if the gate is alarm enabled. If not,
enable it") names no tool that reads the state (its words name the action's own tool), so
it gives no rule: the pair is unsure.

Nothing is read when the condition does not point back to the check ("If the owner calls,
admit the dog"), when the consequent is talk or procedure ("tell them", "ask the owner",
"skip this step"), or when the sentence before asks for no check.
"""

from __future__ import annotations

import re

from specgap.extract.found_first import NOT_ACTIONS
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.extract.source_rules import preceding
from specgap.extract.tuned_checked_state import state_checked_first
from specgap.ir import CandidateRule

__all__ = ["checked_first", "outcome_rules"]

_MARKERS = re.compile(r"(?:\s*(?:[-*+\u2022]|\d{1,2}[.)]))*\s*$")
_LAST_SENTENCE = re.compile(r"(?:^|[.!?]\s+|\n)(?P<s>[^.!?\n]+[.!?]?)\s*$")
# "(If a guest arrives late, )(you should )check if/whether/that <what is tested>"
_CHECK = re.compile(
    r"^\W*(?:(?P<lead>(?:if|when|whenever|while)\s+[^,]+?)\s*,\s*)?(?:(?:first|then|next|also|"
    r"now)\s*,?\s+)?(?:(?:you|we|the\s+agent)\s+)?(?:(?:should|must|shall|need\s+to|have\s+to|"
    r"has\s+to|will)\s+)?(?:always\s+)?(?P<verb>check|verify|confirm|determine|find\s+out|"
    r"see|ensure)\s+(?:if|whether|that)\s*,?\s*(?P<what>.+?)\s*[.!?]?\s*$",
    re.I,
)
# "for the line the user named, <clause>": a leading adjunct before the tested clause
_ADJUNCT = re.compile(r"^(?:for|in|on|at|with|about)\s[^,]{1,80},\s*", re.I)
_SUBJECT = re.compile(
    r"^(?P<np>.+?)\s+(?:is|are|was|were|has|have|had|can|could|does|do|did|will|would|still|"
    r"already|exceeds?|exceeded|matches|match|belongs?|contains?|remains?|lies|lie|falls?)\b",
    re.I,
)
# "If <condition>, (then) (you should) <do>"
_BRANCH = re.compile(
    r"^\W*(?:if|when|whenever|once|in\s+case)\s+(?P<c>[^,]+?)\s*,\s*(?:then\s+)?(?:(?:you|we|the"
    r"\s+agent)\s+)?(?:(?:should|must|shall|can|may|need\s+to|have\s+to|will)\s+)?(?P<do>[a-z]"
    r"[^;:]*?)\s*[.!]?\s*$",
    re.I,
)
# a condition that points back to the check by a pronoun or an answer word
_BACK = re.compile(
    r"^(?:it|they|this|that|these|those|so|not|yes|no|the\s+answer|the\s+check|the\s+result)\b",
    re.I,
)
_DETERMINERS = frozenset(
    {"a", "an", "the", "any", "some", "its", "their", "his", "her", "your", "our", "this",
     "that", "these", "those", "each", "every", "all"}
)  # fmt: skip
_FILLER = frozenset({"user", "customer", "client", "caller", "guest", "person", "people"})
_PRONOUN = re.compile(r"^(?P<verb>\S+\s+)(?:it|them|this|these|those|that|one)\b", re.I)
_CLAUSE_BREAK = re.compile(r"\s+(?:and|but|so|then|or)\s+(?=[a-z]+\s)|\s+(?:at|for|to|with)\s+no\s")


def _thing(what: str) -> list[str]:
    """The content words of the subject of the tested clause ("the dog's vaccinations":
    `dog vaccinations`); [] when it has none."""
    m = _SUBJECT.match(_ADJUNCT.sub("", what.strip()))
    if m is None:
        return []
    words = re.findall(r"[a-z][\w-]*", m["np"].replace("'s", " ").replace("\u2019s", " "), re.I)
    return [w for w in words if w.casefold() not in _DETERMINERS]


_READS = frozenset(
    {"get", "fetch", "retrieve", "look", "find", "search", "list", "read", "view", "query",
     "reload", "refresh", "recheck", "lookup"}
)  # fmt: skip
_NOT_STATE = frozenset({"not", "no", "still", "already", "yet", "currently", "now", "also"})


def _changed_state(what: str, action: str) -> list[str] | None:
    """The words of the state the action sets, when the tested clause's predicate names it
    by the action's verb ("the line is roaming enabled" and "enable it": `roaming`), else
    None: then the check tests the subject, and a pronoun object stands for it."""
    m = _SUBJECT.match(_ADJUNCT.sub("", what.strip()))
    verb = action.split()[0].casefold()
    if m is None or len(verb) < 3:
        return None
    said = re.findall(r"[a-z][\w-]*", what.strip()[m.end() :], re.I)
    words = [w for w in said if w.casefold() not in _NOT_STATE | _DETERMINERS]
    stem = verb.removesuffix("e")
    marked = [w for w in words if w.casefold().startswith(stem) and w.casefold() != verb]
    rest = [w for w in words if w not in marked]
    return rest if marked and rest and len(rest) <= 3 else None


def checked_first(text: str, before: str) -> list[Emit]:
    """The inferred ordering of `text` (module docstring), `before` the text just before it."""
    branch = _BRANCH.match(text)
    last = _LAST_SENTENCE.search(_MARKERS.sub("", before))  # a nested bullet's own marker
    if branch is None or last is None:
        return []
    check = _CHECK.match(last["s"].strip())
    if check is None:
        return []
    thing = _thing(check["what"])
    if not thing:
        return []
    tested = {w.casefold() for w in re.findall(r"[a-z][\w-]*", check["what"], re.I)}
    tested -= _DETERMINERS | _FILLER
    said = {w.casefold() for w in re.findall(r"[a-z][\w-]*", branch["c"], re.I)}
    if _BACK.match(branch["c"].strip()) is None and not (said & tested):
        return []  # the condition is about something else
    do = " ".join(branch["do"].split())
    if do.split()[0].casefold() in NOT_ACTIONS | _READS | {"do", "don't", "never", "not", "please"}:
        return []  # talk, procedure, or reading the thing again: no action on the outcome
    action = _CLAUSE_BREAK.split(do, maxsplit=1)[0]
    if (state := _changed_state(check["what"], action)) is not None:
        # "is the line roaming enabled? if not, enable it": the check tests the very state the
        # action sets, and its words name that action's tool, not the one that reads the
        # state; the thing's record is read first (`tuned_checked_state`)
        lead = " ".join(check["lead"].split()) if check["lead"] else None
        return state_checked_first(check["what"], action, state, lead)
    action = _PRONOUN.sub(lambda p: p["verb"] + thing[-1], action, count=1)
    verb = " ".join(check["verb"].casefold().split())
    verb = "check" if verb in {"see", "ensure", "determine", "find out"} else verb
    lead = " ".join(check["lead"].split()) if check["lead"] else None
    return [Emit("require_before", action, {"before": f"{verb} {' '.join(thing)}"}, 0.6,
                 condition=lead)]  # fmt: skip


def outcome_rules(sentence: Sentence) -> list[CandidateRule]:
    """`checked_first`'s rules of a prompt sentence, reviewed (the order is inferred)."""
    if sentence.subject is not None:
        return []
    return [
        candidate(sentence, e).model_copy(update={"grounding": "inferred"})
        for e in checked_first(sentence.clean, preceding(sentence))
    ]

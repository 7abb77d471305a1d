"""The last guard on a sentence's rules: a condition the grammar read in the sentence is
either carried by each rule the sentence compiled to, or kept on it (so it is reviewed).

The readers after `conditional_rules.guard` (counts, confirmations, orderings, bounds read
from the sentence's other words) may build their rule from the part of the sentence around
the condition and leave the condition out: "do not renew a loan more than twice unless the
member is gold" read as a flat count of two, "confirm with the owner before cancelling if
it is within a day" as a confirmation of every cancellation. Each is stronger than the
sentence. `unbound` keeps the condition on such a rule (a `condition-not-bound` note says
so), and leaves alone a rule that carries it: a state test, a rule whose values or bound
are the condition's own words, an ordering or confirmation whose condition is its step or
the user's yes.
"""

from __future__ import annotations

import re

from specgap.extract.allow_actions import names_action
from specgap.extract.conditional_rules import ban_condition
from specgap.extract.grammar import Clause
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.extract.user_yes import is_yes
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators import OPERATORS
from specgap.operators.prose import USER

_ORDERED = frozenset({"require_before", "require_confirmation"})
# "only after it was looked up", "before you pay": the ordering is the condition itself
_STEP_WORDS = r"(?:only\s+)?(?:after|before|once|until|till|prior\s+to)\b"
_STEP = re.compile(r"^\W*" + _STEP_WORDS, re.I)
# ... and said anywhere before a condition ("only once `a` has run, unless W")
_STEP_SAID = re.compile(r"\b" + _STEP_WORDS, re.I)
# an exception that is no step of the rule ("unless W", "except W")
_UNLESS = re.compile(r"^\W*(?:unless|except)\b", re.I)
# an exception anywhere in a condition: it takes cases out of the rule's action, so naming
# that action is no sign that the condition is only the action's own scope
_EXCEPTION = re.compile(r"\b(?:unless|except)\b", re.I)
# a second condition after the step ("only after V, unless W"): the ordering carries V only
_MORE = re.compile(
    r"\b(?:unless|except|if|provided|(?:as|so)\s+long\s+as|in\s+case|whenever|while)\b", re.I
)
# "no boarding pass may be issued ...": the grammar's reading of a "no <noun>" subject, no
# condition
_NO_SUBJECT = re.compile(r"^\W*for\s+(?:no|any|all|every|each)\b", re.I)
_YES = re.compile(
    r"\b(?:confirm\w*|yes|agree\w*|approv\w*|consent\w*|permission|go-ahead|authori[sz]\w*|"
    r"ask\w*|request\w*|explicit\w*)\b",
    re.I,
)
_WORD = re.compile(r"[\w$€£.%-]+")

# a class of the people (or accounts) a rule holds for: "gold members", "members who owe
# more than $50", "for personal accounts"; a determiner ("the", "all", "each") names no class
_WHO = (
    r"(?:" + USER + r"|account|owner|shipper|sender|household|company|business|"
    # "someone whose record shows arrears can't ...": a class of people all the same
    r"someone|somebody|anyone|anybody|person|people)s?\b"
)
_NOT_MOD = (
    r"(?!(?:the|a|an|all|any|every|each|this|that|these|those|their|your|our|its|his|her|"
    r"my|no|some|other|such|both|either|neither|only|never|do|not|and|or|of|for|to|in|on|by|"
    r"with)\b)"
)
_MOD = _NOT_MOD + r"[a-z][\w-]*\s+(?:" + _NOT_MOD + r"[a-z][\w-]*\s+)?"
_REL = r"\s+(?:who|that|whose|with|without|under|over|above|below|in)\b[^,.;:]*?"
_MODAL = r"(?=\s+(?:may|can|cannot|can't|must|should|shall|are|is)\b)"
_A_CLASS = r"(?:" + _MOD + _WHO + r"|" + _WHO + _REL + r"(?=[,.;:]|$))"
_BUT = r"(?:other\s+than|except(?:\s+for)?|apart\s+from|besides)"
_CLASS = (
    (re.compile(r"\b" + _BUT + r"\s+(?:the\s+)?(?P<q>" + _A_CLASS + r")", re.I), "except "),
    (re.compile(r"\b(?P<p>for|by|to)\s+(?P<q>" + _MOD + _WHO + r")", re.I), "for "),
    (
        re.compile(
            r"\b(?P<p>for|by|to)\s+(?:the\s+)?(?P<q>" + _WHO + _REL + r")(?=[,.;:]|$)", re.I
        ),
        "for ",
    ),
    (re.compile(r"^\W*(?P<q>" + _MOD + _WHO + r")" + _MODAL, re.I), "for "),
    (re.compile(r"^\W*(?:the\s+)?(?P<q>" + _WHO + _REL + r")" + _MODAL, re.I), "for "),
)
# a circumstance opening the sentence ("outside office hours, ...", "on weekends, ..."); not
# one that places the rule in the conversation ("in every reply", "at all times")
_WHEN_LEAD = re.compile(
    r"^\W*(?P<q>(?:outside|during|on|in|at|within|throughout|between)\s+(?!(?:general|all|any|every|each|"
    r"most|least|total|addition|particular|short|summary|order|practice|doubt|this|that|these|"
    r"those|your|our|the\s+(?:conversation|chat|reply|response|prompt|policy|system|tool|"
    r"beginning|start|end))\b)[^,;:]{2,50}?),\s",
    re.I,
)
_CHAT = re.compile(
    r"\b(?:conversation|chat|repl(?:y|ies)|response|message|turn|session|prompt)s?\b", re.I
)


# a lead over bullets naming a class: "Gold members:", "For members who owe a fee:"
_LEAD = re.compile(
    r"^\s*(?:#+\s*)?(?:\*\*|__)?(?:for\s+(?:the\s+)?)?(?P<q>"
    + _MOD
    + _WHO
    + r"|"
    + _WHO
    + _REL
    + r")(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*$",
    re.I,
)
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")


# approval by someone other than the user ("without the branch manager's approval"): a
# confirmation asks the user, so it is no reading of it
_STAFF_APPROVAL = re.compile(
    r"\b(?:without|unless|until|except\s+with)\s+(?:(?:the|a|an|their|your)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:manager|supervisor|administrator|admin|director|lead|head|officer|staff|team|"
    r"compliance|legal|security|finance|vet|veterinarian|doctor|pharmacist|dispatcher)(?:'s|s')?"
    r"(?:\s+(?:approval|sign-?off|authori[sz]ation|permission|consent|ok|go-ahead))?\b",
    re.I,
)


def unbound(
    sentence: Sentence,
    clause: Clause,
    rules: list[CandidateRule],
    read: list[CandidateRule] | None = None,
) -> list[CandidateRule]:
    """The rules, each carrying the clause's condition or keeping it (module docstring); a
    class of people the sentence (or the lead of its bullet list) names ("gold members may
    ...") is such a condition too. The `read` rules were read with their condition by
    their own reader (a search's outcome): they are left as they are."""
    if read:  # in their order
        kept = iter(unbound(sentence, clause, [r for r in rules if r not in read]))
        return [r if r in read else next(kept) for r in rules]
    text = sentence.clean
    cond = clause.condition
    if (
        cond is not None
        and cond.kind != "otherwise"
        and not _NO_SUBJECT.match(cond.text)
        and not _apart(text, cond.text, rules)
    ):
        rules = [
            _kept(r, clause, text)
            if _scoped(r, text, cond.text)
            and (_EXCEPTION.search(cond.text) or not names_action(cond.text, r))  # "when V-ing X"
            else r
            for r in rules
        ]
    staff = _STAFF_APPROVAL.search(text)
    if staff is not None:  # the user's yes is not the manager's: kept for review
        rules = [
            r.model_copy(update={"condition": " ".join(staff[0].split())})
            if r.operator == "require_confirmation" and r.condition is None
            else r
            for r in rules
        ]
    who = held_for(text) or _led_by(sentence)
    if who is None:
        return rules
    return [
        r.model_copy(update={"condition": who})
        if r.condition is None
        and _strong(r)
        and not _carries(r, who)
        and _scoped(r, text, who.split(" ", 1)[-1])
        else r
        for r in rules
    ]


# "...; otherwise the limit is $100": the second part is conditional too (on the first's
# condition not holding)
_LINKED = re.compile(
    r"[;.]\s*(?:otherwise|else|if\s+not|in\s+(?:that|this|either)\s+case|then)\b", re.I
)


def _apart(text: str, said: str, rules: list[CandidateRule]) -> bool:
    """The condition is a rule of its own, coordinated with the others and read as a state
    test ("can be moved at most once, and only while reserved"): the others are not under
    it."""
    joined = re.search(r"\b(?:and|but)\s+" + re.escape(said[:20]), text, re.I)
    return joined is not None and any(r.operator == "state_condition" for r in rules)


def _scoped(rule: CandidateRule, text: str, said: str) -> bool:
    """Whether the condition `said` can be the rule's: the sentence is one statement, or
    the rule's number or verb is in the condition's own part ("only if V; never more than
    $200": the bound is the second part's, unconditional). A rule found in no part keeps
    it (the safe side)."""
    parts = [p for p in re.split(r";|\.\s+", text) if p.strip()]
    if len(parts) < 2 or _LINKED.search(text):
        return True
    own = next((p for p in parts if said.casefold() in p.casefold()), None)
    if own is None:
        return True
    found = [p for p in parts if _stated_in(rule, p)]
    return not found or own in found


def _stated_in(rule: CandidateRule, part: str) -> bool:
    """The rule's number, or else its verb, is in this part of the sentence."""
    values = _values(rule.params)
    if values:
        words = {w.casefold().strip(".$€£%") for w in _WORD.findall(part)}
        return any(_said(v, words, part) for v in values)
    verb = (rule.target or "").replace("_", " ").split()[:1]
    return bool(verb) and re.search(r"\b" + re.escape(verb[0][:5]), part, re.I) is not None


def unbound_noted(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`unbound`, with a `condition-not-bound` note on each rule it gave a condition (for a
    reading that returns its notes already made, as an ordering's)."""
    kept = unbound(sentence, clause, rules)
    more = [condition_diagnostic(sentence, r) for r, was in zip(kept, rules, strict=True)
            if r.condition and not was.condition]  # fmt: skip
    return kept, [*notes, *more]


def held_for(text: str) -> str | None:
    """The class of people or accounts the sentence's rule holds for ("for gold members",
    "except gold members"), or None."""
    for pattern, said in _CLASS:
        found = pattern.search(text)
        if found is not None:
            return said + " ".join(found["q"].split())
    found = _WHEN_LEAD.match(text)
    if found is not None and not _CHAT.search(found["q"]):
        return " ".join(found["q"].split())
    return None


def _led_by(sentence: Sentence) -> str | None:
    """The class a bullet's lead names ("Gold members:" over "- may V twice"), or None."""
    if sentence.subject is not None or not sentence.offsets:
        return None
    text = sentence.artifact.text
    line_start = text.rfind("\n", 0, sentence.offsets[0]) + 1
    if not _BULLET.match(text[line_start : sentence.offsets[0] + 3]):
        return None
    for line in reversed(text[max(0, line_start - 2000) : line_start].split("\n")[:-1]):
        if _BULLET.match(line):
            continue
        found = _LEAD.match(line)
        return "for " + " ".join(found["q"].split()) if found is not None else None
    return None


def _kept(rule: CandidateRule, clause: Clause, text: str = "") -> CandidateRule:
    cond = clause.condition
    assert cond is not None
    if rule.condition is not None or not _strong(rule):
        return rule
    # "only once `a` has gone through, unless W": the step said apart, so "unless W" is
    # never the step itself, whatever words it shares with it
    stepped = bool(_UNLESS.match(cond.text)) and bool(_STEP_SAID.search(text[: cond.start]))
    if _carries(rule, cond.text, excepted=stepped):
        return rule
    kept = ban_condition(clause, cond) if rule.operator == "deny_action" else cond.text
    return rule.model_copy(update={"condition": kept})


def _strong(rule: CandidateRule) -> bool:
    """A rule the compiler enforces as it stands, whatever the sentence's condition."""
    if rule.operator == "state_condition":
        return False
    return rule.operator in _ORDERED or OPERATORS[rule.operator].guarded


def _carries(rule: CandidateRule, text: str, *, excepted: bool = False) -> bool:
    """Whether the rule states the condition already: its values or bound are the
    condition's words, or (an ordering, a confirmation) the condition is its step or yes."""
    if rule.operator in _ORDERED:
        before = str(rule.params.get("before", ""))
        if rule.operator == "require_confirmation" and _YES.search(text):
            return True
        if before and is_yes(before):
            return True
        more = _MORE.search(re.sub(r"^\W*(?:only\s+)?\w+", "", text))  # after its opener
        if not more and not excepted and (_STEP.match(text) or (before and _overlap(before, text))):
            return True
        # "when cancelling a booking, confirm first": the condition is the action itself (an
        # exception, "except for a refund of a double charge", takes some of those out)
        verb = (rule.target or "").replace("_", " ").split()[:1]
        if (
            verb
            and not _EXCEPTION.search(text)
            and len(verb[0]) > 3
            and any(
                "_" not in m[0]  # (a word of the condition, not another tool's id: `tool_void_x`)
                for m in re.finditer(r"\b" + re.escape(verb[0][:5]) + r"[\w-]*", text, re.I)
            )
        ):
            return True
    words = {w.casefold().strip(".$€£%") for w in _WORD.findall(text)}
    return any(_said(v, words, text) for v in _values(rule.params))


def _values(params: dict[str, object]) -> list[str]:
    out: list[str] = []
    for key in ("values", "allowed", "denied", "max", "min"):
        v = params.get(key)
        if isinstance(v, list | tuple):
            out += [str(x) for x in v]
        elif v is not None:
            out.append(str(v))
    return out


def _said(value: str, words: set[str], text: str) -> bool:
    v = value.casefold()
    if v.endswith(".0"):
        v = v[:-2]
    return v in words or (len(v) > 3 and v in text.casefold())


def _overlap(before: str, text: str) -> bool:
    """The prerequisite's words are in the condition ("only once the pet is weighed")."""
    stems = {w[:5] for w in re.findall(r"[a-z]{4,}", before.casefold().replace("_", " "))}
    # "if the reason is remake": a value a field holds, no step done ("the pet is weighed")
    valued = {
        m["v"]
        for m in _VALUED.finditer(text.casefold())
        if not re.search(r"(?:ed|en|wn|ne)$", m["v"])
    }
    words = [w for w in re.findall(r"[a-z]{4,}", text.casefold()) if w not in valued]
    return any(w[:5] in stems for w in words)


_VALUED = re.compile(r"\b(?:is|are|was|were|reads|equals)\s+(?:not\s+)?[`'\"]?(?P<v>[a-z]{4,})")

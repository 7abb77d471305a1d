"""Human review: a call that needs a person's approval before it runs (a manager, a second
staff member, a curator), read from the grammar of the sentence, not from a phrase.

A review has a reviewer who is not the user and an act of approval, said as
- a noun: "human review", "a manager's sign-off", "approval from the vault keeper",
  "two-person review", "subject to review", "hand X to the lead for approval";
- a verb with the reviewer as its subject, under an obligation or as the condition of the
  act: "a manager must approve every credit", "only after the kiln lead approves",
  "once a curator has approved", "a second staff member has to check each cancellation";
- a passive: "must be approved by a supervisor", "cannot be raised without a sign-off".

The act reviewed is the one tool the sentence names by id, else the act it names ("before
you issue it", "credits over $100", "each cancellation"), resolved as any mention is.
A condition the operator cannot carry ("over $100", "when the crossing is full") is kept as
the rule's condition: the rule is for review, never a bound that blocks the approved call.
The user's own yes ("the member must confirm") is `require_confirmation`'s; a reviewer who
only may approve ("managers can approve refunds"), or does so as a habit ("the lead reviews
logs every Friday"), states no rule.
"""

from __future__ import annotations

import functools
import re

from specgap.extract.english import verb_lemma
from specgap.extract.flow5_rules import TOOL
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import candidate
from specgap.extract.people import OWNER, OWNER_IN_CHAT
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER

_TOOL_RE = re.compile(TOOL)
# who reviews: a role that speaks for the business, or a second person
_ROLE = (
    r"(?:manager|supervisor|admin|administrator|lead|owner|team|compliance|legal|security|"
    r"finance|approver|reviewer|officer|director|coordinator|controller|auditor|inspector|"
    r"dispatcher|technician|specialist|staff(?:\s+member)?|team\s+member|engineer|accountant|"
    r"curator|keeper|steward|registrar|archivist|librarian|treasurer|secretary|chair|"
    r"foreman|forewoman|captain|chief|head|boss|colleague|co-?worker|peer|checker|"
    r"signatory|human|person|someone|somebody|superior|senior|principal|warden|ranger|"
    r"clerk|marshal|master|mate|purser|bosun|committee|board)s?"
)
_REVIEWER = (
    r"(?:(?:a|an|the|one|your|our|their|some|any)\s+)?(?:(?:second|another|other|different|"
    r"independent|two|senior|on-duty|duty|shift|studio|kiln|desk|site|station|floor|area|"
    r"[a-z]+(?<!\bthe)(?<!\ba)(?<!\ban)(?:'s|s')?)[\s-]+){0,2}" + _ROLE + r"(?:'s|s')?"
)
_NOUN = (
    r"(?:review|approval|sign[- ]?off|signoff|authori[sz]ation|countersignature|okay|ok|"
    r"go-ahead|green\s+light|say-so|blessing|clearance|check|sign-out)"
)
_VERB = (
    r"(?:approv(?:e|es|ed|ing)|review(?:s|ed|ing)?|sign(?:s|ed|ing)?[- ]off(?:\s+on)?|"
    r"authori[sz](?:e|es|ed|ing)|countersign(?:s|ed|ing)?|check(?:s|ed|ing)?|"
    r"vet(?:s|ted|ting)?|clear(?:s|ed|ing)?|okay(?:s|ed)?|ok's|ok'd)"
)
_OBLIGE = (
    r"(?:must|shall|should|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to|will\s+need\s+to|"
    r"is\s+required\s+to|are\s+required\s+to)"
)
_ONLY_AFTER = r"(?:only\s+)?(?:after|once|when|until|unless|before|till|provided|if)"
_USER_WHO = re.compile(r"\b(?:the|a|an|each|every|their)\s+(?:\w+\s+)?" + USER + r"s?\b", re.I)

_SHAPES = [
    # "needs my approval", "with our sign-off", "approved by me": the policy's author, who
    # speaks for the business
    re.compile(
        r"\b(?:my|our)\s+(?:explicit\s+|written\s+|prior\s+|own\s+)?" + _NOUN + r"\b"
        r"|\b" + _VERB + r"\s+by\s+(?:me|us)\b",
        re.I,
    ),
    # "human review", "manager approval", "two-person review", "supervisor sign-off"
    re.compile(
        r"\b(?:human|manual|two-person|four-eyes|second-person|peer|staff|"
        + _ROLE
        + r")\s+"
        + _NOUN
        + r"\b",
        re.I,
    ),
    # "a manager's sign-off", "the kiln lead's okay"
    re.compile(
        r"\b" + _REVIEWER.replace(r"(?:'s|s')?", r"(?:'s|s')") + r"\s+(?:\w+\s+)?" + _NOUN, re.I
    ),
    # "sign-off from the vault keeper", "approval by a curator"
    re.compile(r"\b" + _NOUN + r"\s+(?:from|by|of)\s+" + _REVIEWER + r"\b", re.I),
    # "a manager must approve", "a second staff member has to check"
    re.compile(
        r"\b" + _REVIEWER + r"\s+(?:first\s+)?" + _OBLIGE + r"\s+(?:first\s+)?" + _VERB, re.I
    ),
    # "needs a second person to approve it", "requires the duty lead to sign off"
    re.compile(
        r"\b(?:requires?|required|needs?|needed)\s+" + _REVIEWER + r"\s+to\s+(?:first\s+)?" + _VERB,
        re.I,
    ),
    # "only after the kiln lead approves", "once a curator has approved"
    re.compile(
        r"\b"
        + _ONLY_AFTER
        + r"\s+"
        + _REVIEWER
        + r"\s+(?:has\s+|have\s+|had\s+)?(?:first\s+)?"
        + _VERB,
        re.I,
    ),
    # "make sure a studio manager signs off"
    re.compile(
        r"\b(?:make\s+sure|ensure|see\s+that|check\s+that)\s+" + _REVIEWER + r"\s+" + _VERB, re.I
    ),
    # "must be approved by a supervisor", "is signed off by the lead"
    re.compile(
        r"\b(?:be|been|is|are|was|were)\s+(?:first\s+)?" + _VERB + r"\s+by\s+" + _REVIEWER, re.I
    ),
    # "requires human approval", "subject to manual review": a person, if not named
    re.compile(
        r"\b(?:requires?|required|needs?|needed|subject\s+to|pending|without|awaiting|"
        r"get|gets|obtain|seek)\s+(?:(?:a|an|the|prior|explicit|formal|written|separate)\s+)*"
        r"(?:human|manual|independent|second|two-person|four-eyes|peer)\s+" + _NOUN + r"\b",
        re.I,
    ),
    # "hand the cancellation to the shift lead for approval, then call `t`"
    re.compile(
        r"\b(?:hand|pass|send|give|escalate|route|refer|take|bring)\s+[^.;]{0,40}?\bto\s+"
        + _REVIEWER
        + r"\s+for\s+(?:(?:their|his|her|an?|the)\s+)?"
        + _NOUN
        + r"\b(?=[^.;]*\b(?:then|before|and\s+only\s+then)\b)",
        re.I,
    ),
]
_NOT_REVIEW = re.compile(
    r"\b(?:can|could|may|might)\s+(?:also\s+)?" + _VERB + r"\b|\b(?:reviews?|approves?|checks?)\s+"
    r"(?:\w+\s+){0,3}(?:every|each)\s+(?:day|week|month|morning|evening|friday|monday|"
    r"tuesday|wednesday|thursday|saturday|sunday)\b",
    re.I,
)
_AMOUNT = re.compile(
    r"\b(?:over|above|more\s+than|exceeding|greater\s+than|larger\s+than|at\s+least|"
    r"bigger\s+than|higher\s+than|in\s+excess\s+of|beyond|upwards\s+of)\s+(?:[$€£]\s?)?"
    r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|a\s+(?:few|dozen|hundred))"
    r"(?:\s*(?:%|percent|dollars?|euros?|pounds?|units?|items?|bags?|kg|hours?|days?|nights?))?",
    re.I,
)
_CONDITION = re.compile(
    r"\b(?:if|when|whenever|where|unless|in\s+case|while)\s+(?P<c>[^,.;:]+)", re.I
)
_BEFORE_ACT = re.compile(
    r"\b(?:before|prior\s+to|then)\s+(?:you\s+|we\s+|the\s+agent\s+)?(?:can\s+|may\s+)?"
    r"(?P<act>(?:call(?:ing)?\s+)?[a-z]+(?:\s+(?!is\b|are\b|runs?\b)[\w.-]+){0,3})",
    re.I,
)
_LABEL = re.compile(r"^\W*(?:q|a|faq|note|tip|rule|(?:runbook\s+)?step\s*\d*)\s*[:.)-]\s*", re.I)
_SUBJECT = re.compile(
    r"^\W*(?P<np>[A-Za-z][^:,.;]*?)\s*(?::|\s+(?:over|above|more|of|for|to|through|need|needs|"
    r"require|requires|required|must|cannot|can't|may|go|goes|are|is|should|shall|have|has|"
    r"calls?|only)\b)",
    re.I,
)
_DETERMINERS = re.compile(r"^(?:(?:any|every|each|all|the|a|an|no)\s+)+", re.I)
_PASSIVE_ACT = re.compile(
    r"\s*(?:must|cannot|can't|may|should|shall|will|can)?\s*(?:not\s+|never\s+|only\s+)?"
    r"(?:be|been)\s+(?P<verb>[a-z]+(?:ed|en))\b",
    re.I,
)
_OBJECT = re.compile(
    r"\b" + _VERB + r"\s+(?:on\s+)?(?:(?:every|each|any|all|the|a|an)\s+)(?P<obj>[a-z][\w-]*)", re.I
)
_PRONOUN = re.compile(r"\b(?:it|them|this|that|one)\b", re.I)

# the approval as the way out of another rule ("... unless a manager approves it")
_EXCEPTION = re.compile(r"\b(?:unless|without|except|save\s+with|other\s+than\s+with)\b", re.I)

# what a review replaces: the bound or ban read from the same words ("over $100" as a max)
_REPLACED = frozenset({"arg_within_bound", "deny_action", "review_required"})


@functools.lru_cache(maxsize=4096)
def _review_said(text: str) -> re.Match[str] | None:
    """Where the sentence asks for a review: the first shape that matches (asked for each
    sentence by `reviews` and again by `with_reviews`)."""
    return next((m for p in _SHAPES if (m := p.search(text))), None)


def reviews(text: str, described: bool = False) -> list[Emit]:
    """The review a sentence asks for, on the act it names (in a tool's description, the
    tool), under the condition it states."""
    said = _review_said(text)
    if said is None or _NOT_REVIEW.search(text):
        return []
    if _USER_WHO.search(said.group()) or re.search(OWNER + "|" + OWNER_IN_CHAT, text, re.I):
        return []  # the user's own yes ("the pet owner", "the owner ... in the chat")
    if any(re.search(r"approv|review|sign", t, re.I) for t in _TOOL_RE.findall(text)):
        return []  # an approval a tool makes ("before `approve_loan`"): a step, not a person
    target = None if described else _target(text)
    if target is None and not described:
        return []
    condition = _condition(text, said)
    return [Emit("review_required", target, {}, 0.8, condition=condition)]


# the tool the review is asked through, not the act reviewed: "hand it over with `escalate`"
_CHANNEL = re.compile(
    r"\b(?:hand(?:ed)?\s+(?:it|them|this|that)?\s*(?:over|off|on)?|escalat(?:e|ed|ing)|pass(?:ed)?\s+"
    r"(?:it|them)?\s*(?:on|up)|refer(?:red)?|transfer(?:red)?|flag(?:ged)?|route[ds]?)\s+[^.;]{0,30}?"
    r"\b(?:with|using|via|through|by\s+calling)\s+" + TOOL,
    re.I,
)


def _target(text: str) -> str | None:
    channels = {str(t).strip("`") for m in _CHANNEL.finditer(text) for t in _TOOL_RE.findall(m[0])}
    ids: list[str] = [
        i
        for i in dict.fromkeys(str(t).strip("`") for t in _TOOL_RE.findall(text))
        if i not in channels
    ]
    if channels and not ids:  # the act is the one the sentence names in words
        text = _CHANNEL.sub("", text)
    if len(ids) == 1:
        return ids[0]
    if len(ids) > 1:
        return None
    text = _LABEL.sub("", text)
    if re.match(r"^\W*no\b", text, re.I):  # "A: No. A manager must ...": the answer's rule
        text = re.sub(r"^\W*no\W+", "", text, flags=re.I)
    before = _BEFORE_ACT.search(text)
    subject = _SUBJECT.match(text)
    obj = _OBJECT.search(text)
    noun = _DETERMINERS.sub("", subject["np"]) if subject else None
    if noun is not None and (len(noun.split()) > 4 or re.match(_REVIEWER + r"$", noun, re.I)):
        noun = None
    if noun is not None and re.match(r"^(?:human|manual|two-person|" + _ROLE + r")\b", noun, re.I):
        noun = None  # "Human review: required for X"
    noun = noun or (obj["obj"] if obj else None)
    if noun is None:
        m = re.search(r"\bfor\s+(?:(?:every|each|any|all|the|a|an)\s+)?(?P<n>[a-z][\w-]*)", text)
        noun = m["n"] if m else None
    if before is not None:
        act = before["act"].rstrip(".")
        if _PRONOUN.search(act) and noun:
            return _PRONOUN.sub(noun, act, count=1)
        if not re.match(r"^(?:the|a|an|it|that)\b", act, re.I):
            return act
    if noun is None:
        return None
    passive = _PASSIVE_ACT.match(text, subject.end("np")) if subject else None
    if passive is not None:
        verb = verb_lemma(passive["verb"]) or passive["verb"]
        return f"{verb} {noun}"
    return noun


def _condition(text: str, said: re.Match[str]) -> str | None:
    amount = _AMOUNT.search(text)
    if amount is not None:
        return amount.group()
    for m in _CONDITION.finditer(text):
        if m.start() <= said.start() < m.end():
            continue  # "only when the lead approves": the review itself
        if any(p.search(m["c"]) for p in _SHAPES):
            continue
        return m.group().strip()
    return None


def with_reviews(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with the review it asks for, which replaces the readings of the
    same words as a bound, a ban, or the user's yes."""
    emits = reviews(sentence.clean, described=sentence.subject is not None)
    if not emits:
        return _not_the_users_yes(sentence, rules, notes)
    if _EXCEPTION.search(sentence.clean) and any(
        r.operator != "deny_action" or r.params.get("values") for r in rules
    ):
        return rules, notes  # "no more than one X unless a manager approves": that rule, held
    users = bool(_USER_YES.search(sentence.clean))
    figures = _figures(" ".join(e.condition or "" for e in emits))
    kept = [
        r
        for r in rules
        if (r.operator not in _REPLACED or _other_bound(r, figures))
        and not (r.operator == "require_confirmation" and not users)
        and not (r.operator == "require_before" and _approval(r.params.get("before")))
    ]
    added = [_grounded(candidate(sentence, e)) for e in emits]
    # a note on a reading the review replaced ("`deny_action` holds only 'unless the clerk
    # has reviewed it'") is about no rule any more
    gone = {r.operator for r in rules} - {r.operator for r in kept}
    notes = [n for n in notes if not _about(n, gone) and not _none_read(n)]
    notes = [*notes, *(condition_diagnostic(sentence, r) for r in added if r.condition)]
    return [*kept, *added], notes


def _figures(text: str) -> set[float]:
    return {float(f.replace(",", "")) for f in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}


def _other_bound(rule: CandidateRule, figures: set[float]) -> bool:
    """A bound of another figure than the review's ("at most £500, and anything above £120
    waits for review": the cap is £500, the review from £120), which the review leaves."""
    if rule.operator != "arg_within_bound" or not figures:
        return False
    said = {rule.params.get(k) for k in ("min", "max")} - {None}
    return bool(said) and not any(float(v) in figures for v in said if isinstance(v, (int, float)))


def _about(note: Diagnostic, operators: set[str]) -> bool:
    """The note is the condition note of a rule of one of `operators`."""
    return note.code == "condition-not-bound" and any(
        note.message.startswith(f"`{op}` ") for op in operators
    )


def _none_read(note: Diagnostic) -> bool:
    """The note says the sentence compiles to nothing, which the review it asks for belies."""
    return note.code == "rule-not-compiled" and note.message.startswith(
        "this sentence reads like a rule"
    )


# the user's own yes said beside a review: "... and the member must confirm it too"
_USER_YES = re.compile(
    r"\b(?:(?:the|a|an|each|every|their)\s+(?:\w+\s+)?" + USER + r"s?(?:'s)?\s+(?:must\s+|has\s+"
    r"to\s+|should\s+|needs?\s+to\s+)?(?:confirm|approve|agree|consent|say\s+yes|"
    r"confirmation|approval|consent|yes|go-ahead)|(?:confirmation|approval|consent|yes|"
    r"go-ahead)\s+(?:from|of|by)\s+(?:the|a|an|each|their)\s+(?:\w+\s+)?" + USER + r")",
    re.I,
)


def _not_the_users_yes(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A review by someone who is not the user whose act could not be bound ("No fee
    refunds without a treasurer's approval" with no tool named): the approval is never the
    user's yes, so a confirmation read from the same words is dropped, and a note says why
    nothing is enforced."""
    text = sentence.clean
    if _NOT_REVIEW.search(text) or _USER_YES.search(text):
        return rules, notes
    said = _review_said(text)
    if said is None or _USER_WHO.search(said.group()):
        return rules, notes
    if re.search(OWNER + "|" + OWNER_IN_CHAT, text, re.I):
        return rules, notes  # "until the owner has approved ... in the chat": the user's yes
    if not any(r.operator == "require_confirmation" for r in rules):
        return rules, notes
    note = Diagnostic(
        code="rule-not-compiled",
        message="this sentence asks for a review by someone who is not the user, but the "
        "act reviewed could not be bound to a tool: nothing is enforced (the approval is not "
        "the user's confirmation)",
        severity="note",
        span=sentence.span(),
        help="name the tool the review is for, e.g. 'calls to `refund_fee` need a "
        "treasurer's approval'",
    )
    return [r for r in rules if r.operator != "require_confirmation"], [*notes, note]


def _grounded(rule: CandidateRule) -> CandidateRule:
    """A target said as a noun or an act ("credits", "issue credit") is no exact mention of a
    tool, even when its words are in the sentence: the resolver's score decides (partial)."""
    if rule.grounding == "exact" and not _TOOL_RE.fullmatch(str(rule.target or "")):
        return rule.model_copy(update={"grounding": "partial"})
    return rule


def _approval(before: object) -> bool:
    return before is None or bool(re.search(_NOUN + "|" + _VERB + "|" + _ROLE, str(before), re.I))

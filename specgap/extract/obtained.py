"""Values the agent must obtain from the user before acting: "Collect the full name and
licence number from the renter", "Gather the name and phone number for every passenger",
"Do not proceed without the renter's licence number".

Such a sentence says where some values come from (the user) without naming the tool that
takes them. It is read from its grammar:

- a verb of collecting (collect, gather, take down, note down, record, obtain, request) over
  a list of data (the values: names, numbers, ids, dates, addresses, e-mails, phones, codes,
  licences, plates), said to come from a person ("from the renter") or to be taken for each
  of several people ("for every passenger": the passenger's values);
- a ban on going on without a value the person holds ("without the renter's licence
  number", "without the licence number from the renter").

It emits `arg_grounded("*", {"arg": <value>, "from_user": True})` per value. In a section
about one action that is the action's argument (`grammar_rules.candidate`); otherwise
`asked_values.by_name` makes it a facet, which the compiler binds to each tool's argument
the value names (`specgap.spread`) and keeps over every call, reviewed, with a located note,
when no argument names it ("for every passenger" obliges a count no operator checks: only
the value's source is compiled). `obtain_notes` notes any such rule left over every call.
A value not of the data kind ("collect the fee for every booking": money, not a datum the
person tells), or a source that is not a person ("without the manager's approval"), is not
read here.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import ANY_TOOL, USER, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

# the head nouns of a datum a person tells: "full name", "licence number", "date of birth"
_DATUM = (
    r"(?:name|names|number|numbers|id|ids|date\s+of\s+birth|birth\s*date|date|dates|address|"
    r"addresses|e-?mail(?:\s+address)?|phone|code|codes|licen[cs]e|licen[cs]es|plate|plates|"
    r"postcode|zip(?:\s+code)?|pin)"
)
_VALUE = r"(?:[a-z][\w-]*\s+){0,2}?" + _DATUM + r"(?:\s+(?:number|id|code)s?)?\b"
_AND = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)(?:(?:the|their|his|her|a|an)\s+)?"
_VALUES = rf"(?P<np>{_VALUE}(?:{_AND}{_VALUE})*)"
_DET = r"(?:(?:the|their|his|her|a|an|each|every)\s+)?"
_COLLECT = re.compile(
    r"^\W*(?:(?:you|the\s+agent|we)\s+(?:must|should|shall|need\s+to|have\s+to)\s+)?(?:always\s+)?"
    r"(?:first\s+)?(?:collect|gather|take\s+down|note\s+down|write\s+down|record|obtain|request)\s+"
    + _DET
    + _VALUES
    + r"\s+(?:(?:from|of)\s+(?:the\s+|each\s+|every\s+)?(?P<who>"
    + USER
    + r")s?|for\s+(?:each|every|all|any)\s+(?:of\s+the\s+)?(?P<per>[a-z]+))\b",
    re.I,
)
_WITHOUT = re.compile(
    r"\b(?:do\s+not|don't|never|must\s+not|should\s+not|cannot|can't)\s+(?:proceed|continue|"
    r"go\s+(?:on|ahead)|move\s+on)\b[^.;]*?\bwithout\s+(?:first\s+)?(?:(?:having|getting|"
    r"obtaining|collecting)\s+)?(?:(?:the|a|an)\s+(?P<own>"
    + USER
    + r")'s\s+|(?:their|his|her)\s+(?P<poss>))?"
    + _VALUES
    + r"(?:\s+(?:from|of)\s+(?:the\s+)?(?P<who>"
    + USER
    + r")s?\b)?",
    re.I,
)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", re.I)
_LEAD_DET = re.compile(r"^(?:the|their|his|her|a|an)\s+", re.I)
_ONE_NOUN = frozenset({"number", "numbers", "id", "ids", "date", "dates", "code", "codes"})


def obtained_values(text: str) -> list[Emit]:
    """One reviewed `arg_grounded` per value the sentence says is obtained from the user
    (module docstring); [] for any other sentence."""
    m = _COLLECT.search(text)
    per = None
    if m is None:
        m = _WITHOUT.search(text)
        if m is None or not (m["own"] or m["poss"] is not None or m["who"]):
            return []  # "without the manager's approval": no person's datum
    else:
        per = m["per"]
    values = _values(m["np"])
    if not values:
        return []
    if per is not None:  # "for every passenger": the passenger's own values
        values = [v if v.startswith(singular(per.casefold())) else f"{singular(per.casefold())} {v}"
                  for v in values]  # fmt: skip
    return [Emit("arg_grounded", ANY_TOOL, {"arg": v, "from_user": True}, 0.65) for v in values]


def _values(np: str) -> list[str]:
    """The coordinated values, determiners dropped; a bare `number` or `id` after a value
    with a head of its own is that value's ("the licence and plate number": both said)."""
    out = []
    for part in _SPLIT.split(np.strip()):
        words = _LEAD_DET.sub("", part.strip()).casefold().split()
        if not words:
            continue
        if len(words) == 1 and words[0] in _ONE_NOUN:
            return []  # "the number": whose, or of what, is not said
        out.append(" ".join(words))
    return out


def obtain_notes(sentence: Sentence, rules: list[CandidateRule]) -> list[Diagnostic]:
    """A located note per rule saying a value comes from the user but names no one argument
    of the tools: the rule is kept over every call, reviewed."""
    notes = []
    for rule in rules:
        arg = rule.params.get("arg")
        if rule.operator != "arg_grounded" or rule.target != ANY_TOOL or not arg:
            continue
        if not rule.params.get("from_user") or rule.params.get("from_tools"):
            continue
        notes.append(
            Diagnostic(
                code="condition-not-bound",
                message=f"`{arg}` must come from the user, but the sentence names no tool whose "
                "argument holds it, so the rule is kept over every call, `review_only`",
                severity="note",
                span=sentence.span(),
                help="name the tool and its argument (`tool.arg`), or state the rule in the "
                "section about that action",
            )
        )
    return notes

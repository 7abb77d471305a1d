"""Values the user must give or confirm: "Ask the member for their card number", "When
booking a lesson, ask the student for the preferred date", "Never guess the meter number;
ask for it", "The tenant must provide the move-in date", "Confirm the delivery address
with the customer", "Use the e-mail address the subscriber gives you".

Such a sentence says that a value (a datum a person tells: a name, number, id, date,
address, reason, ...) comes from the user. It is read from its grammar:

- the asking: `ask <person> for <values>`, `ask for <values>`, `<person> must provide /
  give / confirm / state <values>`, `confirm <values> with <person>`, `get / obtain / take
  <values> from <person>`, `use <values> (that) <person> gives / gave / names`; a ban on
  making the value up followed by an asking ("never guess the X; ask for it", "do not
  assume the X, ask the customer");
- the action whose argument holds the value, when the sentence names it: a leading or
  trailing `when / before / while <verb>ing <object>`, a leading `to <verb> <object>,` or
  `for a <action noun>,` ("for a refund, ask for the account number").

It emits `arg_grounded(<action> or *, {"facet": <value>, "from_user": True})` per value.
The compiler binds the facet to the argument whose name or description says it
(`specgap.spread` over every tool when no action is named; the action's own argument
otherwise). A facet no argument names stays over every call, `review_only`, with a located
`condition-not-bound` note (`unbound_notes`, `specgap.operators.arg_grounded`). A request
for something that is not a value ("ask the customer for approval", "ask for more
details") is not read here: a yes is `require_confirmation`, a vague detail names no value.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit, candidate
from specgap.extract.pattern_base import ANY_TOOL, USER, singular, split_words
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.operators.prose import is_action_noun, lemma

# the head noun of a datum a person tells
_HEADS = frozenset(
    split_words(
        "name names number numbers id ids date dates time times day days address addresses "
        "email e-mail emails phone code codes reason reasons postcode zip pin password "
        "amount quantity reference plate licence license iban birthday birthdate passcode "
        "model serial destination origin value values reading readings "
    )
)
# never a value: a yes, a vague content, a feeling
_NOT_VALUES = frozenset(
    split_words(
        "approval consent permission confirmation agreement information details detail help "
        "feedback patience clarification more it them this that something anything "
        "everything "
    )
)
_DET = r"(?:(?:the|their|his|her|its|a|an|any|every|each)\s+)"
_OWNER = r"(?:(?:the\s+|a\s+)?" + USER + r"'s\s+)"
_WORD = r"[a-z][a-z-]*"
# a value: up to four words, "date of birth" and "X of the Y" included
_VALUE = (
    r"(?!(?:always|then|but|instead|please|never|also)\b)"
    rf"(?:{_DET}|{_OWNER})?{_WORD}(?:\s+(?!and\b|or\b|of\b){_WORD}){{0,3}}?"
    rf"(?:\s+of\s+(?:the\s+|their\s+|a\s+|an\s+)?{_WORD}(?:\s+(?!and\b|or\b){_WORD})?)?"
)
_VALUES = rf"(?P<np>{_VALUE}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_VALUE})*)"
_END = r"(?=\s*(?:[.;:!?,()]|$|\s(?:before|when|whenever|while|if|so|to|and\s+then|then|"
_END += r"from|with|for|in|on|at|by|as)\b))"
_PERSON = rf"(?:the\s+|a\s+|their\s+|each\s+|every\s+)?(?P<who>{USER})s?"

_ASK = re.compile(
    rf"\bask\s+(?:{_PERSON}\s+)?(?:to\s+(?:give|provide|tell\s+you|state|confirm)\s+|for\s+)"
    + _VALUES
    + _END,
    re.I,
)
_PROVIDE = re.compile(
    rf"\b{_PERSON}\s+(?:must|should|shall|has\s+to|have\s+to|needs\s+to|need\s+to|is\s+to)\s+"
    r"(?:first\s+|always\s+|personally\s+)?(?:provide|give(?:\s+you)?|supply|state|"
    r"tell\s+you|enter|choose|pick|name)\s+" + _VALUES + _END,
    re.I,
)
_CONFIRM_WITH = re.compile(
    r"\b(?:confirm|check|verify|agree|get|obtain|take|request)\s+" + _VALUES
    + rf"\s+(?:with|from)\s+{_PERSON}\b",
    re.I,
)  # fmt: skip
_GIVES = re.compile(
    r"\b(?:use|pass|enter|take|send\s+to|ship\s+to|book\s+with)\s+(?:only\s+)?"
    + _VALUES
    + rf"\s+(?:that\s+|which\s+)?{_PERSON}\s+(?:gives|provides|names|states|supplies|"
    r"tells\s+you|chooses|picks|confirms|asks\s+for|wants)\b",
    re.I,
)
# "never guess the meter number; ask for it": the value made up, then asked
_GUESS_ASK = re.compile(
    r"\b(?:never|do\s+not|don't|must\s+not|should\s+not)\s+(?:guess|invent|assume|make\s+up|"
    r"fabricate|fill\s+in|presume)\s+"
    + _VALUES
    + r"\s*(?:[;,:]|\s-|\s—|\.)?\s*(?:but\s+|instead\s+|always\s+)*(?:ask|check\s+with|"
    r"request\s+it|get\s+it)\b",
    re.I,
)
_PATTERNS = (_GUESS_ASK, _ASK, _PROVIDE, _CONFIRM_WITH, _GIVES)

_OBJ = rf"(?P<obj>(?:{_DET})?{_WORD}(?:\s+{_WORD})?)"
_LEAD_ACTION = re.compile(
    r"^\W*(?:(?:when|whenever|before|while|if)\s+(?:you\s+(?:are\s+)?)?(?P<ing>[a-z]+ing)\s+"
    + _OBJ
    + r"|to\s+(?P<base>[a-z]+)\s+"
    + _OBJ.replace("obj", "obj2")
    + r"|for\s+(?:a|an|any|every|each|the)\s+(?P<noun>[a-z]+))\s*,",
    re.I,
)
_TRAIL_ACTION = re.compile(
    r"\b(?:when|whenever|before|while)\s+(?:you\s+)?(?P<ing>[a-z]+ing)\s+"
    + _OBJ
    + r"\s*(?:[.;,]|$)",
    re.I,
)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", re.I)
_LEAD = re.compile(rf"^(?:{_DET}|{_OWNER})+", re.I)
_OF = re.compile(r"^(?P<head>[a-z -]+?)\s+of\s+(?:the\s+|their\s+|a\s+|an\s+)?(?P<of>[a-z -]+)$")
_DET_WORDS = frozenset(["the", "their", "his", "her", "its", "a", "an", "any", "every", "each"])


def asked_values(text: str) -> list[Emit]:
    """One `arg_grounded` per value the sentence says the user gives (module docstring),
    over the action the sentence names, else over every call by the value's name; [] for
    any other sentence."""
    for pattern in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        values = _values(m["np"])
        if not values:
            continue
        action = _action(text)
        # no action named: an argument phrase, which a section about one action binds to
        # that action's argument (`candidate`), else `by_name` spreads over the tools
        key = "facet" if action else "arg"
        return [
            Emit("arg_grounded", action or ANY_TOOL, {key: v, "from_user": True}, 0.65)
            for v in values
        ]
    return []


def _values(np: str) -> list[str]:
    """The coordinated values, determiners and owners dropped, each with a datum head;
    [] when any part is not a value (the reading would be a guess)."""
    out = []
    for part in _SPLIT.split(np.strip()):
        said = _OWNED.sub("", _LEAD.sub("", part.strip()).casefold())
        words = [w for w in said.split() if w not in _DET_WORDS]
        if not words or any(w in _NOT_VALUES for w in words):
            return []
        phrase = " ".join(words)
        if phrase in _WHOLE:  # "date of birth": one value as said
            out.append(phrase)
            continue
        of = _OF.match(phrase)
        if of is not None:  # "the date of the pickup": the pickup date
            words = f"{of['of']} {of['head']}".split()
        head = singular(words[-1])
        if head not in _HEADS:
            return []
        value = " ".join([*words[:-1], head])
        out.append(_E_MAIL.sub("email", value))
    return out


# "the e-mail address": the value argument names call `email` (`email_address` says it too)
_E_MAIL = re.compile(r"\be-?mail(?:\s+address)?\b")
_WHOLE = frozenset({"date of birth", "place of birth"})
_OWNED = re.compile(r"\b" + USER + r"'s\s+", re.I)


def _action(text: str) -> str | None:
    """The action the sentence names as the one taking the value: `schedule pickup` for
    "when scheduling a pickup"; None when it names none."""
    m = _LEAD_ACTION.search(text) or _TRAIL_ACTION.search(text)
    if m is None:
        return None
    groups = m.groupdict()
    if groups.get("noun"):
        noun = groups["noun"].casefold()
        return lemma(noun) if is_action_noun(noun) else None  # "for a refund": refund
    verb = lemma(groups.get("ing") or "") if groups.get("ing") else (groups.get("base") or "")
    obj = groups.get("obj") or groups.get("obj2") or ""
    words = [w for w in obj.casefold().split() if w not in _DET_WORDS]
    if not verb or not words or verb in {"ask", "talk", "speak", "help", "assist"}:
        return None
    return " ".join([verb.casefold(), *(singular(w) for w in words)])


def with_asked(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The sentence's rules with the asked values' reading (module docstring) in place of
    the patterns' weaker readings of the same values (a made-up-values ban over every
    call, or an argument phrase no tool is bound to)."""
    if sentence.subject is not None:
        return rules
    asked = [candidate(sentence, e) for e in asked_values(sentence.clean)]
    if asked:
        rules = [*(r for r in rules if r.operator != "arg_grounded"), *asked]
    return [by_name(r) for r in rules]


def by_name(rule: CandidateRule) -> CandidateRule:
    """A value from the user over every call, named by a phrase (`arg`): a facet instead,
    so the compiler binds it to each tool's argument that the phrase names
    (`specgap.spread`), and keeps it over every call, reviewed, when none does."""
    params = rule.params
    if rule.operator != "arg_grounded" or rule.target != ANY_TOOL or "arg" not in params:
        return rule
    if not params.get("from_user") or params.get("from_tools"):
        return rule
    moved = {k: v for k, v in params.items() if k != "arg"} | {"facet": params["arg"]}
    return rule.model_copy(update={"params": moved})

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
from typing import Any

from specgap.extract.grammar_rules import Emit, candidate
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.named_params import spelled_out
from specgap.extract.pattern_base import ANY_TOOL, singular, split_words
from specgap.extract.segments import Sentence
from specgap.extract.value_people import PERSON
from specgap.ir import CandidateRule
from specgap.operators.prose import is_action_noun, lemma

# the head noun of a datum a person tells
_HEADS = frozenset(
    split_words(
        "name names number numbers id ids date dates time times day days address addresses "
        "email e-mail emails phone code codes reason reasons postcode zip pin password "
        "amount quantity reference plate licence license iban birthday birthdate passcode "
        "model serial destination origin value values reading readings surname surnames "
        "forename username nickname identifier identifiers"
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
_OWNER = r"(?:(?:the\s+|a\s+)?" + PERSON + r"'s\s+)"
_WORD = r"[a-z][a-z-]*"
# a value: up to four words, "date of birth" and "X of the Y" included
_VALUE = (
    r"(?!(?:always|then|but|instead|please|never|also|or|and|look|find|use|ask|check|call|search|"
    r"fetch|retrieve|get|take)\b)"
    rf"(?>(?:{_DET}|{_OWNER})?)(?:{_WORD}'s\s+)?{_WORD}(?:\s+(?!and\b|or\b|of\b){_WORD}){{0,3}}?"
    rf"(?:\s+of\s+(?>(?:the\s+|their\s+|a\s+|an\s+)?){_WORD}(?:\s+(?!and\b|or\b){_WORD})?)?"
)
_VALUES = rf"(?P<np>{_VALUE}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_VALUE})*)"
_END = r"(?=\s*(?:[.;:!?,()]|$|\s(?:before|when|whenever|while|if|so|to|and\s+then|then|"
_END += r"from|with|for|in|on|at|by|as|rather|instead|either|but|never|unless|until|first)\b))"
_PERSON = rf"(?:the\s+|a\s+|their\s+|each\s+|every\s+)?(?P<who>{PERSON})s?"

_ASK = re.compile(
    # the one asked is a person, whatever the role noun ("ask the grower for ...")
    rf"\bask\s+(?:{_PERSON}\s+|(?:the|a|each|every)\s+[a-z]+\s+)?(?:to\s+(?:give|provide|tell\s+you|"
    r"state|confirm)\s+|for\s+)" + _VALUES + _END,
    re.I,
)
_PROVIDE = re.compile(
    rf"\b{_PERSON}\s+(?:must|should|shall|has\s+to|have\s+to|needs\s+to|need\s+to|is\s+to)\s+"
    r"(?:first\s+|always\s+|personally\s+)?(?:provide|give(?:\s+you)?|supply|state|"
    r"tell\s+you|enter|choose|pick|name)\s+" + _VALUES + _END,
    re.I,
)
# "riders must give you their e-mail address": whoever gives their own datum is a person
_PROVIDE_THEIR = re.compile(
    r"^\W*(?:the\s+|a\s+|every\s+|each\s+)?[a-z]+\s+(?:must|should|shall|has\s+to|have\s+to|needs\s+to|"
    r"need\s+to)\s+(?:first\s+|always\s+)?(?:provide|give(?:\s+you)?|supply|state|tell\s+you)\s+"
    r"(?=(?:their|his|her)\s)" + _VALUES + _END,
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
# "request the member's card number", "make sure you have their account number"
_OWNED_GET = re.compile(
    r"\b(?:request|obtain|get|collect|gather|note|record|take\s+down|write\s+down|have|"
    r"take)\s+(?:the\s+|a\s+)?(?:" + PERSON + r"'s|[a-z]+'s|their|his|her)\s+" + _VALUES + _END,
    re.I,
)
# "do not proceed until the customer has given you the meter serial"
_UNTIL_GIVEN = re.compile(
    r"\b(?:do\s+not|don't|never|must\s+not|cannot|can't|should\s+not)\s+(?:proceed|continue|"
    r"go\s+(?:on|ahead)|act|move\s+on)\b(?P<what>[^.;]*?)\s*\b(?:until|unless|before)\s+" + _PERSON
    + r"\s+(?:has\s+|have\s+)?(?:given|provided|supplied|stated|named|told)\s+(?:you\s+|us\s+)?"
    + _VALUES + _END,
    re.I,
)  # fmt: skip
# "the new address must be provided by the customer"
_PROVIDED_BY = re.compile(
    r"^\W*" + _VALUES + r"\s+(?:must|should|shall|has\s+to|have\s+to|is\s+to|are\s+to)\s+"
    r"(?:always\s+|only\s+)?be\s+(?:provided|given|supplied|stated|chosen|named|entered|"
    r"specified)\s+by\s+" + _PERSON + r"\b",
    re.I,
)
# "ask the passenger which cabin number they want"
_ASK_WHICH = re.compile(
    rf"\bask\s+(?:{_PERSON}|(?:the|a|each|every)\s+[a-z]+)\s+(?:which|what)\s+" + _VALUES
    + r"\s+(?:they|he|she)\s+(?:want|wants|prefer|prefers|need|needs|would\s+like|choose|chooses|"
    r"have|has|use|uses)\b",
    re.I,
)  # fmt: skip
# "do not assume which branch the patron wants", "never decide what pharmacy the owner uses"
_ASSUME_WHICH = re.compile(
    r"\b(?:do\s+not|don't|never|must\s+not|should\s+not)\s+(?:assume|guess|decide|pick|choose|"
    r"presume)\s+(?:for\s+(?:them|the\s+[a-z]+)\s+)?(?:which|what)\s+" + _VALUES
    + rf"\s+(?:{_PERSON}|they|he|she)\s+(?:want|wants|prefer|prefers|need|needs|would\s+like|"
    r"choose|chooses|use|uses|mean|means)\b",
    re.I,
)  # fmt: skip
_PATTERNS = (_GUESS_ASK, _ASK_WHICH, _ASSUME_WHICH, _ASK, _PROVIDE, _PROVIDE_THEIR, _CONFIRM_WITH,
             _GIVES, _OWNED_GET, _UNTIL_GIVEN, _PROVIDED_BY)  # fmt: skip

_OBJ = rf"(?P<obj>(?:{_DET})?(?:{_WORD}'s\s+)?{_WORD}(?:\s+{_WORD})?)(?!')"
_LEAD_ACTION = re.compile(
    r"^\W*(?:(?:when|whenever|before|while|if)\s+(?:you\s+(?:are\s+)?)?(?P<ing>[a-z]+ing)\s+"
    + _OBJ
    + r"|to\s+(?P<base>[a-z]+)\s+"
    + _OBJ.replace("obj", "obj2")
    + r"|for\s+(?:a|an|any|every|each|the)\s+(?P<noun>[a-z]+)"
    + r"|(?:when|whenever|before|while)\s+(?:you\s+(?:are\s+)?)?(?P<alone>[a-z]+ing))\s*,",
    re.I,
)
_TRAIL_ACTION = re.compile(
    r"\b(?:when|whenever|before|while)\s+(?:(?:you\s+)?(?P<ing>[a-z]+ing)|you\s+(?:can\s+|may\s+)?"
    r"(?P<base>[a-z]+))\s+" + _OBJ + r"\s*(?:[.;,]|$)"
    # "before booking": the verb alone names the action
    r"|\b(?:when|whenever|before|while)\s+(?P<alone>[a-z]+ing)\s*(?:[.;]|$)",
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
    text = spelled_out(text)  # "get the `pharmacy_email` from the owner": its words
    for pattern in _PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        which = pattern in (_ASK_WHICH, _ASSUME_WHICH)  # the thing chosen, by its noun
        values = _chosen(m["np"]) if which else _values(m["np"])
        if not values:
            continue
        action = _action(text)
        # no action named: an argument phrase, which a section about one action binds to
        # that action's argument (`candidate`), else `by_name` spreads over the tools
        key = "facet" if action else "arg"
        # a value only said not to be made up comes from the user or from a tool
        params: dict[str, Any] = {"from_user": True}
        # a clause no reading binds ("before you change X", "if the order is paid"): kept
        # as the rule's condition, so the rule is reviewed, never enforced without it
        condition = _unread(text, m.span())
        if _known_otherwise(text, m.span()):  # "ask ... if you do not know it": it may be known
            params["from_tools"] = [ANY_TOOL]  # from a tool's output too, so never stronger
        other = _OR_ELSE.match(text[m.end() :])
        if other is not None:  # "..., or look it up with `get_booking`": that source too
            params["from_tools"] = _other_source(other["alt"])
        what = " ".join((m.groupdict().get("what") or "").split())
        if what and action is None:  # "do not proceed with a refund until ...": which call
            condition = condition or f"proceed {what}"
        return [
            Emit("arg_grounded", action or ANY_TOOL, {key: v, **params}, 0.65, condition=condition)
            for v in values
        ]
    return []


# another way to the value after the asking: "..., or the one on their last booking"
_OR_ELSE = re.compile(
    r"^\s*(?:(?:to\s+)?(?:you|us|them)\s*)?,?\s*(?:or|otherwise|or\s+else)\s+(?P<alt>[^.;]+)", re.I
)
_LOOK_UP = re.compile(
    r"^(?:look\s+(?:it|them)\s+up|find\s+(?:it|them)|get\s+(?:it|them)|take\s+(?:it|them)|use)\s+"
    r"(?:with|in|using|via|from|through|by\s+calling)?\s*(?P<src>.+)$",
    re.I,
)


def _other_source(alt: str) -> list[str]:
    """The tools of another way to the value ("look it up with `get_booking`"): that tool
    when it is named, else any tool's output (never a narrower source than the sentence's)."""
    from specgap.extract.origins import origin  # origins reads people this module reads

    m = _LOOK_UP.match(alt.strip())
    said = origin(m["src"]) if m is not None else None
    tools = [str(t) for t in said["from_tools"]] if said is not None else []
    return tools or [ANY_TOOL]


def _chosen(np: str) -> list[str]:
    """ "which pharmacy they use": the thing chosen, named by its noun (an argument such
    as `pharmacy_code` says it); [] for a list or a vague word."""
    words = [w for w in np.casefold().split() if w not in _DET_WORDS]
    if not words or len(words) > 3 or any(w in _NOT_VALUES or w in {"and", "or"} for w in words):
        return []
    return [" ".join([*words[:-1], singular(words[-1])])]


def _values(np: str) -> list[str]:
    """The coordinated values, determiners and owners dropped, each with a datum head;
    [] when any part is not a value (the reading would be a guess)."""
    out = []
    for part in _SPLIT.split(np.strip()):
        said = _OWNED.sub("", _LEAD.sub("", part.strip()).casefold()).replace("'s ", " ")
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
_OWNED = re.compile(r"\b" + PERSON + r"'s\s+", re.I)


def _action(text: str) -> str | None:
    """The action the sentence names as the one taking the value: `schedule pickup` for
    "when scheduling a pickup"; None when it names none."""
    m = _action_match(text)
    if m is None:
        return None
    groups = m.groupdict()
    if groups.get("noun"):
        noun = groups["noun"].casefold()
        return lemma(noun) if is_action_noun(noun) else None  # "for a refund": refund
    if groups.get("alone"):  # "before booking": the verb alone, unless it names no action
        said = groups["alone"].casefold()
        # "refilling": the lemma may drop a doubled consonant ("refil"); the stem keeps it
        verb = next((v for v in (lemma(said), said[:-3]) if v in IMPERATIVE_VERBS), "")
        return None if not verb or verb in _NO_ACTION else verb
    verb = lemma(groups.get("ing") or "") if groups.get("ing") else (groups.get("base") or "")
    if groups.get("base") and verb.casefold() not in IMPERATIVE_VERBS:
        return None  # "before you they ...": no verb of an action
    obj = groups.get("obj") or groups.get("obj2") or ""
    # "the member's card": the card, whoever owns it
    words = [w for w in obj.casefold().split() if w not in _DET_WORDS and not w.endswith("'s")]
    if any(w in _PRONOUNS for w in words):
        # "ask the patron for X before looking them up": them is the person asked
        person = _PERSON_SAID.search(text) if set(words) & _PEOPLE_PRONOUNS else None
        if person is None or not verb:
            return None  # "before cancelling it": the object is not said
        particle = [w for w in words if w in _PARTICLES]
        return " ".join([verb.casefold(), *particle, singular(person["who"].casefold())])
    if not verb or not words or verb in {"ask", "talk", "speak", "help", "assist"}:
        return None
    return " ".join([verb.casefold(), *(singular(w) for w in words)])


_NO_ACTION = frozenset(
    split_words("proceed continue go answer respond reply help assist start begin finish act")
)
_PRONOUNS = frozenset(split_words("them it him her this that these those one"))
_PEOPLE_PRONOUNS = frozenset(split_words("them him her"))
_PARTICLES = frozenset(split_words("up in out"))
# the one person the sentence names, whom "them" points back to
_PERSON_SAID = re.compile(rf"\b(?:the|a|an|each|every|any)\s+(?P<who>{PERSON})(?:'s)?\b", re.I)


def _action_match(text: str) -> re.Match[str] | None:
    return _LEAD_ACTION.search(text) or _TRAIL_ACTION.search(text)


# a clause that narrows when the rule holds: an action, or a condition
_CLAUSE = re.compile(
    r"\b(?:before|after|afterwards|when|whenever|while|until|unless|once|if|only\s+if|prior\s+to|"
    r"in\s+case)\b[^,.;]*",
    re.I,
)
# "if the member has not given it": the value's own absence, no narrowing
_NOT_GIVEN = re.compile(
    r"^(?:if|when|unless)\s+(?:the\s+)?(?:" + PERSON + r"|they|he|she)\s+(?:has|have|does|do)\s*"
    r"(?:not|n't)\s+(?:already\s+)?(?:given|provided|supplied|stated|mentioned|shared|said|offered)"
    r"(?:\s+(?:it|them|one|this|that))?\s*$",
    re.I,
)


# "if you do not know it": the value may be known otherwise (a tool's output), no narrowing
_NOT_KNOWN = re.compile(
    r"^(?:if|when|unless)\s+(?:you\s+(?:do\s*not|don't|did\s*not|didn't)\s+(?:already\s+|yet\s+)?"
    r"(?:know|have)|it\s+is\s+(?:not\s+known|unknown|missing)|(?:you\s+)?(?:already\s+)?know)"
    r"(?:\s+(?:it|them|one|this|that|the\s+[a-z]+(?:\s+[a-z]+)?))?\s*$"
    r"|^(?:if\s+)?(?:unknown|not\s+known|missing)$",
    re.I,
)


def _known_otherwise(text: str, asking: tuple[int, int]) -> bool:
    """The sentence asks only when the value is not known ("if you do not know it")."""
    return any(_NOT_KNOWN.match(" ".join(m[0].split())) for m in _CLAUSE.finditer(text))


def _unread(text: str, asking: tuple[int, int]) -> str | None:
    """The clause that narrows the rule which no reading here binds (not the action read,
    not the asking itself at `asking`, not the value's own absence): the rule's condition,
    so it is kept and reviewed."""
    action = _action_match(text) if _action(text) is not None else None
    for m in _CLAUSE.finditer(text):
        if action is not None and action.start() <= m.start() < action.end():
            continue
        if asking[0] < m.start() < asking[1]:  # "... until the customer has given you X"
            continue
        said = " ".join(m[0].split())
        if _NOT_GIVEN.match(said) or _NOT_KNOWN.match(said):
            continue
        return said
    return None


def with_asked(
    sentence: Sentence, rules: list[CandidateRule], *, ordered: bool = False
) -> list[CandidateRule]:
    """The sentence's rules with the asked values' reading (module docstring) in place of
    the patterns' weaker readings of the same values (a made-up-values ban over every
    call, or an argument phrase no tool is bound to). `ordered`: the sentence orders two
    steps ("get X from the user before Y"), so whether X feeds the step before Y or Y
    itself is inferred: the readings are reviewed, never enforced."""
    if sentence.subject is not None:
        return rules
    asked = [by_name(candidate(sentence, e), ours=True) for e in asked_values(sentence.clean)]
    if ordered:  # "get X from the user before Y": X may feed the step before Y, or Y
        asked = [r.model_copy(update={"grounding": "inferred"}) for r in asked]
    if asked:
        rules = [r for r in rules if r.operator != "arg_grounded"]
    return [*(by_name(r) for r in rules), *asked]


def by_name(rule: CandidateRule, *, ours: bool = False) -> CandidateRule:
    """A value from the user over every call, named by a phrase (`arg`): a facet instead,
    so the compiler binds it to each tool's argument that the phrase names
    (`specgap.spread`), and keeps it over every call, reviewed, when none does. `ours`: a
    reading of this module's, whatever its sources."""
    params = rule.params
    if rule.operator != "arg_grounded" or rule.target != ANY_TOOL or "arg" not in params:
        return rule
    if not ours and (not params.get("from_user") or params.get("from_tools")):
        return rule
    if rule.condition is not None:  # the tools it holds for are not known: over every call
        return rule
    moved = {k: v for k, v in params.items() if k != "arg"} | {"facet": params["arg"]}
    return rule.model_copy(update={"params": moved})


# for the scope of a value's source rule (`value_scopes`)
CLAUSE = _CLAUSE
NOT_GIVEN = _NOT_GIVEN
NOT_KNOWN = _NOT_KNOWN
action_of = _action
values_of = _values
action_match = _action_match

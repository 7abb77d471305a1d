"""What makes a sentence read like a rule: the cues `leftovers` names in its notes.

A sentence reads like a rule when one of its clauses has one of these cues (checked in this
order; the first found is named):

1. **modal**: an obligation, prohibition or bound (`must`, `must not`, `should`, `shall`,
   `never`, `always`, `only`, `cannot`, `may not`, `do not`, `need to`, `have to`, `is to
   be`, `make sure`, `ensure`, `required`, `prohibited`, `(not) allowed`, `at most`, `no more
   than`, `at least`, `nothing else`): `patterns.reads_like_rule`'s words and the bounds;
2. **permission** given to the agent: `you can`, `you may`, `the agent is allowed to`;
   then, for terse writing that states rules without a modal: a **bound** (`max 2`, `up to
   40`, `over $500`, `one pickup per day`), a **prohibition** opening a clause (`No refunds
   on opened packs`), a **requirement** (`requires`, `necessary`, `compulsory`); the last
   two not in tool descriptions, where "Requires the order id" documents a parameter;
3. **imperative**: a clause that opens with a verb in its base form, once list markers, a
   short label (`Scenes:`), leading adverbs (`then`, `please`, `strictly`) and a leading
   adverbial clause (`If ..., `, `For ..., `, `To ..., `) are set aside. Whether a word is a
   verb in its base form is asked of an English lexicon (`lemminflect`, whose tables ship in
   its wheel: nothing is downloaded at run time), not of a word list. A word that is also a
   noun is read as a verb only when what follows reads as its object (a determiner, a
   pronoun, a preposition, a quoted value, a tool-like name), when the clause ends with
   `first`, or when an adverb or a leading clause stood before it; and as a subject when a
   finite verb follows closely ("Order totals are ..."). Quoted speech, a numbered label
   (`Step 2`) and a greeting ending in `!` are not instructions;
4. **conditional action**: `if` / `when` / `whenever` / `upon` / `once` / `in the event`
   with a verb of its own, then a consequent that makes something happen (`will` + verb, a
   passive, a present-tense verb that is not a linking verb): "when X is late, the account
   is locked";
5. **ordering** of two events: `before` / `after` / `until` / `prior to` followed by a
   verb-ing or a clause with its own verb ("after the customer has paid"), or `first`;
6. **value list**: two or more quoted values listed after a linking word (a vocabulary);
7. **value format**: a value said to be made from other values ("usernames are formed by
   joining the initial and the surname", "codes are built by prefixing the year"): a passive
   of making and `by` with a verb of putting values together;
8. then `deontic`'s constructions, and last `terse_cues`' rules stated as plain statements
   ("Cancelled orders are final", "All refunds need a charge id", "Guests: between 1 and 6").

A line that only announces a list (`Follow these steps:`) states no rule itself. Tool
descriptions are written in the tool's own imperative ("Updates the cart", "Assign a
license"), so there only the modal, permission and ordering cues apply, as in
`reading._own_rule`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from specgap.extract.deontic import deontic_cue
from specgap.extract.english import CLOSED_CLASS as CLOSED_CLASS
from specgap.extract.english import base_verb as _base_verb
from specgap.extract.english import lemmas as _lemmas
from specgap.extract.english import verb_lemma as _verb_lemma
from specgap.extract.pattern_base import QUOTED, split_words
from specgap.extract.silent3_cues import manner_object, silent3_cue
from specgap.extract.terse_cues import terse_cue
from specgap.extract.within6_cues import within6_cue

__all__ = ["Cue", "as_written", "cue_of"]


@dataclass(frozen=True)
class Cue:
    """Why a sentence reads like a rule: the kind of cue and the words that carry it."""

    kind: str  # modal | permission | bound | prohibition | requirement | imperative
    # | conditional action | ordering | value list | value format | finality | deadline
    # | procedure | confirmation | setting (`terse_cues`) | reference to the rule before
    words: str
    clause: str = ""  # the clause that carries it, lead set aside (imperatives)

    def __str__(self) -> str:
        return f"the {self.kind} `{self.words}`"


# --- the cues ---------------------------------------------------------------------------------

_MODAL = re.compile(
    r"\b(?:must(?:\s+not|\s+never)?|mustn't|should(?:\s+not|\s+never)?|shouldn't|shall(?:\s+not)?"
    r"|never|always|only|cannot|can't|may\s+not|do\s+not|don't|needs?\s+to|ha(?:s|ve)\s+to|"
    r"(?:is|are)\s+to\s+be|make\s+sure|be\s+sure|ensure|required|forbidden|prohibited|"
    r"(?:not\s+)?(?:allowed|permitted)|mandatory|at\s+most|no\s+more\s+than|not\s+more\s+than|"
    r"at\s+least|no\s+fewer\s+than|a\s+(?:maximum|minimum)\s+of|"
    r"nothing\s+else|no\s+other)\b",
    re.I,
)
# terse writing (bullets, labels, parameter notes) states bounds and bans without a modal:
# "Refills: max 2 per prescription", "up to 40 kg", "one pickup per day", "No refunds on
# opened packs", "Weekend delivery requires a surcharge code"
_BOUND = re.compile(
    r"\b(?:max(?:imum)?|min(?:imum)?|limit(?:ed)?(?:\s+(?:to|of|is))?|cap(?:ped)?(?:\s+(?:at|of))?"
    r"|up\s+to|not\s+(?:to\s+)?exceed(?:ing)?|may\s+not\s+exceed|exceeds?|fewer\s+than|"
    r"less\s+than|more\s+than|over|under)\s*[:=]?\s*(?:[$€£]\s?)?\d[\d,.]*"
    r"|\b(?:\d+|one|two|three|four|five|once|twice|a\s+single)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:(?:per|each)\s+[a-z]+|a\s+(?:day|week|month|year|hour))\b",
    re.I,
)
# "No refunds on opened packs"; never a quantifier or an idiom ("not all X are Y", "no one")
_LEADING_NO = re.compile(
    r"^(?:no|not)\s+(?!(?:one|need|longer|matter|problem|doubt|all|every|everyone|always|only|"
    r"just|necessarily|yet|sure|more|less)\b)[a-z]\w*\s+\w",
    re.I,
)
_REQUIRES = re.compile(
    r"\brequires?\b|\b(?:is|are|be)\s+(?:necessary|compulsory|obligatory)\b|\b(?:compulsory|"
    r"obligatory)\b",
    re.I,
)
_PERMISSION = re.compile(
    r"\b(?:you|the\s+(?:agent|assistant))\s+(?:can|may|could|(?:are|is)\s+(?:allowed|"
    r"permitted|able)\s+to)\b",
    re.I,
)
# list markers, a short label before a colon, then adverbs that may open an instruction
_MARKER = re.compile(r"^[\s\-*•>#+]*(?:\(?(?:\d{1,2}|[a-z])[.)]\s+)?", re.I)
_LABEL = re.compile(r"^`?[\w`'/ -]{1,40}?`?\s*:\s+(?=\S)")
_ADVERBS = re.compile(
    r"^(?:(?:then|please|kindly|also|first|next|finally|always|just|simply|now|additionally|"
    r"otherwise|instead|afterwards|so|and|but|[a-z]+ly)\b[\s,]*)+",
    re.I,
)
# a leading adverbial clause: "If ..., ", "For changes that ..., ", "To update X, "
_ADVERBIAL = re.compile(
    r"^(?:if|when|whenever|once|for|to|upon|in|on|after|before|while|unless|where|as|during|"
    r"with|without|since|given|should|until|whether|from|by|at|regardless)\b[^,;:]*,\s*",
    re.I,
)
# a leading clause's second half: "If X, or Y, do Z", "When A, and only then, do B"
_OR_ALSO = re.compile(r"^(?:or|and|nor)\b[^,;:]*,\s*", re.I)
# table cells and arrows separate clauses too ("| Rebook a slot | Once |", "Weigh -> book")
_CLAUSES = re.compile(
    r"\s*(?:;|:\s+|\s[-–—]\s|—|\(\d{1,2}\)\s|\s\d{1,2}\)\s|\||\s(?:->|→|=>)\s)\s*"
)
_FINITE = re.compile(
    r"^(?:(?>\W*)(?>[\w'-]+)){0,4}?\W+(?:is|are|was|were|has|have|had|will|would|can|could|may|"
    r"might|must|should|shall|does|do|did|becomes?|gets?)\b",
    re.I,
)
# what may follow a verb that is also a noun, so that it reads as a verb: a determiner, a
# pronoun, a preposition or particle, a quoted value or a tool-like identifier; or the
# clause ends with `first` ("address the basics first")
_OBJECT_START = re.compile(
    r"\s+(?:(?:the|a|an|this|that|these|those|each|every|all|any|some|no|its|their|his|her|"
    r"your|my|our|them|it|him|us|me|you|one|both|either|only|to|for|with|from|on|in|into|by|"
    r"up|out|off|down|back|over|through|whether|if|how|what|which|who)\b|[`'\"\d]|"
    r"[A-Za-z]+_[\w]+)",
    re.I,
)
_LAST_FIRST = re.compile(r"\bfirst[.!]?\s*$", re.I)
_FINITE_BLOCKER = re.compile(r"\b(?:that|if|whether|whose|which|who|sure)\b", re.I)
_ANNOUNCES = re.compile(r"\b(?:following|these|those|below|as\s+follows)\b[^.]*:$", re.I)
_CONDITION = re.compile(
    r"^(?:if|when|whenever|once|upon|in\s+the\s+event(?:\s+that)?|in\s+case|as\s+soon\s+as|"
    r"each\s+time|every\s+time)\b(?P<if>[^,]*),\s*(?:then\s+)?(?P<then>.+)$",
    re.I,
)
_WILL = re.compile(
    r"\b(?:will|shall)\s+(?:be\s+|get\s+|also\s+|then\s+|not\s+)*(?P<v>[a-z]+)\b", re.I
)
_PASSIVE = re.compile(
    r"\b(?:is|are|gets?|be)\s+(?:\w+ly\s+)?(?P<v>[a-z]+(?:ed|en|wn|nt|id))\b", re.I
)
_HAS_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|[a-z]+(?:ed|ing|s))\b", re.I)
_LINKING = frozenset(
    split_words(
        "be become seem remain stay appear look mean have get need contain include consist "
        "belong exist match equal represent correspond depend refer denote"
    )
)
_ORDERING = re.compile(
    r"\b(?P<w>before|after|until|prior\s+to)\s+(?:(?P<ing>[a-z]+ing)\b|(?:the|a|an|you|they|"
    r"he|she|it|we|its|their|your|his|her|this|that|each|all)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?P<fin>has|have|had|is|are|was|were|[a-z]+ed|[a-z]+s)\b)"
    r"|(?:^|,\s*)(?P<first>first)\s+[a-z]+",
    re.I,
)
_AUXILIARIES = frozenset(
    split_words("be have do can could may might must shall should will would need dare ought")
)


# a line that states the rule before it again for something else, in its own few words
_REFERENCE = re.compile(
    r"^[\s\-*\u2022>#+]*(?:also\s+)?(?:"
    r"(?P<w>(?:the\s+)?same\s+(?:goes\s+|applies\s+|holds\s+)?(?:with|for|to)\b|ditto\b)"
    r"[^.;:!?]{0,60}"
    # "discounts too": a noun or two and "too", nothing else (never "you too", "we ... too")
    r"|(?P<t>(?!(?:i|we|you|me|us|it|them|thanks?|same)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?"
    r"\s+(?:too|as\s+well)))\W*$",
    re.I,
)


def as_written(cue: Cue | None, clean: str, written: str) -> Cue | None:
    """The cue with the words the sentence writes where the reader read a respelling of them
    at the same place (`segments`: "is not to" read as "must not", "ahead of" as "before"),
    so that a note quotes the text."""
    if cue is None or len(clean) != len(written):
        return cue
    m = re.search(r"\b" + r"\s+".join(map(re.escape, cue.words.split())) + r"\b", clean, re.I)
    if m is None or written[m.start() : m.end()].casefold() == m[0].casefold():
        return cue
    start, end = m.start(), m.end()
    while start > 0 and written[start - 1].isalnum():
        start -= 1
    while end < len(written) and written[end].isalnum():
        end += 1
    return replace(cue, words=" ".join(written[start:end].split()).casefold())


def cue_of(text: str, *, described: bool = False) -> Cue | None:
    """What makes `text` (one sentence, markup blanked) read like a rule, or None.
    `described`: the sentence belongs to a tool's description (see the module docstring)."""
    if text.rstrip().endswith(":") and _ANNOUNCES.search(text):
        return None  # "To do so, follow these steps:": the list that follows states the rules
    modal = _MODAL.search(text)
    if modal is not None:
        return Cue("modal", " ".join(modal[0].split()).casefold())
    permission = _PERMISSION.search(text)
    if permission is not None:
        return Cue("permission", " ".join(permission[0].split()).casefold())
    bound = _BOUND.search(text)
    if bound is not None:
        return Cue("bound", " ".join(bound[0].split()).casefold())
    clauses = [c for c in _CLAUSES.split(text.strip()) if c]
    if not described:
        for clause in clauses:
            banned = _LEADING_NO.match(_lead_removed(clause)[0])
            if banned is not None:
                return Cue("prohibition", " ".join(banned[0].split()[:2]).casefold())
        needs = _REQUIRES.search(text)
        if needs is not None:
            return Cue("requirement", needs[0].casefold())
    if not described and not text.rstrip().endswith("!"):  # "Welcome aboard!": a greeting
        for clause in clauses:
            verb = _imperative(clause)
            if verb is not None:
                return Cue("imperative", verb, _lead_removed(clause)[0])
        for clause in clauses:
            action = _conditional_action(clause)
            if action is not None:
                return Cue("conditional action", action)
    ordering = _ORDERING.search(text)
    if ordering is not None:
        return Cue("ordering", (ordering["w"] or "first").casefold())
    reference = None if described else _REFERENCE.match(text.strip())
    if reference is not None:  # "same goes for notes", "discounts too": the rule before, again
        said = reference["w"] or reference["t"]
        return Cue("reference to the rule before", " ".join(said.split()).casefold())
    if not described and _value_list(text):
        return Cue("value list", ", ".join(_quoted(text)[:3]))
    made = _MADE_OF.search(text) if not described else None
    if made is not None:
        return Cue("value format", " ".join(made[0].split()).casefold())
    more = deontic_cue(text, described=described)
    if more is None:
        # "Cancelled orders are final": a rule as a plain statement (in a tool's description,
        # only the statements that cannot describe what the tool does)
        more = terse_cue(text, described=described)
    if more is None:  # "... and nobody else", "between tomorrow and 30 days out"
        more = silent3_cue(text, described=described)
    if more is None:  # "waits no longer than 20 minutes", "the weight limit per X is 30 kg"
        more = within6_cue(text, described=described)
    return None if more is None else Cue(*more)


def _lead_removed(clause: str) -> tuple[str, bool]:
    """The clause without list markers, a label, adverbs and a leading adverbial clause;
    and whether an adverb or adverbial clause was set aside (then what follows cannot be
    a bare noun phrase: "If X, reject packets ..." is an instruction)."""
    text = _MARKER.sub("", clause, count=1)
    label = _LABEL.match(text)
    if label is not None and len(label[0].split()) <= 4:
        text = text[label.end() :]
    start = text
    text = _ADVERBS.sub("", text, count=1)
    for _ in range(2):  # "If X, for each Y, do Z"
        stripped = _ADVERBIAL.sub("", text, count=1)
        if stripped == text:
            break
        text = _ADVERBS.sub("", _OR_ALSO.sub("", stripped, count=1), count=1)
    return text.strip(), text != start


def _imperative(clause: str) -> str | None:
    """The verb a clause opens with, when it is an instruction in the imperative."""
    text, led = _lead_removed(clause)
    # a closing quote may stand after the comma ('asks for "dark," dim the lamps'); an
    # opening one starts quoted speech ('"Cancel my order"'), which instructs nobody
    first = re.match(r"(?:[\s*_]|[\"'“”‘’](?=\s))*([A-Za-z][a-z]+|[A-Z]+)\b", text)
    if first is None:
        return None
    word = first[1].casefold()
    if word in _AUXILIARIES or not _base_verb(word):
        return None
    rest = text[first.end() :]
    if text.rstrip().endswith(":") and _ANNOUNCES.search(rest):
        return None  # "Follow these steps:": the list that follows states the rules
    if _also_nominal(word):
        finite = _FINITE.match(rest)
        if finite is not None and not _FINITE_BLOCKER.search(rest[: finite.end()]):
            return None  # "Order totals are rounded": a noun, the subject of `are`
        if not (led or _OBJECT_START.match(rest) or _LAST_FIRST.search(rest)) and not (
            manner_object(rest)  # "quote bucket names exactly": `silent3_cues`
        ):
            return None  # "date of birth", "Order Management": a noun phrase
    if not rest.strip(" .!") or re.match(r"\s+\d", rest):
        return None  # a lone word ("Update.") or a numbered label ("Step 2"): no instruction
    return word


def _conditional_action(clause: str) -> str | None:
    """The action a conditional's consequent makes happen ("when X, the account is locked")."""
    m = _CONDITION.match(_ADVERBS.sub("", _MARKER.sub("", clause, count=1), count=1))
    if m is None:
        return None
    if not _HAS_VERB.search(m["if"]):
        return None  # "When ON, ...": a state, not an event
    then = m["then"]
    for found in (_WILL.search(then), _PASSIVE.search(then)):
        if found is not None:
            verb = _verb_lemma(found["v"])
            if verb is not None and verb not in _LINKING:
                return found[0].strip().casefold()
    for found in re.finditer(r"\b[a-z]+s\b", then):
        word = found[0]
        verb = _verb_lemma(word)
        if verb is None or verb == word or verb in _LINKING:
            continue
        if not _noun(word) or _OBJECT_START.match(then, found.end()):
            return word  # "the courier refunds the sender": a verb before its object
    return None


def _quoted(text: str) -> list[str]:
    return [a or b or c for a, b, c in QUOTED.findall(text)]


_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_LIST = re.compile(_ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s*,?\s+(?:and|or)\s+"
                   + _ITEM + r")+")  # fmt: skip


_LINKED_LIST = re.compile(
    r"\b(?:are|is|include|includes|consists?\s+of|one\s+of|either|values?|among)\b"
    r"(?:[\s:]+[\w-]+){0,6}?[\s:]+" + _LIST.pattern,
    re.I,
)


# "are formed by joining", "is built by combining", "are generated by concatenating": a value
# made from others (never "created by calling X", which names a call, not a composition)
_MADE_OF = re.compile(
    r"\b(?:is|are|must\s+be|should\s+be|will\s+be|gets?)\s+(?:always\s+)?(?:formed|built|"
    r"composed|constructed|generated|derived|made|created|assembled|written|spelled|spelt)\s+"
    r"(?:up\s+)?by\s+(?:joining|combining|concatenating|appending|prepending|prefixing|"
    r"suffixing|merging|putting|taking|adding|gluing)\b",
    re.I,
)


def _value_list(text: str) -> bool:
    """Quoted values listed after a linking word ("the states are 'a', 'b'")."""
    return _LINKED_LIST.search(text) is not None


# --- the lexicon ------------------------------------------------------------------------------


def _also_nominal(word: str) -> bool:
    lemmas = _lemmas(word)
    return "NOUN" in lemmas or "ADJ" in lemmas or "PROPN" in lemmas


def _noun(word: str) -> bool:
    return "NOUN" in _lemmas(word.casefold())

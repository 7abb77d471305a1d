"""Rules said of the agent in the third person, or impersonally (seventeenth session): "The
assistant is required to verify the client before it reads any appointment", "The assistant
is not permitted to book more than one appointment per week", "It is forbidden to delete
client documents", "Under no circumstances may the assistant give advice"; a ban said as
care ("Be careful not to enrol X", "Make sure you never V": "Never ..."); the act said
by its gerund: "Uploading documents is allowed only after the letter is signed", and a bound
said with "no": "No single charge may exceed 500 EUR" ("A single charge may not exceed ...");
a rule after what its subject is: "Notes are confidential and must never be sent by email";
a subject's state said after it: "Customers who are banned may not hire boats"; the desk's
own acts: "We never hire motorboats", "We no longer hire out X" ("Never hire ...").

The grammar reads the rules a prompt says to the agent ("you must", "never"): these say the
same of "the assistant" or of no one, and it read them as a fact about the assistant or
garbled the object ("for delete client"). `respelt` says them to the agent — the subject
becomes "you", the verb agrees, and a ban or an obligation said with an adjective becomes
the modal it means ("Upload documents only after the letter is signed", "Never delete ...")
— and the sentence is read so. Nothing else is changed.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.order_events import gerund_verb
from specgap.operators.prose import split_words

# the agent said by a role noun ("the assistant", "our booking bot"); `third35` reads it too
AGENT = (
    r"(?:the|this|our)\s+(?:ai\s+|virtual\s+|support\s+|booking\s+|chat\s+)?"
    r"(?:assistant|agent|bot|chatbot|model|ai)"
)
_BANNED = (
    r"(?:not\s+(?:permitted|allowed|authori[sz]ed)|forbidden|prohibited|never\s+(?:permitted|"
    r"allowed))"
)
_OBLIGED = r"(?:required|obliged|obligated|expected)"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), said)
    for pattern, said in (
        # "It is forbidden to delete X", "The assistant is not permitted to book X"
        (r"^\W*(?:it|" + AGENT + r")\s+is\s+(?:strictly\s+)?" + _BANNED + r"\s+to\s+", "Never "),
        # "Be careful not to enrol X", "Make sure you never V", "Remember to never V"
        (r"^\W*(?:please\s+)?(?:be\s+careful|take\s+care|make\s+sure|be\s+sure|ensure|"
         r"remember)\s+(?:that\s+)?(?:you\s+)?(?:do\s+not|don't|never|not\s+to|to\s+never|"
         r"to\s+not|never\s+to)\s+", "Never "),
        # "We never hire motorboats", "We no longer hire out X": the desk's own acts
        (r"^\W*we\s+(?:never|do\s+not|don't|no\s+longer|will\s+not|won't)\s+(?!(?:have|need|"
         r"know|want|offer|accept|take|use|support)\b)", "Never "),
        (r"^\W*we\s+only\s+(?!(?:have|need|know|want|offer|accept|take|use|support)\b)", "Only "),
        # "It is required to verify X", "The assistant is required to verify X"
        (r"^\W*(?:it|" + AGENT + r")\s+is\s+(?:always\s+)?" + _OBLIGED + r"\s+to\s+", "You must "),
        # "Under no circumstances may the assistant give X"
        (r"^\W*under\s+no\s+circumstances\s+(?:may|can|shall|should|will)\s+" + AGENT + r"\s+",
         "Under no circumstances "),
        # "The assistant must not X", "The assistant may only X", "The assistant never X"
        (r"^\W*" + AGENT + r"\s+(?=(?:must|may|shall|should|can(?:not)?|can't|mustn't|"
         r"shan't|will|won't|never|always|only)\b)", "You "),
        # "The assistant needs to X", "The assistant has to X", "The assistant does not X"
        (r"^\W*" + AGENT + r"\s+needs\s+to\s+", "You need to "),
        (r"^\W*" + AGENT + r"\s+has\s+to\s+", "You have to "),
        (r"^\W*" + AGENT + r"\s+(?:does\s+not|doesn't)\s+", "You do not "),
    )
)  # fmt: skip


# "Uploading documents is allowed only after ...", "Deleting a file is forbidden unless ...":
# the act, said by its gerund, and what holds of it
_GERUND = re.compile(
    r"^\W*(?P<g>[A-Za-z]+ing)\s+(?P<obj>(?:[a-z][\w'-]*\s+){0,4}?)(?:is|are)\s+"
    r"(?:(?P<only>only\s+)?(?:allowed|permitted|possible)(?P<only2>\s+only)?|(?P<ban>"
    + _BANNED
    + r"))\b(?P<rest>.*)$",
    re.I | re.S,
)


_PREPOSITIONS = frozenset(
    split_words("to from for with by in on at into onto over under via through after before")
)


def _gerund(text: str) -> str | None:
    m = _GERUND.match(text)
    if m is None:
        return None
    verb = gerund_verb(m["g"].casefold())
    obj = m["obj"].split()
    if not base_verb(verb) or not obj or obj[0].casefold() in _PREPOSITIONS:
        return None  # "Shipping to KP is prohibited": the act by its noun alone, left as it is
    act = f"{verb} {m['obj'].strip()}".strip()
    rest = m["rest"]
    if m["ban"]:
        return f"Never {act}{rest}"
    if not (m["only"] or m["only2"]) or not rest.strip(" .;"):
        return None  # "Paying by card is allowed": a permission, no rule
    return f"Only {act}{rest}"


# "No single charge may exceed 500 EUR": a bound said with "no", said with "not"
_NO_SINGLE = re.compile(
    r"^\W*no\s+(?P<one>(?:single|one|individual)\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
    r"(?P<modal>may|can|shall|should|will|must)\s+(?P<rest>(?:exceed|be\s+(?:more|greater|"
    r"higher|larger|longer)\s+than|go\s+(?:over|above|beyond))\b.*)$",
    re.I | re.S,
)


# "Customers who are banned may not hire boats": the state before the noun ("Banned customers
# may not hire boats"), which the readers of a subject's state read
_WHO_ARE = re.compile(
    r"^\W*(?P<np>[A-Za-z][\w-]*s)\s+(?:who|that|which)\s+(?:are|have\s+been)\s+(?!not\b)"
    r"(?P<state>[a-z][\w-]*)\s+(?=(?:may|can|must|should|shall|will)(?:\s+not|\s+never|n't)?\s|"
    r"cannot\s|can't\s|mustn't\s|are\s+not\s|are\s+never\s)",
    re.I,
)
# "Treatment notes are confidential and must never be sent ...": what they are, then the
# rule, whose subject is the same
_ADJ_AND = re.compile(
    r"^\W*(?P<np>(?:[A-Za-z][\w'-]*\s+){1,4}?)(?:is|are)\s+(?:[a-z][\w-]*\s+){1,2}?(?:and|but)\s+"
    r"(?=(?:must|may|should|shall|can|cannot|can't|will|never)\b)",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence said to the agent (module docstring), or None when it is not said of
    the agent in the third person or impersonally."""
    gerund = _gerund(text)
    if gerund is not None:
        return gerund
    who = _WHO_ARE.match(text)  # "Customers who are banned may not hire boats"
    if who is not None:
        return f"{who['state'].casefold()} {who['np'].casefold()} {text[who.end() :]}"
    what = _ADJ_AND.match(text)  # "Notes are confidential and must never be sent": the rule
    if what is not None:
        return str(what["np"]) + text[what.end() :]
    no = _NO_SINGLE.match(text)
    if no is not None:
        return f"A {no['one'] or ''}{no['np']} {no['modal']} not {no['rest']}"
    acts = _ACTS_BOUNDED.match(text)  # "The assistant files claims up to $10,000"
    if acts is not None:
        verb = verb_lemma(acts["v"].casefold())
        if verb is not None and verb != acts["v"].casefold():
            return f"You {verb} {text[acts.end() :]}"
    for form, said in _FORMS:
        m = form.match(text)
        if m is not None:
            rest = _PHRASAL.sub(r"\g<v>", text[m.end() :], count=1)  # "hire out X": hire X
            return said + (_ITS_ACTS.sub(_yours, rest) if said != "Never " else rest)
    return None


# "The assistant files claims up to $10,000", "The agent issues refunds of at most $50": what
# the agent does, said with the bound it does it within (a bound is needed: "the assistant
# answers questions" says what it does, no rule)
_ACTS_BOUNDED = re.compile(
    r"^\W*" + AGENT + r"\s+(?P<v>[a-z]+s)\s+(?=[^.;]*\b(?:up\s+to|at\s+most|no\s+more\s+than|"
    r"a\s+maximum\s+of|only)\b)",
    re.I,
)


# a verb whose particle says nothing of the act ("hire out boats", "rent out bikes")
_PHRASAL = re.compile(r"^(?P<v>hire|rent|lend|hand|give)\s+out\b(?=\s+[a-z])", re.I)

# "... before it reads or changes any appointment": the agent's acts, said to it; only an
# "it" acting on something is the agent ("after it ships" is the order shipping)
_ITS_ACTS = re.compile(
    r"\b(?P<when>before|after|when|whenever|until|unless|once|if)\s+it\s+(?P<v>[a-z]+?)e?s\b"
    r"(?:\s+or\s+(?P<w>[a-z]+?)e?s\b)?(?=\s+(?:a|an|the|any|every|each|all|its|their|this|that|"
    r"these|those)\s)",
    re.I,
)


def _yours(m: re.Match[str]) -> str:
    acts = [a for a in (_base(m["v"]), _base(m["w"])) if a]
    if len(acts) < (2 if m["w"] else 1):
        return m[0]
    return f"{m['when']} you {' or '.join(acts)}"


def _base(stem: str | None) -> str | None:
    """The verb a matched stem ("read" of "reads", "chang" of "changes") is in its base
    form, or None when it is no verb."""
    for verb in (stem, f"{stem}e") if stem else ():
        if base_verb(verb.casefold()):
            return verb
    return None

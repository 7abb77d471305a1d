"""The assistant's own acts said of it in the third person, anywhere in a sentence (thirty-fifth
session): "BOT reads back the booking and runs `t` only when the golfer says yes", "`t` belongs
to the head greenkeeper; the assistant never runs it", "Before `t`, the agent names the booking
and waits for a yes", "the slot BOT books is one that `s` returned".

The readers read what is said to the agent ("read back ...", "never run ..."); `person17`
respells a sentence that opens with "the assistant" and a modal. Here the subject is the
assistant, by a role noun ("the assistant", "the agent", "the bot") or by the name the prompt
gives it ("you are BOT in this script", "You are Ada, ..."), in any clause, and its verb is in
the third person: the subject becomes "you" and the verb its base form ("you read back ...",
"you never run it"), and a verb coordinated with it ("... and runs `t`", "... and waits for
...") agrees too. A word after "and" is taken for such a verb only when it is one and an
object or a preposition follows it ("course and names, and runs": "names" is left alone).
The act must be said as a rule, with an adverb ("never", "only", "always"), a count, an
order, a condition or a wait: "The assistant takes calls from customers" says what it does,
and is left alone.

A role profile lists the assistant's duties with no subject at all, each item opening with
its verb in the third person ("- Confirms identity through `t` before ...", "- Refunds no more
than £90 per refund"): `duty` says such an item to the agent ("Confirm identity ..."), and
`said_as_duty` hands every reader the item so, located at its own characters. The
first word must be a verb's third-person form and what follows it its object (a determiner,
a number, an id, "only", "no", a particle, a noun), never a preposition, a conjunction or
another verb: "Refunds above £40", "Orders worth more than £250", "Refunds go to the card" and
"Objects uploaded with `t` ..." are things, not acts, and are left as they are.
Nothing else is changed; a sentence that says none of this is read as it stands.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from specgap.extract.english import CLOSED_CLASS, base_verb, verb_lemma
from specgap.extract.person17 import AGENT
from specgap.extract.plain_bans import opens_item
from specgap.extract.segments import Sentence
from specgap.operators.prose import split_words

__all__ = ["agent_name", "duty", "respelt", "said_as_duty"]

# the name the prompt gives the assistant: "you are BOT in this script", "You are Ada, ...",
# "You are called Pip." (a capitalised word standing alone, never "You are Petal & Stem's")
_NAMED = re.compile(
    r"\b(?i:you\s+are\s+(?:called\s+|named\s+)?)(?P<name>[A-Z][A-Za-z0-9]{1,20})"
    r"(?=\s*[,.;:)]|\s+in\s+(?:this|the)\b|\s*$)",
    re.M,
)
_ADVERBS = r"(?:(?:never|always|only|also|then|first|just|still|usually|not)\s+)?"


@functools.lru_cache(maxsize=64)
def agent_name(text: str) -> str | None:
    """The name the prompt `text` gives the assistant, or None (module docstring)."""
    m = _NAMED.search(text)
    if m is None or m["name"].casefold() in CLOSED_CLASS:
        return None
    return m["name"]


@functools.lru_cache(maxsize=64)
def _subject(name: str | None) -> re.Pattern[str]:
    who = AGENT if name is None else rf"(?:{AGENT}|{re.escape(name)})"
    return re.compile(
        r"(?<![\w'`])(?P<who>" + who + r")\s+(?P<adv>" + _ADVERBS + r")(?P<v>[a-z]+s)\b", re.I
    )


# a verb coordinated with the agent's, in the same clause: "... and runs `t`", "and then
# waits for"; an object, a particle or a preposition after it
_AND = re.compile(
    r"(?P<lead>,?\s+and\s+(?:then\s+)?)(?P<adv>" + _ADVERBS + r")(?P<v>[a-z]+s)\b"
    r"(?=\s+(?!(?:and|or|nor)\b)[`\w£$])"
)


# auxiliaries: "the assistant is not permitted to", "needs to", "has to" are `person17`'s
_AUXILIARY = frozenset(split_words("be have do need"))


def _base(word: str) -> str | None:
    lemma = verb_lemma(word)
    if lemma is None or lemma == word.casefold() or lemma in _AUXILIARY:
        return None
    return lemma


def respelt(speech: str, text: str) -> str | None:
    """`text` with the assistant's acts said in the third person said to it (module
    docstring), or None when it says none."""
    subject = _subject(agent_name(speech))
    out: list[str] = []
    at = 0
    for m in subject.finditer(text):
        verb = _base(m["v"])
        if verb is None or m.start() < at:
            continue
        opens = not text[: m.start()].strip(" \t*-_>#")
        out.append(text[at : m.start()])
        out.append(("You " if opens else "you ") + m["adv"] + verb)
        at = m.end()
        end = _clause_end(text, at)
        out.append(_AND.sub(_agreed, text[at:end]))
        at = end
    if not out:
        return None
    out.append(text[at:])
    said = "".join(out)
    return said if _RULE_CUE.search(said) else None  # "the bot takes calls": what it does


# what makes an act said in the present a rule rather than what the assistant does: an
# adverb of rule, a count, an order, a condition, a wait
_RULE_CUE = re.compile(
    r"\b(?:never|always|only|not|no|nothing|before|after|until|unless|once|twice|first|"
    r"at\s+(?:most|least)|up\s+to|one|per|each|every|waits?\s+for|when|if)\b",
    re.I,
)


_CLAUSE_END = re.compile(r"[;.!?](?:\s|$)|$")


def _clause_end(text: str, at: int) -> int:
    m = _CLAUSE_END.search(text, at)
    return m.start() if m is not None else len(text)


def _agreed(m: re.Match[str]) -> str:
    verb = _base(m["v"])
    return m[0] if verb is None else m["lead"] + m["adv"] + verb


# an item's opening verb in the third person, and the word after it
_DUTY = re.compile(r"^(?P<lead>\W*)(?P<v>[A-Z][a-z]+s)\s+(?P<next>`|[£$€\d]|[a-z][\w'-]*)")
# what may follow it and still be its object or its particle
_PARTICLES = frozenset(split_words("back up out off down only never always no"))
# words that make the first word a noun ("Refunds above £40", "Orders worth £250")
_NOT_OBJECT = frozenset(
    split_words(
        "above below over under worth for of from to in on at with by after before about per "
        "between during within without through into onto via than like and or but nor that "
        "which who whose where when while if unless as so are is were was be been must may "
        "can could should will would shall need needs have has had do does"
    )
)


def duty(text: str) -> str | None:
    """A list item that opens with its verb in the third person, said to the agent (module
    docstring), or None."""
    found = _duty(text)
    return None if found is None else found[1]


def _duty(text: str) -> tuple[re.Match[str], str] | None:
    """The item's opening verb matched, and the item said with its base form; None when the
    item is no duty."""
    m = _DUTY.match(text)
    if m is None:
        return None
    verb = _base(m["v"])
    after = m["next"].casefold()
    if verb is None or after in _NOT_OBJECT:
        return None
    if after not in _PARTICLES and after not in CLOSED_CLASS and base_verb(after):
        return None  # "Refunds go to the card": a thing and what it does
    lemma = verb_lemma(after)
    if lemma not in (None, after) and not after.endswith("s"):
        return None  # "Objects uploaded with `t` ...", "Requests made ...": a participle
    return m, m["lead"] + verb.capitalize() + text[m.end("v") :]


def said_as_duty(sentence: Sentence) -> Sentence:
    """A prompt's list item that is a duty (`duty`) as the same sentence said to the agent,
    its verb in the base form (its characters located at the verb's own), so that every
    reader reads it so; any other sentence as it is."""
    if sentence.subject is not None or not opens_item(sentence):
        return sentence
    found = _duty(sentence.text)
    if found is None:
        return sentence
    m, said = found
    shorter = len(sentence.text) - len(said)
    if shorter < 0:
        return sentence
    cut = m.end("v") - shorter  # the verb's own letters kept
    offsets = sentence.offsets[:cut] + sentence.offsets[m.end("v") :]
    return replace(sentence, text=said, offsets=offsets)

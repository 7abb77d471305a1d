"""The actions a phrase names, for the user's yes (`user_yes`): "you cancel their
subscription" -> `cancel subscription`, "changes to the delivery address" -> `change delivery
address`, "any action that reschedules, cancels or refunds" -> three actions, "a membership
is frozen" -> `freeze membership`; words that name no one action ("any action that changes
data") guard no tool in particular, and not every tool either."""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.noun_counts import act_of
from specgap.operators.prose import base_form, lemma, targets_in

__all__ = ["DETERMINERS", "named", "targets", "verb_base"]

_PRONOUN_TAIL = re.compile(
    r"\s+(?:(?:the\s+|an?\s+)?(?:\w+\s+)?ones?|it|them|this|that|anything|everything|"
    r"goes\s+through|go\s+through|happens?|takes?\s+place|"
    r"(?:is|are|gets?|has\s+been|have\s+been)\s+(?:made|done|placed|submitted|processed|"
    r"carried\s+out|performed|sent|issued))$",
    re.I,
)
DETERMINERS = re.compile(
    r"^(?:(?:any|every|each|all|the|a|an|such|these|those|their|your|its)\s+)+", re.I
)
_THAT_DOES = re.compile(
    r"^(?:actions?|operations?|requests?|steps?|calls?|changes?)\s+(?:that|which)\s+(?P<x>.+)$",
    re.I,
)


def verb_base(word: str) -> str:
    """`refunds` -> `refund`, `cancelled` -> `cancel`: the lexicon's verb, else `lemma`."""
    return verb_lemma(word) or lemma(word)


# words that name no one action: "any action that changes data" guards no tool in
# particular (and not every tool either)
_GENERIC_WORDS = frozenset(
    [
        "action",
        "actions",
        "operation",
        "operations",
        "change",
        "changes",
        "write",
        "writes",
        "update",
        "updates",
        "request",
        "requests",
        "step",
        "steps",
        "call",
        "calls",
        "data",
        "database",
        "information",
        "record",
        "records",
        "state",
        "system",
        "thing",
        "things",
        "anything",
        "something",
        "everything",
        "modification",
        "modifications",
        "modify",
        "alter",
    ]
)


def targets(phrase: str) -> tuple[str, ...] | None:
    found = named(phrase)
    if found is None:
        return None
    return tuple(t for t in found if set(t.casefold().split()) - _GENERIC_WORDS) or None


# "a membership is frozen": the act is the participle's verb on the subject
_PASSIVE = re.compile(
    r"^(?P<obj>.+?)\s+(?:is|are|gets?|has\s+been|have\s+been)\s+(?P<v>[a-z]+(?:ed|en))$", re.I
)


# a tool said by its id as the subject of its own running ("`t` runs", "t is called")
_TOOL_RUNS = re.compile(
    r"^(?P<t>`?[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+`?|`?[a-z]+(?:[A-Z][a-z0-9]+)+`?)\s+"
    r"(?:runs|is\s+(?:run|called|used|invoked|made)|gets\s+(?:run|called|used)|goes\s+out|fires)$"
)


def named(phrase: str) -> tuple[str, ...] | None:
    """The actions a phrase names: `you cancel their subscription` -> `cancel subscription`,
    `changes to the delivery address` -> `change delivery address`, `any action that
    reschedules, cancels or refunds` -> three actions."""
    phrase = _PRONOUN_TAIL.sub("", phrase.strip(" .\"'"))
    if (run := _TOOL_RUNS.match(phrase)) is not None:
        return (run["t"].strip("`"),)  # "before `cancel_booking` runs": that tool
    passive = _PASSIVE.match(phrase)
    if passive is not None and (done := verb_lemma(passive["v"].casefold())) is not None:
        phrase = f"{done} {passive['obj']}"  # "a membership is frozen": freeze membership
    phrase = re.sub(r"^(?:you|we|they|the\s+agent|the\s+assistant)\s+", "", phrase, flags=re.I)
    # "(you) proceed with a refund", "go ahead with the cancellation": the act gone ahead with
    phrase = re.sub(r"^(?:proceed|go\s+ahead|continue)\s+with\s+", "", phrase, flags=re.I)
    phrase = DETERMINERS.sub("", phrase)
    does = _THAT_DOES.match(phrase)
    if does is not None:
        verbs = re.split(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", does["x"].strip())
        return tuple(verb_base(v) for v in verbs if v) or None
    phrase = re.sub(
        r"^(\w+)\s+(?:to|of|for|on)\s+(?:(?:the|a|an|their|your|its)\s+)?", r"\1 ", phrase
    )
    phrase = re.sub(r"\b(?:the|a|an|their|your|its|his|her)\s+", "", phrase)
    if not phrase or len(phrase.split()) > 5:
        return None
    found = targets_in(_Plain(), phrase)
    if found:  # "reservations, cancellations": the acts the nouns name
        return tuple((act_of(t) or t) if " " not in t else t for t in found)
    return (base_form(phrase),) if phrase.split()[0].isalpha() else None


class _Plain:
    """A sentence with no description subject, for `targets_in`."""

    text = ""
    clean = ""
    subject: str | None = None

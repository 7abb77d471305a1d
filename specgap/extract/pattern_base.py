"""What the deterministic pattern table is made of: what a pattern returns (`Match`) and
how a chunk of a sentence names a tool (`mention_in`, `mentions_any_of`). The patterns are
the operators' own (`Operator.prose`); the pieces of rule language they share (numbers,
tool-looking tokens, quoted values, verbs and their nouns, lists of actions) live in
`specgap.operators.prose` and are re-exported here for the extractor's other readers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from specgap.extract.segments import Sentence
from specgap.ir import Grounding
from specgap.operators.prose import ANY_TOOL as ANY_TOOL
from specgap.operators.prose import CALL_NOUNS as CALL_NOUNS
from specgap.operators.prose import CALL_WORDS as CALL_WORDS
from specgap.operators.prose import DETERMINERS as DETERMINERS
from specgap.operators.prose import END as END
from specgap.operators.prose import MODAL as MODAL
from specgap.operators.prose import NEG as NEG
from specgap.operators.prose import NUMBER as NUMBER
from specgap.operators.prose import NUMBER_WORDS as NUMBER_WORDS
from specgap.operators.prose import QUOTED as QUOTED
from specgap.operators.prose import STOP as STOP
from specgap.operators.prose import TICKED as TICKED
from specgap.operators.prose import USER as USER
from specgap.operators.prose import action_list as action_list
from specgap.operators.prose import base_form as base_form
from specgap.operators.prose import is_action_noun as is_action_noun
from specgap.operators.prose import is_toolish as is_toolish
from specgap.operators.prose import lemma as lemma
from specgap.operators.prose import noun_phrase as noun_phrase
from specgap.operators.prose import number as number
from specgap.operators.prose import quoted_values as quoted_values
from specgap.operators.prose import singular as singular
from specgap.operators.prose import split_words as split_words
from specgap.operators.prose import targets_in as targets_in
from specgap.operators.prose import ticked_tools as ticked_tools

EXTRACTOR = "deterministic"
# verbs that say only that a tool is used ("call `x`", "`x` may be run once"): the tool is
# named elsewhere in the sentence, never by the verb
CALL_VERBS = frozenset({"call", "use", "invoke", "run", "execute"})
# a tool id written bare, as prose spells one: snake_case or camelCase
BARE_ID = r"[a-z]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+"
# a tool id as a respelled sentence says it: in backticks, snake_case or camelCase
SAID_ID = r"(?:`[A-Za-z][\w.:-]*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)"
# a state a step must have found, said after it ("... has read that order and found it pending")
# (the order alone does not check it: `temporal` and `order4_shapes` keep it as a condition)
_FOUND_STATE = re.compile(
    r"\band\s+(?:has\s+)?(?:found|seen|confirmed|checked|shown)\s+(?:that\s+)?"
    r"(?:it|they|them|the\s+[a-z]+)\s+(?:is\s+|are\s+|was\s+|were\s+|to\s+be\s+)?[a-z_`'\"]+",
    re.I,
)


def found_state(text: str) -> str | None:
    """The state a step must have found, said after it ("... has read that order and found it
    pending": "found it pending"), or None."""
    m = _FOUND_STATE.search(text)
    return None if m is None else m[0].strip()[len("and") :].strip()


# a tool id in any style a prompt may keep it in (`bookings.Get`, `crm_findFamily`, `a_b`)
ANY_ID = rf"{SAID_ID}|[a-z][a-z0-9]*(?:[._][A-Za-z][A-Za-z0-9]*)+"
# what is sent to a person: a count of them is a count of the sends ("two texts per job")
SENT_NOUNS = frozenset({"text", "email", "message", "sms", "notification", "reminder", "notice"})


def sending(noun: str) -> str | None:
    """ "send text" for a noun of a thing sent to a person ("texts", "an email"), else None."""
    said = singular(noun.casefold().strip())
    return f"send {said}" if said in SENT_NOUNS else None


# what the agent's talk is made of: a count "per chat" or "in a chat" is a count in the trace,
# no entity of a call ("refer a chat once at most", "no chat gets more than three texts")
TALK_NOUNS = frozenset(
    {"chat", "conversation", "session", "call", "turn", "message", "dialogue", "contact", "thread"}
)

# where a tool or a source was said or run, which every call of a trace is: "a session search
# run in this conversation", "the eligibility screen in the same chat"
IN_TALK = re.compile(
    r"\s+(?:(?:that\s+(?:was|were)\s+|you\s+)?(?:run|ran|made|done|called|returned|given|"
    r"performed|carried\s+out)\s+)?(?:in|during|within)\s+(?:this|the\s+same|the\s+current|"
    r"the|your)\s+(?:conversation|chat|session|call|contact|exchange)$",
    re.I,
)
# a negation just before a verb of use: the value named is one never used ("never accept a
# card number the guest types" names no source it must come from)
NEGATED_USE = re.compile(r"\b(?:never|not|n't|no\s+longer)\s+(?:\w+\s+)?$", re.I)
FILLER = re.compile(
    r"^(?:(?:calling|using|running|invoking|executing|uploading|writing|sending|any|every|each|"
    r"an?|the|it|them|this|that|to|with|via|through|tool|call)\b\s*)+",
    re.I,
)


@dataclass(frozen=True)
class Match:
    """What a pattern found: target chunk (text range) and parameters.

    `targets`, when given, are the constrained tools as mentions (a list the sentence
    names, a verb turned into a tool name, or `*`); one candidate rule is made per target.
    """

    operator: str
    target: tuple[int, int] | None  # range in the sentence naming the constrained tool
    params: dict[str, Any]
    tool_params: dict[str, tuple[int, int]]  # param -> range naming another tool
    confidence: float
    grounding: Grounding | None = None
    targets: tuple[str, ...] = ()


def mention_in(sentence: Sentence, span: tuple[int, int]) -> str | None:
    """The tool a chunk of the sentence names: a ticked tool id, else the bare phrase."""
    for m in TICKED.finditer(sentence.text):
        if m.end() > span[0] and m.start() < span[1] and is_toolish(m[1]):
            return m[1]
    chunk = sentence.clean[span[0] : span[1]].replace("`", " ").strip()
    phrase = IN_TALK.sub("", FILLER.sub("", chunk).strip().strip(" ,"))
    words = phrase.split()
    if not words or len(words) > 6:
        return None
    return " ".join(words)


_OR = re.compile(r",?\s+or\s+(?:else\s+)?", re.I)


def mentions_any_of(sentence: Sentence, span: tuple[int, int]) -> str | list[str] | None:
    """The tool, or the tools one of which will do, a chunk names: "`a` or `b`", "by e-mail
    or by name" is a list when every alternative names something, else one mention."""
    chunk = sentence.clean[span[0] : span[1]]
    cuts = [
        span[0],
        *(x for m in _OR.finditer(chunk) for x in (span[0] + m.start(), span[0] + m.end())),
        span[1],
    ]
    if len(cuts) > 2:
        parts = [mention_in(sentence, (a, b)) for a, b in zip(cuts[::2], cuts[1::2], strict=True)]
        named = [p for p in parts if p]
        if len(named) == len(parts) and len(set(named)) > 1:
            return sorted(set(named))
    return mention_in(sentence, span)


PatternFn = Callable[[Sentence, re.Match[str]], Match | list[Match] | None]


def tool_id(name: str) -> str:
    """A pattern for a tool's id in backticks, or bare when it is written as one
    (`snake_case`, `camelCase`, matched with case even under `re.I`), in the group `name` (or
    `name`_b); `id_named` gives what it matched."""
    return (
        rf"(?:`(?P<{name}>[A-Za-z_][\w.\-]*)(?:\(\))?`|(?-i:(?P<{name}_b>[a-z][a-z0-9]*(?:_[a-z0-9]+)+"
        # (a record and its operation after a dot: `valeride_trip.cancel`)
        rf"(?:\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*)*|"
        rf"[a-z]+(?:[A-Z][a-z0-9]*)+))(?:\(\))?)"
    )


def id_named(m: re.Match[str], *names: str) -> str:
    """The id a `tool_id` group of one of `names` matched (the first that did)."""
    return next(m[g] for n in names for g in (n, f"{n}_b") if m[g])

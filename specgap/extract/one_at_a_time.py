"""One at a time: a rule that no two calls run together, in the shapes policies say it.

- "one X at a time" ("book one session at a time", "make one tool call at a time", "refund no
  more than one pass at a time"), "X must
  be processed one at a time", "handle the member's requests one by one";
- "never run two X in parallel / concurrently / at once / at the same time / at a time / in
  the same turn", "don't freeze more than one membership at once";
- "do not cancel sessions concurrently" (the clause's own action);
- "wait for each X to finish before starting the next", "wait for each `t` result before
  sending another" (the tool `t` itself);
- "never two tools in the same turn" (no verb: the calls);
- "handle requests sequentially / in sequence / one after the other", "send tool calls singly",
  "work through your functions singly";
- "never start one before the previous one has answered", "one call in flight at any moment",
  "the next is issued only after the last has answered" (every call).

X names what is counted. A tool action ("refunds", "cancel sessions") gives
`one_call_at_a_time` on that action with `same_tool`: at most one call of it per turn, other
tools may share the turn (no stronger than the sentence). Calls, tools, requests or tasks in
general give the rule over every tool (`*`). An agent runs calls together only within one
turn, so the rule is checked per turn; `with_text` is on only when the sentence speaks of
replying as well (`talks_too`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.grammar import Clause
from specgap.extract.grammar_emit import Emit
from specgap.operators.one_call_at_a_time import talks_too
from specgap.operators.prose import ANY_TOOL, NEG, base_form, lemma, singular, split_words

_UNIT = r"(?P<n1>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
_TOGETHER = (
    r"(?:in\s+parallel|concurrently|simultaneously|at\s+once|at\s+(?:the\s+same|a)\s+time|together|"
    r"in\s+(?:the\s+same|one|a\s+single)\s+(?:turn|step|message|response))"
)
# one assistant turn, however a policy names it
_TURN = r"(?:turn|response|message|reply|step|answer)"
_SEVERAL = r"(?:two|2|several|multiple|many|more\s+than\s+one|any\s+two)"
# "before sending another", "before the next one": the same act again, no second act
_AGAIN = (
    r"before\s+(?:sending|making|calling|issuing|starting|running|placing|doing)\s+(?:another|"
    r"the\s+next)(?:\s+one)?"
)
AGAIN = re.compile(r"\b" + _AGAIN + r"\b", re.I)
_SHAPES = re.compile(
    "|".join(
        (
            # book one session at a time; make only one tool call at a time
            r"\b(?:(?P<v1>[a-z]+)\s+)?(?:(?:only|just|at\s+most|no\s+more\s+than)\s+)?"
            r"(?:one|a\s+single|1)\s+" + _UNIT + r"\s+at\s+a\s+time\b",
            # refunds must be processed one at a time
            r"\b(?P<n2>[a-z][\w-]*)\s+(?:(?:must|should|are\s+to|have\s+to|need\s+to)\s+be|are|is)\s+"
            r"(?P<v2>[a-z]+)\s+(?:one\s+(?:at\s+a\s+time|by\s+one|after\s+(?:the\s+)?(?:other|"
            r"another))|sequentially|in\s+sequence|serially|singly)\b",
            # handle the member's requests one at a time / sequentially
            r"\b(?P<v3>[a-z]+)\s+(?:through\s+)?(?:(?:the|their|its|your|our|all|any|each|"
            r"[\w-]+'s?)\s+)*(?P<n3>[a-z][\w-]*)\s+"
            r"(?:one\s+(?:at\s+a\s+time|by\s+one|after\s+(?:the\s+)?(?:other|another))|"
            r"sequentially|in\s+sequence|serially|singly)\b",
            # never run two refunds in parallel; don't freeze more than one membership at once
            r"\b"
            + NEG
            + r"\s+(?P<v4>[a-z]+)\s+"
            + _SEVERAL
            + r"\s+(?P<n4>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
            r"(?P<same>\s+(?:for|of|on|to|in)\s+(?:the\s+same|one|a\s+single)\s+[a-z][\w-]*)?"
            r"\s+" + _TOGETHER + r"\b",
            # do not cancel sessions concurrently
            r"\b" + NEG + r"\s+(?P<v5>[a-z]+)\s+(?P<n5>(?:[\w-]+\s+){0,3}?)"
            r"(?:in\s+parallel|concurrently|simultaneously)\b",
            # only one locker can be emptied at a time
            r"\b(?:only\s+)?(?:one|a\s+single)\s+(?P<n7>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:can|may|"
            r"should|must|is\s+to)\s+be\s+(?P<v7>[a-z]+)\s+at\s+a\s+time\b",
            # never refund more than one pass per turn; do not call more than one tool per turn
            r"\b" + NEG + r"\s+(?P<v8>[a-z]+)\s+(?:more\s+than\s+one|multiple|several|two\s+or\s+"
            r"more)\s+(?P<n8>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:per|in\s+(?:a|one|any|the\s+same|"
            r"a\s+single))\s+" + _TURN + r"\b",
            # make at most one tool call per response; use a single tool per turn; one X a turn
            r"\b(?:(?!(?:only|just|most|than|no|at|ever|exactly)\b)(?P<v9>[a-z]+)\s+(?:through\s+)?)?(?:(?:at\s+most|only|just|exactly|no\s+more\s+than)(?:\s+ever)?\s+)?(?:one|a\s+single|1)"
            r"\s+(?P<n9>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:per|a|each|every|in\s+(?:a|each|one|any|"
            r"every))\s+" + _TURN + r"\b",
            # each turn may contain at most one tool call; turns hold a single call
            r"\b(?:(?:each|every|any|a)\s+"
            + _TURN
            + r"|(?:turns|responses|messages|replies|steps))"
            + r"\s+(?:(?:may|can|should|must|shall)\s+(?:only\s+)?(?:contain|include|have|make|"
            r"hold|carry)|(?:only\s+)?(?:contains|includes|has|holds|carries|gets|contain|include|"
            r"have|hold|carry))\s+"
            r"(?:(?:at\s+most|only|just|no\s+more\s+than)\s+)?"
            r"(?:one|a\s+single|1)\s+(?P<n10>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b",
            # issue refunds one per turn; process each extension separately, one per turn
            r"\b(?P<v11>[a-z]+)\s+(?:(?:the|their|all|any|each|[\w-]+'s?)\s+)*(?P<n11>[a-z][\w-]*"
            r"(?:\s+[a-z][\w-]*)?)(?:\s+separately)?,?\s+one\s+per\s+" + _TURN + r"\b",
            # never two tools in the same turn (no verb: the calls themselves)
            r"\b(?:never|no)\s+"
            + _SEVERAL
            + r"\s+(?P<n12>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
            + _TOGETHER
            + r"\b",
            # wait for each issue_payment result before sending another: that tool's calls
            r"\bwait\s+for\s+(?:each|every|one|the|a|any)\s+`?(?P<n13>[A-Za-z][\w.-]*_[\w.-]+)`?"
            r"(?:'s)?\s+(?:call(?:'s)?\s+)?(?:result|response|output|reply)\s+" + _AGAIN + r"\b",
            # on each turn you take exactly one action (the turn said first)
            r"\b(?:on|in|during|within)\s+(?:each|every|any|a|one)\s+"
            + _TURN
            + r"\s*,?\s+(?:you\s+)?(?:(?:may|can|must|should|shall)\s+)?(?P<v14>[a-z]+)\s+"
            r"(?:(?:exactly|only|just|at\s+most|no\s+more\s+than)\s+)?(?:one|a\s+single|1)\s+(?P<n14>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b",
            # never starting one before the previous one has answered; one call in flight at
            # any moment; the next is issued only after the last has answered (every call)
            r"\b(?:never|not|don't|do\s+not)\s+(?:start|make|issue|send|place|begin)(?:ing)?\s+"
            r"(?P<n15>one|a\s+call|another(?:\s+call)?|the\s+next(?:\s+(?:one|call))?)\s+"
            r"(?:before|until)\s+the\s+(?:previous|last|prior|earlier)\s+(?:one\s+|call\s+)?"
            r"(?:has\s+)?(?:answered|returned|finished|completed|come\s+back)\b"
            r"|\b(?:only\s+)?(?:one|a\s+single)\s+(?P<n16>call|request|tool\s+call)\s+in\s+flight\b"
            r"|\bthe\s+next\s+(?:one\s+|call\s+)?(?:is|may\s+be|can\s+be|must\s+be)\s+"
            r"(?:issued|made|started|sent|placed|called)\s+only\s+(?:after|once|when)\s+the\s+"
            r"(?P<n17>last|previous|prior)(?:\s+(?:one|call))?\s+has\s+(?:answered|returned|"
            r"finished|completed|come\s+back)\b",
            # wait for each refund to finish before starting the next
            r"\bwait\s+for\s+(?:each|every|one|the|a|any)\s+(?P<n6>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
            r"\s+to\s+(?:finish|complete|return|end|be\s+done|succeed)\s+before\s+(?:starting|"
            r"running|making|calling|issuing|sending|beginning|doing)\b",
        )
    ),
    re.I,
)
# words for a call in general: the rule is over every tool
_ANY = frozenset(
    split_words(
        "call calls tool tools function functions request requests task tasks operation "
        "operations action actions thing things step steps job jobs tool-call tool-calls "
        "program programs script scripts command commands"
    )
)
# verbs that only say an action is carried out: the noun names the action
_DOING = frozenset(
    split_words("run handle process do make perform execute start launch trigger take issue use")
)


def one_at_a_time(clean: str, clause: Clause, subject: str | None = None) -> list[Emit]:
    """`one_call_at_a_time` for the sentence's shape (module docstring); [] for none. In
    a tool description (`subject`) only a rule about the described tool itself is read."""
    m = _SHAPES.search(clean)
    if m is None:
        return []
    group = next(i for i in range(1, 18) if m[f"n{i}"] is not None)
    if group not in {2, 13} and not _told(clean, clause):  # "refunds are processed one at a time"
        return []
    found = _read(m, group, clause, subject)
    if _WITH_OTHERS.search(clean):  # "not in parallel with other tools": no other call either
        found = [
            Emit(e.operator, e.target, {"with_text": False}, e.confidence, e.condition)
            for e in found
        ]
    elif talks_too(clean):  # "... and do not reply in the same turn": no text beside a call
        found = [replace(e, params={**e.params, "with_text": True}) for e in found]
    if m["same"]:  # "two payments for the same invoice": per invoice, which no turn count says
        same = m["same"].strip()
        return [Emit(e.operator, e.target, e.params, e.confidence, condition=same) for e in found]
    return found


def _read(m: re.Match[str], group: int, clause: Clause, subject: str | None) -> list[Emit]:
    if group == 13:  # a tool named by its id: its own calls, one at a time
        return [_per_tool(m["n13"])]
    if group in {15, 16, 17}:  # "never start one before the previous one has answered"
        return [Emit("one_call_at_a_time", ANY_TOOL, {"with_text": False}, 0.75)]
    noun = m[f"n{group}"].strip().casefold()
    said = (m[f"v{group}"] or "").casefold() if group not in {6, 10, 12} else ""  # (no verb)
    if said and not base_verb(said) and verb_lemma(said) is None:
        return []  # "book lessons for one guest at a time": a person, no act of the agent's
    verb = verb_lemma(said) or lemma(said) if said else ""
    words = noun.split()
    if verb in _TALK or _TALK & set(words):
        return []  # "ask one question at a time": a way of talking, no tool call
    if subject is not None:
        # "two of these", "calls", or the tool's own act said in the passive ("only one
        # locker can be emptied at a time")
        itself = not words or noun in _ITSELF or any(w in _ANY for w in words) or group == 7
        return [_per_tool(subject)] if itself and group > 1 else []
    if (words and words[-1] == "at") or noun in _ITSELF:
        return []  # "one at a time" with no noun, "two of them": nothing named
    if group == 5 and clause.action is not None and verb not in _DOING:
        return [_per_tool(clause.action)]  # "do not cancel sessions concurrently"
    if not words or any(w in _ANY for w in words):
        return [Emit("one_call_at_a_time", ANY_TOOL, {"with_text": False}, 0.75)]
    noun = " ".join(singular(w) for w in words)
    if verb and verb not in _DOING:
        return [_per_tool(f"{verb} {noun}")]  # "book one session", "cancelled one at a time"
    return [_per_tool(base_form(noun))]  # "run two refunds": the refund


_WITH_OTHERS = re.compile(
    r"\b(?:with|alongside|beside|and)\s+(?:any\s+)?(?:other|another)\s+(?:tools?|calls?|functions?)\b",
    re.I,
)
_TALK = frozenset(
    split_words(
        "ask tell explain say answer reply respond offer suggest present show mention question "
        "questions message messages topic topics"
    )
)
_ITSELF = frozenset({"of these", "of them", "these", "them", "it", "this", "this tool", "of it"})


def _per_tool(action: str) -> Emit:
    return Emit("one_call_at_a_time", action, {"with_text": False, "same_tool": True}, 0.7)


_TOLD = re.compile(
    r"\b(?:never|not|don't|always|only|must|should|shall|have\s+to|need\s+to|at\s+most|"
    r"a\s+single|exactly\s+one)\b"
    # "You work through one tool call in each turn": the prompt tells the agent how it works
    r"|^\W*you\s+(?!(?:can|could|may|might|will|would)\b)[a-z]+",
    re.I,
)


def _told(clean: str, clause: Clause) -> bool:
    """The sentence tells the agent something (an imperative, a modal, a negation):
    "booking one session at a time is easiest" only describes a habit."""
    first = re.match(r"\W*([A-Za-z]+)", clean)
    opens = first is not None and base_verb(first[1].casefold())  # "Wait for each ..."
    told = clause.imperative or clause.modality in {"must", "must_not", "only"}
    return told or opens or bool(_TOLD.search(clean))

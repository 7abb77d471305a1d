"""A ban on making things up that is about a text the agent writes, not about call values:
"Write the dosage notes as a short list, so that the reply holds only checked facts. Do not
invent or guess details."

The operator's prose pattern reads "do not invent ..." as `arg_grounded` over every call
(values come from the user or the tools). That reading is right for a sentence on its own
("never make up an order id") or one that names the sources ("... beyond what the user or
the tools supplied"). When the line the sentence stands in is about writing a text (a verb
of writing, formatting or wording over a reply, summary, message, list or steps) and the
sentence names no source, the ban is on the content of that text: no operator checks a
message, so the reading is dropped and a located `rule-not-compiled` note says why. Any
other rule of the sentence is kept.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Gap
from specgap.extract.pattern_base import ANY_TOOL, USER
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

_TEXT = (
    r"(?:response|responses|reply|replies|answer|answers|summary|summaries|message|messages|"
    r"list|steps|note|notes|text|wording|explanation|description)"
)
# a verb of writing whose object is a text, or a text said to hold (only) something
_WRITES = re.compile(
    r"\b(?:format|write|compose|draft|word|phrase|rephrase|summari[sz]e|generate)\w*\s+"
    r"(?:(?:the|a|an|your|its|their|this|that)\s+)?(?:[\w-]+\s+){0,3}?" + _TEXT + r"\b"
    r"|\b(?:the|your)\s+" + _TEXT + r"\s+(?:must\s+|should\s+)?(?:only\s+)?contains?\b",
    re.I,
)
# a source named in the sentence: then the values are what it is about
_SOURCE = re.compile(
    r"\b(?:" + USER + r"s?|tools?|functions?|outputs?|knowledge\s*base|database|system)\b",
    re.I,
)


def message_only(
    sentence: Sentence, rules: list[CandidateRule]
) -> tuple[list[CandidateRule], Gap | None]:
    """`rules` without a made-up-values reading that is about a written text (module
    docstring), and the note that replaces it; the rules unchanged otherwise."""
    made = [r for r in rules if _made_up(r)]
    if not made or _SOURCE.search(sentence.clean) or not _WRITES.search(_line(sentence)):
        return rules, None
    gap = Gap(
        "rule-not-compiled",
        "the ban on inventing things is about the content of the text this line asks the "
        "agent to write; no operator checks what a message says",
        "check the text with an eval, or say which argument values must come from the user "
        "or the tools",
    )
    return [r for r in rules if r not in made], gap


def _made_up(rule: CandidateRule) -> bool:
    """The prose reading of "never make up ...": every call, no argument named."""
    params = rule.params
    return (
        rule.operator == "arg_grounded"
        and rule.target == ANY_TOOL
        and not params.get("arg")
        and not params.get("facet")
    )


def _line(sentence: Sentence) -> str:
    """The artifact's line (a paragraph line or a bullet) the sentence stands in."""
    text = sentence.artifact.text
    a, b = sentence.raw_range()
    start = text.rfind("\n", 0, a) + 1
    end = text.find("\n", b)
    return text[start : end if end >= 0 else len(text)]

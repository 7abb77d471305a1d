"""One call at a time, in the shapes `one_at_a_time` leaves: a norm stated with no verb, calls
said to be sent one per reply, and one call made then its result awaited.

- "A single API call per response." / "A single function call per reply; ..." (a label-like
  norm);
- "Each tool call goes in a turn of its own." (a call alone in its turn: no text beside it);
- "Function calls are sent one per reply." / "API calls should go out one at a time." /
  "Requests are sent one by one.";
- "Place a single function call and then wait for the output." / "Wait for each call's
  result before the next."

Only calls in general are read here (call, tool call, function call, request): the rule is
over every tool (`*`), `with_text` off unless the sentence also says a turn that calls a tool
carries no text for the user ("... and a reply that carries a call contains no message"). A count of
one act ("one refund per turn") is `one_at_a_time`'s.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.operators.one_call_at_a_time import talks_too
from specgap.operators.prose import ANY_TOOL

_CALL = r"(?:(?:tool|function|api)[\s-])?(?:calls?|invocations?)|tools?|functions?"
_TURN = r"(?:turn|response|message|reply|step)"
_ONE = r"(?:one|a\s+single|1|only\s+one|just\s+one|at\s+most\s+one)"
_SHAPES = re.compile(
    "|".join(
        (
            # A single API call per response.
            r"^\W*" + _ONE + r"\s+(?:" + _CALL + r")\s+(?:per|in\s+(?:each|every|a|any))\s+"
            r"(?:single\s+)?" + _TURN + r"\b",
            # The assistant shall make at most one tool call in any single turn.
            r"\b(?:make|place|issue|send)\s+(?:only\s+|just\s+|exactly\s+)?"
            + _ONE
            + r"\s+(?:"
            + _CALL
            + r")\s+(?:per|in\s+(?:each|every|a|any|one))\s+(?:single\s+)?"
            + _TURN
            + r"\b",
            # function calls are sent one per reply / should go out one at a time
            r"^\W*(?:(?:all|your|the|our)\s+)?(?:" + _CALL + r")\s+(?:(?:go|are\s+sent|are\s+made|"
            r"are\s+issued|are\s+placed|are\s+run|go\s+out|are\s+to\s+be\s+made|must\s+be\s+made|"
            r"should\s+be\s+made|must\s+go|should\s+go)(?:\s+out)?)\s+(?:one\s+(?:per\s+"
            + _TURN
            + r"|at\s+a\s+time|by\s+one|after\s+(?:the\s+)?(?:other|another))|strictly\s+one\s+at"
            r"\s+a\s+time|sequentially|in\s+sequence)\b",
            # place a single function call and then wait for the output
            r"\b(?:make|place|issue|send|call|use|run)\s+(?:only\s+|just\s+|exactly\s+)?"
            r"(?:one|a\s+single)\s+(?:"
            + _CALL
            + r")\s*(?:,|and|then|;)\s*(?:then\s+)?wait\s+for\s+"
            r"(?:its|the|that\s+call's|the\s+tool's)\s+(?:result|output|response|reply|answer)\b",
            # each tool call goes in a turn of its own / in its own message
            r"^\W*(?:each|every)\s+(?:" + _CALL + r")\s+(?:goes|is\s+made|is\s+placed|is\s+sent|"
            r"(?:must|should|has\s+to)\s+(?:go|be\s+made|be\s+placed|be\s+sent)|belongs)\s+in\s+"
            r"(?:(?:its|a)\s+own\s+" + _TURN + r"|an?\s+" + _TURN + r"\s+of\s+its\s+own|a\s+"
            r"separate\s+" + _TURN + r")\b",
            # wait for each call's result before the next
            r"^\W*wait\s+for\s+(?:each|every)\s+(?:call's|tool's|function's|request's)\s+"
            r"(?:result|output|response)\s+before\s+(?:the\s+next|making\s+another|another)\b",
        )
    ),
    re.I,
)
# "... contains no message", "... writes no text": no text beside the call
_NO_TEXT = re.compile(
    r"\b(?:says|say|write|writes|sends|send|contains?|carr(?:y|ies)|includes?)\s+(?:nothing|no\s+"
    r"(?:text|message|reply|words))\b",
    re.I,
)
# a way of talking, not of calling: "one question per turn"
_TALK = re.compile(r"\b(?:question|message|topic)s?\s+(?:per|at\s+a\s+time)\b", re.I)


def one_call(clean: str) -> list[Emit]:
    """`one_call_at_a_time` over every tool for a shape of the module docstring, else []."""
    if _TALK.search(clean) or _SHAPES.search(clean) is None:
        return []
    with_text = _NO_TEXT.search(clean) is not None or talks_too(clean)
    return [Emit("one_call_at_a_time", ANY_TOOL, {"with_text": with_text}, 0.75)]

"""Two calls of one tool in the same turn, forbidden (issue 11): "Never send two `send_text`
calls in the same turn", "Never call `send_text` twice in one reply", "Do not make two
refund calls in a single turn".

Read as a ban, such a sentence forbade the tool outright (`deny_action` on every text, or a
ban kept for review under "in the same turn"): far stronger than the sentence, which allows
one text a turn. What it says is that a turn holds at most one call of that tool:
`one_call_at_a_time` on the tool, `same_tool`, with no ban on the turn's text (the sentence
says nothing of it). The tool is the one named by id, or the act named by its verb and noun
("two refund calls", "refund twice"), resolved by the compiler like any mention.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit

_TURN = r"(?:turn|reply|response|message|step)"
_SAME = r"(?:in|within|during)\s+(?:the\s+same|one|a\s+single|a|any(?:\s+single)?|each|every)\s+"
_ID = r"`?(?P<id>[A-Za-z][\w.-]*)`?"
_ID_B = r"`?(?P<id_b>[A-Za-z][\w.-]*)`?"  # (the same id, said in another alternative)
_NEVER = r"^\W*(?:never|do\s+not|don't|you\s+(?:must|may|should)\s+not|you\s+mustn't)\s+"
_SHAPES = (
    # "Never send two `send_text` calls in the same turn", "Do not make two refund calls ..."
    re.compile(
        _NEVER
        + r"(?:make|send|place|issue|run|fire|do|use|put|include|bundle|batch)\s+(?:two|2|several|"
        r"multiple|more\s+than"
        r"\s+one)\s+(?:"
        + _ID
        + r"|(?P<noun>[a-z]+))\s+(?:calls?|requests?|invocations?)\s+"
        + _SAME
        + _TURN
        + r"\b",
        re.I,
    ),
    # "Never call `send_text` twice in one reply", "never use X more than once in a turn"
    re.compile(
        _NEVER
        + r"(?:call|use|run|invoke)\s+"
        + _ID
        + r"\s+(?:twice|more\s+than\s+once|two\s+times)"
        r"\s+" + _SAME + _TURN + r"\b",
        re.I,
    ),
    # "`charge_card` is never sent alongside another `charge_card` call in one turn", "never
    # call `t` together with another `t` call in a turn": a second call of the same tool
    re.compile(
        r"^\W*(?:"
        + _ID
        + r"\s+(?:is|are|gets)\s+(?:never|not)\s+(?:sent|called|made|run|used|fired|issued)|"
        + _NEVER
        + r"(?:call|send|make|run|use|fire|issue)\s+"
        + _ID_B
        + r")\s+(?:alongside|together\s+with|next\s+to|beside|in\s+parallel\s+with|with)\s+"
        r"(?:another|a\s+second|a\s+further)\s+(?P<again>`?[A-Za-z][\w.-]*`?)\s+"
        r"(?:calls?|requests?|invocations?)\s+" + _SAME + _TURN + r"\b",
        re.I,
    ),
    # "Never refund twice in the same turn": the act, by its verb
    re.compile(
        _NEVER + r"(?P<verb>[a-z]+)(?P<obj>(?:\s+(?:a|an|the)?\s*[a-z]+)?)\s+(?:twice|more\s+than"
        r"\s+once|two\s+times)\s+" + _SAME + _TURN + r"\b",
        re.I,
    ),
)
_NOT_ACTS = frozenset({"call", "use", "run", "invoke", "say", "ask", "tell", "write", "repeat"})


def twice_in_a_turn(clean: str) -> list[Emit]:
    """`one_call_at_a_time` (`same_tool`) on the tool a sentence of the module's shapes
    names, or []."""
    for shape in _SHAPES:
        m = shape.search(clean)
        if m is None:
            continue
        found = m.groupdict()
        found["id"] = found.get("id") or found.get("id_b")
        if found.get("again") and found["again"].strip("`") != (found["id"] or "").strip("`"):
            continue  # "`a` alongside another `b` call": two tools, not one twice
        if found.get("id") and re.search(r"[_.A-Z-]", found["id"][1:]):
            target = found["id"]  # an id: snake, dotted, kebab or camelCase
        elif found.get("noun") or (found.get("id") and shape is _SHAPES[0]):
            noun = (found.get("noun") or found["id"]).casefold()
            target = noun  # "two refund calls": the refund act, by its noun
        elif found.get("verb") and found["verb"].casefold() not in _NOT_ACTS:
            target = f"{found['verb']}{found.get('obj') or ''}".casefold().strip()
        else:
            continue
        return [Emit("one_call_at_a_time", target, {"with_text": False, "same_tool": True}, 0.75)]
    return []

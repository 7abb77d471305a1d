"""Lines keyed by a tool: configuration-like policies state a rule after a tool's id.

"- book_lesson: requires lookup_guest first", a table row "| send_message | 2 per
conversation |", "- rent_equipment.item: skis, boots, helmet" under "Allowed values", or
"- cancel_booking on attended bookings" under "Forbidden" each state a rule about the tool
that keys the line, in words that name no action of their own. `keyed` passes the sentences
of an artifact through and replaces such a line by the sentence it stands for, when the rest
of the line has one of these shapes (any other line is left as it is):

| the rest of the line                          | the sentence                                  |
|-----------------------------------------------|-----------------------------------------------|
| `3 per guest per day`, `max 2`, `once`        | Call T at most 3 times per guest per day.     |
| `requires A and B (first)`, `after A`         | Always call A and B before calling T.         |
| `A first`, `needs A`                          | Always call A before calling T.               |
| `max $150` (nothing after it)                 | Call T with an amount of at most $150.        |
| (T.arg) `a, b, c` / `a | b | c`               | Call T only with arg a, b or c.               |
| `X must (not) be S` / `only if/when/while C`  | Call T only when the X is S / only if C.      |
| under a heading that forbids: anything        | Never call T …                                |

Like an answer read with its question (`answers`), the sentence's added words sit at the
line's first character, so its rules are located and quoted at the line.

A rest of none of these shapes is read clause by clause (`keyed29`: "days no more than 21,
and max_results 10 at most", "ask first", "one refund per visit"), and so are the lines a
topic keys ("refunds (`t`): ..."), the next sentence on a keyed line, a chat log's threaded
reply (of its message's tool) and a line that names an argument only one tool takes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.answers import Part, compose_parts
from specgap.extract.count5_items import names_list
from specgap.extract.keyed29 import LED_KEY, argument_sentences, clause_sentences
from specgap.extract.segments import COUNT_FRAME, Sentence, chat_said, message_head

# a tool's id as a line's key: snake_case, camelCase or dotted, maybe ticked, maybe `.arg`
_KEY = re.compile(
    r"^[\s\-*•+]*`?(?P<tool>[a-z][a-z0-9]*(?:__?[a-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))"
    r"(?:\(\))?`?(?:\.(?P<arg>[A-Za-z_][\w]*))?`?\s*(?:[:|\u2192]|\s-\s|\s\u2013\s|\s\u2014\s)?\s*"
)
_FORBIDS = re.compile(
    r"\b(?:forbidden|prohibited|never|not\s+allowed|disallowed|banned|don'?t|do\s+not|"
    r"restricted\s+actions)\b",
    re.I,
)
_VALUES_FRAME = re.compile(r"\b(?:allowed|permitted|valid|accepted|supported)\b", re.I)
_NUMBER = r"(?:\d+(?![,.]\d)|one|two|three|four|five|six|seven|eight|nine|ten)"  # not "2,000"
_COUNT = re.compile(
    rf"^(?:(?:max(?:imum)?\.?|at\s+most|up\s+to|no\s+more\s+than|<=|\u2264)\s*(?P<n>{_NUMBER})"
    rf"|(?P<m>{_NUMBER})|(?P<w>once|twice))(?P<unit>\s*(?:x|times?|calls?))?"
    r"(?P<per>(?:\s*(?:/|per|a|each|every)\s*[a-z]+)*)(?=$|[\s,;.(])",
    re.I,
)
_AMOUNT = re.compile(
    r"^(?:max(?:imum)?\.?|at\s+most|up\s+to|no\s+more\s+than|<=|\u2264)\s*"
    r"(?P<v>[$\u20ac\u00a3]\s?\d[\d,]*(?:\.\d+)?)",
    re.I,
)
_REQUIRES = re.compile(
    r"^(?:requires?|needs?|only\s+after|after|call\s+first:?|prerequisites?:?)\s+"
    r"(?P<ids>.+?)(?:\s+(?:first|beforehand|before(?:\s+it)?))?\s*[.;]?$",
    re.I,
)
_FIRST = re.compile(r"^(?P<ids>.+?)\s+(?:first|beforehand)\s*[.;]?$", re.I)
_ID = re.compile(r"`?([a-z][a-z0-9]*(?:__?[a-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?")
_IDS = re.compile(rf"^{_ID.pattern}(?:\s*(?:,|and|&|\+)\s*(?:then\s+)?{_ID.pattern})*$")
_STATE = re.compile(
    r"^(?:the\s+)?(?P<subject>[a-z][\w' ]*?)\s+must\s+(?P<neg>not\s+)?be\s+(?P<state>[\w`'-]+"
    r"(?:\s+or\s+[\w`'-]+)*)\b",
    re.I,
)
_ONLY = re.compile(r"^only\s+(?=(?:if|when|while|for|after|before|with)\b)", re.I)
_VALUE_LIST = re.compile(
    r"^[`'\"]?[\w-]+[`'\"]?(?:\s*(?:,|\||/|\bor\b)\s*[`'\"]?[\w-]+[`'\"]?)+\s*$"
)


_ONE_VALUE = re.compile(r"^[`'\"]?[\w-]+[`'\"]?$")
# "reason is a, b or c", "channel is never x": an argument's values said of the keyed tool
_ARG_IS = re.compile(
    r"^(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s+(?:is|are|must\s+be|should\s+be|can\s+be)\s+"
    r"(?P<neg>never\s+|not\s+)?(?:one\s+of\s+|either\s+)?(?P<values>[`'\"]?[\w-]+.*)$",
    re.I,
)


def _listed(said: str, ticked: bool = False) -> str:
    """The values of a list said with commas, bars, slashes or "or", as "a, b or c"."""
    values = [v.strip(" `'\"") for v in re.split(r"\s*(?:,|\||/|\bor\b)\s*", said)]
    values = [f"`{v}`" for v in values] if ticked else values
    return ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]


def statements(
    tool: str, arg: str | None, rest: str, start: int, frame: str
) -> list[list[Part]] | None:
    """The sentences a line keyed by `tool` (and `arg`) states, each as added words and
    ranges of the line (`rest` begins at `start`), or None when its rest has no shape read
    here. What follows a count ("2 per conversation, never marketing") is a sentence of its
    own; each tool required first is one."""
    end = start + len(rest)
    said_of = _ARG_IS.match(rest.rstrip(" ."))
    listed_values = said_of is not None and (
        _VALUE_LIST.match(said_of["values"])
        or (said_of["neg"] and _ONE_VALUE.match(said_of["values"]))
    )
    if arg is None and said_of is not None and listed_values:
        # "`t`: reason is a, b or c" says `t.reason: a, b or c`; "channel is never x" a ban
        listed = _listed(said_of["values"], ticked=True)  # (in backticks: read as values)
        if said_of["neg"]:
            return [[f"Never call {tool} with {said_of['arg']} {listed}."]]
        return [[f"Call {tool} only with {said_of['arg']} {listed}."]]
    if arg is not None:
        if _VALUE_LIST.match(rest) is None:
            return None
        return [[f"Call {tool} only with {arg} {_listed(rest)}."]]
    if _FORBIDS.search(frame):
        return [[f"Never call {tool} ", (start, end)]]
    count = _COUNT.match(rest)
    if count is not None and _bare(count) and COUNT_FRAME.search(frame) is None:
        count = None  # "| reserve_boat | 40 |" under "Prices": a number, but not a count
    if count is not None and names_list(tool, rest[count.end() :]):
        return None  # "load_kiln: at most 20 pieces": items of a list, read as a count of them
    if count is not None and _measured(rest[count.end() :]):
        return None  # "renew_permit: at most 30 days before expiry": a span, no count of calls
    if count is not None and "$" not in rest[: count.end()]:
        n = count["n"] or count["m"] or {"once": "1", "twice": "2"}[count["w"].casefold()]
        per = " ".join(count["per"].replace("/", " per ").split())
        said: list[list[Part]] = [[f"Call {tool} at most {n} times{' ' + per if per else ''}."]]
        tail = rest[count.end() :].strip(" ,;.")
        return [*said, [(end - len(tail), end)]] if tail else said
    amount = _AMOUNT.match(rest)
    if amount is not None and not rest[amount.end() :].strip(" .;"):  # "max $150"
        return [[f"Call {tool} with an amount of at most {amount['v']}."]]
    needs = _REQUIRES.match(rest) or _FIRST.match(rest)
    if needs is not None and _IDS.match(needs["ids"].strip()) is not None:
        return [
            [f"Always call {first} before calling {tool}."] for first in _ID.findall(needs["ids"])
        ]
    state = _STATE.match(rest)
    if state is not None:
        verb = "Never call" if state["neg"] else "Call"
        when = "when" if state["neg"] else "only when"
        said_state: list[Part] = [
            f"{verb} {tool} {when} the {state['subject']} is {state['state']}"
        ]
        tail = rest[state.end() :]
        if tail.strip(" .") and not tail.lstrip().startswith("("):  # an aside says how to see it
            return [[*said_state, (start + state.end(), end)]]
        return [[*said_state, "."]]
    if (only := _ONLY.match(rest)) is not None:
        return [[f"Call {tool} only ", (start + only.end(), end)]]
    return None


_UNIT = re.compile(r"^\s*(?P<u>[a-z%$€£]+)", re.I)
_SPANS = frozenset({"minute", "hour", "day", "night", "week", "month", "year"})


def _measured(after: str) -> bool:
    """The count is of a unit of time or measure ("30 days", "5 kg"), not of calls."""
    from specgap.operators.measures import measure

    m = _UNIT.match(after)
    if m is None:
        return False
    unit = m["u"].casefold()
    return unit.rstrip("s") in _SPANS or measure(unit)


def _bare(count: re.Match[str]) -> bool:
    """The count is a number with no "times" after it and no "per ...": alone, or after "at
    most" with no noun after it and more than a count of calls ever is ("`t`: at most 400"
    under a card's limits is an amount; "max 2" and "at most three checks" are counts)."""
    if count["w"] is not None or count["unit"] or count["per"].strip():
        return False
    if count["m"] is not None:
        return True
    nothing_after = re.match(r"\s*[a-z]", count.string[count.end() :], re.I) is None
    return nothing_after and count["n"].isdigit() and int(count["n"]) > _MOST_CALLS


_MOST_CALLS = 20  # the largest bare ceiling read as a count of calls


def keyed(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, each line keyed by a tool read as the rule it states (docstring)."""
    carried: tuple[str, int] | None = None  # the tool a line keyed, and where the line ends
    thread: str | None = None  # the tool the chat message a thread's replies answer keyed
    for sentence in sentences:
        said, tool = _keyed_line(sentence)
        reply = _chat_line(sentence)
        words = chat_said(sentence.text)  # (same length: offsets into the sentence hold)
        unkeyed = sentence.subject is None and _KEY.match(words) is None
        unkeyed = unkeyed and LED_KEY.match(words) is None
        start = sentence.raw_range()[0]
        on_line = carried is not None and start < carried[1]
        if said is None and carried is not None and on_line and unkeyed:
            # "`t`: ask first. reason is a, b or c": the next sentence of the line is of `t`
            said = clause_sentences(carried[0], words.rstrip(), 0)
        if said is None and reply == "reply" and thread is not None and unkeyed:
            # "[10:15] @sam: refunds (`t`): ..." then "↳ [10:18] @tom: one refund per visit":
            # a reply adds to the message it answers, and is of its tool
            said = clause_sentences(thread, words.rstrip(), 0)
        if reply == "message":
            thread = tool
        head = len(words) - len(words.lstrip())
        if said is None and head < len(words) and _own_line(sentence):
            # "length_m between 2 and 7": an argument's bound, no tool named (`keyed29`; an
            # argument's id keys the line as a tool's would)
            said = argument_sentences(words[head:].rstrip())
            said = None if said is None else [_shifted(p, head) for p in said]
            tool = None if said is not None else tool
        if tool is not None:
            carried = (tool, _line_end(sentence.artifact.text, start))
        elif said is None and carried is not None and start >= carried[1]:
            carried = None
        yield from (sentence,) if said is None else _composed(sentence, said)


def _line_end(text: str, at: int) -> int:
    """Where the line that holds offset `at` ends."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _keyed_line(sentence: Sentence) -> tuple[list[list[Part]] | None, str | None]:
    """What a line keyed by a tool states, and that tool (None, None when it is no such
    line; None and the tool when its rest has no shape read here)."""
    if sentence.subject is not None:
        return None, None
    # (a chat message's head and "(edited)" mark are no words of the line)
    said_text = chat_said(sentence.text)
    led = LED_KEY.match(said_text)
    if led is not None:  # "refunds (`return_money`): ..." (`keyed29`)
        tool = led["a"] or led["b"] or led["c"] or led["d"]
        return clause_sentences(tool, said_text[led.end() :].rstrip(), led.end()), tool
    m = _KEY.match(said_text)
    # "max_refunds_per_pass: 1" names a limit (read by `noun_counts`), not a tool
    setting = m is not None and _setting(m["tool"])
    if m is None or setting or m.end() >= len(sentence.text) or not _keyed(sentence.text, m):
        return None, None
    rest = said_text[m.end() :].rstrip()
    said = statements(m["tool"], m["arg"], rest, m.end(), sentence.context)
    if said is None and m["arg"] is None:  # its clauses, each of the tool (`keyed29`)
        said = clause_sentences(m["tool"], rest, m.end())
    return said, m["tool"]


def _chat_line(sentence: Sentence) -> str | None:
    """ "message" when the sentence opens a chat log's message ("[09:02] @kim: ..."), "reply"
    when it is in a threaded reply ("\u21b3 [09:05] @ann: ..."), else None."""
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start : _line_end(text, start)]
    if not message_head(line):
        return None
    if line.lstrip().startswith("\u21b3"):
        return "reply"
    # (the message's first sentence, not a later one on its line)
    return "message" if start - line_start <= message_head(line) else None


def _own_line(sentence: Sentence) -> bool:
    """A prompt's sentence that may state an argument's rule of its own: not a description's,
    not a table's row (its header says what the values are), not under a heading of
    examples."""
    if sentence.subject is not None:
        return False
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    line = text[text.rfind("\n", 0, start) + 1 : start]
    return not line.lstrip().startswith("|") and "example" not in sentence.context.casefold()


def _shifted(parts: list[Part], by: int) -> list[Part]:
    return [(p[0] + by, p[1] + by) if isinstance(p, tuple) else p for p in parts]


def _composed(sentence: Sentence, said: list[list[Part]]) -> Iterator[Sentence]:
    for parts in said:
        yield compose_parts(sentence, parts, asked=None)


def _keyed(text: str, m: re.Match[str]) -> bool:
    """The id keys the line: a separator follows it, or the line is a bare item whose rest
    names no verb of its own ("cancel_booking on attended bookings")."""
    if re.search(r"[:|\u2192\u2013\u2014]|\s-\s", text[: m.end()]) or m["arg"] is not None:
        return True
    return _VERB.match(text[m.end() :]) is None


# a setting named for the limit it holds: "max_refunds_per_pass", "maximum_upgrades"
_SETTING = re.compile(r"^(?:max|maximum|limit)_(?P<noun>[a-z]+)(?:_per_[a-z]+)?$")


def _setting(key: str) -> bool:
    """The key names a limit on an act ("max_refunds_per_pass"), not a tool; a limit on a
    thing ("max_tonnes_per_shipment") stays a key, noted where no tool has its id."""
    from specgap.extract.noun_counts import act_of  # noun_counts reads the line

    m = _SETTING.match(key)
    return m is not None and act_of(m["noun"]) is not None


_VERB = re.compile(r"^\s*(?:is|are|was|were|must|should|may|can|will|has|have|returns?)\b", re.I)

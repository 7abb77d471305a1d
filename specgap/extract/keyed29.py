"""The clauses of a line keyed by a tool, each read with that tool as its subject.

A chat note or a script line often keys a tool and then lists what holds of its calls in
clauses that name no verb: "`search_slots`: days no more than 21, and max_results 10 at
most", "refunds (`return_money`): £80 at most per visit", "book_table with party_size 1 to 8
and no more", "`send_text`: ask first, every time". `keyed` reads a line's rest whole; when
it has no shape read there, `clause_sentences` splits it into clauses and says each clause
that has one of these shapes as the sentence it stands for:

| the clause                                   | the sentence                              |
|----------------------------------------------|-------------------------------------------|
| `days no more than 21`, `limit of 12 or less`| The days of T must be at most 21.         |
| `£80 at most`, `£1 to £900 at a time`        | The amount of T must be between £1 and …  |
| `reason a, b or c (and no other kind)`       | Call T only with reason `a`, `b` or `c`.  |
| `one refund per visit`, `twice per visit max`| Call T at most 1 times per visit.         |
| `up to three texts in one call`              | Call T at most 3 times.                   |
| `ask first`, `ask before taking it`          | Get the user's confirmation before … T.   |

A clause with none of these shapes is read as it stands, after the tool's id ("`t`: anything
above £50 needs review"). A line none of whose clauses has a shape is left to the readers.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import tool_arguments
from specgap.extract.answers import Part
from specgap.extract.count5_items import names_list
from specgap.operators.prose import NUMBER_WORDS

__all__ = ["LED_KEY", "argument_sentences", "clause_sentences", "said_values"]

# "refunds (`return_money`): ...", "cancelling with `drop_visit`: ...": a topic that names
# its tool in backticks and keys the line with a colon; "texts: `send_text` with ...": a
# topic's label before the tool; "deposits through `take_deposit` are £20 to £60": a topic
# said of the tool
LED_KEY = re.compile(
    r"^[\s\-*\u2022+]*[A-Za-z][\w' \-]{0,40}?\s*"
    r"(?:(?:\(\s*`(?P<a>[A-Za-z][\w.\-]*)`\s*\)|\b(?:with|via|through|using)\s+`(?P<b>[A-Za-z][\w.\-]*)`)"
    r"\s*:\s+(?=\S)"
    r"|:\s+`(?P<c>[A-Za-z][\w.\-]*)`\s+(?=(?:with|for)\b)"
    r"|\b(?:via|through|using)\s+`(?P<d>[A-Za-z][\w.\-]*)`\s+(?:are|is|must\s+be)\s+(?=\S))"
)
# the number words a clause counts in ("zero" counts no calls: a ban, which it is not read as)
_WORDS = {w: str(n) for w, n in NUMBER_WORDS.items() if n} | {"twenty": "20"}
_N = r"(?:\d+(?:\.\d+)?|" + "|".join(_WORDS) + r")"
_TIMES = {"once": "1", "twice": "2"}
_MONEY = r"[$\u00a3\u20ac]\s?\d[\d,]*(?:\.\d+)?"
_V = rf"(?:{_MONEY}|{_N}%?)"
_MAX = re.compile(
    rf"^(?:(?:no|not|never)\s+more\s+than|at\s+most|up\s+to|max(?:imum)?\.?|<=|\u2264)\s*(?P<v>{_V})$"
    rf"|^(?P<w>{_V})\s+(?:at\s+(?:the\s+)?(?:very\s+)?most|max(?:imum)?|or\s+(?:less|fewer|below|under)|tops)$",
    re.I,
)
_MIN = re.compile(
    rf"^(?:at\s+least|no\s+less\s+than|min(?:imum)?\.?|>=|\u2265)\s*(?P<v>{_V})$"
    rf"|^(?P<w>{_V})\s+(?:at\s+(?:the\s+)?least|min(?:imum)?|or\s+(?:more|above|over))$",
    re.I,
)
_RANGE = re.compile(
    rf"^(?:between\s+|from\s+)?(?P<lo>{_V})\s*(?:and|to|-|\u2013)\s*(?P<hi>{_V})$", re.I
)
# what a bound may be followed by without changing it: "per refund", "at a time", "each"
_PER_CALL = re.compile(
    r"\s*(?:per\s+(?:call|refund|payment|charge|request|time|go)|at\s+a\s+time|each(?:\s+time)?|"
    r"in\s+one\s+go|,?\s*(?:and\s+)?no\s+more)$",
    re.I,
)
# an argument named in a clause: an id ("max_results") or one plain word ("days", "limit")
_ARG = r"(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)"
_NOT_ARG = frozenset(
    {"and", "or", "but", "it", "this", "that", "one", "each", "every", "any", "all", "no", "not",
     "never", "only", "ask", "always", "then", "also", "amount", "total", "twice", "once",
     # a verb after an argument's name ("minutes_late runs from 10 to 90") is no argument
     "runs", "run", "goes", "ranges", "lies", "sits", "stays", "falls", "is", "are", "was",
     "be", "can", "may", "must", "should", "will", "takes", "gets", "holds", "needs",
     # "`t` uses `a` or `b` only": the values the tool uses (`uses32`), no argument "uses"
     "use", "uses", "used",
     # a preposition that opens the bound itself ("between 2 and 7") names no argument
     "between", "from", "up", "at", "under", "over", "above", "below", "within", "of", "to"}
)  # fmt: skip
_ARG_BOUND = re.compile(
    rf"^(?:(?:a|an|the)\s+)?{_ARG}\s*(?:\s+of|\s+is|\s+are|\s+must\s+be|:|=)?\s+(?P<bound>.+)$",
    re.I,
)
_VALUES = re.compile(
    rf"^{_ARG}\s*(?::|=|\s+is|\s+are|\s+must\s+be)?\s+(?:one\s+of\s+|either\s+)?"
    r"(?P<values>[`'\"]?[\w-]+[`'\"]?(?:\s*(?:,|\bor\b|/|\|)\s*(?:or\s+)?[`'\"]?[\w-]+[`'\"]?)+)"
    r"(?:\s*,?\s*(?:only|and\s+no\s+other(?:\s+\w+)?|and\s+nothing\s+else|nothing\s+else))?$",
    re.I,
)
_COUNT = re.compile(
    rf"^(?:(?:at\s+most|up\s+to|no\s+more\s+than|max(?:imum)?)\s+)?(?P<n>{_N}|once|twice)"
    r"(?:\s+(?P<noun>[a-z]+))??(?:\s+times?)?"
    r"(?:\s+(?:per|a|each|for\s+(?:a|each|any\s+one))\s+(?P<per>[a-z]+))?"
    r"(?:\s+(?:in|on|per)\s+(?:a|one|the)?\s*(?P<talk>chat|call|conversation|session))?"
    r"(?:\s*,?\s*(?:max(?:imum)?|at\s+(?:the\s+)?(?:very\s+)?most|ever|tops))?$",
    re.I,
)
_TALK = frozenset({"chat", "call", "conversation", "session"})
# words a list of values is joined and closed with ("a, b or c, and nothing else")
_CONNECTIVES = frozenset({"or", "and", "nor", "nothing", "else"})
# the words that make "a or <word>" a bound, not two values
_COMPARED = frozenset(
    {"fewer", "less", "more", "under", "below", "above", "over", "higher", "lower", "greater",
     "smaller", "larger", "later", "earlier", "sooner", "longer", "shorter"}
)  # fmt: skip
# a count of these is a span or a measure, not of calls ("2 days per booking")
_UNITS = frozenset(
    {"minute", "hour", "day", "night", "week", "month", "year", "kg", "km", "mile", "item",
     "unit", "piece", "person", "people", "guest", "seat", "ticket", "page", "photo", "image",
     "file", "line", "character", "word", "percent"}
)  # fmt: skip
_ASK = re.compile(
    r"^(?:always\s+)?ask\s+(?:first|before(?:\s+[a-z]+ing\s+(?:it|them|one|that))?)"
    r"(?:\s*,?\s*every\s+time)?$",
    re.I,
)
_SPLIT = re.compile(r"\s*(?:;|\.(?=\s|$)|,\s*(?:and|but)\b(?!\s+no\s+other|\s+nothing))\s*")


# a clause that says when the others hold ("unless ...", "except for ...", "only if ...")
_CONDITION = re.compile(
    r"^\s*(?:(?:and|but)\s+)?(?:only\s+)?(?:unless|except|if|when|whenever|while|provided|"
    r"as\s+long\s+as|so\s+long\s+as|other\s+than|apart\s+from|save\s+for|otherwise)\b",
    re.I,
)


def _number(v: str) -> str:
    return _WORDS.get(v.casefold()) or _TIMES.get(v.casefold(), v)


def said_values(values: list[str]) -> str:
    """Values said as a list of ticked values: "`a`, `b` or `c`" (one: "`a`")."""
    ticked = [f"`{v}`" for v in values]
    return ", ".join(ticked[:-1]) + f" or {ticked[-1]}" if len(ticked) > 1 else ticked[0]


def _arg_values(clause: str) -> tuple[str, str] | None:
    """The argument a clause names and the values it lists for it ("reason a, b or c, and
    nothing else"), said as ticked values; None unless it lists two at least."""
    m = _VALUES.match(clause)
    if m is None or m["arg"].casefold() in _NOT_ARG:
        return None
    values = [v.strip(" `'\"") for v in re.split(r"\s*(?:,|\bor\b|/|\|)\s*", m["values"])]
    values = [v for v in values if v and v.casefold() not in _CONNECTIVES]
    if any(v.casefold() in _COMPARED for v in values):
        return None  # "priority: urgent or higher", "15 or fewer": a bound, not a list
    return (m["arg"], said_values(values)) if len(values) > 1 else None


def _bound(said: str) -> str | None:
    """The bound `said` states in the common form ("at most 21", "between £1 and £900")."""
    said = _PER_CALL.sub("", said.strip())
    if (m := _MAX.match(said)) is not None:
        return f"at most {_number(m['v'] or m['w'])}"
    if (m := _MIN.match(said)) is not None:
        return f"at least {_number(m['v'] or m['w'])}"
    if (m := _RANGE.match(said)) is not None:
        return f"between {_number(m['lo'])} and {_number(m['hi'])}"
    return None


def _statement(tool: str, clause: str) -> str | None:
    """The sentence one clause about `tool` stands for, or None."""
    named, tool = tool, f"`{tool}`"  # (an id in backticks is read as one, however spelled)
    clause = re.sub(r"^(?:with|for)\s+", "", clause.strip(" .,"), flags=re.I)
    if not clause:
        return None
    if _ASK.match(clause):
        return f"Get the user's confirmation before calling {tool}."
    # "£80 at most per visit": what one call may move, said of the visit it is for
    money = re.sub(r"\s+per\s+[a-z]+$", "", clause, flags=re.I)
    if (amount := _bound(money)) is not None and re.search(_MONEY, money):
        return f"The amount of {tool} must be {amount}."
    count = _COUNT.match(clause)
    if (
        count is not None
        and (count["per"] or count["talk"] or count["n"].casefold() in _TIMES)
        and (count["noun"] or "").casefold().rstrip("s") not in _UNITS
        # "up to 30 scores per return": the items of a list argument (`count5_items`)
        and not (count["noun"] and names_list(named, clause[count.start("noun") :]))
    ):
        n = _number(count["n"])
        per = count["per"] if count["per"] and count["per"].casefold() not in _TALK else ""
        return f"Call {tool} at most {n} times{' per ' + per if per else ''}."
    arg = _ARG_BOUND.match(clause)
    if arg is not None and arg["arg"].casefold() not in _NOT_ARG:
        bound = _bound(arg["bound"])
        if bound is not None:  # (before a list: "timeout_seconds: 15 or fewer" is a bound)
            return f"The {arg['arg']} of {tool} must be {bound}."
    if (values := _arg_values(clause)) is not None:
        return f"Call {tool} only with {values[0]} {values[1]}."
    return None


def _one_taker(arg: str) -> bool:
    """Exactly one of the agent's tools takes an argument so named (said of an argument
    several tools take, a bound or a list of values would hold for every one of them)."""
    return sum(1 for args in tool_arguments().values() if arg in args) == 1


# "adults from 1 to 9 on one booking": what one call holds, said of the thing it is for
_ON_ONE = re.compile(r"\s+(?:on|in|per|for)\s+(?:a|an|one|each|the)?\s*[a-z]+$", re.I)


def _argument_statement(clause: str) -> str | None:
    """The sentence a clause that names an argument and its bound or values, and no tool,
    stands for ("length_m between 2 and 7": "The length_m must be between 2 and 7"), when
    one tool alone takes that argument; the compiler binds it there."""
    clause = clause.strip(" .,")
    if (values := _arg_values(clause)) is not None and _one_taker(values[0]):
        return f"The {values[0]} must be {values[1]}."
    arg = _ARG_BOUND.match(clause)
    if arg is not None and arg["arg"].casefold() not in _NOT_ARG and _one_taker(arg["arg"]):
        bound = _bound(_ON_ONE.sub("", arg["bound"]))
        if bound is not None and not re.search(_MONEY, arg["bound"]):
            return f"The {arg['arg']} must be {bound}."
    return None


def argument_sentences(text: str) -> list[list[Part]] | None:
    """The sentences of a line whose first clause names an argument and its bound or values
    and no tool (`_argument_statement`), the rest read as it stands; None for any other."""
    clauses = _clauses(text)
    if not clauses or any(_CONDITION.match(text[a:b]) for a, b in clauses):
        return None
    first = _argument_statement(text[clauses[0][0] : clauses[0][1]])
    if first is None:
        return None
    said: list[list[Part]] = [[first]]
    for a, b in clauses[1:]:
        statement = _argument_statement(text[a:b])
        said.append([statement] if statement is not None else [(a, b)])
    return said


def _clauses(rest: str) -> list[tuple[int, int]]:
    """Where each clause of `rest` starts and ends: at semicolons, full stops and ", and";
    a piece that is no clause of a shape read here is cut at a comma too when what comes
    before the comma is one and what follows is a clause apart ("percent 15 at most, reason
    a, b or c", "£80 at most, anything above £50 is reviewed"; "reason a, b or c" and "3 per
    booking, 5 for groups" stay whole)."""
    out: list[tuple[int, int]] = []
    at = 0
    for m in [*_SPLIT.finditer(rest), None]:
        end = len(rest) if m is None else m.start()
        a = at
        while a < end:
            whole = _statement("t", rest[a:end]) is not None
            cut = next(
                (
                    c.start()
                    for c in re.finditer(r",\s+", rest[a:end])
                    if not whole
                    and _statement("t", rest[a : a + c.start()]) is not None
                    and _apart(rest[a + c.end() : end])
                ),
                None,
            )
            if cut is None:
                out.append((a, end))
                break
            out.append((a, a + cut))
            a += cut + len(re.match(r",\s+", rest[a + cut :])[0])  # type: ignore[index]
        at = len(rest) if m is None else m.end()
    return [(a, b) for a, b in out if rest[a:b].strip(" .,")]


# a clause of its own after a comma says its own verb ("anything above £50 needs review");
# one that says none ("5 for groups", "more for schools") qualifies the clause before it
_OWN_VERB = re.compile(
    r"\b(?:needs?|must|is|are|can|cannot|can't|may|should|will|goes|go|gets?|has|have|stays?)\b",
    re.I,
)


def _apart(after: str) -> bool:
    """What follows a comma is a clause apart from the one before it: a shape read here, or
    words with a verb of their own."""
    return _statement("t", after) is not None or _OWN_VERB.search(after) is not None


def clause_sentences(tool: str, rest: str, start: int) -> list[list[Part]] | None:
    """The sentences the clauses of a keyed line's `rest` (at `start` of its sentence) state,
    or None when no clause has a shape read here."""
    said: list[list[Part]] = []
    read = False
    clauses = _clauses(rest)
    if any(_CONDITION.match(rest[a:b]) for a, b in clauses):
        # "£80 at most, unless the manager agrees", "if it rains, twice per visit": the
        # clauses hold under a condition a clause says; read apart, they would hold without it
        return None
    for a, b in clauses:
        statement = _statement(tool, rest[a:b])
        if statement is None:
            said.append([f"`{tool}`: ", (start + a, start + b)])
        else:
            read = True
            said.append([statement])
    return said if read else None

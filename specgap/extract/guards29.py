"""House rules written as pseudo-code guards in a fenced block of a prompt.

Developers sometimes hand an assistant its rules as code it will never run:

    ```python
    # ---- refunds: Payments.refund ----
    require Orders.getOrder(same order_id) before Payments.refund
    if order.status not in ("delivered", "returned"): refuse
    if refund.amount > 200: refuse          # store managers: up to 500
    ask before Payments.refund
    max_calls(Payments.refund, 1, per="order")
    never(Orders.purge)
    never_flow(Accounts.verify -> Mail.send)
    ```

A fenced block is otherwise code or an example by its author's own mark, and the prose readers
leave it alone. A block most of whose statements have the shapes below is read as rules:
`guard_sentences` says each statement as the sentence it stands for, located at its line, and
the sentence is read as prose is. A `refuse` guard is about the tool its section's comment
names (`# ---- refunds: Payments.refund ----`; with several, the one `refuse <verb>` names).
Its field is an argument of that tool when the tool takes one by that name ("Call T only with
appliance `a` or `b`") and otherwise the state of the entity it names ("Call T only if the
registration's status is `active`"), so the tool files' parameters are read for it
(`agent_params`).

| statement                                   | the sentence                                      |
|---------------------------------------------|---------------------------------------------------|
| `require A before B`, `... before any_tool` | Call `A` before `B` (on the same x).              |
| `never(X)`                                  | Never call `X`.                                   |
| `ask before X`                              | Ask the user to confirm before calling `X`.       |
| `review X if C`                             | `X` needs a reviewer's sign-off if C.             |
| `max_calls(X, n, per="y")`                  | Call `X` at most n times per y.                   |
| `never_flow(A -> B)`                        | Nothing `A` returns may go into `B`.              |
| `one_tool_per_turn(reply_text_...=False)`   | Call one tool per turn, and write no reply ...    |
| `if o.f in (...) / == v: refuse`            | Never call T with f ... / if the o's f is ...     |
| `if o.f not in (...) / != v: refuse`        | Call T only with f ... / only if the o's f is ... |
| `if o.f > N`, `if not A <= o.f <= B`        | The f of T must be at most N / between A and B.   |
| `if len(o.f) > N`, `if len(o.f) < N`        | Call T with at most N f / at least N f.           |

A comment after a guard that states an exception or another figure ("# store managers: up
to 500", "# only when reason == 'remake'") is kept as the rule's condition (`unless ...`),
which no reader binds: the rule is reviewed, never enforced without its exception. A
statement of another shape (an `and` of two conditions, a value's origin) is left unread.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.extract.agent_params import tool_arguments
from specgap.extract.keyed29 import said_values

__all__ = ["guard_block", "guard_lines"]

_ID = r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*"
_STR = r"(?:\"[^\"]*\"|'[^']*')"
_NUM = r"-?\d+(?:\.\d+)?"
_VALUE = rf"(?:{_STR}|{_NUM}|True|False|true|false)"
_TUPLE = rf"[\(\[]\s*{_VALUE}(?:\s*,\s*{_VALUE})*\s*,?\s*[\)\]]"
_REQUIRE = re.compile(
    rf"^require\s+(?P<a>{_ID})(?:\(\s*same\s+(?P<same>\w+)\s*\))?\s+before\s+(?P<b>{_ID})$"
)
_NEVER = re.compile(rf"^never\(\s*(?P<t>{_ID})\s*\)$")
_ASK = re.compile(rf"^ask\s+before\s+(?P<t>{_ID})$")
_REVIEW = re.compile(rf"^review\s+(?P<t>{_ID})\s+if\s+(?P<c>.+)$")
_MAX = re.compile(
    rf"^max_calls\(\s*(?P<t>{_ID})\s*,\s*(?P<n>\d+)\s*"
    r"(?:,\s*per\s*=\s*(?P<per>\"[^\"]*\"|'[^']*')\s*)?\)$"
)
_FLOW = re.compile(rf"^never_flow\(\s*(?P<a>{_ID})\s*(?:->|=>|\u2192)\s*(?P<b>{_ID})\s*\)$")
_TURN = re.compile(r"^one_(?:tool|call)_per_turn\((?P<args>[^)]*)\)$")
_REFUSE = re.compile(r"^if\s+(?P<c>.+?)\s*:\s*refuse(?:\s+(?P<verb>[a-z]+))?$")
_SECTION = re.compile(r"^#\s*[-=*#]{2,}\s*(?P<title>.+?)\s*[-=*#]{2,}\s*$")
_SHAPES = (_REQUIRE, _NEVER, _ASK, _REVIEW, _MAX, _FLOW, _TURN, _REFUSE)
_RAISED = re.compile(
    r"^(?P<who>[^:\d]{3,60}?)\s*:\s*(?:up\s+to\s+|at\s+most\s+)?(?P<n>\d[\d,]*(?:\.\d+)?)\s*$",
    re.I,
)
_ONLY = re.compile(r"^only\s+(?:when|if|while)\s+(?P<c>.+)$", re.I)
_BOUND = re.compile(r"\bmust\s+be\b|\bwith\s+(?:at\s+(?:most|least)|between)\b")
_EXCEPTION = re.compile(r"\d|\b(?:only|unless|except|up\s+to|but|when|if)\b", re.I)


def _code_and_comment(line: str) -> tuple[str, str]:
    """A line's statement and its `#` comment (a `#` inside quotes is no comment)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i].strip(), line[i + 1 :].strip()
    return line.strip(), ""


def guard_block(text: str) -> bool:
    """Most statements of the block are guards of the shapes read here (three at least)."""
    codes = [_code_and_comment(line)[0] for line in text.splitlines()]
    codes = [c for c in codes if c]
    read = sum(1 for c in codes if any(s.match(c) for s in _SHAPES))
    return read >= 3 and read * 2 >= len(codes)


def guard_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of a guard block (by its index in `text`'s lines) and the sentence it
    states."""
    params = tool_arguments()
    section: list[str] = []
    for n, line in enumerate(text.splitlines()):
        code, comment = _code_and_comment(line)
        if not code:
            title = _SECTION.match(line.strip())
            if title is not None:
                section = re.findall(r"[A-Za-z_]\w*\.[A-Za-z_]\w*", title["title"])
            continue
        said = _said(code, section, params)
        if said is None:
            continue
        if not comment or not _EXCEPTION.search(comment):
            yield n, said
            continue
        raised = _RAISED.match(comment)
        only = _ONLY.match(comment)
        if raised is not None and _BOUND.search(said):
            # "# store managers: up to 500": the figure for some calls, read with the bound
            # the next sentence raises (`raised_caps`)
            yield n, said
            yield n, f"{_plain(raised['who']).capitalize()} can go up to {raised['n']}."
        elif only is not None:  # "# only when reason == 'remake'": the rule's condition
            yield n, f"If {_plain(only['c'])}, {said[0].lower()}{said[1:]}"
        elif not _BOUND.search(said):  # an exception said some other way: kept, unbound
            yield n, f"{said.rstrip('.')} unless {_plain(comment)}."


def _plain(words: str) -> str:
    """A comment's words as prose: no quotes, colons or comparison signs."""
    words = re.sub(r"[\"'`]", "", words)
    words = words.replace("==", "is").replace("!=", "is not").replace(":", " -")
    return " ".join(words.split())


def _said(code: str, section: list[str], params: dict[str, tuple[str, ...]]) -> str | None:
    if (m := _REQUIRE.match(code)) is not None:
        if m["b"] in {"any_tool", "any", "all", "every_tool", "anything"}:
            return f"Call `{m['a']}` before any other tool."
        same = f" on the same {m['same'].removesuffix('_id')}" if m["same"] else ""
        return f"Call `{m['a']}` before `{m['b']}`{same}."
    if (m := _NEVER.match(code)) is not None:
        return f"Never call `{m['t']}`."
    if (m := _ASK.match(code)) is not None:
        return f"Ask the user to confirm before calling `{m['t']}`."
    if (m := _MAX.match(code)) is not None:
        per = f" per {m['per'][1:-1]}" if m["per"] else ""  # (in its quotes)
        return f"Call `{m['t']}` at most {m['n']} times{per}."
    if (m := _FLOW.match(code)) is not None:
        return f"Nothing `{m['a']}` returns may go into `{m['b']}`."
    if (m := _TURN.match(code)) is not None:
        quiet = re.search(r"=\s*False\b", m["args"]) is not None
        tail = ", and write no reply text in the same turn" if quiet else ""
        return f"Call one tool per turn{tail}."
    if (m := _REVIEW.match(code)) is not None:
        tool = m["t"]
        condition = _condition(m["c"])
        if condition is None:
            return None
        return f"`{tool}` needs a reviewer's sign-off if {condition}."
    if (m := _REFUSE.match(code)) is not None:
        field = re.search(_FIELD, m["c"])
        obj = field["o"] if field is not None else ""
        return _refused(m["c"], _target(section, m["verb"], obj, params), params)
    return None


def _target(
    section: list[str], verb: str | None, obj: str, params: dict[str, tuple[str, ...]]
) -> str | None:
    """The tool a `refuse` is about: the one `verb` names (in the section, else among all
    tools), the section's only one, or the one whose id names the guard's object ("hold" of
    `hold.reason`: `Cases.holdCase`); None when that is not one tool."""
    every = sorted(params)
    if verb is not None:
        for pool in (section, every):
            named = [t for t in pool if verb.casefold()[:5] in t.casefold()]
            if named:
                return named[0] if len(named) == 1 else None
        return None
    if len(section) == 1:
        return section[0]
    for pool in (section, every):
        named = [t for t in pool if obj and obj.casefold() in t.casefold().split(".")[-1]]
        if named:
            return named[0] if len(named) == 1 else None
    return None


_FIELD = r"(?P<o>[a-z_]\w*)\.(?P<f>[a-z_]\w*)"


def _values(said: str) -> list[str]:
    return [v.strip("\"'") for v in re.findall(_VALUE, said)]


def _condition(said: str) -> str | None:
    """A `review ... if` condition in prose ("the amount_gbp is over 800")."""
    m = re.fullmatch(rf"{_FIELD}\s*(?P<op>>=?|<=?)\s*(?P<n>{_NUM})", said.strip())
    if m is not None:
        word = {">": "over", ">=": "at least", "<": "under", "<=": "at most"}[m["op"]]
        return f"the {m['f']} is {word} {m['n']}"
    m = re.fullmatch(rf"{_FIELD}\s+(?P<op>in|==)\s+(?P<v>{_TUPLE}|{_VALUE})", said.strip())
    if m is not None:
        return f"the {m['o']}'s {m['f']} is {said_values(_values(m['v']))}"
    return None


def _refused(said: str, tool: str | None, params: dict[str, tuple[str, ...]]) -> str | None:
    """The sentence of `if <said>: refuse` about `tool`."""
    said = said.strip()
    if tool is None or re.search(r"\b(?:and|or)\b", re.sub(_STR, "", said)):
        return None
    own = params.get(tool, ())
    m = re.fullmatch(rf"{_FIELD}\s+(?P<op>not\s+in|in|==|!=)\s+(?P<v>{_TUPLE}|{_VALUE})", said)
    if m is not None:
        values = _values(m["v"])
        banned = m["op"] in {"in", "=="}
        if m["f"] in own:  # an argument of the call
            if banned:
                return f"Never call `{tool}` with {m['f']} {said_values(values)}."
            return f"Call `{tool}` only with {m['f']} {said_values(values)}."
        state = f"the {m['o']}'s {m['f']} is {said_values(values)}"
        return f"Never call `{tool}` if {state}." if banned else f"Call `{tool}` only if {state}."
    m = re.fullmatch(
        rf"(?P<len>len\(\s*)?{_FIELD}(?(len)\s*\))\s*(?P<op>>|<)\s*(?P<n>{_NUM})", said
    )
    if m is not None and m["f"] in own:
        bound = "at most" if m["op"] == ">" else "at least"
        if m["len"]:
            return f"Call `{tool}` with {bound} {m['n']} {m['f']}."
        return f"The {m['f']} of `{tool}` must be {bound} {m['n']}."
    m = re.fullmatch(
        rf"not\s+(?P<lo>{_NUM})\s*<=\s*(?P<len>len\(\s*)?{_FIELD}(?(len)\s*\))\s*<=\s*(?P<hi>{_NUM})",
        said,
    )
    if m is not None and m["f"] in own:
        if m["len"]:
            return f"Call `{tool}` with between {m['lo']} and {m['hi']} {m['f']}."
        return f"The {m['f']} of `{tool}` must be between {m['lo']} and {m['hi']}."
    return None

"""A prompt written as an INI settings file: `[tool]` sections, `key = value` lines, `;` notes.

Some deployers keep an assistant's rules as settings and paste the file in as it is saved:

    ; notes for the assistant start with a semicolon
    [all_tools]
    identify_first = findCustomer      ; not even a stock search runs before it
    disabled = writeOffInstrument
    [openRental]
    instrument_status = available
    term_months = 1..24                ; schools may sign for as long as 36 months
    branch_allowlist = leith, portobello
    needs_customer_yes = true
    [refundDeposit]
    amount_max = 600
    review_above_gbp = 250
    calls_per_hire = 1

Read as Markdown, the section lines are text and every note runs into the next. `ini_text`
tells such a file (most of its lines are sections, settings and notes, three settings at
least); `ini_sentences` then gives, line by line, each note as a sentence under its section
(the section's tool is the sentence's context, as a heading's is), and each setting as the
sentence it stands for, located at its line, followed by its trailing note as a sentence of
its own (a note that raises a figure keeps the bound reviewed, `raised_caps`):

| setting                                      | the sentence                                     |
|----------------------------------------------|--------------------------------------------------|
| `X_max = N`, `max_X = N`, `X_min = N`        | The X of `T` must be at most N (at least N).     |
| `X = a..b`                                   | The X of `T` must be between a and b.            |
| `X_allowlist = a, b`, `allowed_X = a, b`     | Call `T` only with X `a` or `b`.                 |
| `X_denylist = a`, `denied_X = a`             | Never call `T` with X `a`.                       |
| `E_status = S` (a state word: status, stage) | Call `T` only when the E's status is `S`.        |
| `needs_customer_yes = true`, `confirm = true`| Ask the user to confirm before calling `T`.      |
| `review = always`, `review_above_U = N`      | `T` needs a reviewer's sign-off (if over N).     |
| `calls_per_E = N`, `max_per_conversation = N`| Call `T` at most N times (per E).                |
| `disabled = U` / `disabled = true`           | Never call `U` / `T`.                            |
| `identify_first = U`, `requires = U`         | Call `U` before `T` (before any tool: `all_tools`)|
| `tool_calls_per_turn = 1`                    | Call one tool per turn.                          |

A setting of no shape here is left to no reader and gets no sentence; the settings of a
fenced config block are `fenced_config`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.extract.agent_params import known_params, tool_arguments
from specgap.extract.keyed29 import said_values

__all__ = ["ini_sentences", "ini_text"]

_SECTION = re.compile(r"^\s*\[(?P<name>[A-Za-z_][\w.\-]*)\]\s*$")
_SETTING = re.compile(
    r"^\s*(?P<key>[A-Za-z_][\w.\-]*)\s*=\s*(?P<value>[^;#\n]*?)\s*(?:(?<=\s)[;#]\s*(?P<note>.*))?$"
)
_NOTE = re.compile(r"^\s*[;#]\s?(?P<note>.*)$")
# a section that stands for every tool ("[all_tools]", "[global]", "[*]")
_EVERY = frozenset({"all_tools", "all", "global", "tools", "every_tool", "general", "default"})


def ini_text(text: str) -> bool:
    """Most lines of `text` are INI sections, settings and notes, with a section and three
    settings at least."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    sections = sum(1 for line in lines if _SECTION.match(line))
    settings = sum(1 for line in lines if _SETTING.match(line) and not _NOTE.match(line))
    notes = sum(1 for line in lines if _NOTE.match(line))
    return sections >= 1 and settings >= 3 and (sections + settings + notes) * 10 >= len(lines) * 9


def ini_sentences(text: str) -> Iterator[tuple[int, int, str | None, str]]:
    """Each sentence of an INI text: the (start, end) offsets of what it quotes (its added
    words sit at the start), the added words (None: the quoted text is the sentence), and
    the section it is under."""
    at = 0
    section = ""
    for line in text.splitlines(keepends=True):
        start, body = at, line.rstrip("\r\n")
        at += len(line)
        if (m := _SECTION.match(body)) is not None:
            section = m["name"]
            continue
        if (m := _NOTE.match(body)) is not None:
            if m["note"].strip():
                yield start + m.start("note"), start + len(body), None, section
            continue
        m = _SETTING.match(body)
        if m is None:
            continue
        note = (m["note"] or "").strip()
        said = _said(m["key"].casefold(), m["value"].strip(), section)
        joined = bool(said) and re.match(r"(?:and|but|or|nor)\b", note, re.I) is not None
        if joined:
            # "tool_calls_per_turn = 1 ; and no text goes alongside a call": one sentence
            said = [*said[:-1], f"{said[-1].rstrip('.')}, {note.rstrip('.')}."]
        for one in said:
            yield start, start + len(body), one, section
        if note and not joined:
            yield start + m.start("note"), start + len(body), None, section


_BOOL = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
}
_NUM = r"[$\u00a3\u20ac]?\d+(?:\.\d+)?"
_RANGE = re.compile(rf"^(?P<lo>{_NUM})\s*(?:\.\.|-|\u2013|to)\s*(?P<hi>{_NUM})$")
_STATE_WORDS = ("status", "state", "stage", "standing")
_ID = re.compile(r"^[A-Za-z_][\w.\-]*$")


def _words(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").strip()


def _listed(value: str) -> str:
    """A setting's values ("a, b, c") said as ticked values."""
    values = [v.strip(" `'\"") for v in re.split(r"\s*[,|/]\s*", value)]
    return said_values([v for v in values if v])


def _said(key: str, value: str, section: str) -> list[str]:
    """The sentences a setting states (none when it has no shape read here)."""
    every = section.casefold() in _EVERY or not section
    tool = "" if every else f"`{section}`"
    flag = _BOOL.get(value.casefold())
    if key in {"tool_calls_per_turn", "calls_per_turn", "max_tools_per_turn"} and value == "1":
        return ["Call one tool per turn."]
    if key in {"disabled", "disabled_tools", "blocked", "forbidden", "never_call"}:
        if flag is True and tool:
            return [f"Never call {tool}."]
        ids = [v.strip() for v in value.split(",") if _ID.match(v.strip())]
        return [f"Never call `{i}`." for i in ids if _BOOL.get(i.casefold()) is None]
    if key in {"identify_first", "requires", "require_before", "first", "call_first", "after"}:
        ids = [v.strip() for v in value.split(",") if _ID.match(v.strip())]
        if every:
            return [f"Call `{i}` before any other tool." for i in ids]
        return [f"Call `{i}` before {tool}." for i in ids]
    if not tool:
        return []
    if flag is True and re.search(r"(?:^|_)(?:yes|confirm|confirmation|consent|approval)$", key):
        return [f"Ask the user to confirm before calling {tool}."]
    if key in {"review", "review_required", "requires_review"} and (
        flag is True or value.casefold() == "always"
    ):
        return [f"{tool} needs a reviewer's sign-off."]
    if (m := re.match(r"^review_(?:above|over)_(?P<u>\w+)$", key)) and re.fullmatch(_NUM, value):
        unit = {"gbp": "amount", "usd": "amount", "eur": "amount"}.get(m["u"], _words(m["u"]))
        return [f"{tool} needs a reviewer's sign-off if the {unit} is over {value}."]
    if re.fullmatch(r"\d+", value):
        if key in {"max_per_conversation", "max_per_chat", "max_calls", "calls_per_conversation"}:
            return [f"Call {tool} at most {value} times."]
        if (m := re.match(r"^(?:max_)?calls_per_(?P<e>[a-z]+)$", key)) is not None:
            return [f"Call {tool} at most {value} times per {m['e']}."]
    if (m := re.match(r"^(?:(?P<a>\w+?)_(?:max|limit)|max(?:imum)?_(?P<b>\w+))$", key)) and (
        re.fullmatch(_NUM, value)
    ):
        return [_bound(m["a"] or m["b"], tool, f"at most {value}")]
    if (m := re.match(r"^(?:(?P<a>\w+?)_min|min(?:imum)?_(?P<b>\w+))$", key)) and (
        re.fullmatch(_NUM, value)
    ):
        return [_bound(m["a"] or m["b"], tool, f"at least {value}")]
    if (m := _RANGE.match(value)) is not None:
        return [_bound(key, tool, f"between {m['lo']} and {m['hi']}")]
    if m := re.match(r"^(?:(?P<a>\w+?)_allow_?list|(?:allowed|permitted)_(?P<b>\w+))$", key):
        return [f"Call {tool} only with {_words(m['a'] or m['b'])} {_listed(value)}."]
    if m := re.match(r"^(?:(?P<a>\w+?)_deny_?list|(?:denied|blocked)_(?P<b>\w+))$", key):
        return [f"Never call {tool} with {_words(m['a'] or m['b'])} {_listed(value)}."]
    state = re.match(rf"^(?P<e>[a-z]+)_(?P<f>{'|'.join(_STATE_WORDS)})$", key)
    if state is not None and re.fullmatch(r"[\w-]+(?:\s*,\s*[\w-]+)*", value):
        return [f"Call {tool} only when the {state['e']}'s {state['f']} is {_listed(value)}."]
    return []


def _own_argument(words: str, tool: str) -> str | None:
    """The tool's argument a setting's words name by its last words ("term months":
    `months`), when the tool files say the tool takes it and not the words whole."""
    params = tool_arguments().get(tool.strip("`"), ())
    if not params or words.replace(" ", "_") in params:
        return None
    parts = words.split()
    for n in range(len(parts) - 1, 0, -1):
        tail = "_".join(parts[-n:])
        if tail in params:
            return tail
    return None


def _listed_argument(words: str, tool: str) -> bool | None:
    """Whether the tool's argument so named holds a list (None: the tool files do not say)."""
    params = known_params(tool.strip("`"))
    name = words.replace(" ", "_")
    if f"{name}[]" in params:
        return True
    return False if name in params else None


_CURRENCY = re.compile(r"\b(?:gbp|usd|eur|pounds|dollars|euros)$")


def _bound(name: str, tool: str, bound: str) -> str:
    """A bound of the argument `name` names: of its items when the name is a plural noun
    ("photos = 1..5": between 1 and 5 photos), else of its value ("deposit_gbp": the
    deposit amount)."""
    words = _CURRENCY.sub("amount", _words(name))
    words = _own_argument(words, tool) or words
    last = words.split()[-1]
    listed = _listed_argument(words, tool)
    plural = last.endswith("s") and not last.endswith(("ss", "us")) and len(words.split()) == 1
    if listed or (listed is None and plural):
        return f"Call {tool} with {bound} {words}."
    return f"The {words} of {tool} must be {bound}."

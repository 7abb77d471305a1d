"""Arguments said as the subjects of their own limits, several to a sentence (forty-sixth
session), as a tool's description states them: "pad is either main_pad or studio_pad and
nothing else, and days_ahead lies between 0 and 14", "items may hold only hat, boots and
gloves, and pieces runs from 1 to 6", "method must be original_card or park_credit, and a
payment is refunded no more than once", "reason is limited to injury, fire or complaint".

- `parts`: a sentence of two clauses joined by ", and", the first led by an argument and the
  second by an argument or by a thing counted ("a payment", "no chat", "each booking"), is read
  clause by clause: read whole, the second clause's figures were taken for the first
  argument's ("items ... 1 to 6": a count of `items`, stronger than the sentence and about
  another argument).
- `respelt`: an argument that "lies", "sits" or "falls" between two figures is kept between
  them (`argsaid37` reads "stays", "remains", "is kept"); an argument "limited to" values, or
  that "may hold only" values, must be one of them.

An argument is a word spelt as an id (`days_ahead`, in backticks) or a word that names an
argument of the agent's tools (`pieces`, `bags`: `agent_params.tool_arguments`).
"""

from __future__ import annotations

import re

__all__ = ["parts", "respelt"]

_ID = r"`[a-z][a-z0-9]*(?:_[a-z0-9]+)*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]{3,}"
_LED = re.compile(rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ID})\s+(?P<verb>[a-z]+)\b")
_VERBS = frozenset(
    {"is", "are", "must", "may", "can", "has", "have", "should", "shall", "lies", "sits", "falls",
     "runs", "stays", "remains", "holds", "takes", "goes"}
)  # fmt: skip
# "a payment is refunded ...", "no chat makes ...", "each booking gets ..."
_COUNTED = re.compile(
    r"^(?:a|an|no|each|every|any)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|gets|makes|sends|allows|"
    r"receives|takes|may|can|must)\b",
    re.I,
)
_AND = re.compile(r",\s*and\s+")


def parts(text: str) -> tuple[str, str] | None:
    """The two clauses of a sentence of argument limits (module docstring), each said as a
    sentence of its own; None for any other sentence."""
    first = _LED.match(text)
    if first is None or not _argument(first["arg"]) or first["verb"].casefold() not in _VERBS:
        return None
    splits = [m for m in _AND.finditer(text) if _second(text[m.end() :])]
    if len(splits) != 1:
        return None
    cut = splits[0]
    head, tail = text[: cut.start()].rstrip(), text[cut.end() :].strip()
    tail = tail[:1].upper() + tail[1:] if not tail.startswith("`") else tail
    return f"{head}.", tail if tail.endswith((".", "!")) else f"{tail}."


def _second(clause: str) -> bool:
    led = _LED.match(clause)
    if led is not None and _argument(led["arg"]) and led["verb"].casefold() in _VERBS:
        return True
    return _COUNTED.match(clause) is not None


def _argument(word: str) -> bool:
    from specgap.extract.agent_params import tool_arguments

    bare = word.strip("`")
    if "_" in bare or word.startswith("`"):
        return True
    return any(bare in names for names in tool_arguments().values())


_BETWEEN = re.compile(
    rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ID})\s+(?:always\s+)?(?:lies|sits|falls|(?:must|should|"
    r"has\s+to|needs\s+to)\s+(?:lie|sit|fall))\s+(?P<bound>between\s.*)$",
    re.I,
)
_LIMITED = re.compile(
    rf"^(?P<lead>\W*)(?:the\s+)?(?P<arg>{_ID})\s+(?:is\s+limited\s+to|is\s+restricted\s+to|"
    r"(?:may|can)\s+hold\s+only|holds\s+only|(?:may|can)\s+only\s+hold)\s+(?P<values>.*)$",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with its argument's limit said as the readers read it (module
    docstring), or None."""
    m = _BETWEEN.match(text)
    if m is not None and _argument(m["arg"]):
        return f"{m['lead']}Keep {m['arg']} {m['bound']}"
    m = _LIMITED.match(text)
    if m is not None and _argument(m["arg"]):
        return f"{m['lead']}{m['arg']} must be one of {m['values']}"
    return None

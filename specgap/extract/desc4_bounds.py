"""More shapes of a bound a parameter's description states on its own value
(docs/descriptions-four.md), read when `parameter_limits` finds none of its own:

- the number first, the bound after: "120 at most", "30 max", "5 or less", "10 at least",
  "2 or more";
- a ceiling or a floor said as a comparison: "never above 200", "not over 50", "no higher
  than 9", "never below 1", "no lower than 3";
- a range said without "between"/"from": "allowed range 5 to 15", "range: 1-100", "valid
  values 2..8", and a range closing the sentence after a comma, colon or semicolon
  ("Share of seats, 1 to 100.", "Cups; 1-6.").

A length ("500 characters", "3 words") bounds the text's length, not its value: left to the
readers of lengths. A rate ("per day") is left as `parameter_limits` leaves it.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar_emit import Emit

_N = r"(?P<{}>\d[\d,]*(?:\.\d+)?)"
_UNIT = r"(?:\s*(?:%|percent|minutes?|mins?|seconds?|secs?|hours?|days?|weeks?|lux|kg|"
_UNIT += r"degrees?|°\s*[CF]?|[a-z]{1,3}))?"
_POST_MAX = re.compile(
    r"(?:^|[;,:.(]\s*|\s)" + _N.format("n") + _UNIT
    + r"\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|or\s+(?:less|fewer|under|below)|tops)\b",
    re.I,
)  # fmt: skip
_POST_MIN = re.compile(
    r"(?:^|[;,:.(]\s*|\s)" + _N.format("n") + _UNIT
    + r"\s+(?:at\s+(?:the\s+)?least|min(?:imum)?|or\s+(?:more|over|above))\b",
    re.I,
)  # fmt: skip
_CMP_MAX = re.compile(
    r"\b(?:never|not|no)\s+(?:above|over|higher\s+than|greater\s+than|more\s+than|beyond)\s+"
    + _N.format("n"),
    re.I,
)
_CMP_MIN = re.compile(
    r"\b(?:never|not|no)\s+(?:below|under|lower\s+than|less\s+than|fewer\s+than)\s+"
    + _N.format("n"),
    re.I,
)
_TO = r"\s*(?:-|–|—|to|through|\.\.)\s*"
_RANGE_WORD = re.compile(
    r"\b(?:(?:allowed|valid|accepted|permitted)\s+)?range\s*(?:is|of|:)?\s*"
    + _N.format("lo")
    + _UNIT
    + _TO
    + _N.format("hi"),
    re.I,
)
_VALUES_RANGE = re.compile(
    r"\b(?:allowed|valid|accepted|permitted)\s+values?\s*(?:are|:)?\s*"
    + _N.format("lo")
    + _TO
    + _N.format("hi"),
    re.I,
)
# closing a sentence: a bare hyphen joins codes too ("555-0142"), so only spaced or "to"
_CLOSING_RANGE = re.compile(
    r"[,:;]\s*(?:from\s+)?"
    + _N.format("lo")
    + r"(?:\s+(?:-|–|to|through)\s+|\s*–\s*|\.\.)"
    + _N.format("hi")
    + _UNIT
    + r"\s*\.?\s*$",
    re.I,
)
_LENGTH = re.compile(
    r"\d\s*(?:characters?|chars?|letters?|words?|bytes?|lines?|digits?|items?|entries)\b",
    re.I,
)


def _number(text: str) -> int | float:
    value = float(text.replace(",", ""))
    return int(value) if value.is_integer() else value


def desc4_limits(text: str, parameter: str) -> list[Emit]:
    """The bound one sentence of `parameter`'s description states in a shape of the module
    docstring, or []."""
    if _LENGTH.search(text):
        return []
    for shape in (_RANGE_WORD, _VALUES_RANGE, _CLOSING_RANGE):
        m = shape.search(text)
        if m is not None:
            low, high = _number(m["lo"]), _number(m["hi"])
            if low >= high:
                return []
            return [Emit("arg_within_bound", None, {"facet": parameter, "min": low, "max": high},
                         0.7)]  # fmt: skip
    most = [*_POST_MAX.finditer(text), *_CMP_MAX.finditer(text)]
    least = [*_POST_MIN.finditer(text), *_CMP_MIN.finditer(text)]
    if len(most) > 1 or len(least) > 1 or not (most or least):
        return []
    params: dict[str, object] = {"facet": parameter}
    if most:
        params["max"] = _number(most[0]["n"])
    if least:
        params["min"] = _number(least[0]["n"])
    if most and least and _number(least[0]["n"]) > _number(most[0]["n"]):
        return []
    return [Emit("arg_within_bound", None, params, 0.7)]


_TIMEOUT = re.compile(r"time[\s_-]?outs?|deadline", re.I)
_IN_MS = re.compile(r"(?:ms|millis(?:econds?)?)$|\bmilliseconds?\b", re.I)
_IN_MIN = re.compile(r"(?:minutes?|mins?)$|\bminutes?\b", re.I)


def desc4_timeout(emit: Emit, parameter: str, text: str) -> Emit:
    """A ceiling on a timeout parameter ("timeoutSeconds: 30 at most") is the call's
    `timeout_leq` on that argument, in seconds; any other bound is returned as it is."""
    params = emit.params
    if emit.operator != "arg_within_bound" or emit.condition:
        return emit
    seconds = timeout_seconds(parameter, text, params)
    if seconds is None:
        return emit
    return Emit("timeout_leq", None, {"facet": parameter, "max_seconds": seconds}, emit.confidence)


def timeout_seconds(parameter: str, text: str, params: dict[str, Any]) -> float | int | None:
    """The ceiling of a bound with only a `max` on an argument named a timeout, in seconds
    (the unit its name says, else the one `text` says, else seconds); None for any other
    bound."""
    if not _TIMEOUT.search(parameter) or "max" not in params or "min" in params:
        return None
    name = re.sub(r"[^A-Za-z]", "", parameter)
    scale = 0.001 if _IN_MS.search(name) else 60.0 if _IN_MIN.search(name) else 1.0
    if scale == 1.0 and not re.search(r"sec", name, re.I):
        scale = 0.001 if _IN_MS.search(text) else 60.0 if _IN_MIN.search(text) else 1.0
    seconds = float(params["max"]) * scale
    return int(seconds) if seconds.is_integer() else seconds

"""A bound said in one unit, fitted to an argument that takes another: "at most 2 hours" on
`duration_minutes` is 120, "$200" on `amount_cents` is 20000, "15%" on a rate described as
a fraction between 0 and 1 is 0.15, "50 miles" on `distance_km` is 80.467, "200 lbs" on
`load_kg` is 90.718 ("pounds" is left alone: it is a currency as often as a weight).

The unit the sentence says is the bound's facet word (`hours`, `minutes`, `days`, `weeks`)
or, for money, a currency in the sentence; the unit the argument takes is the one unit word
its name and description say (two different ones say nothing: never a guess). Units of
different kinds (hours and dollars), or the same unit, leave the bound as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from specgap.resolve.text import words

# each unit word -> (its kind, how many of the kind's base unit it is)
_UNITS: dict[str, tuple[str, float]] = {
    "second": ("time", 1), "seconds": ("time", 1), "secs": ("time", 1), "sec": ("time", 1),
    "minute": ("time", 60), "minutes": ("time", 60), "mins": ("time", 60), "min": ("time", 60),
    "hour": ("time", 3600), "hours": ("time", 3600), "hrs": ("time", 3600), "hr": ("time", 3600),
    "day": ("time", 86400), "days": ("time", 86400),
    "week": ("time", 604800), "weeks": ("time", 604800),
    "cent": ("money", 1), "cents": ("money", 1),
    "dollar": ("money", 100), "dollars": ("money", 100), "usd": ("money", 100),
    "euro": ("money", 100), "euros": ("money", 100), "eur": ("money", 100),
    "gbp": ("money", 100), "cad": ("money", 100), "aud": ("money", 100), "chf": ("money", 100),
    "gram": ("mass", 1), "grams": ("mass", 1), "g": ("mass", 1),
    "kg": ("mass", 1000), "kilogram": ("mass", 1000), "kilograms": ("mass", 1000),
    "kgs": ("mass", 1000), "kilo": ("mass", 1000), "kilos": ("mass", 1000),
    "tonne": ("mass", 1e6), "tonnes": ("mass", 1e6),
    "lb": ("mass", 453.59237), "lbs": ("mass", 453.59237), "oz": ("mass", 28.349523125),
    "ounce": ("mass", 28.349523125), "ounces": ("mass", 28.349523125),
    "cm": ("distance", 0.01), "m": ("distance", 1),
    "metre": ("distance", 1), "metres": ("distance", 1), "meter": ("distance", 1),
    "meters": ("distance", 1), "km": ("distance", 1000), "kms": ("distance", 1000),
    "kilometre": ("distance", 1000), "kilometres": ("distance", 1000),
    "kilometer": ("distance", 1000), "kilometers": ("distance", 1000),
    "ft": ("distance", 0.3048), "foot": ("distance", 0.3048), "feet": ("distance", 0.3048),
    "yard": ("distance", 0.9144), "yards": ("distance", 0.9144),
    "mile": ("distance", 1609.344), "miles": ("distance", 1609.344),
    "mb": ("data", 1), "megabytes": ("data", 1), "gb": ("data", 1024), "gigabytes": ("data", 1024),
    "tb": ("data", 1024 * 1024), "terabytes": ("data", 1024 * 1024),
}  # fmt: skip
_CURRENCY = re.compile(
    r"[$€£]\s?\d|\b\d[\d,.]*\s*(?:dollars?|euros?|usd|eur|gbp|cad|aud|chf)\b", re.I
)
_FRACTION = re.compile(
    r"\bfraction\b|\bbetween\s+0(?:\.0)?\s+and\s+1(?:\.0)?\b|\b0(?:\.0)?\s*(?:-|–|to)\s*1(?:\.0)?\b",
    re.I,
)


def on_argument(params: dict[str, Any], arg: str, extract: str | None = None) -> dict[str, Any]:
    """The rule's parameters bound to argument `arg` (its `selector`, with an `extract` facet
    when given), the prose `facet` that named it dropped."""
    selector: dict[str, Any] = {"arg": arg} if extract is None else {"arg": arg, "extract": extract}
    return {**{k: v for k, v in params.items() if k != "facet"}, "selector": selector}


def in_argument_units(
    said: str, text: str, arg: str, schema: dict[str, Any], params: dict[str, Any]
) -> dict[str, Any]:
    """The bound's `min`/`max` in the unit the argument takes (module docstring)."""
    degrees = _temperatures(text, arg, schema) if words(said) != words(arg) else None
    if degrees is not None:  # (a facet that is the argument's name: fitted already)
        return _in_degrees(params, *degrees)
    factor = _factor(said, text, arg, schema)
    if factor is None or factor == 1:
        return params
    return _scaled(params, lambda value: value * factor)


def _factor(said: str, text: str, arg: str, schema: dict[str, Any]) -> float | None:
    taken = _argument_unit(arg, schema)
    words = said.casefold().split()
    if words and words[-1] in {"percent", "%"}:
        description = str(schema.get("description", ""))
        return 0.01 if _FRACTION.search(description) else None
    unit = next((_UNITS[w] for w in reversed(words) if w in _UNITS), None)
    if unit is None and _CURRENCY.search(text):
        unit = _UNITS["dollars"]  # "$200": a sum in whole units of a currency
    if unit is None or taken is None or unit[0] != taken[0]:
        return None
    return unit[1] / taken[1]


def _argument_unit(arg: str, schema: dict[str, Any]) -> tuple[str, float] | None:
    """The one unit the argument's name and description speak of, or None."""
    said = f"{arg} {schema.get('description', '')}".casefold().replace("_", " ")
    found = {_UNITS[w] for w in re.findall(r"(?<!['’])\b[a-z]+", said) if w in _UNITS}
    return next(iter(found)) if len(found) == 1 else None


# a temperature's scale: in a sentence ("8 °C", "46 degrees Fahrenheit", "8 celsius"), and in
# an argument's name or description (`setpoint_f`, `tempC`, "in degrees Celsius")
_SAID_SCALE = re.compile(
    r"\d\s*°\s*(?P<a>[CF])\b|\b(?P<b>celsius|centigrade|fahrenheit)\b|"
    r"\bdeg(?:rees?)?\.?\s+(?P<c>[CF])\b",
    re.I,
)
_DESCRIBED_SCALE = re.compile(r"\b(celsius|centigrade|fahrenheit)\b|°\s*([CF])\b", re.I)
_ARG_SCALE = re.compile(
    r"(?:^|[_\s])(?P<a>[cf])(?:$|[_\s])|(?<=[a-z])(?P<b>[CF])$|\b(?P<c>celsius|centigrade|fahrenheit)\b"
    r"|°\s*(?P<d>[CF])\b",
)


def _scale(found: re.Match[str] | None) -> str | None:
    if found is None:
        return None
    word = next(g for g in found.groups() if g)
    return "f" if word.casefold().startswith("f") else "c"


def _temperatures(text: str, arg: str, schema: dict[str, Any]) -> tuple[str, str] | None:
    """(the sentence's scale, the argument's) when both are said and differ, else None."""
    said = _scale(_SAID_SCALE.search(text))
    if said is None:
        return None
    named = _ARG_SCALE.search(arg) or _DESCRIBED_SCALE.search(str(schema.get("description", "")))
    taken = _scale(named)
    if taken is None or taken == said:
        return None
    return said, taken


def _in_degrees(params: dict[str, Any], said: str, taken: str) -> dict[str, Any]:
    """A bound in Celsius on a Fahrenheit argument, or the other way round (an offset and a
    factor, not a factor alone)."""
    if said == "c":
        return _scaled(params, lambda value: value * 9 / 5 + 32)
    return _scaled(params, lambda value: (value - 32) * 5 / 9)


def _scaled(params: dict[str, Any], convert: Callable[[float], float]) -> dict[str, Any]:
    """The parameters with `min` and `max` converted, a whole result as an int, any other
    rounded to 9 places (no float noise in the policy file)."""
    out = dict(params)
    for side in ("min", "max"):
        value = out.get(side)
        if isinstance(value, int | float) and not isinstance(value, bool):
            scaled = convert(value)
            out[side] = round(scaled) if float(round(scaled, 9)).is_integer() else round(scaled, 9)
    return out

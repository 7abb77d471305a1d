"""Whether a strict comparison may be read as the next whole number.

"Fewer than 3 guests" is at most 2 guests: guests are counted, there is no 2.5th guest. "Less
than two hours", "under 1300 degrees", "less than $40", "under 0.5 kg" are measures: there
is no next value, and "at most 1 hour" (or 1299 degrees, or $39) would block the calls the
sentence allows (1.5 hours, 1299.5 degrees, $39.99). A bound on a measure keeps its number
(the one value at the edge is the only difference, and it is the weaker reading); a bound on
a count steps to the next whole number.

The units are those rules write: money, percentages, time shorter than a day (hours and
minutes have fractions in a rule's sense; days, nights and weeks are counted in bookings),
weights, lengths, volumes, temperatures, energy, data sizes and speeds.
"""

from __future__ import annotations

import re

__all__ = ["MEASURES", "counted", "measure"]

MEASURES = frozenset(
    {
        # money and shares
        "$", "€", "£", "dollar", "dollars", "usd", "euro", "euros", "eur", "pound", "pounds",
        "gbp", "cent", "cents", "%", "percent", "per cent", "percentage",
        # time below a day
        "hour", "hours", "hr", "hrs", "h", "minute", "minutes", "min", "mins", "second",
        "seconds", "sec", "secs", "s", "ms", "millisecond", "milliseconds",
        # weight
        "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "g", "gram", "grams", "mg",
        "milligram", "milligrams", "mcg", "microgram", "micrograms", "t", "tonne", "tonnes",
        "ton", "tons", "lb", "lbs", "pound-weight", "oz", "ounce", "ounces",
        # length and area
        "km", "kilometre", "kilometres", "kilometer", "kilometers", "m", "metre", "metres",
        "meter", "meters", "cm", "centimetre", "centimetres", "centimeter", "centimeters",
        "mm", "millimetre", "millimetres", "millimeter", "millimeters", "mile", "miles", "ft",
        "foot", "feet", "inch", "inches", "yard", "yards", "sqm", "acre", "acres", "hectare",
        "hectares",
        # volume
        "l", "litre", "litres", "liter", "liters", "ml", "millilitre", "millilitres",
        "milliliter", "milliliters", "gallon", "gallons",
        # temperature, energy, power, data, speed
        "degree", "degrees", "°", "°c", "°f", "celsius", "fahrenheit", "kelvin", "kwh", "kw",
        "watt", "watts", "w", "volt", "volts", "amp", "amps", "gb", "mb", "kb", "tb",
        "gigabyte", "gigabytes", "megabyte", "megabytes", "terabyte", "terabytes", "mph",
        "kph", "knot", "knots",
    }
)  # fmt: skip
_MONEY = re.compile(r"^\s*[$€£]")


def measure(unit: str | None, amount: str = "") -> bool:
    """Whether `unit` (or the amount's own sign: `$40`) names a measure, not a count."""
    said = " ".join((unit or "").casefold().split())
    return bool(_MONEY.match(amount)) or said in MEASURES or said.rstrip(".") in MEASURES


def counted(amount: str, unit: str | None) -> bool:
    """A whole count of things ("5 nights", "8 guests"): "under 5" is at most 4. A sum of
    money, a measure ("30 kg", "60 minutes"), a number with a fraction or no unit at all has
    no next value."""
    if measure(unit, amount) or not (unit or "").strip():
        return False
    try:
        value = float(amount.strip().lstrip("$€£ ").replace(",", ""))
    except ValueError:
        return True  # a number word ("three guests"): a count
    return value.is_integer()

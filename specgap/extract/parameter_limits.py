"""Bounds a parameter's description states on its own value: "Refund amount in USD (max
200).", "Number of guests (1-8).", "Party size; up to 8 people.", "Must not exceed $200.",
"Nights to add, between 1 and 3.", "Minimum 1.".

The parameter is known (the description is its own), so the bound is
`arg_within_bound(<the described tool>, facet=<parameter>)`. A description whose schema
already bounds the value (`maximum`, `minimum`, `enum`) states the schema's contract, read
as such; a bound with a condition ("at most 3 unless a manager agrees") keeps it (reviewed,
never a flat bound); a rate ("per day") or two bounds of one side is left to its
`rule-not-compiled` note (`parameter_notes`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.artifacts import Artifact
from specgap.extract.grammar_emit import Emit
from specgap.extract.segments import description_sentences
from specgap.ir import CandidateRule
from specgap.toolspecs import ToolSpec

_NUMBER = r"(?P<{}>[$€£]?\s?\d[\d,]*(?:\.\d+)?)(?![\d,.]*\d)(?!:\d)(?!\s*(?:per|/|a\s+day)\b)"
_MAX = re.compile(
    r"(?:\bmax(?:imum)?\.?\s*(?::|of|is)?|\bat\s+most|\bup\s+to|\bno\s+more\s+than|\bnot\s+more\s+"
    r"than|\b(?:must|may|should|can)\s*(?:not|never)\s+exceed|\bcannot\s+exceed|\bnot\s+to\s+exceed|"
    r"\bless\s+than\s+or\s+equal\s+to|<=|≤)\s*" + _NUMBER.format("max"),
    re.I,
)
_MIN = re.compile(
    r"(?:\bmin(?:imum)?\.?\s*(?::|of|is)?|\bat\s+least|\bno\s+less\s+than|\bno\s+fewer\s+than|"
    r"\bgreater\s+than\s+or\s+equal\s+to|>=|≥)\s*" + _NUMBER.format("min"),
    re.I,
)
_RANGE = re.compile(
    r"(?:\bbetween\s+" + _NUMBER.format("low") + r"\s*(?:[a-z]+\s+)?and\s+"
    + _NUMBER.format("high") + r"|\(\s*" + _NUMBER.format("low2") + r"\s*(?:-|–|to)\s*"
    + _NUMBER.format("high2") + r"\s*(?:[a-z]+\s*)?\)|\bfrom\s+" + _NUMBER.format("low3")
    + r"\s*(?:[a-z]+\s+)?to\s+" + _NUMBER.format("high3") + r")",
    re.I,
)  # fmt: skip
# a bound said of something else than this value: a rate, a share of another quantity
_DERIVED = re.compile(
    r"\b(?:per|each\s+(?:day|night|week|month)|of\s+the\s+(?:order|total|price|balance)|times)\b",
    re.I,
)
# a bound that holds only sometimes: kept with its condition, reviewed
_CONDITIONAL = re.compile(r"\b(?:if|unless|when|whenever|except|without)\b.*$", re.I)


def parameter_limits(text: str, parameter: str, bounded: bool) -> list[Emit]:
    """The bound one sentence of `parameter`'s description states on its value, or []
    (module docstring). `bounded`: the schema already bounds it."""
    if bounded or "." in parameter or "[]" in parameter or _DERIVED.search(text):
        return []
    condition = _CONDITIONAL.search(text)
    if condition is not None:  # "at most 3 unless a manager agrees": only then, reviewed
        found = parameter_limits(text[: condition.start()], parameter, bounded)
        said = " ".join(condition[0].strip(" .;").split())
        return [replace(e, condition=said) for e in found]
    params: dict[str, object] = {"facet": parameter}
    ranged = _RANGE.search(text)
    if ranged is not None:
        low = next(ranged[g] for g in ("low", "low2", "low3") if ranged[g])
        high = next(ranged[g] for g in ("high", "high2", "high3") if ranged[g])
        if _number(low) > _number(high):
            return []
        params.update(min=_number(low), max=_number(high))
    else:
        most, least = _MAX.findall(text), _MIN.findall(text)
        if not (most or least):  # "120 at most", "never above 200", "range 5 to 15"
            from specgap.extract.desc4_bounds import desc4_limits

            return desc4_limits(text, parameter)
        if len(most) > 1 or len(least) > 1:
            return []
        if most:
            params["max"] = _number(most[0])
        if least:
            params["min"] = _number(least[0])
        if most and least and _number(least[0]) > _number(most[0]):
            return []
    return [Emit("arg_within_bound", None, params, 0.7)]


def _number(text: str) -> int | float:
    value = float(text.strip().lstrip("$€£ ").replace(",", ""))
    return int(value) if value.is_integer() else value


def limit_rules(artifact: Artifact, spec: ToolSpec) -> list[CandidateRule]:
    """The bounds `spec`'s parameter descriptions state on their own values, in schema
    order."""
    from specgap.extract.count5_items import parameter_counts
    from specgap.extract.desc4_bounds import desc4_timeout
    from specgap.extract.grammar_rules import candidate
    from specgap.extract.parameter_notes import _described

    if spec.schema_pointer is None:
        return []
    rules: list[CandidateRule] = []
    for name, pointer, bounded in _described(spec.schema, spec.schema_pointer, "", 0):
        for sentence in description_sentences(artifact, pointer, spec.name):
            found = parameter_limits(sentence.clean, name, bounded)
            if not found and not bounded:  # "Member ids, 1-100 per bulletin."
                found = parameter_counts(sentence.clean, name, spec.schema)
            found = [desc4_timeout(e, name, sentence.clean) for e in found]  # "timeoutSeconds"
            rules.extend(candidate(sentence, e) for e in found)
    return rules

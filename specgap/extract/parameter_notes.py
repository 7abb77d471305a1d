"""Rule-like sentences in a tool's parameter descriptions: a located note for each.

The extractor reads a tool's own description for rules, not the descriptions of its
parameters ("Weight in kg; must not exceed the truck's rated load"), where a tools file
also states rules. So that none of them is lost without a word, each parameter
description (of `properties`, nested objects, array `items`, the alternatives of `anyOf` /
`oneOf` / `allOf` and the shapes of `$defs`, in schema order) is split into sentences and
checked with the test of a tool description (`rulelike.cue_of` with `described`: modals,
bounds, orderings; never the imperative a description is written in).
A sentence that reads like a rule gets a `rule-not-compiled` note at its span naming the
cue and the parameter. A bound the schema itself states (`maximum`, `enum`, ...) is the
schema's contract and compiled as such, so a description restating one is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.rulelike import Cue, cue_of
from specgap.extract.segments import Sentence, description_sentences
from specgap.ir import Diagnostic
from specgap.toolspecs import ToolSpec

__all__ = ["parameter_notes"]

# schema keywords that state a bound or a value list, compiled to the schema's contract
_CONTRACT = frozenset(
    {"enum", "const", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "maxLength",
     "minLength", "maxItems", "minItems", "pattern", "format"}
)  # fmt: skip
_DEPTH = 4  # nested objects deeper than this are data shapes, not arguments an agent fills


def parameter_notes(artifact: Artifact, spec: ToolSpec) -> list[Diagnostic]:
    """The notes on rule-like sentences of `spec`'s parameter descriptions, in order."""
    if spec.schema_pointer is None:
        return []
    out: list[Diagnostic] = []
    for name, pointer, contract in _described(spec.schema, spec.schema_pointer, "", 0):
        for sentence in description_sentences(artifact, pointer, spec.name):
            note = _note(sentence, spec.name, name, contract, spec.schema)
            if note is not None:
                out.append(note)
    return out


def _described(schema: Any, pointer: str, name: str, depth: int) -> Iterator[tuple[str, str, bool]]:
    """(parameter path, pointer of its description, whether the schema bounds it) for each
    described parameter under `schema`, in the schema's order."""
    if not isinstance(schema, dict) or depth > _DEPTH:
        return
    if name and isinstance(schema.get("description"), str):
        yield name, f"{pointer}/description", bool(_CONTRACT & schema.keys())
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for key, sub in properties.items():
            path = f"{name}.{key}" if name else str(key)
            yield from _described(sub, f"{pointer}/properties/{_escape(str(key))}", path, depth + 1)
    items = schema.get("items")
    if isinstance(items, dict) and name:
        yield from _described(items, f"{pointer}/items", f"{name}[]", depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):  # the alternatives of one parameter
        choices = schema.get(key)
        if isinstance(choices, list) and name:
            for n, sub in enumerate(choices):
                yield from _described(sub, f"{pointer}/{key}/{n}", name, depth + 1)
    for key in ("$defs", "definitions"):  # shapes referenced by `$ref`, named by their key
        shapes = schema.get(key)
        if isinstance(shapes, dict):
            for shape, sub in shapes.items():
                yield from _described(sub, f"{pointer}/{key}/{_escape(str(shape))}", str(shape),
                                      depth + 1)  # fmt: skip


# what a parameter's value means or what type it has, not how the agent may act:
# "Whether the user is eligible for ...", "The ID of the user whose email should be changed",
# "The type of case to retrieve required documents for", "Must be a positive number"
# "Must be one of: 'a', 'b'" opening a description is the parameter's type in prose (an enum
# a converter could not keep), as "Whether ..." is a flag's meaning
_MEANING = re.compile(
    r"^\W*(?:whether|true\s+(?:if|when)|if\s+true|false\s+(?:if|when)|(?:must|should)\s+be\s+"
    r"(?:one\s+of|either)\b)",
    re.I,
)
# a restrictive relative clause describes another thing ("the user whose email should be
# changed"); ", which should be ..." speaks of the value itself
_RELATIVE = re.compile(r"(?<!,)\s(?:whose|where|which|that|who|whom)\b", re.I)
# "the rate the customer should have received": what was due, not an instruction
_PERFECT = re.compile(r"\b(?:should|must|could|would)\s+have\s+[a-z]+(?:ed|en|wn|nt)\b", re.I)
_TYPE = re.compile(
    r"\b(?:must|should|shall)\s+(?:always\s+)?be\s+(?:of\s+)?(?:an?\s+(?:valid\s+|positive\s+|"
    r"non-?negative\s+|whole\s+)?(?:number|integer|string|date|boolean|id|identifier|list|"
    r"array|object)|type\s+\w+|positive|non-?negative|valid|greater\s+than\s+(?:0|zero)|"
    r"(?:formatted|given)\s+(?:as|in)|in\s+(?:the\s+)?format)\b",
    re.I,
)
_ATTRIBUTIVE = re.compile(r"\brequired\s+(?!(?:for|if|only|when|to|by|unless|before|after|"
                          r"with|on|in|whenever)\b)[a-z]+", re.I)  # fmt: skip


def _glosses(text: str, words: str) -> bool:
    """Whether the cue `words` in a parameter description only say what the value means
    or what type it has (see the patterns above), not what the agent may do."""
    at = text.casefold().find(words.split()[0])
    if _MEANING.match(text) or _TYPE.search(text) or _PERFECT.search(text):
        return True
    if at > 0 and _RELATIVE.search(text[:at]):
        return True
    return words == "required" and _ATTRIBUTIVE.search(text) is not None


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _note(
    sentence: Sentence, tool: str, parameter: str, contract: bool, schema: Any = None
) -> Diagnostic | None:
    from specgap.extract.described_params import read_parameter  # (it imports this module)

    if read_parameter(sentence, parameter):
        return None  # "must be an id returned by `a`": read (`described_params`)
    from specgap.extract.count5_items import parameter_counts
    from specgap.extract.parameter_limits import parameter_limits

    if parameter_limits(sentence.clean, parameter, contract):
        return None  # "Number of guests (1-8).": read (`parameter_limits`)
    if not contract and parameter_counts(sentence.clean, parameter, schema):
        return None  # "Member ids, 1-100 per bulletin.": read (`count5_items`)
    text = sentence.clean
    cue = cue_of(text, described=True)
    if cue is None and not contract and _alternatives(text):  # "Trailer: van, reefer or flatbed"
        cue = Cue("labelled values", "a list of alternatives")
    if cue is None or (contract and cue.kind in {"bound", "value list", "labelled values"}):
        return None
    if _glosses(text, cue.words):
        return None
    return Diagnostic(
        code="rule-not-compiled",
        message=f"this sentence reads like a rule ({cue}) but no rule could be read from it: "
        f"it is in the description of parameter `{parameter}` of `{tool}`, which is not read "
        "for rules",
        severity="note",
        span=sentence.span(),
        help=f"state it in the description of `{tool}` or in the prompt, over the tool and "
        f"its argument `{parameter}`, or put the bound in the parameter's schema",
    )


def _alternatives(text: str) -> bool:
    """A sentence that is only a list of values joined by "or" (after an optional label):
    the values the parameter takes, as often as examples (`described_values.listed_only`,
    never compiled), so noted."""
    from specgap.extract.described_values import listed_only

    return bool(listed_only(text)) and re.search(r"\bor\b", text) is not None

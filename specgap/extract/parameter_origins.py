"""Where a parameter's value comes from, said in the parameter's own description: "The filter
code returned by `search_filters`.", "Street address as given by the customer.", "Must come
from the output of `find_grower`.", "The slot id, taken from the `list_slots` results."

A tools file states such rules where the value is described, not in the tool's description.
Each described parameter of a tool (the top level of its input schema) is read: a verb of
giving or returning with its source ("returned by S", "as given by S", "taken from S",
"must come from S", "from the output of S"), the sources read as in a prompt
(`origins.origin`: a tool, a read named in words, tool outputs, a person; every part of an
`or` list). It compiles to `arg_grounded` on the tool and that parameter: enforced when
the description obliges it ("must", "only", "always"), else `review_only` (a provenance
described, which may not be meant as the only one allowed). A permission ("can
be looked up from ...", "may be taken from ..."), an example ("e.g. returned by ..."), a
source list with a part not read, or a tool said to be its own only source is not read: the
reading would be stronger than the description. Nor is a source named after an exception
begins ("...; the exception is guest_invite, which goes to the address the member gave"): it
holds for the exception only.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.desc46_sources import listed_sources
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.origins import origin, said_origins
from specgap.extract.pattern_base import ANY_TOOL
from specgap.extract.people import PERSON
from specgap.extract.segments import description_sentences
from specgap.ir import CandidateRule
from specgap.toolspecs import ToolSpec

__all__ = ["parameter_origins"]

_GOT = (
    r"(?:(?:as\s+)?(?:returned|listed|given|provided|produced|reported|supplied|stated|named|"
    r"generated|issued|found|shown|offered)\s+(?:by|in)|(?:as\s+)?(?:taken|copied|obtained|"
    r"retrieved|read|looked\s+up)\s+(?:from|via|using|with|in)|(?:must|should|has\s+to|shall)\s+"
    r"(?:always\s+|only\s+)?(?:come|be\s+taken|be\s+obtained|be\s+copied)\s+(?:only\s+)?from|"
    r"(?:comes?|originates?)\s+from|from\s+the\s+(?:output|outputs|result|results|response)\s+of)"
)
_SAID = re.compile(rf"\b{_GOT}\s+(?P<src>[^.;()]+?)\s*(?:[.;()]|,|$)", re.I)
# a permission, a possibility or an example: the description allows, it does not oblige
_MAY = re.compile(
    r"\b(?:can|could|may|might|e\.g|for\s+example|such\s+as|if|optionally|usually|typically|"
    r"often)\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b", re.I)
# a relative clause before the source describes another thing ("the carrier whose rates
# were returned by T")
_RELATIVE = re.compile(r"\b(?:whose|where|which|that|who|whom)\b", re.I)
_OBLIGES = re.compile(
    r"\b(?:must|should|shall|has\s+to|have\s+to|only|always|never|do\s+not|don't)\b", re.I
)


def only_describes(text: str) -> bool:
    """A parameter sentence that allows, exemplifies or speaks of another thing ("Can be
    looked up with T", "For example, the id returned by T", "the carrier whose rates T
    returned"): it states no source rule, whoever reads it."""
    return bool(_MAY.search(text) or _RELATIVE.search(text))


def parameter_origins(
    artifact: Artifact, spec: ToolSpec, names: Collection[str] = ()
) -> list[CandidateRule]:
    """The `arg_grounded` rules the parameter descriptions of `spec` state (module
    docstring), in the schema's order; `names` are the tools file's tool names, which a
    list of sources may name (`desc46_sources`)."""
    if spec.schema_pointer is None:
        return []
    out: list[CandidateRule] = []
    for name, pointer in _described(spec.schema, spec.schema_pointer):
        for sentence in description_sentences(artifact, pointer, spec.name):
            text = _before_exception(sentence.clean)  # (a list of sources: the whole sentence)
            source = listed_sources(sentence.clean, names, spec.name) or _source(
                text, spec.name, names
            )
            if source is None:
                continue
            emit = Emit("arg_grounded", spec.name, {"facet": name, **source}, 0.7)
            rule = candidate(sentence, emit)
            if not _OBLIGES.search(sentence.clean):  # a provenance described, not required
                rule = rule.model_copy(update={"grounding": "inferred"})
            out.append(rule)
            break  # one rule per parameter: the first sentence saying where it comes from
    return out


# where an exception to what the sentence says begins ("...; the exception is guest_invite,
# which goes to the guest email the member gave"): a source it names holds only for the
# exception, so it is never read as the parameter's one source
_EXCEPTION = re.compile(
    r"[;,]?\s*\b(?:the\s+(?:one\s+|only\s+)?exceptions?\s+(?:is|are)|except(?:\s+for|\s+that|"
    r"\s+when|\s+where|\s+if)?|unless|save\s+for|apart\s+from|other\s+than\s+for)\b",
    re.I,
)


def _before_exception(text: str) -> str:
    """The sentence up to where an exception to it begins (all of it when none does)."""
    m = _EXCEPTION.search(text)
    return text if m is None else text[: m.start()]


# the parameter as the sentence's missing subject: "Must be one the customer gave."
_BARE_MODAL = re.compile(r"^\W*(?=(?:must|should|shall|has\s+to|comes?|only\s+comes?)\b)", re.I)
# "Never invent it.", "Do not guess this value."
_NOT_MADE_UP = re.compile(
    r"^\W*(?:never|do\s+not|don't|must\s+not)\s+(?:invent|guess|make\s+up|fabricate|assume)"
    r"(?:\s+(?:or|and)\s+(?:invent|guess|make\s+up|fabricate|assume))?\s+(?:it|this|this\s+value|"
    r"this\s+id|one|a\s+value)\s*[.;!]?\s*$",
    re.I,
)


# "The guest's mobile number, as the guest types it in this chat": the person's own words
_AS_SAID = re.compile(
    r"\bas\s+(?:the\s+|their\s+)?(?P<who>" + PERSON + r")\s+(?:types?|gives?|writes?|spells?|"
    r"says?|reads?|enters?|quotes?|states?|provides?|supplies|supply)\s+(?:it|them)\b",
    re.I,
)


def _source(text: str, tool: str, names: Collection[str] = ()) -> dict[str, Any] | None:
    """The sources one sentence of a parameter's description names, if it obliges them."""
    if _NOT_MADE_UP.match(text):  # never the agent's own: the user's or a tool's
        return {"from_user": True, "from_tools": [ANY_TOOL]}
    if (
        _AS_SAID.search(text)
        and not _MAY.search(text)
        and not _NEGATED.search(text)
        and not _names_a_tool(text, names)  # "From T's bookings, or as the guest gives it"
    ):
        return {"from_user": True, "from_tools": []}
    if _BARE_MODAL.match(text):  # "Must be one the customer gave": the value must be ...
        found = said_origins("The value " + text.strip()[:1].lower() + text.strip()[1:])
        if found and found[0].target == ANY_TOOL:
            params = dict(found[0].params)
            return {"from_user": params["from_user"], "from_tools": params["from_tools"]}
    from specgap.extract.desc4_origins import desc4_source  # "the X that `T` returned"
    from specgap.extract.ids7_respell import spellings_of

    own = [[t] for t in spellings_of(tool)]  # (as a tool's own description may spell it)
    mine = desc4_source(text)
    if mine is not None and not _MAY.search(text) and mine["from_tools"] not in own:
        return mine
    m = _SAID.search(text)
    if m is None or _MAY.search(text[: m.start()]) or _NEGATED.search(text[: m.end()]):
        return None
    if _RELATIVE.search(text[: m.start()]):
        return None  # "the carrier whose rates were returned by T": another thing's source
    source = origin(m["src"])
    if source is None or (not source["from_user"] and source["from_tools"] in own):
        return None  # its own output as its only source: no first call could pass
    return source


def _names_a_tool(text: str, names: Collection[str]) -> bool:
    """Whether `text` names one of the tools file's tools (a source beside the person)."""
    words = set(re.findall(r"[\w.\-]+", text))
    return any(name in words for name in names)


def _described(schema: Any, pointer: str) -> Iterator[tuple[str, str]]:
    """(name, pointer of the description) of each described top-level parameter."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return
    for key, sub in properties.items():
        if isinstance(sub, dict) and isinstance(sub.get("description"), str):
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            yield str(key), f"{pointer}/properties/{escaped}/description"

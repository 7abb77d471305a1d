"""The state an id parameter's entity must be in, said in that parameter's description
(docs/descriptions-four.md): "A booking whose status is held.", "The lot to ship; it must be
in status sealed.", "A glider in state airworthy." The entity is the one the parameter
identifies (`lot` of `lotId`, `booking` of `booking_ref`); the sentence is read as the tool's
own description would say it ("Only for lots whose status is sealed."), by the same readers,
so the state binds (or stays reviewed with its note) exactly as it does there. Only a
`state_condition` is kept from that reading.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["state_rules"]

_STATE = re.compile(
    r"^(?:(?:an?|the|one)\s+)?(?P<e>[a-z][\w-]*)(?:\s+to\s+[a-z]+)?\s*[;,]?\s*(?:whose\s+"
    r"(?P<f>[a-z]\w*)\s+is\s+(?P<v>[A-Za-z][\w-]*)|(?:(?:that|which)\s+is\s+|(?:it\s+)?must\s+"
    r"be\s+)?in\s+(?:status|state)\s+(?P<v2>[A-Za-z][\w-]*))\s*\.?$",
    re.I,
)
_KEYS = r"(?:_?(?:id|ids|ref|number|no|code|key)|Id|Ref|Number|Code|Key)$"


def state_rules(sentence: Sentence, parameter: str) -> list[CandidateRule]:
    """The `state_condition` of the described tool one sentence of `parameter`'s
    description states (module docstring), or []."""
    from specgap.extract.reading import read_sentence

    m = _STATE.match(" ".join(sentence.clean.split()))
    entity = re.sub(_KEYS, "", parameter).replace("_", " ").strip().casefold()
    if entity == parameter.casefold():
        return []  # not an id: "Service whose secret is rotated" describes, names no entity
    if m is None or not entity or m["e"].casefold() != entity:
        return []
    field = m["f"] or "status"
    said = f"Only for {m['e']}s whose {field} is {m['v'] or m['v2']}."
    found, _ = read_sentence(spelt(sentence, said))
    return [r for r in found if r.operator == "state_condition"]

"""Tool ids written with dots (`plants.order.get`, `svc.booking.cancel`).

The grammar's readers find a tool id by its usual spellings: quoted, snake_case or
camelCase. A bare dotted id is cut at its dots ("must come from plants.order.get" reads no
source, "never call plants.order.cancel twice" counts "cancel plants"), so a sentence that
names a tool the way its registry spells it loses its rule; even quoted, some readers miss
it. `snake` gives the sentence with each dotted id in snake_case, the spelling every reader
knows and the resolver maps back to the registry's id (separators aside, the same name);
the extractor reads that spelling (`noact_respell.reread`).

An id here is two or more dots between name parts of two or more characters, or one dot
next to an underscore or a capital inside a part (`orders.get_order`, `crm.findLead`);
never a file name, a web address or an abbreviation ("e.g.", `policy.md`, `example.com`).
"""

from __future__ import annotations

import re
from typing import Any

from specgap.ir import CandidateRule
from specgap.resolve.lexicon import VERB_CLASSES

__all__ = ["respelt_ids", "snake"]

_PART = r"[A-Za-z][A-Za-z0-9_]+"
_DOTTED = re.compile(r"(?<![\w./@:-])(?P<id>" + _PART + r"(?:\." + _PART + r")+)(?![\w/@-]|\.\w)")
# the last part of a file name or a web address, never a tool's verb
_NOT_IDS = frozenset(
    {"md", "json", "yaml", "yml", "toml", "txt", "py", "js", "ts", "csv", "pdf", "html", "htm",
     "xml", "com", "org", "net", "io", "dev", "ai", "gov", "edu", "co", "uk", "de", "png", "jpg"}
)  # fmt: skip


def _is_id(name: str) -> bool:
    from specgap.extract.agent_params import tool_arguments

    if name in tool_arguments():
        return True  # (the agent's tools name it: `pitchbookings.fives.example.dev` is a tool)
    parts = name.split(".")
    if parts[-1].casefold() in _NOT_IDS or parts[0].casefold() == "www":
        return False
    if len(parts) >= 3:
        return True
    if any("_" in p or re.search(r"[a-z][A-Z]", p) for p in parts):
        return True
    # `members.lookup`, `passes.freeze`: a resource then a verb a tool's name ends with
    return parts[0].isalpha() and len(parts[0]) >= 3 and parts[1].casefold() in _TOOL_VERBS


# the verbs a `resource.verb` id ends with (one word each, from the resolver's lexicon)
_TOOL_VERBS = frozenset(v for verbs in VERB_CLASSES.values() for v in verbs if " " not in v)


def snake(text: str) -> tuple[str, dict[str, str], bool] | None:
    """`text` with each dotted tool id spelt in snake_case (`plants.order.get` ->
    `plants_order_get`, same length), the ids by their snake spelling, and whether one was
    bare (not in backquotes); None when it has none."""
    ids: dict[str, str] = {}
    bare = False

    def spelt(m: re.Match[str]) -> str:
        nonlocal bare
        if not _is_id(m["id"]):
            return m["id"]
        said = m["id"].replace(".", "_")
        ids[said] = m["id"]
        quoted = m.start() > 0 and text[m.start() - 1] == "`" and text[m.end() : m.end() + 1] == "`"
        bare = bare or not quoted
        return said

    said = _DOTTED.sub(spelt, text)
    return None if not ids else (said, ids, bare)


def respelt_ids(rule: CandidateRule, ids: dict[str, str]) -> CandidateRule:
    """`rule` read from the snake spelling, with each id spelt back the registry's way (its
    target, mentions and tool-valued parameters), so it resolves by its exact id."""

    def back(value: Any) -> Any:
        if isinstance(value, str):
            return ids.get(value, value)
        if isinstance(value, (list, tuple)):
            return type(value)(back(v) for v in value)
        return value

    return rule.model_copy(
        update={
            "target": back(rule.target),
            "mentions": back(rule.mentions),
            "params": {k: back(v) for k, v in rule.params.items()},
        }
    )

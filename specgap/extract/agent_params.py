"""The tools' parameter names, known to a prompt's readers while it is extracted.

A prompt is extracted, and cached, apart from its tools files (`units.extract_all` keys the
cache with what it is told of them). Some readers need to know what the tools take: a
pseudo-code guard's field is an argument of its tool or the state of an entity
(`guards29`); a setting's words name an argument by their last words (`ini29`); an argument
named with no tool is read only when one tool alone takes it (`keyed29`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from specgap.artifacts import Artifact
from specgap.extract.context import variable
from specgap.resolve.text import name_words
from specgap.toolspecs import ToolSpec, agent_specs

__all__ = [
    "Params",
    "agent_tool",
    "counting_argument",
    "counts_values",
    "knowing_params",
    "known_params",
    "named_by_id",
    "tool_arguments",
    "tool_params",
]

# each tool and its parameter names; a list argument's name ends in `[]`, a number's in `#`
Params = tuple[tuple[str, tuple[str, ...]], ...]
_PARAMS: ContextVar[Params] = variable("agent_params", ())


def tool_params(artifacts: Sequence[Artifact]) -> Params:
    """Each tool's parameter names, from the tools files among `artifacts`, when some prompt
    is among them (else nothing: no prompt needs them)."""
    if not any(a.kind == "prompt" for a in artifacts):
        return ()
    found = {s.name: _names(s) for s in agent_specs(artifacts) if isinstance(s.name, str)}
    return tuple(sorted(found.items()))


def _names(spec: ToolSpec) -> tuple[str, ...]:
    props = spec.schema.get("properties", {}) if isinstance(spec.schema, dict) else {}
    return tuple(sorted(_marked(k, v) for k, v in props.items() if isinstance(k, str)))


def _marked(name: str, schema: object) -> str:
    """The name, `[]` after a list's, `#` after a number's (`known_params` drops the `#`); a
    number named by a word of counting alone (`count`, `quantity`) carries after its `#` what
    its description says it counts ("Number of aliquots to make": `count#aliquots`)."""
    kind = schema.get("type") if isinstance(schema, dict) else None
    if kind == "array":
        return f"{name}[]"
    if kind not in ("integer", "number"):
        return name
    counted = (
        _COUNTED.match(str(schema.get("description") or "")) if isinstance(schema, dict) else None
    )
    if counted is not None and name_words(name) <= _COUNT_WORDS:
        return f"{name}#{counted['noun'].casefold()}"
    return f"{name}#"


# "Number of aliquots to make.", "How many tickets to print": what a bare count counts
_COUNTED = re.compile(
    r"^\W*(?:the\s+)?(?:number|count|quantity|amount|how\s+many)\s+(?:of\s+)?"
    r"(?:(?:new|extra|additional|separate)\s+)?(?P<noun>[a-z][a-z-]*s)\b",
    re.I,
)


@contextmanager
def knowing_params(params: Params) -> Iterator[None]:
    """Within the block, the readers know these parameters."""
    token = _PARAMS.set(params)
    try:
        yield
    finally:
        _PARAMS.reset(token)


def known_params(tool: str) -> tuple[str, ...]:
    """The parameter names of `tool`, while they are known; a list argument's ends in `[]`.
    A tool a prompt names respelled (`find_slots` for `FIND-SLOTS`, `ids7_respell`) is the
    one whose id reads so."""
    params = _PARAMS.get()
    found = dict(params).get(tool)
    if found is None:
        named = agent_tool(tool)
        found = dict(params)[named] if named is not None else ()
    return tuple(p.split("#")[0] for p in found)


def agent_tool(mention: str) -> str | None:
    """The agent's tool a mention names by its id, as written or as a prompt respells it
    (`find_slots` for `FIND-SLOTS`, `uk_co_acme_hire_cancel` for `uk.co.acme.hire.cancel`,
    `open_repair` for `30-open-repair`, `find_x` for `srv__find_x` when no other tool's id
    ends so), while the tools are known; None for any other mention."""
    params = _PARAMS.get()
    if mention in dict(params):
        return mention
    key = _spelling(mention)
    spelled = _by_spelling(params)
    if not key or key in spelled:
        return spelled.get(key)
    ending = [tool for said, tool in spelled.items() if said.endswith(key)]
    return ending[0] if len(ending) == 1 else _respelt_tool(mention)


def named_by_id(target: str, text: str) -> bool:
    """Whether a verb-phrase target's object is an id of the agent's tools that the sentence
    writes ("`floodlight_overrides` must not be created": the tool named by its id, whichever
    way round the verb stands)."""
    said = target.rsplit(" ", 1)[-1]
    if said == target or not re.search(r"[_.]|[a-z][A-Z]", said) or agent_tool(said) is None:
        return False
    return re.search(rf"(?<![\w.]){re.escape(said)}(?![\w]|\.\w)", text) is not None


def _respelt_tool(mention: str) -> str | None:
    """The tool a prompt's respelling of its id names when that spelling drops a character
    (`he_on` for the code name `HERON`, `rt_3` for the transaction `RT03`: `ids7_respell`)."""
    from specgap.extract.ids7_respell import respelt_ids

    return respelt_ids().get(mention)


def opens_a_tool_id(words: str) -> bool:
    """Whether some tool's id starts with `words` ("book telephone line" for
    `book_telephone_line_telephone_bids_post`), while the tools are known."""
    key = _spelling(words)
    return bool(key) and any(said.startswith(key) for said in _by_spelling(_PARAMS.get()))


def _spelling(tool: str) -> str:
    """An id with no step number before it, no separators and no case (`30-open-repair`,
    `Open_Repair` and `openrepair` alike)."""
    from specgap.resolve.text import letters

    return letters(re.sub(r"^\d{1,4}[-_.]", "", tool))


@lru_cache(maxsize=8)
def _by_spelling(params: Params) -> dict[str, str]:
    """Each tool's id under its spelling (`_spelling`)."""
    return {_spelling(tool): tool for tool, _ in params}


def tool_arguments() -> dict[str, tuple[str, ...]]:
    """Each tool's argument names (a list argument's without its `[]`), while known."""
    return {tool: tuple(_bare(p) for p in ps) for tool, ps in _PARAMS.get()}


def _bare(name: str) -> str:
    return name.split("#")[0].removesuffix("[]")


# the words an argument that counts a thing may add to its noun (`garment_count`, `num_locks`)
_COUNT_WORDS = frozenset({"count", "number", "num", "qty", "quantity", "total", "n"})


def counting_argument(noun: str) -> str | None:
    """The one argument name, of all the tools while known, that counts the things `noun`
    names: a number ("locks": `locks`; "garments": `garment_count`) or a list (its name
    ending in `[]`), never text (`text` counts no texts); None when no argument or more
    than one name does."""
    said = name_words(noun)
    if not said:
        return None
    found = {
        name.split("#")[0]
        for _, names in _PARAMS.get()
        for name in names
        if ("#" in name or name.endswith("[]")) and _counts(name, said)
    }
    return found.pop() if len(found) == 1 else None


def _counts(name: str, said: frozenset[str]) -> bool:
    """Whether the argument counts what the noun names: its name is the noun's words in the
    plural (`locks`; `reading` is a value, not a count of readings), or them and a word of
    counting (`garment_count`), or a list of them (`items[]`)."""
    bare = _bare(name)
    own = name_words(bare)
    if own - _COUNT_WORDS == said and bool(own & _COUNT_WORDS):
        return True
    _, _, counted = name.partition("#")
    if counted and name_words(counted) == said:  # `count`, "Number of aliquots to make"
        return True
    return own == said and (name.endswith("[]") or bare.casefold().endswith("s"))


def counts_values(noun: str) -> bool:
    """Whether `noun` is the plural of a number argument's name ("readings" of `reading`)
    and no argument counts them: "at most 2 readings" counts calls, not the value."""
    words = noun.casefold().split()
    if not words or not words[-1].endswith("s") or counting_argument(noun) is not None:
        return False
    said = name_words(noun)
    return any(
        "#" in name and not _bare(name).casefold().endswith("s") and name_words(_bare(name)) == said
        for _, names in _PARAMS.get()
        for name in names
    )


def names_an_argument(noun: str) -> bool:
    """Whether some argument of the agent's tools, while known, has `noun`'s words in its
    name (`nights` for "nights", `days_supply` for "days"; no argument for "charges")."""
    said = name_words(noun)
    return bool(said) and any(
        said <= name_words(_bare(name)) for _, names in _PARAMS.get() for name in names
    )


def counts_anything(tool: str | None = None) -> bool:
    """Whether some number argument of `tool` (of any of the agent's tools when None), while
    known, is a bare count (`quantity`, `count`, `num`): what it counts ("2 tickets") its
    name does not say."""
    return any(
        "#" in name and name_words(_bare(name)) <= _COUNT_WORDS
        for owner, names in _PARAMS.get()
        if tool is None or owner == tool
        for name in names
    )

"""Where a kind of identifier comes from, said of the kind over every call:

- the kind as the subject, its source after a verb of origin: "tank ids come from the tank
  lookup or from the keeper", "kiln numbers are only ever taken from `list_kilns`", "Seed
  lot codes used in any request must be ones that `searchLots` returned", "glider
  registrations: exactly as getGlider gave them";
- a ban on making the kind up: "never invent a berth or cabin number", "don't guess
  voucher codes: use ones the passenger gave or that a tool returned".

Each kind ("tank id", "kiln number"; a shared head is shared: "berth or cabin numbers" is
"berth number" and "cabin number") becomes one `arg_grounded` over every call (`*`) whose
`arg` is that phrase; the compiler binds the phrase to the argument the tools name so
(`specgap.extract.args4_bind`), or reports it and compiles nothing. The sources: a person
("the caller", "the couple", "the owner", "they") is the user; "a tool's output", "our
tools", "a lookup" is any tool's output; tool ids are those tools' outputs. A ban with no
source said is the user or any tool.

Not read: a kind said by a generic word only ("values", "ids", "it"), a sentence that names
no source and bans nothing, a source that is neither a person nor a tool ("from an old
e-mail"). The readers' own readings of the sentence are kept when this one finds nothing.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.people import PERSONISH
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import ANY_TOOL, USER, is_toolish

__all__ = ["kind_origins", "reread"]

_ID_WORD = (
    r"(?:ids?|identifiers?|numbers?|nos?|codes?|names?|references?|refs?|keys?|handles?|"
    r"slugs?|skus?|tokens?)"
)
_NOUN = r"(?:[A-Za-z][a-z0-9]*(?:-[a-z0-9]+)?)"
_NP = _NOUN + r"(?:\s+" + _NOUN + r")?"
_KINDS = _NP + r"(?:(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)" + _NP + r")*"
_DET = r"(?:(?:the|all|any|every|each|a|an|our)\s+)?"
_SUBJECT = re.compile(
    r"^[\W\d]*" + _DET + r"(?P<np>" + _KINDS + r")\s+(?P<idw>" + _ID_WORD + r")\b(?P<rest>.*)$",
    re.I | re.S,
)
_INVENT = re.compile(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|may\s+not|cannot|"
    r"can't|no)\s+(?:ever\s+)?(?:make\s+up|invent|guess|fabricate|reconstruct|construct|"
    r"improvise|made[- ]up|invented|guessed|fabricated)\s+" + _DET + r"(?:new\s+)?"
    r"(?P<np>" + _KINDS + r")\s+(?P<idw>" + _ID_WORD + r")\b(?P<rest>.*)$",
    re.I | re.S,
)
# the verb of origin after the subject; what follows it names the sources
_ORIGIN = re.compile(
    r"\b(?P<verb>(?:come|comes|coming|taken|copied|read|pulled|sourced|obtained|drawn)\s+"
    r"(?:only\s+|solely\s+|exclusively\s+)?(?:ever\s+)?from|(?:ones|those)\s+(?:that|which)|"
    r"exactly\s+as|as\s+(?:returned|given|listed|shown)\s+by|only\s+from)\b"
    r"|^\s*(?P<colon>[:\u2013\u2014-])\s*(?:only\s+)?(?:from|as)\b",
    re.I,
)
_USE_ONES = re.compile(r"\b(?:use|take|pick)\s+(?:only\s+)?(?:ones|those)\b", re.I)
_PERSON = re.compile(
    r"\b(?:"
    + USER
    + r"|"
    + PERSONISH
    + r"|owner|requester|they|themselves|you\s+were\s+given)s?\b",
    re.I,
)
_ANY_OUTPUT = re.compile(
    r"\b(?:tool(?:s|'s|s')?\s+(?:output|result|response)s?|(?:a|any|our|the)\s+tools?\b|"
    r"(?:a|the|our)\s+(?:lookup|search)|tool\s+output|outputs?\s+of\s+(?:a|any)\s+tool)",
    re.I,
)
_TOKEN = re.compile(r"`?(?P<t>[A-Za-z_][\w.:/-]*[A-Za-z0-9])`?(?:\(\))?")
_SNAKE = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:(?:_|__)[A-Za-z0-9]+)+$")
_PASCAL = re.compile(r"^(?:[A-Z][a-z0-9]+){2,}$")
# words no kind is named by: pronouns, generic values, words of the sentence's frame
_NOT_KIND = frozenset(
    re.findall(
        r"\w+",
        """it they them these those this that values value all any some such its their your our
        new valid real correct other same only never ever must use used""",
    )
)
# the verb of origin itself, before its alternatives are told apart
_LEAD_IN = re.compile(
    r"^\s*(?:[:\u2013\u2014-]\s*)?(?:(?:come|comes|coming|taken|copied|read|pulled|sourced|"
    r"obtained|drawn)\s+(?:only\s+|solely\s+|exclusively\s+)?(?:ever\s+)?from|(?:ones|those)"
    r"\s+(?:that|which)|exactly\s+as|as|only\s+from|from|use\s+(?:only\s+)?(?:ones|those))\b",
    re.I,
)
_ALTERNATIVES = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+(?:that\s+|which\s+|from\s+)?", re.I)
_END = re.compile(r"[;.](?:\s|$)|,\s*(?:never|not|nothing|and\s+never)\b", re.I)


def kind_origins(text: str) -> list[Emit]:
    """`arg_grounded` over every call, one per kind the sentence grounds (module docstring)."""
    m = _SUBJECT.match(text)
    if m is not None and not _INVENT.search(text[: m.end("idw")]):
        origin = _ORIGIN.search(_clause(m["rest"]))
        before = m["rest"][: origin.start()] if origin is not None else ""
        if origin is not None and not _names_tool(before):  # "X ids passed to T": T's own
            found = _sources(_clause(m["rest"][origin.start() :]))
            kinds = _kinds(m["np"], m["idw"])
            if found is not None and kinds:
                return _emits(kinds, *found)
    m = _INVENT.search(text)
    if m is None:
        return []
    kinds = _kinds(m["np"], m["idw"])
    rest = m["rest"]
    said = _USE_ONES.search(rest) or _ORIGIN.search(rest)
    found = _sources(_clause(rest[said.start() :])) if said is not None else None
    return _emits(kinds, *(found or (True, [ANY_TOOL])))


def _emits(kinds: list[str], from_user: bool, tools: list[str]) -> list[Emit]:
    params = {"from_user": from_user, "from_tools": tools}
    return [Emit("arg_grounded", ANY_TOOL, {"arg": kind, **params}, 0.7) for kind in kinds]


def _clause(text: str) -> str:
    """The words up to the end of the clause that names the sources."""
    end = _END.search(text)
    return text[: end.start()] if end else text


def _names_tool(text: str) -> bool:
    return any(_tool_id(m["t"], m[0]) for m in _TOKEN.finditer(text))


def _sources(text: str) -> tuple[bool, list[str]] | None:
    """(from the user, the source tools) a clause names; None when it names none, or when
    one of its alternatives is neither a person nor a tool ("the office's ledger"): a rule
    on the others would allow fewer sources than stated."""
    text = _LEAD_IN.sub("", text)
    for alternative in _ALTERNATIVES.split(text):
        said = alternative.strip()
        if said and not (_names_tool(said) or _PERSON.search(said) or _ANY_OUTPUT.search(said)):
            return None
    tools = [m["t"] for m in _TOKEN.finditer(text) if _tool_id(m["t"], m[0])]
    said = _TOKEN.sub(lambda m: " " if _tool_id(m["t"], m[0]) else m[0], text)  # not a person
    user = bool(_PERSON.search(said))
    if _ANY_OUTPUT.search(text):
        tools = [ANY_TOOL]
    if not tools and not user:
        return None
    return user, list(dict.fromkeys(tools))


def _tool_id(token: str, said: str) -> bool:
    """An id as tools are named: snake_case, `server__tool`, camelCase, PascalCase, dotted;
    kebab-case only in backticks (`launch-log`; a bare "e-mail" is a word)."""
    ticked = said.startswith("`") and said.rstrip("()").endswith("`") and "-" in token
    return bool(_SNAKE.match(token) or _PASCAL.match(token) or is_toolish(token) or ticked)


def _kinds(np: str, idw: str) -> list[str]:
    """ "berth or cabin", "numbers" -> `berth number`, `cabin number`; [] for a generic word."""
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", np)]
    parts = [p for p in parts if p]
    head = idw.casefold()
    head = head[:-1] if head.endswith("s") else head  # "ids", "nos", "codes"
    if not parts or any(w.casefold() in _NOT_KIND for p in parts for w in p.split()):
        return []
    # "member ids and plot ids": a part that says the id word of its own has it once
    own = re.compile(r"\s+" + _ID_WORD + r"$", re.I)
    return [f"{own.sub('', p).casefold()} {head}" for p in parts]


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, its readings of where a kind of identifier comes from over
    every call in place of the readers' (`kind_origins`); as they were when it reads none."""
    if sentence.subject is not None:
        return rules, diagnostics
    emits = kind_origins(sentence.clean)
    if not emits:
        return rules, diagnostics
    over_all = [r for r in rules if r.operator == "arg_grounded" and r.target == ANY_TOOL]
    if any("facet" in r.params for r in over_all):
        return rules, diagnostics  # read already as the argument of each tool taking it
    kept = [r for r in rules if r not in over_all]
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]  # it is read now
    return [*kept, *(candidate(sentence, e) for e in emits)], notes

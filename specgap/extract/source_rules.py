"""Source rules the rest of a sentence's reading defers to: in a tool's description ("the
slot id must come from `list_slots`", "requires the sailing id from `search_sailings`",
"ask the passenger for the cabin number first": the described tool's own argument), and the
ban a source rule states in other words ("never issue a ticket with a sailing id that
`search_sailings` did not return" is the source rule, not a ban on issuing tickets).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.asked_values import asked_values
from specgap.extract.grammar_rules import Emit, candidate
from specgap.extract.ids7_respell import spellings_of
from specgap.extract.pattern_base import ANY_TOOL, singular
from specgap.extract.segments import Sentence
from specgap.extract.sources import _NP, _PAREN, _SOURCE, _facets, _source, value_sources
from specgap.ir import CandidateRule


def source_ban(rule: CandidateRule, sourced: list[CandidateRule]) -> bool:
    """A ban held under a condition about a value whose source the grammar read ("never
    issue a ticket with a sailing id that `search_sailings` did not return"): the condition
    is the value's source, which the source rule states; the ban would be a wider reading."""
    if rule.operator != "deny_action" or rule.params.get("values"):
        return False
    said = {_squashed(r.target) for r in sourced if r.target not in (None, ANY_TOOL)}
    banned = _squashed(rule.target)
    if rule.target not in (None, ANY_TOOL) and any(banned.startswith(a) for a in said if a):
        return True  # "never issue a ticket with X that T did not return": the source rule
    values = [set(str(r.params.get("facet", "")).casefold().split()) for r in sourced]
    object_words = set(re.findall(r"[a-z]+", (rule.target or "").casefold()))
    if rule.target not in (None, ANY_TOOL) and any(v and v <= object_words for v in values):
        return True  # "never enter a hull number the skipper has not given": the value's source
    if not rule.condition:
        return False
    said = {singular(w) for w in re.findall(r"[a-z]+", rule.condition.casefold())}
    facets = [str(r.params.get("facet", "")) for r in sourced]
    if any(f and set(f.casefold().split()) <= said for f in facets):
        return True
    # "only waive fines that T returned": the fine (its id) is the value whose source is read
    named = [{singular(w) for w in f.casefold().split()} - {"id"} for f in facets if f]
    return bool(said & _GAVE_WORDS) and any(n and n <= said for n in named)


_GAVE_WORDS = frozenset(
    {"returned", "listed", "gave", "given", "provided", "stated", "named", "supplied", "shown"}
)


# "requires the astronomer id from `find_astronomer`": a described tool's value and source
_REQUIRES = re.compile(
    r"^\W*(?:(?:this|the)\s+(?:tool|function|endpoint)\s+)?(?:requires|needs|takes|expects|"
    r"accepts)\s+(?:only\s+)?(?:an?\s+|the\s+)?" + _NP + _PAREN + r"\s+(?:(?:as\s+)?(?:returned|"
    r"given|provided|listed)\s+by|obtained\s+from|taken\s+from|from)\s+" + _SOURCE,
    re.I,
)  # fmt: skip


def described_sources(sentence: Sentence) -> list[CandidateRule]:
    """The source rules of a sentence in a tool's description ("the slot id must come from
    `list_slots`", "ask the customer for the target name"): the described tool's argument
    the value names (a value no argument of it names is reviewed, with a note), never a
    rule on another tool, nor one grounding the tool on its own output alone."""
    tool = sentence.subject
    if tool is None:
        return []
    emits = value_sources(sentence.clean) or _required(sentence.clean)
    emits = emits or asked_values(sentence.clean)
    out = []
    for emit in emits:
        params = dict(emit.params)
        if "arg" in params:  # an argument phrase: the described tool's argument it names
            params["facet"] = params.pop("arg")
        if emit.target not in (ANY_TOOL, tool, None) or "facet" not in params:
            continue
        own = list(params.get("from_tools", ()))
        if not params.get("from_user", True) and len(own) == 1 and own[0] in spellings_of(tool):
            continue  # its own output as its only source: no first call could pass
        out.append(candidate(sentence, replace(emit, target=tool, params=params)))
    return out


def _required(text: str) -> list[Emit]:
    m = _REQUIRES.search(text)
    source = _source(m["src"]) if m is not None else None
    if m is None or source is None:
        return []
    facets = _facets(m["np"], m.groupdict().get("ids"))
    return [Emit("arg_grounded", ANY_TOOL, {"facet": f, **source}, 0.7) for f in facets]


def _squashed(mention: str | None) -> str:
    """A mention as one word (`refill prescription`, `refill_prescription`: the same)."""
    return re.sub(r"[\s_`-]+", "", (mention or "").casefold())


_BREAK = re.compile(r"\n\s*\n|\n#")  # a blank line or a heading ends the steps before


def preceding(sentence: Sentence, reach: int = 400) -> str:
    """The text just before the sentence in its paragraph or list (at most `reach` chars),
    which a pronoun in it ("the id it returns") may point back to."""
    start, _ = sentence.raw_range()
    text = sentence.artifact.text[max(0, start - reach) : start]
    breaks = list(_BREAK.finditer(text))
    return text[breaks[-1].end() :] if breaks else text

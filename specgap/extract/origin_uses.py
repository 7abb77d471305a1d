"""Where a value must come from, said of its use: "do not rely on boat ids from earlier
conversations" (only this conversation's: the user's or a tool's), "use the fee id the
member gave to refund the fee" (on that action), "use the berth code shown by `list_berths`
and a reason the skipper gave" (each value its own source), "the berth must be chosen by the
member", "copy berth codes exactly as they appear in the `list_berths` results", "any code
you send must match one listed in the `list_codes` output", "all arguments to `assign_berth`
must come from the member or from `list_berths`" (every identifier of that tool's calls).

Each emits `arg_grounded` (`origin_forms` docstring says how values and sources bind); a
part of the sentence not read gives no rule, never a narrower one.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar import IMPERATIVE_VERBS
from specgap.extract.grammar_emit import Emit
from specgap.extract.origin_words import _DET, _END, _HAS, _NP, _OWNERS, _SOURCE, told_source
from specgap.extract.origins import _GAVE, _TOOL, _src, origin, value_of
from specgap.extract.pattern_base import ANY_TOOL, lemma, singular
from specgap.extract.value_people import PERSON

__all__ = ["origin_uses"]

# "copy berth codes exactly as they appear in the `list_berths` results"
_AS_THEY_APPEAR = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+|only\s+)*(?:copy|use|enter|pass|"
    rf"type|give|send|supply)\s+{_DET}{_NP}\s+(?:exactly|verbatim|precisely|only)\s+as\s+"
    r"(?:(?:they|it)\s+(?:appears?|(?:is|are)\s+(?:shown|listed|written|given|returned))|shown|"
    r"listed|written|given|returned)\s+(?:in|on|by)\s+(?P<src>[^.;:!?,]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "all arguments passed to `assign_berth` must come from the skipper or from `list_berths`"
_EVERY_ARG = re.compile(
    r"^\W*(?:all|every|each|any)\s+(?:of\s+the\s+)?(?:arguments?|parameters?|values?|inputs?)\s+"
    rf"(?:(?:passed|given|sent)\s+)?(?:to|of|for|in)\s+(?:the\s+)?(?P<tool>{_TOOL})(?:\s+(?:calls?|tool))?\s+"
    r"(?:must|should|shall|have\s+to|has\s+to)\s+(?:always\s+|only\s+)*(?:come|be\s+taken|"
    r"originate)\s+(?:only\s+)?from\s+(?P<src>[^.;:!?]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "do not rely on hull numbers from earlier conversations": only this conversation's values
_EARLIER = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|shall|may)\s+(?:not|never)|never|do\s+not|"
    r"don't|must\s+not)\s+(?:rely\s+on|use|reuse|re-use|trust|recall|remember|carry\s+over)\s+"
    rf"{_DET}{_NP}\s+(?:from|of|remembered\s+from|seen\s+in)\s+(?:a\s+|an\s+|the\s+|any\s+)?"
    r"(?:previous|earlier|past|prior|older|other|old)\s+(?:conversations?|chats?|calls?|sessions?|"
    rf"interactions?|contacts?)|^\W*(?:never|do\s+not|don't)\s+(?:use|take|recall)\s+{_DET}"
    rf"{_NP.replace('np', 'np2')}\s+from\s+memory{_END}",
    re.I,
)
# "use the boat id the skipper gave to look up the boat": the value, on the action after it
_USE_TO = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+|only\s+)*(?:use|pass)\s+"
    rf"(?:only\s+)?{_DET}{_NP}\s+(?:(?:that\s+|which\s+)?(?:(?:was|were|is|are)\s+)?"
    rf"(?P<verb>{_GAVE})\s+(?:by|in|from)\s+(?P<src>(?:the\s+|a\s+)?[a-z]+|{_TOOL})|(?:that\s+|"
    rf"which\s+)?{_SOURCE.replace('src', 'src2')}\s+{_HAS}(?P<verb2>{_GAVE}))\s+(?:to|when)\s+"
    r"(?P<purpose>[a-z]+(?:\s+(?!and\b|or\b)[a-z']+){0,3}?)\s*(?:[.;!?]|$)",
    re.I,
)
# "any drug code you send must match a drug code on the pet's record"
_MATCH_ON = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:(?:you|we)\s+(?:send|pass|use|enter|give|supply)\s+)?(?:must|should|"
    r"shall|has\s+to|have\s+to)\s+(?:always\s+)?(?:match|be|equal)\s+(?:one|a|an|the)(?:\s+"
    r"(?:[a-z]+\s+){0,2}?[a-z]+)?\s+(?:(?:listed|shown|recorded|stored|found|printed)\s+)?(?:on|in)\s+"
    r"(?P<src>[^.;:!?,]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "use the berth code shown by `list_berths` and a reason the skipper gave": two values,
# each with its own source
_USE_EACH = re.compile(
    r"^\W*(?:(?:when|whenever|before|while|for)\s+[^,;]{1,60},\s*)?(?:(?:you\s+)?(?:must|should|"
    r"shall)\s+)?(?:always\s+|only\s+)*(?:use|pass|enter|supply)\s+(?:only\s+)?(?P<first>[^,;]+?)"
    r"\s+(?:,\s*)?and\s+(?P<second>(?:the|a|an|any)\s+[^,;]+?)\s*(?:[.;!?]|$)",
    re.I,
)
_GOT_BY = (
    r"(?:returned|listed|shown|given|provided|supplied|stated|named|found|produced|reported|"
    r"offered|issued|generated|specified)"
)
_SOURCED = re.compile(
    rf"^{_DET}{_NP}\s+(?:(?:that|which)\s+(?:(?:was|were|is|are)\s+)?)?(?:(?P<verb>{_GOT_BY})\s+"
    rf"(?:by|in|from)\s+(?P<src>(?:the\s+)?[a-z]+|{_TOOL})|{_SOURCE.replace('src', 'src2')}\s+"
    rf"{_HAS}(?P<verb2>{_GAVE}))$",
    re.I,
)
# "only approve expenses whose expense id was returned by `list_expenses`": on that action
_WHOSE = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|may|can)\s+)?only\s+(?P<verb>[a-z]+)\s+(?:the\s+|an?\s+|any\s+)?"
    rf"(?P<obj>[a-z]+)\s+whose\s+{_NP}\s+(?:was|were|is|are|has\s+been|have\s+been)\s+"
    rf"(?P<got>{_GOT_BY}|listed|shown)\s+(?:by|in)\s+(?P<src>[^.;:!?,]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "the amount must be exactly what the employee reported"
_WHAT_SAID = re.compile(
    rf"^\W*(?:(?:when|whenever|before|while|for)\s+[^,;]{{1,60}},\s*)?{_DET}{_NP}\s+(?:must|should|"
    r"shall|has\s+to|have\s+to)\s+(?:always\s+)?(?:be|match)\s+(?:exactly\s+)?(?:what|whatever)\s+"
    rf"{_SOURCE}\s+{_HAS}(?P<verb>reported|said|says|gave|gives|stated|states|told\s+you|entered|"
    r"typed|provided|provides|asked\s+for|requested)\s*(?:[.;!?]|$)",
    re.I,
)
# "always use `lookup_employee` to get the employee id; never ask the caller for it"
_USE_TOOL = re.compile(
    r"^\W*(?P<lead>(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+|only\s+)?)use\s+(?:the\s+)?"
    rf"(?P<tool>{_TOOL})(?:\s+(?:tool|function))?\s+to\s+(?:get|obtain|find|look\s+up|retrieve|"
    rf"fetch)\s+(?:the\s+|an?\s+|their\s+)?{_NP}(?P<rest>\s*(?:[.;!?,]|$|\s-\s|\s—\s).*)$",
    re.I,
)
_NEVER_ASK = re.compile(
    r"^\s*[;,.\-—]?\s*(?:and\s+)?(?:never|do\s+not|don't)\s+(?:ask|accept|take|use)\b", re.I
)
# "the pickup branch must be chosen by the patron": the person's choice
_CHOSEN_BY = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:must|should|shall|has\s+to|have\s+to|is\s+to|are\s+to)\s+(?:always\s+)?"
    r"be\s+(?:chosen|selected|picked|decided|specified|named|set)\s+(?:only\s+)?by\s+"
    rf"(?:the\s+|a\s+|each\s+)?(?P<who>{PERSON})s?(?:\s+(?:themselves|directly|alone))?{_END}",
    re.I,
)


def origin_uses(text: str) -> list[Emit] | None:
    """The `arg_grounded` rules of the shapes in the module docstring; None for any other
    sentence ([] for one of them whose value or source is not read)."""
    earlier = _EARLIER.search(text)
    if earlier is not None:  # the evidence of one conversation: the user's or a tool's there
        value = value_of(earlier["np"] or earlier["np2"])
        both: dict[str, Any] = {"from_user": True, "from_tools": [ANY_TOOL]}
        return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **both}, 0.7)] if value else []
    used = _used_to(text) or _matching(text) or _each_used(text) or _chosen_by(text)
    used = used or _whose(text) or _what_said(text) or _use_tool(text)
    if used is not None:
        return used
    return _appearing(text) or _every_arg(text) or None


def _appearing(text: str) -> list[Emit]:
    """ "Copy berth codes exactly as they appear in the `list_berths` results": the source
    read (a tool, a person, tool outputs); a source not read gives no rule."""
    m = _AS_THEY_APPEAR.search(text)
    if m is None:
        return []
    value, source = value_of(m["np"]), origin(_src(m["src"]))
    if value is None or source is None:
        return []
    return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]


def _every_arg(text: str) -> list[Emit]:
    """ "All arguments to T must come from S": every identifier-like value of T's calls."""
    m = _EVERY_ARG.search(text)
    source = origin(_src(m["src"])) if m is not None else None
    if m is None or source is None:
        return []
    tool = m["tool"].strip("`").removesuffix("()")
    return [Emit("arg_grounded", tool, dict(source), 0.7)]


def _used_to(text: str) -> list[Emit] | None:
    """ "Use the boat id the skipper gave to look up the boat": on the action said."""
    m = _USE_TO.search(text)
    if m is None:
        return None
    src, verb = (m["src"], m["verb"]) if m["src"] else (m["src2"], m["verb2"])
    value, source = value_of(m["np"]), told_source(src, verb)
    words = [w for w in m["purpose"].casefold().split() if w not in _OWNERS]
    if value is None or source is None or lemma(words[0]) not in IMPERATIVE_VERBS:
        return []
    action = " ".join([lemma(words[0]), *words[1:]])
    return [Emit("arg_grounded", action, {"facet": value, **source}, 0.65)]


def _each_used(text: str) -> list[Emit] | None:
    """ "Use the berth code shown by T and a reason the skipper gave": each value with its
    own source; None unless both parts are read."""
    m = _USE_EACH.search(text)
    if m is None:
        return None
    out = []
    for part in (m["first"], m["second"]):
        said = _SOURCED.match(part.strip())
        if said is None:
            return None
        src, verb = (said["src"], said["verb"]) if said["src"] else (said["src2"], said["verb2"])
        value, source = value_of(said["np"]), told_source(src, verb)
        if value is None or source is None:
            return None
        out.append(Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7))
    return out


def _whose(text: str) -> list[Emit] | None:
    """ "Only approve expenses whose expense id `list_expenses` returned": on that action."""
    m = _WHOSE.search(text)
    if m is None:
        return None
    value, source = value_of(m["np"]), origin(_src(m["src"]))
    verb = lemma(m["verb"].casefold())
    if value is None or source is None or verb not in IMPERATIVE_VERBS:
        return []
    target = f"{verb} {singular(m['obj'].casefold())}"
    return [Emit("arg_grounded", target, {"facet": value, **source}, 0.65)]


def _what_said(text: str) -> list[Emit] | None:
    """ "The amount must be exactly what the employee reported": the person's own value."""
    m = _WHAT_SAID.search(text)
    if m is None:
        return None
    value, source = value_of(m["np"]), told_source(m["src"], "gave")
    if value is None or source is None:
        return []
    return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]


def _use_tool(text: str) -> list[Emit] | None:
    """ "Always use T to get the employee id; never ask the caller for it": T's output,
    when the sentence makes it the only way (always / only, or a ban on the other)."""
    m = _USE_TOOL.search(text)
    if m is None:
        return None
    if not m["lead"].strip() and not _NEVER_ASK.match(m["rest"]):
        return None  # "use T to get the id": a way, not the only one
    value = value_of(m["np"])
    if value is None:
        return []
    tool = m["tool"].strip("`").removesuffix("()")
    return [
        Emit(
            "arg_grounded",
            ANY_TOOL,
            {"facet": value, "from_user": False, "from_tools": [tool]},
            0.7,
        )
    ]


def _chosen_by(text: str) -> list[Emit] | None:
    """ "The pickup branch must be chosen by the patron": the thing the person chooses, by
    its noun (the argument its words name)."""
    m = _CHOSEN_BY.search(text)
    if m is None:
        return None
    words = [w.casefold() for w in m["np"].split()]
    if len(words) > 3 or not all(w.isalpha() for w in words):
        return []
    value = " ".join([*words[:-1], singular(words[-1])])
    return [
        Emit("arg_grounded", ANY_TOOL, {"facet": value, "from_user": True, "from_tools": []}, 0.65)
    ]


def _matching(text: str) -> list[Emit] | None:
    """ "Any drug code you send must match one on the pet's record": that read's output."""
    m = _MATCH_ON.search(text)
    if m is None:
        return None
    value, source = value_of(m["np"]), origin(_src(m["src"]))
    if value is None or source is None or source.get("from_user"):
        return []
    return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.65)]

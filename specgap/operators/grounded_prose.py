"""The prose of `arg_grounded`: the phrase patterns that read where an argument's value must
come from ("the order id must come from the user or `find_order`", "only send to an address
the user named", "never make up ids", "the label must be an existing one") into its
parameters (`from_user`, `from_tools`, and `arg` or `facet`). A phrase naming no source it
can read is no rule (`None`); these patterns are the operator's own, listed in its `prose`.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.operators.base import Found, Prose
from specgap.operators.prose import (
    ANY_TOOL,
    DETERMINERS,
    MODAL,
    NEG,
    STOP,
    TICKED,
    TOOL_ID_WORD,
    USER,
    Said,
    lemma,
    lemmas,
    noun_phrase,
    singular,
    ticked_tools,
)

__all__ = ["PROSE"]


_SOURCE_WORDS = re.compile(
    r"\b(?:" + USER + r"s?|profile|tools?|outputs?|results?|responses?|lookups?|searche?s?|"
    r"lists?|records?|database|account|contacts?|history|details|messages?|conversation|"
    r"request)\b",
    re.I,
)
_USER_ITSELF = re.compile(
    r"\b" + USER + r"(?:'s)?\b(?!\s*(?:'s\s+)?(?:profile|account|details|record|records|data|"
    r"information|history|orders?|file))",
    re.I,
)
_ANY_TOOL_WORDS = re.compile(r"\b(?:the\s+)?(?:tools?|tool\s+(?:outputs?|results?|calls?)|"
                             r"available\s+tools|functions?)\b", re.I)  # fmt: skip


_OWNED_FROM = re.compile(
    r"^\s*(?:the\s+|their\s+|his\s+|her\s+)?(?:" + USER + r"'s\s+)?[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?:from|returned\s+by|listed\s+by)\s+(?P<tool>" + TOOL_ID_WORD + r")\s*[.!]?\s*$",
    re.I,
)
_KEBAB = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$", re.I)


def _sources_named(text: str) -> dict[str, Any] | None:
    """`from_user` / `from_tools` from a phrase naming where values come from."""
    # a ticked id in any style, kebab-case too: a source is what a tool returned
    # (`customer-finder`), and its words are no person ("customer")
    tools: list[str] = ticked_tools(text) or [t for t in TICKED.findall(text) if _KEBAB.match(t)]
    user = bool(_USER_ITSELF.search(TICKED.sub(" ", text)))
    owned = _OWNED_FROM.match(text)
    if owned is not None and not tools:
        # "the customer's addresses from find_customer": the tool's output, the person's own
        return {"from_user": False, "from_tools": [owned["tool"]]}
    if _ANY_TOOL_WORDS.search(text):
        tools.append(ANY_TOOL)
    rest = _USER_ITSELF.sub(" ", _ANY_TOOL_WORDS.sub(" ", TICKED.sub(" ", text)))
    rest = re.sub(r"\b(?:the|a|an|or|and|either|from|by|in|of|already|provided|given)\b|[^\w\s]",
                  " ", rest, flags=re.I)  # fmt: skip
    named = " ".join(rest.split())
    if named and _SOURCE_WORDS.search(named) and not user and not tools:
        tools.append(named)  # "the user profile": a tool the compiler resolves
    if not user and not tools:
        return None
    return {"from_user": user, "from_tools": sorted(set(tools))}


# "the `slipId` you hold": a value and the act the agent does with it
_YOU_ACT = re.compile(
    r"^(?:the\s+)?(?P<x>`[^`]+`|[a-z][\w-]*)\s+(?:that\s+)?you\s+(?P<v>[a-z]+)$", re.I
)
_OF_TOOL = re.compile(
    r"\s+(?:of|for|in|to|passed\s+to|given\s+to|(?:that\s+|which\s+)?(?:you|we)\s+(?:send|pass|"
    r"give|supply|put)(?:\s+to|\s+into)?)\s+`[^`]*`?\s*$",
    re.I,
)
_REASON = re.compile(
    r"\s+(?:for|because|since|so\s+that|as|to\s+(?:avoid|ensure|prevent|keep))\b.*$", re.I
)


_WHEN_CALLING = re.compile(r"\s+(?:when|whenever|before|while|if)\s+(?:calling|using|invoking)\b")


def _what(raw: str) -> str | None:
    what = DETERMINERS.sub("", _OF_TOOL.sub("", raw).replace("`", " ").strip(" '\"")).strip()
    words = what.split()
    return what if 0 < len(words) <= 4 else None


# a value chosen or picked "from what the user said": a judgement made on their words (a
# code that fits them), not a value copied from them
_CHOSEN_ON = re.compile(
    r"\b(?:chosen|picked)\s+from\s+what\s+(?:the\s+)?[a-z]+\s+(?:has\s+)?(?:said|says|told|"
    r"wrote|writes|described|describes|explained|explains)\b",
    re.I,
)


def _come_from(s: Said, m: re.Match[str]) -> Found | list[Found] | None:
    raw = m["what"]
    what = _what(raw)
    if what is None and _OF_TOOL.search(raw) and re.search(r"\band\b", raw):
        # "the postcode and the last four bank digits you send to `t`": a list of them
        parts = [_what(p) for p in re.split(r"\s+and\s+", _OF_TOOL.sub("", raw))]
        what = " and ".join(p for p in parts if p) if all(parts) else None
    src, when = m["src"], ""
    cut = _WHEN_CALLING.search(src)
    if cut is not None:
        src, when = src[: cut.start()], src[cut.start() :]
    sources = _sources_named(_REASON.sub("", src))
    if what is None or sources is None:
        return None
    if _CHOSEN_ON.search(m[0]):
        return None  # "a code chosen from what the student said": picked on their words
    if re.search(r"\bbe\s+one\s+of\s*$", m[0][: m.start("src") - m.start()]) and (
        len(TICKED.findall(src)) >= 2 and not re.search(r"\b(?:returned|listed|gave|from)\b", src)
    ):
        return None  # "must be one of `a`, `b` or `c`": values allowed, no source
    acted = _YOU_ACT.match(raw.strip())
    if acted is not None and "VERB" in lemmas(acted["v"].casefold()):
        # "the `slipId` you hold has to be one that `searchSlips` offered": the argument of
        # the act the clause names ("hold slip"), which the resolver maps to its tool
        noun = acted["x"].strip("` ").split()[-1]
        words = " ".join(re.sub(r"(?<=[a-z])(?=[A-Z])|_", " ", noun).split()[:-1]) or noun
        own = {**sources, "facet": acted["x"].strip("` ")}
        return Found(None, own, {}, 0.75, targets=(f"{acted['v']} {words}".casefold(),))
    of_tool = _OF_TOOL.search(raw)
    named = ticked_tools(of_tool[0]) if of_tool else []
    elsewhere = [t for t in ticked_tools(when) if t not in raw]
    if not named and ticked_tools(raw):
        if not elsewhere:
            return None  # "`tool` must come from ...": not about one of its arguments
        named = elsewhere[:1]  # "`order_id` must come from ... when calling `refund`"
    params: dict[str, Any] = dict(sources)
    if named or s.subject:
        # "the postcode and the last four digits you send to `t`": each of them
        each = [_what(w) for w in re.split(r"\s+and\s+", what)] if " and " in what else [what]
        each = [w for w in each if w is None or len(w.split()) <= 4]
        if not all(each):
            each = [what]
        return [
            Found(None, {**params, "facet": singular(w) if len(w.split()) == 1 else w}, {}, 0.8,
                  targets=tuple(named[:1]))
            for w in each if w
        ]  # fmt: skip
    params["arg"] = what
    return Found(None, params, {}, 0.8, targets=(ANY_TOOL,))


def _user_named(s: Said, m: re.Match[str]) -> Found | None:
    negated = m[0].casefold().startswith(("never", "do not", "don't"))
    said_not = re.search(r"\b(?:did\s+not|didn't|has\s+not|hasn't)\b", m[0], re.I)
    if negated != bool(said_not):
        return None  # "never send to the account the user named" is not this rule
    ticked = ticked_tools(s.clean)
    action = f"{lemma(m['verb'])} {m['obj'].strip()}".strip().replace("`", "")
    targets = tuple(ticked[:1]) or ((s.subject,) if s.subject else (action,))
    what = singular(m["what"]) if len(m["what"].split()) == 1 else m["what"]
    params = {"facet": what, "from_user": True}
    return Found(None, params, {}, 0.8, targets=targets)


def _made_up(s: Said, m: re.Match[str]) -> Found | None:
    found = re.search(r"\b(?:provided|given|returned|supplied|stated)\s+(?:from|by)\s+(.+)$",
                      m["rest"], re.I)  # fmt: skip
    sources = _sources_named(found[1]) if found else None
    params = sources or {"from_user": True, "from_tools": [ANY_TOOL]}
    return Found(None, params, {}, 0.75, targets=(ANY_TOOL,))


def _existing(s: Said, m: re.Match[str]) -> Found | None:
    # "... one higher than the largest value among all existing messages": the existing
    # things are what a value is compared with, not where it comes from (the pattern stops
    # before a comparison)
    kind = noun_phrase(s.clean, m.start("kind"))[0] if m["kind"] else m["what"]
    what = _what(kind)
    if what is None:
        return None
    params = {"arg": what, "from_user": False, "from_tools": [ANY_TOOL]}
    return Found(None, params, {}, 0.7, targets=(ANY_TOOL,))


PROSE = (
    Prose(
        "value-must-come-from",
        r"(?:^|[,;:]\s*)(?P<what>(?:(?:all|any|every|each|the)\s+)?[\w`'-]+(?:\s+[\w`'-]+){0,11}?)\s+"
        + MODAL
        + r"\s+(?:already\s+)?(?:(?:be\s+)?(?:come|taken|copied|drawn|chosen|picked)\s+"
        r"from|be\s+(?:in|among|listed\s+in|present\s+in|found\s+in|one\s+of)|appear\s+in|exist\s+in)"
        r"\s+(?P<src>.+?)" + STOP,
        build=_come_from,
    ),
    Prose(
        # "the `slipId` you hold has to be one that `searchSlips` offered", "the length you
        # give `t` must be the figure `getVessel` returned": a value a named tool gave
        "value-must-be-what-a-tool-returned",
        r"(?:^|[,;:]\s*)(?P<what>(?:(?:all|any|every|each|the)\s+)?[\w`'-]+(?:\s+[\w`'-]+){0,8}?)\s+"
        + MODAL
        + r"\s+be\s+(?:the\s+[a-z]+|one|an?\s+[a-z]+|whatever)\s+(?:that\s+|which\s+)?"
        r"(?P<src>`[^`]+`)\s+(?:has\s+|had\s+)?(?:actually\s+|just\s+|already\s+)?(?:returned|"
        r"returns|gave|gives|offered|offers|listed|lists|showed|shows|found|produced|reported)\b",
        build=_come_from,
    ),
    Prose(
        "only-to-what-the-user-named",
        r"\b(?:only|never|do\s+not|don't)\s+(?P<verb>[a-z]+)\s+(?P<obj>(?:[\w`.-]+\s+){0,3}?)"
        r"(?:to|with|for|on|into|from)\s+(?:an?\s+|any\s+|the\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)??)\s+"
        r"(?:that\s+|which\s+|whom\s+)?(?:the\s+)?" + USER + r"\s+(?:has\s+|did\s+not\s+|didn't\s+|"
        r"has\s+not\s+|hasn't\s+)?(?:explicitly\s+)?(?:named|name|provided|provide|gave|given|give|"
        r"mentioned|mention|specified|specify|supplied|supply|stated|state|asked\s+for|ask\s+for|"
        r"requested|request|chose|chosen|selected)\b",
        build=_user_named,
    ),
    Prose(
        "never-make-up-values",
        r"\b" + NEG + r"\s+(?:\w+\s+){0,2}?(?:make\s+up|invent|fabricate|hallucinate|guess|"
        r"make\s+(?:any\s+)?assumptions\s+about)\b(?P<rest>.*)$",
        build=_made_up,
    ),
    Prose(
        "must-be-existing",
        r"\b(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+" + MODAL + r"\s+(?:already\s+exist\b|"
        r"(?:(?:(?!\b(?:than|among|across|of\s+all)\b)[^.;])*?\b)?(?:an?\s+|the\s+)?"
        r"(?:existing|already\s+existing)\s+(?P<kind>[\w-]+))",
        build=_existing,
    ),
)

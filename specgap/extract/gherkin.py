"""Policies written as acceptance scenarios (twenty-second session): Given / When / Then.

    Scenario: A guest cancels
      Given the booking's `status` is `booked`
      When a guest asks to cancel a booking
      Then the agent reads the booking with `get_booking` first
      But the agent never cancels a booking whose `status` is `started`

Read as a paragraph, a scenario is one run-on sentence whose keywords split nothing. Each line
is read on its own: a `Then` line (and an `And` or `But` line after it) states what the agent
does, said as an instruction ("the agent reads ..." is "read ..."; "the agent does not book
it" is "do not book it"), under the scenario's `Given` and `When` lines that state a condition
(a value in ticks, or "is" / "are" / "has"). A line that only sets the scene ("When a guest
asks to cancel a booking") names the act the rule is about: it is kept where the rule needs
that act ("read the booking with `get_booking` first", "wait for a yes": before what) and
before a ban
that says no state of its own (without the scene the ban would be stronger than the
scenario); elsewhere it narrows nothing and is left out. A condition the readers cannot bind
keeps the rule reviewed. The
`Feature` and `Scenario` titles are the sentences' context, as headings are.

A sentence made here is placed at its `Then` line: the rule's own words sit at their offsets,
and the conditions and the words put in place ("When", ",", the instruction's verb) at the
line's first word, so each quote is the line that states the rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.artifacts import Artifact
from specgap.extract.english import base_verb
from specgap.extract.segments import Sentence

_KEYWORD = re.compile(
    r"^[ \t]*(?P<kw>Feature|Background|Scenario(?:\s+Outline)?|Rule|Example|Given|When|Then|And|"
    r"But)\b:?[ \t]*",
)
_TITLES = frozenset({"Feature", "Background", "Scenario", "Scenario Outline", "Rule", "Example"})
# a Given line that states a condition rather than the scene
_STATED = re.compile(r"`[^`]+`|\b(?:is|are|has|have|was|were)\b", re.I)
# the agent as the subject of a Then line
_AGENT = re.compile(r"^(?:the\s+)?(?:agent|assistant|bot|desk|system)\s+|^(?:you|we|it)\s+", re.I)
_MODAL_NOT = re.compile(
    r"^(?:does\s+not|doesn't|must\s+not|mustn't|should\s+not|shouldn't|may\s+not|cannot|can\s+not|"
    r"can't|will\s+not|won't|is\s+not\s+to)\s+",
    re.I,
)
_MODAL = re.compile(r"^(?:must|should|shall|will|has\s+to|is\s+to|needs\s+to)\s+", re.I)
# a ban that says the state it holds in ("a booking whose `status` is `started`")
_OWN_STATE = re.compile(r"\b(?:whose|while|unless|if|when|once|until)\b", re.I)
_ADVERB = re.compile(r"^(?:never|always|only|first|then|also)\s+", re.I)

Piece = tuple[str, list[int]]


def is_scenario(text: str) -> bool:
    """Two lines or more open with a scenario keyword, one of them `Then`."""
    lines = text.split("\n")
    keyed = [m["kw"] for line in lines if (m := _KEYWORD.match(line)) is not None]
    return len(keyed) >= 2 and "Then" in keyed


def scenario_sentences(
    artifact: Artifact, text: str, offsets: list[int], heading: str
) -> Iterator[Sentence]:
    """The sentences of a paragraph of scenario lines (module docstring)."""
    context = heading
    conditions: list[Piece] = []
    last = ""  # the keyword an `And` / `But` continues
    start = 0
    for line in text.split("\n"):
        at = start
        start += len(line) + 1
        m = _KEYWORD.match(line)
        if m is None:
            continue
        kw = " ".join(m["kw"].split())
        rest = line[m.end() :].rstrip()
        where = offsets[at + m.end() : at + m.end() + len(rest)]
        if kw in _TITLES:
            context, conditions, last = rest or context, [], ""
            continue
        kind = last if kw in {"And", "But"} else kw
        last = kind
        if not rest or kind not in {"Given", "When", "Then"}:
            continue
        if kind in {"Given", "When"}:
            conditions.append((rest, list(where)))
            continue
        if kind == "Then":
            yield _rule(artifact, _kept(conditions, rest), (rest, list(where)), context)


def _kept(conditions: list[Piece], then: str) -> list[Piece]:
    """The scenario's lines that condition a `Then` line (module docstring): those that state
    a value or a state; the scene's too before "first" and before a ban with no state of its
    own ("When a guest asks for a second treatment, the agent does not book it")."""
    said = _AGENT.sub("", then.strip())
    bans = _MODAL_NOT.match(said) or re.match(r"^never\b", said, re.I)
    # "first", "wait for a yes": before the scene's act, which the rule needs
    first = re.search(r"\b(?:first|beforehand|yes|confirm\w*|agree\w*|approv\w*)\b", then, re.I)
    if (bans and not _OWN_STATE.search(then)) or first:
        return [_yours(c) for c in conditions]
    return [c for c in conditions if _STATED.search(c[0])]


def _yours(condition: Piece) -> Piece:
    """ "the agent books it" as a condition: "you book it"."""
    text, at = condition
    m = _AGENT.match(text)
    if m is None or m[0].casefold().startswith(("you", "we", "it")):
        return condition
    verb = re.match(r"[A-Za-z]+", text[m.end() :])
    if verb is None:
        return condition
    base = _base(verb[0])
    rest = m.end() + verb.end()
    return f"you {base}{text[rest:]}", [at[0]] * (4 + len(base)) + at[rest:]


def _rule(artifact: Artifact, conditions: list[Piece], then: Piece, context: str) -> Sentence:
    said, where = _instruction(*then)
    if conditions:  # "When X, read ..."
        said = said[:1].lower() + said[1:]
    chars: list[str] = []
    offsets: list[int] = []
    if conditions:  # said at the `Then` line, which is where the rule is stated
        here = [where[0]]
        _add(chars, offsets, "When ", here)
        for n, (cond, _) in enumerate(conditions):
            if n:
                _add(chars, offsets, " and ", here)
            _add(chars, offsets, cond.rstrip(" ."), here)
        _add(chars, offsets, ", ", here)
    _add(chars, offsets, said, where)
    if not said.endswith("."):
        _add(chars, offsets, ".", [where[-1]])
    offsets.append(offsets[-1] + 1)
    return Sentence(artifact, "".join(chars), tuple(offsets), context)


def _add(chars: list[str], offsets: list[int], text: str, at: list[int]) -> None:
    chars.extend(text)
    offsets.extend(at[: len(text)] + [at[-1]] * (len(text) - len(at)))


def _instruction(text: str, at: list[int]) -> Piece:
    """ "the agent never cancels X" -> "never cancel X"; "the agent does not book it" -> "do
    not book it"; "the agent reads X first" -> "read X first"."""
    m = _AGENT.match(text)
    if m is None:
        return text, at
    text, at = text[m.end() :], at[m.end() :]
    lead = ""
    if (neg := _MODAL_NOT.match(text)) is not None:
        text, at, lead = text[neg.end() :], at[neg.end() :], "do not "
    elif (modal := _MODAL.match(text)) is not None:
        text, at = text[modal.end() :], at[modal.end() :]
    adverb = _ADVERB.match(text)
    if adverb is not None:
        lead += adverb[0]
        text, at = text[adverb.end() :], at[adverb.end() :]
    verb = re.match(r"[A-Za-z]+", text)
    if verb is None:
        return lead + text, [at[0]] * len(lead) + at
    base = _base(verb[0])
    said = lead + base + text[verb.end() :]
    placed = [at[0]] * (len(lead) + len(base)) + at[verb.end() :]
    said, placed = _and_verbs(said, placed)
    return said[:1].upper() + said[1:], placed


def _and_verbs(text: str, at: list[int]) -> Piece:
    """ "read back the time and waits for a yes": the second verb in its base form too."""
    m = re.search(r"\b(?:and|then)\s+([a-z]+s)\b", text)
    if m is None or not base_verb(_base(m[1])):
        return text, at
    base = _base(m[1])
    return (
        text[: m.start(1)] + base + text[m.end(1) :],
        at[: m.start(1)] + [at[m.start(1)]] * len(base) + at[m.end(1) :],
    )


def _base(verb: str) -> str:
    """A verb said of the agent in the third person, in its base form."""
    low = verb.casefold()
    if low in {"is", "has", "does", "goes"}:
        return {"is": "be", "has": "have", "does": "do", "goes": "go"}[low]
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if re.search(r"(?:ch|sh|ss|x|z|o)es$", low):
        return low[:-2]
    if low.endswith("s") and not low.endswith("ss"):
        return low[:-1]
    return low

"""What a tool's description says first about what the tool does, past a house opener.

Some tool lists open every description with one sentence, the same but for the tool's own id:
"Till button R2 (a red button, so it changes something) of the kayak shed.", "Routine
ab.002.01 (area ab, routine 002, release 01) of the hire system.", then say what the tool
does ("Moves an outing to another berth."). Such an opener names no action: read as the
tool's summary, it leaves every verb phrase ("move the outing") unresolved, or ties the tools
that share it.

`summaries` gives, per tool, its description from the first sentence that is not such an
opener. A sentence is an opener when at least `SHARED` tools of the registry open with it once
their own ids, the parts of their ids and any figures are masked, and it is not led by a verb
acting on something ("Retrieves the details of an existing customer.", said of several tools
alike, still says what each does: its verb and, in the id's words, its object). A description
that is all openers keeps its first sentence. `described` keeps them per registry.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Iterable, Mapping

from specgap.registry import Registry, Tool
from specgap.resolve.lexicon import classes_of, verb_key

SHARED = 3  # tools whose descriptions open with one sentence for it to be a house opener
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
_TOKEN = re.compile(r"[A-Za-z0-9]+")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_MASK = "\0"
_LIMIT = 4  # openers looked past, at most (a description is untrusted, third-party text)


# each registry's summaries, made once (a registry is immutable; the entry goes with it)
_MADE: dict[int, tuple[weakref.ref[Registry], Mapping[str, str]]] = {}


def described(registry: Registry, tool_id: str) -> str:
    """The tool's description from the sentence that says what it does (`summaries`)."""
    made = _MADE.get(id(registry))
    if made is None or made[0]() is not registry:
        made = (weakref.ref(registry), summaries(registry.tools))
        _MADE[id(registry)] = made
        weakref.finalize(registry, _MADE.pop, id(registry), None)
    tool = registry.by_id.get(tool_id)
    return made[1].get(tool_id, tool.description if tool else "")


def summaries(tools: Iterable[Tool]) -> Mapping[str, str]:
    """Each tool's description from the sentence that says what it does (see the module)."""
    listed = tuple(tools)
    parted = {t.id: _sentences(" ".join(t.description.split())) for t in listed}
    own = {t.id: _id_parts(t.id) for t in listed}
    masked = {t.id: [_masked(s, t.id, own[t.id]) for s in parted[t.id][:_LIMIT]] for t in listed}
    shared = Counter(m for tool_id in masked for m in dict.fromkeys(masked[tool_id]) if m)
    out: dict[str, str] = {}
    for tool in listed:
        sentences = parted[tool.id]
        skip = 0
        for text, template in zip(sentences, masked[tool.id], strict=False):
            if shared[template] < SHARED or _verb_led(text, own[tool.id]):
                break
            skip += 1
        kept = sentences[skip:] if skip < len(sentences) else sentences
        out[tool.id] = " ".join(kept)
    return out


# a list after a colon says what the tool gives ("Lists huts: slot_id, kind (day_let or
# week_let), ..."), not what it does ("Code name HERON: find a passenger" is no list)
_LISTED = re.compile(r":\s[^,]*,.*$")


def what_it_does(sentence: str) -> str:
    """A description's first sentence without the list after its colon: the words that say
    what the tool does."""
    return " ".join(_LISTED.sub(" ", sentence).split()) or sentence


def what_it_lists(sentence: str) -> str:
    """What `what_it_does` leaves out of the sentence."""
    return " ".join(m[0] for m in _LISTED.finditer(sentence))


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text) if s.strip()]


def _id_parts(tool_id: str) -> frozenset[str]:
    parts = {p.casefold() for p in _TOKEN.findall(tool_id)}
    parts |= {p.casefold() for piece in _TOKEN.findall(tool_id) for p in _CAMEL.findall(piece)}
    return frozenset(parts)


def _masked(sentence: str, tool_id: str, own: frozenset[str]) -> str:
    """The sentence's words, lower-cased, with the tool's id, its parts (`own`) and every
    word holding a figure masked (runs of masks as one)."""
    out: list[str] = []
    for word in _TOKEN.findall(sentence.replace(tool_id, " ")):
        low = word.casefold()
        token = _MASK if low in own or any(c.isdigit() for c in low) else low
        if not (token == _MASK and out and out[-1] == _MASK):
            out.append(token)
    return " ".join(out) if len(out) > 1 else ""


def _verb_led(sentence: str, own: frozenset[str]) -> bool:
    """Whether the sentence opens with a verb acting on something ("Retrieves the ...",
    "Get an order"), not with a noun naming the tool ("Message vstr.001 ...", `own` the parts
    of the tool's id)."""
    words = _TOKEN.findall(sentence)
    if len(words) < 2 or not classes_of(verb_key(words[0].casefold())):
        return False
    second = words[1]
    return second.casefold() not in own and not any(c.isdigit() for c in second)

"""A prompt line written in capitals, read in lower case (forty-seventh session).

Prompts shout: a warning in capitals ("NEVER REFUND A BOOKING TWICE."), a telegram whose
every word is upper case and whose sentences end in STOP ("NO HAWK WHILE RENTAL STANDS
COLLECTED STOP TWO KITE PER RENTAL AT MOST STOP"). The readers take a capitalised word for
a name, an acronym or the start of a sentence, and a word list of the lexicon knows its
words in lower case; a telegraph STOP is no verb but a full stop. So, before the prose is
read, a line whose words are all in capitals (three of two letters or more, and none in lower
case but a tool id the respelling gave, `h_wk`, `visitAdd`) is respelled in place, at the
same length:

- each word in capitals in lower case, and the first word of each sentence capitalised;
- in a line that ends in STOP, each STOP after a word (not after a word that makes it a
  verb: "NEVER STOP", "TO STOP") a full stop and spaces (" STOP" -> ".    ").

Every rule read from the respelled text gets its quote back in the file's own characters;
its parameters are read in lower case, as the tools list values ("LAPSED" is `lapsed`).
Nothing else changes: a line with one word in lower case (a clerk's note, a heading that
mixes cases) is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.artifacts import Artifact
from specgap.extract.ids7_respell import Undo, own_text
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["unshouted"]

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'\u2019]*")
# a tool id as the respelling spells it: snake_case or camelCase
_ID = re.compile(r"_|[a-z][A-Z]")
# a telegraph STOP: after a word, before another word or the line's end
_STOP = re.compile(r"(?<=\S) STOP(?=\s|$)")
# the words before which STOP is a verb
_VERB_AFTER = frozenset({"NOT", "NEVER", "TO", "DO", "DON'T", "WILL", "MUST", "CAN", "SHOULD"})
# where a sentence starts: the line's start (past its markers), or after a full stop
_START = re.compile(r"^[\s#>*+\-\d.)]*(?=[a-z])|(?<=[.!?])\s+(?=[a-z])")


def _shouted(line: str) -> bool:
    words = _WORD.findall(line)
    caps = [w for w in words if len(w) > 1 and w.isupper()]
    lower = [w for w in words if not w.isupper() and not _ID.search(w)]
    return len(caps) >= 3 and not lower


def _respelled(line: str) -> str:
    if line.rstrip().endswith(" STOP"):
        line = _STOP.sub(
            lambda m: m[0] if _before(line, m.start()) in _VERB_AFTER else ".    ", line
        )
    spelt = _WORD.sub(lambda m: m[0].lower() if m[0].isupper() else m[0], line)
    out = list(spelt)
    for m in _START.finditer(spelt):
        at = m.end()
        word = _WORD.match(spelt, at)
        if word is not None and word[0].isalpha() and not _ID.search(word[0]):
            out[at] = spelt[at].upper()
    return "".join(out)


def _before(line: str, at: int) -> str:
    words = line[:at].split()
    return words[-1] if words else ""


def unshouted(artifacts: Iterable[Artifact]) -> tuple[tuple[Artifact, ...], Undo]:
    """The artifacts with each prompt's lines in capitals respelled (module docstring), and
    the function that gives the rules read from them their quotes in the file's characters."""
    out: list[Artifact] = []
    originals: dict[str, str] = {}
    spelt: dict[str, str] = {}
    for artifact in artifacts:
        if artifact.kind != "prompt" or artifact.data is not None:
            out.append(artifact)
            continue
        lines = artifact.text.split("\n")
        text = "\n".join(_respelled(line) if _shouted(line) else line for line in lines)
        if text == artifact.text or len(text) != len(artifact.text):
            out.append(artifact)
            continue
        originals[artifact.path], spelt[artifact.path] = artifact.text, text
        out.append(
            Artifact(
                artifact.kind, artifact.path, text, artifact.sha256, artifact.data, artifact.ranges
            )
        )

    def undo(
        rules: list[CandidateRule], notes: list[Diagnostic]
    ) -> tuple[list[CandidateRule], list[Diagnostic]]:
        mended = []
        for rule in rules:
            own = originals.get(rule.span.path)
            if own is None:
                mended.append(rule)
                continue
            at = slice(rule.span.start_byte, rule.span.end_byte)
            said = spelt[rule.span.path].encode()[at]
            mended.append(
                rule.model_copy(update={"quote": own_text(rule.quote, said, own.encode()[at])})
            )
        return mended, notes

    return tuple(out), undo

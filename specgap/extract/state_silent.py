"""No silent loss of a state rule: a prompt sentence that puts a state the tools list on
an entity, next to a ban or limit word, and got neither a rule nor a note from any reader
("Suspended researchers: no bookings, no key cards.", "Cancelled stays can neither be
extended nor receive grooming.") gets a located `rule-not-compiled` note naming the state,
so the team sees that it is not enforced.

Run once the tools are known (`specgap.extract.state_vocab`); it adds notes only, never a
rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.artifacts import Artifact
from specgap.extract.segments import markdown_sentences
from specgap.extract.state_vocab import Vocab, value_pattern, vocabularies
from specgap.ir import Diagnostic, Span
from specgap.registry import Registry

__all__ = ["silent_states"]

# a ban or a limit: the sentence restricts something
_LIMIT = re.compile(
    r"\b(?:never|not|no|cannot|can't|won't|only|neither|nor|must|forbidden|prohibited|"
    r"disallowed|refuse|decline|except|unless)\b",
    re.I,
)


def _states(registry: Registry) -> list[Vocab]:
    found: dict[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], Vocab] = {}
    for tool in registry.tools:
        if tool.hook:
            continue
        for vocab in vocabularies(registry, tool):
            found.setdefault((vocab.entity, vocab.fields), vocab)
    return list(found.values())


def _said(vocab: Vocab, text: str) -> str | None:
    """The listed state the sentence puts on the entity's noun, or None."""
    words = vocab.entity.split()
    noun = r"[\s_-]+".join(
        [*(re.escape(w) for w in words[:-1]), re.escape(words[-1]) + r"(?:s|es)?"]
    )
    if re.search(rf"\b{noun}\b", text, re.I) is None:
        return None
    for value in vocab.values():
        if value in vocab.flags:
            continue
        m = re.search(value_pattern(value), text, re.I)
        if m is not None:
            return m[0]
    return None


def _covered(span: Span, taken: list[Span]) -> bool:
    return any(
        t.path == span.path and t.start_byte < span.end_byte and span.start_byte < t.end_byte
        for t in taken
    )


def silent_states(
    registry: Registry, artifacts: Iterable[Artifact], taken: Iterable[Span]
) -> list[Diagnostic]:
    """A note per prompt sentence that states a listed state with a ban or limit word and
    that no rule or diagnostic covers (`taken`: the spans of both)."""
    vocabs = _states(registry)
    if not vocabs:
        return []
    spans = list(taken)
    notes: list[Diagnostic] = []
    for artifact in artifacts:
        if artifact.kind != "prompt" or artifact.data is not None:
            continue
        for sentence in markdown_sentences(artifact):
            text = sentence.clean
            if not _LIMIT.search(text):
                continue
            found = [(v, s) for v in vocabs if (s := _said(v, text)) is not None]
            if not found:
                continue
            span = sentence.span()
            if _covered(span, spans):
                continue
            vocab, state = found[0]
            notes.append(
                Diagnostic(
                    code="rule-not-compiled",
                    message=f"this sentence restricts something while the {vocab.entity} is "
                    f"`{state}` (a state the tools list for the {vocab.entity}), but no rule "
                    "could be read from it: nothing checks it",
                    severity="note",
                    span=span,
                    help=f"state it as a ban on the action with the state (`never <verb> a "
                    f"{vocab.entity} whose status is '<state>'`), or check it with an eval",
                )
            )
    return notes

"""A field's values declared in the prompt itself (twenty-sixth session).

"An application is always in exactly one of these states, given by the `state` field that
`get_application` returns: `draft`, `submitted`, `in_review`, ...": the prompt says which
field holds the states it later restricts ("only while the application is `in_review`").
The tools' own text may not list them (the read tool's description names the field, not its
values), so a state rule that names no field could not be bound and stayed for review.

`declared` reads such declarations from the whole prompt (`units.extract_all` sets them for
the agent's prompts, which are read section by section: `declaring`): a sentence that names
a field in backticks with the word "field" ("the `state` field", "field `stage`") and lists
three quoted values or more after it. `with_declared` gives a `state_condition` that names
no field the declared one, when every value the rule names is among that field's, and no
other field's values hold them all. The rule is then bound as if the sentence had said
"whose `state` is ...": the resolver checks the field against the tools that read the
entity, as for any field a sentence names. Nothing is guessed: a value outside the
declaration, or two declarations that both hold the values, leave the rule as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from specgap.artifacts import Artifact
from specgap.extract.context import variable
from specgap.extract.segments import Sentence, markdown_sentences
from specgap.ir import CandidateRule

__all__ = ["declared", "declared_in", "declaring", "with_declared"]

Declared = tuple[tuple[str, frozenset[str]], ...]
# the declarations of the whole agent's prompts, while they are extracted section by section
# (`units.extract_all` keys the cache with them too)
_DECLARED: ContextVar[Declared] = variable("declared26", ())


def declared_in(artifacts: Sequence[Artifact]) -> Declared:
    """The fields every prompt among `artifacts` declares the values of."""
    found = {d for a in artifacts if a.kind == "prompt" for d in declared(a.text)}
    return tuple(sorted(found, key=lambda d: (d[0], sorted(d[1]))))


@contextmanager
def declaring(fields: Declared) -> Iterator[None]:
    """Within the block, state rules are bound to these declared fields too."""
    token = _DECLARED.set(fields)
    try:
        yield
    finally:
        _DECLARED.reset(token)


_FIELD = re.compile(
    r"(?:`(?P<a>[A-Za-z_][\w.]*)`\s+field\b|\bfield\s+`(?P<b>[A-Za-z_][\w.]*)`)", re.I
)
_VALUE = re.compile(r"`([A-Za-z_][\w-]*)`")
_LEAST = 3  # quoted values a declaration lists


@lru_cache(maxsize=64)
def declared(text: str) -> Declared:
    """Each field the prompt `text` declares the values of, with those values."""
    out: list[tuple[str, frozenset[str]]] = []
    for sentence in markdown_sentences(Artifact("prompt", "prompt.md", text, "")):
        said = sentence.text  # (its own characters: a quoted value is never respelled)
        m = _FIELD.search(said)
        if m is None:
            continue
        field = m["a"] or m["b"]
        values = [v for v in _VALUE.findall(said[m.end() :]) if v != field]
        # (a tool's id among them is the reader the sentence names, not a value)
        values = [v for v in values if not re.search(r"[a-z][A-Z]|__", v)]
        if len(values) >= _LEAST:
            out.append((field, frozenset(v.casefold() for v in values)))
    return tuple(out)


def with_declared(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules, each state rule that names no field given the field the prompt declares
    its values under (module docstring)."""
    if not any(r.operator == "state_condition" and not r.params.get("field") for r in rules):
        return rules
    fields = {*_DECLARED.get(), *declared(sentence.artifact.text)}
    if not fields:
        return rules
    out: list[CandidateRule] = []
    for rule in rules:
        values = {
            str(v).casefold()
            for v in (*rule.params.get("allowed", ()), *rule.params.get("denied", ()))
        }
        holding = {f for f, said in fields if values and values <= said}
        if rule.operator != "state_condition" or rule.params.get("field") or len(holding) != 1:
            out.append(rule)
            continue
        out.append(rule.model_copy(update={"params": {**rule.params, "field": holding.pop()}}))
    return out

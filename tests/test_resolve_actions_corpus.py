"""Verb phrases against the tools of real agents (`../shared/corpus`, tuned domains only).

For every tool whose name starts with a verb of the lexicon, each other verb of that class is
put in front of the rest of the name ("remove the pending order" for `cancel_pending_order`).
Such a phrase may honestly mean any tool whose name acts, with a verb of the same class, on
the same words (or the tool whose name it spells out exactly), unless its verb undoes the
phrase's ("enable the line" never means `suspend_line`): a resolution to any other tool is
wrong, and must never happen. The phrases are generated from the tool names; no corpus
sentence is used.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.importers import import_registry
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve import Resolver
from specgap.resolve.lexicon import VERB_CLASSES, classes_of, opposite, verb_key
from specgap.resolve.text import split, stem
from tests.conftest import CORPUS

pytestmark = pytest.mark.corpus

# the tuned domains and their tools file; the held-out ones are never read here
DOMAINS = {
    "tau-retail": "tools.json",
    "tau2-telecom": "tools_extracted.json",
    "tau2-banking-knowledge": "tools.json",
    "apollo-it-help-desk": "tools.json",
    "apollo-rbac": "tools.json",
    "agentarch-customer-request-routing": "tools.DERIVED.json",
}


def load(domain: str) -> Registry:
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    path = CORPUS / domain / DOMAINS[domain]
    if DOMAINS[domain] == "tools.json" and domain == "tau-retail":
        registry, _ = build_registry(import_registry("openai", [(path, path.name)]).tools)
        return registry
    tools: dict[str, Tool] = {}
    for entry in json.loads(path.read_text(encoding="utf-8")):
        doc = str(entry.get("docstring") or entry.get("description") or "").split("\n\n")[0]
        props: dict[str, Any] = {
            p["name"]: {"description": p["description"]} if p.get("description") else {}
            for p in entry.get("params", [])
        }
        schema = {"type": "object", "properties": props}
        name = entry["name"]
        tools.setdefault(name, Tool(id=name, names=(name,), description=doc, schema=schema))
    registry, _ = build_registry(tools.values())
    return registry


def _words(name: str) -> frozenset[str]:
    return frozenset(stem(w) for w in split(name) if not w.isdigit())


def _opening_verbs(description: str) -> frozenset[str]:
    """The words a description opens with before its first article ("Approve and apply a
    ...": approve, apply), stemmed; "and" and "or" left out."""
    words = split(description)[:6]
    cut = next((n for n, w in enumerate(words) if w in {"a", "an", "the"}), len(words))
    return frozenset(stem(w) for w in words[:cut] if w not in {"and", "or"})


def paraphrases(registry: Registry, per_class: int) -> list[tuple[str, str, frozenset[str]]]:
    """(phrase, the tool it was made from, every tool it may honestly name), with the first
    `per_class` verbs of each class."""
    out = []
    whole = {t.id: _words(t.id) for t in registry.tools}
    acts = {
        t.id: (_words(" ".join(split(t.id)[1:])), classes_of(stem(split(t.id)[0])))
        for t in registry.tools
    }
    verb_of = {t.id: stem(split(t.id)[0]) for t in registry.tools}
    # the verbs a description opens with ("Approve and apply a credit limit increase"): a
    # phrase said with one of them names that tool, not its siblings of the same class
    opens = {t.id: _opening_verbs(t.description) for t in registry.tools}
    for tool in registry.tools:
        words = [w for w in split(tool.id) if not w.isdigit()]
        own = classes_of(stem(words[0])) if len(words) > 1 else frozenset()
        obj = _words(" ".join(words[1:]))
        for kind in sorted(own):
            for verb in VERB_CLASSES[kind][:per_class]:
                if " " in verb or stem(verb) == stem(words[0]):
                    continue
                phrase = f"{verb} the {' '.join(words[1:])}"
                said = _words(f"{verb} {' '.join(words[1:])}")
                spelled = {t for t, ws in whole.items() if ws == said}
                alike = {
                    t
                    for t, (ws, kinds) in acts.items()
                    if ws == obj
                    and kinds & own
                    and not opposite(verb_key(verb), frozenset({verb_of[t]}))
                }
                told = {t for t, (ws, _) in acts.items() if ws == obj and stem(verb) in opens[t]}
                if not opposite(verb_key(verb), frozenset({stem(words[0])})):
                    alike.add(tool.id)
                elif not spelled and not alike and not told:
                    continue  # it undoes the tool it was made from, and names no other
                out.append((phrase, tool.id, frozenset(spelled or told or alike)))
    return out


@pytest.mark.parametrize(
    ("domain", "per_class"),
    [
        *((d, 8) for d in sorted(DOMAINS)),
        *(pytest.param(d, 99, marks=pytest.mark.slow, id=f"{d}-every-verb") for d in DOMAINS),
    ],
)
def test_verb_paraphrases_of_tool_names_are_never_wrong(domain: str, per_class: int) -> None:
    registry = load(domain)
    resolver = Resolver(registry)
    found = paraphrases(registry, per_class)
    assert len(found) > 50
    wrong, right = [], 0
    for phrase, source, referents in found:
        res = resolver.resolve(phrase)
        if res.status != "resolved":
            continue
        if referents == {res.tool_id}:
            right += 1
        else:  # another tool, or one of several that fit (a tie not reported)
            wrong.append((phrase, source, res.tool_id))
    assert wrong == []
    # most are settled; the rest are honest ties (several tools fit)
    assert right >= 0.7 * len(found), (right, len(found))


def test_the_held_out_domains_are_not_read_here() -> None:
    held_out = {"tau2-retail-variant", "apollo-smart-home", "agentarch-hr-time-off"}
    assert not held_out & set(DOMAINS)
    assert all(Path(f).suffix == ".json" for f in DOMAINS.values())

"""The resolver's index of a registry: every way each tool is named, in every form a
mention is compared in, built once per registry."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from specgap.ir import Via
from specgap.registry import Registry, Tool
from specgap.resolve.openers import described as described_past_opener
from specgap.resolve.openers import what_it_does
from specgap.resolve.text import (
    SEGMENT,
    STOPWORDS,
    action_name,
    compact,
    content_words,
    first_sentence,
    flat,
    handled_name,
    name_words,
    split_name,
    stem,
    words,
)

ASIDE = 0.5  # weight of a description word outside its first sentence


@dataclass(frozen=True)
class Key:
    """One way a tool is named (its id, an emitted name, an alias), as words."""

    tool: str
    text: str
    words: frozenset[str]


@dataclass(frozen=True)
class Named:
    """A name in a lookup table: whose it is, whether it is only the last segment of a
    dotted id or name, and how it is written."""

    tool: str
    segment: bool
    text: str


class Index:
    """Lookup tables over a registry, all keyed by normalised text or word stems:

    - `exact`: id or emitted name, verbatim; `flat`: letters and digits only; `stemmed`:
      word stems run together (inflection folded); `runs`: every run of two or more words
      of a name written together (`stationcode` in `get_station_code`);
    - `keys` with word `postings`: names as word sets; `doc`: each tool's words (names,
      keywords, description) with how much each says about it, and their `idf`;
    - `context`: the words around a mention that favour a tool, with their weight;
    - `keywords`/`schema`: the legacy index for rules that name no tool.
    """

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.exact: dict[str, list[tuple[str, Via]]] = defaultdict(list)
        self.flat: dict[str, list[Named]] = defaultdict(list)
        self.stemmed: dict[str, list[Named]] = defaultdict(list)
        self.doc: dict[str, dict[str, float]] = {}
        self.context: dict[str, dict[str, tuple[float, str]]] = {}
        self.keywords: dict[str, set[str]] = defaultdict(set)
        self.schema: dict[str, set[str]] = defaultdict(set)
        keys: dict[tuple[str, frozenset[str]], str] = {}
        for tool in registry.tools:
            self._add(tool, keys)
        df: dict[str, int] = defaultdict(int)
        for doc in self.doc.values():
            for w in doc:
                df[w] += 1
        total = max(len(self.doc), 1)
        self.idf = {w: math.log(1 + total / n) for w, n in df.items()}
        # a word no tool uses counts against every tool more than any word one tool uses
        self.rare = math.log(1 + total) + 1.0
        self.keys = [Key(tool, text, ws) for (tool, ws), text in keys.items()]
        self.key_weight = [self.weight(k.words) for k in self.keys]
        self.postings: dict[str, list[int]] = defaultdict(list)
        for n, key in enumerate(self.keys):
            for w in key.words:
                self.postings[w].append(n)
        self.posting_sets = {w: set(ns) for w, ns in self.postings.items()}
        self.doc_postings: dict[str, dict[str, float]] = defaultdict(dict)
        for tool_id, doc in self.doc.items():
            for w, factor in doc.items():
                self.doc_postings[w][tool_id] = factor
        self.tool_words: dict[str, set[str]] = defaultdict(set)
        for table in (self.keywords, self.schema):
            for w, ids in table.items():
                for tool_id in ids:
                    self.tool_words[tool_id].add(w)
        spaced: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self.runs: dict[str, set[tuple[str, str, int]]] = defaultdict(set)
        for key in self.keys:
            stems = [stem(w) for w in split_name(key.text)]
            spaced[" ".join(stems)].add((key.tool, key.text))
            for parts in (split_name(key.text), stems):
                whole = len("".join(parts))
                for i in range(len(parts)):
                    for j in range(i + 2, len(parts) + (i > 0)):
                        self.runs["".join(parts[i:j])].add((key.tool, key.text, whole))
        self.fuzzy_keys = sorted(spaced)
        self.fuzzy_owners = [sorted(spaced[k]) for k in self.fuzzy_keys]

    def _add(self, tool: Tool, keys: dict[tuple[str, frozenset[str]], str]) -> None:
        self.exact[tool.id].append((tool.id, "exact_id"))
        for name in dict.fromkeys(tool.names):
            if name != tool.id:
                self.exact[name].append((tool.id, "name"))
        named = list(dict.fromkeys((tool.id, *tool.names, *tool.aliases)))
        # the last segment of a dotted name, with the one before it when it says only a
        # verb (`svc.employee.Get`: "Get employee"; "get" alone names no tool of it)
        segments = [
            action_name(n, tool.namespace) for n in (tool.id, *tool.names) if SEGMENT.search(n)
        ]
        # an event handler's act (`MoveBooking` of `MoveBookingButton_Click`)
        segments += [h for n in (tool.id, *tool.names) if (h := handled_name(n))]
        for text, segment in [*((n, False) for n in named), *((s, True) for s in segments)]:
            entry = Named(tool.id, segment, text)
            self.flat[flat(text)].append(entry)
            self.stemmed[compact(text)].append(entry)
            found = name_words(text)
            if found:
                keys.setdefault((tool.id, found), text)
        names = {w for n in named for w in name_words(n)}
        keyword_words = {w for k in tool.keywords for w in name_words(k)}
        arg_words = {w for a in (*tool.facets, *tool.arg_names) for w in content_words(a)}
        said = first_sentence(described_past_opener(self.registry, tool.id))
        summary = name_words(what_it_does(said))
        described = name_words(tool.description)
        # the first sentence says what the tool does; later ones also mention other things
        doc = dict.fromkeys(described - summary, ASIDE)
        doc.update(dict.fromkeys(summary | names | keyword_words, 1.0))
        self.doc[tool.id] = doc
        context = dict.fromkeys(described, (0.01, "description"))
        context.update(dict.fromkeys(arg_words, (0.02, "argument")))
        context.update(dict.fromkeys(names | keyword_words, (0.08, "name")))
        context.update(dict.fromkeys(name_words(tool.namespace), (0.08, "namespace")))
        self.context[tool.id] = context
        for text in (*tool.keywords, *tool.aliases, tool.id, *tool.names):
            for w in split_name(text):
                if w not in STOPWORDS:
                    self.keywords[stem(w)].add(tool.id)
        for name in (*tool.facets, *tool.arg_names):
            for w in words(name):
                self.schema[w].add(tool.id)

    def weight(self, found: Iterable[str]) -> float:
        """Summed rarity of words: what matching all of them is worth."""
        return sum(self.idf.get(w, self.rare) for w in sorted(found))  # (the same sum each run)

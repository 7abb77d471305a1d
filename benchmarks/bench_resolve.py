"""Resolution quality and speed on a real registry with generated noisy mentions.

The registry is every MCP server in `../shared/corpus/mcp` (LiveMCPTool_tools.json and every
`tools-list-*.json`), imported by `specgap.importers`. For each tool, a fixed-seed generator
writes mentions the way prose refers to tools:

- id-like: the emitted name or the namespaced id with its case changed (UPPER, lower,
  camelCase, PascalCase), its separators changed (`_ - . /`, space, none) and one word
  inflected (verb: -s, -ing, -ed; noun: plural or singular), alone or combined;
- partial: a shorter run of the name's words (`stock price` for `get_stock_price_by_date`);
- description: the first words of the tool's description.

The referents of a mention are every tool it could honestly mean, computed from the
generator's own bookkeeping and its own crude folding of inflections (`fold`), never from
the resolver: the tools whose name is the variant's words up to inflection (several
servers emit `search`), the tools whose names contain a partial's words (or run them
together), the tools whose descriptions start the same way. A variant that the noise
turned into another tool's exact name is dropped, and so is a partial or description phrase
that is another tool's name up to inflection (both counted); a description phrase that is
its own tool's name refers to that tool alone. Figures:

- top-1: resolved to the source tool, over id-like mentions with one referent;
- ambiguity rate: `ambiguous` over all mentions (and per kind);
- wrong-but-confident: `resolved` while the mention has several referents or the top
  candidate is not the source tool (a near tie must come out `ambiguous`);
- mentions/s: distinct mentions resolved by a fresh resolver (no memo hits), per second of
  CPU time (best of 3);
- verb phrases, apart from the figures above: each tool's name with its verb replaced by
  another verb of its class (`verb_phrases`); right = resolved to its one referent,
  wrong-but-confident = any other resolution.

Then the verb-phrase gold split (`benchmarks.verb_gold`): phrases we wrote for the toolemu
and MCP tool lists, each with its honest referents (`--misses` lists what went wrong).
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import verb_gold
from specgap.importers import import_registry
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve import Resolver
from specgap.resolve.lexicon import VERB_CLASSES, classes_of, verb_key

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "mcp"
SEED = 20240611
_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|[^A-Za-z0-9]+")


@dataclass(frozen=True)
class Mention:
    text: str
    kind: str  # id-like | partial | description
    source: str  # the tool it was made from
    referents: frozenset[str]


def folded(ws: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(fold(w) for w in ws if w not in ("a", "an", "the"))


def fold(word: str) -> str:
    """The generator's own, crude notion of "the same word up to inflection"."""
    for ending, base in (
        ("ies", "y"),
        ("ied", "y"),
        ("ing", ""),
        ("es", ""),
        ("ed", ""),
        ("s", ""),
    ):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)] + base
            break
    word = word[:-1] if word.endswith("e") and len(word) > 3 else word
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] else word


def _raw_words(name: str) -> list[str]:
    return [w.casefold() for w in _SPLIT.split(name) if w]


def _cvc(word: str) -> bool:
    vowels = "aeiou"
    return (
        len(word) in (3, 4)
        and word[-1] not in vowels + "wxy"
        and word[-2] in vowels
        and word[-3] not in vowels
    )


def third_person(word: str) -> str:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def gerund(word: str) -> str:
    if word.endswith("ie"):
        return word[:-2] + "ying"
    if word.endswith("e") and not word.endswith("ee") and len(word) > 2:
        return word[:-1] + "ing"
    return word + word[-1] + "ing" if _cvc(word) else word + "ing"


def past(word: str) -> str:
    if word.endswith("e"):
        return word + "d"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ied"
    return word + word[-1] + "ed" if _cvc(word) else word + "ed"


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return third_person(word)  # already singular: make it plural


def join(rng: random.Random, ws: list[str]) -> str:
    style = rng.choice(["snake", "kebab", "space", "dot", "camel", "pascal", "upper", "none"])
    if style == "camel":
        return ws[0] + "".join(w.capitalize() for w in ws[1:])
    if style == "pascal":
        return "".join(w.capitalize() for w in ws)
    if style == "upper":
        return "_".join(ws).upper()
    sep = {"snake": "_", "kebab": "-", "space": " ", "dot": ".", "none": ""}[style]
    text = sep.join(ws)
    return text.title() if style == "space" and rng.random() < 0.5 else text


def id_like(rng: random.Random, tool: Tool) -> list[tuple[str, tuple[str, ...]]]:
    """Variants of the emitted name and of the namespaced id, each with its words."""
    ws = _raw_words(tool.names[0] if tool.names else tool.id)
    if not ws:
        return []
    inflected = list(ws)
    if rng.random() < 0.5 or len(ws) == 1:
        inflected[0] = rng.choice([third_person, gerund, past])(ws[0])
    else:
        inflected[-1] = singular(ws[-1])
    out = [(join(rng, ws), tuple(ws)), (join(rng, inflected), tuple(inflected))]
    ns = _raw_words(tool.namespace)
    if ns:
        sep = rng.choice([".", "/", " ", ":"])
        name = rng.choice([ws, inflected])
        out.append((join(rng, ns) + sep + join(rng, name), (*ns, *name)))
    return out


def partial(rng: random.Random, tool: Tool) -> tuple[str, tuple[str, ...]] | None:
    """A shorter run of the name's words, and those words."""
    ws = _raw_words(tool.names[0] if tool.names else tool.id)
    if len(ws) < 2:
        return None
    size = rng.randint(1, len(ws) - 1) if len(ws) < 4 else rng.randint(2, len(ws) - 1)
    start = rng.randint(0, len(ws) - size)
    part = ws[start : start + size]
    return join(rng, part), tuple(part)


def description(rng: random.Random, tool: Tool) -> str | None:
    first = re.split(r"(?<=[.!?])\s|\n", tool.description.strip(), maxsplit=1)[0]
    ws = re.findall(r"[A-Za-z][A-Za-z0-9'-]*", first)
    if len(ws) < 3 or not first.isascii():
        return None
    return " ".join(ws[: rng.randint(3, min(7, len(ws)))])


def flat(text: str) -> str:
    return "".join(_raw_words(text))


def mentions(registry: Registry, per_tool: int = 1) -> tuple[list[Mention], int]:
    """Noisy mentions of every tool, and how many variants were dropped because the noise
    made them another tool's name (exactly, or a description up to inflection)."""
    rng = random.Random(SEED)
    exact: dict[str, set[str]] = defaultdict(set)
    same: dict[tuple[str, ...], set[str]] = defaultdict(set)
    names = {t.id: tuple(_raw_words(t.names[0] if t.names else t.id)) for t in registry.tools}
    for tool in registry.tools:
        for name in (*tool.names, tool.id):
            exact[flat(name)].add(tool.id)
            same[folded(_raw_words(name))].add(tool.id)
    docs = {t.id: " ".join(t.description.split()).casefold() for t in registry.tools}
    out: list[Mention] = []
    dropped = 0

    def referents(text: str, ws: tuple[str, ...], tool: Tool) -> frozenset[str] | None:
        nonlocal dropped
        owners = exact.get(flat(text), set())
        if owners and tool.id not in owners:
            dropped += 1
            return None
        return frozenset(owners or same.get(folded(ws), set()) | {tool.id})

    def elsewhere(ws: tuple[str, ...], tool: Tool) -> bool:
        """Whether the words are another tool's name up to inflection (then dropped)."""
        nonlocal dropped
        other = bool(same.get(folded(ws), {tool.id}) - {tool.id})
        dropped += other
        return other

    for _ in range(per_tool):
        for tool in registry.tools:
            for text, ws in id_like(rng, tool):
                found = referents(text, ws, tool)
                if found is not None:
                    out.append(Mention(text, "id-like", tool.id, found))
            made = partial(rng, tool)
            if made is not None and referents(made[0], made[1], tool) is not None:
                text, part = made
                if elsewhere(part, tool):
                    continue
                run, part = flat(text), tuple(fold(w) for w in part)
                containing = {
                    t
                    for t, ws in names.items()
                    if _contains(tuple(fold(w) for w in ws), part) or _is_run(ws, run)
                }
                out.append(Mention(text, "partial", tool.id, frozenset(containing | {tool.id})))
            phrase = description(rng, tool)
            if phrase is None:
                continue
            phrase_words = tuple(_raw_words(phrase))
            if referents(phrase, phrase_words, tool) is None or elsewhere(phrase_words, tool):
                continue
            if tool.id in same.get(folded(phrase_words), set()):  # it is the tool's own name
                out.append(Mention(phrase, "description", tool.id, frozenset({tool.id})))
                continue
            key = " ".join(phrase.split()).casefold()
            alike = {t for t, doc in docs.items() if doc.startswith(key)}
            out.append(Mention(phrase, "description", tool.id, frozenset(alike | {tool.id})))
    return out, dropped


def _is_run(name: tuple[str, ...], letters: str) -> bool:
    """Whether `letters` is a run of two or more of the name's words written together."""
    return any(
        "".join(name[i:j]) == letters for i in range(len(name)) for j in range(i + 2, len(name) + 1)
    )


def _contains(name: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(name[i : i + n] == part for i in range(len(name) - n + 1))


def verb_phrases(registry: Registry, per_class: int = 8) -> list[Mention]:
    """Verb phrases as policies write them: a tool's emitted name with its verb replaced by
    other verbs of the same class of the lexicon ("remove the pending order" for
    `cancel_pending_order`). Referents: the tools whose name spells the phrase's words, or
    else every tool acting, with a verb of that class, on the same words."""

    def stems(text: str) -> frozenset[str]:
        return frozenset(fold(w) for w in _raw_words(text) if not w.isdigit())

    def head(tool: Tool) -> list[str]:
        return [w for w in _raw_words(tool.names[0] if tool.names else tool.id) if not w.isdigit()]

    spelled: dict[frozenset[str], set[str]] = defaultdict(set)
    acting: dict[frozenset[str], list[tuple[str, frozenset[str]]]] = defaultdict(list)
    for tool in registry.tools:
        ws = head(tool)
        if ws:
            spelled[stems(" ".join(ws))].add(tool.id)
            acting[stems(" ".join(ws[1:]))].append((tool.id, classes_of(verb_key(ws[0]))))
    out: list[Mention] = []
    for tool in registry.tools:
        ws = head(tool)
        own = classes_of(verb_key(ws[0])) if len(ws) > 1 else frozenset()
        rest = " ".join(ws[1:])
        for kind in sorted(own):
            for verb in VERB_CLASSES[kind][:per_class]:
                if " " in verb or verb_key(verb) == verb_key(ws[0]):
                    continue
                alike = {t for t, kinds in acting[stems(rest)] if kinds & own} | {tool.id}
                refs = spelled.get(stems(f"{verb} {rest}")) or alike
                out.append(Mention(f"{verb} the {rest}", "verb", tool.id, frozenset(refs)))
    return out


def load_registry() -> Registry | None:
    files = sorted(CORPUS.glob("tools-list-*.json"))
    live = CORPUS / "LiveMCPTool_tools.json"
    if not live.is_file() or not files:
        return None
    imported = import_registry("mcp", [(p, p.name) for p in [live, *files]])
    registry, _ = build_registry(imported.tools)
    return registry


def score(resolver: Resolver, found: list[Mention]) -> dict[str, Counter[str]]:
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    for m in found:
        res = resolver.resolve(m.text)
        t = tally[m.kind]
        t["total"] += 1
        unique = len(m.referents) == 1
        t["unique"] += unique
        t[res.status] += 1
        top = res.candidates[0].tool_id if res.candidates else None
        # the one honest referent (a verb phrase's may be another tool than the one it was
        # made from: "read the paper" from `download_paper` names `read_paper`)
        right = unique and top in m.referents
        if res.status == "resolved":
            if right:
                t["correct"] += 1
            else:
                t["wrong_confident"] += 1
        if right:
            t["ranked_first"] += 1
        if not unique and res.status == "ambiguous":
            t["tie_reported"] += 1
    return tally


def timed(make: Callable[[], Resolver], texts: list[str], rounds: int = 3) -> tuple[float, float]:
    """Index build time and mentions/s, each the best of `rounds` fresh resolvers, counted
    in CPU time of this process so that other busy processes do not skew it."""
    builds, rates = [], []
    for _ in range(rounds):
        started = time.process_time()
        resolver = make()
        builds.append(time.process_time() - started)
        started = time.process_time()
        for text in texts:
            resolver.resolve(text)
        rates.append(len(texts) / max(time.process_time() - started, 1e-9))
    return min(builds), max(rates)


def run(options: Sequence[str] = ()) -> None:
    run_generated()
    verb_gold.run(options)


def run_generated() -> None:
    registry = load_registry()
    if registry is None:
        print(f"   skipped: corpus not found at {CORPUS}")
        return
    found, dropped = mentions(registry)
    resolver = Resolver(registry)
    tally = score(resolver, found)
    distinct = sorted({m.text for m in found})
    built, rate = timed(lambda: Resolver(registry), distinct)
    total = sum(t["total"] for t in tally.values())
    print(
        f"   registry: {len(registry.tools)} tools; {total} mentions "
        f"({len(distinct)} distinct; {dropped} variants dropped as another tool's name)"
    )
    print(f"   {'kind':<12} {'n':>5} {'resolved':>9} {'ambig':>6} {'unres':>6} {'wrong!':>6}")
    for kind in ("id-like", "partial", "description"):
        t = tally[kind]
        print(
            f"   {kind:<12} {t['total']:>5} {t['resolved']:>9} {t['ambiguous']:>6} "
            f"{t['unresolved']:>6} {t['wrong_confident']:>6}"
        )
    ids = tally["id-like"]
    shared = ids["total"] - ids["unique"]
    print(f"   top-1 (id-like, one referent): {_pct(ids['correct'], ids['unique'])}")
    print(
        f"   ranked first, any status (id-like, one referent): "
        f"{_pct(ids['ranked_first'], ids['unique'])}"
    )
    print(f"   id-like with a shared name reported ambiguous: {_pct(ids['tie_reported'], shared)}")
    ambiguous = sum(t["ambiguous"] for t in tally.values())
    wrong = sum(t["wrong_confident"] for t in tally.values())
    print(f"   ambiguity rate: {_pct(ambiguous, total)}")
    print(f"   wrong-but-confident: {wrong} ({_pct(wrong, total)})")
    print(f"   mentions/s: {rate:,.0f} (CPU time, best of 3; index built in {built * 1000:.0f} ms)")
    verbs = verb_phrases(registry)
    v = score(resolver, verbs)["verb"]
    # a verb phrase is right only when it resolves to its one referent
    right = sum(
        1
        for m in verbs
        if (res := resolver.resolve(m.text)).status == "resolved" and m.referents == {res.tool_id}
    )
    print(
        f"   verb phrases (same-class verb + the name's words): {v['total']}; "
        f"resolved right {_pct(right, v['total'])}, ambiguous {v['ambiguous']}, "
        f"unresolved {v['unresolved']}, wrong-but-confident {v['resolved'] - right}"
    )


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "n/a"


def failures(kind: str = "", limit: int = 40) -> None:
    """Debugging aid: print wrong-but-confident and missed mentions."""
    registry = load_registry()
    assert registry is not None
    resolver = Resolver(registry)
    found, _ = mentions(registry)
    shown = 0
    for m in found:
        if kind and m.kind != kind:
            continue
        res = resolver.resolve(m.text)
        top = res.candidates[0].tool_id if res.candidates else None
        unique = len(m.referents) == 1
        wrong = res.status == "resolved" and (not unique or top not in m.referents)
        missed = unique and m.kind == "id-like" and res.status != "resolved"
        if wrong or missed:
            tag = "WRONG" if wrong else "MISS"
            cands = [(c.tool_id, c.score, c.via) for c in res.candidates[:3]]
            print(tag, m.kind, repr(m.text), m.source, len(m.referents), res.status, cands)
            shown += 1
            if shown >= limit:
                return


if __name__ == "__main__":
    run()

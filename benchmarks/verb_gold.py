"""The verb-phrase gold split of `python -m benchmarks resolve`: phrases written by us for
tool lists of `../shared/corpus` (`tests/gold_verbs/*.yaml`, see its README), each with the
tools it honestly refers to in the whole registry.

- right: a phrase with one referent resolved to it, or one with several left unresolved or
  ambiguous;
- wrong-but-confident: resolved to a tool that is not its one referent, or resolved at all
  when it has several (a guess); must stay 0;
- missed: a phrase with one referent left ambiguous or unresolved.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from specgap.importers import import_registry
from specgap.registry import Registry, build_registry
from specgap.resolve import Resolver
from tests.corpus_agents import corpus_tool_specs, is_openai_specs

GOLD = Path(__file__).resolve().parent.parent / "tests" / "gold_verbs"
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


@dataclass(frozen=True)
class Phrase:
    say: str
    tools: frozenset[str]


@dataclass
class Tally:
    total: int = 0
    right: int = 0
    wrong: int = 0
    missed: int = 0
    lines: list[str] = field(default_factory=list)


def load(path: Path) -> tuple[list[str], list[Phrase]]:
    data = yaml.safe_load(path.read_text("utf-8"))
    phrases = [Phrase(str(p["say"]), frozenset(map(str, p["tools"]))) for p in data["phrases"]]
    return [str(f) for f in data["registry"]], phrases


def registry_of(files: Sequence[str], corpus: Path = CORPUS) -> Registry | None:
    """The registry of the listed corpus files (every tool list shape the corpus has), or
    None when a file is absent."""
    paths = [corpus / f for f in files]
    if not all(p.is_file() for p in paths):
        return None
    first = json.loads(paths[0].read_text("utf-8"))
    if isinstance(first, list) and not is_openai_specs(first):
        with tempfile.TemporaryDirectory() as tmp:
            converted = []
            for n, path in enumerate(paths):
                specs = corpus_tool_specs(json.loads(path.read_text("utf-8")))
                out = Path(tmp) / f"{n}-{path.name}"
                out.write_text(json.dumps(specs), "utf-8")
                converted.append((out, path.name))
            imported = import_registry("openai", converted)
    else:
        imported = import_registry("mcp", [(p, p.name) for p in paths])
    registry, _ = build_registry(imported.tools)
    return registry


def score(registry: Registry, phrases: Sequence[Phrase]) -> Tally:
    resolver = Resolver(registry)
    tally = Tally()
    for p in phrases:
        wanted = {registry.canonical(t) or t for t in p.tools}
        res = resolver.resolve(p.say)
        tally.total += 1
        got = res.tool_id if res.status == "resolved" else None
        if len(wanted) == 1:
            ok = got in wanted
            wrong = got is not None and not ok
        else:
            ok, wrong = got is None, got is not None
        tally.right += ok
        tally.wrong += wrong
        tally.missed += not ok and not wrong
        if not ok:
            tag = "WRONG" if wrong else "missed"
            top = ", ".join(f"{c.tool_id} {c.score:.2f}" for c in res.candidates[:3])
            tally.lines.append(f"{tag}: {p.say!r} -> {res.status} [{top}]")
    return tally


def run(options: Sequence[str] = ()) -> None:
    for path in sorted(GOLD.glob("*.yaml")):
        files, phrases = load(path)
        registry = registry_of(files)
        if registry is None:
            print(f"   verb gold {path.stem}: corpus files absent, skipped")
            continue
        t = score(registry, phrases)
        print(
            f"   verb gold {path.stem} ({len(registry.tools)} tools): {t.total} phrases; "
            f"right {_pct(t.right, t.total)}, missed {t.missed}, wrong-but-confident {t.wrong}"
        )
        if "--misses" in options:
            for line in t.lines:
                print(f"      {line}")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "n/a"

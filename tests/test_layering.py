"""The import layers of `docs/architecture.md`, enforced.

Every `import` in the package (module level, inside functions, under `TYPE_CHECKING`) is
read with `ast`; an edge from a module to a layer its own layer may not use fails the test
with `file:line`, unless the document lists it as an exception (and an exception no edge
needs any more fails too). The table itself is the one statement of the layers: this test
only reads it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
_NAME = re.compile(r"`([A-Za-z_][\w.]*)`")


@dataclass(frozen=True)
class Layers:
    order: tuple[str, ...]  # lowest first
    uses: dict[str, frozenset[str]]  # layer -> layers it may import, itself included
    prefixes: dict[str, str]  # module or package name -> layer
    exceptions: dict[tuple[str, str], str]  # (from module, to module) -> why


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    file: str
    line: int

    def where(self) -> str:
        return f"{self.file}:{self.line}: `{self.source}` imports `{self.target}`"


def _rows(text: str, marker: str) -> list[list[str]]:
    """The cells of the Markdown table after `<!-- marker: ... -->`, header and rule left out."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"<!-- {marker}:"))
    rows = []
    for line in lines[start + 3 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def parse(text: str) -> Layers:
    """The layer table and the exceptions. A layer may only name layers above it in the
    table (listed before it) as ones it may import, so the table is ordered and acyclic."""
    order: list[str] = []
    uses: dict[str, frozenset[str]] = {}
    prefixes: dict[str, str] = {}
    for name, may, mods in _rows(text, "layers"):
        below = [m.strip() for m in may.split(",") if m.strip()]
        unknown = [m for m in below if m not in uses]
        assert not unknown, f"layer `{name}` may import {unknown}, not listed before it"
        uses[name] = frozenset({name}).union(*(uses[m] for m in below))
        order.append(name)
        for module in _NAME.findall(mods):
            assert module not in prefixes, f"`{module}` is in two layers"
            prefixes[module] = name
    exceptions = {}
    for source, target, why in _rows(text, "exceptions"):
        ((s,), (t,)) = _NAME.findall(source), _NAME.findall(target)
        assert why, f"the exception `{s}` -> `{t}` gives no reason"
        exceptions[(s, t)] = why
    return Layers(tuple(order), uses, prefixes, exceptions)


def modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of `package` under `src` by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def layer_of(module: str, layers: Layers) -> str | None:
    """The layer of the longest listed prefix; the top-level package names only itself, so
    a new top-level module is in no layer until the table places it."""
    name = module
    while name:
        if name in layers.prefixes and (name == module or "." in name):
            return layers.prefixes[name]
        name = name.rpartition(".")[0]
    return None


def imports(module: str, path: Path, known: dict[str, Path], package: str) -> Iterator[Edge]:
    """Each import of a module of `package` anywhere in the file, to the module it loads
    (`from a.b import c` is `a.b.c` when that is a module, else `a.b`)."""
    is_package = path.name == "__init__.py"
    here = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            names = [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            if name != package and not name.startswith(f"{package}."):
                continue
            target = name
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known and target != module:
                yield Edge(module, target, path.as_posix(), node.lineno)


def check(src: Path, package: str, layers: Layers) -> tuple[list[str], list[str], list[str]]:
    """(modules in no layer, forbidden edges, exceptions no edge needs), as printable lines."""
    known = modules(src, package)
    unplaced = [m for m in known if layer_of(m, layers) is None]
    forbidden: list[str] = []
    used: set[tuple[str, str]] = set()
    for module, path in known.items():
        mine = layer_of(module, layers)
        if mine is None:
            continue
        for edge in imports(module, path, known, package):
            theirs = layer_of(edge.target, layers)
            if theirs is None or theirs in layers.uses[mine]:
                continue
            if (edge.source, edge.target) in layers.exceptions:
                used.add((edge.source, edge.target))
                continue
            rel = Path(edge.file).relative_to(src).as_posix()
            forbidden.append(f"{rel}:{edge.line}: `{mine}` imports `{theirs}` ({edge.target})")
    stale = [f"{s} -> {t}" for s, t in layers.exceptions if (s, t) not in used]
    return unplaced, list(dict.fromkeys(forbidden)), stale  # one line per import statement


def test_the_package_imports_only_downward() -> None:
    layers = parse(DOC.read_text("utf-8"))
    assert len(layers.order) >= 10
    unplaced, forbidden, stale = check(ROOT, "specgap", layers)
    assert not unplaced, "modules in no layer of docs/architecture.md:\n" + "\n".join(unplaced)
    assert not forbidden, "imports against the layers:\n" + "\n".join(forbidden)
    assert not stale, "exceptions no import needs any more:\n" + "\n".join(stale)


def test_evaluation_and_rendering_stay_apart_from_the_build() -> None:
    """The issue-12 seams, named: the evaluator uses neither build state nor renderers,
    renderers use results only, and extract/resolve/compile do not use the evaluator."""
    layers = parse(DOC.read_text("utf-8"))
    assert "pipeline" not in layers.uses["evaluate"]
    assert "report" not in layers.uses["evaluate"]
    assert "evaluate" not in layers.uses["report"]
    assert "mutate" not in layers.uses["report"]
    for build_side in ("front", "compile", "pipeline"):
        assert "decide" not in layers.uses[build_side]
        assert "evaluate" not in layers.uses[build_side]


TOY = """\
<!-- layers: toy -->
| layer | may import | modules |
|-------|------------|---------|
| low | | `toy.low` |
| mid | low | `toy.mid` |
| high | mid | `toy` |

<!-- exceptions: toy -->
| from | to | why |
|------|----|-----|
{exceptions}
"""


def _toy(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "toy" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return tmp_path


CASES = [
    # (files, exceptions rows, forbidden lines expected, stale expected)
    (
        {"__init__.py": "", "low.py": "", "mid.py": "from toy import low\n"},
        "",
        [],
        [],
    ),
    (
        {"__init__.py": "", "low.py": "def f():\n    from toy.mid import x\n", "mid.py": ""},
        "",
        ["toy/low.py:2: `low` imports `mid` (toy.mid)"],
        [],
    ),
    (
        {
            "__init__.py": "",
            "low.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import toy\n",
            "mid.py": "from . import low\n",
        },
        "",
        ["toy/low.py:3: `low` imports `high` (toy)"],
        [],
    ),
    (
        {"__init__.py": "", "low.py": "from toy.mid import x\n", "mid.py": ""},
        "| `toy.low` | `toy.mid` | a reason |",
        [],
        [],
    ),
    (
        {"__init__.py": "", "low.py": "", "mid.py": ""},
        "| `toy.low` | `toy.mid` | a reason |",
        [],
        ["toy.low -> toy.mid"],
    ),
]


@pytest.mark.parametrize(("files", "rows", "forbidden", "stale"), CASES)
def test_the_checker_finds_upward_imports_and_stale_exceptions(
    tmp_path: Path, files: dict[str, str], rows: str, forbidden: list[str], stale: list[str]
) -> None:
    layers = parse(TOY.format(exceptions=rows))
    unplaced, found, unused = check(_toy(tmp_path, files), "toy", layers)
    assert unplaced == []
    assert found == forbidden
    assert unused == stale


@pytest.mark.parametrize(
    ("drop", "unplaced"),
    [((), ["toy.x"]), (("toy",), ["toy", "toy.x"]), (("toy.low",), ["toy.low", "toy.x"])],
)
def test_a_module_in_no_layer_is_reported(
    tmp_path: Path, drop: tuple[str, ...], unplaced: list[str]
) -> None:
    """The row of `toy` places the package itself only, never a module no row names."""
    layers = parse(TOY.format(exceptions=""))
    for name in drop:
        layers.prefixes.pop(name)
    src = _toy(tmp_path, {"__init__.py": "", "low.py": "", "x.py": ""})
    found, _, _ = check(src, "toy", layers)
    assert found == unplaced


def test_a_layer_may_only_use_layers_listed_before_it() -> None:
    upside_down = TOY.replace("| low | | `toy.low` |", "| low | mid | `toy.low` |")
    with pytest.raises(AssertionError, match="not listed before it"):
        parse(upside_down.format(exceptions=""))

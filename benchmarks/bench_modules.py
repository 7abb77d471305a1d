"""The size of the code: every `specgap` module with its line count, totals per package,
and the modules over 400 lines (the project splits modules past about that).

    python -m benchmarks modules                      # the working tree
    python -m benchmarks modules --rev=ef07f41        # that commit beside the working tree
    python -m benchmarks modules --rev=A --rev=B      # several commits, oldest first

A commit's files are read with `git cat-file --batch` (nothing is checked out); a module a
column does not have shows `-`. Lines are counted as `str.splitlines` counts them.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "specgap"
LIMIT = 400
WORKTREE = "worktree"

Sizes = dict[str, int]  # module (dotted) -> lines


def module_name(path: str) -> str:
    """`specgap/evaluate/suite.py` -> `specgap.evaluate.suite`; a package's `__init__.py`
    is the package."""
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str, known: Iterable[str] = ()) -> str:
    """The package a module is counted under: `specgap.extract` for `specgap.extract.llm`
    and for `specgap.extract` itself (a package when `known` has modules under it),
    `specgap` for a top-level module such as `specgap.cli`."""
    parts = module.split(".")
    if len(parts) > 2 or (len(parts) == 2 and any(k.startswith(f"{module}.") for k in known)):
        return ".".join(parts[:2])
    return PACKAGE


def count_lines(text: str) -> int:
    return len(text.splitlines())


def worktree_sizes(root: Path = ROOT) -> Sizes:
    return {
        module_name(p.relative_to(root).as_posix()): count_lines(p.read_text("utf-8"))
        for p in sorted((root / PACKAGE).rglob("*.py"))
    }


def _git(root: Path, *args: str, stdin: bytes | None = None) -> bytes:
    done = subprocess.run(["git", "-C", str(root), *args], input=stdin, capture_output=True)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def rev_sizes(rev: str, root: Path = ROOT) -> Sizes:
    """The modules of `rev`, read in one `git cat-file --batch`."""
    listed = _git(root, "ls-tree", "-r", "--name-only", rev, "--", f"{PACKAGE}/").decode()
    paths = [p for p in listed.splitlines() if p.endswith(".py")]
    out = _git(root, "cat-file", "--batch", stdin="".join(f"{rev}:{p}\n" for p in paths).encode())
    sizes: Sizes = {}
    at = 0
    for path in paths:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        at = header_end + 1 + size + 1  # the body is followed by a newline
        sizes[module_name(path)] = count_lines(body.decode("utf-8", "replace"))
    return sizes


def packages(sizes: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """Per package: (modules, lines)."""
    out: dict[str, tuple[int, int]] = {}
    for module, lines in sizes.items():
        package = package_of(module, sizes)
        count, total = out.get(package, (0, 0))
        out[package] = (count + 1, total + lines)
    return dict(sorted(out.items()))


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def render(columns: Sequence[tuple[str, Sizes]]) -> str:
    """The three tables (modules, packages, modules over the limit) for the columns given,
    left to right, plus a totals line."""
    names = [name for name, _ in columns]
    width = max(8, *(len(n) for n in names))
    modules = sorted({m for _, sizes in columns for m in sizes})
    first = max(len(m) for m in modules) if modules else 10
    head = f"{'module':<{first}}  " + "  ".join(f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    for m in modules:
        row = "  ".join(f"{_cell(s.get(m)):>{width}}" for _, s in columns)
        lines.append(f"{m:<{first}}  {row}")
    lines += ["", "per package (modules / lines):"]
    per = [packages(s) for _, s in columns]
    names_p = sorted({p for table in per for p in table})
    first_p = max((len(p) for p in names_p), default=10)
    pwidth = max(width, 12)
    lines.append(f"{'package':<{first_p}}  " + "  ".join(f"{n:>{pwidth}}" for n in names))
    for p in names_p:
        cells = []
        for table in per:
            found = table.get(p)
            cells.append(f"{found[0]} / {found[1]}" if found else "-")
        lines.append(f"{p:<{first_p}}  " + "  ".join(f"{c:>{pwidth}}" for c in cells))
    totals = [f"{len(s)} / {sum(s.values())}" for _, s in columns]
    lines.append(f"{'total':<{first_p}}  " + "  ".join(f"{c:>{pwidth}}" for c in totals))
    for name, sizes in columns:
        big = sorted(((n, m) for m, n in sizes.items() if n > LIMIT), reverse=True)
        lines += ["", f"modules over {LIMIT} lines in {name}: {len(big)}"]
        lines += [f"  {n:>5}  {m}" for n, m in big]
    return "\n".join(lines)


def run(options: Sequence[str] = ()) -> None:
    revs = [o.removeprefix("--rev=") for o in options if o.startswith("--rev=")]
    columns: list[tuple[str, Sizes]] = [(rev, rev_sizes(rev)) for rev in revs]
    columns.append((WORKTREE, worktree_sizes()))
    print(render(columns))

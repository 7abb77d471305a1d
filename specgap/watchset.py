"""What `specgap watch` watches: the config and every file and glob it names.

Folders are watched, not files, and not recursively: editors that save by writing a
temporary file and renaming it over the original replace the file, so a watch on the file
itself would be lost. Events are then filtered down to the paths that matter.
"""

from __future__ import annotations

import fnmatch
import glob
import os
from dataclasses import dataclass, field
from pathlib import Path

from specgap.config import AgentConfig, Project

PATTERN_FIELDS = (
    "prompts",
    "tools",
    "config",
    "controls",
    "registry",
    "safe_traces",
    "unsafe_traces",
)


@dataclass(frozen=True)
class WatchSet:
    """Folders to watch (not recursively) and the paths in them that matter. Paths are
    absolute and normalised, as the watcher reports them for the folders it was given."""

    dirs: frozenset[str]
    files: frozenset[str]
    globs: tuple[str, ...] = ()
    ignore: frozenset[str] = field(default_factory=frozenset)

    def wants(self, _change: object, path: str) -> bool:
        path = os.path.normpath(path)
        if path in self.ignore:
            return False
        return path in self.files or any(fnmatch.fnmatchcase(path, g) for g in self.globs)


def watch_set(config: Path, project: Project | None) -> WatchSet:
    """The config file, and every file and glob `project` (its last loadable version) names;
    never the policy file it writes."""
    dirs: set[str] = set()
    files: set[str] = set()
    globs: set[str] = set()
    ignore: set[str] = set()
    _watch_file(config, dirs, files)
    if project is not None:
        root = project.root.resolve()
        ignore.add(os.path.normpath(project.out.resolve()))
        for agent in project.config.agents:
            for name in PATTERN_FIELDS:
                for pattern in getattr(agent, name):
                    full = os.path.normpath(root / pattern)
                    if glob.has_magic(pattern):
                        globs.add(full)
                        _watch_glob(full, dirs)
                    else:
                        _watch_file(Path(full), dirs, files)
    return WatchSet(frozenset(dirs), frozenset(files), tuple(sorted(globs)), frozenset(ignore))


def input_files(project: Project, agent: AgentConfig) -> list[Path]:
    """The files an agent's patterns name now (globs expanded), resolved."""
    found: list[Path] = []
    for name in PATTERN_FIELDS:
        found += [p.resolve() for p in project.expand(getattr(agent, name))]
    return found


def _watch_file(path: Path, dirs: set[str], files: set[str]) -> None:
    """Watch the file's folder; while it is missing, the nearest folder that exists, and the
    missing folders on the way count as files (creating one changes the watch set)."""
    files.add(os.path.normpath(path))
    folder = path.parent
    while not folder.is_dir() and folder != folder.parent:
        files.add(os.path.normpath(folder))
        folder = folder.parent
    dirs.add(os.path.normpath(folder))


def _watch_glob(pattern: str, dirs: set[str]) -> None:
    """Every existing folder a match could be in, and the fixed folder they all sit under."""
    parent = os.path.dirname(pattern)
    parts = Path(parent).parts
    fixed = Path(*parts[: next((i for i, p in enumerate(parts) if glob.has_magic(p)), len(parts))])
    while not fixed.is_dir() and fixed != fixed.parent:
        fixed = fixed.parent
    dirs.add(os.path.normpath(fixed))
    if glob.has_magic(parent):
        dirs.update(
            os.path.normpath(d) for d in glob.glob(parent, recursive=True) if os.path.isdir(d)
        )
    elif os.path.isdir(parent):
        dirs.add(os.path.normpath(parent))

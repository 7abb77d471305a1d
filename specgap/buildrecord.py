"""The build cache's writer: what `specgap build` read, and what it produced, as a manifest.

`Recorder.start` listens to `specgap.observe` from the moment the command starts (the
project config is the first file it reads) until it ends; `Recorder.save` then writes
`.specgap/build-manifest.json` (the format `specgap.buildcache` reads) beside the build's
other caches. Each input is recorded with the hash of the bytes the build actually read, and
each glob with the listing the build actually used, so a file edited or added while the
build ran makes the manifest disagree with the disk: a miss, never a wrong "up to date".

Only deterministic builds are recorded (a model's answers and the extraction lock are not
inputs this cache follows). Writing the manifest never fails a build: any problem leaves the
old manifest, or none, and the next `build --check` runs in full.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specgap import buildcache, observe

if TYPE_CHECKING:
    from specgap.config import Project
    from specgap.ir import Diagnostic


class Recorder:
    """Every file read and glob expanded between `start` and `stop`."""

    def __init__(self, request: buildcache.Request) -> None:
        self.request = request
        self.inputs: dict[str, tuple[str, str]] = {}  # absolute path -> (sha256, real path)
        self.globs: dict[str, list[str]] = {}
        self.unsure = False  # a file or glob seen twice with different results
        # the code and the packages the build is about to import, to compare at the end:
        # a change while it runs is a result nobody can vouch for
        self.code = buildcache.code_digest()
        self.dependencies = buildcache.dependency_versions()

    @classmethod
    def start(
        cls, request: buildcache.Request, on_close: Callable[[Callable[[], None]], object]
    ) -> Recorder:
        """Listen until `on_close` runs its callback (the command's end)."""
        recorder = cls(request)
        observe.READS.append(recorder._read)
        observe.GLOBS.append(recorder._listed)
        on_close(recorder.stop)
        return recorder

    def stop(self) -> None:
        if self._read in observe.READS:
            observe.READS.remove(self._read)
        if self._listed in observe.GLOBS:
            observe.GLOBS.remove(self._listed)

    def _read(self, path: str, data: bytes) -> None:
        absolute = os.path.abspath(path)
        seen = (hashlib.sha256(data).hexdigest(), os.path.realpath(absolute))
        if self.inputs.setdefault(absolute, seen) != seen:
            self.unsure = True

    def _listed(self, pattern: str, matches: list[str]) -> None:
        if self.globs.setdefault(pattern, list(matches)) != matches:
            self.unsure = True

    def save(
        self,
        project: Project,
        extractor: str,
        text: str,
        diagnostics: Iterable[Diagnostic],
        summary: str,
    ) -> None:
        """Record that this project and command produce `text` (the policy now at
        `project.out`), printing `diagnostics` and `summary`. Never raises."""
        self.stop()
        try:
            if extractor == "deterministic" and not self.unsure:
                self._write(project, text, diagnostics, summary)
        except Exception:  # the cache is an optimisation: the build's result stands
            return

    def _write(
        self, project: Project, text: str, diagnostics: Iterable[Diagnostic], summary: str
    ) -> None:
        from specgap.api import is_strict_finding, write_atomic
        from specgap.conventions import diagnostic_json
        from specgap.ir import Diagnostic

        out = os.path.abspath(project.out)
        said = sorted(diagnostics, key=Diagnostic.sort_key)
        if (buildcache.code_digest(), buildcache.dependency_versions()) != (
            self.code,
            self.dependencies,
        ):
            return
        manifest: dict[str, Any] = {
            "format": buildcache.FORMAT,
            "key": self.request.key(os.path.abspath(project.path)),
            "python": buildcache.python_version(),
            "environment": buildcache.environment(),
            "dependencies": self.dependencies,
            "code": self.code,
            # the policy itself is an output; `build` reads it only to compare with
            "inputs": {path: seen for path, seen in sorted(self.inputs.items()) if path != out},
            "globs": sorted([pattern, matches] for pattern, matches in self.globs.items()),
            "outputs": {out: [hashlib.sha256(text.encode()).hexdigest(), os.path.realpath(out)]},
            "answer": {
                "shown": project.rel(project.out),
                "summary": summary,
                "strict_findings": sum(is_strict_finding(d) for d in said),
                "diagnostics": [
                    {"severity": d.severity, "text": d.render(), "json": diagnostic_json(d)}
                    for d in said
                ],
            },
        }
        key = buildcache.signing_key(create=True)
        if key is None:
            return  # nowhere to keep a key: no manifest anyone could trust
        body = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
        path = Path(buildcache.manifest_path(str(project.path)))
        folder = path.parent
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            # like `.ruff_cache`: the folder keeps itself out of version control
            write_atomic(folder / ".gitignore", "# created by specgap build\n*\n")
        write_atomic(path, buildcache.signed(body, key).decode())

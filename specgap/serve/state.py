"""The policy a server enforces, swapped atomically when its file changes.

A `PolicyHolder` keeps one `Loaded` snapshot: the bundle, a `Guard` per agent and the
version (file hash, revision, build time). A request takes the snapshot once and uses only
it, so a reload in the middle of a request never mixes two policies. A reload that fails
(a half-edited or invalid bundle) keeps the last good snapshot and reports the failure in
`version()`, which `/api/policy/version` returns.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from specgap.errors import SpecgapError
from specgap.evaluate.engine import Verdict
from specgap.guard import Guard
from specgap.ir import Bundle, Diagnostic
from specgap.serve.problems import diagnostic_json, one


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Loaded:
    """One policy as loaded: never changed after it is built."""

    bundle: Bundle
    sha256: str
    built_at: str  # when the bundle file was written (its modification time)
    loaded_at: str
    guards: dict[str, Guard] = field(repr=False)

    def guard(self, agent: str) -> Guard:
        found = self.guards.get(agent)
        if found is None:
            known = ", ".join(f"`{a}`" for a in self.guards) or "none"
            raise one(
                "unknown-agent",
                f"the policy has no agent `{agent}`",
                help=f"agents in this policy: {known}",
            )
        return found

    @property
    def tag(self) -> dict[str, str]:
        """What a decision names as the policy it was made under."""
        return {"revision": self.bundle.revision, "sha256": self.sha256}


class PolicyHolder:
    """The current policy of a server, read from `path`."""

    def __init__(
        self,
        path: Path,
        display: str,
        *,
        undetermined: Verdict = "undetermined",
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self.display = display
        self.undetermined: Verdict = undetermined
        self.on_change = on_change or (lambda _: None)
        self._lock = threading.Lock()  # one reload at a time; readers never wait
        self._current: Loaded | None = None
        self._stamp: tuple[int, int] | None = None  # (mtime_ns, size) of the last read
        self._failed: tuple[str, tuple[Diagnostic, ...], str] | None = None
        self.reloads = 0
        self._starting = False

    @property
    def current(self) -> Loaded:
        loaded = self._current
        if loaded is None:
            raise one(
                "no-policy",
                f"no policy could be loaded from `{self.display}`",
                help="run `specgap build`, or pass `--policy FILE`",
            )
        return loaded

    def load_first(self) -> None:
        """The first load: a broken bundle at start-up is an error, not a kept policy."""
        self._starting = True  # the command line prints these diagnostics itself
        try:
            self.refresh()
        finally:
            self._starting = False
        if self._current is None:
            assert self._failed is not None
            raise SpecgapError(self._failed[1])

    def refresh(self) -> bool:
        """Reload when the file's content changed; True when a new policy is in place."""
        with self._lock:
            try:
                stat = self.path.stat()
            except OSError:
                return self._fail(
                    "",
                    (
                        Diagnostic(
                            code="missing-artifact",
                            message=f"file `{self.display}` does not exist",
                            path=self.display,
                            help="run `specgap build`, or pass `--policy FILE`",
                        ),
                    ),
                )
            stamp = (stat.st_mtime_ns, stat.st_size)
            if stamp == self._stamp:
                return False
            try:
                raw = self.path.read_bytes()
            except OSError as exc:
                return self._fail("", (_unreadable(self.display, exc),))
            digest = hashlib.sha256(raw).hexdigest()
            self._stamp = stamp
            if self._current is not None and digest == self._current.sha256:
                self._failed = None
                return False
            try:
                loaded = self._load(digest, stat.st_mtime)
            except SpecgapError as exc:
                return self._fail(digest, exc.diagnostics)
            if self._current is not None:
                self.reloads += 1
            self._current = loaded  # the swap: one reference, seen whole by every request
            self._failed = None
            self.on_change(f"loaded {self.display} (revision {loaded.bundle.revision[:12]})")
            return True

    def _load(self, digest: str, mtime: float) -> Loaded:
        bundle = read_bundle(self.path, self.display)
        guards = {
            a.id: Guard(a, undetermined=self.undetermined) for a in bundle.agents
        }  # one per agent; requests use their own trace keys in it
        return Loaded(bundle, digest, _iso(mtime), _iso(time.time()), guards)

    def _fail(self, digest: str, diagnostics: tuple[Diagnostic, ...]) -> bool:
        if not self._starting and (self._failed is None or self._failed[0] != digest):
            kept = "kept the last good policy" if self._current else "no policy loaded"
            self.on_change(f"{self.display} does not load: {kept}")
            for d in diagnostics:
                self.on_change(d.render())
        self._failed = (digest, diagnostics, _iso(time.time()))
        return False

    def version(self) -> dict[str, Any]:
        """What `/api/policy/version` returns: the policy in force and any failed reload."""
        loaded = self._current
        failed = self._failed
        data: dict[str, Any] = {
            "path": self.display,
            "status": "ok" if failed is None else "stale" if loaded else "missing",
            "revision": loaded.bundle.revision if loaded else None,
            "sha256": loaded.sha256 if loaded else None,
            "built_at": loaded.built_at if loaded else None,
            "loaded_at": loaded.loaded_at if loaded else None,
            "specgap_version": loaded.bundle.specgap_version if loaded else None,
            "agents": [a.id for a in loaded.bundle.agents] if loaded else [],
            "reloads": self.reloads,
            "failed": None,
        }
        if failed is not None:
            data["failed"] = {
                "sha256": failed[0] or None,
                "at": failed[2],
                "diagnostics": [diagnostic_json(d) for d in failed[1]],
            }
        return data


def read_bundle(path: Path, display: str) -> Bundle:
    """The bundle at `path`; one that does not validate gets located diagnostics, under
    `display` (what `specgap.guard.load_policy` does, with the name the user gave)."""
    try:
        return Bundle.model_validate_json(path.read_bytes())
    except ValueError:
        from specgap.api import load_bundle

        return load_bundle(path, display)
    except OSError as exc:
        raise SpecgapError([_unreadable(display, exc)]) from None


def _unreadable(display: str, exc: OSError) -> Diagnostic:
    return Diagnostic(
        code="unreadable-artifact",
        message=f"cannot read `{display}`: {exc.strerror or exc}",
        path=display,
    )

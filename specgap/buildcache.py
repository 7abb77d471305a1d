"""The build cache: `specgap build --check` answered from a manifest when nothing changed.

Every build that reaches its result (`specgap build`, and `build --check` when the policy is
up to date) records, in `.specgap/build-manifest.json` under the project root, everything
that result depends on (`specgap.buildrecord` writes it): the content hash of every file the
build read, the listing of every glob it expanded, the command's options, the relevant
environment variables, the Python version, the installed distributions' versions, a hash of
specgap's own code, and the hash of the policy it produced. `answer` checks all of that again
with the standard library alone (no pydantic, no compiler) and, when every item matches and
the policy on disk is the one recorded, gives the very lines the full check would print.

Anything else (no manifest, a damaged or foreign one, one changed input, an option or a
dependency that differs, any error at all) returns None: the caller runs the full check.
The fast path can only ever say "up to date"; a stale policy is always found by the compiler.
See docs/build-cache.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from typing import Any, NamedTuple

FORMAT = 1
MANIFEST = os.path.join(".specgap", "build-manifest.json")
CONFIG_NAMES = ("specgap.toml", "pyproject.toml")  # as `specgap.config.find_config` looks
MAX_BYTES = 32 * 1024 * 1024  # `specgap.confine.MAX_BYTES`: a larger input fails the build
DISABLE = "SPECGAP_NO_BUILD_CACHE"  # set (non-empty): never answer from the manifest
# Environment variables besides `SPECGAP_*` that a build reads (`specgap.extract.llm`).
ENVIRONMENT = ("OLLAMA_HOST",)


class Request(NamedTuple):
    """One `specgap build --check` command line: what may change its answer. (Named
    tuples, not dataclasses: `dataclasses` alone costs this fast path ~8 ms to import.)"""

    config: str | None = None  # `--config` as given
    strict: bool = False
    extractor: str | None = None  # `--extractor` as given; None: the config's
    offline: bool = False
    allow_outside: bool = False
    verbose: bool = False  # these two change only how the answer is printed
    json_diagnostics: bool = False
    cwd: str = ""  # the working folder; "" for the current one

    def key(self, config_path: str) -> dict[str, Any]:
        """What the manifest must have recorded for this command in this project."""
        return {
            "config": self.config,
            "config_path": config_path,
            "cwd": self.cwd or os.getcwd(),
            "strict": self.strict,
            "extractor": self.extractor,
            "offline": self.offline,
            "allow_outside": self.allow_outside,
        }


class Answer(NamedTuple):
    """What the full check would print: diagnostics on stderr, the verdict on stdout."""

    stderr: tuple[str, ...]
    stdout: str


def up_to_date(shown: str, summary: str) -> str:
    """The verdict line of an up-to-date `build --check` (the CLI prints the same)."""
    return f"{shown} is up to date ({summary})"


# --- what a result depends on besides the project's files -------------------------------


def code_digest() -> str:
    """sha256 over specgap's installed package: every file's path, size and content
    (bytecode caches left out), so any change to the code, its data files included, is a
    miss. (Read with `os.open`/`os.read` and hashed in one pass: this is most of the fast
    path's own time.)"""
    import specgap

    base = os.path.dirname(os.path.abspath(specgap.__file__))
    digest = hashlib.sha256()
    for folder, subfolders, files in os.walk(base):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        prefix = folder[len(base) + 1 :].replace(os.sep, "/")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            fd = os.open(os.path.join(folder, name), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            try:
                chunks = []
                while chunk := os.read(fd, 1 << 20):
                    chunks.append(chunk)
            finally:
                os.close(fd)
            content = b"".join(chunks)
            digest.update(f"{prefix}/{name}\0{len(content)}\0".encode())
            digest.update(content)
    return digest.hexdigest()


def python_version() -> str:
    return f"{sys.implementation.name} {sys.version} {sys.platform}"


def dependency_versions() -> dict[str, str]:
    """Every distribution installed on `sys.path` with its version (from the names of the
    `*.dist-info` folders, as `importlib.metadata` reads them): sqlglot, lemminflect,
    pydantic and the rest. All of them, not a chosen few, so no dependency that changes the
    output can be left out; upgrading any package is one miss."""
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in sorted(names):
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            stem = name.rsplit(".", 1)[0]
            project, _, version = stem.partition("-")
            key = project.lower().replace("-", "_").replace(".", "_")
            found.setdefault(key, version)  # the first on the path is the one imported
    return dict(sorted(found.items()))


def environment() -> dict[str, str]:
    """The environment variables a build reads (LLM settings, offline mode)."""
    return {
        name: value
        for name, value in sorted(os.environ.items())
        if (name.startswith("SPECGAP_") and name != DISABLE) or name in ENVIRONMENT
    }


# --- reading files as the build does ------------------------------------------------------


def file_digest(path: str) -> str | None:
    """sha256 of a regular file of at most `MAX_BYTES`, or None for anything the build
    would not read (missing, a folder, a FIFO, a device, too large). Opened without
    blocking, so a FIFO put in an input's place cannot hang the check."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        os.set_blocking(fd, True)
        digest = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None
    finally:
        os.close(fd)


def find_config(start: str) -> str | None:
    """`specgap.config.find_config`, with the standard library only."""
    folder = start
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate) and (name == "specgap.toml" or _has_table(candidate)):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _has_table(path: str) -> bool:
    import tomllib  # only where a `pyproject.toml` is on the way up

    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            return False
        return "specgap" in tomllib.loads(text.decode("utf-8")).get("tool", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False


def manifest_path(config_path: str) -> str:
    """Where the manifest of the project configured by `config_path` lives."""
    return os.path.join(os.path.dirname(os.path.abspath(config_path)), MANIFEST)


# --- whose manifest it is -------------------------------------------------------------------
# A manifest is a file in the project folder, which whoever edits the repository controls: a
# pull request could commit one claiming its own stale policy up to date on the CI runner
# (every recorded fact but the secret below is public or guessable). So each manifest is
# signed with a key that only this user account holds, outside the project; one signed
# with any other key, or not signed, is a miss.


def key_path() -> str:
    """`$XDG_CACHE_HOME/specgap/build-cache.key` (default `~/.cache/...`)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "specgap", "build-cache.key")


def signing_key(*, create: bool = False) -> bytes | None:
    """This account's key (32 random bytes, hex), made on first use when `create`;
    None when there is none or it cannot be read or made."""
    path = key_path()
    for attempt in (1, 2):
        try:
            with open(path, "rb") as handle:
                key = handle.read(256)
            return key if len(key) >= 64 else None
        except FileNotFoundError:
            if not create or attempt == 2:
                return None
        except OSError:
            return None
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            # O_EXCL: two first builds at once agree on the one key written first
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, os.urandom(32).hex().encode())
            finally:
                os.close(fd)
        except FileExistsError:
            pass
        except OSError:
            return None
    return None


def signed(body: bytes, key: bytes) -> bytes:
    """The manifest file: its signature on the first line, then `body`."""
    import hmac

    return hmac.new(key, body, hashlib.sha256).hexdigest().encode() + b"\n" + body


def verified(content: bytes, key: bytes) -> bytes | None:
    """The body of a manifest file signed with `key`, or None."""
    import hmac

    signature, _, body = content.partition(b"\n")
    expected = hmac.new(key, body, hashlib.sha256).hexdigest().encode()
    return body if hmac.compare_digest(signature, expected) else None


# --- the fast path ----------------------------------------------------------------------


def answer(request: Request) -> Answer | None:
    """The full check's output when the manifest proves the committed policy up to date;
    None whenever it does not (the caller runs the full check). Never raises."""
    if os.environ.get(DISABLE):
        return None
    try:
        return _answer(request)
    except Exception:  # a damaged manifest, a file that vanished: the full check decides
        return None


def _answer(request: Request) -> Answer | None:
    if request.config is not None:
        config_path: str | None = request.config
    else:
        config_path = find_config(os.path.realpath(request.cwd or os.getcwd()))
    if config_path is None:
        return None
    key = signing_key()
    if key is None:
        return None
    with open(manifest_path(config_path), "rb") as handle:
        body = verified(handle.read(), key)
    if body is None:
        return None  # not recorded by this account: nothing in it is trusted
    manifest = json.loads(body)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return None
    if manifest.get("key") != request.key(os.path.abspath(config_path)):
        return None  # another project, folder, config or set of options
    said = manifest["answer"]
    if request.strict and said["strict_findings"]:
        return None  # the full check prints and counts them
    if not _same_world(manifest):
        return None
    diagnostics = [
        d["json"] if request.json_diagnostics else d["text"]
        for d in said["diagnostics"]
        if d["severity"] != "note" or request.verbose
    ]
    return Answer(tuple(diagnostics), up_to_date(said["shown"], said["summary"]))


def _same_world(manifest: dict[str, Any]) -> bool:
    """Every recorded fact still holds, cheapest first; the outputs under the build lock."""
    if manifest["python"] != python_version() or manifest["environment"] != environment():
        return False
    for path, (digest, real) in manifest["inputs"].items():
        if os.path.realpath(path) != real or file_digest(path) != digest:
            return False
    if manifest["globs"]:
        import glob  # with `fnmatch` and `re`: only for a project that uses globs

        for pattern, matches in manifest["globs"]:
            if sorted(glob.glob(pattern, recursive=True)) != matches:
                return False
    if manifest["dependencies"] != dependency_versions():
        return False
    if manifest["code"] != code_digest():
        return False
    outputs: dict[str, list[str]] = manifest["outputs"]
    return bool(outputs) and all(_output_is(path, *seen) for path, seen in outputs.items())


def _output_is(path: str, digest: str, real: str) -> bool:
    """The output at `path` (still where it was: not moved outside the project through a
    link) hashes to `digest`, read while no build holds its lock (a build in progress
    makes this a miss: the full check waits for it)."""
    import fcntl

    fd = os.open(os.path.dirname(path), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # raises when a build holds it
        return os.path.realpath(path) == real and file_digest(path) == digest
    finally:
        os.close(fd)

"""A confined build: what a pull request can make `specgap build` read and write.

A project config is input from whoever edits the repository. Without limits, a pull request
can point `prompts` at `/etc/shadow` or `~/.ssh/id_rsa` (and get it quoted into
`policy.json`), set `out` to overwrite any file the CI user can write, or name `/dev/zero`
or a FIFO and hang the runner. So:

- every artifact, trace and the `out` file must resolve (symlinks followed) inside the
  project root, unless the command line says `specgap --allow-outside ...`;
- files are read only when they are regular files, and at most `MAX_BYTES` of them;
- `build` and `watch` hold a lock on the output folder from reading inputs to writing the
  policy, so two builds never interleave and leave an older result on disk.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from specgap import observe
from specgap.errors import SpecgapError, error

MAX_BYTES = 32 * 1024 * 1024  # no prompt, schema or policy is this large
LOCK_TIMEOUT = 120.0  # seconds a build waits for another one to finish


def is_inside(root: Path, path: Path) -> bool:
    """Whether `path`, with every symlink resolved, is `root` or below it. A symlink loop
    raises `SpecgapError` (code `symlink-loop`)."""
    try:
        resolved = path.resolve()
        base = root.resolve()
    except (OSError, RuntimeError):
        raise _loop(path) from None
    return resolved == base or base in resolved.parents


def read_bytes(path: Path, display: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else (missing,
    unreadable, a folder, a FIFO, a device, a symlink loop, too large) raises a located
    `SpecgapError`. The file is opened without blocking and checked again once open, so a
    FIFO swapped in after the check cannot hang the read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(
            "missing-artifact",
            f"file `{display}` does not exist",
            path=display,
            help="check the path in the project config; paths are relative to the config file",
        ) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(Path(display)) from None
        raise _unreadable(display, exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _unreadable(display, "Is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise error(
                "not-a-regular-file",
                f"`{display}` is not a regular file (a FIFO, socket or device)",
                path=display,
                help="point the config at a file; special files can block or never end",
            )
        if info.st_size > limit:
            raise _too_large(display, limit)
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if size > limit:  # the file grew while being read
                raise _too_large(display, limit)
            chunks.append(chunk)
        data = b"".join(chunks)
        observe.read(path, data)  # the build cache records every input (docs/build-cache.md)
        return data
    except OSError as exc:
        raise _unreadable(display, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def outside_error(display: str, root: Path, *, span_of: str | None = None) -> SpecgapError:
    return error(
        "outside-project",
        f"`{display}` is outside the project root `{root.as_posix()}`",
        path=span_of or display,
        help="keep inputs and outputs inside the project, or run "
        "`specgap --allow-outside ...` if this is intended",
    )


@contextmanager
def build_lock(out: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the build lock of the folder `out` is written to. The lock is an advisory
    `flock` on the folder itself (no lock file is left behind); it is released when the
    block ends, however it ends."""
    folder = out.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield  # nowhere to lock: writing will report the folder
        return
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    shown = out.as_posix()
                    raise error(
                        "build-locked",
                        f"another build of `{shown}` has held its lock for {timeout:.0f} s",
                        path=shown,
                        help="wait for the other `specgap build` or `watch` to finish",
                    ) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _loop(path: Path) -> SpecgapError:
    shown = path.as_posix()
    return error(
        "symlink-loop",
        f"`{shown}` is a symlink loop",
        path=shown,
        help="point the symlink at a real file",
    )


def _unreadable(display: str, why: str) -> SpecgapError:
    return error(
        "unreadable-artifact",
        f"cannot read `{display}`: {why}",
        path=display,
        help="pass a readable file (not a folder); check its permissions",
    )


def _too_large(display: str, limit: int) -> SpecgapError:
    return error(
        "file-too-large",
        f"`{display}` is larger than {limit // (1024 * 1024)} MiB",
        path=display,
        help="split the file; specgap reads prompts, schemas and policies whole",
    )


def hold_build_lock(out: Path, on_close: Callable[[Callable[[], None]], object]) -> None:
    """Take the build lock of `out` until `on_close` runs its callback (a command's
    `typer.Context.call_on_close`: the lock is held until the command ends, however)."""
    held = build_lock(out)
    held.__enter__()

    def release() -> None:
        held.__exit__(None, None, None)

    on_close(release)


def stdout_failed(exc: OSError) -> SpecgapError:
    """Writing standard output failed (the reader went away, the disk is full): point
    stdout at /dev/null so the interpreter's last flush cannot fail again, and say so."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file descriptor (a test runner's buffer): nothing to protect
    if isinstance(exc, BrokenPipeError):
        return error(
            "broken-pipe",
            "standard output was closed before everything was written",
            path="<stdout>",
            help="the reading end of the pipe exited early; its own output is complete",
        )
    return error(
        "unwritable-output",
        f"cannot write standard output: {exc.strerror or exc}",
        path="<stdout>",
        help="free disk space, or redirect the output elsewhere",
    )

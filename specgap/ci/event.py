"""What a GitHub Actions run is about, read from its event payload (`GITHUB_EVENT_PATH`).

Pull requests (`pull_request`, `pull_request_target`) name their base commit and their
number; a push names the commit before it (`before`, all zeros for a new branch). Any other
event has no base: the action then reports the head alone and posts no comment.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PULL_EVENTS = frozenset({"pull_request", "pull_request_target"})
API_URL = "https://api.github.com"


@dataclass(frozen=True)
class Event:
    name: str
    repo: str | None  # owner/name
    number: int | None  # the pull request's number
    base_sha: str | None
    head_sha: str | None
    api_url: str = API_URL


def read_event(environ: Mapping[str, str]) -> Event:
    """The event of this run; a missing or unreadable payload is an event with no base."""
    name = environ.get("GITHUB_EVENT_NAME", "")
    api = environ.get("GITHUB_API_URL") or API_URL
    payload: Any = {}
    path = environ.get("GITHUB_EVENT_PATH")
    if path:
        try:
            payload = json.loads(Path(path).read_text("utf-8"))
        except (OSError, ValueError):
            payload = {}
    if not isinstance(payload, dict):
        payload = {}
    repo = _get(payload, "repository", "full_name") or environ.get("GITHUB_REPOSITORY")
    if name in PULL_EVENTS:
        number = _get(payload, "pull_request", "number") or _get(payload, "number")
        return Event(
            name=name,
            repo=repo,
            number=int(number) if isinstance(number, int) else None,
            base_sha=_get(payload, "pull_request", "base", "sha"),
            head_sha=_get(payload, "pull_request", "head", "sha"),
            api_url=api,
        )
    before = payload.get("before")
    base = before if isinstance(before, str) and before.strip("0") else None
    return Event(name, repo, None, base, environ.get("GITHUB_SHA"), api)


def _get(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data

"""One sticky pull-request comment: found by a hidden marker, updated in place, never
re-posted; and the cap that keeps it below GitHub's 65,536-character limit.

The HTTP client is injected: `HttpClient` is anything with `request(method, url, body)`
returning `(status, json_body)`. `GitHubHttp` talks to the REST API with httpx;
`DryRunHttp` writes each request it would send as a JSON line and answers from a fixture,
which is how the tests (and `--dry-run`) run without a network.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

MARKER = "<!-- specgap-report -->"
LIMIT = 65_536  # GitHub rejects longer comment bodies
BUDGET = LIMIT - 1_024  # room for the marker and the truncation note


class HttpClient(Protocol):
    def request(self, method: str, url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """Send one request; the response status and its decoded JSON body (or None)."""
        ...


@dataclass(frozen=True)
class Capped:
    body: str
    truncated: bool


def cap(markdown: str, artifact: str, limit: int = BUDGET) -> Capped:
    """The comment body: the report as is when it fits, else cut at the last whole line that
    fits with a note naming the artifact that holds all of it."""
    if len(markdown) <= limit:
        return Capped(markdown, False)
    cut = markdown.rfind("\n", 0, limit)
    head = markdown[: cut if cut > 0 else limit]
    note = (
        f"\n\n---\n*The report is {len(markdown):,} characters, more than a comment can "
        f"hold; the rest is in the `{artifact}` artifact of this run.*\n"
    )
    return Capped(head + note, True)


@dataclass(frozen=True)
class Posted:
    action: str  # created | updated | unchanged
    comment_id: int | None


def upsert(
    http: HttpClient, api: str, repo: str, number: int, markdown: str, *, per_page: int = 100
) -> Posted:
    """Create the specgap comment of pull request `number`, or update the one already there
    (the first comment carrying `MARKER`). Raises RuntimeError on an HTTP error."""
    body = f"{MARKER}\n{markdown}"
    base = f"{api.rstrip('/')}/repos/{repo}/issues"
    page = 1
    while True:
        status, found = http.request(
            "GET", f"{base}/{number}/comments?per_page={per_page}&page={page}"
        )
        _ok(status, found, "list comments")
        comments = found if isinstance(found, list) else []
        for comment in comments:
            if isinstance(comment, dict) and MARKER in str(comment.get("body", "")):
                comment_id = int(comment["id"])
                if comment.get("body") == body:
                    return Posted("unchanged", comment_id)
                status, _ = http.request("PATCH", f"{base}/comments/{comment_id}", {"body": body})
                _ok(status, None, "update the comment")
                return Posted("updated", comment_id)
        if len(comments) < per_page:
            break
        page += 1
    status, created = http.request("POST", f"{base}/{number}/comments", {"body": body})
    _ok(status, created, "create the comment")
    return Posted("created", int(created["id"]) if isinstance(created, dict) else None)


def _ok(status: int, body: Any, what: str) -> None:
    if not 200 <= status < 300:
        detail = body.get("message") if isinstance(body, dict) else body
        raise RuntimeError(f"cannot {what}: HTTP {status}: {detail}")


class GitHubHttp:
    """The GitHub REST API with a token (the workflow's `GITHUB_TOKEN`)."""

    def __init__(self, token: str, timeout: float = 30.0) -> None:
        import httpx

        self._client = httpx.Client(
            timeout=timeout,
            headers={
                "Authorization": f"Bearer {token}",
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": "2022-11-28",
            },
        )

    def request(self, method: str, url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        response = self._client.request(method, url, json=body)
        try:
            decoded = response.json() if response.content else None
        except ValueError:
            decoded = response.text
        return response.status_code, decoded


@dataclass
class DryRunHttp:
    """Writes every request to `log` (JSON lines) and answers as a GitHub holding
    `comments` would: listing, creating and updating them in memory."""

    log: Path
    comments: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 1000

    def request(self, method: str, url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        with self.log.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"method": method, "url": url, "body": body}) + "\n")
        if method == "GET":
            page = int(url.rsplit("page=", 1)[-1]) if "&page=" in url else 1
            size = int(url.split("per_page=", 1)[1].split("&", 1)[0]) if "per_page=" in url else 30
            return 200, self.comments[(page - 1) * size : page * size]
        if method == "POST" and body is not None:
            self.next_id += 1
            comment = {"id": self.next_id, "body": body["body"]}
            self.comments.append(comment)
            return 201, comment
        if method == "PATCH" and body is not None:
            comment_id = int(url.rsplit("/", 1)[-1])
            for comment in self.comments:
                if comment["id"] == comment_id:
                    comment["body"] = body["body"]
                    return 200, comment
            return 404, {"message": "Not Found"}
        return 405, {"message": f"unexpected {method}"}

"""The ASGI middleware in front of every route: bearer token, then the body-size limit.

The body is read here, once, up to `max_body` bytes (a larger one is a 413 before the app
sees it) and left in the scope under `BODY_KEY`, so error handlers can locate diagnostics
in exactly the bytes the client sent.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from specgap.ir import Diagnostic
from specgap.serve.problems import BODY_KEY, REQUEST, non_finite, problem_body

PUBLIC = ("/healthz", "/static/", "/favicon.ico")


def _public(path: str) -> bool:
    return path == "/" or path.startswith(PUBLIC)


def _json(headers: dict[bytes, bytes]) -> bool:
    kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
    return kind == b"application/json" or kind.endswith(b"+json")


class Gate:
    def __init__(self, app: ASGIApp, *, token: str | None, max_body: int) -> None:
        self.app = app
        self.token = token.encode() if token else None
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        if self.token is not None and not _public(scope["path"]):
            given = headers.get(b"authorization", b"")
            if not secrets.compare_digest(given, b"Bearer " + self.token):
                await _reply(
                    send,
                    401,
                    Diagnostic(
                        code="unauthorized",
                        message="this server needs a bearer token",
                        path=REQUEST,
                        help="send `Authorization: Bearer <token>` with the server's "
                        "`--token` / `SPECGAP_TOKEN`",
                    ),
                    {"www-authenticate": "Bearer"},
                )
                return
        if scope["method"] in ("POST", "PUT", "PATCH") and not _json(headers):
            await _reply(
                send,
                415,
                Diagnostic(
                    code="unsupported-media-type",
                    message="the request body must be JSON",
                    path=REQUEST,
                    help="send `Content-Type: application/json`",
                ),
            )
            return
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            await _reply(send, 413, self._too_large(int(declared)))
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.max_body:
                await _reply(send, 413, self._too_large(len(body)))
                return
            if not message.get("more_body", False):
                break
        scope[BODY_KEY] = bytes(body)
        bad_number = non_finite(scope[BODY_KEY])
        if bad_number is not None:
            await _reply(send, 422, bad_number)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _too_large(self, size: int) -> Diagnostic:
        return Diagnostic(
            code="payload-too-large",
            message=f"the request body has at least {size} bytes; the limit is {self.max_body}",
            path=REQUEST,
            help="send a smaller trace, or start the server with a larger `--max-body`",
        )


async def _reply(
    send: Send, status: int, diagnostic: Diagnostic, extra: dict[str, str] | None = None
) -> None:
    payload: dict[str, Any] = problem_body([diagnostic], status)
    data = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})

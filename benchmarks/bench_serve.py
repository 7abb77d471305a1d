"""`specgap serve`: decisions per second and latency of `POST /api/validate/event`.

Starts `specgap serve` (one uvicorn worker) on a free loopback port, then drives it from
this process with 1 and 16 concurrent keep-alive HTTP/1.1 clients (plain asyncio streams,
so the client costs little next to the server). Each request carries a schema lookup as
prior history and one `sql.execute` call, allowed or denied in turn. Every phase is bounded
in time and in requests; the server is stopped at the end. Figures are printed beside the
targets (p50 ≤ 2 ms, ≥ 2,000 decisions/s), not asserted.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECONDS = 4.0  # per phase
MAX_REQUESTS = 60_000  # per phase, whatever the speed
WARMUP = 300
TARGET_P50_MS = 2.0
TARGET_RATE = 2000
SCHEMA = {"type": "tool_call", "name": "schema_lookup", "args": {"table": "orders"}}
QUERIES = (
    "SELECT id, status FROM orders ORDER BY id LIMIT 20",  # allowed
    "SELECT card_number FROM payments LIMIT 20",  # denied: not an approved table
)


def _request(port: int, query: str) -> bytes:
    body = json.dumps(
        {
            "agent": "sql",
            "prior_events": [SCHEMA],
            "event": {"type": "tool_call", "name": "execute_sql", "args": {"query": query}},
        }
    ).encode()
    head = (
        f"POST /api/validate/event HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def _client(
    port: int, requests: list[bytes], stop_at: float, budget: list[int], samples: list[float]
) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    errors = 0
    n = 0
    try:
        while time.perf_counter() < stop_at and budget[0] > 0:
            budget[0] -= 1
            started = time.perf_counter()
            writer.write(requests[n % len(requests)])
            n += 1
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            samples.append(time.perf_counter() - started)
            if not head.startswith(b"HTTP/1.1 200"):
                errors += 1
    finally:
        writer.close()
    return errors


async def _phase(
    port: int, clients: int, seconds: float, limit: int
) -> tuple[list[float], int, float]:
    requests = [_request(port, q) for q in QUERIES]
    samples: list[float] = []
    budget = [limit]
    started = time.perf_counter()
    errors = await asyncio.gather(
        *(_client(port, requests, started + seconds, budget, samples) for _ in range(clients))
    )
    return samples, sum(errors), time.perf_counter() - started


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux), None where /proc is absent."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _report(
    clients: int, samples: list[float], errors: int, elapsed: float, cpu: float | None
) -> None:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100)
    p50, p99 = statistics.median(ordered) * 1000, cut[98] * 1000
    rate = len(ordered) / elapsed
    print(
        f"   {clients:>2} client{'s' if clients > 1 else ' '}: {rate:8,.0f} decisions/s "
        f"(target ≥ {TARGET_RATE:,})  p50 {p50:5.2f} ms (target ≤ {TARGET_P50_MS:g})  "
        f"p99 {p99:6.2f} ms  n={len(ordered):,}  errors={errors}",
        flush=True,
    )
    if cpu is not None and ordered:
        # what the server itself spent: a figure the machine's other load hardly moves
        per = cpu / len(ordered)
        print(
            f"      server CPU {per * 1e6:6.0f} µs/decision -> {1 / per:,.0f} decisions/s "
            "per fully used core",
            flush=True,
        )


def _wait_up(port: int, process: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("specgap serve exited before it answered")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("specgap serve did not start in time")


def run() -> None:
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp, Path(tmp, "server.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "specgap", "serve", "--port", str(port)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "SPECGAP_TOKEN": ""},
        )
        try:
            _wait_up(port, process)
            print(f"   specgap serve on 127.0.0.1:{port}, one worker; {SECONDS:g} s per phase")
            asyncio.run(_phase(port, 1, 10.0, WARMUP))  # warm up: imports and caches
            for clients in (1, 16):
                before = _cpu_seconds(process.pid)
                samples, errors, elapsed = asyncio.run(_phase(port, clients, SECONDS, MAX_REQUESTS))
                after = _cpu_seconds(process.pid)
                cpu = after - before if after is not None and before is not None else None
                _report(clients, samples, errors, elapsed, cpu)
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"   load average {load} on {os.cpu_count()} cores (others' work included)")
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    run()

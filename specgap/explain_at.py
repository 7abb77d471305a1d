"""`specgap explain FILE:LINE`: what became of the prose at one line of an agent's files.

Every sentence that reads like a rule ends as a policy or as a located diagnostic (see
`specgap.extract.leftovers`), so a line answers with the policies stated there and the
diagnostics located there; a line with neither stated nothing that was read as a rule.
Plain text, stable for the same bundle.
"""

from __future__ import annotations

import re

from specgap.errors import error
from specgap.ir import Bundle, Span

LOCATION = re.compile(r"(?P<path>.+):(?P<line>\d+)")


def explain_location(bundle: Bundle, path: str, line: int) -> str:
    """The policies and diagnostics of `bundle` whose spans take in `line` of `path` (a
    project-relative path, as spans carry it). A file no agent reads, or line 0, is an
    `unknown-location` error: "nothing was read here" would not be true of it."""
    files = sorted({a.path for agent in bundle.agents for a in agent.artifacts})
    if path not in files or line < 1:
        raise error(
            "unknown-location",
            f"`{path}:{line}` is not a line of a file the policy's agents read",
            help="files: " + ", ".join(f"`{f}`" for f in files),
        )

    def here(span: Span | None) -> bool:
        return span is not None and span.path == path and span.start_line <= line <= span.end_line

    out = [f"{path}:{line}"]
    for agent in bundle.agents:
        for policy in agent.policies:
            spans = (policy.source.span, *(s.span for s in policy.also_stated_at))
            if any(here(s) for s in spans):
                out.append(
                    f"  policy      {policy.id}  (agent {agent.id}): {policy.operator} over "
                    f"`{policy.target}`, {policy.enforcement}"
                )
    for d in bundle.diagnostics:
        if d.span is not None and here(d.span):
            out.append(f"  {d.severity:<10}  {d.span.location()}: {d.code}: {d.message}")
            if d.help:
                out.append(f"              help: {d.help}")
    if len(out) == 1:
        out.append("  no policy and no diagnostic: nothing here was read as a rule")
    elif any(row.startswith("  policy ") for row in out):
        out.append("  (`specgap explain POLICY_ID` shows how a policy was resolved and enforced)")
    return "\n".join(out)

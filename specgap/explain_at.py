"""`specgap explain FILE:LINE`: what became of the prose at one line of an agent's files.

Every sentence that reads like a rule ends as a policy or as a located diagnostic (see
`specgap.extract.leftovers`), so a line answers with the policies stated there and the
diagnostics located there; a line with neither stated nothing that was read as a rule.
Plain text, stable for the same bundle.
"""

from __future__ import annotations

import re

from specgap.ir import Bundle, Span

LOCATION = re.compile(r"(?P<path>.+):(?P<line>\d+)")


def explain_location(bundle: Bundle, path: str, line: int) -> str:
    """The policies and diagnostics of `bundle` whose spans take in `line` of `path` (a
    project-relative path, as spans carry it)."""

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

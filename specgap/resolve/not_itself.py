"""A prerequisite is never the tool it is a prerequisite of.

"Always check the invoice status before calling this method", in the description of
`request_payment`: the step is read in the described tool's own words, so the tool itself
may lead its resolution ("invoice status" is what its description speaks of), and the
rule would require the tool before itself: senseless, reported, never enforced, and the
real prerequisite lost. An ordering relates two different calls, so the prerequisite is
resolved among the *other* tools: the constrained tool is left out of the candidates and
the status is decided again by the resolver's own rule (a near tie stays a tie, a weak
leader stays unresolved). A prerequisite that names the tool verbatim (its exact id) is
left as it is: that sentence does say the tool comes before itself, and the compiler
reports it.
"""

from __future__ import annotations

from specgap.ir import Resolution
from specgap.resolve.evidence import status_of

__all__ = ["without_itself"]


def without_itself(target: Resolution, before: Resolution) -> Resolution:
    """`before`, resolved among the tools other than `target`'s tool (module doc)."""
    if target.status != "resolved" or not before.candidates:
        return before
    own = target.tool_id
    lead = before.candidates[0]
    if lead.tool_id != own or lead.via == "exact_id":
        return before
    rest = tuple(c for c in before.candidates if c.tool_id != own)
    return before.model_copy(update={"candidates": rest, "status": status_of(rest)})

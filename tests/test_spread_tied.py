"""Which tools an ambiguous mention names together (`specgap.spread.tied`), table-driven over
made-up resolutions: a bare verb names every tool its name leads with; a longer mention only
the ones within the resolver's margin."""

from __future__ import annotations

import pytest

from specgap.ir import Candidate, Resolution
from specgap.spread import tied


def _res(mention: str, *scored: tuple[str, float]) -> Resolution:
    return Resolution(
        mention=mention,
        status="ambiguous",
        candidates=tuple(Candidate(tool_id=t, score=s, via="fuzzy") for t, s in scored),
    )


SCORES = (
    ("renew_lease_term", 0.66),
    ("renew_lease_rent", 0.63),
    ("renew_parking_permit", 0.58),
    ("renew_lease_deposit", 0.50),
    ("get_lease", 0.40),
)

CASES: list[tuple[str, set[str]]] = [
    # a bare verb: every candidate led by it, whatever its margin
    (
        "renew",
        {"renew_lease_term", "renew_lease_rent", "renew_parking_permit", "renew_lease_deposit"},
    ),
    # verb and object: the margin still decides
    ("renew lease", {"renew_lease_term", "renew_lease_rent"}),
]


@pytest.mark.parametrize(("mention", "tools"), CASES)
def test_tools_named_together(mention: str, tools: set[str]) -> None:
    found = {c.tool_id for c in tied(mention, _res(mention, *SCORES))}
    assert found == tools


def test_a_bare_verb_across_two_families_names_none() -> None:
    """Within the margin, a tool the verb does not lead (`bulk_renew_leases`): the names share
    no first part, so they are not one family."""
    res = _res("renew", ("renew_lease_term", 0.66), ("bulk_renew_leases", 0.65))
    assert tied("renew", res) == []


def test_a_resolved_mention_names_no_family() -> None:
    res = Resolution(
        mention="renew",
        status="resolved",
        candidates=(Candidate(tool_id="renew_lease_term", score=0.9, via="fuzzy"),),
    )
    assert tied("renew", res) == []

"""In a tool's description, a step said before calling this tool comes first; and a
prerequisite is never the constrained tool itself.

Descriptions written for these tests (invoices, parcels, a clinic, a library); see
`specgap.extract.tuned_this_tool` and `specgap.resolve.not_itself`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.temporal import read
from specgap.extract.tuned_this_tool import first_for_this
from specgap.ir import Candidate, Resolution
from specgap.resolve.not_itself import without_itself
from tests.corpus_agents import build_prompt


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("Always check the invoice status before calling this method.", "check invoice status"),
        ("Look the parcel up before you use this tool.", "look up parcel"),
        ("Fetch the latest quote prior to invoking this endpoint.", "fetch latest quote"),
        ("You must verify the patient before calling this function.", "verify patient"),
        ("Retrieve the member's loans before you call this API.", "retrieve member loans"),
    ],
)
def test_the_step_before_this_tool_comes_first(text: str, step: str) -> None:
    timed = read(text, described=True)
    assert timed is not None
    assert [(e.operator, e.target, e.params) for e in timed.emits] == [
        ("require_before", None, {"before": step})
    ]


@pytest.mark.parametrize(
    ("conj", "only", "event", "main"),
    [
        ("before", None, "calling this method", "check that the invoice is unpaid"),  # a state
        ("before", None, "calling this method", "never refund the invoice"),  # a ban
        ("before", None, "calling this method", "tell the user the fee"),  # talk
        ("before", None, "calling the refund tool", "check the invoice"),  # another tool
        ("after", None, "calling this method", "check the invoice"),  # after: not this reader's
        ("before", "only ", "calling this method", "check the invoice"),
    ],
)
def test_other_sentences_are_not_this_reading(
    conj: str, only: str | None, event: str, main: str
) -> None:
    assert first_for_this(conj, only, event, main) is None


def _res(*scored: tuple[str, float], via: str = "fuzzy") -> Resolution:
    from specgap.resolve.evidence import status_of

    cands = tuple(Candidate(tool_id=t, score=s, via=via) for t, s in scored)  # type: ignore[arg-type]
    return Resolution(mention="m", status=status_of(cands), candidates=cands)


@pytest.mark.parametrize(
    ("before", "leader", "status"),
    [
        # the tool itself led: the next tool, decided by the resolver's own rule
        (_res(("request_payment", 0.8), ("get_invoice", 0.7)), "get_invoice", "resolved"),
        (_res(("request_payment", 0.8), ("get_invoice", 0.52), ("get_refund", 0.5)),
         "get_invoice", "ambiguous"),  # a near tie stays a tie
        (_res(("request_payment", 0.8), ("get_invoice", 0.3)), "get_invoice", "unresolved"),
        # another tool led: as it was (the tool itself may stay a runner-up)
        (_res(("get_invoice", 0.8), ("request_payment", 0.6)), "get_invoice", "resolved"),
    ],
)  # fmt: skip
def test_a_prerequisite_is_never_the_tool_itself(
    before: Resolution, leader: str, status: str
) -> None:
    target = _res(("request_payment", 0.97), via="exact_id")
    got = without_itself(target, before)
    assert (got.candidates[0].tool_id, got.status) == (leader, status)
    if before.candidates[0].tool_id == "request_payment":
        assert all(c.tool_id != "request_payment" for c in got.candidates)


def test_a_verbatim_id_is_left_to_the_compiler() -> None:
    target = _res(("request_payment", 0.97), via="exact_id")
    before = _res(("request_payment", 0.97), via="exact_id")
    assert without_itself(target, before) == before


def _spec(name: str, description: str, *args: str) -> dict[str, Any]:
    props = {a: {"type": "string"} for a in args}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(args)},
        },
    }


def test_the_described_tool_requires_its_step(tmp_path: Path) -> None:
    tools = [
        _spec("get_parcel", "Look up a parcel with its status.", "parcel_id"),
        _spec("reroute_parcel",
              "Send a parcel to another depot. Always look up the parcel before calling "
              "this method.", "parcel_id", "depot"),
    ]  # fmt: skip
    built = build_prompt(tmp_path, "# Depot desk\n\nHelp the caller with their parcel.\n", tools)
    orders = {
        (p.target, p.condition.model_dump().get("before"))
        for p in built.policies
        if p.operator == "require_before"
    }
    assert orders == {("reroute_parcel", "get_parcel")}

"""Numbered steps that a goal line or a section heading introduces, and a chain opened by
"X first." (issue 11, `require_before`), in a made-up seedling nursery. Numbers are an
order: the goal's own step requires the step before it always (enforced); the other steps
hold within the goal only (reviewed). A line naming no goal or procedure ("You may:"), a
heading naming no action ("## Notes") and bullets order nothing. Documents written for
this test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.order_lists import checked
from tests.corpus_agents import build_prompt
from tests.test_order_shapes import NURSERY

Orders = dict[tuple[str, str], str]
ROWS: list[tuple[str, str, Orders]] = [
    ("a numbered list under a heading that names the action",
     "## Cancelling an order\n\n1. Find the grower by e-mail.\n2. Fetch the order.\n"
     "3. Cancel the order.\n",
     {("get_order", "find_grower"): "review_only", ("cancel_order", "get_order"): "enforce"}),
    ("a heading that names the action by a noun",
     "## Refunds\n\n1. Fetch the order.\n2. Refund the order.\n",
     {("refund_order", "get_order"): "enforce"}),
    ("the user asking for the goal, then a colon",
     "When a grower wants to ship an order:\n1. Fetch the order.\n2. Label the tray.\n"
     "3. Ship the order.\n",
     {("label_tray", "get_order"): "review_only", ("ship_order", "label_tray"): "enforce"}),
    ("a purpose and `follow these steps`, numbered",
     "To discard a tray, follow these steps:\n\n1. Read the tray.\n2. Log the germination.\n"
     "3. Discard the tray.\n",
     {("log_germination", "get_tray"): "review_only",
      ("discard_tray", "log_germination"): "enforce"}),
    ("a workflow of tool ids",
     "Workflow for refunds:\n\n1. get_order\n2. cancel_order\n3. refund_order\n",
     {("cancel_order", "get_order"): "review_only", ("refund_order", "cancel_order"): "enforce"}),
    ("a procedure line whose goal names no tool: every order is reviewed",
     "Morning routine:\n\n1. Read the tray.\n2. Water the tray.\n",
     {("water_tray", "get_tray"): "review_only"}),
    ("a check as the step before: which read checks is inferred",
     "## Cancelling an order\n\n1. Verify the grower's identity.\n2. Cancel the order.\n",
     {}),
    ("X first, then the steps after it",
     "## Shipping\n\nFetch the order first. Then label the tray. Finally, ship the order.\n",
     {("label_tray", "get_order"): "enforce", ("ship_order", "label_tray"): "enforce"}),
    # a lead line or heading that says when the items happen: each item before (after) it
    ("a lead line `before ...:` over bullets",
     "Before you cancel an order:\n- Find the grower by e-mail.\n- Fetch the order.\n",
     {("cancel_order", "find_grower"): "enforce", ("cancel_order", "get_order"): "enforce"}),
    ("a heading `before ...` over bullets",
     "## Before shipping an order\n\n- Label the tray.\n- Fetch the order.\n",
     {("ship_order", "label_tray"): "enforce", ("ship_order", "get_order"): "enforce"}),
    ("`prior to ..., you must:` over items joined by `and`",
     "Prior to discarding a tray, you must:\n- read the tray, and\n- log its germination.\n",
     {("discard_tray", "get_tray"): "enforce", ("discard_tray", "log_germination"): "enforce"}),
    ("a lead line `after ...:` over one item",
     "After an order is cancelled:\n- Refund the order.\n",
     {("refund_order", "cancel_order"): "enforce"}),
    ("a lead that only recommends", "Ideally, before shipping an order:\n- Label the tray.\n",
     {}),
    # steps after the colon on the lead's own line
    ("a purpose and numbered steps on one line",
     "To discard a tray: 1) read the tray, 2) log its germination, 3) discard it.\n",
     {("log_germination", "get_tray"): "review_only",
      ("discard_tray", "log_germination"): "enforce"}),
    ("a process and steps said in order on one line",
     "Refund process: fetch the order, cancel it, then refund it.\n",
     {("cancel_order", "get_order"): "review_only", ("refund_order", "cancel_order"): "enforce"}),
    ("a line naming no goal or process", "Tips: fetch the order, then ship it.\n", {}),
    # not procedures
    ("a list of things the agent may do", "You may:\n\n1. Fetch an order.\n2. Ship an order.\n",
     {}),
    ("a heading naming no action", "## Notes\n\n1. Fetch the order.\n2. Ship the order.\n", {}),
    ("bullets under a goal line",
     "When a grower wants to ship an order:\n- Fetch the order.\n- Ship the order.\n", {}),
    ("a condition before `first`", "If the tray is dry, water it first.\n", {}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "doc", "want"), ROWS, ids=[r[0] for r in ROWS])
def test_numbered_steps(tmp_path: Path, name: str, doc: str, want: Orders) -> None:
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{doc}", json.loads(json.dumps(NURSERY)))
    found: dict[tuple[str, str], set[str]] = {}
    for p in built.policies:
        if p.operator == "require_before":
            before = p.condition.model_dump()["before"]
            found.setdefault((str(p.target), str(before)), set()).add(p.enforcement)
    if name.startswith("a check"):  # the order is read, but never enforced
        assert found
        assert all("enforce" not in m for m in found.values())
        return
    assert {k: min(v) for k, v in found.items()} == want
    assert all(len(v) == 1 for v in found.values())


def test_an_after_lead_reports_its_duty(tmp_path: Path) -> None:
    doc = "# Desk\n\nAfter an order is cancelled:\n- Refund the order.\n"
    built = build_prompt(tmp_path, doc, json.loads(json.dumps(NURSERY)))
    notes = [d for d in built.state.diagnostics if d.code == "obligation-not-enforced"]
    assert [d.span.start_line for d in notes if d.span] == [3]


def test_checked() -> None:
    assert checked("verify grower identity")
    assert checked("check tray")
    assert not checked("fetch order")
    assert not checked(None)
    assert not checked(["verify x"])

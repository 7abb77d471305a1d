"""Orderings over coordinated prerequisites and targets (`extract/order_alternatives.py`,
`coordination.alternative_objects`, "as well as" in `order_targets`): "look up the grower or
the order before X" is satisfied by either lookup (an any-of prerequisite), "... the grower
and the order ..." needs both, "before `a` as well as `b`" constrains both. A plant nursery
desk written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_grower", "Find a grower account by name.", grower_name="string"),
    _tool("get_pot_order", "Fetch a pot order with its status.", order_id="string"),
    _tool("check_frost_forecast", "Check the frost forecast for a date.", date="string"),
    _tool("cancel_pot_order", "Cancel a pot order.", order_id="string"),
    _tool("refund_pot_order", "Refund a pot order's payment.", order_id="string"),
    _tool("ship_seedlings", "Ship the seedlings of an order.", order_id="string"),
]


def _orders(tmp_path: Path, sentence: str) -> set[tuple[str, tuple[str, ...]]]:
    """(target, prerequisites) of each ordering; several prerequisites are any-of."""
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{sentence}\n", TOOLS)
    out = set()
    for p in built.policies:
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md"):
            before = p.condition.before  # type: ignore[attr-defined]
            ways = (before,) if isinstance(before, str) else tuple(sorted(before))
            out.add((str(p.target), ways))
    return out


ANY = ("find_grower", "get_pot_order")


@pytest.mark.parametrize(
    ("sentence", "orders"),
    [
        # "or" between the objects of the prerequisite: either one does (both were required)
        ("Look up the grower or the pot order before shipping the seedlings.",
         {("ship_seedlings", ANY)}),
        ("Before shipping the seedlings, look up the grower or the pot order.",
         {("ship_seedlings", ANY)}),
        ("Look up the grower or the pot order before cancelling a pot order or shipping "
         "the seedlings.", {("cancel_pot_order", ANY), ("ship_seedlings", ANY)}),
        # the alternative said inside a later event: only the first was read (stronger)
        ("Only ship the seedlings after you have looked up the grower or the pot order.",
         {("ship_seedlings", ANY)}),
        ("Cancelling a pot order requires looking up the grower or the pot order first.",
         {("cancel_pot_order", ANY)}),
        # "and": both are required, one ordering each (unchanged)
        ("Look up the grower and the pot order before shipping the seedlings.",
         {("ship_seedlings", ("find_grower",)), ("ship_seedlings", ("get_pot_order",))}),
        # tool ids with "either ... or" (read before): unchanged
        ("Call either `find_grower` or `get_pot_order` before `ship_seedlings`.",
         {("ship_seedlings", ANY)}),
        # "as well as" joins the constrained actions: the second was dropped
        ("Call `get_pot_order` before `cancel_pot_order` as well as `refund_pot_order`.",
         {("cancel_pot_order", ("get_pot_order",)), ("refund_pot_order", ("get_pot_order",))}),
        ("Call `get_pot_order` before cancelling a pot order as well as refunding a pot order.",
         {("cancel_pot_order", ("get_pot_order",)), ("refund_pot_order", ("get_pot_order",))}),
        # tool ids as the subject, with or without "both" / "either": each is constrained
        ("Both `cancel_pot_order` and `refund_pot_order` require a prior call to "
         "`get_pot_order`.",
         {("cancel_pot_order", ("get_pot_order",)), ("refund_pot_order", ("get_pot_order",))}),
        ("`cancel_pot_order` and `refund_pot_order` require a prior call to `get_pot_order`.",
         {("cancel_pot_order", ("get_pot_order",)), ("refund_pot_order", ("get_pot_order",))}),
        # two ids said as one prerequisite mention joined by "or": either one
        ("`find_grower` or `get_pot_order` must be called before `ship_seedlings`.",
         {("ship_seedlings", ANY)}),
        # a procedure's step with alternative objects: the next step needs either one
        ("First look up the grower or the pot order, then ship the seedlings.",
         {("ship_seedlings", ANY)}),
        ("First look up the grower and the pot order, then ship the seedlings.",
         {("ship_seedlings", ("find_grower",)), ("ship_seedlings", ("get_pot_order",))}),
        # a procedure's step of alternative actions: each needs the step before, and the
        # next step needs either one (the second action was dropped)
        ("Look up the pot order, then cancel it or ship the seedlings.",
         {("cancel_pot_order", ("get_pot_order",)), ("ship_seedlings", ("get_pot_order",))}),
        ("Look up the pot order, then cancel it or refund it.",
         {("cancel_pot_order", ("get_pot_order",)), ("refund_pot_order", ("get_pot_order",))}),
        ("First cancel the pot order or refund the pot order, then ship the seedlings.",
         {("ship_seedlings", ("cancel_pot_order", "refund_pot_order"))}),
        # negative: the coordination belongs to the constrained side, not the prerequisite
        ("Before cancelling a pot order or a shipment, look up the pot order.",
         {("cancel_pot_order", ("get_pot_order",))}),
    ],
)  # fmt: skip
def test_coordinated_orderings(
    tmp_path: Path, sentence: str, orders: set[tuple[str, tuple[str, ...]]]
) -> None:
    assert _orders(tmp_path, sentence) == orders


def test_an_action_after_or_is_no_alternative_object(tmp_path: Path) -> None:
    # "or called the farm" names no tool: no alternative is guessed from it, and the
    # reading (which the "or" makes stronger than the sentence) stays reviewed
    sentence = "Only ship the seedlings after you have looked up the grower or called the farm."
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{sentence}\n", TOOLS)
    orders = [p for p in built.policies if p.operator == "require_before"]
    assert {str(p.condition.before) for p in orders} <= {"find_grower"}  # type: ignore[attr-defined]
    assert all(p.enforcement == "review_only" for p in orders)

"""More shapes of an ordering (`specgap.extract.order_rephrase`): "X first; only then may you
Y", "No N is V-ed until X", "The N must have been V-ed before M can be V-ed", "you need to X,
then you can Y", and "make sure the N has been looked up before Y". Each is said again in a
shape the ordering readers know, the same two actions in the same order. Sentences written
for the test, in a made-up parcel depot."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.order_events import event_action
from specgap.extract.order_rephrase import chain_form, rephrased_orders
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

DEPOT = [
    _tool("get_parcel", "Look up a parcel with its status and weight.", parcel_id="string"),
    _tool("weigh_parcel", "Weigh a parcel on the depot scale.", parcel_id="string"),
    _tool("ship_parcel", "Ship a parcel to its address.", parcel_id="string"),
    _tool("print_label", "Print the shipping label of a parcel.", parcel_id="string"),
    _tool("send_notice", "Send a notice e-mail to a sender.", sender_id="string", body="string"),
]  # fmt: skip

CHAIN: list[tuple[str, str]] = [
    ("Weigh the parcel first; only then may you ship it.",
     "Weigh the parcel first, and only then ship it"),
    ("Look up the parcel first \u2014 only then you can print a label.",
     "Look up the parcel first, and only then print a label"),
    ("You need to weigh the parcel, then you can ship it.", "weigh the parcel, then ship it"),
    ("Staff must weigh the parcel; then ship it.", "weigh the parcel, then ship it"),
    ("Weigh the parcel \u2192 print a label \u2192 ship it.",
     "Weigh the parcel, then print a label, then ship it"),
    ("Look up the parcel -> weigh it", "Look up the parcel, then weigh it"),
    ("The parcel is weighed first, then the label is printed.",
     "weigh The parcel first, then print the label"),
    ("Parcels are looked up first, and then the parcel is shipped.",
     "look up Parcels first, then ship the parcel"),
    # not these shapes: the text itself
    ("Weigh the parcel first.", "Weigh the parcel first."),
    ("The parcel is weighed first.", "The parcel is weighed first."),
    ("You need to weigh the parcel.", "You need to weigh the parcel."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), CHAIN, ids=[t for t, _ in CHAIN])
def test_chain_form(text: str, said: str) -> None:
    assert chain_form(text) == said


REPHRASED: list[tuple[str, list[str]]] = [
    ("No parcel is shipped until it has been weighed.",
     ["Do not ship a parcel until it has been weighed"]),
    ("No parcel may be shipped before its label is printed.",
     ["Do not ship a parcel before its label is printed"]),
    ("No parcel is picked up unless it was weighed.",
     ["Do not pick up a parcel unless it was weighed"]),
    ("The parcel must have been weighed before a label can be printed.",
     ["Weigh the parcel before printing a label"]),
    ("Every parcel must have been looked up before it is shipped.",
     ["Look up the parcel before it is shipped"]),
    ("A parcel may not be shipped while its weight has not been checked.",
     ["A parcel may not be shipped until its weight has been checked."]),
    ("Do not ship a parcel before you have its label.",
     ["Do not ship a parcel before getting its label."]),
    ("Once the weighing passes, the parcel may be shipped.",
     ["Once the weighing is complete, the parcel may be shipped."]),
    ("Whenever a parcel is shipped, its label must have been printed beforehand.",
     ["Print its label before a parcel is shipped"]),
    # no ordering said: nothing
    ("Do not ship a parcel while it is on the scale.", []),
    ("Do not ship a parcel before you have confirmed it.", []),  # a perfect, read elsewhere
    ("Once the deadline is near, call the sender.", []),
    ("No parcel is heavier than 30 kg.", []),
    ("The parcel must have been weighed.", []),
    ("No exceptions.", []),
    # a second clause after a semicolon is its own sentence, read by the readers that know it
    ("No parcel is shipped until it is weighed; print the label only after that.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), REPHRASED, ids=[t for t, _ in REPHRASED])
def test_rephrased_orders(text: str, said: list[str]) -> None:
    assert rephrased_orders(text) == said


BUILT: list[tuple[str, set[tuple[str, str]]]] = [
    ("Weigh the parcel first; only then may you ship it.", {("ship_parcel", "weigh_parcel")}),
    ("You need to weigh the parcel, then you can ship it.", {("ship_parcel", "weigh_parcel")}),
    ("No parcel is shipped until it has been weighed.", {("ship_parcel", "weigh_parcel")}),
    ("The parcel must have been weighed before a label can be printed.",
     {("print_label", "weigh_parcel")}),
    ("Make sure the parcel has been looked up before shipping it.",
     {("ship_parcel", "get_parcel")}),
    ("Weigh the parcel \u2192 print a label \u2192 ship the parcel.",
     {("print_label", "weigh_parcel"), ("ship_parcel", "print_label")}),
    ("The parcel is weighed first, then the parcel is shipped.",
     {("ship_parcel", "weigh_parcel")}),
    ("A parcel may not be shipped while it has not been weighed.",
     {("ship_parcel", "weigh_parcel")}),
    ("Do not print a label before you have the parcel's details.",
     {("print_label", "get_parcel")}),
    ("Whenever a parcel is shipped, it must have been weighed beforehand.",
     {("ship_parcel", "weigh_parcel")}),
    ("Ensure you've weighed the parcel prior to shipping it.", {("ship_parcel", "weigh_parcel")}),
    # a permission, a list of things, a bound: no ordering
    ("Sizes go small \u2192 medium \u2192 large.", set()),
    ("You may weigh the parcel; you may also ship it.", set()),
    ("No parcel is heavier than 30 kg.", set()),
]  # fmt: skip


@pytest.mark.parametrize(("text", "orders"), BUILT, ids=[t for t, _ in BUILT])
def test_built(tmp_path: Path, text: str, orders: set[tuple[str, str]]) -> None:
    built = build_prompt(tmp_path, f"# Depot desk\n\n{text}\n", DEPOT)
    found = {
        (p.target, str(p.condition.model_dump()["before"]))
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    assert found == orders


# an event said by an action noun the suffix rules know (`nominals`): its verb and object
NOUN_EVENTS: list[tuple[str, str | None]] = [
    ("any parcel admission", "admit parcel"),
    ("a depot removal", "remove depot"),
    ("the approval of the refund", "approve refund"),
    ("a station", None),  # spelled like an act, names a thing
    ("the department", None),
]


@pytest.mark.parametrize(("event", "action"), NOUN_EVENTS, ids=[e for e, _ in NOUN_EVENTS])
def test_noun_events(event: str, action: str | None) -> None:
    assert event_action(event) == action


def test_a_noun_event_orders(tmp_path: Path) -> None:
    tools = [*DEPOT, _tool("admit_parcel", "Admit a parcel into the depot.", parcel_id="string")]
    text = "Any parcel admission must be preceded by a weighing of the parcel."
    built = build_prompt(tmp_path, f"# Depot desk\n\n{text}\n", tools)
    found = {
        (p.target, str(p.condition.model_dump()["before"]))
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    assert found == {("admit_parcel", "weigh_parcel")}

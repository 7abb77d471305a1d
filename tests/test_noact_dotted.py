"""Dotted tool ids (`specgap.extract.noact_dotted`): a sentence that names a tool the way
a dotted registry spells it (`plants.order.get`), quoted or not, is read like one naming a
snake_case id, and compiles on the registry's own id. Negative rows: file names, web
addresses, abbreviations and versions are no ids. Sentences written for this test, in the
plant-nursery domain of `tests.noact_domains`."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.noact_dotted import snake
from tests.noact_domains import at_line, build, notes_at

SNAKE: list[tuple[str, str | None]] = [
    ("Order ids must come from plants.order.get.", "Order ids must come from plants_order_get."),
    ("Call `crm.findLead` then orders.get_order.", "Call `crm_findLead` then orders_get_order."),
    ("See policy.md and www.example.com, e.g. the FAQ.", None),
    ("Version 1.2.3 of svc.a.b is live.", None),
    ("Mail help.desk@example.org for access.", None),
    ("Use the `aws.s3` bucket list.", None),
]


@pytest.mark.parametrize(("text", "said"), SNAKE)
def test_a_dotted_id_is_spelt_in_snake_case(text: str, said: str | None) -> None:
    found = snake(text)
    assert (found[0] if found is not None else None) == said


def test_the_ids_are_known_by_their_snake_spelling_and_a_bare_one_is_told() -> None:
    assert snake("Call `crm.findLead` first.") == (
        "Call `crm_findLead` first.",
        {"crm_findLead": "crm.findLead"},
        False,
    )
    assert snake("Call crm.findLead first.") == (
        "Call crm_findLead first.",
        {"crm_findLead": "crm.findLead"},
        True,
    )


# (sentence, operator, tool, a tool-valued parameter and its value)
READ: list[tuple[str, str, str, tuple[str, object] | None]] = [
    ("Any order id passed to plants.order.cancel must come from plants.order.get.",
     "arg_grounded", "plants.order.cancel", ("from_tools", ("plants.order.get",))),
    ("The order id must always come from `plants.order.get`.", "arg_grounded",
     "plants.order.cancel", ("from_tools", ("plants.order.get",))),
    ("Confirm with the customer before calling plants.order.update_address.",
     "require_confirmation", "plants.order.update_address", None),
    ("Never call plants.refund.issue more than once per order.", "max_calls",
     "plants.refund.issue", ("max", 1)),
]  # fmt: skip


def test_a_rule_naming_a_dotted_id_compiles_on_it(tmp_path: Path) -> None:
    built = build(tmp_path, "nursery", [row[0] for row in READ])
    for n, (sentence, operator, tool, param) in enumerate(READ):
        found = [p for p in at_line(built, n) if p.operator == operator and p.target == tool]
        assert found, (sentence, at_line(built, n), notes_at(built, n))
        if param is not None:
            assert found[0].condition.model_dump()[param[0]] == param[1]
    # the confirmation is on the one tool named, never spread over every `plants` tool
    assert {p.target for p in at_line(built, 2)} == {"plants.order.update_address"}
    # each id resolves by its exact spelling, not by an alias of the snake one
    said = {r.mention: r.candidates[0].via for r in built.bundle.resolutions if r.candidates}
    assert said.get("plants.order.update_address") == "exact_id"
    assert not any("_" in m and m.replace("_", ".") in said for m in said)

"""Session 30: a legend of marks read on the lines the marks open (`legend30`). Lines
written for these tests, in a made-up window-cleaning round desk with icon marks."""

from __future__ import annotations

from pathlib import Path

from specgap.extract.legend30 import read_legend
from tests.probes import desk_policies, fits, shown
from tests.probes import spec as T

ROUND = [
    T("lookup_house", "Finds a house on the round.", postcode="string"),
    T("add_clean", "Adds a clean to the round.", house_id="string", panes="integer"),
    T("skip_clean", "Skips the next clean.", house_id="string"),
    T("refund_clean", "Refunds a clean.", house_id="string", amount="number"),
    T("ladder_override", "Overrides the ladder safety check.", house_id="string"),
]

LEGEND = (
    "# Round desk\n\n"
    "Each line below opens with a mark:\n\n"
    "- ⛔ STOP: never, whatever the householder says.\n"
    "- ✋ ASK: read it back and get the householder's yes first.\n"
    "- 👀 CHECK: wait until the round manager has reviewed it.\n"
    "- ✅ GO: fine within the limits on the line.\n\n"
)


def _any(policies: list, operator: str, target: str, **params: object) -> bool:
    return any(fits(p, operator, target, params) for p in policies)


def test_a_marked_line_is_read_with_its_marks_meaning(tmp_path: Path) -> None:
    text = LEGEND + (
        "## Cleans\n\n"
        "- ⛔ `ladder_override`; ladders are checked on site.\n"
        "- ✋ Skipping a clean with `skip_clean`.\n"
        "- 👀 Every `refund_clean` refund.\n"
        "- ✅ `add_clean` takes at most 40 panes.\n"
    )
    policies = desk_policies(tmp_path, text, ROUND)
    assert _any(policies, "deny_action", "ladder_override"), shown(policies)
    assert _any(policies, "require_confirmation", "skip_clean"), shown(policies)
    assert _any(policies, "review_required", "refund_clean"), shown(policies)
    assert _any(policies, "arg_within_bound", "add_clean", arg="panes", max=40), shown(policies)
    # a "go" line is no refusal and needs no yes; the legend's own lines are no rules
    assert not [p for p in policies if p.target == "add_clean" and p.operator != "arg_within_bound"]
    assert not [p for p in policies if p.target == "lookup_house"], shown(policies)


def test_a_refused_gerund_is_said_in_its_base_form(tmp_path: Path) -> None:
    text = LEGEND + "- ⛔ Skipping or refunding a clean that is already done.\n"
    policies = desk_policies(tmp_path, text, ROUND)
    assert {p.target for p in policies if p.operator in {"deny_action", "state_condition"}} >= {
        "skip_clean",
        "refund_clean",
    }, shown(policies)


def test_a_legend_is_read_in_every_later_section(tmp_path: Path) -> None:
    # the legend is in the prompt's first section and the marked line two headings on
    text = LEGEND + "## Cleans\n\nSome words.\n\n## Safety\n\n- ⛔ `ladder_override`.\n"
    assert read_legend(text) is not None
    policies = desk_policies(tmp_path, text, ROUND)
    assert _any(policies, "deny_action", "ladder_override"), shown(policies)


def test_decorative_icons_are_no_legend() -> None:
    text = "- 📞 Phone: 0100 000 000\n- 📧 Email: desk@example.org\n- 🕘 Hours: 9 to 5\n"
    assert read_legend(text) is None

"""Session 28: tool cards, a heading that names one tool with lines under it that open with
a bold label ("**First:**", "**Not when:**", "**Ask:**", "**Limits:**"), read as the cells of
a tool table's row; "the same X" said in either clause of an ordering; an exception after a
comma ("..., except for X") is the rule's condition. Sentences written for these tests, in a
made-up ski-hire counter with hyphenated tool ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

SKIS = [
    T("Find-Skier", "Finds a skier's account by pass number.", pass_number="string"),
    T(
        "Read-Hire",
        "Reads one hire: its status (booked, out, returned) and the skis.",
        hire_id="string",
    ),
    T(
        "Start-Hire",
        "Starts a hire of skis.",
        skier_id="string",
        length_cm="integer",
        days="integer",
    ),
    T("Change-Hire", "Changes the skis or dates of a hire.", hire_id="string"),
    T("End-Hire", "Ends a hire.", hire_id="string", reason="string"),
    T("Refund-Hire", "Refunds a hire.", hire_id="string", amount="number"),
]


def _card(tool: str, *lines: str) -> str:
    return f"## Doing it: `{tool}`\n" + "\n".join(f"- {line}" for line in lines)


def test_a_cards_first_line_orders_its_tool_after_the_step_on_the_same_thing(
    tmp_path: Path,
) -> None:
    text = _card("Change-Hire", "**First:** `Read-Hire` on that same hire.")
    policies = desk_policies(tmp_path, text, SKIS)
    assert has_policy(
        policies,
        "require_before",
        "Change-Hire",
        "enforce",
        before="Read-Hire",
        same={"arg": "hire_id"},
    ), shown(policies)


def test_a_cards_not_when_line_is_a_refusal_not_a_permission(tmp_path: Path) -> None:
    # "Not when" holds the word "when" a column of when an action is allowed has: read as
    # that column, the card would allow ending a hire only while it is out or returned
    text = _card("End-Hire", "**Not when:** the hire is out or returned.")
    policies = desk_policies(tmp_path, text, SKIS)
    states = [p for p in policies if p.operator == "state_condition"]
    assert states, shown(policies)
    assert all(not p.condition.allowed for p in states), shown(policies)
    assert all(set(p.condition.denied) == {"out", "returned"} for p in states), shown(policies)


def test_a_cards_use_when_line_allows_the_state_it_names(tmp_path: Path) -> None:
    text = _card("Refund-Hire", "**Use when:** the hire's status is returned.")
    policies = desk_policies(tmp_path, text, SKIS)
    states = [p for p in policies if p.operator == "state_condition"]
    assert [tuple(p.condition.allowed) for p in states] == [("returned",)], shown(policies)


def test_two_labels_on_one_line_are_two_cells(tmp_path: Path) -> None:
    text = _card(
        "Start-Hire",
        "**Ask:** read back the skis and wait for a yes. **First:** `Find-Skier`.",
    )
    policies = desk_policies(tmp_path, text, SKIS)
    assert has_policy(policies, "require_confirmation", "Start-Hire", "enforce"), shown(policies)
    assert has_policy(policies, "require_before", "Start-Hire", "enforce", before="Find-Skier"), (
        shown(policies)
    )


def test_a_limits_line_is_read_a_limit_at_a_time(tmp_path: Path) -> None:
    text = _card("Change-Hire", "**Limits:** keep it friendly; a hire is changed twice at most.")
    policies = desk_policies(tmp_path, text, SKIS)
    assert has_policy(policies, "max_calls", "Change-Hire", "enforce", max=2), shown(policies)


def test_a_line_without_a_label_or_a_heading_without_one_tool_is_not_a_card(
    tmp_path: Path,
) -> None:
    from specgap.extract.tool_tables import card_tool

    # (hyphenated ids are read respelt with underscores, `ids7_respell`)
    assert card_tool("Doing it: `End_Hire`") == "End_Hire"
    assert card_tool("`End_Hire` and `Refund_Hire`") is None
    assert card_tool("Ending hires") is None
    # under a heading naming two tools, "Not when" is no refusal of either
    text = (
        "## `End-Hire` and `Refund-Hire`\n- **Not when:** the hire is out.\n"
        "## Ending: `End-Hire`\n- The hire is out, so say so."
    )
    policies = desk_policies(tmp_path, text, SKIS)
    assert not [p for p in policies if p.operator == "state_condition"], shown(policies)


@pytest.mark.parametrize(
    ("text", "same"),
    [
        ("Call `Read-Hire` on the same hire before you call `Change-Hire`.", "hire_id"),
        ("Call `Read-Hire` before you call `Change-Hire` on that same hire.", "hire_id"),
        ("Call `Read-Hire` before `Change-Hire` on that very hire.", "hire_id"),
        # a span of time or talk is no entity the calls share
        ("Call `Read-Hire` before you call `Change-Hire` in the same chat.", None),
        ("Call `Read-Hire` before `Change-Hire`.", None),
    ],
)
def test_the_same_thing_said_in_either_clause(tmp_path: Path, text: str, same: str | None) -> None:
    policies = desk_policies(tmp_path, text, SKIS)
    found = [p for p in policies if p.operator == "require_before" and p.target == "Change-Hire"]
    assert len(found) == 1, shown(policies)
    said = found[0].condition.same
    assert (said.arg if said is not None else None) == same, shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Call `End-Hire` before you call `Refund-Hire`, except for broken bindings.",
        "Call `End-Hire` on the same hire, except for broken bindings, before `Refund-Hire`.",
    ],
)
def test_an_exception_after_a_comma_keeps_the_order_reviewed(tmp_path: Path, text: str) -> None:
    # without its exception the order would be enforced on every refund, stronger than said
    policies = desk_policies(tmp_path, text, SKIS)
    found = [p for p in policies if p.operator == "require_before" and p.target == "Refund-Hire"]
    assert found, shown(policies)
    assert all(p.enforcement == "review_only" for p in found), shown(policies)


def test_except_for_in_a_list_is_no_condition(tmp_path: Path) -> None:
    # no comma: "every tool except for X" names what the rule is about
    text = "Call `Find-Skier` before every tool except for `Read-Hire`."
    policies = desk_policies(tmp_path, text, SKIS)
    assert not [p for p in policies if "except" in str(p.condition.model_dump())], shown(policies)


def test_a_tool_tables_refused_when_column_refuses(tmp_path: Path) -> None:
    text = (
        "| Action | Tool | Refused when |\n|---|---|---|\n"
        "| End a hire | `End-Hire` | The hire is out. |"
    )
    policies = desk_policies(tmp_path, text, SKIS)
    states = [p for p in policies if p.operator == "state_condition"]
    assert states, shown(policies)
    assert all(tuple(p.condition.denied) == ("out",) for p in states), shown(policies)
    assert all(not p.condition.allowed for p in states), shown(policies)


def test_a_cards_note_that_names_its_tool_is_read_as_it_is(tmp_path: Path) -> None:
    # with the card's tool put in front, "never put two `t` calls in one message" was an
    # enforced ban of every `Start-Hire` call: far stronger than the sentence
    text = _card("Start-Hire", "**Note:** never put two `Start-Hire` calls in the same message.")
    policies = desk_policies(tmp_path, text, SKIS)
    assert has_policy(policies, "one_call_at_a_time", "Start-Hire", "enforce", same_tool=True), (
        shown(policies)
    )
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


def test_two_calls_put_in_one_message(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Never put two `End-Hire` calls in the same message.", SKIS)
    assert has_policy(policies, "one_call_at_a_time", "End-Hire", "enforce", same_tool=True), shown(
        policies
    )
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


def test_a_footnote_under_a_heading_of_its_own_still_makes_the_exception(
    tmp_path: Path,
) -> None:
    # a prompt was read section by section, so a footnote defined under "## Notes" was not
    # in the section of the rule that marks it: the range was enforced for everyone
    from specgap.sections import sections

    text = (
        "## Hires\n\nA hire runs from 1 to 14 days.[^1]\n\n"
        "## Notes\n\n[^1]: Club members may hire for longer.\n"
    )
    assert sections(f"# Desk\n\n{text}") is None
    policies = desk_policies(tmp_path, text, SKIS)
    ranges = [p for p in policies if p.operator == "arg_within_bound"]
    assert ranges, shown(policies)
    assert {p.enforcement for p in ranges} == {"review_only"}, shown(policies)

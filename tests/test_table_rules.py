"""Rules written as a Markdown table: each body row is one sentence, its cells in source
order, a cell that states the rule ("Never", "Only with ...", "At most twice ...") joined to
the cells before it; header cells only label their column. A gym's front desk, written for
the test (the tools of `tests/test_grammar_bans.py`)."""

from __future__ import annotations

from pathlib import Path

from tests.corpus_agents import build_prompt
from tests.test_grammar_bans import GYM

TABLE = """# Front desk

| Action | Rule |
|---|---|
| Delete a member | Never |
| Issue a refund | Only with the member's confirmation |
| Freeze a membership | At most twice per member |
| Book a class | Only after finding the member |
| Opening hours | 6:00 to 22:00 on weekdays |
"""


def test_each_row_of_a_rule_table_is_its_rule(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, TABLE, GYM)
    found = sorted(
        (p.source.span.start_line, p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    )
    assert found == [
        (5, "deny_action", "delete_member", "enforce"),
        (6, "require_confirmation", "issue_refund", "enforce"),
        (7, "max_calls", "freeze_membership", "enforce"),
        (8, "require_before", "book_class", "enforce"),
    ]
    # a row is located on its own line, and the quote is the row's cells as written
    ban = next(p for p in built.policies if p.operator == "deny_action")
    assert ban.source.span.start_col > 1
    assert ban.source.quote.startswith("Delete a member")
    assert ban.source.quote.endswith("Never")


def test_a_fact_row_and_the_header_are_no_rules(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, TABLE, GYM)
    lines = {
        d.span.start_line
        for d in built.state.diagnostics
        if d.span and d.span.path.endswith("prompt.md")
    }
    assert 3 not in lines  # the header row
    assert 9 not in lines  # "Opening hours: 6:00 to 22:00": a fact


PERMISSIONS = """# Front desk

| Action | Allowed? |
|---|---|
| Delete a member | No |
| Book a class | Yes |
| Freeze a membership | Not allowed |
"""

NOT_PERMISSIONS = """# Front desk

| Action | Needs a card? |
|---|---|
| Book a class | No |
"""


def test_a_no_under_an_allowed_column_is_a_ban_and_a_yes_no_rule(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, PERMISSIONS, GYM)
    found = sorted(
        (p.source.span.start_line, p.operator, p.target, p.source.quote)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    )
    assert found == [
        (5, "deny_action", "delete_member", "Delete a member | No"),
        (7, "deny_action", "freeze_membership", "Freeze a membership | Not allowed"),
    ]


def test_a_no_under_another_question_is_no_ban(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, NOT_PERMISSIONS, GYM)
    assert [p for p in built.policies if p.operator == "deny_action"] == []

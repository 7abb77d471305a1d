"""A question in bold on a line of its own heads its answer as a heading would
(`segments.markdown_sentences`): "**What do I do if a member asks for a bill credit?**"
scopes the sentences after it to that action, so "the member number must be the one
find_member returned" binds `apply_bill_credit`'s argument, not that of every tool taking a
member number (which would be stronger than the sentence read in its place).

Differential: the policies read under a bold question are the policies read under the same
question written as a `###` heading. A made-up solar-garden billing desk; every sentence is
written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import Built, build_prompt
from tests.probes import spec as T

TOOLS = [
    T("find_member", "Find a garden member by name, postcode.", name="string", postcode="string"),
    T("get_statement", "Get a member's monthly statement.", member_number="string", month="string"),
    T("apply_bill_credit", "Apply a credit to a member's bill.", member_number="string",
      amount="number", statement_id="string"),
    T("waive_late_fee", "Waive the late fee on a statement.", member_number="string",
      statement_id="string"),
    T("send_member_email", "Email a member.", member_number="string", subject="string",
      body="string"),
]  # fmt: skip


def _read(tmp_path: Path, text: str) -> list[tuple[str, str | None, str, str]]:
    tmp_path.mkdir(exist_ok=True)
    built: Built = build_prompt(tmp_path, f"# Rules\n\n{text}\n", TOOLS)
    return sorted(
        (p.operator, p.target, p.enforcement, p.condition.model_dump_json())
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    )


QUESTIONS = [
    ("What do I do if a member asks for a bill credit?",
     "Check the statement first. The member number must be the one find_member returned."),
    ("What if a member wants a late fee waived?",
     "The statement id has to come from get_statement, never from the caller."),
    ("Can I email a member about a credit?",
     "Yes, but only after the credit was applied. Never more than two emails a day."),
    ("How do I handle a credit request for `apply_bill_credit`?",
     "Credits above 50 dollars are not applied; the member number comes from find_member."),
]  # fmt: skip


@pytest.mark.parametrize(("question", "answer"), QUESTIONS)
def test_a_bold_question_reads_as_its_heading(tmp_path: Path, question: str, answer: str) -> None:
    bold = _read(tmp_path / "bold", f"**{question}**\n{answer}")
    apart = _read(tmp_path / "apart", f"**{question}**\n\n{answer}")
    heading = _read(tmp_path / "heading", f"### {question}\n\n{answer}")
    assert bold == heading
    assert apart == heading


def test_the_answer_binds_the_asked_action_only(tmp_path: Path) -> None:
    text = (
        "**What do I do if a member asks for a bill credit?**\n"
        "The member number must be the one find_member returned."
    )
    grounded = [p for p in _read(tmp_path, text) if p[0] == "arg_grounded"]
    assert [p[1] for p in grounded] == ["apply_bill_credit"]


def test_a_bold_label_that_asks_nothing_is_no_heading(tmp_path: Path) -> None:
    # "**Note:**" is a label, not a question: the sentence keeps the section's scope
    plain = _read(tmp_path / "plain", "The member number must be the one find_member returned.")
    noted = _read(
        tmp_path / "noted", "**Note:**\nThe member number must be the one find_member returned."
    )
    assert noted == plain
    assert len([p for p in plain if p[0] == "arg_grounded"]) > 1

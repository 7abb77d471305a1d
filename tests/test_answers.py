"""FAQ-style policies: an answer is read with its question ("Can I refund a booking? Only
after it has been cancelled." states "refund a booking only after it has been cancelled").
A bike-repair shop written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.answers import question, statement
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_customer", "Find a customer by phone number.", phone="string"),
    _tool("get_job", "Read a job: status (booked, in_progress, done, collected).", job_id="string"),
    _tool("book_repair", "Book a repair job for a bike.", customer_id="string", bike="string"),
    _tool("cancel_job", "Cancel a repair job.", job_id="string"),
    _tool("refund_job", "Refund a job.", job_id="string", amount="number"),
    _tool("text_customer", "Send a text to a customer.", customer_id="string", body="string"),
]


def _said(asked: str, answer: str) -> str | None:
    q = question(asked)
    assert q is not None, asked
    parts = statement(q, answer)
    if parts is None:
        return None
    return "".join(p if isinstance(p, str) else answer[p[0] : p[1]] for p in parts)


@pytest.mark.parametrize(
    ("asked", "answer", "said"),
    [
        ("Can I cancel a job?", "No.", "Never cancel a job."),
        ("Can I cancel a job?", "No, the workshop does that.",
         "Never cancel a job; the workshop does that."),
        ("Can I cancel a job?", "Not unless the customer asks.",
         "Never cancel a job unless the customer asks."),
        ("Can I refund a job?", "Not before it has been cancelled.",
         "Never refund a job before it has been cancelled."),
        ("Can I refund a job?", "No, not without the receipt.",
         "Never refund a job without the receipt."),
        ("**Can I refund a job?**", "Only after it has been cancelled.",
         "You may refund a job only after it has been cancelled."),
        ("Q: May we cancel a job?", "A: Yes, while it is booked.",
         "You may cancel a job only while it is booked."),
        ("Am I allowed to cancel a job?", "Yes - but only if it is booked.",
         "You may cancel a job only if it is booked."),
        ("Can I book a repair for any bike?", "Only for bikes we sell.",
         "You may book a repair only for bikes we sell."),
        ("Can I book a repair?", "Yes, but always text the customer after.",
         "When you book a repair, always text the customer after."),
        ("Do I need to find the customer first?", "Yes.",
         "Always find the customer first."),
        ("Should I look up the job first?", "Always, before any refund.",
         "Always look up the job first, before any refund."),
        ("Do I need to text the customer?", "No.", "You do not need to text the customer."),
        ("Do I need the customer's OK before refunding?", "Yes.",
         "You need the customer's OK before refunding."),
        ("Can a job be cancelled?", "Only while it is booked.",
         "A job can be cancelled only while it is booked."),
        ("Can collected jobs be refunded?", "No.", "Collected jobs can never be refunded."),
        ("How many texts can I send?", "At most two per job.",
         "Send at most two texts per job."),
        ("How many repairs can a customer book?", "Three a week.",
         "Book three repairs a week."),
        ("When can I refund a job?", "Only after it is cancelled.",
         "Refund a job only after it is cancelled."),
        ("What if the bike is stolen?", "Text the customer and cancel the job.",
         "If the bike is stolen, text the customer and cancel the job."),
        ("What do I need to do before booking a repair?", "Find the customer.",
         "Before booking a repair, find the customer."),
    ],
)  # fmt: skip
def test_the_statement_of_a_question_and_its_answer(asked: str, answer: str, said: str) -> None:
    assert _said(asked, answer) == said


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("Can I cancel a job?", "The workshop decides."),  # no shape read here
        ("Can I cancel a job?", "Yes, the customer will get a text."),  # no condition
        ("Can I book a repair?", "Yes."),  # a permission states no rule
        ("What if the bike is stolen?", "Yes."),
        ("How many texts can I send?", "As many as needed."),
    ],
)
def test_answers_of_other_shapes_are_left_alone(asked: str, answer: str) -> None:
    assert _said(asked, answer) is None


@pytest.mark.parametrize(
    "text",
    [
        "Can the customer collect the bike early?",  # what someone else may do
        "Why do repairs take a week?",
        "Opening hours: 9 to 5.",
        "Can I cancel a job",  # no question mark
    ],
)
def test_not_a_question_read_here(text: str) -> None:
    assert question(text) is None


def _build(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, f"# Bike shop questions\n\n{text}\n", TOOLS)


def _policies(built: Built) -> set[tuple[str, str, str, int]]:
    return {
        (p.operator, p.target, p.enforcement, p.source.span.start_line)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }


def test_a_faq_compiles_at_the_answers(tmp_path: Path) -> None:
    built = _build(
        tmp_path,
        "**Can I refund a job?**\nOnly after it has been cancelled.\n\n"
        "### How many texts can I send?\nAt most two per conversation.\n\n"
        "Q: Can I cancel a job?\nA: Only while it is booked.\n",
    )
    found = {(op, target, line) for op, target, _, line in _policies(built)}
    assert ("require_before", "refund_job", 4) in found
    assert ("max_calls", "text_customer", 7) in found
    (state,) = [p for p in built.policies if p.operator == "state_condition"]
    assert (state.target, state.source.span.start_line) == ("cancel_job", 10)
    assert state.condition.allowed == ("booked",)  # type: ignore[attr-defined]
    # the rule quotes the answer, where it is stated, not the question
    assert state.source.quote == "A: Only while it is booked."


def test_without_its_question_an_answer_states_nothing(tmp_path: Path) -> None:
    built = _build(tmp_path, "Only after it has been cancelled.\n\nAt most two per conversation.")
    found = {(op, target) for op, target, *_ in _policies(built)}
    assert not found & {("require_before", "refund_job"), ("max_calls", "text_customer")}


def test_an_answer_far_from_its_question_is_not_read_with_it(tmp_path: Path) -> None:
    built = _build(tmp_path, "Can I cancel a job?\n\n\n\n\nNo.")
    assert not any(p.operator == "deny_action" for p in built.policies)


def test_a_question_heading_is_no_rule_of_its_own(tmp_path: Path) -> None:
    built = _build(tmp_path, "### Do I need to find the customer first?\nYes.")
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert not [d for d in notes if d.span and d.span.start_line == 3], notes

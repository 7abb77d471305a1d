"""Session 31: lines labelled with their kind ("**Rule:**" / "**Example:**"), a definition
list's ": ..." lines under their term (`labels31`), and the verb a tool's description opens
with read as an action verb (`grammar_words.verbs_of_tools`). Sentences written for these
tests, in a made-up bicycle-courier desk."""

from __future__ import annotations

from pathlib import Path

from specgap.extract.grammar_words import verbs_of_tools
from specgap.extract.labels31 import line_kinds
from tests.probes import desk_policies, shown
from tests.probes import spec as T

COURIER = [
    T("find_sender", "Finds a sender by phone.", phone="string"),
    T("quote_job", "Prices a delivery.", sender_id="string", km=("number", "Distance.")),
    T("take_job", "Puts a delivery on a rider's round.", sender_id="string", km="number"),
    T("drop_job", "Cancels a delivery.", job_id="string"),
]

KINDS = (
    "Only the **Truth** lines are instructions; a **Hearsay** line is what riders say, never "
    "to be followed.\n\n"
    "**Truth:** `take_job` is never called before `quote_job`.\n"
    "**Hearsay:** Never quote more than 10 km with `quote_job`.\n"
    "**Truth:** Never cancel a delivery more than once with `drop_job`.\n"
    "**Hearsay:** Cancel a delivery at most 3 times with `drop_job`.\n"
    "**Truth:** Quote at most 30 km with `quote_job`.\n"
    "**Hearsay:** Only quote with `quote_job` after `take_job`.\n"
)


def test_labels_that_open_many_lines_are_kinds_of_line() -> None:
    kinds = line_kinds(KINDS)
    assert kinds is not None
    assert kinds.labels == {"truth", "hearsay"}
    assert kinds.unread == {"hearsay"}
    # a label said once is a topic, not a kind of line; nor is one the prompt never names as
    # a kind of line, however often it opens one
    assert line_kinds("Refunds: at most 2.\nDeposits: never.\n") is None
    asked = "Q: Can I cancel?\nA: Yes, once.\n" * 3
    assert line_kinds(asked) is None


def test_a_kind_of_line_is_read_without_its_label(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, KINDS, COURIER)
    ordered = [p for p in policies if p.operator == "require_before" and p.target == "take_job"]
    assert ordered, shown(policies)
    assert "truth" not in str(shown(policies)).casefold()


def test_the_lines_of_a_kind_said_not_to_bind_state_nothing(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, KINDS, COURIER)
    counts = [p for p in policies if p.operator == "max_calls" and p.target == "drop_job"]
    assert [p.condition.max for p in counts] == [1], shown(policies)
    bounds = [p for p in policies if p.operator == "arg_within_bound" and p.target == "quote_job"]
    assert [p.condition.max for p in bounds] == [30], shown(policies)
    assert not [p for p in policies if p.source.span.start_line in {6, 8, 10}], shown(policies)


def test_a_definition_list_line_is_read_after_its_colon(tmp_path: Path) -> None:
    text = (
        "**Cancellations**\n"
        ": Never cancel a delivery more than once with `drop_job`.\n"
        "**Quotes**\n"
        ": Quote at most 30 km with `quote_job`.\n"
    )
    policies = desk_policies(tmp_path, text, COURIER)
    assert any(p.operator == "max_calls" and p.target == "drop_job" for p in policies), shown(
        policies
    )
    assert any(p.operator == "arg_within_bound" and p.target == "quote_job" for p in policies), (
        shown(policies)
    )


def test_the_verb_a_description_opens_with_is_an_action_verb() -> None:
    verbs = verbs_of_tools(["take_job"], {"take_job": "Puts a delivery on a rider's round."})
    assert "put" in verbs  # "before you put a delivery on a round": an act of a tool


def test_putting_it_on_the_round_is_the_tools_act(tmp_path: Path) -> None:
    text = "Run `quote_job` before you put a delivery on a rider's round.\n"
    policies = desk_policies(tmp_path, text, COURIER)
    ordered = [p for p in policies if p.operator == "require_before"]
    assert [p.target for p in ordered] == ["take_job"], shown(policies)

"""Session 31: "V no more than N" read as "V at most N" (`segments`), a number argument named
only by a word of counting that counts what its description says (`agent_params`), "one"
as no word of an object (`resolve.verbs`), and bounds only reviewed never reported as
conflicting (`compile.conflicts`). Sentences written for these tests, in a made-up
print-shop desk."""

from __future__ import annotations

from pathlib import Path

from specgap.extract.segments import _compared
from specgap.resolve.resolver import Resolver
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T
from tests.resolve_domains import S, registry

PRINT = [
    T("lookup", "Finds a customer by e-mail.", email="string"),
    T(
        "print_run",
        "Prints a run of posters.",
        customer_id="string",
        count=("integer", "Number of posters to print."),
        days=("integer", "How many days ahead to deliver."),
    ),
    T("refund", "Pays money back on an order.", order_id="string", amount="number"),
    T("reprint", "Emails a fresh proof of an order. No more than two proofs for any one order."),
]


def test_no_more_than_after_a_verb_is_at_most() -> None:
    said = "Deliver no more than 9 days ahead."
    assert _compared(said) == "Deliver at most      9 days ahead."
    assert len(_compared(said)) == len(said)
    # a subject's "No more than" opens the sentence: left as it is
    assert _compared("No more than 2 refunds a day.") == "No more than 2 refunds a day."


def test_a_lead_time_said_with_no_more_than_bounds_its_days(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Print no more than 9 days ahead with `print_run`.\n", PRINT)
    assert has_policy(
        policies, "arg_within_bound", "print_run", "review_only", arg="days", max=9
    ) or (has_policy(policies, "arg_within_bound", "print_run", "enforce", arg="days", max=9)), (
        shown(policies)
    )


def test_a_bare_count_counts_what_its_description_says(tmp_path: Path) -> None:
    text = "A single `print_run` request may print no more than 500 posters.\n"
    policies = desk_policies(tmp_path, text, PRINT)
    # 500 posters a request: the `count` argument, not 500 calls of the tool
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


def test_one_is_no_word_of_the_object() -> None:
    desk = registry(
        ("reimburse", "Pays money back on an order.", {"order_id": S}),
        (
            "reissue",
            "Emails a fresh proof. No more than two proofs for any one order.",
            {"order_id": S},
        ),
    )
    # "one" stems like "on": it matched the proof tool's "any one order" and chose it
    assert Resolver(desk).resolve("refund one order").status != "resolved" or (
        Resolver(desk).resolve("refund one order").tool_id == "reimburse"
    )


def test_two_reviewed_bounds_do_not_conflict(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    text = "# Desk\n\nRefunds are at most £150, or £250 for a trade account.\n"
    built = build_prompt(tmp_path, text, PRINT)
    bounds = [
        p for p in built.policies if p.operator == "arg_within_bound" and p.target == "refund"
    ]
    assert len(bounds) == 2, shown(bounds)
    assert all(p.enforcement == "review_only" for p in bounds), shown(bounds)
    codes = [d.code for d in built.state.diagnostics]
    assert "conflicting-policies" not in codes, codes

"""Session 22: hard-wrapped prose and the readings it exposed — a sentence broken over lines
reads as one line (`segments.Sentence.clean`), a list recited to the user ("read ... back to
them") orders no call (`order_clauses.READ_BACK`), a usual amount is no limit
(`arg_within_bound._TYPICAL`), a code chosen from what the person said is no value taken from
them (`grounded_prose._CHOSEN_ON`), and a one-call rule read in a clause keeps the whole
sentence's ban on replies (`clause3_split._spoken`). Sentences written for these tests, in a
made-up bicycle-workshop desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, fits, has_policy, shown
from tests.probes import spec as T

TOOLS = [
    T("find_rider", "Find a rider by phone; returns rider_id.", phone="string"),
    T("get_bike", "Read a rider's bike: frame, size, wheel size.", rider_id="string"),
    T("quote_repair", "Quote a repair.", rider_id="string", work="string"),
    T("book_repair", "Book a repair slot.", rider_id="string", slot_id="string",
      days="integer", work="string"),
    T("get_repair", "Read a repair job: status (booked, on_stand, done).", job_id="string"),
    T("cancel_repair", "Cancel a repair job.", job_id="string"),
    T("refund_repair", "Refund part of a repair.", job_id="string", amount="number",
      reason="string"),
    T("text_rider", "Text a rider.", phone="string", body="string"),
]  # fmt: skip


def _policies(tmp_path: Path, text: str) -> list:
    tmp_path.mkdir(parents=True, exist_ok=True)
    return desk_policies(tmp_path, text, TOOLS)


@pytest.mark.parametrize(
    ("text", "target", "before"),
    [
        # the tool that comes first sits on the next line of the paragraph
        ("Before you book or quote anything, find the rider with\n`find_rider`. Then go on.",
         "book_repair", "find_rider"),
        ("Before you book or quote anything, find the rider with\n`find_rider`. Then go on.",
         "quote_repair", "find_rider"),
        ("**Cancelling.** Before you cancel with `cancel_repair`, open the job with\n"
         "`get_repair`. Be kind.", "cancel_repair", "get_repair"),
        ("Read the bike with `get_bike` before\nyou quote with `quote_repair`.",
         "quote_repair", "get_bike"),
    ],
)  # fmt: skip
def test_a_sentence_broken_over_lines_reads_as_one(
    tmp_path: Path, text: str, target: str, before: str
) -> None:
    policies = _policies(tmp_path, text)
    assert has_policy(policies, "require_before", target, "enforce", before=before), shown(policies)


def test_a_line_break_changes_no_reading(tmp_path: Path) -> None:
    """The same sentence on one line and broken over three compiles to the same policies."""
    one = "Before you cancel with `cancel_repair`, open the job with `get_repair` and check it."
    broken = one.replace(" open the job", "\nopen the job").replace(" and check", "\nand check")
    assert shown(_policies(tmp_path / "a", one)) == shown(_policies(tmp_path / "b", broken))


@pytest.mark.parametrize(
    "text",
    [
        "Before you call `book_repair`, read the date, the bike and the price back to the "
        "rider and wait until they say yes.",
        "Before you call `book_repair`, read back the date and the price to the rider.",
    ],
)
def test_a_list_read_back_to_the_person_orders_no_call(tmp_path: Path, text: str) -> None:
    """ "read the date, the bike and the price back to the rider" is said to the rider: no
    read of the bike (`get_bike`) is required before the booking."""
    policies = _policies(tmp_path, text)
    assert not [p for p in policies if p.operator == "require_before"], shown(policies)


def test_a_read_back_beside_a_call_keeps_the_call(tmp_path: Path) -> None:
    policies = _policies(
        tmp_path, "Before you call `book_repair`, call `get_bike` and read the price back to them."
    )
    assert has_policy(policies, "require_before", "book_repair", "enforce", before="get_bike")


def test_a_usual_amount_is_no_limit(tmp_path: Path) -> None:
    """ "A normal repair is up to 3 days; ..." says what is usual, and the sentence goes on to
    longer ones: no bound on `days`. A limit said of the tool is still read."""
    policies = _policies(
        tmp_path,
        "A normal repair is up to 3 days; a rider who needs longer books it through "
        "`book_repair` with a note.",
    )
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)
    policies = _policies(tmp_path / "b", "A repair booked with `book_repair` is up to 3 days.")
    assert has_policy(policies, "arg_within_bound", "book_repair", "enforce", arg="days", max=3)


def test_a_code_chosen_from_what_the_person_said_is_not_taken_from_them(tmp_path: Path) -> None:
    """The code is picked to fit the rider's words; the rider need not say it. A value taken
    from what they said is still grounded in their words."""
    policies = _policies(
        tmp_path,
        "The reason passed to `refund_repair` must be one of `late`, `faulty` or `goodwill`, "
        "and it is chosen from what the rider said.",
    )
    assert not [p for p in policies if p.operator == "arg_grounded"], shown(policies)
    assert has_policy(
        policies, "resource_in_allowlist", "refund_repair", "enforce",
        arg="reason", allowed=["late", "faulty", "goodwill"],
    )  # fmt: skip
    policies = _policies(
        tmp_path / "b",
        "The phone passed to `text_rider` must be taken from what the customer said.",
    )
    assert has_policy(
        policies, "arg_grounded", "text_rider", "enforce", arg="phone", from_user=True
    )


@pytest.mark.parametrize(
    "text",
    [
        "Issue a single tool call per turn, and wait for its result before you write anything "
        "to the rider.",
        "Make a single call per turn, and say nothing to the rider while that call is out.",
    ],
)
def test_a_one_call_rule_keeps_the_ban_on_replies_of_its_sentence(
    tmp_path: Path, text: str
) -> None:
    policies = _policies(tmp_path, text)
    assert any(fits(p, "one_call_at_a_time", "*", {"with_text": True}) for p in policies), shown(
        policies
    )


def test_a_one_call_rule_alone_allows_replies(tmp_path: Path) -> None:
    policies = _policies(tmp_path, "Make a single call per turn.")
    assert any(fits(p, "one_call_at_a_time", "*", {"with_text": False}) for p in policies)


JOBS = [
    T("post_job", "Open a workshop job.", category=("string", "the kind of job"),
      photos="array", hours="number"),
    T("get_job", "Read a job.", job_id="string"),
]  # fmt: skip


def test_a_bound_said_of_a_ticked_kind_of_call_is_reviewed(tmp_path: Path) -> None:
    """ "a `wheel` job carries at least two": said of one kind of job, which no argument
    lists; enforced on every job it would be stronger than the sentence. The clause said of
    every job is still enforced."""
    policies = desk_policies(
        tmp_path,
        "At most eight photo links go into `photos`; a `wheel` job carries at least two.",
        JOBS,
    )
    assert has_policy(policies, "arg_count_bound", "post_job", "enforce", arg="photos", max=8)
    assert has_policy(policies, "arg_count_bound", "post_job", "review_only", arg="photos", min=2)
    assert not has_policy(policies, "arg_count_bound", "post_job", "enforce", min=2)


def test_a_ticked_kind_before_the_tool_scopes_the_bound(tmp_path: Path) -> None:
    policies = desk_policies(
        tmp_path, "An `urgent` `post_job` call may carry at most 3 `photos`.", JOBS
    )
    assert has_policy(policies, "arg_count_bound", "post_job", "review_only", arg="photos", max=3)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)


def test_the_rules_own_value_before_its_argument_is_no_kind(tmp_path: Path) -> None:
    """ "must use the `standard` category": the tick is the value the rule allows, said
    before the argument it constrains, not a kind of call."""
    policies = desk_policies(
        tmp_path, "Jobs opened with `post_job` must use the `standard` category.", JOBS
    )
    assert has_policy(
        policies, "resource_in_allowlist", "post_job", "enforce",
        arg="category", allowed=["standard"],
    ), shown(policies)  # fmt: skip


REFUNDS = [
    T("refund_job", "Refund a workshop job.", job_id="string", amount="number",
      reason=("string", "one of late, faulty, goodwill, no_show")),
]  # fmt: skip


def test_a_ban_said_of_one_listed_value_bans_that_value(tmp_path: Path) -> None:
    """ "A `no_show` is never refunded": `reason` lists `no_show`, so the ban is of refunds
    with that reason, enforced; every other refund is allowed."""
    policies = desk_policies(tmp_path, "A `no_show` is never refunded.", REFUNDS)
    assert has_policy(
        policies, "deny_action", "refund_job", "enforce", arg="reason", values=["no_show"]
    ), shown(policies)


def test_a_value_in_an_exception_is_not_what_is_banned(tmp_path: Path) -> None:
    """ "Never refund, except a `faulty` job": the value is spared, not banned."""
    policies = desk_policies(tmp_path, "Never refund a job, except a `faulty` one.", REFUNDS)
    assert not [
        p for p in policies
        if p.operator == "deny_action" and p.enforcement == "enforce"
        and "faulty" in str(p.condition)
    ], shown(policies)  # fmt: skip


def test_the_authors_approval_is_a_review(tmp_path: Path) -> None:
    """ "needs my approval": the policy's author speaks for the business; above an amount
    the review holds for large refunds only, so it is reviewed, never enforced on all."""
    policies = desk_policies(
        tmp_path, "Any refund over $200 needs my approval before it is paid.", REFUNDS
    )
    reviews = [p for p in policies if p.operator == "review_required"]
    assert reviews, shown(policies)
    assert all(p.enforcement == "review_only" for p in reviews)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)


CREDITS = [
    T("credit_rider", "Credit a rider's account.", rider_id="string", amount="number"),
]  # fmt: skip


def test_a_cap_per_call_is_a_fixed_bound(tmp_path: Path) -> None:
    """ "$40 per call" bounds one call; "$40 per day" is a rate no bound states."""
    policies = desk_policies(tmp_path, "A credit is capped at $40 per call.", CREDITS)
    assert has_policy(policies, "arg_within_bound", "credit_rider", "enforce", arg="amount", max=40)
    (tmp_path / "b").mkdir()
    policies = desk_policies(tmp_path / "b", "A credit is capped at $40 per day.", CREDITS)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


def test_a_cap_the_next_sentence_raises_is_reviewed(tmp_path: Path) -> None:
    """ "For club members, that cap rises to $80": enforced on every credit, the $40 cap
    would refuse what the next sentence allows."""
    policies = desk_policies(
        tmp_path,
        "A credit is capped at $40 per call. For club members, that cap rises to $80.",
        CREDITS,
    )
    caps = [p for p in policies if fits(p, "arg_within_bound", "credit_rider", {"max": 40})]
    assert caps, shown(policies)
    assert all(p.enforcement == "review_only" for p in caps)


CHECKS = [
    T("verify_rider", "Check a rider's identity.", rider_id="string", postcode="string",
      card_last4=("string", "last four digits of the card on file")),
]  # fmt: skip


def test_values_you_send_to_a_tool_each_come_from_the_person(tmp_path: Path) -> None:
    """ "The postcode and the last four card digits you send to `t` must come from what the
    customer writes": both arguments, each grounded in the customer's words."""
    policies = desk_policies(
        tmp_path,
        "The postcode and the last four card digits you send to `verify_rider` must come "
        "from what the customer writes in this chat.",
        CHECKS,
    )
    for arg in ("postcode", "card_last4"):
        assert has_policy(
            policies, "arg_grounded", "verify_rider", "enforce", arg=arg, from_user=True
        ), (
            arg,
            shown(policies),
        )


@pytest.mark.parametrize(
    ("text", "target", "arg", "source", "enforcement"),
    [
        # "must be the X `t` returned": the value a named tool gave
        ("The `days` you give `book_repair` must be the figure `get_bike` returned, never a "
         "guess.", "book_repair", "days", "get_bike", "enforce"),
        # "the X you <act>": the argument of the act the clause names ("book slot": a verb
        # phrase the resolver maps under its confidence bar, so the rule is reviewed)
        ("The `slot_id` you book has to be one that `quote_repair` actually offered.",
         "book_repair", "slot_id", "quote_repair", "review_only"),
    ],
)  # fmt: skip
def test_a_value_is_what_a_named_tool_gave(
    tmp_path: Path, text: str, target: str, arg: str, source: str, enforcement: str
) -> None:
    policies = _policies(tmp_path, text)
    assert has_policy(
        policies, "arg_grounded", target, enforcement, arg=arg, from_tools=[source]
    ), shown(policies)


def test_values_that_come_from_a_list_are_an_allowlist(tmp_path: Path) -> None:
    """ "Work comes from this list only: `a`, `b`": the values allowed, and no source (the
    listed values are no tools whose output the value must come from)."""
    policies = _policies(
        tmp_path, "For `quote_repair`, the work comes from this list only: `tune`, `brakes`."
    )
    assert has_policy(
        policies, "resource_in_allowlist", "quote_repair", "enforce",
        arg="work", allowed=["tune", "brakes"],
    ), shown(policies)  # fmt: skip
    assert not [p for p in policies if p.operator == "arg_grounded"], shown(policies)

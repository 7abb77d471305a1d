"""Tables of actions with a tool column (`extract.tool_tables`): each sentence of a row's
cells is read with the row's tool said in the words its column implies, and a bound or a
review said of a kind of call its subject names ("overnight hires need approval") is
reviewed (`value_scope.subject_kind`). Sentences written for these tests, in a made-up
community-hall desk."""

from __future__ import annotations

from pathlib import Path

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

TOOLS = [
    T("hall__find_hirer", "Find a hirer; returns hirer_id and standing (good, owing, barred).",
      phone="string"),
    T("hall__check_dates", "Free dates for a room.", room="string"),
    T("hall__get_deposit", "Read the hirer's deposit.", hirer_id="string"),
    T("hall__book_room", "Book a room.", hirer_id="string", room="string", hours="number",
      helpers="array"),
    T("hall__get_booking", "Read a booking: status (held, paid, used).", booking_id="string"),
    T("hall__cancel_booking", "Cancel a booking.", booking_id="string", reason="string"),
    T("hall__send_invoice", "Send an invoice.", booking_id="string", copies="array",
      format="string"),
]  # fmt: skip

TABLE = "\n".join(
    [
        "| Action | Tool | Who may ask | What comes first | Limits |",
        "|---|---|---|---|---|",
        "| Book | `hall__book_room` | Only a hirer whose `standing` reads `good`. "
        "| Call `hall__check_dates` and `hall__get_deposit` first. Read back room and hours, "
        "and wait for the hirer's yes. | Overnight room hires need the manager's approval. |",
        "| Cancel | `hall__cancel_booking` | Anyone | Read it with `hall__get_booking`. "
        "| The `reason` is `illness`, `weather` or `other`. |",
        "| Invoice | `hall__send_invoice` | Anyone asking | — "
        "| `format` is `pdf` or `csv`. At most four `copies`. One invoice per conversation. |",
        "",
    ]
)


def test_each_cell_is_read_with_the_rows_tool(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, TABLE, TOOLS)
    said = shown(policies)
    book, cancel, send = "hall__book_room", "hall__cancel_booking", "hall__send_invoice"
    # what comes first: the tools it names, before the row's tool; said before it otherwise
    assert has_policy(policies, "require_before", book, "enforce", before="hall__check_dates"), said
    assert has_policy(policies, "require_before", book, "enforce", before="hall__get_deposit"), said
    assert has_policy(policies, "require_confirmation", book, "enforce"), said
    assert has_policy(policies, "require_before", cancel, "enforce", before="hall__get_booking"), (
        said
    )
    # who may ask: the hirer's standing
    assert has_policy(policies, "state_condition", book, "enforce", allowed=["good"]), said
    # limits: the row's tool's values, counts and calls
    assert has_policy(
        policies, "resource_in_allowlist", cancel, "enforce",
        arg="reason", allowed=["illness", "weather", "other"],
    ), said  # fmt: skip
    assert has_policy(policies, "resource_in_allowlist", send, "enforce", arg="format"), said
    assert has_policy(policies, "arg_count_bound", send, "enforce", arg="copies", max=4), said
    assert has_policy(policies, "max_calls", send, "enforce", max=1), said


def test_anyone_says_nothing_and_a_count_of_items_is_no_count_of_calls(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, TABLE, TOOLS)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)
    assert not has_policy(policies, "max_calls", "hall__send_invoice", "enforce", max=4)


def test_a_review_said_of_a_kind_of_call_is_reviewed(tmp_path: Path) -> None:
    """ "Overnight room hires need the manager's approval": of overnight hires only, which no
    argument names; enforced on every booking it would be stronger than the sentence."""
    policies = desk_policies(tmp_path, TABLE, TOOLS)
    approvals = [
        p for p in policies
        if p.operator in {"review_required", "require_confirmation"}
        and p.source.quote.startswith("Overnight")
    ]  # fmt: skip
    assert approvals, shown(policies)
    assert all(p.enforcement == "review_only" for p in approvals), shown(approvals)


def test_a_table_without_a_tool_column_is_read_as_before(tmp_path: Path) -> None:
    table = "| Action | Allowed when |\n|---|---|\n| Cancel a booking | The `status` is `held`. |\n"
    policies = desk_policies(tmp_path, table, TOOLS)
    assert has_policy(
        policies, "state_condition", "hall__cancel_booking", "enforce", allowed=["held"]
    ), shown(policies)

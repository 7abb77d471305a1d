"""Session 41: a section whose lines hold only in a case a line of its own states ("Condition:
..."), a figure written with another in brackets ("2 (3) times"), a restriction a later clause
makes an exception to ("..., though a Y may ..."), bans and orders said in the passive of the
thing ("No mooring is moved or cancelled", "A mooring is read, moved or cancelled, and a deposit
refunded, only after ...", "Only pending moorings are moved or cancelled"), a step that answers
before the agent acts ("T answers passed before you ..."), what a step "tells you", the agent
the subject of "neither ... nor", a tool that is a button pressed, a program's event-handler ids
(`BookMooringButton_Click`), a reviewer named with a possessive ("the harbour master's clerk"),
a value of a noun that is a tool's own name ("never book a guest berth" with
`book_guest_berth`), and a heading word that only looks like an id's act. Sentences written for
these tests, in a made-up marina."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import desk_policies, enforced, read, shown, spec

SNAKE = [
    spec("find_boater", "Finds a boater by email; returns boater_id.", email="string"),
    spec("verify_boater", "Checks a boater's PIN; returns passed.", boater_id="string"),
    spec("book_mooring", "Books a mooring.", boater_id="string", berth_id="string"),
    spec("open_mooring", "Opens a mooring booking: berth, dates, status.", mooring_id="string"),
    spec("move_mooring", "Moves a mooring booking.", mooring_id="string", berth_id="string"),
    spec("cancel_mooring", "Cancels a mooring booking.", mooring_id="string"),
    spec("refund_deposit", "Refunds a deposit.", mooring_id="string", amount="number"),
    spec("book_guest_berth", "Books a guest berth for one night.", boater_id="string"),
    spec("lift_boat", "Books the crane to lift a boat out.", boater_id="string"),
]

HANDLERS = [
    spec("FindBoaterButton_Click", "Finds a boater by email.", email="string"),
    spec("VerifyBoaterButton_Click", "Checks a boater's PIN.", boater_id="string"),
    spec("BookMooringButton_Click", "Books a mooring.", boater_id="string", berth_id="string"),
    spec("OpenMooringMenuItem_Click", "Opens a mooring booking.", mooring_id="string"),
    spec("MoveMooringButton_Click", "Moves a mooring booking.", mooring_id="string"),
    spec("CancelMooringButton_Click", "Cancels a mooring booking.", mooring_id="string"),
    spec("CraneRotaLink_LinkClicked", "Opens the crane rota.", date="string"),
    spec("WaiveDuesMenuItem_Click", "Waives a boater's harbour dues.", boater_id="string"),
]


# (id, sentence, tools, operator, [(tool, params), ...], whether each one is enforced)
CASES = [
    (
        "passive-ban-two-acts",
        "No mooring is moved or cancelled by the assistant.",
        SNAKE,
        "deny_action",
        [("move_mooring", {}), ("cancel_mooring", {})],
        False,
    ),
    (
        "passive-ban-of-a-thing",
        "No guest berth is booked.",
        SNAKE,
        "deny_action",
        [("book_guest_berth", {})],
        True,
    ),
    (
        "never-passive-three-acts",
        "A mooring is never opened, moved or cancelled.",
        SNAKE,
        "deny_action",
        [("open_mooring", {}), ("move_mooring", {}), ("cancel_mooring", {})],
        True,
    ),
    (
        "passive-acts-before-a-step",
        "A mooring is read, moved or cancelled, and a deposit refunded, only after verify_boater "
        "has answered passed.",
        SNAKE,
        "require_before",
        [
            ("move_mooring", {"before": "verify_boater"}),
            ("cancel_mooring", {"before": "verify_boater"}),
            ("refund_deposit", {"before": "verify_boater"}),
        ],
        True,
    ),
    (
        "you-neither-nor",
        "You neither move nor cancel a mooring, nor refund a deposit, until verify_boater has "
        "answered.",
        SNAKE,
        "require_before",
        [
            ("move_mooring", {"before": "verify_boater"}),
            ("cancel_mooring", {"before": "verify_boater"}),
            ("refund_deposit", {"before": "verify_boater"}),
        ],
        True,
    ),
    (
        "possessive-reviewer",
        "A crane lift is booked only once the harbour master's clerk has reviewed it.",
        SNAKE,
        "review_required",
        [("lift_boat", {})],
        False,
    ),
    (
        "handler-ids-order",
        "Do not move or cancel a mooring until VerifyBoaterButton_Click has answered.",
        HANDLERS,
        "require_before",
        [
            ("MoveMooringButton_Click", {"before": "VerifyBoaterButton_Click"}),
            ("CancelMooringButton_Click", {"before": "VerifyBoaterButton_Click"}),
        ],
        True,
    ),
    (
        "handler-ids-same-entity",
        "Before you move a mooring, open it with OpenMooringMenuItem_Click under that very "
        "mooring_id.",
        HANDLERS,
        "require_before",
        [("MoveMooringButton_Click", {"before": "OpenMooringMenuItem_Click"})],
        True,
    ),
    (
        "pressed-button",
        "Never press WaiveDuesMenuItem_Click.",
        HANDLERS,
        "deny_action",
        [("WaiveDuesMenuItem_Click", {})],
        True,
    ),
    (
        "step-answers-before-you-act",
        "Row 4: verify_boater answers passed before you move or cancel a mooring.",
        SNAKE,
        "require_before",
        [
            ("move_mooring", {"before": "verify_boater"}),
            ("cancel_mooring", {"before": "verify_boater"}),
        ],
        True,
    ),
    (
        "only-states-passive-acts",
        "Only pending or confirmed moorings are moved or cancelled.",
        SNAKE,
        "state_condition",
        [
            ("move_mooring", {"allowed": ["confirmed", "pending"]}),
            ("cancel_mooring", {"allowed": ["confirmed", "pending"]}),
        ],
        False,
    ),
    (
        "what-a-step-tells-you",
        "What verify_boater tells you stays out of every call to book_mooring.",
        SNAKE,
        "flow_denied",
        [("book_mooring", {"sources": ["verify_boater"]})],
        False,
    ),
    (
        "first-in-every-chat-you-verb",
        "In every conversation, before anything else, you find the boater with "
        "FindBoaterButton_Click.",
        HANDLERS,
        "require_before",
        [("*", {"before": "FindBoaterButton_Click"})],
        False,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_shape_reads_its_rules(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools, operator, wanted, must_enforce = case
    policies = desk_policies(tmp_path, text, tools)
    for tool, params in wanted:
        check = enforced if must_enforce else read
        assert check(policies, operator, tool, **params), (tool, shown(policies))


def test_a_sections_case_line_holds_each_rule_under_it(tmp_path: Path) -> None:
    text = (
        "## Storm warnings\n"
        "Condition: while a gale warning is in force for the harbour.\n"
        "No mooring is moved or cancelled.\n"
        "Never book a guest berth.\n\n"
        "## Refunds\n"
        "Never refund a deposit above 200.\n"
    )
    policies = desk_policies(tmp_path, text, SNAKE)
    held = [p for p in policies if p.target in {"move_mooring", "cancel_mooring"}]
    berth = [p for p in policies if p.target == "book_guest_berth"]
    # each ban under the case holds only in it: never an unconditional deny
    assert {p.target for p in held} == {"move_mooring", "cancel_mooring"}, shown(policies)
    assert berth, shown(policies)
    for p in [*held, *berth]:
        assert p.operator == "deny_action"
        assert p.enforcement == "review_only"
        assert "gale warning" in p.message
    # the case line is no rule of its own, and the next section is not under it
    assert not [p for p in policies if p.source.span.start_line == 4]
    refund = [p for p in policies if p.target == "refund_deposit"]
    assert refund, shown(policies)
    assert all("gale" not in p.message for p in refund), shown(policies)


def test_a_case_line_leaves_no_leftover_note(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    text = (
        "# Desk\n\n## Storm warnings\nCondition: before the harbour reopens.\n"
        "No guest berth is booked.\n"
    )
    built = build_prompt(tmp_path, text, SNAKE)
    at_case = [d for d in _notes(built) if d.span is not None and d.span.start_line == 4]
    assert not at_case, at_case
    notes = [d for d in _notes(built) if d.code == "condition-not-bound"]
    assert any(d.span is not None and d.span.start_line == 5 for d in notes), notes


def test_a_reviewer_replacing_a_ban_leaves_no_note_about_the_ban(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    text = "# Desk\n\nA crane lift is booked only once the harbour master's clerk reviewed it.\n"
    built = build_prompt(tmp_path, text, SNAKE)
    stale = [d for d in _notes(built) if "`deny_action` holds only" in d.message]
    assert not stale, stale


def _notes(built: Any) -> list[Any]:
    return list(built.state.diagnostics)


@pytest.mark.parametrize(
    "text",
    [
        # no thing: "No one", "No more than"
        "No one is told the gate code.",
        # a description of what happens, not a rule: no "only"
        "A mooring is moved or cancelled when the boater asks.",
    ],
)
def test_no_ban_is_read_from_a_passive_that_bans_nothing(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, SNAKE)
    assert not any(p.operator == "deny_action" for p in policies), shown(policies)


def test_a_value_that_is_a_tools_own_name_is_no_argument_value(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Never book a guest berth.", SNAKE)
    assert enforced(policies, "deny_action", "book_guest_berth"), shown(policies)


def test_a_heading_word_of_an_ids_path_is_no_act(tmp_path: Path) -> None:
    tools = [
        spec("search_lots_sales__sale_id__lots_get", "Lists a sale's lots.", sale_id="string"),
        spec("register_bidder_sales__sale_id__registrations_post", "Registers.", sale_id="string"),
        spec("reverse_hammer_lots__lot_id__hammer_delete", "Reverses a hammer.", lot_id="string"),
    ]
    text = "## Lot 2\nA bidder is registered once for each sale at most.\n"
    policies = desk_policies(tmp_path, text, tools)
    assert not [p for p in policies if p.target == "search_lots_sales__sale_id__lots_get"], shown(
        policies
    )


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        # which figure holds is said elsewhere: never the first figure enforced for everyone
        ("Row 8: call book_mooring at most 2 (3) times in one chat.", "book_mooring"),
        # the permission after "though" is an exception: never a flat limit
        (
            "You move a mooring one time only, though a liveaboard may move as often as it asks.",
            "move_mooring",
        ),
        # a second figure for a case after "or"
        ("Call move_mooring two times a chat at most, or four for a liveaboard.", "move_mooring"),
        # a permission of the same act after a semicolon
        (
            "A mooring is moved once; a mooring whose pontoon was closed may be moved twice.",
            "move_mooring",
        ),
    ],
)
def test_a_bound_with_an_exception_is_never_enforced_flat(
    tmp_path: Path, text: str, tool: str
) -> None:
    policies = desk_policies(tmp_path, text, SNAKE)
    counted = [p for p in policies if p.operator == "max_calls" and p.target == tool]
    assert counted, shown(policies)
    assert all(p.enforcement == "review_only" for p in counted), shown(policies)


def test_a_semicolon_and_a_permission_of_another_act_makes_no_exception(tmp_path: Path) -> None:
    text = "A mooring is moved once; a boater may ask for a refund."
    policies = desk_policies(tmp_path, text, SNAKE)
    counted = [p for p in policies if p.operator == "max_calls" and p.target == "move_mooring"]
    assert counted, shown(policies)
    assert all("except" not in p.message for p in counted), shown(policies)


def test_an_order_said_of_a_kind_a_participle_picks_out_holds_for_that_kind(
    tmp_path: Path,
) -> None:
    text = "A mooring left unpaid is opened with open_mooring before it is cancelled."
    policies = desk_policies(tmp_path, text, SNAKE)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)
    assert all("left unpaid" in p.message for p in orders), shown(policies)


def test_a_later_claim_that_allows_more_holds_the_earlier_bound(tmp_path: Path) -> None:
    text = (
        "4. A method of mooring, comprising setting nights from 1 to 6 with book_mooring.\n"
        "5. The method of claim 4, wherein a club member may book up to 10 nights.\n"
    )
    tools = [spec("book_mooring", "Books a mooring.", boater_id="string", nights="integer")]
    policies = desk_policies(tmp_path, text, tools)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert bounds, shown(policies)
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_reason_after_a_colon_restricts_nothing(tmp_path: Path) -> None:
    text = "Never press WaiveDuesMenuItem_Click: waiving dues is for the Harbour Committee."
    policies = desk_policies(tmp_path, text, HANDLERS)
    bans = [p for p in policies if p.target == "WaiveDuesMenuItem_Click"]
    assert bans, shown(policies)
    assert all(p.operator == "deny_action" and not p.condition.values for p in bans), shown(
        policies
    )


def test_a_clause_about_this_or_that_is_no_permission(tmp_path: Path) -> None:
    text = "Call move_mooring one time per chat at most, but this may take a day."
    policies = desk_policies(tmp_path, text, SNAKE)
    counted = [p for p in policies if p.operator == "max_calls" and p.target == "move_mooring"]
    assert counted, shown(policies)
    assert all("except" not in p.message for p in counted), shown(policies)

"""Session 29: a prompt written as an INI settings file (`ini29`): `[tool]` sections,
`key = value` settings read as the sentences they stand for, `;` notes read under their
section; a trailing note that raises a figure keeps the bound reviewed; "someone whose ...
can't V" holds for that class of people (a condition, never a flat ban). Settings written for
these tests, in a made-up rowing-boat hire on a lake."""

from __future__ import annotations

from pathlib import Path

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

BOATS = [
    T("findRower", "Finds a rower by phone.", phone="string"),
    T("getBoat", "Reads a boat: its state (afloat, ashore, repair).", boat_id="string"),
    T(
        "hireBoat",
        "Hires a boat out.",
        rower_id="string",
        boat_id="string",
        hours="integer",
        extras=("array", "life jackets, cushions, a cool box"),
        jetty="string",
    ),
    T("refundHire", "Refunds a hire.", hire_id="string", amount="number", reason="string"),
    T("textRower", "Sends a templated text.", rower_id="string", template="string"),
    T("sinkBoat", "Scraps a boat.", boat_id="string"),
]

SETTINGS = """; Lake hire assistant settings, saved by the boathouse manager.
; A key applies to the tool named in the [section] above it.

[all_tools]
identify_first = findRower   ; nothing runs before the rower is found
disabled = sinkBoat
tool_calls_per_turn = 1   ; and no reply text goes out in the same turn

[hireBoat]
boat_state = afloat
term_hours = 1..6   ; members of the rowing club may hire for as long as 10 hours
extras_max = 3
jetty_allowlist = north, south
needs_rower_yes = true

[refundHire]
amount_gbp_max = 80
reason_allowlist = storm, leak
review_above_gbp = 40
calls_per_hire = 1

[textRower]
template_allowlist = hire_started, come_back
max_per_conversation = 2
"""


def test_an_ini_settings_prompt_reads_as_the_rules_its_settings_state(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, SETTINGS, BOATS)
    expected = [
        ("deny_action", "sinkBoat", {}),
        ("state_condition", "hireBoat", {"field": "state", "allowed": ["afloat"]}),
        ("arg_count_bound", "hireBoat", {"arg": "extras", "max": 3}),
        ("resource_in_allowlist", "hireBoat", {"arg": "jetty", "allowed": ["north", "south"]}),
        ("require_confirmation", "hireBoat", {}),
        ("arg_within_bound", "refundHire", {"arg": "amount", "max": 80}),
        ("resource_in_allowlist", "refundHire", {"arg": "reason", "allowed": ["storm", "leak"]}),
        ("max_calls", "refundHire", {"max": 1, "per": "hire"}),
        ("resource_in_allowlist", "textRower", {"arg": "template"}),
        ("max_calls", "textRower", {"max": 2}),
    ]
    for operator, tool, params in expected:
        assert has_policy(policies, operator, tool, "enforce", **params), (
            operator,
            shown(policies),
        )
    assert has_policy(policies, "require_before", "*", "review_only", before="findRower"), shown(
        policies
    )
    # "tool_calls_per_turn = 1 ; and no reply text ...": no text with a call
    turns = [p for p in policies if p.operator == "one_call_at_a_time"]
    assert turns, shown(policies)
    assert all(p.condition.with_text for p in turns), shown(policies)
    reviews = [p for p in policies if p.operator == "review_required"]
    assert [p.target for p in reviews] == ["refundHire"], shown(policies)
    assert all(p.enforcement == "review_only" for p in reviews), shown(policies)


def test_a_settings_words_name_the_argument_its_last_words_are(tmp_path: Path) -> None:
    # `term_hours`: the tool takes `hours`; the note raises the figure for club members
    policies = desk_policies(tmp_path, SETTINGS, BOATS)
    bounds = [p for p in policies if p.operator == "arg_within_bound" and p.condition.max == 6]
    assert [p.condition.selector.arg for p in bounds] == ["hours"], shown(policies)
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_markdown_prompt_with_a_few_settings_like_lines_is_not_read_as_ini(
    tmp_path: Path,
) -> None:
    text = (
        "Hire boats with `hireBoat`.\n\n"
        "Settings we use:\n\n"
        "- amount_max = 80\n- calls = 2\n- mode = fast\n\n"
        "Refunds over 80 pounds are never made.\n"
    )
    policies = desk_policies(tmp_path, text, BOATS)
    assert not [p for p in policies if p.operator == "resource_in_allowlist"], shown(policies)


def test_someone_whose_record_shows_a_state_is_a_condition_not_a_flat_ban(
    tmp_path: Path,
) -> None:
    from tests.corpus_agents import build_prompt

    text = (
        "# Desk\n\n## hireBoat\n\n"
        'Someone whose rower record shows standing "strike" can\'t start a new hire.\n'
    )
    built = build_prompt(tmp_path, text, BOATS)
    read = [p for p in built.policies if p.target == "hireBoat" and p.operator != "schema_contract"]
    assert read, shown(read)
    # never the flat ban of every hire the sentence would be without its "someone whose"
    assert all(p.enforcement == "review_only" for p in read), shown(read)
    held = [d for d in built.state.diagnostics if "someone whose" in str(d.message).casefold()]
    assert held, [str(d.message) for d in built.state.diagnostics]


def test_a_field_that_says_a_value_is_that_value(tmp_path: Path) -> None:
    # "says" for "is": the state test the rule holds under, kept (reviewed: the rower is read
    # by `findRower`, whose description names no such field)
    text = 'If the rower\'s account_status says "banned" or "unpaid", no hire.'
    policies = desk_policies(tmp_path, text, BOATS)
    states = [p for p in policies if p.operator == "state_condition"]
    assert [tuple(p.condition.denied) for p in states] == [("banned", "unpaid")], shown(policies)

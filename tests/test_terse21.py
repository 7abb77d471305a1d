"""Session 21: terse desk lines — asides and glosses set aside (`extract.aside21`), acts
named by nouns in a coordination of orderings (`order_targets`), "max" beside an amount on a
tool's label line (`chat7_respell.max_spelt`), a slashed list under a ticked argument
(`labelled_values`), a count's holder naming its tool (`count5_items`), and a state listed
with commas after "whose" (`state_positions`). Sentences written for these tests, in a
made-up kayak-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.aside21 import respelt
from tests.corpus_agents import build_prompt
from tests.probes import desk_policies, fits, flat
from tests.probes import spec as T

TOOLS = [
    T("FindPaddler", "Find a paddler by phone; returns paddler_id.", phone="string"),
    T("SignRelease", "Record a signed release.", paddler_id="string", paddler_ids="array"),
    T("HireBoat", "Hire boats to a party.", paddler_id="string", paddler_ids="array",
      boat="string", hours="integer"),
    T("BookTour", "Book a guided tour.", paddler_id="string", level="string",
      tour_type="string"),
    T("ReadHire", "Read a hire: status (out, back, overdue, lost).", hire_id="string"),
    T("CloseHire", "Close a hire when the boats are back.", hire_id="string"),
    T("RefundHire", "Refund part of a hire payment.", hire_id="string", amount="number"),
    T("DockStatus", "Read a dock's status (open, windy, closed).", dock_id="string"),
    T("AssignDock", "Assign a launch dock to a hire.", dock_id="string", hire_id="string"),
    T("TextPaddler", "Text a paddler from a template.", phone="string", template="string"),
]  # fmt: skip


def _policies(tmp_path: Path, line: str) -> list:
    return desk_policies(tmp_path, line, TOOLS)


def _enforced(tmp_path: Path, line: str, operator: str, target: str, params: dict) -> None:
    """The line compiles to an enforced policy of the operator on the target with `params`."""
    policies = _policies(tmp_path, line)
    assert _has(policies, operator, target, "enforce", **params), [
        (p.operator, p.target, p.enforcement, p.condition) for p in policies
    ]


def _has(policies: list, operator: str, target: str, enforcement: str, **params: object) -> bool:
    return any(fits(p, operator, target, params) and p.enforcement == enforcement for p in policies)


@pytest.mark.parametrize(
    ("line", "operator", "target", "params"),
    [
        # a bracketed tool id names the call the words before it mean
        ("- Release on file (SignRelease) before the boats go out (HireBoat).",
         "require_before", "HireBoat", {"before": "SignRelease"}),
        ("- Launch: always read the dock board (DockStatus) before AssignDock (wind matters).",
         "require_before", "AssignDock", {"before": "DockStatus"}),
        # an emphatic tail and an explaining bracket are no part of the rule
        ("- One refund per hire, period.", "max_calls", "RefundHire", {"max": 1, "per": "hire"}),
        ("- TextPaddler `template`: `hire_ready` or `storm_recall` only (no adverts).",
         "resource_in_allowlist", "TextPaddler", {"arg": "template",
                                                  "allowed": ["hire_ready", "storm_recall"]}),
        # "max" beside an amount on a line labelled with the tool
        ("- RefundHire: $120 max per refund.", "arg_within_bound", "RefundHire",
         {"arg": "amount", "max": 120}),
        # an argument in ticks after its tool's noun, the values between slashes
        ("- Tour `level`: easy / medium / open-water.", "resource_in_allowlist", "BookTour",
         {"arg": "level", "allowed": ["easy", "medium", "open-water"]}),
        # the count's holder names the tool whose list is counted
        ("- Max 6 paddlers per hire.", "arg_count_bound", "HireBoat",
         {"arg": "paddler_ids", "max": 6}),
        # a state listed with commas after "whose": every value
        ("Never assign a dock to a hire whose status is overdue, back or lost.",
         "state_condition", "AssignDock", {"denied": ["overdue", "back", "lost"]}),
    ],
)  # fmt: skip
def test_terse_lines_are_read(
    tmp_path: Path, line: str, operator: str, target: str, params: dict
) -> None:
    _enforced(tmp_path, line, operator, target, params)


def test_acts_named_by_nouns_in_a_coordination_each_get_the_order(tmp_path: Path) -> None:
    """ "before any tour booking, dock assignment or refund": every act of the coordination waits
    for the lookup, each enforced (each said word for word)."""
    policies = _policies(
        tmp_path,
        "- Find the paddler first (FindPaddler), before any tour booking, dock "
        "assignment or refund.",
    )
    for tool in ("BookTour", "AssignDock", "RefundHire"):
        assert _has(policies, "require_before", tool, "enforce", before="FindPaddler"), tool


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        # a bracket that could narrow the rule stays: without it the rule would be stronger
        ("At most 3 boats per hire (for members).", "(for members)"),
        ("Refunds need a manager (over $50).", "(over $50)"),
        ("No tours on the bay (unless the dock is open).", "(unless the dock is open)"),
        ("Hire boats (DockStatus says open) after a check.", "(DockStatus says open)"),
    ],
)
def test_a_bracket_that_could_narrow_the_rule_is_kept(line: str, kept: str) -> None:
    said = respelt(line)
    assert said is None or kept in said[0]


def test_a_bracketed_id_outside_an_ordering_is_no_call_to_ban(tmp_path: Path) -> None:
    """ "Boat size from the hire record (ReadHire), never guessed" says where a value comes
    from: the gloss is not read, so no flat ban of `ReadHire` is compiled."""
    policies = _policies(tmp_path, "- Boat size from the hire record (ReadHire), never guessed.")
    assert not [p for p in policies if p.operator == "deny_action" and p.target == "ReadHire"]
    assert respelt("Boat size from the hire record (ReadHire), never guessed.") is None


def test_a_gloss_in_an_ordering_keeps_only_orderings() -> None:
    said = respelt("Close the hire (CloseHire) only after the boats are back (ReadHire).")
    assert said is not None
    assert said[1]
    assert said[0] == "Call CloseHire only after ReadHire."


def test_a_bracket_inside_a_condition_is_set_aside_when_that_binds_it(tmp_path: Path) -> None:
    """ "whose status is overdue (call the office)": read as written the condition holds the
    bracket and is not bound (a reviewed ban); set aside, it binds to the hire's status."""
    line = "- Never close a hire whose status is overdue (call the office)."
    policies = _policies(tmp_path, line)
    assert _has(policies, "state_condition", "CloseHire", "enforce", denied=["overdue"])
    assert not [p for p in policies if p.operator == "deny_action"]


@pytest.mark.parametrize(
    ("line", "operator", "target", "params"),
    [
        # "has to be" before a value is "must be" (`copula21`)
        ("The tour level has to be one of easy, medium or open-water.",
         "resource_in_allowlist", "BookTour", {"arg": "level",
                                               "allowed": ["easy", "medium", "open-water"]}),
        ("The hours for `HireBoat` need to be between 1 and 8.",
         "arg_within_bound", "HireBoat", {"arg": "hours", "min": 1, "max": 8}),
        # a value that "runs from" one number to another
        ("Hire hours run from 1 to 8, whatever the weather.",
         "arg_within_bound", "HireBoat", {"arg": "hours", "min": 1, "max": 8}),
    ],
)  # fmt: skip
def test_a_value_said_with_another_verb_is_read(
    tmp_path: Path, line: str, operator: str, target: str, params: dict
) -> None:
    _enforced(tmp_path, line, operator, target, params)


def test_an_act_to_do_is_not_respelt_as_a_value(tmp_path: Path) -> None:
    """ "are to be offered a map" is an act (no "must be" before a participle): nothing is
    enforced from it, and no note quotes a modal the line does not say."""
    built = desk_policies(
        tmp_path, "Whenever a hire closes, paddlers are to be offered a map.", TOOLS
    )
    assert not [p for p in built if p.enforcement == "enforce"]


def test_a_number_with_no_noun_is_no_count_of_a_list_named_elsewhere(tmp_path: Path) -> None:
    """ "Dock wind rating runs from 1 to 4, paddlers say": the list `paddler_ids` is named in
    another clause, by a word after the count's clause ends, so no count of paddlers is read."""
    policies = _policies(tmp_path, "Dock wind rating runs from 1 to 4, paddlers say.")
    assert not [p for p in policies if p.operator == "arg_count_bound"]
    (tmp_path / "b").mkdir()
    said = _policies(tmp_path / "b", "Paddlers on a hire: between 1 and 6.")
    assert _has(said, "arg_count_bound", "HireBoat", "enforce", min=1, max=6)


def test_a_gloss_whose_words_a_pronoun_points_back_at_is_not_read(tmp_path: Path) -> None:
    """ "Every tour is booked with `BookTour` before a dock is assigned for it" orders only
    the docks assigned for a tour: respelt "Call BookTour before a dock is assigned" it would
    order every dock assignment, stronger than the line. No gloss, so no such ordering."""
    line = "Every tour is booked with `BookTour` before a dock is assigned for it."
    assert respelt(line) is None
    policies = _policies(tmp_path, line)
    assert not [
        p for p in policies if p.operator == "require_before" and p.enforcement == "enforce"
    ]


SHIPPING = [
    T("ShipSpares", "Ship spare parts to a dock.", dock_id="string",
      parcel_kg=("number", "Parcel weight in kg.")),
    T("LoadTrailer", "Load boats on the trailer.", trailer_id="string",
      ballast_kg=("number", "Ballast in kg."), length_m=("number", "Load length in metres."),
      height_m=("number", "Load height in metres.")),
    T("LogReading", "Log a gauge reading.", reading=("number", "Water level in metres.")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("line", "target", "arg"),
    [
        # no argument named: the unit's kind and a word of the sentence find the one argument
        ("A spares parcel shall not exceed 15 kg.", "ShipSpares", "parcel_kg"),
        ("Ballast on the trailer may not exceed 40 kg.", "LoadTrailer", "ballast_kg"),
        ("Load height must not exceed 4 metres.", "LoadTrailer", "height_m"),
    ],
)
def test_a_bound_said_only_in_its_unit_finds_its_argument(
    tmp_path: Path, line: str, target: str, arg: str
) -> None:
    policies = desk_policies(tmp_path, line, SHIPPING)
    assert [(p.target, fits(p, "arg_within_bound", target, {"arg": arg})) for p in policies] == [
        (target, True)
    ]


def test_the_unit_alone_never_decides(tmp_path: Path) -> None:
    """ "Nothing may go above 3 metres": three arguments are said in metres and no word of
    the sentence names one, so nothing is enforced (`LogReading` is said in metres too)."""
    policies = desk_policies(tmp_path, "Nothing on a dock may be over 3 metres.", SHIPPING)
    assert not [p for p in policies if p.enforcement == "enforce"]


def test_what_a_thing_holds_is_no_bound(tmp_path: Path) -> None:
    """ "A trailer holds up to 40 kg": no word of a rule, so the unit does not put a bound on
    the one mass argument of `LoadTrailer` (a sentence with one would: "A trailer may carry
    at most 40 kg")."""
    policies = desk_policies(tmp_path, "A trailer holds up to 40 kg.", SHIPPING)
    assert not [p for p in policies if p.enforcement == "enforce"]


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("7.4 Dry ice shall not exceed 20 kg.", True),
        ("2.10 The assistant shall log it.", True),
        ("12.3.1 `ShipSpares` is for docks only.", True),
        ("2.5 hours is the longest hire.", False),  # a number, not a clause's
        ("1. Create the hire.", False),  # a step: `sequences` reads those
    ],
)
def test_a_clause_number_is_no_word_of_its_rule(text: str, blanked: bool) -> None:
    from specgap.extract.segments import _unnumbered

    said = _unnumbered(text)
    assert len(said) == len(text)
    assert (said != text) is blanked


def test_a_numbered_clause_is_read_as_its_rule(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "7.4 A spares parcel shall not exceed 15 kg.", SHIPPING)
    assert _has(policies, "arg_within_bound", "ShipSpares", "enforce", arg="parcel_kg", max=15)


def test_a_terse_range_in_a_unit_finds_its_argument(tmp_path: Path) -> None:
    """ "Hire length 1-8 hours": no argument named; the unit's kind and the tool's word
    ("hire": `HireBoat`, its one argument in hours) find `HireBoat.hours`."""
    policies = _policies(tmp_path, "- Hire length 1-8 hours.")
    assert _has(policies, "arg_within_bound", "HireBoat", "enforce", arg="hours", min=1, max=8)


def test_only_after_a_range_is_no_noun() -> None:
    from specgap.extract.compare19 import plainly

    assert plainly("DIN setting 0.75-12 only.") == "DIN setting between 0.75 and 12."


CLUB = [
    T("courts.book_court", "Book a court for a member.", member_id="string",
      guest_names=("array", "Names of guest players joining the member.")),
    T("coaching.book_session", "Book a coaching session.", member_id="string",
      session_type=("string", "Kind of session."),
      players=("array", "Member ids of the players.")),
    T("trips.book_minibus", "Book minibuses for an away match.", team_id="string",
      minibuses=("integer", "How many minibuses."), ramp=("boolean", "A wheelchair ramp.")),
]  # fmt: skip
CLUB[1]["function"]["parameters"]["properties"]["session_type"]["enum"] = [
    "one_to_one",
    "group_session",
]


def test_a_count_of_a_list_the_sentence_names_is_of_that_list(tmp_path: Path) -> None:
    """ "4 to 8 people named in players": the list the sentence names by its name, not the
    guest list whose description says people (players); said of group sessions only, so it
    is reviewed with that condition's note, never enforced on every session."""
    line = "- Group sessions run with 4 to 8 people named in players."
    built = build_prompt(tmp_path, f"# Desk\n\n{line}\n", CLUB)
    counts = [p for p in built.policies if p.operator == "arg_count_bound"]
    assert [(p.target, flat(p).get("arg"), p.enforcement) for p in counts] == [
        ("coaching.book_session", "players", "review_only")
    ]
    assert any("group_session" in d.message for d in built.state.diagnostics)


def test_a_lead_that_sets_an_argument_is_the_rules_condition(tmp_path: Path) -> None:
    """ "With ramp set to true, book no more than two minibuses": only then; the bound is
    kept with its condition (reviewed), never enforced on every booking."""
    line = "With ramp set to true, book no more than two minibuses."
    policies = desk_policies(tmp_path, line, CLUB)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert bounds
    assert all(p.enforcement == "review_only" for p in bounds)


def test_an_abbreviated_noun_is_spelt_out(tmp_path: Path) -> None:
    """ "Pkgs: ..." in a terse note: the list of `package`."""
    tools = [T("RentKit", "Rent a kit.", package="string", days="integer")]
    policies = desk_policies(tmp_path, "- Pkgs: `basic`, `pro`. Nothing else.", tools)
    assert _has(policies, "resource_in_allowlist", "RentKit", "enforce", arg="package",
                allowed=["basic", "pro"])  # fmt: skip


def test_values_shaped_like_tool_ids_are_no_sources(tmp_path: Path) -> None:
    """ "must be one of `half_day` or `full_day`": no tool is named, so no rule that the value
    must come from some tool's output (it is an allowed list, read as such or noted)."""
    tools = [T("BookSlot", "Book a slot.", slot_type="string")]
    line = "The type for `BookSlot` must be one of `half_day` or `full_day`."
    policies = desk_policies(tmp_path, line, tools)
    assert not [p for p in policies if p.operator == "arg_grounded"]


def test_calls_sent_singly_are_one_at_a_time(tmp_path: Path) -> None:
    policies = _policies(tmp_path, "6.5 Send tool calls singly, each after the last has answered.")
    assert [p.operator for p in policies if p.target == "*"] == ["one_call_at_a_time"]


def test_a_passive_rule_only_for_a_thing_in_a_state(tmp_path: Path) -> None:
    """ "A dock shall be assigned only for a hire whose status is `out`": the hire's state."""
    line = "A dock shall be assigned only for a hire whose status is `out`."
    policies = _policies(tmp_path, line)
    assert _has(policies, "state_condition", "AssignDock", "enforce", allowed=["out"])


def test_a_value_said_of_any_tool_call_is_said_of_every_call_taking_it(tmp_path: Path) -> None:
    """ "The hire id in a tool call must be one that `ReadHire` returned": no tool is looked
    for in "tool"; the value's rule on the tools that take it."""
    line = "The hire_id in a tool call must be one that `ReadHire` returned."
    policies = _policies(tmp_path, line)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert grounded
    assert all(flat(p)["from_tools"] == ["ReadHire"] for p in grounded)

"""Session 27: what frames a rule is not the rule. A label that only says a line is a rule
("Rule:", "Policy 3 -", "R7:") and a concession ("even when ...", "not even for ...") are
no words of it; a condition said in another clause across a semicolon is not the clause's;
a field named after "whose" is no tool. Sentences written for these tests, in a made-up
bicycle co-op's repair desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.segments import _conceded, _unnumbered
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

BIKES = [
    T("memberLookup", "Finds a co-op member by card number.", card="string"),
    T("bikeRead", "Reads one bike's record: owner, frame, bay_status.", bike_id="string"),
    T("repairBook", "Books a bike into a repair bay.", member_id="string", bike_id="string"),
    T("repairCancel", "Cancels a booked repair.", repair_id="string"),
    T("partsOrder", "Orders parts for a repair.", repair_id="string", parts="array"),
]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Rule: Book the bay.", "Book the bay."),
        ("Rule 4: Book the bay.", "Book the bay."),
        ("Policy 2.1 - Book the bay.", "Book the bay."),
        ("R7: Book the bay.", "Book the bay."),
        ("Note: Book the bay.", "Book the bay."),
        ("Rule: book the bay.", "book the bay."),
        ("Agreed (Sam): bays are booked with repairBook.", "bays are booked with repairBook."),
        # a tag says a word of the rule; a key that names a thing is the thing; after an id,
        # a lower-case start is the id's value, not a sentence
        ("REQ-7 (MUST NOT): Book the bay.", "REQ-7 (MUST NOT): Book the bay."),
        ("Refunds: At most 30.", "Refunds: At most 30."),
        ("Agreed (not by Sam): book the bay.", "Agreed (not by Sam): book the bay."),
        ("R7: at most 3.", "R7: at most 3."),
    ],
)
def test_a_label_that_only_says_a_line_is_a_rule_is_no_word_of_it(said: str, kept: str) -> None:
    blanked = _unnumbered(said)
    assert len(blanked) == len(said)
    assert blanked.strip() == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Call memberLookup first, even when they quote their card.", "Call memberLookup first"),
        ("Even if the rider insists, never book two bays.", "never book two bays."),
        ("Never waive a fee (not even for founders).", "Never waive a fee ("),
        ("Book an even number of bays.", "Book an even number of bays."),
    ],
)
def test_a_concession_is_no_condition(said: str, kept: str) -> None:
    blanked = _conceded(said)
    assert len(blanked) == len(said)
    assert blanked.strip().startswith(kept), blanked


@pytest.mark.parametrize(
    "text",
    [
        "Rule: Find the member with memberLookup before you use any other tool, even when "
        "they quote their card number.",
        "Find the member with memberLookup before you call any other tool.",
    ],
)
def test_a_lookup_before_every_other_tool_said_with_its_subject(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(policies, "require_before", "*", "review_only", before="memberLookup"), shown(
        policies
    )
    assert not [p for p in policies if p.condition.model_dump().get("when")], shown(policies)


def test_a_rule_label_leaves_the_ordering_read(tmp_path: Path) -> None:
    # with the label read as the sentence's first word, the event "before booking it" was
    # lost and the line compiled to nothing
    text = "Rule: Check the bike with bikeRead before booking a repair."
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(policies, "require_before", "repairBook", "enforce", before="bikeRead"), (
        shown(policies)
    )


def test_each_kind_of_id_said_with_its_own_id_word(tmp_path: Path) -> None:
    # "member ids and bike ids": two kinds, not `member ids id` and `bike id`
    text = "Member ids and bike ids come from what memberLookup and bikeRead returned."
    policies = desk_policies(tmp_path, text, BIKES)
    for arg in ("member_id", "bike_id"):
        assert any(
            has_policy(policies, "arg_grounded", "*", level, arg=arg)
            for level in ("enforce", "review_only")
        ), (arg, shown(policies))


def test_looking_at_a_thing_with_a_tool_is_that_tools_call(tmp_path: Path) -> None:
    text = "Look at the bike with `bikeRead` before booking a repair."
    policies = desk_policies(tmp_path, text, BIKES)
    found = [p for p in policies if p.operator == "require_before" and p.target == "repairBook"]
    assert [p.condition.before for p in found] == ["bikeRead"], shown(policies)


def test_a_condition_across_a_semicolon_is_the_other_clauses(tmp_path: Path) -> None:
    # read whole, "until their fees are paid" became the first clause's state: a booking
    # allowed only while fees were *not* paid, enforced. Each clause is read on its own.
    text = (
        "Only a bike whose bay_status is `free` can be booked; lapsed members get no repair "
        "until their fees are paid."
    )
    policies = desk_policies(tmp_path, text, BIKES)
    states = [p for p in policies if p.operator == "state_condition"]
    assert states, shown(policies)
    assert all("paid" not in str(p.condition.model_dump()) for p in states), shown(policies)
    assert [p.condition.allowed for p in states] == [("free",)], shown(policies)


KENNEL = [
    T("bcFindRider", "Finds a rider by card number.", card="string"),
    T("bcOpenTicket", "Opens a workshop ticket for a bike.", bike_id="string", summary="string"),
    T("bcTextRider", "Sends a rider a templated text.", rider_id="string", template="string"),
]


def test_a_products_prefix_is_no_verb_of_a_tool_name() -> None:
    from specgap.extract.grammar_words import verbs_of_tools

    # `bc` is the product's prefix, and the verb is the word after it
    assert {"open", "find"} <= verbs_of_tools(["bcOpenTicket", "bcFindRider"])


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("We open at most one ticket per bike.", "max_calls", "bcOpenTicket",
         {"max": 1, "per": "bike"}),
        ("You open at most one ticket per bike.", "max_calls", "bcOpenTicket",
         {"max": 1, "per": "bike"}),
    ],
)  # fmt: skip
def test_the_desks_stated_practice_is_the_agents_rule(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, KENNEL)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)


@pytest.mark.parametrize(
    "text", ["We run four workshops in the city.", "You sell and look after bikes for riders."]
)
def test_a_practice_with_no_rule_in_it_describes_the_desk(tmp_path: Path, text: str) -> None:
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", KENNEL)
    said = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert not said, said
    assert not [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def test_a_footnote_marker_and_where_the_tools_are_are_no_words_of_the_rule(
    tmp_path: Path,
) -> None:
    text = (
        "We find the rider with bcFindRider before we touch anything else in BikeCentre.[^1]\n\n"
        "[^1]: Opening hours come from this page."
    )
    policies = desk_policies(tmp_path, text, KENNEL)
    assert has_policy(policies, "require_before", "*", "review_only", before="bcFindRider"), shown(
        policies
    )


@pytest.mark.parametrize(
    "text",
    [
        "Then the agent finds the rider with bcFindRider before it calls any other tool",
        "- Agreed: bcFindRider runs before any other tool, in every conversation.",
    ],
)
def test_a_first_lookup_said_of_the_agent_or_of_the_tool(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, KENNEL)
    assert has_policy(policies, "require_before", "*", "review_only", before="bcFindRider"), shown(
        policies
    )


def test_the_agents_stated_practice_in_the_third_person(tmp_path: Path) -> None:
    text = "The agent opens at most one ticket per bike."
    policies = desk_policies(tmp_path, text, KENNEL)
    assert has_policy(policies, "max_calls", "bcOpenTicket", "enforce", max=1, per="bike"), shown(
        policies
    )


@pytest.mark.parametrize(
    ("said", "spelt"),
    [
        ("A repair whose status is `done` is not cancelled.",
         "A repair whose status is `done` cannot be cancelled."),
        ("Only a repair whose status is `booked` is cancelled.",
         "Only a repair whose status is `booked` can be cancelled."),
        ("No repair is booked for a bike that is `stolen`.",
         "No repair can be booked for a bike that is `stolen`."),
    ],
)  # fmt: skip
def test_a_present_passive_is_read_as_its_modal_form(said: str, spelt: str) -> None:
    from specgap.extract.present27 import respelt

    assert respelt(said) == spelt


@pytest.mark.parametrize(
    "said",
    [
        "A deposit is not required for members.",  # a duty, not an act on the deposit
        "A repair can be cancelled; it is not refunded.",  # a modal of its own
        "Repairs are booked in the morning.",  # no restriction
    ],
)
def test_a_present_passive_that_is_no_rule_is_left(said: str) -> None:
    from specgap.extract.present27 import respelt

    assert respelt(said) is None


def test_a_present_passive_ban_on_a_state_is_a_state_rule(tmp_path: Path) -> None:
    text = "A repair whose status is `done` or `collected` is not cancelled."
    tools = [*BIKES, T("repairRead", "Reads a repair: status (booked, done, collected).",
                        repair_id="string")]  # fmt: skip
    policies = desk_policies(tmp_path, text, tools)
    states = [p for p in policies if p.operator == "state_condition"]
    assert [(p.target, set(p.condition.denied)) for p in states] == [
        ("repairCancel", {"done", "collected"})
    ], shown(policies)


def test_a_passive_ban_names_its_tool_after_with(tmp_path: Path) -> None:
    # "closed out with `t`": the ban is on t, not on a tool the verb's words resolve to
    tools = [
        *BIKES,
        T("bay_release_v2", "Frees a repair bay.", repair_id="string"),
        T("fee_waiver_v1", "Waives a fee; closes the fee out.", repair_id="string"),
    ]
    text = "A repair in `disputed` or `held` cannot be closed out with bay_release_v2."
    policies = desk_policies(tmp_path, text, tools)
    assert {p.target for p in policies if p.operator == "state_condition"} == {"bay_release_v2"}, (
        shown(policies)
    )


@pytest.mark.parametrize(
    ("name", "description", "spelt"),
    [
        ("rpr_cxl", "Repair cancellation. Cancels a booked repair.", "repair cancellation"),
        ("bk_lkp", "Bike lookup. Finds a bike by frame number.", "bike lookup"),
        ("bay_mv", "Moves a repair to another bay.", "bay moves"),
        ("prtsOrd", "Parts order. Orders parts for a repair.", "parts order"),
        # words of their own, or nothing that spells them out: no alias
        ("get_order", "Gets an order.", None),
        ("send_sms", "Sends an SMS to a rider.", None),
    ],
)
def test_an_abbreviated_tool_name_is_spelt_out_from_its_description(
    name: str, description: str, spelt: str | None
) -> None:
    from specgap.resolve.spelt_out import spelt_out

    assert spelt_out(name, description) == spelt


def test_prose_names_an_abbreviated_tool_by_the_words_it_stands_for(tmp_path: Path) -> None:
    from specgap.resolve.resolver import Resolver
    from tests.corpus_agents import build_prompt

    tools = [
        T("rnt_get", "Rental read. Returns a bike rental's status.", rental_id="string"),
        T("rnt_cxl", "Rental cancellation. Ends a bike rental early.", rental_id="string"),
        T("rnt_bk", "Rental booking. Puts a rider on a bike.", bike_id="string"),
    ]
    built = build_prompt(tmp_path, "# Desk\n\nBe brief.\n", tools)
    found = Resolver(built.state.registry).resolve("cancel the rental")
    assert found.status == "resolved", found
    assert found.candidates[0].tool_id == "rnt_cxl", found
    # the registry the build records keeps the tool's own names
    assert all(not t.aliases for t in built.state.registry.tools), built.state.registry.tools


def test_a_count_said_of_the_same_thing_is_per_that_thing(tmp_path: Path) -> None:
    # counted per conversation, two moves of two different repairs would be refused: the
    # sentence counts the moves of any one repair
    tools = [*BIKES, T("repairMove", "Moves a repair to another bay.", repair_id="string")]
    text = "The same repair is moved two times at most."
    policies = desk_policies(tmp_path, text, tools)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert [(p.target, p.condition.max, p.condition.per) for p in counts] == [
        ("repairMove", 2, "repair")
    ], shown(policies)


def test_camel_case_tools_listed_with_and_are_each_required_first(tmp_path: Path) -> None:
    text = "Call memberLookup and bikeRead before repairBook."
    policies = desk_policies(tmp_path, text, BIKES)
    for first in ("memberLookup", "bikeRead"):
        assert any(
            p.operator == "require_before"
            and p.target == "repairBook"
            and first
            in (
                p.condition.before
                if isinstance(p.condition.before, list | tuple)
                else [p.condition.before]
            )
            for p in policies
        ), (first, shown(policies))


def test_each_step_named_with_its_own_tool_comes_before_the_event(tmp_path: Path) -> None:
    # "check the member with `a`, and the bike with `b`, before booking": both steps first
    text = "Check the member with memberLookup, and the bike with bikeRead, before booking it."
    policies = desk_policies(tmp_path, text, BIKES)
    found = [p for p in policies if p.operator == "require_before" and p.target == "repairBook"]
    assert sorted(p.condition.before for p in found) == ["bikeRead", "memberLookup"], shown(
        policies
    )

"""Session 45: a count of a tool's own acts said per session ("No session makes more than
three bookings": calls, never the items of a list argument), a state word defined once by a
field's values and used elsewhere (`state_terms`), a state word no reader lists (reviewed,
never compared with every field), a restriction said again of another act after ", and"
(`clause3_split._parallel`), a description that opens by naming its own tool, and
gfortran's `__module_MOD_procedure` symbols. Sentences and ids written for these tests, in a
made-up kayak hire desk."""

from __future__ import annotations

from pathlib import Path

from specgap.resolve.plain import plain_form
from specgap.resolve.text import action_name, own_part
from specgap.resolve.verbs import action_noun
from tests.probes import desk_policies, enforced, read, shown
from tests.probes import spec as T

KAYAKS = [
    T("find_paddler", "Finds a paddler by phone.", phone="string"),
    T(
        "open_hire",
        "Routine open_hire of the hires module. Reads a hire: kayak, date, status (reserved, "
        "paid, returned or cancelled).",
        hire_id="string",
    ),
    T(
        "book_kayak",
        "Books kayaks for a paddler.",
        paddler_id="string",
        paddler_names=("array", "The paddlers' names, as the booking paddler gives them."),
    ),
    T("move_hire", "Moves a hire to another date.", hire_id="string", new_date="string"),
    T("cancel_hire", "Cancels a hire.", hire_id="string"),
]


def test_a_count_of_the_tools_own_acts_per_session_counts_calls(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "No session makes more than three bookings.\n", KAYAKS)
    assert read(policies, "max_calls", "book_kayak", max=3), shown(policies)
    # "bookings" is the tool's act, not the names its list argument's description speaks of
    assert not read(policies, "arg_count_bound", "book_kayak"), shown(policies)


def test_a_light_verb_says_the_act_of_its_counted_noun() -> None:
    assert action_noun("bookings", set()) == "book"
    assert plain_form("make three bookings") == ("book", True)


def test_a_state_word_defined_by_a_fields_values_is_read_as_them(tmp_path: Path) -> None:
    text = (
        "A hire is live while its status reads reserved or paid.\n\n"
        "Only a live hire is moved.\n\n"
        "Do not cancel a hire unless it is live.\n"
    )
    policies = desk_policies(tmp_path, text, KAYAKS)
    for tool in ("move_hire", "cancel_hire"):
        assert enforced(
            policies, "state_condition", tool, field="status", allowed=["paid", "reserved"]
        ), shown(policies)


def test_a_state_word_no_reader_lists_is_reviewed_not_compared(tmp_path: Path) -> None:
    # `open_hire` reads a hire (its description names itself first) and lists its statuses:
    # "live" is none of them, so comparing it with every field would block every move
    policies = desk_policies(tmp_path, "Only a live hire is moved.\n", KAYAKS)
    assert read(policies, "state_condition", "move_hire", allowed=["live"]), shown(policies)
    assert not enforced(policies, "state_condition", "move_hire"), shown(policies)


def test_a_restriction_said_again_of_another_act_is_read_for_both(tmp_path: Path) -> None:
    text = "Only a reserved hire is moved, and only a reserved hire is cancelled.\n"
    policies = desk_policies(tmp_path, text, KAYAKS)
    for tool in ("move_hire", "cancel_hire"):
        assert read(policies, "state_condition", tool, field="status", allowed=["reserved"]), shown(
            policies
        )


def test_a_fortran_module_procedures_symbol_is_its_procedures_name() -> None:
    assert own_part("__hires_MOD_open_hire") == "open_hire"
    assert action_name("__hires_MOD_open_hire") == "open_hire"
    assert own_part("hires__open_hire") == "open_hire"  # a server's prefix, as before


def test_a_writers_speech_act_is_read_as_the_rule_it_states() -> None:
    from specgap.extract.performative45 import respelt

    assert respelt("I direct that `open_hire` be called before any hire is moved.") == (
        "`open_hire` must be called before any hire is moved."
    )
    assert respelt("We require that no hire be cancelled without the paddler's yes.") == (
        "No hire may be cancelled without the paddler's yes."
    )
    assert respelt("I forbid my agent to refund in cash.") == "You must never refund in cash."
    assert respelt("I require the duty manager to review every group hire.") == (
        "The duty manager must review every group hire."
    )
    assert respelt("I limit a hire to 3 kayaks at most.") == (
        "A hire is limited to 3 kayaks at most."
    )
    # wishes and hopes state nothing; neither does a sentence with no writer's frame
    assert respelt("I hope that every paddler enjoys the river.") is None
    assert respelt("Never refund in cash.") is None


def test_a_directed_order_compiles(tmp_path: Path) -> None:
    text = "I direct that open_hire be called on a hire_id before that same hire is moved.\n"
    policies = desk_policies(tmp_path, text, KAYAKS)
    assert read(policies, "require_before", "move_hire", before="open_hire"), shown(policies)


def test_a_state_said_with_with_and_the_fields_id_is_a_relative_clause() -> None:
    from specgap.extract.whose40 import respelt

    said = respelt("A paddler with account_status suspended or banned is neither booked nor moved.")
    assert said == (
        "Do not book or move a paddler if the paddler's account_status is suspended or banned."
    )
    # a plain noun after "with" is no field; a list of acts this shape cannot read is left
    assert respelt("A paddler with a friend is never booked.") is None
    assert respelt("No paddler whose status is lapsed is booked, pays a deposit or hires.") is None


def test_a_tool_said_to_be_the_first_call_of_every_chat_comes_before_every_other() -> None:
    from specgap.extract.order3_first import before_every_other

    for text in (
        "find_paddler must be the first call of every chat.",
        "`find_paddler` comes first in each conversation.",
        "find_paddler is the first call, and nothing else runs until it has answered.",
    ):
        found = before_every_other(text)
        assert [(e.target, e.params) for e in found] == [("*", {"before": "find_paddler"})], text
    # a first step said by words is not a tool the sentence names
    assert before_every_other("The greeting comes first in every chat.") == []


def test_an_elided_count_after_a_directed_clause_counts_its_first_noun() -> None:
    from specgap.extract.performative45 import respelt

    said = respelt("I direct that texts be sent to the number on record, and that no more "
                   "than two be sent in one chat.")  # fmt: skip
    assert said == (
        "Texts must be sent to the number on record, and no more than two texts may be sent "
        "in one chat."
    )


def test_a_linking_word_before_a_rule_is_read_without_it() -> None:
    from specgap.extract.connective45 import respelt

    assert respelt("Then only a reserved hire is moved.") == "Only a reserved hire is moved."
    assert respelt("And, no refund goes above 50 pounds.") == "No refund goes above 50 pounds."
    # "then" before a verb orders a step after the one before: left to the orderings
    assert respelt("Then call `move_hire`.") is None


def test_an_arguments_origin_said_in_more_words_is_read() -> None:
    from specgap.extract.grounded29 import respelt

    cases = {
        "The paddler_id passed to `book_kayak` is the one `find_paddler` returned.": (
            "The paddler_id you pass to `book_kayak` must come from `find_paddler`."
        ),
        "The PIN passed to `find_paddler` is the one the paddler typed in this chat, never "
        "one guessed.": "The PIN you pass to `find_paddler` must come from the user, never one "
        "guessed.",
        "`paddler_id` and `hire_id`, in whatever call they appear, are copied from what "
        "`open_hire` returned.": "The paddler_id and hire_id must come from `open_hire`.",
        "The `hire_id` of a move comes from the list `open_hire` returned, never from the "
        "paddler.": "The hire_id of a move must come from `open_hire`, never from the paddler.",
        "`book_kayak` takes the paddler id from `find_paddler`'s result only.": (
            "The paddler id you pass to `book_kayak` must come from `find_paddler`."
        ),
    }
    for said, meant in cases.items():
        assert respelt(said) == meant, said
    # another act after the origin is a rule of its own: the sentence is read whole
    assert respelt("`book_kayak` takes the paddler id from `find_paddler`'s result only, and "
                   "gets the paddler's yes first.") is None  # fmt: skip


def test_a_value_the_user_typed_for_a_tool_is_the_users(tmp_path: Path) -> None:
    text = "The phone passed to find_paddler is the one the paddler typed in this chat.\n"
    policies = desk_policies(tmp_path, text, KAYAKS)
    assert enforced(policies, "arg_grounded", "find_paddler", arg="phone", from_user=True), shown(
        policies
    )


def test_a_value_never_below_one_figure_nor_above_another_is_a_range() -> None:
    from specgap.extract.segments import _compared

    said = "Deposits are never less than £20 or more than £150."
    assert _compared(said).startswith("Deposits are between £20 and £150 ")
    assert len(_compared(said)) == len(said)  # offsets still hold
    # "never" before a verb is a ban, not a comparison
    assert _compared("Never book more than 3 hires.") == "Never book more than 3 hires."


def test_a_count_of_what_each_call_makes_is_a_count_of_calls(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Never book more than 3 kayaks in a chat.\n", KAYAKS)
    assert not read(policies, "arg_count_bound", "book_kayak"), shown(policies)


def test_a_count_of_what_a_plural_named_tool_takes_many_of_is_a_list_count(tmp_path: Path) -> None:
    guests = [
        T(
            "add_paddlers",
            "Adds paddlers to a hire.",
            hire_id="string",
            names=("array", "Paddler names."),
        )
    ]
    policies = desk_policies(tmp_path, "Never add more than 6 paddlers.\n", guests)
    assert enforced(policies, "arg_count_bound", "add_paddlers", arg="names", max=6), shown(
        policies
    )

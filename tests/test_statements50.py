"""Session 50: a dotted id the agent's tools define is an id even when its last part reads like a
web address's (`keysafeunlocks.depot.acme.dev`, as Kubernetes names a custom resource:
`noact_dotted`); "is / are not to V" a duty not to act, said "must not" (`segments`), with the
note quoting the sentence's own words (`rulelike.as_written`); a verb phrase whose object is a
tool's id written in the sentence names that tool exactly, whichever way round the verb stands
(`agent_params.named_by_id`); "once for a booking" a count, never the conjunction "once"
(`temporal`, `oblig_nominal`, `order5_shapes`), its subject a passive tool id (`max_calls`,
`noun_counts`), and "and never again" the same count said twice. Sentences, ids and
descriptions written for these tests, in a made-up car-rental depot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.agent_params import knowing_params
from specgap.extract.noact_dotted import snake
from specgap.extract.segments import _compared
from tests.corpus_agents import build_prompt
from tests.probes import desk_policies, enforced, read
from tests.probes import spec as T

# a depot's tools named as custom resources in its cluster: plural kind, a dot, the API group
_GROUP = "depot.acme.dev"
CLUSTER = [
    T(
        f"renterlookups.{_GROUP}",
        "Custom resource; creating one looks a renter up and returns renter_id, "
        "account_status (active or barred) and card_token.",
        email="string",
    ),
    T(f"rentalbookings.{_GROUP}", "Custom resource; creating one books a car.", car_id="string"),
    T(
        f"rentalextensions.{_GROUP}",
        "Custom resource; creating one extends a booking.",
        booking_id="string",
    ),
    T(f"keysafeunlocks.{_GROUP}", "Custom resource; creating one opens the safe.", depot="string"),
]

# the same depot with snake_case ids whose words are nouns, not verbs
SNAKE = [
    T(
        "renter_lookups",
        "Looks a renter up; returns renter_id, account_status (active or barred) and card_token.",
        email="string",
    ),
    T("rental_bookings", "Books a car for a renter.", renter_id="string", car_id="string"),
    T("rental_extensions", "Extends a booking by days.", booking_id="string", days="integer"),
    T("key_safe_unlocks", "Opens the depot's key safe remotely.", depot="string"),
]


def _cluster(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text + "\n", CLUSTER)


def _snake(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text + "\n", SNAKE)


@pytest.mark.parametrize(
    "sentence",
    [
        f"Never create keysafeunlocks.{_GROUP}.",
        f"keysafeunlocks.{_GROUP} is not to be created by you under any circumstances.",
        f"You are not to create keysafeunlocks.{_GROUP}.",
    ],
)
def test_a_dotted_id_the_tools_define_is_read_whatever_its_last_part(
    tmp_path: Path, sentence: str
) -> None:
    assert enforced(_cluster(tmp_path, sentence), "deny_action", f"keysafeunlocks.{_GROUP}")


def test_a_web_address_that_names_no_tool_is_still_no_id() -> None:
    # the readers' snake spelling of dotted ids: the tools' own id is one, whatever its last
    # part; `help.acme.dev`, which no tool defines, is still a web address
    with knowing_params(((f"keysafeunlocks.{_GROUP}", ("depot",)),)):
        assert snake(f"Never create keysafeunlocks.{_GROUP}.") is not None
        assert snake("Never send renters to help.acme.dev for refunds.") is None


@pytest.mark.parametrize(
    "sentence",
    [
        "key_safe_unlocks is not to be run.",
        "key_safe_unlocks must not be opened.",
        "You are not to run key_safe_unlocks.",
    ],
)
def test_a_tool_named_by_its_id_beside_a_verb_is_named_exactly(
    tmp_path: Path, sentence: str
) -> None:
    # the verb and the id need not stand as "create X": the sentence writes the id itself
    assert enforced(_snake(tmp_path, sentence), "deny_action", "key_safe_unlocks")


@pytest.mark.parametrize(
    ("sentence", "duty"),
    [
        ("You are not to run key_safe_unlocks.", True),
        ("key_safe_unlocks is not to be opened.", True),
        ("That is not to say key_safe_unlocks is broken.", False),
        ("The renter is not to blame for a flat tyre.", False),
        ("A flat tyre is not to be a reason for a refund.", False),
    ],
)
def test_is_not_to_is_must_not_only_before_an_act(sentence: str, duty: bool) -> None:
    assert ("must not" in _compared(sentence)) is duty


def test_the_note_on_an_unread_is_not_to_quotes_the_sentence(tmp_path: Path) -> None:
    text = "# Desk\n\nPersonal opinions are not to be used in replies.\n"
    built = build_prompt(tmp_path, text, SNAKE)
    found = built.state.diagnostics
    notes = [d.message for d in found if d.code == "rule-not-compiled"]
    assert any("`are not to`" in m for m in notes), notes
    assert not any("`must not`" in m for m in notes)


@pytest.mark.parametrize(
    "sentence",
    [
        "rental_extensions is run once for a booking and never again for it.",
        "rental_extensions is run once for a booking.",
        "Run rental_extensions only once for each booking.",
        f"rentalextensions.{_GROUP} is created once per booking.",
    ],
)
def test_once_for_a_thing_is_a_count_not_a_conjunction(tmp_path: Path, sentence: str) -> None:
    tools = CLUSTER if _GROUP in sentence else SNAKE
    tool = f"rentalextensions.{_GROUP}" if _GROUP in sentence else "rental_extensions"
    policies = desk_policies(tmp_path, sentence + "\n", tools)
    assert enforced(policies, "max_calls", tool, max=1, per="booking")
    assert not read(policies, "require_before", tool)  # no "once <event>" read into it


def test_once_before_a_clause_is_still_the_conjunction(tmp_path: Path) -> None:
    text = "Extend a booking only once renter_lookups has returned the renter."
    policies = _snake(tmp_path, text)
    assert read(policies, "require_before", "rental_extensions", before="renter_lookups")
    assert not read(policies, "max_calls", "rental_extensions")


# a depot desk: hires with a status a read shows, a licence check, texts and refunds
DEPOT = [
    T(
        "get_hire",
        "Reads a hire; returns its status (reserved, collected, on_road, returned or void).",
        hire_id="string",
    ),
    T("lengthen_hire", "Lengthens a hire by days.", hire_id="string", days="integer"),
    T("void_hire", "Voids a hire.", hire_id="string"),
    T("add_child_seat", "Adds a child seat to a hire.", hire_id="string"),
    T(
        "check_renter",
        "Checks a renter's licence number; returns passed (true or false).",
        renter_id="string",
    ),
    T("move_hire", "Moves a hire to new dates.", hire_id="string", new_date="string"),
    T("cancel_hire", "Cancels a hire.", hire_id="string"),
    T("find_renter", "Finds a renter; returns renter_id and mobile.", email="string"),
    T("text_renter", "Sends a templated text to a renter's mobile.", mobile="string"),
    T("refund_hire", "Refunds a hire's payment.", payment_id="string", amount_gbp="number"),
]


def _desk(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text + "\n", DEPOT)


def test_only_after_the_noun_is_no_entity(tmp_path: Path) -> None:
    # "reserved or collected hires only": the hire's state; "only" names nothing
    policies = _desk(tmp_path, "Child seats are added to reserved or collected hires only.")
    fitted = [p for p in policies if p.operator == "state_condition"]
    assert fitted
    assert all(p.condition.entity != "only" for p in fitted)
    assert enforced(
        policies,
        "state_condition",
        "add_child_seat",
        field="status",
        allowed=["reserved", "collected"],
    )


def test_a_footnote_lettered_in_lower_case_starts_its_own_sentence(tmp_path: Path) -> None:
    text = (
        "## Notes\n"
        "p — Never call void_hire.\n"
        "q — Child seats are added to reserved or collected hires only.\n"
        "r — Be kind to renters.\n"
    )
    policies = _desk(tmp_path, text)
    assert enforced(policies, "deny_action", "void_hire")
    assert enforced(
        policies,
        "state_condition",
        "add_child_seat",
        field="status",
        allowed=["reserved", "collected"],
    )


def test_the_impersonal_one_states_the_desks_practice(tmp_path: Path) -> None:
    text = "One lengthens a hire only while its status is reserved or collected."
    assert enforced(
        _desk(tmp_path, text),
        "state_condition",
        "lengthen_hire",
        field="status",
        allowed=["reserved", "collected"],
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "At most four calls of text_renter in a chat.",
        "Four calls of text_renter in a chat are the most allowed.",
        "Four calls of text_renter per chat is the limit.",
    ],
)
def test_a_count_of_calls_of_a_bare_id(tmp_path: Path, sentence: str) -> None:
    assert enforced(_desk(tmp_path, sentence), "max_calls", "text_renter", max=4)


def test_a_check_that_has_said_passed_comes_first(tmp_path: Path) -> None:
    text = "check_renter must have said passed before you move or cancel a hire."
    policies = _desk(tmp_path, text)
    for tool in ("move_hire", "cancel_hire"):
        assert enforced(policies, "require_before", tool, before="check_renter")


@pytest.mark.parametrize(
    "sentence",
    [
        "Run get_hire first; only then move or cancel the hire.",
        "Run get_hire first, and only after that move or cancel the hire.",
        "Read the hire with get_hire before you move, change or cancel the hire.",
    ],
)
def test_each_verb_coordinated_before_the_object_is_ordered(tmp_path: Path, sentence: str) -> None:
    policies = _desk(tmp_path, sentence)
    for tool in ("move_hire", "cancel_hire"):
        assert read(policies, "require_before", tool, before="get_hire")


def test_a_value_said_after_the_act_and_its_preposition(tmp_path: Path) -> None:
    text = "Send texts only to the mobile that find_renter returned."
    policies = _desk(tmp_path, text)
    assert enforced(
        policies, "arg_grounded", "text_renter", arg="mobile", from_tools=["find_renter"]
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "No refund exceeds £400 and any refund above £90 is reviewed by the manager.",
        "A refund is at most £400, and anything above £90 waits for the manager's review.",
    ],
)
def test_a_cap_beside_a_review_from_a_lower_figure_is_kept(tmp_path: Path, sentence: str) -> None:
    policies = _desk(tmp_path, sentence)
    assert enforced(policies, "arg_within_bound", "refund_hire", arg="amount_gbp", max=400)
    assert not read(policies, "arg_within_bound", "refund_hire", max=90)  # the review's figure


def test_a_review_above_a_figure_is_no_cap(tmp_path: Path) -> None:
    policies = _desk(tmp_path, "Refunds over £90 need a manager's review.")
    assert read(policies, "review_required", "refund_hire")
    assert not read(policies, "arg_within_bound", "refund_hire")


def test_a_state_value_spelt_as_the_tools_spell_it_before_its_noun(tmp_path: Path) -> None:
    policies = _desk(tmp_path, "Child seats are added to reserved or on_road hires only.")
    assert enforced(
        policies,
        "state_condition",
        "add_child_seat",
        field="status",
        allowed=["reserved", "on_road"],
    )

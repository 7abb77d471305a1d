"""Verb phrases resolve to the tools that perform them; a near tie is ambiguous and a tool of
another kind is never resolved (a made-up clinic, `tests/resolve_registry.py`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.registry import Tool, build_registry
from specgap.resolve import MARGIN, RESOLVED_AT, Resolver, status_of
from specgap.resolve.actions import parse_action
from specgap.resolve.lexicon import VERB_CLASSES, classes_of, verb_key
from tests.resolve_registry import TOOLS, clinic

REGISTRY = clinic()

# (verb class, mention, the tool it names)
NAMED = [
    ("create", "schedule an appointment", "create_appointment"),
    ("create", "add an appointment", "create_appointment"),
    ("create", "book an appointment", "create_appointment"),
    ("create", "record the pet's weight", "update_pet_weight"),  # its description's verb
    ("read", "look up the appointment", "get_appointment"),
    ("read", "find the vets", "list_vets"),
    ("read", "check the appointment status", "get_appointment"),
    ("update", "reschedule the slot", "update_appointment_slot"),
    ("update", "change the vet", "update_appointment_vet"),
    ("update", "modify the pet weight", "update_pet_weight"),
    ("delete", "remove the appointment", "cancel_appointment"),
    ("delete", "cancelling appointments", "cancel_appointment"),
    ("delete", "cancel the visit", "cancel_appointment"),  # a visit is an appointment
    ("send", "text a reminder", "send_reminder"),
    ("pay", "credit the owner", "issue_credit"),  # a later word of its name
    ("send", "escalate to the manager", "escalate_to_manager"),
]


@pytest.mark.parametrize(("kind", "mention", "tool"), NAMED)
def test_a_verb_phrase_resolves_to_the_tool_that_does_it(
    kind: str, mention: str, tool: str
) -> None:
    action = parse_action(mention)
    assert action is not None
    assert kind in action.classes, action
    res = Resolver(REGISTRY).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    runner_up = res.candidates[1].score if len(res.candidates) > 1 else 0.0
    assert res.candidates[0].score - runner_up >= MARGIN - 1e-9


# (mention, the tools it could mean: a near tie between them)
TIES = [
    ("change", {"update_appointment_slot", "update_appointment_vet", "update_pet_weight"}),
    ("update", {"update_appointment_slot", "update_appointment_vet", "update_pet_weight"}),
    ("send", {"send_reminder", "escalate_to_manager", "issue_credit"}),
    ("update the appointment", {"update_appointment_slot", "update_appointment_vet"}),
    ("move the appointment", {"update_appointment_slot", "update_appointment_vet"}),
]


@pytest.mark.parametrize(("mention", "tools"), TIES)
def test_a_phrase_several_tools_fit_is_ambiguous(mention: str, tools: set[str]) -> None:
    res = Resolver(REGISTRY).resolve(mention)
    assert res.status == "ambiguous", res.candidates[:4]
    assert res.tool_id in tools
    assert {c.tool_id for c in res.candidates[:2]} <= tools


# verbs and objects no tool fits: never a resolution, at most a suggestion
NOTHING = [
    "order more vaccines",  # no such tool
    "get the weight",  # the weight is only written, never read
    "delete the vet",  # nothing removes a vet; changing one is another kind of action
    "cancel the vaccine",  # the object is none of the cancel tool's words
    "amount",  # an argument, not a tool
    "the phone number",
    "hand out medication",  # no verb the lexicon or a tool knows
]


@pytest.mark.parametrize("mention", NOTHING)
def test_a_phrase_no_tool_fits_stays_unresolved(mention: str) -> None:
    res = Resolver(REGISTRY).resolve(mention)
    assert res.status == "unresolved", res.candidates[:3]


@pytest.mark.parametrize("tool", [t for t in TOOLS if classes_of(t.id.split("_")[0])])
def test_a_verb_of_another_kind_never_resolves_to_a_tool(tool: Tool) -> None:
    """Each tool's own object words, with each verb of a class its own verb is not in."""
    own = classes_of(tool.id.split("_")[0])
    words = " ".join(tool.id.split("_")[1:])
    resolver = Resolver(REGISTRY)
    for kind, verbs in VERB_CLASSES.items():
        if kind in own:
            continue
        for verb in verbs:
            if classes_of(verb_key(verb)) & own:
                continue  # a verb of two classes, one of them the tool's
            res = resolver.resolve(f"{verb} the {words}")
            assert not (res.status == "resolved" and res.tool_id == tool.id), (verb, res)


def test_a_read_verb_never_resolves_to_a_tool_vouched_write_only() -> None:
    registry, _ = build_registry(
        [
            Tool(id="store_invoice", description="Keep an invoice.", effects=("write",)),
            Tool(id="archive_box", description="Boxes."),
        ]
    )
    res = Resolver(registry).resolve("look up the invoice")
    assert res.status == "unresolved"


def test_the_contradicted_name_match_stays_a_suggestion() -> None:
    """`book` shares a word with every `*_booking` tool; only creating one is booking."""
    registry, _ = build_registry(
        [
            Tool(id="create_booking", description="Create a booking."),
            Tool(id="get_booking", description="Get a booking."),
            Tool(id="cancel_booking", description="Cancel a booking."),
        ]
    )
    res, why = Resolver(registry).explain("book")
    assert (res.status, res.tool_id) == ("resolved", "create_booking")
    others = {c.tool_id: c.score for c in res.candidates[1:]}
    assert all(score < RESOLVED_AT for score in others.values())
    assert "not what it does" in why["get_booking"]


@pytest.mark.parametrize(
    ("mention", "verb", "objects"),
    [
        ("reschedule the follow-up", "reschedul", ("follow", "up")),
        ("to look up the owner's e-mail", "lookup", ("owner", "email")),
        ("please set up a new clinic", "setup", ("new", "clinic")),
        ("Cancelled visits", "cancel", ("visit",)),
    ],
)
def test_parse_reads_verb_and_object(mention: str, verb: str, objects: tuple[str, ...]) -> None:
    action = parse_action(mention)
    assert action is not None
    assert (action.verb, action.objects) == (verb, objects)


@pytest.mark.parametrize("mention", ["pet weight", "text_in_note", "getAppointment", ""])
def test_names_and_noun_phrases_are_not_actions(mention: str) -> None:
    assert Resolver(REGISTRY).actions.parse(mention) is None


def test_explain_says_which_verb_and_words_matched() -> None:
    res, why = Resolver(REGISTRY).explain("reschedule the slot")
    assert res.tool_id == "update_appointment_slot"
    text = why["update_appointment_slot"]
    assert "`reschedule`" in text
    assert "slot" in text


_VERBS = sorted({v for verbs in VERB_CLASSES.values() for v in verbs})
_NOUNS = sorted({w for t in TOOLS for w in t.id.split("_")[1:]} | {"owner", "visit", "cat"})


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_VERBS), st.lists(st.sampled_from(_NOUNS), max_size=3))
def test_a_resolved_verb_phrase_never_names_a_tool_of_another_kind(
    verb: str, nouns: list[str]
) -> None:
    """Whatever the verb and object, a resolution is to a tool the verb can name: one of
    its class, named by it, or described first by it."""
    mention = " ".join([verb, "the", *nouns])
    resolver = Resolver(REGISTRY)
    res = resolver.resolve(mention)
    assert res.status == status_of(res.candidates)
    action = resolver.actions.parse(mention)
    if res.status != "resolved" or action is None or res.candidates[0].score >= 0.86:
        return  # not read as an action, or a name written out
    assert not resolver.actions.contradicts(action, res.tool_id or ""), (mention, res)


@pytest.mark.parametrize(
    ("mention", "verb", "tool"),
    [
        ("cancellation of the appointment", "cancel", "cancel_appointment"),
        ("appointment cancellation", "cancel", "cancel_appointment"),
        ("modification of the slot", "modify", "update_appointment_slot"),
        ("creation of an appointment", "creat", "create_appointment"),
        ("notification", "notify", None),  # a kind of action, no object: several tools
        ("removal of the vet", "remov", None),  # nothing removes a vet
        ("location of the clinic", None, None),  # a place, not the act of locating
    ],
)
def test_a_noun_made_from_a_verb_names_the_action(
    mention: str, verb: str | None, tool: str | None
) -> None:
    action = parse_action(mention)
    assert (action.verb if action else None) == verb
    res = Resolver(REGISTRY).resolve(mention)
    if tool is None:
        assert res.status != "resolved", res.candidates[:3]
    else:
        assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]


ALBUMS = [
    Tool(id="remove_tag_from_album", description="Removes a tag from an album."),
    Tool(id="delete_album", description="Deletes an album, with every associated tag and photo."),
    Tool(id="delete_photo", description="Deletes one photo."),
]


@pytest.mark.parametrize(
    ("mention", "status", "tool"),
    [
        # the head noun is `tags`: deleting the album is not what is asked (the album is
        # said only as what the tags are of), so the tool that removes tags from it wins
        ("revoke the tags associated with the album", "resolved", "remove_tag_from_album"),
        ("delete all tags linked to the album", "resolved", "remove_tag_from_album"),
        ("delete the album itself", "resolved", "delete_album"),
        ("drop the photo", "resolved", "delete_photo"),
    ],
)
def test_the_object_head_outweighs_words_after_it(
    mention: str, status: str, tool: str | None
) -> None:
    registry, _ = build_registry(ALBUMS)
    res = Resolver(registry).resolve(mention)
    assert res.status == status, res.candidates[:3]
    if tool is not None:
        assert res.tool_id == tool
    else:
        assert {c.tool_id for c in res.candidates[:2]} == {"delete_album", "remove_tag_from_album"}


def test_words_quoted_from_one_description_name_its_tool() -> None:
    registry, _ = build_registry(
        [
            Tool(id="list_invoices", description="List the invoices of a customer."),
            Tool(
                id="export_statement",
                description="List every invoice of an account as one PDF statement.",
            ),
        ]
    )
    resolver = Resolver(registry)
    res = resolver.resolve("list every invoice of an account")  # five words of one description
    assert (res.status, res.tool_id) == ("resolved", "export_statement"), res.candidates
    res = resolver.resolve("list the invoices")  # words of no description: the name decides
    assert (res.status, res.tool_id) == ("resolved", "list_invoices"), res.candidates

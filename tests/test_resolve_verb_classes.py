"""Verb phrases against tools named with a toolkit prefix (`KennelHubBookStay`), verbs that
undo each other, verbs that name their own action, and irregular plurals (a made-up kennel
and grooming service; the names, descriptions and phrases are ours)."""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver
from specgap.resolve.lexicon import opposite, verb_key
from specgap.resolve.text import stem


def _tool(name: str, description: str, *params: str) -> Tool:
    props = {p: {"type": "string"} for p in params}
    return Tool(id=name, names=(name,), description=description, schema={"properties": props})


KENNEL = build_registry(
    [
        _tool("KennelHubBookStay", "Book a boarding stay for a dog.", "dog_id", "nights"),
        _tool("KennelHubCancelStay", "Cancel a boarding stay.", "stay_id"),
        _tool("KennelHubGetStayDetails", "Get the details of a boarding stay.", "stay_id"),
        _tool("KennelHubSearchStays", "Search boarding stays by owner.", "owner"),
        _tool("KennelHubArrangePickup", "Arrange a pickup of a dog after its stay.", "stay_id"),
        _tool("KennelHubLockGate", "Locks the kennel gate.", "gate_id"),
        _tool("KennelHubUnlockGate", "Unlocks the kennel gate.", "gate_id"),
        _tool(
            "KennelHubGenerateGateCode",
            "Generate a code that opens the gate: enter it to unlock the gate.",
        ),
        _tool("KennelHubSignWaiver", "Sign the waiver of a stay.", "stay_id"),
        _tool("KennelHubVerifyWaiver", "Verify a signed waiver of a stay.", "stay_id"),
        _tool("KennelHubEnableCamera", "Enable the live camera of a run.", "run_id"),
        _tool("KennelHubDisableCamera", "Disable the live camera of a run.", "run_id"),
        _tool("GroomBoxExportInvoices", "Export the grooming invoices to a file.", "path"),
        _tool("GroomBoxSearchInvoices", "Search the grooming invoices.", "query"),
        _tool("GroomBoxFollowGroomer", "Follow a groomer's calendar.", "groomer_id"),
        _tool("GroomBoxUnfollowGroomer", "Stop following a groomer's calendar.", "groomer_id"),
        _tool("GroomBoxFindPeople", "Find people registered as dog walkers.", "name"),
        _tool("GroomBoxAssignKennel", "Assign a kennel to a dog.", "kennel_id", "dog_id"),
        _tool("GroomBoxUpdateKennel", "Update the details of a kennel.", "kennel_id"),
        _tool("GroomBoxCreateDogAppointment", "Create a grooming appointment for a dog."),
        _tool("GroomBoxCreateDogAppointmentReview", "Create a review of a dog appointment."),
        _tool("GroomBoxUpdateBathAssignee", "Update who gives a dog its bath.", "bath_id"),
        _tool("GroomBoxUpdateBathStatus", "Update the status of a dog's bath.", "bath_id"),
        _tool("GroomBoxRequestPetReturn", "Create a dog return request with a due date.", "due"),
        _tool("GroomBoxCreateDogWorkflow", "Create a dog workflow for intake or for return."),
    ]
)[0]

# (phrase, the one tool it names)
NAMED = [
    ("reserve a boarding stay", "KennelHubBookStay"),  # the verb after the toolkit's name
    ("call off the stay", None),  # "call off" is no verb the lexicon or a tool knows
    ("remove it", None),  # an object not said: no guess, though one tool removes
    ("remove the stay", "KennelHubCancelStay"),
    ("look up the stay details", "KennelHubGetStayDetails"),
    # not `LockGate` (the verbs undo each other), nor the code tool whose description says
    # "unlock the gate" while it generates
    ("unlock the gate", "KennelHubUnlockGate"),
    ("sign the waiver", "KennelHubSignWaiver"),  # "a signed waiver" is no verb of the other
    ("lock the gate", "KennelHubLockGate"),
    ("activate the camera", "KennelHubEnableCamera"),  # `activate` turns on, as `enable`
    ("deactivate the camera", "KennelHubDisableCamera"),
    ("turn off the camera", "KennelHubDisableCamera"),  # a phrasal verb of the lexicon
    ("unfollow the groomer", "GroomBoxUnfollowGroomer"),
    ("export the invoices", "GroomBoxExportInvoices"),  # not a search: its own action
    ("look up a person", "GroomBoxFindPeople"),  # people is the plural of person
    ("open a dog appointment", "GroomBoxCreateDogAppointment"),  # an appointment: no review
    ("assign the kennels", "GroomBoxAssignKennel"),  # assigning is not any update
    ("assign the bath", "GroomBoxUpdateBathAssignee"),  # the verb inside `assignee`
    ("schedule the dog return", "GroomBoxRequestPetReturn"),  # the compound, said together
    ("schedule the dog workflow", "GroomBoxCreateDogWorkflow"),
]


@pytest.mark.parametrize(("phrase", "tool"), NAMED)
def test_a_verb_phrase_names_its_tool_past_the_toolkit_name(phrase: str, tool: str | None) -> None:
    res = Resolver(KENNEL).resolve(phrase)
    if tool is None:
        assert res.status != "resolved", res.candidates[:3]
    else:
        assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]


# (phrase, the tools it could mean: never one of them alone)
TIES = [
    ("change the camera", {"KennelHubEnableCamera", "KennelHubDisableCamera"}),
    ("update the gate", {"KennelHubLockGate", "KennelHubUnlockGate"}),
]


@pytest.mark.parametrize(("phrase", "tools"), TIES)
def test_a_phrase_that_fits_several_tools_is_never_resolved(phrase: str, tools: set[str]) -> None:
    res = Resolver(KENNEL).resolve(phrase)
    assert res.status == "ambiguous", res.candidates[:3]
    assert {c.tool_id for c in res.candidates[:2]} == tools


# (verb, the tool's verbs, whether it undoes them)
OPPOSITES = [
    ("unlock", {"lock"}, True),
    ("lock", {"unlock"}, True),
    ("activate", {"disable"}, True),
    ("enable", {"resume"}, False),  # both turn something on
    ("disable", {"enable", "disable"}, False),  # "Enable or disable ...": it does both
    ("activate", {"enable", "disable"}, False),
    ("unfollow", {"follow"}, True),
    ("disconnect", {"connect"}, True),
    ("update", {"lock"}, False),
    ("grant", {"revoke"}, True),
]


@pytest.mark.parametrize(("verb", "tools", "undoes"), OPPOSITES)
def test_verbs_that_undo_each_other(verb: str, tools: set[str], undoes: bool) -> None:
    assert opposite(verb_key(verb), frozenset(verb_key(t) for t in tools)) is undoes


@pytest.mark.parametrize(
    ("plural", "singular"), [("people", "person"), ("children", "child"), ("dogs", "dog")]
)
def test_irregular_plurals_fold_to_the_singular(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)

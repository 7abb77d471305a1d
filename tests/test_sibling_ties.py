"""A prerequisite said by a verb that several sibling tools fit equally (a made-up hotel
front desk; the tools, descriptions and sentences are ours): the tie of siblings is the
any-of set of the family; a tie of unrelated tools stays ambiguous, and the tool an
ordering constrains is never a set built from a tie (`specgap.resolve.sibling_ties`)."""

from __future__ import annotations

import pytest

from specgap.compile import compile_policies
from specgap.ir import Candidate, CandidateRule, Resolution, Span
from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver, resolve_rules
from specgap.resolve.alternatives import expand_alternatives
from specgap.resolve.sibling_ties import sibling_set


def _tool(name: str, description: str, *params: str) -> Tool:
    props = {p: {"type": "string"} for p in params}
    return Tool(id=name, names=(name,), description=description, schema={"properties": props})


DESK = build_registry(
    [
        _tool("find_guest_by_room", "Find a hotel guest by room number.", "room_number"),
        _tool("find_guest_by_phone", "Find a hotel guest by phone number.", "phone"),
        _tool("find_guest_by_surname", "Find a hotel guest by surname.", "surname"),
        _tool(
            "find_charges_by_guest", "List the bar and restaurant charges of a guest.", "guest_id"
        ),
        _tool("find_guest_folio", "Read the folio of a guest.", "guest_id"),
        _tool(
            "find_parcel_by_tracking", "Find a parcel held at the desk by tracking code.", "code"
        ),
        _tool("find_parcel_by_owner", "Find a parcel held at the desk by its owner.", "owner"),
        _tool("find_shuttle_by_time", "Find an airport shuttle by departure time.", "time"),
        _tool("hand_over_parcel", "Hand a held parcel over to its owner.", "parcel_id"),
        _tool("issue_key_card", "Issue a new key card for a room.", "room_number"),
        _tool(
            "record_identity_check", "Record that the desk checked a guest's identity.", "guest_id"
        ),
        _tool("cancel_booking_by_code", "Cancel a booking by its code.", "code"),
        _tool("cancel_booking_by_guest", "Cancel a booking by the guest's name.", "guest_name"),
        _tool("refund_deposit", "Refund the deposit of a cancelled booking.", "booking_id"),
    ]
)[0]
GUESTS = ("find_guest_by_phone", "find_guest_by_room", "find_guest_by_surname")
PARCELS = ("find_parcel_by_owner", "find_parcel_by_tracking")
BOOKINGS = ("cancel_booking_by_code", "cancel_booking_by_guest")


def _tie(*scored: tuple[str, float]) -> Resolution:
    cands = tuple(Candidate(tool_id=t, score=s, via="context_keyword") for t, s in scored)
    return Resolution(mention="look them up", status="ambiguous", candidates=cands)


# (the near tie the resolver gave, the set it is read as; None: it stays ambiguous)
TIES = [
    # the leaders differ only in what they look the guest up by: the whole family
    (_tie(("find_guest_by_room", 0.6), ("find_guest_by_phone", 0.6)), GUESTS),
    # the rest of the tie reads what belongs to the guest (named with it, looked up by it)
    (_tie(*((t, 0.6) for t in GUESTS), ("find_charges_by_guest", 0.57)), GUESTS),
    (_tie(*((t, 0.6) for t in GUESTS), ("find_guest_folio", 0.58)), GUESTS),
    (_tie(*((t, 0.7) for t in BOOKINGS)), BOOKINGS),  # writes too: either cancel will do
    # a tool of the tie that acts on something unrelated: a real tie
    (_tie(*((t, 0.6) for t in GUESTS), ("find_shuttle_by_time", 0.57)), None),
    (_tie(*((t, 0.6) for t in PARCELS), ("issue_key_card", 0.58)), None),
    # something else of the guest scores as high as the lookups: no family leads
    (_tie(*((t, 0.6) for t in GUESTS), ("find_guest_folio", 0.6)), None),
    # leaders of different things, or named by different verbs
    (_tie(("find_guest_by_room", 0.6), ("find_parcel_by_owner", 0.6)), None),
    (_tie(("find_guest_by_room", 0.6), ("cancel_booking_by_guest", 0.6)), None),
    (_tie(("find_guest_by_room", 0.6), ("find_guest_folio", 0.6)), None),  # no `by`
    (_tie(("find_guest_by_room", 0.6), ("find_guest_by_phone", 0.5)), None),  # one leads
]


@pytest.mark.parametrize(("tie", "expected"), TIES)
def test_a_tie_of_siblings_is_their_family(
    tie: Resolution, expected: tuple[str, ...] | None
) -> None:
    assert sibling_set(Resolver(DESK), tie) == expected


def test_a_resolved_mention_is_never_a_set() -> None:
    one = Resolution(
        mention="find the shuttle",
        status="resolved",
        candidates=(Candidate(tool_id="find_parcel_by_owner", score=0.9, via="context_keyword"),
                    Candidate(tool_id="find_parcel_by_tracking", score=0.9, via="context_keyword")),
    )  # fmt: skip
    assert sibling_set(Resolver(DESK), one) is None


def _rule(text: str, target: str, before: str, heading: str) -> CandidateRule:
    span = Span(
        path="desk.md", start_line=5, start_col=1, end_line=5, end_col=len(text) + 1,
        start_byte=0, end_byte=len(text),
    )  # fmt: skip
    return CandidateRule(
        text=text,
        span=span,
        quote=text,
        target=target,
        context=heading,
        mentions=(target, before),
        grounding="partial",
        check_category="workflow_ordering_validation",
        operator="require_before",
        params={"before": before},
        confidence=0.8,
        extractor="deterministic",
    )


# (sentence, its heading, target mention, prerequisite mention, the `before` compiled;
#  None: no set, the prerequisite stays ambiguous and nothing is enforced)
ORDERINGS = [
    (
        "Only hand over a parcel once you have located it.",
        "Parcels held at the desk",
        "hand over parcel",
        "locate",
        list(PARCELS),
    ),
    (
        "A deposit is refunded only after the booking has been cancelled.",
        "Deposits",
        "refund the deposit",
        "cancel the booking",
        list(BOOKINGS),
    ),
    (  # the guest's charges tie the guest lookups: no family leads, still a tie
        "Issue a key card only after finding them.",
        "Checking in guests",
        "issue a key card",
        "find",
        None,
    ),
]


@pytest.mark.parametrize(("text", "heading", "target", "before", "expected"), ORDERINGS)
def test_the_prerequisite_tie_compiles_to_an_any_of_ordering(
    text: str, heading: str, target: str, before: str, expected: list[str] | None
) -> None:
    resolver = Resolver(DESK)
    rules = expand_alternatives(resolver, [_rule(text, target, before, heading)])
    compiled = compile_policies("desk", resolve_rules(resolver, rules), DESK)
    found = [p.condition.model_dump(mode="json")["before"] for p in compiled.policies]
    assert all(p.enforcement != "enforce" for p in compiled.policies), found
    if expected is None:
        assert all(isinstance(b, str) for b in found), found
        assert any(d.code == "ambiguous-mention" for d in compiled.diagnostics)
    else:
        assert found == [expected]
        # a set read from a tie is an inference: reviewed, its grounding says so
        assert [p.source.grounding for p in compiled.policies] == ["inferred"]


@pytest.mark.parametrize(
    ("target", "note"),
    [
        # the rule is said of each tool the mention names (reviewed), never of any one
        ("cancel the booking", "mention-spread"),  # siblings
        ("find", "mention-spread"),  # finds of unrelated things
    ],
)
def test_an_ambiguous_target_is_never_a_set(target: str, note: str) -> None:
    """The tool an ordering constrains, said by a tie, is never read as an any-of set:
    only the prerequisite may be one. Nothing is enforced; a note says why."""
    resolver = Resolver(DESK)
    text = f"{target.capitalize()} only after a key card was issued."
    rule = _rule(text, target, "issue a key card", "Front desk")
    (out,) = expand_alternatives(resolver, [rule])
    assert out == rule  # the target is not touched, the prerequisite names one tool
    compiled = compile_policies("desk", resolve_rules(resolver, [out]), DESK)
    assert all(p.enforcement != "enforce" for p in compiled.policies)
    for policy in compiled.policies:
        assert policy.target in DESK.by_id  # one tool each, never a set
        assert policy.condition.model_dump(mode="json")["before"] == "issue_key_card"
    notes = [d for d in compiled.diagnostics if d.code == note]
    assert notes
    assert f"`{target}`" in notes[0].message


def test_an_item_of_a_listed_prerequisite_tied_between_siblings_is_their_family() -> None:
    """ "Issue the card after the deposit refund or once the parcel was located": each item
    is read on its own; the tied one becomes its family, the other stays as it is."""
    rule = _rule(
        "Issue a key card only after refunding the deposit or locating the parcel.",
        "issue a key card",
        "refund the deposit",
        "Parcels held at the desk",
    ).model_copy(update={"params": {"before": ["refund the deposit", "locate"]}})
    (out,) = expand_alternatives(Resolver(DESK), [rule])
    assert out.params["before"] == ["refund the deposit", *PARCELS]
    assert out.grounding == "inferred"


def test_a_listed_prerequisite_without_a_tie_is_unchanged() -> None:
    rule = _rule(
        "Issue a key card only after refunding the deposit or cancelling the booking by code.",
        "issue a key card",
        "refund the deposit",
        "Front desk",
    ).model_copy(update={"params": {"before": ["refund the deposit", "cancel_booking_by_code"]}})
    assert expand_alternatives(Resolver(DESK), [rule]) == (rule,)

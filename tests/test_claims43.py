"""Session 43: PascalCase ids with an acronym or a one-letter last word (Win32's wide and
extended names, `FindPotterW`, `BookWheelExW`, `GetURL`), and an exception that names the
rule's own action ("except for a refund of a charge taken twice"). Sentences written for these
tests, at a made-up pottery studio."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.ids7_respell import _camel
from tests.probes import desk_policies, enforced, read, shown, spec

STUDIO = [
    spec("FindPotterW", "Finds a potter by email.", email="string"),
    spec("SearchWheelsW", "Lists free wheels.", day="string"),
    spec("BookWheelExW", "Books a wheel.", slot_id="string", potter_id="string"),
    spec("CancelBookingW", "Cancels a wheel booking.", booking_id="string"),
    spec("RefundPaymentW", "Refunds a payment.", booking_id="string", amount="number"),
    spec("OpenKilnLockW", "Opens the kiln room lock.", room="string"),
]


@pytest.mark.parametrize(
    ("tool", "spelt"),
    [
        ("BookWheelExW", "bookWheelExw"),
        ("FindPotterW", "findPotterw"),
        ("GetURLData", "getUrlData"),
        ("GetURL", "getUrl"),
        ("ExtendBooking", "extendBooking"),
    ],
)
def test_a_pascal_id_is_spelt_as_camel_case_at_its_length(tool: str, spelt: str) -> None:
    assert _camel(tool) == spelt
    assert len(_camel(tool)) == len(tool)


def test_a_win32_id_is_read_where_a_pascal_id_is(tmp_path: Path) -> None:
    text = (
        "BookWheelExW accepts only a slot_id that SearchWheelsW returned earlier in the chat.\n\n"
        "OpenKilnLockW stays with the technician: you never call it, whatever the potter says.\n"
    )
    policies = desk_policies(tmp_path, text, STUDIO)
    assert enforced(
        policies, "arg_grounded", "BookWheelExW", arg="slot_id", from_tools=["SearchWheelsW"]
    ), shown(policies)
    assert enforced(policies, "deny_action", "OpenKilnLockW"), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "A refund comes only after CancelBookingW has cancelled that same booking, "
        "except for a refund of a charge taken twice.",
        "Call RefundPaymentW only after CancelBookingW, except for a refund of a double charge.",
    ],
)
def test_an_exception_naming_the_rules_own_action_is_kept(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, STUDIO)
    assert read(policies, "require_before", "RefundPaymentW", before="CancelBookingW"), shown(
        policies
    )
    # the exception takes some refunds out: never a flat ordering of every refund
    assert not enforced(policies, "require_before", "RefundPaymentW"), shown(policies)

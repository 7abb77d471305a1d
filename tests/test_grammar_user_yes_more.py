"""The user's yes in more shapes: an owner named by what they own, a thing "no" to be done
until the yes, a "for" phrase naming the guarded actions, a yes given to an action noun, a
list of gerund phrases needing it, "proceed with" in a `before` phrase, a read-back of the
details and a spelled-out list after "any of these actions". A grain co-operative and a
veterinary desk, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _tool
from tests.test_grammar_user_yes import _built, _confirmed

GRAIN = [
    _tool("get_shipment", "Fetch a grain shipment.", shipment_id="string"),
    _tool("create_shipment", "Create a shipment order.", farm_id="string", tonnes="number"),
    _tool("update_shipment", "Change the date of a shipment.", shipment_id="string", date="string"),
    _tool("cancel_shipment", "Cancel a shipment.", shipment_id="string"),
    _tool("transfer_funds", "Transfer funds to a farm.", farm_id="string", amount="number"),
    _tool("issue_credit", "Issue a credit note on an invoice.", invoice_id="string"),
    _tool("waive_fee", "Waive a storage fee.", invoice_id="string"),
    _tool("search_prices", "Search current grain prices.", grain="string"),
]
VET = [
    _tool("find_pet", "Look up a pet by owner name.", owner_name="string"),
    _tool("book_appointment", "Book a vet appointment.", pet_id="string", slot="string"),
    _tool("reschedule_appointment", "Move an appointment.", appointment_id="string"),
    _tool("cancel_appointment", "Cancel an appointment.", appointment_id="string"),
    _tool("charge_fee", "Charge a fee to the owner's card.", appointment_id="string"),
    _tool("refund_payment", "Refund a payment.", payment_id="string", amount="number"),
    _tool("order_medication", "Order a medication refill.", pet_id="string", drug="string"),
]
CREATE, UPDATE, CANCEL = "create_shipment", "update_shipment", "cancel_shipment"
BOOK, MOVE, DROP = "book_appointment", "reschedule_appointment", "cancel_appointment"

# (sentence, tools, the confirmed tools)
READ: list[tuple[str, list[dict[str, object]], set[str]]] = [
    # an owner named by what they own is the user
    ("Do not charge a fee without the pet owner's explicit agreement.", VET, {"charge_fee"}),
    (
        "Before refunding, get explicit confirmation from the animal's owner.",
        VET,
        {"refund_payment"},
    ),
    (
        "Waiving a fee and issuing a credit each need the farm owner's confirmation.",
        GRAIN,
        {"waive_fee", "issue_credit"},
    ),
    # a bare "the owner" whose yes is given in the chat: only the user speaks there
    (
        "No appointment is moved until the owner has approved the new slot in the chat.",
        VET,
        {MOVE},
    ),
    # "no"/"nothing" done until (or without) the yes
    ("No shipment is cancelled until the grower has said yes.", GRAIN, {CANCEL}),
    ("No funds are transferred without the farmer's explicit consent.", GRAIN, {"transfer_funds"}),
    ("Nothing is cancelled without the grower's go-ahead.", GRAIN, {CANCEL}),
    # a leading "for" phrase names the actions, spelled out after "such as" or one act
    (
        "For any write action such as creating, updating or cancelling a shipment, you must "
        "first obtain explicit confirmation.",
        GRAIN,
        {CREATE, UPDATE, CANCEL},
    ),
    ("For every funds transfer, the farmer's go-ahead is required.", GRAIN, {"transfer_funds"}),
    # the yes is given to an act named by its noun
    ("The farmer must explicitly confirm every funds transfer.", GRAIN, {"transfer_funds"}),
    ("The client must give explicit consent to any refund.", VET, {"refund_payment"}),
    # a list of gerund phrases needing the yes
    (
        "Booking, rescheduling and cancelling appointments all need the client's confirmation.",
        VET,
        {BOOK, MOVE, DROP},
    ),
    (
        "Waiving a fee, issuing a credit and cancelling a shipment each require the "
        "grower's consent.",
        GRAIN,
        {"waive_fee", "issue_credit", CANCEL},
    ),
    # "proceed with" / "go ahead with" inside the `before` phrase
    (
        "Before you proceed with a refund, the client must explicitly agree.",
        VET,
        {"refund_payment"},
    ),
    ("Before you go ahead with a cancellation, the farmer must explicitly agree.", GRAIN, {CANCEL}),
    # a how-word before "user confirmation"; a read-back first
    (
        "Read the new date back, then update the shipment only after explicit user confirmation.",
        GRAIN,
        {UPDATE},
    ),
    (
        "Describe what the cancellation will do, then cancel the appointment only after "
        "explicit client confirmation.",
        VET,
        {DROP},
    ),
    # "any of these actions (...)": each one spelled out
    (
        "Before taking any of these actions (book, reschedule, cancel), confirm the details "
        "with the client.",
        VET,
        {BOOK, MOVE, DROP},
    ),
]

INSURE = [
    _tool("submit_claim", "Submit a new insurance claim.", policy_number="string"),
    _tool("cancel_policy", "Cancel an insurance policy.", policy_number="string"),
    _tool("renew_policy", "Renew a policy for another year.", policy_number="string"),
    _tool("add_driver", "Add a named driver to a policy.", policy_number="string", driver="string"),
    _tool("remove_driver", "Remove a named driver.", policy_number="string", driver="string"),
    _tool("issue_replacement_card", "Issue a replacement card.", policy_number="string"),
    _tool("change_address", "Change the postal address.", policy_number="string"),
]
READ += [
    # the act checked with the user is named inside the check
    ("Confirm the cancellation with the customer first.", INSURE, {"cancel_policy"}),
    # an adverb before the agreeing verb; a review before the approval; a "yes" replied
    (
        "Make sure the caller explicitly agrees before processing a renewal.",
        INSURE,
        {"renew_policy"},
    ),
    (
        "Do not submit the claim until the customer has reviewed and approved the summary.",
        INSURE,
        {"submit_claim"},
    ),
    (
        "List the changes and ask the customer to reply yes before you change the address.",
        INSURE,
        {"change_address"},
    ),
    # consent given; "go ahead only with"; an inverted condition; a leading "upon" phrase
    (
        "Adding a driver is only possible after the policyholder has given consent.",
        INSURE,
        {"add_driver"},
    ),
    (
        "Policy cancellations go ahead only with the customer's explicit yes.",
        INSURE,
        {"cancel_policy"},
    ),
    ("Should the customer agree, renew the policy.", INSURE, {"renew_policy"}),
    (
        "Upon the customer's confirmation, issue the replacement card.",
        INSURE,
        {"issue_replacement_card"},
    ),
    # a label naming the act, then the steps
    (
        "Cancelling a policy: read the consequences to the customer and get their consent.",
        INSURE,
        {"cancel_policy"},
    ),
]

STORE = [
    _tool("delete_volume", "Delete a storage volume.", volume_id="string"),
    _tool("restore_snapshot", "Restore a volume from a snapshot.", snapshot_id="string"),
    _tool("wipe_disk", "Securely wipe a disk.", disk_id="string"),
    _tool("revoke_access", "Revoke access to a bucket.", bucket_id="string"),
    _tool("change_quota", "Change a project's quota.", project_id="string", quota_gb="integer"),
]
READ += [
    # "before proceeding" points back to the act the sentence opens with
    (
        "Deleting a volume is irreversible, so double-check with the requester before proceeding.",
        STORE,
        {"delete_volume"},
    ),
    (
        "Restoring a snapshot overwrites data; get a clear yes from the requester first.",
        STORE,
        {"restore_snapshot"},
    ),
    # a thumbs-up; signing off on an act; a yes typed; an acknowledgement
    ("Any volume deletion needs a thumbs-up from the requester.", STORE, {"delete_volume"}),
    ("The requester must sign off on any quota change.", STORE, {"change_quota"}),
    ("Do not wipe any disk unless the user types YES.", STORE, {"wipe_disk"}),
    (
        "A volume can only be deleted once the requester has acknowledged the data loss.",
        STORE,
        {"delete_volume"},
    ),
    # "ask before ..."; the acts spelled out after "such as"
    ("Always ask before you revoke access.", STORE, {"revoke_access"}),
    (
        "Require explicit confirmation for destructive actions such as deleting a volume or "
        "wiping a disk.",
        STORE,
        {"delete_volume", "wipe_disk"},
    ),
]

WED = [
    _tool("change_event_date", "Move the event to another date.", booking_id="string"),
    _tool("update_menu", "Change the menu of an event.", booking_id="string", menu_id="string"),
    _tool("add_vendor", "Add an outside vendor.", booking_id="string", vendor="string"),
    _tool("take_deposit", "Charge the booking deposit.", booking_id="string", amount="number"),
]
READ += [
    # the user named by a word no suffix marks ("the couple"); confirmed with them
    ("Kindly get the couple's approval before adding an outside vendor.", WED, {"add_vendor"}),
    ("Menu changes should always be confirmed with the couple in writing.", WED, {"update_menu"}),
    # the final say on an act; no changes made without them agreeing
    ("The couple has the final say on menu changes.", WED, {"update_menu"}),
    ("Make no changes to the menu without the couple agreeing.", WED, {"update_menu"}),
]

NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("The couple has the final say on the colour scheme.", WED),  # no act of a tool
    # an act opening the sentence, told as a fact, and a yes asked for nothing in it
    ("Deleting a volume is irreversible.", STORE),
    ("Ask the requester which project they mean.", STORE),
    # told as a fact after a leading yes, or a yes to a thing that is no act
    ("Upon the customer's confirmation, the card is printed overnight.", INSURE),
    ("Confirm the postal address with the customer.", INSURE),
    # a yes needed only in one case (a new address): never on every call
    ("Get verbal consent before sending documents to a new e-mail address.", INSURE),
    # the owner of a business speaks for it, and a bare "the owner" outside the chat is a role
    ("Refunds need the store owner's approval.", VET),
    ("The owner must approve any refund over $500.", VET),
    # the yes given to a thing, not an act
    ("The farmer must confirm the new date.", GRAIN),
    ("The farmer must confirm the delivery address.", GRAIN),
    # a leading "for" phrase that names no act, or a general one
    ("For security reasons, always ask the farmer to confirm.", GRAIN),
    ("For any change, get the farmer's go-ahead.", GRAIN),
    # what happens after a yes, told as a fact
    ("If the grower agrees, the shipment is moved to the next week.", GRAIN),
    ("Nothing is shared with third parties.", GRAIN),
]


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_the_yes_guards_what_the_sentence_names(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]], expected: set[str]
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _confirmed(built) == expected
    found = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    assert not found & {"deny_action", "review_required"}  # the yes, never a ban in its place


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_users_yes_to_an_action(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]]
) -> None:
    assert _confirmed(_built(tmp_path, sentence, tools)) == set()

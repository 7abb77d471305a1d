"""Made-up tool registries for the mention-shape tests (`test_resolve_recast.py`,
`test_resolve_shapes.py`): a plant nursery, a courier, a clinic's blood lab, a bike-hire
scheme and a water utility, 12-13 tools each, with ids and one-line descriptions as such
services write them. Every description here was written for these tests."""

from __future__ import annotations

from typing import Any

from specgap.registry import Registry, Tool, build_registry

Spec = tuple[str, str, dict[str, Any]]


def _schema(args: dict[str, Any]) -> dict[str, Any]:
    """String, number or array arguments; a tuple lists an argument's allowed values."""
    props = {
        name: {"type": "string", "enum": list(kind)} if isinstance(kind, tuple) else {"type": kind}
        for name, kind in args.items()
    }
    return {"type": "object", "properties": props}


def registry(*specs: Spec) -> Registry:
    made, problems = build_registry(
        [Tool(id=tool_id, description=text, schema=_schema(args)) for tool_id, text, args in specs]
    )
    assert not problems
    return made


S, N = "string", "number"

NURSERY = registry(
    ("list_plant_stock", "List the plants in stock at a store, with prices.", {"store_id": S}),
    ("get_plant", "Get one plant's details: species, pot size, price and stock.", {"plant_id": S}),
    (
        "reserve_plant",
        "Put a plant on hold for a customer for up to three days.",
        {"plant_id": S, "customer_id": S},
    ),
    ("release_hold", "Release a plant hold so the plant goes back on sale.", {"hold_id": S}),
    ("find_customer", "Find a customer by phone number or e-mail.", {"phone": S, "email": S}),
    ("get_order", "Get an order with its items, status and payment.", {"order_id": S}),
    (
        "place_order",
        "Place an order for plants and supplies.",
        {"customer_id": S, "items": "array"},
    ),
    ("cancel_order", "Cancel an order that has not been collected.", {"order_id": S}),
    (
        "issue_store_credit",
        "Give a customer store credit for a returned or dead plant.",
        {"customer_id": S, "amount": N},
    ),
    (
        "refund_payment",
        "Refund an order's payment to the original card.",
        {"order_id": S, "amount": N},
    ),
    (
        "schedule_delivery",
        "Schedule a van delivery of an order to the customer's address.",
        {"order_id": S, "date": S},
    ),
    (
        "log_plant_death",
        "Record that a plant died under warranty, with a photo.",
        {"plant_id": S, "photo_url": S},
    ),
    (
        "send_care_guide",
        "E-mail a plant care guide to a customer.",
        {"customer_id": S, "plant_id": S},
    ),
)

COURIER = registry(
    (
        "book_courier_pickup",
        "Book a courier to collect a parcel from the sender's address.",
        {"address": S, "date": S},
    ),
    ("cancel_pickup", "Cancel a booked pickup before the courier arrives.", {"pickup_id": S}),
    ("get_parcel", "Get a parcel's details and current status.", {"tracking_number": S}),
    ("track_parcel", "Track where a parcel is now, scan by scan.", {"tracking_number": S}),
    (
        "reroute_parcel",
        "Send a parcel in transit to a different delivery address.",
        {"tracking_number": S, "new_address": S},
    ),
    (
        "hold_at_depot",
        "Keep a parcel at the local depot for the recipient to collect.",
        {"tracking_number": S},
    ),
    ("return_to_sender", "Send a parcel back to its sender.", {"tracking_number": S}),
    (
        "verify_recipient",
        "Check the recipient's identity with a one-time code.",
        {"tracking_number": S, "code": S},
    ),
    (
        "lookup_account",
        "Look up a sender's business account by account number.",
        {"account_number": S},
    ),
    (
        "open_damage_claim",
        "Open a claim for a damaged or lost parcel.",
        {"tracking_number": S, "description": S},
    ),
    ("pay_claim", "Pay out an approved damage claim to the sender.", {"claim_id": S, "amount": N}),
    (
        "update_delivery_instructions",
        "Change the delivery instructions for a parcel, such as a safe place.",
        {"tracking_number": S, "instructions": S},
    ),
    (
        "notify_recipient",
        "Send the recipient an SMS about their delivery.",
        {"tracking_number": S, "message": S},
    ),
)

LAB = registry(
    ("find_patient", "Find a patient by name and date of birth.", {"name": S, "date_of_birth": S}),
    (
        "get_patient_record",
        "Get a patient's record with allergies and current medication.",
        {"patient_id": S},
    ),
    (
        "order_blood_panel",
        "Order a blood panel for a patient.",
        {"patient_id": S, "panel": ("basic", "lipid", "thyroid")},
    ),
    ("cancel_lab_order", "Cancel a lab order that has not been drawn yet.", {"order_id": S}),
    (
        "record_sample_collection",
        "Record that a blood sample was drawn from the patient.",
        {"order_id": S, "drawn_at": S},
    ),
    ("get_results", "Get the results of a lab order.", {"order_id": S}),
    ("release_results", "Release lab results to the patient's portal.", {"order_id": S}),
    (
        "flag_critical_value",
        "Flag a critical result for a doctor's attention.",
        {"order_id": S, "analyte": S},
    ),
    ("page_doctor", "Page the doctor on call.", {"doctor_id": S, "message": S}),
    (
        "book_appointment",
        "Book a blood draw appointment at a clinic.",
        {"patient_id": S, "slot": S},
    ),
    (
        "reschedule_appointment",
        "Move a blood draw appointment to another slot.",
        {"appointment_id": S, "slot": S},
    ),
    (
        "verify_insurance",
        "Check a patient's insurance covers a test.",
        {"patient_id": S, "panel": S},
    ),
    ("amend_report", "Correct a released lab report and note why.", {"order_id": S, "reason": S}),
)

BIKES = registry(
    (
        "search_bikes",
        "Search available bikes at a station by type.",
        {"station_id": S, "bike_type": ("city", "electric", "cargo")},
    ),
    ("get_rider", "Get a rider's profile, plan and payment card.", {"rider_id": S}),
    (
        "start_rental",
        "Unlock a bike and start a rental for a rider.",
        {"rider_id": S, "bike_id": S},
    ),
    ("end_rental", "End a rental and lock the bike at a dock.", {"rental_id": S, "dock_id": S}),
    ("extend_rental", "Add time to a running rental.", {"rental_id": S, "minutes": "integer"}),
    (
        "report_damage",
        "Report damage to a bike so it is taken out of service.",
        {"bike_id": S, "notes": S},
    ),
    ("charge_late_fee", "Charge a rider a fee for a late return.", {"rider_id": S, "amount": N}),
    (
        "refund_ride",
        "Refund the cost of a ride to the rider's card.",
        {"rental_id": S, "amount": N},
    ),
    (
        "upgrade_plan",
        "Move a rider to a higher membership plan.",
        {"rider_id": S, "plan": ("monthly", "annual")},
    ),
    (
        "cancel_membership",
        "Cancel a rider's membership at the end of the period.",
        {"rider_id": S},
    ),
    ("ban_rider", "Block a rider from renting bikes.", {"rider_id": S, "reason": S}),
    ("send_receipt", "E-mail a ride receipt to the rider.", {"rental_id": S}),
)

WATER = registry(
    (
        "lookup_customer_account",
        "Look up a water customer's account by address or account number.",
        {"account_number": S, "address": S},
    ),
    ("get_meter_reading", "Get the latest reading of a customer's water meter.", {"meter_id": S}),
    (
        "schedule_meter_inspection",
        "Book a technician to inspect a water meter.",
        {"meter_id": S, "date": S},
    ),
    (
        "open_leak_report",
        "Open a report of a leak at an address.",
        {"address": S, "severity": ("minor", "major")},
    ),
    ("shut_off_supply", "Turn off the water supply to a property.", {"account_number": S}),
    ("restore_supply", "Turn the water supply back on for a property.", {"account_number": S}),
    (
        "create_payment_plan",
        "Set up an instalment plan for an overdue bill.",
        {"account_number": S, "months": "integer"},
    ),
    (
        "apply_bill_credit",
        "Apply a credit to a customer's bill.",
        {"account_number": S, "amount": N},
    ),
    ("get_bill", "Get a customer's current bill and balance.", {"account_number": S}),
    (
        "transfer_service",
        "Move water service to a new owner or tenant.",
        {"account_number": S, "new_owner": S},
    ),
    ("close_account", "Close a customer's account after a final reading.", {"account_number": S}),
    ("send_boil_notice", "Send a boil-water notice to customers in an area.", {"area": S}),
)

DOMAINS: dict[str, Registry] = {
    "nursery": NURSERY,
    "courier": COURIER,
    "lab": LAB,
    "bikes": BIKES,
    "water": WATER,
}

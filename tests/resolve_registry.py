"""A made-up veterinary clinic's tools, for the action and argument resolution tests."""

from __future__ import annotations

from typing import Any

from specgap.registry import Registry, Tool, build_registry


def params(**described: str) -> dict[str, Any]:
    """A JSON schema with string arguments; a non-empty value is the argument's description."""
    props = {
        name: {"type": "string", **({"description": text} if text else {})}
        for name, text in described.items()
    }
    return {"type": "object", "properties": props}


TOOLS = (
    Tool(
        id="create_appointment",
        description="Create a new appointment for a pet.",
        effects=("write",),
        schema=params(
            pet_id="",
            vet_id="",
            slot_start="",
            contact_phone="Phone number that reminders are texted to.",
            owner_email="E-mail address of the owner.",
        ),
    ),
    Tool(
        id="get_appointment",
        description="Get the details and status of an appointment.",
        effects=("read",),
        schema=params(appointment_id=""),
    ),
    Tool(
        id="list_vets",
        description="List the veterinarians working at a clinic.",
        effects=("read",),
        schema=params(clinic_id=""),
    ),
    Tool(
        id="update_appointment_slot",
        description="Move an appointment to another time slot.",
        effects=("write",),
        schema=params(appointment_id="", slot_start="New start of the visit."),
    ),
    Tool(
        id="update_appointment_vet",
        description="Change the veterinarian assigned to an appointment.",
        effects=("write",),
        schema=params(appointment_id="", vet_id=""),
    ),
    Tool(
        id="update_pet_weight",
        description="Record the weight of a pet, in kilograms.",
        effects=("write",),
        schema=params(pet_id="", weight_kg=""),
    ),
    Tool(
        id="cancel_appointment",
        description="Cancel an appointment that has not begun.",
        effects=("write", "destructive"),
        schema=params(appointment_id="", reason=""),
    ),
    Tool(
        id="issue_credit",
        description="Credit the owner's account for a missed or shortened visit.",
        effects=("write",),
        schema=params(
            owner_id="",
            amount="Sum to credit, in euros.",
            voucher_code="Code of the voucher the credit is paid onto.",
        ),
    ),
    Tool(
        id="send_reminder",
        description="Text a reminder about an upcoming appointment to the owner.",
        effects=("write",),
        schema=params(appointment_id="", contact_phone=""),
    ),
    Tool(
        id="escalate_to_manager",
        description="Hand the case over to the clinic manager.",
        schema=params(summary=""),
    ),
    Tool(
        id="dispense_medication",
        description="Dispense a prescribed medication to the owner.",
        effects=("write",),
        schema=params(
            prescription_id="",
            packs="Number of packs handed over.",
            start_date="",
            end_date="",
        ),
    ),
)


def clinic() -> Registry:
    registry, clashes = build_registry(TOOLS)
    assert clashes == []
    return registry

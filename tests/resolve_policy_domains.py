"""Three made-up registries for `test_resolve_policy_mentions.py`, each in another id
style: a veterinary practice (snake_case), a box office (camelCase) and a payroll service
(dotted `svc.resource.Verb`), 12-13 tools each with descriptions and parameters. Every id
and description was written for these tests."""

from __future__ import annotations

from tests.resolve_domains import registry

S, N, A = "string", "number", "array"

VET = registry(
    ("book_appointment", "Book an appointment for a pet with a vet.", {"pet_id": S, "slot": S}),
    (
        "update_appointment_time",
        "Change the time of an appointment.",
        {"appointment_id": S, "new_slot": S},
    ),
    ("cancel_appointment", "Cancel an appointment that has not started.", {"appointment_id": S}),
    (
        "get_pet_record",
        "Get a pet's medical record: vaccinations, allergies and visits.",
        {"pet_id": S},
    ),
    ("find_owner", "Find a pet owner by phone number or e-mail.", {"phone": S, "email": S}),
    (
        "update_owner_contact",
        "Change an owner's phone number or e-mail address.",
        {"owner_id": S, "phone": S, "email": S},
    ),
    (
        "charge_deposit",
        "Charge the booking deposit to the owner's card.",
        {"appointment_id": S, "amount": N},
    ),
    (
        "refund_deposit",
        "Return the booking deposit to the owner.",
        {"appointment_id": S, "amount": N},
    ),
    (
        "file_insurance_claim",
        "Submit a claim to the pet's insurer for a treatment.",
        {"pet_id": S, "treatment_id": S, "amount": N},
    ),
    ("get_claim_status", "Check the status of an insurance claim.", {"claim_id": S}),
    ("prescribe_medication", "Write a prescription for a pet.", {"pet_id": S, "drug": S}),
    ("record_vaccination", "Record a vaccine given to a pet.", {"pet_id": S, "vaccine": S}),
    ("send_reminder", "Send the owner a reminder by text message.", {"owner_id": S, "body": S}),
)

BOX_OFFICE = registry(
    ("createBooking", "Reserve seats for a show.", {"showId": S, "seats": A, "customerId": S}),
    ("cancelBooking", "Cancel a booking and release its seats.", {"bookingId": S}),
    ("changeSeat", "Move a ticket holder to another seat.", {"ticketId": S, "seat": S}),
    ("transferTicket", "Give a ticket to another person by e-mail.", {"ticketId": S, "email": S}),
    ("issueRefund", "Refund a booking's payment to the card used.", {"bookingId": S, "amount": N}),
    ("lookupOrder", "Look up an order by its confirmation code.", {"confirmationCode": S}),
    ("resendTickets", "Send the tickets of a booking again.", {"bookingId": S}),
    (
        "upgradeSeatCategory",
        "Move a booking to a better seat category for a fee.",
        {"bookingId": S, "category": S},
    ),
    ("addGuest", "Add a named guest to a booking.", {"bookingId": S, "guestName": S}),
    ("removeGuest", "Remove a guest from a booking.", {"bookingId": S, "guestName": S}),
    (
        "verifyIdentity",
        "Verify the caller's identity with a one-time code.",
        {"customerId": S, "code": S},
    ),
    ("applyPromoCode", "Apply a discount code to a booking.", {"bookingId": S, "promoCode": S}),
)

PAYROLL = registry(
    ("payroll.employee.Create", "Add a new employee to the payroll.", {"name": S, "startDate": S}),
    ("payroll.employee.Get", "Get an employee's payroll profile.", {"employeeId": S}),
    (
        "payroll.employee.Terminate",
        "End an employee's employment and stop their pay.",
        {"employeeId": S, "lastDay": S},
    ),
    ("payroll.salary.Update", "Change an employee's base salary.", {"employeeId": S, "amount": N}),
    ("payroll.payslip.Send", "E-mail a payslip to an employee.", {"employeeId": S, "period": S}),
    ("payroll.bonus.Approve", "Approve a one-off bonus payment.", {"bonusId": S}),
    (
        "payroll.timesheet.Submit",
        "Submit the hours an employee worked in a week.",
        {"employeeId": S, "hours": N},
    ),
    ("payroll.timesheet.Approve", "Approve a submitted timesheet.", {"timesheetId": S}),
    ("payroll.leave.Request", "Request paid leave for an employee.", {"employeeId": S, "days": N}),
    ("payroll.leave.Approve", "Approve a leave request.", {"requestId": S}),
    (
        "payroll.bankAccount.Update",
        "Change the bank account an employee is paid into.",
        {"employeeId": S, "iban": S},
    ),
    (
        "payroll.advance.Issue",
        "Pay an employee part of next month's salary early.",
        {"employeeId": S, "amount": N},
    ),
)

DOMAINS = {"vet": VET, "box office": BOX_OFFICE, "payroll": PAYROLL}

"""Probe set A for rules written informally, as in a chat or a quick note (issue 11): lower
case, fragments, symbols for words (`=`, `>`, `->`, `w/`, `w/o`, `b4`), "pls", "max",
"!!", emoji bullets, "don't ever", "nope", "ok'd", "no X unless Y", parentheses as
conditions, "-- only if", a Slack-style note from a manager, the writer speaking as "me".
Written before the extractor was changed. Made-up desks: a vet clinic (snake_case), a bike
repair shop (camelCase), a tutoring agency (dotted PascalCase).

Each case is (desk, text, expected). `expected` is the policy a careful reader writes:
`Rule(operator, target, params, enforced)` (params compared as `tests.probes.same` does;
`enforced` False for a rule that is only reviewed, a threshold review or a condition no
tool can bind); `Held(target)` for a rule whose condition cannot be bound (nothing enforced,
a reviewed policy on the target or a note located on the sentence); `Note()` when who is
meant cannot be told (nothing enforced, a located note); None for a look-alike (no enforced
policy at all). `docs/chat-seven.md` has the figures."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from specgap.operators.evidence import key_words
from tests.corpus_agents import build_prompt
from tests.probes import flat, same
from tests.probes import spec as _tool


class Rule(NamedTuple):
    operator: str
    target: str
    params: dict[str, Any]
    enforced: bool = True


class Held(NamedTuple):
    """A rule under a condition no tool can bind: reviewed or noted, never enforced."""

    target: str


class Note(NamedTuple):
    """Who is meant cannot be told: a located note, nothing enforced."""


Expected = Rule | Held | Note | None

VET = [
    _tool("get_pet", "Read a pet: species, owner_id and vaccines (current or expired).",
          pet_id="string"),
    _tool("find_owner", "Find a pet owner by phone number.", phone="string"),
    _tool("book_visit", "Book a vet visit for a pet.", pet_id="string", slot="string"),
    _tool("cancel_visit", "Cancel a booked visit.", visit_id="string"),
    _tool("refund_payment", "Refund a payment.", payment_id="string",
          amount=("number", "Amount in USD.")),
    _tool("prescribe_drug", "Write a prescription for a pet.", pet_id="string", drug="string",
          doses=("integer", "Number of doses.")),
    _tool("send_reminder", "Send a reminder to a pet owner.", owner_id="string",
          message="string"),
]  # fmt: skip
BIKE = [
    _tool("getRepair", "Get a repair ticket: status (open, waiting_parts, done or collected).",
          repairId="string"),
    _tool("lookupCustomer", "Find a customer by email.", email="string"),
    _tool("createRepair", "Open a repair ticket for a bike.", customerId="string",
          notes="string"),
    _tool("orderParts", "Order parts for a repair.", repairId="string", partIds="array",
          totalCost=("number", "Total in EUR.")),
    _tool("applyDiscount", "Apply a discount to a repair.", repairId="string",
          percent=("number", "Discount in percent.")),
    _tool("closeRepair", "Close a repair ticket.", repairId="string"),
    _tool("issueRefund", "Refund a repair.", repairId="string",
          amount=("number", "Amount in EUR.")),
]  # fmt: skip
TUTOR = [
    _tool("tutor.student.Get", "Get a student: account (active, paused or closed).",
          studentId="string"),
    _tool("tutor.tutor.Search", "Search tutors by subject.", subject="string"),
    _tool("tutor.session.Book", "Book a tutoring session.", studentId="string",
          tutorId="string", hours=("number", "Length in hours.")),
    _tool("tutor.session.Cancel", "Cancel a tutoring session.", sessionId="string"),
    _tool("tutor.invoice.Refund", "Refund an invoice.", invoiceId="string",
          amount=("number", "Amount in GBP.")),
    _tool("tutor.message.Send", "Send a message to a student.", studentId="string",
          text="string"),
]  # fmt: skip
DESKS = {"vet": VET, "bike": BIKE, "tutor": TUTOR}

_BOOK, _REFUND = "tutor.session.Book", "tutor.invoice.Refund"

A_CASES: list[tuple[str, str, Expected]] = [
    # --- vet clinic, snake_case ---
    ("vet", "expired vaccines = no booking",
     Rule("state_condition", "book_visit", {"field": "vaccines", "denied": ["expired"]})),
    ("vet", "refunds >$50 need me (the manager) to sign off",
     Rule("review_required", "refund_payment", {}, enforced=False)),
    ("vet", "cancellations need the owner's ok first",
     Rule("require_confirmation", "cancel_visit", {})),
    ("vet", "no booking w/o checking the pet first",
     Rule("require_before", "book_visit", {"before": "get_pet"})),
    ("vet", "max 3 doses per script!!",
     Rule("arg_within_bound", "prescribe_drug", {"arg": "doses", "max": 3})),
    ("vet", "pls always check w/ the owner b4 prescribing anything",
     Rule("require_confirmation", "prescribe_drug", {})),
    ("vet", "🚫 no refunds over $200, period",
     Rule("arg_within_bound", "refund_payment", {"arg": "amount", "max": 200})),
    ("vet", "cancel_visit -- only if the owner ok'd it",
     Rule("require_confirmation", "cancel_visit", {})),
    ("vet", "- vaccines expired -> don't book",
     Rule("state_condition", "book_visit", {"field": "vaccines", "denied": ["expired"]})),
    ("vet", "hey team, quick one from me: never prescribe w/o looking up the pet first",
     Rule("require_before", "prescribe_drug", {"before": "get_pet"})),
    ("vet", "no refunds unless the vet says so", Held("refund_payment")),
    ("vet", "don't ever book a pet w/ expired vaccines",
     Rule("state_condition", "book_visit", {"field": "vaccines", "denied": ["expired"]})),
    # --- bike repair shop, camelCase ---
    ("bike", "discounts max 15%",
     Rule("arg_within_bound", "applyDiscount", {"arg": "percent", "max": 15})),
    ("bike", "parts orders >€300 = my sign off first",
     Rule("review_required", "orderParts", {}, enforced=False)),
    ("bike", "don't ever close a ticket thats still waiting_parts",
     Rule("state_condition", "closeRepair", {"field": "status", "denied": ["waiting_parts"]})),
    ("bike", "collected bikes = no refunds",
     Rule("state_condition", "issueRefund", {"field": "status", "denied": ["collected"]})),
    ("bike", "always lookupCustomer b4 createRepair",
     Rule("require_before", "createRepair", {"before": "lookupCustomer"})),
    ("bike", "refund max €100 (no exceptions!!)",
     Rule("arg_within_bound", "issueRefund", {"arg": "amount", "max": 100})),
    ("bike", "5 parts max per order",
     Rule("arg_count_bound", "orderParts", {"arg": "partIds", "max": 5})),
    ("bike", "closing a repair needs the customer's ok",
     Rule("require_confirmation", "closeRepair", {})),
    ("bike", "📌 no discount unless customer has a loyalty card", Held("applyDiscount")),
    ("bike", "refunds only if status = done",
     Rule("state_condition", "issueRefund", {"field": "status", "allowed": ["done"]})),
    ("bike", "pls confirm w/ customer b4 ordering parts",
     Rule("require_confirmation", "orderParts", {})),
    ("bike", "@channel heads up: from today no more refunds on open tickets, thx",
     Rule("state_condition", "issueRefund", {"field": "status", "denied": ["open"]})),
    # --- tutoring agency, dotted PascalCase ---
    ("tutor", "closed accounts = no new sessions",
     Rule("state_condition", _BOOK, {"field": "account", "denied": ["closed"]})),
    ("tutor", "sessions max 2 hrs",
     Rule("arg_within_bound", _BOOK, {"arg": "hours", "max": 2})),
    ("tutor", "refunds (anything over £40) need my ok",
     Rule("review_required", _REFUND, {}, enforced=False)),
    ("tutor", "no cancelling a session w/o the student's ok",
     Rule("require_confirmation", "tutor.session.Cancel", {})),
    ("tutor", "get the student first, then book (always!!)",
     Rule("require_before", _BOOK, {"before": "tutor.student.Get"})),
    ("tutor", "paused students -> no booking",
     Rule("state_condition", _BOOK, {"field": "account", "denied": ["paused"]})),
    ("tutor", "min 1 hr per session",
     Rule("arg_within_bound", _BOOK, {"arg": "hours", "min": 1})),
    ("tutor", "don't ever refund more than £80",
     Rule("arg_within_bound", _REFUND, {"arg": "amount", "max": 80})),
    ("tutor", "cancellations need the owner's ok first", Note()),
    ("tutor", "no booking unless the student's account is active",
     Rule("state_condition", _BOOK, {"field": "account", "allowed": ["active"]})),
    # --- look-alikes: no enforced policy ---
    ("vet", "hi! thanks for helping out at the clinic 🙂", None),
    ("vet", "be nice, owners are often stressed", None),
    ("vet", "fyi: get_pet shows vaccines as current or expired", None),
    ("vet", "most refunds are < $20 anyway", None),
    ("bike", "thx!! ping me w/ questions", None),
    ("bike", "we open 8am -> 6pm mon-fri", None),
    ("bike", "lookupCustomer = search by email", None),
    ("tutor", "keep replies short pls, no walls of text", None),
    ("tutor", "tutors love it when students show up on time lol", None),
    ("tutor", "sessions are usually 1 hr", None),
]  # fmt: skip

# Cases of set A not right (docs/chat-seven.md has the figures before and after). 5 passed
# at the merge only because the verb's base was cut to `prescrib`, a substring of the
# sentence, which made the rule's grounding exact; with the verb read right (`prescribe`)
# the target is no substring and the rule is reviewed, as for every verb in `-e`.
A_XFAIL: set[int] = {3, 4, 5, 9, 11, 14, 15, 23, 28, 30}


def found(tmp_path: Path, desks: dict[str, Any], desk: str, text: str) -> tuple[list[Any], int]:
    """The prompt's policies and how many diagnostics are located on it."""
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", desks[desk])
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [
        d
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    ]
    return mine, len(notes)


def verdict(policies: list[Any], notes: int, expected: Expected) -> str:
    """`exact`; `wrong` (an enforced policy that is not the expected one); `none`."""
    enforced = [p for p in policies if p.enforcement == "enforce"]
    if expected is None:
        return "wrong" if enforced else "exact"
    if isinstance(expected, Note):
        if enforced:
            return "wrong"
        return "exact" if notes and not policies else "none"
    if isinstance(expected, Held):
        if enforced:
            return "wrong"
        return "exact" if notes or any(p.target == expected.target for p in policies) else "none"

    def fits(p: Any) -> bool:
        said = flat(p)
        return (
            p.operator == expected.operator
            and p.target == expected.target
            and all(k in said and _same(k, v, said[k]) for k, v in expected.params.items())
        )

    if any(not fits(p) for p in enforced):
        return "wrong"
    hits = [p for p in policies if fits(p)]
    if expected.enforced:
        return "exact" if any(p.enforcement == "enforce" for p in hits) else "none"
    return "exact" if hits else "none"


def _same(key: str, expected: Any, actual: Any) -> bool:
    """A field as the check compares it (`vaccines` is `vaccine`), any other value as said."""
    if key == "field":
        return isinstance(actual, str) and key_words(expected) == key_words(actual)
    return same(expected, actual)


def params(cases: list[tuple[str, str, Expected]], xfail: set[int]) -> list[Any]:
    return [
        pytest.param(*case, id=f"{i}", marks=[pytest.mark.xfail(strict=True)] if i in xfail else [])
        for i, case in enumerate(cases)
    ]


@pytest.mark.parametrize(("desk", "text", "expected"), params(A_CASES, A_XFAIL))
def test_probe_a(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    policies, notes = found(tmp_path, DESKS, desk, text)
    assert verdict(policies, notes, expected) == "exact", [
        (p.operator, p.target, p.enforcement, flat(p)) for p in policies
    ]


def main(
    cases: list[tuple[str, str, Expected]] = A_CASES, desks: dict[str, Any] = DESKS
) -> None:  # pragma: no cover - a figure for the doc: the counts, and each case not exact
    counts: dict[str, int] = {}
    for i, (desk, text, expected) in enumerate(cases):
        with tempfile.TemporaryDirectory() as tmp:
            policies, notes = found(Path(tmp), desks, desk, text)
        v = verdict(policies, notes, expected)
        counts[v] = counts.get(v, 0) + 1
        if v != "exact":
            said = [(p.operator, p.target, p.enforcement, flat(p)) for p in policies]
            print(i, v, repr(text[:60]), notes, said)
    print(counts)


if __name__ == "__main__":  # pragma: no cover
    main()

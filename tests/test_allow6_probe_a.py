"""Value allowlists (`resource_in_allowlist`): an argument restricted to a closed set of
values, said in many styles (imperative, passive, label, setting line, table of marks,
bullets under a heading, FAQ answer, legal clause, "if ... then", terse runbook, a "not on
the list" ban, a parameter's own description), and look-alikes that must give no enforced
policy (examples, open lists, descriptions of what exists, a list of tools, values of no
argument).

Probe set A was written (sentences and expected policies) before the extractor was changed;
probe set B after the code was done (see `docs/allowlists-six.md`). Made-up desks: a
bakery's wholesale desk (snake_case), a dog-grooming salon (camelCase), an orchestra's
instrument hire (dotted ids), and (set B, `tests/test_allow6_probe_b.py`) others.

Each case gives the allowlists a careful reader expects: a list of (target, arg, values),
every one enforced and nothing else enforced; `("review", target, arg, values)`: the
allowlist is read but kept for review (a condition that cannot be bound), nothing enforced;
or `None`: nothing may be enforced. A parameter description's list may compile to the
schema's own `enum` (`schema_contract`), which counts as the allowlist (`docs/gold.md`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import spec

BAKERY = [
    spec("find_customer", "Find a wholesale customer by e-mail.", email="string"),
    spec("place_order", "Place a bread order for a customer.", customer_id="string",
          loaf_type="string", quantity="integer",
          depot=("string", "Depot the bread is baked and dispatched from.")),
    spec("schedule_delivery", "Schedule a van delivery for an order.", order_id="string",
          zone=("string", "Delivery zone code."), van_id="string"),
    spec("apply_discount", "Apply a discount code to an order.", order_id="string",
          discount_code="string"),
    spec("cancel_order", "Cancel an order.", order_id="string", reason="string"),
]  # fmt: skip
GROOM = [
    spec("lookupPet", "Find a pet by its name.", petName="string"),
    spec("bookGrooming", "Book a grooming appointment for a pet.", petId="string",
          serviceType=("string", "The grooming service."), groomer="string", slot="string"),
    spec("chargeOwner", "Charge the pet's owner.", petId="string", amount="number",
          currency="string"),
    spec("sendReminder", "Send the owner a reminder about an appointment.", petId="string",
          channel="string", template="string"),
    spec("addPetNote", "Add a note to a pet's file.", petId="string", text="string"),
]  # fmt: skip
HIRE = [
    spec("hire.findMusician", "Look up a musician of the orchestra.", query="string"),
    spec("hire.createHire", "Hire out an instrument to a musician.", musicianId="string",
          instrument="string", caseType="string", insurer="string"),
    spec("hire.insureHire", "Insure an existing hire.", hireId="string", insurer="string",
          valueEur="number"),
    spec("hire.shipHire", "Ship a hired instrument to the musician.", hireId="string",
          carrier="string", route="string"),
    spec("hire.closeHire", "Close a hire when it ends.", hireId="string", outcome="string"),
    spec("stock.tagItem", "Put a label on an item of stock.", itemId="string", label="string"),
]  # fmt: skip
DESKS = {"bakery": BAKERY, "groom": GROOM, "hire": HIRE}

Expected = list[tuple[str, str, list[str]]] | tuple[str, str, str, list[str]] | None

# (desk, prompt text, expected, parameter descriptions to set: {"tool.arg": text} or None)
SET_A: list[tuple[str, str, Expected, dict[str, str] | None]] = [
    # --- bakery: imperative, passive, label, setting, table, bullets, FAQ, clause, ...
    ("bakery", "Only dispatch orders from the north, east or harbour depots.",
     [("place_order", "depot", ["north", "east", "harbour"])], None),
    ("bakery", "Deliveries go only to zones Z1, Z2 and Z4.",
     [("schedule_delivery", "zone", ["Z1", "Z2", "Z4"])], None),
    ("bakery", "Allowed loaf types: sourdough, rye, spelt.",
     [("place_order", "loaf_type", ["sourdough", "rye", "spelt"])], None),
    ("bakery", "`zone` must be one of Z1, Z2, Z4.",
     [("schedule_delivery", "zone", ["Z1", "Z2", "Z4"])], None),
    ("bakery", "| loaf type | allowed |\n|---|---|\n| sourdough | yes |\n| rye | yes |\n"
     "| brioche | no |",
     [("place_order", "loaf_type", ["sourdough", "rye"])], None),
    ("bakery", "## Approved vans\n\n- VAN-1\n- VAN-2\n- VAN-7",
     [("schedule_delivery", "van_id", ["VAN-1", "VAN-2", "VAN-7"])], None),
    ("bakery", 'allowed_depots = ["north", "east", "harbour"]',
     [("place_order", "depot", ["north", "east", "harbour"])], None),
    ("bakery", "Q: Which discount codes can I apply?\nA: Only WELCOME10 and LOYAL5.",
     [("apply_discount", "discount_code", ["WELCOME10", "LOYAL5"])], None),
    ("bakery", "3.2 Cancellation reasons shall be limited to 'duplicate', 'wrong_address' or "
     "'customer_request'.",
     [("cancel_order", "reason", ["duplicate", "wrong_address", "customer_request"])], None),
    ("bakery", "If you schedule a delivery, the van must be VAN-1 or VAN-2.",
     [("schedule_delivery", "van_id", ["VAN-1", "VAN-2"])], None),
    ("bakery", "delivery zone -> Z1/Z2/Z4 only",
     [("schedule_delivery", "zone", ["Z1", "Z2", "Z4"])], None),
    ("bakery", "Never use a van that is not on this list: VAN-1, VAN-2, VAN-7.",
     [("schedule_delivery", "van_id", ["VAN-1", "VAN-2", "VAN-7"])], None),
    ("bakery", "The only loaf types that may be ordered are sourdough, rye and spelt.",
     [("place_order", "loaf_type", ["sourdough", "rye", "spelt"])], None),
    ("bakery", "Discount codes other than WELCOME10 and LOYAL5 must never be applied.",
     [("apply_discount", "discount_code", ["WELCOME10", "LOYAL5"])], None),
    ("bakery", "Orders may only be dispatched from the north or east depot.",
     [("place_order", "depot", ["north", "east"])], None),
    ("bakery", "For wholesale customers, orders ship only from the north depot.",
     ("review", "place_order", "depot", ["north"]), None),
    ("bakery", "",
     [("place_order", "depot", ["north", "east", "harbour"])],
     {"place_order.depot": "Only `north`, `east` and `harbour` are valid depots."}),
    # --- grooming salon
    ("groom", "Currency must be EUR or GBP.",
     [("chargeOwner", "currency", ["EUR", "GBP"])], None),
    ("groom", "Reminders are sent by sms or email only.",
     [("sendReminder", "channel", ["sms", "email"])], None),
    ("groom", "Approved groomers: Ana, Bilal. No others.",
     [("bookGrooming", "groomer", ["Ana", "Bilal"])], None),
    ("groom", "Services on offer: bath, trim, nail_clip. Nothing else can be booked.",
     [("bookGrooming", "serviceType", ["bath", "trim", "nail_clip"])], None),
    ("groom", "The service type is bath, trim or nail_clip, and nothing outside that list.",
     [("bookGrooming", "serviceType", ["bath", "trim", "nail_clip"])], None),
    ("groom", "Reminder templates allowed: `due_soon`, `running_late`.",
     [("sendReminder", "template", ["due_soon", "running_late"])], None),
    ("groom", "Q: Can I charge in USD?\nA: No. Charges are in EUR or GBP only.",
     [("chargeOwner", "currency", ["EUR", "GBP"])], None),
    ("groom", "| setting | value |\n|---|---|\n| allowed channels | sms, email |",
     [("sendReminder", "channel", ["sms", "email"])], None),
    ("groom", "Charge in EUR or GBP; never in any other currency.",
     [("chargeOwner", "currency", ["EUR", "GBP"])], None),
    ("groom", "The Salon shall send reminders solely through the following channels: sms; "
     "email.",
     [("sendReminder", "channel", ["sms", "email"])], None),
    ("groom", "Groomers who may take bookings:\n\n- Ana\n- Bilal\n- Chen",
     [("bookGrooming", "groomer", ["Ana", "Bilal", "Chen"])], None),
    ("groom", "groomer ∈ {Ana, Bilal}",
     [("bookGrooming", "groomer", ["Ana", "Bilal"])], None),
    ("groom", "permittedTemplates: due_soon, running_late",
     [("sendReminder", "template", ["due_soon", "running_late"])], None),
    ("groom", "When booking grooming, pick the groomer from Ana, Bilal or Chen only.",
     [("bookGrooming", "groomer", ["Ana", "Bilal", "Chen"])], None),
    ("groom", "",
     [("sendReminder", "channel", ["sms", "email"])],
     {"sendReminder.channel": "How the reminder goes out: sms or email; nothing else."}),
    ("groom", "Puppies under six months may only get a bath or a nail_clip.",
     ("review", "bookGrooming", "serviceType", ["bath", "nail_clip"]), None),
    # --- orchestra instrument hire
    ("hire", "Hires may only be insured by Artis Mutual or Helvetia Fine Art.",
     [("hire.createHire", "insurer", ["Artis Mutual", "Helvetia Fine Art"]),
      ("hire.insureHire", "insurer", ["Artis Mutual", "Helvetia Fine Art"])], None),
    ("hire", "Never ship with a carrier that is not on the approved list below:\n\n"
     "- Kestrel Transport\n- Mercer Logistics",
     [("hire.shipHire", "carrier", ["Kestrel Transport", "Mercer Logistics"])], None),
    ("hire", "Case types: `hard`, `flight`. No other case type may be used.",
     [("hire.createHire", "caseType", ["hard", "flight"])], None),
    ("hire", "The route must be one of ROAD, AIR, RAIL.",
     [("hire.shipHire", "route", ["ROAD", "AIR", "RAIL"])], None),
    ("hire", "Closing a hire: the outcome is `returned`, `bought` or `lost`, only these.",
     [("hire.closeHire", "outcome", ["returned", "bought", "lost"])], None),
    ("hire", "| carrier | approved |\n|---|---|\n| Kestrel Transport | ✓ |\n"
     "| Mercer Logistics | ✓ |",
     [("hire.shipHire", "carrier", ["Kestrel Transport", "Mercer Logistics"])], None),
    ("hire", "Instruments travel by ROAD or RAIL only.",
     [("hire.shipHire", "route", ["ROAD", "RAIL"])], None),
    ("hire", "Instruments hired out are limited to violin, viola and cello.",
     [("hire.createHire", "instrument", ["violin", "viola", "cello"])], None),
    ("hire", "Allowed labels for tagging: `on_loan`, `in_store`, `in_repair`.",
     [("stock.tagItem", "label", ["on_loan", "in_store", "in_repair"])], None),
    ("hire", "carrier: Kestrel Transport | Mercer Logistics (nothing else)",
     [("hire.shipHire", "carrier", ["Kestrel Transport", "Mercer Logistics"])], None),
    ("hire", "If an instrument is shipped, the carrier has to be Kestrel Transport or Mercer "
     "Logistics.",
     [("hire.shipHire", "carrier", ["Kestrel Transport", "Mercer Logistics"])], None),
    ("hire", "Insurers must be Artis Mutual or Helvetia Fine Art.",
     [("hire.createHire", "insurer", ["Artis Mutual", "Helvetia Fine Art"]),
      ("hire.insureHire", "insurer", ["Artis Mutual", "Helvetia Fine Art"])], None),
    ("hire", "When the instrument is worth more than €20,000, only the flight case may be "
     "used.",
     ("review", "hire.createHire", "caseType", ["flight"]), None),
    # --- look-alikes: nothing enforced
    ("bakery", "We have three depots: north, east and harbour.", None, None),
    ("bakery", "Popular loaf types include sourdough, rye and spelt.", None, None),
    ("bakery", "Give a clear reason when cancelling, e.g. 'duplicate' or 'wrong_address'.",
     None, None),
    ("bakery", "Zones such as Z1 and Z2 are busy on Fridays.", None, None),
    ("bakery", "Tools you may use: find_customer, place_order, schedule_delivery.", None, None),
    ("groom", "Our groomers include Ana, Bilal and Chen, among others.", None, None),
    ("groom", "Owners can reach us by phone, sms, email and so on.", None, None),
    ("groom", "For instance, a bath takes an hour and a trim takes two.", None, None),
    ("groom", "Breeds we see most: poodle, spaniel, terrier.", None, None),
    ("groom", "Colours allowed in the salon logo: teal and white.", None, None),
    ("hire", "Carriers we have used in the past include Kestrel Transport and Atlas Movers.",
     None, None),
    ("hire", "Example: hire.shipHire(hireId='H1', carrier='Kestrel Transport', route='ROAD')",
     None, None),
    ("hire", "Typical outcomes are returned or bought.", None, None),
    ("hire", "The rehearsal rooms are East Hall, West Hall and Crypt.", None, None),
]  # fmt: skip


def _tools(desk: str, described: dict[str, str] | None) -> list[dict[str, Any]]:
    tools = [dict(t, function=dict(t["function"])) for t in DESKS[desk]]
    for key, text in (described or {}).items():
        tool_id, arg = key.rsplit(".", 1)
        for t in tools:
            if t["function"]["name"] == tool_id:
                params = t["function"]["parameters"]
                props = {k: dict(v) for k, v in params["properties"].items()}
                props[arg]["description"] = text
                t["function"]["parameters"] = dict(params, properties=props)
    return tools


def _values(p: Any) -> tuple[str | None, list[str] | None]:
    """The argument and the allowed values of an allowlist, or of a schema contract's enum."""
    c = p.condition.model_dump(mode="json", exclude_none=True) if p.condition else {}
    if p.operator == "resource_in_allowlist":
        return (c.get("selector") or {}).get("arg"), c.get("allowed")
    if p.operator == "schema_contract":
        props = (c.get("schema_") or c.get("schema") or {}).get("properties") or {}
        for arg, sub in props.items():
            if isinstance(sub, dict) and "enum" in sub:
                return arg, sub["enum"]
    return None, None


def outcome(folder: Path, case: tuple[Any, ...]) -> str:
    """`exact`: what a careful reader expects; `wrong`: an enforced policy that is not
    expected; `none`: neither (something missing, nothing wrong enforced)."""
    desk, text, expected, described = case
    built = build_prompt(folder, f"# Desk\n\n{text}\n", _tools(desk, described))
    sites = ("prompt.md", "tools.json") if described else ("prompt.md",)
    mine = [p for p in built.policies if p.source.artifact.endswith(sites)]
    if described:  # the other parameters' own contracts are not this case's
        mine = [p for p in mine if p.source.artifact.endswith("prompt.md") or _values(p)[0]]
    enforced = [p for p in mine if p.enforcement == "enforce"]
    if expected is None:
        return "wrong" if enforced else "exact"

    def fits(p: Any, target: str, arg: str, values: list[str]) -> bool:
        got_arg, got = _values(p)
        return p.target == target and got_arg == arg and sorted(got or []) == sorted(values)

    if isinstance(expected, tuple):  # a review reading, nothing enforced
        _, target, arg, values = expected
        if enforced:
            return "wrong"
        return "exact" if any(fits(p, target, arg, values) for p in mine) else "none"
    unmatched = [p for p in enforced if not any(fits(p, *e) for e in expected)]
    if unmatched:
        return "wrong"
    return "exact" if all(any(fits(p, *e) for p in enforced) for e in expected) else "none"


# cases of set A that fail (xfail, strict): indexes into SET_A (see the figures in
# docs/allowlists-six.md)
# baseline on main 4bb1e04: 27/60 exact (13/46 allowlists, 14/14 look-alikes), 0 wrong
A_FAILING: set[int] = {
    15,
    16,
    23,
    30,
    32,
    39,
    45,
}  # after allow6_respell: 52/60 exact (38/46 allowlists, 14/14 look-alikes), 0 wrong;
# 53/60 after the sixteenth session's "only" said last (A18)


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, marks=pytest.mark.xfail(strict=True), id=f"A{i}")
        if i in A_FAILING
        else pytest.param(case, id=f"A{i}")
        for i, case in enumerate(SET_A)
    ],
)
def test_probe_a(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert outcome(tmp_path, case) == "exact"


def main(cases: list[tuple[Any, ...]]) -> None:
    counts: dict[str, int] = {}
    for i, case in enumerate(cases):
        with tempfile.TemporaryDirectory() as d:
            got = outcome(Path(d), case)
        counts[got] = counts.get(got, 0) + 1
        print(f"{i:3} {got:6} {case[1][:70]!r}")
    print(counts)


if __name__ == "__main__":
    main(SET_A)

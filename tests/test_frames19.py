"""The nineteenth session's readings, on sentences written for these tests in a made-up
domain (a tool-hire counter in snake_case):

- a tool named by its id as the subject ("`t` is off-limits", "`t` is only for X", "`t` is
  not available for X", "`t` must never exceed N", "calls to `t` with X over N are not
  allowed") is read as the imperative "never / only call `t` ..." (`tool_subject19`); "use
  `t` only for X" is "only call `t` for X";
- an argument's bound said of the tool ("the days passed to `t` must not exceed 7", "`t`:
  days between 1 and 14") holds on that tool's argument (`tool_subject19.argument_bound`),
  never as a list of the values "days between 1" and "14" (`allowlists.values_listed`);
- a ban whose condition compares an argument of the call ("never waive a fee if the amount is
  over 40", "only waive fees when the amount is 40 or less") is that argument's bound
  (`compare19`); a strict complement ("only when the amount is over 5") or a person's age
  ("if the customer is under 18") is no bound, and stays reviewed;
- an argument named in backticks before a modal or a comparison ("`days` must be at most
  14", "with `amount` above 40") is read as its name (`arg_names19`);
- a condition said before a ban by a noun ("If X is S, no bookings.") is that ban under the
  condition (`noact_respell`); "the status must be 'out' before `t`" is the status of what
  `t` acts on (`state_prose`);
- a bullet with no action of its own under a heading that names one ("## Extensions" over
  "- Not allowed for lost hires.") is read as "<heading>: <bullet>" (`headed19`), and a
  bound it gives an argument of several tools holds on the heading's act (`spread`);
- "at most one per hire" is a count, never a bound of an argument "per"; "at least 6.50 per
  day" is the price per day (`patterns`);
- a tool named bare (`extendHire`, `book_hire`) is a tool's id as the backticked one is; "X
  must be identified via `t` before Y" and "Required before Y: `t`" call `t` before Y;
  "Limit `t` to one per conversation" counts its calls; "max 150", "1-14" are "at most
  150", "between 1 and 14" (`compare19.plainly`);
- "Waiving a fee requires an active customer" (read "never waive a fee without an active
  customer") is the customer's state test (`without19`); "a second approver" is no state;
- "Deletion of customers is prohibited" bans the deletion: "of customers" is what it acts on,
  not a class of people the ban holds for (`restrict_modifiers`, `unbound_guard`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import assert_read, desk_policies, marked, spec

HIRE = [
    spec("find_customer", "Find a customer by phone; returns customer_id and status (active, "
         "blocked).", phone="string"),
    spec("get_hire", "Read a hire: status (out, returned, lost), days, deposit.",
         hire_id="string"),
    spec("book_hire", "Book a tool hire for a customer.", customer_id="string",
         item=("string", "drill, saw or ladder"), days="integer"),
    spec("extend_hire", "Extend a hire by extra days.", hire_id="string", extra_days="integer"),
    spec("refund_deposit", "Refund a hire's deposit.", hire_id="string", amount_eur="number"),
    spec("waive_fee", "Waive a late fee for a customer.", customer_id="string",
         amount="number"),
    spec("delete_customer", "Delete a customer record.", customer_id="string"),
    spec("set_rate", "Set the daily rate of an item.", item="string", price_per_day="number"),
]  # fmt: skip

# the same counter, named in camelCase
CAMEL = [
    spec("getHire", "Read a hire: status (out, returned, lost).", hireId="string"),
    spec("bookHire", "Book a tool hire.", customerId="string", days="integer"),
    spec("extendHire", "Extend a hire.", hireId="string", extraDays="integer"),
]  # fmt: skip

E, R = "enforce", "review_only"

# (case id, prompt text, tools, operator, tool, expected condition fields, enforcement)
READ: list[tuple[str, str, list[dict[str, Any]], str, str, dict[str, Any], str]] = [
    # a tool named by its id as the subject
    ("subject-off-limits", "`delete_customer` is off-limits.", HIRE,
     "deny_action", "delete_customer", {}, E),
    ("subject-disabled", "The `delete_customer` tool is disabled.", HIRE,
     "deny_action", "delete_customer", {}, E),
    ("subject-only-for", "`refund_deposit` is only for returned hires.", HIRE,
     "state_condition", "refund_deposit", {"allowed": ["returned"], "read": ["get_hire"]}, E),
    ("subject-not-available", "`extend_hire` is not available for lost hires.", HIRE,
     "state_condition", "extend_hire", {"denied": ["lost"], "read": ["get_hire"]}, E),
    ("subject-exceed", "`refund_deposit` must never exceed 150 EUR.", HIRE,
     "arg_within_bound", "refund_deposit", {"arg": "amount_eur", "max": 150}, E),
    ("subject-with-banned", "Calls to `waive_fee` with an amount over 40 are not allowed.",
     HIRE, "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("use-only-for", "Use `refund_deposit` only for returned hires.", HIRE,
     "state_condition", "refund_deposit", {"allowed": ["returned"]}, E),
    # an argument's bound said of the tool
    ("argument-passed-to", "The days passed to `book_hire` must not exceed 14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "max": 14}, E),
    ("argument-of-at-least", "The amount for `waive_fee` must be at least 5.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "min": 5}, E),
    ("tool-label-range", "`book_hire`: days between 1 and 14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "min": 1, "max": 14}, E),
    # a ban whose condition compares the call's argument
    ("ban-if-over", "Never waive a fee if the amount is over 40.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("ban-with-over", "Never waive a fee with an amount over 40.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("ban-whose-exceeds", "Do not waive fees whose amount exceeds 40.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("only-or-less", "Only waive a fee when the amount is 40 or less.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("only-between", "Only book hires when the days are between 1 and 14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "min": 1, "max": 14}, E),
    ("ban-if-under", "Never waive a fee if the amount is under 2.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "min": 2}, E),
    # an argument named in backticks
    ("ticked-subject", "`days` must be at most 14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "max": 14}, E),
    ("ticked-with", "Never call `waive_fee` with `amount` above 40.", HIRE,
     "arg_within_bound", "waive_fee", {"arg": "amount", "max": 40}, E),
    ("ticked-state", "When `status` is `lost`, do not call `extend_hire`.", HIRE,
     "state_condition", "extend_hire", {"denied": ["lost"]}, E),
    # a condition before a ban by a noun; the state of what the named tool acts on
    ("condition-first-no", "If the customer's status is blocked, no bookings.", HIRE,
     "state_condition", "book_hire", {"denied": ["blocked"], "read": ["find_customer"]}, E),
    ("status-of-named-tool", "The status must be 'out' before `extend_hire`.", HIRE,
     "state_condition", "extend_hire", {"allowed": ["out"], "read": ["get_hire"]}, E),
    # a bullet under a heading that names its act (a noun mention of the act is reviewed)
    ("heading-not-allowed", "## Extensions\n\n- Not allowed for lost hires.", HIRE,
     "state_condition", "extend_hire", {"denied": ["lost"], "read": ["get_hire"]}, E),
    ("heading-not-permitted", "## Deleting customers\n\n- Not permitted.", HIRE,
     "deny_action", "delete_customer", {}, E),
    ("heading-maximum", "## Refunds\n\n- Maximum 150 EUR.", HIRE,
     "arg_within_bound", "refund_deposit", {"arg": "amount_eur", "max": 150}, R),
    ("heading-tool-noun", "## Fee waivers\n\n- Only for active customers.", HIRE,
     "state_condition", "waive_fee", {"allowed": ["active"], "read": ["find_customer"]}, R),
    # (since session 33 a heading whose words are those of exactly one tool's id, its verb
    # among them, makes a bare fragment that tool's, as a heading that is the id does)
    ("heading-count", "## Refunds\n\n- At most one per hire.", HIRE,
     "max_calls", "refund_deposit", {"max": 1, "per": "hire"}, E),
    ("heading-spread", "## Bookings\n\n- Days: 1 to 14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "min": 1, "max": 14}, E),
    # a tool named bare, a call to it as the subject; a step done "via" a tool
    ("bare-call-to", "Any call to extendHire must come after getHire.", CAMEL,
     "require_before", "extendHire", {"before": "getHire"}, E),
    ("bare-label", "bookHire: days 1-14.", CAMEL,
     "arg_within_bound", "bookHire", {"arg": "days", "min": 1, "max": 14}, E),
    ("done-via", "Customers must be identified via `find_customer` before waiving a fee.",
     HIRE, "require_before", "waive_fee", {"before": "find_customer"}, R),
    ("when-label", "Required before any extension: get_hire.", HIRE,
     "require_before", "extend_hire", {"before": "get_hire"}, R),
    ("when-label-verb", "Before extending a hire: get_hire.", HIRE,
     "require_before", "extend_hire", {"before": "get_hire"}, E),
    ("limit-tool", "Limit `refund_deposit` to one per conversation.", HIRE,
     "max_calls", "refund_deposit", {"max": 1}, E),
    ("capped-count", "`refund_deposit` is capped at 2 calls per conversation.", HIRE,
     "max_calls", "refund_deposit", {"max": 2}, E),
    # the state of what the act needs, said before its noun
    ("needs-state", "Waiving a fee requires an active customer.", HIRE,
     "state_condition", "waive_fee", {"allowed": ["active"], "read": ["find_customer"]}, E),
    # an act said by its noun "of" the people it is done to: no class of people
    ("act-of-people", "Deletion of customers is prohibited.", HIRE,
     "deny_action", "delete_customer", {}, E),
    ("act-of-people-label", "Deletion of customers: prohibited.", HIRE,
     "deny_action", "delete_customer", {}, E),
    # signs and abbreviations of a bound
    ("max-abbreviated", "Refunds: max 150 EUR.", HIRE,
     "arg_within_bound", "refund_deposit", {"arg": "amount_eur", "max": 150}, R),
    ("dashed-range", "Hire days: 1–14.", HIRE,
     "arg_within_bound", "book_hire", {"arg": "days", "min": 1, "max": 14}, E),
    # an amount per a thing is its price
    ("rate-per", "The shop charges at least 6.50 per day.", HIRE,
     "arg_within_bound", "set_rate", {"arg": "price_per_day", "min": 6.5}, R),
]  # fmt: skip

NOT_YET: frozenset[str] = frozenset()

# never stronger than the sentence: (case id, text, operator that must not be read on `tool`,
# and the tool)
NOT_READ: list[tuple[str, str, str, str]] = [
    # allowed only over 5: a strict bound, which no inclusive `min` says
    ("strict-complement", "Only waive a fee when the amount is over 5.", "arg_within_bound",
     "waive_fee"),
    # a person's age is no argument of the call
    ("person-under", "Never waive a fee if the customer is under 18.", "arg_within_bound",
     "waive_fee"),
    # a range of numbers is no list of values
    ("range-not-list", "`book_hire`: days between 1 and 14.", "resource_in_allowlist",
     "book_hire"),
    # a comparison after "with" names no value of the argument `over`
    ("with-over-not-values", "Never waive a fee with an amount over 40.", "deny_action",
     "waive_fee"),
    # an argument said by its own name binds that argument only (`extra_days` is not `days`)
    ("own-name-only", "`extra_days` must be at most 3.", "arg_within_bound", "book_hire"),
    # a total over several calls is no bound of one call
    ("total-not-bound", "Never waive a fee if the amount is over 40 in total.",
     "arg_within_bound", "waive_fee"),
    # "a second approver" is no state of an approver
    ("second-no-state", "Never waive a fee without a second approver.", "state_condition",
     "waive_fee"),
    # under "## Bookings", the days of a booking, not the extra days of an extension
    ("heading-not-other-act", "## Bookings\n\n- Days: 1 to 14.", "arg_within_bound",
     "extend_hire"),
    # a count per hire is no bound of an argument
    ("count-not-bound", "## Refunds\n\n- At most one per hire.", "arg_within_bound",
     "refund_deposit"),
]  # fmt: skip


@pytest.mark.parametrize("case", marked(READ, NOT_YET), ids=[c[0] for c in READ])
def test_read(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert_read(desk_policies(tmp_path, case[1], case[2]), case)


@pytest.mark.parametrize("case", NOT_READ, ids=[c[0] for c in NOT_READ])
def test_never_stronger(tmp_path: Path, case: tuple[str, str, str, str]) -> None:
    _, text, operator, tool = case
    policies = desk_policies(tmp_path, text, HIRE)
    assert policies  # the sentence is read (reviewed, or on its own argument)
    assert not [p for p in policies if p.operator == operator and p.target == tool], [
        (p.operator, p.target, p.enforcement) for p in policies
    ]

"""Session 24: a task list's boxes ("- [ ] ...") are no words of the item (`segments`); a tool
said as the subject of a passive ("`t` is used only while ...", "`t` is called once in a
conversation at most", "`t` has to have been run before `u`", a checklist's "`t` read before
`u`") reads as "call `t` ..." (`tool_subject19`); "call `t` with job_type X" names the
argument, not a second tool (`grammar_words.tool_named_after`); "never copy X from `t` into
`u`" is a flow ban, never an origin from `t` (`flow5_rules`); "`t` is never sent alongside
another `t` call in one turn" is one call of `t` a turn (`turns23`); a lesson's lead ("What
we do now:") flags the rule after it (`segments._FLAG`); a sentence that tells what happened
is no rule (`narrative24`); "without X saying yes" is X's confirmation (`yes24`); "`t` is for
X only, you never use it" and "`t` stays off limits" ban `t`. Sentences written for these tests,
in a made-up bike-repair workshop desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar_words import tool_named_after
from specgap.extract.narrative24 import told
from tests.probes import desk_policies, flat, has_policy, shown
from tests.probes import spec as T

TOOLS = [
    T("lookup_rider", "Find a rider by phone; returns rider_id, phone, email.", phone="string"),
    T("get_ticket", "Read a repair ticket: status, bike, quote.", ticket_id="string"),
    T("get_quote", "Read the quote of a ticket.", ticket_id="string"),
    T("create_job", "Open a repair job.", rider_id="string", job_type="string"),
    T("close_ticket", "Close a repair ticket.", ticket_id="string"),
    T("take_payment", "Charge the rider's card.", ticket_id="string", amount="number"),
    T("escalate_case", "Hand the case to a supervisor.", ticket_id="string", note="string"),
    T("verify_owner", "Check the rider owns the bike.", ticket_id="string"),
    T("release_bike", "Release a bike to its rider.", ticket_id="string"),
    T("flag_manager", "Leave a note for the manager.", note="string"),
    T("send_sms", "Text the rider.", rider_id="string", phone="string", body="string"),
    T("wipe_account", "Delete a rider's account.", rider_id="string"),
    T("wipeAccount", "Delete a shop account.", shop_id="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "enforcement", "params"),
    [
        ("- [ ] Rider found with lookup_rider before any other tool is touched.",
         "require_before", "*", "review_only", {"before": "lookup_rider"}),
        ("- [x] Never call `wipe_account`.", "deny_action", "wipe_account", "enforce", {}),
        ("* [ ] get_quote read before take_payment.", "require_before", "take_payment",
         "enforce", {"before": "get_quote"}),
        ("`close_ticket` is used only while the ticket's status is open or waiting.",
         "state_condition", "close_ticket", "enforce", {"allowed": ["open", "waiting"]}),
        ("`escalate_case` is called once in a conversation at most.", "max_calls",
         "escalate_case", "enforce", {"max": 1}),
        ("`verify_owner` has to have been run before `release_bike`.", "require_before",
         "release_bike", "enforce", {"before": "verify_owner"}),
        ("`wipe_account` is never called.", "deny_action", "wipe_account", "enforce", {}),
        ("Never call `create_job` with job_type `warranty`.", "deny_action", "create_job",
         "enforce", {"arg": "job_type", "values": ["warranty"]}),
        ("Never copy the phone number from `lookup_rider` into `flag_manager`.",
         "flow_denied", "flag_manager", "enforce", {"sources": ["lookup_rider"]}),
        ("never copy the email from lookup_rider into flag_manager notes, the manager reads "
         "them on the shop screen.", "flow_denied", "flag_manager", "enforce",
         {"sources": ["lookup_rider"]}),
        ("`take_payment` is never sent alongside another `take_payment` call in one turn.",
         "one_call_at_a_time", "take_payment", "enforce", {"same_tool": True}),
        ("What we do now: never call `wipe_account`.", "deny_action", "wipe_account",
         "enforce", {}),
        ("wipeAccount is for the owner only, you never use it.", "deny_action", "wipeAccount",
         "enforce", {}),
        ("And `wipe_account` stays off limits for the assistant: it is the owner's tool.",
         "deny_action", "wipe_account", "enforce", {}),
        ("Never close a ticket without the rider saying yes.", "require_confirmation",
         "close_ticket", "enforce", {}),
        ("nothing gets closed without them saying yes to it in the chat.",
         "require_confirmation", "close_ticket", "enforce", {}),
    ],
)  # fmt: skip
def test_read(
    tmp_path: Path,
    text: str,
    operator: str,
    target: str,
    enforcement: str,
    params: dict[str, object],
) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, operator, target, enforcement, **params), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Never copy the phone number from `lookup_rider` into `flag_manager`.",
        "never copy the email from lookup_rider into flag_manager notes, the manager reads "
        "them on the shop screen.",
    ],
)
def test_a_flow_ban_is_no_origin(tmp_path: Path, text: str) -> None:
    """The words "the phone number from `lookup_rider`" in a ban say the opposite of "the
    phone must come from `lookup_rider`": no origin is kept beside the flow ban."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert not [p for p in policies if p.operator == "arg_grounded"], shown(policies)


def test_an_affirmative_passive_that_says_no_order_or_limit_is_no_rule(tmp_path: Path) -> None:
    """ "`send_sms` is called when the bike is ready" describes when the tool is used; it is
    not read as an order, a count or a ban."""
    policies = desk_policies(tmp_path, "`send_sms` is called when the bike is ready.", TOOLS)
    assert not [
        p for p in policies if p.operator in {"deny_action", "max_calls", "require_before"}
    ], shown(policies)


def test_another_call_of_any_tool_is_not_the_same_tool_twice(tmp_path: Path) -> None:
    """ "together with another call" is any other tool: not read as `same_tool`, and not a
    ban of the tool."""
    policies = desk_policies(
        tmp_path, "Never call `take_payment` together with another call in the same turn.", TOOLS
    )
    assert not has_policy(
        policies, "one_call_at_a_time", "take_payment", "enforce", same_tool=True
    ), shown(policies)
    assert not has_policy(policies, "deny_action", "take_payment", "enforce"), shown(policies)


def test_a_tool_named_after_with_is_the_instrument_unless_the_object_is_one() -> None:
    """ "refund it using `take_payment`": the id after "using" is the tool the act is done
    with; "call `create_job` with job_type x": the object is the tool, `job_type` its
    argument."""
    said = "refund it using `take_payment`"
    assert tool_named_after(said, 6, 9) == "take_payment"
    said = "call `create_job` with job_type x"
    assert tool_named_after(said, 4, 17) is None
    said = "open a `sev2` ticket with `open_ticket`"
    assert tool_named_after(said, 4, 20) == "open_ticket"


@pytest.mark.parametrize(
    "text",
    [
        "What happened: the agent ran `get_quote` after `take_payment`, not before.",
        "the agent ran get_quote after take_payment, not before, and charged the wrong amount.",
        "Two `take_payment` calls went out in the same turn while the first was slow.",
    ],
)
def test_a_telling_is_no_rule(tmp_path: Path, text: str) -> None:
    """What happened, told in the past, states no rule: above all no order of the two calls
    (the story's order is the mistake)."""
    built = desk_policies(tmp_path, text, TOOLS)
    assert not built, shown(built)


@pytest.mark.parametrize(
    ("text", "telling"),
    [
        ("the agent ran get_quote after take_payment, not before.", True),
        ("we skipped the check and the tenant came home to an open door.", True),
        ("What happened: the agent never checked the owner.", True),
        ("A ticket closed by the rider gets no refund.", False),
        ("The agent must run get_quote before take_payment.", False),
        ("We never refund a closed ticket.", False),
        ("the agent put the bike on the stand.", False),
    ],
)
def test_told(text: str, telling: bool) -> None:
    assert told(text) is telling


def test_a_camel_case_id_opens_a_sentence_in_lower_case_prose(tmp_path: Path) -> None:
    """ "... in one message.\nwipeAccount is ..." is two sentences (the informal split knew
    lower-case words only): the second's ban is read."""
    text = (
        "only ever one tool call in a message, and never chat in the same message as a call.\n"
        "wipeAccount is for the owner only, you never use it."
    )
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, "deny_action", "wipeAccount", "enforce"), shown(policies)


CAMEL = [
    T("findRider", "Find a rider by phone; returns riderId.", phone="string"),
    T("getTicket", "Read a repair ticket: status, bike, quote.", ticketId="string"),
    T("createTicket", "Open a repair ticket.", riderId="string"),
    T("moveTicket", "Move a ticket to another day.", ticketId="string", day="string"),
    T("closeTicket", "Close a ticket.", ticketId="string"),
    T("sendReadyText", "Text the rider that the bike is ready.", ticketId="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("The ticketId passed to closeTicket must come from getTicket.", "arg_grounded",
         "closeTicket", {"arg": "ticketId", "from_tools": ["getTicket"]}),
        ("the ticketId you pass to closeTicket has to come from getTicket's result.",
         "arg_grounded", "closeTicket", {"arg": "ticketId", "from_tools": ["getTicket"]}),
    ],
)  # fmt: skip
def test_camel_case_ids_bare(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    """A value said as its camelCase argument (`ticketId`) reads as a snake_case one does."""
    policies = desk_policies(tmp_path, text, CAMEL)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)


@pytest.mark.parametrize("joint", ["; a", " \u2014 a", " \u2013 a"])
def test_a_count_keeps_its_entity_beside_another_clause(tmp_path: Path, joint: str) -> None:
    """ "a ticket can be moved twice at most; a third move means ...": read whole, the count
    lost the ticket it is per; its clause read alone keeps it (`clause3_split`)."""
    said = "third move means they need to talk to the boss."
    text = f"a ticket can be moved twice at most{joint} {said}"
    policies = desk_policies(tmp_path, text, CAMEL)
    assert has_policy(policies, "max_calls", "moveTicket", "enforce", max=2, per="ticket"), shown(
        policies
    )


@pytest.mark.parametrize(
    ("text", "with_text"),
    [
        ("only ever a single tool call in a message, and never chat with them in the same "
         "message as a call.", True),
        ("You work through one tool call in each turn, and a turn that carries a tool call "
         "carries no message to the rider.", True),
        ("only ever a single tool call in a reply.", False),
    ],
)  # fmt: skip
def test_one_call_a_turn_said_informally(tmp_path: Path, text: str, with_text: bool) -> None:
    """ "only ever a single tool call in a message", "You work through one tool call in each
    turn": one call a turn over every tool, with the ban on text when the sentence says it."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, "one_call_at_a_time", "*", "review_only", with_text=with_text), (
        shown(policies)
    )


@pytest.mark.parametrize(
    "text",
    [
        "Wait for the rider to say yes before calling `take_payment`.",
        "Always wait until they agree before you call take_payment.",
        "take_payment also waits for the rider to say yes to the amount in the chat.",
        "read the amount out first. take_payment also waits for the rider to say yes to it.",
    ],
)
def test_a_wait_for_a_yes_is_a_confirmation(tmp_path: Path, text: str) -> None:
    """ "wait for X to say yes before `t`", "`t` waits for X to say yes": X's confirmation
    before `t` (a lower-case sentence opened by a snake_case id is a sentence of its own)."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, "require_confirmation", "take_payment", "enforce"), shown(policies)


@pytest.mark.parametrize(
    ("text", "per"),
    [
        ("Two texts per ticket, no more.", "ticket"),
        ("At most two texts per ticket.", "ticket"),
        ("three texts per ticket is the limit.", "ticket"),
    ],
)
def test_a_verbless_count_counts_the_act_its_noun_names(
    tmp_path: Path, text: str, per: str
) -> None:
    """ "Two texts per ticket, no more": at most two calls of the tool that sends texts,
    per ticket (the noun resolves to its tool like any mention)."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert [
        p
        for p in policies
        if p.operator == "max_calls"
        and p.target == "send_sms"
        and flat(p).get("per") == per
        and flat(p).get("max") in {2, 3}
    ], shown(policies)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


def test_a_count_with_no_limit_word_is_no_limit(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Two texts per ticket.", TOOLS)
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


def test_two_tools_in_their_order_without_a_verb(tmp_path: Path) -> None:
    """ "`get_quote` first, `take_payment` after it": `get_quote` before `take_payment`."""
    policies = desk_policies(tmp_path, "get_quote first, take_payment after it.", TOOLS)
    assert has_policy(policies, "require_before", "take_payment", "enforce", before="get_quote")


_BOUND = "The amount of `take_payment` must be between $5 and $300."


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (f"{_BOUND} Payments for gold riders can go up to $600.", False),
        (f"{_BOUND} Payments for gold riders can go up to $200.", True),
        (f"{_BOUND} Riders can reach the desk until six.", True),
    ],
)
def test_a_higher_figure_for_some_calls_keeps_the_bound_for_review(
    tmp_path: Path, text: str, kept: bool
) -> None:
    """A bound the next sentence raises for some calls ("... can go up to $600", above the
    bound's $300) holds only where that does not apply: reviewed, never enforced on them; a
    figure within the bound, or a sentence with no figure of the bound, leaves it enforced."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, "arg_within_bound", "take_payment", "enforce", max=300) is kept
    assert has_policy(policies, "arg_within_bound", "take_payment", "review_only", max=300) is (
        not kept
    ), shown(policies)


@pytest.mark.parametrize(
    ("text", "operator", "params"),
    [
        ("take_payment too, get the yes first.", "require_confirmation", {}),
        ("for `take_payment`, get the rider's yes first.", "require_confirmation", {}),
        ("For take_payment, read the quote with get_quote first.", "require_before",
         {"before": "get_quote"}),
    ],
)  # fmt: skip
def test_a_step_said_first_of_the_tool_a_lead_names(
    tmp_path: Path, text: str, operator: str, params: dict[str, object]
) -> None:
    """ "for `t`, <step> first", "`t` too, <step> first": the step before `t`."""
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, operator, "take_payment", "enforce", **params), shown(policies)


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("payments are 5 to 300 pounds, that is what the till takes, so keep `amount` inside "
         "that.", (5, 300)),
        ("A payment runs from 10 to 80; keep amount within those limits.", (10, 80)),
    ],
)  # fmt: skip
def test_an_argument_kept_to_a_range_said_before(
    tmp_path: Path, text: str, bound: tuple[int, int]
) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    low, high = bound
    assert has_policy(
        policies, "arg_within_bound", "take_payment", "enforce", arg="amount", min=low, max=high
    ), shown(policies)


def test_a_back_reference_with_no_range_gives_nothing(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Keep `amount` within that.", TOOLS)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


def test_a_verbless_count_of_emails_to_a_person(tmp_path: Path) -> None:
    """ "No more than four emails to a rider in one conversation": four sends of e-mail, not
    a number bound of some tool's argument."""
    tools = [*TOOLS, T("send_email", "E-mail the rider.", rider_id="string", body="string")]
    text = "No more than four emails to a rider in one conversation."
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(policies, "max_calls", "send_email", "enforce", max=4), shown(policies)


def test_a_label_that_may_lead_a_rule_is_no_telling() -> None:
    """ "Incident: open a ticket with `t`" is a rule about incidents, not a story."""
    assert not told("Incident: call `escalate_case` before you close the ticket.")
    assert not told("Background: never call `wipe_account`.")

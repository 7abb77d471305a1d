"""Session 25: a prompt divided by XML-like tags on lines of their own (`<rules>` ...
`</rules>`) is read as Markdown sections, not raw HTML (`xml_sections`), an example's tags and
HTML's own elements excepted; a version marker ending a tool's name (`loan_extend_v2`) is no
word of it (`resolve.text.unversioned`); a name whose only verb is its last word
(`payment_take_v2`, `item_hold_v1`) is named by that verb (`grammar_words.verbs_of_tools`),
and "before you hold an item" is then that call, not "before getting an item"; "`t` is the
first tool you call" and "Your first call is always `t`" are "Call `t` first"
(`tool_subject19.first_of_all`); a noun phrase naming a tool by its id ("a `t` search", "a
hold with `t`") is that call (`order_events.nominal_action`). Sentences written for these
tests, in a made-up tool-lending library desk."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from specgap.artifacts import Artifact
from specgap.extract.grammar_words import verbs_of_tools
from specgap.extract.xml_sections import tag_sections
from specgap.resolve.text import unversioned
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

TOOLS = [
    T("member_find_v2", "Finds a library member by card number.", card="string"),
    T("shelf_search", "Tools on the shelf at one branch.", branch="string"),
    T("item_hold_v1", "Holds an item for a member for some days.", item_id="string",
      days="integer"),
    T("loan_open_v3", "Opens a loan of one tool to a member.", item_id="string",
      member_id="string"),
    T("loan_read_v2", "Reads one loan: status, due date, fines.", loan_id="string"),
    T("loan_extend_v2", "Pushes a loan's due date back.", loan_id="string", days="integer"),
    T("payment_take_v2", "Charges the member's card.", loan_id="string", amount="number"),
    T("purge_member_v1", "Deletes a member and their history.", member_id="string"),
    T("find_member", "Finds a member by name or card.", name="string"),
    T("text_member", "Sends a member a text.", member_id="string", body="string"),
]  # fmt: skip


def _prompt(text: str) -> Artifact:
    return Artifact("prompt", "prompt.md", text, hashlib.sha256(text.encode()).hexdigest())


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("<lending_rules>\nNever lend a saw.\n</lending_rules>\n",
         "# lending rules\nNever lend a saw.\n                \n"),
        ("<rule id='3'>\nNever lend a saw.\n</rule>\n",
         "# rule".ljust(13) + "\nNever lend a saw.\n" + " " * 7 + "\n"),
    ],
)  # fmt: skip
def test_an_opening_tag_becomes_a_heading_and_a_closing_tag_a_blank_line(
    text: str, read: str
) -> None:
    (out,) = tag_sections([_prompt(text)])
    assert out.text == read
    assert len(out.text) == len(text)


@pytest.mark.parametrize(
    "text",
    [
        "<details>\nNever lend a saw.\n</details>\n",  # HTML's own element
        "<example>\nMember: can I keep it longer?\n</example>\n",  # an example shows
        "```\n<rules>\nNever lend a saw.\n</rules>\n```\n",  # in a fenced block
        "Lend it <b>today</b>.\n",  # a tag within a line of prose
    ],
)
def test_html_examples_attributes_fences_and_inline_tags_are_left_alone(text: str) -> None:
    (out,) = tag_sections([_prompt(text)])
    assert out.text == text


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("<lending>\nNever call purge_member_v1.\n</lending>", "deny_action",
         "purge_member_v1", {}),
        ("<lending>\nYou MUST call loan_read_v2 before you take a payment.\n</lending>",
         "require_before", "payment_take_v2", {"before": "loan_read_v2"}),
        ("<holds>\nCall shelf_search before you hold an item.\n</holds>",
         "require_before", "item_hold_v1", {"before": "shelf_search"}),
    ],
)  # fmt: skip
def test_rules_under_a_tag_are_read(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "IMPORTANT: member_find_v2 is the first tool you call in every conversation.",
        "`member_find_v2` must be the first call of every chat.",
        "Your first call is always `find_member`, whatever the member asks.",
        "The first tool you call is find_member.",
        "find_member comes first, no matter what the request is.",
    ],
)
def test_a_tool_said_to_be_the_first_call_comes_before_every_other(
    tmp_path: Path, text: str
) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    found = [p for p in policies if p.operator == "require_before" and p.target == "*"]
    assert found, shown(policies)
    assert {p.condition.before for p in found} <= {"member_find_v2", "find_member"}, shown(policies)
    assert all(p.condition.model_dump().get("condition") is None for p in found)


@pytest.mark.parametrize(
    "text",
    [
        "A hold with item_hold_v1 always follows a shelf_search look.",
        "A shelf_search lookup must precede a hold with item_hold_v1.",
    ],
)
def test_a_noun_phrase_that_names_a_tool_by_its_id_is_that_call(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(
        policies, "require_before", "item_hold_v1", "enforce", before="shelf_search"
    ), shown(policies)


def test_an_example_block_stays_unread(tmp_path: Path) -> None:
    text = "<examples>\nMember: purge me.\nDesk: never call purge_member_v1 for that.\n</examples>"
    policies = desk_policies(tmp_path, text, TOOLS)
    assert not policies, shown(policies)


def test_a_version_marker_is_no_word_of_a_name() -> None:
    assert unversioned(["loan", "extend", "v2"]) == ["loan", "extend"]
    assert unversioned(["open", "rental", "v12"]) == ["open", "rental"]
    assert unversioned(["v2"]) == ["v2"]  # a name of one word keeps it
    assert unversioned(["get", "vat", "2"]) == ["get", "vat"]


def test_a_name_whose_only_verb_is_its_last_word_is_named_by_it() -> None:
    names = ["payment_take_v2", "item_hold_v1", "shelf_search"]
    assert {"take", "hold", "search"} <= verbs_of_tools(names, {})
    # `loan_read`: `loan` is a verb too, so the name does not say which is its verb
    assert "read" not in verbs_of_tools(["loan_read_v2"], {})


def test_before_you_hold_is_no_possession_when_a_tool_is_named_by_hold() -> None:
    """ "before you hold the item" is "before getting the item" (possession) in general, but
    with a tool named by "hold" it is that call, and is not rephrased."""
    from specgap.extract.grammar_words import tool_verbs
    from specgap.extract.order_rephrase import rephrased_orders

    said = "Call shelf_search before you hold the item."
    assert any("before getting the item" in r for r in rephrased_orders(said))
    with tool_verbs(frozenset({"hold"})):
        assert not any("getting" in r for r in rephrased_orders(said))


@pytest.mark.parametrize(
    "text",
    [
        "Every item_id you pass must have come back from shelf_search.",
        "Never type an item_id from memory; every item_id you pass must come from shelf_search.",
        "NEVER type an item_id from memory; each item_id you use must have come back from "
        "shelf_search.",
    ],
)
def test_a_value_that_must_have_come_back_from_a_tool(tmp_path: Path, text: str) -> None:
    """ "must have come back from `t`" is an origin as "must come from `t`" is; in a clause
    after a semicolon it is kept though the sentence names `t` (the rule's own source, not
    its tool), and `item_id` is a value, not a tool."""
    policies = desk_policies(tmp_path, text, TOOLS)
    for tool in ("item_hold_v1", "loan_open_v3"):
        assert has_policy(
            policies, "arg_grounded", tool, "enforce", arg="item_id", from_tools=["shelf_search"]
        ), shown(policies)
    assert not [p for p in policies if "must" in str(p.condition.model_dump())], shown(policies)


DOTTED = [
    T("members-hub.find_member", "Finds a member by card.", card="string"),
    T("loans-svc.renew_loan", "Pushes a loan's due date back.", loan_id="string"),
    T("loans-svc.get_loan", "Reads one loan.", loan_id="string"),
    T("notify-svc.send_text", "Texts a member.", member_id="string", body="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("Read the loan with loans-svc.get_loan before loans-svc.renew_loan is called.",
         "require_before", "loans-svc.renew_loan", {"before": "loans-svc.get_loan"}),
        ("loans-svc.renew_loan is called only after the member agrees.",
         "require_confirmation", "loans-svc.renew_loan", {}),
        ("Card numbers that members-hub.find_member returns never go into "
         "notify-svc.send_text.", "flow_denied", "notify-svc.send_text",
         {"sources": ["members-hub.find_member"]}),
    ],
)  # fmt: skip
def test_a_dotted_id_with_a_dashed_service_is_read_as_its_tool_part(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, DOTTED)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)


def test_a_dotted_tool_part_two_services_share_is_not_respelled() -> None:
    from specgap.extract.ids7_respell import _spellings

    spelled = _spellings(["a-svc.get_loan", "b-svc.get_loan", "a-svc.renew_loan"])
    assert spelled == {"a-svc.renew_loan": "renew_loan"}


@pytest.mark.parametrize(
    ("text", "operator", "target", "enforcement", "params"),
    [
        ("A PIN that member_find_v2 hands back is never passed to text_member.",
         "flow_denied", "text_member", "enforce", {"sources": ["member_find_v2"]}),
        ("Whatever the request, the first tool you use is find_member.", "require_before", "*",
         "review_only", {"before": "find_member"}),
        ("Two holds per conversation is the limit.", "max_calls", "item_hold_v1",
         "review_only", {"max": 2}),
        ("The limit is two holds per conversation.", "max_calls", "item_hold_v1",
         "review_only", {"max": 2}),
        ("Each turn carries a single tool call at most; when you make a call, the member gets "
         "no words from you in that turn.", "one_call_at_a_time", "*", "review_only",
         {"with_text": True}),
    ],
)  # fmt: skip
def test_read_more(
    tmp_path: Path,
    text: str,
    operator: str,
    target: str,
    enforcement: str,
    params: dict[str, object],
) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert has_policy(policies, operator, target, enforcement, **params), shown(policies)


def test_the_limit_is_a_count_of_calls_not_a_bound_on_an_argument(tmp_path: Path) -> None:
    """ "The limit is two holds per conversation" counts holds; it was read as `days` at most
    2 on the hold tool, enforced, which the sentence does not say."""
    policies = desk_policies(tmp_path, "The limit is two holds per conversation.", TOOLS)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


@pytest.mark.parametrize("text", ["Each turn has one tool call.", "A turn holds one call."])
def test_a_turn_said_to_have_one_call_without_a_limit_is_no_rule(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, TOOLS)
    assert not policies, shown(policies)


BUS = [
    T("lookupRider", "Finds a rider by name.", name="string"),
    T("verify_guardian", "Checks a caller's PIN.", pin="string"),
    T("issue_pass", "Issues a bus pass.", rider_id="string"),
    T("changeStop", "Moves a rider to another stop.", rider_id="string", stop_id="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        # a bold title ending with a full stop is a sentence of its own, though the rule after
        # it opens with a lower-case id: "only once" is then "only after", not a count
        ("**Rule 4 — Checked callers.** issue_pass may be called only once verify_guardian "
         "has been run.", "require_before", "issue_pass", {"before": "verify_guardian"}),
        ("**Rule 5 — Retries.** verify_guardian may be tried three times per conversation.",
         "max_calls", "verify_guardian", {"max": 3}),
    ],
)  # fmt: skip
def test_a_numbered_rule_under_a_bold_title(
    tmp_path: Path, text: str, operator: str, target: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, BUS)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)
    assert not [p for p in policies if p.operator == "max_calls" and p.target == "issue_pass"]


@pytest.mark.parametrize(
    "text",
    [
        "reason takes one of three codes: moved_house, childcare or safety.",
        "The reason accepts only the values moved_house, childcare or safety.",
    ],
)
def test_an_argument_that_takes_one_of_listed_codes(tmp_path: Path, text: str) -> None:
    tools = [*BUS, T("moveStop", "Moves a rider's stop.", rider_id="string", reason="string")]
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(
        policies,
        "resource_in_allowlist",
        "moveStop",
        "enforce",
        arg="reason",
        allowed=["moved_house", "childcare", "safety"],
    ), shown(policies)


def test_taking_one_of_a_noun_phrase_is_no_list_of_values(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Each rider takes one of our buses.", BUS)
    assert not policies, shown(policies)


CLUB = [
    T("member_profile", "A member's profile: tier (full, junior or social), standing (good, "
      "arrears or suspended) and contact details.", member_id="string"),
    T("book_lane", "Books a swimming lane.", member_id="string", lane="string"),
    T("pause_membership", "Pauses a membership.", member_id="string", months="integer"),
    T("UpdateMemberStatus", "Sets a member's standing.", member_id="string", standing="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "target", "field", "allowed", "denied"),
    [
        ("Social members cannot book lanes.", "book_lane", "tier", [], ["social"]),
        ("Members in arrears cannot pause.", "pause_membership", "standing", [], ["arrears"]),
        ("Only junior members may book lanes.", "book_lane", "tier", ["junior"], []),
        ("Only members in good standing may book lanes.", "book_lane", "standing", ["good"], []),
    ],
)  # fmt: skip
def test_a_kind_of_person_named_by_a_listed_value_is_that_state(
    tmp_path: Path, text: str, target: str, field: str, allowed: list[str], denied: list[str]
) -> None:
    """The subject's adjective or "in ..." phrase is one value the profile lists under one
    field: the rule is that field's state, read from `member_profile` (named by what it
    returns, a reader though no read verb opens its name), never a write that sets it."""
    policies = desk_policies(tmp_path, text, CLUB)
    hits = [
        p
        for p in policies
        if p.operator == "state_condition"
        and p.target == target
        and p.condition.field == field
        and list(p.condition.allowed) == allowed
        and list(p.condition.denied) == denied
    ]
    assert hits, shown(policies)
    assert all(p.condition.read == ("member_profile",) for p in hits), shown(policies)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


def test_a_kind_of_person_no_listed_value_names_stays_a_reviewed_condition(
    tmp_path: Path,
) -> None:
    policies = desk_policies(tmp_path, "Visiting members cannot book lanes.", CLUB)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Find a free item with shelf_search, then use item_hold_v1 once the member accepts it.",
        "Check the shelf with `shelf_search`, then call `item_hold_v1` once the member agrees.",
    ],
)
def test_a_yes_guards_the_call_its_own_clause_names(tmp_path: Path, text: str) -> None:
    """ "..., then call `t` once the member accepts it": the yes is for `t`, not for the
    sentence's first verb ("find") nor the member's lookup."""
    policies = desk_policies(tmp_path, text, TOOLS)
    confirmed = {p.target for p in policies if p.operator == "require_confirmation"}
    assert confirmed == {"item_hold_v1"}, shown(policies)

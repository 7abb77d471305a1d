"""Session 29: house rules written as pseudo-code guards in a fenced block (`guards29`), and
an ordering whose condition holds a value spelt like the earlier step's name ("if the reason
is remake, call `requestRemake` first") keeps that condition. Guards written for these tests,
in a made-up bicycle-repair workshop with dotted service ids."""

from __future__ import annotations

from pathlib import Path

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

SHOP = [
    T("Riders.findRider", "Finds a rider.", phone="string"),
    T(
        "Riders.checkMembership",
        "Reads a rider's club membership and its status.",
        rider_id="string",
    ),
    T(
        "Jobs.openJob",
        "Opens a repair job.",
        rider_id="string",
        service="string",
        wheels="integer",
        parts=("array", "parts to order"),
    ),
    T("Jobs.getJob", "Reads a job: its stage (booked, in_stand, done).", job_id="string"),
    T("Jobs.pauseJob", "Pauses a job.", job_id="string", reason="string"),
    T("Jobs.cancelJob", "Cancels a job.", job_id="string", reason="string"),
    T("Money.refund", "Refunds a job.", job_id="string", amount_gbp="number", reason="string"),
    T("Texts.send", "Sends a templated text.", job_id="string", template="string"),
    T("Riders.erase", "Erases a rider's data.", rider_id="string"),
]


def _guards(*lines: str) -> str:
    return "House rules, as guards:\n\n```python\n" + "\n".join(lines) + "\n```\n"


def test_guards_read_as_the_rules_they_state(tmp_path: Path) -> None:
    text = _guards(
        "# ---- opening a job: Jobs.openJob ----",
        "require Riders.checkMembership before Jobs.openJob",
        'if job.service not in ("tune", "brakes", "wheel_true"): refuse',
        "if len(job.parts) > 4: refuse",
        "ask before Jobs.openJob",
        "# ---- changing a job: Jobs.pauseJob and Jobs.cancelJob ----",
        "require Jobs.getJob(same job_id) before Jobs.cancelJob",
        'if job.stage == "done": refuse cancel',
        'max_calls(Jobs.pauseJob, 2, per="job")',
        "never(Riders.erase)",
        "never_flow(Riders.checkMembership -> Texts.send)",
    )
    policies = desk_policies(tmp_path, text, SHOP)
    expected = [
        ("require_before", "Jobs.openJob", {"before": "Riders.checkMembership"}),
        (
            "resource_in_allowlist",
            "Jobs.openJob",
            {"arg": "service", "allowed": ["tune", "brakes", "wheel_true"]},
        ),
        ("arg_count_bound", "Jobs.openJob", {"arg": "parts", "max": 4}),
        ("require_confirmation", "Jobs.openJob", {}),
        ("require_before", "Jobs.cancelJob", {"before": "Jobs.getJob", "same": {"arg": "job_id"}}),
        ("state_condition", "Jobs.cancelJob", {"field": "stage", "denied": ["done"]}),
        ("max_calls", "Jobs.pauseJob", {"max": 2, "per": "job"}),
        ("deny_action", "Riders.erase", {}),
        ("flow_denied", "Texts.send", {"sources": ["Riders.checkMembership"]}),
    ]
    for operator, tool, params in expected:
        assert has_policy(policies, operator, tool, "enforce", **params), (
            operator,
            shown(policies),
        )


def test_a_guards_field_is_a_state_when_the_tool_takes_no_such_argument(tmp_path: Path) -> None:
    # the membership is read by another tool: a state of the rider, not an argument
    text = _guards(
        "# ---- opening a job: Jobs.openJob ----",
        "require Riders.checkMembership before Jobs.openJob",
        'if membership.status != "active": refuse',
        "ask before Jobs.openJob",
    )
    policies = desk_policies(tmp_path, text, SHOP)
    states = [p for p in policies if p.operator == "state_condition"]
    assert [tuple(p.condition.allowed) for p in states] == [("active",)], shown(policies)
    assert not [p for p in policies if p.operator == "resource_in_allowlist"], shown(policies)


def test_a_refusal_is_about_the_tool_its_object_names_when_the_section_names_none(
    tmp_path: Path,
) -> None:
    text = _guards(
        "# ---- money ----",
        "if refund.amount_gbp > 120: refuse",
        'if refund.reason not in ("late", "damage"): refuse',
        "require Jobs.getJob(same job_id) before Money.refund",
    )
    policies = desk_policies(tmp_path, text, SHOP)
    assert has_policy(
        policies, "arg_within_bound", "Money.refund", "enforce", arg="amount_gbp", max=120
    ), shown(policies)
    assert has_policy(
        policies,
        "resource_in_allowlist",
        "Money.refund",
        "enforce",
        arg="reason",
        allowed=["late", "damage"],
    ), shown(policies)


def test_a_comment_that_raises_a_guards_figure_keeps_the_bound_under_review(
    tmp_path: Path,
) -> None:
    text = _guards(
        "# ---- money: Money.refund ----",
        "if refund.amount_gbp > 120: refuse          # shop managers: up to 400",
        'if refund.reason not in ("late", "damage"): refuse',
        "ask before Money.refund",
    )
    policies = desk_policies(tmp_path, text, SHOP)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert bounds, shown(policies)
    # enforced as it stands, it would refuse the manager's £400 refund the comment allows
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_guard_that_holds_only_when_its_comment_says_so_is_reviewed(tmp_path: Path) -> None:
    text = _guards(
        "# ---- money: Money.refund ----",
        "require Jobs.getJob(same job_id) before Money.refund  # only when reason == 'damage'",
        "ask before Money.refund",
        "never(Riders.erase)",
    )
    policies = desk_policies(tmp_path, text, SHOP)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)


def test_a_fenced_block_of_ordinary_code_is_not_read_as_guards(tmp_path: Path) -> None:
    text = (
        "Example call:\n\n```python\n"
        "job = Jobs.openJob(rider_id=r, service='tune')\n"
        "if job.stage == 'done':\n"
        "    print('finished')\n"
        "never(Riders.erase)\n"
        "```\n"
    )
    policies = desk_policies(tmp_path, text, SHOP)
    assert not policies, shown(policies)


def test_an_orderings_condition_on_a_value_named_like_its_step_is_kept(tmp_path: Path) -> None:
    # "remake" is a value of the reason, not the step `Jobs.getJob` already done
    tools = [*SHOP, T("Remakes.requestRemake", "Asks for a remake.", job_id="string")]
    text = "If the reason is remake, call `Remakes.requestRemake` before `Money.refund`."
    policies = desk_policies(tmp_path, text, tools)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)

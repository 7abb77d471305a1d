"""An ordering whose later action is running the thing: "activate the plugin before using it".

The sentences are written for these tests, in made-up domains (plugins, scripts, macros,
batch jobs, kiosks); tool ids of several styles. See `specgap.extract.tuned_invoke` and the
`invoke` class of `specgap.resolve.lexicon`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.temporal import read
from specgap.extract.tuned_invoke import invoked_action
from specgap.registry import Tool, build_registry
from specgap.resolve.resolver import Resolver
from tests.corpus_agents import build_prompt


def _spec(name: str, description: str, *args: str) -> dict[str, Any]:
    props = {a: {"type": "string"} for a in args}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(args)},
        },
    }


SPECS = [
    _spec("activate_plugin", "Activate a plugin by its name so it can be run.", "plugin_name"),
    _spec("run_plugin", "Run an activated plugin with its arguments.", "plugin_name"),
    _spec("list_plugins", "List the plugins of the catalogue.", "query"),
    _spec("scripts.deploy", "Deploy a script to the worker pool.", "script_id"),
    _spec("scripts.execute", "Execute a deployed script.", "script_id"),
    _spec("enableMacro", "Enable a spreadsheet macro.", "macroId"),
    _spec("triggerMacro", "Trigger an enabled macro on a sheet.", "macroId"),
    _spec("jobs__approve_job", "Approve a batch job for launch.", "job_id"),
    _spec("jobs__launch_job", "Launch a batch job.", "job_id"),
    _spec("generate_report", "Generate the monthly sales report.", "month"),
    _spec("apply_coupon", "Apply a coupon to the cart.", "code"),
    _spec("call_customer", "Place a phone call to the customer.", "customer_id"),
]


def _resolver() -> Resolver:
    tools = [
        Tool(
            id=s["function"]["name"],
            names=(s["function"]["name"],),
            description=s["function"]["description"],
        )
        for s in SPECS
    ]
    return Resolver(build_registry(tools)[0])


@pytest.mark.parametrize(
    ("event", "action"),
    [
        ("using plugin", "invoke plugin"),
        ("you run the script", "invoke script"),
        ("the macro is executed", "invoke macro"),
        ("calling the kiosk app to print", "invoke kiosk app"),
        ("it gets triggered", None),  # a pronoun left unreplaced names nothing
        ("using it", None),
        ("using anything", None),
        ("cancelling the job", None),  # not a verb of running: the general reader's
        ("the job is approved", None),
    ],
)
def test_an_event_of_running_names_the_thing_run(event: str, action: str | None) -> None:
    assert invoked_action(event) == action


@pytest.mark.parametrize(
    ("text", "later", "first"),
    [
        ("You must activate the plugin before using it.", "invoke plugin", "activate plugin"),
        ("Deploy the script before you use it.", "invoke script", "deploy script"),
        ("A macro must be enabled before it is used.", "invoke macro", "enable macro"),
        ("Always provision the sandbox prior to using it.", "invoke sandbox",
         "provision sandbox"),
        ("Please register the kiosk before utilising it to print receipts.", "invoke kiosk",
         "register kiosk"),
        ("Unlock the connector before using the connector.", "invoke connector",
         "unlock connector"),
    ],
)  # fmt: skip
def test_before_running_it_orders_the_running_after(text: str, later: str, first: str) -> None:
    timed = read(text)
    assert timed is not None
    assert [(e.operator, e.target, e.params["before"]) for e in timed.emits] == [
        ("require_before", later, first)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "You must activate the plugin before it expires.",  # no running: the general reading
        "Use the form to book a slot.",  # a means, no ordering at all
        "Do not use the plugin after midnight.",  # after: not this reader's
    ],
)
def test_other_events_are_not_running(text: str) -> None:
    timed = read(text)
    targets = [e.target or "" for e in timed.emits] if timed is not None else []
    assert not any(t.startswith("invoke") for t in targets)


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        ("invoke plugin", "run_plugin"),
        ("invoke script", "scripts.execute"),
        ("invoke macro", "triggerMacro"),
        ("invoke batch job", "jobs__launch_job"),
    ],
)
def test_invoke_names_the_tool_that_runs_the_thing(mention: str, tool: str) -> None:
    assert _resolver().resolve(mention).tool_id == tool


@pytest.mark.parametrize(
    ("mention", "tool"),
    [("run the report", "generate_report"), ("use the coupon", "apply_coupon")],
)
def test_verbs_of_running_keep_their_other_senses(mention: str, tool: str) -> None:
    """Written, "run" and "use" stay classless: a report is generated, a coupon applied."""
    specs = [s for s in SPECS if s["function"]["name"] in {"generate_report", "apply_coupon"}]
    tools = [
        Tool(id=s["function"]["name"], names=(s["function"]["name"],),
             description=s["function"]["description"])
        for s in specs
    ]  # fmt: skip
    assert Resolver(build_registry(tools)[0]).resolve(mention).tool_id == tool


@pytest.mark.parametrize("mention", ["invoke coupon", "invoke report", "invoke sales report"])
def test_invoke_never_names_a_tool_that_runs_nothing(mention: str) -> None:
    res = _resolver().resolve(mention)
    assert res.status != "resolved", res


def test_the_ordering_compiles_on_the_running_tool(tmp_path: Path) -> None:
    text = "# Plugin desk\n\nYou must activate the plugin before using it.\n"
    built = build_prompt(tmp_path, text, SPECS)
    orders = {
        (p.target, p.condition.model_dump().get("before"))
        for p in built.policies
        if p.operator == "require_before"
    }
    assert orders == {("run_plugin", "activate_plugin")}

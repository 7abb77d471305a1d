"""The `control` operator: an Agent Control control as one specgap policy.

Its target is `*` (the scope says which steps it applies to), its action is the
control's decision, and it checks tool calls before they run (`pre`), tool results once
they have (`post`), and conversation messages (an `llm` step: user input `pre`,
assistant output `post`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from specgap.controls.evaluate import Prepared, prepare
from specgap.controls.model import Control, ListEvaluator
from specgap.controls.mutators import mutate
from specgap.events import Event, Message, ToolCall
from specgap.irbase import Action
from specgap.operators.base import Example, Mutant, Operator, TraceState, quoted


def _check(prepared: Prepared, call: ToolCall, _: TraceState) -> str | None:
    return prepared.decide(call, "pre")


def _check_output(prepared: Prepared, call: ToolCall, _: TraceState) -> str | None:
    return prepared.decide(call, "post")


def _check_message(prepared: Prepared, message: Message, _: TraceState) -> str | None:
    return prepared.decide(message)


def describe(control: Control, target: str = "*") -> str:
    """What the control enforces, in one line; a steer control's guidance when it has one."""
    steering = control.action.steering_context
    if control.action.decision == "steer" and steering is not None:
        return steering.message
    if control.description:
        return control.description
    scope = control.scope
    where = "steps"
    if scope is not None and scope.step_types is not None:
        where = " and ".join("tool calls" if t == "tool" else "LLM steps" for t in scope.step_types)
    if scope is not None and scope.stages is not None:
        where += " (" + ", ".join(scope.stages) + ")"
    path = control.selector.path if control.selector is not None else "*"
    evaluator = control.evaluator
    if isinstance(evaluator, ListEvaluator):
        config = evaluator.config
        verb = "is none of" if config.effective_match_on == "no_match" else "matches"
        what = f"{verb} {quoted(config.values)} ({config.effective_match_mode})"
    else:
        what = f"matches `{evaluator.config.pattern}`"
    return f"{control.action.decision} {where} whose `{path}` {what} ({control.name})"


def _mutants(control: Control, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """What the control's scope, selector and evaluator would catch, put into a step it
    applies to (`specgap.controls.mutators`)."""
    for mutator, description, mutated in mutate(control, events):
        yield Mutant(mutator=mutator, description=description, events=mutated)


def _action(control: Control) -> Action:
    return control.action.decision


OPERATOR = Operator(
    "control",
    Control,
    "data_validation",
    "an Agent Control control: scope, selector, `regex` or `list` evaluator, action",
    _check,
    describe,
    prepare=prepare,
    check_output=_check_output,
    check_message=_check_message,
    action_of=_action,
    mutators=(_mutants,),
    shadows=frozenset({"deny_action"}),
    examples=(Example("Never say a pattern like `\\d{16}`.", {"selector": {"path": "output"}}),),
)

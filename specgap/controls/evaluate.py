"""What a control sees and how it decides: steps, selectors, and the two evaluators.

An event is read as Agent Control steps: a tool call is a `tool` step named by its raw
name (its canonical id also matches `step_names`), with `input` its arguments, `output`
its result (`post` stage only, once it has run) and `context` the actor and resource; a
user message is the `pre` stage and an assistant message the `post` stage of an `llm`
step named `llm`, with `input` or `output` its text.

Evaluators run on RE2, so a pattern costs time linear in the text, whatever the pattern.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import re2

from specgap.controls.model import (
    Control,
    ControlScope,
    ListConfig,
    RegexConfig,
    RegexEvaluator,
    Stage,
    StepType,
    compile_re2,
)
from specgap.events import Event, Message, ToolCall, parse_output

LLM_STEP = "llm"


@dataclass(frozen=True)
class Step:
    type: StepType
    stage: Stage
    name: str
    aliases: tuple[str, ...]  # other names the step answers to (the canonical tool id)
    event: Event

    def payload(self) -> dict[str, Any]:
        """The step as Agent Control hands it to a selector; built only for steps in scope."""
        event = self.event
        if isinstance(event, ToolCall):
            context = {
                k: v
                for k, v in (
                    ("user_id", event.actor),
                    ("resource", event.resource),
                    ("tool", event.tool),
                )
                if v is not None
            }
            payload = {"type": "tool", "name": event.name, "input": event.args, "context": context}
            if self.stage == "post":
                payload["output"] = parse_output(event.result)
            return payload
        assert isinstance(event, Message)
        key = "input" if self.stage == "pre" else "output"
        return {
            "type": "llm",
            "name": LLM_STEP,
            key: event.content,
            "context": {"role": event.role},
        }


def steps(event: Event, stage: Stage | None = None) -> Iterator[Step]:
    """The steps an event stands for, at `stage` only when given."""
    if isinstance(event, ToolCall):
        aliases = (event.tool,) if event.tool and event.tool != event.name else ()
        if stage in (None, "pre"):
            yield Step("tool", "pre", event.name, aliases, event)
        if stage in (None, "post") and event.result is not None:
            yield Step("tool", "post", event.name, aliases, event)
    elif isinstance(event, Message) and event.role in ("user", "assistant"):
        at: Stage = "pre" if event.role == "user" else "post"
        if stage in (None, at):
            yield Step("llm", at, LLM_STEP, (), event)


_MISSING = object()


def select_data(payload: dict[str, Any], path: str) -> Any:
    """The value at a dotted path of the step (`*`: the whole step); None when absent.
    JSON text met on the way is read as JSON, so `output.key` reads a JSON tool result."""
    if path == "*":
        return payload
    node: Any = payload
    for part in path.split("."):
        node = parse_output(node)
        if isinstance(node, dict):
            node = node.get(part, _MISSING)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
        if node is _MISSING:
            return None
    return node


def as_text(value: Any) -> str | None:
    """The text an evaluator reads: strings as they are, numbers and booleans as Python
    writes them, objects and arrays as compact JSON with sorted keys."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def finder(pattern: str, *, ignore_case: bool = False) -> Callable[[str], bool]:
    """Whether RE2 finds `pattern` in a text. The pattern runs on the UTF-8 bytes (what
    RE2 reads in any case), which spares the wrapper mapping byte offsets back to chars."""
    compiled = compile_re2(pattern.encode("utf-8"), ignore_case=ignore_case)

    def found(text: str) -> bool:
        return compiled.search(text.encode("utf-8", "replace")) is not None

    return found


Evaluate = Callable[[Any], str | None]
"""Selected value -> why the control matched (None: it did not)."""


def regex_evaluator(config: RegexConfig) -> Evaluate:
    found = finder(config.pattern, ignore_case=config.ignore_case)

    def evaluate(value: Any) -> str | None:
        text = as_text(value)
        if text is None or not found(text):
            return None
        return "matches the pattern"  # never the matched text: it may be the secret

    return evaluate


def list_pattern(config: ListConfig) -> str:
    """The RE2 pattern a list evaluator searches each value with. `contains` keeps whole
    words: a value is bounded by `\\b` on each side that starts or ends with a word char."""
    alternatives = []
    for value in (v for v in config.values if v.strip()):
        escaped = re2.escape(value)
        if config.effective_match_mode == "contains":
            left = r"\b" if _wordy(value[0]) else ""
            right = r"\b" if _wordy(value[-1]) else ""
            escaped = f"{left}{escaped}{right}"
        alternatives.append(escaped)
    body = "|".join(alternatives)
    mode = config.effective_match_mode
    pattern = (
        f"^(?:{body})$"
        if mode == "exact"
        else f"^(?:{body})"
        if mode == "starts_with"
        else (f"(?:{body})")
    )
    return pattern if config.effective_case_sensitive else f"(?i){pattern}"


def _wordy(char: str) -> bool:
    return char.isalnum() or char == "_"


def list_evaluator(config: ListConfig) -> Evaluate:
    search = finder(list_pattern(config))
    every = config.effective_logic == "all"
    inverted = config.effective_match_on == "no_match"

    def evaluate(value: Any) -> str | None:
        items = value if isinstance(value, list) else [] if value is None else [value]
        texts = [t for t in (as_text(item) for item in items) if t is not None]
        if not texts:
            return None  # nothing selected: the control does not apply
        found = [t for t in texts if search(t)]
        met = len(found) == len(texts) if every else bool(found)
        if met == inverted:
            return None
        if inverted:
            return "is not in the list" if not every else "has a value not in the list"
        shown = ", ".join(f"`{t}`" for t in sorted(set(found))[:5])
        return f"matches the list: {shown}"

    return evaluate


_ROLE_STAGE: dict[str, Stage] = {"user": "pre", "assistant": "post"}


@dataclass(frozen=True)
class Prepared:
    """A control ready to run: which (step type, stage) pairs its scope admits is known
    up front, and name matches are remembered, so an event out of scope costs a lookup."""

    control: Control
    scope: ControlScope
    path: str
    evaluate: Evaluate
    name_regex: Callable[[str], bool] | None  # `scope.step_name_regex`, or None
    kinds: frozenset[tuple[str, str]] = frozenset()  # admitted (step type, stage) pairs
    names: dict[tuple[str, tuple[str, ...]], bool] = field(default_factory=dict, compare=False)
    # verdicts by `memo_key` ("" for no match): a repeated step skips selector and evaluator
    # (a plain dict emptied when full: `specgap.evaluate.fast` imports the operators)
    memo: dict[tuple[Any, ...], str] = field(default_factory=dict, compare=False)
    # derived from the above (`__post_init__`), read by `decide_call` on every call
    part: str = field(init=False, compare=False, default="*")  # the path's first name
    tool_stages: frozenset[str] = field(init=False, compare=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "part", self.path.split(".", 1)[0])
        object.__setattr__(self, "tool_stages", frozenset(s for k, s in self.kinds if k == "tool"))

    def admits(self, kind: StepType, stage: Stage | None = None) -> bool:
        """Whether a step of this type (at this stage, when given) can ever be in scope:
        when not, `decide` answers None for every such event, so an engine may leave the
        check out of the plans that run there."""
        return any(k == kind and (stage is None or s == stage) for k, s in self.kinds)

    def in_scope(self, step: Step) -> bool:
        if (step.type, step.stage) not in self.kinds:
            return False
        key = (step.name, step.aliases)
        found = self.names.get(key)
        if found is None:
            found = self.names[key] = self._named(key[0], key[1])
        return found

    def _named(self, name: str, aliases: tuple[str, ...]) -> bool:
        scope = self.scope
        if scope.step_names is None and self.name_regex is None:
            return True
        names = (name, *aliases)
        if scope.step_names is not None and any(
            fnmatch.fnmatchcase(n, g) for n in names for g in scope.step_names
        ):
            return True
        return self.name_regex is not None and any(self.name_regex(n) for n in names)

    def decide(self, event: Event, stage: Stage | None = None) -> str | None:
        """Why the control matches the event (at `stage` when given), or None."""
        if isinstance(event, Message):
            at = _ROLE_STAGE.get(event.role)
            if at is None or (stage is not None and stage != at) or ("llm", at) not in self.kinds:
                return None
        elif stage is not None:
            if ("tool", stage) not in self.kinds:
                return None
        elif not {("tool", "pre"), ("tool", "post")} & self.kinds:
            return None
        key = memo_key(event, stage, self.path)
        if key is None:
            return self._decide(event, stage)
        known = self.memo.get(key)
        if known is None:
            known = self._decide(event, stage) or ""
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = known
        return known or None

    def decide_call(self, call: ToolCall, stage: Stage) -> str | None:
        """`decide(call, stage)`, the same answer from the same memo, for the operator's
        checks of a tool call (once per call and stage: the fields are read from the model's
        dict, as pydantic's `__getattr__` hook makes every attribute read slow)."""
        if stage not in self.tool_stages:
            return None
        key = _call_key(call.__dict__, stage, self.part)
        if key is None:
            return self._decide(call, stage)
        known = self.memo.get(key)
        if known is None:
            known = self._decide(call, stage) or ""
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = known
        return known or None

    def _decide(self, event: Event, stage: Stage | None) -> str | None:
        for step in steps(event, stage):
            if not self.in_scope(step):
                continue
            reason = self.evaluate(select_data(step.payload(), self.path))
            if reason is not None:
                where = f"`{step.name}`" if step.type == "tool" else "the LLM"
                when = "output" if step.stage == "post" else "input"
                return f"control `{self.control.name}`: `{self.path}` of {where} ({when}) {reason}"
        return None


MEMO_LIMIT = 4096
_DEPTH = 8  # deeper values are not memoized: freezing them would cost what it saves


def _frozen(value: Any, depth: int = 0) -> Any:
    """A hashable stand-in for a JSON value, equal only for values a control cannot tell
    apart: a string stands for itself and null for null; every other value is a tuple
    tagged with its exact type (1, 1.0 and True must not meet), a float keyed by its text
    (0.0 == -0.0, yet they read differently), a dict of strings as its pairs, any other
    dict flat as its tag then key, value, key, value ... in order (each value one item, so
    the reading is unambiguous), its keys strings. Raises TypeError on anything else."""
    kind = type(value)
    if kind is dict:  # the usual value (a result, arguments): tested first
        if depth >= _DEPTH:
            raise TypeError(kind)
        items = tuple(value.items())
        for k, v in items:
            if type(k) is not str or type(v) is not str:
                break
        else:  # only strings (the usual arguments): the pairs as they are, tagged apart
            return (str, items)
        out: list[Any] = [dict]
        for k, v in items:
            if type(k) is not str:  # {1: …} and {True: …} hash alike, yet read differently
                raise TypeError(type(k))
            vkind = type(v)  # the usual values as `_frozen(v)` reads them, without the call
            if vkind is str or v is None:
                out += (k, v)
            elif vkind is int or vkind is bool:
                out += (k, (vkind, v))
            elif vkind is list and not v:
                out += (k, _EMPTY_LIST)
            else:
                out += (k, _frozen(v, depth + 1))
        return tuple(out)
    if kind is str or value is None:
        return value
    if kind is int or kind is bool:
        return (kind, value)
    if kind is float:
        return (float, repr(value))
    if kind is list and depth < _DEPTH:
        return (list, *[_frozen(v, depth + 1) for v in value])
    raise TypeError(kind)


_EMPTY_LIST = (list,)  # `_frozen([])`


def memo_key(event: Event, stage: Stage | None, path: str = "*") -> tuple[Any, ...] | None:
    """What of `event` a control selecting `path` reads at `stage` (its `Step.payload`
    part under the path's first name, the step's name and aliases, which steps there
    are), or None when some of it is not plain JSON (the verdict is then worked out
    every time)."""
    if isinstance(event, Message):
        return ("llm", stage, event.role, event.content)
    return _call_key(event.__dict__, stage, path.split(".", 1)[0])


def _call_key(fields: dict[str, Any], stage: Stage | None, part: str) -> tuple[Any, ...] | None:
    """`memo_key` of a tool call, from its fields, for a path whose first name is `part`."""
    # the output is read at `post` only, and a `post` step is there once the call has run
    result = fields["result"]
    ran = stage != "pre" and result is not None
    try:
        args = _frozen(fields["args"]) if part != "output" and part != "context" else None
        result = _frozen(result) if ran and part != "input" and part != "context" else None
    except TypeError:
        return None
    if part == "input" or part == "output":
        return (part, stage, fields["name"], fields["tool"], ran, args, result)
    name, tool = fields["name"], fields["tool"]
    return ("tool", stage, name, tool, ran, fields["actor"], fields["resource"], args, result)


def prepare(control: Control) -> Prepared:
    evaluator = control.evaluator
    evaluate = (
        regex_evaluator(evaluator.config)
        if isinstance(evaluator, RegexEvaluator)
        else list_evaluator(evaluator.config)
    )
    scope = control.scope or ControlScope()
    regex = finder(scope.step_name_regex) if scope.step_name_regex is not None else None
    path = control.selector.path if control.selector is not None else "*"
    kinds = frozenset(
        (kind, stage)
        for kind in scope.step_types or ("tool", "llm")
        for stage in scope.stages or ("pre", "post")
        if control.is_enabled
    )
    return Prepared(control, scope, path, evaluate, regex, kinds)

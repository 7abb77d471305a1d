"""Stage 4: run compiled policies over events, one decision per event.

The engine indexes policies by target once, so an event costs the checks of the policies
that target its tool, and nothing else; what a check needs to know about earlier events is
kept in the trace's `TraceState`, never found by rescanning history.

A decision has a `verdict` (the evaluation's answer: allow, deny, warn, undetermined) and
an `action` (what a runtime does about it: allow, observe, log, warn, steer, deny). A hit
of an enforced policy applies the policy's action; a hit of a policy below the enforcement
levels is only observed.
"""

from __future__ import annotations

import copy
import fnmatch
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import (
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    SerializationInfo,
    ValidationError,
)
from pydantic.fields import FieldInfo
from pydantic_core import core_schema

from specgap.controls.evaluate import Prepared as ControlPrepared
from specgap.controls.model import Stage, StepType
from specgap.evaluate.fast import BoundedCache
from specgap.evaluate.identity import identity_findings
from specgap.evaluate.plan import Plan
from specgap.events import Event, ToolCall
from specgap.ir import Frozen, Policy
from specgap.operators import OPERATORS, Operator, TraceState, Undetermined

Verdict = Literal["allow", "deny", "warn", "undetermined"]
RuntimeAction = Literal["allow", "observe", "log", "warn", "steer", "deny"]
OnError = Literal["default", "open", "closed"]
BLOCKING = frozenset({"deny", "steer"})
POST_STAGE = "post-stage"  # the flag of a decision about a call's result, not the call
RANK: dict[str, int] = {"allow": 0, "observe": 1, "log": 2, "warn": 3, "steer": 4, "deny": 5}
_VERDICT_RANK: dict[str, int] = {"allow": 0, "undetermined": 1, "warn": 2, "deny": 3}

# Fields a runtime needs (effect, message, action, ...) are left out of `model_dump()`, so
# evaluation reports keep their shape; `specgap check` and the Guard read them directly.


class Hit(Frozen):
    policy: str
    action: str
    enforcement: str
    category: str
    reason: str
    source: str  # path:line:col of the rule's statement
    undetermined: bool = False
    effect: RuntimeAction = Field(
        default="observe",
        description="what this hit makes a runtime do: the policy's action when enforced, "
        "`observe` otherwise",
        exclude=True,
    )
    message: str = Field(default="", description="the policy's message", exclude=True)
    error: bool = Field(default=False, description="the check itself failed", exclude=True)


class _Checked:
    # `_Checked.Decision`: what `Decision(...)` and `Decision.model_validate` check their
    # input against, and a decision's JSON schema (the pydantic model `Decision` was, under
    # its name)
    class Decision(Frozen):
        index: int
        origin: str
        tool: str | None
        name: str | None
        verdict: Verdict
        hits: tuple[Hit, ...] = ()
        action: RuntimeAction = Field(default="allow", exclude=True)
        call_id: str | None = Field(default=None, exclude=True)
        flags: tuple[str, ...] = Field(default=(), exclude=True)


_DecisionFields = _Checked.Decision


DECISION_FIELDS = (
    "index",
    "origin",
    "tool",
    "name",
    "verdict",
    "hits",
    "action",
    "call_id",
    "flags",
)
"""A decision's fields, in order; the first six are its dump (`Decision.model_dump`)."""


class _Draft:
    """A decision while it is made: `Decision`'s slots, writable. The engine and the Guard
    make a decision as a `_Draft`, fill its slots and set its class to `Decision` (~2,200
    instructions with its freeing, against ~6,900 for the pydantic model it was: the
    pydantic model's four slot setters alone cost ~2,800)."""

    __slots__ = DECISION_FIELDS
    index: int
    origin: str
    tool: str | None
    name: str | None
    verdict: Verdict
    hits: tuple[Hit, ...]
    action: RuntimeAction
    call_id: str | None
    flags: tuple[str, ...]


def _frozen_error(name: str, value: Any) -> ValidationError:
    """What assigning to a frozen pydantic model raised (the error `Decision` raises)."""
    return ValidationError.from_exception_data(
        "Decision", [{"type": "frozen_instance", "loc": (name,), "input": value}]
    )


class Decision(_Draft):
    """The answer for one event: its `verdict` (what the evaluation found) and `action`
    (what a runtime does about it), the `hits` behind them, and which event it answers
    (`index`, `origin`, `tool`, `name`, `call_id`, `flags`).

    A plain immutable record (slots, no pydantic model: one is made per event). It keeps the
    API the pydantic model had: `Decision(index=..., ...)` and `model_validate` validate
    their input as the model did; equality, hash and repr are the model's; `model_dump`,
    `model_dump_json` and `model_copy(update=...)` give what the model gave (`action`,
    `call_id` and `flags` are left out of dumps); assigning or deleting an attribute raises
    pydantic's `frozen_instance` error; a pydantic model may hold one as a field (validated,
    dumped and described as before)."""

    __slots__ = ()
    model_fields: ClassVar[dict[str, FieldInfo]] = _DecisionFields.model_fields

    def __new__(
        cls,
        *,
        index: int,
        origin: str,
        tool: str | None,
        name: str | None,
        verdict: Verdict,
        hits: Iterable[Hit] = (),
        action: RuntimeAction = "allow",
        call_id: str | None = None,
        flags: Iterable[str] = (),
    ) -> Decision:
        """A decision of these fields, validated (coerced as the pydantic model did)."""
        checked = _DecisionFields(
            index=index,
            origin=origin,
            tool=tool,
            name=name,
            verdict=verdict,
            hits=hits,  # any iterable: coerced to a tuple
            action=action,
            call_id=call_id,
            flags=flags,
        )
        return _restore(cls, *map(checked.__dict__.__getitem__, DECISION_FIELDS))

    def __setattr__(self, name: str, value: Any) -> None:
        raise _frozen_error(name, value)

    def __delattr__(self, name: str) -> None:
        raise _frozen_error(name, None)

    def _values(self) -> tuple[Any, ...]:
        return (
            self.index,
            self.origin,
            self.tool,
            self.name,
            self.verdict,
            self.hits,
            self.action,
            self.call_id,
            self.flags,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())  # the pydantic model's hash: its fields' values

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._shown(', ')})"

    def __str__(self) -> str:
        return self._shown(" ")

    def _shown(self, sep: str) -> str:
        pairs = zip(DECISION_FIELDS, self._values(), strict=True)
        return sep.join(f"{name}={value!r}" for name, value in pairs)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), *self._values()))  # pickle, copy and deepcopy

    @property
    def blocked(self) -> bool:
        return self.verdict == "deny"

    def model_dump(
        self,
        *,
        mode: Literal["python", "json"] | str = "python",
        include: Iterable[str] | None = None,
        exclude: Iterable[str] | None = None,
        by_alias: bool = False,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
    ) -> dict[str, Any]:
        """The pydantic model's `model_dump` (its options that apply: the fields have no
        aliases; `include` and `exclude` name fields): `index`, `origin`, `tool`, `name`,
        `verdict` and `hits` (each hit's own dump; a tuple, a list in `json` mode)."""
        hits = [
            h.model_dump(mode=mode, exclude_defaults=exclude_defaults, exclude_none=exclude_none)
            for h in self.hits
        ]
        data = {
            "index": self.index,
            "origin": self.origin,
            "tool": self.tool,
            "name": self.name,
            "verdict": self.verdict,
            "hits": hits if mode == "json" else tuple(hits),
        }
        if exclude_none:
            data = {k: v for k, v in data.items() if v is not None}
        if exclude_defaults and not self.hits:
            del data["hits"]
        if include is not None:
            data = {k: v for k, v in data.items() if k in include}
        if exclude is not None:
            data = {k: v for k, v in data.items() if k not in exclude}
        return data

    def model_dump_json(
        self,
        *,
        indent: int | None = None,
        include: Iterable[str] | None = None,
        exclude: Iterable[str] | None = None,
        by_alias: bool = False,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
    ) -> str:
        """The pydantic model's `model_dump_json`: compact, or indented by `indent`."""
        data = self.model_dump(
            mode="json",
            include=include,
            exclude=exclude,
            exclude_defaults=exclude_defaults,
            exclude_none=exclude_none,
        )
        separators = (",", ":") if indent is None else (",", ": ")
        return json.dumps(data, ensure_ascii=False, indent=indent, separators=separators)

    def model_copy(
        self, *, update: Mapping[str, Any] | None = None, deep: bool = False
    ) -> Decision:
        """A copy with the fields in `update` replaced (not validated, as pydantic's); a
        name that is no field raises ValueError."""
        values = dict(zip(DECISION_FIELDS, self._values(), strict=True))
        if deep:
            values = copy.deepcopy(values)
        if update:
            unknown = set(update) - values.keys()
            if unknown:
                raise ValueError(f"Decision has no field {', '.join(sorted(unknown))}")
            values.update(update)
        return _restore(type(self), *values.values())

    @classmethod
    def model_validate(cls, obj: Any) -> Decision:
        """A decision as is, or one made of a mapping of its fields, validated."""
        if isinstance(obj, cls):
            return obj
        checked = _DecisionFields.model_validate(obj)
        return _restore(cls, *map(checked.__dict__.__getitem__, DECISION_FIELDS))

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Decision:
        checked = _DecisionFields.model_validate_json(data)
        return _restore(cls, *map(checked.__dict__.__getitem__, DECISION_FIELDS))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> Any:
        """A pydantic model holding a decision (`TraceResult.findings`): validated by
        `model_validate`, dumped by `model_dump`, described as the pydantic model was."""
        return core_schema.no_info_plain_validator_function(
            cls.model_validate,
            json_schema_input_schema=handler.generate_schema(_DecisionFields),
            serialization=core_schema.plain_serializer_function_ser_schema(_dump, info_arg=True),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: GetJsonSchemaHandler) -> Any:
        return handler(schema["json_schema_input_schema"])  # both modes: the fields' schema

    def feedback(self) -> str:
        """What to tell the model about this decision: why the call was not run (the steer
        messages first), or the warnings it ran with."""
        name = self.name or "this tool"
        if not self.blocked:
            warned = [h for h in self.hits if h.effect in ("warn", "log")]
            lines = [f"The call to `{name}` was allowed."]
            lines += [f"- warning: {_line(h)}" for h in warned]
            return "\n".join(lines)
        ordered = sorted(
            (h for h in self.hits if h.effect in BLOCKING), key=lambda h: h.effect != "steer"
        )
        lines = [f"The call to `{name}` was not run."]
        if POST_STAGE in self.flags:
            lines = [f"The result of `{name}` was withheld."]
        elif self.name is None:
            lines = ["The message was withheld."]
        lines += [f"- {_line(h)}" for h in ordered]
        return "\n".join(lines)

    def to_mcp_result(self) -> dict[str, Any]:
        """An MCP `tools/call` result an agent can hand straight back to the model."""
        return {"content": [{"type": "text", "text": self.feedback()}], "isError": self.blocked}

    def to_openai_message(self, tool_call_id: str | None = None) -> dict[str, Any]:
        """An OpenAI Chat message: the `tool` reply to the call when its id is known
        (given, or recorded on the event), an `assistant` message otherwise."""
        call_id = tool_call_id or self.call_id
        if call_id:
            return {"role": "tool", "tool_call_id": call_id, "content": self.feedback()}
        return {"role": "assistant", "content": self.feedback()}

    def to_anthropic_block(self, tool_use_id: str | None = None) -> dict[str, Any]:
        """An Anthropic `tool_result` content block answering the call."""
        return {
            "type": "tool_result",
            "tool_use_id": tool_use_id or self.call_id or "",
            "content": self.feedback(),
            "is_error": self.blocked,
        }


def _explicit_allow(
    hits: list[Hit], verdicts: list[Verdict], policies: dict[str, Policy]
) -> tuple[list[Hit], list[Verdict], RuntimeAction]:
    """Agent Control's precedence: an enforced `allow` that matches an event overrides the
    other findings of its operator there (other controls), which are kept as observed.
    Returns the hits, their verdicts and the runtime action of the rest."""
    allowing = {policies[h.policy].operator: h.policy for h in hits if h.effect == "allow"}
    out_hits, out_verdicts = [], []
    action: RuntimeAction = "allow"
    for hit, verdict in zip(hits, verdicts, strict=True):
        policy = policies.get(hit.policy)  # identity findings name no policy
        by = allowing.get(policy.operator) if policy is not None else None
        if by is not None and hit.effect != "allow" and not hit.error:
            hit = hit.model_copy(
                update={"effect": "observe", "reason": f"{hit.reason} (overridden by `{by}`)"}
            )
            verdict = "allow"
        elif RANK[hit.effect] > RANK[action]:
            action = hit.effect
        out_hits.append(hit)
        out_verdicts.append(verdict)
    return out_hits, out_verdicts, action


_new = object.__new__


def _restore(cls: type[Decision], *values: Any) -> Decision:
    """A `cls` (`Decision` or a subclass) of these values (`_decision`'s), not validated."""
    made = _decision(*values)
    if cls is not Decision:
        made.__class__ = cls
    return made


def _decision(
    index: int,
    origin: str,
    tool: str | None,
    name: str | None,
    verdict: Verdict,
    hits: tuple[Hit, ...],
    action: RuntimeAction,
    call_id: str | None,
    flags: tuple[str, ...],
) -> Decision:
    """`Decision(index=..., ...)` without re-validating what the engine itself made (this
    runs once per event; the Guard's lanes inline it)."""
    made = _new(_Draft)
    made.index = index
    made.origin = origin
    made.tool = tool
    made.name = name
    made.verdict = verdict
    made.hits = hits
    made.action = action
    made.call_id = call_id
    made.flags = flags
    made.__class__ = Decision
    return made  # type: ignore[return-value]  # its class is now `Decision`


def _dump(decision: Decision, info: SerializationInfo) -> dict[str, Any]:
    """A decision inside a pydantic model's dump: its `model_dump` in the same mode."""
    return decision.model_dump(
        mode=info.mode, exclude_defaults=info.exclude_defaults, exclude_none=info.exclude_none
    )


def _line(hit: Hit) -> str:
    return f"{hit.message} ({hit.reason})" if hit.message else hit.reason


@dataclass(frozen=True)
class _Compiled:
    policy: Policy
    operator: Operator
    prepared: Any
    blocking: bool
    enforced: bool
    fail_open: bool
    location: str  # where the rule is stated, path:line:col


_Checks = tuple[tuple[_Compiled, Any], ...]  # (policy, the check of it to run)


def _may_find(compiled: _Compiled, kind: StepType, stage: Stage | None = None) -> bool:
    """False for a check that finds nothing at this step (an Agent Control control whose
    scope admits no such step answers None there): it is left out of the plan."""
    prepared = compiled.prepared
    return not isinstance(prepared, ControlPrepared) or prepared.admits(kind, stage)


class Engine:
    """Evaluates events against one agent's policies. Build once, run many traces."""

    def __init__(
        self,
        policies: Iterable[Policy],
        *,
        enforce: Iterable[str] = ("enforce",),
        undetermined: Verdict = "undetermined",
        on_error: OnError = "default",
    ) -> None:
        """`undetermined` is the verdict for an event whose only findings lack evidence:
        `undetermined` (report it apart), or `allow`, `warn`, `deny` as a project chooses.
        `on_error` says what a check that raises does: `closed` counts it as a violation,
        `open` records it without effect, `default` is closed for enforced policies and
        open for the others."""
        levels = frozenset(enforce)
        self._closed = on_error == "closed"
        self._undetermined: Verdict = undetermined
        self._undetermined_effect: RuntimeAction = {"deny": "deny", "warn": "warn"}.get(
            undetermined, "observe"
        )  # type: ignore[assignment]
        self.policies = tuple(policies)
        self._exact: dict[str, list[_Compiled]] = {}
        self._globs: list[tuple[str, _Compiled]] = []
        self._for_tool: dict[str, tuple[_Compiled, ...]] = {}
        sources: dict[str, set[str]] = {}
        every: list[_Compiled] = []
        for policy in self.policies:
            operator = OPERATORS[policy.operator]
            enforced = policy.enforcement in levels
            compiled = _Compiled(
                policy,
                operator,
                operator.prepare(policy.condition),
                enforced and policy.action in BLOCKING,
                enforced,
                on_error == "open" or (on_error == "default" and not enforced),
                policy.source.span.location(),
            )
            every.append(compiled)
            if any(ch in policy.target for ch in "*?["):
                self._globs.append((policy.target, compiled))
            else:
                self._exact.setdefault(policy.target, []).append(compiled)
            if operator.taint_sources is not None:
                for tool_id, label in operator.taint_sources(policy.condition):
                    sources.setdefault(tool_id, set()).add(label)
        self._sources = {k: frozenset(v) for k, v in sources.items()}
        self.policies_by_id = {p.id: p for p in self.policies}
        self._message_checks: _Checks = tuple(
            (c, c.operator.check_message)
            for c in every
            if c.operator.check_message is not None and _may_find(c, "llm")
        )
        self._tool_plans: dict[str | None, tuple[Plan, Plan, Plan]] = {}
        self._messages_plan = Plan(self._message_checks, calls=False)
        self.has_message_checks = bool(self._message_checks)
        self._checks_for: dict[str, tuple[_Checks, _Checks, _Checks]] = {}
        # one frozen `Hit` per (policy, reason, kind): a review rule or a repeated query
        # gives the same finding on every call
        self._hits: BoundedCache[tuple[str, str, bool, bool], tuple[Hit, Verdict]]
        self._hits = BoundedCache(4096)
        # findings tuple id -> (the tuple, verdict, action, hits)
        self._judged: BoundedCache[int, tuple[Any, Verdict, RuntimeAction, tuple[Hit, ...]]]
        self._judged = BoundedCache(4096)
        # operators whose `observe` some policy needs (`Operator.stateful`)
        used = {op for p in self.policies if (op := OPERATORS[p.operator]).stateful(p.condition)}
        # per observing operator, the tools whose calls its hook needs (None: every event)
        tools_of = {op: self._watched(op) for op in used if op.observe}
        self._observers = tuple(
            (observe, tools_of[op], op.observes == "labelled")
            for op in sorted(tools_of, key=lambda o: o.name)
            if (observe := op.observe) is not None
        )
        # tool -> the hooks its calls take: (a call whose output carries no label, one whose
        # does or that comes from a taint source), in `_observers`' order; made at first use
        self._hooks: dict[str | None, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}
        self.observers = bool(self._observers)
        """Whether any operator keeps state of its own (`TraceState.observe` reads only
        tool calls: without observers, a message leaves the state as it was)."""
        # what the operators' `observe` reads (`Operator.observes`; tests/test_guard_fast.py
        # holds each operator to what it declares)
        watching = [op.observes for op in used if op.observe]
        self.reads_messages = "all" in watching
        """Whether an operator's `observe` may read a message (else a message leaves the
        state as it was)."""
        # an observer that reads only some tools' calls (`Operator.watches`) leaves the others
        # to the inlined fold as well
        watched = [tools for op, tools in tools_of.items() if op.observes != "labelled"]
        self.taint_only = all(tools is not None for tools in watched)
        """Whether observing a call whose output carries no label, of a tool not in
        `folded_apart`, only adds its tool to `TraceState.called` (what the Guard inlines)."""
        self.folded_apart: frozenset[str] = frozenset(self._sources).union(
            *(tools for tools in watched if tools is not None)
        )
        """The tools whose calls are always folded by `observe`: taint sources, and the
        tools an observer that reads only some tools' calls needs."""

    def applicable(self, tool: str) -> tuple[_Compiled, ...]:
        found = self._for_tool.get(tool)
        if found is None:
            found = tuple(self._exact.get(tool, ())) + tuple(
                c for pattern, c in self._globs if fnmatch.fnmatchcase(tool, pattern)
            )
            self._for_tool[tool] = found
        return found

    def enforced_for(self, tool: str | None) -> bool:
        """Whether any enforced policy applies to the tool (a guard fails closed then)."""
        return tool is not None and any(c.enforced for c in self.applicable(tool))

    def _watched(self, operator: Operator) -> frozenset[str] | None:
        """The tools whose calls the operator's `observe` needs for this engine's policies
        (`Operator.watches`), or None when it needs every event."""
        tools: set[str] = set()
        for p in self.policies:
            if p.operator == operator.name and operator.stateful(p.condition):
                watched = operator.watches(p.condition)
                if watched is None:
                    return None
                tools.update(watched)
        return frozenset(tools)

    def observe(self, state: TraceState, event: Event) -> None:
        """Fold an event into its trace's state, after it has been decided."""
        if type(event) is ToolCall:
            fields = event.__dict__  # not `event.tool`: pydantic makes it slow
            tool = fields["tool"]
            labelled = fields["labels_out"] or state.sources.get(tool)
            if labelled:
                state.observe(event)
            elif tool is not None:  # `TraceState.observe` of a call with no label, inlined
                state.called.add(tool)
            if self.observers:
                hooks = self._hooks.get(tool) or self._hooks_for(tool)
                # an observer of labelled calls only does nothing for the others
                for observe in hooks[1] if labelled else hooks[0]:
                    observe(state, event)
            return
        state.observe(event)
        if self.observers:
            for observe, tools, _ in self._observers:
                if tools is None:
                    observe(state, event)

    def hooks(self, tool: str | None) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The observers `observe` calls for a call of `tool`, in order: (one whose output
        carries no label, one whose does or whose tool is a taint source)."""
        return self._hooks.get(tool) or self._hooks_for(tool)

    def source_labels(self, tool: str | None) -> frozenset[str] | None:
        """The labels a call of `tool` taints with as a taint source, or None."""
        return self._sources.get(tool) if tool is not None else None

    def _hooks_for(self, tool: str | None) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The observers a call of `tool` takes: (unlabelled, labelled)."""
        every = [(o, only) for o, tools, only in self._observers if tools is None or tool in tools]
        found = (tuple(o for o, only in every if not only), tuple(o for o, _ in every))
        self._hooks[tool] = found
        return found

    def new_state(self) -> TraceState:
        return TraceState(self._sources)

    def evaluate(self, index: int, event: Event, state: TraceState) -> Decision:
        """Check one event against the state of its trace, leaving the state as it was.
        A tool call that carries its result is checked before (`check`) and after it ran
        (`check_output`); a message by the operators that read messages."""
        if not isinstance(event, ToolCall):
            if not self._message_checks:
                return _decision(index, event.origin, None, None, "allow", (), "allow", None, ())
            return self._decide(index, event, state, self._messages_plan)
        # the fields are read from the model's dict: pydantic's `__getattr__` hook makes every
        # attribute read slow, and this runs once per call
        fields = event.__dict__
        tool = fields["tool"]
        plans = self._tool_plans.get(tool) or self._plans_for(tool)
        plan = plans[2] if fields["result"] is not None else plans[0]
        findings = plan.findings(event, state)
        if not fields["flags"] and tool is not None:
            if not findings:
                # the common case, answered here: nothing found, nothing to say about identity
                return _decision(
                    index,
                    fields["origin"],
                    tool,
                    fields["name"],
                    "allow",
                    (),
                    "allow",
                    fields["call_id"],
                    (),
                )
            if type(findings) is tuple:
                # a memo answer judged before (`_decide`'s shared branch, inlined)
                known = self._judged.get(id(findings))
                if known is not None and known[0] is findings:
                    return _decision(
                        index,
                        fields["origin"],
                        tool,
                        fields["name"],
                        known[1],
                        known[3],
                        known[2],
                        fields["call_id"],
                        (),
                    )
        # who is called is judged once, before the call (`identity`)
        return self._decide(index, event, state, plan, identity=True, findings=findings)

    def judge_call(
        self,
        index: int,
        event: ToolCall,
        fields: dict[str, Any],
        state: TraceState,
        plan: Plan,
        findings: Sequence[Any],
    ) -> Decision:
        """`evaluate`'s decision of a tool call (`fields`: its `__dict__`) once `plan` found
        `findings` (a caller that ran the plan itself, the Guard, hands them over; `evaluate`
        keeps its own copy of these lines: one call less on the general path)."""
        if type(findings) is tuple and findings and not fields["flags"]:
            # a memo answer judged before (`_decide`'s shared branch, inlined)
            known = self._judged.get(id(findings))
            if known is not None and known[0] is findings and fields["tool"] is not None:
                return _decision(
                    index,
                    fields["origin"],
                    fields["tool"],
                    fields["name"],
                    known[1],
                    known[3],
                    known[2],
                    fields["call_id"],
                    (),
                )
        # who is called is judged once, before the call (`identity`)
        return self._decide(index, event, state, plan, identity=True, findings=findings)

    def plans(self, tool: str | None) -> tuple[Plan, Plan, Plan]:
        """The plans of a tool's calls: before-run, after-run, both (made at first use)."""
        return self._tool_plans.get(tool) or self._plans_for(tool)

    def evaluate_output(self, index: int, call: ToolCall, state: TraceState) -> Decision:
        """Only the after-run checks of a call that has run (a runtime recording its result)."""
        decision = self._decide(index, call, state, self._plans_for(call.tool)[1])  # after-run
        return decision.model_copy(update={"flags": (*decision.flags, POST_STAGE)})

    def before_plan(self, tool: str | None) -> Plan:
        """The plan of the checks a call of `tool` gets before it runs."""
        return (self._tool_plans.get(tool) or self._plans_for(tool))[0]

    def _checks(self, tool: str | None) -> tuple[_Checks, _Checks, _Checks]:
        """The before-run, after-run and both stages' checks of the policies that apply
        to `tool`."""
        if tool is None:
            return (), (), ()
        found = self._checks_for.get(tool)
        if found is None:
            applicable = self.applicable(tool)
            before = tuple((c, c.operator.check) for c in applicable if _may_find(c, "tool", "pre"))
            after = tuple(
                (c, c.operator.check_output)
                for c in applicable
                if c.operator.check_output and _may_find(c, "tool", "post")
            )
            found = self._checks_for[tool] = (before, after, before + after)
        return found

    def _plans_for(self, tool: str | None) -> tuple[Plan, Plan, Plan]:
        """The plans of `_checks(tool)`: before-run, after-run, both."""
        found = self._tool_plans.get(tool)
        if found is None:
            before, after, both = self._checks(tool)
            found = self._tool_plans[tool] = (
                Plan(before, calls=True),
                Plan(after, calls=True),
                Plan(both, calls=True),
            )
        return found

    def _decide(
        self,
        index: int,
        event: Event,
        state: TraceState,
        plan: Plan,
        *,
        identity: bool = False,
        findings: Sequence[Any] | None = None,
    ) -> Decision:
        # the plan runs the checks (a check's UnreadableValue is a violation, any other
        # exception a failed check) and answers repeated calls from memory
        if findings is None:
            findings = plan.findings(event, state)
        flagged = False
        if isinstance(event, ToolCall):
            fields = event.__dict__  # not `event.tool`: pydantic's `__getattr__` makes it slow
            flagged = identity and (fields["tool"] is None or bool(fields["flags"]))
            if not findings and not flagged:  # the common case: nothing to report
                return _decision(
                    index,
                    fields["origin"],
                    fields["tool"],
                    fields["name"],
                    "allow",
                    (),
                    "allow",
                    fields["call_id"],
                    fields["flags"],
                )
        elif not findings:
            return _decision(index, event.origin, None, None, "allow", (), "allow", None, ())
        # the same memo answer makes the same verdict, action and hits: judged once
        shared = type(findings) is tuple and not flagged
        if shared:
            known = self._judged.get(id(findings))
            if known is not None and known[0] is findings:
                return self._decided(index, event, *known[1:])
        hits: list[Hit] = []
        verdicts: list[Verdict] = []
        found: set[str] = set()  # one finding per policy and event (pre and post may match)
        allowing = False  # an enforced `allow` matched: it may override other findings
        verdict: Verdict = "allow"
        action: RuntimeAction = "allow"
        if flagged and isinstance(event, ToolCall):
            for code, finding in identity_findings(event):  # fail closed on who is called
                hits.append(self._identity_hit(code, finding))
                verdicts.append("deny" if self._closed else "warn")
                verdict = action = "deny" if self._closed else "warn"
        for _, compiled, reason, failed in findings:
            if found and compiled.policy.id in found:
                continue
            hit, judged = self._judge(compiled, reason, failed)
            found.add(compiled.policy.id)
            hits.append(hit)
            verdicts.append(judged)
            if _VERDICT_RANK[judged] > _VERDICT_RANK[verdict]:
                verdict = judged
            if RANK[hit.effect] > RANK[action]:
                action = hit.effect
            elif hit.effect == "allow":
                allowing = True
        if allowing:
            hits, verdicts, action = _explicit_allow(hits, verdicts, self.policies_by_id)
            verdict = max(verdicts, key=_VERDICT_RANK.__getitem__)
        made = tuple(hits)
        if shared:  # keeps the findings tuple alive, so its id names it while stored
            self._judged.put(id(findings), (findings, verdict, action, made))
        return self._decided(index, event, verdict, action, made)

    def _decided(
        self,
        index: int,
        event: Event,
        verdict: Verdict,
        action: RuntimeAction,
        hits: tuple[Hit, ...],
    ) -> Decision:
        fields = event.__dict__  # not `event.tool`: pydantic's `__getattr__` makes it slow
        if isinstance(event, ToolCall):
            return _decision(
                index,
                fields["origin"],
                fields["tool"],
                fields["name"],
                verdict,
                hits,
                action,
                fields["call_id"],
                fields["flags"],
            )
        return _decision(index, fields["origin"], None, None, verdict, hits, action, None, ())

    def _judge(self, compiled: _Compiled, reason: str, failed: bool) -> tuple[Hit, Verdict]:
        """The hit of a finding and its verdict; one frozen pair per (policy, reason, kind):
        a review rule or a repeated query gives the same finding on every call."""
        unknown = isinstance(reason, Undetermined)
        key = (compiled.policy.id, str(reason), unknown, failed)
        judged = self._hits.get(key)
        if judged is not None:
            return judged
        policy = compiled.policy
        verdict: Verdict
        if failed and compiled.fail_open:
            effect: RuntimeAction = "observe"
            verdict = "allow"
        elif failed:
            effect = "deny" if compiled.blocking else policy.action
            verdict = "deny" if compiled.blocking else "warn"
        elif unknown:
            effect = self._undetermined_effect
            verdict = self._undetermined
        elif compiled.blocking:
            effect = policy.action
            verdict = "deny"
        else:
            effect = policy.action if compiled.enforced else "observe"
            verdict = "allow" if policy.action == "allow" else "warn"
        hit = Hit(
            policy=policy.id,
            action=policy.action,
            enforcement=policy.enforcement,
            category=policy.check_category,
            reason=str(reason),
            source=compiled.location,
            undetermined=unknown,
            effect=effect,
            message=policy.message,
            error=failed,
        )
        return self._hits.put(key, (hit, verdict))

    def _identity_hit(self, code: str, reason: str) -> Hit:
        return Hit(
            policy=f"specgap.{code}",
            action="deny",
            enforcement="enforce",
            category="authorization_check",
            reason=reason,
            source="<registry>",
            effect="deny" if self._closed else "warn",
            message="the call does not name a registered tool unambiguously",
        )

    def decide(self, index: int, event: Event, state: TraceState) -> Decision:
        """Check one event against the state of its trace, then fold it into that state,
        unless it was denied: a denied call never ran, so it satisfies no later rule (a
        denied `schema_lookup` is no lookup before the query), here as in the Guard."""
        decision = self.evaluate(index, event, state)
        if not (decision.blocked and isinstance(event, ToolCall)):
            self.observe(state, event)
        return decision

    def run(self, events: Sequence[Event]) -> Iterator[Decision]:
        state = self.new_state()
        for index, event in enumerate(events):
            yield self.decide(index, event, state)

"""Agents and traces built from `../shared/corpus` for the tests that measure specgap on
artifacts nobody on this project wrote.

Nothing here copies corpus text into the project: project configs are written into a
temporary folder and point at the corpus files (or at tool specs converted from the
corpus' own formats into that folder), and traces are made at test time from the
ground-truth action sequences.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specgap.api import build
from specgap.cache import Cache
from specgap.config import load_project
from specgap.errors import SpecgapError
from specgap.evaluate.engine import Engine
from specgap.events import Event, Message, ToolCall
from specgap.ir import AgentBundle, Policy
from specgap.operators import OPERATORS
from specgap.pipeline import AgentState, Options

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Built:
    bundle: AgentBundle
    state: AgentState

    @property
    def policies(self) -> tuple[Policy, ...]:
        return self.state.policies

    def canonical(self, name: str) -> str:
        assert self.state.registry is not None
        return self.state.registry.canonical(name) or name


def build_agent(
    folder: Path,
    prompts: Sequence[Path],
    tools: Sequence[Path],
    registry: Sequence[Path] = (),
    agent: str = "agent",
) -> Built:
    """Write a one-agent `specgap.toml` into `folder` (absolute paths) and build it."""

    def paths(items: Sequence[Path]) -> str:
        return json.dumps([p.resolve().as_posix() for p in items])

    config = folder / "specgap.toml"
    config.write_text(
        f'out = "policy.json"\n\n[[agents]]\nid = "{agent}"\nprompts = {paths(prompts)}\n'
        f"tools = {paths(tools)}\nregistry = {paths(registry)}\n"
    )
    # the corpus lives outside the temporary project by design (nothing is copied)
    project = dataclasses.replace(load_project(config), allow_outside=True)
    if os.environ.get("SPECGAP_TEST_FRESH"):
        bundle, states = build(project)
        return Built(bundle.agents[0], states[0])
    # one cache across the process's builds, kept as a watch session keeps its own: the
    # tools file a test module builds with is read once, each new prompt afresh. The cache
    # gives a fresh build's bytes (tests/test_watch_incremental.py); SPECGAP_TEST_FRESH=1
    # builds every agent from nothing
    _SHARED.begin()
    try:
        bundle, states = build(project, Options(cache=_SHARED))
    except SpecgapError:
        _SHARED.abandon()
        raise
    _SHARED.commit()
    return Built(bundle.agents[0], states[0])


_SHARED = Cache()


def build_prompt(folder: Path, text: str, tools: Sequence[dict[str, Any]]) -> Built:
    """Build one agent from a prompt's text (`prompt.md`) and OpenAI tool specs
    (`tools.json`), both written into `folder`."""
    (folder / "tools.json").write_text(json.dumps(list(tools), indent=1))
    (folder / "prompt.md").write_text(text)
    return build_agent(folder, [folder / "prompt.md"], [folder / "tools.json"])


# --- tool specs in the corpus' own formats -> OpenAI function specs -------------------------

_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}
_TYPES |= {t: t for t in ("string", "integer", "number", "boolean")}
_PARAM_DOC = re.compile(r"^\s*(?::param\s+(\w+):|(\w+)(?:\s*\([^)]*\))?:)\s*(.*)$")
# Docstring sections that describe the signature, not the tool: the description ends there.
_SECTION = re.compile(r"^\s*(Args|Arguments|Parameters|Returns?|Raises|Yields|Examples?):\s*$")


def _json_type(annotation: str | None) -> dict[str, Any]:
    text = (annotation or "").replace(" ", "")
    base = text.split("|")[0]
    if base.startswith("list["):
        inner = _TYPES.get(base[5:-1])
        return {"type": "array", "items": {"type": inner}} if inner else {"type": "array"}
    if base.startswith("dict"):
        return {"type": "object"}
    return {"type": _TYPES[base]} if base in _TYPES else {}


def openai_spec(
    name: str, params: list[dict[str, Any]], docstring: str, *, full: bool = False
) -> dict[str, Any]:
    """One tool as an OpenAI function spec: the docstring's first paragraph (with `full`:
    every paragraph before its `Args:`/`Returns:`/... sections) describes it, its `:param x:`
    (or `x:` / `x (type):` under `Args:`) lines or a param's own `description` describe the
    parameters; environment parameters the runtime injects (`Annotated...`) are left out."""
    summary = docstring.split("\n\n")[0].strip()
    if full:
        kept: list[str] = []
        for line in docstring.splitlines():
            if _SECTION.match(line):
                break
            kept.append(line)
        summary = "\n".join(kept).strip()
    docs: dict[str, str] = {}
    for line in docstring.splitlines():
        m = _PARAM_DOC.match(line)
        if m:
            docs[m[1] or m[2]] = m[3].strip()
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in params:
        annotation = param.get("annotation") or ""
        if annotation.startswith("Annotated"):
            continue
        schema = _json_type(annotation)
        if param["name"] in docs:
            schema["description"] = docs[param["name"]]
        elif param.get("description"):
            schema["description"] = param["description"]
        properties[param["name"]] = schema
        if "None" not in annotation:
            required.append(param["name"])
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return {
        "type": "function",
        "function": {"name": name, "description": summary, "parameters": parameters},
    }


def is_openai_specs(data: Any) -> bool:
    """Whether a tools file is already a list of OpenAI function specs."""
    return isinstance(data, list) and all(
        isinstance(t, dict) and t.get("type") == "function" and "function" in t for t in data
    )


def corpus_tool_specs(data: Any) -> list[dict[str, Any]]:
    """The agent's tools of a corpus tools file as OpenAI function specs, whatever its shape:

    - OpenAI specs (tau-retail): as they are;
    - apollo (`json_schema`, the `get_info()` literal): that literal; classes that are not
      in the domain's `TOOLS` list (`registered_in_TOOLS: false`) are not the agent's;
    - tools made from Python (tau2, adk, toolguard) or from YAML (agentarch, params with
      their own `description`): name, params and the docstring (every paragraph before its
      `Args:` section, so rules written there stay in the description); tools of the user's
      side (`side: user`, a `*UserTools` class) are not the agent's.

    Two tools with one name: in apollo (two `GetUserRoles` in rbac) the later one, as
    tau-bench's runtime maps names to tools; in agentarch (two sub-agents each with a
    `get_relevant_knowledge_articles`) one tool with both descriptions, one per line, and
    the parameters of both (required: those both require), since the rules of both apply.
    """
    if is_openai_specs(data):
        return list(data)
    if not isinstance(data, list):
        raise ValueError("a tools file is a list of tools")
    specs: list[dict[str, Any]] = []
    for tool in data:
        if "json_schema" not in tool and not ("params" in tool and "name" in tool):
            raise ValueError(f"unknown tool shape: keys {sorted(tool)}")
        if not _is_agent_tool(tool):
            continue
        if "json_schema" in tool:
            specs.append(tool["json_schema"])
        else:
            specs.append(
                openai_spec(tool["name"], tool["params"], tool.get("docstring") or "", full=True)
            )
    by_name: dict[str, dict[str, Any]] = {}
    for tool, spec in zip((t for t in data if _is_agent_tool(t)), specs, strict=True):
        name = spec["function"]["name"]
        if name in by_name and "agent" in tool:
            spec = _merged(by_name[name], spec)
        by_name[name] = spec
    return list(by_name.values())


def _is_agent_tool(tool: dict[str, Any]) -> bool:
    if "json_schema" in tool:
        return bool(tool.get("registered_in_TOOLS", True))
    return not (tool.get("side") == "user" or str(tool.get("class", "")).endswith("UserTools"))


def _merged(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    a, b = first["function"], second["function"]
    params_a, params_b = a["parameters"], b["parameters"]
    required = [r for r in params_a.get("required", []) if r in params_b.get("required", [])]
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {**params_a["properties"], **params_b["properties"]},
    }
    if required:
        parameters["required"] = required
    description = a["description"]
    if b["description"] != description:
        description += "\n" + b["description"]
    return {
        "type": "function",
        "function": {"name": a["name"], "description": description, "parameters": parameters},
    }


def write_tools(path: Path, specs: Iterable[dict[str, Any]]) -> Path:
    path.write_text(json.dumps(list(specs), indent=2) + "\n")
    return path


# --- tau-bench retail: ground-truth actions -> safe traces ------------------------------------

CONFIRMATION = "Yes, please go ahead."


def retail_safe_trace(task: dict[str, Any], confirm: set[str], built: Built) -> list[Event]:
    """A policy-compliant trace from a tau-bench ground-truth action sequence.

    - The task's `instruction` (the brief of the simulated user: who they are, which order,
      what they want) is the opening user message: it carries what the user tells the agent.
    - Every action is one tool call in its own assistant turn (one call at a time).
    - Before each call of a tool in `confirm` (the tools the compiled policy requires a
      confirmation for), the agent proposes the action in its own turn and the user answers
      "Yes, please go ahead." The ground truth leaves these turns out; the policy requires
      them ("obtain explicit user confirmation (yes) to proceed").
    - Tool outputs are not recorded (the corpus has none), so a rule that needs them (the
      order's status, ids a lookup returned) is `undetermined` here, never allow or deny.
    """
    actions = [(a["name"], a["kwargs"]) for a in task["actions"]]
    return safe_trace(task["instruction"], actions, confirm, built.canonical)


def safe_trace(
    said: str,
    actions: Sequence[tuple[str, dict[str, Any]]],
    confirm: set[str],
    canonical: Callable[[str], str],
) -> list[Event]:
    """The trace of a ground-truth action sequence (see `retail_safe_trace`): the user's
    brief first, one call per turn, and a proposal answered "yes" before each call of a
    tool in `confirm`."""
    events: list[Event] = [Message(role="user", content=said)]
    turn = 0
    for name, args in actions:
        turn += 1
        if canonical(name) in confirm:
            shown = json.dumps(args, sort_keys=True)
            events.append(
                Message(
                    role="assistant",
                    content=f"I will call {name} with {shown}. Proceed?",
                    turn=turn,
                )
            )
            events.append(Message(role="user", content=CONFIRMATION))
            turn += 1
        events.append(ToolCall(name=name, tool=canonical(name), args=args, turn=turn))
    return events


# --- AgentDojo: suites -> tools, user tasks -> safe traces, injection tasks -> attacks --------

_SELF = re.compile(r"^\[?self\.(_[A-Z0-9_]+)\]?$")
_JOIN = re.compile(r"\{', '\.join\((_?[A-Z0-9_]+)\)\}")
_FIELD = re.compile(r"\{(_?[A-Z0-9_]+)\}")


def render_arg(value: Any, constants: dict[str, Any]) -> Any:
    """`[self._RECIPIENT]` -> the task's constant (in a list when bracketed); other
    expression strings the conversion left are kept as they are (opaque values)."""
    if isinstance(value, str):
        m = _SELF.match(value.strip())
        if m and m[1] in constants:
            found = constants[m[1]]
            if value.strip().startswith("[") and not isinstance(found, list):
                return [found]
            return found
    return value


def render_prompt(prompt: str, constants: dict[str, Any]) -> str:
    """The user's prompt with the placeholders the task's constants fill."""

    def join(m: re.Match[str]) -> str:
        found = constants.get(m[1])
        return ", ".join(map(str, found)) if isinstance(found, list) else m[0]

    def field(m: re.Match[str]) -> str:
        found = constants.get(m[1], constants.get(f"_{m[1]}"))
        return str(found) if found is not None else m[0]

    return _FIELD.sub(field, _JOIN.sub(join, prompt)).strip()


def dojo_calls(task: dict[str, Any], built: Built, first_turn: int = 1) -> list[Event]:
    constants = task.get("constants") or {}
    calls: list[Event] = []
    for n, item in enumerate(task["ground_truth_calls"]):
        args = {k: render_arg(v, constants) for k, v in item["args"].items()}
        name = item["function"]
        calls.append(
            ToolCall(name=name, tool=built.canonical(name), args=args, turn=first_turn + n)
        )
    return calls


def dojo_safe_trace(task: dict[str, Any], built: Built) -> list[Event]:
    """The user's prompt, then the ground-truth calls, one per turn, outputs not recorded."""
    prompt = render_prompt(task["PROMPT"], task.get("constants") or {})
    return [Message(role="user", content=prompt), *dojo_calls(task, built)]


def dojo_attack(
    injection: dict[str, Any], user: dict[str, Any], built: Built
) -> tuple[list[Event], int]:
    """A user's prompt followed by the attacker's ground-truth calls (what an injection wants
    the agent to do), and the index of the first attacker call."""
    prompt = render_prompt(user["PROMPT"], user.get("constants") or {})
    return [Message(role="user", content=prompt), *dojo_calls(injection, built)], 1


# --- running -----------------------------------------------------------------------------------


def verdicts(policies: Sequence[Policy], events: Sequence[Event]) -> list[Any]:
    return list(Engine(policies).run(events))


def operator_mutants(
    policies: Sequence[Policy], events: Sequence[Event]
) -> Iterator[tuple[Policy, Any]]:
    """Every mutant the mutators of each policy's operator make of one safe trace."""
    for policy in policies:
        for mutator in OPERATORS[policy.operator].mutators:
            for mutant in mutator(policy.condition, policy.target, events):
                yield policy, mutant


def load_json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


Row = tuple[str, str, str | None, str, dict[str, Any]]


def policy_rows(built: Built) -> list[Row]:
    """(tool, operator, argument, enforcement, the rest of the condition) of each policy read
    from the prompt, sorted by tool and operator."""
    out: list[Row] = []
    for p in built.policies:
        if not str(p.source.span.path).endswith("prompt.md"):
            continue
        cond = p.condition.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
        selector = cond.pop("selector", None) or {}
        arg = selector.get("arg") or cond.pop("arg", None)
        out.append((p.target, p.operator, arg, p.enforcement, cond))
    return sorted(out, key=lambda r: (r[0], r[1]))


def orderings(built: Built) -> dict[str, tuple[Any, str]]:
    """target -> (what must come first, sorted when any of several; enforcement) of every
    `require_before`."""
    out: dict[str, tuple[Any, str]] = {}
    for p in built.policies:
        if p.operator == "require_before":
            before = p.condition.model_dump()["before"]
            out[p.target] = (
                tuple(sorted(before)) if isinstance(before, list | tuple) else before,
                p.enforcement,
            )
    return out

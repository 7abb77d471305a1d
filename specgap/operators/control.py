"""The `control` operator: an Agent Control control as one specgap policy.

Its target is `*` (the scope says which steps it applies to), its action is the
control's decision, and it checks tool calls before they run (`pre`), tool results once
they have (`post`), and conversation messages (an `llm` step: user input `pre`,
assistant output `post`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import re2

from specgap.controls.evaluate import Prepared, prepare
from specgap.controls.model import Control, ListEvaluator
from specgap.events import Event, Message, ToolCall
from specgap.irbase import Action
from specgap.operators.base import Example, Found, Mutant, Operator, Prose, TraceState, quoted
from specgap.operators.prose import ANY_TOOL, QUOTED, STOP, TICKED, Said, is_toolish, ticked_tools


def _check(prepared: Prepared, call: ToolCall, _: TraceState) -> str | None:
    return prepared.decide_call(call, "pre")


def _check_output(prepared: Prepared, call: ToolCall, _: TraceState) -> str | None:
    return prepared.decide_call(call, "post")


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
    # imported here: the mutators build on `operators.rewrite`, so importing them while the
    # operator package loads would close a cycle (`specgap.controls.mutators` imported alone)
    from specgap.controls.mutators import mutate

    for mutator, description, mutated in mutate(control, events):
        yield Mutant(mutator=mutator, description=description, events=mutated)


def _action(control: Control) -> Action:
    return control.action.decision


# -- prose ------------------------------------------------------------------------------

DETECTORS: tuple[tuple[str, str, str], ...] = (
    # (slug, how prose names it, RE2 pattern)
    ("aws-access-key", r"aws\s+access\s+keys?(?:\s+ids?)?", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    ("ssn", r"social\s+security\s+numbers?|ssns?", r"\b\d{3}-\d{2}-\d{4}\b"),
    (
        "card-number",
        r"(?:credit|debit|payment)\s+card\s+numbers?|card\s+numbers?",
        r"\b\d{4}[- ]?\d{4}[- ]?\d{4}[- ]?\d{4}\b",
    ),
    (
        "email-address",
        r"e-?mail\s+address(?:es)?",
        r"\b[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b",
    ),
    ("phone-number", r"(?:tele)?phone\s+numbers?", r"\+?\d[\d ().-]{7,}\d"),
    ("private-key", r"private\s+keys?", r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    ("github-token", r"github\s+(?:access\s+)?tokens?", r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    ("ip-address", r"ip\s+address(?:es)?", r"\b(?:\d{1,3}\.){3}\d{1,3}\b"),
)
_DETECTOR_NAMES = "|".join(f"(?:{names})" for _, names, _ in DETECTORS)
_SAY = (
    r"return|output|reveal|include|expose|print|show|display|echo|disclose|leak|mention|say|write"
)
_SEND = r"send|pass|upload|post|forward|submit"
_NEG = r"(?:never|do\s+not|don't|must\s+not|should\s+not|may\s+not|cannot|can't)"
_TOOL_RESULTS = r"tool\s+(?:results?|outputs?|responses?)|results?\s+of\s+(?:a\s+|any\s+)?tools?"
_ANSWERS = r"(?:your\s+|the\s+)?(?:answers?|responses?|replies|reply|messages?)"
_CONTAIN = r"(?:contain|include|carry|have|expose|return|show)"
_LIST_NOUNS = (
    r"(?:(?:our|any|the|these)\s+)?(?:competitors?|rivals?|brands?|products?|companies|"
    r"vendors?|words?|terms?|phrases?|names?|topics?)"
)
_MAX_VALUES = 20
# what is said or sent, up to the detector: "a value that looks like an", "any", "text matching"
_OBJECT = re.compile(
    r"\s*(?:(?:a|an|any|the|anything|something|values?|texts?|strings?|data|content|"
    r"numbers?|ids?|secrets?|credentials?|your|user|customer|customers'|user's|real)\b\s*)*"
    r"(?:(?:that|which)\s+(?:looks?|resembles?|is|are|matches|match)\s+(?:like\s+)?|"
    r"(?:looking\s+like|resembling|like|containing|such\s+as|matching)\s+)?"
    r"(?:(?:a|an|any|the)\s+)?"
    rf"(?:{_DETECTOR_NAMES}|(?:match(?:es|ing)?\s+|pattern\s+)?`[^`\n]+`)",
    re.I,
)


def _scope(where: str) -> tuple[dict[str, Any], str, str]:
    """(scope, selector path, place) for `tool_output`, `tool_input` or `llm_output`."""
    if where == "tool_output":
        return {"step_types": ["tool"], "stages": ["post"]}, "output", "tool results"
    if where == "tool_input":
        return {"step_types": ["tool"], "stages": ["pre"]}, "input", "tool input"
    return {"step_types": ["llm"], "stages": ["post"]}, "output", "answers"


def _control(s: Said, name: str, where: str, evaluator: dict[str, Any], confidence: float) -> Found:
    scope, path, place = _scope(where)
    tools = ticked_tools(s.clean)
    if tools and where.startswith("tool"):
        scope = {**scope, "step_names": tools}  # "never send X to `web.fetch`"
    params = {
        "name": f"{name}-in-{place.replace(' ', '-')}",
        "description": " ".join(s.text.split()),
        "scope": scope,
        "selector": {"path": path},
        "evaluator": evaluator,
        "action": {"decision": "deny"},
    }
    return Found(None, params, {}, confidence, grounding="exact", targets=(ANY_TOOL,))


def _regex(found: str) -> dict[str, Any] | None:
    """A detector named in the text, or an RE2 pattern written in backticks after
    `matching` / `pattern`."""
    explicit = re.search(r"\b(?:match(?:es|ing)?|pattern)\s+`([^`\n]+)`", found, re.I)
    if explicit is not None:
        try:
            re2.compile(explicit[1])
        except re2.error:
            return None
        return {"name": "regex", "config": {"pattern": explicit[1]}}
    for slug, names, regex in DETECTORS:
        if re.search(rf"\b(?:{names})\b", found, re.I):
            return {"name": "regex", "config": {"pattern": regex}, "slug": slug}
    return None


def _regex_control(s: Said, where: str, rest: str) -> Found | None:
    evaluator = _regex(rest)
    if evaluator is None:
        return None
    slug = evaluator.pop("slug", "pattern")
    return _control(s, f"no-{slug}", where, evaluator, 0.9)


def _never_say(s: Said, m: re.Match[str]) -> Found | None:
    rest = m["rest"]
    if _OBJECT.match(rest) is None:
        return None  # the pattern is not what is said or sent ("send it to an email address")
    if re.search(rf"\b(?:{_TOOL_RESULTS})\b", rest, re.I) and m["verb"].lower() in (
        "return",
        "output",
    ):
        where = "tool_output"  # "never return ... in tool results"
    elif re.match(_SEND, m["verb"], re.I):
        where = "tool_input"
    else:
        where = "llm_output"
    return _regex_control(s, where, rest)


def _must_not_contain(s: Said, m: re.Match[str]) -> Found | list[Found] | None:
    where = "tool_output" if re.match(_TOOL_RESULTS, m["subject"], re.I) else "llm_output"
    found = _regex_control(s, where, m["rest"])
    if found is not None:
        return found
    return _list_control(s, where, m["rest"])


def _never_mention(s: Said, m: re.Match[str]) -> Found | None:
    if m["verb"].casefold() == "use" and any(is_toolish(t) for t in TICKED.findall(m["rest"])):
        return None  # "do not use `refund_fee`": a ban of the tool, not of its name in replies
    return _list_control(s, "llm_output", m["rest"])


def _list_control(s: Said, where: str, rest: str) -> Found | None:
    values = list_values(rest)
    if not values:
        return None
    slug = "-".join(re.sub(r"[^a-z0-9]+", "-", v.lower()).strip("-") for v in values[:3])
    evaluator = {
        "name": "list",
        "config": {"values": values, "match_mode": "contains", "case_sensitive": False},
    }
    return _control(s, f"no-mention-of-{slug}", where, evaluator, 0.85)


def list_values(text: str) -> list[str]:
    """The values a phrase lists: quoted ones, or the items after a list noun
    ("competitors A, B or C", "the words foo and bar"); none when it lists nothing."""
    quoted = [a or b or c for a, b, c in QUOTED.findall(text)]
    if quoted:
        return _dedupe(quoted)
    after = re.match(
        rf"\s*(?:{_LIST_NOUNS})\s*(?:such\s+as|like|including|named|called|:)?\s*(?P<items>.+)$",
        text,
        re.I,
    )
    if after is None:
        return []
    parts = re.split(r"\s*,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor)\s+", after["items"].strip())
    items = [p.strip(" .;:!?'\"") for p in parts]
    items = [p for p in items if p]
    if not items or any(len(p.split()) > 4 for p in items):
        return []  # a clause, not a list of names
    return _dedupe(items)


def _dedupe(values: list[str]) -> list[str]:
    out = list(dict.fromkeys(v.strip() for v in values if v.strip()))
    return out[:_MAX_VALUES]


_PROSE = (
    Prose(
        "never-say-a-pattern",
        rf"\b{_NEG}\s+(?:ever\s+)?(?P<verb>{_SAY}|{_SEND})\b(?P<rest>.*?(?:{_DETECTOR_NAMES}|"
        rf"\b(?:match(?:es|ing)?|pattern)\s+`[^`\n]+`).*)$",
        build=_never_say,
    ),
    Prose(
        "outputs-must-not-contain-a-pattern",
        rf"\b(?P<subject>{_TOOL_RESULTS}|{_ANSWERS})\s+(?:must|should|may|shall)\s+(?:never|not)\s+"
        rf"(?:ever\s+)?{_CONTAIN}\b(?P<rest>.*)$",
        build=_must_not_contain,
    ),
    Prose(
        "never-mention-a-list",
        rf"\b{_NEG}\s+(?:ever\s+)?(?P<verb>mention|name|recommend|refer\s+to|talk\s+about|discuss|"
        rf"bring\s+up|promote|endorse|say|use)\s+(?P<rest>.+?){STOP}",
        build=_never_mention,
    ),
)


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
    prose=_PROSE,
    examples=(Example("Never say a pattern like `\\d{16}`.", {"selector": {"path": "output"}}),),
)

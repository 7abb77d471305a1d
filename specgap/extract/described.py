"""Orderings stated inside a tool's description, about the described tool itself.

A tool's description speaks of its tool as "this tool", "this function", "this endpoint",
"this method", "this API", "this operation", "this action", "it", or says nothing at all
("Use after `a`", "Before calling, ..."). The other tool is named by its id or by a verb
phrase the resolver maps ("look up the guest"). Shapes read here, each compiled to
`require_before(<described tool>, before=X)`:

- "Use after X", "Call (this) only after calling X", "Invoke it once X has run";
- "This should be called after the booking has been retrieved using X" (the means named);
- "Requires that X has been called", "requires that the booking has been cancelled";
- "X must be invoked before this tool", "the guest must be looked up first";
- "You need to call X before calling this function", "Make sure to look up the guest
  before using this tool", "Before calling, verify the status via X";
- "(must be preceded by X)" anywhere in the sentence, subject-less or about the tool;
- "Step 2 of the refund flow (step 1: X)": the step numbered one less comes first.

Never stronger than the sentence: a permission ("can be called after X") is no rule, a
recommendation ("typically called after X") keeps that as its condition (reviewed), a
state check ("before calling, check that the booking is paid") is left to the state
grammar, and an event that names no action (or the described tool itself) gives nothing,
so the rest of the grammar reads the sentence and reports it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.clause_steps import recommended
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS, object_at
from specgap.extract.pattern_base import CALL_VERBS, lemma, singular
from specgap.extract.temporal import Timed, event_action
from specgap.extract.temporal_parts import TOOL_ID, listed_tools, split_events

__all__ = ["SELF_NOUN", "read"]

SELF_NOUN = r"(?:tool|function|endpoint|method|api|operation|action|call|command|service)"
_SELF = r"(?:(?:this|the\s+current)\s+" + SELF_NOUN + r"|it)"
# "before calling", "before calling this tool", "before this tool", "before it is used"
# ("before using it": "it" may be what the tool uses, "validate the code before using it")
_THIS = r"(?:(?:this|the\s+current)\s+" + SELF_NOUN + r"|this\s+one)"
_USING_SELF = (
    r"(?:(?:calling|invoking|running|executing|triggering)(?:\s+"
    + _SELF
    + r")?|using(?:\s+"
    + _THIS
    + r")?|"
    + _THIS
    + r"(?:\s+(?:is|gets)\s+(?:called|used|invoked|run|executed))?|it\s+(?:is|gets)\s+(?:called|"
    r"invoked|run|executed)|this(?=\s*[.;!]?\s*$))"
)  # (a bare "this" only at the sentence's end: "X needs to be called prior to this")
_SUBJECT = r"(?:" + _SELF + r"|this(?:\s+one)?)"
_CALLED = r"(?:called|used|invoked|run|executed|triggered)"
_END = r"\s*[.;!]?\s*$"
_ONLY_AFTER = r"(?:after|once|only\s+after|only\s+once|as\s+soon\s+as)"

_DUTY = (
    r"(?:(?:you|the\s+agent|the\s+assistant|callers?)\s+)?(?:(?:must|should|shall|will\s+need\s+to|"
    r"needs?\s+to|have\s+to|has\s+to|are\s+required\s+to|is\s+required\s+to)\s+)?(?:always\s+|"
    r"first\s+|(?:make|be)\s+sure\s+(?:to\s+|that\s+you\s+)?|remember\s+to\s+|ensure\s+(?:that\s+)?"
    r"you\s+)*"
)
# "Use after X", "Only call this once X", "Call it only after calling X"
_USE_AFTER = re.compile(
    r"^\W*"
    + _DUTY
    + r"(?P<only>only\s+)?(?:use|call|invoke|run|execute|trigger)(?:\s+"
    + _SUBJECT
    + r")?\s+"
    r"(?:only\s+)?" + _ONLY_AFTER + r"\s+(?P<event>[^;]+?)" + _END,
    re.I,
)
# "This should be called after X", "May only be invoked once X", "It is to be used after X";
# a bare "can be used after X" is a permission, not an order
_BE_CALLED_AFTER = re.compile(
    r"^\W*(?:" + _SUBJECT + r"\s+)?(?P<modal>must|should|shall|is\s+to|needs\s+to|has\s+to|can|may|"
    r"is)\s+(?P<only>only\s+)?(?:ever\s+)?be\s+"
    + _CALLED
    + r"\s+(?P<only2>only\s+)?"
    + _ONLY_AFTER
    + r"\s+(?P<event>[^;]+?)"
    + _END,
    re.I,
)
# "Requires that X has been called", "Requires that the booking has been cancelled"
# "Must not be called before X", "Never call this until X has run", "Do not use it before X"
_NOT_BEFORE = re.compile(
    r"^\W*(?:(?:"
    + _SUBJECT
    + r"\s+)?(?:must|should|shall|may|can)\s*(?:not|never)\s+be\s+"
    + _CALLED
    + r"|(?:you\s+)?(?:never|do\s+not|don't|must\s+not|should\s+not)\s+(?:use|call|invoke|run|"
    r"execute|trigger)(?:\s+"
    + _SUBJECT
    + r")?)\s+(?:before|until|till|prior\s+to)\s+(?P<event>[^;]+?)"
    + _END,
    re.I,
)
# "Call this only if X has been called", "May only be used when X has returned the booking",
# "Do not call this unless X succeeded": a call that has happened, said as a condition
_ONLY_IF = re.compile(
    r"^\W*(?:"
    + _DUTY
    + r"(?:only\s+)?(?:use|call|invoke|run|execute|trigger)(?:\s+"
    + _SUBJECT
    + r")?\s+only|(?:"
    + _SUBJECT
    + r"\s+)?(?:must|should|shall|may|can)\s+only\s+be\s+"
    + _CALLED
    + r")\s+(?:if|when)\s+(?P<event>[^;]+?)"
    + _END
    + r"|^\W*(?:(?:you\s+)?(?:never|do\s+not|don't|must\s+not|should\s+not)\s+(?:use|call|invoke|"
    r"run|execute|trigger)(?:\s+" + _SUBJECT + r")?|(?:" + _SUBJECT + r"\s+)?(?:must|should|shall|"
    r"may|can)\s*(?:not|never)\s+be\s+" + _CALLED + r")\s+unless\s+(?P<event2>[^;]+?)" + _END,
    re.I,
)  # ("This tool must not be used unless X was called earlier")
# the event of "if", "when", "unless": a call that has completed, not a state
_COMPLETED = re.compile(
    r"\b(?:(?:has|have)\s+(?:already\s+)?(?:been\s+)?[a-z]+(?:ed|en|wn|un)|succeeded|returned|"
    r"completed|ran|was\s+(?:called|run|invoked|executed))\b",
    re.I,
)
# "Requires a prior call to X", "needs a previous successful call of X"
_PRIOR_CALL = re.compile(
    r"^\W*(?:"
    + _SUBJECT
    + r"\s+)?(?:requires|needs|expects)\s+(?:a\s+|an\s+)?(?:prior|previous|preceding|earlier)\s+"
    r"(?:successful\s+)?(?:call|invocation|run)\s+(?:to|of)\s+(?P<event>[^;]+?)" + _END,
    re.I,
)
# "Make sure you have called X beforehand", "You must have run X first": a call made already
# (a duty: "you have called X" alone states a fact)
_HAVE_CALLED = re.compile(
    r"^\W*(?:(?:(?:make|be)\s+sure|ensure)\s+(?:that\s+)?(?:you|the\s+agent|the\s+assistant|"
    r"callers?)\s+|(?:you|the\s+agent|the\s+assistant|callers?)\s+(?:must|should|needs?\s+to)\s+)"
    r"(?:have|has)\s+(?:already\s+)?"
    r"(?:called|run|invoked|used|executed|triggered)\s+(?P<event>[^;]+?)(?:\s+(?:beforehand|first|"
    r"already|earlier|previously|in\s+advance|before\s+" + _USING_SELF + r"|prior\s+to\s+"
    + _USING_SELF + r"))?" + _END,
    re.I,
)  # fmt: skip
# "Step 3 of 3:", "Step 2 -": a label before the sentence (the step's number is read by
# `_steps` only when the label is all there is)
_LABEL = re.compile(
    r"^\W*(?:step\s+\d{1,2}(?:\s+of\s+\d{1,2})?|preconditions?|prerequisite\s+check|requirements?|"
    r"important|note)\s*[:\-\u2013]\s*(?=[a-z`])",
    re.I,
)
# "`a` must have been called", "the booking must have been cancelled"
_MUST_HAVE = re.compile(
    r"^\W*(?P<subject>\S.*?)\s+(?:must|should|needs\s+to|has\s+to|have\s+to)\s+(?:already\s+)?have\s+"
    r"(?:already\s+)?been\s+(?P<verb>[a-z]+)(?P<rest>(?:\s+[^;]*?)?)" + _END,
    re.I,
)
# "The refund can only be issued after X": the described tool's own action as the subject
_OWN_ACTION = re.compile(
    r"^\W*(?:the|a|an|any|each)\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:can|may|must|should|"
    r"shall)\s+only\s+be\s+(?P<verb>[a-z]+)\s+(?:after|once)\s+(?P<event>[^;]+?)" + _END,
    re.I,
)
# what an event says besides the call: a state of its output ("`a` returns a confirmed
# status", "`a` shows the booking as cancelled"), kept as the rule's condition
_EVENT_STATE = re.compile(
    r"\b(?:returns?|shows?|says|reports?|confirms?|indicates?|lists?)\s+(?!(?:successfully|without)\b)\w"
    r"|\b(?:status|state|eligible|valid|active|same|matching)\b",
    re.I,
)
# "It requires `a` to have been called", "needs `a` to be run first"
_REQUIRES_TO = re.compile(
    r"^\W*(?:"
    + _SUBJECT
    + r"\s+)?(?:requires|needs|expects)\s+(?P<event>[^;]+?)\s+to\s+(?:have\s+been|be)\s+"
    + _CALLED
    + r"(?:\s+(?:first|already|beforehand))?"
    + _END,
    re.I,
)
_REQUIRES_THAT = re.compile(
    r"^\W*(?:" + _SUBJECT + r"\s+)?(?:requires|needs|assumes|expects)\s+that\s+(?P<event>.+?\s+"
    r"(?:has|have)\s+(?:already\s+)?been\s+[a-z]+(?:\s+[^;]*?)?)" + _END,
    re.I,
)
# "X must be invoked before this tool", "The guest must be looked up first"
_MUST_BE_FIRST = re.compile(
    r"^\W*(?P<subject>\S.*?)\s+(?:must|should|shall|needs\s+to|has\s+to|have\s+to)\s+(?:always\s+)?"
    r"(?:first\s+)?(?:be|have\s+been)\s+(?:already\s+)?(?P<verb>[a-z]+)(?P<rest>(?:\s+[^;]*?)?)\s+"
    r"(?:first|already|beforehand|in\s+advance|before\s+"
    + _USING_SELF
    + r"|prior\s+to\s+"
    + _USING_SELF
    + r")"
    + _END,
    re.I,
)  # fmt: skip
# "You need to call X before calling this function", "Make sure to look up the guest before
# using this tool", "Always call X prior to invoking it"
_DO_BEFORE = re.compile(
    r"^\W*" + _DUTY + r"(?P<do>[a-z]\S*\s+[^;]+?)\s+(?:before|prior\s+to)\s+" + _USING_SELF + _END,
    re.I,
)
# "Before calling, verify the status via X", "Prior to using this endpoint, look up the guest"
_BEFORE_DO = re.compile(
    r"^\W*(?:before|prior\s+to)\s+"
    + _USING_SELF
    + r"\s*,\s*"
    + _DUTY
    + r"(?P<do>[a-z]\S*\s+[^;]+?)"
    + _END,
    re.I,
)  # fmt: skip
# "(must be preceded by X)", "It should always be preceded by a call to X"
_PRECEDED = re.compile(
    r"(?P<lead>^\W*(?:" + _SELF + r"\s+)?|\(\s*(?:" + _SELF + r"\s+)?)(?:must|should|shall|needs\s+"
    r"to|has\s+to|is\s+to)\s+(?:always\s+)?be\s+preceded\s+by\s+(?:an?\s+(?:successful\s+|prior\s+)?"
    r"(?:call|invocation)\s+(?:to|of)\s+|calling\s+|using\s+)?(?P<event>[^.;)]+)",
    re.I,
)
_STEP = re.compile(r"\bstep\s+(?P<n>\d{1,2})\b", re.I)
# "(step 1: X)", "step 1 is X", "step 1 = call X"
_PRIOR_STEP = re.compile(
    r"\bstep\s+(?P<n>\d{1,2})\s*(?::|=|-|is|was)\s*(?:(?:call|use|run|invoke)\s+)?(?P<event>[^.;),]+)",
    re.I,
)
# what a check of a state says ("check that the booking is paid"), the user's yes
# ("confirm with the guest"): neither is a call of another tool
_NOT_A_CALL = re.compile(
    r"^(?:check|verify|ensure|confirm|make\s+sure|determine|see|validate)\s+(?:that|whether|if)\b|"
    r"^(?:confirm|ask|obtain|get|wait|tell|inform|explain|read)\b(?!\s+`?[a-z]+_)",
    re.I,
)
_CHECK_VERBS = frozenset({"check", "verify", "review", "inspect", "validate", "confirm", "see"})
_ATTRIBUTES = frozenset(
    {"status", "state", "eligibility", "availability", "balance", "validity", "value", "amount"}
)
_SELF_LED = re.compile(
    r"^\W*(?:(?:calling|using|invoking|running|executing|triggering)\s+)?" + _SELF + r"\b", re.I
)


def read(text: str, subject: str = "") -> Timed | None:
    """The ordering a description sentence of tool `subject` states about that tool (each
    emit's target is None: the described tool), or None when it states none of the shapes
    above. A recommendation keeps its word as the condition, so the rule is reviewed."""
    rest, soft = recommended(text)
    found = _read(rest.strip())
    own = _OWN_ACTION.match(_LABEL.sub("", rest.strip())) if found is None and subject else None
    if own is not None and _names_own_action(own["noun"], own["verb"], subject):
        found = _after(own["event"])
    if found is None or soft is None:
        return found
    return Timed(tuple(replace(e, condition=e.condition or soft) for e in found.emits), None)


def _names_own_action(noun: str, verb: str, subject: str) -> bool:
    """ "the refund ... issued", "the booking ... refunded" for `issue_refund`: a word of the
    tool's id is the subject noun or the verb (the action the tool performs)."""
    parts = {w.casefold() for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", subject) if w}
    said = {singular(w.casefold()) for w in noun.split()} | {lemma(verb.casefold())}
    return bool(parts & said) and lemma(verb.casefold()) not in CALL_VERBS | NOT_ACTIONS


def _read(said: str) -> Timed | None:
    text = _LABEL.sub("", said)  # "Step 3 of 3: call after `a`": the step's own sentence
    m = _USE_AFTER.match(text)
    if m is not None:
        return _after(m["event"])
    m = _BE_CALLED_AFTER.match(text)
    if m is not None:
        modal = m["modal"].casefold()
        if modal in {"can", "may", "is"} and not (m["only"] or m["only2"]):
            return None  # "can be called after X": allowed then, not only then
        return _after(m["event"])
    m = _REQUIRES_THAT.match(text) or _NOT_BEFORE.match(text) or _PRIOR_CALL.match(text)
    m = m or _REQUIRES_TO.match(text) or _HAVE_CALLED.match(text)
    if m is not None:
        return _after(m["event"])
    m = _ONLY_IF.match(text)
    if m is not None:
        event = m["event"] or m["event2"]
        return _after(event) if _COMPLETED.search(event) else None
    m = _MUST_BE_FIRST.match(text) or _MUST_HAVE.match(text)
    if m is not None:
        return _first(m["subject"], m["verb"], m["rest"])
    m = _DO_BEFORE.match(text) or _BEFORE_DO.match(text)
    if m is not None:
        return _done(m["do"])
    m = _PRECEDED.search(text)
    if m is not None:
        return _after(m["event"])
    return _steps(said)


def _after(event: str) -> Timed | None:
    """The tools an event names: one, each of several ("a and b"), or any ("a or b")."""
    event = event.strip(" .`")
    if not event or _SELF_LED.match(event):  # "use after this tool to ...": not an order
        return None
    listed = listed_tools(event)
    if len(listed) > 1:
        if re.search(r"\bor\b", event, re.I):
            return _timed([listed])
        return _timed(listed)
    events, any_one = split_events(event)
    found = [_event(e) for e in events]
    firsts = [f for f in dict.fromkeys(found) if f is not None]
    if not firsts or len(firsts) < len(events):
        return None
    timed = _timed([firsts]) if len(firsts) > 1 and any_one else _timed(firsts)
    if timed is None or not any(TOOL_ID.search(e) and _EVENT_STATE.search(e) for e in events):
        return timed
    # "after `a` returns a confirmed status": the order, and a state no operator binds here
    said = f"after {event}"
    return Timed(tuple(replace(e, condition=e.condition or said) for e in timed.emits), None)


def _event(event: str) -> str | None:
    """The action of one event: a tool id it names ("the booking was retrieved using `a`")
    or its verb phrase ("the booking is cancelled": `cancel booking`)."""
    ids = {m["id"] or m["bare"] for m in TOOL_ID.finditer(event)}
    if len(ids) == 1:
        return ids.pop()
    if ids:
        return None  # two tools in one event and no list: which one is unclear
    said = _PASSIVE.match(event.strip())
    if said is not None and said["particle"]:  # "the member was looked up": `look up member`
        return _passive(event)
    return event_action(event) or _passive(event)


def _passive(event: str) -> str | None:
    """ "The trip has been ended", "the member was looked up": the verb (with its particle)
    and the subject it acted on, for a verb the grammar's lexicon does not list; the
    resolver maps the mention, or reports it unresolved."""
    m = _PASSIVE.match(event.strip())
    if m is None:
        return None
    subject = DET.sub("", m["subject"].strip()).casefold()
    if subject.split()[0] in _PRONOUNS:
        return None
    verb = lemma(m["verb"].casefold())
    if verb in NOT_ACTIONS or verb in CALL_VERBS:
        return None
    return " ".join(w for w in (verb, m["particle"], subject) if w)


def _imperative(do: str) -> str | None:
    """ "end the trip": a verb the grammar's lexicon does not list, and its object. Read only
    where the shape says an action is done (before calling this tool, do ...)."""
    m = re.match(r"^(?P<verb>[a-z]{3,})(?:\s+(?P<particle>up|out|off|down|back))?\b", do, re.I)
    if m is None or m["verb"].casefold() in _NOT_VERBS or m["verb"].casefold().endswith("ly"):
        return None
    obj = object_at(do, m.end())[0]
    if not obj or obj.split()[0].casefold() in _PRONOUNS:
        return None
    verb = m["verb"].casefold()
    if verb in NOT_ACTIONS or verb in CALL_VERBS:
        return None
    return " ".join(w for w in (verb, m["particle"], obj.casefold()) if w)


_PASSIVE = re.compile(
    r"^(?P<subject>(?:[A-Za-z][\w'-]*\s+){1,4}?)(?:has|have|is|are|was|were)\s+(?:already\s+|"
    r"successfully\s+)?(?:been\s+)?(?:already\s+|successfully\s+)?(?P<verb>[a-z]+(?:ed|en|wn))\b"
    r"(?:\s+(?P<particle>up|out|off|down|back)\b)?",
    re.I,
)
_PRONOUNS = frozenset(
    {"it", "this", "that", "they", "them", "there", "everything", "all", "he", "she"}
)
# first words of a clause that are no verb of the agent's
_NOT_VERBS = frozenset(
    {"the", "a", "an", "this", "that", "it", "you", "we", "they", "there", "its", "their", "if",
     "when", "only", "also", "then", "please", "note", "do", "not", "never", "no"}
)  # fmt: skip


def _first(subject: str, verb: str, rest: str) -> Timed | None:
    """ "X must be invoked first" (X a tool), "the booking must be cancelled first"."""
    subject = re.split(r"[.;:]\s+", subject)[-1]  # "Refund it. `a` must be ...": unsplit
    if verb.casefold() in {"called", "used", "invoked", "run", "executed", "triggered"}:
        named = TOOL_ID.fullmatch(subject.strip(" `")) or TOOL_ID.fullmatch(subject.strip())
        if named is None:
            return None  # "the lookup must be run first": which tool is unclear here
        return _timed([named["id"] or named["bare"]])
    said = _event(f"{subject} has been {verb}{rest}")
    return _timed([said]) if said is not None else None


def _done(do: str) -> Timed | None:
    """ "call `a`", "look up the guest", "verify the status via `a`": the tool that does it."""
    do = do.strip(" .")
    # "check that the booking is paid" is a state; "confirm the amount" the user's yes; a
    # check made with a named tool ("verify the status via `a`") is a call of that tool
    checks = _NOT_A_CALL.search(do) is not None
    if checks and (not TOOL_ID.search(do) or re.match(r"^\w+\s+(?:that|whether|if)\b", do, re.I)):
        return None
    ids = {m["id"] or m["bare"] for m in TOOL_ID.finditer(do)}
    if len(ids) > 1:
        return _after(re.sub(r"^(?:call|use|run|invoke|execute)\s+", "", do, flags=re.I))
    if ids:
        return _timed([ids.pop()])
    clause = parse(do)
    if clause.action is None or not clause.object:  # a verb the lexicon does not list
        said = _imperative(do)
        return _timed([said]) if said is not None else None
    if clause.verb in NOT_ACTIONS or clause.verb in CALL_VERBS:
        return None
    if clause.verb not in IMPERATIVE_VERBS:
        return None
    if clause.object.split()[0] in {"it", "this", "them", "that"}:
        return None
    if clause.verb in _CHECK_VERBS and clause.object.split()[-1] in _ATTRIBUTES:
        return None  # "check the invoice status": a state to look at, no tool named for it
    return _timed([clause.action])


def _steps(text: str) -> Timed | None:
    """ "Step 2 of the refund flow (step 1: `a`)": the step before comes first."""
    own = _STEP.search(text)
    if own is None:
        return None
    n = int(own["n"])
    for m in _PRIOR_STEP.finditer(text, own.end()):
        if int(m["n"]) == n - 1:
            return _after(m["event"])
    return None


def _timed(befores: list[str] | list[list[str]]) -> Timed | None:
    """One `require_before` of the described tool per prerequisite (a list: any of them)."""
    emits = tuple(Emit("require_before", None, {"before": b}, 0.7) for b in befores)
    return Timed(emits, None) if emits else None

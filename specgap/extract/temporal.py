"""Orderings stated with a temporal conjunction: "after X, Y", "Y only after X", "once X, Y",
"do not Y until X", "Y only once X has happened", "check X before Y-ing", "do not Y before
X", "use this after X" (in a tool's description, Y is the described tool).

X is an event: a gerund ("after checking the booking"), a clause ("once the booking is
cancelled", "after you have read the booking"), an action noun ("after verification") or a
tool named by its id. Its action (verb and object, the mention the resolver maps to a tool)
must have been called before Y: `require_before(Y, before=X)`. When X is the user's
confirmation ("after the customer confirms"), Y needs it: `require_confirmation(Y)`.

"After X, Y" and "once X, Y" also oblige the agent to do Y once X happened; no operator
requires a call, so that part is reported (`obligation-not-enforced`) and only the order is
compiled. "Do not Y until X" and "Y only after X" state the order alone. A clause whose event
cannot be read as an action is left to the rest of the grammar, which keeps the condition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from specgap.extract.clause_steps import clause_actions, recommended
from specgap.extract.english import verb_lemma
from specgap.extract.grammar import Clause, Modality, parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS, object_at
from specgap.extract.order_clauses import (
    conditional,
    first_on_request,
    referring_back,
    steps_under,
    under,
)
from specgap.extract.order_shapes import having_done, idioms, never_before, rephrasings
from specgap.extract.pattern_base import CALL_VERBS, USER, is_action_noun, lemma, singular
from specgap.extract.procedures import verb_of
from specgap.extract.temporal_parts import (
    PARTICLES,
    PRECEDES,
    REQUIRES,
    REQUIRES_THAT,
    REQUIRES_TOOL,
    REQUIRES_YES,
    TOOL_ID,
    alternatives,
    bare_with_object,
    done_with,
    listed_tools,
    point_back,
    split_events,
    with_object,
)

_WHEN = (
    r"(?P<only>only\s+|not\s+|never\s+)?(?P<conj>after|once|until|till|as\s+soon\s+as|before|"
    r"prior\s+to)"
)
# "after X, Y" (the event first) and "Y after X" (the event last)
_LEADING = re.compile(r"^\W*" + _WHEN + r"\s+(?P<event>[^,;]+),\s*(?:then\s+)?(?P<main>.+)$", re.I)
_TRAILING = re.compile(
    r"^(?P<main>.+?)\s*,?\s+"
    + _WHEN
    + r"\s+(?P<event>(?:[a-z]+ing\s*,\s*)*[^,;(]+?)\s*(?:[,;(].*)?"
    r"[.!]?$",
    re.I | re.S,
)
_CONFIRMS = re.compile(
    r"^(?:the\s+)?" + USER + r"s?\s+(?:has\s+|have\s+)?(?:explicitly\s+)?(?:confirm|confirms|"
    r"confirmed|approve|approves|approved|agree|agrees|agreed|consent|consents|consented|says\s+"
    r"yes|said\s+yes|gives?\s+(?:explicit\s+)?(?:consent|approval|confirmation))\b",
    re.I,
)
_SUBJECT_DID = re.compile(
    r"^(?:you|we|the\s+agent|the\s+assistant)\s+(?:have\s+|has\s+|'ve\s+|can\s+|may\s+|could\s+|"
    r"are\s+able\s+to\s+)?(?:successfully\s+|"
    r"already\s+|first\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)
_PASSIVE = re.compile(
    r"^(?P<subject>(?:[A-Za-z`][\w`'-]*\s+){1,4}?)(?:is|are|was|were|has\s+been|have\s+been|gets?"
    r"|got|(?:can|may|could|will)\s+be)\s+(?:successfully\s+|already\s+|fully\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)
_ITSELF = re.compile(
    r"^\W*(?:(?:only\s+)?(?:use|call|invoke|run)\s+(?:this|it)(?:\s+(?:tool|function))?|(?:(?:this\s+(?:tool|"
    r"function)|it)\s+)?(?:can|may|must|should)\s+(?:only\s+)?be\s+(?:used|called|invoked|run))\b",
    re.I,
)
# "Call `get_order` first": in a tool's description, that tool comes before the described one
_FIRST = re.compile(
    r"^\W*(?i:(?:always|first)\s*,?\s+)?(?i:call|use|run|invoke)\s+(?:the\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*"
    r"(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)`?(?:\(\))?(?:\s+(?:tool|function))?\s+"
    r"(?i:first|beforehand|before(?:\s+(?:this|calling\s+this|using\s+this))?)\b",
)
_OBLIGES = frozenset({"after", "once", "as soon as"})
# the confidence of an ordering whose mention borrows the other action's object ("prior to
# shipment": `ship sample`): an inference, which `reading` keeps for review
INFERRED = 0.6
# in a tool's description: what must have run before it
_DEPENDS = re.compile(
    r"^\W*(?:prerequisites?\s*:|(?:this\s+(?:tool|function)\s+)?(?:requires|needs|depends\s+on)\s+"
    r"(?:the\s+)?(?:(?:output|result|results|response)\s+(?:of|from)\s+)?)\s*(?P<ids>`?[A-Za-z][\w.]*"
    r"`?(?:\(\))?(?:\s*(?:,|and|or)\s*(?:then\s+)?`?[A-Za-z][\w.]*`?(?:\(\))?)*)"
    r"(?:\s+(?:to\s+(?:be\s+)?(?:called|run|have\s+run)(?:\s+first)?|first))?\s*[.;]?\s*$",
    re.I,
)
_STATE_CHECK = re.compile(
    r"\b(?:check|verify|ensure|confirm|make\s+sure|determine|see)\s+(?:that|whether|if)\b", re.I
)


@dataclass(frozen=True)
class Timed:
    """The rules of one temporal sentence and whether it also obliges a call."""

    emits: tuple[Emit, ...]
    obliges: str | None  # the action the sentence requires after the event, if any


def read(text: str, described: bool = False) -> Timed | None:
    """The ordering a sentence states with after / once / until, or None. `described`: the
    sentence is in a tool's description, where "use this" is the tool itself. An order the
    sentence only recommends ("usually", "you may want to") keeps that as its condition."""
    rest, soft = recommended(text)
    rest = idioms(rest)  # "pull up the booking": look it up
    timed = None if described else _coordinated(rest)
    timed = timed or (None if described else _conditioned(rest))
    timed = timed or _read(rest, described)
    if timed is None and not described:
        timed = _rephrased(rest) or _clauses(rest)
    if timed is not None and timed.obliges and never_before(rest):
        timed = Timed(timed.emits, None)  # "Y after X, never before": the order alone
    if soft is None or timed is None:
        return timed
    return Timed(tuple(replace(e, condition=e.condition or soft) for e in timed.emits), None)


_AND_NEVER = re.compile(r"\s*(?:,\s*and|;|,\s*but)\s+(?=(?:never|do\s+not|don't)\b)", re.I)


def _coordinated(text: str) -> Timed | None:
    """ "Never Y before X, and never Z before W": the orders of each banned clause; None
    unless every clause states one."""
    parts = _AND_NEVER.split(text)
    if len(parts) < 2:
        return None
    read = [_read(p.strip(), False) or _rephrased(p.strip()) for p in parts]
    if any(t is None for t in read):
        return None
    return Timed(tuple(e for t in read if t is not None for e in t.emits), None)


def _conditioned(text: str) -> Timed | None:
    """An order after a condition in front ("if a guest wants to cancel, ... and only then
    cancel it"): read without the condition, which each rule keeps (`order_clauses.under`)."""
    lead = conditional(text)
    if lead is None:
        return None
    rest, condition, goal = lead
    timed = _read(rest, False) or _rephrased(rest) or _clauses(rest)
    if timed is None and (steps := steps_under(rest)):
        timed = Timed(steps, None)  # "if X, log the damage and then retire it"
    if timed is None:
        return None
    return Timed(under(timed.emits, condition, goal), timed.obliges)


def _clauses(text: str) -> Timed | None:
    """An order over the clauses of a sentence: "X, and only then Y", "whenever a guest
    asks for Y, first X" (`order_clauses`)."""
    emits = referring_back(text) or first_on_request(text)
    return Timed(emits, None) if emits else None


def _borrowing(clause: Clause, conj: str, only: str, event: str, described: bool) -> Timed | None:
    """An action said by its verb alone ("you may modify", "do not cancel") acts on what
    the event acts on: read again with that object, an inference, so the rule is reviewed."""
    found = event_action(event.strip(" ."))
    words = (found or "").split()[1:]
    while words and words[0] in PARTICLES:
        words = words[1:]
    if not words or "_" in (found or "") or _ANY_OBJECT.search(event):
        return None
    if clause.negated:
        lead = "Do not "
    elif clause.modality == "only" or only == "only":
        lead = "You may only "
    else:
        lead = "You may " if clause.modality == "may" else ""
    said = f"{lead}{clause.verb} the {' '.join(words)} {conj} {event}"
    timed = _read(said, described)
    if timed is None:
        return None
    emits = tuple(replace(e, confidence=min(e.confidence, INFERRED)) for e in timed.emits)
    return Timed(emits, timed.obliges)


def _rephrased(text: str) -> Timed | None:
    """The ordering of a sentence said in another shape (`order_shapes`): the first
    rewrite that reads; an inferred first action lowers the rule to review."""
    for said in rephrasings(text):
        timed = _read(said.text, False)
        if timed is None and (needed := _requires(said.text)) is not None:
            timed = Timed((needed,), None)
        if timed is None:
            continue
        if said.inferred:
            emits = tuple(replace(e, confidence=min(e.confidence, INFERRED)) for e in timed.emits)
            timed = Timed(emits, timed.obliges)
        return timed
    return None


def _read(text: str, described: bool) -> Timed | None:
    if described and (first := _FIRST.match(text)) is not None:
        return Timed((Emit("require_before", None, {"before": first["id"]}, 0.7),), None)
    if described and (done := done_with(text)) is not None:  # "must have been V-ed with `a`"
        return Timed((Emit("require_before", None, {"before": done}, 0.7),), None)
    needs = _DEPENDS.match(text) if described else None
    if needs is not None:  # "Prerequisite: `a`", "requires the output of `a` and `b`"
        listed = listed_tools(needs["ids"]) or [t for t in [event_action(needs["ids"])] if t]
        if listed and all(TOOL_ID.fullmatch(t) or "_" in t for t in listed):
            if len(listed) > 1 and re.search(r"\bor\b", needs["ids"], re.I):
                return Timed((Emit("require_before", None, {"before": listed}, 0.7),), None)
            return Timed(tuple(Emit("require_before", None, {"before": t}, 0.7) for t in listed),
                         None)  # fmt: skip
    m = _LEADING.match(text.strip()) or _TRAILING.match(text.strip())
    if m is None:
        return None
    conj = " ".join(m["conj"].casefold().split())
    only = (m["only"] or "").strip().casefold()
    # "..., it can be stored"; "before you ship a sample, verify it": what comes first
    main = point_back(m["main"], event_action(m["event"]), conj in {"before", "prior to"})
    itself = described and _ITSELF.match(main) is not None
    clause = parse(main)
    if _NO_SUBJECT.match(main) and clause.object.startswith("no "):  # "no sample may be
        clause = replace(clause, negated=True, object=clause.object[3:])  # shipped before"
    said = _said_action(main) if clause.action is None and not itself else None
    if said is not None:  # "getting the booking must happen", "issuing a refund is possible"
        modality: Modality = "only" if re.search(r"\bonly\b", main, re.I) else "must"
        words = said.split()
        clause = replace(clause, verb=words[0], object=" ".join(words[1:]), modality=modality)
    if conj in {"until", "till"}:
        if not clause.negated:
            return None  # "wait until ...": nothing is ordered
    elif conj in {"before", "prior to"}:
        if _STATE_CHECK.search(main):
            return None  # "check that the bill is overdue before ...": a state, not a call
        if clause.verb in {"confirm", "approve"}:
            return None  # "confirm the details before V-ing": the user's yes, read elsewhere

    elif clause.negated and only != "not":
        return None  # "do not Y after X": a prohibition after an event, not an order
    if itself:
        action: str | None = None
    elif clause.action is None or clause.verb in NOT_ACTIONS:
        return None
    elif clause.verb not in IMPERATIVE_VERBS and not clause.passive:
        return None
    elif not clause.object and clause.verb not in CALL_VERBS:
        # "once you have the event, you may proceed with the modification": of that event
        return _borrowing(clause, conj, only, m["event"], described)
    elif clause.object.split()[0] in _NOT_SUBJECT | {"them"}:
        return None  # "cancel it": the pronoun names no action
    elif clause.verb in CALL_VERBS:
        action = clause.object  # "`refund_car` may only be called after ...": the tool named
    else:
        action = clause.action
    event = m["event"].strip(" .")
    if conj in {"before", "prior to"}:
        return _before(action, event, clause.negated or only in {"not", "never"}, main)
    if _CONFIRMS.match(event):
        return Timed((Emit("require_confirmation", action, {}, 0.7),), None)
    # "after reading it", "once they have been cancelled": the action's object
    event = re.sub(r"\b(?:it|them|they(?=\s+(?:are|were|have|has)\b))\b", _object_of(action), event)
    # "only after verification": of what the action acts on (not of a tool named by "call")
    before = bare_with_object(event_action(event), None if clause.verb in CALL_VERBS else action)
    sure = INFERRED if before != event_action(event) else 0.7
    if before == action or (before is None and len(split_events(event)[0]) < 2):
        return None
    obliges = conj in _OBLIGES and not only and not clause.negated
    # "it can be stored": no duty; "(this tool) must be called after X": the order alone
    obliges = obliges and clause.modality not in {"only", "may"} and not itself
    events, any_one = split_events(event)  # "after a-ing or b-ing": any; "and": each
    found = [event_action(e) for e in events]
    firsts = [f for f in dict.fromkeys(found) if f is not None and f != action]
    if len(events) > 1 and len(firsts) == len(events):
        if any_one:
            emits_: tuple[Emit, ...] = (Emit("require_before", action, {"before": firsts}, 0.7),)
        else:
            emits_ = tuple(Emit("require_before", action, {"before": f}, 0.7) for f in firsts)
        return Timed(emits_, (action or "this tool") if obliges else None)
    listed = listed_tools(event)  # "after `a` and `b`": each; "after `a` or `b`": any
    if len(listed) > 1 and action not in listed:
        if re.search(r"\bor\b", event, re.I):
            emits: tuple[Emit, ...] = (Emit("require_before", action, {"before": listed}, 0.7),)
        else:
            emits = tuple(Emit("require_before", action, {"before": t}, 0.7) for t in listed)
        return Timed(emits, (action or "this tool") if obliges else None)
    if before is None:
        return None
    emit = Emit("require_before", action, {"before": before}, sure)
    return Timed((emit,), (action or "this tool") if obliges else None)


_SUBJECT_IS = re.compile(
    r"^\W*(?P<subject>.+?)\s+(?:must|should|has\s+to|have\s+to|needs\s+to|shall|is|are)\s+(?:always\s+)?"
    r"(?:only\s+)?(?:happen|be\s+done|come|take\s+place|occur|possible|allowed|permitted|required|"
    r"needed|mandatory|done)\s*(?:only\s*)?$",
    re.I,
)


def _said_action(main: str) -> str | None:
    """The action a subject says: a gerund (`getting the booking`) or an action noun
    (`a booking lookup`), of "... must happen / is required / is only possible"."""
    m = _SUBJECT_IS.match(main.strip())
    if m is None:
        return None
    subject = m["subject"].strip()
    first = subject.split()[0].casefold()
    if first.endswith("ing") and len(first) > 4:
        return _action(lemma(first), subject, len(subject.split()[0]))
    return _nominal_action(subject)


def requires(text: str) -> Emit | None:
    """`Cancelling a booking requires getting the booking first`, `refunds require a prior
    cancellation`: the second action comes before the first; only recommended ("usually
    requires"): kept as the condition, so the rule is reviewed."""
    rest, soft = recommended(text)
    emit = _requires(rest)
    return replace(emit, condition=emit.condition or soft) if emit and soft else emit


def _requires(text: str) -> Emit | None:
    yes = REQUIRES_YES.match(text.strip())
    if yes is not None:  # "refunds require the customer's explicit confirmation"
        said = _said_action(f"{yes['a']} is done")
        return Emit("require_confirmation", said, {}, 0.7) if said is not None else None
    m = REQUIRES.match(text.strip()) or REQUIRES_THAT.match(text.strip())
    m = m or REQUIRES_TOOL.match(text.strip())
    if m is None:
        return _precedes(text)
    then = _said_action(f"{m['a']} is done")
    # "requires verifying it or registering it": the object named before; any of them
    events, any_one = split_events(re.sub(r"\b(?:it|them)\b", _object_of(then), m["b"]))
    found = [event_action(e) for e in events]
    firsts = [f for f in dict.fromkeys(found) if f is not None and f != then]
    if then is None or not firsts or len(firsts) < len(events) or (len(events) > 1 and not any_one):
        return None
    return Emit("require_before", then, {"before": firsts if len(firsts) > 1 else firsts[0]}, 0.7)


def _precedes(text: str) -> Emit | None:
    """`Verifying the sample must precede shipping it`: the first action comes first."""
    m = PRECEDES.match(text.strip())
    if m is None:
        return None
    first = _said_action(f"{m['b']} is done") or event_action(m["b"])
    then = event_action(with_object(re.sub(r"\b(?:it|them)\b", _object_of(first), m["a"]), first))
    if first is None or then is None or then == first:
        return None
    return Emit("require_before", then, {"before": first}, 0.7)


def _before(action: str | None, event: str, negated: bool, main_text: str) -> Timed | None:
    """ "Check X before Y-ing": Y requires X. "Do not Y before X": the same, read the other
    way round. The event of "before" names the later action."""
    acts = None if action is None or re.search(r"\b(?:tool|function)$", action) else action
    # "before it is discarded", "before they are discarded": the object the action acts on
    said = re.sub(
        r"\b(?:it|them|they(?=\s+(?:are|were|have\s+been|get|got)\s+[a-z]+(?:ed|en)\b))\b",
        _object_of(action),
        event,
        count=1,
    )
    event = with_object(said, acts)
    # "archive X and unassign Y before ...": each of them comes first
    listed = clause_actions(main_text) if not negated and action is not None else []
    firsts = listed if len(listed) > 1 and listed[0] == action else [action or ""]
    gerunds = _GERUNDS.match(event)
    if gerunds is not None and not negated and action is not None:
        # "find the patient before booking, rescheduling or cancelling an appointment": each
        each = [
            event_action(f"{g} {gerunds['rest']}") for g in re.findall(r"[a-z]+ing", gerunds["gs"])
        ]
        found = [a for a in dict.fromkeys(each) if a is not None and a != action]
        if len(found) > 1:
            return Timed(
                tuple(Emit("require_before", a, {"before": f}, 0.7) for a in found for f in firsts),
                None,
            )
    later = event_action(event)
    if not _ANY_OBJECT.search(event):  # "before you cancel anything": no object to borrow
        later = bare_with_object(later, acts)  # "prior to shipment"
    # an object borrowed from the other action is an inference: such a rule is reviewed
    sure = INFERRED if event != said or later != event_action(event) else 0.7
    if later is None or action is None or later == action:
        return None
    if negated:
        return Timed((Emit("require_before", action, {"before": later}, sure),), None)
    ways = alternatives(action, main_text)
    if len(ways) > 1:
        return Timed((Emit("require_before", later, {"before": ways}, sure),), None)
    each = [f for f in firsts if f != later]
    return Timed(tuple(Emit("require_before", later, {"before": f}, sure) for f in each), None)


_GERUNDS = re.compile(
    r"^(?P<gs>[a-z]+ing(?:\s*,\s*[a-z]+ing)*\s*,?\s*(?:or|and|and/or)\s+[a-z]+ing)\s+(?P<rest>\S.*)$",
    re.I,
)


def _object_of(action: str | None) -> str:
    """The object of an action mention (`get order` -> `order`), what "it" points back to."""
    words = (action or "").split()
    return " ".join(words[1:]) if len(words) > 1 else "it"


def event_action(event: str) -> str | None:
    """The action of an event: a tool id, a gerund, "you have V-ed O", "O is V-ed", or an
    action noun; None when it reads as none of these."""
    tool = TOOL_ID.search(event)
    if tool is not None:
        return tool["id"] or tool["bare"]
    light = _LIGHT.match(event)
    if light is not None and (named := _nominal_action(light["np"])) is not None:
        return named  # "making any changes to a booking": change booking
    done = _DONE.match(event)
    if done is not None and (named := _nominal_action(done["np"])) is not None:
        return named  # "the cancellation is complete": cancel
    event = having_done(event)  # "having cancelled the event": cancelling the event
    event = _TO_WHOM.sub(r"\g<g> ", event)  # "sending them a notice": send a notice
    words = event.split()
    if not words:
        return None
    first = words[0].casefold()
    copula = re.match(r"\S+\s+(?:is|are|was|were|has|have|gets?|got)\b", event, re.I)
    if first.endswith("ing") and len(first) > 4 and copula is None:  # "checking the booking"
        return _action(lemma(first), event, len(words[0]))
    did = _SUBJECT_DID.match(event)
    if did is not None:  # "you cancel ...", "the agent cancels ..."
        return _action(_present(lemma(did["verb"])), event, did.end())
    passive = _PASSIVE.match(event)
    if passive is not None:  # "the booking is cancelled": cancel booking
        subject = DET.sub("", passive["subject"].strip()).strip("` ").casefold()
        verb = lemma(passive["verb"])
        if verb not in IMPERATIVE_VERBS:  # "has been found": an irregular participle
            verb = verb_lemma(passive["verb"].casefold()) or verb
        if verb in IMPERATIVE_VERBS and subject and subject.split()[0] not in _NOT_SUBJECT:
            return f"{verb} {' '.join(subject.split()[-3:])}"
        return None
    nominal = _nominal_action(event)
    if nominal is not None:  # "any cancellation", "a booking lookup", "the refund of X"
        return nominal
    verb = verb_of(first.strip(".,")) or first  # "verification of the user": verify user
    if verb != first and verb in IMPERATIVE_VERBS:
        of = re.match(r"\s+of\s+", event[len(words[0]) :])
        rest = object_at(event, len(words[0]) + of.end() - 1)[0] if of else ""
        return f"{verb} {rest}".strip()
    return None


_ANY_OBJECT = re.compile(r"\b(?:anything|something)\b", re.I)
_NO_SUBJECT = re.compile(r"^\W*no\s+[a-z]", re.I)
_DONE = re.compile(
    r"^\s*(?P<np>(?:the|a|an|any|its|their)\s+[a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,2}?)\s+(?:is|"
    r"are|has\s+been|have\s+been)\s+(?:complete|completed|done|finished|over)\b",
    re.I,
)
_LIGHT = re.compile(r"^\s*(?:making|performing|carrying\s+out|doing)\s+(?P<np>.+)$", re.I)
_TO_WHOM = re.compile(r"^\s*(?P<g>[a-z]{3,}ing)\s+(?:them|him|her|us|me)\s+(?=(?:a|an|the|any)\s)",
                      re.I)  # fmt: skip
_NOT_SUBJECT = frozenset({"it", "this", "that", "they", "there", "everything", "all"})
_DETERMINER = re.compile(
    r"^(?:any|a|an|the|each|every|its|their|prior|previous|successful)\s+", re.I
)
_PHRASAL = {"lookup": "look up", "login": "log in", "checkout": "check out", "signup": "sign up"}
# nouns that are their verb's own form: "a weather check", "a deposit refund", "any changes
# to a booking" (read as the action only with a determiner or a noun before them)
_ZERO_NOUNS = frozenset(
    {"check", "refund", "change", "update", "search", "transfer", "charge", "upgrade", "reset",
     "return", "review", "lookup", "repair", "release", "payment", "edit"}
)  # fmt: skip


def _nominal_action(phrase: str) -> str | None:
    """An action said by a noun: `booking cancellation` -> `cancel booking`, `any refund`
    -> `refund`, `a lookup of the booking` -> `look up booking`."""
    text = phrase.strip()
    if re.search(r"\b(?:is|are|was|were|has|have|had|be|been|being)\b", text, re.I):
        return None  # a clause ("its status is 'returned'"), not a noun phrase
    while (m := _DETERMINER.match(text)) is not None:
        text = text[m.end() :]
    head = re.split(r"\b(?:of|that|which|who|for|to|in|on|with|by|from)\b", text, maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][\w-]*", head)[:3]
    if not words:
        return None
    noun = singular(words[-1].casefold())
    verb = _PHRASAL.get(noun) or (lemma(noun) if is_action_noun(noun) else verb_of(noun))
    if verb is None and noun in _ZERO_NOUNS and len(words) > 1:
        verb = noun  # "a weather check": the noun is the verb's own form
    if verb is not None and verb == noun and noun in _ZERO_NOUNS and len(words) > 1:
        return " ".join([verb, *(w.casefold() for w in words[:-1])])
    if verb is None or (verb not in IMPERATIVE_VERBS and " " not in verb):
        return None
    if verb == noun and not is_action_noun(noun):
        return None
    of = re.search(
        r"\b(?:of|to|on)\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+|any\s+)?(?P<o>[a-z][\w-]*"
        r"(?:\s+(?!by\b|for\b|from\b|with\b)[a-z][\w-]*)?)",
        text,
        re.I,
    )
    obj = [w.casefold() for w in words[:-1]] or ([of["o"].casefold()] if of else [])
    return " ".join([verb, *obj])


def _present(verb: str) -> str:
    """The base form of a third-person present verb (`cancels`, `reaches`), else the verb."""
    if verb in IMPERATIVE_VERBS or not verb.endswith("s"):
        return verb
    for cut in (1, 2):
        if verb[:-cut] in IMPERATIVE_VERBS:
            return verb[:-cut]
    return verb


def _action(verb: str, text: str, at: int) -> str | None:
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS:
        return None
    obj = object_at(text, at)[0]
    if obj.split()[:1] in (["anything"], ["something"]):
        return verb  # "before you reserve anything": the action whatever its object
    if not obj or obj.split()[0] in _NOT_SUBJECT | {"them"}:
        return None
    return f"{verb} {obj}"

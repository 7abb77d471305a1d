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

from specgap.extract.agent_params import agent_tool
from specgap.extract.clause_steps import clause_actions, recommended
from specgap.extract.coordination import alternative_objects
from specgap.extract.english import verb_lemma
from specgap.extract.grammar import Clause, Modality, parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS, tools_named_with
from specgap.extract.order15_bare import bare_verbs, named_tool, unless_called
from specgap.extract.order_clauses import (
    READ_BACK,
    conditional,
    first_on_request,
    referring_back,
    said_to_user,
    steps_under,
    under,
)
from specgap.extract.order_events import (
    ANY_OBJECT,
    NO_SUBJECT,
    NOT_SUBJECT,
    gerund_verb,
    object_of,
    said_action,
)
from specgap.extract.order_events import event_action as event_action  # re-exported
from specgap.extract.order_forms import described_order, each_part, label_steps, universal_lead
from specgap.extract.order_requires import requires as requires  # re-exported
from specgap.extract.order_requires import requires_plain
from specgap.extract.order_shapes import never_before, rephrasings
from specgap.extract.order_words import coordinated_events, coordinated_gerunds, idioms
from specgap.extract.pattern_base import CALL_VERBS, SAID_ID, USER, found_state, is_action_noun
from specgap.extract.temporal_parts import (
    PARTICLES,
    TOOL_ID,
    alternatives,
    bare_with_object,
    done_with,
    listed_tools,
    point_back,
    split_events,
    with_object,
)
from specgap.extract.tuned_followups import adjusts_a_count
from specgap.extract.tuned_invoke import later_action
from specgap.extract.tuned_this_tool import first_for_this

_WHEN = (
    r"(?P<only>only\s+|not\s+|never\s+)?(?P<conj>after|once|until|till|as\s+soon\s+as|before|"
    r"prior\s+to)"
)
# "after X, Y" (the event first) and "Y after X" (the event last)
_LEADING = re.compile(
    r"^\W*"
    + _WHEN
    # "before you book, register or order anything, ...": a list of verbs runs past its commas
    + r"\s+(?P<event>[^,;]+(?:,\s*[a-z]+){1,5},?\s+(?:or|and)\s+[^,;]+|[^,;]+),\s*(?:then\s+)?"
    r"(?P<main>.+)$",
    re.I,
)
_TRAILING = re.compile(
    r"^(?P<main>.+?)\s*,?\s+"
    + _WHEN
    # "after you have looked up `a`, `b` and `c`": a list of tool ids runs past its commas
    + r"\s+(?P<event>(?:[a-z]+ing\s*,\s*)*[^,;(]+?(?:(?:\s*,\s*(?:(?:and|or|and/or)\s+)?|"
    r"\s+(?:and|or|and/or)\s+)`[^`]+`)*)"
    r"\s*(?:[,;(].*)?"
    r"[.!]?$",
    re.I | re.S,
)
_CONFIRMS = re.compile(
    r"^(?:the\s+)?" + USER + r"s?\s+(?:has\s+|have\s+)?(?:explicitly\s+)?(?:confirm|confirms|"
    r"confirmed|approve|approves|approved|agree|agrees|agreed|consent|consents|consented|says\s+"
    r"yes|said\s+yes|gives?\s+(?:explicit\s+)?(?:consent|approval|confirmation))\b",
    re.I,
)
_ITSELF = re.compile(
    r"^\W*(?:never\s+|do\s+not\s+|don't\s+)?(?:(?:only\s+)?(?:use|call|invoke|run)\s+(?:this|it)(?:\s+"
    r"(?:tool|function))?|(?:only\s+)?(?:use|"
    r"call|invoke|run)(?=\s*$)|(?:(?:this\s+(?:tool|"
    r"function)|it)\s+)?(?:can|may|must|should)\s+(?:only\s+)?be\s+(?:used|called|invoked|run))\b",
    re.I,
)
# "Call `get_order` first": in a tool's description, that tool comes before the described one
_FIRST = re.compile(
    r"^\W*(?i:(?:always|first)\s*,?\s+)?(?i:call|use|run|invoke)\s+(?:the\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*"
    r"(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?(?:\s+(?:tool|function))?\s+"
    r"(?i:first|beforehand|before(?:\s+(?:this|calling\s+this|using\s+this))?)\b",
)
_OBLIGES = frozenset({"after", "once", "as soon as"})
# the confidence of an ordering whose mention borrows the other action's object ("prior to
# shipment": `ship sample`): an inference, which `reading` keeps for review
INFERRED = 0.6
# in a tool's description: what must have run before it
_DEPENDS = re.compile(
    r"^\W*(?:prerequisites?\s*:|(?:this\s+(?:tool|function)\s+)?(?:requires|needs|depends\s+on)\s+"
    r"(?:the\s+)?(?:(?:output|result|results|response)\s+(?:of|from)\s+|an?\s+(?:prior\s+|previous\s+|"
    r"successful\s+)?call\s+to\s+|an?\s+(?:prior|previous|earlier|successful)\s+(?=\S+\s+call\b))?)"
    r"\s*(?P<ids>`?[A-Za-z][\w.]*"
    r"`?(?:\(\))?(?:\s*(?:,|and|or)\s*(?:then\s+)?`?[A-Za-z][\w.]*`?(?:\(\))?)*)"
    r"(?:\s+(?:to\s+(?:be\s+)?(?:called|run|have\s+run)(?:\s+first)?|first|call))?\s*[.;]?\s*$",
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


# "... before you book anyone onto a stargazing evening": a person, then what they are put on
_ONTO = re.compile(
    r"\b(?:before|until|after|once)\s+(?:you\s+|we\s+)?[a-z]+\s+(?P<who>anyone|anybody|someone|"
    r"somebody|them|him|her|people|everyone)\s+(?P<pp>(?:onto|into|on|for|to|in)\s+(?:a|an|the|"
    r"any)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})",
    re.I,
)


def read(text: str, described: bool = False) -> Timed | None:
    """The ordering a sentence states with after / once / until, or None. `described`: the
    sentence is in a tool's description, where "use this" is the tool itself. An order the
    sentence only recommends ("usually", "you may want to") keeps that as its condition."""
    text = _BARE_ONCE.sub("one time", _COUNTED_ONCE.sub(r"\g<count> one time", text))
    rest, soft = recommended(text)
    rest = coordinated_events(idioms(rest))  # "pull up the booking": look it up
    rest = unless_called(rest)  # "no X unless `t` has been called": until it has
    rest = universal_lead(rest) or rest  # "for each booking, look it up before ..."
    if soft is None and not described and (parts := each_part(rest, read)) is not None:
        return Timed(tuple(e for t in parts for e in t.emits), None)
    timed = None if described else _coordinated(rest)
    timed = timed or (None if described or soft is not None else _each_act(rest))
    timed = timed or (None if described else _conditioned(rest))
    timed = timed or _read(rest, described)
    if timed is None and not described:
        timed = _rephrased(rest) or _clauses(rest)
    elif timed is None:  # "never call this without first calling `a`": its own order only
        timed = next((t for r in rephrasings(rest) if _ITSELF.match(r.text)
                      and (t := _read(r.text, True)) is not None), None)  # fmt: skip
    if timed is None and not described and (steps := label_steps(rest)):
        # "Impressions: disinfect, then scan": each step after the one before
        found = [_read(step, False) for step in steps]
        if all(t is not None for t in found):
            timed = Timed(tuple(e for t in found if t is not None for e in t.emits), None)
    if timed is None and not described and (stated := described_order(rest)) is not None:
        # "the agent issues X after Y", "X is V-ed after Y": the process as what happens
        said, kept = stated
        timed = _read(said, False) or _rephrased(said) or _clauses(said)
        timed = timed if timed is not None or kept else None
        soft = soft or kept
        if timed is not None and kept:
            timed = Timed(timed.emits, None)  # a statement obliges nothing
    if timed is not None and timed.obliges and never_before(rest):
        timed = Timed(timed.emits, None)  # "Y after X, never before": the order alone
    if (
        soft is None
        and _PERMITS.search(rest)
        and not _BINDS.search(rest)
        and not _NONE.search(rest)
    ):
        # "(this tool) can be called after X": a permission, never a requirement
        soft = f"permitted, not required (`{_PERMITS.search(rest)[0].casefold()}`)"  # type: ignore[index]
    if timed is not None:
        timed = Timed(tuple(_of_value(e) for e in timed.emits), timed.obliges)
    if timed is not None and (onto := _ONTO.search(rest)) is not None:
        # "before you book anyone onto a stargazing evening": the act names its person, and
        # what it books them onto picks out the bookings the order is for
        timed = Timed(
            tuple(
                replace(e, condition=onto["pp"])
                if e.operator == "require_before"
                and e.condition is None
                and str(e.target or "").endswith(onto["who"].casefold())
                else e
                for e in timed.emits
            ),
            timed.obliges,
        )
    state = found_state(rest)
    if timed is not None and state is not None:
        # "only after `get_x` has read that order and found it pending": the state the step
        # must have found is a condition the order alone does not check (kept, reviewed)
        timed = Timed(tuple(replace(e, condition=e.condition or state) for e in timed.emits), None)
    if soft is None or timed is None:
        return timed
    return Timed(tuple(replace(e, condition=e.condition or soft) for e in timed.emits), None)


# "the engineer_on_way template may only be sent after ...": a value of the act's argument
# said in its object (snake_case, or quoted), and the noun it is a value of
_VALUED = re.compile(
    r"^(?P<act>[a-z]+)\s+(?:the\s+)?[`'\"]?(?P<v>[a-z0-9]+(?:_[a-z0-9]+)+)[`'\"]?\s+(?P<n>[a-z]+)$"
)


def _of_value(emit: Emit) -> Emit:
    """An order on an act said of one value of its argument holds only for that value: the
    rule keeps "when the <noun> is <value>" as its condition (reviewed, never an order of
    every call of the tool); any other emit unchanged."""
    if emit.operator != "require_before" or emit.condition or not isinstance(emit.target, str):
        return emit
    m = _VALUED.match(emit.target)
    if m is None or agent_tool(m["v"]) is not None:
        return emit  # (a tool id in the object: "call book_visit", the tool itself)
    return replace(emit, target=f"{m['act']} {m['n']}", condition=f"when the {m['n']} is {m['v']}")


# "at most once per booking", "only once a day": a count of calls, not the conjunction
# ("only once the boat is back" is one: what follows is no span of counting)
_COUNTED_ONCE = re.compile(
    r"\b(?P<count>at\s+most|more\s+than|no\s+more\s+than|not\s+more\s+than|exactly|just|"
    r"only|at\s+least|than)\s+once\b(?!\s*,)(?=\s*(?:$|[.;:)]|per\b|a\s+(?:day|week|month|year|"
    r"session|conversation|booking|customer|user)\b|each\b|every\b|in\b|for\b|during\b|within\b))",
    re.I,
)
# "once per order", "once a day", "once for a booking": a count said bare, never the conjunction
_BARE_ONCE = re.compile(
    r"\bonce(?=\s+(?:per|each|every)\s+[a-z]|\s+(?:for|in|during|within)\s+(?:an?|each|every|any|"
    r"one|the\s+same)\s+[a-z]|\s+an?\s+(?:day|week|month|year|session|"
    r"conversation|chat|booking|order|customer|user|visit|stay)\b)",
    re.I,
)
_PERMITS = re.compile(r"\b(?:can|may|could)\b(?!\s+(?:not|never|only)\b)", re.I)
_BINDS = re.compile(
    r"\b(?:only|must|never|not|cannot|can't|shall|has\s+to|have\s+to|need|needs|needed|required?|"
    r"necessary|mandatory|essential|compulsory|obligatory|prerequisite)\b",
    re.I,
)
# "no pass may be issued until ...", "until X, nothing can be refunded": a ban, not a permission
_NONE = re.compile(r"(?:^|[,;:]\s*)\W*(?:no\s+[a-z]|nothing\b|none\b)", re.I)
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


def _each_act(text: str) -> Timed | None:
    """ "Do not move a test drive, refund a deposit, or submit an application until X": the
    order of each act of a list of verb phrases (each with its own object), under the words
    before the first verb; None unless every act reads one."""
    m = _TRAILING.match(text.strip()) or _LEADING.match(text.strip())
    acts = _verb_phrases(m["main"]) if m is not None else None
    if m is None or acts is None:
        return None
    said = [text.strip()[: m.start("main")] + a + text.strip()[m.end("main") :] for a in acts]
    read = [_read(s, False) for s in said]
    if any(t is None for t in read):
        return None
    return Timed(tuple(e for t in read if t is not None for e in t.emits), None)


# a tool id in brackets after what it reads ("the dock board (DockStatus)")
_BRACKETED_ID = re.compile(r"\(\s*`?(?P<id>[A-Za-z][\w.-]*)`?\s*\)")
# the words before the first act: a subject, a modal and a negation ("The assistant shall not")
_ACTS_LEAD = re.compile(
    r"^\W*(?:(?:you|we|the\s+[a-z]+)\s+)?(?:(?:must|shall|should|may|can|will)\s+)?"
    r"(?:not\s+|never\s+)?(?:(?:do\s+not|don't|never)\s+)?(?:only\s+)?$",
    re.I,
)
_ACT_OPENS = re.compile(
    r"(?P<v>[A-Za-z]+)(?=\s+(?:a|an|the|any|every|each|that|this|its|their|his|her|no|or|and)\b"
    r"|\s*,)",
    re.I,
)
_ACT_BREAK = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+", re.I)


def _verb_phrases(main: str) -> list[str] | None:
    """The verb phrases of a main clause that lists acts each with its object, each after the
    words before the first verb ("shall not move a test drive, refund a deposit": "shall not
    move a test drive", "shall not refund a deposit"), verbs that share one object each with
    it ("move or cancel a test drive": "move a test drive", "cancel a test drive"). None for
    one act, a clause past a semicolon, or a lead that is more than a subject, a modal and a
    negation."""
    first = next(
        (w for w in re.finditer(r"[A-Za-z]+", main) if w[0].casefold() in IMPERATIVE_VERBS), None
    )
    if first is None or not _ACTS_LEAD.match(main[: first.start()]) or ";" in main:
        return None
    lead, body = main[: first.start()], main[first.start() :]
    pieces: list[str] = []
    at = 0
    for cut in _ACT_BREAK.finditer(body):
        # a verb, then its object's determiner or another verb's ("refund a deposit", "move
        # or cancel a X"): never a noun spelt as a verb ("the court, day and start time")
        opens = _ACT_OPENS.match(body, cut.end())
        if opens is not None and opens["v"].casefold() in IMPERATIVE_VERBS:
            pieces.append(body[at : cut.start()])
            at = cut.end()
    pieces.append(body[at:])
    acts: list[str] = []
    bare: list[str] = []  # verbs said before the object they share ("move or cancel a X")
    for piece in pieces:
        said, _, rest = piece.partition(" ")
        if not rest.strip():
            bare.append(said)
            continue
        acts.extend(f"{lead}{v} {rest}" for v in bare)
        acts.append(lead + piece)
        bare = []
    return acts if len(acts) > 1 and not bare else None


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


_THIS = re.compile(
    r"^\W*(?:(?:you\s+)?(?:call|use|invoke|run)(?:ing)?|it\s+is\s+(?:called|used))\s+(?:this|it)"
    r"(?:\s+(?:tool|function))?\W*$",
    re.I,
)


def _first_for_this(m: re.Match[str]) -> str | None:
    """In a tool's description, "before calling this tool, look the event up with `a`": the
    tool the main clause names comes first; None for any other sentence."""
    conj = " ".join(m["conj"].casefold().split())
    if conj not in {"before", "prior to"} or m["only"] or _THIS.match(m["event"]) is None:
        return None
    named = list(TOOL_ID.finditer(m["main"]))
    if len(named) != 1 or parse(m["main"]).negated:
        return None
    return named[0]["id"] or named[0]["bare"]


def _borrowing(clause: Clause, conj: str, only: str, event: str, described: bool) -> Timed | None:
    """An action said by its verb alone ("you may modify", "do not cancel") acts on what
    the event acts on: read again with that object, an inference, so the rule is reviewed."""
    found = event_action(event.strip(" ."))
    words = (found or "").split()[1:]
    while words and words[0] in PARTICLES:
        words = words[1:]
    if not words or "_" in (found or "") or ANY_OBJECT.search(event):
        return None
    if bare_with_object(clause.verb, found) == clause.verb:
        return None  # "book once the owner has been found": a person is not what is booked
    if clause.negated:
        lead = "Do not "
    elif clause.modality == "only" or only == "only":
        lead = "You may only "
    else:
        lead = "You may " if clause.modality == "may" else ""
    said = f"{lead}{clause.verb} the {' '.join(words)} {conj} {event}"
    timed = _read(said, described, borrow=False)
    if timed is None:
        return None
    emits = tuple(replace(e, confidence=min(e.confidence, INFERRED)) for e in timed.emits)
    return Timed(emits, timed.obliges)


# "refunds are processed", "any refund must be issued": an action noun as the subject
_NOUN_SUBJECT = re.compile(
    r"^\W*(?:(?:any|all|every|each|a|an|the)\s+)?[A-Za-z]+s?\s+(?:is|are|must|may|can|should|"
    r"shall|will)\b",
    re.I,
)
_POINTER = re.compile(r"^\s*(?:that|this|then|doing\s+(?:so|this|that)|so)\s*[.!]?\s*$", re.I)
# "issuance is only allowed after X": the verb of the frame, not the action
_SAID_VERBS = frozenset({"allow", "permit", "require", "need"})
# "(only after X) may you modify it": the subject before its modal
_INVERTED = re.compile(
    r"^\W*(?P<m>may|can|should|must|shall)\s+(?P<who>you|we|the\s+agent)\s+", re.I
)


def _irregular(clause: Clause) -> Clause:
    """A passive clause whose participle is irregular ("found"), with its verb's base form."""
    verb = verb_lemma(clause.verb.casefold()) if clause.verb else None
    if verb is None or verb not in IMPERATIVE_VERBS or clause.action is None:
        return clause
    return replace(clause, verb=verb)  # the action is said by the verb and its object


def _rephrased(text: str) -> Timed | None:
    """The ordering of a sentence said in another shape (`order_shapes`): the first
    rewrite that reads; an inferred first action lowers the rule to review."""
    for said in rephrasings(text):
        timed = _read(said.text, False)
        if timed is None and (needed := requires_plain(said.text)) is not None:
            timed = Timed((needed,), None)
        if timed is None:
            continue
        if said.inferred:
            emits = tuple(replace(e, confidence=min(e.confidence, INFERRED)) for e in timed.emits)
            timed = Timed(emits, timed.obliges)
        return timed
    return None


# a tool said by its id as the subject of what it does ("`open_booking` reads the booking,
# keyed by its booking_id, before ...", "find_member runs first"): a call of it
_TOOL_DOES = re.compile(
    rf"^\W*(?P<id>{SAID_ID})(?:\(\))?\s+"
    r"(?!(?:is|was|has|does|needs|must|may|can|should|will|shall|cannot|never|only)\b)[a-z]+s\b"
)


def _read(text: str, described: bool, borrow: bool = True) -> Timed | None:
    if described and (first := _FIRST.match(text)) is not None:
        return Timed((Emit("require_before", None, {"before": first["id"]}, 0.7),), None)
    if described and (done := done_with(text)) is not None:  # "must have been V-ed with `a`"
        return Timed((Emit("require_before", None, {"before": done}, 0.7),), None)
    needs = _DEPENDS.match(text) if described else None
    if needs is not None:  # "Prerequisite: `a`", "requires the output of `a` and `b`"
        said = event_action(needs["ids"]) or needs["ids"].strip("`() ")  # "`CheckWeather`"
        listed = listed_tools(needs["ids"]) or [t for t in [said] if t]
        ids = [t for t in listed if TOOL_ID.fullmatch(t) or re.search(r"_|\.\w|[a-z][A-Z]", t)]
        if listed and ids == listed:  # tool ids in any style (`CheckWeather`, `a.b.C`)
            if len(listed) > 1 and re.search(r"\bor\b", needs["ids"], re.I):
                return Timed((Emit("require_before", None, {"before": listed}, 0.7),), None)
            return Timed(tuple(Emit("require_before", None, {"before": t}, 0.7) for t in listed),
                         None)  # fmt: skip
    m = _LEADING.match(text.strip()) or _TRAILING.match(text.strip())
    if m is None:
        return None
    if described and (named_first := _first_for_this(m)) is not None:
        return Timed((Emit("require_before", None, {"before": named_first}, 0.7),), None)
    if described and (step := first_for_this(m["conj"], m["only"], m["event"], m["main"])):
        return Timed((Emit("require_before", None, {"before": step}, 0.7),), None)  # its step
    if _POINTER.match(m["event"]):
        return None  # "before that, call `a`": the sentence before's action (order_anaphora)
    conj = " ".join(m["conj"].casefold().split())
    only = (m["only"] or "").strip().casefold()
    # "..., it can be stored"; "before you ship a sample, verify it": what comes first
    main = point_back(m["main"], event_action(m["event"]), conj in {"before", "prior to"})
    does = _TOOL_DOES.match(main) if not described else None
    if does is not None and conj in {"before", "prior to"}:
        main = f"call {does['id'].strip('`')}"  # "`open_booking` reads the booking before any move"
    itself = described and _ITSELF.match(main) is not None
    clause = parse(_INVERTED.sub(r"\g<who> \g<m> ", main, count=1))
    if clause.passive and clause.verb and clause.verb not in IMPERATIVE_VERBS:
        clause = _irregular(clause)  # "the client must be found": find client
    if NO_SUBJECT.match(main) and clause.object.startswith("no "):  # "no sample may be
        clause = replace(clause, negated=True, object=clause.object[3:])  # shipped before"
    said = said_action(main) if not itself else None
    if clause.action is not None and clause.verb not in _SAID_VERBS:
        said = None  # "the pass must be issued": the clause's own action
    elif said is None and clause.verb in _SAID_VERBS and clause.passive:
        return None  # "X is allowed after Y" whose subject is no action: not an order
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
    # "do not use `a` or `b` until X": a verb of calling whose object is named tools
    named = bool(listed_tools(clause.object) or named_tool(clause.object))
    calls = clause.verb in CALL_VERBS and named
    # "Book only after X": the verb alone, which the resolver maps to the tool it names or
    # reports (no verb of calling, nor one the action readers take for no action)
    verb_only = (
        not clause.object
        and only == "only"
        and clause.verb in IMPERATIVE_VERBS
        and clause.verb not in CALL_VERBS
    )
    if itself:
        action: str | None = None
    elif (clause.action is None and not verb_only) or (clause.verb in NOT_ACTIONS and not calls):
        return None
    elif clause.verb not in IMPERATIVE_VERBS and not clause.passive and not calls:
        return None
    elif not clause.object:
        # "once you have the event, you may proceed with the modification": of that event
        if clause.verb in CALL_VERBS or not borrow:
            return None  # "call after X": no tool named (or already read with a borrowed one)
        borrowed = _borrowing(clause, conj, only, m["event"], described)
        bare = clause.passive and _NOUN_SUBJECT.match(main) is not None
        if borrowed is not None or not (bare or clause.negated or said is not None or verb_only):
            return borrowed
        # "refunds must only be processed after X", "do not refund before X": the verb's
        # action whatever its object (the resolver maps the verb, or reports it)
        action = clause.verb
    elif named_tool(clause.action) and clause.verb not in CALL_VERBS:
        action = clause.action  # "look them up with `find_member`": the tool named
    elif clause.object.split()[0] in NOT_SUBJECT | {"them"}:
        return None  # "cancel it": the pronoun names no action
    elif clause.verb in CALL_VERBS:
        action = clause.object  # "`refund_car` may only be called after ...": the tool named
    elif clause.object.casefold() in {"anything", "something"}:
        action = clause.verb  # "do not ship anything before X": the action, whatever its object
    else:
        action = clause.action
    bracketed = _BRACKETED_ID.search(main)
    if (
        bracketed is not None
        and conj in {"before", "prior to"}
        and action is not None
        and agent_tool(bracketed["id"]) is not None
    ):  # "read the dock board (DockStatus) before X": the step is the tool said in brackets
        action = bracketed["id"]
    negated = clause.negated or only in {"not", "never"}
    said_after = m.string[m.start("event") :]  # (the match's event stops at a comma)
    if conj in {"before", "prior to"} and _BEFORE_AGAIN.search(said_after):
        # "before any visit is read, and before any payment": each event in turn
        each = [_before(action, e, negated, main) for e in _before_each(said_after)]
        if all(t is not None for t in each):
            return Timed(tuple(e for t in each if t is not None for e in t.emits), None)
    event = _NEXT_CLAUSE.split(m["event"], maxsplit=1)[0].strip(" .")
    if conj in {"before", "prior to"}:
        return _before(action, event, negated, main)
    if adjusts_a_count(action, conj, f"{only} {main}"):
        return None  # "after X, the counter must be incremented": a follow-up, not an order
    if _CONFIRMS.match(event):
        return Timed((Emit("require_confirmation", action, {}, 0.7),), None)
    # "after reading it", "once they have been cancelled": the action's object
    event = re.sub(r"\b(?:it|them|they(?=\s+(?:are|were|have|has)\b))\b", object_of(action), event)
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


# "before booking, and book only ...": the event ends where a clause of another verb begins
# (a list of gerunds runs on: "before booking, moving or cancelling")
_NEXT_CLAUSE = re.compile(
    r"\s*,\s*(?:and|but|then|so)\s+(?=(?:only\s+|then\s+)?[a-z]+\b(?<!ing))", re.I
)


def _before(action: str | None, event: str, negated: bool, main_text: str) -> Timed | None:
    """ "Check X before Y-ing": Y requires X. "Do not Y before X": the same, read the other
    way round. The event of "before" names the later action."""
    if action is not None and READ_BACK.match(main_text.lstrip()):
        # "read the dates and the total back to them (and wait for a yes)": said to the
        # user, no call; what else the clause does comes first
        others = clause_actions(said_to_user(main_text))
        if not others or said_to_user(main_text) == main_text:
            return None
        action = others[0]
    acts = None if action is None or re.search(r"\b(?:tool|function)$", action) else action
    verbs = bare_verbs(event) if action is not None else []  # "before you book for them"
    # "before it is discarded", "before they are discarded": the object the action acts on
    said = re.sub(
        r"\b(?:it|them|they(?=\s+(?:are|were|have\s+been|get|got)\s+[a-z]+(?:ed|en)\b))\b",
        object_of(action),
        event,
        count=1,
    )
    event = with_object(coordinated_gerunds(said), acts)  # "before you modify or cancel it"
    # "archive X and unassign Y before ...": each of them comes first
    listed = clause_actions(said_to_user(main_text)) if not negated and action is not None else []
    firsts = listed if len(listed) > 1 and listed[0] == action else [action or ""]
    ids = listed_tools(action) if action is not None else []
    if len(ids) > 1 and not re.search(r"\bor\b", action or ""):  # "call `a` and `b` before"
        firsts = ids
    named = tools_named_with(main_text)
    if len(named) > 1 and action in named and not negated and not re.search(r"\bor\b", main_text):
        firsts = named  # "check the place with `a`, and the plot with `b`, before ...": each
    # "look up the member or the booking before ...": either one does (any-of), not both
    either = firsts is listed and alternative_objects(said_to_user(main_text))
    prereqs: list[str | list[str]] = [list(firsts)] if either else list(firsts)
    gerunds = _GERUNDS.match(event)
    if gerunds is not None and not negated and action is not None:
        # "find the patient before booking, rescheduling or cancelling an appointment": each;
        # "before cancelling or rescheduling": each on the first action's object (inferred)
        rest = gerunds["rest"] or ""
        each = [
            event_action(f"{g} {rest}" if rest else with_object(g, acts))
            for g in re.findall(r"[a-z]+ing", gerunds["gs"])
        ]
        sure = 0.7 if rest else INFERRED
        found = [a for a in dict.fromkeys(each) if a is not None and a != action]
        if len(found) > 1:
            return Timed(
                tuple(
                    Emit("require_before", a, {"before": f}, sure) for a in found for f in prereqs
                ),
                None,
            )
    nouns = _action_nouns(event) if not negated and action is not None else []
    if nouns:  # "before any payment or refund": each act its noun names
        return Timed(
            tuple(Emit("require_before", n, {"before": f}, 0.7) for n in nouns for f in prereqs
                  if n != f),
            None,
        )  # fmt: skip
    later = later_action(event, event_action(event))  # "before using it": running it
    if not ANY_OBJECT.search(event):  # "before you cancel anything": no object to borrow
        later = bare_with_object(later, acts)  # "prior to shipment"
    # an object borrowed from the other action is an inference: such a rule is reviewed
    sure = INFERRED if event != said or later != event_action(event) else 0.7
    if action is None and negated and later is not None and "_" in later:
        # in a tool's description, "never call this before calling `a`": `a` comes first
        return Timed((Emit("require_before", None, {"before": later}, sure),), None)
    if later is None and action is not None and verbs:
        # "before booking", "before you lend it out", "before you book or order anything":
        # each verb's tool
        if negated:  # "never refund before checking": the event's action comes first
            return Timed(tuple(Emit("require_before", action, {"before": v}, 0.7) for v in verbs
                               if v != action), None)  # fmt: skip
        return Timed(tuple(Emit("require_before", v, {"before": f}, 0.7) for v in verbs
                           for f in (named if firsts is named else [action])
                           if v != f), None)  # fmt: skip
    if later is None or action is None or later == action:
        return None
    if negated:
        return Timed((Emit("require_before", action, {"before": later}, sure),), None)
    ways = alternatives(action, main_text)
    if len(ways) > 1:
        return Timed((Emit("require_before", later, {"before": ways}, sure),), None)
    kept = [f for f in prereqs if f != later]
    return Timed(tuple(Emit("require_before", later, {"before": f}, sure) for f in kept), None)


_BEFORE_AGAIN = re.compile(r"\s*,?\s+(?:and|or)\s+(?:also\s+)?(?:before|prior\s+to)\s+", re.I)


def _before_each(event: str) -> list[str]:
    """The events of "before A, and before B" (A and B), each up to where its clause ends."""
    return [_NEXT_CLAUSE.split(e, maxsplit=1)[0].strip(" .") for e in _BEFORE_AGAIN.split(event)]


_NOUN_PARTS = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and|and/or)\s+", re.I)
_ANY = re.compile(r"^(?:any|every|each|a|an|the)\s+", re.I)


def _action_nouns(event: str) -> list[str]:
    """ "any payment or refund", "a booking, a move or a cancellation": the act each noun
    names (`event_action`), when the event is such a list and nothing else; else []."""
    pieces = [_ANY.sub("", p.strip()) for p in _NOUN_PARTS.split(event.strip(" ."))]
    if len(pieces) < 2 or not all(0 < len(p.split()) <= 2 for p in pieces):
        return []
    if not all(is_action_noun(w := p.split()[-1]) or w.endswith("ing") for p in pieces):
        return []
    acts = [event_action(p) or (gerund_verb(p) if " " not in p else None) for p in pieces]
    return [a for a in dict.fromkeys(acts) if a] if all(acts) else []


_GERUNDS = re.compile(
    r"^(?P<gs>[a-z]+ing(?:\s*,\s*[a-z]+ing)*\s*,?\s*(?:or|and|and/or)\s+[a-z]+ing)(?:\s+(?P<rest>\S.*))?$",
    re.I,
)

"""A small rule grammar over one sentence: what it obliges, forbids or limits, and when.

`parse` reads a sentence once into a frozen `Clause`: the modality (must / must not / only /
at most / may), the action (a verb lemma plus its object noun phrase, the mention the
resolver maps to a tool), the constrained argument, the condition clause (if / when /
unless / only if / while / otherwise, with the entity, field and values when they can be
read), the quantity (at most N, once, per entity, or a bound derived from another
quantity), the ordering (first / before / after) and whether the user must confirm or
supply something. `grammar_rules` chooses operators from that structure.

Regular expressions here are token-level helpers (a modal, a noun phrase, a quoted value);
no expression names a rule of one document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from specgap.extract.action_open import reshaped
from specgap.extract.allowlists import points_to_list, values_listed
from specgap.extract.bind_args import user_given
from specgap.extract.context import remembered
from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.grammar_conditions import (
    Condition,
    conjoined,
    read_condition,
    relative_clause,
    state_after,
    state_of_related,
    subject_qualifier,
    unless_as_if,
)
from specgap.extract.grammar_modal import (
    MAY,
    MUST,
    Modality,
    modality_of,
    participle,
    verb_after,
)
from specgap.extract.grammar_subject_states import (
    action_for_state,
    having_state,
    state_for_object,
    state_subject,
)
from specgap.extract.grammar_words import (
    DET,
    FORMAT,
    IMPERATIVE_VERBS,
    INSTRUCTIONS,
    NOT_OBJECT,
    OBTAIN_VERBS,
    PARTICLES,
    Quantity,
    argument_of,
    checked_predicate,
    ensured,
    object_at,
    only_a_tool_verb,
    open_enumeration,
    phrasal_verb,
    purpose_verb,
    quantity_of,
    tool_named_after,
)
from specgap.extract.light_actions import carried_action
from specgap.extract.pattern_base import (
    TALK_NOUNS,
    USER,
    is_action_noun,
    lemma,
    singular,
    split_words,
)
from specgap.extract.phrasing import normalize
from specgap.extract.recipients import merged, recipient_reading, subject_scope
from specgap.extract.state_actions import light_verb, nominal_action, received, reserved_action
from specgap.extract.state_availability import availability, required_state
from specgap.extract.state_lists import listed_states
from specgap.extract.state_positions import (
    action_prefix,
    active_subject_state,
    adjective_state,
    object_state,
    only_kind,
    owned,
    prefixed_state,
    prepositional_state,
    qualifier_adjective,
    reserved_for,
    stated_object,
    until_permission,
    within_window,
)

__all__ = ["IMPERATIVE_VERBS", "Clause", "Condition", "Modality", "Quantity", "conjuncts", "parse"]

# what "only" restricts when it follows the modal and the verb has a phrase after it
# "... shall be created only for a sample whose ...": the prepositional object after "only"
_ONLY_BEFORE_PREP = re.compile(r"\s+only(?=\s+(?:for|to|on|of|from|with)\s)", re.I)
_ONLY_AFTER_VERB = re.compile(
    r"\s*,?\s*(?:to|by|in|within|with|for|on|at|via|through|from|under|over|during|after|"
    r"before|as|using|once|when|if|until|between|up\s+to|\d)\b",
    re.I,
)
_CLAUSE_BREAK = re.compile(r"\b(?:if|whether|that|when|which|who|unless|before|after)\b|[,;]", re.I)
_WHETHER = re.compile(
    r"\s+(?:if|whether|that)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?=[a-z])", re.I
)
# --- the clause -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clause:
    """One sentence read as a rule. `action` is the verb lemma and its object (`cancel
    booking`): the mention handed to the resolver. Offsets index `Sentence.clean`."""

    modality: Modality
    negated: bool
    verb: str | None = None
    object: str = ""
    action_span: tuple[int, int] | None = None
    passive: bool = False
    argument: str | None = None  # the constrained argument phrase (`card`, `drivers`)
    argument_from_user: bool = False  # "... a card the customer named"
    argument_fixed: bool = False  # "do not change the number of drivers"
    condition: Condition | None = None
    quantity: Quantity | None = None
    first: bool = False  # "must first get ..."
    obtain: str | None = None  # what must be obtained from the user
    confirmation: bool = False
    imperative: bool = False
    before: str | None = None  # "... before taking the action": what comes after
    only_from: str | None = None  # "... not provided by the user or the tools": the sources
    ensures: tuple[str, ...] = ()  # "check X to make sure it is V": the state X must be in
    instruction: bool = False  # an imperative that names no tool action ("be polite")
    open_list: bool = False  # "the typical X are: 'a', 'b'": values, but not the only ones
    format_of: str | None = None  # "IDs use the format 'R-<ID>'": a value format
    listed: tuple[str, ...] = ()  # "the accepted X are: 'a', 'b'": the values of X
    listed_of: str = ""  # ... and X
    tool: str | None = None  # "refund it using `issue_refund`": the tool named for the action
    # "controlled drugs may only be dispensed to adults": the kind the rule is said of, a
    # condition kept on its rules (never a state allowed), so they are reviewed
    scope: str | None = None

    @property
    def action(self) -> str | None:
        """The mention of the action: the tool it is done with when the sentence names it,
        else the verb and its object."""
        if self.verb is None:
            return None
        return self.tool or f"{self.verb} {self.object}".strip()


_SUBJECTS = re.compile(
    r"^(?:(?:you|we|agents?|the\s+agent|the\s+assistant|the\s+system|it|they)\s+)", re.I
)
_CONFIRM = re.compile(r"\b(?:confirm(?:s|ed|ation)?|consent|go-ahead|approv(?:al|es?|ed))\b", re.I)
_FROM_USER = re.compile(r"\bfrom\s+(?:the\s+)?" + USER + r"s?\b", re.I)
_ASK_FOR = re.compile(
    r"\b(?:the\s+|their\s+)?" + USER + r"s?\s+(?:for|to\s+(?:provide|give|share|confirm|"
    r"state|supply))\s+(?:their\s+|his\s+|her\s+|the\s+|a\s+|an\s+)?(?=[a-z])",
    re.I,
)


_LEAD = re.compile(
    r"[\s\-*•>\d.),]*(?:(?:so|always|first|then|also|please|only|never|do\s+not|don't|you\s+"
    r"(?:must|should|may|can|cannot|can't)(?:\s+not|\s+never|\s+only)?)\s+)*",
    re.I,
)
# an auxiliary after the first word: that word is the subject ("Access ... must not be ...")
_AUX = re.compile(
    r"\b(?:must|should|shall|can|cannot|can't|may|could|will|would|needs?\s+to|(?:is|are)\s+"
    r"(?:not\s+)?(?:allowed|permitted|required|forbidden|prohibited))\b",
    re.I,
)
_EACH = re.compile(r"(?:^|[\s*•-])(?:each|every|any\s+one)\s+[a-z]", re.I)
_GENERIC = re.compile(r"^\W*(?:(?:an?\s+)[a-z][\w-]*(?:\s+[a-z][\w-]*)?|[a-z][\w-]*s)\s*$", re.I)
# verbs whose passive subject is what the call makes ("overrides may be granted twice")
_MADE = frozenset(
    split_words("issue grant create make send open book place file submit generate post raise add")
)


def _owned_in_clause(main: str, span: tuple[int, int] | None) -> tuple[Condition, str] | None:
    """`owned` read in the clause (between semicolons) the action is said in, or in the
    first when no action was read: "use only X; emails go to the account's own address"
    says nothing of whose X. Its offsets are `main`'s."""
    at = span[0] if span is not None else 0
    start = main.rfind(";", 0, at) + 1
    end = main.find(";", at)
    found = owned(main[start : end if end >= 0 else len(main)])
    if found is None:
        return None
    cond, obj = found
    return replace(cond, start=cond.start + start, end=cond.end + start), obj


def _generic(subject: str, verb: str) -> bool:
    """A generic subject of a passive ("rentals", "a pass") names what each count is of,
    unless it is the act itself or what the call makes ("refunds may be issued twice")."""
    if _GENERIC.match(subject) is None or verb in _MADE:
        return False
    return not is_action_noun(subject.split()[-1])


_COMPLEMENT_VERBS = frozenset(split_words("confirm check verify ensure see determine make"))
_COPULA_NEXT = re.compile(r"\s+(?:is|are|was|were|has|have)\b", re.I)
_TRAILING_MODAL = re.compile(
    r"(?:\s+(?:can|may|must|should|shall|will|could|cannot|can't|only|not|never|also|is|are|was|"
    r"were|gets?))+$",
    re.I,
)
_AND_VERB = re.compile(r"\s+(?:and|or|and/or)\s+([A-Za-z][a-z]*)\b", re.I)
_FIRST = re.compile(r"([A-Za-z][a-z]*)\b")
_COPULA = re.compile(r"\b(?:is|are)\b", re.I)
_CONTRAST_BREAK = re.compile(r",?\s+but\s+|;\s*|,\s+(?:yet|whereas|while)\s+", re.I)
_LAST_ONLY = re.compile(r"only\W*$", re.I)
_FOR_WHOM = re.compile(r"\b(?:for|to)\s+(?:[\w`'-]+\s+){0,3}$", re.I)  # "for gold members only"
_WE = re.compile(r"^\W*(?:we|you)\b", re.I)
# a count said where the object stands ("send at most five messages"): the tool named after it
_COUNTED_OBJECT = re.compile(
    r"\s+(?:at\s+(?:most|least)|up\s+to|a\s+maximum\s+of)\s+[\w.,]+\s+[a-z][\w-]*", re.I
)


def _counted_tool(main: str, at: int) -> str | None:
    """The tool named after a count said where a verb's object stands ("send at most five
    messages with `chat.post`"), or None."""
    counted = _COUNTED_OBJECT.match(main, at)
    return tool_named_after(main, counted.end(), counted.end() + 1) if counted else None


_DETERMINED = re.compile(
    r"\s+(?:a|an|the|any|all|each|every|their|his|her|its|this|that|these|those|it|them)\b", re.I
)
_NOT_VERBS = NOT_OBJECT | frozenset(
    split_words("the a an any all each every you it they this that these those we there")
)


_USER_SUBJECT = re.compile(r"\b(?:the\s+)?" + USER + r"s?\s*$", re.I)


_NOT_FROM = re.compile(
    r"\bnot\s+(?:provided|given|supplied|returned|stated|available|found|mentioned)\s+"
    r"(?:by|from|in|through|via)\s+(?P<src>[^.;]+)",
    re.I,
)
_BEFORE = re.compile(r"\b(?:before|prior\s+to)\s+(?P<x>[^,;.]+)", re.I)
_CONJUNCT = re.compile(
    r",\s*(?:and|so|then)\s+(?=(?:you|the\s+agent|we|always|first|then|also)\b)|;\s*", re.I
)


_NOMINAL = re.compile(
    r"^(?:the\s+)?(?P<noun>[A-Za-z]+)\s+of\s+(?:an?\s+|the\s+|any\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+(?:like\s+[^,]+?\s+)?(?:is|are)\s+(?:only\s+)?"
    r"(?:permitted|allowed)",
    re.I,
)
_RECEIVES = re.compile(
    r"\b(?:receive|get|undergo|have)\b[^,;.]*?\b(?P<np>[a-z][\w-]*)\s+"
    r"(?P<noun>[a-z]+(?:ments?|tions?|als?))\b",
    re.I,
)


def conjuncts(text: str) -> list[tuple[int, Clause]]:
    """The coordinated clauses of a sentence (`X can only be done if ..., and you should check
    its status before taking the action`), each parsed, with where it starts."""
    out: list[tuple[int, Clause]] = []
    at = 0
    for m in _CONJUNCT.finditer(text):
        out.append((at, parse(text[at : m.start()])))
        at = m.end()
    if out:
        out.append((at, parse(text[at:])))
    return out


# a label that numbers the sentence in its document ("2.9", "Step 4:", "(b)", "iv."): blanked
# before the clause is read, so "2.9 If X, do Y" keeps its condition. A bare number is no label
# ("3 refills at most"), nor a bare letter ("A booking ...")
_NUMBERED = re.compile(
    r"^\s*(?:(?:step|section|rule|item|part|clause|\u00a7)\s*\d+(?:\.\d+)*[a-z]?\s*[.):\-\u2013\u2014]?"
    r"|\d+(?:\.\d+)+\.?|\d+[.)]|\(\d+\)|\(?[a-z]\)|[ivx]+[.)])\s+(?=\S)",
    re.I,
)


def parse(text: str) -> Clause:
    """Read one sentence (markup already blanked) into a `Clause`."""
    label = _NUMBERED.match(text)
    if label is not None:  # same length, so the offsets still hold
        text = " " * label.end() + text[label.end() :]
    clause = reshaped(text, _parse(text), _parse)  # "hand out X", "have X flagged": `action_open`
    if clause.verb is None and (said := _WE_DO.match(text)) and (verb := _practised(said)):
        # "We open at most one ticket per stay", "You send no more than three texts", "the
        # agent finds the guest with `t` before ...": the practice the desk states is the
        # agent's (read as the imperative, same offsets)
        at, end = said.start("v"), said.end("v")
        plain = _parse(" " * at + verb.ljust(end - at) + text[end:])
        ruled = plain.modality != "none" or plain.negated or plain.tool is not None
        after = _PARTICLE_AFTER.sub("", text[end:], count=1)  # "look after", "set up"
        ruled = ruled or _RULED.search(after) is not None
        clause = plain if plain.verb is not None and ruled else clause  # ("We run four sites")
    return _own_condition(text, clause)


# a sentence that states what the desk does, its subject the team, the agent, the desk it
# staffs or the impersonal "one" ("one moves a booking only while ..."; "I" is left out: a
# first-person singular policy speaks as its writer as often as the agent)
_WE_DO = re.compile(
    r"^\W*(?:(?P<we>we|you)|the\s+(?:agent|assistant|bot|desk)|one)\s+(?P<v>[a-z]+)\b", re.I
)
_NOT_PRACTICE = frozenset({"be", "have", "do", "need", "want", "seem", "get", "know", "see"})


def _practised(said: re.Match[str]) -> str | None:
    """The verb of a stated practice in its base form ("we open", "the agent finds": open,
    find), or None when the word is no such verb."""
    word = said["v"].casefold()
    if said["we"]:
        return word if base_verb(word) and word not in _NOT_PRACTICE else None
    lemma = verb_lemma(word)
    if lemma is None or lemma in _NOT_PRACTICE or not word.endswith("s") or word == lemma:
        return None
    return lemma


# what makes the practice a rule (else it describes the desk: "We run four sites")
# (one word after another, no backtracking over a long sentence)
_RULED = re.compile(
    r"\b(?:never|not|no|only|always|before|(?<!look\s)after|until|once|first|per|"
    r"at\s+(?:most|least)|more\s+than|up\s+to)\b",
    re.I,
)
_PARTICLE_AFTER = re.compile(r"^\s+(?:after|up|out|over)\b", re.I)


def _own_condition(text: str, clause: Clause) -> Clause:
    """The clause without a condition said in another part of the sentence than its action,
    across a semicolon ("Only X can be offered; lapsed members get no offer until their dues
    are paid": the "until" is the second part's, no condition of the offer in the first)."""
    cond, span = clause.condition, clause.action_span
    if cond is None or span is None or ";" not in text:
        return clause
    between = text[span[1] : cond.start] if span[1] <= cond.start else text[cond.end : span[0]]
    return replace(clause, condition=None) if ";" in between else clause


# a sentence is parsed again by every reading and respelling that tries it (about eight times
# per sentence): the clause is remembered under the agent's tools it was read with
@remembered(maxsize=8192)
def _parse(text: str) -> Clause:
    said_as = text  # "cancellation is not allowed for X": read as said, before `normalize`
    text = normalize(text)  # "avoid V-ing", "V-ing is not allowed": "never V" (same length)
    for_state = action_for_state(text)
    acts = for_state is not None and (
        is_action_noun(for_state[0]) or for_state[0] in IMPERATIVE_VERBS
    )
    if for_state is not None and acts:  # "returns are only possible for
        noun, entity, state, noun_at = for_state  # delivered orders"
        return Clause(modality="only", negated=False, verb=lemma(noun), object=entity,
                      action_span=noun_at, condition=state)  # fmt: skip
    # "... not eligible for cancellation"
    said = availability(text) or availability(said_as) or required_state(text)
    if said is not None:
        return Clause(modality=said.modality, negated=said.modality == "must_not",  # type: ignore[arg-type]
                      verb=said.verb, object=said.object, action_span=said.span,
                      condition=said.condition)  # fmt: skip
    headed = action_prefix(text) or action_prefix(said_as)  # "Refund: only for valid tickets"
    if headed is not None:
        h_verb, h_modality, h_obj, h_state, h_span = headed
        return Clause(modality=h_modality, negated=h_modality == "must_not",  # type: ignore[arg-type]
                      verb=h_verb, object=h_obj, action_span=h_span, condition=h_state)  # fmt: skip
    prefixed = prefixed_state(text)  # "for delivered orders: return, never cancel"
    if prefixed is not None:
        state, at = prefixed
        rest = parse(" " * at + text[at:])
        if rest.negated and rest.condition is None:
            obj = rest.object or state.entity or ""
            return replace(rest, condition=state, object=obj)
    stated = state_subject(text) or only_kind(text)  # "only gold members can ..."
    reserved = reserved_for(text) if stated is None else None
    if reserved is not None:  # "vouchers are for gold members only"
        noun, state, noun_at = reserved
        given, acted = reserved_action(noun, state.entity)
        return Clause(modality="only", negated=False, verb=given, object=acted,
                      action_span=noun_at, condition=state)  # fmt: skip
    if stated is not None and not points_to_list(
        stated[0].values
    ):  # "only pending requests can be approved"
        state, at = stated
        rest = parse(" " * at + text[at:])  # same offsets, the state words blanked
        return replace(rest, modality="only" if not rest.negated else rest.modality,
                       condition=state)  # fmt: skip
    cond, main, _ = read_condition(text)
    modality, negated, modal = modality_of(main)
    if modality == "limit" and modal is None:  # "a rider may book at most two lessons": the
        modal = MUST.search(main) or MAY.search(main)  # verb follows the modal all the same
    verb: str | None = None
    obj = ""
    span: tuple[int, int] | None = None
    passive = False
    each = False  # the passive subject is quantified by each/every ("each lesson ...")
    imperative = False
    tool: str | None = None  # "... using `issue_refund`": the tool the action is done with
    said_of: str | None = None  # `Clause.scope`
    lead = _LEAD.match(main)
    first = _FIRST.match(main, lead.end() if lead else 0)
    aux = _AUX.search(main, first.end()) if first is not None else None
    subject_first = first is not None and (
        (aux is not None and not _CLAUSE_BREAK.search(main, first.end(), aux.start()))
        or (
            first[1].casefold() not in _COMPLEMENT_VERBS  # "confirm the details are right"
            and _COPULA_NEXT.match(main, object_at(main, first.end())[1]) is not None
        )
    )
    opened = first is not None and first[1].casefold() in IMPERATIVE_VERBS
    if opened and first is not None and only_a_tool_verb(first[1].casefold()):
        # a tool's verb opening the sentence bare may be a noun ("Account deletion: ..."):
        # a verb after "never", "do not", "only", "you must" ..., or before a determiner
        opened = (lead is not None and re.search(r"[A-Za-z]", lead[0]) is not None) or (
            _DETERMINED.match(main, first.end()) is not None
        )
    if first is not None and opened and not subject_first:
        # "Upload only to ...", "Never cancel ...": the sentence opens with its verb
        cut = _CONTRAST_BREAK.search(main, first.end(), modal.start()) if modal else None
        if modal is not None and modal.start() > first.end() and cut is not None:
            # "you can pause a pass, but you can't cancel it": the modal of the next clause
            # is not this verb's (read so, it banned the pause)
            modality, negated, modal = modality_of(main[: cut.start()])
        imperative = modal is None or modal.start() <= first.start()
        verb = first[1].casefold()
        pair = _AND_VERB.match(main, first.end())
        if pair is not None and pair[1].casefold() in IMPERATIVE_VERBS:
            first, verb = pair, pair[1].casefold()  # "prepare and assign X": the verb of X
        obj, o_end = object_at(main, first.end())
        obj = re.sub(r"(?<=\w)\s+never$", "", obj)  # "renew a lost loan never" (`normalize`)
        if not obj and (only_at := re.match(r"\s+only\b", main[o_end:], re.I)):
            after = object_at(main, o_end + only_at.end())  # "cancel only pending orders":
            rel = relative_clause(main, after[1], after[0]) if after[0] else None
            if adjective_state(after[0], 0) or (rel and rel.bound):  # the object's state
                obj, o_end = after
        what = _WHETHER.match(main, o_end) if not obj else None
        if what is not None:
            obj, o_end = object_at(main, what.end() - 1)  # "verify if the customer exists"
            obj, o_end = checked_predicate(main, obj, o_end)  # "... has been escalated"
        if not obj:
            # "remove from all groups": what the verb acts on follows a preposition
            via = re.match(r"\s+(?:from|to|on|in|into|onto)\s+", main[o_end:], re.I)
            if via is not None:
                obj, o_end = object_at(main, o_end + via.end() - 1)
        purpose = purpose_verb(verb, obj, main, o_end)
        if purpose is not None:  # "use the query to retrieve the articles": retrieve them
            verb, (obj, o_end) = purpose[0], object_at(main, purpose[1])
        span = (first.start(1), o_end)
        tool = (
            tool_named_after(main, first.end(), o_end) if obj else _counted_tool(main, first.end())
        )
        cond = cond or (relative_clause(main, o_end, obj) or state_after(main, o_end, obj))
        if cond is None and modality in {"must_not", "only"}:  # "never cancel a delivered
            cond, obj = object_state(main, o_end, obj, verb)  # order", "... to a frozen member"
        if cond is None and modality in {"only", "must_not"}:  # "... for bookings that are Y"
            cond = state_of_related(main, o_end, whose_only=modality == "must_not")
        if cond is None and not obj and modality in {"must_not", "only"}:
            cond = stated_object(main, o_end)  # "never refund for a booking that is X"
            obj = cond.entity if cond is not None and cond.entity else obj
    elif modal is not None:
        verb, v_start, v_end, passive = verb_after(main, modal.end())
        last = len(main) == len(text) and _LAST_ONLY.match(text, modal.start()) is not None
        if verb is None and last and not _FOR_WHOM.search(main, 0, modal.start()):
            # "items are shipped with DHL or UPS only", "we ship by sea only": the "only" is
            # said last; the verb follows the copula, or the "we" or "you" the sentence opens
            # on (never "for X only", "to X only": whom it is for, read as a state)
            label = main.rfind(":", 0, modal.start()) + 1  # "Y stays in X: a Y is made in Z"
            said_by = _COPULA.search(main, label, modal.start()) or _WE.match(main)
            if said_by is not None:
                verb, v_start, v_end, passive = verb_after(main, said_by.end())
                modal = said_by if verb is not None else modal
                copula = said_by.re is _COPULA
                passive = passive or (
                    copula and verb is not None and participle(main[v_start:v_end])
                )
        if verb is not None and (verb in _NOT_VERBS or not (passive or verb in IMPERATIVE_VERBS)):
            verb = None  # "only accounts with ...": not a verb
            aux = _AUX.search(main, modal.end())
            if aux is None and modality == "only":  # "X may be issued only to ...": before it
                aux = _AUX.search(main, 0, modal.start())
            if aux is not None:  # "... may borrow books": the verb after the auxiliary
                verb, v_start, v_end, passive = verb_after(main, aux.end())
                if verb is not None and not (passive or verb in IMPERATIVE_VERBS):
                    verb = None
                if verb is not None and aux.start() < modal.start():
                    modal = aux  # the subject ends where the auxiliary starts
                elif verb is not None and passive and not main[: modal.start()].strip():
                    modal = aux  # "Only bookings with status X can be moved": the subject
        if verb is not None:
            if passive and (phrasal := phrasal_verb(main, verb, v_end)) is not None:
                verb, v_end = phrasal  # "cancelled stays cannot be checked in": check in
            if passive:
                clause_cond = cond  # a condition clause of its own ("once X, ..."), or None
                before = _TRAILING_MODAL.sub("", main[: modal.start()].strip())
                # "Rule 4: a held lot may be sold ...", "X is final, so `t` is called only ...":
                # the subject starts after a label or a clause of its own
                before = re.split(r":\s+|,\s*(?:so|and\s+so|but|then|because)\s+", before)[-1]
                # "each lesson can be moved once", "rentals can be extended twice", "a pass
                # can be refunded once": a count of what is said of any one of them
                each = _EACH.search(before) is not None or _generic(before, verb)
                subject = DET.sub("", _SUBJECTS.sub("", before))
                # "no claim may", "only one inspection can be booked", "no more than two
                # requests per X shall be ...": what is acted on
                subject = re.sub(
                    r"^\W*(?:(?:no|not)\s+more\s+than\s+\w+\s+|(?:at\s+most|up\s+to)\s+\w+\s+|"
                    r"(?:no|only)\s+(?:(?:one|a\s+single)\s+)?|(?:one|a\s+single)\s+)",
                    "",
                    subject,
                    flags=re.I,
                )
                # "cancelled bookings, attended bookings and bookings on hold ...": one state
                state_list = listed_states(subject, main.find(subject)) if cond is None else None
                parts = re.split(r"\s+(?=(?:that|which|who)\s)", subject, maxsplit=1)
                subject = re.split(r"\s+(?:for|of|in|on|to|from|with|by|per|that|which|under|"
                                   r"at|whose|having|marked|flagged|tagged|labell?ed)\s+",
                                   subject)[0]  # fmt: skip
                words = re.findall(r"[A-Za-z][\w-]*|`[^`]+`", subject)
                obj = " ".join(w.strip("`").casefold() for w in words[-3:])
                if state_list is not None:
                    cond, obj = state_list
                if len(parts) == 2 and cond is None:
                    # "orders that have been delivered cannot be cancelled": their state
                    # ... "fines for loans that are lost": the state of the noun it follows
                    cond = relative_clause(" " + parts[1], 0, parts[0].casefold()) or cond
                if cond is None:  # "bookings in 'active' status cannot be cancelled"
                    cond = subject_qualifier(parts[0], main.find(parts[0]))
                    cond = qualifier_adjective(cond) or cond  # "fines on lost loans"
                adjective = adjective_state(parts[0], main.find(parts[0])) if not cond else None
                if adjective is not None:  # "a delivered order cannot be cancelled"
                    cond, obj = adjective[0], " ".join(adjective[1].split()[-3:])
                subject_state = cond is not None
                cond = cond or state_for_object(main, v_end)  # "... only to active members"
                cond = cond or prepositional_state(main, v_end)  # "... for orders in 'x' state"
                only_for = _ONLY_BEFORE_PREP.match(main, v_end) if cond is None else None
                if only_for is not None:  # "... created only for a sample whose status is X"
                    cond = state_of_related(main, only_for.end())
                if modality == "only" and subject_state and _ONLY_AFTER_VERB.match(main, v_end):
                    # "controlled drugs may only be dispensed to adults": "only" restricts what
                    # follows the verb, and the subject's state is when that holds, not the one
                    # state allowed (read so, it banned every other drug): no state rule; the
                    # subject's words scope the rule on what follows, which is only reviewed
                    said_of = cond.text if cond is not None and clause_cond is None else None
                    cond = None
                span = (max(0, modal.start() - len(subject) - 1), v_end)
                # "... cannot be closed out with `move_out`": the tool a ban or a restriction
                # is on (a duty's instrument is its ordering's first step, `temporal`'s)
                particle = re.match(r"\s+([a-z]+)\b", main[v_end:])
                at = v_end + (particle.end() if particle and particle[1] in PARTICLES else 0)
                if modality in {"must_not", "only"}:
                    tool = tool_named_after(main, at, at + 1)
            else:
                obj, o_end = object_at(main, v_end)
                span = (v_start, o_end)
                tool = tool_named_after(main, v_end, o_end) if obj else _counted_tool(main, v_end)
                cond = cond or (relative_clause(main, o_end, obj) if obj else None)
                cond = cond or active_subject_state(main, modal.start())  # "members on the
                # basic tier cannot book classes": the subject is the one the action is for
                if cond is None and not obj and modality in {"must_not", "only"}:
                    cond = stated_object(main, o_end)  # "... not refund for paid X"
                    obj = cond.entity if cond is not None and cond.entity else obj
                scope = subject_scope(main, modal.start(), modality)  # "guests cannot
                # book a slip": for guests only, a condition no call's arguments say
                cond = scope if cond is None else merged(cond, scope)
    if modal is not None and not imperative:  # "guests never get a slip": giving them one
        got = recipient_reading(main, modal.start(), modal.end(), modality)
        if got is not None:
            verb, obj, span, given_to = got
            passive, tool = False, None
            cond = given_to if cond is None else merged(cond, given_to)
    if not passive and (carried := carried_action(main, verb, obj, span)) is not None:
        verb, obj, span = carried.verb, carried.obj, carried.span  # "make changes to X"
        tool = tool or carried.mention
    if verb is None or verb in {"be", "have", "receive", "get", "undergo"}:
        nominal = _NOMINAL.match(main.strip(" -*")) or _RECEIVES.search(main)
        if nominal is not None and nominal["np"].casefold() in {"the", "a", "an"}:
            nominal = None  # "get the reservation": a read of it, not a thing received
        if nominal is not None and is_action_noun(nominal["noun"]):
            # "Assignment of assets is permitted only ...", "... receive license assignments"
            verb, tool = lemma(singular(nominal["noun"])), None
            obj = " ".join(w.casefold() for w in nominal["np"].split()[:3])
            span = nominal.span()
    if verb is None or verb == "receive":  # "gold members can receive guest passes"
        verb, obj, span = received(main, verb, obj, span)
    stated_cond = cond is None or cond.bound or bool(conjoined(cond))
    noun_act = nominal_action(main) if verb is None and stated_cond else None
    if noun_act is not None:
        verb, obj, span, said_modality = noun_act  # "cancellation is possible until ..."
        if said_modality == "must_not":  # "cancellation is not allowed"
            modality, negated = "must_not", True
        elif said_modality == "only":
            modality = "only"
        stated_noun = cond is None and obj and modality in {"must_not", "only"}
        if stated_noun and (adj := adjective_state(obj, span[1])) is not None:
            cond, obj = adj  # "renewal of a lost loan is forbidden": the loan's state
    if passive and (light := light_verb(verb, obj)) is not None:
        verb, obj = light  # "returns can only be made on ...": return
    if cond is None and (own := _owned_in_clause(main, span)) is not None:  # "the user's own"
        cond, obj = own
    cond = cond or within_window(main)  # "within 30 days of delivery"
    if cond is None:
        cond = having_state(main)
        if cond is not None and imperative and cond.entity == verb:
            cond = None  # "only ship with carrier 'a'": the verb's argument, not an entity
    if passive and verb is not None and not obj and cond is not None and cond.bound and cond.entity:
        obj = cond.entity  # "only orders in status 'a' can be modified": what is acted on
    if verb in {"be", "have", "do"} or (verb and not re.fullmatch(r"[a-z-]+(?: [a-z]+)?", verb)):
        verb, obj, span = None, "", None
    quantity = quantity_of(main)
    same = bool(obj) and re.search(r"\bthe\s+same\s+" + re.escape(obj.split()[-1]), main, re.I)
    if imperative and obj and not passive and verb not in _MADE and not negated:
        # "move a visit two times at most", "refund each order once": any one visit, order
        head = obj.split()[-1]
        one = re.search(r"\b(?:an?|each|every|any\s+one)\s+" + re.escape(head) + r"\b", main, re.I)
        each = each or (one is not None and not is_action_noun(head) and head not in TALK_NOUNS)
    if quantity is not None and quantity.calls and quantity.per is None and (each or same) and obj:
        # "each lesson can be cancelled only once", "never refund the same pass twice":
        # counted per lesson (per pass), not per trace
        quantity = replace(quantity, per=singular(obj.split()[-1]))
    if (
        verb is None
        and quantity is not None
        and len(quantity.noun.split()) == 1
        and is_action_noun(quantity.noun)
    ):
        # "at most one refund per booking": the noun names the action that is counted
        verb, quantity = lemma(singular(quantity.noun)), replace(quantity, calls=True)
    arg, from_user, fixed = argument_of(main)
    by_user = user_given(main, obj or "") if arg is None and verb and not negated else None
    if by_user is not None and modality in {"only", "must"}:  # `bind_args`
        arg, from_user, obj = by_user.argument, True, by_user.object or obj
    obtain = None
    if verb in OBTAIN_VERBS and _FROM_USER.search(main) and obj:
        obtain = obj
    asked = _ASK_FOR.search(main) if verb in {"ask", "request", "prompt"} else None
    if asked is not None:  # "ask the user for the order id"
        obtain = object_at(main, asked.end() - 1)[0] or None
    ahead = _BEFORE.search(main)
    source = _NOT_FROM.search(text)
    gives = verb in {"provide", "give", "supply", "state", "specify", "share"}
    if modal is not None and obj and gives and _USER_SUBJECT.search(main[: modal.start()]):
        obtain = obj  # "the user must provide a payment method"
    listed_of, listed = values_listed(text)  # "use only the following X: 'a', 'b'"
    opened = not listed and open_enumeration(text)
    fmt = FORMAT.search(text)
    told = first is not None and first[1].casefold() in INSTRUCTIONS
    if cond is not None and cond.kind == "only_if" and modality in {"none", "may"}:
        modality = "only"  # "X is allowed only when ...": the only is in the condition
    if (
        cond is not None
        and cond.kind == "while"
        and modality == "may"
        and (cond.bound or conjoined(cond))
    ):
        modality = "only"  # "X can be done as long as S": only while S
    if (until := until_permission(cond, modality, negated)) is not None:
        modality, negated, cond = "must_not", True, until  # "X can be done until S"
    if cond is not None and modality == "may" and not negated and re.match(r"within\b", cond.text):
        modality = "only"  # "X can be done within 30 days of E": only then
    if cond is not None and cond.kind == "unless" and modality == "may" and not negated:
        # "X can be done unless S": a ban while S holds
        modality, negated, cond = "must_not", True, unless_as_if(cond)
    return Clause(
        listed=listed,
        listed_of=listed_of,
        instruction=told,
        open_list=opened,
        format_of=fmt[1] if fmt else None,
        modality=modality,
        negated=negated,
        verb=verb,
        object=obj,
        action_span=span,
        passive=passive,
        argument=arg,
        argument_from_user=from_user,
        argument_fixed=fixed,
        condition=cond,
        quantity=quantity,
        first=bool(re.search(r"\bfirst\b|\bbefore\s+(?:anything|proceeding)\b", main, re.I)),
        obtain=obtain,
        confirmation=bool(_CONFIRM.search(text)),
        before=" ".join(ahead["x"].split()) if ahead else None,
        only_from=" ".join(source["src"].split()) if source else None,
        ensures=ensured(text),
        imperative=imperative,
        tool=tool if verb is not None else None,
        scope=said_of,
    )

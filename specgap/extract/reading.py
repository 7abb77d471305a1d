"""One sentence to rules and diagnostics: the phrase patterns and the rule grammar together.

The sentence is parsed once (`grammar.parse`). The pattern table's rules are read under the
sentence's condition (`grammar_rules.guard`); a sentence no pattern compiles is compiled
from its clause (`grammar_rules.choose`); a rule-like sentence that compiles to nothing gets
a located diagnostic naming the part that failed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract import (
    action_nominal,
    acts41,
    allow6_respell,
    amount32,
    andonly37,
    andshall40,
    anyone38,
    apposed34,
    arg8_anchor,
    arg_names19,
    args4_bounds,
    args4_counts,
    args4_kinds,
    args4_values,
    args46,
    argsaid37,
    aside21,
    befores37,
    bound5_respell,
    bound17,
    callof37,
    chat7_respell,
    clause3_split,
    clauses37,
    closed34,
    compare19,
    connective45,
    contrast16,
    copula21,
    count5_items,
    count15_gets,
    count24,
    counted37,
    desc4_own,
    described_fill,
    elided17,
    except41,
    figures41,
    first15_labels,
    framed17,
    future42,
    ground3_reread,
    ground6_respell,
    grounded18,
    grounded29,
    happen46,
    hasstatus37,
    headed19,
    instrument26,
    itself40,
    kept24,
    lead30,
    lead48,
    neither37,
    noact_respell,
    noacts46,
    nominal8_actions,
    nominal36,
    noobj30,
    numbers18,
    numwords30,
    only17,
    only33,
    original16,
    passed36,
    passive41,
    passive48,
    per_act18,
    performative45,
    person17,
    pledge31,
    present27,
    prose7_reasons,
    prose7_terms,
    raised30,
    reasons31,
    referred35,
    reserved37,
    same46,
    sent38,
    state3_respell,
    state4_respell,
    state5_respell,
    state6_respell,
    state15_until,
    state15_used,
    state17,
    state32_listed,
    supply16,
    temporal,
    terms36,
    terse47,
    then37,
    third35,
    tool_subject19,
    topic34,
    tree23,
    unless33,
    uses32,
    values3_respell,
    verdict40,
    waits40,
    whose40,
    within6_respell,
    without19,
    words38,
    yes24,
)
from specgap.extract.act_leads23 import acted
from specgap.extract.act_ranges import action_ranges
from specgap.extract.action_open import opened
from specgap.extract.agent_params import agent_tool, known_params, tool_arguments
from specgap.extract.asked_values import with_asked
from specgap.extract.attitudes import without_attitude_bans
from specgap.extract.coordinated_conditions import coordinated_conditions
from specgap.extract.coordinated_targets import coordinated_targets, without_correlative
from specgap.extract.date_ranges import date_range, lead_time
from specgap.extract.declared26 import with_declared
from specgap.extract.described_labels import without_label_notes
from specgap.extract.entity_rules import entity_state
from specgap.extract.existing_choice import without_existing_choice
from specgap.extract.flow5_rules import with_flows
from specgap.extract.footnotes import footnoted
from specgap.extract.found_first import found_notes, found_rules
from specgap.extract.grammar import Clause, conjuncts, parse
from specgap.extract.grammar_notes import (
    condition_diagnostic,
    gap_diagnostic,
    held_also,
    not_compiled,
)
from specgap.extract.grammar_rules import Gap, also, candidate, choose, guard
from specgap.extract.ground3_origins import typed_by_user
from specgap.extract.group36 import group_label
from specgap.extract.identify_first import identify_first
from specgap.extract.made_up import message_only
from specgap.extract.narrative24 import asks, told
from specgap.extract.noact_listed import listed_confirmations
from specgap.extract.noact_respell import read_as
from specgap.extract.oblig2_followup import follow_up
from specgap.extract.oblig2_groups import group_candidates
from specgap.extract.oblig2_session import session_candidates
from specgap.extract.oblig_scoped import scoped_candidates
from specgap.extract.oblig_section import section_candidates
from specgap.extract.obtained import obtain_notes
from specgap.extract.one_at_a_time import AGAIN
from specgap.extract.order3_first import before_every_other
from specgap.extract.order3_then import after_lead
from specgap.extract.order4_shapes import without_read_back, without_read_items
from specgap.extract.order_anaphora import read_back
from specgap.extract.order_outcome import outcome_rules
from specgap.extract.order_same import same_entity
from specgap.extract.order_targets import coordinated_orders
from specgap.extract.order_words import own_object
from specgap.extract.origin_lists import without_listed_bans
from specgap.extract.otherwise import with_otherwise
from specgap.extract.pattern_base import TALK_NOUNS, USER
from specgap.extract.patterns import reads_like_rule, sentence_rules
from specgap.extract.phrasing import waived
from specgap.extract.plain_bans import frames_bans
from specgap.extract.prec4_clauses import unspliced
from specgap.extract.readers import compared_subject, coordinated_bans, readings
from specgap.extract.restrict_modifiers import restricted, restricted_noted, said_of_kind
from specgap.extract.restrictors import empty_list, narrow, one_way
from specgap.extract.review5_rules import with_reviews
from specgap.extract.segments import Sentence
from specgap.extract.settle import settle
from specgap.extract.source_rules import described_sources, preceding, source_ban
from specgap.extract.sources import value_sources
from specgap.extract.state_availability import required_state
from specgap.extract.state_bullets import led_bullet
from specgap.extract.state_described import described_state
from specgap.extract.state_ellipsis import elided_bans
from specgap.extract.state_leads import condition_led
from specgap.extract.state_more import second_condition
from specgap.extract.state_or_step import state_before, state_not_step
from specgap.extract.state_respelled import respelled_rules
from specgap.extract.temporal_parts import TOOL_ID
from specgap.extract.this_check import this_check
from specgap.extract.turns23 import twice_in_a_turn
from specgap.extract.unbound_guard import unbound, unbound_noted
from specgap.extract.unchangeable import fixed_argument
from specgap.extract.user_yes import is_yes, user_yes
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import NUMBER_WORDS, TICKED
from specgap.resolve.text import name_words, stem


def read_sentence(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules one sentence states and the diagnostics about what did not compile; a rule
    led by its act is that act's (`act_leads23`); a rule whose footnote makes an exception
    is kept under it (`footnotes`); a sentence that tells what happened states none
    (`narrative24`)."""
    if told(sentence.clean) or (sentence.asked is None and asks(sentence.clean)):
        return [], []
    sentence = third35.said_as_duty(sentence)  # "- Confirms X": "- Confirm X"
    grouped = group_label(sentence.clean) if sentence.subject is None else None
    held = _for_group(sentence, *grouped) if grouped is not None else None
    if held is not None:  # "First-time donors: ...": for them only (`group36`)
        return held
    rules, notes = _read_own(sentence)
    # "Soft resets only; a hard reset is never sent": its clauses one by one (`clauses37`)
    rules, notes = clauses37.reread(sentence, rules, notes, read_sentence)
    rules = compared_subject(sentence, rules)  # "Anything wider than 15 cm needs X first"
    rules = without_read_items(sentence, rules)  # "read back artist, date ... and wait for a yes"
    rules, notes = figures41.held(sentence, rules, notes)  # "2 (3) bookings": which figure holds
    rules, notes = except41.held(sentence, rules, notes)  # "X once, though a Y may V again"
    rules, notes = except41.held_for_kind(sentence, rules, notes)  # "a X reported lost is ..."
    if sentence.held is not None and rules:  # a table row's case: "[pro members]" (`limits42`)
        rules, notes = held_also(sentence, rules, notes, sentence.held)
    return footnoted(sentence, *acted(rules, notes))


def _read_own(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    sentence = prose7_terms.with_terms(sentence)  # '... not a Cleared Customer': its meaning
    # the same sentence said the way the readers read it, when that reads a rule: "## Don't"
    # over "- V X" is "Never V X" (`framed17`); "It is forbidden to V" is "Never V"
    # (`person17`); "unless a X is given" is "without a X" (`supply16`)
    said = framed17.framed(sentence) or elided17.labelled(sentence.clean)  # "Deposits: V-ed"
    said = said or referred35.framed(sentence)  # "... reviewed it:" over "- Refunds above £40"
    # "Hold length → X", "Is it `frozen`? → Yes: V": "Hold length: X", "If it is `frozen`, V"
    said = said or tree23.respelt(sentence.clean)
    said = connective45.respelt(said or sentence.clean) or said  # "Then only X is V-ed"
    said = same46.respelt(said or sentence.clean) or said  # "Before X, run T on the same id"
    # "I direct that X be V-ed", "I forbid my agent to V": "X must be V-ed", "you must never V"
    said = performative45.respelt(said or sentence.clean) or said
    # "I won't refund in cash" where the prompt's "I" is the assistant: "Never refund ..."
    said = pledge31.respelt(sentence.artifact.text, said or sentence.clean) or said
    # "we never refund in cash" where the conditions' "we" is the assistant (`terms36`)
    said = terms36.respelt(sentence.artifact.text, said or sentence.clean) or said
    # "BOT reads back X and runs `t`", "the assistant never runs it": "you read back ..."
    said = third35.respelt(sentence.artifact.text, said or sentence.clean) or said
    said = happen46.respelt(said or sentence.clean) or said  # "Moves happen only while ..."
    said = noobj30.respelt(said or sentence.clean) or said  # "send no X": "never send any X"
    said = reserved37.respelt(said or sentence.clean) or said  # "X belongs to the Y team"
    said = argsaid37.respelt(said or sentence.clean) or said  # "`x_secs` stays at 90 or below"
    said = args46.respelt(said or sentence.clean) or said  # "x lies between 1 and 6"
    said = hasstatus37.respelt(said or sentence.clean) or said  # "it has the status booked"
    said = andonly37.respelt(said or sentence.clean) or said  # "V-ed with X, and only to Y"
    said = neither37.respelt(said or sentence.clean) or said  # "Xs get neither A nor B"
    said = callof37.respelt(said or sentence.clean) or said  # "from a `t` call": from `t`
    said = topic34.respelt(said or sentence.clean) or said  # "Deposits, 10 to 25 pounds"
    said = topic34.no_there(said or sentence.clean) or said  # "If S, there's no booking"
    said = noacts46.respelt(said or sentence.clean) or said  # "If S, no booking and no payment"
    said = closed34.respelt(said or sentence.clean) or said  # "X use a, b and c, nothing else"
    said = closed34.predicates(said or sentence.clean) or said  # "Xs V1 A, and V2 B"
    said = numwords30.respelt(said or sentence.clean) or said  # "one to three": "1 to 3"
    said = reasons31.respelt(said or sentence.clean) or said  # "give each X one of these Ys: a, b"
    if sentence.subject is None:  # "X will never be V-ed" where the prompt promises: must
        said = future42.respelt(sentence.artifact.text, said or sentence.clean) or said
    said = person17.respelt(said or sentence.clean) or said  # "the assistant must": "you must"
    said = yes24.respelt(said or sentence.clean) or said  # "without X saying yes": X's confirmation
    said = count24.respelt(said or sentence.clean) or said  # "Two texts per job, no more."
    said = count24.entity_count(said or sentence.clean) or said  # "A booking moves once"
    said = count24.person_count(said or sentence.clean) or said  # "A reader gets two X"
    said = befores37.respelt(said or sentence.clean) or said  # "before A, and before B"
    said = anyone38.respelt(said or sentence.clean) or said  # "before anyone reads X": reading X
    said = words38.respelt(said or sentence.clean) or said  # "X as the student spells them"
    said = sent38.respelt(said or sentence.clean) or said  # "Texts go to the X that T returned"
    said = passed36.respelt(said or sentence.clean) or said  # "X must have passed before ..."
    said = verdict40.respelt(said or sentence.clean) or said  # "until T has returned passed"
    said = waits40.respelt(said or sentence.clean) or said  # "A, B and C wait until T has run"
    said = itself40.respelt(said or sentence.clean) or said  # "T is X's alone; never run it"
    said = whose40.respelt(said or sentence.clean) or said  # "An X whose f is v is not V-ed"
    said = passive41.respelt(said or sentence.clean) or said  # "No X is V-ed or W-ed"
    said = passive41.acts_respelt(said or sentence.clean) or said  # "X is V-ed or W-ed only"
    said = passive41.only_respelt(said or sentence.clean) or said  # "Only S Xs are V-ed or W-ed"
    said = acts41.neither_respelt(said or sentence.clean) or said  # "You neither A nor B"
    said = acts41.pressed_respelt(said or sentence.clean) or said  # "Never press `t`": call it
    said = acts41.answered_respelt(said or sentence.clean) or said  # "T answers before you V"
    said = acts41.returned_respelt(said or sentence.clean) or said  # "T has returned before U"
    said = acts41.taken_respelt(said or sentence.clean) or said  # "T takes a X listed by S, never"
    said = acts41.booked_with_respelt(said or sentence.clean) or said  # "Xs are V-ed with T only"
    said = acts41.showed_respelt(said or sentence.clean) or said  # "a X that T showed you"
    said = acts41.come_respelt(said or sentence.clean) or said  # "Every X_id comes from S"
    said = nominal36.respelt(said or sentence.clean) or said  # "A move is allowed only if"
    said = kept24.respelt(said or sentence.clean) or said  # "2 to 8, so keep `x` inside that"
    said = supply16.without_given(said or sentence.clean) or said
    said = state17.respelt(said or sentence.clean) or said  # "X must be S before you V it"
    said = grounded29.unkept(said or sentence.clean) or said  # "X stored on the Y that T returns"
    said = grounded18.only_with(said or sentence.clean) or said  # "V only with a X T returned"
    said = grounded29.respelt(said or sentence.clean) or said  # "the X is one that T returned"
    said = arg_names19.respelt(said or sentence.clean) or said  # "`hours` must be at most 4"
    said = chat7_respell.nouns_spelt(said or sentence.clean) or said  # "Pkgs: `a`, `b`"
    said = chat7_respell.max_spelt(said or sentence.clean) or said  # "T: $400 max per refund"
    said = instrument26.respelt(said or sentence.clean) or said  # "X is V-ed with `t` only ..."
    # "Read X, `t`, before V-ing it": "Read X with `t` before V-ing it", read as below
    apposed = apposed34.respelt(said or sentence.clean)
    said = apposed if apposed is not None and said is not None else said
    # "X has to be", "X runs from 1 to 4": "X must be ..." (`copula21`), kept only when it
    # reads a rule (its notes would quote a modal the sentence does not say)
    if (must := copula21.respelt(said or sentence.clean)) is not None:
        found, must_notes = read_as(sentence, must, read_sentence)
        if found:
            return found, must_notes
    # "Texts go to the number on record, three in a conversation at most" (`counted37`): the
    # rest and the count, kept when either reads; "X with T, then V Y only while S": the order
    # and V's own restriction (`then37`), kept when both read
    for apart, kept in (
        (counted37.parts, any),
        (then37.parts, all),
        (andshall40.parts, all),
        (args46.parts, any),  # "x is a or b, and y lies between 1 and 6": each clause
    ):
        if (parts := apart(said or sentence.clean)) is not None:
            read_apart = [read_as(sentence, part, read_sentence) for part in parts]
            if kept(found for found, _ in read_apart):
                return [r for found, _ in read_apart for r in found], [
                    n for _, notes in read_apart for n in notes
                ]
    # "Read X with `t` before V-ing it": "before V-ing X", each event naming what it acts on;
    # the sentence's own "it" still says the later call is about the same X (`order_same`)
    if said is None and (owned := own_object(apposed or sentence.clean)) is not None:
        found, owned_notes = read_as(sentence, owned, _read_said)
        if found:
            return same_entity(sentence.clean, found), owned_notes
    said = said or apposed
    spelt_notes: list[Diagnostic] = []
    if said is not None:
        found, spelt_notes = read_as(sentence, said, _read_said)  # (the sentence's own words)
        if found:  # (respelt, "that same X" of its own words still binds the entity)
            return same_entity(sentence.clean, found), spelt_notes
    rules, notes = _read_said(sentence)
    # "### refund_job" over "- Requires a reason.": the tool its frame names (`elided17`)
    rules, notes = elided17.reread(sentence, rules, notes, _read_said)
    # "the X you pass to T must be one that S returned": "must come from S" (`grounded18`)
    rules, notes = grounded18.reread(sentence, rules, notes, _read_said)
    # "## Extensions" over "- Not allowed for lost hires.": "Extensions: ..." (`headed19`)
    rules, notes = headed19.reread(sentence, rules, notes, read_sentence)
    # "Waiver on file (SignWaiver) before ...", "... only (no promos)", ", period" (`aside21`)
    rules, notes = aside21.reread(sentence, rules, notes, read_sentence)
    # read as it means, the sentence said why it compiles to nothing; as written, nothing
    return (rules, notes) if rules or notes else ([], spelt_notes)


def _read_said(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    # "Keep X to N or fewer, because ...": also read without its reasons (`prose7_reasons`)
    rules, notes = prose7_reasons.whole(sentence, _read_whole)
    return chat7_respell.reread(sentence, rules, notes, _read_whole)  # "X = no Y", "w/o", "b4"


def _read_whole(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    rules, notes = _read_clause(sentence)
    # a sentence holding several rules ("X first; Y only when Z, and W"): each clause too,
    # without a ban spliced from two of them ("V X first; Y is never W": `prec4_clauses`)
    rules, notes = unspliced(sentence, rules, notes, _read_clause, clause3_split.more)
    rules, notes = with_flows(sentence, rules, notes)  # "never paste what `t` returns into X"
    rules, notes = with_reviews(sentence, rules, notes)  # "X needs a manager's sign-off"
    rules, notes = arg8_anchor.reread(sentence, rules, notes, _read_clause)  # "X passed to `t`"
    return _sent_to(sentence, rules), notes


# "the `slot_id` sent to `book_slot` must be ...": the argument of that one tool
_SENT_TO = re.compile(
    r"\b(?:sent|passed|given|supplied|handed|provided|fed)\s+(?:in\s+)?to\s+(?:the\s+)?"
    r"`(?P<tool>[^`\s]+)`",
    re.I,
)
_OF_ONE_TOOL = frozenset({"arg_grounded", "arg_within_bound", "resource_in_allowlist"})


def _sent_to(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules on an argument wherever it is (`*`), put on the one tool the sentence says
    the argument is sent to ("the `slot_id` sent to `book_slot` must be one `find_slots`
    returned"): never on every tool taking a `slot_id`."""
    m = _SENT_TO.search(sentence.clean)
    if m is None:
        return rules
    tool = m["tool"]
    return [
        r.model_copy(update={"target": tool, "mentions": (*r.mentions, tool)})
        if r.operator in _OF_ONE_TOOL and r.target in (None, "*")
        else r
        for r in rules
    ]


def _for_group(
    sentence: Sentence, start: int, group: str
) -> tuple[list[CandidateRule], list[Diagnostic]] | None:
    """The rules of the line after its label of a group of people, each held for that group
    only (`group36`): under its condition, reviewed, with the line's own text; None when the
    rest gives no rule (the line is read as a whole)."""
    said = " " * start + sentence.text[start:]
    rules, notes = read_sentence(replace(sentence, text=said))
    if not rules:
        return None
    text = " ".join(sentence.text.split())
    held = f"only for {group}"
    rules = [r.model_copy(update={"text": text, "condition": r.condition or held}) for r in rules]
    notes = [n for n in notes if n.code != "condition-not-bound"]
    return rules, [*notes, *(condition_diagnostic(sentence, r) for r in rules)]


def _read_clause(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    with opened(sentence.clean, parse):  # "never relocate X": an open-class verb, `action_open`
        return _read_all(sentence)


def _read_all(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    sentence = without_correlative(sentence)  # "Both X and Y require ...": X and Y
    rules, diagnostics = _read_sentence(sentence)
    if not rules and sentence.subject is not None and _BINDING.search(sentence.clean):
        # a description's sentence the readers of a tool's own words left unread ("only
        # bookings in status 'x' can be cancelled", "do not send more than 2 messages per
        # booking"): read as the prompt's sentences are, the described tool the context.
        # Only one that binds: a description says what its tool does in the imperative
        # ("Assign a single license"), which is no instruction to the agent
        prose = replace(sentence, subject=None)
        as_prose, prose_notes = _read_sentence(prose)
        # (a ban or a list of values out of a description is about the tool's own use: its
        # readers' business; a rule over another tool named by its id is no rule a
        # description may give)
        if as_prose and all(
            r.operator not in _OWN_USE and not _other_tool(r.target, sentence.subject)
            for r in as_prose
        ):
            sentence, rules, diagnostics = prose, as_prose, prose_notes
    for reread in _REREADS:  # the sentence spelt again as the readers read it, in this order
        rules, diagnostics = reread(sentence, rules, diagnostics, _read_sentence)
    # "If X, `t` is not allowed": the rule read after its condition, or alone and under it
    rules, diagnostics = lead30.reread(sentence, rules, diagnostics, _read_all)
    # "never cancel S1 or S2 Xs": "never cancel Xs that are S1 or S2", read whole
    rules, diagnostics = state32_listed.reread(sentence, rules, diagnostics, _read_clause)
    # "One session per chat; ...": "At most one session per chat", read whole
    rules, diagnostics = count15_gets.bare_reread(sentence, rules, diagnostics, _read_clause)
    # "A refund is £120 at most", "No refund is above £200": "... is at most £N", whole
    rules, diagnostics = amount32.reread(sentence, rules, diagnostics, read_sentence)
    # "Texts use `a` or `b`", "`t`: templates `a`, `b` only": "Only call `t` with ...", whole
    rules, diagnostics = uses32.reread(sentence, rules, diagnostics, _read_clause)
    rules, diagnostics = args4_kinds.reread(sentence, rules, diagnostics)  # "X ids come from T"
    rules = listed_confirmations(sentence, rules)  # "... for all refunds, cancellations and X"
    rules = coordinated_orders(sentence, rules)  # "X before cancelling A or refunding B": both
    rules = same_entity(sentence.clean, rules)  # "... before cancelling it": the same one
    rules = with_declared(sentence, rules)  # "given by the `state` field ...: `a`, `b`, `c`"
    if sentence.subject is None:  # "When X is S:\n- do not V": the lead's condition
        rules, diagnostics = condition_led(sentence, rules, diagnostics)
    else:
        # a tool's description about the tool itself ("use after `a`") the readers above missed
        rules, diagnostics = described_fill.fill(sentence, rules, diagnostics)
        rules, diagnostics = described_state(sentence, rules, diagnostics)  # "Only for X in S."
        # "agents must not call it", "at most 3 per session"
        rules, diagnostics = desc4_own.fill(sentence, rules, diagnostics)
        # "The visit must have been read with `t` first": the visit this tool acts on
        rules = described_same(sentence, rules)
    rules, diagnostics = without_attitude_bans(sentence, rules, diagnostics)  # "only if asked"
    # "the original card or an existing voucher": a choice, not one source
    rules, diagnostics = without_existing_choice(sentence, rules, diagnostics)
    rules, diagnostics = without_listed_bans(sentence, rules, diagnostics)  # "only V Xs T gave"
    rules, diagnostics = count5_items.reread(sentence, rules, diagnostics)  # "at most 8 pieces"
    # "at most £150, or £250 for gold members": the first figure, unless for them (after the
    # counts, whose flat readings of both figures it replaces)
    rules, diagnostics = raised30.reread(sentence, rules, diagnostics, _read_all)
    rules, diagnostics = compare19.bounded(sentence, rules, diagnostics)  # "never V if X > N"
    # "never V unless X came from `t`", "... unless `t` has run", "... if a third X"
    rules, diagnostics = unless33.reread(sentence, rules, diagnostics)
    # "For a renter under 25, ...": the lead is the condition of a rule that drops it
    rules, diagnostics = lead48.kept_lead(sentence, rules, diagnostics)
    # "... an address the customer gave, or one on their record": not the user's alone
    rules, diagnostics = lead48.kept_alternative(sentence, rules, diagnostics)
    return rules, without_label_notes(sentence, diagnostics)  # "Step 2. Check the battery"


# "The appointment must have been read with `t` first", in a tool's description: "the"
# appointment is the one the described tool acts on, so the earlier call is on it too
_DESCRIBED_SAME = re.compile(
    r"^\W*the\s+(?:original\s+|same\s+)?(?P<noun>[a-z]+)\s+(?:must|should|has\s+to|needs?\s+to)\s+"
    r"(?:already\s+)?(?:have\s+)?been\s+[a-z]+\b",
    re.I,
)


def described_same(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """A description's order of its own tool after another said of "the X" it acts on
    (above): the earlier call about the same X (bound by `compile_same`, or noted)."""
    m = _DESCRIBED_SAME.match(sentence.clean)
    if m is None:
        return rules
    return [
        r.model_copy(update={"params": {**r.params, "same_as": m["noun"].casefold()}})
        if r.operator == "require_before" and "same_as" not in r.params
        else r
        for r in rules
    ]


# Each takes the sentence, what it gave, and the reader to read a respelling with; each keeps
# the first reading unless its respelling reads more (see its module)
_REREADS = (
    noact_respell.reread,  # "No refunds for cancelled bookings": spelt with the verb
    tool_subject19.reread,  # "`t` is forbidden", "`t` is only for X": "never/only call `t`"
    terse47.reread,  # "`t` only while X", "no `t` while X", "`t` twice a chat": "call `t`"
    compare19.reread,  # "max 90 units", "quantity 1-90": "at most 90", "between 1 and 90"
    ground3_reread.reread,  # "must also", "before saving it", "tell X and ask ...", "except"
    values3_respell.reread,  # "a single payment is never more than $50": the bound readers'
    action_nominal.reread,  # "X verification is required before any booking": both acts
    first15_labels.reread,  # "Refunds: read X first", "`t` first, then book": the call named
    nominal8_actions.reread,  # "Cash payments above N are not accepted", "Xs go out once per Y"
    state3_respell.reread,  # "X is V-ed only when ...", "TOOL is for Xs whose ...": the grammar's
    state4_respell.reread,  # "unless it is marked V", "If S, then TOOL ...", "No V-ing a S X"
    state5_respell.reread,  # "Refunds: S Xs only.", "Status must be S before you V X"
    state6_respell.reread,  # "Contagious pets: no grooming.", "No X that is S shall be V-ed"
    state15_until.reread,  # "S Xs cannot V until the office lifts it": the state test alone
    state15_used.reread,  # "a pass that is frozen cannot be used to book a lane"
    contrast16.reread,  # "day-pass members can book desks but not meeting rooms"
    supply16.reread,  # "always give a reason when cancelling": never without one
    without19.reread,  # "never V X without an active Y": only if the Y is active
    original16.reread,  # "refunds are issued to the original payment method only"
    only17.reread,  # "only enrol students in courses whose status is open"
    only33.reread,  # "Call `t` only for active members": "Only call `t` for active members"
    args4_counts.reread,  # "one `approve_loan` per request, ever", "| reminders per chat | 2 |"
    count15_gets.reread,  # "nobody gets more than two rentals": the count of the rent calls
    args4_bounds.reread,  # "Deposit: whole euros, between 20 and 400"
    bound5_respell.reread,  # "Fee refunds cap at $60", "Cone 4 to 10 only"
    bound17.reread,  # "A hire lasts 4 hours at most", "The longest hire is 4 hours"
    per_act18.reread,  # "At most $200 per refund", "capped at 7 extra nights": 7 nights
    per_act18.second_bound,  # "at most 12 pallets and 20,000 lb": the lb too
    numbers18.reread,  # "Record X as a whole number from 0 to 12": X from 0 to 12
    within6_respell.reread,  # "No discount deeper than 15 %", "Deposit: €20 min, €300 max"
    args4_values.reread,  # "Nights: 1, 2 or 3. No other lengths."
    allow6_respell.reread,  # "Only dispatch from the north or east depots", "Approved X: a, b"
    ground6_respell.reread,  # "only use the serial the customer typed", "X: the one T returned"
    prose7_terms.reread,  # '"Cleared Customer" means ...' then '... not a Cleared Customer'
    present27.reread,  # "X whose status is S is not moved", "Only X is cancelled": the modal
    # last, where no reader above read it: "`t` is run on X before it is cancelled", "Pegs
    # are moved only while ...": the imperative ("call `t` ...", "only move pegs ...")
    passive48.reread,
)

# the words that make a description's sentence a rule rather than what the tool does
_BINDING = re.compile(
    r"\b(?:only|must|never|not|cannot|can't|mustn't|required|requires|need\s+to|needs\s+to|"
    r"at\s+most|no\s+more\s+than|limited\s+to|forbidden|prohibited)\b",
    re.I,
)


_OWN_USE = frozenset({"deny_action", "resource_in_allowlist"})


def _other_tool(target: str | None, subject: str) -> bool:
    """Whether a rule's target names, by its id, a tool other than the described one."""
    ids = [m["id"] or m["bare"] for m in TOOL_ID.finditer(target or "")]
    return any(i != subject for i in ids)


def _bounds_number(rule: CandidateRule, said: str) -> bool:
    """A bound whose number is the one said (`lead_time`'s): "at most 14 days ahead"."""
    if rule.operator != "arg_within_bound":
        return False
    number = int(said) if said.isdigit() else NUMBER_WORDS.get(said.casefold())
    return number is not None and number in (rule.params.get("max"), rule.params.get("min"))


# a tool id said bare ("with find_slots", "with findSlots"): snake, dotted, kebab or camel
_BARE_ID = re.compile(
    r"\b[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b"
)


def _spans(rule: CandidateRule, unit: str, text: str) -> bool:
    """Whether the bound's tool (its target, or a tool the sentence names by its id) takes
    the span ahead in an argument of its own, one whose name holds the unit said ("search
    with `find_slots`, at most 14 days ahead": `days_ahead`, `days`, `lookahead_days`)."""
    tools = [str(rule.target or "").strip("`"), *TICKED.findall(text), *_BARE_ID.findall(text)]
    if any(
        stem(unit) in name_words(name.removesuffix("[]"))
        for tool in tools
        for name in known_params(tool)
    ):
        return True
    if any(agent_tool(tool) is not None for tool in tools if tool):
        return False  # the tool named takes no such argument
    # the act said in words ("search slots at most 14 days ahead"): some tool of the agent
    # takes the span ahead itself (`days_ahead`, `lookahead_days`), which binding finds
    return any(
        stem(unit) in (words := name_words(name)) and words & _AHEAD_WORDS
        for names in tool_arguments().values()
        for name in names
    )


_AHEAD_WORDS = frozenset(stem(w) for w in ("ahead", "lookahead", "advance", "horizon", "notice"))


# a negation that bans an amount, not the act: "`refund` never more than 120 EUR"
_NEGATED_BOUND = re.compile(
    r"\b(?:never|not|no)\s+(?:(?:more|greater|higher|larger|longer|heavier|less|fewer|lower|"
    r"shorter|smaller)\s+than|over|above|under|below|beyond|in\s+excess\s+of|exceeding)\s+"
    r"(?:[$€£]\s?)?\d",
    re.I,
)


def _bound_said(sentence: Sentence, clause: Clause, rule: CandidateRule) -> bool:
    """A plain ban read where the negation bans an amount ("`t` never more than 120 EUR"):
    the act is allowed up to it, so the ban would be stronger than the sentence (the bound's
    readers read it, or the sentence keeps its note)."""
    if rule.operator != "deny_action" or rule.params or rule.condition or not clause.negated:
        return False
    return _NEGATED_BOUND.search(sentence.clean) is not None


def _read_sentence(sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    if waived(sentence.clean):  # "no need to verify more than once": no rule at all
        return [], []
    if twice := twice_in_a_turn(sentence.clean):  # "never send two `t` calls in one turn"
        return [candidate(sentence, e) for e in twice], []
    account = identify_first(sentence.clean, sentence.context) if sentence.subject is None else []
    if not account and sentence.subject is None:  # "no other tool is used before X is verified"
        account = before_every_other(sentence.clean) or after_lead(sentence.clean)
    if account:  # "verify the caller's identity before any change to their account"
        rules = [_checked(candidate(sentence, e), sentence.clean) for e in account]
        # "... using `find_member` and use the member id it returns": that source too
        rules += [candidate(sentence, e) for e in value_sources(sentence.clean)]
        return rules, [condition_diagnostic(sentence, r) for r in rules if r.condition]
    if grouped := group_candidates(sentence) or session_candidates(sentence):
        return grouped, []  # "look X up before touching any booking", "... for every call"
    clause = with_otherwise(sentence, parse(sentence.clean))  # "otherwise": not the one before
    until = state_before(sentence.clean, clause)  # "X only before it ships": until it ships
    clause = until or clause
    # a mention that opens with its subject ("you reschedule the pickup") is a clause, not
    # an action: the grammar reads that sentence instead
    found = [r for r in sentence_rules(sentence) if not _subject_led(r)]
    found = [r for r in (_state_not_values(r, clause) for r in found) if r is not None]
    found, about_text = message_only(sentence, found)  # "... the reply: invent nothing"
    timed = temporal.read(sentence.clean, described=sentence.subject is not None)
    back = read_back(sentence) if timed is None else None  # "Before that, ...": the one before
    timed = timed or back
    if timed is not None and (until is not None or state_not_step(clause, timed)):
        timed = None  # "pay it only after it has been approved", no tool approves: a state
    needed = (
        temporal.requires(sentence.clean) if timed is None and sentence.subject is None else None
    )
    if needed is not None and required_state(sentence.clean) is not None:
        needed = None  # "resuming X requires that it is paused": a state, not a step first
    if needed is not None:  # "cancelling a booking requires getting the booking first"
        timed = temporal.Timed((needed,), None)
        if needed.target is not None:  # it names the action a pattern left to the section
            found = [r for r in found if r.operator not in _ORDERS or r.target is not None]
    if timed is not None and AGAIN.search(sentence.clean):
        timed = None  # "wait for each X result before sending another": X again, one at a time
    yes = user_yes(sentence.clean, clause) if timed is not None and not sentence.subject else []
    if yes and timed is not None:  # "wait for a yes before you reschedule": not a step
        timed = _without_yes(timed)
    if timed is not None and _BANNED_BEFORE.match(sentence.clean):
        # "do not Y before X": X comes first; a phrase reading of "Y before X" has it backwards
        found = [r for r in found if r.operator != "require_before"]
    if timed is not None and any(e.condition for e in timed.emits):
        # "the visit_reminder template may only be sent after X": a phrase reading took the
        # value for a tool; the order holds for that value only (`temporal._of_value`)
        found = [r for r in found if r.operator not in _ORDERS or not _a_value(r.target)]
    # the phrase patterns read it already (an order of a step before itself is no reading,
    # nor one left to the section when the sentence points back to the one before)
    # (a phrase reading that names no later tool, in a prompt, yields to one that does: "run
    # `a` before you cancel a delivery for a rider")
    named_later = timed is not None and sentence.subject is None and timed.emits[0].target
    ordered = any(
        r.operator in _ORDERS
        and r.params.get("before") != r.target
        and (back is None or r.target is not None)
        and (r.target is not None or not named_later)
        for r in found
    )
    exact = False
    if ordered and timed is not None and sentence.subject is None:
        # "before a booking is moved or cancelled": the phrase reading took the first act
        # only; the grammar's reads each coordinated act, after the same step
        ordered = not _each_act(found, timed)
        if not ordered:  # the step as the phrase readings spelt it (`FindMember`, not folded)
            timed = _spelt_as(found, timed)
            exact = all(r.grounding == "exact" for r in found if r.operator in _ORDERS)
    # in a description, only a sentence about the described tool itself ("use this after")
    own = timed is not None and (sentence.subject is None or timed.emits[0].target is None)
    if timed is not None and own and not ordered:
        rules, notes = _timed(sentence, timed)
        if exact:  # the acts said in the sentence's own words, as the phrase readings had them
            rules = [
                r.model_copy(update={"grounding": "exact"})
                if r.operator in _ORDERS and r.grounding == "partial"
                else r
                for r in rules
            ]
        # "read it back and wait for a yes before X": the other steps and the yes, both, each
        # under the sentence's condition ("if it affects more than N, ...")
        rules = [*rules, *(candidate(sentence, e) for e in yes)]
        rules = without_read_back(sentence, rules)  # "read X back to them": no read (order4)
        rules, notes = unbound_noted(sentence, clause, rules, notes)  # "after V, unless W"
        rules, notes = restricted_noted(sentence, clause, rules, notes)  # "X that is Y"
        return rules, notes
    rules = _counted_per(guard(sentence, clause, found), clause)
    gap: Gap | None = about_text
    rules = readings(sentence, clause, rules)  # the grammar's readers (see `readers`)
    searched: list[CandidateRule] = []
    if not rules and _own_rule(sentence, clause):
        answer = choose(clause)
        if isinstance(answer, Gap):
            gap = answer
        elif answer:
            rules = [candidate(sentence, emit) for emit in answer]
            rules = [r for r in rules if not _bound_said(sentence, clause, r)]
    if not rules and gap is None and sentence.subject is None:
        emit = entity_state(sentence.clean, clause)
        rules = [candidate(sentence, emit)] if emit else []
    if not rules and sentence.subject is None:  # "X may be paused, but never refunded"
        rules = [candidate(sentence, e) for e in elided_bans(sentence.clean)]
        rules = rules or [candidate(sentence, e) for e in led_bullet(sentence, clause)]
        rules = rules or [candidate(sentence, e) for e in respelled_rules(sentence.clean)]
        searched = [] if rules else found_rules(sentence)  # "if a slip is found, assign it"
        searched = searched or ([] if rules else outcome_rules(sentence))  # "check if ..."
        rules = rules or searched or this_check(sentence)  # "this check is required before X"
        rules = rules or scoped_candidates(sentence)  # "when renewing X, look up Y": Y first
        rules = rules or section_candidates(sentence)  # "## Renewals\n- Look up Y": Y first
        gap = None if rules else gap  # "Refunds:\n- only for cancelled bookings": the lead
    ranged = action_ranges(sentence.clean, clause) if sentence.subject is None else []
    if ranged:  # "a membership can be frozen for 2 to 12 weeks": the action's own argument
        facets = {e.params["facet"] for e in ranged}
        kept = [
            r
            for r in rules
            if r.operator != "arg_within_bound" or r.params.get("facet") not in facets
        ]
        rules = [*kept, *(candidate(sentence, e) for e in ranged)]
    if sentence.subject is None:
        stated = {(r.operator, r.target) for r in rules}
        more = [candidate(sentence, e) for e in also(clause, conjuncts(sentence.clean))]
        rules += [r for r in more if (r.operator, r.target) not in stated]
        # where a value comes from ("only use tool names found in the knowledge base")
        origins = value_sources(sentence.clean, preceding(sentence))  # "... the id it returns"
        origins = origins or typed_by_user(sentence.clean)  # "X has to be typed by the member"
        sourced = [candidate(sentence, e) for e in origins]
        sourced, _ = message_only(sentence, sourced)  # "... the reply: invent nothing"
        if sourced:  # the grammar's reading of the value and its source replaces the patterns'
            rules = [
                r for r in rules if r.operator != "arg_grounded" and not source_ban(r, sourced)
            ]
        rules += sourced
    elif own_sources := described_sources(sentence):  # "the slot id must come from `T`"
        rules = [r for r in rules if r.operator != "arg_grounded"] + own_sources
    rules = coordinated_bans(sentence, clause, rules)  # "never cancel or refund X": both
    rules = coordinated_targets(sentence, rules)  # "... cancel X or refund Y without a yes"
    rules = coordinated_conditions(sentence, clause, rules)  # "... may X or Y": the state, both
    rules = second_condition(sentence, clause, rules)  # "..., and only if the holder is Z"
    rules = narrow(rules, clause, sentence.clean)  # a ban no wider than its sentence
    rules = settle(sentence, rules)  # "... forbidden for X", "by the assistant", free counts
    rules = unbound(sentence, clause, rules, searched)  # "... twice unless V": V is kept
    rules = restricted(sentence, clause, rules)  # "... onto a crossing that is full"
    rules = said_of_kind(clause, rules)  # "restricted buckets are only created in X"
    ahead = lead_time(sentence.clean)  # "rooms can be booked at most 14 days ahead"
    ahead_gap: Gap | None = None  # beside the sentence's other rules: a note of its own
    if ahead is not None:
        kept = [
            r
            for r in rules
            if not _bounds_number(r, ahead[0]) or _spans(r, ahead[1], sentence.text)
        ]
        if kept and len(kept) < len(rules):
            ahead_gap = ahead[2]
        elif not kept:  # its bound, or nothing, was all the sentence gave: the gap says why
            gap = ahead[2]
        rules = kept
    fixed = fixed_argument(sentence.clean) if sentence.subject is None else None
    if fixed is not None and not any(r.operator == "deny_action" for r in rules):
        # "the number of guests cannot be changed": no operator compares it (a ban of the
        # tool that changes it, "never change the status of a ticket", stays a ban)
        rules, gap = [], fixed
    diagnostics = [
        condition_diagnostic(sentence, r, clause.condition) for r in rules if r.condition
    ]
    diagnostics += obtain_notes(sentence, rules)  # "get X from the user": reviewed, and why
    diagnostics += found_notes(sentence, [r for r in rules if r in searched])
    if fixed is not None and rules:  # the ban stays; the note says what it cannot check
        diagnostics.append(gap_diagnostic(sentence, fixed))
    if ahead_gap is not None:
        diagnostics.append(gap_diagnostic(sentence, ahead_gap))
    diagnostics = list({d.message: d for d in diagnostics}.values())
    if not rules:  # "items can be added but not removed": reported as what it restricts
        said = sentence.clean  # (a range of dates: no bound compares dates, a located gap)
        gap = one_way(said) or empty_list(said) or date_range(said) or gap
    gap = gap or (_unsupported(clause) if not rules else None)
    described = sentence.subject is not None and reads_like_rule(sentence)
    rule_like = _rule_like(sentence, clause) if sentence.subject is None else described
    if not rules and (gap or rule_like) and not frames_bans(sentence):
        gap = gap or (follow_up(sentence.clean) if sentence.subject is None else None)
        diagnostics.append(gap_diagnostic(sentence, gap) if gap else not_compiled(sentence, clause))
    return rules, diagnostics


_ORDERS = frozenset({"require_before", "require_confirmation"})
_VALUED = frozenset({"deny_action", "resource_in_allowlist"})
_BANNED_BEFORE = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|may|shall)\s+(?:not|never)|do\s+not|don't|"
    r"never|must\s+not)\b[^.;]*?\b(?:before|prior\s+to)\b",
    re.I,
)
_TOOL_NAME = re.compile(
    r"`?[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+`?|`?(?>[a-z]+(?:[A-Z][a-z0-9]+)+)`?"
)
_SUBJECT_LED = re.compile(
    r"^(?:you|we|(?:the\s+)?agent|(?:the\s+)?assistant|they)\s+[a-z]|^(?:the\s+)?(?:"
    + USER
    + r")s?\s+(?:has\s+|have\s+)?[a-z]+(?:ed|s)\b",
    re.I,
)  # "the customer confirmed": an event with its subject, not an action


def _state_not_values(rule: CandidateRule, clause: Clause) -> CandidateRule | None:
    """ "Never refund bookings that are 'cancelled'": the quoted words are the state of
    the entity the condition binds, not values of an argument; the ban is a plain one on
    the action, which the condition then makes a `state_condition` (see `guard`). "Only
    cancel bookings whose status is 'a'": no allowlist of an argument (None), the grammar
    reads the state."""
    cond = clause.condition
    values = rule.params.get("values") or rule.params.get("allowed")
    if rule.operator not in _VALUED or not values or cond is None or not cond.bound:
        return rule
    if not {str(v) for v in values} <= set(cond.values) and rule.params.get("facet") not in set(
        cond.values
    ):  # (a facet that is the state's value: the pattern took "order's" for a quote)
        return rule
    if rule.operator == "resource_in_allowlist":
        return None
    # the ban is on the clause's action; a pattern's target is kept only when it names a tool
    named = rule.target is not None and _TOOL_NAME.fullmatch(rule.target) is not None
    target = rule.target if named else (clause.action or rule.target)
    if target is None:
        return rule  # no action said: the state has nothing to restrict
    return rule.model_copy(update={"params": {}, "target": target, "mentions": (target,)})


def _a_value(target: str | None) -> bool:
    """A snake_case word the agent's tools do not define (while they are known): a value."""
    if target is None or _SNAKE_VALUE.fullmatch(target) is None or not tool_arguments():
        return False
    return agent_tool(target) is None


_SNAKE_VALUE = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)+")


def _counted_per(rules: list[CandidateRule], clause: Clause) -> list[CandidateRule]:
    """A count a phrase pattern read with no entity, which the grammar counts per one
    ("move a visit two times at most": per visit): the grammar's entity."""
    q = clause.quantity
    if not clause.imperative or clause.passive:
        return rules  # (a passive's generic subject is counted by the count readers)
    if (
        q is None
        or not q.calls
        or q.per is None
        or q.max is None
        or q.per in TALK_NOUNS | {"user", "customer"}
    ):
        return rules
    return [
        r.model_copy(update={"params": {**r.params, "per": q.per}})
        if r.operator == "max_calls" and not r.params.get("per") and r.params.get("max") == q.max
        else r
        for r in rules
    ]


def _subject_led(rule: CandidateRule) -> bool:
    mentions = [rule.target, *(v for k, v in rule.params.items() if k == "before")]
    return any(isinstance(m, str) and _SUBJECT_LED.match(m) for m in mentions)


_CHECKS = frozenset({"verify", "check", "confirm", "validate", "authenticate", "identify"})


def _checked(rule: CandidateRule, said: str) -> CandidateRule:
    """An identification before one named action: which lookup identifies the person is
    inferred, so the rule is reviewed (the account rule over `*` is spread by the lookups),
    unless the sentence names the check as a tool is named ("the identity check")."""
    if rule.target == "*" or rule.operator != "require_before":
        return rule
    before = rule.params.get("before")
    if isinstance(before, str) and " " in before and not _unnamed_check(before, said):
        return rule
    return rule.model_copy(update={"grounding": "inferred"})


def _unnamed_check(before: str, said: str) -> bool:
    """A check said as an act ("after you have verified the user"), not named as a noun the
    way a tool is ("the identity check", "the eligibility screen")."""
    words = before.split(" ")
    if words[0] not in _CHECKS:
        return False
    named = " ".join([*words[1:], _CHECK_NOUNS.get(words[0], words[0])])
    return len(words) < 2 or re.search(rf"\b{re.escape(named)}\b", said, re.I) is None


_CHECK_NOUNS = {"verify": "verification", "confirm": "confirmation", "validate": "validation"}


def _each_act(found: list[CandidateRule], timed: temporal.Timed) -> bool:
    """Whether the grammar's ordering reads more acts than the phrase readings did, each
    after a step those readings name too (the same order, said of every coordinated act)."""
    orders = [r for r in found if r.operator in _ORDERS]
    steps = {repr(r.params.get("before")).casefold() for r in orders}
    acts = {e.target for e in timed.emits if e.operator in _ORDERS}
    said = {repr(e.params.get("before")).casefold() for e in timed.emits if e.operator in _ORDERS}
    return bool(orders) and len(acts) > len({r.target for r in orders}) and said <= steps


def _spelt_as(found: list[CandidateRule], timed: temporal.Timed) -> temporal.Timed:
    """The grammar's orders with the step spelt, and trusted, as the phrase readings that
    named it had it (`FindMember`, not folded; the phrase readings' confidence)."""
    orders = [r for r in found if r.operator in _ORDERS]
    spelt = {str(b).casefold(): b for r in orders if isinstance(b := r.params.get("before"), str)}
    sure = max(r.confidence for r in orders)
    return temporal.Timed(
        tuple(
            replace(
                e,
                params={**e.params, "before": spelt.get(str(before).casefold(), before)},
                confidence=max(e.confidence, sure),
            )
            if isinstance(before := e.params.get("before"), str)
            else e
            for e in timed.emits
        ),
        timed.obliges,
    )


def _timed(
    sentence: Sentence, timed: temporal.Timed
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules of an ordering stated with after / once / until, and what it obliges that
    no operator enforces."""
    rules = [candidate(sentence, e) for e in timed.emits]
    # "after you have verified the user": a check made by some read, not one named tool;
    # whichever tool the resolver picks is inferred, so the rule is reviewed
    rules = [
        r.model_copy(update={"grounding": "inferred"})
        if _unnamed_check(str(r.params.get("before", "")), sentence.clean)
        or r.confidence <= temporal.INFERRED  # an object borrowed from the other action
        else r
        for r in rules
    ]
    if sentence.subject is None:
        rules += [candidate(sentence, e) for e in value_sources(sentence.clean)]
        rules = with_asked(sentence, rules, ordered=True)  # "get X from the user before Y"
    notes: list[Diagnostic] = []
    if timed.obliges is not None:
        notes.append(
            Diagnostic(
                code="obligation-not-enforced",
                message=f"only the order is compiled: the sentence also obliges the agent to "
                f"`{timed.obliges}` once the event happened, and no operator requires a call",
                severity="note",
                span=sentence.span(),
                help="check that the call happens with an eval, or state only the order",
            )
        )
    kept = {n.message: n for n in (condition_diagnostic(sentence, r) for r in rules if r.condition)}
    return rules, [*notes, *kept.values()]  # "usually ... before ...": why it is reviewed


_HEADING_LIKE = re.compile(r"^[^a-z]*$|:$")
_ITSELF = frozenset({"", "it", "function", "tool", "action", "method", "endpoint"})


def _own_rule(sentence: Sentence, clause: Clause) -> bool:
    """A prompt sentence states its own rules. A tool description is written in the
    imperative ("Assign a license"), so only a modal sentence about the described tool
    itself ("only call this function if ...") is read as a rule there."""
    if sentence.subject is None:
        return True
    return clause.modality in {"must_not", "only"} and clause.object in _ITSELF


_PERMISSIVE = re.compile(
    r"\b(?:allowed|permitted|mandatory|exclusively|solely|not\s+permitted|is\s+required|are\s+"
    r"required|requires?\s+(?:\w+\s+)?(?:approval|confirmation|consent|authori[sz]ation)|"
    r"(?:may|can)\s+(?:\w+\s+){0,3}?without)\b",  # "X may be done without Y": else Y is needed
    re.I,
)


def _rule_like(sentence: Sentence, clause: Clause) -> bool:
    """A deontic word, a permission, or an imperative (an action or an instruction)."""
    if reads_like_rule(sentence) or _PERMISSIVE.search(sentence.clean):
        return True
    if clause.action is not None and clause.modality in {"must", "must_not", "only"}:
        return True  # "you have to authenticate the user": a modal over an action
    told = clause.imperative or clause.instruction
    return told and not _HEADING_LIKE.search(sentence.clean.strip())


def _unsupported(clause: Clause) -> Gap | None:
    """A rule of a kind no operator states: a value format, an open list of values."""
    if clause.format_of:
        return Gap(
            "rule-not-compiled",
            f"values must follow the format `{clause.format_of}`; no operator checks a format "
            "built from other values",
            "state the format as a `pattern` in the tool's input schema",
        )
    if clause.open_list:
        return Gap(
            "rule-not-compiled",
            "these values are called typical, standard or an example, so they are not read as "
            "the only allowed values",
            "say `the accepted values are ...` to make the list a rule",
        )
    return None


def _without_yes(timed: temporal.Timed) -> temporal.Timed | None:
    """The ordering without the steps that are the user's yes (the confirmation reader
    states those), or None when nothing else is left."""
    emits = tuple(
        e
        for e in timed.emits
        if not (isinstance(e.params.get("before"), str) and is_yes(e.params["before"]))
        and e.operator != "require_confirmation"  # one reader of the yes: `user_yes`
    )
    if not emits:
        return None
    return temporal.Timed(emits, timed.obliges)

"""Numbered steps that must run in order: "follow this fixed order: 1. Create the account.
2. Assign groups." or "follow these steps in order: 1) ..., 2) ..., and 3) ...".

Each step is read by the grammar into its action (verb + object, the mention the resolver
maps to a tool); each step requires the one before it (`require_before`), stated at the
sentence that announces the order. Steps cut into sentences of their own by the sentence
splitter are gathered back while only their numbers stand between them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract import procedures
from specgap.extract.clause_steps import (
    clause_actions,
    is_soft,
    purpose_of,
    split_steps,
    steps_in,
    with_antecedent,
)
from specgap.extract.coordination import alternative_objects, phrase_actions
from specgap.extract.grammar import parse
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import Emit, candidate
from specgap.extract.oblig2_steps import restated, stated_here
from specgap.extract.order_leads import lead_items, obligation_note
from specgap.extract.order_lists import checked, inline_procedure, introduced, under_heading
from specgap.extract.order_rephrase import chain_form
from specgap.extract.order_steps import is_goal_step, order_goal
from specgap.extract.order_tables import table_orders
from specgap.extract.order_words import pulled
from specgap.extract.segments import Sentence
from specgap.extract.steps_inline import empty_condition, needed_steps, step_actions
from specgap.ir import CandidateRule, Diagnostic

_ANNOUNCE = re.compile(
    r"\b(?:(?:fixed|following|this|these|strict|exact|same|unchangeable|specific)\s+)*"
    r"(?:order|sequence|steps|stages)\b[^:]*:\s*(?P<rest>.*)$|\bin\s+(?:this|the\s+following)\s+"
    r"order\s*:\s*(?P<rest2>.*)$",
    re.I,
)
_ORDERED = re.compile(
    r"\b(?:must|should|shall|always|has\s+to|have\s+to|follow|adhere|in\s+order|fixed|"
    r"unchangeable|strict)\b",
    re.I,
)
_NUMBER = re.compile(r"(?:^|\s|,)(?:and\s+)?\(?(\d{1,2})[.)]\s+")
_GAP = re.compile(r"^\s*(?:\d{1,2}[.)])?\s*$")


def read_all(
    sentences: Iterable[Sentence],
) -> Iterator[tuple[Sentence, list[CandidateRule], list[Diagnostic]]]:
    """Every sentence with the rules it states; a sentence announcing numbered steps
    states their order, and the steps that follow it as sentences of their own state
    nothing else."""
    from specgap.extract.reading import read_sentence

    pending = list(sentences)
    chain = _Chain()
    later: list[tuple[int, Emit | CandidateRule]] = []  # a step's own requirement, at its line
    i = 0
    while i < len(pending):
        sentence = pending[i]
        line = sentence.span().start_line
        items = lead_items(sentence)  # "Before you cancel an order:" over a list
        here = [e for at, e in later if at == line and sentence.subject is None]
        if items is not None and not here:
            found, notes = read_sentence(sentence)
            notes = [n for n in notes if n.code != "rule-not-compiled"]  # its list compiled
            ordered_items = [candidate(sentence, e) for e in items.rules]
            reviewed = [condition_diagnostic(sentence, r) for r in ordered_items if r.condition]
            notes += list({d.message: d for d in reviewed}.values())
            notes += [obligation_note(sentence, action) for action in items.obliges]
            yield sentence, [*found, *ordered_items], notes
            i += 1
            continue
        if here:
            later = [(at, e) for at, e in later if at != line]
            found, notes = read_sentence(sentence)
            here_rules = [
                candidate(sentence, e) if isinstance(e, Emit) else stated_here(sentence, e)
                for e in here
            ]  # a step's own requirement, or the list's order restated at its later step
            yield sentence, [*found, *here_rules], notes
            i += 1
            continue
        if tabled := table_orders(sentence):  # "| ship_order | weigh_order |" under a header
            found, notes = read_sentence(sentence)
            notes = [n for n in notes if n.code != "rule-not-compiled"]
            notes += [condition_diagnostic(sentence, r) for r in tabled if r.condition]
            yield sentence, [*found, *tabled], notes
            i += 1
            continue
        steps, used = _steps(sentence, pending[i + 1 :])
        inline = inline_procedure(sentence.clean) if len(steps) < 2 else None
        if inline is not None:  # "To cancel an event: 1) ..., 2) ...", "Refund process: a, b"
            steps = inline[0]
        paragraphs = procedures.steps_after(sentence) if len(steps) < 2 else []
        goal = procedures.goal_introduced(sentence, paragraphs) if paragraphs else None
        announced = bool(paragraphs) and (goal is not None or procedures.announces(sentence))
        # "When a grower wants to cancel:" / "## Cancelling an order" over "1. ..." lines
        listed = _listed(sentence, paragraphs, announced, len(steps) >= 2)
        if listed is not None:
            paragraphs = listed[0]
        if announced or listed is not None:
            # "Step 1. ..." paragraphs: the steps keep their own sentences and rules; after
            # "To book a class:" they hold within that goal (its own action: always)
            scope = f"within: {goal}" if goal is not None else _scope(sentence)
            aim = goal_of(scope)
            if listed is not None:
                scope, aim = listed[1], listed[2]
            emits = procedures.orderings(paragraphs, scope, aim)
            later += procedures.requirements(paragraphs)
            rules = [candidate(sentence, e) for e in emits]
            if listed is not None:  # "1. Verify the member. 2. Freeze ...": an inferred read
                rules = [
                    r.model_copy(update={"grounding": "inferred"})
                    if checked(r.params.get("before"))
                    else r
                    for r in rules
                ]
            later += restated(paragraphs, rules, line)  # also stated at its later step
            found, notes = read_sentence(sentence)
            notes = [n for n in notes if n.code != "rule-not-compiled"]
            kept = [condition_diagnostic(sentence, r) for r in rules if r.condition]
            notes += list({d.message: d for d in kept}.values())
            yield sentence, [*found, *rules], notes
            i += 1
            continue
        if len(steps) < 2:
            ordered = chain.read(sentence)
            if ordered:
                found, notes = read_sentence(sentence)
                notes = [n for n in notes if n.code != "rule-not-compiled"]
                kept = [condition_diagnostic(sentence, r) for r in ordered if r.condition]
                notes += list({d.message: d for d in kept}.values())  # "to delete X, first"
                yield sentence, [*found, *ordered], notes
                i += 1
                continue
        if len(steps) >= 2:
            rules = list(_ordered(sentence, steps, inline[1:] if inline else None))
            found, notes = read_sentence(sentence)
            notes = [n for n in notes if n.code != "rule-not-compiled"]
            kept = [condition_diagnostic(sentence, r) for r in rules if r.condition]
            notes += list({d.message: d for d in kept}.values())  # each condition kept
            yield sentence, [*found, *rules], notes
            i += 1 + used
            continue
        found, notes = read_sentence(sentence)
        yield sentence, found, notes
        i += 1


def _listed(
    sentence: Sentence, paragraphs: list[procedures.Step], announced: bool, inline: bool
) -> tuple[list[procedures.Step], str, str | None] | None:
    """Numbered steps a goal line or a heading introduces (`order_lists`), with their scope
    and goal; None when the sentence introduces none or another reading has them."""
    if announced or inline:
        return None
    if paragraphs and (intro := introduced(sentence, paragraphs)) is not None:
        return paragraphs, intro[0], intro[1]
    return under_heading(sentence)


def _steps(sentence: Sentence, after: list[Sentence]) -> tuple[list[str], int]:
    """The step texts a sentence announces, and how many following sentences they took."""
    m = _ANNOUNCE.search(sentence.clean)
    goal = _FOR_GOAL.match(sentence.clean)
    if m is None and goal is None:
        return [], 0
    if m is None or goal is not None:
        rest = sentence.clean[goal.end() :] if goal is not None else ""
    else:
        rest = m["rest"] if m["rest"] is not None else m["rest2"] or ""
    inline = _split(rest)
    if not _ORDERED.search(sentence.clean):
        # "steps for a refund: 1. ... 2. ...": numbers on one line give the order
        return (inline, 0) if len(inline) >= 2 and _FOR_GOAL.match(sentence.clean) else ([], 0)
    if len(inline) >= 2:
        return inline, 0
    if rest.strip() and not _GAP.match(rest):
        return [], 0
    steps: list[str] = []
    end = sentence.raw_range()[1]
    for n, nxt in enumerate(after):
        start, stop = nxt.raw_range()
        if not _GAP.match(sentence.artifact.text[end:start]) or "\n" in sentence.artifact.text[
            end:start
        ].strip(" "):
            return steps, n
        steps.append(nxt.clean.strip().rstrip("."))
        end = stop
    return steps, len(after)


def numbered(text: str) -> list[str]:
    """The items of an inline numbered list ("1) a, 2) b, and 3) c"), [] for fewer than two."""
    return _split(text)


def _split(text: str) -> list[str]:
    marks = list(_NUMBER.finditer(text))
    if len(marks) < 2 or [int(m[1]) for m in marks] != list(range(1, len(marks) + 1)):
        return []
    parts = []
    for a, b in zip(marks, [*marks[1:], None], strict=False):
        chunk = text[a.end() : b.start() if b else len(text)]
        parts.append(chunk.strip(" ,.;").removesuffix(", and").removesuffix(" and"))
    return parts


_SCOPE = re.compile(
    r"^(?P<scope>.*?)\s*,?\s*\b(?:must|should|shall|has\s+to|have\s+to|always\s+)?\s*"
    r"(?:follow|adhere|proceed|go|be\s+done|run|happen)\b",
    re.I,
)
_NO_SCOPE = re.compile(
    r"^(?:(?:you|we|the\s+agent|always|please|strictly|must|should|shall|then|so|also|now|"
    r"carefully|exactly)\s*)*$",
    re.I,
)


# "steps for a refund:", "the procedure to close an account:": what the steps are for
_FOR_GOAL = re.compile(
    r"^\W*(?:the\s+)?(?:steps|procedure|process|sequence)\s+(?P<goal>(?:for|to)\s+[^:]+?)\s*:", re.I
)


def _scope(sentence: Sentence) -> str | None:
    """The process an order holds within ("the onboarding process must follow ...", "to
    remove a role, follow ...", "steps for a refund:"), kept as the rules' condition; None
    for a bare order."""
    goal = _FOR_GOAL.match(sentence.clean.strip(" -*"))
    if goal is not None:
        return f"within: {goal['goal']}"
    m = _SCOPE.match(sentence.clean.strip(" -*"))
    scope = " ".join(m["scope"].split()).strip(" ,") if m else ""
    return None if _NO_SCOPE.match(scope) else f"within: {scope}"


def goal_of(scope: str | None) -> str | None:
    """The action a procedure's scope names as its goal ("within: To lend a book": `lend
    book`): the order before that action holds whenever it is done, so no condition."""
    m = re.match(r"^within:\s*(?:in\s+order\s+)?to\s+(?P<v>.+)$", scope or "", re.I)
    if m is None:  # "within: for a refund": the action the noun names
        return order_goal(scope)
    return parse(m["v"]).action


def _ordered(
    sentence: Sentence, steps: list[str], scoped: tuple[str, str | None] | None = None
) -> Iterator[CandidateRule]:
    """`require_before` for each step after the first. The order of a named process ("the
    onboarding process must follow ...", "to remove a role, follow ...") holds within that
    process only: a scope no state test binds, so the rules keep it and stay for review.
    `scoped`: the scope and goal a lead before a colon gave (`order_lists`)."""
    condition, goal = scoped if scoped is not None else (_scope(sentence), None)
    goal = goal or goal_of(condition)
    # a step over a set that may be empty ("delete all holds") is needed only when it is not,
    # and the step after it also needs the one before it (`steps_inline`)
    empty = [empty_condition(step) for step in steps]
    done: set[tuple[str, str]] = set()
    for k, said_then in enumerate(steps):
        for then in step_actions(said_then):
            own = then == goal or is_goal_step(goal, then)
            for j, when in needed_steps(empty, k):
                for first in step_actions(steps[j]):
                    if first == then or (then, first) in done:
                        continue
                    done.add((then, first))
                    # each step's action is resolved in the words of its own step
                    said = ((first, steps[j]), (then, said_then))
                    held = "; ".join(c for c in (None if own else condition, when) if c) or None
                    emit = Emit("require_before", then, {"before": first}, 0.7, condition=held,
                                contexts=said)  # fmt: skip
                    yield candidate(sentence, emit)


# --- procedural prose: "First X. Then Y. Next, Z." --------------------------------------------

_OPENS = re.compile(r"^\W*(?:first(?:ly)?|to\s+start|begin\s+by|start\s+by)\b\s*,?\s*", re.I)
_GOES_ON = re.compile(
    r"^\W*(?:(?:only\s+)?then|next|(?:only\s+)?after\s+that|afterwards|after\s+this|subsequently|"
    r"finally|lastly|second(?:ly)?|third(?:ly)?|(?:if\s+[^,]+,\s*)then)\b\s*,?\s*",
    re.I,
)
# "(only then) can the pass be issued", "(only then) may you issue it": the subject first
_INVERTED = re.compile(
    r"^(?P<m>may|can|should|must|will|shall)\s+(?P<s>you|we|the\s+agent|(?:the|a|an|its|their|any)"
    r"\s+[^,;]+?(?=\s+be\s))\s+",
    re.I,
)
_FIRST_LAST = re.compile(r"\s+first\s*[.!]?\s*$", re.I)
_CONDITION = re.compile(r"^\W*(?:if|when|whenever|unless|once|after|before|while)\b", re.I)
_LABEL = re.compile(r"^[^\n]*:\s*\n\s*")  # "instructions:" on a line of its own


class _Chain:
    """The steps of procedural prose within one section: a sentence opening with `First`
    starts a chain, one opening with `Then`, `Next`, `After that`, `Finally` (or `If ...,
    then`) continues it, and each step requires the one before it; one sentence naming its
    steps in order ("get X, then Y, and finally Z": `clause_steps.steps_in`) is a chain of
    its own. A step's own condition does not weaken the order: `require_before` constrains
    a step only when it is taken. A sentence that only recommends ("usually first ...")
    orders nothing."""

    def __init__(self) -> None:
        self.section: str | None = None
        self.last: list[str] = []  # the actions of the previous step (coordinated objects)
        self.said = ""  # the sentence the previous step was read from
        self.either = False  # the previous step's objects are alternatives ("A or B")

    def read(self, sentence: Sentence) -> list[CandidateRule]:
        text = chain_form(_LABEL.sub("", sentence.clean.strip()))  # "X first; only then Y"
        text = pulled(text)  # "pull the invoice, then ...": get it
        if sentence.subject is not None:
            return []
        if sentence.context != self.section:
            self.section, self.last = sentence.context, []
        if is_soft(text):
            return []  # "usually, first check ...": a recommendation, reported elsewhere
        opens = _OPENS.match(text)
        goes_on = _GOES_ON.match(text)
        first_last = _FIRST_LAST.search(text)  # "Fetch the order first. Then ..."
        scope: str | None = None  # "to delete X, first A, then B": A before B within it
        if opens is not None:
            self.last = []
            parts = split_steps(text[opens.end() :])
        elif first_last is not None and goes_on is None and not _CONDITION.match(text):
            self.last = []
            parts = split_steps(text[: first_last.start()])
        elif goes_on is not None and self.last:
            parts = split_steps(_INVERTED.sub(r"\g<s> \g<m> ", text[goes_on.end() :], count=1))
        elif steps := steps_in(text):  # "get the sample, then verify it, then ship it"
            self.last, parts = [], steps
            scope = purpose_of(text)
        else:
            return []
        goal = goal_of(scope)
        rules: list[CandidateRule] = []
        own = " ".join(sentence.text.split())
        for part in parts:
            # "extract the intents and sentiments": both; "then ship it": the object before
            actions = clause_actions(with_antecedent(part, self.last))  # "A and B": both
            # "then cancel it or refund it": each (every pronoun points back), either one done
            both_said = with_antecedent(with_antecedent(part, self.last), self.last)
            coordinated = len(actions) == 1 and re.search(r"\b(?:or|nor)\b", part) is not None
            phrases = phrase_actions(both_said) if coordinated else []
            either = len(phrases) > 1
            actions = phrases if either else actions
            if not actions:
                continue
            # "look up A or B, then X": either lookup does, one any-of ordering
            lasts: list[str | list[str]] = [self.last] if self.either else list(self.last)
            for action in actions:
                for before in lasts:
                    if before != action:
                        # the previous step is resolved in the sentence it was read from
                        named = [before] if isinstance(before, str) else before
                        said = tuple((b, self.said) for b in named) if self.said != own else ()
                        held = None if action == goal else scope  # the goal's own step: always
                        emit = Emit("require_before", action, {"before": before}, 0.7,
                                    condition=held, contexts=said)  # fmt: skip
                        rules.append(candidate(sentence, emit))
            self.last, self.said = actions, own
            self.either = either or alternative_objects(with_antecedent(part, self.last))
        return rules

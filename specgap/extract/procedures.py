"""Procedures written as numbered paragraphs: an announcement ("follow these steps in
order", "execute each step in order", "do the following, in this order:") followed by lines
`Step 1. <title>` (or `1. <title>`), each with its own bullet lines, or by a bulleted list
whose top-level bullets are the steps. A pronoun object in a step ("Ship it.") names the
object of the step before.

Every step is read into the actions it performs: its bullets' unconditional imperatives
when they name two or more actions (`- Link the interaction to the case.` `- Close the
interaction.`), else the action of its title (`Step 3. Verify documents`), else its bullets'
first action. Each step's first action requires the previous step's last action
(`require_before`); actions within a step keep their written order.

A step that may be skipped ("execute this step only if ...", "if ..., skip this step", a
title that opens with "If", a step an earlier one says to skip) is optional: the step after
it requires it only under the condition it is taken on, a condition no state test binds, so
that rule keeps it and stays for review; the step after it also requires the last step that
is never skipped, unconditionally, unless an optional step runs only once that action
happened (so the text allows it to have failed) and the later step is not one of those. A
step skipped for more than one reason is required by none: no one condition says when it
was taken. Steps are read off the artifact's lines, so a step's
number and title are one unit even where the sentence splitter cuts them apart; the bullets
keep their own sentences and rules.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from specgap.extract.clause_steps import with_antecedent
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_steps import is_goal_step, step_tool
from specgap.extract.pattern_base import lemma
from specgap.extract.segments import Sentence
from specgap.extract.steps_inline import empty_condition

# an announcement that the steps below run in their written order
_ANNOUNCES = re.compile(
    r"\b(?:follow|execute|perform|complete|carry\s+out|go\s+through)\b[^.;]*?\b(?:steps?|"
    r"instructions|progression|procedure|sequence|order)\b",
    re.I,
)
_IN_ORDER = re.compile(
    r"\b(?:in\s+(?:the\s+)?(?:order|sequence)|in\s+order\s+(?:given|specified|listed|shown)|"
    r"order\s+specified|progression|sequence|sequentially|one\s+after\s+the\s+other|fixed\s+"
    r"order|exact\s+order|step\s+by\s+step)\b",
    re.I,
)
_STEP = re.compile(
    r"^\s*(?:#+\s*)?(?:\*\*)?(?:step\s+(?P<n>\d{1,2})|(?P<m>\d{1,2}))\s*[.:)\-\u2013]\s*"
    r"(?:\*\*)?\s*(?P<title>.*?)\s*$",
    re.I,
)
# a bullet, or a lettered sub-step ("a. read the case", "b) ...")
_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*\u2022+]|[a-h][.)]|\([a-h]\))\s+(?P<text>.*?)\s*$")
# "do the following, in this order:": a list after it is its steps
_ORDER_COLON = re.compile(
    r"\b(?:in\s+(?:this|the\s+following|the\s+given|that|exactly\s+this)\s+(?:order|sequence)|"
    r"in\s+order|in\s+sequence|one\s+after\s+the\s+other)\s*:\s*$",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")

# what makes a step optional, and under which condition it is taken
_ONLY_IF = re.compile(
    r"\b(?:execute|perform|do|run|complete|take)\s+this\s+step\s+only\s+(?P<k>if|when)\s+"
    r"(?P<c>[^.;]+)",
    re.I,
)
_SKIP_IF = re.compile(r"\bif\s+(?P<c>[^,.;]+),\s*(?:then\s+)?skip\s+(?:this\s+step|it)\b", re.I)
_IF_TITLE = re.compile(r"^\s*(?P<k>if|when|where)\s+(?P<c>[^,]+),", re.I)
_OPTIONAL = re.compile(r"\b(?:optional(?:ly)?|if\s+(?:needed|necessary|applicable|required))\b",
                       re.I)  # fmt: skip
_SKIP_STEPS = re.compile(
    r"\bif\s+(?P<c>[^,.;]+),[^.;]*?\bskip\s+steps?\s+(?P<list>\d{1,2}(?:\s*(?:,|and|or|-|to|"
    r"through)\s*\d{1,2})*)",
    re.I,
)
# an object that is a pronoun, or the particle of a phrasal verb ("look up", "close out")
_PRONOUNS = frozenset(
    {"it", "them", "this", "that", "these", "those", "they", "one", "up", "out", "off", "down"}
)


@dataclass
class Step:
    """One numbered step: its number, title, bullet sentences, and when it may be skipped."""

    number: int
    title: str
    bullets: list[str] = field(default_factory=list)
    condition: str | None = None  # set when the step is optional: when it is taken
    lines: list[int] = field(default_factory=list)  # 1-based line of the title, each bullet
    requires: str | None = None  # "execute this step only if the case was created": create case
    required_at: int | None = None  # ... and the line that says so
    skips: int = 0  # how many different conditions skip the step
    empty: bool = False  # a step over a set the thing may lack ("cancel all its bookings")

    def actions(self, before: list[str] | None = None) -> list[str]:
        """What the step does, in order (see the module docstring); `before`: the actions
        of the step before, which a pronoun object points back to ("Ship it.")."""
        plain: list[str] = []
        for text in self.bullets:
            for sentence in _SENTENCE.split(text):
                action, conditioned = _action(with_antecedent(sentence, plain or before or []))
                if action is not None and not conditioned:
                    plain.append(action)  # a conditional action is not the step's own
        plain = list(dict.fromkeys(plain))
        if len(plain) >= 2:
            return plain
        title, conditioned = _action(with_antecedent(_SENTENCE.split(self.title)[0], before or []))
        purpose = None
        if title is None:  # "2. get_order": the tool id; "Document verification": the noun
            named = step_tool(self.title)
            title, conditioned = named or _nominal(self.title), False
            # "Entity extraction to determine which fields to change": the purpose too
            purpose = None if named else purpose_action(self.title)
        if title is not None and (not conditioned or self.condition is not None):
            # a title's own "If ..." made the step optional
            return [title] if purpose in (None, title) else [title, purpose]
        return plain


def _action(text: str) -> tuple[str | None, bool]:
    """The tool action an imperative sentence names, and whether a condition governs it."""
    clause = parse(text)
    if clause.action is None or clause.negated or clause.verb not in IMPERATIVE_VERBS:
        return None, False
    if clause.verb in NOT_ACTIONS or clause.verb in _CONTROL or not clause.object:
        return None, False
    words = clause.object.split()
    # "look it up", "close it out": a pronoun object; "look up the pen": the particle's object
    pointed = words[0] in _PRONOUNS and (words[0] not in _PARTICLES or len(words) == 1 or
                                         words[1] in _PRONOUNS)  # fmt: skip
    if pointed or (len(words) == 1 and words[0] in _PROCEDURE_NOUNS):
        return None, False
    return clause.action, clause.condition is not None


_PARTICLES = frozenset({"up", "out", "off", "down"})
# verbs that steer the procedure itself, not a tool: "finish execution", "skip to step 7"
_CONTROL = frozenset({"finish", "stop", "end", "skip", "continue", "proceed", "complete", "start"})
_PROCEDURE_NOUNS = frozenset({"step", "steps", "execution", "task", "process", "procedure"})
_NP_END = re.compile(r"\b(?:to|for|from|of|in|on|by|with|and|or|using)\b|[,.;:(]", re.I)


def _nominal(title: str) -> str | None:
    """A title naming its action by a noun (`Document verification`, `Entity extraction to
    ...`): that noun's verb, when it is a known action verb, and the words before it."""
    head = _NP_END.split(title, maxsplit=1)[0]
    words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", head)][:4]
    for i, word in enumerate(words):
        verb = verb_of(word)
        if verb in IMPERATIVE_VERBS and verb not in NOT_ACTIONS | _CONTROL and i > 0:
            return f"{verb} {' '.join(words[:i])}"
    return None


# "... to determine which fields to change": what a step named by a noun is done for
_PURPOSE = re.compile(r"\bto\s+(?P<vp>[a-z]+\s+[^.;:,()]+?)\s*$", re.I)


def purpose_action(title: str) -> str | None:
    """The action of the purpose a noun-named step's title gives ("Entity extraction to
    determine which fields to change": `determine fields to change`), or None (no purpose,
    a purpose that is no action, or a title that opens with its verb)."""
    m = _PURPOSE.search(title)
    if m is None or _NP_END.split(title, maxsplit=1)[0].strip() == title.strip():
        return None
    if parse(title).action is not None:
        return None  # a title that opens with its verb is read whole
    said = re.sub(r"\b(?:which|what|whether|if)\s+", "", m["vp"], count=1, flags=re.I)
    clause = parse(f"You must {said}")  # a verb phrase, not a noun phrase ("check fields")
    if clause.verb in NOT_ACTIONS or clause.verb in _CONTROL or clause.verb not in IMPERATIVE_VERBS:
        return None
    # the whole phrase names the action ("determine fields to update": the fields to change)
    return " ".join(w for w in said.casefold().split() if w not in {"the", "a", "an"})


def verb_of(noun: str, *, results: bool = True) -> str | None:
    """The verb an action noun names (`verification` -> `verify`, `extraction` ->
    `extract`), or None. `results`: also a `-ment` noun (`shipment` -> `ship`), which as
    often names the thing made (a shipment that must hold at most 10 pallets)."""
    known = lemma(noun)
    if known != noun:
        return known
    for ending, verb_ending in (("ification", "ify"), ("ation", "ate"), ("ction", "ct")):
        if noun.endswith(ending):
            return noun[: -len(ending)] + verb_ending
    if results and noun.endswith("ment") and noun[:-4] in IMPERATIVE_VERBS:  # shipment
        return noun[:-4]
    if noun.endswith("ance") and noun not in _ANCE_THINGS:  # issuance, clearance
        return next((v for v in (noun[:-4], noun[:-4] + "e") if v in IMPERATIVE_VERBS), None)
    return None


# "-ance" nouns that name a thing or a quality more often than the act of their verb
_ANCE_THINGS = frozenset(
    {"insurance", "allowance", "balance", "finance", "assistance", "guidance", "performance",
     "compliance", "appearance", "importance", "instance", "distance", "substance"}
)  # fmt: skip


def announces(sentence: Sentence) -> bool:
    """The sentence says that steps run in their written order."""
    return _announces(sentence.clean)


# "To book a class:", "In order to close a ticket:": the goal numbered steps below reach
_PURPOSE_COLON = re.compile(
    r"^\W*(?P<goal>(?:in\s+order\s+)?to\s+[a-z][^:.;]{2,60}?)\s*:\s*$", re.I
)


def goal_introduced(sentence: Sentence, steps: list[Step]) -> str | None:
    """The goal a purpose line gives the numbered steps after it ("To book a class:" over
    "1. ...", "2. ...": numbers are an order, bullets are not), or None."""
    m = _PURPOSE_COLON.match(sentence.clean)
    if m is None or not steps or not steps[0].lines:
        return None
    lines = sentence.artifact.text.splitlines()
    first = steps[0].lines[0] - 1
    numbered = 0 <= first < len(lines) and _STEP.match(lines[first]) is not None
    return " ".join(m["goal"].split()) if numbered else None


def _announces(text: str) -> bool:
    return bool(_ANNOUNCES.search(text) and _IN_ORDER.search(text)) or bool(
        _ORDER_COLON.search(text)
    )


def steps_after(sentence: Sentence, least: int = 2) -> list[Step]:
    """The numbered steps that start on the lines right after the sentence (only blank
    lines between), numbered 1, 2, 3 ...; fewer than two: none."""
    text = sentence.artifact.text
    end = sentence.raw_range()[1]
    rest_of_line = text[end : (text.find("\n", end) + 1 or len(text))]
    if _announces(rest_of_line):
        return []  # a later sentence on the line announces them
    first = text.count("\n", 0, end + len(rest_of_line)) + 1
    return steps_on_lines(text[end + len(rest_of_line) :].splitlines(), first, least)


_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")


def heading_over_item(
    sentence: Sentence, item: re.Pattern[str], marker: str
) -> tuple[list[str], int, str] | None:
    """The lines of the sentence's artifact, the 0-based line of the list item the sentence
    opens (its line starts with `item`, and `marker` matches it after the indent) and the
    title of the heading right above it (blank lines between); None otherwise."""
    text = sentence.artifact.text
    line_start = text.rfind("\n", 0, sentence.raw_range()[0]) + 1
    if not item.match(text, line_start):
        return None  # not such an item (checked before the text is cut up)
    lines = text.splitlines()
    at = text.count("\n", 0, line_start)
    if at >= len(lines) or not re.match(rf"^\s*{marker}\s", lines[at]):
        return None
    above = at - 1
    while above >= 0 and not lines[above].strip():
        above -= 1
    heading = _HEADING.match(lines[above]) if above >= 0 else None
    return (lines, at, heading["title"]) if heading is not None else None


def steps_on_lines(lines: list[str], first: int, least: int = 2) -> list[Step]:
    """The numbered steps (or top-level bullets) the lines open with, numbered 1, 2, 3 ...;
    `first`: the 1-based line number of `lines[0]`; fewer than `least`: none."""
    steps: list[Step] = []
    blank = False
    listed = _bulleted(lines)  # "- Get the sample." lines: each top-level bullet is a step
    for number, line in enumerate(lines, start=first):
        if not line.strip():
            blank = True
            continue
        if listed is not None:
            b = _BULLET.match(line)
            if b is None or len(b["indent"]) < listed or (blank and steps):
                break
            if len(b["indent"]) == listed:
                steps.append(
                    Step(len(steps) + 1, b["text"].replace("*", " ").strip(), lines=[number])
                )
            else:
                steps[-1].bullets.append(b["text"].replace("*", " ").strip())
                steps[-1].lines.append(number)
            blank = False
            continue
        m = _STEP.match(line)
        if m is not None and int(m["n"] or m["m"]) == len(steps) + 1:
            steps.append(Step(len(steps) + 1, m["title"].replace("*", " ").strip(), lines=[number]))
        elif not steps:
            break
        elif (b := _BULLET.match(line)) is not None:
            steps[-1].bullets.append(b["text"].replace("*", " ").strip())
            steps[-1].lines.append(number)
        elif blank:
            break  # a paragraph of its own: the procedure is over
        elif steps[-1].bullets:
            steps[-1].bullets[-1] += " " + line.strip()
        else:
            steps[-1].title += " " + line.strip()
        blank = False
    if len(steps) < least:
        return []
    _mark_optional(steps)
    return steps


def _bulleted(lines: list[str]) -> int | None:
    """The indentation of a bulleted list that opens right after the announcement (blank
    lines aside), or None when the next line is no bullet."""
    for line in lines:
        if line.strip():
            b = _BULLET.match(line)
            return len(b["indent"]) if b is not None else None
    return None


def _mark_optional(steps: list[Step]) -> None:
    for step in steps:
        body = " ".join([step.title, *step.bullets])
        ways = [m["c"] for m in (*_SKIP_IF.finditer(body), *_ONLY_IF.finditer(body))]
        step.skips = len({_meaning(c) for c in ways})
        only = _ONLY_IF.search(body)
        skip = _SKIP_IF.search(body)
        title = _IF_TITLE.match(step.title)
        if only is not None:
            step.condition = step.condition or f"only {only['k'].lower()} {only['c'].strip()}"
            _requires(step, only["c"], only[0])
        elif skip is not None:
            step.condition = step.condition or f"unless {skip['c'].strip()}"
            done = re.match(r"\s*(?:no|not\s+an?|nothing)\s+(?P<e>.+)$", skip["c"], re.I)
            if done is not None:  # "if no case was created, skip this step": a case first
                _requires(step, done["e"], skip[0])
        elif title is not None:
            step.condition = step.condition or f"{title['k'].lower()} {title['c'].strip()}"
        elif _OPTIONAL.search(body):
            step.condition = step.condition or "when the optional step is taken"
        elif not step.bullets and (empty := empty_condition(step.title)) is not None:
            # "Cancel all bookings for the kennel": no call when there are none (`steps_inline`)
            step.condition, step.empty = step.condition or empty, True
        for m in _SKIP_STEPS.finditer(body):
            for number in _numbers(m["list"]):
                if step.number < number <= len(steps):
                    later = steps[number - 1]
                    later.condition = later.condition or f"unless {m['c'].strip()}"


def _meaning(condition: str) -> str:
    """One key for the conditions that say the same ("only if the case was created", "if no
    case was created, skip"): the event's action, else the words."""
    from specgap.extract.order_events import event_action

    plain = re.sub(r"\b(?:successfully|already|previously)\s+", "", condition.strip())
    plain = re.sub(r"^(?:no|not\s+an?|nothing)\s+", "", plain, flags=re.I)
    return event_action(plain) or " ".join(plain.casefold().split())


def _requires(step: Step, event: str, said: str) -> None:
    """The action the step's condition says happened before it (`the case was created`)."""
    from specgap.extract.order_events import event_action

    action = event_action(re.sub(r"\b(?:successfully|already|previously)\s+", "", event.strip()))
    if action is None:
        return
    step.requires = action
    texts = [step.title, *step.bullets]
    at = next((i for i, t in enumerate(texts) if said.split()[0] in t and said[:20] in t), None)
    step.required_at = step.lines[at] if at is not None and at < len(step.lines) else None


def requirements(steps: list[Step]) -> list[tuple[int, Emit]]:
    """(line, rule) for each step that runs only once an action happened: every action of
    the step requires it, stated where the condition is written."""
    out: list[tuple[int, Emit]] = []
    for step in steps:
        if step.requires is None or step.required_at is None:
            continue
        for action in step.actions():
            if action != step.requires:
                out.append((step.required_at, Emit("require_before", action,
                                                   {"before": step.requires}, 0.7)))  # fmt: skip
    return out


def _numbers(listed: str) -> list[int]:
    found = [int(n) for n in re.findall(r"\d{1,2}", listed)]
    if len(found) == 2 and re.search(r"-|to|through", listed):
        return list(range(found[0], found[1] + 1))
    return found


def orderings(steps: list[Step], scope: str | None, goal: str | None = None) -> list[Emit]:
    """`require_before` between consecutive actions (see the module docstring); `scope`,
    when the order holds within a named process only, is kept on every rule but those
    whose action is the process's `goal` ("to lend a book": lending holds it always)."""
    out: list[Emit] = []
    last: str | None = None  # the last action of the previous step that has one
    last_condition: str | None = None
    last_skips = 0
    mandatory: str | None = None  # the last action of the last step never skipped
    emptied: list[tuple[str, str]] = []  # the steps over a set since, and their conditions
    # "execute this step only if the case was created": creating it may have failed, so a
    # step that runs either way does not require it
    doubted = {step.requires for step in steps if step.requires is not None}

    def add(then: str, first: str | None, condition: str | None) -> None:
        if first is None or first == then:
            return
        own = then == goal or is_goal_step(goal, then)  # the goal's own step: always
        kept = "; ".join(c for c in (None if own else scope, condition) if c) or None
        emit = Emit("require_before", then, {"before": first}, 0.7, condition=kept)
        if emit not in out:
            out.append(emit)

    for step in steps:
        actions = step.actions([last] if last else None)
        if not actions:
            continue
        if last_skips < 2:  # a step skipped for several reasons: its condition says too little
            add(actions[0], last, last_condition)
        if last_condition is not None and (mandatory not in doubted or step.requires == mandatory):
            add(actions[0], mandatory, None)
            # and every step over a set that may be empty in between, each when it is not
            for earlier, when in emptied[:-1]:
                add(actions[0], earlier, when)
        if actions[1:] != [purpose_action(step.title)]:  # a means and its purpose: no order
            for first, then in itertools.pairwise(actions):
                add(then, first, None)
        last, last_condition, last_skips = actions[-1], step.condition, step.skips
        if step.condition is None:
            mandatory, emptied = actions[-1], []
        elif step.empty:  # "cancel all bookings for the pen": skipped only when there are none
            emptied.append((actions[-1], step.condition))
        else:
            emptied = []  # a step skipped for a reason of its own: no link across it
    return out

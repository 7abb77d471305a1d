"""A long sentence that holds several rules, read clause by clause.

Dense prose joins two or three rules in one sentence: "X must be looked up first; a closed
one is never reopened", "Y is only possible while Z is open, and only after the owner has
said yes", "refunds go through `refund_fee`, which may only be used once per booking". The
sentence is read whole first (`reading.read_sentence`); when it has clause joints, each
clause is then read on its own as a `Sentence` of its own characters (so its policy's
location is its own clause's lines), and the rules it states that the whole reading did not
state are added (`more`).

- Joints: a semicolon, or a comma followed by "and", "but", "although", "though", "while",
  "whereas", "so" or "yet" whose two sides are each a clause of at least four words. A list
  ("letter, pass or audit") is no joint. "and" before a clause with a quantified subject of
  its own ("No refund exceeds £500 and any refund above £120 is reviewed") parts two whole
  clauses, as a semicolon does.
- A relative clause on a tool id ("..., through `set_grade`, which may only set A or B"):
  the clause reads with the tool id in place of "which" (the id's characters are mapped to
  the place of "which", so the clause's span stays its own).
- A clause's reading is kept only where it is sure of its tool: when the sentence names
  tool ids, a clause rule must target one of them (or every tool, `*`); a rule on a tool the
  sentence leaves to be inferred, while another clause names the tool, is dropped (the tool
  the rule is about may be the one named in the other clause). Rules of an operator and
  target the whole sentence already stated are not added again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.segments import Sentence
from specgap.extract.state6_steps import stopped
from specgap.extract.temporal_parts import TOOL_ID
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.one_call_at_a_time import talks_too
from specgap.resolve.text import stem

Reader = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_STRONG = re.compile(r";\s+")
_WEAK = re.compile(
    r",\s+(?:and|but|although|though|while|whereas|so|yet)\s+(?!then\b|that\b|on\b|so\b)"
    r"|\s+(?:\u2014|\u2013|--)\s+",  # a dash between two clauses ("... at most \u2014 a third ...")
    re.I,
)
# "and" before a clause with a subject of its own ("No refund exceeds £500 and any refund above
# £120 is reviewed"): a quantified noun, then its verb within a few words; each side is a whole
# clause, so the cut is as strong as a semicolon
_SUBJECT = re.compile(
    r",?\s+and\s+(?=(?:any|every|each|anything|nothing|everything)\s+(?:[\w£$€.,-]+\s+){0,5}?"
    r"(?:is|are|must|may|can|goes|go|waits|wait|needs|need|gets|get)\b)",
    re.I,
)
_WHICH = re.compile(r",\s+which\s+(?=(?:\w+\s+){0,2}?(?:may|can|must|should|only|never|is|are)\b)")
_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")
_MIN_WORDS = 4


def clauses(sentence: Sentence) -> list[Sentence]:
    """The clauses of a sentence that holds several, each a `Sentence` of its own
    characters; [] for a sentence of one clause."""
    return [c for c, _ in _clauses(sentence)]


def _clauses(sentence: Sentence) -> list[tuple[Sentence, bool]]:
    """`clauses`, each with whether only semicolons set it apart (a clause cut at a comma
    and a conjunction, or a relative clause, may lean on the rest of its sentence)."""
    text = sentence.clean
    cuts: list[tuple[int, int, bool]] = []  # (end of the clause before, start of the next)
    for pattern, strong in ((_STRONG, True), (_SUBJECT, True), (_WEAK, False)):
        cuts += [
            (m.start(), m.end(), strong)
            for m in pattern.finditer(text)
            if not (strong and stopped(text[: m.start()]))
        ]  # "If S, stop; do not V"
    cuts.sort(key=lambda c: (c[0], not c[2]))  # (a strong cut first where two start)
    bounds: list[tuple[int, int, bool, bool]] = []  # start, end, strong cut before, after
    start, before = 0, True
    for end, nxt, strong in cuts:
        if end <= start:
            continue
        bounds.append((start, end, before, strong))
        start, before = nxt, strong
    bounds.append((start, len(text), before, True))
    # after a comma and a conjunction, a piece that states nothing of its own (no modal, no
    # value list, no order) is part of the clause before: "only send X when A, and B holds"
    # is one condition, not two clauses
    bounds = _joined(text, bounds)
    # a piece too short to be a clause ("a, b, and c"; "X, and so on") joins the one before
    merged: list[tuple[int, int, bool, bool]] = []
    for a, b, left, right in bounds:
        short = _short(text[a:b])
        if merged and (short or _short(text[merged[-1][0] : merged[-1][1]])):
            merged[-1] = (merged[-1][0], b, merged[-1][2], right)
        else:
            merged.append((a, b, left, right))
    out: list[tuple[Sentence | None, bool]] = []
    if len(merged) > 1:
        out = [(_piece(sentence, a, b), left and right) for a, b, left, right in merged]
    out += [(r, False) for r in _relatives(sentence)]
    return [(c, strong) for c, strong in out if c is not None]


def _short(piece: str) -> bool:
    """A piece too short to be a clause of its own: fewer than four words, unless it states
    a rule over a tool it names ("Never call `x`")."""
    if _words(piece) >= _MIN_WORDS:
        return False
    return not (TOOL_ID.search(piece) and _SAYS.search(piece))


_SAYS = re.compile(
    r"\b(?:must|may|can|cannot|can't|should|shall|will|never|not|no|only|always|has\s+to|"
    r"have\s+to|needs?\s+to|required|requires|either|one\s+of|at\s+most|up\s+to|"
    r"before|after|until|once|per|first|above|over|exceeds?|beyond|reviewed|review|approval|"
    r"approved)\b",
    re.I,
)


def _joined(
    text: str, bounds: list[tuple[int, int, bool, bool]]
) -> list[tuple[int, int, bool, bool]]:
    """The pieces, each one after a comma and a conjunction that says nothing of its own
    joined to the piece before it."""
    out: list[tuple[int, int, bool, bool]] = []
    for a, b, left, right in bounds:
        if out and not left and _SAYS.search(text, a, b) is None:
            out[-1] = (out[-1][0], b, out[-1][2], right)
        else:
            out.append((a, b, left, right))
    return out


def _words(text: str) -> int:
    return len(_WORD.findall(text))


def _piece(sentence: Sentence, a: int, b: int) -> Sentence | None:
    text = sentence.text
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1] in " \t\n,;":
        b -= 1
    if b - a < 3:
        return None
    return Sentence(
        sentence.artifact,
        text[a:b],
        sentence.offsets[a : b + 1],
        sentence.context,
        sentence.subject,
        sentence.asked,
    )


def _relatives(sentence: Sentence) -> list[Sentence]:
    """A relative clause after a tool id (", which may only ..."), with the id as its
    subject."""
    text = sentence.text
    out: list[Sentence] = []
    for m in _WHICH.finditer(sentence.clean):
        ids = [t for t in TOOL_ID.finditer(text, 0, m.start()) if t.end() >= m.start() - 1]
        if not ids:
            continue
        tool = ids[-1]["id"] or ids[-1]["bare"]
        which = sentence.clean.rfind("which", m.start(), m.end())
        rest_end = _clause_end(sentence.clean, m.end())
        here = sentence.offsets[which]
        said = tool + text[which + len("which") : rest_end]
        offsets = (here,) * len(tool) + sentence.offsets[which + len("which") : rest_end + 1]
        out.append(
            Sentence(
                sentence.artifact,
                said.rstrip(" ,;"),
                offsets[: len(said.rstrip(" ,;")) + 1],
                sentence.context,
                sentence.subject,
                sentence.asked,
            )
        )
    return out


def _clause_end(text: str, start: int) -> int:
    """Where the clause that starts at `start` ends: the next joint or the sentence's end."""
    ends = [m.start() for p in (_STRONG, _WEAK, _WHICH) if (m := p.search(text, start))]
    return min(ends, default=len(text))


def _named(text: str) -> dict[str, str]:
    """The tool ids a text names ("`setGrade`", "set_grade", "set_grade.level": set_grade),
    by their folded spelling."""
    out: dict[str, str] = {}
    for m in TOOL_ID.finditer(text):
        name = (m["id"] or m["bare"]).split(".")[0]
        if _AN_ID.search(name):
            continue  # `unit_id`, `orderId`: an identifier, a value passed, not a tool
        if re.search(r"\bwhose\s+`?$", text[: m.start()], re.I):
            continue  # "a plot whose plot_status is ...": a field, not a tool
        out.setdefault(name.casefold(), name)
    return out


_CAMEL = re.compile(r"(?<![\w`.])[a-z]+(?:[A-Z][a-z0-9]+)+(?![\w`])(?<!Id)(?<!Ids)")


_AN_ID = re.compile(r"(?:_ids?|Ids?)$")


def _sources(rule: CandidateRule) -> set[str]:
    """The tools a rule names as where its value comes from ("must come from `t`"): what
    the rule says of them is not the rule's own tool."""
    listed = rule.params.get("from_tools") if rule.operator == "arg_grounded" else None
    return {str(t).casefold() for t in listed} if isinstance(listed, list | tuple) else set()


def _values(rule: CandidateRule) -> set[str]:
    """The values a rule lists ("one of `deck`, `fence_post`"): no tools, though spelt so."""
    out: set[str] = set()
    for key in ("allowed", "values", "denied"):
        listed = rule.params.get(key)
        if isinstance(listed, list | tuple):
            out |= {str(v).casefold() for v in listed}
    return out


def _sure(rule: CandidateRule, named: dict[str, str], own: bool) -> CandidateRule | None:
    """A clause's rule as kept: on its own tool when the sentence names none, or names this
    one. A rule on an argument of every tool (`*`) in a sentence that names one tool is
    about that tool's argument (the tool named in the other clause); with several named,
    it is dropped. An order before every tool only when the clause (`own`) names a tool by
    its id. None when the clause's reading is not sure of its tool."""
    values = _values(rule) | _sources(rule)
    tools = {k: v for k, v in named.items() if k not in values}
    params = {str(v).casefold() for k, v in rule.params.items() if k in {"facet", "arg"}}
    if params & set(tools):  # "the reason passed to `drop_x`": a tool, read as an argument
        return None
    if rule.target == "*" and rule.operator in _WHOLE:
        # before every tool: only a step its clause names by an id ("before doing anything,
        # identify the holder" names none)
        first = rule.params.get("before")
        return rule if first is None or own else None
    if not tools:
        return rule
    if rule.target == "*" and rule.operator in _ARGUMENT and len(tools) == 1:
        (tool,) = tools.values()
        return rule.model_copy(update={"target": tool, "mentions": (tool,)})
    target = _CALL.sub("", (rule.target or "").strip("`")).strip("`").removesuffix("()")
    target = target.casefold()
    if target in tools:
        return rule
    # "... asks to cancel, ...; ... `cancel_move` ...": the verb one named tool's id opens with
    words = target.split()
    said = [
        t
        for t in tools
        if words and _id_words(t)[:1] == words[:1] and set(words) <= set(_id_words(t))
    ]
    return rule if len(said) == 1 else None


def _spoken(rule: CandidateRule, sentence: Sentence) -> CandidateRule:
    """A clause's one-call rule speaks of replies when its whole sentence does ("one call
    per turn, and wait for its result before you write anything to the member")."""
    params = rule.params
    if rule.operator != "one_call_at_a_time" or params.get("with_text") or params.get("same_tool"):
        return rule
    if not talks_too(sentence.clean):
        return rule
    return rule.model_copy(update={"params": {**params, "with_text": True}})


def _id_words(tool: str) -> list[str]:
    return [w.casefold() for w in re.split(r"[_.\-]|(?<=[a-z])(?=[A-Z])", tool) if w]


_CALL = re.compile(r"^(?:call|use|invoke|run|trigger)\s+", re.I)


_WHOLE = frozenset({"require_before", "one_call_at_a_time"})


_LEAD_WORDS = re.compile(r"^(?:(?:and|or|but|every|each|any|all|the|a|an)\s+)+")


def _key(rule: CandidateRule) -> tuple[str, str]:
    """What makes two readings of one sentence the same rule: the operator and its target,
    or for a rule on an argument, the argument."""
    facet = rule.params.get("facet") or rule.params.get("arg")
    if rule.operator in _ARGUMENT and isinstance(facet, str):
        # ("and every new_event_id" read whole is the clause's "new event id")
        facet = _LEAD_WORDS.sub("", facet.casefold())
        return rule.operator, "arg:" + re.sub(r"[\s_-]+", " ", facet)
    return rule.operator, str(rule.target)


def _new(
    rule: CandidateRule, stated: set[tuple[str, str]], said: set[str], named: dict[str, str]
) -> bool:
    """A clause's rule the whole sentence did not state. Of an operator the whole reading
    has, only one on a tool the sentence names by its id (the whole reading's target is the
    better read: "X only if S, and check S before the action" is one order, not two)."""
    facet = rule.params.get("facet") or rule.params.get("arg")
    if (
        rule.operator in _ARGUMENT
        and rule.target in (None, "*")
        and isinstance(facet, str)
        and facet.casefold() not in {"it", "them", "this", "that", "one", "these", "those"}
    ):
        return _key(rule) not in stated  # "1 to 5 tiers; servings from 6 to 200": two bounds
    if (rule.operator, str(rule.target)) in stated:
        return False
    return rule.operator not in said or str(rule.target).casefold() in named


def _parallel(
    rule: CandidateRule, whole: list[CandidateRule], part: Sentence, stated: set[tuple[str, str]]
) -> bool:
    """A clause that says the whole reading's rule again of another act ("Only a live
    booking is moved, and only a live booking is cancelled"): the same operator with the
    same parameters (a state, a bound; never a bare ban, which says nothing of its own to
    compare), the clause says its rule's act, and no such rule of the whole reading has its
    act in this clause (each was read from another clause)."""
    if (rule.operator, str(rule.target)) in stated or _ID.search(str(rule.target)):
        return False
    said = {stem(w.casefold()) for w in _WORD.findall(part.clean)}
    act = _act(rule.target)
    same = [
        r for r in whole if r.operator == rule.operator and rule.params and r.params == rule.params
    ]
    return bool(act and act in said and same) and all(_act(r.target) not in said for r in same)


def _act(target: str | None) -> str | None:
    """The stem of a verb-phrase mention's verb ("cancel booking": cancel), or None."""
    words = str(target or "").split()
    return stem(words[0].casefold()) if len(words) >= 2 else None


_ID = re.compile(r"[_.:/]|[a-z][A-Z]")


_ARGUMENT = frozenset(
    {"arg_grounded", "resource_in_allowlist", "arg_within_bound", "arg_count_bound"}
)


def more(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    read: Reader,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The whole sentence's rules and notes, with what its clauses state besides."""
    parts = _clauses(sentence)
    if not parts:
        return rules, diagnostics
    named = _named(sentence.text)
    stated = {_key(r) for r in rules} | {(r.operator, str(r.target)) for r in rules}
    said = {r.operator for r in rules}
    added: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    unread: list[Diagnostic] = []  # clauses that read like a rule and compiled to nothing
    for part, strong in parts:
        found, found_notes = read(part)
        # "X can be moved twice at most; a third ...": the clause says per what
        rules = [next((r for r in found if _sharper(r, w)), w) for w in rules]
        if not found and not _LEANS.search(part.clean):
            unread += [
                _of_clause(d, sentence)
                for d in found_notes
                if d.code == "rule-not-compiled" and "no action" not in d.message
            ]  # (a clause with no action of its own may be an ellipsis: "..., and only to X")
        # (a camelCase id said bare names a step its clause orders first: "The first
        # operation is findOwnerQuery")
        own = bool(_named(part.text)) or _CAMEL.search(part.clean) is not None
        sure = [_sure(r, named, own) for r in found if _key(r) not in stated]
        new = [
            r
            for r in sure
            if r is not None and (_new(r, stated, said, named) or _parallel(r, rules, part, stated))
        ]
        if not new:
            continue
        stated |= {_key(r) for r in new} | {(r.operator, str(r.target)) for r in new}
        new = [_spoken(r, sentence) for r in new]
        if not strong:  # read apart from the clauses it leans on: reviewed, never enforced
            new = [r.model_copy(update={"grounding": "inferred"}) for r in new]
        added += new
        notes += [d for d in found_notes if d.code != "rule-not-compiled"]
    if (rules or added) and unread and all(d.code != "rule-not-compiled" for d in diagnostics):
        # the sentence compiled a rule, and a clause of it compiled nothing: that clause's
        # note is its only trace ("at most 4 passengers, and the pilot must log the wind")
        notes.append(unread[0])
    if not added and not notes:
        return rules, diagnostics
    known = {(d.code, d.message, d.span) for d in diagnostics}
    notes = [d for d in notes if (d.code, d.message, d.span) not in known]
    return [*rules, *added], [*diagnostics, *notes]


def _sharper(clause_rule: CandidateRule, whole_rule: CandidateRule) -> bool:
    """Whether a clause's count is the whole sentence's with the entity it counts per ("a
    booking can be moved twice at most; ..." read whole lost "per booking")."""
    if clause_rule.operator != "max_calls" or whole_rule.operator != "max_calls":
        return False
    if not clause_rule.params.get("per") or whole_rule.params.get("per"):
        return False
    same = {k: v for k, v in clause_rule.params.items() if k != "per"}
    return same == whole_rule.params and clause_rule.condition == whole_rule.condition


# a clause that points back into its sentence ("check its status before taking the action"):
# read alone it may compile nothing while the whole sentence compiled it
_LEANS = re.compile(
    r"^\W*(?:which|who|whose)\b|"  # a relative clause, about a noun of the sentence
    r"\b(?:it|its|they|them|their|this|that|these|those|such|the\s+(?:action|same|above))\b",
    re.I,
)


def _of_clause(note: Diagnostic, sentence: Sentence) -> Diagnostic:
    """A clause's `rule-not-compiled` note, said of the clause and placed on its sentence."""
    message = note.message.replace(
        "this sentence reads like", "a clause of this sentence reads like", 1
    )
    return note.model_copy(update={"message": message, "span": sentence.span()})

"""The tool of a rule whose subject is an argument (`specgap.extract.arg8_anchor`).

The reader gives the rule over the argument wherever it is (target `*`, the argument's words
as the `facet`) and the words that narrowed it in the sentence (`anchor`: "entered on a
quote", "passed to payCourier", "rebooking"). Here, against the registry:

- the tools taking the argument are the copies `specgap.spread` gives (for a grounding, the
  tools the value comes from left out);
- a tool the narrowing names by its id is the rule's tool; a tool that takes no such
  argument is never given the rule (a located note says so);
- otherwise each tool is scored by the narrowing's words its own name says (a participle's
  verb, a noun or the verb of a nominalisation: "cancellation" -> `cancel_job`, "paid out to
  a courier" -> `payCourier`), an entity noun also by an argument naming it (`job_id`: "on a
  job" names every tool acting on a job); the best-scored tool, if it is one, is the rule's;
- nothing narrows: the one tool taking the argument; for a bound or a list of values, a
  read-only tool's argument is left out when a tool that writes takes it too (a lookup's
  `member_id` is not what a bound on a payment is about);
- a lead "If a X is V-ed, then ..." narrows like the rest when the chosen tool's name says
  V; otherwise it is a state the rule holds under, kept as its condition (`review_only`);
- the narrowing says "any call" / "every call": one copy per tool taking the argument;
- several tools are left and one of them takes an argument of exactly the name said (the
  `hours` of a booking: `create_booking.hours`, not `extend_booking.extra_hours`): that one;
- several tools are still left: a located `ambiguous-mention` note names them and no rule is
  compiled: never a guess, and never one policy per tool (the sentence did not say "any
  call").
"""

from __future__ import annotations

import re

from specgap.argfit import reads_only
from specgap.extract.action_open import nominal_verb
from specgap.extract.arg8_anchor import ANCHOR, FOR_LEAD, IF_LEAD
from specgap.extract.pattern_base import lemma
from specgap.ir import CandidateRule, Diagnostic, ResolvedRule
from specgap.registry import Registry, Tool
from specgap.resolve.text import compact, stem, words
from specgap.spread import exact, spread

__all__ = ["anchored"]

_EVERY = re.compile(r"\b(?:any|every|each|all)\s+(?:calls?|tools?)\b", re.I)
_BOUNDS = frozenset({"arg_within_bound", "resource_in_allowlist"})
# words of a narrowing that name no tool: determiners, prepositions, the verbs of passing a
# value ("the X entered on a quote", "given to", "used in", "put on")
_SILENT = frozenset(
    words(
        "the a an any each every this new on to with for in into against from of under at out "
        "use give enter pass put set send make take write apply supply record fill provide"
    )
)


def _said(copy: CandidateRule) -> str:
    """The words the argument of a spread copy was said by (`spread` keeps them)."""
    return str(copy.params.get("said_as", "")).strip("`'\" ")


def anchored(
    resolved: ResolvedRule, registry: Registry, diagnostics: list[Diagnostic]
) -> tuple[ResolvedRule, list[ResolvedRule] | None]:
    """(the rule without its narrowing, its copies on the tools it is about) for a rule
    the anchor reader gave; (the rule, None) for any other (module docstring). A copy list
    that is empty means no policy: the note says why."""
    rule = resolved.rule
    if ANCHOR not in rule.params:
        return resolved, None
    anchor = str(rule.params[ANCHOR])
    params = {k: v for k, v in rule.params.items() if k != ANCHOR}
    plain = rule.model_copy(update={"params": params})
    resolved = resolved.model_copy(update={"rule": plain})
    copies = [c for c in spread(plain, registry) if c.target not in (None, "*")]
    if not copies:
        return resolved, None  # the compiler's own path: `unknown-argument`
    tools = {t.id: t for t in registry.tools}
    said = [w for w in anchor.split() if w]
    kind, _, led = said[0].partition(":") if said else ("", "", "")
    lead = led.split("+") if kind in (IF_LEAD, FOR_LEAD) and led else []  # "if:paid+supplier"
    said = [*lead, *said[1:]] if lead else said
    by_id = {
        t.id for w in said for t in registry.tools if compact(w.strip("`'\",.")) == compact(t.id)
    }
    if _EVERY.search(anchor):  # "used in any call": the sentence says every call
        return resolved, [
            resolved.model_copy(update={"rule": c, "target": exact(str(c.target))}) for c in copies
        ]
    if by_id:
        kept = [c for c in copies if c.target in by_id]
        if not kept:
            _note(diagnostics, plain, copies, f"the sentence names `{sorted(by_id)[0]}`, "
                  "which takes no such argument")  # fmt: skip
            return resolved, []
        copies = kept
    else:
        scored = [(_score(said, tools[str(c.target)]), c) for c in copies]
        best = max(score for score, _ in scored)
        if best > 0:
            copies = [c for score, c in scored if score == best]
        elif plain.operator in _BOUNDS:
            writes = [c for c in copies if not reads_only(tools[str(c.target)])]
            copies = writes or copies
    own = [c for c in copies if compact(str(c.params.get("facet"))) == compact(_said(c))]
    if len(copies) > 1 and len(own) == 1:
        copies = own  # "the `hours` of a booking": `hours`, not the `extra_hours` of another
    if len(copies) > 1:
        _note(diagnostics, plain, copies, "nothing in the sentence tells which")
        return resolved, []
    named = set(words(str(copies[0].target)))
    said_by_lead = lead[:1] if kind == IF_LEAD else lead  # the act: the participle's verb
    if lead and not any(_forms(w) & named for w in said_by_lead):
        # "If the order is cancelled, then the refund ...", "For new accounts, ...": a state,
        # not the act: kept as the rule's condition, so the rule is reviewed, never enforced
        # without it
        condition = f"if a {lead[-1]} is {lead[0]}" if kind == IF_LEAD else f"for {' '.join(lead)}"
        copies = [copies[0].model_copy(update={"condition": condition})]
    return resolved, [resolved.model_copy(update={"rule": c, "target": exact(str(c.target))})
                      for c in copies]  # fmt: skip


def _score(said: list[str], tool: Tool) -> int:
    """How many words of the narrowing the tool's name says (or, for an entity noun, an
    argument naming it: `job_id`)."""
    named = set(words(tool.id))
    entities = {" ".join(words(a)[:-1]) for a in tool.arg_names if words(a)[-1:] == ["id"]}
    score = 0
    for word in said:
        forms = _forms(word)
        if not forms:
            continue
        score += bool(forms & named or forms & entities)
    return score


def _forms(word: str) -> set[str]:
    """The stems a word of the narrowing may be spelt with in a tool's name: itself, its
    verb ("paid": pay), the verb it nominalises ("cancellation": cancel)."""
    w = word.casefold().strip("`'\",.")
    if not w.isalpha():
        return set()
    forms = {stem(w), stem(lemma(w))}
    verb = nominal_verb(w)
    if verb:
        forms.add(stem(verb))
    return forms - _SILENT


def _note(
    diagnostics: list[Diagnostic], rule: CandidateRule, copies: list[CandidateRule], why: str
) -> None:
    listed = ", ".join(f"`{c.target}.{c.params.get('facet')}`" for c in copies)
    said = rule.params.get("facet")
    diagnostics.append(
        Diagnostic(
            code="ambiguous-mention",
            message=f"the `{rule.operator}` rule is about the argument `{said}`, which "
            f"{len(copies)} tool{'s' if len(copies) > 1 else ''} take ({listed}); {why}, "
            "so it is not compiled",
            severity="warning",
            span=rule.span,
            help='say the tool the argument is passed to ("the X passed to `tool`")',
        )
    )

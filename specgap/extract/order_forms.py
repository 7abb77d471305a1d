"""Further shapes of an ordering, each said again in a shape `temporal` reads (see
`order_shapes`, which calls `more_rephrasings` last):

- "Y comes after X", "Y follows X", "Y happens / takes place after X" (a gerund or an action
  noun as the subject, no modal needed: the sentence orders two actions): "X must precede Y".
  "Y is only allowed / possible / permitted after X": "you may only Y after X".
- "To Y, (you must) first X", "In order to Y, the N must first be V-ed", "You must have V-ed
  N in order to Y": "X before you Y". Without "first" or a perfect ("have V-ed") the clause
  may as well name a state the thing is in ("to refund it, the booking must be cancelled"),
  which is left to the condition grammar.
- "It is only after X that Y": "Y only after X".
- "No N without a prior M", "There must be no N without a prior M": "M must precede N".
  A "without" whose object is a noun alone ("without payment") or the user's yes stays out.
- Configuration-like lines whose subject is a tool id: "`b`: after `a`", "`b` -> requires
  `a`", "`b` => only after `a`", "`b`: needs `a`": "call `b` only after `a`" / "`b`
  requires `a`".

Each rewrite is a plain English sentence, so the reading (events, objects, the never-stronger
checks) stays in `temporal` and `order_requires`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TypeVar

from specgap.extract.english import verb_lemma
from specgap.extract.order_events import nominal_action, noun_compound
from specgap.extract.order_words import gerund, gerund_of
from specgap.extract.pattern_base import BARE_ID

T = TypeVar("T")

__all__ = ["each_part", "more_rephrasings"]

_END = r"\s*[.!]?\s*$"
# an action said by a gerund or an action noun: the subject of "comes after"
_ACTION_SUBJECT = (
    r"(?P<a>(?:(?:a|an|the|any|every|each|all)\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w'-]*){0,5}?)"
)
_COMES_AFTER = re.compile(
    r"^\W*" + _ACTION_SUBJECT + r"\s+(?:always\s+|only\s+)?(?:comes?|happens?|takes?\s+place|"
    r"occurs?|goes)\s+(?:only\s+)?after\s+(?P<b>[^;]+?)" + _END,
    re.I,
)
_FOLLOWS = re.compile(
    r"^\W*" + _ACTION_SUBJECT + r"\s+(?:always\s+|only\s+)?follows?\s+(?P<b>[^;]+?)" + _END,
    re.I,
)
# "Y is only allowed after X", "Y is possible only once X": said_action reads the subject
_ONLY_ALLOWED = re.compile(
    r"^\W*" + _ACTION_SUBJECT + r"\s+(?:is|are)\s+(?:only\s+)?(?:allowed|possible|permitted)\s+"
    r"(?:only\s+)?(?P<conj>after|once)\s+(?P<b>[^;]+?)" + _END,
    re.I,
)
_PURPOSE_FIRST = re.compile(
    r"^\W*(?:in\s+order\s+)?to\s+(?P<y>[a-z]+\s[^,;]+?)\s*,\s*(?P<x>[^,;]+?)" + _END, re.I
)
_PURPOSE_LAST = re.compile(
    r"^\W*(?P<x>[^,;]+?)\s*,?\s+(?:in\s+order\s+to|so\s+(?:that\s+)?(?:you|we|the\s+agent)\s+"
    r"(?:can|may)|before\s+(?:you|we|the\s+agent)\s+(?:can|may))\s+(?P<y>[a-z]+\s[^,;]+?)" + _END,
    re.I,
)
# "first" or a perfect: an earlier call, not a state
_FIRST = re.compile(r"\s*,?\s*\b(?:first|beforehand)\b\s*,?", re.I)
_PERFECT = re.compile(
    r"\b(?P<m>must|should|need\s+to|needs\s+to|have\s+to|has\s+to)\s+have\s+(?:already\s+)?"
    r"(?P<v>[a-z]+(?:ed|en|t|nd|ne|ght))\b",
    re.I,
)
_BINDING = re.compile(
    r"\b(?:must|need\s+to|needs\s+to|have\s+to|has\s+to|should|shall|is\s+to|are\s+to)\b", re.I
)
_CLEFT = re.compile(
    r"^\W*it\s+is\s+only\s+(?P<conj>after|once)\s+(?P<e>[^,;]+?)\s+that\s+(?P<main>[^;]+?)" + _END,
    re.I,
)
_NO_WITHOUT = re.compile(
    r"^\W*(?:there\s+(?:must|should|shall|can|may|will)\s+be\s+|there\s+is\s+)?no\s+"
    r"(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:(?:is|are)\s+(?:ever\s+)?(?P<v>[a-z]+"
    r"(?:ed|en|t))\s+|(?:may|can|shall|should|must|will)\s+(?:ever\s+)?be\s+(?P<v2>[a-z]+(?:ed|en|t))"
    r"\s+)?without\s+(?P<x>(?:a|an|the|any)\s+(?:prior|previous|preceding|earlier)\s+[^,;]+?)"
    + _END,
    re.I,
)
# "a crown without a prior design approval must never be milled", "a shipment without a
# preceding invoice is not allowed": the noun's action waits for the event
_N_WITHOUT = re.compile(
    r"^\W*(?:a|an|any|the|no)\s+(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+without\s+"
    r"(?P<x>(?:a|an|the|any)\s+(?:prior|previous|preceding|earlier)\s+[^,;]+?)\s+(?:(?:must|may|can|"
    r"should|shall)\s*(?:not|never)\s+be\s+(?P<v>[a-z]+(?:ed|en|t))|(?:is|are)\s+(?:not\s+(?:allowed|"
    r"permitted|possible)|forbidden|prohibited|never\s+(?P<v2>[a-z]+(?:ed|en|t))))" + _END,
    re.I,
)
# "no shipment leaves before X", "no refund goes out until X": the noun's action waits
_NO_N_BEFORE = re.compile(
    r"^\W*no\s+(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:ever\s+)?(?:leaves|goes\s+out|"
    r"happens|proceeds|starts|begins|takes\s+place|is\s+allowed|is\s+permitted|is\s+possible)\s+"
    r"(?P<conj>before|until|prior\s+to)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
# "passes are not issued before payment", "refunds are never made until ...": a ban
_NOT_PASSIVE = re.compile(
    r"^\W*(?P<s>(?:(?:a|an|the|any)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are)\s+"
    r"(?:not|never)\s+(?:ever\s+)?(?P<v>[a-z]+(?:ed|en|t))\s+(?P<conj>before|until|prior\s+to)\s+"
    r"(?P<e>[^;]+?)" + _END,
    re.I,
)
_DONE_BY = (
    r"(?:you|we|the\s+agent)\s+(?:have|has)\s*(?:not|n't)\s+(?:yet\s+|already\s+)?(?P<v>[a-z]+)"
)
_IF_NOT_DONE = re.compile(
    r"^\W*(?P<neg>(?:never|do\s+not|don't|you\s+(?:must|should|may)\s+not|you\s+cannot))\s+"
    r"(?P<y>[^,;]+?)\s*,?\s+if\s+" + _DONE_BY + r"\s+(?P<x>[^,;]+?)(?:\s+(?:yet|first))?" + _END,
    re.I,
)
_IF_NOT_DONE_LEAD = re.compile(
    r"^\W*if\s+" + _DONE_BY + r"\s+(?P<x>[^,;]+?)(?:\s+(?:yet|first))?\s*,\s*(?:then\s+)?"
    r"(?P<neg>never|do\s+not|don't|you\s+(?:must|should|may)\s+not|you\s+cannot)\s+(?P<y>[^;]+?)"
    + _END,
    re.I,
)
# in a tool's description: "should follow `a`", "this tool comes after `a`"
_FOLLOWS_ITSELF = re.compile(
    r"^\W*(?:this\s+(?:tool|function)\s+|it\s+)?(?:(?:must|should|has\s+to|needs\s+to)\s+)?"
    r"(?:always\s+)?(?:only\s+)?(?:follows?|comes?\s+after|goes\s+after)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
# "cancel first, refund second", "the fare is collected first and the pass is issued next"
_FIRST_SECOND = re.compile(
    r"^\W*(?P<x>[a-z][^,;]*?)\s+first\s*(?:,|;|,?\s+and|,?\s+then)\s+(?:then\s+)?(?P<y>[a-z][^,;]*?)\s+"
    r"(?:second|next|afterwards|after\s+that|later|last)" + _END,
    re.I,
)
_IS_DONE = re.compile(
    r"^(?P<s>(?:the|a|an|any|its|their)\s+[^,;]+?)\s+(?:is|are)\s+(?=[a-z]+(?:ed|en|t)\b)", re.I
)
_ID = r"`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`?(?:\(\))?"
_CONFIG = re.compile(
    r"^\W*"
    + _ID
    + r"\s*(?:(?::|->|=>|→|⇒|-)\s*)?(?P<only>only\s+)?(?P<kind>after|once|requires|needs|"
    r"depends\s+on)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)


def _subject_action(phrase: str) -> str | None:
    """The subject of "comes after" as an action: a gerund phrase or an action noun."""
    from specgap.extract.order_shapes import as_clause  # it imports this module

    words = phrase.split()
    if not words or words[0].casefold() in {"it", "this", "that", "they", "there", "he", "she"}:
        return None
    if noun_compound(phrase):  # "boarding pass issuance": its head is the action noun
        verb, *obj = (nominal_action(phrase) or "").split()
        return f"{verb} the {' '.join(obj)}" if obj else verb
    return as_clause(phrase)


def _any(act: str | None) -> str | None:
    """An action said by its verb alone acts on anything ("no shipment": `ship anything`),
    never on an object borrowed from the other action."""
    return act if act is None or " " in act else f"{act} anything"


def _purpose(y: str, x: str) -> str | None:
    """ "to Y, X first" -> "X before you Y"; None unless X says "first" or a perfect."""
    if y.split()[0].casefold() in {"do", "be", "have", "make", "help", "avoid", "ensure"}:
        return None  # "to be safe", "to avoid errors": no action of the agent's
    if re.search(r"\b(?:then|and\s+then|after|before|once|until)\b", x, re.I):
        return None  # several steps or an order of its own, read elsewhere
    perfect = _PERFECT.search(x)
    if perfect is not None and (verb := verb_lemma(perfect["v"].casefold())) is not None:
        x = f"{x[: perfect.start()]}{perfect['m']} {verb}{x[perfect.end() :]}"
    elif _FIRST.search(x) is None:
        return None
    elif _BINDING.search(x) is None and not re.match(r"^\W*first\b", x, re.I):
        return None  # "to refund a fare, it is cancelled first": a description
    x = _FIRST.sub(" ", x)
    x = re.sub(r"^\W*", "", " ".join(x.split()))
    return f"{x} before you {y}"


def more_rephrasings(text: str) -> list[tuple[str, bool]]:
    """The shapes of the module docstring said as `temporal` reads them: (rewrite, whether
    its first action is an inference); [] when the sentence is none of them."""
    out: list[tuple[str, bool]] = []
    for shape in (_COMES_AFTER, _FOLLOWS):
        if (m := shape.match(text)) is not None and (act := _subject_action(m["a"])):
            # the noun phrase as it is said first (its object borrowed when it has none)
            out.append((f"{m['b']} must precede {m['a']}", False))
            out.append((f"Do not {_any(act)} before {m['b']}", False))
    if (m := _ONLY_ALLOWED.match(text)) is not None and (act := _subject_action(m["a"])):
        out.append((f"You may only {act} {m['conj'].casefold()} {m['b']}", False))
    if (m := _PURPOSE_FIRST.match(text)) is not None and (said := _purpose(m["y"], m["x"])):
        out.append((said, False))
    if (m := _PURPOSE_LAST.match(text)) is not None and (said := _purpose(m["y"], m["x"])):
        out.append((said, False))
    if (m := _CLEFT.match(text)) is not None:
        out.append((f"{m['main']} only {m['conj'].casefold()} {m['e']}", False))
    if (m := _NO_WITHOUT.match(text)) is not None:
        act = _subject_action(m["n"])
        if (verb := m["v"] or m["v2"]) is not None and (lemma := verb_lemma(verb.casefold())):
            act = f"{lemma} the {m['n']}"  # "no pass is issued without ...": issue the pass
        if (act := _any(act)) is not None:
            out.append((f"Do not {act} before {m['x']}", False))
            out.append((f"{m['x']} must precede {m['n']}", False))
    if (m := _N_WITHOUT.match(text)) is not None:
        verb = m["v"] or m["v2"]
        lemma = verb_lemma(verb.casefold()) if verb else None
        act = f"{lemma} the {m['n']}" if lemma else _any(_subject_action(m["n"]))
        if act is not None:
            out.append((f"Do not {act} before {m['x']}", False))
    if (m := _NO_N_BEFORE.match(text)) is not None and (act := _any(_subject_action(m["n"]))):
        out.append((f"Do not {act} {m['conj'].casefold()} {m['e']}", False))
    if (m := _NOT_PASSIVE.match(text)) is not None and (verb := verb_lemma(m["v"].casefold())):
        subject = re.sub(r"^(?:a|an|the|any)\s+", "", m["s"], flags=re.I)
        out.append((f"Do not {verb} the {subject} {m['conj'].casefold()} {m['e']}", False))
    for shape in (_IF_NOT_DONE, _IF_NOT_DONE_LEAD):
        # "do not Y if you have not V-ed X": the agent's own earlier call, as with "unless"
        if (m := shape.match(text)) is not None and (doing := gerund(m["v"])) is not None:
            out.append((f"{m['neg']} {m['y']} before {doing} {m['x']}", False))
    if (m := _FOLLOWS_ITSELF.match(text)) is not None:
        out.append((f"Only call this after {m['e']}", False))
    if (m := _FIRST_SECOND.match(text)) is not None:
        x = _IS_DONE.sub(r"\g<s> must be ", m["x"], count=1)  # "the fare is collected"
        y = m["y"] if _IS_DONE.match(m["y"]) else f"you {m['y']}"
        out.append((f"{x} before {y}", False))
    if (m := _CONFIG.match(text)) is not None:
        kind = " ".join(m["kind"].casefold().split())
        conj = kind if kind in {"after", "once"} else "after"  # "requires `a`": after `a`
        out.append((f"Call {m['id']} only {conj} {m['e']}", False))
    return out


# "Prerequisites:", "Order rules:": a label in front of the parts, naming no action
_LABEL = re.compile(r"^\W*[A-Z][a-z]+(?:\s+[a-z]+){0,2}\s*:\s+(?=\S)")


# a semicolon, or ", and" / ", but" between clauses ("..., and must ...", "..., and the seeds
# must be dried prior to testing"): split only when every part reads on its own
_PART = re.compile(r";(?![^()]*\))|,\s*(?:and|but)\s+", re.I)
_MODAL_LED = re.compile(r"^(?:must|should|shall)\b", re.I)


def each_part(text: str, read: Callable[[str], T | None]) -> list[T] | None:
    """ "Before booking, check capacity; before issuing a pass, collect the fare": each part
    of a sentence split at its semicolons read on its own, when every part states an order
    (`read`); None otherwise (one part that reads is no reason to split the sentence)."""
    parts = [p.strip() for p in _PART.split(text) if p.strip(" .")]
    if len(parts) < 2:
        return None
    parts[0] = _LABEL.sub("", parts[0], count=1)
    # "..., and must check X before Y": the subject of the part before
    parts = [f"You {p}" if _MODAL_LED.match(p) else p for p in parts]
    found = [read(p) for p in parts]
    return [t for t in found if t is not None] if all(t is not None for t in found) else None


# --- the process said as what happens ----------------------------------------------------------

_AGENT = r"(?:the\s+agent|agents|our\s+agents|the\s+assistant|we|staff|the\s+desk)"
# "the agent issues the pass after collecting the fare", "we first look up the booking, then ..."
_AGENT_DOES = re.compile(
    r"^\W*"
    + _AGENT
    + r"\s+(?P<adv>(?:always|first|normally|usually)\s+)?(?P<v>[a-z]+)\b(?P<rest>.+)$",
    re.I,
)
_ORDER_WORD = re.compile(r"\b(?:before|after|once|prior\s+to|until|then|first)\b", re.I)
# "the pass is issued after the fare is collected", "capacity is checked before a change"
_HAPPENS = re.compile(
    r"^\W*(?P<s>(?:(?:the|a|an|any|all|each|every)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are|"
    r"gets?)\s+(?P<v>[a-z]+(?:ed|en|t)(?:\s+(?:up|out|in|off))?)(?P<tool>\s+(?:with|using|via|through)\s+`?"
    r"[A-Za-z][\w.]*`?(?:\(\))?)?"
    # "... on that same order_id": which entity the call is about (`order_same` reads it)
    r"(?P<on>\s+(?:on|for)\s+(?:the|that|this)\s+(?:very\s+)?same\s+`?[\w-]+`?)?"
    r"\s+(?P<conj>(?:only\s+)?(?:before|after|once|prior\s+to))\s+"
    r"(?P<e>[^;]+?)" + _END,
    re.I,
)
# "`get_order` runs before ...", "`get_weather` is read before ...": a tool that runs, or is
# read, is called
_TOOL = rf"(?:`[A-Za-z][\w.:-]*`|{BARE_ID})"
_TOOL_RUNS = re.compile(
    rf"^(?P<t>\W*{_TOOL})\s+"
    r"(?:runs|is\s+run|gets\s+run|is\s+used|is\s+(?:read|consulted|queried|checked|opened))\b"
)
_HAPPENS_LEAD = re.compile(
    r"^\W*(?P<conj>before|after|once|prior\s+to)\s+(?P<e>[^;]+?),\s*(?P<s>(?:(?:the|a|an|any|all|"
    r"each|every)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are|gets?)\s+(?P<v>[a-z]+(?:ed|en|t))"
    r"(?P<tool>\s+(?:with|using|via|through|by)\s+`?[A-Za-z](?:[\w.]*\w)?`?(?:\(\))?)?" + _END,
    re.I,
)
# "..., the customer passes `check_pin`": the check the tool makes, passed
_PASSES = re.compile(rf"\b(?:passes|clears|goes\s+through|gets\s+through)\s+(?P<t>{_TOOL})")
STATED = "stated as what happens (`{}`), not as a requirement"


def described_order(text: str) -> tuple[str, str | None] | None:
    """A process said as what happens, as an order `temporal` reads: "the agent issues X
    after Y" / "we cancel X before Y" (the agent's own practice: as binding as an
    imperative), "X is V-ed after Y" / "after Y, X is V-ed" (a statement that may as well
    describe the system: the rule keeps that as its condition, so it is reviewed). The
    rewrite and that condition (None when there is none); None for any other sentence."""
    from specgap.extract.grammar_words import IMPERATIVE_VERBS

    if (m := _AGENT_DOES.match(text)) is not None and _ORDER_WORD.search(m["rest"]):
        verb = verb_lemma(m["v"].casefold())
        if verb is not None and verb in IMPERATIVE_VERBS and verb != m["v"].casefold() + "s":
            first = "First " if (m["adv"] or "").strip().casefold() == "first" else ""
            return f"{first}{verb}{m['rest']}", None
    text = _TOOL_RUNS.sub(r"\g<t> is called", text, count=1)
    text = _PASSES.sub(r"is checked with \g<t>", text, count=1)
    m = _HAPPENS.match(text) or _HAPPENS_LEAD.match(text)
    verb = verb_lemma(m["v"].split()[0].casefold()) if m is not None else None
    if m is None or verb is None:
        return None
    tool = m.groupdict().get("tool") or ""  # "fees are charged with `chargeFee` after ..."
    on = m.groupdict().get("on") or ""
    said = f"{m['s']} must be {m['v']}{tool}{on} {m['conj'].casefold()} {m['e']}"
    if tool:  # "the customer is checked with `t`": "check the customer with `t`"
        said = f"{verb} {m['s']}{tool}{on} {m['conj'].casefold()} {m['e']}"
    if _INSISTED.search(text):  # "..., not before", "only after": a requirement, not a report
        return said, None
    return said, STATED.format(f"{m['v']} {m['conj'].casefold()}")


# what makes a statement of what happens a requirement: the other order ruled out
_INSISTED = re.compile(r"\b(?:not|never)\s+before\b|\bonly\s+(?:after|once)\b", re.I)


# "Impressions: disinfect, then scan.", "Crowns: approve the design, then mill.": steps on
# the label's thing
_LABEL_STEPS = re.compile(
    r"^\W*(?P<n>[A-Z][a-z]+(?:\s+[a-z]+){0,2})\s*:\s*(?P<steps>[a-z][^:;]*?,?\s+then\s+[^:;]+?)"
    + _END
)


def label_steps(text: str) -> list[str]:
    """ "Impressions: disinfect, then scan." -> ["Only scan the impressions after
    disinfecting the impressions"]: each step after the one before, a step said by its verb
    alone acting on the label's thing (at least one is); [] for any other sentence."""
    from specgap.extract.grammar import parse
    from specgap.extract.grammar_words import IMPERATIVE_VERBS

    m = _LABEL_STEPS.match(text)
    if m is None:
        return []
    parts = [p.strip() for p in re.split(r"\s*,?\s+then\s+|\s*,\s*", m["steps"]) if p.strip()]
    said = []
    for part in parts:
        words = part.split()
        if words[0].casefold() not in IMPERATIVE_VERBS:
            return []
        said.append(part if len(words) > 1 else f"{part} the {m['n'].casefold()}")
    if len(said) < 2 or said == parts or any(parse(p).action is None for p in said):
        return []  # no step acts on the label's thing ("Tips: fetch X, then ship it")
    out = []
    for first, then in pairwise(said):
        verb, _, rest = first.partition(" ")
        doing = gerund_of(verb) or f"{verb}ing"
        out.append(f"Only {then} after {doing} {rest}")
    return out


# "For each booking, look it up before cancelling it.": every one, no condition
_EVERY_LEAD = re.compile(
    r"^\W*(?:for|with)\s+(?:each|every|any|all)\s+(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,\s*"
    r"(?P<rest>[a-z].+)$",
    re.I,
)


def universal_lead(text: str) -> str | None:
    """ "For each booking, look it up before cancelling it" -> "look the booking up before
    cancelling the booking": a lead over every one of a thing restricts nothing, and "it"
    in the rest is that thing; None without such a lead."""
    m = _EVERY_LEAD.match(text)
    if m is None:
        return None
    thing = m["n"].casefold()
    if thing.endswith("s") and not thing.endswith("ss"):
        thing = thing[:-1]  # "for all bookings": the booking
    return re.sub(r"\b(?:it|them)\b", f"the {thing}", m["rest"])

"""Entity states said in shapes the rule grammar does not read, spelt again in one it does.

The rule grammar reads "X can only be V-ed if its status is S", "If the X is S, do not V"
and "TOOL may only be called for Xs whose F is S". These shapes say the same and are read
again in those words (the rules keep the sentence's own text and span):

- a passive without a modal, limited by `only` or `never`: "a kiln is fired only when its
  status is idle", "kilns are only reserved if ...", "a crate is never shipped while ..."
  -> "... can only be fired when ...", "... can never be shipped while ...";
- a tool said to be for entities in a state: "`issueRefund` is for members whose status is
  active", "a refund is requested with issueRefund only for ...", "..., through
  `issueRefund`, which is open only to members whose ..." -> "issueRefund may only be
  called for members whose ...";
- the state as a read tool shows it: "where getKiln shows reserved as true, ..." -> "if the
  kiln is reserved, ..."; "where getKiln shows status as broken" -> "if the kiln's status is
  broken"; "if the kiln shows as broken" -> "if the kiln is broken";
- a state value in backticks ("while its status is `under_repair`", "whose status is
  `a`, `b` or `c`"), which the grammar reads as a tool id: the values bare, and a rule read
  over such a "tool" dropped;
- a field with an aside on where it is read: "whose status, as returned by getKiln, is
  idle" -> "whose status is idle"; "possible only in a kiln whose ..." -> "possible only for
  a kiln whose ...".

A spelling is kept only when its reading gives a `state_condition` the first reading did not
have; a first reading that dropped a "where TOOL shows ..." lead (an unconditional ban) is
then replaced, never kept beside it. Nothing else is read here: a shape whose new reading
has no state test leaves the sentence as it was (its rules or its notes).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract import noact_respell
from specgap.extract.noact_respell import spelt
from specgap.extract.pattern_base import singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import inflections, lemmas_as

__all__ = ["reread", "tool_noun"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

# a tool id as prose writes it: backticked, snake_case, dotted, kebab-case, camelCase,
# PascalCase with two humps, `server__tool`
_ID = (
    r"`[A-Za-z][\w.:-]*`|\b[A-Za-z][a-z0-9]*(?:(?:_{1,2}|\.|-)[A-Za-z0-9]+)+\b|"
    r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"
)
_READ_VERBS = frozenset(
    [
        "get",
        "read",
        "fetch",
        "check",
        "show",
        "lookup",
        "look",
        "find",
        "view",
        "describe",
        "retrieve",
        "load",
        "inspect",
        "query",
    ]
)
# the participles that are no act of a tool ("is allowed only if", "is used only for")
_NOT_ACTS = frozenset(
    [
        "allowed",
        "permitted",
        "used",
        "done",
        "made",
        "given",
        "needed",
        "required",
        "meant",
        "intended",
        "based",
        "shown",
        "seen",
        "known",
        "considered",
        "treated",
        "kept",
        "left",
        "limited",
        "restricted",
        "taken",
        "said",
        "told",
        "asked",
        "worn",
    ]
)
_PRONOUNS = frozenset({"it", "this", "that", "they", "these", "those", "there", "what", "which"})

_PASSIVE = re.compile(
    r"^(?P<lead>\W*)(?P<subj>[A-Za-z`'][\w`'-]*(?:\s+[A-Za-z`'][\w`'-]*){0,5}?)\s+(?P<aux>is|are)\s+"
    r"(?P<o1>only\s+|never\s+)?(?P<v>[a-z]+(?:ed|en|wn|t))\s+(?P<o2>only\s+)?"
    r"(?P<prep>if|when|while|once|for|on|as\s+long\s+as)\b",
    re.I,
)
_STATE_CLAUSE = re.compile(
    r"\bwhose\b|\b(?:that|which|who)\s+(?:is|are)\b|\bwith\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?"
    r"(?:status|state|stage|phase)\b",
    re.I,
)
_TOOL_FOR = re.compile(
    rf"(?:^\W*|(?<=[.;:]\s)|\b(?:with|through|via|using)\s+)(?P<tool>{_ID})(?:\s*,\s*(?:which|that)\s+|\s+)"
    r"(?:(?:is|are)\s+)?(?:(?:open|available|meant|intended|reserved|kept)\s+)?(?P<o>only\s+)?"
    r"(?:for|to)\s+(?P<rest>[^;]+?)\s*(?:[;.]|,\s+(?:and|but|although|though|while)\b|$)",
)
_SHOWS = re.compile(
    rf"\b(?P<lead>if|when|where|while|whenever|once)\s+(?P<tool>{_ID})\s+(?:shows|reports|"
    r"returns|lists|says|gives)\s+(?:the\s+)?`?(?P<field>[A-Za-z][\w-]*)`?\s+(?:as|is|=)\s+"
    r"(?:`|'|\")?(?P<value>[A-Za-z0-9][\w-]*)(?:`|'|\")?",
    re.I,
)
_SHOWS_AS = re.compile(
    r"\b(?P<lead>if|when|where|while|whenever|once)\s+(?P<subj>(?:the|an?|its|their|this|that)"
    r"\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:shows|is\s+shown|appears|comes\s+back|is\s+returned)\s+as\s+",
    re.I,
)
_ASIDE = re.compile(
    r"\s*,\s*as\s+(?:returned|shown|reported|given|listed|read)\s+(?:by|in|from)\s+[^,]{1,80},\s*",
    re.I,
)
_IN_ONE = re.compile(
    r"\b(?P<a>possible|available|allowed|permitted|offered)\s+(?P<o>only\s+)?in\s+(?=(?:an?|the)\s)",
    re.I,
)

_CAN_BE_FOR = re.compile(
    r"^(?P<lead>\W*)(?P<subj>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4}?)\s+(?:can|may)\s+"
    r"(?P<o1>only\s+)?be\s+(?P<v>[a-z]+(?:ed|en|wn|t))\s+(?P<o2>only\s+)?(?:for|to|on|in)\s+"
    r"(?P<rest>(?:(?:an?|the|any)\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:whose|that|which|who)\b.*)$",
    re.I | re.S,
)
_NOTHING = re.compile(
    r"^(?P<lead>\W*)nothing\s+(?:is|gets|can\s+be|may\s+be)\s+(?P<v>[a-z]+(?:ed|en|wn|t))\s+"
    r"(?P<rest>(?:when|while|if|once|as\s+long\s+as)\s+.*)$",
    re.I | re.S,
)
# "...; otherwise you may go ahead": the permission the ban leaves, no condition of it
_OTHERWISE = re.compile(
    r"\s*[;,]\s*(?:and\s+)?otherwise,?\s+(?:you\s+|the\s+agent\s+)?(?:may|can|are\s+free\s+to|"
    r"should)?\s*(?:go\s+ahead|proceed|continue|carry\s+on|book|do\s+it)\b[^.;]*",
    re.I,
)

# a state value in backticks after its copula ("is `on_hold`", "is `a`, `b` or `c`"): a
# snake_case value in backticks reads as a tool id to the grammar; quoted, as a value
_TICKED = r"`[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*`"
_TICKED_STATES = re.compile(
    r"(?P<cop>\b(?:is|are|was|were|be|as)\s+(?:(?:not|still|already|now|either|one\s+of)\s+)?)"
    rf"(?P<run>{_TICKED}(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+nor\s+){_TICKED})*)"
)


def tool_noun(tool: str) -> str | None:
    """The entity a read tool's id names (`getKiln`, `get_kiln`, `kilns.get`: `kiln`)."""
    bare = tool.strip("`")
    words = [
        w.casefold()
        for w in re.split(r"[_.:\-\s]+|(?<=[a-z0-9])(?=[A-Z])", bare)
        if w and not re.fullmatch(r"v?\d+", w)
    ]
    if len(words) < 2:
        return None
    if words[0] in _READ_VERBS:
        words = words[1:]
    elif words[-1] in _READ_VERBS:
        words = words[:-1]
    else:
        return None
    return " ".join([*words[:-1], singular(words[-1])]) if words else None


def _shows(text: str) -> str | None:
    m = _SHOWS.search(text)
    if m is None:
        return None
    entity = tool_noun(m["tool"])
    if entity is None:
        return None
    field, value = m["field"], m["value"]
    lead = "if" if m["lead"].casefold() == "where" else m["lead"]  # "where" opens no condition
    if value.casefold() in {"true", "yes"}:
        said = f"{lead} the {entity} is {field}"
    elif value.casefold() in {"false", "no"}:
        said = f"{lead} the {entity} is not {field}"
    else:
        said = f"{lead} the {entity}'s {field} is '{value}'"
    return text[: m.start()] + said + text[m.end() :]


def _shows_as(text: str) -> str | None:
    m = _SHOWS_AS.search(text)
    if m is None:
        return None
    lead = "if" if m["lead"].casefold() == "where" else m["lead"]
    return text[: m.start()] + f"{lead} {m['subj']} is " + text[m.end() :]


def _passive(text: str) -> str | None:
    m = _PASSIVE.match(text)
    if m is None or not (m["o1"] or m["o2"]):
        return None
    if m["subj"].split()[0].casefold() in _PRONOUNS or m["v"].casefold() in _NOT_ACTS:
        return None
    if m["o1"] and m["o2"]:
        return None
    never = (m["o1"] or "").strip().casefold() == "never"
    modal = "can never be" if never else "can only be"
    return f"{m['lead']}{m['subj']} {modal} {m['v']} {m['prep']}" + text[m.end() :]


def _lemma(participle: str) -> str | None:
    found = lemmas_as(participle.casefold(), "VERB")
    return found[0] if found else None


def _gerund(participle: str) -> str | None:
    lemma = _lemma(participle)
    forms = inflections(lemma, "VBG") if lemma else ()
    return forms[-1] if forms else None


def _can_be_for(text: str) -> str | None:
    """ "Refunds can be issued only for members whose ..." -> "Issuing refunds is possible
    only for members whose ..." (read by `state_availability`; the first spelling read the
    state's value as an allowed value of an argument `is`)."""
    m = _CAN_BE_FOR.match(text)
    if m is None or not (m["o1"] or m["o2"]) or m["v"].casefold() in _NOT_ACTS:
        return None
    if m["subj"].split()[0].casefold() in _PRONOUNS:
        return None
    verb = _gerund(m["v"])
    if verb is None:
        return None
    subj = re.sub(r"^(?:the|an?)\s+", "", m["subj"], flags=re.I)
    subj = subj[0].lower() + subj[1:] if subj[1:2].islower() else subj
    return f"{m['lead']}{verb.capitalize()} {subj} is possible only for {m['rest']}"


def _nothing(text: str) -> str | None:
    """ "Nothing is refilled when X is S" -> "Never refill when X is S"."""
    m = _NOTHING.match(text)
    if m is None or m["v"].casefold() in _NOT_ACTS:
        return None
    lemma = _lemma(m["v"])
    return f"{m['lead']}Never {lemma} {m['rest']}" if lemma else None


def _otherwise(text: str) -> str | None:
    said = _OTHERWISE.sub("", text)
    return said if said != text else None


def _tool_for(text: str) -> str | None:
    m = _TOOL_FOR.search(text)
    if m is None or not _STATE_CLAUSE.search(m["rest"]):
        return None
    head = text[: m.start()].strip()
    own = not head or head.endswith((".", ";", ":"))  # the tool opens a sentence of its own
    if not own and not m["o"]:
        return None  # "... through X to members whose ...": a purpose, unless `only` says it
    # (a sentence the segments left joined to the one before is read alone: the rules of
    # the first stay as they were read)
    tool = m["tool"].strip("`")
    return f"`{tool}` may only be called for {m['rest']}."


def _aside(text: str) -> str | None:
    said = _IN_ONE.sub(lambda m: f"{m['a']} {m['o'] or ''}for ", _ASIDE.sub(" ", text))
    return said if said != text else None


_SPELLINGS = (
    _otherwise,
    _shows,
    _shows_as,
    _aside,
    _passive,
    _can_be_for,
    _nothing,
    _tool_for,
)


def _respelt(text: str) -> list[str]:
    """Every spelling of the sentence the shapes give, each applied on the previous one."""
    out: list[str] = []
    said = text
    for form in _SPELLINGS:
        again = form(said)
        if again is not None and again != said:
            said = again
            out.append(said)
    return out


def _states(rules: list[CandidateRule]) -> bool:
    return any(r.operator == "state_condition" for r in rules)


def _read(read: Read, sentence: Sentence) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A respelled sentence read as the first one was, an action noun spelt with its verb
    too ("no address changes while ...")."""
    found, notes = read(sentence)
    return noact_respell.reread(sentence, found, notes, read)


def _own_part(sentence: Sentence) -> Sentence | None:
    """The part of a sentence the segments left joined to the one before ("... with
    cancelClass. issueRefund is for members whose ..."), when that part is a tool said to be
    for entities in a state: read alone, at its own place."""
    text = sentence.clean
    for m in re.finditer(r"[.;]\s+", text):
        if m.end() < len(text) and _tool_for(text[m.end() :]) is not None:
            at = m.end()
            return Sentence(sentence.artifact, sentence.text[at:], sentence.offsets[at:],
                            sentence.context, sentence.subject, sentence.asked)  # fmt: skip
    return None


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again in the grammar's words (module docstring) when the first
    reading has no state test and the new one has; else the first reading unchanged."""
    if sentence.subject is not None:
        return rules, diagnostics
    runs = list(_TICKED_STATES.finditer(sentence.text))  # (`clean` blanks the backticks)
    ticked = {v.strip("`").casefold() for m in runs for v in re.findall(_TICKED, m["run"])}
    # a rule over a state value in backticks read as a tool id ("is `on_hold`") is misread
    rules = [r for r in rules if (r.target or "").strip("`").casefold() not in ticked] or rules
    misread = any((r.target or "").strip("`").casefold() in ticked for r in rules)
    if _states(rules) and not misread:
        return rules, diagnostics
    part = _own_part(sentence)
    if part is not None:  # the first part's rules stay as they were read
        said = _tool_for(" ".join(part.clean.split()))
        found, notes = _read(read, spelt(part, said)) if said is not None else ([], [])
        if not _states(found):
            return rules, diagnostics
        words = " ".join(part.text.split())
        return [*rules, *(r.model_copy(update={"text": words}) for r in found)], [
            *diagnostics,
            *notes,
        ]
    clean = sentence.clean
    for m in runs:  # the values bare where they were in backticks
        a, b = m.span("run")
        clean = clean[:a] + m["run"].replace("`", "") + clean[b:]
    text = " ".join(clean.split())
    tried = _respelt(text) or ([text] if runs else [])
    if not tried:
        return rules, diagnostics
    # the whole, then (for "Xs are V-ed only when S; Ys are referred to Z") the clause of the
    # shape alone; each first as the grammar reads it, then, for values that were in
    # backticks (the first reading had lost the sentence to a "tool"), with its action nouns
    # spelt as verbs ("no address changes while ...") if neither gave a state
    first = tried[-1].split(";")[0].rstrip(" ,") + "."
    spellings = dict.fromkeys([tried[-1], first])
    found, notes = [], []
    readers: list[Read] = [read, lambda s: _read(read, s)] if runs else [read]
    for reader in readers:
        for said in spellings:
            found, notes = reader(spelt(sentence, said))
            if _states(found):
                break
        if _states(found):
            break
    if not _states(found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    operators = {r.operator for r in found}
    states = {str(v).casefold() for r in found for k in ("allowed", "denied")
              for v in r.params.get(k) or ()}  # fmt: skip
    kept = [
        r
        for r in rules
        if r.operator not in operators
        and r.operator != "deny_action"
        and not states & {str(v).casefold() for v in r.params.get("allowed") or ()}
        and (r.target or "").strip("`").casefold() not in ticked
    ]  # (an argument's allowed values that are the state's values: the same words misread)
    return [*(r.model_copy(update={"text": words}) for r in found), *kept], notes

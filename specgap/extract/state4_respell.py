"""Entity states said in more shapes the rule grammar does not read, spelt again in one it
does (the fourth pass; `state3_respell` holds the third).

- a state the act left, said with `has been`: "unless it has already been approved,
  rejected or withdrawn" -> "unless it is already approved, rejected or withdrawn";
- a state given by a verb of marking instead of the copula: "unless the hold is already
  marked ready", "once it is flagged as spent", "when the permit is set to expired" ->
  "... is ready", "... is spent", "... is expired" (a record that "reads", "says" or "shows"
  a value is read where every condition is, `grammar_conditions`);
- a condition, then `then` (and a "stop:"): "If S, then stop: TOOL is not used on it",
  "If S, then TOOL must not be called" -> "If S, never call TOOL on it";
- a tool's use said as a fact: "TOOL is not used / never run ..." -> "never call TOOL
  ..." (the imperative: after a condition's list of states, "..., paid or closed, TOOL must
  not be called" had joined the tool to the list); "TOOL is allowed only when S", "TOOL is
  only permitted if S" -> "TOOL may only be called when S";
- a read tool showing the entity in one of several states: "if getKiln shows the kiln as
  broken or cooling" -> "if the kiln is broken or cooling" (`state3_respell` reads one);
- a read tool showing a flag: "when getKiln reports locked as true" -> "when locked is
  true";
- "When S, nothing gets V-ed" / "nothing is V-ed" after its condition -> "Never V when S";
- a ban said with a gerund: "No cancelling a dispatched loan" -> "Never cancel a dispatched
  loan".

As in `state3_respell`, a spelling is kept only when its reading gives a `state_condition`
the first reading did not have, or a ban with a condition (which the resolver binds to a
state) and every operator the first reading had: the ban the first reading gave (an
unconditional one, or one whose condition was in words the resolver does not bind) is then
replaced; rules of other operators are kept. Whether
the state binds to a field of the entity is still the resolver's business: a state that
does not bind stays `review_only` with its `condition-not-bound` note.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import lemmas_as

__all__ = ["reread", "respelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

# a tool id as prose writes it (as `state3_respell`): backticked, snake_case, dotted,
# kebab-case, camelCase, PascalCase with two humps, `server__tool`
_ID = (
    r"`[A-Za-z][\w.:-]*`|\b[A-Za-z][a-z0-9]*(?:(?:_{1,2}|\.|-)[A-Za-z0-9]+)+\b|"
    r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"
)
_LEADS = r"if|when|where|while|whenever|once|as\s+long\s+as"

_MARKED = re.compile(
    r"\b(?P<cop>is|are|was|were|be|been)\s+(?P<adv>(?:already|still|now|currently|not)\s+)?"
    r"(?:marked|flagged|tagged|labell?ed|set\s+to|listed\s+as|recorded\s+as|shown\s+as)\s+"
    # a value after it, never a run of values it heads ("is flagged or closed": `flagged` is one)
    r"(?:as\s+)?(?!(?:or|and|nor)\b)(?=[`'\"]?[A-Za-z0-9])",
    re.I,
)
# "unless it has already been withdrawn": the state the act left, said with the copula
_HAS_BEEN = re.compile(
    r"\b(?P<subj>it|they|this|that|which|the\s+[a-z][\w-]*)\s+(?P<aux>has|have)\s+"
    r"(?P<adv>(?:already|not\s+yet|not|just)\s+)?been\s+"
    # a run of states that ends the clause ("approved, rejected or withdrawn."), never an
    # event with its agent ("notified by the museum")
    r"(?=[a-z]+(?:ed|en|wn|t)(?:\s*,\s*(?:or\s+)?[a-z]+|\s+(?:or|and)\s+[a-z]+)*\s*(?:[.;,]|$))",
    re.I,
)
_THEN = re.compile(
    rf"^(?P<cond>\W*(?:{_LEADS})\b[^;:]{{3,}}?),\s*then\s+(?:(?:stop|halt|refuse)\s*[:;,-]\s*)?",
    re.I,
)
_FACT = re.compile(
    rf"(?P<tool>{_ID})\s+(?:is|are)\s+(?P<neg>not|never)\s+(?P<v>used|called|run|invoked)\b",
)
_ALLOWED_ONLY = re.compile(
    rf"(?P<tool>{_ID})\s+(?:is|are)\s+(?:only\s+)?(?:allowed|permitted|available|possible)\s+"
    rf"(?:only\s+)?(?P<lead>{_LEADS}|for)\b",
)
_SHOWS_MANY = re.compile(
    rf"\b(?P<lead>{_LEADS})\s+(?P<tool>{_ID})\s+(?:shows|reports|returns|lists|gives)\s+"
    r"(?P<subj>(?:the|its|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+as\s+"
    r"(?P<run>[\w`'\"-]+(?:\s*,\s*[\w`'\"-]+)*,?\s+(?:or|and)\s+[\w`'\"-]+)",
    re.I,
)
# "when getKiln reports locked as true": the flag and its value, as "when locked is true"
_REPORTS_FLAG = re.compile(
    rf"\b(?P<lead>{_LEADS})\s+(?P<tool>{_ID})\s+(?:shows|reports|returns|gives|has)\s+"
    r"`?(?P<field>[A-Za-z][\w-]*)`?\s+(?:as|=|set\s+to)\s+(?P<value>true|false|yes|no)\b",
    re.I,
)
_NOTHING_AFTER = re.compile(
    rf"^(?P<head>\W*(?:[^,;]*?,\s*)?)(?P<cond>(?:{_LEADS})\s+[^,;]+?),\s*nothing\s+"
    r"(?:gets|is|can\s+be|may\s+be)\s+(?P<v>[a-z]+(?:ed|en|wn|t))\b(?P<rest>[^.;]*)",
    re.I,
)
_NO_GERUND = re.compile(
    r"^(?P<lead>\W*)no\s+(?P<v>[a-z]+ing)\s+(?P<det>an?|the|any)\s+",
    re.I,
)

# the participles and gerunds that name no act of a tool
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
        "based",
        "shown",
        "seen",
        "known",
        "kept",
        "left",
        "limited",
        "restricted",
        "said",
        "told",
        "asked",
        "being",
        "having",
        "doing",
        "making",
        "getting",
    ]
)


def _lemma(word: str) -> str | None:
    found = lemmas_as(word.casefold(), "VERB")
    return found[0] if found else None


def _marked(text: str) -> str | None:
    said = _MARKED.sub(lambda m: f"{m['cop']} {m['adv'] or ''}", text)
    said = _HAS_BEEN.sub(
        lambda m: f"{m['subj']} {'is' if m['aux'].casefold() == 'has' else 'are'} {m['adv'] or ''}",
        said,
    )
    return said if said != text else None


def _then(text: str) -> str | None:
    m = _THEN.match(text)
    return f"{m['cond']}, " + text[m.end() :] if m else None


def _fact(text: str) -> str | None:
    said = _FACT.sub(lambda m: f"never call {m['tool']}", text)
    said = _ALLOWED_ONLY.sub(lambda m: f"{m['tool']} may only be called {m['lead']}", said)
    return said if said != text else None


def _shows_many(text: str) -> str | None:
    m = _SHOWS_MANY.search(text)
    if m is None:
        return None
    lead = "if" if m["lead"].casefold() == "where" else m["lead"]
    return text[: m.start()] + f"{lead} {m['subj']} is {m['run']}" + text[m.end() :]


# "on a device that device-reader reports as blacklisted": the thing whose flag is set
_REPORTED_AS = re.compile(
    rf"\b(?P<det>an?|the|any)\s+(?P<noun>[a-z][\w-]*)\s+(?:that|which)\s+(?:{_ID})\s+"
    r"(?:reports|shows|lists|marks|flags)\s+as\s+(?P<flag>[a-z][\w-]*)\b",
    re.I,
)


def _reported_as(text: str) -> str | None:
    m = _REPORTED_AS.search(text)
    if m is None:
        return None
    said = f"{m['det']} {m['noun']} whose {m['flag']} is true"
    return text[: m.start()] + said + text[m.end() :]


def _reports_flag(text: str) -> str | None:
    m = _REPORTS_FLAG.search(text)
    if m is None:
        return None
    lead = "if" if m["lead"].casefold() == "where" else m["lead"]
    said = f"{lead} {m['field']} is {m['value'].casefold()}"
    return text[: m.start()] + said + text[m.end() :]


def _nothing_after(text: str) -> str | None:
    m = _NOTHING_AFTER.match(text)
    if m is None or m["v"].casefold() in _NOT_ACTS:
        return None
    verb = _lemma(m["v"])
    if verb is None:
        return None
    rest = m["rest"].strip()
    cond = m["cond"][0].lower() + m["cond"][1:]
    return f"Never {verb}{' ' + rest if rest else ''} {cond}." + text[m.end() :].lstrip(".")


def _no_gerund(text: str) -> str | None:
    m = _NO_GERUND.match(text)
    if m is None or m["v"].casefold() in _NOT_ACTS:
        return None
    verb = _lemma(m["v"])
    if verb is None or verb == m["v"].casefold():
        return None
    return f"{m['lead']}Never {verb} {m['det']} " + text[m.end() :]


_SPELLINGS = (
    _marked,
    _then,
    _fact,
    _shows_many,
    _reports_flag,
    _reported_as,
    _nothing_after,
    _no_gerund,
)


def respelt(text: str) -> str | None:
    """The sentence with every shape of the module docstring spelt the grammar's way, or
    None when it has none of them."""
    said = text
    for form in _SPELLINGS:
        again = form(said)
        if again is not None:
            said = again
    return said if said != text else None


def _states(rules: list[CandidateRule]) -> bool:
    return any(r.operator == "state_condition" for r in rules)


def _recondition(rules: list[CandidateRule], found: list[CandidateRule]) -> bool:
    """Whether the respelled reading states a conditional ban and every operator of the
    first (a ban whose condition the resolver binds once it is in the copula's words)."""
    banned = any(r.operator == "deny_action" and r.condition for r in found)
    before = Counter(r.operator for r in rules)
    after = Counter(r.operator for r in found)
    return banned and all(after[k] >= n for k, n in before.items())


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again in the grammar's words (module docstring) when the first
    reading has no state test and the new one has; else the first reading unchanged."""
    if sentence.subject is not None or _states(rules):
        return rules, diagnostics
    said = respelt(" ".join(sentence.clean.split()))
    if said is None:
        return rules, diagnostics
    found, notes = read(spelt(sentence, said))
    if not _states(found) and not _recondition(rules, found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    operators = {r.operator for r in found}
    kept = [r for r in rules if r.operator not in operators and r.operator != "deny_action"]
    return [*(r.model_copy(update={"text": words}) for r in found), *kept], notes

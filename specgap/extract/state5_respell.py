"""Entity states said in shapes the rule grammar does not read, spelt again in one it does
(the fifth pass; `state4_respell` holds the fourth, and its `reread` discipline is kept).

- a passive with a late "only": "Scores are withdrawn only when they are S" -> "Scores are
  only withdrawn when ..."; "Bikes are lent to verified members only." -> "Bikes are only
  lent to verified members.";
- "are not to be V-ed", which `segments` reads as "must not be V-ed" in every sentence, read
  again here as well; "TOOL is refused when S" -> "Never call TOOL when S";
- a label naming the act and its value a state with "only": "Refunds: abandoned repairs
  only." -> "Only refund abandoned repairs." (the label must be a verb's form, `lemminflect`);
- a runbook step whose rule follows a semicolon: "Check X with T; if it is S, stop and do
  not call U" -> "if it is S, do not call U" (the first clause is the check, read alone
  elsewhere; "stop and", "stop;" add nothing to the ban);
- a field that must hold values before an act: "Status must be A or B before you move a
  booking" -> "Only move a booking when its status is A or B" (a word a state goes by:
  `status`, `state`, `stage`, `phase`, `condition`, `standing`, `health`, `tier`, `level`,
  `mode`; "Identity must be verified before ..." is an act first, read elsewhere);
- an act with the list of its allowed (or refused) states: "Move booking - allowed
  statuses: A, B." -> "Only move booking when its status is A or B." ("blocked statuses"
  -> "Never ...");
- a question answered by a state: "Can we refund? Only if the booking is S" -> "Refund only
  if the booking is S";
- a letter's lead: "Please make sure no refund goes out on a repair that ..." -> "Never
  refund a repair that ..." (a noun act said with "goes out", "is issued", "is made", the
  noun a verb's form by `lemminflect`);
- an attributive state after "only": "Only take cuttings from healthy beds" -> "Only
  take cuttings from beds that are healthy" (the word before the noun is an adjective or
  a participle by `lemminflect`, never a noun), which the grammar reads as a state of the
  entity rather than a source.

A spelling is kept only when the first reading has no `state_condition` and no rule other
than a ban (any rules, for the three shapes that restate the whole sentence: a field that
must be S before an act, an act's list of states, a question answered by a state), and the
new reading gives a `state_condition` (or a conditional ban the resolver binds). Whether
the state binds to a field the tools list is still the resolver's business: a state that
does not bind stays `review_only` with its `condition-not-bound` note.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract import state4_respell
from specgap.extract.noact_respell import spelt, spelt_through
from specgap.extract.segments import Sentence
from specgap.extract.state4_respell import _ID, _recondition, _states
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import lemmas as all_lemmas

__all__ = ["reread", "respelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_LEADS = r"when|if|while|whenever|once|after|unless|for|to|from|on"
_PARTICIPLE = r"[a-z]+(?:ed|en|wn|t)"

_LATE_ONLY = re.compile(rf"\b(?P<cop>is|are)\s+(?P<v>{_PARTICIPLE})\s+only\s+(?=(?:{_LEADS})\b)")
_ONLY_AT_END = re.compile(
    rf"^(?P<subj>[A-Z][\w' -]*?)\s+(?P<cop>is|are)\s+(?P<v>{_PARTICIPLE})\s+"
    r"(?P<rest>(?:to|for|from|on|with)\s+[^.;:]+?)\s+only\s*\.?$"
)
_NOT_TO_BE = re.compile(r"\b(?:is|are)\s+not\s+to\s+be\s+(?=[a-z]+(?:ed|en|wn|t)\b)", re.I)
_LABEL_ONLY = re.compile(
    r"^\W*(?P<label>[A-Za-z][\w.-]*|`[A-Za-z][\w.:-]*`)\s*:\s*(?P<rest>[^:;]+?)\s+only\s*\.?$"
)
_TOOL_ID = re.compile(rf"^(?:{_ID})$")
# "TOOL is refused when S": the tool's use said as a fact, as `state4_respell` reads "is not used"
_REFUSED_WHEN = re.compile(
    rf"^\W*(?P<tool>{_ID})\s+(?:is|are)\s+(?:refused|rejected|blocked|denied|forbidden|"
    r"not\s+(?:allowed|permitted))\s+(?P<lead>when|if|while|once|whenever)\b"
)
_STEP = re.compile(
    r"^[^;]+;\s*(?P<rest>(?:if|when|unless|once|while)\b[^;]*,\s*"
    r"(?:stop\s*(?:and|;|,|:|-)\s*)?(?:do\s+not|don't|never)\b.*)$",
    re.I,
)
_STOP_AND = re.compile(r",\s*stop\s*(?:and|;|,|:|-)\s*(?=(?:do\s+not|don't|never)\b)", re.I)
_VALUES = r"[`'\"]?[\w-]+[`'\"]?(?:\s*,\s*[`'\"]?[\w-]+[`'\"]?)*(?:,?\s+or\s+[`'\"]?[\w-]+[`'\"]?)?"
_MUST_BEFORE = re.compile(
    r"^\W*(?:(?:the|its|their)\s+)?(?:(?P<owner>[a-z][\w-]*)'s\s+)?(?P<f>[A-Za-z][\w-]*)\s+"
    rf"must\s+be\s+(?P<vals>{_VALUES})\s+before\s+(?:you\s+|we\s+|anyone\s+|the\s+agent\s+)?"
    r"(?P<act>[a-z]+\s+[^.;:,]+?)\s*(?:,\s*(?:or|otherwise)\b[^.;:]*)?\.?$",
    re.I,
)
_LISTED = re.compile(
    r"^\W*(?P<act>[A-Za-z][\w ]*?)\s*(?:-|–|—|:)\s*(?P<side>allowed|permitted|valid|ok|blocked|"
    r"refused|forbidden|disallowed|not\s+allowed)\s+(?P<f>[a-z][\w-]*?)(?:es|s)?\s*:\s*"
    rf"(?P<vals>{_VALUES})\s*\.?$",
    re.I,
)
_QUESTION = re.compile(
    r"^\W*(?:q\s*:\s*)?(?:can|may|could|should|do)\s+(?:we|i|you|they|staff)\s+"
    r"(?P<act>[a-z][^?]*?)\s*\?\W*(?:a\s*:\s*)?(?:yes\s*,?\s*(?:but\s+)?)?"
    r"(?P<only>only\s+(?:if|when|while|once)\b.*)$",
    re.I,
)
_GOES_OUT = re.compile(
    r"^\W*(?:please\s+)?(?:make\s+sure|ensure|check)\s+(?:that\s+)?(?P<no>no)\s+(?P<n>[a-z]+)\s+"
    r"(?:goes\s+out|is\s+(?:issued|made|given|sent|granted|done))\s+(?P<prep>on|for|to)\b",
    re.I,
)
# the words a record's state goes by: "Status must be A before ...", never "Identity must be
# verified before ..." (an act first) or "allowed methods: ..." (an argument's values)
_STATE_FIELD = re.compile(
    r"^(?:\w+[_ ])?(?:status|state|stage|phase|condition|standing|health|tier|level|mode)$",
    re.I,
)
# "must be checked / verified / confirmed before": an act on the record, said lower-case
_CHECKS = frozenset({"check", "verify", "review", "inspect", "read", "fetch", "confirm",
                     "validate", "update", "refresh", "know", "see", "load"})  # fmt: skip
_ONLY_LEAD = re.compile(r"^\W*only\s+[a-z]", re.I)
_ATTRIBUTIVE = re.compile(
    r"\b(?P<prep>from|to|for|on|of)?\s*(?P<det>(?:an?|the|any)\s+)?(?P<adj>[a-z]+)\s+"
    r"(?P<noun>[a-z]+s)\b(?=\s*(?:[.;,]|$))"
)
_NOT_ADJECTIVES = frozenset(
    {"new", "other", "same", "all", "any", "more", "most", "only", "such", "own", "few",
     "many", "several", "both", "each", "every", "no", "some", "last", "next", "first"}
)  # fmt: skip


def _verb(word: str) -> str | None:
    verbs = all_lemmas(word.casefold()).get("VERB") or ()
    return str(verbs[0]) if verbs else None


def _adjective(word: str) -> bool:
    """A state said before its noun: an adjective or a participle that is no noun."""
    low = word.casefold()
    if low in _NOT_ADJECTIVES or len(low) < 3:
        return False
    lemmas = all_lemmas(low)
    if "NOUN" in lemmas:
        return False
    if "ADJ" in lemmas:
        return True
    return bool(re.search(r"(?:ed|en|less)$", low)) and ("VERB" in lemmas or not lemmas)


def _values(said: str) -> str:
    items = [i.strip() for i in re.split(r"\s*,\s*|\s+or\s+", said.strip()) if i.strip()]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _late_only(text: str) -> str | None:
    said = _LATE_ONLY.sub(lambda m: f"{m['cop']} only {m['v']} ", text)
    m = _ONLY_AT_END.match(said)
    if m is not None:
        said = f"{m['subj']} {m['cop']} only {m['v']} {m['rest']}."
    return said if said != text else None


def _refused_when(text: str) -> str | None:
    m = _REFUSED_WHEN.match(text)
    if m is None:
        return None
    return f"Never call {m['tool']} {m['lead']}" + text[m.end() :]


def _label_only(text: str) -> str | None:
    m = _LABEL_ONLY.match(text)
    if m is None:
        return None
    if _TOOL_ID.match(m["label"]):  # "checkOutProp: usable props only."
        return f"Only call `{m['label'].strip('`')}` for {m['rest'].strip()}."
    verb = _verb(m["label"])
    if verb is None:
        return None
    return f"Only {verb} {m['rest'].strip()}."


def _step(text: str) -> str | None:
    m = _STEP.match(text)
    said = m["rest"] if m is not None else text
    said = _STOP_AND.sub(", ", said)
    if said == text:
        return None
    return said[:1].upper() + said[1:]


def _must_before(text: str) -> str | None:
    m = _MUST_BEFORE.match(text)
    if m is None or not _STATE_FIELD.match(m["f"]):
        return None
    if any(_verb(v) in _CHECKS for v in re.findall(r"\b[a-z]+\b", m["vals"])):
        return None  # "Status must be checked before ...": reading it comes first
    act = m["act"]
    if m["owner"]:  # "The slot's status must be open before you book it": the slot
        act = re.sub(r"\b(?:it|them)$", f"the {m['owner']}", act)
    return f"Only {act} when its {m['f']} is {_values(m['vals'])}."


def _listed(text: str) -> str | None:
    m = _LISTED.match(text)
    if m is None or not _STATE_FIELD.match(m["f"]):
        return None
    head = "Never" if m["side"].casefold() in {"blocked", "refused", "forbidden",
                                               "disallowed", "not allowed"} else "Only"  # fmt: skip
    act = m["act"].strip()
    act = f"call `{act}`" if _TOOL_ID.match(act) else act[:1].lower() + act[1:]
    return f"{head} {act} when its {m['f']} is {_values(m['vals'])}."


def _question(text: str) -> str | None:
    m = _QUESTION.match(text)
    if m is None:
        return None
    act = m["act"].strip()
    return f"{act[:1].upper() + act[1:]} {m['only'][:1].lower() + m['only'][1:]}"


def _goes_out(text: str) -> str | None:
    m = _GOES_OUT.match(text)
    verb = _verb(m["n"]) if m is not None else None
    if m is None or verb is None:
        return None
    prep = " to" if m["prep"].casefold() == "to" else ""
    return f"Never {verb}{prep}" + text[m.end() :]


def _attributive(text: str) -> str | None:
    if not _ONLY_LEAD.match(text):
        return None
    m = _ATTRIBUTIVE.search(text)
    if m is None or not _adjective(m["adj"]):
        return None
    cop = "are" if m["noun"].endswith("s") else "is"
    prep = f"{m['prep']} " if m["prep"] else ""
    said = f"{prep}{m['noun']} that {cop} {m['adj']}"
    return text[: m.start()] + (" " if m.start() and prep == "" else "") + said + text[m.end() :]


# shapes that restate the whole sentence: the first reading's rules (a misread "before", a
# question's act) give way to the respelling's
_WHOLE = (_must_before, _listed, _question)
_SPELLINGS = (_refused_when, _step, _goes_out, _question, _must_before, _listed, _late_only,
              _label_only, _attributive)  # fmt: skip


def respelt(text: str) -> str | None:
    """The sentence with every shape of the module docstring spelt the grammar's way, or
    None when it has none of them."""
    said = spelt_through(text, _SPELLINGS)
    if said == text:
        return None
    return state4_respell.respelt(said) or said  # "that has been V-ed": "that is V-ed"


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again in the grammar's words (module docstring) when the first
    reading has no state test and nothing but bans, and the new one has a state test."""
    if sentence.subject is not None or _states(rules):
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    whole = any(form(text) is not None for form in _WHOLE)  # the sentence restated whole
    if not whole and any(r.operator != "deny_action" for r in rules):
        return rules, diagnostics
    said = respelt(text)
    if said is None and _NOT_TO_BE.search(sentence.text):
        said = text  # "is not to be V-ed", which `segments` already says "must not be V-ed"
    if said is None:
        return rules, diagnostics
    found, notes = read(spelt(sentence, said))
    if not _states(found) and not _recondition(rules, found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    operators = {r.operator for r in found}
    kept = [
        r
        for r in rules
        if not whole and r.operator not in operators and r.operator != "deny_action"
    ]
    return [*(r.model_copy(update={"text": words}) for r in found), *kept], notes

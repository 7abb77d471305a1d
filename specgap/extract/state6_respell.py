"""Entity states said before or around their noun, in shapes the rule grammar does not read,
spelt again in one it does (the sixth pass; `state5_respell` holds the fifth, and its
`reread` discipline is kept).

- a label naming the entity by its state, and the act it gets none of: "Contagious pets: no
  grooming." -> "Do not groom pets that are contagious." (the label's first word an
  adjective or a participle that is no noun, `lemminflect`; the act a verb's form: a
  gerund or a noun that is a verb, "refunds", "grooming"; "new" before it adds nothing);
- a state that is a process, said as a passive: "an order that is being washed" -> "an
  order that is washing" (the value a tool lists is the -ing form);
- a subject that no case may be: "No application that has been rejected shall be
  approved." -> "Never approve an application that is rejected.";
- a fact of the entity said as a plain negative passive: "Damaged games are not lent." ->
  "Damaged games cannot be lent." (only with a state word before the noun, and nothing
  after the participle but an object: "are not charged interest" stays a fact);
- the same with the state in a relative clause: "Orders that have been delivered are not
  refunded." -> "... must not be refunded"; "Hazardous pickups must never be rescheduled (by
  the agent)" -> "Hazardous pickups cannot be rescheduled";
- a subject no case may be, with an active act: "No household whose account_state is
  closed may request a pickup." -> "Never request a pickup for a household whose ...";
- a label naming people by a state phrase: "Households in arrears: no new pickup
  requests." -> "Do not request pickup for households in arrears.";
- a legal clause's subject: "The Kennel shall refund deposits only on reserved bookings."
  -> "Refund deposits only on reserved bookings." (a capitalised party and "shall");
- a tool's use that a state allows, said of the tool: "`t`: only works on S Xs" -> "Only
  call `t` for S Xs"; "`t` is refused unless S", "`t`: refused while S" -> "Never call `t`
  unless / while S";
- a state said with "has" after a condition's lead: "only when it has missing pieces" ->
  "only when it is missing pieces" (bound only to a value the readers list);
- "If S, stop; do not V" -> "If S, do not V";
- a field and its values in backticks after "whose", "when", "if": "a bucket whose `status`
  is `pending_deletion`" -> "... whose status is pending_deletion" (read as tool ids, the
  field went missing; this one is re-read even when the first reading has a state test,
  and its state test and bans give way to the new reading's);
- a question's lead ("FAQ -", "Q:") before "Can I V X? No." is dropped (`state5_respell`
  reads the question).

A spelling is kept only when the first reading has no `state_condition` and nothing but
bans, and the new reading gives a `state_condition` or a conditional ban. Binding stays the
resolver's: a state the tools do not list stays `review_only` with `condition-not-bound`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract import state5_respell
from specgap.extract.noact_respell import spelt, spelt_through
from specgap.extract.segments import Sentence
from specgap.extract.state4_respell import _ID, _recondition, _states
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import inflections

__all__ = ["reread", "respelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_PARTICIPLE = r"[a-z]+(?:ed|en|wn|t)"
_MODAL = r"(?:shall|may|can|will|should|must|is\s+to|are\s+to)"

# "Contagious pets: no grooming." / "Delivered orders - no refunds"
_LABEL_NO = re.compile(
    r"^\W*(?P<adj>[A-Za-z][a-z-]+)\s+(?P<noun>[a-z]+s)\s*(?::|-|–|—)\s*"
    r"(?:no|never\s+any)\s+(?:new\s+|further\s+|more\s+)?(?P<act>[a-z]+)\s*\.?$",
    re.I,
)
# "that is being washed": a process the tools list as its -ing form
_BEING = re.compile(rf"\b(?P<cop>is|are)\s+(?:still\s+)?being\s+(?P<v>{_PARTICIPLE})\b")
# "No application that has been rejected shall be approved."
_NO_SUBJECT = re.compile(
    rf"^\W*no\s+(?P<noun>[a-z]+)\s+(?P<rel>that|which|who)\s+(?P<state>[^,;:]+?)\s+"
    rf"{_MODAL}\s+(?:ever\s+)?be\s+(?P<v>{_PARTICIPLE})\s*(?P<rest>[^.;:]*?)\s*\.?$",
    re.I,
)
# "Damaged games are not lent." (a state word before the noun)
_NOT_PASSIVE = re.compile(
    rf"^\W*(?P<adj>[A-Za-z][a-z-]+)\s+(?P<noun>[a-z]+s)\s+(?:are\s+(?:not|never)|"
    r"(?:must|may|should|shall)\s+never\s+be|are\s+never\s+to\s+be)\s+"
    rf"(?P<v>{_PARTICIPLE})(?P<rest>\s+(?:to|for|out|again|on)\b[^.;:]*)?"
    r"(?:\s+by\s+(?:the\s+)?(?:agent|assistant|staff|us|you))?\s*\.?$",
    re.I,
)
# "Orders that have been delivered are not refunded." (the state in a relative clause)
_NOT_PASSIVE_REL = re.compile(
    rf"^\W*(?P<subj>(?:[A-Za-z][a-z-]*\s+){{0,2}}[A-Za-z][a-z]*s\s+(?:that|which|whose)\s+[^,;:]+?)"
    rf"\s+are\s+(?:not|never)\s+(?P<v>{_PARTICIPLE})(?P<rest>\s+(?:to|for|again)\b[^.;:]*)?"
    r"\s*\.?$",
    re.I,
)
# "No household whose account is closed may request a pickup." (an active act)
_NO_ACTIVE = re.compile(
    r"^\W*no\s+(?P<noun>[a-z]+)\s+(?P<rel>that|which|who|whose)\s+(?P<state>[^,;:]+?)\s+"
    r"(?:may|can|shall|will|should)\s+(?:ever\s+)?(?P<act>[a-z]+\s+[^.;:]+?)\s*\.?$",
    re.I,
)
# "Households in arrears: no new pickup requests." (the label's people, and the act they get)
_LABEL_IN = re.compile(
    r"^\W*(?P<subj>[A-Za-z][a-z]+s\s+(?:in|on|under)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*"
    r"(?::|-|–|—)\s*(?:no|never\s+any)\s+(?:new\s+|further\s+|more\s+)?"
    r"(?P<obj>(?:[a-z]+\s+)?)(?P<act>[a-z]+)\s*\.?$",
    re.I,
)
# "The Kennel shall refund deposits only on ..." (a party, then "shall")
_SHALL = re.compile(r"^\W*(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*\s+shall\s+(?=[a-z])")
# "`t`: only works on checked-in bookings." / "t - only works on drafts"
_WORKS_ON = re.compile(
    rf"^\W*(?P<tool>{_ID})\s*(?::|-|–|—)\s*(?:it\s+)?only\s+(?:works|applies)\s+"
    r"(?:on|to|for)\s+(?P<rest>[^.;:]+?)\s*\.?$"
)
# "`t` is refused unless S" (state5_respell reads "when")
_REFUSED_UNLESS = re.compile(
    rf"^\W*(?P<tool>{_ID})(?:\s+(?:is|are)|\s*(?::|-|–|—))\s+(?:refused|rejected|blocked|denied|"
    r"not\s+allowed|not\s+permitted)\s+(?P<lead>unless|while|when|if|once|whenever)\b"
)
# "FAQ - Can I ...?" / "Q: Can we ...?" (state5_respell reads the question itself)
_QUESTION_LEAD = re.compile(r"^\W*(?:faq|q|question)\s*(?::|-|–|—)\s*(?=(?:can|may)\s)", re.I)
_ANSWER_NO = re.compile(
    r"^(?P<q>(?:can|may)\s+(?:i|we|you|staff)\s+(?P<act>[a-z][^?]*?))\s*\?\s*(?:a\s*:\s*)?"
    r"no\b[^?]*$",
    re.I,
)


def _gerund(verb: str) -> str | None:
    forms = inflections(verb, "VBG")
    return forms[0] if forms else None


def _label_no(text: str) -> str | None:
    m = _LABEL_NO.match(text)
    if m is None or not state5_respell._adjective(m["adj"]):
        return None
    verb = state5_respell._verb(m["act"])
    if verb is None:
        return None
    return f"Do not {verb} {m['noun']} that are {m['adj'].lower()}."


def _being(text: str) -> str | None:
    def ing(m: re.Match[str]) -> str:
        verb = state5_respell._verb(m["v"])
        done = _gerund(verb) if verb else None
        return f"{m['cop']} {done}" if done else m[0]

    said = _BEING.sub(ing, text)
    return said if said != text else None


def _no_subject(text: str) -> str | None:
    m = _NO_SUBJECT.match(text)
    if m is None:
        return None
    verb = state5_respell._verb(m["v"])
    if verb is None:
        return None
    state = re.sub(r"^(?:has|have)\s+(?:already\s+)?been\s+", "is ", m["state"].strip())
    rest = f" {m['rest']}" if m["rest"] else ""
    det = "an" if m["noun"][:1].lower() in "aeiou" else "a"
    return f"Never {verb} {det} {m['noun']} {m['rel']} {state}{rest}."


def _not_passive(text: str) -> str | None:
    m = _NOT_PASSIVE.match(text)
    if m is None or not state5_respell._adjective(m["adj"]):
        return None
    return f"{m['adj']} {m['noun']} cannot be {m['v']}{m['rest'] or ''}."


def _not_rel(text: str) -> str | None:
    m = _NOT_PASSIVE_REL.match(text)
    if m is None:
        return None
    return f"{m['subj']} must not be {m['v']}{m['rest'] or ''}."


def _no_active(text: str) -> str | None:
    m = _NO_ACTIVE.match(text)
    if m is None or state5_respell._verb(m["act"].split()[0]) is None:
        return None
    det = "an" if m["noun"][:1].lower() in "aeiou" else "a"
    return f"Never {m['act']} for {det} {m['noun']} {m['rel']} {m['state']}."


def _label_in(text: str) -> str | None:
    m = _LABEL_IN.match(text)
    if m is None:
        return None
    verb = state5_respell._verb(m["act"])
    if verb is None:
        return None
    obj = f"{m['obj'].strip()} " if m["obj"] else ""
    subj = m["subj"][:1].lower() + m["subj"][1:]
    return f"Do not {verb} {obj}for {subj}."


def _shall(text: str) -> str | None:
    m = _SHALL.match(text)
    if m is None:
        return None
    rest = text[m.end() :]
    late = re.search(r"\s+only\s+(?=(?:on|for|to|from|when|if|while|once)\b)", rest)
    if late is not None:  # "refund deposits only on ..." -> "Only refund deposits on ..."
        return "Only " + rest[: late.start()] + " " + rest[late.end() :]
    return rest[:1].upper() + rest[1:]


def _works_on(text: str) -> str | None:
    m = _WORKS_ON.match(text)
    if m is not None:
        return f"Only call `{m['tool'].strip('`')}` for {m['rest']}."
    m = _REFUSED_UNLESS.match(text)
    if m is not None:
        return f"Never call {m['tool']} {m['lead']}" + text[m.end() :]
    return None


def _question(text: str) -> str | None:
    said = _QUESTION_LEAD.sub("", text)
    m = _ANSWER_NO.match(said)
    if m is not None:  # "Can I refund an order that is washing? No." -> a ban
        act = m["act"].strip()
        said = f"Never {act}."
    return said if said != text else None


# "If S, stop; do not V": the stop adds nothing to the ban (`state6_steps` keeps "stop. Do
# not V" in one sentence)
_STOP_THEN = re.compile(
    r"(?P<lead>\b(?:if|when|unless|once|while)\b[^.;]*?),\s*stop\s*(?:\.|;|:|-|–|—|,)?\s+"
    r"(?=(?:do\s+not|don't|never)\b)",
    re.I,
)


def _stop(text: str) -> str | None:
    said = _STOP_THEN.sub(lambda m: f"{m['lead']}, ", text)
    return said if said != text else None


def _stopped_bans(rules: list[CandidateRule], text: str) -> list[CandidateRule]:
    """ "If S, stop; do not V": the ban is the step's, under its condition; a bare ban on the
    tool the state test already guards is the split step's second half, dropped."""
    if _STOP_THEN.search(text) is None:
        return rules
    guarded = {r.target for r in rules if r.operator == "state_condition"}
    return [
        r
        for r in rules
        if not (
            r.operator == "deny_action"
            and r.condition is None
            and r.target in guarded
            and not r.params.get("values")
            and not r.params.get("arg")
        )
    ]


# "only when it has missing pieces": a state said with "has" (`missing_pieces`); the resolver
# binds it only to a value the readers list ("that has missing pieces" is read already)
_HAS = re.compile(
    r"\b(?P<lead>when|if|while|unless|once)\s+(?P<s>it|they|the\s+[a-z]+)\s+(?:has|have)\s+"
    r"(?!(?:been|to|got|already|a|an|the|any|no|not|more|less|fewer|over|under|at|its|their)\b)"
    r"(?=[a-z])",
    re.I,
)


def _perfect(word: str) -> bool:
    """A past participle: "has paid", "has returned" are a tense, no state said with "has"."""
    verb = state5_respell._verb(word)
    return verb is not None and word.casefold() in inflections(verb, "VBN")


def _has(text: str) -> str | None:
    def state(m: re.Match[str]) -> str:
        after = re.match(r"[a-z]+", text[m.end() :], re.I)
        if after is None or _perfect(after[0]):
            return m[0]
        return f"{m['lead']} {m['s']} {'are' if m['s'] == 'they' else 'is'} "

    said = _HAS.sub(state, text)
    return said if said != text else None


# "a bucket whose `status` is `pending_deletion`": the field and its values in backticks (the
# grammar reads a backticked word as a tool id; the field then went missing)
_TICKED = re.compile(
    r"\b(?P<lead>whose|when|while|if|unless|once|where)\s+(?P<own>(?:the\s+[a-z]+(?:'s)?\s+|its\s+|their\s+)?)"
    r"`(?P<f>[a-z][a-z0-9_]*)`\s+(?P<cop>is|are|equals)\s+(?P<neg>(?:not\s+|still\s+|already\s+)?)"
    r"(?P<vals>`[\w-]+`(?:\s*(?:,|or|,\s*or)\s*`[\w-]+`)*)"
)


def _ticked(text: str) -> str | None:
    def plain(m: re.Match[str]) -> str:
        vals = m["vals"].replace("`", "")
        return f"{m['lead']} {m['own']}{m['f']} {m['cop']} {m['neg']}{vals}"

    said = _TICKED.sub(plain, text)
    return said if said != text else None


_SPELLINGS = (_ticked, _stop, _question, _has, _being, _label_no, _label_in, _no_subject,
              _no_active, _not_passive, _not_rel, _shall, _works_on)  # fmt: skip


def respelt(text: str) -> str | None:
    """The sentence with every shape of the module docstring spelt the grammar's way, or
    None when it has none of them."""
    said = spelt_through(text, _SPELLINGS)
    if said == text:
        return None
    return state5_respell.respelt(said) or said  # "that has been V-ed", a late "only"


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again in the grammar's words (module docstring) when the first
    reading has no state test and nothing but bans, and the new one has a state test."""
    if sentence.subject is not None:
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    ticked = _TICKED.search(text) is not None  # the first reading lost the field
    if _states(rules) and not ticked:
        return _stopped_bans(rules, text), diagnostics
    if not ticked and any(r.operator != "deny_action" for r in rules):
        return rules, diagnostics
    said = respelt(text)
    if said is None:
        return rules, diagnostics
    found, notes = read(spelt(sentence, said))
    if not _states(found) and not _recondition(rules, found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    kept = [r for r in rules if r.operator not in {"state_condition", "deny_action"}]
    kept = [r for r in kept if r.operator not in {f.operator for f in found}] if ticked else []
    return [*(r.model_copy(update={"text": words}) for r in found), *kept], notes

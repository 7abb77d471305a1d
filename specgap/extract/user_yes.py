"""The user's yes, in the many ways a policy says it, and the action it guards.

A confirmation rule has two parts: a yes that comes from the user (a noun — "the customer's
go-ahead", "a yes from the member", "customer confirmation"; or a verb with the user as its
subject — "the subscriber has agreed", "confirmed by the caller", "ask the guest whether to
proceed") and the action it must come before. The action is read from the sentence's
grammar, in this order:

1. a `before` phrase outside the yes ("... before you cancel a subscription");
2. the main clause, when the yes is its condition ("without X, do not refund", "do not
   move a delivery until X", "only proceed with a cancellation once X");
3. the subject of a passive yes ("each cancellation must be confirmed by the customer");
4. the noun phrase that needs the yes ("rescheduling requires ...", "changes to the address
   need ...", "refunds: customer confirmation required").

A yes from someone else (a manager's approval, a supervisor's sign-off) is not the user's
and is left to `review_required`; an approval or permission that names nobody is left too.
When no action can be read, nothing is emitted: the leftovers pass then notes the sentence.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb, lemmas, verb_lemma
from specgap.extract.grammar import Clause
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import names_action
from specgap.extract.nominals import nominal_act
from specgap.extract.noun_counts import act_of
from specgap.extract.order4_shapes import reads_back
from specgap.extract.pattern_base import id_named, split_words, tool_id
from specgap.extract.people import OWNER, OWNER_IN_CHAT, PERSONISH
from specgap.extract.segments import Sentence
from specgap.extract.yes_actions import DETERMINERS as _DETERMINERS
from specgap.extract.yes_actions import named as _named
from specgap.extract.yes_actions import targets as _targets
from specgap.extract.yes_actions import verb_base as _verb_base
from specgap.extract.yes_scope import (
    described,
    listed_actions,
    proposed_action,
    tail_action,
    ticked_guard,
)
from specgap.operators.prose import USER, is_action_noun, lemma, singular

_HOW = r"(?:(?:explicit|express|clear|written|verbal|affirmative|prior|definite|final)\s+)?"
_NOUN = (
    r"(?:[\"“']?yes[\"”']?|confirmation|consent|go-ahead|go\s+ahead|ok|okay|agreement|"
    r"approval|permission|sign-off|say-so|blessing|thumbs[- ]up|green\s+light)"
)
# nouns that are a yes whoever gives it in a conversation with the user
_OWN_NOUN = r"(?:[\"“']?yes[\"”']?|confirmation|consent|go-ahead|go\s+ahead)"
# "the pass holder", "each camper": one modifier may stand before the policy's own word
_WHO = (
    r"(?:(?:the\s+)?"
    + USER
    + r"s?|(?:the|a|an|each|every|any)\s+(?:[a-z]+\s+)??"
    + PERSONISH
    + r"(?=\W|$))"
)
_THEY = r"(?:" + _WHO + r"|they|he|she)"
# (what they were told first: "has heard what will be cancelled and said yes")
_HEARD_FIRST = r"(?:(?:read|reviewed|seen|checked|heard)\s+(?:[\w'-]+\s+){0,6}?and\s+)?"
_AGREES = (
    _HEARD_FIRST + r"(?:(?:confirm(?:s|ed)?|agree[sd]?|"
    r"approve[sd]?|consent(?:s|ed)?|accept(?:s|ed)?|acknowledge[sd]?|sign(?:s|ed)?\s+off|agreeing|"
    r"confirming|approving|consenting|(?:has|have|had)\s+the\s+final\s+(?:say|word))|"
    r"types?\s+[\"“']?(?:yes|confirm)\b|"
    r"(?:says?|said|repl(?:y|ies|ied)|answer(?:s|ed)?|respond(?:s|ed)?)\s+(?:with\s+)?(?:an?\s+)?"
    r"(?:explicit\s+|clear\s+)?[\"“']?yes|okays?|okayed|(?:gives?|given|gave)\s+(?:(?:their|the|an?|explicit|clear|verbal)\s+)*(?:consent|"
    r"approval|go-ahead|ok)|(?:says?|said)\s+(?:it(?:'|\s)?s|it\s+is|that(?:'|\s)?s|that\s+is|"
    r"everything\s+is)\s+(?:correct|right|fine|ok|okay|good))"
)
_YES = re.compile(
    "|".join(
        (
            # the customer's explicit go-ahead; their consent
            r"\b(?:" + _WHO + r"'s?|their)\s+" + _HOW + _NOUN + r"\b",
            # a clear yes from the member; confirmation by the caller
            r"\b(?:an?\s+|the\s+)?" + _HOW + _NOUN + r"\s+(?:from|by)\s+" + _WHO + r"\b",
            # customer confirmation required
            r"\b" + _HOW + USER + r"\s+(?:confirmation|consent|approval|agreement|sign-off)\b",
            # wait for a yes; get explicit confirmation; needs consent
            r"\b(?:wait(?:ing)?\s+for|get|obtain|receive|need|needs|require[sd]?|have|with|"
            r"without|ask(?:ing)?\s+(?:"
            + _WHO
            + r"\s+|them\s+)?for|request|seek|collect)\s+(?:an?\s+|the\s+)?"
            + _HOW
            + r"(?:"
            + USER
            + r"\s+)?"
            + _OWN_NOUN
            + r"(?=[\s.,;:!?]|$)",
            # explicit consent is required (before ...): a yes in the conversation, the user's
            r"^\W*(?:an?\s+)?" + _HOW + _OWN_NOUN + r"\s+(?:is|are)\s+(?:always\s+)?(?:required|"
            r"needed|necessary|mandatory)\b",
            # refund the pass only on a yes
            r"(?<=\bon\s)(?:a|an|their|the)\s+" + _HOW + r"(?:yes|go-ahead|ok|okay)\b",
            # go ahead only after a clear yes
            r"(?<=\bafter\s)(?:a|an|their|the)\s+" + _HOW + r"(?:yes|go-ahead)\b",
            # the subscriber has agreed; requires the customer to confirm first (a clause of
            # its own: "the slot the patient confirmed" is a value, read by `verbal` below)
            r"(?P<verbal>\b" + _THEY + r"\s+(?:(?:has|have|must|should|shall|will|to|needs?\s+to|"
            r"has\s+to|have\s+to|is\s+required\s+to|first|explicitly|clearly|actually)\s+)*"
            + _AGREES
            + r")\b",
            # must be confirmed by the caller
            r"\b(?:confirmed|approved|agreed(?:\s+to)?|okayed|authori[sz]ed)\s+(?:by|with)\s+"
            + _WHO
            + r"\b",
            # confirm the new slot with the customer
            r"\b(?:confirm|check|double-check|clear|agree|verify)\s+(?:[\w'-]+\s+){0,5}?with\s+"
            + _WHO
            + r"\b",
            # always ask before you revoke access; before you delete it, ask.
            r"\bask(?:\s+first)?(?=\s+before\b)|(?<=,\s)ask(?:\s+first)?(?=\s*[.!]?\s*$)",
            # ask the guest whether to proceed / if they want to go ahead / to confirm
            r"\bask\s+" + _WHO + r"\s+(?:(?:whether|if)\s+(?:[\w'-]+\s+){0,4}?(?:proceed|"
            r"go\s+ahead|continue)|to\s+(?:confirm|approve|agree|consent|(?:reply|answer|respond|say)\s+"
            r"(?:with\s+)?[\"“']?yes))\b",
            # make sure the customer agrees; make sure they are happy with it
            r"\b(?:make\s+sure|ensure|check)\s+(?:that\s+)?"
            + _THEY
            + r"\s+(?:(?:explicitly|clearly|"
            r"verbally|actually|really)\s+)?(?:agrees?|approves?|"
            r"confirms?|consents?|accepts?|(?:is|are)\s+(?:ok|okay|happy|fine)\s+with|"
            # ... or has done so: "make sure the member has agreed"
            r"(?:has|have)\s+(?:(?:explicitly|clearly|verbally)\s+)?(?:agreed|approved|"
            r"confirmed|consented|accepted))\b",
        )
    ),
    re.I,
)
# what may stand before a yes that is a clause of its own ("until the guest agrees")
_OPENS_CLAUSE = re.compile(
    r"(?:^|[,;:(]|\b(?:until|till|unless|once|after|when|whenever|if|before|only|and|or|as|"
    r"since|provided|that|so|then|first|requires?|required|needs?|get|have|let|should|without))\s*$",
    re.I,
)
# "a yes to cancel the old one", "consent for the refund": the action the yes is for
_FOR_ACTION = re.compile(
    r"\s+(?:to|for)\s+(?P<x>(?!(?:the|a|an|their|this|that|it|its|any|all|be|our)\b)[a-z]+"
    r"(?:\s+[a-z]+){0,4}?)(?=\s*(?:[,;:.!?]|\s(?:before|after|when|if|unless|and|or)\b|$))",
    re.I,
)


# the yes of someone else: not the user's
_OTHER = re.compile(
    r"\b(?:manager|supervisor|admin(?:istrator)?|lead|owner|team|compliance|legal|security|"
    r"finance|approver|reviewer|pharmacist|doctor|physician|vet(?:erinarian)?)(?:'s)?\s+"
    r"(?:\w+\s+){0,2}?(?:approval|permission|sign-off|consent|ok)\b"
    r"|\b(?:approval|permission|sign-off)\s+(?:from|by|of)\s+(?!"
    + _WHO
    + r")(?:a|an|the|your)?\s*\w+",
    re.I,
)
# a parenthesised list belongs to the phrase: "before any change (booking, refund or cancel)"
_BEFORE = re.compile(
    r"\b(?:before|prior\s+to)\s+(?P<x>(?:[^,;:()]|\([^()]*\))+?)(?=\s*(?:[,;:.!?]|$))", re.I
)
_TO_STOP = re.compile(r"(?:[^;:()]|\([^()]*\))*?(?=\s*(?:[;:.!?](?:\s|$)|$))")
# the words of the yes clause that are not the guarded action
_YES_VERBS = frozenset(
    split_words(
        "confirm agree approve consent ask get obtain wait need require have make ensure "
        "check verify receive seek say read give proceed continue go"
    )
)
_NEEDED_FOR = re.compile(
    r"\s+(?:is|are)\s+(?:always\s+)?(?:required|needed|necessary|mandatory|a\s+must)\s+"
    r"(?:to|for|before)\s+(?P<x>[^,;:.!?]+)",
    re.I,
)
_NEEDS = re.compile(
    r"^(?P<x>.+?)(?:\s*:|\s+(?:requires?|needs?|must\s+have|(?:must|should)\s+(?:always\s+)?be\s+"
    r"(?:confirmed|approved)"
    r"|is\s+(?:only\s+)?(?:allowed|possible|permitted)\s+(?:with|after)|"
    r"(?:is|are)\s+(?:subject\s+to|only\s+(?:done|made|allowed))|(?:only\s+)?(?:happens?|"
    r"takes?\s+place|go(?:es)?\s+ahead|proceeds?)\s+only|only\s+(?:happens?|takes?\s+place))\b)",
    re.I,
)
_ALL = re.compile(r"\s+(?:all|both|each|alike)(?=\s+(?:requires?|needs?|must)\b)", re.I)


_YESISH = re.compile(r"\b(?:yes|confirm\w*|agree\w*|approv\w*|consent\w*|go-ahead|ok|okay)\b", re.I)


# "get the member (to confirm)": a step that turns to the user, read as the step itself
_TO_USER = re.compile(r"^(?:get|ask|have|let)\s+(?:the\s+)?" + USER + r"s?$", re.I)


def is_yes(mention: str) -> bool:
    """A step that is the user's yes ("get clear yes", "wait for confirmation"), or the
    turn to the user a yes is asked with ("get the member to confirm": `get member`)."""
    return bool(_YESISH.search(mention) or _TO_USER.match(mention.strip()))


def user_yes(clean: str, clause: Clause, said: Sentence | None = None) -> list[Emit]:
    """`require_confirmation` on each action the sentence's yes guards (module docstring);
    [] when the sentence states no user's yes or its action cannot be read. `said` is the
    sentence itself: in a tool description (its `subject`) the yes guards the described
    tool; under a heading that names one action ("## Cancelling a lesson") a yes that names
    no action of its own guards that one (target None: the section's action)."""
    clean = _as_user(clean)
    yes = next((m for m in _YES.finditer(clean) if _own_clause(clean, m)), None)
    if yes is None or _OTHER.search(clean) or _THEIR_DATUM.match(clean, yes.end()):
        return []
    if not _rule(clean, clause):
        return []  # "after the user's confirmation, the status changes": what happens
    ticked = ticked_guard(said.text, yes.span()) if said is not None else None
    own = _OWN_CALL.search(re.split(r"[,;]|\bthen\b", clean[: yes.start()])[-1])
    if own is not None:  # "find a time with `a`, then call `b` once they accept": `b`
        ticked = _targets(f"call {id_named(own, 'id')}")
    if said is not None and said.subject:
        targets: tuple[str, ...] | None = described(said.text, said.subject)
    elif ticked:
        targets = ticked
    else:
        targets = _guarded(clean, clause, yes)
        for later in _YES.finditer(clean, yes.end()):  # "get a yes ...; refund only on a yes"
            if targets is not None:
                break
            if _own_clause(clean, later):
                targets = _guarded(clean, clause, later)
        tail = tail_action(clean) if targets is None else None
        targets = (tail,) if tail is not None else targets
    in_section = said is not None and names_action(said.context)
    if targets is None and in_section and _BEFORE.search(clean) is None:
        return [Emit("require_confirmation", None, {}, 0.7)]
    # "read back the venue and date, then wait": the read-back is said to the user, no call
    kept = [t for t in targets or () if t is None or not reads_back(t)]
    return [Emit("require_confirmation", t, {}, 0.7) for t in kept]


_RULE_WORDS = re.compile(
    r"\b(?:required|requires?|needs?|needed|mandatory|necessary|compulsory|without|until|"
    r"unless|only|never|always|first|final\s+(?:say|word)|"
    r"wait|before|prior\s+to)\b|^\W*(?:seek|get|obtain|ask|confirm|check|read|make\s+sure|"
    r"ensure)\b",
    re.I,
)


def _rule(clean: str, clause: Clause) -> bool:
    """The yes is asked for: a modal, an imperative or a word of requirement; a sentence
    that tells what happens after a yes ("if the user confirms, the status is changed")
    states no rule."""
    then_do = _LEADING_THEN_DO.match(clean)
    if then_do is not None and base_verb(then_do["verb"].casefold()):
        return True  # "upon the customer's confirmation, issue the card": an imperative
    return (
        clause.modality in {"must", "must_not", "only"}
        or clause.imperative
        or bool(_RULE_WORDS.search(clean))
        or bool(_RULE_WORDS.search(_LABEL.sub("", clean, count=1)))  # "Refunds: get a yes"
    )


# a leading phrase, then the main clause in the imperative
_LEADING_THEN_DO = re.compile(
    r"^\W*(?:upon|on|after|following|with|once|when|if|should)\b[^,;.]*,\s*(?:then\s+)?"
    r"(?P<verb>[a-z]+)\b",
    re.I,
)


# "ask the caller to confirm their date of birth": a datum they tell, not a yes to an action
_THEIR_DATUM = re.compile(
    r"\s+(?:their|his|her|your)\s+(?:(?:full|legal|first|last|home|e-?mail|postal|billing|"
    r"current)\s+)*(?:identity|name|e-?mail|phone|number|date\s+of\s+birth|birth\s*date|"
    r"address|id|postcode|zip|password|pin|account\s+number|details)\b",
    re.I,
)


_OWNERS = re.compile(OWNER + "|" + OWNER_IN_CHAT, re.I)


def _as_user(clean: str) -> str:
    """The sentence with each owner who is the user ("the pet owner", "the owner" whose yes is
    given in the chat) spelled "the user", right-aligned in the owner's own span so that every
    offset into the sentence stays where it was."""
    return _OWNERS.sub(lambda m: "the user".rjust(len(m[0])), clean)


def _own_clause(clean: str, yes: re.Match[str]) -> bool:
    """A yes stated as a clause ("until the guest agrees"), or as a noun; not a relative
    clause naming a value ("book the slot the patient confirmed")."""
    return yes["verbal"] is None or bool(_OPENS_CLAUSE.search(clean[: yes.start()]))


# the one call the clause before a yes names, by its id: "then call / use `t` once ..."
_OWN_CALL = re.compile(
    r"^\W*(?:(?:and|so)\s+)?(?:call|use|run|invoke|trigger)\s+(?:the\s+)?"
    + tool_id("id")
    + r"(?:\s+(?:tool|function))?\s+(?=(?:only\s+)?(?:once|after|when|if|until)\b)",
    re.I,
)


# where a clause joined to the yes's own begins: what it orders is none of the yes's
_NEXT_CLAUSE = re.compile(r";|,\s+(?:and|but|or)\s+(?:not|never|no)\b", re.I)


def _guarded(clean: str, clause: Clause, yes: re.Match[str]) -> tuple[str, ...] | None:
    needed = _NEEDED_FOR.match(clean, yes.end())
    if needed is not None:  # "... is needed to freeze a membership", "mandatory for upgrades"
        return _targets(needed["x"])
    purpose = _FOR_ACTION.match(clean, yes.end())
    if purpose is not None and _action_word(purpose["x"].split()[0]):
        return _targets(purpose["x"])  # "the patient's yes to cancel the old one"
    own_end = _NEXT_CLAUSE.search(clean, yes.end())
    for before in _BEFORE.finditer(clean):
        if yes.start() <= before.start() < yes.end():
            continue  # "before" inside the yes phrase itself
        if own_end is not None and before.start() >= own_end.start():
            break  # "... on their yes, and not in the last day before the course starts"
        if _ANAPHORIC.match(before["x"]):
            continue  # "before proceeding": the act the sentence names elsewhere
        # "before you book, reschedule or cancel": each action of a list running on
        whole = _TO_STOP.match(clean, before.start("x"))
        upto = whole[0] if whole is not None else ""
        if before.start() < yes.start() < before.start("x") + len(upto):
            upto = upto[: yes.start() - before.start("x")]  # the yes is no item of the list
        listed, spelled_out = listed_actions(upto.rstrip(" ,"))
        if listed:
            read = _named if spelled_out else _targets
            found = tuple(t for item in listed for t in read(item) or ())
            return found or None
        # "before freezing a membership you must get ...": the phrase ends at the main
        # clause's subject, or at the yes itself
        phrase = clean[
            before.start("x") : min(before.end("x"), max(yes.start(), before.start("x")))
        ]
        phrase = phrase if yes.start() > before.start("x") else before["x"]
        phrase = _MAIN_SUBJECT.split(phrase)[0]
        return _targets(phrase)  # None: "before anything else", no one action
    label = _LABEL.match(clean)
    if label is not None and label.end() <= yes.start() and act_of(label["x"]) is not None:
        return _targets(label["x"])  # "Cancelling a policy: read ... and get their consent"
    checked = _CHECKED.match(yes[0])
    if checked is not None and _act_noun(checked["x"].split()[-1]):
        return _targets(checked["x"])  # "confirm the cancellation with the customer"
    led = _FOR_LEAD.match(clean)
    if led is not None and led.end() <= yes.start():  # "for any booking or refund, get ..."
        lead = _lead_targets(led["x"])
        if lead:
            return lead
    spelled = _FOR_LISTED.match(clean, yes.end())
    if spelled is not None and (for_listed := _lead_targets(spelled["x"])):
        return for_listed  # "require confirmation for destructive actions such as ..."
    agreed = _YES_OBJECT.match(clean, yes.end())
    if agreed is not None and _act_noun(agreed["x"].split()[-1]):
        return _targets(act_of(agreed["x"]) or agreed["x"])  # "confirm every funds transfer"
    made = _MADE_CHANGE.search(clean[: yes.start()])
    if made is not None:  # "make no changes to the menu without the couple agreeing"
        return _targets(f"change {made['x']}")
    told = _TOLD_BACK.match(clean)
    if told is not None and told.end() <= yes.start() and _act_noun(told["x"].split()[-1]):
        # "read the cancellation back to them and wait for their yes": the act read back
        return _targets(act_of(told["x"]) or told["x"])
    if clause.verb is not None and lemma(clause.verb) not in _YES_VERBS:
        outside = clause.action_span is None or not (
            yes.start() <= clause.action_span[0] < yes.end()
        )
        if outside:
            return _targets(f"{_verb_base(clause.verb)} {clause.object}".strip())
    proposed = proposed_action(clean)
    if proposed is not None:  # "ask whether they want the upgrade", "proceed with a refund"
        return _targets(proposed)
    last = re.split(r"[,;]|\band\b", clean[: yes.start()])[-1]
    led = _LED.match(last)
    if (
        led is not None
        and base_verb(led["verb"].casefold())
        and lemma(led["verb"]) not in _YES_VERBS
    ):
        rest = led["rest"]
        if told is not None and re.match(r"(?:it|them)\b", rest):
            # "read the deposit amount back and take it only on a yes": take the deposit (of
            # two words read back, the first is the thing, the second what is said of it)
            thing = told["x"].split()[0]
            rest = thing + rest[rest.find(" ") :] if " " in rest else thing
        return _targets(f"{led['verb']} {rest}")  # "... and only book it after they agree"
    then = _THEN.match(clean, yes.end())
    asks = clause.verb is None or lemma(clause.verb) in _YES_VERBS  # "confirm X with them, then"
    if asks and then is not None and base_verb(then["verb"].casefold()):
        return _targets(f"{then['verb']} {then['rest']}")  # "when the client accepts, order it"
    if clause.passive and clause.object:
        return _targets(clause.object)  # "each cancellation must be confirmed by ..."
    none_done = _NONE_DONE.match(clean)
    if none_done is not None and none_done.end() <= yes.start():
        # "no shipment is cancelled until the grower has said yes": cancel shipment
        done = verb_lemma(none_done["v"].casefold())
        return _targets(f"{done} {none_done['x'] or ''}") if done is not None else None
    subject = _NEEDS.match(_ALL.sub("", clean))  # "X, Y and Z all require ...": the list
    # "Refunds: ..." names an action; "Q: ..." or "Note: ..." labels the line
    if subject is not None and subject.end("x") <= yes.start() and len(subject["x"]) > 2:
        named = _targets(subject["x"])
        if named is not None:
            return named
        listed, _ = listed_actions(subject["x"])  # "selling a pass, renting skis and ..."
        return tuple(t for item in listed for t in _named(item) or ()) or None
    leading = _LEADING_ACT.match(clean)
    if leading is not None and leading.end() <= yes.start():
        act = act_of(leading["x"])  # "restoring a snapshot overwrites data; get a yes first"
        if act is not None and leading["x"].split()[0].casefold().endswith("ing"):
            return _targets(act)
    return None


# an act told back to the user before their yes: "read the cancellation back", "repeat the
# booking to the customer", "say the refund back"
_TOLD_BACK = re.compile(
    r"^\W*(?:read|say|repeat|recap|summari[sz]e)\s+(?:(?:the|this|that|their|any|every|each)\s+)?"
    r"(?P<x>[a-z][\w-]*(?:\s+(?!(?:back|aloud|out|to)\b)[a-z][\w-]*)?)\s+(?:back|aloud|out|to)\b",
    re.I,
)
# the action a verbal or noun yes is given to: "confirm every funds transfer", "consent to
# any charge" (its head must name an act: "confirm the new date" gives no action)
_YES_OBJECT = re.compile(
    r"\s+(?:(?:to|for|on)\s+(?:(?:the|any|every|each|all|this|that|a|an)\s+)?|(?:the|any|every|each|"
    r"all|this|that|a|an)\s+)(?P<x>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)(?=\s*(?:[,;:.!?]|$)|\s+(?:before|and|or|in|by|over|via|first)\b)",
    re.I,
)
# "make no changes to the menu": a change of the menu
_MADE_CHANGE = re.compile(
    r"\bmake\s+(?:no|any)\s+(?:changes?|modifications?|edits?)\s+(?:to|on)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<x>[a-z][\w-]*(?:\s+(?!(?:without|until|unless|before|and|or|if|when)\b)[a-z][\w-]*)?)",
    re.I,
)
# "before proceeding": the act is named elsewhere in the sentence
_ANAPHORIC = re.compile(
    r"^\s*(?:proceeding|continuing|going\s+ahead|doing\s+(?:so|it|this|that)|acting|you\s+"
    r"(?:proceed|continue|go\s+ahead|do\s+(?:so|it|this|that)))\s*$",
    re.I,
)
# the acts a yes is required for, spelled out after a general phrase
_FOR_LISTED = re.compile(
    r"\s+(?:for|before|on)\s+(?P<x>[^.;]*?\b(?:such\s+as|like|including|e\.g\.,?)\s+[^.;]+)", re.I
)
# a sentence opening with the act it is about: "Deleting a volume is irreversible, so ..."
_LEADING_ACT = re.compile(
    r"^\W*(?P<x>[A-Za-z]+ing(?:\s+[\w'-]+){0,3}?)(?=\s+(?:is|are|was|will|would|can|may|must|"
    r"should|cannot|overwrites?|removes?|deletes?|erases?|changes?|costs?|takes?|affects?)\b|"
    r"\s*[?;:,])",
    re.I,
)
# a label naming the action the line is about: "Cancelling a policy: ..."
_LABEL = re.compile(r"^\W*(?P<x>[A-Za-z][\w' -]{2,40}?)\s*[:?]\s+", re.I)
# the act checked with the user: "confirm the cancellation with the customer"
_CHECKED = re.compile(
    r"^(?:confirm|check|clear|agree)\s+(?:(?:the|any|this|that|each|every|their|your)\s+)?"
    r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+with\b",
    re.I,
)
# a leading "for" phrase that names the guarded actions, closed by the main clause: "for any
# write action such as booking, cancelling or refunding, you must first obtain ..."
_FOR_LEAD = re.compile(
    r"^\W*for\s+(?P<x>.+?),\s*(?=(?:you|we|the\s+(?:agent|assistant)|always|first|please|get|"
    r"obtain|ask|seek|confirm|wait|make\s+sure|ensure|read|check|a|an|the|explicit|"
    + USER
    + r")\b)",
    re.I,
)
_SUCH_AS = re.compile(r"^.*?\b(?:such\s+as|like|e\.g\.,?|including|namely|i\.e\.,?)\s+", re.I)


def _act_noun(word: str) -> bool:
    """A noun naming an act: `refund`, `transfers`, `inspection` (made from a verb)."""
    return is_action_noun(word) or nominal_act(singular(word)) is not None


def _lead_targets(phrase: str) -> tuple[str, ...] | None:
    """The actions a leading "for" phrase names: the members of a list ("any write action
    such as booking, cancelling or refunding"), else one action noun ("for any refund");
    None for a phrase naming no act ("for security reasons")."""
    phrase = _SUCH_AS.sub("", phrase.strip())
    listed, _ = listed_actions(phrase)
    if listed:
        return tuple(t for item in listed for t in _named(item) or ()) or None
    words = _DETERMINERS.sub("", phrase).split()
    if not words or len(words) > 3 or not _act_noun(words[-1]):
        return None
    return _targets(phrase)


# "no shipment is cancelled until ...", "nothing is refunded without ...": the act denied
# until the yes, named by the participle and its subject
_NONE_DONE = re.compile(
    r"^\W*(?:no|nothing)\b(?P<x>(?:\s+[\w'-]+){0,3}?)\s+(?:is|are|gets?|will\s+be|may\s+be|"
    r"can\s+be|should\s+be|shall\s+be)\s+(?P<v>[a-z]+(?:ed|en))\b",
    re.I,
)


# the clause the yes conditions, right before it: "..., and only reserve the site after"
_LED = re.compile(
    r"^\s*(?:only\s+)?(?:then\s+)?(?P<verb>[a-z]+)\s+(?P<rest>.*?)\s+(?:only\s+)?"
    r"(?:after|once|when|until|if|on|upon)\s+$",
    re.I,
)
# the main clause after a leading yes clause: "when the client accepts the quote, order X"
_THEN = re.compile(
    r"[^,;.]*?(?:,\s+(?:and\s+)?|\s+and\s+(?=(?:only\s+)?then\b))(?:only\s+)?(?:then\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<rest>[^,;.]*)",
    re.I,
)


_MAIN_SUBJECT = re.compile(
    r"\s+(?=(?:you|we|the\s+(?:agent|assistant))\s+(?:must|should|have|need|shall|will|are|"
    r"may|can)\b)",
    re.I,
)


def _action_word(word: str) -> bool:
    """`cancel` (to cancel) or `cancelling` (for cancelling): a verb the yes is for, not a
    thing it is about (`to marketing`, `for the refund`)."""
    w = word.casefold()
    verbs = lemmas(w).get("VERB", ())
    return lemma(w) not in _YES_VERBS and (w in verbs or (w.endswith("ing") and bool(verbs)))

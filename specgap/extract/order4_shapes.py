"""Orderings and the user's yes said between tools named by their ids, in terse shapes the
other readers leave: "`b` follows `a`, never the other way round", "`a` first, `b` second",
"`a`, then `b`, then `c`", "..., then an explicit yes, then `b`", a lead then "`b` only
comes after `a`", "`b` only once the N has been V-ed", "`b` is only called once the user
has said ...", and a wait for the user's yes: "wait for the user to say yes before V-ing".

Each order is `require_before(<later>, before=<earlier>)`; a yes before an action is
`require_confirmation(<action>)`. In a chain only adjacent steps are ordered, and a step
that is not a tool (nor a yes) breaks the chain: nothing is read across it. A step named
only by a phrase ("the loan has been approved": approve loan) is a mention the resolver
weighs as for any rule. A yes is the user's only when the policy's word for the one who
gives it is the user's (a role's yes is a review, read elsewhere).

Not read: a negated step ("never `a` before `b`" is `temporal`'s), a conditional lead, a
chain whose steps are phrases only, and a bare verb as the action a yes guards when the
sentence names no object and no tool (left to the resolver only through its object).
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from specgap.extract.allow15_objects import LISTED
from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.nominals import nominal_act
from specgap.extract.pattern_base import ANY_TOOL, found_state, singular
from specgap.extract.people import PERSONISH
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.operators.prose import USER

# a tool id in any style: snake_case, server__tool, dotted, kebab (two hyphens or more),
# camelCase, PascalCase (two capitalised parts or more)
_ID = (
    r"(?:[A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)+|[A-Za-z][A-Za-z0-9]+(?:\.[A-Za-z][A-Za-z0-9]+)+"
    r"|[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}|[a-z]+[0-9]*(?:[A-Z][a-z0-9]+)+|(?:[A-Z][a-z0-9]+){2,})"
)
ID = _ID  # for `order4_tables`
_TOOL = r"[`'\"]?\s*(?P<NAME>" + _ID + r")(?:\(\))?\s*[`'\"]?"
_NOT_IDS = frozenset({"e.g", "i.e", "etc.", "a.m", "p.m"})
# the user, by the common words or the policy's own ("the caller", "the camper")
_WHO = r"(?:the\s+|a\s+|an\s+|each\s+|every\s+)?(?:" + USER + r"|" + PERSONISH + r")s?"


def _tool(name: str) -> str:
    return _TOOL.replace("NAME", name)


_END = r"\s*[.!]?\s*$"

# "`b` (always|only) follows `a`(, never the other way round)"
_FOLLOWS = re.compile(
    r"^\W*" + _tool("later") + r"\s+(?:always\s+|only\s+|must\s+|should\s+)?follows?\s+"
    r"(?:only\s+)?" + _tool("step") + r"(?:\s*[,;(-]+\s*(?:and\s+)?(?:never|not)\s+the\s+other\s+"
    r"way\s+(?:round|around)\)?)?" + _END,
)
# "`b` only comes after `a`", "`b` is only ever called after `a`" (in any clause)
_AFTER = re.compile(
    r"^\W*" + _tool("later") + r"\s+(?:always\s+|only\s+|must\s+|should\s+|may\s+)?(?:only\s+)?"
    r"(?:ever\s+)?(?:comes?|goes|runs?|(?:is|be)\s+(?:only\s+)?(?:ever\s+)?(?:called|run|used|"
    r"invoked|made))\s+(?:only\s+)?(?:ever\s+)?after\s+" + _tool("step") + _END,
)
# "`b` only once the N has been V-ed" / "`b` only after `a` has been called"
_ONCE_DONE = re.compile(
    r"^\W*"
    + _tool("later")
    + r"\s+(?:is\s+|may\s+be\s+|can\s+be\s+)?(?:only\s+)?(?:called\s+|run\s+|"
    r"used\s+)?(?:only\s+)?(?:once|after|when)\s+(?:(?:the|a|an|its|their)\s+(?P<noun>[a-z][a-z-]*"
    r"(?:\s+[a-z][a-z-]*){0,2})|"
    + _tool("named")
    + r")\s+(?:has|have)\s+(?:already\s+)?(?:been\s+)?"
    r"(?P<done>[a-z]+(?:ed|en|wn|t|d))(?:\s+(?:up|back|out))?\b(?P<rest>[^.;:]*)" + _END,
)
# participles that say a call was made, not what it did
_CALLED = frozenset({"called", "run", "used", "invoked", "executed", "succeeded", "returned"})
# a step that is the user's yes in a chain: "an explicit yes", "the member's OK"
_YES_STEP = re.compile(
    r"^(?:(?:an?|the|their|his|her|" + _WHO + r"'s?)\s+)?(?:(?:explicit|clear|spoken|written|"
    r"verbal|firm|final)\s+)?(?:[\"“']?yes[\"”']?|ok|okay|go-ahead|consent|confirmation)"
    r"(?:\s+(?:from|by)\s+" + _WHO + r")?" + _END,
    re.I,
)
# a chain step: a tool, with a verb of calling before it and a short phrase after it
_TOOL_STEP = re.compile(
    r"^(?:(?i:call|run|use|invoke|then)\s+)?" + _tool("id") + r"(?:\s+(?:on|for|with|against|"
    r"over)\b[^,;]{0,60})?(?:\s+first)?" + _END,
)
_THEN_SPLIT = re.compile(r"\s*(?:[,;]|->|→|—|–)?\s*(?:and\s+)?(?:only\s+)?then\s+", re.I)
_ORDINAL = re.compile(
    r"^(?P<step>.+?)\s+(?P<n>first|second|third|fourth|next|last)" + _END,
    re.I,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
# "N is (only) called once the user has said ..."
_ONCE_SAID = re.compile(
    r"^\W*" + _tool("later") + r"\s+(?i:(?:is\s+|may\s+be\s+|can\s+be\s+)?(?:only\s+)?(?:ever\s+)?"
    r"(?:called|run|used|invoked|sent|made)?\s*(?:only\s+)?(?:once|after|when)\s+" + _WHO + r"\s+"
    r"(?:has|have)\s+(?:clearly\s+|plainly\s+|explicitly\s+)?(?:said|told\s+you|confirmed|agreed|"
    r"answered\s+yes|replied\s+yes|okayed|approved))\b",
)
# "wait for the user to say yes", "wait until the member agrees"
_WAIT = re.compile(
    r"\bwait\s+(?:for|until)\s+" + _WHO + r"\s+(?:to\s+)?(?:say|says|said)?\s*(?:yes|ok|okay)\b"
    r"|\bwait\s+(?:for|until)\s+" + _WHO + r"\s+(?:to\s+)?(?:agrees?|confirms?|consents?|"
    r"accepts?|approves?|give\s+(?:the|their)\s+go-ahead)\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:never|not|no|don't|doesn't|unless)\b", re.I)
_CONDITION = re.compile(r"^\W*(?:if|when|whenever|while|unless|in\s+case)\b", re.I)
# "before you V (the) O", "before V-ing (the) O", "before `x`"
_BEFORE_ACT = re.compile(
    r"\b(?i:before)\s+(?:(?:you|we)\s+(?:call\s+|run\s+|use\s+)?)?(?:[`'\"]\s*)?(?:(?P<tool>"
    + _ID
    + r")\b|(?P<verb>[a-z]+)(?:\s+(?:(?:a|an|the|their|his|her|its|this|that|any)\s+)?"
    r"(?P<obj>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)|(?P<bare>\s*(?:,|[.!]?\s*$))))",
)
_NOT_ACTS = frozenset({"you", "we", "they", "it", "that", "this", "then", "anything", "doing"})
_PRONOUNS = frozenset({"it", "them", "this", "that", "anything", "something", "so"})

# "Until the caller has passed `x`, no other (claims) tool is called"
_UNTIL_NO_OTHER = re.compile(
    r"^\W*(?i:until|before)\s+(?P<event>[^,;]+?)\s*,\s*(?i:no\s+other\s+(?:[a-z]+\s+)?(?:tools?|"
    r"calls?|functions?)\s+(?:is|are|gets|may|can|should|will)(?:\s+be)?\s+(?:used|called|run|"
    r"invoked|made))\b",
)
# "`a` on every object before it goes into a request, whether through `b` or `c`"
_WHETHER = re.compile(
    r"^(?P<lead>[^,;]*?\b(?i:before)\b[^,;]*?)\s*,\s*(?i:whether)\s+(?i:through|via|with|using|by"
    r"(?:\s+calling)?|in)\s+" + _tool("b") + r"\s+(?i:or)\s+" + _tool("c") + _END,
)
# "Condition report ordered for the objects before `approveLoan`": a step said as a noun
# and its participle
_DONE_BEFORE = re.compile(
    r"^\W*(?:(?:the|a|an|their|its)\s+)?(?P<noun>[A-Za-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+"
    r"(?P<done>[a-z]+(?:ed|en|wn))(?:\s+(?:for|on|to|with|against|in|from)\b[^,;]*?)?\s+"
    r"(?i:before)\s+" + _tool("later") + _END,
)
# "Add a note with `add_note` before closing.": the later act a bare gerund
_BEFORE_GERUND = re.compile(
    r"^\W*(?P<lead>[^,;]*?)\s+(?i:before)\s+(?P<ing>[a-z]+ing)" + _END,
)
# "a claim is never opened on a policy that has not been fetched (in this chat)"
_NOT_YET = re.compile(
    r"^\W*(?:an?|the|no)\s+(?P<noun>[a-z][a-z-]*)\s+(?:is|are|gets|may|can|will)\s+(?:never|not)"
    r"(?:\s+be)?\s+(?P<done>[a-z]+(?:ed|en|wn|t))\s+(?:on|for|against|to|from)\s+(?:an?|the|any)\s+"
    r"(?P<other>[a-z][a-z-]*)\s+(?:that|which)\s+(?:has|have)\s+not\s+(?:yet\s+)?(?:already\s+)?"
    r"been\s+(?P<step>[a-z]+(?:ed|en|wn|t)|read|run|set|paid|sent|made|done)(?:\s+(?:first|yet|already))?(?:\s+in\s+(?:this|the)\s+"
    r"(?:chat|conversation|session|call))?" + _END,
    re.I,
)
# "An access-log export is never started until `x` has been called", "Nobody's booking is
# opened until the couple has been found with `a` or `b`"
_NEVER_UNTIL = re.compile(
    r"^\W*(?:(?:an?|the|no|any)\s+|nobody's\s+|no\s+one's\s+)(?P<mods>(?:[a-z][a-z-]*\s+){0,2}?)"
    r"(?P<noun>[a-z][a-z-]*)\s+(?:is|are|gets|may\s+be|can\s+be|will\s+be)\s+(?:never\s+|not\s+|"
    r"only\s+)?(?P<done>[a-z]+(?:ed|en|wn|un))\s+(?:only\s+)?(?:until|after|once)\s+"
    r"(?P<event>[^,;]+?)" + _END,
    re.I,
)
# "An application is only submitted if ..., and only after the applicant has told you ..."
_ONLY_AFTER_SAID = re.compile(
    r"^\W*(?:an?|the|each|every|any)\s+(?P<noun>[a-z][a-z-]*)\s+(?:is|are|gets|get)\s+(?:only\s+)?"
    r"(?P<done>[a-z]+(?:ed|en|wn|t))\b[^;:]*?\bonly\s+(?:after|once|when)\s+" + _WHO + r"\s+"
    r"(?:has|have)\s+(?:[a-z]+ly\s+)?(?:told\s+you|said|confirmed|agreed|answered\s+yes|okayed)\b",
    re.I,
)
# "Rollbacks are confirmed by the engineer in the chat before you start them": whoever
# confirms in the chat is the one the agent talks to
_CONFIRMED_IN_CHAT = re.compile(
    r"^\W*(?P<noun>[a-z][a-z-]*s)\s+(?:are|must\s+be|have\s+to\s+be|need\s+to\s+be|should\s+be)\s+"
    r"(?:always\s+)?(?:confirmed|okayed|agreed\s+to)\s+by\s+(?:the\s+|an?\s+)?[a-z]+\s+in\s+(?:the|this)\s+"
    r"(?:chat|conversation|thread)\s+before\s+(?:you|we)\s+(?P<verb>[a-z]+)(?:\s+out)?\s+(?:them|it)"
    + _END,
    re.I,
)
# "Before you transfer to a shift lead, open a ticket that sums it up": the hand-off after
# the step
_BEFORE_HANDOFF = re.compile(
    r"^\W*before\s+(?:you\s+|we\s+)?(?P<v>transfer|escalate|hand\s+(?:it\s+|them\s+)?(?:off|over)|"
    r"pass\s+(?:it|them|the\s+case)\s+on)\s+to\s+(?:a|an|the)\s+(?P<n>[a-z]+(?:\s+[a-z]+){0,2}?)\s*,\s*"
    r"(?P<step>open|create|file|log|raise|add|write|record)\s+(?:a|an|the)\s+(?:[a-z]+\s+)?"
    r"(?P<o>ticket|case|note|report|record|incident|request|entry)\b",
    re.I,
)
# "Confirm the new details with the patient before saving them", "Ask the owner to confirm
# the new address before saving it": saving a new X is changing X
_SAVE_NEW = re.compile(
    r"\b(?:confirm|check|verify)\s+(?:the|their|his|her)\s+new\s+(?P<n>[a-z]+(?:\s+[a-z]+)?)\b"
    r"[^.;:]*?\bbefore\s+(?:you\s+)?(?:saving|save|store|storing)\s+(?:it|them)\b",
    re.I,
)
_LIGHT = frozenset(
    {
        "start",
        "begin",
        "make",
        "do",
        "run",
        "carry",
        "file",
        "place",
        "launch",
        "perform",
        "process",
    }
)
_OPENED = frozenset({"open", "view", "see", "access", "read", "show", "touch", "handle", "discuss"})
_GERUND_NOT = frozenset({"doing", "anything", "something", "nothing", "everything", "during"})
_EVENT_TOOLS = re.compile(
    r"\b(?:has|have)\s+(?:been\s+)?(?:called|run|used|invoked|passed|succeeded)\b|"
    r"\b(?:with|through|via|using|by\s+calling|passed)\s+",
    re.I,
)


def _ids(*names: str) -> bool:
    """Every name is a tool id (not an abbreviation)."""
    return all(n.casefold() not in _NOT_IDS for n in names)


def _clauses(text: str) -> list[str]:
    """The clauses a colon, a semicolon or a full stop sets apart; the lead of "X: Y" is a
    clause too."""
    # ("6. Read it back. `b` is only called once ...": a step's sentences are one to the
    # splitter; a full stop after a word ends a clause, a step number's does not)
    parts = re.split(r"\s*[:;]\s+|(?<=[a-z)])\.\s+(?=[A-Za-z`])", text)
    return [c.strip() for c in parts if c.strip()]


def ordered_pairs(text: str) -> list[Emit]:
    """The orders and yeses of the module's shapes, in the order the sentence says them."""
    text = " ".join(text.split())
    if _CONDITION.match(text):
        return []
    out: list[Emit] = []
    for clause in _clauses(text):
        out.extend(_clause(clause))
    if not out:
        out.extend(_waited(text))
    return out


def _clause(clause: str) -> list[Emit]:
    for shape in (
        _handed_on,
        _no_other,
        _whether,
        _done_before,
        _not_yet,
        _never_until,
        _gerund_after,
    ):
        found = shape(clause)
        if found:
            return found
    for pattern in (_FOLLOWS, _AFTER):
        m = pattern.match(clause)
        if m is not None and _ids(m["later"], m["step"]) and m["later"] != m["step"]:
            return [Emit("require_before", m["later"], {"before": m["step"]}, 0.7)]
    said = _ONCE_SAID.match(clause)
    if said is not None and _ids(said["later"]):
        return [Emit("require_confirmation", said["later"], {}, 0.7)]
    done = _ONCE_DONE.match(clause)
    if done is not None and _ids(done["later"]):
        step = _done_step(done)
        if step is not None and step != done["later"]:
            return [Emit("require_before", done["later"], {"before": step}, 0.7)]
    return _chain(clause)


def _done_step(m: re.Match[str]) -> str | None:
    """The earlier step of "once the N has been V-ed" (V N) or "once `a` has been called"."""
    done = m["done"].casefold()
    if m["named"] is not None:
        return m["named"] if done in _CALLED and _ids(m["named"]) else None
    if _NEGATED.search(m["rest"] or ""):
        return None
    verb = verb_lemma(done)
    noun = (m["noun"] or "").casefold().split()
    if verb is None or not noun or done in _CALLED:
        return None
    return f"{verb} {' '.join([*noun[:-1], singular(noun[-1])])}"


def _chain(clause: str) -> list[Emit]:
    """Adjacent tool steps of "`a`, then `b`, then `c`" or "`a` first, `b` second"; a yes
    step before a tool makes that tool need the user's yes."""
    said = clause.strip().rstrip(".!")
    steps = [s.strip() for s in _THEN_SPLIT.split(said)]
    if len(steps) < 2:
        steps = _ordinal_steps(said)
    if len(steps) < 2 or any(_NEGATED.search(s) for s in steps):
        return []
    kinds: list[tuple[str, str]] = []
    for step in steps:
        tool = _TOOL_STEP.match(step)
        if tool is not None and _ids(tool["id"]):
            kinds.append(("tool", tool["id"]))
        elif _YES_STEP.match(re.split(r"\s*,\s*(?:and\s+)?", step)[-1]) or _WAIT.search(step):
            kinds.append(("yes", ""))
        else:
            kinds.append(("other", step))
    out: list[Emit] = []
    for (k1, v1), (k2, v2) in pairwise(kinds):
        if k1 == "tool" and k2 == "tool" and v1 != v2:
            out.append(Emit("require_before", v2, {"before": v1}, 0.7))
        elif k1 == "yes" and k2 == "tool":
            out.append(Emit("require_confirmation", v2, {}, 0.7))
    return out


def _ordinal_steps(said: str) -> list[str]:
    """ "`a` first, `b` second(, `c` third)": the steps in their numbered order."""
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*(?:and\s+)?", said) if p.strip()]
    numbered: list[tuple[int, str]] = []
    for i, part in enumerate(parts):
        m = _ORDINAL.match(part)
        if m is None:
            return []
        word = m["n"].casefold()
        rank = _ORDINALS.get(word, i + 1 if word == "next" else 99)
        numbered.append((rank, m["step"]))
    ranks = [r for r, _ in numbered]
    if len(set(ranks)) != len(ranks) or 1 not in ranks:
        return []
    return [s for _, s in sorted(numbered)]


def _waited(text: str) -> list[Emit]:
    """ "wait for the user to say yes" with the action it guards: a `before` phrase with an
    object or a tool id ("before you book a crossing", "before `bookCrossing`")."""
    if _WAIT.search(text) is None or _NEGATED.search(text):
        return []
    for m in _BEFORE_ACT.finditer(text):
        if m["tool"] is not None:
            return [Emit("require_confirmation", m["tool"], {}, 0.7)] if _ids(m["tool"]) else []
        verb = m["verb"].casefold()
        if verb.endswith("ing"):
            verb = verb_lemma(verb) or ""
        obj = (m["obj"] or "").casefold().split()
        if verb and m["bare"] is not None and verb not in _NOT_ACTS:
            return [Emit("require_confirmation", verb, {}, 0.7)]  # "Before you book, ..."
        if not verb or verb in _NOT_ACTS or not obj or obj[0] in _PRONOUNS:
            continue
        obj = obj[:1] if obj[-1] in {"and", "or", "read", "wait"} else obj
        return [Emit("require_confirmation", f"{verb} {' '.join(obj)}", {}, 0.7)]
    return []


# "read X back (to the member)", "read back X": a read-back to the user, not a read of X
_READ_BACK = re.compile(r"\bread\s+(?:[^,;.]{0,80}?\s)?back\b|\bread\s+(?:back|out)\b", re.I)


def reads_back(text: str) -> bool:
    """The sentence reads something back to the user (its "read" names no read tool)."""
    return _READ_BACK.search(text) is not None


_ORDERS = frozenset({"require_before", "require_confirmation"})


def with_orders(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The readers' rules of a policy sentence with the module's orders added (when no
    other reader read an order or a yes) and the reads a read-back was taken for dropped."""
    if sentence.subject is not None:
        return rules
    text = sentence.clean
    asked = confirmed_in_chat(text)
    if asked:  # the passive yes read here names the act; another reader's guess is dropped
        rules = [r for r in rules if r.operator != "require_confirmation"]
        rules = [*rules, *(candidate(sentence, e) for e in asked)]
    if not any(r.operator in _ORDERS for r in rules):
        from specgap.extract.order5_shapes import more_orders  # the fifth round's shapes

        emits = ordered_pairs(text)
        fifth = [] if emits else more_orders(text)  # "no N without a quote", "Before V: `a`"
        rules = [r for r in rules if not fifth or r.operator not in _READ_AS_ELSE]
        emits = emits or fifth
        if (state := found_state(text)) is not None:  # "... and found it paid": kept, reviewed
            emits = [replace(e, condition=e.condition or state) for e in emits]
        targets = {e.target for e in emits}
        kept = [
            r
            for r in rules
            if not (
                r.operator == "deny_action" and not r.params.get("values") and r.target in targets
            )
        ]
        rules = [*kept, *(candidate(sentence, e) for e in emits)] if emits else rules
    return without_read_back(sentence, rules)


# what a sentence the fifth round's shapes read as an order was read as instead: a ban under
# "without X" / "before X", a state ("only after a quote": quoted)
_READ_AS_ELSE = frozenset({"deny_action", "state_condition", "require_state"})


def without_read_back(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules without the orders whose step is a read-back to the user ("read the title
    back to the member and get their OK before ..."): no read tool is called, the user's yes
    is the rule. An order whose steps are all tools named by their ids is kept."""
    text = sentence.clean
    from specgap.extract.order5_shapes import widened  # "with `a` or `b`": either of them

    rules = widened(text, rules)
    if not reads_back(text) or not any(r.operator == "require_confirmation" for r in rules):
        return rules
    named = {m.group(0) for m in re.finditer(_ID, text)}
    return [
        r
        for r in rules
        if r.operator != "require_before" or _named_steps(r.params.get("before"), named)
    ]


# what is read back before the yes ("read back artist, date, hours and placement and wait for a
# yes"): the items told, not acts
_READ_BACK_LIST = re.compile(
    r"\bread\s+(?:back|out)\s+(?P<list>[^.;:]+?)\s*,?\s+(?:and|then)\s+(?:wait|get|ask|"
    r"obtain|check)\b",
    re.I,
)


def without_read_items(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules without the confirmations read off an item the sentence reads back before
    the yes ("read back artist, date and hours and wait for a yes" is no confirmation of
    listing artists), when another confirmation of the sentence stays."""
    m = _READ_BACK_LIST.search(sentence.clean)
    confirms = [r for r in rules if r.operator == "require_confirmation"]
    if m is None or len(confirms) < 2:
        return rules
    items = {_item(i) for i in LISTED.split(m["list"]) if i.strip()}
    told = [r for r in confirms if any(_item(str(said)) in items for said in r.mentions)]
    if len(told) == len(confirms):
        return rules
    return [r for r in rules if r not in told]


def _item(mention: str) -> str:
    """A confirmation's mention, or an item read back, as the item it names ("read back
    artist", "the artist": artist)."""
    said = re.sub(r"^(?:read\s+(?:back|out)|read)\s+", "", mention.strip(), flags=re.I)
    said = re.sub(r"\s+(?:and|or)$", "", said, flags=re.I)
    return re.sub(r"^(?:the|a|an|their|its|your)\s+", "", said, flags=re.I).casefold()


def _named_steps(before: object, named: set[str]) -> bool:
    steps = [before] if isinstance(before, str) else list(before or ())  # type: ignore[call-overload]
    return bool(steps) and all(str(s) in named for s in steps)


def _named_ids(text: str) -> list[str]:
    """The tool ids a phrase names, in order, each once."""
    found = [m.group(0) for m in re.finditer(_ID, text)]
    return [t for t in dict.fromkeys(found) if _ids(t)]


def _no_other(clause: str) -> list[Emit]:
    """ "Until the caller has passed `x`, no other tool is called": `x` before every tool."""
    m = _UNTIL_NO_OTHER.match(clause)
    named = _named_ids(m["event"]) if m is not None else []
    if len(named) != 1:
        return []
    return [Emit("require_before", ANY_TOOL, {"before": named[0]}, 0.7)]


def _whether(clause: str) -> list[Emit]:
    """ "`a` ... before ..., whether through `b` or `c`": `a` before each of `b` and `c`."""
    m = _WHETHER.match(clause)
    if m is None or _NEGATED.search(m["lead"]):
        return []
    step = _named_ids(m["lead"])
    if len(step) != 1 or not _ids(m["b"], m["c"]):
        return []
    return [Emit("require_before", t, {"before": step[0]}, 0.7) for t in (m["b"], m["c"])]


def _done_before(clause: str) -> list[Emit]:
    """ "Condition report ordered for the objects before `x`": order condition report, then
    `x`."""
    m = _DONE_BEFORE.match(clause)
    if m is None or not _ids(m["later"]) or _named_ids(m["noun"]) or _NEGATED.search(clause):
        return []
    verb = verb_lemma(m["done"].casefold())
    words = m["noun"].casefold().split()
    if verb is None or words[0] in {"is", "are", "was", "it", "this", "that", "everything"}:
        return []
    return [Emit("require_before", m["later"], {"before": _phrase(verb, words)}, 0.7)]


def _gerund_after(clause: str) -> list[Emit]:
    """ "Add an outcome note with `add_note` before closing.": `add_note`, then close."""
    m = _BEFORE_GERUND.match(clause)
    if m is None or _NEGATED.search(m["lead"]) or m["ing"].casefold() in _GERUND_NOT:
        return []
    step = _named_ids(m["lead"])
    verb = verb_lemma(m["ing"].casefold())
    if len(step) != 1 or verb is None or not re.match(r"^\W*[A-Za-z]+\b", m["lead"]):
        return []
    if verb in _LIGHT or step[0].casefold().replace("_", "").startswith(verb):
        return []  # "before starting": no act named; "close_x before closing": itself
    return [Emit("require_before", verb, {"before": step[0]}, 0.7)]


def _not_yet(clause: str) -> list[Emit]:
    """ "a claim is never opened on a policy that has not been fetched": fetch policy, then
    open claim."""
    m = _NOT_YET.match(clause)
    if m is None:
        return []
    verb, step = verb_lemma(m["done"].casefold()), verb_lemma(m["step"].casefold())
    if verb is None or step is None:
        return []
    later = _phrase(verb, [m["noun"].casefold()])
    return [Emit("require_before", later, {"before": _phrase(step, [m["other"].casefold()])}, 0.7)]


def _never_until(clause: str) -> list[Emit]:
    """ "An export is never started until `x` has been called": `x`, then export; "Nobody's
    booking is opened until the couple has been found with `a` or `b`": either, then open
    booking."""
    m = _NEVER_UNTIL.match(clause)
    if m is None or not _EVENT_TOOLS.search(m["event"]):
        return []
    named = _named_ids(m["event"])
    if not named or _named_ids(m["mods"] + m["noun"]):
        return []
    if len(named) > 1 and not re.search(r"\bor\b", m["event"]):
        return []  # "`a` and `b` have been called": two orders, left to `temporal`
    done = verb_lemma(m["done"].casefold())
    noun = m["noun"].casefold()
    mods = m["mods"].casefold().replace("-", " ").split()
    if done is None or done in _OPENED:
        return []  # "nobody's booking is opened": which read opens it is not said
    if done in _LIGHT:  # "an export is started": the act the noun names
        act = nominal_act(noun) or (noun if base_verb(noun) else None)
        if act is None:
            return []
        later = " ".join([act, *mods])
    else:
        later = _phrase(done, [*mods, noun])
    before: str | list[str] = named[0] if len(named) == 1 else named
    return [Emit("require_before", later, {"before": before}, 0.7)]


def _phrase(verb: str, words: list[str]) -> str:
    """ "order condition reports" -> "order condition report"."""
    return " ".join([verb, *words[:-1], singular(words[-1])]) if words else verb


def confirmed_in_chat(text: str) -> list[Emit]:
    """ "Xs are confirmed by the <anyone> in the chat before you start them": the act X names
    needs the user's yes (a light verb names no act of its own); "a N is only V-ed ... only
    after the user has told you ...": V N needs it."""
    text = " ".join(text.split())
    m = _CONFIRMED_IN_CHAT.match(text)
    if m is not None:
        noun = singular(m["noun"].casefold())
        verb = m["verb"].casefold()
        if verb in _LIGHT:
            act = nominal_act(noun) or noun  # "a rollback": the act's own name
            return [Emit("require_confirmation", act, {}, 0.7)]
        return [Emit("require_confirmation", _phrase(verb, [noun]), {}, 0.7)]
    m = _SAVE_NEW.search(text)
    if m is not None and re.search(r"\bwith\s+" + _WHO + r"|\bask\s+" + _WHO, text, re.I):
        words = [w for w in m["n"].casefold().split() if w not in {"and", "or", "with"}]
        return [Emit("require_confirmation", _phrase("update", words[:1]), {}, 0.7)]
    m = _ONLY_AFTER_SAID.match(text)
    if m is not None and (verb := verb_lemma(m["done"].casefold())) is not None:
        return [Emit("require_confirmation", _phrase(verb, [m["noun"].casefold()]), {}, 0.7)]
    return []


def _handed_on(clause: str) -> list[Emit]:
    """ "Before you transfer to a payroll lead, open a ticket ...": open ticket, then the
    transfer (the tool the resolver finds for "transfer to payroll lead")."""
    m = _BEFORE_HANDOFF.match(clause)
    if m is None:
        return []
    verb = m["v"].split()[0].casefold()
    later = f"{verb} to {m['n'].casefold()}"
    step = f"{m['step'].casefold()} {singular(m['o'].casefold())}"
    return [Emit("require_before", later, {"before": step}, 0.7)]

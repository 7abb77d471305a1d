"""Plain bans in the shapes the modal readers miss: `deny_action` on the action they name.

In a prompt:
- the action is someone else's: "PIN resets are handled by staff, not by you", "leave
  refunds to the front-desk team";
- the action must never happen: "roster exports must never happen" (what follows the verb,
  "... over chat", is a condition no state binds: the ban is kept for review with it);
- no authority: "you have no authority to refund passes";
- "under no circumstances export the roster";
- a bullet under a line that frames its items as bans ("Never:", "Do not:", "You must not:",
  "The following are not allowed:"), or under such a heading.

In a tool description, a ban of the described tool itself: "Internal use only; do not call.",
"Not for use by the assistant.", "Staff only.", "Do not call this tool." A ban held only
under a condition ("do not call unless ...") is left to the readers of conditions.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb, lemmas, verb_lemma
from specgap.extract.grammar import Clause, parse
from specgap.extract.grammar_emit import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.noun_counts import act_of
from specgap.extract.segments import Sentence
from specgap.operators.prose import singular

_NOT_YOU = r"(?:you|the\s+(?:assistant|agent|bot|ai|model))"
# people the agent is no part of ("reserved for the staff" bans the agent), and roles a user
# may hold too ("reserved for admins" is a condition on who asks)
_TEAMS = (
    r"staff|team|humans?|people|specialists?|colleagues?|crew|desk|office|department|"
    r"employees?|personnel|clerks?|shop|counter|reception"
)
_ROLES = r"managers?|supervisors?|admins?|administrators?|operators?|agents?"
_STAFF = r"(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:" + _TEAMS + "|" + _ROLES + r"|front\s+desk)"
_TEAM = re.compile(r"\b(?:" + _TEAMS + r")\b", re.I)
# words that forbid what the subject names, whoever would do it
_FORBIDDEN = (
    r"(?:strictly\s+|absolutely\s+|always\s+)?(?:prohibited|forbidden|banned|disallowed|"
    r"never\s+(?:allowed|permitted)|not\s+(?:allowed|permitted)|not\s+available\s+(?:through|via|"
    r"from|in|to)\s+(?:you|this\s+(?:assistant|agent|chat|channel)|the\s+(?:assistant|agent))|"
    r"out\s+of\s+scope|off[- ]limits)\b"
)
_PROMPT = re.compile(
    "|".join(
        (
            # PIN resets are handled by staff, not by you
            r"^\W*(?P<x1>.+?)\s+(?:is|are)\s+(?:only\s+)?(?:(?:handled|done|processed|performed|"
            r"managed|taken\s+care\s+of|dealt\s+with)|(?P<done>[a-z]+(?:ed|en)))\s+(?:only\s+)?by\s+"
            r"(?:the\s+)?(?:[\w-]+\s+){0,3}?[\w-]+(?:\s+only)?\s*"
            r"(?:,|;|\s+and|\s+-|\s+–)\s*(?:not|never)\s+(?:by\s+)?" + _NOT_YOU + r"\W*$",
            # cancelling an event is something only the venue manager may do
            r"^\W*(?P<x6>.+?)\s+is\s+(?:something|a\s+task|a\s+job|an\s+action)\s+(?:that\s+)?"
            r"only\s+(?!you\b|the\s+(?:assistant|agent)\b)(?:the\s+|a\s+)?(?:[\w-]+\s+){0,3}?"
            r"(?:may|can|should|is\s+allowed\s+to)\s+(?:do|perform|handle|carry\s+out)\W*$",
            # leave refunds to the front-desk team
            r"^\W*(?:always\s+)?leave\s+(?P<x2>.+?)\s+to\s+" + _STAFF + r"\W*$",
            # roster exports must never happen (over chat)
            r"^\W*(?P<x3>.+?)\s+(?:must|should|may|can|shall|will)\s+never\s+(?:happen|take\s+place|"
            r"occur|be\s+(?:done|made|performed|carried\s+out|processed|allowed))\b(?P<rest>[^.;]*)",
            # you have no authority to refund passes
            r"^\W*" + _NOT_YOU + r"\s+(?:have|has|hold)\s+no\s+(?:authority|permission|right|"
            r"mandate)\s+to\s+(?P<v4>[a-z].*)$",
            # refunds are reserved for staff
            r"^\W*(?P<x7>.+?)\s+(?:is|are)\s+(?:strictly\s+|only\s+)?reserved\s+(?:for|to)\s+"
            + r"(?P<who7>"
            + _STAFF
            + r")(?:\s+only)?\W*$",
            # selling passes is not (part of) your role
            r"^\W*(?P<x8>.+?)\s+(?:is|are)\s+not\s+(?:part\s+of\s+|within\s+)?(?:your|"
            r"the\s+(?:assistant|agent)'s)\s+(?:role|job|remit|responsibility|task|scope|"
            r"duties|area)\W*$",
            # pass upgrades are a manager-only action
            r"^\W*(?P<x9>.+?)\s+(?:is|are)\s+(?:an?\s+)?(?:staff|manager|supervisor|admin|human|"
            r"office|team)[\s-]only\s+(?:action|task|operation|job|function|matter)s?\W*$",
            # pass refunds can only be issued by the ticket office
            r"^\W*(?P<x10>.+?)\s+(?:(?:can|may|must|should|will)\s+only\s+be|(?:is|are)\s+only)\s+"
            r"(?P<done2>[a-z]+(?:ed|en))(?:\s+out)?\s+by\s+" + _STAFF + r"\W*$",
            # it is not your job to cancel lessons
            r"^\W*it\s+is\s+not\s+(?:your|the\s+(?:assistant|agent)'s)\s+(?:job|role|place|"
            r"responsibility|task)\s+to\s+(?P<v6>[a-z].*)$",
            # you do not have (the) permission to upgrade passes; you lack the authority to
            r"^\W*" + _NOT_YOU + r"\s+(?:(?:do|does)\s+not\s+have|don't\s+have|doesn't\s+have|"
            r"lacks?)\s+(?:the\s+|any\s+)?(?:authority|permission|right|rights|mandate|ability)\s+"
            r"to\s+(?P<v7>[a-z].*)$",
            # you are not able to sell passes
            r"^\W*" + _NOT_YOU + r"\s+(?:are|is)\s+(?:not\s+able|unable)\s+to\s+(?P<v8>[a-z].*)$",
            # only staff can refund passes
            r"^\W*only\s+" + _STAFF + r"\s+(?:can|may|should|(?:is|are)\s+allowed\s+to)\s+"
            r"(?P<v9>[a-z].*)$",
            # disk wipes are prohibited (for production volumes); quota changes are not
            # available through this assistant; access grants are out of scope
            r"^\W*(?P<x11>.+?)\s+(?:is|are)\s+" + _FORBIDDEN + r"(?P<rest2>[^.;]*)",
            # disk wipes: not allowed
            r"^\W*(?P<x12>[A-Za-z][\w' -]{2,40}?)\s*:\s*(?:not\s+(?:allowed|permitted)|prohibited|"
            r"forbidden|never)\W*$",
            # no disk wipes.
            r"^\W*no\s+(?P<x13>[a-z][\w' -]{2,40}?)\s*[.!]?\s*$",
            # revoking access is the security team's job
            r"^\W*(?P<x14>.+?)\s+(?:is|are)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:team|staff|"
            r"department|office|desk|manager|admin|administrator|supervisor|human)(?:'s|s')\s+"
            r"(?:job|responsibility|task|call|domain|decision|prerogative)s?\W*$",
            # quota changes must be handled by the platform team
            r"^\W*(?P<x15>.+?)\s+(?:(?:must|should|will|have\s+to|need\s+to)\s+(?:always\s+)?be)\s+(?:handled|done|processed|performed|carried\s+out|made|"
            r"decided|managed)\s+by\s+" + _STAFF + r"\W*$",
            # deposits are non-refundable
            r"^\W*(?P<x16>.+?)\s+(?:is|are)\s+(?:strictly\s+|always\s+)?non-?(?P<able>[a-z]{3,}?)"
            r"(?:able|ible)\b(?P<rest3>[^.;]*)",
            # (you must) refuse any request to wipe a disk; decline requests for refunds
            r"^\W*(?:(?:you|the\s+(?:assistant|agent))\s+(?:must|should|will)\s+)?(?:always\s+)?"
            r"(?:refuse|decline|reject|turn\s+down)\s+(?:any|all|every|each)?\s*requests?\s+to\s+"
            r"(?P<v10>[a-z].*)$",
            # under no circumstances (should you) export the roster
            r"^\W*under\s+no\s+circumstances\s*,?\s+(?:(?:should|may|must|can|will|are|is)\s+"
            + _NOT_YOU
            + r"\s+(?:to\s+)?)?(?P<v5>[a-z].*)$",
        )
    ),
    re.I,
)


def plain_ban(sentence: Sentence, clause: Clause) -> list[Emit]:
    """`deny_action` for the sentence's shape (module docstring); [] for none."""
    if sentence.subject is not None:
        return _described(sentence)
    framed = _framed(sentence, clause)
    if framed:
        return framed
    m = _PROMPT.search(sentence.clean.strip())
    if m is None:
        return []
    verbal = next((m[f"v{i}"] for i in range(4, 11) if m[f"v{i}"] is not None), None)
    if verbal is not None:
        return _imperative(verbal)
    if _stated_elsewhere(m):
        return []  # "... is not allowed for claims that were rejected": a state, read elsewhere
    if m["x16"] is not None:  # "deposits are non-refundable": refund deposit
        return _unable(m["x16"], m["able"], m["rest3"])
    nouns = (1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    noun = next(m[f"x{i}"] for i in nouns if m[f"x{i}"] is not None)
    participle = m["done"] or m["done2"]
    done = verb_lemma(participle.casefold()) if participle else None
    done = None if done in _DOING else done  # "carried out by staff": the noun's own act
    # "booking records are deleted by the manager, never by you": delete booking record
    action = f"{done} {_bare(noun)}" if done else act_of(noun)
    if action is None or (m["x13"] and action.casefold() in _GENERIC):
        return []  # "no changes.": no one action
    rest = (m["rest"] or m["rest2"] or "").strip(" ,")
    if rest and _ORDER.match(rest):
        return []  # "must never happen before the class starts": an ordering
    if m["who7"] is not None and not _TEAM.search(m["who7"]):
        # "bucket deletion is reserved for owners and admins": a role the person asking may
        # hold, not a team the agent is no part of; whether they hold it no state binds here
        rest = " ".join(f"unless the requester is one of the {m['who7']}".split())
    # "must never happen over chat": only there; no state binds that, so it is reviewed
    return [Emit("deny_action", action, {}, 0.7, condition=rest or None)]


def _stated_elsewhere(m: re.Match[str]) -> bool:
    """A forbidden act with more to it (what follows "not allowed", or a state word in its
    noun: "moving an attended booking") is a ban under a condition the readers of states
    bind; a flat ban here would be stronger than the sentence."""
    noun = next((m[g] for g in ("x11", "x12", "x13") if m[g] is not None), None)
    if noun is None:
        return False
    participle = any(w.casefold().endswith("ed") for w in noun.split()[1:])
    return bool((m["rest2"] or "").strip(" ,")) or participle


def _unable(noun: str, able: str, rest: str) -> list[Emit]:
    """ "Deposits are non-refundable (after the tasting)": the act the adjective is made from,
    on the noun; what follows is the case it holds in (reviewed)."""
    stem = able.casefold()
    verb = next(
        (
            v
            for v in (stem, stem + "e", stem[:-1] if stem.endswith("l") else "")
            if v and base_verb(v)
        ),
        None,
    )
    if verb is None:
        return []
    rest = rest.strip(" ,")
    if rest and _ORDER.match(rest):
        return []  # "non-refundable after the event": an ordering, read elsewhere
    return [Emit("deny_action", f"{verb} {_bare(noun)}", {}, 0.7, condition=rest or None)]


def forbidden_tail(clean: str) -> str | None:
    """What follows "is forbidden" in "snapshot deletion is strictly forbidden for production
    volumes": the case the ban holds in, which no reader of the noun may drop (the ban is
    then reviewed with it); None when the sentence has no such tail or it is an ordering."""
    m = _TAIL.match(clean.strip())
    if m is None:
        return None
    rest = m["rest"].strip(" ,")
    to = re.match(r"to\s+(?P<v>[a-z]+)\b", rest, re.I)
    if to is not None and to["v"].casefold() in IMPERATIVE_VERBS:
        return None  # "you are never allowed to refund X": the act, not where the ban holds
    return rest if rest and _ORDER.match(rest) is None else None


_TAIL = re.compile(r"^\W*.+?\s+(?:is|are)\s+" + _FORBIDDEN + r"(?P<rest>[^.;]*)", re.I)


def _bare(noun: str) -> str:
    """A noun phrase without its determiners, its head singular: `the booking records`."""
    words = [w for w in noun.split() if w.casefold() not in {"a", "an", "the", "all", "any"}]
    return " ".join([*words[:-1], singular(words[-1])]) if words else noun


def _imperative(text: str) -> list[Emit]:
    """The ban of the action an imperative names ("export the roster"), or [] when it
    names no tool action. What the sentence adds after the action ("... over chat", "...
    for a guest", "... if it was used") narrows the ban: it is kept as the condition (the
    rule is reviewed), never dropped for a wider ban."""
    text = text.strip().rstrip(".;!")
    clause = parse(text)
    if clause.action is None or clause.negated or clause.verb in NOT_ACTIONS:
        return []
    if clause.condition is not None:
        condition: str | None = clause.condition.text
    else:
        end = clause.action_span[1] if clause.action_span is not None else len(text)
        condition = text[end:].strip(" ,") or None
    if condition is not None and _ORDER.match(condition):
        return []  # "... before the waiver is signed": an ordering, read elsewhere
    return [Emit("deny_action", clause.action, {}, 0.7, condition=condition)]


_GENERIC = frozenset({"change", "update", "modify", "edit", "alter", "act", "do"})
_DOING = frozenset({"do", "carry", "perform", "handle", "process", "make", "manage", "deal"})
_ORDER = re.compile(r"^\s*(?:before|after|until|once|prior\s+to)\b", re.I)


# a line or heading that says the items under it are bans
_BAN_FRAME = re.compile(
    r"^\W*(?:(?:you|the\s+(?:assistant|agent))\s+(?:must|should|may|shall)\s+(?:never|not)|"
    r"(?:you|the\s+(?:assistant|agent))\s+(?:cannot|can't|are\s+not\s+allowed\s+to)|"
    r"(?:please\s+)?(?:never|do\s+not|don't|must\s+not|avoid)(?:\s+do)?|not\s+allowed|"
    r"prohibited|forbidden|off-limits|don'?ts|what\s+not\s+to\s+do|"
    r"(?:the\s+following\s+(?:actions\s+)?(?:are|is)\s+)(?:not\s+(?:allowed|permitted)|prohibited|"
    r"forbidden)|(?:prohibited|forbidden|banned|disallowed)\s+actions?)"
    r"(?:\s+(?:do\s+)?(?:any\s+of\s+)?(?:the\s+following|these|this))?[\s:.*_]*$",
    re.I,
)
_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\d{1,2}[.)])\s+(?P<text>\S.*?)\s*$")


def ban_framed(sentence: Sentence) -> bool:
    """Whether the sentence is (the first of) a bullet under a line or heading that frames
    its items as bans ("Never:", "## Don't")."""
    intro = list_intro(sentence)
    return intro is not None and _BAN_FRAME.match(intro[0]) is not None


def list_intro(sentence: Sentence) -> tuple[str, bool] | None:
    """For (the first sentence of) a bullet, what frames its list: the line before the list
    when it ends with a colon, else the heading over it (and True); None for any other
    sentence."""
    line_start = _item_line(sentence)
    if line_start is None:
        return None  # no bullet, or a later sentence of one
    frame = _intro(sentence.artifact.text, line_start)
    return (sentence.context or "", True) if frame is None else (frame, False)


def opens_item(sentence: Sentence) -> bool:
    """Whether the sentence is (the first of) a bullet's text."""
    return _item_line(sentence) is not None


def _item_line(sentence: Sentence) -> int | None:
    """Where the line starts of the bullet the sentence opens, or None."""
    text = sentence.artifact.text
    start, _ = sentence.raw_range()
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    here = _BULLET.match(text[line_start : len(text) if line_end < 0 else line_end])
    if here is None or start > line_start + here.start("text"):
        return None
    return line_start


def _framed(sentence: Sentence, clause: Clause) -> list[Emit]:
    """A bullet under a ban frame: the ban of the bullet's action."""
    if not ban_framed(sentence):
        return []
    if clause.negated or not clause.imperative:
        gerund = re.match(r"^(?P<v>[a-z]+ing)\b(?P<rest>.*)$", sentence.clean.strip(), re.I)
        verbs = lemmas(gerund["v"].casefold()).get("VERB", ()) if gerund is not None else ()
        if gerund is None or not verbs:
            return []
        return _imperative(f"{verbs[0]}{gerund['rest']}")  # "- exporting the roster"
    return _imperative(sentence.clean)


def _intro(text: str, line_start: int) -> str | None:
    """The line that introduces the list the line at `line_start` belongs to, when it
    ends with a colon; None otherwise."""
    at = line_start
    while at > 0:
        prev = text.rfind("\n", 0, at - 1) + 1
        line = text[prev : at - 1]
        if _BULLET.match(line) is None:
            stripped = line.strip()
            return stripped if stripped.endswith(":") else None
        at = prev
    return None


_DESCRIBED = re.compile(
    r"^\W*(?:(?:for\s+)?internal\s+(?:use\s+)?only\W*(?:;\s*|\.\s*|,\s*)?(?:do\s+not|don't|never)\s+"
    r"(?:call|use)(?:\s+(?:it|this(?:\s+tool|\s+function)?))?\W*$"
    r"|(?:for\s+)?internal\s+use\s+only\W*$"
    r"|not\s+(?:for\s+use\s+by|to\s+be\s+(?:called|used)\s+by|available\s+to)\s+(?:the\s+|an?\s+)?"
    r"(?:ai\s+)?(?:assistant|agent|ai|model|bot|llm)s?\W*$"
    r"|(?:for\s+)?(?:staff|(?:staff\s+)?members\s+of\s+staff|admins?|administrators?|humans?|"
    r"operators?|employees)[\s-]+only\b[^.;]*[.;]?\s*$"
    r"|(?:(?:deprecated|obsolete|legacy|internal)\W+)?(?:do\s+not|don't|never|must\s+not)\s+"
    r"(?:call|use|invoke)(?:\s+(?:it|this(?:\s+tool|\s+function)?))?\W*$)",
    re.I,
)


def _described(sentence: Sentence) -> list[Emit]:
    """A tool description that bans its own tool: the described tool (`target` None)."""
    if _DESCRIBED.match(sentence.clean.strip()) is None:
        return []
    return [Emit("deny_action", None, {}, 0.7)]


def frames_bans(sentence: Sentence) -> bool:
    """The sentence is a line that frames the bullets under it as bans ("Never:"): the
    bullets state the rules, the line itself none."""
    if _BAN_FRAME.match(sentence.clean.strip()) is None or not sentence.clean.strip().endswith(":"):
        return False
    text = sentence.artifact.text
    end = text.find("\n", sentence.raw_range()[1] - 1)
    nxt = text[end + 1 : text.find("\n", end + 1) if text.find("\n", end + 1) >= 0 else None]
    return end >= 0 and _BULLET.match(nxt) is not None

"""A tool named by its id as the subject of a rule (nineteenth session): "`delete_guest` is
forbidden", "`issue_refund` is only for cancelled bookings", "`issue_refund` must never
exceed $300", "Calls to `upgrade_room` are reserved for gold guests", "`send_voucher` with
an amount over 50 is not allowed".

The grammar reads an action as a verb and its object; a tool id said as the subject has no
verb, and such sentences were reported `rule-not-compiled (no action)`. Each says of the
tool's calls what the imperative "call `t` ..." says, which the readers read:

| said                                                     | read as                      |
|----------------------------------------------------------|------------------------------|
| `t` is forbidden / prohibited / disabled / off-limits    | Never call `t`               |
| `t` is not available for <...>                           | Never call `t` for <...>     |
| `t` must not be used / may never be called               | Never call `t`               |
| `t` with <...> is not allowed                            | Never call `t` with <...>    |
| `t` is only for <...> / is reserved for <...>            | Only call `t` for <...>      |
| `t` is for <things> in status S / whose / of type T      | Only call `t` for <...>      |
| `t` may only be used <when/if/after ...>                 | Only call `t` <...>          |
| `t` must never exceed N / is capped at N                 | Never call `t` for more than N |

The subject may be said "`t`", "the `t` tool", "tool `t`", "calls to `t`", "a call to
`t`", "using `t`", "refunds through `t`", "refunds (`t`)". What follows the predicate stays
as it is, so a condition ("is forbidden for blocked guests") is read by the same grammar,
bound or kept for review with its note, exactly as if the sentence had been written with
"call".

An argument of the tool said as the subject, or after the tool as a label, is bounded the
way "Only call `t` if the X is at most N" says (`compare19` reads it):

| said                                                      | read as                     |
|-----------------------------------------------------------|-----------------------------|
| the X of `t` / the X passed to `t` must not exceed N       | ... if the X is at most N   |
| the X for `t` must be at least N / between A and B         | ... at least N / between    |
| `t`: X at most N / X up to N / X between A and B           | (the same)                  |

"Use `t` only for X" is "Only call `t` for X": the verb that says a tool is called (`called`);
"X must be identified via `t` before Y" is "Call `t` before Y" (`done_via`), and so is the
label "Required before Y: `t`" (`when_label`); "Limit `t` to N per Y" is "Call `t` at most N
times per Y" (`limited`).
Each is read only where the sentence as written gave no rule (`reread`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.agent_params import agent_tool
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.noact_respell import Read, read_as, when_none
from specgap.extract.pattern_base import BARE_ID
from specgap.extract.pattern_base import id_named as _named
from specgap.extract.pattern_base import tool_id as _id
from specgap.extract.people import ROLES
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_SUBJECT = re.compile(
    r"^[^\w`]*(?:(?:and|but|also|so)\s+)?(?:(?:any|a|each|every|all)\s+)?(?:(?:the\s+)?(?:tool|function|endpoint|action)\s+"
    + _id("id")
    + r"|(?:the\s+)?"
    + _id("id2")
    + r"(?:\s+(?:tool|function|endpoint|action|calls?))?"
    r"|(?P<call>(?P<np>(?:[a-z]+\s+){0,2}?[a-z]+)\s+(?:through|via|using|with)\s+|calls?\s+to\s+|"
    r"using\s+|"
    r"calling\s+|invoking\s+)(?:the\s+)?" + _id("id3") + r"(?:\s+(?:tool|function|endpoint))?"
    # "Refunds (`issue_refund`) are only for ...": the noun, then its tool in brackets
    r"|(?P<np4>(?:[a-z]+\s+){0,2}?[a-z]+)\s*\(\s*" + _id("id4") + r"\s*\))\s*",
    re.I,
)
# people a tool may be kept for who are not the agent ("the duty manager", "licensed
# technicians", "certified divers", "our surveyors", "the studio owner"): a role (after up to
# two words), or anyone said with a qualification the agent has not
_ROLE = (
    r"(?:the\s+|our\s+|a\s+|an\s+|its\s+)?(?:(?:[a-z][\w-]*\s+){0,2}?"
    + ROLES
    + r"|(?:licensed|qualified|certified|trained|accredited|authori[sz]ed|human)\s+"
    r"(?:[a-z][\w-]*\s+)?[a-z]+s?)(?:\s+only)?\b(?!\s*(?:'s|of)\b)"
)
_BANNED = (
    r"(?:is|are|stays?|remains?)\s+(?:strictly\s+|always\s+|completely\s+)?(?:forbidden|prohibited|banned|"
    r"disabled|off[\s-]limits|not\s+(?:allowed|permitted|available|possible|offered|to\s+be\s+"
    r"(?:used|called))|unavailable|unused|"
    r"never\s+(?:allowed|permitted|to\s+be\s+(?:used|called))|disallowed|out\s+of\s+bounds|"
    # "`t` is not for the assistant": who it is not for is the agent
    r"not\s+for\s+(?:the\s+|an?\s+|any\s+|this\s+)?(?:assistant|agent|bot|chatbot|model|ai|you)s?\b|"
    # "`t` is not yours to use" (to run, to activate, to apply: whatever the verb, the tool is
    # not the agent's to call)
    r"(?:not|never)\s+(?:yours|ours|for\s+us|the\s+(?:desk|agent|assistant|bot)'s)\s+to\s+"
    r"[a-z]+\b|"
    # "`t` is reserved for the duty manager", "is for licensed technicians only": for people
    # who speak for someone else, which the agent is not (a guest or a member is the user's
    # kind: `_ONLY_FOR` reads that as a condition)
    r"(?:(?:only|solely|strictly)\s+)?(?:reserved\s+|kept\s+|meant\s+|intended\s+)?(?:only\s+)?"
    r"for\s+" + _ROLE + r")"
    # "`t` belongs to the owner"
    r"|belongs?\s+to\s+"
    + _ROLE
    + r"|(?:must|should|may|can|shall)\s+(?:never|not)\s+be\s+(?:used|called|invoked|run)"
    r"|(?:cannot|can't|mustn't|shouldn't)\s+be\s+(?:used|called|invoked|run)"
)
_ONLY_FOR = (
    r"(?:is|are)\s+(?:only|solely|exclusively|strictly)\s+(?:(?:allowed|permitted|meant|"
    r"intended|to\s+be\s+used)\s+)?for|(?:is|are)\s+reserved\s+(?:only\s+)?for"
    # "`t` is for repairs in status booked", "... for bikes of type ebike": what it is for,
    # said by a state, is what it may be called on
    r"|(?:is|are)\s+for(?=\s+(?:[\w-]+\s+){1,3}?(?:in\s+(?:status|state)|whose|of\s+type|"
    r"with\s+(?:a\s+)?(?:status|state)|that\s+(?:are|is)|which\s+(?:are|is))\b)"
)
_ONLY = r"(?:may|can|must|should|shall)\s+only\s+be\s+(?:used|called|invoked|run)"
_CAPPED = (
    r"(?:(?:must|may|should|can|shall)\s+)?(?:never|not)\s+exceed|(?:cannot|can't|mustn't)\s+"
    r"exceed|(?:is|are)\s+(?:capped|limited)\s+at|(?:must|may|should|can)\s+(?:never|not)\s+be"
    r"\s+(?:more|greater|higher)\s+than"
)
# the passive: "`t` is never called with X", "`t` is used only while S", "`t` has to have
# been run before `u`", "`t` is called once in a conversation at most"
_CALL_PARTICIPLE = r"(?:called|used|run|invoked|triggered|executed)"
_PASSIVE = (
    r"(?:is|are|gets|get)\s+(?:(?P<p_never>never|not)\s+(?:ever\s+)?|(?P<p_only>only)\s+)?"
    + _CALL_PARTICIPLE
    + r"(?P<p_only2>\s+only)?\b"
    r"|(?:has|have|needs?)\s+to\s+have\s+been\s+" + _CALL_PARTICIPLE + r"\b"
    r"|(?:must|should|shall)\s+have\s+been\s+" + _CALL_PARTICIPLE + r"\b"
    # a checklist's participle without its verb: "`t` read before `u`", "`t` run first"
    r"|(?:read|run|called|checked|consulted|queried)(?=\s+(?:first|before|prior\s+to)\b)"
)
# "`t` is (always) preceded by `s`", "`t` follows `s`": the order "`t` comes after `s`" says
_PRECEDED = re.compile(
    r"^\s*(?:(?:is|are|must\s+be|should\s+be|has\s+to\s+be|needs\s+to\s+be)\s+(?:always\s+)?"
    r"preceded\s+by|(?:always\s+|only\s+|must\s+|should\s+)?follows?(?!\s+up\b))\s+(?=\S)",
    re.I,
)
_FOR_ROLE = re.compile(r"\b(?:for|to)\s+" + _ROLE, re.I)
_FOR_AGENT = re.compile(r"^\s+(?:for|to)\s+(?:the\s+)?(?:assistant|agent|bot|you)\b", re.I)
# the tool said as the subject, then banned by a pronoun in a clause of its own
_NEVER_IT = re.compile(
    r"[,;:\u2013\u2014-]\s*(?:so\s+|and\s+)?(?:you|we|the\s+(?:assistant|agent))\s+(?:never|do\s+not|"
    r"don't|must\s+not|mustn't|should\s+not|shouldn't|may\s+not|cannot|can't)\s+(?:ever\s+)?"
    r"(?:use|call|run|invoke|touch|trigger)\s+it\b",
    re.I,
)
# what an affirmative passive must say for it to be a rule ("`t` is called when the member
# asks" describes the tool): an order, a count, or a limit
_PASSIVE_RULE = re.compile(
    r"^\s*(?:(?:first\s+)?(?:before|after|prior\s+to|once|twice|at\s+most|no\s+more\s+than|"
    r"only|(?:one|two|three|four|five|\d+)\s+times?)\b|first\b)",
    re.I,
)
_PREDICATE = re.compile(
    rf"(?P<ban>{_BANNED})|(?P<only_for>{_ONLY_FOR})|(?P<only>{_ONLY})|(?P<capped>{_CAPPED})"
    r"(?=\s+(?:[$€£]\s?)?\d)"
    rf"|(?P<passive>{_PASSIVE})",
    re.I,
)
# "`t` with an amount over 50 is not allowed": what the calls are said with, then the bar
_WITH_BANNED = re.compile(rf"^(?P<with>(?:with|for|on|when|if)\s+[^.;]+?)\s+(?:{_BANNED})\b", re.I)


# a predicate's first word: what follows a subject
_MODAL = re.compile(
    r"(?:must|should|shall|may|can|cannot|can't|is|are|has\s+to|have\s+to|needs?\s+to|"
    r"requires?|comes?|goes|runs?)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence said with "call `t`" (module docstring), or None when its subject is no
    tool id or its predicate is none of the table's."""
    m = _SUBJECT.match(text)
    if m is None:
        return None
    first = re.match(r"\W*([A-Za-z]+)", m["np"] or m["np4"] or "")
    if first is not None and first[1].casefold() in IMPERATIVE_VERBS:
        return None  # "Check the crossing with `t`; ...": an imperative, not a subject
    tool = _named(m, "id", "id2", "id3", "id4")
    rest = text[m.end() :]
    if (order := _PRECEDED.match(rest)) is not None:  # "`t` is preceded by `s`", "follows `s`"
        return f"`{tool}` comes after {rest[order.end() :]}"
    if _NEVER_IT.search(rest):  # "`t` is for floor staff only, you never use it"
        return f"Never call `{tool}`."
    said = _WITH_BANNED.match(rest)
    if said is not None:
        return f"Never call `{tool}` {said['with']}{rest[said.end() :]}"
    p = _PREDICATE.match(rest)
    if p is None:  # "any call to `t` must come after `s`": what is said of `t` itself
        said_of = _MODAL.match(rest) is not None and (
            m["call"] or m["id_b"] or m["id2_b"] or m["np4"]
        )
        return f"`{tool}` {rest}" if said_of else None
    after = rest[p.end() :]
    if p["passive"]:
        return _passive(tool, p, after)
    if p["ban"]:  # ("off limits for the assistant": the agent is who the rule is for)
        if _FOR_ROLE.search(p["ban"]):  # "for technicians on site": of them, not a condition
            after = re.sub(r"^[^;.]*", "", after, count=1)
        after = _ANY_TIME.sub("", _FOR_AGENT.sub("", after, count=1), count=1)
        return f"Never call `{tool}`{after}"
    if p["only_for"]:
        return f"Only call `{tool}` for{after}"
    if p["only"]:
        return f"Only call `{tool}`{after}"
    count = _COUNT.match(after)
    if count is not None:  # "`t` is capped at 2 per day": a count of its calls
        return _at_most(tool, count)
    return f"Never call `{tool}` for more than{after}"


# ", on any visit", "in any chat", "at any time", ", ever": always, which a ban is
_ANY_TIME = re.compile(
    r"^\s*,?\s*(?:(?:on|in|at|during|for)\s+(?:any|every|each)\s+[a-z]+|ever)(?=\s*(?:[.;!]|$))",
    re.I,
)


def _passive(tool: str, p: re.Match[str], after: str) -> str | None:
    """ "Never / Only / Call `t` <after>" for the passive said of `tool` (`_PASSIVE`), or
    None for an affirmative that says no order, count or limit."""
    if p["p_never"]:
        return f"Never call `{tool}`{after}"
    if p["p_only"] or p["p_only2"]:
        return f"Only call `{tool}`{after}"
    # "once in a conversation at most": "at most once in a conversation"
    after = _LATE_AT_MOST.sub(r" at most \g<n> \g<scope>\g<end>", after, count=1)
    return f"Call `{tool}`{after}" if _PASSIVE_RULE.match(after) else None


_LATE_AT_MOST = re.compile(
    r"^\s+(?P<n>once|twice|(?:one|two|three|four|five|\d+)\s+times?)\s+(?P<scope>(?:in|per|"
    r"a|each|every)\s+[^,;.]+?)\s+at\s+(?:the\s+)?most(?P<end>[,;.!]|$)",
    re.I,
)


# a number of calls after a cap or a limit: "2 per day", "3 calls per conversation"
_CALLS = (
    r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)(?:\s+(?:calls?|"
    r"times?|uses?))?\s+(?P<rest>(?:per|each|every|a|in)\b.*)$"
)
_COUNT = re.compile(r"\s*" + _CALLS, re.I)


def _at_most(tool: str, m: re.Match[str]) -> str:
    """ "Call `t` at most N times <per ...>" for a count of `tool`'s calls matched by `_CALLS`."""
    n = "one" if m["n"].casefold().startswith("a") else m["n"]
    return f"Call `{tool}` at most {n} times {m['rest']}"


# an argument's bound said of the tool: "at most N", "at least N", "between A and B"
_AT_MOST = (
    r"(?:(?:must|should|may|can|shall)\s+(?:never|not)\s+(?:exceed|be\s+(?:more|greater|higher)"
    r"\s+than|go\s+(?:over|above))|(?:cannot|can't|mustn't)\s+exceed|(?:is|are)\s+(?:capped|"
    r"limited)\s+at|(?:(?:must|should|may|can)\s+be|is|are)\s+(?:at\s+most|no\s+more\s+than|"
    r"up\s+to)|tops?\s+out\s+at|at\s+most|up\s+to|no\s+more\s+than|max(?:imum)?:?)"
)
_AT_LEAST = (
    r"(?:(?:(?:must|should|may|can)\s+be|is|are)\s+(?:at\s+least|no\s+less\s+than)|"
    r"(?:must|should|may|can)\s+(?:never|not)\s+be\s+(?:less|lower|fewer)\s+than|at\s+least|"
    r"min(?:imum)?:?)"
)
_RANGE = (
    r"(?:(?:(?:must|should|may|can)\s+be|is|are|ranges?)\s+)?(?:between|from)\s+"
    r"(?P<a>(?:[$€£]\s?)?\d[\d,.]*)\s+(?:and|to)"
)
_BOUND = rf"(?:(?P<most>{_AT_MOST})|(?P<least>{_AT_LEAST})|(?P<range>{_RANGE}))\s+(?=[$€£]?\s?\d)"
_ARG = r"(?:the\s+)?`?(?P<arg>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)`?"
_ARG_OF = re.compile(
    r"^[^\w`]*" + _ARG + r"\s+(?:of|for|passed\s+to|given\s+to|sent\s+to|in|on)\s+(?:(?:a|any|"
    r"each|every)\s+)?(?:calls?\s+to\s+)?(?:the\s+)?"
    + _id("id")
    + r"(?:\s+(?:calls?|tool))?\s+"
    + _BOUND,
    re.I,
)
_LABELLED = re.compile(
    r"^[^\w`]*" + _id("id") + r"\s*[:\u2013\u2014-]\s*" + _ARG + r"\s+" + _BOUND, re.I
)


def argument_bound(text: str) -> str | None:
    """ "Only call `t` if the X is <bound>" for a bound of an argument said of the tool
    (module docstring), else None."""
    m = _ARG_OF.match(text) or _LABELLED.match(text)
    if m is None:
        return None
    said = "at most" if m["most"] else "at least" if m["least"] else f"between {m['a']} and"
    bound = text[m.end() :]
    joint = _JOINT.search(bound)
    if joint is not None:  # "`t`: X at most 10, and each trip is charged once": the clause
        # after is no part of the bound's condition (read so, it would make the bound a
        # condition of the count): the bound alone
        bound = bound[: joint.start()] + "."
    return f"Only call `{_named(m, 'id')}` if the {m['arg']} is {said} {bound}"


# where a bound's clause ends and another clause begins: ", and <clause>", "; <clause>"
_JOINT = re.compile(r"\s*(?:,\s*and|;)\s+(?=[a-z])")


# "use `t` only for X", "never invoke `t`": the verb that says the tool is called
_CALLED = re.compile(
    r"\b(?:use|invoke|run|trigger|execute)\s+(?P<t>(?:the\s+)?`[A-Za-z_][\w.\-]*`)"
    r"(?P<only>\s+only\b)?",
    re.I,
)


def called(text: str) -> str | None:
    """The sentence with "call" for the verb that calls a tool named by its id ("only" said
    after the tool said before the verb, as the readers read it), else None."""
    said = _CALLED.sub(lambda m: f"{'only ' if m['only'] else ''}call {m['t']}", text, count=1)
    return said if said != text else None


# "Patients must be identified via `lookupPatient` before any refill": `t` is called first
_DONE_VIA = re.compile(
    r"^[^\w`]*(?:[\w'-]+\s+){1,4}?(?:must|should|has\s+to|have\s+to|needs?\s+to)\s+(?:always\s+|first\s+)?"
    r"be\s+(?:first\s+)?[a-z]+(?:ed|en)\s+(?:via|using|with|through|by\s+calling|by)\s+(?:the\s+)?"
    + _id("id")
    + r"(?:\s+(?:tool|function))?\s+(?P<rest>(?:before|prior\s+to)\s+.+)$",
    re.I,
)


def _form(
    pattern: re.Pattern[str], said: Callable[[re.Match[str]], str]
) -> Callable[[str], str | None]:
    """A form: the sentence said again by `said` from what `pattern` matched, or None."""

    def form(text: str) -> str | None:
        m = pattern.match(text)
        return said(m) if m is not None else None

    return form


def _first(pattern: re.Pattern[str], when: str, end: str = "") -> Callable[[str], str | None]:
    """A form "Call `t` <when>" for the sentences `pattern` matches (group `when` says when)."""
    return _form(pattern, lambda m: f"Call `{_named(m, 'id')}` {m[when]}{end}")


# "Call `t` <before ...>" for "X must be V-ed via `t` before ..."
done_via = _first(_DONE_VIA, "rest")


# "Required before any extension: get_hire.", "Before a refund: call `get_hire`": a label
# that says when, and the tool called then
_WHEN_LABEL = re.compile(
    r"^[^\w`]*(?:(?:required|needed|mandatory|always|call|run)\s+)?(?P<when>(?:before|prior\s+to)"
    r"\s+[^:]+?)\s*:\s*(?:(?:call|run|use|invoke)\s+)?(?:the\s+)?"
    + _id("id")
    + r"(?:\s+(?:tool|first))?\s*[.;!]?\s*$",
    re.I,
)


# "Call `t` <before ...>." for a label that says when `t` is called
when_label = _first(_WHEN_LABEL, "when", ".")


# "Limit `t` to one per conversation", "Limit calls to `t` to 2 per booking"
_LIMIT = re.compile(
    r"^[^\w`]*(?:limit|cap|restrict)\s+(?:(?:the\s+)?(?:number\s+of\s+)?calls?\s+to\s+)?(?:the\s+)?"
    + _id("id")
    + r"(?:\s+(?:calls?|tool))?\s+to\s+"
    + _CALLS,
    re.I,
)


# "Call `t` at most N times <per ...>" for "Limit `t` to N <per ...>"
limited = _form(_LIMIT, lambda m: _at_most(_named(m, "id"), m))


# "`list_techs` first, `assign_tech` after it": two tools in their order, no verb
_FIRST_AFTER = re.compile(
    r"^[^\w`]*" + _id("id") + r"\s+first\s*[,;]\s*(?:and\s+)?(?:then\s+)?" + _id("id2")
    + r"\s+(?:after(?:\s+(?:it|that|wards))?|afterwards|next|second)\s*[.;!]?\s*$",
    re.I,
)  # fmt: skip


# "Call `a` first, then `b`." for "`a` first, `b` after it"
first_after = _form(
    _FIRST_AFTER, lambda m: f"Call `{_named(m, 'id')}` first, then `{_named(m, 'id2')}`."
)


# "for `issue_refund`, get the yes first", "issueRefund too, get the yes first": a step said
# "first" of the tool the lead names
_FIRST_FOR = re.compile(
    r"^[^\w`]*(?:(?:for|with|before)\s+(?:the\s+)?" + _id("id") + r"|" + _id("id2")
    + r"\s+too)\s*[,:]\s*(?P<do>[a-z][^,;:]*?)\s+first\s*[.!]?\s*$",
    re.I,
)  # fmt: skip


# "<step> before calling `t`." for "for `t`, <step> first"
first_for = _form(_FIRST_FOR, lambda m: f"{m['do']} before calling `{_named(m, 'id', 'id2')}`.")


# "`t` takes a room_id that `u` offered", "`t` takes €1 up to €500": what a call is given
_TAKES = re.compile(
    r"^[^\w`]*(?:the\s+)?" + _id("id") + r"(?:\s+(?:tool|function|call))?\s+"
    r"(?:only\s+)?(?:takes|accepts)\s+(?:only\s+)?(?P<rest>[^;]+?)\s*(?P<end>[;.!]|$)",
    re.I,
)
_PROVENANCE = re.compile(
    r"^(?:an?|the)\s+(?P<arg>[a-z][\w-]*)\s+(?:that|which)\s+(?P<src>`?[A-Za-z][\w.:/-]*`?)\s+"
    r"(?P<v>offered|returned|listed|gave|found)\b(?P<tail>.*)$",
    re.I,
)


def _taken(m: re.Match[str]) -> str:
    """ "For `t`, the X must be one that `u` offered ..." for "`t` takes an X that `u`
    offered ...", else the keyed line "`t`: <what it takes>"."""
    tool, rest = _named(m, "id"), m["rest"]
    said = _PROVENANCE.match(rest)
    if said is not None:
        return (
            f"For `{tool}`, the {said['arg']} must be one that {said['src']} "
            f"{said['v']}{said['tail']}{m['end'] or '.'}"
        )
    # "€1 up to €500", "from 1 to 3": the range keyed lines read ("between €1 and €500")
    ranged = _SPAN.match(rest)
    if ranged is not None:  # "1 to 4 hours": "hours between 1 and 4"
        unit = f"{ranged['unit']} " if ranged["unit"] else ""
        rest = f"{unit}between {ranged['a']} and {ranged['b']}"
    from specgap.extract.keyed29 import clause_sentences

    keyed = clause_sentences(tool, f"{rest}.", 0)
    if keyed is not None and len(keyed) == 1 and all(isinstance(p, str) for p in keyed[0]):
        keyed_said = "".join(str(p) for p in keyed[0])  # "The amount of `t` must be between ..."
        return argument_bound(keyed_said) or keyed_said  # as this module reads such a sentence
    return f"`{tool}`: {rest}{m['end'] or '.'}"


_FIGURE = r"[$€£]?\s?\d[\d,.]*\d?[$€£%]?"
_SPAN = re.compile(
    rf"^(?:from\s+)?(?P<a>{_FIGURE})\s+(?:up\s+)?to\s+(?P<b>{_FIGURE})"
    r"(?:\s+(?P<unit>[a-z][a-z_]*(?:\s+[a-z][a-z_]*)?))?$",
    re.I,
)


# "For `t`, the X must be one that `u` offered" / "`t`: X" for "`t` takes X" (the clause up to
# a semicolon: what follows it is a sentence of its own)
takes = _form(_TAKES, _taken)


# "`t` is the first tool you call in every conversation", "`t` must be the first call", "`t`
# comes first", "Your first call is always `t`": `t` before any other call
_FIRST_KIND = r"(?:tool|call|function|step|action|thing|operation|request|query)"
_FIRST_IS = re.compile(
    r"^[^\w`]*(?:the\s+)?" + _id("id") + r"(?:\s+(?:tool|function|call))?\s+(?:(?:is|must\s+be|"
    r"should\s+be|has\s+to\s+be|needs\s+to\s+be|shall\s+be)\s+(?:always\s+)?(?:the|your)\s+"
    r"(?:very\s+)?first(?:\s+" + _FIRST_KIND + r")?(?:\s+(?:you|the\s+agent|we)\s+(?:call|make|"
    r"run|use|do)|\s+to\s+(?:call|make|run|use))?|(?:always\s+)?(?:comes?|goes|runs?)\s+"
    r"(?:always\s+)?first)(?P<rest>.*)$"
    r"|^[^\w`]*(?:the|your|our|every|each)\s+(?:very\s+)?first\s+"
    + _FIRST_KIND
    + r"(?:\s+(?:you|the"
    r"\s+agent|we)\s+(?:call|make|run|use|do))?(?P<where>\s+(?:of|in)\s+(?:every|each|a|any|the)"
    r"\s+[a-z]+)?\s+(?:is|must\s+be|should\s+be|has\s+to\s+be)\s+(?:always\s+)?(?:to\s+call\s+)?"
    + _id("id2")
    + r"(?:\s+(?:tool|function))?(?P<rest2>.*)$",
    re.I,
)
# "..., whatever the request", "regardless of what they ask": always, which "first" says
_ALWAYS = r"(?:whatever|whichever|regardless\s+of|no\s+matter)\b"
_WHATEVER = re.compile(r"\s*[,;\u2013\u2014-]?\s*" + _ALWAYS + r"[^.;]*", re.I)
# "Whatever the scenario, ...", "No matter what they ask, ...": the same, said first
_WHATEVER_LEAD = re.compile(r"^\W*" + _ALWAYS + r"[^,;:]*[,:]\s*", re.I)


def first_of_all(text: str) -> str | None:
    """ "Call `t` first<rest>." for a sentence that says `t` is the first call, else None."""
    m = _FIRST_IS.match(_WHATEVER_LEAD.sub("", text, count=1))
    if m is None:
        return None
    rest = m["rest"] if m["rest"] is not None else f"{m['where'] or ''}{m['rest2']}"
    rest = re.sub(r"^\s+of\s+", " in ", rest)  # "the first call of every chat"
    return f"Call `{_named(m, 'id', 'id2')}` first{_WHATEVER.sub('', rest, count=1)}"


# "`guardian_verify` may be tried three times per conversation": a tool tried is called
_TRIED = re.compile(
    r"^(?P<said>[^\w`]*(?:the\s+)?"
    + _id("id")
    + r"\s+(?:(?:may|can|must|should|shall)\s+(?:only\s+)?be|(?:is|are)\s+(?:only\s+)?)\s*)"
    r"(?:tried|attempted|retried)\b",
    re.I,
)


# the sentence with "called" for "tried" said of a tool named as the subject
tried = _form(_TRIED, lambda m: f"{m['said']}called{m.string[m.end() :]}")


def spelt(text: str) -> str | None:
    """The sentence said with "call `t`" by the first of the module's forms that fits."""
    forms = (
        first_of_all,
        tried,
        argument_bound,
        respelt,
        called,
        done_via,
        when_label,
        limited,
        first_after,
        first_for,
        takes,
    )
    return next((said for form in forms if (said := form(text)) is not None), None)


_when_none = when_none(spelt)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as `spelt` says it when it gave no rule; and when it gave rules none
    of which is about the tool its subject names ("`open_repair` is never run for an aid
    whose status is lost" read as a ban of "run aid"), read as `respelt` says it, if that
    reading's rules are all the tool's."""
    if sentence.subject is not None:
        return _when_none(sentence, rules, diagnostics, read)
    if not rules:  # "`a` and `b` are for X": each tool of the subject, if `spelt` reads none
        found, notes = _when_none(sentence, rules, diagnostics, read)
        return (found, notes) if found else _each_subject(sentence, read) or (found, notes)
    said = respelt(sentence.clean)
    named = re.search(r"`([^`]+)`", said) if said is not None else None
    if said is None or named is None:
        return rules, diagnostics
    tool = named[1]
    if agent_tool(tool) is None or any(r.target == tool or tool in r.mentions for r in rules):
        return rules, diagnostics
    found, notes = read_as(sentence, said, read)
    if found and all(r.target == tool for r in found):
        return found, notes
    return rules, diagnostics


# tools coordinated as the subject: "`move_repair` and `cancel_repair` are for repairs in
# status booked", "`a`, `b` or `c` is never called ..."
_ID_WORD = rf"`?(?:{BARE_ID})`?"
_SUBJECTS = re.compile(
    rf"^(?P<lead>\W*)(?P<ids>{_ID_WORD}(?:\s*,\s*{_ID_WORD})*\s*,?\s+(?:and|or)\s+{_ID_WORD})"
    r"\s+(?P<verb>are|is|get|gets|must|may|should|can|cannot|stay|stays|remain|remains)\b(?P<rest>.*)$",
    re.S,
)
_AGREE = {"are": "is", "get": "gets", "stay": "stays", "remain": "remains"}


def _each_subject(
    sentence: Sentence, read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]] | None:
    """Tools coordinated as the sentence's subject, each said as its subject alone (the verb
    agreeing) and read as this module reads it; None unless every one of them gives rules."""
    m = _SUBJECTS.match(sentence.clean)
    if m is None:
        return None
    ids = [i.strip("`") for i in re.findall(_ID_WORD, m["ids"])]
    if len(ids) < 2 or any(agent_tool(i) is None for i in ids):
        return None
    verb = _AGREE.get(m["verb"], m["verb"])
    rules: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for tool in ids:
        said = spelt(f"{m['lead']}`{tool}` {verb}{m['rest']}")
        found, noted = read_as(sentence, said, read) if said is not None else ([], [])
        if not found:
            return None
        rules += found
        notes += noted
    return rules, notes

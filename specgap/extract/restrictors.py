"""A prohibition is only as wide as its sentence: "do not issue more than one refund per
booking" is a count, "never cancel bookings without the customer's approval" needs the
approval, "never call X to remove drivers" bans one use of X. None of them is a flat ban.

`narrow` reads what follows the banned action (its object) in the sentence and rewrites a
plain `deny_action` accordingly:

- "more than N <action noun>s (per <entity>)" -> `max_calls` N (per the entity);
- "without (the user's) approval / confirmation / consent" -> `require_confirmation`;
- "and <another verb> <its object>" -> the ban is of the two actions together ("never refund
  a deposit and charge a fee on the same rental"), which is no ban of either alone: kept
  with "together with ..." as its condition, reviewed;
- any other qualifier (a count of things, a comparison, "without ...", "except ...", "to
  <verb> ...", "for ...", "on behalf of ...") -> the ban keeps it as its condition, so it is
  reviewed, never enforced as the wider rule (and `condition-not-bound` says so).
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import counting_argument
from specgap.extract.amounts import measure_after
from specgap.extract.grammar import Clause
from specgap.extract.grammar_emit import recast
from specgap.extract.grammar_rules import Emit, Gap
from specgap.extract.grammar_words import CONTACT_CLAUSE, IMPERATIVE_VERBS
from specgap.extract.pattern_base import (
    CALL_VERBS,
    NUMBER_WORDS,
    USER,
    is_action_noun,
    lemma,
    singular,
    split_words,
)
from specgap.extract.restrict_modifiers import WHOLE_TRACE
from specgap.ir import CandidateRule

_NUM = r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")"
_COUNT = re.compile(
    r"^\s*(?:more\s+than|over|in\s+excess\s+of)\s+(?:(?P<times>once|twice)|"
    + _NUM
    + r"\s+(?P<noun>[a-z][\w-]*))"
    r"(?:\s+(?:per|for\s+(?:each|every|a|an|the\s+same))\s+(?P<per>[a-z][\w-]*))?",
    re.I,
)
# "more than one `t`", "more than two `t` calls": calls of the tool the ticks name
_TOOL_COUNT = re.compile(
    r"\bmore\s+than\s+(?:(?P<times>once|twice)|" + _NUM + r")\s+`(?P<tool>[^`\s]+)`"
    r"(?:\s+(?:calls?|runs?|requests?))?"
    r"(?:\s+(?:per|for\s+(?:each|every|a|an|the\s+same))\s+(?P<per>[a-z][\w-]*))?",
    re.I,
)
_APPROVAL = re.compile(
    r"^\s*,?\s*(?:on\s+behalf\s+of\s+[^,.;]*?\s+)?without\s+(?:(?:[\w']+\s+){0,3}?(?:explicit\s+)?"
    r"(?:approval|confirmation|consent|permission|agreement|go-ahead|authori[sz]ation)\b|"
    r"(?:first\s+)?(?:asking|checking\s+with|consulting|confirming\s+with)\s+(?:the\s+)?"
    + USER
    + r"s?\b|(?:first\s+)?(?:asking|checking\s+with|consulting)\s+(?:them|him|her)\b)",
    re.I,
)
_QUALIFIER = re.compile(
    r"^\s*,?\s*(?P<q>(?:without|unless|except|other\s+than|more\s+than|fewer\s+than|less\s+than|"
    r"greater\s+than|older\s+than|newer\s+than|over|under|above|below|beyond|outside|exceeding|"
    r"in\s+excess\s+of|on\s+behalf\s+of|for|to\s+(?:(?:the|a|an|any)\s+)?[a-z]+|that|which|whose|"
    r"belonging|older|newer|between|during|within|at|on|in|from|with|via|through|as|after|before|"
    r"prior\s+to|while|when|whenever|until|once|if|where|by|[a-z]+ed\s+(?:by|in|on|for|to|from|"
    r"with|before|after)|" + CONTACT_CLAUSE.pattern.removeprefix(r"\s*") + r")\b[^.;]*)",
    re.I,
)  # (a relative clause without `that`: `grammar_words.CONTACT_CLAUSE`)
_AT_ONCE = re.compile(r"\b(?:at\s+a\s+time|at\s+once|simultaneously|in\s+parallel|concurrently)\b",
                      re.I)  # fmt: skip
_LIGHT = frozenset({"make", "do", "perform", "carry", "process", "place", "submit", "request"})
_WHOLE = frozenset({"conversation", "session", "chat", "user", "customer", "turn"})


_ITSELF = frozenset({"this tool", "this function", "it", "tool", "function", "this"})
_CALLED_WITH = re.compile(
    r"^\s*(?:with|passing|for)\s+(?:more\s+than|over|in\s+excess\s+of)\s+" + _NUM
    + r"\s+(?P<noun>[a-z][\w-]*)\s*(?:[.;!]|$)",
    re.I,
)  # fmt: skip


def _each_of_many(clause: Clause) -> bool:
    """ "do not refund tickets more than once": things that exist before the act, each of
    them (a verb that makes its object, "send reminders more than twice", counts them all)."""
    from specgap.extract.grammar_rules import MAKES

    words = (clause.object or "").split()
    return bool(words) and singular(words[-1]) != words[-1] and clause.verb not in MAKES


_NO_ONE = re.compile(r"^\W*(?:no|each|every|any)\s+[a-z]", re.I)


def negated_count(clause: Clause, text: str) -> tuple[str | None, dict[str, object]] | None:
    """`do not issue more than one refund per booking`, `do not call this tool more than
    once per order`: (the counted action, None for the described tool itself; `max_calls`
    parameters), when what is counted is the action itself."""
    if clause.action_span is None or not clause.negated or clause.verb is None:
        return None
    counted = _TOOL_COUNT.search(text)  # "never run more than one `cancel_job` in a chat"
    if (
        counted is not None
        and clause.verb in CALL_VERBS | {"make", "do", "fire", "trigger"}
        and not _AT_ONCE.search(text[counted.end() :])
    ):
        return counted["tool"], _count_params(counted)
    if _AT_ONCE.search(text[clause.action_span[1] :]):
        return None  # "more than one at a time": calls at once, not in total
    count = _COUNT.match(text[clause.action_span[1] :])
    if count is not None and (count["times"] or count["noun"] in {"times", "time"}):
        # "do not call this tool more than once per order": calls of the action itself
        itself = clause.object in _ITSELF or not clause.object
        params = _count_params(count)
        if not itself and clause.verb in CALL_VERBS:  # "never call `otp.send` more than 3 times"
            return clause.object, params
        said = text[clause.action_span[0] : clause.action_span[1]]
        each = re.search(r"\b(?:an?|the\s+same)\s+\w", said) or _NO_ONE.match(text)
        if not itself and "per" not in params and (each or _each_of_many(clause)):
            # "cancel an order", "no order may be cancelled more than once": each one
            params["per"] = singular(clause.object.split()[-1])
        return (None if itself else clause.action), params
    if count is None or not is_action_noun(count["noun"]):
        return None
    if counting_argument(count["noun"]) is not None:
        return None  # "never book more than 3 locks": a tool's `locks` (`argument_count`)
    noun = singular(count["noun"])
    if clause.verb in _LIGHT:  # "make more than two reservations": reserve
        return lemma(noun), _count_params(count)
    return f"{clause.verb} {noun}", _count_params(count)


def argument_count(clause: Clause, text: str) -> Emit | None:
    """ "never book more than 3 locks": a bound on the one argument, of the tools, that
    counts the things named (`locks`, `lock_count`; a list's items), not a count of calls."""
    if clause.action_span is None or not clause.negated or clause.action is None:
        return None
    count = _COUNT.match(text[clause.action_span[1] :])
    if count is None or not count["noun"] or count["per"]:
        return None
    counts = counting_argument(count["noun"])
    if counts is None:
        return None
    kind = "arg_count_bound" if counts.endswith("[]") else "arg_within_bound"
    bound = {"facet": counts.removesuffix("[]"), **_count_params(count)}
    return Emit(kind, clause.action, bound, 0.7)


_WITHOUT_DOING = re.compile(r"^\s*,?\s*without\s+(?:first\s+)?(?P<event>[a-z]+ing\b[^.;,]*)", re.I)


def needs_first(clause: Clause, text: str) -> tuple[str, str] | None:
    """`never approve a request without checking the balance first`: (the action, what it
    requires before it)."""
    from specgap.extract.temporal import event_action

    if clause.action_span is None or not clause.negated or clause.action is None:
        return None
    m = _WITHOUT_DOING.match(text[clause.action_span[1] :])
    if m is None:
        return None
    event = re.sub(r"\s+(?:first|beforehand|before)\s*$", "", m["event"].strip())
    before = event_action(event)
    return (clause.action, before) if before and before != clause.action else None


def needs_approval(clause: Clause, text: str) -> str | None:
    """`do not transfer without asking the user first`: the action that needs the user's
    yes (a ban with no object of its own is still about its verb)."""
    if clause.action_span is None or not clause.negated or clause.action is None:
        return None
    return clause.action if _APPROVAL.match(text[clause.action_span[1] :]) else None


def _count_params(count: re.Match[str]) -> dict[str, object]:
    times = (count["times"] or "").casefold()
    n = {"once": 1, "twice": 2}.get(times) or NUMBER_WORDS.get((count["n"] or "").casefold())
    params: dict[str, object] = {"max": n if n is not None else int(count["n"])}
    per = singular(count["per"]) if count["per"] else None
    if per and per not in _WHOLE:
        params["per"] = per
    return params


# "with `files_delete`", "using the refund tool": names the tool, restricts nothing
_TOOL_ONLY = re.compile(
    r"^(?:with|using|via|through|by|in)\s+(?:the\s+)?(?:`[^`]+`|(?>[A-Za-z]\w*(?:[_.][\w-]+)+)|"
    r"[a-z]+[A-Z]\w*|[\w.\-]+\s+(?:tool|function|api))(?:\s+(?:tool|function|api))?\s*[.;!]?$",
)  # a tool's name or id ("in Paris" restricts the ban: it names a place, not a tool)
_MAKING = frozenset(
    split_words("create issue make open book send generate submit file place grant post raise")
)
_A_SUBJECT = re.compile(
    r"^\W*(?:a|an)\s+(?P<e>[a-z][\w-]*)\s+(?:must|may|can|cannot|should)\b", re.I
)  # "a booking must not be cancelled twice": each booking
_EACH = re.compile(r"^\W*(?:each|every|any\s+one|a\s+single)\s+(?P<e>[a-z][\w-]*)\b", re.I)


# "... and charge a fee": a second action with its own verb (and not "and then", an order)
_JOINT = re.compile(r"^\s*,?\s+(?:and|&)\s+(?:also\s+)?(?P<verb>[a-z]+)\s+(?=\S)", re.I)


def narrow(rules: list[CandidateRule], clause: Clause, text: str) -> list[CandidateRule]:
    """The rules with each plain ban narrowed to what the sentence says (module docstring),
    and a count of calls stated of "each booking" counted per booking."""
    each = _EACH.match(text) or (_A_SUBJECT.match(text) if clause.passive else None)
    if each is not None and clause.passive and clause.verb in _MAKING:
        each = None  # "a refund can be issued twice": each call makes one, it is no entity
    if each is not None and singular(each["e"]) not in _WHOLE:
        per = singular(each["e"])
        rules = [
            r.model_copy(update={"params": {**r.params, "per": per}})
            if r.operator == "max_calls" and not r.params.get("per")
            else r
            for r in rules
        ]
    if clause.action_span is None or not clause.negated:
        return rules
    rest = text[clause.action_span[1] :]
    return [_narrowed(r, clause, rest) for r in rules]


def _narrowed(rule: CandidateRule, clause: Clause, rest: str) -> CandidateRule:
    if rule.operator == "deny_action" and rule.params.get("values") and not rule.condition:
        return _narrowed_values(rule, rest)
    if rule.operator != "deny_action" or rule.params.get("values") or rule.condition:
        return rule
    count = _COUNT.match(rest)
    if count is not None and _AT_ONCE.search(rest):  # "more than one at a time": no total
        return rule.model_copy(update={"condition": " ".join(rest.strip(" .").split())})
    if count is not None and is_action_noun(count["noun"]):
        params = _count_params(count)
        target = rule.target
        if target is None or target == clause.action:  # "issue more than one refund"
            target = f"{clause.verb} {singular(count['noun'])}" if clause.verb else target
        return _as(rule, "max_calls", params, target)
    if _APPROVAL.match(rest):
        return _as(rule, "require_confirmation", {}, rule.target)
    passed = _CALLED_WITH.match(rest)
    if passed is not None and not is_action_noun(passed["noun"]):
        # "never call `ship` with more than 10 pallets", "never launch a server with more
        # than 32 cores", "never book a table for more than 8 guests": the value of the
        # argument the call passes (compile finds it, or reports `unknown-argument`)
        n = NUMBER_WORDS.get(passed["n"].casefold())
        params = {
            "facet": passed["noun"].casefold(),
            "max": n if n is not None else int(passed["n"]),
        }
        return _as(rule, "arg_within_bound", params, rule.target)
    measured = measure_after(rest)
    if measured is not None:  # "never book a dock for more than 4 hours": a bound
        return _as(rule, "arg_within_bound", {"facet": measured[0], "max": measured[1]},
                   rule.target)  # fmt: skip
    joint = _JOINT.match(rest)
    if joint is not None and joint["verb"].casefold() in IMPERATIVE_VERBS:
        together = " ".join(rest[joint.start("verb") :].strip(" .;!").split())
        return rule.model_copy(update={"condition": f"together with: {together}"})
    state = _object_state(rest)
    if state is not None:  # "no refund for a booking that has not been cancelled"
        return _as(rule, "state_condition", state, rule.target)
    qualifier = _QUALIFIER.match(rest)
    if qualifier is not None and not _TOOL_ONLY.match(qualifier["q"]):
        if WHOLE_TRACE.match(qualifier["q"]):
            return rule  # "never called from chat": where every call is made, no narrowing
        return rule.model_copy(update={"condition": " ".join(qualifier["q"].split())})
    value = _VALUE_LEFT.match(rest)
    if value is not None:  # "never book lane 8": a ban of that lane, not of every booking
        return rule.model_copy(update={"condition": "with " + " ".join(value["q"].split())})
    return rule


# a value left after a ban's action ("lane 8", "a fee of $8", "booking B-17", "'gold'"):
# the ban holds for that value only, so it is no ban of every call (right after the action:
# ", `b` and `c`" continues a list of what is banned)
_VALUE_LEFT = re.compile(
    r"^\s+(?P<q>(?:[$€£]\s?\d|\d|#\s?\d|['\"`]|[A-Z]{1,4}-?\d)[^.;!]*)", re.UNICODE
)


def _narrowed_values(rule: CandidateRule, rest: str) -> CandidateRule:
    """ "Never reserve a car of class 'luxury' for a new customer": the ban on the values
    keeps what follows them as its condition (reviewed), never wider."""
    ends = [
        at + len(v) + 2
        for v in (str(x) for x in rule.params.get("values", ()))
        for q in ("'", '"', "`")
        if (at := rest.rfind(f"{q}{v}{q}")) >= 0
    ]
    if not ends:
        return rule
    qualifier = _QUALIFIER.match(rest[max(ends) :])
    if qualifier is None or _TOOL_ONLY.match(qualifier["q"]):
        return rule
    return rule.model_copy(update={"condition": " ".join(qualifier["q"].split())})


_OF_WHICH = re.compile(
    r"^\s*(?:for|on|to|of|from|with|against|in|into|onto|at)\s+(?:an?\s+|the\s+|any\s+)?"
    r"(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?P<rel>(?:(?:that|which)\s+(?:is|are|was|were|has|have)|whose\s+"
    r"[a-z][\w-]*\s+(?:is|are|was|were))\b[^.;,]*)",
    re.I,
)


def _object_state(rest: str) -> dict[str, object] | None:
    """The state of the entity a ban's prepositional object names, when a relative clause
    says it: a ban of the action on entities in that state (`denied`), or outside it."""
    from specgap.extract.grammar_conditions import relative_clause

    m = _OF_WHICH.match(rest)
    if m is None:
        return None
    entity = singular(m["np"].split()[-1])
    cond = relative_clause(" " + m["rel"], 0, entity)
    if cond is None or not cond.bound:
        return None
    side = "allowed" if cond.negated else "denied"
    params: dict[str, object] = {"entity": cond.entity or entity, side: list(cond.values)}
    if cond.field:
        params["field"] = cond.field
    return params


def _as(
    rule: CandidateRule, operator: str, params: dict[str, object], target: str | None
) -> CandidateRule:
    mentions = (target,) if target else rule.mentions
    return recast(rule, operator, params, target=target, mentions=mentions)


# "drivers can be added but not removed", "pallets may be added to a shipment but never
# removed": one direction of change allowed, the other not
_ONE_WAY = re.compile(
    r"^\W*(?:the\s+|an?\s+|any\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:can|may|"
    r"are\s+allowed\s+to|is\s+allowed\s+to)\s+(?:only\s+)?be\s+(?P<yes>[a-z]+ed)\b[^.;]*?,?\s*"
    r"(?:but|yet)\s+(?:not|never|cannot|can't|may\s+not|must\s+not)\s+(?:be\s+)?(?P<no>[a-z]+ed)\b",
    re.I,
)


def one_way(text: str) -> Gap | None:
    """The gap of a sentence that allows one change of an argument and forbids the other
    ("items can be added but not removed"): checking it needs the value the argument had
    before the call, which no operator compares with, so it is reported, never compiled to a
    ban of the whole action."""
    m = _ONE_WAY.match(text)
    if m is None:
        return None
    what = " ".join(m["np"].split())
    return Gap(
        "argument-restriction-not-compiled",
        f"`{what}` may be {m['yes']} but not {m['no']}: specgap cannot compare an argument with "
        "the value it had before the call",
        "state an allowed range or list of values, or enforce it in the tool",
    )


def empty_list(text: str) -> Gap | None:
    """The gap of a sentence announcing the only values of an argument without a value
    that could be read ("use only the following carriers:" over items that are sentences):
    an empty allowlist would block every call, so nothing is compiled and it says so."""
    from specgap.extract.allowlists import announced_without_values

    what = announced_without_values(text)
    if what is None:
        return None
    return Gap(
        "rule-not-compiled",
        f"the sentence announces the only values of `{what}`, but no value could be read "
        "(quote each value, or list one value per item); nothing is enforced",
        "write the values as 'a', 'b' or as bullets of one value each",
    )

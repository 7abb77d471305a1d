"""A step said first and the action it comes before said in the next clause of the same
sentence: "Get the berth with `get_berth` first, and only dock a boat at a berth it listed",
"List the rider's passes first so you renew the right one", "Always fetch the slots with
`listSlots` first and book one of the slots it returned", "Open the case with `getCase`
first: `closeCase` must always be preceded by it", "`dock_boat` comes after `get_berth`".

Each orders the step before the later action: `require_before(<later>, before=<step>)`.
The step is its tool when the clause names one ("with `get_berth`"), else its clause's
action; the later action is the next clause's (a pronoun or "one" for its object is the
step's object: "renew the right one" after "list the passes" is renewing a pass; "ask for a
refill" is requesting one). Both are mentions the resolver weighs as for any rule.

Not read here: a negated or conditional sentence, a later clause that is not an action of
the agent ("so the rider knows", "and tell them the price": no tool is named by telling),
and a step whose clause has no action.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.nominals import nominal_act
from specgap.extract.order_steps import step_tool
from specgap.extract.pattern_base import singular

# "<step> first, and (only) <later>", "<step> first so (that) you <later>"
_FIRST_THEN = re.compile(
    r"^\W*(?:(?:you\s+(?:must|should)\s+)?(?:always\s+)?)(?P<step>[a-z][^,;:]*?)\s+first\s*,?\s*"
    r"(?:and\s+(?:then\s+)?(?:only\s+)?|so\s+(?:that\s+)?(?:you|we)\s+(?:can\s+|will\s+)?|"
    r"before\s+you\s+|then\s+)(?P<later>[a-z][^,;:]*)",
    re.I,
)
# "<step> first: <later> must (always) be preceded by it"
_PRECEDED = re.compile(
    r"^\W*(?:always\s+)?(?P<step>[a-z][^,;:]*?)\s+first\s*[:;,]\s*`?(?P<later>[A-Za-z][\w.-]*)`?\s+"
    r"(?:must|should|has\s+to|is\s+to)\s+(?:always\s+)?be\s+preceded\s+by\s+(?:it|this|that)\b",
    re.I,
)
# "`a` comes after `b`", "`a` is only called after `b`"
_COMES_AFTER = re.compile(
    r"^\W*`?(?P<later>[A-Za-z][\w.-]*(?:[_.-]\w+|[a-z][A-Z]\w*))`?\s+(?:always\s+)?"
    r"(?:comes?|goes|runs?|is\s+(?:only\s+)?(?:called|run|used))\s+(?:only\s+)?after\s+"
    r"`?(?P<step>[A-Za-z][\w.-]*(?:[_.-]\w+|[a-z][A-Z]\w*))`?",
)
_WITH_TOOL = re.compile(
    r"\b(?:with|using|via|through|by\s+calling)\s+(?:`(?P<q>[^`\s]+)`|(?P<id>(?>[A-Za-z]\w*"
    r"(?:[_.-]\w+)+)|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)|(?:[A-Z][a-z0-9]+){2,}))(?:\(\))?\s*$"
)
_VERB_OBJECT = re.compile(r"^(?P<v>[a-z]+)\s+(?:a|an|the|their|its)\s+(?P<o>[a-z]+)\b", re.I)
_SAID = frozenset(["show", "give", "read", "offer", "warn", "remind", "thank", "greet", "walk"])
_NEGATED = re.compile(r"\b(?:never|not|don't|no\s+need|unless|except)\b", re.I)
_CONDITION = re.compile(r"^\W*(?:if|when|whenever|once|while|for|unless)\b", re.I)
_PRONOUN_OBJECT = re.compile(
    r"^(?:it|them|this|that|one|the\s+one|(?:the\s+)?right\s+one|the\s+same\s+one)$", re.I
)
_ONE_OF = re.compile(r"^one\s+of\s+(?:the\s+)?(?P<n>[a-z]+)", re.I)
_ASK_FOR = re.compile(r"^ask\s+for\s+(?:a|an|the)\s+(?P<n>[a-z]+)", re.I)
_STEP_VERBS = frozenset(
    [
        "get",
        "fetch",
        "list",
        "pull",
        "look",
        "read",
        "open",
        "check",
        "search",
        "find",
        "load",
        "retrieve",
    ]
)


def first_then(text: str) -> list[Emit]:
    """`require_before(<later>, before=<step>)` for a sentence of the module's shapes."""
    text = " ".join(text.split())
    if _CONDITION.match(text):
        return []
    for clause in re.split(r"\s*;\s*", text):  # "...; a booking always requires a quote first"
        needed = _required_first(clause)
        if needed:
            return needed
    m = _COMES_AFTER.match(text)
    if m is not None:
        return [Emit("require_before", m["later"], {"before": m["step"]}, 0.7)]
    m = _PRECEDED.match(text)
    if m is not None:
        step = _step(m["step"])
        return [Emit("require_before", m["later"], {"before": step[0]}, 0.7)] if step else []
    m = _FIRST_THEN.match(text)
    if m is None or _NEGATED.search(m["step"]):
        return []
    step = _step(m["step"])
    if step is None:
        return []
    later = _later(m["later"], step[1])
    if later is None:
        return []
    return [Emit("require_before", later, {"before": step[0]}, 0.7)]


def _step(said: str) -> tuple[str, str] | None:
    """The step's mention (its tool when named) and the noun of its object."""
    clause = parse(f"You must {said[0].lower()}{said[1:]}")
    if clause.verb is None or clause.negated or clause.action is None:
        return None
    if clause.verb not in _STEP_VERBS:
        return None  # a step first is a read or a lookup: "pay first, then ..." is no order
    obj = (clause.object or "").split()
    named = _WITH_TOOL.search(said)  # "with `GetInvoice`": the tool, in any id style
    return (named["q"] or named["id"]) if named else clause.action, singular(obj[-1]) if obj else ""


def _later(said: str, step_object: str) -> str | None:
    """The later clause's action, its object a pronoun made the step's."""
    said = said.strip(" .!")
    tool = step_tool(said.split()[0]) if said else None
    if tool is not None:
        return tool
    ask = _ASK_FOR.match(said)
    if ask is not None:  # "ask for a refill": request one
        return f"request {singular(ask['n'].casefold())}"
    clause = parse(f"You must {said[0].lower()}{said[1:]}")
    verb = clause.verb
    obj = (clause.object or "").strip()
    bare = _VERB_OBJECT.match(said) if verb is None else None
    if (
        bare is not None and bare["v"].casefold() not in NOT_ACTIONS | _SAID
    ):  # a verb the grammar does not know, with its object: "dock a boat"
        return f"{bare['v'].casefold()} {singular(bare['o'].casefold())}"
    if verb is None or clause.negated or verb in NOT_ACTIONS:
        return None
    if verb not in IMPERATIVE_VERBS and not obj:
        return None  # a verb the grammar does not know is an action only with its object
    one = _ONE_OF.match(obj)
    if one is not None:  # "book one of the slots it returned"
        return f"{verb} {singular(one['n'].casefold())}"
    if not obj or _PRONOUN_OBJECT.match(obj) or obj.split()[-1] in {"one", "it", "them"}:
        return f"{verb} {step_object}".strip() if step_object else None
    return clause.action


# a tool's description: "Read the locker with `get_locker` first (to see ...)", "Call
# get_renter for them first."
_DESCRIBED_FIRST = re.compile(
    r"^\W*(?:always\s+)?(?P<step>(?:call|run|use|read|get|fetch|look|check|pull|open|list|load|"
    r"retrieve|find|search)\b[^,;:]*?)\s+first\b\s*(?:,?\s*(?:to|so)\b[^;:]*)?[.!]?\s*$",
    re.I,
)
_CALLED = re.compile(
    r"^(?:call|run|use)\s+`?(?P<id>[A-Za-z]\w*(?:[_.-]\w+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)|"
    r"(?:[A-Z][a-z0-9]+){2,})`?(?:\(\))?\b",
    re.I,
)


def described_first(text: str, subject: str) -> list[Emit]:
    """`require_before(<subject>, before=<step>)` for a sentence of the described tool's
    own description that says a step comes first ("Call `get_renter` for them first."),
    the step a tool named in the sentence; [] otherwise (a step named by no tool stays
    unread: which read the description means is not said)."""
    m = _DESCRIBED_FIRST.match(" ".join(text.split()))
    if m is None or _NEGATED.search(m["step"]):
        return []
    called = _CALLED.match(m["step"])
    if called is not None:
        step: str | None = called["id"]
    else:
        named = _WITH_TOOL.search(m["step"])
        step = (named["q"] or named["id"]) if named else None
    if step is None or step == subject:
        return []
    return [Emit("require_before", subject, {"before": step}, 0.7)]


def named_step(said: str) -> bool:
    """The step names its tool: "check it with `get_refill`", "read them using getPass"."""
    return _WITH_TOOL.search(said.strip().rstrip(".!")) is not None


# "a booking always requires a quote first", "each renewal needs a call to `listPasses` first"
_REQUIRES_FIRST = re.compile(
    r"^\W*(?:a|an|each|every|any)\s+(?P<act>[a-z]+)\s+(?:always\s+)?(?:requires|needs)\s+"
    r"(?:a\s+call\s+to\s+|an?\s+|the\s+)?(?:`(?P<q>[^`\s]+)`|(?P<n>[A-Za-z][\w.-]*))\s+"
    r"(?:first|beforehand)\b\s*[.!]?\s*$",
    re.I,
)
_THINGS = frozenset(["quote", "estimate", "record", "profile", "account", "booking", "order"])


def _required_first(text: str) -> list[Emit]:
    """The act a noun names ("booking": book, "renewal": renew) needs a step first: the
    tool named, or a thing one gets ("a quote": get quote)."""
    m = _REQUIRES_FIRST.match(text)
    if m is None:
        return []
    noun = m["act"].casefold()
    if noun.endswith("ing") and base_verb(noun[:-3]):
        verb: str | None = noun[:-3]
    else:
        verb = nominal_act(noun)
    if verb is None:
        return []
    step = m["q"] or m["n"]
    if m["q"] is None and _TOOL_LIKE.fullmatch(step) is None:
        if step.casefold() not in _THINGS:
            return []  # "requires approval first": a state or a person's act, not a call
        step = f"get {step.casefold()}"
    return [Emit("require_before", verb, {"before": step}, 0.7)]


_TOOL_LIKE = re.compile(
    r"[A-Za-z]\w*(?:[_.-]\w+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)|(?:[A-Z][a-z0-9]+){2,}"
)


# "After finding them, ...", "Once you have looked them up, ...": an earlier step, not a
# condition; the rest of the sentence states its own order
_AFTER_LEAD = re.compile(
    r"^\W*(?:after|once)\s+(?:you\s+have\s+)?[a-z]+(?:ing|ed)\s+(?:them|him|her|it)(?:\s+up)?"
    r"\s*,\s*(?P<rest>[a-z].+)$",
    re.I,
)


def after_lead(text: str) -> list[Emit]:
    """The orders the rest of a sentence led by an earlier step on a pronoun ("After finding
    them, read X with `x` before V-ing") states with before/after (`temporal`'s reading),
    never what it obliges; [] when it states none or has no such lead."""
    led = _AFTER_LEAD.match(" ".join(text.split()))
    if led is None:
        return []
    from specgap.extract import temporal  # `temporal` reads orders of every shape

    timed = temporal.read(led["rest"])
    if timed is None:
        return []
    return [e for e in timed.emits if e.operator == "require_before" and e.condition is None]

"""A closed list of an argument's values said in shapes the list readers leave, respelled as
"The <noun> must be one of 'a', 'b' or 'c'." and read as the value readers read that: the
compiler then binds the noun to the argument whose name (or description) it says, on every
tool taking it, or reports it (`unknown-argument`); nothing is enforced on a guess.

The shapes (each says the list is closed; a list that only describes is left alone):

- the values before the noun, after a preposition, with `only`: "Only dispatch orders from
  the north, east or harbour depots", "Orders may only be dispatched from the north or east
  depot";
- the noun, then the values, with `only`: "Deliveries go only to zones Z1, Z2 and Z4", "pick
  the groomer from Ana, Bilal or Chen only", "send reminders solely through the following
  channels: sms; email";
- a label over values closed by its own words or the words right after it: "Approved
  groomers: Ana, Bilal. No others.", "Services on offer: a, b, c. Nothing else can be
  booked.", "carrier: A | B (nothing else)", "delivery zone -> Z1/Z2/Z4 only",
  "groomer ∈ {Ana, Bilal}", `allowed_depots = ["north", "east"]`;
- a copula closed by its tail: "the outcome is `returned`, `bought` or `lost`, only these",
  "the service type is a, b or c, and nothing outside that list";
- "X are limited / restricted to a, b and c" ("Cancellation reasons shall be limited to ...",
  "Instruments hired out are limited to ...": the participle after the noun is dropped);
- a ban of what is not listed: "Never use a van that is not on this list: a, b, c";
- "in a or b; never in any other currency";
- a passive with its agent: "Hires may only be insured by A or B" (the agent noun of the
  verb, `insurer`, names the argument);
- an answer to a question that names the noun: "Q: Which discount codes can I apply?" /
  "A: Only WELCOME10 and LOYAL5.";
- "If you V ..., the X must / has to be a or b" (codes or names: plain words after "must
  be" may describe, "polite or brief"): an if- or when-clause that only names the act and
  its object is no condition; any other word in it is.

A condition the sentence leads with ("For wholesale customers, ...", "When the X is ...,")
or ends with ("unless ...", "except ...") is kept as the rule's condition: the rule is read
for review only, never enforced without it.

Read only when the first reading gave no allowlist; the respelling's allowlists replace the
first reading (its other rules were read from a list's words, not from a rule of theirs).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.allowlists import head_first
from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import STATE_WORD, singular

__all__ = ["reread", "respelled"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

# one value: quoted, a code span, or one to three words (a name of several capitalised words)
_Q = r"(?:`[^`\n]{1,40}`|'[^'\n]{1,40}'|\"[^\"\n]{1,40}\")"
_STOP = r"(?!(?:and|or|nothing|no|never|only|not)\b)"
_NAME = r"[\w+-]*(?:\.[\w+-]+)*"  # after its first character; "and"/"or" are never one
_W = (
    r"(?:"
    + _STOP
    + r"[A-Za-z0-9]"
    + _NAME
    + r"(?-i:\s+(?!(?i:and|or|nor)\b)[A-Z0-9]"
    + _NAME
    + r"){0,2})"
)
_V = r"(?:" + _Q + r"|" + _W + r")"
_SEP = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s*;\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*/\s*|\s*\|\s*)"
_LIST = r"(?P<list>" + _V + r"(?:" + _SEP + _V + r")+)"
_LOWER = r"(?:" + _STOP + r"[a-z][\w-]*|`[^`\n]+`|'[^'\n]+')"
_LOWER_LIST = r"(?P<list>" + _LOWER + r"(?:" + _SEP + _LOWER + r")+)"
_NOUN = r"(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
_PREP = r"(?:from|to|at|in|into|with|via|through|by|for|on)"
_END = r"\s*[.!]?\s*$"

_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "Only dispatch orders from the north, east or harbour depots"
    ("head", re.compile(
        r"\b(?i:only)\b[^:;]*?\b" + _PREP + r"\s+(?:the\s+|our\s+)?" + _LIST
        + r"\s+(?P<noun>[a-z][a-z-]*)" + _END)),
    # "Deliveries go only to zones Z1, Z2 and Z4", "... solely through the following channels:"
    ("noun", re.compile(
        r"\b(?:only|solely|exclusively)\s+" + _PREP + r"\s+(?:the\s+following\s+|these\s+)?"
        + _NOUN + r"\s*:?\s+" + _LIST + _END, re.I)),
    # "pick the groomer from Ana, Bilal or Chen only"
    ("noun", re.compile(
        r"\b(?:pick|choose|select|take|use)\s+(?:the|a|an|your)\s+" + _NOUN
        + r"\s+(?:from|among|out\s+of)\s+" + _LIST + r"\s+only" + _END, re.I)),
    # "the outcome is `a`, `b` or `c`, only these", "... and nothing outside that list"
    ("noun", re.compile(
        r"(?:^|:\s*)(?:the\s+)?" + _NOUN + r"\s+(?:is|are)\s+(?:always\s+)?(?:one\s+of\s+)?"
        + _LIST + r"\s*[,;]?\s*(?:and\s+)?(?:nothing\s+(?:else|outside\b[^.]*)|no\s+others?\b"
        r"[^.]*|only\s+these|only|never\s+any(?:thing)?\s+(?:else|other\b[^.]*))" + _END, re.I)),
    # "Cancellation reasons shall be limited to 'a', 'b' or 'c'"
    ("np", re.compile(
        r"^[\s\d.()§]*(?P<noun>[A-Za-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+(?:(?:shall|must|will|"
        r"may)\s+be|are|is)\s+(?:strictly\s+)?(?:limited|restricted|confined)\s+to\s+"
        r"(?:the\s+following\s*:?\s*)?" + _LIST + _END, re.I)),
    # "The only loaf types that may be ordered are a, b and c"
    ("noun", re.compile(
        r"^\W*the\s+only\s+" + _NOUN + r"\s+(?:(?:that|which)\s+)?(?:(?:may|can)\s+be|(?:we|you)"
        r"\s+(?:may|can))\s+[a-z]+\s+are\s*:?\s+" + _LIST + _END, re.I)),
    # "the only zones open this week are Z1 and Z4, so ...": codes or names only
    ("coded", re.compile(
        r"\bthe\s+only\s+" + _NOUN + r"\s+(?:open|offered|available|in\s+use|on\s+sale|for\s+sale|"
        r"bookable|served|supported|running)\b[^.,;:]{0,40}?\s+(?:are|is)\s*:?\s+" + _LIST
        + r"(?:\s*,\s*(?:so|and\s+so)\b[^;]*)?" + _END, re.I)),
    # "Groomers who may take bookings: Ana, Bilal, Chen" (bullets joined)
    ("noun", re.compile(
        r"^\W*(?:the\s+)?(?:only\s+)?" + _NOUN + r"\s+(?:who|that|which)\s+(?:may|can|are\s+"
        r"(?:allowed|approved|permitted)\s+to)\s+[^:]{1,40}:\s*" + _LIST + _END, re.I)),
    # "(If you schedule a delivery,) the van must be VAN-1 or VAN-2": codes or names only
    ("coded", re.compile(
        r"^\W*(?:the|its|their)\s+" + _NOUN + r"\s+(?:must|has\s+to|have\s+to|shall)\s+be\s+"
        r"(?:one\s+of\s+)?" + _LIST + _END, re.I)),
    # "Never use a van that is not on this list: a, b, c"
    ("noun", re.compile(
        r"\b(?:never|do\s+not|don't)\s+[a-z]+\s+(?:with\s+)?(?:a|an|any)\s+" + _NOUN
        + r"\s+(?:that|which)\s+(?:is\s+not|are\s+not|isn't|aren't)\s+on\s+(?:this|the|our)\s+"
        r"(?:[a-z]+\s+)?list(?:\s+below)?\s*:\s*" + _LIST + _END, re.I)),
    # "Charge in EUR or GBP; never in any other currency", "by email or sms; no other medium"
    ("noun", re.compile(
        r"\b" + _PREP + r"\s+" + _LIST + r"(?:\s+only)?\s*[;,]\s*(?:and\s+)?(?:(?:never|not)\s+"
        + _PREP + r"\s+(?:any\s+|an?\s+)?|no\s+)other\s+" + _NOUN
        + r"(?:\s+(?:is|are|may\s+be|can\s+be|will\s+be)\s+[a-z]+)?" + _END, re.I)),
    # "A retire reason other than a, b or c is never accepted"
    ("noun", re.compile(
        r"^\W*(?:(?:a|an|any|the)\s+)?" + _NOUN + r"\s+other\s+than\s+" + _LIST + r"\s+(?:is|are|"
        r"will\s+be)\s+(?:never|not)\s+(?:accepted|allowed|used|permitted|valid)" + _END, re.I)),
    # "Hires may only be insured by A or B"
    ("agent", re.compile(
        r"\b(?:may|can|must|are|is)\s+only\s+(?:be\s+)?(?P<verb>[a-z]+ed)\s+by\s+" + _LIST
        + _END, re.I)),
)  # fmt: skip
# a label over values: "Approved groomers: Ana, Bilal", "groomer ∈ {Ana, Bilal}",
# `allowed_depots = ["north", "east"]`, "delivery zone -> Z1/Z2/Z4 only"
_LABEL = re.compile(
    r"^[\s\-*•>#]*(?P<label>[A-Za-z][\w -]{0,40}?)\s*(?P<sep>:|=|->|→|∈|—|–)\s*[\[{(]?\s*"
    + _LIST
    + r"\s*[\]})]?\s*(?P<tail>\(?\s*,?\s*(?:and\s+)?(?:only|(?:nothing|no\s*one|none)\s+else|"
    r"no\s+others?)\s*\)?)?" + _END
)
_CLOSED_LABEL = re.compile(
    r"\b(?:allowed|approved|permitted|accepted|valid|supported|only)\b|^(?:allowed|approved|"
    r"permitted|accepted|valid|supported)(?=[A-Z_])|_(?:allowlist|whitelist)$",
    re.I,
)
_QUALIFIER = re.compile(
    r"\b(?:allowed|approved|permitted|accepted|valid|supported|on\s+offer|we\s+offer|"
    r"available)\b|^(?:allowed|approved|permitted|accepted|valid|supported)_?(?=[A-Za-z])",
    re.I,
)
# the words right after a list that close it: "No others.", "Nothing else can be booked.",
# "No other case type may be used.", "Only these."
_CLOSING = re.compile(
    r"^[\s\-*•>]*(?:no\s+others?\b|nothing\s+else\b|no\s+other\s+[a-z]+(?:\s+[a-z]+)?\s*"
    r"(?:(?:may|can|is|are|will)\s+(?:be\s+)?[a-z]+)?|only\s+these\b|(?:these|those)\s+are\s+"
    r"the\s+only\s+(?:ones|values|options)\b)[^.\n]*[.!]",
    re.I,
)
# the question an answer gives the noun of: "Which discount codes can I apply?"
_ASKED = re.compile(
    r"\b(?:which|what)\s+" + _NOUN + r"\s+(?:can|may|should|do|does|am|are|is)\b", re.I
)
_ANSWER = re.compile(
    r"^\W*(?:a\s*:\s*)?(?:no|yes)?[.,]?\s*only\s+(?:the\s+)?" + _LIST + r"(?:\s+[a-z]+)?" + _END,
    re.I,
)
# "When booking grooming, ...", "If you ship a hire, ...": the lead names the act, no condition
_NOT_OBJECT = (
    r"(?!(?:to|from|in|into|at|for|with|abroad|outside|inside|over|under|after|before|on|by|"
    r"more|less|than|only|again|late|early|overseas|internationally)\b)"
)
_WORD = r"\s+" + _NOT_OBJECT + r"[a-z]+"
_OBJECT = r"\s+(?:a|an|the|any|each)" + _WORD + r"(?:" + _WORD + r")?"
_ACT_LEAD = re.compile(
    r"^\W*(?:if|when|whenever)\s+(?:you\s+[a-z]+" + _OBJECT + r"|(?:a|an|the)\s+[a-z]+\s+(?:is|"
    r"are|gets?)\s+[a-z]+ed|[a-z]+ing(?:" + _OBJECT + r"|" + _WORD + r")?)\s*,\s*",
    re.I,
)
# "..., whenever you lend a tool": the tail names the act, no condition
_ACT_TAIL = re.compile(
    r",?\s+(?:whenever|when|each\s+time|every\s+time)\s+you\s+[a-z]+" + _OBJECT + r"\s*[.!]?\s*$",
    re.I,
)
# a question right above an answer: "Q: Which discount codes can I apply?"
_QUESTION = re.compile(r"(?:^|\n)[ \t]*(?:Q\s*[:.]|Question\s*:)?(?P<q>[^\n]{3,160}\?)[ \t]*\n\s*$")
_BULLET = re.compile(r"[ \t]*(?:[-*+\u2022]|\d+[.)])[ \t]+(?P<v>[^\n]{1,60}?)[ \t]*$")
# a condition the sentence leads with or ends with: kept (review only)
_LEAD = re.compile(
    r"^\W*(?P<cond>(?:for|when|whenever|if|while|where|once|unless|except)\s+[^,]{2,80}),\s*", re.I
)
_TAIL = re.compile(r"[,;]?\s+(?P<cond>(?:unless|except|if|when|provided)\b.*)$", re.I)
# words that are never a value of a closed list (the list is a clause)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "others", "more", "it",
     "they", "this", "that", "these", "those", "be", "is", "are", "etc", "so", "on", "you",
     "we", "only", "never", "must", "may", "can", "nothing", "else", "following", "one",
     "ones", "between", "from", "up", "least", "most", "under", "over", "than", "and", "or"}
)  # fmt: skip
# a list called open or an example
_OPEN = re.compile(
    r"\b(?:e\.g|such\s+as|for\s+example|for\s+instance|like|including|include|includes|"
    r"among\s+others|and\s+so\s+on|etc|typical(?:ly)?|usually|e\.g\.)\b",
    re.I,
)
_STATES = frozenset({"status", "state", "stage", "phase", "condition"})
_STATE = re.compile(STATE_WORD, re.I)
# a value that is a code or a name: upper case, a digit, `_`, `-`, `.`, or capitalised words
_CODE = re.compile(r"[A-Z0-9][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)*|[a-z]+[\d_.-][\w.+-]*")
# "Approved Hauliers: A, B": a term in title case, defined for other sentences (`allow_terms`)
_TERM = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")
_NOT_NOUNS = frozenset(
    {"tool", "tools", "function", "functions", "thing", "things", "one", "ones", "list",
     "option", "options", "value", "values", "way", "ways", "time", "times", "day", "days",
     "customer", "customers", "user", "users", "people", "person", "staff", "we", "you",
     "by", "for", "to", "from", "with", "of", "in", "on", "at", "via", "note", "notes"}
)  # fmt: skip
_TRAILING_PARTICIPLE = re.compile(r"\s+[a-z]+(?:ed|en)(?:\s+(?:out|in|up|off|over))?$", re.I)


def _values(listed: str) -> tuple[str, ...]:
    split = re.split(_SEP, listed.strip())
    values = []
    for item in split:
        v = item.strip().strip("[]{}()")
        if v[:1] in "`'\"" and v[-1:] == v[:1]:
            v = v[1:-1].strip()
        v = re.sub(r"^(?:the|a|an)\s+", "", v, flags=re.I)
        if not v or v.casefold() in _NOT_VALUES or len(v.split()) > 3:
            return ()
        if any(w.casefold() in _NOT_VALUES for w in v.split()) and v[:1] not in "`'\"":
            return ()
        values.append(v)
    return tuple(dict.fromkeys(values))


def _agent(verb: str) -> str:
    """The agent noun of a past participle: `insured` -> `insurer`, `shipped` -> `shipper`."""
    stem = verb[:-1] if re.search(r"(?:ur|at|iz|is|id|v|dl|bl|c|g|ng)ed$", verb) else verb[:-2]
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiousl":
        stem = stem[:-1]
    return stem + ("r" if stem.endswith("e") else "er")


def _noun(np: str) -> str:
    words = " ".join(np.split())
    words = re.sub(r"^(?:the|our|your|a|an)\s+", "", words, flags=re.I)
    return head_first(words).casefold()  # "package codes for drinks": drinks package codes


def _label_noun(label: str) -> str:
    """ "Approved groomers" -> "groomers", `allowed_depots` -> "depots", `permittedTemplates`
    -> "templates"."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", label.strip()).replace("_", " ")
    later = _QUALIFIER.search(words)
    if later is not None and later.start() > 0 and words[: later.start()].strip():
        words = words[: later.start()]  # "Dietary flags allowed on an event": the flags
    words = _QUALIFIER.sub(" ", words)
    words = re.sub(r"\s+(?:allowlist|whitelist|list)$", "", " ".join(words.split()), flags=re.I)
    return words.casefold()


def _said(noun: str, values: tuple[str, ...]) -> str | None:
    words = noun.split()
    if not words or words[-1] in _NOT_NOUNS or len(values) < 2:
        return None
    if singular(words[-1]) in _STATES or all(_STATE.fullmatch(v) for v in values):
        return None  # "only on pending or delivered orders": the entity's state, read apart
    listed = ", ".join(f"'{v}'" for v in values[:-1]) + f" or '{values[-1]}'"
    return f"The {noun} must be one of {listed}."


def respelled(text: str, after: str = "", asked: str | None = None) -> tuple[str, str] | None:
    """(the sentence respelled as "The X must be one of ...", the condition it states or "")
    for a closed list in one of the shapes of the module docstring, or None."""
    if _OPEN.search(text):
        return None
    cond = ""
    body = text.strip()
    act = _ACT_LEAD.match(body)
    if act is not None:
        body = body[act.end() :]
    lead = _LEAD.match(body)
    if lead is not None:
        cond, body = lead["cond"], body[lead.end() :]
    act_tail = _ACT_TAIL.search(body)
    if act_tail is not None:
        body = body[: act_tail.start()]
    tail = _TAIL.search(body)
    if tail is not None:
        cond = (cond + "; " if cond else "") + tail["cond"]
        body = body[: tail.start()]
    for kind, form in _FORMS:
        m = form.search(body)
        if m is None:
            continue
        values = _values(m["list"])
        if kind == "agent":
            noun = _agent(m["verb"].casefold())
        elif kind == "np":
            noun = _noun(_TRAILING_PARTICIPLE.sub("", m["noun"]))
        else:
            noun = _noun(m["noun"])
        if kind == "head" and all(re.fullmatch(r"[\d.,]+", v) for v in values):
            continue  # "for 1 or 2 guests": a count, the bound readers'
        if kind == "coded" and not all(_CODE.fullmatch(v) for v in values):
            continue  # "the message must be polite or brief": words that describe
        said = _said(noun, values)
        if said is not None:
            return said, cond
    m = _LABEL.match(body)
    if m is not None and not _TERM.fullmatch(m["label"].strip()):  # a defined term: its readers
        closed = (
            bool(m["tail"])
            or m["sep"] == "∈"
            or bool(_CLOSED_LABEL.search(m["label"]))
            or bool(_CLOSING.match(after))
        )
        if closed:
            return _pair(_said(_label_noun(m["label"]), _values(m["list"])), cond)
    if asked:
        q, a = _ASKED.search(asked), _ANSWER.match(body)
        if q is not None and a is not None:
            return _pair(_said(_noun(q["noun"]), _values(a["list"])), cond)
    return None


# a tool id as the prose writes one: snake_case, dotted, camelCase, or in a code span
_TOOL_ID = re.compile(
    r"(?<![\w.-])(?:[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]*)+))(?![\w-])"
)


def _named_tool(text: str, said: str) -> str | None:
    """The one tool id the sentence names besides the list's values and the argument's own
    name, or None: the restriction is then that tool's, not every tool's taking the value."""
    values = {v.casefold() for v in re.findall(r"'([^']+)'", said)}
    noun = said.split(" must be ", 1)[0].removeprefix("The ").casefold()
    found = set()
    for m in _TOOL_ID.finditer(text):
        token = m[0]
        words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", token).replace("_", " ").replace(".", " ")
        if token.casefold() in values or singular(words.casefold().split()[-1]) in {
            singular(w) for w in noun.split()
        }:
            continue  # a value, or the argument's own name (`grading_basis`)
        found.add(token)
    return found.pop() if len(found) == 1 else None


def _kept(rule: CandidateRule) -> bool:
    """Whether a first reading stands beside a list: any rule but a ban without values ("never
    in any other currency" read as a ban of an act)."""
    return not (rule.operator == "deny_action" and not rule.params.get("values"))


def _bullets(after: str) -> list[str]:
    """The one-value items of a bulleted list right after an introducing line."""
    items: list[str] = []
    for line in after.lstrip("\n").split("\n"):
        if not line.strip():
            if items:
                break
            continue
        m = _BULLET.match(line)
        if m is None:
            break
        v = m["v"].strip().rstrip(".;,")
        if len(v.split()) > 3 or re.search(r"[:()]", v):
            return []
        items.append(v.strip("`'\""))
    return items


def _pair(said: str | None, cond: str) -> tuple[str, str] | None:
    return None if said is None else (said, cond)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A closed list no allowlist was read from, read again respelled (module docstring)."""
    if sentence.subject is not None:
        return rules, diagnostics
    allowlists = [r for r in rules if r.operator == "resource_in_allowlist"]
    if any(_kept(r) for r in rules) and not allowlists:
        return rules, diagnostics  # another rule was read from it ("only on trial subscriptions")
    if allowlists and not (
        _ACT_LEAD.match(sentence.clean) and all(r.condition for r in allowlists)
    ):
        return rules, diagnostics  # read already, unless only under the act's own lead
    start, end = sentence.raw_range()
    whole = sentence.artifact.text
    text = sentence.clean
    if text.rstrip().endswith(":"):
        items = _bullets(whole[end : end + 600])
        if len(items) >= 2:
            text = text.rstrip() + " " + ", ".join(f"`{v}`" for v in items)
    asked = sentence.asked
    if asked is None and (q := _QUESTION.search(whole[max(0, start - 200) : start])):
        asked = q["q"]
    found = respelled(text, whole[end : end + 80], asked)
    if found is None:
        return rules, diagnostics
    said, cond = found
    got, _ = read(spelt(sentence, said))
    allowed = [r for r in got if r.operator == "resource_in_allowlist" and r.condition is None]
    if not allowed:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    update: dict[str, object] = {"text": words}
    named = _named_tool(sentence.clean, said)
    if named is not None:  # "the only terms open for `search_sections` are ...": that tool's
        update |= {"target": named, "mentions": (named,), "grounding": "exact"}
    if cond:
        update["condition"] = " ".join(cond.split())
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [r.model_copy(update=update) for r in allowed], notes

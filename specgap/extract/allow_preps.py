"""Values of an action's argument said after a preposition, written as people write them:

- "Only ship to the EU countries we serve: DE, FR, NL." (a noun phrase, then its values);
- "Only launch instances in us-east-1 or eu-west-1." (no noun: the preposition alone);
- "Payments may only be converted into EUR, USD or GBP." (a passive with `only`);
- "Shipments must go to one of DE, FR or NL." (an obligation with `one of`);
- "Deliveries go to warehouses A1, B2 or C3 only." (a subject that names the action);
- "Never launch instances in ap-south-1." (a ban of those values).

(Passives the grammar misreads, prohibited action nouns and a tool's own description are
read by `allow_passives`.)

`prep_values` gives the allowlist (`resource_in_allowlist`) or the ban of values
(`deny_action` with `values`) over the argument the noun before the values names (its head
noun: "EU countries we serve" -> `country`). Where no noun names it, or the noun names no
argument, the argument is the one the tool's own description introduces with the same
preposition ("Launch a compute instance in a region": `region`), bound at compile time by
`allow_binding`; none or several is a located note, never a guess.

Values are quoted, or bare words that look like values: codes (`DE`, `A1`, `us-east-1`)
or proper names ("France"). A list of plain lower-case words ("to homes or offices") may
be kinds of the thing acted on: it is enforced only where the argument's schema lists the
words; bound by the description's preposition it is only reviewed; a single plain word is
never a value.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.pattern_base import USER, singular
from specgap.ir import CandidateRule
from specgap.operators.prose import is_toolish

_VALUE = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|(?>[A-Za-z0-9](?:[\w.:/+-]*[\w/+-])?))"
_SEP = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*/\s*)"
_VALUES = _VALUE + r"(?:" + _SEP + _VALUE + r")*"
_PREP = r"to|into|in|inside|within|from|at|with|for|on|via|through|using|under|onto"
# the preposition, the words naming the argument (maybe none), and the values to the end
_TAIL = re.compile(
    r"\b(?P<prep>" + _PREP + r")\s+(?P<np>(?:[A-Za-z][\w-]*\s+){0,6}?)"
    r"(?:(?:one\s+of|either)\s*:?\s+|:\s*)?(?P<list>" + _VALUES + r")\s*(?:only\s*)?[.;!]?\s*$",
    re.I,
)
# "the EU countries (DE, FR, NL)", "the countries: DE, FR" — a colon or brackets end the noun
_MARKED = re.compile(
    r"\b(?P<prep>" + _PREP + r")\s+(?P<np>[A-Za-z][\w\s-]*?)\s*(?::\s*(?:one\s+of\s*:?\s*)?"
    r"(?P<list>" + _VALUES + r")|\(\s*(?P<plist>" + _VALUES + r")\s*\))\s*(?:only\s*)?[.;!]?\s*$",
    re.I,
)
# "in the eu-central or us-west regions": the values, then the noun naming the argument
_BEFORE = re.compile(
    r"\b(?P<prep>" + _PREP + r")\s+(?:the\s+|a\s+|an\s+)?(?P<list>" + _VALUES + r")\s+"
    r"(?P<noun>[a-z][\w-]*)\s*(?:only\s*)?[.;!]?\s*$",
    re.I,
)
_PEOPLE = re.compile(
    r"(?:" + USER + r"|people|persons?|residents?|citizens?|buyers?|sellers?)s?", re.I
)
_NAMED_THE = re.compile(r"(?<=[\s,])the\s+(?=[A-Z])")
_DETERMINERS = frozenset(
    {"the", "a", "an", "any", "one", "of", "our", "your", "their", "its", "these", "those",
     "following", "either", "only", "approved", "allowed", "permitted", "supported", "valid",
     "accepted", "listed", "named", "designated", "certain", "specific", "other", "two",
     "three", "four", "five", "six", "several", "few"}
)  # fmt: skip
# a relative clause after the head noun: "countries we serve", "regions that we support"
_RELATIVE = frozenset(
    {"we", "you", "they", "that", "which", "who", "where", "currently", "i", "it", "he", "she"}
)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "it", "them", "that", "this", "these", "those", "other",
     "others", "another", "and", "or", "not", "only", "one", "none", "nothing", "anything",
     "everything", "something", "etc", "us", "me", "him", "her", "you"}
)  # fmt: skip
_CODE = re.compile(r"[`'\"]|.*(?:[0-9_.:/+-]|[A-Z])")
# "Deliveries go to warehouses A1 or B2 only": the subject names the action that goes there
_GOES = re.compile(
    r"^\W*(?:all\s+|every\s+|any\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
    r"(?:(?:may|can|must|should|shall)\s+(?:only\s+)?(?:ever\s+)?)?"
    r"(?:go|goes|travel|travels|ship|ships|be\s+(?:sent|shipped|delivered|routed|made|placed))"
    r"\s+(?:only\s+)?",
    re.I,
)
_EXCEPT = re.compile(
    r"\b(?:other\s+than|except|excluding|besides|apart\s+from|outside|beyond|but|not|than|"
    r"instead\s+of|rather\s+than)\b",
    re.I,
)
_DATE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?(?:T[\d:]+Z?)?|\d{1,2}:\d{2}(?:\s*[ap]m)?", re.I)
_RANGE = re.compile(r"\d[\w.:/-]*\s*$")  # "from 9 to 17", "2027-01-05 to ...": the range's start
# "shipping is limited to DE and FR": the action named by its noun is confined to values
_LIMITED = re.compile(
    r"^\W*(?:all\s+|any\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are|must\s+be|"
    r"should\s+be|will\s+be)\s+(?:only\s+|strictly\s+)?(?:limited|restricted|confined)\s+"
    r"(?=to\b)",
    re.I,
)
# "Deliveries to warehouses A1 or B2 only.": an action's noun, its values, and `only`
_VERBLESS = re.compile(
    r"^\W*(?:all\s+|any\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:only\s+)?"
    r"(?=(?:" + _PREP + r")\s[^.;]*\bonly\s*[.;!]?\s*$)",
    re.I,
)
_ACTION_END = re.compile(r"(?:ment|al|y)$")
_ALWAYS = re.compile(
    r"^\W*(?:always|(?:you|agents?|the\s+agent)\s+(?:must|should|shall)\s+(?:always\s+)?|"
    r"(?:must|should)\s+always)\b",
    re.I,
)
_ONE_OF = re.compile(r"\b(?:one\s+of|either)\b", re.I)
# words before the values that say they are examples, not the only ones
_OPEN = re.compile(
    r"\b(?:such\s+as|like|e\.g|for\s+example|for\s+instance|including|includes?|typically|"
    r"usually|mostly|mainly|preferably|especially|e\.g\.)\b",
    re.I,
)


def prep_values(clause: Clause, text: str) -> list[Emit]:
    """The allowlist or the ban of values said after a preposition (module docstring)."""
    found = _prep_values(clause, text)
    led = _AGENT_LED.match(text) if not found else None
    if led is not None:  # "we only ship to ...", "agents may only convert ...": the agent's
        from specgap.extract.grammar import parse

        said = text[led.end() :]
        found = _prep_values(parse(said), said)
    from specgap.extract.allow_passives import banned_values, passive_values

    return found or passive_values(text) or banned_values(text)


# the agent's side as a subject: "we only ship to ...", "agents may only convert ..."
_AGENT_LED = re.compile(
    r"^\W*(?:we|you|agents?|the\s+agent|the\s+assistant|staff|our\s+team|(?:the\s+|all\s+)?"
    r"(?:" + USER + r"|students?|patients?|employees?|members?|guests?|buyers?|tenants?)s?)\s+"
    r"(?:(?:may|can|must|should|shall|will|are\s+(?:allowed|permitted)\s+to)\s+)?"
    r"(?=only\b|never\b|do\s+not\b|don't\b|not\b)",
    re.I,
)


# "only offer the day and week tariffs": the values before the noun naming the argument
_BEFORE_NOUN = re.compile(
    r"^\W*(?:(?:you|we|agents?)\s+(?:may|can|must|should)\s+)?only\s+(?:ever\s+)?"
    r"(?:offer|use|accept|support|sell|quote|choose|select|pick|apply|propose|suggest)\s+"
    r"(?:the\s+|our\s+)?(?P<list>[a-z][\w-]*(?:\s*,\s*[a-z][\w-]*)*,?\s+(?:and|or)\s+[a-z][\w-]*)"
    r"\s+(?P<noun>[a-z][\w-]*)\s*[.;!]?\s*$",
    re.I,
)


def noun_values(text: str) -> list[Emit]:
    """ "Only offer the day and week tariffs": an allowlist of the argument the noun after
    the values names, wherever it is set (a verb that only chooses: after an action verb the
    noun is the thing acted on, "only book bronze or silver cabins", whose kinds name no
    argument) (a noun that names no argument is reported by the
    compiler; plain words on an identifier are never its values, `specgap.argfit`)."""
    from specgap.extract.pattern_base import ANY_TOOL

    m = _BEFORE_NOUN.match(text)
    if m is None:
        return []
    values = [v for v in re.split(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", m["list"]) if v]
    if any(v.casefold() in _NOT_VALUES | _DETERMINERS for v in values) or len(values) < 2:
        return []
    noun = noun_singular(m["noun"])
    if noun in _NOT_VALUES or _acts(noun):
        return []
    params = {"facet": noun, "allowed": values, "set_by_call": True}
    return [Emit("resource_in_allowlist", ANY_TOOL, params, 0.7)]


# a clause of its own after a colon (a verb of being in it), not a list of values
_COLON_CLAUSE = re.compile(r":\s+[^:;]*?\b(?:is|are|was|were|belongs?|goes|go)\b")


def _prep_values(clause: Clause, text: str) -> list[Emit]:
    allow, ban = _said(clause, text)
    limited = _LIMITED.match(text) is not None  # (the grammar reads no clause of its own there)
    if not (allow or ban) or (clause.condition is not None and not limited):
        return []
    action, start = _action(clause, text)
    if action is None:
        return []
    if (why := _COLON_CLAUSE.search(text, start)) is not None:
        text = text[: why.start()]  # "never V X: waiving a fee is for the council": its reason
    found = _tail(text, start)
    if found is None:
        return []
    prep, np, values = found
    if _OPEN.search(text[start:]) or _EXCEPT.search(f"{prep} {np}"):
        return []  # examples, or a complement ("other than a or b"): read elsewhere
    plain = not all(_CODE.match(v) for v in values)
    if plain and (len(values) < 2 or not allow):
        return []  # "only ship to customers in good standing": no value, a description
    if _RELATIVE_STATE.search(text) or _weak_ban(allow, np, values):
        return []  # "... an account that is in arrears", "never cancel bookings in Paris"
    if plain and allow and clause.modality == "must" and not _ONE_OF.search(text):
        return []  # "always ship crates to homes or offices": kinds, not the values passed
    facet = _head(np)
    if facet and facet in _NOT_VALUES:
        return []
    params: dict[str, object] = {"facet": facet, "by_prep": prep.casefold()}
    params["allowed" if allow else "values"] = [_unquoted(v) for v in values]
    if plain and facet:  # plain words: values only where the argument's schema lists them
        params["schema_values"] = True
        del params["by_prep"]
    elif plain:  # ... or, reviewed, of the argument the tool's description puts there
        params.update({"by_values": True, "words_by_prep": True})
    elif not facet:
        params["by_values"] = True  # the argument listing them, else the one the prep names
    operator = "resource_in_allowlist" if allow else "deny_action"
    return [Emit(operator, action, params, 0.7)]


def _said(clause: Clause, text: str) -> tuple[bool, bool]:
    """(allows only the values, bans them)."""
    if clause.negated:
        return False, clause.modality == "must_not"
    if clause.modality == "only" or _LIMITED.match(text) is not None:
        return True, False
    # "must go to one of ...", "can be cancelled for one of two reasons: ..."
    if clause.modality in {"must", "may", "none"} and _ONE_OF.search(text) is not None:
        return True, False
    # "always settle invoices in EUR": told to the agent, the value it must pass (a passive
    # "X for Y must be shipped to DE" may hold for some Xs only, and is left alone)
    return clause.modality == "must" and clause.imperative and _ALWAYS.match(
        text
    ) is not None, False


def _action(clause: Clause, text: str) -> tuple[str | None, int]:
    """(the mention of the action, where its words end in `text`)."""
    goes = _GOES.match(text) or _LIMITED.match(text) or _VERBLESS.match(text)
    if goes is not None and (
        clause.verb is None or clause.verb in {"go", "travel"} or goes.re is not _GOES
    ):
        subject = goes["subj"].casefold().split()
        if subject[-1] in _NOT_VALUES or subject[0] in {"you", "we", "they", "it"}:
            return None, 0
        if not _acts(subject[-1]):
            # "currencies are limited to ...": an argument; "crates go to ...": what goes
            # there, the action that sends it unsaid
            return None, 0
        return " ".join([*subject[:-1], noun_singular(subject[-1])]), goes.end()
    if clause.verb is None:
        return _verb_first(text)
    if clause.verb in NOT_ACTIONS or clause.action_span is None:
        return None, 0
    opens = text[: clause.action_span[0]].strip(" -*").casefold()
    if not (clause.imperative or clause.passive or opens in {"", "only", "always", "never"}):
        return None, 0
    if clause.tool is not None:
        return clause.tool, clause.action_span[0]
    start, end = clause.action_span
    said = text[start:end]
    # the object ends where the preposition of the values starts ("ship to the EU ...")
    m = re.search(r"\b(?:" + _PREP + r")\b", said, re.I)
    if m is not None and not clause.passive:
        words = [w for w in said[: m.start()].split()[1:] if w.casefold() not in _DETERMINERS]
        return " ".join([clause.verb, *words]).casefold(), start + m.start()
    return clause.action, start


# "Settle invoices in ...": a verb the grammar did not read, first, then its object
_VERB_FIRST = re.compile(
    r"^\W*(?:only\s+|always\s+|never\s+|do\s+not\s+|don't\s+)?(?P<verb>[A-Za-z]+)\s+"
    r"(?:(?:the|a|an|all|any|every|each)\s+)?(?P<obj>[a-z][\w-]*)\s+(?:only\s+)?(?=(?:"
    + _PREP
    + r")\b)",
    re.I,
)


def _verb_first(text: str) -> tuple[str | None, int]:
    from specgap.extract.english import base_verb

    m = _VERB_FIRST.match(text)
    if m is None or not base_verb(m["verb"].casefold()) or m["verb"].casefold() in NOT_ACTIONS:
        return None, 0
    return f"{m['verb'].casefold()} {m['obj'].casefold()}", m.end()


def _acts(noun: str) -> bool:
    """A noun that names an action ("shipping", "conversions", "refunds")."""
    from specgap.extract.pattern_base import is_action_noun

    if is_action_noun(noun):
        return True
    from specgap.extract.english import base_verb, lemmas

    if noun.endswith("ing") and lemmas(noun).get("VERB"):
        return True  # "shipping"
    said = noun_singular(noun)
    stem = _ACTION_END.sub("", said)  # "shipment" -> ship, "delivery" -> deliver
    return stem != said and len(stem) > 2 and base_verb(stem)


def _tail(text: str, start: int) -> tuple[str, str, list[str]] | None:
    """(the preposition, the noun phrase before the values, the values) at the end of
    `text` after `start`."""
    # "in the Garden, the Chapel or the Ballroom": names, each with its article
    text = text[:start] + _NAMED_THE.sub(lambda t: " " * len(t[0]), text[start:])
    m = _MARKED.search(text, start)
    listed = (m["list"] or m["plist"]) if m is not None else None
    before = _BEFORE.search(text, start) if listed is None else None
    if before is not None and _PEOPLE.fullmatch(before["noun"]):
        before = None  # "to DE or FR customers": who they are, not an argument's values
    if before is not None and not all(_CODE.match(v) for v in re.split(_SEP, before["list"])):
        before = None  # "on trial, active or paused subscriptions": their states
    if before is not None and len(re.split(_SEP, before["list"])) >= 2:
        return _values_of(text, before["prep"], before["noun"], before["list"], before.start())
    if m is None or listed is None:
        m = _TAIL.search(text, start)
        listed = m["list"] if m is not None else None
    if m is None or listed is None:
        return None
    return _values_of(text, m["prep"], m["np"], listed, m.start())


def _values_of(
    text: str, prep: str, np: str, listed: str, at: int
) -> tuple[str, str, list[str]] | None:
    words = np.split()
    inner = [n for n, w in enumerate(words) if re.fullmatch(_PREP, w, re.I)]
    if inner:  # "for shipments to KP": the values are the last preposition's
        prep, words = words[inner[-1]], words[inner[-1] + 1 :]
    np = " ".join(words)
    if _COMPARED_BY.search(np):
        return None  # "with an amount over 50": a bound on the amount (`compare19`), no value
    values = [v for v in re.split(_SEP, listed) if v]
    if any(_not_value(v) or _tool_like(_unquoted(v)) for v in values):
        return None  # "with `get_booking`": a tool, not a value
    if any(_DATE.fullmatch(_unquoted(v)) for v in values) or _RANGE.search(text[:at]):
        return None  # "for 2027-01-05 to 2027-02-10": a range of dates (`date_ranges`)
    return prep, np, values


# a noun phrase that ends comparing what follows: the number after it is a bound
_COMPARED_BY = re.compile(
    r"(?:\b(?:over|above|under|below|exceeding|beyond|than|least|most|to|between|of\s+up)|"
    r"[<>\u2264\u2265=])$",
    re.I,
)


def _not_value(value: str) -> bool:
    """A word of the sentence, not a value: "a", "the", "all"; a capital letter ("A", a
    section) is a value when the other values are codes too (`_tail`'s caller checks)."""
    return value.casefold() in _NOT_VALUES and not (len(value) == 1 and value.isupper())


# a relative clause of state: "for an account that is in arrears" (the entity's state)
_RELATIVE_STATE = re.compile(r"\b(?:that|which|who|whose)\s+(?:is|are|was|were|has|have)\b", re.I)
# a code beyond doubt: quoted, with a digit or a sign, or in capitals ("KP", "A1", "eu-1")
_STRONG = re.compile(r"[`'\"]|.*[0-9_.:/+-]|[A-Z]{2,}$")


def _weak_ban(allow: bool, np: str, values: list[str]) -> bool:
    """A ban of a name no noun says the argument of ("never cancel bookings in Paris"): the
    place may qualify what is acted on; left to the ban readers, reviewed."""
    return not allow and not _head(np) and not all(_STRONG.match(v) for v in values)


def _tool_like(value: str) -> bool:
    """`get_booking`, `fleet.drone.launch`, `bookCabin`; not a name ("TruckCo") or a code."""
    return is_toolish(value) and value[:1].islower()


def _head(np: str) -> str:
    """The noun naming the argument: the last word before a relative clause, determiners
    and acronyms left out ("the EU countries we serve" -> `country`)."""
    words = re.findall(r"[A-Za-z][\w-]*", np)
    for n, word in enumerate(words):
        if word.casefold() in _RELATIVE and n > 0:
            words = words[:n]
            break
    kept = [w for w in words if w.casefold() not in _DETERMINERS and not w.isupper()]
    if not kept:
        return ""
    return noun_singular(kept[-1])


def noun_singular(word: str) -> str:
    """ "warehouses" -> `warehouse`, "statuses" -> `status`: the lexicon's noun lemma."""
    from specgap.extract.english import lemmas

    said = word.casefold()
    nouns = lemmas(said).get("NOUN", ())
    return nouns[0] if nouns else (said if said.endswith(("us", "ss", "is")) else singular(said))


def looks_like_value(value: str) -> bool:
    """Quoted, or a code or a proper name (`DE`, `A1`, `us-east-1`, "France"), not a plain
    word that may be a kind of the thing acted on."""
    return _CODE.match(value) is not None


def _unquoted(value: str) -> str:
    return value[1:-1] if value[:1] in "`'\"" else value


def valued_rule(rule: CandidateRule) -> bool:
    """A rule another reader gave on the values of an argument (an allowlist, a ban of
    values): `prep_values` is not read over it."""
    if rule.operator not in {"resource_in_allowlist", "deny_action"}:
        return False
    if rule.operator == "deny_action" and not rule.params.get("values"):
        return False  # a plain ban ("never launch instances in X"): the values say more
    facet = str(rule.params.get("facet") or "").split()
    # "shipping is limited to DE": a facet that names an action is no argument's
    return not (facet and _acts(facet[-1].casefold()))

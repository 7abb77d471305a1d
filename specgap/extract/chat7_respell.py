"""A rule written informally, as in a chat or a quick note, respelled into the forms the
readers already read, and read again (issue 11): lower case, fragments, symbols for words,
the writer speaking as "me".

The respelling is a chain of general steps, each a property of informal writing, never a
phrase of one sentence (`docs/chat-seven.md`):

- what only frames the line goes: emoji and bullets, a chat opener ("@channel heads up:",
  "hey team, quick one from me:", "from today"), a sign-off (", thx", ", period"), an
  intensifier in brackets ("(always!!)", "(no exceptions!!)"), "pls", "asap", "!!";
- shorthand is spelt out: `w/o` without, `w/` with, `b4` before, "don't ever" never,
  "dont" / "thats" / "cant", "ok'd" approved, `hr(s)` hour(s), `pkg(s)`, `tix`, `wk(s)`,
  `yr(s)`, `addr`, `dept`, `incl` (spelt out before any reader, `nouns_spelt`), "no more X" /
  "no new X" no X, `--` a comma;
- a comparison written as a symbol before an amount is the word: `>$50` above $50, `>=`
  at least, `<` below, `<=` at most; a bracket that holds one ("refunds (anything over
  £40)") is the phrase it qualifies;
- a state written with `=` or `->`: "expired vaccines = no booking", "paused students ->
  no booking", "- vaccines expired -> don't book": the ban for those in the state ("No
  booking for expired vaccines", "No booking if the vaccines are expired"); "if status =
  done": "if the status is done"; "refunds only if C": "No refunds unless C";
- "max" and "min" as words: "discounts max 15%" (no discounts over 15 %), "max 3 doses
  per X" (at most 3 doses per X), "5 parts max" (at most 5 parts); "T: $400 max per
  refund" (T: at most $400 per refund) before any reader, when T is a tool id (`max_spelt`);
- the writer as approver: "need me (the manager) to sign off", "= my sign off first",
  "need my ok": a sign-off from the role the bracket names (the manager when none): a
  review, never enforced;
- a party's "ok": when the party is the user ("the customer's ok", "the student's ok", and
  "the owner's ok" when the agent's tools deal with owners: a tool or an id of `owner`), the
  user's confirmation ("X need the owner's ok first": ask the customer to confirm before any
  X; "T -- only if the owner ok'd it": call T only if the customer confirmed it; "check w/
  the owner b4 V-ing": confirm with the customer before V-ing). When who "the owner" is
  cannot be told (no tool deals with owners), nothing is read from the sentence: a located
  note (`approver-unclear`) says so;
- a tool id where a verb belongs ("always lookupCustomer b4 createRepair"): call it.

The respellings are read in order; the first whose reading has a rule without an unbound
condition wins (else the first with any rule). The respelled reading replaces the first
reading when it reads more: more rules without an unbound condition, or as many that say
something else (the respelled line is the line said as the readers read it). A count of
calls read from a percentage or an amount of money ("discounts max 15%") is dropped. A line
with the cues of an informal rule from which nothing is read at all gets a located note
(`informal-rule-not-read`), so it is never silent. Only a prompt's sentences (not a tool's
description) are respelled.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.call_nouns import current_tool_nouns
from specgap.extract.english import lemmas
from specgap.extract.noact_respell import Read, spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import TOOL_ID_WORD, USER, singular

__all__ = ["max_spelt", "nouns_spelt", "reread", "respellings"]

_EMOJI = "\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d"
# what makes a line informal (any one of them)
_CUES = re.compile(
    r"(?:^|\s)(?:=>?|->|\u2192|>=?|<=?)(?=\s|[$\u20ac\u00a3\d])|\bw/o?(?=\s)|\bb4\b|\b(?:pls|plz|"
    r"asap|thx|nope|dont|thats|cant|ok'?d|okayed|oks)\b|(?-i:\b(?:mgr|cust|accts?|appts?|msgs?|hrs?|"
    r"thru|[Pp]kgs?|[Tt]ix|[Aa]ddr|[Dd]ept|wks?|yrs?|incl)\b)|!!|"
    r"\bdon'?t\s+ever\b|\s--\s|@(?:channel|here)\b|\b(?:max|min)\b|"
    r"\bme\s*(?:\([^)\n]{1,40}\)\s*)?to\s+(?:sign|approve|ok)|\b(?:ask|check\s+with|ping)\s+me\b|"
    r"\bi\s+say\s+so\b|\bmy\s+(?:ok|okay|sign)|(?:'|\u2019)s\s+ok\b|[" + _EMOJI + r"]",
    re.I,
)
# words a rule has (a line with informal cues but none of these is chat, not a rule)
_RULE_WORDS = re.compile(
    r"\b(?:no|never|don'?t|do\s+not|only|must|need|needs|max|min|always|before|b4|w/o|"
    r"without|unless|sign[\s-]?off|ok'?d|confirm)\b|\bok\b(?!\s*[,!?])|=|->",
    re.I,
)
_LEAD = re.compile(r"^[\s\-*\u2022>#" + _EMOJI + r"]+")
_OPENER = re.compile(
    r"^(?:@(?:channel|here|team|all|everyone)\b|(?:hey|hi|hello|yo)\s+(?:team|all|folks|"
    r"everyone|guys|there)\b|heads[\s-]up\b|quick\s+one(?:\s+from\s+me)?\b|psa\b|fyi\b|"
    r"from\s+(?:today|now\s+on|now|monday|tomorrow)\b|(?:ok|okay|so)\b(?=\s*[,:]))[\s,:!.-]*",
    re.I,
)
_TAIL = re.compile(
    r"(?:[\s,;]+(?:thx|thanks|ty|cheers|period|pls|please|asap|ok\?|k\?))+[\s!.]*$", re.I
)
_INTENSIFIER = re.compile(
    r"\s*\(\s*(?:always|no\s+exceptions|seriously|srsly|period|important|i\s+mean\s+it|"
    r"every\s+time|!+)[\s!.]*\)",
    re.I,
)
# (pattern, replacement): shorthand spelt out, in this order
_WORDS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"\bw/o(?=\s)", re.I), "without"),
    (re.compile(r"\bw/(?=\s)", re.I), "with"),
    (re.compile(r"\bb4\b", re.I), "before"),
    (re.compile(r"\b(?:pls|plz|please|asap)\b[\s,]*", re.I), ""),
    (re.compile(r"\b(?:don'?t|do\s+not|never)\s+ever\b", re.I), "never"),
    (re.compile(r"\bdont\b", re.I), "do not"),
    (re.compile(r"\bcant\b", re.I), "cannot"),
    (re.compile(r"\bwont\b", re.I), "will not"),
    (re.compile(r"\bthats\b", re.I), "that is"),
    (re.compile(r"\b(?:ok'?d|okay'?d|okayed)\b", re.I), "approved"),
    (re.compile(r"\bhrs\b"), "hours"),
    (re.compile(r"\bhr\b"), "hour"),
    (re.compile(r"\bmins\b"), "minutes"),
    (re.compile(r"\bno\s+(?:more|new)\s+(?!than\b)(?=[a-z])", re.I), "no "),
    # chat abbreviations of common words
    (re.compile(r"\bmgr\b"), "manager"),
    (re.compile(r"\bcust\b"), "customer"),
    (re.compile(r"\baccts?\b"), "account"),
    (re.compile(r"\bappts\b"), "appointments"),
    (re.compile(r"\bappt\b"), "appointment"),
    (re.compile(r"\bmsgs\b"), "messages"),
    (re.compile(r"\bmsg\b"), "message"),
    (re.compile(r"\bqty\b"), "quantity"),
    (re.compile(r"\bamt\b"), "amount"),
    (re.compile(r"\bthru\b"), "through"),
    (re.compile(r"\bu\b(?!\.)"), "you"),
    (re.compile(r"\bur\b"), "your"),
    (re.compile(r"\s&\s"), " and "),
    # "X? nope": the answer is no
    (re.compile(r"\?\s*(?:nope|nah|no way|never)\b[\s.!]*$", re.I), "? No."),
    # "X = not allowed", "X -> not ok"
    (re.compile(r"(?P<w>[a-z]+)\s*(?:=|->|\u2192)\s*(?:not\s+(?:allowed|ok|okay|permitted)|forbidden|"
                r"a\s+no[\s-]go)\b", re.I),
     lambda m: f"{m['w']} {'are' if m['w'].endswith('s') else 'is'} not allowed"),
    (re.compile(r"!{2,}"), "."),
    (re.compile(r"\s+--+\s+"), ", "),
    # a comparison as a symbol before an amount
    (re.compile(r"(?<![=<>-])>=\s*(?=[$\u20ac\u00a3]?\d)"), " at least "),
    (re.compile(r"(?<![=<>-])<=\s*(?=[$\u20ac\u00a3]?\d)"), " at most "),
    (re.compile(r"(?<![=<>-])>\s*(?=[$\u20ac\u00a3]?\d)"), " above "),
    (re.compile(r"(?<![=<>-])<\s*(?=[$\u20ac\u00a3]?\d)"), " below "),
    # "refunds (anything over £40) need ...": the bracket qualifies what it follows
    (re.compile(r"\s*\(\s*(?:anything|any|those|ones?|if|when)?\s*(?P<cmp>over|above|under|"
                r"below|more\s+than|less\s+than)\s+(?P<amt>[$\u20ac\u00a3]?\d[\d.,]*\s*[%\w]*)"
                r"\s*\)", re.I), r" \g<cmp> \g<amt>"),
    # "if status = done": the field is the value
    (re.compile(r"\b(?P<w>if|when|unless|while)\s+(?:the\s+)?(?P<f>[a-z][a-z_]*)\s*(?:=|==)\s*"
                r"(?P<v>[\w-]+)", re.I), r"\g<w> the \g<f> is \g<v>"),
)  # fmt: skip
# the abbreviations of nouns a terse note uses for an argument's or a thing's name ("Pkgs:
# `basic`, `demo`", "no refunds on scanned tix"): spelt out before any reader reads the line
_NOUNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b[Pp]kgs\b"), "packages"),
    (re.compile(r"\b[Pp]kg\b"), "package"),
    (re.compile(r"\b[Tt]ix\b"), "tickets"),
    (re.compile(r"\b[Aa]ddr\b"), "address"),
    (re.compile(r"\b[Dd]ept\b"), "department"),
    (re.compile(r"\bwks\b"), "weeks"),
    (re.compile(r"\bwk\b"), "week"),
    (re.compile(r"\byrs\b"), "years"),
    (re.compile(r"\byr\b"), "year"),
    (re.compile(r"\bincl\.?(?=\s)"), "including"),
)
_SPACES = re.compile(r"\s{2,}")
_AMOUNT = r"(?P<amt>[$\u20ac\u00a3]?\d[\d.,]*(?:\s*(?:%|[a-z]+\b))?)"
_NOUN = r"(?P<n>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
# "discounts max 15%", "sessions max 2 hours", "sessions min 1 hour"
_NOUN_MAX = re.compile(r"^" + _NOUN + r"\s+(?P<m>max|min)\.?:?\s+" + _AMOUNT + r"(?P<rest>.*)$",
                       re.I)  # fmt: skip
# "refunds: €60 max", "sessions = 3 hrs max"
_NOUN_AMT_MAX = re.compile(
    r"^" + _NOUN + r"\s*(?::|=|->|\u2192)\s*" + _AMOUNT + r"\s+(?P<m>max|min)\b\.?(?P<rest>.*)$",
    re.I,
)
# "max 3 doses per script", "5 parts max per order", "max. 3 doses"
_MAX_LEAD = re.compile(r"^(?P<m>max|min)\.?:?\s+(?P<rest>\d.*)$", re.I)
_MAX_AFTER = re.compile(r"^(?P<num>\d[\d.,]*\s+[a-z][a-z-]*)\s+(?P<m>max|min)\b\.?(?P<rest>.*)$",
                        re.I)  # fmt: skip
# "expired vaccines = no booking", "paused students -> no booking", "X -> don't book"
_STATE_BAN = re.compile(
    r"^(?P<s>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s*(?:=>?|->|\u2192|:)\s*(?P<ban>no|nope|never|"
    r"do\s+not|don't|cannot|can't)\b[\s,]*(?P<rest>[^.;]*?)[\s.]*$",
    re.I,
)
# "refunds only if the status is done": no refunds unless it is
_ONLY_IF = re.compile(r"^(?P<n>[a-z][a-z-]*s)\s+only\s+(?:if|when)\s+", re.I)


# the writer as approver: "need me (the manager) to sign off", "= my sign off first"
def _role(name: str) -> str:
    return (
        r"(?:\s*\((?:i\s*am\s+|i'm\s+)?(?P<"
        + name
        + r">(?:the|a|your)\s+[a-z][a-z ]{1,30}?)\)\s*)?"
    )


_ROLE = _role("role")
_ME = re.compile(
    r"\s*(?:(?:=|->|\u2192)\s*|\b(?:needs?|requires?)\s+)(?:me" + _ROLE + r"\s*to\s+(?:sign[\s-]?"
    r"off|approve|ok|okay)(?:\s+(?:on\s+)?(?:it|them|that))?|my"
    + _role("role2")
    + r"\s*(?:sign[\s-]?off|"
    r"ok|okay|approval|go[\s-]?ahead)(?:\s+first)?)\b",
    re.I,
)
# "refunds >$100 -> ask me first", "... = check w/ me"
_ME_TAIL = re.compile(
    r"\s*(?:=|->|\u2192|:|,)\s*(?:always\s+)?(?:ask|check\s+with|ping|talk\s+to|run\s+it\s+by)\s+"
    r"me" + _role("role3") + r"(?:\s+first)?\s*[.!]?$",
    re.I,
)
# "only if approved by me", "unless i ok it", "unless i say so"
_BY_ME = re.compile(
    r"\b(?P<w>only\s+if|only\s+when|unless)\s+(?:(?:approved|ok'?d|okayed|signed\s+off)\s+by\s+me|"
    r"i\s+(?:ok|okay|approve|sign\s+off\s+on|say\s+so)(?:\s+(?:it|them|that))?)\b",
    re.I,
)
_ASK_ME = re.compile(
    r"\b(?:ask|check\s+with|ping|run\s+it\s+by)\s+me" + _ROLE + r"\s*(?:first\s+)?before\s+", re.I
)
# a party's ok
_PARTY = r"(?:the\s+)?(?P<p>[a-z]+)(?:'s|s'|\u2019s)"
_OK = r"(?:ok|okay|go[\s-]?ahead|yes|consent|approval)"
_NEED_OK = re.compile(
    r"^(?P<x>[a-z][a-z-]*(?:\s+[a-z][\w-]*){0,3}?)(?:\s+(?:needs?|requires?)\s+|\s*(?:=|->|\u2192|:)\s*)"
    + _PARTY
    + r"\s+"
    + _OK
    + r"(?:\s+first)?\s*[.!]?$",
    re.I,
)
_WITHOUT_OK = re.compile(r"\bwithout\s+" + _PARTY + r"\s+" + _OK + r"\b", re.I)
_IF_OKED = re.compile(
    r"\b(?P<w>only\s+if|only\s+when|only\s+once|only\s+after|unless)\s+(?:the\s+)?(?P<p>[a-z]+)\s+(?:has\s+)?"
    r"(?:approved|agreed\s+to|said\s+(?:yes|ok)\s+to|confirmed|oks|okays|ok's)\b",
    re.I,
)
_CHECK_WITH = re.compile(
    r"\b(?:check|confirm|clear\s+it)\s+with\s+(?:the\s+)?(?P<p>[a-z]+)\s+(?=before\b)", re.I
)
# "get the owner's ok b4 cancelling": the party's ok before the act
_GET_OK = re.compile(
    r"\b(?:get|have|wait\s+for)\s+" + _PARTY + r"\s+" + _OK + r"\s+(?:first\s+)?(?=before\b)", re.I
)
_NO_GERUND = re.compile(
    r"^no\s+(?P<v>[a-z]+ing)\s+(?P<rest>(?:a|an|the|any|without|before|until|unless)\s+.*)$", re.I
)
# a tool id (snake, kebab, camel or dotted): each separator apart from the word characters
_TOOL = (
    r"(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*|"
    r"[A-Za-z]+(?:\.[A-Za-z]+)+)"
)
_TOOL_LED = re.compile(r"^(?P<t>" + _TOOL + r")\s*,\s*(?P<w>only\s+(?:if|when)\b.*)$")
_ALWAYS_TOOL = re.compile(r"^(?P<a>always|never|only)\s+(?P<t>" + _TOOL + r")\s+(?=before|after)")
_USER = re.compile(r"^" + USER + r"s?$", re.I)
# who may be the user, or staff, only by the agent's tools ("the owner": of the pet, or of the
# business)
_MAYBE_USER = frozenset({"owner", "holder", "parent", "guardian"})


def _party(word: str) -> str | None:
    """`user` for the user, `unclear` when only the tools could tell and they do not, None for
    anyone else (staff: a review)."""
    word = word.casefold()
    if _USER.match(word):
        return "user"
    if word in _MAYBE_USER or singular(word) in _MAYBE_USER:
        nouns = current_tool_nouns()
        return "user" if word in nouns or singular(word) in nouns else "unclear"
    return None


def _verb(gerund: str) -> str | None:
    found = lemmas(gerund.casefold()).get("VERB", ())
    return found[0] if found else None


def _framed(text: str) -> str:
    """The line without what only frames it, its shorthand spelt out."""
    text = " ".join(text.split())
    text = _LEAD.sub("", text)
    for _ in range(4):
        stripped = _OPENER.sub("", text, count=1)
        if stripped == text:
            break
        text = stripped
    text = _INTENSIFIER.sub("", text)
    text = _TAIL.sub("", text)
    for pattern, replacement in _WORDS:
        text = pattern.sub(replacement, text)
    return _SPACES.sub(" ", text).strip(" ,;:.")


def _sentence(text: str) -> str:
    text = text.strip(" ,;:.")
    return text[:1].upper() + text[1:] + "." if text else ""


def _state_forms(m: re.Match[str]) -> list[str]:
    """The ban of "S = no X" on what is in the state, said two ways."""
    state, ban, rest = m["s"], m["ban"].casefold(), m["rest"].strip()
    words = state.split()
    if not rest:
        return []
    if ban in ("no", "nope"):
        head = f"no {rest}"
    elif ban == "never":
        head = f"never {rest}"
    else:
        head = f"do not {rest}"
    forms = [f"{head} for {state}"]
    if len(words) == 2:
        adj_first = f"the {words[1]} {'are' if words[1].endswith('s') else 'is'} {words[0]}"
        noun_first = f"the {words[0]} {'are' if words[0].endswith('s') else 'is'} {words[1]}"
        # "expired vaccines", "vaccines expired": the participle or adjective is the state
        first = noun_first if words[1].endswith(("ed", "en")) else adj_first
        forms.append(f"{head} if {first}")
    return forms


def respellings(text: str) -> tuple[list[str], str | None]:
    """The sentence's respellings, best first, and the party whose ok it needs when who that
    is cannot be told (nothing is then respelled)."""
    said = _framed(text)
    unclear: str | None = None
    forms: list[str] = []

    def approver(m: re.Match[str]) -> str:
        role = (m["role"] or m["role2"] or "the manager").strip()
        return f" need sign-off from {role}"

    said = _ME.sub(approver, said)
    said = _ME_TAIL.sub(
        lambda m: f" need sign-off from {(m['role3'] or 'the manager').strip()}", said
    )
    said = _BY_ME.sub(lambda m: f"{m['w']} the manager approves", said)
    said = _ASK_ME.sub(lambda m: f"get sign-off from {(m['role'] or 'the manager').strip()} "
                       "before ", said)  # fmt: skip

    if m := _NEED_OK.match(said):
        who = _party(m["p"])
        if who == "unclear":
            return [], m["p"]
        if who == "user":
            thing = m["x"]
            words = thing.split()
            if words[0].endswith("ing"):
                forms.append(f"ask the customer to confirm before {thing}")
            else:
                forms.append(f"ask the customer to confirm before any {singular(thing)}")
        else:
            forms.append(f"{m['x']} need sign-off from the {m['p']}")
    for pattern in (_WITHOUT_OK, _IF_OKED, _CHECK_WITH, _GET_OK):
        for found in pattern.finditer(said):
            if _party(found["p"]) == "unclear":
                return [], found["p"]
    said = _WITHOUT_OK.sub(
        lambda m: "without the customer's confirmation" if _party(m["p"]) == "user" else m[0], said
    )
    said = _IF_OKED.sub(
        lambda m: f"{m['w']} the customer confirmed" if _party(m["p"]) == "user" else m[0], said
    )
    said = _GET_OK.sub(
        lambda m: (
            "ask the customer to confirm "
            if _party(m["p"]) == "user"
            else f"get sign-off from the {m['p']} "
        ),
        said,
    )
    said = _CHECK_WITH.sub(
        lambda m: "confirm with the customer " if _party(m["p"]) == "user" else m[0], said
    )
    if m := _NO_GERUND.match(said):
        verb = _verb(m["v"])
        if verb is not None:
            said = f"never {verb} {m['rest']}"
    if m := _TOOL_LED.match(said):
        said = f"call {m['t']} {m['w']}"
    if m := _ALWAYS_TOOL.match(said):
        said = f"{m['a']} call {m['t']} " + said[m.end() :]
    if m := _STATE_BAN.match(said):
        forms += _state_forms(m)
    if m := _ONLY_IF.match(said):
        forms.append(f"no {m['n']} unless " + said[m.end() :])
    if m := _NOUN_MAX.match(said) or _NOUN_AMT_MAX.match(said):
        over = "over" if m["m"].casefold() == "max" else "under"
        most, tail = _most(m)
        forms.append(f"no {m['n']} {over} {m['amt']}{tail}")
        forms.append(f"{m['n']} are {most} {m['amt']}{tail}")
    if m := _MAX_LEAD.match(said):
        forms.append(f"{_most(m)[0]} {m['rest']}")
    if m := _MAX_AFTER.match(said):
        forms.append(f"{_most(m)[0]} {m['num']}{m['rest']}")
    forms.append(said)
    out: list[str] = []
    for form in forms:
        sentence = _sentence(form)
        if sentence and sentence not in out:
            out.append(sentence)
    return out, unclear


def nouns_spelt(text: str) -> str | None:
    """The line with the abbreviated nouns of `_NOUNS` spelt out, or None when it has none."""
    said = text
    for pattern, word in _NOUNS:
        said = pattern.sub(word, said)
    return said if said != text else None


def max_spelt(text: str) -> str | None:
    """A line labelled with a tool id, with "max" or "min" beside its amount, spelt "at most"
    / "at least" ("RefundPurchase: $400 max per refund": RefundPurchase: at most $400 per
    refund), for the readers of a whole line: a label that names a tool is read above the
    respellings of `reread`, which keep the other labels ("refunds: $60 max"); None for any
    other line."""
    said = " ".join(text.split())
    m = _NOUN_AMT_MAX.match(said.rstrip(".!"))
    if m is None or re.fullmatch(TOOL_ID_WORD, m["n"]) is None:
        return None
    most, tail = _most(m)
    return f"{m['n']}: {most} {m['amt']}{tail}."


def _most(m: re.Match[str]) -> tuple[str, str]:
    """ "at most" for a "max", "at least" for a "min", and the words after the amount (with
    a space in front, or none)."""
    rest = m["rest"].strip(" ,;:.!")
    return ("at most" if m["m"].casefold() == "max" else "at least"), f" {rest}" if rest else ""


def _plain(rules: list[CandidateRule]) -> int:
    return sum(1 for r in rules if r.condition is None)


def _said(rules: list[CandidateRule]) -> set[tuple[str, str]]:
    """What the rules claim, whatever words name their tool or facet: the operator and the
    values said (a bound's numbers, an order's step, a state)."""
    return {
        (r.operator, repr(sorted((k, _value(v)) for k, v in r.params.items() if k not in _NAMING)))
        for r in rules
    }


def _value(value: object) -> object:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


def _not_calls(text: str, rules: list[CandidateRule]) -> list[CandidateRule]:
    """Without a count of calls whose number is a percentage or an amount of money ("discounts
    max 15%": fifteen percent, never fifteen discounts)."""

    def amount(rule: CandidateRule) -> bool:
        n = rule.params.get("max")
        if rule.operator != "max_calls" or not isinstance(n, int):
            return False
        return bool(re.search(rf"[$\u20ac\u00a3]\s?{n}\b|\b{n}\s*(?:%|percent\b)", text))

    return [r for r in rules if not amount(r)]


_NAMING = frozenset({"facet", "arg", "entity"})


def _better(found: list[CandidateRule], first: list[CandidateRule]) -> bool:
    """The respelled reading reads more than the first: more rules without an unbound
    condition, or as many that say something else."""
    more, before = _plain(found), _plain(first)
    return more > before or (more == before and _said(found) != _said(first))


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """An informal line read again in its respellings (module docstring); the first reading
    when that reads as much."""
    text = sentence.clean
    if sentence.subject is not None or len(text) > 240 or not _CUES.search(text):
        return rules, diagnostics
    forms, unclear = respellings(text)
    if unclear is not None:
        kept = [r for r in rules if r.operator not in ("review_required", "require_confirmation")]
        note = Diagnostic(
            code="approver-unclear",
            message=f"this sentence asks for the {unclear}'s ok, and who the {unclear} is (the "
            "user, or someone on staff) cannot be told from the agent's tools: no confirmation "
            "or review is read from it",
            severity="note",
            span=sentence.span(),
            help='say whether the user confirms ("ask the customer to confirm before ...") '
            'or a member of staff approves ("... needs a manager\'s sign-off")',
        )
        return kept, [*diagnostics, note]
    rules = _not_calls(text, rules)
    best: tuple[list[CandidateRule], list[Diagnostic]] | None = None
    words = " ".join(sentence.text.split())
    for form in forms:
        if form == _sentence(" ".join(text.split())):
            continue
        found, notes = read(spelt(sentence, form))
        found = _not_calls(form, found)
        if not found:
            continue
        if best is None or _plain(found) > _plain(best[0]):
            best = (found, notes)
        if _plain(found):
            break
    if best is not None and _better(best[0], rules):
        return [r.model_copy(update={"text": words}) for r in best[0]], best[1]
    if not rules and not _located(diagnostics) and _RULE_WORDS.search(_framed(text)):
        note = Diagnostic(
            code="informal-rule-not-read",
            message="this line reads like a rule written informally, but no rule could be read "
            "from it",
            severity="note",
            span=sentence.span(),
            help="spell the rule out in a full sentence (the action, its object, and the "
            "condition), or check it by hand",
        )
        return rules, [*diagnostics, note]
    return rules, diagnostics


def _located(diagnostics: list[Diagnostic]) -> bool:
    return any(d.span is not None for d in diagnostics)

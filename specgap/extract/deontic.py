"""More ways of writing a rule, for `rulelike.cue_of`: the constructions its first cues miss.

`rulelike` reads the common modals (`must`, `never`, `only`, ...), bounds, a leading `No`,
imperatives, conditional actions and orderings. Policies written in other styles state rules
with constructions of their own; each is a class of English sentence, not a phrase:

- **deontic predicates** (legal-formal and chatty writing): a copula with an adjective or
  participle of obligation or entitlement and its complement (`is obliged to`, `are expected
  to`, `is entitled to`, `is responsible for`, `is not authorised to`, `is restricted to`,
  `is reserved for`), `is not to` / `not to be`, an evaluative `it is (not) <important,
  best, essential, okay, ...> to/that`, `you will want / have / need to`, `is a must`, an
  exclusive `nobody but`, the set phrases of legal prohibition (`under no circumstances`,
  `in no event`, `at no time`, `reserves the right`);
- **permissions** beyond `you can`: `you're free / welcome to`, `feel free to`, `at X's
  discretion`, a capitalised party that may act ("The Utility may disconnect ...");
- **future prohibitions**: `we won't <verb>`, `will not be <participle>` ("refunds will not
  be issued"); a thing that "won't sail" states a fact, so only the speaker, the reader or a
  passive counts;
- **refusals**: negated acceptance (`not accepted`, `ineligible`, `non-refundable`,
  `banned`, `off-limits`), a passive refusal (`are declined`, `is refused`), idioms of
  refusal (`a no-go`, `out of the question`, `non-negotiable`) and a label answered by a
  verdict (`Late proposals: rejected`);
- **bounds** the first cues miss: a count in words with its unit (`more than two months`),
  `above / beyond / in excess of` an amount, `max. 3`, `the maximum is 3`;
- **requirements**: an approval or sign-off needed, given or missing (`need sign-off`,
  `without the manager's approval`, "Two-person sign-off for cash runs"), a condition of
  another thing (`is subject to`, `is conditional upon`, `is contingent on`) and `needed`
  other than "as needed";
- **preconditions** (`unless`, `provided that`, `as long as`, `except when`, `not until`,
  `on condition that`, `once` + a clause), except an opening `Unless ...,` before a clause
  that only describes ("..., the first season is a steep learning curve");
- **terse orderings and deadlines**: `prior to`, `before every/each/any X`, `X comes before
  Y`, `first ..., then ...` without a verb, an arrow between two steps, `no later than`,
  `valid for/until N`;
- **a permission question with its answer** ("Q: Can I ...? A: No, ..."), as Q&A pages
  write: any answer after an `A:` label, else one that opens with yes, no or only;
- **dues**: `is payable`, `are due`, `is chargeable` (an obligation to pay or return).

Each returns the kind of cue and its words (`rulelike.Cue` names them in the note).
"""

from __future__ import annotations

import re

__all__ = ["deontic_cue"]

_DEONTIC = re.compile(
    r"\b(?:is|are|am|'s|'re|'m)\s+(?:\w+ly\s+)?(?:not\s+)?(?:obliged|obligated|"
    r"bound|expected|entitled|authori[sz]ed|eligible|liable|restricted|reserved|confined)\s+"
    r"(?:to|for|only)\b"
    # "the customer is responsible for ...": an obligation; "you are responsible for ..." in
    # an agent's prompt introduces its role
    r"|(?<!\byou\s)\b(?:is|are)\s+(?:\w+ly\s+)?responsible\s+for\b"
    r"|\b(?:is|are|'s|'re)\s+(?:\w+ly\s+)?not\s+to\b|\bnot\s+to\s+be\b"
    r"|\b(?:it\s+is|it's|it\s+was)\s+(?:not\s+|never\s+)?(?:\w+ly\s+|very\s+|so\s+|always\s+)?"
    r"(?:best|wise|important|essential|vital|critical|crucial|key|imperative|advisable|necessary|"
    r"a\s+must|a\s+good\s+idea|good\s+practice|ok|okay|acceptable|appropriate|fine|permissible|"
    r"your\s+(?:job|responsibility|duty))\s+(?:to|that)\b"
    # "nobody but the manager may ...": the one who may
    r"|\b(?:nobody|no\s+one|none|nothing)\s+(?:but|except|other\s+than|besides)\b"
    r"|\b(?:is|are|'s)\s+a\s+must\b"
    r"|\byou(?:'ll|'d|\s+will|\s+would)\s+(?:(?:always\s+)?(?:want|need|have)\s+to|better)\b"
    r"|\bunder\s+no\s+circumstances?\b|\bin\s+no\s+(?:event|case)\b|\bat\s+no\s+time\b"
    r"|\breserves?\s+the\s+right\b",
    re.I,
)
# a permission: "you're free to ...", "feel free to ...", and in legal writing a defined term
# (capitalised) that may act: "The Utility may disconnect ..."
_PERMITS = re.compile(
    r"(?i:\bat\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?[\w-]+'s\s+discretion|\bat\s+the\s+discretion\s+of\b)|"
    r"(?i:\b(?:you|the\s+(?:agent|assistant))\s*(?:are|'re)\s+(?:free|welcome)\s+to\b|"
    r"\bfeel\s+free\s+to\b|\b(?:it's|it\s+is)\s+(?:entirely\s+)?up\s+to\s+you\b)|\b[Tt]he\s+[A-Z][a-z]+\s+(?:may|can)\s+(?!be\b|have\b|also\b|not\b)[a-z]+",
)
# a count in words with its unit: "more than two months", "up to three guests"
_WORD_BOUND = re.compile(
    r"\b(?:(?:more|fewer|less)\s+than|at\s+most|up\s+to|no\s+more\s+than|exceeding)\s+(?:one|two|"
    r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a\s+dozen)\s+"
    r"(?:\w+\s+)?(?:minutes?|hours?|days?|nights?|weeks?|months?|years?|times?|guests?|people|"
    r"persons?|items?|units?|bags?|pieces?)\b",
    re.I,
)
# amounts and limits the first bounds miss: "above $500", "max. 3", "the
# maximum is 3"
_AMOUNT = re.compile(
    r"\b(?:above|below|beyond|in\s+excess\s+of|exceeding)\s+(?:[$€£]\s?)?\d"
    r"|\b(?:max|min)\.\s*\d"
    r"|\b(?:maximum|minimum|limit|cap|ceiling|quota)\s+(?:is|of|at|=)\s+(?:[$€£]\s?)?\d",
    re.I,
)
# an approval or a sign-off needed ("need sign-off", "Two-person sign-off for cash runs")
_APPROVAL = re.compile(
    r"\b(?:needs?|requires?|with|without|pending|subject\s+to)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?P<w>approval|sign-?off|consent|authori[sz]ation|countersignature|permission|clearance)\b"
    r"|^\W*(?:[\w'-]+\s+){0,3}?(?P<f>approval|sign-?off|consent|authori[sz]ation|"
    r"countersignature|permission|clearance)\s+(?:for|on|before)\b",
    re.I,
)
# "Scanning comes before loading": the order of two steps
_COMES = re.compile(
    r"\b(?:comes?|goes?|happens?|takes?\s+place|is\s+done|are\s+done)\s+(?P<w>before|after|first|last)\b",
    re.I,
)
# "once the bed has been paid for": a precondition of what the sentence says happens
_ONCE = re.compile(
    r"\bonce\s+(?:the|a|an|it|they|you|we|he|she|this|that|all|each|every|their|your|its)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:has|have|had|is|are|was|were|[a-z]+ed)\b",
    re.I,
)
# "Membership fees are payable monthly in advance": what is owed
_DUE = re.compile(r"\b(?:is|are)\s+(?:\w+ly\s+)?(?:payable|due|repayable|chargeable)\b", re.I)
_FUTURE_BAN = re.compile(
    r"\b(?:we|you|i)\s+(?:will\s+not|won't|will\s+never|shall\s+not)\s+[a-z]+"
    r"|\b(?:will\s+not|won't)\s+be\s+(?:\w+ly\s+)?[a-z]+(?:ed|en|wn|nt|id)\b",
    re.I,
)
_REFUSED = re.compile(
    r"\b(?:is|are|get|gets|be)\s+(?:\w+ly\s+)?(?:refused|declined|rejected|denied|turned\s+away)\b"
    r"|\b(?:no-go|no-no|off\s+the\s+table|out\s+of\s+the\s+question|not\s+an\s+option|"
    r"non-?negotiable)\b"
    r"|\bnot\s+(?:\w+ly\s+)?(?:accepted|eligible|authori[sz]ed|honou?red|refundable|transferable|"
    r"returnable|tolerated)\b|\b(?:ineligible|non-?refundable|non-?transferable|non-?returnable|"
    r"disallowed|banned|barred|off[-\s]limits)\b",
    re.I,
)
_VERDICT = re.compile(
    r"^[^:\n]{2,60}:\s*(?:always\s+|automatically\s+)?(?P<w>rejected|refused|declined|denied|"
    r"blocked|escalated|mandatory|compulsory|required)\b",
    re.I,
)
_CONDITIONED = re.compile(
    r"\b(?:is|are|be|remains?)\s+(?:\w+ly\s+)?(?:subject|conditional|contingent)\s+(?:to|on|upon)\b"
    r"|(?<!\bas\s)(?<!\bif\s)(?<!\bwhen\s)(?<!\bwhere\s)(?<!\bwherever\s)(?<!\bwhenever\s)"
    r"\bneeded\b",
    re.I,
)
_PRECONDITION = re.compile(
    r"^\W*subject\s+to\b|\b(?:unless|provided\s+(?:that|the|they|it|you|a|an)|providing\s+that|as\s+long\s+as|"
    r"so\s+long\s+as|on\s+(?:the\s+)?condition\s+that|except\s+(?:when|where|if|after|before|"
    r"with)|not\s+until|only\s+(?:once|after|when|if))\b",
    re.I,
)
# "Unless you grew up on a farm, the first season is a steep learning curve": a description
_DESCRIBES = re.compile(
    r"^[^,]*,\s*(?:\w+\s+){1,4}?(?:is|are|was|were|seems?)\s+(?:a|an|the|very|quite|usually|"
    r"often|rather)\b",
    re.I,
)
_ORDER = re.compile(
    r"\b(?P<w>prior\s+to)\b|\b(?P<q>before|after)\s+(?:each|every|any)\s+\w"
    r"|\s(?P<arrow>->|→|=>)\s"
    r"|\b(?P<d>no\s+later\s+than|not\s+later\s+than|no\s+sooner\s+than|no\s+earlier\s+than|"
    r"at\s+the\s+latest|valid\s+(?:for|until)\s+(?:\d|one|two|three|a\s|an\s))",
    re.I,
)
_FIRST_THEN = re.compile(r"\bfirst\b[^.;]*?\bthen\b", re.I)
_FINITE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|should|must|may|might|"
    r"does|do|did|[a-z]{3,}(?:s|ed))\b(?!\s*(?:,|$))",
    re.I,
)
# "Q: Can I move a booking? A: Yes, once": a permission or obligation asked, then answered
_ASKED = re.compile(
    r"^[\s\-*•>_]*(?:Q(?:uestion)?\s*\d*\s*[:.)][\s*_]*)?"
    r"(?P<q>(?:can|may|must|should|do|does|is|are|am)\s+[^?]{3,160}\?)"
    r"\s*(?:\*\*)?\s*(?:A\s*:\s*(?:\*\*)?\s*(?P<labelled>[\w'-]+)|(?:[-–—→]\s*)?"
    r"(?P<a>yes|no|only|never|not|always)\b)",
    re.I,
)


def deontic_cue(text: str, *, described: bool = False) -> tuple[str, str] | None:
    """The kind and words of a rule cue in `text` that `rulelike`'s first cues miss, or None.
    In a tool's description (`described`), only the deontic predicates count."""
    for pattern, kind in ((_DEONTIC, "modal"), (_FUTURE_BAN, "prohibition")):
        found = pattern.search(text)
        if found is not None:
            return kind, _words(found[0])
    if described:
        return None
    permits = _PERMITS.search(text)
    if permits is not None:
        return "permission", _words(permits[0])
    counted = _WORD_BOUND.search(text)
    if counted is not None:
        return "bound", _words(counted[0])
    due = _DUE.search(text)
    if due is not None:
        return "requirement", _words(due[0])
    refused = _REFUSED.search(text)
    if refused is not None:
        return "prohibition", _words(refused[0])
    verdict = _VERDICT.match(text.strip())
    if verdict is not None:
        return "prohibition", verdict["w"].casefold()
    amount = _AMOUNT.search(text)
    if amount is not None:
        return "bound", _words(amount[0])
    approval = _APPROVAL.search(text)
    if approval is not None:
        return "requirement", _words(approval["w"] or approval["f"])
    comes = _COMES.search(text)
    if comes is not None:
        return "ordering", _words(comes["w"])
    conditioned = _CONDITIONED.search(text)
    if conditioned is not None:
        return "requirement", _words(conditioned[0])
    before = _PRECONDITION.search(text)
    if before is not None and not (before.start() <= 2 and _DESCRIBES.match(text.strip())):
        return "precondition", _words(before[0])
    if _FIRST_THEN.search(text) and not _FINITE.search(text):
        return "ordering", "first"  # "Level test first, then placement"; a verb: a process
    once = _ONCE.search(text)
    if once is not None and not (once.start() <= 2 and _DESCRIBES.match(text.strip())):
        return "precondition", "once"
    order = _ORDER.search(text)
    if order is not None:
        if order["d"]:
            return "bound", _words(order["d"])
        return "ordering", _words(order["w"] or order["q"] or order["arrow"])
    asked = _ASKED.search(text)
    if asked is not None:
        return "answered question", _words(asked["a"] or asked["labelled"])
    return None


def _words(found: str) -> str:
    return " ".join(found.split()).casefold()

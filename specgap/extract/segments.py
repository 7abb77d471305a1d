"""Cutting prose into sentences that keep their exact place in the artifact."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from specgap.artifacts import Artifact
from specgap.extract.labels31 import definition_at, line_kinds
from specgap.extract.markdown import WITH_TABLES
from specgap.extract.state6_steps import stop_joins
from specgap.formats import json_string_offsets
from specgap.ir import Span
from specgap.operators.prose import SPELT

_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?:[\"')\]]|\*{1,2}|_{1,2})?\s+(?=[A-Z0-9`\"'(*_\[\u00a7])"
    # informal text in lower case ("no booking. send them to the vet"): a sentence ends
    # after a word of three letters or more (never "e.g.", "a.m.", "etc.", "approx.")
    r"|(?<=[a-z]{3}[.!?])(?<!\betc\.)(?<!\bapprox\.)(?<!\bincl\.)(?<!\bmin\.)(?<!\bmax\.)"
    r"(?<!\bno\.)(?<!\bvs\.)(?:\*{1,2}|_{1,2})?\s+(?=[a-z]{2,}(?:\b|[A-Z_]))"  # (an id too)
    # or after a figure, before a camelCase id ("under 5. issueCertificate is ...": a
    # PascalCase id respelled in lower case, `ids7`; "1. get_bike 2. log_damage" lists steps)
    r"|(?<=\d[.!?])\s+(?=[a-z]+[A-Z][a-z])"
)
# a paragraph's first line that only labels what follows ("instructions:"): its own sentence
_LABEL_LINE = re.compile(r"^[^\n.!?:]{1,40}:[ \t]*\n")
_MARKUP = str.maketrans({"*": " "})
# comparisons the bound readers know in another spelling, each padded to its own length:
# "at or below N" is "at most N", "N or under" is "N or less", "less than or equal to N" is
# "at most N" (the readers match spaces with `\s+`, as after a blanked emphasis marker)
_COMPARED = (
    (re.compile(r"\bat\s+or\s+(?:below|under)\b", re.I), "at most"),
    (re.compile(r"\bat\s+or\s+(?:above|over)\b", re.I), "at least"),
    (re.compile(r"\b(?:less|fewer|lower)\s+than\s+or\s+equal\s+to\b", re.I), "at most"),
    (re.compile(r"\b(?:more|greater|higher)\s+than\s+or\s+equal\s+to\b", re.I), "at least"),
    (re.compile(r"(?<=\d)(?:\s*[a-z]{1,12})?\s+or\s+(?:under|below|lower)\b", re.I), None),
    (re.compile(r"(?<=\d)(?:\s*[a-z]{1,12})?\s+or\s+(?:over|above|higher)\b", re.I), None),
)
# a preposition said again before each of two ids ("to `a` or to `b`", "out of `a` and out of
# `b`"): said once, as the readers read a list ("to `a` or `b`"), the second in spaces
_AGAIN = re.compile(
    r"\b(?P<p>to|into|out\s+of|from|for|with)\s+(?P<x>`?[A-Za-z][\w.\-]*[A-Za-z0-9]`?)"
    r"(?P<c>,?\s+(?:or|and|nor)\s+)(?P<q>(?P=p)\s+)(?=`?[A-Za-z][\w.\-]*[_.][\w.\-])",
    re.I,
)


def _once(m: re.Match[str]) -> str:
    return f"{m['p']} {m['x']}{m['c']}{' ' * len(m['q'])}"


# an order said another way: "ahead of opening any booking", "in advance of a refund" is
# "before ..." (every reader of an order knows "before"; forty-ninth session); "ahead of it"
# is left to the readers that know what "it" stands for
# "X is not to be created", "you are not to call X": a duty not to act, said with "must not"
# ("is not to blame", "is not to say" state nothing of the kind)
_NOT_TO = re.compile(
    r"\b(?:is|are)\s+not\s+to\s+(?=be\s+(?!an?\b|the\b)[a-z]+\b|(?!be\b|blame\b|say\b)[a-z]+\b)",
    re.I,
)
# "X is created once for a booking and never again for it": the "never again" says the
# "once" over, and is read as said once
_NEVER_AGAIN = re.compile(
    r"(?<=\bonce\b)(?P<between>[^.;]{0,60}?)(?P<again>\s*,?\s+(?:and|but)\s+never\s+again"
    r"(?:\s+(?:for|on|with|to)\s+(?:it|them|that\s+[a-z]+|the\s+same\s+[a-z]+))?)(?=\s*(?:[.;]|$))",
    re.I,
)
# "Three calls of X in a chat are the most allowed", "two refunds per order is the limit":
# the count said with "at most" before it (the words move right; the sentence is its own span)
_THE_MOST = re.compile(
    rf"^(?P<lead>\W*)(?P<np>(?:\d+|{SPELT})"
    r"\s+[^.;:]{1,80}?)(?P<tail>\s+(?:are|is)\s+the\s+(?:most|maximum|limit|max)(?:\s+(?:allowed|"
    r"permitted|accepted))?)(?=\s*(?:[.;!]|$))",
    re.I,
)
# "five emails a lesson at most", "four in a chat at the very most": a count and the span it
# is counted in, the bound said after them, said before them ("at most five emails a lesson"),
# where the readers read it ("twice at most", "8 hours at most" they read as said)
_AT_MOST_AFTER = re.compile(
    rf"(?<![\w$£€-])(?P<np>(?:\d+|{SPELT})(?:\s+(?!times\b)[a-z][\w-]*s)?"
    r"\s+(?:a|an|per|each|every|(?:in|for|during)\s+(?:a|an|one|each|the|this))\s+[a-z][\w-]*)"
    r"\s+at\s+(?:the\s+(?:very\s+)?)?most(?=\s*(?:[.;,!)]|$))",
    re.I,
)
# "T must have said passed before ...": the check has passed ("answers passed" is read as it is)
_SAID_PASSED = re.compile(
    r"\b(?P<have>ha(?:ve|s|d)\s+)(?:said|answered|reported|shown|given)\s+(?=passed\b)", re.I
)
# "X is run first, and only after that may Y": the order said with "and only then"
_AND_ONLY_THEN = re.compile(r"\band\s+only\s+(?:after\s+that|afterwards)\b", re.I)
_AHEAD_OF = re.compile(r"\b(?:ahead|in\s+advance)\s+of\b(?!\s+(?:it|them|this|that)\b)", re.I)
# a value said to be never below one figure and never above another, of a thing that is
# ("deposits are never less than £20 or more than £150": between £20 and £150)
_FIGURE = r"[£$€]?\d[\d,]*(?:\.\d+)?"
_NEVER_BETWEEN = re.compile(
    r"\b(?P<be>is|are|be)\s+never\s+(?:less|lower|fewer|smaller|under|below)\s+(?:than\s+)?"
    rf"(?P<a>{_FIGURE})\s+(?:or|nor)\s+(?:more|higher|greater|larger|over|above)\s+(?:than\s+)?"
    rf"(?P<b>{_FIGURE})",
    re.I,
)
_SOLELY = re.compile(r"\bsolely\b", re.I)
_TAIL = re.compile(r"\s+or\s+(?P<w>under|below|lower|over|above|higher)$", re.I)
# the same for the forms said with "not" or "no" ("not more than 3" is "at most 3") and for a
# field's value said with a verb of showing ("whose status reads `active`" is "whose status is")
_NOT_COMPARED = (
    (re.compile(r"\bnot\s+(?:more|greater|higher|larger)\s+than\b", re.I), "at most"),
    (re.compile(r"\bnot\s+(?:less|fewer|lower|smaller)\s+than\b", re.I), "at least"),
    # after a word ("search no more than 21 days ahead"), not a subject's "No more than 2 X"
    (re.compile(r"(?<=[a-z]\s)no\s+(?:more|greater|higher|larger)\s+than\b"), "at most"),
    (re.compile(r"(?<=[a-z]\s)no\s+(?:less|fewer|lower|smaller)\s+than\b"), "at least"),
    # "search no further than 60 days ahead", "stay no longer than 4 hours"
    (re.compile(r"(?<=[a-z]\s)no\s+(?:further|farther|longer)\s+than\b"), "at most"),
)
# a field a check's answer holds, tested as it came back: "when `verified` came back true"
_CAME_BACK = re.compile(
    r"(?:(?<=\bwhen\s)|(?<=\bif\s)|(?<=\bonce\s)|(?<=\bwhile\s)|(?<=\bunless\s))"
    r"(?P<field>`?[A-Za-z][\w-]*`?\s+)"
    r"(?P<v>came\s+back(?:\s+as)?|comes\s+back(?:\s+as)?)(?=\s)",
    re.I,
)
_SHOWN = re.compile(
    r"(?<=\bwhose\s)(?P<field>(?:`?[\w-]+`?\s+){1,3}?)(?P<v>reads|shows|says|displays|"
    r"is\s+(?:set\s+to|marked\s+as|marked|listed\s+as|recorded\s+as))(?=\s)",
    re.I,
)


# a clause's own number in a document of numbered clauses ("7.4 Dry ice ...", "2.10 The
# assistant shall ..."): no word of its rule. Two levels at least, then a capital or a tick
# ("1. Create ..." steps are read by `sequences`; "2.5 hours" is a number)
# A statute's or a translated code's section sign ("§ 2 Every conversation ...", "§12a ...")
# is a clause number of its own, at any level. So is a thread's post counter ("7/34 Only book
# ...", as a social post numbers the parts of a thread), the part's number out of the whole,
# and a time that heads a line of an itinerary or a log ("08:30 · Bookings.Open is run ...");
# a line opened by either is a line of its own, whatever the line before ended with
# (`_COUNTED_LINE`, `_line_ends`).
_COUNTERS = (
    r"\d{1,3}/\d{1,3}\s+(?=[A-Za-z`\"'])"
    r"|\d{1,2}[:.]\d{2}\s*[\u00b7\u2022|\u2013\u2014-]\s+(?=[A-Za-z`\"'])"
)
_COUNTED_LINE = re.compile(rf"^\s*(?:{_COUNTERS})")
_CLAUSE_NUMBER = re.compile(
    # (or before an argument's or tool's id: "3.2 party_size is ...")
    r"^\s*(?:\d{1,2}(?:\.\d{1,2}){1,3}\.?\s+(?=[A-Z`\"']|[a-z][a-z0-9]*_[a-z0-9])"
    r"|\u00a7{1,2}\s?\d{1,3}[a-z]?(?:\.\d{1,2}){0,3}\.?\s+(?=[A-Za-z`\"'])"
    rf"|{_COUNTERS})"
)


# a label that only says the line is a rule ("Rule: Find ...", "Rule 4: ...", "Control: ...",
# as a risk assessment or a list of security controls labels its measures, "Policy 2.1 -
# ...", "Agreed (Ruth): deposits ...", "Decision: ..."), or an id before a sentence ("R7:
# Book ...", which starts with a capital after it): no word of the rule. A tag that says a
# word of the rule ("(MUST NOT)", "REQ-020 (MUST): ...") keeps the label.
_RULE_LABEL = re.compile(
    r"^\s*(?:(?i:rule|policy|requirement|guideline|principle|constraint|reminder|remember|"
    r"important|note|nb|agreed|decided|decision|resolved|control|measure|safeguard)"
    r"(?:\s+#?\d{1,3}(?:\.\d{1,2})?[a-z]?)?"
    r"(?:\s*\((?![^)]*\b(?i:must|shall|should|may|not|never|no)\b)[^()\n]{1,40}\))?"
    r"\s*[:\u2013\u2014-]\s+(?=[A-Za-z`\"'\u201c])"
    r"|[A-Z]{1,5}-?\d{1,4}(?:\.\d{1,2})?\s*[:\u2013\u2014-]\s+(?=[A-Z`\"'\u201c])"
    # a pattern's row or a list's numbered line: "Row 2: X", "Line 14: X"
    r"|(?i:row|line)\s+\d{1,3}[a-z]?\s*:\s+(?=[A-Za-z0-9`\"'\u201c])"
    # a quiz's key: "Answer: (b). X", "Also: X" (the option it names is no word of the rule)
    r"|(?i:(?:correct\s+)?answer|also)\s*:\s+(?:\(?[a-e]\)[.:]?\s+)?(?=[A-Za-z0-9`\"'\u201c]))"
)
# a line of a multiple-choice question's options, "(a) X (b) Y (c) Z": alternatives offered,
# right or wrong, none of them an instruction
_OPTIONS = re.compile(r"^\s*\(a\)\s[^\n]*?\s\(b\)\s[^\n]*(?:\n|$)")


# a footnote's marker ("... 28 nights.[^3]"): no word of the sentence (what the footnote says
# is read with the rule by `footnotes`, from the sentence's own text)
_FOOTNOTE_MARK = re.compile(r"\[\^[\w-]{1,24}\](?!:)")


# a message of a chat log pasted in as it stands ("[09:02] @ops.lead: ...", "↳ [09:13] @kim:
# ...", "14:05 Dana: ...", "[Mon 10:02] Ruth Bell: ..."): its time, reply arrow and sender
# are no word of the rule, and a line that opens one is a message of its own (`_line_ends`);
# so is a chat's "pinned:" and the "(edited)" mark at its end
_MESSAGE_HEAD = re.compile(
    r"^[ \t]*(?:\u21b3[ \t]*)?"
    r"(?:(?:\[(?:[A-Z][a-z]{2}\s+)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?\]"
    r"|\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?)[ \t]+)?"
    r"@[\w.\-]{1,40}:[ \t]+"
    r"|^[ \t]*(?:\u21b3[ \t]*)?(?:\[(?:[A-Z][a-z]{2}\s+)?\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:\s*[AaPp][Mm])?\]|\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?)[ \t]+"
    r"[A-Z][\w.\-]{0,30}(?:[ \t]+[A-Z][\w.\-]{0,30})?:[ \t]+"
    # a script's line for the assistant ("Agent does: ...", "Bot says: ...", "Branch: ...")
    r"|^[ \t]*(?i:(?:the[ \t]+)?(?:agent|assistant|bot)[ \t]+(?:does|says|do|say|acts?|replies)"
    r"|branch|action)[ \t]*:[ \t]+"
)
# an item lettered or numbered in Roman figures on a line of its own, as a contract or a
# claim lists its elements ("(a) ...;", "(b) ...; and", "c) ...", "(iv) ..."): its own
# sentence, as a list item is, the mark no word of it
_LETTER = r"\((?:[a-z]|[ivx]{1,4})\)|[a-z]\)"
_LETTERED = re.compile(r"[ \t]*(?:" + _LETTER + r")[ \t]+(?=\S)")
# what stands before a list item's text on its line (its indentation and mark)
_ITEM_MARK = re.compile(r"[ \t>]*(?:[-*+\u2022]|\d{1,2}[.)]|" + _LETTER + r")[ \t]+")
# a list item led by a verb's -ing form, as a claim, a contract or a list of duties states
# what is done ("(a) locating the visitor with T before ...; and", "- checking T first"): an
# instruction, read in the imperative; each predicate joined on to it by "and" too ("...,
# and booking only upon ..."); never a gerund that is the subject of a verb of its own
# ("- booking a tour takes a minute", "(b) calling T twice is not allowed")
_GERUND = re.compile(r"^[ \t]*(?:(?:never|always|only|not)[ \t]+)?(?P<w>[A-Za-z]{3,}ing)\b", re.I)
_EXAMPLES = re.compile(
    r"\b(?:examples?|e\.g\.|such\s+as|for\s+instance|like|scenarios?|cases?|situations?|"
    r"include|includes|including|not|never|avoid|don't|do\s+not)\b",
    re.I,
)
# what makes a step a rule ("(c) packing no more than six bottles", "- sending it only to
# ..."); a list of things done that says none of it is a list of cases ("- cancelling a
# wedding order", under "each of these is reviewed:"), or of fields ("- roaming status")
_RULE_WORD = re.compile(
    r"\b(?:only|solely|before|after|until|unless|never|not|no|at\s+(?:most|least)|more|less|"
    r"fewer|once|twice|each|every|first|from|within|up\s+to|ahead|if|when|while)\b|\d|"
    r"[a-z][a-z0-9]*_[a-z0-9]",
    re.I,
)
_AND_GERUND = re.compile(r"[,;]\s+(?:and|then)\s+(?P<w>[a-z]{3,}ing)\b")
_OWN_VERB = re.compile(
    r"(?:(?![.,;:]|\b(?:that|which|who|whose|where|when|if|unless|only|before|after|until|once|"
    r"while|and|or)\b).){0,60}?\b(?:is|are|was|were|has|have|requires?|needs?|takes?|must|may|"
    r"might|can|cannot|can't|should|shall|will|won't|counts?|means?|helps?|gives?|makes?)\b",
    re.I,
)
# a line's letter of a word spelled down the page ("G — Get the record ...", an
# acrostic or a memory word's letters): a mark, no word of the rule
_LETTER_MARK = re.compile(r"[ \t]*[A-Z][ \t]*[\u2013\u2014][ \t]+(?=[A-Z(])")
_ITEM_JOINT = re.compile(r"[;,]\s*(?:(?:and|or)\s*)?$")
_PINNED = re.compile(r"(?i:pinned|update|edit|fyi|psa|heads[ -]up)[ \t]*:[ \t]+")
_EDITED = re.compile(r"[ \t]*\((?i:edited)\)[ \t]*$")
# a line of emoji reactions under a chat message (":+1: 3  :eyes: 1"): a line of its own
_REACTIONS = re.compile(r"[ \t]*(?::[\w+\-]{1,30}:[ \t]*\d{0,3}[ \t]*)+$")


def message_head(text: str) -> int:
    """Where a chat message's head ("[09:02] @kim: pinned: ") ends in `text`; 0 if none."""
    head = _MESSAGE_HEAD.match(text)
    if head is None:
        return 0
    pinned = _PINNED.match(text, head.end())
    return head.end() if pinned is None else pinned.end()


def chat_said(text: str) -> str:
    """`text` with a chat message's head and its "(edited)" mark blanked, at the same
    length."""
    if end := message_head(text):
        text = " " * end + text[end:]
        if (edited := _EDITED.search(text)) is not None:
            text = text[: edited.start()] + " " * len(edited[0])
    return text


def _lettered(text: str) -> re.Match[str] | None:
    """The lettered item's mark `text` opens with (`_LETTERED`), never a one-line run of a
    question's options ("(a) X (b) Y")."""
    return _LETTERED.match(text) if not _OPTIONS.match(text) else None


def _as_instruction(text: str) -> str:
    """A list item led by a verb's -ing form in the imperative, at the same length
    ("locating the visitor" -> "locate   the visitor"; `_GERUND`)."""
    from specgap.extract.english import verb_lemma

    def said(m: re.Match[str]) -> str:
        word = m["w"]
        base = verb_lemma(word)
        if base is None or base == word.casefold() or _OWN_VERB.match(text, m.end()):
            return word
        base = base.capitalize() if word[0].isupper() else base
        return base + " " * (len(word) - len(base))

    first = _GERUND.match(text)
    if first is None or _RULE_WORD.search(text) is None:
        return text
    led = said(first)
    if led == first["w"]:
        return text
    out = list(text)
    out[first.start("w") : first.end("w")] = led
    for m in _AND_GERUND.finditer(text, first.end()):
        out[m.start("w") : m.end("w")] = said(m)
    return "".join(out)


def _unnumbered(text: str) -> str:
    """`text` with its leading clause number, rule label or chat message's head, and its
    footnote markers, blanked, at the same length."""
    if "[^" in text:
        text = _FOOTNOTE_MARK.sub(lambda m: " " * len(m[0]), text)
    text = chat_said(text)
    if (stamp := _TIMESTAMP.match(text)) is not None:  # "[01:23] Slots. ...": a transcript's
        text = " " * stamp.end() + text[stamp.end() :]
    if (options := _OPTIONS.match(text)) is not None:
        text = " " * options.end() + text[options.end() :]
    m = _CLAUSE_NUMBER.match(text) or _RULE_LABEL.match(text) or _NOTE_THAT.match(text)
    m = m or _LETTER_MARK.match(text) or _lettered(text)
    if m is not None and m.re is _LETTERED and (joint := _ITEM_JOINT.search(text)) is not None:
        # "(b) ...; and": the item's own sentence, which its joint to the next one ends
        text = text[: joint.start()] + "." + " " * (len(joint[0]) - 1)
    return text if m is None else text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]


# a transcript's time code in brackets before what was said ("[01:23]", "(00:02:15)")
_TIMESTAMP = re.compile(r"^\s*[\[(]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])][ \t]+(?=\S)")


# "Note that X", "Please be aware that X": X is the rule, the lead only points at it
_NOTE_THAT = re.compile(r"^\s*(?:please\s+)?(?:note|remember|be\s+aware)\s+that\s+(?=[a-z`])", re.I)


# a concession: "..., even when they quote their number", "Even if the caller insists, ...",
# "not even for members": the rule holds whatever it says, so it is no condition of the rule
_CONCEDED = re.compile(
    r"[,;:\s\u2013\u2014]*(?:\b(?:and|but)\s+)?(?:\bnot\s+)?"
    r"(?:\beven\s+(?:if|when|though|where|after|for)\b[^,;.!?)\u2013\u2014]*"
    # "... under any circumstances", "for any reason": what a ban holds against, no condition
    # ("under no circumstances" is the ban itself, and stays)
    r"|\b(?:under\s+any\s+circumstances?|for\s+any\s+reason(?:\s+whatsoever)?|in\s+any\s+case)"
    # ... but "in any case where S", "for any reason other than X" say a condition
    r"(?!\s*,?\s*(?:where|when|in\s+which|that|other\s+than|except|but|besides|unless|if)\b))",
    re.I,
)


# "if the client's account_status says "blocked"", "whose standing reads `arrears`", "while
# account_status stands at on_hold": a field that says, reads, shows or stands at a value is
# that value (said "is", at the same length)
_SAYS = re.compile(
    r"(?<=[a-z_])(?P<w>\s+(?:says|reads|shows|(?:stands|sits)(?:\s+at)?)\s+)"
    r"(?=[\"'`\u201c]|(?:not\s+)?(?!as\b)[a-z_]+\b)",
    re.I,
)
_FIELD_WORD = re.compile(r"(?:status|state|stage|standing|tier|type|flag|result)$", re.I)


# "in `cash` or by `cheque`", "as `cash` or by `bank_transfer`": the second preposition
# said again before the second value, blanked (the values are one list after the first)
_PREP_AGAIN = re.compile(r"(?<=`)\s+or\s+(?P<p>in|as|by|via|with|through)\s+(?=`)", re.I)


def _one_preposition(text: str) -> str:
    """`text` with a preposition said again between two ticked values blanked, at the same
    length ("never refund as `cash` or by `cheque`": "... as `cash` or    `cheque`")."""
    if "`" not in text:
        return text
    return _PREP_AGAIN.sub(
        lambda m: (
            m[0][: m.start("p") - m.start()] + " " * len(m["p"]) + m[0][m.end("p") - m.start() :]
        ),
        text,
    )


# a figure whose thousands are parted by a space, as most of Europe and the SI write them
# ("4 000 kronor", "12 500"): the separator the readers know, at the same length ("4,000")
_SPACED_THOUSANDS = re.compile(
    r"(?<![\d.,])(?<!\d[ \u00a0\u202f])\d{1,3}(?:[ \u00a0\u202f]\d{3})+"
    r"(?!\d|[.,]\d|[ \u00a0\u202f]\d)"
)


def _grouped(text: str) -> str:
    if not re.search(r"\d[ \u00a0\u202f]\d{3}", text):
        return text
    return _SPACED_THOUSANDS.sub(lambda m: re.sub(r"[ \u00a0\u202f]", ",", m[0]), text)


def _stated(text: str) -> str:
    """`text` with "F says V" said "F is V" where F names a field (module comment above)."""
    if not re.search(r"\b(?:says|reads|shows|stands|sits)\b", text, re.I):
        return text
    out = text
    for m in reversed(list(_SAYS.finditer(text))):
        word = re.search(r"[\w']+$", text[: m.start()])
        if word is None or not _FIELD_WORD.search(word[0]):
            continue
        said = " is " + " " * (len(m["w"]) - 4)
        out = out[: m.start()] + said + out[m.end() :]
    return out


def _conceded(text: str) -> str:
    """`text` with each concessive clause blanked, at the same length."""
    folded = text.casefold()
    if "even " not in folded and " any " not in folded:
        return text
    for m in reversed(list(_CONCEDED.finditer(text))):
        end = m.end()
        if not text[: m.start()].strip() or m[0].lstrip().startswith(","):
            # "Even if they insist, never ...", "Never, under any circumstances, cancel":
            # the comma that closes it too
            end += len(text[end:]) - len(text[end:].lstrip(" ,"))
        text = text[: m.start()] + " " * (end - m.start()) + text[end:]
    return text


def _said_is(m: re.Match[str]) -> str:
    """A field and the verb it is tested with, said "<field> is" at the same length."""
    return m["field"] + "is".ljust(len(m["v"]))


# an amount "a time", "each time", "at a time", "in one go": what one call may pass, which is
# what a bound says already (blanked, so "Refund at most $300 a time" reads as its bound)
_A_TIME = re.compile(
    r"(\d(?:[\d,.]*\d)?(?:\s*(?:%|(?!(?:at|a|each|every|per|in)\b)[A-Za-z€$£]+))?)\s+"
    r"(?:(?:a|each|every|at\s+a|per)\s+time|in\s+(?:one|a\s+single)\s+go)\b",
    re.I,
)


# a verb that works a control a tool is bound to ("press F4", "hit `Ctrl-B`", "tap the R2
# key"): the tool's call, when what follows is an id the agent's tools define
_PRESSED = re.compile(
    r"\b(?P<v>(?:press|push)(?P<es>es|ed|ing)?|(?:hit|tap)(?P<tp>s|[tp]ed|[tp]ing)?|"
    r"(?:click|key)(?P<s>s|ed|ing)?)(?![\w-])(?P<gap>\s+(?:the\s+)?`?)"
    r"(?P<id>[^\s`,;:()]*[^\s`,.;:()])",
    re.I,
)
# a call verb in the pressing verb's form (by its ending), the first that fits its length
# ("hit": run)
_FORMS = {
    "": ("call", "run", "use"),
    "s": ("calls", "runs", "uses"),
    "ed": ("called", "ran", "used"),
    "ing": ("calling", "running", "using"),
}
_FORM_OF = {"es": "s", "ted": "ed", "ped": "ed", "ting": "ing", "ping": "ing"}


def _pressed(text: str) -> str:
    """`text` with a pressing verb before a tool's id said as its call ("press F4": call F4),
    at the same length."""
    if not _PRESSED.search(text):
        return text
    from specgap.extract.agent_params import tool_arguments  # (it reads segments' sentences)
    from specgap.extract.ids7_respell import respelt_ids

    ids = {*tool_arguments(), *respelt_ids()}  # as defined, or as respelled for the readers

    def said(m: re.Match[str]) -> str:
        if m["id"] not in ids:
            return m[0]
        ending = (m["es"] or m["tp"] or m["s"] or "").casefold()
        form = _FORM_OF.get(ending, ending)
        word = next((w for w in _FORMS[form] if len(w) <= len(m["v"])), _FORMS[form][-1])
        word = word[:1].upper() + word[1:] if m["v"][:1].isupper() else word
        return word.ljust(len(m["v"])) + m["gap"] + m["id"]

    return _PRESSED.sub(said, text)


@functools.lru_cache(maxsize=4096)
def _compared(text: str) -> str:
    """`text` with each comparison of `_COMPARED` in its common form, at the same length."""
    if "not " in text or "NOT " in text or "Not " in text or " no " in text:
        for negated, said in _NOT_COMPARED:
            text = negated.sub(functools.partial(_matched, said), text)
    if "whose " in text or "Whose " in text:
        text = _SHOWN.sub(_said_is, text)
    if " back " in text:  # "only when `verified` came back true" ("unless T returned it" stays)
        text = _CAME_BACK.sub(_said_is, text)
    if " time" in text or " go" in text:  # "at most €500 a time": a bound of one call
        text = _A_TIME.sub(lambda m: m[1] + " " * (len(m[0]) - len(m[1])), text)
    if "never " in text or "Never " in text:  # "is never less than £20 or more than £150"
        text = _NEVER_BETWEEN.sub(_between, text)
    if "never again" in text:
        text = _NEVER_AGAIN.sub(lambda m: m["between"] + " " * len(m["again"]), text)
    if " the m" in text or " the l" in text:
        text = _THE_MOST.sub(_at_most_before, text)
    if " most" in text:
        text = _AT_MOST_AFTER.sub(_at_most_before, text)
    if " and only " in text:
        text = _AND_ONLY_THEN.sub(functools.partial(_matched, "and only then"), text)
    if " passed" in text:
        text = _SAID_PASSED.sub(_passed, text)
    if " not to " in text:
        text = _NOT_TO.sub(functools.partial(_matched, "must not "), text)
    if " of " in text:
        text = _AHEAD_OF.sub(functools.partial(_matched, "before"), text)
    if " or " in text or " and " in text or " nor " in text:
        text = _AGAIN.sub(_once, text)
    if " or " not in text and " Or " not in text and " OR " not in text:
        return text
    for pattern, common in _COMPARED:
        text = pattern.sub(functools.partial(_matched, common), text)
    return text


def _passed(m: re.Match[str]) -> str:
    return m["have"] + " " * (len(m[0]) - len(m["have"]))


def _at_most_before(m: re.Match[str]) -> str:
    said = f"{m.groupdict().get('lead') or ''}at most {m['np'][0].lower()}{m['np'][1:]}"
    return said + " " * (len(m[0]) - len(said))


def _between(m: re.Match[str]) -> str:
    return _same_length(m[0], f"{m['be']} between {m['a']} and {m['b']}")


def _matched(common: str | None, m: re.Match[str]) -> str:
    return _same_length(m[0], common)


def _same_length(said: str, common: str | None) -> str:
    if common is None:  # "12 or under": keep the unit, the last word becomes less / more
        tail = _TAIL.search(said)
        assert tail is not None
        word = "less" if tail["w"].casefold() in {"under", "below", "lower"} else "more"
        common = said[: tail.start("w")] + word
    return common + " " * (len(said) - len(common))


# a word that only flags the sentence after it ("IMPORTANT:", "Note -", "Rule 4:"): the
# sentence is read without it (a step number, "Prerequisite:" or "Never:" says something and
# stays)
_FLAG = re.compile(
    r"[*_]*(?:important|note|nb|n\.b\.|please\s+note|warning|caution|tip|reminder|remember|"
    # a backlog's acceptance notes and criteria ("AN: ...", "AC: ...")
    r"an|ac|acceptance\s+(?:note|criteri(?:on|a))|"
    r"attention|heads[\s-]up|critical|crucial|key\s+(?:rule|point)|(?:rule|policy)\s+\d+[a-z]?|"
    # a lesson's lead: "What we do now:", "From now on:", "Going forward -"
    r"what\s+(?:we|you)\s+do\s+(?:now|instead|since)|from\s+(?:now|today)(?:\s+on)?|"
    r"going\s+forward|since\s+then)"
    r"[*_]*\s*(?::|\s-|\s\u2013|\s\u2014)[*_]*\s+(?=\S)",
    re.I,
)


# a line break inside a paragraph's sentence (hard-wrapped prose): a space to the readers,
# who match words with single spaces; never in a table, and never before a line that opens an
# item of its own (a bullet, a number, a quote, a row)
_WRAP = re.compile(r"(?<=\S)[ \t]*\n(?![ \t]*(?:[|>*+-]\s|\d{1,2}[.)]\s|\u00a7|\n|$))")


def _unwrapped(text: str) -> str:
    if "|" in text:
        return text
    return _WRAP.sub(lambda m: " " * len(m[0]), text)


@dataclass(frozen=True)
class Sentence:
    """One sentence. `text` is the decoded text; `offsets[i]` is where its char i sits in
    the artifact (one extra entry marks the end)."""

    artifact: Artifact
    text: str
    offsets: tuple[int, ...]
    context: str = ""  # section heading, or the tool a description belongs to
    subject: str | None = None  # the tool a description describes
    asked: str | None = None  # the question an answer was read with (`answers`)
    held: str | None = None  # the case its rules hold in, said where it stands (`limits42`)

    @functools.cached_property
    def clean(self) -> str:  # read by every reader: kept on the frozen sentence once made
        """The text with emphasis markers blanked out and comparisons said in their common
        form ("at or below 12" -> "at most 12"); same length, so offsets still hold."""
        said = _one_preposition(self.text.translate(_MARKUP))
        clean = _stated(_compared(_conceded(_unnumbered(_grouped(_unwrapped(said))))))
        clean = _pressed(clean)  # "press F4 before every Ctrl-B": call F4
        if self.subject is None and "olely" in clean:
            # "move it solely while ...": "only", as every prompt reader says it (a tool
            # description's "solely" is its own mark of a rule, `reading._PERMISSIVE`)
            clean = _SOLELY.sub(lambda m: "only" + " " * (len(m[0]) - 4), clean)
        return _as_instruction(clean) if self.listed else clean

    @functools.cached_property
    def listed(self) -> bool:
        """Whether the sentence is an item of a list of steps: a list item ("- ...", "3.
        ...", "(b) ...") under a lead that ends with a colon and offers no examples
        ("comprising:", "Steps:"; not "Here are some examples:"), as written (a reader's
        spelling of it says what it says in its own words)."""
        if self.text != self.quote():
            return False
        raw = self.artifact.text
        start = self.offsets[0]
        line = raw.rfind("\n", 0, start) + 1
        if _lettered(self.text) is None and _ITEM_MARK.fullmatch(raw, line, start) is None:
            return False
        while line > 0:  # up over the list's other items to its lead
            above = raw.rfind("\n", 0, line - 1) + 1
            lead = raw[above : line - 1]
            said = lead.rstrip().endswith(":")
            if not said and (not lead.strip() or _ITEM_MARK.match(lead) or _LETTERED.match(lead)):
                line = above
                continue
            return said and _EXAMPLES.search(lead) is None
        return False

    def raw_range(self, start: int = 0, end: int | None = None) -> tuple[int, int]:
        end = len(self.text) if end is None else end
        return self.offsets[start], self.offsets[end]

    def replaced(self, start: int, end: int, said: str) -> Sentence:
        """The sentence with its text from `start` to `end` said as `said`, which cites that
        stretch of the artifact (a term written as its values, a state as its field)."""
        text = self.text[:start] + said + self.text[end:]
        offsets = (
            *self.offsets[:start],
            *([self.offsets[start]] * (len(said) - 1)),
            self.offsets[end - 1],
            *self.offsets[end:],
        )
        return replace(self, text=text, offsets=tuple(offsets))

    def span(self, start: int = 0, end: int | None = None) -> Span:
        return self.artifact.span(*self.raw_range(start, end))

    def quote(self, start: int = 0, end: int | None = None) -> str:
        a, b = self.raw_range(start, end)
        return self.artifact.text[a:b]


# "A booking can be cancelled while it is confirmed; attended bookings cannot be": two
# statements, each with its own subject and modal, read apart (read together, the second's
# ban took the first's condition)
_MODAL = re.compile(r"\b(?:can|cannot|can't|must|may|should|shall|will|won't)\b", re.I)
_DETERMINED = r"^\s*(?:(?:the|a|an|all|any|each|every|no)\s+)?"
_MODAL_THEN = (
    r"[a-z][\w-]*s?\s+(?:can|cannot|can't|must|may|should|shall|will|won't)\b(?:\s+not)?\s+"
    r"(?:only\s+)?"
)
_SUBJECT_MODAL = re.compile(
    _DETERMINED + r"(?:[a-z][\w-]*\s+|[$€£]?\d[\d,.]*%?\s+){0,4}?" + _MODAL_THEN + r"be\b", re.I
)
# the statement before the join may have a verb of measure after its modal ("a credit note
# shall not exceed 500 euros, and a credit note above 150 euros shall be approved ...")
_SUBJECT_MODAL_VERB = re.compile(
    _DETERMINED
    + r"(?:[a-z][\w-]*\s+){0,3}?"
    + _MODAL_THEN
    + r"(?:be|exceed|cover|hold|carry|include|contain|last|run|cost|take|name|list)\b",
    re.I,
)


_JOINS = re.compile(r";\s+|,\s+(?:and|but)\s+")
# a statement about an argument named by its identifier ("days_ahead runs from 0 to 5")
_ARGUMENT_CLAUSE = re.compile(
    r"^\W*`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?\s+(?:must|may|can|cannot|should|shall|runs|ranges|"
    r"goes|takes|needs)\b"
)


def _argument_clauses(left: str, right: str) -> bool:
    """Both sides of a semicolon are statements about an argument named by its identifier,
    each with a modal or a verb of range ("launch_site must be ...; days_ahead runs ...")."""
    return all(_ARGUMENT_CLAUSE.match(side) for side in (left, right))


_EQUATES = re.compile(r"\s+(?:the|a|an|its|their|his|her|one|any|equal|identical|same)\b", re.I)


def _clause_ends(text: str) -> set[int]:
    """Where a semicolon, or a comma and "and" or "but", joins two passive statements that
    each have a subject and a modal ("a room booking may not be longer than 4 hours, and
    rooms can be booked at most 14 days ahead"), or a semicolon two statements each about an
    argument named by its identifier ("launch_site must be a or b; days_ahead runs from 0 to
    5")."""
    out: set[int] = set()
    start = 0
    for m in _JOINS.finditer(text):
        left, right = text[start : m.start()], _JOINS.split(text[m.end() :], maxsplit=1)[0]
        left = re.split(r"(?<=[.!?])\s+", left)[-1]  # the statement's own sentence
        left = _unnumbered(left)  # "6.3 A credit note shall ...": no word of its rule
        said = _SUBJECT_MODAL.match(right)
        # (after a comma, "must be the user's id" equates: one statement of what a value is)
        equates = m[0].startswith(",") and said is not None and _EQUATES.match(right, said.end())
        if (_SUBJECT_MODAL.match(left) or _SUBJECT_MODAL_VERB.match(left)) and said and not equates:
            out.add(m.end())
        elif m[0].startswith(";") and _argument_clauses(left, right):
            out.add(m.end())  # "launch_site must be a or b; days_ahead runs from 0 to 5"
        start = m.end()
    return out


_CODE_ITEM = re.compile(r"[A-Z][A-Z0-9]")


# a negation written without its apostrophe, as chat text does ("dont book", "cant refund")
_BARE_NOT = re.compile(
    r"\b(?P<w>dont|doesnt|didnt|cant|couldnt|shouldnt|wouldnt|mustnt|isnt|arent|wasnt|"
    r"werent|havent|hasnt|wont)(?=\s+[a-z])",
    re.I,
)


def _apostrophes(text: str, offsets: list[int]) -> tuple[str, list[int]]:
    """`text` with each bare negation spelt with its apostrophe ("dont" -> "don't"); the
    added character sits where the "t" does, so every span stays the source's own."""
    if _BARE_NOT.search(text) is None:
        return text, offsets
    chars, at, last = [], [], 0
    for m in _BARE_NOT.finditer(text):
        cut = m.end() - 1  # before the final "t"
        chars.append(text[last:cut] + "'")
        at.extend([*offsets[last:cut], offsets[cut]])
        last = cut
    chars.append(text[last:])
    at.extend(offsets[last:])
    return "".join(chars), at


# a word that leaves its line unfinished when it ends it ("... issued to the\n"), or that
# carries the line before on when it starts a line ("\nbefore any change")
_OPEN_END = frozenset({
    "a", "an", "the", "and", "or", "nor", "but", "to", "of", "for", "with", "without", "in", "on",
    "at", "by", "from", "into", "onto", "via", "per", "as", "than", "if", "when", "unless",
    "while", "until", "because", "before", "after", "no", "not", "any", "every", "each", "all",
    "some", "your", "their", "its", "this", "these", "those", "my", "our", "his", "her", "is",
    "are", "was", "were", "be", "been", "being", "can", "cannot", "must", "may", "should",
    "shall", "will", "would", "could", "do", "does", "only"
})  # fmt: skip
# words that join a line after a semicolon to the clause before ("...;\nand ...")
_JOINED_ON = frozenset({"and", "or", "nor", "but", "so", "yet"})
_CARRY_ON = frozenset({
    "and", "or", "nor", "but", "to", "of", "for", "with", "without", "in", "on", "at", "by",
    "from", "into", "onto", "via", "per", "as", "than", "before", "after", "until", "because",
    "unless", "while", "whose", "which", "who", "that", "is", "are", "was", "were", "be", "then",
    "so"
})  # fmt: skip
# a wrapped paragraph's lines fill most of its widest line (or of 75 characters, as a text is
# rarely wrapped narrower): a line that leaves a fifth of it empty ended where its writer chose
_NARROWEST_WRAP = 75
_FILLED = 0.8
_STOP = re.compile(r"[.!?](?:\s|$)")


# a footnote's line, its mark a letter or two and a dash ("u — ...", "aa - ..."): a lower-case
# mark is no capital that would start a sentence
_NOTE_MARK = re.compile(r"[ \t]*[A-Za-z]{1,2}[ \t]+[\u2014\u2013-][ \t]+\S")


def _line_ends(text: str) -> set[int]:
    """Where a line break ends a sentence that has no full stop: a chat note or a checklist
    written one rule per line with no punctuation ("frozen members can't book\nmax 6 climbers
    per booking"). A line is its own sentence when the next line's first word would have fit
    with room to spare (four fifths of the paragraph's widest line, or of 75 characters: so the
    break is no wrap of the paragraph, by hand or by a tool), or when the paragraph's lines are
    all short and none ends a sentence with a full stop; and in either case neither side of
    the break is a word that carries the sentence on ("the", "and", "before", ...)."""
    lines = text.split("\n")
    if len(lines) < 2:
        return set()
    widest = max(len(line.rstrip()) for line in lines)
    width = max(_NARROWEST_WRAP, widest)
    # short lines and no full stop anywhere: a list of rules written one per line, never a
    # wrapped paragraph (whose last sentence at least would end with one)
    unstopped = widest < _NARROWEST_WRAP and _STOP.search(text) is None
    out: set[int] = set()
    at = 0
    for line, after in itertools.pairwise(lines):
        at += len(line) + 1
        body, words = line.rstrip(), after.split()
        if body and words and (_MESSAGE_HEAD.match(after) or _REACTIONS.fullmatch(after)):
            out.add(at)  # a chat log's next message or line of reactions, whatever came before
            continue
        if body and _lettered(after):
            out.add(at)  # "(b) ...": a lettered item, whatever the line before ended with
            continue
        if body and _NOTE_MARK.match(after):
            out.add(at)  # "u — ...": a footnote lettered in lower case, whatever came before
            continue
        if body and _COUNTED_LINE.match(after):
            out.add(at)  # "7/34 ...", "08:30 · ...": a post or a timed line of its own
            continue
        if body.endswith(";") and words and words[0].casefold() not in _JOINED_ON:
            out.add(at)  # "...;" then a clause on a line of its own: verse, a list of clauses
            continue
        if not body or not words or body[-1] in ",;:-\u2013\u2014(/&+":
            continue
        if body.split()[-1].strip("\"'`*_)]!?.").casefold() in _OPEN_END:
            continue
        if words[0].casefold() in _CARRY_ON:
            continue
        if not unstopped and len(body) + 1 + len(words[0]) > _FILLED * width:
            continue
        out.add(at)
    return out


_BEFORE_DEFINITION = re.compile(r"\n(?=:[ \t]+\S)")


def split_sentences(
    artifact: Artifact,
    text: str,
    offsets: list[int],
    context: str,
    subject: str | None = None,
    *,
    lines: bool = False,
) -> Iterator[Sentence]:
    """Split decoded `text` (whose chars sit at `offsets`) into trimmed sentences; with
    `lines` (a markdown paragraph) a line written as a sentence of its own is one."""
    label = _LABEL_LINE.match(text)
    ends = {m.end() for m in _SENTENCE_END.finditer(text)}
    if lines:
        ends |= _line_ends(text)
        ends |= {m.end() for m in _BEFORE_DEFINITION.finditer(text)}  # a term, its ": ..." lines
    ends |= _clause_ends(text)
    ends -= stop_joins(text)  # "If S, stop. Do not V.": one step
    if label is not None:
        ends.add(label.end())
    bounds = [0, *sorted(ends), len(text)]
    kinds = line_kinds(artifact.text) if lines else None  # "**Fact:** ..." lines (`labels31`)
    unread_to = -1  # the end of a line whose kind states no rule ("**Myth:** ...")
    term = ""  # the term over a definition list's ": ..." lines: their heading
    for a, b in itertools.pairwise(bounds):
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if a < unread_to:
            continue
        if kinds is not None and kinds.marks:  # "... Spotlight: <what binds>" (`labels31`)
            after = kinds.after_mark(text, _line_start(text, a))
            if after >= b:
                continue  # a sentence before the mark: not what binds
            a = max(a, after)
            while a < b and text[a].isspace():
                a += 1
        if lines and (a == 0 or text[a - 1] == "\n"):
            defined = definition_at(text, a)  # ": Find the account first", under a term
            if defined == a:
                term = text[a:b].strip("*_ ")  # a term's line: its definitions' heading
            a = defined
            kind = kinds.label_at(text, a) if kinds is not None else None
            if kind is not None and kinds is not None and kind["word"].casefold() in kinds.unread:
                end = text.find("\n", a)
                unread_to = len(text) if end < 0 else end
                continue
            if kind is not None:
                a = kind.end()
        if (flag := _FLAG.match(text, a, b)) is not None:
            a = flag.end()
        if b - a >= 3 or _CODE_ITEM.fullmatch(text, a, b):  # (a list of codes: "- DE")
            said, at = _apostrophes(text[a:b], offsets[a : b + 1])
            under = term if term and text.startswith(":", _line_start(text, a)) else context
            yield Sentence(artifact, said, tuple(at), under, subject)


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


# a paragraph's first line that is a question in bold and nothing else (a FAQ's question)
_BOLD_QUESTION = re.compile(
    r"^(?:\*\*(?P<q>[^*\n]{3,200}\?)\s*\*\*|__(?P<u>[^_\n]{3,200}\?)\s*__)[ \t]*(?:\n|$)"
)
# or a title in bold, a few words without a full stop, over the paragraph's other lines (a
# subheading written in bold, as a release or a newsletter sets them): it heads what follows
_BOLD_TITLE = re.compile(
    r"^(?:\*\*(?P<q>[A-Z][^*\n.!?:;]{2,80})\*\*|__(?P<u>[A-Z][^_\n.!?:;]{2,80})__)[ \t]*\n(?=\S)"
)


def markdown_sentences(artifact: Artifact) -> Iterator[Sentence]:
    """Sentences of paragraphs, list items, blockquotes and table rows; headings become
    context."""
    # tables that readers take whole (they read sentences too, so imported here)
    from specgap.extract.answers import compose_parts
    from specgap.extract.confirm_tables import is_confirmation_header
    from specgap.extract.decision33 import Decisions
    from specgap.extract.diff35 import diff_block, whole_diff
    from specgap.extract.dodont30 import cell_sentences, polarity_columns
    from specgap.extract.gherkin import is_scenario, scenario_sentences
    from specgap.extract.guards29 import guard_block, guard_lines
    from specgap.extract.ini29 import ini_text
    from specgap.extract.legend30 import marked_sentences, read_legend
    from specgap.extract.limits42 import Limits, table_rows
    from specgap.extract.outline30 import Outline
    from specgap.extract.register36 import register_block, register_rows
    from specgap.extract.state4_tables import refusal_rows
    from specgap.extract.state_tables import is_state_header
    from specgap.extract.tool_tables import tool_card_item, tool_table_row
    from specgap.extract.value_tables import is_values_header

    text = artifact.text
    if ini_text(text):  # an INI settings file pasted in as the prompt (`ini29`)
        yield from _ini_sentences(artifact)
        return
    if whole_diff(text):  # a patch of the prompt as the prompt: the text it leaves (`diff35`)
        yield from _changed(artifact, 0, len(text), "")
        return
    lines = text.splitlines(keepends=True)
    line_starts = [0]
    for line in lines:
        line_starts.append(line_starts[-1] + len(line))
    heading = ""
    tokens = WITH_TABLES.parse(text)
    cells: list[tuple[str, int, int]] = []  # a table row's cells: content, offset, column
    column = -1
    header: list[str] = []
    whole = False  # a table of states and actions, or of allowed values: one sentence
    limits: Limits | None = None
    kinds: list[bool | None] | None = None  # a table of dos and don'ts (`dodont30`)
    decisions: Decisions | None = None  # conditions, an outcome, a row per case (`decision33`)
    outline = Outline()  # the "If X:" list items open over the nested ones (`outline30`)
    legend = read_legend(text)  # "🔴 RED: never" over "- 🔴 Cancelling ..." (`legend30`)
    for n, token in enumerate(tokens):
        if token.type == "table_open":
            header, whole, block, kinds, decisions = [], False, token.map, None, None
        elif token.type == "thead_close":
            decisions = Decisions.of(header, heading)
            whole = is_state_header(header) or is_values_header(header)
            whole = whole or is_confirmation_header(header)  # (`confirm_tables`)
            whole = whole and decisions is None
            limits = None  # a table of Min and Max columns (`limits42`)
            if not whole and decisions is None and block is not None:
                limits = Limits.of(header, table_rows(lines[block[0] : block[1]]))
            kinds = None if whole or decisions else polarity_columns(header)
            if whole and block is not None:
                yield from split_sentences(
                    artifact, *_block_text(lines, line_starts, *block), heading
                )
        elif token.type == "tr_open":
            cells, column = [], -1
        elif token.type == "tr_close" and cells and kinds is not None:
            yield from cell_sentences(artifact, cells, kinds, heading)
            cells = []
        elif token.type == "tr_close" and cells and decisions is not None:
            for stated in decisions.row(artifact, cells):
                yield replace(stated, context=heading)
            cells = []
        elif token.type == "tr_close" and cells:
            for refused in refusal_rows(cells, header):  # "| X | `a` is `b` |" (`state4_tables`)
                yield from split_sentences(artifact, *refused, heading)
            if limits is not None:  # "| Refund | REFUND (amount) | | 15 | 90 | GBP |"
                bounded = limits.row(cells)
                if bounded is not None:
                    row_said, row_at, row_case = bounded
                    for stated in split_sentences(artifact, row_said, row_at, heading):
                        yield replace(stated, held=row_case)
                if bounded is not None or not limits.unread(cells):
                    cells = []
                    continue
                # a bound cell in words ("2 per day"): the row is read as any other row
            tooled = tool_table_row(artifact, cells, header, heading) if not whole else None
            if tooled is not None:  # a row naming its tool in a column (`tool_tables`)
                yield from tooled
                cells = []
                continue
            sentence_of_row = _row_text(cells, header) if not whole else None
            if sentence_of_row is not None:
                yield from split_sentences(artifact, *sentence_of_row, heading)
            cells = []
        elif token.type in {"td_open", "th_open"}:
            column += 1
        elif token.type == "list_item_close":
            outline.close(token.level)
        elif token.type in {"bullet_list_close", "ordered_list_close"}:
            outline.leave(token.level + 1)
        elif (
            token.type == "fence"
            and token.map is not None
            and diff_block(token.info, token.content)
        ):
            # the prompt's text after a change pasted in as a diff (`diff35`)
            end = line_starts[min(token.map[1], len(lines))]
            yield from _changed(artifact, line_starts[token.map[0] + 1], end, heading)
        elif (
            token.type == "fence"
            and token.map is not None
            and register_block(token.info, token.content)
        ):
            # a rules register exported as CSV, one rule a row (`register36`)
            end = line_starts[min(token.map[1], len(lines))]
            first = line_starts[token.map[0] + 1]
            for entry in register_rows(token.info, text, first, end):
                yield from split_sentences(
                    artifact, entry.said, entry.offsets, entry.topic or heading
                )
        elif token.type == "fence" and token.map is not None and guard_block(token.content):
            # house rules written as pseudo-code guards (`guards29`)
            first = token.map[0] + 1  # (the line after the opening fence)
            for n, said in guard_lines(token.content):
                row = first + n
                if row >= len(lines):
                    break
                at = line_starts[row]
                line = lines[row].rstrip("\n")
                stated = Sentence(artifact, line, tuple(range(at, at + len(line) + 1)), heading)
                yield compose_parts(stated, [said], asked=None)
        if token.type != "inline" or token.map is None:
            continue
        if n > 0 and tokens[n - 1].type == "th_open":
            header.append(token.content)
        if n > 0 and tokens[n - 1].type in {"th_open", "td_open"}:
            if tokens[n - 1].type == "td_open":  # a header cell only labels its column
                at_line = token.map[0]
                after = cells[-1][1] + len(cells[-1][0]) - line_starts[at_line] if cells else 0
                found = lines[at_line].find(token.content, max(after, 0)) if token.content else -1
                if found >= 0:
                    cells.append((token.content, line_starts[at_line] + found, column))
            continue
        is_heading = n > 0 and tokens[n - 1].type == "heading_open"
        if is_heading:
            heading = token.content.strip()
            continue
        chars: list[str] = []
        offsets: list[int] = []
        first, last = token.map
        content_lines = token.content.split("\n")
        for i, content_line in enumerate(content_lines):
            row = first + i
            if row >= last or row >= len(lines):
                break
            source = lines[row]
            at = source.find(content_line) if content_line else -1
            if at < 0:
                continue
            if chars:
                chars.append("\n")
                offsets.append(offsets[-1] + 1)
            base = line_starts[row] + at
            chars.extend(content_line)
            offsets.extend(range(base, base + len(content_line)))
        if not chars:
            continue
        offsets.append(offsets[-1] + 1)
        said = "".join(chars)
        if n > 1 and tokens[n - 2].type == "list_item_open" and (box := _TASK_BOX.match(said)):
            # "- [ ] Client found with `t` before ...": a task list's box is no word of the item
            said, offsets = said[box.end() :], offsets[box.end() :]
            if not said:
                continue
        if legend and first in legend.lines:
            continue  # the legend's own line says what a mark means: no rule of its own
        marked = legend.meaning(said) if legend else None
        if marked is not None:  # a line the legend's mark opens: also said as it means
            yield from marked_sentences(artifact, said, offsets, heading, *marked)
            continue
        # "- If X:" over "  - Send no `t`.": the nested item holds under X (`outline30`)
        conditioned = outline.said_before()
        heads = n > 1 and tokens[n - 2].type == "list_item_open"
        if heads and outline.item(said, tokens[n - 2].level):
            conditioned = None  # the condition item itself: read as written
        elif outline.open:
            outline.nested(said)
        if conditioned:
            word = said.split(maxsplit=1)[0] if said.split() else ""
            lowered = said[:1].lower() + said[1:] if word[1:] == word[1:].lower() else said
            said = conditioned + lowered
            offsets = [offsets[0]] * len(conditioned) + offsets
        asked = _BOLD_QUESTION.match(said) or _BOLD_TITLE.match(said)
        if asked is None and is_scenario(said):  # Given / When / Then lines (`gherkin`)
            yield from scenario_sentences(artifact, said, offsets, heading)
            continue
        if asked is None and (carded := tool_card_item(artifact, said, offsets, heading)):
            yield from carded  # a labelled line of a tool's card (`tool_tables`)
            continue
        if asked is None:
            yield from split_sentences(artifact, said, offsets, heading, lines=True)
            continue
        # "**What do I do if a member asks for a credit?**" on a line of its own: a question
        # that heads its answer, as a heading would (the question is still a sentence, which
        # `answers` pairs with the answer's first); its answer runs to the next heading; a
        # title in bold over the lines after it heads them the same way
        cut = asked.end()
        yield from split_sentences(artifact, said[:cut], offsets[: cut + 1], heading)
        heading = (asked["q"] or asked["u"]).strip()
        if cut < len(said):
            yield from split_sentences(artifact, said[cut:], offsets[cut:], heading, lines=True)


def _changed(artifact: Artifact, start: int, end: int, heading: str) -> Iterator[Sentence]:
    """The sentences of the prompt text a diff's lines `start:end` leave (`diff35`), each
    located at its own line of the diff."""
    from specgap.extract.diff35 import after

    said, offsets = after(artifact.text, start, end)
    if not said.strip():
        return
    changed = Artifact(artifact.kind, artifact.path, said, artifact.sha256)
    for sentence in markdown_sentences(changed):
        at = tuple(offsets[i] for i in sentence.offsets)
        yield replace(sentence, artifact=artifact, offsets=at, context=sentence.context or heading)


def _ini_sentences(artifact: Artifact) -> Iterator[Sentence]:
    """The sentences of an INI settings file: its notes as they are, its settings as the
    sentences they stand for (`ini29`), each under its section."""
    from specgap.extract.answers import compose_parts
    from specgap.extract.ini29 import ini_sentences

    text = artifact.text
    for start, end, said, section in ini_sentences(text):
        at = list(range(start, end + 1))
        if said is None:
            yield from split_sentences(artifact, text[start:end], at, section)
        else:
            quoted = Sentence(artifact, text[start:end], tuple(at), section)
            yield compose_parts(quoted, [said], asked=None)


# the box that opens an item of a task list ("- [ ] ...", "* [x] ..."), and its space
_TASK_BOX = re.compile(r"\[[ xX]\][ \t]+")


# a cell that states the rule of the cells before it: "| Delete a member | Never |" reads
# "Delete a member never", "| Issue a refund | Only with ... |" reads "Issue a refund only ..."
_RULE_CELL = re.compile(
    r"^(?:never|only|at\s+most|at\s+least|always|not|no|before|after|once|unless|if|when|"
    r"with|without|up\s+to|max(?:imum)?|min(?:imum)?|requires?|needs?|must|forbidden|"
    r"prohibited|allowed|permitted)\b",
    re.I,
)


def _block_text(
    lines: list[str], line_starts: list[int], start: int, end: int
) -> tuple[str, list[int]]:
    """The lines [start, end) as one text, line breaks kept, each char at its offset."""
    chars: list[str] = []
    offsets: list[int] = []
    for row in range(start, min(end, len(lines))):
        line = lines[row].rstrip("\r\n")
        if chars:
            chars.append("\n")
            offsets.append(offsets[-1] + 1)
        chars.extend(line)
        offsets.extend(range(line_starts[row], line_starts[row] + len(line)))
    offsets.append(offsets[-1] + 1 if offsets else 0)
    return "".join(chars), offsets


# a column that asks whether the row's action is allowed ("Allowed?", "Permitted",
# "Can the agent do it?"), and the answers that say no or yes
_PERMISSION_COLUMN = re.compile(
    r"\b(?:allowed|permitted|possible|ok|okay|can|may|authori[sz]ed)\b", re.I
)
_NO_CELL = re.compile(
    r"^\s*(?:no|never|not\s+allowed|not\s+permitted|forbidden|prohibited|✗|✘)\s*$", re.I
)
_YES_CELL = re.compile(r"^\s*(?:yes|allowed|permitted|ok|✓|✔)\s*$", re.I)


# a column naming what must come before the row's action
# a column saying where the row's value comes from (`ground6_respell` reads the row)
_SOURCE_COLUMN = re.compile(
    r"^\s*(?:(?:value\s+|data\s+)?sources?|origin|(?:must\s+|should\s+)?(?:come|comes)\s+from|"
    r"(?:taken|obtained|sourced)\s+from|provided\s+by|where\s+(?:it\s+)?comes\s+from)\s*\??\s*$",
    re.I,
)
_FIRST_COLUMN = re.compile(
    r"\b(?:pre-?requisites?|preconditions?|depends\s+on|dependenc(?:y|ies)|requires|required\s+"
    r"(?:first|before)|must\s+(?:come|happen|be\s+called)\s+after|call(?:ed)?\s+first|"
    r"preceded\s+by|run\s+first)\b",
    re.I,
)


# a column or section whose bare numbers are call counts ("Max calls", "Limits", "Per
# conversation"; a "per" elsewhere, "Price per day", is no count), and the "per <thing>" a
# column's header names
COUNT_FRAME = re.compile(
    r"\b(?:limits?|max(?:imum)?|calls?|times|quotas?|caps?|at\s+most|how\s+often)\b|^\s*per\b",
    re.I,
)
_COLUMN_PER = re.compile(r"\bper\s+([a-z]+)\b", re.I)
_BARE_NUMBER = re.compile(r"^\d{1,6}$")


def _row_text(cells: list[tuple[str, int, int]], header: list[str]) -> tuple[str, list[int]] | None:
    """One sentence of a table row, its cells in source order (so offsets only grow): a rule
    cell joins the one before it lower-cased, other cells are set apart by a colon. Under a
    column asking whether the action is allowed, "No" reads as "never" and a "Yes" row
    states a permission, no rule (None)."""
    chars: list[str] = []
    offsets: list[int] = []
    for content, at, column in cells:
        asks = 0 <= column < len(header) and _PERMISSION_COLUMN.search(header[column])
        if chars and asks and _YES_CELL.match(content):
            return None
        if chars and asks and _NO_CELL.match(content):
            last = at + len(content.rstrip()) - 1  # the quote ends where the cell does
            chars.extend(" never")
            offsets.extend([at - 1, at, at, at, last, last])
            continue
        first = 0 <= column < len(header) and _FIRST_COLUMN.search(header[column])
        if chars and first and not _RULE_CELL.match(content):
            # under "Prerequisite" / "Must come after": the row's action only after the cell
            chars.extend(" only after ")
            offsets.extend([at - 1] * 12)
            chars.extend(content)
            offsets.extend(range(at, at + len(content)))
            continue
        counts = 0 <= column < len(header) and COUNT_FRAME.search(header[column])
        if chars and counts and _BARE_NUMBER.match(content):
            # "| send_alert | 2 |" under "Max calls per day": the row's count, said as one
            per = _COLUMN_PER.search(header[column])
            chars.extend(": at most ")
            offsets.extend([at - 1] * 10)
            chars.extend(content)
            offsets.extend(range(at, at + len(content)))
            if per is not None:
                said = f" per {per[1].casefold()}"
                chars.extend(said)
                offsets.extend([at + len(content) - 1] * len(said))
            continue
        sourced = 0 <= column < len(header) and _SOURCE_COLUMN.match(header[column])
        if chars and sourced and not _RULE_CELL.match(content):
            # "| slot id | list_slots |" under "Source": the value must come from the cell
            chars.extend(" must come from ")
            offsets.extend([at - 1] * 16)
            chars.extend(content)
            offsets.extend(range(at, at + len(content)))
            continue
        if chars:
            joined = _RULE_CELL.match(content) is not None
            if joined:
                content = content[:1].lower() + content[1:]
            chars.extend(" " if joined else ": ")
            offsets.extend([at - 1] * (1 if joined else 2))
        chars.extend(content)
        offsets.extend(range(at, at + len(content)))
    offsets.append(offsets[-1] + 1)
    return "".join(chars), offsets


def description_sentences(artifact: Artifact, pointer: str, tool_name: str) -> Iterator[Sentence]:
    """Sentences of a JSON string value (a tool description), mapped through its escapes."""
    if pointer not in artifact.ranges:
        return
    start, _ = artifact.ranges[pointer]
    if artifact.text[start] != '"':
        return  # YAML scalars: described elsewhere; only JSON strings are mapped exactly
    offsets = json_string_offsets(artifact.text, start)
    import json

    decoded = json.loads(artifact.text[start : offsets[-1] + 1])
    yield from split_sentences(artifact, decoded, offsets, tool_name, subject=tool_name)

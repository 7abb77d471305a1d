"""Tool ids in the styles MCP servers, CLI toolkits and older APIs use, read like snake_case
or camelCase ids (docs/ids-seven.md): `pledges__redeem_pledge` (a server prefix and a double
underscore), `sell-lot-to-shop` (kebab-case), `ASSIGN_LINGUIST` (SCREAMING_SNAKE) and
`ExtendBooking` (PascalCase).

The prose readers find a tool id in a sentence by its shape, and that shape is snake_case,
dotted or camelCase in every one of them (about thirty spellings of the pattern): a kebab
id reads as three words, a `server__tool` id not at all. Teaching each pattern a hyphen
would be wrong, since `e-mail` and `same-day` are not tools; what makes `book-repair-slot`
a tool id is that the tools file names it. So, before the prose of a prompt is read, each
mention of a tool the agent's tools files define in one of those styles is respelled in
place, at the same length, as the snake_case id the readers know:

- `book-repair-slot` -> `book_repair_slot` (each hyphen an underscore);
- `events__register_entry` -> `       register_entry` (the tool part, spaces in front so
  that no offset moves, a mention in backticks keeps them; the readers take an id's first
  word for its verb, and a server's name is none); `search__query` -> ` search_query` when
  the tool part is one word or another server has a tool of that name (the spaces after
  the id when it opens its line, where spaces in front would indent it);

- `GET_CLIENT`, `GET-CLIENT` -> `get_client` (SCREAMING_SNAKE and SCREAMING-KEBAB ids in
  lower case, each hyphen an underscore: the readers' snake patterns are lower-case, and a
  capitalised word reads as a name or the start of a sentence);
- `Find_Member`, `Queue-Print` -> `find_member`, `queue_print` (Title_Snake_Case and
  Train-Case ids in lower case, for the same reason);
- `FindMember` -> `findMember` (PascalCase ids with their first letter in lower case: the
  readers know camelCase, and a capitalised compound reads as a proper noun);
- `submitdraft` -> `submitDraft` (an id written as one lower-case word, as APIs that drop
  every separator spell them, in camelCase: one lower-case word reads as a word, a value
  such as `draft` or a state; its words are parted by `resolve.text.fused`);
- `30-open-repair` -> `   open_repair` (an id led by a step number, as a `run-parts` folder
  orders its scripts: the readers take a number for a count or a step, never an id's first
  word; the number's place is blanked as a server's is), when no other tool's id gives the
  same rest;
- `Workshop_20250301.MoveRepair` and the operation said alone, `MoveRepair` -> `moveRepair`
  (an AWS JSON-protocol target: a service with an API date, a dot, a PascalCase operation;
  a prompt names most by the operation alone), when no other tool has that operation;
- `crm.usp_FindCustomer`, `sp_GetOrder` -> `        findCustomer`, `   getOrder` (a database's
  stored procedure: a schema and a dot maybe, a kind prefix such as `usp_` that is no verb,
  a PascalCase verb-noun; its places blanked as a server's are), when no other tool has that
  verb-noun;
- `RT03`, `ME21N` -> `rt_3`, `me_1n` (an ERP transaction code: capitals and digits, no word;
  lower case, the first digit's place an underscore);
- `__find_visitor__`, `_find_visitor`, `--find-visitor` -> `    find_visitor`, ` find_visitor`,
  `  find_visitor` (an id wrapped in underscores, as Python spells its special and private
  names, or led by dashes, as a command's option is: a reader's snake_case id opens with a
  letter; the marks' places are blanked), when no other tool's id gives the same name;
- `DRIVER.FIND`, `CARD.CHARGE` -> `find_driver`, `charge_card` (an upper-case record and the
  operation on it, as some back-office systems name their calls: lower case, the operation
  first when it is a verb and the record none, as a reader takes an id's first word for its
  verb; the same length);
- `crm_findFamily` -> `    findFamily` (a JSON-RPC method in the Ethereum manner: a namespace
  and one underscore, then a camelCase verb-noun; the namespace's place blanked), when no
  other tool has that method;
- `FindHirerButton_Click`, `KeySafeCodeLink_LinkClicked` -> `            findHirer`,
  `                keySafeCode` (a desktop program's event handler, as Windows Forms names it:
  the control's name without its kind, `Button` or `Link`, nor the event, in camelCase; their
  places blanked as a server's are), when no other handler gives the same name;
- `Java_uk_co_shop_Orders_cancelOrder` -> `                       cancelOrder` (a native
  method's exported symbol, as JNI names it: `Java_`, the package with underscores, the class,
  then the camelCase method; their places blanked as a server's are), when no other symbol
  gives the same method;
- `trips.Book`, `passengers.Lookup` -> `book_trips`, `passengers_lookup` (a Go package and
  one exported function of one word, read as the record and operation above);
- `TEEBOOK.EXE`, `send-sms.sh` -> `teebook_exe`, `send_sms_sh` (a program's file name, as a
  legacy system or a folder of scripts names its tools: the dot before the extension reads
  as a sentence's end and the upper-case name as an acronym; lower case, with the dot and
  each hyphen an underscore);

and every rule and note read from the respelled text is given back its own words: the
target, mentions and tool-valued parameters (`before`, `from_tools`, `sources`, ...) the
tool's real id, the quote and text the file's own characters. Offsets, lines and columns
never move, so spans are the file's. Nothing else is respelled: an id that no tools file
defines, a word that only looks like one, a fenced block (a config block is read with its
own ids, `ids7_config`) and the tools files themselves.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.context import variable
from specgap.extract.english import base_verb, verb_only_last
from specgap.ir import CandidateRule, Diagnostic
from specgap.resolve.lexicon import classes_of, verb_key
from specgap.resolve.text import HANDLER as _HANDLER
from specgap.resolve.text import NATIVE as _NATIVE
from specgap.resolve.text import RUNS, demangled, fused
from specgap.toolspecs import agent_specs

__all__ = [
    "fenced_spans",
    "known_ids",
    "own_text",
    "respell_ids",
    "respelt_ids",
    "spellings_of",
    "styled_ids",
    "tool_spellings",
]

# the styles respelled: a kebab id, or an id with a double underscore
_STYLED = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:(?:__|--|[-_])[A-Za-z0-9]+)+$")
# SCREAMING_SNAKE and SCREAMING-KEBAB (two words at least) and PascalCase (two capitalised
# words at least; a word may be an acronym or a letter, as in `GetURL` or Win32's wide and
# extended names `FindThrowerW`, `BookLaneExW`)
_SCREAMING = re.compile(r"^[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+$")
_PASCAL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+$")
# a camelCase id with an acronym or a one-letter last word (`bookBoatUsingPOST`, as springfox
# names an operation, `getURL`)
_CAMEL_CAPS = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:[A-Z]{2,}|[A-Z]$)[A-Za-z0-9]*$")
# the humps of a PascalCase id: `GetURLData` is Get, URL, Data
_HUMPS = re.compile(r"[A-Z]+(?=[A-Z][a-z]|$|[0-9])|[A-Z][a-z0-9]*|[a-z0-9]+")
# Title_Snake_Case and Train-Case (every word capitalised, then lower case)
_TITLE = re.compile(r"^[A-Z][a-z0-9]+(?:[-_][A-Z][a-z0-9]*)+$")
# an id led by a step number (`30-open-repair`, `10_find_patient`)
_NUMBERED = re.compile(r"^\d{1,4}[-_.](?P<tool>[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+)$")

# an id wrapped in underscores (`__find_visitor__`, `_find_visitor`), as Python spells its
# special and private names, or led by dashes as a command's option is (`--find-visitor`)
_WRAPPED = re.compile(
    r"^(?P<lead>_+|-{1,2})(?P<tool>[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*)(?P<tail>_*)$"
)

# an upper-case dotted id (`DRIVER.FIND`, `CARD.CHARGE`, `HEAT_SLOT.SEARCH`), a record and an
# operation on it as some back-office systems name their calls
_SCREAMING_DOTTED = re.compile(
    r"^(?P<a>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\.(?P<b>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)$"
)

# a JSON-RPC method in the Ethereum manner (`crm_findFamily`, `eth_getBalance`): a lower-case
# namespace, one underscore, a camelCase verb-noun
_NS_CAMEL = re.compile(r"^(?P<ns>[a-z][a-z0-9]*)_(?P<tool>[a-z]+(?:[A-Z][a-z0-9]+)+)$")

# a process model's element id (`ServiceTask_FindWalker`, `CallActivity_CallHerdsman`, as
# BPMN names its elements): the element's kind in PascalCase, one underscore, then what it
# does in PascalCase
_KIND_PASCAL = re.compile(
    r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+_(?P<tool>[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)$"
)

# a Go package's exported function said with its package (`trips.Book`, `passengers.Lookup`):
# one lower-case word, a dot, one capitalised word
_PACKAGE_DOTTED = re.compile(r"^(?P<a>[a-z][a-z0-9]*)\.(?P<b>[A-Z][a-z0-9]+)$")

# a transaction code (`RT03`, `VA01`, `ME21N`, `F110`), as ERP systems name their functions:
# capitals, then digits (and maybe one more capital); no word a reader knows for an id
_CODE = re.compile(r"^(?P<l>[A-Z]{1,4})(?P<d>\d{2,4})(?P<t>[A-Z]?)$")
# one word in capitals (`HERON`, `VISITADD`, `PAYCHRG`), as a telegraph code or a mainframe's
# transaction names its functions: a capitalised word reads as a shout or an acronym
_CAPS_WORD = re.compile(r"^[A-Z]{4,}$")
# a program's file name (`FINDMEM.EXE`, `send-sms.sh`): a name, a dot, an extension that runs
_PROGRAM = re.compile(rf"^[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*\.(?i:{RUNS})$")

# a dotted id whose operation is PascalCase (`Workshop_20250301.MoveRepair`, an AWS JSON
# target): a prompt names it in full or by its operation alone (`MoveRepair`)
_DOTTED_PASCAL = re.compile(r"^(?:[A-Za-z][\w-]*\.)+(?P<tool>[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)$")

# a stored procedure's name (`crm.usp_FindCustomer`, `dbo.sp_GetOrder`, `fn_CalcFee`): maybe a
# schema and a dot, a short lower-case kind prefix and an underscore, a PascalCase verb-noun
_PREFIXED = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9]*\.)?(?P<kind>[a-z]{1,4})_(?P<tool>[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)$"
)

# a dotted id whose service has a dash or whose last part is snake_case
# (`court-sched.move_booking`, `crm.find_contact`): the readers know the last part
_DOTTED = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*\.)+(?P<tool>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)$"
)

# the shapes the readers find an id by (`pattern_base.ANY_ID`): snake_case, camelCase and
# dotted names that open in lower case (`deploy.release.Rollback`); and the shapes whose
# first word they take for its verb: snake_case in lower case and camelCase
_READER_SHAPE = re.compile(
    r"^[a-z][a-z0-9]*(?:[._][A-Za-z][A-Za-z0-9]*)+$|^[a-z]+(?:[A-Z][a-z0-9]+)+$"
)
# an identifier the readers find as one word (`VLT_DRIVER_Lookup`), and a marker word in capitals
# among an id's words (gfortran's `MOD`)
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_MARKED = re.compile(r"(?:^|_)[A-Z]{2,}(?:_|$)")
_PLAIN_SHAPE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]+(?:[A-Z][a-z0-9]+)+$")
# an id's words, whatever joins them: `__divers_MOD_find_diver` is divers, MOD, find, diver;
# `Tallow.ArtistLookup.1` is Tallow, Artist, Lookup, 1
_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|\d+")
# what parts an id's groups of words: a dot, a colon, a slash, a doubled mark, or a mark
# beside a capital (`ServiceTask_FindWalker`)
_GROUPS = re.compile(r"[.:/\\]+|[_-]{2,}|(?<=[A-Za-z0-9])[_-](?=[A-Z])|(?<=[A-Z])[_-]")

# what may stand before a mention that opens its line: indentation, a list or quote marker
_LEAD = re.compile(r"[ \t]*(?:(?:[-*+>]|\d{1,3}[.)]|#{1,6})[ \t]+)*")

# a fenced block, from its opening fence to its closing one (or the end of the text)
_FENCED = re.compile(
    r"^[ \t]{0,3}(?P<f>`{3,}|~{3,})(?P<info>[^\n]*)\n(?P<body>.*?^[ \t]{0,3}(?P=f)[ \t]*$|.*\Z)",
    re.M | re.S,
)


def fenced_spans(text: str) -> list[tuple[int, int]]:
    """Where each fenced block of `text` starts and ends (its fences included); a diff of the
    prompt is no such block: it is read as the prompt text it leaves (`diff35`), nor is a
    register of rules (`register36`)."""
    from specgap.extract.diff35 import diff_block
    from specgap.extract.register36 import register_block

    return [
        (f.start(), f.end())
        for f in _FENCED.finditer(text)
        if not diff_block(f["info"], f["body"]) and not register_block(f["info"], f["body"])
    ]


# the parameters whose values name arguments, fields or kinds, never a tool: a value there
# spelled like a respelled tool is left alone; elsewhere (`before`, `from_tools`, `allowed`,
# ...) a value that is a respelled tool is that tool
_ARGUMENT_PARAMS = frozenset({"arg", "facet", "field", "selector", "items", "unit"})

Undo = Callable[
    [list[CandidateRule], list[Diagnostic]], tuple[list[CandidateRule], list[Diagnostic]]
]


# the styled ids of the whole agent, while its artifacts are extracted one by one (a prompt
# is extracted, and cached, apart from its tools files: `units.extract_all` keys the cache
# with these ids too)
_KNOWN: ContextVar[tuple[str, ...]] = variable("ids7_known", ())


@contextmanager
def known_ids(ids: tuple[str, ...]) -> Iterator[None]:
    """Within the block, prompts are respelled for these tool ids too."""
    token = _KNOWN.set(ids)
    try:
        yield
    finally:
        _KNOWN.reset(token)


def spellings_of(tool: str) -> frozenset[str]:
    """A tool's id and, within `known_ids`, the spelling its mentions are read in (a tool's own
    description names it so: "the lotId that `find_seedbank_lot` returned" is its own)."""
    return frozenset({tool, _spelt_now().get(tool, tool)})


def respelt_ids() -> dict[str, str]:
    """Within `known_ids`, each respelling a prompt's mentions are read in and the id it
    stands for."""
    return {said: tool for tool, said in _spelt_now().items()}


def _spelt_now() -> dict[str, str]:
    """Within `known_ids`, each styled id's respelling."""
    from specgap.extract.agent_params import tool_arguments

    known = _KNOWN.get()
    taken = tuple(sorted({*known, *tool_arguments()}))  # (every id the agent's tools define)
    return _known_spellings(known, taken)


@functools.lru_cache(maxsize=16)
def _known_spellings(ids: tuple[str, ...], taken: tuple[str, ...]) -> dict[str, str]:
    return _spellings(ids, taken) if ids else {}


def styled_ids(artifacts: Sequence[Artifact]) -> tuple[str, ...]:
    """The `server__tool`, kebab-case, SCREAMING_SNAKE and PascalCase tool ids the tools files
    among `artifacts` define (and any id spelled as one of their respellings)."""
    return tuple(_tool_ids(artifacts))


def tool_spellings(artifacts: Sequence[Artifact]) -> frozenset[str]:
    """Every tool id the tools files among `artifacts` define (and the build knows: a prompt is
    read alone, its agent's tools known by `agent_params`), each as written and as a prompt
    reads it once respelled (`book-slot` and `book_slot`)."""
    from specgap.extract.agent_params import tool_arguments

    ids = _declared(artifacts) | set(tool_arguments())
    spelled = _spellings(sorted(i for i in ids if _respelled_style(i)), ids)
    return frozenset(ids | set(spelled.values()))


def _declared(artifacts: Sequence[Artifact]) -> set[str]:
    """The ids the build knows and the tools files among `artifacts` define."""
    ids: set[str] = set(_KNOWN.get())
    ids.update(s.name for s in agent_specs(artifacts) if isinstance(s.name, str))
    return ids


def _tool_ids(artifacts: Sequence[Artifact]) -> list[str]:
    ids = _declared(artifacts)
    styled = {i for i in ids if _respelled_style(i)}
    # an id spelled as another's respelling is kept beside them, so that the two are
    # never confused (`respell_ids` then leaves them all alone)
    spellings = set(_spellings(sorted(styled), ids).values())
    return sorted(styled | {i for i in ids if i in spellings})


def _respelled_style(tool: str) -> bool:
    """Whether the id is respelt: one of the styles below, or of no shape a reader finds."""
    return _one_style(tool) or _unshaped(tool)


def _one_style(tool: str) -> bool:
    """Whether the id is in one of the styles `_spellings` spells by their shape."""
    kebab_or_server = _STYLED.match(tool) is not None and ("-" in tool or "__" in tool)
    dotted = bool(_DOTTED.match(tool) or _DOTTED_PASCAL.match(tool) or _PREFIXED.match(tool))
    screaming_or_pascal = bool(_SCREAMING.match(tool) or _PASCAL.match(tool) or _TITLE.match(tool))
    screaming_or_pascal = screaming_or_pascal or _capped(tool)
    numbered = _NUMBERED.match(tool) is not None
    program = _PROGRAM.match(tool) is not None or _CODE.match(tool) is not None
    program = program or _CAPS_WORD.match(tool) is not None
    wrapped = _WRAPPED.match(tool) is not None or _SCREAMING_DOTTED.match(tool) is not None
    wrapped = wrapped or _PACKAGE_DOTTED.match(tool) is not None or bool(_NS_CAMEL.match(tool))
    wrapped = wrapped or _KIND_PASCAL.match(tool) is not None
    wrapped = wrapped or _HANDLER.match(tool) is not None or _NATIVE.match(tool) is not None
    wrapped = wrapped or demangled(tool) is not None
    styled = kebab_or_server or dotted or screaming_or_pascal or numbered or program or wrapped
    return styled or bool(_fused(tool)) or bool(_abbreviated(tool))


def _unshaped(tool: str) -> bool:
    """An id of two words or more in no shape a reader finds (`Tallow.ArtistLookup.1`, a COM
    ProgID; `_Desk__find_rider`, Python's mangled private name): `_cores` may spell it as
    one. An identifier of letters, digits and underscores that opens with a letter
    (`VLT_DRIVER_Lookup`) is found as one word, and left as it is."""
    if _READER_SHAPE.match(tool) is not None or _IDENTIFIER.match(tool) is not None:
        return False
    return len(_WORDS.findall(tool)) > 1


# the verbs shell commands and terse APIs abbreviate (`lscust`, `mkvisit`, `rmcust`, `chkid`)
_SHORT_VERBS = ("chk", "upd", "del", "chg", "req", "ls", "mk", "mv", "rm", "cp")


def _abbreviated(tool: str) -> str:
    """A name written as one lower-case word that is no word of the lexicon and that `fused`
    cannot part, as shell commands and terse APIs abbreviate them (`mkvisit`, `lscust`,
    `chkid`, `sendsms`), as camelCase parted after its verb: a verb's usual abbreviation
    (`mkVisit`, `lsCust`, `chkId`), else the longest verb of the lexicon it opens with
    (`sendSms`); "" when it is none of these. One lower-case word reads as a word to the
    readers; the camelCase spelling reads as an id."""
    from specgap.operators.prose import lemmas

    if not (tool.isalpha() and tool.islower() and 4 <= len(tool) <= 24) or lemmas(tool):
        return ""
    if len(fused(tool)) > 1:
        return ""  # (`_fused` spells it)
    at = next((len(v) for v in _SHORT_VERBS if tool.startswith(v) and len(tool) - len(v) >= 2), 0)
    if not at:
        at = next((n for n in range(len(tool) - 2, 2, -1) if base_verb(tool[:n])), 0)
    return tool[:at] + tool[at].upper() + tool[at + 1 :] if at else ""


def _caps_word(word: str) -> str:
    """One word in capitals, in lower case as the readers know an id, at the same length:
    the words it runs together in camelCase (`VISITADD` -> `visitAdd`), a verb's usual
    abbreviation parted (`PAYCHRG` -> `payChrg`), else a code name that says nothing
    (`HERON`), its third letter an underscore (`he_on`): snake_case that no reader takes
    for a verb or a word (a first word of one letter reads as an initial, `h_ron`)."""
    return _fused(word) or _abbreviated(word) or f"{word[:2]}_{word[3:]}"


def _capped(tool: str) -> bool:
    """A camelCase id with an acronym or a one-letter last word that `_camel` respells."""
    return _CAMEL_CAPS.match(tool) is not None and _camel(tool) != tool


def _camel(tool: str) -> str:
    """A PascalCase id in the camelCase the readers know, at the same length: its first
    letter in lower case, an acronym's letters after its first too (`GetURLData` ->
    `getUrlData`), and a last word of one capital letter joined to the word before it
    (Win32's `FindThrowerW` -> `findThrowerw`, `BookLaneExW` -> `bookLaneExw`): a reader's
    camelCase word has a lower-case letter after its capital."""
    humps = _HUMPS.findall(tool)
    spelt = [humps[0].lower(), *(h[0] + h[1:].lower() for h in humps[1:])]
    if len(spelt) > 2 and len(spelt[-1]) == 1:
        spelt[-1] = spelt[-1].lower()
    return "".join(spelt)


def _fused(tool: str) -> str:
    """A name written as one lower-case word (`submitdraft`) as camelCase (`submitDraft`),
    its words parted by `resolve.text.fused`; "" when it is not one such name."""
    if not tool.isalpha() or not tool.islower():
        return ""
    parts = fused(tool)
    return parts[0] + "".join(p.capitalize() for p in parts[1:]) if len(parts) > 1 else ""


def _spellings(ids: Sequence[str], taken: Collection[str] = ()) -> dict[str, str]:
    """Each id's snake_case spelling a reader knows: a `server__tool` id its tool part when
    that has two words or more and no other tool has it (`pledges__redeem_pledge` ->
    `redeem_pledge`: the readers take an id's first word for its verb), else the id with
    single underscores (`search__query` -> `search_query`); a kebab id with underscores.
    `taken` are the ids the agent's tools define: an id's words are never spelled as one."""
    # (a doubled hyphen one underscore: `guest__record--find` -> `record_find`)
    bare = [re.sub(r"-+", "_", i.rpartition("__")[2]) for i in ids]
    spelled: dict[str, str] = {}
    rests = [n["tool"].replace("-", "_").lower() if (n := _NUMBERED.match(i)) else "" for i in ids]
    inner = [w["tool"].replace("-", "_") if (w := _WRAPPED.match(i)) else "" for i in ids]
    acts = [m[-1] for i in ids if (m := demangled(i)) is not None]  # (C++ symbols' methods)
    for tool, part, rest, name in zip(ids, bare, rests, inner, strict=True):
        if (symbol := demangled(tool)) is not None:
            # `_ZN2pq6Player4findEv` -> `find_player`, `_ZN2pq5Party9addExtrasEv` -> `addExtras`
            act, record = symbol[-1], symbol[-2]
            if re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]+)+", act) and acts.count(act) == 1:
                spelled[tool] = act
            elif act.isalpha() and act.islower() and record.isalpha():
                spelled[tool] = _verb_first(record.lower(), act)
        elif (dotted := _SCREAMING_DOTTED.match(tool) or _PACKAGE_DOTTED.match(tool)) is not None:
            spelled[tool] = _verb_first(dotted["a"].lower(), dotted["b"].lower())
        elif name:  # `__find_visitor__` -> `find_visitor`, when no other id gives it
            if inner.count(name) == 1 and name not in ids:
                spelled[tool] = name
        elif rest:  # `30-open-repair` -> `open_repair`, when no other id gives it
            if rests.count(rest) == 1 and rest not in ids:
                spelled[tool] = rest
        elif _PROGRAM.match(tool):  # `TEEBOOK.EXE` -> `teebook_exe`
            spelled[tool] = re.sub(r"[-.]", "_", tool).lower()
        elif code := _CODE.match(tool):
            # `RT03` -> `rt_3`, `ME21N` -> `me_1n`: lower case, an underscore in place of the
            # first digit, so that it reads as snake_case at the same length (two codes that
            # differ only in that digit give one spelling, and nothing is respelled)
            spelled[tool] = f"{code['l']}_{code['d'][1:]}{code['t']}".lower()
        elif _CAPS_WORD.match(tool):
            spelled[tool] = _caps_word(tool.lower())
        elif _SCREAMING.match(tool) or _TITLE.match(tool):
            # `GET_CLIENT`, `GET-CLIENT`, `Find_Member`, `Queue-Print`
            spelled[tool] = tool.replace("-", "_").lower()
        elif _PASCAL.match(tool) or _capped(tool):
            spelled[tool] = _camel(tool)  # `BookLane` -> `bookLane`, `bookUsingPOST` -> `...Post`
        elif camel := _fused(tool):
            spelled[tool] = camel  # `submitdraft` -> `submitDraft`
        elif camel := _abbreviated(tool):
            spelled[tool] = camel  # `mkvisit` -> `mkVisit`, `sendsms` -> `sendSms`
        elif not _one_style(tool):
            continue  # an id kept only because a respelling would be spelled as it is, or
            # one of no style (`_cores` spells it)
        elif (element := _KIND_PASCAL.match(tool)) is not None:
            part = element["tool"]  # `ServiceTask_FindWalker` -> `findWalker`
            if _alone(_KIND_PASCAL, "tool", part, ids):
                spelled[tool] = part[0].lower() + part[1:]
        elif (method := _NS_CAMEL.match(tool)) is not None:
            if _alone(_NS_CAMEL, "tool", method["tool"], ids):
                spelled[tool] = method["tool"]  # `crm_findFamily` -> `    findFamily`
        elif (native := _NATIVE.match(tool)) is not None:
            if _alone(_NATIVE, "method", native["method"], ids):
                spelled[tool] = native[
                    "method"
                ]  # `Java_uk_co_a_Orders_cancelOrder` -> `cancelOrder`
        elif (handler := _HANDLER.match(tool)) is not None:
            part = handler["tool"]  # `FindHirerButton_Click` -> `findHirer`
            if _alone(_HANDLER, "tool", part, ids):
                spelled[tool] = part[0].lower() + part[1:]
        elif (procedure := _PREFIXED.match(tool)) is not None:
            part = procedure["tool"]  # `crm.usp_FindCustomer` -> `findCustomer`
            if _alone(_PREFIXED, "tool", part, ids):
                spelled[tool] = part[0].lower() + part[1:]
        elif (operation := _DOTTED_PASCAL.match(tool)) is not None:
            part = operation["tool"]  # `Workshop_20250301.MoveRepair` -> `moveRepair`
            if sum(1 for i in ids if i.rpartition(".")[2] == part) == 1:
                spelled[tool] = part[0].lower() + part[1:]
        elif (dotted := _DOTTED.match(tool)) is not None:
            part = dotted["tool"]
            if sum(1 for i in ids if i.rpartition(".")[2] == part) == 1:
                spelled[tool] = part  # `court-sched.move_booking` -> `move_booking`
        else:
            alone = "__" in tool and "_" in part and bare.count(part) == 1
            spelled[tool] = part if alone else re.sub(r"_{2,}|-+", "_", tool)
    # what no style spelled in a reader's shape, spelled by its words (`_cores`)
    unspelled = [i for i in ids if i not in spelled and _unshaped(i)]
    # (a spelling with a marker word in capitals among its words: `divers_MOD_find_diver`)
    unplain = [i for i in spelled if _MARKED.search(spelled[i]) and not _PLAIN_SHAPE.match(i)]
    cores = _cores(sorted({*unspelled, *unplain}), taken)
    for tool, core in cores.items():
        if core not in spelled.values():
            spelled[tool] = core
    # what is still in no reader's shape, an opaque id (`K-7`, `ls(1)`, `B12`):
    # its letters and figures, lower case, joined by underscores, when no other id gives them
    opaque = {i: o for i in ids if i not in spelled and (o := _opaque(i)) is not None}
    given = {*spelled.values(), *ids, *taken}
    times = Counter(opaque.values())
    for tool, plain in opaque.items():
        if times[plain] == 1 and plain not in given:
            spelled[tool] = plain
    return spelled


def _opaque(tool: str) -> str | None:
    """An id of no style above and in no reader's shape, written with marks or figures
    (`K-7`, `ls(1)`, `B12`), spelled as snake_case no longer than it: its runs of letters
    and figures, lower case, joined by underscores, from its first letter; None for a word,
    an identifier the readers find as one, a dotted id, or an id too short to spell so."""
    if _READER_SHAPE.match(tool) or _PLAIN_SHAPE.match(tool):
        return None
    if not re.search(r"[^A-Za-z0-9_]|\d", tool) or len(tool) < 3 or "." in tool:
        return None  # (a dotted id is read as one already: `noact_dotted`)
    plain = re.sub(r"[^A-Za-z0-9]+", "_", tool).strip("_").lower()
    plain = re.sub(r"^[0-9_]+", "", plain)  # `404 Gone`: from its first letter
    if plain and "_" not in plain:
        # a figure's place an underscore (`b12` -> `b_2`), else the second letter's (`nf3` ->
        # `n_3`): the readers' snake_case at the same length
        at = next((n for n, c in enumerate(plain) if c.isdigit()), 0)
        at = at if 0 < at < len(plain) - 1 else 1
        plain = plain[:at] + "_" + plain[at + 1 :]
    if not _PLAIN_SHAPE.match(plain) or len(plain) > len(tool):
        return None
    return plain


def _cores(ids: Sequence[str], taken: Collection[str]) -> dict[str, str]:
    """The ids whose style no spelling above knows, or whose spelling is still no reader's
    shape (`__divers_MOD_find_diver` unwrapped is `divers_MOD_find_diver`), each spelled by
    what it says. Its words are taken without those every id of the file shares (a vendor, a
    package, a marker such as gfortran's `MOD`) and without numbers (a version), in groups:
    what a dot, a colon, a slash, a doubled mark, a mark beside a capital or a shared word
    parts (`_RideDiary__book_ride` is RideDiary, book_ride). The last group of two words or
    more that opens with a verb is the act (`book_ride`, `erase_dive_log`: the class or module
    names what is acted on); without one, every word kept (`Tallow.SessionBooking.3` ->
    `session_booking`), a last group of one verb put first, as `_verb_first` puts a record's
    operation (`deploy.release.Get` -> `get_deploy_release`), and so is a last word that is
    the only act (`Tallow.CardCharge.2` -> `charge_card`). In snake_case; only a spelling
    that names one id, and is no id itself, is kept."""
    said = {i: _WORDS.findall(i) for i in ids}
    shared = (
        set.intersection(*({w.casefold() for w in words} for words in said.values()))
        if len(said) > 2
        else set()
    )
    out: dict[str, str] = {}
    for tool in ids:
        groups: list[list[str]] = []
        for part in _GROUPS.split(tool):
            group: list[str] = []
            for word in _WORDS.findall(part):
                if word.casefold() in shared or word.isdigit():
                    groups.append(group)  # (a shared word parts what is on each side)
                    group = []
                else:
                    group.append(word.lower())
            groups.append(group)
        groups = [g for g in groups if g]
        kept = [w for g in groups for w in g]
        acts = [g for g in groups if len(g) > 1 and base_verb(g[0])]
        words = acts[-1] if acts else kept
        if not acts and len(groups) > 1 and len(groups[-1]) == 1 and base_verb(groups[-1][0]):
            words = [*groups[-1], *kept[:-1]]  # `deploy.release.Get` -> `get_deploy_release`
        elif _act_last(words):  # `CardCharge` -> `charge_card`: a reader's id opens with its act
            words = [words[-1], *words[:-1]]
        if len(words) > 1:
            out[tool] = "_".join(words)
    spellings = list(out.values())
    return {
        t: s
        for t, s in out.items()
        if spellings.count(s) == 1 and s not in ids and s not in taken and len(s) <= len(t)
    }


def _act_last(words: list[str]) -> bool:
    """Whether the last of an id's words is its only act: the only verb, or the only word the
    lexicon knows as an act of a tool (`card charge`: "card" is a verb too, but no tool's)."""
    if verb_only_last(words):
        return True
    acts = [bool(classes_of(verb_key(w))) for w in words]
    return len(words) > 1 and acts[-1] and not any(acts[:-1])


def _alone(style: re.Pattern[str], group: str, part: str, ids: Sequence[str]) -> bool:
    """Whether `part` (the act an id of `style` says in `group`) is said by that id alone, so
    that respelling it as `part` names one tool."""
    return sum(1 for i in ids if (o := style.match(i)) and o[group] == part) == 1


def _verb_first(record: str, operation: str) -> str:
    """`DRIVER.FIND` -> `find_driver` (the same length): the readers take an id's first word
    for its verb; `a_b` when the operation is no verb (`BOOKING.STATUS`)."""
    if "_" not in operation and base_verb(operation):
        return f"{operation}_{record}"
    return f"{record}_{operation}"


def respell_ids(artifacts: Iterable[Artifact]) -> tuple[tuple[Artifact, ...], Undo]:
    """The artifacts with each prompt's mentions of `server__tool` and kebab-case tool ids
    respelled as snake_case at the same length, and the function that gives the rules and
    notes read from them back their own ids and words (module docstring)."""
    given = tuple(artifacts)
    ids = _tool_ids(given)
    if not ids:
        return given, lambda rules, notes: (rules, notes)
    spelled = _spellings(ids, _declared(given))
    plain = {p: i for i, p in spelled.items()}
    if len(plain) != len(spelled) or any(p in set(ids) for p in plain):
        return given, lambda rules, notes: (rules, notes)  # two ids one spelling: leave them
    ids = sorted(spelled)
    # a dotted id's operation said alone (`MoveRepair` of `Workshop_20250301.MoveRepair`)
    declared = _declared(given)
    alone = {
        o["tool"]: i
        for i in ids
        if (o := _DOTTED_PASCAL.match(i)) is not None and o["tool"] not in declared
    }
    # a C++ symbol said demangled (`pq::Player::find`, `Player::find` of
    # `_ZN2pq6Player4findEv`), when its spelling is no longer than what is said
    for i in ids:
        if (symbol := demangled(i)) is not None:
            for said in ("::".join(symbol), "::".join(symbol[-2:])):
                if said not in declared and len(said) >= len(spelled[i]):
                    alone.setdefault(said, i)
    if not ids and not alone:  # no id has a spelling to read it in (`vist.004.001.01`)
        return given, lambda rules, notes: (rules, notes)
    found = re.compile(
        r"(?<![\w.-])(`?)("
        + "|".join(re.escape(i) for i in sorted([*ids, *alone], key=len, reverse=True))
        + r")(?![\w-]|-\w)"
    )

    def respell(m: re.Match[str]) -> str:
        tool = m.group(2)
        if any(a <= m.start() < b for a, b in fenced):
            return m.group(0)  # a config block or an example: its own readers, its own text
        if tool in alone:  # the operation alone: its own length, as the id respelled
            return m.group(1) + spelled[alone[tool]].ljust(len(tool))
        pad = " " * (len(tool) - len(spelled[tool]))
        line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
        if _LEAD.fullmatch(line):  # first on its line: spaces in front would indent it
            return m.group(1) + spelled[tool] + pad
        return pad + m.group(1) + spelled[tool]

    out: list[Artifact] = []
    originals: dict[str, str] = {}
    respelled: dict[str, str] = {}
    for artifact in given:
        described = _description_spans(artifact) if artifact.kind == "tools" else []
        if (artifact.kind != "prompt" and not described) or not found.search(artifact.text):
            out.append(artifact)
            continue
        if described:  # a tools file: inside its descriptions only, never an id as declared
            fenced = []
            text = _within(artifact.text, described, lambda t: found.sub(respell, t))
        else:
            fenced = fenced_spans(artifact.text)
            text = found.sub(respell, artifact.text)
        if len(text) != len(artifact.text):  # never: each respelling keeps its length
            out.append(artifact)
            continue
        originals[artifact.path] = artifact.text
        respelled[artifact.path] = text
        out.append(
            Artifact(
                artifact.kind, artifact.path, text, artifact.sha256, artifact.data, artifact.ranges
            )
        )
    if not originals:
        return given, lambda rules, notes: (rules, notes)
    back = re.compile(  # (never the part of a dotted id: `member-hub.freeze_membership`)
        r"(?<![\w.-])("
        + "|".join(re.escape(p) for p in sorted(plain, key=len, reverse=True))
        + r")(?![\w-])",
        re.I,  # a reader may have folded a mention's case ("call moverepair")
    )
    folded = {p.casefold(): i for p, i in plain.items()}

    def words(text: str) -> str:
        return back.sub(lambda m: plain.get(m.group(1)) or folded[m.group(1).casefold()], text)

    def value(v: Any) -> Any:
        if isinstance(v, str):
            return plain.get(v, v)
        if isinstance(v, list):
            return [value(x) for x in v]
        if isinstance(v, tuple):
            return tuple(value(x) for x in v)
        return v

    def undo(
        rules: list[CandidateRule], notes: list[Diagnostic]
    ) -> tuple[list[CandidateRule], list[Diagnostic]]:
        mended: list[CandidateRule] = []
        for rule in rules:
            original = originals.get(rule.span.path)
            if original is None:
                mended.append(rule)
                continue
            at = slice(rule.span.start_byte, rule.span.end_byte)  # ASCII ids: bytes align
            said, own = respelled[rule.span.path].encode()[at], original.encode()[at]
            params = {k: _param(k, v, value, words) for k, v in rule.params.items()}
            mended.append(
                rule.model_copy(
                    update={
                        "target": words(rule.target) if rule.target else None,
                        "mentions": tuple(words(m) for m in rule.mentions),
                        "params": params,
                        "text": rule.text,  # as read: later readers find ids in it
                        "quote": own_text(rule.quote, said, own),
                    }
                )
            )
        fixed = [
            n.model_copy(update={"message": words(n.message)})
            if n.span is not None and n.span.path in originals
            else n
            for n in notes
        ]
        return mended, fixed

    return tuple(out), undo


def _description_spans(artifact: Artifact) -> list[tuple[int, int]]:
    """Where a JSON tools file's description strings are (a tool's and its arguments'): the
    prose the description readers decode from the file's text."""
    if not artifact.text.lstrip().startswith(("{", "[")):
        return []
    return sorted(
        (start, end)
        for pointer, (start, end) in artifact.ranges.items()
        if pointer.endswith("/description") and artifact.text[start : start + 1] == '"'
    )


def _within(text: str, spans: list[tuple[int, int]], change: Callable[[str], str]) -> str:
    """`text` with `change` applied to each span alone (each change keeps its length)."""
    parts, at = [], 0
    for start, end in spans:
        if start < at:
            continue
        parts += [text[at:start], change(text[start:end])]
        at = end
    return "".join([*parts, text[at:]])


def _param(key: str, v: Any, value: Callable[[Any], Any], words: Callable[[str], str]) -> Any:
    if key in _ARGUMENT_PARAMS:
        return v
    if key == "label" and isinstance(v, str):
        return words(v)
    return value(v)


def own_text(text: str, said: bytes, own: bytes) -> str:
    """`text` as the file has it: the respelled span's characters give way to the file's at
    the same offsets (a respelling keeps every offset); text from elsewhere stays as read."""
    at = said.find(text.encode()) if text else -1
    if at < 0:
        return text
    return own[at : at + len(text.encode())].decode(errors="replace")

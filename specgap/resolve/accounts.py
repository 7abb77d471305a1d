"""An identification required before every action on a person's account (read by
`specgap.extract.identify_first`): one `require_before` per tool acting on the account, each
requiring the lookups (any one of them) first.

Which tools act on the account (see `docs/grammar.md`, "Identify first"): every tool that is
not a hook, not one of the lookups themselves, and takes an argument identifying the person
or the account, by the registry's argument names: `<person> id` / `<person> number`
(`member_id`, `customerId`, `patient_number`), or `account id`, where the person words are
the sentence's noun ("member") and what the lookups' names read before their `by`
(`find_member_by_card`: member; `find_user_id_by_email`: user). A scope of changes only
("before any change to their account") leaves out the tools that only read; one of reads
only ("before disclosing their information"), the tools that change something.

Never a guess: when the lookups do not resolve to tools (one, or a set any one of which
will do), or no tool takes such an argument, the rule stays the single rule over every call
(`*`, reviewed, never enforced), with the reason kept as its condition so the compiler
reports it (`condition-not-bound`).
"""

from __future__ import annotations

from collections.abc import Iterable

from specgap.ir import CandidateRule, Diagnostic
from specgap.registry import Tool
from specgap.resolve import Resolver, words
from specgap.resolve.alternatives import _keyed_object, _reads, alternatives
from specgap.resolve.order3_accounts import ACTS, EXISTING, narrowed, reached

_KEYS = frozenset(words("id ids number no num code"))
_ACCOUNT = frozenset(words("account"))
# the params the extractor adds, never part of a condition
_OWN = ("account", "touches", EXISTING, ACTS)
_UNKNOWN = "the tools acting on the account could not be determined"


def expand_accounts(
    resolver: Resolver, rules: Iterable[CandidateRule]
) -> tuple[tuple[CandidateRule, ...], tuple[Diagnostic, ...]]:
    """The rules, each identify-first rule over an account replaced by its copies, one per
    tool acting on the account (module doc), other rules unchanged; and a located
    `condition-not-bound` note per rule whose account tools could not be determined."""
    out: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for rule in rules:
        if rule.operator != "require_before" or rule.target != "*" or "account" not in rule.params:
            out.append(rule)
            continue
        copies = _spread(resolver, rule)
        out.extend(copies)
        if len(copies) == 1 and copies[0].target == "*" and copies[0].condition != rule.condition:
            who = rule.params.get("account") or "person"
            notes.append(
                Diagnostic(
                    code="condition-not-bound",
                    message=f"`require_before` holds before every action on the account, but "
                    f"{_UNKNOWN} (no tool takes an argument naming the {who} or the account), "
                    "so the rule stays over every call, `review_only`",
                    severity="note",
                    span=rule.span,
                    help="name the tools that act on the account, or give them an argument "
                    "such as `<person>_id`",
                )
            )
    return tuple(out), tuple(notes)


def _spread(resolver: Resolver, rule: CandidateRule) -> list[CandidateRule]:
    params = {k: v for k, v in rule.params.items() if k not in _OWN}
    person_word = str(rule.params.get("account", ""))
    lookups = None
    if isinstance(params.get("before"), str) and person_word and not _said(resolver, person_word):
        # "verify the caller's identity": a role the tools never name; read as what the
        # registry's one family of lookups reads (`find_member_by_card`: the member)
        read = _one_read(resolver)
        if read is not None:
            said = " ".join(str(params.get("before", "")).replace(person_word, read).split())
            found = alternatives(resolver, said)
            lookups = found or _lookups(resolver, said)
            if lookups is not None:
                params["before"] = list(found) if found else said
    if lookups is None:
        lookups = _lookups(resolver, params.get("before"))
    if lookups is None:
        return [rule.model_copy(update={"params": params})]  # the mention is reported as is
    person = set(words(str(rule.params.get("account", ""))))
    for tool_id in lookups:
        person |= set(_keyed_object(tool_id) or ()) - _KEYS
    touches = str(rule.params.get("touches", "all"))
    acting = [
        t
        for t in resolver.registry.tools
        if not t.hook
        and t.id not in lookups
        and _identifies(t, person)
        and _touched(touches, _reads(resolver, t.id))
    ]
    acting = narrowed(rule.params, acting)  # "an existing permit", "share or change any X"
    if not acting:
        kept = _UNKNOWN
        condition = f"{rule.condition}; {kept}" if rule.condition else kept
        return [rule.model_copy(update={"params": params, "condition": condition})]
    # one lookup: the mention, so the compiler weighs its own resolution as for any rule
    before = params["before"] if len(lookups) == 1 else list(lookups)
    tools = [t for t in resolver.registry.tools if _touched(touches, _reads(resolver, t.id))]
    # "cancel_hold(hold_id)" when `list_holds` lists hold ids: reviewed (a description's)
    listed = narrowed(rule.params, reached(tools, acting, lookups))
    return [
        rule.model_copy(update={"target": t.id, "params": {**params, "before": before}})
        for t in acting
    ] + [
        rule.model_copy(
            update={"target": t.id, "params": {**params, "before": before}, "grounding": "inferred"}
        )
        for t in listed
    ]


def _lookups(resolver: Resolver, before: object) -> tuple[str, ...] | None:
    """The tool ids `before` names (a list of ids, or a mention resolving to one tool)."""
    if isinstance(before, list | tuple):
        ids = [resolver.registry.canonical(str(b)) for b in before]
        return tuple(sorted(i for i in ids if i)) if all(ids) else None
    if isinstance(before, str):
        res = resolver.resolve(before)
        if res.status == "resolved" and res.tool_id is not None:
            return (res.tool_id,)
    return None


def _touched(touches: str, reads: bool) -> bool:
    """A tool that only reads is in a scope of reads or of everything; one that changes
    something, in a scope of changes or of everything."""
    return touches == "all" or (touches == "reads") == reads


def _one_read(resolver: Resolver) -> str | None:
    """What every lookup of the registry reads (the words of its name before `by`, keys
    left out), when they all read the same thing; None otherwise."""
    reads = {
        tuple(w for w in read if w not in _KEYS)
        for t in resolver.registry.tools
        if (read := _keyed_object(t.id)) is not None and _reads(resolver, t.id)
    }
    return " ".join(next(iter(reads))) if len(reads) == 1 and all(reads) else None


def _said(resolver: Resolver, word: str) -> bool:
    """A tool's name or argument names say the word."""
    wanted = set(words(word))
    return any(
        wanted <= set(words(t.id)) or any(wanted <= set(words(a)) for a in t.arg_names)
        for t in resolver.registry.tools
    )


def _identifies(tool: Tool, person: set[str]) -> bool:
    """An argument names the person (or the account) and a key: `member_id`, `account_id`."""
    for arg in tool.arg_names:
        said = words(arg)
        if len(said) >= 2 and said[-1] in _KEYS and set(said[:-1]) & (person | _ACCOUNT):
            return True
    return False

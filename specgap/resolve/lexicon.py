"""Verb classes for reading a verb phrase ("reschedule the pickup") as a tool call.

A class groups the verbs prose uses for one kind of action. Two verbs of one class may name
the same tool (`reschedule` for `update_booking_time`); verbs of disjoint classes never do
(`cancel` is not a `get`); `attach` and `detach` relate one thing to another, whichever the
verb takes as its object ("assign access groups", "add the user to groups"). A verb may
belong to several classes where English uses it so
(`issue` a ticket creates it, `issue` a refund pays one; `send` is a message, money or
goods, `ship` only goods). Every entry is a base form; the
lookup folds inflection with the resolver's own stemmer, so `rescheduling`, `cancelled`
and `extends` find their class.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from specgap.resolve.text import stem

VERB_CLASSES: dict[str, tuple[str, ...]] = {
    "create": (
        "create", "book", "add", "open", "register", "make", "place", "enroll", "set up",
        "generate", "start", "insert", "build", "schedule", "reserve", "file", "log", "record",
        "submit", "issue", "order", "provision", "onboard", "draft", "save", "write", "put",
        "initiate", "sign up", "subscribe", "apply", "store", "post", "give", "rent", "hire",
        "lease", "hand out", "hand over", "rebook", "reissue", "arrange", "refill", "prescribe",
        "admit", "waitlist", "lend", "hand",
    ),
    "read": (
        "read", "get", "search", "list", "find", "look up", "lookup", "check", "fetch",
        "retrieve", "view", "show", "query", "see", "display", "inspect", "browse", "lookup",
        "verify", "validate", "look", "count", "calculate", "compute", "determine", "review",
        "export", "download", "load", "describe", "track", "monitor", "identify",
        "authenticate", "locate", "pull up", "bring up", "pull",
    ),
    "update": (
        "update", "modify", "change", "edit", "upgrade", "downgrade", "reschedule", "extend",
        "move", "set", "adjust", "alter", "amend", "rename", "replace", "switch", "toggle",
        "assign", "reassign", "shorten", "correct", "fix", "reset", "enable", "disable",
        "activate", "freeze", "unfreeze", "lock", "unlock", "suspend", "resume", "approve",
        "deny", "reject", "grant", "mark", "flag", "link", "merge", "apply", "patch", "put",
        "configure", "convert", "upload", "deactivate", "turn on", "turn off", "pause",
        "unpause", "reactivate", "reroute", "redirect", "divert", "reinstate",
        "restore", "reconnect", "postpone", "defer", "resize", "reopen", "shut off",
        "accept", "decline", "swap", "block", "unblock",
    ),
    "delete": (
        "delete", "cancel", "remove", "close", "revoke", "terminate", "deactivate", "archive",
        "unassign", "drop", "erase", "purge", "void", "withdraw", "discard", "destroy",
        "unsubscribe", "disconnect", "deprecate", "clear", "wipe", "waive", "release",
        "shut off", "discharge", "offboard", "dismiss",
    ),
    # sending is three kinds of action: a message, money, goods. "send" and "transfer" may
    # be any of them; "ship" the goods is never crediting an account nor e-mailing someone
    "send": (
        "send", "transfer", "post", "issue", "notify", "email", "message", "share", "forward",
        "publish", "reply", "deliver", "transmit", "escalate", "dispatch", "alert", "invite",
        "submit", "mail", "text", "contact", "give", "hand out", "hand over", "resend",
        "reissue", "release", "page", "remind", "hand",
    ),
    "pay": (
        "send", "transfer", "pay", "refund", "issue", "charge", "wire", "remit", "reimburse",
        "credit", "give", "hand out", "hand over", "reissue", "release", "debit", "bill",
        "invoice", "pay out", "hand",
    ),
    "deliver": ("send", "deliver", "dispatch", "ship", "mail"),
    # arriving and leaving (a guest, a loaned item): a kind of its own, which only a tool
    # named or described by it does; never reading the guest ("check" alone) nor any change
    "check in": ("check in", "check out", "check-in", "checkout"),
    # relating one thing to another: "assign a role to a user" and "add a user to a group"
    # both make one belong to the other, whichever of the two the verb takes as object
    "attach": (
        "assign", "add", "attach", "link", "associate", "allocate", "enroll", "grant",
        "bind", "connect", "subscribe", "join", "give", "hand out", "hand over", "hand",
    ),
    # running a thing that is itself a program (a plugin, a script, a tool, a job): only the
    # word `invoke` says it in a mention (`specgap.extract.tuned_invoke` writes "before using
    # it" so); "use", "run", "call" also mean applying, generating or phoning, so they stay
    # out of every class and a tool named by them gets the class by `RUNS` instead
    "invoke": ("invoke",),
    "detach": (
        "unassign", "remove", "detach", "unlink", "disassociate", "deallocate", "unenroll",
        "revoke", "unbind", "disconnect", "unsubscribe",
    ),
}  # fmt: skip

# a verb followed by one of these is read as one verb ("look up", "set up", "sign up")
PARTICLES = frozenset({"up", "out", "off", "down", "back", "over", "in", "on", "away"})

# verbs English also uses, unchanged, as the noun of their own act ("a change", "the slip
# lookup", "any deposit refund"); not those whose noun is a thing ("a message", "a list",
# "an order", "store credit")
ZERO_NOUNS = frozenset(
    {"change", "changes", "refund", "refunds", "lookup", "lookups", "check", "checks",
     "search", "searches", "update", "updates", "transfer", "transfers", "reset", "upgrade",
     "upgrades", "downgrade", "edit", "edits", "charge", "fix", "move"}
)  # fmt: skip

# generic verbs: they say which kind of action, not which tool ("change" alone names none)
GENERIC = frozenset(
    stem(v)
    for v in (
        "create", "add", "make", "get", "read", "list", "find", "check", "update", "modify",
        "change", "edit", "set", "delete", "remove", "send", "do", "handle", "process", "manage",
        "search", "fetch", "retrieve", "view", "show", "alter", "adjust", "look up", "lookup",
        "look",
    )
)  # fmt: skip


# verbs that name their own action within their class: "export the passwords" is not a
# synonym of searching them, as "look up" is of "get"; a tool named by another verb of the
# class is weaker evidence for them (`SPECIFIC` in `specgap.resolve.actions`)
SPECIFIC = frozenset(
    "".join(stem(w) for w in v.split())  # a phrasal verb's key, as `verb_key` makes it
    for v in (
        "export", "download", "calculate", "compute", "count", "verify", "validate",
        "determine", "review", "track", "monitor", "authenticate", "rename", "convert",
        "upload", "approve", "reject", "deny", "grant", "sign up",
        "subscribe", "unsubscribe", "estimate", "revoke", "archive", "assign", "unassign",
        "waive", "upgrade", "downgrade", "reply",
    )
)  # fmt: skip

# verbs that undo each other: one is no evidence for a tool named by the other
# ("activate two-factor authentication" is not `disable_two_factor_authentication`)
_ON = ("enable", "activate", "unlock", "unfreeze", "unblock", "resume", "turn on", "open",
       "start", "connect", "follow", "subscribe", "grant", "approve", "add", "unpause",
       "reactivate", "restore", "reconnect", "reinstate", "reopen", "accept")  # fmt: skip
_OFF = ("disable", "deactivate", "lock", "freeze", "block", "suspend", "turn off", "close",
        "stop", "disconnect", "unfollow", "unsubscribe", "revoke", "reject", "remove",
        "pause", "shut off", "decline")  # fmt: skip


def _classes() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for name, verbs in VERB_CLASSES.items():
        for verb in verbs:
            out.setdefault(verb_key(verb), set()).add(name)
    return {k: frozenset(v) for k, v in out.items()}


def verb_key(verb: str) -> str:
    """The lookup key of a verb or phrasal verb: its words stemmed, run together."""
    return "".join(stem(w) for w in verb.casefold().split())


CLASS_OF: dict[str, frozenset[str]] = _classes()

# the verbs of a tool's name that run the thing it names (`run_plugin`, `scripts.execute`,
# `call_agent_tool`): such a tool is also of the `invoke` class; the mention side keeps
# these verbs classless (see `VERB_CLASSES["invoke"]`)
RUNS = frozenset(
    verb_key(v) for v in ("invoke", "call", "run", "execute", "launch", "trigger", "use")
)

# actions that change nothing: a read verb never names a tool the registry vouches only writes
READ_ONLY_CLASSES = frozenset({"read"})


_ON_KEYS = frozenset(verb_key(v) for v in _ON)
_OFF_KEYS = frozenset(verb_key(v) for v in _OFF)
# verbs that switch a thing's state on or off, not what it relates to nor whether it exists
SWITCHES = frozenset(
    verb_key(v)
    for v in (
        "enable", "disable", "activate", "deactivate", "lock", "unlock", "freeze",
        "unfreeze", "block", "unblock", "suspend", "resume", "turn on", "turn off", "pause",
        "unpause", "reactivate",
    )
)  # fmt: skip
_UNDOING = ("un", "de", "dis")
# verbs of one class that move the same thing the other way: taking money is not giving it
# back ("refund the deposit" is not `charge_deposit`), lending is not taking back
_OPPOSED = (("charge", "refund"), ("charge", "reimburse"), ("debit", "credit"),
            ("lend", "return"), ("borrow", "return"), ("check in", "check out"),
            ("upgrade", "downgrade"))  # fmt: skip


def _reversed() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for a, b in _OPPOSED:
        out.setdefault(verb_key(a), set()).add(verb_key(b))
        out.setdefault(verb_key(b), set()).add(verb_key(a))
    return {k: frozenset(v) for k, v in out.items()}


_REVERSED = _reversed()


def opposite(verb: str, others: frozenset[str]) -> bool:
    """Whether a verb key undoes what a tool's verbs do: one of them turns off what it turns
    on (or the reverse) and none turns it on too, or one is it with `un`/`de`/`dis` before
    it (`follow`/`unfollow`). "Enable or disable the account" is both, so neither undoes it."""
    return verb in undone_by(others)


@lru_cache(maxsize=4096)
def undone_by(others: frozenset[str]) -> frozenset[str]:
    """The verb keys that undo the verbs `others` (see `opposite`)."""
    out: set[str] = set()
    on, off = bool(others & _ON_KEYS), bool(others & _OFF_KEYS)
    if off and not on:
        out |= _ON_KEYS
    if on and not off:
        out |= _OFF_KEYS
    for o in others:
        out.update(_REVERSED.get(o, ()))
        for p in _UNDOING:
            out.add(p + o)
            if o.startswith(p):
                out.add(o[len(p) :])
    if on:
        out -= _ON_KEYS
    if off:
        out -= _OFF_KEYS
    return frozenset(out - others)


def classes_of(key: str) -> frozenset[str]:
    """The classes of a verb key (see `verb_key`); empty for a verb the lexicon lacks."""
    return CLASS_OF.get(key, frozenset())


def verb_last(words: Sequence[str]) -> bool:
    """A tool name said noun first and verb last (`plot_release`, `member_lookup`): its last
    word is a verb of the lexicon's classes and its first word is none."""
    return (
        len(words) > 1
        and not classes_of(verb_key(words[0]))
        and bool(classes_of(verb_key(words[-1])))
    )


def result_states(verb: str) -> tuple[str, ...]:
    """The stems of the states a verb key leaves its object in, as an argument's listed
    values say them: its participle, which stems as the verb does (`disabled`, `locked`);
    for a verb made of an adjective with `-ate`, that adjective (`activate`: active), and
    with `de-` before it, its negation (`deactivate`: inactive)."""
    out = [verb]
    if verb.endswith("at") and len(verb) > 4:
        base = verb[:-2]  # activat -> activ
        if base.startswith("de"):
            out.append("in" + base[2:])
        else:
            out.append(base)
    return tuple(out)

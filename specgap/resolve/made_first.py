"""A thing named with no verb is the thing made, not the thing given back: "one deposit per
appointment", "deposits run from 50 to 200" speak of the deposit taken (`take_deposit`),
not of `return_deposit`, which gives one back.

When a mention is one noun alone, after a determiner if any (no verb the lexicon or the
tools know, no action noun: "a refund", "the cancellation" name their acts and are left
alone; "hold a plant" has a verb, known or not), and the tools tied at the top of its
evidence include both tools whose name's verb undoes what another does (a verb of the
`delete` class, "return", "refund", "reimburse", "repay", "reverse", "undo", "revert", or a
verb of paying or sending with "back": `pay_back_deposit`) and tools whose verb does not,
the undoing tools are lowered below the others (an aside, never a resolution of their own).
Any other mention, or a tie of undoing tools only, is left as it is.
"""

from __future__ import annotations

from specgap.resolve.evidence import Evidence, near_top, set_aside
from specgap.resolve.lexicon import classes_of, verb_key
from specgap.resolve.text import own_words, split
from specgap.resolve.verbs import parse_action

__all__ = ["made_not_undone"]

_DETERMINERS = frozenset({"a", "an", "the", "any", "each", "every", "one", "all", "no"})
_UNDOING = frozenset(
    verb_key(v)
    for v in ("return", "refund", "reimburse", "repay", "reverse", "undo", "revert", "rollback")
)


def _undoing(key: str) -> bool:
    return key in _UNDOING or "delete" in classes_of(key)


def _undoes(tool_id: str) -> bool:
    """Whether a tool's name opens with a verb that undoes what another tool does (a prefix
    that is no verb before it skipped: `fnRefundPayment`, `v1_return_money`)."""
    words = own_words(tool_id)
    at = next(
        (n for n, w in enumerate(words[:2]) if classes_of(verb_key(w)) or _undoing(verb_key(w))),
        None,
    )
    if at is None:
        return False
    key = verb_key(words[at])
    if _undoing(key):
        return True
    # `pay_back_deposit`, `give_back_key`: money or goods sent back ("go back" is no undoing)
    return words[at + 1 : at + 2] == ["back"] and bool(classes_of(key) & {"pay", "send"})


def made_not_undone(mention: str, found: dict[str, Evidence], known: frozenset[str]) -> None:
    """Lower, in `found`, the undoing tools of a near tie a bare noun names (module doc)."""
    words = [w for w in split(mention.casefold()) if w not in _DETERMINERS]
    if not found or len(words) != 1:
        return  # "hold a plant": a verb, even one no lexicon knows
    said = parse_action(mention, known)
    if said is not None and _undoing(said.verb):
        return  # "refund", "cancellation": the act named, an undoing one its own tool's
    tied = near_top(found)
    undoing = [t for t in tied if _undoes(t)]
    doing = [t for t in tied if t not in undoing]
    if undoing and doing:
        set_aside(
            found, undoing, doing, "it gives back what the noun names, which another tool makes"
        )

"""An `arg_grounded` over every call (`*`) whose `arg` is a phrase of prose ("booking id",
"the new slot"), bound to the argument the tools carry that value in, or reported.

The readers leave the phrase as it was said; the check would match it against argument
names at run time, and a phrase no argument is named by checks nothing (or the wrong
thing). Here, at compile time, each tool says which of its arguments the phrase names: its
name spelled alike (`booking id`: `booking_id`, `bookingId`), or, when no tool spells it
so, the one argument carrying "<thing> id" (`specgap.id_arguments`: "kiln number" for
`kiln_no`). Then:

- every tool that has one names the same argument: one rule over every call, on that
  argument (`arg`: its name); so too when the tools spell it differently but the check
  finds them all by one of the names (`lotId` finds `lotIds` and `lot_id`);
- no tool has it, or tools name different arguments by it (a tie): for a kind read by
  `specgap.extract.args4_kinds`, nothing is compiled and a located `unknown-argument` note
  says so (never a rule whose argument is a phrase); another reader's phrase ("payment
  method") is left to be matched against argument names at check time, as before.

A rule already on an argument's name, or with no `arg` (every identifier of the call), is
left as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from specgap.extract.args4_kinds import kind_origins
from specgap.ir import Diagnostic, ResolvedRule, Selector
from specgap.registry import Registry, Tool
from specgap.resolve.text import compact

__all__ = ["bound_kinds"]

_ANY = "*"


Identifier = Callable[[Tool, str], Selector | None]


def bound_kinds(
    resolved: ResolvedRule,
    registry: Registry,
    diagnostics: list[Diagnostic],
    identifier: Identifier,
) -> list[ResolvedRule] | None:
    """The rule bound to its argument (module docstring): a list of rules to compile ([]
    when nothing binds, with a note), or None when the rule is no such rule. `identifier`:
    the one argument of a tool carrying "<thing> id" (`specgap.id_arguments`, passed in by
    the compiler, a layer above)."""
    rule = resolved.rule
    phrase = rule.params.get("arg")
    if rule.operator != "arg_grounded" or rule.target != _ANY or not isinstance(phrase, str):
        return None
    tools = [t for t in registry.tools if not t.hook]
    if not tools or any(phrase in t.all_arg_names for t in tools):
        return None  # already an argument's name
    wanted = compact(phrase)
    spelled = {a for t in tools for a in t.arg_names if compact(a) == wanted}
    said = phrase.split()
    if not spelled and len(said) > 2 and said[-1].casefold() == "number":
        # "bike serial number": `bike_serial` when no argument says "number" (never
        # `booking_id` for "booking number": `specgap.spread` trims alike)
        trimmed = compact(" ".join(said[:-1]))
        spelled = {a for t in tools for a in t.arg_names if compact(a) == trimmed}
    # a name spelled as said wins over one only carrying "<thing> id" (`source_lot_id`)
    names = spelled or {a for t in tools if (a := _identifier(identifier, t, phrase)) is not None}
    arg = _spelled_alike(names)
    if arg is not None:
        params = {**rule.params, "arg": arg}
        return [resolved.model_copy(update={"rule": rule.model_copy(update={"params": params})})]
    if phrase not in {e.params.get("arg") for e in kind_origins(rule.text)}:
        return None  # another reader's phrase: matched against argument names at check time
    diagnostics.append(
        Diagnostic(
            code="unknown-argument",
            message=f"where `{phrase}` comes from is said, but no one argument of the tools "
            "is named so; nothing is compiled",
            severity="warning",
            span=rule.span,
            help="name the argument as the tools do",
        )
    )
    return []


def _spelled_alike(names: set[str]) -> str | None:
    """The name every other one of `names` begins with as the check compares argument names
    (`key_words`: `lotId` for `lotIds`, `lot_id`), or None."""
    from specgap.operators.evidence import key_words

    for name in sorted(names, key=lambda n: (len(key_words(n)), n)):
        if all(key_words(other).startswith(key_words(name)) for other in names):
            return name
    return None


def _identifier(identifier: Identifier, tool: Tool, phrase: str) -> str | None:
    """The one argument of `tool` carrying the identifier "<thing> id" names, or None."""
    selector = identifier(tool, phrase)
    return selector.arg if selector is not None and selector.arg else None

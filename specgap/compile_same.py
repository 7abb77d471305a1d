"""Binding the entity of a same-entity ordering ("look up the booking before cancelling it")
to the argument of the target tool that carries it.

An extracted `require_before` rule may carry `same_as`, the noun naming the entity the two
calls share (`booking`). It is bound to `same`, a selector of the target tool's argument,
only when that is certain: a registry facet of the tool is named by the noun and selects a
whole argument (`facets: {file: {arg: Body}}`: the project's own word), or the noun says the
kind of identifier exactly one id-like argument holds ("the same reference": `booking_ref`,
"the same code": `voucher_code`), or the noun names
exactly one argument of the tool by name
(`specgap.resolve.arguments`, as a facet is bound) and that argument is id-like (named
`*_id`, `*_number`, `*_code`, `*_key`, `*_path`, `*_name`, an e-mail..., and holding strings
or integers). Otherwise the rule stays the plain ordering and a `same-entity-not-bound` note
says the same-entity part is not enforced.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.evidence import key_words, named_like
from specgap.operators.prose import singular
from specgap.registry import Tool
from specgap.resolve.arguments import SHORT_FORMS, resolve_argument

SAME_AS = "same_as"
_IDLIKE = frozenset(
    {"id", "ids", "number", "no", "num", "code", "key", "ref", "reference", "path", "name"}
    | {"email", "sku", "uuid", "slug", "handle", "filename", "url", "uri"}
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SCALAR = frozenset({"string", "integer"})


def _scalar(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    if kind == "array":
        return _scalar(schema.get("items"))
    kinds = set(kind) - {"null"} if isinstance(kind, list) else {kind}
    return bool(kinds) and kinds <= _SCALAR


def idlike_argument(tool: Tool, arg: str) -> bool:
    """Whether the tool's top-level argument `arg` names an entity: an id-like name and a
    string or integer value (or a list of them)."""
    props = tool.schema.get("properties")
    if not isinstance(props, dict) or arg not in props or not _scalar(props[arg]):
        return False
    words = [w.casefold() for w in _WORD.findall(arg)]
    return bool(words) and words[-1] in _IDLIKE


def _why_not(tool: Tool, noun: str) -> tuple[str | None, str]:
    """(the argument, None) when the noun binds for sure, else (None, why not)."""
    declared = _declared(tool, noun)
    if declared is not None:  # the registry names it: `facets: {file: {arg: Body}}`
        return declared, ""
    kind = _id_kind(noun)
    keyed = [
        a
        for a in tool.arg_names
        if idlike_argument(tool, a) and _id_kind(_WORD.findall(a)[-1]) == kind
    ]
    if kind is not None and len(keyed) == 1:
        # "the same reference": the one argument whose identifier is a reference (`booking_ref`)
        return keyed[0], ""
    match = resolve_argument(tool, noun)
    if match.status != "resolved" or match.selector is None:
        names = ", ".join(f"`{n}`" for n, _ in match.candidates[:2])
        said = f" (could be {names})" if match.status == "ambiguous" else ""
        return None, f"`{noun}` names no single argument of `{tool.id}`{said}"
    arg = match.selector.arg
    if match.selector.extract is not None or not match.candidates or match.candidates[0][1] < 1:
        return None, f"`{noun}` names `{arg}` of `{tool.id}` only by its description"
    if not idlike_argument(tool, arg):
        return None, f"`{arg}` of `{tool.id}` does not hold an identifier"
    wanted = key_words(noun)
    rivals = [a for a in tool.arg_names if a != arg and named_like(a, wanted)]
    if any(idlike_argument(tool, a) for a in rivals):
        return None, f"`{noun}` could be `{arg}` or `{rivals[0]}` of `{tool.id}`"
    return arg, ""


def _id_kind(word: str) -> str | None:
    """What kind of identifier a word names, as argument names shorten it ("reference" and
    `ref`, "identifier" and `id`, "number" and `no`); None for any other word ("booking")."""
    short = SHORT_FORMS.get(word.casefold(), word.casefold())
    short = {"no": "number", "num": "number"}.get(short, short)
    return short if short in _KINDS else None


_KINDS = frozenset({"ref", "code", "id", "number", "key"})


def _declared(tool: Tool, noun: str) -> str | None:
    """The argument a registry facet named like the noun selects as a whole (no `extract`):
    the project's own word for it, so the binding is certain whatever the argument holds."""
    wanted = {noun.casefold(), singular(noun.casefold())}
    for name, selector in tool.facets.items():
        if selector.extract is None and {name.casefold(), singular(name.casefold())} & wanted:
            return selector.arg
    return None


def bind_same(
    rule: CandidateRule, tool: Tool, params: dict[str, Any], diagnostics: list[Diagnostic]
) -> dict[str, Any]:
    """The parameters with `same_as` replaced by `same` (a selector) when it binds for sure,
    or dropped with a located note when it does not (the plain ordering is kept)."""
    if SAME_AS not in params:
        return params
    params = dict(params)
    noun = str(params.pop(SAME_AS))
    arg, why = _why_not(tool, noun)
    if arg is not None:
        params["same"] = {"arg": arg}
        return params
    diagnostics.append(
        Diagnostic(
            code="same-entity-not-bound",
            message=f"`{rule.operator}` on `{tool.id}`: the earlier call must be about the "
            f"same {noun}, but {why}; only the order is enforced",
            severity="note",
            span=rule.span,
            help=f"name the {noun}'s identifier argument of `{tool.id}` "
            f"(`{noun}_id`), or check the same-entity part elsewhere",
        )
    )
    return params

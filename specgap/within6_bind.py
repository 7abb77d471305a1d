"""A numeric bound bound by its quantity when its tool is not named by the tool's verb.

"| Stay length | at most 14 nights |", "Shipments heavier than 30 kg are refused", "Pickup
wait - 20 min at most": the bound readers read the amount and its unit (the facet: `nights`,
`kg`, `min`) but the tool only from the sentence's nouns, at a score under the one partial
rules are enforced at (or tied with a tool that takes no such argument). The quantity
decides it: every **numeric** argument of the registry the facet fits (its unit's kind,
`specgap.bind_units`, or its name) is collected, and

- exactly one argument of one tool fits, and a word of the sentence names that tool or that
  argument ("stay" -> `book_stay`, "pickup"/"wait" -> `bookPickup.waitMinutes`): the bound
  is that tool's, resolved (and enforced as any partial rule at a sure resolution);
- several tools or arguments fit: a located note names them (`bound-argument-tie`); the
  rule stays as it was (reviewed), never a guess;
- none fits: the rule stays as it was (the compiler reports the unknown argument).

Not lifted: a bound with a condition (the condition still needs binding), a rule whose tool
is already resolved at the score it is enforced at, a bound whose sentence names neither the
tool nor the argument (the unit alone is not the rule's subject: "Drivers ... 9 hours a
day"). A bound said in another unit of time is fitted to the argument's unit
(`specgap.argunits`: "capped at one hour" on `WalkMinutes` is 60).
"""

from __future__ import annotations

import re

from specgap.argunits import in_argument_units
from specgap.bind_units import (
    TIME_KINDS,
    _kinds_of,
    bound_unit,
    quantity_kinds,
    unit_argument,
    unit_kind,
)
from specgap.extract.within6_respell import plain
from specgap.ir import Candidate, CandidateRule, Diagnostic, Resolution, ResolvedRule
from specgap.registry import Registry, Tool
from specgap.resolve.arguments import argument_selector
from specgap.resolve.text import words

__all__ = ["by_quantity"]

SURE = 0.8  # `compile.HIGH_CONFIDENCE`: a partial rule is enforced at this score
EXACT_AT = 0.7  # `compile.EXACT_MENTION_AT`: an exact rule's mentions at least this sure
# a rate: "4 hours per day", "3 bags per guest" (a bound per another quantity)
_RATE = re.compile(
    r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b)\s*"
    r"(?:%|[a-z]+)?\s+(?:per|a|an|each|every)\s+(?!(?:minimum|maximum)\b)[a-z]+",
    re.I,
)
# words of a tool's or an argument's name that say nothing about what it acts on
_GENERIC = frozenset(
    words(
        "get set book create make add list find lookup look up search update change delete "
        "remove cancel take apply issue schedule charge order new id ids count max min "
        "number amount value total usd eur gbp kg g in of to for per"
    )
)


def by_quantity(
    resolved: ResolvedRule, registry: Registry, diagnostics: list[Diagnostic]
) -> ResolvedRule:
    """The bound with its tool read from its quantity (module docstring), or as it was."""
    rule = resolved.rule
    facet = rule.params.get("facet")
    if (
        rule.operator != "arg_within_bound"
        or not isinstance(facet, str)
        or rule.condition is not None
        or (resolved.target.mention and resolved.target.status != "unresolved")
        or (resolved.target.status == "resolved" and resolved.target.score >= _sure(rule))
        or _RATE.search(rule.text or "")
        or not _limits_said(rule)
    ):
        return resolved
    unit = bound_unit(rule.text or "", rule.params)
    fits = [(tool, arg) for tool in registry.tools for arg in _fitting(tool, facet, unit)]
    if not fits:
        return resolved
    spoken = set(words(rule.text or ""))
    said = {w for w in spoken if len(w) > 2}
    kinds = {k for k in (unit_kind(facet), unit_kind(unit or "")) if k is not None}
    strong = [(tool, arg) for tool, arg in fits if _said_in(tool, arg) & kinds]
    if len(fits) > 1 and len(strong) == 1:
        fits = strong  # "hours" on `expiry_hours`, not on `rental_days` ("Rental length")
    whole = [(t, a) for t, a in fits if len(words(a)) > 1 and set(words(a)) <= spoken]
    if len(fits) > 1 and len(whole) == 1:
        fits = whole  # "Repair amounts ... 5,000 pounds": `repair_amount`, named in full
    if len(fits) > 1:
        if any(_named(said, tool, arg) for tool, arg in fits):
            listed = ", ".join(f"`{tool.id}.{arg}`" for tool, arg in fits)
            diagnostics.append(
                Diagnostic(
                    code="bound-argument-tie",
                    message=f"the bound on `{facet}` fits {len(fits)} numeric arguments "
                    f"({listed}); it is not enforced on any of them",
                    severity="note",
                    span=rule.span,
                    help="name the tool or the argument the bound is about",
                )
            )
        return resolved
    ((tool, arg),) = fits
    if not _named(said, tool, arg):
        return resolved
    score = max(SURE, resolved.target.score if resolved.target.tool_id == tool.id else 0.0)
    target = Resolution(
        mention=resolved.target.mention,
        status="resolved",
        candidates=(Candidate(tool_id=tool.id, score=score, via="schema_keyword"),),
    )
    spec = (tool.schema.get("properties") or {}).get(arg)
    schema = spec if isinstance(spec, dict) else {}
    fitted = in_argument_units(facet, rule.text or "", _spaced(arg), schema, dict(rule.params))
    params = {**fitted, "facet": arg}  # the argument's own name: in its own unit now
    return resolved.model_copy(
        update={"rule": rule.model_copy(update={"params": params}), "target": target}
    )


def _limits_said(rule: CandidateRule) -> bool:
    """Each limit of the rule is a number the sentence says, or one step from a number a
    strict comparison says ("under 10 guests": 9); "at or below 15 %" read as 14 is a
    misreading, never lifted."""
    text = plain(rule.text or "")
    said = {float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}
    inclusive = re.search(r"\bat\s+or\b|\bor\s+(?:below|under|above|over|less|fewer|more)\b", text)
    for side in ("min", "max"):
        value = rule.params.get(side)
        if not isinstance(value, int | float) or isinstance(value, bool) or value in said:
            continue
        if inclusive or not ({value + 1, value - 1} & said):
            return False
    return True


def _sure(rule: CandidateRule) -> float:
    """The score a resolution of the rule's target is enforced at (`compile._enforcement`)."""
    return EXACT_AT if rule.grounding == "exact" else SURE


def _fitting(tool: Tool, facet: str, unit: str | None) -> list[str]:
    """The numeric arguments of the tool the facet (or the bound's unit) names."""
    props = tool.schema.get("properties")
    if not isinstance(props, dict):
        return []
    numeric = {
        name
        for name, spec in props.items()
        if isinstance(spec, dict) and spec.get("type") in ("number", "integer")
    }
    found = {unit_argument(tool, facet), unit_argument(tool, unit) if unit else None}
    # by the argument's own name, or a kind of quantity both speak of ("temperature":
    # "Storage temperature in degrees"), never a word of its description alone ("200
    # parcels" is no `weightKg` described as "Parcel weight")
    selector = argument_selector(tool, facet)
    arg = selector.arg if selector is not None else None
    if arg and (
        set(words(facet)) <= set(words(arg)) or quantity_kinds(facet) & _kinds_of(arg, props[arg])
    ):
        found.add(arg)
    fits = sorted(a for a in found if a is not None and a in numeric)
    if fits or unit_kind(facet) not in TIME_KINDS:
        return fits
    # a length of time in another unit of time: "capped at one hour" on `WalkMinutes`
    timed = [a for a in sorted(numeric) if _kinds_of(a, props[a]) & TIME_KINDS]
    probe = {"max": 1}
    if (
        len(timed) == 1
        and in_argument_units(facet, "", _spaced(timed[0]), props[timed[0]], probe) != probe
    ):
        return timed
    return []


def _named(said: set[str], tool: Tool, arg: str) -> bool:
    """A word of the sentence names the tool or the argument, by its name or its
    description ("Parcel weight in kilograms"): a stem, or one stem the start of the
    other ("weigh" / "weight")."""
    spec = (tool.schema.get("properties") or {}).get(arg)
    about = str(spec.get("description", "")) if isinstance(spec, dict) else ""
    named = {w for w in (*words(tool.id), *words(arg), *words(about)) if len(w) > 2} - _GENERIC
    return any(s == n or (min(len(s), len(n)) >= 4 and (s.startswith(n) or n.startswith(s)))
               for s in said for n in named)  # fmt: skip


def _said_in(tool: Tool, arg: str) -> set[str]:
    """The kinds of the unit words an argument's name and description say themselves
    (`expiry_hours`: hours), not the generic ones ("length", "duration")."""
    spec = (tool.schema.get("properties") or {}).get(arg)
    about = str(spec.get("description", "")) if isinstance(spec, dict) else ""
    said = re.findall(r"[a-z]+|%", f"{_spaced(arg)} {about}".replace("_", " ").casefold())
    return {k for w in said if (k := unit_kind(w)) is not None}


def _spaced(arg: str) -> str:
    """`WalkMinutes` -> "Walk Minutes": the unit words of a camelCase name for `argunits`."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", arg)

"""Argument phrases of prose -> a tool's parameter, by names, titles and descriptions; an
unknown or ambiguous phrase is reported with what it could have meant."""

from __future__ import annotations

import pytest

from specgap.compile import compile_policies, selector_for
from specgap.ir import CandidateRule, Selector, Span
from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver, resolve_rules
from specgap.resolve.arguments import argument_help, resolve_argument
from tests.resolve_registry import clinic, params

REGISTRY = clinic()
CARD = Tool(
    id="charge_card",
    description="Charge a fee.",
    schema={
        "type": "object",
        "properties": {
            "payment_method_id": {"type": "string", "description": "The card to charge."},
            "fee": {"type": "number", "title": "Amount in cents"},
            "memo": {"type": "string"},
        },
    },
)

# (tool, phrase, the argument it names)
RESOLVED = [
    ("create_appointment", "e-mail address", "owner_email"),  # a name word + a description word
    ("create_appointment", "the owner's e-mail", "owner_email"),
    ("create_appointment", "phone number", "contact_phone"),
    ("create_appointment", "vet", "vet_id"),  # the old prefix rule
    ("create_appointment", "start of the slot", "slot_start"),  # the same words reordered
    ("dispense_medication", "number of packs", "packs"),  # "number of" only says how many
    ("dispense_medication", "packs", "packs"),
    ("issue_credit", "the voucher", "voucher_code"),
    ("issue_credit", "the sum", "amount"),  # its description's word
    ("issue_credit", "amount", "amount"),
]


@pytest.mark.parametrize(("tool", "phrase", "arg"), RESOLVED)
def test_an_argument_phrase_resolves_to_its_parameter(tool: str, phrase: str, arg: str) -> None:
    match = resolve_argument(REGISTRY.by_id[tool], phrase)
    assert (match.status, match.name) == ("resolved", arg), match
    assert selector_for(REGISTRY.by_id[tool], phrase) == Selector(arg=arg)


@pytest.mark.parametrize(
    ("phrase", "arg"),
    [("the card", "payment_method_id"), ("amount", "fee"), ("fee in cents", "fee")],
)
def test_descriptions_and_schema_titles_name_parameters(phrase: str, arg: str) -> None:
    match = resolve_argument(CARD, phrase)
    assert (match.status, match.name) == ("resolved", arg), match


# (tool, phrase, status, the suggestions the help line must name)
REPORTED = [
    ("dispense_medication", "date", "ambiguous", ["end_date", "start_date"]),
    ("issue_credit", "credit", "ambiguous", ["amount", "voucher_code"]),
    ("create_appointment", "vet_idx", "unresolved", ["vet_id"]),  # a misspelling
    ("create_appointment", "the vet's name", "unresolved", ["vet_id"]),  # half of it unknown
    ("create_appointment", "the clinic", "unresolved", []),
    ("get_appointment", "e-mail", "unresolved", []),
]


@pytest.mark.parametrize(("tool", "phrase", "status", "suggested"), REPORTED)
def test_an_unknown_or_ambiguous_phrase_is_reported(
    tool: str, phrase: str, status: str, suggested: list[str]
) -> None:
    found = REGISTRY.by_id[tool]
    match = resolve_argument(found, phrase)
    assert match.status == status
    assert match.selector is None
    assert selector_for(found, phrase) is None
    help_text = argument_help(found, phrase)
    assert help_text.endswith("known: " + ", ".join(sorted(found.arg_names)))
    for name in suggested:
        assert f"`{name}`" in help_text
    if status == "unresolved" and suggested:
        assert help_text.startswith("did you mean")
    if status == "ambiguous":
        assert help_text.startswith(f"`{phrase}` could be")


def test_an_argument_is_never_read_as_a_tool() -> None:
    """ "amount" is a parameter of `issue_credit`; as a tool mention it names nothing."""
    res = Resolver(REGISTRY).resolve("amount")
    assert res.status == "unresolved"
    assert resolve_argument(REGISTRY.by_id["issue_credit"], "amount").name == "amount"


def _rule(target: str, facet: str) -> CandidateRule:
    span = Span(
        path="p.md", start_line=2, start_col=1, end_line=2, end_col=9, start_byte=0, end_byte=8
    )
    return CandidateRule(
        text=f"At most 2 {facet} per call of {target}.",
        span=span,
        quote="x",
        target=target,
        mentions=(target,),
        grounding="exact",
        check_category="data_validation",
        operator="arg_within_bound",
        params={"facet": facet, "max": 2},
        confidence=0.9,
        extractor="deterministic",
    )


@pytest.mark.parametrize(
    ("facet", "arg", "help_starts"),
    [
        ("number of packs", "packs", None),
        ("dates", None, "`dates` could be `end_date` or `start_date`"),
        ("pack_colour", None, "did you mean `packs`? known: "),
        ("colour", None, "known: "),
    ],
)
def test_compile_binds_the_argument_or_says_why_not(
    facet: str, arg: str | None, help_starts: str | None
) -> None:
    rule = _rule("dispense_medication", facet)
    compiled = compile_policies("clinic", resolve_rules(Resolver(REGISTRY), [rule]), REGISTRY)
    if arg is not None:
        (policy,) = compiled.policies
        assert policy.condition.selector == Selector(arg=arg)  # type: ignore[union-attr]
        assert compiled.diagnostics == ()
        return
    tied = help_starts is not None and "could be" in help_starts
    if tied:
        assert compiled.policies == ()  # a tie is never guessed
    else:  # no argument answers: the bound is kept over the phrase, reviewed (`argfit`)
        (policy,) = compiled.policies
        assert policy.enforcement == "review_only"
        assert policy.condition.selector == Selector(arg=facet)  # type: ignore[union-attr]
    (diag,) = compiled.diagnostics
    assert diag.code == "unknown-argument"
    assert diag.help is not None
    assert help_starts is not None
    assert diag.help.startswith(help_starts)


def test_a_registry_facet_wins_over_an_argument() -> None:
    selector = Selector(arg="memo", extract="sql_tables")
    registry, _ = build_registry(
        [Tool(id="note", facets={"tag": selector}, schema=params(tag="", memo=""))]
    )
    assert selector_for(registry.by_id["note"], "tags") == selector

"""A parameter's only values said in its description in the shapes `described_values` does
not read (`specgap.extract.desc4_values`): a list alone or after a label, a list and a clause
after a semicolon, a parenthesised list, "Must be a, b or c", quoted values each with its
meaning, one value with "only". Negative rows: examples, series joined by "and", words in
sentence case, multi-word items, free-text parameters. Every description written for this
test, in made-up domains (a seed bank, a ferry desk, a kiln studio, a glider club)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.desc4_values import desc4_values
from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

READ: list[tuple[str, str, tuple[str, ...]]] = [
    ("How the seeds travel: courier or post.", "shipping", ("courier", "post")),
    ("Who signs it: curator, deputy_curator or registrar.", "signer",
     ("curator", "deputy_curator", "registrar")),
    ("Why: lost_packet, wrong_variety, damaged or other.", "reason",
     ("lost_packet", "wrong_variety", "damaged", "other")),
    ("Optional: wheat, barley, rye or oats.", "crop", ("wheat", "barley", "rye", "oats")),
    ("Where to: upper_deck or car_deck.", "deck", ("upper_deck", "car_deck")),
    ("earthenware or stoneware.", "clay", ("earthenware", "stoneware")),
    ("bisque, glaze, or raku (default bisque).", "firing", ("bisque", "glaze", "raku")),
    ("cone6 | cone10", "cone", ("cone6", "cone10")),
    ("solo or dual; a trial flight is booked elsewhere.", "seat", ("solo", "dual")),
    ("#tower or #winch-crew; no other room.", "room", ("#tower", "#winch-crew")),
    ("Region code, EU or UK.", "region", ("EU", "UK")),
    ("Tier (bronze, silver or gold).", "tier", ("bronze", "silver", "gold")),
    ("Must be port, starboard or stern.", "side", ("port", "starboard", "stern")),
    ("Can only be am or pm.", "half", ("am", "pm")),
    ("`hold` to keep the seat for a day or `release` to free it now.", "action",
     ("hold", "release")),
    ("'fast' when the kiln is empty, or 'slow' for loaded shelves.", "ramp", ("fast", "slow")),
    ("Vault the packets go to; only vault-north is accepted.", "vault", ("vault-north",)),
    ("We sail inside Denmark only, so this must be DK.", "country", ("DK",)),
    ("Which winch: W1, W2 or W3.", "winch", ("W1", "W2", "W3")),
]  # fmt: skip

NOT_READ: list[tuple[str, str]] = [
    ("Street and number.", "street"),  # parts of one value, not alternatives
    ("Cabin, deck and seat.", "where"),
    ("Phone or email.", "contact"),  # sentence case: kinds of value
    ("Pickup or delivery.", "kind"),
    ("Harbour or mooring name.", "place"),  # a multi-word item
    ("Dock number or berth code.", "berth"),
    ("Keywords: variety, donor or origin.", "filter"),  # words to search with
    ("Terms to look for: barley or rye.", "lookup"),
    ("barley or rye.", "query"),  # a free-text parameter
    ("red or blue.", "note"),
    ("A glaze such as celadon or tenmoku.", "glaze"),  # examples
    ("e.g. cone6 or cone10.", "cone"),
    ("wheat, barley, rye etc.", "crop"),
    ("Something like solo or dual.", "seat"),
    ("For instance am or pm.", "half"),
    ("bisque or glaze (default raku).", "firing"),  # the default is no listed value
    ("The old or new berth.", "berth"),
    ("Must be positive.", "count"),
    ("Must be ISO-8601.", "date"),
    ("Use `getCrossing` first, or ask the purser.", "crossing"),
    ("Either way, yes or no.", "answer"),
    ("a, b or c.", "x"),  # articles, not values
]  # fmt: skip


@pytest.mark.parametrize(("text", "parameter", "values"), READ)
def test_values_read(text: str, parameter: str, values: tuple[str, ...]) -> None:
    assert desc4_values(text, parameter) == values


@pytest.mark.parametrize(("text", "parameter"), NOT_READ)
def test_not_a_closed_list(text: str, parameter: str) -> None:
    assert desc4_values(text, parameter) == ()


def _enums(tmp_path: Path, name: str, param: str, description: str) -> list[object]:
    tool = _tool(name, "Do the thing.", **{param: "string", "other": "string"})
    tool["function"]["parameters"]["properties"][param]["description"] = description
    (tmp_path / "tools.json").write_text(json.dumps([tool], indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nBe courteous.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = []
    for p in built.policies:
        schema = p.condition.model_dump(mode="json").get("schema_") or {}
        spec = (schema.get("properties") or {}).get(param) or {}
        if p.operator == "schema_contract" and "enum" in spec:
            assert p.target == name
            found.append(spec["enum"])
    return found


@pytest.mark.parametrize(
    ("name", "param", "description", "enum"),
    [
        ("seedbank.packet.Ship", "carrier", "How it travels: courier or post.",
         ["courier", "post"]),
        ("bookSailing", "deck", "upper_deck or car_deck; no other deck.",
         ["upper_deck", "car_deck"]),
        ("KilnFire", "ramp", "`fast` for empty kilns or `slow` for full ones.", ["fast", "slow"]),
        ("glider-club__launch", "method", "Launch: winch or aerotow.", ["winch", "aerotow"]),
        ("reserve_kiln", "size", "small, medium, or large (default medium).",
         ["small", "medium", "large"]),
    ],
)  # fmt: skip
def test_compiles_to_the_schema_enum(
    tmp_path: Path, name: str, param: str, description: str, enum: list[str]
) -> None:
    assert _enums(tmp_path, name, param, description) == [enum]


@pytest.mark.parametrize(
    ("param", "description"),
    [
        ("berth", "Berth or mooring name, as the skipper gives it."),
        ("glaze", "Any glaze the studio stocks, for example celadon or shino."),
        ("contact", "Phone or email."),
        ("summary", "short or long."),
    ],
)
def test_no_enum(tmp_path: Path, param: str, description: str) -> None:
    assert _enums(tmp_path, "bookSailing", param, description) == []

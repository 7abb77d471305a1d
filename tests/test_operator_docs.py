"""The operator docs and the bundle schema are generated from the operator table; a stale
copy fails here with the command that regenerates it."""

from __future__ import annotations

import json
from pathlib import Path

from specgap import operator_docs
from specgap.operators import OPERATORS


def test_generated_operator_docs_and_schema_are_current() -> None:
    stale = operator_docs.stale()
    assert stale == [], f"{', '.join(stale)} stale: run `{operator_docs.COMMAND}`"


def test_marked_sections_are_regenerated_and_the_rest_is_kept() -> None:
    begin, end = operator_docs._begin("mutators"), operator_docs._end("mutators")
    text = f"# Title\n\nprose stays\n\n{begin}\n| old | table |\n{end}\n\nafter\n"
    out = operator_docs.with_tables(text)
    assert out.startswith("# Title\n\nprose stays\n\n")
    assert out.endswith(f"{end}\n\nafter\n")
    assert "| old | table |" not in out
    for name in OPERATORS:
        assert f"| `{name}` |" in out
    assert operator_docs.with_tables("no markers here\n") == "no markers here\n"


def test_schema_conditions_are_the_tables() -> None:
    schema = json.loads(operator_docs.schema())
    condition = schema["$defs"]["Policy"]["properties"]["condition"]
    listed = [ref["$ref"].rsplit("/", 1)[-1] for ref in condition["oneOf"]]
    assert listed == [op.condition.__name__ for op in OPERATORS.values()]
    assert sorted(condition["discriminator"]["mapping"]) == sorted(OPERATORS)


def test_write_fixes_a_stale_copy(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    begin, end = operator_docs._begin("table"), operator_docs._end("table")
    readme.write_text(f"intro\n{begin}\nstale\n{end}\n", encoding="utf-8")
    assert set(operator_docs.stale(tmp_path)) == {
        "README.md",
        "docs/operators.md",
        "policy/schema.json",
    }
    operator_docs.write(tmp_path)
    assert operator_docs.stale(tmp_path) == []
    assert "| `max_calls` |" in readme.read_text(encoding="utf-8")

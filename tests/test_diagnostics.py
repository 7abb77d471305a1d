"""Every diagnostic code is declared once (`specgap.diagnostics`), every declared code is
reported somewhere, and the README's table of codes is generated from the declarations."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from specgap.diagnostics import CODE, CODES, describe, markdown_table, readme_with_table

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "specgap"
KEBAB = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$")
NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
# Calls whose kebab-case arguments are not diagnostic codes.
NOT_CODES = {"pattern", "Prose", "decode", "encode", "open", "read_text", "write_text", "command"}
NOT_CODES |= {"git", "SubElement"}  # git subcommands; XML element names


def _sources() -> dict[Path, str]:
    return {
        p: p.read_text(encoding="utf-8")
        for p in PACKAGE.rglob("*.py")
        if p.name != "diagnostics.py"
    }


def _reported_codes() -> dict[str, set[str]]:
    """Kebab-case string constants passed to calls (or as `code=`): the codes the source
    reports. f-strings (`f"{status}-mention"`) give a pattern."""
    found: dict[str, set[str]] = {}
    for path, text in _sources().items():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in NOT_CODES:
                continue
            args = [*node.args, *(k.value for k in node.keywords if k.arg == "code")]
            for arg in args:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and KEBAB.match(value):
                    found.setdefault(value, set()).add(str(path.relative_to(ROOT)))
    return found


# Kebab-case constants that are not diagnostic codes.
NOT_CODE_CONSTANTS = {"POST_STAGE", "ARTIFACT", "UNLISTED"}


def _code_constants() -> dict[str, set[str]]:
    """`CODE = "senseless-rule"`: an upper-case module constant holding a kebab-case string
    is a code passed on by name."""
    found: dict[str, set[str]] = {}
    for path, text in _sources().items():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Constant):
                continue
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            value = node.value.value
            if (
                names
                and all(n.isupper() and n not in NOT_CODE_CONSTANTS for n in names)
                and isinstance(value, str)
                and KEBAB.match(value)
            ):
                found.setdefault(value, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_reported_code_is_declared() -> None:
    reported = {**_reported_codes(), **_code_constants()}
    undeclared = {code: where for code, where in reported.items() if code not in CODE}
    assert not undeclared, f"declare these codes in specgap/diagnostics.py: {undeclared}"


def test_every_declared_code_is_reported_somewhere() -> None:
    text = "\n".join(_sources().values())
    templates = [
        re.compile("^" + re.sub(r"\\\{[^}]*\\\}", "[a-z]+", re.escape(m)) + "$")
        for m in re.findall(r'f"([a-z{}_-]+-[a-z{}_-]+)"', text)
    ]
    dead = [
        c.name
        for c in CODES
        if f'"{c.name}"' not in text and not any(t.match(c.name) for t in templates)
    ]
    assert not dead, f"declared but never reported: {dead}"


def test_declarations_are_unique_and_well_formed() -> None:
    names = [c.name for c in CODES]
    assert len(names) == len(set(names))
    for code in CODES:
        assert NAME.match(code.name), code.name
        assert code.summary, code.name
        assert not code.summary.endswith("."), code.name
        assert code.summary[0].islower() or code.summary[0] in "`", code.name
        assert code.help, code.name


def test_an_unknown_code_still_gets_a_description() -> None:
    assert describe("no-such-code").summary == "no such code"
    assert describe("lock-miss") is CODE["lock-miss"]


def test_readme_table_is_current() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme, (
        "the README's table of diagnostic codes is stale: "
        "run `python -m specgap.diagnostics --write-readme`"
    )
    assert readme_with_table(readme) == readme

"""The jinja2 environment of the report templates (`specgap/report/templates/`)."""

from __future__ import annotations

import functools
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

TEMPLATES = Path(__file__).resolve().parent / "templates"


@functools.cache
def environment() -> Environment:
    """HTML templates are autoescaped; Markdown templates escape with the `md` filter."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "html.j2"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_cell
    env.filters["pct"] = pct
    return env


def md_cell(value: object) -> str:
    """Text that stays inside one Markdown table cell or list item."""
    return " ".join(str(value).split()).replace("|", "\\|")


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"

"""The Markdown parsers the readers share: built once per process (building one costs more
than parsing a short prompt with it); `MarkdownIt.parse` keeps no state between calls."""

from __future__ import annotations

from markdown_it import MarkdownIt

__all__ = ["COMMONMARK", "WITH_TABLES"]

COMMONMARK = MarkdownIt("commonmark")
WITH_TABLES = MarkdownIt("commonmark").enable("table")

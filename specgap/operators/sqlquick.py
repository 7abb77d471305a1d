"""The SQL facets a policy checks (`sql_tables`, `sql_limit`, `sql_verb`), read without
sqlglot when the query's text suffices.

Most queries an agent sends are the simplest SELECTs, which `sqltext.text_facets` reads
from their text; only the others load the parser (`sqlfacets`, ~0.3 s to import), on first
use. A run that never meets another query never imports sqlglot: `specgap check` and the
Guard start faster. The answers are `sqlfacets.read_sql`'s (the same cache semantics: one
reading per query, bounded), and so are the errors (`UnreadableValue`, fail closed).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from specgap.operators.sqljoin import join_facets
from specgap.operators.sqltext import text_facets
from specgap.operators.values import UnreadableValue

UNBOUNDED = math.inf

# The one list of statements that change data, schema, permissions, files or session state.
# A rule that forbids destructive statements by example ("never DELETE, DROP, ...") forbids
# all of these: see `denied_verbs`.
DESTRUCTIVE: frozenset[str] = frozenset(
    {
        *("ALTER", "ANALYZE", "ATTACH", "CALL", "COMMENT", "COPY", "CREATE", "DELETE"),
        *("DETACH", "DROP", "EXEC", "EXECUTE", "EXPORT", "GRANT", "INSERT", "INSTALL"),
        *("KILL", "LOAD", "LOCK", "MERGE", "PRAGMA", "REFRESH", "RENAME", "REPLACE"),
        *("REVOKE", "SET", "TRUNCATE", "UPDATE", "USE", "VACUUM"),
    }
)


# Functions that only make rows from their arguments: as a source in FROM they name no
# table. Any other function in FROM (`read_csv('/etc/passwd')`, `dblink(...)`,
# `OPENROWSET(...)`, a user's own table function) reads rows from somewhere a table
# allowlist cannot see, so it counts as a source named `name()`, which no allowlist holds.
ROW_GENERATORS: frozenset[str] = frozenset(
    {
        *("generate_series", "generate_subscripts", "generate_date_array", "range", "unnest"),
        *("explode", "posexplode", "flatten", "json_each", "json_tree", "jsonb_each"),
        *("json_each_text", "jsonb_each_text", "json_array_elements", "jsonb_array_elements"),
        *("json_array_elements_text", "jsonb_array_elements_text", "json_to_recordset"),
        *("jsonb_to_recordset", "regexp_split_to_table", "string_to_table"),
    }
)
# Scalar functions that read files, other databases or the network, wherever they are
# called: each counts as a source named `name()` as well.
EXTERNAL_READERS: frozenset[str] = frozenset(
    {
        *("pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "lo_import"),
        *("lo_get", "dblink", "dblink_exec", "load_file", "openrowset", "opendatasource"),
        *("openquery", "read_csv", "read_csv_auto", "read_json", "read_json_auto"),
        *("read_parquet", "read_text", "read_blob", "readfile", "load_extension"),
    }
)


@dataclass(frozen=True)
class SqlFacets:
    """What one query (all its statements) touches."""

    tables: tuple[str, ...]  # in order of appearance, each once
    limits: tuple[float, ...]  # per row-returning statement: its row cap, `inf` if none
    verbs: tuple[str, ...]  # sorted, each once


def denied_verbs(values: tuple[str, ...]) -> frozenset[str]:
    """The statement verbs a `deny_action` over `sql_verb` denies: its own values, and the
    whole `DESTRUCTIVE` list as soon as one of them is destructive (a prompt's list of
    destructive statements gives examples of the class, never all of it)."""
    named = frozenset(v.upper() for v in values)
    return named | DESTRUCTIVE if named & DESTRUCTIVE else named


def read_sql(query: str, dialect: str | None = None) -> SqlFacets:
    """`sqlfacets.read_sql(query, dialect)`, the simplest SELECTs read without sqlglot."""
    found = _read_cached(query, dialect)
    if isinstance(found, str):
        raise UnreadableValue(found)
    return found


@functools.lru_cache(maxsize=8192)
def _read_cached(query: str, dialect: str | None) -> SqlFacets | str:
    if dialect is None:
        simplest = text_facets(query) or join_facets(query)  # joins, aggregates: sqljoin
        if simplest is not None:
            return SqlFacets(*simplest)
    from specgap.operators import sqlfacets  # the parser: imported on the first other query

    return sqlfacets._read_cached(query, dialect)


def sql_tables(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).tables) if isinstance(value, str) else []


def sql_limit(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).limits) if isinstance(value, str) else []


def sql_verb(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).verbs) if isinstance(value, str) else []

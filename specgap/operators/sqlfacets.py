"""What a SQL statement touches, read by a real parser (sqlglot): tables, row caps, verbs.

One reading serves every consumer: the `sql_tables`, `sql_limit` and `sql_verb` extracts a
policy checks, and the mutators that rewrite a query to break a policy. The contract is
fail closed:

- a query the parser cannot read, a statement kind it does not know, or text that two SQL
  engines would read differently (a lexical *hazard*: MySQL's `/*! */` and `#` comments,
  `--` without a following space, backslash escapes in quoted text, dollar quoting) raises
  `UnreadableValue` with the reason; the engine counts that as a violation of the policy;
- a statement that returns rows without a literal, non-negative row cap (`LIMIT ALL`,
  `LIMIT -1`, `LIMIT 100+900`, `LIMIT '1000'`, `TOP 50 PERCENT`, no LIMIT, a LIMIT only in
  a subquery) has the cap `inf`;
- a table is named as written with its schema and catalog (`other.customers` is not
  `customers`), quoted names keep their quotes unless they are lowercase (`"Customers"` is
  a different table in PostgreSQL), and a CTE name stands for its CTE only where SQL makes
  it visible;
- a block comment holding another `/*` is read both ways (nested as in PostgreSQL, flat as
  in MySQL), and the facets of both readings count.

`dialect` is a sqlglot dialect name (`postgres`, `mysql`, ...), a tool setting in the
registry (`facets: {rows: {arg: query, extract: sql_limit, dialect: postgres}}`); None is
the strict generic dialect: sqlglot's own, with every hazard above rejected.
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass
from typing import Any

import sqlglot
from sqlglot import Token, exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ErrorLevel, ParseError

from specgap.operators.sqljoin import join_facets
from specgap.operators.sqlquick import DESTRUCTIVE as DESTRUCTIVE  # re-exported
from specgap.operators.sqlquick import EXTERNAL_READERS, ROW_GENERATORS, UNBOUNDED, SqlFacets
from specgap.operators.sqlquick import denied_verbs as denied_verbs  # re-exported
from specgap.operators.sqlshape import parse_tokens, shape, simple_facets
from specgap.operators.sqltext import text_facets
from specgap.operators.values import UnreadableValue

# sqlglot warns on the root logger's last-resort handler when it falls back to a `Command`;
# such a statement is refused here with a reason, so the warning is noise on stderr.
logging.getLogger("sqlglot").addHandler(logging.NullHandler())
logging.getLogger("sqlglot").propagate = False

# statement kinds -> the verb a policy names them by (looked up by class name, so a sqlglot
# release without one of them still loads)
_VERB_OF_CLASS: dict[str, str] = {
    "Select": "SELECT",
    "Union": "SELECT",
    "Intersect": "SELECT",
    "Except": "SELECT",
    "Subquery": "SELECT",
    "Values": "SELECT",
    "Insert": "INSERT",
    "Update": "UPDATE",
    "Delete": "DELETE",
    "Drop": "DROP",
    "TruncateTable": "TRUNCATE",
    "Alter": "ALTER",
    "AlterRename": "RENAME",
    "Create": "CREATE",
    "Grant": "GRANT",
    "Revoke": "REVOKE",
    "Merge": "MERGE",
    "Copy": "COPY",
    "Set": "SET",
    "Use": "USE",
    "Transaction": "BEGIN",
    "Commit": "COMMIT",
    "Rollback": "ROLLBACK",
    "Pragma": "PRAGMA",
    "Describe": "DESCRIBE",
    "Show": "SHOW",
    "Analyze": "ANALYZE",
    "Attach": "ATTACH",
    "Detach": "DETACH",
    "LoadData": "LOAD",
    "Cache": "CACHE",
    "Uncache": "UNCACHE",
    "Comment": "COMMENT",
    "Kill": "KILL",
    "Refresh": "REFRESH",
    "Install": "INSTALL",
    "Export": "EXPORT",
    "Summarize": "SELECT",
}
# statements that hand rows back without being a query
_ROWS_WITHOUT_QUERY = frozenset({"DESCRIBE", "SHOW", "PRAGMA"})
_DML = (exp.Insert, exp.Update, exp.Delete, exp.Merge)


def read_sql(query: str, dialect: str | None = None) -> SqlFacets:
    """The facets of `query`; raises `UnreadableValue` (fail closed) when it cannot be read
    with certainty. Cached: several policies read the same query, and traces repeat them."""
    found = _read_cached(query, dialect)
    if isinstance(found, str):
        raise UnreadableValue(found)
    return found


def sql_tables(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).tables) if isinstance(value, str) else []


def sql_limit(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).limits) if isinstance(value, str) else []


def sql_verb(value: object, dialect: str | None = None) -> list[object]:
    return list(read_sql(value, dialect).verbs) if isinstance(value, str) else []


# -- reading -----------------------------------------------------------------------------


@functools.lru_cache(maxsize=8192)
def _read_cached(query: str, dialect: str | None) -> SqlFacets | str:
    try:
        return _read(query, dialect)
    except UnreadableValue as exc:
        return str(exc)


_SHAPES: dict[tuple[Any, ...], SqlFacets] = {}  # see sqlshape: facets per query shape
_SHAPES_LIMIT = 4096


def _read(query: str, dialect: str | None) -> SqlFacets:
    flat = _scan(query, _lexer(dialect))  # every query: its hazards are in its literals too
    if flat is None and dialect is None:
        # read from its text: no tokens, no parser (joins and aggregates: `sqljoin`)
        simplest = text_facets(query) or join_facets(query)
        if simplest is not None:
            return SqlFacets(*simplest)
    found = shape(query, dialect) if flat is None else None
    if found is not None:
        key, tokens = found
        known = _SHAPES.get(key)
        if known is None:
            simple = simple_facets(tokens, dialect)  # the simplest SELECTs need no parser
            if simple is not None:
                known = SqlFacets(*simple)
            else:
                known = _read_parsed(query, dialect, flat, tokens)
            if len(_SHAPES) >= _SHAPES_LIMIT:
                _SHAPES.clear()
            _SHAPES[key] = known
        return known
    return _read_parsed(query, dialect, flat)


def _read_parsed(
    query: str, dialect: str | None, flat: str | None, tokens: list[Token] | None = None
) -> SqlFacets:
    readings = [query]
    if flat is not None:
        readings.append(flat)
    tables: dict[str, None] = {}
    limits: list[float] = []
    verbs: set[str] = set()
    for n, text in enumerate(readings):
        try:
            statements = _parse(text, dialect, tokens if n == 0 else None)
        except UnreadableValue:
            if n == 0:
                raise
            continue  # the flat reading of a nested comment is not SQL: no engine runs it
        for statement in statements:
            named, did = _walked(statement)
            tables.update(dict.fromkeys(named))
            verbs |= did
            cap = _cap(statement)
            if cap is not None:
                limits.append(cap)
    return SqlFacets(tuple(tables), tuple(limits), tuple(sorted(verbs)))


@dataclass(frozen=True)
class _Lexer:
    backslash_escapes: bool  # the dialect itself reads `\'` as an escape
    hash_comments: bool  # the dialect itself reads `#` as a comment


@functools.lru_cache(maxsize=64)
def _lexer(dialect: str | None) -> _Lexer:
    try:
        tokenizer = Dialect.get_or_raise(dialect).tokenizer_class
    except ValueError as exc:
        raise UnreadableValue(f"unknown SQL dialect `{dialect}`: {exc}") from None
    comments = [c if isinstance(c, str) else c[0] for c in tokenizer.COMMENTS]
    return _Lexer("\\" in tokenizer.STRING_ESCAPES, "#" in comments)


_DOLLAR_QUOTE = re.compile(r"\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$")
_SPECIAL = re.compile(r"['\"`#/$-]")  # the characters a branch of `_scan` starts at


def _scan(sql: str, lexer: _Lexer) -> str | None:
    """Raise `UnreadableValue` on a lexical hazard; return the flat (non-nesting) reading of
    the query when it has a nested block comment, None otherwise."""
    i, n = 0, len(sql)
    flat: list[tuple[int, int]] = []  # inner `/*` to blank out for the flat reading
    while i < n:
        ch = sql[i]
        if ch in "'\"`":
            i = _skip_quoted(sql, i, lexer)
        elif sql.startswith("--", i):
            after = sql[i + 2 : i + 3]
            if after and not after.isspace():
                raise _hazard(f"`--{after}` is a comment here but two minus signs in MySQL")
            i = _line_end(sql, i)
        elif ch == "#" and not lexer.hash_comments:
            raise _hazard("`#` starts a comment in MySQL")
        elif sql.startswith("/*", i):
            if sql.startswith("/*!", i):
                raise _hazard("`/*! ... */` is a comment here but code in MySQL")
            i = _skip_block(sql, i, flat)
        elif ch == "$" and _DOLLAR_QUOTE.match(sql, i):
            raise _hazard("`$...$` quotes a string in PostgreSQL")
        else:  # no branch above starts before the next of these characters: jump there
            found = _SPECIAL.search(sql, i + 1)
            i = found.start() if found is not None else n
    if not flat:
        return None
    out = list(sql)
    for at, _ in flat:
        out[at : at + 2] = "  "
    return "".join(out)


_QUOTE_STOPS = {q: re.compile(f"[\\\\{q}]") for q in "'\"`"}


def _skip_quoted(sql: str, i: int, lexer: _Lexer) -> int:
    quote, j, n = sql[i], i + 1, len(sql)
    stops = _QUOTE_STOPS[quote]
    while j < n:
        found = stops.search(sql, j)  # only a backslash or the quote itself matters
        if found is None:
            return n
        j = found.start()
        if sql[j] == "\\" and not lexer.backslash_escapes:
            raise _hazard("a backslash inside quotes is an escape in MySQL and PostgreSQL `E''`")
        if sql[j] == "\\":
            j += 2
            continue
        if sql[j] == quote:
            if sql[j + 1 : j + 2] == quote:
                j += 2
                continue
            return j + 1
        j += 1
    return n  # unterminated: the parser reports it


def _line_end(sql: str, i: int) -> int:
    ends = [at for at in (sql.find("\n", i), sql.find("\r", i)) if at >= 0]
    return min(ends) if ends else len(sql)


def _skip_block(sql: str, i: int, flat: list[tuple[int, int]]) -> int:
    depth, j, n = 1, i + 2, len(sql)
    while j < n and depth:
        if sql.startswith("/*", j):
            if sql.startswith("/*!", j):
                raise _hazard("`/*! ... */` is a comment here but code in MySQL")
            depth += 1
            flat.append((j, j + 2))
            j += 2
        elif sql.startswith("*/", j):
            depth -= 1
            j += 2
        else:
            j += 1
    return j


def _hazard(what: str) -> UnreadableValue:
    return UnreadableValue(f"SQL read differently by different engines: {what}")


def _parse(text: str, dialect: str | None, tokens: list[Token] | None = None) -> list[exp.Expr]:
    try:
        if tokens is None:
            parsed = sqlglot.parse(text, read=dialect, error_level=ErrorLevel.IMMEDIATE)
        else:  # the text's own tokens, already made by `sqlshape.shape`
            parsed = parse_tokens(tokens, text, dialect, error_level=ErrorLevel.IMMEDIATE)
    except ParseError as exc:
        first = exc.errors[0] if exc.errors else {}
        where = f" at line {first.get('line')}, column {first.get('col')}" if first else ""
        what = str(first.get("description") or exc).splitlines()[0]
        raise UnreadableValue(f"SQL cannot be parsed{where}: {what}") from None
    except Exception as exc:  # tokenizer errors, recursion on absurd nesting, ...
        what = (str(exc).splitlines() or [type(exc).__name__])[0]
        raise UnreadableValue(f"SQL cannot be parsed: {what}") from None
    statements = [s for s in parsed if s is not None and not isinstance(s, exp.Semicolon)]
    if not statements:
        raise UnreadableValue("no SQL statement in the query")
    for statement in statements:
        if isinstance(statement, exp.Command):
            raise UnreadableValue(
                f"`{statement.name}` statements are not understood by the SQL parser"
            )
        if type(statement).__name__ not in _VERB_OF_CLASS:
            raise UnreadableValue(f"unknown kind of SQL statement `{type(statement).__name__}`")
    return statements


# -- facets ------------------------------------------------------------------------------


def _walked(statement: exp.Expr) -> tuple[list[str], set[str]]:
    """The tables a statement names (in the order of a breadth-first walk) and its verbs,
    from one walk of its tree (the walk is most of the cost of reading the facets)."""
    tables: list[str] = []
    verbs = {_VERB_OF_CLASS[type(statement).__name__]}
    for node in statement.walk():
        kind = _VERB_OF_CLASS.get(type(node).__name__)
        if kind is not None and kind != "SELECT":
            verbs.add(kind)  # data-modifying CTEs, MERGE's actions, INSERT ... SELECT
        if isinstance(node, exp.Table):
            if not isinstance(node.this, exp.Identifier):
                source = _function_name(node.this)  # `generate_series(...)` names no table
                if source is not None and source not in ROW_GENERATORS:
                    tables.append(f"{source}()")
                continue
            if not node.args.get("db") and _is_cte_reference(node):
                continue
            tables.append(".".join(_ident(part) for part in node.parts))
        elif isinstance(node, exp.Func) and _function_name(node) in EXTERNAL_READERS:
            tables.append(f"{_function_name(node)}()")  # `SELECT pg_read_file('/etc/passwd')`
        elif isinstance(node, exp.Select) and node.args.get("into") is not None:
            verbs.update(("CREATE", "INSERT"))  # SELECT ... INTO makes a table
        elif isinstance(node, exp.Create | exp.Insert) and node.args.get("replace"):
            verbs.add("REPLACE")
    return tables, verbs


def _function_name(node: exp.Expr) -> str | None:
    """A function's name as written (`read_csv_auto`), lower case; None if not a call."""
    if isinstance(node, exp.Anonymous):
        return node.name.lower()
    return node.sql_name().lower() if isinstance(node, exp.Func) else None


def _ident(part: exp.Expr) -> str:
    name = part.name
    if isinstance(part, exp.Identifier) and part.quoted and name != name.lower():
        return f'"{name}"'  # case-sensitive where it matters: never matches a lowercase name
    return name


def _is_cte_reference(table: exp.Table) -> bool:
    """Whether an unqualified table name refers to a CTE visible where it is used: CTEs of
    an enclosing WITH, the earlier ones of its own WITH, itself only when RECURSIVE."""
    name = table.name.casefold()
    child: exp.Expr = table
    node = table.parent
    while node is not None:
        if isinstance(node, exp.With):
            ctes = list(node.expressions)
            at = next((k for k, c in enumerate(ctes) if c is child), len(ctes))
            visible = ctes[: at + 1] if node.args.get("recursive") else ctes[:at]
            if any(c.alias_or_name.casefold() == name for c in visible):
                return True
        else:
            with_ = node.args.get("with_") or node.args.get("with")
            if (
                isinstance(with_, exp.With)
                and child is not with_
                and any(c.alias_or_name.casefold() == name for c in with_.expressions)
            ):
                return True
        child, node = node, node.parent
    return False


def _cap(statement: exp.Expr) -> float | None:
    """Rows the statement can return at most; None for a statement that returns none."""
    if isinstance(statement, exp.Query):
        return _query_cap(statement)
    if isinstance(statement, _DML) and statement.args.get("returning") is not None:
        return UNBOUNDED
    if _VERB_OF_CLASS[type(statement).__name__] in _ROWS_WITHOUT_QUERY:
        return UNBOUNDED
    return None


def _query_cap(query: exp.Expr) -> float:
    limit = query.args.get("limit")
    if limit is not None:
        return _limit_value(limit)
    if isinstance(query, exp.Subquery):
        return _query_cap(query.this)
    if isinstance(query, exp.Union):
        return _query_cap(query.left) + _query_cap(query.right)
    if isinstance(query, exp.Intersect | exp.Except):
        return _query_cap(query.left)
    no_source = isinstance(query, exp.Select) and query.args.get("from_") is None
    if no_source and next(query.find_all(exp.Func), None) is None:
        return 1.0  # `SELECT 1`: one row, unless a function could return a set
    return UNBOUNDED  # a LIMIT inside a subquery or a CTE does not bound the result


def _limit_value(limit: exp.Expr) -> float:
    options = limit.args.get("limit_options")
    if options is not None and (options.args.get("percent") or options.args.get("with_ties")):
        return UNBOUNDED
    if isinstance(limit, exp.Fetch):
        count = limit.args.get("count")
        return 1.0 if count is None else _literal_count(count)
    return _literal_count(limit.expression)


def _literal_count(node: exp.Expr | None) -> float:
    if isinstance(node, exp.Paren):
        return _literal_count(node.this)
    if isinstance(node, exp.Literal) and not node.is_string and node.this.isdigit():
        return float(int(node.this))
    return UNBOUNDED  # ALL, -1, an expression, a string, a parameter: no bound to trust


# -- rewriting (the mutators' side) -------------------------------------------------------


def tables_in(sql: str, dialect: str | None = None) -> list[str]:
    """The tables of `sql`, or none when it cannot be read."""
    try:
        return list(read_sql(sql, dialect).tables)
    except UnreadableValue:
        return []


def replace_table(sql: str, table: str, dialect: str | None = None) -> str | None:
    """`sql` with every reference to its first table renamed `table`; None when `sql`
    cannot be read or reads no table."""
    old = tables_in(sql, dialect)
    if not old:
        return None
    statements = _parse(sql, dialect)
    new = exp.to_table(table, dialect=dialect)
    short = old[0].rsplit(".", 1)[-1].casefold()
    for statement in statements:
        for node in list(statement.find_all(exp.Table)):
            if isinstance(node.this, exp.Identifier) and _same(node, old[0]):
                renamed = new.copy()
                renamed.set("alias", node.args.get("alias"))
                node.replace(renamed)
        for column in statement.find_all(exp.Column):  # `orders.day` follows its table
            if column.table.casefold() == short:
                column.set("table", exp.to_identifier(new.name))
    return _render(statements, dialect)


def _same(node: exp.Table, name: str) -> bool:
    return ".".join(_ident(p) for p in node.parts).casefold() == name.casefold()


def set_limit(sql: str, limit: int, dialect: str | None = None) -> str | None:
    """`sql` with the row cap of every query statement set to `limit` (FETCH and TOP become
    LIMIT); None when `sql` cannot be read or has no query statement."""
    try:
        read_sql(sql, dialect)
        statements = _parse(sql, dialect)
    except UnreadableValue:
        return None
    changed = False
    for statement in statements:
        if isinstance(statement, exp.Query):
            statement.set("limit", exp.Limit(expression=exp.Literal.number(limit)))
            changed = True
    return _render(statements, dialect) if changed else None


def _render(statements: list[exp.Expr], dialect: str | None) -> str:
    return ";\n".join(s.sql(dialect=dialect) for s in statements)

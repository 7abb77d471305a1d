"""`specgap serve`: the compiled policy over HTTP (decisions, evaluation, the warehouse of
the `sql` agent behind the guard) and a web console. Needs the `serve` extra
(`pip install 'specgap[serve]'`): FastAPI, uvicorn and sqlglot."""

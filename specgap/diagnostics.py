"""Every diagnostic code specgap can report, declared once.

A code is stable kebab-case: it doubles as the SARIF `ruleId` and as the name a user searches
for. Each entry says where the code comes from, how grave it is by default, what it means
(`summary`, a SARIF `shortDescription`) and what to do about it (`help`, Markdown, the SARIF
`help` and the README's table). `tests/test_diagnostics.py` fails when the source reports a
code that is not declared here, when a declared code is never reported, and when the README's
table is stale (`python -m specgap.diagnostics --write-readme` regenerates it).

This module is the lowest layer: it imports nothing from specgap.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Stage = Literal[
    "config", "load", "extract", "llm", "resolve", "compile", "evaluate", "trace", "cli", "serve"
]
Level = Literal["error", "warning", "note"]


@dataclass(frozen=True)
class Code:
    name: str
    stage: Stage
    severity: Level  # the usual severity; a few codes are raised as errors under --strict
    summary: str  # what happened, lowercase, no final period
    help: str  # what to do, Markdown


def _c(name: str, stage: Stage, severity: Level, summary: str, help: str) -> Code:
    return Code(name, stage, severity, summary, help)


CODES: tuple[Code, ...] = (
    # --- project config and inputs ----------
    _c(
        "missing-config",
        "config",
        "error",
        "no `specgap.toml` (or `[tool.specgap]` in `pyproject.toml`) was found",
        "run `specgap init`, or pass `--config FILE`",
    ),
    _c(
        "invalid-config",
        "config",
        "error",
        "the project config does not have the expected shape",
        "fix the key named in the message; the README's *Project config* lists every key",
    ),
    _c(
        "duplicate-agent",
        "config",
        "error",
        "two agents share one id",
        "give every `[[agents]]` entry its own `id`",
    ),
    _c(
        "empty-glob",
        "config",
        "error",
        "a path pattern in the config matches no file",
        "fix the pattern, or remove it if the files are gone",
    ),
    _c(
        "no-agents", "config", "error", "the project declares no agent", "add an `[[agents]]` table"
    ),
    _c(
        "unknown-agent",
        "config",
        "error",
        "no agent of the project has this id",
        "use one of the ids the message lists",
    ),
    _c(
        "invalid-setting",
        "config",
        "error",
        "an LLM setting (config or environment) has a wrong value",
        "fix the setting named in the message; the README's *LLM extraction* section lists them",
    ),
    _c(
        "missing-artifact",
        "load",
        "error",
        "a file named in the config or on the command line does not exist",
        "fix the path; paths in the config are relative to the config file",
    ),
    _c(
        "unreadable-artifact",
        "load",
        "error",
        "a file could not be read",
        "check its permissions and that it is a regular file",
    ),
    _c("invalid-utf8", "load", "error", "a file is not valid UTF-8", "save it as UTF-8"),
    _c(
        "malformed-json",
        "load",
        "error",
        "a JSON document does not parse",
        "fix the syntax at the location shown",
    ),
    _c(
        "malformed-yaml",
        "load",
        "error",
        "a YAML document does not parse",
        "fix the syntax at the location shown",
    ),
    _c(
        "malformed-toml",
        "load",
        "error",
        "a TOML document does not parse",
        "fix the syntax at the location shown",
    ),
    _c(
        "invalid-number",
        "load",
        "error",
        "a number is not finite or does not fit a double",
        "write the value as a finite number, or as a string if it is an identifier",
    ),
    _c(
        "input-too-complex",
        "load",
        "error",
        "a document nests deeper than specgap reads",
        "flatten the document; no real tool list or trace nests this deep",
    ),
    _c(
        "invalid-tools",
        "load",
        "error",
        "a tool entry or its argument schema is not valid",
        "a tool is an OpenAI function spec, an Anthropic tool or an MCP tool, "
        "with a string `name` and a valid JSON Schema",
    ),
    _c(
        "invalid-registry",
        "load",
        "error",
        "a registry file does not have the expected shape",
        "fix the entry named in the message; see the README's *Registries* section",
    ),
    _c(
        "duplicate-tool-id",
        "load",
        "error",
        "two registry entries declare the same tool id",
        "keep one entry per id",
    ),
    _c(
        "duplicate-alias",
        "load",
        "warning",
        "one alias is given to two tools",
        "an alias must name one tool; remove it from one of them",
    ),
    _c(
        "invalid-lock",
        "llm",
        "error",
        "the extraction lock does not have the expected shape",
        "rebuild it online (`specgap build --extractor llm`) or restore it from version control",
    ),
    _c(
        "unwritable-output",
        "cli",
        "error",
        "an output file could not be written",
        "check that its folder exists and is writable; nothing was half-written",
    ),
    _c(
        "nothing-to-init",
        "cli",
        "error",
        "`specgap init` found no prompt or tool definitions in the folder",
        "add the agent's system prompt and its tool definitions, then rerun `specgap init`",
    ),
    _c(
        "config-exists",
        "cli",
        "error",
        "`specgap init` found a project config already there",
        "run `specgap build` and `specgap eval`, or remove the config to start over",
    ),
    _c(
        "missing-folder",
        "cli",
        "error",
        "the folder given to `specgap init` does not exist or is a file",
        "pass the folder that holds the agent's prompt and tool definitions",
    ),
    _c(
        "missing-server-command",
        "cli",
        "error",
        "`specgap mcp-proxy` has no server command, or it cannot be run",
        "put the MCP server's command after `--`; check it is installed and on PATH",
    ),
    _c(
        "engine-unavailable",
        "cli",
        "error",
        "`specgap audit --engine dask` or `ray` without that optional extra installed",
        "pip install 'specgap[dask]' or 'specgap[ray]', or use `--engine local`",
    ),
    _c(
        "unsupported-schema-version",
        "cli",
        "error",
        "the policy file was written by another schema version",
        "rebuild it with this specgap (`specgap build`)",
    ),
    _c(
        "invalid-policy",
        "cli",
        "error",
        "the policy file is not a specgap bundle",
        "rebuild it with `specgap build`",
    ),
    _c(
        "unknown-policy",
        "cli",
        "error",
        "no policy has this id",
        "`specgap eval --format json` lists the ids",
    ),
    _c(
        "unknown-location",
        "cli",
        "error",
        "`specgap explain FILE:LINE` names a file no agent of the policy reads, or line 0",
        "name one of the agents' prompts, tools or config files, with a line from 1",
    ),
    _c(
        "unknown-stage",
        "cli",
        "error",
        "`--dump-after` names no stage",
        "use one of the stages the message lists",
    ),
    _c(
        "unknown-extractor",
        "cli",
        "error",
        "`--extractor` names no extraction mode",
        "use deterministic, llm, auto or ensemble",
    ),
    _c(
        "invalid-threshold",
        "cli",
        "error",
        "a `--fail-under` value is not a score or not a category",
        "write `SCORE` or `CATEGORY=SCORE`, a score in 0–100",
    ),
    _c(
        "invalid-base",
        "cli",
        "error",
        "the `--base` report is not a specgap JSON report",
        "pass the output of `specgap eval --format json` on the base branch",
    ),
    _c(
        "internal-error",
        "cli",
        "error",
        "specgap failed unexpectedly",
        "run again with `--debug` and report the traceback",
    ),
    # --- tool registries and importers ----------
    _c(
        "duplicate-tool-name",
        "load",
        "warning",
        "an imported catalogue lists one tool name twice",
        "the later entry is kept apart under its own id; rename one of them upstream",
    ),
    _c(
        "name-collision",
        "load",
        "warning",
        "two imported tools share a name",
        "refer to them by their namespaced ids",
    ),
    _c(
        "namespace-collision",
        "load",
        "warning",
        "two imported servers share a namespace",
        "the later one gets a suffix; pass distinct file names",
    ),
    _c(
        "format-mismatch",
        "load",
        "error",
        "a file does not have the format `--from` names",
        "pass the format the file is in, or let `specgap init` detect it",
    ),
    _c(
        "missing-operation-id",
        "load",
        "warning",
        "an OpenAPI operation has no `operationId`",
        "give it one; the tool id is made from method and path until then",
    ),
    _c(
        "unsupported-openapi",
        "load",
        "error",
        "the document is not OpenAPI 3",
        "convert Swagger 2 documents to OpenAPI 3",
    ),
    # --- extraction ----------
    _c(
        "config-setting-not-read",
        "extract",
        "note",
        "a setting under a tool (in a config file or a prompt's config block) states no rule an "
        "operator reads",
        "use a setting an operator reads (`max_<arg>`, `allowed_<arg>`, `require_before`, "
        "`timeout`, ...) or state the rule in a sentence",
    ),
    _c(
        "rule-not-compiled",
        "extract",
        "note",
        "a sentence reads like a rule but compiles to no policy",
        "state it over a named tool (an ordering, a prohibition, an allowlist, a bound, "
        "a condition), or enforce it elsewhere; "
        "the message says which part could not be compiled",
    ),
    _c(
        "condition-not-bound",
        "extract",
        "note",
        "a rule holds only under a condition that could not be bound to the state of an entity; "
        "the rule stays `review_only`",
        "state the condition as a field and its values (`its status is 'open'`), "
        "or enforce it elsewhere; "
        "the rule is never compiled as an unconditional ban",
    ),
    _c(
        "obligation-not-enforced",
        "extract",
        "note",
        "a sentence orders two actions and also obliges the later one to happen; only the "
        "order is compiled",
        "check that the required call happens with an eval, or enforce it elsewhere",
    ),
    _c(
        "same-entity-not-bound",
        "compile",
        "note",
        'an ordering says the earlier call must be about the same entity ("look up the '
        'booking before cancelling it"), but the entity names no identifier argument of the '
        "later tool for sure; only the order is enforced",
        "name the entity's identifier argument (`booking_id`), or check the same-entity part "
        "elsewhere",
    ),
    _c(
        "bound-not-representable",
        "extract",
        "note",
        "a limit is derived from another quantity (a rate per day, a share of a total) "
        "and cannot be checked as a fixed bound",
        "state the limit as a number, or enforce it elsewhere",
    ),
    _c(
        "argument-restriction-not-compiled",
        "extract",
        "note",
        "a restriction on an argument could not be compiled "
        "(the argument or its allowed change is not readable)",
        "name the argument as the tool's schema does and the values it may take",
    ),
    _c(
        "suspicious-instruction",
        "extract",
        "warning",
        "text in a tool description or config reads like an instruction to the model",
        "possible prompt injection: review where the text came from; no rule is mined from it",
    ),
    _c(
        "suspicious-rule",
        "extract",
        "warning",
        "a rule was mined from text flagged as a possible injection, and dropped",
        "review the flagged text",
    ),
    _c(
        "hallucinated-quote",
        "llm",
        "warning",
        "the model quoted text that is not in the artifact; its rule was dropped",
        "nothing to fix in the artifact; a larger model quotes more faithfully",
    ),
    _c(
        "ungrounded-value",
        "llm",
        "warning",
        "a value of the model's rule does not appear in its quote; the rule was dropped",
        "nothing to fix in the artifact; a larger model quotes more faithfully",
    ),
    _c(
        "llm-fallback",
        "llm",
        "warning",
        "the model failed on an artifact; the deterministic extractor read it instead",
        "see the reason in the message; `specgap doctor` checks the model server",
    ),
    _c(
        "llm-unavailable",
        "llm",
        "error",
        "the model server could not be reached",
        "start Ollama or set `OLLAMA_HOST`; `specgap doctor` checks it",
    ),
    _c(
        "llm-model-missing",
        "llm",
        "error",
        "the model is not installed on the server",
        "pull it (`ollama pull MODEL`)",
    ),
    _c(
        "llm-timeout",
        "llm",
        "error",
        "the model did not answer in time",
        "raise `llm.timeout` or use a smaller model",
    ),
    _c(
        "llm-error",
        "llm",
        "error",
        "the model server returned an error",
        "see the server's message",
    ),
    _c(
        "llm-invalid-json",
        "llm",
        "error",
        "the model's answer is not JSON",
        "try a larger model, or `--extractor auto`",
    ),
    _c(
        "llm-schema-violation",
        "llm",
        "error",
        "the model's answer does not fit the answer schema",
        "try a larger model, or `--extractor auto`",
    ),
    _c(
        "llm-truncated",
        "llm",
        "error",
        "the model's answer was cut off at its output budget",
        "raise `llm.num_predict`, or use a model that answers more briefly",
    ),
    _c(
        "llm-no-rules",
        "llm",
        "warning",
        "the model was asked and contributed no rule the patterns lack",
        "check the model with `specgap doctor`; in `llm` and `auto` mode this fails the build",
    ),
    _c(
        "llm-answer-too-large",
        "llm",
        "error",
        "the model's answer is larger than specgap reads",
        "split the artifact into smaller sections",
    ),
    _c(
        "lock-miss",
        "llm",
        "error",
        "`--offline` and the extraction lock has no answer for this artifact",
        "record the answer online (`specgap build --extractor llm`) and commit the lock",
    ),
    # --- resolution and compilation ----------
    _c(
        "unresolved-mention",
        "resolve",
        "warning",
        "a rule names a tool that is not in the registry",
        "use the tool's id or add an alias in the registry; "
        "`specgap resolve MENTION` shows the candidates",
    ),
    _c(
        "ambiguous-mention",
        "resolve",
        "warning",
        "a rule names a tool that could be several tools of the registry",
        "name the tool by its id or give it an alias; until then the rule is `review_only`",
    ),
    _c(
        "informal-rule-not-read",
        "extract",
        "note",
        "a line written informally (chat shorthand, symbols for words) reads like a rule, but "
        "no rule could be read from it",
        "spell the rule out in a full sentence (the action, its object and the condition), or "
        "check it by hand",
    ),
    _c(
        "approver-unclear",
        "extract",
        "note",
        "a rule asks for someone's ok (\"the owner's ok\") and whether that is the user or a "
        "member of staff cannot be told from the agent's tools; no confirmation or review is read",
        'say whether the user confirms ("ask the customer to confirm before ...") or staff '
        'approve ("... needs a manager\'s sign-off")',
    ),
    _c(
        "bound-argument-tie",
        "compile",
        "note",
        "a numeric bound whose tool no word names fits numeric arguments of several tools",
        "name the tool or the argument the bound is about",
    ),
    _c(
        "lifecycle-hook-mention",
        "resolve",
        "warning",
        "a rule is about an MCP lifecycle hook, which the model never calls",
        "state the rule about the callable tool it means",
    ),
    _c(
        "unknown-operator",
        "compile",
        "error",
        "a rule names no known operator",
        "use one of the operators the message lists",
    ),
    _c(
        "unknown-argument",
        "compile",
        "warning",
        "a rule constrains an argument the tool does not have",
        "name the argument as the tool's schema does, or declare a facet in the registry",
    ),
    _c(
        "invalid-rule",
        "compile",
        "error",
        "a rule's parameters do not fit its operator",
        "fix the parameter named in the message",
    ),
    _c(
        "mention-spread",
        "compile",
        "note",
        "a generic action names several tools of one family; the rule applies to each, for review",
        "name the tools by their ids to enforce the rule on them",
    ),
    _c(
        "conflicting-policies",
        "compile",
        "warning",
        "two policies constrain the same value differently",
        "make the sources agree; both stay enforced, so the stricter one wins",
    ),
    # --- evaluation and reports ----------
    _c(
        "survived-mutant",
        "evaluate",
        "warning",
        "traces made to break a rule were not stopped by the policy",
        "restate the rule so it compiles to an enforced policy; "
        "`specgap explain POLICY_ID` shows how it was read",
    ),
    _c(
        "unenforced-rule",
        "evaluate",
        "warning",
        "a stated rule is not enforced (it did not compile, or it only warns)",
        "name the tool and the condition exactly, or confirm the rule in the config's `policies:`",
    ),
    _c(
        "untested-policy",
        "evaluate",
        "note",
        "no trace or mutant depends on an enforced policy",
        "add an unsafe trace that breaks the rule, or a safe trace the generator can mutate",
    ),
    _c(
        "false-allow",
        "evaluate",
        "error",
        "a trace labelled unsafe is allowed",
        "state the rule it breaks so that it compiles",
    ),
    _c(
        "false-block",
        "evaluate",
        "error",
        "a trace labelled safe is blocked",
        "narrow the rule named in the message",
    ),
    _c(
        "lost-enforcement",
        "evaluate",
        "warning",
        "a rule the base branch enforced is not enforced any more (`--base`)",
        "restore the wording that compiled, or confirm that the change is intended",
    ),
    # --- traces ----------
    _c(
        "invalid-trace",
        "trace",
        "error",
        "a trace does not have the shape of any supported format",
        "check `--trace-format`; the README's *Trace formats* lists the shapes",
    ),
    _c(
        "invalid-event",
        "trace",
        "error",
        "an event of the trace lacks what its format requires",
        "fix the event at the location shown",
    ),
    _c(
        "invalid-arguments",
        "trace",
        "error",
        "a tool call's arguments are not an object",
        "pass the arguments as a JSON object",
    ),
    _c(
        "invalid-tool-arguments",
        "trace",
        "error",
        "a tool call's arguments string is not JSON",
        "fix the string at the location shown",
    ),
    _c(
        "unknown-tool",
        "trace",
        "warning",
        "a call names a tool that is not in the agent's registry",
        "a typo, or a tool the policy knows nothing about; add it to the registry",
    ),
    _c(
        "confusable-name",
        "trace",
        "warning",
        "a call's tool name imitates a registered tool with look-alike letters",
        "the call is checked as the tool it imitates; find out who wrote the name "
        "(`deny` under `--on-error closed`)",
    ),
    _c(
        "duplicate-keys",
        "trace",
        "warning",
        "a call's JSON arguments repeat a key, so tools may read different values",
        "send each argument once (`deny` under `--on-error closed`)",
    ),
    _c(
        "unreadable-event",
        "trace",
        "warning",
        "an event could not be read, so no policy could decide it",
        "fix the event at the location shown; under `--on-error closed` it is denied",
    ),
    _c(
        "unmatched-tool-result",
        "trace",
        "warning",
        "a tool result answers no earlier call",
        "check the call ids of the trace",
    ),
    _c(
        "multiple-traces",
        "trace",
        "error",
        "a file holds several traces where one was expected",
        "split it, or pass it as JSONL",
    ),
    _c(
        "empty-trace",
        "trace",
        "error",
        "a trace has no events",
        "pass a trace with at least one event",
    ),
    _c(
        "no-events",
        "trace",
        "error",
        "the forced trace format found no events",
        "check `--trace-format`, or use `auto`",
    ),
    _c(
        "no-pending-call",
        "trace",
        "error",
        "a tool result was given to the Guard with no call waiting for it",
        "call `Guard.check` on the call before `Guard.record` on its result",
    ),
    # --- the validation server and the SQL warehouse ----------
    _c(
        "invalid-request",
        "serve",
        "error",
        "a request body does not fit the endpoint's model",
        "fix the field at the location shown; `/openapi.json` describes every body",
    ),
    _c(
        "payload-too-large",
        "serve",
        "error",
        "a request body is larger than `--max-body`",
        "send a smaller body, or start the server with a larger `--max-body`",
    ),
    _c(
        "unsupported-media-type",
        "serve",
        "error",
        "a request body is not JSON",
        "send `Content-Type: application/json`",
    ),
    _c(
        "unauthorized",
        "serve",
        "error",
        "the request lacks the server's bearer token",
        "send `Authorization: Bearer TOKEN`",
    ),
    _c(
        "not-found",
        "serve",
        "error",
        "no endpoint at this path",
        "`/openapi.json` lists the endpoints",
    ),
    _c(
        "method-not-allowed",
        "serve",
        "error",
        "the endpoint does not take this HTTP method",
        "`/openapi.json` lists the methods",
    ),
    _c("http-error", "serve", "error", "the server refused the request", "see the message"),
    _c(
        "unknown-session",
        "serve",
        "error",
        "no session has this id (it ended or expired)",
        "start a new session by sending an event without `session_id`",
    ),
    _c(
        "session-agent-mismatch",
        "serve",
        "error",
        "a session was used with another agent than its own",
        "use one session per agent",
    ),
    _c(
        "session-too-long",
        "serve",
        "error",
        "a session holds more events than the server keeps",
        "end the session and start a new one",
    ),
    _c(
        "no-policy",
        "serve",
        "error",
        "the server has no policy loaded",
        "build one with `specgap build`",
    ),
    _c(
        "no-project",
        "serve",
        "error",
        "the server was started without a project, so it has no traces to evaluate",
        "start it inside a project, or with `--config FILE`",
    ),
    _c(
        "token-required",
        "serve",
        "error",
        "binding beyond loopback without a bearer token",
        "pass `--token` or set `SPECGAP_TOKEN`",
    ),
    _c(
        "cannot-listen",
        "serve",
        "error",
        "the server could not listen on the host and port",
        "pick another port (`--port 0` chooses a free one)",
    ),
    _c(
        "watch-policy-mismatch",
        "serve",
        "error",
        "`--watch` with a `--policy` the project does not build",
        "drop `--policy`, or point it at the project's `out`",
    ),
    _c(
        "missing-warehouse",
        "serve",
        "error",
        "the SQLite warehouse has not been created",
        "run `specgap sql seed`",
    ),
    _c(
        "warehouse-exists",
        "serve",
        "error",
        "the SQLite warehouse already exists",
        "pass `--force` to recreate it",
    ),
    _c(
        "sql-error",
        "serve",
        "error",
        "the SQLite warehouse refused an allowed query",
        "see SQLite's message",
    ),
    _c(
        "outside-project",
        "load",
        "error",
        "an artifact, trace or the `out` file resolves outside the project root",
        "keep inputs and outputs inside the project; `specgap --allow-outside ...` lifts the check",
    ),
    _c(
        "symlink-loop",
        "load",
        "error",
        "a path in the config is a symlink loop",
        "point the symlink at a real file",
    ),
    _c(
        "not-a-regular-file",
        "load",
        "error",
        "a path names a FIFO, socket or device, which could block or never end",
        "point the config at a regular file",
    ),
    _c(
        "file-too-large",
        "load",
        "error",
        "a file is larger than specgap reads whole (32 MiB)",
        "split the file",
    ),
    _c(
        "build-locked",
        "cli",
        "error",
        "another build of the same policy held its lock too long",
        "wait for the other `specgap build` or `watch` to finish",
    ),
    _c(
        "broken-pipe",
        "cli",
        "error",
        "standard output was closed before everything was written",
        "the reading end of the pipe exited early; its own output is complete",
    ),
    _c(
        "config-wrong-type",
        "compile",
        "error",
        "a config setting has the wrong type, so it states no rule",
        "write a list for `allowed_*`/`denied_*`, a number for `max_*`, `min_*`, `timeout*`",
    ),
    _c(
        "empty-allowlist",
        "config",
        "warning",
        "an allowlist in the config is empty: it allows nothing",
        "list what is allowed, or deny the tool outright",
    ),
    _c(
        "described-rule-on-other-tool",
        "compile",
        "note",
        "a rule read from one tool's description constrains another tool; a description is "
        "third-party text and governs only its own tool, so the rule is kept for review",
        "state the rule in the prompt or the runtime config to enforce it",
    ),
    _c(
        "senseless-rule",
        "compile",
        "warning",
        "a compiled rule no call could satisfy (a tool before itself, an empty allowlist, "
        "a negative bound, an empty range, a cycle of orderings); it is not enforced",
        "restate the rule in the source; `specgap explain POLICY_ID` shows how it was read",
    ),
    _c(
        "tool-name-collision",
        "compile",
        "warning",
        "a tool is named (normalized, or read for look-alike letters) like an enforced target",
        "rename it or give it the same rules; a finding under `--strict`",
    ),
    _c(
        "enforcement-dropped",
        "compile",
        "warning",
        "a rule `enforce` in the committed policy is gone or no longer enforced",
        "restore it, or accept the change; `build --strict` fails on it",
    ),
    _c(
        "unknown-sql-dialect",
        "compile",
        "error",
        "a SQL facet names a dialect sqlglot does not know",
        "use a sqlglot dialect name, or leave `dialect` out for the strict generic one",
    ),
)

CODE: dict[str, Code] = {code.name: code for code in CODES}


def describe(name: str) -> Code:
    """The declaration of `name`; a generic one for a code this version does not know."""
    found = CODE.get(name)
    if found is not None:
        return found
    return Code(name, "cli", "error", name.replace("-", " "), "see the message's `help:` line")


def markdown_table() -> str:
    """The README's table of codes, grouped by stage in declaration order."""
    lines = ["| code | stage | severity | meaning | what to do |", "|---|---|---|---|---|"]
    for code in CODES:
        help_text = code.help.replace("|", "\\|")
        lines.append(
            f"| `{code.name}` | {code.stage} | {code.severity} | {code.summary} | {help_text} |"
        )
    return "\n".join(lines) + "\n"


BEGIN = (
    "<!-- BEGIN diagnostic codes (generated by `python -m specgap.diagnostics --write-readme`) -->"
)
END = "<!-- END diagnostic codes -->"
_SECTION = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.S)


def readme_with_table(readme: str) -> str:
    """`readme` with the generated table between its markers (unchanged if it has none)."""
    return _SECTION.sub(lambda _: f"{BEGIN}\n{markdown_table()}{END}", readme)


def main(argv: list[str]) -> int:
    if argv == ["--write-readme"]:
        path = Path(__file__).resolve().parent.parent / "README.md"
        path.write_text(readme_with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
        return 0
    sys.stdout.write(markdown_table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""SARIF 2.1.0 for code scanning: findings at the prompt spans that state the rules.

Columns count characters (`columnKind: unicodeCodePoints`), as spans do; region ends are
exclusive in both. ruleIds are the stable finding codes; `partialFingerprints` carry the
line-independent fingerprint of each finding. Every rule carries a `fullDescription` and a
Markdown `help` (GitHub code scanning requires both), every located result a region: a
finding about a whole file points at its first line.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from specgap import __version__
from specgap.evaluate.results import EvalResult
from specgap.report.findings import Finding, describe, findings
from specgap.report.rule_docs import doc, plain

if TYPE_CHECKING:
    from specgap.report.compare import Diff

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
FINGERPRINT = "specgap/v1"


def sarif(result: EvalResult, diff: Diff | None = None) -> dict[str, Any]:
    found = findings(result, diff)
    ids = sorted({f.rule_id for f in found})
    index = {rule_id: n for n, rule_id in enumerate(ids)}
    rules = []
    for rule_id in ids:
        text, level = describe(rule_id)
        about = doc(rule_id, text)
        rules.append(
            {
                "id": rule_id,
                "name": "".join(part.capitalize() for part in rule_id.split("-")),
                "shortDescription": {"text": text},
                "fullDescription": {"text": about.full},
                "help": {"text": plain(about.help), "markdown": about.help},
                "defaultConfiguration": {"level": level},
                "properties": {"tags": ["specgap", "policy"]},
            }
        )
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "specgap",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [_result(f, index[f.rule_id]) for f in found],
                "properties": {"revision": result.revision},
            }
        ],
    }


def _result(f: Finding, rule_index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": f.rule_id,
        "ruleIndex": rule_index,
        "level": f.level,
        "message": {"text": f.message},
        "partialFingerprints": {FINGERPRINT: f.fingerprint},
    }
    if f.path:
        physical: dict[str, Any] = {"artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"}}
        if f.span is not None:
            physical["region"] = {
                "startLine": f.span.start_line,
                "startColumn": f.span.start_col,
                "endLine": f.span.end_line,
                "endColumn": max(f.span.end_col, 1),
            }
        else:
            physical["region"] = {"startLine": 1}
        out["locations"] = [{"physicalLocation": physical}]
    if f.related:
        out["relatedLocations"] = [
            {
                "id": 1,
                "message": {"text": "the trace"},
                "physicalLocation": {
                    "artifactLocation": {"uri": f.related, "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 1},
                },
            }
        ]
    return out


def render(result: EvalResult, diff: Diff | None = None) -> str:
    return json.dumps(sarif(result, diff), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

"""SARIF 2.1.0 for code scanning: findings at the prompt spans that state the rules.

Columns count characters (`columnKind: unicodeCodePoints`), as spans do; region ends are
exclusive in both. ruleIds are the stable finding codes; `partialFingerprints` carry the
line-independent fingerprint of each finding.
"""

from __future__ import annotations

import json
from typing import Any

from specgap import __version__
from specgap.evaluate.suite import EvalResult
from specgap.report.findings import Finding, describe, findings

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
FINGERPRINT = "specgap/v1"


def sarif(result: EvalResult) -> dict[str, Any]:
    found = findings(result)
    ids = sorted({f.rule_id for f in found})
    index = {rule_id: n for n, rule_id in enumerate(ids)}
    rules = []
    for rule_id in ids:
        text, level = describe(rule_id)
        rules.append(
            {
                "id": rule_id,
                "name": "".join(part.capitalize() for part in rule_id.split("-")),
                "shortDescription": {"text": text},
                "defaultConfiguration": {"level": level},
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
        out["locations"] = [{"physicalLocation": physical}]
    return out


def render(result: EvalResult) -> str:
    return json.dumps(sarif(result), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

"""The bundled `cloud` agent's "Run `scan_for_secrets` on every file before uploading it":
the scan must have been of the file that is uploaded (the registry names the uploaded
`Body` the file: `facets: {file: {arg: Body}}`). Scanning a harmless text and uploading a
secret one used to pass; it is denied now, and the honest upload still goes through."""

from __future__ import annotations

from typing import Any

import pytest
from trace_support import reference_bundle

from specgap.guard import Guard

SECRET = "deploy key AKIAIOSFODNN7EXAMPLE"


def _upload_after_scan(scanned: str, uploaded: str) -> Any:
    guard = Guard(reference_bundle(), agent="cloud")
    scan = {"name": "scan_for_secrets", "args": {"content": scanned}, "result": {"findings": []}}
    guard.check(scan, executed=True)
    put = {"Bucket": "acme-reports", "Key": "notes.txt", "Body": uploaded, "ACL": "private"}
    return guard.check({"name": "put_object", "args": put})


@pytest.mark.parametrize(
    ("scanned", "uploaded", "verdict"),
    [
        ("Q3 revenue grew 12%.", "Q3 revenue grew 12%.", "allow"),
        ("Q3 revenue grew 12%.", SECRET, "deny"),
        ("hello", SECRET, "deny"),
    ],
)
def test_the_scan_must_be_of_the_uploaded_file(scanned: str, uploaded: str, verdict: str) -> None:
    decision = _upload_after_scan(scanned, uploaded)
    assert decision.verdict == verdict
    if verdict == "deny":
        assert any("same `Body`" in hit.message for hit in decision.hits)

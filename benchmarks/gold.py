"""Gold lists for the extraction benchmark: `tests/gold/<domain>.yaml` (format: docs/gold.md).

A gold file says, for every rule-like sentence of a corpus domain's policy text, what a
faithful compiler must produce. Sentences are located by `FILE:LINE[-LINE]` (pinned by the
first 8 hex digits of the sha256 of the stripped first line) or `TOOLSFILE#tool` (the tool's
own entry: its description and parameter descriptions). No corpus text is stored here.

`load_gold(path)` parses and checks the shape (pydantic, `extra="forbid"`);
`check_gold(gold, corpus, tools)` checks it against the corpus: every hash matches its line,
every located file is one of the agent's files, every tool named is a tool of the domain.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from specgap.operators import OPERATORS

GOLD_DIR = Path(__file__).resolve().parent.parent / "tests" / "gold"
# The blind set: domains written for the project, each folder beside its gold
# (`tests/gold_unseen/<domain>/<domain>.yaml`); never tuned on (see its README).
UNSEEN_DIR = GOLD_DIR.parent / "gold_unseen"
# The second blind set (split `unseen2`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen2/README.md).
UNSEEN2_DIR = GOLD_DIR.parent / "gold_unseen2"
# The third blind set (split `unseen3`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen3/README.md).
UNSEEN3_DIR = GOLD_DIR.parent / "gold_unseen3"
# The fourth blind set (split `unseen4`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen4/README.md).
UNSEEN4_DIR = GOLD_DIR.parent / "gold_unseen4"
# The fifth blind set (split `unseen5`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen5/README.md).
UNSEEN5_DIR = GOLD_DIR.parent / "gold_unseen5"
# The sixth blind set (split `unseen6`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen6/README.md).
UNSEEN6_DIR = GOLD_DIR.parent / "gold_unseen6"
# The seventh blind set (split `unseen7`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen7/README.md).
UNSEEN7_DIR = GOLD_DIR.parent / "gold_unseen7"
# The eighth blind set (split `unseen8`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen8/README.md).
UNSEEN8_DIR = GOLD_DIR.parent / "gold_unseen8"
# The ninth blind set (split `unseen9`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen9/README.md).
UNSEEN9_DIR = GOLD_DIR.parent / "gold_unseen9"
# The tenth blind set (split `unseen10`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen10/README.md).
UNSEEN10_DIR = GOLD_DIR.parent / "gold_unseen10"
# The eleventh blind set (split `unseen11`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen11/README.md).
UNSEEN11_DIR = GOLD_DIR.parent / "gold_unseen11"
# The twelfth blind set (split `unseen12`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen12/README.md).
UNSEEN12_DIR = GOLD_DIR.parent / "gold_unseen12"
# The thirteenth blind set (split `unseen13`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen13/README.md).
UNSEEN13_DIR = GOLD_DIR.parent / "gold_unseen13"
# The fourteenth blind set (split `unseen14`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen14/README.md).
UNSEEN14_DIR = GOLD_DIR.parent / "gold_unseen14"
# The fifteenth blind set (split `unseen15`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen15/README.md).
UNSEEN15_DIR = GOLD_DIR.parent / "gold_unseen15"
# The sixteenth blind set (split `unseen16`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen16/README.md).
UNSEEN16_DIR = GOLD_DIR.parent / "gold_unseen16"
# The seventeenth blind set (split `unseen17`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen17/README.md).
UNSEEN17_DIR = GOLD_DIR.parent / "gold_unseen17"
# The eighteenth blind set (split `unseen18`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen18/README.md).
UNSEEN18_DIR = GOLD_DIR.parent / "gold_unseen18"
# The nineteenth blind set (split `unseen19`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen19/README.md).
UNSEEN19_DIR = GOLD_DIR.parent / "gold_unseen19"
# The twentieth blind set (split `unseen20`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen20/README.md).
UNSEEN20_DIR = GOLD_DIR.parent / "gold_unseen20"
# The twenty-first blind set (split `unseen21`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen21/README.md).
UNSEEN21_DIR = GOLD_DIR.parent / "gold_unseen21"
# The twenty-second blind set (split `unseen22`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen22/README.md).
UNSEEN22_DIR = GOLD_DIR.parent / "gold_unseen22"
# The twenty-third blind set (split `unseen23`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen23/README.md).
UNSEEN23_DIR = GOLD_DIR.parent / "gold_unseen23"
# The twenty-fourth blind set (split `unseen24`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen24/README.md).
UNSEEN24_DIR = GOLD_DIR.parent / "gold_unseen24"
# The twenty-fifth blind set (split `unseen25`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen25/README.md).
UNSEEN25_DIR = GOLD_DIR.parent / "gold_unseen25"
# The twenty-sixth blind set (split `unseen26`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen26/README.md).
UNSEEN26_DIR = GOLD_DIR.parent / "gold_unseen26"
# The twenty-seventh blind set (split `unseen27`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen27/README.md).
UNSEEN27_DIR = GOLD_DIR.parent / "gold_unseen27"
# The twenty-eighth blind set (split `unseen28`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen28/README.md).
UNSEEN28_DIR = GOLD_DIR.parent / "gold_unseen28"
# The twenty-ninth blind set (split `unseen29`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen29/README.md).
UNSEEN29_DIR = GOLD_DIR.parent / "gold_unseen29"
# The thirtieth blind set (split `unseen30`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen30/README.md).
UNSEEN30_DIR = GOLD_DIR.parent / "gold_unseen30"
# The thirty-first blind set (split `unseen31`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen31/README.md).
UNSEEN31_DIR = GOLD_DIR.parent / "gold_unseen31"
# The thirty-second blind set (split `unseen32`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen32/README.md).
UNSEEN32_DIR = GOLD_DIR.parent / "gold_unseen32"
# The thirty-third blind set (split `unseen33`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen33/README.md).
UNSEEN33_DIR = GOLD_DIR.parent / "gold_unseen33"
# The thirty-fourth blind set (split `unseen34`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen34/README.md).
UNSEEN34_DIR = GOLD_DIR.parent / "gold_unseen34"
# The thirty-fifth blind set (split `unseen35`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen35/README.md).
UNSEEN35_DIR = GOLD_DIR.parent / "gold_unseen35"
# The thirty-sixth blind set (split `unseen36`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen36/README.md).
UNSEEN36_DIR = GOLD_DIR.parent / "gold_unseen36"
# The thirty-seventh blind set (split `unseen37`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen37/README.md).
UNSEEN37_DIR = GOLD_DIR.parent / "gold_unseen37"
# The thirty-eighth blind set (split `unseen38`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen38/README.md).
UNSEEN38_DIR = GOLD_DIR.parent / "gold_unseen38"
# The thirty-ninth blind set (split `unseen39`), laid out the same way; written and committed
# before the extractor was run on it (see tests/gold_unseen39/README.md).
UNSEEN39_DIR = GOLD_DIR.parent / "gold_unseen39"
# Blind sets opened for development (eighth session, 2026-12-01): after six sessions of
# tuning on made-up sentences left blind recall at 0.15-0.33, the three oldest blind sets'
# sentences and misses may be read, as the `tuned` domains are (their READMEs log it). Their
# rows are reported apart as `dev`; the later sets stay blind and are the honest estimate.
# The fourth was opened the same way in the ninth session (2026-12-02), when an eighth blind
# set was written to take its place; the fifth in the twelfth session (2026-12-02), after the
# ninth blind set was written in the eleventh (tests/gold_unseen5/README.md logs it); the
# sixth in the twenty-first session (2026-12-03), when a tenth blind set was written to take
# its place (tests/gold_unseen6/README.md logs it); the seventh in the twenty-second session
# (2026-12-03), when an eleventh was written to take its place (tests/gold_unseen7/README.md);
# the eighth in the twenty-third session (2026-12-04), when a twelfth was written to take its
# place (tests/gold_unseen8/README.md); the ninth in the twenty-fourth session (2026-12-04),
# when a thirteenth was written to take its place (tests/gold_unseen9/README.md); the tenth in
# the twenty-fifth session (2026-12-04), when a fourteenth was written to take its place
# (tests/gold_unseen10/README.md); the eleventh in the twenty-sixth session (2026-12-04), when
# a fifteenth was written to take its place (tests/gold_unseen11/README.md); the twelfth in the
# twenty-seventh session (2026-12-04), when a sixteenth was written to take its place
# (tests/gold_unseen12/README.md); the thirteenth in the twenty-eighth session (2026-12-04),
# when a seventeenth was written to take its place (tests/gold_unseen13/README.md); the
# fourteenth in the twenty-ninth session (2026-12-05), when an eighteenth was written to take
# its place (tests/gold_unseen14/README.md); the fifteenth in the thirtieth session
# (2026-12-05), when a nineteenth was written to take its place (tests/gold_unseen15/README.md);
# the sixteenth in the thirty-first session (2026-12-05), when a twentieth was written to take
# its place (tests/gold_unseen16/README.md); the seventeenth in the thirty-second session
# (2026-12-05), when a twenty-first was written to take its place (tests/gold_unseen17/README.md);
# the eighteenth in the thirty-third session (2026-12-05), when a twenty-second was written to
# take its place (tests/gold_unseen18/README.md); the nineteenth in the thirty-fourth session
# (2026-12-05), when a twenty-third was written to take its place (tests/gold_unseen19/README.md);
# the twentieth in the thirty-fifth session (2026-12-05), when a twenty-fourth was written to take
# its place (tests/gold_unseen20/README.md); the twenty-first in the thirty-sixth session
# (2026-12-05), when a twenty-fifth was written to take its place (tests/gold_unseen21/README.md);
# the twenty-second in the thirty-seventh session (2026-12-06), when a twenty-sixth was written to
# take its place (tests/gold_unseen22/README.md); the twenty-third in the thirty-eighth session
# (2026-12-06), when a twenty-seventh was written to take its place (tests/gold_unseen23/README.md);
# the twenty-fourth in the thirty-ninth session (2026-12-06), when a twenty-eighth was written to
# take its place (tests/gold_unseen24/README.md); the twenty-fifth in the fortieth session
# (2026-12-06), when a twenty-ninth was written to take its place (tests/gold_unseen25/README.md);
# the twenty-sixth in the forty-first session (2026-12-06), when a thirtieth was written to take
# its place (tests/gold_unseen26/README.md); the twenty-seventh in the forty-second session
# (2026-12-06), when a thirty-first was written to take its place (tests/gold_unseen27/README.md);
# the twenty-eighth in the forty-third session (2026-12-06), when a thirty-second was written to
# take its place (tests/gold_unseen28/README.md); the twenty-ninth in the forty-fourth session
# (2026-12-07), when a thirty-third was written to take its place (tests/gold_unseen29/README.md);
# the thirtieth in the forty-fifth session (2026-12-07), when a thirty-fourth was written to take
# its place (tests/gold_unseen30/README.md); the thirty-first in the forty-sixth session
# (2026-12-07), when a thirty-fifth was written to take its place (tests/gold_unseen31/README.md);
# the thirty-second in the forty-seventh session (2026-12-07), when a thirty-sixth was written to
# take its place (tests/gold_unseen32/README.md); the thirty-third in the forty-eighth session
# (2026-12-07), when a thirty-seventh was written to take its place (tests/gold_unseen33/README.md);
# the thirty-fourth in the forty-ninth session (2026-12-07), when a thirty-eighth was written to
# take its place (tests/gold_unseen34/README.md); the thirty-fifth in the fifty-first session
# (2026-12-07), when a thirty-ninth is written to take its place (tests/gold_unseen35/README.md).
OPENED = (
    "unseen",
    "unseen2",
    "unseen3",
    "unseen4",
    "unseen5",
    "unseen6",
    "unseen7",
    "unseen8",
    "unseen9",
    "unseen10",
    "unseen11",
    "unseen12",
    "unseen13",
    "unseen14",
    "unseen15",
    "unseen16",
    "unseen17",
    "unseen18",
    "unseen19",
    "unseen20",
    "unseen21",
    "unseen22",
    "unseen23",
    "unseen24",
    "unseen25",
    "unseen26",
    "unseen27",
    "unseen28",
    "unseen29",
    "unseen30",
    "unseen31",
    "unseen32",
    "unseen33",
    "unseen34",
    "unseen35",
)
# Blind sets written in the current session: each has its own `TOTAL` row but is left out of
# the `ALL blind` row, so that row stays comparable within the session; the lead moves a set
# into it. The tenth, written in the twenty-first session, was moved in at the start of the
# twenty-second (2026-12-03); the eleventh, written in the twenty-second, at the start of the
# twenty-third (2026-12-04); the twelfth, written in the twenty-third, at the start of the
# twenty-fourth (2026-12-04); the thirteenth, written in the twenty-fourth, at the start of the
# twenty-fifth (2026-12-04); the fourteenth, written in the twenty-fifth, at the start of the
# twenty-sixth (2026-12-04); the fifteenth, written in the twenty-sixth, at the start of the
# twenty-seventh (2026-12-04); the sixteenth, written in the twenty-seventh, at the start of the
# twenty-eighth (2026-12-04); the seventeenth, written in the twenty-eighth, at the start of
# the twenty-ninth (2026-12-05); the eighteenth, written in the twenty-ninth, at the start of the
# thirtieth (2026-12-05); the nineteenth, written in the thirtieth, at the start of the
# thirty-first (2026-12-05); the twentieth, written in the thirty-first, at the start of the
# thirty-second (2026-12-05); the twenty-first, written in the thirty-second, at the start of
# the thirty-third (2026-12-05); the twenty-second, written in the thirty-third, at the start of
# the thirty-fourth (2026-12-05); the twenty-third, written in the thirty-fourth, at the start of
# the thirty-fifth (2026-12-05); the twenty-fourth, written in the thirty-fifth, at the start of
# the thirty-sixth (2026-12-05); the twenty-fifth, written in the thirty-sixth, at the start of
# the thirty-seventh (2026-12-06); the twenty-sixth, written in the thirty-seventh, at the start
# of the thirty-eighth (2026-12-06); the twenty-seventh, written in the thirty-eighth, at the
# start of the thirty-ninth (2026-12-06); the twenty-eighth, written in the thirty-ninth, at the
# start of the fortieth (2026-12-06); the twenty-ninth, written in the fortieth, at the start of
# the forty-first (2026-12-06); the thirtieth, written in the forty-first, at the start of the
# forty-second (2026-12-06); the thirty-first, written in the forty-second, at the start of the
# forty-third (2026-12-06); the thirty-second, written in the forty-third, at the start of the
# forty-fourth (2026-12-07); the thirty-third, written in the forty-fourth, at the start of the
# forty-fifth (2026-12-07); the thirty-fourth, written in the forty-fifth, at the start of the
# forty-sixth (2026-12-07); the thirty-fifth, written in the forty-sixth, at the start of the
# forty-seventh (2026-12-07); the thirty-sixth, written in the forty-seventh, at the start of the
# forty-eighth (2026-12-07); the thirty-seventh, written in the forty-eighth, at the start of the
# forty-ninth (2026-12-07); the thirty-eighth, written in the forty-ninth, at the start of the
# fifty-first (2026-12-07): `ALL blind` is unseen36..unseen38. The thirty-ninth, written in the
# fifty-first session (2026-12-07), is kept apart.
APART: tuple[str, ...] = ("unseen39",)
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

_AT = re.compile(r"^(?P<file>[^:#]+)(?::(?P<start>\d+)(?:-(?P<end>\d+))?|#(?P<tool>[\w.\-]+))$")

# Parameters whose values are tool ids (compared after canonicalization; checked against
# the domain's tools).
TOOL_PARAMS = frozenset({"before", "covers", "read", "from_tools", "sources"})


def _operator_params() -> dict[str, frozenset[str]]:
    """Operator -> the parameter names a gold expectation may give, from the condition
    models of the operator table: their fields, with `selector` spelled `arg` (the argument
    it selects)."""
    known: dict[str, frozenset[str]] = {}
    for name, operator in OPERATORS.items():
        fields = set(operator.condition.model_fields) - {"operator"}
        if "selector" in fields:
            fields = (fields - {"selector"}) | {"arg"}
        known[name] = frozenset(f.rstrip("_") for f in fields)
    return known


OPERATOR_PARAMS = _operator_params()


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Expectation(_Model):
    """One policy the sentence must compile to."""

    operator: str
    target: str
    params: dict[str, Any] = Field(default_factory=dict)
    condition: str | None = None

    @model_validator(mode="after")
    def _known(self) -> Expectation:
        if self.operator not in OPERATOR_PARAMS or self.operator == "schema_contract":
            raise ValueError(f"unknown operator `{self.operator}`")
        unknown = sorted(set(self.params) - OPERATOR_PARAMS[self.operator])
        if unknown:
            raise ValueError(f"`{self.operator}` has no parameter {', '.join(unknown)}")
        return self

    def tools(self) -> tuple[str, ...]:
        """Every tool id the expectation names (target and tool-valued parameters)."""
        named = [self.target]
        for key in TOOL_PARAMS & set(self.params):
            value = self.params[key]
            named.extend(value if isinstance(value, list) else [value])
        return tuple(str(t) for t in named)


class GoldRule(_Model):
    at: str
    sha8: str | None = None
    note: str
    checkable: bool
    expect: tuple[Expectation, ...] = ()
    why: str | None = None

    @field_validator("sha8", mode="before")
    @classmethod
    def _quoted(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, str):
            raise ValueError("quote `sha8`: unquoted, a hash of digits is read as a number")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> GoldRule:
        m = _AT.match(self.at)
        if m is None:
            raise ValueError(
                f"`at` must be FILE:LINE, FILE:LINE-LINE or FILE#tool, not `{self.at}`"
            )
        if m["tool"] is None and (self.sha8 is None or not re.fullmatch(r"[0-9a-f]{8}", self.sha8)):
            raise ValueError(f"`{self.at}`: a line needs `sha8` (8 lowercase hex digits)")
        if m["tool"] is not None and self.sha8 is not None:
            raise ValueError(f"`{self.at}`: a tool's description takes no `sha8`")
        if m["end"] is not None and int(m["end"]) < int(m["start"]):
            raise ValueError(f"`{self.at}`: the range ends before it starts")
        if self.checkable and not self.expect:
            raise ValueError(f"`{self.at}`: a checkable rule lists what it must compile to")
        if not self.checkable and (self.expect or not self.why):
            raise ValueError(f"`{self.at}`: a rule that is not checkable has `why` and no `expect`")
        return self

    @property
    def file(self) -> str:
        m = _AT.match(self.at)
        assert m is not None
        return m["file"]

    @property
    def tool(self) -> str | None:
        m = _AT.match(self.at)
        assert m is not None
        return m["tool"]

    @property
    def lines(self) -> tuple[int, int] | None:
        m = _AT.match(self.at)
        assert m is not None
        if m["start"] is None:
            return None
        return int(m["start"]), int(m["end"] or m["start"])


class GoldAgent(_Model):
    prompts: tuple[str, ...] = ()
    tools: tuple[str, ...]


class Gold(_Model):
    domain: str
    split: Literal[
        "tuned",
        "heldout",
        "unseen",
        "unseen2",
        "unseen3",
        "unseen4",
        "unseen5",
        "unseen6",
        "unseen7",
        "unseen8",
        "unseen9",
        "unseen10",
        "unseen11",
        "unseen12",
        "unseen13",
        "unseen14",
        "unseen15",
        "unseen16",
        "unseen17",
        "unseen18",
        "unseen19",
        "unseen20",
        "unseen21",
        "unseen22",
        "unseen23",
        "unseen24",
        "unseen25",
        "unseen26",
        "unseen27",
        "unseen28",
        "unseen29",
        "unseen30",
        "unseen31",
        "unseen32",
        "unseen33",
        "unseen34",
        "unseen35",
        "unseen36",
        "unseen37",
        "unseen38",
        "unseen39",
    ]
    agent: GoldAgent
    rules: tuple[GoldRule, ...]


class GoldError(Exception):
    """A gold file that does not parse or does not fit its schema (message is located)."""


def load_gold(path: Path) -> Gold:
    try:
        data = YAML(typ="safe").load(path.read_text("utf-8"))
    except YAMLError as exc:
        raise GoldError(f"{path}: not YAML: {exc}") from exc
    try:
        gold = Gold.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors(include_url=False)
        )
        raise GoldError(f"{path}: {problems}") from exc
    if gold.domain != path.stem:
        raise GoldError(f"{path}: `domain` is `{gold.domain}`, the file name says `{path.stem}`")
    return gold


def gold_files(folder: Path = GOLD_DIR) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def unseen_gold_files(folder: Path = UNSEEN_DIR) -> list[Path]:
    """The blind set's gold files; each domain's agent files are in the gold's own folder."""
    return sorted(folder.glob("*/*.yaml"))


def sha8(line: str) -> str:
    return hashlib.sha256(line.strip().encode("utf-8")).hexdigest()[:8]


def check_gold(gold: Gold, domain_dir: Path, tools: Iterable[str]) -> list[str]:
    """Problems of a well-formed gold file against its corpus folder and the domain's tool
    ids (empty when it fits): stale hashes, lines past the end, files that are not the
    agent's, tools the domain does not have."""
    problems: list[str] = []
    known = set(tools)
    lines: dict[str, list[str]] = {}
    for name in (*gold.agent.prompts, *gold.agent.tools):
        path = domain_dir / name
        if not path.is_file():
            problems.append(f"{gold.domain}: agent file `{name}` not found in {domain_dir}")
            continue
        lines[name] = path.read_text("utf-8").split("\n")
    for rule in gold.rules:
        where = f"{gold.domain}: {rule.at}"
        if rule.tool is not None:
            if rule.file not in gold.agent.tools:
                problems.append(f"{where}: `{rule.file}` is not one of the agent's tool files")
            elif rule.tool not in known:
                problems.append(f"{where}: `{rule.tool}` is not a tool of the domain")
        elif rule.file not in gold.agent.prompts:
            problems.append(f"{where}: `{rule.file}` is not one of the agent's prompts")
        elif rule.file in lines:
            span = rule.lines
            assert span is not None
            text = lines[rule.file]
            if span[1] > len(text) or not text[span[0] - 1].strip():
                problems.append(f"{where}: no text on that line")
            elif sha8(text[span[0] - 1]) != rule.sha8:
                problems.append(
                    f"{where}: sha8 {rule.sha8} does not match the line ({sha8(text[span[0] - 1])})"
                )
        for expectation in rule.expect:
            for tool in expectation.tools():
                if tool != "*" and tool not in known:
                    problems.append(f"{where}: `{tool}` is not a tool of the domain")
    return problems

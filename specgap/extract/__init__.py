"""Stage 1: mine candidate rules, each with its exact source span, from an agent's artifacts."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from specgap.artifacts import Artifact
from specgap.extract.answers import answered
from specgap.extract.headed32 import headed
from specgap.extract.ids7_respell import respell_ids, tool_spellings
from specgap.extract.keyed import keyed
from specgap.extract.label47 import unlabelled
from specgap.extract.leftovers import unclaimed
from specgap.extract.listed_items import join_listed
from specgap.extract.named43 import given_names, named
from specgap.extract.parameter_notes import parameter_notes
from specgap.extract.parameter_origins import only_describes, parameter_origins
from specgap.extract.questions import asked
from specgap.extract.raised_caps import raised_caps
from specgap.extract.same9_again import repeated
from specgap.extract.scoped41 import cased
from specgap.extract.segments import Sentence, description_sentences, markdown_sentences
from specgap.extract.sequences import read_all
from specgap.extract.shouted47 import unshouted
from specgap.extract.structural import config_rules, schema_rules
from specgap.extract.template32 import conditioned
from specgap.extract.told48 import told
from specgap.extract.unread import unread_notes
from specgap.extract.xml_sections import tag_sections
from specgap.ir import CandidateRule, Diagnostic, Extraction
from specgap.toolspecs import parse_tool_specs

if TYPE_CHECKING:
    from specgap.extract.llm import LlmExtractor
    from specgap.extract.lock import LockEntry


@dataclass(frozen=True)
class Extracted:
    rules: tuple[CandidateRule, ...]
    diagnostics: tuple[Diagnostic, ...]
    extraction: Extraction | None = None  # who produced the rules (set by `extract`)
    lock_entries: tuple[LockEntry, ...] = ()  # what the model's answers became, per artifact
    reported: tuple[Diagnostic, ...] = ()  # printed by this build, not recorded (see modes)
    # What `llm-no-rules` weighs (see modes), kept so that runs over single artifacts add up:
    asked: tuple[str, ...] = ()  # artifacts with prose for the model
    pattern_rules: int = 0  # rules the deterministic extractor finds in that prose
    dropped: int = 0  # the model's rules that grounding dropped


def extract(
    artifacts: Iterable[Artifact], mode: str = "deterministic", llm: LlmExtractor | None = None
) -> Extracted:
    """Extraction in `mode` (deterministic | llm | auto | ensemble; see `modes.py`); every
    mode but `deterministic` needs `llm`. Raises SpecgapError when `llm` mode fails."""
    from specgap.extract.modes import run

    return run(tuple(artifacts), mode, llm)


def extract_deterministic(artifacts: Iterable[Artifact]) -> Extracted:
    """Deterministic extraction over every artifact, in a stable order."""
    from specgap.extract.described_values import description_allowlists as described_enums

    rules: list[CandidateRule] = []
    diagnostics: list[Diagnostic] = []
    given = tuple(artifacts)
    tools = tool_spellings(given)  # (before the respelling: the ids as written too)
    artifacts, undo = respell_ids(given)  # ids7: `server__tool`, kebab ids read as snake
    artifacts, unshout = unshouted(artifacts)  # a line in capitals, a telegram's STOPs
    artifacts = tag_sections(artifacts)  # `<rules>` ... `</rules>`: a section, not HTML
    prompts = "\n".join(a.text for a in artifacts if a.kind == "prompt")
    names = given_names(prompts, tools)  # the code names the prompts give tools (`named43`)
    for artifact in artifacts:
        if artifact.kind == "config":
            from specgap.extract.fenced_config import unread_settings

            rules.extend(config_rules(artifact))
            diagnostics.extend(unread_settings(artifact, wrong_types=False))  # no one reads
            continue
        # a rule-like sentence that gave nothing gets a located note (`leftovers`)
        # "## refund_payment" / a manual entry: "At most £250." is the tool's (`headed32`)
        cut = sentences(artifact)
        if artifact.kind == "prompt":  # "### Grey Heron (find_hirer)" over "the heron" (`named43`)
            cut = named(cut, names)
            cut = told(artifact, cut)  # a scorecard told in the past: "was moved" as "is moved"
        heard = headed(unlabelled(answered(cut), tools), tools)  # "VERIFY: `t` ..."
        read = read_all(join_listed(keyed(heard)))
        read = repeated(read)  # "same for refunds": the rule before, over refunds
        read = raised_caps(read)  # "... capped at $150. For X, that cap rises to $300."
        if artifact.kind == "prompt" and artifact.data is None:
            read = asked(read)  # "Damaged parcel? Photograph it": the question conditions it
            read = cased(read)  # "## Lot 5" over "Condition: S" and its lines: each holds in S
            diagnostics.extend(unread_notes(artifact))  # indented and HTML blocks
            from specgap.extract.fenced_config import fenced_config_rules

            configured, unset = fenced_config_rules(artifact)  # a ```yaml block of settings
            rules.extend(configured)
            diagnostics.extend(unset)
        for _, found, notes in unclaimed(read):
            rules.extend(found)
            diagnostics.extend(notes)
        if artifact.kind == "tools":
            from specgap.extract.described_params import parameter_rules
            from specgap.extract.parameter_limits import limit_rules

            specs, _ = parse_tool_specs(artifact.data)
            for spec in specs:
                rules.extend(schema_rules(artifact, spec))
                enums = list(described_enums(artifact, spec))  # "One of: a, b"
                rules.extend(enums)
                rules.extend(limit_rules(artifact, spec))  # "Number of guests (1-8)."
                listed = [s.name for s in specs]  # "a booking_id `find` listed, or ..."
                described = parameter_origins(artifact, spec, listed)  # "returned by `T`"
                rules.extend(described)
                spans = {r.span for r in [*described, *enums]}  # read: no note
                # "Obtain it from `a` first": the order, and a source the reader above left
                said = [
                    r
                    for r in parameter_rules(artifact, spec)
                    if r.operator != "arg_grounded"
                    or (r.span not in spans and not only_describes(r.text))
                ]
                rules.extend(said)
                spans |= {r.span for r in said if r.operator == "state_condition"}  # read
                notes = parameter_notes(artifact, spec)  # rule-like, never read
                diagnostics.extend(n for n in notes if n.span not in spans)
    rules, diagnostics = undo(*unshout(rules, diagnostics))
    rules = conditioned(artifacts, rules)  # `{% if X %}` ... `{% endif %}`: only if X
    rules.sort(key=lambda r: (r.span.path, r.span.start_byte, r.span.end_byte, r.operator))
    return Extracted(tuple(rules), tuple(diagnostics))


def sentences(artifact: Artifact) -> Iterator[Sentence]:
    """The sentences of an artifact's prose (a prompt's, or its tools' descriptions)."""
    if artifact.kind == "prompt" and artifact.data is not None:  # a JSON/YAML agent config
        from specgap.extract.embedded import embedded_sentences

        yield from embedded_sentences(artifact)
    elif artifact.kind == "prompt":
        yield from markdown_sentences(artifact)
    elif artifact.kind == "tools":
        specs, _ = parse_tool_specs(artifact.data)
        for spec in specs:
            if spec.description_pointer:
                yield from description_sentences(artifact, spec.description_pointer, spec.name)

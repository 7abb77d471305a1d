"""What a prompt says once and every later section is read with: a prompt that says any of
these is extracted whole, not section by section (`specgap.units.extract_artifact`).

- a legend of marks ("🔴 RED: never"), read on every marked line (`legend30`);
- the assistant speaking as "I" ("I am the booking assistant"), which makes every later "I
  will ..." said to the agent (`pledge31`);
- kinds of line ("**Fact:** ...", "Only the Fact lines are instructions"), counted over the
  whole prompt (`labels31`);
- a name given to a tool beside its id ("### Grey Heron (findHirerUsingGET)"), read in every
  sentence that says the name (`named43`);
- a prose told in the past ("the booking was moved only while ..."), counted over the whole
  prompt and read in the present in every section (`told48`).
"""

from __future__ import annotations

from specgap.extract.labels31 import line_kinds
from specgap.extract.legend30 import read_legend
from specgap.extract.named43 import gives_names
from specgap.extract.pledge31 import speaks_as_agent
from specgap.extract.told48 import told_in_past


def read_whole(text: str) -> bool:
    """Whether the prompt says something once that its later sections are read with."""
    return (
        read_legend(text) is not None
        or speaks_as_agent(text)
        or line_kinds(text) is not None
        or gives_names(text)
        or told_in_past(text)
    )

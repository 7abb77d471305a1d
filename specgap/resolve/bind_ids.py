"""A tool id said after a verb of calling, in the case prose lowered it to: "call
chargeinvoice" is `chargeInvoice`, "use updateowner" `updateOwner`.

The resolver takes "call `cancel_booking`" as the tool named verbatim; an extractor that
folds the sentence's case loses camelCase (`chargeInvoice` -> `chargeinvoice`), and the
mention then matched nothing. So does one that respells a dotted or kebab id with
underscores ("call uk_co_acme_hire_cancel" for `uk.co.acme.hire.cancel`). The id is found
again up to case, then up to its separators (`.`, `-`, `:`, `/`, `_` alike), and only when
one tool's id or name is spelled so: never a fuzzy or partial match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def folded_id(names: Iterable[str], said: str) -> str | None:
    """The one name among `names` equal to `said` up to case, or None (none, or two)."""
    wanted = said.casefold()
    found = {name for name in names if name.casefold() == wanted}
    if not found:
        wanted = _SEPARATORS.sub("_", wanted)
        found = {name for name in names if _SEPARATORS.sub("_", name.casefold()) == wanted}
    return next(iter(found)) if len(found) == 1 else None


_SEPARATORS = re.compile(r"[._:/-]")

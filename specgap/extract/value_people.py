"""The people a value may come from, named by role: the user of the agent under any of the
nouns policies use ("the customer", "the pet owner", "the driver", "the permit holder").

`USER` (the operators' own list) plus roles of other services. A value said to come from
one of them comes from the user's messages. Never an approver or a third party ("the
manager", "the supervisor", "the finance lead"): what they say is not in the conversation;
and a closed list, not any noun of agency (`people.PERSON`): "the tracker" may be a system,
and a tool's output read as the user's would make the rule stronger than the sentence.
"""

from __future__ import annotations

from specgap.extract.pattern_base import USER

PERSON = (
    r"(?:" + USER + r"|(?:pet\s+|vehicle\s+|account\s+|card\s+)?owner|driver|shipper|visitor|"
    r"claimant|licensee|(?:permit|licen[cs]e|policy|ticket|card)\s+holder|parent|guardian|client|"
    r"caller|enquirer|inquirer|learner|pupil|citizen|consumer|purchaser|recipient|sender|"
    r"contractor|vendor|supplier)"
)

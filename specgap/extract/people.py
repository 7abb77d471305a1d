"""Who a policy's words name: the user it serves, by the policy's own noun of agency ("the
camper", "a shipper", "each attendee"), told apart from roles that speak for someone else
("the duty manager", "a dispatcher") and from things spelled like people ("the order", "the
voucher", "the payment")."""

from __future__ import annotations

import re

from specgap.operators.prose import USER

# people who speak for someone else (their yes is a review, not the user's)
ROLES = (
    r"(?:manager|supervisor|admin|administrator|lead|owner|team|compliance|legal|security|"
    r"finance|approver|reviewer|pharmacist|doctor|physician|vet|veterinarian|officer|director|"
    r"coordinator|controller|auditor|inspector|dispatcher|technician|specialist|agent|"
    r"assistant|staff|operator|engineer|accountant|lawyer|underwriter|adjuster|processor|"
    r"partner|vendor|provider|carrier|lender|landlord|employer|teacher|instructor|ranger|"
    r"warden|clerk|cashier|courier)s?"
)
# things named like people ("the order", "the voucher", "the payment")
NOT_PEOPLE = (
    r"(?:order|number|voucher|folder|letter|paper|filter|meter|trailer|register|error|sensor|"
    r"monitor|door|floor|colou?r|cent(?:er|re)|server|printer|computer|router|calendar|timer|"
    r"counter|header|footer|parameter|identifier|transfer|offer|answer|other|either|neither|"
    r"water|power|matter|quarter|winter|summer|chapter|cover|weather|ledger|coffee|committee|"
    r"guarantee|degree|variant|warrant|restaurant|constant|percent|intent|event|incident|"
    r"recipient\s+list|content|context|extent|parent\s+company|after|under|over|never|"
    r"however|whether|together|rather|further|later|number|major|minor|prior|interior|"
    r"exterior|factor|sector|vector|mirror|tractor|motor|editor|elevator|behavio(?:u)?r|"
    r"favou?r|hono(?:u)?r|labou?r|rumou?r|indicator|calculator|generator|connector|"
    r"selector|descriptor)s?"
)
# a person named by the policy's own word ("the camper", "a shipper", "the attendee"): a
# noun of agency, not a role that speaks for someone else, nor a thing spelled like one
PERSONISH = (
    r"(?:(?!" + ROLES + r"\b|" + NOT_PEOPLE + r"\b)[a-z]{2,}(?:[a-z]er|[a-z]or|[a-z]{2}ee|"
    r"[a-km-z]ist|[a-z]ant|[a-ln-z]ent)s?|"
    # the people a policy serves that no suffix names: "the couple", "the family"
    r"(?:couple|family|families|household|person|individual|bride|groom|guardian|citizen|"
    r"candidate|beneficiary|beneficiaries|volunteer|athlete|child|children|adult|senior|"
    r"learner|pupil|parent|caregiver|homeowner|landowner|pet\s+parent)s?)"
)
# the user, by the common words or the policy's own: "the customer", "each camper"
PERSON = r"(?:" + USER + r"|" + PERSONISH + r")"

# an owner named by what they own ("the pet owner", "the boat's owner", "the owner of the
# account") is the user the policy serves; the owner of a business, a process or a work item
# speaks for the business, and a bare "the owner" is left to be read as a role
_OWNED_BY_STAFF = (
    r"(?:business|store|shop|restaurant|company|product|process|system|data|site|team|project|"
    r"budget|policy|practice|clinic|franchise|service|resource|queue|task|ticket|case|record|"
    r"code|app|page|channel|workspace|repo|repository|domain|brand|venue|hotel|salon|studio)"
)
OWNER = (
    r"(?:(?:the|a|an|each|every|any)\s+(?!" + _OWNED_BY_STAFF + r"\b)[a-z]+(?:'s)?\s+owner"
    r"|(?:the|an?)\s+owner\s+of\s+(?:the|their|this|that|an?)\s+(?!"
    + _OWNED_BY_STAFF
    + r"\b)[a-z]+)(?![\w-])"
)
# a bare "the owner" whose yes is given in the conversation: only the user speaks there
OWNER_IN_CHAT = r"\bthe\s+owner\b(?=[^.;]*\bin\s+(?:the|this|our)\s+(?:chat|conversation|thread)\b)"


# a word that names a person (the user, a role, a pronoun): what such a word "says" is an
# answer, never a record's state, and an act "for" them is not about them ("refund the
# customer": whom the refund is for)
_A_PERSON = re.compile(
    r"(?:" + USER + r"|" + ROLES + r")s?|you|we|i|they|them|he|him|she|her|someone|anyone|"
    r"person|people|parents?",
    re.I,
)


def is_person(word: str) -> bool:
    """Whether one word names a person (module's nouns, roles, pronouns)."""
    return _A_PERSON.fullmatch(word) is not None

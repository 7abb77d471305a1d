"""Sentences written for the rule-likeness tests: eleven made-up domains (a ferry line, an
observatory's telescope time, community garden plots, a bicycle repair shop and a language
school; then a hostel, a chess club, a water utility, a tattoo studio, a courier and a
swimming pool), in five writing styles (legal-formal, terse bullet, chatty second person,
passive procedural, Q&A and table cells), rules and non-rules alike.

Each case is (domain, style, text, reads like a rule). None is copied from a corpus.
"""

from __future__ import annotations

Case = tuple[str, str, str, bool]

_FERRY: list[Case] = [
    (
        "ferry",
        "legal",
        "The Operator shall verify each passenger's ticket prior to boarding.",
        True,
    ),
    ("ferry", "legal", "Vehicles exceeding 3.5 tonnes are not permitted on the upper deck.", True),
    ("ferry", "legal", "The Passenger is obliged to present photographic identification.", True),
    (
        "ferry",
        "legal",
        "Under no circumstances will the crew refund a ticket after departure.",
        True,
    ),
    ("ferry", "legal", "Refunds will not be issued once the vessel has left the quay.", True),
    (
        "ferry",
        "legal",
        "These terms govern carriage on all routes operated by Bluewake Ferries.",
        False,
    ),
    (
        "ferry",
        "legal",
        "In these terms, 'crossing' means a single sailing between two ports.",
        False,
    ),
    ("ferry", "terse", "Max 2 pets per cabin", True),
    ("ferry", "terse", "No motorbikes on the night sailing", True),
    ("ferry", "terse", "Cabin upgrades: on board only", True),
    ("ferry", "terse", "Bicycles free of charge", False),
    ("ferry", "terse", "Crossing time: about 90 minutes", False),
    (
        "ferry",
        "chatty",
        "You'll want to double-check the vehicle height before you book a slot.",
        True,
    ),
    ("ferry", "chatty", "Don't promise a window seat, we can't guarantee those.", True),
    (
        "ferry",
        "chatty",
        "It's really important to confirm the return date with the traveller.",
        True,
    ),
    ("ferry", "chatty", "Hi there, thanks for helping out on the ferry desk this summer!", False),
    ("ferry", "chatty", "Travellers love the sunset crossing, it's our busiest one.", False),
    ("ferry", "passive", "Boarding passes are to be scanned at the gangway.", True),
    ("ferry", "passive", "Cancellations are accepted only up to 24 hours before sailing.", True),
    ("ferry", "passive", "Every vehicle is weighed prior to loading.", True),
    ("ferry", "passive", "The timetable is published every spring.", False),
    ("ferry", "qa", "Q: Can I move a booking to another day? A: Yes, once per booking.", True),
    ("ferry", "qa", "| Change the sailing | Allowed up to 2 times |", True),
    ("ferry", "qa", "| Port | Opening hours |", False),
    ("ferry", "qa", "Q: Where does the ferry leave from? A: From pier 4.", False),
]

_TELESCOPE: list[Case] = [
    ("telescope", "legal", "Observing time shall not be transferred to a third party.", True),
    ("telescope", "legal", "Applicants are required to submit a proposal before each cycle.", True),
    ("telescope", "legal", "Remote sessions are restricted to accredited institutions.", True),
    (
        "telescope",
        "legal",
        "The Observatory reserves the right to cancel a session in poor weather.",
        True,
    ),
    (
        "telescope",
        "legal",
        "This agreement is made between the Observatory and the Applicant.",
        False,
    ),
    ("telescope", "terse", "Max 3 nights per proposal", True),
    ("telescope", "terse", "Dome access: staff only", True),
    ("telescope", "terse", "Calibration frames before every run", True),
    ("telescope", "terse", "Mirror diameter 2.4 m", False),
    ("telescope", "terse", "Site altitude: 2,300 metres", False),
    ("telescope", "chatty", "Please never hand out the dome keypad code, even to regulars.", True),
    (
        "telescope",
        "chatty",
        "If someone asks for extra nights, check their remaining allocation first.",
        True,
    ),
    (
        "telescope",
        "chatty",
        "You need approval from the night lead before extending a session.",
        True,
    ),
    ("telescope", "chatty", "We're a small team of astronomers and engineers.", False),
    ("telescope", "chatty", "Clear skies are most common in late autumn.", False),
    ("telescope", "passive", "Sessions may not be extended beyond sunrise.", True),
    ("telescope", "passive", "Raw data is not released until the proprietary period ends.", True),
    ("telescope", "passive", "Calibration is performed only once the dome has cooled.", True),
    ("telescope", "passive", "The telescope was commissioned in 2004.", False),
    (
        "telescope",
        "qa",
        "Q: Is a visitor allowed in the control room? A: Only with an escort.",
        True,
    ),
    ("telescope", "qa", "| Cancel a session | Not permitted within 48 h |", True),
    ("telescope", "qa", "| Instrument | Wavelength range |", False),
    ("telescope", "qa", "Q: How big is the primary mirror? A: It is 2.4 metres across.", False),
]

_GARDEN: list[Case] = [
    (
        "garden",
        "legal",
        "Plot holders must not erect permanent structures without written consent.",
        True,
    ),
    ("garden", "legal", "The Committee may allocate no more than one plot per household.", True),
    ("garden", "legal", "A plot shall be forfeited unless cultivated within three months.", True),
    ("garden", "legal", "The association was founded by residents of Elm Street in 1987.", False),
    ("garden", "terse", "No hosepipes during a drought order", True),
    ("garden", "terse", "Bonfires prohibited", True),
    ("garden", "terse", "Waiting list: up to 18 months", True),
    ("garden", "terse", "Plot size 10 by 5 metres", False),
    ("garden", "terse", "Tool shed next to gate B", False),
    ("garden", "chatty", "Try not to hand out a plot before the deposit has cleared.", True),
    (
        "garden",
        "chatty",
        "When someone gives up their plot, offer it to the next person on the list.",
        True,
    ),
    ("garden", "chatty", "Our volunteers meet on the first Saturday of every month.", False),
    ("garden", "chatty", "Thanks so much for keeping the paths tidy!", False),
    ("garden", "passive", "Deposits are refunded only after the plot has been inspected.", True),
    ("garden", "passive", "Chemical pesticides are forbidden on all plots.", True),
    ("garden", "passive", "Water is supplied from two troughs near the shed.", False),
    ("garden", "qa", "Q: Can I keep chickens? A: No, livestock is not allowed.", True),
    ("garden", "qa", "| Sublet a plot | Never |", True),
    ("garden", "qa", "| Month | Typical crops |", False),
]

_BIKE: list[Case] = [
    (
        "bike",
        "legal",
        "The Workshop is not authorised to replace a frame without the owner's consent.",
        True,
    ),
    ("bike", "legal", "Repairs exceeding the quoted price require the customer's approval.", True),
    ("bike", "legal", "Warranty claims are subject to inspection by a senior mechanic.", True),
    ("bike", "legal", "The Workshop is a trading name of Spoke & Chain Ltd.", False),
    ("bike", "terse", "Quotes valid for 14 days", True),
    ("bike", "terse", "Customer sign-off needed for parts over $80", True),
    ("bike", "terse", "Refund only with receipt", True),
    ("bike", "terse", "Open Tuesday to Saturday", False),
    ("bike", "terse", "Inner tubes and tyres in aisle 3", False),
    (
        "bike",
        "chatty",
        "Always ring the owner before you swap out a part that wasn't on the quote.",
        True,
    ),
    (
        "bike",
        "chatty",
        "Avoid booking more than four services for one mechanic on a single day.",
        True,
    ),
    ("bike", "chatty", "Honestly, most people just want their brakes to stop squeaking.", False),
    ("bike", "chatty", "You'll find the torque chart pinned above the bench.", False),
    ("bike", "passive", "The bike is test-ridden before it is handed back.", True),
    ("bike", "passive", "Unpaid bikes are held for a maximum of 60 days.", True),
    ("bike", "passive", "Most repairs are completed within a week.", False),
    ("bike", "qa", "Q: Do I need a receipt for a warranty repair? A: Yes, always.", True),
    ("bike", "qa", "| Rush service | Max 1 per customer per week |", True),
    ("bike", "qa", "| Part | Typical price |", False),
]

_SCHOOL: list[Case] = [
    ("school", "legal", "Enrolment is conditional upon payment of the full course fee.", True),
    ("school", "legal", "No student shall be admitted to an exam without a valid ID.", True),
    ("school", "legal", "Certificates may be issued only to students with 80% attendance.", True),
    ("school", "legal", "The School is accredited by the national language council.", False),
    ("school", "terse", "Level test first, then placement", True),
    ("school", "terse", "Class transfers: max 1 per term", True),
    ("school", "terse", "Do not: share exam papers", True),
    ("school", "terse", "Courses in Spanish, French and Japanese", False),
    ("school", "terse", "Term starts 9 January", False),
    ("school", "chatty", "Make sure every new student has done the level test.", True),
    ("school", "chatty", "If a student misses three classes in a row, let their tutor know.", True),
    ("school", "chatty", "Lots of our students come back for a second course.", False),
    ("school", "chatty", "For example, a student might ask about evening classes.", False),
    ("school", "passive", "Late enrolments are not accepted after week two.", True),
    ("school", "passive", "Refund requests are reviewed by the office manager.", False),
    ("school", "passive", "Exam results are published online.", False),
    (
        "school",
        "qa",
        "Q: Can a student switch teachers mid-term? A: Only with the director's approval.",
        True,
    ),
    ("school", "qa", "| Rebook a missed class | Allowed once per term |", True),
    ("school", "qa", "| Level | Hours per week |", False),
]

# harder cases, rules and non-rules that share words with the cues
_TRICKY: list[Case] = [
    ("ferry", "chatty", "The ferry won't sail if the wind is above force 8.", False),
    ("ferry", "passive", "Tickets bought after 6 pm are valid the next morning.", False),
    ("ferry", "legal", "Passengers are entitled to a refund when a sailing is cancelled.", True),
    ("ferry", "chatty", "You're expected to log every no-show in the daily sheet.", True),
    ("telescope", "chatty", "The committee needs volunteers for the open night.", False),
    ("telescope", "terse", "Proposals without a science case: rejected", True),
    ("telescope", "legal", "No proposal will be considered after the deadline.", True),
    (
        "garden",
        "chatty",
        "Plots are available to residents as long as they live in the ward.",
        True,
    ),
    ("garden", "passive", "Compost bins are emptied except when the ground is frozen.", True),
    ("garden", "chatty", "It's best to water early in the morning.", True),
    (
        "garden",
        "chatty",
        "Unless you grew up on a farm, the first season is a steep learning curve.",
        False,
    ),
    ("bike", "terse", "Loan bikes provided the customer leaves a deposit", True),
    ("bike", "chatty", "Remember to tag every bike with the job number.", True),
    ("bike", "passive", "E-bikes are limited to 25 km/h by law.", True),
    (
        "bike",
        "legal",
        "The customer is responsible for collecting the bicycle within 30 days.",
        True,
    ),
    ("school", "passive", "Course materials are not to be copied.", True),
    ("school", "chatty", "We won't issue a certificate until the final test is marked.", True),
    ("school", "terse", "Refunds: ineligible after week one", True),
    ("school", "chatty", "Students often need a few weeks to settle in.", False),
    ("school", "legal", "The academic year is divided into three terms.", False),
]

# a second batch in four more domains (a hostel, a chess club, a water utility, a tattoo
# studio), written after the first and measured before any cue was added for it: recall
# 0.65, precision 1.00 then; the cues it showed missing are general ones (`free to`, a
# count in words, `once` + a clause, a capitalised party that `may` act)
_FRESH: list[Case] = [
    # hostel
    (
        "hostel",
        "legal",
        "Guests shall vacate the dormitory by 11:00 on the day of departure.",
        True,
    ),
    (
        "hostel",
        "legal",
        "Management accepts no liability for valuables left outside the lockers.",
        False,
    ),
    ("hostel", "terse", "Quiet hours 22:00–07:00", True),
    ("hostel", "terse", "Towels €2", False),
    ("hostel", "terse", "Walk-ins: cash only", True),
    ("hostel", "chatty", "Heads up: we can't take bookings for groups bigger than twelve.", True),
    ("hostel", "chatty", "You're free to store luggage after checkout.", True),
    ("hostel", "chatty", "Breakfast is served in the courtyard, weather permitting.", False),
    ("hostel", "passive", "Keys are handed over once the bed has been paid for.", True),
    ("hostel", "passive", "Linen is changed every third day.", False),
    ("hostel", "qa", "Q: Can guests under 18 stay alone? A: Not without a guardian.", True),
    ("hostel", "qa", "| Late checkout | On request, €10 |", False),
    # chess club
    (
        "chess",
        "legal",
        "Members in arrears for more than two months forfeit their voting rights.",
        True,
    ),
    ("chess", "legal", "The club was registered as a charity in 1962.", False),
    ("chess", "terse", "Phones off during rated games", True),
    ("chess", "terse", "Rated blitz every Thursday", False),
    ("chess", "chatty", "Please don't let juniors play rated games without a parent's OK.", True),
    ("chess", "chatty", "Our strongest player is an international master.", False),
    ("chess", "passive", "Rating fees are waived for juniors.", False),
    ("chess", "passive", "Disputes are settled by the arbiter, whose decision is final.", True),
    ("chess", "qa", "Q: Are draws by agreement allowed before move 30? A: No.", True),
    ("chess", "qa", "| Time control | 90 min + 30 s |", False),
    # water utility
    (
        "water",
        "legal",
        "The Utility may disconnect supply where payment remains outstanding after 60 days.",
        True,
    ),
    ("water", "legal", "A meter reading shall be recorded at each change of occupancy.", True),
    ("water", "terse", "One payment plan per account", True),
    ("water", "terse", "Hardness: 180 mg/l", False),
    ("water", "chatty", "Never tell a caller their neighbour's usage, even if they insist.", True),
    ("water", "chatty", "If the bill looks off, it's usually a leaking toilet.", False),
    ("water", "passive", "Leak allowances are granted at most once every two years.", True),
    ("water", "passive", "Bills are sent quarterly by post.", False),
    ("water", "qa", "Q: Should I waive the reconnection fee? A: Only for medical cases.", True),
    ("water", "qa", "| District | Reservoir |", False),
    # tattoo studio
    ("tattoo", "legal", "No person under the age of 18 shall be tattooed on these premises.", True),
    ("tattoo", "terse", "Deposit non-refundable", True),
    ("tattoo", "terse", "Fine line, blackwork and colour realism", False),
    ("tattoo", "chatty", "Always get the consent form signed before the needle comes out.", True),
    ("tattoo", "chatty", "Most first-timers pick something small for the wrist.", False),
    ("tattoo", "passive", "Touch-ups are offered free within 3 months.", True),
    ("tattoo", "passive", "The studio is cleaned every evening.", False),
    ("tattoo", "qa", "| Reschedule | 48 h notice required |", True),
]

# a third batch, one courier domain, written to probe constructions none of the cues read
# (precision 0.75, recall 0.25 before the cues for them; 0.92 and 1.00 after)
_PROBES: list[Case] = [
    ("courier", "terse", "Anything above $500 goes to a supervisor.", True),
    ("courier", "terse", "Orders of 10+ units need sign-off.", True),
    ("courier", "passive", "Parcels without a customs form are refused at the depot.", True),
    ("courier", "chatty", "It's not OK to leave a parcel on the doorstep.", True),
    ("courier", "terse", "The maximum is 3 redeliveries per parcel.", True),
    ("courier", "terse", "Redeliveries: max. 3", True),
    ("courier", "legal", "Nobody but the depot manager may void a waybill.", True),
    ("courier", "chatty", "A signature on delivery is a must for anything insured.", True),
    ("courier", "chatty", "Leaving parcels with neighbours is a no-go.", True),
    ("courier", "legal", "Compensation is at the depot manager's discretion.", True),
    ("courier", "passive", "Scanning comes before loading.", True),
    ("courier", "terse", "Two-person sign-off for cash-on-delivery runs", True),
    ("courier", "chatty", "First come, first served at the counter.", False),
    ("courier", "chatty", "Our vans are electric since last spring.", False),
    ("courier", "passive", "Parcels are sorted by postcode overnight.", False),
    ("courier", "terse", "Depot phone: 0123 456", False),
    ("courier", "qa", "| Zone | Next-day cut-off |", False),
    ("courier", "legal", "This document describes how the depot handles returns.", False),
    ("courier", "chatty", "Drivers usually finish their rounds by four.", False),
    ("courier", "terse", "Returns label printed at the counter", False),
]

# a fourth batch, a swimming pool, written after the third and measured before any cue for
# it (precision 1.00, recall 0.73 then; 1.00 and 0.91 after: an FAQ's labelled answer, dues)
_POOL: list[Case] = [
    ("pool", "chatty", "Lifeguards are on duty from 7 until 9.", False),
    ("pool", "chatty", "Kids under eight have to be within arm's reach of an adult.", True),
    ("pool", "terse", "Lane swimming: clockwise", True),
    ("pool", "terse", "Lockers take a one-euro coin", False),
    ("pool", "legal", "The Centre accepts no responsibility for lost goggles.", False),
    ("pool", "legal", "Entry is refused to anyone showing signs of intoxication.", True),
    ("pool", "passive", "The pool is closed for cleaning every Monday morning.", False),
    ("pool", "passive", "Swim caps must be worn in the competition pool.", True),
    (
        "pool",
        "qa",
        "Q: Can I bring my own float? A: Small floats are fine in the shallow end.",
        True,
    ),
    ("pool", "qa", "Q: What time do classes start? A: At 6 pm.", False),
    ("pool", "chatty", "Our new sauna opened last year and people love it.", False),
    ("pool", "chatty", "If a swimmer looks tired, point them to the shallow lanes.", True),
    ("pool", "terse", "Diving only at the deep end", True),
    ("pool", "terse", "Sauna 90 °C", False),
    ("pool", "legal", "Membership fees are payable monthly in advance.", True),
    ("pool", "passive", "Towels can be rented at reception.", False),
    ("pool", "chatty", "Heads up, the car park fills up fast on Saturdays.", False),
    ("pool", "legal", "Guests must shower before entering the pool.", True),
    ("pool", "terse", "Max 20 swimmers per lane", True),
    ("pool", "chatty", "Tell parents the baby pool is for under-fives.", True),
]

# rules no cue reads yet (a time window, a state during an event, a passive that settles who
# decides, a grace period) and an idiom read as an imperative: kept in the measure, expected
# to be misread
KNOWN_MISREADS = frozenset(
    {
        "Quiet hours 22:00–07:00",
        "Phones off during rated games",
        "Touch-ups are offered free within 3 months.",
        "First come, first served at the counter.",
        "Lane swimming: clockwise",
    }
)

CASES: list[Case] = [
    *_FERRY,
    *_TELESCOPE,
    *_GARDEN,
    *_BIKE,
    *_SCHOOL,
    *_TRICKY,
    *_FRESH,
    *_PROBES,
    *_POOL,
]

"""The shared phrase rules of the Oracle grammar (DESIGN: "phrase rules shared by all of
it"): every ability kind reads objects, players, quantities, durations, conditions and
costs with these same rules.

The rules are declared here, empty, and filled by the modules of this package (and by
the verb modules of ``compiler.verbs``), so that they can refer to each other:
an object phrase has quantities ("with mana value 3 or less"), a quantity has object
phrases ("the number of creatures you control").

Values of these rules are IR nodes (``manastack.ir``) or the compile-time placeholders
of ``compiler.discourse`` (a new target, a pronoun, an indefinite object), which the
compiler replaces once the whole ability is read.
"""

from __future__ import annotations

from ..combinators import Rule

NUMBER = Rule("number")              # int: "3", "three", "a"
QUANTITY = Rule("quantity")          # ir.Quantity: "X", "two", "the number of ..."
AMOUNT_SUFFIX = Rule("amount suffix")  # a quantity given after the verb: "equal to ...", "for each ..."
DESCRIPTION = Rule("description")    # ir.ObjectFilter, singular: "nonland permanent you control"
DESCRIPTIONS = Rule("descriptions")  # ir.ObjectFilter, plural: "creatures you control"
OBJECT = Rule("object")              # an object reference: "target creature", "it", "each land"
OBJECT_SUBJECT = Rule("object subject")  # object references that can be a clause's subject
PLAYER = Rule("player")              # a player reference: "you", "target opponent", "its controller"
PLAYER_SUBJECT_3RD = Rule("third-person player subject")   # "target player", "each opponent"
POSSESSOR = Rule("possessor")        # whose: "your", "their", "target player's", "its owner's"
RECIPIENT = Rule("recipient")        # what damage is dealt to: objects and players
DURATION = Rule("duration")          # ir.Duration: "until end of turn"
CONDITION = Rule("condition")        # ir.Condition: "you control an artifact"
COST = Rule("cost")                  # costs: "{T}, Sacrifice ~", "pay 2 life"

from . import numbers, players, objects, quantities, durations, conditions  # noqa: E402,F401

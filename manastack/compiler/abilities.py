"""Typed ability data: what Oracle text compiles to (DESIGN layer 2; CR 113).

Everything here is immutable and shared by every game and clone. The engine executes
these nodes; it never reads Oracle text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..mana import ManaCost

# ---------------------------------------------------------------- targets (CR 115)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """CR 115.1: what a target may be. ``kind``: ``any`` (creature, player, planeswalker or
    battle, CR 115.4), ``creature``, ``player``, ``permanent``, ``spell``, ``card`` (a card
    in ``zone``). ``other``: not the source itself ("another").
    ``minimum``/``maximum`` give the count ("any number of" is 0..None, CR 115.1d)."""

    kind: str = "any"
    minimum: int = 1
    maximum: int | None = 1
    controller: str | None = None  # "you" / "opponent" / None
    types: tuple[str, ...] = ()     # extra type requirements ("artifact creature")
    subtypes: tuple[str, ...] = ()  # "target Equipment"
    zone: str = "battlefield"
    other: bool = False
    max_mana_value: int | None = None
    colors: tuple[str, ...] = ()    # "white creature": has each of these colors
    no_counters: bool = False       # "with no counters on it"
    unblocked_attacker: bool = False  # "an unblocked attacker" (ninjutsu)
    # further qualities, each a word the engine checks (engine/effects_more.has_qualities):
    # "non:Creature", "noncolor:B", "anytype:Artifact,Enchantment", "tapped", "untapped",
    # "attacking", "blocking", "attacking_or_blocking", "kw:flying", "nokw:flying",
    # "power<=N", "power>=N", "mv<=N"
    quals: tuple[str, ...] = ()


# ---------------------------------------------------------------- costs (CR 118, 602.1)


from ..ir.costs import ChoiceCost, Cost, CostAction, CounterCost  # noqa: E402,F401 (the cost IR)


# ---------------------------------------------------------------- effects (CR 608.2)


@dataclass(frozen=True, slots=True)
class DealDamage:
    """CR 120: the source deals ``amount`` damage to target number ``target``."""

    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class ModifyPowerToughness:
    """CR 613.4c: target creature gets +P/+T, until end of turn by default (CR 514.2)."""

    power: int
    toughness: int
    target: int = 0
    until: str = "end_of_turn"




@dataclass(frozen=True, slots=True)
class Attach:
    """CR 701.3a: attach the source (an Equipment or Aura) to target number ``target``."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 701.8a: destroy target number ``target`` (move it to its owner's graveyard)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class AttachTargetsToSelf:
    """CR 701.3a: attach each target (Equipment) to the ability's source ("to it").
    Ruling (Armory Automaton): all of them or none; 608.2h: if the source has left the
    battlefield, nothing happens."""

    pass


@dataclass(frozen=True, slots=True)
class TapSubject:
    """CR 701.26a: tap "that creature" (the object the trigger refers to)."""

    subject: str = "that_creature"


@dataclass(frozen=True, slots=True)
class SearchLibrary:
    """CR 701.23: search your library for up to ``count`` cards with ``types``/
    ``supertypes``, put them ``to`` a zone (tapped), then shuffle."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    to: str = "battlefield"
    tapped: bool = False
    count: int = 1


@dataclass(frozen=True, slots=True)
class PutCounters:
    """CR 122.1: put ``count`` counters of ``kind`` on the source (``target`` -1) or on
    target number ``target``."""

    kind: str
    count: int = 1
    target: int = -1


@dataclass(frozen=True, slots=True)
class CreateTokens:
    """CR 111.2: create tokens. ``token`` describes them (name, types, subtypes, colors,
    power, toughness, keywords, text); ``count`` is a number or ``per_counter`` the
    counters of a kind the source had (looked back, CR 603.10a)."""

    token: tuple = ()
    count: int = 1
    per_counter: str | None = None
    tapped: bool = False   # created tapped


@dataclass(frozen=True, slots=True)
class Flicker:
    """Exile target number ``target``, then return that card to the battlefield under
    its owner's (or your) control (CR 400.7: a new object)."""

    target: int = 0
    under_your_control: bool = True


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves:
    """CR 610.3a: exile target number ``target`` until the source leaves the battlefield;
    then it returns under its owner's control."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class MoveTarget:
    """Move target number ``target`` (a card) to ``to`` (``hand``, ``battlefield``,
    ``graveyard``, ``exile``), under its owner's control (CR 400.3)."""

    to: str
    target: int = 0


@dataclass(frozen=True, slots=True)
class ReturnSelf:
    """Move this card (in its current zone) to ``to`` ("Return this card from your
    graveyard to your hand")."""

    to: str = "hand"


@dataclass(frozen=True, slots=True)
class GainControl:
    """CR 613.1b (layer 2): you gain control of target number ``target`` ``until``."""

    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Untap:
    """CR 701.26b: untap target number ``target``."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class GrantKeyword:
    """CR 613.1f (layer 6): target number ``target`` gains ``keyword`` ``until``."""

    keyword: str
    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class CounterSpell:
    """CR 701.6a: counter target spell (``target`` >= 0) or the spell the trigger refers
    to ("counter that spell", ``target`` -1)."""

    target: int = -1


@dataclass(frozen=True, slots=True)
class MustBlock:
    """CR 509.1c: target number ``target`` blocks "that creature" this turn if able."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class SacrificeUnless:
    """"Sacrifice this unless you sacrifice a [spec]" (CR 701.21a, 118.12-style choice)."""

    spec: TargetSpec = field(default_factory=TargetSpec)


@dataclass(frozen=True, slots=True)
class Discard:
    """CR 701.9a: the controller discards ``count`` cards of their choice."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class ReorderTop:
    """Look at the top ``count`` cards of your library, then put them back in any order
    (CR 401.4)."""

    count: int = 3


@dataclass(frozen=True, slots=True)
class MayShuffle:
    """"You may shuffle" (CR 701.24a)."""


@dataclass(frozen=True, slots=True)
class ReturnChosen:
    """"Return a permanent you control to its owner's hand": chosen on resolution, not
    targeted (CR 608.2d)."""

    spec: TargetSpec = field(default_factory=TargetSpec)
    to: str = "hand"


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """Remove up to ``count`` counters (any kinds, chosen) from target number ``target``
    (CR 122.8-style choice, decision ``choose_counters``)."""

    count: int = 3
    target: int = 0


@dataclass(frozen=True, slots=True)
class DestroyIf:
    """Destroy target number ``target`` if its mana value is at most ``max_mana_value``,
    or at most ``revolt_max`` when a permanent left the battlefield under your control
    this turn (revolt, CR 207.2c ability word)."""

    max_mana_value: int
    revolt_max: int | None = None
    target: int = 0


@dataclass(frozen=True, slots=True)
class CounterUnlessPays:
    """CR 118.12a: counter target spell unless its controller pays ``mana``."""

    mana: ManaCost = field(default_factory=ManaCost)
    target: int = 0


@dataclass(frozen=True, slots=True)
class PutOntoBattlefieldAttacking:
    """Ninjutsu (CR 702.49a): put this card from your hand onto the battlefield tapped
    and attacking the player the returned creature attacked."""


@dataclass(frozen=True, slots=True)
class SetBasePowerToughness:
    """CR 613.4b (layer 7b): target number ``target`` has base power and toughness
    ``power``/``toughness`` ``until``."""

    power: int
    toughness: int
    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """CR 613.1f (layer 6): target number ``target`` loses all abilities ``until``."""

    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class SwitchPowerToughness:
    """CR 613.4d (layer 7d): switch target number ``target``'s power and toughness
    ``until``."""

    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class SacrificeSelf:
    """CR 701.21a: the controller sacrifices the source."""


@dataclass(frozen=True, slots=True)
class CastMadness:
    """CR 702.35a: the owner may cast the exiled card by paying its madness cost; if they
    don't, it goes to the graveyard."""


@dataclass(frozen=True, slots=True)
class DrawCards:
    """CR 121: the controller draws ``count`` cards."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class GainLife:
    """CR 119.3: the controller gains ``amount`` life."""

    amount: int


Effect = object  # any of the effect classes above


# ---------------------------------------------------------------- abilities (CR 113)


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """CR 113.3a: the effect of an instant or sorcery as it resolves. A modal spell
    (CR 700.2) has ``modes`` (each a SpellAbility) and chooses ``mode_count`` of them."""

    targets: tuple[TargetSpec, ...] = ()
    effects: tuple = ()
    text: str = ""
    modes: tuple = ()
    mode_count: int = 1
    mode_min: int = 0      # "Choose one or both": 1..2 (0: exactly mode_count)


@dataclass(frozen=True, slots=True)
class AltCost:
    """An alternative cost (CR 118.9): ``name`` (``flashback``, ``evoke``, ``madness``),
    the cost paid instead of the mana cost, and the zone it is cast from."""

    name: str
    cost: "Cost"
    zone: str = "hand"


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """CR 602 / 605: ``cost: effect``. ``mana_ability`` per CR 605.1a."""

    cost: Cost
    effects: tuple = ()
    targets: tuple[TargetSpec, ...] = ()
    mana_ability: bool = False
    sorcery_speed: bool = False
    text: str = ""
    zone: str = "battlefield"   # CR 113.6: where the ability functions
    timing: str = ""            # "ninjutsu": only once blockers are declared (702.49c)
    only: tuple[str, ...] = ()  # CR 602.5: "Activate only during your turn" (your_turn,
                                # opponent_turn, combat, step:<name>)
    condition: object = None    # CR 602.5b: "Activate only if [condition]" (ir Condition)


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """CR 603: "When/Whenever/At [event], [effect]." ``events`` names the trigger events
    (``enters``, ``attacks``, ``dies``, ``graveyard_from_battlefield``,
    ``equipped_attacks``, ``becomes_attached``, ``upkeep``, ``becomes_tapped``);
    ``optional`` is a "you may" (CR 603.5)."""

    events: tuple[str, ...]
    effects: tuple = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False
    text: str = ""
    condition: str | None = None   # a named event filter: "mana_value_equals_charge"
    modes: tuple = ()      # CR 700.2 / 603.3c: a modal triggered ability's modes
    mode_count: int = 1
    mode_min: int = 0


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """CR 604: a static ability; ``kind`` names it (``cant_block``, ``cant_attack``,
    ``equipped``: the equipped creature gets +``power``/+``toughness`` (layer 7c) and
    has ``keywords`` (layer 6), CR 301.5)."""

    kind: str
    text: str = ""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    mana: tuple[str, ...] = ()
    filter: TargetSpec | None = None
    exclude_types: tuple[str, ...] = ()
    counter: str = ""          # "enters with X [counter] counters" (CR 614.1c)
    grants: tuple = ()         # activated abilities the equipped creature has


@dataclass(frozen=True, slots=True)
class Unsupported:
    """Text the compiler cannot compile yet. A card holding one is never played."""

    text: str


# CR 702: the keyword abilities the engine implements by name.
KEYWORDS = frozenset({
    "flying", "reach", "first strike", "double strike", "trample", "deathtouch",
    "lifelink", "vigilance", "haste", "defender", "shroud", "hexproof",
})


@dataclass(frozen=True, slots=True)
class CardDefinition:
    """A card's characteristics (CR 109.3) and compiled abilities, shared by all games."""

    name: str
    mana_cost: ManaCost
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset = frozenset()
    spell: SpellAbility | None = None
    activated: tuple[ActivatedAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    static: tuple[StaticAbility, ...] = ()
    alternatives: tuple[AltCost, ...] = ()
    unsupported: tuple[Unsupported, ...] = ()
    text: str = ""
    type_line: str = ""
    additional: tuple = ()   # optional additional costs (AdditionalCost, CR 601.2b)
    required: tuple = ()     # mandatory additional costs (Cost, CR 118.8: "As an additional
    #                          cost to cast this spell, sacrifice a creature")
    faces: tuple = ()        # each face's own definition (CR 709, 712, 715; areas/faces.py)
    face: int = 0            # which of its card's ``faces`` this definition is
    front_mana_value: int | None = None   # CR 712.8e: a back face's mana value is the front's

    @property
    def supported(self) -> bool:
        return not self.unsupported

    @property
    def mana_value(self) -> int:
        if self.front_mana_value is not None:
            return self.front_mana_value
        return self.mana_cost.mana_value

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_permanent_card(self) -> bool:
        # CR 110.4: artifact, battle, creature, enchantment, land, planeswalker
        return any(t in self.types for t in
                   ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"))


# ---------------------------------------------------------------- further effects
# (compiled by compiler/effect_text.py, executed by engine/effects_more.py)
#
# ``who`` names the player(s) an effect acts on: "you" (the controller), "target"
# (target number ``target``, a player), "each_opponent", "each_player".


@dataclass(frozen=True, slots=True)
class LoseLife:
    """CR 119.3: ``who`` loses ``amount`` life."""

    amount: int
    who: str = "you"
    target: int = 0


@dataclass(frozen=True, slots=True)
class PlayerGainsLife:
    """CR 119.3: ``who`` (other than "you", which is GainLife) gains ``amount`` life."""

    amount: int
    who: str = "target"
    target: int = 0


@dataclass(frozen=True, slots=True)
class PlayerDraws:
    """CR 121.1: ``who`` draws ``count`` cards."""

    count: int = 1
    who: str = "target"
    target: int = 0


@dataclass(frozen=True, slots=True)
class PlayerDiscards:
    """CR 701.9a: ``who`` discards ``count`` cards of their choice (at ``random``, 701.9b)."""

    count: int = 1
    who: str = "target"
    target: int = 0
    random: bool = False


@dataclass(frozen=True, slots=True)
class Mill:
    """CR 701.17a: ``who`` puts the top ``count`` cards of their library into their
    graveyard."""

    count: int = 1
    who: str = "you"
    target: int = 0


@dataclass(frozen=True, slots=True)
class Scry:
    """CR 701.22a: look at the top ``count`` cards, put any number on the bottom and the
    rest on top, in any order."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Surveil:
    """CR 701.25a: look at the top ``count`` cards, put any number into the graveyard and
    the rest on top in any order."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class DamageEach:
    """CR 120.2 / 120.3: the source deals ``amount`` damage to each permanent matching
    ``spec`` (None: none) and to ``players`` ("each_opponent", "each_player", "you")."""

    amount: int
    spec: TargetSpec | None = None
    players: str | None = None


@dataclass(frozen=True, slots=True)
class TapTarget:
    """CR 701.26a: tap target number ``target`` (each target of that group)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class GainKeywords:
    """CR 613.1f (layer 6): target number ``target`` (-1: the source) gains ``keywords``
    ``until``."""

    keywords: tuple[str, ...]
    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ModifyEach:
    """CR 611.2c / 613.4c / 613.1f: each creature matching ``spec`` as the effect begins
    gets +``power``/+``toughness`` and gains ``keywords`` ``until``."""

    spec: TargetSpec
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class PutCountersEach:
    """CR 122.1: put ``count`` ``kind`` counters on each permanent matching ``spec``."""

    kind: str
    count: int
    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class Fight:
    """CR 701.14a: creature ``first`` (a target number; -1: the source) and target
    number ``second`` fight: each deals damage equal to its power to the other."""

    first: int = 0
    second: int = 1


@dataclass(frozen=True, slots=True)
class DestroyEach:
    """CR 701.8a: destroy each permanent matching ``spec``."""

    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class SearchToZone:
    """CR 701.23a: search your library for up to ``count`` cards matching ``spec`` (a
    filter: types, subtypes, quals), reveal them (701.20a) and put them into ``to``
    ("hand", or "battlefield" ``tapped``), then shuffle (701.24a)."""

    spec: TargetSpec
    to: str = "hand"
    count: int = 1
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class MoveTargetTo:
    """Move each target of group ``target`` to ``to`` ("hand": its owner's hand;
    "exile"; "library_top"/"library_bottom": its owner's library; "graveyard")
    (CR 400.3, 400.7)."""

    to: str
    target: int = 0


# ---------------------------------------------------------------- staples (compiler/staples.py)


@dataclass(frozen=True, slots=True)
class PutFromHandOnTop:
    """CR 401.4: put ``count`` cards from your hand on top of your library in any order
    (Brainstorm's second half; the player chooses the cards and their order)."""

    count: int = 2


@dataclass(frozen=True, slots=True)
class ExileGraveyard:
    """CR 406.1 / 400.7: exile every card in the graveyard of each target player of
    group ``target`` ("Exile target player's graveyard")."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class DealDamageIfControls:
    """CR 120.3 with an ability word's condition (CR 207.2c, metalcraft): the source
    deals ``amount`` damage to target number ``target``, or ``instead`` damage if its
    controller controls ``at_least`` permanents of ``types``."""

    amount: int
    instead: int
    at_least: int = 3
    types: tuple[str, ...] = ("Artifact",)
    target: int = 0


# ---------------------------------------------------------------- keywords (compiler/keywords.py)


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """An optional additional cost by keyword (CR 601.2b, 118.8): ``kicker`` (702.33a),
    ``multikicker`` (``multi``: paid any number of times, 702.33c), ``buyback``
    (702.27a)."""

    name: str
    cost: Cost
    multi: bool = False


@dataclass(frozen=True, slots=True)
class IfKicked:
    """CR 702.33d-e: ``effects`` happen only if the spell was kicked (its kicker or
    multikicker cost was paid at least ``times`` times); ``otherwise`` happen if not
    ("If this spell was kicked, it deals 4 damage instead")."""

    effects: tuple = ()
    otherwise: tuple = ()
    times: int = 1


@dataclass(frozen=True, slots=True)
class PumpSubject:
    """CR 613.4c: "that creature" (the object the trigger remembers, ``info[subject]``)
    gets +``power``/+``toughness`` until end of turn (exalted, CR 702.83a)."""

    power: int = 1
    toughness: int = 1
    subject: str = "creature"


@dataclass(frozen=True, slots=True)
class Regenerate:
    """CR 701.19a: the next time target number ``target`` (-1: the source) would be
    destroyed this turn, instead tap it, remove all damage from it, and remove it from
    combat (a replacement shield, CR 614.8)."""

    target: int = -1


@dataclass(frozen=True, slots=True)
class BecomeCreature:
    """CR 702.122a / 613.1d (layer 4): the source becomes an artifact creature until end
    of turn (crew)."""


@dataclass(frozen=True, slots=True)
class DamageByCount:
    """CR 120.3 / 608.2h: the source deals damage to target number ``target`` equal to
    ``multiplier`` times the number of permanents matching ``spec`` (and having
    ``supertype``, if any) as the effect resolves."""

    multiplier: int
    spec: TargetSpec
    supertype: str | None = None
    target: int = 0


@dataclass(frozen=True, slots=True)
class PumpByCount:
    """CR 613.4c / 608.2h: target number ``target`` gets +``power``/+``toughness`` for
    each permanent matching ``spec`` (counted once, as the effect resolves) ``until``."""

    power: int
    toughness: int
    spec: TargetSpec
    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class TargetControllerLosesLife:
    """CR 119.3 / 608.2h: the controller of target number ``target`` (as last known)
    loses ``amount`` life ("Its controller loses 1 life")."""

    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class DrawPerNamedInGraveyard:
    """CR 121.1 / 201.2: draw a card for each card with the source's name in your
    graveyard (Frantic Inventory's count, taken as the effect resolves)."""


@dataclass(frozen=True, slots=True)
class MayDiscardToDraw:
    """CR 608.2d / 701.9a: "You may discard a card. If you do, draw ``draw`` cards.\""""

    draw: int = 2


@dataclass(frozen=True, slots=True)
class ShuffleSelfIntoLibrary:
    """CR 400.7 / 701.24a: the source card, now in a graveyard, is shuffled into its
    owner's library ("its owner shuffles it into their library")."""


@dataclass(frozen=True, slots=True)
class PlayerSacrifices:
    """CR 701.21a / 101.4: each player in ``who`` ("you", "each_player",
    "each_opponent", "target": target number ``target``) sacrifices ``count``
    permanents matching ``spec`` of their choice (an edict)."""

    count: int
    spec: TargetSpec
    who: str = "you"
    target: int = 0


@dataclass(frozen=True, slots=True)
class Restrict:
    """CR 508.1c / 509.1b: target number ``target`` (-1: the source) ``can't attack``
    and/or ``can't block`` (``kinds``: ``cant_attack``, ``cant_block``) ``until``."""

    kinds: tuple[str, ...]
    target: int = 0
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class RestrictEach:
    """CR 508.1c / 509.1b / 611.2c: each permanent matching ``spec`` as the effect begins
    can't attack and/or block (``kinds``) ``until``."""

    kinds: tuple[str, ...]
    spec: TargetSpec
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class WithX:
    """CR 107.3a / 107.3m: ``effect`` with its ``field`` (``amount``, ``count``) equal to
    X, the value announced as the spell was cast or the ability activated."""

    effect: object
    field: str = "amount"


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """CR 401.2: an effect lets its controller look at the top ``count`` cards of their
    library; the following effects act on "them" (the cards looked at)."""

    count: int


@dataclass(frozen=True, slots=True)
class LookedToHand:
    """Put ``count`` of the cards looked at (matching ``spec`` if any) into the hand;
    ``optional``: "you may reveal a [spec] card from among them and put it into your
    hand" (CR 701.20a: revealed)."""

    count: int = 1
    spec: TargetSpec | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LookedToRest:
    """"... and the rest on the bottom of your library in any order / in a random order"
    (``to`` = ``bottom``) or "into your graveyard" (``graveyard``)."""

    to: str = "bottom"
    random: bool = False


@dataclass(frozen=True, slots=True)
class IfTargetWas:
    """CR 608.2h: "[Destroy target land.] If that land was a snow land, [effects]": the
    target's qualities as it last existed (recorded as the spell began to resolve) decide
    whether ``effects`` happen. ``spec`` holds the qualities (types, subtypes, colors,
    supertypes as ``quals``)."""

    target: int = 0
    spec: TargetSpec = None
    effects: tuple = ()
    check: bool = False   # the first part: look at the target before the effects change it


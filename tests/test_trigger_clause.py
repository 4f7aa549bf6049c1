"""The trigger clause of the Oracle grammar (compiler/triggers.py, CR 603): real cards'
triggered abilities compiled by the grammar alone, and run in games."""

from __future__ import annotations

import pytest

from manastack.compiler import lines, oracle
from manastack.compiler.abilities import TriggeredAbility
from manastack.ir import refs as R
from manastack.scenario import run_file

# card -> the engine's trigger events its (first) triggered ability waits for
CARDS = {
    "Elvish Visionary": ("enters",),                                   # CR 603.6a
    "Phyrexian Arena": ("upkeep",),                                    # CR 503.1a
    "Copper Tablet": ("each_upkeep",),
    "Crosstown Courier": ("combat_damage_to_player",),                 # CR 510.3a
    "Ogre Battledriver": ("enters|Creature|you|other",),
    "Soul Warden": ("enters|Creature||other",),
    "Hesitation": ("cast||",),                                         # CR 601.2i
    "Erratic Cyclops": ("cast|anytype:Instant,Sorcery|you",),
    "Citanul Druid": ("cast|Artifact|opponent",),
    "Blood Artist": ("dies", "dies|Creature||other"),                  # CR 700.4
    "Goblin Cadets": ("blocks", "becomes_blocked"),                    # CR 509.3a,c
    "Mummy Paramount": ("enters|sub:Zombie|you|other",),
    "Fearless Fledgling": ("enters|Land|you|",),                       # CR 207.2c landfall
}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_card_compiles_through_the_trigger_clause(name):
    d = oracle.definition_for(name)
    assert not d.unsupported, d.unsupported
    assert oracle.GRAMMAR_ONLY[name], f"{name}: the templates still compile part of it"
    assert d.triggered[0].events == CARDS[name]


def test_line_reads_event_and_instructions():
    got = lines.compile_line("Whenever ~ deals combat damage to a player, that player mills "
                             "that many cards.", False)
    t = got.triggered
    assert isinstance(t, TriggeredAbility) and t.events == ("combat_damage_to_player",)
    # CR 608.2h: "that player" is the player the event happened to
    assert t.effects[0].players == R.EventPlayer()


def test_you_may_is_an_optional_trigger():
    # CR 603.5: "you may" over all the instructions: the ability is optional
    t = lines.compile_line("When ~ enters, you may draw a card.", False).triggered
    assert t.optional and t.events == ("enters",)


def test_each_players_upkeep_means_the_active_player():
    t = lines.compile_line("At the beginning of each player's upkeep, that player loses 2 "
                           "life.", False).triggered
    assert t.events == ("each_upkeep",) and t.effects[0].players == R.ActivePlayer()


@pytest.mark.parametrize("text", [
    # CR 603.4: an intervening "if" is not read yet
    "Whenever ~ deals combat damage to a player, if you control an artifact, draw a card.",
    # a description the engine's events don't check: colors, tokens, mana value
    "Whenever you cast a red spell, draw a card.",
    "Whenever a creature token you control enters, draw a card.",
    "Whenever you cast a spell with mana value 4 or greater, draw a card.",
    # CR 400.7: a permanent that died is a new object; "it" isn't known
    "When ~ dies, return it to its owner's hand.",
])
def test_what_the_engine_does_not_check_stays_unread(text):
    got = lines.compile_line(text, False)
    assert got is None or got.triggered is None


SCENARIOS = """
scenarios:
  - name: Elvish Visionary's enters trigger draws a card
    rules: ["603.6a", "603.3a", "121.1"]
    players:
      p1:
        battlefield: [{card: Forest, id: f1}, {card: Forest, id: f2}]
        hand: [Elvish Visionary]
        library: [Island, Swamp]
      p2: {}
    do:
      - p1: {cast: Elvish Visionary, pay: [f1, f2]}
      - resolve
      - check: {stack: [Elvish Visionary]}
      - resolve
    expect:
      p1: {hand: [Island]}

  - name: Copper Tablet deals 1 damage to the player whose upkeep it is
    rules: ["503.1a", "603.2", "608.2h"]
    turn: 2
    active: p2
    step: end
    players:
      p1:
        battlefield: [Copper Tablet]
        library: [Plains, Plains]
      p2:
        library: [Island, Island]
    do:
      - {advance: upkeep}
      - check: {turn: 3, step: upkeep, stack: [Copper Tablet]}
      - resolve
    expect:
      p1: {life: 19}
      p2: {life: 20}

  - name: Crosstown Courier's combat damage makes that player mill that many cards
    rules: ["510.3a", "603.2", "608.2h"]
    turn: 3
    players:
      p1:
        battlefield: [Crosstown Courier]
      p2:
        library: [Island, Swamp, Plains, Forest]
    do:
      - {advance: declare_attackers}
      - p1: {attack: [Crosstown Courier]}
      - {advance: combat_damage}
      - check: {stack: [Crosstown Courier]}
      - resolve
    expect:
      p2: {life: 18, graveyard: [Island, Swamp]}

  - name: Ogre Battledriver gives the creature that entered +2/+0 and haste
    rules: ["603.6a", "608.2h", "613.4c"]
    players:
      p1:
        battlefield: [Ogre Battledriver, Forest]
        hand: [Llanowar Elves]
      p2: {}
    do:
      - p1: {cast: Llanowar Elves, pay: [Forest]}
      - resolve
      - check: {stack: [Ogre Battledriver]}
      - resolve
    expect:
      objects:
        Llanowar Elves: {power: 3, toughness: 1}
        Ogre Battledriver: {power: 3, toughness: 3}

  - name: Hesitation counters the spell whose casting triggered it
    rules: ["601.2i", "603.2", "701.6a"]
    turn: 2
    active: p2
    players:
      p1:
        battlefield: [Hesitation]
      p2:
        battlefield: [Mountain]
        hand: [Lightning Bolt]
    do:
      - p2: {cast: Lightning Bolt, targets: [p1], pay: [Mountain]}
      - check: {stack: [Hesitation, Lightning Bolt]}
      - resolve
    expect:
      stack: []
      p1: {life: 20, graveyard: [Hesitation]}
      p2: {graveyard: [Lightning Bolt]}
"""


def test_triggers_fire_in_games(tmp_path):
    f = tmp_path / "trigger-clause.yaml"
    f.write_text(SCENARIOS, encoding="utf-8")
    results = run_file(f)
    assert len(results) == 5
    failures = [r.line() for r in results if not r.passed]
    assert not failures, "\n".join(failures)

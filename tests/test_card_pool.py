"""The cards the mana (issue 4) and Equipment (issue 5) rulings use compile fully from
their Oracle text, with no Unsupported part."""

from __future__ import annotations

import pytest

from manastack.compiler import definition_for

MANA_POOL = """Metalwork Colossus, Reflecting Pool, Exotic Orchard, Fellwar Stone, Meteor Crater,
Gaea's Cradle, City of Brass, Wastes, Plains, Island, Swamp, Mountain, Forest, Contamination,
Mana Reflection, Heartbeat of Spring, Wild Growth, Utopia Sprawl, Llanowar Elves,
Prodigal Sorcerer, Pili-Pala, Order of Whiteclay, Ashnod's Altar, Dark Ritual,
Goblin Clearcutter, Hangarback Walker, Walking Ballista, Chalice of the Void, Silkwrap,
Cloudshift, Ichor Wellspring, Mind Stone, Krark-Clan Ironworks, Implements of Sacrifice,
Myr Retriever, Sol Ring, Memnite, Grizzly Bears, Shatter, Act of Treason"""
EQUIPMENT_POOL = """Armory Automaton, Bonesplitter, Loxodon Warhammer, Vulshok Morningstar,
Leonin Scimitar, Sword of Vengeance, Sanctuary Blade, Enormous Energy Blade,
Sword of the Animist, Grappling Hook, Lightning Greaves, Paradise Mantle"""
BUNDLED = """Forest, Grizzly Bears, Llanowar Elves, Giant Growth, Giant Spider, Mountain,
Hill Giant, Goblin Piker, Lightning Bolt, Shock"""


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.replace("\n", " ").split(",") if n.strip()]


@pytest.mark.parametrize("name", _names(MANA_POOL) + _names(EQUIPMENT_POOL) + _names(BUNDLED))
def test_card_compiles_fully(name):
    d = definition_for(name)
    assert d.supported, [u.text for u in d.unsupported]


def test_goblin_piker_cant_block():
    d = definition_for("Goblin Piker")
    assert any(s.kind == "cant_block" for s in d.static)

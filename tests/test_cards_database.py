"""Tests for manastack.cards: the bundled Oracle database, lookup, colors and mana value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from manastack.cards import CardData, CardDatabase, get_database
from manastack.cards.database import normalize_name

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA_FILE = ROOT / "manastack" / "cards" / "data" / "oracle-cards.json.gz"


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return get_database()


def make(cost: str | None, name: str = "Test Card") -> CardData:
    """A minimal card with the given mana cost."""
    return CardData(name=name, mana_cost=cost, type_line="Instant", types=("Instant",),
                    subtypes=(), supertypes=(), keywords=(), power=None, toughness=None,
                    loyalty=None, text="", layout="normal", color_identity=())


# -- the data file and loading -------------------------------------------------------

def test_data_file_is_small_and_deterministic():
    raw = DATA_FILE.read_bytes()
    assert len(raw) < 4 * 1024 * 1024
    assert raw[:2] == b"\x1f\x8b"
    assert raw[4:8] == b"\x00\x00\x00\x00", "gzip mtime must be 0 for reproducible builds"


def test_database_loads_and_is_a_singleton(db):
    # Load time is measured by benchmarks/card_data.py, not asserted here.
    fresh = CardDatabase.from_package()
    assert len(fresh) == len(db) > 30_000
    assert get_database() is get_database()


def test_iteration_names_and_contains(db):
    names = db.names()
    assert names == sorted(names)
    assert len(names) == len(db)
    first = next(iter(db))
    assert isinstance(first, CardData) and first.name == names[0]
    assert "Lightning Bolt" in db and "lightning bolt" in db
    assert "Lightning Blot" not in db and 42 not in db


def test_package_code_never_refers_to_shared():
    for path in [*(ROOT / "manastack" / "cards").glob("*.py"), ROOT / "manastack" / "decklist.py",
                 *(ROOT / "manastack" / "decks").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert "shared/data" not in text and '"shared"' not in text, path


def test_build_script_reproduces_committed_data(tmp_path):
    cards = SHARED / "data" / "cards"
    assert cards.is_dir(), f"shared card data not found at {cards}"
    out = tmp_path / "cards.json.gz"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_card_db.py"),
                    "--shared", str(cards), "--out", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == DATA_FILE.read_bytes(), \
        "committed oracle-cards.json.gz is stale: rerun tools/build_card_db.py"


# -- lookups ---------------------------------------------------------------------------

def test_lightning_bolt(db):
    bolt = db.get("Lightning Bolt")
    assert bolt is not None
    assert bolt.mana_cost == "{R}"
    assert bolt.type_line == "Instant" and bolt.types == ("Instant",)
    assert "3 damage" in bolt.text
    assert bolt.colors == ("R",) and bolt.mana_value == 1
    assert bolt.color_identity == ("R",)
    assert bolt.faces == () and bolt.layout == "normal"


def test_creature_fields(db):
    bears = db.get("Grizzly Bears")
    assert (bears.power, bears.toughness) == ("2", "2")
    assert bears.subtypes == ("Bear",) and bears.loyalty is None
    assert isinstance(bears.keywords, tuple)
    jace = db.get("Jace, the Mind Sculptor")
    assert jace.loyalty == "3" and jace.supertypes == ("Legendary",)


def test_case_and_accent_insensitive(db):
    assert db.get("LIGHTNING BOLT").name == "Lightning Bolt"
    assert db.get("  lightning   bolt ").name == "Lightning Bolt"
    assert db.get("Lorien Revealed").name == "Lórien Revealed"
    assert db.get("lórien revealed").name == "Lórien Revealed"
    assert db.get("Jotun Grunt").name == "Jötun Grunt"
    assert db.get("Gaea’s Cradle").name == "Gaea's Cradle"
    assert normalize_name("Æther Vial") == normalize_name("Aether Vial")
    assert db.get("No Such Card Anywhere") is None


def test_split_card_by_front_face(db):
    fire = db.get("Fire")
    assert fire.name == "Fire // Ice"
    assert db.get("Fire // Ice") is fire
    assert db.get("fire/ice") is fire and db.get("Fire // ice") is fire
    assert fire.face_names == ("Fire", "Ice") and fire.front_name == "Fire"
    assert [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.faces[1].mana_cost == "{1}{U}"
    assert "Draw a card" in fire.faces[1].text


def test_exact_name_beats_face_alias(db):
    # "Bind" is a card of its own as well as the front of "Bind // Liberate".
    assert db.get("Bind").name == "Bind"
    assert db.get("Bind // Liberate").name == "Bind // Liberate"


def test_double_faced_and_adventure_faces(db):
    delver = db.get("Delver of Secrets")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert [f.name for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver.faces[1].power == "3" and delver.faces[1].mana_cost is None
    # The back face is its own Oracle entry, but resolve() gives the whole card.
    assert db.get("Insectile Aberration").name == "Insectile Aberration"
    assert db.resolve("Insectile Aberration") is delver
    giant = db.get("Realm-Cloaked Giant")
    assert giant.layout == "adventure"
    assert [f.name for f in giant.faces] == ["Realm-Cloaked Giant", "Cast Off"]
    assert giant.faces[1].types == ("Sorcery",)


def test_card_data_round_trips_through_dict(db):
    card = db.get("Fire // Ice")
    assert CardData.from_dict(card.to_dict()) == card


# -- colors and mana value (CR 202.2, 202.3) ---------------------------------------

@pytest.mark.parametrize("cost, colors, value", [
    ("{2}{W}{U}", ("W", "U"), 4),
    ("{2/W}", ("W",), 2),
    ("{X}{R}", ("R",), 1),
    ("{X}{X}{G}", ("G",), 1),
    ("{G/P}", ("G",), 1),
    ("{W/U}{B}", ("W", "U", "B"), 2),
    ("{R}{W}", ("W", "R"), 2),
    ("{G/W/P}", ("W", "G"), 1),
    ("{C}", (), 1),
    ("{C/W}", ("W",), 1),
    ("{S}", (), 1),
    ("{10}{G}", ("G",), 11),
    ("{0}", (), 0),
    ("{2/W}{2/U}{2/B}{2/R}{2/G}", ("W", "U", "B", "R", "G"), 10),
    (None, (), 0),
    ("", (), 0),
])
def test_colors_and_mana_value(cost, colors, value):
    card = make(cost)
    assert card.colors == colors
    assert card.mana_value == value


def test_real_cards_colors_and_mana_value(db):
    assert db.get("Reaper King").mana_value == 10
    assert db.get("Reaper King").colors == ("W", "U", "B", "R", "G")
    assert db.get("Gitaxian Probe").colors == ("U",)
    assert db.get("Kozilek, Butcher of Truth").colors == ()
    assert db.get("Emrakul, the Aeons Torn").mana_value == 15
    assert db.get("Ancestral Vision").mana_value == 0


# -- suggestions -----------------------------------------------------------------------

def test_suggestions(db):
    assert db.suggest("Lightning Blot")[0] == "Lightning Bolt"
    assert "Tarmogoyf" in db.suggest("Tarmogoyph")
    assert db.suggest("Jace the Mind Scultor")[0] == "Jace, the Mind Sculptor"
    assert db.suggest("Kightning Bolt")[0] == "Lightning Bolt"  # first-letter typo
    assert len(db.suggest("Lightning Blot", n=1)) == 1
    assert db.suggest("zzqqxxjj") == []
    assert db.suggest("") == []
    # Front-face matches are reported by full name.
    assert "Delver of Secrets // Insectile Aberration" in db.suggest("Delver of Secret")


def test_suggestions_for_misspellings(db):
    # Their speed is measured by benchmarks/card_data.py, not asserted here.
    assert "Snapcaster Mage" in db.suggest("Snapcaster Mage")
    assert "Sower of Temptation" in db.suggest("Sower of Temptaton")
    assert db.suggest("qwertyuiopasdfghjklzxcvbnm") == [] or all(
        isinstance(n, str) for n in db.suggest("qwertyuiopasdfghjklzxcvbnm"))


def test_getitem_raises_with_suggestion(db):
    assert db["Shock"].name == "Shock"
    with pytest.raises(KeyError, match="Lightning Bolt"):
        db["Lightning Blot"]

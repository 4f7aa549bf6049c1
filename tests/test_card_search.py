"""Card search (manastack.cards.search) and ``manastack cards search``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from manastack.cards import CardData, CardDatabase, get_database
from manastack.cards.search import QueryError, parse_query, search, tokenize
from manastack.cli import app


def card(name, cost=None, type_line="Creature — Bear", text="", power=None, toughness=None,
         identity=None, keywords=(), layout="normal", faces=()):
    main = type_line.split("—")[0].split()
    supertypes = tuple(w for w in main if w in ("Legendary", "Basic", "Snow"))
    types = tuple(w for w in main if w not in supertypes)
    sub = tuple(type_line.split("—")[1].split()) if "—" in type_line else ()
    c = CardData(name=name, mana_cost=cost, type_line=type_line, types=types, subtypes=sub,
                 supertypes=supertypes, keywords=tuple(keywords), power=power,
                 toughness=toughness, loyalty=None, text=text, layout=layout,
                 color_identity=(), faces=faces)
    ident = identity if identity is not None else c.colors
    return CardData(**{**{f: getattr(c, f) for f in c.__slots__}, "color_identity": tuple(ident)})


CARDS = [
    card("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target."),
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", power="2", toughness="2"),
    card("Woolly Thoctar", "{R}{G}{W}", "Creature — Beast", power="5", toughness="4"),
    card("Boros Swiftblade", "{R}{W}", "Creature — Human Soldier", "Double strike",
         power="1", toughness="2", keywords=("Double strike",)),
    card("Kird Ape", "{R}", "Creature — Ape",
         "Kird Ape gets +1/+2 as long as you control a Forest.", power="1", toughness="1",
         identity=("R",)),
    card("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}."),
    card("Ornithopter", "{0}", "Artifact Creature — Thopter", "Flying", power="0",
         toughness="2", keywords=("Flying",)),
    card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "Tarmogoyf's power is ...",
         power="*", toughness="1+*"),
    card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", power="1",
         toughness="1"),
    card("Goblin Guide", "{R}", "Creature — Goblin Scout", "Haste", power="2",
         toughness="2"),
    card("Boggart Shenanigans", "{2}{R}", "Kindred Enchantment — Goblin",
         "Whenever another Goblin you control dies, ..."),
    card("Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe", "Persist", power="3",
         toughness="2"),
    card("Forest", None, "Basic Land — Forest", "", identity=("G",)),
    card("Lórien Revealed", "{3}{U}{U}", "Sorcery", "Draw three cards."),
    card("Fire // Ice", "{1}{R}", "Instant",
         "Fire deals 2 damage divided as you choose among one or two targets.",
         identity=("R", "U"), layout="split",
         faces=(card("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided ..."),
                card("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."))),
    card("Ghostfire", "{2}{R}", "Instant", "Ghostfire deals 3 damage to any target.",
         identity=("R",)),
    card("Niv-Mizzet, Parun", "{U}{U}{U}{R}{R}{R}", "Legendary Creature — Dragon Wizard",
         "Flying", power="5", toughness="5", keywords=("Flying",)),
]
DB = CardDatabase(CARDS)
SUPPORTED = {"Lightning Bolt", "Grizzly Bears", "Forest", "Llanowar Elves", "Sol Ring"}


def names(query: str) -> list[str]:
    return [c.name for c in search(query, DB, supported=lambda c: c.name in SUPPORTED)]


@pytest.mark.parametrize("query, expected", [
    ("bolt", ["Lightning Bolt"]),
    ("BOLT", ["Lightning Bolt"]),
    ("grizzly bears", ["Grizzly Bears"]),
    ('"lightning bolt"', ["Lightning Bolt"]),
    ("lorien", ["Lórien Revealed"]),                         # accent-insensitive
    ("!fire", ["Fire // Ice"]),                              # exact face name
    ('!"Kird Ape"', ["Kird Ape"]),
    ("!kird", []),
    ("o:damage", ["Fire // Ice", "Ghostfire", "Lightning Bolt"]),
    ('o:"deals 3 damage"', ["Ghostfire", "Lightning Bolt"]),
    ('o:"~ deals 3"', ["Ghostfire", "Lightning Bolt"]),       # ~ is the card's name
    ("o:draw", ["Fire // Ice", "Lórien Revealed"]),           # any face's text
    ("t:goblin", ["Boggart Shenanigans", "Goblin Guide"]),
    ("t:goblin -t:creature", ["Boggart Shenanigans"]),
    ("t:legend", ["Niv-Mizzet, Parun"]),
    ("c:rg", ["Woolly Thoctar"]),                            # at least red and green
    ("c>=rg", ["Woolly Thoctar"]),
    ("c=rw", ["Boros Swiftblade"]),
    ("c:boros", ["Boros Swiftblade", "Woolly Thoctar"]),
    ("c<=r t:creature", ["Goblin Guide", "Kird Ape", "Ornithopter"]),
    ("c<r", ["Forest", "Ornithopter", "Sol Ring"]),           # colorless only
    ("c:c", ["Forest", "Ornithopter", "Sol Ring"]),
    ("c:colorless t:artifact", ["Ornithopter", "Sol Ring"]),
    ("c:m", ["Boros Swiftblade", "Fire // Ice", "Kitchen Finks", "Niv-Mizzet, Parun",
             "Woolly Thoctar"]),
    ("c:gw", ["Kitchen Finks", "Woolly Thoctar"]),            # hybrid gives both colors
    ("c=2", ["Boros Swiftblade", "Fire // Ice", "Kitchen Finks", "Niv-Mizzet, Parun"]),
    ("c!=r t:instant", ["Fire // Ice"]),                   # a split card: U and R (709.4a)
    ("mv=4 t:instant", ["Fire // Ice"]),                   # {1}{R} + {1}{U} (709.4b)
    ("id:r", ["Boggart Shenanigans", "Ghostfire", "Goblin Guide", "Kird Ape", "Lightning Bolt", "Ornithopter",
              "Sol Ring"]),                                   # within red
    ("id:izzet t:instant", ["Fire // Ice", "Ghostfire", "Lightning Bolt"]),
    ("id>=ur", ["Fire // Ice", "Niv-Mizzet, Parun"]),
    ("id:c", ["Ornithopter", "Sol Ring"]),
    ("mv=1 t:creature", ["Goblin Guide", "Kird Ape", "Llanowar Elves"]),
    ("cmc>=6", ["Niv-Mizzet, Parun"]),
    ("mv:0", ["Forest", "Ornithopter"]),
    ("mv<1 -t:land", ["Ornithopter"]),
    ("mv!=1 mv<=2 t:creature", ["Boros Swiftblade", "Grizzly Bears", "Ornithopter",
                                "Tarmogoyf"]),
    ("mv:even t:instant", ["Fire // Ice"]),
    ("pow>=5", ["Niv-Mizzet, Parun", "Woolly Thoctar"]),
    ("pow=0", ["Ornithopter", "Tarmogoyf"]),                 # * counts as 0
    ("tou>pow", ["Boros Swiftblade", "Ornithopter", "Tarmogoyf"]),
    ("pow>tou", ["Kitchen Finks", "Woolly Thoctar"]),
    ("kw:flying", ["Niv-Mizzet, Parun", "Ornithopter"]),
    ("layout:split", ["Fire // Ice"]),
    ("goblin or bolt", ["Goblin Guide", "Lightning Bolt"]),
    ("(t:elf or t:ape) mv=1", ["Kird Ape", "Llanowar Elves"]),
    ("t:creature and c:g and mv=1", ["Llanowar Elves"]),
    ("-(t:creature or t:land or t:instant)",
     ["Boggart Shenanigans", "Lórien Revealed", "Sol Ring"]),
    ("--bolt", ["Lightning Bolt"]),
    ("is:supported", sorted(SUPPORTED)),
    ("is:supported t:creature", ["Grizzly Bears", "Llanowar Elves"]),
    ("-is:supported t:instant", ["Fire // Ice", "Ghostfire"]),
    ("not:supported t:instant", ["Fire // Ice", "Ghostfire"]),
    ("is:permanent c:r", ["Boggart Shenanigans", "Boros Swiftblade", "Goblin Guide",
                          "Kird Ape", "Niv-Mizzet, Parun", "Woolly Thoctar"]),
])
def test_query_semantics(query, expected):
    assert names(query) == expected


@pytest.mark.parametrize("query, message, position", [
    ("", "empty query", 0),
    ("(t:goblin", "missing ')'", 0),
    ("c:rg (t:goblin", "missing ')'", 5),
    ("t:goblin)", "unbalanced ')'", 8),
    ("()", "empty parentheses", 0),
    ("o:", "missing value", 2),
    ('o:"unfinished', "unterminated", 2),
    ("mv>three", "needs a number", 3),
    ("c:purple", "unknown color", 2),
    ("foo:bar", "unknown keyword 'foo'", 0),
    ("bolt or", "needs a term on both sides", 5),
    ("or bolt", "needs a term on both sides", 0),
    ("bolt and or x", "needs a term on both sides", 5),
    ("- bolt", "'-' must be followed", 0),
    ("is:fancy", "unknown is: value", 0),
    ("t>creature", "takes ':'", 1),
])
def test_query_errors_give_the_position(query, message, position):
    with pytest.raises(QueryError) as info:
        parse_query(query)
    assert message in info.value.message
    assert info.value.position == position
    assert f"position {position + 1}" in str(info.value)
    assert info.value.pointer().splitlines()[1] == " " * position + "^"


def test_tokenizer_keeps_quoted_values_and_hyphenated_words():
    kinds = [(t.kind, t.value) for t in tokenize('o:"can\'t block" Niv-Mizzet -t:elf')]
    assert kinds == [("FIELD", "can't block"), ("WORD", "Niv-Mizzet"), ("NOT", ""),
                     ("FIELD", "elf"), ("EOF", "")]


# Random queries from the grammar: parsing never raises anything but QueryError, and
# De Morgan's laws hold over the small database.
_TERMS = st.sampled_from(["bolt", "t:creature", "c:r", "c:g", "mv<=2", "pow>1", "id:rg",
                          "o:damage", "is:supported", "c:m", "t:artifact", '"kird ape"'])


def _expr(depth: int = 2):
    if depth == 0:
        return _TERMS
    sub = _expr(depth - 1)
    return st.one_of(
        _TERMS,
        st.tuples(sub, sub).map(lambda ab: f"({ab[0]} or {ab[1]})"),
        st.tuples(sub, sub).map(lambda ab: f"{ab[0]} {ab[1]}"),
        sub.map(lambda a: f"-{a}" if not a.startswith("-") else f"-({a})"),
    )


@settings(max_examples=60, deadline=None)
@given(_expr(), _expr())
def test_de_morgan_holds_for_random_queries(a, b):
    assert names(f"-({a} or {b})") == names(f"-({a}) -({b})")
    assert set(names(f"{a} or {b}")) == set(names(a)) | set(names(b))
    assert set(names(f"({a}) ({b})")) == set(names(a)) & set(names(b))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='abc:="()-<>! or', max_size=20))
def test_parser_only_raises_query_errors(text):
    try:
        parse_query(text)
    except QueryError:
        pass


# ------------------------------------------------------------------------ real database

def test_real_database_search_and_support_status():
    from manastack.compiler import definition_for
    found = [c.name for c in search('o:"deals 3 damage to any target" c:r mv=1 t:instant')]
    assert "Lightning Bolt" in found
    supported = search("is:supported t:instant c:r")
    assert any(c.name == "Lightning Bolt" for c in supported)
    assert all(definition_for(c.name).supported for c in supported)
    unsupported = search("-is:supported t:instant c:r mv=1")
    assert unsupported and not any(definition_for(c.name).supported for c in unsupported)


def test_real_database_lists_a_double_faced_card_once():
    found = [c.name for c in search("delver of secrets")]
    assert "Delver of Secrets // Insectile Aberration" in found
    assert "Insectile Aberration" not in found
    assert [c.name for c in search("!\"Delver of Secrets\"")] == [
        "Delver of Secrets // Insectile Aberration"]
    assert len(get_database()) > len(search("-zzzzzz"))   # back-face entries left out


# ------------------------------------------------------------------------ CLI

runner = CliRunner()


def _output(result) -> str:
    try:
        return result.stdout + result.stderr
    except ValueError:
        return result.output


def test_cli_search_table_with_count_and_limit():
    result = runner.invoke(app, ["cards", "search", "t:instant c:r mv=1", "--limit", "3"])
    assert result.exit_code == 0, _output(result)
    text = result.stdout
    assert "supported" in text and "showing 3" in text
    assert "cards match" in text


def test_cli_search_json():
    result = runner.invoke(app, ["cards", "search", "--json", "!\"Lightning Bolt\""])
    assert result.exit_code == 0, _output(result)
    data = json.loads(result.stdout)
    assert data["count"] == 1
    assert data["cards"][0] == {"name": "Lightning Bolt", "mana_cost": "{R}",
                                "type_line": "Instant", "mana_value": 1, "colors": ["R"],
                                "color_identity": ["R"], "supported": True}


def test_cli_search_bad_query_is_a_clean_error():
    result = runner.invoke(app, ["cards", "search", "c:rg (t:goblin"])
    assert result.exit_code == 2
    text = _output(result)
    assert "error: bad query: missing ')'" in text and "position 6" in text
    assert "Traceback" not in text


# ------------------------------------------------------------------------ rulings

def test_rulings_are_dated_and_sorted():
    import re

    from manastack.cards.rulings import rulings_for
    rulings = rulings_for("Tarmogoyf")
    assert len(rulings) >= 3
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", d) and t for d, t in rulings)
    assert [d for d, _ in rulings] == sorted(d for d, _ in rulings)
    assert rulings_for("tarmogoyf") == rulings                  # any case
    assert rulings_for("Insectile Aberration") == rulings_for(
        "Delver of Secrets // Insectile Aberration") != []      # a back face: whole card
    assert rulings_for("No Such Card At All") == []


def test_rulings_bundle_is_deterministic(tmp_path):
    import importlib.util
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    src = root.parent / "shared" / "data" / "rulings" / "rulings-2022.json"
    if not src.exists():
        pytest.skip("the shared rulings dump is not available")
    spec = importlib.util.spec_from_file_location("build_rulings",
                                                  root / "tools" / "build_rulings.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "r.json.gz"
    assert tool.main(["--src", str(src), "--out", str(out)]) == 0
    bundled = root / "manastack" / "cards" / "data" / "rulings.json.gz"
    assert out.read_bytes() == bundled.read_bytes()


def test_cli_card_shows_rulings():
    result = runner.invoke(app, ["card", "Tarmogoyf"])
    assert result.exit_code == 0, _output(result)
    assert "Rulings (" in result.stdout and "2021-03-19" in result.stdout

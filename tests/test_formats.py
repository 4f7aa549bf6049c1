"""Formats: construction rules (CR 100.2a, 100.4a), banned/restricted lists, overrides."""

import json
from datetime import date

import pytest

from manastack.decklist import Decklist, parse_decklist
from manastack.formats import (FORMAT_NAMES, DeckConstructionError, Rule, UnknownFormat,
                               check_deck, deck_violations, get_format)
from manastack.formats.lists import BanListError, bundled_banlist
from manastack.cards import get_database

FILLER = "Mountain"


def deck(*entries, side=()) -> Decklist:
    """A deck of the entries topped up with Mountains to 60 cards."""
    main = list(entries)
    n = sum(c for c, _ in main)
    if n < 60:
        main.append((60 - n, FILLER))
    return Decklist(main=main, sideboard=list(side), source="<test>")


def rules(d, fmt="modern", on=None):
    return [(v.rule, v.card, v.count) for v in deck_violations(d, fmt, on)]


def test_freeform_checks_nothing():
    assert deck_violations(Decklist(main=[(3, "Lightning Bolt"), (9, "Shock")]), "freeform") == []


def test_minimum_deck_size_60():
    small = Decklist(main=[(4, "Lightning Bolt"), (55, "Mountain")])
    assert rules(small) == [(Rule.MIN_DECK_SIZE, None, 59)]
    assert rules(deck((4, "Lightning Bolt"))) == []


def test_four_copies_counting_the_sideboard():
    assert rules(deck((5, "Lightning Bolt"))) == [(Rule.COPY_LIMIT, "Lightning Bolt", 5)]
    assert rules(deck((4, "Lightning Bolt"), side=[(1, "Lightning Bolt")])) == [
        (Rule.COPY_LIMIT, "Lightning Bolt", 5)]


def test_basic_lands_and_any_number_cards():
    assert rules(deck((30, "Relentless Rats"), (30, "Snow-Covered Island"))) == []
    assert rules(deck((7, "Seven Dwarves"))) == []
    assert rules(deck((8, "Seven Dwarves"))) == [(Rule.COPY_LIMIT, "Seven Dwarves", 8)]
    assert rules(deck((9, "Nazgûl")), "legacy") == []


def test_sideboard_up_to_15():
    assert rules(deck(side=[(4, "Shock"), (4, "Duress"), (4, "Negate"), (4, "Naturalize")])) == [
        (Rule.SIDEBOARD_SIZE, None, 16)]


def test_every_violation_and_the_typed_error():
    bad = Decklist(main=[(5, "Lightning Bolt"), (1, "Oko, Thief of Crowns"), (20, "Mountain")],
                   source="mine.txt")
    with pytest.raises(DeckConstructionError) as info:
        check_deck(bad, "modern")
    e = info.value
    assert [v.rule for v in e.violations] == [Rule.MIN_DECK_SIZE, Rule.COPY_LIMIT, Rule.BANNED]
    assert (e.card, e.count, e.rule) == (None, 26, Rule.MIN_DECK_SIZE)
    assert isinstance(e, ValueError)
    text = str(e)
    assert text.startswith("mine.txt: the deck is not legal in Modern")
    assert "5 Lightning Bolt" in text and "1 Oko, Thief of Crowns: banned in Modern" in text


BANNED = {"standard": "Heartfire Hero", "pioneer": "Oko, Thief of Crowns",
          "modern": "The One Ring", "legacy": "Sol Ring", "vintage": "Chaos Orb",
          "premodern": "Force of Will", "pauper": "Daze"}


@pytest.mark.parametrize("fmt", sorted(BANNED))
def test_each_format_refuses_a_banned_card(fmt):
    found = rules(deck((1, BANNED[fmt])), fmt)
    assert found == [(Rule.BANNED, BANNED[fmt], 1)]
    assert rules(deck((1, BANNED[fmt])), "freeform") == []


def test_vintage_restricted_one_copy():
    assert rules(deck((1, "Black Lotus"), (1, "Brainstorm")), "vintage") == []
    assert rules(deck((2, "Black Lotus")), "vintage") == [(Rule.RESTRICTED, "Black Lotus", 2)]
    assert rules(deck((1, "Brainstorm"), side=[(1, "Brainstorm")]), "vintage") == [
        (Rule.RESTRICTED, "Brainstorm", 2)]
    assert rules(deck((1, "Black Lotus")), "legacy") == [(Rule.BANNED, "Black Lotus", 1)]


def test_banned_by_rule_conspiracy_and_ante():
    db = get_database()
    ante = next(c.name for c in db if "playing for ante" in c.text)
    conspiracy = next(c.name for c in db if "Conspiracy" in c.types)
    for name in (ante, conspiracy):
        assert rules(deck((1, name)), "vintage") == [(Rule.BANNED, name, 1)]


def test_bundled_lists_name_real_cards():
    db = get_database()
    for fmt in FORMAT_NAMES[1:]:
        lst = bundled_banlist(fmt)
        assert lst is not None and lst.as_of and lst.announcement
        for name in lst.banned | lst.restricted:
            card = db.resolve(name)
            assert card is not None and card.name == name, (fmt, name)


def test_override_file_and_dated_changes(tmp_path):
    own = tmp_path / "modern.json"
    own.write_text(json.dumps({
        "format": "modern", "as_of": "2026-01-01", "announcement": "my list",
        "banned": ["Lightning Bolt"],
        "changes": [{"date": "2026-03-01", "announcement": "spring", "unban": ["Lightning Bolt"],
                     "ban": ["Shock"]}]}))
    fmt = get_format("modern", banlist=own)
    bolt = deck((1, "Lightning Bolt"), (1, "Shock"), (1, "The One Ring"))
    assert rules(bolt, fmt, date(2026, 2, 1)) == [(Rule.BANNED, "Lightning Bolt", 1)]
    assert rules(bolt, fmt, date(2026, 3, 1)) == [(Rule.BANNED, "Shock", 1)]
    assert "spring" in deck_violations(bolt, fmt)[0].listing


def test_bad_override_file_is_a_typed_error(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"format": "modern", "as_of": "soon", "announcement": ""}')
    with pytest.raises(BanListError, match="as_of must be a date"):
        get_format("modern", banlist=bad)
    bad.write_text("{")
    with pytest.raises(BanListError, match="bad JSON"):
        get_format("modern", banlist=bad)


def test_unknown_format_and_pauper_rarity_note():
    with pytest.raises(UnknownFormat):
        get_format("tiny leaders")
    assert any("rarity" in u for u in get_format("pauper").unchecked)


def test_parsed_deck_checks():
    d = parse_decklist("4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Black Lotus\n")
    assert rules(d, "vintage") == [(Rule.RESTRICTED, "Black Lotus", 2)]


def test_new_game_checks_both_decks_only_when_asked():
    import manastack
    legal = "4 Lightning Bolt\n56 Mountain\n"
    with pytest.raises(DeckConstructionError) as info:
        manastack.new_game([legal, "red"], seed=1, deck_format="modern")
    assert info.value.file == "bundled:red" and info.value.card == "Hill Giant"
    manastack.new_game([legal, legal], seed=1, deck_format="modern")
    manastack.new_game(["green", "red"], seed=1)  # freeform by default


def test_decks_check_cli_names_every_violation_and_unsupported_card(tmp_path):
    from typer.testing import CliRunner
    from manastack.cli import app
    bad = tmp_path / "bad.txt"
    bad.write_text("5 Lightning Bolt\n1 Oko, Thief of Crowns\n54 Mountain\n")
    good = tmp_path / "good.txt"
    good.write_text("4 Lightning Bolt\n56 Mountain\n")
    res = CliRunner().invoke(app, ["decks", "check", str(bad), str(good), "--format", "modern"])
    assert res.exit_code == 1
    out = res.output
    assert "bad.txt (Modern): NOT legal in Modern; not playable" in out
    assert "  illegal: 5 Lightning Bolt: more than 4 copies" in out
    assert "  illegal: 1 Oko, Thief of Crowns: banned in Modern" in out
    assert "  unsupported: 1 Oko, Thief of Crowns: " in out
    assert "good.txt (Modern): legal in Modern; playable" in out
    assert "1 of 2 decks legal in their format" in out


def test_decks_check_uses_each_records_format_and_date(tmp_path):
    from manastack.formats.check import check_decks
    records = tmp_path / "t.jsonl"
    main = [[4, "Lightning Bolt"], [56, "Mountain"]]
    records.write_text("\n".join(json.dumps(r) for r in [
        {"format": "Vintage", "date": "2026-02-01", "main": main + [[2, "Black Lotus"]]},
        {"format": "Legacy", "date": "2026-02-01", "main": main},
        {"format": "Kitchen Table", "main": main + [[9, "Shock"]]}]) + "\n")
    got = [(r.format, r.legal, str(r.on)) for r in check_decks([records])]
    assert got == [("Vintage", False, "2026-02-01"), ("Legacy", True, "2026-02-01"),
                   ("Freeform", True, "None")]

"""Starting a game: decks to cards, compiled definitions, the opening (CR 103)."""

from __future__ import annotations

from ..cards import CardData
from ..compiler import compile_card, definition_for
from ..decklist import DeckError, load_decklist
from .game import DEFAULT_DECISION_LIMITS, Game, Options, Setup


class UnsupportedCard(DeckError):
    """A deck holds a card whose Oracle text does not fully compile (DESIGN layer 2)."""


def custom_definition(d: dict):
    """Compile a card written out as data (a scenario's ``cards:`` entry)."""
    types_line = d.get("type", "")
    main, _, sub = types_line.partition("—")
    words = main.split()
    supertypes = tuple(w for w in words if w in ("Basic", "Legendary", "Snow", "World"))
    types = tuple(w for w in words if w not in supertypes)
    card = CardData(
        name=d["name"], mana_cost=d.get("mana_cost"), type_line=types_line.strip(),
        types=types, subtypes=tuple(sub.split()), supertypes=supertypes,
        keywords=(), power=_s(d.get("power")), toughness=_s(d.get("toughness")),
        loyalty=_s(d.get("loyalty")), text=d.get("text") or "", layout="normal",
        color_identity=())
    return compile_card(card)


def token_definition(spec: dict):
    """CR 111.3-4: a token's definition from its characteristics: name, types, subtypes,
    colors, power, toughness, keywords and rules text (compiled like a card's)."""
    import dataclasses
    from ..compiler.abilities import KEYWORDS
    from ..mana import ManaCost
    if spec.get("prepare_copy"):
        from .areas.faces_prepare import copy_definition
        return copy_definition(spec)   # CR 722.3c: a copy of a prepare spell
    types = tuple(spec.get("types", ()))
    subtypes = tuple(spec.get("subtypes", ()))
    type_line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    text = spec.get("text") or ""
    kws = tuple(spec.get("keywords", ()))
    if kws:
        text = ", ".join(k.capitalize() for k in kws) + ("\n" + text if text else "")
    card = CardData(
        name=spec["name"], mana_cost=None, type_line=type_line, types=types,
        subtypes=subtypes, supertypes=(), keywords=(), power=_s(spec.get("power")),
        toughness=_s(spec.get("toughness")), loyalty=None, text=text, layout="token",
        color_identity=())
    d = compile_card(card)
    return dataclasses.replace(d, colors=tuple(spec.get("colors", ())), mana_cost=ManaCost())
    _ = KEYWORDS


def _s(v):
    return None if v is None else str(v)


def make_setup(deck_names, seed: int, options: Options, custom: tuple = ()) -> Setup:
    """Compile both decks' cards, refusing any card with unsupported text."""
    customs = {d["name"]: custom_definition(d) for d in custom}
    cards, owners, defs = [], [], []
    for owner, names in enumerate(deck_names):
        for name in names:
            defn = customs.get(name) or definition_for(name)
            if not defn.supported:
                raise UnsupportedCard(
                    f"{name}: unsupported text: " + "; ".join(u.text for u in defn.unsupported),
                    card=name)
            cards.append(defn.name)
            owners.append(owner)
            defs.append(defn)
    return Setup(tuple(cards), tuple(owners), tuple(defs),
                 (tuple(deck_names[0]), tuple(deck_names[1])), seed, options, tuple(custom))


def make_setup_from_dict(d: dict) -> Setup:
    customs = {c["name"]: custom_definition(c) for c in d.get("custom", [])}
    cards = tuple(d["cards"])
    defs = tuple(customs.get(n) or definition_for(n) for n in cards)
    return Setup(cards, tuple(d["owners"]), defs,
                 (tuple(d["decks"][0]), tuple(d["decks"][1])), d["seed"],
                 Options(**d["options"]), tuple(d.get("custom", [])))


def deck_card_names(deck) -> list[str]:
    """A deck as a list of Oracle names: a path, decklist text, a bundled deck name or a
    list of card names."""
    return load_decklist(deck).cards()


def new_game(decks, seed: int = 0, deck_format: str = "freeform", **options) -> Game:
    """Start a game between two decks and run it to the first decision (CR 103).

    ``deck_format`` (``"modern"``, ...; default ``"freeform``: no checks) checks both
    decks' construction before the game starts (manastack.formats), raising
    DeckConstructionError with every violation of the first illegal deck."""
    if len(decks) != 2:
        raise ValueError("a game needs exactly two decks")
    if deck_format != "freeform":
        from ..formats import check_deck, get_format
        fmt = get_format(deck_format)
        lists = [load_decklist(d) for d in decks]
        for deck in lists:
            check_deck(deck, fmt)
        decks = lists
    names = [deck_card_names(d) for d in decks]
    for k, v in DEFAULT_DECISION_LIMITS.items():
        options.setdefault(k, v)
    setup = make_setup(names, seed, Options(**options))
    g = Game(setup)
    idx = 0
    for owner in (0, 1):
        n = len(names[owner])
        g.players[owner].library = list(range(idx, idx + n))
        idx += n
    from .flow import run
    run(g)
    return g


def replay(decks, seed: int, actions, **options) -> Game:
    """Rebuild a game from its decks, seed and actions (DESIGN: a game is its seed plus
    its actions)."""
    g = new_game(decks, seed, **options)
    for a in actions:
        g.apply(a)
    return g

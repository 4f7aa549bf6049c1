"""Mana phrases (CR 106): "add {G}", "add {C}{C}", "add {R} or {G}", "add one mana of any
color", "add two mana in any combination of {R} and/or {G}", "add {G} for each Elf you
control", "add an amount of {G} equal to ~'s power", "add one mana of any type that a
land you control could produce" (CR 106.7). Values are ``ir.mana`` nodes."""

from __future__ import annotations

from ...ir import mana as M
from ...ir import refs as R
from ..combinators import Reject, alt, listing, many, opt, seq, token, word, words
from ..phrases import QUANTITY
from ..phrases.quantities import EQUAL_TO, FOR_EACH
from . import player_verb

# CR 106.1b: the five colors and colorless, one symbol each
_SYMBOL = token(lambda t: t[1].upper() if len(t) == 3 and t[0] == "{" and t[1] in "wubrgc"
                else None, name="mana symbol")
_SYMBOLS = many(_SYMBOL, 1)

_ANY_COLOR = alt(words("any color"), words("any one color"))
_CHOICES = alt(
    words("colors", M.ANY_COLOR),
    # "{R} and/or {G}", "{W}, {U}, and/or {B}" ("and/or" is two tokens)
    seq(_SYMBOL, many(seq(alt(seq(opt(word(","), None), word("and"), word("or")), word(",")),
                          _SYMBOL).map(lambda v: v[1]), 1)).map(lambda v: (v[0],) + v[1]),
)

_MANA = alt(
    # "{R}{G}", "{G} for each Elf you control"
    _SYMBOLS.map(lambda v: M.AddMana(v)),
    seq(_SYMBOLS, FOR_EACH).map(lambda v: M.AddMana(v[0], v[1])),
    # "an amount of {G} equal to ~'s power"
    seq(words("an amount of"), _SYMBOLS, EQUAL_TO).map(lambda v: M.AddMana(v[1], v[2])),
    # CR 106.6a-style choice: "{W}, {U}, or {B}" -- one mana of one of these types
    listing(_SYMBOL, ("or",)).where(lambda v: len(v) >= 2).map(lambda v: M.AddOneOf(v)),
    # "one mana of any color", "two mana of any one color", "X mana of any one color"
    seq(QUANTITY, word("mana"), word("of"), _ANY_COLOR).map(
        lambda v: M.AddOneOf(M.ANY_COLOR, v[0])),
    # "three mana in any combination of colors", "... of {R} and/or {G}"
    seq(QUANTITY, word("mana"), words("in any combination of"), _CHOICES).map(
        lambda v: M.AddCombination(tuple(v[3]), v[0])),
    # CR 106.7: "one mana of any type that a land you control could produce"
    seq(words("one mana of any"), word("type", "color"), words("that a land"),
        alt(words("you control", False), words("an opponent controls", True)),
        words("could produce")).map(lambda v: M.AddCouldProduce(v[1] == "color", v[3])),
    # CR 614.12: "one mana of the chosen color"
    words("one mana of the chosen color", M.AddChosenColor()),
)


def _add(subject, production) -> tuple:
    # CR 106.4: mana is added to the pool of the player the ability names -- here the
    # ability's controller; another player's mana isn't modelled yet.
    if not isinstance(subject, R.You):
        raise Reject
    return (production,)


player_verb("add", "adds", _MANA, _add)

"""Phrases about cards in hands and libraries (CR 121, 701.9, 701.17, 701.20, 701.22-25):
draw, discard, mill, reveal, search, shuffle, scry, surveil, "you choose a card"."""

from __future__ import annotations

from ...ir import effects as I
from ...ir import refs as R
from ..combinators import alt, located, opt, seq, word, words
from ..discourse import Indefinite, Pronoun, Said
from ..phrases import OBJECT, POSSESSOR, QUANTITY
from ..phrases.objects import INDEFINITE
from ..phrases.quantities import EQUAL_TO, FOR_EACH, WHERE_X, times, with_x
from . import one, player_verb
from .zones import DESTINATION, chosen

_CARDS = word("card", "cards")

# "a card", "two cards", "cards equal to ...", "a card for each ...", "X cards, where X is"
COUNT_OF_CARDS = alt(
    seq(QUANTITY, _CARDS).map(lambda v: v[0]),
    seq(word("cards"), EQUAL_TO).map(lambda v: v[1]),
    seq(QUANTITY, _CARDS, FOR_EACH).map(lambda v: times(v[0], v[2])),
    seq(QUANTITY, _CARDS, WHERE_X).map(lambda v: with_x(v[0], v[2])),
)

player_verb("draw", "draws", COUNT_OF_CARDS, lambda s, q: one(I.Draw(s, q)))
player_verb("mill", "mills", COUNT_OF_CARDS, lambda s, q: one(I.Mill(s, q)))
player_verb("scry", "scries", QUANTITY, lambda s, q: one(I.Scry(s, q)))
player_verb("surveil", "surveils", QUANTITY, lambda s, q: one(I.Surveil(s, q)))


def _discard(subject, what):
    kind, v = what
    if kind == "indefinite":
        ch, label, said = chosen(subject, v, "discarded", zone=R.Zone.HAND, owner=R.Chooser())
        return (Said(I.Discard(ch, label), said),)
    if kind == "hand":
        return (I.Discard(R.Cards(own(subject, v), R.Zone.HAND)),)
    return (I.Discard(v),)


_DISCARDED = alt(
    seq(INDEFINITE, opt(words("at random"), None)).map(
        lambda v: ("indefinite", v[0] if v[1] is None else _random(v[0]))),
    seq(POSSESSOR, word("hand")).map(lambda v: ("hand", v[0])),
    OBJECT.map(lambda o: ("object", o)),
)


def _random(ind: Indefinite) -> Indefinite:
    from dataclasses import replace
    return replace(ind, random=True)


player_verb("discard", "discards", _DISCARDED, _discard)

def own(subject, possessor):
    """"their" in a clause is its subject's ("target player reveals their hand")."""
    if isinstance(possessor, Pronoun) and possessor.noun == "player" and subject is not None:
        return subject
    return possessor


def _reveal(subject, v):
    hand = R.Cards(own(subject, v[0]), R.Zone.HAND)
    return (Said(I.Reveal(hand), ((v[1], hand),)),)


player_verb("reveal", "reveals", located(seq(POSSESSOR, word("hand")), lambda v, i: (v[0], i)),
            _reveal)
player_verb("shuffle", "shuffles", opt(seq(POSSESSOR, word("library")), None),
            lambda s, v: one(I.Shuffle(s)))


# "You choose a nonland card from it": a choice remembered for "that card" after it
def _choose(subject, v):
    ind, source = v
    ch, label, said = chosen(subject, ind, "chosen", zone=R.Zone.HAND)
    ch = R.Choice(ch.chooser, _among(ch.filter, source), ch.count, ch.up_to, ch.random)
    return (Said(I.Choose(ch, label), said),)


def _among(f: R.ObjectFilter, source) -> R.ObjectFilter:
    from dataclasses import replace
    return replace(f, among=source)


player_verb("choose", "chooses", seq(INDEFINITE, word("from"), OBJECT).map(lambda v: (v[0], v[2])),
            _choose)


# CR 701.23: "search your library for a basic land card, put it onto the battlefield
# tapped, then shuffle"
_FOUND = alt(word("it", "them"), words("that card"), words("those cards"))
_REVEAL = seq(word(","), word("reveal"), alt(word("it", "them"), words("that card"),
                                             words("those cards")))


def _search(subject, v):
    ind, reveal, dest, shuffle = v
    f = R.ObjectFilter(**{**_fields(ind.filter), "zone": R.Zone.LIBRARY})
    label = f"found@{ind.at}"
    out = [Said(I.Search(subject, f, ind.count, dest, reveal is not None, label),
                ((ind.at, R.Remembered(label)),))]
    if shuffle is not None:
        out.append(I.Shuffle(subject))
    return tuple(out)


def _fields(f: R.ObjectFilter) -> dict:
    import dataclasses
    return {x.name: getattr(f, x.name) for x in dataclasses.fields(f)}


# the shuffle after a search is the searching player's next verb ("..., then shuffle")
_SEARCH = seq(
    POSSESSOR, words("library for"), INDEFINITE, opt(_REVEAL, None), word(","),
    opt(word("and"), None), word("put"), _FOUND, DESTINATION,
).map(lambda v: (v[2], v[3], v[8], None))

player_verb("search", "searches", _SEARCH, _search)

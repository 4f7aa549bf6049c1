"""Zone-change phrases (CR 400, 701.8, 701.13, 701.21): "destroy target creature",
"exile target creature", "return target creature card from your graveyard to your hand",
"put it on top of its owner's library", "sacrifice a creature"."""

from __future__ import annotations

from dataclasses import replace

from ...ir import effects as I
from ...ir import refs as R
from ..combinators import alt, opt, seq, word, words
from ..discourse import Indefinite, Said
from ..phrases import OBJECT, POSSESSOR
from ..phrases.objects import INDEFINITE
from . import one, player_verb


def chosen(subject, ind: Indefinite, verb: str, **where) -> tuple:
    """An indefinite object ("a creature") as a ``Choice`` by the subject, and the
    mention it makes ("the sacrificed creature"): ``(choice, label, said)``."""
    f = replace(ind.filter, **where)
    ch = R.Choice(subject, f, ind.count, ind.up_to, ind.random)
    label = f"{verb}@{ind.at}"
    return ch, label, ((ind.at, R.Remembered(label)),)


# CR 400.3: a card goes to its owner's zone, whatever "your"/"its owner's" says
_OWNERS = alt(POSSESSOR, words("its owner's"), words("their owners'"), words("its owners'"),
              words("their owner's"))
_UNDER = alt(
    words("under your control", R.You()),
    words("under its owner's control", None), words("under their owners' control", None),
    seq(words("under"), POSSESSOR, word("control")).map(lambda v: v[1]),
)
_ONTO_BATTLEFIELD = seq(
    word("onto", "to"), words("the battlefield"),
    opt(alt(words("tapped", "tapped"), words("tapped and attacking", "attacking")), None),
    opt(_UNDER, None)).map(
    lambda v: I.Destination(R.Zone.BATTLEFIELD, v[3], tapped=v[2] is not None,
                            attacking=v[2] == "attacking"))
_TO_HAND = seq(word("to", "into"), _OWNERS, word("hand", "hands")).map(
    lambda v: I.Destination(R.Zone.HAND))
_TO_GRAVEYARD = seq(word("into"), _OWNERS, word("graveyard", "graveyards")).map(
    lambda v: I.Destination(R.Zone.GRAVEYARD))
_ON_LIBRARY = alt(
    seq(words("on top of"), _OWNERS, word("library", "libraries")).map(
        lambda v: I.Destination(R.Zone.LIBRARY, position=I.Position.TOP)),
    seq(words("on the bottom of"), _OWNERS, word("library", "libraries")).map(
        lambda v: I.Destination(R.Zone.LIBRARY, position=I.Position.BOTTOM)),
)
DESTINATION = alt(_ONTO_BATTLEFIELD, _TO_HAND, _TO_GRAVEYARD, _ON_LIBRARY)

player_verb("destroy", "destroys", OBJECT, lambda s, o: one(I.Destroy(o)))
player_verb("exile", "exiles", OBJECT, lambda s, o: one(I.Move(o, I.Destination(R.Zone.EXILE))))
player_verb("return", "returns", seq(OBJECT, DESTINATION),
            lambda s, v: one(I.Move(v[0], v[1])))
player_verb("put", "puts", seq(OBJECT, DESTINATION), lambda s, v: one(I.Move(v[0], v[1])))
player_verb("shuffle", "shuffles", seq(OBJECT, word("into"), _OWNERS, word("library", "libraries")),
            lambda s, v: one(I.Move(v[0], I.Destination(R.Zone.LIBRARY,
                                                        position=I.Position.SHUFFLED))))


def _sacrifice(subject, what):
    if isinstance(what, Indefinite):
        ch, label, said = chosen(subject, what, "sacrificed", controller=R.Chooser())
        return (Said(I.Sacrifice(ch, label), said),)
    return (I.Sacrifice(what),)


# CR 701.21a: "sacrifice a creature" -- a permanent the player controls
player_verb("sacrifice", "sacrifices", alt(INDEFINITE, OBJECT), _sacrifice)

"""Player phrases (CR 102, 109.5): "you", "target opponent", "each player", "its
controller", "that player", and whose a zone is ("your graveyard", "their hand")."""

from __future__ import annotations

from ...ir import refs as R
from ..combinators import alt, located as at, seq, word, words
from ..discourse import NewTarget, Pronoun, Said
from . import OBJECT, PLAYER, PLAYER_SUBJECT_3RD, POSSESSOR


# CR 115.1: "target player", "target opponent".
TARGET_PLAYER = alt(
    at(words("target player"), lambda v, i: NewTarget(R.TargetSpec(players=R.AllPlayers()), i)),
    at(words("target opponent"), lambda v, i: NewTarget(R.TargetSpec(players=R.Opponents()), i)),
)

THAT_PLAYER = at(alt(words("that player"), words("the player"), word("they"), words("he or she")),
                 lambda v, i: Pronoun("player", i))

# "its controller", "that creature's controller", "its owner" (CR 108.3, 108.4)
def _its(role: str):
    return at(words(f"its {role}"), lambda v, i: Pronoun("object", i)).map(
        lambda p: R.ControllerOf(p) if role == "controller" else R.OwnerOf(p))


RELATED = alt(
    _its("controller"), _its("owner"),
    seq(OBJECT, word("'s"), word("controller", "owner")).map(
        lambda v: R.ControllerOf(v[0]) if v[2] == "controller" else R.OwnerOf(v[0])),
)

# "each opponent" and the like are what a later "they" means ("each opponent and each
# creature they control")
EACH_PLAYERS = at(alt(
    words("each player", R.AllPlayers()), words("all players", R.AllPlayers()),
    words("each opponent", R.Opponents()), words("each of your opponents", R.Opponents()),
    words("your opponents", R.Opponents()), words("an opponent", R.Opponents()),
    words("each other player", R.Opponents()),
), lambda v, i: Said(v, ((i, v),)))

DEFENDING = alt(words("defending player", R.DefendingPlayer()),
                words("the defending player", R.DefendingPlayer()))

PLAYER_SUBJECT_3RD.add(TARGET_PLAYER, EACH_PLAYERS, THAT_PLAYER, RELATED, DEFENDING)
PLAYER.add(words("you", R.You()), PLAYER_SUBJECT_3RD)

# whose: "your graveyard", "target player's hand", "their library" (CR 400.3: a card
# goes to its owner's zone)
POSSESSOR.add(
    words("your", R.You()),
    at(word("their", "his", "her"), lambda v, i: Pronoun("player", i)),
    seq(alt(TARGET_PLAYER, THAT_PLAYER, RELATED, DEFENDING,
            words("each player", R.AllPlayers()), words("each opponent", R.Opponents()),
            words("an opponent", R.Opponents())),
        word("'s")).map(lambda v: v[0]),
)

"""manastack: a Magic: The Gathering rules engine that plays real cards from their
Oracle text, by the Comprehensive Rules.

    import manastack
    game = manastack.new_game(decks=["green", "red"], seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
"""

from .decklist import DeckError, load_decklist
from .engine.actions import Action, IllegalAction
from .engine.game import Game, Options
from .engine.setup import UnsupportedCard, new_game, replay
from .scenario.runner import load_scenario

__all__ = ["Action", "DeckError", "Game", "IllegalAction", "Options", "UnsupportedCard",
           "load_decklist", "load_scenario", "new_game", "replay"]
__version__ = "0.1.0"

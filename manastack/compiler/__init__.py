"""The card compiler: Oracle text to typed abilities (DESIGN layer 2)."""

from .abilities import CardDefinition, Unsupported
from .oracle import compile_card, definition_for

__all__ = ["CardDefinition", "Unsupported", "compile_card", "definition_for"]

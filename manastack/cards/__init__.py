"""Oracle card data bundled with manastack: :class:`CardData`, :class:`CardDatabase`,
and :func:`get_database` (the shared instance loaded from the package data)."""

from manastack.cards.database import CardData, CardDatabase, get_database, normalize_name

__all__ = ["CardData", "CardDatabase", "get_database", "normalize_name"]

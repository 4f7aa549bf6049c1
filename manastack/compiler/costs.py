"""Cost phrases (CR 118, 602.1a, 107.5-107.6): "{2}{R}, {T}, Sacrifice ~", "Pay 2 life",
"Discard a card", "Exile two cards from your graveyard", "Remove a +1/+1 counter from ~",
"Tap an untapped creature you control", "Return a land you control to its owner's hand".

A cost is a list of parts joined by commas; each part adds to one ``Cost``."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from ..ir import refs as R
from ..ir.quantity import X, Fixed
from ..mana import ManaCost
from ..ir.costs import ChoiceCost, Cost, CostAction, CounterCost, LoyaltyCost
from .combinators import Reject, alt, many, seq, token, word, words
from .phrases import COST, NUMBER
from .phrases.objects import INDEFINITE

MANA_SYMBOL = token(lambda t: t if t.startswith("{") and t not in ("{t}", "{q}") else None,
                    name="mana symbol")


def _mana(symbols) -> dict:
    try:
        return {"mana": ManaCost.parse("".join(s.upper() for s in symbols))}
    except ValueError:
        raise Reject from None


def _mentions_x(n) -> bool:
    """Whether an IR node speaks of X (CR 107.3)."""
    if isinstance(n, X):
        return True
    if isinstance(n, tuple):
        return any(_mentions_x(v) for v in n)
    if is_dataclass(n):
        return any(_mentions_x(getattr(n, f.name)) for f in fields(n))
    return False


def _choice(action: CostAction, zone: R.Zone | None = None, controlled: bool = True):
    def make(ind) -> dict:
        f = ind.filter
        if zone is not None:
            f = replace(f, zone=zone, owner=R.You())
        elif controlled:
            f = replace(f, controller=R.You())
        if not isinstance(ind.count, Fixed) or ind.up_to or _mentions_x(f):
            raise Reject   # "with mana value X": X set by the choice (not yet)
        return {"choices": (ChoiceCost(action, ind.count.value, f),)}
    return make


def _zone(z):
    """Objects a cost exiles are cards in a hand or graveyard, or permanents."""
    return None if z in (None, R.Zone.BATTLEFIELD) else z


def _loyalty(t: str):
    """CR 606.2: a loyalty symbol, "+N", "-N" (the Oracle minus), "0" or "-X"."""
    if t == "0":
        return {"loyalty": LoyaltyCost(0)}
    if len(t) > 1 and t[0] in "+-":
        if t[1:] == "x" and t[0] == "-":
            return {"loyalty": LoyaltyCost(0, x=True)}
        if t[1:].isdigit():
            n = int(t[1:])
            return {"loyalty": LoyaltyCost(n if t[0] == "+" else -n)}
    return None


LOYALTY = token(_loyalty, name="loyalty cost")

_SELF = alt(words("~"), words("this card"))
_COUNTER = token(lambda t: t if ("/" in t and t[0] in "+-") or t.isalpha() else None, name="kind")

COST_PART = alt(
    many(MANA_SYMBOL, 1).map(_mana),
    words("{t}", {"tap": True}),
    words("{q}", {"untap": True}),
    seq(word("sacrifice"), _SELF).map(lambda v: {"sacrifice_self": True}),
    seq(word("sacrifice"), INDEFINITE).map(lambda v: _choice(CostAction.SACRIFICE)(v[1])),
    seq(word("pay"), NUMBER, word("life")).map(lambda v: {"pay_life": v[1]}),
    seq(word("discard"), _SELF).map(lambda v: {"discard_self": True, "zone": R.Zone.HAND}),
    # CR 701.9b: "discard a card at random"
    seq(word("discard"), NUMBER, word("card", "cards"), words("at random")).map(
        lambda v: {"discard_random": v[1]}),
    seq(word("discard"), INDEFINITE).map(lambda v: _choice(CostAction.DISCARD, R.Zone.HAND)(v[1])),
    seq(word("exile"), _SELF).map(lambda v: {"exile_self": True}),
    # CR 113.6m: "Exile this card from your graveyard" / "from your hand"
    seq(word("exile"), _SELF, words("from your"), alt(words("graveyard", R.Zone.GRAVEYARD),
                                                      words("hand", R.Zone.HAND))).map(
        lambda v: {"exile_self": True, "zone": v[3]}),
    seq(word("exile"), INDEFINITE).map(
        lambda v: _choice(CostAction.EXILE, _zone(v[1].filter.zone))(v[1])),
    seq(word("remove"), NUMBER, _COUNTER, word("counter", "counters"), word("from"), _SELF).map(
        lambda v: {"remove_counters": CounterCost(v[2], v[1])}),
    seq(word("tap"), INDEFINITE).where(lambda v: v[1].filter.tapped is False).map(
        lambda v: _choice(CostAction.TAP)(v[1])),
    seq(word("return"), _SELF, word("to"), words("its owner 's hand")).map(
        lambda v: {"return_self": True}),
    seq(word("return"), INDEFINITE, word("to"), alt(words("its owner 's hand"),
                                                     words("their owner 's hand"))).map(
        lambda v: _choice(CostAction.RETURN)(v[1])),
)


def _combine(parts) -> Cost:
    kw: dict = {}
    for p in parts:
        for k, v in p.items():
            if k == "choices":
                kw["choices"] = kw.get("choices", ()) + v
            elif k in kw:
                raise Reject
            else:
                kw[k] = v
    return Cost(**kw)


COST.add(seq(COST_PART, many(seq(word(","), COST_PART).map(lambda v: v[1]))).map(
    lambda v: _combine((v[0],) + v[1])))
# CR 606.4: a loyalty ability's cost is its loyalty symbol alone.
COST.add(LOYALTY.map(lambda v: Cost(**v)))

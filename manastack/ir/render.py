"""Every IR node as plain English close to rules text, so that what a card compiled to
can be checked against the card (``manastack card NAME``).

``render(node)`` gives the text of any node; ``render_ability`` of a whole ability with
its targets ("target 1: a creature"). Renderers are registered per node type with
``@renders``; a node type with none is written as its name and fields, which a test
forbids for the IR's own types.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from . import conditions as C
from . import effects as I
from . import mana as M
from . import quantity as Q
from . import refs as R

RENDERERS: dict[type, Callable] = {}


def renders(*types: type):
    def deco(fn):
        for t in types:
            RENDERERS[t] = fn
        return fn
    return deco


def render(node) -> str:
    """The plain-English form of an IR node (or a tuple of instructions)."""
    if isinstance(node, tuple):
        return " ".join(_sentence(render(x)) for x in node)
    fn = RENDERERS.get(type(node))
    if fn is not None:
        return fn(node)
    if dataclasses.is_dataclass(node):
        return repr(node)
    return str(node)


def _sentence(s: str) -> str:
    s = s.strip()
    if not s:
        return s
    s = s[0].upper() + s[1:]
    return s if s.endswith((".", '"')) else s + "."


# ---------------------------------------------------------------- players

renders(R.You)(lambda n: "you")
renders(R.Opponents)(lambda n: "each opponent")
renders(R.AllPlayers)(lambda n: "each player")
renders(R.TargetPlayer)(lambda n: f"target {n.index + 1}")
renders(R.ControllerOf)(lambda n: f"the controller of {render(n.object)}")
renders(R.OwnerOf)(lambda n: f"the owner of {render(n.object)}")
renders(R.EventPlayer)(lambda n: "that player")
renders(R.DefendingPlayer)(lambda n: "the defending player")
renders(R.ActivePlayer)(lambda n: "the active player")
renders(R.Chooser)(lambda n: "the choosing player")


def possessive(p) -> str:
    """"your", "each opponent's", "target 1's"."""
    if isinstance(p, R.You):
        return "your"
    if isinstance(p, R.Chooser):
        return "their"
    return render(p) + "'s"


# ---------------------------------------------------------------- objects

_TYPE_ORDER = ("Legendary", "Basic", "Snow")


def describe(f: R.ObjectFilter, plural: bool = False) -> str:
    """An object filter as a noun phrase: "nonland permanent an opponent controls with
    mana value 3 or less"."""
    words: list[str] = []
    if f.other:
        words.append("other" if plural else "another")
    if f.tapped is True:
        words.append("tapped")
    elif f.tapped is False:
        words.append("untapped")
    if f.combat is not None:
        words.append(f.combat.value)
    words += ["non" + t.lower() for t in f.not_supertypes]
    words += [t.lower() for t in f.supertypes]
    if f.colorless:
        words.append("colorless")
    if f.multicolored:
        words.append("multicolored")
    from ..mana import COLOR_NAMES
    words += ["non" + COLOR_NAMES[c] for c in f.not_colors]
    words += [COLOR_NAMES[c] for c in f.colors]
    if f.any_color:
        words.append(" or ".join(COLOR_NAMES[c] for c in f.any_color))
    words += ["non" + t.lower() for t in f.not_types]
    words += ["non-" + s for s in f.not_subtypes]
    if f.token is False:
        words.append("nontoken")
    head = list(f.subtypes) + [t.lower() for t in f.types]
    if f.alternatives:
        head.append(" or ".join(describe(a) for a in f.alternatives))
    noun = f.noun
    if f.token:
        noun = "token"
    if not head or noun in ("card", "spell", "token") or (noun == "permanent" and not head):
        head.append(noun)
    text = " ".join(words + head)
    if plural:
        text += "s"
    tail = []
    if f.controller is not None:
        tail.append(_controls(f.controller))
    if f.owner is not None and f.zone is R.Zone.BATTLEFIELD:
        tail.append(f"{render(f.owner)} own{'s' if not isinstance(f.owner, R.You) else ''}")
    if f.zone not in (R.Zone.BATTLEFIELD, R.Zone.STACK):
        where = {R.Zone.EXILE: "in exile"}.get(f.zone)
        if where is None:
            whose = possessive(f.owner) if f.owner is not None else "a"
            where = f"in {whose} {f.zone.value}"
        tail.append(where)
    if f.keywords:
        tail.append("with " + " and ".join(f.keywords))
    if f.not_keywords:
        tail.append("without " + " or ".join(f.not_keywords))
    for name, cmp in (("power", f.power), ("toughness", f.toughness),
                      ("mana value", f.mana_value)):
        if cmp is not None:
            tail.append(f"with {name} {render(cmp)}")
    if f.counters is not None:
        if f.counters.present:
            tail.append(f"with a {f.counters.kind + ' ' if f.counters.kind else ''}counter on it")
        else:
            tail.append("with no counters on it")
    if f.among is not None:
        tail.append(f"from among {render(f.among)}")
    if f.named:
        tail.append(f"named {f.named}")
    return " ".join([text] + tail)


def _controls(p) -> str:
    if isinstance(p, R.You):
        return "you control"
    if isinstance(p, R.Opponents):
        return "an opponent controls"
    if isinstance(p, R.Chooser):
        return "they control"
    return f"{render(p)} controls"


renders(R.ObjectFilter)(describe)
renders(R.Self)(lambda n: "~")
renders(R.Targets)(lambda n: f"target {n.index + 1}")
renders(R.Each)(lambda n: "each " + describe(n.filter))
renders(R.EventObject)(lambda n: "that object" if n.role == "subject" else f"that {n.role}")
renders(R.AttachedTo)(lambda n: f"the {n.noun} ~ is attached to")
renders(R.Remembered)(lambda n: f"the {n.label.split('@')[0]} object")
renders(R.Cards)(lambda n: (f"the top {render(n.top)} cards of " if n.top else "")
                 + f"{possessive(n.player)} {n.zone.value}")


@renders(R.Choice)
def _choice(n: R.Choice) -> str:
    count = render(n.count)
    what = describe(n.filter, plural=count not in ("1", "a"))
    up = "up to " if n.up_to else ""
    rnd = " at random" if n.random else ""
    who = "" if isinstance(n.chooser, R.You) else f" chosen by {render(n.chooser)}"
    art = "a" if count == "1" else count
    return f"{up}{art} {what}{rnd}{who}"


_ANY_TARGET = R.ObjectFilter(alternatives=(
    R.ObjectFilter(types=("Creature",)), R.ObjectFilter(types=("Planeswalker",)),
    R.ObjectFilter(types=("Battle",))))


@renders(R.TargetSpec)
def target_spec(t: R.TargetSpec) -> str:
    if t.objects == _ANY_TARGET and isinstance(t.players, R.AllPlayers) and \
            (t.minimum, t.maximum) == (1, 1):
        return "any target (CR 115.4: a creature, player, planeswalker or battle)"
    parts = []
    if t.objects is not None:
        parts.append(describe(t.objects, plural=(t.maximum or 2) > 1))
    if t.players is not None:
        parts.append({R.AllPlayers: "player", R.Opponents: "opponent"}.get(
            type(t.players), render(t.players)))
    count = ("" if (t.minimum, t.maximum) == (1, 1) else
             f"up to {t.maximum} " if t.minimum == 0 and t.maximum is not None else
             "any number of " if t.maximum is None else f"{t.minimum} to {t.maximum} "
             if t.minimum != t.maximum else f"{t.maximum} ")
    what = " or ".join(parts)
    if (t.minimum, t.maximum) == (1, 1):
        return ("an " if what[:1] in "aeiou" else "a ") + what
    return count + what


# ---------------------------------------------------------------- quantities

renders(Q.Fixed)(lambda n: str(n.value))
renders(Q.X)(lambda n: "X")
renders(Q.CountOf)(lambda n: "the number of " + describe(n.filter, plural=True))
renders(Q.ValueOf)(lambda n: f"the {n.attribute.value} of {render(n.object)}")
renders(Q.CountersOn)(lambda n: f"the number of {n.kind + ' ' if n.kind else ''}counters on "
                      f"{render(n.object)}")
renders(Q.OfPlayer)(lambda n: f"{possessive(n.player)} {n.amount.value}")
renders(Q.Devotion)(lambda n: "your devotion to " + "/".join(n.colors))
renders(Q.ThatMuch)(lambda n: "that much")
renders(Q.Times)(lambda n: f"{render(n.factor)} times {render(n.quantity)}")
renders(Q.Plus)(lambda n: " plus ".join(render(p) for p in n.parts))
renders(Q.Half)(lambda n: f"half {render(n.quantity)}, rounded {'up' if n.round_up else 'down'}")
renders(Q.Comparison)(lambda n: f"{render(n.value)} {n.op.value}" if n.op in (
    Q.Op.LE, Q.Op.GE) else f"{n.op.value} {render(n.value)}")


# ---------------------------------------------------------------- conditions and durations

renders(C.Until)(lambda n: n.value)
renders(C.AsLongAs)(lambda n: f"for as long as {render(n.condition)}")
renders(C.Controls)(lambda n: f"{render(n.player)} control{'s' if not isinstance(n.player, R.You) else ''} "
                    f"{render(n.count)} {describe(n.filter, plural=True)}")
renders(C.Compare)(lambda n: f"{render(n.quantity)} is {render(n.comparison)}")
renders(C.Is)(lambda n: f"{render(n.object)} is a {describe(n.filter)}")
renders(C.OnTurn)(lambda n: n.turn.value)
renders(C.WasPaid)(lambda n: n.cost.value)
renders(C.Happened)(lambda n: n.event.value)
renders(C.Not)(lambda n: f"not ({render(n.condition)})")
renders(C.AllOf)(lambda n: " and ".join(render(c) for c in n.conditions))
renders(C.AnyOf)(lambda n: " or ".join(render(c) for c in n.conditions))


def _during(d) -> str:
    return "" if d is C.Until.FOREVER else " " + render(d)


# ---------------------------------------------------------------- instructions


def _subject_verb(p, base: str, third: str) -> str:
    return f"{render(p)} {base if isinstance(p, R.You) else third}"


renders(I.DealDamage)(lambda n: f"{render(n.source)} deals {render(n.amount)} damage"
                      f"{' divided as you choose' if n.divided else ''} to "
                      + " and ".join(render(t) for t in n.to))
def _amount(q, noun: str) -> str:
    """"3 life", "life equal to the power of target 1", "2 cards"."""
    if isinstance(q, (Q.Fixed, Q.X)):
        n = render(q)
        return f"{n} {noun}" if noun == "life" or n == "1" else f"{n} {noun}s"
    return f"{noun}{'' if noun == 'life' else 's'} equal to {render(q)}"


renders(I.GainLife)(lambda n: f"{_subject_verb(n.players, 'gain', 'gains')} {_amount(n.amount, 'life')}")
renders(I.LoseLife)(lambda n: f"{_subject_verb(n.players, 'lose', 'loses')} {_amount(n.amount, 'life')}")
renders(I.Draw)(lambda n: f"{_subject_verb(n.players, 'draw', 'draws')} {_amount(n.amount, 'card')}")
renders(I.Mill)(lambda n: f"{_subject_verb(n.players, 'mill', 'mills')} {_amount(n.amount, 'card')}")
renders(I.Scry)(lambda n: f"{_subject_verb(n.players, 'scry', 'scries')} {render(n.amount)}")
renders(I.Surveil)(lambda n: f"{_subject_verb(n.players, 'surveil', 'surveils')} {render(n.amount)}")
renders(I.Shuffle)(lambda n: f"{_subject_verb(n.players, 'shuffle', 'shuffles')} their library")
renders(I.Destroy)(lambda n: f"destroy {render(n.objects)}"
                   + (". It can't be regenerated" if n.no_regeneration else ""))
renders(I.Sacrifice)(lambda n: f"sacrifice {render(n.objects)}")
renders(I.Discard)(lambda n: f"discard {render(n.cards)}")
renders(I.Reveal)(lambda n: f"reveal {render(n.cards)}")
renders(I.Choose)(lambda n: f"choose {render(n.objects)}")
renders(I.Tap)(lambda n: f"tap {render(n.objects)}")
renders(I.Untap)(lambda n: f"untap {render(n.objects)}")
renders(I.CounterObject)(lambda n: f"counter {render(n.objects)}")
renders(I.Regenerate)(lambda n: f"regenerate {render(n.objects)}")
renders(I.Fight)(lambda n: f"{render(n.first)} fights {render(n.second)}")
renders(I.PutCounters)(lambda n: f"put {render(n.amount)} {n.kind} counter(s) on {render(n.objects)}")
renders(I.RemoveCounters)(lambda n: f"remove {'up to ' if n.up_to else ''}{render(n.amount)} "
                          f"{n.kind + ' ' if n.kind else ''}counter(s) from {render(n.objects)}")
renders(I.ModifyPT)(lambda n: f"{render(n.objects)} gets {_signed(n.power)}/{_signed(n.toughness)}"
                    + _during(n.duration))
renders(I.GainAbilities)(lambda n: f"{render(n.objects)} gains {' and '.join(n.keywords)}"
                         + _during(n.duration))
renders(I.GainControl)(lambda n: f"{render(n.player)} gain{'s' if not isinstance(n.player, R.You) else ''}"
                       f" control of {render(n.objects)}" + _during(n.duration))
renders(I.Optional)(lambda n: f"{render(n.chooser)} may: {render(n.effects)}"
                    + (f" If you do: {render(n.then)}" if n.then else "")
                    + (f" If you don't: {render(n.otherwise)}" if n.otherwise else ""))
renders(I.Conditional)(lambda n: f"if {render(n.condition)}: {render(n.effects)}"
                       + (f" Otherwise: {render(n.otherwise)}" if n.otherwise else ""))


def _signed(q) -> str:
    if isinstance(q, Q.Fixed):
        return f"{q.value:+d}"
    return "+" + render(q)


@renders(I.Destination)
def _destination(d: I.Destination) -> str:
    z = d.zone
    if z is R.Zone.BATTLEFIELD:
        s = "onto the battlefield"
        if d.tapped:
            s += " tapped"
        if d.attacking:
            s += " and attacking"
        if d.controller is not None:
            s += f" under {possessive(d.controller)} control"
        return s
    if z is R.Zone.LIBRARY:
        return {I.Position.BOTTOM: "on the bottom of its owner's library",
                I.Position.SHUFFLED: "into its owner's library, shuffled"}.get(
            d.position, "on top of its owner's library")
    if z is R.Zone.EXILE:
        return "into exile" + (" face down" if d.face_down else "")
    return f"into its owner's {z.value}"


@renders(I.Move)
def _move(n: I.Move) -> str:
    if n.to.zone is R.Zone.EXILE:
        return f"exile {render(n.objects)}"
    return f"put {render(n.objects)} {render(n.to)}"


@renders(I.Search)
def _search(n: I.Search) -> str:
    s = (f"{_subject_verb(n.player, 'search', 'searches')} their library for up to "
         f"{render(n.count)} {describe(n.filter)}")
    if n.reveal:
        s += ", reveal it"
    return s + f", put it {render(n.to)}"


@renders(I.CreateTokens)
def _create(n: I.CreateTokens) -> str:
    t = n.token
    pt = f"{t.power}/{t.toughness} " if t.power is not None else ""
    kws = f" with {' and '.join(t.keywords)}" if t.keywords else ""
    return (f"{_subject_verb(n.controller, 'create', 'creates')} {render(n.amount)} "
            f"{pt}{t.name}{kws}" + (" tapped" if n.tapped else ""))


def render_targets(specs) -> str:
    """The target list of an ability: "target 1: a creature; target 2: a player"."""
    return "; ".join(f"target {i + 1}: {render(s)}" for i, s in enumerate(specs))


def render_cost(c) -> str:
    """An activation cost (CR 602.1a) in rules-text order."""
    parts = []
    if c.mana.symbols:
        parts.append("".join("{%s}" % s for s in c.mana.symbols))
    if c.tap:
        parts.append("{T}")
    if c.untap:
        parts.append("{Q}")
    if c.sacrifice_self:
        parts.append("sacrifice ~")
    if c.pay_life:
        parts.append(f"pay {c.pay_life} life")
    for ch in c.choices:
        spec = ch.spec
        what = describe(spec, plural=ch.count > 1) if isinstance(spec, R.ObjectFilter) else repr(spec)
        parts.append(f"{ch.action.value} {'a' if ch.count == 1 else ch.count} {what}"
                     + (" to its owner's hand" if ch.action == "return" else ""))
    if c.remove_counters:
        parts.append(f"remove {c.remove_counters.count} {c.remove_counters.kind} counter(s) from ~")
    if c.discard_self:
        parts.append("discard this card")
    if c.discard_random:
        parts.append(f"discard {c.discard_random} card(s) at random")
    if c.return_self:
        parts.append("return ~ to its owner's hand")
    if c.exile_self:
        parts.append("exile ~" + (f" from your {c.zone.value}" if c.zone else ""))
    return ", ".join(parts) or "{0}"


# ---------------------------------------------------------------- mana (CR 106)


def _symbols(syms) -> str:
    return "".join("{%s}" % m for m in syms)


def _times(q) -> str:
    if q == Q.Fixed(1):
        return ""
    if isinstance(q, Q.CountOf):
        return " for each " + describe(q.filter)
    return f" {render(q)} times"


def _count(q) -> str:
    return "one" if q == Q.Fixed(1) else render(q)


renders(M.AddMana)(lambda n: "add " + _symbols(n.mana) + _times(n.times))
renders(M.AddOneOf)(lambda n: (f"add {_count(n.count)} mana of any color" if n.choices == M.ANY_COLOR
                               else "add " + " or ".join("{%s}" % m for m in n.choices)
                               if n.count == Q.Fixed(1) else
                               f"add {render(n.count)} mana of one of " + _symbols(n.choices)))
renders(M.AddCombination)(lambda n: f"add {_count(n.count)} mana in any combination of "
                          + ("colors" if n.choices == M.ANY_COLOR else
                             " and/or ".join("{%s}" % m for m in n.choices)))
renders(M.AddCouldProduce)(lambda n: "add one mana of any "
                           + ("color" if n.colors_only else "type") + " that a land "
                           + ("an opponent controls" if n.opponents else "you control")
                           + " could produce")
renders(M.AddPermanentColor)(lambda n: "add one mana of a color of a permanent you control")
renders(M.AddChosenColor)(lambda n: f"add {n.count} mana of the chosen color")
renders(M.AddProducedType)(lambda n: "add one mana of any type that land produced")


def render_ability(ab) -> str:
    """A compiled ability as plain English: its cost, its targets, its instructions (an
    ability still compiled by the template chain is shown as its data)."""
    from ..engine.verbs import HANDLERS
    effects = getattr(ab, "effects", ())
    if not effects or not all(type(e) in HANDLERS for e in effects):
        return repr(ab)
    head = []
    cost = getattr(ab, "cost", None)
    if cost is not None:
        head.append(render_cost(cost) + ":")
    events = getattr(ab, "events", None)
    if events:
        head.append("when " + " or ".join(events) + ",")
    if getattr(ab, "optional", False):
        head.append("you may")
    text = " ".join(head + [render(tuple(effects))])
    if ab.targets:
        text += f" ({render_targets(ab.targets)})"
    # CR 602.5: the restrictions on when it may be activated
    limits = [_WINDOWS.get(w, w) for w in getattr(ab, "only", ())]
    if getattr(ab, "sorcery_speed", False):
        limits.append("as a sorcery")
    if getattr(ab, "timing", "") == "once_each_turn":
        limits.append("once each turn")
    if getattr(ab, "condition", None) is not None:
        limits.append("if " + render(ab.condition))
    if limits:
        text += " Activate only " + " and only ".join(limits) + "."
    return text


_WINDOWS = {"your_turn": "during your turn", "opponent_turn": "during an opponent's turn",
            "combat": "during combat", "step:upkeep": "during your upkeep",
            "step:end_of_combat": "during the end of combat step",
            "step:declare_blockers": "during the declare blockers step",
            "step:declare_attackers": "during the declare attackers step",
            "before_attackers": "before attackers are declared"}

"""Characteristics as the layers make them (CR 613): power, toughness, abilities.

Values are computed from the printed card, counters and the continuous effects in force
each time they are read (never patched in place).
"""

from __future__ import annotations

from .state import Obj


def _attached_kind(a: Obj) -> str | None:
    """The static ability kind an attached permanent grants through: "equipped" for an
    Equipment (CR 301.5a), "enchanted" for an Aura (CR 303.4b)."""
    if "Equipment" in a.defn.subtypes:
        return "equipped"
    if "Aura" in a.defn.subtypes or a.cast_alt == "bestow":   # CR 702.103b
        return "enchanted"
    return None


def _equipped_statics(g, o: Obj):
    """CR 301.5a / 303.4b: the "equipped creature" and "enchanted creature" static
    abilities of whatever is attached to ``o``."""
    if not g.attachments_exist():
        return
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.static:
            kind = _attached_kind(a)
            for s in a.defn.static:
                if s.kind == kind:
                    yield s


def has_subtype(o: Obj, sub: str, g=None) -> bool:
    """CR 205.3 / 702.73a: whether ``o`` has subtype ``sub``; a changeling is every
    creature type. With the game ``g``, after type-changing effects (CR 613.1d)."""
    if g is not None and (g.effects or o.cast_alt == "bestow" or o.zone == "stack"):
        if sub in _tc.subtypes(g, o):
            return True
    elif sub in o.defn.subtypes:
        return True
    return "changeling" in o.defn.keywords and is_creature_type(sub)


def is_creature_type(sub: str) -> bool:
    """CR 205.3m: whether ``sub`` is a creature type."""
    from ..compiler.keywords import is_creature_type as _is
    return _is(sub)


def _anthem_applies(g, a: Obj, s, o: Obj) -> bool:
    """CR 613.4c / 613.1f: whether anthem static ``s`` of permanent ``a`` ("Creatures you
    control get +1/+1", "Other Goblins you control get +1/+1") affects ``o``."""
    f = s.filter
    if f is None or not is_creature(o, g):
        return False
    if f.other and a.oid == o.oid:
        return False
    if f.controller == "you" and o.controller != a.controller:
        return False
    if f.controller == "opponent" and o.controller == a.controller:
        return False
    # CR 613.1d-e: the affected object's types and colors now, after type- and
    # color-changing effects ("Artifact creatures you control" includes a creature that
    # became an artifact).
    if f.types:
        types = card_types(g, o)
        if not all(t in types for t in f.types):
            return False
    if f.subtypes and not all(has_subtype(o, t, g) for t in f.subtypes):
        return False
    if f.colors:
        cs = colors(g, o)
        if not all(c in cs for c in f.colors):
            return False
    return True


def _anthems(g, o: Obj):
    """The anthem static abilities of permanents on the battlefield that affect ``o``,
    as (source, ability) pairs (a source that lost all its abilities has none)."""
    if o.zone != "battlefield":
        return
    for oid in g.battlefield:
        a = g.objects[oid]
        st = a.defn.static
        if not st:
            continue
        for s in st:
            if s.kind == "anthem" and _anthem_applies(g, a, s, o):
                if g.effects and lost_all_abilities(g, a) >= 0:
                    break
                yield a, s


def lost_all_abilities(g, o: Obj) -> int:
    """CR 613.1f: the timestamp of the latest "loses all abilities" effect on ``o``, or -1.
    Abilities granted with a later timestamp are kept (CR 613.7)."""
    ts = -1
    for e in g.effects:
        if e.affected == o.oid and e.layer == "6" and e.data == "lose_all" and e.timestamp > ts:
            ts = e.timestamp
    return ts


def _cda(g, o: Obj, spec) -> int:
    """CR 604.3 / 613.4a: the count a characteristic-defining ability reads."""
    if spec.zone == "battlefield":
        ids = g.battlefield
    elif spec.zone == "hand":
        ids = g.players[o.controller].hand
    else:
        ids = (g.players[o.controller].graveyard if spec.controller == "you"
               else g.players[0].graveyard + g.players[1].graveyard)
    n = 0
    for oid in ids:
        x = g.objects[oid]
        # CR 613.1d: what each object is now ("the number of creatures you control"
        # counts an animated land, not a bestowed Aura, CR 702.103b).
        if spec.types:
            types = card_types(g, x)
            if not all(t in types for t in spec.types):
                continue
        if spec.subtypes and not all(has_subtype(x, t, g) for t in spec.subtypes):
            continue
        if spec.zone == "battlefield" and spec.controller == "you" and x.controller != o.controller:
            continue
        n += 1
    return n


def _base(g, o: Obj) -> tuple[int, int]:
    """CR 613.4a-b: printed power and toughness, or what a characteristic-defining ability
    makes them (7a), unless a layer 7b effect sets them (the latest timestamp wins,
    CR 613.7)."""
    p, t = o.defn.power or 0, o.defn.toughness or 0
    for s in o.defn.static:
        if s.kind == "cda_count":
            p = t = _cda(g, o, s.filter)
        elif s.kind == "tc_cda":
            p, t = _tc.defined_pt(g, o, s, p, t)   # CR 604.3 (engine/areas/type_changes)
    best = -1
    for e in g.effects:
        if e.affected == o.oid and e.layer == "7b" and e.timestamp > best:
            best = e.timestamp
            p, t = e.power, e.toughness
    return p, t


def _power_7c(g, o: Obj) -> int:
    """CR 613.4: base power (7a/7b), then modifications and counters (7c), whatever the
    timestamps of the 7c effects relative to 7b (layers come first, CR 613.1)."""
    p = _base(g, o)[0]
    for s in _equipped_statics(g, o):
        p += s.power
    # CR 613.4c: anthems ("Creatures you control get +1/+1") apply in layer 7c.
    for _, s in _anthems(g, o):
        p += s.power
    # CR 613.4c: counted and conditional static pumps (engine/areas/type_changes).
    p += _tc_pt(g, o)[0]
    c = o.counters
    if c:
        p += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    for e in g.effects:
        if e.affected == o.oid and e.layer == "7c":
            p += e.power
    return p


def _toughness_7c(g, o: Obj) -> int:
    """CR 613.4: base toughness (7a/7b), then modifications and counters (7c)."""
    t = _base(g, o)[1]
    for s in _equipped_statics(g, o):
        t += s.toughness
    for _, s in _anthems(g, o):
        t += s.toughness
    t += _tc_pt(g, o)[1]
    c = o.counters
    if c:
        t += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    for e in g.effects:
        if e.affected == o.oid and e.layer == "7c":
            t += e.toughness
    return t


def _switched(g, o: Obj) -> bool:
    """CR 613.4d (layer 7d): an odd number of switch effects swaps power and toughness."""
    return sum(1 for e in g.effects if e.affected == o.oid and e.layer == "7d") % 2 == 1


def power(g, o: Obj) -> int:
    """CR 613.4: the power after layers 7a-7c, switched in layer 7d."""
    if g.effects and _switched(g, o):
        return _toughness_7c(g, o)
    return _power_7c(g, o)


def toughness(g, o: Obj) -> int:
    """CR 613.4: the toughness after layers 7a-7c, switched in layer 7d."""
    if g.effects and _switched(g, o):
        return _power_7c(g, o)
    return _toughness_7c(g, o)


def has_keyword(g, o: Obj, keyword: str) -> bool:
    """CR 613.1f (layer 6): whether the object has a keyword ability, printed or granted
    (by an effect or an attached Equipment), applying "loses all abilities" in timestamp
    order."""
    lost = lost_all_abilities(g, o) if g.effects else -1
    if keyword in o.defn.keywords and lost < 0:
        return True
    # CR 122.1b: a keyword counter gives the permanent that keyword.
    if o.counters and keyword in o.counters and lost < 0:
        return True
    for e in g.effects:
        if (e.affected == o.oid and e.layer == "6" and e.keyword == keyword
                and e.timestamp > lost):
            return True
    if o.zone == "battlefield":
        for oid in g.battlefield:
            a = g.objects[oid]
            if not a.defn.static or a.timestamp <= lost:
                continue
            if a.attached_to == o.oid:
                kind = _attached_kind(a)
                for s in a.defn.static:
                    if s.kind == kind and keyword in s.keywords:
                        return True
            for s in a.defn.static:
                # CR 613.1f: "Creatures you control have flying" (layer 6).
                if (s.kind == "anthem" and keyword in s.keywords
                        and _anthem_applies(g, a, s, o)
                        and not (g.effects and lost_all_abilities(g, a) >= 0)):
                    return True
        # CR 613.1f: conditional and counted static abilities (engine/areas/type_changes).
        if _tc.static_keyword(g, o, keyword, lost):
            return True
    return False


def _tc_pt(g, o: Obj) -> tuple[int, int]:
    """CR 613.4c: what the static pumps of engine/areas/type_changes give ``o``."""
    return _tc.static_pt(g, o, lost_all_abilities(g, o) if g.effects else -1)


def has_static(o: Obj, kind: str) -> bool:
    return any(s.kind == kind for s in o.defn.static)


def card_types(g, o: Obj) -> tuple:
    """CR 613.1d (layer 4): ``o``'s card types now: printed, changed by type-changing
    effects in timestamp order (crew, "becomes an artifact creature", bestow)."""
    if g is None:
        return o.defn.types
    return _tc.card_types(g, o)


def mana_value(g, o: Obj) -> int:
    """CR 202.3: ``o``'s mana value; 202.3e: on the stack, X in its mana cost is the value
    chosen for it (the spell's), elsewhere 0."""
    mv = o.defn.mana_value
    if o.zone != "stack" or not o.defn.mana_cost.x:
        return mv
    x = next((s.x for s in g.stack if s.source == o.oid and s.is_spell), o.x) if g else o.x
    return mv + o.defn.mana_cost.x * x


def type_line(g, o: Obj) -> tuple[tuple, tuple, tuple]:
    """CR 205.1 / 613.1d: ``o``'s type line now, as (supertypes, card types, subtypes),
    after type-changing effects (an animated land is a creature; a bestowed Aura is an
    "Enchantment — Aura", CR 702.103b)."""
    return o.defn.supertypes, card_types(g, o), _tc.subtypes(g, o)


def base_power_toughness(g, o: Obj) -> tuple[int, int]:
    """CR 613.4b: the base power and toughness: the values after layer 7b (set by an
    effect or a characteristic-defining ability) and before 7c's modifications."""
    return _base(g, o)


def colors(g, o: Obj) -> tuple:
    """CR 613.1e (layer 5): ``o``'s colors after color-changing effects."""
    if g is None or not g.effects:
        return o.defn.colors
    return _tc.colors(g, o)


def is_creature(o: Obj, g=None) -> bool:
    """CR 302 / 613.1d: whether ``o`` is a creature; with the game ``g``, after the
    type-changing effects of layer 4 (a crewed Vehicle is one, CR 702.122a)."""
    if g is None or not g.effects and o.cast_alt != "bestow" and o.zone != "stack":
        return "Creature" in o.defn.types   # no effect can have changed its types
    return "Creature" in _tc.card_types(g, o)


def is_land(o: Obj) -> bool:
    return "Land" in o.defn.types


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def protections(g, o: Obj) -> set[str]:
    """CR 702.16a: the colors ``o`` has protection from (printed, or granted by an
    attached Equipment; "the last chosen color" is the Equipment's choice)."""
    out = set()
    for k in o.defn.keywords:
        if k.startswith("protection from "):
            c = COLOR_WORDS.get(k[len("protection from "):])
            if c:
                out.add(c)
    if o.zone == "battlefield":
        for oid in g.battlefield:
            a = g.objects[oid]
            if a.attached_to != o.oid:
                continue
            kind = _attached_kind(a)
            for s in a.defn.static:
                if s.kind != kind:
                    continue
                for k in s.keywords:
                    if not k.startswith("protection from "):
                        continue
                    q = k[len("protection from "):]
                    if q in ("the last chosen color", "the chosen color"):
                        c = COLOR_WORDS.get(a.chosen or "")
                    else:
                        c = COLOR_WORDS.get(q)
                    if c:
                        out.add(c)
    return out


def protected_from(g, o: Obj, source: Obj) -> bool:
    """CR 702.16: whether ``o`` has protection from a quality ``source`` has."""
    prot = protections(g, o)
    return bool(prot) and any(c in prot for c in colors(g, source))


def activated_abilities(g, o: Obj) -> tuple:
    """The activated abilities of ``o``: printed ones in Oracle text order, then those
    granted by other effects in timestamp order (CR 613.1f; "Equipped creature has
    "{T}: ..."", CR 301.5a)."""
    base = o.defn.activated
    if o.zone != "battlefield" or (not g.effects and not g.attachments_exist()):
        return base
    lost = lost_all_abilities(g, o) if g.effects else -1
    if lost >= 0:
        base = ()
    granted = []
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.timestamp > lost:
            for s in a.defn.static:
                if s.kind == "equipped" and s.grants:
                    granted.append((a.timestamp, s.grants))
    if not granted:
        return base
    granted.sort(key=lambda t: t[0])
    return base + tuple(ab for _, grants in granted for ab in grants)


def ability_ref(g, o: Obj, number: int):
    """A serialisable reference to activated ability ``number`` of ``o``: None for a
    printed one, else (Equipment card, static index, grant index)."""
    if number <= len(o.defn.activated):
        return None
    k = number - len(o.defn.activated)
    found = []
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid:
            for si, s in enumerate(a.defn.static):
                if s.kind == "equipped" and s.grants:
                    for gi in range(len(s.grants)):
                        found.append((a.timestamp, a.card, si, gi))
    found.sort()
    _, card, si, gi = found[k - 1]
    return [card, si, gi]


def ability_from_ref(g, card: int, number: int, ref):
    if ref is None:
        return g.card_definition(card).activated[number - 1]
    ecard, si, gi = ref
    return g.card_definition(ecard).static[si].grants[gi]


from .areas import type_changes as _tc  # noqa: E402  (the area imports this module)

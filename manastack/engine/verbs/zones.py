"""Instructions that move objects between zones (CR 400, 701): exile, return, put,
destroy, sacrifice, draw, discard, mill, reveal, search, shuffle, scry, surveil."""

from __future__ import annotations

from ...ir import effects as I
from ...ir import refs as R
from .. import zones as Z
from . import handles

_ZONE_RULE = {R.Zone.EXILE: ("701.13a", "is exiled"), R.Zone.HAND: ("400.6", "is put into its owner's hand"),
              R.Zone.GRAVEYARD: ("400.6", "is put into its owner's graveyard"),
              R.Zone.BATTLEFIELD: ("400.6", "is put onto the battlefield"),
              R.Zone.LIBRARY: ("401.4", "is put into its owner's library")}


@handles(I.Move)
def move(step, instr: I.Move) -> bool:
    """CR 400.6: put each object into the destination zone (its owner's, CR 400.3; a
    battlefield under ``controller``'s control, 110.2); a library position per CR 401.4."""
    g = step.g
    dest = instr.to
    moved = []
    controller = None
    if dest.controller is not None:
        who = step.players(dest.controller)
        controller = who[0] if who else None
    shuffle = set()
    for o in step.present(instr.objects, None):
        step.last_known(o)
        rule, what = _ZONE_RULE.get(dest.zone, ("400.6", f"is put into {dest.zone.value}"))
        name = g.oname(o.oid)
        top = dest.position is not I.Position.BOTTOM
        n = Z.move(g, o, dest.zone.value, controller, top=top)
        g.event(rule, f"{name} {what}")
        step.moved(o.oid, n)
        if n is not None:
            if dest.tapped and n.zone == "battlefield":
                n.tapped = True
            moved.append(n.oid)
        if dest.position is I.Position.SHUFFLED:
            shuffle.add(o.owner)
    for p in sorted(shuffle):
        Z.shuffle_library(g, p)
        g.event("701.24a", f"{g.pname(p)} shuffles their library")
    step.remember(instr.label, moved)
    step.amounted(len(moved))
    return True


@handles(I.Destroy)
def destroy(step, instr: I.Destroy) -> bool:
    """CR 701.8a: move each permanent to its owner's graveyard (702.12b: indestructible
    ones aren't; 701.19c: "can't be regenerated")."""
    from ..triggers import begin_together, end_together
    g = step.g
    done = []
    objs = step.present(instr.objects)
    if not instr.no_regeneration:
        # CR 616.1: each controller chooses which replacement applies first, before the
        # permanents are destroyed at once (the answers are recorded as they are given).
        from ..areas.replacement_order import ask_destruction_order
        step.take_answer()
        if ask_destruction_order(g, objs, step):
            return False
    begin_together()   # CR 603.10a: they leave at once; "dies" abilities look back
    for o in objs:
        if o.oid not in g.objects:
            continue
        step.last_known(o)
        if instr.no_regeneration:
            from ..characteristics import has_keyword
            if has_keyword(g, o, "indestructible"):
                g.event("702.12b", f"{g.oname(o.oid)} is indestructible and isn't destroyed")
                continue
            g.event("701.19c", f"{g.oname(o.oid)} is destroyed and can't be regenerated")
            Z.move(g, o, "graveyard")
            done.append(o.oid)
        elif Z.destroy(g, o):
            done.append(o.oid)
    end_together()
    step.remember(instr.label, done)
    step.amounted(len(done))
    return True


@handles(I.Sacrifice)
def sacrifice(step, instr: I.Sacrifice) -> bool:
    """CR 701.21a: a permanent's controller moves it to its owner's graveyard (not a
    destruction: regeneration and indestructible don't apply)."""
    from ..effects import fire_sacrificed
    from ..triggers import begin_together, end_together
    g = step.g
    done = []
    begin_together()   # CR 603.10a: sacrificed at once
    for o in step.present(instr.objects):
        step.last_known(o)
        g.event("701.21a", f"{g.pname(o.controller)} sacrifices {g.oname(o.oid)}")
        fire_sacrificed(g, o)
        Z.move(g, o, "graveyard")
        done.append(o.oid)
    end_together()
    step.remember(instr.label, done)
    step.amounted(len(done))
    return True


@handles(I.Draw)
def draw(step, instr: I.Draw) -> bool:
    """CR 121.1-121.2: each player draws, in APNAP order (CR 101.4)."""
    n = step.amount(instr.amount)
    for p in step.players(instr.players):
        Z.draw(step.g, p, n)
    step.amounted(n)
    return True


@handles(I.Discard)
def discard(step, instr: I.Discard) -> bool:
    """CR 701.9a: the chosen cards go from their owners' hands to the graveyard."""
    from ..effects import discard as discard_card
    g = step.g
    done = []
    for o in step.present(instr.cards, "hand"):
        step.last_known(o)
        discard_card(g, o.owner, o.oid)
        done.append(o.oid)
    step.remember(instr.label, done)
    step.amounted(len(done))
    return True


@handles(I.Mill)
def mill(step, instr: I.Mill) -> bool:
    """CR 701.17a: each player puts the top N cards of their library into their
    graveyard (as many as there are, 701.17b)."""
    from ..effects_more import mill as mill_cards
    n = step.amount(instr.amount)
    for p in step.players(instr.players):
        mill_cards(step.g, p, n)
    step.amounted(n)
    return True


@handles(I.Reveal)
def reveal(step, instr: I.Reveal) -> bool:
    """CR 701.20a: the cards are shown to every player (the log names them)."""
    g = step.g
    names = [g.oname(oid) for oid in step.objects(instr.cards) if oid in g.objects]
    g.event("701.20a", f"revealed: {', '.join(names) if names else 'no cards'}")
    return True


@handles(I.Choose)
def choose(step, instr: I.Choose) -> bool:
    """CR 608.2d: the choice was made before this ran; remember what was chosen."""
    step.remember(instr.label, step.objects(instr.objects))
    return True


@handles(I.Shuffle)
def shuffle(step, instr: I.Shuffle) -> bool:
    """CR 701.24a: randomize a library."""
    for p in step.players(instr.players):
        Z.shuffle_library(step.g, p)
        step.g.event("701.24a", f"{step.g.pname(p)} shuffles their library")
    return True


@handles(I.Search)
def search(step, instr: I.Search) -> bool:
    """CR 701.23a: the player looks through their library and finds up to the number of
    cards matching the description (701.23b: they may find none), reveals them if told
    (701.20a), and puts them where the instruction says."""
    from .. import evaluate as E
    g = step.g
    who = step.players(instr.player)
    if not who:
        return True
    p = who[0]
    lib = g.players[p].library
    frame = step.frame
    if frame.stage == 0:
        n = step.amount(instr.count)
        found = [c for c in lib if E.card_matches(g, step.ctx, instr.filter, c, p)]
        frame.stage = 1
        if step.ask(p, "choose_cards", {"from": "library", "cards": found, "max": n, "min": 0,
                                        "rule": "701.23a"}):
            return False
    chosen = [c for c in (step.take_answer() or ()) if c in lib]
    if instr.reveal and chosen:
        g.event("701.20a", "revealed: " + ", ".join(g.card_definition(c).name for c in chosen))
    dest = instr.to
    controller = p
    if dest.controller is not None:
        ws = step.players(dest.controller)
        controller = ws[0] if ws else p
    put = []
    for c in chosen:
        lib.remove(c)
        name = g.card_definition(c).name
        if dest.zone is R.Zone.BATTLEFIELD:
            n = Z.put_onto_battlefield(g, c, p, controller, tapped=dest.tapped)
        elif dest.zone is R.Zone.LIBRARY:
            if dest.position is I.Position.BOTTOM:
                lib.append(c)
            else:
                lib.insert(0, c)
            g.event("701.23a", f"{g.pname(p)} puts {name} into their library")
            continue
        else:
            n = Z.card_to_zone(g, c, p, dest.zone.value)
        put.append(n.oid)
        g.event("701.23a", f"{g.pname(p)} puts {name} into {_zone_phrase(dest.zone)}")
    step.remember(instr.label, put)
    step.amounted(len(chosen))
    return True


def _zone_phrase(zone: R.Zone) -> str:
    return {R.Zone.BATTLEFIELD: "play", R.Zone.HAND: "their hand",
            R.Zone.GRAVEYARD: "their graveyard", R.Zone.EXILE: "exile"}.get(zone, zone.value)

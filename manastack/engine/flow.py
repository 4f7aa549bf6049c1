"""Turn structure, priority and the engine's main loop (CR 500-514, 117, 103).

``run`` advances the game until a player must decide. Procedures never block: each
stops by setting ``game.pending`` and is resumed by ``legal.perform`` with the answer.
"""

from __future__ import annotations

from .state import STEPS, Combat, Decision
from . import sba, zones
from .durations import end_effects, end_kind

LOOP_LIMIT = 10_000


def run(g) -> None:
    """Advance until a decision is pending or the game is over. CR 104.4b: a loop of
    mandatory actions that no player can stop ends the game in a draw."""
    spins = 0
    while g.pending is None and not g.over:
        spins += 1
        if spins > LOOP_LIMIT:
            sba.end_game(g, None, "104.4b", "a loop of mandatory actions: the game is a draw")
            return
        if g.stage == "setup":
            start_game(g)
        elif g.stage == "mulligan":
            ask_mulligans(g)
        elif g.priority is not None:
            give_priority(g)
        else:
            next_step(g)


def start_game(g) -> None:
    """CR 103: shuffle (103.3), choose the starting player (103.1), draw opening hands
    (103.5) and offer mulligans."""
    for p in (0, 1):
        zones.shuffle_library(g, p)
    g.starting_player = g.rng.below(2)
    g.event("103.1", f"{g.pname(g.starting_player)} is the starting player")
    for p in (0, 1):
        zones.draw(g, p, g.setup.options.hand_size)
    if g.setup.options.mulligans:
        g.stage = "mulligan"
    else:
        begin_play(g)


def ask_mulligans(g) -> None:
    """CR 103.5: starting with the starting player, each player who has not kept declares
    whether they will mulligan; then all mulligans are taken at once, and the process
    repeats; at the end each player puts one card per mulligan on the bottom."""
    order = (g.starting_player, 1 - g.starting_player)
    for p in order:
        pl = g.players[p]
        if not pl.kept and pl.declared is None:
            if pl.mulligans >= g.setup.options.hand_size:
                pl.kept = True   # CR 103.5: no mulligan once the hand would be zero cards
                continue
            ask(g, p, "mulligan", {"mulligans": pl.mulligans})
            return
    again = False
    for p in order:
        pl = g.players[p]
        if pl.declared == "mulligan":
            # CR 103.5: shuffle the hand into the library and draw a new hand.
            for oid in pl.hand[:]:
                zones.move(g, g.objects[oid], "library")
            zones.shuffle_library(g, p)
            zones.draw(g, p, g.setup.options.hand_size)
            pl.mulligans += 1
            g.event("103.5", f"{g.pname(p)} takes mulligan number {pl.mulligans}")
            again = True
        elif pl.declared == "keep":
            pl.kept = True
        pl.declared = None
    if again:
        return  # run() calls ask_mulligans again for the next round
    for p in order:
        pl = g.players[p]
        if pl.mulligans and not pl.bottomed:
            ask(g, p, "choose_cards", {"count": min(pl.mulligans, len(pl.hand)),
                                       "purpose": "bottom", "rule": "103.5"})
            return
    begin_play(g)


def begin_play(g) -> None:
    """CR 103.8: the starting player takes the first turn (skipping its draw)."""
    g.stage = "play"
    g.turn = 0
    g.active = 1 - g.starting_player
    end_turn_and_begin_next(g)


def ask(g, player: int, kind: str, data: dict | None = None) -> None:
    """Make a decision pending. Any decision but priority with exactly one legal answer
    is not asked: that answer is taken (scenario contract); with none, it is skipped."""
    g.pending = Decision(player, kind, data)
    g._legal_cache = None
    if kind == "priority":
        if g.setup.options.auto_pass:
            from .legal import only_pass_is_meaningful
            if only_pass_is_meaningful(g):
                g.pending = None
                g._legal_cache = None
                pass_priority(g)
        return
    acts = g.legal_actions()
    n = len(acts)
    if kind == "cost_choice" and n == 1 and len(data["options"]) > 1:
        # CR 601.2b: the caster announces the costs; a choice that can't be paid is left
        # out of the legal actions but still theirs to make, so the decision is asked.
        return
    if n <= 1:
        from .legal import perform, perform_none
        g._legal_cache = None
        if n == 1:
            perform(g, acts[0], auto=True)
        else:
            perform_none(g)


def check_decision_limits(g) -> None:
    """``Options.max_decisions_per_turn`` / ``max_decisions``: a game whose players have
    made that many decisions in this turn, or in all, ends as a draw. (CR 104.4b draws a
    loop of mandatory actions, which ``run`` and the state-based actions stop; a loop
    with an optional action, as free activations repeated at will, is not a draw by the
    rules, so a program needs this limit to end.)"""
    opts = g.setup.options
    n = len(g.actions)
    if opts.max_decisions and n >= opts.max_decisions:
        end_by_decision_limit(g, f"decision limit {opts.max_decisions} reached")
    elif opts.max_decisions_per_turn and n - g.turn_start >= opts.max_decisions_per_turn:
        end_by_decision_limit(g, f"decision limit {opts.max_decisions_per_turn} reached "
                              f"in turn {g.turn}")


def end_by_decision_limit(g, why: str) -> None:
    """End the game as a draw because too many decisions were made (not a rule)."""
    from .game import EndedBy
    sba.end_game(g, None, "104.4", f"{why}: the game is a draw", by=EndedBy.DECISION_LIMIT)


# ---------------------------------------------------------------- priority (CR 117)

def give_priority(g) -> None:
    """CR 117.5: state-based actions and triggers first (repeated until none), then the
    player gets priority (CR 603.3)."""
    from .triggers import place_triggers
    while True:
        sba.check_state_based_actions(g)
        if g.over or g.pending is not None:
            return   # the game ended, or a state-based action asks a choice (CR 704.5j)
        if not (g.waiting or g.placing):
            break
        place_triggers(g)
        if g.pending is not None or g.over:
            return
    ask(g, g.priority, "priority")


def pass_priority(g) -> None:
    """CR 117.3d / 117.4: pass; if all players pass in succession, the top of the stack
    resolves (CR 608) or, with an empty stack, the step ends (CR 500.2)."""
    g.event("117.3d", f"{g.pname(g.priority)} passes")
    g.passes += 1
    if g.passes < 2:
        g.priority = 1 - g.priority
        return
    g.passes = 0
    if g.stack:
        from .resolution import resolve_top
        resolve_top(g)
        if not g.over:
            g.priority = g.active   # CR 117.3b
    else:
        end_step(g)


# ---------------------------------------------------------------- steps (CR 500-514)

def end_step(g) -> None:
    """CR 500.4 / 106.4: mana empties as a step ends; then the next step begins."""
    for p in g.players:
        if any(p.pool):
            g.event("106.4", f"{g.pname(p.index)}'s unused mana empties")
            p.pool = [0, 0, 0, 0, 0, 0]
    if g.step == "end_of_combat":
        # CR 511.3: creatures are removed from combat as the end of combat step ends,
        # and "until end of combat" effects end (CR 611.2a).
        g.combat = None
        if g.effects:
            end_kind(g, "end_of_combat", "511.3", "\"until end of combat\" effects end")
    g.priority = None


def next_step(g) -> None:
    """Begin the step after the current one, with its turn-based actions."""
    step = g.step
    if step == "cleanup":
        if g.cleanup_again:
            g.cleanup_again = False
            begin_step(g, "cleanup")
            return
        end_turn_and_begin_next(g)
        return
    i = STEPS.index(step)
    nxt = STEPS[i + 1]
    c = g.combat
    if step == "declare_attackers" and (c is None or not c.attackers):
        # CR 508.8: no attackers: skip declare blockers and combat damage steps.
        nxt = "end_of_combat"
    if step == "combat_damage" and c is not None and c.damage_kind == "first":
        nxt = "combat_damage"
    begin_step(g, nxt)


def end_turn_and_begin_next(g) -> None:
    """CR 500.1: turns alternate between the players; a turn limit ends the game as a
    draw (a simulation option, not a rule)."""
    limit = g.setup.options.max_turns
    if limit and g.turn >= limit:
        from .game import EndedBy
        sba.end_game(g, None, "104.4", f"turn limit {limit} reached: the game is a draw",
                     by=EndedBy.TURN_LIMIT)
        return
    g.turn_start = len(g.actions)
    g.turn += 1
    g.active = 1 - g.active
    for p in g.players:
        p.lands_played = 0
        p.permanent_left = False
        p.spells_last_turn = p.spells_cast   # "last turn" (CR 502.2; areas/faces.py)
        p.drawn = p.spells_cast = 0
        p.turn_timestamp = g.timestamp
    g.event("500.1", f"turn {g.turn} begins ({g.pname(g.active)})")
    begin_step(g, "untap")


def begin_step(g, step: str) -> None:
    g.step = step
    g.passes = 0
    g.priority = None
    a = g.active
    if step == "untap":
        # CR 302.6: the active player's permanents are no longer "summoning sick".
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller == a:
                o.sick = False
        if g.designations:
            from .areas.faces import untap_step_day_night
            untap_step_day_night(g)   # CR 502.2: day and night
        # CR 502.3: the active player untaps their permanents.
        from .areas.designations import untap_step
        untap_step(g, a)
        g.event("502.3", f"{g.pname(a)} untaps")
        # CR 502.4: no player receives priority during the untap step.
        return
    if step == "upkeep":
        from .triggers import fire_upkeep
        fire_upkeep(g)
        if g.cast_permits:
            from .areas.casting_keywords import fire_rebound
            fire_rebound(g)   # CR 702.88a: "at the beginning of your next upkeep"
    if step == "end":
        from .triggers import fire_end_step
        fire_end_step(g)   # CR 513.1a
        if g.cast_permits:
            from .areas.casting_keywords import fire_end_statuses
            fire_end_statuses(g)   # CR 702.84a / 702.109a: unearth, dash
    if step == "draw":
        # CR 103.8a: the starting player skips the draw of the first turn.
        if g.turn == 1:
            g.event("103.8a", f"{g.pname(a)} skips the first draw")
        else:
            zones.draw(g, a)   # CR 504.1
    elif step == "main1":
        from .areas.faces_saga import precombat_main
        precombat_main(g)   # CR 505.4 / 714.3c: lore counters on the active player's Sagas
        from .areas.trigger_text import fire_step_begins
        fire_step_begins(g, "main1")   # CR 505.1: "your precombat main phase"
    elif step == "main2":
        from .areas.trigger_text import fire_step_begins
        fire_step_begins(g, "main2")   # CR 505.1: "your postcombat main phase"
    elif step == "beginning_of_combat":
        g.combat = Combat()
        from .areas.trigger_text import fire_step_begins
        fire_step_begins(g, "combat")   # CR 507.2: "at the beginning of combat"
    elif step == "declare_attackers":
        from .combat import begin_declare_attackers
        if g.combat is None:
            g.combat = Combat()
        begin_declare_attackers(g)
        return
    elif step == "declare_blockers":
        from .combat import begin_declare_blockers
        begin_declare_blockers(g)
        return
    elif step == "combat_damage":
        from .combat import begin_combat_damage
        begin_combat_damage(g)
        return
    elif step == "cleanup":
        begin_cleanup(g)
        return
    g.priority = a


def begin_cleanup(g) -> None:
    """CR 514.1: the active player discards down to maximum hand size."""
    hand = g.players[g.active].hand
    excess = len(hand) - g.setup.options.hand_size
    if excess > 0:
        from .areas.designations import no_maximum_hand_size
        if no_maximum_hand_size(g, g.active):   # CR 402.2
            excess = 0
    if excess > 0:
        ask(g, g.active, "discard", {"count": excess, "reason": "514.1"})
        return
    finish_cleanup(g)


def finish_cleanup(g) -> None:
    """CR 514.2: damage is removed and "until end of turn" effects end; 514.3: no player
    gets priority unless state-based actions or triggers happen (514.3a)."""
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.damage or o.deathtouched:
            o.damage = 0
            o.deathtouched = False
    if g.effects:
        end_effects(g, [e for e in g.effects if e.until == "end_of_turn"])
    if g.effects:
        from .areas.zone_text import end_permissions
        end_permissions(g)   # CR 514.2: "until the end of your next turn" play permissions
    g.event("514.2", "damage wears off; \"until end of turn\" effects end")
    if sba.check_state_based_actions(g):
        # CR 514.3a: players get priority, then another cleanup step follows.
        g.cleanup_again = True
        g.priority = g.active

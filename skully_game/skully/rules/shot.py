"""Judge one finished shot: (state, options, board, facts) -> (new state, events).

The order of judgement: a blast with no blastsies is a do-over before anything else (but a
hit before 2 forwards is always ruling 7's foul); then a killer's shot (rulings 10, 11); then a
non-killer touching a killer (ruling 11, which comes before ruling 7: the hit-a-killer option
applies at every stage of the course); then a hit before 2 forwards (ruling 7); then the killer
diller (ruling 9); then the ordinary awards (ruling 6).
"""

from __future__ import annotations

import math

from skully_game.skully.geometry import Board, Place
from skully_game.skully.rules import course
from skully_game.skully.rules.areas import (
    box_area,
    out_of_town_area,
    out_of_town_point,
    skull_area,
)
from skully_game.skully.rules.events import (
    Advanced,
    BecameKiller,
    DillerMissed,
    DoOver,
    Eliminated,
    Event,
    Foul,
    Hit,
    HitKiller,
    KillerHit,
    KillerMissed,
    Made,
    Missed,
    OwnsBox,
    Pipsies,
    RestoredCap,
    Stuck,
)
from skully_game.skully.rules.facts import ShotFacts
from skully_game.skully.rules.options import HitAKiller, RuleOptions
from skully_game.skully.rules.room import others_than, room_for
from skully_game.skully.rules.state import (
    KILLER_HITS_TO_ELIMINATE,
    Decision,
    DecisionKind,
    GameState,
    RuleError,
    beyond_thirteen,
    place_text,
    renew,
    turned_back,
)
from skully_game.skully.rules.turns import check_winner, end_turn, settle

MOVED = 1e-9  # m: a cap displaced by more than this moved
SAME_SPOT = 1e-6  # m: facts.before must match the state's positions this closely


class _Shot:
    """The places of every cap before and after, the victims in order, who moved."""

    def __init__(self, state: GameState, board: Board, facts: ShotFacts) -> None:
        self.facts = facts
        self.before: dict[int, Place] = {}
        self.after: dict[int, Place] = {}
        locate = board.locate
        for i, p in enumerate(state.players):
            b, a = facts.before[i], facts.after[i]
            if b is not None and a is not None:
                radius = p.radius
                self.before[i] = locate(b, radius)
                self.after[i] = locate(a, radius)
        victims: list[int] = []
        for a, b in facts.contacts:
            for v in (a, b):
                if v != facts.shooter and v not in victims:
                    victims.append(v)
        self.victims = tuple(victims)
        # A held cap (holdsies) is touched but does not move: only displacement counts here.
        self.moved = frozenset(
            i
            for i in self.after
            if math.dist(facts.before[i], facts.after[i]) > MOVED  # type: ignore[arg-type]
        )


def check_facts(state: GameState, facts: ShotFacts) -> None:
    """Refuse facts that do not fit the state: wrong shooter, caps that are not on the table."""
    n = len(state.players)
    if state.over:
        raise RuleError("the game is over")
    if state.pending:
        d = state.pending[0]
        who = state.players[d.player].name
        raise RuleError(f"waiting for {who} to decide ({d.kind.value}) before the next shot")
    if facts.shooter != state.to_play:
        raise RuleError(f"it is {state.players[state.to_play].name}'s turn to shoot")
    shooter = state.players[facts.shooter]
    if shooter.stuck:
        raise RuleError(f"{shooter.name} is stuck in the skull and cannot shoot")
    if len(facts.before) != n or len(facts.after) != n:
        raise RuleError(f"the facts need one position per player ({n})")
    for i, p in enumerate(state.players):
        b, a = facts.before[i], facts.after[i]
        if p.pos is None or p.eliminated:
            if b is not None or a is not None:
                raise RuleError(f"{p.name} has no cap on the table")
            continue
        if b is None or a is None:
            raise RuleError(f"{p.name}'s cap needs a position before and after the shot")
        if math.dist(b, p.pos) > SAME_SPOT:
            raise RuleError(f"{p.name}'s cap did not start the shot where the state has it")
        finite = math.isfinite  # every coordinate of both places (a planner judges thousands)
        if len(b) == 2 and len(a) == 2:
            ok = finite(b[0]) and finite(b[1]) and finite(a[0]) and finite(a[1])
        else:
            ok = all(finite(x) for x in (*b, *a))
        if not ok:
            raise RuleError(f"{p.name}'s cap position is not finite")
    for a, b in facts.contacts:
        if not (0 <= a < n and 0 <= b < n) or a == b:
            raise RuleError(f"contact {a}-{b} is not between two different players")
        for v in (a, b):
            if facts.before[v] is None:
                raise RuleError(f"{state.players[v].name} has no cap on the table to touch")


def apply_shot(
    state: GameState, options: RuleOptions, board: Board, facts: ShotFacts
) -> tuple[GameState, tuple[Event, ...]]:
    """The reducer for a shot. Raises RuleError if no shot may be judged now."""
    check_facts(state, facts)
    shot = _Shot(state, board, facts)
    s = facts.shooter
    events: list[Event] = []
    if not options.blastsies and (state.old_rules or not _is_foul(state, shot)):
        blasted = _knocked_off(shot)
        if blasted:
            names = ", ".join(state.players[v].name for v in blasted)
            text = f"No blastsies: {names} knocked off the board. Do-over: every cap goes back"
            return state, (DoOver(text, s, blasted),)
    players = tuple(
        renew(p, pos=facts.after[i]) if i in shot.after else p for i, p in enumerate(state.players)
    )
    state = renew(
        state,
        players=players,
        offers=(),
        shots=state.shots + 1,
        shots_this_turn=state.shots_this_turn + 1,
    )
    p = state.players[s]
    state = state.with_player(s, stats=p.stats.add(shots=1, hits=len(shot.victims)))
    if p.killer:
        state = _killer_shot(state, options, board, shot, events)
    else:
        state = _player_shot(state, options, board, shot, events)
    return state, tuple(events)


def _knocked_off(shot: _Shot) -> tuple[int, ...]:
    """The victims the shot knocked off the board (on it before, off it after)."""
    return tuple(
        v for v in shot.victims if not shot.before[v].off_board and shot.after[v].off_board
    )


def _is_foul(state: GameState, shot: _Shot) -> bool:
    """Ruling 7 will judge this shot: a non-killer before 2 forwards touched caps, none a killer
    (a touched killer is ruling 11's, at every stage of the course)."""
    me = state.players[shot.facts.shooter]
    return (
        bool(shot.victims)
        and not me.killer
        and course.before_two_forwards(me.step)
        and not any(state.players[v].killer for v in shot.victims)
    )


def _settle_others(
    state: GameState, board: Board, shot: _Shot, events: list[Event], skip: frozenset[int]
) -> GameState:
    for i in sorted(shot.moved, key=_order(shot)):
        if i != shot.facts.shooter and i not in skip:
            state = settle(state, board, i, shot.after[i], events)
    return state


def _order(shot: _Shot):  # type: ignore[no-untyped-def]
    """Victims in the order they were first touched, then any other moved cap by index."""
    rank = {v: k for k, v in enumerate(shot.victims)}
    return lambda i: (rank.get(i, len(rank)), i)


def _eliminate(state: GameState, i: int, by: int | None, events: list[Event]) -> GameState:
    state = state.with_player(i, eliminated=True, pos=None, stuck=False, killer_hits=0)
    if by is not None:
        k = state.players[by]
        state = state.with_player(by, stats=k.stats.add(kills=1))
    events.append(Eliminated(f"{state.players[i].name} is out", i, by))
    return state


def _go_out_of_town(state: GameState, board: Board, i: int, events: list[Event]) -> GameState:
    p = state.players[i]
    spot = out_of_town_point(board, p.pos)
    if not state.exact_places:  # room.py: never on another killer already there
        spot = room_for(out_of_town_area(board), spot, p.radius, others_than(state, i))
    state = state.with_player(
        i,
        step=course.KILLER,
        stuck=False,
        diller=(),
        may_place=None,
        fresh_killer=True,
        pos=spot,
    )
    events.append(BecameKiller(f"{p.name} is a killer", i))
    return state


def _killer_shot(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot, events: list[Event]
) -> GameState:
    """Rule 10: one hit puts out a killer; three consecutive hits in one turn a non-killer.

    Every non-killer keeps its own count: a shot adds one to each non-killer it touches and
    sets the others' to zero; three puts it out. Any touch continues the turn, and with the
    killer owning the board so does ending in a box or the skull the cap was not in; a shot
    that does neither ends it.
    """
    if state.old_rules:
        return _old_killer_shot(state, options, board, shot, events)
    touched = frozenset(shot.victims)
    counts = {
        i: (p.killer_hits + 1 if i in touched else 0)
        for i, p in enumerate(state.players)
        if p.live and not p.killer
    }
    return _killer_judged(state, options, board, shot, events, counts, bool(touched), False)


def _old_killer_shot(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot, events: list[Event]
) -> GameState:
    """Rule 10 as games saved before record version 5 judged it: one streak, its victims those
    hit on its first shot, kept while hit again; missing them all ended the turn."""
    hit = frozenset(v for v in shot.victims if not state.players[v].killer)
    counts = {i: p.killer_hits for i, p in enumerate(state.players) if p.live and not p.killer}
    streak = max(counts.values(), default=0)
    broken = False
    if streak == 0:
        counts = {i: 1 if i in hit else 0 for i in counts}
    else:
        kept = {i for i, c in counts.items() if c == streak and i in hit}
        broken = not kept
        counts = {i: streak + 1 if i in kept else 0 for i in counts}
    carry_on = bool(shot.victims) and not broken
    return _killer_judged(state, options, board, shot, events, counts, carry_on, broken)


def _killer_judged(
    state: GameState,
    options: RuleOptions,
    board: Board,
    shot: _Shot,
    events: list[Event],
    counts: dict[int, int],
    carry_on: bool,
    broken: bool,
) -> GameState:
    """A killer's shot with the non-killers' new counts: the hits told, the doomed put out, the
    counts kept; then the turn goes on (`carry_on`, or a new area owned) or ends (`broken`:
    an old game's streak missed)."""
    s = shot.facts.shooter
    me = state.players[s]
    killers = [v for v in shot.victims if state.players[v].killer]
    others = [v for v in shot.victims if not state.players[v].killer]
    for v in others:
        count = counts[v]
        tally = f" ({count}/{KILLER_HITS_TO_ELIMINATE})" if count else ""
        events.append(KillerHit(f"{me.name} hit {state.players[v].name}{tally}", s, v, count))
    owned = None
    if options.killer_owns_board and not broken:
        owned = _owned_area(state, options, board, shot)
    if not state.old_rules and (carry_on or owned is not None):  # an ended turn ends them all
        for i, count in counts.items():
            if state.players[i].killer_hits and not count:
                victim = state.players[i].name
                text = f"{me.name} missed {victim}: {victim}'s count starts again"
                events.append(KillerMissed(text, s, i))
    doomed = [v for v in others if counts[v] >= KILLER_HITS_TO_ELIMINATE]
    state = _settle_others(state, board, shot, events, frozenset(killers) | frozenset(doomed))
    for v in killers:
        events.append(KillerHit(f"{me.name} hit killer {state.players[v].name}", s, v, 1))
        state = _eliminate(state, v, s, events)
    for v in doomed:
        state = _eliminate(state, v, s, events)
    for i, count in counts.items():
        if state.old_rules and doomed:
            count = 0  # the old streak started again after a kill
        if not state.players[i].eliminated and state.players[i].killer_hits != count:
            state = state.with_player(i, killer_hits=count)
    state = check_winner(state, events)
    if state.over:
        return state
    if owned is not None:
        box, skull = owned
        where = "the skull" if skull else str(box)
        events.append(OwnsBox(f"{me.name} owns {where}: shoots again", s, box))
        decision = Decision(DecisionKind.PLACE_AWARD, s, box=box, skull=skull)
        return renew(state, pending=(decision,))
    if carry_on:
        return state
    if broken:
        events.append(Missed(f"{me.name} missed the victim: turn over", s))
    else:
        events.append(Missed(f"{me.name} hit nobody: turn over", s))
    return end_turn(state, options, board, events)


def _owned_area(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot
) -> tuple[int | None, bool] | None:
    """Killer owns the board: (box, False), or (None, True) for the skull, when the killer's cap
    ended in a box or the skull it was not in when shot; None otherwise. "In" is where the
    killer may move within it (the box or the skull with their lines, and linesies' connected
    lines): moving within one area earns nothing, else a turn need never end. Old games owned
    any box or the skull the cap ended in."""
    s = shot.facts.shooter
    here, start = shot.after[s], shot.facts.before[s]
    assert start is not None  # the shooter's cap was on the table
    if here.box is not None:
        within = box_area(board, here.box, options.linesies).is_allowed(start)
        return (here.box, False) if state.old_rules or not within else None
    if here.in_skull:
        within = skull_area(board).is_allowed(start)
        return (None, True) if state.old_rules or not within else None
    return None


def _player_shot(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot, events: list[Event]
) -> GameState:
    s = shot.facts.shooter
    me = state.players[s]
    killers = [v for v in shot.victims if state.players[v].killer]
    if killers:
        k = killers[0]
        events.append(HitKiller(f"{me.name} hit killer {state.players[k].name}", s, k))
        state = _settle_others(state, board, shot, events, frozenset())
        if options.hit_a_killer is HitAKiller.BECOME_KILLER:
            state = _go_out_of_town(state, board, s, events)
        else:
            state = _eliminate(state, s, k, events)
        return end_turn(state, options, board, events)
    if shot.victims and course.before_two_forwards(me.step):
        return _foul(state, shot, events)
    if course.in_killer_diller(me.step):
        return _diller_shot(state, options, board, shot, events)
    return _awards(state, options, board, shot, events)


def _foul(state: GameState, shot: _Shot, events: list[Event]) -> GameState:
    """Ruling 7, whatever the blastsies option: the shooter starts over; a cap knocked off the
    board goes back, and each other moved victim's owner keeps it or puts it back."""
    s = shot.facts.shooter
    me = state.players[s]
    hit = [state.players[v].name for v in shot.victims]
    whom = ", ".join(hit[:-1]) + f" and {hit[-1]}" if len(hit) > 1 else hit[0]
    events.append(
        Foul(
            f"{me.name} hit {whom} before making 2: too early to hit, starts over", s, shot.victims
        )
    )
    if me.step != course.START:
        events.append(Advanced(f"{me.name} is back at the start", s, me.step, course.START))
    state = state.with_player(s, step=course.START, pos=None, stuck=False, may_place=None)
    off = () if state.old_rules else _knocked_off(shot)
    for v in off:  # no choice: a cap knocked off the board goes back (the design's options)
        victim, was = state.players[v], shot.facts.before[v]
        assert was is not None  # a victim had a cap on the table
        back = room_for(None, was, victim.radius, others_than(state, v))
        state = state.with_player(v, pos=back)
        text = f"{victim.name}'s cap was knocked off the board: it goes back"
        events.append(RestoredCap(text, v, back))
    choices = tuple(
        Decision(
            DecisionKind.KEEP_OR_RESTORE,
            v,
            before=shot.facts.before[v],
            after=shot.facts.after[v],
        )
        for v in shot.victims
        if v in shot.moved and v not in off
    )
    return renew(state, pending=(*choices, Decision(DecisionKind.PLACE_START, s)), turn_ends=True)


def _diller_shot(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot, events: list[Event]
) -> GameState:
    """Ruling 9: one shot per word, no hitting awards; a miss is back to going for killer."""
    s = shot.facts.shooter
    me = state.players[s]
    for v in shot.victims:
        text = f"{me.name} hit {state.players[v].name}: no award in the killer diller"
        events.append(Hit(text, s, v, 0))
    state = _settle_others(state, board, shot, events, frozenset())
    here = shot.after[s]
    if here.in_skull and here.trapezoid in course.diller_targets(me.diller):
        word = me.step - course.KILLER_THIRTEEN + 1
        said = " ".join(course.WORDS[:word]) + ("!" if word == 4 else "…")
        events.append(Made(f"{me.name}: “{said}” ({word}/4)", s, None, word))
        state = state.with_player(
            s, step=me.step + 1, diller=(*me.diller, here.trapezoid), stuck=False
        )
        state = state.with_player(s, stats=state.players[s].stats.add(boxes=1))
        if me.step + 1 == course.LAST_TRAPEZOID:
            state = _go_out_of_town(state, board, s, events)
            return end_turn(state, options, board, events)
        return state
    events.append(DillerMissed(f"{me.name} missed the killer diller: going for killer again", s))
    back = f"{me.name} is back in 1, going for 13 again"
    events.append(Advanced(back, s, me.step, course.ONE_BACKWARDS))
    state = state.with_player(s, step=course.ONE_BACKWARDS, diller=())
    return end_turn(state, options, board, events)


def _awards(
    state: GameState, options: RuleOptions, board: Board, shot: _Shot, events: list[Event]
) -> GameState:
    """Ruling 6: 1 for landing in the target, pipsies, and each victim's award, all added."""
    s = shot.facts.shooter
    me = state.players[s]
    award = 0
    here, start = shot.after[s], shot.before[s]
    goal = course.target_box(me.step)
    pipsies = 0
    if goal is not None and here.box == goal:
        award += 1
        events.append(Made(f"{me.name} made {goal}", s, goal))
        last = course.box_of(me.step)
        if (
            me.step not in (course.START, course.ONE_BACKWARDS)
            and last is not None
            and start.box == last
            and options.pipsies_bonus > 0
        ):
            pipsies = options.pipsies_bonus
            award += pipsies
            events.append(Pipsies(f"Pipsies! +{pipsies}", s, pipsies))
    for v in shot.victims:
        victim = state.players[v]
        was, now = shot.before[v], shot.after[v]
        if was.in_skull and now.in_skull and now.trapezoid == was.trapezoid and not state.paid_taps:
            # neither out of the skull (3.3.1.2) nor into another trapezoid (3.3.1.3): a plain
            # hit (3.3.1.0), or a stuck cap could be hit again and again for its number
            text = (
                f"{me.name} hit {victim.name}, still stuck in the skull's {was.skull_number}: +1"
                f" (the {was.skull_number} is paid for knocking it out or into another part)"
            )
            events.append(Hit(text, s, v, 1))
            award += 1
        elif was.in_skull:
            n = was.skull_number or 0
            how = "in the skull" if now.in_skull else "out of the skull"  # stays stuck, or freed
            events.append(Hit(f"{me.name} hit {victim.name} {how}: +{n}", s, v, n, None, n))
            award += n
        elif now.box is not None and now.box == course.target_box(victim.step):
            text = f"{me.name} hit {victim.name} into {now.box}: +2"
            events.append(Hit(text, s, v, 2, now.box))
            award += 2
        else:
            events.append(Hit(f"{me.name} hit {victim.name}: +1", s, v, 1))
            award += 1
    me = state.players[s]
    if pipsies:
        state = state.with_player(s, stats=me.stats.add(pipsies=1))
    if award > 0:
        end = min(me.step + award, course.KILLER_THIRTEEN)
        dropped = me.step + award - end
        me = state.players[s]
        state = state.with_player(s, step=end, stuck=False, stats=me.stats.add(boxes=end - me.step))
        now_me = state.players[s]
        extra = f" ({beyond_thirteen(dropped)})" if dropped else ""
        extra += turned_back(me.step, end)
        events.append(
            Advanced(f"{me.name} is {place_text(now_me)}{extra}", s, me.step, end, dropped)
        )
        state = _settle_others(state, board, shot, events, frozenset())
        box = course.box_of(end)
        return renew(state, pending=(Decision(DecisionKind.PLACE_AWARD, s, box=box),))
    state = _settle_others(state, board, shot, events, frozenset())
    if here.in_skull:
        state = state.with_player(s, stuck=True)
        events.append(Stuck(f"{me.name} is stuck in the skull", s))
    else:
        events.append(Missed(f"{me.name} missed {goal}", s))
    return end_turn(state, options, board, events)

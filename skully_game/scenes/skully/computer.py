"""Computer players at the table: each one thinks on a worker thread, then sweeps its aim into
place at a pace a person can follow, and flicks; P speeds their turns up.

`ComputerTurns` is a mixin of `SkullyGameScene` (table.py): it keeps the scene's `planners`,
`pool`, `thinking`, `sweep` and `fast`, and acts through its `_flick` and `_after`."""

from __future__ import annotations

import math
import random
from concurrent.futures import Future, ThreadPoolExecutor

from skully_game.skully.ai import Planner
from skully_game.skully.physics import MAX_SPEED, Flick
from skully_game.skully.rules import RuleError
from skully_game.skully.skill import level

# s: a computer waits this long after a shot that may be taken back, at every pace (the fast
# pace hurries the computers' own turns, never the person's chance: at 1.5 s it was gone
# before the miss's words were read)
TAKE_BACK_S = 3.5


class ComputerTurns:
    """The computer players' moves (mixed into SkullyGameScene)."""

    def _seat_computers(self) -> None:
        """A planner for each computer player, seeded by the game, and one worker thread."""
        seed = self.session.seed
        self.planners = {
            i: Planner(level(seat.kind), random.Random(seed * 97 + i))
            for i, seat in enumerate(self.session.seats)
            if seat.kind != "human"
        }
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.thinking: Future | None = None
        self.bot_wait = 0.0
        self.sweep: tuple[float, float, float, Flick] | None = None  # from angle, t, time, flick
        self.fast = False
        self.skipping = False  # Skip to my turn: the computers' moves at once, no animation
        if self.app.settings.fast_computers:  # the pace chosen last, in this game or another
            self._set_pace(True)

    def _bot_turn(self, dt: float) -> None:
        """A computer player's move at a pace a person can follow: think, sweep the aim, flick."""
        who = self.actor()
        if self.skipping and not self.computers_to_move():
            self.skipping = False  # a person must act (or the game is over): the skip ends here
        if who is None or who not in self.planners or self.app.stack.top is not self:
            self.bot_wait = 0.0
            return
        pause = 0.1 if self.fast else 0.6
        if self.session.can_take_back():
            # time to read the shot just made and take it back (Ctrl+Z) before the computer
            # shoots: 0.8 s left a newcomer about 2 s in all, always "too late" by the time the
            # words were read
            pause += TAKE_BACK_S
        if self.skipping:
            pause = 0.0
        self.bot_wait += dt
        planner = self.planners[who]
        if self.sweep is not None:
            start, t, duration, flick = self.sweep
            t += dt
            f = min(1.0, t / duration)
            f = f * f * (3 - 2 * f)
            delta = (flick.angle - start + math.pi) % (2 * math.pi) - math.pi
            self.table.aim_angle = start + delta * f
            self.table.power = flick.speed / MAX_SPEED * f
            self.sweep = (start, t, duration, flick)
            if t >= duration + (0.05 if self.fast else 0.3):
                self.sweep = None
                self.table.demo_aim = False
                self.bot_wait = 0.0
                self._flick(flick)
            return
        if self.bot_wait < pause:
            return
        if self.state.pending or (self.state.offers and self.thinking is None):
            events = planner.decide(self.session)
            if events is not None:
                self.bot_wait = 0.0
                self._after(events)
                return
        if not self.state.can_shoot:
            return
        if self.thinking is None:
            self.thinking = self.pool.submit(planner.flick, self.session)
            return
        if self.thinking.done():
            flick, _plan = self.thinking.result()
            self.thinking = None
            if self.skipping:
                self._shot_at_once(flick)
                return
            table = self.table
            table.select(who)
            table.demo_aim = True
            table.offset = 0.0
            self.sweep = (table.aim_angle, 0.0, 0.15 if self.fast else 0.8, flick)

    def computers_to_move(self) -> bool:
        """Whether the move due now is a computer player's (a decision, or the shot)."""
        state = self.state
        if state.over:
            return False
        who = state.pending[0].player if state.pending else state.to_play
        return who in self.planners

    def can_skip(self) -> bool:
        """Skip to my turn is offered while the one person at the desk has no turn (stuck in
        the skull, or out of the game) and computer players are to move."""
        people = [i for i in range(len(self.state.players)) if self.plays_here(i)]
        if len(people) != 1 or self.skipping or not self.computers_to_move():
            return False
        you = self.state.players[people[0]]
        return you.stuck or you.eliminated

    def skip_to_my_turn(self) -> None:
        """The computers' moves play at once, with no animation, until a person must act; a
        move already on the table finishes first."""
        if not self.can_skip():
            return
        self.skipping = True
        sweep, self.sweep = self.sweep, None
        self.table.demo_aim = False
        if sweep is not None and not self.table.busy:
            self._shot_at_once(sweep[3])  # the aim being swept: shot at once
        self._layout()

    def _shot_at_once(self, flick: Flick) -> None:
        """A computer's shot, simulated and judged without being played out on the table."""
        self.bot_wait = 0.0
        self.meant = flick
        try:
            made, result, _caps = self.session.simulate(flick.angle, flick.speed, flick.offset)
        except RuleError:
            return
        self.pending_flick = made
        self._shot_done(result)

    def stop_computers(self) -> None:
        """A computer player's move under way stops where it is (a shot taken back): its plan,
        still thought out on the worker, is dropped."""
        self.thinking = None
        self.sweep = None
        self.table.demo_aim = False
        self.bot_wait = 0.0

    def toggle_pace(self) -> None:
        """P or the panel's button: the pace is kept (Settings) for the games that follow."""
        self._set_pace(not self.fast)
        self.app.update_settings(fast_computers=self.fast)
        self._layout()

    def _set_pace(self, fast: bool) -> None:
        self.fast = fast
        self.table.speedup = 3.0 if fast else 1.0

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

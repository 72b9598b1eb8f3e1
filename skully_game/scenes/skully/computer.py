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
from skully_game.skully.skill import level


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
        if self.app.settings.fast_computers:  # the pace chosen last, in this game or another
            self._set_pace(True)

    def _bot_turn(self, dt: float) -> None:
        """A computer player's move at a pace a person can follow: think, sweep the aim, flick."""
        who = self.actor()
        if who is None or who not in self.planners or self.app.stack.top is not self:
            self.bot_wait = 0.0
            return
        pause = 0.1 if self.fast else 0.6
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
            table = self.table
            table.select(who)
            table.demo_aim = True
            table.offset = 0.0
            self.sweep = (table.aim_angle, 0.0, 0.15 if self.fast else 0.8, flick)

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

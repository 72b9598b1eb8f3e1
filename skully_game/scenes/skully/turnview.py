"""Whose move it is and what the view frames for it: the shooter's cap and goal (or a killer's
victims), the area a cap may be put down in, where a cap picked by key first aims.

`TurnFraming` is a mixin of `SkullyGameScene` (table.py): it reads the scene's `state`,
`session` and `planners`, and sets its table's `aim_frame` and view."""

from __future__ import annotations

import math

from skully_game.shell.view import around, union
from skully_game.skully.rules import (
    Area,
    Decision,
    allowed_area,
    spot_for,
    suggested_spot,
    target,
)
from skully_game.skully.rules.areas import trapezoid_polygon
from skully_game.skully.rules.state import PLACEMENTS

AIM_VIEW_MIN = 1.3  # metres: a turn's view shows at least this much of the board around the cap
NEAR_FIRE = 0.3  # m: another cap this near the line from the shooter to its goal is in play


def near_the_line(
    start: tuple[float, float], goal: tuple[float, float], point: tuple[float, float]
) -> bool:
    """Whether `point` lies within NEAR_FIRE of the line of fire: from `start` to `goal` and
    NEAR_FIRE beyond it (a cap just past the box is in play too)."""
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return math.dist(start, point) <= NEAR_FIRE
    ux, uy = dx / length, dy / length
    along = (point[0] - start[0]) * ux + (point[1] - start[1]) * uy
    along = min(max(along, 0.0), length + NEAR_FIRE)
    return math.dist(point, (start[0] + ux * along, start[1] + uy * along)) <= NEAR_FIRE


def area_bounds(area: Area) -> tuple[float, float, float, float] | None:
    """Where a placement may go, with a margin: what the view frames."""
    box = area.bounds()
    return None if box is None else (box[0] - 0.1, box[1] - 0.1, box[2] + 0.1, box[3] + 0.1)


class TurnFraming:
    """Who acts now, and the view of their turn (mixed into SkullyGameScene)."""

    def actor(self) -> int | None:
        """Who must act now: the player a decision waits for, or the one to shoot."""
        state = self.state
        if state.over or self.table.busy:
            return None
        if state.pending:
            return state.pending[0].player
        return state.to_play

    def plays_here(self, seat: int) -> bool:
        """Whether a person at this desk makes `seat`'s moves: not a computer player here (nor,
        online, someone at another desk: scenes/online/skully.py)."""
        return seat not in self.planners

    def _placement(self) -> Decision | None:
        """The placement being made now: a required one, or an offer the player took up."""
        state = self.state
        if state.over:
            return None
        if state.pending:
            d = state.pending[0]
            return d if d.kind in PLACEMENTS else None
        return self.placing

    def _shootable(self, i: int) -> bool:
        state = self.state
        return (
            state.can_shoot
            and self.placing is None
            and i == state.to_play
            and not self.table.busy
            and self.plays_here(i)
        )

    def _mark_shooter(self, who: int | None) -> None:
        """Pick the cap of a person about to shoot, so it wears its ring from the start of the
        turn (as in lessons): with caps crowded at the start line, which is mine is never a
        guess. An aim already under way is kept."""
        if who is not None and self._shootable(who):
            self.table.select(who)

    def _frame(self) -> None:
        """Frame the one who acts and what they go for, once per turn and again once a cap is
        put down (its shot framed as a turn is; a press stops the view where it is drawn, so
        it lands where the cap is seen). In a game (`fits_turn`) the shooter's cap and its goal
        are always in sight, clear of the banner and the panel (capview.CapView.turn_view)."""
        who = self.actor()
        table = self.table
        key = (who, self.state.shots, self._placement() is not None)
        if key == self.framed_for and (who is None or who in table.hidden or table.in_frame(who)):
            return
        self.framed_for = key
        table.manual_view = False
        table.aim_frame = self._aim_frame(who)
        pos = None if who is None else self.state.players[who].pos
        table.focus = pos  # at one scale the view pans so the shooter's cap stays in sight
        if table.whole_shown:  # the player's F: the whole board till F again or the wheel
            table.frame_view(snap=False)
            return
        decision = self._placement()
        if decision is None and who is not None and table.keep_scale and table.fits_turn:
            table.aim_frame = self._turn_extras(who, table.aim_frame)
        if decision is not None:
            bounds = area_bounds(
                allowed_area(self.state, self.session.options, self.session.board, decision)
            )
            if bounds:
                frame = table.aim_frame or table.home
                if table.keep_scale:  # at one scale: pan to where the cap is offered to go
                    # (the middle of a long place, as the out-of-town line, may lie far off it)
                    x, y = self._default_spot(decision)
                    table.focus = (x, y)
                    spot = (x - 0.25, y - 0.25, x + 0.25, y + 0.25)
                    if table.fits_turn:  # and the goal it is put down to shoot at, if both fit
                        goal = self._aim_frame(decision.player, at=(x, y))
                        both = spot if goal is None else union(spot, goal)
                        table.aim_frame = both if table.fits(both) else spot
                        table.frame_view(snap=False)
                        return
                    table.show(spot)
                    return
                table.focus = ((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2)
                table.show(union(frame, bounds))
                return
        table.frame_view(snap=False)

    def _turn_extras(
        self, who: int, core: tuple[float, float, float, float] | None
    ) -> tuple[float, float, float, float] | None:
        """A shooting turn's view: the shooter and its goal (`core`), and where they fit at
        the player's scale too (never zoomed out for them), every other cap near the line of
        fire, so none that the shot may meet lies under the banner."""
        state, table = self.state, self.table
        me = state.players[who]
        goal = self._aim_point(who)
        if core is None or me.pos is None or goal is None:
            return core
        pts = [
            q.pos
            for i, q in enumerate(state.players)
            if i != who and q.pos is not None and i not in table.hidden and not q.eliminated
            and near_the_line(me.pos, goal, q.pos)
        ]  # fmt: skip
        best = core
        for pos in sorted(pts, key=lambda p: math.dist(p, me.pos)):  # the nearest first
            more = union(best, around([pos], 0.06) or best)
            if table.fits(more):
                best = more
        return best

    def _aim_point(self, who: int) -> tuple[float, float] | None:
        """Where a cap picked by key first aims: the middle of its player's goal (the box, the
        trapezoid), or a killer's nearest victim."""
        state = self.state
        if not 0 <= who < len(state.players):
            return None
        p, board = state.players[who], self.session.board
        goal = target(p)
        middles = [
            ((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in map(board.boxes.get, goal.boxes)
        ]
        for t in goal.trapezoids:
            corners = list(trapezoid_polygon(board, t))
            middles.append(
                (
                    sum(c[0] for c in corners) / len(corners),
                    sum(c[1] for c in corners) / len(corners),
                )
            )
        if middles:  # the nearest of them ("a" into the 4 or the 8: Tab aimed across 13)
            here = p.pos if p.pos is not None else board.centre
            return min(middles, key=lambda m: math.dist(m, here))
        if p.killer and p.pos is not None:
            victims = [q.pos for q in state.players if q is not p and q.pos and not q.eliminated]
            if victims:
                return min(victims, key=lambda v: math.dist(v, p.pos))
        return None

    def _aim_frame(
        self, who: int | None, at: tuple[float, float] | None = None
    ) -> tuple[float, float, float, float] | None:
        """What a turn's view must show whole: the shooter's cap (at `at`, for a cap about to
        be put down there) and what it goes for (the box, the trapezoids, a killer's nearest
        victim, as the goal's arrow and a picked cap's first aim take it)."""
        state = self.state
        if who is None or state.over:
            return None
        p = state.players[who]
        pos = p.pos if at is None else at
        pts: list[tuple[float, float]] = []
        if pos is not None:
            r = p.cap.spec.radius + 0.03
            pts += [(pos[0] - r, pos[1] - r), (pos[0] + r, pos[1] + r)]
        pts += self._goal_points(who, pos)
        box = around(pts, 0.0)
        if box is None or self.table.fits_turn:
            return box
        # (a table that fits each view to what it frames: room around, the caps read large)
        box = around(pts, 0.3)
        side = max(AIM_VIEW_MIN, box[2] - box[0], box[3] - box[1])
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        whole = self.table.home
        if side >= min(whole[2] - whole[0], whole[3] - whole[1]):
            return union(whole, box)
        return (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)

    def _goal_points(self, who: int, pos: tuple[float, float] | None) -> list[tuple[float, float]]:
        """The corners of what player `who` (its cap at `pos`) goes for: the box, the
        trapezoids, or a killer's nearest victim's cap."""
        state, board = self.state, self.session.board
        p = state.players[who]
        pts: list[tuple[float, float]] = []
        goal = target(p)
        for box in goal.boxes:
            x0, y0, x1, y1 = board.boxes[box]
            pts += [(x0, y0), (x1, y1)]
        for trap in goal.trapezoids:
            pts += list(trapezoid_polygon(board, trap))
        if p.killer and pos is not None:
            victims = [q for q in state.players if q is not p and q.pos and not q.eliminated]
            if victims:
                q = min(victims, key=lambda v: math.dist(v.pos, pos))
                r = q.cap.spec.radius + 0.03
                pts += [(q.pos[0] - r, q.pos[1] - r), (q.pos[0] + r, q.pos[1] + r)]
        return pts

    def _default_spot(self, decision: Decision) -> tuple[float, float]:
        area = allowed_area(self.state, self.session.options, self.session.board, decision)
        guess = suggested_spot(self.state, self.session.board, decision)
        return self._settled(decision, area.snap(guess))

    def _settled(self, decision: Decision, point: tuple[float, float]) -> tuple[float, float]:
        """Where a cap put down at `point` goes: beside any cap already there (rules' room.py)."""
        return spot_for(
            self.state, self.session.options, self.session.board, decision.player, point
        )

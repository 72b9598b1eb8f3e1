"""The cap table's view: what the camera frames (the turn's cap and goal, or the whole board),
kept clear of the opaque bands over the board; the wheel's zoom and F's fit.

A mixin of `CapTable` (captable.py): it reads the table's `camera`, `home`, `positions`,
`aim_frame`, `manual_view` and `whole_shown`, and its `visible()` and `radius()`."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from skully_game.scenes.skully.capkit import MIN_CAP_PX, Vec
from skully_game.shell.view import Camera, WorldRect, around, union
from skully_game.skully.geometry import Board

ZOOM_RANGE = (0.2, 12.0)  # the wheel's reach, against the whole board fitted to the view
FOCUS_ROOM = 36  # px: the shooter's cap is kept this far inside the frame (room for a press)
# The table's first scale, against the whole board fitted below the banner. Caps are drawn at
# their true size (a near miss must never look like a hit), so the first scale is the one where
# a crown cap reads: about 7 px in radius at 1280x800 and 5.4 px at 1024x640 (1.4 m of the
# classic board top to bottom at 1280x800). A turn whose shooter and goal do not fit zooms out
# for that turn alone (CapView); the wheel and F are the player's.
FIRST_ZOOM = 2.2
# px: with a goal too far to frame, the shooter's cap is kept this far inside the frame, on the
# side away from the goal (room for most of a pull), and the rest of the view looks ahead
FAR_ROOM = 160
# px: a game's turn keeps the shooter's cap and its goal this far inside the free area (the
# frame: the window's board less the banner above it and the panel beside it)
TURN_ROOM = 40
# px: a shooter and goal already this far inside the free area leave the view where it is (no
# motion for nothing: a turn next door to the last one is seen from the same place)
STILL_ROOM = 24
# a turn's view that leaves a cap under the banner draws back by this factor a step, at most
# BANNER_STEPS steps (about a quarter), till the cap is seen whole or pushed out of sight above it
BANNER_STEP = 0.97
BANNER_STEPS = 10
# the camera's ease towards a turn's view: about 95 % of the way in 0.3 s (a short glide, not a
# jump, and not so slow that the player waits for it)
PAN_RATE = 10.0
NEAR_LINE = 0.5  # m: a cap this near the out-of-town line (or past it) brings the line into F


def board_home(board: Board, below: float, above: float) -> WorldRect:
    """The board and the start line behind it, with room: `below` metres beyond the start
    side, `above` beyond the far sides (the table's whole-board view, the tuner's board)."""
    s = board.spec.board_side
    (ax, ay), (bx, by) = board.start_line
    return (min(ax, bx, 0.0) - below, min(ay, by, 0.0) - below, s + above, s + above)


def nearest(
    camera: Camera, points: Sequence[Vec], pos: tuple[int, int], reach: Sequence[float]
) -> int | None:
    """The index of the point drawn nearest `pos` and within its `reach` (px), or None: what a
    press picks, a cap on the table or a handle in the tuner."""
    best, best_d = None, math.inf
    for k, point in enumerate(points):
        d = math.dist(camera.to_screen(point), pos)
        if d <= reach[k] and d < best_d:
            best, best_d = k, d
    return best


class CapView:
    """The camera's framing of the table (mixed into CapTable).

    With `keep_scale` (a game, practice, the lessons) the view keeps the player's scale: a
    turn's view pans to the shooter and the goal, and only the player's wheel changes the scale
    (kept for the turns after); F shows the whole board until F again. A game's turn
    (`fits_turn`) always shows the shooter's cap and its goal inside the free area (the frame:
    below the banner, beside the panel): when both cannot fit at the player's scale the view
    zooms out just enough for that turn, and the next turn where they fit is back at the
    player's scale; a turn whose cap and goal already lie well inside the view does not move it.
    A flick is read in screen pixels, so the same gesture makes the same shot at any scale.
    While caps roll the view may draw back to keep them in sight. Without `keep_scale`
    (replays), each view is fitted to what it frames."""

    def frame_view(self, snap: bool = True) -> None:
        """Show what matters now: the shooter's cap and its goal while aiming (the scene sets
        `aim_frame`), else the board and every cap in play. While the player's F is on, the
        whole board, turn after turn, till F again or the wheel."""
        if self.whole_shown:
            self.camera.show(self.whole_rect(), snap=snap)
            self.manual_view = True
            return
        if self.manual_view:
            return
        if self.aim_frame is not None:
            if self.keep_scale and self.fits_turn:
                self.frame_turn(self.aim_frame, snap=snap)
                return
            self.show(self.aim_frame, snap=snap)
            return
        pts = [self.positions[i] for i in self.visible()]
        box = around(pts, 0.08)
        self.show(union(self.home, box) if box else self.home, snap=snap)

    def board_scale(self) -> float:
        """The whole board fitted below the banner: what the player's zoom is counted against.
        A card that comes and goes at the bottom (a lesson's) does not change it."""
        cam = self.camera
        x0, y0, x1, y1 = self.home
        room = (cam.viewport.w, max(1, cam.viewport.h - cam.insets[0]))
        return min(room[0] / max(x1 - x0, 1e-3), room[1] / max(y1 - y0, 1e-3))

    def view_scale(self) -> float:
        """The table's one scale: the whole board, times the player's zoom."""
        return self.board_scale() * self.zoom_factor

    def panned(
        self, rect: WorldRect, focus: Vec | None = None, start: Vec | None = None
    ) -> tuple[Vec, float]:
        """The camera at the table's scale, centred on `rect` (or, from `start`, moved as
        little as brings it into the frame: rolling caps followed), keeping the `focus` point
        (the shooter's cap, a placement's area) well inside. A rect too big for the frame is
        seen from the focus: the focus near the side away from the rest (room for a pull), the
        view looking ahead to the goal; the same turn is always seen the same way."""
        cam = self.camera
        scale = self.view_scale()
        frame = cam.frame
        half_w, half_h = frame.w / 2 / scale, frame.h / 2 / scale
        cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
        edge = [FOCUS_ROOM, FOCUS_ROOM]
        if rect[2] - rect[0] > 2 * half_w:
            edge[0] = min(FAR_ROOM, frame.w // 3)
        elif start is not None:
            cx = min(max(start[0], rect[2] - half_w), rect[0] + half_w)
        if rect[3] - rect[1] > 2 * half_h:
            edge[1] = min(FAR_ROOM, frame.h // 3)
        elif start is not None:
            cy = min(max(start[1], rect[3] - half_h), rect[1] + half_h)
        # never look past the board at bare asphalt while there is board to show instead
        # (what the rect asks for, and the focus below, still win: a cap out of town is seen)
        hx0, hy0, hx1, hy1 = union(self.home, rect)
        if hx1 - hx0 > 2 * half_w:
            cx = min(max(cx, hx0 + half_w), hx1 - half_w)
        if hy1 - hy0 > 2 * half_h:
            cy = min(max(cy, hy0 + half_h), hy1 - half_h)
        if focus is not None:
            room_w = max(frame.w / 2 - edge[0], 1.0) / scale
            room_h = max(frame.h / 2 - edge[1], 1.0) / scale
            fx, fy = focus
            cx = min(max(cx, fx - room_w), fx + room_w)
            cy = min(max(cy, fy - room_h), fy + room_h)
        return (cx, cy), scale

    def show(self, rect: WorldRect, snap: bool = False) -> None:
        """Aim the camera at `rect`, grown to take in any cap in play that would otherwise lie
        under an opaque band (the banner above the board, a card below it): a cap is seen
        whole or not at all, never only by its label. At one scale, pan to it instead."""
        if self.keep_scale:
            focus = self.focus
            if focus is None and self.selected is not None and self.selected not in self.hidden:
                focus = self.positions[self.selected]  # practice: the cap last picked
            caps = [self.positions[i] for i in self.visible()]
            if focus is None and caps:  # practice, a warm-up: the caps, the board ahead of them
                focus = (sum(p[0] for p in caps) / len(caps), sum(p[1] for p in caps) / len(caps))
            keep = None if focus is None else (*focus, *focus)
            self.camera.target = self.clear_of_banner(*self.panned(rect, focus), keep)
            if snap:
                self.camera.centre, self.camera.scale = self.camera.target
            return
        self.camera.show(self.clear_of_bands(rect), snap=snap)

    def clear_of_banner(
        self, centre: Vec, scale: float, keep: WorldRect | None, room: float = FOCUS_ROOM
    ) -> tuple[Vec, float]:
        """A panned view moved up or down so no cap in play is drawn under the band above the
        frame (the see-through banner): each is seen whole below it, or pushed out of sight
        above it (an arrow at the edge then), never half hidden, while `keep` (the focus, or a
        turn's shooter and goal) stays `room` px inside the frame."""
        cam = self.camera
        top, bottom = cam.frame.top, cam.frame.bottom
        my = cam.middle[1]
        cx, cy = centre
        for _ in range(len(self.positions) + 1):
            moved = False
            for i in self.visible():
                y = my - (self.positions[i][1] - cy) * scale
                r = max(self.radius(i) * scale, MIN_CAP_PX) + 2
                if not (cam.viewport.top - r < y < top + r):
                    continue
                # the keep's top and bottom on screen (y grows downwards)
                k_top = None if keep is None else my - (keep[3] - cy) * scale
                k_bottom = None if keep is None else my - (keep[1] - cy) * scale
                down = top + r - y  # px to bring the cap below the banner
                if k_bottom is None or k_bottom + down <= bottom - room:
                    cy += down / scale
                    moved = True
                    break
                up = y + r - cam.viewport.top  # px to push it above the window's board
                if k_top is not None and k_top - up >= top + room:
                    cy -= up / scale
                    moved = True
                    break
            if not moved:
                break
        return (cx, cy), scale

    def fit_scale(self, need: WorldRect) -> float:
        """The largest scale that shows `need` inside the free area with TURN_ROOM around it."""
        frame = self.camera.frame
        room_w = max(frame.w - 2 * TURN_ROOM, 1)
        room_h = max(frame.h - 2 * TURN_ROOM, 1)
        return min(room_w / max(need[2] - need[0], 1e-3), room_h / max(need[3] - need[1], 1e-3))

    def fits(self, need: WorldRect) -> bool:
        """Whether `need` fits the free area at the player's scale (no zooming out for it)."""
        return self.fit_scale(need) >= self.view_scale()

    def holds(self, need: WorldRect, view: tuple[Vec, float], room: float) -> bool:
        """Whether the camera at `view` (centre, scale) draws `need` inside the free area
        with `room` px to spare on every side."""
        (cx, cy), scale = view
        cam = self.camera
        mx, my = cam.middle
        free = cam.frame.inflate(-2 * room, -2 * room)
        left, right = mx + (need[0] - cx) * scale, mx + (need[2] - cx) * scale
        top, bottom = my - (need[3] - cy) * scale, my - (need[1] - cy) * scale
        return (
            free.left <= left and right <= free.right and free.top <= top and bottom <= free.bottom
        )

    def turn_view(self, need: WorldRect, start: tuple[Vec, float]) -> tuple[Vec, float]:
        """Where a game's turn is seen from: at the player's scale (or, when `need` cannot fit
        at it, zoomed out just enough), `need` (the shooter's cap and its goal) inside the
        free area. From `start` (where the view is heading), no move at all when `need`
        already lies well inside it at that scale; else `need` centred, the pan stopping at
        the board's edge while there is board to show, and no cap left half under the banner."""
        scale = min(self.view_scale(), self.fit_scale(need))
        if abs(start[1] - scale) <= 1e-6 * scale and self.holds(need, start, STILL_ROOM):
            view = self.clear_of_banner(start[0], scale, need, 8)
            if not self.under_banner(view):
                return view
        # a cap the pan cannot take out from under the banner (one off the board, with the
        # shooter and goal spanning the frame): drawn back a little for this turn, so it is
        # seen whole below the banner or pushed out of sight above it, never half hidden
        for k in range(BANNER_STEPS + 1):
            view = self._turn_at(need, scale * BANNER_STEP**k)
            if not self.under_banner(view):
                return view
        return self._turn_at(need, scale)

    def under_banner(self, view: tuple[Vec, float]) -> bool:
        """Whether the camera at `view` draws a cap in play partly or wholly under the band
        above the frame (the banner)."""
        (_, cy), scale = view
        cam = self.camera
        my = cam.middle[1]
        for i in self.visible():
            y = my - (self.positions[i][1] - cy) * scale
            r = max(self.radius(i) * scale, MIN_CAP_PX) + 2
            if cam.viewport.top - r < y < cam.frame.top + r:
                return True
        return False

    def _turn_at(self, need: WorldRect, scale: float) -> tuple[Vec, float]:
        """A turn's view at `scale`: `need` centred, TURN_ROOM inside the free area where it
        fits, the pan stopping at the board's edge, no cap left half under the banner."""
        frame = self.camera.frame
        half_w, half_h = frame.w / 2 / scale, frame.h / 2 / scale
        cx, cy = (need[0] + need[2]) / 2, (need[1] + need[3]) / 2
        hx0, hy0, hx1, hy1 = union(self.home, need)
        if hx1 - hx0 > 2 * half_w:
            cx = min(max(cx, hx0 + half_w), hx1 - half_w)
        if hy1 - hy0 > 2 * half_h:
            cy = min(max(cy, hy0 + half_h), hy1 - half_h)
        # the shooter and goal inside, TURN_ROOM from the edge (what they need wins)
        room_w = max(half_w - TURN_ROOM / scale, (need[2] - need[0]) / 2)
        room_h = max(half_h - TURN_ROOM / scale, (need[3] - need[1]) / 2)
        cx = min(max(cx, need[2] - room_w), need[0] + room_w)
        cy = min(max(cy, need[3] - room_h), need[1] + room_h)
        return self.clear_of_banner((cx, cy), scale, need, 8)

    def frame_turn(self, need: WorldRect, snap: bool = False) -> None:
        """Head the camera for a turn's view of `need` (eased, unless `snap`)."""
        self.camera.target = self.turn_view(need, self.camera.target)
        if snap:
            self.camera.centre, self.camera.scale = self.camera.target

    def clear_of_bands(self, rect: WorldRect) -> WorldRect:
        """`rect` and every cap the view fitted to it would draw under a band (the viewport
        outside the camera's frame), again until none is: each round takes in one cap more."""
        cam = self.camera
        view, frame = cam.viewport, cam.frame
        bands = [
            pygame.Rect(view.x, view.y, view.w, frame.top - view.top),
            pygame.Rect(view.x, frame.bottom, view.w, view.bottom - frame.bottom),
        ]
        bands = [band for band in bands if band.h > 0]
        if not bands:
            return rect
        for _ in range(len(self.positions) + 1):
            (cx, cy), scale = cam.fit(rect)
            mx, my = cam.middle
            under = []
            for i in self.visible():
                px, py = self.positions[i]
                x, y = mx + (px - cx) * scale, my - (py - cy) * scale
                r = max(self.radius(i) * scale, MIN_CAP_PX) + 2
                if pygame.Rect(x - r, y - r, 2 * r, 2 * r).collidelist(bands) >= 0:
                    under.append(self.positions[i])
            box = around(under, 0.04 + max((self.radius(i) for i in self.visible()), default=0))
            if box is None:
                return rect
            rect = union(rect, box)
        return rect

    def settle_view(self) -> None:
        """Put the view where it is heading at once: a table opened shows its turn's framing
        from the first frame, not the whole board sliding under the banner."""
        self.camera.centre, self.camera.scale = self.camera.target

    def in_frame(self, i: int, margin: float = 24) -> bool:
        """Is cap i on screen with room around it (so a press where it is drawn finds it)?"""
        x, y = self.camera.to_screen(self.positions[i])
        return self.camera.frame.inflate(-2 * margin, -2 * margin).collidepoint(x, y)

    def set_viewport(self, viewport: pygame.Rect) -> None:
        self.camera.viewport = pygame.Rect(viewport)
        self.manual_view = False
        self.frame_view(snap=True)

    def zoom(self, at: tuple[int, int], factor: float) -> None:
        """Zoom about the pointer (mouse wheel), within sensible limits."""
        cam = self.camera
        fit_scale = self.board_scale()
        scale = min(max(cam.scale * factor, fit_scale * ZOOM_RANGE[0]), fit_scale * ZOOM_RANGE[1])
        if self.keep_scale:
            self.zoom_factor = scale / fit_scale  # the player's scale, for the turns after
            if self.on_zoom is not None:
                self.on_zoom(self.zoom_factor)
        wx, wy = cam.to_world(at)
        cam.scale = scale
        # keep the world point under the pointer where it was
        mx, my = cam.middle
        cx = wx - (at[0] - mx) / scale
        cy = wy + (at[1] - my) / scale
        cam.centre = (cx, cy)
        cam.target = (cam.centre, cam.scale)
        self.manual_view, self.whole_shown = True, False

    def fit(self) -> None:
        """F: the whole board and every cap, kept for the turns after (a toggle the player owns),
        and F again back to the turn's own view at the player's scale (after a wheel zoom, the
        whole board first: F is the way out of any view)."""
        if (self.manual_view and self.whole_shown) or self.aim_frame is None:
            self.manual_view = self.whole_shown = False
            self.frame_view(snap=False)
            return
        self.camera.show(self.whole_rect())
        self.manual_view = self.whole_shown = True

    def whole_rect(self) -> WorldRect:
        """The whole board and every cap in play, the board (with its start line) in the
        middle of the free area: a cap off one side widens the view on both (one off to the
        right pushed the board into the left 45 % of the view, bare asphalt beside it: a
        play-test). A cap within NEAR_LINE of the out-of-town line, or past it, brings in that
        line (what it is judged by); one nearer the board does not, so the board stays large
        (framing the square round the board shrank it to 150 px at 1024x640)."""
        caps = [self.positions[i] for i in self.visible()]
        box = around(caps, 0.08)
        rect = union(self.home, box) if box else self.home
        s, d = self.board.spec.board_side, self.board.spec.out_of_town
        x0, y0, x1, y1 = rect
        hx0, hy0, hx1, hy1 = self.home  # the board and its start line: no line needed there
        for x, y in caps:
            if x < min(hx0, NEAR_LINE - d):
                x0 = min(x0, -d - 0.1)
            if x > max(hx1, s + d - NEAR_LINE):
                x1 = max(x1, s + d + 0.1)
            if y < min(hy0, NEAR_LINE - d):
                y0 = min(y0, -d - 0.1)
            if y > max(hy1, s + d - NEAR_LINE):
                y1 = max(y1, s + d + 0.1)
        cx, cy = (hx0 + hx1) / 2, (hy0 + hy1) / 2
        half_w, half_h = max(cx - x0, x1 - cx), max(cy - y0, y1 - cy)
        return (cx - half_w, cy - half_h, cx + half_w, cy + half_h)

    def _in_view(self, box: tuple[float, float, float, float] | None) -> bool:
        if box is None:
            return True
        a = self.camera.to_screen((box[0], box[1]))
        b = self.camera.to_screen((box[2], box[3]))
        v = self.camera.frame  # under the banner is out of view
        return v.left <= a[0] and b[0] <= v.right and v.top <= b[1] and a[1] <= v.bottom

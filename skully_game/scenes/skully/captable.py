"""The Skully table shared by practice and the game: board, caps, flicking, shot playback.

A shot is simulated to rest at once (a few milliseconds), then played back in real time from its
sampled trajectory, so what the player sees is exactly what the rules judge and what a replay
shows. Input (skully/hand.py): a flick (press on the cap and flick the pointer through it; the
pointer's speed at release is the shot), or a slingshot (press, pull back, release; or the
keyboard), which a hand level spoils and whose aim is drawn as a cone and a band to say so.

The table is one object made of parts, each in its own module: the view (capview.py), the hand
at the cap (capinput.py), the aim's picture (aimdraw.py) and the labels (caplabels.py); this
module holds its state, the shot's playback and the picture's order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

from skully_game.core.settings import AimGuide, Units
from skully_game.scenes.skully.aimdraw import AimDrawing
from skully_game.scenes.skully.capdraw import draw_cap, draw_shadow
from skully_game.scenes.skully.capinput import CapInput
from skully_game.scenes.skully.capkit import (
    MIN_CAP_PX,
    PICK_PX,
    PULL_PX,
    START_POWER,
    TOO_SLOW,
    WEAK_SHOT,
    AimMode,
    CapLook,
    Vec,
    event_time,
    slide_distance,
    speed_for,
)
from skully_game.scenes.skully.caplabels import CapLabels
from skully_game.scenes.skully.capview import (
    FIRST_ZOOM,
    PAN_RATE,
    CapView,
    board_home,
    nearest,
)
from skully_game.scenes.skully.chalk import BoardPainter
from skully_game.scenes.skully.cheers import Cheers
from skully_game.scenes.skully.cues import Arming, draw_ready_ring
from skully_game.scenes.skully.effects import ShotEffects
from skully_game.scenes.skully.judgedraw import ShotJudgement
from skully_game.shell import theme
from skully_game.shell.sound import SoundBank
from skully_game.shell.view import Camera, WorldRect, around, union
from skully_game.skully.board import BoardSpec
from skully_game.skully.geometry import Board, Place
from skully_game.skully.hand import (
    HandLevel,
    Input,
    PointerSample,
)
from skully_game.skully.physics import Flick, ShotResult, simulate

# s the view stays on a big moment (pipsies, the skull, a hit, a kill, a new killer, the win)
# once the caps rest, its call-outs read, before the glide to the next turn (a key skips it)
MOMENT_HOLD_S = 1.5
MOMENT_ROOM_PX = (110, 48)  # px round a moment's caps kept in the free area: its call-outs
LOCATE_BELOW_PX = 5.0  # px: a cap drawn smaller than this gets a ring to find it by
LOCATE_PX = 5.0  # px: the ring's distance out from such a cap

__all__ = [
    "MIN_CAP_PX",
    "PULL_PX",
    "TOO_SLOW",
    "WEAK_SHOT",
    "AimMode",
    "CapLook",
    "CapTable",
    "event_time",
    "slide_distance",
    "speed_for",
]


class CapTable(CapView, CapInput, AimDrawing, CapLabels):
    """Board, caps and the flick; the scenes around it decide whose cap may be flicked."""

    def __init__(
        self,
        spec: BoardSpec,
        looks: Sequence[CapLook],
        positions: Sequence[Vec],
        viewport: pygame.Rect,
        sound: SoundBank,
    ) -> None:
        self.spec = spec
        self.board = Board(spec)
        self.painter = BoardPainter(self.board)
        self.effects = ShotEffects(self.board)  # drawing only: tails, dust, a box's glow
        self.judgement = ShotJudgement()  # the last shot's hits and near misses, shown
        self.turning: set[int] = set()  # caps whose spin turned them since the last update
        self.cheers = Cheers()  # a big moment's burst at a cap (an elimination, the skull)
        self.arming = Arming()  # the turn's fresh-press wait, seen filling round the cap
        self.looks = list(looks)
        self.positions: list[Vec] = list(positions)
        self.angles: list[float] = [0.0] * len(self.positions)
        self.sound = sound
        self.home = board_home(self.board, below=0.18, above=0.06)
        self.camera = Camera(viewport, self.home)
        self.shootable: Callable[[int], bool] = lambda i: True
        # where a cap aims when picked by key (a game: its player's goal); None: the centre
        self.aim_at: Callable[[int], Vec | None] = lambda i: None
        # a shot to make: (the flick, whether a pointer flick made it) -> the result to play, or
        # None when the scene plays it itself; unset, the table spoils and simulates it
        self.on_flick: Callable[[Flick, bool], ShotResult | None] | None = None
        self.on_cue: Callable[[str], None] | None = None  # a word to the player (a toast)
        self.on_shot_done: Callable[[ShotResult], None] | None = None
        self.pinned: frozenset[int] = frozenset()
        self.hidden: set[int] = set()  # caps out of play (eliminated)
        self.guide = AimGuide.DIRECTION
        # while a shot is being made: a ghost cap where it would rest (off: the street's way)
        self.flick_guide = True
        # the guide stepped back (while learning, after a person's first shots): the aim shows
        # where the cap would first meet another, never where it would stop
        self.touch_guide = False
        self.flick_still = 0.0  # s since a flick under way last moved: its ghost shows only moving
        self.units = Units.METRIC
        self.labels: dict[int, str] = {}
        self.show_labels = True
        self.highlight: Callable[[pygame.Surface], None] | None = None
        # aim state
        self.mode = AimMode.IDLE
        self.selected: int | None = None
        self.aim_angle = math.pi / 4
        self.power = START_POWER
        self.offset = 0.0
        self.mouse: tuple[int, int] = (0, 0)
        self.mover: int | None = None  # practice: a cap being dragged to a new place
        self.allow_move = False
        # the hand at the cap: how the pointer shoots, and the wobble of its slingshot
        self.input = Input.SLINGSHOT
        self.hand = HandLevel.STEADY
        self.sensitivity = 1.0
        self.rng = random.Random(0)  # practice's wobble (a game draws from its own seed)
        self.anchor: tuple[float, float] = (0.0, 0.0)  # the cap on screen when it was pressed
        self.pointer: tuple[float, float] = (0.0, 0.0)  # the pointer, free of the window's edge
        self.samples: list[PointerSample] = []  # a flick's pointer path, time-stamped
        self.held = False  # a pull holds the pointer (relative mode): let go when it ends
        self.aim_frame: WorldRect | None = None  # what to show while aiming (the cap, its goal)
        # playback
        self.shot: ShotResult | None = None
        self.shot_time = 0.0
        self.shot_prev_time = 0.0
        self.trails: list[list[Vec]] = []
        self.shot_map: list[int] = []
        self._next_contact = 0
        self.speedup = 1.0
        self.manual_view = False  # the player zoomed with the wheel: leave the camera alone
        self.keep_scale = False  # one scale for every view (capview.CapView): set by the scene
        # a game's turn: `aim_frame` (the shooter's cap and its goal) is always shown whole in
        # the free area, zoomed out for the turn if it must be (capview.CapView.turn_view)
        self.fits_turn = False
        # the player's zoom against the whole board (with keep_scale): at first FIRST_ZOOM, a
        # turn's shooter and goal at a size a newcomer reads (F shows the whole board)
        self.zoom_factor = FIRST_ZOOM
        self.focus: Vec | None = None  # a point a panned view keeps in sight (the shooter's cap)
        self.on_zoom: Callable[[float], None] | None = None  # the wheel set a new zoom
        self.whole_shown = False  # F showed the whole board (with manual_view): F goes back
        self.paused = False  # replays: hold the playback where it is
        self.moment_hold = 0.0  # s left of the view held on a big moment (hold_moment)
        self.moment_view: tuple[Vec, float] | None = None  # where it is held: centre, scale
        self.demo_aim = False  # a computer player is showing its aim
        self.keep_trails = False  # replays: the paths stay drawn once the caps stop
        self.ghost: list[list[Vec]] = []  # practice "try again": the original shot's paths
        self.drawn: dict[str, pygame.Rect] = {}  # where the meter and labels went (last frame)
        # the words of a flick guide's ghost beyond the frame, as drawn (drawn["ghost beyond"]):
        # the game's arrow to a goal, drawn after, puts them back on top
        self.beyond_words: pygame.Surface | None = None
        self.frame_view()

    @property
    def shows_distance(self) -> bool:
        """Whether the aim tells how far a cap goes (the guide, a practice aid and a game's
        house rule): the one rule for the line's length and the meter's caption."""
        return self.guide is AimGuide.DISTANCE

    @property
    def busy(self) -> bool:
        return self.shot is not None

    def radius(self, i: int) -> float:
        return self.looks[i].kind.spec.radius

    def colour_of(self, i: int) -> tuple[int, int, int]:
        return self.looks[i].colour

    def place(self, i: int) -> Place:
        return self.board.locate(self.positions[i], self.radius(i))

    def visible(self) -> list[int]:
        return [i for i in range(len(self.positions)) if i not in self.hidden]

    def relabel(self) -> None:
        """Each cap in play's place in words, as it lies now."""
        self.labels = {i: self.place(i).label() for i in self.visible()}

    def set_caps(self, where: Sequence[Vec | None]) -> None:
        """Put the caps where a game has them (capkit.places); None: off the table."""
        self.hidden = {i for i, p in enumerate(where) if p is None}
        for i, p in enumerate(where):
            if p is not None:
                self.positions[i] = p
        self.relabel()

    def cap_at(self, pos: tuple[int, int]) -> int | None:
        """The cap a press at `pos` takes: the nearest, a small one still easy to grab."""
        caps = self.visible()
        reach = [max(PICK_PX, self.camera.length(self.radius(i)) + 4) for i in caps]
        k = nearest(self.camera, [self.positions[i] for i in caps], pos, reach)
        return None if k is None else caps[k]

    def simulate(self, flick: Flick) -> ShotResult:
        kinds = [look.kind for look in self.looks]
        return simulate(self.spec, kinds, self.positions, flick, self.pinned)

    def play(
        self, result: ShotResult, loudness: float = 1.0, caps: Sequence[int] | None = None
    ) -> None:
        """Show a finished simulation in real time; `caps[k]` is the table cap of physics cap k."""
        self.shot = result
        self.shot_map = list(caps) if caps is not None else list(range(len(result.start)))
        self.shot_time = 0.0
        self.shot_prev_time = 0.0
        self._next_contact = 0
        self.trails = [[p] for p in self.positions]
        self.judgement.clear()
        self.effects.start(result, self.shot_map, [self.radius(i) for i in self.shot_map])
        self.sound.play("flick", 0.3 + 0.7 * loudness)

    def finish_playback(self) -> None:
        if self.shot is not None:
            self.shot_time = self.shot.duration
            self.update(0.0)

    def update(self, dt: float) -> None:
        if self.held and self.mode is not AimMode.DRAG:
            self.let_go_pointer()  # a pull ended some other way: never a hidden pointer after
        self.flick_still += dt  # (a motion of a flick under way sets it back to 0)
        self.effects.update(dt)
        self.judgement.update(dt)
        self.cheers.update(dt)
        self.arming.update(dt)
        if self.shot is not None:
            shot = self.shot
            self.shot_prev_time = self.shot_time
            if not self.paused:
                self.shot_time = min(shot.duration, self.shot_time + dt * self.speedup)
            while (
                self._next_contact < len(shot.contacts)
                and shot.contacts[self._next_contact].time <= self.shot_time
            ):
                contact = shot.contacts[self._next_contact]
                if dt > 0:
                    self.sound.hit(contact.speed)
                self._next_contact += 1
            frame = shot.trajectory.at(self.shot_time)
            turning: set[int] = set()
            for k, (x, y, a) in enumerate(frame):
                i = self.shot_map[k]
                if math.dist(self.trails[i][-1], (x, y)) > 0.01:
                    self.trails[i].append((x, y))
                    self.labels.pop(i, None)  # where it lies is news only once it stops
                if abs(a - self.angles[i]) > 1e-4:
                    turning.add(i)
                self.angles[i] = a
            if not self.paused:  # a paused replay holds its spinning caps' ticks too
                self.turning = turning
            moved = [
                (x, y)
                for k, (x, y, _) in enumerate(frame)
                if math.dist((x, y), shot.start[k]) > 0.005
            ]
            box = around(moved, 0.12)  # the caps in motion; the camera follows them
            if not self.manual_view or not self._in_view(box):
                self.manual_view = False
                base = self.aim_frame or self.home  # from the turn's view, out as caps go
                self._follow_caps(union(base, box) if box else base)
            if self.shot_time >= shot.duration:
                for k, p in enumerate(shot.rest):
                    self.positions[self.shot_map[k]] = p
                self.shot = None
                self.effects.rested(shot, self.colour_of, self.radius)
                self.judgement.judge(shot, self.shot_map, [self.radius(i) for i in self.shot_map])
                self.relabel()
                self.frame_view(snap=False)
                if self.on_shot_done is not None:
                    self.on_shot_done(shot)
        # a turn's pan is a short glide; rolling caps are followed at the camera's own pace
        if self.judgement.holds_view:
            return  # a near miss is being shown where it happened: the next turn's pan waits
        if self.moment_hold > 0 and self.shot is None and self.moment_view is not None:
            self.moment_hold = max(0.0, self.moment_hold - dt)
            turn = self.camera.target  # (the next turn's view, taken up once the hold ends)
            self.camera.target = self.moment_view
            self.camera.update(dt, PAN_RATE)
            self.camera.target = turn
            return
        self.camera.update(dt, PAN_RATE if self.fits_turn and self.shot is None else 6.0)

    def hold_moment(self, caps: Sequence[Vec], seconds: float = MOMENT_HOLD_S) -> None:
        """Hold the view on a big moment at these caps (where its call-outs are said) for
        `seconds` before the next turn's glide: the view stays where the shot ended, or pans
        (at the same scale) just enough to bring the caps and their call-outs' room inside
        the free area, clear of the banner (the view left pipsies and kills at once: a
        play-test). A key or a press skips it (skip_hold)."""
        if not caps or self.manual_view:
            return
        cam = self.camera
        scale = cam.scale
        rx, ry = MOMENT_ROOM_PX[0] / scale, MOMENT_ROOM_PX[1] / scale
        xs, ys = [p[0] for p in caps], [p[1] for p in caps]
        need = (min(xs) - rx, min(ys) - ry, max(xs) + rx, max(ys) + ry)
        here = (cam.centre, scale)
        if self.holds(need, here, 0):
            self.moment_view = here
        else:
            (cx, cy), _ = self._turn_at(need, scale)
            self.moment_view = ((cx, cy), scale)
        self.moment_hold = seconds

    def skip_hold(self) -> None:
        """A key or a press: the moment has been seen, on to the next turn."""
        self.moment_hold = 0.0

    def _follow_caps(self, rect: WorldRect) -> None:
        """Keep the rolling caps in sight: at one scale a pan while they fit in the frame, else
        the view draws back for the shot (the next is made at the player's scale again)."""
        cam = self.camera
        if self.keep_scale:
            scale = self.view_scale()
            frame = cam.frame
            if (rect[2] - rect[0]) * scale <= frame.w and (rect[3] - rect[1]) * scale <= frame.h:
                cam.target = self.panned(rect, start=cam.target[0])
                return
        cam.show(rect)  # not self.show(): the caps move, no band to clear

    def positions_at(self, alpha_time: float) -> list[Vec]:
        if self.shot is None:
            return self.positions
        out = list(self.positions)
        for k, (x, y, _) in enumerate(self.shot.trajectory.at(alpha_time)):
            out[self.shot_map[k]] = (x, y)
        return out

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn = {}
        cam = self.camera
        clip = surface.get_clip()
        surface.set_clip(cam.viewport)
        self.painter.draw(surface, cam, self.cap_discs())  # START from under the caps
        if self.highlight is not None:
            self.highlight(surface)
        self._draw_ghost(surface)
        t = 0.0
        if self.shot is not None:
            self.guide_marks = ()  # the shot is away: nothing of its guide is drawn
            t = self.shot_prev_time + (self.shot_time - self.shot_prev_time) * alpha
            positions = self.positions_at(t)
            self._draw_trails(surface)
        else:
            positions = self.positions
            if self.keep_trails:
                self._draw_trails(surface)
        radii = self.radii_px(positions)  # far out still a cap, never over a neighbour
        self.effects.draw_under(surface, cam, t, self.colour_of, radii.__getitem__, self.hidden)
        shown = self.visible()
        at = {i: cam.to_screen(positions[i]) for i in shown}
        self._draw_locators(surface, at, radii)
        for i in shown:  # every shadow first: none lies on another cap
            draw_shadow(surface, at[i], radii[i])
        self._draw_marks_under(surface, at, radii)
        moving = self.turning if self.shot is not None else set()
        for i in shown:
            look = self.looks[i]
            draw_cap(
                surface,
                look.kind,
                look.colour,
                look.symbol,
                at[i],
                radii[i],
                self.angles[i],
                False,  # (the shadows were laid first)
                i in moving,  # spinning
            )
        self.effects.draw_over(surface, cam, t)
        self.cheers.draw(surface, cam)
        if self.shot is None:
            if self.show_labels:  # first: the meter finds a spot clear of them, and lies over
                self._draw_labels(surface)
            self.judgement.draw(
                surface,
                cam,
                self.looks,
                self.radius,
                [(self.positions[i], self.radius(i)) for i in self.visible()],
                self.units is Units.IMPERIAL,
                self.hidden,
            )
            self._draw_aim(surface)
        surface.set_clip(clip)

    def _draw_locators(
        self,
        surface: pygame.Surface,
        at: dict[int, tuple[float, float]],
        radii: dict[int, float],
    ) -> None:
        """A cap a few pixels across (the whole board, a replay) is found by a thin ring of its
        colour round it on the street, never the cap drawn larger: each ring stops short of
        every other cap, so two caps a hair apart show no ring between them and the gap that
        is there."""
        for i, (x, y) in at.items():
            r = radii[i]
            if r >= LOCATE_BELOW_PX:
                continue
            ring = r + LOCATE_PX
            for j, (u, v) in at.items():
                if j != i:
                    ring = min(ring, math.dist((x, y), (u, v)) - radii[j] - 1)
            if ring >= r + 2:
                colour = theme.shade_alpha(self.looks[i].colour)
                pygame.draw.circle(surface, colour, (x, y), ring, 1)

    def _draw_marks_under(
        self,
        surface: pygame.Surface,
        at: dict[int, tuple[float, float]],
        radii: dict[int, float],
    ) -> None:
        """Under the caps (so a ring never lies on a neighbour): the ring round the cap to
        shoot, filling while the turn arms (cues.py)."""
        i = self.selected
        if i is None or self.shot is not None or i not in at or not self.shootable(i):
            return
        draw_ready_ring(surface, at[i], max(radii[i], 5) + 5, self.arming)

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        for path in self.ghost:
            if len(path) > 1:
                pts = [self.camera.to_screen(p) for p in path]
                for a, b in zip(pts[::2], pts[1::2], strict=False):
                    pygame.draw.line(surface, theme.CHALK_DIM, a, b, 2)
                pygame.draw.circle(surface, theme.CHALK_DIM, pts[-1], 7, 1)

    def _draw_trails(self, surface: pygame.Surface) -> None:
        for i, trail in enumerate(self.trails):
            if len(trail) > 1 and i not in self.hidden and i in self.shot_map:
                pts = [self.camera.to_screen(p) for p in trail]
                pygame.draw.lines(surface, theme.shade_alpha(self.looks[i].colour), False, pts, 2)

"""The Skully table shared by practice and the game: board, caps, flicking, shot playback.

A shot is simulated to rest at once (a few milliseconds), then played back in real time from its
sampled trajectory, so what the player sees is exactly what the rules judge and what a replay
shows. Input (skully/hand.py): a flick (press on the cap and flick the pointer through it; the
pointer's speed at release is the shot), or a slingshot (press, pull back, release; or the
keyboard), which a hand level spoils and whose aim is drawn as a cone and a band to say so.
A press on a cap near the window's edge moves the view (and the pointer with it) to make room
for a full pull: the pointer stops at the screen's edge, and SDL's relative mouse mode, which would
get past it, delivers no motion at all under some X servers and drivers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum, auto

import pygame

from skully_game.core.settings import AimGuide, Units
from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.chalk import BoardPainter
from skully_game.shell import theme
from skully_game.shell.sound import SoundBank
from skully_game.shell.view import Camera, WorldRect, around, union
from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Place
from skully_game.skully.hand import (
    MIN_FLICK_SPEED,
    WEAK_FLICK_SPEED,
    HandLevel,
    Input,
    PointerSample,
    pointer_flick,
    pointer_motion,
    spoil,
    spread,
)
from skully_game.skully.misses import format_length
from skully_game.skully.physics import MAX_SPEED, Flick, G, ShotResult, simulate

Vec = tuple[float, float]
PULL_PX = 220  # a full-power pull, in screen pixels (the same feel at any zoom)
MIN_PULL_PX = 6  # a release closer than this is not a flick
PICK_PX = 22  # how near the pointer must be to a cap to grab it: a 7-pixel cap is still easy
MIN_CAP_PX = 7  # px: the smallest radius a cap is drawn at, its colour and mark still seen
TOO_SLOW = "You only touched the cap: no shot. Press on it and flick the pointer through it"
WEAK_SHOT = "A touch: that was your shot"  # rules 3.2.0.0: a slight flick is still a shot


@dataclass(frozen=True)
class CapLook:
    """How one cap is drawn and named."""

    name: str
    kind: CapType
    colour: tuple[int, int, int]
    symbol: str


class AimMode(Enum):
    IDLE = auto()
    DRAG = auto()  # slingshot: the pointer pulled back from a cap
    FLICK = auto()  # the pointer being flicked through a cap
    KEYS = auto()  # keyboard aiming (a slingshot)


def event_time(event: pygame.event.Event) -> float:
    """When an event happened, in seconds: the App stamps each event it polls (pygame-ce 2.5
    keeps SDL's own stamps to itself); a scripted event may carry its own."""
    t = getattr(event, "t", None)
    return float(t) if t is not None else time.perf_counter()


def speed_for(power: float) -> float:
    """Power is the fraction of a full pull and the flick's speed goes with it, so the slide
    (which goes as v^2) is fine to control on short shots and still reaches across the board."""
    return MAX_SPEED * min(max(power, 0.0), 1.0)


def slide_distance(kind: CapType, speed: float) -> float:
    return speed * speed / (2 * kind.spec.mu * G)


def _neg(v: tuple[float, float]) -> tuple[float, float]:
    return (-v[0], -v[1])


class CapTable:
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
        self.looks = list(looks)
        self.positions: list[Vec] = list(positions)
        self.angles: list[float] = [0.0] * len(self.positions)
        self.sound = sound
        s = spec.board_side
        a, b = self.board.start_line
        margin = 0.06
        self.home = (
            min(a[0], b[0], 0.0) - margin - 0.12,
            min(a[1], b[1], 0.0) - margin - 0.12,
            s + margin,
            s + margin,
        )
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
        self.units = Units.METRIC
        self.labels: dict[int, str] = {}
        self.show_labels = True
        self.highlight: Callable[[pygame.Surface], None] | None = None
        # aim state
        self.mode = AimMode.IDLE
        self.selected: int | None = None
        self.aim_angle = math.pi / 4
        self.power = 0.4
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
        self.warped_from: tuple[float, float] | None = None  # where the press was, if moved
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
        self.paused = False  # replays: hold the playback where it is
        self.demo_aim = False  # a computer player is showing its aim
        self.keep_trails = False  # replays: the paths stay drawn once the caps stop
        self.ghost: list[list[Vec]] = []  # practice "try again": the original shot's paths
        self.drawn: dict[str, pygame.Rect] = {}  # where the meter and labels went (last frame)
        self.frame_view()

    # --- geometry helpers -----------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.shot is not None

    def radius(self, i: int) -> float:
        return self.looks[i].kind.spec.radius

    def place(self, i: int) -> Place:
        return self.board.locate(self.positions[i], self.radius(i))

    def visible(self) -> list[int]:
        return [i for i in range(len(self.positions)) if i not in self.hidden]

    def frame_view(self, snap: bool = True) -> None:
        """Show what matters now: the shooter's cap and its goal while aiming (the scene sets
        `aim_frame`), else the board and every cap in play."""
        if self.manual_view:
            return
        if self.aim_frame is not None:
            self.show(self.aim_frame, snap=snap)
            return
        pts = [self.positions[i] for i in self.visible()]
        box = around(pts, 0.08)
        self.show(union(self.home, box) if box else self.home, snap=snap)

    def show(self, rect: WorldRect, snap: bool = False) -> None:
        """Aim the camera at `rect`, grown to take in any cap in play that would otherwise lie
        under an opaque band (the banner above the board, a card below it): a cap is seen
        whole or not at all, never only by its label."""
        self.camera.show(self.clear_of_bands(rect), snap=snap)

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
        fit_scale = cam.fit(self.home)[1]
        scale = min(max(cam.scale * factor, fit_scale * 0.2), fit_scale * 12)
        wx, wy = cam.to_world(at)
        cam.scale = scale
        # keep the world point under the pointer where it was
        mx, my = cam.middle
        cx = wx - (at[0] - mx) / scale
        cy = wy + (at[1] - my) / scale
        cam.centre = (cx, cy)
        cam.target = (cam.centre, cam.scale)
        self.manual_view = True

    def fit(self) -> None:
        """F: the whole board and every cap, and again back to the turn's own view."""
        if self.manual_view or self.aim_frame is None:
            self.manual_view = False
            self.frame_view(snap=False)
            return
        box = around([self.positions[i] for i in self.visible()], 0.08)
        self.show(union(self.home, box) if box else self.home)
        self.manual_view = True

    def cap_at(self, pos: tuple[int, int]) -> int | None:
        best, best_d = None, float("inf")
        for i in self.visible():
            sx, sy = self.camera.to_screen(self.positions[i])
            d = math.hypot(sx - pos[0], sy - pos[1])
            reach = max(PICK_PX, self.camera.length(self.radius(i)) + 4)
            if d <= reach and d < best_d:
                best, best_d = i, d
        return best

    # --- aiming -----------------------------------------------------------------------

    def select(self, i: int | None) -> None:
        changed, self.selected = i != self.selected, i
        if i is not None and (changed or self.mode is AimMode.IDLE):
            # face the cap's goal (else the board's centre) with the power that slides there:
            # a sensible first aim, never the last shot's angle or power left over
            cx, cy = self.aim_at(i) or self.board.centre
            x, y = self.positions[i]
            self.aim_angle = math.atan2(cy - y, cx - x)
            kind = self.looks[i].kind
            reach = math.sqrt(2 * kind.spec.mu * G * math.hypot(cx - x, cy - y))
            self.power = min(1.0, reach / MAX_SPEED)

    def cycle(self, delta: int) -> None:
        options = [i for i in self.visible() if self.shootable(i)]
        if not options:
            return
        k = (options.index(self.selected) + delta) % len(options) if self.selected in options else 0
        self.select(options[k])
        self.mode = AimMode.KEYS

    def cancel(self) -> None:
        self.mode = AimMode.IDLE
        self.mover = None
        self.samples = []
        self.warped_from = None

    def current_flick(self) -> Flick | None:
        if self.selected is None:
            return None
        return Flick(self.selected, self.aim_angle, speed_for(self.power), self.offset)

    def _drag_update(self, pos: tuple[float, float]) -> None:
        if self.selected is None:
            return
        sx, sy = self.anchor
        dx, dy = pos[0] - sx, pos[1] - sy
        pull = math.hypot(dx, dy)
        if pull >= 1:
            # pulled back on screen: the cap goes the other way (screen y is down)
            self.aim_angle = math.atan2(dy, -dx)
        self.power = min(pull / PULL_PX, 1.0)

    def _shoot(self, flick: Flick | None = None, flicked: bool = False) -> None:
        """Make a shot: the aim shown (a slingshot, spoiled by the hand) or a pointer flick."""
        flick = flick if flick is not None else self.current_flick()
        self.mode = AimMode.IDLE
        if flick is None or flick.speed <= 0:
            return
        if self.on_flick is not None:
            result = self.on_flick(flick, flicked)
        else:
            made = flick if flicked else spoil(flick, self.hand, self.rng)
            result = self.simulate(made)
            flick = made
        if result is not None and self.shot is None:
            self.play(result, flick.speed / MAX_SPEED)

    # --- the pointer --------------------------------------------------------------------

    def make_room(self, i: int, press: tuple[int, int]) -> None:
        """A slingshot pressed near the window's edge: slide the view so the cap has a full
        pull of room all round, and move the pointer with it (the pull is measured from the
        cap, so nothing changes if the system will not move the pointer)."""
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else self.camera.viewport.size
        room = PULL_PX + 10
        x, y = self.camera.to_screen(self.positions[i])
        nx = min(max(x, room), size[0] - room) if size[0] > 2 * room else x
        ny = min(max(y, room), size[1] - room) if size[1] > 2 * room else y
        if (nx, ny) == (x, y):
            return
        cam = self.camera
        scale = self._scale_keeping_goal(self.positions[i], (nx, ny))
        cx, cy = self.positions[i]
        mx, my = cam.middle
        cam.centre = (cx - (nx - mx) / scale, cy + (ny - my) / scale)  # the cap drawn at (nx, ny)
        cam.scale = scale
        cam.target = (cam.centre, cam.scale)
        self.manual_view = True  # the player's view now, until the turn ends
        self.anchor = (nx, ny)
        moved = (round(press[0] + nx - x), round(press[1] + ny - y))
        self.warped_from = (float(press[0]), float(press[1]))
        self.pointer = (float(moved[0]), float(moved[1]))
        if surface is not None:
            pygame.mouse.set_pos(moved)

    def _scale_keeping_goal(self, cap: tuple[float, float], at: tuple[float, float]) -> float:
        """The camera's scale once the cap is drawn at `at`: as it is, or smaller if the turn's
        goal (`aim_frame`) would otherwise slide out of the frame (under the banner, say)."""
        cam = self.camera
        scale = cam.scale
        if self.aim_frame is None:
            return scale
        frame = cam.frame
        x0, y0, x1, y1 = self.aim_frame
        for wx, wy in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
            dx, dy = wx - cap[0], cap[1] - wy  # screen directions: y grows downwards
            if dx > 0:
                scale = min(scale, (frame.right - at[0]) / dx)
            elif dx < 0:
                scale = min(scale, (frame.left - at[0]) / dx)
            if dy > 0:
                scale = min(scale, (frame.bottom - at[1]) / dy)
            elif dy < 0:
                scale = min(scale, (frame.top - at[1]) / dy)
        return max(scale, cam.scale / 4)  # never so small the caps cannot be seen

    def _follow(self, event: pygame.event.Event) -> None:
        """Where the pointer is: after the view made room, the first motion tells whether the
        pointer really moved with it; if not, the pull is measured from where it still is."""
        pos = (float(event.pos[0]), float(event.pos[1]))
        if self.warped_from is not None:
            was, self.warped_from = self.warped_from, None
            if math.dist(pos, was) < math.dist(pos, self.pointer):
                self.anchor = (
                    self.anchor[0] + was[0] - self.pointer[0],
                    self.anchor[1] + was[1] - self.pointer[1],
                )
        self.pointer = pos

    def _flick_preview(self, now: float) -> None:
        """While flicking: aim and power follow the pointer, the cue of what a release makes."""
        angle, speed = pointer_motion(self.samples, now, self.sensitivity)
        if speed > 0:
            self.aim_angle = angle
        self.power = speed / MAX_SPEED

    def _release_flick(self, t: float) -> None:
        assert self.selected is not None
        flick = pointer_flick(self.selected, self.samples, t, self.sensitivity)
        self.samples = []
        if flick is None:
            self.mode = AimMode.IDLE
            if self.on_cue is not None:
                self.on_cue(TOO_SLOW)
            return
        self.aim_angle = flick.angle
        if flick.speed < WEAK_FLICK_SPEED and self.on_cue is not None:
            self.on_cue(WEAK_SHOT)
        self._shoot(flick, flicked=True)

    def simulate(self, flick: Flick) -> ShotResult:
        kinds = [look.kind for look in self.looks]
        return simulate(self.spec, kinds, self.positions, flick, self.pinned)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Aim and flick; True when the event was used."""
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos() if not self.mouse else self.mouse
            if self.camera.viewport.collidepoint(pos):
                self.zoom(pos, 1.15**event.y)
                return True
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_f, pygame.K_HOME)
            and not self.busy
        ):
            self.fit()
            return True
        if event.type == pygame.MOUSEMOTION:
            if self.mode in (AimMode.DRAG, AimMode.FLICK):
                self._follow(event)
            self.mouse = tuple(event.pos)
            if self.mover is not None:
                self.positions[self.mover] = self.camera.to_world(event.pos)
                return True
            if self.mode is AimMode.DRAG:
                self._drag_update(self.pointer)
                return True
            if self.mode is AimMode.FLICK:
                t = event_time(event)
                doubt = float(getattr(event, "doubt", 0.0))
                self.samples.append(PointerSample(t, *self.pointer, doubt))
                self._flick_preview(t)
                return True
            return False
        if self.busy:
            if (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
            ) or (
                event.type == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and self.camera.viewport.collidepoint(event.pos)
            ):
                self.finish_playback()
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.camera.viewport.collidepoint(event.pos)
        ):
            # a press stops a view still easing into place: it acts on the board as drawn
            self.camera.target = (self.camera.centre, self.camera.scale)
            i = self.cap_at(event.pos)
            if i is None:
                return False
            if self.allow_move and pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self.mover = i
                return True
            if self.shootable(i):
                self.select(i)
                self.anchor = self.camera.to_screen(self.positions[i])
                self.pointer = (float(event.pos[0]), float(event.pos[1]))
                self.mouse = tuple(event.pos)
                self.power = 0.0
                if self.input is Input.FLICK:
                    self.mode = AimMode.FLICK
                    self.samples = [PointerSample(event_time(event), *self.pointer)]
                else:
                    self.mode = AimMode.DRAG
                    self.make_room(i, event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.mover is not None:
                self.mover = None
                self.after_move()
                return True
            self.warped_from = None
            if self.mode is AimMode.FLICK:
                self._release_flick(event_time(event))
                return True
            if self.mode is AimMode.DRAG:
                if self.power * PULL_PX < MIN_PULL_PX:
                    self.mode = AimMode.IDLE
                else:
                    self._shoot()
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 3
            and self.mode is not AimMode.IDLE
        ):
            self.cancel()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def after_move(self) -> None:
        """A cap was moved by hand (practice): refresh its label."""
        self.labels = {i: self.place(i).label() for i in self.visible()}

    def _key(self, event: pygame.event.Event) -> bool:
        fine = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_ESCAPE and self.mode is not AimMode.IDLE:
            self.cancel()
            return True
        if event.key == pygame.K_TAB:
            self.cycle(-1 if fine else 1)
            return True
        if self.selected is None or not self.shootable(self.selected):
            if event.key in (
                pygame.K_LEFT,
                pygame.K_RIGHT,
                pygame.K_UP,
                pygame.K_DOWN,
                pygame.K_SPACE,
            ):
                self.cycle(1)
                return True
            return False
        turn = math.radians(0.1 if fine else 1.0)
        step = 0.005 if fine else 0.02
        if event.key == pygame.K_LEFT:
            self.aim_angle += turn
        elif event.key == pygame.K_RIGHT:
            self.aim_angle -= turn
        elif event.key == pygame.K_UP:
            self.power = min(1.0, self.power + step)
        elif event.key == pygame.K_DOWN:
            self.power = max(0.0, self.power - step)
        elif event.key == pygame.K_LEFTBRACKET:
            self.offset = max(-1.0, round(self.offset - 0.25, 2))
        elif event.key == pygame.K_RIGHTBRACKET:
            self.offset = min(1.0, round(self.offset + 0.25, 2))
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.mode is AimMode.KEYS:
                self._shoot()
            else:
                self.mode = AimMode.KEYS
            return True
        else:
            return False
        self.mode = AimMode.KEYS
        return True

    # --- playback ---------------------------------------------------------------------

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
        self.sound.play("flick", 0.3 + 0.7 * loudness)

    def finish_playback(self) -> None:
        if self.shot is not None:
            self.shot_time = self.shot.duration
            self.update(0.0)

    def update(self, dt: float) -> None:
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
            for k, (x, y, a) in enumerate(frame):
                i = self.shot_map[k]
                if math.dist(self.trails[i][-1], (x, y)) > 0.01:
                    self.trails[i].append((x, y))
                    self.labels.pop(i, None)  # where it lies is news only once it stops
                self.angles[i] = a
            moved = [
                (x, y)
                for k, (x, y, _) in enumerate(frame)
                if math.dist((x, y), shot.start[k]) > 0.005
            ]
            box = around(moved, 0.12)  # the caps in motion; the camera follows them
            if not self.manual_view or not self._in_view(box):
                self.manual_view = False
                base = self.aim_frame or self.home  # from the turn's view, out as caps go
                self.camera.show(union(base, box) if box else base)  # not show(): caps move
            if self.shot_time >= shot.duration:
                for k, p in enumerate(shot.rest):
                    self.positions[self.shot_map[k]] = p
                self.shot = None
                self.labels = {i: self.place(i).label() for i in self.visible()}
                self.frame_view(snap=False)
                if self.on_shot_done is not None:
                    self.on_shot_done(shot)
        self.camera.update(dt)

    def _in_view(self, box: tuple[float, float, float, float] | None) -> bool:
        if box is None:
            return True
        a = self.camera.to_screen((box[0], box[1]))
        b = self.camera.to_screen((box[2], box[3]))
        v = self.camera.frame  # under the banner is out of view
        return v.left <= a[0] and b[0] <= v.right and v.top <= b[1] and a[1] <= v.bottom

    def positions_at(self, alpha_time: float) -> list[Vec]:
        if self.shot is None:
            return self.positions
        out = list(self.positions)
        for k, (x, y, _) in enumerate(self.shot.trajectory.at(alpha_time)):
            out[self.shot_map[k]] = (x, y)
        return out

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn = {}
        cam = self.camera
        clip = surface.get_clip()
        surface.set_clip(cam.viewport)
        self.painter.draw(surface, cam)
        if self.highlight is not None:
            self.highlight(surface)
        self._draw_ghost(surface)
        if self.shot is not None:
            t = self.shot_prev_time + (self.shot_time - self.shot_prev_time) * alpha
            positions = self.positions_at(t)
            self._draw_trails(surface)
        else:
            positions = self.positions
            if self.keep_trails:
                self._draw_trails(surface)
        for i in self.visible():
            r_px = max(cam.length(self.radius(i)), MIN_CAP_PX)  # far out: still a cap, owned
            look = self.looks[i]
            at = cam.to_screen(positions[i])
            if i == self.selected and self.shot is None and self.shootable(i):
                pygame.draw.circle(surface, theme.ACCENT, at, max(r_px, 5) + 5, 2)
            draw_cap(surface, look.kind, look.colour, look.symbol, at, r_px, self.angles[i])
        if self.shot is None:
            if self.show_labels:  # first: the meter finds a spot clear of them, and lies over
                self._draw_labels(surface)
            self._draw_aim(surface)
        surface.set_clip(clip)

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

    def _draw_aim(self, surface: pygame.Surface) -> None:
        if self.selected is None:
            return
        if not self.demo_aim and (self.mode is AimMode.IDLE or not self.shootable(self.selected)):
            return
        i = self.selected
        cam = self.camera
        x, y = cam.to_screen(self.positions[i])
        speed = speed_for(self.power)
        r_px = max(cam.length(self.radius(i)), 5)
        if self.mode is AimMode.FLICK:
            self._draw_flick(surface, (x, y), r_px, speed)
            return
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        if self.guide is AimGuide.DISTANCE:
            length = cam.length(slide_distance(self.looks[i].kind, speed))
        else:
            length = 40 + 120 * self.power
        wobbly = not self.demo_aim and self.hand is not HandLevel.STEADY
        if wobbly:
            self._draw_cone(surface, (x, y), r_px, length, speed)
        dash = 10
        n = int(length // dash)
        for k in range(0, n, 2):
            a = (x + ux * (r_px + k * dash), y + uy * (r_px + k * dash))
            b = (x + ux * (r_px + (k + 1) * dash), y + uy * (r_px + (k + 1) * dash))
            pygame.draw.line(surface, theme.CHALK, a, b, 2)
        tip = (x + ux * (r_px + length), y + uy * (r_px + length))
        left = (tip[0] - ux * 10 - uy * 6, tip[1] - uy * 10 + ux * 6)
        right = (tip[0] - ux * 10 + uy * 6, tip[1] - uy * 10 - ux * 6)
        pygame.draw.polygon(surface, theme.CHALK, [tip, left, right])
        if self.mode is AimMode.DRAG:
            end = self.pointer
            pygame.draw.line(surface, theme.TEXT_DIM, (x, y), end, 1)
            pygame.draw.circle(surface, theme.TEXT, end, 4, 1)  # the hidden cursor, free
        self._draw_power(surface, (x, y), speed, spread(self.hand, speed)[1] if wobbly else 0.0)

    def _draw_cone(
        self,
        surface: pygame.Surface,
        at: tuple[float, float],
        r_px: float,
        length: float,
        speed: float,
    ) -> None:
        """The hand's wobble, drawn honestly: about 95 % of shots leave inside the cone, and with
        the distance guide on, stop inside the band across it."""
        x, y = at
        half, dv = spread(self.hand, speed)
        reach = r_px + length + 14
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        edge = [
            (x + math.cos(a) * reach, y - math.sin(a) * reach)
            for a in (self.aim_angle - half + 2 * half * k / 12 for k in range(13))
        ]
        pygame.draw.polygon(layer, (*theme.CHALK, 34), [(x, y), *edge])
        for a in (self.aim_angle - half, self.aim_angle + half):
            pygame.draw.line(
                layer,
                (*theme.CHALK, 120),
                (x + math.cos(a) * r_px, y - math.sin(a) * r_px),
                (x + math.cos(a) * reach, y - math.sin(a) * reach),
                1,
            )
        if self.guide is AimGuide.DISTANCE and self.selected is not None:
            kind = self.looks[self.selected].kind
            near = r_px + self.camera.length(slide_distance(kind, max(speed - dv, 0.0)))
            far = r_px + self.camera.length(slide_distance(kind, speed + dv))
            band = [
                (x + math.cos(a) * d, y - math.sin(a) * d)
                for d, angles in (
                    (near, [self.aim_angle - half + 2 * half * k / 8 for k in range(9)]),
                    (far, [self.aim_angle + half - 2 * half * k / 8 for k in range(9)]),
                )
                for a in angles
            ]
            pygame.draw.polygon(layer, (*theme.ACCENT, 70), band)
        surface.blit(layer, (0, 0))

    def _draw_flick(
        self, surface: pygame.Surface, at: tuple[float, float], r_px: float, speed: float
    ) -> None:
        """The flick's cue: the pointer's recent path, and the shot a release now would make
        (an arrow for its direction and speed), or a dim ring while too slow to count."""
        if len(self.samples) > 1:
            newest = self.samples[-1].t
            path = [(p.x, p.y) for p in self.samples if newest - p.t <= 0.15]
            if len(path) > 1:
                pygame.draw.lines(surface, self.looks[self.selected or 0].colour, False, path, 2)
        x, y = at
        if speed < MIN_FLICK_SPEED:
            pygame.draw.circle(surface, theme.TEXT_DIM, at, r_px + 10, 1)
            theme.text(surface, "flick through", (x, y + r_px + 14), 18, theme.TEXT_DIM, "midtop")
            return
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        length = 30 + 150 * self.power
        tip = (x + ux * (r_px + length), y + uy * (r_px + length))
        pygame.draw.line(surface, theme.ACCENT, (x + ux * r_px, y + uy * r_px), tip, 3)
        left = (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7)
        right = (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7)
        pygame.draw.polygon(surface, theme.ACCENT, [tip, left, right])
        self._draw_power(surface, at, speed, 0.0)

    def _draw_power(
        self, surface: pygame.Surface, at: tuple[float, float], speed: float, wobble: float
    ) -> None:
        """The power meter, beside the cap and square to the aim (so neither the aim line nor
        the pull crosses it), green to red, with the hand's wobble as a band on the bar."""
        w, h = 14, 110
        ux, uy = math.cos(self.aim_angle), -math.sin(self.aim_angle)
        side = (-uy, ux)  # square to the aim; the side towards the middle of the view
        mid = self.camera.frame.center
        if (mid[0] - at[0]) * side[0] + (mid[1] - at[1]) * side[1] < 0:
            side = (uy, -ux)
        caption = f"{round(self.power * 100)}%"
        if wobble > 0:
            caption += f" ±{round(100 * wobble / MAX_SPEED)}%"
        if self.guide is AimGuide.DISTANCE and self.selected is not None:
            caption += "  ~" + format_length(
                slide_distance(self.looks[self.selected].kind, speed), self.units
            )
        if self.offset:
            caption += f"  spin {self.offset:+.2f}"
        label = theme.font(20).render(caption, True, theme.TEXT)
        # square to the aim on the side towards the middle, else the other side: the first
        # spot that covers no other cap or label (else the one that covers fewest)
        places = [self._meter_at(at, way, (w, h), label.get_size()) for way in (side, _neg(side))]
        box, spot = min(places, key=lambda place: self._covered(place[0].union(place[1])))
        pygame.draw.rect(surface, theme.PANEL, box.inflate(6, 6), border_radius=5)
        filled = round(h * self.power)
        colour = (round(90 + 160 * self.power), round(200 - 120 * self.power), 90)
        pygame.draw.rect(surface, colour, (box.x, box.bottom - filled, w, filled), border_radius=3)
        if wobble > 0:
            lo = max(0.0, (speed - wobble) / MAX_SPEED)
            hi = min(1.0, (speed + wobble) / MAX_SPEED)
            band = pygame.Rect(box.x - 3, box.bottom - round(h * hi), w + 6, round(h * (hi - lo)))
            pygame.draw.rect(surface, theme.CHALK, band, 1)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL, spot.inflate(8, 4), border_radius=4)
        surface.blit(label, spot)
        self.drawn["meter"] = box.union(spot)

    def _meter_at(
        self,
        at: tuple[float, float],
        side: tuple[float, float],
        bar: tuple[int, int],
        caption: tuple[int, int],
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """The meter's bar and caption placed just clear of the cap towards `side`, the
        caption on the far side of the bar, kept inside the frame."""
        box = pygame.Rect((0, 0), bar)
        spot = pygame.Rect((0, 0), caption)
        if side[0] >= 0:
            spot.midleft = (box.right + 8, box.centery)
        else:
            spot.midright = (box.left - 8, box.centery)
        whole = box.union(spot).inflate(8, 8)
        reach = 18 + abs(side[0]) * whole.w / 2 + abs(side[1]) * whole.h / 2
        placed = whole.copy()
        placed.center = (round(at[0] + side[0] * reach), round(at[1] + side[1] * reach))
        placed = placed.clamp(self.camera.frame.inflate(-8, -8))
        dx, dy = placed.x - whole.x, placed.y - whole.y
        return box.move(dx, dy), spot.move(dx, dy)

    def _covered(self, rect: pygame.Rect) -> int:
        """How many other caps and cap labels `rect` would hide."""
        cam, hits = self.camera, 0
        for i in self.visible():
            if i != self.selected:
                x, y = cam.to_screen(self.positions[i])
                r = cam.length(self.radius(i)) + 3
                hits += rect.colliderect(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        labels = [r for name, r in self.drawn.items() if name.startswith("label ")]
        return hits + sum(rect.colliderect(r) for r in labels)

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each cap's place in words, beside the cap where it hides no other label, cap or box
        number; a cap out of view is labelled at the edge towards it, labels stacked there."""
        frame = self.camera.frame.inflate(-4, -4)  # clear of panel and banner
        taken = self._number_rects()
        caps = {i: pygame.Rect(0, 0, 18, 18) for i in self.visible()}
        for i, r in caps.items():
            x, y = self.camera.to_screen(self.positions[i])
            r.center = (round(x), round(y))
        placed: list[pygame.Rect] = []
        for i, label in sorted(self.labels.items()):
            if i in self.hidden or label == "behind start":  # the crowd at the start: see the panel
                continue
            if i == self.selected and self.mode is not AimMode.IDLE:
                continue  # aiming: the meter beside the cap says what matters
            x, y = self.camera.to_screen(self.positions[i])
            img = theme.font(18).render(label, True, theme.TEXT)
            size = img.get_rect().inflate(8, 4).size
            others = [r for j, r in caps.items() if j != i]
            back = self._label_spot((x, y), size, frame, placed, taken, others)
            pygame.draw.rect(surface, (20, 20, 24), back, border_radius=4)
            pygame.draw.rect(surface, self.looks[i].colour, back, 1, border_radius=4)
            surface.blit(img, img.get_rect(center=back.center))
            if not frame.collidepoint(x, y):  # out of view: point the way to the cap
                self._draw_pointer(surface, back, (x, y), self.looks[i].colour)
            placed.append(back)
            self.drawn[f"label {i}"] = back

    def _label_spot(
        self,
        at: tuple[float, float],
        size: tuple[int, int],
        frame: pygame.Rect,
        placed: list[pygame.Rect],
        numbers: list[pygame.Rect],
        caps: list[pygame.Rect],
    ) -> pygame.Rect:
        """The first spot around the cap (or along the edge, for a cap out of view) that covers
        no label already drawn, then no box number or cap either; else the first spot."""
        x, y = at
        w, h = size
        spots = [
            (x + 12, y - 12 - h / 2),
            (x - 12 - w, y + 12 - h / 2),
            (x + 12, y + 12 - h / 2),
            (x - 12 - w, y - 12 - h / 2),
            (x - w / 2, y - 16 - h),
            (x - w / 2, y + 16),
        ]
        rects = [pygame.Rect(round(sx), round(sy), w, h).clamp(frame) for sx, sy in spots]
        if not frame.collidepoint(x, y):  # along the edge, away from where the others sit
            first = rects[0]
            step = h + 4
            horizontal = first.top <= frame.top or first.bottom >= frame.bottom
            rects = [first]
            for k in range(1, 12):
                for sign in (1, -1):
                    move = (sign * k * (w + 4), 0) if horizontal else (0, sign * k * step)
                    rects.append(first.move(move).clamp(frame))
        for avoid in ([*placed, *numbers, *caps], placed):
            for rect in rects:
                if rect.collidelist(avoid) < 0:
                    return rect
        return rects[0]

    def _number_rects(self) -> list[pygame.Rect]:
        """Where the box numbers are drawn, on screen: a label should not hide one."""
        board = self.board
        scale = self.camera.scale
        out = []
        for number in range(1, 14):
            side = self.spec.thirteen_side if number == 13 else self.spec.box_side
            px = max(round(side * 0.5 * scale), 16)
            cx, cy = self.camera.to_screen(board.box_centre(number))
            out.append(pygame.Rect(0, 0, px, px).move(round(cx - px / 2), round(cy - px / 2)))
        return out

    @staticmethod
    def _draw_pointer(
        surface: pygame.Surface,
        back: pygame.Rect,
        to: tuple[float, float],
        colour: tuple[int, int, int],
    ) -> None:
        """A small arrowhead on the label's edge, pointing at its cap out of view."""
        cx, cy = back.center
        angle = math.atan2(to[1] - cy, to[0] - cx)
        ux, uy = math.cos(angle), math.sin(angle)
        # where the ray leaves the label's box
        tx = (back.w / 2) / abs(ux) if abs(ux) > 1e-6 else math.inf
        ty = (back.h / 2) / abs(uy) if abs(uy) > 1e-6 else math.inf
        t = min(tx, ty)
        tip = (cx + ux * (t + 7), cy + uy * (t + 7))
        base = (cx + ux * t, cy + uy * t)
        left = (base[0] - uy * 5, base[1] + ux * 5)
        right = (base[0] + uy * 5, base[1] - ux * 5)
        pygame.draw.polygon(surface, colour, [tip, left, right])

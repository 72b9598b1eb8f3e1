"""The hand at the cap: picking a cap, aiming by keys, a slingshot's pull, a pointer's flick
through the cap, and making room for a pull near the window's edge.

A press on a cap near the window's edge moves the view (and the pointer with it) to make room
for a full pull: the pointer stops at the screen's edge, and SDL's relative mouse mode, which would
get past it, delivers no motion at all under some X servers and drivers.

A mixin of `CapTable` (captable.py): it sets the table's aim state (`mode`, `selected`,
`aim_angle`, `power`, `offset`, `anchor`, `pointer`, `samples`) and calls its `shootable`,
`aim_at`, `on_flick` and `on_cue` hooks."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.skully.capkit import (
    MIN_PULL_PX,
    PULL_PX,
    START_POWER,
    TOO_SLOW,
    WEAK_SHOT,
    AimMode,
    event_time,
    speed_for,
)
from skully_game.skully.hand import (
    WEAK_FLICK_SPEED,
    Input,
    PointerSample,
    pointer_flick,
    pointer_motion,
    spoil,
)
from skully_game.skully.physics import MAX_SPEED, Flick, G


class CapInput:
    """Aim and flick (mixed into CapTable)."""

    def select(self, i: int | None) -> None:
        changed, self.selected = i != self.selected, i
        if i is not None and (changed or self.mode is AimMode.IDLE):
            # face the cap's goal (else the board's centre): a sensible first aim, never the
            # last shot's angle or power left over; the power that slides there only where the
            # length is shown anyway (the distance guide, or the flick guide's ghost, which a
            # pull sees too), else the keyboard would get what a mouse's pull is never told
            cx, cy = self.aim_at(i) or self.board.centre
            x, y = self.positions[i]
            self.aim_angle = math.atan2(cy - y, cx - x)
            self.power = START_POWER
            if self.shows_distance or self.flick_guide:
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
        self.give_back_room()

    def give_back_room(self) -> None:
        """A pull let go of without a shot (Esc, the right button, too short): the view that
        slid to make room for it glides back, the turn's goal in sight again (it stayed slid,
        the goal under the banner)."""
        before, self.room_from = self.room_from, None
        if before is not None:
            centre, scale, manual = before
            self.camera.target = (centre, scale)
            self.manual_view = manual

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

    def make_room(self, i: int, press: tuple[int, int]) -> None:
        """A slingshot pressed near the window's edge: slide the view so the cap has a full
        pull of room away from where it faces, and move the pointer with it (the pull is
        measured from the cap, so nothing changes if the system will not move the pointer)."""
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else self.camera.viewport.size
        room = PULL_PX + 10
        x, y = self.camera.to_screen(self.positions[i])
        # a pull goes away from where the cap faces (its goal, when picked): room that way only,
        # so the view slides less often and the goal stays in sight
        px, py = -math.cos(self.aim_angle), math.sin(self.aim_angle)  # on screen, y down
        ex, ey = x + px * room, y + py * room  # where a full pull's pointer would be
        nx = x + max(0.0, 4 - ex) - max(0.0, ex - (size[0] - 4))
        ny = y + max(0.0, 4 - ey) - max(0.0, ey - (size[1] - 4))
        if (nx, ny) == (x, y):
            return
        cam = self.camera
        self.room_from = (cam.centre, cam.scale, self.manual_view)  # a pull let go: back here
        scale = self._scale_keeping_goal(self.positions[i], (nx, ny))
        cx, cy = self.positions[i]
        mx, my = cam.middle
        cam.centre = (cx - (nx - mx) / scale, cy + (ny - my) / scale)  # the cap drawn at (nx, ny)
        cam.scale = scale
        cam.target = (cam.centre, cam.scale)
        self.manual_view = True  # the player's view, till the turn ends (F stays on)
        self.anchor = (nx, ny)
        moved = (round(press[0] + nx - x), round(press[1] + ny - y))
        self.warped_from = (float(press[0]), float(press[1]))
        self.warp_shift = (moved[0] - press[0], moved[1] - press[1])
        self.pointer = (float(moved[0]), float(moved[1]))
        if surface is not None:
            pygame.mouse.set_pos(moved)

    def _scale_keeping_goal(self, cap: tuple[float, float], at: tuple[float, float]) -> float:
        """The camera's scale once the cap is drawn at `at`: as it is, or smaller if the turn's
        goal (`aim_frame`) would otherwise slide out of the frame (under the banner, say)."""
        cam = self.camera
        scale = cam.scale
        if self.aim_frame is None or self.keep_scale:
            return scale  # one scale: the view only pans to make room
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
        """Where the pointer is. After the view made room the pointer was moved with it, but
        reports made before the move took effect (a quick hand pulls within the press's own
        frame), and every report where the system would not move it, still come in the old
        place: each report nearer where the pointer was than where it was sent is one of those,
        and is shifted as the press was; the first one near the new place ends the doubt."""
        pos = (float(event.pos[0]), float(event.pos[1]))
        if self.warped_from is not None:
            dx, dy = self.warp_shift
            rx, ry = self.warped_from  # the last report in the old place (the press, at first)
            if math.dist(pos, (rx, ry)) <= math.dist(pos, (rx + dx, ry + dy)):
                self.warped_from = pos
                self.pointer = (pos[0] + dx, pos[1] + dy)
                return
            self.warped_from = None
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
                self.flick_still = 0.0
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
                    self.give_back_room()
                else:
                    self.room_from = None  # the shot's own view follows it
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
        self.relabel()

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

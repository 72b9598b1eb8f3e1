"""The hand at the cap: picking a cap, aiming by keys, a slingshot's pull and a pointer's flick
through the cap.

A slingshot's pull is measured in the mouse's own motion while the button is held (SDL's
relative mode: the pointer hidden and held, each report the hand's movement), so a cap near the
window's edge pulls past it and the board never moves under the press (it slid to make room,
and the pointer with it, and a play-tester's pull read wrong). At release the pointer comes
back where the pull ended, inside the window. Where relative mode is refused, the pull follows
the pointer's place, as far as the window allows. Relative mode reports no motion for a pointer
set to absolute places (`xdotool mousemove`): a script drives a pull with relative moves.

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
    skull_exit_power,
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
from skully_game.skully.physics import MAX_SPEED, Flick


class CapInput:
    """Aim and flick (mixed into CapTable)."""

    def select(self, i: int | None) -> None:
        changed, self.selected = i != self.selected, i
        if i is not None and (changed or self.mode is AimMode.IDLE):
            # face the cap's goal (else the board's centre): a sensible first aim, never the
            # last shot's angle left over. The power is never the one that slides there: Tab
            # once set it where the ghost showed the length, and with the first game's steady
            # hand every shot was pipsies, nothing learned (a play-test). It is this seat's
            # last power (the gauge's "last" mark) or a middling pull, and the ghost shows
            # where that ends, for Up/Down or the mouse to adjust. A cap in the skull starts
            # at a gentle shot that just leaves it: a last power flew a killer diller away.
            cx, cy = self.aim_at(i) or self.board.centre
            x, y = self.positions[i]
            self.aim_angle = math.atan2(cy - y, cx - x)
            self.power = self.last_powers.get(i, START_POWER)
            if self.board.in_skull((x, y), self.radius(i)):
                self.power = skull_exit_power(
                    self.board, self.looks[i].kind, (x, y), self.aim_angle
                )

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
        self.let_go_pointer()

    def hold_pointer(self) -> None:
        """A slingshot's press: the pointer hidden and held, its motion read as the hand's own
        (relative mode), so the pull goes on past the window's edge."""
        try:
            pygame.mouse.set_relative_mode(True)
            self.held = bool(pygame.mouse.get_relative_mode())
        except pygame.error:  # no window, or a system without it: the pointer's place
            self.held = False

    def let_go_pointer(self) -> None:
        """The pull over (a shot, Esc, the right button): the pointer shown again where the
        pull ended, kept inside the board's free area (never over the side panel or the
        banner, where a pull ending over the panel left it, and a reflex click opened How to
        play or Save and leave: a play-test)."""
        if not self.held:
            return
        self.held = False
        try:
            pygame.mouse.set_relative_mode(False)
        except pygame.error:
            return
        surface = pygame.display.get_surface()
        if surface is not None:
            x, y = self.pointer_home(surface.get_rect())
            pygame.mouse.set_pos((x, y))
            self.mouse = (x, y)

    def pointer_home(self, window: pygame.Rect) -> tuple[int, int]:
        """Where the pointer comes back after a pull: where the pull ended, moved inside the
        board's free area (the view's frame, clear of its banner and the panel beside it)."""
        area = self.camera.frame.clip(window).inflate(-4, -4)
        if area.w <= 0 or area.h <= 0:
            area = window
        x = min(max(round(self.pointer[0]), area.left), area.right - 1)
        y = min(max(round(self.pointer[1]), area.top), area.bottom - 1)
        return x, y

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

    def _pull_motion(self, event: pygame.event.Event) -> None:
        """Where a held pull's hidden pointer is: moved by the hand's motion (`rel`), free of
        the window's edge, and kept within a full pull of the cap (pulling on past full
        changes nothing, and a hand coming back starts shortening it at once). A report with
        no motion of its own (scripted) moves it as far as its place moved."""
        pos = (float(event.pos[0]), float(event.pos[1]))
        if not self.held:
            self.pointer = pos
            return
        rel = tuple(getattr(event, "rel", (0, 0)))
        if rel == (0, 0):
            rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        ax, ay = self.anchor
        dx, dy = self.pointer[0] + rel[0] - ax, self.pointer[1] + rel[1] - ay
        pull = math.hypot(dx, dy)
        if pull > PULL_PX:
            dx, dy = dx * PULL_PX / pull, dy * PULL_PX / pull
        self.pointer = (ax + dx, ay + dy)

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
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip_hold()  # a moment held in view: seen (the key still does its own work)
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
            if self.mode is AimMode.DRAG:
                self._pull_motion(event)
            elif self.mode is AimMode.FLICK:
                self.pointer = (float(event.pos[0]), float(event.pos[1]))
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
                    self.hold_pointer()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.mover is not None:
                self.mover = None
                self.after_move()
                return True
            if self.mode is AimMode.FLICK:
                self._release_flick(event_time(event))
                return True
            if self.mode is AimMode.DRAG:
                self.let_go_pointer()
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
                # nothing aimed yet this turn: the press takes the aim the turn's start gave
                # (the cap picked and aimed as Tab does, select) and the ghost shows where it
                # ends; only a press after that shoots (a stray Space at a turn's start fired
                # an unaimed shot, "1.61 m short": a play-test), and the banner says so
                self.mode = AimMode.KEYS
            return True
        else:
            return False
        self.mode = AimMode.KEYS
        return True

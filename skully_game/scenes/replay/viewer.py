"""The replay viewer: every shot of a game (or one saved shot) played again exactly, with its
rulings; scrub, change speed, save a shot to the library, or try it again in practice. The
shots themselves are made ready in clips.py; the menu's list of them is listing.py.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pygame

from skully_game.core.errors import DataError
from skully_game.scenes.replay.clips import Clip, Clips, clips_of
from skully_game.scenes.replay.listing import (  # the list was in this module: its names stay
    ReplaysScene,
    Saved,
    entry_label,
    saved_games,
    saved_shots,
)
from skully_game.scenes.replay.namedialog import NameDialog
from skully_game.scenes.skully.capkit import places
from skully_game.scenes.skully.captable import CapTable
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.loading import LoadingScene, is_big
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup
from skully_game.skully.records import ShotRecord, save_shot
from skully_game.skully.replay_check import load_record
from skully_game.skully.saves import (
    MAX_SHOT_NAME,
    local_when,
    shots_dir,
)
from skully_game.skully.session import Session

PANEL_W = 360
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
TITLE_PX = 24
PREPARE_BUDGET = 0.002  # s per tick spent readying the clips ahead of the one shown
KEY_HINT = "Left/Right: a shot, then stop  ·  Space: play on  ·  drag or Shift+Left/Right: scrub"
# keys still held from the screen before (Enter on the list, Esc out of Try this shot): their
# repeats are not for the replay (it would try the shot, or close); each counts once let go
STALE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_s)


def open_replay(app: App, path: Path) -> None:
    """Watch a saved game or shot, or say in one line why it cannot be read; a long game is
    read on a worker thread, the window answering meanwhile (Cancel goes back)."""
    if not is_big(path):
        scene = ReplayScene.open(app, path)
        if scene is not None:
            app.stack.push(scene)
        return
    kept = in_library(path)
    app.stack.push(
        LoadingScene(
            app,
            "Opening the replay",
            lambda: load_record(path),
            lambda record: app.stack.push(ReplayScene(app, record, path.name, in_library=kept)),
            detail=path.name,
        )
    )


def in_library(path: Path | str) -> bool:
    """Whether the file is one of the shot library's: saving it again would only copy it."""
    try:
        return Path(path).resolve().parent == shots_dir().resolve()
    except OSError:
        return False


def game_line(record: ShotRecord | Session) -> str:
    """'Ace, Bobby, Carmen · 25 Nov 2026 19:21' for a game (its start, in local time); empty
    for a single shot."""
    if not isinstance(record, Session):
        return ""
    names = ", ".join(seat.name for seat in record.seats)
    when = local_when(record.created)
    return f"{names} · {when}" if when else names


class ReplayScene(Scene):
    """A game or a shot played again. Its keys are its own, as at a table (Space, the arrows,
    Enter *try this shot*, S): a click on a button leaves no focus behind to take them.
    `in_library`: the shot came from the shot library, so it is not offered for saving."""

    def __init__(
        self, app: App, record: ShotRecord | Session, name: str = "", in_library: bool = False
    ) -> None:
        super().__init__(app)
        self.record = record
        self.name = name
        self.looks, self.clips = clips_of(record)
        self.saved: set[int] = set(range(len(self.clips))) if in_library else set()
        spec = record.board if isinstance(record, ShotRecord) else record.board_spec
        self.table = CapTable(
            spec, self.looks, [(0.0, 0.0)] * len(self.looks), self._viewport(), app.sound
        )
        self.table.shootable = lambda i: False
        self.table.keep_trails = True
        self.table.units = app.settings.units
        self.index = 0
        self.speed = 2  # index into SPEEDS
        self.autoplay = True
        self.hold = 0.0  # seconds to linger at the end of a shot before the next
        self.widgets = WidgetGroup(keys=Keys.TABLE)
        self.stale_keys: set[int] = set()
        self._note_held_keys()
        if self.clips:
            self.show(0)
        elif isinstance(record, Session):  # no shot yet: the caps where they were put down
            self.table.set_caps(places(record.state.players))
            self.table.frame_view(snap=True)
        self._layout()

    @classmethod
    def open(cls, app: App, path: Path) -> ReplayScene | None:
        try:
            return cls(app, load_record(path), path.name, in_library=in_library(path))
        except DataError as exc:
            app.toast(str(exc), theme.DANGER, 6.0)
            return None

    def _viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, 0, w - PANEL_W, h - 70)

    # --- playback -----------------------------------------------------------------------

    @property
    def clip(self) -> Clip | None:
        return self.clips[self.index] if self.clips else None

    def show(self, index: int, at: float = 0.0) -> None:
        if not self.clips:
            return
        self.index = max(0, min(index, len(self.clips) - 1))
        clip = self.clips[self.index]
        table = self.table
        table.set_caps(clip.before)
        table.play(clip.result, 0.5, clip.caps)
        table.shot_time = table.shot_prev_time = min(at, clip.result.duration)
        table.speedup = SPEEDS[self.speed]
        self.hold = 0.0
        table.frame_view(snap=False)

    def scrub(self, t: float) -> None:
        clip = self.clip
        if clip is None:
            return
        if self.table.shot is None:
            self.show(self.index, t)
        else:
            self.table.shot_time = self.table.shot_prev_time = max(
                0.0, min(t, clip.result.duration)
            )

    @property
    def time(self) -> float:
        if self.table.shot is not None:
            return self.table.shot_time
        return self.clip.result.duration if self.clip else 0.0

    @property
    def playing(self) -> bool:
        """Whether the replay moves on by itself: a shot running, or the pause between two
        shots of a game before the next one starts (the button then offers Pause)."""
        table = self.table
        if table.paused:
            return False
        return table.shot is not None or self._goes_on()

    def _goes_on(self) -> bool:
        return self.autoplay and self.index < len(self.clips) - 1

    def step(self, index: int) -> None:
        """Left/Right or Previous/Next: that shot, played once, and the replay stops at its end
        (Space plays on). Past the first or the last shot there is nothing to step to."""
        if not 0 <= index < len(self.clips):
            return
        self.autoplay = False
        self.table.paused = False
        self.show(index)
        self._layout()

    def toggle_pause(self) -> None:
        """Space or the button: pause what is moving; otherwise play on through the game (the
        paused shot, then the shots after it), or the last shot again once the replay ended."""
        table = self.table
        if self.playing:
            table.paused = True
        else:
            waiting = table.shot is None and not self._goes_on()  # stopped at a shot's end
            table.paused = False
            self.autoplay = True
            if waiting:
                last = len(self.clips) - 1
                self.show(self.index + 1 if self.index < last else self.index)
        self._layout()

    def set_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.table.speedup = SPEEDS[self.speed]
        self._layout()

    def default_name(self) -> str:
        """The name a saved shot gets unless the player types one: the shot, and for a game the
        game's date, whole; a long shot title gives way, never the date."""
        clip = self.clip
        if clip is None:
            return ""
        when = ""
        if isinstance(self.record, Session):
            when = self.record.created[:16].replace("T", " ")
        suffix = f" ({when})" if when else ""
        room = MAX_SHOT_NAME - len(suffix)
        title = clip.title
        if len(title) > room:
            title = title[: room - 3].rstrip() + "..."
        return title + suffix

    def ask_name(self, typed: str = "") -> None:
        """S or the button: name the shot, then keep it in the library. `typed`: the letter of
        the key that asked, whose text arrives after it and is not part of the name."""
        if self.index in self.saved:
            self.app.toast("This shot is in the shot library already")
        elif self.clip is not None:
            self.autoplay = False  # the replay waits on the shot being named (and tried next)
            self.app.stack.push(
                NameDialog(
                    self.app,
                    "Name this shot",
                    self.default_name(),
                    self.save_to_library,
                    swallow=typed,
                )
            )

    def save_to_library(self, name: str = "") -> Path | None:
        clip = self.clip
        if clip is None:
            return None
        name = name.strip() or self.default_name()
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")[:60] or "shot"
        record = ShotRecord(
            clip.record.board,
            clip.record.caps,
            clip.record.before,
            clip.record.flick,
            clip.record.dt,
            clip.record.rest,
            clip.record.contacts,
            clip.record.pinned,
            name[:MAX_SHOT_NAME],
            adaptive=clip.record.adaptive,
        )
        path = shots_dir() / f"{stem}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save_shot(record, path)
        except OSError as exc:
            self.app.toast(f"Could not save the shot: {exc}", theme.DANGER)
            return None
        said = theme.fit_words(f"Saved to the shot library: {name}", 22, self.app.size[0] - 80)
        self.app.toast(said)
        self.saved.add(self.index)
        self._layout()
        return path

    def try_again(self) -> None:
        """Practice from the position before this shot, the original drawn as a ghost; leaving
        the practice comes back to this replay, at this shot."""
        clip = self.clip
        if clip is None:
            return
        from skully_game.scenes.skully.practice import PracticeScene

        rec = clip.record
        traj = clip.result.trajectory
        frames = [traj.frame(k) for k in range(len(traj))]
        ghost = [[(f[k][0], f[k][1]) for f in frames] for k in range(len(rec.caps))]
        practice = PracticeScene(
            self.app,
            spec=rec.board,
            kinds=list(rec.caps),
            positions=list(rec.before),
            ghost=ghost,
            title="Try again",
            back="Back to the replay",
            looks=[self.looks[seat] for seat in clip.caps],  # physics cap k is seat caps[k]
        )
        self.autoplay = False  # back from it, the replay waits on this shot
        self.app.stack.push(practice)

    # --- scene hooks --------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 14
        bw = PANEL_W - 28
        half = (bw - 8) // 2
        paused = not self.playing
        widgets = [
            Button(
                pygame.Rect(x, h - 200, half, 38),
                "< Previous",
                self.index > 0,
                on_click=lambda: self.step(self.index - 1),
                size=20,
                tooltip="Left: the shot before, then stop",
            ),
            Button(
                pygame.Rect(x + half + 8, h - 200, half, 38),
                "Next >",
                self.index < len(self.clips) - 1,
                on_click=lambda: self.step(self.index + 1),
                size=20,
                tooltip="Right: the next shot, then stop",
            ),
            Button(
                pygame.Rect(x, h - 156, half, 38),
                "Play" if paused else "Pause",
                on_click=self.toggle_pause,
                size=20,
                tooltip="Space: play on through the game",
            ),
            Button(
                pygame.Rect(x + half + 8, h - 156, half, 38),
                f"Speed {SPEEDS[self.speed]:g}x",
                on_click=lambda: self.set_speed(
                    1 if self.speed < len(SPEEDS) - 1 else -len(SPEEDS)
                ),
                size=20,
                tooltip="+ and -",
            ),
            self._save_button(pygame.Rect(x, h - 112, half, 38)),
            Button(
                pygame.Rect(x + half + 8, h - 112, half, 38),
                "Try this shot",
                on_click=self.try_again,
                size=20,
                tooltip="Enter: practise from here",
            ),
            Button(pygame.Rect(x, h - 60, bw, 40), "Back", on_click=self.app.stack.pop, size=22),
        ]
        self.widgets.set(widgets)

    def _save_button(self, rect: pygame.Rect) -> Button:
        """Save shot; or, for a shot the library holds already, a dimmed word saying so."""
        if self.index in self.saved:
            return Button(rect, "In the library", False, size=20)
        return Button(
            rect,
            "Save shot",
            on_click=self.ask_name,
            size=20,
            tooltip="S: keep it in the shot library",
        )

    def resized(self, size: tuple[int, int]) -> None:
        self.table.set_viewport(self._viewport())
        self._layout()

    def pause(self) -> None:
        self.widgets.mouse = (-1, -1)  # no hover or tooltip showing through a dialog above

    def resume(self) -> None:
        self._note_held_keys()  # the Enter that saved a name, the Esc that left Try this shot

    def timeline(self) -> pygame.Rect:
        vp = self._viewport()
        return pygame.Rect(vp.x + 20, vp.bottom + 24, vp.w - 40, 16)

    def _note_held_keys(self) -> None:
        held = pygame.key.get_pressed()
        self.stale_keys = {k for k in STALE_KEYS if held[k]}

    def stale(self, event: pygame.event.Event) -> bool:
        """A repeat of a key held down since before this screen showed (or came back)."""
        if event.type == pygame.KEYUP:
            self.stale_keys.discard(event.key)
        return event.type == pygame.KEYDOWN and event.key in self.stale_keys

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.stale(event):
            return None
        space = event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        if not space and self.widgets.handle(event):  # Space is always play/pause, never
            self._layout()  # the button that kept the focus (F6); Next may show a new shot
            return None
        line = self.timeline()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and self.clip is not None:
            pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            dragging = event.type == pygame.MOUSEMOTION and event.buttons[0]
            if (pressed or dragging) and line.inflate(0, 20).collidepoint(event.pos):
                frac = (event.pos[0] - line.x) / line.w
                self.table.paused = True
                self.scrub(frac * self.clip.result.duration)
                self._layout()
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.table.handle_event(event)
            return None
        if event.type == pygame.KEYDOWN:
            shift = event.mod & pygame.KMOD_SHIFT
            if event.key == pygame.K_SPACE:
                self.toggle_pause()
            elif event.key == pygame.K_RIGHT:
                if shift:
                    self.table.paused = True
                    self.scrub(self.time + 0.05)
                else:
                    self.step(self.index + 1)
            elif event.key == pygame.K_LEFT:
                if shift:
                    self.table.paused = True
                    self.scrub(self.time - 0.05)
                else:
                    self.step(self.index - 1)
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.set_speed(1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.set_speed(-1)
            elif event.key == pygame.K_t:
                self.table.keep_trails = not self.table.keep_trails
            elif event.key == pygame.K_s:
                self.ask_name(typed=event.unicode or "s")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.try_again()
            elif event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
            else:
                return event
            self._layout()
            return None
        return event

    def update(self, dt: float) -> None:
        if isinstance(self.clips, Clips):
            self.clips.prepare(PREPARE_BUDGET)  # a jump to the end later is then no wait
        was_playing = self.table.shot is not None
        self.table.update(dt)
        if was_playing and self.table.shot is None:
            self._layout()
        if self.table.shot is None and not self.table.paused and self._goes_on():
            self.hold += dt
            if self.hold > 1.2:
                self.show(self.index + 1)
                self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.PANEL, pygame.Rect(0, h - 70, w - PANEL_W, 70))
        self.table.draw(surface, alpha)
        clip = self.clip
        line = self.timeline()
        pygame.draw.rect(surface, theme.PANEL_EDGE, line, border_radius=6)
        if clip is not None and clip.result.duration > 0:
            frac = min(1.0, self.time / clip.result.duration)
            pygame.draw.rect(
                surface,
                theme.ACCENT,
                pygame.Rect(line.x, line.y, round(line.w * frac), line.h),
                border_radius=6,
            )
            for c in clip.result.contacts:
                x = line.x + line.w * c.time / clip.result.duration
                pygame.draw.line(surface, theme.CHALK, (x, line.y - 4), (x, line.bottom + 4), 2)
            theme.text(
                surface,
                f"{self.time:.2f} / {clip.result.duration:.2f} s",
                (line.x, line.y - 20),
                18,
                theme.TEXT_DIM,
            )
            time_w = theme.font(18).size(f"{self.time:.2f} / {clip.result.duration:.2f} s")[0]
            theme.text(
                surface,
                theme.fit(KEY_HINT, 18, line.w - time_w - 24),
                (line.right, line.y - 20),
                18,
                theme.TEXT_DIM,
                "topright",
            )
        self._draw_panel(surface)

    def source_line(self) -> str:
        """Whose game it was and when (a shot: the file it came from), cut in the middle if
        long so the date at the end stays."""
        return theme.fit_middle(game_line(self.record) or self.name or "", 18, PANEL_W - 28)

    def title_lines(self) -> list[str]:
        """The shot's title (a library shot's name may be long) on at most two lines, cut at a
        word: never past the panel's right edge."""
        clip = self.clip
        if clip is None:
            return []
        width = PANEL_W - 28
        lines = theme.wrap_lines(clip.title, TITLE_PX, width, 2, bold=True)
        if len(self.clips) > 1:  # which shot of the game, on the title's line if it fits
            count = f"({self.index + 1} of {len(self.clips)})"
            last = f"{lines[-1]}   {count}"
            if theme.font(TITLE_PX, True).size(last)[0] <= width:
                lines[-1] = last
            else:
                lines.append(count)
        return lines

    def _draw_panel(self, surface: pygame.Surface) -> None:
        h = self.app.size[1]
        rect = theme.side_panel(surface, PANEL_W)
        x = rect.x + 14
        theme.text(surface, "Replay", (x, 14), 36, theme.ACCENT, bold=True)
        theme.text(surface, self.source_line(), (x, 52), 18, theme.TEXT_DIM)
        clip = self.clip
        if clip is None:
            theme.text(surface, "This game has no shots yet.", (x, 90), 22)
            self.widgets.draw(surface)
            return
        y = 80
        for line in self.title_lines():
            theme.text(surface, line, (x, y), TITLE_PX, theme.TEXT, bold=True)
            y += TITLE_PX + 2
        y += 12
        done = self.table.shot is None or self.time >= clip.result.duration
        theme.text(surface, "Rulings", (x, y), 20, theme.TEXT_DIM)
        y += 24
        hits = [c for c in clip.result.contacts if c.time <= self.time]
        for c in hits[:6]:
            a, b = self.looks[clip.caps[c.a]].name, self.looks[clip.caps[c.b]].name
            theme.text(
                surface,
                f"{c.time:.2f} s: {a} touches {b} ({c.speed:.1f} m/s)",
                (x, y),
                18,
                theme.CHALK_DIM,
            )
            y += 20
        if done:
            for event in clip.events:
                for part in theme.wrap(event.text, 19, PANEL_W - 30):
                    if y > h - 220:
                        break
                    theme.text(surface, part, (x, y), 19, theme.TEXT)
                    y += 21
        self.widgets.draw(surface)


__all__ = [
    "NameDialog",
    "ReplayScene",
    "ReplaysScene",
    "Saved",
    "entry_label",
    "game_line",
    "in_library",
    "open_replay",
    "saved_games",
    "saved_shots",
    "shots_dir",
]

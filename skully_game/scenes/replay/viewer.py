"""The replay viewer: every shot of a game (or one saved shot) played again exactly, with its
rulings; scrub, change speed, save a shot to the library, or try it again in practice. Also the
menu's list of saved games and shots to watch. The shots themselves are made ready in clips.py,
the viewer's panel and drawing in panel.py.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from skully_game.core import saves_index
from skully_game.core.errors import DataError
from skully_game.core.saves import BadFile, Listing, folder_problem
from skully_game.scenes.replay.clips import Clip, Clips, clips_of
from skully_game.scenes.replay.moments import (
    Moment,
    MomentKind,
    last_words,
    moment_of,
    moments_of,
)
from skully_game.scenes.replay.momentsdialog import MomentsDialog
from skully_game.scenes.replay.namedialog import NameDialog
from skully_game.scenes.replay.panel import PANEL_W, SPEEDS, ReplayPanel
from skully_game.scenes.skully.capkit import places
from skully_game.scenes.skully.captable import CapTable
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ask_delete
from skully_game.shell.focus import Keys
from skully_game.shell.loading import LoadingScene, is_big
from skully_game.shell.scene import FormScene, Scene
from skully_game.shell.widgets import Button, Tab, WidgetGroup
from skully_game.skully.game_setup import who_value
from skully_game.skully.records import ShotRecord, save_shot
from skully_game.skully.replay_check import load_record
from skully_game.skully.saves import (
    MAX_SHOT_NAME,
    game_listing,
    games_dir,
    shot_listing,
    shots_dir,
)
from skully_game.skully.session import Session

SHOT_HOLD_S = 2.0  # s a playing replay lingers on a shot's end (1.2 ran ahead of a reader)
MAX_BAD_LINES = 4  # dim lines naming unreadable files under a list
BAD_LINE_H = 26
DELETE_W = 100  # px: the Delete button at the end of a row
TABS = 2  # the list's widgets: the two tabs, then a game and its Delete a row, then Back
PREPARE_BUDGET = 0.002  # s per tick spent readying the clips ahead of the one shown
# keys still held from the screen before (Enter on the list, Esc out of Try this shot): their
# repeats are not for the replay (it would try the shot, or close); each counts once let go
KILLS = frozenset({MomentKind.KILL, MomentKind.WIN})  # K: the next player put out of the game
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


class ReplayScene(ReplayPanel, Scene):
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
        self.table.effects.enabled = app.settings.shot_effects
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

    def find_moment(
        self, forward: bool = True, kinds: frozenset[MomentKind] | None = None
    ) -> Moment | None:
        """The first moment after the shot shown (or the last before it), of these kinds (None:
        any). Forwards the clips are readied only as far as the moment found."""
        order = range(self.index + 1, len(self.clips)) if forward else range(self.index - 1, -1, -1)
        for k in order:
            moment = moment_of(k, self.clips[k].events)
            if moment is not None and moment.has(kinds):
                return moment
        return None

    def jump_moment(self, forward: bool = True, kinds: frozenset[MomentKind] | None = None) -> None:
        """N (Shift+N back) or K, and the Next moment button: the start of the next moment's
        shot, stopped at its end; none left is said, and the shot shown stays."""
        moment = self.find_moment(forward, kinds)
        if moment is not None:
            self.step(moment.shot)
            return
        what = "kill" if kinds else "moment"
        self.app.toast(f"No {what} {'after' if forward else 'before'} this shot")

    def show_moments(self) -> None:
        """M or the Moments button: the game's moments with their shot numbers, to click."""
        if len(self.clips) < 2:
            return
        self.autoplay = False  # the replay waits on the list, then on the shot chosen
        dialog = MomentsDialog(
            self.app,
            moments_of(self.clips),
            len(self.clips),
            self.index,
            self.step,
            last_words(self.clips[-1].events),
        )
        self.app.stack.push(dialog)

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
            policy=clip.record.policy,
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
            shooter=self._shooter_hand(clip),
        )
        self.autoplay = False  # back from it, the replay waits on this shot
        self.app.stack.push(practice)

    def _shooter_hand(self, clip: Clip) -> str | None:
        """How the shot's own shooter shot, when a person did (their input and hand level),
        so the shot is tried as it was made; None (the hand last practised with) for a
        computer player's shot or a shot from the library, which names no shooter."""
        if not isinstance(self.record, Session):
            return None
        seat = self.record.seats[clip.caps[clip.record.flick.cap]]
        return who_value(seat.kind, seat.hand, seat.input) if seat.human else None

    # --- scene hooks --------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        self.table.set_viewport(self._viewport())
        self._layout()

    def pause(self) -> None:
        self.widgets.mouse = (-1, -1)  # no hover or tooltip showing through a dialog above

    def resume(self) -> None:
        self._note_held_keys()  # the Enter that saved a name, the Esc that left Try this shot

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
            elif event.key == pygame.K_HOME:
                self.step(0)
            elif event.key == pygame.K_END:
                self.step(len(self.clips) - 1)
            elif event.key == pygame.K_n:
                self.jump_moment(forward=not shift)
            elif event.key == pygame.K_k:
                self.jump_moment(kinds=KILLS)
            elif event.key == pygame.K_m:
                self.show_moments()
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
            if self.hold > SHOT_HOLD_S:
                self.show(self.index + 1)
                self._layout()


@dataclass(frozen=True)
class Saved:
    path: Path
    title: str
    detail: str


def _listed(listing: Listing) -> list[Saved]:
    return [Saved(e.path, e.title, e.detail) for e in listing.entries]


def saved_games() -> list[Saved]:
    """Saved games newest first: date, players, winner, length and board."""
    return _listed(game_listing())


def saved_shots() -> list[Saved]:
    """The shot library newest first: name and number of caps."""
    return _listed(shot_listing())


class ReplaysScene(FormScene):
    """The menu's list of saved games and of the shot library."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.tab = "games"
        self.first = 0  # the list's first row shown: Newer and Older page through every file
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        with saves_index.quick_listing():  # shown at once; new files read in the background
            listing = game_listing() if self.tab == "games" else shot_listing()
        self.pending = listing.pending
        self.listed_at = saves_index.generation()
        if self.pending:
            saves_index.refresh_in_background([game_listing, shot_listing])
        items = _listed(listing)
        widgets = [
            Tab(
                pygame.Rect(40, 90, 200, 40),
                "Saved games",
                on_click=lambda: self._tab("games"),
                size=22,
                selected=self.tab == "games",
            ),
            Tab(
                pygame.Rect(250, 90, 200, 40),
                "Shot library",
                on_click=lambda: self._tab("shots"),
                size=22,
                selected=self.tab == "shots",
            ),
        ]
        y = 150
        rows = max(1, (h - 240) // 48)
        self.bad = _bad_lines(listing.bad, MAX_BAD_LINES, w - 90)
        if self.bad:  # the dim lines take the place of a few entries
            rows -= math.ceil((len(self.bad) * BAD_LINE_H + 6) / 48)
        rows = max(1, rows)
        self.first = max(0, min(self.first, len(items) - rows))
        self.items = items[self.first : self.first + rows]
        for item in self.items:
            widgets.append(
                Button(
                    pygame.Rect(40, y, w - 90 - DELETE_W, 42),
                    entry_label(item, 21, w - 120 - DELETE_W),
                    on_click=lambda p=item.path: self._open(p),
                    size=21,
                )
            )
            widgets.append(
                Button(
                    pygame.Rect(w - 40 - DELETE_W, y, DELETE_W, 42),
                    "Delete",
                    on_click=lambda it=item: ask_delete(
                        self.app, it.path, it.title, self._layout, what=self._what()
                    ),
                    size=20,
                    tooltip=f"Delete this {self._what()} (asks first)",
                )
            )
            y += 48
        self.bad_top = y + 6 if self.items else 160
        folder = games_dir() if self.tab == "games" else shots_dir()
        problem = folder_problem(folder)
        what = "saved games" if self.tab == "games" else "shots"
        self.folder_said = f"Can't keep or read {what} in {folder}: {problem}." if problem else ""
        widgets.append(
            Button(pygame.Rect(40, h - 64, 180, 44), "Back", on_click=self.app.stack.pop, size=22)
        )
        if self.first > 0 or self.first + rows < len(items):
            # newest first: back up the list are newer files, on down older ones
            widgets.append(
                Button(pygame.Rect(w - 300, h - 64, 120, 44), "Newer", self.first > 0,
                       on_click=lambda: self._scroll(-rows), size=22)
            )  # fmt: skip
            widgets.append(
                Button(pygame.Rect(w - 170, h - 64, 120, 44), "Older",
                       self.first + rows < len(items),
                       on_click=lambda: self._scroll(rows), size=22)
            )  # fmt: skip
        self.widgets.set(widgets)

    def _scroll(self, by: int) -> None:
        self.first = max(0, self.first + by)
        self._layout()

    def update(self, dt: float) -> None:
        if self.pending and saves_index.generation() != self.listed_at:
            self._layout()  # the files read in the background: the list is whole

    def _tab(self, tab: str) -> None:
        self.tab = tab
        self.first = 0
        self._layout()

    def _what(self) -> str:
        return "saved game" if self.tab == "games" else "shot"

    def _open(self, path: Path) -> None:
        open_replay(self.app, path)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        mods = pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_ALT
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_UP, pygame.K_DOWN)
            and not event.mod & mods
            and self._grid_step(event.key == pygame.K_DOWN)
        ):
            return None
        return super().handle_event(event)

    def _grid_step(self, down: bool) -> bool:
        """Up/Down as the list stands: the tabs, a row a game (a game to the next game, a
        Delete to the next Delete), Back under them. In the widgets' plain order Down went
        from a game to its own Delete, and Down then Enter asked to delete it. Left/Right go
        between a game and its Delete. False: the usual order (Down from Back, Up from a tab)."""
        rows = len(self.items)
        focus, back = self.widgets.focus, TABS + 2 * rows
        if not rows or (focus < TABS and not down) or (focus >= back and down):
            return False
        if focus < TABS:
            self.widgets.focus = TABS  # the first game
        elif focus >= back:
            self.widgets.focus = TABS + 2 * (rows - 1)  # up from Back: the last game
        else:
            row, column = divmod(focus - TABS, 2)
            row += 1 if down else -1
            if row < 0:
                self.widgets.focus = 0 if self.tab == "games" else 1  # the tab shown
            elif row >= rows:
                self.widgets.focus = back
            else:
                self.widgets.focus = TABS + 2 * row + column
        return True

    def resume(self) -> None:
        self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, "Skully replays", (40, 24), 48, theme.ACCENT, bold=True)
        self.widgets.draw(surface)
        self._draw_bad(surface)
        if self.pending:
            n = self.pending
            words = f"Looking through {n} new saved file{'s' if n != 1 else ''}…"
            theme.text(surface, words, (self.app.size[0] - 40, 40), 22, theme.TEXT_DIM, "topright")
        elif not self.items and not self.bad:
            what = self.folder_said  # why the list is empty: the folder, not a lack of games
            if not what and self.tab == "games":
                what = (
                    "No saved Skully games yet: play one from New game. (The table games keep "
                    "theirs on their own setup screens.)"
                )
            elif not what:
                what = "No saved shots yet: press S in a replay to keep a shot."
            for k, line in enumerate(theme.wrap_lines(what, 22, self.app.size[0] - 80, 4)):
                theme.text(surface, line, (40, 160 + 28 * k), 22, theme.TEXT_DIM)

    def _draw_bad(self, surface: pygame.Surface) -> None:
        """A dim line per file that could not be read, naming it and its problem."""
        for i, line in enumerate(self.bad):
            theme.text(surface, line, (44, self.bad_top + i * BAD_LINE_H), 18, theme.TEXT_DIM)


def entry_label(item: Saved, size: int, width: int) -> str:
    """A list entry's one line: the detail ("3 caps") whole, the title cut at a word to fit."""
    detail = f"   -   {item.detail}" if item.detail else ""
    room = width - theme.font(size).size(detail)[0]
    return theme.fit_words(item.title, size, room) + detail


def _bad_lines(bad: tuple[BadFile, ...], most: int, width: int) -> list[str]:
    """One line per unreadable file, fitted to the width; past `most`, the last counts the rest."""
    lines = [f"Could not read {b.line}" for b in bad[:most]]
    if len(bad) > most:
        lines[-1] = f"{len(bad) - most + 1} more files could not be read: {bad[most - 1].line}, ..."
    return [theme.fit(line, 18, width) for line in lines]

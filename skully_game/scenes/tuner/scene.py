"""The board tuner: change the board's proportions, see them live, save them, and see how hard
each shot of the course is for a player of a chosen skill (the analysis runs in the background).

Every edit, from a slider, a typed value or a handle dragged on the board, goes through
`tuner_model.propose`: an edit that would make the board unplayable is not applied and its
reason is shown, so the spec on screen, and any file saved from it, is always a valid board.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

from cards.words import plural
from skully_game.scenes.skully.capview import board_home, nearest
from skully_game.scenes.skully.chalk import BoardPainter, draw_asphalt
from skully_game.scenes.tuner.chart import Chart, HeatMap, beyond, heat_frame
from skully_game.scenes.tuner.draw import HANDLE_PX, TunerDrawing
from skully_game.scenes.tuner.leave import ANSWER_KEYS, LeaveDialog, held_now, still_held
from skully_game.scenes.tuner.panel import CHART_H, HEADER_H, PANEL_W, LengthEntry, TunerPanel
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.view import Camera, WorldRect
from skully_game.shell.widgets import Slider, WidgetGroup
from skully_game.skully.analysis import StepFigures, Study
from skully_game.skully.analysis_worker import STEPS, BackgroundAnalysis
from skully_game.skully.board import PRESETS, BoardSpec, preset, save_board
from skully_game.skully.board_files import boards_dir, path_for, saved_boards, slug
from skully_game.skully.geometry import Board
from skully_game.skully.skill import Level
from skully_game.skully.tuner_model import (
    FIELD_BY_NAME,
    Handle,
    drag_value,
    field_unit,
    handles,
    next_skull_numbers,
    parse_length,
    propose,
    say_length,
    show_length,
    snap,
    trapezoid_under,
)

CTRL_KEYS = pygame.KMOD_CTRL | pygame.KMOD_META
SETTLE = 0.35  # seconds the board must stay still before the analysis restarts
HISTORY = 100
Snapshot = tuple[BoardSpec, Path | None, BoardSpec | None]


class TunerScene(TunerPanel, TunerDrawing, Scene):
    """The board tuner. Its panel (panel.py) and its drawing (draw.py) are mixins; this class
    holds the board being tuned, its edits and undo, its files, the analysis and the input."""

    def __init__(self, app: App, spec: BoardSpec | None = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.path = path
        if spec is None and path is not None:  # a new file: start from classic, named after it
            spec = propose(preset("classic"), name=path.stem[:40])[0]
        self.spec = spec or preset("classic")
        self.saved = spec if path is not None and path.exists() else None
        if path is None and self.spec in PRESETS.values():
            self.saved = self.spec  # an untouched preset has nothing to lose
        self.history: list[Snapshot] = []  # (spec, path, saved) before each edit or load
        self._gesture = False  # a mouse button is down: one drag is one undo step
        self._gesture_pushed = False
        self.switch_armed = False
        self.message = ""
        self.level = Level.SKILLED
        self.samples = 100
        self.selected = 1  # 1 forwards -> 2 forwards: the first step that can earn pipsies
        self.hover_step: int | None = None
        self.hover_handle: Handle | None = None
        self.dragging: str | None = None
        self.grab_shift = (0.0, 0.0)  # px from where a handle was grabbed to its point
        self.held: set[int] = set()  # keys held since a screen over the tuner closed
        self.town_view = False
        self.worker = BackgroundAnalysis()
        self.previous: dict = {}  # the last board's figures, shown dimmed until new ones come
        self.settle = 0.0  # counts down; the analysis starts at 0
        self.chart = Chart()
        self.heat = HeatMap()
        self.widgets = WidgetGroup()
        self.entries: dict[str, LengthEntry] = {}
        self.sliders: dict[str, Slider] = {}
        self._painter: BoardPainter | None = None
        self.camera = Camera(self.viewport(), self.home())
        self.framed = self.camera.home  # what the view was last aimed at (see `frame`)
        self.saved_boards = saved_boards()  # read when the tuner opens, comes back, or saves
        self._layout()
        self._restart_analysis()
        broken = [b for b in self.saved_boards if b.spec is None]
        if broken:  # listed nowhere else: say which file and why, so it can be fixed
            more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
            self.app.toast(f"Not listed: {broken[0].problem}{more}", theme.DANGER, 8)

    def viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, HEADER_H, w - PANEL_W, h - CHART_H - HEADER_H)

    def town(self) -> WorldRect:
        """The board out to the out-of-town line all round: V's view, and the most any is."""
        s, o = self.spec.board_side, self.spec.out_of_town
        return (-o - 0.1, -o - 0.1, s + o + 0.1, s + o + 0.1)

    def home(self) -> WorldRect:
        """What the view frames: the board (or the town with V), and the heat map shown, so
        the first shots that stop beyond the board are in view rather than cut at its edge."""
        if self.town_view:
            return self.town()
        board = board_home(self.painter().board, below=0.12, above=0.12)
        figures = self._shown_step()
        return board if figures is None else heat_frame(board, figures, self.town())

    def frame(self, snap: bool = False) -> None:
        """Aim the view at `home`, kept so a new home (another step's heat map) is followed."""
        self.framed = self.home()
        self.camera.show(self.framed, snap=snap)

    def painter(self) -> BoardPainter:
        if self._painter is None or self._painter.board.spec != self.spec:
            self._painter = BoardPainter(Board(self.spec))
        return self._painter

    @property
    def dirty(self) -> bool:
        return self.spec != self.saved

    def apply(self, **changes: object) -> bool:
        """Apply an edit if the board stays playable; otherwise show why and change nothing."""
        spec, problem = propose(self.spec, self.app.settings.units, **changes)
        if spec is None:
            self.message = problem
            return False
        self.message = ""
        if spec != self.spec:
            if not (self._gesture and self._gesture_pushed):
                self._remember()
            self._gesture_pushed = self._gesture
            self.spec = spec
            self.switch_armed = False
            self.settle = SETTLE
            self.undo_button.enabled = True
        return True

    def _remember(self) -> None:
        self.history = [*self.history, (self.spec, self.path, self.saved)][-HISTORY:]

    def _set_length(self, name: str, value: float) -> None:
        if not self.apply(**{name: value}):
            self.sliders[name].value = getattr(self.spec, name)  # the slider stops at the wall
        self.entries[name].value = self.entries[name].shown = show_length(
            getattr(self.spec, name), self.app.settings.units
        )
        if self.dragging is None:
            self.frame()

    def _type_length(self, name: str, text: str) -> bool:
        """A typed length applied, or refused with the reason shown; says which."""
        units = self.app.settings.units
        f = FIELD_BY_NAME[name]
        try:
            value = parse_length(text, units)
        except ValueError as exc:
            self.message = f"{f.label}: {exc}"
            return False
        if not f.low <= value <= f.high:
            low = show_length(f.low, units) if field_unit(units) else say_length(f.low, units)
            self.message = (
                f"{f.label}: from {low} to {say_length(f.high, units)}, not {text.strip()}"
            )
            return False
        if not self.apply(**{name: value}):
            return False
        self._sync_widgets()
        self.frame()
        return True

    def _rename(self, text: str) -> bool:
        taken = self.apply(name=text.strip())
        self._sync_widgets()
        return taken

    def _set_number(self, trap: int, value: int) -> None:
        numbers = list(self.spec.skull_numbers)
        numbers[trap] = value
        self.apply(skull_numbers=tuple(numbers))

    def _choose_board(self, key: tuple[str, str]) -> None:
        if self.dirty and not self.switch_armed:
            self.switch_armed = True
            self.app.toast(
                "Unsaved changes: Ctrl+S saves them, choose again to drop them", theme.ACCENT, 4
            )
            self._sync_widgets()  # the choice goes back to the board on screen
            return
        self.switch_armed = False
        kind, name = key
        if kind == "preset":
            self.load(PRESETS[name], None)
        elif kind == "file":
            from skully_game.core.errors import DataError
            from skully_game.skully.board import load_board

            try:
                self.load(load_board(name), Path(name))
            except DataError as exc:
                self.message = str(exc)

    def load(self, spec: BoardSpec, path: Path | None) -> None:
        """Show another board; the one before (with its file) stays on the undo list."""
        if (spec, path) != (self.spec, self.path):
            self._remember()
        self.spec, self.path, self.saved = spec, path, spec
        self.message = ""
        self.settle = SETTLE
        self._sync_widgets()
        self.frame()

    def undo(self) -> None:
        if self.history:
            self.spec, self.path, self.saved = self.history.pop()
            self.message = ""
            self.settle = SETTLE
            self._sync_widgets()
            self.frame()

    def _set_level(self, level: Level) -> None:
        self.level = level
        self._restart_analysis()

    def _set_samples(self, n: int) -> None:
        self.samples = n
        self._restart_analysis()

    def toggle_view(self) -> None:
        self.town_view = not self.town_view
        self.frame()
        self.view_button.label = "Board view" if self.town_view else "Out of town"

    def _write(self, target: Path) -> bool:
        try:
            save_board(self.spec, target)
        except OSError as exc:
            self.app.toast(f"Could not save {target}: {exc.strerror or exc}", theme.DANGER, 5)
            return False
        self.path, self.saved = target, self.spec
        self.saved_boards = saved_boards()
        self.app.toast(f"Saved {target.name}", theme.OK)
        self._sync_widgets()
        return True

    def save(self) -> bool:
        """Back to the file this board came from, or a new file in your boards."""
        return self._write(self.path or self._free_path())

    def save_as_new(self) -> bool:
        return self._write(self._free_path())

    def _free_path(self) -> Path:
        target = path_for(self.spec)
        n = 2
        while target.exists():
            target = boards_dir() / f"{slug(self.spec.name)}-{n}.toml"
            n += 1
        return target

    def practice(self) -> None:
        from skully_game.scenes.skully.practice import PracticeScene

        self.app.stack.push(PracticeScene(self.app, spec=self.spec, title="Practice"))

    def play(self) -> None:
        from skully_game.scenes.skully.setup import SkullySetupScene
        from skully_game.skully.game_setup import GameSetup

        board_file = str(self.path) if self.path is not None and not self.dirty else ""
        if self.dirty:
            self.app.toast("Playing the unsaved board: save it to record its file in games")
        seed = random.SystemRandom().randrange(1 << 31)  # as the setup screen seeds a new game
        setup = GameSetup(board_spec=self.spec, board_file=board_file, seed=seed)
        self.app.stack.push(SkullySetupScene(self.app, setup))

    def leave(self) -> None:
        """Back to the menu; unsaved changes are asked about first, by the mouse or by Esc."""
        if not self.dirty:
            self._close()
        elif self.app.stack.top is self:
            self.app.stack.push(LeaveDialog(self.app, self._save_and_close, self._close))

    def _save_and_close(self) -> None:
        if self.save():  # a board that could not be written stays open, with its changes
            self._close()

    def _close(self) -> None:
        self.worker.stop()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _restart_analysis(self) -> None:
        self.settle = 0.0
        study = Study(self.spec, self.level, self.samples, seed=1)
        if self.worker.study != study:
            done = self.worker.snapshot()
            if done:
                self.previous = done
            self.worker.start(study, first=(self.selected,))

    def enter(self) -> None:
        # the analysis thread runs Python between pymunk's C calls; hand the GIL back sooner
        # than the default 5 ms so a frame is not kept waiting behind it
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(0.0005)

    def exit(self) -> None:
        self.worker.stop()
        sys.setswitchinterval(getattr(self, "_switch", 0.005))

    def pause(self) -> None:
        """Practice or a game over the tuner: give them the whole machine."""
        self.exit()

    def resume(self) -> None:
        self.held = held_now(ANSWER_KEYS)  # the Esc that said Keep editing asks nothing again
        self.enter()
        self.saved_boards = saved_boards()
        if not self.worker.complete:
            self.worker.study = None  # the stopped study is started again
            self._restart_analysis()

    def _handle_at(self, pos: tuple[int, int]) -> Handle | None:
        if not self.viewport().collidepoint(pos):
            return None
        found = handles(self.spec)
        # where each is drawn (aside from a number, in a small window), or its point itself
        spots = [self.camera.to_world(self.handle_spot(h)) for h in found]
        spots += [h.at for h in found]
        k = nearest(self.camera, spots, pos, [HANDLE_PX + 5.0] * len(spots))
        return None if k is None else found[k % len(found)]

    def typing(self) -> LengthEntry | None:
        """The field being typed in, if any: while it is, every key is its own."""
        fields = [self.name_entry, *self.entries.values()]
        return next((f for f in fields if f.editing), None)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if still_held(self.held, event):
            return None
        typing = self.typing()
        if typing is not None and self._off_panel(event):
            typing.blur()  # the typing is applied (or, refused, put back) as it is left
        if typing is not None and event.type == pygame.KEYDOWN and event.mod & CTRL_KEYS:
            if event.key == pygame.K_s:
                typing.blur()  # the typing applied (refused: put back), then the board saved
            elif event.key == pygame.K_z:
                typing.cancel()  # Ctrl+Z while typing takes back the typing, not the board's edit
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._gesture, self._gesture_pushed = True, False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._gesture = False
        if event.type == pygame.MOUSEMOTION:
            self.hover_step = self.chart.step_at(event.pos)
            if self.dragging is not None:
                dx, dy = self.grab_shift  # from where it was grabbed to the handle's point
                at = self.camera.to_world((event.pos[0] + dx, event.pos[1] + dy))
                value = snap(self.dragging, drag_value(self.spec, self.dragging, at))
                self._set_length(self.dragging, value)
                self.sliders[self.dragging].value = getattr(self.spec, self.dragging)
                return None
            self.hover_handle = self._handle_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            handle = self._handle_at(event.pos)
            if handle is not None:
                self.dragging = handle.field
                hx, hy = self.camera.to_screen(handle.at)
                self.grab_shift = (hx - event.pos[0], hy - event.pos[1])  # no jump at the grab
                return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = None
            self.frame()
            self._sync_widgets()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            step = self.chart.step_at(event.pos)
            if step is not None:
                self.select(step)
                return None
            if self.viewport().collidepoint(event.pos):
                trap = trapezoid_under(self.spec, self.camera.to_world(event.pos))
                if trap is not None:
                    delta = 1 if event.button == 1 else -1
                    self.apply(
                        skull_numbers=next_skull_numbers(self.spec.skull_numbers, trap, delta)
                    )
                    self._sync_widgets()
                    return None
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and self._hotkey(event):
            return None  # its letter, if it has one, is typed nowhere (LengthEntry)
        return event

    def _off_panel(self, event: pygame.event.Event) -> bool:
        """A press on the board or the chart (which the panel's widgets never see)."""
        return event.type == pygame.MOUSEBUTTONDOWN and event.pos[0] < self.app.size[0] - PANEL_W

    def _hotkey(self, event: pygame.event.Event) -> bool:
        """The tuner's own keys (no field is being typed in: a field takes every key then)."""
        ctrl = event.mod & CTRL_KEYS
        if event.key == pygame.K_s and ctrl:
            self.save()
        elif event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_v and not ctrl:
            self.toggle_view()
        elif event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and not ctrl:
            self.select((self.selected + (1 if event.key == pygame.K_RIGHTBRACKET else -1)) % STEPS)
        elif event.key == pygame.K_ESCAPE:
            self.leave()
        else:
            return False
        return True

    def select(self, step: int) -> None:
        self.selected = step
        self.worker.prioritise(step)  # its heat map next; what is done stays done

    def resized(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self.viewport())
        self.frame(snap=True)
        self._layout()

    def update(self, dt: float) -> None:
        if self.dragging is None and self.home() != self.framed:
            self.frame()  # a heat map came in, or another step's: the view takes it in
        self.camera.update(dt)
        if self.settle > 0:
            self.settle -= dt
            if self.settle <= 0:
                self._restart_analysis()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        vp = self.viewport()
        surface.set_clip(vp)
        if self.dragging is not None:  # the quick chalk, without grain, while the board changes
            draw_asphalt(surface, self.camera, vp)
            self.painter()._chalk(surface, self.camera, vp.topleft, moving=True)
        else:
            self.painter().draw(surface, self.camera)
        figures = self._shown_step()
        if figures is not None:
            self._draw_step(surface, figures)
        self._draw_handles(surface)
        if self.message:
            self._caption(surface, "Not applied: " + self.message, theme.DANGER, self._way_out())
        elif figures is not None and (far := beyond(figures, self.framed)):
            self._caption(surface, f"{plural(far, 'shot')} stopped out of town, beyond the view")
        surface.set_clip(None)
        self._header(surface, figures)
        self._draw_chart(surface)
        self._draw_panel(surface)

    def _way_out(self) -> str:
        """Under a refusal, while a field is typed in: how to put it right or give up."""
        typing = self.typing()
        if typing is None:
            return ""
        unit = field_unit(self.app.settings.units) if typing is not self.name_entry else ""
        return f"Type another, or Esc to keep {typing.shown}{' ' + unit if unit else ''}"

    def _shown_step(self) -> StepFigures | None:
        """The selected step's figures, if they are for the board on screen."""
        current = self.worker.study is not None and self.worker.study.spec == self.spec
        return self.worker.snapshot().get(self.selected) if current else None

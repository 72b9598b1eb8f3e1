"""The board tuner: change the board's proportions, see them live, save them, and see how hard
each shot of the course is for a player of a chosen skill (the analysis runs in the background).

Every edit, from a slider, a typed value or a handle dragged on the board, goes through
`tuner_model.propose`: an edit that would make the board unplayable is not applied and its
reason is shown, so the spec on screen, and any file saved from it, is always a valid board.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pygame

from skully_game.scenes.skully.chalk import BoardPainter, draw_asphalt
from skully_game.scenes.tuner.chart import BAR, SHOTS, Chart, HeatMap
from skully_game.scenes.tuner.leave import LeaveDialog
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.view import Camera
from skully_game.shell.widgets import Button, Choice, Slider, TextField, WidgetGroup
from skully_game.skully.analysis import StepFigures, Study
from skully_game.skully.analysis_worker import STEPS, BackgroundAnalysis
from skully_game.skully.board import PRESETS, BoardSpec, preset, save_board
from skully_game.skully.board_files import boards_dir, path_for, saved_boards, slug
from skully_game.skully.geometry import Board
from skully_game.skully.rules import course
from skully_game.skully.skill import LEVELS, Level
from skully_game.skully.tuner_model import (
    FIELD_BY_NAME,
    LENGTH_FIELDS,
    SKULL_NUMBER_RANGE,
    TRAPEZOID_NAMES,
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

PANEL_W = 420
CHART_H = 232
HEADER_H = 34  # the strip above the board that says what the heat map shows
SETTLE = 0.35  # seconds the board must stay still before the analysis restarts
HANDLE_PX = 7
SAMPLE_CHOICES = (50, 100, 200, 400)
HISTORY = 100

Snapshot = tuple[BoardSpec, Path | None, BoardSpec | None]


class LengthEntry(TextField):
    """A typed value: Enter (or clicking elsewhere) applies it, Esc puts the old one back."""

    def __init__(self, rect: pygame.Rect, label: str, value: str, on_commit) -> None:
        super().__init__(rect, label, value=value, max_length=20)  # "9 feet 6.25 inches"
        self.on_commit = on_commit
        self.shown = value

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if self.editing and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.value, self.editing = self.shown, False
            return True
        was = self.editing
        handled = super().handle(event, focused)
        if was and not self.editing and self.value.strip() != self.shown:
            self.on_commit(self.value)  # unchanged text is not an edit (shown values are rounded)
        return handled


class TunerScene(Scene):
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
        self.saved_boards = saved_boards()  # read when the tuner opens, comes back, or saves
        self._layout()
        self._restart_analysis()
        broken = [b for b in self.saved_boards if b.spec is None]
        if broken:  # listed nowhere else: say which file and why, so it can be fixed
            more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
            self.app.toast(f"Not listed: {broken[0].problem}{more}", theme.DANGER, 8)

    # --- geometry ----------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, HEADER_H, w - PANEL_W, h - CHART_H - HEADER_H)

    def home(self) -> tuple[float, float, float, float]:
        s = self.spec.board_side
        if self.town_view:
            o = self.spec.out_of_town
            return (-o - 0.1, -o - 0.1, s + o + 0.1, s + o + 0.1)
        (ax, ay), (bx, by) = Board(self.spec).start_line
        m = 0.12
        return (min(ax, bx, 0.0) - m, min(ay, by, 0.0) - m, s + m, s + m)

    def painter(self) -> BoardPainter:
        if self._painter is None or self._painter.board.spec != self.spec:
            self._painter = BoardPainter(Board(self.spec))
        return self._painter

    @property
    def dirty(self) -> bool:
        return self.spec != self.saved

    # --- widgets -----------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 16
        bw = PANEL_W - 32
        units = self.app.settings.units
        widgets: list = []
        # rows shrink to fit short windows: 18 rows and 34 px of gaps between title and Back
        p = max(20, min(36, (h - 78 - 56 - 34) // 18))
        rh = p - 4
        y = 78
        boards = self._board_options()
        board = Choice(
            pygame.Rect(x, y, bw, rh),
            "Board",
            options=boards,
            on_change=self._choose_board,
            tooltip="Presets, and the boards you saved",
        )
        board.index = next((i for i, (v, _) in enumerate(boards) if v == self._board_key()), 0)
        widgets.append(board)
        self.board_choice = board
        y += p
        name = LengthEntry(pygame.Rect(x, y, bw, rh), "Name", self.spec.name, self._rename)
        name.max_length = 40
        name.tooltip = "The board's name (Enter applies)"
        widgets.append(name)
        self.name_entry = name
        y += p + 4
        # feet and inches carry their units inside the field ("9 ft 6.2 in"); cm is beside it
        unit_w = 36 if field_unit(units) else 4
        entry_w = 66 if field_unit(units) else 98
        example = (
            "28, 28 cm, 11 in, 0.3 m" if field_unit(units) else "9 ft 6 in, 114 in, 9'6\", 2.9 m"
        )
        self.entries.clear()
        self.sliders.clear()
        for f in LENGTH_FIELDS:
            value = getattr(self.spec, f.name)
            slider = Slider(
                pygame.Rect(x, y, bw - entry_w - unit_w, rh),
                f.label,
                low=f.low,
                high=f.high,
                value=value,
                step=f.step,
                fmt=lambda v: "",
                on_change=lambda v, name=f.name: self._set_length(name, v),
                tooltip=f.help,
            )
            entry = LengthEntry(
                pygame.Rect(x + bw - entry_w - unit_w + 4, y, entry_w, rh),
                "",
                show_length(value, units),
                lambda text, name=f.name: self._type_length(name, text),
            )
            entry.tooltip = f"Type a length: {example} ({f.label})"
            self.sliders[f.name] = slider
            self.entries[f.name] = entry
            widgets += [slider, entry]
            y += p
        y += 22
        quarter = (bw - 18) // 4
        self.number_choices: list[Choice] = []
        for trap, label in enumerate(TRAPEZOID_NAMES):
            numbers = Choice(
                pygame.Rect(x + trap * (quarter + 6), y, quarter, rh),
                "",
                options=[(n, str(n)) for n in SKULL_NUMBER_RANGE],
                on_change=lambda v, trap=trap: self._set_number(trap, v),
                tooltip=f"The {label} trapezoid's number (or click it on the board)",
            )
            numbers.set_value(self.spec.skull_numbers[trap])
            widgets.append(numbers)
            self.number_choices.append(numbers)
        self.numbers_title_y = y - 20
        y += p + 4
        half = (bw - 8) // 2
        skill = Choice(
            pygame.Rect(x, y, bw, rh),
            "Skill",
            options=[(lv, lv.skill.name) for lv in LEVELS.values()],
            on_change=self._set_level,
            tooltip="The player the analysis measures (the computer players' model)",
        )
        skill.set_value(self.level)
        samples = Choice(
            pygame.Rect(x, y + p, bw, rh),
            "Samples per step",
            options=[(n, str(n)) for n in SAMPLE_CHOICES],
            on_change=self._set_samples,
            tooltip="More samples: steadier figures, slower",
        )
        samples.set_value(self.samples)
        widgets += [skill, samples]
        y += 2 * p + 4

        def pair(y: int, *buttons: tuple[str, object, str, bool]) -> list[Button]:
            """Two buttons side by side: (label, action, tooltip, enabled) each."""
            return [
                Button(
                    pygame.Rect(x + i * (half + 8), y, half, rh),
                    label,
                    enabled,
                    on_click=action,
                    size=22,
                    tooltip=tip,
                )
                for i, (label, action, tip, enabled) in enumerate(buttons)
            ]

        view = "Board view" if self.town_view else "Out of town"
        widgets += pair(
            y,
            ("Save", self.save, "Ctrl+S", True),
            ("Save as new", self.save_as_new, "A new file in your boards", True),
        )
        middle = pair(
            y + p,
            ("Undo", self.undo, "Ctrl+Z", bool(self.history)),
            (view, self.toggle_view, "V: show the out-of-town line", True),
        )
        self.undo_button, self.view_button = middle
        widgets += middle
        widgets += pair(
            y + 2 * p,
            ("Practice here", self.practice, "Flick caps on this board", True),
            ("Play here", self.play, "Set up a game on this board", True),
        )
        back_y = max(h - 50, y + 3 * p + 4)
        widgets.append(
            Button(pygame.Rect(x, back_y, bw, 36), "Back to menu", on_click=self.leave, size=22)
        )
        self.widgets.set(widgets)
        self.chart.rect = pygame.Rect(0, h - CHART_H, w - PANEL_W, CHART_H)

    def _board_key(self) -> object:
        if self.path is not None:
            return ("file", str(self.path))
        for name, spec in PRESETS.items():
            if spec == self.spec:
                return ("preset", name)
        return ("current", self.spec.name)

    def _board_options(self) -> list[tuple[object, str]]:
        options: list[tuple[object, str]] = [(("preset", n), n) for n in PRESETS]
        for saved in self.saved_boards:
            if saved.spec is not None:
                options.append((("file", str(saved.path)), f"{saved.title} (saved)"))
        key = self._board_key()
        if all(v != key for v, _ in options):
            label = self.spec.name + (" (file)" if self.path else " (edited)")
            options.insert(0, (key, label))
        return options

    def _sync_widgets(self) -> None:
        """Widgets show the spec after an edit made elsewhere (handles, undo, loading, saving).
        Values change in place: rebuilding the widgets in the middle of a click would hand the
        click to a field that is no longer on screen."""
        units = self.app.settings.units
        for name, slider in self.sliders.items():
            slider.value = getattr(self.spec, name)
            entry = self.entries[name]
            if not entry.editing:
                entry.value = entry.shown = show_length(slider.value, units)
        if not self.name_entry.editing:
            self.name_entry.value = self.name_entry.shown = self.spec.name
        for trap, choice in enumerate(self.number_choices):
            choice.set_value(self.spec.skull_numbers[trap])
        boards = self._board_options()
        self.board_choice.options = boards
        key = self._board_key()
        self.board_choice.index = next((i for i, (v, _) in enumerate(boards) if v == key), 0)
        self.undo_button.enabled = bool(self.history)
        self.view_button.label = "Board view" if self.town_view else "Out of town"

    # --- edits -------------------------------------------------------------------------

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
            self.camera.show(self.home())

    def _type_length(self, name: str, text: str) -> None:
        units = self.app.settings.units
        f = FIELD_BY_NAME[name]
        try:
            value = parse_length(text, units)
        except ValueError as exc:
            self.message = f"{f.label}: {exc}"
            self.entries[name].value = self.entries[name].shown
            return
        if not f.low <= value <= f.high:
            low = show_length(f.low, units) if field_unit(units) else say_length(f.low, units)
            self.message = (
                f"{f.label}: from {low} to {say_length(f.high, units)}, not {text.strip()}"
            )
            self.entries[name].value = self.entries[name].shown
            return
        if self.apply(**{name: value}):
            self._sync_widgets()
            self.camera.show(self.home())
        else:
            self.entries[name].value = self.entries[name].shown

    def _rename(self, text: str) -> None:
        self.apply(name=text.strip())
        self._sync_widgets()

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
        self.camera.show(self.home())

    def undo(self) -> None:
        if self.history:
            self.spec, self.path, self.saved = self.history.pop()
            self.message = ""
            self.settle = SETTLE
            self._sync_widgets()
            self.camera.show(self.home())

    def _set_level(self, level: Level) -> None:
        self.level = level
        self._restart_analysis()

    def _set_samples(self, n: int) -> None:
        self.samples = n
        self._restart_analysis()

    def toggle_view(self) -> None:
        self.town_view = not self.town_view
        self.camera.show(self.home())
        self.view_button.label = "Board view" if self.town_view else "Out of town"

    # --- files and other scenes --------------------------------------------------------

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

    # --- analysis ----------------------------------------------------------------------

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
        self.enter()
        self.saved_boards = saved_boards()
        if not self.worker.complete:
            self.worker.study = None  # the stopped study is started again
            self._restart_analysis()

    # --- input -------------------------------------------------------------------------

    def _handle_at(self, pos: tuple[int, int]) -> Handle | None:
        if not self.viewport().collidepoint(pos):
            return None
        best, best_d = None, HANDLE_PX + 5.0
        for handle in handles(self.spec):
            sx, sy = self.camera.to_screen(handle.at)
            d = math.dist((sx, sy), pos)
            if d <= best_d:
                best, best_d = handle, d
        return best

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._gesture, self._gesture_pushed = True, False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._gesture = False
        if event.type == pygame.MOUSEMOTION:
            self.hover_step = self.chart.step_at(event.pos)
            if self.dragging is not None:
                value = snap(
                    self.dragging,
                    drag_value(self.spec, self.dragging, self.camera.to_world(event.pos)),
                )
                self._set_length(self.dragging, value)
                self.sliders[self.dragging].value = getattr(self.spec, self.dragging)
                return None
            self.hover_handle = self._handle_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            handle = self._handle_at(event.pos)
            if handle is not None:
                self.dragging = handle.field
                return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = None
            self.camera.show(self.home())
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
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_s and ctrl:
                self.save()
                return None
            if event.key == pygame.K_z and ctrl:
                self.undo()
                return None
            if event.key == pygame.K_v:
                self.toggle_view()
                return None
            if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
                self.select(
                    (self.selected + (1 if event.key == pygame.K_RIGHTBRACKET else -1)) % STEPS
                )
                return None
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return None
        return event

    def select(self, step: int) -> None:
        self.selected = step
        self.worker.prioritise(step)  # its heat map next; what is done stays done

    # --- frame -------------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        self.camera.set_viewport(self.viewport())
        self.camera.show(self.home(), snap=True)
        self._layout()

    def update(self, dt: float) -> None:
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
            self._caption(surface, "Not applied: " + self.message, theme.DANGER)
        surface.set_clip(None)
        self._header(surface, figures)
        self._draw_chart(surface)
        self._draw_panel(surface)

    def _shown_step(self) -> StepFigures | None:
        """The selected step's figures, if they are for the board on screen."""
        current = self.worker.study is not None and self.worker.study.spec == self.spec
        return self.worker.snapshot().get(self.selected) if current else None

    def _draw_step(self, surface: pygame.Surface, figures: StepFigures) -> None:
        self.heat.draw(surface, self.camera, figures)
        ox, oy = self.camera.to_screen(figures.origin)
        pygame.draw.circle(surface, theme.CHALK, (ox, oy), 6, 2)
        ax, ay = self.camera.to_screen(figures.aim)
        pygame.draw.line(surface, theme.ACCENT, (ax - 6, ay), (ax + 6, ay), 2)
        pygame.draw.line(surface, theme.ACCENT, (ax, ay - 6), (ax, ay + 6), 2)

    def _header(self, surface: pygame.Surface, figures: StepFigures | None) -> None:
        """What the heat map shows, its two marks, and the keys for another step: the longest
        wording that fits on one line, then shorter words, then smaller letters."""
        w, _ = self.app.size
        bar = pygame.Rect(0, 0, w - PANEL_W, HEADER_H)
        pygame.draw.rect(surface, theme.PANEL, bar)
        here, goal = course.stop(self.selected).label, course.stop(self.selected + 1).label
        if figures is None:
            texts = [f"Heat map of {here} -> {goal}: analysing...", f"{here} -> {goal}: analysing"]
        else:
            n = len(figures.landings)
            where = f"first shots of {figures.start} -> {figures.goal} stopped"
            texts = [f"Heat map: where {n} {where}", f"Where {n} {where}"]
        marks = figures is not None
        for size in (19, 17):
            f = theme.font(size)
            for text in texts:
                for hint in ("[ ] other step", "[ ] step"):
                    need = f.size(text)[0] + f.size(hint)[0] + 40
                    need += self._marks_width(size) + 20 if marks else 0
                    if need <= bar.w:
                        return self._header_line(surface, bar, text, hint, size, marks)
        text = theme.fit(texts[-1], 16, bar.w - 90 - (self._marks_width(16) + 20 if marks else 0))
        self._header_line(surface, bar, text, "[ ] step", 16, marks)

    @staticmethod
    def _marks_width(size: int) -> int:
        f = theme.font(size)
        return 2 * 18 + f.size("placed")[0] + 14 + f.size("aimed")[0]

    def _header_line(
        self,
        surface: pygame.Surface,
        bar: pygame.Rect,
        text: str,
        hint: str,
        size: int,
        marks: bool,
    ) -> None:
        y = bar.centery
        end = theme.text(surface, text, (12, y), size, theme.TEXT, "midleft").right
        if marks:  # the marks as drawn on the board, not named in words
            x = end + 20
            pygame.draw.circle(surface, theme.CHALK, (x + 6, y), 6, 2)
            x = theme.text(surface, "placed", (x + 18, y), size, theme.TEXT_DIM, "midleft").right
            x += 14
            pygame.draw.line(surface, theme.ACCENT, (x, y), (x + 12, y), 2)
            pygame.draw.line(surface, theme.ACCENT, (x + 6, y - 6), (x + 6, y + 6), 2)
            theme.text(surface, "aimed", (x + 18, y), size, theme.TEXT_DIM, "midleft")
        theme.text(surface, hint, (bar.right - 12, y), size - 2, theme.TEXT_DIM, "midright")

    def _caption(self, surface: pygame.Surface, text: str, colour=theme.TEXT) -> None:
        vp = self.viewport()
        img = theme.rendered(text, 19, colour)
        box = img.get_rect()
        box.inflate_ip(16, 8)
        box.bottomleft = (vp.x + 8, vp.bottom - 8)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
        pygame.draw.rect(surface, colour, box, 1, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_handles(self, surface: pygame.Surface) -> None:
        for handle in handles(self.spec):
            sx, sy = self.camera.to_screen(handle.at)
            active = self.dragging == handle.field or (
                self.dragging is None
                and self.hover_handle is not None
                and self.hover_handle.field == handle.field
            )
            colour = theme.ACCENT if active else theme.CHALK_BLUE
            if active:
                pygame.draw.circle(surface, (20, 20, 24), (sx, sy), HANDLE_PX + 2)
                pygame.draw.circle(surface, colour, (sx, sy), HANDLE_PX)
            else:  # a ring: whatever number lies under a handle still reads through it
                pygame.draw.circle(surface, (20, 20, 24), (sx, sy), HANDLE_PX + 2, 2)
                pygame.draw.circle(surface, colour, (sx, sy), HANDLE_PX, 2)
            if active:
                value = say_length(getattr(self.spec, handle.field), self.app.settings.units)
                label = f"{handle.label}: {value}"
                img = theme.rendered(label, 20, theme.TEXT)
                box = img.get_rect(midbottom=(sx, sy - 14)).inflate(10, 6)
                box.clamp_ip(self.viewport())
                pygame.draw.rect(surface, theme.PANEL, box, border_radius=5)
                surface.blit(img, img.get_rect(center=box.center))

    def _draw_chart(self, surface: pygame.Surface) -> None:
        r = self.chart.rect
        pygame.draw.rect(surface, theme.PANEL, r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.topright)
        worker = self.worker
        stale = worker.study is None or worker.study.spec != self.spec
        analysis = worker.analysis()
        # the right of the two top lines: the totals and the rules' verdict, or the progress
        top_right = ""
        verdicts: tuple[str, ...] = ()
        good = False
        if analysis is not None and not stale and not worker.error:
            pips = analysis.expected_pipsies_per_game
            good = 1.0 <= pips <= 2.0
            top_right = (
                f"pipsies a game {pips:.2f}   shots to finish "
                f"{analysis.expected_shots_to_finish:.0f}"
            )
            verdicts = (
                ("rules 1.6.7: once or twice a game - good", "rules 1.6.7: 1 or 2 a game - good")
                if good
                else ("rules 1.6.7 asks once or twice a game", "rules 1.6.7 asks 1 or 2 a game")
            )
        stats_size = 20 if r.w >= 760 else 18
        right_w = theme.font(stats_size).size(top_right)[0] if top_right else 260
        title, size = self._chart_title(r.w - 48 - right_w)
        theme.text(surface, title, (r.x + 16, r.y + 10), size, theme.TEXT, bold=True)
        legend_end = self._chart_legend(surface, r)
        room = r.right - 16 - legend_end - 16
        if worker.error:
            error = theme.fit(worker.error, 17, room)
            theme.text(surface, error, (r.right - 16, r.y + 36), 17, theme.DANGER, "topright")
        elif top_right:
            colour = theme.OK if good else theme.ACCENT
            theme.text(surface, top_right, (r.right - 16, r.y + 10), stats_size, colour, "topright")
            f = theme.font(17)
            verdict = next((v for v in verdicts if f.size(v)[0] <= room), verdicts[-1])
            verdict = theme.fit(verdict, 17, room)
            theme.text(surface, verdict, (r.right - 16, r.y + 34), 17, theme.TEXT_DIM, "topright")
        else:
            bar = pygame.Rect(r.right - 260, r.y + 14, 240, 10)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=4)
            done = 0.0 if stale else worker.progress
            fill = pygame.Rect(bar.x, bar.y, round(bar.w * done), bar.h)
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=4)
            label = "waiting for the board to settle" if stale else f"analysing {done:.0%}"
            theme.text(surface, label, (bar.right, bar.bottom + 6), 17, theme.TEXT_DIM, "topright")
        done = worker.snapshot()
        figures = {} if stale else done
        previous = {**self.previous, **done} if stale else self.previous
        self.chart.draw(surface, figures, self.selected, self.hover_step, previous)

    def _chart_title(self, width: int) -> tuple[str, int]:
        """The chart's title and size: the skill and samples in full when they fit, else in
        fewer words (the panel beside the chart names both too)."""
        skill, n = self.level.skill.name, self.samples
        titles = (
            (f"How hard is each shot: {skill}, {n} samples a step", 22),
            (f"How hard is each shot: {skill}, {n} samples a step", 20),
            (f"How hard is each shot: {skill}, {n} a step", 20),
            (f"How hard is each shot: {skill}", 20),
            ("How hard is each shot", 20),
        )
        for text, size in titles:
            if theme.font(size, bold=True).size(text)[0] <= width:
                return text, size
        return theme.fit(titles[-1][0], 20, width, bold=True), 20

    def _chart_legend(self, surface: pygame.Surface, r: pygame.Rect) -> int:
        """What the bars and the line mean, under the title; returns where it ends."""
        x = theme.text(surface, "bars: chance in one shot", (r.x + 16, r.y + 36), 17, BAR).right
        return theme.text(surface, "line: expected shots", (x + 20, r.y + 36), 17, SHOTS).right

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = theme.side_panel(surface, PANEL_W)
        x = rect.x + 16
        title = "Board tuner" + ("  *" if self.dirty else "")
        theme.text(surface, title, (x, 14), 36, theme.ACCENT, bold=True)
        if self.path:
            where = str(self.path)
        elif self.spec in PRESETS.values():
            where = "a preset: Save makes your own copy"
        else:
            where = "not saved yet"
        if len(where) > 44:
            where = "..." + where[-41:]
        theme.text(surface, where, (x, 52), 17, theme.TEXT_DIM)
        unit = field_unit(self.app.settings.units)
        for f in LENGTH_FIELDS:
            entry = self.entries.get(f.name)
            if entry is not None and unit:
                theme.text(
                    surface,
                    unit,
                    (entry.rect.right + 6, entry.rect.centery),
                    18,
                    theme.TEXT_DIM,
                    "midleft",
                )
        theme.text(
            surface,
            "Skull numbers: bottom, left, top, right",
            (x, self.numbers_title_y),
            18,
            theme.TEXT_DIM,
        )
        self.widgets.draw(surface)

"""The tuner's panel: the board's lengths as sliders with typed values, the skull numbers, the
analysis' skill and samples, and the buttons; kept showing the board on screen after any edit.

`TunerPanel` is a mixin of `TunerScene` (scene.py): it sets the scene's `widgets`, `sliders`,
`entries` and `number_choices`, and calls its edits (`_set_length`, `save`, `undo`...)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from skully_game.shell import theme
from skully_game.shell.widgets import Button, Choice, Slider, TextField
from skully_game.skully.board import PRESETS
from skully_game.skully.skill import LEVELS
from skully_game.skully.tuner_model import (
    LENGTH_FIELDS,
    SKULL_NUMBER_RANGE,
    TRAPEZOID_NAMES,
    field_unit,
    show_length,
    typing_examples,
)

PANEL_W = 420
CHART_H = 232
HEADER_H = 34  # the strip above the board that says what the heat map shows
SAMPLE_CHOICES = (50, 100, 200, 400)
TUNER_LETTERS = "[]vV"  # the tuner's keys that are letters too: never typed into a field at rest


class LengthEntry(TextField):
    """A typed value: Enter, Tab or a click elsewhere applies it; Esc puts the old one back and
    leaves the field. A value refused on Enter stays in the field, selected, with the reason
    shown above the board: the next keys retype it (all of them go to the field, `]` too) or
    Esc gives up. Leaving a refused value by Tab or a click puts the old one back.

    A field with the focus but not being typed in leaves the tuner's letters to the tuner
    (TUNER_LETTERS: `[`, `]`, V): held down, a key's KEYDOWNs and their letters (TEXTINPUT)
    come in bunches, not in pairs, so only the letter itself can say it is not for the field.
    Any other letter starts the typing; in a length field it replaces the value shown (as
    after Enter, which selects it), a new number rather than digits added ("30", not "2830").
    `on_commit(text)` applies a value and says whether it was taken."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        value: str,
        on_commit: Callable[[str], bool],
        replace: bool = True,
    ) -> None:
        super().__init__(rect, label, value=value, max_length=20)  # "9 feet 6.25 inches"
        self.on_commit = on_commit
        self.shown = value
        self.replace = replace  # a letter typed at rest replaces the value (a length), or adds
        self._handling = False  # inside handle(): the field itself ends the typing, not blur()

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if self.editing and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.TEXTINPUT and not self.editing:
            if not focused or event.text in TUNER_LETTERS:
                return False  # the tuner's key: its KEYDOWN has done its work there
            self.selected, self.caret = self.replace, -1  # typing starts at the end, or anew
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        was = self.editing
        self._handling = True
        try:
            handled = super().handle(event, focused)
        finally:
            self._handling = False
        if was and not self.editing:
            self.commit(keep=enter)
        elif enter and not was and self.editing and self.replace:
            self.selected = bool(self.value)  # Enter to type a length: the next digit replaces it
        return handled

    def cancel(self) -> None:
        """Esc: the value shown before the typing, and the field left."""
        self.value = self.shown
        super().blur()

    def blur(self) -> None:
        """The focus went elsewhere (Tab, an arrow, another widget): the typing is applied."""
        if self.editing and not self._handling:
            super().blur()
            self.commit(keep=False)
        super().blur()

    def commit(self, keep: bool) -> bool:
        """Apply what was typed (unchanged text is no edit: shown values are rounded). Refused,
        `keep` leaves it in the field to be put right; otherwise the old value comes back."""
        typed = self.value
        if typed.strip() == self.shown or self.on_commit(typed):
            if not self.editing:
                self.value = self.shown
            return True
        if keep:
            self.value, self.caret = typed, len(typed)
            self.editing = self.selected = True
        else:
            self.value = self.shown
        return False


class TunerPanel:
    """The panel's widgets, laid out and kept in step (mixed into TunerScene)."""

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
        name = LengthEntry(
            pygame.Rect(x, y, bw, rh), "Name", self.spec.name, self._rename, replace=False
        )
        name.max_length = 40
        name.tooltip = "The board's name (Enter applies)"
        widgets.append(name)
        self.name_entry = name
        y += p + 4
        # feet and inches carry their units inside the field ("9 ft 6.2 in"); cm is beside it
        unit_w = 36 if field_unit(units) else 4
        entry_w = 66 if field_unit(units) else 98
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
            entry.tooltip = f"{f.label}: type a length, such as {typing_examples(value, units)}"
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

"""The setup screen every table game shares: seats on the left (a person or a computer player
each), the game's rule options on the right, the computer players' pace, and Start, Resume last
game, Replay last game and Back along the bottom. The last choices come back next time.

The saves are listed as the main menu lists them: the first frame shows what the folder's index
and a few reads on the spot know, a background pass reads the rest, and Resume last game and
Replay last game come in their own places when it is done (nothing else moves).

A game's setup names its adapter and its table scenes. Its option rows come from its options'
fields (cards.options.rule: label, tooltip, choices), in their order, with the pace's after them;
the options follow the seats (GameEntry.fit_options: the defaults for this many seats, then each
choice the person made that the seats can have, which comes back when they can). A game may add
widgets under the rows (a rules screen), say what gave way in its own words, or adjust a change
(one option forcing another).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, ClassVar

import pygame

from cards.options import OptionRow, rule_rows, rule_tips
from skully_game.core import saves_index
from skully_game.core.saves import folder_problem
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.prefs import (
    load_choices,
    remember_pace,
    save_choices,
    shared_pace,
)
from skully_game.scenes.cardtable.replays import OLDER, OLDER_TIP, ReplayList
from skully_game.scenes.cardtable.seated import SeatedScene
from skully_game.scenes.cardtable.seating import (
    NAMES,
    PACES,
    seat_widgets,
    seats_from,
    seats_problem,
    seats_to,
)
from skully_game.scenes.cardtable.steady import SteadyChoice
from skully_game.scenes.cardtable.table import CardReplay, CardTable
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene, Scene
from skully_game.shell.widgets import Button, Choice, Widget, WidgetGroup, name_cut_note

START = "Start game"
REPLAY = "Replay last game"
RESUME = "Resume last game"
PACE_TIP = "How fast the computer players' moves are shown"


class OptionTips(WidgetGroup):
    """A setup's widgets, whose rows' tooltips go where `place` says (see
    `TableSetup.tip_box`); every other tooltip goes where the widgets put it."""

    def __init__(self, place: Callable[[Widget, tuple[int, int]], pygame.Rect | None]) -> None:
        super().__init__()
        self.place = place

    def tip(self, screen: pygame.Rect) -> tuple[str, pygame.Rect] | None:
        found = super().tip(screen)
        if found is None:
            return None
        tipped = [w for w in self.widgets if w.tooltip and w.rect.collidepoint(self.mouse)][-1]
        box = self.place(tipped, found[1].size)
        return found if box is None else (found[0], box)


class TableSetup(FormScene):
    game: SeatedGame  # its facts (title, rule options, seats, computer players): the registry's
    table_class: Callable[[App, tables.Match], SeatedScene] = CardTable  # a match to play on
    replay_class: Callable[[App, tables.Match], Scene] = CardReplay
    default_kinds: Sequence[str] = ()  # the computer players of a first game, after "You"
    # an option row's tooltip, by the option's name, beyond its field's (cards.options.rule)
    option_tips: ClassVar[dict[str, str]] = {}
    rules_class: Callable[[App], Scene] | None = None  # the rules screen, "How to play"
    rules_tip = ""  # its button's tooltip, if not "How <game> is played, at this table"

    @property
    def options_class(self) -> Any:
        """The game's rule options (an OptionSet dataclass: from_dict, to_dict, players)."""
        return self.game.info.options

    @property
    def max_seats(self) -> int:
        """The most seats the game deals for."""
        return self.game.info.players[1]

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seats = [TableSeat(NAMES[0], HUMAN)] + [
            TableSeat(NAMES[i + 1], kind) for i, kind in enumerate(self.default_kinds)
        ]
        self.options = self.options_class()
        self.pace = Pace.NORMAL
        self.seed = random.SystemRandom().randrange(1 << 31)
        self.widgets = OptionTips(self.tip_box)
        self.option_rows_at: list[pygame.Rect] = []  # each option row, for its tooltip
        self.options_bottom = 0  # under the option rows and what lies below them
        self.seat_rows_at: list[pygame.Rect] = []  # each seat's kind, for its tooltip
        self.seats_bottom = 0  # under the seats, "Add seat" and who plays with whom
        self.message = ""
        self.seats_said = ""  # the message is what the seats lacked at Start
        self.finished_saves: list[Path] = []  # the game's saves, newest first (_list_saves)
        self.unfinished_saves: list[Path] = []
        self.listed_at = -1  # the background refresh the lists last saw
        self.drawn = False  # a first frame shown: the background may read the saves
        self.refreshed = False  # ...and has been asked to (every file looked at once)
        self._list_saves()
        self._remembered()
        # what the person asked of each option, kept while the seats cannot have it (pairs at
        # five seats), so that it comes back when they can
        self.asked: dict[str, object] = {
            f.name: getattr(self.options, f.name) for f in fields(self.options)
        }
        self.options = self.fitted()[0]
        self._layout()
        # the keys start on Start game: the last choices are back, so Enter deals at once
        self.widgets.focus = next(i for i, w in enumerate(self.widgets.widgets) if w.label == START)

    # --- what a game says ---------------------------------------------------------------

    def option_rows(self) -> list[OptionRow]:
        """The rule options, each a row of choices (`rule_rows`); "pace" is the table's own."""
        return [*self.rule_rows(), ("Computer pace", PACES, self.pace, "pace")]

    def rule_rows(self) -> list[OptionRow]:
        """The rule options' rows: their fields' (cards.options.rule), in their order."""
        return rule_rows(self.options)

    def widgets_below(self, x: int, y: int, width: int) -> list[Widget]:
        """Anything under the option rows: the rules screen's button, if the game has one."""
        return [self.how_to_play(x, y, width)] if self.rules_class is not None else []

    def below_height(self) -> int:
        """How tall what goes under the option rows is (the rules' button, a game's words)."""
        return 48 if self.rules_class is not None else 0

    def rows_fit(self, count: int) -> tuple[int, bool]:
        """The option rows' pitch, and whether How to play goes beside their heading: rows
        46 apart, closer in a short window, and the button up beside "Rule options" when
        under the rows it would reach the message line over the bottom buttons (in a window
        under 640 high it lay over the pace row)."""
        room = self.app.size[1] - 122 - 110
        count = max(1, count)
        below = self.below_height()
        if count * 42 + below <= room:
            return max(42, min(46, (room - below) // count)), False
        return max(32, min(46, room // count)), self.rules_class is not None

    def how_to_play(self, x: int, y: int, width: int, height: int = 40) -> Button:
        """The button that opens the game's rules screen."""
        rules = self.rules_class
        assert rules is not None
        tip = self.rules_tip or f"How {self.game.title} is played, at this table"
        return Button(
            pygame.Rect(x, y, min(width, 240), height),
            "How to play",
            on_click=lambda: self.app.stack.push(rules(self.app)),
            size=22,
            tooltip=tip,
        )

    def unavailable(self, name: str) -> str:
        """Why option `name` cannot apply with these seats, short enough to stand for its value
        ("Not with 2 players"); "" when it can. Its row is shown disabled, saying so."""
        return ""

    def changed(self, name: str, value: object) -> dict[str, object]:
        """The option changes one choice makes (it may set others, and `self.message`)."""
        return {name: value}

    def gave_way(self, name: str, players: int) -> str:
        """What the person asked of option `name` that `players` seats cannot have, and what
        stands instead, in a player's words; "" when its row says it (`unavailable`)."""
        if self.unavailable(name):
            return ""
        row = next((r for r in self.rule_rows() if r[3] == name), None)
        if row is None:
            return ""
        label, choices, value, _ = row
        words = dict(choices)
        asked = words.get(self.asked[name], str(self.asked[name]))
        return (
            f"{label}: {asked} is not possible with {players} players ({words.get(value)} it is)."
        )

    def fitted(self) -> tuple[Any, str]:
        """The options for these seats (GameEntry.fit_options) and what gave way ("")."""
        players = len(self.seats)
        options, dropped = self.game.engine.fit_options(players, self.asked)
        self.options = options  # the rows and the words read the options as they now stand
        return options, next((w for w in (self.gave_way(n, players) for n in dropped) if w), "")

    def final_options(self) -> Any:
        """The options the game starts with: those shown, the seats counted."""
        shown = {f.name: getattr(self.options, f.name) for f in fields(self.options)}
        return self.game.engine.fit_options(len(self.seats), shown)[0]

    # --- the screen ---------------------------------------------------------------------

    def _remembered(self) -> None:
        """The last game's choices; a bad file is named and the defaults kept."""
        choices, problem = load_choices(self.game.key)
        if problem:
            self.message = problem
            return
        seats = seats_from(choices.get("seats"), self.game.levels, self.max_seats)
        if seats:
            self.seats = seats
        try:
            raw = choices.get("options")
            if isinstance(raw, dict):
                self.options = self.options_class.from_dict(raw)
            self.pace = Pace(shared_pace() or choices.get("pace", Pace.NORMAL.value))
        except ValueError:
            self.options, self.pace = self.options_class(), Pace.NORMAL

    def _layout(self) -> None:
        w, h = self.app.size
        widgets: list[Widget]
        left_w = min(520, w // 2 - 60)
        widgets, seats_end = seat_widgets(
            self.seats,
            self.game.levels,
            40,
            110,
            left_w,
            self._seats_changed,
            self.max_seats,
            self.game.engine.bot_tip,
        )
        # each seat's kind (a seat's "x" hides no value: its tip goes where the widgets put it)
        self.seat_rows_at = [w.rect for w in widgets if isinstance(w, Choice)]
        self.seats_bottom = max([seats_end, *(w.rect.bottom for w in widgets)])
        pairs = self._partner_lines()
        if pairs:
            self.seats_bottom += 14 + 22 * len(pairs)
        rx, rw = w // 2 + 20, w // 2 - 60
        ry = 110
        tips = {**rule_tips(self.options), "pace": PACE_TIP, **self.option_tips}
        rows = self.option_rows()
        pitch, heading = self.rows_fit(len(rows))
        if heading:  # no room under the rows: How to play stands beside their heading
            widgets.append(self.how_to_play(rx + rw - 200, 66, 200, height=36))
        for label, options, value, name in rows:
            why = self.unavailable(name)
            choice = SteadyChoice(
                pygame.Rect(rx, ry, rw, max(28, min(38, pitch - 6))),
                label,
                not why,
                options=[(value, why)] if why else options,
                on_change=lambda v, n=name: self._option(n, v),
                tooltip=tips.get(name, ""),
            )
            choice.set_value(value)
            widgets.append(choice)
            ry += pitch
        below = [] if heading else self.widgets_below(rx, ry + 8, rw)
        widgets += below
        self.option_rows_at = [w.rect for w in widgets if isinstance(w, Choice) and w.rect.x == rx]
        self.options_bottom = max([ry, *(w.rect.bottom for w in below)])
        # along the bottom, in the order they stand (Tab goes as the eye does)
        widgets.append(
            Button(pygame.Rect(40, h - 70, 140, 48), "Back", on_click=self.app.stack.pop, size=24)
        )
        widgets += self._save_buttons()
        widgets.append(
            Button(
                pygame.Rect(w - 240, h - 70, 200, 48),
                START,
                on_click=self._start,
                size=28,
                tooltip="Deal with these seats and rules",
            )
        )
        self.widgets.set(widgets)  # the focus stays on its widget, or in its place
        folder = tables.saves_dir(self.game)
        problem = folder_problem(folder)
        self.folder_said = f"Games can't be saved in {folder}: {problem}." if problem else ""

    def _list_saves(self) -> None:
        """The game's finished and unfinished saves as the folder's index and a few reads on the
        spot know them (saves_index.quick_listing): the screen never waits for a folder of
        saves. The rest are read in the background after the first frame (update)."""
        self.listed_at = saves_index.generation()
        with saves_index.quick_listing():
            listing = tables.list_tables(self.game)
        self.finished_saves = [e.path for e in listing.finished()]
        self.unfinished_saves = [e.path for e in listing.unfinished()]
        if listing.pending:  # (a refresh of other lists ran meanwhile: this one is asked again)
            self.refreshed = False

    def _save_buttons(self) -> list[Widget]:
        """Replay last game and Resume last game, each when there is one, in its own place;
        with two finished games or more, Older games beside Replay last game (where the row
        has room for it: from 1024 pixels wide)."""
        w, h = self.app.size
        buttons: list[Widget] = []
        if self.finished_saves:
            buttons.append(
                Button(
                    pygame.Rect(190, h - 70, 220, 48),
                    REPLAY,
                    on_click=lambda: self._open(
                        self.finished_saves[0], self.replay_class, replace_me=False
                    ),
                    size=22,
                    tooltip="The last game played to its end (a match, once won), action by action",
                )
            )
        # clear of Replay last game by 12 px, as wide as the row allows (a small one pressed
        # against it was missed for Replay twice: a play-test)
        limit = w - 468 if self.unfinished_saves else w - 260
        older = pygame.Rect(422, h - 70, min(170, limit - 422), 48)
        if len(self.finished_saves) > 1 and older.w >= 120:
            size = 22 if older.w >= 150 else 20
            buttons.append(Button(older, OLDER, on_click=self._older, size=size, tooltip=OLDER_TIP))
        if self.unfinished_saves:
            buttons.append(
                Button(
                    pygame.Rect(w - 460, h - 70, 210, 48),
                    RESUME,
                    on_click=lambda: self._open(
                        self.unfinished_saves[0], self.table_class, replace_me=True
                    ),
                    size=22,
                    tooltip=resume_tip(len(self.unfinished_saves) - 1),
                )
            )
        return buttons

    def _older(self) -> None:
        """Every finished game of this game, to pick one to watch again."""
        self.app.stack.push(ReplayList(self.app, self.game, self.replay_class))

    def _saves_read(self) -> None:
        """The background has read the saves: the two buttons as they now are, put in among
        the widgets in their places (Back, Replay, Resume, Start) without touching the others:
        a name being typed, the focus and what is under the pointer stay as they were."""
        self._list_saves()
        others = [w for w in self.widgets.widgets if w.label not in (REPLAY, RESUME, OLDER)]
        at = next((i + 1 for i, w in enumerate(others) if w.label == "Back"), len(others))
        self.widgets.set(others[:at] + self._save_buttons() + others[at:])

    def tip_box(self, widget: Widget, size: tuple[int, int]) -> pygame.Rect | None:
        """Where a row's tooltip goes: the rows stand too close for one between them, so under
        its column (above the buttons along the bottom, clear of a message), or with no room
        there over the column's heading. Never on a row, its value or its neighbours'. None:
        not a row (the widgets place its tip)."""
        if widget.rect in self.option_rows_at:
            rows, bottom = self.option_rows_at, self.options_bottom
        elif widget.rect in self.seat_rows_at:
            rows, bottom = self.seat_rows_at, self.seats_bottom
        else:
            return None
        w, h = self.app.size
        x = 40 if rows is self.seat_rows_at else min(r.x for r in rows)  # a seat's: its name's
        box = pygame.Rect((x, bottom + 10), size)
        message = pygame.Rect(0, h - 122, w, 48) if self.message else pygame.Rect(0, h, 0, 0)
        if box.bottom > h - 76 or box.colliderect(message):
            box.bottomleft = (x, min(r.y for r in rows) - 4)
        return box.clamp(pygame.Rect(0, 0, w, h))

    def _seats_changed(self) -> None:
        """A seat added, removed or changed: the options follow the seats, and a word about an
        earlier choice gives way to what the seats could not have, if anything."""
        self.options, self.message = self.fitted()
        self._layout()

    def _option(self, name: str, value: object) -> None:
        if name == "pace":
            self.pace = value  # type: ignore[assignment]
            return
        self.message = ""
        self.asked.update(self.changed(name, value))  # (it may say what followed)
        self.options, gave = self.fitted()
        self.message = gave or self.message
        self._layout()

    def _start(self) -> None:
        problem = seats_problem(self.seats)
        if problem:
            self.message = self.seats_said = problem  # until the seats are mended (update)
            return
        options = self.final_options()
        seats = [TableSeat(s.name.strip(), s.kind) for s in self.seats]
        try:
            save_choices(
                self.game.key,
                {"seats": seats_to(seats), "options": options.to_dict(), "pace": self.pace.value},
            )
            remember_pace(self.pace.value)
        except OSError as exc:
            self.app.toast(f"Could not keep these choices: {exc.strerror}", theme.DANGER)
        match = tables.Match(self.game, options, self.seed, seats, self.pace)
        table = self.table_class(self.app, match)
        table.save()  # a folder that cannot be written is said; the game is played unsaved
        self.app.stack.replace(table)

    def _open(
        self, path: Path, scene: Callable[[App, tables.Match], Scene], replace_me: bool
    ) -> None:
        """A saved table, to play on (in place of this screen) or to replay (over it)."""
        try:
            match = tables.Match.load(self.game, path)
        except ValueError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        opened = scene(self.app, match)
        if replace_me:
            self.app.stack.replace(opened)
        else:
            self.app.stack.push(opened)

    def resume(self) -> None:
        self._list_saves()  # a game may have been saved or finished meanwhile
        self._layout()

    def update(self, dt: float) -> None:
        if self.drawn and not self.refreshed:  # after the first frame: it waits for no save
            self.refreshed = True
            saves_index.refresh_in_background([functools.partial(tables.list_tables, self.game)])
        if saves_index.generation() != self.listed_at:  # the saves read in the background
            self._saves_read()
        if self.message and self.message == self.seats_said:  # follow the names as they are typed
            self.message = self.seats_said = seats_problem(self.seats) or ""
        self.message = name_cut_note(self.widgets, self.message)

    def draw_words(self, surface: pygame.Surface) -> None:
        """A game's own words about its options (drawn under the widgets and their tooltips)."""

    def _partner_lines(self) -> list[str]:
        """Who plays with whom, in up to three lines, when the game is played in pairs."""
        sides = getattr(self.final_options(), "sides", ())
        if not any(len(side) > 1 for side in sides):
            return []
        names = [s.name.strip() or "?" for s in self.seats]
        pairs = [" and ".join(names[p] for p in side) for side in sides if len(side) > 1]
        words = "Partners: " + "; ".join(pairs)
        return theme.wrap(words, 19, min(520, self.app.size[0] // 2 - 60))[:3]

    def _draw_partners(self, surface: pygame.Surface) -> None:
        """Who plays with whom, under the seats, when the game is played in pairs."""
        add = next((w for w in self.widgets.widgets if w.label == "Add seat"), None)
        if add is None:
            return
        for k, line in enumerate(self._partner_lines()):
            theme.text(surface, line, (add.rect.x, add.rect.bottom + 14 + k * 22), 19,
                       theme.CHALK_BLUE)  # fmt: skip

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill((22, 40, 34))
        theme.text(surface, self.game.title, (40, 24), 48, theme.ACCENT, bold=True)
        theme.text(surface, "Seats, in order round the table", (40, 78), 22, theme.TEXT_DIM)
        theme.text(surface, "Rule options", (w // 2 + 20, 78), 22, theme.TEXT_DIM)
        self.draw_words(surface)
        self._draw_partners(surface)
        self.widgets.draw(surface)  # after the words: a tooltip goes over them
        # what the seats or options lack first, else why no game can be kept (and why there
        # is nothing to resume or replay)
        said = self.message or self.folder_said
        if said:
            for k, line in enumerate(theme.wrap_lines(said, 20, w - 80, 2)):
                theme.text(surface, line, (w // 2, h - 118 + k * 22), 20, theme.DANGER, "midtop")
        self.drawn = True


def resume_tip(older: int) -> str:
    """The setup's "Resume last game" tip: a new game never replaces an unfinished one (each
    keeps its own save), so it says where the older ones wait."""
    if not older:
        return "Carry on the last game left unfinished"
    return f"Carry on the newest unfinished game; the main menu's Resume game lists {older} more"


__all__ = ["OptionRow", "TableSetup"]

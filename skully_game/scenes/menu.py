"""The main menu: the modes that work, settings, quit — over a chalk board in the street."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pygame

from skully_game import __version__
from skully_game.core import saves_index
from skully_game.modes import load_modes
from skully_game.scenes.skully.chalk import BoardPainter, chalk_text
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.freshpress import PressEcho
from skully_game.shell.scene import Scene
from skully_game.shell.view import Camera
from skully_game.shell.widgets import Button, WidgetGroup
from skully_game.skully.board import preset
from skully_game.skully.geometry import Board

BUTTON_W = 340
BUTTON_H = 50  # the roomy size; a short window gets smaller rows, then two columns
MIN_BUTTON_H = 36
GAP = 12
FOOTER_H = 36  # the help line along the bottom
SUBTITLE = "flick your cap from the start to 13 and back, then go killer"
NOTHING_TO_RESUME = "No game left unfinished: a game you leave before its end waits here"


def title_px(h: int) -> int:
    """The chalked title's height: a seventh of the window, smaller when it is short."""
    return max(34, h // 7 if h >= 600 else h // 9)


def entry_rects(
    size: tuple[int, int], top: int, count: int, split: int | None = None
) -> list[pygame.Rect]:
    """Rects for `count` menu entries between `top` and the help line: one column if it fits
    (lowered towards the middle when there is room), else shorter rows, else two columns,
    the second from entry `split` on when it fits as well (the card games together)."""
    w, h = size
    bottom = h - FOOTER_H
    room = max(0, bottom - top)
    columns = 1
    row = min(BUTTON_H + GAP, room // max(1, count))
    if row - GAP // 2 < MIN_BUTTON_H:
        columns = 2
        rows = second = math.ceil(count / 2)
        if split and room // max(split, count - split) - GAP // 2 >= MIN_BUTTON_H:
            rows, second = max(split, count - split), split
        row = min(BUTTON_H + GAP, room // max(1, rows))
    else:
        rows = second = count
    gap = GAP if row >= BUTTON_H + GAP else max(5, row // 7)  # (Your games: 36 px at 500)
    button_h = row - gap
    width = min(BUTTON_W, (w - 60 - GAP) // columns)
    height = rows * row - gap
    y0 = max(top, min(int(h * 0.42), bottom - height))
    if columns == 2:
        y0 = top + (room - height) // 2
    left = w // 2 - (columns * width + (columns - 1) * GAP) // 2
    rects = []
    for i in range(count):
        col = 0 if i < second else 1
        r = i - col * second
        rects.append(pygame.Rect(left + col * (width + GAP), y0 + r * row, width, button_h))
    return rects


class MenuScene(Scene):
    home = True  # after an error, the program comes back here

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back = PressEcho()  # see resume()
        board = Board(preset("classic"))
        self.painter = BoardPainter(board)
        s = board.spec.board_side
        self.backdrop = (-0.3, -0.3, s + 0.3, s + 0.3)
        self.camera = Camera(pygame.Rect((0, 0), app.size), self.backdrop)
        self.modes = load_modes()
        self.widgets = WidgetGroup()
        self.newest: tuple[Path, datetime] | None = None  # the newest unfinished game's save
        self.stale_keys: set[int] = set()  # held from the screen before: not for the menu
        self.listed_at = saves_index.generation()  # the background refresh the lists last saw
        self.told = False  # the unreadable files named (once per start)
        self.refresh: list[Callable[[], object]] = []  # lists to read whole in the background
        self.drawn = False
        self._layout()
        self._tell_unreadable_files()

    def _tell_unreadable_files(self) -> None:
        """Once per start: a saved file that could not be read is named, not silently skipped
        (once every file has been read: ten thousand new saves are read in the background)."""
        from skully_game.core.saves import bad_files_message
        from skully_game.skully.board_files import board_listing
        from skully_game.skully.saves import game_listing, shot_listing

        if self.told:
            return
        with saves_index.quick_listing():
            listings = [f() for f in (game_listing, shot_listing, board_listing)]
        if any(x.pending for x in listings):
            return  # told when the background has read them
        self.told = True
        message = bad_files_message(b for x in listings for b in x.bad)
        if message:
            self.app.toast(theme.fit(message, 22, self.app.size[0] - 60), theme.DANGER, 8)

    def update(self, dt: float) -> None:
        if self.refresh and self.drawn:  # after the first frame: it does not wait for them
            saves_index.refresh_in_background(self.refresh)
            self.refresh = []
        if saves_index.generation() != self.listed_at:  # the saves read in the background
            self.listed_at = saves_index.generation()
            buttons = self.widgets.widgets
            at = self.widgets.focus
            focused = buttons[at].label if 0 <= at < len(buttons) else None
            self._layout()
            texts = [b.label for b in self.widgets.widgets]
            if focused in texts:  # the focus stays on its entry when Resume game appears
                self.widgets.focus = texts.index(focused)
            self._tell_unreadable_files()

    def _layout(self) -> None:
        w, h = self.app.size
        self.camera.viewport = pygame.Rect(0, 0, w, h)
        self.camera.show(self.backdrop, snap=True)
        from skully_game.scenes.resume import every_listing, newest_unfinished

        entries: list[tuple[str, str, object]] = []
        with saves_index.quick_listing():  # the first frame never waits for the saves
            newest = newest_unfinished()
        if not self.drawn:  # new files read, and every file looked at, from the first frame on
            self.refresh = every_listing()
        # Resume game keeps its place, dimmed while there is no game to carry on: the saves
        # are read in the background, and an entry added above the others when they are found
        # would move every row under the pointer (a click aimed at one would press another)
        resume_tip = (
            "Carry on a game you left unfinished, where it stopped"
            if newest is not None
            else NOTHING_TO_RESUME
        )
        entries.append(("Resume game", resume_tip, "resume"))
        entries.append(("Play the computer", self._computer_tip(), "computer"))
        entries += [(m.title + self._note(m.key), m.blurb, m) for m in self.modes]
        entries.append(("Play online", "Host a game or join friends on their computers", "online"))
        entries.append(("Your games", "How many games you played and won, game by game", "stats"))
        entries += [("Settings", "Sound, screen and controls.", "settings"), ("Quit", "", "quit")]
        self.title = chalk_text("SKULLY", title_px(h), theme.CHALK)  # speckled once, not per frame
        self.title_top = int(h * 0.1) if h >= 600 else int(h * 0.05)
        self.subtitle_top = self.title_top + self.title.get_height() + 8
        top = self.subtitle_top + theme.font(24).get_linesize() + 12
        # two columns: the card games head the second, together (Skull King sat alone at the
        # foot of the first, under Skully's entries)
        rects = entry_rects((w, h), top, len(entries), self._first_card_game())
        self.columns = len({r.x for r in rects})
        size = 28 if rects[0].h >= 44 else 24
        widgets = []
        for rect, (title, blurb, target) in zip(rects, entries, strict=True):
            widgets.append(
                Button(
                    rect, title, on_click=lambda t=target: self._open(t), tooltip=blurb, size=size
                )
            )
        widgets[0].enabled = newest is not None
        before = self.widgets.widgets
        left = newest is not None and newest != self.newest
        self.newest = newest
        self.widgets.set(widgets)
        if self.widgets.focus < 0 or (before and left):
            # first shown, or back from a game just left unfinished (the newest save is new):
            # Enter resumes it (a layout never moves the focus otherwise, so it stayed on what
            # opened the game); with nothing to resume, Play the computer (the first card
            # game for someone who said on the first start they came for the cards)
            self.widgets.focus = 0 if newest is not None else self._start_entry()
        elif not self.widgets.widgets[self.widgets.focus].enabled:
            self.widgets.focus = 1  # Resume game was in focus, and its game is gone

    def _start_entry(self) -> int:
        """The entry in focus with nothing to resume: Play the computer, or the first card
        game for someone who came for the cards."""
        if first_choice() == "cards":
            card = self._first_card_game()
            if card is not None:
                return card
        return 1

    def _first_card_game(self) -> int | None:
        from cards.registry import GAMES

        tables = {info.key for info in GAMES if info.table}
        for k, mode in enumerate(self.modes):
            if mode.key in tables:
                return 2 + k  # after Resume game and Play the computer, in the modes' order
        return None

    def focus_card_games(self) -> None:
        """The focus on the first card game (the first start's answer "The card games")."""
        card = self._first_card_game()
        if card is not None:
            self.widgets.focus = card

    @staticmethod
    def _computer_tip() -> str:
        """What Play the computer starts, from the choices last made at New game."""
        from skully_game.core.choices import recall
        from skully_game.skully.game_setup import computer_game_line, computer_game_setup

        remembered, _ = recall("skully")
        return computer_game_line(computer_game_setup(remembered, 0)) + " (New game changes them)"

    @staticmethod
    def _note(key: str) -> str:
        """How far the lessons are done, beside their entry: "Learn Skully (3/12 done)"."""
        if key != "learn":
            return ""
        from skully_game.skully.tutorial import done_note

        return done_note()

    def _open(self, target: object) -> None:
        self.app.sound.play("ui", 0.6)
        if target == "quit":
            self.app.quit()
        elif target == "online":
            from skully_game.scenes.online.menu import PlayOnlineScene

            self.app.stack.push(PlayOnlineScene(self.app))
        elif target == "computer":
            from skully_game.scenes.skully.setup import play_the_computer

            play_the_computer(self.app)
        elif target == "stats":
            from skully_game.scenes.stats.scene import StatsScene

            self.app.stack.push(StatsScene(self.app))
        elif target == "settings":
            from skully_game.scenes.settings import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif target == "resume":
            from skully_game.scenes.resume import ResumeScene, resume_listing

            with saves_index.quick_listing():
                saved, _, pending = resume_listing()
            if len(saved) == 1 and not pending:  # one game to carry on: no list to choose from
                saved[0].open(self.app)
            else:
                self.app.stack.push(ResumeScene(self.app))
        else:
            self.app.stack.push(target.make(self.app))  # type: ignore[attr-defined]

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def pause(self) -> None:
        self.widgets.mouse = (-1, -1)  # the pointer moves on elsewhere: no stale tooltip later

    def resume(self) -> None:
        self._layout()  # a game may have been saved or finished meanwhile
        # Enter still held from the way back (a game's Leave): its repeats must not press the
        # entry in focus (Play the computer would start a game); it counts again once let go
        held = pygame.key.get_pressed()
        self.stale_keys = {k for k in PRESS_KEYS if held[k]}
        # a dialog closed by a click or Enter: the double click's or double Enter's second
        # press is not for the entry in focus (Play the computer would start a game)
        self.back = PressEcho.now(self.app)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYUP:
            self.stale_keys.discard(event.key)
        if event.type == pygame.KEYDOWN and event.key in self.stale_keys:
            return None
        if self._second_press(event):
            return None
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._ask_quit()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._across(1 if event.key == pygame.K_RIGHT else -1)
            return None
        return event

    def _second_press(self, event: pygame.event.Event) -> bool:
        """The second press of a double click or double Enter that closed a dialog over the
        menu: it would press the entry in focus, which nobody chose."""
        return self.back.drops(self.app, event)

    def _ask_quit(self) -> None:
        """Esc asks first: one Esc too many (say, out of Settings and on) must not end the
        program. The Quit entry itself still quits at once: the player chose it."""
        self.app.stack.push(
            ConfirmDialog(self.app, "Quit Skully?", self.app.quit, yes="Quit", no="Stay")
        )

    def _across(self, direction: int) -> None:
        """Left/Right between the columns, to the entry beside the focused one or the nearest;
        Up/Down keep the flow (down one column, then the next)."""
        buttons = self.widgets.widgets
        if not 0 <= self.widgets.focus < len(buttons):
            return
        here = buttons[self.widgets.focus].rect
        beside = [
            b for b in buttons if b.enabled and (b.rect.centerx - here.centerx) * direction > 0
        ]
        if beside:
            to = min(
                beside,
                key=lambda b: (abs(b.rect.centerx - here.centerx), abs(b.rect.y - here.y)),
            )
            self.widgets.focus = buttons.index(to)

    def key_hint(self) -> str:
        """The keys that move the focus at this size: the arrows cross two columns."""
        return "Arrow keys + Enter, or click" if self.columns > 1 else "Up/Down + Enter, or click"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn = True
        self.painter.draw(surface, self.camera)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 10, 12, 150))
        surface.blit(shade, (0, 0))
        w, h = self.app.size
        surface.blit(self.title, self.title.get_rect(midtop=(w // 2, self.title_top)))
        theme.text(
            surface,
            SUBTITLE,
            (w // 2, self.subtitle_top),
            24,
            theme.CHALK_DIM,
            "midtop",
        )
        self.widgets.draw(surface)  # (under a dialog: no focus ring, hover or tooltip)
        theme.text(
            surface,
            f"v{__version__}   {self.key_hint()}   F11 full screen   F12 screenshot",
            (w // 2, h - 12),
            18,
            theme.TEXT_DIM,
            "midbottom",
        )


# --- the first start: what someone came for ---------------------------------------------------

FIRST_QUESTION = "Welcome! What would you like first?"
FIRST_DETAIL = (
    "Skully's short lessons teach the bottle-cap game on the real board, about ten minutes. "
    "The card games (Skull King, Skull, Skip-Bo, Skirrid) each have How to play on their "
    "first screen. Everything stays in the menu, whatever you choose."
)
FIRST_CHOICES = (
    ("lessons", "Learn Skully"),
    ("cards", "The card games"),
    ("menu", "Just the menu"),
)
FIRST_KEY = "first-start"  # the choices file that remembers the answer (core/choices.py)


def first_choice() -> str:
    """What the person chose on the first start ("" before, or when it cannot be read)."""
    from skully_game.core.choices import recall

    remembered, _ = recall(FIRST_KEY)
    chose = remembered.get("chose") if remembered else None
    return chose if chose in dict(FIRST_CHOICES) else ""


class FirstStartDialog(ConfirmDialog):
    """Three ways in, none pushed: Skully's lessons, the card games, or the menu as it is. The
    focus starts on the menu (a reflex Enter takes nobody anywhere), Esc is the menu too, the
    arrows and Tab move along the row; the answer is kept, and the offer made once."""

    def __init__(self, app: App, on_choice: Callable[[str], None]) -> None:
        self.on_choice = on_choice
        self.chosen: str | None = None
        super().__init__(app, FIRST_QUESTION, lambda: None, detail=FIRST_DETAIL)
        self.choices = [
            Button(pygame.Rect(0, 0, 10, 10), label, on_click=lambda k=key: self.choose(k),
                   size=22)
            for key, label in FIRST_CHOICES
        ]  # fmt: skip
        self.widgets = WidgetGroup(self.choices)
        self.widgets.focus = len(self.choices) - 1
        self._layout()

    def _layout(self) -> None:
        super()._layout()
        if not hasattr(self, "choices"):
            return
        gap = 12
        width = (self.box.w - 48 - 2 * gap) // 3
        y = self.box.bottom - 64
        for k, button in enumerate(self.choices):
            button.rect = pygame.Rect(self.box.x + 24 + k * (width + gap), y, width, 44)

    def choose(self, key: str) -> None:
        if self.chosen is not None:
            return
        self.chosen = key
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.on_choice(key)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose("menu")
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.widgets.focus = (max(0, self.widgets.focus) + step) % len(self.choices)
        return None


def offer_first_start(app: App) -> None:
    """On the first start only: ask what the person came for, and remember the answer (the
    menu then starts on the card games for someone who came for them); the lessons and the
    card games open at once."""
    from skully_game.core.choices import remember

    if app.settings.tutorial_offered:
        return
    app.update_settings(tutorial_offered=True)

    def chosen(key: str) -> None:
        remember(FIRST_KEY, {"chose": key})
        menu = next((s for s in app.stack.scenes if isinstance(s, MenuScene)), None)
        if key == "lessons":
            from skully_game.scenes.skully.tutorial import LessonsScene

            app.stack.push(LessonsScene(app))
        elif key == "cards":  # taken to the games (it only closed, leaving the menu's focus)
            from skully_game.scenes.cardgames import CardGamesScene

            if menu is not None:
                menu.focus_card_games()  # Back comes to the menu's card games
            app.stack.push(CardGamesScene(app))

    app.stack.push(FirstStartDialog(app, chosen))


def back_to_menu(app: App) -> None:
    """Close every screen above the main menu (a practice opened from a replay goes home, not
    back into the replay); without a menu below, nothing is closed."""
    if not any(isinstance(scene, MenuScene) for scene in app.stack.scenes):
        return
    while not isinstance(app.stack.top, MenuScene):
        app.stack.pop()

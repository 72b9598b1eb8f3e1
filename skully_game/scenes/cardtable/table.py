"""The shared card table: seats round it, people and computer players, hot-seat pass screens,
flights, the pile, round summaries, the game log, the score sheet, undo, and a save after every
action. A game plugs in with its `TableGame` adapter; nothing here knows any game's rules.

`CardTable` is put together from one mixin per concern, each in its own module, sharing the
table's attributes (set here, in `__init__`):
  turns.py     who acts and who looks, pass screens and public screens, actions, what the
               events show one after another, the clock
  layout.py    where things lie for the window's size, and the side panel's buttons
  gestures.py  the mouse and the keys
  painting.py  what is drawn, every face and private word through the gate
  frame.py     the frame it shares with the board tables, and the public hooks (listed there)
  replay.py    a saved game played back (`CardReplay`, below)
A game's table class supplies presentation only, through the public hooks (frame.py); it never
overrides a `_`-prefixed method of these classes.

Hidden information: the table draws only what its viewer may see, through one gate (`Sight`,
cardtable/secrecy.py): every card face and private word is drawn with its owner, and shows only
when the frame's viewer is that owner (see turns.py for the pass screens and public screens).
"""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.drag import Drag
from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.frame import GameOver, TableFrame
from skully_game.scenes.cardtable.game import Happening, Sheet, Summary, TableGame, Taken
from skully_game.scenes.cardtable.gestures import CardGestures
from skully_game.scenes.cardtable.layout import PANEL_W, SEAT_BACK, CardLayout, Layout
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.painting import CardPainting
from skully_game.scenes.cardtable.replay import CardReplaying
from skully_game.scenes.cardtable.turns import CardTurns
from skully_game.shell.app import App
from skully_game.shell.widgets import Button


class CardTable(CardTurns, CardLayout, CardGestures, CardPainting, TableFrame):
    """A card game at the shared table, through its `TableGame` adapter."""

    game: TableGame
    NOTHING_TO_UNDO = "Nothing to undo: something new has been shown since (a card or the bids)."

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.passing = None  # the person the pass screen waits for
        # a shared desk's public screen (a summary, a reveal, the computer players acting
        # between two people): nobody's secrets show until a pass screen lets one person in
        self.public = False
        self.glance: int | None = None  # a Peek: the seat alone looking at what it may see
        self.glanced = 0.0  # seconds the peeking person has been looking
        self.pending: deque[Happening] = deque()
        self.hold = 0.0  # a finished pile on show
        self.shown: Taken | None = None
        self.pile_slots = 0  # cards already in the pile or flying to it
        self.summary: Summary | None = None
        self.summary_left = 0.0  # seconds a summary stays with no person at the table
        self.shout = ("", 0.0)
        self.bubbles: dict[int, tuple[str, float]] = {}  # a seat's word by its box, seconds left
        self._bubble_places: dict[tuple[Any, ...], pygame.Rect] = {}  # the last place found
        self.flights: list[Flight] = []
        self.hover: str | None = None
        self.cursor = -1  # the keyboard's card in the hand
        self.pointed = False  # ... named by the pointer over it (not by the arrows)
        self.hand_drag: Drag | None = None  # a card of the hand pressed on and carried
        self.spot_cursor = -1  # the keyboard's spot, among those the viewer may choose now
        self.spot_hover: str | None = None  # the action of the spot under the mouse
        self._spots: tuple[object, list[spots.Placed]] = ((), [])  # the last layout, by move
        self._moves = 0  # counts every change of the position drawn (the layouts' cache key)
        self.card_menu: list[tuple[str, str]] = []  # ways to play the chosen card
        self.notice = ""  # a word to the viewer about their own hand; gone with the viewer
        self.log_cache: tuple[object, list[tuple[str, bool, int | None]]] = ((), [])
        self.sheet = False
        self._drawn_from: tuple[int, Any] = (-1, None)  # (events, the round-end view) cached
        self.choice_buttons: list[Button] = []
        self.choice_page = 0  # which numbers show when there are too many for one row
        self.cursor_events = self.game.event_count(self.state)
        if not self.game.history(self.state):
            self.cursor_events = 0  # a new game: the first deal flies out
        self._absorb()
        self._start_pass(first=True)
        self._show_unseen_round_end()
        self._layout()

    def replay_scene(self) -> type[CardReplay]:
        return CardReplay

    def sheet_shown(self) -> Sheet:
        """The score sheet as the viewer reads it (a game may word a cell for its reader)."""
        return self.game.sheet(self.state)


class CardReplay(CardReplaying, CardTable):
    """A saved game played back action by action: Left/Right step, Home/End jump, and the
    number keys choose whose hand is shown (a replay is watched after the game, together)."""


__all__ = [
    "PANEL_W",
    "SEAT_BACK",
    "CardReplay",
    "CardTable",
    "Flight",
    "GameOver",
    "Layout",
]

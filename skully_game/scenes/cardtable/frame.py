"""The frame every table game sits in, cards or board: the table's area and the side panel (title,
log, buttons), the viewer, the keys every table shares, the game's end and the public hooks
through which a game's scene package supplies its presentation, and nothing else.

The public hooks, in one place. A game's table class (its scene package's `table.py`) supplies
presentation only, by defining these; it never overrides a `_`-prefixed method of the shared
table (tests/test_table_hooks.py walks every game's table and fails if one does).

  Areas
    lay()                   where its areas lie for the window's size: the table's middle, the
                            hand's area, the prompt's line (a card table's `Layout`; a board's own)
    seat_rects()            each seat's box, by seat (card tables)
    hand_layout()           the viewer's cards where they lie: (code, rect, angle) (card tables)
    buttons()               the side panel's buttons (the shared ones by default)
  Faces and painting (the table calls these inside one frame of its `Sight`). A card's face
  is the adapter's `card_image`; a table draws it only through `self.face(code, owner, scale,
  dim)`, and a private word only through `self.sight`, each with its owner, never directly
    paint(surface)          a board table's whole frame: its board and its panel
    paint_seats(surface)    the seats' boxes (card tables)
    paint_spots(surface)    cards lying on the table outside the pile: stacks, stocks, piles
    paint_middle(surface, lay)  the middle: the pile or the game's own middle piles
    paint_hand(surface, lay)    the viewer's hand in the hand's area
    paint_flights(surface)  cards on their way (one by one through `paint_flight`: its face
                            only for its owner, a back for everyone else)
  Gestures
    pointer(event) -> bool  a mouse gesture on its areas (press, drag, release, motion) made
                            into an action or a word; True: taken, the table does nothing more
    key_gesture(event) -> bool  a key on its areas, the same way; the table's own keys (Tab,
                            Ctrl+Z, PgUp/PgDn, Esc) come after it
    happening(item) -> bool start showing one thing the game's events show (its own card
                            moves), timed by the match's pace (`Pace.fly`, `Pace.turn`);
                            True: the next waits for it. A person's own input on their turn
                            finishes whatever is still moving first (turns.py `hurry`)
    forget_hand()           drop what it kept of the viewer's hand (the viewer changed, or
                            the screen went public)
    drop_rect() -> Rect | None  where a card of the shared hand, carried there and let go, is
                            played as a click on it plays it (card tables; None: never carried)
  Words
    status_line()           the line under the table when it is not the prompt: (words,
                            colour), the viewer's own; None: the table's prompt
    game_over_view()        its game's end: title, winners, scores, their unit, who went out

`CardTable` (table.py) fills the frame for every card game: Skull and Skull King use it as it
is, Skip-Bo through the hooks above. The Skirrid board sits on the frame itself: a board has no
hands, pile or pass screens (everything in it is open), so it supplies `lay`, `buttons`,
`paint` (its board as the table's middle, its tray as the hand's area), `pointer`,
`key_gesture` and `game_over_view`, and shares the frame's keys, log, game's end and replay
steps (replay.py) with the card tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.passgate import Verdict
from skully_game.scenes.cardtable.seated import SeatedScene
from skully_game.scenes.cardtable.secrecy import Sight
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.widgets import Button, WidgetGroup


@dataclass(frozen=True)
class GameOver:
    """What a game's end shows: the winners first, then every score, best first."""

    winners: Sequence[int]
    scores: Sequence[int]
    names: Sequence[str]
    unit: tuple[str, str] = ("point", "points")
    title: str = "Game over"
    banner: str | None = None  # the winners in words, when their names do not say it
    out: Mapping[int, str] = field(default_factory=dict)  # seats out before the end, and when
    hint: str = "Tab: score sheet · Esc: leave the table"  # the keys, under the panel


TIP_GAP = 6  # between a tooltip over the table and the side panel's edge


class PanelTips(WidgetGroup):
    """A table's widgets, whose tooltips over the table keep clear of the side panel: one
    placed left of a panel button's row ended a few pixels inside the panel (the Hint
    button's touched it by 3 px), so it moves left to end TIP_GAP short of the panel's edge."""

    def __init__(self, panel_left: Callable[[], int | None], keys: Keys) -> None:
        super().__init__(keys=keys)
        self.panel_left = panel_left

    def tip(self, screen: pygame.Rect) -> tuple[str, pygame.Rect] | None:
        found = super().tip(screen)
        edge = self.panel_left()
        if found is None or edge is None:
            return found
        text, box = found
        if not box.left < edge + TIP_GAP or not box.right > edge - TIP_GAP:
            return found  # wholly on one side
        fits_panel = box.w <= screen.right - edge - 2 * TIP_GAP
        if box.centerx >= edge and fits_panel:  # mostly on the panel: wholly on it
            box = box.move(edge + TIP_GAP - box.left, 0)
            box.right = min(box.right, screen.right - TIP_GAP)
        else:  # mostly over the table: wholly over it
            box = box.move(edge - TIP_GAP - box.right, 0)
            box.left = max(box.left, screen.left)
        return text, box


class TableFrame(SeatedScene):
    """A seated game's frame: the viewer, the side panel's buttons and log, the keys every
    table shares and the game's end; the game's table fills it through the hooks above."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.viewer = self.humans[0] if self.humans else 0
        self.log_scroll = 0  # rows of the log scrolled back
        self.widgets = PanelTips(self.panel_left, keys=Keys.TABLE)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    # --- hooks with nothing to do by default ----------------------------------------------

    def buttons(self) -> list[Button]:
        """The side panel's buttons for the position now."""
        return []

    def pointer(self, event: pygame.event.Event) -> bool:
        """A mouse gesture on the game's own areas; True: it was the game's."""
        return False

    def key_gesture(self, event: pygame.event.Event) -> bool:
        """A key on the game's own areas; True: it was the game's."""
        return False

    def paint(self, surface: pygame.Surface) -> None:
        """The whole frame, inside one frame of the gate."""

    # --- layout and input ------------------------------------------------------------------

    def _layout(self) -> None:
        self.widgets.set(self.buttons())  # beside a table: a new layout focuses nothing
        self.widgets.tip_avoid = self.tip_avoid()

    def panel_left(self) -> int | None:
        """The side panel's left edge (None: no side panel): tooltips over the table keep
        clear of it."""
        lay = self.lay()  # type: ignore[attr-defined]
        panel = getattr(lay, "panel", None)
        if isinstance(panel, pygame.Rect):
            return panel.x
        table = getattr(lay, "table", None)
        return table.right if isinstance(table, pygame.Rect) else None

    def draw_widgets(self, surface: pygame.Surface, over_table: bool = False) -> None:
        """The buttons. While a view covers the table (the score sheet) they show no tooltip:
        a side panel's tooltips lie over the table, and a play-tester found the Hint button's
        lying over the sheet."""
        self.widgets.tips_shown = not over_table
        self.widgets.draw(surface)

    def tip_avoid(self) -> list[pygame.Rect]:
        """What a button's tooltip never covers when it can help it (a card table: the prompt
        and the hand, which the side panel's bottom buttons stand beside)."""
        return []

    def relayout(self) -> None:
        self._layout()

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.gate.take(event, pygame.Rect(0, 0, 0, 0)) is Verdict.SWALLOW:
            return None  # a key's repeat, or a press from before: it makes no move
        if self.routed(event):
            return None
        if self.pointer(event):
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_log(event.y)
        return None

    def _key(self, event: pygame.event.Event) -> None:
        """Every key at the table: the game's own first; none leaves without asking."""
        if not self.key_gesture(event):
            self.frame_key(event)

    def frame_key(self, event: pygame.event.Event) -> bool:
        """The keys every table shares: Ctrl+Z takes back, PgUp/PgDn scroll the log, Esc asks
        before leaving. Whether the key was one of them."""
        k = event.key
        if self.end_key(event):
            pass  # the game's end: Enter plays again, R watches it back
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if k == pygame.K_PAGEUP else -5)
        elif k == pygame.K_ESCAPE:
            self.ask_leave()
        else:
            return False
        return True

    def scroll_log(self, rows: int) -> None:
        self.log_scroll = max(0, self.log_scroll + rows)

    def run_bots_now(self, limit: int = 5000) -> None:
        """Headless: let every computer player act at once until a person must act."""
        for _ in range(limit):
            seat = self.game.to_act(self.state)
            if seat is None or seat in self.humans:
                break
            self.act(self.bots[seat](self.state, seat)())

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        with self.sight.frame():  # one viewer for the whole frame
            self.paint(surface)

    def paint_log(
        self, surface: pygame.Surface, area: pygame.Rect, rows: list, sight: Sight | None = None
    ) -> None:
        """The log's rows in `area`, scrolled as far back as the reader asked (and no further)."""
        most = panels.draw_log(surface, area, rows, self.log_scroll, sight)
        self.log_scroll = min(self.log_scroll, most)

    def game_over_view(self) -> GameOver:
        """The game's end as the adapter tells it."""
        return GameOver(self.game.winners(self.state), [], self.names, title="Game over", hint="")

    def paint_game_over(self, surface: pygame.Surface, box: pygame.Rect, inside: bool) -> None:
        """The game's end in `box`; its hint under the box, or `inside` at its foot."""
        view = self.game_over_view()
        panels.draw_game_over(
            surface, box, view.winners, view.scores, view.names, view.unit, view.banner,
            view.title, out=view.out,
        )  # fmt: skip
        if not view.hint:
            return
        if inside:
            theme.text(surface, view.hint, (box.centerx, box.bottom - 10), 17, theme.TEXT_DIM,
                       "midbottom")  # fmt: skip
        else:
            theme.text(surface, view.hint, (box.centerx, box.bottom + 10), 18, theme.TEXT_DIM,
                       "midtop")  # fmt: skip


__all__ = ["TIP_GAP", "GameOver", "PanelTips", "TableFrame"]

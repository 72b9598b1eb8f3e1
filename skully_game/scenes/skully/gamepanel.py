"""The panel beside the board: the players and their courses, the offers of this turn as
buttons, the turn log, the keys, and the ways out (each asks first).

`GamePanel` is a mixin of `SkullyGameScene` (table.py): it sets the scene's `widgets` and
`log_top`, and reads its `state`, `looks`, `log` and `planners`."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.gamestory import seat_tag
from skully_game.shell import theme
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.widgets import Button, Choice, Widget
from skully_game.skully.board import board_label
from skully_game.skully.caps import CapType
from skully_game.skully.rules import DecisionKind, status
from skully_game.skully.rules.state import PLACEMENTS, killer_marks

PANEL_W = 370
HELP = (
    "Keys: Tab cap",
    "arrows aim and power",
    "Space or Enter flick",
    "F whole board",
    "wheel zoom",
    "H how to play",
    "Esc leave",
    "F6 the buttons",
)
HELP_PACE = "P computer pace"
LEAVE_QUESTION = "Leave the game?"
LEAVE_DETAIL = "It is saved; you can resume it from the menu."
LEAVE_UNSHOT = "Nobody has shot yet, so it is not kept."


class GamePanel:
    """The side panel and leaving the table (mixed into SkullyGameScene)."""

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 14
        bw = PANEL_W - 28
        widgets: list[Widget] = []
        state = self.state
        y = self._players_bottom()
        if not state.over and not state.pending and not self.table.busy:
            for offer in state.offers:
                if not self.plays_here(offer.player):
                    continue  # another's choice: never a button here
                if offer.kind is DecisionKind.CHOOSE_CAP:
                    choice = Choice(
                        pygame.Rect(x, y, bw, 36),
                        "Switchsies",
                        options=[(k, k.spec.label) for k in CapType],
                        on_change=self.switch,
                        tooltip="Play another cap from this turn on",
                    )
                    choice.set_value(state.players[offer.player].cap)
                    widgets.append(choice)
                elif offer.kind in PLACEMENTS and offer != self.placing:
                    label = (
                        "Move cap within " + str(offer.box)
                        if offer.box
                        else "Stand on the out-of-town line"
                    )
                    widgets.append(
                        Button(
                            pygame.Rect(x, y, bw, 36),
                            label,
                            on_click=lambda o=offer: self.take_offer(o),
                            size=22,
                        )
                    )
                y += 42
            if self.placing is not None:
                widgets.append(
                    Button(
                        pygame.Rect(x, y, bw, 36),
                        "Leave the cap where it is",
                        on_click=self._cancel_offer,
                        size=22,
                    )
                )
                y += 42
        for label, tip, act in self._table_offers():
            widgets.append(
                Button(pygame.Rect(x, y, bw, 36), label, on_click=act, size=22, tooltip=tip)
            )
            y += 42
        if self.planners:
            widgets.append(
                Button(
                    pygame.Rect(x, h - 96, bw, 36),
                    f"Computer pace: {'fast' if self.fast else 'normal'}",
                    on_click=self.toggle_pace,
                    hotkey=pygame.K_p,
                    size=20,
                    tooltip="Speed up the computer players' turns (P)",
                )
            )
        self.log_top = y + 8
        half = (bw - 8) // 2
        widgets.append(
            Button(
                pygame.Rect(x, h - 52, half, 40),
                "How to play",
                on_click=self.how_to_play,
                size=22,
                tooltip="Skully's rules, in short, with pictures (H)",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x + half + 8, h - 52, bw - half - 8, 40),
                self.leave_label,
                on_click=self.ask_leave,
                size=22,
                tooltip=self.leave_tip,
            )
        )
        self.widgets.set(widgets)

    def _table_offers(self) -> list[tuple[str, str, object]]:
        """The person's ways round the computers, as buttons while they can be used: take the
        last shot back, and skip to the person's turn."""
        offers: list[tuple[str, str, object]] = []
        # Skip first: it stays put when the take-back goes (the computer's shot)
        if self.can_skip():
            offers.append(
                (
                    "Skip to my turn",
                    "The computer players' turns play at once, until you have a move",
                    self.skip_to_my_turn,
                )
            )
        if self.can_take_back():
            offers.append(
                (
                    "Take back the shot (Ctrl+Z)",
                    "Every cap goes back where it was, and you shoot again",
                    self.take_back,
                )
            )
        return offers

    def seat_note(self, i: int) -> str:
        """Beside a player's name: who sits there (online, also who is away or thinking)."""
        return seat_tag(self.session.seats[i])

    def _players_bottom(self) -> int:
        return 70 + 58 * len(self.state.players) + 8

    def ask_leave(self) -> None:
        """Every way out of the table asks first: a key pressed by mistake never ends the visit."""
        if self.app.stack.top is not self:
            return
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                self.leave_question,
                self.leave,
                detail=self._leave_detail(),
                yes=self.leave_yes,
                no="Stay",
            )
        )

    def _leave_detail(self) -> str:
        """What leaving does to the game: kept, not kept (nobody shot yet), or lost unsaved."""
        if self.leave_detail != LEAVE_DETAIL:  # a lesson says its own
            return self.leave_detail
        if self.state.shots == 0:
            return LEAVE_UNSHOT
        if self.save_problem:
            return f"It could not be saved ({self.save_problem}): leaving ends it."
        return LEAVE_DETAIL

    def leave(self) -> None:
        """Save and go back to the screen the game was started from; a game nobody has shot
        in yet is not kept (it would only crowd Resume and Replays)."""
        if self.state.shots == 0:
            with contextlib.suppress(OSError):  # one we cannot remove stays listed, no worse
                self.path.unlink(missing_ok=True)
        else:
            self.save()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _panel_active(self) -> int | None:
        """Whose row the panel outlines: the player a decision waits for, or the one to shoot."""
        decision = self.state.decision
        return decision.player if decision is not None else self.state.to_play

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = theme.side_panel(surface, PANEL_W)
        x = rect.x + 14
        state = self.state
        opts = self.session.options
        theme.text(surface, self.panel_title, (x, 14), 34, theme.ACCENT, bold=True)
        rest = f" board · shot {state.shots}" + (" · holdsies" if opts.holdsies else "")
        room = PANEL_W - 28 - theme.font(18).size(rest)[0]
        board = theme.fit(board_label(self.session.board_spec) or "classic", 18, room)
        theme.text(
            surface,
            board + rest,
            (x, 46),
            18,
            theme.TEXT_DIM,
        )
        y = 70
        active = self._panel_active()
        for i, p in enumerate(state.players):
            look = self.looks[i]
            row = pygame.Rect(x - 6, y, PANEL_W - 16, 52)
            if i == active and not state.over:
                pygame.draw.rect(surface, (40, 42, 50), row, border_radius=8)
                pygame.draw.rect(surface, look.colour, row, 2, border_radius=8)
            draw_cap(surface, p.cap, look.colour, look.symbol, (x + 16, y + 26), 12)
            name_colour = theme.TEXT_DIM if p.eliminated else theme.TEXT
            named = theme.text(surface, p.name, (x + 38, y + 6), 24, name_colour, bold=True)
            theme.text(
                surface,
                theme.fit(self.seat_note(i), 16, row.right - 70 - named.right - 8),
                (named.right + 8, y + 10),
                16,
                theme.TEXT_DIM,
            )
            line = status(p, self.session.board_spec.skull_numbers)
            if p.killer and i == state.to_play and killer_marks(state):
                marks = killer_marks(state)
                line += " · " + ", ".join(f"{state.players[v].name} {n}/3" for v, n in marks)
            theme.text(
                surface,
                theme.fit(line, 20, row.right - x - 44),
                (x + 38, y + 30),
                20,
                look.colour if not p.eliminated else theme.TEXT_DIM,
            )
            st = p.stats
            theme.text(
                surface,
                f"{st.shots} shot{'s' if st.shots != 1 else ''}",
                (row.right - 8, y + 8),
                16,
                theme.TEXT_DIM,
                "topright",
            )
            y += 58
        help_top = self._draw_help(surface, x)
        top = self.log_top
        theme.text(surface, "Turn log", (x, top), 20, theme.TEXT)
        line_h = 19
        rows = max(1, (help_top - 6 - top - 24) // line_h)
        end = len(self.log) - self.log_scroll
        shown: list[tuple[str, tuple[int, int, int]]] = []
        for text, colour in reversed(self.log[:end]):  # newest at the bottom, wrapped, never cut
            parts = theme.wrap(text, 17, PANEL_W - 30)
            if len(shown) + len(parts) > rows:
                break
            shown[:0] = [(part, colour) for part in parts]
        ly = top + 24
        for part, colour in shown:
            theme.text(surface, part, (x, ly), 17, colour)
            ly += line_h
        self.widgets.draw(surface)  # last: a tooltip goes over the log

    def _draw_help(self, surface: pygame.Surface, x: int) -> int:
        """The table's keys, just above its buttons; returns the top of the lines."""
        items = (*HELP, HELP_PACE) if self.planners else HELP
        return draw_keys(surface, items, x, self.app.size[1] - (104 if self.planners else 60))


def draw_keys(surface: pygame.Surface, items: Sequence[str], x: int, bottom: int) -> int:
    """The keys' lines in the side panel, ending at `bottom`, wrapped between items (never
    inside one); returns the top of the lines (the game table's and a spectator's)."""
    lines = [""]
    for item in items:
        trial = f"{lines[-1]}, {item}" if lines[-1] else item
        if lines[-1] and theme.font(16).size(trial + ",")[0] > PANEL_W - 28:
            lines[-1] += ","
            lines.append(item)
        else:
            lines[-1] = trial
    y = bottom - 17 * len(lines)
    for k, line in enumerate(lines):
        theme.text(surface, line, (x, y + 17 * k), 16, theme.TEXT_DIM)
    return y

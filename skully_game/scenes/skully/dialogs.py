"""The Skully table's dialogs: keep or restore a cap that was hit, and the game's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene, Scene
from skully_game.shell.widgets import Button, WidgetGroup
from skully_game.skully.board import board_label
from skully_game.skully.rules import Decision

if TYPE_CHECKING:
    from skully_game.scenes.skully.table import SkullyGameScene


BOX_W, BOX_H = 520, 170  # the keep-or-restore question's panel
MARGIN = 10  # px: the question's panel from the view's edges
CLEAR = 10  # px kept free around each spot the question is about
WAS_HERE = "was here"


class KeepDialog(Scene):
    """Ruling 7: the victim's owner leaves the cap where the foul put it, or puts it back.
    The question sits clear of both spots it asks about, and the view can still be zoomed
    (wheel) and fitted (F) while it waits, so the choice is made looking at the result."""

    transparent = True

    def __init__(self, app: App, game: SkullyGameScene, decision: Decision) -> None:
        super().__init__(app)
        self.game = game
        self.decision = decision
        self.box = pygame.Rect(0, 0, BOX_W, BOX_H)
        self.widgets = WidgetGroup(
            [
                Button(
                    pygame.Rect(0, 0, 0, 44),
                    "Leave it there",
                    on_click=lambda: self._choose(True),
                    size=24,
                ),
                Button(
                    pygame.Rect(0, 0, 0, 44),
                    "Put it back",
                    on_click=lambda: self._choose(False),
                    size=24,
                ),
            ]
        )
        self.widgets.focus = 0
        self._place(self._clear_spot())

    def _place(self, box: pygame.Rect) -> None:
        """Move the panel, and its two buttons with it."""
        self.box = box
        half = (box.w - 60) // 2
        leave, back = self.widgets.widgets
        leave.rect = pygame.Rect(box.x + 20, box.bottom - 60, half, 44)
        back.rect = pygame.Rect(box.x + 40 + half, box.bottom - 60, half, 44)

    def _was_here(self) -> tuple[int, int] | None:
        """Where the cap was before the hit, on screen (None: no such spot)."""
        before = self.decision.before
        if before is None:
            return None
        x, y = self.game.table.camera.to_screen(before)
        return round(x), round(y)

    def _keep_clear(self) -> list[pygame.Rect]:
        """What the question must not cover: the cap where it stopped, with its label, and
        the spot it was hit from, with its "was here"."""
        table = self.game.table
        d = self.decision
        r = max(14, round(table.camera.length(table.radius(d.player)))) + CLEAR
        out = []
        for p in (d.before, d.after):
            if p is not None:
                x, y = table.camera.to_screen(p)
                out.append(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r))
        at = self._was_here()
        if at is not None:
            size = theme.font(18).size(WAS_HERE)
            out.append(pygame.Rect(at[0] + 14, at[1] - 8, *size).inflate(CLEAR, CLEAR))
        label = table.drawn.get(f"label {d.player}")
        if label is not None:
            out.append(label.inflate(CLEAR, CLEAR))
        return out

    def _clear_spot(self) -> pygame.Rect:
        """The first place for the question that covers nothing it asks about: at the bottom
        of the view, else at its top (under the banner), else halfway; centred, else at either
        side. If every place covers something, the one that covers least."""
        frame = self.game.table.camera.frame
        xs = (frame.centerx - BOX_W // 2, frame.x + MARGIN, frame.right - MARGIN - BOX_W)
        ys = (frame.bottom - 2 * MARGIN - BOX_H, frame.y + MARGIN, frame.centery - BOX_H // 2)
        spots = [pygame.Rect(x, y, BOX_W, BOX_H) for y in ys for x in xs]
        avoid = self._keep_clear()

        def covered(spot: pygame.Rect) -> int:
            return sum(c.w * c.h for c in (spot.clip(r) for r in avoid))

        return min(spots, key=covered)  # min keeps the first of equals: the order above

    def update(self, dt: float) -> None:
        self.game.table.camera.update(dt)  # F eases the view in while the question waits

    def _choose(self, keep: bool) -> None:
        self.app.stack.pop()
        self.game.keep(keep)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.MOUSEWHEEL or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_f, pygame.K_HOME)
        ):
            self.game.table.handle_event(event)  # look closer, or at the whole board
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.widgets.focus = 1 - max(0, self.widgets.focus)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        game = self.game
        d = self.decision
        look = game.looks[d.player]
        at = self._was_here()
        if at is not None:
            pygame.draw.circle(surface, theme.ACCENT, at, 12, 2)
            theme.text(surface, WAS_HERE, (at[0] + 14, at[1] - 8), 18, theme.ACCENT)
        self._place(self._clear_spot())  # the view may have moved: stay clear of both spots
        theme.panel(surface, self.box)
        name = game.state.players[d.player].name
        theme.text(
            surface,
            f"{name}: your cap was hit before the shooter reached 2.",
            (self.box.centerx, self.box.y + 18),
            22,
            look.colour,
            "midtop",
        )
        theme.text(
            surface,
            "Leave it where it stopped, or put it back where it was?",
            (self.box.centerx, self.box.y + 48),
            20,
            theme.TEXT,
            "midtop",
        )
        self.widgets.draw(surface)


class GameOverScene(FormScene):
    """The winner and every player's statistics."""

    transparent = True

    def __init__(self, app: App, game: SkullyGameScene) -> None:
        super().__init__(app)
        self.game = game
        w, h = app.size
        board = board_label(game.session.board_spec)
        self.board_line = f"Board: {board}" if board else ""
        self.top = 30 if board else 0  # room for the board line under the title
        self.box = pygame.Rect(0, 0, 760, 160 + self.top + 40 * len(game.state.players))
        self.box.center = (w // 2, h // 2)
        # the harmless choice first and focused: a key meant for the table leaves nothing
        buttons = [
            ("Look at the board", app.stack.pop, "The board as the game ended (Esc)"),
            ("Watch the replay", self._replay, "The whole game again, shot by shot"),
            ("Play again", self._again, "The same players and rules, a new game"),
            ("Back to menu", self._menu, ""),
        ]
        if not game.plays_again:  # (online: a new game is the host's to start)
            del buttons[2]
        gap = 12
        bw = (self.box.w - 60 - gap * (len(buttons) - 1)) // len(buttons)
        self.widgets = WidgetGroup(
            [
                Button(
                    pygame.Rect(self.box.x + 30 + k * (bw + gap), self.box.bottom - 64, bw, 46),
                    label,
                    on_click=act,
                    size=20,
                    tooltip=tip,
                )
                for k, (label, act, tip) in enumerate(buttons)
            ]
        )
        self.widgets.focus = 0

    def _menu(self) -> None:
        self.app.stack.pop()
        self.app.stack.pop()

    def _replay(self) -> None:
        """The game just played, from its saved record (exactly what Replays would show);
        Esc in the replay comes back here."""
        from skully_game.scenes.replay.viewer import ReplayScene, open_replay

        game = self.game
        if not game.save_problem and game.path.exists():
            open_replay(self.app, game.path)
        else:  # not saved: the game as played, from memory
            self.app.stack.push(ReplayScene(self.app, game.session))

    def _again(self) -> None:
        """Play again: the same seats, board and options, a new seed; the finished game stays
        in the Replays."""
        again = self.game.play_again()
        self.app.stack.pop()  # this screen
        self.app.stack.replace(again)  # the finished table

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box)
        state = self.game.state
        winner = state.players[state.winner] if state.winner is not None else None
        title = f"{winner.name} wins!" if winner else "Game over"
        theme.text(
            surface,
            title,
            (self.box.centerx, self.box.y + 18),
            44,
            theme.ACCENT,
            "midtop",
            bold=True,
        )
        if self.board_line:
            line = theme.fit(self.board_line, 20, self.box.w - 60)
            theme.text(
                surface, line, (self.box.centerx, self.box.y + 72), 20, theme.TEXT_DIM, "midtop"
            )
        cols = ("shots", "boxes", "pipsies", "hits", "turns stuck", "kills")
        x0 = self.box.x + 30
        y = self.box.y + 80 + self.top
        for k, c in enumerate(cols):
            theme.text(surface, c, (x0 + 230 + k * 82, y), 18, theme.TEXT_DIM, "midtop")
        y += 26
        for i, p in enumerate(state.players):
            look = self.game.looks[i]
            draw_cap(surface, p.cap, look.colour, look.symbol, (x0 + 12, y + 12), 10)
            theme.text(
                surface,
                p.name + ("  (winner)" if i == state.winner else ""),
                (x0 + 32, y),
                22,
                look.colour,
            )
            s = p.stats
            for k, v in enumerate((s.shots, s.boxes, s.pipsies, s.hits, s.turns_stuck, s.kills)):
                theme.text(surface, str(v), (x0 + 230 + k * 82, y), 22, theme.TEXT, "midtop")
            y += 36
        self.widgets.draw(surface)

"""The list of a game's moments over the replay (M or the Moments button): every kill, hit, skull
and new killer with its shot number, and the last shot; a click (or Enter) jumps to the start of
that shot. Tabs narrow the list to one kind; the wheel, Page Up/Down scroll it; Esc closes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from skully_game.scenes.replay.moments import Moment, MomentKind
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, Tab, WidgetGroup

ROW_H = 34
ROW_PX = 19
# the tabs: a name and the kinds it shows (None: every kind)
FILTERS: tuple[tuple[str, frozenset[MomentKind] | None], ...] = (
    ("All", None),
    ("Kills", frozenset({MomentKind.KILL})),  # eliminations only: a new killer kills no one
    ("Hits", frozenset({MomentKind.HIT})),
    ("Skull", frozenset({MomentKind.SKULL})),
)

# what an empty tab says, tab by tab
EMPTY = (
    "No kill, hit or skull in this game yet.",
    "No one has been put out yet.",
    "No hits yet.",
    "No one has been stuck in the skull yet.",
)


class MomentsDialog(Scene):
    """The moments as rows to click; `jump(shot)` shows that shot from its start."""

    transparent = True

    def __init__(
        self,
        app: App,
        moments: Sequence[Moment],
        shots: int,
        current: int,
        jump: Callable[[int], None],
        last: str = "the last shot",
    ) -> None:
        super().__init__(app)
        self.moments = list(moments)
        self.shots = shots  # the game's number of shots (the last one is always offered)
        self.current = current
        self.last = last  # what the last shot did ("Ace wins!"), its row's words
        self.jump = jump
        self.kind = 0  # the tab shown
        self.top = 0  # the first row shown
        self.widgets = WidgetGroup()
        self.box = pygame.Rect(0, 0, 10, 10)
        self._layout()

    def shown(self) -> list[Moment]:
        """The rows of the tab chosen: its moments, then the last shot (a kill's tab too: the
        game's end is the last kill)."""
        kinds = FILTERS[self.kind][1]
        rows = [m for m in self.moments if m.has(kinds)]
        if self.shots and not any(m.shot == self.shots - 1 for m in rows):
            rows.append(Moment(self.shots - 1, MomentKind.WIN, self.last))
        return rows

    def _page(self) -> int:
        """How many rows fit between the tabs (their foot 106 px down the box) and the Close
        button (54 px up from its foot), with a gap above the button."""
        return max(1, (self.box.h - 106 - 54 - 8) // ROW_H)

    def _layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(680, w - 80), h - 80)
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 20, self.box.y + 60
        inner = self.box.w - 40
        tab_w = (inner - 8 * (len(FILTERS) - 1)) // len(FILTERS)
        widgets: list = []
        for k, (name, _kinds) in enumerate(FILTERS):
            widgets.append(
                Tab(
                    pygame.Rect(x + k * (tab_w + 8), y, tab_w, 34),
                    name,
                    on_click=lambda k=k: self.choose(k),
                    size=19,
                    selected=k == self.kind,
                )
            )
        rows = self.shown()
        self.top = max(0, min(self.top, len(rows) - self._page()))
        y += 46
        for m in rows[self.top : self.top + self._page()]:
            label = theme.fit(m.label_for(FILTERS[self.kind][1]), ROW_PX, inner - 16)
            widgets.append(
                Button(
                    pygame.Rect(x, y, inner, ROW_H - 4),
                    label,
                    on_click=lambda s=m.shot: self._go(s),
                    size=ROW_PX,
                    tooltip="From the start of this shot",
                )
            )
            y += ROW_H
        widgets.append(
            Button(
                pygame.Rect(self.box.right - 180, self.box.bottom - 54, 160, 40),
                "Close",
                on_click=self.app.stack.pop,
                size=21,
            )
        )
        focus = self.widgets.focus
        self.widgets.set(widgets)
        self.widgets.focus = min(focus, len(widgets) - 1)

    def choose(self, kind: int) -> None:
        self.kind = kind
        self.top = 0
        self._layout()

    def scroll(self, rows: int) -> None:
        self.top = max(0, self.top + rows)
        self._layout()

    def _go(self, shot: int) -> None:
        self.app.stack.pop()
        self.jump(shot)

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_m):
            self.app.stack.pop()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self._page()
            self.scroll(page if event.key == pygame.K_PAGEDOWN else -page)
            return None
        self.widgets.handle(event)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box, 255)
        x = self.box.x + 20
        theme.text(
            surface, "Moments of this game", (x, self.box.y + 16), 28, theme.ACCENT, bold=True
        )
        rows = self.shown()
        page = self._page()
        if len(rows) > page:
            where = f"{self.top + 1}-{min(len(rows), self.top + page)} of {len(rows)}"
            theme.text(
                surface,
                where,
                (self.box.right - 20, self.box.y + 22),
                19,
                theme.TEXT_DIM,
                "topright",
            )
        kinds = FILTERS[self.kind][1]
        if not any(m.has(kinds) for m in self.moments):  # nothing of the kind chosen
            theme.text(surface, EMPTY[self.kind], (x, self.box.y + 106 + ROW_H), 20, theme.TEXT_DIM)
        hint = "Click a moment to watch it from the start of its shot"
        if len(rows) > page:
            hint += "; the wheel scrolls"
        theme.text(
            surface,
            theme.fit(hint, 18, self.box.w - 220),
            (x, self.box.bottom - 42),
            18,
            theme.TEXT_DIM,
        )
        self.widgets.draw(surface)

"""Small widgets drawn in the table's look: buttons, choices, sliders, with keyboard focus.

Every widget works with the mouse and with the keyboard (Up/Down or Tab to move focus,
Enter/Space to press, Left/Right to change a value), for precision and accessibility. Who gets
the keys — the widgets or the game beside them — is the rule written in shell/focus.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from skully_game.shell import theme
from skully_game.shell.focus import PANEL_KEY, PRESS_KEYS, TABLE_KEYS, Keys, focus_step

# Whether the screen being drawn is the one on top: a screen under a dialog draws its widgets
# with no focus ring, hover or tooltip (the scene stack sets it while drawing).
AWAKE = [True]


@dataclass
class Widget:
    rect: pygame.Rect
    label: str
    enabled: bool = True
    tooltip: str = ""

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        return False

    def blur(self) -> None:
        """The focus has left this widget: stop anything it was in the middle of (typing)."""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        raise NotImplementedError

    def _frame(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        fill = theme.PANEL if not hovered or not self.enabled else (38, 40, 46)
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        edge = theme.ACCENT if focused and self.enabled else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if focused else 1, border_radius=8)


@dataclass
class Button(Widget):
    on_click: Callable[[], None] = lambda: None
    hotkey: int | None = None
    size: int = 24

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        if event.type == pygame.KEYDOWN and (
            (focused and event.key in PRESS_KEYS)
            or (self.hotkey is not None and event.key == self.hotkey)
        ):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self._frame(surface, focused, hovered)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        theme.text(surface, self.label, self.rect.center, self.size, colour, "center")


@dataclass
class Tab(Button):
    """One of a row of tabs: the selected one lit and outlined (never dimmed like a button that
    cannot be pressed), the others plain buttons to switch to."""

    selected: bool = False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.selected:
            super().draw(surface, focused, hovered)
            return
        pygame.draw.rect(surface, TAB_FILL, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=8)
        if focused:
            pygame.draw.rect(surface, theme.TEXT, self.rect.inflate(6, 6), 1, border_radius=10)
        theme.text(surface, self.label, self.rect.center, self.size, theme.ACCENT, "center", True)


TAB_FILL = (58, 52, 34)  # the selected tab: a warm shade of the accent


@dataclass(frozen=True)
class ChoiceParts:
    """Where a choice row draws its pieces; the clicks go by the same rects."""

    label: str
    value: str
    size: int  # the text's pixel size
    label_at: tuple[int, int]  # midleft
    back: pygame.Rect  # the "<"
    shown: pygame.Rect  # the value between the arrows
    forward: pygame.Rect  # the ">"


CHOICE_LABEL_GAP = 16  # between the label and the "<"
# (text size, padding from the row's edges, gap between an arrow and the value): the roomy
# look first; a narrow row tightens up and then takes smaller text before it cuts the value
CHOICE_STYLES = ((22, 14, 10), (22, 8, 5), (19, 6, 4), (17, 5, 3))


class Picks:
    """A widget that shows one of its `options` ((value, label) pairs), the `index`-th."""

    options: Sequence[tuple[Any, str]]
    index: int

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i


@dataclass
class Choice(Picks, Widget):
    """A value picked from a list: "<" (or anywhere left of the value's middle) goes back, ">"
    (or anywhere right of it) goes forward; Left/Right too."""

    options: Sequence[tuple[Any, str]] = ()
    index: int = 0
    on_change: Callable[[Any], None] = lambda value: None
    pointer: tuple[int, int] = field(default=(-1, -1), repr=False)

    def _step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.on_change(self.value)

    def parts(self) -> ChoiceParts:
        """The row's layout: label and value whole in the roomiest style that has room for
        both (a narrow row takes smaller text before it cuts its label: "Shoot..." beside
        "Sling, street legend" was a row cut short), else the value whole (the label gives
        way first); the "<" just left of the value and the ">" just right; centred when the
        row has no label."""
        value = self.options[self.index][1] if self.options else "-"
        styles = [self._parts(value, *style) for style in CHOICE_STYLES]
        whole = [p for p in styles if p.value == value and p.label == self.label]
        return next(iter(whole or [p for p in styles if p.value == value] or styles[-1:]))

    def _parts(self, value: str, size: int, pad: int, gap: int) -> ChoiceParts:
        f = theme.font(size)
        r = self.rect
        arrow_w = max(f.size("<")[0], f.size(">")[0])
        arrows_w = 2 * (arrow_w + gap)
        inner = max(0, r.w - 2 * pad)
        label = self.label
        label_w = 0
        if label:
            full = f.size(label)[0]
            room = inner - arrows_w - f.size(value)[0] - CHOICE_LABEL_GAP
            # the label gives way to the value, but keeps a quarter of the row to be read by
            room = max(room, min(full, inner // 4))
            label = theme.fit(label, size, room) if room >= f.size("W...")[0] else ""
            label_w = f.size(label)[0] + CHOICE_LABEL_GAP if label else 0
        value = theme.fit(value, size, max(8, inner - arrows_w - label_w))
        value_w = f.size(value)[0]
        right = r.right - pad if self.label else r.centerx + (value_w + arrows_w) // 2
        forward = pygame.Rect(right - arrow_w, r.y, arrow_w, r.h)
        shown = pygame.Rect(forward.x - gap - value_w, r.y, value_w, r.h)
        back = pygame.Rect(shown.x - gap - arrow_w, r.y, arrow_w, r.h)
        return ChoiceParts(label, value, size, (r.x + pad, r.centery), back, shown, forward)

    def direction_at(self, x: int) -> int:
        """-1 for a click on the "<" side of the value's middle, +1 on the ">" side."""
        return -1 if x < self.parts().shown.centerx else 1

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # for lighting the arrow a click would use
            return False
        if not self.enabled or not self.options:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (1, 3)
            and self.rect.collidepoint(event.pos)
        ):
            self._step(-1 if event.button == 3 else self.direction_at(event.pos[0]))
            return True
        if focused and event.type == pygame.KEYDOWN:
            # the arrows and Space only: letters typed on past a name (A, D) must not change a
            # choice, nor Enter, which a player presses to go on (a double Enter after a click
            # on a choice's arrow silently changed the board)
            if event.key == pygame.K_LEFT:
                self._step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self._step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self._frame(surface, focused, hovered)
        parts = self.parts()
        r = self.rect
        if parts.label:
            theme.text(surface, parts.label, parts.label_at, parts.size, theme.TEXT_DIM, "midleft")
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        theme.text(surface, parts.value, parts.shown.center, parts.size, colour, "center")
        lit = 0
        if hovered and self.enabled and r.collidepoint(self.pointer):
            lit = self.direction_at(self.pointer[0])
        for arrow, mark, way in ((parts.back, "<", -1), (parts.forward, ">", 1)):
            tint = theme.ACCENT if lit == way else (theme.TEXT_DIM if self.enabled else colour)
            theme.text(surface, mark, arrow.center, parts.size, tint, "center")


DROP_ROW = 30  # px: one option of an open list
DROP_HEAD = 24  # px: a heading between its options
DROP_NOTE_W = 300  # px: the box beside an open list that says what the lit option means
LIST_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5}


@dataclass
class Dropdown(Picks, Widget):
    """One value chosen from a list that opens over the screen: a click, Enter or Space opens
    it; the pointer or Up/Down (Home/End, PageUp/PageDown) light an option, and a click,
    Enter or Space takes it; Esc, Tab or a click anywhere else closes it unchanged. While it is
    open it takes every event (its group routes them here first). `headings` name a group of
    options above its first one; `notes` say what each option means, beside the open list.
    A press key held down acts once: its repeats are let go by (`held`)."""

    options: Sequence[tuple[Any, str]] = ()
    index: int = 0
    on_change: Callable[[Any], None] = lambda value: None
    headings: dict[int, str] = field(default_factory=dict)
    notes: Sequence[str] = ()
    expanded: bool = field(default=False, repr=False)
    lit: int = field(default=0, repr=False)
    top: int = field(default=0, repr=False)  # the first row shown, when the list scrolls
    held: set[int] = field(default_factory=set, repr=False)
    area: pygame.Rect | None = field(default=None, repr=False)  # the screen, as last drawn

    def blur(self) -> None:
        self.expanded = False

    # --- the open list's geometry -------------------------------------------------------

    def rows(self) -> list[tuple[int, str]]:
        """The list's rows in order: (option index, its label), or (-1, a heading)."""
        out: list[tuple[int, str]] = []
        for i, (_, label) in enumerate(self.options):
            if i in self.headings:
                out.append((-1, self.headings[i]))
            out.append((i, label))
        return out

    def _screen(self) -> pygame.Rect:
        if self.area is not None:
            return self.area
        surface = pygame.display.get_surface()
        return surface.get_rect() if surface is not None else pygame.Rect(0, 0, 1280, 800)

    def _heights(self) -> list[int]:
        return [DROP_HEAD if i < 0 else DROP_ROW for i, _ in self.rows()]

    def box(self) -> tuple[pygame.Rect, int]:
        """Where the open list goes and how many rows it shows: under the widget if it fits,
        else over it, else on the roomier side with the rest scrolled."""
        screen = self._screen().inflate(-16, -16)
        heights = self._heights()
        f = theme.font(20)
        width = max([self.rect.w] + [f.size(label)[0] + 36 for _, label in self.rows()])
        width = min(width, screen.w)
        full = sum(heights) + 8
        below = screen.bottom - self.rect.bottom - 2
        above = self.rect.top - 2 - screen.top
        if full <= below or (full > above and below >= above):
            room, down = below, True
        else:
            room, down = above, False
        shown, used = 0, 8
        for height in heights[self.top :]:
            if used + height > room:
                break
            shown, used = shown + 1, used + height
        shown = max(1, shown)
        rect = pygame.Rect(self.rect.x, 0, width, used)
        if down:
            rect.top = self.rect.bottom + 2
        else:
            rect.bottom = self.rect.top - 2
        rect.clamp_ip(self._screen())
        return rect, shown

    def _row_rects(self) -> list[tuple[int, str, pygame.Rect]]:
        """The rows shown, with where each is drawn."""
        box, shown = self.box()
        out = []
        y = box.y + 4
        rows, heights = self.rows(), self._heights()
        for k in range(self.top, min(len(rows), self.top + shown)):
            i, label = rows[k]
            out.append((i, label, pygame.Rect(box.x + 4, y, box.w - 8, heights[k])))
            y += heights[k]
        return out

    def _show_lit(self) -> None:
        """Scroll so the lit option (and its heading) is shown."""
        rows = self.rows()
        at = next(k for k, (i, _) in enumerate(rows) if i == self.lit)
        first = at - 1 if at > 0 and rows[at - 1][0] < 0 else at
        if first < self.top:
            self.top = first
        while True:
            _, shown = self.box()
            if at < self.top + shown or self.top >= at:
                break
            self.top += 1

    # --- events -------------------------------------------------------------------------

    def _open(self) -> None:
        self.expanded, self.lit, self.top = True, self.index, 0
        self._show_lit()

    def _take(self, i: int) -> None:
        self.expanded = False
        if i != self.index:
            self.index = i
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if not self.enabled or not self.options:
            return False
        if self.expanded:
            return self._handle_open(event)
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self._open()
            return True
        if focused and event.type == pygame.KEYDOWN and event.key in PRESS_KEYS:
            if event.key not in self.held:
                self.held.add(event.key)
                self._open()
            return True
        return False

    def _handle_open(self, event: pygame.event.Event) -> bool:
        """Every event while the list is open: it is the list's."""
        if event.type == pygame.MOUSEMOTION:
            for i, _, rect in self._row_rects():
                if i >= 0 and rect.collidepoint(event.pos):
                    self.lit = i
        elif event.type == pygame.MOUSEWHEEL:
            _, shown = self.box()
            most = max(0, len(self.rows()) - shown)
            self.top = max(0, min(most, self.top - event.y))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = [i for i, _, rect in self._row_rects() if rect.collidepoint(event.pos)]
            if hit and hit[0] >= 0:
                self._take(hit[0])
            elif not hit:
                self.expanded = False  # a click elsewhere (the widget too) closes it, unchanged
        elif event.type == pygame.KEYDOWN:
            self._list_key(event.key)
        return True

    def _list_key(self, key: int) -> None:
        if key in PRESS_KEYS:
            if key not in self.held:
                self.held.add(key)
                self._take(self.lit)
        elif key in (pygame.K_ESCAPE, pygame.K_TAB):
            self.expanded = False
        elif key in LIST_KEYS:
            self.lit = max(0, min(len(self.options) - 1, self.lit + LIST_KEYS[key]))
            self._show_lit()
        elif key in (pygame.K_HOME, pygame.K_END):
            self.lit = 0 if key == pygame.K_HOME else len(self.options) - 1
            self._show_lit()

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self.area = surface.get_rect()
        self._frame(surface, focused or self.expanded, hovered)
        r = self.rect
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = self.options[self.index][1] if self.options else "-"
        mark = theme.font(22).size(" v")[0]
        theme.text(
            surface, theme.fit(label, 22, r.w - 24 - mark), (r.x + 10, r.centery), 22, colour,
            "midleft",
        )  # fmt: skip
        tip = (r.right - 16, r.centery)
        pygame.draw.polygon(
            surface,
            theme.ACCENT if hovered or focused else theme.TEXT_DIM,
            [(tip[0] - 6, tip[1] - 3), (tip[0] + 6, tip[1] - 3), (tip[0], tip[1] + 4)],
        )

    def draw_list(self, surface: pygame.Surface) -> None:
        """The open list, over everything else (its group draws it last)."""
        box, shown = self.box()
        pygame.draw.rect(surface, theme.ASPHALT_DARK, box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
        for i, label, rect in self._row_rects():
            if i < 0:
                theme.text(
                    surface, label, (rect.x + 6, rect.centery + 2), 17, theme.TEXT_DIM, "midleft"
                )
                continue
            if i == self.lit:
                pygame.draw.rect(surface, TAB_FILL, rect, border_radius=6)
            colour = theme.ACCENT if i == self.index else theme.TEXT
            theme.text(surface, label, (rect.x + 14, rect.centery), 20, colour, "midleft")
        # more options above or below, scrolled out of the list: a mark at that edge
        x = box.right - 16
        if self.top > 0:
            pygame.draw.polygon(
                surface, theme.ACCENT, [(x - 6, box.y + 12), (x + 6, box.y + 12), (x, box.y + 5)]
            )
        if self.top + shown < len(self.rows()):
            b = box.bottom
            pygame.draw.polygon(
                surface, theme.ACCENT, [(x - 6, b - 12), (x + 6, b - 12), (x, b - 5)]
            )
        note = self.notes[self.lit] if 0 <= self.lit < len(self.notes) else ""
        if note:
            self._draw_note(surface, box, note)

    def _draw_note(self, surface: pygame.Surface, box: pygame.Rect, note: str) -> None:
        """What the lit option means, in a box beside the list (right, else left)."""
        lines = theme.wrap(note, 18, DROP_NOTE_W - 20)
        size = (DROP_NOTE_W, 20 * len(lines) + 16)
        screen = surface.get_rect()
        spot = pygame.Rect((box.right + 8, box.y), size)
        if spot.right > screen.right - 8:
            spot.right = box.x - 8
        spot.clamp_ip(screen)
        pygame.draw.rect(surface, theme.PANEL, spot, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, spot, 1, border_radius=6)
        for k, line in enumerate(lines):
            theme.text(surface, line, (spot.x + 10, spot.y + 8 + 20 * k), 18, theme.TEXT)


@dataclass
class Slider(Widget):
    """A number in a range: drag, click, or Left/Right (Shift for fine steps)."""

    low: float = 0.0
    high: float = 1.0
    value: float = 0.0
    step: float = 0.01
    fmt: Callable[[float], str] = lambda v: f"{v:.2f}"
    on_change: Callable[[float], None] = lambda value: None
    dragging: bool = field(default=False, repr=False)

    def track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + r.w * 0.42, r.centery - 3, r.w * 0.36, 6)

    def _set(self, value: float) -> None:
        value = min(max(value, self.low), self.high)
        if self.step:
            value = self.low + round((value - self.low) / self.step) * self.step
        value = round(min(max(value, self.low), self.high), 10)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _from_x(self, x: int) -> None:
        t = self.track()
        self._set(self.low + (self.high - self.low) * (x - t.x) / max(1, t.w))

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.dragging = True
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        if (
            focused
            and event.type == pygame.KEYDOWN
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            fine = event.mod & pygame.KMOD_SHIFT
            delta = (self.step or (self.high - self.low) / 100) * (1 if fine else 5)
            self._set(self.value + (delta if event.key == pygame.K_RIGHT else -delta))
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self._frame(surface, focused, hovered)
        r = self.rect
        theme.text(surface, self.label, (r.x + 14, r.centery), 22, theme.TEXT_DIM, "midleft")
        t = self.track()
        pygame.draw.rect(surface, theme.PANEL_EDGE, t, border_radius=3)
        frac = (self.value - self.low) / (self.high - self.low) if self.high > self.low else 0
        filled = pygame.Rect(t.x, t.y, round(t.w * frac), t.h)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=3)
        pygame.draw.circle(surface, theme.CHALK, (t.x + round(t.w * frac), t.centery), 8)
        theme.text(
            surface, self.fmt(self.value), (r.right - 14, r.centery), 22, theme.TEXT, "midright"
        )


class WidgetGroup:
    """A focus ring over widgets: the mouse hovers and clicks, the keyboard moves focus — in a
    form always, beside a table only once the player hands it the keys (shell/focus.py)."""

    def __init__(self, widgets: Sequence[Widget] = (), keys: Keys = Keys.FORM) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.keys = keys
        self._focus = -1
        self.mouse = (-1, -1)
        self.tip_bounds: pygame.Rect | None = None  # a dialog keeps its tooltips inside it
        # what tooltips never cover when they can help it (a table's prompt and hand)
        self.tip_avoid: list[pygame.Rect] = []
        self.tips_shown = True  # off while a view covers what the tooltips would lie over

    @property
    def focus(self) -> int:
        """The index of the widget with the keyboard focus, or -1."""
        return self._focus

    @focus.setter
    def focus(self, index: int) -> None:
        old = self._focus
        if index != old and 0 <= old < len(self.widgets):
            self.widgets[old].blur()  # a name being typed stops there: one field, one ring
        self._focus = index

    @property
    def has_keys(self) -> bool:
        """Whether the navigation keys are the widgets' now (always in a form)."""
        return self.keys is Keys.FORM or self.focus >= 0

    def forget_pointer(self) -> None:
        """Another person is at the screen: no widget is lit, focused or tipped for where the
        last person left the pointer or the keys, until the pointer moves again."""
        self.mouse = (-1, -1)
        for widget in self.widgets:
            if isinstance(widget, Choice):
                widget.pointer = (-1, -1)
        self.release()

    def release(self) -> None:
        """Give the keys back to the game (a table's widgets only)."""
        if self.keys is Keys.TABLE:
            self.focus = -1

    def set(self, widgets: Sequence[Widget]) -> None:
        before, old = self.widgets, self._focused()
        self.widgets = list(widgets)
        index = self._kept(before, old)
        if old is not None and (index < 0 or self.widgets[index] is not old):
            old.blur()
        self._focus = index

    def _kept(self, before: list[Widget], old: Widget | None) -> int:
        """Where the focus goes in a new layout of the widgets."""
        if old is None:
            return -1 if self.keys is Keys.TABLE else min(self._focus, len(self.widgets) - 1)
        if self.keys is Keys.FORM:
            # the same widget by its label (an entry added above it, as the menu's Resume
            # game, must not move the focus); among like-labelled ones (each seat's "x") the
            # same one by count, or the last left; if that one is disabled, the next enabled
            like = [i for i, w in enumerate(self.widgets) if w.label == old.label]
            if like:
                nth = next(
                    k for k, w in enumerate(w for w in before if w.label == old.label) if w is old
                )
                return self._enabled_from(like[min(nth, len(like) - 1)])
            return self._enabled_from(min(self._focus, len(self.widgets) - 1))
        # beside a table a new layout never moves the focus onto another widget: it stays on
        # the same one (by label, else by type and place) or the keys go back to the game
        for match in (
            lambda w: w.label == old.label,
            lambda w: type(w) is type(old) and w.rect == old.rect,
        ):
            for i, widget in enumerate(self.widgets):
                if widget.enabled and match(widget):
                    return i
        return -1

    def _enabled_from(self, index: int) -> int:
        """`index`, or the first enabled widget after it (before it, if none after)."""
        order = list(range(index, len(self.widgets))) + list(range(index - 1, -1, -1))
        return next((i for i in order if self.widgets[i].enabled), index)

    def _focused(self) -> Widget | None:
        return self.widgets[self._focus] if 0 <= self._focus < len(self.widgets) else None

    def _move(self, delta: int) -> None:
        enabled = [i for i, w in enumerate(self.widgets) if w.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus = enabled[0] if delta > 0 else enabled[-1]
            return
        pos = enabled.index(self.focus)
        self.focus = enabled[(pos + delta) % len(enabled)]

    def _beside(self, side: int) -> int:
        """The nearest enabled widget in the focused one's row, to its right (side 1) or left
        (-1): Left and Right move along a row of buttons (Buckshot | Cannonball, a row of
        bids); -1 when there is none that way."""
        here = self._focused()
        if here is None:
            return -1
        row = [
            (abs(w.rect.centerx - here.rect.centerx), i)
            for i, w in enumerate(self.widgets)
            if w.enabled
            and w is not here
            and w.rect.top < here.rect.bottom
            and here.rect.top < w.rect.bottom  # the same row
            and (w.rect.centerx - here.rect.centerx) * side > 0
        ]
        return min(row)[1] if row else -1

    def _table_keys(self, event: pygame.event.Event) -> bool:
        """F6 hands the keys to the widgets and back; Esc gives them back."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == PANEL_KEY:
            if self.focus >= 0:
                self.focus = -1
            else:
                self._move(1)
            return True
        if event.key == pygame.K_ESCAPE and self.focus >= 0:
            self.focus = -1
            return True
        return False

    def expanded(self) -> Dropdown | None:
        """The list open over the screen, if any: it takes every event until it closes."""
        return next((w for w in self.widgets if isinstance(w, Dropdown) and w.expanded), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        opened = self.expanded()
        if opened is not None:
            return opened.handle(event, True)
        table = self.keys is Keys.TABLE
        if table:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.focus = -1  # a click gives the keys back to the game, and focuses nothing
            elif self._table_keys(event):
                return True
        clicked = not table and event.type == pygame.MOUSEBUTTONUP
        before = self.widgets
        for i, widget in enumerate(before):
            if clicked and widget.enabled and widget.rect.collidepoint(event.pos):
                self.focus = i  # first: a layout the click makes keeps the focus in its place
            if widget.handle(event, i == self.focus):
                if not table and event.type == pygame.MOUSEBUTTONDOWN and self.widgets is before:
                    self.focus = i
                return True
        if clicked and isinstance(self._focused(), TextField):
            self.focus = -1  # a click on nothing leaves a name: the next letter types nowhere
        if not self.has_keys:
            return False
        step = focus_step(event)
        if step:
            self._move(step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            beside = self._beside(1 if event.key == pygame.K_RIGHT else -1)
            if beside >= 0:
                self.focus = beside
                return True
        # the widgets hold the keys: the table's own keys stay here rather than half-working
        return table and event.type == pygame.KEYDOWN and event.key in TABLE_KEYS

    def draw(self, surface: pygame.Surface) -> None:
        if not AWAKE[0]:  # under a dialog: the keys and the pointer are the dialog's
            for widget in self.widgets:
                widget.draw(surface, False, False)
            return
        opened = self.expanded()
        for i, widget in enumerate(self.widgets):
            hovered = opened is None and widget.rect.collidepoint(self.mouse)
            widget.draw(surface, i == self.focus, hovered)
        if opened is not None:  # over every other widget, and no tooltip beside it
            opened.draw_list(surface)
            return
        tip = self.tip(surface.get_rect()) if self.tips_shown else None
        if tip is not None:
            text, box = tip
            img = theme.rendered(text, 20, theme.TEXT)
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
            surface.blit(img, img.get_rect(center=box.center))

    def tip(self, screen: pygame.Rect) -> tuple[str, pygame.Rect] | None:
        """The hovered widget's tooltip and where it goes: under the widget, or over it near the
        bottom — never on its own label — and inside the dialog's bounds if it has some."""
        tipped = None
        for widget in self.widgets:
            if widget.tooltip and widget.rect.collidepoint(self.mouse):
                tipped = widget
        if tipped is None or getattr(tipped, "editing", False):
            return None  # (a field being typed in: its tip has been read, and would hide rows)
        size = pygame.Rect((0, 0), theme.font(20).size(tipped.tooltip)).inflate(12, 8).size
        bounds = self.tip_bounds or screen
        r, x = tipped.rect, self.mouse[0]
        # under, over, right of, left of the widget: the first that stays inside the bounds and
        # covers no other widget's label; else under it, kept inside
        spots = (
            {"midtop": (x, r.bottom + 6)},
            {"topright": (r.right, r.bottom + 6)},
            {"topleft": (r.left, r.bottom + 6)},
            {"midbottom": (x, r.top - 6)},
            {"midleft": (r.right + 8, r.centery)},
            {"midright": (r.left - 8, r.centery)},
        )
        avoid = [a for a in self.tip_avoid if not a.colliderect(r)]  # (not the widget's own)
        others = [w.rect for w in self.widgets if w is not tipped] + avoid
        # last, left of the widget's whole row (a side panel's bottom row: over the table),
        # and from there up, until clear of what it must not cover (the prompt, the hand)
        widgets = [w.rect for w in self.widgets if w is not tipped]
        row = [o.left for o in widgets if o.top < r.bottom and o.bottom > r.top and o.x < r.x]
        left = min(row, default=r.left) - 8
        spots += tuple({"bottomright": (left, r.bottom - dy)} for dy in range(0, r.bottom, 8))
        for spot in spots:
            box = pygame.Rect((0, 0), size)
            setattr(box, *next(iter(spot.items())))
            if bounds.contains(box) and box.collidelist(others) < 0:
                return tipped.tooltip, box
        box = pygame.Rect((0, 0), size)
        box.midtop = (x, r.bottom + 6)
        if box.bottom > bounds.bottom:
            box.midbottom = (x, r.top - 6)
        box.clamp_ip(bounds)
        return tipped.tooltip, box


def paging_buttons(
    size: tuple[int, int], first: int, per_page: int, total: int, scroll: Callable[[int], None]
) -> list[Button]:
    """A list's Newer and Older buttons at the page's foot (right), when it has more than one
    page: newest first, so back up the list is newer, on down older; none for one page."""
    w, h = size
    if first <= 0 and first + per_page >= total:
        return []
    return [
        Button(pygame.Rect(w - 300, h - 70, 120, 44), "Newer", first > 0,
               on_click=lambda: scroll(-per_page), size=22),
        Button(pygame.Rect(w - 170, h - 70, 120, 44), "Older", first + per_page < total,
               on_click=lambda: scroll(per_page), size=22),
    ]  # fmt: skip


def page_foot(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a page's way back (bottom left) and its step forward (bottom right) stand: the
    same place on every page that has them (Skully's setup, Play online's pages)."""
    w, h = size
    return pygame.Rect(40, h - 70, 160, 48), pygame.Rect(w - 260, h - 70, 220, 48)


def column(x: int, y: int, w: int, h: int, gap: int, count: int) -> list[pygame.Rect]:
    """Rects for a vertical stack of widgets."""
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(count)]


def name_cut_note(group: WidgetGroup, message: str) -> str:
    """A form's message while one of its names has just refused letters past its length
    ("A name has at most 14 letters"), and back to none once typing goes on."""
    field = next((w for w in group.widgets if isinstance(w, TextField) and w.cut), None)
    if field is not None:
        return f"A name has at most {field.max_length} letters"
    return "" if message.startswith("A name has at most ") else message


@dataclass
class TextField(Widget):
    """One line of text: click it (the caret goes where you click) or press Enter on it, then
    type; Left/Right/Home/End move the caret, Backspace and Delete erase; Ctrl+A selects it
    all (the next letter, Backspace or Delete replaces it). Enter, Esc, Tab or a click
    elsewhere leaves it."""

    value: str = ""
    max_length: int = 16
    on_change: Callable[[str], None] = lambda value: None
    cut: bool = field(default=False, repr=False)  # the last letters typed did not fit: say so
    editing: bool = field(default=False, repr=False)
    selected: bool = field(default=False, repr=False)  # Ctrl+A: the whole text
    caret: int = field(default=-1, repr=False)  # where typing goes; -1: at the end

    def blur(self) -> None:
        self.editing = self.selected = self.cut = False

    def _at(self) -> int:
        return len(self.value) if not 0 <= self.caret <= len(self.value) else self.caret

    def _edit(self, value: str, caret: int, cut: bool = False) -> None:
        self.cut = cut or len(value) > self.max_length
        self.value, self.caret = value[: self.max_length], min(caret, self.max_length)
        self.editing, self.selected = True, False
        self.on_change(self.value)

    def _caret_from(self, x: int) -> int:
        """The caret nearest a click at `x` (at the end when the field shows a cut text)."""
        if self.shown_text(False) != self.value:
            return len(self.value)
        f, left = theme.font(22), self.rect.x + 10
        return min(
            range(len(self.value) + 1), key=lambda i: abs(left + f.size(self.value[:i])[0] - x)
        )

    def handle(self, event: pygame.event.Event, focused: bool) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.editing = self.rect.collidepoint(event.pos)
            self.selected = False
            if self.editing:
                self.caret = self._caret_from(event.pos[0])
            return self.editing
        if not (focused or self.editing):
            return False
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in event.text if ch.isprintable())
            if text:
                if self.selected:
                    self._edit(text, len(text))
                else:
                    at = self._at()
                    room = self.max_length - len(self.value)
                    self._edit(
                        self.value[:at] + text[:room] + self.value[at:],
                        at + len(text[:room]),
                        len(text) > room,
                    )
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if key == pygame.K_a and ctrl:
            self.editing, self.selected = True, bool(self.value)
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            at = self._at()
            if self.selected:
                self._edit("", 0)
            elif key == pygame.K_BACKSPACE:
                self._edit(self.value[: max(0, at - 1)] + self.value[at:], max(0, at - 1))
            else:
                self._edit(self.value[:at] + self.value[at + 1 :], at)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.editing:
                self.editing, self.caret = True, len(self.value)
            else:
                self.blur()
            return True
        if key == pygame.K_ESCAPE and self.editing:
            self.blur()
            return True
        if not self.editing:
            return False
        moves = {
            pygame.K_LEFT: 0 if self.selected else max(0, self._at() - 1),
            pygame.K_RIGHT: len(self.value)
            if self.selected
            else min(len(self.value), self._at() + 1),
            pygame.K_HOME: 0,
            pygame.K_END: len(self.value),
        }
        if key in moves:
            self.caret, self.selected = moves[key], False
            return True
        # plain letters arrive as TEXTINPUT (after this): keep them from acting as hotkeys
        # elsewhere, and keep Ctrl+A's selection for the letter to replace
        return bool(event.unicode and event.unicode.isprintable() and not ctrl)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        self._frame(surface, focused or self.editing, hovered)
        r = self.rect
        colour = theme.TEXT if self.value else theme.TEXT_DIM
        shown = self.shown_text()
        if self.selected:
            width = theme.font(22).size(shown.replace("|", ""))[0]
            pygame.draw.rect(surface, theme.CHALK_BLUE, (r.x + 8, r.y + 6, width + 4, r.h - 12))
            colour = theme.ASPHALT_DARK
        theme.text(surface, shown or self.label, (r.x + 10, r.centery), 22, colour, "midleft")

    def shown_text(self, caret: bool = True) -> str:
        """The text as drawn inside the field, with "|" at the caret while editing: a text too
        long for the field is cut after the caret first (ending "..."), then before it
        (starting "..."), so the caret always shows and never goes past the field's edge."""
        at = self._at() if self.editing else 0  # at rest, a long text shows its start
        head, tail = self.value[:at], self.value[at:]
        mark = "|" if caret and self.editing else ""
        f = theme.font(22)
        width = self.rect.w - 20

        def fits(text: str) -> bool:
            return f.size(text)[0] <= width

        if fits(head + mark + tail):
            return head + mark + tail
        while tail and not fits(head + mark + tail + "..."):
            tail = tail[:-1]
        end = tail + "..." if tail else ""
        if fits(head + mark + end):
            return head + mark + end
        while head and not fits("..." + head + mark + end):
            head = head[1:]
        return "..." + head + mark + end

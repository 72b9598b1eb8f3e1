"""Who owns the keyboard: the one focus rule every screen with widgets follows.

Two kinds of screen hold widgets (`WidgetGroup(keys=...)`):

* A **form** (`Keys.FORM`: the menu, the setups, settings, the replays list, dialogs): the widgets
  *are* the screen. Up/Down or Tab (Shift+Tab back) move the keyboard focus, Enter/Space press
  the focused widget, Left/Right change a choice, and a click focuses the widget clicked.
* A **table** (`Keys.TABLE`: a game, practice): the game owns its keys — Tab, the arrows, Space,
  Enter, Esc, +/- and the rest. The widgets beside it are for the pointer: a click presses them
  and leaves no focus behind, and no key reaches them but a widget's own hotkey. The player can
  hand the keyboard to the widgets with `PANEL_KEY` (F6); then the form keys work there until
  Esc, F6 again or any click give the keys back to the game. Nothing takes the focus by itself:
  not a computer's move, not a new layout (a focused widget that is gone gives the keys back).

And a table never lets a key press leave the game without asking: a way out goes through a
`ConfirmDialog` (shell/dialogs.py) whose default answer — Enter, Space and Esc — is to stay.
"""

from __future__ import annotations

from enum import Enum

import pygame


class Keys(Enum):
    """Whether a widget group's widgets are the screen, or sit beside a game that owns the keys."""

    FORM = "form"
    TABLE = "table"


PANEL_KEY = pygame.K_F6  # at a table: the keys go to the widgets and back
PRESS_KEYS = frozenset((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
# the keys a table uses for itself; while the player has given the keys to the widgets they
# stay with the widgets, never half of them to each
TABLE_KEYS = frozenset(
    (
        pygame.K_TAB,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_LEFTBRACKET,
        pygame.K_RIGHTBRACKET,
        pygame.K_PLUS,
        pygame.K_MINUS,
        pygame.K_EQUALS,
        pygame.K_KP_PLUS,
        pygame.K_KP_MINUS,
        *PRESS_KEYS,
    )
)


def focus_step(event: pygame.event.Event) -> int:
    """+1 or -1 when the key moves the keyboard focus (Down/Tab, Up/Shift+Tab), else 0."""
    if event.type != pygame.KEYDOWN:
        return 0
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    if event.key == pygame.K_DOWN or (event.key == pygame.K_TAB and not shift):
        return 1
    if event.key == pygame.K_UP or (event.key == pygame.K_TAB and shift):
        return -1
    return 0

"""Scripted input for driving scenes headless, as a player would."""

from __future__ import annotations

import math
from typing import Any

from skully_game.core.settings import Settings
from skully_game.shell.app import App
from skully_game.shell.scripted import click, drag, ev, key

__all__ = [
    "ask_leave",
    "click",
    "drag",
    "ev",
    "key",
    "read_rules",
    "take_pass_screen",
    "wait_for_turn",
]


def ask_leave(app: App) -> tuple[Any, list[bool]]:
    """The "Leave the game?" question over a blank screen, and the answers it gives."""
    from skully_game.shell.dialogs import ConfirmDialog
    from skully_game.shell.scene import Scene

    answers: list[bool] = []
    dialog = ConfirmDialog(
        app,
        "Leave the game?",
        lambda: answers.append(True),
        on_no=lambda: answers.append(False),
        yes="Leave",
        no="Stay",
    )
    app.stack.push(Scene(app))
    app.stack.push(dialog)
    return dialog, answers


def read_rules(app: App, setup: Any) -> Any:
    """Open a setup's rules by its How to play button, page down, go to the end and come
    back with Esc, as a reader does; returns the rules screen."""
    import pygame

    button = next(w for w in setup.widgets.widgets if w.label == "How to play")
    click(app, button.rect.center)
    page = app.stack.top
    assert page is not setup
    app.dispatch(key(pygame.K_PAGEDOWN))
    assert page.scroll > 0
    app.dispatch(key(pygame.K_END))
    assert page.scroll == page.most()
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is setup
    return page


def make_app(size: tuple[int, int] = (1280, 800)) -> App:
    return App(Settings(muted=True), size=size)


def drawn_texts(app: App, monkeypatch: Any) -> list[str]:
    """Every line of text the screens draw in one frame (the toasts are in `app.toasts`)."""
    from skully_game.shell import theme

    seen: list[str] = []
    real = theme.rendered

    def rendered(message: str, *args: Any, **kw: Any) -> Any:
        seen.append(message)
        return real(message, *args, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(theme, "rendered", rendered)
        app.draw(0.5)
    return seen


def drawn_text_rects(scene: Any, monkeypatch: Any) -> list[tuple[str, Any]]:
    """Every line of text `scene` draws in one frame with `theme.text`, with where it went."""
    from skully_game.shell import theme

    drawn: list[tuple[str, Any]] = []
    real = theme.text

    def text(surface: Any, message: str, *args: Any, **kw: Any) -> Any:
        rect = real(surface, message, *args, **kw)
        drawn.append((message, rect))
        return rect

    with monkeypatch.context() as patch:
        patch.setattr(theme, "text", text)
        scene.draw(scene.app.screen, 1.0)
    return drawn


def flick_towards(app: App, table, cap: int, target: tuple[float, float], power: float) -> None:
    """Pull back from a cap, away from the target, by a fraction of a full pull."""
    from skully_game.scenes.skully.captable import PULL_PX

    x, y = table.positions[cap]
    angle = math.atan2(target[1] - y, target[0] - x)
    at = table.camera.to_screen((x, y))
    pull = power * PULL_PX
    drag(app, at, (at[0] - math.cos(angle) * pull, at[1] + math.sin(angle) * pull))


def run_until_still(app: App, table, limit: int = 2000) -> None:
    for _ in range(limit):
        if not table.busy:
            return
        app.run_frames(1)
    raise AssertionError("the shot never came to rest")


def open_skully_game(app: App, setup: Any) -> Any:
    """A Skully game on the stack with every cap put down at its suggested spot (Enter)."""
    import pygame

    from skully_game.scenes.skully.table import SkullyGameScene

    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    for _ in range(50):
        if scene._placement() is None:
            break
        wait_for_turn(app, scene)
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    wait_for_turn(app, scene)
    return scene


def wait_for_turn(app: App, scene: Any = None) -> None:
    """The person whose move is shown waits until the table takes a key for it (a press at
    once would be a double press's second half: SkullyGameScene.turn_armed); the table's time
    is moved on, no frames drawn. `scene`: the Skully table (else the topmost one)."""
    if scene is None:
        tables = [s for s in app.stack.scenes if hasattr(s, "turn_armed")]
        if not tables:
            return
        scene = tables[-1]
    if not scene.turn_armed:
        app.game_time = scene.turn_at + scene.turn_arm + 1e-6  # (past it: floats round)


def settle_view(app: App, table, limit: int = 600) -> None:
    """Let the camera finish easing, as a player waits for the view to stop moving."""
    for _ in range(limit):
        if table.camera.settled:
            return
        app.run_frames(1)


def flick_to_stop_at(
    app: App, table, cap: int, point: tuple[float, float], extra: float = 0.0
) -> None:
    """A sure hand: pull so the cap slides exactly to `point` (plus `extra` metres) and stops.

    The flick's speed goes with the pull (see scenes/table.py) and the slide with its square.
    """
    from skully_game.scenes.skully.captable import PULL_PX
    from skully_game.skully.physics import MAX_SPEED, G

    settle_view(app, table)
    x, y = table.positions[cap]
    kind = table.looks[cap].kind
    longest = MAX_SPEED**2 / (2 * kind.spec.mu * G)
    distance = math.dist((x, y), point) + extra
    angle = math.atan2(point[1] - y, point[0] - x)
    pull = math.sqrt(min(1.0, distance / longest)) * PULL_PX
    at = table.camera.to_screen((x, y))
    # pull along the exact line; the pointer is whole pixels, so pull far enough that the
    # rounding turns the aim by well under a tenth of a degree
    drag(app, at, (at[0] - math.cos(angle) * pull, at[1] + math.sin(angle) * pull))


def take_pass_screen(app: App, table: Any) -> None:
    """The person a pass screen names sits down: they wait out its delay (the table's own
    time), click its button, and look at their hand a moment before acting, as a person does
    (a press at once would be a double click's second: passgate.py)."""
    from skully_game.shell.app import DOUBLE_PRESS_S, TICK
    from skully_game.shell.freshpress import ARM_SECONDS

    for _ in range(round(ARM_SECONDS / TICK) + 2):
        if table.gate.armed:
            break
        if app.stack.top is table:
            app.tick()
        else:
            table.gate.tick(TICK)
    click(app, table.pass_button().center)
    table.gate.tick(DOUBLE_PRESS_S)


class Inline:
    """A table's worker thread, run at once: a computer's move or a hint is found as soon as
    it is asked for (a table's `pool`)."""

    def submit(self, fn: Any, *args: Any) -> Any:
        from concurrent.futures import Future

        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        return None

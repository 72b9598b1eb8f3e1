"""Headless by default: every test runs without a display or a sound card, and never touches
the real user's settings or saves."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files with the longest checks (marked slow) first, the rest in their order: a long
    check left for last would keep one worker busy while the other stands idle. (Whole files
    move, so a file's shared set-up is made once.)"""
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow)


@pytest.fixture(autouse=True, scope="session")
def _no_waiting_for_the_disk() -> None:
    """Saves skip fsync here: a test never loses power, and waiting for the disk on a shared
    machine cost seconds a test. (Tests that kill the program run it in a process of its own.)"""
    from skully_game.core import fileio

    fileio.to_disk = lambda fd: None  # type: ignore[assignment]


@pytest.fixture(autouse=True)
def _private_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("SKULLY_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("SKULLY_DATA_DIR", str(base / "data"))


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    """A window at the main menu, headless: where a person starts. A test file that wants a
    bare window defines its own `app`."""
    from skully_game.scenes.menu import MenuScene
    from tests.ui_helpers import make_app

    app = make_app()
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


@pytest.fixture(scope="module")
def redis_url():  # type: ignore[no-untyped-def]
    """A private Redis server on 127.0.0.1 and a free port for a module's group tests, stopped
    after them; without redis-server the test fails with one line saying how to install it
    (never skipped: .ci/run installs it)."""
    from skully_game.net.group.redisproc import RedisMissing, RedisProcess

    server = RedisProcess()
    try:
        server.start()
    except RedisMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()

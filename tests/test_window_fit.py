"""A window size saved on a big screen must still fit a smaller one when the game opens."""

from __future__ import annotations

from skully_game.shell.app import MIN_SIZE, fit_window


def test_a_saved_size_bigger_than_the_screen_shrinks_to_fit_it() -> None:
    w, h = fit_window((1280, 800), (1024, 640))
    assert w <= 1024 and h <= 640


def test_a_size_that_fits_is_kept() -> None:
    assert fit_window((1024, 640), (1920, 1080)) == (1024, 640)


def test_never_below_the_smallest_window_nor_guessing_without_a_screen() -> None:
    assert fit_window((1280, 800), (640, 400)) == MIN_SIZE
    assert fit_window((1280, 800), None) == (1280, 800)

"""Skip-Bo with the keys alone: the arrows go where they point on the table (up from the hand
to the piles, left and right along a row, down back to the hand), and Enter's first choice is
the stock's card where it fits, not a SKIP-BO card from the hand."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.table import SkipBoTable
from tests.test_skip_bo_table import _table
from tests.ui_helpers import key


def _turn_where(done, kinds=("human", "build-first")):
    """A table at the person's turn where `done(table)` holds (the person discards until then)."""
    for seed in range(60):
        app, table = _table(list(kinds), seed=seed, stock=10)
        for _ in range(40):
            table.run_bots_now()
            if table.state.is_terminal():
                break
            if done(table):
                return app, table
            table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    raise AssertionError("no such turn in 60 games")


def _builds(table: SkipBoTable, place: str) -> bool:
    return any(t[0] == "B" for t in table.targets(place))


def test_enter_first_chooses_the_stock_card_that_fits_not_a_skip_bo_card_from_the_hand():
    app, table = _turn_where(lambda t: _builds(t, "S0") and "HW" in t.sources())
    assert _builds(table, "HW")  # the hand's SKIP-BO card would build too
    app.dispatch(key(pygame.K_RETURN))  # one press: the stock's card picked, its pile lit
    assert table.picked == "S0" and table._keyed()[0] == "B"
    assert (
        table.status_line()[0].startswith("The ") and "Enter puts it on" in table.status_line()[0]
    )
    before = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))  # the second plays it there
    assert table.state.history()[before:][0].startswith("S0>B")


def test_the_arrows_go_up_to_the_piles_along_a_row_and_down_to_the_hand():
    app, table = _turn_where(lambda t: any(s[0] in "SD" for s in t.sources()))
    hand = [f"H{c}" for c, _, _ in table.hand_layout()]
    app.dispatch(key(pygame.K_DOWN))  # from nothing: down is the hand, its first card
    assert table._keyed() == hand[0]
    app.dispatch(key(pygame.K_RIGHT))
    assert table._keyed() == hand[1] or hand[1] == hand[0]
    app.dispatch(key(pygame.K_LEFT))
    assert table._keyed() == hand[0]
    app.dispatch(key(pygame.K_UP))  # up: the stock and discard piles to play from
    up = table._keyed()
    assert up is not None and up[0] in "SD"
    piles = sorted(
        (s for s in table.sources() if s[0] in "SD"), key=lambda s: table.place_rect(s).x
    )
    row = sorted(
        (s for s in table.key_places() if s[0] in "SD"), key=lambda s: table.place_rect(s).x
    )
    assert up in row and set(piles) <= set(row)
    app.dispatch(key(pygame.K_UP))  # nothing higher to play from: it stays
    assert table._keyed() == up
    if row.index(up) + 1 < len(row):
        app.dispatch(key(pygame.K_RIGHT))
        assert table._keyed() == row[row.index(up) + 1]
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed() in hand


def test_a_held_card_goes_up_to_the_building_piles_and_down_to_ones_discard_piles():
    app, table = _turn_where(lambda t: any(_builds(t, s) for s in t.sources() if s[0] == "H"))
    card = next(s for s in table.sources() if s[0] == "H" and _builds(table, s))
    table.key_at = table.sources().index(card)
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked == card and table._keyed()[0] == "B"  # a pile it builds on first
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed() in ("D0", "D1", "D2", "D3")
    first = table._keyed()
    app.dispatch(key(pygame.K_LEFT if first == "D3" else pygame.K_RIGHT))  # (no wrapping)
    assert table._keyed() != first and table._keyed()[0] == "D"
    app.dispatch(key(pygame.K_UP))
    assert table._keyed()[0] == "B"
    app.dispatch(key(pygame.K_ESCAPE))
    assert table.picked is None


def test_a_skip_bo_card_shows_the_number_it_becomes_over_a_pile_before_it_is_dropped(
    monkeypatch,
):
    """Dragged over a building pile that takes it, the SKIP-BO card is drawn as that pile's
    next number; chosen with the keys, the pile shows it and the line says it."""
    from skully_game.scenes.skip_bo import painting
    from skully_game.shell.scripted import ev

    app, table = _turn_where(lambda t: "HW" in t.sources() and _builds(t, "HW"))
    pile = next(t for t in table.targets("HW") if t[0] == "B")
    need = table.state.needs()[int(pile[1:])]
    drawn_as: list[int] = []
    real = painting.wild_as
    monkeypatch.setattr(
        painting, "wild_as", lambda n, scale=1.0: drawn_as.append(n) or real(n, scale)
    )
    start = table.place_rect("HW").center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    over = table.target_rect(pile).center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0)))
    assert table.wild_becomes() == (pile, need)
    drawn_as.clear()
    app.draw(0.0)
    shown_over = drawn_as.count(need)
    away = (over[0], table.geometry().hand.y - 40)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1, 0, 0)))
    assert table.wild_becomes() is None  # over no pile: just the SKIP-BO card
    drawn_as.clear()
    app.draw(0.0)
    assert shown_over == drawn_as.count(need) + 1  # under the pointer, as the pile's next
    before = drawn_as.count(need)
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=away, button=1))
    # with the keys: picked, then the arrows choose the pile
    table.key_at = table.sources().index("HW")
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked == "HW"
    for _ in range(4):
        if table._keyed() == pile:
            break
        app.dispatch(key(pygame.K_RIGHT))
    assert table._keyed() == pile
    from cards.skip_bo.words import card_name

    assert f"as {card_name(need)}" in table.status_line()[0]
    drawn_as.clear()
    app.draw(0.0)
    assert drawn_as.count(need) == before + 1  # shown over the pile


def test_up_reaches_the_piles_even_when_none_can_play_and_enter_there_says_why():
    """A reported gap: with no stock or discard card to play, Up and Down did nothing."""
    app, table = _turn_where(
        lambda t: not any(s[0] in "SD" for s in t.sources()) and t.state.stocks[0]
    )
    hand = [s for s in table.sources() if s[0] == "H"]
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed() == hand[0]
    app.dispatch(key(pygame.K_UP))  # the row of one's own stock and discard piles
    up = table._keyed()
    assert up is not None and up[0] in "SD" and up not in table.sources()
    assert "cannot go anywhere now" in table.status_line()[0]
    before = list(table.state.history())
    app.dispatch(key(pygame.K_RETURN))  # nothing to pick up: it says why and stays there
    assert table.picked is None and table._keyed() == up
    assert "cannot go anywhere now" in table.notice
    assert table.state.history() == before
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed() in hand


def test_left_and_right_stop_at_either_end_of_a_row():
    """A reported slip: Left wrapped round to the far end of the row."""
    app, table = _turn_where(lambda t: len({s for s in t.sources() if s[0] == "H"}) >= 3)
    hand = sorted(
        (s for s in table.key_places() if s[0] == "H"), key=lambda s: table.place_rect(s).x
    )
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed() == hand[0]
    app.dispatch(key(pygame.K_LEFT))  # the first card: Left stays on it
    assert table._keyed() == hand[0]
    for _ in range(len(hand) + 2):
        app.dispatch(key(pygame.K_RIGHT))
    assert table._keyed() == hand[-1]  # the last: Right stays on it
    app.dispatch(key(pygame.K_LEFT))
    assert table._keyed() == hand[-2]


def test_a_held_card_that_builds_nowhere_still_goes_up_to_the_building_piles():
    app, table = _turn_where(lambda t: any(s[0] == "H" and not _builds(t, s) for s in t.sources()))
    card = next(s for s in table.sources() if s[0] == "H" and not _builds(table, s))
    table.key_at = table.key_places().index(card)
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked == card and table._keyed()[0] == "D"  # its places: the discards
    app.dispatch(key(pygame.K_UP))
    pile = table._keyed()
    assert pile is not None and pile[0] == "B"  # the building piles, though none takes it
    line = table.status_line()[0]
    assert "needs" in line or "never" in line, line
    before = list(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history() == before and table.picked == card
    assert table.notice  # the engine's words: why not there
    app.dispatch(key(pygame.K_DOWN))
    assert table._keyed()[0] == "D"

"""The card tables' game's end offers Play again and the replay; Enter takes a hint on show; the
pace set with P is kept for the next game; and no pass screen comes to the person who is still
alone at the screen (their own card ended a trick and they lead the next)."""

from __future__ import annotations

import pygame

from cards.skull import SkullOptions
from cards.skull_king import Phase, RoundPlan, SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.cardtable.prefs import load_choices
from skully_game.scenes.cardtable.table import CardReplay
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull.table import SkullTable
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell.app import DOUBLE_PRESS_S
from tests.ui_helpers import Inline, click, ev, key, make_app


def polled(kind: int, k: int) -> pygame.event.Event:
    """A key event as the keyboard sends it (polled: it carries `doubt`, shell/pacer.py)."""
    return ev(kind, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.0)


def ticks(app, seconds: float) -> None:
    for _ in range(round(seconds * 120)):
        app.tick()


def finished(table) -> None:
    """Play the table to its end: every person's move the first legal one."""
    for _ in range(2000):
        table.run_bots_now()
        if table.over():
            break
        table.reveal()
        table.act(table.state.legal_actions()[0])
    table.settle()
    assert table.over() and table.end_on_show()


def skull_king_to_the_end(app, pace=Pace.NORMAL):
    seats = [TableSeat("Ann"), TableSeat("Calico", "heuristic")]
    options = SkullKingOptions(players=2, round_plan=RoundPlan.WHIRLPOOL)
    table = SkullKingTable(app, Match(SKULL_KING, options, 5, seats, pace))
    app.stack.push(table)
    finished(table)
    return table


def test_the_game_s_end_offers_play_again_with_the_same_seats_rules_and_pace():
    app = make_app()
    table = skull_king_to_the_end(app, Pace.FAST)
    app.tick()  # its buttons come with the end
    labels = [w.label for w in table.widgets.widgets]
    assert "Play again" in labels and "Watch the replay" in labels
    again = next(w for w in table.widgets.widgets if w.label == "Play again")
    click(app, again.rect.center)
    new = app.stack.top
    assert isinstance(new, SkullKingTable) and new is not table
    assert [(s.name, s.kind) for s in new.match.seats] == [
        ("Ann", "human"),
        ("Calico", "heuristic"),
    ]
    assert new.match.options == table.match.options and new.match.pace is Pace.FAST
    assert new.match.seed != table.match.seed and new.state.history() == []
    assert new.match.path != table.match.path and new.match.path.exists()


def test_a_plays_again_only_after_the_end_has_been_on_show_a_moment_and_enter_never():
    """A play-test pressed Enter through a Skull game's rounds once out of it, was dealt a new
    game by Enter on the end and placed cards in it unawares: Enter never plays again."""
    app = make_app()
    table = skull_king_to_the_end(app)
    app.tick()
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_a))  # too soon after the end came up
    app.dispatch(polled(pygame.KEYUP, pygame.K_a))
    assert app.stack.top is table
    ticks(app, DOUBLE_PRESS_S)
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        app.dispatch(polled(pygame.KEYDOWN, k))
        app.dispatch(polled(pygame.KEYUP, k))
    assert app.stack.top is table, "Enter and Space deal nothing"
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_a))
    assert isinstance(app.stack.top, SkullKingTable) and app.stack.top is not table


def test_r_or_the_button_watches_the_replay_of_the_game_over_it():
    app = make_app()
    table = skull_king_to_the_end(app)
    ticks(app, DOUBLE_PRESS_S + 0.1)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_r))
    replay = app.stack.top
    assert isinstance(replay, CardReplay) and replay.actions == table.state.history()
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is table
    watch = [w for w in table.widgets.widgets if w.label == "Watch the replay"]
    click(app, watch[-1].rect.center)  # the one under the game's end
    assert isinstance(app.stack.top, CardReplay)


def test_skull_s_end_offers_play_again_too():
    app = make_app()
    seats = [TableSeat("Ann"), TableSeat("Calico", "cautious"), TableSeat("Dot", "bold")]
    table = SkullTable(app, Match(SKULL, SkullOptions(players=3), 4, seats))
    app.stack.push(table)
    finished(table)
    app.tick()
    again = next(w for w in table.widgets.widgets if w.label == "Play again")
    click(app, again.rect.center)
    assert isinstance(app.stack.top, SkullTable) and app.stack.top is not table


def test_the_end_buttons_lie_under_the_end_clear_of_it_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        app = make_app(size)
        table = skull_king_to_the_end(app)
        app.tick()
        box = table.game_over_box()
        ends = [w for w in table.widgets.widgets if w.label in ("Play again", "Watch the replay")]
        ends = [w for w in ends if table.lay().table.contains(w.rect)]
        assert len(ends) == 2
        for w in ends:
            assert w.rect.top > box.bottom + 24 and w.rect.bottom <= size[1] - 8


# --- Enter takes the hint on show ---------------------------------------------------------


def one_person_at(phase: Phase, seed: int = 3):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Calico", "heuristic"), TableSeat("Dot", "heuristic")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), seed, seats))
    table.pool = Inline()
    app.stack.push(table)
    for _ in range(60):
        table.run_bots_now()
        if table.state.phase is phase and table.my_turn():
            break
        table.act(table.state.legal_actions()[0])
    assert table.state.phase is phase and table.my_turn()
    ticks(app, 0.6)
    return app, table


def test_enter_makes_the_hinted_move_and_the_hint_line_says_so():
    for phase in (Phase.BID, Phase.PLAY):
        app, table = one_person_at(phase)
        app.dispatch(polled(pygame.KEYDOWN, pygame.K_h))
        app.dispatch(polled(pygame.KEYUP, pygame.K_h))
        app.tick()
        hint = table.hinted
        assert hint is not None and "Enter takes it" in table.notice
        count = len(table.state.history())
        app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
        assert table.state.history()[count : count + 1] == [hint.action]


def test_enter_follows_the_arrows_once_they_choose_another_card():
    app, table = one_person_at(Phase.PLAY)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_h))
    app.tick()
    hint = table.hinted
    assert hint is not None
    count = len(table.state.history())
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RIGHT))  # the keys choose a card
    code = table.hand_layout()[table.cursor][0]
    ways = table.playable(code)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
    made = table.state.history()[count:]
    assert made == ways[:1] or (not made and len(ways) != 1), "Enter played the chosen card"


def test_a_held_enter_s_repeat_never_takes_the_hint():
    app, table = one_person_at(Phase.PLAY)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))  # held down before the hint came
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_h))
    app.tick()
    assert table.hinted is not None
    count = len(table.state.history())
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))  # its repeat
    assert len(table.state.history()) == count


# --- the pace set with P ------------------------------------------------------------------


def test_the_pace_set_with_p_is_where_the_next_setup_starts():
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Calico", "heuristic")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=2), 3, seats))
    app.stack.push(table)
    table.settle()
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_p))
    assert table.match.pace is Pace.FAST
    choices, problem = load_choices(table.game.key)
    assert problem is None and choices["pace"] == "fast"
    setup = SkullKingSetup(app)
    assert setup.pace is Pace.FAST
    pace_row = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Computer pace")
    assert pace_row.value is Pace.FAST
    # and every other table's setup too: the pace is the player's, not one game's
    from skully_game.scenes.skull.setup import SkullSetup

    assert SkullSetup(app).pace is Pace.FAST


# --- no pass screen to the person still alone at the screen -------------------------------


def two_people(seed: int):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), seed, seats))
    app.stack.push(table)
    return app, table


def ends_and_wins(table) -> str | None:
    """The card of the viewer's hand that ends the trick, wins it, and is not the round's
    last trick (so the viewer leads next), if any."""
    state = table.state
    seat = table.viewer
    if len(state.hands[seat]) < 2:
        return None
    for action in state.legal_actions():
        trial = table.game.replay(state, [*state.history(), action])
        if trial.phase is Phase.PLAY and trial.current_player() == seat and not trial.trick:
            return action
    return None


def test_no_pass_screen_after_one_s_own_trick_ending_card_when_one_leads_next():
    found = 0
    for seed in range(1, 40):
        app, table = two_people(seed)
        for _ in range(200):
            table.run_bots_now()
            if table.over() or table.state.phase is not Phase.PLAY:
                if table.over():
                    break
                table.reveal()
                table.act(table.state.legal_actions()[0])
                continue
            if table.passing is not None:
                table.reveal()
            action = ends_and_wins(table) if table.my_turn() else None
            if action is None:
                table.act(table.state.legal_actions()[0])
                continue
            seat = table.viewer
            table.act(action)
            assert table.public and table.passing is None  # the trick, watched by the desk
            ticks(app, 4.0)  # the trick shown and gathered
            assert table.passing is None, "a pass screen to the person who was at the screen"
            assert table.viewer == seat and not table.public and table.my_turn()
            assert table.hand_layout(), "their hand is back at once"
            found += 1
            break
        if found >= 2:
            break
    assert found >= 2


def test_a_pass_screen_still_comes_once_anyone_else_moved_or_a_round_ended():
    _app, table = two_people(3)
    for _ in range(300):
        table.run_bots_now()
        if table.passing is not None:
            seat = table.passing
            table.reveal()
            assert table.alone == seat
        if table.over():
            break
        mover = table.state.current_player()
        before = table.state.round_index
        table.act(table.state.legal_actions()[0])
        table.settle()
        if table.state.round_index != before:
            assert table.alone is None  # a round's summary: everyone watched
        elif table.state.current_player() != mover:
            assert table.alone is None or table.alone == mover
            if table.state.current_player() in (0, 1):
                assert table.passing is not None or table.state.current_player() == mover

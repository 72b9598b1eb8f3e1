"""A Skip-Bo match across desks (`match_to`) looks as it does at one desk between games and at
its end: each game's summary (but the last: the match's end box says it) shows over that game
as it ended (its last card on its pile, the
header and the log of that game), not over the next deal the server has already made; "Next
game" then shows the deal; the match ends on "Match over" with the server's points, and the
record kept here replays to the same scores."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from skully_game.scenes.cardtable.match import Match
from tests.test_online_cards import seat, server  # noqa: F401  (the fixture)

MATCH = {"stock": 10, "match_to": 150}  # a game scores 125 at most: 2 games or more
PERSON = 0.021  # seconds at least between two of Anne's moves: the server allows 50 a second


def builds(legal: tuple[str, ...]) -> str:
    """A person who builds what they can (the stock first), then discards."""
    for prefix in ("S", "D", "H"):
        for action in legal:
            if action.startswith(prefix) and ">B" in action:
                return action
    return legal[-1]


def test_between_games_and_at_the_end_a_match_online_shows_what_one_desk_shows(server):  # noqa: F811
    desk = seat(server, "skip-bo", options=MATCH)
    table, bea = desk.table, desk.bea
    summaries: list[tuple[Any, Any, list[str]]] = []
    end, acted = time.monotonic() + 60, 0.0
    while not (table.shadow.turn.over and not table.backlog and not table.pending):
        assert time.monotonic() < end, "the match did not finish in time"
        bea.step()
        table.update(0.05)
        table.flights.clear()  # a quick person: every card lands at once
        if table.summary is not None:
            drawn = table.drawn_from()
            lines = table.game.log(drawn, table.viewer, table.told_names())
            summaries.append((table.summary, drawn, lines))
            table.close_summary()  # "Next game"
            assert table.drawn_from() is table.state or table.pending  # the deal comes next
        if table.my_turn() and time.monotonic() > acted + PERSON:
            table.act(builds(table.shadow.turn.legal))
            acted = time.monotonic()
        time.sleep(0.001)
    # a match of several games: each sums up but the last, whose end is the match's one box
    assert len(table.drawn_from().games) >= 2
    assert len(summaries) == len(table.drawn_from().games) - 1
    for k, (summary, drawn, lines) in enumerate(summaries):
        assert summary.title.startswith(f"Game {k + 1}: ")
        assert drawn.game_index == k  # the game as it ended, not the next deal
        record = drawn.games[-1]
        assert record.game_index == k and len(drawn.games) == k + 1
        if record.by == "stock":
            assert all(not drawn.stocks[w] for w in record.winners)  # the last card played
        assert "wins the" in lines[-1] or "fewest" in lines[-1], lines[-4:]  # ends on that game
        assert not any(line.startswith(f"Game {k + 2}:") for line in lines)
    view = table.game_over_view()
    assert view.title == "Match over" and view.unit == ("point", "points")
    assert max(view.scores) >= MATCH["match_to"]
    assert list(view.scores) == list(table.shadow.turn.results["scores"])
    for _ in range(400):  # the whole record, kept here, replays to the same points
        table.update(0.05)
        if table.saved is not None:
            break
        time.sleep(0.01)
    assert table.saved is not None
    match = Match.load(table.adapter, Path(table.saved))
    assert match.game.scores(match.state) == list(view.scores)
    bea.client.close()


def test_the_game_as_it_ended_is_made_only_from_what_this_seat_was_shown(server):  # noqa: F811
    """A move this seat cannot make on its copy leaves the table as it is (never a made-up
    position): ended.py gives up rather than guess."""
    from skully_game.scenes.online.ended import skip_bo_ended

    desk = seat(server, "skip-bo", options=MATCH)
    state = desk.table.state
    assert skip_bo_ended(None, state) is None
    assert skip_bo_ended(state, state) is None  # no game ended between the two
    desk.bea.client.close()


def test_a_game_that_ends_on_another_players_discard_is_shown_as_it_ended():
    """A game of a match can end on a discard (the stalemate, or here the turn limit): the
    discarded card is told by its event, so the seat's copy, whose other hands are made up,
    still shows that game as it ended rather than the next deal."""
    from cards.events import visible
    from cards.skip_bo.options import SkipBoOptions
    from cards.skip_bo.state import SkipBoState, parse
    from skully_game.net.shadow import Shadow
    from skully_game.scenes.online.ended import skip_bo_ended

    options = SkipBoOptions(players=2, stock=10, match_to=150, turn_limit=2)
    real = SkipBoState(options, 5, record=True)
    shadow = Shadow("skip-bo", 0)
    while real.turn == 0:  # my turn: I discard at once
        real.apply_action(next(a for a in real.legal_actions() if ">D" in a))
    discard = next(a for a in real.legal_actions() if ">D" in a)  # the other's last move
    previous = shadow.rebuild(real.observation(0), visible(real.events, 0))
    card = parse(discard)[1]
    made_up = [c for c in range(1, 13) if c != card][:5]
    previous.hands[1] = made_up  # a made-up hand that lacks the card it will discard
    previous.refresh_tops()
    real.apply_action(discard)  # the turn limit ends game 1; game 2 is dealt
    assert real.game_index == 1
    state = shadow.rebuild(real.observation(0), visible(real.events, 0))

    ended = skip_bo_ended(previous, state)
    assert ended is not None
    assert ended.game_index == 0 and len(ended.games) == 1 and ended.games[0].by == "limit"
    pile = parse(discard)[2]
    assert ended.discards[1][pile][-1] == card  # the last card on its pile
    assert ended.hands[0] == previous.hands[0]  # my own hand as it was

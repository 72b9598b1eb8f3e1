"""A Skip-Bo match across desks (`match_to`) looks as it does at one desk between games and at
its end: each game's summary shows over that game as it ended (its last card on its pile, the
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
            drawn = table.drawn()
            lines = table.game.log(drawn, table.viewer, table.told_names())
            summaries.append((table.summary, drawn, lines))
            table.close_summary()  # "Next game"
            assert table.drawn() is table.state or table.pending  # the deal comes next
        if table.my_turn() and time.monotonic() > acted + PERSON:
            table.act(builds(table.shadow.turn.legal))
            acted = time.monotonic()
        time.sleep(0.001)
    assert len(summaries) >= 2  # a match of several games
    for k, (summary, drawn, lines) in enumerate(summaries):
        assert summary.title.startswith(f"Game {k + 1}: ")
        assert drawn.game_index == k  # the game as it ended, not the next deal
        record = drawn.games[-1]
        assert record.game_index == k and len(drawn.games) == k + 1
        if record.by == "stock":
            assert all(not drawn.stocks[w] for w in record.winners)  # the last card played
        assert "wins the" in lines[-1] or "fewest" in lines[-1]  # the log ends on that game
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

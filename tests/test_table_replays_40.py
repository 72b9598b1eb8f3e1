"""Replays draw what their tables drew: Skull King's bids on the seats once revealed, Skull's
turned card held up to be read with its words."""

from __future__ import annotations

import pygame

from cards.skull import SkullOptions
from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull import table as skull_table
from skully_game.scenes.skull_king import bids
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable, TableSeat
from tests.ui_helpers import drawn_texts, key, make_app


def test_a_skull_king_replay_shows_each_seat_s_bid_once_they_are_revealed(monkeypatch):
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "heuristic"), TableSeat("Calico", "strong")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 5, seats))
    app.stack.push(table)
    for _ in range(200):
        table.run_bots_now()
        if table.state.round_index >= 1 and table.state.trick:
            break
        table.act(table.state.legal_actions()[0])
    replay = SkullKingReplay(app, Match.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    last_bid = max(i for i, a in enumerate(replay.actions) if a.startswith("BID"))
    for _ in range(last_bid + 1):
        app.dispatch(key(pygame.K_RIGHT))
    chips: list[int] = []
    real = bids.draw_chip
    monkeypatch.setattr(
        bids, "draw_chip", lambda s, r, bid, large: chips.append(bid) or real(s, r, bid, large)
    )
    app.draw(0.5)
    obs = replay.state.observation(0)
    assert obs.bids_revealed
    assert sorted(chips) == sorted(b + a for b, a in zip(obs.bids, obs.adjustments, strict=True))


def test_a_skull_replay_holds_a_turned_card_up_with_its_words(monkeypatch):
    app = make_app()
    names = ["You", "Anne", "Calico", "Mary"]
    kinds = ["human", "random", "random", "random"]
    match = Match(
        skull_table.GAME,
        SkullOptions(players=4),
        3,
        [TableSeat(n, k) for n, k in zip(names, kinds, strict=True)],
    )
    table = skull_table.SkullTable(app, match)
    app.stack.push(table)
    for _ in range(3000):
        table.run_bots_now()
        if sum(a.startswith("FLIP") for a in table.state.history()) >= 2:
            break
        legal = table.state.legal_actions()
        bids_ = [a for a in legal if a.startswith("BID:")]
        placing = any(a.startswith("PLACE:") for a in legal) and len(bids_) < 6
        table.act(
            next(a for a in legal if a.startswith("PLACE:")) if placing else (bids_ or legal)[-1]
        )
    table.settle()
    replay = skull_table.SkullReplay(app, Match.load(skull_table.GAME, table.match.path))
    app.stack.push(replay)
    flip = next(i for i, a in enumerate(replay.actions) if a.startswith("FLIP"))
    for _ in range(flip + 1):
        app.dispatch(key(pygame.K_RIGHT))
    held = [f for f in replay.flights if isinstance(f, skull_table.ShownTurn)]
    assert len(held) == 1 and held[0].turned() >= 1.0
    texts = drawn_texts(app, monkeypatch)
    assert any(held[0].words.split(":")[0] in t for t in texts), "its words under it"
    app.dispatch(key(pygame.K_RIGHT))
    assert not [f for f in replay.flights if isinstance(f, skull_table.ShownTurn) and f is held[0]]


def test_a_replay_s_log_says_you_for_the_person_who_played_whichever_hand_is_shown():
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "heuristic"), TableSeat("Calico", "strong")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 5, seats))
    app.stack.push(table)
    for _ in range(200):
        table.run_bots_now()
        if table.state.round_index >= 1 and table.state.trick:
            break
        table.act(table.state.legal_actions()[0])
    replay = SkullKingReplay(app, Match.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_2))  # Anne's hand shown
    for _ in range(len(replay.actions)):
        app.dispatch(key(pygame.K_RIGHT))
    lines = " ".join(text for text, _ in replay.log_rows(2000))
    assert "You play" in lines and '"You"' not in lines

"""Skip-Bo's strong computer player: it plans the turn, plays its stock before anything else,
keeps the next player off their stock, keeps wilds for its own, plays for its partner, and
decides from its own view only."""

from __future__ import annotations

import random

from cards.skip_bo import GAME, SkipBoOptions, SkipBoState, make_bot
from cards.skip_bo.strong import StrongBot

QUICK = dict(GAME.quick_bots["strong"])
EMPTY = [[[], [], [], []] for _ in range(4)]


def _position(options: SkipBoOptions | None = None, **setup) -> SkipBoState:
    """A fresh game with some piles set by hand (seat 0 to act)."""
    state = SkipBoState(options or SkipBoOptions(), 1)
    for name, value in setup.items():
        setattr(state, name, value)
    state.refresh_tops()  # piles set by hand: the tops views hand out follow
    return state


def _act(state: SkipBoState, seed: int = 0, **settings: float) -> str:
    bot = make_bot("strong", random.Random(seed), **{**QUICK, **settings})
    return bot.act(state.observation(state.current_player()), state.legal_actions())


def test_strong_plays_its_stock_before_cards_it_could_play_after():
    state = _position(
        hands=[[5, 6, 10, 10, 12], [], [], []],
        build=[[1, 2, 3, 4], [0] * 7, [], [0] * 11],
        stocks=[[9, 5], [3], [1], [4]],
    )
    assert _act(state) == "S0>B0"


def test_strong_finds_a_chain_through_a_discard_pile_to_its_stock():
    # 4 from the hand, then the discard pile's 5 and the 6 beneath it, reach the stock's 7
    state = _position(
        hands=[[4, 9, 10, 11, 12], [], [], []],
        build=[[1, 2, 3], [], [], []],
        stocks=[[2, 7], [12], [12], [12]],
        discards=[[[6, 5], [], [], []], *EMPTY[1:]],
    )
    played = []
    while state.current_player() == 0 and played[-1:] != ["S0>B0"]:
        played.append(_act(state))
        state.apply_action(played[-1])
    assert played == ["H4>B0", "D0.0>B0", "D0.0>B0", "S0>B0"]


def test_strong_does_not_hand_the_next_player_their_stock():
    # the 4 fits, but it would bring pile A to 5, the next player's stock top; build-first
    # plays it anyway
    state = _position(
        hands=[[4, 9, 9, 11, 12], [], [], []],
        build=[[1, 2, 3], [], [], []],
        stocks=[[8, 10], [2, 5], [12], [12]],
    )
    assert _act(state) != "H4>B0"
    bf = make_bot("build-first", random.Random(0))
    assert bf.act(state.observation(0), state.legal_actions()) == "H4>B0"


def test_strong_keeps_its_wilds_unless_they_reach_its_stock():
    far = _position(
        hands=[[0, 0, 9, 10, 11], [], [], []],
        build=[[1, 2], [], [], []],
        stocks=[[8, 9], [12], [12], [12]],
    )
    assert not _act(far).startswith("HW>")
    near = _position(
        hands=[[0, 2, 9, 10, 11], [], [], []],
        build=[[1], [], [], []],
        stocks=[[8, 4], [12], [12], [12]],
    )
    # 2, then the wild as 3, reach the stock's 4
    assert _act(near) in ("H2>B0", "HW>B0")


def test_strong_plays_its_partners_stock_in_a_partnership():
    state = _position(
        SkipBoOptions(players=4, partners=True),
        hands=[[9, 9, 10, 11, 12], [], [], []],
        build=[[1, 2], [], [], []],
        stocks=[[8, 7], [12], [5, 3], [12]],
    )
    assert _act(state) == "S2>B0"


def test_strong_decides_from_its_view_alone():
    """Two games that differ only in what seat 0 cannot see: the same choice, every time."""
    a = SkipBoState(SkipBoOptions(), 11)
    b = SkipBoState(SkipBoOptions(), 11)
    b.hands[1], b.draw[-4:] = b.draw[-4:], b.hands[1]  # another hand for seat 1
    b.stocks[2][0], b.stocks[3][0] = b.stocks[3][0], b.stocks[2][0]  # stocks below their tops
    for seed in range(3):
        assert _act(a, seed) == _act(b, seed)


def test_strong_is_reproducible_and_plans_a_quiet_turn_once(monkeypatch):
    state = SkipBoState(SkipBoOptions(), 5)
    bots = [make_bot("strong", random.Random(p), **QUICK) for p in range(4)]
    searches = []
    real = StrongBot._search

    def counted(self, obs):
        searches.append(obs.turn_count)
        return real(self, obs)

    monkeypatch.setattr(StrongBot, "_search", counted)
    actions, choices = [], 0
    while not state.is_terminal() and len(actions) < 300:
        seat = state.current_player()
        legal = state.legal_actions()
        choices += len(legal) > 1
        actions.append(bots[seat].act(state.observation(seat), legal))
        state.apply_action(actions[-1])
    planned = len(searches)
    again = SkipBoState(SkipBoOptions(), 5)
    bots = [make_bot("strong", random.Random(p), **QUICK) for p in range(4)]
    for action in actions:
        seat = again.current_player()
        assert bots[seat].act(again.observation(seat), again.legal_actions()) == action
        again.apply_action(action)
    # a search per turn and reveal: well under one per decision with a choice
    assert planned < 0.8 * choices


def test_the_strong_player_plans_a_turn_that_ends_a_game_of_a_match():
    """A match to 250 where the strong player can empty its stock this turn: its rollouts stop
    where the game ends (the next game is dealt at once) instead of playing on into it."""
    import json
    from pathlib import Path

    from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot

    game = json.loads(
        (Path(__file__).parent / "data/skip_bo/match-last-stock-card.json").read_text()
    )
    state = SkipBoState.replay(SkipBoOptions(**game["options"]), game["seed"], game["actions"])
    seat = state.current_player()
    for seed in range(3):
        action = make_bot("strong", random.Random(seed)).act(
            state.observation(seat), state.legal_actions()
        )
        assert state.is_legal(action)

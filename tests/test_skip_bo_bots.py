"""Skip-Bo's computer players: build-first plays its stock, plays towards it, keeps its wilds,
discards into runs, and beats random play."""

from __future__ import annotations

import random

import pytest

from cards.selfplay import BotSpec, Match, run_match, summarize
from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot


def _position(**setup) -> SkipBoState:
    """A fresh four-player game with some piles set by hand (seat 0 to act)."""
    state = SkipBoState(SkipBoOptions(), 1)
    for name, value in setup.items():
        setattr(state, name, value)
    state.refresh_tops()  # piles set by hand: the tops views hand out follow
    return state


def _act(state: SkipBoState) -> str:
    bot = make_bot("build-first", random.Random(0))
    return bot.act(state.observation(0), state.legal_actions())


def test_build_first_plays_its_stock_top_when_it_can():
    state = _position(
        hands=[[2, 3, 9, 10, 11], [], [], []],
        build=[[1, 2], [], [], []],
        stocks=[[5, 3], [4], [4], [4]],
    )
    assert _act(state) == "S0>B0"


def test_build_first_plays_towards_its_stock_and_keeps_the_wild_otherwise():
    state = _position(
        hands=[[0, 2, 9, 10, 11], [], [], []],
        build=[[1], [], [], []],
        stocks=[[5, 4], [7], [7], [7]],
    )
    # 2 from the hand, then a wild for the 3, reaches the stock's 4: the 2 comes first
    assert _act(state) == "H2>B0"
    far = _position(
        hands=[[0, 9, 10, 11, 12], [], [], []],
        build=[[1, 2, 3, 4], [], [], []],
        stocks=[[5, 8], [7], [7], [7]],
    )
    # the stock's 8 needs 5, 6 and 7: one wild cannot do it, so the wild is kept
    assert not _act(far).startswith("HW>")


def test_build_first_discards_high_into_a_run():
    state = _position(
        hands=[[3, 4, 9, 10, 11], [], [], []],
        build=[[1, 2, 3, 4, 5, 6], [], [], []],
        stocks=[[5, 12], [7], [7], [7]],
        discards=[[[12], [8], [], []], [[], [], [], []], [[], [], [], []], [[], [], [], []]],
    )
    assert _act(state) == "H11>D0"


def test_build_first_beats_random_play():
    match = Match(
        "skip-bo",
        SkipBoOptions(players=4),
        3,
        (BotSpec("build-first", "build-first", {}), *(BotSpec("random", "random", {}),) * 3),
    )
    summary = summarize(match, run_match(match, 60), 1.0)
    first = next(r for r in summary["results"] if r["bot"] == "build-first")
    assert first["ci95"][0] > 0.25


def test_random_players_games_end_and_self_play_says_how():
    """Random play seldom builds, so its games end by the stalemate ruling (or a turn limit),
    and self-play reports the share of games each way ended, in JSON and in words."""
    from skully_game.cli.selfplay import game_means

    match = Match("skip-bo", SkipBoOptions(players=4), 1, (BotSpec("random", "random", {}),) * 4)
    summary = summarize(match, run_match(match, 12), 1.0)
    shares = [summary[f"mean_by_{way}"] for way in ("stock", "stalemate", "turn_limit")]
    assert sum(shares) == pytest.approx(1.0) and summary["mean_by_stalemate"] > 0.5
    words = game_means(summary)
    assert words.startswith("a game on average: ") and " turns, " in words
    assert f"stalemate {summary['mean_by_stalemate'] * 100:.0f} %" in words


def test_build_first_names_only_legal_actions_under_every_rule_set():
    """It names its actions from the engine's tables without the legal list: every one of them
    must still be legal, in pairs, the 1980 edition and every seat count."""
    from cards.skip_bo.options import random_options

    for g in range(60):
        rng = random.Random(g)
        options = random_options(rng)
        state = SkipBoState(options, g)
        bots = [make_bot("build-first", random.Random(p)) for p in range(options.players)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].act(state.observation(seat), legal)
            assert action in legal, (options, action)
            state.apply_action(action)


def _build_first_in_plain_words(obs, legal) -> str:
    """The heuristic as a person states it, in plain loops: the bot's bit masks must choose
    exactly as this does."""
    W = 0  # a SKIP-BO card
    needs, wild_ok, hand = obs.needs, obs.wild_ok, obs.hand
    sources, discard_tops = obs.sources, obs.discard_tops
    for seat in sources:  # 1. a stock top that fits, own stock first
        top = obs.stock_tops[seat]
        for i in range(4):
            if top is not None and (wild_ok[i] if top == W else top == needs[i]):
                return f"S{seat}>B{i}"
    at_hand = {c for c in hand if c != W} | {t for s in sources for t in discard_tops[s] if t}
    wilds = hand.count(W)
    for seat in sources:  # 2. the first play of a chain up to a stock top
        top = obs.stock_tops[seat]
        if not top:
            continue
        for i in range(4):
            need = needs[i]
            if need >= top or len(set(range(need, top)) - at_hand) > wilds:
                continue
            for s in sources:
                for k, t in enumerate(discard_tops[s]):
                    if t == need:
                        return f"D{s}.{k}>B{i}"
            if need in hand:
                return f"H{need}>B{i}"
            if wilds and wild_ok[i]:
                return f"HW>B{i}"
    for seat in sources:  # 3. a discard top
        for k, t in enumerate(discard_tops[seat]):
            for i in range(4):
                if t and t == needs[i]:
                    return f"D{seat}.{k}>B{i}"
    for i in range(4):  # 4. a number from the hand
        if needs[i] in hand:
            return f"H{needs[i]}>B{i}"
    if W in hand:  # 5. a wild that bridges a gap to a number at hand, or plays the hand out
        for i in range(4):
            if wild_ok[i] and needs[i] < 12 and needs[i] + 1 in at_hand:
                return f"HW>B{i}"
        if set(hand) == {W} and any(wild_ok):
            return f"HW>B{wild_ok.index(True)}"
    if not hand:
        return "END" if "END" in legal else legal[0]
    best, choice = None, ""  # 6. discard: high, into a run, else empty, else highest pile
    for card in dict.fromkeys(hand):
        value = 13 if card == W else card
        for k, top in enumerate(discard_tops[obs.player]):
            if top is None:
                fit = 2
            elif top != W and top == value + 1:
                fit = 3
            elif top != W and top >= value:
                fit = 1
            else:
                fit = 0
            score = (-100 if card == W else 0, fit, value * 20 + (top or 0))
            if best is None or score > best:
                best, choice = score, f"H{'W' if card == W else card}>D{k}"
    return choice


def test_build_first_chooses_as_the_heuristic_in_plain_words():
    """Positions from real games and random piles, in pairs too: the same choice every time."""
    rng = random.Random(11)
    bot = make_bot("build-first", random.Random(0))
    checked = 0
    for g in range(40):
        options = SkipBoOptions(players=4, partners=g % 2 == 1, edition_1980=g % 4 == 2)
        state = SkipBoState(options, g)
        if g >= 20:  # random piles: odd hands, wilds on tops, long discard piles
            cards = [rng.randrange(13) for _ in range(80)]
            state.hands = [sorted(cards[i * 5 : i * 5 + rng.randint(0, 5)]) for i in range(4)]
            state.stocks = [[rng.randrange(13)] for _ in range(4)]
            state.discards = [
                [[rng.randrange(13) for _ in range(rng.choice((0, 0, 1, 3)))] for _ in range(4)]
                for _ in range(4)
            ]
            state.build = [list(range(1, rng.randint(1, 12))) for _ in range(4)]
            state.refresh_tops()
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            action = bot.act(obs, legal)
            assert action == _build_first_in_plain_words(obs, legal)
            checked += 1
            state.apply_action(action)
    assert checked > 5_000


def test_self_play_plays_the_game_the_checked_api_plays_and_refuses_a_cheat():
    """Skip-Bo's own self-play loop plays the same games as the generic one, and a bot that
    names an illegal action is refused before the game changes."""
    from cards.bots import play_out
    from cards.engine import GameState, IllegalActionError

    rule_sets = (
        SkipBoOptions(),
        SkipBoOptions(players=4, partners=True),
        SkipBoOptions(players=3, edition_1980=True),
        SkipBoOptions(players=2, stock=10, match_to=100),
    )
    for g, options in enumerate(rule_sets):
        names = ("build-first", "random", "build-first", "random")[: options.players]
        fast = play_out(
            SkipBoState(options, g), [make_bot(n, random.Random(p)) for p, n in enumerate(names)]
        )
        slow = GameState.play_bots(  # the generic loop: apply_action for every choice
            SkipBoState(options, g),
            [make_bot(n, random.Random(p)) for p, n in enumerate(names)],
            [True] * options.players,
        )
        assert fast.history() == slow.history() and fast.returns() == slow.returns()

    class Cheat:
        reads_legal = False

        def act(self, obs, legal):
            return "S0>B0"  # seat 0's stock: not this seat's to play

    state = SkipBoState(SkipBoOptions(players=2), 5)
    with pytest.raises(IllegalActionError, match="'S0>B0' is not legal for seat 1"):
        play_out(state, [make_bot("build-first", random.Random(0)), Cheat()])
    assert state.current_player() == 1 and state.history()[-1].startswith("H")  # seat 0's discard
    # Nothing of the refused play happened: the state is the one its history rebuilds.
    again = SkipBoState.replay(state.options, state.seed, state.history())
    assert again.stocks == state.stocks and again.observation(1) == state.observation(1)

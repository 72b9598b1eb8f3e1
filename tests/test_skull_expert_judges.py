"""Issue 40: Skull's Expert bids only what it can likely turn, and bluffs on its own Skull only
when that pays (a play-tester saw it bluff on a 1-card stack and bid 5 of 6 on its last card);
the characters vary their placements and remember who trapped a Challenger."""

from __future__ import annotations

import random

from cards.skull import SkullOptions, SkullState
from cards.skull.bots import BOLD, Seen, StrongBot, judged_bids, make_bot, odds, trap_counts
from cards.skull.cards import is_skull
from cards.skull.rounds import Outcome, Phase, RoundRecord


def _placed(players: int, skull: bool, keep: int = 4, seed: int = 5) -> SkullState:
    """Everyone has laid their first card: seat 0 its Skull (or a Flower), the others a Flower;
    seat 0 keeps `keep` cards (the rest lost in earlier rounds)."""
    state = SkullState(SkullOptions(players=players), seed)
    hand = state.hands[0]
    kept = sorted(hand, key=lambda c: not is_skull(c))[:keep] if skull else hand[-keep:]
    state.lost[0] = [c for c in hand if c not in kept]
    state.hands[0] = kept
    while state.phase is Phase.FIRST:
        seat = state.current_player()
        want = seat == 0 and skull
        code = next(c for c in state.hands[seat] if is_skull(c) == want)
        state.apply_action(f"PLACE:{code}")
    return state


def _bids(state: SkullState) -> list[str]:
    return [f"BID:{b}" for b in range(1, state.on_table() + 1)]


def test_no_bluff_on_a_lone_skull_at_three_seats() -> None:
    """Two others to raise it seldom do: a called bluff costs a card, so no bid at all."""
    state = _placed(3, skull=True)
    assert judged_bids(state.observation(0), _bids(state), ()) == []


def test_a_low_bluff_with_three_others_to_raise_it_pays_with_four_cards() -> None:
    state = _placed(4, skull=True)
    assert "BID:1" in judged_bids(state.observation(0), _bids(state), ())


def test_never_a_bluff_staked_on_one_of_its_last_two_cards() -> None:
    state = _placed(4, skull=True, keep=2)
    assert judged_bids(state.observation(0), _bids(state), ()) == []


def test_on_its_last_card_it_bids_only_its_own_flower() -> None:
    """A Flower alone on its stack: bid 1 is sure; bid 2 counts on another's 1-card stack,
    fair with four cards left, too risky with its last."""
    full = _placed(3, skull=False)
    assert "BID:2" in judged_bids(full.observation(0), _bids(full), ())
    last = _placed(3, skull=False, keep=1)
    assert judged_bids(last.observation(0), _bids(last), ()) == ["BID:1"]


def _trap(challenger: int, owner: int) -> RoundRecord:
    revealed = ((challenger, "2C"), (owner, "5D"), (owner, "KS"))
    return RoundRecord(0, 0, challenger, 3, revealed, Outcome.OTHER_SKULL, owner)


def test_a_player_who_trapped_twice_is_suspected_even_by_bold() -> None:
    rounds = [_trap(0, 2), _trap(1, 2)]
    assert trap_counts(rounds, 3) == [0, 0, 2]
    seen = Seen(
        me=0, phase=Phase.PLACE, hand=(), stack=("2C",), heights=(1, 1, 1), flipped=(0, 0, 0),
        bid=0, open_bid=False, gone=(False,) * 3, bidders=(), bluff=(0.2,) * 3,
        skulls=(0.4,) * 3, left=(4, 4, 4), traps=trap_counts(rounds, 3),
    )  # fmt: skip
    assert odds(BOLD, seen, 1) < 0.45
    assert odds(BOLD, seen, 2) >= 0.7


def test_cautious_does_not_lay_the_same_flower_every_round() -> None:
    state = SkullState(SkullOptions(players=3), 11)
    seat = state.current_player()
    obs, legal = state.observation(seat), state.legal_actions()
    flowers = set()
    for k in range(30):
        action = make_bot("cautious", random.Random(k)).act(obs, legal)
        if not is_skull(action[6:]):
            flowers.add(action)
    assert len(flowers) >= 2


def test_expert_chooses_what_to_lose_after_its_own_skull() -> None:
    state = _placed(3, skull=True)
    while state.phase is not Phase.DISCARD:
        seat = state.current_player()
        if state.phase is Phase.PLACE:
            flower = next(c for c in state.hands[seat] if not is_skull(c))
            state.apply_action("BID:1" if seat == 0 else f"PLACE:{flower}")
        else:
            state.apply_action("PASS" if state.phase is Phase.BID else "FLIP:0")
    legal = state.legal_actions()
    assert len(legal) > 1
    bot = StrongBot(random.Random(1), rollouts=24, min_samples=4)
    assert bot.act(state.observation(0), legal) in legal

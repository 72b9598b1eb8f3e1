"""Scoring from the seed (sections 5, 6) and the design note, one rule per test."""

from __future__ import annotations

from cards.skull_king import Mode, Scoring, score_round

SK = Scoring.SKULL_KING
RASCAL = Scoring.RASCAL


def one(
    bid: int,
    tricks: int,
    cards: int = 10,
    captures: int = 0,
    scoring: Scoring = SK,
    mode: Mode | None = None,
    wager: int = 0,
) -> int:
    modes = [mode] if mode else []
    return score_round(scoring, cards, [bid], [tricks], [captures], [], [wager], modes)[0].total


def test_successful_bid_20_per_trick() -> None:
    """Seed: bid 3 and won 3 = 60 pts."""
    assert one(3, 3) == 60


def test_failed_bid_minus_10_per_trick_of_difference() -> None:
    assert one(2, 4) == -20
    assert one(4, 1) == -30


def test_failed_bid_scores_nothing_for_won_tricks_or_bonuses() -> None:
    assert one(2, 3, captures=50) == -10


def test_zero_bid_made_10_times_cards_dealt() -> None:
    """Seed: round 7 successful at zero = 70 pts."""
    assert one(0, 0, cards=7) == 70


def test_zero_bid_failed_minus_10_times_cards_dealt() -> None:
    """Seed: round 9 failed = -90 pts."""
    assert one(0, 2, cards=9) == -90


def test_zero_bid_uses_cards_dealt_not_round_number() -> None:
    """Design note: Blitz deals 5 every round, so a zero is worth 50 in its first round too."""
    assert one(0, 0, cards=5) == 50


def test_bonuses_only_with_exact_bid() -> None:
    assert one(2, 2, captures=70) == 110
    assert one(2, 1, captures=70) == -10


def test_zero_bid_made_keeps_loot_bonus() -> None:
    lines = score_round(SK, 4, [0, 1], [0, 1], [0, 0], [(0, 1)], [0, 0])
    assert [line.total for line in lines] == [40 + 20, 20 + 20]


def test_loot_bonus_needs_both_bids_exact() -> None:
    lines = score_round(SK, 4, [0, 2], [0, 1], [0, 0], [(0, 1)], [0, 0])
    assert lines[0].loot == 0 and lines[1].loot == 0


def test_loot_bonus_in_rascal_scoring_too() -> None:
    lines = score_round(RASCAL, 4, [0, 1], [0, 1], [0, 0], [(0, 1)], [0, 0])
    assert lines[0].loot == 20 and lines[1].loot == 20


def test_rascal_direct_hit_all_of_10_per_card() -> None:
    assert one(3, 3, cards=6, scoring=RASCAL) == 60


def test_rascal_glancing_blow_half() -> None:
    assert one(3, 4, cards=6, scoring=RASCAL) == 30
    assert one(0, 1, cards=6, scoring=RASCAL) == 30


def test_rascal_complete_failure_nothing() -> None:
    assert one(3, 5, cards=6, scoring=RASCAL) == 0


def test_rascal_bonuses_scale_like_the_round() -> None:
    assert one(2, 2, cards=4, captures=30, scoring=RASCAL) == 40 + 30
    assert one(2, 3, cards=4, captures=30, scoring=RASCAL) == 20 + 15
    assert one(2, 4, cards=4, captures=30, scoring=RASCAL) == 0


def test_cannonball_15_per_card_if_exact() -> None:
    assert one(2, 2, cards=4, scoring=RASCAL, mode=Mode.CANNONBALL) == 60


def test_cannonball_nothing_when_off_by_one() -> None:
    assert one(2, 3, cards=4, captures=30, scoring=RASCAL, mode=Mode.CANNONBALL) == 0


def test_buckshot_is_standard_rascal() -> None:
    assert one(2, 3, cards=4, scoring=RASCAL, mode=Mode.BUCKSHOT) == 20


def test_rascal_the_gambler_wager_won_with_exact_bid_lost_otherwise() -> None:
    assert one(1, 1, wager=20) == 40
    assert one(1, 2, wager=10) == -20

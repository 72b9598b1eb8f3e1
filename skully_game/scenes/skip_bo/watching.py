"""Skip-Bo watched by a spectator: seat 0's hand made up from the cards nobody has seen (a
spectator's table draws no hand: scenes/online/publicgame.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from skully_game.scenes.online.publicgame import PERSPECTIVE


def fill(data: dict[str, Any], rng: random.Random) -> None:
    """Seat 0's hand: as many numbers as it holds, from the cards no one has seen."""
    from cards.skip_bo.cards import WILD, deck

    options = data["options"]
    wilds = options.get("wilds") if isinstance(options, dict) else None
    unseen = Counter(deck(wilds) if isinstance(wilds, int) else deck())
    for piles in data.get("discards") or []:
        for pile in piles:
            unseen.subtract(pile)
    for pile in data.get("build") or []:
        unseen.subtract(pile)
    unseen.subtract(t for t in data.get("stock_tops") or [] if t is not None)
    pool = sorted(unseen.elements())
    size = int((data.get("hand_sizes") or [0])[PERSPECTIVE])
    hand = sorted(rng.sample(pool, min(size, len(pool))))
    side = next((list(s) for s in data.get("sides") or [] if PERSPECTIVE in s), [PERSPECTIVE])
    sources = [PERSPECTIVE, *(s for s in side if s != PERSPECTIVE)]
    bits = 0
    for card in hand:
        bits |= 0 if card == WILD else 1 << card
    data.update(hand=hand, hand_bits=bits, sources=sources)
    data["at_a_glance"] = [
        PERSPECTIVE, sources, data["needs"], data["needs_bits"], data["wild_ok"],
        data["stock_tops"], data["discard_tops"], data["discard_bits"], hand, bits,
    ]  # fmt: skip


FILL = fill

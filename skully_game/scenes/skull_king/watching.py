"""Skull King watched by a spectator: seat 0's hand made up from the cards nobody has seen
played (a spectator's table draws no hand: scenes/online/publicgame.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from skully_game.scenes.online.publicgame import PERSPECTIVE


def fill(data: dict[str, Any], rng: random.Random) -> None:
    """Seat 0's hand: as many cards as it holds, from those nobody has seen played."""
    from cards.skull_king.cards import HELD, deck, sort_hand

    options = data["options"]
    advanced = bool(options.get("advanced_cards")) if isinstance(options, dict) else False
    unseen = Counter(deck(advanced))
    for record in data.get("tricks") or []:
        plays = record.get("plays") if isinstance(record, dict) else record[0]
        unseen.subtract(HELD.get(str(card), str(card)) for _, card in plays)
    unseen.subtract(HELD.get(str(card), str(card)) for _, card in data.get("trick") or [])
    pool = sorted(unseen.elements())
    size = int((data.get("hand_sizes") or [0])[PERSPECTIVE])
    data["hand"] = sort_hand(rng.sample(pool, min(size, len(pool))))
    data.update(my_discards=[], undealt_seen=None, undealt_seen_at=-1)


FILL = fill

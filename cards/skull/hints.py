"""Why a Skull move is good, in one line for the person who asked for a hint.

Read from that seat's `Observation` alone (their hand, their own stack, what lies face up and
what everyone heard), never from the state: a hint tells a person nothing they could not know.
"""

from __future__ import annotations

from cards.skull.bots import clean_run
from cards.skull.cards import describe, is_skull
from cards.skull.rounds import Phase
from cards.skull.state import Observation


def _cards(n: int, word: str = "card") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _own(n: int) -> str:
    """'your own Flower', 'your own 2 Flowers'."""
    return "your own Flower" if n == 1 else f"your own {n} Flowers"


def move_words(action: str) -> str:
    """An action as a player says it: 'Bid 2', 'Place the 7 of clubs', 'Turn your own stack'."""
    kind, _, arg = action.partition(":")
    if kind == "BID":
        return f"Bid {arg}"
    if kind == "PLACE":
        return f"Place {_card(arg)}"
    if kind == "DISCARD":
        return f"Lose {_card(arg)}"
    if kind == "FLIP":
        return "Turn the lit stack's top card"
    if kind == "DRAW":
        return "Draw a card"
    if kind == "HOLD":
        return "Let the bid stand"
    if kind == "PASS":
        return "Pass"
    return action


def _card(code: str) -> str:
    return "your Skull" if is_skull(code) else f"a Flower (the {describe(code)})"


def hint_words(obs: Observation, action: str) -> str:
    """One line: the move, then why, from what `obs` shows."""
    kind, _, arg = action.partition(":")
    head = move_words(action)
    stack = obs.my_stack
    run = clean_run(stack)
    clean = run == len(stack)
    if kind == "PLACE":
        if is_skull(arg):
            if obs.phase is Phase.FIRST:
                # (a Challenger turns their own stack first, then chooses whose to turn)
                return f"{head} first: it stops any other Challenger who turns your stack"
            return f"{head}: a trap on top for any other Challenger who turns your stack"
        sure = run + 1 if clean else 0
        if sure:
            return f"{head}: then you can turn {_cards(sure, 'Flower')} of your own for sure"
        return f"{head}: over your Skull, a Flower you can turn before it is reached"
    if kind == "BID":
        bid = int(arg)
        if clean and bid <= run:
            return f"{head}: you can turn {_own(bid)} first"
        if clean:
            more = bid - run
            own = f"{_own(run)}, then " if run else ""
            return f"{head}: {own}{_cards(more)} from the stacks that look safest"
        if run and bid <= run:
            return f"{head}: your top {_cards(bid, 'Flower')} cover it, and your Skull waits"
        return f"{head}: a bluff; your Skull waits for anyone who outbids you and turns your stack"
    if kind in ("PASS", "HOLD"):
        nxt = obs.bid + 1
        if not clean and nxt > run:
            return f"{head}: you would turn your own Skull before {_cards(nxt)}"
        return f"{head}: {_cards(nxt)} without a Skull is more than you can count on"
    if kind == "FLIP":
        seat = int(arg)
        if seat == obs.player:
            return "Turn your own stack first: the rules make you, and your Flowers are sure"
        if obs.skull_gone[seat]:
            return f"{head}: its owner's Skull is known to be gone, so it is safe"
        if obs.bidder == seat:
            return f"{head}: its owner bid this round, so it is likely Flowers"
        if obs.flipped[seat]:
            return f"{head}: Flowers came off it already"
        return f"{head}: of the stacks left it looks the least likely to hide a Skull"
    if kind == "DISCARD":
        if is_skull(arg):
            return f"{head}: you keep more Flowers to bid on safely"
        return f"{head}: keep your Skull to stop any other Challenger who turns your stack"
    if kind == "DRAW":
        return f"{head}: they lie shuffled and face down, so any one is as good"
    return head


__all__ = ["hint_words", "move_words"]


def safer(obs: Observation, legal: tuple[str, ...], action: str) -> str:
    """The move a hint offers a person: the strong player's, unless it stakes a card on a
    bluff (a bid past one's own Flowers with one's Skull in one's stack: if nobody raises,
    one turns it oneself), stakes one's last card on others' stacks, or counts on more than one
    of others' cards (then a bid of one more than one's own Flowers, if it may be made). The strong player makes
    such bids well against computer players who read its habits; a person who follows a hint
    trusts it to be safe (a play-test followed hints out of the game). Then: pass, or place a
    Flower, or place, or the least bid."""
    kind, _, arg = action.partition(":")
    if kind != "BID":
        return action
    bid, stack = int(arg), obs.my_stack
    run = clean_run(stack)
    bluff = run < len(stack) and bid > run
    last_card = obs.cards_left[obs.player] <= 1 and bid > run
    if not (bluff or last_card):
        if bid <= run + 1:
            return action
        # it counts on two or more of others' cards: one at most, else pass or place (a
        # play-test's first bid of 3 over three stacks of one card lost a card, as did the
        # hint's next three bids)
        lower = f"BID:{run + 1}"
        if lower in legal:
            return lower
    if "PASS" in legal:
        return "PASS"
    places = [a for a in legal if a.startswith("PLACE:")]
    flowers = [a for a in places if not is_skull(a.partition(":")[2])]
    if flowers or places:
        return (flowers or places)[0]
    bids = [a for a in legal if a.startswith("BID:")]
    return min(bids, key=lambda a: int(a.partition(":")[2])) if bids else action

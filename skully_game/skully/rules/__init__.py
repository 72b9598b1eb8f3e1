"""The Skully rules as pure reducers: no pygame, no physics stepping (architecture habit 1).

A game: `new_game` -> `place_cap` for each player behind the start line -> for each shot,
`shot_setup` + physics `simulate` + `shot_facts` -> `apply_shot`, then whatever decision is
pending (`place_cap`, `choose_keep`) or offered (`place_cap`, `switch_cap`). See
docs/judge-format.md for the rulings as data.
"""

from __future__ import annotations

from dataclasses import replace

from cards.engine import shuffled  # the one seeded shuffle of every game (habit 8)
from skully_game.skully.geometry import Board
from skully_game.skully.rules.areas import Area
from skully_game.skully.rules.course import (
    COURSE,
    KILLER,
    Direction,
    Stop,
    StopKind,
    going_for_label,
    step_going_for,
)
from skully_game.skully.rules.decisions import (
    allowed_area,
    choose_keep,
    place_cap,
    placement_for,
    placement_problem,
    prompt,
    spot_for,
    suggested_spot,
    switch_cap,
)
from skully_game.skully.rules.events import KIND, Event, event_to_dict
from skully_game.skully.rules.facts import ShotFacts, ShotSetup, shot_facts, shot_setup
from skully_game.skully.rules.io import state_from_dict, state_to_dict
from skully_game.skully.rules.options import (
    OPTION_PRESETS,
    HitAKiller,
    RuleOptions,
    options_from_dict,
    options_preset,
    options_to_dict,
)
from skully_game.skully.rules.shot import apply_shot
from skully_game.skully.rules.state import (
    Decision,
    DecisionKind,
    GameState,
    Player,
    RuleError,
    Stats,
    Target,
    new_game,
    status,
    target,
)
from skully_game.skully.rules.turns import begin_turn


def start_turn(state: GameState, options: RuleOptions, board: Board, player: int) -> GameState:
    """A state at the start of `player`'s turn (offers worked out): for tests, tools, the judge."""
    return begin_turn(replace(state, pending=(), turn_ends=False), options, board, player, [])


__all__ = [
    "COURSE",
    "KILLER",
    "KIND",
    "OPTION_PRESETS",
    "Area",
    "Decision",
    "DecisionKind",
    "Direction",
    "Event",
    "GameState",
    "HitAKiller",
    "Player",
    "RuleError",
    "RuleOptions",
    "ShotFacts",
    "ShotSetup",
    "Stats",
    "Stop",
    "StopKind",
    "Target",
    "allowed_area",
    "apply_shot",
    "choose_keep",
    "event_to_dict",
    "going_for_label",
    "new_game",
    "options_from_dict",
    "options_preset",
    "options_to_dict",
    "place_cap",
    "placement_for",
    "placement_problem",
    "prompt",
    "shot_facts",
    "shot_setup",
    "shuffled",
    "spot_for",
    "start_turn",
    "state_from_dict",
    "state_to_dict",
    "status",
    "step_going_for",
    "suggested_spot",
    "switch_cap",
    "target",
]

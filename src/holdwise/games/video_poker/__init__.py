"""Video poker's public face: cards, pay tables, a hand's hint, a whole game's return, the play session.

    >>> from holdwise.games import video_poker as vp
    >>> vp.hint("AS KS QS JS 9D").best.option
    'As Ks Qs Js'
    >>> round(vp.game_return("jacks-or-better-9-6").return_value, 8)
    0.99543904

A hand is five cards in dealt order, as text ("As Ks Qs Js 9d"; `10h`, `A♠`, `Jk` accepted) or a
list; a hold is the positions 1-5 kept, in dealt order. Values are expected returns per coin bet.
"""

from __future__ import annotations

from ...solver import fraction_str
from . import evaluator, solver
from .analysis import (
    MEASURE,
    GameInfo,
    GamesList,
    ReturnReport,
    ReturnRow,
    game_return,
    games,
    hint,
)
from .cards import JOKER, card_str, hand_str, parse_card, parse_hand, parse_hold
from .paytables import (
    DEFAULT_GAME,
    HAND_KINDS,
    MAX_COINS,
    PayTable,
    all_games,
    get_game,
    hand_label,
    load_games,
    pay_text,
    resolve_game,
    shipped_games,
)
from .session import (
    DECISION_MEASURE,
    actions,
    advice,
    computer_action,
    new_game,
    parse_action,
    paytable_of,
    step,
)
from .solver import analyze_hand, solve_game

KERNEL_MODULES = (evaluator, solver)  # the modules whose Numba kernels compile on a first run

__all__ = [
    "DECISION_MEASURE", "DEFAULT_GAME", "HAND_KINDS", "JOKER", "KERNEL_MODULES", "MAX_COINS", "MEASURE",
    "GameInfo", "GamesList", "PayTable", "ReturnReport", "ReturnRow", "actions", "advice", "all_games",
    "analyze_hand", "card_str", "computer_action", "fraction_str", "game_return", "games", "get_game",
    "hand_label", "hand_str", "hint", "load_games", "new_game", "parse_action", "parse_card", "parse_hand",
    "parse_hold", "pay_text", "paytable_of", "resolve_game", "shipped_games", "solve_game", "step",
]

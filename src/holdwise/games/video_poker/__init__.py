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

from typing import TYPE_CHECKING

from .. import lazy_exports

if TYPE_CHECKING:  # what the names are, for type checkers; at run time each loads on first use
    from ...solver import fraction_str
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
    from .inputs import MAX_CREDITS, MAX_SEED, parse_coins, parse_credits, parse_seed
    from .paytables import (
        DEFAULT_GAME,
        HAND_KINDS,
        MAX_COINS,
        PayTable,
        all_games,
        get_game,
        hand_label,
        load_games,
        max_scaled_pay,
        parse_games,
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

_EXPORTS = {
    'DECISION_MEASURE': '.session',
    'DEFAULT_GAME': '.paytables',
    'GameInfo': '.analysis',
    'GamesList': '.analysis',
    'HAND_KINDS': '.paytables',
    'JOKER': '.cards',
    'KERNEL_MODULES': ('.evaluator', '.solver'),
    'MAX_COINS': '.paytables',
    'MAX_CREDITS': '.inputs',
    'MAX_SEED': '.inputs',
    'MEASURE': '.analysis',
    'PayTable': '.paytables',
    'ReturnReport': '.analysis',
    'ReturnRow': '.analysis',
    'actions': '.session',
    'advice': '.session',
    'all_games': '.paytables',
    'analyze_hand': '.solver',
    'card_str': '.cards',
    'computer_action': '.session',
    'fraction_str': '...solver',
    'game_return': '.analysis',
    'games': '.analysis',
    'get_game': '.paytables',
    'hand_label': '.paytables',
    'hand_str': '.cards',
    'hint': '.analysis',
    'load_games': '.paytables',
    'max_scaled_pay': '.paytables',
    'new_game': '.session',
    'parse_action': '.session',
    'parse_card': '.cards',
    'parse_coins': '.inputs',
    'parse_credits': '.inputs',
    'parse_games': '.paytables',
    'parse_hand': '.cards',
    'parse_hold': '.cards',
    'parse_seed': '.inputs',
    'pay_text': '.paytables',
    'paytable_of': '.session',
    'resolve_game': '.paytables',
    'shipped_games': '.paytables',
    'solve_game': '.solver',
    'step': '.session',
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "DECISION_MEASURE", "DEFAULT_GAME", "HAND_KINDS", "JOKER", "KERNEL_MODULES", "MAX_COINS", "MAX_CREDITS",
    "MAX_SEED", "MEASURE", "GameInfo", "GamesList", "PayTable", "ReturnReport", "ReturnRow", "actions", "advice",
    "all_games", "analyze_hand", "card_str", "computer_action", "fraction_str", "game_return", "games", "get_game",
    "hand_label", "hand_str", "hint", "load_games", "max_scaled_pay", "new_game", "parse_action", "parse_card",
    "parse_coins", "parse_credits", "parse_games", "parse_hand", "parse_hold", "parse_seed", "pay_text",
    "paytable_of", "resolve_game", "shipped_games", "solve_game", "step",
]
